/// Typed dates and times: text read by the locale's date (or time) patterns of CLDR's
/// four styles, leniently:
/// - spaces: any run of white space (U+0020, no-break, narrow and thin spaces, tabs)
///   and bidi marks (U+200E, U+200F, U+061C) in the text or the pattern matches any
///   other run, or none;
/// - digits: any decimal digits (the locale's, Latin, ...), as many as typed;
/// - names (months, weekdays, eras, day periods): wide or abbreviated, format or
///   stand-alone, in any case (Unicode lowercase mapping), the longest that matches;
///   an abbreviation's final "." may be left out; a month may be typed as a number;
/// - years: a year of two digits where the pattern has y or yy is 1969...2068 (POSIX
///   strptime's %y: 69...99 -> 19xx, 00...68 -> 20xx); more digits are the year;
/// - a weekday is read and not checked against the date (as ICU's lenient parse);
/// - times: a missing day period reads the hour as 0...23; zone fields read nothing.
/// The text must be used up (white space may follow). Cost: O(text length + pattern
/// length + the names tried); no tables beyond the locale's names.
public struct TextParseResult: Sendable, Equatable {
    /// The day number (dates) or the second of the day (times); nil when the text is
    /// not one.
    public var value: Int?
    /// The byte offset in the text where reading stopped: its length when it parsed,
    /// else the furthest offset any style reached.
    public var stoppedAt: Int
    /// What was expected there ("" when it parsed).
    public var expected: String
}

extension Locale {
    /// The most bytes a typed date or time may have.
    public static let parseTextLimit = 1024

    /// Reads `text` (UTF-8 bytes) as a date of `system` by the locale's date patterns of
    /// `styles` (in order; the first that reads the whole text wins).
    public func parseDate(_ text: UnsafeRawBufferPointer, system: AnyCalendarSystem,
                          styles: [DateStyle] = DateStyle.allCases) throws(KalendsError) -> TextParseResult {
        let calendar = try LocaleCalendar(naming: system)
        return parse(text, styles: styles) { style in datePattern(style, calendar: calendar) } finish: { fields in
            try? fields.day(system: system, calendar: calendar, eraCount: eraNames(calendar: calendar).count)
        } names: { (letter: UInt8) -> NameLists in
            dateNames(letter, calendar)
        }
    }

    /// Reads `text` as a time of day by the locale's time patterns of `styles`; the
    /// value is the second of the day.
    public func parseTime(_ text: UnsafeRawBufferPointer, styles: [DateStyle] = DateStyle.allCases) -> TextParseResult {
        parse(text, styles: styles) { style in timePattern(style) } finish: { fields in
            fields.secondOfDay { hour, minute, letter in
                // the day period this locale writes for that time, folded
                guard let f = try? DateFields(try Date(year: 2000, month: 1, day: 1), weekData: weekData)
                    .at(hour: hour, minute: minute) else { return [] }
                let widths: [String] = ["", "aaaa", "aaaaa"]
                let l = String(Character(Unicode.Scalar(letter)))
                return widths.map { w in ParseText.fold(format(f, pattern: w.isEmpty ? l : String(repeating: l, count: w.count))) }
            }
        } names: { (letter: UInt8) -> NameLists in
            dateNames(letter, .gregorian)
        }
    }

    /// The tables' name lists a field letter reads (each in the field's value order):
    /// months wide and abbreviated, format and stand-alone; weekdays wide, abbreviated
    /// and short; eras wide, abbreviated, narrow; day periods abbreviated, wide, narrow.
    /// Matched in place (no String or array made per name).
    func dateNames(_ letter: UInt8, _ calendar: LocaleCalendar) -> NameLists {
        guard let t = LocaleTables.shared else { return NameLists(lists: []) }
        switch letter {
        case 0x4D, 0x4C:                                                      // M L
            return NameLists(lists: [NameWidth.wide, .abbreviated].flatMap { w in
                [NameContext.format, .standAlone].map { c in monthList(t, calendar, w, c) }
            })
        case 0x45, 0x63, 0x65:                                                // E c e
            return NameLists(lists: [NameWidth.wide, .abbreviated, .short].flatMap { w in
                [NameContext.format, .standAlone].map { c in weekdayList(t, w, c) }
            })
        case 0x47:                                                            // G
            return NameLists(lists: [NameWidth.wide, .abbreviated, .narrow].map { w in eraList(t, calendar, w) })
        case 0x61, 0x62, 0x42:                                                // a b B
            return NameLists(lists: [NameWidth.abbreviated, .wide, .narrow].map { w in periodList(t, w, .format) })
        default:
            return NameLists(lists: [])
        }
    }

