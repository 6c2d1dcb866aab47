/// Month and weekday names. English for now: the seam localization will fill.
public struct DateNames: Hashable, Sendable {
    /// Index 1...12.
    public let months: [String]
    /// Index by ISO weekday, 1...7.
    public let weekdays: [String]

    public static let english = DateNames(
        months: ["", "January", "February", "March", "April", "May", "June", "July", "August", "September",
                 "October", "November", "December"],
        weekdays: ["", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])

    public func month(_ m: Int32) -> String { months[Int(min(max(m, 1), 12))] }
    public func weekday(_ w: Weekday) -> String { weekdays[Int(w.rawValue)] }
}
