import Foundation
import PetriProtocol
import PetriSimulation
import PetriTransport
import PetriWebSocket

/// A scripted Petri server on a real WebSocket port: the test reads what clients send and answers by hand.
final class FakeLessonServer: @unchecked Sendable {
    // @unchecked Sendable: `server` is Sendable; `messages` is an AsyncStream consumed by the one test task.
    let server: WebSocketServer
    let messages: AsyncStream<(ConnectionID, ClientMessage)>
    private let task: Task<Void, Never>

    var url: String { "ws://127.0.0.1:\(server.port)/" }

    private init(server: WebSocketServer, messages: AsyncStream<(ConnectionID, ClientMessage)>, task: Task<Void, Never>)
    {
        self.server = server
        self.messages = messages
        self.task = task
    }

    static func start() async throws -> FakeLessonServer {
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        let (messages, continuation) = AsyncStream.makeStream(of: (ConnectionID, ClientMessage).self)
        let task = Task {
            await withDiscardingTaskGroup { group in
                for await connection in server.connections {
                    group.addTask {
                        for await event in connection.events {
                            if case .text(let frame) = event,
                                let message = try? ProtocolDecoder().decodeClientMessage(frame.bytes)
                            {
                                continuation.yield((connection.id, message))
                            }
                        }
                    }
                }
            }
        }
        return FakeLessonServer(server: server, messages: messages, task: task)
    }

    func send(_ messages: [ServerMessage], to id: ConnectionID) {
        for message in messages {
            guard let bytes = try? ProtocolEncoder().encode(message) else { continue }
            server.send(OutboundMessage(kind: .text, bytes: bytes), to: id, policy: .reliable)
        }
    }

    func sendSnapshot<M: SimulationModel>(of model: M, to id: ConnectionID) {
        guard let message = Presentations.snapshotMessage(of: model), let bytes = try? ProtocolEncoder().encode(message)
        else { return }
        server.send(OutboundMessage(kind: .text, bytes: bytes), to: id, policy: .reliable)
    }

    func stop() async {
        await server.shutdown(timeout: 0.2)
        task.cancel()
    }

    /// The canned lesson: a camouflage run of 30 creatures, 6 generations in, as a student's welcome.
    static func cannedWelcome(model: CamouflageModel, history: [GenerationStats]) -> [ServerMessage] {
        let you = StudentProfile(
            student: StudentID(1), name: "Ada", token: try? AccessToken("fake-resume-token-0123456789"), score: 0,
            streak: 0)
        let welcome = Welcome(
            role: .student, you: you, model: .camouflage, metrics: CamouflageModel.metrics,
            parameters: (try? JSONValue(encoding: model.parameters)) ?? .null,
            position: TimelinePosition(timeline: 0, generation: model.generation), running: nil, runOver: nil,
            ended: false,
            options: LessonOptions(), questions: [], answers: [],
            leaderboard: Leaderboard(
                top: [LeaderboardEntry(rank: 1, student: StudentID(1), name: "Ada", score: 0)],
                you: LeaderboardEntry(rank: 1, student: StudentID(1), name: "Ada", score: 0), students: 1),
            historyFrom: 0, missed: false, roster: nil, checkpoint: nil, presentation: Presentations.camouflage)
        return [
            .welcome(welcome),
            .history(HistoryPage(timeline: 0, from: 0, to: history.count - 1, stats: history)),
        ]
    }
}

/// The `petri` executable built next to the test bundle.
func petriExecutable() -> URL? {
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = here.deletingLastPathComponent()
    for _ in 0..<3 {
        let candidate = dir.appendingPathComponent("petri")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    return nil
}
