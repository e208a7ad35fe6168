import PetriSimulation

/// The camouflage picture: creatures as grey blocks scattered over the background colour.
///
/// A creature is two columns wide (so it looks square) and as grey as its trait (1 black … 100
/// white); the background is the environment's grey, so a well-camouflaged creature nearly
/// vanishes, as in the original app. Marked creatures (within 1 of the background) get red
/// edges. Without colour, shade glyphs (`█▓▒░:`) stand for the greys and `@@` for marked ones.
/// When there are more creatures than room, an even sample by trait is drawn and the caption
/// says how many each block stands for.
public enum CamouflageView {
    /// Draws the caption in the top row of `rect` and the creatures below it.
    public static func draw(
        into canvas: inout Canvas, rect: Rect, snapshot: CamouflageSnapshot, markBest: Bool, theme: Theme
    ) {
        guard rect.height >= 3, rect.width >= 8 else { return }
        let (captionRow, area) = rect.splitTop(1)
        let (field, legendRow) = theme.hasColor ? (area, Rect(x: 0, y: 0, width: 0, height: 0)) : area.splitBottom(1)
        let environment = snapshot.environmentColour
        let background = TerminalColor.trait(environment)
        if theme.hasColor { canvas.fill(field, style: CellStyle(background: background)) }

        // Slots three columns apart (a creature and a gap), odd rows shifted, so creatures stay apart.
        let perRow = max(1, (field.width - 1) / 3)
        let slots = perRow * field.height
        let room = max(1, slots * 3 / 4)
        let traits = sample(snapshot.traitCounts, population: snapshot.population, room: room)
        var order = Array(0..<slots)
        var random = PetriRandom(seed: UInt64(truncatingIfNeeded: snapshot.generation) &* 0x9E37_79B9 &+ UInt64(slots))
        // The simulation's own seeded generator: one algorithm in the code base, and the layout is stable per frame.
        order.shuffle(using: &random)
        for (i, trait) in traits.enumerated() {
            let slot = order[i]
            let row = slot / perRow
            let x = field.x + (slot % perRow) * 3 + (row % 2)
            let y = field.y + row
            let best = markBest && abs(trait - environment) <= 1
            drawCreature(into: &canvas, x: x, y: y, trait: trait, best: best, background: background, theme: theme)
        }
        if snapshot.extinct || snapshot.population == 0 {
            let text = " Extinct: no creatures are left. "
            let x = field.x + max(0, (field.width - TerminalText.width(of: text)) / 2)
            canvas.put(text, x: x, y: field.y + field.height / 2, style: theme.locked, maxWidth: field.width)
        }

        var caption = "bg \(environment) (\(shadeName(environment))) · \(snapshot.population) creatures"
        if traits.count < snapshot.population && !traits.isEmpty {
            caption += " · 1 block ≈ \(Format.compact(Double(snapshot.population) / Double(traits.count)))"
        }
        caption += markBest ? " · \(snapshot.bestCamouflaged) best" : " · b: best"
        canvas.put(caption, x: captionRow.x, y: captionRow.y, style: theme.dim, maxWidth: captionRow.width)
        if !theme.hasColor {
            let legend = "█ black ▓ dark ▒ grey ░ light : white" + (markBest ? " @ best" : "")
            canvas.put(legend, x: legendRow.x, y: legendRow.y, style: theme.dim, maxWidth: legendRow.width)
        }
    }

    private static func drawCreature(
        into canvas: inout Canvas, x: Int, y: Int, trait: Int, best: Bool, background: TerminalColor, theme: Theme
    ) {
        guard theme.hasColor else {
            let glyph: Character = best ? "@" : HistogramView.shadeGlyph(trait: trait)
            canvas.set(x, y, glyph, best ? .bold : .plain)
            canvas.set(x + 1, y, glyph, best ? .bold : .plain)
            return
        }
        let grey = TerminalColor.trait(trait)
        if best {
            // Half blocks in the creature's grey on red: a grey square with red edges.
            let style = CellStyle(foreground: grey, background: .red)
            canvas.set(x, y, "▐", style)
            canvas.set(x + 1, y, "▌", style)
        } else {
            let style = CellStyle(foreground: grey, background: background)
            canvas.set(x, y, "█", style)
            canvas.set(x + 1, y, "█", style)
        }
    }

    /// Every creature's trait in order when they fit, else `room` traits at even quantiles.
    static func sample(_ counts: [Int], population: Int, room: Int) -> [Int] {
        let total = counts.reduce(0, +)
        guard total > 0 else { return [] }
        if total <= room {
            return counts.enumerated().flatMap { index, count in Array(repeating: index + 1, count: max(0, count)) }
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
            traits.append(index + 1)
        }
        return traits
    }

    /// A word for a grey, for the caption.
    static func shadeName(_ colour: Int) -> String {
        switch colour {
        case ...20: "black"
        case 21...40: "dark"
        case 41...60: "grey"
        case 61...80: "light"
        default: "white"
        }
    }

    /// The ten histogram bins as bars, each in its own grey (bin k covers traits 10k+1 … 10k+10).
    public static func bars(_ histogram: [Int]) -> [HistogramView.Bar] {
        histogram.prefix(10).enumerated().map { k, count in
            let middle = k * 10 + 5
            return HistogramView.Bar(
                count: count, color: .trait(middle), glyph: HistogramView.shadeGlyph(trait: middle))
        }
    }
}
