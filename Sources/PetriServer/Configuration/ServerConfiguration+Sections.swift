import Logging
import PetriHub
import PetriProtocol

// The sections of `petri.yaml`, one struct each. Defaults live here and nowhere else in code;
// `Config/petri.yaml` repeats them with comments, and a test keeps the two equal.

extension ServerConfiguration {
    /// `server:` where the server listens.
    package struct Server: Sendable, Codable, Equatable {
        /// The address to listen on: `127.0.0.1` for this machine only, `0.0.0.0` for every IPv4 address.
        package var host = "127.0.0.1"
        /// The TCP port; 0 picks a free one (useful in tests).
        package var port = 8080

        package init() {}
    }

    /// `data:` durable state.
    package struct DataDirectory: Sendable, Codable, Equatable {
        /// The directory holding the SQLite database and the generated teacher key; created on first start.
        /// A relative path is relative to the working directory of the server process.
        package var directory = "./data"
        /// Days an ended lesson is kept (teacher and students look, history, export); after that its
        /// code answers `lesson-expired` and the hourly sweep erases it from the store (``Hub/eraseExpiredLessons()``).
        var keepEndedLessonsDays = 30

        package init() {}
    }

    /// `models:` model files to serve beside the shipped models.
    package struct Models: Sendable, Codable, Equatable {
        /// A directory whose `*.yaml` files are trait models (Sources/PetriSimulation/MODELS-FORMAT.md), each checked
        /// as `petri model check` does; nil serves the shipped models only. Read once at start.
        package var directory: String?

        package init() {}
    }

    /// `checkpoints:` how often a lesson saves the whole of itself beside its log (see ``CheckpointPolicy``).
    ///
    /// A restart restores each lesson's newest checkpoint and replays only the log entries after it, so closer
    /// checkpoints mean faster restarts for more writing while lessons run.
    package struct Checkpoints: Sendable, Codable, Equatable {
        /// Log entries between checkpoints: a restart replays at most about this many per lesson.
        var everyEntries = 5_000
        /// Generations stepped between checkpoints, however few entries stepped them.
        var everyGenerations = 1_000
        /// Checkpoints kept per lesson; older ones are deleted as a new one is stored.
        var keep = 1

        package init() {}
    }

    /// `teacher:` teacher authority.
    ///
    /// The key is redacted from ``description`` and from reflection (`dump`, debuggers) so it never reaches a log.
    package struct Teacher: Sendable, Codable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
        CustomReflectable
    {
        /// The secret teachers present to take control of a lesson; nil lets the server generate one on first
        /// start and keep it in the data directory.
        package var key: String?

        package init() {}

        /// `key: <set>` or `key: <not set>`, never the key.
        package var description: String { "key: \(key == nil ? "<not set>" : "<set>")" }
        /// Same as ``description``.
        package var debugDescription: String { description }
        /// A mirror showing only whether the key is set.
        package var customMirror: Mirror { Mirror(self, children: ["key": key == nil ? "<not set>" : "<set>"]) }
    }

    /// `tls:` serving `wss://` directly.
    package struct TLS: Sendable, Codable, Equatable {
        /// Path of the PEM certificate chain, or nil for plain `ws://`. Set together with ``key``.
        var certificate: String?
        /// Path of the PEM private key, or nil for plain `ws://`. Set together with ``certificate``.
        var key: String?

        package init() {}
    }

