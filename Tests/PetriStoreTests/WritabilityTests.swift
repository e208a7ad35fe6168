import Foundation
import Testing

@testable import PetriStore

// These tests run as root here, and root ignores permission bits: chmod 0500 would not stop a
// write. They break the directory in ways that stop root too.
@Suite struct WritabilityTests {
    @Test func anOpenStoreIsWritable() throws {
        let scratch = try TemporaryDirectory()
        let store = try PetriStore.open(directory: scratch.dataDirectory)
        #expect(store.isWritable())
        #expect(try PetriStore.openInMemory().isWritable())
        try store.close()
    }

    @Test func aDeletedDataDirectoryIsNotWritableThoughSQLiteStillWritesToItsOpenFiles() throws {
        // Given an open store
        let scratch = try TemporaryDirectory()
        let store = try PetriStore.open(directory: scratch.dataDirectory)

        // When its data directory is deleted under it
        try FileManager.default.removeItem(atPath: scratch.dataDirectory)

        // Then it reports not writable, with a reason
        #expect(!store.isWritable())
        let error = #expect(throws: StoreError.self) { try store.checkWritable() }
        #expect(error?.code == .directoryUnusable)
        try store.close()
    }

    @Test func aDataDirectoryReplacedByAFileOrAnEmptyDirectoryIsNotWritable() throws {
        // Given an open store whose directory is deleted and replaced by a file
        let scratch = try TemporaryDirectory()
        let store = try PetriStore.open(directory: scratch.dataDirectory)
        try FileManager.default.removeItem(atPath: scratch.dataDirectory)
        try #require(FileManager.default.createFile(atPath: scratch.dataDirectory, contents: Data("x".utf8)))

        // Then it is not writable
        #expect(!store.isWritable())

        // And when the file becomes a new, empty directory (writes would vanish with the unlinked database), neither
        try FileManager.default.removeItem(atPath: scratch.dataDirectory)
        try FileManager.default.createDirectory(atPath: scratch.dataDirectory, withIntermediateDirectories: false)
        #expect(!store.isWritable())
        try store.close()
    }

    @Test func aClosedStoreIsNotWritable() throws {
        let scratch = try TemporaryDirectory()
        let store = try PetriStore.open(directory: scratch.dataDirectory)
        try store.close()
        #expect(!store.isWritable())
    }
}
