import PetriWords

/// The placeholders of the sentences that say what a hunt round did, filled once for every reader: the report's
/// printable page (PetriLesson's catalogs) and the teacher's terminal (PetriTerminal's) put the same numbers, rounded
/// the same way, into their own words.
extension ReportData.HuntRound {
    /// A number to one decimal place (`–` when there is none).
    package static func tenths(_ value: Double?) -> WordArgument {
        value.map { .decimal(NumberText.format(($0 * 10).rounded() / 10)) } ?? .text("–")
    }

    /// A change to one decimal place, with its sign (`+1.5`, `-0.4`, `0`).
    package static func signed(_ value: Double?) -> WordArgument {
        guard let value, (value * 10).rounded() > 0 else { return tenths(value) }
        return .text("+" + NumberText.format((value * 10).rounded() / 10))
    }

    /// Creatures the class caught in the round.
    package var caught: Int { caughtBins.reduce(0, +) }

    /// The round sentence's placeholders: `round`, `generation`, `caught`, `total`, `caughtMean`, `aliveMean`,
    /// `background`, `caughtDistance`, `aliveDistance`, `differential`.
    package var wordArguments: [String: WordArgument] {
        [
            "round": .int(round), "generation": .int(generation), "caught": .int(caught),
            "total": .int(caught + aliveBins.reduce(0, +)), "caughtMean": Self.tenths(caughtMean),
            "aliveMean": Self.tenths(aliveMean), "background": Self.tenths(background),
            "caughtDistance": Self.tenths(caughtConspicuousness), "aliveDistance": Self.tenths(aliveConspicuousness),
            "differential": Self.signed(differential),
        ]
    }

    /// The placeholders of a sentence about a formula's selection (the replicate's, or under `both` what the formula
    /// also took): `deaths`, `deadMean`, `deadDistance`, `differential`.
    package static func wordArguments(_ formula: ReportData.FormulaSelection) -> [String: WordArgument] {
        [
            "deaths": .int(formula.deaths), "deadMean": tenths(formula.deadMean),
            "deadDistance": tenths(formula.deadConspicuousness), "differential": signed(formula.differential),
        ]
    }

    /// A student's catches in the round: `catches`, `distance` (their mean distance from the background).
    package static func wordArguments(_ student: ReportData.HuntCatches) -> [String: WordArgument] {
        ["catches": .int(student.catches), "distance": tenths(student.conspicuousness)]
    }
}
