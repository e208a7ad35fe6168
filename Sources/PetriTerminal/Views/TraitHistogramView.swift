import PetriSimulation

/// The trait-histogram picture: the trait's histogram, the bin holding the environment's favoured value marked, and
/// a caption with the environment and the counts.
///
/// It reuses the side panel's bars (``HistogramView``); the bins and units come from the snapshot and the words from
/// the presentation, so one view serves every model drawn this way.
enum TraitHistogramView {
    /// Draws the caption in the top row of `rect` and the histogram below it.
    static func draw(
        into canvas: inout Canvas, rect: Rect, snapshot: TraitSnapshot, presentation: ModelPresentation, theme: Theme
    ) {
        guard rect.height >= 4, rect.width >= 8 else { return }
        let (captionRow, area) = rect.splitTop(1)
        let (barsRect, axisRow) = area.splitBottom(1)
        let bins = snapshot.histogram.count
        let barWidth = max(1, min(4, (barsRect.width + 1) / max(1, bins) - 1))
        HistogramView.draw(
            into: &canvas, rect: barsRect, bars: bars(snapshot), barWidth: barWidth,
            background: HistogramView.backdrop, theme: theme)
        // The axis: the lowest value under the first bar, the highest under the last.
        let high = value(snapshot, snapshot.traitMin + max(0, snapshot.traitCounts.count - 1))
        let end = min(axisRow.maxX, axisRow.x + bins * (barWidth + 1) - 1)
        canvas.put(
            value(snapshot, snapshot.traitMin), x: axisRow.x, y: axisRow.y, style: theme.dim, maxWidth: axisRow.width)
        canvas.put(
            high, x: max(axisRow.x, end - TerminalText.width(of: high)), y: axisRow.y, style: theme.dim,
            maxWidth: axisRow.width)
        if snapshot.extinct || snapshot.population == 0 {
            let text = " \(presentation.extinct ?? theme.text("terminal.picture.noneLeft")). "
            canvas.put(
                text, x: barsRect.x + max(0, (barsRect.width - TerminalText.width(of: text)) / 2),
                y: barsRect.y + barsRect.height / 2, style: theme.locked, maxWidth: barsRect.width)
        }
        canvas.put(
            caption(snapshot, presentation: presentation, theme: theme, width: captionRow.width), x: captionRow.x,
            y: captionRow.y,
            style: theme.dim, maxWidth: captionRow.width)
    }

    /// One bar per bin, the bin holding ``TraitSnapshot/target`` marked.
    static func bars(_ snapshot: TraitSnapshot) -> [HistogramView.Bar] {
        let width = max(1, snapshot.binWidth)
        let marked = min(snapshot.histogram.count - 1, max(0, (snapshot.target - snapshot.traitMin) / width))
        return snapshot.histogram.enumerated().map { bin, count in
            HistogramView.Bar(count: count, color: .cyan, marked: bin == marked)
        }
    }

    /// "dose 40 · 312 alive · 20 resistant · ▲ the dose 40", the marker's words left out when they do not fit.
    static func caption(
        _ snapshot: TraitSnapshot, presentation: ModelPresentation, theme: Theme, width: Int = .max
    ) -> String {
        let alive = theme.text("terminal.picture.alive", ["count": .int(snapshot.population)])
        var base = "\(snapshot.environment) \(snapshot.environmentValue) · \(alive) · "
        let suited = presentation.suited ?? theme.text("terminal.picture.suited")
        base += "\(snapshot.suited) \(shortWords(suited)) · ▲ "
        let target = value(snapshot, snapshot.target)
        if let marker = presentation.marker, TerminalText.width(of: base + marker + " " + target) <= width {
            return base + marker + " " + target
        }
        return base + target
    }

    /// The words before any parenthesis: `resistant (at or above the dose)` is `resistant` in a caption.
    static func shortWords(_ words: String) -> String {
        var short = String(words.prefix { $0 != "(" })
        while short.last == " " { short.removeLast() }
        return short.isEmpty ? words : short
    }

    /// A trait value as shown: `9.2 mm`, `40`.
    static func value(_ snapshot: TraitSnapshot, _ trait: Int) -> String {
        let shown = Format.number(Double(trait) * snapshot.scale)
        return snapshot.unit.isEmpty ? shown : "\(shown) \(snapshot.unit)"
    }
}
