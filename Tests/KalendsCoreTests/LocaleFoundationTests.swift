import Foundation
import Testing
@testable import KalendsCore

/// KalendsCore's CLDR 47 tables against Foundation's DateFormatter and Calendar (ICU 76,
/// i.e. CLDR 46, in Swift 6.3.1's Foundation on Linux) for a spread of locales and
/// calendars. Where the two CLDR versions differ, the difference is named in
/// `LocaleFoundationTests.cldr46Differences` and the test follows CLDR 47.
@Suite struct LocaleFoundationTests {
    static let locales = ["en", "en_GB", "en_AU", "de", "de_AT", "fr", "fr_CA", "es", "es_MX", "it", "pt_BR", "pt_PT",
                          "nl", "sv", "da", "nb", "fi", "pl", "cs", "ru", "uk", "el", "tr", "hu", "ro",
                          "ar_EG", "ar_SA", "he", "fa", "ur", "hi", "bn", "ta", "th", "vi", "id", "ja", "ko",
                          "zh_Hans", "zh_Hant", "zh_Hant_HK", "sw", "am", "ka", "hy", "my"]

    static let cldr47 = "CLDR 47 changed it (ICU 77, CLDR 47's reference implementation, writes ours)"
    static let babelVariant = "babel 2.18 imports CLDR's alt=\"variant\" era names here; ICU 77 has Foundation's (see notes/locale.md)"

    /// Every place where Foundation (ICU 76 = CLDR 46 on Linux) and these tables differ,
    /// by test and key, with the reason. Each was checked against ICU 77 (CLDR 47).
    static let differences: [String: [String: String]] = [
        "names": [
            "en_GB shortMonths": cldr47, "en_GB standaloneShortMonths": cldr47,           // Sept
            "en_AU shortMonths": cldr47, "en_AU standaloneShortMonths": cldr47,           // June, July, Sept
            "en_AU narrowWeekdays": cldr47, "es_MX narrowWeekdays": cldr47, "da standaloneShortMonths": cldr47,
            "ar_EG shortWeekdays": cldr47, "ar_SA shortWeekdays": cldr47, "pt_PT shortWeekdays": cldr47,
            "hi months": cldr47, "hi shortMonths": cldr47, "hi standaloneMonths": cldr47, "hi standaloneShortMonths": cldr47,
            "ru shortWeekdays": cldr47, "ru narrowWeekdays": cldr47, "ru shortMonths": cldr47,
            "ur shortMonths": cldr47, "ur standaloneShortMonths": cldr47, "ur narrowMonths": cldr47, "ur narrowWeekdays": cldr47,
            "he ampm": cldr47, "hi ampm": cldr47, "nb ampm": cldr47, "nl ampm": cldr47, "pt_PT ampm": cldr47,
            "de longEras": babelVariant, "de_AT longEras": babelVariant, "pt_PT eras": babelVariant, "ur longEras": babelVariant,
        ],
        "week": [
            "zh week": "Foundation on Linux reports Sunday / 5 days for zh; CLDR 47 weekData (CN) and ICU 77: Monday / 1",
            "zh_Hans week": "as zh",
        ],
        "styles": [
            "ar_EG full": cldr47, "ar_EG long": cldr47, "ar_SA full": cldr47, "ar_SA long": cldr47, "ar_SA yMMMM": cldr47,
            "bn full": cldr47, "bn long": cldr47, "bn medium": cldr47, "bn short": cldr47, "bn yMMMM": cldr47,
            "cs medium": cldr47, "cs short": cldr47, "en_AU medium": cldr47, "en_AU short": cldr47, "fa yMMMM": cldr47,
            "ja full": cldr47, "ko short": cldr47, "ru medium": cldr47, "ur medium": cldr47,
            "vi full": cldr47, "vi long": cldr47, "vi medium": cldr47, "zh_Hans full": cldr47, "zh_Hant_HK full": cldr47,
        ],
        "calendars": [
            "en@japanese full": cldr47, "en@japanese long": cldr47, "en@japanese medium": cldr47,   // "8 Reiwa"
            "ja@japanese full": cldr47, "ja@japanese medium": cldr47,
            "zh_Hant@roc full": cldr47, "zh_Hant@roc long": cldr47, "zh_Hant@roc medium": cldr47,  // 民國115年
            "ar_SA@islamic-umalqura full": cldr47, "ar_SA@islamic-umalqura long": cldr47,    // no comma before the year
            "ar_SA@islamic-umalqura medium": cldr47, "en@islamic-civil medium": cldr47,       // Sha., Ram.
            "he@hebrew full": cldr47, "he@hebrew long": cldr47, "he@hebrew medium": cldr47,   // סיוון
            "zh@chinese full": cldr47, "zh@chinese long": cldr47, "zh@chinese medium": cldr47,     // 十一月 for 冬月
        ],
    ]

