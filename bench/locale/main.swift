// KalendsCore's CLDR locales against Foundation's DateFormatter and Locale: opening a
// locale, a name, formatting a full date; same process, alternating samples, medians.
//   swift build -c release --product kalends-locale-bench && .build/release/kalends-locale-bench
import Foundation
import KalendsCore

let samples = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 15 : 15

func nowNs() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// ns per call of `body` over `n` calls.
func timed(_ n: Int, _ body: (Int) -> Int) -> Double {
    var keep = 0
    let start = nowNs()
    for i in 0..<n { keep &+= body(i) }
    let elapsed = nowNs() - start
    if keep == Int.min { print("") }
    return elapsed / Double(n)
}

// `kalends-locale-bench N open`: only opening, 1,000,000 times per spelling of `ids` (for
// perf stat / perf record: instructions per open do not depend on the machine's load).
let openOnly = CommandLine.arguments.count > 2 && CommandLine.arguments[2] == "open"

// One-time cost: the first use inflates the tables.
let firstStart = nowNs()
let english = KalendsCore.Locale("en")
let firstUse = nowNs() - firstStart
print("first use (inflating \(KalendsCore.Locale.identifiers().count) locales' tables): \(String(format: "%.2f", firstUse / 1e6)) ms, once per process")

let ids = ["de_AT", "zh-Hant-TW", "ar_EG", "en_US.UTF-8", "fr-CA-u-fw-mon", "pt_AO", "xx_YY", "sr_ME"]
let dates: [KalendsCore.Date] = (0..<64).map { try! KalendsCore.Date(dayNumber: Int32(20000 + $0 * 37)) }
let instants = dates.map { Foundation.Date(timeIntervalSince1970: Double($0.dayNumber) * 86400) }

struct Case {
    let name: String
    let foundation: (Int) -> Int
    let kalends: (Int) -> Int
    let n: Int
}

let localesF = ["de", "ar_EG", "ja", "ru"].map { Foundation.Locale(identifier: $0) }
let localesK = ["de", "ar_EG", "ja", "ru"].map { KalendsCore.Locale($0) }
let formattersF: [DateFormatter] = localesF.map { l in
    let f = DateFormatter()
    f.locale = l
    f.timeZone = TimeZone(identifier: "UTC")!
    f.dateStyle = .full
    return f
}
let symbolsF = formattersF.map { $0.standaloneMonthSymbols as [String] }
let weekData = localesK.map { $0.weekData }

if openOnly {
    var keep = 0
    for id in ids {
        for _ in 0..<1_000_000 { keep &+= Int(KalendsCore.Locale(id).weekData.minDaysInFirstWeek) }
    }
    print("opened \(ids.count) x 1,000,000 (\(keep))")
    exit(0)
}

let cases = [
    Case(name: "open a locale (parse, search, week data)",
         foundation: { i in
             var cal = Foundation.Calendar(identifier: .gregorian)
             cal.locale = Foundation.Locale(identifier: ids[i & 7])
             return cal.firstWeekday &+ cal.minimumDaysInFirstWeek
         },
         kalends: { i in
             let w = KalendsCore.Locale(ids[i & 7]).weekData
             return Int(w.firstWeekday.rawValue &+ w.minDaysInFirstWeek)
         }, n: 20_000),
    Case(name: "a month name (stand-alone wide)",
         foundation: { i in symbolsF[i & 3][i % 12].utf8.count },
         kalends: { i in localesK[i & 3].monthName(Int32(i % 12 + 1), context: .standAlone).utf8.count }, n: 200_000),
    Case(name: "a full date (formatter made once)",
         foundation: { i in formattersF[i & 3].string(from: instants[i & 63]).utf8.count },
         kalends: { i in localesK[i & 3].format(dates[i & 63], style: .full).utf8.count }, n: 20_000),
    Case(name: "a full date from a locale name",
         foundation: { i in
             let f = DateFormatter()
             f.locale = localesF[i & 3]
             f.timeZone = TimeZone(identifier: "UTC")!
             f.dateStyle = .full
             return f.string(from: instants[i & 63]).utf8.count
         },
         kalends: { i in KalendsCore.Locale(["de", "ar_EG", "ja", "ru"][i & 3]).format(dates[i & 63], style: .full).utf8.count },
         n: 2_000),
]

// same answers first where CLDR 46 (Foundation) and 47 agree: German full dates
for (d, t) in zip(dates, instants) where localesK[0].format(d, style: .full) != formattersF[0].string(from: t) {
    fatalError("de full date differs for \(d)")
}

for c in cases { _ = timed(c.n / 10, c.foundation); _ = timed(c.n / 10, c.kalends) }
print("locales, \(samples) samples (medians, ns per call):")
for c in cases {
    var f: [Double] = [], k: [Double] = []
    for _ in 0..<samples {
        f.append(timed(c.n, c.foundation))
        k.append(timed(c.n, c.kalends))
    }
    let fm = median(f), km = median(k)
    print("  " + c.name.padding(toLength: 44, withPad: " ", startingAt: 0)
          + String(format: " Foundation %9.1f   Kalends %8.1f   %6.1fx", fm, km, fm / km))
}
// opening, per spelling (a fallback tries more candidates; an alias or -u- adds a little)
var perSpelling: [String] = []
for id in ids {
    let ns = median((0..<samples).map { _ in timed(20_000) { _ in
        let w = KalendsCore.Locale(id).weekData
        return Int(w.firstWeekday.rawValue &+ w.minDaysInFirstWeek)
    } })
    perSpelling.append(String(format: "%@ %.0f", id, ns))
}
print("  open, ns per spelling: " + perSpelling.joined(separator: ", "))
// cost follows the work, not the data: a name of the first and of the last locale
let first = KalendsCore.Locale(KalendsCore.Locale.identifiers().first!), last = KalendsCore.Locale(KalendsCore.Locale.identifiers().last!)
let a = median((0..<samples).map { _ in timed(200_000) { i in first.monthName(Int32(i % 12 + 1)).utf8.count } })
let b = median((0..<samples).map { _ in timed(200_000) { i in last.monthName(Int32(i % 12 + 1)).utf8.count } })
print(String(format: "  month name of %@: %.1f ns, of %@: %.1f ns", first.identifier, a, last.identifier, b))
_ = english
