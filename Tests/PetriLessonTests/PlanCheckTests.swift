import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

/// `petri plan check` and `startPlan`: every broken plan gets a sentence of its own, on the line of the mistake.
@Suite struct PlanCheckTests {
    /// A broken plan, the line its mistake is on, and words its sentence must hold.
    struct Broken: Sendable, CustomStringConvertible {
        var name: String
        var text: String
        var line: Int
        var words: String
        var description: String { name }
    }

    static let head = "title: A plan\nmodel: camouflage\nmoments:\n"

    static let broken: [Broken] = [
        Broken(name: "bad YAML", text: head + "  - run: [5\n", line: 5, words: "not readable YAML"),
        Broken(
            name: "unknown model", text: "title: A plan\nmodel: guppies\nmoments:\n  - run: 5\n", line: 2,
            words: "\"guppies\" is not a model this server has"),
        Broken(name: "no title", text: "model: camouflage\nmoments:\n  - run: 5\n", line: 1, words: "no title:"),
        Broken(
            name: "unknown top key", text: "title: A plan\nmodel: camouflage\ncolour: 3\nmoments:\n  - run: 5\n",
            line: 3, words: "\"colour\" is not a key a plan knows"),
        Broken(
            name: "unknown scenario",
            text: "title: A plan\nmodel: camouflage\nscenario: smoggy\nmoments:\n  - run: 5\n", line: 3,
            words: "\"smoggy\" is not a scenario of this model"),
        Broken(
            name: "parameter out of range",
            text: "title: A plan\nmodel: camouflage\nparameters:\n  environmentColour: 150\nmoments:\n  - run: 5\n",
            line: 3, words: "environmentColour must be between 1 and 100"),
        Broken(
            name: "unknown metric", text: head + "  - ask: {kind: number, metric: meanTrit, horizon: 5}\n", line: 4,
            words: "no metric \"meanTrit\""),
        Broken(
            name: "horizon past the next question",
            text: head
                + "  - ask: {kind: number, metric: meanTrait, horizon: 10}\n  - run: 5\n"
                + "  - ask: {kind: number, metric: population, horizon: 2}\n",
            line: 4, words: "past generation 5 where the next question is asked"),
        Broken(
            name: "a change out of range", text: head + "  - set: {environmentColour: 120}\n", line: 4,
            words: "environmentColour must be between 1 and 100, but was 120"),
        Broken(
            name: "a change of a fixed parameter", text: head + "  - set: {population: 10}\n", line: 4,
            words: "population is fixed once the lesson starts"),
        Broken(
            name: "a run back in time", text: head + "  - run: 8\n  - run: 4\n", line: 5,
            words: "run: 4 is not after generation 8"),
        Broken(
            name: "an unknown guide section", text: head + "  - guide: evolushun\n", line: 4,
            words: "\"evolushun\" is not a section of the guide"),
        Broken(
            name: "an unknown moment", text: head + "  - dance: 3\n", line: 4, words: "\"dance\" is not a moment"),
        Broken(
            name: "too many replicates", text: head + "  - replicates: {count: 500, horizon: 5, metric: population}\n",
            line: 4, words: "count must be between 1 and 200"),
        Broken(name: "a pause too long", text: head + "  - pause: 99999\n", line: 4, words: "1 to 3600 seconds"),
        Broken(
            name: "a reveal before any question", text: head + "  - reveal\n  - run: 3\n", line: 4,
            words: "no question comes before it"),
        Broken(
            name: "a choice with one option",
            text: head
                + "  - ask: {kind: choice, metric: population, horizon: 2, options: [{label: Up, when: {op: otherwise}}]}\n",
            line: 4, words: "This question cannot be asked"),
        Broken(
            name: "a seed that is not a number",
            text: "title: A plan\nmodel: camouflage\nseed: soon\nmoments:\n  - run: 2\n", line: 3,
            words: "seed: must be a whole number"),
        Broken(
            name: "no moments", text: "title: A plan\nmodel: camouflage\nmoments: []\n", line: 3,
            words: "at least one moment"),
        Broken(
            name: "a hunt in a model not drawn as creatures", text: "title: A plan\nmodel: beaks\nmoments:\n  - hunt\n",
            line: 4, words: "The class cannot hunt in beaks"),
        Broken(
            name: "a hunt where the formula is the selection", text: head + "  - run: 2\n  - hunt\n", line: 5,
            words: "A hunt needs the class to be the selection"),
        Broken(
            name: "a hunt too long", text: classHead + "  - hunt: {seconds: 500}\n", line: 5,
            words: "A hunt lasts 3 to 120 seconds, not 500"),
        Broken(
            name: "a hunt with too many catches", text: classHead + "  - hunt: {catches: 50}\n", line: 5,
            words: "Allow 1 to 20 catches per student, not 50"),
        Broken(
            name: "a hunt with a key it does not take", text: classHead + "  - hunt: {minutes: 2}\n", line: 5,
            words: "A hunt takes only seconds: and catches:"),
    ]

    /// A camouflage plan whose class is the selection (a hunt may happen in it).
    static let classHead = "title: A plan\nmodel: camouflage\noptions: {selection: class}\nmoments:\n"

