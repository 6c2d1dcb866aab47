"""Month and week grids against Python's calendar module and first principles."""
from __future__ import annotations

import calendar
import ctypes
import datetime

import pytest

import kalends
from kalends import DayFlags, Rows, Weekday


def oracle_weeks(py_cal: calendar.Calendar, year: int, month: int) -> list[list[tuple[int, int, int]]]:
    """calendar's weeks for a month as (y, m, d) tuples. monthdatescalendar where it
    works; at the ends of datetime's range (year 1 January, year 9999 December) it
    raises, and itermonthdays3 of the same module gives the same weeks as tuples."""
    try:
        return [[(d.year, d.month, d.day) for d in w] for w in py_cal.monthdatescalendar(year, month)]
    except (ValueError, OverflowError):
        days = list(py_cal.itermonthdays3(year, month))
        return [days[i:i + 7] for i in range(0, len(days), 7)]


@pytest.mark.parametrize("first", list(Weekday))
def test_every_month_of_years_1_to_9999_matches_calendar(first: Weekday) -> None:
    cal = kalends.Calendar(first_weekday=first, today=kalends.Today.OFF)
    py_cal = calendar.Calendar((first - 1) % 7)  # calendar counts from 0 = Monday
    for year in range(1, 10000):
        for month in range(1, 13):
            try:
                ours = [[(d.year, d.month, d.day) for d in w] for w in cal.month_dates(year, month, Rows.VARIABLE)]
            except kalends.OutOfRangeError:  # leading/trailing days outside datetime's range
                ours = [[(d.year, d.month, d.day) for d in w.days]
                        for w in cal.month_grid(year, month, Rows.VARIABLE)]
            expected = oracle_weeks(py_cal, year, month)
            if ours != expected:
                pytest.fail(f"{year}-{month:02d} first weekday {first.name}: {ours} != {expected}")


def test_fixed_rows_extend_variable_rows_to_six() -> None:
    cal = kalends.Calendar(today=kalends.Today.OFF)
    for year in (1, 1999, 2021, 2026, 9999):
        for month in range(1, 13):
            fixed = cal.month_grid(year, month, Rows.FIXED)
            variable = cal.month_grid(year, month, Rows.VARIABLE)
            assert len(fixed.weeks) == 6
            assert 4 <= len(variable.weeks) <= 6
            assert fixed.weeks[: len(variable.weeks)] == variable.weeks
            assert all(not d.in_month for w in fixed.weeks[len(variable.weeks):] for d in w.days)
            assert cal.month_range(year, month, Rows.FIXED) == fixed.range
            assert fixed.range.count == 42


def test_flags() -> None:
    today = datetime.date(2026, 11, 22)
    cal = kalends.Calendar(today=today, weekend_days=frozenset({Weekday.FRIDAY}))
    grid = cal.month_grid(2026, 11)
    days = grid.days
    assert [d.date for d in days if d.is_today] == [today]
    assert all(d.is_weekend == (d.weekday == Weekday.FRIDAY) for d in days)
    assert [d.day for d in days if d.in_month] == list(range(1, 31))
    assert all(d.is_leading for d in days[:6]) and all(d.is_trailing for d in days[36:])
    for d in days:
        assert bin(d.flags & (DayFlags.IN_MONTH | DayFlags.LEADING | DayFlags.TRAILING)).count("1") == 1
    assert not any(d.is_today for d in kalends.Calendar(today=kalends.Today.OFF).month_grid(2026, 11).days)


def week_rule_oracle(date: datetime.date, first: int, min_days: int) -> tuple[int, int]:
    """(week, year) by the CLDR definition, computed naively: find the start of week 1
    of a year by walking from January 1st."""
    def week1_start(year: int) -> datetime.date:
        jan1 = datetime.date(year, 1, 1)
        start = jan1 - datetime.timedelta(days=(jan1.isoweekday() - first) % 7)
        days_in_new_year = sum(1 for i in range(7) if (start + datetime.timedelta(days=i)).year == year)
        return start if days_in_new_year >= min_days else start + datetime.timedelta(days=7)
    year = date.year + 1
    while week1_start(year) > date:
        year -= 1
    return (date - week1_start(year)).days // 7 + 1, year


@pytest.mark.parametrize("first", list(Weekday))
def test_week_numbers_of_every_rule(first: Weekday) -> None:
    for min_days in range(1, 8):
        cal = kalends.Calendar(first_weekday=first, min_days_in_first_week=min_days, today=kalends.Today.OFF)
        for year in (3, 1999, 2000, 2026, 2027, 9997):
            for month in (1, 12):
                for week in cal.month_grid(year, month, Rows.FIXED):
                    for d in week.days:
                        assert tuple(d.week_of_year) == week_rule_oracle(d.date, first, min_days), (d, min_days)
        assert tuple(cal.week_of_year(datetime.date(2026, 12, 31))) == week_rule_oracle(
            datetime.date(2026, 12, 31), first, min_days)


