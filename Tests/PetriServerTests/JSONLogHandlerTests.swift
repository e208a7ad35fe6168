import Foundation
import Logging
import PetriHub
import Synchronization
import Testing

@testable import PetriServer

@Suite struct JSONLogHandlerTests {
    @Test func eachRecordIsOneJSONObjectWithItsMetadata() throws {
        // Given the JSON handler writing into a list instead of standard error
        let lines = Mutex<[String]>([])
        var logger = Logger(label: "petri.test") { label in
            JSONLogHandler(label: label, level: .info) { line in lines.withLock { $0.append(line) } }
        }
        logger[metadataKey: "lesson"] = "L1"

        // When it logs one line with metadata and one below its level
        logger.info("Lesson created", metadata: ["connection": "c7"])
        logger.debug("not shown")

        // Then there is exactly one line, and it parses with the fields and metadata
        let written = lines.withLock { $0 }
        #expect(written.count == 1)
        let line = try #require(written.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
        #expect(object["level"] == "info")
        #expect(object["message"] == "Lesson created")
        #expect(object["label"] == "petri.test")
        #expect(object["meta.lesson"] == "L1")
        #expect(object["meta.connection"] == "c7")
        #expect(object["time"]?.hasSuffix("Z") == true)
    }
}
