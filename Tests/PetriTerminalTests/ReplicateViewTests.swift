import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriTerminal

@Suite("Replicates and reasons in the terminal")
struct ReplicateViewTests {
    @Test func theBandIsShadedBehindTheLineAndTheAxisReachesItsEnd() {
        // Given ten generations of a flat line and a band from generation 5 to 15
        var canvas = Canvas(width: 40, height: 8)
        let values = Array(repeating: 50.0, count: 10)
        let band = ChartBand(
            offset: 5, low: Array(repeating: 30.0, count: 11), high: Array(repeating: 70.0, count: 11))
        LineChart.draw(
            into: &canvas, rect: Rect(x: 0, y: 0, width: 40, height: 8), values: values, color: .cyan,
            theme: Theme(mode: .none), band: band)
        let lines = canvas.lines()
        // Then the band's cells are shaded, the last label is the band's end (generation 15), and the line's
        // dots stop before the band does
        #expect(lines.joined().contains("░"))
        #expect(lines.last?.hasSuffix("15") == true, "\(lines)")
        let ends = lines.dropLast().map { String($0.suffix(8)) }
        #expect(!ends.contains { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }, "\(lines)")
        #expect(ends.contains { $0.contains("░") }, "\(lines)")
    }

    @Test func replicatesOfThisTimelineAreKeptAndSaidInOneSentence() {
        var state = LessonState()
        let bands = ReplicateBands(
            timeline: 0, generation: 10, metric: "population", replicates: 20, horizon: 2, median: [50, 52, 55],
            low: [50, 45, 40], high: [50, 58, 66], extinctAt: [11, 12])
        state.apply(.replicates(bands), at: Timestamp(millisecondsSince1970: 0))
        #expect(state.replicates == bands)
        #expect(
            state.notices.last?.text
                == "What else could have happened: 20 runs of population from generation 10; at generation 12 the "
                + "median is 55 (8 in 10 between 40 and 66); 10% died out, the first at generation 11.")
        // A rewind makes them stale
        state.apply(.rewound(TimelinePosition(timeline: 1, generation: 5)), at: Timestamp(millisecondsSince1970: 0))
        #expect(state.replicates == nil)
        // And bands of another timeline are ignored
        state.apply(.replicates(bands), at: Timestamp(millisecondsSince1970: 0))
        #expect(state.replicates == nil)
    }

    @Test func aTypedLineAnswersWithItsReason() {
        var state = LessonState()
        state.questions = [
            QuestionInfo(
                id: QuestionID(1), metric: "population", metricDescription: "Alive", unit: "creatures",
                kind: .number(tolerance: 5), askedAt: 0, target: 5, askedValue: 10,
                openedAt: Timestamp(millisecondsSince1970: 0), closesAt: nil, hasHint: false, allowChange: true,
                prompt: nil, state: .open, actual: nil)
        ]
        #expect(
            StudentLine.parse("140 because the background got darker", lesson: state)
                == .success(
                    .send(
                        .answer(
                            question: QuestionID(1), prediction: .number(140),
                            reason: "because the background got darker"))))
        #expect(
            StudentLine.parse("answer 12", lesson: state)
                == .success(.send(.answer(question: QuestionID(1), prediction: .number(12)))))
    }

    @Test func aSpaceStartsTheReasonInTheAnswerField() {
        var field = AnswerField()
        for key: Key in [.character("9"), .character("0"), .character(" "), .character("d"), .character("a")] {
            _ = field.edit(key, kind: .number(tolerance: 5))
        }
        #expect(field.text == "90" && field.reasonToSend == "da")
        _ = field.edit(.backspace, kind: .number(tolerance: 5))
        _ = field.edit(.backspace, kind: .number(tolerance: 5))
        _ = field.edit(.backspace, kind: .number(tolerance: 5))
        #expect(!field.typingReason && field.reasonToSend == nil && field.text == "90")
    }
}
