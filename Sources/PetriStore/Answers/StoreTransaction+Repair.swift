import GRDB
import PetriProtocol

extension StoreTransaction {
    /// Brings a question's points and the students' scores and streaks to `points` and `scores`,
    /// as ``recordResolution(lessonId:questionId:points:scores:)`` does, but reads the stored rows
    /// first and writes only those that differ: what a restart does to repair the scores a crash
    /// may have left behind the log, which after a clean stop writes nothing.
    ///
    /// - Returns: How many rows it rewrote (points and scores together).
    /// - Throws: What ``recordResolution(lessonId:questionId:points:scores:)`` throws for the rows that differ.
    @discardableResult
    func repairResolution(
        lessonId: String, questionId: QuestionID, points: [StudentID: Int], scores: [StudentID: StudentScore]
    ) throws(StoreError) -> Int {
        let (storedPoints, storedScores) = try run {
            var storedPoints: [StudentID: Int?] = [:]
            if !points.isEmpty {
                let rows = try Row.fetchCursor(
                    db.cachedStatement(
                        sql: "SELECT studentId, points FROM answer WHERE lessonId = ? AND questionId = ?"),
                    arguments: [lessonId, questionId])
                while let row = try rows.next() {
                    storedPoints[try row.decode(forColumn: "studentId")] = try row.decode(
                        Int?.self, forColumn: "points")
                }
            }
            var storedScores: [StudentID: StudentScore] = [:]
            if !scores.isEmpty {
                let rows = try Row.fetchCursor(
                    db.cachedStatement(sql: "SELECT studentId, score, streak FROM student WHERE lessonId = ?"),
                    arguments: [lessonId])
                while let row = try rows.next() {
                    storedScores[try row.decode(forColumn: "studentId")] = StudentScore(
                        score: try row.decode(forColumn: "score"), streak: try row.decode(forColumn: "streak"))
                }
            }
            return (storedPoints, storedScores)
        }
        let changedPoints = points.filter { (storedPoints[$0.key] ?? nil) != $0.value }
        let changedScores = scores.filter { storedScores[$0.key] != $0.value }
        guard !changedPoints.isEmpty || !changedScores.isEmpty else { return 0 }
        try recordResolution(lessonId: lessonId, questionId: questionId, points: changedPoints, scores: changedScores)
        return changedPoints.count + changedScores.count
    }
}
