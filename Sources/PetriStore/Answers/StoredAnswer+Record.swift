import GRDB

extension StoredAnswer: FetchableRecord, PersistableRecord {
    package static let databaseTableName = "answer"

    package init(row: Row) throws {
        self.init(
            lessonId: try row.decode(forColumn: "lessonId"),
            questionId: try row.decode(forColumn: "questionId"),
            studentId: try row.decode(forColumn: "studentId"),
            prediction: try row.decode(forColumn: "prediction"),
            answeredAt: try row.decode(forColumn: "answeredAt"),
            usedHint: try row.decode(forColumn: "usedHint"),
            points: try row.decode(forColumn: "points"),
            reason: try row.decode(forColumn: "reason"))
    }

    package func encode(to container: inout PersistenceContainer) throws {
        container["lessonId"] = lessonId
        container["questionId"] = questionId
        container["studentId"] = studentId
        container["prediction"] = prediction
        container["answeredAt"] = answeredAt
        container["usedHint"] = usedHint
        container["points"] = points
        container["reason"] = reason
    }
}
