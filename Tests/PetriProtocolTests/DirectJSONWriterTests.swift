import PetriSimulation
import Testing

@testable import PetriProtocol

/// The per-student messages skip `JSONEncoder`; their bytes must not change because of it.
@Suite("Messages: per-student messages are byte for byte what JSONEncoder writes")
struct HotMessageWriterTests {
    let encoder = ProtocolEncoder()

    /// Names with everything a JSON string can trip on.
    static let names = [
        "Ada", "", "quote\"d", "back\\slash", "a/b", "tab\tnew\nline\r", "bell\u{07}\u{08}\u{0C}\u{1F}\u{00}",
        "del\u{7F}", "Zoë", "李小龙", "🦋 moth", "\u{2028}\u{2029}", "x (2)",
    ]

    /// Numbers on every path of the number format: whole, fractional, tiny, huge, signed zero.
    static let numbers: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.7, 1.0 / 3, 12.5, 100, 1e15, 1e16, 1e21, 1e22, -2.5e-7, 1e-5,
        .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 123_456_789.012345,
    ]

    static func randomNumber(_ random: inout PetriRandom) -> Double {
        switch random.next() % 3 {
        case 0: numbers[Int(random.next() % UInt64(numbers.count))]
        case 1: Double(Int64(bitPattern: random.next()) % 2_000_001 - 1_000_000) / 1000
        default:
            // Any finite double at all.
            Double(bitPattern: random.next() & ~(0x7FF << 52) | (random.next() % 0x7FF) << 52)
        }
    }

    static func randomPrediction(_ random: inout PetriRandom) -> Prediction? {
        switch random.next() % 5 {
        case 0: nil
        case 1: .number(randomNumber(&random))
        case 2: .choice(Int(Int32(truncatingIfNeeded: random.next())))
        case 3: .range(lower: randomNumber(&random), upper: randomNumber(&random))
        default: .probability(Double(random.next() % 1001) / 1000)
        }
    }

    static func randomExpected(_ random: inout PetriRandom) -> Expected? {
        switch random.next() % 4 {
        case 0: nil
        case 1: Expected(replicates: Int(random.next() % 200) + 1)
        case 2: Expected(replicates: Int(random.next() % 200) + 1, classMean: Int(random.next() % 1001))
        default:
            Expected(
                replicates: Int(random.next() % 200) + 1, points: Int(random.next() % 1001),
                classMean: Int(random.next() % 1001))
        }
    }

    static func randomMessages(_ count: Int) -> [ServerMessage] {
        var random = PetriRandom(seed: 2026)
        var messages: [ServerMessage] = []
        for i in 0..<count {
            let points = ScoreBreakdown(
                base: Int(random.next() % 1001), hintTaken: random.next() % 2 == 0, speed: Int(random.next() % 11),
                streak: Int(random.next() % 300), total: Int(random.next() % 1311))
            let name = names[Int(random.next() % UInt64(names.count))]
            let standing = LeaderboardEntry(
                rank: Int(random.next() % 10_000) + 1, student: StudentID(Int(random.next() % 100_000)), name: name,
                score: i == 0 ? Int.max : i == 1 ? Int.min : Int(random.next() % 1_000_000))
            messages.append(
                .result(
                    PersonalResult(
                        question: QuestionID(Int(random.next() % 500) + 1), prediction: randomPrediction(&random),
                        points: points, score: standing.score, streak: Int(random.next() % 50), standing: standing,
                        expected: randomExpected(&random))))
            messages.append(
                .answerAccepted(
                    question: QuestionID(i + 1), prediction: randomPrediction(&random) ?? .choice(0),
                    answeredAt: Timestamp(millisecondsSince1970: Int64(bitPattern: random.next() >> 1))))
            messages.append(
                .answerCount(
                    question: QuestionID(i + 1), answered: Int(random.next() % 10_000),
                    students: Int(random.next() % 10_000),
                    answeredBy: (0..<Int(random.next() % 4)).map { _ in StudentID(Int(random.next() % 10_000)) }))
            let top = (0..<Int(random.next() % 5)).map { rank in
                LeaderboardEntry(
                    rank: rank + 1, student: StudentID(rank), name: names[rank % names.count], score: 1000 - rank)
            }
            messages.append(
                .leaderboard(Leaderboard(top: top, you: random.next() % 2 == 0 ? nil : standing, students: top.count)))
        }
        return messages
    }

    @Test func resultsAcceptedAnswersCountsAndLeaderboardsMatchJSONEncoderOnThousandsOfRandomMessages() throws {
        // Given 4,000 random messages with hostile names and every kind of number
        let messages = Self.randomMessages(1000)

        // Then the fast writer produces exactly JSONEncoder's bytes for every one
        var mismatches: [String] = []
        for message in messages {
            let fast = try encoder.encode(message)
            let reference = try encoder.encodeWithFoundation(message)
            if fast != reference {
                mismatches.append(
                    "\(String(decoding: fast, as: UTF8.self)) != \(String(decoding: reference, as: UTF8.self))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ; the first: \(mismatches.first ?? "")")
    }

    @Test func theFastWriterOnlyTakesThePerStudentKinds() {
        // Given messages of other kinds, Then the fast writer leaves them to JSONEncoder
        #expect(DirectJSONWriter.encode(.pong) == nil)
        #expect(DirectJSONWriter.encode(.paused) == nil)
        #expect(DirectJSONWriter.encode(.stats(timeline: 0, stats: GenerationStats(generation: 0, values: [:]))) == nil)
        #expect(DirectJSONWriter.encode(.runOver(message: "extinct")) == nil)
    }

    @Test func everyNonFiniteNumberTravelsAsWireCodingsString() throws {
        // Given predictions that are not finite (never accepted from clients, but encodable)
        for (x, text) in [(Double.nan, "\"NaN\""), (.infinity, "\"Infinity\""), (-.infinity, "\"-Infinity\"")] {
            let message = ServerMessage.answerAccepted(
                question: QuestionID(1), prediction: .number(x), answeredAt: Timestamp(millisecondsSince1970: 0))
            // Then both encoders write the same string form
            let fast = try encoder.encode(message)
            #expect(fast == (try encoder.encodeWithFoundation(message)))
            #expect(String(decoding: fast, as: UTF8.self).contains(text))
        }
    }
}
