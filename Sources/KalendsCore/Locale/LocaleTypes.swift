/// The calendars whose names and patterns the locale tables hold, in table order
/// (CLDR calendar identifiers). Systems without their own CLDR data use another's:
/// see `LocaleCalendar(system:)`.
public enum LocaleCalendar: Int32, CaseIterable, Hashable, Sendable {
    case gregorian = 0, buddhist, japanese, roc, hebrew, islamic, persian, indian, coptic, ethiopic
    case ethiopicAmeteAlem, chinese, dangi

    public var identifier: String {
        switch self {
        case .gregorian: "gregorian"
        case .buddhist: "buddhist"
        case .japanese: "japanese"
        case .roc: "roc"
        case .hebrew: "hebrew"
        case .islamic: "islamic"
        case .persian: "persian"
        case .indian: "indian"
        case .coptic: "coptic"
        case .ethiopic: "ethiopic"
        case .ethiopicAmeteAlem: "ethiopic-amete-alem"
        case .chinese: "chinese"
        case .dangi: "dangi"
        }
    }

    /// The table of a calendar system's CLDR identifier: the islamic variants share
    /// "islamic"'s names, and "iso8601" and "julian" (no CLDR names of their own in the
    /// tables) use "gregorian"'s. Nil for an identifier CLDR does not name.
    public init?(system identifier: String) {
        switch identifier {
        case "gregorian", "gregory", "iso8601", "julian": self = .gregorian
        case "buddhist": self = .buddhist
        case "japanese": self = .japanese
        case "roc": self = .roc
        case "hebrew": self = .hebrew
        case "islamic", "islamic-civil", "islamic-tbla", "islamic-umalqura", "islamic-rgsa", "islamicc": self = .islamic
        case "persian": self = .persian
        case "indian": self = .indian
        case "coptic": self = .coptic
        case "ethiopic": self = .ethiopic
        case "ethiopic-amete-alem", "ethioaa": self = .ethiopicAmeteAlem
        case "chinese": self = .chinese
        case "dangi": self = .dangi
        default: return nil
        }
    }
}

/// CLDR's name widths. Months and eras have wide, abbreviated and narrow; weekdays also short.
public enum NameWidth: Int32, CaseIterable, Hashable, Sendable {
    case wide = 0, abbreviated = 1, short = 2, narrow = 3
}

/// CLDR's name contexts: inside a date ("format") or alone, as a title or label ("stand-alone").
public enum NameContext: Int32, CaseIterable, Hashable, Sendable {
    case format = 0, standAlone = 1
}

/// CLDR's four date (and time) pattern lengths.
public enum DateStyle: Int32, CaseIterable, Hashable, Sendable {
    case full = 0, long = 1, medium = 2, short = 3
}

public enum LayoutDirection: Int32, Hashable, Sendable {
    case leftToRight = 0, rightToLeft = 1
}

/// CLDR's orders of a script (layout/orientation): the direction of the characters
/// within a line (characterOrder) and of the lines one after another (lineOrder).
public enum TextOrder: Int32, Hashable, Sendable {
    case leftToRight = 0, rightToLeft = 1, topToBottom = 2, bottomToTop = 3
}

/// How a locale counts hours: h12 (1...12), h23 (0...23), h11 (0...11), h24 (1...24).
public enum HourCycle: Int32, Hashable, Sendable {
    case h12 = 0, h23 = 1, h11 = 2, h24 = 3
}

/// The day periods CLDR names (a, b, B pattern letters), in table order.
public enum DayPeriod: Int32, CaseIterable, Hashable, Sendable {
    case am = 0, pm, midnight, noon, morning1, morning2, afternoon1, afternoon2, evening1, evening2, night1, night2
}

/// A territory's week conventions (CLDR weekData).
public struct WeekData: Hashable, Sendable {
    public var firstWeekday: Weekday
    /// 1...7
    public var minDaysInFirstWeek: Int32
    public var weekend: WeekdaySet

    public init(firstWeekday: Weekday, minDaysInFirstWeek: Int32, weekend: WeekdaySet) {
        self.firstWeekday = firstWeekday
        self.minDaysInFirstWeek = minDaysInFirstWeek
        self.weekend = weekend
    }
}
