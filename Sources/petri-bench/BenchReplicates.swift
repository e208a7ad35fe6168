import ArgumentParser
import Foundation
import Logging
import PetriBenchmarks
import PetriHub
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriTransport
import Synchronization

struct BenchReplicates: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replicates",
        abstract:
            "Run replicates of a lesson's present: replicate-generations per second on one core and on all, and the lesson's step latency with and without replicates running."
    )

    @Option(help: "The model (camouflage).")
    var model = "camouflage"
    @Option(help: "Creatures to hold steady (as in bench camouflage).")
    var population = 1_000
    @Option(help: "Replicates per request (1-200).")
    var replicates = 100
    @Option(help: "Generations each replicate runs ahead (1-200).")
    var generations = 50
    @Option(help: "Timed lesson steps for the latency, with and without replicates.")
    var steps = 100
    @Option(help: "Random seed, for a repeatable run.")
    var seed: UInt64 = 1

    func validate() throws {
        guard model == "camouflage" else {
            throw ValidationError("--model must be camouflage (the one model with randomness after generation 0).")
        }
        guard (10...100_000).contains(population) else {
            throw ValidationError("--population must be between 10 and 100000, but was \(population).")
        }
        guard (1...Replicates.maxCount).contains(replicates) else {
            throw ValidationError("--replicates must be between 1 and \(Replicates.maxCount), but was \(replicates).")
        }
        guard (1...Replicates.maxHorizon).contains(generations) else {
            throw ValidationError(
                "--generations must be between 1 and \(Replicates.maxHorizon), but was \(generations).")
        }
        guard (10...10_000).contains(steps) else {
            throw ValidationError("--steps must be between 10 and 10000, but was \(steps).")
        }
    }

    func run() async throws {
        let parameters = CamouflageBenchmark(population: population, generations: 1, seed: seed).parameters()
        var present = try CamouflageModel(parameters: parameters, seed: seed)
        for _ in 0..<20 { present.step() }
        let job = ReplicateJob(
            request: 1, position: TimelinePosition(timeline: 0, generation: present.generation), model: present,
            lessonSeed: seed, count: replicates, horizon: generations, metric: MetricID("meanTrait"))
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let (oneCore, oneTraces) = await timed { await ReplicateWorker.run(job, threads: 1) }
        let (allCores, allTraces) = await timed { await ReplicateWorker.run(job, threads: cores) }
        let work = Double(replicates * generations)
        let latency = try await stepLatency(parameters: parameters)

        print(MachineInfo.current.line)
        print(
            "replicates benchmark: \(replicates) replicates × \(generations) generations of about \(present.traits.count) creatures (camouflage, seed \(seed))"
        )
        print("  one core:   \(fixed(oneCore, 3)) s, \(fixed(work / oneCore, 0)) replicate-generations/s")
        print("  \(cores) cores:    \(fixed(allCores, 3)) s, \(fixed(work / allCores, 0)) replicate-generations/s")
        print("  same traces on 1 and \(cores) threads: \(oneTraces != nil && oneTraces == allTraces)")
        print(
            "  lesson step latency (step → stats, in-process hub), \(steps) steps: without replicates p50 \(fixed(latency.idle.p50 * 1000, 2)) ms, p99 \(fixed(latency.idle.p99 * 1000, 2)) ms;"
                + " with 200 × 200 replicates running p50 \(fixed(latency.busy.p50 * 1000, 2)) ms, p99 \(fixed(latency.busy.p99 * 1000, 2)) ms"
                + " (replicates ran throughout: \(latency.replicatesRanThroughout))")
        let fields = [
            "\"benchmark\":\"replicates\"", "\"model\":\"\(model)\"", "\"population\":\(population)",
            "\"replicates\":\(replicates)", "\"generations\":\(generations)", "\"cores\":\(cores)",
            "\"secondsOneCore\":\(fixed(oneCore, 6))", "\"secondsAllCores\":\(fixed(allCores, 6))",
            "\"replicateGenerationsPerSecondOneCore\":\(fixed(work / oneCore, 0))",
            "\"replicateGenerationsPerSecondAllCores\":\(fixed(work / allCores, 0))",
            "\"stepP50IdleMs\":\(fixed(latency.idle.p50 * 1000, 3))",
            "\"stepP99IdleMs\":\(fixed(latency.idle.p99 * 1000, 3))",
            "\"stepP50BusyMs\":\(fixed(latency.busy.p50 * 1000, 3))",
            "\"stepP99BusyMs\":\(fixed(latency.busy.p99 * 1000, 3))",
        ]
        print(MachineInfo.current.annotating("{" + fields.joined(separator: ",") + "}"))
    }

    private func timed<T>(_ body: () async -> T) async -> (Double, T) {
        let start = ContinuousClock.now
        let value = await body()
        let elapsed = start.duration(to: .now)
        return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18, value)
    }

    struct Latency {
        var p50: Double
        var p99: Double
    }

    /// Step → stats round trips of a lesson on an in-process hub (in-memory transport and storage, the
    /// server's default replicate threads), first alone, then while a 200 × 200 request runs.
    private func stepLatency(
        parameters: CamouflageParameters
    ) async throws -> (idle: Latency, busy: Latency, replicatesRanThroughout: Bool) {
        let progress = ProgressCount()
        let lesson = try await InProcessLesson.open(
            model: .camouflage, parameters: try JSONValue(encoding: parameters), seed: seed, options: nil,
            replicateProgress: { progress.record($0) })
        let teacher = lesson.teacher

        func measure() async throws -> Latency {
            var seconds: [Double] = []
            for _ in 0..<steps {
                let start = ContinuousClock.now
                try teacher.send(.step(count: 1))
                _ = try await teacher.expectReply { if case .stats = $0 { true } else { nil } }
                let elapsed = start.duration(to: .now)
                seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            }
            return Latency(p50: quantile(seconds, 0.5), p99: quantile(seconds, 0.99))
        }
        let idle = try await measure()
        try teacher.send(.replicates(count: 200, horizon: 200, metric: "meanTrait"))
        while progress.stepped == 0 { await Task.yield() }
        let busy = try await measure()
        let throughout = !progress.ended
        try await lesson.close()
        return (idle, busy, throughout)
    }
}

/// How far the hub's replicates got, from its progress hook.
private final class ProgressCount: Sendable {
    private let state = Mutex((steps: 0, ended: false))

    func record(_ progress: ReplicateProgress) {
        state.withLock { state in
            switch progress {
            case .stepped(let done, _): state.steps = max(state.steps, done)
            case .finished, .cancelled: state.ended = true
            }
        }
    }

    var stepped: Int { state.withLock { $0.steps } }

    var ended: Bool { state.withLock { $0.ended } }
}
