/// The names of the Chinese and Dangi months (number, leap flag, extended year) over
/// the committed month-start table's range, without computing a sui.
///
/// A month's name depends on where its sui (solstice to solstice) has its leap month,
/// which the solar terms decide, not the month lengths: so a second committed table
/// (`MonthStartData.chineseLeaps` / `dangiLeaps`, made by `kalends-month-tables` from
/// the live sui and checked against them by the tests) holds each sui's leap ordinal in
/// 4 bits (0: no leap month, else the ordinal 1...12 of the repeated month, counted
/// from the month holding the solstice). A sui has 12 months, 13 with a leap month, so
/// the lunation of sui i's first month is the first one's + 12 i + the leap sui before
/// it (counted once, when the table is built). A day's month index and first day come
/// from the month-start table (`LunarMonthTable.month(containing:)`); its sui from an
/// estimate by the mean sui (a multiplication and a shift) and a step; its name from
/// the sui's leap ordinal (`ChineseSystem.label`).
final class LunisolarLeapTable: Sendable {
    static let chinese = LunisolarLeapTable(MonthStartData.chineseLeaps, months: LunarMonthTable.chinese)
    static let dangi = LunisolarLeapTable(MonthStartData.dangiLeaps, months: LunarMonthTable.dangi)

    /// The month starts of the same style.
    let months: LunarMonthTable
    /// Sui number (0: the sui of the solstice of 2000) of the table's first sui, the
    /// lunation (month index) of its first month, the number of sui.
    let firstSui: Int
    let firstLunation: Int
    let count: Int
    /// Lunation of the first month after the last sui.
    let endLunation: Int
    /// Leap ordinal of each sui (0: none), and the sui with a leap month before each
    /// sui (count + 1 entries; a 20,000-sui table has about 7,400).
    let ordinals: [UInt8]
    let leapsBefore: [UInt16]

    /// 2^32 / 12.368266 (the mean number of months in a sui: the mean tropical year in
    /// mean synodic months), rounded up.
    static let perSui = 347_257_018

    init(_ data: MonthStartData.Leaps, months: LunarMonthTable) {
        self.months = months
        firstSui = data.firstSui
        firstLunation = data.firstLunation
        // Counts of leap sui up to 65,535 (the committed tables hold 20,000 sui).
        let n = data.count <= Int(UInt16.max) ? data.count : 0
        count = n
        let bytes = data.nibbles
        var ordinals = [UInt8](repeating: 0, count: n), before = [UInt16](repeating: 0, count: n + 1)
        for i in 0..<n where i >> 1 < bytes.count {
            ordinals[i] = (bytes[i >> 1] >> UInt8(4 * (i & 1))) & 15
        }
        // Dangi's leap months are chinese's but where its bits differ (nibble i: bits 4i...4i+3).
        MonthStartTables.forEachFlip(data.flips) { k in
            if k >> 2 < n { ordinals[k >> 2] ^= 1 << UInt8(k & 3) }
        }
        var leaps: UInt16 = 0
        for i in 0..<n {
            before[i] = leaps
            if ordinals[i] != 0 { leaps &+= 1 }
        }
        before[n] = leaps
        self.ordinals = ordinals
        leapsBefore = before
        endLunation = data.firstLunation + 12 * n + Int(leaps)
    }

    /// Lunation of the first month (month 11) of sui firstSui + i, i in 0...count.
    @inline(__always)
    func lunation(_ i: Int) -> Int {
        firstLunation &+ 12 &* i &+ Int(truncatingIfNeeded: leapsBefore[i])
    }

    /// Leap ordinal of sui firstSui + i (0: none), i in 0..<count.
    @inline(__always)
    func leapOrdinal(_ i: Int) -> Int { Int(truncatingIfNeeded: ordinals[i]) }

    /// The sui (0-based in the table) holding lunation `n`, nil outside the table.
    @inline(__always)
    func sui(containing n: Int) -> Int? {
        guard n >= firstLunation, n < endLunation else { return nil }
        var i = min(((n &- firstLunation) &* LunisolarLeapTable.perSui) >> 32, count &- 1)
        while i > 0 && lunation(i) > n { i &-= 1 }
        while i < count &- 1 && lunation(i &+ 1) <= n { i &+= 1 }
        return i
    }

