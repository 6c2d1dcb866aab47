/// A CLDR locale: names, week data, patterns, digits and direction from the tables
/// generated from CLDR 47 (`tools/cldr/generate_locales.py`), for every locale CLDR has.
///
/// Opening never fails: an identifier CLDR does not have falls back along CLDR's chain
/// (`de_XX` -> `de`, `xx` -> `root`) and `identifier` says what it resolved to.
/// Opening costs a parse and two binary searches (O(log n)); every name is O(1).
public struct Locale: Hashable, Sendable, CustomStringConvertible {
    /// The CLDR locale the request resolved to ("de_AT", "zh_Hant_TW", "root").
    public let identifier: String
    /// The identifier as given.
    public let requested: String
    /// The calendar named by `-u-ca-` (a CLDR calendar identifier), if any.
    public var calendarIdentifier: String? { calendarValue?.string }
    /// First weekday, minimal days and weekend: the territory's (the request's region,
    /// else the region of the locale's likely subtags), with `-u-fw-` applied.
    public let weekData: WeekData
    /// The locale's row in the tables; -1 for "en" (see `english`).
    let storedIndex: Int
    /// The locale's row in the tables (for "en", looked up once when first needed).
    var index: Int { storedIndex >= 0 ? storedIndex : LocaleTables.englishIndex }
    /// The `-u-ca-` value, inline (opening a locale allocates nothing).
    let calendarValue: InlineBytes?

    /// "en": CLDR's English, the library's default. Made without the tables: a calendar
    /// or options that only default to English (a grid, dates) never inflate them (about
    /// 580 KB, 10-20 ms); they load when a name, pattern or other field is first read.
    /// Its identifier and week data (the territory of en's likely subtags, US) are CLDR
    /// facts a test compares with the tables' "en".
    public static let english = Locale(english: ())

    private init(english: ()) {
        requested = "en"
        identifier = "en"
        calendarValue = nil
        storedIndex = -1
        weekData = WeekData(firstWeekday: .sunday, minDaysInFirstWeek: 1, weekend: .saturdayAndSunday)
    }

    /// Opens the locale `requested` names: a parse into inline bytes, one or two binary
    /// searches per candidate name of CLDR's lookup chain (O(log n)), and a binary search
    /// of the territory's week data; nothing is allocated or cached. "en" is `english`
    /// (nothing read until a field needs the tables).
    public init(_ requested: String) {
        if requested == "en" {
            self.init(english: ())
        } else {
            self.init(resolving: requested)
        }
    }

    /// Opens `requested` through the tables (see `init(_:)`).
    init(resolving requested: String) {
        self.requested = requested
        var id = LocaleIdentifier(parsing: requested)
        calendarValue = id.calendar
        guard let t = LocaleTables.shared else {
            identifier = "root"
            storedIndex = 0
            weekData = WeekData(firstWeekday: id.firstWeekday ?? .monday, minDaysInFirstWeek: 1, weekend: .saturdayAndSunday)
            return
        }
        // Deprecated language codes (iw -> he, sh -> sr_Latn), CLDR's languageAlias.
        let languageTarget: Int? = id.language.isEmpty ? nil : id.language.withUnsafeBytes { language in
            t.aliasTarget(named: language).flatMap { t.localeIndex(named: language) == nil ? $0 : nil }
        }
        if let target = languageTarget {
            // the target's language, and its script when its second subtag is one
            let name = t.stringContents(t.localeField(target, .name))
            var subtags = (InlineBytes(), InlineBytes())
            var k = 0
            for b in name {
                if b == 0x5F {
                    k += 1
                    if k > 1 { break }
                } else if k == 0 {
                    subtags.0.append(b)
                } else {
                    subtags.1.append(b)
                }
            }
            if !subtags.0.isEmpty { id.language = subtags.0 }
            if subtags.1.count == 4, id.script.isEmpty { id.script = subtags.1 }
        }
        var found: Int?
        id.forEachCandidate { key in
            found = t.localeIndex(named: key) ?? t.aliasTarget(named: key)
            return found != nil
        }
        let i = found ?? t.rootIndex
        storedIndex = i
        identifier = t.string(t.localeField(i, .name))
        var week = Locale.weekData(t, i)
        if id.region.count == 2, let w = t.territoryWeek(id.region[0], id.region[1]) {
            week = Locale.weekData(first: w.first, minDays: w.minDays, weekend: w.weekend)
        }
        if let fw = id.firstWeekday { week.firstWeekday = fw }
        weekData = week
    }

