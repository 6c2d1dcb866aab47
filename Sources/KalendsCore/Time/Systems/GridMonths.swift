/// The months a grid's days meet, found once per grid: consecutive runs of days that
/// share a system month (and, in a Japanese month where an era begins, one era), so the
/// grid fills its days by increments from them with no conversion and no call into the
/// system per day. The built-in systems find them with their own arithmetic, sharing
/// the work between neighbouring months (a Hebrew year's shape once, not once per
/// month); `AnyCalendarSystem.gridMonths` picks the system by a switch, not through the
/// `CalendarSystem` existential. Other systems (plugins, hosts) answer nothing and their
/// grids take the general path, which asks `month(index:)` month by month.
@usableFromInline
struct GridMonths: Sendable {
    /// Days of one month (and era) of the system: 20 bytes, so finding and reading the
    /// runs copies little.
    @usableFromInline
    struct Run: Sendable {
        /// Day numbers of the run's first and last day.
        @usableFromInline var firstDay: Int32
        @usableFromInline var lastDay: Int32
        /// Day number of day 1 of the run's month (a run that starts at an era change
        /// inside a Japanese month starts later).
        @usableFromInline var monthFirstDay: Int32
        @usableFromInline var year: Int32
        @usableFromInline var era: Int16
        @usableFromInline var month: UInt8
        /// The grid's position flag of the month (`DayFlags.leading`, `.inMonth` or
        /// `.trailing`, relative to the grid's reference month) and `leapBit`.
        @usableFromInline var bits: UInt8

        @usableFromInline static var leapBit: UInt8 { 0x80 }

        @inline(__always)
        init(firstDay: Int, lastDay: Int, monthFirstDay: Int, era: Int32, year: Int32, month: Int32, isLeapMonth: Bool,
             position: DayFlags) {
            self.firstDay = Int32(truncatingIfNeeded: firstDay)
            self.lastDay = Int32(truncatingIfNeeded: lastDay)
            self.monthFirstDay = Int32(truncatingIfNeeded: monthFirstDay)
            self.year = year
            self.era = Int16(truncatingIfNeeded: era)
            self.month = UInt8(truncatingIfNeeded: month)
            bits = UInt8(truncatingIfNeeded: position.rawValue) | (isLeapMonth ? Run.leapBit : 0)
        }

        init() {
            firstDay = 0
            lastDay = -1
            monthFirstDay = 0
            year = 0
            era = 0
            month = 0
            bits = 0
        }
    }

    /// Runs a grid may need: a 42-day span meets at most five months of a built-in
    /// system (Coptic and Ethiopic: a 30-day month, the 5-day thirteenth, ...); a
    /// Japanese month in which an era begins is two runs.
    @usableFromInline static var capacity: Int { 6 }
    @usableFromInline private(set) var count = 0
    private var r0 = Run(), r1 = Run(), r2 = Run(), r3 = Run(), r4 = Run(), r5 = Run()
    /// The extended year of the first run's month (the grid's first week-year guess).
    @usableFromInline private(set) var firstExtendedYear = 0
    /// A year the system knew the first day of, and the next year's, while finding the
    /// months (Hebrew), so the grid's week numbers need not compute them again.
    @usableFromInline private(set) var knownYear = Int.min
    @usableFromInline private(set) var knownYearStart = 0
    @usableFromInline private(set) var knownNextYearStart = 0

    @usableFromInline init() {}

    @usableFromInline
    subscript(i: Int) -> Run {
        switch i {
        case 0: r0
        case 1: r1
        case 2: r2
        case 3: r3
        case 4: r4
        default: r5
        }
    }

    /// Appends a run; false when full.
    mutating func append(_ run: Run) -> Bool {
        switch count {
        case 0: r0 = run
        case 1: r1 = run
        case 2: r2 = run
        case 3: r3 = run
        case 4: r4 = run
        case 5: r5 = run
        default: return false
        }
        count += 1
        return true
    }

    /// Appends month `index` as one run, positioned against the grid's month `ref`;
    /// false when full.
    @inline(__always)
    mutating func append(_ m: SystemMonth, index: Int, ref: Int) -> Bool {
        if count == 0 { firstExtendedYear = m.extendedYear }
        return append(Run(firstDay: m.firstDay, lastDay: m.firstDay + m.length - 1, monthFirstDay: m.firstDay,
                          era: m.era, year: m.year, month: m.month, isLeapMonth: m.isLeapMonth,
                          position: GridMonths.position(index, ref)))
    }

