import Foundation
import PetriProtocol

extension PetriClient {
    /// The session token `petri teach login` kept for the options' server, if any.
    package static func savedSession(options: ClientOptions) -> String? {
        options.tokens?.session(server: options.server)
    }

    /// Signs a teacher in (`signIn`) and keeps the session token for this server beside the lesson tokens, so
    /// that `petri teach new` and `import` create lessons as that teacher; returns a sentence for the terminal
    /// and whether it worked.
    package static func signIn(name: String, password: String, options: ClientOptions) async -> (Bool, String) {
        await signIn(.signIn(name: name, password: password), options: options)
    }

    /// Chooses a password with a one-time sign-in link (its URL, or the secret after `#link=`) and signs in, as
    /// ``signIn(name:password:options:)`` does.
    package static func choosePassword(link: String, password: String, options: ClientOptions) async -> (Bool, String) {
        let secret = link.components(separatedBy: "#link=").last ?? link
        return await signIn(.choosePassword(link: secret, password: password), options: options)
    }

    private static func signIn(_ message: ClientMessage, options: ClientOptions) async -> (Bool, String) {
        let connector = WebSocketConnector(url: options.server, caFile: options.caFile)
        let result = await signIn(message, options: options, through: connector)
        await connector.shutdown()
        return result
    }

    private static func signIn(_ message: ClientMessage, options: ClientOptions, through connector: WebSocketConnector)
        async -> (Bool, String)
    {
        let link: any LessonLink
        do {
            link = try await connector.connect()
        } catch {
            return (false, SignInWords.cannotConnect(options.server, error.message))
        }
        defer { link.close() }
        link.send(message)
        for await event in link.events {
            switch event {
            case .message(.signedIn(let session, let teacher), _):
                guard let tokens = options.tokens else { return (false, SignInWords.nowhereToKeep) }
                do {
                    try tokens.saveSession(session, server: options.server)
                } catch {
                    return (false, error.message)
                }
                return (true, SignInWords.signedIn(teacher.name, server: options.server))
            case .message(.error(let error), _):
                return (false, TerminalText.sanitise(error.message, maxCharacters: 300))
            case .closed:
                return (false, SignInWords.closed)
            default:
                continue
            }
        }
        return (false, SignInWords.closed)
    }
}

/// The sentences of `petri teach login`, in one place (for the language catalogs).
enum SignInWords {
    static func cannotConnect(_ server: String, _ reason: String) -> String {
        "Could not reach \(server) (\(reason)); check --server and that the server runs."
    }

    static let nowhereToKeep =
        "Signed in, but there is no home folder to keep the sign-in in; set HOME or XDG_CONFIG_HOME, or --config-dir."

    static func signedIn(_ name: String, server: String) -> String {
        "Signed in as \(TerminalText.sanitise(name, maxCharacters: 64)) on \(server): `petri teach new` now creates "
            + "lessons as you (for 12 hours unused, 7 days at most)."
    }

    static let closed = "The server closed the connection before answering; try again."
}
