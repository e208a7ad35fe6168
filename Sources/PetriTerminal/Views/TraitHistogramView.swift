import PetriSimulation

/// The picture of the antibiotic-resistance and finch-beak models: the trait's histogram, the bin holding the
/// environment's favoured value marked, and a caption with the environment and the counts.
///
/// It reuses the camouflage side panel's bars (``HistogramView``); the bins and labels come from the snapshot, so
/// one view serves both models.
public enum TraitView {
    /// Draws the caption in the top row of `rect` and the histogram below it.
    public static func draw(into canvas: inout Canvas, rect: Rect, snapshot: TraitSnapshot, theme: Theme) {
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
            let text = " Extinct: none are left. "
            canvas.put(
                text, x: barsRect.x + max(0, (barsRect.width - TerminalText.width(of: text)) / 2),
                y: barsRect.y + barsRect.height / 2, style: theme.locked, maxWidth: barsRect.width)
        }
        canvas.put(caption(snapshot), x: captionRow.x, y: captionRow.y, style: theme.dim, maxWidth: captionRow.width)
    }

    /// One bar per bin, the bin holding ``TraitSnapshot/target`` marked.
    public static func bars(_ snapshot: TraitSnapshot) -> [HistogramView.Bar] {
        let width = max(1, snapshot.binWidth)
        let marked = min(snapshot.histogram.count - 1, max(0, (snapshot.target - snapshot.traitMin) / width))
        return snapshot.histogram.enumerated().map { bin, count in
            HistogramView.Bar(count: count, color: .cyan, marked: bin == marked)
        }
    }

    /// "dose 40 · 312 alive · 20 resistant (▲ at 40)".
    static func caption(_ snapshot: TraitSnapshot) -> String {
        let suited = snapshot.trait == "resistance" ? "resistant" : "well fed"
        let target = snapshot.trait == "resistance" ? "dose" : "best beak"
        return "\(snapshot.environment) \(snapshot.environmentValue) · \(snapshot.population) alive · "
            + "\(snapshot.suited) \(suited) · ▲ \(target) \(value(snapshot, snapshot.target))"
    }

    /// A trait value as shown: `9.2 mm`, `40`.
    static func value(_ snapshot: TraitSnapshot, _ trait: Int) -> String {
        let shown = Format.number(Double(trait) * snapshot.scale)
        return snapshot.unit.isEmpty ? shown : "\(shown) \(snapshot.unit)"
    }
}
