/// Every row of the account tables (teachers, sign-in links, sessions, who teaches which lesson), as
/// `petri store copy` moves them from SQLite into PostgreSQL, after the lessons.
package struct AccountsCopy: Sendable {
    package struct LessonTeacher: Sendable, Hashable {
        package var lessonId: String
        package var teacherId: String
        package var role: LessonRole

        package init(lessonId: String, teacherId: String, role: LessonRole) {
            (self.lessonId, self.teacherId, self.role) = (lessonId, teacherId, role)
        }
    }

    package var teachers: [TeacherRecord]
    package var links: [SignInLinkRecord]
    package var sessions: [TeacherSessionRecord]
    package var lessonTeachers: [LessonTeacher]

    package init(
        teachers: [TeacherRecord], links: [SignInLinkRecord], sessions: [TeacherSessionRecord],
        lessonTeachers: [LessonTeacher]
    ) {
        self.teachers = teachers
        self.links = links
        self.sessions = sessions
        self.lessonTeachers = lessonTeachers
    }
}
