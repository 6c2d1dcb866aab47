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

    /// Dates of the calendar systems (KalendsCore's own, Time/Systems) formatted in
    /// their calendars' styles against Foundation, every 7th day of 1990...2030, for
    /// locale/style pairs where CLDR 46 (Foundation) and 47 agree.
    @Test func systemDatesMatchFoundation() throws {
        let cases: [(String, String, Foundation.Calendar.Identifier, [DateStyle])] = [
            ("en", "hebrew", .hebrew, [.full, .long, .medium]),
            ("en", "chinese", .chinese, [.full, .long, .medium]), ("en", "dangi", .chinese, []),
            ("en", "islamic-umalqura", .islamicUmmAlQura, [.full, .long]), ("en", "islamic-civil", .islamicCivil, [.full, .long]),
            ("fa", "persian", .persian, [.full, .long, .medium, .short]), ("hi", "indian", .indian, [.full, .long, .medium]),
            ("en", "coptic", .coptic, [.full, .long, .medium]), ("am", "ethiopic", .ethiopicAmeteMihret, [.full, .long, .medium]),
            ("ja", "japanese", .japanese, [.long]), ("th", "buddhist", .buddhist, [.full, .long, .medium]),
            ("en", "roc", .republicOfChina, [.full, .long, .medium]),
        ]
        var misses: [String] = []
        var checked = 0
        for (id, systemID, foundationID, styles) in cases where !styles.isEmpty {
            let l = KalendsCore.Locale(id)
            let system = try CalendarSystems.named(systemID).base
            let formatters = styles.map { style in
                let f = LocaleFoundationTests.formatter(id, foundationID)
                f.dateStyle = [DateStyle.full: DateFormatter.Style.full, .long: .long, .medium: .medium, .short: .short][style]!
                return f
            }
            var day = Int(Gregorian.daysFromCivil(1990, 1, 1))
            while day <= Gregorian.daysFromCivil(2030, 12, 31) {
                let fields = try DateFields(dayNumber: day, system: system, weekData: l.weekData)
                let instant = Foundation.Date(timeIntervalSince1970: Double(day) * 86400)
                for (style, f) in zip(styles, formatters) {
                    let ours = l.format(fields, style: style), theirs = f.string(from: instant)
                    checked += 1
                    if ours != theirs { misses.append("\(id)@\(systemID) \(style) day \(day): Foundation \(theirs) vs \(ours)") }
                }
                day += 7
            }
        }
        #expect(checked > 15_000)
        #expect(misses.isEmpty, "\(misses.count):\n\(misses.prefix(20).joined(separator: "\n"))")
        // fields the styles do not show
        let en = KalendsCore.Locale("en")
        let gregorian = try CalendarSystems.named("gregorian").base
        let nov22 = Int(Gregorian.daysFromCivil(2026, 11, 22))
        #expect(en.format(try DateFields(dayNumber: nov22, system: gregorian, weekData: en.weekData),
                          pattern: "D u r w Y") == "326 2026 2026 48 2026")
        let hebrew = try CalendarSystems.named("hebrew").base
        var hebrewCalendar = Foundation.Calendar(identifier: .hebrew)
        hebrewCalendar.timeZone = TimeZone(identifier: "UTC")!
        let dayOfYear = hebrewCalendar.ordinality(of: .day, in: .year, for: Foundation.Date(timeIntervalSince1970: Double(nov22) * 86400))!
        #expect(en.format(try DateFields(dayNumber: nov22, system: hebrew, weekData: en.weekData), pattern: "D u r")
                == "\(dayOfYear) 5787 2026")
        #expect(throws: KalendsError.self) {
            try DateFields(dayNumber: 1_000_000_000, system: gregorian, weekData: en.weekData)
        }
        #expect(throws: KalendsError.self) {
            try DateFields(date: SystemDate(era: 1, year: 1, month: 1, day: 1), calendar: .gregorian, weekday: .monday,
                           dayOfYear: 1, relatedGregorianYear: 1, extendedYear: 1).at(hour: 24)
        }
    }

    @Test func viewTextInALocale() throws {
        let de = KalendsCore.Locale("de")
        let today = try KalendsCore.Date(year: 2026, month: 11, day: 22)
        let cal = try KalendsCore.Calendar(options: CalendarOptions(locale: de, today: .fixed(today)))
        #expect(cal.options.firstWeekday == .monday && cal.options.minDaysInFirstWeek == 4)
        let view = try View(calendar: cal)
        #expect(view.title() == "November 2026")
        #expect(view.weekdayLabel(.monday) == "Mo" && view.weekdayLabel(.monday, width: .wide) == "Montag")
        #expect(try view.accessibilityLabel(today) == "Sonntag, 22. November 2026, " + LocaleFoundationTests.todayName("de"))
        #expect(LocaleFoundationTests.todayName("de") == "heute")
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
        // a locale naming a calendar: the view pages in it, titles and labels in its names
        let hebrewLocale = KalendsCore.Locale("en-u-ca-hebrew")
        let hebrewView = try View(calendar: try KalendsCore.Calendar(options: CalendarOptions(locale: hebrewLocale,
                                                                                              today: .fixed(today))))
        #expect(hebrewView.calendar.options.system.identifier == "hebrew")
        let f = LocaleFoundationTests.formatter("en", .hebrew)
        let instant = Foundation.Date(timeIntervalSince1970: Double(today.dayNumber) * 86400)
        f.setLocalizedDateFormatFromTemplate("yMMMM")
        let firstOfMonth = Foundation.Date(timeIntervalSince1970: Double(hebrewView.page.systemMonth.firstDay) * 86400)
        #expect(hebrewView.title() == f.string(from: firstOfMonth))
        f.dateStyle = .full
        #expect(try hebrewView.accessibilityLabel(today) == f.string(from: instant) + ", today")
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
