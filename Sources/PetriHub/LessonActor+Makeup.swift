import Foundation
import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriTransport
import PetriWords

/// What the hub asks of a lesson's make-up (``RunningLesson/makeup(_:from:language:)``).
enum MakeupRequest: Sendable {
    /// The teacher opens (or reopens, or changes the end of) the make-up.
    case open(until: Timestamp?)
    /// The teacher closes it.
    case close
    /// A teacher connection attached: it gets `makeup` and the make-up students' roster lines.
    case teacherAttached
    /// A new make-up student, with the raw resume token minted for them.
    case join(name: String?, token: AccessToken)
    /// A make-up student comes back with their token.
    case resume(token: AccessToken)
    /// One of a make-up student's messages (`answer`, `hint`, `makeupNext`, `makeupPace`).
    case message(ClientMessage)
    /// A make-up student's connection asked for its words in another language.
    case language(Language)
}

/// One make-up student while the lesson's actor holds them.
struct MakeupStudent: Sendable {
    var play: MakeupPlay
    var tokenHash: TokenHash
    var joinedAt: Timestamp
    var pace: MakeupPace = .own
    var seconds: Int?
    var connection: ConnectionID?
    var language: Language?
    /// When they last moved on (what `class` and `auto` pace count from).
    var movedAt: Timestamp
    var timer: Task<Void, Never>?
}

/// A lesson's make-up in its actor: the stored record, the class's reel (built once, when the first student
/// needs it, from the stored log, and kept up to date as the class goes on), its students and their connections.
struct MakeupBook<Model: SteppingModel>: Sendable {
    /// Whether the record and students were read from storage.
    var loaded = false
    var record: MakeupRecord?
    var reel: MakeupReel<Model>?
    /// The welcome every make-up student starts from (the lesson as it began).
    var start: Welcome?
    var students: [StudentID: MakeupStudent] = [:]
    var byConnection: [ConnectionID: StudentID] = [:]
    /// Ends the make-up at its until-date.
    var expiry: Task<Void, Never>?

    /// Students whose last moves (position only, ``MakeupPlay/onlyMoved(since:)``) are not stored yet: they go
    /// together in one transaction a moment later (``LessonActor/storeMakeupPositions()``).
    var unstored: Set<StudentID> = []
    /// The pending write of `unstored`.
    var positionWrite: Task<Void, Never>?
    /// The write of positions under way (a student's own write waits for it).
    var positionWriting: Task<Void, any Error>?
    /// How long a position-only move waits to be stored with the others'.
    static var positionDelayMilliseconds: Int { 1_000 }

    /// The reel's frames as sent (``EncodedReel``): each of the class's moments is encoded once for all its make-up
    /// students, as the class's own broadcast is.
    var encoded = EncodedReel()

    /// Ids handed to joins whose record is being stored (a join waits for its write, and another may
    /// arrive meanwhile).
    var joining: Set<StudentID> = []

    /// Make-up ids start here, past any class's.
    static var firstId: Int { 1_000_001 }

    /// A new student's id, past every stored or joining one, reserved until ``settle(_:)``: two joins that
    /// overlap while their records are stored get different ids (counting students gave both the same one,
    /// and the second's record overwrote the first's).
    mutating func reserveId() -> StudentID {
        let taken = students.keys.map(\.rawValue) + joining.map(\.rawValue)
        let id = StudentID(max(Self.firstId, (taken.max() ?? 0) + 1))
        joining.insert(id)
        return id
    }

    /// Ends a reservation, whether its join was stored or refused.
    mutating func settle(_ id: StudentID) { joining.remove(id) }
}

