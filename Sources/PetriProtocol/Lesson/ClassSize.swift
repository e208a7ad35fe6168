/// How many students are in the lesson, for the projector: counts only, never who.
///
/// ```json
/// {"type":"classSize","joined":28,"online":26}
/// ```
public struct ClassSize: Sendable, Hashable, Codable {
    /// Students who joined and were not removed.
    public var joined: Int
    /// Of those, how many are connected now.
    public var online: Int

    public init(joined: Int, online: Int) {
        self.joined = joined
        self.online = online
    }
}
