import PetriProtocol
import PetriWords

/// What `hunts` lists in the teacher's console: the hunt's record from the lesson report's data (PROTOCOL.md 5.6),
/// the same sentences as the report's printable page, from the same placeholders
/// (``ReportData/HuntRound/wordArguments``): per round, the colours caught against those left alive and the
/// background, how far from it each lay, the class's selection differential, under `selection: both` what the formula
/// also took, and the formula's replicate beside it; then each student's catches in that round.
enum HuntRecordLines {
    /// The console's lines for `data`, in `language`.
    static func lines(_ data: ReportData, in language: Language) -> [(text: String, kind: Notice.Kind)] {
        guard let hunts = data.hunts, !hunts.isEmpty else {
            return [(TerminalWords.text("terminal.hunts.none", in: language), .info)]
        }
        var names: [StudentID: String] = [:]
        for student in data.students { names[student.student] = TerminalText.sanitise(student.name, maxCharacters: 40) }
        var lines: [(String, Notice.Kind)] = [(TerminalWords.text("terminal.hunts.heading", in: language), .success)]
        for round in hunts {
            lines.append((TerminalWords.text("terminal.hunts.round", round.wordArguments, in: language), .info))
            let top = round.traitMin + round.binWidth * round.aliveBins.count
            lines.append(
                (
                    TerminalWords.text(
                        "terminal.hunts.bands",
                        [
                            "low": .int(round.traitMin), "high": .int(top), "width": .int(round.binWidth),
                            "caught": .text(round.caughtBins.map(String.init).joined(separator: " ")),
                            "alive": .text(round.aliveBins.map(String.init).joined(separator: " ")),
                        ], in: language), .info
                ))
            if let also = round.formulaAlso {
                lines.append(
                    (
                        TerminalWords.text(
                            "terminal.hunts.formulaAlso", ReportData.HuntRound.wordArguments(also), in: language),
                        .info
                    ))
            }
            if let formula = round.formula {
                lines.append(
                    (
                        TerminalWords.text(
                            "terminal.hunts.formula", ReportData.HuntRound.wordArguments(formula), in: language),
                        .info
                    ))
            }
            for student in round.students {
                var arguments = ReportData.HuntRound.wordArguments(student)
                arguments["name"] = .text(names[student.student] ?? "#\(student.student.rawValue)")
                lines.append((TerminalWords.text("terminal.hunts.student", arguments, in: language), .info))
            }
        }
        return lines
    }
}
