// swift-tools-version:6.0
import PackageDescription

// libkalends.so: the Swift runtime is linked in statically, only `kalends_*` symbols are
// exported (version script), every symbol must resolve at link time (-z defs), and the
// library can never be unloaded (-z nodelete: Swift metadata caches and our thread-exit
// destructor must not point into unmapped code after a dlclose). lld keeps .dynsym clean.
let exportMap = "\(Context.packageDirectory)/Sources/KalendsCAPI/kalends.map"
let sharedLibraryFlags: [String] = [
    "-static-stdlib",
    "-Xlinker", "--version-script=\(exportMap)",
    "-Xlinker", "-z", "-Xlinker", "defs",
    "-Xlinker", "-z", "-Xlinker", "nodelete",
    "-use-ld=lld",
]

let package = Package(
    name: "Kalends",
    products: [
        // -> .build/<config>/libkalends.so
        .library(name: "kalends", type: .dynamic, targets: ["KalendsCAPI"]),
        .library(name: "KalendsCore", targets: ["KalendsCore"]),
        .library(name: "Kalends", targets: ["Kalends"]),
        .executable(name: "kalends-bench", targets: ["KalendsBench"]),
        .executable(name: "kalends-systems-sweep", targets: ["KalendsSystemsSweep"]),
        .executable(name: "kalends-systems-bench", targets: ["KalendsSystemsBench"]),
    ],
    targets: [
        // All calendar and layout logic. No Foundation.
        .target(name: "KalendsCore"),
        // include/kalends.h as a Clang module (Sources/CKalends/include -> ../../include).
        // A C target rather than a system library so that header edits rebuild dependents.
        .target(name: "CKalends"),
        // Swift spellings of the C function types; no code, no symbols.
        .target(name: "KalendsABI", dependencies: ["CKalends"]),
        // Type-checks the header's declarations against KalendsABI; linked into nothing.
        .target(name: "KalendsABICheck", dependencies: ["CKalends", "KalendsABI"]),
        // The @_cdecl exports: argument checks and conversions only.
        .target(
            name: "KalendsCAPI",
            dependencies: ["KalendsCore", "CKalends", "KalendsABI"],
            exclude: ["kalends.map"],
            linkerSettings: [.unsafeFlags(sharedLibraryFlags)]
        ),
        // Swift wrapper that dlopens libkalends.so and goes through the C ABI only.
        .target(name: "Kalends", dependencies: ["CKalends", "KalendsABI"]),
        .testTarget(name: "KalendsCoreTests", dependencies: ["KalendsCore"]),
        .testTarget(name: "KalendsParityTests", dependencies: ["KalendsCore", "Kalends"]),
        // Exhaustive round trips of every calendar system (release-built by `make test-systems`).
        .executableTarget(name: "KalendsSystemsSweep", dependencies: ["KalendsCore"], path: "Tests/SystemsSweep"),
        // Calendar systems against Foundation's Calendar.
        .executableTarget(name: "KalendsSystemsBench", dependencies: ["KalendsCore"], path: "bench/swift-systems"),
        // Benchmarks that need Swift: KalendsCore against a Foundation-based grid.
        .executableTarget(name: "KalendsBench", dependencies: ["KalendsCore", "CKalends", "KalendsABI"], path: "bench/swift"),
    ]
)
