import ArgumentParser
import Foundation

/// Where a benchmark's load-generator process connects: the server's WebSocket URL, as the parent
/// passes it (`ws://127.0.0.1:PORT/`).
struct ServerURLOption: ParsableArguments {
    @Option(help: "The server's WebSocket URL.") var url: String

    /// The URL's host and port.
    ///
    /// - Throws: `ValidationError` when the URL has no port.
    func address() throws -> (host: String, port: Int) {
        guard let parsed = URL(string: url), let port = parsed.port else {
            throw ValidationError("--url must look like ws://127.0.0.1:PORT/, but was \(url).")
        }
        return (parsed.host ?? "127.0.0.1", port)
    }
}

/// What every student process of the class benchmarks is told: the server, the lesson and how
/// many students to play.
struct StudentProcessOptions: ParsableArguments {
    @OptionGroup var server: ServerURLOption
    @Option(help: "The lesson's join code.") var code: String
    @Option(help: "Number of students.") var students: Int

    /// Student `index`'s `join`, as the load clients send it.
    func join(_ index: Int) -> [UInt8] {
        Array(#"{"code":"\#(code)","name":"Student \#(index)","type":"join"}"#.utf8)
    }
}
