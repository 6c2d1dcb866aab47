/// An entry of a store as it occurs in a range: a single event, or one occurrence of a
/// recurring entry (`EventStore.add(series:)`). The occurrence is identified by the
/// entry's id and `recurrenceID`.
public struct Occurrence: Hashable, Sendable {
    /// The event as it occurs: the entry's id, this occurrence's start, end, title and colour.
    public var event: Event
    /// nil for a single event; for an occurrence of a recurring entry, the start its
    /// series gives it (RFC 5545's RECURRENCE-ID; an instant, or a day number when all-day),
    /// which stays its identity when an override moves it.
    public var recurrenceID: Int64?

    public init(event: Event, recurrenceID: Int64? = nil) {
        self.event = event
        self.recurrenceID = recurrenceID
    }
}
