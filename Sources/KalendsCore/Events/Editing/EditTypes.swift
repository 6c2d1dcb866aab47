/// Editing options of a view (the C ABI's `kalends_edit_options`).
public struct EditOptions: Hashable, Sendable {
    /// Edits are refused unless this is on (off by default).
    public var editable: Bool
    /// Proposed times snap to multiples of this many minutes from midnight (1 ... 1440).
    public var snapMinutes: Int
    /// A timed event is at least this many minutes long after a resize (0 ... 1440).
    public var minMinutes: Int
    /// A timed event may not overlap another event of its source.
    public var noOverlap: Bool
    /// What moving an occurrence of a recurring entry changes.
    public var scope: EditScope

    public init(editable: Bool = false, snapMinutes: Int = 15, minMinutes: Int = 15, noOverlap: Bool = false,
                scope: EditScope = .this) {
        self.editable = editable
        self.snapMinutes = snapMinutes
        self.minMinutes = minMinutes
        self.noOverlap = noOverlap
        self.scope = scope
    }

    func validate() throws(KalendsError) {
        guard (1...1440).contains(snapMinutes) else { throw KalendsError(.invalidArgument, "snap minutes \(snapMinutes) are not 1 ... 1440") }
        guard (0...1440).contains(minMinutes) else { throw KalendsError(.invalidArgument, "min minutes \(minMinutes) are not 0 ... 1440") }
    }

    var snap: Int64 { Int64(snapMinutes) * 60 }
    var minimum: Int64 { Int64(minMinutes) * 60 }
}

/// Business hours: on an ISO weekday (1 = Monday ... 7 = Sunday), from `start` to `end`
/// seconds since midnight (the C ABI's `kalends_business_hours`). A day may have several.
public struct BusinessHours: Hashable, Sendable, Comparable {
    public var weekday: Int32
    public var start: Int32
    public var end: Int32

    public init(weekday: Int32, start: Int32, end: Int32) {
        self.weekday = weekday
        self.start = start
        self.end = end
    }

    public static func < (a: BusinessHours, b: BusinessHours) -> Bool { (a.weekday, a.start, a.end) < (b.weekday, b.start, b.end) }

    func validate() throws(KalendsError) {
        guard (1...7).contains(weekday) else { throw KalendsError(.invalidArgument, "business hours weekday \(weekday) is not 1 ... 7") }
        guard start >= 0, end <= 86_400, start < end else {
            throw KalendsError(.invalidArgument, "business hours \(start) ... \(end) are not a window within 0 ... 86400")
        }
    }
}

/// An allowed range of instants, end exclusive (the C ABI's `kalends_time_range`).
public struct TimeRange: Hashable, Sendable {
    public var start: Int64
    public var end: Int64

    public init(start: Int64, end: Int64) {
        self.start = start
        self.end = end
    }
}

/// Where a gesture is: a day, and the day itself (the all-day strip, a month cell) or a
/// wall time in it (the C ABI's `kalends_edit_point`).
public struct EditPoint: Hashable, Sendable {
    public var day: Int32
    public var allDay: Bool
    /// Seconds since midnight, 0 ... 86,400.
    public var seconds: Int32

    public init(day: Int32, allDay: Bool = false, seconds: Int32 = 0) {
        self.day = day
        self.allDay = allDay
        self.seconds = seconds
    }

    func validate() throws(KalendsError) {
        try Gregorian.checkDayNumber(day)
        guard (0...86_400).contains(seconds) else { throw KalendsError(.invalidArgument, "seconds \(seconds) are not 0 ... 86400") }
    }

    /// Wall seconds from the epoch's midnight (days and seconds as one line).
    var wall: Int64 { Int64(day) * 86_400 + Int64(allDay ? 0 : seconds) }
}

/// An edit as it stands (the C ABI's `kalends_edit_state`).
public struct EditState: Hashable, Sendable {
    public var kind: GestureKind = .none
    public var outcome: Outcome = .none
    public var refusal: Refusal = .none
    public var event: Int64 = 0
    /// With `event`, the occurrence (nil: a single event).
    public var recurrenceID: Int64?
    public var oldAllDay = false
    public var allDay = false
    /// Instants; all-day: first and last day numbers.
    public var oldStart: Int64 = 0
    public var oldEnd: Int64 = 0
    public var start: Int64 = 0
    public var end: Int64 = 0
    /// The days whose layout the edit changes (old and proposed).
    public var firstDay: Int32 = 0
    public var lastDay: Int32 = 0

    public init() {}
}

/// A view's editing callbacks (the C ABI's `kalends_edit_callbacks`).
public struct EditCallbacks {
    /// Is the event read-only? Asked when an edit begins on it.
    public var isReadOnly: ((Int64) throws(KalendsError) -> Bool)?
    /// May the change be committed? false refuses it (`.vetoed`).
    public var shouldCommit: ((EditState) throws(KalendsError) -> Bool)?

    public init(isReadOnly: ((Int64) throws(KalendsError) -> Bool)? = nil,
                shouldCommit: ((EditState) throws(KalendsError) -> Bool)? = nil) {
        self.isReadOnly = isReadOnly
        self.shouldCommit = shouldCommit
    }
}

/// What a view keeps for editing: its options, callbacks, constraints and the edit under way.
struct Editing {
    var options = EditOptions()
    var callbacks = EditCallbacks()
    var businessHours: [BusinessHours] = []
    var ranges: [TimeRange] = []
    var session: EditSession?
    /// The time grid the host draws week and day pages with: pointer gestures edit on it.
    var gridOptions = TimeGrid.Options()
    /// Whether the view asks the editing claimer at its presses (added once, when editable).
    var claims = false
}

/// The edit under way.
struct EditSession {
    var state: EditState
    /// The event as it was when the edit began (the occurrence's times).
    var original: Event
    var grab: EditPoint
    var storeVersion: UInt64
    /// The grid of the last preview and its options (its geometry is reused while the edit lasts).
    var grid: TimeGrid?
    var gridOptions: TimeGrid.Options?
}
