// KalendsCore and the C ABI against a Foundation-based month grid, built the way the
// seed apps build theirs (MBCalendarKit, Kal): Calendar.date(from:), component(.weekday),
// then date(byAdding: .day) for each of 42 cells. Same process, alternating samples,
// medians.   swift build -c release --product kalends-bench && .build/release/kalends-bench
import CKalends
import Foundation
import KalendsABI
import KalendsCore

let batch = 1000
let samples = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 21 : 21

func nowNs() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// ns per grid over one batch of changing months.
func timed(_ body: (Int32, Int32) -> Int) -> Double {
    var guardValue = 0
    let start = nowNs()
    for i in 0..<batch {
        guardValue &+= body(Int32(2000 + i % 50), Int32(1 + i % 12))
    }
    let elapsed = nowNs() - start
    if guardValue == Int.min { print("") }   // keep the work
    return elapsed / Double(batch)
}

// MARK: Foundation, as the seed apps do it

let gregorian: Foundation.Calendar = {
    var cal = Foundation.Calendar(identifier: .gregorian)
    cal.timeZone = TimeZone(identifier: "UTC")!
    cal.firstWeekday = 2   // Monday
    return cal
}()

struct FoundationDay {
    let date: Foundation.Date
    let day: Int
    let inMonth: Bool
    let isToday: Bool
    let isWeekend: Bool
}

let foundationToday = gregorian.date(from: DateComponents(year: 2026, month: 11, day: 22))!

func foundationGrid(_ year: Int32, _ month: Int32) -> [FoundationDay] {
    let first = gregorian.date(from: DateComponents(year: Int(year), month: Int(month), day: 1))!
    let weekday = gregorian.component(.weekday, from: first)
    let lead = (weekday - gregorian.firstWeekday + 7) % 7
    let start = gregorian.date(byAdding: .day, value: -lead, to: first)!
    var days: [FoundationDay] = []
    days.reserveCapacity(42)
    for i in 0..<42 {
        let date = gregorian.date(byAdding: .day, value: i, to: start)!
        let parts = gregorian.dateComponents([.month, .day, .weekday], from: date)
        days.append(FoundationDay(date: date, day: parts.day!, inMonth: parts.month! == Int(month),
                                  isToday: gregorian.isDate(date, inSameDayAs: foundationToday),
                                  isWeekend: parts.weekday! == 1 || parts.weekday! == 7))
    }
    return days
}

// MARK: Kalends

let core = try KalendsCore.Calendar(options: CalendarOptions(today: .fixed(try KalendsCore.Date(year: 2026, month: 11, day: 22))))
let kalendsMonthGrid: (Int32, Int32) -> Int = { y, m in (try? core.monthGrid(year: y, month: m, rows: .fixed).days.count) ?? 0 }
let kalendsForEachDay: (Int32, Int32) -> Int = { y, m in
    guard let span = try? core.monthSpan(year: y, month: m, rows: .fixed) else { return 0 }
    var n = 0
    core.forEachDay(in: span) { _, day in n &+= Int(day.dayNumber) }
    return n
}

// `kalends-bench profile monthGrid|forEachDay N`: only N grids of one path (the months
// of the bench), for a profiler: callgrind counts instructions repeatably on a loaded
// machine, e.g. against a build of an earlier commit.
if CommandLine.arguments.count > 3 && CommandLine.arguments[1] == "profile" {
    let n = Int(CommandLine.arguments[3]) ?? 1000
    let body = CommandLine.arguments[2] == "monthGrid" ? kalendsMonthGrid : kalendsForEachDay
    var sink = 0
    for i in 0..<n { sink &+= body(Int32(2000 + i % 50), Int32(1 + i % 12)) }
    if sink == 42 { print(sink) }
    exit(0)
}

// `kalends-bench grid-times`: ns per grid of monthGrid and forEachDay (medians of 51
// samples of `batch` months each, the two alternating, timed by the thread's CPU time)
// on one line. bench/pre_systems.py runs this source built against 5151164 (before
// calendar systems) and against the current tree in turns, for the rows that hold the
// Gregorian grid to its speed before calendar systems. forEachDay is @inlinable: its loop
// is compiled into this file's code (kalendsForEachDay), so where it lands in this binary
// is part of what is timed. A few bytes more or less elsewhere in this file moved it by up
// to 20%; so this target is built with Package.swift's `benchCodeLayout` (every function
// of the bench starts on a 64-byte boundary), and pre_systems.py gives the 5151164 build
// the same line: the two builds' loops then differ only by their own code.
if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == "grid-times" {
    func cpuTimed(_ f: (Int32, Int32) -> Int) -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        let start = Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
        var sink = 0
        for i in 0..<batch { sink &+= f(Int32(2000 + i % 50), Int32(1 + i % 12)) }
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        if sink == Int.min { print("") }
        return (Double(t.tv_sec) * 1e9 + Double(t.tv_nsec) - start) / Double(batch)
    }
    _ = cpuTimed(kalendsMonthGrid)
    _ = cpuTimed(kalendsForEachDay)
    var g: [Double] = [], e: [Double] = []
    for _ in 0..<51 {
        g.append(cpuTimed(kalendsMonthGrid))
        e.append(cpuTimed(kalendsForEachDay))
    }
    print(String(format: "monthGrid %.2f forEachDay %.2f", median(g), median(e)))
    exit(0)
}

