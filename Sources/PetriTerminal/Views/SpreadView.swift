import PetriProtocol

/// The class's predictions against the outcome: bars of the spread with the actual value marked.
enum SpreadView {
    /// Draws the spread of `resolution` for `question` in `rect` (at least 3 rows).
    static func draw(
        into canvas: inout Canvas, rect: Rect, question: QuestionInfo, resolution: Resolution, theme: Theme
    ) {
        guard rect.height >= 3, rect.width >= 12 else { return }
        let spread = resolution.spread
        switch question.kind {
        case .choice(let options):
            let counts = spread.counts ?? []
            let peak = max(1, counts.max() ?? 1)
            for (i, option) in options.enumerated() where i < rect.height {
                let count = i < counts.count ? counts[i] : 0
                let right = resolution.correctOption == i
                let labelWidth = min(12, rect.width / 3)
                let barRoom = max(1, rect.width - labelWidth - 8)
                let length = count <= 0 ? 0 : max(1, Int(Double(count) / Double(peak) * Double(barRoom)))
                let bar = String(repeating: "█", count: min(barRoom, length))
                let style = right ? theme.success : CellStyle.plain
                canvas.put(
                    TerminalText.padded(option.label, toWidth: labelWidth), x: rect.x, y: rect.y + i, style: style)
                canvas.put(
                    bar + " \(count)" + (right ? " ✓" : ""), x: rect.x + labelWidth + 1, y: rect.y + i, style: style,
                    maxWidth: rect.width - labelWidth - 1)
            }
        case .number, .probability:
            let bins = spread.bins ?? []
            guard !bins.isEmpty else {
                canvas.put("no answers", x: rect.x, y: rect.y, style: theme.dim)
                return
            }
            let target: Double =
                if case .probability = question.kind { resolution.eventHappened == true ? 1 : 0 } else {
                    resolution.actual
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
}
