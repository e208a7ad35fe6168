/// A small line chart drawn with braille dots (2×4 dots per cell), with its range on the left.
public enum LineChart {
    /// Draws `values` (one per generation, oldest first) in `rect`.
    ///
    /// The bottom row labels the first and last generation; the left column the top and bottom
    /// of the range, which starts at 0 for values that are never negative.
    ///
    /// - Parameters:
    ///   - firstGeneration: The generation of `values[0]`, for the axis label.
    ///   - color: The line's colour (ignored without colour).
    public static func draw(
        into canvas: inout Canvas, rect: Rect, values: [Double], firstGeneration: Int = 0, color: TerminalColor,
        theme: Theme
    ) {
        let finite = values.filter(\.isFinite)
        guard rect.height >= 2, rect.width >= 8 else { return }
        guard let high0 = finite.max(), let low0 = finite.min() else {
            canvas.put("no data yet", x: rect.x, y: rect.y, style: theme.dim, maxWidth: rect.width)
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
        // One y per dot column: sample when there are more values than columns, spread them out otherwise.
        let n = values.count
        let columns = min(dotsWide, max(1, n))
        var previous: Int?
        var previousX: Int?
        for column in 0..<columns {
            let index = columns == 1 ? n - 1 : Int((Double(column) * Double(n - 1) / Double(columns - 1)).rounded())
            let y = dotY(values[index])
            let x = columns == 1 ? 0 : Int((Double(column) * Double(dotsWide - 1) / Double(columns - 1)).rounded())
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
        let lastGeneration = firstGeneration &+ max(0, n - 1)
        let axisY = rect.maxY - 1
        canvas.put("gen \(firstGeneration)", x: plot.x, y: axisY, style: theme.dim, maxWidth: plot.width)
        let right = "\(lastGeneration)"
        if lastGeneration != firstGeneration {
            canvas.put(right, x: plot.maxX - TerminalText.width(of: right), y: axisY, style: theme.dim)
        }
    }
}
