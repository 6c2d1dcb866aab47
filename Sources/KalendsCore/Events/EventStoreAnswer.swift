// One query for hosts that keep their own objects for events by store index
// (kalends_store_query_rows): the answer as spans of indexes while the host's objects
// are current, as rows (everything the host needs to make its objects) otherwise.

/// What `EventStore.answer` gave.
public struct StoreAnswer: Sendable, Equatable {
    /// The spans of indexes (their number), or nil when the answer came as rows.
    public var spans: Int?
    /// Events and occurrences in the answer.
    public var total: Int
    /// The store's version the answer belongs to.
    public var version: UInt64
}

extension EventStore {
    /// The events and occurrences overlapping local days first ... last, in start order:
    /// as spans of store indexes (`forEachSpan`, `spans` called when they all fit in
    /// `spanLimit`) when the store is at `knownVersion` and holds no recurring entries
    /// (a host's objects by index from that version are the answer's), otherwise as rows
    /// (`forEachOccurrence`: `rows` called for every event and occurrence). Cost: as
    /// `forEachSpan` or as the query, O(log n + k).
    package func answer(overlapping first: Int32, _ last: Int32, in zone: any LocalDays = UTCDays(), knownVersion: UInt64,
                        spanLimit: Int, spans: (Int, Int32, Int32) -> Void,
                        rows: (Int, Int32, EventRecord, UnsafePointer<CChar>?, Int64?) -> Void) throws(KalendsError) -> StoreAnswer {
        if knownVersion == version && seriesCount == 0 {
            let found = try forEachSpan(overlapping: first, last, in: zone, limit: spanLimit, spans)
            return StoreAnswer(spans: found.spans, total: found.events, version: version)
        }
        let total = try forEachOccurrence(overlapping: first, last, in: zone, rows)
        return StoreAnswer(spans: nil, total: total, version: version)
    }
}
