import CKalends

// Interval titles and typed dates: kalends_locale_format_interval, kalends_locale_parse_date, _parse_time.
extension Locale {
    /// The interval of two days by CLDR's intervalFormats for `skeleton` ("Nov 23 – 29, 2026",
    /// "23–29 Nov 2026" in en_GB, "2026年11月23日～29日" in ja), in a calendar system.
    public func formatInterval(startDay: Int32, endDay: Int32, skeleton: String = "yMMMd",
                               calendar: String = "gregorian") throws(KalendsError) -> String {
        let system = try CString.interned(calendar)
        guard !skeleton.utf8.contains(0) else { throw KalendsError(.invalidArgument, "skeleton contains a NUL character") }
        let text = Array(skeleton.utf8CString)
        let result = text.withUnsafeBufferPointer { p -> Result<String, KalendsError> in
            do throws(KalendsError) {
                return .success(try library.readString {
                    library.c.localeFormatInterval(handle, system, startDay, endDay, p.baseAddress, $0, $1, $2)
                })
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A typed date read by the locale's date patterns (`style` nil: any of the four),
    /// leniently (spaces, digits, case); `.parse` says where it stopped. Its day number.
    public func parseDate(_ text: String, style: DateStyle? = nil,
                          calendar: String = "gregorian") throws(KalendsError) -> Int32 {
        let system = try CString.interned(calendar)
        let bytes = Array(text.utf8)
        var day: Int32 = 0, stopped: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { p in
            library.c.localeParseDate(handle, system, p.baseAddress, p.count, style.map { 1 << $0.rawValue } ?? 0,
                                      &day, &stopped)
        }
        try library.check(status)
        return day
    }

    /// A typed time of day read by the locale's time patterns; its second of the day.
    public func parseTime(_ text: String, style: DateStyle? = nil) throws(KalendsError) -> Int32 {
        let bytes = Array(text.utf8)
        var second: Int32 = 0, stopped: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { p in
            library.c.localeParseTime(handle, p.baseAddress, p.count, style.map { 1 << $0.rawValue } ?? 0, &second, &stopped)
        }
        try library.check(status)
        return second
    }
}
