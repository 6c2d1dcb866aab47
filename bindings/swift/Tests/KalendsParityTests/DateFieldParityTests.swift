// Date fields through the C ABI (the Kalends wrapper) against KalendsCore in process, and
// fa_IR's Persian dates against Foundation's Calendar(identifier: .persian): typing a
// Persian date's year, month and day (in Persian digits) gives the day Foundation
// converts it to, and a day set from outside shows Foundation's Persian fields.
import Foundation
import Kalends
import KalendsCore
import Testing

@Suite struct DateFieldParityTests {
    let lib: Library = library

    /// Persian digits of a number ("۱۴۰۵").
    func persian(_ n: Int) -> String {
        String(String(n).unicodeScalars.map { Character(Unicode.Scalar($0.value - 0x30 + 0x6F0)!) })
    }

    @Test func persianDatesTypedInFaIRAreFoundationsDays() throws {
        let fa = try Kalends.Locale("fa_IR", library: lib)
        var gregorian = Foundation.Calendar(identifier: .gregorian)
        gregorian.timeZone = TimeZone(identifier: "UTC")!
        var persianCalendar = Foundation.Calendar(identifier: .persian)
        persianCalendar.timeZone = TimeZone(identifier: "UTC")!
        for day in stride(from: Int32(18_000), to: Int32(22_000), by: 37) {
            let instant = Foundation.Date(timeIntervalSince1970: Double(day) * 86_400)
            let p = persianCalendar.dateComponents([.year, .month, .day], from: instant)
            let field = try DateField(locale: fa, calendar: "persian", placeholderDay: 20_000)
            // year, month, day in the pattern's order y/M/d; a separator moves on after a short number
            try field.type(persian(p.year!) + "/" + persian(p.month!) + "/" + persian(p.day!))
            let value = try field.value()
            #expect(value?.day == day, "\(p) typed: \(String(describing: value)) for \(day)")
            let set = try DateField(locale: fa, calendar: "persian", placeholderDay: 20_000)
            try set.setValue(day: day)
            let values = try set.segments().filter(\.isEditable).map { Int($0.value ?? -1) }
            #expect(values == [p.year!, p.month!, p.day!], "\(day)")
            #expect(try set.text() == field.text())
        }
    }

    @Test func theWrapperShowsTheCoresField() throws {
        for id in ["en_US", "de_DE", "ja_JP", "ar_EG", "fa_IR"] {
            let wrapped = try DateField(locale: try Kalends.Locale(id, library: lib), granularity: .minute, placeholderDay: 20_000)
            var core = try KalendsCore.DateField(locale: KalendsCore.Locale(id), granularity: .minute, placeholderDay: 20_000)
            for keys in ["1", "12", "2026", "0930", "p"] {
                try wrapped.type(keys)
                try core.type(keys)
                #expect(try wrapped.text() == core.text, "\(id) \(keys)")
            }
            #expect(try wrapped.press(.up) == core.press(.up))
            #expect(try wrapped.text() == core.text)
            #expect(try wrapped.value()?.day == core.value.map { Int32($0.day) })
        }
    }
}
