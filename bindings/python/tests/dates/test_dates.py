"""Dates, weekdays, ISO weeks and leap years against datetime and calendar."""
from __future__ import annotations

import calendar
import datetime

import pytest

import kalends
from kalends import Date, Weekday, WeekOfYear

EPOCH = datetime.date(1970, 1, 1).toordinal()


def test_iso_weeks_and_weekdays_of_every_day_of_years_1_to_9999() -> None:
    """Every day of datetime's whole range: ISO week, ISO weekday and day number agree
    with date.isocalendar() and toordinal(). Walks month grids of an ISO calendar (each
    day carries its row's week number) and checks each in-month day."""
    cal = kalends.Calendar(today=kalends.Today.OFF)  # ISO 8601 defaults
    checked = 0
    for year in range(1, 10000):
        for month in range(1, 13):
            for week in cal.month_grid(year, month, kalends.Rows.VARIABLE):
                for d in week.days:
                    if not d.in_month:
                        continue
                    ref = datetime.date(d.year, d.month, d.day)
                    iso = ref.isocalendar()
                    if (d.week_of_year != (iso[1], iso[0]) or d.weekday != iso[2]
                            or d.day_number != ref.toordinal() - EPOCH):
                        pytest.fail(f"{ref}: kalends {d}, datetime {iso}")
                    checked += 1
    assert checked == datetime.date(9999, 12, 31).toordinal()


def test_date_functions_against_datetime() -> None:
    for ordinal in range(1, datetime.date.max.toordinal() + 1, 997):
        ref = datetime.date.fromordinal(ordinal)
        assert kalends.day_number(ref) == ordinal - EPOCH
        assert kalends.date_from_day_number(ordinal - EPOCH) == ref
        assert kalends.weekday(ref) == ref.isoweekday()
        assert kalends.day_of_year(ref) == ref.timetuple().tm_yday
        iso = ref.isocalendar()
        assert kalends.iso_week(ref) == WeekOfYear(iso[1], iso[0])


def test_leap_years_and_month_lengths_against_calendar() -> None:
    for year in list(range(-2400, 2801)) + [kalends.YEAR_MIN, kalends.YEAR_MAX, 0]:
        assert kalends.year_is_leap(year) == calendar.isleap(year)
        for month in (1, 2, 4, 12):
            assert kalends.year_days_in_month(year, month) == calendar.monthrange(year, month)[1]


def test_date_class_covers_years_beyond_datetime() -> None:
    d = Date(-44, 3, 15)
    assert str(d) == "-000044-03-15"
    assert Date.from_day_number(d.day_number) == d
    assert d.weekday == Weekday((d.day_number + 3) % 7 + 1)
    far = Date(999_999, 12, 31)
    assert str(far) == "+999999-12-31"
    assert far.day_of_year == 365
    assert Date.from_date(datetime.date(2026, 11, 22)).to_date() == datetime.date(2026, 11, 22)
    assert Date(2026, 11, 22).iso_week == WeekOfYear(47, 2026)
    assert Date(1, 1, 1) < Date(1, 1, 2)
    with pytest.raises(kalends.OutOfRangeError):
        far.to_date()


@pytest.mark.parametrize("args, error, text", [
    ((2023, 2, 29), kalends.InvalidArgumentError, "day 29 is not in 1...28 for 2023-02"),
    ((2026, 13, 1), kalends.InvalidArgumentError, "month 13 is not in 1...12"),
    ((1_000_000, 1, 1), kalends.OutOfRangeError, "year 1000000 is outside the supported range"),
    ((2**31, 1, 1), kalends.OutOfRangeError, "year 2147483648 does not fit in int32"),
])
def test_bad_dates_raise_clear_errors(args: tuple[int, int, int], error: type, text: str) -> None:
    with pytest.raises(error, match=text.replace(".", r"\.")) as info:
        Date(*args)
    assert isinstance(info.value, ValueError)          # idiomatic for bad values
    assert isinstance(info.value, kalends.KalendsError)
    assert info.value.status == error.status


def test_day_numbers_beyond_datetime() -> None:
    with pytest.raises(kalends.OutOfRangeError, match="kalends.Date.from_day_number"):
        kalends.date_from_day_number(-800_000)
    assert Date.from_day_number(-800_000).year < 1
    with pytest.raises(kalends.OutOfRangeError):
        Date.from_day_number(2**31 - 1)
    with pytest.raises(TypeError):
        kalends.day_number("2026-11-22")  # type: ignore[arg-type]


def test_weekday_parsing() -> None:
    assert Weekday.parse("sun") == Weekday.SUNDAY
    assert Weekday.parse("Monday") == Weekday.MONDAY
    assert Weekday.parse("7") == Weekday.SUNDAY
    with pytest.raises(ValueError):
        Weekday.parse("s")  # ambiguous: saturday or sunday
    with pytest.raises(ValueError):
        Weekday.parse("0")
