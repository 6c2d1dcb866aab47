import Testing
@testable import KalendsCore
import KalendsLocaleData

/// Structure of the CLDR tables: every locale resolves, fallbacks, spellings, extensions,
/// week data from territories, digits, direction, and no trap on corrupt tables.
/// Expected values are CLDR 47 facts (supplementalData weekData, parentLocales,
/// likelySubtags, numberingSystems), not the library's output.
@Suite struct LocaleDataTests {
    /// `Locale.english` (the default of every calendar) is made without the tables; it
    /// is the tables' "en" in every field.
    @Test func englishIsTheTablesEnglish() {
        let lazy = KalendsCore.Locale.english, resolved = KalendsCore.Locale(resolving: "en")
        #expect(KalendsCore.Locale("en").storedIndex == -1 && lazy.storedIndex == -1)
        #expect(resolved.storedIndex >= 0 && lazy.index == resolved.index)
        #expect(lazy.identifier == resolved.identifier && lazy.requested == resolved.requested)
        #expect(lazy.weekData == resolved.weekData)
        #expect(lazy.calendarIdentifier == resolved.calendarIdentifier && lazy.isFallback == resolved.isFallback)
        #expect(lazy == resolved && lazy.hashValue == resolved.hashValue)
        #expect(lazy.monthNames() == resolved.monthNames() && lazy.weekdayNames() == resolved.weekdayNames())
        #expect(lazy.region == resolved.region && lazy.parentChain == resolved.parentChain)
        #expect(lazy.direction == resolved.direction && lazy.digits == resolved.digits)
    }

    @Test func everyLocaleResolvesToItself() throws {
        let ids = KalendsCore.Locale.identifiers()
        #expect(ids.count == 1083)                  // CLDR 47's common/main, root included
        #expect(ids == ids.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        #expect(KalendsCore.Locale.cldrVersion == 47)
        for id in ids {
            let l = KalendsCore.Locale(id)
            #expect(l.identifier == id, "\(id) resolved to \(l.identifier)")
            #expect(!l.isFallback, "\(id)")
            #expect(l.parentChain.last == "root", "\(id): \(l.parentChain)")
            #expect(l.monthNames().count == 12 && l.weekdayNames().count == 7, "\(id)")
            #expect(l.monthNames().allSatisfy { !$0.isEmpty }, "\(id)")
            #expect(l.digits.count == 10, "\(id)")
            #expect(!l.datePattern(.full).isEmpty && !l.monthYearPattern().isEmpty, "\(id)")
        }
    }

    @Test func parentChainsFollowCLDR() {
        #expect(KalendsCore.Locale("de_AT").parentChain == ["de_AT", "de", "root"])
        #expect(KalendsCore.Locale("en_AU").parentChain == ["en_AU", "en_001", "en", "root"])   // parentLocales
        #expect(KalendsCore.Locale("es_MX").parentChain == ["es_MX", "es_419", "es", "root"])
        #expect(KalendsCore.Locale("pt_AO").parentChain == ["pt_AO", "pt_PT", "pt", "root"])
        #expect(KalendsCore.Locale("zh_Hant").parentChain == ["zh_Hant", "root"])                // nonlikely script
        #expect(KalendsCore.Locale("zh_Hant_HK").parentChain == ["zh_Hant_HK", "zh_Hant", "root"])
        #expect(KalendsCore.Locale("root").parentChain == ["root"])
    }

    @Test func spellingsAndFallbacks() {
        let cases: [(String, String)] = [
            ("de-AT", "de_AT"), ("de_AT.UTF-8", "de_AT"), ("de_AT.UTF-8@euro", "de_AT"), ("DE-at", "de_AT"),
            ("C", "en_US_POSIX"), ("POSIX", "en_US_POSIX"), ("C.UTF-8", "en_US_POSIX"),
            ("zh-Hant", "zh_Hant"), ("zh_TW", "zh_Hant_TW"), ("zh-Hant-TW", "zh_Hant_TW"), ("sr_ME", "sr_Latn_ME"),
            ("sr_RS@latin", "sr_Latn_RS"), ("iw", "he"), ("iw_IL", "he_IL"), ("und", "root"), ("root", "root"),
            ("de_XX", "de"), ("de-CH-1996", "de_CH"), ("en-US-u-ca-hebrew", "en_US"), ("ca_ES_VALENCIA", "ca_ES_VALENCIA"),
            ("xx", "root"), ("", "root"), ("%%%", "root"), ("12_34", "root"), ("en-x-private", "en"),
        ]
        for (asked, resolved) in cases {
            #expect(KalendsCore.Locale(asked).identifier == resolved, "\(asked)")
        }
        #expect(KalendsCore.Locale("xx").isFallback && KalendsCore.Locale("de_XX").isFallback)
        #expect(!KalendsCore.Locale("zh_TW").isFallback && !KalendsCore.Locale("de-AT").isFallback)
        #expect(KalendsCore.Locale("de_XX").requested == "de_XX")
    }

