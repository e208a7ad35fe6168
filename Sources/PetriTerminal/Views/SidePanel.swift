import PetriProtocol
import PetriSimulation

/// The panel beside the picture: the generation's histogram or legend, and the headline over time.
///
/// While the student browses history (``StudentUI/historyCursor``), it shows that generation's
/// stats with a slider, like the summary screen of the original app, while the picture stays live.
enum SidePanel {
    /// Draws the panel for `generation` (nil: the newest) in `rect`.
    static func draw(
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
            canvas.put(
                theme.text("terminal.side.generation", ["generation": .int(shown)]), x: header.x, y: header.y,
                style: theme.title, maxWidth: header.width)
            if generations.count > 1 {
                let hint = theme.text("terminal.side.history")
                canvas.put(hint, x: header.maxX - TerminalText.width(of: hint), y: header.y, style: theme.dim)
            }
        }

        let chartHeight = max(3, min(8, area.height / 3))
        let (top, chartArea) = area.splitBottom(chartHeight + 1)
        switch (lesson.presentation, lesson.picture) {
        case (let presentation?, .traitField(let snapshot)?):
            drawTraitField(
                into: &canvas, rect: top, snapshot: snapshot, presentation: presentation, stats: stats, theme: theme)
        case (let presentation?, let picture) where presentation.picture == .islandMap:
            var map: TileMapSnapshot?
            if case .tileMap(let snapshot, _) = picture { map = snapshot }
            canvas.put(
                theme.text("terminal.side.living", ["nouns": .text(presentation.nouns.many)]), x: top.x, y: top.y,
                style: theme.title, maxWidth: top.width)
            TileMapView.drawLegend(
                into: &canvas, rect: Rect(x: top.x, y: top.y + 1, width: top.width, height: top.height - 1),
                snapshot: map, groups: stats?.groups, nouns: presentation.nouns, theme: theme)
        case (let presentation?, _) where presentation.picture != .traitField:
            // The headline, then the readings, each in the presentation's words.
            let names =
                [(presentation.headlineMetric, presentation.headlineLabel.lowercased())]
                + presentation.readings.map { ($0.metric, $0.words) }
            drawValues(into: &canvas, rect: top, stats: stats, names: names, theme: theme)
        case (nil, _):
            // Numbers only: every metric the lesson lists, by its name.
            drawValues(
                into: &canvas, rect: top, stats: stats, names: lesson.metrics.map { ($0.name, $0.name) }, theme: theme)
        default:
            // A trait field whose first picture has not come yet.
            break
        }

        var (metric, label, color) = headlineMetric(lesson)
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
            replicates.map {
                theme.text("terminal.side.replicates", ["label": .text(label), "count": .int($0.replicates)])
            } ?? theme.text("terminal.side.overTime", ["label": .text(label)])
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

    /// The metric charted over time, its label and colour: the presentation's headline, else (numbers only) the
    /// lesson's first metric by its name.
    static func headlineMetric(_ lesson: LessonState) -> (String, String, TerminalColor) {
        guard let presentation = lesson.presentation else {
            let name = lesson.metrics.first?.name ?? ""
            return (name, name, .cyan)
        }
        let color: TerminalColor =
            switch presentation.picture {
            case .islandMap: .yellow
            case .cellBoard: .green
            case .traitField, .traitHistogram: .cyan
            }
        return (presentation.headlineMetric, presentation.headlineLabel, color)
    }

    /// A trait field's histogram in the ramp's colours, the background's bin marked, then the readings.
    private static func drawTraitField(
        into canvas: inout Canvas, rect: Rect, snapshot: TraitSnapshot, presentation: ModelPresentation,
        stats: GenerationStats?, theme: Theme
    ) {
        guard rect.height >= 3 else { return }
        let ramp = TraitRamp(presentation.traitColours, snapshot: snapshot)
        canvas.put(
            ramp.darkensUpwards
                ? theme.text("terminal.side.coloursDarker") : theme.text("terminal.side.coloursLighter"), x: rect.x,
            y: rect.y, style: theme.title, maxWidth: rect.width)
        let histogram = stats?.histogram ?? []
        let highest = snapshot.traitMin + ramp.count - 1
        var environment = snapshot.environmentValue
        if let value = Format.whole(stats?.values[snapshot.environment]) { environment = value }
        environment = min(highest, max(snapshot.traitMin, environment))
        let barsRect = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 2)
        if histogram.count == snapshot.histogram.count {
            var bars = TraitFieldView.bars(histogram, snapshot: snapshot, ramp: ramp)
            let bin = (environment - snapshot.traitMin) / max(1, snapshot.binWidth)
            if !bars.isEmpty { bars[min(bars.count - 1, max(0, bin))].marked = true }
            HistogramView.draw(
                into: &canvas, rect: barsRect, bars: bars, background: HistogramView.backdrop, theme: theme)
        }
        var line = ""
        let parts =
            presentation.readings.compactMap { reading in
                stats?.values[reading.metric].map { "\(reading.words) \(Format.compact($0))" }
            } + [theme.text("terminal.picture.background", ["value": .int(environment)])]
        for part in parts {
            let longer = line.isEmpty ? part : line + " · " + part
            guard TerminalText.width(of: longer) <= rect.width else { break }
            line = longer
        }
        canvas.put(line, x: rect.x, y: rect.maxY - 1, style: theme.dim, maxWidth: rect.width)
    }

    private static func drawValues(
        into canvas: inout Canvas, rect: Rect, stats: GenerationStats?, names: [(String, String)], theme: Theme
    ) {
        var y = rect.y
        // Labels in a column at least 12 wide, wider for long ones while 8 columns are left for the value.
        let longest = names.map { TerminalText.width(of: $0.1) + 1 }.max() ?? 0
        let column = max(12, min(longest, rect.width - 8))
        for (name, label) in names where y < rect.maxY {
            guard let value = stats?.values[name] else { continue }
            canvas.put(
                TerminalText.padded(label, toWidth: column), x: rect.x, y: y, style: theme.dim, maxWidth: rect.width)
            canvas.put(
                Format.compact(value), x: rect.x + column, y: y, style: theme.title, maxWidth: rect.width - column)
            y += 1
        }
        if let still = stats?.values["still"], still == 1, y < rect.maxY {
            canvas.put(theme.text("terminal.side.still"), x: rect.x, y: y, style: theme.accent, maxWidth: rect.width)
        }
    }

    private static func drawSlider(
        into canvas: inout Canvas, rect: Rect, first: Int, last: Int, shown: Int, theme: Theme
    ) {
        let label = theme.text("terminal.side.generationShort", ["generation": .int(shown)]) + " "
        let end = " \(last)"
        let trackWidth = max(3, rect.width - TerminalText.width(of: label) - TerminalText.width(of: end) - 2)
        let span = Double(last) - Double(first)
        let position = span <= 0 ? 0 : Int((Double(shown) - Double(first)) / span * Double(trackWidth - 1))
        var track = ""
        for i in 0..<trackWidth { track += i == position ? "●" : "━" }
        canvas.put(label + "◀" + track + "▶" + end, x: rect.x, y: rect.y, style: theme.accent, maxWidth: rect.width)
    }
}
