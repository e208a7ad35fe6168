import CLifeKernel

/// Which of the CPU's vector units steps a Life board: chosen at run time, so one generic x86-64
/// binary uses AVX2 on the CPUs that have it.
///
/// ``portable`` is `LifeStepper` in Swift, built for any CPU of the target (on generic x86-64
/// that means SSE2, two words a register). ``avx2`` is the same algorithm in C with 256-bit
/// registers (`Sources/CLifeKernel`), compiled for AVX2 function by function so the rest of the
/// program does not require it; it runs only where ``isAvailable``. Both produce the same board,
/// bit for bit, and the same births and deaths (the tests check it on random boards and rules).
///
/// ```swift
/// var grid = try LifeGrid(width: 1024, height: 1024)
/// grid.step(rule: .conway, boundary: .bounded)                      // LifeVectorUnit.best
/// grid.step(rule: .conway, boundary: .bounded, using: .portable)     // for comparison
/// ```
package enum LifeVectorUnit: String, Sendable, CaseIterable {
    /// The Swift kernel, on whatever vector unit the build targets (SSE2 for generic x86-64).
    case portable
    /// The C kernel on 256-bit AVX2 registers (x86-64 CPUs since about 2013).
    case avx2

    /// The fastest unit this CPU supports: read once from `cpuid` at first use.
    package static let best: LifeVectorUnit = avx2.isAvailable ? .avx2 : .portable

    /// Whether this CPU (and its operating system) can run the unit.
    package var isAvailable: Bool {
        switch self {
        case .portable: true
        case .avx2: Self.cpuHasAVX2
        }
    }

    private static let cpuHasAVX2: Bool = {
        #if arch(x86_64)
            petri_life_has_avx2()
        #else
            false
        #endif
    }()
}
