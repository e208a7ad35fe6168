import Foundation

/// Runs the system tools that check the files in Deploy/ (systemd-analyze, nginx, openssl), when present.
enum DeployTools {
    /// The full path of an executable on `PATH` or in the sbin directories (nginx lives in /usr/sbin, often
    /// off a normal user's `PATH`), or nil when it is not installed.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/local/sbin", "/usr/sbin", "/sbin"]
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a program to completion and returns its exit status and everything it wrote (stdout and stderr).
    ///
    /// - Parameters:
    ///   - executable: The program's full path.
    ///   - arguments: Its arguments.
    /// - Throws: When the program cannot be started.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        // Read before waiting, so a chatty tool cannot fill the pipe and block forever.
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Problems `systemd-analyze verify` reports for a unit, with its `ExecStart` binary replaced by a stub.
    ///
    /// `verify` needs the binary to exist, so the unit is copied next to a stub executable. It exits 0 even for
    /// unknown directives (it only warns and ignores them), so any output line naming the unit counts as a problem.
    ///
    /// - Parameters:
    ///   - unit: The unit's text.
    ///   - tool: The path of systemd-analyze.
    /// - Returns: The problems, empty when the unit is clean.
    static func systemdProblems(unit: String, tool: String) throws -> [String] {
        let directory = try ConfigurationFixtures.temporaryDirectory()
        defer { ConfigurationFixtures.remove(directory) }
        let stub = directory + "/petri"
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: URL(fileURLWithPath: stub))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub)
        let unitPath = directory + "/petri.service"
        try Data(unit.replacingOccurrences(of: "/usr/local/bin/petri", with: stub).utf8)
            .write(to: URL(fileURLWithPath: unitPath))
        let (status, output) = try run(tool, ["verify", unitPath])
        var problems = output.split(separator: "\n").map(String.init).filter { $0.contains("petri.service") }
        if status != 0 && problems.isEmpty { problems.append("systemd-analyze exited \(status): \(output)") }
        return problems
    }

    /// What `nginx -t` says is wrong with a site file, or nil when it passes.
    ///
    /// The site is included in a minimal `nginx.conf` (an `events {}` block, the site inside `http {}`), with
    /// its certificate paths pointed at a throw-away self-signed pair and every path nginx writes kept in a
    /// temporary directory, so the check needs no root and touches nothing outside it.
    ///
    /// - Parameters:
    ///   - site: The site file's text.
    ///   - nginx: The path of nginx.
    ///   - openssl: The path of openssl, to make the certificate.
    static func nginxProblems(site: String, nginx: String, openssl: String) throws -> String? {
        let directory = try ConfigurationFixtures.temporaryDirectory()
        defer { ConfigurationFixtures.remove(directory) }
        let made = try run(
            openssl,
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                "-subj", "/CN=petri.test", "-keyout", directory + "/key.pem", "-out", directory + "/cert.pem",
            ])
        guard made.status == 0 else { return "openssl could not make a test certificate: \(made.output)" }
        let patched =
            site
            .replacingOccurrences(of: "/etc/ssl/petri/fullchain.pem", with: directory + "/cert.pem")
            .replacingOccurrences(of: "/etc/ssl/petri/privkey.pem", with: directory + "/key.pem")
        try Data(patched.utf8).write(to: URL(fileURLWithPath: directory + "/petri.conf"))
        let main = """
            pid \(directory)/nginx.pid;
            error_log \(directory)/error.log;
            events {}
            http {
                access_log off;
                client_body_temp_path \(directory)/body;
                proxy_temp_path \(directory)/proxy;
                fastcgi_temp_path \(directory)/fastcgi;
                uwsgi_temp_path \(directory)/uwsgi;
                scgi_temp_path \(directory)/scgi;
                include \(directory)/petri.conf;
            }
            """
        try Data(main.utf8).write(to: URL(fileURLWithPath: directory + "/nginx.conf"))
        let (status, output) = try run(
            nginx,
            [
                "-t", "-p", directory + "/", "-c", directory + "/nginx.conf", "-e", directory + "/error.log",
            ])
        return status == 0 ? nil : output
    }

    /// The build-context paths every `COPY` of a Dockerfile reads (not `COPY --from=`, which copies from a stage).
    static func copySources(dockerfile: String) -> [String] {
        dockerfile.split(separator: "\n").flatMap { line -> [String] in
            let words = line.split(separator: " ").map(String.init)
            guard words.first == "COPY", !words.contains(where: { $0.hasPrefix("--from") }) else { return [] }
            let paths = words.dropFirst().filter { !$0.hasPrefix("--") }
            return paths.dropLast().map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }
        }
    }
}
