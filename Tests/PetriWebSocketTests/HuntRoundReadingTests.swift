import Testing

@testable import PetriLoad

/// `petri-bench hunt`'s load generator reads a round's messages once for the whole class (every student gets the
/// same bytes); what it makes of each student's copy must be what reading that copy in full says.
@Suite struct HuntRoundReadingTests {
    private static func read<R>(_ text: String, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        Array(text.utf8).withUnsafeBytes(body)
    }

    private static func caught(_ creature: Int, eaten: [Int]) -> String {
        #"{"creature":\#(creature),"eaten":[\#(eaten.map(String.init).joined(separator: ","))],"round":1,"type":"caught"}"#
    }

    @Test func everyCopyOfARoundsStartGivesItsCreaturesAndEndAndTheNextRoundGivesItsOwn() {
        let first =
            #"{"catches":3,"eaten":[],"endsAt":1700000010000,"generation":4,"round":1,"seconds":10,"spots":"AGLxAiUUzgA=","type":"huntStarted"}"#
        let next =
            #"{"catches":3,"eaten":[],"endsAt":1700000030000,"generation":5,"round":2,"seconds":10,"spots":"DCCAAgdsIQADEBAA","type":"huntStarted"}"#
        var reading = HuntRoundReading()
        // Given the first student's copy of a round's start read,
        let once = Self.read(first) { reading.start($0) }
        // when another student's copy of it comes, and then the next round's start,
        let again = Self.read(first) { reading.start($0) }
        let later = Self.read(next) { reading.start($0) }
        // then both copies give the round's creatures and end, and the next round its own.
        #expect(once.ids == [1, 2] && once.endsAt == 1_700_000_010_000)
        #expect(again.ids == once.ids && again.endsAt == once.endsAt)
        #expect(later.ids == [1, 2, 3] && later.endsAt == 1_700_000_030_000)
    }

    @Test func aCopyOfACatchAlreadyReadHoldsTheSameEatenIdsAsItsOwnList() {
        // Given three catches in the lesson's order (4, then 17, then 9), each `caught` naming every id eaten so far,
        let messages = [
            Self.caught(4, eaten: [4]), Self.caught(17, eaten: [4, 17]), Self.caught(9, eaten: [4, 17, 9]),
        ]
        var reading = HuntRoundReading()
        // when the class's copies come in this order: the first catch's, the third's (a student whose second was
        // coalesced away), then the second's after the third was read, and more copies of each,
        let order = [0, 2, 1, 1, 0, 2]
        for index in order {
            let count = Self.read(messages[index]) { reading.eaten($0) }
            // then each copy names the first ids of the lesson's order, as many as its own list holds.
            let own = Self.read(messages[index]) { HuntScan.list(after: #""eaten":["#, in: $0) }
            #expect(count == own.count)
            #expect(Array(reading.eatenInOrder.prefix(count)) == own)
        }
        #expect(reading.eatenInOrder == [4, 17, 9])
    }
}
