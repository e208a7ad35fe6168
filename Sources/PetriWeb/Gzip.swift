import CZlib

/// gzip compression of the pages, once at start (Foundation on Linux has none; zlib is on
/// every Debian machine).
enum Gzip {
    /// `bytes` as one gzip member, or nil for an empty input or when zlib fails.
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        guard !bytes.isEmpty, bytes.count < Int(UInt32.max) else { return nil }
        let capacity = petri_gzip_bound(bytes.count)
        var output = [UInt8](repeating: 0, count: capacity)
        let written = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                petri_gzip(input.baseAddress, input.count, out.baseAddress, out.count)
            }
        }
        guard written > 0 else { return nil }
        return Array(output.prefix(written))
    }
}
