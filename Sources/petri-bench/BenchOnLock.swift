import ArgumentParser
import Foundation
import Logging
import PetriBenchmarks
import PetriHub
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriTransport
import Synchronization

/// The lesson option `replicates: onLock` on an in-process hub: how long a question's automatic replicates take,
/// and the live lesson's step latency with and without them running, in the same run, for each trait model.
struct BenchOnLock: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "onlock",
        abstract:
            "The automatic replicates on lock (replicates: onLock) for each shipped trait model at its default size: their time, and the lesson's step p99 with and without them running."
    )

    /// The shipped trait models, in catalog order.
    static let traitModels: [ModelKind] = [.camouflage, .resistance, .beaks, .mice]

    @Option(help: "The models, comma-separated (default: camouflage,resistance,beaks,mice).")
    var models = "camouflage,resistance,beaks,mice"
    @Option(help: "The question's horizon: generations from its asking to its answer (1-200).")
    var horizon = 10
    @Option(help: "Generations the lesson runs before the first question (its population grows to its size).")
    var warmup = 50
    @Option(help: "Timed lesson steps for each latency, quiet and with replicates running (10-10000).")
    var steps = 100
    @Option(help: "A population to start from instead of the model's default (for a quick run).")
    var population: Int?
    @Option(help: "Random seed, for a repeatable run.")
    var seed: UInt64 = 1

    var kinds: [ModelKind] {
        models.split(separator: ",").compactMap { ModelKind(rawValue: String($0)) }
    }

    func validate() throws {
        let names = models.split(separator: ",").map(String.init)
        let known = Self.traitModels.map(\.rawValue)
        guard !names.isEmpty, names.allSatisfy(known.contains) else {
            throw ValidationError(
                "--models must list some of \(known.joined(separator: ", ")) (comma-separated), but was \(models).")
        }
        guard (1...Replicates.maxHorizon).contains(horizon) else {
            throw ValidationError("--horizon must be between 1 and \(Replicates.maxHorizon), but was \(horizon).")
        }
        guard (0...10_000).contains(warmup) else {
            throw ValidationError("--warmup must be between 0 and 10000, but was \(warmup).")
        }
        guard (10...10_000).contains(steps) else {
            throw ValidationError("--steps must be between 10 and 10000, but was \(steps).")
        }
        if let population, !(2...100_000).contains(population) {
            throw ValidationError("--population must be between 2 and 100000, but was \(population).")
        }
    }

    struct Figures {
        var model: ModelKind
        var metric: String
        var creatures: Int
        var replicatesSeconds: Double
        var quiet: [Double]
        var busy: [Double]
        var busyCycles: Int
        var busyReplicateSeconds: [Double]
    }

    func run() async throws {
        var all: [Figures] = []
        for kind in kinds { all.append(try await measure(kind)) }

        let count = LessonOptions.autoReplicateCount
        print(MachineInfo.current.line)
        print(
            "onlock benchmark: \(count) replicates × \(horizon) generations when a question locks (replicates: onLock), in-process hub, each model at its default parameters\(population.map { " (population \($0))" } ?? "") after \(warmup) generations, seed \(seed)"
        )
        for f in all {
            print(
                "  \(f.model.rawValue) (\(f.creatures) creatures at the first lock, \(f.metric)): replicates \(fixed(f.replicatesSeconds, 3)) s alone;"
                    + " step p99 quiet \(fixed(quantile(f.quiet, 0.99) * 1000, 2)) ms (p50 \(fixed(quantile(f.quiet, 0.5) * 1000, 2))),"
                    + " with replicates running \(fixed(quantile(f.busy, 0.99) * 1000, 2)) ms (p50 \(fixed(quantile(f.busy, 0.5) * 1000, 2)))"
                    + " over \(f.busy.count) steps in \(f.busyCycles) locks (replicates then took up to \(fixed(f.busyReplicateSeconds.max() ?? 0, 3)) s)"
            )
        }
        let models = all.map { f in
            let fields = [
                "\"model\":\"\(f.model.rawValue)\"", "\"metric\":\"\(f.metric)\"", "\"creaturesAtLock\":\(f.creatures)",
                "\"replicatesSeconds\":\(fixed(f.replicatesSeconds, 4))",
                "\"replicatesSecondsMaxWithSteps\":\(fixed(f.busyReplicateSeconds.max() ?? 0, 4))",
                "\"stepP50MsQuiet\":\(fixed(quantile(f.quiet, 0.5) * 1000, 3))",
                "\"stepP99MsQuiet\":\(fixed(quantile(f.quiet, 0.99) * 1000, 3))",
                "\"stepP50MsWithReplicates\":\(fixed(quantile(f.busy, 0.5) * 1000, 3))",
                "\"stepP99MsWithReplicates\":\(fixed(quantile(f.busy, 0.99) * 1000, 3))",
                "\"stepsQuiet\":\(f.quiet.count)", "\"stepsWithReplicates\":\(f.busy.count)",
                "\"locks\":\(f.busyCycles)",
            ]
            return "{" + fields.joined(separator: ",") + "}"
        }
        let fields = [
            "\"benchmark\":\"onlock\"", "\"replicates\":\(count)", "\"horizon\":\(horizon)", "\"warmup\":\(warmup)",
            "\"seed\":\(seed)", "\"models\":[" + models.joined(separator: ",") + "]",
        ]
        print(MachineInfo.current.annotating("{" + fields.joined(separator: ",") + "}"))
    }

    /// One model's figures: a lesson with `replicates: onLock` on an in-process hub (in-memory transport and
    /// storage, the server's default replicate threads).
    private func measure(_ kind: ModelKind) async throws -> Figures {
        guard let description = ModelCatalog.shipped.entry(for: kind)?.modelDescription,
            let metric = (description.metrics.first { $0.name.hasPrefix("mean") } ?? description.metrics.first)?.name
        else { throw ValidationError("The model \(kind.rawValue) is not shipped, or has no metric.") }
        let progress = OnLockProgress()
        var options = LessonOptions()
        options.replicates = .onLock
        let parameters: JSONValue = population.map { .object(["population": .number(Double($0))]) } ?? .object([:])
        let lesson = try await InProcessLesson.open(
            model: kind, parameters: parameters, seed: seed, options: options,
            replicateProgress: { progress.record($0) })
        let teacher = lesson.teacher

        var creatures = 0
        func step() async throws -> Double {
            let start = ContinuousClock.now
            try teacher.send(.step(count: 1))
            creatures = try await teacher.expectReply {
                if case .stats(_, let stats) = $0 { Int(stats.values["population"] ?? 0) } else { nil }
            }
            return seconds(start.duration(to: .now))
        }
        /// Asks a question of `metric` and closes it at once: it locks at the generation it was asked at, so
        /// its replicates start (returns when the lock is acknowledged).
        func askAndLock() async throws {
            try teacher.send(
                .ask(
                    QuestionSpec(
                        metric: metric, kind: .number(tolerance: nil), horizon: horizon, timeLimit: nil, hint: nil,
                        allowChange: true)))
            let id = try await teacher.expectReply { if case .question(let info) = $0 { info.id } else { nil } }
            try teacher.send(.closeQuestion(question: id))
            _ = try await teacher.expectReply { if case .questionLocked = $0 { true } else { nil } }
        }

        for _ in 0..<warmup { _ = try await step() }
        var quiet: [Double] = []
        for _ in 0..<steps { quiet.append(try await step()) }

        let creaturesAtLock = creatures
        // Alone: the lock's replicates with no step beside them.
        let before = progress.ended
        let start = ContinuousClock.now
        try await askAndLock()
        let alone = seconds(start.duration(to: await progress.waitForEnd(after: before)))

        // Beside the class: steps while each lock's replicates run; a step counts if they were still running
        // when its stats came back. A new question at the next generation starts the next replicates.
        var busy: [Double] = []
        var cycles = 0
        var replicateSeconds: [Double] = []
        while busy.count < steps, cycles < steps {
            _ = try await step()  // a new moment, so that the next lock runs replicates anew
            let ended = progress.ended
            let lockStart = ContinuousClock.now
            try await askAndLock()
            cycles += 1
            while progress.ended == ended, busy.count < steps {
                let latency = try await step()
                if progress.ended == ended { busy.append(latency) }
            }
            replicateSeconds.append(seconds(lockStart.duration(to: await progress.waitForEnd(after: ended))))
        }

        try await lesson.close()
        return Figures(
            model: kind, metric: metric, creatures: creaturesAtLock, replicatesSeconds: alone, quiet: quiet, busy: busy,
            busyCycles: cycles, busyReplicateSeconds: replicateSeconds)
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}

