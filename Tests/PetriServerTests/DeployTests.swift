import Foundation
import Testing

@testable import PetriHub
@testable import PetriServer

@Suite("Deploy: systemd unit, nginx site, Dockerfile")
struct DeployTests {
    static let systemdAnalyze = DeployTools.find("systemd-analyze")
    static let nginx = DeployTools.find("nginx")
    static let openssl = DeployTools.find("openssl")

    // MARK: systemd

    @Test(
        .enabled(
            if: systemdAnalyze != nil,
            "systemd-analyze is not installed, so Deploy/petri.service was not verified"))
    func systemdAcceptsTheUnit() throws {
        // Given the shipped unit, and one with a misspelt directive to prove the check can fail
        let unit = try ConfigurationFixtures.text("Deploy/petri.service")
        let broken = unit.replacingOccurrences(of: "ProtectSystem=strict", with: "ProtectSystm=strict")
        let tool = try #require(Self.systemdAnalyze)

        // When systemd-analyze verifies each
        let problems = try DeployTools.systemdProblems(unit: unit, tool: tool)
        let brokenProblems = try DeployTools.systemdProblems(unit: broken, tool: tool)

        // Then the shipped unit is clean and the broken one is not
        #expect(problems.isEmpty, "\(problems)")
        #expect(!brokenProblems.isEmpty)
    }

    @Test func theUnitRunsHardenedAsPetriWithOnlyTheDataDirectoryWritable() throws {
        // Given the shipped unit's directives
        let lines = Set(try ConfigurationFixtures.text("Deploy/petri.service").split(separator: "\n").map(String.init))

        // Then it runs the documented command as petri, restarts on failure and is locked down
        let required = [
            "ExecStart=/usr/local/bin/petri serve --config /etc/petri/petri.yaml",
            "User=petri", "Group=petri", "Restart=on-failure", "LimitNOFILE=65536",
            "ProtectSystem=strict", "ReadWritePaths=/var/lib/petri", "StateDirectory=petri",
            "NoNewPrivileges=yes", "PrivateTmp=yes", "ProtectHome=yes", "PrivateDevices=yes",
            "CapabilityBoundingSet=", "WantedBy=multi-user.target",
        ]
        for line in required {
            #expect(lines.contains(line), "Deploy/petri.service lacks \(line)")
        }
        #expect(lines.filter { $0.hasPrefix("ReadWritePaths=") } == ["ReadWritePaths=/var/lib/petri"])
    }

    // MARK: nginx

    @Test(
        .enabled(
            if: nginx != nil && openssl != nil,
            "nginx or openssl is not installed, so Deploy/nginx/petri.conf was not checked with nginx -t"))
    func nginxAcceptsTheSite() throws {
        // Given the shipped site, and one missing a semicolon to prove the check can fail
        let site = try ConfigurationFixtures.text("Deploy/nginx/petri.conf")
        let broken = site.replacingOccurrences(of: "proxy_http_version 1.1;", with: "proxy_http_version 1.1")
        let nginx = try #require(Self.nginx)
        let openssl = try #require(Self.openssl)

        // When nginx -t checks each inside a minimal nginx.conf
        let problems = try DeployTools.nginxProblems(site: site, nginx: nginx, openssl: openssl)
        let brokenProblems = try DeployTools.nginxProblems(site: broken, nginx: nginx, openssl: openssl)

        // Then the shipped site passes and the broken one does not
        #expect(problems == nil, "\(problems ?? "")")
        #expect(brokenProblems != nil)
    }

