// The agenda (list) layout through the C ABI (kalends_store_agenda,
// kalends_locale_relative_day), mirroring the Python API (kalends.Agenda).
import CKalends

/// A viewport of an agenda: its rows (`kalends_agenda_row`, titles owned by the store
/// until it changes) and where it is (`kalends_agenda_viewport`: keep anchor_day and
/// offset, add scroll deltas to the offset).
public struct AgendaViewport {
    public var rows: [kalends_agenda_row]
    public var position: kalends_agenda_viewport
}

/// The agenda of a store's events on local days first ... last of a zone (nil: UTC).
public struct Agenda {
    public let store: EventStore
    public let first: Int32
    public let last: Int32
    public let zone: TimeZone?
    public var options: kalends_agenda_options

    /// `today` (the host's; the library never reads the clock) marks yesterday, today and
    /// tomorrow's headings.
    public init(_ store: EventStore, first: Int32, last: Int32, zone: TimeZone? = nil, today: Int32? = nil,
                headingHeight: Double = 32, rowHeight: Double = 24) throws(KalendsError) {
        self.store = store
        self.first = first
        self.last = last
        self.zone = zone
        var o = kalends_agenda_options()
        try store.library.check(store.library.c.agendaOptionsInit(&o))
        if let today {
            o.has_today = 1
            o.today = today
        }
        o.heading_height = headingHeight
        o.row_height = rowHeight
        options = o
    }

    /// The rows of a viewport `height` points tall whose top lies `offset` points below
    /// the top of `anchorDay`'s block (default: the first day) (`kalends_store_agenda`).
    public func viewport(height: Double, anchorDay: Int32? = nil, offset: Double = 0) throws(KalendsError) -> AgendaViewport {
        let library = store.library
        var o = options
        var position = kalends_agenda_viewport()
        var count: Int32 = 0
        var rows = [kalends_agenda_row](repeating: kalends_agenda_row(), count: 64)
        while true {
            let capacity = Int32(rows.count)
            let status = rows.withUnsafeMutableBufferPointer {
                library.c.storeAgenda(store.handle, zone?.handle, first, last, anchorDay ?? first, offset, height, &o,
                                      &position, $0.baseAddress, capacity, &count)
            }
            if status == KALENDS_E_BUFFER_TOO_SMALL {
                rows = [kalends_agenda_row](repeating: kalends_agenda_row(), count: Int(count))
                continue
            }
            try library.check(status)
            return AgendaViewport(rows: Array(rows.prefix(Int(count))), position: position)
        }
    }
}

extension Locale {
    /// CLDR's word for the day `offset` days from today: -1 "yesterday", 0 "today", 1
    /// "tomorrow"; NOT_FOUND for any other offset (`kalends_locale_relative_day`).
    public func relativeDay(_ offset: Int32) throws(KalendsError) -> String {
        try library.readString { library.c.localeRelativeDay(handle, offset, $0, $1, $2) }
    }
}
