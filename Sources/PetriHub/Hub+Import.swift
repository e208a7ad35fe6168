import Dispatch
import PetriProtocol

extension Hub {
    /// Handles a message larger than the standard limit (up to the socket's 1 MiB cap), which
    /// only an `import` may be, in the order of what each check costs:
    ///
    /// 1. its `type` and `key` are scanned (``MessageHead``) without decoding the rest: any other
    ///    type is `too-large`;
    /// 2. the sender's address may send a few such imports, then one every
    ///    ``HubConfiguration/secondsPerLargeImport`` (else `rate-limited`);
    /// 3. the key must be the teacher key, counted like every wrong key (``checkTeacherKey(_:from:)``);
    /// 4. only then is it decoded in full, on one thread of its own (``LargeImports``), so that
    ///    decoding never takes a thread that serves lessons, and imports wait for each other.
    nonisolated func handleLarge(_ bytes: [UInt8], in session: Session) async {
        let limit = ProtocolLimits.standard.maxMessageBytes
        let tooLarge = ProtocolError(
            .tooLarge,
            "The message is \(bytes.count) bytes; the limit is \(limit) "
                + "(only import may be up to \(ProtocolLimits.lessonFile.maxMessageBytes)). Send less at a time.")
        guard bytes.count <= ProtocolLimits.lessonFile.maxMessageBytes, let head = MessageHead.scan(bytes),
            head.type == "import"
        else {
            services.metrics.rejected(tooLarge.code.rawValue)
            replyError(tooLarge, to: session)
            return
        }
        let address = session.connection.remoteAddress
        guard await takeLargeImport(from: address) else {
            services.metrics.rejected(ProtocolError.Code.rateLimited.rawValue)
            replyError(
                ProtocolError(
                    .rateLimited, "Too many large imports from your address; wait a minute and send it again."),
                to: session)
            return
        }
        if case .failure(let refusal) = await authority(head.key ?? "", from: address) {
            services.metrics.rejected(refusal.code.rawValue)
            replyError(refusal, to: session)
            return
        }
        configuration.largeMessageDecoded?()
        switch await LargeImports.decode(bytes) {
        case .success(let message):
            services.metrics.messageHandled()
            await makeOrDescribe(message, for: session)
        case .failure(let error):
            services.metrics.rejected(error.code.rawValue)
            replyError(error, to: session)
        }
    }

    /// Takes one large import from the address's bucket; false when it is empty.
    func takeLargeImport(from address: String) -> Bool {
        let now = services.clock.now()
        var bucket =
            largeImports[address]
            ?? TokenBucket(
                capacity: configuration.largeImportBurst, refillPerSecond: 1 / configuration.secondsPerLargeImport)
        let taken = bucket.take(at: now)
        largeImports[address] = bucket
        if largeImports.count > 10_000 { largeImports = largeImports.filter { !$0.value.isFull(at: now) } }
        return taken
    }
}

/// Where large imports are decoded: one serial queue, off the cooperative threads that serve
/// lessons, so a burst of imports (each up to 1 MiB, tens of milliseconds to decode) waits its
/// turn instead of stalling every class.
enum LargeImports {
    private static let queue = DispatchQueue(label: "petri.import-decoding", qos: .utility)

    static func decode(_ bytes: [UInt8]) async -> Result<ClientMessage, ProtocolError> {
        await withCheckedContinuation { continuation in
            queue.async {
                do throws(ProtocolError) {
                    let message = try ProtocolDecoder(limits: .lessonFile).decodeClientMessage(bytes)
                    continuation.resume(returning: .success(message))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
    }
}
