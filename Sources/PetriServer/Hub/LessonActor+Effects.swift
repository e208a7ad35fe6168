import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriTransport

extension LessonActor {
    /// Performs a command's effects in order (its `persist` was stored before this is called).
    func perform(_ effects: [LessonEffect<Model>], for connection: ConnectionID?) async {
        for effect in effects {
            switch effect {
            case .persist:
                break
            case .attach(let participant, let session):
                if let connection { attach(connection, as: participant, session: session) }
            case .reply(let message):
                if let connection { send(message, to: connection) }
            case .replySnapshot(let header, let snapshot):
                if let connection { sendSnapshot(header, snapshot, to: [connection]) }
            case .broadcast(let message):
                send(message, toAll: everyoneList)
            case .broadcastSnapshot(let header, let snapshot):
                sendSnapshot(header, snapshot, to: everyoneList)
            case .send(let message, .teacher):
                send(message, toAll: Array(teacherList))
            case .send(let message, .student(let id)):
                if let c = studentConnections[id] { send(message, to: c) }
            case .disconnect(let id, let reason):
                if let c = studentConnections[id] {
                    detach(c)
                    outbox.append(.close(c, code: CloseCode(rawValue: reason.closeCode.rawValue), reason: reason.sentence))
                }
            case .startTicking(let interval):
                startTicking(every: interval)
            case .stopTicking:
                stopTicking()
            case .scheduleDeadline(let question, let at):
                scheduleDeadline(question, at: at)
            case .cancelDeadline(let question):
                cancelDeadline(question)
            case .spawn(let definition):
                let result = await services.spawn(definition, lessonConfiguration)
                guard let connection else { continue }
                switch result {
                case .success(let created): send(.created(code: created.code, teacherToken: created.token), to: connection)
                case .failure(let error): send(.error(error), to: connection)
                }
            }
        }
    }

    // MARK: - Sending: encode once, queue the bytes in the outbox

    /// Hands the transport everything queued since the last flush, in order.
    func flushOutbox() {
        guard !outbox.isEmpty else { return }
        services.transport.submit(outbox)
        outbox.removeAll(keepingCapacity: true)
    }

    func send(_ message: ServerMessage, to connection: ConnectionID) {
        send(message, toAll: [connection])
    }

    func send(_ message: ServerMessage, toAll connections: [ConnectionID]) {
        guard !connections.isEmpty else { return }
        let started = ContinuousClock.now
        defer { services.metrics.fanOut(since: started) }
        do {
            let bytes = try services.encoder.encode(message)
            outbox.append(.message(OutboundMessage(kind: .text, bytes: bytes), to: connections, policy: .reliable))
        } catch {
            logUnencodable(error)
        }
    }

    func sendSnapshot(_ header: SnapshotHeader, _ snapshot: Model.Snapshot, to connections: [ConnectionID]) {
        guard !connections.isEmpty else { return }
        let started = ContinuousClock.now
        defer { services.metrics.fanOut(since: started) }
        do {
            let bytes = try services.encoder.encodeSnapshot(header, snapshot)
            outbox.append(.message(OutboundMessage(kind: .text, bytes: bytes), to: connections, policy: .latestWins))
        } catch {
            logUnencodable(error)
        }
    }
}
