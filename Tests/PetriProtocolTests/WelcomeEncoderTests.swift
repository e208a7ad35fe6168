import PetriSimulation
import Testing

@testable import PetriProtocol

/// Welcomes skip `JSONEncoder` (one per joining student); their bytes must not change because of it.
@Suite("Messages: welcomes are byte for byte what JSONEncoder writes")
struct WelcomeEncoderTests {
    let encoder = ProtocolEncoder()

    static func randomJSON(_ random: inout PetriRandom, depth: Int = 0) -> JSONValue {
        switch random.next() % (depth > 2 ? 4 : 6) {
        case 0: .null
        case 1: .bool(random.next() % 2 == 0)
        case 2: .number(HotMessageWriterTests.randomNumber(&random))
        case 3: .string(HotMessageWriterTests.names[Int(random.next() % UInt64(HotMessageWriterTests.names.count))])
        case 4: .array((0..<Int(random.next() % 4)).map { _ in randomJSON(&random, depth: depth + 1) })
        default:
            .object(
                Dictionary(
                    (0..<Int(random.next() % 5)).map { _ in
                        // Keys that sort differently by bytes than by case-insensitive or numeric rules.
                        let keys = ["runOver", "running", "B", "a", "a10", "a2", "Z", "_x", "é", "~", "", "zoë", "Ab"]
                        return (keys[Int(random.next() % UInt64(keys.count))], randomJSON(&random, depth: depth + 1))
                    }, uniquingKeysWith: { a, _ in a }))
        }
    }

    static func randomQuestion(_ random: inout PetriRandom, id: Int) -> QuestionInfo {
        let kinds: [QuestionKind] = [
            .number(tolerance: HotMessageWriterTests.randomNumber(&random)), .number(tolerance: nil),
            .probability(event: nil), .probability(event: Condition(.between, 2.5, upper: 7, ref: .asked)),
            .choice(options: [
                ChoiceOption("few", when: Condition(.lt, 10)), ChoiceOption("many", when: Condition(.otherwise)),
            ]),
        ]
        let states: [QuestionState] = [.open, .locked, .resolved, .cancelled]
        return QuestionInfo(
            id: QuestionID(id), metric: "meanTrait", metricDescription: "Mean \"trait\"\n", unit: "",
            kind: kinds[Int(random.next() % UInt64(kinds.count))], askedAt: Int(random.next() % 100),
            target: Int(random.next() % 200), askedValue: HotMessageWriterTests.randomNumber(&random),
            openedAt: Timestamp(millisecondsSince1970: Int64(random.next() % 1_000_000_000_000)),
            closesAt: random.next() % 2 == 0 ? nil : Timestamp(millisecondsSince1970: 5),
            hasHint: random.next() % 2 == 0, allowChange: random.next() % 2 == 0,
            prompt: random.next() % 2 == 0 ? nil : "Will it <b>grow</b>?",
            state: states[Int(random.next() % UInt64(states.count))],
            actual: random.next() % 2 == 0 ? nil : HotMessageWriterTests.randomNumber(&random))
    }

