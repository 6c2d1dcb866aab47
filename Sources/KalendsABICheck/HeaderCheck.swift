// Compile-time proof that include/kalends.h declares every function with exactly the
// type KalendsABI spells (KalendsCAPI/ABICheck.swift proves the same of the exports).
// This module is compiled by `swift build` and linked into nothing: its references to
// the kalends_* symbols never need to resolve.
import CKalends
import KalendsABI

@inline(__always)
private func declared<T>(_ function: T) {}

@inline(never)
public func headerSignatureCheck() {
    typealias A = KalendsABI
    declared(kalends_version as A.Version)
    declared(kalends_version_string as A.VersionString)
    declared(kalends_abi_version as A.ABIVersion)
    declared(kalends_status_string as A.StatusString)
    declared(kalends_last_error as A.LastError)
    declared(kalends_date_from_day_number as A.DateFromDayNumber)
    declared(kalends_date_day_number as A.DateToInt)
    declared(kalends_date_weekday as A.DateToInt)
    declared(kalends_date_day_of_year as A.DateToInt)
    declared(kalends_date_iso_week as A.DateISOWeek)
    declared(kalends_year_is_leap as A.YearIsLeap)
    declared(kalends_year_days_in_month as A.YearDaysInMonth)
    declared(kalends_calendar_options_init as A.CalendarOptionsInit)
    declared(kalends_calendar_new as A.CalendarNew)
    declared(kalends_calendar_free as A.CalendarFree)
    declared(kalends_calendar_get_options as A.CalendarGetOptions)
    declared(kalends_calendar_set_options as A.CalendarSetOptions)
    declared(kalends_calendar_today as A.CalendarToday)
    declared(kalends_calendar_week_of_year as A.CalendarWeekOfYear)
    declared(kalends_calendar_month_grid as A.CalendarMonthGrid)
    declared(kalends_calendar_month_range as A.CalendarMonthRange)
    declared(kalends_calendar_week_grid as A.CalendarWeekGrid)
    declared(kalends_calendar_week_range as A.CalendarWeekRange)
}
