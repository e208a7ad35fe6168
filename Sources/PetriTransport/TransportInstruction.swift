/// One instruction in a batch handed to ``Transport/submit(_:)``.
package enum TransportInstruction: Sendable {
    /// One message for one or more connections, its bytes shared by all of them.
    case message(OutboundMessage, to: [ConnectionID], policy: DeliveryPolicy)
    /// Closes one connection once what was queued for it before has gone out.
    case close(ConnectionID, code: CloseCode, reason: String)
}

extension Transport {
    /// Performs a batch one instruction at a time (transports without a batched path).
    package func submitEachInTurn(_ batch: [TransportInstruction]) {
        for item in batch {
            switch item {
            case .message(let message, let ids, let policy):
                broadcast(message, to: ids, policy: policy)
            case .close(let id, let code, let reason):
                close(id, code: code, reason: reason)
            }
        }
    }
}
