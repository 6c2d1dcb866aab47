// kalends_store_*: the event store.
import CKalends
import KalendsCore

@_cdecl("kalends_store_new")
public func kalendsStoreNew(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = try HandleRegistry.shared.register(StoreHandle(), kind: .store)
    }
}

@_cdecl("kalends_store_free")
public func kalendsStoreFree(_ handle: OpaquePointer?) -> kalends_status {
    status { () throws(KalendsError) in
        guard let handle else { return }
        try HandleRegistry.shared.unregister(handle, kind: .store)
    }
}

@_cdecl("kalends_store_add")
public func kalendsStoreAdd(_ handle: OpaquePointer?, _ event: UnsafePointer<kalends_event>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try storeHandle(handle)
        let e = try Event(try required(event, "event"))
        try box.with { (s) throws(KalendsError) in try s.add(e) }
    }
}

@_cdecl("kalends_store_add_events")
public func kalendsStoreAddEvents(_ handle: OpaquePointer?, _ list: UnsafePointer<kalends_event>?, _ count: Int32) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try storeHandle(handle)
        guard count >= 0 else { throw invalid("count \(count) is negative") }
        guard count > 0 else { return }
        guard let list else { throw invalid("events is NULL but count is \(count)") }
        // each C event converted as the store takes it (no array of them beside the store)
        try box.with { (s) throws(KalendsError) in try s.add(count: Int(count)) { (i) throws(KalendsError) in try Event(list[i]) } }
    }
}

@_cdecl("kalends_store_update")
public func kalendsStoreUpdate(_ handle: OpaquePointer?, _ event: UnsafePointer<kalends_event>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try storeHandle(handle)
        let e = try Event(try required(event, "event"))
        try box.with { (s) throws(KalendsError) in try s.update(e) }
    }
}

@_cdecl("kalends_store_remove")
public func kalendsStoreRemove(_ handle: OpaquePointer?, _ id: Int64) -> kalends_status {
    status { () throws(KalendsError) in
        try storeHandle(handle).with { (s) throws(KalendsError) in try s.remove(id) }
    }
}

@_cdecl("kalends_store_clear")
public func kalendsStoreClear(_ handle: OpaquePointer?) -> kalends_status {
    status { () throws(KalendsError) in
        try storeHandle(handle).with { (s) in s.clear() }
    }
}

@_cdecl("kalends_store_count")
public func kalendsStoreCount(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = Int32(clamping: try storeHandle(handle).with { (s) in s.count })
    }
}

@_cdecl("kalends_store_get")
public func kalendsStoreGet(_ handle: OpaquePointer?, _ id: Int64, _ out: UnsafeMutablePointer<kalends_event>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try storeHandle(handle)
        let out = try required(out, "out")
        out.pointee = try box.with { (s) throws(KalendsError) in
            let (e, title) = try s.recordWithTitle(id)
            return e.c(title: title)
        }
    }
}

@_cdecl("kalends_store_query")
public func kalendsStoreQuery(_ handle: OpaquePointer?, _ zoneHandle: OpaquePointer?, _ first: Int32, _ last: Int32,
                              _ out: UnsafeMutablePointer<kalends_event>?, _ capacity: Int32,
                              _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    queryInto(handle, zoneHandle, first, last, out, capacity, count, nil) { (s, z, limit) throws(KalendsError) in
        try s.forEachEvent(overlapping: first, last, in: z, limit: limit) { i, _, e, title in out?[i] = e.c(title: title) }
    }
}

@_cdecl("kalends_store_query_ids")
public func kalendsStoreQueryIds(_ handle: OpaquePointer?, _ zoneHandle: OpaquePointer?, _ first: Int32, _ last: Int32,
                                 _ out: UnsafeMutablePointer<Int64>?, _ capacity: Int32,
                                 _ count: UnsafeMutablePointer<Int32>?, _ version: UnsafeMutablePointer<UInt64>?) -> kalends_status {
    queryInto(handle, zoneHandle, first, last, out, capacity, count, version) { (s, z, limit) throws(KalendsError) in
        try s.forEachHit(overlapping: first, last, in: z, limit: limit) { i, _, id in out?[i] = id }
    }
}

