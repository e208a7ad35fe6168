import PetriProtocol

/// The leaderboard order of a lesson's active students.
///
/// Highest score first; equal scores share a rank and the next rank skips ("1, 2, 2, 4");
/// within a rank, names in alphabetical order, then ids, so the order is stable.
struct Ranking {
    let entries: [LeaderboardEntry]
    private let positions: [StudentID: Int]

    init(_ students: [Student]) {
        let sorted = students.filter { !$0.isKicked }.sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.name != b.name { return a.name < b.name }
            return a.id < b.id
        }
        var entries: [LeaderboardEntry] = []
        entries.reserveCapacity(sorted.count)
        for (index, student) in sorted.enumerated() {
            let rank = index > 0 && sorted[index - 1].score == student.score ? entries[index - 1].rank : index + 1
            entries.append(LeaderboardEntry(rank: rank, student: student.id, name: student.name, score: student.score))
        }
        self.entries = entries
        positions = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.student, $0) })
    }

    /// A student's line (nil for kicked or unknown students).
    func entry(for student: StudentID) -> LeaderboardEntry? { positions[student].map { entries[$0] } }

    /// The top `count` lines and, for a student, their own line.
    func board(top count: Int, for student: StudentID? = nil) -> Leaderboard {
        Leaderboard(top: Array(entries.prefix(count)), you: student.flatMap(entry(for:)), students: entries.count)
    }
}
