#if canImport(Glibc)
    import Glibc
#endif

/// One round's `huntStarted` and `caught` messages, read once for the whole class.
///
/// The server encodes each of them once and sends every student the same bytes, so the load generator reads the
/// creatures of a `huntStarted` once (a later copy is only compared, with `memcmp`) and the `eaten` list of a
/// `caught` once per catch: the list only grows, in the order the lesson accepted the catches, so once a message
/// ending in creature `c` has been read, every other copy naming `c` holds the same prefix of it. Per student, a
/// message then costs a comparison or a dictionary look-up instead of a scan of its creatures.
package struct HuntRoundReading {
    private var startBytes: [UInt8] = []
    private var startRead: (ids: [Int], endsAt: Int) = ([], 0)
    /// Every id eaten so far, in the lesson's order (as far as any student's `caught` has named them).
    package private(set) var eatenInOrder: [Int] = []
    /// Each eaten id's place in ``eatenInOrder``.
    private var place: [Int: Int] = [:]

    package init() {}

    /// A `huntStarted`'s creature ids and `endsAt` (ms).
    package mutating func start(_ bytes: UnsafeRawBufferPointer) -> (ids: [Int], endsAt: Int) {
        if !startBytes.isEmpty, Self.same(startBytes, bytes) { return startRead }
        startBytes = Array(bytes)
        startRead = (
            HuntScan.spotIDs(in: bytes),
            HuntScan.int(after: #""endsAt":"#, in: bytes) ?? 0
        )
        return startRead
    }

    /// How many ids a `caught`'s `eaten` list holds: the first ``eatenInOrder`` entries.
    package mutating func eaten(_ bytes: UnsafeRawBufferPointer) -> Int {
        if let creature = HuntScan.int(after: #"{"creature":"#, in: bytes), let at = place[creature] {
            return at + 1
        }
        let list = HuntScan.list(after: #""eaten":["#, in: bytes)
        if list.count > eatenInOrder.count {
            for (at, id) in list.enumerated().dropFirst(eatenInOrder.count) { place[id] = at }
            eatenInOrder = list
        }
        return list.count
    }

    private static func same(_ a: [UInt8], _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { a in
            guard let x = a.baseAddress, let y = b.baseAddress else { return true }
            return memcmp(x, y, a.count) == 0
        }
    }
}

/// Integer lists in the server's compact JSON.
package enum HuntScan {
    /// The integers of the list that starts just after `marker` (`"eaten":[`), up to its `]`.
    package static func list(after marker: String, in bytes: UnsafeRawBufferPointer) -> [Int] {
        guard var i = index(after: Array(marker.utf8), in: bytes) else { return [] }
        var out: [Int] = []
        var value = 0
        var digits = false
        while i < bytes.count {
            let b = bytes[i]
            if b >= 48 && b <= 57 {
                value = value * 10 + Int(b - 48)
                digits = true
            } else {
                if digits { out.append(value) }
                value = 0
                digits = false
                if b == UInt8(ascii: "]") { break }
            }
            i += 1
        }
        return out
    }

    /// The ids of a `huntStarted`'s creatures: 1...n, n the creatures its `spots` packs (four bytes each, as base64).
    package static func spotIDs(in bytes: UnsafeRawBufferPointer) -> [Int] {
        guard var i = index(after: Array(#""spots":""#.utf8), in: bytes) else { return [] }
        var characters = 0
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "=") {
            characters += 1
            i += 1
        }
        let count = characters * 3 / 16
        return count == 0 ? [] : Array(1...count)
    }

    /// Every integer following `key` (`"id":`) after `marker`, up to the end of the list `marker` opens.
    package static func ids(after marker: String, key: String, in bytes: UnsafeRawBufferPointer) -> [Int] {
        guard var i = index(after: Array(marker.utf8), in: bytes) else { return [] }
        let k = Array(key.utf8)
        var out: [Int] = []
        var depth = 1
        while i < bytes.count, depth > 0 {
            let b = bytes[i]
            if b == UInt8(ascii: "[") { depth += 1 }
            if b == UInt8(ascii: "]") { depth -= 1 }
            if b == k[0], i + k.count <= bytes.count, matches(k, at: i, in: bytes) {
                i += k.count
                var value = 0
                while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
                    value = value * 10 + Int(bytes[i] - 48)
                    i += 1
                }
                out.append(value)
                continue
            }
            i += 1
        }
        return out
    }

    /// The integer just after the first `marker` (`"endsAt":`), nil when there is none.
    package static func int(after marker: String, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard var i = index(after: Array(marker.utf8), in: bytes) else { return nil }
        let start = i
        var value = 0
        while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
            value = value * 10 + Int(bytes[i] - 48)
            i += 1
        }
        return i > start ? value : nil
    }

    private static func index(after marker: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= marker.count else { return nil }
        for i in 0...(bytes.count - marker.count) where bytes[i] == marker[0] && matches(marker, at: i, in: bytes) {
            return i + marker.count
        }
        return nil
    }

    private static func matches(_ marker: [UInt8], at i: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        var j = 0
        while j < marker.count {
            if bytes[i + j] != marker[j] { return false }
            j += 1
        }
        return true
    }
}
