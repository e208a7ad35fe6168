import PetriProtocol
import PetriSimulation

/// The whole lesson saved after one of its log entries: where a restart's replay starts.
///
/// The server stores one every so often beside the log (a durable checkpoint; not the
/// teacher's in-lesson `checkpoint` command, which is part of the state it saves). Restoring it
/// and replaying the entries after ``sequence`` gives exactly the lesson that replaying the
/// whole log gives.
package struct LessonCheckpoint: Sendable, Hashable {
    /// The last log entry the state reflects (0: before any).
    package var sequence: Int
    /// The simulation's generation in this state.
    package var generation: Int
    /// The simulation's state hash (see ``Lesson/stateHash``), checked after restoring.
    package var stateHash: UInt64
    /// The lesson's saved state (see ``Lesson/encodeState()``).
    package var state: [UInt8]

    package init(sequence: Int, generation: Int, stateHash: UInt64, state: [UInt8]) {
        self.sequence = sequence
        self.generation = generation
        self.stateHash = stateHash
        self.state = state
    }
}

/// Saved-state layout, format version 10 (see ``StateWriter``; "compact" numbers are
/// ``StateWriter/appendCompact(_:)``, text is a compact byte count then UTF-8, "optional" is a
/// byte 0 or 1 then the value):
///
/// the magic bytes `PLSN`, the format version byte, the model's kind (text); the simulation's
/// seed (8 bytes); timeline (compact); auto-run rate (optional double); ended (byte); log
/// sequence (compact); the name generator's four words; the model pool: a compact count, then
/// each distinct model's ``SimulationModel/encodeState()`` as a compact count and its bytes;
/// the run (`SimulationRun+StateCoding.swift`); the teacher's checkpoint (optional: its run,
/// then the next question number, compact); the roster (`Roster+StateCoding.swift`); the
/// questions (a compact count, then each as in `Question+StateCoding.swift`); from version 4, the
/// replicates (`ReplicateBook+StateCoding.swift`); from version 5, the answer changes (a compact count, then
/// each as question index, student and count, compact); from version 6, the plan's position (optional,
/// `PlanRun+StateCoding.swift`) and the expected points (a compact count, then each question that has them as
/// its index, the replicates, the optional class mean, and a compact count of students each with their points,
/// compact); from version 7, the hunt (`Lesson+SavedState.swift`'s `writeHunt`: the selection as a byte 0 formula,
/// 1 class, 2 both; the rounds started, compact; the round under way, optional: its number, generation, catches
/// per student and seconds, compact, its end as 8 bytes of milliseconds, then its catches as a compact count and
/// each creature id and student, compact; its layout is drawn again from the seed), then the students' extra time
/// (a compact count, then each student with extra time as id and percent, compact); from version 8, the questions
/// whose horizon counts hunt rounds (a compact count, then each as question index, rounds ahead and the count of
/// completed rounds it resolves at, compact); version 9 lays out the same bytes, but the ``LessonCheckpoint``'s
/// state hash beside it covers the round under way (``Lesson/stateHash``; before it, the simulation's alone); from version 10, the ended hunt
/// rounds' records (`writeHuntRecords`: a compact count, then each round as in `writeHuntRecord`), then, when there
/// is a teacher's checkpoint, the records it was saved with, the same way; last, the
/// ``StateChecksum`` of every byte before it (8 bytes), so a damaged state is refused rather
/// than restored wrong.
///
/// Not saved, because the server keeps them in the lesson's record: the configuration and
/// the teacher token. A lesson file (``LessonDefinition``) is the portable, human-readable
/// form; this one is for the server's own restarts, compact for large boards and classes.
extension Lesson {
    /// The saved-state format this build writes.
    package static var stateFormatVersion: UInt8 { 10 }
    /// The formats this build reads: 2 (no reasons), 3 (reasons with answers), 4 (replicates kept), 5
    /// (answer changes counted), 6 (a plan's position, expected points kept), 7 (the hunt, extra time kept), 8 (a
    /// question's horizon in hunt rounds, in `Question+StateCoding.swift`), 9 (a checkpoint's state hash covers
    /// the round under way, see ``stateHash``) and 10 (the ended rounds' records, see ``HuntRecord``). Not
    /// version 1, which lacks each question's right option: a
    /// server's checkpoint in it is refused, and the lesson is rebuilt exactly from its whole log.
    static var readableStateFormats: ClosedRange<UInt8> { 2...stateFormatVersion }

