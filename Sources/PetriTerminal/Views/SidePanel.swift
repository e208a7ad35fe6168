import PetriProtocol
import PetriSimulation

/// The panel beside the picture: the generation's histogram or legend, and the headline over time.
///
/// While the student browses history (``StudentUI/historyCursor``), it shows that generation's
/// stats with a slider, like the summary screen of the original app, while the picture stays live.
public enum SidePanel {
    /// Draws the panel for `generation` (nil: the newest) in `rect`.
    public static func draw(
        into canvas: inout Canvas, rect: Rect, lesson: LessonState, generation cursor: Int?, theme: Theme
    ) {
        guard rect.width >= 12, rect.height >= 4 else { return }
        let generations = lesson.history.keys.sorted()
        let shown = cursor ?? generations.last ?? lesson.position.generation
        let stats = lesson.history[shown]
        var area = rect

        // Header: the generation, as a slider when browsing.
        let (header, rest) = area.splitTop(1)
        area = rest
        if cursor != nil, let first = generations.first, let last = generations.last {
            drawSlider(into: &canvas, rect: header, first: first, last: last, shown: shown, theme: theme)
        } else {
            canvas.put("Generation \(shown)", x: header.x, y: header.y, style: theme.title, maxWidth: header.width)
            if generations.count > 1 {
                let hint = "←/→ history"
                canvas.put(hint, x: header.maxX - TerminalText.width(of: hint), y: header.y, style: theme.dim)
            }
        }

        let chartHeight = max(3, min(8, area.height / 3))
        let (top, chartArea) = area.splitBottom(chartHeight + 1)
        switch lesson.model {
        case .camouflage:
            drawCamouflage(into: &canvas, rect: top, lesson: lesson, stats: stats, theme: theme)
        case .islands:
            var species: [IslandsSpecies] = []
            if case .islands(let snapshot, _) = lesson.picture { species = snapshot.species }
            canvas.put("Living species", x: top.x, y: top.y, style: theme.title, maxWidth: top.width)
            IslandsView.drawLegend(
                into: &canvas, rect: Rect(x: top.x, y: top.y + 1, width: top.width, height: top.height - 1),
                species: species, groups: stats?.groups, theme: theme)
        case .life:
            drawValues(
                into: &canvas, rect: top, stats: stats,
                names: [("liveCells", "live cells"), ("births", "births"), ("deaths", "deaths"), ("period", "period")],
                theme: theme)
        case .resistance:
            drawValues(
                into: &canvas, rect: top, stats: stats,
                names: [
                    ("dose", "dose"), ("meanResistance", "mean resist."), ("resistantFraction", "resistant"),
                    ("luckySurvivors", "lucky"), ("unluckyDeaths", "unlucky"),
                ], theme: theme)
        case .beaks:
            drawValues(
                into: &canvas, rect: top, stats: stats,
                names: [
                    ("seedHardness", "seeds"), ("meanBeakDepth", "mean beak"), ("bestBeakDepth", "best beak"),
                    ("foodMatchedFraction", "well fed"), ("luckySurvivors", "lucky"), ("unluckyDeaths", "unlucky"),
                ], theme: theme)
        case nil:
            break
        default:
            drawValues(
                into: &canvas, rect: top, stats: stats,
                names: [("births", "births"), ("deaths", "deaths"), ("luckySurvivors", "lucky")], theme: theme)
        }

        var (metric, label, color) = headlineMetric(lesson.model)
        // Replicates of a metric the history holds replace the headline: the band behind the real run's line.
        let replicates = lesson.replicates.flatMap { bands in
            lesson.history[bands.generation]?.values[bands.metric] != nil ? bands : nil
        }
        if let replicates {
            metric = replicates.metric
            label = TerminalText.sanitise(replicates.metric, maxCharacters: 30)
        }
        let (titleRow, chart) = chartArea.splitTop(1)
        let title =
            replicates.map { "\(label): real run and 8 in 10 of \($0.replicates) runs (░)" } ?? label + " over time"
        canvas.put(title, x: titleRow.x, y: titleRow.y, style: theme.title, maxWidth: titleRow.width)
        let upTo = generations.filter { $0 <= shown }
        let values = upTo.map { lesson.history[$0]?.values[metric] ?? .nan }
        let first = upTo.first ?? 0
        let band = replicates.flatMap { bands in
            bands.generation >= first
                ? ChartBand(offset: bands.generation - first, low: bands.low, high: bands.high) : nil
        }
        LineChart.draw(
            into: &canvas, rect: chart, values: values, firstGeneration: first, color: color, theme: theme, band: band)
    }

