import Logging
import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriTransport
import PetriWords

/// A connection reaching a lesson: `join`, `resume`, `teach`, `observe` and a signed-in teacher's `open`, with the
/// per-address limit on failures and the cluster's adoption and redirects.
extension Hub {
    /// A `join`, `resume` or `teach` before it reaches a lesson: its tokens are still raw.
    enum Attachment {
        case join(name: String?)
        case resume(token: AccessToken, lastSeen: TimelinePosition?)
        case teach(token: AccessToken, lastSeen: TimelinePosition?)
        case observe(token: AccessToken, lastSeen: TimelinePosition?)
        /// A signed-in teacher opening a lesson they own or share (the administrator: any; `teacherId` nil),
        /// without its token (``Hub/handleAccount(_:in:)``): as its teacher, or as its projector.
        case open(teacherId: String?, lastSeen: TimelinePosition?, asObserver: Bool)

        /// The lesson's command, with every token as the lesson holds it (``TokenForm``), and
        /// the raw resume token a join mints, which goes only to the student.
        func command(for record: LessonRecord) throws(ProtocolError) -> (LessonCommand, minted: AccessToken?) {
            let tokens = record.tokens
            switch self {
            case .open(_, let lastSeen, let asObserver):
                // The hub checked the teacher may; the lesson is handed its own teacher token as it holds it.
                if asObserver { return (.attachObserver(token: record.teacherToken, lastSeen: lastSeen), nil) }
                return (.attachTeacher(token: record.teacherToken, lastSeen: lastSeen), nil)
            case .join(let name):
                let token = try Secrets.token()
                return (.join(name: name, token: try tokens.held(token)), token)
            case .resume(let token, let lastSeen):
                return (.resume(token: try tokens.held(token), lastSeen: lastSeen), nil)
            case .teach(let token, let lastSeen):
                return (.attachTeacher(token: try tokens.held(token), lastSeen: lastSeen), nil)
            case .observe(let token, let lastSeen):
                return (.attachObserver(token: try tokens.held(token), lastSeen: lastSeen), nil)
            }
        }
    }

    /// Joins, resumes or teaches: finds the lesson by code, counting failures per address.
    ///
    /// Every failure from an address (a code that names no lesson or no longer does, a wrong
    /// token for any lesson) is counted in one bucket. Once the address has used up its tries,
    /// it learns nothing from a guess: a `join` (which needs only a code) and every attempt
    /// that fails are answered `rate-limited` alike, live code or not. Only a valid token,
    /// which a guesser cannot have, still gets in (a teacher or a returning student behind the
    /// same school address as someone mistyping codes).
    nonisolated func attach(
        _ attachment: Attachment, code: JoinCode, language tag: String? = nil, in session: inout Session
    ) async {
        if let tag {
            session.asked = Language.match([tag], among: Self.offeredLanguages)
            session.language = session.asked ?? .english
        }
        let address = session.connection.remoteAddress
        guard session.host == nil else {
            replyError(
                ProtocolError(
                    .alreadyJoined, HubWords.word("hub.session.alreadyInLesson")),
                to: session)
            return
        }
        let limited = await !mayTry(.lessonAccess, from: address)
        if limited, case .join = attachment {
            refuseFailedJoins(session)
            return
        }
        guard let host = await findHost(code, for: session, limited: limited) else { return }
        if case .open(let teacherId, _, _) = attachment, let refusal = await refusalOfOpening(host, by: teacherId) {
            replyError(refusal, to: session)
            return
        }
        let command: LessonCommand
        let minted: AccessToken?
        do {
            (command, minted) = try attachment.command(for: host.record)
        } catch {
            replyError(error, to: session)
            return
        }
        // A token is checked only by the lesson; when this address is out of tries, the lesson
        // answers quietly and any refusal is answered `rate-limited` here instead.
        let result = await host.handle(
            command, from: session.connection.id, revealing: minted, quietly: limited, language: session.asked)
        if result.attached {
            session.host = host
            session.language = result.language ?? session.language
            switch attachment {
            case .teach, .open(_, _, asObserver: false):
                _ = await host.makeup(.teacherAttached, from: session.connection.id, language: nil)
            default: break
            }
            return
        }
        if let rejection = result.rejection, [.unknownToken, .kicked].contains(rejection.code) {
            await recordFailure(.lessonAccess, from: address)
        }
        if limited && result.rejection != nil && !result.told {
            refuseFailedJoins(session)
            return
        }
        answerUntold(result, to: session)
    }

    /// The running lesson with this code, or nil when there is none and the connection was told why.
    ///
    /// Apart from ``attach(_:code:in:)`` so that its frame (the adoption, the refusals) is not
    /// part of the deepest chain a student's join holds while it waits in the lesson.
    private nonisolated func findHost(_ code: JoinCode, for session: Session, limited: Bool) async
        -> (any RunningLesson)?
    {
        let address = session.connection.remoteAddress
        var found = await readableHost(for: code)
        if found == nil, ownership != nil {
            switch await adopt(code) {
            case .unknown: break
            case .host(let host): found = host
            case .redirect(let url):
                // A redirect would tell a limited address that the code is live.
                if limited {
                    refuseFailedJoins(session)
                    return nil
                }
                services.metrics.redirected()
                reply(.redirect(url: url, code: code), to: session)
                return nil
            case .unavailable(let error):
                services.metrics.rejected(error.code.rawValue)
                replyError(error, to: session)
                return nil
            }
        }
        guard let host = found else {
            // Whether the code is unknown, expired or being reloaded, a limited address is told only that it is limited.
            guard !limited else {
                refuseFailedJoins(session)
                return nil
            }
            if await isReloading(code) {
                services.metrics.rejected(ProtocolError.Code.lessonReloading.rawValue)
                replyError(
                    ProtocolError(.lessonReloading, HubWords.word("hub.lesson.reloading", ["code": .text("\(code)")])),
                    to: session)
                return nil
            }
            await recordFailure(.lessonAccess, from: address)
            if await isExpired(code) {
                services.metrics.rejected(ProtocolError.Code.lessonExpired.rawValue)
                replyError(
                    ProtocolError(
                        .lessonExpired,
                        HubWords.word("hub.lesson.expired", ["code": .text("\(code)")])
                    ), to: session)
                return nil
            }
            services.metrics.rejected(ProtocolError.Code.unknownLesson.rawValue)
            replyError(
                ProtocolError(
                    .unknownLesson,
                    HubWords.word("hub.lesson.unknown", ["code": .text("\(code)")])),
                to: session)
            return nil
        }
        return host
    }

    nonisolated func refuseFailedJoins(_ session: Session) {
        services.metrics.rejected(ProtocolError.Code.rateLimited.rawValue)
        replyError(
            ProtocolError(
                .rateLimited, HubWords.word("hub.limit.failedJoins")),
            to: session)
    }

    /// Sends a rejection the lesson could not send itself (it had stopped or its write failed).
    nonisolated func answerUntold(_ result: HostResult, to session: Session) {
        guard let rejection = result.rejection, !result.told else { return }
        services.metrics.rejected(rejection.code.rawValue)
        replyError(rejection, to: session)
    }
}
