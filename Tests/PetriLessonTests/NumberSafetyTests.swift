import Foundation
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

/// No number a student sends can stop a lesson: predictions are range-checked at `answer`,
/// and spreads and scoring are total on every finite double.
@Suite("Number safety: extreme predictions, spreads and scoring")
struct NumberSafetyTests {
    /// Doubles that have broken arithmetic before, plus seeded random bit patterns.
    static func extremeDoubles(seed: UInt64, count: Int) -> [Double] {
        var random = PetriRandom(seed: seed)
        var values: [Double] = [
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1.7e308, -1.7e308, .leastNonzeroMagnitude,
            -.leastNonzeroMagnitude, .leastNormalMagnitude, -0.0, 0, 1, -1, 1e-300, 1e300,
        ]
        while values.count < count {
            let x = Double(bitPattern: random.next())
            if x.isFinite { values.append(x) }
        }
        return values
    }

    /// Whether the encoded message carries only JSON numbers (no "Infinity" or "NaN" strings).
    static func hasOnlyFiniteNumbers(_ message: ServerMessage) throws -> Bool {
        let text = String(decoding: try ProtocolEncoder().encode(message), as: UTF8.self)
        return !text.contains("Infinity") && !text.contains("NaN") && !text.contains("inf")
    }

    @Test func theReportedHugeOppositePredictionsAreRefusedAndTheNextStepResolves() throws {
        // Given a population question and two students
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let (ben, _) = try room.join("Ben")
        let question = try room.ask(.population(in: 1))
        // When they answer 1.7e308 and -1.7e308, Then both are refused with the range in the sentence
        let high = room.student(ada, .answer(question, .number(1.7e308)))
        let low = room.student(ben, .answer(question, .number(-1.7e308)))
        #expect(high.errorCode == .outOfRange && low.errorCode == .outOfRange)
        #expect(
            high.rejection?.message
                == "A prediction for population must be between 0 and 1,000,000,000, not 1.7e+308.")
        // And the teacher's step resolves the question with ten finite bins and no mean
        let outcome = room.teacher(.step(count: 1))
        let resolution = try #require(
            outcome.broadcasts.compactMap { if case .resolved(let r) = $0 { r } else { nil } }.first)
        #expect(resolution.spread.answers == 0 && resolution.spread.bins?.count == 10)
        #expect(try Self.hasOnlyFiniteNumbers(.resolved(resolution)))
    }

    @Test func predictionsAtTheEdgesOfTheRangeAreAcceptedAndJustOutsideRefused() throws {
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let population = try room.ask(.population(in: 1))
        #expect(room.student(ada, .answer(population, .number(1e9))).rejection == nil)
        #expect(room.student(ada, .answer(population, .number(-0.0))).rejection == nil)
        #expect(room.student(ada, .answer(population, .number(-1))).errorCode == .outOfRange)
        room.step()
        let level = try room.ask(
            QuestionSpec(metric: "level", kind: .number(tolerance: nil), horizon: 1, allowChange: true))
        let refused = room.student(ada, .answer(level, .number(100.5)))
        #expect(refused.rejection?.message == "A prediction for level must be between 0 and 100, not 100.5.")
        #expect(room.student(ada, .answer(level, .number(100))).rejection == nil)
    }

    @Test func theSpreadOfHugeOppositePredictionsHasTenFiniteBinsAndAFiniteMean() throws {
        // The arithmetic that trapped (`Int(±infinity)` in the bins) with the stored answers of the report
        let spread = SpreadBuilder.numbers([1.7e308, -1.7e308], actual: 120, range: nil)
        #expect(spread.bins?.count == 10 && spread.bins?.map(\.count).reduce(0, +) == 2)
        #expect(spread.mean == 0)
        // And two answers of +1.7e308 have the mean 1.7e308, not infinity
        #expect(SpreadBuilder.numbers([1.7e308, 1.7e308], actual: 120, range: nil).mean == 1.7e308)
    }

    @Test(arguments: [UInt64(1), 2, 3, 0xC0FFEE])
    func spreadsAndScoresAreTotalOnAnyFiniteDouble(seed: UInt64) throws {
        let values = Self.extremeDoubles(seed: seed, count: 200)
        var random = PetriRandom(seed: seed ^ 0x5EED)
        for round in 0..<50 {
            let actual = values[Int(random.next() % UInt64(values.count))]
            let sample = (0..<Int(random.next() % 12)).map { _ in values[Int(random.next() % UInt64(values.count))] }
            let ranges: [ClosedRange<Double>?] = [
                nil, 0...100, 0...1, -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude,
            ]
            for range in ranges {
                let spread = SpreadBuilder.numbers(sample, actual: actual, range: range)
                let bins = try #require(spread.bins, "round \(round)")
                #expect(bins.count == 10, "round \(round)")
                #expect(bins.map(\.count).reduce(0, +) == sample.count)
                #expect(bins.allSatisfy { $0.lower.isFinite && $0.upper.isFinite })
                #expect(spread.mean.map(\.isFinite) ?? sample.isEmpty)
            }
            let probabilities = SpreadBuilder.probabilities(sample)
            #expect(probabilities.bins?.count == 10 && (probabilities.mean.map(\.isFinite) ?? sample.isEmpty))
            for x in sample {
                let tolerance = abs(values[Int(random.next() % UInt64(values.count))])
                #expect((0...1000).contains(Scoring.number(prediction: x, actual: actual, tolerance: tolerance)))
                #expect((0...1000).contains(Scoring.probability(x, happened: random.next() % 2 == 0)))
            }
        }
    }

    @Test(arguments: [UInt64(7), 8, 9])
    func aLessonResolvesAnyInRangePredictionsIntoFiniteMessages(seed: UInt64) throws {
        // Given a class answering random in-range numbers (including the ends, subnormals and -0)
        var random = PetriRandom(seed: seed)
        var room = try Classroom()
        var students: [StudentID] = []
        for i in 0..<8 { students.append(try room.join("S\(i)").0) }
        let edges: [Double] = [0, -0.0, .leastNonzeroMagnitude, 1e9, 1e9 - 1, 0.5]
        for _ in 0..<4 {
            let question = try room.ask(.population(in: 1, tolerance: nil))
            for student in students {
                let x =
                    random.next() % 2 == 0
                    ? edges[Int(random.next() % UInt64(edges.count))]
                    : Double(random.next() % 1_000_000_001) * (Double(random.next() % 1000) / 1000)
                #expect(room.student(student, .answer(question, .number(x))).rejection == nil)
            }
            // When the teacher steps, Then every message of the resolution has finite numbers only
            let outcome = room.teacher(.step(count: 1))
            #expect(outcome.rejection == nil)
            for case .broadcast(let message) in outcome.effects { #expect(try Self.hasOnlyFiniteNumbers(message)) }
            for case .send(let message, _) in outcome.effects { #expect(try Self.hasOnlyFiniteNumbers(message)) }
        }
    }

    @Test func aNumberQuestionNobodyAnsweredResolvesWithTenEmptyBarsAroundTheActualValue() throws {
        // Given a population question nobody answers
        var room = try Classroom()
        try room.join("Ada")
        try room.ask(.population(in: 1))
        // When it resolves
        let outcome = room.teacher(.step(count: 1))
        let resolution = try #require(
            outcome.broadcasts.compactMap { if case .resolved(let r) = $0 { r } else { nil } }.first)
        // Then ten bars with no answers are centred on the actual value, a tenth of it to each side
        let bins = try #require(resolution.spread.bins)
        #expect(bins.count == 10 && bins.allSatisfy { $0.count == 0 } && resolution.spread.mean == nil)
        let half = max(1, resolution.actual / 10)
        #expect(bins.first?.lower == resolution.actual - half && bins.last?.upper == resolution.actual + half)
    }
}
