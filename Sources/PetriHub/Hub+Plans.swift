import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriWords

extension Hub {
    /// The store's plans, when the hub's storage keeps them (SQLite, PostgreSQL, in memory).
    var planStorage: (any PlanStorage)? { services.storage as? any PlanStorage }

    /// The plans a teacher may start: the shipped ones, the server's (the store's, and the files of its plans
    /// folder not stored yet), then, for a signed-in teacher, their own. A stored plan takes the place of a folder
    /// file of the same name, and a teacher's own plan the place of the server's; a shipped plan is never replaced.
    func planFiles(for teacher: TeacherRecord?) async -> [PlanFile] {
        var files = configuration.plans()
        guard let storage = planStorage else { return files }
        func put(_ file: PlanFile) {
            if let index = files.firstIndex(where: { $0.name == file.name }) {
                if !files[index].shipped { files[index] = file }
            } else {
                files.append(file)
            }
        }
        do {
            for record in try await storage.plans(ownedBy: nil) {
                put(PlanFile(name: record.name, text: record.text, shipped: false))
            }
            if let teacher {
                for record in try await storage.plans(ownedBy: teacher.id) {
                    put(PlanFile(name: record.name, text: record.text, shipped: false, own: true))
                }
            }
        } catch {
            services.logger.error("Could not read the stored lesson plans", metadata: ["error": "\(error)"])
        }
        return files
    }

    /// The plans that check against the server's models, as `describePlans` lists them (a plan that does not check
    /// is left out; `petri plan check` names its mistakes).
    func planListings(for teacher: TeacherRecord?) async -> [PlanListing] {
        // The sender's own stored plans carry their link (a teacher's own plans; the server's for the teacher key).
        var links: [String: String] = [:]
        if let storage = planShareStorage {
            do {
                for share in try await storage.planShares(ownedBy: teacher?.id) { links[share.name] = share.token }
            } catch {
                services.logger.error("Could not read the plans' links", metadata: ["error": "\(error)"])
            }
        }
        return await planFiles(for: teacher).compactMap { file in
            guard case .success(let plan) = PlanCheck.check(file.text, models: services.models) else { return nil }
            let mine = !file.shipped && file.own == (teacher != nil)
            return PlanListing(
                name: file.name, title: plan.title, summary: plan.summary, model: plan.model,
                moments: plan.moments.count, shipped: file.shipped, text: file.text, own: file.own,
                link: mine ? links[file.name] : nil)
        }
    }

