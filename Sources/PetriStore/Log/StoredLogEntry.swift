// The log's vocabulary, the same in every module:
//
// - A lesson's **log** is the append-only sequence of the commands it accepted; one item of it
//   is a **log entry**, numbered 1, 2, 3, ... (its `seq`, the lesson's `sequence`).
// - `LessonLogEntry` (PetriLesson): an entry as the lesson makes and replays it (sequence, time,
//   actor, command); its JSON (`LogEncoding`, PetriStorage: explicit keys) is the entry's payload.
// - `LessonCommandKind` (PetriLesson): the stable name of an entry's command, the `kind` beside
//   each stored entry.
// - `LessonFact` (PetriLesson): what an entry's command established for the store's own tables
//   (students, answers, scores), carried by the lesson's persist effect beside the entry.
// - `LogEntryToStore` (PetriStorage, the storage interface): an entry on its way to storage, with the
//   generation after it and its facts.
// - `NewLogEntry` / `StoredLogEntry` (PetriStore): an entry as the store writes it (before it
//   has a `seq`) and reads it back. Their table is named `action`, its name since schema v1:
//   the schema is history, so the table keeps it.

/// One entry of a lesson's append-only log, as the store reads it back.
package struct StoredLogEntry: Sendable, Hashable {
    /// The lesson it belongs to.
    var lessonId: String
    /// 1, 2, 3, ... within the lesson, with no gaps.
    package var seq: Int
    /// The generation once it was applied.
    var generation: Int
    /// The name of its command, for reading the log without decoding payloads.
    package var kind: String
    /// JSON: the entry itself, as the lesson logic encoded it.
    package var payload: String
    /// Seconds since 1970 when it was accepted.
    package var at: Double

    package init(lessonId: String, seq: Int, generation: Int, kind: String, payload: String, at: Double) {
        self.lessonId = lessonId
        self.seq = seq
        self.generation = generation
        self.kind = kind
        self.payload = payload
        self.at = at
    }
}

/// A log entry to append: a ``StoredLogEntry`` before the store has given it a sequence number.
struct NewLogEntry: Sendable, Hashable {
    /// The generation once it was applied.
    var generation: Int
    /// The name of its command.
    var kind: String
    /// JSON: the entry itself.
    var payload: String
    /// Seconds since 1970 when it was accepted.
    var at: Double

    init(generation: Int, kind: String, payload: String, at: Double) {
        self.generation = generation
        self.kind = kind
        self.payload = payload
        self.at = at
    }
}
