/// Vertical bars with their counts underneath: a trait's histogram and the class's spread.
enum HistogramView {
    /// How one bar is drawn.
    struct Bar: Sendable, Hashable {
        /// The bar's value.
        var count: Int
        /// The bar's colour (ignored without colour).
        var color: TerminalColor?
        /// The glyph of a full cell without colour (shading tells bars apart).
        var glyph: Character
        /// Whether to mark the bar (e.g. the actual value's bin).
        var marked: Bool

        /// A bar.
        init(count: Int, color: TerminalColor? = nil, glyph: Character = "█", marked: Bool = false) {
            self.count = count
            self.color = color
            self.glyph = glyph
            self.marked = marked
        }
    }

    /// Behind the bars: a slate blue, so that black, grey and white bars all stand out.
    static let backdrop = TerminalColor(red: 38, green: 58, blue: 96)

    /// Eighth blocks, from one eighth to full.
    static let eighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// Draws bars in `rect`: bar rows above, a row of counts (or marks) at the bottom.
    ///
    /// Each bar takes `barWidth` columns plus a gap of one. With colour the tops use eighth blocks;
    /// without, whole cells of each bar's glyph.
    ///
    /// - Parameters:
    ///   - background: The colour behind the bars (e.g. a backdrop that sets coloured bars apart), if any.
    ///   - footer: What the bottom row shows: counts, or a `▲` under marked bars.
    static func draw(
        into canvas: inout Canvas, rect: Rect, bars: [Bar], barWidth: Int = 2, background: TerminalColor? = nil,
        footer: FooterKind = .counts, theme: Theme
    ) {
        guard rect.height >= 2, !bars.isEmpty else { return }
        let barRows = rect.height - 1
        let peak = max(1, bars.map(\.count).max() ?? 1)
        let step = barWidth + 1
        let plotStyle = CellStyle(background: theme.hasColor ? background : nil)
        canvas.fill(
            Rect(x: rect.x, y: rect.y, width: min(rect.width, step * bars.count - 1), height: barRows), style: plotStyle
        )
        for (i, bar) in bars.enumerated() {
            let x = rect.x + i * step
            guard x + barWidth <= rect.maxX else { break }
            let eighthsHigh =
                bar.count == 0 ? 0 : max(1, Int((Double(bar.count) / Double(peak) * Double(barRows * 8)).rounded()))
            var style = plotStyle.with(foreground: theme.hasColor ? bar.color : nil)
            if !theme.hasColor && bar.marked { style.bold = true }
            for row in 0..<barRows {
                let fromBottom = barRows - 1 - row
                let filled = eighthsHigh - fromBottom * 8
                guard filled > 0 else { continue }
                let glyph: Character =
                    theme.hasColor ? eighths[min(8, filled) - 1] : (filled >= 4 ? bar.glyph : " ")
                for dx in 0..<barWidth { canvas.set(x + dx, rect.y + row, glyph, style) }
            }
            let label: String
            switch footer {
            case .counts: label = Format.compact(Double(bar.count)) + (bar.marked ? "▲" : "")
            case .marks: label = bar.marked ? "▲" : ""
            }
            let labelStyle = bar.marked ? theme.accent : theme.dim
            canvas.put(TerminalText.clipped(label, toWidth: step), x: x, y: rect.maxY - 1, style: labelStyle)
        }
    }

    /// What the row under the bars shows.
    enum FooterKind: Sendable, Hashable {
        case counts
        case marks
    }
}
