import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriTransport

/// A make-up's reel as its students are sent it: the class's own frames of each moment (snapshots, stats, history
/// pages: the same bytes for every make-up student), encoded the first time a student reaches that moment and
/// kept for the others. Thirty students at their own pace then cost one encoding of each moment, as the live
/// class's broadcast did, instead of thirty.
///
/// A reel only grows (a moment never changes once the class has had it), so what is kept never goes stale; it is
/// bounded in bytes, and emptied when it would grow past that (the students then encode again as they go).
struct EncodedReel: Sendable {
    /// One of a moment's shared frames: the moment's index in the reel, and the frame's place among that moment's
    /// shared frames.
    struct Key: Hashable, Sendable {
        var stop: Int
        var index: Int
    }

    /// At most this many bytes are kept (a 300-generation lesson of 1,000 creatures keeps about 3 MB).
    static var limit: Int { 64 << 20 }

    private var frames: [Key: [UInt8]] = [:]
    private(set) var bytes = 0

    subscript(key: Key) -> [UInt8]? { frames[key] }

    mutating func keep(_ encoded: [UInt8], for key: Key) {
        if bytes + encoded.count > Self.limit {
            frames = [:]
            bytes = 0
        }
        frames[key] = encoded
        bytes += encoded.count
    }

    /// Whether a frame a make-up student is given is the class's own, the same for every student (the others are
    /// made for the student: their question, their lock, their result).
    static func isShared<Model>(_ frame: MakeupReel<Model>.Frame) -> Bool {
        switch frame {
        case .snapshot, .message(.stats), .message(.history): true
        case .message: false
        }
    }

    /// How the transport treats it for a student who is behind, as for the class.
    static func policy<Model>(of frame: MakeupReel<Model>.Frame) -> DeliveryPolicy {
        if case .snapshot = frame { .latestWins } else { .reliable }
    }
}
