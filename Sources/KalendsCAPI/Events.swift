// kalends_store_*: the event store.
import CKalends
import KalendsCore

func storeNew() throws(KalendsError) -> StoreHandle { StoreHandle() }

func storeAdd(_ store: StoreHandle, _ event: kalends_event) throws(KalendsError) {
    let e = try Event(event)
    try store.with { (s) throws(KalendsError) in try s.add(e) }
}

func storeAddEvents(_ store: StoreHandle, _ events: UnsafeBufferPointer<kalends_event>) throws(KalendsError) {
    guard !events.isEmpty else { return }
    // each C event converted as the store takes it (no array of them beside the store)
    try store.with { (s) throws(KalendsError) in try s.add(count: events.count) { (i) throws(KalendsError) in try Event(events[i]) } }
}

func storeUpdate(_ store: StoreHandle, _ event: kalends_event) throws(KalendsError) {
    let e = try Event(event)
    try store.with { (s) throws(KalendsError) in try s.update(e) }
}

func storeRemove(_ store: StoreHandle, _ id: Int64) throws(KalendsError) {
    try store.with { (s) throws(KalendsError) in try s.remove(id) }
}

func storeClear(_ store: StoreHandle) throws(KalendsError) { try store.with { (s) in s.clear() } }

func storeCount(_ store: StoreHandle) throws(KalendsError) -> Int32 { Int32(clamping: try store.with { (s) in s.count }) }

func storeGet(_ store: StoreHandle, _ id: Int64) throws(KalendsError) -> kalends_event {
    try store.with { (s) throws(KalendsError) in
        let (e, title) = try s.recordWithTitle(id)
        return e.c(title: title)
    }
}

/// The event, and the version it belongs to.
func storeGetAt(_ store: StoreHandle, _ index: Int32) throws(KalendsError) -> (kalends_event, UInt64) {
    try store.with { (s) throws(KalendsError) -> (kalends_event, UInt64) in
        let (e, title) = try s.recordWithTitle(at: index)
        return (e.c(title: title), s.version)
    }
}

func storeVersion(_ store: StoreHandle) throws(KalendsError) -> UInt64 { try store.with { (s) in s.version } }

func storeSeriesCount(_ store: StoreHandle) throws(KalendsError) -> Int32 { Int32(clamping: try store.with { (s) in s.seriesCount }) }

/// A query's answer into a caller's array (all or nothing): `fill` writes to the buffer
/// when all fit (limit 0 without one) and says how many there are; *version is set with
/// the count.
private func query<T>(_ store: StoreHandle, _ out: ArrayOutput<T>, _ version: UnsafeMutablePointer<UInt64>? = nil,
                      _ fill: (EventStore, UnsafeMutablePointer<T>?, Int) throws(KalendsError) -> Int) throws(KalendsError) {
    let (found, at) = try store.with { (s) throws(KalendsError) -> (Int, UInt64) in (try fill(s, out.out, out.limit), s.version) }
    version?.pointee = at
    _ = try out.commit(found)
}

func storeQuery(_ store: StoreHandle, _ zone: TimezoneHandle?, _ first: Int32, _ last: Int32,
                _ out: ArrayOutput<kalends_event>) throws(KalendsError) {
    try query(store, out) { (s, buffer, limit) throws(KalendsError) in
        try s.forEachEvent(overlapping: first, last, in: zone.days, limit: limit) { i, _, e, title in buffer?[i] = e.c(title: title) }
    }
}

func storeQueryIds(_ store: StoreHandle, _ zone: TimezoneHandle?, _ first: Int32, _ last: Int32, _ out: ArrayOutput<Int64>,
                   _ version: UnsafeMutablePointer<UInt64>?) throws(KalendsError) {
    try query(store, out, version) { (s, buffer, limit) throws(KalendsError) in
        try s.forEachHit(overlapping: first, last, in: zone.days, limit: limit) { i, _, id in buffer?[i] = id }
    }
}

func storeQueryIndexes(_ store: StoreHandle, _ zone: TimezoneHandle?, _ first: Int32, _ last: Int32, _ out: ArrayOutput<Int32>,
                       _ version: UnsafeMutablePointer<UInt64>?) throws(KalendsError) {
    try query(store, out, version) { (s, buffer, limit) throws(KalendsError) in
        try s.forEachHit(overlapping: first, last, in: zone.days, limit: limit) { i, index, _ in buffer?[i] = index }
    }
}

func storeQuerySpans(_ store: StoreHandle, _ zone: TimezoneHandle?, _ first: Int32, _ last: Int32,
                     _ out: ArrayOutput<kalends_index_span>, _ events: UnsafeMutablePointer<Int32>?,
                     _ version: UnsafeMutablePointer<UInt64>?) throws(KalendsError) {
    try query(store, out, version) { (s, buffer, limit) throws(KalendsError) in
        let found = try s.forEachSpan(overlapping: first, last, in: zone.days, limit: limit) { i, a, b in
            buffer?[i] = kalends_index_span(first: a, end: b)
        }
        events?.pointee = Int32(clamping: found.events)
        return found.spans
    }
}