    private func parse(_ text: UnsafeRawBufferPointer, styles: [DateStyle], pattern: (DateStyle) -> String,
                       finish: (ParsedFields) -> Int?, names: (UInt8) -> NameLists) -> TextParseResult {
        guard text.count <= Locale.parseTextLimit else {
            return TextParseResult(value: nil, stoppedAt: 0,
                                   expected: "at most \(Locale.parseTextLimit) bytes (the text has \(text.count))")
        }
        let input: ParseText
        switch ParseText.decode(text) {
        case .success(let t): input = t
        case .failure(let bad):
            return TextParseResult(value: nil, stoppedAt: bad.offset, expected: "UTF-8 text (byte \(bad.offset) is not)")
        }
        var best = TextParseResult(value: nil, stoppedAt: -1, expected: "a date")
        var cache: [UInt8: NameLists] = [:]
        for style in styles {
            var reader = PatternReader(input: input, pattern: Array(pattern(style).utf8))
            let outcome = reader.read { letter in
                if let known = cache[letter] { return known }
                let list = names(letter)
                cache[letter] = list
                return list
            }
            let at = input.offsets[min(reader.position, input.scalars.count)]
            if outcome == nil, let value = finish(reader.fields) {
                return TextParseResult(value: value, stoppedAt: text.count, expected: "")
            }
            if outcome == nil, at > best.stoppedAt {
                best = TextParseResult(value: nil, stoppedAt: at, expected: "a date that exists")
            } else if let expected = outcome, at > best.stoppedAt {
                best = TextParseResult(value: nil, stoppedAt: at, expected: expected)
            }
        }
        if best.stoppedAt < 0 { best.stoppedAt = 0 }
        return best
    }
}

/// The fields read from a text.
struct ParsedFields {
    var era: Int32?, year: Int32?, twoDigitYear = false, month: Int32?, day: Int32?
    var hour: Int32?, minute: Int32 = 0, second: Int32 = 0, hourLetter: UInt8 = 0x48
    /// The day period read (folded) and its pattern letter (a, b, B).
    var period: [UInt32]?, periodLetter: UInt8 = 0x61

    /// The day of `system` (an unknown era: the calendar's last; a two-digit year as
    /// POSIX reads it), nil for a date the system does not have.
    func day(system: AnyCalendarSystem, calendar: LocaleCalendar, eraCount: Int) throws(KalendsError) -> Int? {
        guard var y = year, var m = month, let d = day else { return nil }
        if twoDigitYear && system.isGregorian { y += y < 69 ? 2000 : 1900 }
        if system.isGregorian {
            let e = era ?? 1
            let date = try Date(year: e == 0 ? 1 - y : y, month: m, day: d)
            return Int(date.dayNumber)
        }
        if calendar == .hebrew && m == 14 { m = 7 }           // "Adar II": month 7 (of a leap year)
        let e = era ?? Int32(max(eraCount - 1, 0))
        return try system.base.dayNumber(of: SystemDate(era: e, year: y, month: m, day: d))
    }

    /// The second of the day, nil for a time that does not exist. A 12-hour hour with a
    /// day period is the one of h and h + 12 for which the locale writes that period
    /// (`periodNames(hour, minute, letter)`: its names at three widths).
    func secondOfDay(periodNames: (Int32, Int32, UInt8) -> [[UInt32]]) -> Int? {
        guard var h = hour, (0...59).contains(minute), (0...59).contains(second) else { return nil }
        switch hourLetter {
        case 0x68, 0x4B:                                      // h 1...12, K 0...11
            if let period {
                guard (0...12).contains(h) else { return nil }
                let morning = h % 12
                h = periodNames(morning, minute, periodLetter).contains(period) ? morning : morning + 12
            }
        case 0x6B:                                            // k 1...24
            guard (1...24).contains(h) else { return nil }
            h %= 24
        default: break
        }
        guard (0...23).contains(h) else { return nil }
        return Int(h) * 3600 + Int(minute) * 60 + Int(second)
    }
}