    @Test(arguments: broken) func aBrokenPlanGetsOneSentenceOnItsLine(_ plan: Broken) {
        // Given a plan with one mistake, When it is checked against the shipped models
        guard case .failure(let problems) = PlanCheck.check(plan.text, models: .shipped) else {
            Issue.record("\(plan.name): the plan was accepted")
            return
        }
        // Then exactly one sentence names the mistake, on its line
        #expect(problems.problems.count == 1, "\(plan.name): \(problems)")
        #expect(problems.problems.first?.line == plan.line, "\(plan.name): \(problems)")
        #expect(problems.problems.first?.sentence.contains(plan.words) == true, "\(plan.name): \(problems)")
    }

    @Test func everyBrokenPlanHasASentenceOfItsOwn() {
        // Given every broken plan above, Then no two share a sentence
        let sentences = Self.broken.compactMap { plan -> String? in
            guard case .failure(let problems) = PlanCheck.check(plan.text, models: .shipped) else { return nil }
            return problems.problems.first?.sentence
        }
        #expect(Set(sentences).count == Self.broken.count)
    }

    @Test func anUnknownOrEmptyMomentsSentenceNamesEveryKindOfMomentHuntIncluded() {
        // Given a plan with an unknown moment, and one with a moment that names no kind
        for text in [Self.head + "  - dance: 3\n", Self.head + "  - at: 3\n"] {
            // When each is checked
            guard case .failure(let problems) = PlanCheck.check(text, models: .shipped),
                let sentence = problems.problems.first?.sentence
            else {
                Issue.record("the plan was accepted: \(text)")
                continue
            }
            // Then its sentence names every kind of moment a plan may have, a hunt too
            #expect(PlanReader.momentKeys.contains("hunt"))
            for kind in PlanReader.momentKeys {
                #expect(sentence.contains(kind), "\(kind) is missing from: \(sentence)")
            }
        }
    }

    @Test func everyShippedPlanChecks() {
        // Given the shipped plans, Then each checks, and every trait model has one
        var models: Set<String> = []
        for file in ShippedPlans.files {
            switch PlanCheck.check(file.text, models: .shipped) {
            case .success(let plan): models.insert(plan.model.rawValue)
            case .failure(let problems): Issue.record("\(file.name): \(problems)")
            }
        }
        #expect(models.isSuperset(of: ["camouflage", "resistance", "beaks", "mice"]))
    }

    @Test func aHuntMomentRoundTripsThroughTheFileAndTheWire() throws {
        // Given a plan whose class hunts twice: once as the round's defaults, once with its own length and catches
        let text = Self.classHead + "  - hunt\n  - run: 4\n  - hunt: {seconds: 20, catches: 2}\n    note: Who hid?\n"
        // When it is checked, and its moments go to the console and back (`plan`, `sharedPlan`)
        let plan = try PlanCheck.check(text, models: .shipped).get()
        let wire = try ProtocolEncoder().encode(
            .plan(
                PlanState(
                    name: nil, title: plan.title, moments: plan.moments, next: 0, pace: .teacher, skipped: [],
                    waiting: "none", finished: false)))
        guard case .plan(let back) = try ProtocolDecoder(limits: .lessonFile).decodeServerMessage(wire) else {
            Issue.record("the plan did not come back as a plan")
            return
        }
        // Then each hunt is what the file says, on its line, and the wire gives the same moments back
        #expect(
            plan.moments.map(\.action) == [
                .hunt(seconds: nil, catches: nil), .run(to: 4, rate: nil), .hunt(seconds: 20, catches: 2),
            ])
        #expect(plan.moments.map(\.line) == [5, 6, 7])
        #expect(plan.moments[2].note == "Who hid?")
        #expect(back.moments == plan.moments)
        #expect(String(decoding: wire, as: UTF8.self).contains(#"{"catches":2,"kind":"hunt","line":7"#))
    }

    @Test func aPlanReadsEveryKindOfMoment() throws {
        // Given a plan with one moment of each kind
        let text = """
            title: Every moment
            model: camouflage
            pace: auto
            rate: 2
            moments:
              - explain: {title: Hello, text: "One.\\n\\nTwo."}
              - run: {to: 3, rate: 4}
              - ask: {kind: number, metric: meanTrait, horizon: 2, timeLimit: 30, hint: Look, tolerance: 5}
                note: Ask why.
              - reveal
              - pause: 10
              - at: 5
                set: {environmentColour: 20}
              - checkpoint
              - guide: randomness
              - replicates: {count: 5, horizon: 3, metric: population}
              - pause
            """
        // When it is read
        let plan = try PlanReader.read(text).get()
        // Then each moment is what it says, on its line
        #expect(
            plan.moments.map(\.action.kind) == [
                "explain", "run", "ask", "reveal", "pause", "set", "checkpoint", "explain", "replicates", "pause",
            ])
        #expect(plan.moments.map(\.line) == [6, 7, 8, 10, 11, 12, 14, 15, 16, 17])
        #expect(plan.moments[5].at == 5)
        #expect(plan.moments[2].note == "Ask why.")
        #expect(plan.pace == .auto)
        #expect(plan.rate == 2)
        #expect(plan.seed == nil)
        if case .ask(let spec) = plan.moments[2].action {
            #expect(spec.kind == .number(tolerance: 5))
            #expect(spec.timeLimit == 30)
        } else {
            Issue.record("the third moment is not a question")
        }
    }
}
