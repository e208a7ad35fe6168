import PetriProtocol

/// Every lasting LTI row of a store, as another store holds them: what `petri store copy` moves from SQLite into
/// PostgreSQL after the lessons and the accounts (login initiations and used nonces last minutes: not copied).
package struct LTICopy: Sendable {
    package struct TeacherLink: Sendable, Hashable {
        package var platformId: String
        package var userId: String
        package var teacherId: String

        package init(platformId: String, userId: String, teacherId: String) {
            self.platformId = platformId
            self.userId = userId
            self.teacherId = teacherId
        }
    }

    package var platforms: [LTIPlatformRecord]
    package var toolKey: LTIToolKeyRecord?
    package var teachers: [TeacherLink]
    package var lessons: [LTILessonLink]
    package var students: [LTIStudentLink]
    package var grades: [LTIGradeRecord]

    package init(
        platforms: [LTIPlatformRecord], toolKey: LTIToolKeyRecord?, teachers: [TeacherLink], lessons: [LTILessonLink],
        students: [LTIStudentLink], grades: [LTIGradeRecord]
    ) {
        self.platforms = platforms
        self.toolKey = toolKey
        self.teachers = teachers
        self.lessons = lessons
        self.students = students
        self.grades = grades
    }
}