extension LessonActor {
    /// Serves one make-up request; nil when it was answered, else the refusal for the hub to send.
    func makeup(_ request: MakeupRequest, from connection: ConnectionID, language: Language?) async -> ProtocolError? {
        guard !stopped else { return stoppedBecause }
        if let error = await loadMakeups() { return error }
        let now = services.clock.now()
        switch request {
        case .open(let until):
            guard teacherList.contains(connection) else {
                return ProtocolError(.notAuthorised, HubWords.word("hub.makeup.teacherOnly"))
            }
            return await openMakeup(until: until, at: now)
        case .close:
            guard teacherList.contains(connection) else {
                return ProtocolError(.notAuthorised, HubWords.word("hub.makeup.teacherOnly"))
            }
            guard let record = makeups.record, isOpen(record, at: now) else {
                return ProtocolError(.makeupClosed, HubWords.word("hub.makeup.noneOpen"))
            }
            var closed = record
            closed.closed = true
            do {
                try await makeupStorage?.saveMakeup(closed)
            } catch {
                return unsaved(error)
            }
            makeups.record = closed
            endMakeupSessions(HubWords.word("hub.makeup.closedByTeacher"))
            tellTeachersOfMakeup(at: now)
            return nil
        case .teacherAttached:
            guard makeups.record != nil else { return nil }
            tellTeachersOfMakeup(at: now, only: [connection])
            flushOutbox()
            return nil
        case .join(let name, let token):
            if let refusal = refusalOfEntry(at: now) { return refusal }
            return await joinMakeup(name: name, token: token, connection: connection, language: language, at: now)
        case .resume(let token):
            if let refusal = refusalOfEntry(at: now) { return refusal }
            guard let id = makeups.students.first(where: { $0.value.tokenHash.matches(token.secret) })?.key else {
                return ProtocolError(.unknownMakeup, HubWords.word("hub.makeup.badToken"))
            }
            return await resumeMakeup(id, connection: connection, language: language, at: now)
        case .message(let message):
            guard let id = makeups.byConnection[connection] else {
                return ProtocolError(.notJoined, HubWords.word("hub.session.notJoined"))
            }
            return await makeupMessage(message, from: id, at: now)
        case .language(let language):
            if let id = makeups.byConnection[connection] { makeups.students[id]?.language = language }
            return nil
        }
    }

    /// A make-up student's connection closed: their pace stops until they come back.
    func makeupConnectionClosed(_ connection: ConnectionID) {
        guard let id = makeups.byConnection.removeValue(forKey: connection) else { return }
        makeups.students[id]?.connection = nil
        makeups.students[id]?.timer?.cancel()
        makeups.students[id]?.timer = nil
        sendRosterLine(of: id)
        flushOutbox()
    }

    func stopMakeupTimers() {
        makeups.expiry?.cancel()
        makeups.positionWrite?.cancel()
        makeups.positionWrite = nil
        for id in makeups.students.keys {
            makeups.students[id]?.timer?.cancel()
            makeups.students[id]?.timer = nil
        }
    }

    // MARK: - Opening and closing

    var makeupStorage: (any MakeupStorage)? { services.storage as? any MakeupStorage }

    func isOpen(_ record: MakeupRecord, at now: Timestamp) -> Bool {
        !record.closed && (record.until.map { now < $0 } ?? true)
    }

    func refusalOfEntry(at now: Timestamp) -> ProtocolError? {
        guard let record = makeups.record else {
            return ProtocolError(.unknownMakeup, HubWords.word("hub.makeup.unknown"))
        }
        if record.closed { return ProtocolError(.makeupClosed, HubWords.word("hub.makeup.closed")) }
        if let until = record.until, now >= until {
            return ProtocolError(.makeupClosed, HubWords.word("hub.makeup.expired", ["date": .text("\(until)")]))
        }
        return nil
    }

    func openMakeup(until: Timestamp?, at now: Timestamp) async -> ProtocolError? {
        if let until, until <= now {
            return ProtocolError(.outOfRange, HubWords.word("hub.makeup.untilPast"))
        }
        var record: MakeupRecord
        if let earlier = makeups.record {
            record = earlier
            if !isOpen(earlier, at: now) { record.openedAt = now }
            record.closed = false
            record.until = until
        } else {
            var code: JoinCode
            var random = SystemRandomNumberGenerator()
            repeat {
                code = JoinCode.random(using: &random)
            } while (try? await makeupStorage?.makeup(code: code)) != nil
            record = MakeupRecord(
                lessonId: self.record.id, lessonCode: self.record.code, code: code, openedAt: now, until: until,
                closed: false)
        }
        do {
            try await makeupStorage?.saveMakeup(record)
        } catch {
            return unsaved(error)
        }
        makeups.record = record
        armExpiry()
        tellTeachersOfMakeup(at: now)
        return nil
    }