    static func randomWelcome(_ random: inout PetriRandom, _ i: Int) -> Welcome {
        let names = HotMessageWriterTests.names
        func name() -> String { names[Int(random.next() % UInt64(names.count))] }
        func maybe<T>(_ make: () -> T) -> T? { random.next() % 2 == 0 ? nil : make() }
        func entry() -> LeaderboardEntry {
            LeaderboardEntry(
                rank: Int(random.next() % 100) + 1, student: StudentID(Int(random.next() % 10_000) + 1), name: name(),
                score: i == 0 ? Int.max : i == 1 ? Int.min : Int(random.next() % 100_000))
        }
        let roles: [Welcome.Role] = [.student, .teacher, .observer]
        let models: [(ModelKind, [MetricDescriptor])] = [
            (.camouflage, CamouflageModel.metrics), (.life, LifeModel.metrics), (.islands, IslandsModel.metrics),
        ]
        let (model, metrics) = models[Int(random.next() % UInt64(models.count))]
        let questions = (0..<Int(random.next() % 4)).map { randomQuestion(&random, id: $0 + 1) }
        return Welcome(
            role: roles[Int(random.next() % 3)],
            you: maybe {
                StudentProfile(
                    student: StudentID(i + 1), name: name(),
                    token: maybe { try? AccessToken(randomBytes: (0..<16).map { _ in UInt8(random.next() % 256) }) }
                        ?? nil,
                    score: Int(random.next() % 5000), streak: Int(random.next() % 9),
                    requestedName: maybe { name() })
            },
            model: model, metrics: metrics, parameters: randomJSON(&random),
            position: TimelinePosition(timeline: Int(random.next() % 3), generation: Int(random.next() % 1000)),
            running: maybe { HotMessageWriterTests.randomNumber(&random) }, runOver: maybe { name() },
            ended: random.next() % 2 == 0,
            options: LessonOptions(leaderboardSize: Int(random.next() % 20) + 1),
            questions: questions,
            answers: questions.compactMap { q in
                maybe {
                    AnswerRecord(
                        question: q.id,
                        prediction: HotMessageWriterTests.randomPrediction(&random) ?? .choice(1),
                        answeredAt: Timestamp(millisecondsSince1970: Int64(random.next() % 1_000_000)),
                        hintTaken: random.next() % 2 == 0,
                        points: maybe {
                            ScoreBreakdown(
                                base: 10, hintTaken: false, speed: 2, streak: 1, total: Int(random.next() % 99))
                        })
                }
            },
            leaderboard: Leaderboard(
                top: (0..<Int(random.next() % 4)).map { _ in entry() }, you: maybe { entry() },
                students: Int(random.next() % 10_000)),
            historyFrom: Int(random.next() % 50), missed: random.next() % 2 == 0,
            roster: maybe {
                (0..<Int(random.next() % 4)).map { n in
                    RosterEntry(
                        student: StudentID(n + 1), name: name(), online: random.next() % 2 == 0,
                        kicked: random.next() % 2 == 0, score: Int(random.next() % 100), streak: Int(random.next() % 5))
                }
            },
            checkpoint: maybe { Int(random.next() % 100) }, answered: maybe { Int(random.next() % 100) },
            answeredBy: maybe { (0..<Int(random.next() % 4)).map { StudentID($0 + 1) } },
            olderQuestions: maybe { Int(random.next() % 100) + 1 },
            code: maybe { JoinCode.random(using: &random) },
            classSize: maybe { ClassSize(joined: Int(random.next() % 100), online: Int(random.next() % 100)) },
            presentation: maybe { model.modelDescription?.presentation } ?? nil)
    }

    @Test func thousandsOfRandomWelcomesMatchJSONEncoder() throws {
        // Given 2,000 random welcomes (every optional present or absent, hostile names, any number,
        // parameters with keys that sort differently under other rules), written by one encoder
        // in turn, as a lesson does (it reuses the bytes of parts that did not change)
        var random = PetriRandom(seed: 14)
        var welcomes = WelcomeEncoder()
        var mismatches: [String] = []
        for i in 0..<2000 {
            let welcome = Self.randomWelcome(&random, i)
            // Then every one is exactly JSONEncoder's bytes, written twice in a row too
            for _ in 0..<2 {
                let fast = try welcomes.encode(welcome)
                let reference = try encoder.encodeWithFoundation(.welcome(welcome))
                if fast != reference {
                    mismatches.append(
                        "\(String(decoding: fast, as: UTF8.self))\n!=\n\(String(decoding: reference, as: UTF8.self))")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ; the first: \(mismatches.first ?? "")")
    }

    @Test func rosterLinesForTheTeacherMatchJSONEncoder() throws {
        // Given roster lines (one per join, to the teacher) with hostile names and extreme numbers
        for (n, name) in HotMessageWriterTests.names.enumerated() {
            let message = ServerMessage.student(
                RosterEntry(
                    student: StudentID(n + 1), name: name, online: n % 2 == 0, kicked: n % 3 == 0,
                    score: n == 0 ? Int.min : Int.max - n, streak: n))
            // Then the fast writer's bytes are JSONEncoder's
            #expect(try encoder.encode(message) == (try encoder.encodeWithFoundation(message)))
        }
    }
}
