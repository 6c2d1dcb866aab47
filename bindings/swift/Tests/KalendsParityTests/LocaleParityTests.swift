// Locales through the C ABI (the Kalends wrapper) against KalendsCore in process: the
// same names, week data, direction and formats for a spread of locales and systems, and
// a calendar's locale reaching the view's title and labels.
import Kalends
import KalendsCore
import Testing

@Suite struct LocaleParityTests {
    let lib: Library = library

    @Test func namesWeeksAndFormatsAreTheCores() throws {
        #expect(try Kalends.Locale.identifiers(library: lib) == KalendsCore.Locale.identifiers())
        #expect(try Kalends.Locale.cldrVersion(library: lib) == 47)
        let mong = try Kalends.Locale("mn_Mong", library: lib)
        #expect(try mong.characterOrder() == .topToBottom && mong.lineOrder() == .leftToRight && mong.direction() == .leftToRight)
        for id in ["en", "de_AT", "ar_EG", "he_IL", "ja", "fa", "zh_Hant_TW", "hi", "de_XX", "sr-Latn-RS", "xx", "mn_Mong"] {
            let wrapped = try Kalends.Locale(id, library: lib), core = KalendsCore.Locale(id)
            #expect(try wrapped.identifier() == core.identifier && wrapped.isFallback() == core.isFallback, "\(id)")
            let w = try wrapped.weekData()
            #expect(w.firstWeekday.rawValue == core.weekData.firstWeekday.rawValue
                    && w.minDaysInFirstWeek == core.weekData.minDaysInFirstWeek
                    && Set(w.weekend.map(\.rawValue)) == Set(core.weekData.weekend.weekdays.map(\.rawValue)), "\(id)")
            #expect(try wrapped.direction().rawValue == core.direction.rawValue && wrapped.digits() == core.digits.joined())
            #expect(try wrapped.characterOrder().rawValue == core.characterOrder.rawValue
                    && wrapped.lineOrder().rawValue == core.lineOrder.rawValue, "\(id)")
            for cal in [KalendsCore.LocaleCalendar.gregorian, .hebrew, .islamic, .japanese, .chinese] {
                #expect(try wrapped.monthNames(width: .abbreviated, context: .standAlone, calendar: cal.identifier)
                        == core.monthNames(calendar: cal, width: .abbreviated, context: .standAlone), "\(id) \(cal)")
            }
            #expect(try wrapped.weekdayNames(width: .short) == core.weekdayNames(width: .short))
            for z in stride(from: Int32(19_000), to: 21_000, by: 97) {
                let d = try KalendsCore.Date(dayNumber: z)
                #expect(try wrapped.formatDate(dayNumber: z, style: .full) == core.format(d, style: .full), "\(id) \(z)")
                let hebrewDay = try KalendsCore.DateFields(dayNumber: Int(z), system: KalendsCore.CalendarSystems.named("hebrew").base,
                                                           weekData: core.weekData)
                #expect(try wrapped.formatDay(dayNumber: z, calendar: "hebrew") == core.formatDay(hebrewDay), "\(id) \(z)")
                let fields = try KalendsCore.DateFields(dayNumber: Int(z), system: KalendsCore.CalendarSystems.named("hebrew").base,
                                                        weekData: core.weekData)
                #expect(try wrapped.formatDate(dayNumber: z, style: .long, calendar: "hebrew") == core.format(fields, style: .long))
            }
            #expect(try wrapped.formatHour(15) == core.formatHour(15))
        }
    }

    @Test func aCalendarsLocaleReachesTheView() throws {
        let options = try Kalends.CalendarOptions(today: .fixed(try Kalends.Date(year: 2026, month: 11, day: 22, library: lib)),
                                                  library: lib).with(locale: "fr_FR")
        #expect(options.locale == "fr_FR")
        let cal = try Kalends.Calendar(options, library: lib)
        #expect(try cal.options.locale == "fr_FR")
        let view = try Kalends.View(calendar: cal, library: lib)
        let fr = KalendsCore.Locale("fr_FR")
        #expect(try view.title() == "novembre 2026")
        #expect(try view.weekdayLabel(.monday, width: .wide) == fr.weekdayName(.monday, width: .wide, context: .standAlone))
        #expect(try view.hourLabel(9) == fr.formatHour(9))
        #expect(try view.dayLabel(try Kalends.Date(year: 2026, month: 11, day: 22, library: lib)) == "22")
        #expect(throws: Kalends.KalendsError.self) { try view.hourLabel(24) }
    }
}
