import PetriSimulation
import PetriWords

extension ClientMessage: Codable {
    /// The wire keys of every client message (the account requests decode theirs in ClientMessage+AccountCoding).
    enum Keys: String, CodingKey {
        case type, key, model, parameters, seed, options, definition, code, name, token, lastSeen
        case count, rate, value, x, y, pattern, changes, student, question, from, to, before, limit
        case horizon, metric, reason, students, names, plan, text, pace, language
        case password, link, session, handle, teacher, replace, catches, seconds, creature, selection, email
        case percent, until, spotter, role
        case issuer, clientId, authUrl, tokenUrl, jwksUrl, deploymentIds
    }

    /// The wire name of the message's type.
    package var type: String {
        switch self {
        case .create: "create"
        case .importLesson: "import"
        case .join: "join"
        case .resume: "resume"
        case .teach: "teach"
        case .observe: "observe"
        case .step: "step"
        case .run: "run"
        case .pause: "pause"
        case .setParameter: "setParameter"
        case .toggle: "toggle"
        case .place: "place"
        case .rewind: "rewind"
        case .checkpoint: "checkpoint"
        case .restore: "restore"
        case .clone: "clone"
        case .export: "export"
        case .kick: "kick"
        case .eraseStudent: "eraseStudent"
        case .extraTime: "extraTime"
        case .end: "end"
        case .ask: "ask"
        case .closeQuestion: "closeQuestion"
        case .exportResults: "exportResults"
        case .showAnswers: "showAnswers"
        case .replicates: "replicates"
        case .startHunt: "startHunt"
        case .catchCreature: "catch"
        case .spot: "spot"
        case .setSelection: "setSelection"
        case .answer: "answer"
        case .reasons: "reasons"
        case .showReasons: "showReasons"
        case .hint: "hint"
        case .history: "history"
        case .questions: "questions"
        case .guide: "guide"
        case .report: "report"
        case .ping: "ping"
        case .describeModels: "describeModels"
        case .signIn: "signIn"
        case .choosePassword: "choosePassword"
        case .account(_, let request): request.type
        case .startPlan: "startPlan"
        case .describePlans: "describePlans"
        case .previewPlan: "previewPlan"
        case .savePlan: "savePlan"
        case .removePlan: "removePlan"
        case .sharePlan: "sharePlan"
        case .unsharePlan: "unsharePlan"
        case .openSharedPlan: "openSharedPlan"
        case .copySharedPlan: "copySharedPlan"
        case .planNext: "planNext"
        case .planSkip: "planSkip"
        case .planPace: "planPace"
        case .setLanguage: "setLanguage"
        case .openMakeup: "openMakeup"
        case .closeMakeup: "closeMakeup"
        case .joinMakeup: "joinMakeup"
        case .resumeMakeup: "resumeMakeup"
        case .makeupNext: "makeupNext"
        case .makeupPace: "makeupPace"
        }
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let type = try c.decodeText(.type, limit: 64)
        switch type {
        case "create":
            let name = try c.decodeText(.model, limit: 32)
            guard let model = ModelKind(rawValue: name) else {
                throw ProtocolError(.invalidField, ProtocolWords.word("protocol.model.malformed"))
            }
            var seed: UInt64?
            if let text = try c.decodeTextIfPresent(.seed, limit: 20) {
                guard let value = UInt64(text) else {
                    throw ProtocolError(.invalidField, ProtocolWords.word("protocol.seed.notText"))
                }
                seed = value
            }
            self = .create(
                teacherKey: try c.decodeText(.key, limit: TextLimit.teacherKey), model: model,
                parameters: try c.decodeIfPresent(JSONValue.self, forKey: .parameters), seed: seed,
                options: try c.decodeIfPresent(LessonOptions.self, forKey: .options))
        case "import":
            self = .importLesson(
                teacherKey: try c.decodeText(.key, limit: TextLimit.teacherKey),
                definition: try c.decode(LessonDefinition.self, forKey: .definition),
                options: try c.decodeIfPresent(LessonOptions.self, forKey: .options))
        case "join":
            self = .join(
                code: try c.decode(JoinCode.self, forKey: .code),
                name: try c.decodeTextIfPresent(.name, limit: TextLimit.name), language: try c.decodeLanguageIfPresent()
            )
        case "resume":
            self = .resume(
                code: try c.decode(JoinCode.self, forKey: .code), token: try c.decode(AccessToken.self, forKey: .token),
                lastSeen: try c.decodeIfPresent(TimelinePosition.self, forKey: .lastSeen),
                language: try c.decodeLanguageIfPresent())
        case "teach":
            self = .teach(
                code: try c.decode(JoinCode.self, forKey: .code), token: try c.decode(AccessToken.self, forKey: .token),
                lastSeen: try c.decodeIfPresent(TimelinePosition.self, forKey: .lastSeen),
                language: try c.decodeLanguageIfPresent())
        case "observe":
            self = .observe(
                code: try c.decode(JoinCode.self, forKey: .code), token: try c.decode(AccessToken.self, forKey: .token),
                lastSeen: try c.decodeIfPresent(TimelinePosition.self, forKey: .lastSeen),
                language: try c.decodeLanguageIfPresent())
        case "setLanguage":
            guard let language = try c.decodeLanguageIfPresent() else {
                throw ProtocolError(.missingField, ProtocolWords.word("protocol.language.missing"))
            }
            self = .setLanguage(language: language)
        case "step": self = .step(count: try c.decodeWhole(.count))
        case "run": self = .run(rate: try c.decodeFinite(.rate))
        case "pause": self = .pause
        case "setParameter":
            self = .setParameter(
                name: try c.decodeText(.name, limit: TextLimit.parameterName),
                value: try ModelActionCoding.decodeParameterValue(c, .value))
        case "toggle": self = .toggle(x: try c.decodeWhole(.x), y: try c.decodeWhole(.y))
        case "place":
            self = .place(
                pattern: try c.decodeText(.pattern, limit: TextLimit.pattern), x: try c.decodeWhole(.x),
                y: try c.decodeWhole(.y))
        case "rewind": self = .rewind(count: try c.decodeWhole(.count))
        case "checkpoint": self = .checkpoint
        case "restore": self = .restore
        case "clone": self = .clone(changes: try c.decodeIfPresent([ParameterChange].self, forKey: .changes) ?? [])
        case "export": self = .export
        case "kick": self = .kick(student: StudentID(try c.decodeWhole(.student)))
        case "eraseStudent": self = .eraseStudent(student: StudentID(try c.decodeWhole(.student)))
        case "extraTime":
            self = .extraTime(student: StudentID(try c.decodeWhole(.student)), percent: try c.decodeWhole(.percent))
        case "end": self = .end
        case "ask": self = .ask(try QuestionSpec(from: decoder))
        case "closeQuestion": self = .closeQuestion(question: QuestionID(try c.decodeWhole(.question)))
        case "exportResults": self = .exportResults
        case "showAnswers": self = .showAnswers(question: try c.decode(QuestionID.self, forKey: .question))
        case "startHunt":
            self = .startHunt(
                catches: try c.decodeIfPresent(Int.self, forKey: .catches),
                seconds: try c.decodeIfPresent(Int.self, forKey: .seconds))
        case "catch": self = .catchCreature(creature: try c.decodeWhole(.creature))
        case "spot": self = .spot(spotter: try c.decode(Bool.self, forKey: .spotter))
        case "setSelection": self = .setSelection(try c.decode(SelectionMode.self, forKey: .selection))
        case "replicates":
            self = .replicates(
                count: try c.decodeWhole(.count), horizon: try c.decodeWhole(.horizon),
                metric: try c.decodeText(.metric, limit: TextLimit.metric))
        case "answer":
            self = .answer(
                question: QuestionID(try c.decodeWhole(.question)), prediction: try Prediction(from: decoder),
                reason: try c.decodeTextIfPresent(.reason, limit: TextLimit.reason))
        case "reasons": self = .reasons(question: QuestionID(try c.decodeWhole(.question)))
        case "showReasons":
            let students = try c.decode([StudentID].self, forKey: .students)
            guard students.count <= ReasonRules.maxShown else {
                throw ProtocolError(
                    .invalidField, ProtocolWords.word("protocol.students.tooMany", ["max": .int(ReasonRules.maxShown)]))
            }
            self = .showReasons(
                question: QuestionID(try c.decodeWhole(.question)), students: students,
                names: try c.decodeIfPresent(Bool.self, forKey: .names) ?? false)
        case "hint": self = .hint(question: QuestionID(try c.decodeWhole(.question)))
        case "history":
            self = .history(
                from: try c.decodeWholeIfPresent(.from), to: try c.decodeWholeIfPresent(.to))
        case "questions":
            self = .questions(
                before: try c.decodeIfPresent(QuestionID.self, forKey: .before),
                limit: try c.decodeWholeIfPresent(.limit))
        case "guide": self = .guide
        case "report": self = .report
        case "ping": self = .ping
        case "describeModels":
            self = .describeModels(teacherKey: try c.decodeTextIfPresent(.key, limit: TextLimit.teacherKey))
        case "startPlan":
            var seed: UInt64?
            if let text = try c.decodeTextIfPresent(.seed, limit: 20) {
                guard let value = UInt64(text) else {
                    throw ProtocolError(.invalidField, ProtocolWords.word("protocol.seed.notText"))
                }
                seed = value
            }
            var pace: PlanPace?
            if let text = try c.decodeTextIfPresent(.pace, limit: 16) {
                guard let value = PlanPace(rawValue: text) else {
                    throw ProtocolError(.invalidField, ProtocolWords.word("protocol.pace.teacherOrAuto"))
                }
                pace = value
            }
            self = .startPlan(
                teacherKey: try c.decodeText(.key, limit: TextLimit.teacherKey),
                plan: try c.decodeTextIfPresent(.plan, limit: PlanLimits.name),
                text: try c.decodeTextIfPresent(.text, limit: PlanLimits.fileCharacters), seed: seed, pace: pace,
                rate: try c.decodeFiniteIfPresent(.rate),
                options: try c.decodeIfPresent(LessonOptions.self, forKey: .options))
        case "describePlans":
            self = .describePlans(teacherKey: try c.decodeTextIfPresent(.key, limit: TextLimit.teacherKey))
        case "previewPlan":
            var seed: UInt64?
            if let text = try c.decodeTextIfPresent(.seed, limit: 20) {
                guard let value = UInt64(text) else {
                    throw ProtocolError(.invalidField, ProtocolWords.word("protocol.seed.notText"))
                }
                seed = value
            }
            self = .previewPlan(
                teacherKey: try c.decodeText(.key, limit: TextLimit.teacherKey),
                text: try c.decodeText(.text, limit: PlanLimits.fileCharacters), seed: seed)
        case "savePlan":
            self = .savePlan(
                teacherKey: try c.decodeText(.key, limit: TextLimit.teacherKey),
                name: try c.decodeText(.name, limit: PlanLimits.name),
                text: try c.decodeText(.text, limit: PlanLimits.fileCharacters),
                replace: try c.decodeIfPresent(Bool.self, forKey: .replace) ?? false)
        case "removePlan":
            self = .removePlan(
                teacherKey: try c.decodeText(.key, limit: TextLimit.teacherKey),
                name: try c.decodeText(.name, limit: PlanLimits.name))
        case "sharePlan", "unsharePlan":
            let key = try c.decodeText(.key, limit: TextLimit.teacherKey)
            let name = try c.decodeText(.name, limit: PlanLimits.name)
            self =
                type == "sharePlan"
                ? .sharePlan(teacherKey: key, name: name) : .unsharePlan(teacherKey: key, name: name)
        case "openSharedPlan": self = .openSharedPlan(link: try c.decodeText(.link, limit: TextLimit.token))
        case "copySharedPlan":
            self = .copySharedPlan(
                teacherKey: try c.decodeText(.key, limit: TextLimit.teacherKey),
                link: try c.decodeText(.link, limit: TextLimit.token))
        case "planNext": self = .planNext
        case "planSkip": self = .planSkip
        case "planPace":
            guard let pace = PlanPace(rawValue: try c.decodeText(.pace, limit: 16)) else {
                throw ProtocolError(.invalidField, ProtocolWords.word("protocol.pace.teacherOrAuto"))
            }
            self = .planPace(pace)
        case "openMakeup": self = .openMakeup(until: try c.decodeIfPresent(Timestamp.self, forKey: .until))
        case "closeMakeup": self = .closeMakeup
        case "joinMakeup":
            self = .joinMakeup(
                code: try c.decode(JoinCode.self, forKey: .code),
                name: try c.decodeTextIfPresent(.name, limit: TextLimit.name), language: try c.decodeLanguageIfPresent()
            )
        case "resumeMakeup":
            self = .resumeMakeup(
                code: try c.decode(JoinCode.self, forKey: .code), token: try c.decode(AccessToken.self, forKey: .token),
                language: try c.decodeLanguageIfPresent())
        case "makeupNext": self = .makeupNext
        case "makeupPace":
            guard let pace = MakeupPace(rawValue: try c.decodeText(.pace, limit: 16)) else {
                throw ProtocolError(.invalidField, ProtocolWords.word("protocol.pace.makeup"))
            }
            self = .makeupPace(pace, seconds: try c.decodeWholeIfPresent(.seconds))
        case "signIn":
            self = .signIn(
                name: try c.decodeText(.name, limit: TextLimit.account),
                password: try c.decodeText(.password, limit: TextLimit.password))
        case "choosePassword":
            self = .choosePassword(
                link: try c.decodeText(.link, limit: TextLimit.teacherKey),
                password: try c.decodeText(.password, limit: TextLimit.password))
        case _ where AccountRequest.types.contains(type):
            self = .account(
                session: try c.decodeText(.session, limit: TextLimit.teacherKey), request: try Self.request(type, c))
        default: throw MessageType.unknown(type)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(type, forKey: .type)
        switch self {
        case .create(let key, let model, let parameters, let seed, let options):
            try c.encode(key, forKey: .key)
            try c.encode(model.rawValue, forKey: .model)
            try c.encodeIfPresent(parameters, forKey: .parameters)
            try c.encodeIfPresent(seed.map { String($0) }, forKey: .seed)
            try c.encodeIfPresent(options, forKey: .options)
        case .importLesson(let key, let definition, let options):
            try c.encode(key, forKey: .key)
            try c.encode(definition, forKey: .definition)
            try c.encodeIfPresent(options, forKey: .options)
        case .join(let code, let name, let language):
            try c.encode(code, forKey: .code)
            try c.encodeIfPresent(name, forKey: .name)
            try c.encodeIfPresent(language, forKey: .language)
        case .resume(let code, let token, let lastSeen, let language),
            .teach(let code, let token, let lastSeen, let language),
            .observe(let code, let token, let lastSeen, let language):
            try c.encode(code, forKey: .code)
            try c.encode(token, forKey: .token)
            try c.encodeIfPresent(lastSeen, forKey: .lastSeen)
            try c.encodeIfPresent(language, forKey: .language)
        case .setLanguage(let language): try c.encode(language, forKey: .language)
        case .step(let count), .rewind(let count): try c.encode(count, forKey: .count)
        case .run(let rate): try c.encode(rate, forKey: .rate)
        case .setParameter(let name, let value):
            try c.encode(name, forKey: .name)
            try c.encode(value, forKey: .value)
        case .toggle(let x, let y):
            try c.encode(x, forKey: .x)
            try c.encode(y, forKey: .y)
        case .place(let pattern, let x, let y):
            try c.encode(pattern, forKey: .pattern)
            try c.encode(x, forKey: .x)
            try c.encode(y, forKey: .y)
        case .clone(let changes): try c.encode(changes, forKey: .changes)
        case .kick(let student), .eraseStudent(let student): try c.encode(student, forKey: .student)
        case .extraTime(let student, let percent):
            try c.encode(student, forKey: .student)
            try c.encode(percent, forKey: .percent)
        case .ask(let spec): try spec.encode(to: encoder)
        case .closeQuestion(let question), .hint(let question), .showAnswers(let question):
            try c.encode(question, forKey: .question)
        case .startHunt(let catches, let seconds):
            try c.encodeIfPresent(catches, forKey: .catches)
            try c.encodeIfPresent(seconds, forKey: .seconds)
        case .catchCreature(let creature): try c.encode(creature, forKey: .creature)
        case .spot(let spotter): try c.encode(spotter, forKey: .spotter)
        case .setSelection(let selection): try c.encode(selection, forKey: .selection)
        case .replicates(let count, let horizon, let metric):
            try c.encode(count, forKey: .count)
            try c.encode(horizon, forKey: .horizon)
            try c.encode(metric, forKey: .metric)
        case .answer(let question, let prediction, let reason):
            try c.encode(question, forKey: .question)
            try prediction.encode(to: encoder)
            try c.encodeIfPresent(reason, forKey: .reason)
        case .reasons(let question): try c.encode(question, forKey: .question)
        case .showReasons(let question, let students, let names):
            try c.encode(question, forKey: .question)
            try c.encode(students, forKey: .students)
            if names { try c.encode(names, forKey: .names) }
        case .history(let from, let to):
            try c.encodeIfPresent(from, forKey: .from)
            try c.encodeIfPresent(to, forKey: .to)
        case .questions(let before, let limit):
            try c.encodeIfPresent(before, forKey: .before)
            try c.encodeIfPresent(limit, forKey: .limit)
        case .describeModels(let key), .describePlans(let key): try c.encodeIfPresent(key, forKey: .key)
        case .signIn(let name, let password):
            try c.encode(name, forKey: .name)
            try c.encode(password, forKey: .password)
        case .choosePassword(let link, let password):
            try c.encode(link, forKey: .link)
            try c.encode(password, forKey: .password)
        case .account(let session, let request):
            try c.encode(session, forKey: .session)
            switch request {
            case .signOut, .sessions, .myLessons: break
            case .revokeSession(let handle): try c.encode(handle, forKey: .handle)
            case .lessonTeachers(let code), .eraseLesson(let code): try c.encode(code, forKey: .code)
            case .teachers, .platforms: break
            case .addPlatform(let platform):
                try c.encode(platform.issuer, forKey: .issuer)
                try c.encode(platform.clientId, forKey: .clientId)
                try c.encode(platform.authUrl, forKey: .authUrl)
                try c.encode(platform.tokenUrl, forKey: .tokenUrl)
                try c.encode(platform.jwksUrl, forKey: .jwksUrl)
                try c.encode(platform.deploymentIds, forKey: .deploymentIds)
            case .removePlatform(let issuer, let clientId):
                try c.encode(issuer, forKey: .issuer)
                try c.encodeIfPresent(clientId, forKey: .clientId)
            case .addTeacher(let name, let email):
                try c.encode(name, forKey: .name)
                try c.encodeIfPresent(email, forKey: .email)
            case .resetTeacher(let teacher), .disableTeacher(let teacher), .enableTeacher(let teacher),
                .removeTeacher(let teacher):
                try c.encode(teacher, forKey: .teacher)
            case .open(let code, let lastSeen, let asObserver, let language):
                try c.encode(code, forKey: .code)
                try c.encodeIfPresent(lastSeen, forKey: .lastSeen)
                if asObserver { try c.encode("observer", forKey: .role) }
                try c.encodeIfPresent(language, forKey: .language)
            case .share(let code, let teacher), .unshare(let code, let teacher), .handOver(let code, let teacher):
                try c.encode(code, forKey: .code)
                try c.encode(teacher, forKey: .teacher)
            }
        case .startPlan(let key, let plan, let text, let seed, let pace, let rate, let options):
            try c.encode(key, forKey: .key)
            try c.encodeIfPresent(plan, forKey: .plan)
            try c.encodeIfPresent(text, forKey: .text)
            try c.encodeIfPresent(seed.map { String($0) }, forKey: .seed)
            try c.encodeIfPresent(pace?.rawValue, forKey: .pace)
            try c.encodeIfPresent(rate, forKey: .rate)
            try c.encodeIfPresent(options, forKey: .options)
        case .previewPlan(let key, let text, let seed):
            try c.encode(key, forKey: .key)
            try c.encode(text, forKey: .text)
            try c.encodeIfPresent(seed.map { String($0) }, forKey: .seed)
        case .savePlan(let key, let name, let text, let replace):
            try c.encode(key, forKey: .key)
            try c.encode(name, forKey: .name)
            try c.encode(text, forKey: .text)
            if replace { try c.encode(true, forKey: .replace) }
        case .removePlan(let key, let name), .sharePlan(let key, let name), .unsharePlan(let key, let name):
            try c.encode(key, forKey: .key)
            try c.encode(name, forKey: .name)
        case .openSharedPlan(let link): try c.encode(link, forKey: .link)
        case .copySharedPlan(let key, let link):
            try c.encode(key, forKey: .key)
            try c.encode(link, forKey: .link)
        case .planPace(let pace): try c.encode(pace.rawValue, forKey: .pace)
        case .openMakeup(let until): try c.encodeIfPresent(until, forKey: .until)
        case .joinMakeup(let code, let name, let language):
            try c.encode(code, forKey: .code)
            try c.encodeIfPresent(name, forKey: .name)
            try c.encodeIfPresent(language, forKey: .language)
        case .resumeMakeup(let code, let token, let language):
            try c.encode(code, forKey: .code)
            try c.encode(token, forKey: .token)
            try c.encodeIfPresent(language, forKey: .language)
        case .makeupPace(let pace, let seconds):
            try c.encode(pace.rawValue, forKey: .pace)
            try c.encodeIfPresent(seconds, forKey: .seconds)
        case .closeMakeup, .makeupNext: break
        case .pause, .checkpoint, .restore, .export, .end, .exportResults, .ping, .guide, .report, .planNext,
            .planSkip:
            break
        }
    }
}

extension KeyedDecodingContainer where Key: CodingKey {
    /// The optional `language` field: a BCP 47 tag (at most 35 characters), or a refusal that says so.
    func decodeLanguageIfPresent() throws -> String? {
        guard let key = Key(stringValue: "language"), let text = try decodeIfPresent(String.self, forKey: key) else {
            return nil
        }
        guard text.utf8.count <= 35, Language(text) != nil else {
            throw ProtocolError(.invalidField, ProtocolWords.word("protocol.language.invalid"))
        }
        return text
    }
}

/// Turning an unknown `type` into an error that is safe to echo back.
enum MessageType {
    /// The `unknown-type` error, quoting at most 32 plain characters of what was sent.
    static func unknown(_ type: String) -> ProtocolError {
        let shown = String(
            type.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
                .prefix(32))
        return ProtocolError(.unknownType, ProtocolWords.word("protocol.message.unknownType", ["type": .text(shown)]))
    }
}
