import Logging
import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriTransport
import PetriWords

extension Hub {
    /// What the hub knows about one connection while serving it.
    struct Session {
        let connection: ConnectionInfo
        var rateLimit: ConnectionRateLimit
        /// The lesson this connection joined, resumed or teaches.
        var host: (any RunningLesson)?
        /// The session token of the teacher who opened the lesson with it (`open`), checked again before each of
        /// the connection's commands, so that a sign-out, a revocation or a disabled account ends the console too.
        var signedIn: String?
        /// The language the connection asked for (`join`, `teach`, ... or `setLanguage`), if it did.
        var asked: Language?
        /// The language its words come in: what it asked for, else its lesson's, else English.
        var language: Language = .english
        /// The lesson whose make-up this connection plays (``Hub/handleMakeup(_:in:)``).
        var makeupHost: (any RunningLesson)?
    }

    /// Starts serving one connection: decodes, rate-limits and routes its messages as they come.
    ///
    /// Returns at once. The connection owns no task while idle: its events are handled by a short
    /// task that runs only while some are waiting (``ConnectionEvents/handle(state:with:ended:)``),
    /// outside the hub's actor; it calls the hub only for its tables and the lesson's actor for
    /// everything else. Every message is handled before the next, so a connection's own messages
    /// keep their order. `ended` runs once the connection's close has been handled (or the
    /// session was cancelled through its events); then the session's state is released.
    package nonisolated func startSession(_ connection: Connection, ended: @escaping @Sendable () -> Void = {}) {
        services.metrics.sessionStarted()
        // Only when it will be used: metadata copies strings for every connection, a measurable
        // part of what each of ten thousand students costs.
        if services.logger.logLevel <= .debug {
            services.logger.debug(
                "Connected",
                metadata: [
                    "connection": "\(connection.id)", "remote": "\(connection.info.remoteAddress)",
                    "subprotocol": "\(connection.info.subprotocol ?? "none")",
                ])
        }
        let session = Session(
            connection: connection.info,
            rateLimit: ConnectionRateLimit(
                burst: configuration.messageBurst, perSecond: configuration.messagesPerSecond))
        connection.events.handle(state: session, with: { [self] in await handle($1, in: &$0) }, ended: ended)
    }

