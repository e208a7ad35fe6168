#if canImport(Glibc)
    import Glibc
#endif

/// A thread's share of the CPU against the process's other threads: Linux keeps a nice value per thread.
package enum ThreadPriority {
    /// Nice levels a server's transport thread asks for against the process's other threads: it reads every
    /// message and writes every one, and with the lessons, the store and the sessions on the same cores it was
    /// the thread answers waited for. Servers with no library (the benchmarks' floors) ask for the same, so
    /// the two are compared like for like.
    package static let transportNiceOffset: Int32 = -10

    /// Moves the calling thread `offset` nice levels from where it is, within 19 and -20. A lower value than
    /// the system allows (RLIMIT_NICE) leaves the thread as it was.
    ///
    /// - Returns: The thread's nice value now, and whether the system refused the change.
    package static func adjustCallingThread(by offset: Int32) -> (nice: Int32, refused: Bool) {
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let current = getpriority(which, 0)
        guard errno == 0 else { return (0, true) }
        guard offset != 0 else { return (current, false) }
        let wanted = min(19, max(-20, current + offset))
        guard setpriority(which, 0, wanted) == 0 else { return (current, true) }
        return (wanted, false)
    }
}
