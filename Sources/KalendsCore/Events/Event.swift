/// A calendar event (the C ABI's `kalends_event`). Timed events are instants (seconds
/// since 1970-01-01T00:00:00Z, `end` exclusive, `end >= start`); all-day events are
/// floating dates (`start`/`end` are the first and last day numbers, inclusive).
public struct Event: Hashable, Sendable {
    public var id: Int64
    public var title: String
    public var allDay: Bool
    public var start: Int64
    public var end: Int64
    /// 0xRRGGBBAA.
    public var color: UInt32
    /// The source that delivered it (0: the host).
    public var source: Int32
    public var userValue: UInt64

    public init(id: Int64, title: String = "", allDay: Bool, start: Int64, end: Int64, color: UInt32 = 0x4A90E2FF,
                source: Int32 = 0, userValue: UInt64 = 0) {
        self.id = id
        self.title = title
        self.allDay = allDay
        self.start = start
        self.end = end
        self.color = color
        self.source = source
        self.userValue = userValue
    }

    /// Instants the supported years span (±999999 years), with a day of margin.
    static let instantRange = (Int64(Gregorian.minDayNumber) - 1) * 86_400...(Int64(Gregorian.maxDayNumber) + 2) * 86_400

    public func validate() throws(KalendsError) {
        guard end >= start else {
            throw KalendsError(.invalidArgument, "event \(id) ends (\(end)) before it starts (\(start))")
        }
        if allDay {
            guard start >= Int64(Gregorian.minDayNumber), end <= Int64(Gregorian.maxDayNumber) else {
                throw KalendsError(.outOfRange, "event \(id) has days \(start) ... \(end) outside the supported dates")
            }
        } else {
            guard Event.instantRange.contains(start), Event.instantRange.contains(end) else {
                throw KalendsError(.outOfRange, "event \(id) has instants \(start) ... \(end) outside the supported dates")
            }
        }
    }
}

/// Where local days begin and end: a time zone (TimeZone), or UTC.
public protocol LocalDays: Sendable {
    /// The first instant of a local day.
    func dayStart(_ day: Int32) throws(KalendsError) -> Int64
    /// The local day of an instant.
    func localDay(at instant: Int64) throws(KalendsError) -> (day: Int32, secondsOfDay: Int32)
}

/// UTC days: midnight is a multiple of 86,400 seconds.
public struct UTCDays: LocalDays {
    public init() {}

    public func dayStart(_ day: Int32) throws(KalendsError) -> Int64 { Int64(day) * 86_400 }

    public func localDay(at instant: Int64) throws(KalendsError) -> (day: Int32, secondsOfDay: Int32) {
        let day = instant >= 0 ? instant / 86_400 : (instant - 86_399) / 86_400
        guard day >= Int64(Gregorian.minDayNumber), day <= Int64(Gregorian.maxDayNumber) else {
            throw KalendsError(.outOfRange, "instant \(instant) is outside the supported dates")
        }
        return (Int32(day), Int32(instant - day * 86_400))
    }
}

extension TimeZone: LocalDays {}

/// An event without its title: plain data (no reference counting), so the store's
/// queries copy it as bytes. The title lives beside it in the store.
public struct EventRecord: Sendable {
    // Fields ordered by size: 48 bytes a record (56 with `allDay` second).
    public var id: Int64
    public var start: Int64
    public var end: Int64
    public var userValue: UInt64
    public var color: UInt32
    public var source: Int32
    /// The title's UTF-8 length in bytes.
    public var titleLength: Int32
    public var allDay: Bool
}

extension Event {
    public var record: EventRecord {
        EventRecord(id: id, start: start, end: end, userValue: userValue, color: color, source: source,
                    titleLength: Int32(clamping: title.utf8.count), allDay: allDay)
    }

    public init(_ r: EventRecord, title: String) {
        self.init(id: r.id, title: title, allDay: r.allDay, start: r.start, end: r.end, color: r.color, source: r.source,
                  userValue: r.userValue)
    }
}
