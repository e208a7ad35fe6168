/// Where each part of a screen goes at one terminal size.
struct ScreenLayout: Sendable, Hashable {
    /// The status line.
    var status: Rect
    /// The model's picture and its caption.
    var picture: Rect
    /// The side panel (empty on narrow terminals).
    var side: Rect
    /// The question panel.
    var panel: Rect
    /// The teacher's log (empty for students).
    var log: Rect
    /// The footer (students) or the command line (teacher).
    var bottom: Rect

    /// The fewest rows the student's picture keeps when the question panel grows.
    static let minimumPictureHeight = 9

    /// The student screen: status, picture and side panel, question panel, footer.
    ///
    /// - Parameter panelWants: The rows the question panel needs to show its text in full; the panel
    ///   grows to it (never smaller than the usual size) while the picture keeps ``minimumPictureHeight``.
    static func student(width: Int, height: Int, panelWants: Int = 0) -> ScreenLayout {
        let screen = Rect(x: 0, y: 0, width: width, height: height)
        let (status, rest) = screen.splitTop(1)
        let (middle, bottom) = rest.splitBottom(1)
        let usual = height >= 32 ? 9 : height >= 22 ? 7 : 6
        let panelHeight = max(usual, min(panelWants, middle.height - minimumPictureHeight))
        let (body, panel) = middle.splitBottom(panelHeight)
        let (picture, side) = split(body)
        return ScreenLayout(
            status: status, picture: picture, side: side, panel: panel, log: Rect(x: 0, y: 0, width: 0, height: 0),
            bottom: bottom)
    }

    /// The teacher screen: status, picture and side panel, question panel, log, command line.
    static func teacher(width: Int, height: Int) -> ScreenLayout {
        let screen = Rect(x: 0, y: 0, width: width, height: height)
        let (status, rest) = screen.splitTop(1)
        let (middle, bottom) = rest.splitBottom(1)
        let logHeight = height >= 32 ? 6 : 3
        let (upper, log) = middle.splitBottom(logHeight)
        let panelHeight = height >= 32 ? 7 : 5
        let (body, panel) = upper.splitBottom(panelHeight)
        let (picture, side) = split(body)
        return ScreenLayout(status: status, picture: picture, side: side, panel: panel, log: log, bottom: bottom)
    }

    private static func split(_ body: Rect) -> (Rect, Rect) {
        let sideWidth = body.width >= 120 ? 44 : body.width >= 100 ? 38 : body.width >= 72 ? 32 : 0
        guard sideWidth > 0 else { return (body, Rect(x: body.maxX, y: body.y, width: 0, height: body.height)) }
        let (picture, side) = body.splitLeft(body.width - sideWidth - 1, gap: 1)
        return (picture, side)
    }
}
