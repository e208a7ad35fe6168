import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriStorage

/// What an LTI launch asks of the hub: a lesson for an LMS activity, and a learner in it before they connect.
extension Hub {
    /// Starts the lesson of an LMS activity (its instructor's first launch), owned by `owner`.
    ///
    /// - Returns: The lesson's id and join code.
    package func startLinkedLesson(model: ModelKind, parameters: JSONValue, owner: TeacherRecord) async
        -> Result<(id: String, code: JoinCode), ProtocolError>
    {
        guard services.models.entry(for: model) != nil else { return .failure(Self.unknownModel(in: services.models)) }
        var lessonConfiguration = configuration.lessonDefaults
        var random = SystemRandomNumberGenerator()
        lessonConfiguration.nameSeed = random.next()
        let definition = LessonDefinition(model: model, seed: random.next(), parameters: parameters)
        switch await start(definition: definition, configuration: lessonConfiguration, owner: owner) {
        case .failure(let error): return .failure(error)
        case .success(let created):
            guard let host = byCode[created.code] else { return .failure(Self.noLesson(created.code)) }
            return .success((host.record.id, created.code))
        }
    }

    static func noLesson(_ code: JoinCode) -> ProtocolError {
        ProtocolError(.unknownLesson, HubWords.word("hub.lesson.unknown", ["code": .text(code.description)]))
    }

    /// The models a teacher may pick for an LMS activity, with their titles.
    package func offeredModels() -> [(kind: ModelKind, title: String)] {
        services.models.entries.map { ($0.kind, $0.modelDescription.title) }
    }

    /// The model a launch opens when its activity names none: the first the server offers.
    package func defaultModel() -> ModelKind? { services.models.kinds.first }

    /// Puts an LMS learner in the lesson under `name`, holding `token` as their resume token, unless a student
    /// already holds it (the same learner launching again, from any device). Their browser then resumes with it.
    package func admitLinkedStudent(code: JoinCode, name: String, token: AccessToken) async -> Result<
        Void, ProtocolError
    > {
        guard let host = await readableHost(for: code) else { return .failure(Self.noLesson(code)) }
        let held: AccessToken
        do {
            held = try host.record.tokens.held(token)
        } catch {
            return .failure(error)
        }
        let result = await host.admit(.join(name: name, token: held))
        // A token in use is this learner's earlier admission: nothing to do.
        if let rejection = result.rejection, rejection.code != .internalError { return .failure(rejection) }
        return .success(())
    }
}

/// What the LMS grades need of the hub: the students' results, and who may send them.
extension Hub {
    /// The results of the students holding these resume tokens (raw, as the learners' launches derived them), by
    /// the key each token comes with; nil when the lesson is not held here (ended past retention, or on another
    /// node of a cluster).
    package func results<Key: Hashable & Sendable>(ofLesson id: String, tokens: [Key: AccessToken]) async
        -> [Key: StudentResult]?
    {
        guard let host = byID[id] else { return nil }
        let held = host.record.tokens
        let results = await host.studentResults()
        var byToken: [AccessToken: StudentResult] = [:]
        for result in results { byToken[result.token] = result }
        var answer: [Key: StudentResult] = [:]
        for (key, token) in tokens {
            guard let form = try? held.held(token), let result = byToken[form] else { continue }
            answer[key] = result
        }
        return answer
    }

    /// The id of the lesson with this code when `credential` (its teacher token, the teacher key or a signed-in
    /// teacher's session) may teach it; else the refusal.
    package func lessonTaught(code: JoinCode, credential: String, from address: String) async
        -> Result<String, ProtocolError>
    {
        guard let host = await readableHost(for: code) else { return .failure(Self.noLesson(code)) }
        if let token = try? AccessToken(credential), let held = try? host.record.tokens.held(token),
            held == host.record.teacherToken
        {
            return .success(host.record.id)
        }
        switch await authority(credential, from: address) {
        case .failure(let refusal): return .failure(refusal)
        case .success(nil): return .success(host.record.id)
        case .success(let teacher?):
            if let refusal = await refusalOfOpening(host, by: teacher.id) { return .failure(refusal) }
            return .success(host.record.id)
        }
    }
}
