extension View {
    /// What a screen reader says for a day: the date in the calendar's system and the
    /// locale's full style ("Sunday, November 22, 2026" in en, "Sonntag, 22. November
    /// 2026" in de, "Sunday, Kislev 12, 5787 AM" in the Hebrew calendar), then its
    /// states: today, selected or its range position, highlighted, unavailable
    /// (disabled). "today" is the locale's (CLDR's name of the current day: "heute",
    /// "היום"); the other state words are English: CLDR has no words for them. Works for
    /// any date, visible or not.
    public func accessibilityLabel(_ date: Date) throws(KalendsError) -> String {
        let s = state
        let day = date.dayNumber
        let locale = s.calendar.options.locale
        var text = locale.format(try View.fields(Int(day), s), style: .full)
        if s.calendar.todayDayNumber() == day { text += ", " + locale.todayName }
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
        if let g = pointer.session?.gesture, let p = g.preview, p.first <= day && day <= p.last,
           g.kind == .range || g.kind == .paint || g.kind == .erase {
            text += g.kind == .erase ? ", previewed removal" : ", previewed"
        }
        if s.highlighted.contains(day) { text += ", highlighted" }
        if try isDisabled(day, in: s) { text += ", unavailable" }
        return text
    }
}
