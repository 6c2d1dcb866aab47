/// ICU's Japanese eras: era k starts on CLDR's date `JapaneseEraData.starts[k]`; dates
/// before Taika (645) stay in era 0 with years 0, -1, ... (as ICU numbers them).
enum JapaneseEras {
    static let count = JapaneseEraData.starts.count

    static func startYear(_ era: Int32) -> Int? {
        guard era >= 0, Int(era) < count else { return nil }
        return Int(JapaneseEraData.starts[Int(era)] / 10000)
    }

    /// The era holding a proleptic Gregorian date, and that era's first year.
    @inline(__always)
    static func era(_ y: Int, _ m: Int, _ d: Int) -> (Int32, Int) {
        let starts = JapaneseEraData.starts
        if y > 2019 { return (Int32(count - 1), 2019) }
        if y < 650 { return (0, 645) }
        let key = Int32(y * 10000 + m * 100 + d)
        if y >= 1868 {   // the modern eras, newest first
            var k = count - 1
            while starts[k] > key { k -= 1 }
            return (Int32(k), Int(starts[k] / 10000))
        }
        var lo = 0, hi = count   // starts[lo] <= key < starts[hi]
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if starts[mid] <= key { lo = mid } else { hi = mid }
        }
        return (Int32(lo), Int(starts[lo] / 10000))
    }

    /// The eras from Meiji on by day number: their first days and first years, at a
    /// fixed address (no reference counting on the conversion path). The modern eras
    /// begin on existing Gregorian days, so comparing day numbers gives the era that
    /// `era(_:_:_:)` finds from the fields.
    static let modernCount = 5
    nonisolated(unsafe) static let modernFirstDays: UnsafePointer<Int> = {   // written once, then only read
        let p = UnsafeMutablePointer<Int>.allocate(capacity: modernCount)
        for i in 0..<modernCount { p[i] = firstDay(count - modernCount + i) }
        return UnsafePointer(p)
    }()

    /// The era (and its first year) of a day from Meiji (1868) on, nil before: the
    /// latest modern era whose first day is not after it, by comparisons without a loop.
    @inline(__always)
    static func modernEra(dayNumber z: Int) -> (Int32, Int)? {
        let d = modernFirstDays
        guard z >= d[0] else { return nil }
        let k = (z >= d[1] ? 1 : 0) &+ (z >= d[2] ? 1 : 0) &+ (z >= d[3] ? 1 : 0) &+ (z >= d[4] ? 1 : 0)
        let era = count &- modernCount &+ k
        return (Int32(truncatingIfNeeded: era), Int(JapaneseEraData.starts[era] / 10000))
    }

    /// First day whose fields are not before era `k`'s start (CLDR's start of a
    /// lunisolar day such as 1504-2-30 falls on the next existing day).
    static func firstDay(_ k: Int) -> Int {
        let s = Int(JapaneseEraData.starts[k])
        let y = s / 10000, m = s / 100 % 100, d = s % 100
        if d > Gregorian.daysInMonth(y, m) { return Gregorian.daysFromCivil(y, m, 1) + Gregorian.daysInMonth(y, m) }
        return Gregorian.daysFromCivil(y, m, d)
    }

    static let ranges: [EraRange] = {
        var out: [EraRange] = []
        let minDay = Int(Gregorian.minDayNumber), maxDay = Int(Gregorian.maxDayNumber)
        for k in 0..<count {
            let start = Int(JapaneseEraData.starts[k] / 10000)
            let first = k == 0 ? minDay : firstDay(k)
            let last = k == count - 1 ? maxDay : firstDay(k + 1) - 1
            let firstYear = k == 0 ? Int(Gregorian.minYear) - start + 1 : 1
            let lastYear = Gregorian.civilFromDays(last).year - start + 1
            out.append(EraRange(era: Int32(k), code: JapaneseEraData.codes[k],
                                years: Int32(firstYear)...Int32(lastYear), days: first...last))
        }
        return out
    }()
}
