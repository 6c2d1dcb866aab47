// Calendar systems: day number -> system date for every built-in system, against the
// library's Gregorian conversion and against Foundation's Calendar doing the same work
// (dateComponents of era, year, month, day, leap month). Same process, alternating
// samples (day -> date: pairs of samples of about the same length, see `paired`),
// CPU time, medians, ns per conversion.
//   swift build -c release --product kalends-systems-bench && .build/release/kalends-systems-bench
import Foundation
import KalendsCore

if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == "cpu-days" {
    try cpuDays()
    exit(0)
}
if CommandLine.arguments.count > 2 && CommandLine.arguments[1] == "profile-day" {
    try profileDays(CommandLine.arguments[2], rounds: CommandLine.arguments.count > 3 ? Int(CommandLine.arguments[3]) ?? 5_000 : 5_000)
    exit(0)
}
if CommandLine.arguments.count > 2 && CommandLine.arguments[1] == "profile" {
    try profileGrids(CommandLine.arguments[2], CommandLine.arguments.count > 3 && CommandLine.arguments[3] != "-" ? CommandLine.arguments[3] : nil)
    exit(0)
}

/// One row for the summary table (bench/summarize.py), when KALENDS_BENCH_SUMMARY is set.
func summary(_ key: String, _ anchor: Double, _ kalends: Double) {
    guard let path = ProcessInfo.processInfo.environment["KALENDS_BENCH_SUMMARY"], !path.isEmpty,
          let file = fopen(path, "a") else { return }
    fputs("\(key)\t\(anchor)\t\(kalends)\n", file)
    fclose(file)
}

let batch = 20_000
let samples = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 9 : 9