    private static var magic: [UInt8] { Array("PLSN".utf8) }

    /// The state hash a restart, a replay or a takeover must reproduce: the simulation's, and, while a hunt round is
    /// under way, the round's too (its number, generation, allowance, length and end, and every catch so far with who
    /// made it, in the order accepted), so two lessons that differ only in a catch of the open round differ here.
    ///
    /// Between rounds it is the simulation's own hash, which is what a lesson file records (a file holds no open
    /// round: its clone starts between rounds).
    package var stateHash: UInt64 {
        guard let hunt else { return run.model.stateHash }
        var w = StateWriter()
        w.append(run.model.stateHash)
        Self.writeRound(hunt, to: &w)
        return StableHash.fnv1a(w.bytes)
    }

    /// The lesson saved now, for a durable checkpoint after its log entry ``logSequence``.
    ///
    /// Costs one ``encodeState()``: take a copy of the lesson (cheap: its storage is shared
    /// until changed) and call this off the path that serves the class.
    package func checkpoint() -> LessonCheckpoint {
        LessonCheckpoint(
            sequence: logSequence, generation: run.generation, stateHash: stateHash, state: encodeState())
    }

    /// The whole lesson as bytes; ``init(decodingState:teacherToken:configuration:source:)`` restores it exactly.
    package func encodeState() -> [UInt8] {
        var pool = ModelPool<Model>()
        var stats = StatsCoding()
        var runs = StateWriter()
        run.write(to: &runs, pool: &pool, stats: &stats)
        runs.appendOptional(savedCheckpoint) { w, saved in
            saved.run.write(to: &w, pool: &pool, stats: &stats)
            w.appendCompact(saved.nextQuestion)
        }

        var w = StateWriter()
        w.append(contentsOf: Self.magic)
        w.append(Self.stateFormatVersion)
        w.appendText(run.model.kind.rawValue)
        w.append(seed)
        w.appendCompact(timeline)
        w.appendOptional(runRate) { $0.append($1) }
        w.append(isEnded)
        w.appendCompact(logSequence)
        w.append(nameRandom)
        w.appendCompact(pool.states.count)
        for state in pool.states { w.appendBlock(state) }
        w.append(contentsOf: runs.bytes)
        w.append(roster)
        w.appendCompact(questions.count)
        for question in questions { question.write(to: &w) }
        w.append(replicates)
        writeAnswerChanges(to: &w)
        w.appendOptional(plan) { w, plan in plan.write(to: &w) }
        writeExpectations(to: &w)
        writeHunt(to: &w)
        writeExtraTime(to: &w)
        writeHuntHorizons(to: &w)
        writeHuntRecords(to: &w)
        w.append(StateChecksum.of(w.bytes[...]))
        return w.bytes
    }

    /// Restores exactly what ``encodeState()`` saved.
    ///
    /// - Parameters:
    ///   - bytes: The saved state.
    ///   - teacherToken: The lesson's teacher token (from its record).
    ///   - configuration: The lesson's configuration (from its record).
    /// - Throws: `invalid-definition` saying why: not a saved lesson, another format version,
    ///   another model, damaged or truncated bytes, or values no lesson could hold.
    ///   - source: What restoring the model needs (its file, for a model read from one).
    package init(
        decodingState bytes: [UInt8], teacherToken: AccessToken, configuration: LessonConfiguration,
        source: Model.Source
    ) throws(ProtocolError) {
        guard bytes.count > Self.magic.count + 1 + 8, bytes.starts(with: Self.magic) else {
            throw ProtocolError(.invalidDefinition, "These bytes are not a saved Petri lesson.")
        }
        let version = bytes[Self.magic.count]
        guard Self.readableStateFormats.contains(version) else {
            throw ProtocolError(
                .invalidDefinition,
                "The saved lesson has format version \(version); this build reads version \(Self.stateFormatVersion).")
        }
        let body = bytes.count - 8
        var sum: UInt64 = 0
        for i in 0..<8 { sum |= UInt64(bytes[body + i]) << (8 * UInt64(i)) }
        guard sum == StateChecksum.of(bytes[..<body]) else {
            throw ProtocolError(.invalidDefinition, "The saved lesson is damaged: its checksum does not match.")
        }
        do {
            self = try Self.decode(
                Array(bytes[..<body]), version: version, teacherToken: teacherToken, configuration: configuration,
                source: source)
        } catch {
            throw ProtocolError(.invalidDefinition, error.message)
        }
    }

