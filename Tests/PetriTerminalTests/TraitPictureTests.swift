import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriTerminal

/// The trait-histogram pictures (resistance, beaks): decoded from a snapshot message as the presentation says,
/// drawn as a histogram with the favoured bin marked and the presentation's words, and refused when their sizes are
/// not sensible.
@Suite struct TraitPictureTests {
    private func picture(_ snapshot: TraitSnapshot) throws -> ModelPicture {
        try ModelPicture(.traitHistogram, json: JSONValue(encoding: snapshot))
    }

    @Test func aBeaksSnapshotDecodesAndDrawsItsHistogramWithTheBestDepthMarked() throws {
        // Given the drought's flock at generation 7, its second hard-seed generation
        var model = try BeaksModel(parameters: BeaksScenario.drought1977.parameters, seed: 4)
        for _ in 0..<7 { model.step() }
        let snapshot = model.snapshot()
        // When the client decodes and draws it without colour
        guard case .traitHistogram(let decoded) = try picture(snapshot) else {
            Issue.record("a beaks snapshot decoded as another picture")
            return
        }
        #expect(decoded == snapshot)
        var canvas = Canvas(width: 70, height: 12)
        TraitHistogramView.draw(
            into: &canvas, rect: Rect(x: 0, y: 0, width: 70, height: 12), snapshot: snapshot,
            presentation: Presentations.beaks, theme: Theme(mode: .none))
        let lines = canvas.lines()
        // Then the caption names the seeds, the count and the well fed, the axis runs from 6 to 14 mm, and one bin
        // is marked
        #expect(lines[0].hasPrefix("seedHardness 75 · \(snapshot.population) alive · \(snapshot.suited) well fed"))
        #expect(lines[0].contains("▲ 10.3 mm"))
        #expect(lines.last?.hasPrefix("6 mm") == true && lines.last?.contains("14 mm") == true)
        #expect(lines.joined().filter { $0 == "▲" }.count == 2)  // the caption's and the marked bin's
        // And on a wider screen the marker says what it marks, in the presentation's words
        var wide = Canvas(width: 100, height: 12)
        TraitHistogramView.draw(
            into: &wide, rect: Rect(x: 0, y: 0, width: 100, height: 12), snapshot: snapshot,
            presentation: Presentations.beaks, theme: Theme(mode: .none))
        #expect(wide.lines()[0].contains("▲ the best beak for the seeds 10.3 mm"))
    }

    @Test func aResistanceSnapshotMarksTheDosesBin() throws {
        var p = ResistanceParameters()
        p[int: "dose"] = 25
        let snapshot = try ResistanceModel(parameters: p, seed: 2).snapshot()
        let bars = TraitHistogramView.bars(snapshot)
        #expect(bars.count == 10)
        #expect(bars.map(\.marked) == (0..<10).map { $0 == 2 })
        #expect(bars.map(\.count) == snapshot.histogram)
        #expect(
            TraitHistogramView.caption(snapshot, presentation: Presentations.resistance, theme: Theme(mode: .none))
                .hasPrefix(
                    "dose 25 · 500 alive ·"))
    }

    @Test func aSnapshotOfNonsensicalSizeIsRefusedWithASentence() throws {
        var snapshot = try ResistanceModel(parameters: ResistanceParameters(), seed: 2).snapshot()
        snapshot.histogram = []
        #expect(
            throws: TerminalError(.unreadablePicture, "A trait picture needs trait counts and bins of sensible size.")
        ) { try picture(snapshot) }
        snapshot.histogram = [1]
        snapshot.population = -1
        #expect(throws: TerminalError.self) { try picture(snapshot) }
    }
}