    /// Compares ours with Foundation's; a mismatch records its key (without the date).
    static func check(_ key: String, _ ours: [String], _ theirs: [String], _ misses: inout [String: String]) {
        if ours == theirs { return }
        let short = key.split(separator: " ").prefix(2).joined(separator: " ")
        misses[short] = "\(key): Foundation \(theirs) vs CLDR 47 \(ours)"
    }

    /// The mismatches must be exactly the named differences of `test`.
    static func expectNamed(_ test: String, _ misses: [String: String]) {
        let named = Set(differences[test, default: [:]].keys)
        let unexpected = misses.filter { !named.contains($0.key) }.values.sorted()
        #expect(unexpected.isEmpty, "\(unexpected.count) unnamed differences:\n\(unexpected.joined(separator: "\n"))")
        let stale = named.subtracting(misses.keys).sorted()
        #expect(stale.isEmpty, "named differences that no longer occur: \(stale)")
    }

    static func formatter(_ id: String, _ calendar: Foundation.Calendar.Identifier = .gregorian) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Foundation.Locale(identifier: id)
        var cal = Foundation.Calendar(identifier: calendar)
        cal.locale = f.locale
        cal.timeZone = TimeZone(identifier: "UTC")!
        f.calendar = cal
        f.timeZone = TimeZone(identifier: "UTC")!
        return f
    }

    @Test func gregorianNamesMatchFoundation() {
        var misses: [String: String] = [:]
        for id in Self.locales {
            let l = KalendsCore.Locale(id)
            let f = Self.formatter(id)
            let sundayFirst = { (names: [String]) in [names[6]] + names[0..<6] }
            Self.check("\(id) months", l.monthNames(), f.monthSymbols, &misses)
            Self.check("\(id) shortMonths", l.monthNames(width: .abbreviated), f.shortMonthSymbols, &misses)
            Self.check("\(id) narrowMonths", l.monthNames(width: .narrow), f.veryShortMonthSymbols, &misses)
            Self.check("\(id) standaloneMonths", l.monthNames(context: .standAlone), f.standaloneMonthSymbols, &misses)
            Self.check("\(id) standaloneShortMonths", l.monthNames(width: .abbreviated, context: .standAlone),
                       f.shortStandaloneMonthSymbols, &misses)
            Self.check("\(id) weekdays", sundayFirst(l.weekdayNames()), f.weekdaySymbols, &misses)
            Self.check("\(id) shortWeekdays", sundayFirst(l.weekdayNames(width: .abbreviated)), f.shortWeekdaySymbols, &misses)
            Self.check("\(id) narrowWeekdays", sundayFirst(l.weekdayNames(width: .narrow)), f.veryShortWeekdaySymbols, &misses)
            Self.check("\(id) standaloneWeekdays", sundayFirst(l.weekdayNames(context: .standAlone)),
                       f.standaloneWeekdaySymbols, &misses)
            Self.check("\(id) eras", l.eraNames(), f.eraSymbols, &misses)
            Self.check("\(id) longEras", l.eraNames(width: .wide), f.longEraSymbols, &misses)
            // Foundation's amSymbol is ICU's: the wide name where the locale has one, else
            // the abbreviated (the tables fill a missing wide name as babel does, from narrow)
            let wide = [l.dayPeriodName(.am, width: .wide), l.dayPeriodName(.pm, width: .wide)]
            let abbreviated = [l.dayPeriodName(.am), l.dayPeriodName(.pm)]
            Self.check("\(id) ampm", wide == [f.amSymbol, f.pmSymbol] ? wide : abbreviated, [f.amSymbol, f.pmSymbol], &misses)
        }
        Self.expectNamed("names", misses)
    }

    @Test func weekDataMatchesFoundation() {
        var misses: [String: String] = [:]
        for id in Self.locales + ["pt_AO", "pt_MZ", "ar", "fa_AF", "en_IN", "es_419", "zh", "root"] {
            var cal = Foundation.Calendar(identifier: .gregorian)
            cal.locale = Foundation.Locale(identifier: id == "root" ? "und" : id)
            let w = KalendsCore.Locale(id).weekData
            let first = Int(w.firstWeekday.rawValue % 7 + 1)          // Foundation: 1 = Sunday
            Self.check("\(id) week", ["\(first)", "\(w.minDaysInFirstWeek)"],
                       ["\(cal.firstWeekday)", "\(cal.minimumDaysInFirstWeek)"], &misses)
        }
        Self.expectNamed("week", misses)
    }

    static let sampleDates: [(Int32, Int32, Int32)] = [(2026, 11, 22), (2024, 2, 29), (1999, 12, 31), (2000, 1, 1), (1970, 7, 4)]

    @Test func gregorianDateStylesMatchFoundation() throws {
        var misses: [String: String] = [:]
        let styles: [(DateStyle, DateFormatter.Style)] = [(.full, .full), (.long, .long), (.medium, .medium), (.short, .short)]
        for id in Self.locales {
            let l = KalendsCore.Locale(id)
            let f = Self.formatter(id)
            for (y, m, d) in Self.sampleDates {
                let date = try KalendsCore.Date(year: y, month: m, day: d)
                let instant = Foundation.Date(timeIntervalSince1970: Double(date.dayNumber) * 86400)
                for (ours, theirs) in styles {
                    f.dateStyle = theirs
                    Self.check("\(id) \(ours) \(date)", [l.format(date, style: ours)], [f.string(from: instant)], &misses)
                }
                f.setLocalizedDateFormatFromTemplate("yMMMM")
                Self.check("\(id) yMMMM \(date)", [l.formatMonthYear(DateFields(date, weekData: l.weekData))],
                           [f.string(from: instant)], &misses)
            }
        }
        Self.expectNamed("styles", misses)
    }

    /// Other calendars: the date's fields come from Foundation's Calendar (the systems
    /// themselves are another part of the library); names and patterns from the tables.
    @Test func otherCalendarsMatchFoundation() throws {
        let cases: [(String, Foundation.Calendar.Identifier, LocaleCalendar)] = [
            ("he", .hebrew, .hebrew), ("en", .hebrew, .hebrew), ("ar_SA", .islamicUmmAlQura, .islamic),
            ("en", .islamicCivil, .islamic), ("fa", .persian, .persian), ("en", .persian, .persian),
            ("hi", .indian, .indian), ("en", .coptic, .coptic), ("am", .ethiopicAmeteMihret, .ethiopic),
            ("ja", .japanese, .japanese), ("en", .japanese, .japanese), ("th", .buddhist, .buddhist),
            ("zh_Hant", .republicOfChina, .roc), ("zh", .chinese, .chinese), ("en", .chinese, .chinese),
            ("ko", .chinese, .chinese),
        ]
        var misses: [String: String] = [:]
        for (id, system, table) in cases {
            let l = KalendsCore.Locale(id)
            let f = Self.formatter(id, system)
            let cal = f.calendar!
            for (y, m, d) in Self.sampleDates + [(2023, 3, 22), (2024, 3, 20), (1989, 1, 8), (2019, 5, 1), (2027, 3, 15)] {
                let date = try KalendsCore.Date(year: y, month: m, day: d)
                let instant = Foundation.Date(timeIntervalSince1970: Double(date.dayNumber) * 86400)
                let c = cal.dateComponents([.era, .year, .month, .day], from: instant)
                let sys = SystemDate(era: Int32(c.era!), year: Int32(c.year!), month: Int32(c.month!), day: Int32(c.day!),
                                     isLeapMonth: c.isLeapMonth ?? false)
                // r: the Gregorian year in which the Chinese year began (its months 11 and 12
                // can fall in January and February of the next Gregorian year)
                let related = date.month <= 2 && sys.month >= 10 ? date.year - 1 : date.year
                let fields = DateFields(date: sys, calendar: table, weekday: date.weekday, dayOfYear: 1,
                                        relatedGregorianYear: related, extendedYear: sys.year,
                                        isLeapYear: table == .hebrew && DateFields.isHebrewLeapYear(sys.year))
                for (ours, theirs) in [(DateStyle.full, DateFormatter.Style.full), (.long, .long), (.medium, .medium)] {
                    f.dateStyle = theirs
                    // 'r' (related year) in Chinese patterns: ICU writes the Gregorian year of the Chinese new year
                    Self.check("\(id)@\(system) \(ours) \(date)", [l.format(fields, style: ours)],
                               [f.string(from: instant)], &misses)
                }
            }
        }
        Self.expectNamed("calendars", misses)
    }
}