    private static func decode(
        _ bytes: [UInt8], version: UInt8, teacherToken: AccessToken, configuration: LessonConfiguration,
        source: Model.Source
    ) throws(SimulationError) -> Lesson {
        var r = StateReader(bytes: bytes)
        for _ in 0...magic.count { _ = try r.readByte() }  // the magic and version, checked above
        let lesson = try Lesson(
            reading: &r, version: version, teacherToken: teacherToken, configuration: configuration, source: source)
        try r.finish()
        return lesson
    }

    private init(
        reading r: inout StateReader, version: UInt8, teacherToken: AccessToken, configuration: LessonConfiguration,
        source: Model.Source
    ) throws(SimulationError) {
        let kind = try r.readText()
        let expected = Model.kind(of: source)
        guard kind == expected.rawValue else {
            throw StateReader.corrupt("is of a \(kind) lesson, not \(expected.rawValue)")
        }
        self.configuration = configuration
        self.teacherToken = teacherToken
        seed = try r.readUInt64()
        timeline = try r.readCompact(in: 0...Int.max, "timeline")
        runRate = try r.readOptional { r throws(SimulationError) in try r.readDouble() }
        if let rate = runRate, !(rate > 0 && rate <= Self.maxRate) {
            throw StateReader.corrupt("runs at \(rate) generations per second")
        }
        isEnded = try r.readBool()
        logSequence = try r.readCompact(in: 0...Int.max, "log sequence")
        nameRandom = try r.readRandom()
        let poolCount = try r.readCompactCount(limit: r.remaining)
        var pool: [Model] = []
        for _ in 0..<poolCount { pool.append(try Model(decodingState: try r.readBlock(), source: source)) }
        var stats = StatsCoding()
        run = try SimulationRun(from: &r, pool: pool, stats: &stats)
        savedCheckpoint = try r.readOptional { r throws(SimulationError) in
            SavedCheckpoint(
                run: try SimulationRun(from: &r, pool: pool, stats: &stats),
                nextQuestion: try r.readCompact(in: 1...Int.max, "a next question number"))
        }
        roster = try r.read()
        let questionCount = try r.readCompactCount(limit: r.remaining)
        for index in 0..<questionCount {
            var question = try Question(id: QuestionID(index + 1), from: &r, version: version)
            // A metric's own default tolerance and its label belong to the model's code, not to the saved bytes.
            let described = run.model.metrics.first { $0.name == question.descriptor.name }
            question.descriptor.tolerance = described?.tolerance
            question.descriptor.label = described?.label ?? ""
            questions.append(question)
        }
        // Older formats kept no replicates: the lesson restores with none, as it did then.
        if version >= 4 { replicates = try r.read() }
        // Older formats kept no counts of answer changes: each student's count starts again from the restore.
        if version >= 5 { try readAnswerChanges(from: &r) }
        // The plan comes from the configuration; from version 6 its position is saved (older lessons had no plan).
        do {
            plan = try Self.planRun(from: configuration)
        } catch {
            throw StateReader.corrupt("has a plan that does not read")
        }
        if version >= 6 {
            let saved = try r.readOptional { r throws(SimulationError) in true } ?? false
            if saved {
                guard var run = plan else { throw StateReader.corrupt("holds a plan's position but has no plan") }
                try run.read(from: &r)
                plan = run
            }
        }
        // Older formats kept no expected points: their questions show none, as they did then.
        if version >= 6 { try readExpectations(from: &r) }
        // Expected scores are the resolved questions' expected points, so they are summed again, not saved.
        roster.rank(by: configuration.options.rankBy)
        for question in questions where question.state == .resolved { addExpectedScores(of: question) }
        // Older formats had no hunts: the selection is the one the lesson was created with.
        selection = configuration.options.selection
        // Older formats had no extra time either: nobody had any.
        if version >= 7 {
            try readHunt(from: &r)
            try readExtraTime(from: &r)
        }
        // Older formats had no questions about hunt rounds: every horizon counted generations.
        if version >= 8 { try readHuntHorizons(from: &r) }
        // Older formats kept no records of ended rounds: the report shows the rounds hunted after the restore.
        if version >= 10 { try readHuntRecords(from: &r) }
    }

    private func writeHunt(to w: inout StateWriter) {
        w.append(UInt8(SelectionMode.allCases.firstIndex(of: selection) ?? 0))
        w.appendCompact(huntRounds)
        w.appendOptional(hunt) { w, round in Self.writeRound(round, to: &w) }
    }

