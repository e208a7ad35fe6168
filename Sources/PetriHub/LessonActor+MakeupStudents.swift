import Foundation
import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriTransport
import PetriWords

/// A make-up student's side of a lesson's make-up: joining and resuming, their messages, their pace, and what
/// is sent to them (the make-up's record and reel are in LessonActor+Makeup.swift).
extension LessonActor {
    // MARK: - Students

    func joinMakeup(
        name: String?, token: AccessToken, connection: ConnectionID, language: Language?, at now: Timestamp
    ) async -> ProtocolError? {
        let cleaned = SafeText.clean(name ?? "", maxCharacters: DisplayNameRules.maxCharacters)
        guard !cleaned.isEmpty else { return ProtocolError(.invalidName, HubWords.word("hub.makeup.noName")) }
        guard let reel = await reel(), makeups.start != nil else {
            return ProtocolError(.internalError, HubWords.word("hub.makeup.unavailable"))
        }
        let id = makeups.reserveId()
        var student = MakeupStudent(
            play: MakeupPlay(student: id, name: cleaned), tokenHash: TokenHash(of: token.secret), joinedAt: now,
            connection: nil, language: language, movedAt: now)
        let frames = student.play.advance(in: reel, at: now, rivals: makeupRivals(of: id))
        let stop = student.play.stop
        let refused = await store(student, id: id)
        makeups.settle(id)
        if let refused { return refused }
        // The teacher may have closed the make-up while the record was stored.
        if let closed = refusalOfEntry(at: now) { return closed }
        student.connection = connection
        makeups.students[id] = student
        makeups.byConnection[connection] = id
        sendWelcome(to: id, token: token)
        deliver(frames, to: id, at: stop)
        sendPosition(of: id, in: reel)
        sendRosterLine(of: id)
        tellTeachersOfMakeup(at: now)
        flushOutbox()
        armPace(of: id, in: reel)
        return nil
    }

    func resumeMakeup(
        _ id: StudentID, connection: ConnectionID, language: Language?, at now: Timestamp
    ) async -> ProtocolError? {
        guard let reel = await reel(), makeups.start != nil, var student = makeups.students[id] else {
            return ProtocolError(.internalError, HubWords.word("hub.makeup.unavailable"))
        }
        // Deadlines that ran out while they were away lock now (stored before anything is shown).
        let expired = student.play.expireDeadlines(in: reel, at: now)
        if !expired.isEmpty {
            if let error = await store(student, id: id) { return error }
        }
        student = makeups.students[id] ?? student
        _ = student.play.expireDeadlines(in: reel, at: now)
        if let older = student.connection {
            outbox.append(
                .close(
                    older, code: CloseCode(rawValue: LessonCloseCode.replaced.rawValue),
                    reason: "You connected again elsewhere."))
            makeups.byConnection[older] = nil
        }
        student.timer?.cancel()
        student.timer = nil
        student.connection = connection
        student.language = language ?? student.language
        student.movedAt = now
        makeups.students[id] = student
        makeups.byConnection[connection] = id
        sendWelcome(to: id, token: nil)
        deliver(student.play.catchUp(in: reel), to: id)
        sendPosition(of: id, in: reel)
        sendRosterLine(of: id)
        flushOutbox()
        armPace(of: id, in: reel)
        return nil
    }

    func makeupMessage(_ message: ClientMessage, from id: StudentID, at now: Timestamp) async
        -> ProtocolError?
    {
        guard let reel = makeups.reel, var student = makeups.students[id], let connection = student.connection else {
            return ProtocolError(.notJoined, HubWords.word("hub.session.notJoined"))
        }
        switch message {
        case .makeupNext:
            await move(id, in: reel, at: now)
            return nil
        case .makeupPace(let pace, let seconds):
            if let seconds, !MakeupPace.secondsRange.contains(seconds) {
                return ProtocolError(.outOfRange, HubWords.word("hub.makeup.seconds"))
            }
            student.pace = pace
            student.seconds = pace == .auto ? seconds ?? MakeupPace.defaultSeconds : nil
            student.movedAt = now
            if let error = await store(student, id: id) { return error }
            makeups.students[id]?.pace = student.pace
            makeups.students[id]?.seconds = student.seconds
            makeups.students[id]?.movedAt = now
            sendPosition(of: id, in: reel)
            flushOutbox()
            armPace(of: id, in: reel)
            return nil
        case .answer(let question, let prediction, _):
            let accepted: ServerMessage
            do {
                accepted = try student.play.answer(question, prediction, in: reel, at: now)
            } catch {
                return error
            }
            if let error = await store(student, id: id) { return error }
            makeups.students[id]?.play = student.play
            send(accepted, to: connection)
            flushOutbox()
            return nil
        case .hint(let question):
            let hint: ServerMessage
            do {
                hint = try student.play.takeHint(question, in: reel, at: now)
            } catch {
                return error
            }
            if let error = await store(student, id: id) { return error }
            makeups.students[id]?.play = student.play
            send(hint, to: connection)
            flushOutbox()
            return nil
        case .guide:
            // The model's story and the guide, as a live student reads them: nothing in it depends on the class.
            let description = lesson.model.modelDescription
            let guide = Guide(story: description.story)
                .translated(model: description.model, into: student.language ?? lessonLanguage)
            send(.guide(guide), to: connection)
            flushOutbox()
            return nil
        default:
            return ProtocolError(.notAuthorised, HubWords.word("hub.makeup.notAllowed"))
        }
    }

