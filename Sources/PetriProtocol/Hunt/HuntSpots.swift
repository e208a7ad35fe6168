import Foundation

/// A hunt round's creatures on the wire (`huntStarted`'s `spots`): base64 (RFC 4648, padded) of four bytes a
/// creature, in id order (the first four bytes are creature 1's), each a little-endian 32-bit number
/// `x + 1024·y + 1048576·trait`: `x` and `y` in thousandths of the field (0...999, ten bits each) and `trait`, the
/// colour the creature is drawn in (0...255, eight bits; the top four bits are zero).
///
/// It says exactly what a list of `{"id","x","y","trait"}` said, in about a seventh of the bytes (5.3 characters a
/// creature instead of 35 or so): nothing about fitness but the colour each is drawn in.
enum HuntSpots {
    /// The packed form of `creatures`, which must be ids 1...n in order with places 0...999 and traits 0...255.
    static func pack(_ creatures: [HuntCreature]) -> String? {
        var bytes = [UInt8]()
        bytes.reserveCapacity(creatures.count * 4)
        for (index, creature) in creatures.enumerated() {
            guard creature.id == index + 1, (0...999).contains(creature.x), (0...999).contains(creature.y),
                (0...255).contains(creature.trait)
            else { return nil }
            let value = UInt32(creature.x) | UInt32(creature.y) << 10 | UInt32(creature.trait) << 20
            for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }
        return Data(bytes).base64EncodedString()
    }

    /// The creatures a packed form lists, or nil when it is not one (not base64, not four bytes a creature, or a
    /// place or trait out of range).
    static func unpack(_ text: String) -> [HuntCreature]? {
        guard let data = Data(base64Encoded: text), data.count % 4 == 0 else { return nil }
        var creatures: [HuntCreature] = []
        creatures.reserveCapacity(data.count / 4)
        var value: UInt32 = 0
        for (offset, byte) in data.enumerated() {
            value |= UInt32(byte) << (8 * UInt32(offset % 4))
            guard offset % 4 == 3 else { continue }
            let (x, y, trait) = (Int(value & 1023), Int(value >> 10 & 1023), Int(value >> 20))
            guard x <= 999, y <= 999, trait <= 255 else { return nil }
            creatures.append(HuntCreature(id: creatures.count + 1, x: x, y: y, trait: trait))
            value = 0
        }
        return creatures
    }
}
