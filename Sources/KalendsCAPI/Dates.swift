// kalends_date_* and kalends_year_*.
import CKalends
import KalendsCore

@_cdecl("kalends_date_from_day_number")
public func kalendsDateFromDayNumber(_ dayNumber: Int32, _ out: UnsafeMutablePointer<kalends_date>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = try Date(dayNumber: dayNumber).c
    }
}

/// Shared shape of the functions that read one date and write one value.
@inline(__always)
private func withDate<T>(_ date: UnsafePointer<kalends_date>?, _ out: UnsafeMutablePointer<T>?,
                         _ body: (Date) -> T) -> kalends_status {
    status { () throws(KalendsError) in
        let date = try Date(try required(date, "date"))
        try required(out, "out").pointee = body(date)
    }
}

@_cdecl("kalends_date_day_number")
public func kalendsDateDayNumber(_ date: UnsafePointer<kalends_date>?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    withDate(date, out) { $0.dayNumber }
}

@_cdecl("kalends_date_weekday")
public func kalendsDateWeekday(_ date: UnsafePointer<kalends_date>?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    withDate(date, out) { $0.weekday.rawValue }
}

@_cdecl("kalends_date_day_of_year")
public func kalendsDateDayOfYear(_ date: UnsafePointer<kalends_date>?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    withDate(date, out) { $0.dayOfYear }
}

@_cdecl("kalends_date_iso_week")
public func kalendsDateIsoWeek(_ date: UnsafePointer<kalends_date>?,
                               _ out: UnsafeMutablePointer<kalends_week_of_year>?) -> kalends_status {
    withDate(date, out) { $0.isoWeek.c }
}

@_cdecl("kalends_year_is_leap")
public func kalendsYearIsLeap(_ year: Int32, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = try Year.isLeap(year) ? 1 : 0
    }
}

@_cdecl("kalends_year_days_in_month")
public func kalendsYearDaysInMonth(_ year: Int32, _ month: Int32, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = try Year.daysInMonth(year, month)
    }
}
