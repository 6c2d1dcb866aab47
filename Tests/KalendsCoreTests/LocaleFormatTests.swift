import Foundation
import Testing
@testable import KalendsCore

/// The pattern formatter letter by letter against Foundation's DateFormatter (same
/// pattern, same locale), the view's words in a locale, the POSIX environment, and
/// calendars configured from a locale.
@Suite struct LocaleFormatTests {
    static func foundation(_ id: String, _ pattern: String, _ date: KalendsCore.Date, hour: Int = 0, minute: Int = 0,
                           second: Int = 0, firstWeekday: Int? = nil, minDays: Int? = nil) -> String {
        let f = DateFormatter()
        f.locale = Foundation.Locale(identifier: id)
        var cal = Foundation.Calendar(identifier: .gregorian)
        cal.locale = f.locale
        cal.timeZone = TimeZone(identifier: "UTC")!
        if let firstWeekday { cal.firstWeekday = firstWeekday }
        if let minDays { cal.minimumDaysInFirstWeek = minDays }
        f.calendar = cal
        f.timeZone = cal.timeZone
        f.dateFormat = pattern
        let seconds = Double(date.dayNumber) * 86400 + Double(hour * 3600 + minute * 60 + second)
        return f.string(from: Foundation.Date(timeIntervalSince1970: seconds))
    }

    /// Letters whose output does not depend on CLDR version differences, in several
    /// locales, for dates around year ends (week-of-year edges) and times around noon
    /// and midnight.
    @Test func patternLettersMatchFoundation() throws {
        let patterns = ["G GGGG GGGGG y yy yyy yyyy u", "Y YY w ww W", "M MM MMM MMMM MMMMM", "L LL LLL LLLL LLLLL",
                        "d dd D DDD F", "E EE EEE EEEE EEEEE EEEEEE", "e ee c ccc cccc",
                        "h hh H HH K KK k kk m mm s ss", "a aaaa aaaaa", "'quoted ''text''' d 'o''clock'", "q qq Q QQ"]
        // from 1583 on: Foundation's Gregorian calendar is Julian before 1582-10-15
        let dates: [(Int32, Int32, Int32)] = [(2026, 11, 22), (2026, 12, 31), (2027, 1, 1), (2021, 1, 3), (2020, 12, 31),
                                             (1999, 2, 28), (2000, 2, 29), (1583, 1, 1)]
        let times = [(0, 0, 0), (11, 59, 59), (12, 0, 0), (23, 5, 9)]
        var misses: [String] = []
        for id in ["en", "de", "fr", "ar_EG", "ja", "ru", "he", "fa"] {
            let l = KalendsCore.Locale(id)
            for (y, m, d) in dates {
                let date = try KalendsCore.Date(year: y, month: m, day: d)
                for (h, mi, s) in times {
                    let fields = try DateFields(date, weekData: l.weekData).at(hour: Int32(h), minute: Int32(mi), second: Int32(s))
                    for p in patterns {
                        // CLDR 46 -> 47 changes and babel's era variants, named in LocaleFoundationTests:
                        // de longEras (GGGG), ar shortWeekdays (E), he ampm (a); fa's eras and
                        // day periods changed too
                        // ar and ru abbreviated weekdays (E, ccc)
                        if (id == "de" && p.hasPrefix("G")) || ((id == "ar_EG" || id == "ru") && (p.hasPrefix("E") || p.hasPrefix("e")))
                            || ((id == "he" || id == "fa") && (p.hasPrefix("a") || p.hasPrefix("G"))) { continue }
                        let w = l.weekData
                        let theirs = Self.foundation(id, p, date, hour: h, minute: mi, second: s,
                                                     firstWeekday: Int(w.firstWeekday.rawValue % 7 + 1),
                                                     minDays: Int(w.minDaysInFirstWeek))
                        let ours = l.format(fields, pattern: p)
                        if ours != theirs { misses.append("\(id) '\(p)' \(date) \(h):\(mi): Foundation \(theirs) vs \(ours)") }
                    }
                }
            }
        }
        #expect(misses.isEmpty, "\(misses.count):\n\(misses.prefix(30).joined(separator: "\n"))")
    }

