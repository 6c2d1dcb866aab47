/// RFC 5545 DATE and DATE-TIME text ("19970902", "19970902T090000", "19970902T090000Z")
/// and checked integers, shared by RRULE parsing and the iCalendar reader. Years are
/// 0001 ... 9999 (four digits, as the RFC's grammar has them), which is also the range
/// every expansion stays in.
public enum TimeText {
    /// First and last day numbers of the recurrence domain: 0001-01-01 ... 9999-12-31.
    public static let minDay: Int32 = Int32(Gregorian.daysFromCivil(1, 1, 1))
    public static let maxDay: Int32 = Int32(Gregorian.daysFromCivil(9999, 12, 31))
    /// Wall-clock seconds of the domain's bounds (inclusive first, exclusive end).
    public static let minLocal: Int64 = Int64(minDay) * 86_400
    public static let endLocal: Int64 = (Int64(maxDay) + 1) * 86_400

    /// A DATE value: its day number. `.parse` for anything but 8 digits of a valid date.
    public static func parseDate<S: StringProtocol>(_ text: S) throws(KalendsError) -> Int32 {
        let b = Array(text.utf8)
        guard b.count == 8, let day = date(b, 0) else {
            throw KalendsError(.parse, "\"\(text)\" is not a DATE (YYYYMMDD)")
        }
        return day
    }

    /// A DATE-TIME value: wall-clock seconds since 1970-01-01T00:00 and whether it ends in
    /// Z (UTC). A second of 60 (a leap second) reads as 59, as most readers do.
    public static func parseDateTime<S: StringProtocol>(_ text: S) throws(KalendsError) -> (local: Int64, utc: Bool) {
        let b = Array(text.utf8)
        guard b.count == 15 || (b.count == 16 && (b[15] == UInt8(ascii: "Z") || b[15] == UInt8(ascii: "z"))),
              b[8] == UInt8(ascii: "T") || b[8] == UInt8(ascii: "t"),
              let day = date(b, 0), let h = digits(b, 9, 2), let m = digits(b, 11, 2), let s = digits(b, 13, 2),
              h < 24, m < 60, s <= 60 else {
            throw KalendsError(.parse, "\"\(text)\" is not a DATE-TIME (YYYYMMDDTHHMMSS[Z])")
        }
        return (Int64(day) * 86_400 + Int64(h * 3600 + m * 60 + min(s, 59)), b.count == 16)
    }

    /// DATE or DATE-TIME, whichever the text is: `isDate` tells which.
    public static func parseDateOrDateTime<S: StringProtocol>(_ text: S) throws(KalendsError) -> (local: Int64, utc: Bool, isDate: Bool) {
        if text.utf8.count == 8 { return (Int64(try parseDate(text)) * 86_400, false, true) }
        let v = try parseDateTime(text)
        return (v.local, v.utc, false)
    }

    static func date(_ b: [UInt8], _ at: Int) -> Int32? {
        guard let y = digits(b, at, 4), let mo = digits(b, at + 4, 2), let d = digits(b, at + 6, 2),
              y >= 1, (1...12).contains(mo), d >= 1, d <= Gregorian.daysInMonth(y, mo) else { return nil }
        return Int32(Gregorian.daysFromCivil(y, mo, d))
    }

    static func digits(_ b: [UInt8], _ at: Int, _ n: Int) -> Int? {
        guard at >= 0, at + n <= b.count else { return nil }
        var v = 0
        for i in at..<(at + n) {
            let c = b[i]
            guard c >= 0x30, c <= 0x39 else { return nil }
            v = v * 10 + Int(c - 0x30)
        }
        return v
    }

    /// "YYYYMMDD" of a day number in the domain.
    public static func formatDate(_ day: Int32) -> String {
        let c = Gregorian.civilFromDays(Int(day))
        return pad(c.year, 4) + pad(c.month, 2) + pad(c.day, 2)
    }

    /// "YYYYMMDDTHHMMSS" (+ "Z" when `utc`) of wall-clock seconds.
    public static func formatDateTime(_ local: Int64, utc: Bool = false) -> String {
        let day = local.floorDiv(86_400)
        // local - day * 86_400 is in 0 ..< 86_400; the product alone leaves Int64 for
        // locals near Int64.min (an UNTIL given field by field), so wrap: the difference is exact.
        let s = Int(local &- day &* 86_400)
        return formatDate(Int32(clamping: day)) + "T" + pad(s / 3600, 2) + pad(s / 60 % 60, 2) + pad(s % 60, 2) + (utc ? "Z" : "")
    }

    static func pad(_ v: Int, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    /// A decimal integer with an optional sign, without overflow: nil when it is not one or
    /// does not fit.
    public static func integer<S: StringProtocol>(_ text: S) -> Int64? {
        var it = text.utf8.makeIterator()
        guard var c = it.next() else { return nil }
        var negative = false
        if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
            negative = c == UInt8(ascii: "-")
            guard let n = it.next() else { return nil }
            c = n
        }
        var value: Int64 = 0
        while true {
            guard c >= 0x30, c <= 0x39 else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = negative ? m.subtractingReportingOverflow(Int64(c - 0x30)) : m.addingReportingOverflow(Int64(c - 0x30))
            guard !o1, !o2 else { return nil }
            value = a
            guard let n = it.next() else { return value }
            c = n
        }
    }
}

extension Int64 {
    /// Division rounding toward negative infinity (`d` > 0).
    @inlinable
    func floorDiv(_ d: Int64) -> Int64 {
        let q = self / d
        return (self % d != 0 && self < 0) ? q - 1 : q
    }

    /// The remainder in 0 ..< d (`d` > 0).
    @inlinable
    func floorMod(_ d: Int64) -> Int64 {
        let r = self % d
        return r < 0 ? r + d : r
    }
}
