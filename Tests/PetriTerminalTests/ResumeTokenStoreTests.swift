import Foundation
import PetriProtocol
import Testing

@testable import PetriTerminal

@Suite struct ResumeTokenStoreTests {
    @Test func savesLoadsAndForgetsPerServerLessonAndRole() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "petri-tokens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ResumeTokenStore(directory: folder.appendingPathComponent("petri/tokens"))
        let server = "ws://127.0.0.1:8080/"
        // Given a saved student token
        try store.save(Fixtures.token, server: server, code: Fixtures.code, role: .student)
        // Then it loads for the same server, lesson and role only
        #expect(store.token(server: server, code: Fixtures.code, role: .student) == Fixtures.token)
        #expect(store.token(server: server, code: Fixtures.code, role: .teacher) == nil)
        #expect(store.token(server: "ws://10.0.0.5:8080/", code: Fixtures.code, role: .student) == nil)
        // And the file is the user's alone
        let file = store.file(server: server, code: Fixtures.code, role: .student)
        #expect(file.lastPathComponent == "student-K7QX2M-ws-127.0.0.1-8080.token")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: store.directory.path)
        #expect((folderAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        // And forgetting removes it
        store.remove(server: server, code: Fixtures.code, role: .student)
        #expect(store.token(server: server, code: Fixtures.code, role: .student) == nil)
    }

    @Test func theStandardPlaceFollowsXDGThenHome() {
        #expect(
            ResumeTokenStore.standard(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])?.directory.path
                == "/x/petri/tokens")
        #expect(ResumeTokenStore.standard(environment: ["HOME": "/h"])?.directory.path == "/h/.config/petri/tokens")
        #expect(ResumeTokenStore.standard(environment: [:]) == nil)
    }
}
