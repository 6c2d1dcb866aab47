import Foundation
import Testing
@testable import KalendsCore

/// Interval titles and typed dates against Foundation (ICU 76 = CLDR 46 on Linux) as a
/// second opinion; the Python tests compare every locale with babel 2.18 (CLDR 47).
@Suite struct IntervalParseFoundationTests {
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone.current

    /// Where Foundation (CLDR 46) and CLDR 47 (babel 2.18, the tables) differ; the test
    /// follows CLDR 47: en_GB's yMMMd day interval is "d–d MMM y" in CLDR 47 (babel
    /// 2.18: "23–29 Nov 2026"), "d – d MMM y" in CLDR 46.
    static let cldr46Differences: [String: String] = [
        "en_GB 2026-11-23": "23\u{2009}–\u{2009}29 Nov 2026",
    ]

    static func foundationDate(_ d: KalendsCore.Date) -> Foundation.Date {
        Foundation.Date(timeIntervalSince1970: Double(d.dayNumber) * 86_400)
    }

    /// DateIntervalFormatter's yMMMd interval of a week inside a month, across two months
    /// and across two years, against Locale.formatInterval, in five locales.
    @Test(arguments: ["en_US", "en_GB", "de_DE", "fr_FR", "ja_JP"])
    func weekIntervalsAsFoundation(_ name: String) throws {
        let locale = KalendsCore.Locale(name)
        let f = DateIntervalFormatter()
        f.locale = Foundation.Locale(identifier: name)
        f.timeZone = IntervalParseFoundationTests.utc
        f.dateTemplate = "yMMMd"
        for (a, b) in [((2026, 11, 23), (2026, 11, 29)), ((2026, 11, 30), (2026, 12, 6)), ((2026, 12, 28), (2027, 1, 3))] {
            let start = try KalendsCore.Date(year: Int32(a.0), month: Int32(a.1), day: Int32(a.2))
            let end = try KalendsCore.Date(year: Int32(b.0), month: Int32(b.1), day: Int32(b.2))
            let ours = try locale.formatInterval(DateFields(start, weekData: locale.weekData),
                                                 DateFields(end, weekData: locale.weekData), skeleton: "yMMMd")
            let theirs = f.string(from: IntervalParseFoundationTests.foundationDate(start),
                                  to: IntervalParseFoundationTests.foundationDate(end))
            if let cldr46 = IntervalParseFoundationTests.cldr46Differences["\(name) \(start)"] {
                #expect(theirs == cldr46 && ours == "23–29 Nov 2026", "\(name) \(a)...\(b): \(ours), Foundation \(theirs)")
            } else {
                #expect(ours == theirs, "\(name) \(a)...\(b)")
            }
        }
    }

    /// What DateFormatter writes in the four styles reads back as that day.
    @Test(arguments: ["en_US", "en_GB", "de_DE", "fr_FR", "ja_JP", "ru_RU", "es_ES"])
    func foundationDatesReadBack(_ name: String) throws {
        let locale = KalendsCore.Locale(name)
        let day = try KalendsCore.Date(year: 2026, month: 11, day: 22)
        for style in [DateFormatter.Style.full, .long, .medium, .short] {
            let f = DateFormatter()
            f.locale = Foundation.Locale(identifier: name)
            f.timeZone = IntervalParseFoundationTests.utc
            f.dateStyle = style
            f.timeStyle = .none
            let text = Array(f.string(from: IntervalParseFoundationTests.foundationDate(day)).utf8)
            let result = try text.withUnsafeBytes { try locale.parseDate($0, system: AnyCalendarSystem.gregorian) }
            #expect(result.value == Int(day.dayNumber), "\(name) \(style): \(String(decoding: text, as: UTF8.self)) \(result)")
        }
    }
}
