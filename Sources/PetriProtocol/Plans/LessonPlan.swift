import PetriSimulation
import PetriWords

/// A lesson plan: a model, its starting parameters and options, and a timeline of moments that a lesson runs in
/// order (written by a teacher as a YAML file; see Sources/PetriLesson/Plans/PLANS-FORMAT.md).
///
/// The plan is read by ``PlanReader`` (PetriLesson); this is what the reader makes of a file, and what the
/// teacher's console is sent (`plan`) to draw the timeline.
package struct LessonPlan: Sendable, Hashable {
    /// The title the console lists the plan under.
    package var title: String
    /// The story and aims, for the teacher.
    package var summary: String
    /// The model's name, as `create` takes it.
    package var model: ModelKind
    /// The model's starting parameters, the scenario among them (as `create` takes them).
    package var parameters: JSONValue
    /// The seed, only when the teacher wrote one (the same lesson every time).
    package var seed: UInt64?
    /// The lesson's options.
    package var options: LessonOptions
    /// Whether the plan waits for the teacher's Next at every moment, or runs itself.
    package var pace: PlanPace
    /// Generations per second of a `run` moment that gives no rate.
    package var rate: Double
    /// The timeline, in order.
    package var moments: [PlanMoment]

    package init(
        title: String, summary: String = "", model: ModelKind, parameters: JSONValue = .object([:]),
        seed: UInt64? = nil, options: LessonOptions = LessonOptions(), pace: PlanPace = .teacher, rate: Double = 1,
        moments: [PlanMoment]
    ) {
        self.title = title
        self.summary = summary
        self.model = model
        self.parameters = parameters
        self.seed = seed
        self.options = options
        self.pace = pace
        self.rate = rate
        self.moments = moments
    }
}

/// Who moves a plan on: the teacher (each moment waits for Next) or the plan itself.
package enum PlanPace: String, Sendable, Hashable, Codable, CaseIterable {
    case teacher
    case auto
}

/// One moment of a plan's timeline.
package struct PlanMoment: Sendable, Hashable {
    /// The line of the plan file it starts on (1-based).
    package var line: Int
    /// The generation it happens at: the plan runs there first (nil: right after the previous moment).
    package var at: Int?
    /// What happens.
    package var action: PlanAction
    /// The teacher's own note for this moment (a discussion prompt); shown on the console only.
    package var note: String?

    package init(line: Int, at: Int? = nil, action: PlanAction, note: String? = nil) {
        self.line = line
        self.at = at
        self.action = action
        self.note = note
    }
}

/// What a moment does.
package enum PlanAction: Sendable, Hashable {
    /// Runs to generation `to` at `rate` generations per second (the plan's rate when nil), then pauses.
    case run(to: Int, rate: Double?)
    /// Pauses; in an automatic plan for `seconds`, else (or without seconds) until the teacher's Next.
    case pause(seconds: Int?)
    /// Asks a question (the plan's rules: pauses first; closes the teacher's own open question).
    case ask(QuestionSpec)
    /// Shows the class's answers to the plan's latest question.
    case reveal
    /// Shows everyone a text: the teacher's own (`text`), or a section of the built-in guide (`guide`).
    case explain(title: String?, text: String?, guide: String?)
    /// Changes a parameter of the model.
    case set(name: String, value: ParameterValue)
    /// Saves the checkpoint.
    case checkpoint
    /// Runs replicates ("what else could have happened").
    case replicates(count: Int, horizon: Int, metric: String)
    /// Starts a hunt round (the class is the selection): `seconds` long and `catches` per student, the round's
    /// defaults when nil; the plan goes on once the round is over. Only in a lesson whose selection is the class.
    case hunt(seconds: Int?, catches: Int?)

    /// The moment's kind as the file and the wire name it.
    package var kind: String {
        switch self {
        case .run: "run"
        case .pause: "pause"
        case .ask: "ask"
        case .reveal: "reveal"
        case .explain: "explain"
        case .set: "set"
        case .checkpoint: "checkpoint"
        case .replicates: "replicates"
        case .hunt: "hunt"
        }
    }
}