    /// CLDR 47 weekData through likely subtags ("de" -> DE, "ar" -> EG, "zh_Hant" -> TW).
    @Test func weekDataFromTerritories() {
        func w(_ id: String) -> (Weekday, Int32, WeekdaySet) {
            let d = KalendsCore.Locale(id).weekData
            return (d.firstWeekday, d.minDaysInFirstWeek, d.weekend)
        }
        #expect(w("de") == (.monday, 4, .saturdayAndSunday))
        #expect(w("en") == (.sunday, 1, .saturdayAndSunday))       // US
        #expect(w("en_GB") == (.monday, 4, .saturdayAndSunday))
        #expect(w("ar") == (.saturday, 1, [.friday, .saturday]))    // EG
        #expect(w("ar_MA") == (.monday, 1, .saturdayAndSunday))
        #expect(w("zh_Hant") == (.sunday, 1, .saturdayAndSunday))  // TW
        #expect(w("he") == (.sunday, 1, [.friday, .saturday]))
        #expect(w("fa") == (.saturday, 1, .friday))                 // IR
        #expect(w("hi") == (.sunday, 1, .sunday))                   // IN
        // babel's Locale.first_week_day gets these wrong (world default / pt_PT's data):
        #expect(w("pt_AO") == (.monday, 1, .saturdayAndSunday))
        #expect(w("pt_MZ") == (.sunday, 1, .saturdayAndSunday))
        #expect(w("pt") == (.sunday, 1, .saturdayAndSunday))       // BR
        #expect(w("root") == (.sunday, 1, .saturdayAndSunday))     // und -> en_Latn_US
        // a region without a locale of its own, and -u-fw-
        #expect(w("de_US") == (.sunday, 1, .saturdayAndSunday))
        #expect(w("en-u-fw-mon") == (.monday, 1, .saturdayAndSunday))
        #expect(w("ar-EG-u-fw-sun") == (.sunday, 1, [.friday, .saturday]))
        #expect(w("de@fw=tue") == (.tuesday, 4, .saturdayAndSunday))
        #expect(KalendsCore.Locale("de").region == "DE" && KalendsCore.Locale("ar").region == "EG")
    }

    @Test func calendarExtension() {
        #expect(KalendsCore.Locale("ar-SA-u-ca-islamic-umalqura").calendarIdentifier == "islamic-umalqura")
        #expect(KalendsCore.Locale("ar-SA-u-ca-islamic-umalqura").calendar == .islamic)
        #expect(KalendsCore.Locale("he@calendar=hebrew").calendar == .hebrew)
        #expect(KalendsCore.Locale("th-u-ca-buddhist-fw-mon").calendar == .buddhist)
        #expect(KalendsCore.Locale("en").calendar == .gregorian)
        #expect(KalendsCore.Locale("en-u-ca-gregory").calendarIdentifier == "gregorian")
        #expect(LocaleCalendar(system: "iso8601") == .gregorian && LocaleCalendar(system: "nonsense") == nil)
    }

    /// Native digits of the default numbering system (CLDR numberingSystems.xml).
    @Test func digitsAndDirection() {
        #expect(KalendsCore.Locale("ar_EG").digits.joined() == "٠١٢٣٤٥٦٧٨٩")   // arab
        #expect(KalendsCore.Locale("ar_MA").digits.joined() == "0123456789")    // latn
        #expect(KalendsCore.Locale("fa").digits.joined() == "۰۱۲۳۴۵۶۷۸۹")      // arabext
        #expect(KalendsCore.Locale("bn").digits.joined() == "০১২৩৪৫৬৭৮৯")      // beng
        #expect(KalendsCore.Locale("mr").digits.joined() == "०१२३४५६७८९")      // deva
        #expect(KalendsCore.Locale("my").digits.joined() == "၀၁၂၃၄၅၆၇၈၉")      // mymr
        #expect(KalendsCore.Locale("th").digits.joined() == "0123456789")       // latn by default
        #expect(KalendsCore.Locale("de").digits.joined() == "0123456789")
        for id in ["ar", "he", "fa", "ur", "ps", "yi", "ckb", "sd"] {
            #expect(KalendsCore.Locale(id).direction == .rightToLeft, "\(id)")
        }
        for id in ["en", "de", "zh", "ja", "hi", "ru", "root"] {
            #expect(KalendsCore.Locale(id).direction == .leftToRight, "\(id)")
        }
        #expect(KalendsCore.Locale("en").hourCycle == .h12 && KalendsCore.Locale("de").hourCycle == .h23)
        #expect(KalendsCore.Locale("ja").hourCycle == .h23)
    }

