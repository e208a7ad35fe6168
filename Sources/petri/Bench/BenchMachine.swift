import Foundation

/// The machine a benchmark ran on, in one line: CPU model, MHz, cores, AVX2/AVX-512, kernel.
///
/// Read from /proc (Linux); what cannot be read shows as "unknown". Kept in one function so a shared
/// helper for every benchmark can replace it.
func machineDescription() -> String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    func field(_ name: String) -> String? {
        for line in cpuinfo.split(separator: "\n") where line.hasPrefix(name) {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
    let flags = Set((field("flags") ?? "").split(separator: " ").map(String.init))
    let vector = [flags.contains("avx2") ? "AVX2" : "no AVX2", flags.contains("avx512f") ? "AVX-512" : "no AVX-512"]
    let kernel =
        (try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
    return "\(field("model name") ?? "unknown CPU"), \(field("cpu MHz").map { "\($0) MHz" } ?? "unknown MHz"), "
        + "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(vector.joined(separator: ", ")), Linux \(kernel)"
}
