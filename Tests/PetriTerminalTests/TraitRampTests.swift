import PetriSimulation
import Testing

@testable import PetriTerminal

/// A trait field's colours come from the presentation: its ramp from `low` to `high` over the snapshot's traits,
/// the names splitting the range, the shade glyphs following lightness whichever way the ramp runs.
@Suite struct TraitRampTests {
    static func snapshot(traitMin: Int, values: Int) -> TraitSnapshot {
        TraitSnapshot(
            generation: 0, trait: "colour", unit: "", scale: 1, traitMin: traitMin, binWidth: 10, environment: "lava",
            environmentValue: traitMin, target: traitMin, population: 0, suited: 0, extinct: false,
            traitCounts: Array(repeating: 0, count: values), histogram: Array(repeating: 0, count: values / 10))
    }

    @Test func aGreyRampRunsFromBlackToWhiteWithFiveNamedParts() {
        let ramp = TraitRamp(
            ModelPresentation.TraitColours(
                low: "#000000", high: "#ffffff", names: ["black", "dark", "grey", "light", "white"]),
            snapshot: Self.snapshot(traitMin: 1, values: 100))
        #expect(ramp.color(1) == .gray(0) && ramp.color(100) == .gray(255) && ramp.color(50) == .gray(126))
        #expect(
            [20, 21, 40, 41, 60, 61, 80, 81].map(ramp.name) == [
                "black", "dark", "dark", "grey", "grey", "light", "light", "white",
            ])
        #expect(ramp.direction == "dark → light")
        #expect(ramp.legend == "█ black ▓ dark ▒ grey ░ light : white")
    }

    @Test func aRampFromLightToDarkTurnsTheGlyphsAroundAndSaysSo() {
        // Given sandy mice turning black on lava (the colours the fourth trait model's presentation gives)
        let ramp = TraitRamp(
            ModelPresentation.TraitColours(
                low: "#d8c08a", high: "#1a1a1a", names: ["sandy", "light", "brown", "dark", "black"]),
            snapshot: Self.snapshot(traitMin: 0, values: 50))
        // Then the lowest trait is sandy and drawn light, the highest black and drawn dark
        #expect(ramp.color(0) == TerminalColor(red: 0xd8, green: 0xc0, blue: 0x8a))
        #expect(ramp.color(49) == TerminalColor(red: 0x1a, green: 0x1a, blue: 0x1a))
        #expect(ramp.glyph(0) == ":" && ramp.glyph(49) == "█")
        #expect(ramp.direction == "light → dark")
        #expect(ramp.legend == ": sandy ░ light ▒ brown ▓ dark █ black")
    }

    @Test func colourThatIsNotHexFallsBackToGrey() {
        let ramp = TraitRamp(
            ModelPresentation.TraitColours(low: "red", high: "#12345", names: []),
            snapshot: Self.snapshot(traitMin: 0, values: 10))
        #expect(ramp.color(0) == .black && ramp.color(9) == .white)
        #expect(ramp.name(3).isEmpty && ramp.legend.isEmpty)
    }
}
