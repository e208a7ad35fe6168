import Testing

@testable import PetriHub
@testable import PetriServer

@Suite("Configuration: every setting's error sentence")
struct ConfigurationValueErrorTests {
    /// A bad value for one setting, given through its environment variable, and the exact sentence expected.
    struct Example: Sendable, CustomTestStringConvertible {
        let variable: String
        let value: String
        let message: String

        var testDescription: String { "\(variable)=\(value)" }
    }

    static let examples: [Example] = [
        .init(
            variable: "PETRI_SERVER_HOST", value: "my host",
            message:
                #"server.host must be an address of this machine such as 127.0.0.1 or 0.0.0.0, with no spaces, but was "my host" (from PETRI_SERVER_HOST)."#
        ),
        .init(
            variable: "PETRI_SERVER_PORT", value: "70000",
            message:
                "server.port must be a whole number between 0 and 65535 (0 picks a free port), but was 70000 (from PETRI_SERVER_PORT)."
        ),
        .init(
            variable: "PETRI_SERVER_PORT", value: "http",
            message:
                #"server.port must be a whole number between 0 and 65535 (0 picks a free port), but was "http" (from PETRI_SERVER_PORT)."#
        ),
        .init(
            variable: "PETRI_DATA_DIRECTORY", value: "data\u{7}",
            message:
                #"data.directory must be the path of a directory (created if missing), but was "data\u{07}" (from PETRI_DATA_DIRECTORY)."#
        ),
        .init(
            variable: "PETRI_CHECKPOINTS_EVERY_ENTRIES", value: "0",
            message:
                "checkpoints.everyEntries must be a whole number between 1 and 1000000, but was 0 (from PETRI_CHECKPOINTS_EVERY_ENTRIES)."
        ),
        .init(
            variable: "PETRI_CHECKPOINTS_EVERY_GENERATIONS", value: "100001",
            message:
                "checkpoints.everyGenerations must be a whole number between 1 and 100000, but was 100001 (from PETRI_CHECKPOINTS_EVERY_GENERATIONS)."
        ),
        .init(
            variable: "PETRI_CHECKPOINTS_KEEP", value: "all",
            message:
                #"checkpoints.keep must be a whole number between 1 and 100, but was "all" (from PETRI_CHECKPOINTS_KEEP)."#
        ),
        .init(
            variable: "PETRI_TEACHER_KEY", value: "hunter2",
            message:
                "teacher.key must be at least 16 and at most 512 characters with no spaces, or empty to have one generated, but was 7 characters long (from PETRI_TEACHER_KEY)."
        ),
        .init(
            variable: "PETRI_MODELS_DIRECTORY", value: "/etc/petri/\u{1b}models",
            message:
                #"models.directory must be the path of a directory of model files (*.yaml), or empty for the shipped models only, but was "/etc/petri/\u{1B}models" (from PETRI_MODELS_DIRECTORY)."#
        ),
        .init(
            variable: "PETRI_TLS_CERTIFICATE", value: "/etc/petri/\u{1b}cert.pem",
            message:
                #"tls.certificate must be the path of a PEM certificate file, or empty for plain ws://, but was "/etc/petri/\u{1B}cert.pem" (from PETRI_TLS_CERTIFICATE)."#
        ),
        .init(
            variable: "PETRI_TLS_KEY", value: "/etc/petri/\u{1b}key.pem",
            message:
                #"tls.key must be the path of a PEM private key file, or empty for plain ws://, but was "/etc/petri/\u{1B}key.pem" (from PETRI_TLS_KEY)."#
        ),
        .init(
            variable: "PETRI_WEBSOCKET_ALLOWED_ORIGINS", value: "https://school.example/",
            message:
                #"websocket.allowedOrigins must be a list of origins such as https://school.example (lower-case scheme, host and optional port, with no path or trailing slash), or * for any, but was ["https://school.example/"] (from PETRI_WEBSOCKET_ALLOWED_ORIGINS)."#
        ),
        .init(
            variable: "PETRI_WEBSOCKET_MAX_MESSAGE_BYTES", value: "12",
            message:
                "websocket.maxMessageBytes must be a whole number between 1024 and 16777216, but was 12 (from PETRI_WEBSOCKET_MAX_MESSAGE_BYTES)."
        ),
        .init(
            variable: "PETRI_WEBSOCKET_MAX_QUEUE_BYTES", value: "1000",
            message:
                "websocket.maxQueueBytes must be a whole number between 4096 and 268435456, but was 1000 (from PETRI_WEBSOCKET_MAX_QUEUE_BYTES)."
        ),
        .init(
            variable: "PETRI_WEBSOCKET_MAX_TOTAL_QUEUE_BYTES", value: "-1",
            message:
                "websocket.maxTotalQueueBytes must be a whole number between 0 and 68719476736 (0 means no budget), but was -1 (from PETRI_WEBSOCKET_MAX_TOTAL_QUEUE_BYTES)."
        ),
        .init(
            variable: "PETRI_WEBSOCKET_STALL_TIMEOUT_SECONDS", value: "0",
            message:
                "websocket.stallTimeoutSeconds must be a whole number of seconds between 1 and 300, but was 0 (from PETRI_WEBSOCKET_STALL_TIMEOUT_SECONDS)."
        ),
        .init(
            variable: "PETRI_WEBSOCKET_HANDSHAKE_TIMEOUT_SECONDS", value: "301",
            message:
                "websocket.handshakeTimeoutSeconds must be a whole number of seconds between 1 and 300, but was 301 (from PETRI_WEBSOCKET_HANDSHAKE_TIMEOUT_SECONDS)."
        ),
        .init(
            variable: "PETRI_WEBSOCKET_PING_AFTER_IDLE_SECONDS", value: "0",
            message:
                "websocket.pingAfterIdleSeconds must be a whole number of seconds between 1 and 3599, but was 0 (from PETRI_WEBSOCKET_PING_AFTER_IDLE_SECONDS)."
        ),
        .init(
            variable: "PETRI_WEBSOCKET_HANGUP_AFTER_IDLE_SECONDS", value: "20",
            message:
                "websocket.hangupAfterIdleSeconds must be a whole number of seconds between 21 and 3600 (more than websocket.pingAfterIdleSeconds), but was 20 (from PETRI_WEBSOCKET_HANGUP_AFTER_IDLE_SECONDS)."
        ),
        .init(
            variable: "PETRI_WEBSOCKET_MAX_CONNECTIONS_PER_ADDRESS", value: "-1",
            message:
                "websocket.maxConnectionsPerAddress must be a whole number between 0 and 1000000 (0 means no cap), but was -1 (from PETRI_WEBSOCKET_MAX_CONNECTIONS_PER_ADDRESS)."
        ),
        .init(
            variable: "PETRI_WEBSOCKET_TRUSTED_PROXIES", value: "127.0.0.1,nginx.local",
            message:
                #"websocket.trustedProxies must be a list of IP addresses of reverse proxies such as 127.0.0.1 or ::1 (empty trusts none), but was ["127.0.0.1", "nginx.local"] (from PETRI_WEBSOCKET_TRUSTED_PROXIES)."#
        ),
        .init(
            variable: "PETRI_LIMITS_MESSAGES_PER_SECOND", value: "0",
            message:
                "limits.messagesPerSecond must be a whole number between 1 and 10000, but was 0 (from PETRI_LIMITS_MESSAGES_PER_SECOND)."
        ),
        .init(
            variable: "PETRI_LIMITS_MESSAGE_BURST", value: "1.5",
            message:
                #"limits.messageBurst must be a whole number between 1 and 100000, but was "1.5" (from PETRI_LIMITS_MESSAGE_BURST)."#
        ),
        .init(
            variable: "PETRI_DATA_KEEP_ENDED_LESSONS_DAYS", value: "0",
            message:
                "data.keepEndedLessonsDays must be a whole number of days between 1 and 3650, but was 0 (from PETRI_DATA_KEEP_ENDED_LESSONS_DAYS)."
        ),
        .init(
            variable: "PETRI_LIMITS_FAILED_JOINS_PER_MINUTE", value: "0",
            message:
                "limits.failedJoinsPerMinute must be a whole number between 1 and 10000, but was 0 (from PETRI_LIMITS_FAILED_JOINS_PER_MINUTE)."
        ),
        .init(
            variable: "PETRI_LIMITS_MAX_LESSONS", value: "0",
            message:
                "limits.maxLessons must be a whole number between 1 and 1000000, but was 0 (from PETRI_LIMITS_MAX_LESSONS)."
        ),
        .init(
            variable: "PETRI_LOG_LEVEL", value: "verbose",
            message:
                #"log.level must be one of trace, debug, info, notice, warning, error, critical, but was "verbose" (from PETRI_LOG_LEVEL)."#
        ),
        .init(
            variable: "PETRI_LOG_FORMAT", value: "xml",
            message: #"log.format must be one of text, json, but was "xml" (from PETRI_LOG_FORMAT)."#
        ),
        .init(
            variable: "PETRI_METRICS_ENABLED", value: "maybe",
            message: #"metrics.enabled must be true or false, but was "maybe" (from PETRI_METRICS_ENABLED)."#
        ),
        .init(
            variable: "PETRI_STORE_URL", value: "mysql://db/petri",
            message:
                "store.url must be a URL such as postgres://petri:password@db.school.example:5432/petri, or empty for SQLite in data.directory, but was 16 characters long (from PETRI_STORE_URL)."
        ),
        .init(
            variable: "PETRI_STORE_CONNECT_TIMEOUT_SECONDS", value: "0",
            message:
                "store.connectTimeoutSeconds must be a whole number of seconds between 1 and 600, but was 0 (from PETRI_STORE_CONNECT_TIMEOUT_SECONDS)."
        ),
        .init(
            variable: "PETRI_CLUSTER_NODE", value: "node one",
            message:
                #"cluster.node must be a name of 1 to 64 letters, digits, dots, dashes or underscores, or empty for the host name, but was "node one" (from PETRI_CLUSTER_NODE)."#
        ),
        .init(
            variable: "PETRI_CLUSTER_ADVERTISE_URL", value: "http://node1/",
            message:
                #"cluster.advertiseUrl must be a WebSocket URL clients can reach this node at, such as wss://node1.school.example/, or empty, but was "http://node1/" (from PETRI_CLUSTER_ADVERTISE_URL)."#
        ),
        .init(
            variable: "PETRI_CLUSTER_LEASE_MILLISECONDS", value: "500",
            message:
                "cluster.leaseMilliseconds must be a whole number between 1000 and 600000, but was 500 (from PETRI_CLUSTER_LEASE_MILLISECONDS)."
        ),
        .init(
            variable: "PETRI_CLUSTER_RENEW_MILLISECONDS", value: "4000",
            message:
                "cluster.renewMilliseconds must be a whole number between 100 and 2500 (at most half of cluster.leaseMilliseconds), but was 4000 (from PETRI_CLUSTER_RENEW_MILLISECONDS)."
        ),
    ]