func storeQueryOccurrences(_ store: StoreHandle, _ zone: TimezoneHandle?, _ first: Int32, _ last: Int32,
                           _ out: ArrayOutput<kalends_occurrence>) throws(KalendsError) {
    try query(store, out) { (s, buffer, limit) throws(KalendsError) in
        try s.forEachOccurrence(overlapping: first, last, in: zone.days, limit: limit) { i, _, e, title, rid in
            buffer?[i] = kalends_occurrence(event: e.c(title: title), recurrence_id: rid ?? e.start, recurring: rid == nil ? 0 : 1,
                                             reserved: 0)
        }
    }
}

func storeDots(_ store: StoreHandle, _ zone: TimezoneHandle?, _ first: Int32, _ last: Int32, _ maxColors: Int32,
               _ counts: UnsafeMutablePointer<Int32>?, _ colors: UnsafeMutablePointer<UInt32>?, _ days: Int32) throws(KalendsError) {
    guard last >= first else { throw invalid("day range \(first) ... \(last) is empty") }
    guard days >= 0 else { throw invalid("days \(days) is negative") }
    guard maxColors >= 0, maxColors <= 64 else { throw invalid("max_colors \(maxColors) is not 0 ... 64") }
    let needed = Int64(last) - Int64(first) + 1
    guard Int64(days) >= needed else {
        throw KalendsError(.bufferTooSmall, "days \(days) is below the \(needed) days of \(first) ... \(last)")
    }
    let counts = try required(counts, "counts")
    if maxColors > 0 && colors == nil { throw invalid("colors is NULL but max_colors is \(maxColors)") }
    let dots = try store.with { (s) throws(KalendsError) in try s.flatDots(first, last, maxColors: Int(maxColors), in: zone.days) }
    counts.update(from: dots.counts, count: dots.counts.count)
    if let colors { colors.update(from: dots.colors, count: dots.colors.count) }
}

// Recurring entries.

func storeAddSeries(_ store: StoreHandle, _ series: kalends_series) throws(KalendsError) {
    let e = try Event(series.event)
    guard let p = series.recurrence else { throw invalid("series \(e.id): recurrence is NULL") }
    let text = try utf8Text(p, length: series.recurrence_length, "series \(e.id): the recurrence")
    let zone = try optionalHandle(series.zone, .timezone, TimezoneHandle.self)?.zone
    try store.with { (s) throws(KalendsError) in try s.add(series: e, recurrence: text, zone: zone) }
}

func storeAnswerInit() throws(KalendsError) -> kalends_store_answer {
    var a = kalends_store_answer()
    a.struct_size = UInt32(MemoryLayout<kalends_store_answer>.size)
    return a
}

func storeQueryRows(_ store: StoreHandle, _ zone: TimezoneHandle?, _ first: Int32, _ last: Int32,
                    _ answer: UnsafeMutablePointer<kalends_store_answer>) throws(KalendsError) {
    let a = answer.pointee
    let spans = try ArrayOutput(a.spans, a.spans_capacity, answer.pointer(to: \.spans_count), "spans")
    let rows = try ArrayOutput(a.rows, a.rows_capacity, answer.pointer(to: \.rows_count), "rows")
    let titles = try ArrayOutput(a.titles, a.titles_capacity, answer.pointer(to: \.titles_length), "titles")
    var written = 0, bytes = 0, needed = 0
    let found = try store.with { (s) throws(KalendsError) -> StoreAnswer in
        try s.answer(overlapping: first, last, in: zone.days, knownVersion: a.known_version, spanLimit: spans.limit,
                     spans: { i, x, y in spans.out?[i] = kalends_index_span(first: x, end: y) },
                     rows: { i, index, e, title, recurrence in
            // the first rows whose titles fit too; every title counted
            let length = Int(e.titleLength)
            needed &+= length
            // (no titles buffer: rows without their titles)
            guard written == i, i < rows.limit, titles.out == nil || bytes + length <= titles.limit,
                  let out = rows.out else { return }
            if length > 0, let title, let buffer = titles.out {
                UnsafeMutableRawPointer(buffer + bytes).copyMemory(from: title, byteCount: length)
            }
            out[i] = kalends_store_row(id: e.id, start: e.start, end: e.end, recurrence_id: recurrence ?? e.start,
                                       user_value: e.userValue, color: e.color, all_day: e.allDay ? 1 : 0,
                                       index: index, recurring: recurrence == nil ? 0 : 1, source: e.source,
                                       title_length: e.titleLength)
            if titles.out != nil { bytes += length }
            written += 1
        })
    }
    answer.pointee.version = found.version
    answer.pointee.total = Int32(clamping: found.total)
    answer.pointee.titles_needed = Int32(clamping: needed)
    answer.pointee.rows_count = Int32(written)
    answer.pointee.titles_length = Int32(bytes)
    if let n = found.spans {
        _ = try spans.commit(n)
    } else {
        spans.setCount(0)
    }
}

/// The first page written to `out` (its count set), and how many there are in all.
func storeQueryFirst(_ store: StoreHandle, _ zone: TimezoneHandle?, _ first: Int32, _ last: Int32,
                     _ out: ArrayOutput<kalends_occurrence>) throws(KalendsError) -> Int64 {
    let buffer = out.out
    let found = try store.with { (s) throws(KalendsError) in
        try s.forEachFirstOccurrence(overlapping: first, last, in: zone.days, limit: out.limit) { i, _, e, title, rid in
            buffer?[i] = kalends_occurrence(event: e.c(title: title), recurrence_id: rid ?? e.start, recurring: rid == nil ? 0 : 1,
                                            reserved: 0)
        }
    }
    out.setCount(found.written)
    return Int64(found.total)
}
