/// A transport that listens: what a service starts, serves plain HTTP routes beside, and shuts down.
///
/// The WebSocket server is one; ``InMemoryTransport`` is another, so a service can run whole in
/// a test without sockets.
package protocol ServerTransport: Transport {
    /// The port it listens on (0 for a transport that listens on none).
    var port: Int { get }

    /// Closes every connection with `code` and `reason`, gives them `timeout` seconds to finish
    /// their close handshakes, then stops; the ``connections`` stream finishes.
    func shutdown(code: CloseCode, reason: String, timeout: Double) async
}

/// How a service starts its transport, given the HTTP routes to serve on the same port (health,
/// readiness, metrics, pages).
///
/// ```swift
/// let transport = try await builder.start(HTTPRoutes.first([readiness, metrics, pages]))
/// ```
package struct TransportBuilder: Sendable {
    /// Starts listening and returns the running transport.
    package let start: @Sendable (_ routes: @escaping HTTPHandler) async throws -> any ServerTransport

    package init(start: @escaping @Sendable (_ routes: @escaping HTTPHandler) async throws -> any ServerTransport) {
        self.start = start
    }

    /// A builder that hands out `transport` with the routes installed (for tests).
    static func inMemory(_ transport: InMemoryTransport) -> TransportBuilder {
        TransportBuilder { routes in
            transport.serve(routes)
            return transport
        }
    }
}

/// Combining HTTP routes.
package enum HTTPRoutes {
    /// A route that asks each of `routes` in turn and answers with the first answer.
    package static func first(_ routes: [HTTPHandler]) -> HTTPHandler {
        { request in
            for route in routes {
                if let response = route(request) { return response }
            }
            return nil
        }
    }
}
