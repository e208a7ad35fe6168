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
}