@_cdecl("kalends_store_query_indexes")
public func kalendsStoreQueryIndexes(_ handle: OpaquePointer?, _ zoneHandle: OpaquePointer?, _ first: Int32, _ last: Int32,
                                     _ out: UnsafeMutablePointer<Int32>?, _ capacity: Int32,
                                     _ count: UnsafeMutablePointer<Int32>?, _ version: UnsafeMutablePointer<UInt64>?) -> kalends_status {
    queryInto(handle, zoneHandle, first, last, out, capacity, count, version) { (s, z, limit) throws(KalendsError) in
        try s.forEachHit(overlapping: first, last, in: z, limit: limit) { i, index, _ in out?[i] = index }
    }
}

@_cdecl("kalends_store_query_spans")
public func kalendsStoreQuerySpans(_ handle: OpaquePointer?, _ zoneHandle: OpaquePointer?, _ first: Int32, _ last: Int32,
                                   _ out: UnsafeMutablePointer<kalends_index_span>?, _ capacity: Int32,
                                   _ count: UnsafeMutablePointer<Int32>?, _ events: UnsafeMutablePointer<Int32>?,
                                   _ version: UnsafeMutablePointer<UInt64>?) -> kalends_status {
    var total = 0
    let status = queryInto(handle, zoneHandle, first, last, out, capacity, count, version) { (s, z, limit) throws(KalendsError) in
        let found = try s.forEachSpan(overlapping: first, last, in: z, limit: limit) { i, a, b in
            out?[i] = kalends_index_span(first: a, end: b)
        }
        total = found.events
        return found.spans
    }
    if status == KALENDS_OK || status == KALENDS_E_BUFFER_TOO_SMALL { events?.pointee = Int32(clamping: total) }
    return status
}

@_cdecl("kalends_store_get_at")
public func kalendsStoreGetAt(_ handle: OpaquePointer?, _ index: Int32, _ out: UnsafeMutablePointer<kalends_event>?,
                              _ version: UnsafeMutablePointer<UInt64>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try storeHandle(handle)
        let out = try required(out, "out")
        let (event, at) = try box.with { (s) throws(KalendsError) -> (kalends_event, UInt64) in
            let (e, title) = try s.recordWithTitle(at: index)
            return (e.c(title: title), s.version)
        }
        out.pointee = event
        version?.pointee = at
    }
}

/// A query's events into a caller's array (all or nothing), by the array conventions.
private func queryInto<T>(_ handle: OpaquePointer?, _ zoneHandle: OpaquePointer?, _ first: Int32, _ last: Int32,
                          _ out: UnsafeMutablePointer<T>?, _ capacity: Int32, _ count: UnsafeMutablePointer<Int32>?,
                          _ version: UnsafeMutablePointer<UInt64>?,
                          _ fill: (EventStore, any LocalDays, Int) throws(KalendsError) -> Int) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try storeHandle(handle)
        let z = try zone(zoneHandle)
        let output = try ArrayOutput(out, capacity, count)
        // `fill` writes only when everything fits (limit 0 without a buffer)
        let (found, at) = try box.with { (s) throws(KalendsError) -> (Int, UInt64) in
            (try fill(s, z, output.limit), s.version)
        }
        version?.pointee = at
        _ = try output.commit(found)
    }
}

@_cdecl("kalends_store_version")
public func kalendsStoreVersion(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UInt64>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = try storeHandle(handle).with { (s) in s.version }
    }
}

@_cdecl("kalends_store_dots")
public func kalendsStoreDots(_ handle: OpaquePointer?, _ zoneHandle: OpaquePointer?, _ first: Int32, _ last: Int32,
                             _ maxColors: Int32, _ counts: UnsafeMutablePointer<Int32>?, _ colors: UnsafeMutablePointer<UInt32>?,
                             _ days: Int32) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try storeHandle(handle)
        let z = try zone(zoneHandle)
        guard last >= first else { throw invalid("day range \(first) ... \(last) is empty") }
        guard days >= 0 else { throw invalid("days \(days) is negative") }
        guard maxColors >= 0, maxColors <= 64 else { throw invalid("max_colors \(maxColors) is not 0 ... 64") }
        let needed = Int64(last) - Int64(first) + 1
        guard Int64(days) >= needed else {
            throw KalendsError(.bufferTooSmall, "days \(days) is below the \(needed) days of \(first) ... \(last)")
        }
        let counts = try required(counts, "counts")
        if maxColors > 0 && colors == nil { throw invalid("colors is NULL but max_colors is \(maxColors)") }
        let dots = try box.with { (s) throws(KalendsError) in try s.dots(first, last, maxColors: Int(maxColors), in: z) }
        for (i, d) in dots.enumerated() {
            counts[i] = d.count
            guard let colors else { continue }
            for j in 0..<Int(maxColors) { colors[i * Int(maxColors) + j] = j < d.colors.count ? d.colors[j] : 0 }
        }
    }
}

