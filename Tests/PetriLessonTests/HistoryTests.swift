import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("History: catching up and browsing")
struct HistoryTests {
    static func stepped(_ generations: Int, pageSize: Int = 500) throws -> Classroom {
        var room = try Classroom(
            .init(drift: 1), configuration: LessonConfiguration(nameSeed: 7, historyPageSize: pageSize))
        room.step(generations)
        return room
    }

    static func pages(_ outcome: LessonOutcome<WalkModel>) -> [HistoryPage] {
        outcome.replies.compactMap { if case .history(let page) = $0 { page } else { nil } }
    }

    @Test func aReturningStudentGetsOnlyTheGenerationsTheyMissed() throws {
        // Given Ada saw generation 4, then dropped, and the class went on to 9
        var room = try Self.stepped(4)
        let (ada, token) = try room.join("Ada")
        room.student(ada, .left(session: room.sessions[ada] ?? 0))
        room.step(5)

        // When she resumes saying she last saw generation 4
        let outcome = room.send(
            .resume(token: token, lastSeen: TimelinePosition(timeline: 0, generation: 4)), as: .guest)

        // Then she gets 5...9, flagged as missed
        #expect(outcome.welcome?.historyFrom == 5 && outcome.welcome?.missed == true)
        #expect(Self.pages(outcome).map(\.stats).flatMap { $0 }.map(\.generation) == [5, 6, 7, 8, 9])
    }

    @Test func aClientThatIsUpToDateMissedNothing() throws {
        // Given Ada saw generation 4 and nothing moved since
        var room = try Self.stepped(4)
        let (_, token) = try room.join("Ada")

        // When she reconnects
        let outcome = room.send(
            .resume(token: token, lastSeen: TimelinePosition(timeline: 0, generation: 4)), as: .guest)

        // Then no history is sent and nothing was missed
        #expect(outcome.welcome?.missed == false)
        #expect(Self.pages(outcome).isEmpty)
    }

    @Test func aClientFromAnEarlierTimelineGetsEverythingAgain() throws {
        // Given Ada saw generation 6, then the teacher rewound to 3 and stepped to 8
        var room = try Self.stepped(6)
        let (_, token) = try room.join("Ada")
        room.teacher(.rewind(count: 3))
        room.step(5)

        // When she reconnects saying timeline 0, generation 6
        let outcome = room.send(
            .resume(token: token, lastSeen: TimelinePosition(timeline: 0, generation: 6)), as: .guest)

        // Then she gets all of timeline 1 from 0, flagged as missed
        #expect(outcome.welcome?.position == TimelinePosition(timeline: 1, generation: 8))
        #expect(outcome.welcome?.historyFrom == 0 && outcome.welcome?.missed == true)
        #expect(Self.pages(outcome).first?.from == 0)
    }

    @Test func longHistoriesArriveInPages() throws {
        // Given 10 generations and pages of 4
        var room = try Self.stepped(10, pageSize: 4)

        // When a student joins, Then the history comes as 0-3, 4-7, 8-10
        let token = try room.mintToken()
        let outcome = room.send(.join(name: "Ada", token: token), as: .guest)
        #expect(Self.pages(outcome).map { [$0.from, $0.to] } == [[0, 3], [4, 7], [8, 10]])
    }

    @Test func anyPastGenerationOrRangeCanBeAskedFor() throws {
        // Given 10 generations and pages of 4
        var room = try Self.stepped(10, pageSize: 4)
        let (ada, _) = try room.join("Ada")

        // When Ada asks for generation 7 alone, for 2...9, and for everything
        let one = Self.pages(room.student(ada, .history(from: 7, to: 7)))
        let range = Self.pages(room.student(ada, .history(from: 2, to: 9)))
        let all = Self.pages(room.teacher(.history(from: nil, to: nil)))

        // Then she gets generation 7's stats; the range is cut to one page; the teacher too
        #expect(one.first?.stats.map(\.generation) == [7])
        #expect(one.first?.stats.first?.values["population"] == 107)
        #expect(range.map { [$0.from, $0.to] } == [[2, 5]])
        #expect(all.map { [$0.from, $0.to] } == [[0, 3]])
    }

    @Test(arguments: [(-1, 3), (5, 2), (0, 11)])
    func rangesOutsideTheHistoryAreRefused(from: Int, to: Int) throws {
        // Given 10 generations, When a range outside 0...10 or reversed is asked for, Then it is refused
        var room = try Self.stepped(10)
        let (ada, _) = try room.join("Ada")
        #expect(room.student(ada, .history(from: from, to: to)).errorCode == .outOfRange)
    }
}
