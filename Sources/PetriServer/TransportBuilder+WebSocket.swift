import Logging
import PetriTransport
import PetriWebSocket

extension TransportBuilder {
    /// The libwebsockets server with `configuration`: the one place the server names it.
    ///
    /// Routes already in the configuration (`httpHandler`) answer first, then the service's.
    package static func webSocket(_ configuration: WebSocketServer.Configuration, logger: Logger) -> TransportBuilder {
        TransportBuilder { routes in
            var configuration = configuration
            let configured = configuration.httpHandler
            configuration.httpHandler = { request in configured?(request) ?? routes(request) }
            return try await WebSocketServer.start(configuration, logger: logger)
        }
    }
}
