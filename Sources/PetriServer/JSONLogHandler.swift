import Foundation
import Logging

/// A swift-log handler that writes one JSON object per line to standard error, for log
/// collectors (`log.format: json`): time, level, label, message, source and the metadata.
///
/// ```swift
/// LoggingSystem.bootstrap { JSONLogHandler(label: $0, level: .info) }
/// ```
package struct JSONLogHandler: LogHandler {
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level
    private let label: String
    private let write: @Sendable (String) -> Void

    /// - Parameters:
    ///   - label: The logger's label.
    ///   - level: The lowest level written.
    ///   - write: Where each line goes (default: standard error).
    package init(
        label: String, level: Logger.Level,
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) {
        self.label = label
        self.logLevel = level
        self.write = write
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var fields: [String: String] = [
            "time": Self.timestamp(), "level": event.level.rawValue, "label": label,
            "message": "\(event.message)", "source": event.source,
        ]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
            fields["meta." + key] = "\(value)"
        }
        let line =
            (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]))
            .map { String(decoding: $0, as: UTF8.self) } ?? #"{"message":"unencodable log line"}"#
        write(line)
    }

    // Kept for swift-log's older entry point; forwards to `log(event:)`.
    package func log(
        level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String,
        function: String, line: UInt
    ) {
        log(
            event: LogEvent(
                level: level, message: message, metadata: metadata, source: source, file: file, function: function,
                line: line))
    }

    private static func timestamp() -> String {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        let date = Date(timeIntervalSince1970: Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9)
        return date.formatted(
            .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}