    /// Moves a student to the class's next moment: stored, then sent. A move that only changed their position (and
    /// perhaps opened a question, ``MakeupPlay/onlyMoved(since:)``) is sent at once and stored a moment later with the
    /// other students' (``storeMakeupPositions()``).
    func move(_ id: StudentID, in reel: MakeupReel<Model>, at now: Timestamp) async {
        guard var student = makeups.students[id] else { return }
        let before = student.play
        // The others' scores only for a moment that ranks the student among them (copying every play is not free).
        let rivals = student.play.resolvesNext(in: reel) ? makeupRivals(of: id) : []
        let frames = student.play.advance(in: reel, at: now, rivals: rivals)
        if student.play.onlyMoved(since: before) {
            if student.play != before {
                makeups.unstored.insert(id)
                armPositionWrite()
            }
        } else if !frames.isEmpty {
            if await store(student, id: id) != nil {
                if let connection = student.connection {
                    send(.error(ProtocolError(.tryLater, HubWords.word("hub.makeup.unsaved"))), to: connection)
                    flushOutbox()
                }
                return
            }
        }
        makeups.students[id]?.play = student.play
        makeups.students[id]?.movedAt = now
        deliver(frames, to: id, at: student.play.stop)
        sendPosition(of: id, in: reel)
        if frames.contains(where: { if case .message(.result) = $0 { true } else { false } }) {
            sendRosterLine(of: id)
            makeupScoreChanged()
        }
        flushOutbox()
        armPace(of: id, in: reel)
    }

    /// The other make-up students' scores (what a result's standing ranks a make-up student among).
    func makeupRivals(of id: StudentID) -> [Int] {
        makeups.students.filter { $0.key != id }.map(\.value.play.score)
    }

    /// Re-arms the student's timer: their pace's next moment and their next deadline, whichever comes first.
    func armPace(of id: StudentID, in reel: MakeupReel<Model>) {
        guard let student = makeups.students[id], student.connection != nil else { return }
        student.timer?.cancel()
        makeups.students[id]?.timer = nil
        var paceAt: Timestamp?
        if !student.play.isAtEnd(of: reel) {
            switch student.pace {
            case .own: paceAt = nil
            case .class:
                if let pause = student.play.classPause(in: reel) {
                    let ms = pause.components.seconds * 1000 + pause.components.attoseconds / 1_000_000_000_000_000
                    paceAt = student.movedAt.adding(milliseconds: ms)
                }
            case .auto: paceAt = student.movedAt.adding(seconds: student.seconds ?? MakeupPace.defaultSeconds)
            }
        }
        let deadline = student.play.nextDeadline?.1
        let wake = [paceAt, deadline].compactMap { $0 }.min()
        guard let wake else { return }
        let clock = services.clock
        makeups.students[id]?.timer = Task {
            do { try await clock.sleep(until: wake) } catch { return }
            guard !Task.isCancelled else { return }
            await self.paceFired(id, pace: paceAt.map { $0 <= wake } ?? false)
        }
    }

    func paceFired(_ id: StudentID, pace: Bool) async {
        makeups.students[id]?.timer = nil
        guard let reel = makeups.reel, var student = makeups.students[id], student.connection != nil else { return }
        let now = services.clock.now()
        if pace {
            await move(id, in: reel, at: now)
            return
        }
        let frames = student.play.expireDeadlines(in: reel, at: now)
        if !frames.isEmpty, await store(student, id: id) == nil {
            makeups.students[id]?.play = student.play
            deliver(frames, to: id)
            flushOutbox()
        }
        armPace(of: id, in: reel)
    }

    /// Writes the student as they stand in `student` (before anything it changed is sent).
    func store(_ student: MakeupStudent, id: StudentID) async -> ProtocolError? {
        guard let storage = makeupStorage else { return nil }
        // After the positions being written, which this row supersedes (a pool could otherwise land them after it).
        _ = await makeups.positionWriting?.result
        do {
            try await storage.saveMakeupStudent(try stored(student, id: id))
        } catch {
            return unsaved(error)
        }
        // Their position-only moves up to this one are in the row now.
        if (makeups.students[id]?.play.stop ?? .max) <= student.play.stop { makeups.unstored.remove(id) }
        return nil
    }