    /// Month number, leap flag and extended year of lunation `n` (inside the table).
    @inline(__always)
    func label(_ n: Int) -> (month: Int32, leap: Bool, ey: Int)? {
        guard let i = sui(containing: n) else { return nil }
        return ChineseSystem.label(leap: leapOrdinal(i), firstSui &+ i, n &- lunation(i))
    }

    /// The date of a day of the month-start table's months, nil outside them.
    @inline(__always)
    func date(dayNumber: Int) -> SystemDate? {
        guard let (n, first) = months.month(containing: dayNumber), let l = label(n) else { return nil }
        let (cycle, year) = ChineseSystem.cycleYear(l.ey)
        return SystemDate(era: cycle, year: year, month: l.month, day: Int32(truncatingIfNeeded: dayNumber &- first &+ 1),
                          isLeapMonth: l.leap)
    }

    /// The first day of a month of the table, as `month(index:)` gives it, without the
    /// month's labels; nil where `month(index:)` is nil.
    func firstDay(index: Int) -> Int? {
        guard months.indexes.contains(index), label(index) != nil else { return nil }
        return months.offsetFirstDay(index &- months.origin)
    }

    /// Month `index` of the month-start table, nil outside it.
    @inline(__always)
    func month(index: Int) -> SystemMonth? {
        guard months.indexes.contains(index), let l = label(index) else { return nil }
        let k = index &- months.origin
        let length = 29 &+ Int(truncatingIfNeeded: (months.words[k >> 6] >> UInt64(k & 63)) & 1)
        let (cycle, year) = ChineseSystem.cycleYear(l.ey)
        return SystemMonth(era: cycle, year: year, month: l.month, isLeapMonth: l.leap, extendedYear: l.ey,
                           firstDay: months.offsetFirstDay(k), length: length)
    }

    /// Month indexes of the Chinese year whose month 1 is in sui `k` (it ends at the
    /// next sui's month 1), nil unless both sui are in the table.
    @inline(__always)
    func monthIndexes(sui k: Int) -> Range<Int>? {
        let i = k &- firstSui
        guard i >= 0, i < count &- 1 else { return nil }
        return lunation(i) &+ ChineseSystem.newYearOrdinal(leap: leapOrdinal(i))
            ..< lunation(i &+ 1) &+ ChineseSystem.newYearOrdinal(leap: leapOrdinal(i &+ 1))
    }
}

extension MonthStartTables {
    /// The committed leap table of chinese or dangi (nibbles), nil for others.
    public static func committedLeaps(_ id: String) -> (firstSui: Int, firstLunation: Int, count: Int, nibbles: [UInt8])? {
        let t: MonthStartData.Leaps
        switch id {
        case "chinese": t = MonthStartData.chineseLeaps
        case "dangi": t = MonthStartData.dangiLeaps
        default: return nil
        }
        return (t.firstSui, t.firstLunation, t.count, applying(Array(t.flips), to: Array(t.nibbles)))
    }

    /// Leap ordinals (two sui a byte, low nibble first) of the sui from the one holding
    /// chinese's or dangi's first month to the one holding its last, from the live sui
    /// computation; nil for another system, or if a sui breaks what the table assumes
    /// (12 months, or 13 with a leap ordinal in 1...12; each sui starting where the
    /// previous one ends).
    public static func lunisolarLeaps(_ id: String) -> (firstSui: Int, firstLunation: Int, count: Int, bytes: [UInt8])? {
        let table: LunisolarTable
        switch id {
        case "chinese": table = LunisolarTable.chinese
        case "dangi": table = LunisolarTable.dangi
        default: return nil
        }
        let r = table.monthIndexRange
        let first = table.sui(containingLunation: r.lowerBound).0, last = table.sui(containingLunation: r.upperBound).0
        var bytes = [UInt8](repeating: 0, count: (last - first + 2) / 2)
        var lunation = table.sui(first).lunation
        let firstLunation = lunation
        for (i, k) in (first...last).enumerated() {
            let sui = table.sui(k)
            let leap = sui.leap < 0 ? 0 : sui.leap
            guard sui.lunation == lunation, sui.count == (leap == 0 ? 12 : 13), leap <= 12 else { return nil }
            bytes[i >> 1] |= UInt8(leap) << UInt8(4 * (i & 1))
            lunation += sui.count
        }
        return (first, firstLunation, last - first + 1, bytes)
    }
}
