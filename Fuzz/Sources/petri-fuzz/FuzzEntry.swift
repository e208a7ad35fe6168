import Foundation
import PetriFuzzTargets

/// libFuzzer's entry point: runs the target named by `PETRI_FUZZ_TARGET` on one input.
///
/// A broken invariant traps, so libFuzzer saves the input as a crash like any other.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        try selectedTarget.run(bytes)
    } catch {
        fatalError("\(error)")
    }
    return 0
}

private let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["PETRI_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        fatalError("Set PETRI_FUZZ_TARGET to one of: \(names).")
    }
    return target
}()

/// Called once before the corpus is read: writes the target's seed inputs into
/// `PETRI_FUZZ_SEED_DIR` (the corpus directory), so a fresh corpus starts from valid inputs.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    guard let directory = ProcessInfo.processInfo.environment["PETRI_FUZZ_SEED_DIR"] else { return 0 }
    for (i, seed) in selectedTarget.seeds.enumerated() {
        FileManager.default.createFile(atPath: "\(directory)/seed-\(i)", contents: Data(seed))
    }
    return 0
}
