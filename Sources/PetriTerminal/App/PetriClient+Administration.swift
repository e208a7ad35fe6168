import PetriProtocol
import PetriWords

/// The server's refusal of an administrator's request, or why it could not be sent: a sentence for the terminal.
package struct AdministrationRefusal: Error, Sendable {
    package var message: String
}

extension PetriClient {
    /// Sends one of the administrator's requests (PROTOCOL.md section 11.1) to the server at `server` with the
    /// teacher key in place of a session, and answers the server's reply (`teachers` or `signInLink`), or its
    /// refusal's sentence (in `language`, the server's too). `petri teachers` uses it while a running server holds
    /// the SQLite data directory.
    package static func administer(
        _ request: AccountRequest, key: String, server: String, caFile: String? = nil, language: Language = .english
    ) async -> Result<ServerMessage, AdministrationRefusal> {
        let connector = WebSocketConnector(url: server, caFile: caFile)
        let result = await administer(request, key: key, server: server, language: language, through: connector)
        await connector.shutdown()
        return result
    }

    private static func administer(
        _ request: AccountRequest, key: String, server: String, language: Language,
        through connector: WebSocketConnector
    ) async -> Result<ServerMessage, AdministrationRefusal> {
        let closed = AdministrationRefusal(message: TerminalWords.text("terminal.signIn.closed", in: language))
        let link: any LessonLink
        do {
            link = try await connector.connect()
        } catch {
            return .failure(
                AdministrationRefusal(
                    message: TerminalWords.text(
                        "terminal.signIn.cannotConnect", ["server": .text(server), "reason": .text(error.message)],
                        in: language)))
        }
        defer { link.close() }
        if language != .english { link.send(.setLanguage(language: language.tag)) }
        link.send(.account(session: key, request: request))
        for await event in link.events {
            switch event {
            case .message(let message, _):
                switch message {
                case .teachers, .signInLink:
                    return .success(message)
                case .error(let error):
                    return .failure(
                        AdministrationRefusal(message: TerminalText.sanitise(error.message, maxCharacters: 300)))
                default:
                    continue
                }
            case .closed:
                return .failure(closed)
            default:
                continue
            }
        }
        return .failure(closed)
    }
}
