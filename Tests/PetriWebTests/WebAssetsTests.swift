import Foundation
import Testing

@testable import PetriWeb

@Suite struct WebAssetsTests {
    @Test func theBuildShipsTheStudentAndProjectorPagesAndTheirModules() throws {
        let assets = WebAssets.bundled()
        for path in ["student.html", "projector.html", "static/student.js", "static/projector.js", "static/petri.css"] {
            #expect(assets[path] != nil, "\(path) is missing from the build")
        }
    }

    @Test func theProgramCarriesExactlyThePagesDirectory() throws {
        // Given the Pages directory of the source tree
        let pages = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/PetriWeb/Pages")
        let onDisk = try WebAssets.load(from: pages)
        // Then the pages built into the program are the same files, under the same paths, byte for byte
        let built = WebAssets.bundled()
        #expect(Set(built.files.keys) == Set(onDisk.files.keys), "EmbeddedPages.swift and Pages/ list other files")
        for (path, file) in onDisk.files {
            #expect(built[path]?.bytes == file.bytes, "\(path) differs from the one built in")
        }
    }

    @Test func everyModuleAPageLoadsIsInTheBuild() throws {
        // A page naming a script or style sheet the build lacks would load as a JSON 404.
        let assets = WebAssets.bundled()
        for page in assets.files.values where page.path.hasSuffix(".html") {
            let html = String(decoding: page.bytes, as: UTF8.self)
            for match in html.matches(of: /(?:src|href)="\/static\/([^"]+)"/) {
                #expect(assets["static/" + match.1] != nil, "\(page.path) names /static/\(match.1)")
            }
        }
    }

    @Test func pagesHaveNoInlineScriptOrStyleThePolicyWouldBlock() throws {
        let assets = WebAssets.bundled()
        for page in assets.files.values where page.path.hasSuffix(".html") {
            let html = String(decoding: page.bytes, as: UTF8.self)
            #expect(html.matches(of: /<script(?![^>]*\bsrc=)[^>]*>/).isEmpty, "\(page.path) has an inline script")
            #expect(!html.contains("<style"), "\(page.path) has an inline style element")
            #expect(!html.contains(" style="), "\(page.path) has a style attribute")
            #expect(html.matches(of: /\son[a-z]+=/).isEmpty, "\(page.path) has an inline event handler")
        }
    }

    @Test func noPageScriptSetsAGlobalForTestsToRead() throws {
        // The tests read what the page shows (its DOM) or a script they add themselves: a page module puts
        // nothing on `window`, `globalThis` or `self` (e.g. `window.petriPage = page`).
        let global =
            #"\b(?:window|globalThis|self)(?:\s*\.\s*[A-Za-z_$][\w$]*|\s*\[[^\]]*\])+\s*(?:\?\?|\|\||&&)?=(?![=>])"#
        let defining =
            #"\b(?:Object\.(?:assign|defineProperty|defineProperties)|Reflect\.set)\(\s*(?:window|globalThis|self)\b"#
        let patterns = [try Regex(global), try Regex(defining)]
        let assets = WebAssets.bundled()
        let scripts = assets.files.values.filter { $0.path.hasSuffix(".js") }
        #expect(scripts.count > 10, "the page modules are missing from the build")
        for script in scripts {
            let text = String(decoding: script.bytes, as: UTF8.self)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for pattern in patterns where line.contains(pattern) {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    Issue.record("\(script.path):\(number + 1) sets a global for tests to read: \(code)")
                }
            }
            if text.contains("petriPage") { Issue.record("\(script.path) names petriPage") }
        }
    }

    @Test func loadingReadsEveryFileUnderTheDirectoryAndSkipsHiddenOnes() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("petri-web-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("static/charts"), withIntermediateDirectories: true)
        try Data("<!doctype html>".utf8).write(to: root.appendingPathComponent("student.html"))
        try Data("export {}".utf8).write(to: root.appendingPathComponent("static/charts/line.js"))
        try Data("secret".utf8).write(to: root.appendingPathComponent(".env"))

        let assets = try WebAssets.load(from: root)

        #expect(Set(assets.files.keys) == ["student.html", "static/charts/line.js"])
        #expect(assets["static/charts/line.js"]?.bytes == Array("export {}".utf8))
    }

    @Test func mediaTypesFollowTheExtension() {
        #expect(WebAsset.contentType(forPath: "static/x.mjs") == "text/javascript; charset=utf-8")
        #expect(WebAsset.contentType(forPath: "static/X.CSS") == "text/css; charset=utf-8")
        #expect(WebAsset.contentType(forPath: "static/readme") == "application/octet-stream")
        #expect(WebAsset.contentType(forPath: "static/a.b/c") == "application/octet-stream")
    }
}