    @inline(__always)
    static func position(_ index: Int, _ ref: Int) -> DayFlags {
        index < ref ? .leading : (index == ref ? .inMonth : .trailing)
    }

    mutating func removeRuns() { count = 0 }

    mutating func noteYear(_ y: Int, start: Int, next: Int) {
        knownYear = y
        knownYearStart = start
        knownNextYearStart = next
    }

    /// Fills `out` with the months of `system` from the one holding `first` to the one
    /// holding `last`, starting the search at month `index` (the grid's reference
    /// month, which holds `first` or comes after it). False when the days leave the
    /// system's range or need more runs than `capacity`. `index` is also the month the
    /// runs' position flags are relative to. Inlined into each built-in
    /// system's `gridMonths`, so `month(index:)` is a direct call there.
    @inline(__always)
    static func collect<S: CalendarSystem>(_ system: S, first: Int, last: Int, near index: Int, known: SystemMonth? = nil,
                                           indexes: ClosedRange<Int>, into out: inout GridMonths) -> Bool {
        collect(first: first, last: last, near: index, known: known, days: system.dayRange, indexes: indexes, into: &out) {
            system.month(index: $0)
        }
    }

    /// The same with the months from `month` (an inlined closure).
    @inline(__always)
    static func collect(first: Int, last: Int, near index: Int, known: SystemMonth? = nil, days: ClosedRange<Int>,
                        indexes: ClosedRange<Int>, into out: inout GridMonths, month: (Int) -> SystemMonth) -> Bool {
        guard first <= last, first >= days.lowerBound, last <= days.upperBound, indexes.contains(index) else { return false }
        var i = index
        // The reference month: the span's (made by this system) or computed.
        let reference = known ?? month(i)
        var m = reference
        while m.firstDay > first {
            guard i > indexes.lowerBound else { return false }
            i -= 1
            m = month(i)
        }
        // A span may also start after its reference month (a scroll's or a view's rows
        // of trailing days alone).
        while m.firstDay + m.length <= first {
            guard i < indexes.upperBound else { return false }
            i += 1
            m = month(i)
        }
        while true {
            guard out.append(m, index: i, ref: index) else { return false }
            if m.firstDay + m.length > last { return true }
            guard i < indexes.upperBound else { return false }
            i += 1
            // The reference month is known: only its neighbours are computed.
            m = i == index ? reference : month(i)
        }
    }
}

/// One operation on a calendar system, run on its concrete type by `AnyCalendarSystem.run`.
protocol SystemOperation {
    associatedtype Result
    func on<S: CalendarSystem>(_ system: S) -> Result
}

extension AnyCalendarSystem {
    /// The built-in systems, for the grid's month lookups without the existential.
    @usableFromInline
    enum BuiltIn: Sendable {
        case gregorianFamily(GregorianFamilySystem)
        case julian(JulianSystem)
        case islamic(IslamicSystem)
        case hebrew(HebrewSystem)
        case solar(SolarSystem)
        case chinese(ChineseSystem)

        init?(_ base: any CalendarSystem) {
            switch base {
            case let s as GregorianFamilySystem: self = .gregorianFamily(s)
            case let s as JulianSystem: self = .julian(s)
            case let s as IslamicSystem: self = .islamic(s)
            case let s as HebrewSystem: self = .hebrew(s)
            case let s as SolarSystem: self = .solar(s)
            case let s as ChineseSystem: self = .chinese(s)
            default: return nil
            }
        }
    }

    /// The one dispatch over the built-in systems: `operation` on the concrete system,
    /// specialized for each (no existential), or on `base` for a registered one. (`date`
    /// and `gridMonths` below switch themselves: they run other code for some systems.)
    @inline(__always)
    func run<O: SystemOperation>(_ operation: O) -> O.Result {
        switch builtIn {
        case .gregorianFamily(let s): operation.on(s)
        case .julian(let s): operation.on(s)
        case .islamic(let s): operation.on(s)
        case .hebrew(let s): operation.on(s)
        case .solar(let s): operation.on(s)
        case .chinese(let s): operation.on(s)
        case nil: operation.on(base)
        }
    }

