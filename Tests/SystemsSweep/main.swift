// Exhaustive round trips of every calendar system, built in release (`make test-systems`):
// for every day of -9999-01-01...9999-12-31, date(dayNumber:) and dayNumber(of:) invert
// each other, months tile the days without gaps or overlaps, every day's fields name
// its month, and monthIndex(dayNumber:) finds it. Then the ends of each system's day
// range and checked errors outside it. Prints one line per system and
// "N passed, N failed"; exits non-zero on any failure.
import KalendsCore

#if canImport(Glibc)
import Glibc
#endif

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

let first = Gregorian.daysFromCivil(-9999, 1, 1), last = Gregorian.daysFromCivil(9999, 12, 31)
var passed = 0, failed = 0
let only = CommandLine.arguments.dropFirst().first

for id in CalendarSystems.builtInIdentifiers where only == nil || only == id {
    let start = now()
    let system = try CalendarSystems.named(id).base
    var errors: [String] = []
    func fail(_ message: @autoclosure () -> String) {
        if errors.count < 10 { errors.append(message()) }
    }
    var index = system.monthIndex(dayNumber: first)
    var m = system.month(index: index)
    if !(m.firstDay <= first && first <= m.lastDay) { fail("month \(index) does not hold day \(first)") }
    var days = 0
    while m.firstDay <= last {
        if m.length < 5 || m.length > 31 { fail("month \(index) has \(m.length) days") }
        for z in max(m.firstDay, first)...min(m.lastDay, last) {
            let d = system.date(dayNumber: z)
            if d.month != m.month || d.isLeapMonth != m.isLeapMonth || Int(d.day) != z - m.firstDay + 1
                || (id != "japanese" && (d.era != m.era || d.year != m.year)) {
                fail("day \(z): \(d) is not day \(z - m.firstDay + 1) of \(m)")
            }
            do {
                let back = try system.dayNumber(of: d)
                if back != z { fail("day \(z) -> \(d) -> \(back)") }
            } catch {
                fail("day \(z) -> \(d) -> \(error)")
            }
            days += 1
        }
        if system.monthIndex(dayNumber: m.firstDay) != index || system.monthIndex(dayNumber: m.lastDay) != index {
            fail("monthIndex(dayNumber:) misses month \(index)")
        }
        let next = system.month(index: index + 1)
        if next.firstDay != m.lastDay + 1 { fail("month \(index + 1) starts on \(next.firstDay), not \(m.lastDay + 1)") }
        index += 1
        m = next
    }
    if days != last - first + 1 { fail("\(days) days visited, not \(last - first + 1)") }
    // The ends of the system's range, and outside it.
    let range = system.dayRange
    for z in [range.lowerBound, range.lowerBound + 1, range.upperBound - 1, range.upperBound] {
        do {
            let d = try system.date(checkedDayNumber: z)
            if try system.dayNumber(of: d) != z { fail("end day \(z) does not round-trip") }
        } catch {
            fail("end day \(z): \(error)")
        }
    }
    for z in [range.lowerBound - 1, range.upperBound + 1] {
        if (try? system.date(checkedDayNumber: z)) != nil { fail("day \(z) outside the range converted") }
    }
    let seconds = now() - start
    if errors.isEmpty {
        passed += 1
        print("ok   \(id): \(days) days, \(Double(Int(seconds * 100)) / 100) s")
    } else {
        failed += 1
        print("FAIL \(id):")
        for e in errors { print("     \(e)") }
    }
}
// The committed month-start tables (MonthStartData) against the live systems: every
// month of chinese, dangi and islamic, every sui's leap month of chinese and dangi,
// every Hebrew block.
do {
    let start = now()
    var problems: [String] = []
    for id in ["chinese", "dangi", "islamic"] {
        guard let committed = MonthStartTables.committedLunar(id), let live = MonthStartTables.lunarBits(try CalendarSystems.named(id).base) else {
            problems.append("\(id): a live month is not 29 or 30 days")
            continue
        }
        if live.firstIndex != committed.firstIndex || live.firstDay != committed.firstDay || live.months != committed.months
            || live.bytes != committed.bits {
            problems.append("\(id): the committed table differs from the live months (run kalends-month-tables)")
        }
    }
    // Each sui's leap month (the names of the Chinese and Dangi months).
    for id in ["chinese", "dangi"] {
        guard let committed = MonthStartTables.committedLeaps(id), let live = MonthStartTables.lunisolarLeaps(id) else {
            problems.append("\(id): a live sui is not 12 months, or 13 with a leap month")
            continue
        }
        if live.firstSui != committed.firstSui || live.firstLunation != committed.firstLunation || live.count != committed.count
            || live.bytes != committed.nibbles {
            problems.append("\(id): the committed leap months differ from the live sui (run kalends-month-tables)")
        }
    }
    if MonthStartTables.hebrewBlocks() != MonthStartTables.committedHebrewBlocks {
        problems.append("hebrew: the committed blocks differ from the live years (run kalends-month-tables)")
    }
    if problems.isEmpty {
        passed += 1
        print("ok   month-start tables equal the live computation, \(Double(Int((now() - start) * 100)) / 100) s")
    } else {
        failed += 1
        print("FAIL month-start tables:")
        for p in problems { print("     \(p)") }
    }
}
print("\(passed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)
