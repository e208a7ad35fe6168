import Logging
import Synchronization

/// Keeps what a logger logged, for tests that check what the server said about itself.
final class LogRecorder: Sendable {
    struct Record: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let records = Mutex<[Record]>([])

    /// A logger at debug level that records here.
    var logger: Logger {
        Logger(label: "petri.test") { _ in Handler(recorder: self) }
    }

    /// The records with this message, oldest first.
    func records(_ message: String) -> [Record] {
        records.withLock { $0.filter { $0.message == message } }
    }

    fileprivate func append(_ record: Record) { records.withLock { $0.append(record) } }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .debug

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            recorder.append(
                Record(level: event.level, message: "\(event.message)", metadata: all.mapValues { "\($0)" }))
        }
    }
}
