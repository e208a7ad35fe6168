import Testing

@testable import PetriHub
@testable import PetriServer

@Suite("Configuration: flag > environment > file > default")
struct ConfigurationPrecedenceTests {
    @Test func fileOverridesTheDefault() throws {
        // Given a file setting the port
        let file = try ConfigurationFixtures.write("server:\n  port: 9000\n")
        defer { ConfigurationFixtures.remove(file) }

        // When it is loaded with nothing else
        let configuration = try ServerConfiguration.load(file: file, environment: [:], overrides: .init())

        // Then the file's value wins and everything else keeps its default
        var expected = ServerConfiguration()
        expected.server.port = 9000
        #expect(configuration == expected)
    }

    @Test func environmentOverridesTheFile() throws {
        // Given a file and a variable setting the same port
        let file = try ConfigurationFixtures.write("server:\n  port: 9000\n")
        defer { ConfigurationFixtures.remove(file) }

        // When both are loaded
        let configuration = try ServerConfiguration.load(
            file: file, environment: ["PETRI_SERVER_PORT": "9100"], overrides: .init())

        // Then the environment wins
        #expect(configuration.server.port == 9100)
    }

    @Test func flagOverridesTheEnvironment() throws {
        // Given a file, a variable and a flag all setting the port, and a variable and a flag for the log level
        let file = try ConfigurationFixtures.write("server:\n  port: 9000\nlog:\n  level: debug\n")
        defer { ConfigurationFixtures.remove(file) }
        let environment = ["PETRI_SERVER_PORT": "9100", "PETRI_LOG_LEVEL": "warning"]

        // When all are loaded
        let configuration = try ServerConfiguration.load(
            file: file, environment: environment,
            overrides: ConfigurationOverrides(
                host: "0.0.0.0", port: 9200, dataDirectory: "/srv/petri", logLevel: "error"))

        // Then every flag wins
        #expect(configuration.server.host == "0.0.0.0")
        #expect(configuration.server.port == 9200)
        #expect(configuration.data.directory == "/srv/petri")
        #expect(configuration.log.level == .error)
    }

    @Test func layersMergeSettingBySetting() throws {
        // Given each layer setting a different value
        let file = try ConfigurationFixtures.write("websocket:\n  maxMessageBytes: 2048\n")
        defer { ConfigurationFixtures.remove(file) }

        // When they are loaded
        let configuration = try ServerConfiguration.load(
            file: file, environment: ["PETRI_LIMITS_MESSAGE_BURST": "99"], overrides: ConfigurationOverrides(port: 0))

        // Then each value comes from the layer that set it and the rest are defaults
        var expected = ServerConfiguration()
        expected.websocket.maxMessageBytes = 2048
        expected.limits.messageBurst = 99
        expected.server.port = 0
        #expect(configuration == expected)
    }

    @Test func configFlagBeatsPetriConfigWhichBeatsTheCallersDefault() throws {
        // Given three files with different ports
        let flagFile = try ConfigurationFixtures.write("server:\n  port: 1001\n")
        let variableFile = try ConfigurationFixtures.write("server:\n  port: 1002\n")
        let defaultFile = try ConfigurationFixtures.write("server:\n  port: 1003\n")
        defer { [flagFile, variableFile, defaultFile].forEach(ConfigurationFixtures.remove) }
        let environment = ["PETRI_CONFIG": variableFile]

        // When they are named by --config, PETRI_CONFIG and the caller's default in turn
        let byFlag = try ServerConfiguration.load(
            file: defaultFile, environment: environment, overrides: ConfigurationOverrides(configFile: flagFile))
        let byVariable = try ServerConfiguration.load(file: defaultFile, environment: environment, overrides: .init())
        let byDefault = try ServerConfiguration.load(file: defaultFile, environment: [:], overrides: .init())
        let byNone = try ServerConfiguration.load(file: nil, environment: [:], overrides: .init())

        // Then the strongest one is read
        #expect(byFlag.server.port == 1001)
        #expect(byVariable.server.port == 1002)
        #expect(byDefault.server.port == 1003)
        #expect(byNone == ServerConfiguration())
    }

    @Test func emptyAndUnrelatedVariablesAreIgnored() throws {
        // Given an empty Petri variable, a Petri variable outside any section, and other variables
        let environment = [
            "PETRI_SERVER_PORT": "", "PETRI_LWS_DEBUG": "1", "HOME": "/root", "PATH": "/usr/bin", "PETRI_CONFIG": "",
        ]

        // When they are loaded
        let configuration = try ServerConfiguration.load(file: nil, environment: environment, overrides: .init())

        // Then nothing changes
        #expect(configuration == ServerConfiguration())
    }

    @Test func environmentValuesAreParsedLikeFileValues() throws {
        // Given variables for a list, a boolean, a choice, an optional path and a secret
        let environment = [
            "PETRI_WEBSOCKET_ALLOWED_ORIGINS": " https://a.example, https://b.example:8443 ,",
            "PETRI_METRICS_ENABLED": "off",
            "PETRI_LOG_FORMAT": "JSON",
            "PETRI_TEACHER_KEY": "correct-horse-battery-staple",
            "PETRI_WEBSOCKET_MAX_QUEUE_BYTES": "2_097_152",
        ]

        // When they are loaded
        let configuration = try ServerConfiguration.load(file: nil, environment: environment, overrides: .init())

        // Then each is read as its setting expects
        #expect(configuration.websocket.allowedOrigins == ["https://a.example", "https://b.example:8443"])
        #expect(configuration.metrics.enabled == false)
        #expect(configuration.log.format == .json)
        #expect(configuration.teacher.key == "correct-horse-battery-staple")
        #expect(configuration.websocket.maxQueueBytes == 2_097_152)
    }

    @Test func fileValuesOfEveryKindAreRead() throws {
        // Given a file using YAML lists, nulls, quoted numbers and yes/no
        let yaml = """
            server:
              host: "0.0.0.0"
              port: "8443"
            teacher:
              key: 'a-key-of-twenty-chars'
            websocket:
              allowedOrigins:
                - https://petri.school.example
                - http://[::1]:8080
            tls:
              certificate:
              key: ~
            metrics:
              enabled: no
            log:
            """

        // When it is parsed
        let configuration = try ServerConfiguration.parse(yaml: yaml)

        // Then every value is read, and empty sections and nulls leave defaults
        var expected = ServerConfiguration()
        expected.server.host = "0.0.0.0"
        expected.server.port = 8443
        expected.teacher.key = "a-key-of-twenty-chars"
        expected.websocket.allowedOrigins = ["https://petri.school.example", "http://[::1]:8080"]
        expected.metrics.enabled = false
        #expect(configuration == expected)
    }

    @Test func anEmptyFileMeansDefaults() throws {
        // Given files with nothing but whitespace or comments
        // When they are parsed
        // Then the defaults apply
        #expect(try ServerConfiguration.parse(yaml: "") == ServerConfiguration())
        #expect(try ServerConfiguration.parse(yaml: "# nothing yet\n\n") == ServerConfiguration())
    }

    @Test func aValueFixedByAStrongerLayerIsNotAnError() throws {
        // Given a file with an out-of-range port that the operator overrides with a flag
        let file = try ConfigurationFixtures.write("server:\n  port: 99999\n")
        defer { ConfigurationFixtures.remove(file) }

        // When it is loaded
        let configuration = try ServerConfiguration.load(
            file: file, environment: [:], overrides: ConfigurationOverrides(port: 8081))

        // Then only the effective value is validated
        #expect(configuration.server.port == 8081)
    }
}