    /// `describePlans`: the key, when given, is checked as for `describeModels`; a signed-in teacher's session
    /// also lists their own plans.
    func describePlans(key: String?, from address: String) async -> Result<[PlanListing], ProtocolError> {
        guard let key else { return .success(await planListings(for: nil)) }
        switch await authority(key, from: address) {
        case .success(let teacher): return .success(await planListings(for: teacher))
        case .failure(let refusal): return .failure(refusal)
        }
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
            guard let file = await planFiles(for: owner).first(where: { $0.name == name }) else {
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
            return .failure(ProtocolError(.invalidDefinition, PlanWords.planDoesNotRead(problems)))
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

extension Hub {
    /// Previews at most this many plans at once on the whole server (each runs off the actor, on one thread).
    static let maxPreviews = 2
    /// Replicates a preview runs per question.
    static let previewReplicates = 20
    /// Seconds of the hub's clock a preview may run before it answers with what it has.
    static let previewSeconds = 5.0

    /// `previewPlan`: the plan run with no students on a private lesson, off the actor and bounded in time
    /// (``previewSeconds``) and size (the plan's generations, ``PlanPreviewRun/maxSteps``); `planProblems` when
    /// the text does not check.
    func previewPlan(key: String, text: String, seed: UInt64?, from address: String) async -> Result<
        ServerMessage, ProtocolError
    > {
        if case .failure(let refusal) = await authority(key, from: address) { return .failure(refusal) }
        let maxGenerations = configuration.lessonDefaults.maxGenerations
        let plan: LessonPlan
        switch PlanCheck.check(text, models: services.models, maxGenerations: maxGenerations) {
        case .success(let checked): plan = checked
        case .failure(let problems): return .success(.planProblems(problems.problems.map(PlanProblem.init)))
        }
        guard let entry = services.models.entry(for: plan.model) else {
            return .failure(Self.unknownModel(in: services.models))
        }
        guard previewsRunning < Self.maxPreviews else {
            return .failure(ProtocolError(.tryLater, HubPlanWords.previewsBusy))
        }
        previewsRunning += 1
        defer { previewsRunning -= 1 }
        var random = SystemRandomNumberGenerator()
        let chosen = seed ?? plan.seed ?? random.next()
        let clock = services.clock
        let deadline = clock.now().adding(milliseconds: Int64(Self.previewSeconds * 1000))
        let maker = entry.maker
        let task = Task.detached(priority: .utility) { () -> Result<PlanPreview, ProtocolError> in
            do throws(ProtocolError) {
                return .success(
                    try PlanPreviewRun.run(
                        plan, text: text, seed: chosen, maker: maker, replicates: Self.previewReplicates,
                        maxGenerations: maxGenerations, shouldStop: { clock.now() >= deadline }))
            } catch {
                return .failure(error)
            }
        }
        return await task.value.map { .planPreview($0) }
    }

    /// `savePlan`: checks the text as `petri plan check` does and stores it among the sender's plans (a signed-in
    /// teacher's own, or the server's for the teacher key).
    func savePlan(key: String, name: String, text: String, replace: Bool, from address: String) async -> Result<
        ServerMessage, ProtocolError
    > {
        let owner: TeacherRecord?
        switch await authority(key, from: address) {
        case .success(let teacher): owner = teacher
        case .failure(let refusal): return .failure(refusal)
        }
        guard PlanFile.isWellFormed(name: name) else {
            return .failure(ProtocolError(.invalidField, PlanWords.planNameInvalid(name)))
        }
        guard !ShippedPlans.files.contains(where: { $0.name == name }) else {
            return .failure(ProtocolError(.invalidField, HubPlanWords.shippedName(name)))
        }
        if case .failure(let problems) = PlanCheck.check(
            text, models: services.models, maxGenerations: configuration.lessonDefaults.maxGenerations)
        {
            return .success(.planProblems(problems.problems.map(PlanProblem.init)))
        }
        guard let storage = planStorage else { return .failure(ProtocolError(.internalError, HubPlanWords.noStore)) }
        let saved: Bool
        do {
            saved = try await storage.savePlan(
                PlanRecord(name: name, ownerId: owner?.id, text: text, savedAt: services.clock.now()), replace: replace)
        } catch {
            services.logger.error("Could not save a lesson plan", metadata: ["plan": "\(name)", "error": "\(error)"])
            return .failure(ProtocolError(.internalError, HubPlanWords.notSaved))
        }
        guard saved else { return .failure(ProtocolError(.invalidAction, HubPlanWords.exists(name))) }
        return .success(.planSaved(name: name))
    }

    /// `removePlan`: takes a plan out of the sender's stored plans (a signed-in teacher's own, or the server's for
    /// the teacher key). Lessons started from it keep their copy (``PlanCopy``).
    func removePlan(key: String, name: String, from address: String) async -> Result<ServerMessage, ProtocolError> {
        let owner: TeacherRecord?
        switch await authority(key, from: address) {
        case .success(let teacher): owner = teacher
        case .failure(let refusal): return .failure(refusal)
        }
        guard let storage = planStorage else { return .failure(ProtocolError(.internalError, HubPlanWords.noStore)) }
        let removed: Bool
        do {
            removed = try await storage.removePlan(named: name, ownedBy: owner?.id)
        } catch {
            services.logger.error("Could not remove a lesson plan", metadata: ["plan": "\(name)", "error": "\(error)"])
            return .failure(ProtocolError(.internalError, HubPlanWords.notRemoved))
        }
        guard removed else { return .failure(ProtocolError(.invalidField, HubPlanWords.noneToRemove(name))) }
        return .success(.planRemoved(name: name))
    }
}

extension Hub {
    /// The store's plans' links, when the hub's storage keeps them.
    var planShareStorage: (any PlanShareStorage)? { services.storage as? any PlanShareStorage }

    /// Whether `link` can be a plan's link: 22 characters of base64url (``Secrets/token()``).
    static func isPlanLink(_ link: String) -> Bool {
        link.utf8.count == 22
            && link.utf8.allSatisfy {
                ("A"..."Z").contains(UnicodeScalar($0)) || ("a"..."z").contains(UnicodeScalar($0))
                    || ("0"..."9").contains(UnicodeScalar($0)) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
            }
    }

    /// `sharePlan`: a link to one of the sender's stored plans (the same one each time, until it is revoked).
    func sharePlan(key: String, name: String, from address: String) async -> Result<ServerMessage, ProtocolError> {
        let owner: TeacherRecord?
        switch await authority(key, from: address) {
        case .success(let teacher): owner = teacher
        case .failure(let refusal): return .failure(refusal)
        }
        guard let storage = planShareStorage else {
            return .failure(ProtocolError(.internalError, HubPlanWords.noStore))
        }
        do {
            let token = try Secrets.token().secret
            guard
                let share = try await storage.sharePlan(
                    PlanShare(token: token, name: name, ownerId: owner?.id, sharedAt: services.clock.now()))
            else { return .failure(ProtocolError(.invalidField, HubPlanWords.nothingToShare(name))) }
            return .success(.planShared(name: name, link: share.token))
        } catch {
            services.logger.error("Could not share a lesson plan", metadata: ["plan": "\(name)", "error": "\(error)"])
            return .failure(ProtocolError(.internalError, HubPlanWords.notShareable))
        }
    }

    /// `unsharePlan`: revokes the link of one of the sender's stored plans (the page it opened then says so).
    func unsharePlan(key: String, name: String, from address: String) async -> Result<ServerMessage, ProtocolError> {
        let owner: TeacherRecord?
        switch await authority(key, from: address) {
        case .success(let teacher): owner = teacher
        case .failure(let refusal): return .failure(refusal)
        }
        guard let storage = planShareStorage else {
            return .failure(ProtocolError(.internalError, HubPlanWords.noStore))
        }
        do {
            guard try await storage.unsharePlan(named: name, ownedBy: owner?.id) else {
                return .failure(ProtocolError(.invalidField, HubPlanWords.notShared(name)))
            }
            return .success(.planUnshared(name: name))
        } catch {
            services.logger.error(
                "Could not stop sharing a lesson plan", metadata: ["plan": "\(name)", "error": "\(error)"])
            return .failure(ProtocolError(.internalError, HubPlanWords.notShareable))
        }
    }

    /// The stored plan a link opens: `invalid-field` for a link that cannot be one, `unknown-token` for one no plan is
    /// shared under (never shared, or revoked).
    func sharedPlanRecord(_ link: String) async -> Result<PlanRecord, ProtocolError> {
        guard Self.isPlanLink(link) else { return .failure(ProtocolError(.invalidField, HubPlanWords.linkMalformed)) }
        guard let storage = planShareStorage else {
            return .failure(ProtocolError(.unknownToken, HubPlanWords.linkGone))
        }
        do {
            guard let found = try await storage.sharedPlan(token: link) else {
                return .failure(ProtocolError(.unknownToken, HubPlanWords.linkGone))
            }
            return .success(found.plan)
        } catch {
            services.logger.error("Could not read a shared lesson plan", metadata: ["error": "\(error)"])
            return .failure(ProtocolError(.internalError, HubPlanWords.notShareable))
        }
    }

    /// `openSharedPlan`: the plan a link opens, for anyone who has the link (a plan holds no student's data; the
    /// link is 128 random bits, and its owner can revoke it).
    func openSharedPlan(link: String) async -> Result<ServerMessage, ProtocolError> {
        let record: PlanRecord
        switch await sharedPlanRecord(link) {
        case .success(let found): record = found
        case .failure(let refusal): return .failure(refusal)
        }
        switch PlanCheck.check(record.text, models: services.models) {
        case .success(let plan):
            return .success(
                .sharedPlan(
                    SharedPlan(
                        link: link, name: record.name, title: plan.title, summary: plan.summary, model: plan.model,
                        moments: plan.moments, text: record.text)))
        case .failure(let problems):
            return .failure(ProtocolError(.invalidDefinition, PlanWords.planDoesNotRead(problems)))
        }
    }

    /// `copySharedPlan`: the plan a link opens, saved among the sender's plans under its name, or the first free
    /// `NAME-2` ... `NAME-9`.
    func copySharedPlan(key: String, link: String, from address: String) async -> Result<ServerMessage, ProtocolError> {
        let owner: TeacherRecord?
        switch await authority(key, from: address) {
        case .success(let teacher): owner = teacher
        case .failure(let refusal): return .failure(refusal)
        }
        let record: PlanRecord
        switch await sharedPlanRecord(link) {
        case .success(let found): record = found
        case .failure(let refusal): return .failure(refusal)
        }
        guard let storage = planStorage else { return .failure(ProtocolError(.internalError, HubPlanWords.noStore)) }
        let base = String(record.name.prefix(PlanLimits.name - 2))
        let names = [record.name] + (2...9).map { "\(base)-\($0)" }
        do {
            for name in names where !ShippedPlans.files.contains(where: { $0.name == name }) {
                let copy = PlanRecord(name: name, ownerId: owner?.id, text: record.text, savedAt: services.clock.now())
                if try await storage.savePlan(copy, replace: false) { return .success(.planSaved(name: name)) }
            }
        } catch {
            services.logger.error("Could not copy a shared lesson plan", metadata: ["error": "\(error)"])
            return .failure(ProtocolError(.internalError, HubPlanWords.notSaved))
        }
        return .failure(ProtocolError(.invalidAction, HubPlanWords.noFreeName(record.name)))
    }
}

extension PlanProblem {
    init(_ problem: PlanReader.Problem) { self.init(line: problem.line, sentence: Sentence(problem.word)) }
}

/// The sentences of the hub's plan requests, from the hub's catalogs.
enum HubPlanWords {
    static var previewsBusy: Word { HubWords.word("hub.plan.previewsBusy") }
    static func shippedName(_ name: String) -> Word { HubWords.word("hub.plan.shippedName", ["name": .text(name)]) }
    static func exists(_ name: String) -> Word { HubWords.word("hub.plan.exists", ["name": .text(name)]) }
    static var noStore: Word { HubWords.word("hub.plan.noStore") }
    static var notSaved: Word { HubWords.word("hub.plan.notSaved") }
    static var notRemoved: Word { HubWords.word("hub.plan.notRemoved") }
    static func nothingToShare(_ name: String) -> Word {
        HubWords.word("hub.plan.nothingToShare", ["name": .text(name)])
    }
    static func notShared(_ name: String) -> Word { HubWords.word("hub.plan.notShared", ["name": .text(name)]) }
    static var notShareable: Word { HubWords.word("hub.plan.notShareable") }
    static var linkMalformed: Word { HubWords.word("hub.plan.linkMalformed") }
    static var linkGone: Word { HubWords.word("hub.plan.linkGone") }
    static func noFreeName(_ name: String) -> Word { HubWords.word("hub.plan.noFreeName", ["name": .text(name)]) }
    static func noneToRemove(_ name: String) -> Word {
        HubWords.word("hub.plan.noneToRemove", ["name": .text(name)])
    }
}
