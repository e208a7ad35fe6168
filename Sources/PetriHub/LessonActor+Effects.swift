import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriTransport
import PetriWords

extension LessonActor {
    /// Performs a command's effects in order (its `persist` was stored before this is called).
    ///
    /// - Parameters:
    ///   - connection: Where replies go; nil for the server's own commands.
    ///   - token: A join's raw resume token: the lesson's welcome names the digest it holds,
    ///     and the student must get the token itself, which only this reply ever carries.
    ///   - language: The language the connection asked for with this command, if it did.
    func perform(
        _ effects: [LessonEffect<Model>], for connection: ConnectionID?, revealing token: AccessToken? = nil,
        language: Language? = nil
    ) async {
        for effect in effects {
            switch effect {
            case .persist:
                break
            case .attach(let participant, let session):
                if let connection { attach(connection, as: participant, session: session, language: language) }
            case .reply(.welcome(var welcome)):
                guard let connection else { continue }
                if let token, welcome.you?.token != nil { welcome.you?.token = token }
                if welcome.role == .observer { welcome.code = record.code }
                // Only a connection that asked for a language, or reads one other than English, is told which:
                // a client that asked for nothing in an English lesson gets the welcome it always got.
                let reads = self.language(of: connection)
                if members[connection]?.language != nil || reads != .english {
                    welcome.language = reads.tag
                    welcome.languages = Self.offeredLanguages.map(\.tag)
                }
                sendWelcome(welcome.translated(into: reads), to: connection)
                if let recoveryNotice, members[connection]?.participant == .teacher {
                    send(.error(ProtocolError(.lessonRecovered, recoveryNotice)), to: connection)
                }
            case .reply(.guide(let guide)):
                // The model's story in the reader's language (the shipped models' catalogs have it).
                guard let connection else { continue }
                let model = lesson.model.modelDescription.model
                send(.guide(guide.translated(model: model, into: self.language(of: connection))), to: connection)
            case .reply(.history(let page)):
                if let connection { sendHistory(page, to: connection) }
            case .reply(.report(let csv, let html, let data)):
                // The make-up students' lines join the class's (held here, not in the lesson).
                guard let connection else { continue }
                let lines = await makeupLines()
                if lines.isEmpty {
                    send(.report(csv: csv, html: html, data: data), to: connection)
                } else {
                    let report = lesson.report(makeups: lines)
                    send(.report(csv: report.csv, html: report.html(), data: report.data), to: connection)
                }
            case .reply(.results(let csv)):
                guard let connection else { continue }
                let lines = await makeupLines()
                send(.results(csv: lines.isEmpty ? csv : lesson.resultsCSV(makeups: lines)), to: connection)
            case .reply(let message):
                if let connection { send(message, to: connection) }
            case .replySnapshot(let header, let snapshot):
                if let connection { sendSnapshot(header, snapshot, to: [connection]) }
            case .broadcast(.leaderboard(let board)):
                send(.leaderboard(withMakeups(board, forTeacher: false)), toAll: everyoneList)
            case .send(.leaderboard(let board), .teacher):
                send(.leaderboard(withMakeups(board, forTeacher: true)), toAll: Array(teacherList))
            case .broadcast(let message):
                send(message, toAll: everyoneList)
            case .broadcastSnapshot(let header, let snapshot):
                sendSnapshot(header, snapshot, to: everyoneList)
            case .broadcastLatest(let message):
                // Each carries the whole state it reports (a `caught`: every creature eaten so far), so a client
                // that falls behind gets the newest alone, in a slot of its own beside the snapshot's.
                send(message, toAll: everyoneList, policy: .latestWinsHunt)
            case .send(.answerCount(let question, let answered, let students, let answeredBy), .teacher):
                countForTeacher(question, answered: answered, students: students, answeredBy: answeredBy)
            case .send(let message, .teacher):
                send(message, toAll: Array(teacherList))
            case .send(.classSize(let size), .observers):
                pendingClassSize = size
            case .send(let message, .observers):
                send(message, toAll: Array(observerList))
            case .send(let message, .student(let id)):
                if let c = studentConnections[id] { send(message, to: c) }
            case .disconnect(let id, let reason):
                if let c = studentConnections[id] {
                    detach(c)
                    outbox.append(
                        .close(c, code: CloseCode(rawValue: reason.closeCode.rawValue), reason: reason.sentence))
                }
            case .startTicking(let interval):
                startTicking(every: interval)
            case .stopTicking:
                stopTicking()
            case .scheduleDeadline(let question, let at):
                scheduleDeadline(question, at: at)
            case .cancelDeadline(let question):
                cancelDeadline(question)
            case .schedulePlanTimer(let at):
                schedulePlanTimer(at: at)
            case .cancelPlanTimer:
                planTimer?.cancel()
                planTimer = nil
            case .scheduleHuntEnd(let round, let at):
                scheduleHuntEnd(round: round, at: at)
            case .cancelHuntEnd:
                huntTimer?.cancel()
                huntTimer = nil
            case .runReplicates(let job):
                startReplicates(job)
            case .cancelReplicates:
                cancelReplicates()
            case .eraseStored(let student):
                await eraseStored(student)
            case .spawn(let definition):
                // A clone starts with no questions, part-way through the plan's story: it runs without the plan.
                var cloneConfiguration = lessonConfiguration
                cloneConfiguration.plan = nil
                let result = await services.spawn(definition, cloneConfiguration, record.id)
                guard let connection else { continue }
                switch result {
                case .success(let created):
                    send(.created(code: created.code, teacherToken: created.token), to: connection)
                case .failure(let error): send(.error(error), to: connection)
                }
            }
        }
    }

