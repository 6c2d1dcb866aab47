// Calendar-system values <-> C structs, and the identifiers calendar options hand out.
import CKalends
import KalendsCore
import KalendsSystem

extension SystemDate {
    init(_ c: kalends_system_date) throws(KalendsError) {
        self.init(era: c.era, year: c.year, month: c.month, day: c.day, isLeapMonth: try leapFlag(c.is_leap_month))
    }

    var c: kalends_system_date {
        kalends_system_date(era: era, year: year, month: month, day: day, is_leap_month: isLeapMonth ? 1 : 0)
    }
}

extension SystemMonth {
    var c: kalends_system_month {
        kalends_system_month(era: era, year: year, month: month, is_leap_month: isLeapMonth ? 1 : 0,
                             extended_year: Int32(truncatingIfNeeded: extendedYear),
                             first_day: Int32(truncatingIfNeeded: firstDay), length: Int32(truncatingIfNeeded: length))
    }
}

extension EraRange {
    var c: kalends_system_era {
        get throws(KalendsError) {
            kalends_system_era(era: era, first_year: years.lowerBound, last_year: years.upperBound,
                               first_day: try day32(days.lowerBound), last_day: try day32(days.upperBound))
        }
    }
}

/// NUL-terminated copies of identifiers, made once and never freed, so that
/// kalends_calendar_get_options can hand out `const char *` valid for the process.
enum InternedIdentifiers {
    private static let mutex = Mutex()
    nonisolated(unsafe) private static var strings: [String: UnsafeMutablePointer<CChar>] = [:]

    static func pointer(_ identifier: String) -> UnsafePointer<CChar> {
        mutex.withLock {
            if let p = strings[identifier] { return UnsafePointer(p) }
            let p = cStringCopy(identifier)
            strings[identifier] = p
            return UnsafePointer(p)
        }
    }
}

/// A NUL-terminated copy of `text` (the caller owns it).
func cStringCopy(_ text: String) -> UnsafeMutablePointer<CChar> {
    let bytes = Array(text.utf8)
    let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
    for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
    p[bytes.count] = 0
    return p
}
