import Foundation
import PetriLesson
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriStorage

/// The store's hottest log entries skip `JSONEncoder`; what it stores must not change because of it.
@Suite("Storage: answer, catch and join entries are byte for byte what JSONEncoder writes")
struct LogEntryJSONTests {
    static let names = [
        "Ada", "a/b", "quote\"d", "back\\slash", "tab\tnew\nline", "\u{00}\u{1F}\u{7F}", "Zoë", "李小龙", "🦋",
        "\u{2028}", "x (2)", "",
    ]
    static let numbers: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.7, 1.0 / 3, 1e15, 1e16, 1e21, 1e22, -2.5e-7, .leastNonzeroMagnitude,
        .greatestFiniteMagnitude, 50,
    ]

    static func randomEntries(_ count: Int) throws -> [LessonLogEntry] {
        var random = PetriRandom(seed: 1414)
        var entries: [LessonLogEntry] = []
        for i in 0..<count {
            let time = Timestamp(millisecondsSince1970: Int64(random.next() % 4_000_000_000_000))
            let number = numbers[Int(random.next() % UInt64(numbers.count))]
            let predictions: [Prediction] = [
                .number(number), .number(Double(bitPattern: random.next() % 0x7FE0_0000_0000_0000)),
                .choice(Int(Int32(truncatingIfNeeded: random.next()))),
                .probability(Double(random.next() % 1001) / 1000),
                .range(lower: number, upper: Double(bitPattern: random.next() % 0x7FE0_0000_0000_0000)),
            ]
            entries.append(
                LessonLogEntry(
                    sequence: i + 1, time: time, actor: .student(StudentID(Int(random.next() % 100_000) + 1)),
                    command: .answer(
                        QuestionID(Int(random.next() % 500) + 1), predictions[Int(random.next() % 4)],
                        reason: random.next() % 3 == 0 ? names[Int(random.next() % UInt64(names.count))] : nil)))
            let token = try AccessToken(randomBytes: (0..<16).map { _ in UInt8(random.next() % 256) })
            let name = random.next() % 5 == 0 ? nil : names[Int(random.next() % UInt64(names.count))]
            entries.append(
                LessonLogEntry(sequence: i + 2, time: time, actor: .guest, command: .join(name: name, token: token)))
            entries.append(
                LessonLogEntry(
                    sequence: i + 3, time: time, actor: .student(StudentID(Int(random.next() % 100_000) + 1)),
                    command: .catchCreature(Int(Int32(truncatingIfNeeded: random.next())))))
        }
        return entries
    }

    @Test func answerCatchAndJoinEntriesMatchTheStoresEncoderOnThousandsOfRandomEntries() throws {
        // Given 6,000 random answer, catch and join entries (hostile names and reasons, slashes, any finite number)
        var mismatches: [String] = []
        for entry in try Self.randomEntries(2000) {
            // Then the direct writer's bytes are what the store's JSONEncoder writes
            let fast = DirectEntry.bytes(of: entry).map { String(decoding: $0.payload, as: UTF8.self) }
            let reference = try LogEncoding.json(ExplicitEntry(entry: entry))
            if fast != reference { mismatches.append("\(fast ?? "nil") != \(reference)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ; the first: \(mismatches.first ?? "")")
    }

    @Test func otherEntriesAreLeftToJSONEncoder() {
        // Given entries of other kinds or from other senders
        let time = Timestamp(millisecondsSince1970: 0)
        let others = [
            LessonLogEntry(sequence: 1, time: time, actor: .teacher, command: .step(count: 1)),
            LessonLogEntry(sequence: 2, time: time, actor: .teacher, command: .answer(QuestionID(1), .choice(0))),
            LessonLogEntry(sequence: 3, time: time, actor: .student(StudentID(1)), command: .takeHint(QuestionID(1))),
            LessonLogEntry(
                sequence: 4, time: time, actor: .student(StudentID(1)), command: .answer(QuestionID(1), .number(.nan))),
        ]
        // Then the direct writer declines them
        for entry in others { #expect(DirectEntry.bytes(of: entry) == nil) }
    }
}
