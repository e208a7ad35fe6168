import PetriProtocol

/// One plan file a server offers: its name (the file name without `.yaml`), its text, and whether it ships with Petri.
package struct PlanFile: Sendable, Hashable {
    package var name: String
    package var text: String
    package var shipped: Bool
    /// Whether it is a signed-in teacher's own plan (from the store), not the server's.
    package var own: Bool

    package init(name: String, text: String, shipped: Bool, own: Bool = false) {
        self.name = name
        self.text = text
        self.shipped = shipped
        self.own = own
    }

    /// Whether `name` can name a plan: 1 to 64 lower-case letters, digits and dashes, starting with a letter.
    package static func isWellFormed(name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first),
            name.unicodeScalars.count <= PlanLimits.name
        else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

/// The plans compiled into every server (Plans/Shipped/*.yaml), in the order they are listed.
package enum ShippedPlans {
    package static let files: [PlanFile] = [
        PlanFile(name: "demo", text: text(PackageResources.demo_yaml), shipped: true),
        PlanFile(name: "peppered-moths", text: text(PackageResources.peppered_moths_yaml), shipped: true),
        PlanFile(name: "antibiotic-course", text: text(PackageResources.antibiotic_course_yaml), shipped: true),
        PlanFile(name: "finch-beaks", text: text(PackageResources.finch_beaks_yaml), shipped: true),
        PlanFile(name: "desert-mice", text: text(PackageResources.desert_mice_yaml), shipped: true),
    ]

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
