/// CLDR's relative day words (fields/day/relative types -1, 0, 1): the name of the day
/// before the current one, of the current day and of the day after ("yesterday",
/// "today", "tomorrow"; "gestern", "heute", "morgen"), for agenda headings. CLDR has
/// these three in every locale (root: the English words); other distances have no
/// single word.
extension Locale {
    /// The word for the day `offset` days from today (-1, 0 or 1); nil for any other offset.
    public func relativeDayName(_ offset: Int32) -> String? {
        switch offset {
        case 0: return todayName
        case -1, 1:
            guard let t = LocaleTables.shared else { return offset < 0 ? "yesterday" : "tomorrow" }
            return t.string(t.localeField(index, offset < 0 ? .yesterday : .tomorrow))
        default: return nil
        }
    }
}

/// The heading text of an agenda's day (`Agenda`): the day in the locale's full date
/// style in the calendar's system ("Saturday, November 28, 2026", "Samstag, 28. November
/// 2026", "שבת, 17 בכסלו 5787").
extension Agenda {
    public static func headingText(_ day: Int32, calendar options: CalendarOptions) throws(KalendsError) -> String {
        let fields: DateFields
        if options.system.isGregorian {
            fields = DateFields(try Date(dayNumber: day), weekData: options.locale.weekData)
        } else {
            fields = try DateFields(dayNumber: Int(day), system: options.system.base, weekData: options.locale.weekData)
        }
        return options.locale.format(fields, style: .full)
    }
}
