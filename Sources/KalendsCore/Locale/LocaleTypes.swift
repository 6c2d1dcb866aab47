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
