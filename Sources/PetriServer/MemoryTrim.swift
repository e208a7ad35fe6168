#if canImport(Glibc)
    import CEpoll
    import Glibc
#endif

/// When to give the memory a burst freed back to the system: once resident memory has grown by
/// ``growth`` since the last trim and has stopped growing (the burst is over).
///
/// glibc's malloc keeps what a burst (a join storm, a class leaving) freed: live memory falls
/// back, resident memory does not, because the freed blocks sit among live ones and malloc gives
/// back by itself only the top of a heap. `malloc_trim(0)` gives back every whole free page. It holds
/// malloc's locks while it runs, so it waits until the burst is over. What it saved and what a trim
/// took, measured: Sources/petri-bench/PERFORMANCE.md, "Memory per student".
///
/// A value: ``MemoryTrim/run(every:policy:)`` samples; the decision is testable without a heap.
package struct MemoryTrimPolicy: Sendable {
    /// How much resident memory must have grown since the last trim before the next.
    var growth: Int
    /// Resident bytes after the last trim (or the lowest seen since).
    private var floor: Int?
    /// The previous sample.
    private var previous: Int?

    package init(growth: Int = 16 << 20) {
        self.growth = growth
    }

    /// Takes one sample of resident memory; true when now is the time to trim.
    mutating func shouldTrim(resident: Int) -> Bool {
        defer { previous = resident }
        guard let floor, resident >= floor else {
            self.floor = resident
            return false
        }
        guard let previous, resident <= previous else { return false }
        return resident - floor >= growth
    }

    /// Records resident memory right after a trim: the next one waits for as much growth again.
    mutating func trimmed(resident: Int) {
        floor = resident
        previous = resident
    }
}

/// Gives freed memory back to the system after bursts (``MemoryTrimPolicy``).
package enum MemoryTrim {
    /// Samples resident memory every `interval` and trims when `policy` says so, until cancelled.
    /// Does nothing where malloc cannot be trimmed (not glibc).
    package static func run(every interval: Duration = .milliseconds(250), policy: MemoryTrimPolicy = .init()) async {
        #if canImport(Glibc)
            var policy = policy
            while !Task.isCancelled {
                if let resident = residentBytes(), policy.shouldTrim(resident: resident) {
                    malloc_trim(0)
                    policy.trimmed(resident: residentBytes() ?? resident)
                }
                try? await Task.sleep(for: interval)
            }
        #endif
    }

    /// This process's resident bytes, from `/proc/self/statm` (its second field, in pages).
    static func residentBytes() -> Int? {
        #if canImport(Glibc)
            let fd = open("/proc/self/statm", O_RDONLY)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 128)
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
            guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
            return pages * sysconf(Int32(_SC_PAGESIZE))
        #else
            return nil
        #endif
    }
}