    @Test func theSiteForwardsWebSocketsAndOutwaitsTheServersHangUp() throws {
        // Given the shipped site
        let site = try ConfigurationFixtures.text("Deploy/nginx/petri.conf")

        // Then it upgrades WebSockets, forwards the client address, and waits longer than Petri's idle hang-up
        for directive in [
            "proxy_http_version 1.1;", "proxy_set_header Upgrade $http_upgrade;",
            "proxy_set_header Connection $petri_connection_upgrade;",
            "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;", "listen 443 ssl;",
            "server 127.0.0.1:8080;",
        ] {
            #expect(site.contains(directive), "Deploy/nginx/petri.conf lacks \(directive)")
        }
        let readTimeout = site.split(separator: "\n")
            .first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("proxy_read_timeout") }
            .flatMap { Int($0.filter(\.isNumber)) }
        let hangUp = ServerConfiguration().websocket.hangupAfterIdleSeconds
        #expect((readTimeout ?? 0) >= 2 * hangUp, "proxy_read_timeout must comfortably exceed \(hangUp)s")
    }

    // MARK: Docker

    @Test func theDockerfileBuildsOnSwiftAndRunsSlimAsAnUnprivilegedUser() throws {
        // Given the shipped Dockerfile
        let lines = try ConfigurationFixtures.text("Deploy/Dockerfile").split(separator: "\n").map(String.init)

        // Then it builds on the official Swift 6.3 image and runs on slim Debian, as petri, with a data volume
        for line in [
            "FROM swift:6.3-bookworm AS build", "FROM debian:bookworm-slim", "USER petri:petri",
            #"VOLUME ["/var/lib/petri"]"#, "EXPOSE 8080", #"CMD ["serve", "--config", "/etc/petri/petri.yaml"]"#,
        ] {
            #expect(lines.contains(line), "Deploy/Dockerfile lacks \(line)")
        }
        let text = lines.joined(separator: "\n")
        #expect(text.contains("libwebsockets-dev") && text.contains("libwebsockets17"))
        #expect(text.contains("HEALTHCHECK") && text.contains("/healthz"))
    }

    static let git = DeployTools.find("git")

    @Test(.enabled(if: git != nil, "git is not installed, so the Dockerfile's COPY sources were not checked"))
    func everyFileTheDockerfileCopiesIsInTheRepository() throws {
        // Given the files a clean clone has (git's index: what .gitignore keeps out is not there)
        let git = try #require(Self.git)
        let listed = try DeployTools.run(git, ["-C", ConfigurationFixtures.root, "ls-files"])
        try #require(listed.status == 0, "git ls-files failed: \(listed.output)")
        let tracked = listed.output.split(separator: "\n").map(String.init)

        // When every COPY of Deploy/Dockerfile that reads the build context is taken apart
        let dockerfile = try ConfigurationFixtures.text("Deploy/Dockerfile")
        let sources = DeployTools.copySources(dockerfile: dockerfile)

        // Then each source is a tracked file or a directory holding tracked files, so `docker build` works
        // from a clone, and the build context's ignore file lets each one in
        #expect(sources.contains("Package.swift"))
        for source in sources {
            #expect(
                tracked.contains { $0 == source || $0.hasPrefix(source + "/") },
                "Deploy/Dockerfile copies \(source), which a clean clone does not have")
        }
        let ignore = try ConfigurationFixtures.text("Deploy/Dockerfile.dockerignore")
        for source in sources {
            #expect(ignore.contains("\n!\(source)\n"), "Deploy/Dockerfile.dockerignore keeps out \(source)")
        }
    }

    @Test func everyTargetOfOursTreatsWarningsAsErrors() throws {
        // Given the package manifest
        let manifest = try ConfigurationFixtures.text("Package.swift")

        // Then, after the package is declared, every target of our code (not a system library; tests included)
        // gets -warnings-as-errors, so a new warning in it fails `swift build` and `make test`
        let declared = try #require(manifest.range(of: "\nlet package = Package("))
        let after = manifest[declared.upperBound...]
        #expect(after.contains("for target in package.targets where target.type != .system {"))
        #expect(
            after.contains(
                #"target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]"#))
    }

    @Test func theDockerfileEditsLinesThatExistInTheShippedConfig() throws {
        // Given the two lines the image changes in Config/petri.yaml (listen everywhere, data in the volume)
        let lines = try ConfigurationFixtures.text("Config/petri.yaml").split(separator: "\n").map(String.init)
        let dockerfile = try ConfigurationFixtures.text("Deploy/Dockerfile")

        // Then both lines are still in the file, exactly, so the image build's sed keeps working
        #expect(lines.contains("  host: 127.0.0.1") && dockerfile.contains("s|^  host: 127.0.0.1$|"))
        #expect(lines.contains("  directory: ./data") && dockerfile.contains("s|^  directory: ./data$|"))
    }

    @Test func theEditedContainerConfigIsValid() throws {
        // Given the shipped file with the image's two edits applied
        let edited = try ConfigurationFixtures.text("Config/petri.yaml")
            .replacingOccurrences(of: "\n  host: 127.0.0.1\n", with: "\n  host: 0.0.0.0\n")
            .replacingOccurrences(of: "\n  directory: ./data\n", with: "\n  directory: /var/lib/petri\n")

        // When it is parsed
        let configuration = try ServerConfiguration.parse(yaml: edited)

        // Then only those two settings differ from the defaults
        var expected = ServerConfiguration()
        expected.server.host = "0.0.0.0"
        expected.data.directory = "/var/lib/petri"
        #expect(configuration == expected)
    }
}
