import PetriProtocol

/// The terminal's sentences of expected points, in one place for the words catalog.
enum ExpectedWords {
    /// "Your prediction would have scored 820 on average over 100 runs that could have happened; this time it
    /// scored 310." for a student with expected points, else the class's average; nil without either.
    static func line(result: PersonalResult?, resolution: Resolution) -> String? {
        if let expected = result?.expected, let points = expected.points, let base = result?.points.base {
            return "Your prediction would have scored \(points) on average over \(expected.replicates) runs that could "
                + "have happened; this time it scored \(base)."
        }
        guard let mean = resolution.expected?.classMean else { return nil }
        return
            "The class's predictions would have scored \(mean) on average over \(resolution.expected?.replicates ?? 0) "
            + "runs that could have happened."
    }
}
