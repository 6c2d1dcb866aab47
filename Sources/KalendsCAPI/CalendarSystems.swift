// kalends_calendar_system_*: conversions, months, years and eras of calendar systems;
// grids of a system month and the system dates of a calendar's days.
import CKalends
import KalendsCore
#if canImport(Glibc)
import Glibc
#endif

/// The system named by a C string (read during the call).
func namedSystem(_ identifier: UnsafePointer<CChar>?) throws(KalendsError) -> AnyCalendarSystem {
    guard let identifier else { throw invalid("system is NULL") }
    let length = strnlen(identifier, 256)
    guard length < 256, let name = String(validating: UnsafeRawBufferPointer(start: identifier, count: length), as: UTF8.self) else {
        throw invalid("system is not a UTF-8 identifier of at most 255 bytes")
    }
    return try CalendarSystems.named(name)
}

/// The calendar system named by `system` (NULL: gregorian).
func localeSystem(_ system: UnsafePointer<CChar>?) throws(KalendsError) -> AnyCalendarSystem {
    try system.map { (p) throws(KalendsError) in try namedSystem(p) } ?? .gregorian
}

/// is_leap_month as a Bool: 0 or 1.
func leapFlag(_ value: Int32) throws(KalendsError) -> Bool {
    guard value == 0 || value == 1 else { throw invalid("is_leap_month \(value) is not 0 or 1") }
    return value == 1
}

/// Day number arithmetic results as int32 (every system's days are inside the library's).
func day32(_ z: Int) throws(KalendsError) -> Int32 {
    guard let v = Int32(exactly: z) else { throw KalendsError(.outOfRange, "day number \(z) is outside the supported days") }
    return v
}

func calendarSystemCount() throws(KalendsError) -> Int32 { Int32(CalendarSystems.identifiers.count) }

func calendarSystemIdentifier(_ index: Int32) throws(KalendsError) -> String {
    let all = CalendarSystems.identifiers
    guard index >= 0, Int(index) < all.count else {
        throw KalendsError(.outOfRange, "system index \(index) is not in 0...\(all.count - 1)")
    }
    return all[Int(index)]
}

func calendarSystemFromDay(_ system: AnyCalendarSystem, _ dayNumber: Int32) throws(KalendsError) -> kalends_system_date {
    try system.date(checkedDayNumber: Int(dayNumber)).c
}

func calendarSystemToDay(_ system: AnyCalendarSystem, _ date: kalends_system_date) throws(KalendsError) -> Int32 {
    try day32(try system.base.dayNumber(of: try SystemDate(date)))
}

func calendarSystemDayRange(_ system: AnyCalendarSystem) throws(KalendsError) -> kalends_day_range {
    let r = system.base.dayRange
    return kalends_day_range(first: try day32(r.lowerBound), last: try day32(r.upperBound))
}

func calendarSystemMonthsInYear(_ system: AnyCalendarSystem, _ era: Int32, _ year: Int32) throws(KalendsError) -> Int32 {
    Int32(try system.base.monthsInYear(era: era, year: year))
}

func calendarSystemMonthLength(_ system: AnyCalendarSystem, _ era: Int32, _ year: Int32, _ month: Int32,
                               _ isLeapMonth: Int32) throws(KalendsError) -> Int32 {
    Int32(try system.base.monthLength(era: era, year: year, month: month, isLeapMonth: try leapFlag(isLeapMonth)))
}

func calendarSystemMonth(_ system: AnyCalendarSystem, _ dayNumber: Int32) throws(KalendsError) -> kalends_system_month {
    try system.base.checkDayNumber(Int(dayNumber))
    return system.base.month(index: system.base.monthIndex(dayNumber: Int(dayNumber))).c
}

func calendarSystemEras(_ system: AnyCalendarSystem, _ out: ArrayOutput<kalends_system_era>) throws(KalendsError) {
    try out.fill(try system.base.eras.map { (e) throws(KalendsError) in try e.c }) { $0 }
}

func calendarSystemEraCode(_ system: AnyCalendarSystem, _ era: Int32) throws(KalendsError) -> String {
    try system.base.eraRange(era).code
}

func calendarSystemAddMonths(_ system: AnyCalendarSystem, _ dayNumber: Int32, _ months: Int32) throws(KalendsError) -> Int32 {
    try day32(try system.base.adding(months: Int(months), to: Int(dayNumber)))
}

func calendarSystemAddYears(_ system: AnyCalendarSystem, _ dayNumber: Int32, _ years: Int32) throws(KalendsError) -> Int32 {
    try day32(try system.base.adding(years: Int(years), to: Int(dayNumber)))
}

func calendarMonthGridContaining(_ handle: CalendarHandle, _ dayNumber: Int32, _ rows: Rows,
                                 _ out: ArrayOutput<kalends_day>) throws(KalendsError) {
    try handle.fill(try handle.calendar.monthSpan(containing: dayNumber, rows: rows), out)
}

func calendarDayDates(_ handle: CalendarHandle, _ firstDay: Int32, _ days: Int32,
                      _ out: ArrayOutput<kalends_day_dates>) throws(KalendsError) {
    try handle.calendar.checkDayDates(first: firstDay, count: days)
    guard let buffer = try out.commit(Int(days)) else { return }
    handle.calendar.dayDates(first: firstDay, count: Int(days)) { i, date, secondary in buffer[i] = kalends_day_dates(date, secondary) }
}

func viewDayDates(_ handle: ViewHandle, _ out: ArrayOutput<kalends_day_dates>) throws(KalendsError) {
    try out.fill(try handle.with { (v: View) throws(KalendsError) in try v.days() }) { kalends_day_dates($0.systemDate, $0.secondaryDate) }
}

extension kalends_day_dates {
    init(_ date: SystemDate, _ secondary: SystemDate?) {
        self.init(date: date.c, secondary: secondary?.c ?? kalends_system_date(), has_secondary: secondary == nil ? 0 : 1)
    }
}