    /// Serves one connection until its close has been handled (``startSession(_:ended:)``,
    /// waiting for it). Cancelling the caller ends the session.
    package nonisolated func serve(_ connection: Connection) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                startSession(connection) { done.resume() }
            }
        } onCancel: {
            connection.events.cancel()
        }
    }

    /// Handles one event of a session's connection.
    private nonisolated func handle(_ event: ConnectionEvent, in session: inout Session) async {
        switch event {
        case .text(let frame):
            await handle(frame.bytes, in: &session, decoder: ProtocolDecoder())
        case .binary:
            replyError(
                ProtocolError(.malformedJSON, HubWords.word("hub.session.binary")),
                to: session)
        case .closed:
            if let host = session.host { await host.connectionClosed(session.connection.id) }
            if let host = session.makeupHost { await host.makeupConnectionClosed(session.connection.id) }
            if services.logger.logLevel <= .debug {
                services.logger.debug(
                    "Disconnected",
                    metadata: [
                        "connection": "\(session.connection.id)",
                        "lesson": "\(session.host?.record.id ?? "none")",
                    ])
            }
        }
    }

    /// Checks, decodes and routes one message.
    ///
    /// The checks, the decoding and every message built only to be sent (a few hundred bytes
    /// each) happen in synchronous helpers (``admit(_:in:decoder:)``, ``replyError(_:to:)``), so
    /// the async frames of the task handling it, which a join storm has thousands of at once,
    /// hold little more than where the message goes.
    private nonisolated func handle(_ bytes: [UInt8], in session: inout Session, decoder: ProtocolDecoder) async {
        switch admit(bytes, in: &session, decoder: decoder) {
        case .answered:
            break
        case .lesson(let host, let command):
            if let token = session.signedIn, await !stillSignedIn(token, session: session) { return }
            if case .clone = command, let token = session.signedIn {
                await noteCloner(token, of: host.record.id)
            }
            answerUntold(await host.handle(command, from: session.connection.id), to: session)
        case .other(let message):
            await handleOther(message, in: &session)
        case .large(let bytes):
            await handleLarge(bytes, in: session)
        }
    }

    /// Where a message goes once ``admit(_:in:decoder:)`` has checked and decoded it.
    private enum Route {
        /// Refused, or a `ping`: already answered.
        case answered
        /// A command for the lesson the connection is in.
        case lesson(any RunningLesson, LessonCommand)
        /// Anything else (``handleOther(_:in:)``).
        case other(ClientMessage)
        /// Larger than the standard limit, not yet decoded (``handleLarge(_:in:)``).
        case large([UInt8])
    }

    /// Rate-limits and decodes a message, answering what needs no lesson (refusals, `ping`).
    @inline(never)
    private nonisolated func admit(_ bytes: [UInt8], in session: inout Session, decoder: ProtocolDecoder) -> Route {
        switch session.rateLimit.check(at: services.clock.now()) {
        case .allow:
            break
        case .refuse(let error):
            services.metrics.rejected(error.code.rawValue)
            replyError(error, to: session)
            return .answered
        case .disconnect:
            services.metrics.rejected("rate-limit-close")
            services.transport.close(session.connection.id, code: .policyViolation, reason: "too many messages")
            return .answered
        }
        // Only an `import` may be larger than the standard limit (``handleLarge(_:in:)``): the
        // transport's frame cap is the largest message of all, because an `import` carries the
        // teacher key itself and the server cannot know before reading a frame whether its sender
        // may send a large one.
        if bytes.count > decoder.limits.maxMessageBytes { return .large(bytes) }
        let message: ClientMessage
        do {
            message = try decoder.decodeClientMessage(bytes)
        } catch {
            services.metrics.rejected(error.code.rawValue)
            replyError(error, to: session)
            return .answered
        }
        services.metrics.messageHandled()
        if session.host != nil, case .history = message, services.transport.isOverOutboundBudget {
            // A page can be hundreds of KiB: none is queued while slow readers already hold the budget.
            let error = ProtocolError(
                .tryLater,
                HubWords.word("hub.session.tryLater")
            )
            services.metrics.rejected(error.code.rawValue)
            replyError(error, to: session)
            return .answered
        }
        if let host = session.host, let command = LessonCommand(message) { return .lesson(host, command) }
        if case .ping = message {
            reply(.pong, to: session)
            return .answered
        }
        return .other(message)
    }

    /// Everything but a lesson's commands and `ping`: lessons made, described, joined, taught, observed.
    private nonisolated func handleOther(_ message: ClientMessage, in session: inout Session) async {
        if await handleMakeup(message, in: &session) { return }
        switch message {
        case .join(let code, let name, let language):
            await attach(.join(name: name), code: code, language: language, in: &session)
        case .resume(let code, let token, let lastSeen, let language):
            await attach(.resume(token: token, lastSeen: lastSeen), code: code, language: language, in: &session)
        case .teach(let code, let token, let lastSeen, let language):
            await attach(.teach(token: token, lastSeen: lastSeen), code: code, language: language, in: &session)
        case .observe(let code, let token, let lastSeen, let language):
            await attach(.observe(token: token, lastSeen: lastSeen), code: code, language: language, in: &session)
        case .setLanguage(let tag):
            let language = Language.match([tag], among: Self.offeredLanguages)
            session.asked = language
            session.language = language
            if let host = session.host { _ = await host.setLanguage(language, for: session.connection.id) }
            reply(.language(language: language.tag, languages: Self.offeredLanguages.map(\.tag)), to: session)
        case .describeModels, .create, .importLesson, .describePlans, .startPlan, .previewPlan, .savePlan, .removePlan,
            .sharePlan, .unsharePlan, .openSharedPlan, .copySharedPlan:
            await makeOrDescribe(message, for: session)
        case .signIn, .choosePassword, .account:
            await handleAccount(message, in: &session)
        default:
            replyError(
                ProtocolError(.notJoined, HubWords.word("hub.session.notJoined")), to: session
            )
        }
    }

    /// Lessons made and models described: a teacher's messages, whose frames (a definition, a
    /// description) only the teacher's connection needs to hold.
    nonisolated func makeOrDescribe(_ message: ClientMessage, for session: Session) async {
        switch message {
        case .describeModels(let key):
            if let refusal = await refusalOfDescribeModels(key: key, from: session.connection.remoteAddress) {
                replyError(refusal, to: session)
            } else if session.language == .english, let describedModels {
                services.transport.send(describedModels, to: session.connection.id, policy: .reliable)
            } else {
                // In the connection's language: the shipped models' words from their catalogs.
                reply(.models(services.models.descriptions.map { $0.translated(into: session.language) }), to: session)
            }
        case .create(let key, let model, let parameters, let seed, let options):
            // A name the server has no model of is a bad field, as when the set of models was closed: refused
            // before the key is checked.
            guard services.models.entry(for: model) != nil else {
                replyError(Self.unknownModel(in: services.models), to: session)
                return
            }
            var random = SystemRandomNumberGenerator()
            let definition = LessonDefinition(
                model: model, seed: seed ?? random.next(), parameters: parameters ?? .object([:]))
            answerCreate(
                await create(
                    key: key, definition: definition, options: options, from: session.connection.remoteAddress),
                to: session)
        case .importLesson(let key, let definition, let options):
            answerCreate(
                await create(
                    key: key, definition: definition, options: options, from: session.connection.remoteAddress),
                to: session)
        case .describePlans(let key):
            switch await describePlans(key: key, from: session.connection.remoteAddress) {
            case .success(let plans): reply(.plans(plans), to: session)
            case .failure(let error): replyError(error, to: session)
            }
        case .previewPlan(let key, let text, let seed):
            switch await previewPlan(key: key, text: text, seed: seed, from: session.connection.remoteAddress) {
            case .success(let answer): reply(answer, to: session)
            case .failure(let error): replyError(error, to: session)
            }
        case .savePlan(let key, let name, let text, let replace):
            switch await savePlan(
                key: key, name: name, text: text, replace: replace, from: session.connection.remoteAddress)
            {
            case .success(let answer): reply(answer, to: session)
            case .failure(let error): replyError(error, to: session)
            }
        case .removePlan(let key, let name):
            switch await removePlan(key: key, name: name, from: session.connection.remoteAddress) {
            case .success(let answer): reply(answer, to: session)
            case .failure(let error): replyError(error, to: session)
            }
        case .sharePlan(let key, let name):
            answer(await sharePlan(key: key, name: name, from: session.connection.remoteAddress), to: session)
        case .unsharePlan(let key, let name):
            answer(await unsharePlan(key: key, name: name, from: session.connection.remoteAddress), to: session)
        case .openSharedPlan(let link):
            answer(await openSharedPlan(link: link), to: session)
        case .copySharedPlan(let key, let link):
            answer(await copySharedPlan(key: key, link: link, from: session.connection.remoteAddress), to: session)
        case .startPlan(let key, let plan, let text, let seed, let pace, let rate, let options):
            answerCreate(
                await startPlan(
                    key: key, name: plan, text: text, seed: seed, pace: pace, rate: rate, options: options,
                    from: session.connection.remoteAddress),
                to: session)
        default:
            break
        }
    }

    /// Sends a request's answer, or its refusal.
    private nonisolated func answer(_ result: Result<ServerMessage, ProtocolError>, to session: Session) {
        switch result {
        case .success(let message): reply(message, to: session)
        case .failure(let error): replyError(error, to: session)
        }
    }

    private nonisolated func answerCreate(_ result: Result<CreatedLesson, ProtocolError>, to session: Session) {
        switch result {
        case .success(let created): reply(.created(code: created.code, teacherToken: created.token), to: session)
        case .failure(let error):
            services.metrics.rejected(error.code.rawValue)
            replyError(error, to: session)
        }
    }

    /// Answers with an error. Not inlined, on purpose: the message it builds (a few hundred bytes)
    /// stays on this call's stack instead of taking a slot in the async frame of every caller,
    /// which every message waiting in a lesson (thousands in a join storm) would hold.
    @inline(never)
    nonisolated func replyError(_ error: ProtocolError, to session: Session) {
        reply(.error(error.rendered(in: session.language)), to: session)
    }

    /// The languages the server's words come in (the lesson's catalogs': every component ships the same).
    nonisolated static var offeredLanguages: [Language] { LessonWords.book.languages }

    /// Answers with `message`, its words (a plan's problems, a refusal) in the session's language. A
    /// message that cannot be encoded (a value JSON cannot carry) is logged with its type, and the
    /// connection is told in a sentence instead of waiting for an answer that never comes.
    @inline(never)
    nonisolated func reply(_ message: ServerMessage, to session: Session) {
        let message = message.carriesWords ? message.rendered(in: session.language) : message
        do {
            let bytes = try services.encoder.encode(message)
            services.transport.send(
                OutboundMessage(kind: .text, bytes: bytes), to: session.connection.id, policy: .reliable)
        } catch {
            services.logger.error(
                "Could not encode a reply", metadata: ["message": "\(message.type)", "error": "\(error)"])
            if case .error = message { return }
            replyError(ProtocolError(.internalError, HubWords.word("hub.reply.unencodable")), to: session)
        }
    }
}
