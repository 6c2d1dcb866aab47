/// Integer helpers shared by the calendar systems. Day numbers count days since
/// 1970-01-01; Calendrical Calculations' fixed dates (RD, 0001-01-01 = 1) differ from
/// them by `rdOffset`.
enum Arith {
    /// RD of 1970-01-01.
    static let rdOffset = 719_163

    @inline(__always)
    static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q
    }

    @inline(__always)
    static func floorMod(_ a: Int, _ b: Int) -> Int { a - floorDiv(a, b) * b }

    /// 1...b instead of 0..<b (Calendrical Calculations' amod).
    @inline(__always)
    static func amod(_ a: Int, _ b: Int) -> Int { floorMod(a - 1, b) + 1 }

    /// Day numbers of -9999-01-01 and 9999-12-31: the range of the astronomical systems.
    static let astronomicalDays = Gregorian.daysFromCivil(-9999, 1, 1)...Gregorian.daysFromCivil(9999, 12, 31)
    /// The library's whole day range.
    static let allDays = Int(Gregorian.minDayNumber)...Int(Gregorian.maxDayNumber)

    static func clampedYear(_ y: Int) -> Int32 { Int32(clamping: y) }
}

/// Builds the eras of a system whose eras split its extended years at one point:
/// years before `split` count backwards in `before` (year = split - ey), years from it
/// forwards in `after` (year = ey - split + 1).
func twoEras(_ system: some CalendarSystem, before: (Int32, String), after: (Int32, String), split: Int,
             firstDayOfSplit: Int) -> [EraRange] {
    let years = system.extendedYearRange
    let days = system.dayRange
    var out: [EraRange] = []
    if years.lowerBound < split {
        out.append(EraRange(era: before.0, code: before.1,
                            years: Arith.clampedYear(max(1, split - min(years.upperBound, split - 1)))...Arith.clampedYear(split - years.lowerBound),
                            days: days.lowerBound...min(days.upperBound, firstDayOfSplit - 1)))
    }
    if years.upperBound >= split {
        out.append(EraRange(era: after.0, code: after.1,
                            years: Arith.clampedYear(max(1, years.lowerBound - split + 1))...Arith.clampedYear(years.upperBound - split + 1),
                            days: max(days.lowerBound, firstDayOfSplit)...days.upperBound))
    }
    return out
}

/// The single era of a system whose year is the extended year plus `offset`.
func oneEra(_ system: some CalendarSystem, era: Int32, code: String, offset: Int = 0) -> [EraRange] {
    let years = system.extendedYearRange
    return [EraRange(era: era, code: code,
                     years: Arith.clampedYear(years.lowerBound + offset)...Arith.clampedYear(years.upperBound + offset),
                     days: system.dayRange)]
}

func badMonth(_ system: String, _ month: Int32, _ isLeap: Bool, year: Int, valid: String) -> KalendsError {
    KalendsError(.invalidArgument, "month \(month)\(isLeap ? " (leap)" : "") does not exist in year \(year) "
        + "of the \(system) calendar (months \(valid))")
}
