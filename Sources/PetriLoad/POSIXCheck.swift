import PetriTransport

#if canImport(Glibc)
    import Glibc
#endif

/// Checks a POSIX return code the POSIX way (negative is failure, `errno` says why) and
/// returns it; every system call the load generator checks goes through here.
///
/// - Parameter what: what the call was doing, as the start of a sentence ("Opening a socket").
/// - Throws: ``TransportError`` (`connectFailed`) saying what failed and the system's reason.
@discardableResult
func posixCheck<Code: BinaryInteger>(_ result: Code, _ what: @autoclosure () -> String) throws(TransportError) -> Code {
    guard result < 0 else { return result }
    let reason = String(cString: strerror(errno))
    throw TransportError(.connectFailed, "\(what()) failed: \(reason) (errno \(errno)).")
}
