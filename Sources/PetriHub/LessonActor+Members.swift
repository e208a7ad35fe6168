import PetriLesson
import PetriProtocol
import PetriTransport

extension LessonActor {
    /// Binds a connection to the participant it now speaks as.
    func attach(_ connection: ConnectionID, as participant: Participant, session: Int) {
        if members[connection] == nil {
            everyoneIndex[connection] = everyoneList.count
            everyoneList.append(connection)
        }
        members[connection] = Member(participant: participant, session: session)
        switch participant {
        case .student(let id): studentConnections[id] = connection
        case .teacher: teacherList.insert(connection)
        case .observer: observerList.insert(connection)
        case .guest, .server: break
        }
    }

    /// Forgets a connection (O(1): the last one takes its place in the broadcast list).
    func detach(_ connection: ConnectionID) {
        guard let member = members.removeValue(forKey: connection) else { return }
        if let index = everyoneIndex.removeValue(forKey: connection) {
            let last = everyoneList.removeLast()
            if last != connection {
                everyoneList[index] = last
                everyoneIndex[last] = index
            }
        }
        switch member.participant {
        case .student(let id) where studentConnections[id] == connection: studentConnections[id] = nil
        case .teacher: teacherList.remove(connection)
        case .observer: observerList.remove(connection)
        default: break
        }
    }

    func connection(of student: StudentID) -> ConnectionID? { studentConnections[student] }

    /// Closes every attached connection with a code and reason and forgets them.
    func closeEveryone(code: CloseCode, reason: String) {
        emitTeacherCount()
        for connection in everyoneList { outbox.append(.close(connection, code: code, reason: reason)) }
        flushOutbox()
        members = [:]
        everyoneList = []
        everyoneIndex = [:]
        studentConnections = [:]
        teacherList = []
        observerList = []
    }
}
