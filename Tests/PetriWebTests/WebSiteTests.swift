import Foundation
import Testing

@testable import PetriWeb

/// A site over a few in-memory files, as the routes see them.
let sampleSite = WebSite(
    assets: WebAssets([
        WebAsset(path: "student.html", bytes: Array("<!doctype html><title>student</title>".utf8)),
        WebAsset(path: "projector.html", bytes: Array("<!doctype html><title>projector</title>".utf8)),
        WebAsset(path: "teach.html", bytes: Array("<!doctype html><title>teach</title>".utf8)),
        WebAsset(path: "report.html", bytes: Array("<!doctype html><title>report</title>".utf8)),
        WebAsset(path: "admin.html", bytes: Array("<!doctype html><title>admin</title>".utf8)),
        WebAsset(path: "static/student.js", bytes: Array("export const x = 1;\n".utf8)),
        WebAsset(path: "static/charts/histogram.js", bytes: Array("export const y = 2;\n".utf8)),
        WebAsset(path: "static/petri.css", bytes: Array("body{}\n".utf8)),
        WebAsset(path: "static/icon.svg", bytes: Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)),
        WebAsset(path: "static/shot.png", bytes: [0x89, 0x50, 0x4E, 0x47]),
        WebAsset(path: "static/favicon.ico", bytes: [0, 0, 1, 0]),
    ]))

func get(
    _ path: String, method: String = "GET", host: String? = "127.0.0.1:8080", ifNoneMatch: String? = nil,
    site: WebSite = sampleSite
) -> WebReply? {
    site.respond(to: WebRequest(method: method, path: path, host: host, ifNoneMatch: ifNoneMatch))
}

@Suite struct WebSiteRoutingTests {
    @Test func theStudentPageAnswersAtTheRootAndAtEveryJoinAndMakeupLink() throws {
        for path in ["/", "/join/ABC234", "/join/abc-234", "/makeup/R4TW9C", "/makeup/r4tw-9c"] {
            let reply = try #require(get(path), "\(path) has no page")
            #expect(reply.status == 200)
            #expect(String(decoding: reply.body, as: UTF8.self).contains("student"), "\(path)")
        }
    }

    @Test func theProjectorAndTeacherPagesHaveTheirOwnRoutes() throws {
        #expect(String(decoding: try #require(get("/projector/ABC234")).body, as: UTF8.self).contains("projector"))
        #expect(String(decoding: try #require(get("/teach")).body, as: UTF8.self).contains("teach"))
    }

    @Test func theLessonReportPageAnswersAtReportAndAJoinCodeOnly() throws {
        #expect(String(decoding: try #require(get("/report/ABC234")).body, as: UTF8.self).contains("report"))
        for path in ["/report", "/report/", "/report/ABC/extra", "/report/AB<C", "/report.html"] {
            #expect(get(path) == nil, "\(path)")
        }
    }

    @Test func theAdministratorsPageAnswersAtAdminOnly() throws {
        #expect(String(decoding: try #require(get("/admin")).body, as: UTF8.self).contains("admin"))
        for path in ["/admin/", "/admin/x", "/admin.html"] {
            #expect(get(path) == nil, "\(path)")
        }
    }

    @Test func theTeacherRouteIsNotOursWhileTheBuildHasNoTeacherPage() {
        let site = WebSite(assets: WebAssets([WebAsset(path: "student.html", bytes: [1])]))
        #expect(get("/teach", site: site) == nil)
    }

    @Test func pathsThatAreNotPagesAreLeftToTheTransportsJSON404() {
        for path in [
            "/nope", "/join", "/join/", "/join/ABC/extra", "/projector", "/static", "/static/",
            "/static/missing.js", "/student.html", "/healthz", "/join/\(String(repeating: "A", count: 33))",
            "/join/AB<C", "/makeup", "/makeup/", "/makeup/ABC/extra", "/makeup/AB<C",
        ] {
            #expect(get(path) == nil, "\(path)")
        }
    }

    @Test func staticAssetsAreServedFromNestedFoldersWithTheirMediaTypes() throws {
        let expected = [
            "/static/student.js": "text/javascript; charset=utf-8",
            "/static/charts/histogram.js": "text/javascript; charset=utf-8",
            "/static/petri.css": "text/css; charset=utf-8",
            "/static/icon.svg": "image/svg+xml",
            "/static/shot.png": "image/png",
            "/favicon.ico": "image/x-icon",
            "/": "text/html; charset=utf-8",
        ]
        for (path, type) in expected {
            #expect(try #require(get(path), "\(path)").contentType == type, "\(path)")
        }
    }

    @Test func withoutAnIcoTheFaviconPathAnswersWithThePagesSvgIconNotA404() throws {
        let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)
        let site = WebSite(assets: WebAssets([WebAsset(path: "static/favicon.svg", bytes: svg)]))
        let reply = try #require(get("/favicon.ico", site: site))
        #expect(reply.status == 200 && reply.contentType == "image/svg+xml" && reply.body == svg)
        #expect(get("/favicon.ico", site: WebSite(assets: WebAssets([]))) == nil)
    }

    @Test func traversalAndDisguisedPathsAreRefusedWith400() throws {
        // libwebsockets decodes escapes and folds `/../` before we see a path; these are what
        // can still arrive (a double-encoded escape keeps its `%`).
        for path in [
            "/static/../student.html", "/static/..", "/static/./student.js", "/static//student.js",
            "/static/a\\b.js", "/static/%2e%2e/x", "/static/%252e", "/static/\u{0}x", "static/student.js",
            "/join/ABC\r\nx",
        ] {
            let reply = try #require(get(path), "\(path) was not refused")
            #expect(reply.status == 400, "\(path)")
            #expect(reply.contentType == "application/json")
            #expect(reply.header("x-content-type-options") == "nosniff")
        }
    }

    @Test func onlyGetAndHeadReadAPage() throws {
        #expect(get("/", method: "HEAD")?.status == 200)
        let post = try #require(get("/", method: "POST"))
        #expect(post.status == 405)
        #expect(post.header("allow") == "GET, HEAD")
    }
}