    /// b and B against ICU 77's output for CLDR 47 (Foundation on Linux has CLDR 46):
    /// b is am/pm or noon at exactly 12:00; B the locale's flexible periods (en: morning1
    /// 00:00-12:00, afternoon1 12:00-18:00, evening1 18:00-21:00, night1 21:00-24:00).
    /// babel differs: it uses midnight at 00:00 and flexible periods for b too.
    @Test func flexibleDayPeriods() throws {
        let date = try KalendsCore.Date(year: 2026, month: 11, day: 22)
        func at(_ id: String, _ pattern: String, _ h: Int32, _ m: Int32 = 0) throws -> String {
            let l = KalendsCore.Locale(id)
            return l.format(try DateFields(date, weekData: l.weekData).at(hour: h, minute: m), pattern: pattern)
        }
        #expect(try at("en", "h B", 0) == "12 in the morning")
        #expect(try at("en", "h B", 7) == "7 in the morning")
        #expect(try at("en", "h B", 12) == "12 noon")
        #expect(try at("en", "h B", 12, 1) == "12 in the afternoon")
        #expect(try at("en", "h B", 13) == "1 in the afternoon")
        #expect(try at("en", "h B", 22) == "10 at night")
        #expect(try at("en", "h b", 0) == "12 AM")
        #expect(try at("en", "h b", 12) == "12 noon")
        #expect(try at("en", "h b", 13) == "1 PM")
        #expect(try at("zh_Hant", "Bh:mm", 6) == "清晨6:00")
        #expect(try at("zh_Hant", "Bh:mm", 12) == "中午12:00")
        #expect(try at("zh_Hant", "Bh:mm", 13) == "下午1:00")
        #expect(KalendsCore.Locale("zh_Hant").formatHour(15) == "下午3時")
        #expect(KalendsCore.Locale("en").formatHour(15) == "3 PM")
        #expect(KalendsCore.Locale("de").formatHour(15) == "15 Uhr")
        let ar = KalendsCore.Locale("ar_EG").formatHour(9)
        #expect(ar.hasPrefix("٩") && ar.hasSuffix("ص"))
    }

    @Test func otherCalendarsNumbersAndLeapMonths() throws {
        // Hebrew numerals (CLDR he hebrew patterns carry numbers="hebr")
        #expect(NumberOverride.hebrewNumeral(15) == "ט״ו" && NumberOverride.hebrewNumeral(16) == "ט״ז")
        #expect(NumberOverride.hebrewNumeral(5) == "ה׳" && NumberOverride.hebrewNumeral(787) == "תשפ״ז")
        // a leap month of the Chinese calendar (2023: leap 2nd month), numbers by d=hanidays
        let zh = KalendsCore.Locale("zh")
        let leap = DateFields(date: SystemDate(era: 78, year: 40, month: 2, day: 1, isLeapMonth: true), calendar: .chinese,
                              weekday: .wednesday, dayOfYear: 60, relatedGregorianYear: 2023, extendedYear: 40)
        #expect(zh.format(leap, style: .long) == "2023癸卯年闰二月初一")
        #expect(KalendsCore.Locale("en").format(leap, pattern: "MMMM d, r(U)") == "Second Monthbis 1, 2023(gui-mao)")
        // Adar II in a Hebrew leap year, Adar in a common one
        let he = KalendsCore.Locale("en")
        let adar2 = DateFields(date: SystemDate(era: 0, year: 5784, month: 7, day: 10), calendar: .hebrew,
                               weekday: .wednesday, dayOfYear: 1, relatedGregorianYear: 2023, extendedYear: 5784,
                               isLeapYear: true)
        #expect(he.format(adar2, pattern: "d MMMM y M") == "10 Adar II 5784 7")
        var adar = adar2
        adar.date.year = 5783
        adar.isLeapYear = false
        #expect(he.format(adar, pattern: "d MMMM y M") == "10 Adar 5783 6")    // the 6th month of a common year
        // ja: the first year of an era is 元年
        let ja = KalendsCore.Locale("ja")
        let reiwa1 = DateFields(date: SystemDate(era: 236, year: 1, month: 5, day: 1), calendar: .japanese,
                                weekday: .wednesday, dayOfYear: 1, relatedGregorianYear: 2019, extendedYear: 1)
        #expect(ja.format(reiwa1, style: .long) == "令和元年5月1日")
    }

