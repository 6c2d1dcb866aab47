// swift-tools-version:6.0
import Foundation
import PackageDescription
#if canImport(Glibc)
import Glibc
#endif

// The soname's major version, from include/kalends/version.h (the one place versions are written).
let versionHeader = (try? String(contentsOfFile: "\(Context.packageDirectory)/include/kalends/version.h", encoding: .utf8)) ?? ""
let versionMajor = versionHeader.split(separator: "\n")
    .first { $0.hasPrefix("#define KALENDS_VERSION_MAJOR ") }
    .flatMap { $0.split(separator: " ").last }.map(String.init) ?? "0"

// libkalends.so: the Swift runtime is linked in statically, only `kalends_*` symbols are
// exported (version script), every symbol must resolve at link time (-z defs), and the
// library can never be unloaded (-z nodelete: Swift metadata caches and our thread-exit
// destructor must not point into unmapped code after a dlclose). lld keeps .dynsym clean.
// Its soname is libkalends.so.MAJOR (README: Versions and ABI). The stdlib's Unicode scalar
// names (Unicode.Scalar.Properties.name, 540 KB of tables) are never asked for: the
// runtime's lookup is bound to a stub that finds no name (Sources/CKalends/unicode_names.c),
// so the linker drops the tables.
let exportMap = "\(Context.packageDirectory)/Sources/KalendsCAPI/kalends.map"

// Size (issue 12; README "Size"). The toolchain's libswiftCore.a marks 8,000 stdlib
// functions as retained, so --gc-sections keeps them all; `make` writes a copy without the
// mark (packaging/stdlib_archive.py), and an archive given as an input comes before the
// -static-stdlib ones: the linker then keeps only the stdlib functions something calls
// (-1 MB). Relative relocations are packed (DT_RELR, -430 KB) when this machine's glibc
// loads them (2.36 or later; the library then needs 2.36).
let unretainedStdlib = "\(Context.packageDirectory)/.build/kalends-stdlib/libswiftCore.a"
let stdlibFlags = FileManager.default.fileExists(atPath: unretainedStdlib) ? [unretainedStdlib] : []
#if canImport(Glibc)
let glibcVersion: [Int] = {   // confstr(_CS_GNU_LIBC_VERSION): "glibc 2.36"
    var text = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &text, text.count) > 0 else { return [] }
    let version = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return version.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
}()
let packedRelocations = glibcVersion.lexicographicallyPrecedes([2, 36]) ? [String]() : ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
#else
let packedRelocations: [String] = []
#endif

let sharedLibraryFlags: [String] = stdlibFlags + packedRelocations + [
    "-static-stdlib",
    "-Xlinker", "--version-script=\(exportMap)",
    "-Xlinker", "-z", "-Xlinker", "defs",
    "-Xlinker", "-z", "-Xlinker", "nodelete",
    "-Xlinker", "-soname=libkalends.so.\(versionMajor)",
    "-Xlinker", "--defsym=_swift_stdlib_getScalarName=kalends_internal_no_scalar_name",
    // no unwind tables (-850 KB): packaging/discard-unwind-tables.ld says why that is safe
    "-Xlinker", "-T\(Context.packageDirectory)/packaging/discard-unwind-tables.ld", "-Xlinker", "--no-eh-frame-hdr",
    "-use-ld=lld",
]

// kalends-bench's own functions start on 64-byte boundaries. Calendar.forEachDay is
// @inlinable: its loop is compiled into the bench, and where the bench's other code
// pushed it decided its speed by up to 20% (bench/swift/main.swift, `grid-times`).
// bench/pre_systems.py builds the same bench against 5151164 with this same line (it reads
// it from here), so the two builds differ in their code, not in where it lands. The
// library and the other targets are built without it. After changing it, touch
// bench/swift/main.swift: SwiftPM does not recompile a target for -Xllvm flags alone.
let benchCodeLayout = ["-Xllvm", "-align-all-functions=6"]

