/// What a view shows (the C ABI's `KALENDS_MODE_*`).
public enum DisplayMode: Int32, Sendable, CaseIterable {
    case month = 0
    case week = 1
    case day = 2
}

/// How many days can be selected (the C ABI's `KALENDS_SELECTION_*`).
public enum SelectionMode: Int32, Sendable, CaseIterable {
    case none = 0
    case single = 1
    case multiple = 2
    /// First tap starts, second ends, a tap before the start moves it, a third starts again.
    case range = 3
}

/// Whether a month page shows the days of the neighbouring months (the C ABI's
/// `KALENDS_OUT_DATES_*`, JTAppleCalendar's in/out dates).
public enum OutDates: Int32, Sendable, CaseIterable {
    case show = 0
    /// The cells stay, empty: their days carry `DayFlags.hidden` and ignore taps.
    case hide = 1
}

/// What a tap on a leading or trailing day does (the C ABI's `KALENDS_OUT_DATE_TAP_*`).
public enum OutDateTap: Int32, Sendable, CaseIterable {
    /// Kal: show that day's month and select the day.
    case pageAndSelect = 0
    /// Select the day and stay on this page.
    case selectOnly = 1
}

/// Keys a view understands (the C ABI's `KALENDS_KEY_*`). Left and right swap in
/// right-to-left views.
public enum Key: Int32, Sendable, CaseIterable {
    case left = 1, right, up, down, pageUp, pageDown, home, end, enter
}

/// What an operation did (the C ABI's `KALENDS_OUTCOME_*`).
public enum Outcome: Int32, Sendable, CaseIterable {
    /// Nothing changed.
    case none = 0
    case selected = 1
    case deselected = 2
    /// The should-select callback said no.
    case vetoed = 3
    /// The day is disabled or outside the minimum and maximum dates.
    case disabled = 4
    /// Only the page changed.
    case paged = 5
    /// Only the keyboard focus moved.
    case moved = 6
}

/// Direction of a page change (the C ABI's `KALENDS_DIRECTION_*`).
public enum Direction: Int32, Sendable {
    case backward = -1
    case none = 0
    case forward = 1
}
