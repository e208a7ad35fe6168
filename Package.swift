// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "petri",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "petri", targets: ["petri"]),
        // The benchmarks, their load generators and floors, and the store's crash probe (`make bench`).
        .executable(name: "petri-bench", targets: ["petri-bench"]),
        // The fuzz targets' bodies, for the libFuzzer build in Tests/Fuzz/ (see Tests/README.md, "Fuzzing").
        .library(name: "PetriFuzzTargets", targets: ["PetriFuzzTargets"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // 4.x for jwt-kit 5 (LTI); nothing here uses an API that 4.x removed.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    ],
    targets: [
        // The only module that touches C: libwebsockets from Debian's libwebsockets-dev.
        .systemLibrary(
            name: "CLibWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),
        // Linux's epoll, which the Glibc module does not import: for the load generator.
        .systemLibrary(name: "CEpoll"),
        // zlib, for gzip-compressing the browser pages once at start.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // The Life kernel for AVX2 CPUs, in C for its per-function `target("avx2")`: the binary stays
        // generic x86-64 and PetriSimulation picks this kernel at run time (LifeVectorUnit).
        .target(name: "CLifeKernel"),
        // Every sentence a person reads, from catalogs: a component's Words/<tag>.json compiled into the program,
        // CLDR plural rules, BCP 47 language matching. No dependencies, no I/O.
        .target(name: "PetriWords", exclude: ["README.md"]),
        // Deterministic classroom models: no I/O, no clock, seeded randomness.
        // The trait models are YAML files in Models/ (see MODELS-FORMAT.md), compiled in as text and parsed by a
        // pure function: Yams reads a string, never a file.
        .target(
            name: "PetriSimulation",
            dependencies: ["CLifeKernel", "PetriWords", .product(name: "Yams", package: "Yams")],
            exclude: ["README.md", "MODELS-FORMAT.md"],
            resources: [.embedInCode("Models"), .embedInCode("Words")],
            // `Double.rounded()` lowers to libm's round on Linux; say so rather than rely on a
            // client happening to link Foundation.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        // The wire protocol: versioned JSON messages, validated with limits before decoding.
        .target(
            name: "PetriProtocol",
            dependencies: ["PetriSimulation", "PetriWords", .product(name: "Crypto", package: "swift-crypto")],
            exclude: ["PROTOCOL.md"],
            resources: [.embedInCode("Words")]
        ),
        // One lesson as a pure state machine: commands in, effects out; no I/O, no clock.
        // Its sentences (refusals, question texts, the report) are in Words/<tag>.json. Lesson plans are YAML
        // (Plans/PLANS-FORMAT.md), read by a pure function like the model files; the shipped plans are compiled in.
        .target(
            name: "PetriLesson",
            dependencies: ["PetriSimulation", "PetriProtocol", "PetriWords", .product(name: "Yams", package: "Yams")],
            exclude: ["SCORING.md", "Plans/PLANS-FORMAT.md"],
            resources: [.embedInCode("Words"), .embedInCode("Plans/Shipped")]
        ),
        // The storage seam: the protocol the hub stores lessons through, its record types, the one
        // JSON form of log entries (explicit keys; older logs still read) and the in-memory store.
        .target(
            name: "PetriStorage",
            dependencies: ["PetriLesson", "PetriProtocol", "PetriSimulation", "PetriWords"],
            exclude: ["README.md"],
            resources: [.embedInCode("Words")]
        ),
        // Durable state on SQLite (GRDB, WAL): lessons, the append-only log, students, answers; and
        // SQLiteLessonStorage, the storage seam on it.
        .target(
            name: "PetriStore",
            dependencies: [
                "PetriLesson",
                "PetriProtocol",
                "PetriStorage",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Durable state on PostgreSQL (postgres-nio), the store of a cluster: the storage seam,
        // lesson leases fenced by epoch, node addresses.
        .target(
            name: "PetriStorePostgres",
            dependencies: [
                "PetriLesson",
                "PetriProtocol",
                "PetriStorage",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        // For tests: what every store of teachers' accounts must do, as scenarios each store's tests run.
        .target(name: "PetriStorageTesting", dependencies: ["PetriStorage", "PetriProtocol"]),
        // For tests and benchmarks: a private PostgreSQL server (initdb in a temporary directory).
        .target(name: "PetriPostgresTesting"),
        // The interface the server talks to, plus an in-memory implementation for tests.
        .target(name: "PetriTransport"),
        // libwebsockets server and client implementing PetriTransport.
        .target(
            name: "PetriWebSocket",
            dependencies: [
                "CLibWebSockets",
                "PetriTransport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        // Teachers' accounts: password policy (a shipped list of common passwords) and hashing (scrypt from
        // swift-crypto's extras), the sign-in limiter, sessions and sign-in links over the storage seam.
        .target(
            name: "PetriAccounts",
            dependencies: [
                "PetriProtocol", "PetriStorage", "PetriWords",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            exclude: ["Lists/SOURCE.md"],
            resources: [.embedInCode("Lists/common-passwords.txt"), .embedInCode("Words")]
        ),
        // LTI 1.3 (Core, Deep Linking 2.0, Assignment and Grade Services 2.0): the launch's claims checked by pure
        // functions, JOSE through jwt-kit (the platform's JWKS, Petri's own key), the services' HTTP through
        // async-http-client; platforms, nonces, states, links and the grade queue through the storage seam.
        .target(
            name: "PetriLTI",
            dependencies: [
                "PetriProtocol",
                "PetriStorage",
                "PetriWords",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Words")]
        ),
        // The hub: lessons mapped to connections, the lesson actors, the clock; it stores through PetriStorage.
        .target(
            name: "PetriHub",
            dependencies: [
                "PetriAccounts",
                "PetriLesson",
                "PetriWords",
                "PetriProtocol",
                "PetriSimulation",
                "PetriStorage",
                "PetriTransport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            resources: [.embedInCode("Words")]
        ),
        // One protocol client end (send client messages, await typed server messages) over any transport.
        .target(name: "PetriPeer", dependencies: ["PetriProtocol", "PetriTransport"]),
        // For tests and benchmarks: a manual clock, gated in-memory storage, a hub over the in-memory transport.
        .target(
            name: "PetriHubTesting",
            dependencies: [
                "PetriAccounts", "PetriHub", "PetriLesson", "PetriPeer", "PetriProtocol", "PetriSimulation",
                "PetriStorage",
                "PetriTransport", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Raw-socket WebSocket peers for benchmarks and tests: the epoll load generator,
        // hand-built client frames and the floor broadcaster. No libwebsockets: these play
        // clients no library would be, and the server with no library at all.
        .target(
            name: "PetriLoad",
            dependencies: ["CEpoll", "PetriTransport", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // Wiring: configuration, the hub that maps lessons to connections, HTTP endpoints, lifecycle,
        // the demo lesson of `petri serve --demo`.
        .target(
            name: "PetriServer",
            dependencies: [
                "CEpoll",
                "PetriAccounts",
                "PetriHub",
                "PetriLesson",
                "PetriLTI",
                "PetriPeer",
                "PetriStorage",
                "PetriStore",
                "PetriStorePostgres",
                "PetriProtocol",
                "PetriSimulation",
                "PetriTransport",
                "PetriWebSocket",
                "PetriWeb",
                "PetriWords",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Yams", package: "Yams"),
            ],
            resources: [.embedInCode("Words")]
        ),
        // The browser pages (HTML, CSS, ES modules in Pages/) compiled into the program, with their routes and headers.
        .target(
            name: "PetriWeb",
            dependencies: ["CZlib", .product(name: "Crypto", package: "swift-crypto")],
            exclude: ["README.md"],
            resources: [.embedInCode("Pages")]
        ),
        // The bundled terminal clients (student and teacher), drawn with ANSI escape sequences.
        .target(
            name: "PetriTerminal",
            dependencies: [
                "PetriProtocol", "PetriSimulation", "PetriTransport", "PetriWebSocket", "PetriWords",
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"],
            resources: [.embedInCode("Words")]
        ),
        // The product: serve, join, teach, config, store. Nothing of the lab (benchmarks, load
        // generators, the test PostgreSQL) is linked in; that is petri-bench.
        .executableTarget(
            name: "petri",
            dependencies: [
                "PetriAccounts",
                "PetriHub",
                "PetriLesson",
                "PetriLTI",
                "PetriServer",
                "PetriWeb",
                "PetriWebSocket",
                "PetriProtocol",
                "PetriSimulation",
                "PetriStorage",
                "PetriStore",
                "PetriStorePostgres",
                "PetriTerminal",
                "PetriWords",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.embedInCode("Words")]
        ),
        // For `petri-bench school`: SQLite's default VFS with its syncs and commits counted.
        .target(name: "CSQLiteCounting", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The benchmarks' engine runs and the machine line they print, testable without a process.
        .target(name: "PetriBenchmarks", dependencies: ["PetriSimulation"]),
        // The lab, a program of its own: `petri-bench <benchmark>` (see Sources/petri-bench), with the
        // load generators and floors it starts as child processes and the store's crash probe.
        .executableTarget(
            name: "petri-bench",
            dependencies: [
                "CEpoll",
                "CSQLiteCounting",
                "PetriBenchmarks",
                "PetriHub",
                "PetriLesson",
                "PetriLoad",
                "PetriPeer",
                "PetriPostgresTesting",
                "PetriProtocol",
                "PetriServer",
                "PetriSimulation",
                "PetriStorage",
                "PetriStore",
                "PetriStorePostgres",
                "PetriTransport",
                "PetriWebSocket",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["PERFORMANCE.md"]
        ),
        // Fuzz target bodies shared by the seeded runs in the tests and libFuzzer (Fuzz/).
        .target(
            name: "PetriFuzzTargets",
            dependencies: ["PetriLesson", "PetriProtocol", "PetriSimulation", "PetriTransport", "PetriWebSocket"]
        ),
        .testTarget(name: "PetriFuzzTests", dependencies: ["PetriFuzzTargets"]),
        .testTarget(name: "PetriWordsTests", dependencies: ["PetriWords"]),
        .testTarget(name: "PetriSimulationTests", dependencies: ["PetriSimulation", "PetriWords"]),
        .testTarget(name: "PetriProtocolTests", dependencies: ["PetriProtocol", "PetriSimulation", "PetriWords"]),
        .testTarget(
            name: "PetriLessonTests", dependencies: ["PetriLesson", "PetriProtocol", "PetriSimulation", "PetriWords"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "PetriTerminalTests",
            dependencies: [
                "PetriTerminal", "PetriProtocol", "PetriSimulation", "PetriTransport", "PetriWebSocket", "PetriWords",
            ],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "PetriStorageTests",
            dependencies: ["PetriStorage", "PetriLesson", "PetriProtocol", "PetriSimulation"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "PetriStoreTests",
            dependencies: [
                "PetriStore", "PetriProtocol", "PetriStorage", "PetriStorageTesting", "PetriLTI",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(name: "PetriWebTests", dependencies: ["PetriWeb", "PetriSimulation"]),
        .testTarget(name: "PetriTransportTests", dependencies: ["PetriTransport"]),
        .testTarget(
            name: "PetriLTITests",
            dependencies: [
                "PetriLTI", "PetriStorage", "PetriStorageTesting", "PetriProtocol", "PetriWords",
                .product(name: "JWTKit", package: "jwt-kit"),
            ]
        ),
        .testTarget(
            name: "PetriAccountsTests",
            dependencies: ["PetriAccounts", "PetriStorage", "PetriStorageTesting", "PetriProtocol", "PetriWords"]),
        .testTarget(
            name: "PetriWebSocketTests",
            dependencies: [
                "PetriWebSocket", "PetriTransport", "PetriLoad", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "PetriHubTests",
            dependencies: [
                "PetriAccounts", "PetriHub", "PetriHubTesting", "PetriPeer", "PetriLesson", "PetriProtocol",
                "PetriSimulation", "PetriStorage", "PetriTransport", "PetriWords",
            ]
        ),
        .testTarget(
            name: "PetriServerTests",
            dependencies: [
                "PetriServer", "PetriHub", "PetriHubTesting", "PetriPeer", "PetriStorage", "PetriStore", "PetriLesson",
                "PetriProtocol", "PetriSimulation", "PetriTransport",
                "PetriWebSocket", "PetriWeb", "PetriStorePostgres", "PetriPostgresTesting", "PetriWords",
            ]
        ),
        .testTarget(name: "PetriBenchmarksTests", dependencies: ["PetriBenchmarks", "PetriSimulation"]),
        .testTarget(
            name: "PetriStorePostgresTests",
            dependencies: [
                "PetriStorePostgres", "PetriPostgresTesting", "PetriStorage", "PetriStorageTesting", "PetriLesson",
                "PetriProtocol", .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Our code, its tests included, builds without warnings: every warning in it (a deprecated call, a needless
// `try`) fails the build, `make test` included, so none accumulates. Dependencies keep their own settings.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
}
