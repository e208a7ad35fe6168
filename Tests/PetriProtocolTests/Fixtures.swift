import PetriSimulation

@testable import PetriProtocol

/// Sample values for round trips: one of every message, with every optional field filled.
enum Fixtures {
    static let code = fixture { try JoinCode("K7QX2M") }
    static let token = fixture { try AccessToken("abcdefghijklmnopqrstuv") }
    static let now = Timestamp(millisecondsSince1970: 1_741_080_000_000)
    static let position = TimelinePosition(timeline: 1, generation: 12)
    static let canvas = PlatformRegistration(
        issuer: "https://canvas.school.example", clientId: "100001",
        authUrl: "https://canvas.school.example/api/lti/authorize_redirect",
        tokenUrl: "https://canvas.school.example/login/oauth2/token",
        jwksUrl: "https://canvas.school.example/api/lti/security/jwks", deploymentIds: ["1:abc", "2:def"])
    static let stats = GenerationStats(
        generation: 12, values: ["population": 120, "meanTrait": 48.5], histogram: [1, 2, 3], groups: ["a": 4])
    static let spec = QuestionSpec(
        metric: "population", kind: .number(tolerance: 20), horizon: 10, timeLimit: 60, hint: "Look back",
        allowChange: false, prompt: "How many?")
    static let choiceSpec = QuestionSpec(
        metric: "population",
        kind: .choice(options: [
            ChoiceOption("extinct", when: .runOver), ChoiceOption("grow", when: .grows),
            ChoiceOption("between", when: Condition(.between, 40, upper: 60)), ChoiceOption("else", when: .otherwise),
        ]),
        horizon: 5)
    static let info = QuestionInfo(
        id: QuestionID(3), metric: "population", metricDescription: "Creatures alive", unit: "creatures",
        kind: .probability(event: Condition(.lt, 10)), askedAt: 12, target: 22, askedValue: 120, openedAt: now,
        closesAt: now.adding(seconds: 60), hasHint: true, allowChange: true, prompt: "Extinct?", state: .open,
        actual: nil)
    /// A question about three rounds of the class's hunting.
    static let huntsInfo = QuestionInfo(
        id: QuestionID(4), metric: "meanTrait", metricDescription: "Average colour", unit: "",
        kind: .number(tolerance: 9.9), askedAt: 4, target: 7, askedValue: 52.5, openedAt: now, closesAt: nil,
        hasHint: false, allowChange: true, prompt: nil, state: .open, actual: nil, hunts: 3)
    static let entry = LeaderboardEntry(rank: 2, student: StudentID(4), name: "Ada", score: 1010)
    static let board = Leaderboard(top: [entry], you: entry, students: 30)
    static let breakdown = ScoreBreakdown(base: 900, hintTaken: true, speed: 5, streak: 50, total: 505)
    static let definition = LessonDefinition(
        model: .camouflage, seed: 18_446_744_073_709_551_615, parameters: .object(["population": .number(50)]),
        actions: [
            TimedAction(generation: 3, action: .set(name: "environmentColour", value: .number(20))),
            TimedAction(generation: 4, action: .toggle(x: 1, y: 2)),
            TimedAction(generation: 5, action: .place(pattern: "glider", x: 0, y: 7)),
        ], generation: 9, stateHash: 0x00ab_cdef_0123_4567)

