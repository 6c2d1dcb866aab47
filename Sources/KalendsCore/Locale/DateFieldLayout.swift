/// The segments of a date field, from the locale's CLDR patterns: the date part from
/// the locale's availableFormats pattern of skeleton "yMd" (what `formatInterval`'s
/// table holds for one date: "M/d/y" in en_US, "d.M.y" in de_DE, "y/M/d" in ja_JP),
/// else its short date pattern with the year written in full; the time part from its
/// short time pattern, turned to the hour cycle asked (h/K with a day period, or H/k
/// without one) and cut to the granularity (seconds never; minutes unless asked).

/// One piece of a field's pattern: a literal, or a field letter repeated `count` times.
struct DateFieldPiece: Hashable, Sendable {
    var kind: DateSegmentKind
    var letter: UInt8
    var count: Int
    var literal: String

    static func literal(_ text: String) -> DateFieldPiece {
        DateFieldPiece(kind: .literal, letter: 0, count: 0, literal: text)
    }

    var isSpace: Bool { kind == .literal && literal.unicodeScalars.allSatisfy { ParseText.isSpace($0.value) } }
}

extension Locale {
    /// The pattern of the one date of `skeleton` in the locale's interval table
    /// (availableFormats), nil when the table has no skeleton close to it.
    func singleDatePattern(skeleton: String) -> String? {
        guard let t = LocaleTables.shared, let row = intervalRow(Array(skeleton.utf8), t.localeField(index, .intervals), t)
        else { return nil }
        let best = t.listItem(row, 1)
        return t.stringRange(best).isEmpty ? nil : t.string(best)
    }

    /// The pieces of a date field of `calendar` showing the date (`showsDate`) and the
    /// time to `granularity` (none for `.day`) in the hour cycle `hourCycle`.
    func dateFieldPieces(calendar: LocaleCalendar, showsDate: Bool, granularity: DateFieldGranularity,
                         hourCycle: HourCycle) -> [DateFieldPiece] {
        var pieces: [DateFieldPiece] = []
        if showsDate {
            let pattern = calendar == .gregorian ? singleDatePattern(skeleton: "yMd") : nil
            var date = DateFieldPiece.split(pattern ?? datePattern(.short, calendar: calendar))
            for i in date.indices where date[i].kind == .year { date[i].count = 1 }   // "yy": the year in full
            pieces += date
        }
        if granularity != .day {
            if !pieces.isEmpty { pieces.append(.literal(" ")) }
            pieces += DateFieldPiece.time(DateFieldPiece.split(timePattern(.short)), granularity: granularity,
                                          twelveHours: hourCycle == .h12 || hourCycle == .h11)
        }
        return pieces
    }
}

extension DateFieldPiece {
    /// A CLDR pattern as pieces (quotes undone); letters other than a date field's
    /// (seconds, zones, ...) become `.literal("")` markers removed with their separator.
    static func split(_ pattern: String) -> [DateFieldPiece] {
        var out: [DateFieldPiece] = []
        var literal: [UInt8] = []
        let bytes = Array(pattern.utf8)
        var quoted = false
        var i = 0
        func flush() {
            if !literal.isEmpty { out.append(.literal(String(decoding: literal, as: UTF8.self))) }
            literal = []
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x27 {
                if i + 1 < bytes.count && bytes[i + 1] == 0x27 { literal.append(0x27); i += 2; continue }
                quoted.toggle()
                i += 1
                continue
            }
            let isLetter = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            guard !quoted && isLetter else { literal.append(b); i += 1; continue }
            var count = 1
            while i + count < bytes.count && bytes[i + count] == b { count += 1 }
            flush()
            out.append(DateFieldPiece(kind: kind(of: b), letter: b, count: count, literal: ""))
            i += count
        }
        flush()
        // drop fields a date field does not edit, with the separator before them
        var kept: [DateFieldPiece] = []
        for p in out {
            if p.kind == .literal && p.letter != 0 {
                if let last = kept.last, last.kind == .literal { kept.removeLast() }
                continue
            }
            kept.append(p)
        }
        return kept
    }

    /// The kind of a pattern letter; another letter: a literal marked by its letter.
    static func kind(of b: UInt8) -> DateSegmentKind {
        switch b {
        case UInt8(ascii: "G"): return .era
        case UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "u"): return .year
        case UInt8(ascii: "M"), UInt8(ascii: "L"): return .month
        case UInt8(ascii: "d"): return .day
        case UInt8(ascii: "E"), UInt8(ascii: "e"), UInt8(ascii: "c"): return .weekday
        case UInt8(ascii: "h"), UInt8(ascii: "H"), UInt8(ascii: "K"), UInt8(ascii: "k"): return .hour
        case UInt8(ascii: "m"): return .minute
        case UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "B"): return .dayPeriod
        default: return .literal
        }
    }

    /// A time pattern in the hour cycle asked, to `granularity`: a 12-hour cycle keeps
    /// the pattern's day period (or adds " a" after the time), a 24-hour one drops it
    /// with the space beside it; minutes are dropped (with their separator) for `.hour`.
    static func time(_ pieces: [DateFieldPiece], granularity: DateFieldGranularity,
                     twelveHours: Bool) -> [DateFieldPiece] {
        var out = pieces
        let hasTwelve = out.contains { $0.kind == .hour && ($0.letter == UInt8(ascii: "h") || $0.letter == UInt8(ascii: "K")) }
        if twelveHours != hasTwelve {
            for i in out.indices where out[i].kind == .hour { out[i].letter = twelveHours ? UInt8(ascii: "h") : UInt8(ascii: "H") }
        }
        for i in out.indices where out[i].kind == .dayPeriod { out[i].letter = UInt8(ascii: "a") }   // no "noon"
        if twelveHours {
            if !out.contains(where: { $0.kind == .dayPeriod }) {
                out += [.literal(" "), DateFieldPiece(kind: .dayPeriod, letter: UInt8(ascii: "a"), count: 1, literal: "")]
            }
        } else if let p = out.firstIndex(where: { $0.kind == .dayPeriod }) {
            out.remove(at: p)
            if p < out.count && out[p].isSpace { out.remove(at: p) } else if p > 0 && out[p - 1].isSpace { out.remove(at: p - 1) }
        }
        if granularity == .hour, let m = out.firstIndex(where: { $0.kind == .minute }) {
            out.remove(at: m)
            if m > 0 && out[m - 1].kind == .literal { out.remove(at: m - 1) }
        }
        while let first = out.first, first.isSpace { out.removeFirst() }
        while let last = out.last, last.isSpace { out.removeLast() }
        return out
    }
}
