// Recurrence expansion cost from Swift at two distances: the same month's instances for
// series that started in the same month (near) and 130 years earlier (far), without and
// with COUNT, floating and in a zone with clock changes; whole expansions; impossible
// rules. Same process, alternating samples, medians.
//   swift build -c release --product kalends-recurrence-bench && .build/release/kalends-recurrence-bench
import Foundation
import KalendsCore

let samples = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 15 : 15

func nowNs() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
}

func median(_ v: [Double]) -> Double {
    let s = v.sorted()
    return s[s.count / 2]
}

func local(_ text: String) -> Int64 { (try? TimeText.parseDateOrDateTime(text).local) ?? 0 }

func zone(_ name: String) -> KalendsCore.TimeZone? {
    guard let data = FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name) else { return nil }
    return try? KalendsCore.TimeZone(tzif: [UInt8](data), name: name)
}

/// ns to build the set (fresh, no caches) and list one month's instances.
func monthQuery(start: String, rule: String, zone: KalendsCore.TimeZone?, month: String) -> (Double, Int) {
    let t0 = nowNs()
    guard let r = try? RecurrenceRule.parse(rule),
          let set = try? RecurrenceSet(start: local(start), zone: zone, rules: [r]) else { return (0, -1) }
    let from = set.key(ofLocal: local(month + "01T000000"))
    let to = set.key(ofLocal: local(month + "28T000000") + 4 * 86_400)
    let n = (try? set.instances(from: from, to: to).count) ?? -1
    return (nowNs() - t0, n)
}

func compare(_ label: String, rule: String, zone z: KalendsCore.TimeZone?) {
    var near: [Double] = [], far: [Double] = [], nNear = 0, nFar = 0
    for _ in 0..<samples {
        let a = monthQuery(start: "21000101T090000", rule: rule, zone: z, month: "210003")
        let b = monthQuery(start: "19700101T090000", rule: rule, zone: z, month: "210003")
        near.append(a.0); far.append(b.0); nNear = a.1; nFar = b.1
    }
    let n = median(near), f = median(far)
    print(String(format: "%-58@ near %8.1f us  far %8.1f us  far/near %5.2f  (%d, %d instances)",
                 label as NSString, n / 1000, f / 1000, f / n, nNear, nFar))
}

print("== March 2100 of a series that started 2100-01-01 (near) or 1970-01-01 (far), fresh set each time")
let ny = zone("America/New_York")
compare("DAILY", rule: "FREQ=DAILY", zone: nil)
compare("DAILY, America/New_York", rule: "FREQ=DAILY", zone: ny)
compare("DAILY;COUNT=1000000 (year counts from DTSTART)", rule: "FREQ=DAILY;COUNT=1000000", zone: nil)
compare("DAILY;COUNT=1000000, America/New_York", rule: "FREQ=DAILY;COUNT=1000000", zone: ny)
compare("WEEKLY;BYDAY=MO,WE,FR;COUNT=100000", rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=100000", zone: nil)
compare("MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=5000", rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=5000", zone: nil)
compare("HOURLY;INTERVAL=5;COUNT=100000000", rule: "FREQ=HOURLY;INTERVAL=5;COUNT=100000000", zone: nil)
compare("MINUTELY;INTERVAL=7;BYHOUR=9,17;COUNT=10^12", rule: "FREQ=MINUTELY;INTERVAL=7;BYHOUR=9,17;COUNT=1000000000000", zone: nil)

print("== whole expansions (instances per second)")
for (label, start, rule) in [("weekly, 10 years", "20200101T090000", "FREQ=WEEKLY;UNTIL=20291231T235959"),
                             ("monthly last day, 100 years", "20000131T090000", "FREQ=MONTHLY;BYMONTHDAY=-1;UNTIL=20991231T235959"),
                             ("yearly 4th Thursday of November, 1000 years", "20001123T090000", "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH;UNTIL=29991231T235959")] {
    var times: [Double] = []
    var n = 0
    for _ in 0..<samples {
        let t0 = nowNs()
        guard let r = try? RecurrenceRule.parse(rule), let set = try? RecurrenceSet(start: local(start), zone: nil, rules: [r]),
              var c = try? set.instances(from: Int64.min) else { break }
        n = 0
        while (try? c.next()) ?? nil != nil { n += 1 }
        times.append(nowNs() - t0)
    }
    let m = median(times)
    print(String(format: "%-46@ %7d instances in %8.1f us: %6.2f M instances/s", label as NSString, n, m / 1000, Double(n) / m * 1000))
}

print("== rules that never occur: time to know it (dateutil semantics, count())")
for rule in ["FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=DAILY;INTERVAL=7;BYDAY=MO",
             "FREQ=HOURLY;INTERVAL=168;BYDAY=MO", "FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29", "FREQ=DAILY;BYMONTHDAY=12;BYEASTER=23"] {
    var times: [Double] = []
    var n: Int64 = -1
    for _ in 0..<5 {
        let t0 = nowNs()
        if let r = try? RecurrenceRule.parse(rule),
           let set = try? RecurrenceSet(start: local("19010101T000000"), zone: nil, rules: [r], semantics: .dateutil) {
            n = (try? set.count()) ?? -1
        }
        times.append(nowNs() - t0)
    }
    print(String(format: "%-50@ %8.1f us (count %lld)", rule as NSString, median(times) / 1000, n))
}

print("== a 100 MB .ics read through the event handler: peak memory and speed")
func peakRSS() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}
do {
    let event = Array("BEGIN:VEVENT\r\nUID:event-0001@example.org\r\nDTSTART;TZID=Europe/Berlin:20240101T090000\r\nDTEND;TZID=Europe/Berlin:20240101T100000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=52\r\nSUMMARY:A fairly ordinary meeting\\, with a comma\r\nDESCRIPTION:Some text that is long enough to be folded when it is written back out to a file by a \r\n writer that folds at seventy-five octets\r\nEND:VEVENT\r\n".utf8)
    var chunk: [UInt8] = []
    while chunk.count < 1 << 20 { chunk += event }
    let before = peakRSS()
    var events = 0
    let reader = ICalendarReader { _ in events += 1 }
    let t0 = nowNs()
    try reader.feed(Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n".utf8))
    var fed = 0
    while fed < 100 << 20 { try reader.feed(chunk); fed += chunk.count }
    try reader.feed(Array("END:VCALENDAR\r\n".utf8))
    _ = try reader.finish()
    let seconds = (nowNs() - t0) / 1e9
    print(String(format: "%d MB, %d events in %.2f s (%.1f MB/s); peak RSS %d kB before, %d kB after",
                 fed >> 20, events, seconds, Double(fed) / 1_048_576 / seconds, before, peakRSS()))
} catch {
    print("ics read failed: \(error)")
}
