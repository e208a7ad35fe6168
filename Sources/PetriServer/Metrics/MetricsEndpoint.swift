import CoreMetrics
import PetriHub
import PetriTransport
import PetriWebSocket
import Prometheus

/// `GET /metrics`: every metric of the process in the Prometheus text format (0.0.4).
///
/// There is one endpoint per process (``shared``). Its first use bootstraps swift-metrics with a
/// Prometheus factory over its registry, so ``ServerMetrics`` (rejected inputs, store write
/// latency, fan-out durations, ...) land in it; metrics made before that stay no-ops, so install
/// the endpoint before the hub is created. Transport and hub figures are copied in by
/// ``startSampling(_:_:every:)``.
///
/// ```swift
/// let metrics = MetricsEndpoint.install(enabled: configuration.metrics.enabled)
/// let service = PetriService(transport: transport, routes: metrics.map { [$0.httpHandler] } ?? [], ...,
///     onStarted: { server, hub in metrics?.startSampling(server, hub) })
/// ```
package final class MetricsEndpoint: Sendable {
    /// The path the endpoint answers.
    static let path = "/metrics"
    /// The content type of the Prometheus text exposition format.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The process's endpoint. Initialised once, lazily and thread-safely (a static `let`), which
    /// is what makes the bootstrap idempotent: `MetricsSystem.bootstrap` traps when called twice.
    static let shared = MetricsEndpoint()

    /// Where every exported metric lives.
    let registry: PrometheusCollectorRegistry
    /// The gauges and counters the sampler writes.
    let sampled: SampledMetrics

    private init() {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets = [
            // Encoding plus queueing for every recipient: tens of microseconds for a small class.
            ServerMetrics.fanOutLabel: [
                .microseconds(10), .microseconds(25), .microseconds(50), .microseconds(100), .microseconds(250),
                .microseconds(500), .milliseconds(1), .microseconds(2500), .milliseconds(5), .milliseconds(10),
                .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
            ],
            // A durable SQLite commit (WAL, synchronous=FULL): about a millisecond on an SSD.
            ServerMetrics.storeWriteLabel: [
                .microseconds(250), .microseconds(500), .milliseconds(1), .microseconds(2500), .milliseconds(5),
                .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
                .milliseconds(500), .seconds(1), .microseconds(2_500_000),
            ],
        ]
        MetricsSystem.bootstrap(factory)
        self.registry = registry
        sampled = SampledMetrics(registry)
    }

    /// Answers `/metrics` with the registry's text and returns nil for every other path.
    ///
    /// Runs on the transport's service thread: `emitToBuffer()` is synchronous, takes only the
    /// registry's short locks and never waits on the hub or a lesson.
    package var httpHandler: HTTPHandler {
        let registry = self.registry
        return { request in
            guard request.path == MetricsEndpoint.path else { return nil }
            return HTTPResponse(status: 200, contentType: MetricsEndpoint.contentType, body: registry.emitToBuffer())
        }
    }

    /// The endpoint when `enabled` (bootstrapping swift-metrics at the first call), to serve as a
    /// route; nil when disabled (then `/metrics` stays a 404 and nothing is bootstrapped).
    package static func install(enabled: Bool) -> MetricsEndpoint? {
        enabled ? shared : nil
    }

    /// Puts `/metrics` in front of `webSocket`'s HTTP handler when `enabled` (otherwise `/metrics`
    /// stays a 404 and nothing is bootstrapped).
    ///
    /// - Parameters:
    ///   - webSocket: The transport configuration the server will start with.
    ///   - enabled: `metrics.enabled` from the server configuration.
    /// - Returns: The endpoint, to start sampling once the server runs; nil when disabled.
    @discardableResult
    static func install(in webSocket: inout WebSocketServer.Configuration, enabled: Bool) -> MetricsEndpoint? {
        guard let endpoint = install(enabled: enabled) else { return nil }
        let metrics = endpoint.httpHandler
        let fallback = webSocket.httpHandler
        webSocket.httpHandler = { request in metrics(request) ?? fallback?(request) }
        return endpoint
    }
}
