/// A shaded range behind a chart's line: replicates' 10-90% band, per generation.
struct ChartBand: Sendable, Hashable {
    /// The index into the chart's values of `low[0]` (the band may run past the line's end).
    var offset: Int
    var low: [Double]
    var high: [Double]

    init(offset: Int, low: [Double], high: [Double]) {
        self.offset = offset
        self.low = low
        self.high = high
    }

    var count: Int { min(low.count, high.count) }
}

/// A small line chart drawn with braille dots (2×4 dots per cell), with its range on the left.
enum LineChart {
    /// Draws `values` (one per generation, oldest first) in `rect`.
    ///
    /// The bottom row labels the first and last generation; the left column the top and bottom
    /// of the range, which starts at 0 for values that are never negative.
    ///
    /// - Parameters:
    ///   - firstGeneration: The generation of `values[0]`, for the axis label.
    ///   - color: The line's colour (ignored without colour).
    ///   - band: A range shaded behind the line (`░`); the x axis stretches to its end.
    static func draw(
        into canvas: inout Canvas, rect: Rect, values: [Double], firstGeneration: Int = 0, color: TerminalColor,
        theme: Theme, band: ChartBand? = nil
    ) {
        let band = band.flatMap { $0.offset >= 0 && $0.count > 0 ? $0 : nil }
        let bandValues = band.map { Array($0.low.prefix($0.count)) + Array($0.high.prefix($0.count)) } ?? []
        let finite = (values + bandValues).filter(\.isFinite)
        guard rect.height >= 2, rect.width >= 8 else { return }
        guard let high0 = finite.max(), let low0 = finite.min() else {
            canvas.put(
                theme.text("terminal.chart.noData"), x: rect.x, y: rect.y, style: theme.dim, maxWidth: rect.width)
            return
        }
        let low = low0 >= 0 ? 0 : low0
        let high = high0 > low ? high0 : low + 1
        let topLabel = Format.compact(high)
        let bottomLabel = Format.compact(low)
        let labelWidth = max(TerminalText.width(of: topLabel), TerminalText.width(of: bottomLabel))
        let plot = Rect(
            x: rect.x + labelWidth + 1, y: rect.y, width: rect.width - labelWidth - 1, height: rect.height - 1)
        canvas.put(
            String(repeating: " ", count: labelWidth - TerminalText.width(of: topLabel)) + topLabel, x: rect.x,
            y: plot.y, style: theme.dim)
        canvas.put(
            String(repeating: " ", count: labelWidth - TerminalText.width(of: bottomLabel)) + bottomLabel, x: rect.x,
            y: plot.maxY - 1, style: theme.dim)
        for y in plot.y..<plot.maxY { canvas.set(plot.x - 1, y, "│", theme.dim) }

        let dotsWide = plot.width * 2
        let dotsHigh = plot.height * 4
        var dots = [UInt8](repeating: 0, count: plot.width * plot.height)
        func dotY(_ v: Double) -> Int {
            let ratio = (v.isFinite ? v - low : 0) / (high - low)
            let clamped = ratio.isFinite ? min(1, max(0, ratio)) : 0
            return dotsHigh - 1 - Int((clamped * Double(dotsHigh - 1)).rounded())
        }
        func setDot(_ x: Int, _ y: Int) {
            guard x >= 0, x < dotsWide, y >= 0, y < dotsHigh else { return }
            let bit: UInt8 =
                switch (x % 2, y % 4) {
                case (0, 0): 0x01
                case (0, 1): 0x02
                case (0, 2): 0x04
                case (0, _): 0x40
                case (_, 0): 0x08
                case (_, 1): 0x10
                case (_, 2): 0x20
                default: 0x80
                }
            dots[(y / 4) * plot.width + x / 2] |= bit
        }
        // The x axis covers the line and the band; the line uses the dot columns of its own part.
        let n = values.count
        let domain = max(n, band.map { $0.offset + $0.count } ?? 0)
        let lineDotsWide =
            domain <= n || domain < 2
            ? dotsWide : Int((Double(max(0, n - 1)) / Double(domain - 1) * Double(dotsWide - 1)).rounded()) + 1
        if let band {
            drawBand(band, into: &canvas, plot: plot, domain: domain, row: { dotY($0) / 4 }, theme: theme)
        }
        // One y per dot column: sample when there are more values than columns, spread them out otherwise.
        let columns = min(lineDotsWide, max(1, n))
        var previous: Int?
        var previousX: Int?
        for column in 0..<columns {
            let index = columns == 1 ? n - 1 : Int((Double(column) * Double(n - 1) / Double(columns - 1)).rounded())
            let y = dotY(values[index])
            let x =
                columns == 1 ? 0 : Int((Double(column) * Double(lineDotsWide - 1) / Double(columns - 1)).rounded())
            if let previous, let previousX {
                // Join to the previous point, filling each column's vertical step so steep lines stay unbroken.
                var lastY = previous
                for between in (previousX + 1)...max(previousX + 1, x) {
                    let t = Double(between - previousX) / Double(max(1, x - previousX))
                    let y1 = Int((Double(previous) + t * Double(y - previous)).rounded())
                    for yy in min(lastY, y1)...max(lastY, y1) { setDot(between, yy) }
                    lastY = y1
                }
            }
            setDot(x, y)
            previous = y
            previousX = x
        }
        let style = CellStyle(foreground: theme.hasColor ? color : nil)
        for row in 0..<plot.height {
            for column in 0..<plot.width where dots[row * plot.width + column] != 0 {
                let scalar = Unicode.Scalar(0x2800 + UInt32(dots[row * plot.width + column])) ?? " "
                canvas.set(plot.x + column, plot.y + row, Character(scalar), style)
            }
        }
        let lastGeneration = firstGeneration &+ max(0, domain - 1)
        let axisY = rect.maxY - 1
        canvas.put(
            theme.text("terminal.status.generation", ["generation": .int(firstGeneration)]), x: plot.x, y: axisY,
            style: theme.dim, maxWidth: plot.width)
        let right = "\(lastGeneration)"
        if lastGeneration != firstGeneration {
            canvas.put(right, x: plot.maxX - TerminalText.width(of: right), y: axisY, style: theme.dim)
        }
    }

    /// Shades each cell column between the band's low and high rows.
    private static func drawBand(
        _ band: ChartBand, into canvas: inout Canvas, plot: Rect, domain: Int, row: (Double) -> Int, theme: Theme
    ) {
        let style = theme.dim
        for column in 0..<plot.width {
            // The generations this cell column covers.
            let from = Int((Double(column) / Double(plot.width) * Double(domain)).rounded(.down))
            let to = max(from, Int((Double(column + 1) / Double(plot.width) * Double(domain)).rounded(.down)) - 1)
            var top = Int.max
            var bottom = Int.min
            for index in from...to where index >= band.offset && index < band.offset + band.count {
                let low = band.low[index - band.offset]
                let high = band.high[index - band.offset]
                guard low.isFinite, high.isFinite else { continue }
                top = min(top, row(high))
                bottom = max(bottom, row(low))
            }
            guard top <= bottom else { continue }
            for y in top...bottom { canvas.set(plot.x + column, plot.y + y, "░", style) }
        }
    }
}