/// When the hub's replicate runs end, from its progress hook: how many have ended, and when the latest did.
private final class OnLockProgress: Sendable {
    private struct State {
        var ended = 0
        var lastEnd: ContinuousClock.Instant?
        var waiting: [(after: Int, continuation: CheckedContinuation<ContinuousClock.Instant, Never>)] = []
    }

    private let state = Mutex(State())

    func record(_ progress: ReplicateProgress) {
        switch progress {
        case .stepped: return
        case .finished, .cancelled: break
        }
        let now = ContinuousClock.now
        let woken = state.withLock { state in
            state.ended += 1
            state.lastEnd = now
            let ready = state.waiting.filter { $0.after < state.ended }
            state.waiting.removeAll { $0.after < state.ended }
            return ready.map(\.continuation)
        }
        for continuation in woken { continuation.resume(returning: now) }
    }

    /// How many runs have ended.
    var ended: Int { state.withLock { $0.ended } }

    /// The instant the run after the first `count` ended (at once if it has).
    func waitForEnd(after count: Int) async -> ContinuousClock.Instant {
        await withCheckedContinuation { continuation in
            let now: ContinuousClock.Instant? = state.withLock { state in
                if state.ended > count { return state.lastEnd }
                state.waiting.append((count, continuation))
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }
}
