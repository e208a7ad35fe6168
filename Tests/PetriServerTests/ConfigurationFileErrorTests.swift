import Foundation
import Testing

@testable import PetriHub
@testable import PetriServer

@Suite("Configuration: file, TLS and path errors")
struct ConfigurationFileErrorTests {
    @Test func aMistypedKeyIsAnErrorWithASuggestion() {
        // Given a typo in a key
        // When the file is parsed
        // Then the sentence names the key and its line and suggests the real one
        #expect(
            ConfigurationFixtures.parseError("server:\n  port: 8080\nwebsocket:\n  maxMesageBytes: 2048\n")?.message
                == "Unknown setting 'websocket.maxMesageBytes' in petri.yaml line 4; did you mean 'websocket.maxMessageBytes'?"
        )
    }

    @Test func kebabCaseKeysPointToTheirCamelCaseSpelling() {
        // Given a key written in kebab case
        // When the file is parsed
        // Then the camelCase spelling is suggested
        #expect(
            ConfigurationFixtures.parseError("websocket:\n  max-message-bytes: 2048\n")?.message
                == "Unknown setting 'websocket.max-message-bytes' in petri.yaml line 2; did you mean 'websocket.maxMessageBytes'?"
        )
    }

    @Test func aMistypedSectionIsAnErrorWithASuggestion() {
        #expect(
            ConfigurationFixtures.parseError("websockets:\n  maxMessageBytes: 2048\n")?.message
                == "Unknown setting 'websockets' in petri.yaml line 1; did you mean 'websocket'?"
        )
    }

    @Test func anUnrelatedKeyGetsNoGuess() {
        #expect(
            ConfigurationFixtures.parseError("server:\n  colour: red\n")?.message
                == "Unknown setting 'server.colour' in petri.yaml line 2; see Config/petri.yaml for every setting."
        )
    }

    @Test func aMistypedVariableIsAnErrorWithASuggestion() {
        // Given a variable in a Petri section whose name has a typo
        // When the configuration is loaded
        // Then the sentence names it and suggests the real one
        #expect(
            ConfigurationFixtures.loadError(["PETRI_WEBSOCKET_MAX_MESAGE_BYTES": "2048"])?.message
                == "Unknown environment variable PETRI_WEBSOCKET_MAX_MESAGE_BYTES; did you mean PETRI_WEBSOCKET_MAX_MESSAGE_BYTES?"
        )
    }

    @Test func aKeySetTwiceIsAnError() {
        #expect(
            ConfigurationFixtures.parseError("server:\n  port: 8080\n  port: 9090\n")?.message
                == "The setting 'port' appears more than once in petri.yaml line 2; keep only one."
        )
    }

    @Test func brokenYAMLIsReportedWithItsLine() {
        // Given YAML with a wrongly indented key, a tab, an unclosed list and two documents
        // When each is parsed
        // Then the sentence gives the line and the parser's complaint
        #expect(
            ConfigurationFixtures.parseError("server:\n  port: 8080\n host: x\n")?.message
                == "petri.yaml line 3 is not valid YAML: did not find expected key."
        )
        #expect(
            ConfigurationFixtures.parseError("server:\n\tport: 8080\n")?.message
                == "petri.yaml line 2 is not valid YAML: found character that cannot start any token (indent with spaces, not tabs)."
        )
        #expect(
            ConfigurationFixtures.parseError("websocket:\n  allowedOrigins: [https://a.example\n")?.message
                == "petri.yaml line 3 is not valid YAML: did not find expected ',' or ']'."
        )
        #expect(
            ConfigurationFixtures.parseError("server:\n  port: 1\n---\nserver:\n  port: 2\n")?.message
                == "petri.yaml line 3 is not valid YAML: expected a single document in the stream, but found another document."
        )
    }

    @Test func aFileThatIsNotSectionsIsRefused() {
        #expect(
            ConfigurationFixtures.parseError("- server\n- websocket\n")?.message
                == "petri.yaml line 1 must start with sections such as 'server:' and 'websocket:', each holding settings."
        )
    }

    @Test func aSectionMustHoldSettings() {
        #expect(
            ConfigurationFixtures.parseError("server: 8080\n")?.message
                == "server must be a section of indented settings such as '  key: value', but was 8080 (from petri.yaml line 1)."
        )
    }

    @Test func aValueOfTheWrongShapeIsNamed() {
        // Given a nested mapping, a list and a null where a number belongs
        // When each is parsed
        // Then the sentence says what was found
        let allowed = "a whole number between 0 and 65535 (0 picks a free port)"
        #expect(
            ConfigurationFixtures.parseError("server:\n  port:\n    number: 8080\n")?.message
                == "server.port must be \(allowed), but was a nested section (from petri.yaml line 2)."
        )
        #expect(
            ConfigurationFixtures.parseError("server:\n  port: [8080, 8081]\n")?.message
                == #"server.port must be \#(allowed), but was ["8080", "8081"] (from petri.yaml line 2)."#
        )
        #expect(
            ConfigurationFixtures.parseError("server:\n  port: ~\n")?.message
                == "server.port must be \(allowed), but was empty (from petri.yaml line 2)."
        )
    }

    @Test func aMissingConfigFileIsNamedWithWhatNamedIt() {
        // Given a file that does not exist, named by the flag, the variable, or the caller
        let path = "/nonexistent/petri.yaml"

        // When the configuration is loaded
        // Then the sentence names the file and where its name came from
        #expect(
            ConfigurationFixtures.loadError([:], ConfigurationOverrides(configFile: path))?.message
                == "The configuration file /nonexistent/petri.yaml (from --config) does not exist or cannot be read."
        )
        #expect(
            ConfigurationFixtures.loadError(["PETRI_CONFIG": path])?.message
                == "The configuration file /nonexistent/petri.yaml (from PETRI_CONFIG) does not exist or cannot be read."
        )
        #expect(throws: ConfigurationError.unreadableFile(path: path, source: .defaultValue)) {
            try ServerConfiguration.load(file: path, environment: [:], overrides: .init())
        }
        #expect(
            ConfigurationError.unreadableFile(path: path, source: .defaultValue).message
                == "The configuration file /nonexistent/petri.yaml does not exist or cannot be read."
        )
    }

    @Test func aFileThatIsNotUTF8IsRefused() throws {
        // Given a file in Latin-1
        let path = try ConfigurationFixtures.temporaryDirectory() + "/latin1.yaml"
        defer { ConfigurationFixtures.remove(path) }
        try Data([0x73, 0x65, 0x72, 0x76, 0x65, 0x72, 0x3A, 0x20, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: path))

        // When it is loaded
        // Then the sentence says so
        #expect(
            ConfigurationFixtures.loadError([:], ConfigurationOverrides(configFile: path))?.message
                == "\(path) is not valid YAML: the file is not UTF-8 text."
        )
    }

    @Test func tlsNeedsBothFiles() {
        // Given only one of the certificate and the key
        // When the configuration is loaded
        // Then the sentence names the one that is missing
        #expect(
            ConfigurationFixtures.loadError(["PETRI_TLS_CERTIFICATE": "/etc/petri/cert.pem"])?.message
                == "tls.certificate and tls.key must be set together for TLS, but only tls.certificate was set (from PETRI_TLS_CERTIFICATE)."
        )
        #expect(
            ConfigurationFixtures.parseError("tls:\n  key: /etc/petri/key.pem\n")?.message
                == "tls.key and tls.certificate must be set together for TLS, but only tls.key was set (from petri.yaml line 2)."
        )
    }

    @Test func aMissingTLSFileIsNamed() throws {
        // Given a certificate that exists and a key that does not
        let certificate = try ConfigurationFixtures.write("not really PEM", named: "cert.pem")
        defer { ConfigurationFixtures.remove(certificate) }
        let key = "/nonexistent/key.pem"

        // When the configuration is loaded
        let error = ConfigurationFixtures.loadError(["PETRI_TLS_CERTIFICATE": certificate, "PETRI_TLS_KEY": key])

        // Then the sentence names the missing file and its setting
        #expect(
            error?.message
                == "tls.key names /nonexistent/key.pem (from PETRI_TLS_KEY), which does not exist or cannot be read."
        )
    }

    @Test func bothTLSFilesPresentAreAccepted() throws {
        // Given a certificate and a key that both exist
        let certificate = try ConfigurationFixtures.write("cert", named: "cert.pem")
        let key = try ConfigurationFixtures.write("key", named: "key.pem")
        defer { [certificate, key].forEach(ConfigurationFixtures.remove) }

        // When the configuration is loaded
        let configuration = try ServerConfiguration.load(
            file: nil, environment: ["PETRI_TLS_CERTIFICATE": certificate, "PETRI_TLS_KEY": key], overrides: .init())

        // Then TLS is on
        #expect(configuration.tls.certificate == certificate)
        #expect(configuration.summary.hasPrefix("listen:   wss://"))
    }

    @Test func theDataDirectoryMustNotBeAFile() throws {
        // Given a data directory that is an existing file
        let file = try ConfigurationFixtures.write("", named: "data")
        defer { ConfigurationFixtures.remove(file) }

        // When the configuration is loaded
        // Then the sentence says it must be a directory
        #expect(
            ConfigurationFixtures.loadError([:], ConfigurationOverrides(dataDirectory: file))?.message
                == "data.directory must be a directory, not a file, but was \"\(file)\" (from --data)."
        )
    }
}