    /// `base.month(index:)`, without the existential for a built-in system.
    @usableFromInline
    func month(index: Int) -> SystemMonth {
        struct Operation: SystemOperation {
            let index: Int
            func on<S: CalendarSystem>(_ s: S) -> SystemMonth { s.month(index: index) }
        }
        return run(Operation(index: index))
    }

    /// `base.date(dayNumber:)` (a day inside `dayRange`), without the existential for a
    /// built-in system: Gregorian and ISO 8601 (the default systems) first, then a
    /// switch, the system's arithmetic inlined.
    public func date(dayNumber: Int) -> SystemDate {
        if isGregorian { return GregorianFamilySystem.christianDate(dayNumber) }
        switch builtIn {
        case .gregorianFamily(let s): return s.date(dayNumber: dayNumber)
        case .julian(let s): return s.date(dayNumber: dayNumber)
        case .islamic(let s):
            // Umm al-Qura's table lookup here (as the solar styles' below).
            if s.style == .ummAlQura, let (n, first) = UmmAlQura.month(dayNumber &- s.epoch) {
                return IslamicSystem.date(monthNumber: n, first: first, days: dayNumber &- s.epoch)
            }
            return s.date(dayNumber: dayNumber)
        case .hebrew(let s): return s.date(dayNumber: dayNumber)
        case .solar(let s):
            // Each style's lookup called here, not through `s.date` or `s.position`:
            // those (the three lookups inlined into one switch) are too large for the
            // optimizer to inline into this switch, and the call, its frame and the
            // style's second switch were ~17 of an Indian date's ~115 instructions.
            let p: (year: Int, month: Int, day: Int)
            switch s.style {
            case .indian: p = SolarSystem.indianPosition(dayNumber)
            case .persian: p = SolarSystem.persianPosition(dayNumber)
            case .coptic, .ethiopic, .ethiopicAmeteAlem: p = SolarSystem.cePosition(dayNumber, offset: s.ceOffset)
            }
            let f = s.fields(p.year, p.month)
            return SystemDate(era: f.era, year: f.year, month: f.month, day: Int32(truncatingIfNeeded: p.day))
        case .chinese(let s): return s.date(dayNumber: dayNumber)
        case nil: return base.date(dayNumber: dayNumber)
        }
    }

    /// `base.dayRange`, without the existential for a built-in system.
    public var dayRange: ClosedRange<Int> {
        struct Operation: SystemOperation {
            func on<S: CalendarSystem>(_ s: S) -> ClosedRange<Int> { s.dayRange }
        }
        return run(Operation())
    }

    /// The date of a day number; `.outOfRange` (naming the system's days) outside
    /// `dayRange`.
    public func date(checkedDayNumber dayNumber: Int) throws(KalendsError) -> SystemDate {
        let r = dayRange
        guard r.contains(dayNumber) else { return try base.date(checkedDayNumber: dayNumber) }
        return date(dayNumber: dayNumber)
    }

    /// `base.monthIndexRange`, without the existential for a built-in system.
    @usableFromInline
    var monthIndexRange: ClosedRange<Int> {
        struct Operation: SystemOperation {
            func on<S: CalendarSystem>(_ s: S) -> ClosedRange<Int> { s.monthIndexRange }
        }
        return run(Operation())
    }

    /// `base.yearStart(extendedYear:)`, without the existential for a built-in system.
    @usableFromInline
    func yearStart(extendedYear y: Int) -> Int {
        struct Operation: SystemOperation {
            let y: Int
            func on<S: CalendarSystem>(_ s: S) -> Int { s.yearStart(extendedYear: y) }
        }
        return run(Operation(y: y))
    }

    /// `base.monthIndexes(extendedYear:)`, without the existential for a built-in system.
    @usableFromInline
    func monthIndexes(extendedYear y: Int) -> Range<Int> {
        struct Operation: SystemOperation {
            let y: Int
            func on<S: CalendarSystem>(_ s: S) -> Range<Int> { s.monthIndexes(extendedYear: y) }
        }
        return run(Operation(y: y))
    }

