import PetriProtocol
import PetriSimulation

/// A hunt round on a student's screen (PROTOCOL.md 5.8): the round's creatures on the background, drawn as the
/// picture draws them (``TraitFieldView``: two-column blocks in their colour, the background in the environment's),
/// with nothing else that could rank them: no outline for the best suited, no numbers. A caption says the round, the
/// catches left and the time left; the cursor (a `+` on red) shows what Enter would catch. The spotter sees the same
/// field without the cursor, and the class's catches so far by colour instead.
enum HuntFieldView {
    /// The field of a picture area: every row below the caption (and above the legend without colour).
    static func field(in rect: Rect, theme: Theme) -> Rect {
        let area = rect.splitTop(1).rest
        return theme.hasColor ? area : area.splitBottom(1).rest
    }

    /// The grid the cursor moves on in a picture area.
    static func grid(in rect: Rect, theme: Theme) -> HuntGrid {
        let field = field(in: rect, theme: theme)
        return HuntGrid(columns: field.width, rows: field.height)
    }

    /// Draws the round into `rect`.
    ///
    /// - Parameters:
    ///   - snapshot: The hunted generation's picture (its colours' range and background).
    ///   - cursor: Where the student's cursor is; nil for a spotter.
    static func draw(
        into canvas: inout Canvas, rect: Rect, round: HuntRound, snapshot: TraitSnapshot,
        presentation: ModelPresentation, cursor: HuntCursor?, now: Timestamp, theme: Theme
    ) {
        guard rect.height >= 3, rect.width >= 8 else { return }
        let ramp = TraitRamp(presentation.traitColours, snapshot: snapshot)
        let field = field(in: rect, theme: theme)
        let grid = HuntGrid(columns: field.width, rows: field.height)
        let background = ramp.color(snapshot.environmentValue)
        if theme.hasColor { canvas.fill(field, style: CellStyle(background: background)) }
        for creature in round.alive {
            let cell = grid.cell(of: creature)
            let (x, y) = (field.x + cell.column, field.y + cell.row)
            if theme.hasColor {
                let style = CellStyle(foreground: ramp.color(creature.trait), background: background)
                canvas.set(x, y, "█", style)
                canvas.set(x + 1, y, "█", style)
            } else {
                canvas.set(x, y, ramp.glyph(creature.trait))
                canvas.set(x + 1, y, ramp.glyph(creature.trait))
            }
        }
        if var cursor {
            cursor.clamp(to: grid)
            let style =
                theme.hasColor ? CellStyle(foreground: .white, background: .red, bold: true) : CellStyle(reverse: true)
            canvas.set(field.x + cursor.column, field.y + cursor.row, "+", style)
        }
        let seconds = round.secondsLeft(at: now)
        let caption =
            cursor == nil
            ? theme.text(
                "terminal.hunt.spotting",
                ["round": .int(round.round), "caught": .int(round.eaten.count), "seconds": .int(seconds)])
                + spotted(round, ramp: ramp, theme: theme)
            : theme.text(
                "terminal.hunt.caption",
                ["round": .int(round.round), "left": .int(round.left), "seconds": .int(seconds)])
        canvas.put(caption, x: rect.x, y: rect.y, style: theme.accent, maxWidth: rect.width)
        if !theme.hasColor {
            let legendRow = rect.splitBottom(1).bottom
            canvas.put(ramp.legend, x: legendRow.x, y: legendRow.y, style: theme.dim, maxWidth: legendRow.width)
        }
    }

    /// The spotter's count: the round's catches by colour name, low to high (" · dark: 2 · light: 1").
    static func spotted(_ round: HuntRound, ramp: TraitRamp, theme: Theme) -> String {
        var counts: [(name: String, count: Int)] = []
        let traits = round.creatures.filter { round.eaten.contains($0.id) }.map(\.trait).sorted()
        for trait in traits {
            let named = ramp.name(trait)
            let name = named.isEmpty ? theme.text("terminal.hunt.colour", ["value": .int(trait)]) : named
            if let last = counts.indices.last, counts[last].name == name {
                counts[last].count += 1
            } else if let index = counts.firstIndex(where: { $0.name == name }) {
                counts[index].count += 1
            } else {
                counts.append((name, 1))
            }
        }
        return counts.map {
            " · " + theme.text("terminal.hunt.spotted", ["name": .text($0.name), "count": .int($0.count)])
        }
        .joined()
    }
}