// The library's Swift targets build without warnings: a warning fails the build (an
// unused result went unnoticed in Row.swift until issue 24).
let noWarnings: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "Kalends",
    products: [
        // -> .build/<config>/libkalends.so
        .library(name: "kalends", type: .dynamic, targets: ["KalendsCAPI"]),
        .library(name: "KalendsCore", targets: ["KalendsCore"]),
        .library(name: "Kalends", targets: ["Kalends"]),
        .executable(name: "kalends-bench", targets: ["KalendsBench"]),
        .executable(name: "kalends-locale-bench", targets: ["KalendsLocaleBench"]),
        .executable(name: "kalends-systems-sweep", targets: ["KalendsSystemsSweep"]),
        .executable(name: "kalends-systems-bench", targets: ["KalendsSystemsBench"]),
        .executable(name: "kalends-recurrence-bench", targets: ["KalendsRecurrenceBench"]),
        .executable(name: "kalends-month-tables", targets: ["KalendsMonthTables"]),
    ],
    targets: [
        // All calendar and layout logic. No Foundation.
        .target(name: "KalendsCore", dependencies: ["KalendsLocaleData"], swiftSettings: noWarnings),
        // CLDR's locale tables as one compressed byte array (generated by tools/cldr/).
        .target(name: "KalendsLocaleData"),
        // include/kalends.h as a Clang module (Sources/CKalends/include -> ../../include).
        // A C target rather than a system library so that header edits rebuild dependents.
        .target(name: "CKalends"),
        // Swift spellings of the C function types (generated by tools/abigen); no code, no symbols.
        .target(name: "KalendsABI", dependencies: ["CKalends"]),
        // Type-checks the header's declarations against KalendsABI (generated); linked into nothing.
        .target(name: "KalendsABICheck", dependencies: ["CKalends", "KalendsABI"]),
        // The core's contact with the operating system: time zones by name (TZ, TZDIR,
        // /etc/localtime), plugin loading (dlopen, table checks), locks, per-thread error
        // messages, and the router of asynchronous answers.
        .target(name: "KalendsSystem", dependencies: ["KalendsCore", "CKalends"], swiftSettings: noWarnings),
        // The @_cdecl exports: argument checks and conversions only. Generated/ holds the
        // compile-time check of every export against the header and the struct layouts.
        .target(
            name: "KalendsCAPI",
            dependencies: ["KalendsCore", "KalendsSystem", "CKalends"],
            exclude: ["kalends.map"],
            swiftSettings: noWarnings,
            linkerSettings: [.unsafeFlags(sharedLibraryFlags)]
        ),
        // The Swift wrapper (bindings/swift): dlopens libkalends.so and goes through the C
        // ABI only; its parity tests compare it with KalendsCore.
        .target(name: "Kalends", dependencies: ["CKalends", "KalendsABI"], path: "bindings/swift/Sources/Kalends",
                swiftSettings: noWarnings),
        .testTarget(name: "KalendsCoreTests", dependencies: ["KalendsCore"], exclude: ["Recurrence/Fixtures"]),
        .testTarget(name: "KalendsSystemTests", dependencies: ["KalendsSystem", "KalendsCore", "CKalends"]),
        .testTarget(name: "KalendsParityTests", dependencies: ["KalendsCore", "Kalends"],
                    path: "bindings/swift/Tests/KalendsParityTests"),
        // Exhaustive round trips of every calendar system (release-built by `make test-systems`).
        .executableTarget(name: "KalendsSystemsSweep", dependencies: ["KalendsCore"], path: "Tests/SystemsSweep"),
        // Calendar systems against Foundation's Calendar.
        .executableTarget(name: "KalendsSystemsBench", dependencies: ["KalendsCore"], path: "bench/swift-systems"),
        // Recurrence expansion at two distances, impossible rules, a 100 MB .ics.
        .executableTarget(name: "KalendsRecurrenceBench", dependencies: ["KalendsCore"], path: "bench/recurrence"),
        // Generator of the committed month-start tables (Time/Systems/Data/MonthStartData.swift).
        .executableTarget(name: "KalendsMonthTables", dependencies: ["KalendsCore"], path: "tools/month-tables"),
        // Benchmarks that need Swift: KalendsCore against a Foundation-based grid.
        .executableTarget(name: "KalendsBench", dependencies: ["KalendsCore", "CKalends", "KalendsABI"], path: "bench/swift",
                          swiftSettings: [.unsafeFlags(benchCodeLayout)]),
        // CLDR locales: KalendsCore against Foundation's DateFormatter.
        .executableTarget(name: "KalendsLocaleBench", dependencies: ["KalendsCore"], path: "bench/locale"),
    ]
)