/// A text as folded scalars and their byte offsets.
struct ParseText {
    var scalars: [UInt32] = []
    /// offsets[i]: the byte offset of scalar i; offsets[count]: the text's length.
    var offsets: [Int] = []

    struct BadByte: Error { var offset: Int }

    static func decode(_ bytes: UnsafeRawBufferPointer) -> Result<ParseText, BadByte> {
        var out = ParseText()
        out.scalars.reserveCapacity(bytes.count)
        out.offsets.reserveCapacity(bytes.count + 1)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s):
                out.scalars.append(fold(s))
                out.offsets.append(offset)
                offset += UTF8.width(s)
            case .emptyInput:
                out.offsets.append(offset)
                return .success(out)
            case .error:
                return .failure(BadByte(offset: offset))
            }
        }
    }

    /// A scalar in lower case (its Unicode lowercase mapping when that is one scalar).
    @inline(__always)
    static func fold(_ s: Unicode.Scalar) -> UInt32 {
        let v = s.value
        if v < 0x80 { return v >= 0x41 && v <= 0x5A ? v + 32 : v }
        if v == 0x130 || v == 0x131 { return 0x69 }          // İ ı: i (Turkic case pairs)
        guard s.properties.changesWhenLowercased else { return v }   // no String made for most scalars
        let lower = s.properties.lowercaseMapping.unicodeScalars
        if lower.count == 1, let first = lower.first { return first.value }
        return v
    }

    static func fold(_ text: String) -> [UInt32] { text.unicodeScalars.map { fold($0) } }

    /// White space and bidi marks: what the parse reads as "any space".
    @inline(__always)
    static func isSpace(_ v: UInt32) -> Bool {
        switch v {
        case 0x20, 0x09, 0x0A, 0x0D, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000, 0x200E, 0x200F, 0x061C:
            return true
        default:
            return false
        }
    }

    /// The value of a decimal digit of any numbering system.
    @inline(__always)
    static func digit(_ v: UInt32) -> Int32? {
        if v >= 0x30 && v <= 0x39 { return Int32(v - 0x30) }
        guard v >= 0x80, let s = Unicode.Scalar(v), s.properties.numericType == .decimal,
              let n = s.properties.numericValue else { return nil }
        return Int32(n)
    }
}

/// Reads one text by one pattern.
struct PatternReader {
    let input: ParseText
    let pattern: [UInt8]
    var position = 0
    var fields = ParsedFields()
    /// The last field read was a name ending in "." (see matchLiteral).
    var nameEndedWithDot = false

    init(input: ParseText, pattern: [UInt8]) {
        self.input = input
        self.pattern = pattern
    }

    private mutating func skipSpaces() {
        while position < input.scalars.count && ParseText.isSpace(input.scalars[position]) { position += 1 }
    }

    /// Reads the whole text; nil when it did, else what was expected where it stopped.
    mutating func read(names: (UInt8) -> NameLists) -> String? {
        let literal = Array(String(decoding: pattern, as: UTF8.self).unicodeScalars)
        var i = 0
        var quoted = false
        while i < literal.count {
            let s = literal[i]
            let v = s.value
            if v == 0x27 {                                                    // '
                if i + 1 < literal.count && literal[i + 1].value == 0x27 {
                    if let e = matchLiteral(0x27) { return e }
                    i += 2
                    continue
                }
                quoted.toggle()
                i += 1
                continue
            }
            if !quoted && v < 0x80 && ((v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)) {
                var count = 1
                while i + count < literal.count && literal[i + count] == s { count += 1 }
                // an abutting numeric field after this one: take at most `count` digits
                var j = i + count
                while j < literal.count && ParseText.isSpace(literal[j].value) { j += 1 }
                let abutting = j == i + count && j < literal.count && "yMdHhKkmsu".unicodeScalars.contains(literal[j])
                if let e = readField(UInt8(v), count, abutting: abutting, names: names) { return e }
                i += count
                continue
            }
            if ParseText.isSpace(v) {
                skipSpaces()
            } else if let e = matchLiteral(ParseText.fold(s)) {
                return e
            }
            i += 1
        }
        skipSpaces()
        return position == input.scalars.count ? nil : "the end of the text"
    }

