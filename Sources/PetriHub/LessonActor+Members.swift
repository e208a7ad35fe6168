import PetriLesson
import PetriProtocol
import PetriTransport
import PetriWords

extension LessonActor {
    /// Binds a connection to the participant it now speaks as, reading `language` if it asked for one.
    func attach(_ connection: ConnectionID, as participant: Participant, session: Int, language: Language?) {
        if members[connection] == nil {
            everyoneIndex[connection] = everyoneList.count
            everyoneList.append(connection)
        }
        members[connection] = Member(
            participant: participant, session: session, language: language ?? members[connection]?.language)
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

    /// The languages the lesson's words come in (its catalogs'), English first.
    static var offeredLanguages: [Language] { LessonWords.book.languages }

    /// The lesson's own language (``LessonOptions/language``), what a connection that asked for none reads.
    var lessonLanguage: Language {
        guard let tag = lesson.configuration.options.language else { return .english }
        return Language.match([tag], among: Self.offeredLanguages)
    }

    /// The language a connection reads: what it asked for, else the lesson's.
    func language(of connection: ConnectionID) -> Language {
        members[connection]?.language ?? lessonLanguage
    }

    func setLanguage(_ language: Language, for connection: ConnectionID) -> Language? {
        guard members[connection] != nil else { return nil }
        members[connection]?.language = language
        return language
    }

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