extension PlanMoment: Codable {
    private enum Keys: String, CodingKey {
        case kind, line, at, note, to, rate, seconds, question, title, text, guide, name, value, count, horizon
        case metric, catches
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        line = try c.decodeWhole(.line)
        at = try c.decodeWholeIfPresent(.at)
        note = try c.decodeTextIfPresent(.note, limit: PlanLimits.text)
        switch try c.decodeText(.kind, limit: 16) {
        case "run": action = .run(to: try c.decodeWhole(.to), rate: try c.decodeIfPresent(Double.self, forKey: .rate))
        case "pause": action = .pause(seconds: try c.decodeWholeIfPresent(.seconds))
        case "ask": action = .ask(try c.decode(QuestionSpec.self, forKey: .question))
        case "reveal": action = .reveal
        case "explain":
            action = .explain(
                title: try c.decodeTextIfPresent(.title, limit: PlanLimits.title),
                text: try c.decodeTextIfPresent(.text, limit: PlanLimits.text),
                guide: try c.decodeTextIfPresent(.guide, limit: 64))
        case "set":
            action = .set(
                name: try c.decodeText(.name, limit: TextLimit.parameterName),
                value: try c.decode(ParameterValue.self, forKey: .value))
        case "checkpoint": action = .checkpoint
        case "replicates":
            action = .replicates(
                count: try c.decodeWhole(.count), horizon: try c.decodeWhole(.horizon),
                metric: try c.decodeText(.metric, limit: TextLimit.metric))
        case "hunt":
            action = .hunt(seconds: try c.decodeWholeIfPresent(.seconds), catches: try c.decodeWholeIfPresent(.catches))
        default:
            throw ProtocolError(.invalidField, ProtocolWords.word("protocol.plan.momentKind"))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(action.kind, forKey: .kind)
        try c.encode(line, forKey: .line)
        try c.encodeIfPresent(at, forKey: .at)
        try c.encodeIfPresent(note, forKey: .note)
        switch action {
        case .run(let to, let rate):
            try c.encode(to, forKey: .to)
            try c.encodeIfPresent(rate, forKey: .rate)
        case .pause(let seconds): try c.encodeIfPresent(seconds, forKey: .seconds)
        case .ask(let spec): try c.encode(spec, forKey: .question)
        case .reveal, .checkpoint: break
        case .explain(let title, let text, let guide):
            try c.encodeIfPresent(title, forKey: .title)
            try c.encodeIfPresent(text, forKey: .text)
            try c.encodeIfPresent(guide, forKey: .guide)
        case .set(let name, let value):
            try c.encode(name, forKey: .name)
            try c.encode(value, forKey: .value)
        case .replicates(let count, let horizon, let metric):
            try c.encode(count, forKey: .count)
            try c.encode(horizon, forKey: .horizon)
            try c.encode(metric, forKey: .metric)
        case .hunt(let seconds, let catches):
            try c.encodeIfPresent(seconds, forKey: .seconds)
            try c.encodeIfPresent(catches, forKey: .catches)
        }
    }
}

/// The sizes a plan keeps to.
package enum PlanLimits {
    /// Characters of a plan file.
    package static let fileCharacters = 64 * 1024
    /// Moments on a timeline.
    package static let moments = 200
    /// Characters of a title.
    package static let title = 120
    /// Characters of a summary, a note or an explanation.
    package static let text = 2000
    /// Characters of a plan's name (its file name without `.yaml`).
    package static let name = 64
}

/// A plan as the server keeps and lists it: its name, its text, and what the reader made of it.
package struct PlanListing: Sendable, Hashable, Codable {
    /// The plan's name: its file name without `.yaml` (`peppered-moths`).
    package var name: String
    package var title: String
    package var summary: String
    package var model: ModelKind
    /// How many moments its timeline has.
    package var moments: Int
    /// Whether it ships with Petri (else the server's operator or a teacher added it).
    package var shipped: Bool
    /// The file, to export or copy.
    package var text: String
    /// Whether it is the signed-in teacher's own plan (else the server's, or shipped).
    package var own: Bool
    /// The link it is shared by (`sharePlan`), listed to the plan's owner only.
    package var link: String?

    package init(
        name: String, title: String, summary: String, model: ModelKind, moments: Int, shipped: Bool, text: String,
        own: Bool = false, link: String? = nil
    ) {
        self.link = link
        self.name = name
        self.title = title
        self.summary = summary
        self.model = model
        self.moments = moments
        self.shipped = shipped
        self.text = text
        self.own = own
    }

    private enum Keys: String, CodingKey { case name, title, summary, model, moments, shipped, text, own, link }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        name = try c.decodeText(.name, limit: PlanLimits.name)
        title = try c.decodeText(.title, limit: PlanLimits.title)
        summary = try c.decodeText(.summary, limit: PlanLimits.text)
        guard let model = ModelKind(rawValue: try c.decodeText(.model, limit: 32)) else {
            throw ProtocolError(.invalidField, ProtocolWords.word("protocol.model.malformed"))
        }
        self.model = model
        moments = try c.decodeWhole(.moments)
        shipped = try c.decode(Bool.self, forKey: .shipped)
        text = try c.decodeText(.text, limit: PlanLimits.fileCharacters)
        own = try c.decodeIfPresent(Bool.self, forKey: .own) ?? false
        link = try c.decodeTextIfPresent(.link, limit: TextLimit.token)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(name, forKey: .name)
        try c.encode(title, forKey: .title)
        try c.encode(summary, forKey: .summary)
        try c.encode(model.rawValue, forKey: .model)
        try c.encode(moments, forKey: .moments)
        try c.encode(shipped, forKey: .shipped)
        try c.encode(text, forKey: .text)
        if own { try c.encode(own, forKey: .own) }
        try c.encodeIfPresent(link, forKey: .link)
    }
}

