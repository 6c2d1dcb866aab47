/// CLDR date pattern formatting (UTS #35 "Date Field Symbol Table"): letters G y Y u U r
/// Q q M L w W d D F E e c a b B h H K k m s S, quoted literals ('' is a quote). Time zone
/// letters (z Z O v V X x) write nothing: Kalends formats calendar days and wall-clock
/// times. Numbers use the locale's native digits. Q and q are numeric at every width
/// (the tables carry no quarter names). O(pattern length + output length).
extension Locale {
    /// Formats `fields` with a CLDR pattern in this locale. `numbers` is the pattern's
    /// numbering override (CLDR's `numbers` attribute, see `dateNumbers(_:calendar:)`).
    public func format(_ fields: DateFields, pattern: String, numbers: String = "") -> String {
        guard let t = LocaleTables.shared else { return "" }
        let bytes = Array(pattern.utf8)
        return bytes.withUnsafeBytes { p in
            format(fields, t, p, 0..<p.count, numbers.isEmpty ? nil : NumberOverride(numbers))
        }
    }

    /// Formats with pattern bytes `pattern[range]` (a user's pattern, or one in the tables).
    func format(_ fields: DateFields, _ t: LocaleTables, _ pattern: UnsafeRawBufferPointer, _ range: Range<Int>,
                _ override: NumberOverride?) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        var pending: UInt8 = 0
        var count = 0
        var quoted = false
        var lastQuote = false
        var digits = DigitWriter(t, t.localeField(index, .digits))
        func flush() {
            if count > 0 { field(pending, count, fields, t, override, &digits, &out) }
            count = 0
        }
        for i in range where i >= 0 && i < pattern.count {
            let b = pattern[i]
            if b == 0x27 {                                  // '
                flush()
                if lastQuote {                               // '' is a quote
                    out.append(0x27)
                    lastQuote = false
                } else {
                    lastQuote = true
                }
                quoted.toggle()
                continue
            }
            lastQuote = false
            if !quoted && ((b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)) {
                if b == pending && count > 0 {
                    count += 1
                } else {
                    flush()
                    pending = b
                    count = 1
                }
            } else {
                flush()
                out.append(b)
            }
        }
        flush()
        return String(decoding: out, as: UTF8.self)
    }

    /// Formats with pattern string `id` of the tables and override string `numbersID`.
    func format(_ fields: DateFields, patternID id: Int, numbersID: Int) -> String {
        guard let t = LocaleTables.shared else { return "" }
        let numbers = t.stringRange(numbersID)
        return format(fields, t, t.raw, t.stringRange(id), numbers.isEmpty ? nil : NumberOverride(t.string(numbersID)))
    }

    /// A Gregorian date in one of the four date styles ("Sunday, November 22, 2026").
    public func format(_ date: Date, style: DateStyle) -> String {
        format(DateFields(date, weekData: weekData), style: style)
    }

    /// A date of any calendar in one of the four date styles of its calendar.
    public func format(_ fields: DateFields, style: DateStyle) -> String {
        guard let t = LocaleTables.shared else { return "" }
        let patterns = calendarPart(t, fields.calendar, .patterns)
        return format(fields, patternID: t.listItem(patterns, PatternSlot.datePatterns(Int(style.rawValue)).index),
                      numbersID: t.listItem(patterns, PatternSlot.numbers(Int(style.rawValue)).index))
    }

    /// A month page's title: the month and year in the locale's "yMMMM" pattern, in the
    /// calendar's numbering (`calendarNumbers`): a Hebrew-calendar title in `he` writes
    /// its year in Hebrew numerals ("כסלו תשפ״ז", as its dates do: "י״ב בכסלו תשפ״ז"),
    /// a Japanese one in `ja` an era's first year as 元 ("令和元年5月").
    ///
    /// CLDR 47's availableFormats carry no `numbers` attribute (only the four date
    /// patterns do), so ICU 77's pattern generator and a fresh Foundation DateFormatter
    /// write such a title in digits ("כסלו 5787"); ICU keeps the override when a
    /// formatter made for a date style is given the title's pattern, and so does the
    /// library for every title: one calendar page, one numbering.
    public func formatMonthYear(_ fields: DateFields) -> String {
        guard let t = LocaleTables.shared else { return "" }
        let id = t.listItem(calendarPart(t, fields.calendar, .patterns), PatternSlot.title.index)
        return format(fields, t, t.raw, t.stringRange(id), calendarNumbers(t, fields.calendar))
    }

    /// The label of a day's cell in a month or week grid: its day of the month, in the
    /// calendar's numbering ("ט״ז" for a Hebrew date in `he`, "十七" and "初四" for
    /// Chinese ones in `zh`) or the locale's digits ("16", "١٦").
    public func formatDay(_ fields: DateFields) -> String {
        guard let t = LocaleTables.shared else { return "" }
        let pattern: StaticString = "d"
        let bytes = UnsafeRawBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        return format(fields, t, bytes, 0..<bytes.count, calendarNumbers(t, fields.calendar))
    }

    /// A calendar's numbering in this locale: the `numbers` attribute of the locale's
    /// full date pattern of that calendar (CLDR 47: "hebr" for hebrew in he and yi,
    /// "y=jpanyear" for japanese in ja, "d=hanidays" for chinese and dangi in zh and
    /// yue, "hanidec" for them in ja and zh_Hans_HK/MO/SG), nil for none. haw's
    /// "M=romanlow" is its short pattern's only and stays there.
    func calendarNumbers(_ t: LocaleTables, _ calendar: LocaleCalendar) -> NumberOverride? {
        let numbers = t.listItem(calendarPart(t, calendar, .patterns), PatternSlot.numbers(Int(DateStyle.full.rawValue)).index)
        return t.stringRange(numbers).isEmpty ? nil : NumberOverride(t.string(numbers))
    }

    /// The label of an hour (0...23) in the day timeline, in the locale's hour cycle.
    public func formatHour(_ hour: Int32) -> String {
        let fields = DateFields(date: SystemDate(era: 1, year: 2000, month: 1, day: 1), calendar: .gregorian,
                                weekday: .saturday, dayOfYear: 1, relatedGregorianYear: 2000, extendedYear: 2000)
        guard let f = try? fields.at(hour: hour), let t = LocaleTables.shared else { return "" }
        return format(f, patternID: t.localeField(index, .hourPattern), numbersID: 0)
    }

    // MARK: fields

    private func number(_ value: Int, _ n: Int, _ letter: UInt8, _ ov: NumberOverride?, _ calendar: LocaleCalendar,
                        _ digits: inout DigitWriter, _ out: inout [UInt8]) {
        if let ov, let system = ov.system(for: letter), NumberOverride.write(value, system, letter, calendar, &out) { return }
        digits.write(value, n, &out)
    }

    private func field(_ letter: UInt8, _ n: Int, _ f: DateFields, _ t: LocaleTables, _ ov: NumberOverride?,
                       _ digits: inout DigitWriter, _ out: inout [UInt8]) {
        switch letter {
        case UInt8(ascii: "G"):
            if f.calendar == .chinese || f.calendar == .dangi {
                number(Int(f.date.era), 1, letter, ov, f.calendar, &digits, &out)
            } else {
                names(eraList(t, f.calendar, n <= 3 ? .abbreviated : n == 4 ? .wide : .narrow), Int(f.date.era), t, &out)
            }
        case UInt8(ascii: "y"):
            year(Int(f.date.year), n, letter, ov, f.calendar, &digits, &out)
        case UInt8(ascii: "Y"):
            year(Int(f.yearForWeekOfYear), n, letter, ov, f.calendar, &digits, &out)
        case UInt8(ascii: "u"):
            number(Int(f.extendedYear), n, letter, ov, f.calendar, &digits, &out)
        case UInt8(ascii: "U"):
            let list = t.listItem(calendarPart(t, f.calendar, .chinese), 4)
            if t.listLength(list) == 60, f.date.year >= 1, f.date.year <= 60 {
                t.appendString(t.listItem(list, Int(f.date.year) - 1), to: &out)
            } else {
                year(Int(f.date.year), n, letter, ov, f.calendar, &digits, &out)
            }
        case UInt8(ascii: "r"):
            number(Int(f.relatedGregorianYear), n, letter, ov, f.calendar, &digits, &out)
        case UInt8(ascii: "Q"), UInt8(ascii: "q"):
            let months = f.calendar == .hebrew || f.calendar == .coptic || f.calendar.isEthiopic ? 13 : 12
            number(min(4, (Int(f.date.month) - 1) * 4 / months + 1), min(n, 2), letter, ov, f.calendar, &digits, &out)
        case UInt8(ascii: "M"), UInt8(ascii: "L"):
            month(f, n, letter, ov, t, &digits, &out)
        case UInt8(ascii: "w"):
            number(Int(f.weekOfYear), n, letter, ov, f.calendar, &digits, &out)
        case UInt8(ascii: "W"):
            number(Int(f.weekOfMonth), n, letter, ov, f.calendar, &digits, &out)
        case UInt8(ascii: "d"):
            number(Int(f.date.day), n, letter, ov, f.calendar, &digits, &out)
        case UInt8(ascii: "D"):
            number(Int(f.dayOfYear), n, letter, ov, f.calendar, &digits, &out)
        case UInt8(ascii: "F"):
            number((Int(f.date.day) - 1) / 7 + 1, n, letter, ov, f.calendar, &digits, &out)
        case UInt8(ascii: "E"), UInt8(ascii: "e"), UInt8(ascii: "c"):
            if letter != UInt8(ascii: "E") && n <= 2 {
                number(Int(f.weekday.days(since: weekData.firstWeekday)) + 1, n, letter, ov, f.calendar, &digits, &out)
            } else {
                let width: NameWidth = n <= 3 ? .abbreviated : n == 4 ? .wide : n == 5 ? .narrow : .short
                let context: NameContext = letter == UInt8(ascii: "c") ? .standAlone : .format
                names(weekdayList(t, width, context), Int(f.weekday.rawValue) - 1, t, &out)
            }
        case UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "B"):
            period(letter, n, f, t, &out)
        case UInt8(ascii: "h"):
            number(f.hour % 12 == 0 ? 12 : Int(f.hour % 12), n, letter, ov, f.calendar, &digits, &out)
        case UInt8(ascii: "H"):
            number(Int(f.hour), n, letter, ov, f.calendar, &digits, &out)
        case UInt8(ascii: "K"):
            number(Int(f.hour % 12), n, letter, ov, f.calendar, &digits, &out)
        case UInt8(ascii: "k"):
            number(f.hour == 0 ? 24 : Int(f.hour), n, letter, ov, f.calendar, &digits, &out)
        case UInt8(ascii: "m"):
            number(Int(f.minute), n, letter, ov, f.calendar, &digits, &out)
        case UInt8(ascii: "s"):
            number(Int(f.second), n, letter, ov, f.calendar, &digits, &out)
        case UInt8(ascii: "S"):
            var v = Int(f.nanosecond)            // the first n digits of the fraction
            var scale = 9
            while scale > n { v /= 10; scale -= 1 }
            while scale < n { v *= 10; scale += 1 }
            number(v, n, letter, ov, f.calendar, &digits, &out)
        default:
            break                                // time zones and unknown letters
        }
    }

    private func year(_ value: Int, _ n: Int, _ letter: UInt8, _ ov: NumberOverride?, _ calendar: LocaleCalendar,
                      _ digits: inout DigitWriter, _ out: inout [UInt8]) {
        if n == 2 {
            number(((value % 100) + 100) % 100, 2, letter, ov, calendar, &digits, &out)
        } else {
            number(value, n, letter, ov, calendar, &digits, &out)
        }
    }

    private func month(_ f: DateFields, _ n: Int, _ letter: UInt8, _ ov: NumberOverride?, _ t: LocaleTables,
                       _ digits: inout DigitWriter, _ out: inout [UInt8]) {
        let context: NameContext = letter == UInt8(ascii: "M") ? .format : .standAlone
        let leapPattern = f.date.isLeapMonth && (f.calendar == .chinese || f.calendar == .dangi)
            ? t.listItem(calendarPart(t, f.calendar, .chinese), n <= 2 ? 3 : n == 3 ? 1 : n == 4 ? 0 : 2) : 0
        var before: [UInt8] = [], after: [UInt8] = []
        if leapPattern != 0 {
            var text: [UInt8] = []
            t.appendString(leapPattern, to: &text)
            if let split = Locale.placeholder(text) {
                before = Array(text[..<split])
                after = Array(text[(split + 3)...])
            }
        }
        out.append(contentsOf: before)
        if n <= 2 {
            var m = Int(f.date.month)
            if f.calendar == .hebrew && !f.isLeapYear && m >= 7 { m -= 1 }   // ordinal month
            number(m, n, letter, ov, f.calendar, &digits, &out)
        } else {
            var index = Int(f.date.month) - 1
            if f.calendar == .hebrew && f.isLeapYear && f.date.month == 7 { index = 13 }   // Adar II
            let width: NameWidth = n == 3 ? .abbreviated : n == 4 ? .wide : .narrow
            names(monthList(t, f.calendar, width, context), index, t, &out)
        }
        out.append(contentsOf: after)
    }

    /// a: am/pm. b: am/pm, or noon at exactly 12:00. B: noon at exactly 12:00, else the
    /// flexible period of the locale's rules (morning1, night1, ...), else am/pm. As ICU
    /// 77 (CLDR's reference) does, and TR35 says for b; midnight is not used (ambiguous).
    private func period(_ letter: UInt8, _ n: Int, _ f: DateFields, _ t: LocaleTables, _ out: inout [UInt8]) {
        let width: NameWidth = n <= 3 ? .abbreviated : n == 4 ? .wide : .narrow
        let context: NameContext = letter == UInt8(ascii: "b") ? .standAlone : .format
        let list = periodList(t, width, context)
        let ampm = f.hour >= 12 ? DayPeriod.pm.rawValue : DayPeriod.am.rawValue
        var id = ampm
        if letter != UInt8(ascii: "a") {
            let noon = f.hour == 12 && f.minute == 0 && f.second == 0 && f.nanosecond == 0
            if noon && !t.stringRange(t.listItem(list, Int(DayPeriod.noon.rawValue))).isEmpty {
                id = DayPeriod.noon.rawValue
            } else if letter == UInt8(ascii: "B") {
                id = flexibleDayPeriod(f, t) ?? ampm
            }
        }
        var name = t.listItem(list, Int(id))
        if t.stringRange(name).isEmpty { name = t.listItem(list, Int(ampm)) }
        t.appendString(name, to: &out)
    }

    /// The flexible day period of a time by the locale's range rules (from...before).
    private func flexibleDayPeriod(_ f: DateFields, _ t: LocaleTables) -> Int32? {
        let rules = t.localeField(index, .periodRules)
        let n = t.listLength(rules) / 3
        let minute = Int(f.hour) * 60 + Int(f.minute)
        for i in 0..<n where t.listItem(rules, 3 * i) >> 8 == 0 {
            let from = t.listItem(rules, 3 * i + 1), before = t.listItem(rules, 3 * i + 2)
            let inside = from < before ? (from <= minute && minute < before) : (minute >= from || minute < before)
            if inside { return Int32(t.listItem(rules, 3 * i) & 0xFF) }
        }
        return nil
    }

    private func names(_ list: Int, _ i: Int, _ t: LocaleTables, _ out: inout [UInt8]) {
        t.appendString(t.listItem(list, i), to: &out)
    }

    static func placeholder(_ text: [UInt8]) -> Int? {
        guard text.count >= 3 else { return nil }
        for i in 0...(text.count - 3) where text[i] == 0x7B && text[i + 1] == 0x30 && text[i + 2] == 0x7D { return i }
        return nil
    }
}

