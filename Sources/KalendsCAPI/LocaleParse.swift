import KalendsCore

// kalends_locale_parse_date, kalends_locale_parse_time: typed dates and times (Locale.parseDate, parseTime).

func localeParseDate(_ h: LocaleHandle, _ system: AnyCalendarSystem, _ text: UnsafeBufferPointer<UInt8>, _ styles: Int32,
                     _ stoppedAt: UnsafeMutablePointer<Int32>?) throws(KalendsError) -> Int32 {
    let result = try h.locale.parseDate(UnsafeRawBufferPointer(text), system: system, styles: try DateStyle.styles(mask: styles))
    stoppedAt?.pointee = Int32(clamping: result.stoppedAt)
    return Int32(truncatingIfNeeded: try result.checked("date"))
}

func localeParseTime(_ h: LocaleHandle, _ text: UnsafeBufferPointer<UInt8>, _ styles: Int32,
                     _ stoppedAt: UnsafeMutablePointer<Int32>?) throws(KalendsError) -> Int32 {
    let result = h.locale.parseTime(UnsafeRawBufferPointer(text), styles: try DateStyle.styles(mask: styles))
    stoppedAt?.pointee = Int32(clamping: result.stoppedAt)
    return Int32(truncatingIfNeeded: try result.checked("time"))
}
