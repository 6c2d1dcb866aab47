"""JTAppleCalendar's date policies (in-dates for all months / the first month only / off;
out-dates till the end of the row / of a six-row grid / off) in views and scrolling
calendars, checked against Python's calendar: monthdatescalendar gives a month's rows
(till the end of the row); six rows continue with the following weeks."""
from __future__ import annotations

import datetime

import pytest

import kalends
from kalends import DayFlags, ElementKind, InDates, OutDates, Rows, Scroll, View, ViewOptions, Weekday
from month_oracle import month_cells

D = datetime.date
MONTHS = [(2026, 2), (2026, 3), (2026, 8), (2021, 2), (2024, 2), (2015, 2), (2000, 1), (1999, 12)]
#: JTAppleCalendar's out-dates as Kalends' rows and out-dates options.
OUT = {"till_end_of_grid": (Rows.FIXED, OutDates.SHOW), "till_end_of_row": (Rows.VARIABLE, OutDates.SHOW),
       "off": (Rows.VARIABLE, OutDates.HIDE_TRAILING)}


def oracle_shown(year: int, month: int, cells: list[D], leading: bool, trailing: bool) -> list[bool]:
    first = D(year, month, 1)
    return [(d.year, d.month) == (year, month) or (leading if d < first else trailing) for d in cells]


@pytest.mark.parametrize("first_weekday", [Weekday.MONDAY, Weekday.SUNDAY, Weekday.SATURDAY])
@pytest.mark.parametrize("in_dates", list(InDates))
@pytest.mark.parametrize("out", list(OUT))
def test_view_month_pages_follow_the_policies(first_weekday: Weekday, in_dates: InDates, out: str) -> None:
    rows, out_dates = OUT[out]
    cal = kalends.Calendar(first_weekday=first_weekday, today=D(2026, 11, 22))
    view = View(cal, ViewOptions(rows=rows, out_dates=out_dates, in_dates=in_dates), width=350)
    for year, month in MONTHS:
        view.go_to(D(year, month, 15))
        days = view.days()
        cells = month_cells(year, month, first_weekday, rows == Rows.FIXED)
        assert [d.date for d in days] == cells, (year, month)
        # A view of one month: its month is the first shown, so FIRST_MONTH_ONLY shows them.
        shown = oracle_shown(year, month, cells, in_dates != InDates.OFF, out_dates == OutDates.SHOW)
        assert [not (d.flags & DayFlags.HIDDEN) for d in days] == shown, (year, month)
        # Hidden cells keep their frames (the weekday columns stay) and taps pass through them.
        layout = [e for e in view.layout() if e.kind == ElementKind.DAY]
        assert len(layout) == len(days)
        for e, visible in zip(layout, shown):
            hit = view.hit_test(e.frame.x + e.frame.width / 2, e.frame.y + e.frame.height / 2)
            assert (hit.kind == ElementKind.DAY) == visible


def test_the_default_is_todays_behaviour() -> None:
    """Views: six rows, every out-date shown; scrolling: the rows the month needs,
    out-dates hidden. Both have in-dates for all months."""
    assert ViewOptions().in_dates == InDates.ALL_MONTHS
    view = View(kalends.Calendar(today=D(2026, 11, 22)), width=350)
    assert view.options.in_dates == InDates.ALL_MONTHS and view.options.rows == Rows.FIXED
    assert not any(d.flags & DayFlags.HIDDEN for d in view.days())
    # OutDates.HIDE still hides both ends, whatever the in-dates say.
    view.set_options(ViewOptions(out_dates=OutDates.HIDE, in_dates=InDates.ALL_MONTHS))
    assert [not (d.flags & DayFlags.HIDDEN) for d in view.days()] == [
        d.month == 11 for d in month_cells(2026, 11, Weekday.MONDAY, True)]


def scroll_days(s: Scroll) -> dict[int, list[D]]:
    size, _ = s.content_size()
    by_month: dict[int, list[D]] = {}
    for e in s.elements((0, 0, size.width, size.height)):
        if e.kind == ElementKind.DAY:
            by_month.setdefault(e.index, []).append(kalends.date_from_day_number(e.day_number))
    return by_month


@pytest.mark.parametrize("in_dates", list(InDates))
@pytest.mark.parametrize("out", list(OUT))
@pytest.mark.parametrize("axis", list(kalends.Axis))
def test_scrolling_months_follow_the_policies(in_dates: InDates, out: str, axis: kalends.Axis) -> None:
    rows, out_dates = OUT[out]
    cal = kalends.Calendar(first_weekday=Weekday.SUNDAY, today=D(2026, 11, 22))
    s = Scroll(cal, first_month=D(2025, 11, 1), last_month=D(2026, 10, 1), rows=rows, out_dates=out_dates,
               in_dates=in_dates, axis=axis, width=350)
    got = scroll_days(s)
    months = [(2025, 11), (2025, 12)] + [(2026, m) for m in range(1, 11)]
    assert sorted(got) == list(range(12))
    for i, (year, month) in enumerate(months):
        cells = month_cells(year, month, Weekday.SUNDAY, rows == Rows.FIXED)
        leading = in_dates == InDates.ALL_MONTHS or (in_dates == InDates.FIRST_MONTH_ONLY and i == 0)
        shown = oracle_shown(year, month, cells, leading, out_dates == OutDates.SHOW)
        assert got[i] == [d for d, visible in zip(cells, shown) if visible], (year, month)


@pytest.mark.parametrize("in_dates", list(InDates))
def test_scroll_counts_agree_over_long_ranges(in_dates: InDates) -> None:
    """Counting a viewport by runs of months (without building them) agrees with the
    elements built, also when only the range's first month shows its leading days."""
    s = Scroll(first_month=D(1900, 2, 1), last_month=D(2300, 12, 1), in_dates=in_dates, out_dates=OutDates.SHOW,
               axis=kalends.Axis.VERTICAL, width=350, scale=2)
    size, _ = s.content_size()
    for viewport in [(0, 0, size.width, 2000), (0, 0, size.width, size.height), (0, size.height / 3, 40, 90000),
                     (300, 0, 50, size.height)]:
        elements = s.elements(viewport)
        days = [e for e in elements if e.kind == ElementKind.DAY]
        if viewport[1] == 0 and viewport[0] == 0:
            first_month = [kalends.date_from_day_number(e.day_number) for e in days if e.index == 0]
            assert (first_month[0] < D(1900, 2, 1)) == (in_dates != InDates.OFF)


@pytest.mark.parametrize("bad", [-1, 3, 2**31 - 1])
def test_unknown_policies_are_refused(bad: int) -> None:
    with pytest.raises(kalends.InvalidArgumentError):
        View(options=ViewOptions(in_dates=bad), width=350)  # type: ignore[arg-type]
    with pytest.raises(kalends.InvalidArgumentError):
        Scroll(in_dates=bad, width=350)  # type: ignore[arg-type]
    with pytest.raises(kalends.InvalidArgumentError):
        View(options=ViewOptions(out_dates=bad), width=350)  # type: ignore[arg-type]
