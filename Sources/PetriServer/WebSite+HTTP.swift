import Logging
import PetriTransport
import PetriWeb

extension WebSite {
    /// The pages built into this program.
    static func bundled(logger: Logger) -> WebSite {
        WebSite(assets: WebAssets.bundled())
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