    // MARK: - Sending: encode once, queue the bytes in the outbox

    /// Hands the transport everything queued since the last flush, in order.
    func flushOutbox() {
        emitTeacherCount()
        if let size = pendingClassSize {
            pendingClassSize = nil
            send(.classSize(size), toAll: Array(observerList))
        }
        guard !outbox.isEmpty else { return }
        Self.dropSupersededCatches(&outbox)
        services.transport.submit(outbox)
        outbox.removeAll(keepingCapacity: true)
    }

    /// Drops each `caught` (``DeliveryPolicy/latestWinsHunt``) that a later one to the same connections follows in
    /// the outbox with no close between them: a turn that handled several catches keeps only its last `caught`,
    /// which names every id eaten, as the transport would.
    ///
    /// The transport queues a whole batch before it writes any of it, so it replaces the earlier `caught` with the
    /// later one on every connection anyway; doing it there costs a queue search and a removal per recipient on its
    /// one thread, which was most of that thread's time with 500 students catching in a debug build. Here it costs
    /// a comparison of the recipient lists.
    static func dropSupersededCatches(_ outbox: inout [TransportInstruction]) {
        var later: Set<[ConnectionID]> = []
        var superseded: [Int] = []
        for index in outbox.indices.reversed() {
            switch outbox[index] {
            case .close:
                later.removeAll()
            case .message(_, let connections, let policy):
                if policy == .latestWinsHunt, !later.insert(connections).inserted { superseded.append(index) }
            }
        }
        for index in superseded { outbox.remove(at: index) }
    }

    /// Folds one answer's count for the teacher into the pending one: a batch of a thousand
    /// answers tells the teacher once, naming all thousand students.
    func countForTeacher(_ question: QuestionID, answered: Int, students: Int, answeredBy: [StudentID]) {
        if let pending = teacherCount, pending.question != question { emitTeacherCount() }
        var count =
            teacherCount ?? TeacherCount(question: question, answered: answered, students: students, answeredBy: [])
        count.answered = answered
        count.students = students
        count.answeredBy += answeredBy
        teacherCount = count
    }

    /// Queues the pending count for the teacher (``queue(_:to:policy:)`` calls it before anything
    /// that may reach the teacher, so the count never arrives after what followed it).
    func emitTeacherCount() {
        guard let count = teacherCount else { return }
        teacherCount = nil
        send(
            .answerCount(
                question: count.question, answered: count.answered, students: count.students,
                answeredBy: count.answeredBy),
            toAll: Array(teacherList))
        // Observers (the projector) get how many, never who.
        send(
            .answerCount(question: count.question, answered: count.answered, students: count.students),
            toAll: Array(observerList))
    }