    /// The months from the one holding `first` to the one holding `last` (see
    /// `GridMonths`); false for a system that is not built in, or days it cannot cover
    /// this way (outside its range): the caller then takes the general path.
    /// `known`: the month `index` when the caller has it from this system.
    @usableFromInline
    func gridMonths(first: Int, last: Int, near index: Int, known: SystemMonth? = nil, into out: inout GridMonths) -> Bool {
        switch builtIn {
        case .gregorianFamily(let s): s.gridMonths(first: first, last: last, near: index, known: known, into: &out)
        case .julian(let s):
            GridMonths.collect(s, first: first, last: last, near: index, known: known, indexes: JulianSystem.months, into: &out)
        case .islamic(let s):
            s.style == .civil || s.style == .tabular
                ? GridMonths.collect(first: first, last: last, near: index, known: known, days: s.dayRange,
                                     indexes: s.monthIndexRange, into: &out) { [epoch = s.epoch] in IslamicSystem.civilMonth($0, epoch: epoch) }
                : GridMonths.collect(s, first: first, last: last, near: index, known: known, indexes: s.monthIndexRange, into: &out)
        case .hebrew(let s): s.gridMonths(first: first, last: last, near: index, into: &out)
        case .solar(let s):
            GridMonths.collect(s, first: first, last: last, near: index, known: known, indexes: s.monthIndexRange, into: &out)
        case .chinese(let s):
            GridMonths.collect(s, first: first, last: last, near: index, known: known, indexes: s.monthIndexRange, into: &out)
        case nil: false
        }
    }

    /// A number naming each built-in system (its kind and style), 0 for others: what
    /// a grid span records about the system that made its reference month.
    static func code(_ builtIn: BuiltIn?) -> UInt8 {
        switch builtIn {
        case .gregorianFamily(let s):
            switch s.style {
            case .gregorian: 1
            case .iso8601: 2
            case .buddhist: 3
            case .roc: 4
            case .japanese: 5
            }
        case .julian: 6
        case .islamic(let s):
            switch s.style {
            case .civil: 7
            case .tabular: 8
            case .ummAlQura: 9
            case .astronomical: 10
            }
        case .hebrew: 11
        case .solar(let s):
            switch s.style {
            case .persian: 12
            case .indian: 13
            case .coptic: 14
            case .ethiopic: 15
            case .ethiopicAmeteAlem: 16
            }
        case .chinese(let s): s.style == .chinese ? 17 : 18
        case nil: 0
        }
    }
}

extension GregorianFamilySystem {
    /// Gregorian months; a Japanese month in which an era begins is split where it does
    /// (each run's era and year from `fields`, as `date(dayNumber:)` gives them).
    func gridMonths(first: Int, last: Int, near index: Int, known: SystemMonth? = nil, into out: inout GridMonths) -> Bool {
        guard style == .japanese else {
            return GridMonths.collect(self, first: first, last: last, near: index, known: known,
                                      indexes: GregorianFamilySystem.months, into: &out)
        }
        guard GridMonths.collect(self, first: first, last: last, near: index, known: known,
                                 indexes: GregorianFamilySystem.months, into: &out) else { return false }
        // A month in which an era begins becomes one run per era (rare: once per era).
        // Eras only move forward: the same era on the first and the last day means none
        // began in between.
        let firstDay = Int(out[0].firstDay), lastDay = Int(out[out.count - 1].lastDay)
        if let a = JapaneseEras.modernEra(dayNumber: firstDay), let b = JapaneseEras.modernEra(dayNumber: lastDay) {
            if a.0 == b.0 { return true }
        } else {
            let a = Gregorian.civilFromDays(firstDay), b = Gregorian.civilFromDays(lastDay)
            guard fields(a.year, a.month, a.day).era != fields(b.year, b.month, b.day).era else { return true }
        }
        var splits = false
        for k in 0..<out.count {
            let run = out[k]
            let c = Gregorian.civilFromDays(Int(run.firstDay))
            if fields(c.year, c.month, Int(run.lastDay - run.firstDay) + 1).era != Int32(run.era) { splits = true }
        }
        guard splits else { return true }
        let months = out
        out.removeRuns()
        for k in 0..<months.count {
            let run = months[k]
            let c = Gregorian.civilFromDays(Int(run.firstDay))
            let length = Int(run.lastDay - run.firstDay) + 1
            var start = 1
            var f = fields(c.year, c.month, 1)
            for d in 2...length + 1 {
                let g = d <= length ? fields(c.year, c.month, d) : f
                if d > length || g.era != f.era || g.year != f.year {
                    var part = run
                    part.firstDay = run.firstDay + Int32(start - 1)
                    part.lastDay = run.firstDay + Int32(d - 2)
                    part.era = Int16(truncatingIfNeeded: f.era)
                    part.year = f.year
                    // Parts wholly before the span's first day are not part of it.
                    guard Int(part.lastDay) < first || out.append(part) else { return false }
                    start = d
                    f = g
                }
            }
        }
        return true
    }
}

