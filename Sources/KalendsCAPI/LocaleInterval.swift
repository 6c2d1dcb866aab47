import KalendsCore

// kalends_locale_format_interval: interval titles (Locale.formatInterval).

func localeFormatInterval(_ h: LocaleHandle, _ system: AnyCalendarSystem, _ startDay: Int32, _ endDay: Int32,
                          _ skeleton: UnsafePointer<CChar>?) throws(KalendsError) -> String {
    let text = try skeleton.map { (p) throws(KalendsError) in try utf8String(p, "skeleton", limit: 64) } ?? KalendsCore.Locale.defaultIntervalSkeleton
    return try h.locale.formatInterval(startDay: Int(startDay), endDay: Int(endDay), system: system, skeleton: text)
}
