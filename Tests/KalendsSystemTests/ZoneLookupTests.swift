// Time zones by name, against the system tz database read directly, with the
// environment given to the lookup (no process-wide setenv in parallel tests).
import Foundation
import Testing
import KalendsCore
@testable import KalendsSystem

private let database = "/usr/share/zoneinfo"
private let january: Int64 = 1_768_000_000   // 2026-01-09
private let july: Int64 = 1_783_000_000      // 2026-07-02

private func lookup(_ name: String, _ env: [String: String] = [:],
                    localtime: String = "/nonexistent/localtime") throws(KalendsError) -> KalendsCore.TimeZone {
    try KalendsCore.TimeZone.named(name, environment: { env[$0] }, localtime: localtime)
}

private func seconds(_ zone: KalendsCore.TimeZone, _ instant: Int64) -> Int32 { zone.offset(at: instant).secondsEast }

@Suite struct ZoneLookupTests {
    /// An iCalendar TZID is a tz database name or names the file's VTIMEZONE (RFC 5545
    /// 3.2.19), never a POSIX TZ string: "UTC+11" (issue_218_bad_tzid.ics, whose VTIMEZONE
    /// says +11:00) read as POSIX would be 11 hours west of UTC.
    @Test func icalendarTZIDsAreDatabaseNamesOnly() throws {
        #expect(KalendsCore.TimeZone.forTZID("UTC+11") == nil)
        #expect(KalendsCore.TimeZone.forTZID("CET-1CEST,M3.5.0,M10.5.0/3") == nil)
        #expect(KalendsCore.TimeZone.forTZID("") == nil)
        #expect(KalendsCore.TimeZone.forTZID("Western/Central Europe") == nil)
        #expect(KalendsCore.TimeZone.forTZID("../etc/passwd") == nil)
        let paris = try #require(KalendsCore.TimeZone.forTZID("Europe/Paris"))
        #expect(seconds(paris, july) == 7200 && seconds(paris, january) == 3600)
        #expect(KalendsCore.TimeZone.forTZID("UTC").map { seconds($0, july) } == 0)
        #expect(try lookup("UTC+11").offset(at: july).secondsEast == -39_600)   // the POSIX reading, for TZ=
    }

    @Test func databaseZonesAreTheFilesOfTheDatabase() throws {
        for name in ["Europe/Paris", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"] {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(database)/\(name)")))
            let direct = try KalendsCore.TimeZone(tzif: bytes, name: name)
            let found = try lookup(name)
            #expect(found.name == name)
            for instant in [january, july, Int64(0), Int64(4_102_444_800)] {
                #expect(seconds(found, instant) == seconds(direct, instant), "\(name) at \(instant)")
            }
        }
        let paris = try lookup("Europe/Paris"), utc = try lookup("UTC")
        #expect(seconds(paris, january) == 3600 && seconds(paris, july) == 7200)
        #expect(utc.name == "UTC" && seconds(utc, july) == 0)
    }

    @Test func tzdirReplacesTheDatabase() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-tzdir-\(getpid())")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Test"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: "\(database)/America/New_York", toPath: dir.appendingPathComponent("Test/Zone").path)
        let zone = try lookup("Test/Zone", ["TZDIR": dir.path])
        #expect(seconds(zone, january) == -5 * 3600)
        #expect(zone.name == "Test/Zone")
        // the real database is not consulted then
        #expect(throws: KalendsError.self) { try lookup("Europe/Paris", ["TZDIR": dir.path]) }
        // an empty TZDIR is the default database
        let paris = try lookup("Europe/Paris", ["TZDIR": ""])
        #expect(seconds(paris, january) == 3600)
    }

    @Test func namesThatWouldLeaveTheDatabaseAreNotRead() {
        for name in ["../../../etc/passwd", "/etc/localtime", "Europe/../Europe/Paris", "Europe/Paris\u{0}x", "a b"] {
            #expect(throws: KalendsError.self, "\(name)") { try lookup(name) }
            #expect(!KalendsCore.TimeZone.isDatabaseName(name), "\(name)")
        }
        #expect(KalendsCore.TimeZone.isDatabaseName("Etc/GMT+5") && KalendsCore.TimeZone.isDatabaseName("America/Port-au-Prince"))
    }

    @Test func errorsSayWhatWasWrong() {
        do {
            _ = try lookup("Nowhere/Atlantis")
            Issue.record("no error")
        } catch {
            #expect(error.code == .notFound && error.message.contains("Nowhere/Atlantis"))
        }
        do {
            _ = try lookup("Nowhere/9")   // digits: read as a POSIX string, which it is not
            Issue.record("no error")
        } catch {
            #expect(error.code == .parse && error.message.contains("Nowhere/9"))
        }
        do {
            _ = try lookup("Europe")      // a directory
            Issue.record("no error")
        } catch {
            #expect(error.code == .notFound)
        }
    }

    @Test func posixStrings() throws {
        let zone = try lookup("CET-1CEST,M3.5.0,M10.5.0/3"), est = try lookup("EST5")
        #expect(seconds(zone, january) == 3600 && seconds(zone, july) == 7200)
        #expect(seconds(est, july) == -5 * 3600)
    }

    @Test func theDefaultZoneComesFromTZThenLocaltimeThenUTC() throws {
        for (tz, offset) in [("Asia/Tokyo", Int32(9 * 3600)), (":Europe/Paris", 7200), ("EST5EDT,M3.2.0,M11.1.0", -4 * 3600)] {
            let zone = try lookup("", ["TZ": tz])
            #expect(seconds(zone, july) == offset, "\(tz)")
        }
        let paris = "\(database)/Europe/Paris"
        // TZ unset, empty, or ":" (which once recursed forever): /etc/localtime, named by its link
        for env in [[:], ["TZ": ""], ["TZ": ":"]] {
            let zone = try lookup("", env, localtime: paris), none = try lookup("", env)
            #expect(seconds(zone, july) == 7200)
            #expect(none.name == "UTC")   // no localtime file: UTC
        }
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-localtime-\(getpid())")
        try? FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "\(database)/Asia/Tokyo")
        defer { try? FileManager.default.removeItem(at: link) }
        let linked = try lookup("", localtime: link.path)
        #expect(linked.name == "Asia/Tokyo")
        #expect(throws: KalendsError.self) { try lookup("", ["TZ": "Nowhere/Atlantis"], localtime: paris) }
    }
}
