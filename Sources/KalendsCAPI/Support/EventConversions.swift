// kalends_event <-> Event, and the title storage of events handed out.
import CKalends
import KalendsCore

extension Event {
    static let cSize = MemoryLayout<kalends_event>.size

    init(_ c: kalends_event) throws(KalendsError) {
        try kalends_event.checkSize(c.struct_size)
        guard c.all_day == 0 || c.all_day == 1 else { throw invalid("event \(c.id): all_day \(c.all_day) is not 0 or 1") }
        var title = ""
        if let p = c.title {
            title = try utf8Text(p, length: c.title_length, "event \(c.id): the title")
        } else if c.title_length > 0 {
            throw invalid("event \(c.id): title is NULL but title_length is \(c.title_length)")
        }
        self.init(id: c.id, title: title, allDay: c.all_day == 1, start: c.start, end: c.end, color: c.color,
                  source: c.source, userValue: c.user_value)
        try validate()
    }

}

extension EventRecord {
    /// The C struct, its title pointing at `title` (the store's copy).
    func c(title: UnsafePointer<CChar>?) -> kalends_event {
        kalends_event(struct_size: UInt32(Event.cSize), all_day: allDay ? 1 : 0, id: id, start: start, end: end, color: color,
                      source: source, user_value: userValue, title: title, title_length: titleLength, reserved: 0)
    }
}

/// Events from a C array (`count` of them; NULL allowed when 0).
func events(_ p: UnsafePointer<kalends_event>?, _ count: Int32) throws(KalendsError) -> [Event] {
    guard count >= 0 else { throw invalid("count \(count) is negative") }
    guard count > 0 else { return [] }
    guard let p else { throw invalid("events is NULL but count is \(count)") }
    var out: [Event] = []
    out.reserveCapacity(min(Int(count), 1 << 16))   // count is not trusted yet
    for i in 0..<Int(count) { out.append(try Event(p[i])) }
    return out
}

/// The UTF-8 text at `p` of `length` bytes (-1: NUL-terminated), at most 1 MiB.
func utf8Text(_ p: UnsafePointer<CChar>, length: Int32, _ what: @autoclosure () -> String) throws(KalendsError) -> String {
    let count: Int
    if length == -1 {
        count = cStringLength(p, limit: 1 << 20)
        guard count < 1 << 20 else { throw invalid("\(what()) is not NUL-terminated within 1 MiB") }
    } else {
        guard length >= 0, length <= 1 << 20 else {
            throw invalid("\(what()): its length \(length) is not -1 or 0 ... 1 MiB")
        }
        count = Int(length)
    }
    guard let text = String(validating: UnsafeRawBufferPointer(start: p, count: count), as: UTF8.self) else {
        throw invalid("\(what()) is not UTF-8")
    }
    return text
}

/// The length of a NUL-terminated string, reading at most `limit` bytes (`limit` when
/// there is no NUL within them).
func cStringLength(_ p: UnsafePointer<CChar>, limit: Int) -> Int {
    var n = 0
    while n < limit && p[n] != 0 { n += 1 }
    return n
}
