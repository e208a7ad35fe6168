import PetriProtocol

extension ClientSession {
    mutating func receivedWhileJoining(_ message: ServerMessage, at now: Moment) -> [SessionAction] {
        let wall = now.wall
        switch message {
        case .welcome:
            phase = .joined
            failures = 0
            redirects = 0
            hasWelcome = true
            lesson.apply(message, at: wall)
            var actions: [SessionAction] = []
            if case .welcome(let welcome) = message, let token = welcome.you?.token {
                switch entry {
                case .student(let code, let name, _):
                    entry = .student(code: code, name: name, token: token)
                    actions.append(.storeToken(token, code: code, role: .student))
                case .makeup(let code, let name, _):
                    entry = .makeup(code: code, name: name, token: token)
                    actions.append(.storeToken(token, code: code, role: .makeup))
                default: break
                }
            }
            actions += outbox.map { .send($0) }
            outbox = []
            return actions
        case .created(let code, let token):
            lesson.apply(message, at: wall)
            lesson.code = code
            entry = .teacher(code: code, token: token)
            return [.storeToken(token, code: code, role: .teacher), .send(hello())]
        case .error(let error):
            return refused(error, at: now)
        case .redirect(let url, _):
            return redirected(to: url, at: now)
        default:
            lesson.apply(message, at: wall)
            return []
        }
    }

    /// Another node runs the lesson: connect there at once and say hello again (PROTOCOL.md §9).
    private mutating func redirected(to url: String, at now: Moment) -> [SessionAction] {
        redirects += 1
        guard redirects <= Self.redirectLimit else {
            lesson.post(
                TerminalWords.text("terminal.session.redirects", in: lesson.language), kind: .error, at: now.wall)
            redirects = 0
            return [.disconnect] + scheduleRetry(.lost, now: now)
        }
        let attempt: Int
        if case .connecting(let current) = phase { attempt = current } else { attempt = failures + 1 }
        phase = .connecting(attempt: attempt)
        var actions: [SessionAction] = [.disconnect]
        // Set after the disconnect: closing this connection must not clear the new target.
        redirect = url
        actions.append(.connect)
        return actions
    }

    /// The server refused the hello.
    private mutating func refused(_ error: ProtocolError, at now: Moment) -> [SessionAction] {
        let wall = now.wall
        let language = lesson.language
        let sentence = LessonState.describe(error, in: language)
        let codeText = lesson.code?.text ?? TerminalWords.text("terminal.session.thisCode", in: language)
        switch error.code {
        case .unknownToken:
            if case .student(let code, let name, .some) = entry {
                // The saved place is gone (e.g. the lesson was recreated): join afresh.
                entry = .student(code: code, name: name, token: nil)
                lesson.post(TerminalWords.text("terminal.session.placeLost", in: language), at: wall)
                return [.forgetToken(code: code, role: .student), .send(hello())]
            }
            var actions = finish(
                .refused, TerminalWords.text("terminal.session.wrongToken", ["code": .text(codeText)], in: language),
                status: 1)
            if let code = lesson.code { actions.insert(.forgetToken(code: code, role: .teacher), at: 0) }
            return actions
        case .rateLimited:
            lesson.post(sentence, kind: .error, at: wall)
            return [.disconnect] + scheduleRetry(.rateLimited, now: now)
        case .unknownLesson:
            if case .student(let code, let name, let token) = entry, !hasWelcome {
                // No lesson has the code: it may be a make-up's (the page tries it the same way).
                entry = .makeup(code: code, name: name, token: token)
                lesson.isMakeup = true
                makeupFallback = true
                return [.send(hello())]
            }
            return finish(
                .refused, TerminalWords.text("terminal.session.noLesson", ["code": .text(codeText)], in: language),
                status: 1)
        case .kicked:
            var actions = finish(.kicked, TerminalWords.text("terminal.session.kickedHere", in: language), status: 1)
            if let code = lesson.code { actions.insert(.forgetToken(code: code, role: entry.tokenRole), at: 0) }
            return actions
        case .unknownMakeup:
            if case .makeup(let code, let name, .some) = entry, !hasWelcome {
                // The saved place is not one of this make-up's: join it afresh.
                entry = .makeup(code: code, name: name, token: nil)
                lesson.post(TerminalWords.text("terminal.session.placeLost", in: language), at: wall)
                return [.forgetToken(code: code, role: .makeup), .send(hello())]
            }
            let sentence =
                makeupFallback
                ? TerminalWords.text("terminal.session.noLessonOrMakeup", ["code": .text(codeText)], in: language)
                : TerminalWords.text("terminal.makeup.unknown", ["code": .text(codeText)], in: language)
            return finish(.refused, sentence, status: 1)
        case .makeupClosed:
            return finish(.refused, makeupClosedMessage(sentence), status: 1)
        case .lessonReloading:
            // The server is reloading the lesson after a failed write: temporary, try again.
            lesson.post(sentence, kind: .error, at: wall)
            return [.disconnect] + scheduleRetry(.busy, now: now)
        case .invalidName, .missingField:
            return finish(
                .refused,
                TerminalWords.text(
                    "terminal.session.needsName", ["code": .text(codeText), "reason": .text(sentence)], in: language),
                status: 1)
        case .lessonEnded:
            return finish(
                .lessonEnded,
                TerminalWords.text("terminal.session.lessonEnded", ["code": .text(codeText)], in: language),
                status: 0)
        default:
            return finish(.refused, sentence, status: 1)
        }
    }
}