// The C ABI in this same process, through dlopen (as any FFI host would).
let libraryPath = ProcessInfo.processInfo.environment["KALENDS_LIBRARY"] ?? ".build/release/libkalends.so"
guard let handle = dlopen(libraryPath, RTLD_NOW | RTLD_LOCAL),
      let newSymbol = dlsym(handle, "kalends_calendar_new"),
      let gridSymbol = dlsym(handle, "kalends_calendar_month_grid"),
      let initSymbol = dlsym(handle, "kalends_calendar_options_init") else {
    fatalError("cannot load \(libraryPath): run from the repository after `make`, or set KALENDS_LIBRARY")
}
let cNew = unsafeBitCast(newSymbol, to: KalendsABI.CalendarNew.self)
let cGrid = unsafeBitCast(gridSymbol, to: KalendsABI.CalendarMonthGrid.self)
let cInit = unsafeBitCast(initSymbol, to: KalendsABI.CalendarOptionsInit.self)
var options = kalends_calendar_options()
_ = cInit(&options)
options.today_mode = KALENDS_TODAY_FIXED
options.today = kalends_date(year: 2026, month: 11, day: 22)
var cCalendar: OpaquePointer?
_ = cNew(&options, &cCalendar)
let cBuffer = UnsafeMutablePointer<kalends_day>.allocate(capacity: 42)
var cCount: Int32 = 0

// Same answers first: the Foundation grid and Kalends agree on dates and flags.
for y: Int32 in 2000...2030 {
    for m: Int32 in 1...12 {
        let f = foundationGrid(y, m)
        let k = try core.monthGrid(year: y, month: m, rows: .fixed).days
        for (a, b) in zip(f, k) where a.day != Int(b.date.day) || a.inMonth != b.flags.contains(.inMonth)
            || a.isToday != b.flags.contains(.today) || a.isWeekend != b.flags.contains(.weekend) {
            fatalError("Foundation and Kalends disagree on \(y)-\(m)")
        }
    }
}


/// A yardstick no library change moves: 42 civil dates of a month grid (Monday first)
/// by Hinnant's days-from-civil / civil-from-days in plain Swift, into a reused buffer.
struct FloorDay { var year: Int32; var month: Int32; var day: Int32; var dayNumber: Int32; var flags: Int32 }
nonisolated(unsafe) var floorBuffer = [FloorDay](repeating: FloorDay(year: 0, month: 0, day: 0, dayNumber: 0, flags: 0), count: 42)
func floorGrid(_ y: Int32, _ m: Int32) -> Int {
    let yy = Int(m <= 2 ? y - 1 : y)
    let era = (yy >= 0 ? yy : yy - 399) / 400
    let yoe = yy - era * 400
    let doy = (153 * ((Int(m) + 9) % 12) + 2) / 5
    let first = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
    let start = first - ((first % 7 + 7 + 3) % 7)   // back to Monday (1970-01-01 was a Thursday)
    var sum = 0
    floorBuffer.withUnsafeMutableBufferPointer { out in
        for i in 0..<42 {
            let z = start + i + 719_468
            let era = (z >= 0 ? z : z - 146_096) / 146_097
            let doe = z - era * 146_097
            let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
            let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
            let mp = (5 * doy + 2) / 153
            let d = doy - (153 * mp + 2) / 5 + 1
            let mo = mp < 10 ? mp + 3 : mp - 9
            out[i] = FloorDay(year: Int32(yoe + era * 400 + (mo <= 2 ? 1 : 0)), month: Int32(mo), day: Int32(d),
                              dayNumber: Int32(start + i), flags: mo == Int(m) ? 1 : 2)
            sum &+= d
        }
    }
    return sum
}

let contenders: [(String, (Int32, Int32) -> Int)] = [
    ("Foundation Calendar grid (seed-app style)", { y, m in foundationGrid(y, m).count }),
    ("KalendsCore monthGrid ([Day])", kalendsMonthGrid),
    ("KalendsCore forEachDay (no allocation)", kalendsForEachDay),
    ("C ABI kalends_calendar_month_grid (dlopen)", { y, m in
        Int(cGrid(cCalendar, y, m, KALENDS_ROWS_FIXED, cBuffer, 42, &cCount)) + Int(cCount)
    }),
    ("plain Swift floor (42 civil dates)", { y, m in floorGrid(y, m) }),
]
for (_, body) in contenders { _ = timed(body) }   // warm up
var results = Array(repeating: [Double](), count: contenders.count)
for _ in 0..<samples {
    for (i, (_, body)) in contenders.enumerated() { results[i].append(timed(body)) }
}
let foundationMedian = median(results[0])

/// One row for the summary table (bench/summarize.py), when KALENDS_BENCH_SUMMARY is set.
func summary(_ key: String, _ anchor: Double, _ kalends: Double) {
    guard let path = ProcessInfo.processInfo.environment["KALENDS_BENCH_SUMMARY"], !path.isEmpty,
          let file = fopen(path, "a") else { return }
    fputs("\(key)\t\(anchor)\t\(kalends)\n", file)
    fclose(file)
}
summary("grid.swift.monthGrid", foundationMedian, median(results[1]))
summary("grid.swift.forEachDay", foundationMedian, median(results[2]))
summary("grid.swift.c_abi", foundationMedian, median(results[3]))
print("month grids in Swift, \(samples) samples x \(batch) months (medians):")
for (i, (name, _)) in contenders.enumerated() {
    let m = median(results[i])
    let ratio = i == 0 ? "" : String(format: "   %6.0fx faster than Foundation", foundationMedian / m)
    let label = name.padding(toLength: 44, withPad: " ", startingAt: 0)
    print("  \(label)" + String(format: " %10.1f ns", m) + ratio)
}
