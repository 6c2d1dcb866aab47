// kalends_ical_*: iCalendar reading, writing, the occurrence query and import into a store.
import CKalends
import KalendsCore
import KalendsSystem

extension ICalendarOptions {
    init(_ c: kalends_ical_options?) throws(KalendsError) {
        self.init()
        guard let c else { return }
        guard c.strict == 0 || c.strict == 1 else { throw invalid("strict \(c.strict) is not 0 or 1") }
        guard c.max_line_bytes >= 80 else { throw invalid("max_line_bytes \(c.max_line_bytes) is below 80") }
        guard c.max_component_lines >= 1 else { throw invalid("max_component_lines \(c.max_component_lines) is below 1") }
        self.init(strict: c.strict == 1)
        maxLineBytes = Int(c.max_line_bytes)
        maxComponentLines = Int(c.max_component_lines)
    }
}

func icalOptionsInit() throws(KalendsError) -> kalends_ical_options {
    let d = ICalendarOptions()
    return kalends_ical_options(struct_size: UInt32(MemoryLayout<kalends_ical_options>.size), strict: d.strict ? 1 : 0,
                                max_line_bytes: Int32(clamping: d.maxLineBytes), max_component_lines: Int32(clamping: d.maxComponentLines))
}

func icalRead(_ bytes: UnsafeBufferPointer<UInt8>, _ options: kalends_ical_options?) throws(KalendsError) -> IcalHandle {
    let reader = ICalendarReader(options: try ICalendarOptions(options))
    // In slices of 1 MiB: the reader keeps a line and a component, not the text.
    var at = 0
    while at < bytes.count {
        let n = min(1 << 20, bytes.count - at)
        try reader.feed(UnsafeBufferPointer(rebasing: bytes[at ..< at + n]))
        at += n
    }
    return IcalHandle(try reader.finish())
}

func icalReadFile(_ path: UnsafePointer<CChar>, _ options: kalends_ical_options?) throws(KalendsError) -> IcalHandle {
    guard path.pointee != 0 else { throw invalid("path is NULL or empty") }
    let reader = ICalendarReader(options: try ICalendarOptions(options))
    try readFileChunks(String(cString: path)) { (chunk: [UInt8]) throws(KalendsError) in try reader.feed(chunk) }
    return IcalHandle(try reader.finish())
}

func icalEventCount(_ ical: IcalHandle) throws(KalendsError) -> Int32 { Int32(clamping: ical.calendar.events.count) }

func icalWarningCount(_ ical: IcalHandle) throws(KalendsError) -> Int32 { Int32(clamping: ical.calendar.warnings.count) }

/// The element at a caller's index, or NOT_FOUND naming what and how many there are.
private func element<T>(_ items: [T], _ index: Int32, _ what: String) throws(KalendsError) -> T {
    guard index >= 0, Int(index) < items.count else {
        throw KalendsError(.notFound, "no \(what) \(index) (there are \(items.count))")
    }
    return items[Int(index)]
}

/// (line, message).
func icalWarning(_ ical: IcalHandle, _ index: Int32) throws(KalendsError) -> (Int32, String) {
    let warning = try element(ical.calendar.warnings, index, "warning")
    return (Int32(clamping: warning.line), warning.message)
}

func icalWrite(_ ical: IcalHandle) throws(KalendsError) -> [UInt8] { try ical.with { $0.text() } }

/// (its kind, the text as written).
func icalEventStatus(_ ical: IcalHandle, _ event: Int32) throws(KalendsError) -> (kalends_ical_status, String) {
    let e = try element(ical.calendar.events, event, "event")
    return (e.statusKind.rawValue, e.status ?? "")
}

/// The occurrences when they fit `out`, else only how many (see kalends_ical_between_first).
func icalBetween(_ ical: IcalHandle, _ zone: TimezoneHandle?, _ from: Int64, _ to: Int64,
                 _ out: ArrayOutput<kalends_ical_occurrence>) throws(KalendsError) {
    try ical.with { (h) throws(KalendsError) in
        let found = try h.between(from, to, zone: zone?.zone ?? .utc, fitting: out.limit)
        guard let buffer = try out.commit(Int(clamping: found.count)), let list = found.occurrences else { return }
        h.write(list, to: buffer)
    }
}

/// The first page written to `out` (its count set), and how many there are in all.
func icalBetweenFirst(_ ical: IcalHandle, _ zone: TimezoneHandle?, _ from: Int64, _ to: Int64,
                      _ out: ArrayOutput<kalends_ical_occurrence>) throws(KalendsError) -> Int64 {
    try ical.with { (h) throws(KalendsError) in
        let found = try h.first(from, to, zone: zone?.zone ?? .utc, limit: out.limit)
        out.setCount(found.occurrences.count)
        if let buffer = out.out { h.write(found.occurrences, to: buffer) }
        return found.total
    }
}

/// How many entries were added.
func icalImport(_ ical: IcalHandle, _ store: StoreHandle, _ zone: TimezoneHandle?, _ firstID: Int64) throws(KalendsError) -> Int32 {
    Int32(clamping: try ical.with { (h) throws(KalendsError) in
        try store.with { (s) throws(KalendsError) in
            try s.add(calendar: h.calendar, firstID: firstID, zone: zone?.zone, system: KalendsCore.TimeZone.forTZID)
        }
    }.count)
}

func storeWriteIcal(_ store: StoreHandle) throws(KalendsError) -> [UInt8] {
    try store.with { (s) in s.icalendar().serialized() }
}
