import PetriProtocol

/// The students of a lesson, by id, by token and by name.
struct Roster: Sendable, Hashable {
    /// Index = id - 1 (ids are handed out 1, 2, 3, ...).
    private(set) var students: [Student] = []
    private var idsByToken: [AccessToken: StudentID] = [:]
    private var nameKeys: Set<String> = []
    /// Kept in step with `students` by ``update(_:_:)``, so counts need no scan.
    private(set) var kickedCount = 0
    /// How many students are connected, kept in step like `kickedCount`.
    private(set) var onlineCount = 0
    /// The leaderboard between score changes (see ``BoardCache``); nil until asked for, and
    /// again after any score changes or anyone is kicked.
    private var boardCache = Uncompared<BoardCache?>(value: nil)
    /// What the leaderboard ranks by (the lesson's `rankBy` option); each student's `boardScore` follows it.
    private(set) var rankBy = LessonOptions.RankBy.points

    init() {}

    /// Reassembles a roster from its students, in id order (ids 1, 2, 3, ... with distinct tokens).
    ///
    /// - Returns: nil when the ids are not 1, 2, 3, ... or two students share a token.
    init?(restoring students: [Student]) {
        for (index, student) in students.enumerated() {
            guard student.id.rawValue == index + 1, idsByToken[student.token] == nil else { return nil }
            self.students.append(student)
            idsByToken[student.token] = student.id
            if !student.isErased { nameKeys.insert(DisplayName.key(student.name)) }
            if student.isKicked { kickedCount += 1 }
            if student.isOnline { onlineCount += 1 }
        }
    }

    subscript(id: StudentID) -> Student? {
        let index = id.rawValue - 1
        return students.indices.contains(index) ? students[index] : nil
    }

    /// How many students were not kicked.
    var activeCount: Int { students.count - kickedCount }

    func student(withToken token: AccessToken) -> Student? {
        idsByToken[token].flatMap { self[$0] }
    }

    func containsToken(_ token: AccessToken) -> Bool { idsByToken[token] != nil }

    func isNameTaken(_ key: String) -> Bool { nameKeys.contains(key) }

    /// How many names were looked up to make names unique since the roster was built (the cost of
    /// ``uniqueName(_:)``, which tests bound).
    private(set) var nameLookups = Uncompared(value: 0)

    /// For each name asked for again, the suffix its next search starts from. Names are never
    /// freed, so every lower suffix stays taken: the result is the first free one, as from 2, and
    /// the 10,000th "Sam" costs a look-up or two instead of 10,000 (a rebuilt roster starts
    /// empty and pays one pass per name the first time, then the same).
    private var nextSuffix = Uncompared<[String: Int]>(value: [:])

    /// `base` (cleaned, non-empty) made unique in this lesson: itself if free, else `base 2`,
    /// `base 3`, ... the first free one (``DisplayName/unique(_:from:isTaken:)``), in constant
    /// time per join however many asked for the same name.
    mutating func uniqueName(_ base: String) -> String {
        var lookups = 0
        defer { nameLookups.value += lookups }
        let baseKey = DisplayName.key(base)
        var from = nextSuffix.value[baseKey] ?? 2
        let name = DisplayName.unique(base, from: &from) { key in
            lookups += 1
            return nameKeys.contains(key)
        }
        if name != base { nextSuffix.value[baseKey] = from }
        return name
    }

    /// Adds a student whose name is already clean and unique.
    mutating func add(name: String, token: AccessToken, entry: Int) -> Student {
        let student = Student(id: StudentID(students.count + 1), name: name, token: token, joinedInEntry: entry)
        students.append(student)
        idsByToken[token] = student.id
        nameKeys.insert(DisplayName.key(name))
        if student.isOnline { onlineCount += 1 }
        boardCache.value?.add(student)
        return student
    }

    /// Changes one student; unknown ids are ignored.
    mutating func update(_ id: StudentID, _ change: (inout Student) -> Void) {
        let index = id.rawValue - 1
        guard students.indices.contains(index) else { return }
        let before = students[index]
        change(&students[index])
        students[index].boardScore = rankBy == .expected ? students[index].expectedScore : students[index].score
        let after = students[index]
        if after.isKicked != before.isKicked { kickedCount += before.isKicked ? -1 : 1 }
        if after.isOnline != before.isOnline { onlineCount += before.isOnline ? -1 : 1 }
        if after.boardScore != before.boardScore || after.isKicked != before.isKicked || after.name != before.name {
            boardCache.value = nil
        }
    }

    /// The top `size` lines and `student`'s own line, as ``Ranking/board(of:top:for:)`` gives
    /// them: from the cache when it holds that many lines, else with one pass over the class.
    func board(top size: Int, for student: StudentID?) -> Leaderboard {
        guard let cache = boardCache.value, cache.size == size else {
            return Ranking.board(of: students, top: size, for: student)
        }
        return cache.board(for: student.flatMap { self[$0] })
    }

    /// Ranks by `rankBy` from now on (set once when the lesson is made or restored).
    mutating func rank(by rankBy: LessonOptions.RankBy) {
        self.rankBy = rankBy
        for index in students.indices {
            students[index].boardScore = rankBy == .expected ? students[index].expectedScore : students[index].score
        }
        boardCache.value = nil
    }

    /// Erases a student: their name goes (and with it the name's claim), they are removed for good
    /// and offline. Their id, score and answers stay, as a nameless slot; unknown ids are ignored.
    mutating func erase(_ id: StudentID) {
        guard let student = self[id], !student.isErased else { return }
        nameKeys.remove(DisplayName.key(student.name))
        nextSuffix.value[DisplayName.key(student.name)] = nil
        update(id) { student in
            student.name = ""
            student.isKicked = true
            student.isOnline = false
        }
    }

    /// Builds the board cache for `size` lines if it is not there (before a run of welcomes).
    mutating func prepareBoard(top size: Int) {
        guard boardCache.value?.size != size else { return }
        boardCache.value = BoardCache(of: students, top: size)
    }

    /// Nobody is connected any more (the server closed every connection at the end), sessions
    /// unchanged.
    mutating func markAllDisconnected() {
        for index in students.indices { students[index].isOnline = false }
        onlineCount = 0
    }

    /// After a restart nobody is connected, and attachments are counted afresh.
    ///
    /// Resumes are not logged, so a lesson replayed from its log has every session at 1; one
    /// restored from a saved state must match it, whatever sessions it was saved with.
    mutating func markAllOffline() {
        for index in students.indices {
            students[index].isOnline = false
            students[index].session = 1
        }
        onlineCount = 0
    }
}