    /// Every CLDR locale name in the tables, sorted ("af", "af_NA", ..., "root", ...).
    public static func identifiers() -> [String] {
        guard let t = LocaleTables.shared else { return [] }
        return (0..<t.localeCount).map { t.string(t.localeField($0, .name)) }
    }

    /// The number of CLDR locales in the tables (root included).
    public static var count: Int { LocaleTables.shared?.localeCount ?? 0 }

    /// The name of locale `index` of `identifiers()` (sorted), nil outside 0..<count. O(1).
    public static func identifier(at index: Int) -> String? {
        guard let t = LocaleTables.shared, index >= 0, index < t.localeCount else { return nil }
        return t.string(t.localeField(index, .name))
    }

    /// The CLDR version of the tables (47).
    public static var cldrVersion: Int { LocaleTables.shared?.cldrVersion ?? 0 }

    public var description: String { identifier }

    /// Whether the request named a locale CLDR does not have (it fell back to a parent).
    /// Root itself ("", "root", "und...") is not a fallback; anything else that resolved
    /// to root (a malformed or unknown identifier: "!!", "xx") is.
    public var isFallback: Bool {
        if identifier == "root" {
            let r = requested.lowercased()
            return !(r.isEmpty || r == "root" || r.hasPrefix("und"))
        }
        let canonical = LocaleIdentifier(parsing: requested).canonical
        return canonical != identifier && LocaleTables.shared?.aliasTarget(named: Array(canonical.utf8)) != index
    }

    /// The locale and its parents up to root: ["de_AT", "de", "root"],
    /// ["en_AU", "en_001", "en", "root"] (CLDR's parentLocales included).
    public var parentChain: [String] {
        guard let t = LocaleTables.shared else { return [identifier] }
        var out: [String] = []
        var i = index
        while i < t.localeCount, out.count < 16 {
            out.append(t.string(t.localeField(i, .name)))
            let p = t.localeField(i, .parent)
            if p == 0xFFFF { break }
            i = p
        }
        return out
    }

    /// The region whose week data the locale uses (likely subtags: "de" -> "DE").
    public var region: String {
        guard let t = LocaleTables.shared else { return "" }
        return t.string(t.localeField(index, .region))
    }

    public var direction: LayoutDirection {
        guard let t = LocaleTables.shared else { return .leftToRight }
        return t.localeField(index, .weekendAndFlags) >> 8 & 1 == 1 ? .rightToLeft : .leftToRight
    }

    /// The order of the characters within a line of the locale's script (CLDR's
    /// characterOrder): top to bottom for mn_Mong, else `direction`'s.
    public var characterOrder: TextOrder {
        guard let t = LocaleTables.shared else { return .leftToRight }
        return TextOrder(rawValue: Int32(t.localeField(index, .weekendAndFlags) >> 11 & 3)) ?? .leftToRight
    }

    /// The order in which the lines of the locale's script follow one another (CLDR's
    /// lineOrder): left to right for mn_Mong, top to bottom for horizontal scripts.
    public var lineOrder: TextOrder {
        guard let t = LocaleTables.shared else { return .topToBottom }
        return TextOrder(rawValue: Int32(t.localeField(index, .weekendAndFlags) >> 13 & 3)) ?? .topToBottom
    }

    public var hourCycle: HourCycle {
        guard let t = LocaleTables.shared else { return .h23 }
        return HourCycle(rawValue: Int32(t.localeField(index, .weekendAndFlags) >> 9 & 3)) ?? .h23
    }

    /// The ten digits of the locale's default numbering system ("0123456789", "٠١٢٣٤٥٦٧٨٩", ...).
    public var digits: [String] {
        guard let t = LocaleTables.shared else { return (0...9).map { String($0) } }
        let s = t.string(t.localeField(index, .digits))
        let out = s.map { String($0) }
        return out.count == 10 ? out : (0...9).map { String($0) }
    }

