/// How a message may be treated when its receiver is behind.
package enum DeliveryPolicy: Sendable, Hashable {
    /// Delivered exactly once, in order. If the receiver stays over its queue limit past the
    /// transport's stall timeout it is closed with a reason; the message is never dropped silently.
    case reliable
    /// Only the newest matters (a snapshot): a queued, not yet started latest-wins message is
    /// replaced by the next one, which goes to the back of the queue. Counted as coalesced.
    case latestWins
    /// Latest-wins in a second slot of its own, so it never replaces a queued snapshot nor is replaced by one: a
    /// hunt round's `caught`, each carrying every creature eaten so far.
    case latestWinsHunt

    /// Whether a queued, not yet started message of the same policy is replaced by a newer one.
    package var coalesces: Bool { self != .reliable }
}