    func stored(_ student: MakeupStudent, id: StudentID) throws -> MakeupStudentRecord {
        let play = String(decoding: try JSONEncoder().encode(student.play), as: UTF8.self)
        let pace =
            student.pace == .auto ? "auto:\(student.seconds ?? MakeupPace.defaultSeconds)" : student.pace.rawValue
        return MakeupStudentRecord(
            lessonId: record.id, student: id.rawValue, name: student.play.name, tokenHash: student.tokenHash,
            joinedAt: student.joinedAt, pace: pace, play: play)
    }

    /// Stores the position-only moves waiting since the first of them, a moment from now.
    func armPositionWrite() {
        guard makeups.positionWrite == nil, !stopped else { return }
        let clock = services.clock
        let at = clock.now().adding(milliseconds: Int64(MakeupBook<Model>.positionDelayMilliseconds))
        makeups.positionWrite = Task {
            do { try await clock.sleep(until: at) } catch { return }
            guard !Task.isCancelled else { return }
            await self.storeMakeupPositions()
        }
    }

    /// Stores every make-up student whose last moves are not stored yet, in one transaction (a failed write is tried
    /// again a moment later; a crash before it loses only those positions, never an answer or a result).
    func storeMakeupPositions() async {
        makeups.positionWrite = nil
        // One write of positions at a time, in order (a pool could otherwise land an older one last).
        _ = await makeups.positionWriting?.result
        let ids = makeups.unstored
        guard !ids.isEmpty, let storage = makeupStorage else { return }
        makeups.unstored = []
        let records = Result {
            try ids.sorted().compactMap { id in try makeups.students[id].map { try stored($0, id: id) } }
        }
        let write = Task { try await storage.saveMakeupStudents(try records.get()) }
        makeups.positionWriting = write
        let result = await write.result
        if makeups.positionWriting == write { makeups.positionWriting = nil }
        if case .failure(let error) = result {
            logger.error("Make-up positions could not be stored", metadata: ["error": "\(error)"])
            services.storageWrote(false)
            makeups.unstored.formUnion(ids)
            armPositionWrite()
        }
    }

    func unsaved(_ error: any Error) -> ProtocolError {
        logger.error("A make-up write failed", metadata: ["error": "\(error)"])
        services.storageWrote(false)
        return ProtocolError(.tryLater, HubWords.word("hub.makeup.unsaved"))
    }

    static func pace(from stored: String) -> (MakeupPace, Int?) {
        if stored.hasPrefix("auto:"), let seconds = Int(stored.dropFirst(5)) { return (.auto, seconds) }
        return (MakeupPace(rawValue: stored) ?? .own, nil)
    }

    // MARK: - Sending

    func sendWelcome(to id: StudentID, token: AccessToken?) {
        guard var welcome = makeups.start, let student = makeups.students[id], let connection = student.connection
        else { return }
        welcome.you = StudentProfile(
            student: id, name: student.play.name, token: token, score: student.play.score, streak: student.play.streak)
        if let language = student.language {
            welcome.language = language.tag
            welcome.languages = LessonWords.book.languages.map(\.tag)
        }
        sendWelcome(welcome, to: connection)
    }

    /// Sends a student their frames; `stop`, when they are what ``MakeupPlay/advance(in:at:rivals:)`` gave for the
    /// reel's stop of that index, lets the class's frames among them (snapshots, stats, history) go as encoded
    /// once for everyone.
    func deliver(_ frames: [MakeupReel<Model>.Frame], to id: StudentID, at stop: Int? = nil) {
        guard let student = makeups.students[id], let connection = student.connection else { return }
        let language = student.language ?? lessonLanguage
        var shared = 0
        for frame in frames {
            if let stop, EncodedReel.isShared(frame) {
                let key = EncodedReel.Key(stop: stop, index: shared)
                shared += 1
                if let bytes = makeups.encoded[key] {
                    queue(bytes, to: [connection], policy: EncodedReel.policy(of: frame))
                    continue
                }
                do {
                    let bytes: [UInt8]
                    switch frame {
                    case .snapshot(let header, let snapshot):
                        bytes = try services.encoder.encodeSnapshot(header, snapshot)
                    case .message(let message): bytes = try services.encoder.encode(message)
                    }
                    makeups.encoded.keep(bytes, for: key)
                    queue(bytes, to: [connection], policy: EncodedReel.policy(of: frame))
                } catch {
                    logUnencodable(error)
                }
                continue
            }
            switch frame {
            case .message(let message): send(message, toAll: [connection], in: language)
            case .snapshot(let header, let snapshot): sendSnapshot(header, snapshot, to: [connection])
            }
        }
    }

    func sendPosition(of id: StudentID, in reel: MakeupReel<Model>) {
        guard let student = makeups.students[id], let connection = student.connection,
            let position = student.play.position(in: reel)
        else { return }
        send(
            .makeupPosition(
                MakeupPosition(
                    moment: student.play.stop + 1, moments: reel.stops.count, timeline: position.timeline,
                    generation: position.generation, pace: student.pace, seconds: student.seconds,
                    classEnded: reel.hasEnded)),
            to: connection)
    }
}
