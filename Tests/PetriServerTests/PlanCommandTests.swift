import Foundation
import Testing

/// `petri plan` as whoever runs the server uses it on a stopped server's data directory: check a file (each mistake
/// on its line), export a shipped plan, import it under another name (once), and find it listed.
@Suite struct PlanCommandTests {
    @Test func aPlanIsCheckedExportedImportedOnceAndListedByTheCommand() async throws {
        let petri = try #require(petriExecutable(), "build the petri executable first (swift build)")
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let data = scratch + "/data"
        let run = { (arguments: [String]) in try await ProgramsTests.run(petri, arguments, withStandardError: true) }

        // Given a plan whose question asks the mice about a metric they do not have, on its fourth line
        let broken = scratch + "/broken.yaml"
        try "title: Mice\nmodel: mice\nmoments:\n  - ask: {kind: number, metric: tails, horizon: 2}\n"
            .write(toFile: broken, atomically: true, encoding: .utf8)
        // When it is checked, Then the command fails with the mistake on that line, naming the metrics there are
        let (refused, mistakes) = try await run(["plan", "check", broken])
        #expect(refused == 1)
        #expect(mistakes.contains { $0.hasPrefix("\(broken):4: ") && $0.contains("meanFur") }, "\(mistakes)")

        // When a shipped plan is exported to a file, Then the file checks
        let exported = scratch + "/moths.yaml"
        #expect(try await run(["plan", "export", "peppered-moths", "--output", exported, "--data", data]).status == 0)
        let (valid, said) = try await run(["plan", "check", exported])
        #expect(valid == 0 && said.contains { $0.contains("is a valid lesson plan") }, "\(said)")

        // When it is imported under another name, Then it is listed as imported, and a second import is refused
        #expect(try await run(["plan", "import", exported, "--name", "moths-2", "--data", data]).status == 0)
        let (listed, plans) = try await run(["plan", "list", "--data", data])
        #expect(listed == 0)
        #expect(plans.contains { $0.hasPrefix("moths-2\tcamouflage\t") && $0.contains("\timported\t") }, "\(plans)")
        let (again, why) = try await run(["plan", "import", exported, "--name", "moths-2", "--data", data])
        #expect(again == 1 && why.contains { $0.contains("--replace") }, "\(why)")
    }
}
