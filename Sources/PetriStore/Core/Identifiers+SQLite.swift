import GRDB
import PetriProtocol
import PetriStorage

// The lesson's ids as SQLite binds and reads them: the only place they become text (see
// `storedText`); everything above the SQL statements keeps their types.

extension StudentID: SQLExpressible, StatementBinding, DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { storedText.databaseValue }

    package static func fromDatabaseValue(_ dbValue: DatabaseValue) -> StudentID? {
        String.fromDatabaseValue(dbValue).flatMap(StudentID.init(storedText:))
    }
}

extension QuestionID: SQLExpressible, StatementBinding, DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { storedText.databaseValue }

    package static func fromDatabaseValue(_ dbValue: DatabaseValue) -> QuestionID? {
        String.fromDatabaseValue(dbValue).flatMap(QuestionID.init(storedText:))
    }
}