    @Test(arguments: examples)
    func aBadValueStopsTheStartWithOneSentence(_ example: Example) {
        // Given a bad value in one environment variable
        let environment = [example.variable: example.value]

        // When the configuration is loaded
        // Then it fails with one sentence naming the setting, the value, its source and what is allowed
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.load(file: nil, environment: environment, overrides: .init())
        }
        #expect(ConfigurationFixtures.loadError(environment)?.message == example.message)
    }

    @Test func everySettingHasAnExample() {
        // Given the examples above
        let covered = Set(
            Self.examples.compactMap { example in
                ServerConfiguration.environmentVariables.first { $0.value == example.variable }?.key
            })

        // Then each setting's sentence is pinned by at least one
        #expect(covered == Set(ConfigurationSetting.all.map(\.path)))
    }

    @Test func theTeacherKeyIsNeverRepeatedInAnError() {
        // Given a teacher key that is too short, with a space
        let key = "open sesame"

        // When it is rejected
        let message = ConfigurationFixtures.loadError(["PETRI_TEACHER_KEY": key])?.message ?? ""

        // Then the sentence gives its length but not the key
        #expect(message.contains("but was 11 characters long"))
        #expect(!message.contains("sesame"))
    }

    @Test func flagsAreNamedAsTyped() {
        // Given bad values given as flags
        // When they are loaded
        // Then the sentence names the flag
        #expect(
            ConfigurationFixtures.loadError([:], ConfigurationOverrides(port: 70000))?.message
                == "server.port must be a whole number between 0 and 65535 (0 picks a free port), but was 70000 (from --port)."
        )
        #expect(
            ConfigurationFixtures.loadError([:], ConfigurationOverrides(logLevel: "loud"))?.message
                == #"log.level must be one of trace, debug, info, notice, warning, error, critical, but was "loud" (from --log-level)."#
        )
        #expect(
            ConfigurationFixtures.loadError([:], ConfigurationOverrides(host: ""))?.message
                == #"server.host must be an address of this machine such as 127.0.0.1 or 0.0.0.0, with no spaces, but was "" (from --host)."#
        )
    }

    @Test func hangUpMustComeAfterThePingWhereverEachWasSet() throws {
        // Given a ping interval from the environment and a hang-up from the file that is not later
        let file = try ConfigurationFixtures.write("websocket:\n  hangupAfterIdleSeconds: 30\n")
        defer { ConfigurationFixtures.remove(file) }

        // When they are loaded
        let error = ConfigurationFixtures.loadError([
            "PETRI_WEBSOCKET_PING_AFTER_IDLE_SECONDS": "40", "PETRI_CONFIG": file,
        ])

        // Then the hang-up is named with the file line, and the allowed range follows the ping
        #expect(
            error?.message
                == "websocket.hangupAfterIdleSeconds must be a whole number of seconds between 41 and 3600 (more than websocket.pingAfterIdleSeconds), but was 30 (from \(file) line 2)."
        )
    }

    @Test func originsMustBeExactlyWhatBrowsersSend() {
        // Given origins of every shape
        let good = ["https://school.example", "http://localhost:8080", "https://10.0.0.5", "http://[::1]:8080", "*"]
        let bad = [
            "school.example", "https://School.example", "https://school.example/", "https://school.example/path",
            "ftp://school.example", "https://", "https://school.example:0", "https://school.example:port", "**",
        ]

        // When each is given as the only allowed origin
        // Then exactly the well-formed ones pass
        for origin in good {
            #expect(
                ConfigurationFixtures.loadError(["PETRI_WEBSOCKET_ALLOWED_ORIGINS": origin]) == nil,
                "\(origin) was refused")
        }
        for origin in bad {
            #expect(
                ConfigurationFixtures.loadError(["PETRI_WEBSOCKET_ALLOWED_ORIGINS": origin]) != nil,
                "\(origin) was accepted")
        }
    }

    @Test func aValidatedConfigurationBuiltInCodeNamesNoSource() {
        // Given a configuration changed in code to a bad value
        var configuration = ServerConfiguration()
        configuration.limits.messageBurst = 0

        // When it is validated
        // Then the sentence has no "(from …)"
        let between = ServerWords.word("config.allowed.integer", ["low": 1, "high": 100_000])
        #expect(
            throws: ConfigurationError.invalidValue(
                setting: "limits.messageBurst", value: "0", allowed: between, source: .defaultValue)
        ) {
            try configuration.validate()
        }
        #expect(
            ConfigurationError.invalidValue(
                setting: "limits.messageBurst", value: "0", allowed: between, source: .defaultValue
            ).message == "limits.messageBurst must be a whole number between 1 and 100000, but was 0.")
    }
}
