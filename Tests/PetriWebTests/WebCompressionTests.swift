import Foundation
import Testing

@testable import PetriWeb

/// Runs `gzip -dc` over `bytes`: a decoder no code of ours wrote.
func gunzip(_ bytes: [UInt8]) throws -> [UInt8]? {
    guard FileManager.default.isExecutableFile(atPath: "/bin/gzip") else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(bytes))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? [UInt8](data) : nil
}

let compressible = Array(
    String(repeating: "export function draw(state) { return state.generation; }\n", count: 200).utf8)

@Suite struct WebCompressionTests {
    @Test func gzipOutputDecodesWithTheGzipProgramToTheSameBytes() throws {
        let packed = try #require(Gzip.compress(compressible))
        #expect(packed.count < compressible.count / 10)
        #expect(packed.prefix(2) == [0x1F, 0x8B])
        guard let unpacked = try gunzip(packed) else {
            print("skipped: /bin/gzip is missing, so the output was not decoded independently")
            return
        }
        #expect(unpacked == compressible)
    }

    @Test func aBrowserThatAcceptsGzipGetsTheCompressedFormWithItsOwnTag() throws {
        let asset = WebAsset(path: "static/app.js", bytes: compressible, gzipped: Gzip.compress(compressible))
        let site = WebSite(assets: WebAssets([asset]))

        let plain = try #require(site.respond(to: WebRequest(method: "GET", path: "/static/app.js")))
        let packed = try #require(
            site.respond(to: WebRequest(method: "GET", path: "/static/app.js", acceptEncoding: "gzip, deflate, br")))

        #expect(plain.body == compressible)
        #expect(plain.header("content-encoding") == nil)
        #expect(plain.header("vary") == "Accept-Encoding")
        #expect(packed.header("content-encoding") == "gzip")
        #expect(packed.header("vary") == "Accept-Encoding")
        #expect(packed.body == asset.gzipped)
        #expect(packed.header("etag") != plain.header("etag"))
        #expect(packed.contentType == "text/javascript; charset=utf-8")
    }

    @Test func eitherTagRevalidates() throws {
        let asset = WebAsset(path: "static/app.js", bytes: compressible, gzipped: Gzip.compress(compressible))
        let site = WebSite(assets: WebAssets([asset]))
        for tag in [asset.etag, asset.gzipETag] {
            let reply = site.respond(
                to: WebRequest(method: "GET", path: "/static/app.js", ifNoneMatch: tag, acceptEncoding: "gzip"))
            #expect(reply?.status == 304)
        }
    }

    @Test func gzipRefusedWithQZeroOrSmallerNotWorthItIsSentPlain() throws {
        #expect(!WebSite.acceptsGzip("gzip;q=0"))
        #expect(!WebSite.acceptsGzip("br, identity"))
        #expect(!WebSite.acceptsGzip(nil))
        #expect(WebSite.acceptsGzip("br;q=1.0, gzip;q=0.8"))
        #expect(WebSite.acceptsGzip("*"))
        let tiny = WebAsset(path: "static/a.js", bytes: [1, 2, 3], gzipped: Gzip.compress([1, 2, 3]))
        #expect(tiny.gzipped == nil)
    }
}