    /// The calendar the locale's `-u-ca-` names, else gregorian.
    public var calendar: LocaleCalendar {
        calendarIdentifier.flatMap { LocaleCalendar(system: $0) } ?? .gregorian
    }

    // MARK: names

    /// Month names, index 0 = month 1. Hebrew has 14: months 1...13 in ICU's numbering
    /// (6 = Adar I) then "Adar II", the name of month 7 in leap years.
    public func monthNames(calendar: LocaleCalendar = .gregorian, width: NameWidth = .wide,
                           context: NameContext = .format) -> [String] {
        guard let t = LocaleTables.shared else { return [] }
        let list = monthList(t, calendar, width, context)
        return (0..<t.listLength(list)).map { t.string(t.listItem(list, $0)) }
    }

    /// The name of month `month` (1-based, ICU numbering); "" if out of range.
    public func monthName(_ month: Int32, calendar: LocaleCalendar = .gregorian, width: NameWidth = .wide,
                          context: NameContext = .format) -> String {
        guard let t = LocaleTables.shared else { return "" }
        return t.string(t.listItem(monthList(t, calendar, width, context), Int(month) - 1))
    }

    /// Weekday names, Monday first.
    public func weekdayNames(width: NameWidth = .wide, context: NameContext = .format) -> [String] {
        Weekday.allCases.map { weekdayName($0, width: width, context: context) }
    }

    public func weekdayName(_ weekday: Weekday, width: NameWidth = .wide, context: NameContext = .format) -> String {
        guard let t = LocaleTables.shared else { return "" }
        return t.string(t.listItem(weekdayList(t, width, context), Int(weekday.rawValue) - 1))
    }

    /// Era names by ICU era index (gregorian: 0 = BC, 1 = AD; japanese: 0 = Taika ... 236 = Reiwa).
    public func eraNames(calendar: LocaleCalendar = .gregorian, width: NameWidth = .abbreviated) -> [String] {
        guard let t = LocaleTables.shared else { return [] }
        let list = eraList(t, calendar, width)
        return (0..<t.listLength(list)).map { t.string(t.listItem(list, $0)) }
    }

    public func dayPeriodName(_ period: DayPeriod, width: NameWidth = .abbreviated,
                              context: NameContext = .format) -> String {
        guard let t = LocaleTables.shared else { return period == .am ? "AM" : period == .pm ? "PM" : "" }
        return t.string(t.listItem(periodList(t, width, context), Int(period.rawValue)))
    }

    /// The 60 cyclic year names (chinese, dangi; abbreviated), else [].
    public func cyclicYearNames(calendar: LocaleCalendar = .chinese) -> [String] {
        guard let t = LocaleTables.shared else { return [] }
        let list = t.listItem(calendarPart(t, calendar, .chinese), 4)
        return (0..<t.listLength(list)).map { t.string(t.listItem(list, $0)) }
    }

    /// The pattern of a leap month's name ("闰{0}", "{0}bis"), chinese and dangi.
    public func leapMonthPattern(calendar: LocaleCalendar = .chinese, width: NameWidth = .wide) -> String {
        guard let t = LocaleTables.shared else { return "{0}" }
        let slot = width == .wide ? 0 : width == .narrow ? 2 : 1
        return t.string(t.listItem(calendarPart(t, calendar, .chinese), slot))
    }

    // MARK: patterns

    public func datePattern(_ style: DateStyle, calendar: LocaleCalendar = .gregorian) -> String {
        pattern(.datePatterns(Int(style.rawValue)), calendar)
    }

    /// The numbering override of a date pattern (CLDR's `numbers` attribute: "hebr" for
    /// Hebrew dates in he, "y=jpanyear" for Japanese ones in ja, "d=hanidays" for Chinese
    /// ones in zh), "" for none.
    public func dateNumbers(_ style: DateStyle, calendar: LocaleCalendar = .gregorian) -> String {
        pattern(.numbers(Int(style.rawValue)), calendar)
    }

    public func timePattern(_ style: DateStyle) -> String {
        guard let t = LocaleTables.shared else { return "HH:mm" }
        return t.string(t.localeField(index, .timePatterns, plus: Int(style.rawValue)))
    }

