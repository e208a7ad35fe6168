import PetriTransport
import PetriWebSocket

/// Chunks and fragments through the client's ``MessageAssembler``, as a hostile server could
/// send them.
///
/// The input is a script: a size limit, then chunks (length, flags, bytes). Invariants: no
/// trap; a completed message is exactly the bytes sent since the last one; text is completed
/// only when it is valid UTF-8 (the standard library is the judge) and refused with 1007 only
/// when it is not; a message over the limit is refused with 1009 and one within it is not.
enum ReassemblyTarget {
    static func run(_ bytes: [UInt8]) -> String? {
        var input = FuzzInput(bytes)
        let limit = input.int(in: 0...4096)
        var assembler = MessageAssembler(maxMessageBytes: limit, validatesUTF8: true)
        var sent: [UInt8] = []
        var isBinary: Bool?
        while !input.isExhausted {
            let flags = input.byte()
            let chunk = input.bytes(upTo: 300)
            let isFinal = flags & 1 == 1
            let kindBit = flags & 2 == 2
            if isBinary == nil { isBinary = kindBit }
            sent += chunk
            let step = assembler.take(chunk, isBinary: kindBit, isFinal: isFinal)
            let valid = isBinary == true || String(validating: sent, as: UTF8.self) != nil
            switch step {
            case .partial:
                if isFinal { return "a final chunk left the message partial" }
            case .complete(let kind):
                guard isFinal else { return "a message completed on a chunk that was not final" }
                guard kind == (isBinary == true ? .binary : .text) else { return "the message changed kind" }
                guard assembler.bytes == sent else { return "the message is not the bytes sent" }
                guard sent.count <= limit else { return "a \(sent.count)-byte message passed a \(limit)-byte limit" }
                guard valid else { return "invalid UTF-8 was completed as text: \(sent)" }
                assembler.reset()
                sent = []
                isBinary = nil
            case .refused(let code, _):
                if code == .messageTooBig {
                    guard sent.count > limit else { return "refused as too big at \(sent.count) of \(limit) bytes" }
                } else if code == .invalidPayload {
                    guard isBinary == false else { return "binary refused as invalid UTF-8" }
                    if isFinal ? valid : canStillBeUTF8(sent) { return "UTF-8 refused: \(sent), final: \(isFinal)" }
                } else {
                    return "refused with an unexpected code \(code)"
                }
                return nil
            }
        }
        return nil
    }

    /// Whether some bytes could follow `bytes` to make them valid UTF-8 (the standard library judges).
    static func canStillBeUTF8(_ bytes: [UInt8]) -> Bool {
        if String(validating: bytes, as: UTF8.self) != nil { return true }
        // Only an unfinished last character can be saved: find its lead byte within the last three.
        for cut in 1...min(3, bytes.count) {
            let lead = bytes[bytes.count - cut]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
            guard length > cut else { continue }
            let candidates: [UInt8] = [0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF]
            var endings: [[UInt8]] = [[]]
            for _ in 0..<(length - cut) { endings = endings.flatMap { e in candidates.map { e + [$0] } } }
            if endings.contains(where: { String(validating: bytes + $0, as: UTF8.self) != nil }) { return true }
        }
        return false
    }

    static let seeds: [[UInt8]] = [
        [0x10, 0x00, 0x01, 0x00, 0x05] + Array("hello".utf8),
        [0x10, 0x00, 0x00, 0x00, 0x02, 0xE2, 0x82, 0x01, 0x00, 0x01, 0xAC],
        [0x00, 0x04, 0x03, 0x00, 0x06, 0xFF, 0xFE, 0x00, 0x01, 0x02, 0x03],
        [0x10, 0x00, 0x01, 0x00, 0x03, 0x61, 0xFF, 0x62],
        [0x00, 0x02, 0x00, 0x00, 0x02, 0x61, 0x62, 0x01, 0x00, 0x02, 0x63, 0x64],
    ]
}