    static let clientMessages: [ClientMessage] = [
        .create(
            teacherKey: "key", model: .life, parameters: .object(["width": .number(64), "rule": .string("B3/S23")]),
            seed: 42,
            options: LessonOptions(
                names: .generated, speedBonus: false, streakBonus: true, leaderboardSize: 5, questionLimit: 8)),
        .importLesson(teacherKey: "key", definition: definition, options: nil),
        .join(code: code, name: "Ada"),
        .resume(code: code, token: token, lastSeen: position),
        .teach(code: code, token: token, lastSeen: nil),
        .observe(code: code, token: token, lastSeen: position),
        .create(
            teacherKey: "key", model: .camouflage, parameters: nil, seed: nil,
            options: LessonOptions(leaderboard: .initials, spread: .atResolution)),
        .step(count: 5), .run(rate: 2.5), .pause,
        .setParameter(name: "environmentColour", value: .number(20)),
        .setParameter(name: "rule", value: .text("B36/S23")),
        .setParameter(name: "wrap", value: .flag(true)),
        .toggle(x: 3, y: 4), .place(pattern: "glider", x: 1, y: 2), .rewind(count: 3), .checkpoint, .restore,
        .clone(changes: [ParameterChange("environmentColour", .number(80))]), .export, .kick(student: StudentID(2)),
        .eraseStudent(student: StudentID(2)),
        .extraTime(student: StudentID(2), percent: 50), .end,
        .ask(spec), .ask(choiceSpec),
        .ask(QuestionSpec(metric: "extinct", kind: .probability(event: nil), horizon: 20)),
        .ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: nil), horizon: 3, horizonIn: .hunts)),
        .closeQuestion(question: QuestionID(3)), .exportResults, .showAnswers(question: QuestionID(3)),
        .replicates(count: 100, horizon: 50, metric: "meanTrait"),
        .startHunt(catches: 3, seconds: 10),
        .startHunt(catches: nil, seconds: nil),
        .catchCreature(creature: 17),
        .spot(spotter: true),
        .setSelection(.class),
        .answer(question: QuestionID(3), prediction: .number(120), reason: "because the background got darker"),
        .reasons(question: QuestionID(3)), .showReasons(question: QuestionID(3), students: [StudentID(2)]),
        .showReasons(question: QuestionID(3), students: [StudentID(2), StudentID(5)], names: true), .guide, .report,
        .answer(question: QuestionID(3), prediction: .number(41.5)),
        .answer(question: QuestionID(3), prediction: .choice(2)),
        .answer(question: QuestionID(3), prediction: .probability(0.7)),
        .hint(question: QuestionID(3)), .history(from: 0, to: 40), .history(from: nil, to: nil),
        .questions(before: QuestionID(41), limit: 20), .ping, .describeModels(teacherKey: nil),
        .describeModels(teacherKey: "key"),
        .signIn(name: "ada@school.example", password: "violet kettle harbour"),
        .choosePassword(link: "petri-link-0123", password: "violet kettle harbour"),
        .account(session: "petri-session-0123", request: .signOut),
        .account(session: "petri-session-0123", request: .sessions),
        .account(session: "petri-session-0123", request: .revokeSession(handle: "3f9a0c51d2e4")),
        .account(session: "petri-session-0123", request: .myLessons),
        .account(session: "petri-session-0123", request: .open(code: code, lastSeen: nil)),
        .account(
            session: "petri-session-0123", request: .open(code: code, lastSeen: nil, asObserver: true, language: "cy")),
        .account(session: "petri-session-0123", request: .share(code: code, teacher: "Bo")),
        .account(session: "petri-session-0123", request: .unshare(code: code, teacher: "Bo")),
        .account(session: "petri-session-0123", request: .handOver(code: code, teacher: "bo@school.example")),
        .account(session: "petri-session-0123", request: .lessonTeachers(code: code)),
        .account(session: "key", request: .teachers),
        .account(session: "key", request: .addTeacher(name: "Cy", email: "cy@school.example")),
        .account(session: "key", request: .addTeacher(name: "Dee", email: nil)),
        .account(session: "key", request: .resetTeacher(teacher: "Cy")),
        .account(session: "key", request: .disableTeacher(teacher: "Cy")),
        .account(session: "key", request: .enableTeacher(teacher: "cy@school.example")),
        .account(session: "key", request: .removeTeacher(teacher: "Cy")),
        .account(session: "key", request: .eraseLesson(code: code)),
        .account(session: "key", request: .platforms),
        .account(session: "key", request: .addPlatform(canvas)),
        .account(session: "key", request: .removePlatform(issuer: "https://canvas.school.example", clientId: "100001")),
        .account(session: "key", request: .removePlatform(issuer: "https://moodle.school.example", clientId: nil)),
        .startPlan(
            teacherKey: "key", plan: "peppered-moths", text: nil, seed: nil, pace: .auto, rate: nil, options: nil),
        .startPlan(
            teacherKey: "key", plan: nil, text: "title: Mine\nmodel: mice\nmoments:\n  - run: 5\n", seed: 42, pace: nil,
            rate: 2, options: LessonOptions(names: .generated)),
        .describePlans(teacherKey: "key"), .planNext, .planSkip, .planPace(.teacher),
        .previewPlan(teacherKey: "key", text: "title: Mine\nmodel: mice\nmoments:\n  - run: 5\n", seed: 42),
        .previewPlan(teacherKey: "key", text: "title: Mine\nmodel: mice\nmoments:\n  - run: 5\n", seed: nil),
        .savePlan(
            teacherKey: "petri-session-0123", name: "my-mice", text: "title: Mine\nmodel: mice\nmoments:\n  - run: 5\n",
            replace: true),
        .savePlan(teacherKey: "key", name: "mice", text: "title: Mine\nmodel: mice\nmoments:\n", replace: false),
        .removePlan(teacherKey: "petri-session-0123", name: "my-mice"),
        .sharePlan(teacherKey: "petri-session-0123", name: "my-mice"),
        .unsharePlan(teacherKey: "petri-session-0123", name: "my-mice"),
        .openSharedPlan(link: "Qx7v2LmN0pR4sT6uW8yZ1a"),
        .copySharedPlan(teacherKey: "petri-session-4567", link: "Qx7v2LmN0pR4sT6uW8yZ1a"),
        .join(code: code, name: "Ffion", language: "cy"), .setLanguage(language: "es-MX"),
        .teach(code: code, token: token, lastSeen: nil, language: "ar"),
        .openMakeup(until: Timestamp(millisecondsSince1970: 1_741_680_000_000)), .openMakeup(until: nil), .closeMakeup,
        .joinMakeup(code: code, name: "Ada", language: nil), .joinMakeup(code: code, name: "Ffion", language: "cy"),
        .resumeMakeup(code: code, token: token, language: nil), .makeupNext, .makeupPace(.own, seconds: nil),
        .makeupPace(.auto, seconds: 5),
    ]

    static let serverMessages: [ServerMessage] = [
        .error(ProtocolError(.lateAnswer, "Too late.")), .pong, .created(code: code, teacherToken: token),
        .models([IslandsModel.modelDescription]),
        .welcome(
            Welcome(
                role: .student,
                you: StudentProfile(student: StudentID(4), name: "Ada", token: token, score: 10, streak: 1),
                model: .camouflage,
                metrics: [
                    MetricDescriptor(name: "population", description: "Alive", unit: "creatures", range: 0...100)
                ],
                parameters: .object(["population": .number(50)]), position: position, running: 2, runOver: nil,
                ended: false, options: LessonOptions(), questions: [info],
                answers: [
                    AnswerRecord(
                        question: QuestionID(3), prediction: .probability(0.5), answeredAt: now, hintTaken: true,
                        points: breakdown)
                ],
                leaderboard: board, historyFrom: 10, missed: true, roster: nil, checkpoint: nil)),
        .welcome(
            Welcome(
                role: .teacher, you: nil, model: .life, metrics: [], parameters: .object([:]), position: position,
                running: nil, runOver: nil, ended: false, options: LessonOptions(), questions: [info], answers: [],
                leaderboard: board, historyFrom: 0, missed: false, roster: [], checkpoint: 40, answered: 2,
                answeredBy: [StudentID(1), StudentID(4)], olderQuestions: 980)),
        .welcome(
            Welcome(
                role: .observer, you: nil, model: .life, metrics: [], parameters: .object([:]), position: position,
                running: nil, runOver: nil, ended: false, options: LessonOptions(leaderboard: .anonymous),
                questions: [info], answers: [], leaderboard: Leaderboard(top: [], you: nil, students: 28),
                historyFrom: 0, missed: false, roster: nil, checkpoint: nil, code: code,
                classSize: ClassSize(joined: 28, online: 26))),
        .classSize(ClassSize(joined: 28, online: 26)),
        .huntStarted(
            HuntRoundInfo(
                round: 1, generation: 4, catches: 3, seconds: 10,
                endsAt: Timestamp(millisecondsSince1970: 1_700_000_010_000),
                creatures: [
                    HuntCreature(id: 1, x: 512, y: 88, trait: 47), HuntCreature(id: 2, x: 37, y: 901, trait: 12),
                ],
                eaten: [2])),
        .caught(HuntCatch(round: 1, creature: 17, eaten: [4, 17])),
        .catchAccepted(round: 1, creature: 17, left: 2),
        .huntEnded(
            HuntSummary(
                round: 1, generation: 4, traitMin: 1, binWidth: 10, caughtBins: [0, 0, 1, 0, 0, 0, 0, 1, 1, 0],
                aliveBins: [3, 2, 4, 5, 2, 1, 0, 1, 2, 3], caughtMean: 70, aliveMean: 44.6)),
        .huntEnded(
            HuntSummary(
                round: 2, generation: 5, traitMin: 1, binWidth: 10, caughtBins: [0], aliveBins: [0], caughtMean: nil,
                aliveMean: nil)),
        .selection(.both),
        .reasons(
            question: QuestionID(3),
            reasons: [StudentReason(student: StudentID(2), name: "Ada", prediction: .number(120), reason: "darker")]),
        .reasonsShown(
            question: QuestionID(3),
            reasons: [SharedReason(reason: "darker"), SharedReason(reason: "food", name: "Ben")]),
        .guide(Guide(story: "Peppered moths in industrial Manchester.")),
        .report(
            csv: "student,score\r\nAda,1010\r\n", html: "<!doctype html><title>Report</title>",
            data: ReportData(
                generation: 4,
                questions: [
                    ReportData.Question(
                        id: QuestionID(1), label: "Will they go extinct?", kind: "probability", prompt: nil,
                        state: "resolved", outcome: "happened (1)",
                        spread: Spread(answers: 1, bins: [SpreadBin(lower: 0.7, upper: 0.8, count: 1)], mean: 0.72),
                        options: [])
                ],
                students: [
                    ReportData.Student(
                        student: StudentID(1), name: "Ada", score: 1010,
                        points: [ReportData.Points(question: QuestionID(1), points: 1010)], hints: [QuestionID(1)],
                        reasons: [ReportData.Reason(question: QuestionID(1), reason: "darker")],
                        calibration: ReportData.CalibrationTable(
                            count: 1, bins: [.init(lower: 0.7, upper: 0.8, count: 1, happened: 1)], brier: 0.0784,
                            baseline: 0.25))
                ],
                calibration: ReportData.CalibrationTable(count: 0, bins: [], brier: nil, baseline: 0.25))),
        .report(
            csv: "student,score,catches\r\nAda,0,2\r\n", html: "<!doctype html><title>Report</title>",
            data: ReportData(
                generation: 1, questions: [],
                students: [
                    ReportData.Student(
                        student: StudentID(1), name: "Ada", score: 0, points: [], hints: [], reasons: [],
                        calibration: ReportData.CalibrationTable(count: 0, bins: [], brier: nil, baseline: 0.25),
                        catches: 2, conspicuousness: 38.5)
                ],
                calibration: ReportData.CalibrationTable(count: 0, bins: [], brier: nil, baseline: 0.25),
                hunts: [
                    ReportData.HuntRound(
                        round: 1, generation: 0, background: 20, meanBefore: 31.5, traitMin: 0, binWidth: 10,
                        caughtBins: [0, 0, 0, 0, 0, 1, 1, 0, 0, 0], aliveBins: [3, 9, 17, 12, 8, 5, 2, 1, 0, 0],
                        caughtMean: 58.5, aliveMean: 30.6, differential: -0.9, caughtConspicuousness: 38.5,
                        aliveConspicuousness: 14.2,
                        students: [.init(student: StudentID(1), catches: 2, conspicuousness: 38.5)],
                        formula: .init(deaths: 19, deadMean: 44.1, deadConspicuousness: 24.3, differential: -5.7))
                ])),
        .replicates(
            ReplicateBands(
                timeline: 0, generation: 10, metric: "meanTrait", replicates: 100, horizon: 2, median: [52, 52, 53],
                low: [52, 49, 47], high: [52, 55, 58], extinctAt: [11, 12])),
        .answersShown(
            question: QuestionID(3),
            spread: Spread(answers: 3, bins: [SpreadBin(lower: 0, upper: 10, count: 3)], mean: 4)),
        .student(RosterEntry(student: StudentID(4), name: "Ada", online: true, kicked: false, score: 10, streak: 1)),
        .student(
            RosterEntry(
                student: StudentID(5), name: "Ben", online: true, kicked: false, score: 0, streak: 0, extraTime: 50)),
        .snapshot(SnapshotHeader(model: .life, timeline: 1, generation: 12), .object(["cells": .array([.number(1)])])),
        .stats(timeline: 1, stats: stats),
        .stats(timeline: 0, stats: GenerationStats(generation: 3, values: ["mean": .nan])),
        .history(HistoryPage(timeline: 1, from: 12, to: 12, stats: [stats])),
        .questions(QuestionPage(questions: [info], answers: [], more: true)),
        .running(rate: 4), .paused,
        .actionApplied(TimedAction(generation: 12, action: .set(name: "environmentColour", value: .number(20)))),
        .rewound(position), .restored(position), .checkpointSaved(generation: 12),
        .runOver(message: "This species didn't adapt fast enough - it is now extinct"), .question(info),
        .question(huntsInfo),
        .questionLocked(question: QuestionID(3), reason: .timeLimit, lockedAt: now),
        .questionCancelled(question: QuestionID(3), reason: "Rewound."),
        .answerAccepted(question: QuestionID(3), prediction: .choice(1), answeredAt: now),
        .answerCount(question: QuestionID(3), answered: 12, students: 30), .hint(question: QuestionID(3), text: "Look"),
        .yourTime(extraTime: 50, question: QuestionID(3), closesAt: now.adding(seconds: 90)),
        .yourTime(extraTime: 0, question: nil, closesAt: nil),
        .resolved(
            Resolution(
                question: QuestionID(3), generation: 22, actual: 130, correctOption: 1, eventHappened: nil,
                spread: Spread(answers: 3, bins: [SpreadBin(lower: 0, upper: 10, count: 3)], counts: [1, 2], mean: 4),
                leaderboard: Leaderboard(top: [entry], you: nil, students: 30))),
        .resolved(
            Resolution(
                question: QuestionID(4), generation: 22, actual: 130, correctOption: nil, eventHappened: nil,
                spread: Spread(answers: 0, bins: [SpreadBin(lower: 0, upper: 10, count: 0)], mean: nil),
                leaderboard: Leaderboard(top: [], you: nil, students: 30),
                replicates: ReplicateStanding(generation: 10, replicates: 10, below: 8, equal: 1))),
        .result(
            PersonalResult(
                question: QuestionID(3), prediction: .number(12), points: breakdown, score: 1010, streak: 2,
                standing: entry)),
        .result(
            PersonalResult(
                question: QuestionID(5), prediction: .range(lower: 110, upper: 150), points: breakdown, score: 1010,
                streak: 2, standing: entry, expected: Expected(replicates: 100, points: 820, classMean: 640))),
        .expectedPoints(question: QuestionID(5), expected: Expected(replicates: 100, classMean: 640)),
        .expectedPoints(question: QuestionID(5), expected: Expected(replicates: 100, points: 820, classMean: 640)),
        .leaderboard(board), .definition(definition), .results(csv: "student,question\r\n\"a,b\",Q1\r\n"),
        .lessonEnded(LessonSummary(leaderboard: board, questions: 4)),
        .closing(Closing(score: 1010, possible: 2000, rank: 2, message: "Good effort")),
        .redirect(url: "ws://node-2.school.example:8080/", code: code),
        .signedIn(session: "petri-session-0123", teacher: TeacherInfo(name: "Ada", email: "ada@school.example")),
        .signedOut,
        .sessions([
            SessionInfo(
                handle: "3f9a0c51d2e4", from: "192.0.2.1", signedInAt: Timestamp(millisecondsSince1970: 1_000),
                lastSeenAt: Timestamp(millisecondsSince1970: 2_000), current: true)
        ]),
        .myLessons([
            TeacherLessonInfo(
                code: code, model: "camouflage", role: "co-teacher", owner: "Ada",
                createdAt: Timestamp(millisecondsSince1970: 1_000), endedAt: Timestamp(millisecondsSince1970: 9_000))
        ]),
        .lessonTeachers(code: code, owner: nil, coTeachers: ["Ada", "Bo"]),
        .sessions([
            SessionInfo(
                handle: "3f9a0c51d2e4", from: "192.0.2.1", signedInAt: Timestamp(millisecondsSince1970: 1_000),
                lastSeenAt: Timestamp(millisecondsSince1970: 2_000), current: false, teacher: "Ada")
        ]),
        .teachers([
            TeacherListing(name: "Ada", email: "ada@school.example", status: "active", passwordSet: true, sessions: 2),
            TeacherListing(name: "Cy", email: nil, status: "disabled", passwordSet: false, sessions: 0),
        ]),
        .signInLink(teacher: "Cy", link: "petri-link-0123"),
        .platforms([canvas], tool: .petri),
        .platformProblems([
            PlatformProblem(field: .tokenUrl, sentence: "\"canvas token\" is not an http(s) URL."),
            PlatformProblem(field: .deploymentIds, sentence: "Give at least one deployment id."),
        ]),
        .plan(
            PlanState(
                name: "peppered-moths", title: "Peppered moths",
                moments: [
                    PlanMoment(line: 9, action: .run(to: 4, rate: nil)),
                    PlanMoment(line: 10, at: 4, action: .ask(spec), note: "Ask for reasons."),
                    PlanMoment(line: 12, action: .reveal),
                    PlanMoment(line: 13, action: .explain(title: "Soot", text: "The bark darkens.", guide: nil)),
                    PlanMoment(line: 14, action: .explain(title: nil, text: nil, guide: "randomness")),
                    PlanMoment(line: 15, action: .set(name: "environmentColour", value: .number(80))),
                    PlanMoment(line: 16, action: .pause(seconds: 20)), PlanMoment(line: 17, action: .checkpoint),
                    PlanMoment(line: 18, action: .replicates(count: 20, horizon: 10, metric: "meanTrait")),
                    PlanMoment(line: 19, action: .hunt(seconds: 20, catches: 2)),
                    PlanMoment(line: 20, action: .hunt(seconds: nil, catches: nil)),
                ], next: 2, pace: .teacher, skipped: [1], waiting: "none", finished: false)),
        .plans([
            PlanListing(
                name: "desert-mice", title: "Rock pocket mice", summary: "Mice on lava.", model: .mice, moments: 1,
                shipped: true, text: "title: Rock pocket mice\nmodel: mice\nmoments:\n  - run: 5\n"),
            PlanListing(
                name: "my-mice", title: "Mine", summary: "", model: .mice, moments: 1, shipped: false,
                text: "title: Mine\nmodel: mice\nmoments:\n  - run: 5\n", own: true, link: "Qx7v2LmN0pR4sT6uW8yZ1a"),
        ]),
        .planPreview(
            PlanPreview(
                seed: 42, replicates: 20,
                questions: [
                    PlanPreview.Question(
                        moment: 1, line: 10, prompt: "Average colour at generation 8?", metric: "meanTrait",
                        kind: .number(tolerance: nil), askedAt: 4, target: 8, asked: 31.5, outcome: 38.25,
                        spread: PlanPreview.Spread(count: 20, min: 30, low: 33, median: 37, high: 41.5, max: 44)),
                    PlanPreview.Question(
                        moment: 3, line: 14, prompt: nil, metric: "population", kind: .probability(event: nil),
                        askedAt: 10, target: 12, outcome: nil, happened: false, spread: nil),
                ], generation: 12, finished: false,
                hunts: [PlanPreview.Hunt(moment: 5, line: 19, generation: 12)])),
        .planSaved(name: "my-mice"),
        .planRemoved(name: "my-mice"),
        .planShared(name: "my-mice", link: "Qx7v2LmN0pR4sT6uW8yZ1a"),
        .planUnshared(name: "my-mice"),
        .sharedPlan(
            SharedPlan(
                link: "Qx7v2LmN0pR4sT6uW8yZ1a", name: "my-mice", title: "Mine", summary: "Mice on lava.", model: .mice,
                moments: [
                    PlanMoment(line: 4, action: .run(to: 5, rate: nil)),
                    PlanMoment(line: 5, action: .hunt(seconds: 20, catches: nil), note: "Who hides best?"),
                ],
                text:
                    "title: Mine\nmodel: mice\noptions: {selection: class}\nmoments:\n  - run: 5\n  - hunt: {seconds: 20}\n"
            )),
        .studentErased(student: StudentID(5)),
        .planProblems([PlanProblem(line: 4, sentence: "There is no metric \"tails\" in mice.")]),
        .explanation(title: "The soot arrives", paragraphs: ["The bark darkens.", "Watch the moths."]),
        .language(language: "cy", languages: ["en", "ar", "cy", "es"]),
        .makeup(
            MakeupInfo(
                code: code, link: MakeupInfo.link(for: code), open: true,
                openedAt: Timestamp(millisecondsSince1970: 1_741_080_000_000),
                until: Timestamp(millisecondsSince1970: 1_741_680_000_000), students: 2)),
        .makeup(
            MakeupInfo(
                code: code, link: MakeupInfo.link(for: code), open: false,
                openedAt: Timestamp(millisecondsSince1970: 1_741_080_000_000), until: nil, students: 0)),
        .makeupPosition(
            MakeupPosition(
                moment: 12, moments: 40, timeline: 1, generation: 60, pace: .auto, seconds: 3, classEnded: true)),
        .makeupPosition(
            MakeupPosition(
                moment: 1, moments: 40, timeline: 0, generation: 0, pace: .own, seconds: nil, classEnded: false)),
        .makeupClosed(message: "The teacher closed this make-up."),
        .student(
            RosterEntry(
                student: StudentID(1_000_001), name: "Ada", online: true, kicked: false, score: 1450, streak: 2,
                makeup: Timestamp(millisecondsSince1970: 1_741_166_400_000))),
    ]
}

/// Builds a constant test value whose construction cannot fail for the literal given.
func fixture<T>(_ make: () throws -> T) -> T {
    do {
        return try make()
    } catch {
        fatalError("A test fixture is invalid: \(error)")
    }
}
