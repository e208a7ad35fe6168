import Foundation
import PetriHub
import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriStorage
import PetriTransport
import PetriWebSocket
import Testing

@testable import PetriServer

/// `GET /metrics`: Prometheus text that parses, with counters that move when a lesson runs, and
/// a 404 when `metrics.enabled` is false.
///
/// The registry is process-wide and other suites' hubs may write to it while these tests run, so
/// counters are checked as changes between two scrapes, never as absolute values.
@Suite(.serialized) struct MetricsTests {
    @Test(.timeLimit(.minutes(1))) func metricsParseAsPrometheusTextAndCountersMoveWhenALessonRuns() async throws {
        guard let curl = DeployTools.find("curl") else {
            print("MetricsTests skipped: curl is not installed")
            return
        }
        let server = try await MetricsTestServer.start(enabled: true)
        let before = try scrape(curl, server.port)
        #expect(before.status == 200)
        #expect(before.contentType.hasPrefix("text/plain; version=0.0.4"))
        let first = try PrometheusText.parse(before.body)

        // A small lesson: create, teach, join, three generations; and one wrong code.
        let client = try await WebSocketClient.start()
        let teacher = try await TestClient(client, url: server.url)
        let (code, token) = try await teacher.createLesson(.camouflage, .object(["population": .number(40)]))
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let ada = try await TestClient(client, url: server.url)
        _ = try await ada.attach(.join(code: code, name: "Ada"))
        try teacher.send(.step(count: 3))
        try await teacher.waitForGeneration(3)
        try await ada.waitForGeneration(3)
        let guesser = try await TestClient(client, url: server.url)
        try guesser.send(.join(code: try JoinCode("ZZZZZZ"), name: "x"))
        #expect(try await guesser.expectError().code == .unknownLesson)

        // The sampler copies transport and hub figures in every 20 ms: poll, boundedly, until they show.
        var after = try PrometheusText.parse(scrape(curl, server.port).body)
        for _ in 0..<250
        where
            !(after.value("petri_lessons") >= 1 && after.value("petri_students") >= 1
            && after.value("petri_connections") >= 3
            && after.value("petri_sent_bytes_total") > first.value("petri_sent_bytes_total")
            && after.value("petri_messages_received_total") - first.value("petri_messages_received_total") >= 5
            && after.value("petri_messages_sent_total") - first.value("petri_messages_sent_total") >= 8)
        {
            try await Task.sleep(for: .milliseconds(20))
            after = try PrometheusText.parse(scrape(curl, server.port).body)
        }

        let expected = [
            "petri_connections", "petri_lessons", "petri_students", "petri_connections_accepted_total",
            "petri_messages_received_total", "petri_messages_sent_total", "petri_received_bytes_total",
            "petri_sent_bytes_total", "petri_snapshots_coalesced_total", "petri_slow_client_disconnects_total",
            "petri_bad_input_disconnects_total", "petri_outbound_queued_bytes", "petri_messages_handled_total",
            "petri_lessons_created_total", "petri_sessions_total", "petri_rejected_inputs_total",
            "petri_broadcast_fanout_seconds_count", "petri_broadcast_fanout_seconds_bucket",
            "petri_store_write_seconds_count",
        ]
        for name in expected { #expect(after.samples.contains { $0.name == name }, "missing \(name)") }
        #expect(after.types["petri_connections"] == "gauge")
        #expect(after.types["petri_sent_bytes_total"] == "counter")
        #expect(after.types["petri_broadcast_fanout_seconds"] == "histogram")

        // Gauges (this is the only sampling server in the process).
        #expect(after.value("petri_lessons") >= 1)
        #expect(after.value("petri_students") >= 1)
        #expect(after.value("petri_connections") >= 3)
        // Counters moved by at least what this lesson did.
        func moved(_ name: String, _ labels: [String: String] = [:]) -> Double {
            after.value(name, labels) - first.value(name, labels)
        }
        #expect(moved("petri_lessons_created_total") >= 1)
        #expect(moved("petri_sessions_total") >= 3)
        #expect(moved("petri_messages_handled_total") >= 5)  // create, teach, join, step, wrong join
        #expect(moved("petri_rejected_inputs_total", ["reason": "unknown-lesson"]) >= 1)
        #expect(moved("petri_connections_accepted_total") >= 3)
        #expect(moved("petri_messages_received_total") >= 5)
        #expect(moved("petri_received_bytes_total") > 0)
        #expect(moved("petri_messages_sent_total") >= 8)  // created, two welcomes, 2 × 3 snapshots, error
        #expect(moved("petri_sent_bytes_total") > 0)
        #expect(moved("petri_broadcast_fanout_seconds_count") >= 3)
        #expect(moved("petri_broadcast_fanout_seconds_sum") > 0)
        #expect(moved("petri_broadcast_fanout_seconds_bucket", ["le": "+Inf"]) >= 3)
        #expect(moved("petri_store_write_seconds_count") >= 1)

        // The endpoint sits in front of the built-in routes rather than replacing them.
        #expect(try scrape(curl, server.port, path: "/healthz").status == 200)
        await client.shutdown()
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func disabledMetricsAreA404() async throws {
        guard let curl = DeployTools.find("curl") else {
            print("MetricsTests skipped: curl is not installed")
            return
        }
        let server = try await MetricsTestServer.start(enabled: false)
        #expect(server.sampler == nil)
        #expect(try scrape(curl, server.port).status == 404)
        #expect(try scrape(curl, server.port, path: "/healthz").status == 200)
        await server.stop()
    }

    @Test func theParserRejectsMalformedLines() {
        #expect(throws: PrometheusText.Malformed.self) { try PrometheusText.parse("petri_x 1 2 3\n") }
        #expect(throws: PrometheusText.Malformed.self) { try PrometheusText.parse("petri_x{a=\"b} 1\n") }
        #expect(throws: PrometheusText.Malformed.self) { try PrometheusText.parse("9petri 1\n") }
        #expect(throws: PrometheusText.Malformed.self) { try PrometheusText.parse("petri_x one\n") }
        #expect(throws: PrometheusText.Malformed.self) { try PrometheusText.parse("# TYPE petri_x widget\n") }
        let good = try? PrometheusText.parse(
            "# HELP a_total A.\n# TYPE a_total counter\na_total 3\nh_bucket{le=\"+Inf\",k=\"a\\\"b\"} 2 1700000000\n")
        #expect(good?.value("a_total") == 3)
        #expect(good?.value("h_bucket", ["le": "+Inf", "k": "a\"b"]) == 2)
    }

    /// GETs `path` with curl: the status, the content type and the body.
    private func scrape(_ curl: String, _ port: Int, path: String = "/metrics") throws
        -> (status: Int, contentType: String, body: String)
    {
        let marker = "\n@@petri-test@@"
        let (exit, output) = try DeployTools.run(
            curl,
            [
                "-sS", "--max-time", "5", "-w", "\(marker)%{http_code} %{content_type}",
                "http://127.0.0.1:\(port)\(path)",
            ])
        guard exit == 0, let split = output.range(of: marker, options: .backwards) else {
            Issue.record("curl failed (\(exit)): \(output)")
            return (0, "", "")
        }
        let trailer = output[split.upperBound...].split(separator: " ", maxSplits: 1)
        return (
            Int(trailer.first ?? "") ?? 0, trailer.count > 1 ? String(trailer[1]) : "",
            String(output[..<split.lowerBound])
        )
    }
}

/// A hub behind a real WebSocket server with `/metrics` installed as `petri serve` does it, and
/// the sampler running every 20 ms.
struct MetricsTestServer {
    let server: WebSocketServer
    let hub: Hub
    let sampler: Task<Void, Never>?
    let task: Task<Void, Never>

    var port: Int { server.port }
    var url: String { "ws://127.0.0.1:\(server.port)/" }

    static func start(enabled: Bool) async throws -> MetricsTestServer {
        var configuration = WebSocketServer.Configuration(host: "127.0.0.1", port: 0)
        // Installed before the hub exists, so the hub's swift-metrics counters reach the registry.
        let endpoint = MetricsEndpoint.install(in: &configuration, enabled: enabled)
        let server = try await WebSocketServer.start(configuration)
        let hub = Hub(
            transport: server, storage: InMemoryLessonStorage(), clock: SystemClock(), teacherKey: testTeacherKey)
        let sampler = endpoint?.startSampling(server, hub, every: .milliseconds(20))
        let task = Task {
            await withDiscardingTaskGroup { group in
                for await connection in server.connections { group.addTask { await hub.serve(connection) } }
            }
        }
        return MetricsTestServer(server: server, hub: hub, sampler: sampler, task: task)
    }

    func stop() async {
        sampler?.cancel()
        await sampler?.value
        await hub.stopAll()
        await server.shutdown()
        await task.value
    }
}

/// A strict reader of the Prometheus text exposition format (0.0.4), enough to check `/metrics`.
struct PrometheusText {
    struct Malformed: Error, CustomStringConvertible {
        let line: String
        var description: String { "not Prometheus text: \(line)" }
    }

    struct Sample: Equatable {
        var name: String
        var labels: [String: String]
        var value: Double
    }

    /// Every sample line, in order.
    var samples: [Sample] = []
    /// `# TYPE` declarations: metric family name → type.
    var types: [String: String] = [:]

    /// The value of the sample `name` whose labels include `labels`, or 0 when there is none (a
    /// counter not created yet has not counted anything).
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double {
        samples.first { sample in sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value } }?
            .value ?? 0
    }

    /// Parses the whole text; throws on the first line that is neither blank, a comment nor
    /// `name{label="value",...} value [timestamp]`.
    static func parse(_ text: String) throws -> PrometheusText {
        var result = PrometheusText()
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") {
                let words = line.split(separator: " ", maxSplits: 3)
                if words.count >= 2, words[1] == "TYPE" {
                    guard words.count == 4, isName(words[2]),
                        ["counter", "gauge", "histogram", "summary", "untyped"].contains(words[3])
                    else { throw Malformed(line: String(line)) }
                    result.types[String(words[2])] = String(words[3])
                }
                continue
            }
            guard let sample = sample(Array(line.unicodeScalars)) else { throw Malformed(line: String(line)) }
            result.samples.append(sample)
        }
        return result
    }

    private static func isName<S: StringProtocol>(_ name: S) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first == ":" || isLetter(first) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0 == ":" || isLetter($0) || ("0"..."9").contains($0) }
    }

    private static func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }

    private static func sample(_ s: [Unicode.Scalar]) -> Sample? {
        var i = 0
        func take(while accept: (Unicode.Scalar) -> Bool) -> String {
            var out = String.UnicodeScalarView()
            while i < s.count, accept(s[i]) { out.append(s[i]); i += 1 }
            return String(out)
        }
        let name = take { $0 != "{" && $0 != " " }
        guard isName(name) else { return nil }
        var labels: [String: String] = [:]
        if i < s.count, s[i] == "{" {
            i += 1
            while i < s.count, s[i] != "}" {
                let key = take { $0 != "=" }
                guard isName(key), !key.contains(":"), i + 1 < s.count, s[i + 1] == "\"" else { return nil }
                i += 2
                var value = String.UnicodeScalarView()
                while i < s.count, s[i] != "\"" {
                    if s[i] == "\\" {
                        i += 1
                        guard i < s.count else { return nil }
                        switch s[i] {
                        case "\\": value.append("\\")
                        case "\"": value.append("\"")
                        case "n": value.append("\n")
                        default: return nil
                        }
                    } else {
                        value.append(s[i])
                    }
                    i += 1
                }
                guard i < s.count else { return nil }  // unterminated value
                i += 1
                labels[key] = String(value)
                if i < s.count, s[i] == "," { i += 1 } else if i < s.count, s[i] != "}" { return nil }
            }
            guard i < s.count else { return nil }
            i += 1
        }
        let rest = String(String.UnicodeScalarView(s[i...])).split(separator: " ", omittingEmptySubsequences: false)
        guard rest.count == 2 || rest.count == 3, rest[0].isEmpty else { return nil }
        guard let value = number(rest[1]) else { return nil }
        if rest.count == 3, Int64(rest[2]) == nil { return nil }
        return Sample(name: name, labels: labels, value: value)
    }

    private static func number(_ text: Substring) -> Double? {
        switch text {
        case "+Inf": .infinity
        case "-Inf": -.infinity
        case "NaN": .nan
        default: Double(text)
        }
    }
}
