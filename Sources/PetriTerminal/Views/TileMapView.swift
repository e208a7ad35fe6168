import PetriSimulation

/// The island-map picture: sea, empty land and each group in its own hue, with a legend.
///
/// Small maps use two columns per tile; larger ones one column and, with colour, half blocks
/// (two tiles per row), sampling when even that is too big. Without colour, sea is blank,
/// empty land `░` and each group its letter (A, B, C, …).
enum TileMapView {
    /// Draws the caption in the top row of `rect` and the map centred below it.
    static func draw(
        into canvas: inout Canvas, rect: Rect, snapshot: TileMapSnapshot, tiles: [Int], nouns: ModelPresentation.Nouns,
        theme: Theme
    ) {
        guard rect.height >= 3, rect.width >= 8, tiles.count == snapshot.width * snapshot.height else { return }
        let (captionRow, field) = rect.splitTop(1)
        let w = snapshot.width
        let h = snapshot.height
        func tile(_ x: Int, _ y: Int) -> Int { tiles[min(h - 1, y) * w + min(w - 1, x)] }
        let hues = Hues(snapshot.species)
        func color(_ value: Int) -> TerminalColor { hues.color(value) }
        func look(_ value: Int, theme: Theme) -> (Character, CellStyle) { Self.look(value, hues: hues, theme: theme) }

        if w * 2 <= field.width && h <= field.height {
            // Whole tiles, as large as fit: k rows and 2k columns each.
            let k = max(1, min(field.width / (2 * w), field.height / h))
            let x0 = field.x + (field.width - w * 2 * k) / 2
            let y0 = field.y + (field.height - h * k) / 2
            for y in 0..<h * k {
                for x in 0..<w * 2 * k {
                    let (glyph, style) = look(tile(x / (2 * k), y / k), theme: theme)
                    canvas.set(x0 + x, y0 + y, glyph, style)
                }
            }
        } else if theme.hasColor {
            let scale = max(1, (w + field.width - 1) / field.width, (h + 2 * field.height - 1) / (2 * field.height))
            let columns = (w + scale - 1) / scale
            let rows = (h + 2 * scale - 1) / (2 * scale)
            let x0 = field.x + (field.width - columns) / 2
            let y0 = field.y + (field.height - rows) / 2
            for row in 0..<rows {
                for column in 0..<columns {
                    let top = color(tile(column * scale, 2 * row * scale))
                    let bottomY = (2 * row + 1) * scale
                    let bottom = bottomY < h ? color(tile(column * scale, bottomY)) : nil
                    canvas.set(x0 + column, y0 + row, "▀", CellStyle(foreground: top, background: bottom))
                }
            }
        } else {
            let scale = max(1, (w + field.width - 1) / field.width, (h + field.height - 1) / field.height)
            let columns = (w + scale - 1) / scale
            let rows = (h + scale - 1) / scale
            let x0 = field.x + (field.width - columns) / 2
            let y0 = field.y + (field.height - rows) / 2
            for row in 0..<rows {
                for column in 0..<columns {
                    let (glyph, style) = look(tile(column * scale, row * scale), theme: theme)
                    canvas.set(x0 + column, y0 + row, glyph, style)
                }
            }
        }
        let living = snapshot.species.filter(\.alive).count
        var caption = theme.text(
            "terminal.map.caption",
            ["width": .int(w), "height": .int(h), "count": .int(living), "nouns": .text(nouns.many)])
        if snapshot.diagonal { caption += " · " + theme.text("terminal.map.corners") }
        if !theme.hasColor { caption += " · " + theme.text("terminal.map.empty") }  // the legend explains the letters
        canvas.put(caption, x: captionRow.x, y: captionRow.y, style: theme.dim, maxWidth: captionRow.width)
    }

    /// The legend: one line per living group (largest first).
    ///
    /// - Parameter groups: Tiles per group id at the generation shown (from stats), overriding the picture's.
    static func drawLegend(
        into canvas: inout Canvas, rect: Rect, snapshot: TileMapSnapshot?, groups: [String: Int]?,
        nouns: ModelPresentation.Nouns, theme: Theme
    ) {
        let all = snapshot?.species ?? []
        let hues = Hues(all)
        var living = all.filter(\.alive).map { ($0.id, $0.tiles) }
        if let groups {
            living = groups.compactMap { key, value in Int(key).map { ($0, value) } }
        }
        living.sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        var y = rect.y
        let shown = living.count > rect.height ? rect.height - 1 : living.count
        for (id, tiles) in living.prefix(max(0, shown)) {
            let (glyph, style) = look(id, hues: hues, theme: theme)
            canvas.set(rect.x, y, glyph, style)
            canvas.set(rect.x + 1, y, glyph, style)
            canvas.put(
                " \(nouns.one) \(label(id))  " + theme.text("terminal.map.tiles", ["count": .int(tiles)]),
                x: rect.x + 2, y: y,
                maxWidth: rect.width - 2)
            y += 1
        }
        if living.count > shown, y < rect.maxY {
            canvas.put(
                theme.text("terminal.list.more", ["count": .int(living.count - shown)]), x: rect.x, y: y,
                style: theme.dim, maxWidth: rect.width)
            y += 1
        }
        if living.isEmpty, y < rect.maxY {
            canvas.put(
                theme.text("terminal.map.noneLiving", ["nouns": .text(nouns.many)]), x: rect.x, y: y, style: theme.dim,
                maxWidth: rect.width)
        }
    }

    /// A group's letter: A…Z, a…z, then digits, cycling (without I, O, l, o, 0, 1).
    static func label(_ id: Int) -> String {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789")
        return String(alphabet[(max(1, id) - 1) % alphabet.count])
    }

    /// Each group's colour: its hue from the snapshot at full-ish saturation, lightness stepping per round of the
    /// wheel; sea and empty land their own.
    struct Hues {
        private var byID: [Int: (hue: Int, shade: Int)] = [:]

        init(_ groups: [TileMapSnapshot.Group]) {
            for group in groups { byID[group.id] = (group.hue, group.shade) }
        }

        func color(_ value: Int) -> TerminalColor {
            switch value {
            case TileMapSnapshot.sea: return .sea
            case 0: return .sand
            default:
                let (hue, shade) = byID[value] ?? (0, 0)
                let lightness = [0.5, 0.35, 0.65, 0.25, 0.75][max(0, shade) % 5]
                return .hsl(hue: Double(hue), saturation: 0.7, lightness: lightness)
            }
        }
    }

    private static func look(_ value: Int, hues: Hues, theme: Theme) -> (Character, CellStyle) {
        if theme.hasColor { return ("█", CellStyle(foreground: hues.color(value))) }
        switch value {
        case TileMapSnapshot.sea: return (" ", .plain)
        case 0: return ("░", .plain)
        default: return (Character(label(value)), .bold)
        }
    }
}
