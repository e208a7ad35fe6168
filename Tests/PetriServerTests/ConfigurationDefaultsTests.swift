import Foundation
import Testing

@testable import PetriHub
@testable import PetriServer

@Suite("Configuration: the shipped default file")
struct ConfigurationDefaultsTests {
    @Test func shippedFileLoadsToExactlyTheBuiltInDefaults() throws {
        // Given the documented default file Config/petri.yaml
        let file = ConfigurationFixtures.path("Config/petri.yaml")

        // When it is loaded with no environment and no flags
        let configuration = try ServerConfiguration.load(
            file: file, environment: [:], overrides: ConfigurationOverrides())

        // Then it is the built-in default, so the file and the code cannot drift apart
        #expect(configuration == ServerConfiguration())
    }

    @Test func configCheckPassesOnTheShippedFile() throws {
        // Given the call `petri config check Config/petri.yaml` makes (PETRI_CONFIG removed, no flags)
        let file = ConfigurationFixtures.path("Config/petri.yaml")

        // When the file is checked
        // Then it is valid
        #expect(throws: Never.self) {
            try ServerConfiguration.load(file: file, environment: [:], overrides: ConfigurationOverrides())
        }
    }

    @Test func shippedFileSetsEverySettingUnderAComment() throws {
        // Given the lines of Config/petri.yaml
        let lines = try ConfigurationFixtures.text("Config/petri.yaml").split(separator: "\n").map(String.init)

        // When each setting's key line is looked up within its section
        for setting in ConfigurationSetting.all {
            let key = setting.path.split(separator: ".").last.map(String.init) ?? ""
            let sectionLine = lines.firstIndex(of: "\(setting.section):")
            let keyLine = sectionLine.flatMap { start in
                lines[start...].firstIndex { $0.hasPrefix("  \(key):") }
            }

            // Then it is present, written out (not left to the default), with a comment directly above
            #expect(keyLine != nil, "Config/petri.yaml does not set \(setting.path)")
            if let keyLine {
                #expect(
                    lines[keyLine - 1].trimmingCharacters(in: .whitespaces).hasPrefix("#"),
                    "\(setting.path) in Config/petri.yaml has no comment above it")
            }
        }
    }

    @Test func shippedFileNamesNoSettingTheCodeLacks() throws {
        // Given the keys actually written in Config/petri.yaml
        let text = try ConfigurationFixtures.text("Config/petri.yaml")
        let written = try ConfigurationFile.entries(yaml: text, path: "Config/petri.yaml").map(\.path)

        // Then they are exactly the settings the code knows, in the same order
        #expect(written == ConfigurationSetting.all.map(\.path))
    }

    @Test func environmentVariablesFollowTheKeyPathInUpperSnakeCase() {
        // Given every setting
        // When its environment variable is derived
        // Then the names are exactly the documented ones
        #expect(
            ServerConfiguration.environmentVariables == [
                "server.host": "PETRI_SERVER_HOST",
                "server.port": "PETRI_SERVER_PORT",
                "data.directory": "PETRI_DATA_DIRECTORY",
                "data.keepEndedLessonsDays": "PETRI_DATA_KEEP_ENDED_LESSONS_DAYS",
                "checkpoints.everyEntries": "PETRI_CHECKPOINTS_EVERY_ENTRIES",
                "checkpoints.everyGenerations": "PETRI_CHECKPOINTS_EVERY_GENERATIONS",
                "checkpoints.keep": "PETRI_CHECKPOINTS_KEEP",
                "teacher.key": "PETRI_TEACHER_KEY",
                "models.directory": "PETRI_MODELS_DIRECTORY",
                "tls.certificate": "PETRI_TLS_CERTIFICATE",
                "tls.key": "PETRI_TLS_KEY",
                "websocket.allowedOrigins": "PETRI_WEBSOCKET_ALLOWED_ORIGINS",
                "websocket.maxMessageBytes": "PETRI_WEBSOCKET_MAX_MESSAGE_BYTES",
                "websocket.maxQueueBytes": "PETRI_WEBSOCKET_MAX_QUEUE_BYTES",
                "websocket.maxTotalQueueBytes": "PETRI_WEBSOCKET_MAX_TOTAL_QUEUE_BYTES",
                "websocket.stallTimeoutSeconds": "PETRI_WEBSOCKET_STALL_TIMEOUT_SECONDS",
                "websocket.handshakeTimeoutSeconds": "PETRI_WEBSOCKET_HANDSHAKE_TIMEOUT_SECONDS",
                "websocket.pingAfterIdleSeconds": "PETRI_WEBSOCKET_PING_AFTER_IDLE_SECONDS",
                "websocket.hangupAfterIdleSeconds": "PETRI_WEBSOCKET_HANGUP_AFTER_IDLE_SECONDS",
                "websocket.maxConnectionsPerAddress": "PETRI_WEBSOCKET_MAX_CONNECTIONS_PER_ADDRESS",
                "websocket.trustedProxies": "PETRI_WEBSOCKET_TRUSTED_PROXIES",
                "limits.messagesPerSecond": "PETRI_LIMITS_MESSAGES_PER_SECOND",
                "limits.messageBurst": "PETRI_LIMITS_MESSAGE_BURST",
                "limits.failedJoinsPerMinute": "PETRI_LIMITS_FAILED_JOINS_PER_MINUTE",
                "limits.maxLessons": "PETRI_LIMITS_MAX_LESSONS",
                "log.level": "PETRI_LOG_LEVEL",
                "log.format": "PETRI_LOG_FORMAT",
                "metrics.enabled": "PETRI_METRICS_ENABLED",
                "store.url": "PETRI_STORE_URL",
                "store.connectTimeoutSeconds": "PETRI_STORE_CONNECT_TIMEOUT_SECONDS",
                "cluster.node": "PETRI_CLUSTER_NODE",
                "cluster.advertiseUrl": "PETRI_CLUSTER_ADVERTISE_URL",
                "cluster.leaseMilliseconds": "PETRI_CLUSTER_LEASE_MILLISECONDS",
                "cluster.renewMilliseconds": "PETRI_CLUSTER_RENEW_MILLISECONDS",
            ])
    }

    @Test func everySettingReadsBackWhatItWrites() {
        // Given the defaults
        let defaults = ServerConfiguration()

        // When each setting's value is read out and written into a fresh configuration
        for setting in ConfigurationSetting.all {
            var copy = ServerConfiguration()
            let written = setting.write(&copy, setting.read(defaults))

            // Then it is accepted and valid, so the table and the fields agree
            #expect(written, "\(setting.path) cannot store its own default")
            #expect(setting.isValid(copy), "\(setting.path)'s default is out of its own range")
        }
    }

    @Test func codableRoundTripKeepsEveryValue() throws {
        // Given a configuration with non-default values, including the secret
        var configuration = ServerConfiguration()
        configuration.server.port = 9000
        configuration.teacher.key = "0123456789abcdef0123"
        configuration.websocket.allowedOrigins = ["https://school.example"]
        configuration.log.level = .debug

        // When it is encoded and decoded
        let data = try JSONEncoder().encode(configuration)
        let decoded = try JSONDecoder().decode(ServerConfiguration.self, from: data)

        // Then nothing is lost
        #expect(decoded == configuration)
    }

    @Test func defaultFilePrefersTheSystemFileThenTheCheckout() {
        // Given which of the two well-known files exist
        // When the default file is chosen
        // Then /etc/petri/petri.yaml wins, then Config/petri.yaml, else none
        #expect(ServerConfiguration.defaultFile { _ in true } == "/etc/petri/petri.yaml")
        #expect(ServerConfiguration.defaultFile { $0 == "Config/petri.yaml" } == "Config/petri.yaml")
        #expect(ServerConfiguration.defaultFile { _ in false } == nil)
    }
}
