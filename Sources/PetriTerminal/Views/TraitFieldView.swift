import PetriSimulation

/// The trait-field picture: creatures as blocks scattered over the background, each in its trait's colour.
///
/// A creature is two columns wide (so it looks square) and coloured by its trait on the presentation's ramp
/// (``TraitRamp``); the background is the environment's value on the same ramp, so a well-suited creature nearly
/// vanishes, as in the original app. Marked creatures (within 1 of the favoured value) get red edges. Without
/// colour, shade glyphs (`█▓▒░:`) stand for the colours and `@@` for marked ones. When there are more creatures
/// than room, an even sample by trait is drawn and the caption says how many each block stands for.
enum TraitFieldView {
    /// Draws the caption in the top row of `rect` and the creatures below it.
    static func draw(
        into canvas: inout Canvas, rect: Rect, snapshot: TraitSnapshot, presentation: ModelPresentation,
        markBest: Bool, theme: Theme
    ) {
        guard rect.height >= 3, rect.width >= 8 else { return }
        let ramp = TraitRamp(presentation.traitColours, snapshot: snapshot)
        let (captionRow, area) = rect.splitTop(1)
        let (field, legendRow) = theme.hasColor ? (area, Rect(x: 0, y: 0, width: 0, height: 0)) : area.splitBottom(1)
        let environment = snapshot.environmentValue
        let background = ramp.color(environment)
        if theme.hasColor { canvas.fill(field, style: CellStyle(background: background)) }

        // Slots three columns apart (a creature and a gap), odd rows shifted, so creatures stay apart.
        let perRow = max(1, (field.width - 1) / 3)
        let slots = perRow * field.height
        let room = max(1, slots * 3 / 4)
        let traits = sample(snapshot.traitCounts, from: snapshot.traitMin, room: room)
        var order = Array(0..<slots)
        var random = PetriRandom(seed: UInt64(truncatingIfNeeded: snapshot.generation) &* 0x9E37_79B9 &+ UInt64(slots))
        // The simulation's own seeded generator: one algorithm in the code base, and the layout is stable per frame.
        order.shuffle(using: &random)
        for (i, trait) in traits.enumerated() {
            let slot = order[i]
            let row = slot / perRow
            let x = field.x + (slot % perRow) * 3 + (row % 2)
            let y = field.y + row
            let best = markBest && abs(trait - snapshot.target) <= 1
            drawCreature(
                into: &canvas, x: x, y: y, trait: trait, best: best, ramp: ramp, background: background, theme: theme)
        }
        if snapshot.extinct || snapshot.population == 0 {
            let text = " \(presentation.extinct ?? theme.text("terminal.picture.noneLeft")). "
            let x = field.x + max(0, (field.width - TerminalText.width(of: text)) / 2)
            canvas.put(text, x: x, y: field.y + field.height / 2, style: theme.locked, maxWidth: field.width)
        }

        let name = ramp.name(environment)
        var caption = theme.text("terminal.picture.background", ["value": .int(environment)])
        caption += "\(name.isEmpty ? "" : " (\(name))") · \(snapshot.population) " + presentation.nouns.many
        if traits.count < snapshot.population && !traits.isEmpty {
            let block = Format.compact(Double(snapshot.population) / Double(traits.count))
            caption += " · " + theme.text("terminal.picture.block", ["count": .text(block)])
        }
        caption +=
            " · "
            + (markBest
                ? theme.text("terminal.picture.best", ["count": .int(snapshot.suited)])
                : theme.text("terminal.picture.bestKey"))
        canvas.put(caption, x: captionRow.x, y: captionRow.y, style: theme.dim, maxWidth: captionRow.width)
        if !theme.hasColor {
            let legend = ramp.legend + (markBest ? " " + theme.text("terminal.picture.bestLegend") : "")
            canvas.put(legend, x: legendRow.x, y: legendRow.y, style: theme.dim, maxWidth: legendRow.width)
        }
    }

    private static func drawCreature(
        into canvas: inout Canvas, x: Int, y: Int, trait: Int, best: Bool, ramp: TraitRamp, background: TerminalColor,
        theme: Theme
    ) {
        guard theme.hasColor else {
            let glyph: Character = best ? "@" : ramp.glyph(trait)
            canvas.set(x, y, glyph, best ? .bold : .plain)
            canvas.set(x + 1, y, glyph, best ? .bold : .plain)
            return
        }
        let colour = ramp.color(trait)
        if best {
            // Half blocks in the creature's colour on red: a square with red edges.
            let style = CellStyle(foreground: colour, background: .red)
            canvas.set(x, y, "▐", style)
            canvas.set(x + 1, y, "▌", style)
        } else {
            let style = CellStyle(foreground: colour, background: background)
            canvas.set(x, y, "█", style)
            canvas.set(x + 1, y, "█", style)
        }
    }

    /// Every creature's trait in order when they fit, else `room` traits at even quantiles.
    ///
    /// - Parameters:
    ///   - counts: Creatures per trait value, from `first`.
    ///   - first: The trait value of `counts[0]`.
    static func sample(_ counts: [Int], from first: Int, room: Int) -> [Int] {
        let total = counts.reduce(0, +)
        guard total > 0 else { return [] }
        if total <= room {
            return counts.enumerated().flatMap { index, count in
                Array(repeating: first + index, count: max(0, count))
            }
        }
        var traits: [Int] = []
        traits.reserveCapacity(room)
        var cumulative = 0
        var index = 0
        for k in 0..<room {
            let target = Int((Double(k) + 0.5) / Double(room) * Double(total))
            while index < counts.count - 1 && cumulative + counts[index] <= target {
                cumulative += counts[index]
                index += 1
            }
            traits.append(first + index)
        }
        return traits
    }

    /// The histogram's bins as bars, each in the colour of its middle trait value.
    static func bars(_ histogram: [Int], snapshot: TraitSnapshot, ramp: TraitRamp) -> [HistogramView.Bar] {
        let width = max(1, snapshot.binWidth)
        return histogram.prefix(100).enumerated().map { k, count in
            let middle = snapshot.traitMin + k * width + (width - 1) / 2
            return HistogramView.Bar(count: count, color: ramp.color(middle), glyph: ramp.glyph(middle))
        }
    }
}
