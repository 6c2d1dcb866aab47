import Foundation
import Testing
@testable import KalendsCore

/// Helpers shared by the time zone tests: the system tz database, Foundation as an
/// oracle, and a builder of small TZif files.
enum TZTest {
    static let zoneinfo = "/usr/share/zoneinfo"

    /// The bytes of a system TZif file (tests may read files; the library may not).
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(zoneinfo)/\(name)")))
    }

    static func zone(_ name: String) throws -> KalendsCore.TimeZone {
        try KalendsCore.TimeZone(tzif: bytes(name), name: name)
    }

    static func foundationZone(_ name: String) -> Foundation.TimeZone? {
        Foundation.TimeZone(identifier: name)
    }

    /// Seconds since the epoch of a UT civil time.
    static func instant(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Int64 {
        Int64(Gregorian.daysFromCivil(y, mo, d)) * 86_400 + Int64(h * 3_600 + mi * 60 + s)
    }

    static func dayNumber(_ y: Int, _ m: Int, _ d: Int) -> Int32 {
        Int32(Gregorian.daysFromCivil(y, m, d))
    }

    /// Every zone name listed in tzdata.zi (Zone and Link lines), or an empty list.
    static func allZoneNames() -> [String] {
        guard let text = try? String(contentsOfFile: "\(zoneinfo)/tzdata.zi", encoding: .utf8) else { return [] }
        var names: [String] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.first == "Z", fields.count > 1 { names.append(String(fields[1])) }
            if fields.first == "L", fields.count > 2 { names.append(String(fields[2])) }
        }
        return names.sorted()
    }
}

/// Writes TZif files field by field, so tests can make valid files of every version and
/// files broken in exactly one way. The version 1 block holds the same data with times
/// truncated to 32 bits (its contents are skipped by the parser anyway).
struct TZifBuilder {
    var version: UInt8 = UInt8(ascii: "2")       // 0 for version 1
    var times: [Int64] = []
    var typeIndices: [UInt8] = []
    var types: [(utoff: Int32, isdst: UInt8, index: UInt8)] = [(0, 0, 0)]
    var designations: [UInt8] = Array("UTC\0".utf8)
    var leaps: [(occurrence: Int64, correction: Int32)] = []
    var standard: [UInt8] = []
    var ut: [UInt8] = []
    var footer: String? = "UTC0"
    /// Overrides for the second header's counts, in file order:
    /// isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt.
    var countOverrides: [Int: UInt32] = [:]
    var secondVersion: UInt8?

    func build() -> [UInt8] {
        var out: [UInt8] = []
        out += header(version, overrides: [:])
        out += block(timeSize: 4)
        guard version != 0 else { return out }
        out += header(secondVersion ?? version, overrides: countOverrides)
        out += block(timeSize: 8)
        if let footer { out += Array("\n\(footer)\n".utf8) }
        return out
    }

    private func header(_ version: UInt8, overrides: [Int: UInt32]) -> [UInt8] {
        var out = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
        let counts = [ut.count, standard.count, leaps.count, times.count, types.count, designations.count]
        for (i, count) in counts.enumerated() { out += Self.be32(overrides[i] ?? UInt32(count)) }
        return out
    }

    private func block(timeSize: Int) -> [UInt8] {
        var out: [UInt8] = []
        for t in times { out += timeSize == 4 ? Self.be32(UInt32(truncatingIfNeeded: t)) : Self.be64(t) }
        out += typeIndices
        for t in types { out += Self.be32(UInt32(bitPattern: t.utoff)) + [t.isdst, t.index] }
        out += designations
        for l in leaps {
            out += timeSize == 4 ? Self.be32(UInt32(truncatingIfNeeded: l.occurrence)) : Self.be64(l.occurrence)
            out += Self.be32(UInt32(bitPattern: l.correction))
        }
        return out + standard + ut
    }

    static func be32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
    static func be64(_ v: Int64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: v) >> (56 - 8 * $0)) }
    }
}

/// Expects `body` to throw a KalendsError with `code`; returns the error for more checks.
@discardableResult
func expectKalendsError<R>(_ code: KalendsError.Code, _ comment: Comment? = nil,
                           sourceLocation: SourceLocation = #_sourceLocation,
                           _ body: () throws -> R) -> KalendsError? {
    let error = #expect(throws: KalendsError.self, comment, sourceLocation: sourceLocation) { _ = try body() }
    #expect(error?.code == code, comment, sourceLocation: sourceLocation)
    return error
}
