import Foundation
import Testing
@testable import KalendsCore

/// Length in bytes of a file's version 1 header and data block, from its counts.
private func version1Length(_ bytes: [UInt8]) -> Int {
    func count(_ i: Int) -> Int {
        (0..<4).reduce(0) { $0 << 8 | Int(bytes[20 + 4 * i + $1]) }
    }
    let (ut, std, leap, time, type, char) = (count(0), count(1), count(2), count(3), count(4), count(5))
    return 44 + time * 5 + type * 6 + char + leap * 8 + std + ut
}

@Suite struct TimeZoneTZifTests {
    @Test func parsesARealVersion2File() throws {
        let file = try TZif(parsing: TZTest.bytes("Europe/Paris"))
        #expect(file.version == 2)
        #expect(file.footer == "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(file.transitionTimes.count == file.transitionTypes.count)
        #expect(file.transitionTimes.count > 100)
        #expect(zip(file.transitionTimes, file.transitionTimes.dropFirst()).allSatisfy { $0 < $1 })
        #expect(file.localTimeTypes.first == TZif.LocalTimeType(utOffset: 561, isDST: false,
                                                                abbreviationIndex: 0, abbreviation: "LMT"))
        let names = Set(file.localTimeTypes.map(\.abbreviation))
        #expect(names.isSuperset(of: ["LMT", "PMT", "WET", "WEST", "CET", "CEST", "WEMT"]))
        #expect(file.localTimeTypes.contains(TZif.LocalTimeType(utOffset: 7_200, isDST: true,
            abbreviationIndex: file.localTimeTypes.first { $0.abbreviation == "CEST" }?.abbreviationIndex ?? 0,
            abbreviation: "CEST")))
        #expect(file.leapSeconds.isEmpty)
        #expect(file.standardIndicators.isEmpty || file.standardIndicators.count == file.localTimeTypes.count)
        #expect(file.utIndicators.isEmpty || file.utIndicators.count == file.localTimeTypes.count)
    }

    /// Version 3 allows rule times outside 0...24 hours (America/Nuuk: `/-1`).
    @Test func parsesARealVersion3File() throws {
        let file = try TZif(parsing: TZTest.bytes("America/Nuuk"))
        #expect(file.version == 3)
        #expect(file.footer == "<-02>2<-01>,M3.5.0/-1,M10.5.0/0")
        let nuuk = try TZTest.zone("America/Nuuk")
        #expect(nuuk.offset(at: TZTest.instant(2100, 7, 1)) == (-3_600, true))
        #expect(nuuk.offset(at: TZTest.instant(2100, 3, 28, 0, 59, 59)) == (-7_200, false))
        #expect(nuuk.offset(at: TZTest.instant(2100, 3, 28, 1)) == (-3_600, true))
    }

    /// Every TZif file on the system loads, right/ and posix/ variants included.
    @Test func everySystemFileLoads() throws {
        let root = URL(fileURLWithPath: TZTest.zoneinfo)
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var loaded = 0
        for case let url as URL in files {
            guard let data = try? Data(contentsOf: url), data.starts(with: Array("TZif".utf8)) else { continue }
            #expect(throws: Never.self, "\(url.path)") {
                let zone = try KalendsCore.TimeZone(tzif: [UInt8](data), name: url.lastPathComponent)
                _ = zone.offset(at: 4_000_000_000)
            }
            loaded += 1
        }
        #expect(loaded > 1_000)
    }

    /// A version 1 file: the first block of a real file alone, with version byte 0.
    @Test func parsesAVersion1File() throws {
        let full = try TZTest.bytes("America/New_York")
        var v1 = Array(full[..<version1Length(full)])
        v1[4] = 0
        let file = try TZif(parsing: v1)
        #expect(file.version == 1)
        #expect(file.footer == nil)
        #expect(file.transitionTimes.allSatisfy { Int32(exactly: $0) != nil })
        let old = try KalendsCore.TimeZone(tzif: v1, name: "v1")
        let new = try TZTest.zone("America/New_York")
        var t = TZTest.instant(1902, 1, 1)
        while t < TZTest.instant(2037, 1, 1) {
            #expect(old.offset(at: t) == new.offset(at: t), "at \(t)")
            t += 86_400 * 5 + 1_009
        }
        // No footer: after the last transition the last type stays.
        #expect(old.offset(at: TZTest.instant(2100, 7, 1)) == (-18_000, false))
    }

    /// Leap-second records of the right/ zones: parsed and validated, not applied.
    @Test func parsesLeapSeconds() throws {
        let file = try TZif(parsing: TZTest.bytes("right/UTC"))
        #expect(file.leapSeconds.count >= 27)
        #expect(file.leapSeconds.first == TZif.LeapSecond(occurrence: 78_796_800, correction: 1))
        #expect(file.leapSeconds.map(\.correction) == Array(1...Int32(file.leapSeconds.count)))
        let rightUTC = try TZTest.zone("right/UTC")
        #expect(rightUTC.offset(at: 1_700_000_000) == (0, false))
    }

    /// Version 4 (RFC 9636): a leap table truncated at the start (first correction not
    /// ±1) and ending in an expiry record (same correction twice). Both are errors in
    /// version 3.
    @Test func version4LeapSecondTables() throws {
        var builder = TZifBuilder()
        builder.version = UInt8(ascii: "4")
        builder.leaps = [(1_483_228_826, 27), (1_900_000_000, 27)]
        let file = try TZif(parsing: builder.build())
        #expect(file.version == 4)
        #expect(file.leapSeconds.count == 2)
        builder.version = UInt8(ascii: "3")
        expectKalendsError(.parse) { try TZif(parsing: builder.build()) }
        builder.leaps = [(78_796_800, 1), (94_694_401, 2), (2_000_000_000, 2)]
        expectKalendsError(.parse) { try TZif(parsing: builder.build()) }
        builder.version = UInt8(ascii: "4")
        #expect(try TZif(parsing: builder.build()).leapSeconds.count == 3)
    }

    @Test func builtFilesOfEveryVersion() throws {
        for version in [0, UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "4")] {
            var builder = TZifBuilder()
            builder.version = version
            builder.times = [-100, 0, 1_000_000]
            builder.typeIndices = [1, 2, 0]
            builder.types = [(3_600, 0, 0), (7_200, 1, 4), (3_600, 0, 0)]
            builder.designations = Array("CET\0CEST\0".utf8)
            builder.standard = [0, 0, 1]
            builder.ut = [0, 0, 1]
            builder.footer = "CET-1"
            let file = try TZif(parsing: builder.build())
            #expect(file.version == (version == 0 ? 1 : Int(version - UInt8(ascii: "0"))))
            #expect(file.transitionTimes == [-100, 0, 1_000_000])
            #expect(file.localTimeTypes.map(\.abbreviation) == ["CET", "CEST", "CET"])
            #expect(file.standardIndicators == [false, false, true])
            #expect(file.utIndicators == [false, false, true])
            #expect(file.footer == (version == 0 ? nil : "CET-1"))
            let zone = try KalendsCore.TimeZone(tzif: builder.build(), name: "built")
            #expect(zone.offset(at: -101) == (3_600, false))   // type 0 before the first
            #expect(zone.offset(at: -100) == (7_200, true))
            #expect(zone.offset(at: -1) == (7_200, true))
            #expect(zone.offset(at: 0) == (3_600, false))
            #expect(zone.offset(at: 1_000_000) == (3_600, false))
            #expect(zone.nextTransition(after: -101) == -100)
            #expect(zone.nextTransition(after: -100) == 0)
            #expect(zone.nextTransition(after: 0) == 1_000_000)
            #expect(zone.nextTransition(after: 1_000_000) == nil)   // CET-1, or no footer
        }
        // An empty footer: the last type stays.
        var builder = TZifBuilder()
        builder.footer = ""
        #expect(try TZif(parsing: builder.build()).footer == "")
        // No transitions and a footer with DST: the footer applies at all times.
        builder.footer = "EST5EDT,M3.2.0,M11.1.0"
        builder.types = [(-18_000, 0, 0)]
        builder.designations = Array("EST\0".utf8)
        let zone = try KalendsCore.TimeZone(tzif: builder.build(), name: "rule only")
        #expect(zone.offset(at: TZTest.instant(1800, 7, 1)) == (-14_400, true))
        #expect(zone.offset(at: TZTest.instant(2024, 1, 1)) == (-18_000, false))
    }

    /// Files broken in exactly one way each.
    @Test func rejectsMalformedFiles() throws {
        let valid = TZifBuilder()
        #expect(throws: Never.self) { try TZif(parsing: valid.build()) }
        var cases: [(String, [UInt8])] = []
        func broken(_ why: String, _ change: (inout TZifBuilder) -> Void) {
            var b = valid
            change(&b)
            cases.append((why, b.build()))
        }
        broken("transition type out of range") { $0.times = [0]; $0.typeIndices = [1] }
        broken("designation index out of range") { $0.types = [(0, 0, 4)] }
        broken("designation not NUL-terminated") { $0.designations = Array("UTC".utf8) }
        broken("isdst is 2") { $0.types = [(0, 2, 0)] }
        broken("utoff is -2^31") { $0.types = [(Int32.min, 0, 0)] }
        broken("utoff is 26 hours") { $0.types = [(93_600, 0, 0)] }
        broken("times not ascending") { $0.times = [5, 5]; $0.typeIndices = [0, 0] }
        broken("times descending") { $0.times = [5, 4]; $0.typeIndices = [0, 0] }
        broken("isutcnt neither 0 nor typecnt") { $0.ut = [0, 0] }
        broken("isstdcnt neither 0 nor typecnt") { $0.standard = [0, 0] }
        broken("standard indicator 2") { $0.standard = [2] }
        broken("UT but not standard") { $0.standard = [0]; $0.ut = [1] }
        broken("UT without standard indicators") { $0.ut = [1] }
        broken("typecnt 0") { $0.types = [] }
        broken("charcnt 0") { $0.designations = [] }
        broken("leap second before 1970") { $0.leaps = [(-1, 1)] }
        broken("leap corrections jump") { $0.leaps = [(100, 1), (50_000_000, 3)] }
        broken("leap occurrences not ascending") { $0.leaps = [(100, 1), (100, 2)] }
        broken("first leap correction not ±1 before version 4") { $0.leaps = [(100, 2)] }
        broken("footer not ASCII") { $0.footer = "UTC0\u{7}" }
        broken("footer not a TZ string") { $0.footer = "UTC" }
        broken("footer with trailing junk") { $0.footer = "UTC0,J1" }
        broken("no footer") { $0.footer = nil }
        broken("second header's version differs") { $0.secondVersion = UInt8(ascii: "3") }
        broken("unknown version") { $0.version = UInt8(ascii: "5") }
        broken("huge timecnt") { $0.countOverrides = [3: UInt32.max] }
        broken("huge typecnt") { $0.countOverrides = [4: 0x8000_0000] }
        broken("huge charcnt") { $0.countOverrides = [5: UInt32.max] }
        broken("huge leapcnt") { $0.countOverrides = [2: 0x1000_0000] }
        cases.append(("empty", []))
        cases.append(("not TZif", Array("TZig2".utf8) + [UInt8](repeating: 0, count: 60)))
        var missingNewline = valid.build()
        missingNewline.removeLast()
        cases.append(("footer without closing newline", missingNewline))
        var noLeadingNewline = valid.build()
        noLeadingNewline[noLeadingNewline.count - 6] = UInt8(ascii: " ")
        cases.append(("footer without opening newline", noLeadingNewline))

        for (why, bytes) in cases {
            let error = expectKalendsError(.parse, "\(why)") { try TZif(parsing: bytes) }
            #expect(error?.message.isEmpty == false)
            expectKalendsError(.parse, "\(why)") { try KalendsCore.TimeZone(tzif: bytes, name: why) }
        }
    }

    @Test func errorMessagesSayWhatIsWrong() throws {
        var b = TZifBuilder()
        b.times = [0]
        b.typeIndices = [3]
        let error = try #require(expectKalendsError(.parse) { try TZif(parsing: b.build()) })
        #expect(error.message == "TZif transition 0 has type 3, but typecnt is 1")
        let truncated = try #require(expectKalendsError(.parse) {
            try TZif(parsing: Array(TZTest.bytes("Europe/Paris").prefix(100)))
        })
        #expect(truncated.message.contains("truncated"))
        let footer = try #require(expectKalendsError(.parse) {
            var b = TZifBuilder()
            b.footer = "CET-1CEST,M3.5.0"
            return try KalendsCore.TimeZone(tzif: b.build(), name: "x")
        })
        #expect(footer.message.hasPrefix("TZif footer: TZ string \"CET-1CEST,M3.5.0\""))
    }

    /// Every proper prefix of a real file is truncated, and says so.
    @Test func everyTruncationThrows() throws {
        for name in ["Europe/Paris", "America/Nuuk", "right/Europe/Paris", "UTC"] {
            let bytes = try TZTest.bytes(name)
            #expect(throws: Never.self) { try TZif(parsing: bytes) }
            for length in 0..<bytes.count {
                #expect(throws: KalendsError.self, "\(name) cut at \(length)") {
                    try TZif(parsing: Array(bytes[..<length]))
                }
            }
        }
    }

    /// Seeded random damage to real files: parsing must throw or succeed, never trap, and
    /// a zone that loads must answer every query.
    @Test(arguments: ["Europe/Paris", "America/Sao_Paulo", "Pacific/Apia", "America/Nuuk",
                      "Australia/Lord_Howe", "right/America/New_York", "Etc/GMT+5"])
    func fuzzedFilesNeverTrap(_ name: String) throws {
        let original = try TZTest.bytes(name)
        var rng = SplitMix(UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        let secondHeader = version1Length(original)
        let headers = Array(20..<44) + Array((secondHeader + 20)..<(secondHeader + 44))
        var loaded = 0, failed = 0
        for iteration in 0..<1_500 {
            var bytes = original
            switch iteration % 6 {
            case 0:   // flip a few bits anywhere
                for _ in 0..<Int.random(in: 1...8, using: &rng) {
                    let i = Int.random(in: 0..<bytes.count, using: &rng)
                    bytes[i] ^= UInt8(1) << UInt8.random(in: 0...7, using: &rng)
                }
            case 1:   // damage the counts
                let i = headers.randomElement(using: &rng) ?? 20
                if i < bytes.count { bytes[i] = [0, 1, 0x7f, 0x80, 0xff, UInt8.random(in: 0...255, using: &rng)].randomElement(using: &rng) ?? 0 }
            case 2:   // truncate
                bytes.removeLast(Int.random(in: 1...bytes.count, using: &rng))
            case 3:   // insert or delete a run
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                if Bool.random(using: &rng) {
                    bytes.insert(contentsOf: (0..<Int.random(in: 1...16, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }, at: i)
                } else {
                    bytes.removeSubrange(i..<min(bytes.count, i + Int.random(in: 1...16, using: &rng)))
                }
            case 4:   // overwrite a run with random bytes
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                for j in i..<min(bytes.count, i + Int.random(in: 1...32, using: &rng)) {
                    bytes[j] = UInt8.random(in: 0...255, using: &rng)
                }
            default:  // small edits in the data after the second header: type indices, flags
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let i = Int.random(in: min(secondHeader, bytes.count - 1)..<bytes.count, using: &rng)
                    bytes[i] = [0, 1, 2, 0xff, UInt8.random(in: 0...255, using: &rng)].randomElement(using: &rng) ?? 0
                }
            }
            let zone: KalendsCore.TimeZone
            do {
                zone = try KalendsCore.TimeZone(tzif: bytes, name: name)
            } catch {
                #expect(error.code == .parse, "\(name) mutation \(iteration): \(error)")
                failed += 1
                continue
            }
            loaded += 1
            for _ in 0..<8 {
                let t = Int64.random(in: -1 << 40...1 << 40, using: &rng)
                _ = zone.offset(at: t)
                _ = try? zone.localDay(at: t)
                let day = Int32.random(in: Gregorian.minDayNumber...Gregorian.maxDayNumber, using: &rng)
                if let start = try? zone.dayStart(day), let local = try? zone.localDay(at: start) {
                    #expect(local.day >= day, "\(name) mutation \(iteration)")
                }
            }
            _ = zone.offset(at: .min)
            _ = zone.offset(at: .max)
        }
        // Both outcomes occur, so the mutations reach past the first checks.
        #expect(loaded > 50 && failed > 50, "\(name): \(loaded) loaded, \(failed) rejected")
    }
}
