import Foundation
import PetriProtocol
import Testing

@testable import PetriTerminal

/// The student screens, drawn from fixed states, compared with stored golden files.
///
/// Set `PETRI_UPDATE_GOLDEN=1` to rewrite the files after a deliberate change (then read the diff).
@Suite struct GoldenScreenTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var scene: String
        var width: Int
        var height: Int
        var mode: ColorMode

        var name: String { "\(scene)-\(width)x\(height)-\(mode.rawValue)" }
        var testDescription: String { name }
    }

    static let cases: [Case] =
        ["camouflage", "islands", "life"].flatMap { scene in
            [(80, 24), (120, 36)].flatMap { size in
                [ColorMode.none, .truecolor].map { Case(scene: scene, width: size.0, height: size.1, mode: $0) }
            }
        } + [Case(scene: "camouflage", width: 80, height: 24, mode: .ansi256)]

    static func state(_ scene: String) -> ScreenState {
        switch scene {
        case "islands": Fixtures.islandsLocked()
        case "life": Fixtures.lifeResolved()
        default: Fixtures.camouflageOpenQuestion()
        }
    }

    @Test(arguments: cases)
    func screenMatchesGolden(_ c: Case) throws {
        // Given a lesson built from real server messages about a real model
        var state = Self.state(c.scene)
        state.colorMode = c.mode
        // When the screen is drawn
        let canvas = Screen.student(state, width: c.width, height: c.height)
        Preview.write(c.name, canvas, mode: c.mode)
        // Then it is the stored screen, character for character (and escape for escape in colour)
        let text =
            c.mode == .none
            ? canvas.lines().joined(separator: "\n")
            : ANSIRenderer(mode: c.mode).visibleLines(canvas).joined(separator: "\n")
        try Golden.check(text, name: c.name)
    }
}