    /// Ends the make-up at its until-date (its record says when; reopening re-arms it).
    func armExpiry() {
        makeups.expiry?.cancel()
        guard let until = makeups.record?.until, makeups.record?.closed == false else { return }
        let clock = services.clock
        makeups.expiry = Task {
            do { try await clock.sleep(until: until) } catch { return }
            guard !Task.isCancelled else { return }
            self.makeupExpired(until)
        }
    }

    func makeupExpired(_ until: Timestamp) {
        guard let record = makeups.record, record.until == until, !record.closed else { return }
        endMakeupSessions(HubWords.word("hub.makeup.expired", ["date": .text("\(until)")]))
        tellTeachersOfMakeup(at: services.clock.now())
        flushOutbox()
    }

    /// Tells every make-up student online why it ended and closes their connections (their play is kept).
    func endMakeupSessions(_ why: Word) {
        for (id, student) in makeups.students {
            student.timer?.cancel()
            makeups.students[id]?.timer = nil
            guard let connection = student.connection else { continue }
            send(.makeupClosed(message: why.text(in: student.language ?? lessonLanguage)), to: connection)
            outbox.append(
                .close(
                    connection, code: CloseCode(rawValue: LessonCloseCode.makeupClosed.rawValue),
                    reason: "The make-up is closed."))
            makeups.students[id]?.connection = nil
            makeups.byConnection[connection] = nil
        }
        flushOutbox()
    }

    func tellTeachersOfMakeup(at now: Timestamp, only: Set<ConnectionID>? = nil) {
        guard let record = makeups.record else { return }
        let info = MakeupInfo(
            code: record.code, link: MakeupInfo.link(for: record.code), open: isOpen(record, at: now),
            openedAt: record.openedAt, until: record.until, students: makeups.students.count)
        let to = Array(only ?? teacherList)
        send(.makeup(info), toAll: to)
        for id in makeups.students.keys.sorted() { sendRosterLine(of: id, to: to) }
        flushOutbox()
    }

    func sendRosterLine(of id: StudentID, to connections: [ConnectionID]? = nil) {
        guard let student = makeups.students[id] else { return }
        let entry = RosterEntry(
            student: id, name: student.play.name, online: student.connection != nil, kicked: false,
            score: student.play.score, streak: student.play.streak, makeup: student.joinedAt)
        send(.student(entry), toAll: connections ?? Array(teacherList))
    }

    /// The make-up students as the report and the results show them (read from storage first if need be).
    func makeupLines() async -> [MakeupLine] {
        _ = await loadMakeups()
        return makeups.students.values.map { MakeupLine(play: $0.play, joinedAt: $0.joinedAt) }
    }

    /// The class's `board` as the lesson shows it: with the make-up students ranked among the class when the lesson
    /// ranks them `withClass` (the board the lesson made, unchanged, when it ranks them apart or has none).
    func withMakeups(_ board: Leaderboard, forTeacher: Bool) -> Leaderboard {
        guard lessonConfiguration.options.makeupRanking == .withClass, !makeups.students.isEmpty else { return board }
        let lines = makeups.students.values.map { MakeupLine(play: $0.play, joinedAt: $0.joinedAt) }
        return lesson.leaderboard(
            including: lines, top: forTeacher ? nil : lessonConfiguration.options.leaderboardSize,
            forTeacher: forTeacher)
    }

    /// A make-up student's score changed: in a lesson that ranks make-ups `withClass`, the class's leaderboard changes
    /// with it (everyone gets it; the teacher's whole board too when students see less than names).
    func makeupScoreChanged() {
        guard lessonConfiguration.options.makeupRanking == .withClass else { return }
        let empty = Leaderboard(top: [], you: nil, students: 0)
        send(.leaderboard(withMakeups(empty, forTeacher: false)), toAll: everyoneList)
        if lessonConfiguration.options.leaderboard != .names {
            send(.leaderboard(withMakeups(empty, forTeacher: true)), toAll: Array(teacherList))
        }
    }

