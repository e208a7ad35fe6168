// swift-tools-version: 6.1
// The libFuzzer build of Petri's fuzz targets, kept out of the main package because its
// executable has no `main` of its own (libFuzzer supplies it). Run through `make fuzz`:
//   swift build --package-path Fuzz --sanitize=fuzzer --sanitize=address
import PackageDescription

let package = Package(
    name: "petri-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "petri", path: "..")],
    targets: [
        .executableTarget(
            name: "petri-fuzz",
            dependencies: [.product(name: "PetriFuzzTargets", package: "petri")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ],
    swiftLanguageModes: [.v6]
)
