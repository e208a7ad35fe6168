import PetriSimulation
import PetriWords

extension ClientMessage {
    /// The request of a signed-in teacher's message of this type (one of ``AccountRequest/types``).
    static func request(_ type: String, _ c: KeyedDecodingContainer<Keys>) throws -> AccountRequest {
        switch type {
        case "signOut": return .signOut
        case "sessions": return .sessions
        case "revokeSession": return .revokeSession(handle: try c.decodeText(.handle, limit: 64))
        case "myLessons": return .myLessons
        case "lessonTeachers": return .lessonTeachers(code: try c.decode(JoinCode.self, forKey: .code))
        case "teachers": return .teachers
        case "eraseLesson": return .eraseLesson(code: try c.decode(JoinCode.self, forKey: .code))
        case "addTeacher":
            return .addTeacher(
                name: try c.decodeText(.name, limit: TextLimit.account),
                email: try c.decodeTextIfPresent(.email, limit: TextLimit.account))
        case "resetTeacher": return .resetTeacher(teacher: try c.decodeText(.teacher, limit: TextLimit.account))
        case "disableTeacher": return .disableTeacher(teacher: try c.decodeText(.teacher, limit: TextLimit.account))
        case "enableTeacher": return .enableTeacher(teacher: try c.decodeText(.teacher, limit: TextLimit.account))
        case "removeTeacher": return .removeTeacher(teacher: try c.decodeText(.teacher, limit: TextLimit.account))
        case "platforms": return .platforms
        case "addPlatform":
            let deployments = try c.decode([String].self, forKey: .deploymentIds)
            guard deployments.count <= TextLimit.platformDeployments,
                deployments.allSatisfy({ $0.utf8.count <= TextLimit.platformField })
            else {
                throw ProtocolError(
                    .tooLong,
                    ProtocolWords.word(
                        "protocol.deploymentIds.tooMany",
                        ["max": .int(TextLimit.platformDeployments), "bytes": .int(TextLimit.platformField)]))
            }
            return .addPlatform(
                PlatformRegistration(
                    issuer: try c.decodeText(.issuer, limit: TextLimit.platformField),
                    clientId: try c.decodeText(.clientId, limit: TextLimit.platformField),
                    authUrl: try c.decodeText(.authUrl, limit: TextLimit.platformField),
                    tokenUrl: try c.decodeText(.tokenUrl, limit: TextLimit.platformField),
                    jwksUrl: try c.decodeText(.jwksUrl, limit: TextLimit.platformField), deploymentIds: deployments))
        case "removePlatform":
            return .removePlatform(
                issuer: try c.decodeText(.issuer, limit: TextLimit.platformField),
                clientId: try c.decodeTextIfPresent(.clientId, limit: TextLimit.platformField))
        case "open":
            let role = try c.decodeTextIfPresent(.role, limit: 16) ?? "teacher"
            guard ["teacher", "observer"].contains(role) else {
                throw ProtocolError(.invalidField, ProtocolWords.word("protocol.role.invalid"))
            }
            return .open(
                code: try c.decode(JoinCode.self, forKey: .code),
                lastSeen: try c.decodeIfPresent(TimelinePosition.self, forKey: .lastSeen),
                asObserver: role == "observer",
                language: try c.decodeLanguageIfPresent())
        case "share":
            return .share(
                code: try c.decode(JoinCode.self, forKey: .code),
                teacher: try c.decodeText(.teacher, limit: TextLimit.account))
        case "unshare":
            return .unshare(
                code: try c.decode(JoinCode.self, forKey: .code),
                teacher: try c.decodeText(.teacher, limit: TextLimit.account))
        default:
            return .handOver(
                code: try c.decode(JoinCode.self, forKey: .code),
                teacher: try c.decodeText(.teacher, limit: TextLimit.account))
        }
    }
}