/// The thread's CPU time: on a loaded machine (two cores shared by several processes)
/// wall time counts the time the bench waits for a core, more often the longer a
/// sample runs (Foundation's samples of 20,000 conversions run ~100x longer than
/// ours, a system grid's sample longer than the Gregorian one's), so both sides are
/// timed by the CPU time they use. KALENDS_BENCH_WALL=1 times wall time instead.
let useWallTime = ProcessInfo.processInfo.environment["KALENDS_BENCH_WALL"] == "1"
func nowNs() -> Double {
    var t = timespec()
    clock_gettime(useWallTime ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s[s.count / 2]
}

/// Days spread over 1900...2100 (a step that visits every month position).
let days: [Int] = (0..<batch).map { Gregorian.daysFromCivil(1900, 1, 1) + ($0 * 3677) % 73_000 }

func timed(_ body: (Int) -> Int, _ range: Range<Int> = 0..<batch) -> Double {
    var sink = 0
    let start = nowNs()
    for i in range { sink &+= body(days[i]) }
    let elapsed = nowNs() - start
    if sink == Int.min { print("") }
    return elapsed / Double(range.count)
}

/// Kalends against Foundation in `pairs` pairs of back-to-back samples of about the
/// same length: Kalends converts all the days, Foundation (~30-300x slower per day)
/// the pair's 1/pairs of them (over the pairs, every day once). The speed of this
/// shared machine changes from one millisecond to the next (other builds, the host):
/// nine samples of 0.2 ms (Kalends) alternating with nine of 20 ms (Foundation) read
/// one system's same code at 7 and at 22 ns, and three systems sharing their code at
/// 9, 10 and 25 ns. A pair's two samples meet one state of the machine; the result
/// is the median of the pairs' ratios, with each side's median time.
func paired(_ ours: (Int) -> Int, _ theirs: (Int) -> Int, pairs: Int = 100)
    -> (ours: Double, theirs: Double, ratio: Double) {
    let chunk = batch / pairs
    _ = timed(ours)
    _ = timed(theirs, 0..<chunk)
    var a: [Double] = [], b: [Double] = [], r: [Double] = []
    for p in 0..<pairs {
        let k = timed(ours), f = timed(theirs, p * chunk..<(p + 1) * chunk)
        a.append(k)
        b.append(f)
        r.append(f / k)
    }
    return (median(a), median(b), median(r))
}

let foundationIDs: [String: Foundation.Calendar.Identifier] = [
    "gregorian": .gregorian, "iso8601": .iso8601, "buddhist": .buddhist, "japanese": .japanese,
    "roc": .republicOfChina, "islamic": .islamic, "islamic-civil": .islamicCivil, "islamic-tbla": .islamicTabular,
    "islamic-umalqura": .islamicUmmAlQura, "hebrew": .hebrew, "persian": .persian, "indian": .indian,
    "coptic": .coptic, "ethiopic": .ethiopicAmeteMihret, "ethiopic-amete-alem": .ethiopicAmeteAlem,
    "chinese": .chinese, "dangi": .dangi,
]

let gregorianBase = { (z: Int) -> Int in let c = Gregorian.civilFromDays(z); return c.year &+ c.month &+ c.day }
for _ in 0..<3 { _ = timed(gregorianBase) }
var baseRuns: [Double] = []
for _ in 0..<samples { baseRuns.append(timed(gregorianBase)) }
let base = median(baseRuns)
print("day number -> system date, \(batch) days of 1900...2100 (ns per day; against Foundation: 100 pairs of samples,")
print("Kalends all the days, Foundation 1/100 of them; medians, and the median of the pairs' ratios):")
print("  Gregorian.civilFromDays (reference)           \(String(format: "%8.1f", base)) ns")
print("  system                 Kalends   x Gregorian   Foundation   Kalends faster")
for id in CalendarSystems.builtInIdentifiers {
    // The system as Kalends hands it out (`AnyCalendarSystem`, what `Calendar` and the
    // C ABI's kalends_calendar_system_from_day convert with).
    let system = try CalendarSystems.named(id)
    let ours = { (z: Int) -> Int in let d = system.date(dayNumber: z); return Int(d.year) &+ Int(d.month) &+ Int(d.day) }
    var theirs: ((Int) -> Int)?
    if let fid = foundationIDs[id] {
        var cal = Foundation.Calendar(identifier: fid)
        cal.timeZone = TimeZone(identifier: "UTC")!
        theirs = { z in
            let c = cal.dateComponents([.era, .year, .month, .day, .isLeapMonth], from: Foundation.Date(timeIntervalSince1970: Double(z) * 86_400))
            return (c.year ?? 0) &+ (c.day ?? 0)
        }
    }
    let name = id.padding(toLength: 22, withPad: " ", startingAt: 0)
    if let theirs {
        let (k, f, ratio) = paired(ours, theirs)
        print("  \(name) \(String(format: "%8.1f", k)) ns \(String(format: "%8.1fx", k / base)) \(String(format: "%10.1f", f)) ns \(String(format: "%10.0fx", ratio))")
        // The summary's ratio (anchor / Kalends) is the median of the pairs' ratios.
        summary("systems.day.\(id)", f, f / ratio)
    } else {
        var a: [Double] = []
        for _ in 0..<samples { a.append(timed(ours)) }
        let k = median(a)
        print("  \(name) \(String(format: "%8.1f", k)) ns \(String(format: "%8.1fx", k / base))          (none)")
    }
}

// Month grids (42 days, with system dates, flags and week numbers) per system against
// the Gregorian grid, and Foundation building the same 42 days' fields.
print("")
print("month grid (fixed rows, 42 days, forEachDay), \(samples) samples x 1000 months (medians, ns per grid):")
func gridTimed(_ body: (Int) -> Int) -> Double {
    var sink = 0
    let start = nowNs()
    for i in 0..<1000 { sink &+= body(i) }
    let elapsed = nowNs() - start
    if sink == Int.min { print("") }
    return elapsed / 1000
}
func calendar(_ id: String, _ secondary: String? = nil) throws -> KalendsCore.Calendar {
    try KalendsCore.Calendar(options: CalendarOptions(today: .fixed(try KalendsCore.Date(year: 2026, month: 11, day: 22)),
                                                      system: try CalendarSystems.named(id),
                                                      secondarySystem: try secondary.map { try CalendarSystems.named($0) }))
}
func gridBody(_ cal: KalendsCore.Calendar) -> (Int) -> Int {
    let base = cal.system.base.monthIndex(dayNumber: Gregorian.daysFromCivil(2000, 1, 1))
    return { i in
        guard let span = try? cal.monthSpan(monthIndex: base + (i * 7) % 600, rows: .fixed) else { return 0 }
        var n = 0
        cal.forEachDay(in: span) { _, day in n &+= Int(day.systemDate.day) }
        return n
    }
}
let gregorianGrid = gridBody(try calendar("gregorian"))
for _ in 0..<3 { _ = gridTimed(gregorianGrid) }
var g: [Double] = []
for _ in 0..<samples { g.append(gridTimed(gregorianGrid)) }
let gridBase = median(g)
print("  gregorian (direct path)                       \(String(format: "%8.1f", gridBase)) ns")
print("  system                      Kalends   x Gregorian grid   Foundation 42 days   Kalends faster")
let gridCases: [(String, String?)] = CalendarSystems.builtInIdentifiers.map { ($0, nil) } + [("gregorian", "chinese"), ("gregorian", "hebrew")]
for (id, secondary) in gridCases {
    let body = gridBody(try calendar(id, secondary))
    var theirs: ((Int) -> Int)?
    if let fid = foundationIDs[secondary ?? id] {
        var cal = Foundation.Calendar(identifier: fid)
        cal.timeZone = TimeZone(identifier: "UTC")!
        theirs = { i in
            var n = 0
            let start = Gregorian.daysFromCivil(2000, 1, 1) + (i * 7 % 600) * 30
            for z in start..<start + 42 {
                let c = cal.dateComponents([.era, .year, .month, .day, .isLeapMonth, .weekOfYear], from: Foundation.Date(timeIntervalSince1970: Double(z) * 86_400))
                n &+= c.day ?? 0
            }
            return n
        }
    }
    _ = gridTimed(body)
    var a: [Double] = [], b: [Double] = [], gregorianHere: [Double] = []
    for _ in 0..<samples {
        a.append(gridTimed(body))
        gregorianHere.append(gridTimed(gregorianGrid))   // the anchor alternates with each system
        if let theirs { b.append(gridTimed(theirs)) }
    }
    let k = median(a)
    if secondary == nil && id != "gregorian" { summary("systems.grid.\(id)", median(gregorianHere), k) }
    let name = (secondary.map { "\(id) + \($0)" } ?? id).padding(toLength: 26, withPad: " ", startingAt: 0)
    let f = b.isEmpty ? "" : String(format: "%14.0f ns %12.0fx", median(b), median(b) / k)
    print("  \(name) \(String(format: "%8.1f", k)) ns \(String(format: "%10.1fx", k / gridBase))      \(f)")
}

// Scrolling over 10,000 years (-4000-01 ... 5999-12): a new layout and its first query
// at the start and near the end. Cost follows the viewport: the far query should cost
// what the near one does (before the month-start tables it walked every month between).
print("")
print("scrolling 10,000 years: new layout + first viewport query (medians of \(samples), µs)")
print("  system                      at the start   9,000 years in     ratio")
for id in ["gregorian", "hebrew", "islamic-umalqura", "islamic", "chinese", "dangi"] {
    let cal = try calendar(id)
    let options = ScrollOptions(firstMonth: try Month(year: -4000, month: 1), lastMonth: try Month(year: 5999, month: 12))
    func firstQuery(_ fraction: Double) -> Double {
        let start = nowNs()
        guard let layout = try? Scroll(calendar: cal, options: options, metrics: Metrics(width: 320)) else { return .nan }
        let offset = (layout.contentSize().size.height) * fraction
        let n = (try? layout.elements(in: Rect(x: 0, y: offset, width: 320, height: 640)).count) ?? 0
        if n == 0 { return .nan }
        return (nowNs() - start) / 1000
    }
    _ = firstQuery(0.0)
    var near: [Double] = [], far: [Double] = []
    for _ in 0..<samples {
        near.append(firstQuery(0.0))
        far.append(firstQuery(0.9))
    }
    let a = median(near), b = median(far)
    let name = id.padding(toLength: 26, withPad: " ", startingAt: 0)
    print("  \(name) \(String(format: "%12.1f", a)) \(String(format: "%16.1f", b)) \(String(format: "%9.2fx", b / a))")
}
print("")
print("KalendsCore.Day: \(MemoryLayout<KalendsCore.Day>.stride) bytes")
