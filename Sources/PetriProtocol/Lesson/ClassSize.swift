/// How many students are in the lesson, for the projector: counts only, never who.
///
/// ```json
/// {"type":"classSize","joined":28,"online":26}
/// ```
package struct ClassSize: Sendable, Hashable, Codable {
    /// Students who joined and were not removed.
    package var joined: Int
    /// Of those, how many are connected now.
    package var online: Int

    package init(joined: Int, online: Int) {
        self.joined = joined
        self.online = online
    }
}
