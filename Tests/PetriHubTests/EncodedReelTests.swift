import PetriLesson
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriHub

/// The make-up's encoded frames: the class's own frames are kept once for every make-up student, within a bound.
@Suite struct EncodedReelTests {
    typealias Frame = MakeupReel<CamouflageModel>.Frame

    @Test func onlyTheClassesOwnFramesAreSharedAndTheyGoReliablyAsTheClassesDo() {
        let stats = Frame.message(
            .stats(timeline: 0, stats: GenerationStats(generation: 3, values: ["population": 60])))
        let result = Frame.message(.questionLocked(question: QuestionID(1), reason: .timeLimit, lockedAt: nil))
        #expect(EncodedReel.isShared(stats))
        #expect(!EncodedReel.isShared(result))
        #expect(EncodedReel.policy(of: stats) == .reliable)
    }

    @Test func framesKeptPastTheBoundEmptyTheStoreBeforeTheNewOneIsKept() {
        var reel = EncodedReel()
        let half = [UInt8](repeating: 1, count: EncodedReel.limit / 2 + 1)
        reel.keep(half, for: .init(stop: 1, index: 0))
        #expect(reel[.init(stop: 1, index: 0)] == half)
        reel.keep(half, for: .init(stop: 2, index: 0))
        #expect(reel[.init(stop: 1, index: 0)] == nil)
        #expect(reel[.init(stop: 2, index: 0)] == half)
        #expect(reel.bytes == half.count)
    }
}
