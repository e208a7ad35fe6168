import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriTerminal

/// The resistance and beak pictures: decoded from a snapshot message, drawn as a histogram with the favoured bin
/// marked, and refused when their sizes are not sensible.
@Suite struct TraitViewTests {
    private func picture(_ model: ModelKind, _ snapshot: TraitSnapshot) throws -> ModelPicture {
        try ModelPicture(model: model, json: JSONValue(encoding: snapshot))
    }

    @Test func aBeaksSnapshotDecodesAndDrawsItsHistogramWithTheBestDepthMarked() throws {
        // Given the drought's flock at generation 7, its second hard-seed generation
        var model = try BeaksModel(parameters: BeaksScenario.drought1977.parameters, seed: 4)
        for _ in 0..<7 { model.step() }
        let snapshot = model.snapshot()
        // When the client decodes and draws it without colour
        guard case .trait(let decoded) = try picture(.beaks, snapshot) else {
            Issue.record("a beaks snapshot decoded as another picture")
            return
        }
        #expect(decoded == snapshot)
        var canvas = Canvas(width: 70, height: 12)
        TraitView.draw(
            into: &canvas, rect: Rect(x: 0, y: 0, width: 70, height: 12), snapshot: snapshot, theme: Theme(mode: .none))
        let lines = canvas.lines()
        // Then the caption names the seeds and the count, the axis runs from 6 to 14 mm, and one bin is marked
        #expect(lines[0].hasPrefix("seedHardness 75 · \(snapshot.population) alive"))
        #expect(lines[0].contains("▲ best beak 10.3 mm"))
        #expect(lines.last?.hasPrefix("6 mm") == true && lines.last?.contains("14 mm") == true)
        #expect(lines.joined().filter { $0 == "▲" }.count == 2)  // the caption's and the marked bin's
    }

    @Test func aResistanceSnapshotMarksTheDosesBin() throws {
        var p = ResistanceParameters()
        p.dose = 25
        let snapshot = try ResistanceModel(parameters: p, seed: 2).snapshot()
        let bars = TraitView.bars(snapshot)
        #expect(bars.count == 10)
        #expect(bars.map(\.marked) == (0..<10).map { $0 == 2 })
        #expect(bars.map(\.count) == snapshot.histogram)
        #expect(TraitView.caption(snapshot).hasPrefix("dose 25 · 500 alive ·"))
    }

    @Test func aSnapshotOfNonsensicalSizeIsRefusedWithASentence() throws {
        var snapshot = try ResistanceModel(parameters: ResistanceParameters(), seed: 2).snapshot()
        snapshot.histogram = []
        #expect(
            throws: TerminalError(
                .unreadablePicture, "A resistance picture needs trait counts and bins of sensible size.")
        ) { try picture(.resistance, snapshot) }
        snapshot.histogram = [1]
        snapshot.population = -1
        #expect(throws: TerminalError.self) { try picture(.resistance, snapshot) }
    }
}