    func send(_ message: ServerMessage, to connection: ConnectionID) {
        send(message, toAll: [connection])
    }

    /// Encodes once and queues for every connection; a message with words (``ServerMessage/carriesWords``)
    /// is encoded once per language among them, each in its readers' language.
    ///
    /// - Parameters:
    ///   - language: The language all of them read, when the caller knows it better than their
    ///     membership does (a refused join, not yet a member, in the language it asked for).
    ///   - policy: How the transport treats it for a receiver that is behind (a message with words is reliable).
    func send(
        _ message: ServerMessage, toAll connections: [ConnectionID], in language: Language? = nil,
        policy: DeliveryPolicy = .reliable
    ) {
        guard !connections.isEmpty else { return }
        let started = ContinuousClock.now
        defer { services.metrics.fanOut(since: started) }
        do {
            guard message.carriesWords else {
                queue(try services.encoder.encode(message), to: connections, policy: policy)
                return
            }
            if let language {
                queue(try services.encoder.encode(message.rendered(in: language)), to: connections, policy: .reliable)
                return
            }
            var readers: [Language: [ConnectionID]] = [:]
            for connection in connections { readers[self.language(of: connection), default: []].append(connection) }
            for (language, group) in readers.sorted(by: { $0.key < $1.key }) {
                queue(try services.encoder.encode(message.rendered(in: language)), to: group, policy: .reliable)
            }
        } catch {
            logUnencodable(error)
        }
    }

    /// Welcomes go through the lesson's own writer (``WelcomeEncoder``), not `JSONEncoder`.
    func sendWelcome(_ welcome: Welcome, to connection: ConnectionID) {
        let started = ContinuousClock.now
        defer { services.metrics.fanOut(since: started) }
        do {
            queue(try welcomeEncoder.encode(welcome), to: [connection], policy: .reliable)
        } catch {
            logUnencodable(error)
        }
    }

    /// History pages are encoded once for a run of welcomes that all carry the same pages.
    func sendHistory(_ page: HistoryPage, to connection: ConnectionID) {
        if let cached = encodedHistory.first(where: { $0.page == page }) {
            queue(cached.bytes, to: [connection], policy: .reliable)
            return
        }
        do {
            let bytes = try services.encoder.encode(.history(page))
            if encodedHistory.count >= 8 { encodedHistory.removeFirst() }
            encodedHistory.append((page, bytes))
            queue(bytes, to: [connection], policy: .reliable)
        } catch {
            logUnencodable(error)
        }
    }

    func sendSnapshot(_ header: SnapshotHeader, _ snapshot: Model.Snapshot, to connections: [ConnectionID]) {
        guard !connections.isEmpty else { return }
        let started = ContinuousClock.now
        defer { services.metrics.fanOut(since: started) }
        do {
            if let cached = encodedSnapshot, cached.header == header, cached.snapshot == snapshot {
                queue(cached.bytes, to: connections, policy: .latestWins)
                return
            }
            let bytes = try services.encoder.encodeSnapshot(header, snapshot)
            encodedSnapshot = (header, snapshot, bytes)
            queue(bytes, to: connections, policy: .latestWins)
        } catch {
            logUnencodable(error)
        }
    }

    /// Puts encoded bytes in the outbox, after the teacher's pending answer count when they may
    /// reach the teacher: one student's own messages (a batch's receipts) leave the count pending.
    func queue(_ bytes: [UInt8], to connections: [ConnectionID], policy: DeliveryPolicy) {
        let countsReachIt = { (c: ConnectionID) in self.teacherList.contains(c) || self.observerList.contains(c) }
        if teacherCount != nil, connections.count > 1 || connections.first.map(countsReachIt) == true {
            emitTeacherCount()
        }
        outbox.append(.message(OutboundMessage(kind: .text, bytes: bytes), to: connections, policy: policy))
    }
}