def test_week_grid() -> None:
    for first in Weekday:
        cal = kalends.Calendar(first_weekday=first, today=kalends.Today.OFF)
        for offset in range(0, 800, 3):
            d = datetime.date(2025, 1, 1) + datetime.timedelta(days=offset)
            week = cal.week_grid(d)
            dates = [x.date for x in week.days]
            assert len(dates) == 7 and d in dates and dates[0].isoweekday() == first
            assert dates == [dates[0] + datetime.timedelta(days=i) for i in range(7)]
            assert cal.week_range(d).first_date == dates[0] and cal.week_range(d).last_date == dates[6]
            for x in week.days:
                same_month = (x.year, x.month) == (d.year, d.month)
                assert x.in_month == same_month
                assert x.is_leading == (not same_month and x.date < d)


def test_grid_errors() -> None:
    cal = kalends.Calendar()
    with pytest.raises(kalends.InvalidArgumentError, match=r"month 0 is not in 1\.\.\.12"):
        cal.month_grid(2026, 0)
    with pytest.raises(kalends.OutOfRangeError):
        cal.month_grid(kalends.YEAR_MAX + 1, 1)
    with pytest.raises(kalends.OutOfRangeError):
        cal.month_grid(2**40, 1)
    with pytest.raises(ValueError):
        cal.month_grid(2026, 1, rows=7)  # type: ignore[arg-type]
    with pytest.raises(kalends.OutOfRangeError, match="month_grid"):
        kalends.Calendar(first_weekday=Weekday.SUNDAY).month_dates(1, 1)
    # far years work through month_grid; their dates need kalends.Date
    grid = cal.month_grid(-999_998, 6)
    assert grid.weeks[0].days[0].civil.year == -999_998
    with pytest.raises(kalends.OutOfRangeError):
        grid.weeks[0].days[0].date


@pytest.mark.parametrize("system, years", [("coptic", range(1738, 1746)), ("ethiopic", range(2014, 2022)),
                                           ("hebrew", range(5780, 5788)), ("gregorian", range(2020, 2028))])
def test_month_dates_are_the_dates_of_month_grid_in_every_system(system: str, years: range) -> None:
    """month_dates reads only the grid's first and last day (kalends_calendar_month_range)
    and cuts rows from shared dates: the same weeks as month_grid's days (one or two rows
    for a Pagume month with variable rows, up to six), for every first weekday."""
    shapes = set()
    for first in Weekday:
        cal = kalends.Calendar(system=system, first_weekday=first, today=kalends.Today.OFF)
        for year in years:
            for month in range(1, 14 if system != "gregorian" else 13):
                for rows in (Rows.FIXED, Rows.VARIABLE, 0, 1):
                    try:
                        grid = cal.month_grid(year, month, rows)
                    except kalends.InvalidArgumentError:   # no 13th month (hebrew common years)
                        with pytest.raises(kalends.InvalidArgumentError):
                            cal.month_dates(year, month, rows)
                        continue
                    expected = [[d.date for d in w.days] for w in grid.weeks]
                    assert cal.month_dates(year, month, rows) == expected, (system, first, year, month, rows)
                    shapes.add(len(expected))
    assert shapes >= ({1, 2, 5, 6} if system in ("coptic", "ethiopic") else {5, 6})


def c_records(cal: kalends.Calendar, year: int, month: int,
              rows: Rows) -> list[tuple[int, int, int, int, int, tuple[int, int], int]]:
    """A month grid's kalends_day records read field by field through ctypes, without
    the binding's unpacking: (year, month, day, day number, weekday, (week, week year),
    flags)."""
    from kalends._native import CDay, lib
    from kalends.calendar import GRID_MAX_DAYS
    out = (CDay * GRID_MAX_DAYS)()
    count = ctypes.c_int32()
    assert lib.kalends_calendar_month_grid(cal._handle, year, month, int(rows), ctypes.addressof(out),
                                           GRID_MAX_DAYS, ctypes.addressof(count)) == 0
    return [(d.date.year, d.date.month, d.date.day, d.day_number, d.weekday, (d.week_of_year.week,
             d.week_of_year.year), d.flags) for d in out[:count.value]]


@pytest.mark.parametrize("system, year", [("gregorian", 2026), ("coptic", 1742), ("hebrew", 5786),
                                          ("islamic-umalqura", 1447)])