    /// The metric charted for each model, its label and colour.
    static func headlineMetric(_ model: ModelKind?) -> (String, String, TerminalColor) {
        switch model {
        case .islands: ("livingSpecies", "Species", .yellow)
        case .life: ("liveCells", "Live cells", .green)
        default: ("population", "Population", .cyan)
        }
    }

    private static func drawCamouflage(
        into canvas: inout Canvas, rect: Rect, lesson: LessonState, stats: GenerationStats?, theme: Theme
    ) {
        guard rect.height >= 3 else { return }
        canvas.put("Colours, dark → light (▲ bg)", x: rect.x, y: rect.y, style: theme.title, maxWidth: rect.width)
        let histogram = stats?.histogram ?? []
        var environment: Int?
        if let value = Format.whole(stats?.values["environmentColour"]) { environment = min(100, max(1, value)) }
        if environment == nil, case .camouflage(let snapshot) = lesson.picture {
            environment = snapshot.environmentColour
        }
        let barsRect = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 2)
        if histogram.count == 10 {
            var bars = CamouflageView.bars(histogram)
            if let environment { bars[min(9, max(0, (environment - 1) / 10))].marked = true }
            HistogramView.draw(
                into: &canvas, rect: barsRect, bars: bars, background: HistogramView.backdrop, theme: theme)
        }
        var line: [String] = []
        if let mean = stats?.values["meanTrait"] { line.append("mean \(Format.number(mean))") }
        if let best = stats?.values["bestCamouflaged"] { line.append("best \(Format.compact(best))") }
        if let environment { line.append("bg \(environment)") }
        canvas.put(line.joined(separator: " · "), x: rect.x, y: rect.maxY - 1, style: theme.dim, maxWidth: rect.width)
    }

    private static func drawValues(
        into canvas: inout Canvas, rect: Rect, stats: GenerationStats?, names: [(String, String)], theme: Theme
    ) {
        var y = rect.y
        for (name, label) in names where y < rect.maxY {
            guard let value = stats?.values[name] else { continue }
            canvas.put(TerminalText.padded(label, toWidth: 12), x: rect.x, y: y, style: theme.dim, maxWidth: rect.width)
            canvas.put(Format.compact(value), x: rect.x + 12, y: y, style: theme.title, maxWidth: rect.width - 12)
            y += 1
        }
        if let still = stats?.values["still"], still == 1, y < rect.maxY {
            canvas.put("the board is still", x: rect.x, y: y, style: theme.accent, maxWidth: rect.width)
        }
    }

    private static func drawSlider(
        into canvas: inout Canvas, rect: Rect, first: Int, last: Int, shown: Int, theme: Theme
    ) {
        let label = "gen \(shown) "
        let end = " \(last)"
        let trackWidth = max(3, rect.width - TerminalText.width(of: label) - TerminalText.width(of: end) - 2)
        let span = Double(last) - Double(first)
        let position = span <= 0 ? 0 : Int((Double(shown) - Double(first)) / span * Double(trackWidth - 1))
        var track = ""
        for i in 0..<trackWidth { track += i == position ? "●" : "━" }
        canvas.put(label + "◀" + track + "▶" + end, x: rect.x, y: rect.y, style: theme.accent, maxWidth: rect.width)
    }
}
