import Foundation
import Testing

@testable import PetriStore

@Suite struct TeacherKeyFileTests {
    @Test func theFirstCallCreatesAPrivateKeyFileAndLaterCallsReadIt() throws {
        // Given a data directory with no key file
        let scratch = try TemporaryDirectory()
        var generated = 0

        // When the key is loaded twice
        let first = try TeacherKeyFile.loadOrCreate(in: scratch.dataDirectory) {
            generated += 1
            return "k3y-first"
        }
        let second = try TeacherKeyFile.loadOrCreate(in: scratch.dataDirectory) {
            generated += 1
            return "k3y-second"
        }

        // Then the first call created it (0600, in a 0700 directory) and the second read the same key
        #expect(first.key == "k3y-first")
        #expect(first.created)
        #expect(second.key == "k3y-first")
        #expect(!second.created)
        #expect(generated == 1)
        #expect(permissions(of: scratch.dataDirectory + "/teacher.key") == 0o600)
        #expect(permissions(of: scratch.dataDirectory) == 0o700)
    }

    @Test func aKeyAnOperatorWroteWithANewlineIsReadWithoutIt() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch.dataDirectory, withIntermediateDirectories: true)
        try Data("operator-key\n".utf8).write(to: URL(fileURLWithPath: scratch.dataDirectory + "/teacher.key"))

        let loaded = try TeacherKeyFile.loadOrCreate(in: scratch.dataDirectory) { "unused" }

        #expect(loaded.key == "operator-key")
        #expect(!loaded.created)
    }

    @Test func anEmptyKeyFileIsAnErrorThatSaysWhatToDo() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch.dataDirectory, withIntermediateDirectories: true)
        try #require(
            FileManager.default.createFile(atPath: scratch.dataDirectory + "/teacher.key", contents: Data(" \n".utf8)))

        let error = #expect(throws: StoreError.self) {
            try TeacherKeyFile.loadOrCreate(in: scratch.dataDirectory) { "unused" }
        }

        #expect(error?.code == .teacherKeyFile)
        #expect(error?.message.contains("delete it") == true)
    }
}