    private mutating func matchLiteral(_ v: UInt32) -> String? {
        // a name's final "." is the pattern's "." after it too ("Nov." in "d. MMM. y")
        if v == 0x2E && nameEndedWithDot && position > 0 && input.scalars[position - 1] == 0x2E {
            nameEndedWithDot = false
            if position >= input.scalars.count || input.scalars[position] != 0x2E { return nil }
        }
        nameEndedWithDot = false
        skipSpaces()
        guard position < input.scalars.count, input.scalars[position] == v else {
            return "\"\(Unicode.Scalar(v).map { String(Character($0)) } ?? "?")\""
        }
        position += 1
        return nil
    }

    private mutating func number(maxDigits: Int) -> (value: Int32, digits: Int)? {
        skipSpaces()
        var value: Int32 = 0, digits = 0
        while position < input.scalars.count, digits < maxDigits, let d = ParseText.digit(input.scalars[position]) {
            guard value < 100_000_000 else { return nil }
            value = value * 10 + d
            digits += 1
            position += 1
        }
        return digits > 0 ? (value, digits) : nil
    }

    /// The index of the longest name matching at the position (consumed), nil if none:
    /// list number x names per list + index in the list. A list the tables share with
    /// an earlier one (format and stand-alone names are often one list) is read once.
    private mutating func name(_ lists: NameLists) -> Int? {
        skipSpaces()
        guard let t = LocaleTables.shared, position < input.scalars.count else { return nil }
        var best: (index: Int, length: Int)?
        let per = lists.perList
        let first = input.scalars[position]
        input.scalars.withUnsafeBufferPointer { text in
            for (l, list) in lists.lists.enumerated() where !lists.lists[..<l].contains(list) {
                for j in 0..<min(t.listLength(list), per) {
                    let bytes = UnsafeRawBufferPointer(rebasing: t.raw[t.stringRange(t.listItem(list, j))])
                    if let length = PatternReader.matchLength(bytes, text, position, first: first),
                       length > (best?.length ?? 0) { best = (l * per + j, length) }
                }
            }
        }
        guard let best else { return nil }
        position += best.length
        nameEndedWithDot = input.scalars[position - 1] == 0x2E
        return best.index
    }