    /// A round under way as the saved state holds it (and as ``stateHash`` covers it).
    private static func writeRound(_ round: HuntRound, to w: inout StateWriter) {
        w.appendCompact(round.number)
        w.appendCompact(round.generation)
        w.appendCompact(round.catchesPerStudent)
        w.appendCompact(round.seconds)
        w.append(UInt64(bitPattern: round.endsAt.millisecondsSince1970))
        w.appendCompact(round.catches.count)
        for record in round.catches {
            w.appendCompact(record.creature)
            w.appendCompact(record.student.rawValue)
        }
    }

    private mutating func readHunt(from r: inout StateReader) throws(SimulationError) {
        let mode = Int(try r.readByte())
        guard SelectionMode.allCases.indices.contains(mode) else {
            throw StateReader.corrupt("has a selection of unknown kind \(mode)")
        }
        selection = SelectionMode.allCases[mode]
        huntRounds = try r.readCompact(in: 0...Int.max, "a count of hunt rounds")
        let rounds = huntRounds
        let generation = run.generation
        let traits = run.model.huntableTraits
        let seed = self.seed
        let timeline = self.timeline
        hunt = try r.readOptional { r throws(SimulationError) in
            let number = try r.readCompact(in: 1...max(1, rounds), "a hunt round's number")
            guard try r.readCompact(in: 0...Int.max, "a hunt round's generation") == generation, let traits else {
                throw StateReader.corrupt("has a hunt round of another generation")
            }
            let catches = try r.readCompact(in: HuntRound.catchRange, "a hunt round's catches")
            let seconds = try r.readCompact(in: HuntRound.storedSecondsRange, "a hunt round's seconds")
            let endsAt = Timestamp(millisecondsSince1970: Int64(bitPattern: try r.readUInt64()))
            var round = HuntRound(
                number: number, generation: generation, catchesPerStudent: catches, seconds: seconds, endsAt: endsAt,
                layout: HuntLayout(count: traits.count, lessonSeed: seed, timeline: timeline, round: number))
            let count = try r.readCompactCount(limit: r.remaining)
            for _ in 0..<count {
                let creature = try r.readCompact(in: 1...max(1, traits.count), "a caught creature")
                let student = StudentID(try r.readCompact(in: 1...Int.max, "a hunter"))
                let used = round.catchesBy[student, default: 0]
                guard !round.eaten.contains(creature), used < catches else {
                    throw StateReader.corrupt("has a hunt catch no round could have accepted")
                }
                round.catches.append(HuntCatchRecord(creature: creature, student: student))
                round.eaten.insert(creature)
                round.catchesBy[student] = used + 1
                if used + 1 == catches { round.studentsDone += 1 }
            }
            return round
        }
    }

    private func writeExtraTime(to w: inout StateWriter) {
        let given = roster.students.filter { $0.extraTime > 0 }
        w.appendCompact(given.count)
        for student in given {
            w.appendCompact(student.id.rawValue)
            w.appendCompact(student.extraTime)
        }
    }

    private func writeHuntHorizons(to w: inout StateWriter) {
        let horizons = questions.enumerated().compactMap { i, q in
            q.hunts.flatMap { hunts in q.huntTarget.map { (i, hunts, $0) } }
        }
        w.appendCompact(horizons.count)
        for (index, hunts, target) in horizons {
            w.appendCompact(index)
            w.appendCompact(hunts)
            w.appendCompact(target)
        }
    }

    private mutating func readHuntHorizons(from r: inout StateReader) throws(SimulationError) {
        for _ in 0..<(try r.readCompactCount(limit: r.remaining)) {
            let index = try r.readCompact(in: 0...Int.max, "a question about hunt rounds")
            let hunts = try r.readCompact(in: QuestionRules.horizons, "a question's hunt rounds")
            let target = try r.readCompact(in: hunts...Int.max, "a question's hunt round target")
            guard questions.indices.contains(index), questions[index].hunts == nil else {
                throw StateReader.corrupt("has a hunt horizon for question \(index + 1), which it does not hold")
            }
            questions[index].hunts = hunts
            questions[index].huntTarget = target
        }
    }

