/// The text a view shows, in its calendar's locale: the page title, day and weekday
/// labels and the day timeline's hour labels. Layout elements carry numbers (the weekday of a
/// label, the day of a cell); these give their words.
extension View {
    /// The title of the current page, in the calendar's system and locale: the month
    /// and year of a month page (the locale's "yMMMM": "November 2026", "ноябрь 2026 г.",
    /// "Kislev 5787"), a week page's first and last day by the locale's interval format
    /// ("Nov 23 – 29, 2026", "23–29 Nov 2026"), the full date of a day page; a page of
    /// several months, its first and last month by the locale's "yMMM" interval format
    /// ("Nov 2026 – Jan 2027", "Nov – Dec 2026", "2026年11月～2027年1月").
    public func title() -> String {
        let s = state
        let locale = s.calendar.options.locale
        switch s.page.mode {
        case .day:
            return (try? View.fields(Int(s.page.anchor), s)).map { locale.format($0, style: .full) } ?? ""
        case .month:
            if View.showsMonths(s), let text = monthsTitle(s) { return text }
            return (try? View.fields(s.page.systemMonth.firstDay, s)).map { locale.formatMonthYear($0) } ?? ""
        case .week:
            // the week's first and last day by the locale's "yMMMd" interval ("Nov 23 – 29, 2026")
            if let first = try? View.fields(Int(s.page.first), s), let last = try? View.fields(Int(s.page.last), s),
               let text = try? locale.formatInterval(first, last, skeleton: Locale.defaultIntervalSkeleton) {
                return text
            }
            return (try? View.fields(Int(s.page.anchor), s)).map { locale.formatMonthYear($0) } ?? ""
        }
    }

    /// The skeleton of a several-month page's title: abbreviated month and year.
    public static let monthsTitleSkeleton = "yMMM"

    /// A page of several months: its first and last month's first days by the
    /// locale's `monthsTitleSkeleton` interval, in the calendar's system (nil when a
    /// month lies outside the supported range). O(1) beyond the output.
    private func monthsTitle(_ s: ViewState) -> String? {
        guard let span = s.page.monthSpans.last, let lastMonth = try? s.calendar.month(index: span.monthIndex),
              let first = try? View.fields(s.page.systemMonth.firstDay, s),
              let last = try? View.fields(lastMonth.firstDay, s) else { return nil }
        return try? s.calendar.options.locale.formatInterval(first, last, skeleton: View.monthsTitleSkeleton)
    }

    /// The fields of a day in the calendar's system (Gregorian directly).
    static func fields(_ day: Int, _ s: ViewState) throws(KalendsError) -> DateFields {
        let options = s.calendar.options
        if options.system.isGregorian {
            return DateFields(try Date(dayNumber: Int32(truncatingIfNeeded: day)), weekData: options.locale.weekData)
        }
        return try DateFields(dayNumber: day, system: options.system.base, weekData: options.locale.weekData)
    }

    /// The label of a day's cell: its day of the month in the calendar's system, in the
    /// numbering of that system's dates in the calendar's locale ("ט״ז" for a Hebrew
    /// date in he, "初四" for a Chinese one in zh) or the locale's digits ("16", "١٦").
    public func dayLabel(_ date: Date) throws(KalendsError) -> String {
        let s = state
        return s.calendar.options.locale.formatDay(try View.fields(Int(date.dayNumber), s))
    }

    /// A weekday label's text (stand-alone: abbreviated "Mon", narrow "M", short "Mo").
    public func weekdayLabel(_ weekday: Weekday, width: NameWidth = .abbreviated) -> String {
        state.calendar.options.locale.weekdayName(weekday, width: width, context: .standAlone)
    }

    /// The label of an hour (0...23) of the day timeline in the locale's hour cycle
    /// ("3 PM", "15 Uhr", "下午3時").
    public func hourLabel(_ hour: Int32) -> String {
        state.calendar.options.locale.formatHour(hour)
    }

    /// hourLabel of an hour checked to be 0 ... 23.
    public func hourLabel(checked hour: Int32) throws(KalendsError) -> String {
        try state.calendar.options.locale.formatHour(checked: hour)
    }
}

extension ViewOptions {
    /// Options whose column order follows the locale's direction (right-to-left for
    /// ar, he, fa, ur, ...).
    public init(locale: Locale, mode: DisplayMode = .month) {
        self.init(mode: mode, rightToLeft: locale.direction == .rightToLeft)
    }
}
