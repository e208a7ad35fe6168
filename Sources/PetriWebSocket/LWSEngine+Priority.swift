import PetriTransport

extension LWSEngine {
    /// Moves the calling thread (the service thread, as it starts) `options.serviceThreadNiceOffset` nice
    /// levels (``ThreadPriority/adjustCallingThread(by:)``); the process's other threads keep theirs. Where
    /// the system allows no lower value (RLIMIT_NICE), the thread stays as it was, and the server says so.
    ///
    /// - Returns: The thread's nice value now.
    func adjustServiceThreadPriority() -> Int32 {
        let offset = options.serviceThreadNiceOffset
        let (nice, refused) = ThreadPriority.adjustCallingThread(by: offset)
        if refused {
            let wanted = min(19, max(-20, nice + offset))
            logger.notice(
                "The transport's thread runs at the process's priority: the system allows no nice value below \(nice) (allow \(wanted) with RLIMIT_NICE, e.g. LimitNICE=\(wanted) in a systemd unit)"
            )
        }
        return nice
    }
}
