/// Interval titles ("23–29 Nov 2026", "Nov 30 – Dec 6, 2026", "2026年11月23日～29日")
/// from CLDR's intervalFormats (UTS #35, "Using Interval Patterns"), as babel 2.18's
/// `format_interval` applies them to two days:
/// 1. the locale's interval skeleton equal to the one asked, else the closest by
///    babel's `match_skeleton` distance (a field's width difference; numeric against
///    text month 0x100; a field missing on either side rules an option out); none: the
///    fallback pattern over the two days in the medium date style;
/// 2. the same day twice: the day alone, by the availableFormats pattern best matching
///    the skeleton;
/// 3. the greatest field in which the days differ (era, year, month, day) that the
///    skeleton has a pattern for: its start part formats the first day, its end part
///    the second;
/// 4. none (a "yMMM" interval inside one month): both days by the skeleton's own
///    availableFormats pattern (the medium date style if it has none), one of them when
///    they read the same, else the fallback pattern ("{0} – {1}") over both.
/// Any calendar system: the days' fields are the system's, with its names and the
/// numbering of its dates in the locale (as titles have: Hebrew numerals in he). Each
/// system has its calendar's own intervalFormats: chinese and dangi CLDR's ca-chinese
/// and ca-dangi (the related gregorian year and the cyclic year's name: zh
/// "2026丙午年十月至十一月", en "Mo10 – Mo11 bing-wu"), the other non-gregorian ones
/// the intervalFormats CLDR gives them (most inherit ca-generic's, which add the era:
/// en hebrew "13 – 15 Kislev 5787 AM"), as ICU 77.1's DateIntervalInfo resolves them
/// (37 KB more of the library, deflated). Cost: O(number of the locale's interval
/// skeletons × skeleton length + output length), no allocation beyond the output and
/// the skeleton's letter counts.
extension Locale {
    /// The pattern letters an interval skeleton may hold: babel's date fields (its
    /// PATTERN_CHARS without time and zone letters).
    static let intervalSkeletonLetters: [UInt8] = Array("GyYuQqMLwWdDFgEec".utf8)

    /// The skeleton of a week's title: day, abbreviated month and year ("yMMMd").
    public static let defaultIntervalSkeleton = "yMMMd"

    /// The interval of `start` ... `end` (either order; the first is written first) by
    /// `skeleton` (letters of `intervalSkeletonLetters`, at most 64; "" for the fallback
    /// over medium dates). `.invalidArgument` for another letter or a longer skeleton.
    public func formatInterval(_ start: DateFields, _ end: DateFields, skeleton: String) throws(KalendsError) -> String {
        let letters = Array(skeleton.utf8)
        guard letters.count <= 64 else {
            throw KalendsError(.invalidArgument, "skeleton has \(letters.count) bytes; at most 64")
        }
        for b in letters where !Locale.intervalSkeletonLetters.contains(b) {
            throw KalendsError(.invalidArgument, "skeleton \"\(skeleton)\" holds \(Locale.describe(byte: b)); "
                + "an interval skeleton is made of the date letters G y Y u Q q M L w W d D F g E e c")
        }
        guard let t = LocaleTables.shared else { return "" }
        return formatInterval(start, end, letters, t)
    }

    /// Days `startDay` ... `endDay` of `system` by `skeleton` (see `formatInterval(_:_:skeleton:)`).
    public func formatInterval(startDay: Int, endDay: Int, system: AnyCalendarSystem,
                               skeleton: String) throws(KalendsError) -> String {
        try formatInterval(try dateFields(day: startDay, system: system), try dateFields(day: endDay, system: system),
                           skeleton: skeleton)
    }

    static func describe(byte b: UInt8) -> String {
        b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte \(b)"
    }

    private func formatInterval(_ start: DateFields, _ end: DateFields, _ skeleton: [UInt8], _ t: LocaleTables) -> String {
        let table = intervalTable(t, start.calendar)
        let fallback = t.listItem(table, 0)
        let numbers = calendarNumbers(t, start.calendar)
        func apply(_ fields: DateFields, _ pattern: Int) -> String {
            format(fields, t, t.raw, t.stringRange(pattern), numbers)
        }
        func medium(_ fields: DateFields) -> String { format(fields, style: .medium) }
        func joined(_ a: String, _ b: String) -> String {
            let f = t.string(fallback)
            return (f.isEmpty ? "{0}-{1}" : f).replacingPlaceholders(a, b)
        }
        guard !skeleton.isEmpty, let row = intervalRow(skeleton, table, t) else {
            let a = medium(start), b = medium(end)
            return a == b ? a : joined(a, b)
        }
        let exact = t.listItem(row, 0), best = t.listItem(row, 1)
        if start.date == end.date && start.calendar == end.calendar {
            return t.stringRange(best).isEmpty ? medium(start) : apply(start, best)
        }
        let length = t.listLength(row)
        var i = 2
        while i + 2 < length {
            let differs: Bool
            switch t.listItem(row, i) {
            case 0x47: differs = start.date.era != end.date.era                                        // G
            case 0x79: differs = start.date.era != end.date.era || start.date.year != end.date.year    // y
            case 0x4D: differs = start.date.era != end.date.era || start.date.year != end.date.year    // M
                || start.date.month != end.date.month || start.date.isLeapMonth != end.date.isLeapMonth
            case 0x64: differs = start.date != end.date                                                // d
            default: differs = false
            }
            if differs { return apply(start, t.listItem(row, i + 1)) + apply(end, t.listItem(row, i + 2)) }
            i += 3
        }
        let a = t.stringRange(exact).isEmpty ? medium(start) : apply(start, exact)
        let b = t.stringRange(exact).isEmpty ? medium(end) : apply(end, exact)
        return a == b ? a : joined(a, b)
    }