/// Where a lesson stands in its plan, as the teacher's console shows it (`plan`).
///
/// ```json
/// {"finished":false,"moments":[{"kind":"run","line":9,"to":6}],"name":"peppered-moths","next":0,"pace":"teacher",
///  "skipped":[],"title":"Peppered moths","type":"plan","waiting":"none"}
/// ```
package struct PlanState: Sendable, Hashable, Codable {
    /// The plan's name, when it came from the server's plans.
    package var name: String?
    package var title: String
    package var moments: [PlanMoment]
    /// The index (from 0) of the next moment Next does; `moments.count` when every moment is done.
    package var next: Int
    package var pace: PlanPace
    /// Indexes of the moments skipped (by the teacher, or because they could not be done).
    package var skipped: [Int]
    /// What the current moment waits for: `none`, `run` (the simulation reaching a generation), `question` (the
    /// question locking), `pause` (the pause's seconds), `teacher` (Next), `hunt` (a hunt round ending).
    package var waiting: String
    /// Whether every moment is done or skipped.
    package var finished: Bool

    package init(
        name: String?, title: String, moments: [PlanMoment], next: Int, pace: PlanPace, skipped: [Int],
        waiting: String, finished: Bool
    ) {
        self.name = name
        self.title = title
        self.moments = moments
        self.next = next
        self.pace = pace
        self.skipped = skipped
        self.waiting = waiting
        self.finished = finished
    }
}

/// A plan as its link shows it to a colleague (`sharedPlan`): what it is about and every moment, to read before
/// copying it.
///
/// ```json
/// {"link":"Qx7v2LmN0pR4sT6uW8yZ1a","model":"camouflage","moments":[{"kind":"run","line":5,"to":4}],
///  "name":"moths","summary":"Manchester, 1848.","text":"title: Moths\n...","title":"Moths"}
/// ```
package struct SharedPlan: Sendable, Hashable, Codable {
    /// The link's token (the page is `/plan/LINK`).
    package var link: String
    /// The plan's name among its owner's plans (a copy takes it when it is free).
    package var name: String
    package var title: String
    /// The story and aims.
    package var summary: String
    package var model: ModelKind
    /// The timeline, each moment with its fields (a question's prompt, metric, options, ...).
    package var moments: [PlanMoment]
    /// The plan file.
    package var text: String

    package init(
        link: String, name: String, title: String, summary: String, model: ModelKind, moments: [PlanMoment],
        text: String
    ) {
        (self.link, self.name, self.title, self.summary) = (link, name, title, summary)
        (self.model, self.moments, self.text) = (model, moments, text)
    }

    private enum Keys: String, CodingKey { case link, name, title, summary, model, moments, text }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        link = try c.decodeText(.link, limit: TextLimit.token)
        name = try c.decodeText(.name, limit: PlanLimits.name)
        title = try c.decodeText(.title, limit: PlanLimits.title)
        summary = try c.decodeText(.summary, limit: PlanLimits.text)
        guard let model = ModelKind(rawValue: try c.decodeText(.model, limit: 32)) else {
            throw ProtocolError(.invalidField, ProtocolWords.word("protocol.model.malformed"))
        }
        self.model = model
        moments = try c.decode([PlanMoment].self, forKey: .moments)
        text = try c.decodeText(.text, limit: PlanLimits.fileCharacters)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(link, forKey: .link)
        try c.encode(name, forKey: .name)
        try c.encode(title, forKey: .title)
        try c.encode(summary, forKey: .summary)
        try c.encode(model.rawValue, forKey: .model)
        try c.encode(moments, forKey: .moments)
        try c.encode(text, forKey: .text)
    }
}
