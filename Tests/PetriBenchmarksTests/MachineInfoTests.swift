import Foundation
import Testing

@testable import PetriBenchmarks

/// What every benchmark says about the machine it ran on, read from /proc text.
@Suite struct MachineInfoTests {
    /// Two logical CPUs of an AVX2 + AVX-512 server, trimmed to the lines that matter plus noise.
    static let epycWithAVX512 = """
        processor\t: 0
        vendor_id\t: AuthenticAMD
        model name\t: AMD EPYC
        cpu MHz\t\t: 2596.120
        flags\t\t: fpu vme sse sse2 ssse3 fma sse4_1 sse4_2 popcnt avx f16c bmi1 avx2 smep avx512f avx512dq
        bogomips\t: 5192.24

        processor\t: 1
        vendor_id\t: AuthenticAMD
        model name\t: AMD EPYC
        cpu MHz\t\t: 2400.000
        flags\t\t: fpu vme sse sse2 ssse3 fma sse4_1 sse4_2 popcnt avx f16c bmi1 avx2 smep avx512f avx512dq

        """

    /// A laptop CPU with AVX2 but no AVX-512 (only `avx512_bf16`-like names must not count).
    static let intelWithoutAVX512 = """
        processor\t: 0
        model name\t: Intel(R) Core(TM)   i7-8650U CPU @ 1.90GHz
        cpu MHz\t\t: 800.021
        flags\t\t: fpu sse2 avx avx2 avx512_bf16 avx_vnni

        """

    @Test func readsModelClockCPUsAndVectorUnitsFromCpuinfo() {
        let machine = MachineInfo(
            cpuinfo: Self.epycWithAVX512, meminfo: "MemTotal:       24684084 kB\nMemFree: 1 kB\n",
            kernel: "Linux 6.18.44 x86_64")
        #expect(
            machine
                == MachineInfo(
                    cpuModel: "AMD EPYC", megahertz: 2596.12, cpus: 2, hasAVX2: true, hasAVX512: true,
                    memoryBytes: 24_684_084 * 1024, kernel: "Linux 6.18.44 x86_64"))
    }

    @Test func avx512MeansTheFoundationFlagAndRepeatedSpacesInTheModelCollapse() {
        let machine = MachineInfo(cpuinfo: Self.intelWithoutAVX512, meminfo: "", kernel: "Linux 6.1.0 x86_64")
        #expect(machine.cpuModel == "Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz")
        #expect(machine.hasAVX2 && !machine.hasAVX512)
        #expect(machine.cpus == 1 && machine.megahertz == 800.021 && machine.memoryBytes == nil)
    }

    @Test func anUnreadableCpuinfoReadsAsUnknownNotAFailure() {
        let machine = MachineInfo(cpuinfo: "", meminfo: "", kernel: "Darwin 23.0 arm64")
        #expect(machine.cpuModel == "unknown CPU" && machine.megahertz == nil && machine.cpus == 1)
        #expect(!machine.hasAVX2 && !machine.hasAVX512)
        #expect(
            machine.line == "machine: unknown CPU, 1 CPU, AVX2 no, AVX-512 no, Darwin 23.0 arm64")
        #expect(
            machine.jsonMember
                == #""machine":{"cpu":"unknown CPU","mhz":null,"cpus":1,"avx2":false,"avx512":false,"memoryBytes":null,"kernel":"Darwin 23.0 arm64"}"#
        )
    }

    @Test func theLineNamesEverythingAReaderNeedsToCompareFigures() {
        let machine = MachineInfo(
            cpuinfo: Self.epycWithAVX512, meminfo: "MemTotal:       24684084 kB\n", kernel: "Linux 6.18.44 x86_64")
        #expect(
            machine.line
                == "machine: AMD EPYC, 2 CPUs at 2596 MHz, AVX2 yes, AVX-512 yes, 23.5 GiB, Linux 6.18.44 x86_64")
    }

    @Test func theJSONMemberIsAddedToABenchmarksLineAndParses() throws {
        let machine = MachineInfo(
            cpuModel: "Odd \"quoted\" CPU\\\u{1}", megahertz: 2000, cpus: 4, hasAVX2: true, hasAVX512: false,
            memoryBytes: 1024, kernel: "Linux 6.1 x86_64")
        let line = machine.annotating(#"{"benchmark":"life","size":1024}"#)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["benchmark"] as? String == "life")
        let described = try #require(object["machine"] as? [String: Any])
        #expect(described["cpu"] as? String == "Odd \"quoted\" CPU\\\u{1}")
        #expect(described["mhz"] as? Int == 2000 && described["cpus"] as? Int == 4)
        #expect(described["avx2"] as? Bool == true && described["avx512"] as? Bool == false)
        #expect(machine.annotating("{}") == "{" + machine.jsonMember + "}")
    }

    #if os(Linux)
        @Test func thisMachineIsReadFromProcAndUname() {
            // The live reading agrees with what the C library says about the same machine.
            let machine = MachineInfo.current
            #expect(machine.cpus == sysconf(Int32(_SC_NPROCESSORS_CONF)))
            #expect(machine.kernel.hasPrefix("Linux "))
            #expect(machine.memoryBytes.map { $0 > 0 } == true)
            #expect(machine.cpuModel != "unknown CPU")
        }
    #endif
}
