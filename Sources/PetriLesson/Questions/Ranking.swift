import PetriProtocol

/// The leaderboard order of a lesson's active students.
///
/// Highest score first; equal scores share a rank and the next rank skips ("1, 2, 2, 4");
/// within a rank, names in alphabetical order, then ids, so the order is stable.
struct Ranking {
    let entries: [LeaderboardEntry]
    private let positions: [StudentID: Int]

    init(_ students: [Student]) {
        // Sorting positions, not the students themselves: a whole class moves no names or tokens.
        let order = students.indices.filter { !students[$0].isKicked }.sorted { i, j in
            if students[i].boardScore != students[j].boardScore {
                return students[i].boardScore > students[j].boardScore
            }
            if students[i].name != students[j].name { return students[i].name < students[j].name }
            return students[i].id < students[j].id
        }
        let sorted = order.lazy.map { students[$0] }
        var entries: [LeaderboardEntry] = []
        entries.reserveCapacity(sorted.count)
        for (index, student) in sorted.enumerated() {
            let rank = index > 0 && entries[index - 1].score == student.boardScore ? entries[index - 1].rank : index + 1
            entries.append(
                LeaderboardEntry(rank: rank, student: student.id, name: student.name, score: student.boardScore))
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

    /// The top `count` lines and `student`'s own line, without ranking everyone.
    ///
    /// Same order and ranks as a full ``Ranking`` ("1, 1, 3"), in O(students × count): a
    /// joining student's welcome needs only these, and sorting a class of ten thousand for
    /// each of ten thousand joins would be quadratic.
    static func board(of students: [Student], top count: Int, for student: StudentID? = nil) -> Leaderboard {
        func before(_ a: Student, _ b: Student) -> Bool {
            if a.boardScore != b.boardScore { return a.boardScore > b.boardScore }
            if a.name != b.name { return a.name < b.name }
            return a.id < b.id
        }
        var top: [Student] = []
        top.reserveCapacity(count + 1)
        var total = 0
        var you: Student?
        for s in students where !s.isKicked {
            total += 1
            if s.id == student { you = s }
            guard count > 0, top.count < count || before(s, top[top.count - 1]) else { continue }
            let at = top.firstIndex { before(s, $0) } ?? top.count
            top.insert(s, at: at)
            if top.count > count { top.removeLast() }
        }
        var entries: [LeaderboardEntry] = []
        for (index, s) in top.enumerated() {
            let rank = index > 0 && top[index - 1].boardScore == s.boardScore ? entries[index - 1].rank : index + 1
            entries.append(LeaderboardEntry(rank: rank, student: s.id, name: s.name, score: s.boardScore))
        }
        let own = you.map { me in
            LeaderboardEntry(
                rank: 1 + students.reduce(0) { $0 + (!$1.isKicked && $1.boardScore > me.boardScore ? 1 : 0) },
                student: me.id,
                name: me.name, score: me.boardScore)
        }
        return Leaderboard(top: entries, you: own, students: total)
    }
}
