import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite struct LeaderboardShortcutTests {
    @Test func theTopAndOwnLinesMatchTheFullRankingOnRandomClasses() throws {
        // Given classes of random sizes with tied scores, repeated names and kicked students
        var random = PetriRandom(seed: 99)
        for trial in 0..<200 {
            let size = random.nextInt(in: 0...40)
            let students: [Student] = try (0..<size).map { i in
                var s = Student(
                    id: StudentID(i + 1), name: ["Ada", "Ben", "Cy", "Di"][random.nextInt(in: 0...3)],
                    token: try AccessToken("token-\(trial)-\(i)-abcdefghijklmnop"), joinedInEntry: i)
                s.score = random.nextInt(in: 0...4) * 500
                s.isKicked = random.nextInt(in: 0...9) == 0
                return s
            }
            let top = random.nextInt(in: 0...12)
            let me = size == 0 ? nil : StudentID(random.nextInt(in: 1...size))
            // Then the shortcut gives exactly the full ranking's board
            #expect(
                Ranking.board(of: students, top: top, for: me) == Ranking(students).board(top: top, for: me),
                "trial \(trial)")
        }
    }

    @Test func theRostersKeptBoardMatchesTheFullRankingThroughJoinsScoresAndKicks() throws {
        // Given a roster whose board is kept between score changes (as during a join storm)
        var random = PetriRandom(seed: 1414)
        var roster = Roster()
        let size = 5
        for step in 0..<600 {
            // When students join, scores change, students are kicked or come back online, in any order
            switch random.nextInt(in: 0...9) {
            case 0...5:
                roster.prepareBoard(top: size)
                _ = roster.add(
                    name: ["Ada", "Ben", "Cy", "Di", "Ed"][random.nextInt(in: 0...4)] + " \(step % 7)",
                    token: try AccessToken("token-\(step)-abcdefghijklmnopqrst"), entry: step)
            case 6, 7:
                guard !roster.students.isEmpty else { continue }
                let id = StudentID(random.nextInt(in: 1...roster.students.count))
                let score = random.nextInt(in: 0...3) * 100
                roster.update(id) { $0.score = score }
            case 8:
                guard !roster.students.isEmpty else { continue }
                let id = StudentID(random.nextInt(in: 1...roster.students.count))
                let kicked = random.nextInt(in: 0...1) == 0
                roster.update(id) { $0.isKicked = kicked }
            default:
                guard !roster.students.isEmpty else { continue }
                let id = StudentID(random.nextInt(in: 1...roster.students.count))
                roster.update(id) { $0.isOnline.toggle() }
            }
            // Then its board, for anyone, is exactly the full ranking's, and its online count is right
            let me = roster.students.isEmpty ? nil : StudentID(random.nextInt(in: 1...roster.students.count))
            #expect(
                roster.board(top: size, for: me) == Ranking(roster.students).board(top: size, for: me), "step \(step)")
            #expect(roster.onlineCount == roster.students.filter(\.isOnline).count)
        }
    }
}
