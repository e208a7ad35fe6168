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