    @Test func fieldsOfASystemWalkBackToItsYear() throws {
        // A CalendarSystem stand-in: Gregorian months by index (the systems' protocol).
        struct G: CalendarSystem {
            var identifier: String { "gregorian" }
            var dayRange: ClosedRange<Int> { -1_000_000...1_000_000 }
            func date(dayNumber: Int) -> SystemDate {
                let c = Gregorian.civilFromDays(dayNumber)
                return SystemDate(era: c.year > 0 ? 1 : 0, year: Int32(c.year > 0 ? c.year : 1 - c.year),
                                  month: Int32(c.month), day: Int32(c.day))
            }
            func dayNumber(_ d: SystemDate) throws(KalendsError) -> Int {
                Gregorian.daysFromCivil(Int(d.era == 1 ? d.year : 1 - d.year), Int(d.month), Int(d.day))
            }
            func monthIndex(dayNumber: Int) -> Int {
                let c = Gregorian.civilFromDays(dayNumber)
                return c.year * 12 + c.month - 1
            }
            func month(index: Int) -> (firstDay: Int, length: Int) {
                let y = Int((Double(index) / 12).rounded(.down)), m = index - y * 12 + 1
                return (Gregorian.daysFromCivil(y, m, 1), Gregorian.daysInMonth(y, m))
            }
        }
        let en = KalendsCore.Locale("en")
        for (y, m, d) in [(2026, 11, 22), (2024, 12, 31), (2025, 1, 1), (-43, 3, 15)] as [(Int32, Int32, Int32)] {
            let date = try KalendsCore.Date(year: y, month: m, day: d)
            let viaSystem = try DateFields(dayNumber: Int(date.dayNumber), system: G(), weekData: en.weekData)
            let direct = DateFields(date, weekData: en.weekData)
            #expect(viaSystem.date == direct.date && viaSystem.dayOfYear == direct.dayOfYear, "\(date)")
            #expect(en.format(viaSystem, pattern: "G y-MM-dd D u r") == en.format(direct, pattern: "G y-MM-dd D u r"))
        }
        #expect(throws: KalendsError.self) { try DateFields(dayNumber: 2_000_000, system: G(), weekData: en.weekData) }
        #expect(throws: KalendsError.self) { try DateFields(date: SystemDate(era: 1, year: 1, month: 1, day: 1), calendar: .gregorian,
                                                           weekday: .monday, dayOfYear: 1, relatedGregorianYear: 1,
                                                           extendedYear: 1).at(hour: 24) }
    }

    @Test func viewTextInALocale() throws {
        let de = KalendsCore.Locale("de")
        let today = try KalendsCore.Date(year: 2026, month: 11, day: 22)
        let cal = try KalendsCore.Calendar(options: CalendarOptions(locale: de, today: .fixed(today)))
        #expect(cal.options.firstWeekday == .monday && cal.options.minDaysInFirstWeek == 4)
        let view = try View(calendar: cal)
        #expect(view.title() == "November 2026")
        #expect(view.weekdayLabel(.monday) == "Mo" && view.weekdayLabel(.monday, width: .wide) == "Montag")
        #expect(try view.accessibilityLabel(today) == "Sonntag, 22. November 2026, today")
        #expect(view.hourLabel(9) == "09 Uhr")
        let ar = KalendsCore.Locale("ar_EG")
        let arView = try View(calendar: try KalendsCore.Calendar(options: CalendarOptions(locale: ar, today: .fixed(today))),
                              options: ViewOptions(locale: ar))
        #expect(arView.options.rightToLeft && arView.calendar.options.firstWeekday == .saturday)
        #expect(arView.calendar.options.weekendDays == [.friday, .saturday])
        #expect(arView.title() == "نوفمبر ٢٠٢٦")
        let ru = try View(calendar: try KalendsCore.Calendar(options: CalendarOptions(locale: KalendsCore.Locale("ru"),
                                                                                     today: .fixed(today))))
        #expect(ru.title() == "ноябрь 2026\u{202F}г.")                          // stand-alone LLLL
        try ru.setMode(.day)
        #expect(ru.title() == "воскресенье, 22 ноября 2026\u{202F}г.")         // genitive in a date
        #expect(DateNames(locale: KalendsCore.Locale("fr")).month(11) == "novembre")
        #expect(DateNames.english.weekday(.sunday) == "Sunday" && DateNames.english.month(13) == "")
    }

    @Test func environmentFollowsPOSIXPrecedence() {
        func env(_ vars: [String: String]) -> String {
            KalendsCore.Locale(KalendsCore.Locale.environmentValue { vars[$0] }).identifier
        }
        #expect(env([:]) == "en_US_POSIX")
        #expect(env(["LANG": "de_DE.UTF-8"]) == "de_DE")
        #expect(env(["LANG": "de_DE.UTF-8", "LC_TIME": "fr_CA.UTF-8"]) == "fr_CA")
        #expect(env(["LANG": "de_DE.UTF-8", "LC_TIME": "fr_CA.UTF-8", "LC_ALL": "ja_JP.eucJP"]) == "ja_JP")
        #expect(env(["LC_ALL": "", "LANG": "C.UTF-8"]) == "en_US_POSIX")
        #expect(env(["LC_ALL": "sr_RS@latin"]) == "sr_Latn_RS")
        _ = KalendsCore.Locale.environment      // reads the real environment without failing
    }
}
