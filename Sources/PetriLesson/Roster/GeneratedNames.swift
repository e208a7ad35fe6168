import PetriSimulation

/// Friendly generated names ("Brave Otter") for classes that should not type their own.
///
/// 32 adjectives × 32 animals give 1,024 names; draws come from the lesson's own
/// name generator (seeded by the server), so a replayed lesson hands out the same names.
enum GeneratedNames {
    static let adjectives = [
        "Brave", "Bright", "Calm", "Clever", "Cosy", "Curious", "Daring", "Eager", "Fair", "Gentle", "Glad", "Happy",
        "Helpful", "Jolly", "Kind", "Lively", "Lucky", "Merry", "Mighty", "Neat", "Nimble", "Patient", "Polite",
        "Proud", "Quick", "Quiet", "Sharp", "Steady", "Sunny", "Swift", "Tidy", "Witty",
    ]
    static let animals = [
        "Badger", "Beaver", "Bison", "Crane", "Dolphin", "Eagle", "Falcon", "Ferret", "Gecko", "Heron", "Koala",
        "Lemur", "Lynx", "Marten", "Moose", "Newt", "Otter", "Owl", "Panda", "Puffin", "Rabbit", "Raven", "Robin",
        "Salmon", "Seal", "Sparrow", "Stork", "Swan", "Tiger", "Turtle", "Walrus", "Wombat",
    ]

    /// Tries a few random names for a free one; if all are taken, returns the last, for the roster
    /// to give a number suffix (``Roster/uniqueName(_:)``).
    ///
    /// - Parameters:
    ///   - random: The lesson's name generator.
    ///   - isTaken: Whether a name (by ``DisplayName/key(_:)``) is in use.
    static func draw(using random: inout PetriRandom, isTaken: (String) -> Bool) -> String {
        var name = ""
        for _ in 0..<16 {
            let adjective = adjectives[random.nextInt(in: 0...(adjectives.count - 1))]
            let animal = animals[random.nextInt(in: 0...(animals.count - 1))]
            name = "\(adjective) \(animal)"
            if !isTaken(DisplayName.key(name)) { return name }
        }
        return name
    }
}
