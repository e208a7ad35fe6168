import PetriProtocol
import PetriSimulation

// Copies of protocol values with every string made safe for a terminal. LessonState stores only these.

extension QuestionInfo {
    var sanitised: QuestionInfo {
        var q = self
        q.metric = TerminalText.sanitise(metric, maxCharacters: 64)
        q.metricDescription = TerminalText.sanitise(metricDescription, maxCharacters: 200)
        q.unit = TerminalText.sanitise(unit, maxCharacters: 24)
        q.prompt = prompt.map { TerminalText.sanitise($0, maxCharacters: 200) }
        if case .choice(let options) = kind {
            q.kind = .choice(
                options: options.map { ChoiceOption(TerminalText.sanitise($0.label, maxCharacters: 40), when: $0.when) }
            )
        }
        return q
    }
}

extension LeaderboardEntry {
    var sanitised: LeaderboardEntry {
        var e = self
        e.name = TerminalText.sanitise(name, maxCharacters: DisplayNameRules.maxCharacters)
        return e
    }
}

extension Leaderboard {
    var sanitised: Leaderboard {
        Leaderboard(top: top.map(\.sanitised), you: you?.sanitised, students: students)
    }
}

extension RosterEntry {
    var sanitised: RosterEntry {
        var e = self
        e.name = TerminalText.sanitise(name, maxCharacters: DisplayNameRules.maxCharacters)
        return e
    }
}

extension StudentProfile {
    var sanitised: StudentProfile {
        var p = self
        p.name = TerminalText.sanitise(name, maxCharacters: DisplayNameRules.maxCharacters)
        p.requestedName = requestedName.map { TerminalText.sanitise($0, maxCharacters: DisplayNameRules.maxCharacters) }
        return p
    }
}

extension MetricDescriptor {
    var sanitised: MetricDescriptor {
        MetricDescriptor(
            name: TerminalText.sanitise(name, maxCharacters: 64),
            description: TerminalText.sanitise(description, maxCharacters: 200),
            unit: TerminalText.sanitise(unit, maxCharacters: 24), range: range, isYesNo: isYesNo)
    }
}

extension Resolution {
    var sanitised: Resolution {
        var r = self
        r.leaderboard = leaderboard.sanitised
        return r
    }
}

extension PersonalResult {
    var sanitised: PersonalResult {
        var r = self
        r.standing = standing.sanitised
        return r
    }
}
