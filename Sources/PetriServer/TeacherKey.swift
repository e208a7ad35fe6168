/// The server's teacher key: what a teacher needs to create lessons.
package enum TeacherKey {
    /// A new random key: 20 characters from an alphabet without look-alikes (about 100 bits).
    package static func generate() -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")
        var random = SystemRandomNumberGenerator()
        return String((0..<20).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
    }
}