    /// The intervalFormats of `calendar` in this locale: its own (every calendar but the
    /// gregorian has them), else the gregorian ones.
    func intervalTable(_ t: LocaleTables, _ calendar: LocaleCalendar) -> Int {
        let own = calendarPart(t, calendar, .intervals)
        return own != 0 ? own : t.localeField(index, .intervals)
    }

    /// The row of the locale's interval skeleton equal to `skeleton`, else of the one
    /// closest to it by babel's match_skeleton (first of the sorted skeletons at the
    /// least distance), nil if every one lacks a field of it or has one it lacks.
    func intervalRow(_ skeleton: [UInt8], _ table: Int, _ t: LocaleTables) -> Int? {
        let count = (t.listLength(table) - 1) / 2
        let wanted = SkeletonWidths(skeleton)
        var bestRow: Int?, bestDistance = Int.max
        for k in 0..<count {
            let name = t.listItem(table, 1 + 2 * k)
            let option = SkeletonWidths(t.stringContents(name))
            guard let distance = wanted.distance(to: option) else { continue }
            if distance < bestDistance {
                bestDistance = distance
                bestRow = t.listItem(table, 2 + 2 * k)
                if distance == 0 { break }
            }
        }
        return bestRow
    }
}

/// The width of each letter of a skeleton (babel: the last run of a letter counts), 4
/// bits per letter of `Locale.intervalSkeletonLetters` (widths above 15 count as 15):
/// no allocation, so matching a skeleton against a locale's ~25 costs ~25 x 17 steps.
struct SkeletonWidths {
    private var low: UInt64 = 0, high: UInt64 = 0

    init<C: Collection>(_ skeleton: C) where C.Element == UInt8 {
        var previous: UInt8 = 0, run = 0
        for b in skeleton {
            if b == previous { run += 1 } else { run = 1; previous = b }
            if let slot = SkeletonWidths.slot(b) { set(slot, min(run, 15)) }
        }
    }

    @inline(__always)
    static func slot(_ letter: UInt8) -> Int? {
        switch letter {
        case 0x47: 0; case 0x79: 1; case 0x59: 2; case 0x75: 3; case 0x51: 4; case 0x71: 5; case 0x4D: 6
        case 0x4C: 7; case 0x77: 8; case 0x57: 9; case 0x64: 10; case 0x44: 11; case 0x46: 12; case 0x67: 13
        case 0x45: 14; case 0x65: 15; case 0x63: 16
        default: nil
        }
    }

    @inline(__always)
    private func width(_ slot: Int) -> Int {
        Int(slot < 16 ? low >> (4 * UInt64(slot)) & 15 : high >> (4 * UInt64(slot - 16)) & 15)
    }

    @inline(__always)
    private mutating func set(_ slot: Int, _ width: Int) {
        if slot < 16 {
            low = low & ~(15 << (4 * UInt64(slot))) | UInt64(width) << (4 * UInt64(slot))
        } else {
            high = high & ~(15 << (4 * UInt64(slot - 16))) | UInt64(width) << (4 * UInt64(slot - 16))
        }
    }

    /// babel's match_skeleton distance from this skeleton to `option`, nil when a field
    /// is in one and not the other.
    func distance(to option: SkeletonWidths) -> Int? {
        if low == option.low && high == option.high { return 0 }
        var total = 0
        for slot in 0..<17 {
            let a = width(slot), b = option.width(slot)
            if a == b { continue }
            if a == 0 || b == 0 { return nil }
            if slot == 6 && ((a > 2 && b <= 2) || (a <= 2 && b > 2)) {          // M: text against number
                total += 0x100
            } else {
                total += abs(a - b)
            }
        }
        return total
    }
}

extension String {
    /// CLDR's "{0}" and "{1}" replaced by `first` and `second` (each once, as babel does
    /// with str.replace: every occurrence).
    func replacingPlaceholders(_ first: String, _ second: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[open...]
            if after.hasPrefix("{0}") {
                out += first
                rest = after.dropFirst(3)
            } else if after.hasPrefix("{1}") {
                out += second
                rest = after.dropFirst(3)
            } else {
                out += "{"
                rest = after.dropFirst()
            }
        }
        return out + rest
    }
}
