import PetriSimulation

extension ServerMessage: Codable {
    private enum Keys: String, CodingKey {
        case type, code, message, teacherToken, timeline, stats, rate, snapshot, generation, question, reason
        case prediction, answeredAt, lockedAt, answered, answeredBy, students, text, definition, csv, spread
        case models, url, reasons, guide, html, data, plans, title, paragraphs, language, languages
        case session, teacher, sessions, lessons, owner, coTeachers, preview, name, problems, round, creature, left
        case selection, teachers, link, extraTime, closesAt, expected, student, plan, platforms, tool
    }

    /// The wire name of the message's type.
    package var type: String {
        switch self {
        case .error: "error"
        case .pong: "pong"
        case .created: "created"
        case .welcome: "welcome"
        case .student: "student"
        case .studentErased: "studentErased"
        case .snapshot: "snapshot"
        case .stats: "stats"
        case .history: "history"
        case .questions: "questions"
        case .running: "running"
        case .paused: "paused"
        case .actionApplied: "actionApplied"
        case .rewound: "rewound"
        case .restored: "restored"
        case .checkpointSaved: "checkpointSaved"
        case .runOver: "runOver"
        case .question: "question"
        case .questionLocked: "questionLocked"
        case .questionCancelled: "questionCancelled"
        case .answerAccepted: "answerAccepted"
        case .answerCount: "answerCount"
        case .hint: "hint"
        case .yourTime: "yourTime"
        case .answersShown: "answersShown"
        case .replicates: "replicates"
        case .reasons: "reasons"
        case .reasonsShown: "reasonsShown"
        case .guide: "guide"
        case .report: "report"
        case .classSize: "classSize"
        case .huntStarted: "huntStarted"
        case .caught: "caught"
        case .catchAccepted: "catchAccepted"
        case .huntEnded: "huntEnded"
        case .selection: "selection"
        case .resolved: "resolved"
        case .result: "result"
        case .expectedPoints: "expectedPoints"
        case .leaderboard: "leaderboard"
        case .definition: "definition"
        case .results: "results"
        case .lessonEnded: "lessonEnded"
        case .closing: "closing"
        case .models: "models"
        case .redirect: "redirect"
        case .signedIn: "signedIn"
        case .signedOut: "signedOut"
        case .sessions: "sessions"
        case .myLessons: "myLessons"
        case .lessonTeachers: "lessonTeachers"
        case .teachers: "teachers"
        case .signInLink: "signInLink"
        case .platforms: "platforms"
        case .platformProblems: "platformProblems"
        case .plan: "plan"
        case .plans: "plans"
        case .planPreview: "planPreview"
        case .planSaved: "planSaved"
        case .planRemoved: "planRemoved"
        case .planShared: "planShared"
        case .planUnshared: "planUnshared"
        case .sharedPlan: "sharedPlan"
        case .planProblems: "planProblems"
        case .explanation: "explanation"
        case .language: "language"
        case .makeup: "makeup"
        case .makeupPosition: "makeupPosition"
        case .makeupClosed: "makeupClosed"
        }
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "error": self = .error(try ProtocolError(from: decoder))
        case "pong": self = .pong
        case "created":
            self = .created(
                code: try c.decode(JoinCode.self, forKey: .code),
                teacherToken: try c.decode(AccessToken.self, forKey: .teacherToken))
        case "welcome": self = .welcome(try Welcome(from: decoder))
        case "student": self = .student(try RosterEntry(from: decoder))
        case "studentErased": self = .studentErased(student: try c.decode(StudentID.self, forKey: .student))
        case "snapshot":
            self = .snapshot(try SnapshotHeader(from: decoder), try c.decode(JSONValue.self, forKey: .snapshot))
        case "stats":
            self = .stats(
                timeline: try c.decode(Int.self, forKey: .timeline),
                stats: try c.decode(GenerationStats.self, forKey: .stats))
        case "history": self = .history(try HistoryPage(from: decoder))
        case "questions": self = .questions(try QuestionPage(from: decoder))
        case "running": self = .running(rate: try c.decode(Double.self, forKey: .rate))
        case "paused": self = .paused
        case "actionApplied": self = .actionApplied(try TimedAction(from: decoder))
        case "rewound": self = .rewound(try TimelinePosition(from: decoder))
        case "restored": self = .restored(try TimelinePosition(from: decoder))
        case "checkpointSaved": self = .checkpointSaved(generation: try c.decode(Int.self, forKey: .generation))
        case "runOver": self = .runOver(message: Sentence(try c.decode(String.self, forKey: .message)))
        case "question": self = .question(try QuestionInfo(from: decoder))
        case "questionLocked":
            self = .questionLocked(
                question: try c.decode(QuestionID.self, forKey: .question),
                reason: try c.decode(LockReason.self, forKey: .reason),
                lockedAt: try c.decodeIfPresent(Timestamp.self, forKey: .lockedAt))
        case "questionCancelled":
            self = .questionCancelled(
                question: try c.decode(QuestionID.self, forKey: .question),
                reason: Sentence(try c.decode(String.self, forKey: .reason)))
        case "answerAccepted":
            self = .answerAccepted(
                question: try c.decode(QuestionID.self, forKey: .question),
                prediction: try c.decode(Prediction.self, forKey: .prediction),
                answeredAt: try c.decode(Timestamp.self, forKey: .answeredAt))
        case "answerCount":
            self = .answerCount(
                question: try c.decode(QuestionID.self, forKey: .question),
                answered: try c.decode(Int.self, forKey: .answered),
                students: try c.decode(Int.self, forKey: .students),
                answeredBy: try c.decodeIfPresent([StudentID].self, forKey: .answeredBy) ?? [])
        case "yourTime":
            self = .yourTime(
                extraTime: try c.decode(Int.self, forKey: .extraTime),
                question: try c.decodeIfPresent(QuestionID.self, forKey: .question),
                closesAt: try c.decodeIfPresent(Timestamp.self, forKey: .closesAt))
        case "hint":
            self = .hint(
                question: try c.decode(QuestionID.self, forKey: .question),
                text: try c.decode(String.self, forKey: .text))
        case "answersShown":
            self = .answersShown(
                question: try c.decode(QuestionID.self, forKey: .question),
                spread: try c.decode(Spread.self, forKey: .spread))
        case "replicates": self = .replicates(try ReplicateBands(from: decoder))
        case "reasons":
            self = .reasons(
                question: try c.decode(QuestionID.self, forKey: .question),
                reasons: try c.decode([StudentReason].self, forKey: .reasons))
        case "report":
            self = .report(
                csv: try c.decode(String.self, forKey: .csv), html: try c.decode(String.self, forKey: .html),
                data: try c.decode(ReportData.self, forKey: .data))
        case "guide": self = .guide(try c.decode(Guide.self, forKey: .guide))
        case "reasonsShown":
            self = .reasonsShown(
                question: try c.decode(QuestionID.self, forKey: .question),
                reasons: try c.decode([SharedReason].self, forKey: .reasons))
        case "classSize": self = .classSize(try ClassSize(from: decoder))
        case "huntStarted": self = .huntStarted(try HuntRoundInfo(from: decoder))
        case "caught": self = .caught(try HuntCatch(from: decoder))
        case "catchAccepted":
            self = .catchAccepted(
                round: try c.decode(Int.self, forKey: .round), creature: try c.decode(Int.self, forKey: .creature),
                left: try c.decode(Int.self, forKey: .left))
        case "huntEnded": self = .huntEnded(try HuntSummary(from: decoder))
        case "selection": self = .selection(try c.decode(SelectionMode.self, forKey: .selection))
        case "resolved": self = .resolved(try Resolution(from: decoder))
        case "result": self = .result(try PersonalResult(from: decoder))
        case "expectedPoints":
            self = .expectedPoints(
                question: try c.decode(QuestionID.self, forKey: .question),
                expected: try c.decode(Expected.self, forKey: .expected))
        case "leaderboard": self = .leaderboard(try Leaderboard(from: decoder))
        case "definition": self = .definition(try c.decode(LessonDefinition.self, forKey: .definition))
        case "results": self = .results(csv: try c.decode(String.self, forKey: .csv))
        case "lessonEnded": self = .lessonEnded(try LessonSummary(from: decoder))
        case "closing": self = .closing(try Closing(from: decoder))
        case "models": self = .models(try c.decode([ModelDescription].self, forKey: .models))
        case "plan": self = .plan(try PlanState(from: decoder))
        case "plans": self = .plans(try c.decode([PlanListing].self, forKey: .plans))
        case "planPreview": self = .planPreview(try c.decode(PlanPreview.self, forKey: .preview))
        case "planSaved": self = .planSaved(name: try c.decode(String.self, forKey: .name))
        case "planRemoved": self = .planRemoved(name: try c.decode(String.self, forKey: .name))
        case "planShared":
            self = .planShared(
                name: try c.decode(String.self, forKey: .name), link: try c.decode(String.self, forKey: .link))
        case "planUnshared": self = .planUnshared(name: try c.decode(String.self, forKey: .name))
        case "sharedPlan": self = .sharedPlan(try c.decode(SharedPlan.self, forKey: .plan))
        case "planProblems": self = .planProblems(try c.decode([PlanProblem].self, forKey: .problems))
        case "explanation":
            self = .explanation(
                title: try c.decodeIfPresent(String.self, forKey: .title),
                paragraphs: try c.decode([String].self, forKey: .paragraphs))
        case "redirect":
            self = .redirect(
                url: try c.decode(String.self, forKey: .url), code: try c.decode(JoinCode.self, forKey: .code))
        case "signedIn":
            self = .signedIn(
                session: try c.decode(String.self, forKey: .session),
                teacher: try c.decode(TeacherInfo.self, forKey: .teacher))
        case "signedOut": self = .signedOut
        case "sessions": self = .sessions(try c.decode([SessionInfo].self, forKey: .sessions))
        case "myLessons": self = .myLessons(try c.decode([TeacherLessonInfo].self, forKey: .lessons))
        case "lessonTeachers":
            self = .lessonTeachers(
                code: try c.decode(JoinCode.self, forKey: .code),
                owner: try c.decodeIfPresent(String.self, forKey: .owner),
                coTeachers: try c.decode([String].self, forKey: .coTeachers))
        case "teachers": self = .teachers(try c.decode([TeacherListing].self, forKey: .teachers))
        case "signInLink":
            self = .signInLink(
                teacher: try c.decode(String.self, forKey: .teacher), link: try c.decode(String.self, forKey: .link))
        case "platforms":
            self = .platforms(
                try c.decode([PlatformRegistration].self, forKey: .platforms),
                tool: try c.decode(LTIToolPaths.self, forKey: .tool))
        case "platformProblems": self = .platformProblems(try c.decode([PlatformProblem].self, forKey: .problems))
        case "language":
            self = .language(
                language: try c.decode(String.self, forKey: .language),
                languages: try c.decode([String].self, forKey: .languages))
        case "makeup": self = .makeup(try MakeupInfo(from: decoder))
        case "makeupPosition": self = .makeupPosition(try MakeupPosition(from: decoder))
        case "makeupClosed": self = .makeupClosed(message: try c.decode(String.self, forKey: .message))
        default: throw MessageType.unknown(type)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(type, forKey: .type)
        switch self {
        case .error(let error): try error.encode(to: encoder)
        case .pong, .paused: break
        case .created(let code, let token):
            try c.encode(code, forKey: .code)
            try c.encode(token, forKey: .teacherToken)
        case .welcome(let welcome): try welcome.encode(to: encoder)
        case .student(let entry): try entry.encode(to: encoder)
        case .studentErased(let student): try c.encode(student, forKey: .student)
        case .snapshot(let header, let snapshot):
            try header.encode(to: encoder)
            try c.encode(snapshot, forKey: .snapshot)
        case .stats(let timeline, let stats):
            try c.encode(timeline, forKey: .timeline)
            try c.encode(stats, forKey: .stats)
        case .history(let page): try page.encode(to: encoder)
        case .questions(let page): try page.encode(to: encoder)
        case .running(let rate): try c.encode(rate, forKey: .rate)
        case .actionApplied(let action): try action.encode(to: encoder)
        case .rewound(let position), .restored(let position): try position.encode(to: encoder)
        case .checkpointSaved(let generation): try c.encode(generation, forKey: .generation)
        case .runOver(let message): try c.encode(message, forKey: .message)
        case .question(let info): try info.encode(to: encoder)
        case .questionLocked(let question, let reason, let lockedAt):
            try c.encode(question, forKey: .question)
            try c.encode(reason, forKey: .reason)
            try c.encodeIfPresent(lockedAt, forKey: .lockedAt)
        case .questionCancelled(let question, let reason):
            try c.encode(question, forKey: .question)
            try c.encode(reason, forKey: .reason)
        case .answerAccepted(let question, let prediction, let answeredAt):
            try c.encode(question, forKey: .question)
            try c.encode(prediction, forKey: .prediction)
            try c.encode(answeredAt, forKey: .answeredAt)
        case .answerCount(let question, let answered, let students, let answeredBy):
            try c.encode(question, forKey: .question)
            try c.encode(answered, forKey: .answered)
            try c.encode(students, forKey: .students)
            if !answeredBy.isEmpty { try c.encode(answeredBy, forKey: .answeredBy) }
        case .yourTime(let extraTime, let question, let closesAt):
            try c.encode(extraTime, forKey: .extraTime)
            try c.encodeIfPresent(question, forKey: .question)
            try c.encodeIfPresent(closesAt, forKey: .closesAt)
        case .hint(let question, let text):
            try c.encode(question, forKey: .question)
            try c.encode(text, forKey: .text)
        case .answersShown(let question, let spread):
            try c.encode(question, forKey: .question)
            try c.encode(spread, forKey: .spread)
        case .replicates(let bands): try bands.encode(to: encoder)
        case .reasons(let question, let reasons):
            try c.encode(question, forKey: .question)
            try c.encode(reasons, forKey: .reasons)
        case .guide(let guide): try c.encode(guide, forKey: .guide)
        case .report(let csv, let html, let data):
            try c.encode(csv, forKey: .csv)
            try c.encode(html, forKey: .html)
            try c.encode(data, forKey: .data)
        case .reasonsShown(let question, let reasons):
            try c.encode(question, forKey: .question)
            try c.encode(reasons, forKey: .reasons)
        case .classSize(let size): try size.encode(to: encoder)
        case .huntStarted(let round): try round.encode(to: encoder)
        case .caught(let caught): try caught.encode(to: encoder)
        case .catchAccepted(let round, let creature, let left):
            try c.encode(round, forKey: .round)
            try c.encode(creature, forKey: .creature)
            try c.encode(left, forKey: .left)
        case .huntEnded(let summary): try summary.encode(to: encoder)
        case .selection(let selection): try c.encode(selection, forKey: .selection)
        case .resolved(let resolution): try resolution.encode(to: encoder)
        case .result(let result): try result.encode(to: encoder)
        case .expectedPoints(let question, let expected):
            try c.encode(expected, forKey: .expected)
            try c.encode(question, forKey: .question)
        case .leaderboard(let board): try board.encode(to: encoder)
        case .definition(let definition): try c.encode(definition, forKey: .definition)
        case .results(let csv): try c.encode(csv, forKey: .csv)
        case .lessonEnded(let summary): try summary.encode(to: encoder)
        case .closing(let closing): try closing.encode(to: encoder)
        case .models(let models): try c.encode(models, forKey: .models)
        case .plan(let state): try state.encode(to: encoder)
        case .plans(let plans): try c.encode(plans, forKey: .plans)
        case .planPreview(let preview): try c.encode(preview, forKey: .preview)
        case .planSaved(let name), .planRemoved(let name), .planUnshared(let name): try c.encode(name, forKey: .name)
        case .planShared(let name, let link):
            try c.encode(name, forKey: .name)
            try c.encode(link, forKey: .link)
        case .sharedPlan(let plan): try c.encode(plan, forKey: .plan)
        case .planProblems(let problems): try c.encode(problems, forKey: .problems)
        case .explanation(let title, let paragraphs):
            try c.encodeIfPresent(title, forKey: .title)
            try c.encode(paragraphs, forKey: .paragraphs)
        case .redirect(let url, let code):
            try c.encode(url, forKey: .url)
            try c.encode(code, forKey: .code)
        case .signedIn(let session, let teacher):
            try c.encode(session, forKey: .session)
            try c.encode(teacher, forKey: .teacher)
        case .signedOut: break
        case .sessions(let sessions): try c.encode(sessions, forKey: .sessions)
        case .myLessons(let lessons): try c.encode(lessons, forKey: .lessons)
        case .lessonTeachers(let code, let owner, let coTeachers):
            try c.encode(code, forKey: .code)
            try c.encodeIfPresent(owner, forKey: .owner)
            try c.encode(coTeachers, forKey: .coTeachers)
        case .teachers(let teachers): try c.encode(teachers, forKey: .teachers)
        case .signInLink(let teacher, let link):
            try c.encode(teacher, forKey: .teacher)
            try c.encode(link, forKey: .link)
        case .platforms(let platforms, let tool):
            try c.encode(platforms, forKey: .platforms)
            try c.encode(tool, forKey: .tool)
        case .platformProblems(let problems): try c.encode(problems, forKey: .problems)
        case .language(let language, let languages):
            try c.encode(language, forKey: .language)
            try c.encode(languages, forKey: .languages)
        case .makeup(let info): try info.encode(to: encoder)
        case .makeupPosition(let position): try position.encode(to: encoder)
        case .makeupClosed(let message): try c.encode(message, forKey: .message)
        }
    }
}
