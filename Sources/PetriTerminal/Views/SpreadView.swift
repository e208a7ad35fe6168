import PetriProtocol

/// The class's predictions against the outcome: bars of the spread with the actual value marked.
enum SpreadView {
    /// Draws the spread of `resolution` for `question` in `rect` (at least 3 rows).
    static func draw(
        into canvas: inout Canvas, rect: Rect, question: QuestionInfo, resolution: Resolution, theme: Theme
    ) {
        guard rect.height >= 3, rect.width >= 12 else { return }
        question.kind.input.drawSpread(resolution, question: question, into: &canvas, rect: rect, theme: theme)
    }

    /// The bars of a spread's `bins` with the one holding `target` marked, and the range they cover under them.
    static func drawBins(_ spread: Spread, target: Double, into canvas: inout Canvas, rect: Rect, theme: Theme) {
        let bins = spread.bins ?? []
        guard !bins.isEmpty else {
            canvas.put(theme.text("terminal.chart.noAnswers"), x: rect.x, y: rect.y, style: theme.dim)
            return
        }
        let marked = bins.lastIndex { $0.lower <= target && target <= $0.upper }
        let bars = bins.enumerated().map { i, bin in
            HistogramView.Bar(
                count: bin.count, color: i == marked ? .green : .blue, glyph: i == marked ? "█" : "▒",
                marked: i == marked)
        }
        let (top, bottom) = rect.splitBottom(1)
        HistogramView.draw(
            into: &canvas, rect: top, bars: bars,
            barWidth: 2, footer: .marks, theme: theme)
        let low = bins.first.map { Format.compact($0.lower) } ?? ""
        let high = bins.last.map { Format.compact($0.upper) } ?? ""
        let width = min(rect.width, bins.count * 3 - 1)
        // Under the marks, the range the bars cover.
        var axis = low
        let room = width - TerminalText.width(of: low) - TerminalText.width(of: high)
        axis += String(repeating: " ", count: max(1, room)) + high
        canvas.put(axis, x: bottom.x, y: bottom.y, style: theme.dim, maxWidth: rect.width)
    }
}