extension HebrewSystem {
    /// Months from one year's shape (its first day, the next year's, leap or not): a
    /// year is computed once, not once per month.
    func gridMonths(first: Int, last: Int, near index: Int, into out: inout GridMonths) -> Bool {
        if let found = tableGridMonths(first: first, last: last, near: index, into: &out) { return found }
        return computedGridMonths(first: first, last: last, near: index, into: &out)
    }

    /// The months from the years' shapes (any year).
    func computedGridMonths(first: Int, last: Int, near index: Int, into out: inout GridMonths) -> Bool {
        let days = dayRange, indexes = HebrewSystem.months
        guard first <= last, first >= days.lowerBound, last <= days.upperBound, indexes.contains(index) else { return false }
        var y = HebrewSystem.yearOf(monthIndex: index)
        var year = HebrewSystem.year(y)
        var before = HebrewSystem.monthsBefore(y)
        var k = index - before
        func nextMonth() {
            k += 1
            if k == year.count {
                y += 1
                year = HebrewSystem.year(y)
                before = HebrewSystem.monthsBefore(y)
                k = 0
            }
        }
        // The first day of month k, then back month by month to the one holding `first`.
        var f = year.start + year.offset(ofMonth: k)
        while f > first {
            if k == 0 {
                y -= 1
                year = HebrewSystem.year(y)
                before = HebrewSystem.monthsBefore(y)
                k = year.count
            }
            k -= 1
            f -= year.length(k)
        }
        // A span may also start after its reference month (rows of trailing days alone).
        while f + year.length(k) <= first {
            f += year.length(k)
            nextMonth()
        }
        out.noteYear(y, start: year.start, next: year.next)
        while true {
            let length = year.length(k)
            guard out.append(SystemMonth(era: 0, year: Int32(truncatingIfNeeded: y), month: HebrewSystem.icuMonth(k, leap: year.leap),
                                         isLeapMonth: false, extendedYear: y, firstDay: f, length: length),
                             index: before + k, ref: index) else { return false }
            if f + length > last { return true }
            f += length
            nextMonth()
        }
    }

    /// The same from `HebrewSystem.monthTable` (AM 5000...6000): each month's first day
    /// and length read, not computed. Nil when the span or its months leave the table.
    @inline(__always)
    func tableGridMonths(first: Int, last: Int, near index: Int, into out: inout GridMonths) -> Bool? {
        let t = HebrewSystem.monthTable, base = HebrewSystem.monthTableFirstIndex, count = HebrewSystem.monthTableCount
        var k = index &- base
        guard first <= last, k >= 0, k < count, first >= Int(t[0]), last < Int(t[count]) else { return nil }
        while Int(t[k]) > first { k &-= 1 }          // t[0] <= first: stops at 0 at the latest
        while Int(t[k &+ 1]) <= first { k &+= 1 }    // first < t[count]: stops below count
        // The year of the first month and the next one's start, for the week numbers.
        let y = HebrewSystem.yearOf(monthIndex: base &+ k)
        let yearFirst = HebrewSystem.monthsBefore(y) &- base, nextFirst = HebrewSystem.monthsBefore(y &+ 1) &- base
        if yearFirst >= 0 && nextFirst <= count { out.noteYear(y, start: Int(t[yearFirst]), next: Int(t[nextFirst])) }
        while true {
            guard let m = HebrewSystem.tableMonth(base &+ k), out.append(m, index: base &+ k, ref: index) else { return false }
            if m.firstDay &+ m.length > last { return true }
            k &+= 1   // last < t[count]: a month holding it follows
        }
    }
}