    @Test func namesAndPatterns() {
        let en = KalendsCore.Locale.english
        #expect(en.monthNames() == ["January", "February", "March", "April", "May", "June", "July",
                                    "August", "September", "October", "November", "December"])
        #expect(en.monthNames(width: .narrow, context: .standAlone).joined() == "JFMAMJJASOND")
        #expect(en.weekdayNames(width: .short) == ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"])
        #expect(en.eraNames(width: .wide) == ["Before Christ", "Anno Domini"])
        #expect(en.dayPeriodName(.am) == "AM" && en.dayPeriodName(.noon, width: .wide) == "noon")
        #expect(en.datePattern(.full) == "EEEE, MMMM d, y" && en.monthYearPattern() == "MMMM y")
        #expect(en.timePattern(.short) == "h:mm\u{202F}a" )
        #expect(en.hourPattern == "h a")
        // genitive (format) against nominative (stand-alone) months
        let ru = KalendsCore.Locale("ru")
        #expect(ru.monthName(11) == "ноября" && ru.monthName(11, context: .standAlone) == "ноябрь")
        #expect(ru.monthYearPattern() == "LLLL y\u{202F}'г'.")
        // other calendars
        let he = KalendsCore.Locale("he")
        #expect(he.monthNames(calendar: .hebrew).count == 14)
        #expect(he.monthName(1, calendar: .hebrew) == "תשרי" && he.monthName(14, calendar: .hebrew) == "אדר ב׳")
        #expect(KalendsCore.Locale("en").monthName(1, calendar: .islamic) == "Muharram")
        #expect(KalendsCore.Locale("fa").monthName(1, calendar: .persian) == "فروردین")
        let ja = KalendsCore.Locale("ja")
        #expect(ja.eraNames(calendar: .japanese).count == 237)
        #expect(ja.eraNames(calendar: .japanese).first == "大化" && ja.eraNames(calendar: .japanese).last == "令和")
        #expect(KalendsCore.Locale("en").eraNames(calendar: .japanese, width: .narrow).suffix(2) == ["H", "R"])
        #expect(KalendsCore.Locale("zh").leapMonthPattern() == "闰{0}")
        #expect(KalendsCore.Locale("zh").cyclicYearNames().prefix(2) == ["甲子", "乙丑"])
        #expect(KalendsCore.Locale("en").monthName(13, calendar: .coptic) == "Nasie")
        #expect(KalendsCore.Locale("zh_Hant").hourPattern == "Bh時")
        // out of range: empty, never a trap
        #expect(en.monthName(0) == "" && en.monthName(13) == "" && en.monthName(Int32.min) == "")
    }

    @Test func corruptTablesAreRefusedWithoutTrapping() throws {
        #expect(LocaleTables(bytes: []) == nil)
        #expect(LocaleTables(bytes: Array(repeating: 0xFF, count: 4096)) == nil)
        var header = Array("KLD1".utf8) + [UInt8(LocaleTables.formatVersion), 0, 0, 0]
        header += Array(repeating: 0xFF, count: 200)                 // offsets past the end
        #expect(LocaleTables(bytes: header) == nil)
        for bad in [[UInt8](), [0x07], [0x05, 0xFF, 0xFF, 0xFF], Array(repeating: 0xAB, count: 100)] {
            let ok = bad.withUnsafeBytes { Inflate.decode($0, expectedSize: 100) }
            #expect(ok == nil)
        }
        // the library's own tables load; the same tables of another format version do not
        var packedSize: UInt = 0, inflatedSize: UInt = 0
        let start = kld_locale_blob(&packedSize, &inflatedSize)
        var bytes = try #require(Inflate.decode(UnsafeRawBufferPointer(start: start, count: Int(packedSize)),
                                                expectedSize: Int(inflatedSize)))
        #expect(LocaleTables(bytes: bytes) != nil)
        bytes[4] = UInt8(LocaleTables.formatVersion - 1)
        #expect(LocaleTables(bytes: bytes) == nil)
        let t = try #require(LocaleTables.shared)
        #expect(t.string(-1) == "" && t.string(Int.max) == "" && t.listItem(Int.max, 0) == 0)
        #expect(t.listItem(1, -5) == 0 && t.localeField(-1, .name) == 0 && t.localeField(Int.max, .calendars) == 0)
    }
}