    // MARK: - Loading: the record, the students, the reel

    /// Reads the make-up and its students from storage, once.
    func loadMakeups() async -> ProtocolError? {
        guard !makeups.loaded else { return nil }
        guard let storage = makeupStorage else {
            makeups.loaded = true
            return nil
        }
        do {
            let record = try await storage.makeup(ofLesson: self.record.id)
            let stored = try await storage.makeupStudents(ofLesson: self.record.id)
            guard !makeups.loaded else { return nil }  // another request loaded them meanwhile
            makeups.record = record
            for row in stored {
                guard let play = try? JSONDecoder().decode(MakeupPlay.self, from: Data(row.play.utf8)) else {
                    logger.error(
                        "A make-up student's stored play does not read", metadata: ["student": "\(row.student)"])
                    continue
                }
                let (pace, seconds) = Self.pace(from: row.pace)
                makeups.students[StudentID(row.student)] = MakeupStudent(
                    play: play, tokenHash: row.tokenHash, joinedAt: row.joinedAt, pace: pace, seconds: seconds,
                    movedAt: services.clock.now())
            }
            makeups.loaded = true
            armExpiry()
            return nil
        } catch {
            return ProtocolError(.internalError, HubWords.word("hub.makeup.unavailable"))
        }
    }

    /// The class's reel, built from the stored log the first time a make-up student needs it, then kept up to
    /// date by ``makeupsFollow(_:)``.
    func reel() async -> MakeupReel<Model>? {
        if let reel = makeups.reel { return reel }
        do {
            var log = try await services.storage.log(ofLesson: record.id)
            if let reel = makeups.reel { return reel }  // built meanwhile
            var built = try MakeupReel<Model>(
                definition: record.definition, teacherToken: record.teacherToken, configuration: record.configuration,
                log: [], source: source, startedAt: record.createdAt)
            // Entries stored while the log was read arrive through `makeupsFollow` only once the reel exists.
            while true {
                for entry in log where entry.sequence > built.lastLogSequence { try built.append(entry) }
                guard built.lastLogSequence < lesson.lastLogSequence else { break }
                log = try await services.storage.log(ofLesson: record.id)
                guard log.last.map({ $0.sequence > built.lastLogSequence }) == true else { break }
            }
            if let reel = makeups.reel { return reel }
            makeups.reel = built
            let start = try Lesson<Model>(
                definition: record.definition, teacherToken: record.teacherToken, configuration: record.configuration,
                source: source)
            let model = start.model
            makeups.start = Welcome(
                role: .student, you: nil, model: model.kind, metrics: model.metrics,
                parameters: (try? JSONValue(encoding: model.parameters)) ?? .null,
                position: built.stops[0].position, running: nil, runOver: nil, ended: false,
                options: record.configuration.options, questions: [], answers: [],
                leaderboard: Leaderboard(top: [], you: nil, students: 0), historyFrom: 0, missed: false, roster: nil,
                checkpoint: nil, presentation: model.presentation)
            return built
        } catch {
            logger.error("The make-up's reel could not be built", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// The class went on (these entries are stored): the reel grows, and make-up students waiting at its end at
    /// the class's or an automatic pace move on.
    func makeupsFollow(_ entries: [LogEntryToStore]) {
        guard var reel = makeups.reel else { return }
        makeups.reel = nil
        for stored in entries where stored.entry.sequence > reel.lastLogSequence {
            do {
                try reel.append(stored.entry)
            } catch {
                logger.error("The make-up's reel could not follow the lesson", metadata: ["error": "\(error)"])
                break
            }
        }
        makeups.reel = reel
        for (id, student) in makeups.students where student.connection != nil && student.timer == nil {
            armPace(of: id, in: reel)
        }
    }
}
