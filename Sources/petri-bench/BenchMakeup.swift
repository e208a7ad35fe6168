import ArgumentParser
import Foundation
import PetriBenchmarks
import PetriLesson
import PetriProtocol
import PetriSimulation

/// Make-up playback's cost beside the live class's, in the lesson layer (no transport, no encoding).
struct BenchMakeup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "makeup",
        abstract:
            "Make-up students playing back a lesson at their own pace (one replay of the log shared by all, each student a position over it): CPU as a ratio to the live lesson's, in the lesson layer."
    )

    @Option(help: "Creatures (camouflage).")
    var population = 1_000
    @Option(help: "Generations the lesson runs.")
    var generations = 300
    @Option(help: "Make-up students.")
    var students = 30
    @Option(help: "Random seed, for a repeatable run.")
    var seed: UInt64 = 1

    func validate() throws {
        guard (10...100_000).contains(population) else {
            throw ValidationError("--population must be between 10 and 100000, but was \(population).")
        }
        guard (10...10_000).contains(generations) else {
            throw ValidationError("--generations must be between 10 and 10000, but was \(generations).")
        }
        guard (1...10_000).contains(students) else {
            throw ValidationError("--students must be between 1 and 10000, but was \(students).")
        }
    }

    func run() async throws {
        let parameters = CamouflageBenchmark(population: population, generations: 1, seed: seed).parameters()
        let token = try AccessToken("benchteacherxxxxxxxxxxxxxx")
        let configuration = LessonConfiguration(nameSeed: 1)
        var lesson = try Lesson<CamouflageModel>(
            parameters: parameters, seed: seed, teacherToken: token, configuration: configuration)
        let definition = try lesson.definition()
        let start = Timestamp(millisecondsSince1970: 1_800_000_000_000)
        var now = start
        var log: [LessonLogEntry] = []
        // The server keeps the reel beside the live lesson, recording each entry it persists.
        var recorded = try MakeupReel(recording: lesson, startedAt: start)
        func handle(_ command: LessonCommand) throws {
            let effects = lesson.handle(command, from: .teacher, at: now).effects
            for case .persist(let entry, _) in effects {
                log.append(entry)
                try recorded.record(entry, effects: effects, lesson: lesson)
            }
        }

        // The live lesson: a question every 30 generations, one generation a second.
        let liveBefore = cpuSeconds()
        for generation in 0..<generations {
            if generation % 30 == 0, generation + 10 <= generations {
                try handle(
                    .ask(
                        QuestionSpec(
                            metric: "meanTrait", kind: .number(tolerance: nil), horizon: 10, timeLimit: nil,
                            hint: nil, allowChange: true)))
            }
            now = now.adding(seconds: 1)
            try handle(.step(count: 1))
        }
        try handle(.end)
        let live = cpuSeconds() - liveBefore

        // A reel replayed from the log instead (a lesson restored, or ended, before its make-up opened).
        let replayBefore = cpuSeconds()
        let replayed = try MakeupReel<CamouflageModel>(
            definition: definition, teacherToken: token, configuration: configuration, log: log, source: (),
            startedAt: start)
        let replaySeconds = cpuSeconds() - replayBefore
        guard replayed.stops == recorded.stops else {
            throw ValidationError("The replayed reel differs from the recorded one.")
        }

        // The make-up: each student through the recorded reel, answering every question.
        let reel = recorded
        let makeupBefore = cpuSeconds()
        var frames = 0
        var answered = 0
        for index in 0..<students {
            var play = MakeupPlay(student: StudentID(100_000 + index), name: "Make-up \(index + 1)")
            var clock = start.adding(seconds: 86_400)
            while !play.isAtEnd(of: reel) {
                clock = clock.adding(milliseconds: 200)
                for frame in play.advance(in: reel, at: clock) {
                    frames += 1
                    if case .message(.question(let info)) = frame {
                        _ = try play.answer(info.id, .number(50), in: reel, at: clock)
                        answered += 1
                    }
                }
            }
        }
        let makeup = cpuSeconds() - makeupBefore
        let ratio = makeup / max(live, 1e-9)
        let replayedRatio = (makeup + replaySeconds) / max(live, 1e-9)

        print(MachineInfo.current.line)
        print(
            "makeup benchmark: \(students) make-up students playing back \(generations) generations of \(population) creatures (camouflage, seed \(seed)), lesson layer only"
        )
        print(
            "  live lesson \(fixed(live, 3)) s CPU (recording the reel as it went); \(students) make-ups \(fixed(makeup, 3)) s CPU:"
                + " ratio \(fixed(ratio, 3)); with the reel replayed from the log instead (\(fixed(replaySeconds, 3)) s, once)"
                + " \(fixed(replayedRatio, 3)); \(frames) frames sent, \(answered) answers")
        let fields = [
            "\"benchmark\":\"makeup\"", "\"population\":\(population)", "\"generations\":\(generations)",
            "\"students\":\(students)", "\"cpuSecondsLive\":\(fixed(live, 4))",
            "\"cpuSecondsMakeup\":\(fixed(makeup, 4))", "\"cpuSecondsReplay\":\(fixed(replaySeconds, 4))",
            "\"cpuRatioToLive\":\(fixed(ratio, 4))", "\"cpuRatioToLiveReplayed\":\(fixed(replayedRatio, 4))",
            "\"frames\":\(frames)",
        ]
        print(MachineInfo.current.annotating("{" + fields.joined(separator: ",") + "}"))
    }
}
