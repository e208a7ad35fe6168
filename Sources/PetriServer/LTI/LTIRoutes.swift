import Foundation
import Logging
import PetriAccounts
import PetriHub
import PetriLTI
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriTransport
import Synchronization

/// Petri's LTI 1.3 endpoints on the server's port: `/lti/login` (the OIDC login initiation), `/lti/launch` (the
/// platform's form post of the `id_token`) and `/lti/jwks` (the tool's public key).
///
/// An instructor's launch lands in the console of the activity's lesson (started at the first launch, owned by the
/// instructor's account, made for them at their first launch); a learner's lands in that lesson, already joined
/// under their LMS name, with a resume token derived from the user, so any device is the same student. A launch
/// refused (``LaunchRefusal``) gets a page with one sentence and creates nothing.
package final class LTIRoutes: Sendable {
    package let tool: LTITool
    let logger: Logger
    /// The hub and the accounts, once the service has made them (the routes are installed before).
    private let running = Mutex<(hub: Hub, accounts: TeacherAccounts)?>(nil)
    /// How long a deep linking request waits for the teacher's pick (it is kept in the store, under the digest of the
    /// ticket in the chooser's form, and taken once).
    static let pickSeconds = 600

    /// The grades going back to the LMSs.
    package let grades: LTIGrades

    package init(tool: LTITool, logger: Logger, post: @escaping GradeSender.Post = LTIHTTP.post) {
        self.tool = tool
        self.logger = logger
        grades = LTIGrades(tool: tool, logger: logger, post: post)
    }

    /// Called by the service once the hub runs: grades are queued as lessons end, and sent from now on.
    func attach(hub: Hub, accounts: TeacherAccounts?) async {
        guard let accounts else { return }
        running.withLock { $0 = (hub, accounts) }
        let grades = grades
        let logger = logger
        await hub.watchLessonEnds { [weak hub] lessonId in
            guard let hub else { return }
            do {
                try await grades.queue(lessonId: lessonId, hub: hub)
            } catch {
                logger.error(
                    "Could not queue an ended lesson's LMS grades; the teacher can send them from the console",
                    metadata: ["lesson": "\(lessonId)", "error": "\(error)"])
            }
        }
        grades.start()
    }

    /// Stops sending grades (at shutdown; what is pending stays in the store).
    func detach() { grades.stop() }

    /// The routes for the transport.
    package var httpHandler: HTTPHandler {
        { request in
            switch (request.method, request.path) {
            case ("GET", "/lti/jwks"), ("HEAD", "/lti/jwks"):
                return .later { _ in await self.jwks() }
            case ("GET", "/lti/login"), ("POST", "/lti/login"):
                return .later { request in await self.login(request) }
            case ("POST", "/lti/launch"):
                return .later { request in await self.launch(request) }
            case ("POST", "/lti/deep-link"):
                return .later { request in await self.picked(request) }
            case ("POST", "/lti/grades"):
                return .later { request in await self.gradesRequest(request) }
            case (_, "/lti/login"), (_, "/lti/launch"), (_, "/lti/deep-link"), (_, "/lti/grades"):
                return Self.page(405, LTIWords.text("lti.notLTI"))
            default:
                return nil
            }
        }
    }

    // MARK: - The endpoints

    func jwks() async -> HTTPResponse {
        do {
            let key = try await tool.key()
            return HTTPResponse(
                status: 200, contentType: "application/json", body: Array(key.jwksJSON.utf8),
                headers: [HTTPHeader("cache-control", "max-age=300")])
        } catch {
            logger.error("Could not make or read the LTI key", metadata: ["error": "\(error)"])
            return .json(503, #"{"error":"unavailable","message":"\#(LTIWords.text("lti.storeFailed"))"}"#)
        }
    }

    func login(_ request: HTTPRequest) async -> HTTPResponse {
        let parameters =
            request.method == "POST"
            ? LTITool.formDecoded(request.body).merging(request.query) { form, _ in form }
            : request.query
        switch await tool.login(parameters) {
        case .redirect(let url):
            return HTTPResponse(
                status: 302, contentType: "text/plain; charset=utf-8", body: [], headers: [HTTPHeader("location", url)])
        case .refused(let refusal):
            logger.notice(
                "Refused an LTI login initiation",
                metadata: [
                    "reason": "\(refusal)", "issuer": "\(parameters["iss"] ?? "-")",
                    "remote": "\(request.remoteAddress)",
                ])
            return Self.page(400, refusal.sentence)
        }
    }

    func launch(_ request: HTTPRequest) async -> HTTPResponse {
        let form = LTITool.formDecoded(request.body)
        let launch: VerifiedLaunch
        switch await tool.launch(idToken: form["id_token"] ?? "", state: form["state"] ?? "") {
        case .failure(let refusal):
            logger.notice(
                "Refused an LTI launch", metadata: ["reason": "\(refusal)", "remote": "\(request.remoteAddress)"])
            return Self.page(refusal == .unreachable ? 503 : 403, refusal.sentence)
        case .success(let verified):
            launch = verified
        }
        guard let (hub, accounts) = running.withLock({ $0 }) else {
            return Self.page(503, LTIWords.text("lti.storeFailed"))
        }
        switch launch.kind {
        case .resourceLink(let linkId, _):
            if launch.claims.isInstructor {
                return await instructor(
                    launch, linkId: linkId, hub: hub, accounts: accounts, from: request.remoteAddress)
            }
            return await learner(launch, linkId: linkId, hub: hub)
        case .deepLinking(let settings):
            guard launch.claims.isInstructor else { return Self.page(403, LTIWords.text("lti.choose.onlyInstructors")) }
            return await chooser(launch, settings: settings, hub: hub)
        }
    }

    // MARK: - Landing

    private func instructor(
        _ launch: VerifiedLaunch, linkId: String, hub: Hub, accounts: TeacherAccounts, from address: String
    ) async -> HTTPResponse {
        let storage = tool.storage
        let platform = launch.platform
        do {
            var teacher: TeacherRecord?
            if let id = try await storage.ltiTeacher(platformId: platform.id, userId: launch.userId) {
                teacher = try await accounts.storage.teacher(id: id)
            }
            if teacher == nil {
                let made = try await accounts.addLMSTeacher(
                    named: launch.claims.displayName ?? AccountWords.text("accounts.lmsTeacher.name"),
                    platform: platform.issuer, from: address)
                try await storage.linkTeacher(platformId: platform.id, userId: launch.userId, teacherId: made.id)
                teacher = made
            }
            guard let teacher, teacher.status == .active else {
                return Self.page(403, LTIWords.text("lti.teacherDisabled"))
            }
            let code: String
            if let link = try await storage.ltiLesson(
                platformId: platform.id, deploymentId: launch.deploymentId, resourceLinkId: linkId)
            {
                code = link.code
                // Another instructor of the course teaches it too.
                let teachers = try await accounts.storage.teachers(ofLesson: link.lessonId)
                if teachers.owner != teacher.id, !teachers.coTeachers.contains(teacher.id) {
                    try await accounts.storage.share(lesson: link.lessonId, with: teacher.id)
                }
            } else {
                guard let started = await startLesson(for: launch, owner: teacher, hub: hub) else {
                    return Self.page(503, LTIWords.text("lti.lessonUnavailable"))
                }
                try await storage.linkLesson(
                    LTILessonLink(
                        platformId: platform.id, deploymentId: launch.deploymentId, resourceLinkId: linkId,
                        lessonId: started.id, code: started.code.description, createdAt: tool.now()))
                code = started.code.description
            }
            try await keepGradeService(of: launch, linkId: linkId)
            let session = try await accounts.openLMSSession(for: teacher, platform: platform.issuer, from: address)
            logger.info("LTI instructor launch", metadata: ["platform": "\(platform.issuer)", "lesson": "\(code)"])
            return Self.handOff(["role": "teacher", "code": code, "session": session])
        } catch {
            logger.error("An LTI instructor launch failed", metadata: ["error": "\(error)"])
            return Self.page(503, LTIWords.text("lti.storeFailed"))
        }
    }

    /// The lesson of a new activity: the model its link names (custom parameter `petri_model`, set by deep
    /// linking), with its parameters (`petri_parameters`, JSON), else the server's first model.
    private func startLesson(for launch: VerifiedLaunch, owner: TeacherRecord, hub: Hub) async
        -> (id: String, code: JoinCode)?
    {
        let custom = launch.claims.custom ?? [:]
        let named = custom["petri_model"].flatMap { ModelKind(rawValue: $0) }
        let fallback = await hub.defaultModel()
        guard let model = named ?? fallback else { return nil }
        let parameters =
            custom["petri_parameters"].flatMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
            ?? .object([:])
        switch await hub.startLinkedLesson(model: model, parameters: parameters, owner: owner) {
        case .success(let started): return started
        case .failure(let error):
            logger.error("Could not start an LTI activity's lesson", metadata: ["error": "\(error.message)"])
            return nil
        }
    }

    private func learner(_ launch: VerifiedLaunch, linkId: String, hub: Hub) async -> HTTPResponse {
        let platform = launch.platform
        do {
            guard
                let link = try await tool.storage.ltiLesson(
                    platformId: platform.id, deploymentId: launch.deploymentId, resourceLinkId: linkId),
                let code = try? JoinCode(link.code)
            else { return Self.page(404, LTIWords.text("lti.notOpenedYet")) }
            let token = try await tool.key().studentToken(
                platformId: platform.id, userId: launch.userId, lessonId: link.lessonId)
            let name = launch.claims.displayName ?? LTIWords.text("lti.student.defaultName")
            if case .failure(let error) = await hub.admitLinkedStudent(code: code, name: name, token: token) {
                logger.notice("Could not admit an LTI learner", metadata: ["error": "\(error.message)"])
                return Self.page(503, LTIWords.text("lti.lessonUnavailable"))
            }
            // The LMS user is this student of the lesson: their grade goes back under their `sub`.
            try await tool.storage.linkStudent(
                LTIStudentLink(
                    lessonId: link.lessonId, platformId: platform.id, userId: launch.userId, createdAt: tool.now()))
            try await keepGradeService(of: launch, linkId: linkId)
            return Self.handOff(["role": "student", "code": link.code, "token": token.secret])
        } catch {
            logger.error("An LTI learner launch failed", metadata: ["error": "\(error)"])
            return Self.page(503, LTIWords.text("lti.storeFailed"))
        }
    }

    /// Keeps the launch's grade service endpoints (AGS claim) for the activity, when it carries them.
    private func keepGradeService(of launch: VerifiedLaunch, linkId: String) async throws {
        guard let service = launch.claims.gradeService,
            (service.scope ?? []).contains(GradeSender.scoreScope),
            service.lineItems != nil || service.lineItem != nil
        else { return }
        try await tool.storage.setGradeService(
            platformId: launch.platform.id, deploymentId: launch.deploymentId, resourceLinkId: linkId,
            lineItemsURL: service.lineItems, lineItemURL: service.lineItem)
    }

    // MARK: - Grades

    /// The console's grades of a lesson (`{"code", "key", "send"}`: the lesson's code, the teacher's token or
    /// session or the teacher key, and whether to queue the grades now): each LMS learner's grade, sent or pending.
    func gradesRequest(_ request: HTTPRequest) async -> HTTPResponse {
        struct Asked: Decodable {
            var code: String
            var key: String
            var send: Bool?
        }
        guard let asked = try? JSONDecoder().decode(Asked.self, from: Data(request.body)),
            let code = try? JoinCode(asked.code)
        else { return Self.json(400, ["error": "bad-request", "message": LTIWords.text("lti.grades.badRequest")]) }
        guard let (hub, _) = running.withLock({ $0 }) else {
            return Self.json(503, ["error": "unavailable", "message": LTIWords.text("lti.storeFailed")])
        }
        let lessonId: String
        switch await hub.lessonTaught(code: code, credential: asked.key, from: request.remoteAddress) {
        case .failure(let refusal) where refusal.code == .unknownLesson:
            // Not held on this node (another node of a cluster, or gone): no grades to show from here.
            return Self.json(200, ["linked": false, "queued": 0, "grades": [], "message": refusal.message])
        case .failure(let refusal):
            return Self.json(403, ["error": refusal.code.rawValue, "message": refusal.message])
        case .success(let id): lessonId = id
        }
        do {
            var queued = 0
            if asked.send == true { queued = try await grades.queue(lessonId: lessonId, hub: hub) }
            let linked = try await tool.storage.ltiLesson(forLesson: lessonId) != nil
            let rows = try await grades.status(lessonId: lessonId, hub: hub)
            return Self.json(200, ["linked": linked, "queued": queued, "grades": rows])
        } catch {
            logger.error("Could not read or queue a lesson's LMS grades", metadata: ["error": "\(error)"])
            return Self.json(503, ["error": "unavailable", "message": LTIWords.text("lti.grade.storeFailed")])
        }
    }

    static func json(_ status: Int, _ object: [String: Any]) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return HTTPResponse(
            status: status, contentType: "application/json", body: Array(data),
            headers: [HTTPHeader("cache-control", "no-store")])
    }

    // MARK: - Deep linking

    /// The teacher's choice of a model for a new activity (a deep linking request). The request waits in the store,
    /// so the pick may reach this server after a restart, or another node of the cluster.
    private func chooser(_ launch: VerifiedLaunch, settings: LaunchClaims.DeepLinkingSettings, hub: Hub) async
        -> HTTPResponse
    {
        guard let launchURL = launch.claims.targetLinkURI.flatMap(LTITool.launchURL(for:)),
            let returnURL = URLComponents(string: settings.returnURL), returnURL.scheme != nil, returnURL.host != nil
        else { return Self.page(400, LTIWords.text("lti.launch.incomplete")) }
        let ticket = LTITool.randomText()
        let now = tool.now()
        do {
            try await tool.storage.addDeepLink(
                LTIDeepLinkRecord(
                    digest: TokenHash(of: ticket), platformId: launch.platform.id, deploymentId: launch.deploymentId,
                    returnURL: settings.returnURL, data: settings.data, launchURL: launchURL, createdAt: now,
                    expiresAt: now.adding(seconds: Self.pickSeconds)))
        } catch {
            logger.error("Could not keep a deep linking request", metadata: ["error": "\(error)"])
            return Self.page(503, LTIWords.text("lti.storeFailed"))
        }
        let options = await hub.offeredModels().map {
            "<option value=\"\(Self.escaped($0.kind.rawValue))\">\(Self.escaped($0.title))</option>"
        }.joined()
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>\(LTIWords.text("lti.page.title"))</title><link rel="stylesheet" href="/static/petri.css"></head>
            <body><main><h1>\(LTIWords.text("lti.choose.heading"))</h1>
            <form id="lti-pick" method="post" action="/lti/deep-link">
            <input type="hidden" name="ticket" value="\(ticket)">
            <p><label for="lti-model">\(LTIWords.text("lti.choose.model"))</label> <select id="lti-model" name="model">\(options)</select></p>
            <p><label for="lti-title">\(LTIWords.text("lti.choose.title"))</label> <input id="lti-title" name="title" maxlength="120"></p>
            <p><button type="submit">\(LTIWords.text("lti.choose.button"))</button></p>
            </form></main></body></html>
            """
        return HTTPResponse(
            status: 200, contentType: "text/html; charset=utf-8", body: Array(html.utf8),
            headers: Self.headers(formAction: "'self'"))
    }

    /// The teacher picked: the signed response goes back to the platform, in a form the page submits. The request is
    /// taken from the store once (a second post of the form, here or on another node, is refused), and refused when
    /// it expired. A model not offered is refused before the request is taken, so the teacher can pick again.
    func picked(_ request: HTTPRequest) async -> HTTPResponse {
        let form = LTITool.formDecoded(request.body)
        guard let ticket = form["ticket"], !ticket.isEmpty else {
            return Self.page(400, LTIWords.text("lti.choose.expired"))
        }
        guard let (hub, _) = running.withLock({ $0 }) else { return Self.page(503, LTIWords.text("lti.storeFailed")) }
        let models = await hub.offeredModels()
        guard let model = models.first(where: { $0.kind.rawValue == form["model"] }) else {
            return Self.page(400, LTIWords.text("lti.choose.unknownModel"))
        }
        let now = tool.now()
        let pick: LTIDeepLinkRecord
        let platform: LTIPlatformRecord?
        do {
            guard let taken = try await tool.storage.takeDeepLink(TokenHash(of: ticket)), taken.expiresAt > now else {
                return Self.page(400, LTIWords.text("lti.choose.expired"))
            }
            pick = taken
            platform = try await tool.storage.platforms().first { $0.id == taken.platformId }
        } catch {
            logger.error("Could not take a deep linking request", metadata: ["error": "\(error)"])
            return Self.page(503, LTIWords.text("lti.storeFailed"))
        }
        guard let platform else { return Self.page(403, LTIWords.text("lti.launch.unknownPlatform")) }
        let typed = (form["title"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let title = typed.isEmpty ? model.title : String(typed.prefix(120))
        guard let returnURL = URLComponents(string: pick.returnURL), let scheme = returnURL.scheme,
            let host = returnURL.host
        else { return Self.page(400, LTIWords.text("lti.launch.incomplete")) }
        let response = DeepLinkingResponse.picking(
            model: model.kind.rawValue, title: title, launchURL: pick.launchURL, platform: platform,
            deploymentId: pick.deploymentId, data: pick.data, now: now.storedSeconds, nonce: LTITool.randomText())
        let signed: String
        do {
            signed = try await tool.key().sign(response)
        } catch {
            logger.error("Could not sign a deep linking response", metadata: ["error": "\(error)"])
            return Self.page(503, LTIWords.text("lti.storeFailed"))
        }
        logger.info("LTI activity picked", metadata: ["platform": "\(platform.issuer)", "model": "\(model.kind)"])
        let origin = "\(scheme)://\(host)" + (returnURL.port.map { ":\($0)" } ?? "")
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>\(LTIWords.text("lti.page.title"))</title><link rel="stylesheet" href="/static/petri.css">
            <script type="module" src="/static/lti-return.js"></script></head>
            <body><main><p>\(LTIWords.text("lti.choose.returning"))</p>
            <form id="lti-return" method="post" action="\(Self.escaped(pick.returnURL))">
            <input type="hidden" name="JWT" value="\(Self.escaped(signed))">
            <button type="submit">\(LTIWords.text("lti.choose.returnButton"))</button></form></main></body></html>
            """
        return HTTPResponse(
            status: 200, contentType: "text/html; charset=utf-8", body: Array(html.utf8),
            headers: Self.headers(formAction: origin))
    }

    // MARK: - Pages

    /// A page with one sentence (a refused launch).
    static func page(_ status: Int, _ sentence: String) -> HTTPResponse {
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>\(LTIWords.text("lti.page.title"))</title><link rel="stylesheet" href="/static/petri.css"></head>
            <body><main><p role="alert" id="lti-problem">\(escaped(sentence))</p></main></body></html>
            """
        return HTTPResponse(
            status: status, contentType: "text/html; charset=utf-8", body: Array(html.utf8), headers: pageHeaders)
    }

    /// The page that hands the launch to the console or the student page: its script keeps the session or the
    /// resume token where those pages look for it, then opens them.
    static func handOff(_ data: [String: String]) -> HTTPResponse {
        let attributes = data.sorted { $0.key < $1.key }.map { " data-\($0.key)=\"\(escaped($0.value))\"" }.joined()
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>\(LTIWords.text("lti.page.title"))</title><link rel="stylesheet" href="/static/petri.css">
            <script type="module" src="/static/lti-handoff.js"></script></head>
            <body><main id="lti"\(attributes)><p>\(LTIWords.text("lti.page.opening"))</p>
            <p><a id="lti-open" href="/">\(LTIWords.text("lti.page.openLink"))</a></p></main></body></html>
            """
        return HTTPResponse(
            status: 200, contentType: "text/html; charset=utf-8", body: Array(html.utf8), headers: pageHeaders)
    }

    /// The pages load only this server's script and style, and post forms only where `formAction` says.
    static func headers(formAction: String) -> [HTTPHeader] {
        [
            HTTPHeader(
                "content-security-policy",
                "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; base-uri 'none'; "
                    + "form-action \(formAction)"),
            HTTPHeader("x-frame-options", "SAMEORIGIN"),
            HTTPHeader("referrer-policy", "no-referrer"),
        ]
    }

    static let pageHeaders = headers(formAction: "'none'")

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }
}
