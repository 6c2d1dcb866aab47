import Foundation
import Testing
@testable import KalendsCore

/// The agenda (issue 27 item 2): its rows against a day-by-day scan of the store's own
/// query, the height estimate, and the relative day words of its headings against
/// Foundation's relative formatter (ICU 76, CLDR 46).
@Suite struct AgendaTests {
    /// Random timed and all-day events of one to three days; the whole agenda built by
    /// querying each day, and viewports at random offsets compared with its slice.
    @Test func viewportsAreSlicesOfADayByDayScan() throws {
        let store = EventStore()
        var seed: UInt64 = 27
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let first: Int32 = 20_500, last: Int32 = 20_559
        for id in 1...120 {
            let day = Int64(first) + Int64(next(55)), days = next(5) == 0 ? 1 + next(3) : 1
            if next(4) == 0 {
                try store.add(Event(id: Int64(id), title: "d\(id)", allDay: true, start: day, end: day + Int64(days) - 1))
            } else {
                let start = day * 86_400 + Int64(next(86_400))
                try store.add(Event(id: Int64(id), title: "t\(id)", allDay: false, start: start,
                                    end: start + (days > 1 ? Int64(days - 1) * 86_400 : Int64(next(7200)))))
            }
        }
        let options = Agenda.Options(headingHeight: 30, rowHeight: 20)
        var lines: [(top: Double, day: Int32, id: Int64?)] = []
        var top = 0.0
        for day in first...last {
            let on = try store.query(day, day)
            guard !on.isEmpty else { continue }
            lines.append((top, day, nil))
            top += 30
            for e in on.filter(\.allDay) + on.filter({ !$0.allDay }) {
                lines.append((top, day, e.id))
                top += 20
            }
        }
        let total = top, height = 250.0
        var position = 0.0, anchor = first, offset = 0.0
        for _ in 0..<200 {
            let v = try store.agenda(first, last, anchorDay: anchor, offset: offset, height: height, options: options)
            let want = lines.filter { $0.top + ($0.id == nil ? 30 : 20) > position && $0.top < position + height }
            #expect(v.rows.map { $0.occurrence?.event.id } == want.map(\.id))
            #expect(v.rows.map(\.day) == want.map(\.day))
            #expect(zip(v.rows, want).allSatisfy { abs($0.y - ($1.top - position)) < 1e-9 })
            #expect(v.atStart == (position <= 0) && v.atEnd == (position + height >= total - 1e-9))
            let delta = Double(next(1601) - 800)
            anchor = v.anchorDay
            offset = v.offset + delta
            position = min(max(position + delta, 0), total - height)
        }
        // the estimate of a range of at most 16 days is its exact height
        let short = try store.agenda(first, first + 15, anchorDay: first, offset: 0, height: 1e6, options: options)
        let exact = (short.rows.last.map { $0.y + $0.height }) ?? 0
        #expect(short.estimatedHeight == exact)
    }

    /// Foundation's named relative day (yesterday, today, tomorrow) in a locale.
    static func relativeName(_ id: String, _ offset: Int) -> String {
        var style = Foundation.Date.RelativeFormatStyle(presentation: .named, unitsStyle: .wide)
        style.locale = Foundation.Locale(identifier: id)
        style.allowedFields = [.day]
        let now = Foundation.Date()
        return style.format(now.addingTimeInterval(Double(offset) * 86_400))
    }

    /// Where CLDR 46 (Foundation's ICU 76) and CLDR 47 (ICU 77, the generator's source)
    /// differ; the library follows CLDR 47.
    static let cldr47Words: [String: [String]] = [
        "sv": ["i går", "i dag", "i morgon"],      // CLDR 46 wrote "idag" (LocaleFoundationTests "today")
        "hi": ["कल", "आज", "कल"],                  // Foundation: tomorrow "आने वाला कल"
        "ur": ["گزشتہ کل", "آج", "آئندہ کل"],      // Foundation: yesterday "کل"
    ]

    @Test func relativeDayWordsMatchFoundation() {
        var misses: [String] = []
        for id in LocaleFoundationTests.locales + ["root", "he_IL", "fa_IR", "ja_JP"] {
            let ours = (-1...1).map { KalendsCore.Locale(id).relativeDayName(Int32($0)) ?? "" }
            let theirs = (-1...1).map { Self.relativeName(id == "root" ? "und" : id, $0) }
            if let named = Self.cldr47Words[id] {
                #expect(ours == named, "\(id)")
            } else if ours != theirs {
                misses.append("\(id): ours \(ours), Foundation \(theirs)")
            }
        }
        #expect(misses.isEmpty, "\(misses.joined(separator: "\n"))")
        #expect(KalendsCore.Locale("de").relativeDayName(2) == nil)
        #expect(KalendsCore.Locale("de").relativeDayName(1) == "morgen")
    }

    @Test func headingsAreTheFullDateInTheCalendarsSystem() throws {
        let day = try KalendsCore.Date(year: 2026, month: 11, day: 28)
        // (ja_JP's full date differs between CLDR 46 and 47, "ja full" in LocaleFoundationTests;
        // the Python test compares it with babel's CLDR 47)
        for id in ["en_US", "de_DE", "fr_FR"] {
            let f = LocaleFoundationTests.formatter(id)
            f.dateStyle = .full
            let text = try Agenda.headingText(day.dayNumber, calendar: CalendarOptions(locale: KalendsCore.Locale(id)))
            #expect(text == f.string(from: Foundation.Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400)))
        }
    }
}