extension LocaleCalendar {
    var isEthiopic: Bool { self == .ethiopic || self == .ethiopicAmeteAlem }
}

/// Writes integers in a numbering system's digits (UTF-8 of each digit from the tables).
struct DigitWriter {
    var ascii = true
    let table: UnsafeRawBufferPointer
    var start = 0
    var width = 1

    init(_ t: LocaleTables, _ id: Int) {
        table = t.raw                         // the tables' own bytes
        let r = t.stringRange(id)
        guard r.count >= 10, r.count % 10 == 0 else { return }
        start = r.lowerBound
        width = r.count / 10
        ascii = width == 1 && table[start] == 0x30 && table[start + 9] == 0x39
    }

    /// `value` padded with zeros to `minDigits`; negative values get a '-'.
    mutating func write(_ value: Int, _ minDigits: Int, _ out: inout [UInt8]) {
        var v = value
        if v < 0 {
            out.append(0x2D)
            v = v == Int.min ? Int.max : -v
        }
        var n = 1
        var p = 10
        while n < 19 && v >= p { n += 1; p = p &* 10 }
        let pad = min(max(minDigits, 1), 32)
        if pad > n { for _ in n..<pad { digit(0, &out) } }
        var divisor = 1
        for _ in 1..<n { divisor &*= 10 }
        while divisor > 0 {
            digit((v / divisor) % 10, &out)
            divisor /= 10
        }
    }

    @inline(__always)
    private func digit(_ d: Int, _ out: inout [UInt8]) {
        if ascii {
            out.append(UInt8(truncatingIfNeeded: 0x30 + d))
        } else {
            let at = start + d * width
            if at >= 0 && at + width <= table.count {
                for i in at..<(at + width) { out.append(table[i]) }
            }
        }
    }
}
