import Testing

@testable import PetriTerminal

@Suite struct LineEditorTests {
    func type(_ text: String, into editor: inout LineEditor) {
        for c in text { _ = editor.handle(.character(c)) }
    }

    @Test func editsInTheMiddleOfTheLine() {
        var editor = LineEditor()
        type("stp 5", into: &editor)
        for _ in 0..<3 { _ = editor.handle(.left) }
        _ = editor.handle(.character("e"))
        #expect(editor.line == "step 5")
        _ = editor.handle(.end)
        _ = editor.handle(.backspace)
        type("10", into: &editor)
        #expect(editor.line == "step 10")
        _ = editor.handle(.control("w"))
        #expect(editor.line == "step ")
        _ = editor.handle(.control("u"))
        #expect(editor.line == "")
    }

    @Test func historyWalksBackAndForwardAndKeepsTheDraft() {
        var editor = LineEditor()
        type("step 1", into: &editor)
        #expect(editor.handle(.enter) == .submitted("step 1"))
        type("run 2", into: &editor)
        _ = editor.handle(.enter)
        type("pa", into: &editor)
        _ = editor.handle(.up)
        #expect(editor.line == "run 2")
        _ = editor.handle(.up)
        #expect(editor.line == "step 1")
        _ = editor.handle(.down)
        _ = editor.handle(.down)
        #expect(editor.line == "pa")
    }
}