    /// availableFormats' best pattern for "yMMMM": a month page's title ("MMMM y", "LLLL y").
    public func monthYearPattern(calendar: LocaleCalendar = .gregorian) -> String { pattern(.title, calendar) }

    /// availableFormats' best pattern for "Ed": a week column's label ("d E", "E d").
    public func weekdayDayPattern(calendar: LocaleCalendar = .gregorian) -> String { pattern(.weekdayDay, calendar) }

    /// CLDR's name of the current day ("today", "heute", "היום": fields/day/relative 0),
    /// the state word of today's accessibility label.
    var todayName: String {
        guard let t = LocaleTables.shared else { return "today" }
        return t.string(t.localeField(index, .today))
    }

    /// availableFormats' pattern for an hour alone, by the hour cycle ("h a", "HH 'Uhr'"),
    /// for the day timeline's hour labels.
    public var hourPattern: String {
        guard let t = LocaleTables.shared else { return "HH" }
        return t.string(t.localeField(index, .hourPattern))
    }

    // MARK: table access

    enum PatternSlot {
        case datePatterns(Int), title, weekdayDay, numbers(Int)
        var index: Int {
            switch self {
            case .datePatterns(let i): i
            case .numbers(let i): 6 + i
            case .title: 4
            case .weekdayDay: 5
            }
        }
    }

    /// The items of a calendar's record (see `LocaleTables`); `intervals` every calendar
    /// but the gregorian has (0 for it: the locale's gregorian `LocaleField.intervals`).
    enum CalendarPart: Int { case months = 0, eras, patterns, chinese, intervals }

    func pattern(_ slot: PatternSlot, _ calendar: LocaleCalendar) -> String {
        guard let t = LocaleTables.shared else { return "" }
        return t.string(t.listItem(calendarPart(t, calendar, .patterns), slot.index))
    }

    @inline(__always)
    func calendarPart(_ t: LocaleTables, _ calendar: LocaleCalendar, _ part: CalendarPart) -> Int {
        let record = t.listItem(t.localeField(index, .calendars), Int(calendar.rawValue))
        return t.listItem(record, part.rawValue)
    }

    @inline(__always)
    func monthList(_ t: LocaleTables, _ calendar: LocaleCalendar, _ width: NameWidth, _ context: NameContext) -> Int {
        let w = width == .wide ? 0 : width == .narrow ? 2 : 1
        return t.listItem(calendarPart(t, calendar, .months), Int(context.rawValue) * 3 + w)
    }

    @inline(__always)
    func eraList(_ t: LocaleTables, _ calendar: LocaleCalendar, _ width: NameWidth) -> Int {
        let w = width == .wide ? 0 : width == .narrow ? 2 : 1
        return t.listItem(calendarPart(t, calendar, .eras), w)
    }

    @inline(__always)
    func weekdayList(_ t: LocaleTables, _ width: NameWidth, _ context: NameContext) -> Int {
        t.localeField(index, .weekdays, plus: Int(context.rawValue) * 4 + Int(width.rawValue))
    }

    @inline(__always)
    func periodList(_ t: LocaleTables, _ width: NameWidth, _ context: NameContext) -> Int {
        let w = width == .wide ? 0 : width == .narrow ? 2 : 1
        return t.localeField(index, .periods, plus: Int(context.rawValue) * 3 + w)
    }

    static func weekData(_ t: LocaleTables, _ i: Int) -> WeekData {
        let w = t.localeField(i, .week), f = t.localeField(i, .weekendAndFlags)
        return weekData(first: w & 0xFF, minDays: w >> 8, weekend: f & 0x7F)
    }

    static func weekData(first: Int, minDays: Int, weekend: Int) -> WeekData {
        WeekData(firstWeekday: Weekday(rawValue: Int32(first)) ?? .monday,
                 minDaysInFirstWeek: Int32(min(max(minDays, 1), 7)),
                 weekend: WeekdaySet(rawValue: UInt32(weekend & 0x7F)))
    }

    public static func == (a: Locale, b: Locale) -> Bool {
        a.requested == b.requested && (a.storedIndex == b.storedIndex || a.index == b.index)
    }
    public func hash(into h: inout Hasher) { h.combine(requested) }
}