// Recurring entries.

@_cdecl("kalends_store_add_series")
public func kalendsStoreAddSeries(_ handle: OpaquePointer?, _ series: UnsafePointer<kalends_series>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try storeHandle(handle)
        let c = try required(series, "series")
        let known = MemoryLayout<kalends_series>.size
        try checkStructSize(c.struct_size, known: known, minimum: known, "kalends_series")
        let e = try Event(c.event)
        guard let p = c.recurrence else { throw invalid("series \(e.id): recurrence is NULL") }
        let length: Int
        if c.recurrence_length == -1 {
            length = cStringLength(p, limit: 1 << 20)
            guard length < 1 << 20 else { throw invalid("series \(e.id): the recurrence is not NUL-terminated within 1 MiB") }
        } else {
            guard c.recurrence_length >= 0, c.recurrence_length <= 1 << 20 else {
                throw invalid("series \(e.id): recurrence_length \(c.recurrence_length) is not -1 or 0 ... 1 MiB")
            }
            length = Int(c.recurrence_length)
        }
        guard let text = String(validating: UnsafeRawBufferPointer(start: p, count: length), as: UTF8.self) else {
            throw invalid("series \(e.id): the recurrence is not UTF-8")
        }
        let z: KalendsCore.TimeZone? = c.zone == nil ? nil : (try zone(c.zone)) as? KalendsCore.TimeZone
        try box.with { (s) throws(KalendsError) in try s.add(series: e, recurrence: text, zone: z) }
    }
}

@_cdecl("kalends_store_series_count")
public func kalendsStoreSeriesCount(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = Int32(clamping: try storeHandle(handle).with { (s) in s.seriesCount })
    }
}

@_cdecl("kalends_store_query_occurrences")
public func kalendsStoreQueryOccurrences(_ handle: OpaquePointer?, _ zoneHandle: OpaquePointer?, _ first: Int32, _ last: Int32,
                                         _ out: UnsafeMutablePointer<kalends_occurrence>?, _ capacity: Int32,
                                         _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    queryInto(handle, zoneHandle, first, last, out, capacity, count, nil) { (s, z, limit) throws(KalendsError) in
        try s.forEachOccurrence(overlapping: first, last, in: z, limit: limit) { i, _, e, title, rid in
            out?[i] = kalends_occurrence(event: e.c(title: title), recurrence_id: rid ?? e.start, recurring: rid == nil ? 0 : 1,
                                         reserved: 0)
        }
    }
}

@_cdecl("kalends_store_query_first")
public func kalendsStoreQueryFirst(_ handle: OpaquePointer?, _ zoneHandle: OpaquePointer?, _ first: Int32, _ last: Int32,
                                   _ out: UnsafeMutablePointer<kalends_occurrence>?, _ capacity: Int32,
                                   _ count: UnsafeMutablePointer<Int32>?, _ total: UnsafeMutablePointer<Int64>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try storeHandle(handle)
        let z = try zone(zoneHandle)
        let output = try ArrayOutput(out, capacity, count)
        let found = try box.with { (s) throws(KalendsError) in
            try s.forEachFirstOccurrence(overlapping: first, last, in: z, limit: output.limit) { i, _, e, title, rid in
                out?[i] = kalends_occurrence(event: e.c(title: title), recurrence_id: rid ?? e.start, recurring: rid == nil ? 0 : 1,
                                             reserved: 0)
            }
        }
        output.setCount(found.written)
        total?.pointee = Int64(found.total)
    }
}
