/// The month and weekday names a calendar shows, from a CLDR locale (the stand-alone
/// forms: names on their own, as in headers and labels).
public struct DateNames: Hashable, Sendable {
    public let locale: Locale
    /// Index 1...12 (index 0 is empty).
    public let months: [String]
    /// Index by ISO weekday, 1...7 (index 0 is empty).
    public let weekdays: [String]

    public init(locale: Locale, width: NameWidth = .wide) {
        self.locale = locale
        months = [""] + locale.monthNames(width: width, context: .standAlone)
        weekdays = [""] + locale.weekdayNames(width: width, context: .standAlone)
    }

    /// CLDR's English.
    public static let english = DateNames(locale: .english)

    public func month(_ m: Int32) -> String { months.indices.contains(Int(m)) ? months[Int(m)] : "" }
    public func weekday(_ w: Weekday) -> String { weekdays.indices.contains(Int(w.rawValue)) ? weekdays[Int(w.rawValue)] : "" }
}
