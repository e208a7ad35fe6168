import PetriProtocol
import PetriSimulation

/// Name, resume token, the entry that added them, session, then online, kicked (bytes), score
/// and streak; numbers compact. The id is not written: it is the student's place in the roster.
extension Student {
    func write(to writer: inout StateWriter) {
        writer.appendText(name)
        writer.appendText(token.secret)
        writer.appendCompact(joinedInEntry)
        writer.appendCompact(session)
        writer.append(isOnline)
        writer.append(isKicked)
        writer.appendCompact(score)
        writer.appendCompact(streak)
    }

    init(id: StudentID, from reader: inout StateReader) throws(SimulationError) {
        let name = try reader.readText()
        let token: AccessToken
        do {
            token = try AccessToken(try reader.readText())
        } catch {
            throw StateReader.corrupt("holds a resume token that is not one")
        }
        self.init(
            id: id, name: name, token: token, joinedInEntry: try reader.readCompact(in: 1...Int.max, "a join entry"),
            session: try reader.readCompact(), isOnline: try reader.readBool(), isKicked: try reader.readBool(),
            score: try reader.readCompact(), streak: try reader.readCompact())
    }
}

/// A compact count, then each student in id order.
extension Roster: StateCodable {
    func write(to writer: inout StateWriter) {
        writer.appendCompact(students.count)
        for student in students { student.write(to: &writer) }
    }

    init(from reader: inout StateReader) throws(SimulationError) {
        let count = try reader.readCompactCount(limit: reader.remaining)
        var students: [Student] = []
        students.reserveCapacity(count)
        for index in 0..<count { students.append(try Student(id: StudentID(index + 1), from: &reader)) }
        guard let roster = Roster(restoring: students) else {
            throw StateReader.corrupt("has two students with the same resume token")
        }
        self = roster
    }
}
