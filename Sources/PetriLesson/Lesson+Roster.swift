import PetriProtocol
import PetriSimulation
import PetriWords

extension Lesson {
    /// A new student joins: a clean, unique name (or a generated one) and the server's token.
    mutating func join(name typed: String?, token: AccessToken) throws(ProtocolError) -> [Effect] {
        guard !roster.containsToken(token) else {
            throw ProtocolError(.internalError, LessonWords.word("lesson.join.tokenInUse"))
        }
        let name: String
        var requested: String?
        switch configuration.options.names {
        case .free:
            guard let typed else {
                throw ProtocolError(.missingField, LessonWords.word("lesson.join.nameMissing"))
            }
            let cleaned = DisplayName.clean(typed)
            guard !cleaned.isEmpty else {
                throw ProtocolError(.invalidName, LessonWords.word("lesson.join.nameEmpty"))
            }
            name = roster.uniqueName(cleaned)
            if name != cleaned { requested = cleaned }
        case .generated:
            name = roster.uniqueName(GeneratedNames.draw(using: &nameRandom, isTaken: roster.isNameTaken))
        }
        // The board is kept up to date from here on, so each welcome of a storm costs no pass over the class.
        roster.prepareBoard(top: configuration.options.leaderboardSize)
        keepParametersJSON()
        let student = roster.add(name: name, token: token, entry: logSequence + 1)
        facts.append(.joined(student.id, name: name, token: token))
        return [.attach(.student(student.id), session: student.session)]
            + welcomeEffects(for: .student(student.id), token: token, lastSeen: nil, requestedName: requested)
            + [.send(.student(student.entry), to: .teacher), classSizeEffect]
    }

    /// A student comes back with their resume token: same identity, score, streak and answers.
    mutating func resume(token: AccessToken, lastSeen: TimelinePosition?) throws(ProtocolError) -> [Effect] {
        guard let found = roster.student(withToken: token) else {
            throw ProtocolError(
                .unknownToken, LessonWords.word("lesson.resume.unknownToken"))
        }
        guard !found.isKicked else {
            throw ProtocolError(.kicked, LessonWords.word("lesson.student.kicked"))
        }
        var effects: [Effect] = []
        if found.isOnline { effects.append(.disconnect(found.id, .replaced)) }
        roster.update(found.id) { student in
            student.session += 1
            student.isOnline = true
        }
        guard let student = roster[found.id] else { return effects }
        roster.prepareBoard(top: configuration.options.leaderboardSize)
        keepParametersJSON()
        effects.append(.attach(.student(student.id), session: student.session))
        effects += welcomeEffects(for: .student(student.id), token: nil, lastSeen: lastSeen)
        effects.append(.send(.student(student.entry), to: .teacher))
        effects.append(classSizeEffect)
        return effects
    }

    /// The teacher attaches (from any number of connections) with the teacher token.
    func attachTeacher(token: AccessToken, lastSeen: TimelinePosition?) throws(ProtocolError) -> [Effect] {
        guard token == teacherToken else {
            throw ProtocolError(.unknownToken, LessonWords.word("lesson.teach.unknownToken"))
        }
        return [.attach(.teacher, session: 0)] + welcomeEffects(for: .teacher, token: nil, lastSeen: lastSeen)
            + (plan.map { [.reply(.plan($0.state))] } ?? [])
    }

    /// A read-only observer (the projector) attaches with the teacher token.
    func attachObserver(token: AccessToken, lastSeen: TimelinePosition?) throws(ProtocolError) -> [Effect] {
        guard token == teacherToken else {
            throw ProtocolError(.unknownToken, LessonWords.word("lesson.observe.unknownToken"))
        }
        return [.attach(.observer, session: 0)] + welcomeEffects(for: .observer, token: nil, lastSeen: lastSeen)
    }

    /// How many students joined (not removed) and how many are connected.
    var classSize: ClassSize {
        ClassSize(joined: roster.activeCount, online: roster.onlineCount)
    }

    /// Tells observers the class's size (after a join, a return, a departure or a removal).
    var classSizeEffect: Effect { .send(.classSize(classSize), to: .observers) }

    /// A student's connection closed; ignored if they have since attached again.
    mutating func left(_ id: StudentID, session: Int) -> [Effect] {
        guard let student = roster[id], student.session == session, student.isOnline else { return [] }
        roster.update(id) { $0.isOnline = false }
        spotters.value.remove(id)
        return (roster[id].map { [.send(.student($0.entry), to: .teacher)] } ?? []) + [classSizeEffect]
    }

    /// The teacher removes a student for good: disconnected, unranked, token refused from now on.
    mutating func kick(_ id: StudentID) throws(ProtocolError) -> [Effect] {
        guard let student = roster[id], !student.isKicked else {
            throw ProtocolError(
                .unknownStudent, LessonWords.word("lesson.student.unknownOrRemoved", ["student": .int(id.rawValue)]))
        }
        roster.update(id) { student in
            student.isKicked = true
            student.isOnline = false
        }
        spotters.value.remove(id)
        facts.append(.kicked(id))
        var effects: [Effect] = []
        if student.isOnline { effects.append(.disconnect(id, .kicked)) }
        if let entry = roster[id]?.entry { effects.append(.send(.student(entry), to: .teacher)) }
        effects.append(.broadcast(.leaderboard(leaderboard())))
        if configuration.options.leaderboard != .names {
            // The broadcast hid names; the teacher's own board keeps them.
            let ranking = Ranking(roster.students)
            effects.append(.send(.leaderboard(ranking.board(top: ranking.entries.count)), to: .teacher))
        }
        effects.append(classSizeEffect)
        return effects
    }

    /// Marks everyone offline: after a restart, no connection is attached.
    mutating func markEveryoneOffline() { roster.markAllOffline() }
}
