extension View {
    /// What a screen reader says for a day: "Sunday, 22 November 2026, today,
    /// selected". States in this order: today, selected or its range position,
    /// highlighted, unavailable (disabled). Works for any date, visible or not.
    public func accessibilityLabel(_ date: Date, names: DateNames = .english) throws(KalendsError) -> String {
        let s = state
        let day = date.dayNumber
        var text = "\(names.weekday(date.weekday)), \(date.day) \(names.month(date.month)) \(date.year)"
        if s.calendar.todayDayNumber() == day { text += ", today" }
        let flags = s.selection.flags(for: day)
        if flags.contains(.rangeStart) && flags.contains(.rangeEnd) {
            text += ", selected"
        } else if flags.contains(.rangeStart) {
            text += ", selected, range start"
        } else if flags.contains(.rangeEnd) {
            text += ", selected, range end"
        } else if flags.contains(.selected) {
            text += s.selection.rangeStart != nil ? ", in selected range" : ", selected"
        }
        if s.highlighted.contains(day) { text += ", highlighted" }
        if try isDisabled(day, in: s) { text += ", unavailable" }
        return text
    }
}
