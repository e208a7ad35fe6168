import PetriProtocol

/// The leaderboard's top lines and every active student's score in order, kept by ``Roster``
/// between score changes so that a joining student's welcome costs no pass over the class.
///
/// A join storm welcomes thousands of students while no score changes: ranking the whole class
/// (or even one pass over it with name comparisons) for each of them is quadratic and held the
/// lesson for seconds. Scores change only at a resolution or a kick, which drop the cache; the
/// next join rebuilds it once. It is derived state: two rosters with the same students are
/// equal whatever their caches hold.
struct BoardCache: Sendable, Hashable {
    /// How many top lines `top` holds (the lesson's leaderboard size).
    var size: Int
    /// The best `size` active students, in leaderboard order.
    var top: [Student]
    /// Every active student's score, ascending.
    var scores: [Int]

    /// Builds the cache from scratch (O(n log n)).
    init(of students: [Student], top size: Int) {
        self.size = size
        let board = Ranking.board(of: students, top: size)
        top = board.top.compactMap { entry in
            let index = entry.student.rawValue - 1
            return students.indices.contains(index) ? students[index] : nil
        }
        scores = students.lazy.filter { !$0.isKicked }.map(\.boardScore).sorted()
    }

    /// The order of ``Ranking``: higher score first, then name, then id.
    static func before(_ a: Student, _ b: Student) -> Bool {
        if a.boardScore != b.boardScore { return a.boardScore > b.boardScore }
        if a.name != b.name { return a.name < b.name }
        return a.id < b.id
    }

    /// Takes in a new active student (O(size + log n), plus moving the scores after theirs).
    mutating func add(_ student: Student) {
        let at = lowerBound(of: student.boardScore)
        scores.insert(student.boardScore, at: at)
        guard size > 0, top.count < size || Self.before(student, top[top.count - 1]) else { return }
        let place = top.firstIndex { Self.before(student, $0) } ?? top.count
        top.insert(student, at: place)
        if top.count > size { top.removeLast() }
    }

    /// The same board as ``Ranking/board(of:top:for:)`` for the students this cache was built from.
    func board(for student: Student?) -> Leaderboard {
        var entries: [LeaderboardEntry] = []
        entries.reserveCapacity(top.count)
        for (index, s) in top.enumerated() {
            let rank = index > 0 && top[index - 1].boardScore == s.boardScore ? entries[index - 1].rank : index + 1
            entries.append(LeaderboardEntry(rank: rank, student: s.id, name: s.name, score: s.boardScore))
        }
        let own = student.flatMap { me -> LeaderboardEntry? in
            guard !me.isKicked else { return nil }
            let above = scores.count - upperBound(of: me.boardScore)
            return LeaderboardEntry(rank: 1 + above, student: me.id, name: me.name, score: me.boardScore)
        }
        return Leaderboard(top: entries, you: own, students: scores.count)
    }

    /// The first index whose score is not below `score`.
    private func lowerBound(of score: Int) -> Int {
        var (low, high) = (0, scores.count)
        while low < high {
            let mid = (low + high) / 2
            if scores[mid] < score { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The first index whose score is above `score`.
    private func upperBound(of score: Int) -> Int {
        var (low, high) = (0, scores.count)
        while low < high {
            let mid = (low + high) / 2
            if scores[mid] <= score { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// Holds a value that does not take part in equality or hashing (derived state such as a cache).
struct Uncompared<Value: Sendable>: Sendable, Hashable {
    var value: Value

    static func == (_: Self, _: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
