import Testing

@testable import PetriHub
@testable import PetriServer

@Suite("Configuration: the teacher key stays secret")
struct ConfigurationRedactionTests {
    static let key = "s3cret-teacher-key-0123456789"

    static var configured: ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.teacher.key = key
        return configuration
    }

    @Test func descriptionListsEverySettingButHidesTheKey() {
        // Given a configuration with a teacher key
        // When it is described
        let description = Self.configured.description

        // Then every setting is listed and the key shows only as <set>
        #expect(description.split(separator: "\n").count == ConfigurationSetting.all.count)
        #expect(description.contains("teacher.key: <set>"))
        #expect(description.contains("server.port: 8080"))
        #expect(!description.contains(Self.key))
    }

    @Test func everyWayOfPrintingHidesTheKey() {
        // Given a configuration with a teacher key
        let configuration = Self.configured

        // When it is printed, interpolated, debug-printed or dumped, whole or by section
        var dumped = ""
        dump(configuration, to: &dumped)
        var dumpedSection = ""
        dump(configuration.teacher, to: &dumpedSection)
        let printed = [
            "\(configuration)", String(describing: configuration), String(reflecting: configuration),
            configuration.summary, "\(configuration.teacher)", String(reflecting: configuration.teacher),
            dumped, dumpedSection,
        ]

        // Then the key appears nowhere
        for text in printed {
            #expect(!text.contains(Self.key), "leaked in: \(text)")
        }
    }

    @Test func anUnsetKeyIsShownAsNotSet() {
        // Given the defaults
        // When they are described
        // Then the key is marked as not set, and the summary says one will be generated
        #expect(ServerConfiguration().description.contains("teacher.key: <not set>"))
        #expect(ServerConfiguration().summary.contains("teacher:  key generated on first start"))
    }

    @Test func summaryOfTheDefaults() {
        // Given the defaults
        // When they are summarised
        // Then the summary is exactly this
        #expect(
            ServerConfiguration().summary == """
                listen:   ws://127.0.0.1:8080
                data:     ./data; checkpoints every 5000 entries or 1000 generations, 1 kept per lesson
                teacher:  key generated on first start, kept in the data directory
                origins:  this server's own; trusted proxies: 127.0.0.1, ::1
                limits:   1048576-byte messages, 20/s (burst 40), connections per address: 4000
                log:      info, text; metrics on
                """)
    }
}