    /// `websocket:` limits and timing of each connection.
    package struct WebSocket: Sendable, Codable, Equatable {
        /// Browser origins allowed besides the server's own (`https://school.example`); `*` allows any. A page
        /// this server (or, in a cluster, ``Cluster/advertiseUrl``'s host) served is always allowed, and so are
        /// clients that send no Origin (the terminal clients); any other web site's page is refused.
        var allowedOrigins: [String] = []
        /// Largest message a client may send, all fragments together; larger closes the connection (1009).
        var maxMessageBytes = ProtocolLimits.Defaults.frameBytes
        /// Outbound bytes a connection may have queued before it counts as stalled.
        var maxQueueBytes = 1_048_576
        /// Outbound bytes all connections together may have queued; 0 for no budget. Over it, new `history`
        /// requests get `try-later` and the connections holding the most are closed (1008) until it is under.
        /// 128 MiB: 32 connections at the hard cap (four times ``maxQueueBytes``), or a thousand students with
        /// 128 KiB each waiting, against the 480-531 MiB that 150 students asking for history without reading held.
        var maxTotalQueueBytes = 134_217_728
        /// Seconds a connection may stay stalled before it is closed (1008).
        var stallTimeoutSeconds = 10
        /// Seconds allowed for the TCP connect and HTTP upgrade.
        var handshakeTimeoutSeconds = 10
        /// Idle seconds before the server pings a connection.
        var pingAfterIdleSeconds = 20
        /// Idle seconds (no data, no pong) before the server hangs up; must exceed ``pingAfterIdleSeconds``.
        var hangupAfterIdleSeconds = 50
        /// Most connections from one remote address, handshakes in progress included; 0 for no cap. 4000 by
        /// default: a school of 2,000 students online at once behind one NAT address fits with room for each
        /// browser's page loads (short-lived HTTP connections count too), and one address cannot take more than
        /// a sixteenth of the 65,536 descriptors the shipped unit allows. Behind a trusted proxy the address is
        /// the one it forwards for.
        var maxConnectionsPerAddress = 4000
        /// Reverse proxies whose `X-Forwarded-For` names the real client, for per-address limits (the cap above,
        /// failed joins). Loopback by default, so a proxy on the same machine (Deploy/nginx) works as it is.
        var trustedProxies: [String] = ["127.0.0.1", "::1"]

        package init() {}
    }

    /// `limits:` rate limits on what clients send.
    package struct Limits: Sendable, Codable, Equatable {
        /// Sustained messages per second one connection may send (token-bucket refill rate).
        var messagesPerSecond = ProtocolLimits.Defaults.messagesPerSecond
        /// Messages one connection may send in a burst above the sustained rate (token-bucket size).
        var messageBurst = ProtocolLimits.Defaults.messageBurst
        /// Failed joins (unknown lesson code, or wrong token for one lesson) one address may make per minute
        /// before another such is refused; a valid code or token never is.
        var failedJoinsPerMinute = 60 / ProtocolLimits.Defaults.secondsPerFailedJoin
        /// Lessons not yet ended the server runs at most (created, imported or cloned with the teacher key).
        var maxLessons = 500

        package init() {}
    }

    /// `log:` logging.
    package struct Log: Sendable, Codable, Equatable {
        /// The least severe level written.
        package var level: Logger.Level = .info
        /// One human-readable line per event, or one JSON object per line for log collectors.
        package var format: Format = .text

        package init() {}

        /// How log lines are written.
        package enum Format: String, Sendable, Codable, Equatable, CaseIterable {
            /// Human-readable lines.
            case text
            /// One JSON object per line.
            case json
        }
    }

    /// `metrics:` the Prometheus endpoint.
    package struct Metrics: Sendable, Codable, Equatable {
        /// Whether `GET /metrics` answers with Prometheus text; when false it is a 404.
        package var enabled = true

        package init() {}
    }

    /// `store:` where lessons are stored: SQLite in the data directory, or a shared PostgreSQL.
    package struct Store: Sendable, Codable, Equatable, CustomStringConvertible {
        /// Nil (the default) keeps lessons in SQLite in ``DataDirectory/directory``; a
        /// `postgres://user:password@host:5432/database` URL keeps them in PostgreSQL, which several
        /// nodes can share (see ``Cluster``). It may hold a password: never logged.
        var url: String?
        /// How long `petri serve` keeps trying to reach PostgreSQL at start, saying so each time, before it
        /// gives up with a sentence and exit status 1.
        var connectTimeoutSeconds = 30

        package init() {}

        /// `url: <set>` or `url: <not set>`, never the URL (it may hold a password).
        package var description: String {
            "url: \(url == nil ? "<not set>" : "<set>"), connectTimeoutSeconds: \(connectTimeoutSeconds)"
        }
    }

    /// `cluster:` this node, when several share one PostgreSQL store (`store.url`).
    package struct Cluster: Sendable, Codable, Equatable {
        /// This node's name, unique in the cluster and stable across restarts; nil uses the host name.
        var node: String?
        /// The WebSocket URL clients reach this node at (sent in `redirect`); nil uses
        /// `ws://<host name>:<server.port>/`.
        package var advertiseUrl: String?
        /// How long a lesson's lease lasts without renewal: a node's lessons move to another node
        /// once its PostgreSQL session ended (a killed process: at once) or at the latest once
        /// this has passed.
        var leaseMilliseconds = 5_000
        /// How often a node renews its leases (at most half the lease).
        var renewMilliseconds = 1_500

        package init() {}
    }
}