def test_grids_sharing_kept_days_are_the_library_grids(system: str, year: int) -> None:
    """A grid asked again keeps its Day objects (without TODAY) and later grids of that
    month share them, with today marked anew: every field of every day is the library's
    record, read through ctypes, for each pass (made, kept, shared), every first weekday,
    both row policies, no today and todays on leading, in-month and trailing days (the
    first, 21st and last day shown for the third month); system dates are the
    library's day_dates."""
    today_kinds = set()
    for first in Weekday:
        shown = kalends.Calendar(system=system, first_weekday=first, today=kalends.Today.OFF).month_grid(year, 3).days
        for today_option in (kalends.Today.OFF, shown[0].date, shown[20].date, shown[-1].date):
            cal = kalends.Calendar(system=system, first_weekday=first, today=today_option)
            previous: dict[tuple[int, int, Rows], kalends.MonthGrid] = {}
            for asked in range(3):   # made, made and kept, shared
                for month in range(1, 14 if system != "gregorian" else 13):
                    for rows in Rows:
                        try:
                            grid = cal.month_grid(year, month, rows)
                        except kalends.InvalidArgumentError:   # no 13th month
                            continue
                        days = grid.days
                        assert [(d.year, d.month, d.day, d.day_number, int(d.weekday), tuple(d.week_of_year),
                                 int(d.flags)) for d in days] == c_records(cal, year, month, rows)
                        assert all(type(d.weekday) is Weekday and type(d.flags) is DayFlags
                                   and type(d.week_of_year) is kalends.WeekOfYear for d in days)
                        assert [w.week_of_year for w in grid.weeks] == [w.days[0].week_of_year for w in grid.weeks]
                        assert grid == cal.month_grid(year, month, int(rows))   # the path keeping nothing
                        if system != "gregorian":
                            dates = cal.day_dates(days[0].day_number, len(days))
                            assert [(d.system_date, d.secondary_date) for d in days] == dates
                        today_kinds |= {d.flags & (DayFlags.LEADING | DayFlags.IN_MONTH | DayFlags.TRAILING)
                                        for d in days if d.is_today}
                        before = previous.get((year, month, rows))
                        if asked == 2 and today_option is kalends.Today.OFF:
                            assert before is not None and all(a is b for a, b in zip(before.days, days))
                        previous[(year, month, rows)] = grid
            cal.close()
            with pytest.raises(kalends.MisuseError):
                cal.month_grid(year, 1, Rows.FIXED)   # kept Days answer only an open calendar
    assert today_kinds == {DayFlags.LEADING, DayFlags.IN_MONTH, DayFlags.TRAILING}


def test_days_made_from_shared_flag_runs_are_the_records_days(monkeypatch: pytest.MonkeyPatch) -> None:
    """A grid's Days take their flags from a run of DayFlags shared by every grid with the
    same pattern of flags: each Day equals the one made field by field from the library's
    record (types included), for weekends of no day, one day and every day, three first
    weekdays, both row policies, todays inside and outside the grids, fourteen years of
    months asked twice (the second time the calendar keeps the Days, made from runs
    without TODAY), and for the grids of the month containing a day and week grids; with
    so few runs kept that they are forgotten all the time."""
    import kalends.calendar as calendars
    monkeypatch.setattr(calendars, "_FLAG_RUNS_KEPT", 3)
    checked = 0
    weekends: list[frozenset[Weekday]] = [frozenset(), frozenset({Weekday.WEDNESDAY}), frozenset(Weekday)]
    for first in (Weekday.MONDAY, Weekday.THURSDAY, Weekday.SUNDAY):
        for weekend in weekends:
            for today in (kalends.Today.OFF, datetime.date(2011, 3, 1), datetime.date(2019, 12, 30)):
                cal = kalends.Calendar(first_weekday=first, weekend_days=weekend, today=today)
                for asked in range(2):
                    for year in range(2008, 2022):
                        for month in range(1, 13):
                            for rows in Rows:
                                expected = [kalends.Day(y, m, d, n, Weekday(w), kalends.WeekOfYear(*week),
                                                        DayFlags(f))
                                            for y, m, d, n, w, week, f in c_records(cal, year, month, rows)]
                                grids = [cal.month_grid(year, month, rows)]
                                if asked == 0:
                                    grids.append(cal.month_grid_containing(datetime.date(year, month, 15), rows))
                                    # the week of the 28th: that row of the month grid
                                    at = next(i for i, d in enumerate(expected) if d.day == 28 and d.in_month)
                                    row = expected[at - at % 7:at - at % 7 + 7]
                                    week = cal.week_grid(datetime.date(year, month, 28))
                                    assert week == (row[0].week_of_year, tuple(row))
                                for grid in grids:
                                    assert grid.days == expected, (first, weekend, today, year, month, rows)
                                    assert all(type(d) is kalends.Day and type(d.weekday) is Weekday
                                               and type(d.week_of_year) is kalends.WeekOfYear
                                               and type(d.flags) is DayFlags for d in grid.days)
                                    checked += 1
                assert len(cal._months) == 14 * 12 * 2   # the second time, every month's Days were kept
                cal.close()
    assert checked == 27 * 14 * 12 * 2 * 3


