import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Secrecy: the seed never reaches a student")
struct SecrecyTests {
    @Test func nothingAStudentCanReceiveContainsTheSeed() throws {
        // Given a whole lesson: joins, questions of every kind, hints, actions, rewinds,
        // restores, an import-style clone, history requests, kicks and the end
        var room = try Classroom(.init(start: 50, drift: -1, spread: 3))
        var studentBytes: [[UInt8]] = []
        var teacherBytes: [[UInt8]] = []
        let encoder = ProtocolEncoder()
        func record(_ outcome: LessonOutcome<WalkModel>, sender: Participant) throws {
            for effect in outcome.effects {
                switch effect {
                case .broadcast(let message):
                    studentBytes.append(try encoder.encode(message))
                case .broadcastSnapshot(let header, let snapshot):
                    studentBytes.append(try encoder.encodeSnapshot(header, snapshot))
                case .send(let message, .student):
                    studentBytes.append(try encoder.encode(message))
                case .reply(let message):
                    let bytes = try encoder.encode(message)
                    if sender == .teacher { teacherBytes.append(bytes) } else { studentBytes.append(bytes) }
                case .replySnapshot(let header, let snapshot):
                    studentBytes.append(try encoder.encodeSnapshot(header, snapshot))
                default:
                    continue
                }
            }
        }
        func guest(_ command: LessonCommand) throws -> LessonOutcome<WalkModel> {
            let outcome = room.send(command, as: .guest)
            try record(outcome, sender: .guest)
            return outcome
        }
        func teacher(_ command: LessonCommand) throws { try record(room.teacher(command), sender: .teacher) }
        func student(_ id: StudentID, _ command: LessonCommand) throws {
            try record(room.student(id, command), sender: .student(id))
        }

        let adaToken = try room.mintToken()
        let ada = try #require(try guest(.join(name: "Ada", token: adaToken)).attachedStudent)
        let ben = try #require(try guest(.join(name: "Ben", token: try room.mintToken())).attachedStudent)
        try teacher(.checkpoint)
        try teacher(.ask(.population(in: 3, hint: "down")))
        try student(ada, .takeHint(QuestionID(1)))
        try student(ada, .answer(QuestionID(1), .number(47)))
        try teacher(.step(count: 3))
        try teacher(.ask(.growShrink(in: 2)))
        try student(ben, .answer(QuestionID(2), .choice(2)))
        try teacher(.act(.set(name: "drift", value: .number(-2))))
        try teacher(.step(count: 2))
        try teacher(.ask(.extinction(in: 4)))
        try student(ada, .answer(QuestionID(3), .probability(0.2)))
        try teacher(.rewind(count: 2))
        try teacher(.restore)
        try teacher(.run(rate: 5))
        try record(room.server(.tick), sender: .server)
        try student(ben, .history(from: nil, to: nil))
        _ = try guest(.resume(token: adaToken, lastSeen: TimelinePosition(timeline: 0, generation: 1)))
        try teacher(.exportDefinition)
        try teacher(.clone(changes: [ParameterChange("drift", .number(3))]))
        try teacher(.exportResults)
        try teacher(.kick(ben))
        try teacher(.end)

        // Then no byte string a student could receive contains the seed, in decimal or hex
        let seedTexts = [
            String(Classroom.seed), String(Classroom.seed, radix: 16),
            String(Classroom.seed, radix: 16, uppercase: true),
        ]
        #expect(studentBytes.count > 30)
        for bytes in studentBytes {
            let text = String(decoding: bytes, as: UTF8.self)
            for seed in seedTexts { #expect(!text.contains(seed), "a student message contains the seed: \(text)") }
        }
        // And the check would have caught it: the teacher's lesson file does contain it
        let teacherText = teacherBytes.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(teacherText.contains(String(Classroom.seed)))
    }
}