    /// How many scalars of `text` from `start` spell the name (UTF-8 `bytes`) in any
    /// case (a space of the name matches any run of spaces, or none; a final "." may be
    /// left out), nil if they do not. Reads the table's bytes in place and gives up at
    /// the first scalar that differs (most names differ at their first); no allocation.
    @inline(__always)
    static func matchLength(_ bytes: UnsafeRawBufferPointer, _ text: UnsafeBufferPointer<UInt32>, _ start: Int,
                            first: UInt32) -> Int? {
        guard let b0 = bytes.first else { return nil }
        // the first scalar: ASCII at once (most names), else through the full path
        if b0 < 0x80 {
            let c = b0 >= 0x41 && b0 <= 0x5A ? UInt32(b0) + 32 : UInt32(b0)
            if c != first && c != 0x20 && c != 0x2E { return nil }
        }
        var p = start
        var dotLeftOut = false
        var i = 0
        while i < bytes.count {
            // one scalar of UTF-8 (the tables hold valid UTF-8)
            let b = bytes[i]
            var v: UInt32
            var width = 1
            if b < 0x80 { v = UInt32(b) } else if b < 0xE0 { v = UInt32(b & 0x1F); width = 2 } else if b < 0xF0 { v = UInt32(b & 0x0F); width = 3 } else { v = UInt32(b & 0x07); width = 4 }
            guard i + width <= bytes.count else { return nil }
            for k in 1..<width { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
            i += width
            if dotLeftOut { return nil }                      // the "." left out was not the last
            let c: UInt32
            if v < 0x80 {
                c = v >= 0x41 && v <= 0x5A ? v + 32 : v
            } else if let scalar = Unicode.Scalar(v) {
                c = ParseText.fold(scalar)
            } else {
                return nil
            }
            if ParseText.isSpace(c) {
                while p < text.count && ParseText.isSpace(text[p]) { p += 1 }
                continue
            }
            guard p < text.count, text[p] == c else {
                if c == 0x2E { dotLeftOut = true; continue }  // "Nov." typed "Nov"
                return nil
            }
            p += 1
        }
        return p > start ? p - start : nil
    }

    private mutating func readField(_ letter: UInt8, _ count: Int, abutting: Bool,
                                    names: (UInt8) -> NameLists) -> String? {
        let maxDigits = abutting ? max(count, 2) : 9
        switch letter {
        case 0x79, 0x75, 0x59:                                                // y u Y
            guard let n = number(maxDigits: abutting ? max(count, 4) : 9) else { return "a year" }
            fields.year = n.value
            fields.twoDigitYear = count <= 2 && n.digits == 2
        case 0x4D, 0x4C:                                                      // M L
            // a name first (some start with digits: ko "11월", mn "11-р сар"), else a number
            let list = count <= 2 ? NameLists(lists: []) : names(letter)
            if let k = name(list) {
                fields.month = Int32(k % list.perList + 1)
            } else {
                guard let n = number(maxDigits: min(maxDigits, 2)) else { return "a month" }
                fields.month = n.value
            }
        case 0x64:                                                            // d
            guard let n = number(maxDigits: min(maxDigits, 2)) else { return "a day" }
            fields.day = n.value
        case 0x45, 0x63, 0x65:                                                // E c e
            if letter != 0x45 && count <= 2 {
                guard number(maxDigits: 1) != nil else { return "a weekday" }
            } else if name(names(letter)) == nil {
                return "a weekday"
            }
        case 0x47:                                                            // G
            let list = names(letter)
            guard let k = name(list) else { return "an era" }
            fields.era = Int32(k % list.perList)
        case 0x48, 0x68, 0x4B, 0x6B:                                          // H h K k
            guard let n = number(maxDigits: min(maxDigits, 2)) else { return "an hour" }
            fields.hour = n.value
            fields.hourLetter = letter
        case 0x6D:                                                            // m
            guard let n = number(maxDigits: 2) else { return "minutes" }
            fields.minute = n.value
        case 0x73:                                                            // s
            guard let n = number(maxDigits: 2) else { return "seconds" }
            fields.second = n.value
        case 0x61, 0x62, 0x42:                                                // a b B: optional
            let save = position
            let list = names(letter)
            if let k = name(list) {
                fields.period = ParseText.fold(list.name(k))
                fields.periodLetter = letter
            } else {
                position = save
            }
        case 0x7A, 0x5A, 0x4F, 0x76, 0x56, 0x58, 0x78:                        // zones: nothing
            break
        default:
            return "a field the parse does not read ('\(Character(Unicode.Scalar(letter))))"
        }
        return nil
    }
}

extension DateStyle {
    /// The styles of a bit set (bit `style.rawValue`; 0: all four, full first), or
    /// `.invalidArgument` for bits beyond the four.
    public static func styles(mask: Int32) throws(KalendsError) -> [DateStyle] {
        guard (0...15).contains(mask) else {
            throw KalendsError(.invalidArgument, "styles \(mask) is not a bit set of the four styles (0...15)")
        }
        return mask == 0 ? allCases : allCases.filter { mask & (1 << $0.rawValue) != 0 }
    }
}

extension TextParseResult {
    /// The value, or `.parse` saying where reading stopped and what was expected there.
    public func checked(_ what: String) throws(KalendsError) -> Int {
        guard let value else {
            throw KalendsError(.parse, "not a \(what): stopped at byte \(stoppedAt), expected \(expected)")
        }
        return value
    }
}

/// Name lists of the tables (list ids of strings), read in place by the parse.
struct NameLists {
    let lists: [Int]
    /// Names per list (the first list's length; at least 1).
    let perList: Int

    init(lists: [Int]) {
        self.lists = lists
        perList = max(lists.first.map { LocaleTables.shared?.listLength($0) ?? 0 } ?? 0, 1)
    }

    /// Name `k` (list k / perList, item k % perList).
    func name(_ k: Int) -> String {
        guard let t = LocaleTables.shared, k >= 0, k / perList < lists.count else { return "" }
        return t.string(t.listItem(lists[k / perList], k % perList))
    }
}
