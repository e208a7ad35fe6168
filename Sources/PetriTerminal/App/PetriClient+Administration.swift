import PetriProtocol

/// The server's refusal of an administrator's request, or why it could not be sent: a sentence for the terminal.
package struct AdministrationRefusal: Error, Sendable {
    package var message: String
}

extension PetriClient {
    /// Sends one of the administrator's requests (PROTOCOL.md section 11.1) to the server at `server` with the
    /// teacher key in place of a session, and answers the server's reply (`teachers` or `signInLink`), or its
    /// refusal's sentence. `petri teachers` uses it while a running server holds the SQLite data directory.
    package static func administer(_ request: AccountRequest, key: String, server: String, caFile: String? = nil)
        async -> Result<ServerMessage, AdministrationRefusal>
    {
        let connector = WebSocketConnector(url: server, caFile: caFile)
        let result = await administer(request, key: key, server: server, through: connector)
        await connector.shutdown()
        return result
    }

    private static func administer(
        _ request: AccountRequest, key: String, server: String, through connector: WebSocketConnector
    ) async -> Result<ServerMessage, AdministrationRefusal> {
        let link: any LessonLink
        do {
            link = try await connector.connect()
        } catch {
            return .failure(AdministrationRefusal(message: SignInWords.cannotConnect(server, error.message)))
        }
        defer { link.close() }
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
                return .failure(AdministrationRefusal(message: SignInWords.closed))
            default:
                continue
            }
        }
        return .failure(AdministrationRefusal(message: SignInWords.closed))
    }
}
