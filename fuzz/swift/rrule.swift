// fuzz/swift/rrule.swift -- libFuzzer harness (Swift, on KalendsCore directly: the
// RRULE parser has no C function on main yet): the input's first byte chooses strict
// or lenient parsing, a DTSTART and a zone (floating, UTC, a zone with DST); the rest
// is an RRULE value. A parsed rule's text parses back to the same rule; a set built on
// it gives at most 200 instances of a bounded window in ascending order, the first
// instances by index, first-after and contains.
import KalendsCore

private let paris: TimeZone? = try? TimeZone(posix: "CET-1CEST,M3.5.0,M10.5.0/3")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecurrenceRule(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let mode = data[0]
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    let rule: RecurrenceRule
    do {
        rule = try RecurrenceRule.parse(text, strict: mode & 1 == 1)
    } catch {
        return 0
    }
    do {
        let back = try RecurrenceRule.parse(rule.text, strict: false)
        if back != rule { fatalError("\(text) -> \(rule.text) parses to another rule") }
    } catch {
        fatalError("\(text): its text \(rule.text) does not parse: \(error)")
    }
    let starts: [Int64] = [1_764_000_000, 0, -62_135_596_800, 253_402_300_799, 1_774_746_000, 951_782_400]
    let start = starts[Int(mode >> 1) % starts.count]
    let zone: TimeZone? = [nil, TimeZone.utc, paris][Int(mode >> 4) % 3]
    let isDate = mode & 0x80 != 0
    let dtstart = isDate ? start - ((start % 86_400) + 86_400) % 86_400 : start
    guard let set = try? RecurrenceSet(start: dtstart, zone: zone, isDate: isDate, rules: [rule]) else { return 0 }
    let key = set.key(ofLocal: dtstart)
    if let list = try? set.instances(from: key &- 86_400, to: key &+ 400 * 86_400, limit: 200) {
        if list.count > 200 { fatalError("limit 200, \(list.count) instances") }
        for (a, b) in zip(list, list.dropFirst()) where a.key >= b.key {
            fatalError("\(text): instances not ascending: \(a.key) then \(b.key)")
        }
    }
    for i in 0..<3 { _ = try? set.instance(at: Int64(i)) }
    _ = try? set.first(after: key &+ 86_400 * 30, inclusive: true)
    _ = try? set.contains(key)
    return 0
}
