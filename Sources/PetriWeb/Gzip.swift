/// gzip compression of the pages at start.
///
/// Not yet linked: Foundation on Linux has no gzip, and zlib needs a small system module.
/// Until then assets go out uncompressed.
enum Gzip {
    static func compress(_ bytes: [UInt8]) -> [UInt8]? { nil }
}
