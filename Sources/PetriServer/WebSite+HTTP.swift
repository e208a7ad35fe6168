import Logging
import PetriTransport
import PetriWeb

extension WebSite {
    /// The pages shipped with this build, or a site that says why they are missing (logged once).
    static func bundled(logger: Logger) -> WebSite {
        do {
            return WebSite(assets: try WebAssets.bundled())
        } catch {
            logger.warning("Browser pages unavailable", metadata: ["reason": "\(error)"])
            return WebSite(unavailable: "\(error)")
        }
    }

    /// The pages as an HTTP route for the transport: nil for paths that are not theirs.
    var httpHandler: HTTPHandler {
        { request in
            let web = WebRequest(
                method: request.method, path: request.path, host: request.host, ifNoneMatch: request.ifNoneMatch,
                acceptEncoding: request.acceptEncoding)
            guard let reply = self.respond(to: web) else { return nil }
            return HTTPResponse(
                status: reply.status, contentType: reply.contentType, body: reply.body,
                headers: reply.headers.map { HTTPHeader($0.name, $0.value) })
        }
    }
}