def test_kept_days_mark_only_the_current_today(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Days a calendar keeps carry no TODAY: when today moves while they are kept (the
    clock of a Today.SYSTEM calendar passing midnight, stood in for here), each grid marks
    only the today of its call, on the leading, in-month or trailing day it falls on."""
    off = kalends.Calendar(today=kalends.Today.OFF)
    cal = kalends.Calendar(today=kalends.Today.SYSTEM)
    clock = cal.today()   # the library still marks its own today in the records it fills
    assert isinstance(clock, datetime.date)
    todays = [clock + datetime.timedelta(days=k) for k in range(-61, 62, 4)]
    for asked in range(3):   # made, made and kept, shared
        for today in todays:
            monkeypatch.setattr(cal, "_today_number", lambda today=today: kalends.day_number(today))
            for month in (today.month - 1 or 12, today.month, today.month % 12 + 1):
                for rows in Rows:
                    days = cal.month_grid(today.year, month, rows).days
                    plain = off.month_grid(today.year, month, rows).days
                    assert [d.date for d in days if d.is_today] == [d.date for d in plain if d.date == today]
                    assert [d._replace(flags=d.flags & ~DayFlags.TODAY) for d in days] == plain
                    assert all(type(d.flags) is DayFlags for d in days)
    assert len(cal._months) > 12


def test_month_dates_checks_its_arguments_as_month_grid_does() -> None:
    cal = kalends.Calendar(today=kalends.Today.OFF)
    for bad, error in (((2026, 0), kalends.InvalidArgumentError), ((2026, 13), kalends.InvalidArgumentError),
                       ((2**40, 1), kalends.OutOfRangeError), ((2026, 2**31), kalends.OutOfRangeError),
                       ((kalends.YEAR_MAX + 1, 1), kalends.OutOfRangeError)):
        with pytest.raises(error):
            cal.month_grid(*bad)
        with pytest.raises(error):
            cal.month_dates(*bad)
    with pytest.raises(ValueError):
        cal.month_dates(2026, 1, rows=7)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        cal.month_dates("2026", 1)  # type: ignore[arg-type]
    # a grid reaching past datetime's years: month_dates says so, month_grid works
    with pytest.raises(kalends.OutOfRangeError, match="month_grid"):
        cal.month_dates(9999, 12, Rows.FIXED)
    assert cal.month_grid(9999, 12, Rows.FIXED).weeks[-1].days[-1].civil.year == 10000
    assert cal.month_dates(True, 1) == cal.month_dates(1, 1)   # bools are ints, as in month_grid


def test_recent_grids_are_cached_and_forgotten_with_new_options() -> None:
    """month_grid keeps recent grids (immutable values) and answers from them only while
    the options and today are the same; month_dates hands out fresh lists."""
    cal = kalends.Calendar(today=datetime.date(2026, 11, 22))
    first = cal.month_grid(2026, 11)
    assert cal.month_grid(2026, 11) is first
    assert cal.month_grid(2026, 11, Rows.VARIABLE) is not first
    assert [d.day for d in first.days if d.is_today] == [22]
    cal.set_options(today=datetime.date(2026, 11, 23))
    assert [d.day for d in cal.month_grid(2026, 11).days if d.is_today] == [23]
    cal.set_options(first_weekday=Weekday.SUNDAY)
    sunday = cal.month_grid(2026, 11, Rows.VARIABLE)
    expected = oracle_weeks(calendar.Calendar(6), 2026, 11)
    assert [[(d.year, d.month, d.day) for d in w.days] for w in sunday] == expected
    weeks = cal.month_dates(2026, 11, Rows.VARIABLE)
    weeks[0].clear()
    weeks.append([])
    assert [[(d.year, d.month, d.day) for d in w] for w in cal.month_dates(2026, 11, Rows.VARIABLE)] == expected
    # the library's today for Today.SYSTEM (the clock): the grid marks it
    system = kalends.Calendar()
    today = system.today()
    assert isinstance(today, datetime.date)
    grid = system.month_grid(today.year, today.month)
    assert [d.date for d in grid.days if d.is_today and d.in_month] == [today]
    assert system.month_grid(today.year, today.month) is grid
    system.close()
    with pytest.raises(kalends.MisuseError):
        system.month_grid(today.year, today.month)
    cal.close()
    with pytest.raises(kalends.MisuseError):
        cal.month_dates(2026, 11, Rows.VARIABLE)
