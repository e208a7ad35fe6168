import PetriProtocol

/// The teacher's roster: who is here, who is connected, their rank and score.
///
/// The header counts who has answered the open question; each student who has is ticked (✓),
/// from the welcome's `answeredBy` and the `answeredBy` of every `answerCount` the teacher receives.
/// Rows are in rank order and say `2nd · 1,840 pts`; a student's id (`#3`, which `kick` takes) is
/// shown only beside a name that another student shares, where `kick NAME` could not tell them apart.
enum RosterView {
    /// The students who are not removed, best first (equal scores share a rank: 1, 1, 3), then by name.
    static func ranked(_ lesson: LessonState) -> [(rank: Int, entry: RosterEntry)] {
        let students = lesson.roster.values.filter { !$0.kicked }.sorted {
            $0.score != $1.score
                ? $0.score > $1.score
                : ($0.name.lowercased(), $0.student) < ($1.name.lowercased(), $1.student)
        }
        var ranked: [(rank: Int, entry: RosterEntry)] = []
        for (i, student) in students.enumerated() {
            let rank = i > 0 && students[i - 1].score == student.score ? ranked[i - 1].rank : i + 1
            ranked.append((rank, student))
        }
        return ranked
    }

    /// Draws the roster in `rect`: a header, then one student per row in rank order.
    static func draw(into canvas: inout Canvas, rect: Rect, lesson: LessonState, theme: Theme) {
        guard rect.height >= 2 else { return }
        let students = ranked(lesson)
        let online = students.filter(\.entry.online).count
        let answered = lesson.answerCount.flatMap { $0.question == lesson.openQuestion?.id ? $0.who : nil } ?? []
        var header = theme.text("terminal.roster.header", ["online": .int(online), "count": .int(students.count)])
        if let tally = lesson.answerCount, tally.question == lesson.openQuestion?.id {
            header +=
                " · "
                + theme.text(
                    "terminal.roster.answered", ["answered": .int(tally.answered), "students": .int(tally.students)])
        }
        canvas.put(header, x: rect.x, y: rect.y, style: theme.title, maxWidth: rect.width)
        var names: [String: Int] = [:]
        for (_, student) in students { names[student.name.lowercased(), default: 0] += 1 }
        var y = rect.y + 1
        let room = rect.maxY - y
        let shown = students.count > room ? max(0, room - 1) : students.count
        for (rank, student) in students.prefix(shown) {
            let dot = student.online ? "●" : "○"
            let standing =
                (answered.contains(student.student) ? "✓ " : "")
                + (student.extraTime.map { "+\($0)% " } ?? "")
                + "\(Format.ordinal(rank)) · \(Format.points(student.score))"
            let style = student.online ? CellStyle.plain : theme.dim
            let shared = (names[student.name.lowercased()] ?? 0) > 1
            canvas.put(dot, x: rect.x, y: y, style: student.online ? theme.success : theme.dim)
            canvas.put(
                student.name + (shared ? " #\(student.student.rawValue)" : ""), x: rect.x + 2, y: y, style: style,
                maxWidth: rect.width - 3 - TerminalText.width(of: standing))
            canvas.put(standing, x: rect.maxX - TerminalText.width(of: standing), y: y, style: style)
            y += 1
        }
        if students.count > shown, y < rect.maxY {
            canvas.put(
                theme.text("terminal.list.more", ["count": .int(students.count - shown)]), x: rect.x, y: y,
                style: theme.dim)
        }
        if students.isEmpty, y < rect.maxY {
            canvas.put(theme.text("terminal.roster.empty"), x: rect.x, y: y, style: theme.dim, maxWidth: rect.width)
        }
    }
}
