import Foundation
import PetriProtocol
import PetriWords

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
        let language = options.wordsLanguage
        let link: any LessonLink
        do {
            link = try await connector.connect()
        } catch {
            return (
                false,
                TerminalWords.text(
                    "terminal.signIn.cannotConnect", ["server": .text(options.server), "reason": .text(error.message)],
                    in: language)
            )
        }
        defer { link.close() }
        // The server's refusal (a wrong password, a weak one) comes in the terminal's language too.
        if let asked = options.language, Language(asked) != nil { link.send(.setLanguage(language: asked)) }
        link.send(message)
        for await event in link.events {
            switch event {
            case .message(.signedIn(let session, let teacher), _):
                guard let tokens = options.tokens else {
                    return (false, TerminalWords.text("terminal.signIn.nowhereToKeep", in: language))
                }
                do {
                    try tokens.saveSession(session, server: options.server)
                } catch {
                    return (false, error.message)
                }
                let name = TerminalText.sanitise(teacher.name, maxCharacters: 64)
                return (
                    true,
                    TerminalWords.text(
                        "terminal.signIn.signedIn", ["name": .text(name), "server": .text(options.server)], in: language
                    )
                )
            case .message(.error(let error), _):
                return (false, TerminalText.sanitise(error.message, maxCharacters: 300))
            case .closed:
                return (false, TerminalWords.text("terminal.signIn.closed", in: language))
            default:
                continue
            }
        }
        return (false, TerminalWords.text("terminal.signIn.closed", in: language))
    }
}

extension ClientOptions {
    /// The language of the terminal's own sentences: the one asked for, when the terminal has it, else English.
    var wordsLanguage: Language { TerminalWords.book.match(language.map { [$0] } ?? []) }
}
