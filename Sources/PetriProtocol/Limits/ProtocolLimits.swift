/// Byte and depth limits checked before a message is decoded.
///
/// ``standard`` fits every message a student or teacher sends in a lesson. Importing a lesson
/// file can be larger, so the server may use ``lessonFile`` for `import` requests from a
/// caller who presented the teacher key, and never for anonymous connections.
package struct ProtocolLimits: Sendable, Hashable {
    /// The largest message accepted, in bytes of UTF-8.
    package var maxMessageBytes: Int
    /// The deepest nesting of objects and arrays accepted (the top-level object is depth 1).
    package var maxDepth: Int

    package init(maxMessageBytes: Int, maxDepth: Int) {
        self.maxMessageBytes = maxMessageBytes
        self.maxDepth = maxDepth
    }

    /// 16 KiB and 16 levels: every message of a running lesson.
    package static let standard = ProtocolLimits(maxMessageBytes: 16 * 1024, maxDepth: 16)

    /// 1 MiB and 16 levels: `import` of a lesson file with a long action list.
    package static let lessonFile = ProtocolLimits(maxMessageBytes: 1024 * 1024, maxDepth: 16)

    /// The server's default rate limits (PROTOCOL.md §3 states them; a test checks it does):
    /// the one source for the hub's defaults and the configuration file's.
    package enum Defaults {
        /// Messages a connection may send back to back.
        package static let messageBurst = 40
        /// Messages a connection may send per second, sustained.
        package static let messagesPerSecond = 20
        /// Failed joins an address may make back to back (per address, or per address and lesson).
        package static let failedJoinBurst = 10
        /// Seconds per further failed join once the burst is spent.
        package static let secondsPerFailedJoin = 6
        /// The socket's frame cap: the largest message of all, an `import` (``lessonFile``); every
        /// other message is held to ``standard`` by the decoder, with a `too-large` error.
        package static let frameBytes = ProtocolLimits.lessonFile.maxMessageBytes
    }

    /// For clients reading what the server sends: history pages, results CSV and lesson files
    /// can be far larger than anything a client may send (16 MiB, like the client transport's cap).
    package static let serverMessages = ProtocolLimits(maxMessageBytes: 16 << 20, maxDepth: 32)
}

/// The longest accepted text per field, in bytes of UTF-8 as received (before sanitising).
package enum TextLimit {
    /// Creatures one hunt may list (a lesson file's `hunt` action): the largest population any model allows.
    package static let huntCatches = 100_000
    /// A display name as typed; it is then cut to ``DisplayNameRules/maxCharacters``.
    package static let name = 100
    /// A join code as typed (spaces and dashes are ignored).
    package static let joinCode = 16
    /// A resume or teacher token.
    package static let token = 128
    /// The server's teacher key.
    package static let teacherKey = 256
    /// A teacher's name or email, to sign in or to share with.
    package static let account = 320
    /// One field of an LTI platform's registration (an issuer, a client id, a URL, a deployment id).
    package static let platformField = 1024
    /// The deployment ids one platform's registration may list.
    package static let platformDeployments = 100
    /// A password (the policy allows at most 256 characters; a few more bytes are decoded to say so).
    package static let password = 1024
    /// A question's prompt, as the teacher wrote it.
    package static let prompt = 300
    /// A question's hint.
    package static let hint = 300
    /// One choice option's label.
    static let optionLabel = 60
    /// A metric as named in a question, e.g. `cell(3,4)`.
    package static let metric = 64
    /// A reason for a prediction as typed (the lesson then allows ``ReasonRules/maxCharacters`` characters).
    package static let reason = 1024
    /// A model parameter's name.
    static let parameterName = 64
    /// A text parameter's value, e.g. a Life rule.
    static let parameterText = 1024
    /// A pattern name or RLE text to place on a grid.
    package static let pattern = 8 * 1024
}

/// Display-name rules shared by the lesson (which enforces them) and clients (which may show them).
package enum DisplayNameRules {
    /// The most characters (grapheme clusters) a display name keeps.
    package static let maxCharacters = 24
}
