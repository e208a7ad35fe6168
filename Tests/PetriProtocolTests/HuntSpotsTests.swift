import Foundation
import Testing

@testable import PetriProtocol

/// A hunt round's creatures travel packed (`huntStarted`'s `spots`, PROTOCOL.md 5.8): four bytes a creature, in id
/// order, as base64; what is packed reads back the same, and what is not a packed field is refused with a sentence.
@Suite struct HuntSpotsTests {
    private static func round(_ spots: String) -> [UInt8] {
        Array(
            #"{"catches":3,"eaten":[],"endsAt":1700000010000,"generation":4,"round":1,"seconds":10,"spots":"\#(spots)","type":"huntStarted"}"#
                .utf8)
    }

    @Test func everyPlaceAndColourAtTheEdgesReadsBackAsSent() throws {
        // Given creatures at the field's corners and in the lowest and highest colours, and 997 more seeded ones
        var creatures = [
            HuntCreature(id: 1, x: 0, y: 0, trait: 0), HuntCreature(id: 2, x: 999, y: 999, trait: 255),
            HuntCreature(id: 3, x: 999, y: 0, trait: 128),
        ]
        var state: UInt64 = 0x5350_4F54
        for id in 4...1000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let bits = Int(state >> 33)
            creatures.append(HuntCreature(id: id, x: bits % 1000, y: bits / 1000 % 1000, trait: bits / 1_000_000 % 256))
        }
        let info = HuntRoundInfo(
            round: 1, generation: 4, catches: 3, seconds: 10,
            endsAt: Timestamp(millisecondsSince1970: 1_700_000_010_000),
            creatures: creatures, eaten: [2])

        // When it is sent and read, Then it is the same round, in 4 bytes (5⅓ characters) a creature
        let wire = try ProtocolEncoder().encode(.huntStarted(info))
        #expect(try ProtocolDecoder().decodeServerMessage(wire) == .huntStarted(info))
        #expect(HuntSpots.pack(creatures)?.count == 5336)
    }

    @Test func theProtocolsExampleIsTwoCreatures() throws {
        let message = try ProtocolDecoder().decodeServerMessage(Self.round("AGLxAiUUzgA="))
        guard case .huntStarted(let info) = message else {
            Issue.record("not a huntStarted: \(message)")
            return
        }
        #expect(
            info.creatures == [
                HuntCreature(id: 1, x: 512, y: 88, trait: 47), HuntCreature(id: 2, x: 37, y: 901, trait: 12),
            ])
        #expect(try ProtocolEncoder().encode(message) == Self.round("AGLxAiUUzgA="))
    }

    @Test func spotsThatAreNotAPackedFieldAreRefusedWithASentence() {
        // Not base64, three bytes (not four a creature), and a creature at x 1000 (off the field)
        let place1000 = Data([0xE8, 0x03, 0, 0]).base64EncodedString()
        for spots in ["not base64!", Data([1, 2, 3]).base64EncodedString(), place1000] {
            #expect(throws: ProtocolError.self) { try ProtocolDecoder().decodeServerMessage(Self.round(spots)) }
            do {
                _ = try ProtocolDecoder().decodeServerMessage(Self.round(spots))
            } catch {
                #expect(error.code == .invalidField)
                #expect(error.message.contains("\"spots\" must be base64 of four bytes a creature"))
            }
        }
    }

    @Test func aRoundWhoseCreaturesAreNotIdsOneToNInOrderIsNotSentAsIfTheyWere() {
        // Ids out of order would be read back as other creatures: the encoder refuses rather than send them
        let shuffled = [HuntCreature(id: 2, x: 1, y: 1, trait: 1), HuntCreature(id: 1, x: 2, y: 2, trait: 2)]
        #expect(HuntSpots.pack(shuffled) == nil)
        #expect(HuntSpots.pack([HuntCreature(id: 1, x: 1000, y: 0, trait: 0)]) == nil)
        #expect(HuntSpots.pack([HuntCreature(id: 1, x: 0, y: 0, trait: 256)]) == nil)
        let info = HuntRoundInfo(
            round: 1, generation: 0, catches: 1, seconds: 10, endsAt: Timestamp(millisecondsSince1970: 0),
            creatures: shuffled, eaten: [])
        #expect(throws: ProtocolError.self) { try ProtocolEncoder().encode(.huntStarted(info)) }
    }
}
