import Foundation

/// The machine a benchmark ran on, as every benchmark prints it: figures mean little without it.
///
/// Read from Linux's /proc/cpuinfo, /proc/meminfo and `uname`; anything missing (another OS, a
/// CPU that does not report its clock) reads as unknown rather than failing the benchmark.
///
/// ```swift
/// let machine = MachineInfo.current
/// print(machine.line)                          // machine: AMD EPYC, 2 CPUs at 2596 MHz, AVX2 yes, ...
/// print(machine.annotating(#"{"benchmark":"life"}"#))  // {"benchmark":"life","machine":{...}}
/// ```
package struct MachineInfo: Sendable, Equatable {
    /// The CPU's model name, e.g. "AMD EPYC" or "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz".
    package var cpuModel: String
    /// The first CPU's clock as the kernel last saw it, in MHz (nil when not reported).
    package var megahertz: Double?
    /// Logical CPUs (the `processor` entries: cores times threads per core).
    package var cpus: Int
    /// Whether the CPU has AVX2 and AVX-512 (foundation), as its `flags` line says.
    package var hasAVX2: Bool
    package var hasAVX512: Bool
    /// Memory in bytes (`MemTotal`), nil when unknown.
    package var memoryBytes: Int?
    /// The kernel: system name, release and machine, as `uname -srm` prints them.
    package var kernel: String

    /// The machine this process runs on (read once).
    package static let current: MachineInfo = {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        return MachineInfo(cpuinfo: cpuinfo, meminfo: meminfo, kernel: unameKernel())
    }()

    /// Parses the text of /proc/cpuinfo and /proc/meminfo.
    package init(cpuinfo: String, meminfo: String, kernel: String) {
        var model: String?
        var megahertz: Double?
        var flags: Set<Substring> = []
        var processors = 0
        for line in cpuinfo.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "processor": processors += 1
            // x86 says "model name"; some ARM kernels say "Processor" or only "CPU part".
            case "model name", "Processor", "cpu model": if model == nil { model = value }
            case "cpu MHz": if megahertz == nil { megahertz = Double(value) }
            case "flags", "Features": if flags.isEmpty { flags = Set(value.split(separator: " ")) }
            default: break
            }
        }
        cpuModel = model.map { $0.split(separator: " ").joined(separator: " ") } ?? "unknown CPU"
        self.megahertz = megahertz
        cpus = max(processors, 1)
        hasAVX2 = flags.contains("avx2")
        hasAVX512 = flags.contains("avx512f")
        memoryBytes = meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { line in line.split(separator: " ").dropFirst().first.flatMap { Int($0) } }
            .map { $0 * 1024 }
        self.kernel = kernel
    }

    package init(
        cpuModel: String, megahertz: Double?, cpus: Int, hasAVX2: Bool, hasAVX512: Bool, memoryBytes: Int?,
        kernel: String
    ) {
        self.cpuModel = cpuModel
        self.megahertz = megahertz
        self.cpus = cpus
        self.hasAVX2 = hasAVX2
        self.hasAVX512 = hasAVX512
        self.memoryBytes = memoryBytes
        self.kernel = kernel
    }

    /// One line for the top of a benchmark's output.
    package var line: String {
        let clock = megahertz.map { " at \(Int($0.rounded())) MHz" } ?? ""
        let memory = memoryBytes.map { ", \(fixed(Double($0) / 1_073_741_824, 1)) GiB" } ?? ""
        return "machine: \(cpuModel), \(cpus) CPU\(cpus == 1 ? "" : "s")\(clock), AVX2 \(hasAVX2 ? "yes" : "no"), "
            + "AVX-512 \(hasAVX512 ? "yes" : "no")\(memory), \(kernel)"
    }

    /// The `"machine":{...}` member for a benchmark's JSON line.
    package var jsonMember: String {
        var fields = [
            "\"cpu\":\(Self.jsonString(cpuModel))",
            "\"mhz\":\(megahertz.map { fixed($0, 0) } ?? "null")",
            "\"cpus\":\(cpus)",
            "\"avx2\":\(hasAVX2)",
            "\"avx512\":\(hasAVX512)",
        ]
        fields.append("\"memoryBytes\":\(memoryBytes.map(String.init) ?? "null")")
        fields.append("\"kernel\":\(Self.jsonString(kernel))")
        return "\"machine\":{" + fields.joined(separator: ",") + "}"
    }

    /// `json` (one JSON object) with ``jsonMember`` added as its last member.
    package func annotating(_ json: String) -> String {
        guard json.hasSuffix("}") else { return json }
        let body = json.dropLast()
        return body + (body.hasSuffix("{") ? "" : ",") + jsonMember + "}"
    }

    /// `text` as a JSON string literal (quotes, backslashes and control characters escaped).
    package static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func unameKernel() -> String {
        var names = utsname()
        guard uname(&names) == 0 else { return "unknown kernel" }
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return "\(field(names.sysname)) \(field(names.release)) \(field(names.machine))"
    }
}

/// A number with a fixed count of decimals, for JSON and tables.
package func fixed(_ x: Double, _ digits: Int = 2) -> String {
    String(format: "%.\(digits)f", x)
}
