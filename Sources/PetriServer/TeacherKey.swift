/// The server's teacher key: what a teacher needs to create lessons.
public enum TeacherKey {
    /// A new random key: 20 characters from an alphabet without look-alikes (about 100 bits).
    public static func generate() -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")
        var random = SystemRandomNumberGenerator()
        return String((0..<20).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
    }
}