    private mutating func readExtraTime(from r: inout StateReader) throws(SimulationError) {
        for _ in 0..<(try r.readCompactCount(limit: r.remaining)) {
            let id = StudentID(try r.readCompact(in: 1...Int.max, "a student with extra time"))
            let percent = try r.readCompact(in: 1...Self.maxExtraTime, "extra time")
            guard roster[id] != nil else {
                throw StateReader.corrupt("gives extra time to student \(id.rawValue), who is not in it")
            }
            roster.update(id) { $0.extraTime = percent }
        }
    }

    private func writeExpectations(to w: inout StateWriter) {
        let expected = questions.enumerated().compactMap { i, q in q.expectation.map { (i, $0) } }
        w.appendCompact(expected.count)
        for (index, expectation) in expected {
            w.appendCompact(index)
            w.appendCompact(expectation.replicates)
            w.appendOptional(expectation.classMean) { $0.appendCompact($1) }
            w.appendCompact(expectation.points.count)
            for (student, points) in expectation.points.sorted(by: { $0.key < $1.key }) {
                w.appendCompact(student.rawValue)
                w.appendCompact(points)
            }
        }
    }

    private mutating func readExpectations(from r: inout StateReader) throws(SimulationError) {
        let count = try r.readCompactCount(limit: r.remaining)
        for _ in 0..<count {
            let index = try r.readCompact(in: 0...Int.max, "an expected points' question")
            guard questions.indices.contains(index), questions[index].expectation == nil else {
                throw StateReader.corrupt("has expected points for question \(index + 1) it cannot hold")
            }
            let replicates = try r.readCompact(in: 1...Int.max, "a count of replicates")
            let mean = try r.readOptional { r throws(SimulationError) in
                try r.readCompact(in: 0...Scoring.maxPoints, "a class's expected points")
            }
            var points: [StudentID: Int] = [:]
            for _ in 0..<(try r.readCompactCount(limit: r.remaining)) {
                let student = StudentID(try r.readCompact(in: 1...Int.max, "expected points of student"))
                points[student] = try r.readCompact(in: 0...Scoring.maxPoints, "expected points")
            }
            questions[index].expectation = Expectation(replicates: replicates, points: points, classMean: mean)
        }
    }

    /// Every question's answer changes: a compact count, then each as question index, student and
    /// count (compact), in question then student order.
    private func writeAnswerChanges(to w: inout StateWriter) {
        w.appendCompact(questions.reduce(0) { $0 + $1.changes.count })
        for (index, question) in questions.enumerated() {
            for (student, count) in question.changes.sorted(by: { $0.key < $1.key }) {
                w.appendCompact(index)
                w.appendCompact(student.rawValue)
                w.appendCompact(count)
            }
        }
    }

    private mutating func readAnswerChanges(from r: inout StateReader) throws(SimulationError) {
        let count = try r.readCompactCount(limit: r.remaining)
        for _ in 0..<count {
            let index = try r.readCompact(in: 0...Int.max, "a changed answer's question")
            guard questions.indices.contains(index) else {
                throw StateReader.corrupt("counts changes to question \(index + 1), which it does not have")
            }
            let student = StudentID(try r.readCompact(in: 1...Int.max, "an answer changed by student"))
            guard questions[index].changes[student] == nil else {
                throw StateReader.corrupt("counts \(student)'s changes to question \(index + 1) twice")
            }
            questions[index].changes[student] = try r.readCompact(
                in: 1...QuestionRules.maxAnswerChanges, "a count of answer changes")
        }
    }

    /// Restores a lesson from a durable checkpoint and checks that it is the one recorded.
    ///
    /// - Throws: `invalid-definition` when the state does not decode, or decodes to another log
    ///   sequence, generation or state hash than the checkpoint records.
    package init(
        restoring checkpoint: LessonCheckpoint, teacherToken: AccessToken, configuration: LessonConfiguration,
        source: Model.Source
    ) throws(ProtocolError) {
        try self.init(
            decodingState: checkpoint.state, teacherToken: teacherToken, configuration: configuration, source: source)
        // Before format 9 a checkpoint recorded the simulation's hash alone, even with a round under way.
        let format = checkpoint.state.count > Self.magic.count ? checkpoint.state[Self.magic.count] : 0
        let hash = format < 9 ? run.model.stateHash : stateHash
        guard logSequence == checkpoint.sequence, generation == checkpoint.generation, hash == checkpoint.stateHash
        else {
            throw ProtocolError(
                .invalidDefinition,
                "The saved lesson restores to entry \(logSequence) at generation \(generation), not the checkpoint's "
                    + "entry \(checkpoint.sequence) at generation \(checkpoint.generation) with its state hash.")
        }
    }
}
