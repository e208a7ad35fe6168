import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriStorage

extension Hub {
    /// The server's plans that check against its models, as `describePlans` lists them (a file that does not check
    /// is left out; `petri plan check` names its mistakes).
    func planListings() -> [PlanListing] {
        configuration.plans().compactMap { file in
            guard case .success(let plan) = PlanCheck.check(file.text, models: services.models) else { return nil }
            return PlanListing(
                name: file.name, title: plan.title, summary: plan.summary, model: plan.model,
                moments: plan.moments.count, shipped: file.shipped, text: file.text)
        }
    }

    /// `describePlans`: the key, when given, is checked as for `describeModels`.
    func describePlans(key: String?, from address: String) async -> Result<[PlanListing], ProtocolError> {
        if let refusal = await refusalOfDescribeModels(key: key, from: address) { return .failure(refusal) }
        return .success(planListings())
    }

    /// `startPlan`: a lesson from one of the server's plans (by name) or from a plan file sent as text.
    ///
    /// The lesson keeps a copy of the plan (``PlanCopy``) in its configuration, so it runs the same plan after a
    /// restart or a takeover whatever becomes of the server's file.
    func startPlan(
        key: String, name: String?, text: String?, seed: UInt64?, pace: PlanPace?, rate: Double? = nil,
        options: LessonOptions?, from address: String
    ) async -> Result<CreatedLesson, ProtocolError> {
        let owner: TeacherRecord?
        switch await authority(key, from: address) {
        case .success(let teacher): owner = teacher
        case .failure(let refusal): return .failure(refusal)
        }
        if let rate, !(0.01...30).contains(rate) {
            return .failure(ProtocolError(.outOfRange, "Run at 0.01 to 30 generations per second, not \(rate)."))
        }
        let planText: String
        switch (name, text) {
        case (let name?, nil):
            guard let file = configuration.plans().first(where: { $0.name == name }) else {
                return .failure(ProtocolError(.invalidField, PlanWords.unknownPlan(name)))
            }
            planText = file.text
        case (nil, let text?):
            planText = text
        default:
            return .failure(ProtocolError(.missingField, PlanWords.planOrText))
        }
        let plan: LessonPlan
        switch PlanCheck.check(
            planText, models: services.models, maxGenerations: configuration.lessonDefaults.maxGenerations)
        {
        case .success(let checked): plan = checked
        case .failure(let problems):
            return .failure(ProtocolError(.invalidDefinition, PlanWords.planDoesNotRead(problems.description)))
        }
        var random = SystemRandomNumberGenerator()
        let definition = LessonDefinition(
            model: plan.model, seed: seed ?? plan.seed ?? random.next(), parameters: plan.parameters)
        var lessonConfiguration = configuration.lessonDefaults
        lessonConfiguration.options = options ?? plan.options
        lessonConfiguration.nameSeed = random.next()
        lessonConfiguration.plan = PlanCopy(name: name, text: planText, pace: pace, rate: rate)
        return await start(definition: definition, configuration: lessonConfiguration, owner: owner)
    }
}
