import PetriLesson
import PetriProtocol
import PetriStorage
import PetriWords

extension Hub {
    /// The make-up's messages: the teacher's `openMakeup` and `closeMakeup`, a student's `joinMakeup` and
    /// `resumeMakeup`, and everything a make-up student sends. Returns false for messages that are none of
    /// these (the caller routes them).
    nonisolated func handleMakeup(_ message: ClientMessage, in session: inout Session) async -> Bool {
        let connection = session.connection.id
        if let host = session.makeupHost {
            switch message {
            case .answer, .hint, .makeupNext, .makeupPace, .guide:
                if let error = await host.makeup(.message(message), from: connection, language: nil) {
                    replyError(error, to: session)
                }
            case .setLanguage(let tag):
                let language = Language.match([tag], among: Self.offeredLanguages)
                session.asked = language
                session.language = language
                _ = await host.makeup(.language(language), from: connection, language: nil)
                reply(.language(language: language.tag, languages: Self.offeredLanguages.map(\.tag)), to: session)
            default:
                replyError(ProtocolError(.notAuthorised, HubWords.word("hub.makeup.notAllowed")), to: session)
            }
            return true
        }
        switch message {
        case .openMakeup(let until):
            guard let host = session.host else { return false }
            if let error = await host.makeup(.open(until: until), from: connection, language: nil) {
                replyError(error, to: session)
            }
            return true
        case .closeMakeup:
            guard let host = session.host else { return false }
            if let error = await host.makeup(.close, from: connection, language: nil) {
                replyError(error, to: session)
            }
            return true
        case .joinMakeup(let code, let name, let tag):
            await enterMakeup(code: code, language: tag, in: &session) { _ throws(ProtocolError) in
                .join(name: name, token: try Secrets.token())
            }
            return true
        case .resumeMakeup(let code, let token, let tag):
            await enterMakeup(code: code, language: tag, in: &session) { _ in .resume(token: token) }
            return true
        case .makeupNext, .makeupPace:
            replyError(ProtocolError(.notJoined, HubWords.word("hub.makeup.notJoined")), to: session)
            return true
        default:
            return false
        }
    }

    /// Finds the make-up by its code and hands the student to its lesson, counting failures per address as joins do.
    private nonisolated func enterMakeup(
        code: JoinCode, language tag: String?, in session: inout Session,
        request: (JoinCode) throws(ProtocolError) -> MakeupRequest
    ) async {
        if let tag {
            session.asked = Language.match([tag], among: Self.offeredLanguages)
            session.language = session.asked ?? .english
        }
        guard session.host == nil else {
            replyError(ProtocolError(.alreadyJoined, HubWords.word("hub.session.alreadyInLesson")), to: session)
            return
        }
        let address = session.connection.remoteAddress
        guard await mayTry(.lessonAccess, from: address) else {
            refuseFailedJoins(session)
            return
        }
        let storage = services.storage as? any MakeupStorage
        let record = try? await storage?.makeup(code: code)
        var found: (any RunningLesson)?
        if let record { found = await readableHost(for: record.lessonCode) }
        if let record, found == nil, ownership != nil {
            // In a cluster the make-up is played where its lesson runs: another node's is redirected to, and one
            // nobody runs is claimed and restored here, as for the lesson's own students (PROTOCOL.md 10).
            switch await adopt(record.lessonCode) {
            case .unknown: break
            case .host(let host): found = host
            case .redirect(let url):
                services.metrics.redirected()
                reply(.redirect(url: url, code: code), to: session)
                return
            case .unavailable(let error):
                services.metrics.rejected(error.code.rawValue)
                replyError(error, to: session)
                return
            }
        }
        guard record != nil, let host = found else {
            await recordFailure(.lessonAccess, from: address)
            replyError(
                ProtocolError(.unknownMakeup, HubWords.word("hub.makeup.unknown", ["code": .text("\(code)")])),
                to: session)
            return
        }
        let made: MakeupRequest
        do {
            made = try request(code)
        } catch {
            replyError(error, to: session)
            return
        }
        if let error = await host.makeup(made, from: session.connection.id, language: session.asked) {
            if error.code == .unknownMakeup { await recordFailure(.lessonAccess, from: address) }
            replyError(error, to: session)
            return
        }
        session.makeupHost = host
    }
}
