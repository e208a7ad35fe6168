/// What decides which creatures die each generation of a model drawn as creatures on a background.
package enum SelectionMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// The model's formula alone (the textbook predators).
    case formula
    /// The class alone: each generation, the creatures the students caught die and no others.
    case `class`
    /// The class's catches and then the formula's deaths.
    case both
}

/// A hunt round as every screen draws it: the generation's creatures on the background, with ids that carry no
/// hint of fitness (a seeded permutation) and each creature's trait only as the colour it is drawn in.
///
/// On the wire the creatures are one packed field, `spots` (``HuntSpots``: four bytes a creature in id order, as
/// base64), not a list of objects: the same facts in about a seventh of the bytes, sent to every screen.
///
/// ```json
/// {"type":"huntStarted","round":1,"generation":4,"catches":3,"seconds":10,"endsAt":1700000010000,
///  "spots":"AGLxAiUUzgA=","eaten":[]}
/// ```
package struct HuntRoundInfo: Sendable, Hashable, Codable {
    /// 1, 2, 3, ... within the lesson.
    package var round: Int
    /// The generation being hunted.
    package var generation: Int
    /// How many creatures each student may catch.
    package var catches: Int
    /// How long the round lasts.
    package var seconds: Int
    /// When the round ends at the latest (the server's clock).
    package var endsAt: Timestamp
    /// Every creature of the generation, ordered by id.
    package var creatures: [HuntCreature]
    /// Ids already eaten (for a screen that joins mid-round).
    package var eaten: [Int]

    package init(
        round: Int, generation: Int, catches: Int, seconds: Int, endsAt: Timestamp, creatures: [HuntCreature],
        eaten: [Int]
    ) {
        self.round = round
        self.generation = generation
        self.catches = catches
        self.seconds = seconds
        self.endsAt = endsAt
        self.creatures = creatures
        self.eaten = eaten
    }
}

extension HuntRoundInfo {
    private enum CodingKeys: String, CodingKey {
        case round, generation, catches, seconds, endsAt, spots, eaten
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        round = try c.decode(Int.self, forKey: .round)
        generation = try c.decode(Int.self, forKey: .generation)
        catches = try c.decode(Int.self, forKey: .catches)
        seconds = try c.decode(Int.self, forKey: .seconds)
        endsAt = try c.decode(Timestamp.self, forKey: .endsAt)
        guard let creatures = HuntSpots.unpack(try c.decode(String.self, forKey: .spots)) else {
            throw ProtocolError(
                .invalidField,
                "The field \"spots\" must be base64 of four bytes a creature (x + 1024·y + 1048576·trait, x and y "
                    + "0...999, trait 0...255).")
        }
        self.creatures = creatures
        eaten = try c.decode([Int].self, forKey: .eaten)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(round, forKey: .round)
        try c.encode(generation, forKey: .generation)
        try c.encode(catches, forKey: .catches)
        try c.encode(seconds, forKey: .seconds)
        try c.encode(endsAt, forKey: .endsAt)
        guard let spots = HuntSpots.pack(creatures) else {
            throw EncodingError.invalidValue(
                creatures,
                EncodingError.Context(
                    codingPath: encoder.codingPath + [CodingKeys.spots],
                    debugDescription: "A round's creatures are ids 1...n in order, placed 0...999, traits 0...255."))
        }
        try c.encode(spots, forKey: .spots)
        try c.encode(eaten, forKey: .eaten)
    }
}

/// One creature of a hunt round (on the wire, four bytes of `huntStarted`'s `spots`): its id, where it stands (thousandths of the field's width and height, 0...999)
/// and its trait (what colour it is drawn).
package struct HuntCreature: Sendable, Hashable, Codable {
    package var id: Int
    package var x: Int
    package var y: Int
    package var trait: Int

    package init(id: Int, x: Int, y: Int, trait: Int) {
        self.id = id
        self.x = x
        self.y = y
        self.trait = trait
    }
}

/// A creature eaten, to every screen; `eaten` lists every id eaten so far, so a screen that got only the newest
/// of these (latest wins) still draws the round right.
///
/// ```json
/// {"type":"caught","round":1,"creature":17,"eaten":[4,17]}
/// ```
package struct HuntCatch: Sendable, Hashable, Codable {
    package var round: Int
    package var creature: Int
    package var eaten: [Int]

    package init(round: Int, creature: Int, eaten: [Int]) {
        self.round = round
        self.creature = creature
        self.eaten = eaten
    }
}

/// The end of a hunt round: the colours the class caught against the colours it left alive, in bins of the trait
/// (`binWidth` wide from `traitMin`), with their means (absent when there were none).
///
/// ```json
/// {"type":"huntEnded","round":1,"generation":4,"traitMin":1,"binWidth":10,
///  "caughtBins":[0,0,1,0,0,0,0,1,1,0],"aliveBins":[3,2,4,5,2,1,0,1,2,3],"caughtMean":70,"aliveMean":44.6}
/// ```
package struct HuntSummary: Sendable, Hashable, Codable {
    package var round: Int
    /// The generation that was hunted (the lesson has since stepped past it).
    package var generation: Int
    package var traitMin: Int
    package var binWidth: Int
    package var caughtBins: [Int]
    package var aliveBins: [Int]
    package var caughtMean: Double?
    package var aliveMean: Double?

    package init(
        round: Int, generation: Int, traitMin: Int, binWidth: Int, caughtBins: [Int], aliveBins: [Int],
        caughtMean: Double?, aliveMean: Double?
    ) {
        self.round = round
        self.generation = generation
        self.traitMin = traitMin
        self.binWidth = binWidth
        self.caughtBins = caughtBins
        self.aliveBins = aliveBins
        self.caughtMean = caughtMean
        self.aliveMean = aliveMean
    }
}