@Suite struct WebSiteCachingTests {
    @Test func aMatchingIfNoneMatchGets304WithNoBodyAndTheSameHeaders() throws {
        let first = try #require(get("/static/student.js"))
        let etag = try #require(first.header("etag"))
        let again = try #require(get("/static/student.js", ifNoneMatch: etag))
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.header("etag") == etag)
        #expect(again.header("content-security-policy") == first.header("content-security-policy"))
    }

    @Test func ifNoneMatchListsWeakTagsAndStarAlsoMatch() throws {
        let etag = try #require(get("/")?.header("etag"))
        #expect(get("/", ifNoneMatch: "\"other\", W/\(etag)")?.status == 304)
        #expect(get("/", ifNoneMatch: "*")?.status == 304)
        #expect(get("/", ifNoneMatch: "\"other\"")?.status == 200)
    }

    @Test func theETagIsStrongAndChangesWithTheContentOnly() throws {
        let a = WebAsset(path: "static/a.js", bytes: Array("one".utf8))
        let b = WebAsset(path: "static/b.js", bytes: Array("one".utf8))
        let c = WebAsset(path: "static/a.js", bytes: Array("two".utf8))
        #expect(a.etag == b.etag)
        #expect(a.etag != c.etag)
        #expect(a.etag.hasPrefix("\"") && a.etag.hasSuffix("\"") && !a.etag.hasPrefix("W/"))
        #expect(a.etag.count == 34)
    }

    @Test func pagesAreRevalidatedOnEveryUse() throws {
        for path in ["/", "/projector/ABC234", "/static/petri.css"] {
            #expect(get(path)?.header("cache-control") == "no-cache", "\(path)")
        }
    }
}

@Suite struct WebSiteSecurityHeaderTests {
    @Test func everyPageAssetAndErrorCarriesTheSecurityHeaders() throws {
        for (path, method) in [
            ("/", "GET"), ("/join/ABC234", "HEAD"), ("/projector/ABC234", "GET"), ("/teach", "GET"),
            ("/static/student.js", "GET"), ("/static/petri.css", "GET"), ("/favicon.ico", "GET"),
            ("/static/../x", "GET"), ("/", "POST"),
        ] {
            let reply = try #require(get(path, method: method), "\(method) \(path)")
            let csp = try #require(reply.header("content-security-policy"), "\(method) \(path)")
            #expect(csp.contains("default-src 'self'"))
            #expect(csp.contains("frame-ancestors 'none'"))
            #expect(reply.header("x-content-type-options") == "nosniff")
            #expect(reply.header("referrer-policy") == "no-referrer")
        }
    }

    @Test func thePolicyAllowsNoInlineCodeAndNamesThisServersWebSocketOrigin() throws {
        let csp = try #require(get("/", host: "school.example:8080")?.header("content-security-policy"))
        #expect(!csp.contains("unsafe-inline"))
        #expect(!csp.contains("unsafe-eval"))
        #expect(csp.contains("script-src 'self';"))
        #expect(csp.contains("style-src 'self';"))
        #expect(csp.contains("connect-src 'self' ws://school.example:8080 wss://school.example:8080;"))
    }

    @Test func aHostHeaderThatIsNotAPlainHostIsLeftOutOfThePolicy() throws {
        for host in ["evil.example; script-src *", "a b", "x\r\ny", String(repeating: "a", count: 300), ""] {
            let csp = try #require(get("/", host: host)?.header("content-security-policy"))
            #expect(csp.contains("connect-src 'self';"), "\(host.debugDescription)")
        }
        let ipv6 = try #require(get("/", host: "[::1]:8080")?.header("content-security-policy"))
        #expect(ipv6.contains("ws://[::1]:8080"))
    }

    @Test func aClustersNodesAreAllowedAsWebSocketOriginsAndNothingElse() throws {
        // Given a site whose cluster has two more nodes, one of them listed twice, and junk
        let site = WebSite(assets: sampleSite.assets) {
            [
                "ws://10.0.0.2:8080/", "wss://node-3.school.example/petri/", "ws://10.0.0.2:8080/again",
                "http://10.0.0.9/", "ws://evil.example; script-src *", "ws://school.example:8080/",
            ]
        }
        let csp = try #require(get("/", host: "school.example:8080", site: site)?.header("content-security-policy"))
        // Then each node's origin is named once, with its own scheme; other schemes and hosts that are not plain are not
        #expect(
            csp.contains(
                "connect-src 'self' ws://school.example:8080 wss://school.example:8080 ws://10.0.0.2:8080 "
                    + "wss://node-3.school.example;"))
        #expect(!csp.contains("10.0.0.9"))
        #expect(!csp.contains("evil"))
    }
}
