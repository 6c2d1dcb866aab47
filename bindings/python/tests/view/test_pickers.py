"""A view's months and years pickers (Zag's month and year views): the cells against
datetime and calendar.monthrange, a Hebrew leap year's 13 months covering the year once,
frames that tile the view's area and agree with the hit test, drilling down, disabled
cells, bad pickers and indexes."""
from __future__ import annotations

import calendar as pycal
import datetime

import pytest

import kalends
from kalends import DayFlags, Picker, View, ViewOptions

D = datetime.date


def view(**options: object) -> View:
    cal = kalends.Calendar(today=D(2026, 11, 22))
    v = View(cal, ViewOptions(**options), width=390, scale=2)  # type: ignore[arg-type]
    v.go_to(D(2026, 11, 22))
    return v


def test_months_of_the_year() -> None:
    v = view()
    cells = v.picker_cells(Picker.MONTHS)
    assert [(c.year, c.month) for c in cells] == [(2026, m) for m in range(1, 13)]
    for c in cells:
        assert kalends.date_from_day_number(c.first_day) == D(2026, c.month, 1)
        assert kalends.date_from_day_number(c.last_day) == D(2026, c.month, pycal.monthrange(2026, c.month)[1])
    assert [c.month for c in cells if c.flags & DayFlags.SELECTED] == [11]
    assert [c.month for c in cells if c.flags & DayFlags.TODAY] == [11]
    assert not any(c.flags & DayFlags.DISABLED for c in cells)


def test_years_of_the_decade() -> None:
    cells = view().picker_cells(Picker.YEARS)
    assert [c.year for c in cells] == list(range(2019, 2031))
    assert all(c.month == 0 for c in cells)
    for c in cells:
        assert kalends.date_from_day_number(c.first_day) == D(c.year, 1, 1)
        assert kalends.date_from_day_number(c.last_day) == D(c.year, 12, 31)
    assert [c.year for c in cells if c.flags & DayFlags.LEADING] == [2019]
    assert [c.year for c in cells if c.flags & DayFlags.TRAILING] == [2030]
    assert [c.year for c in cells if c.flags & DayFlags.SELECTED] == [2026]


def test_a_hebrew_leap_year_has_thirteen_months_covering_it() -> None:
    v = View(kalends.Calendar(today=D(2026, 11, 22)), system="hebrew", width=390)
    v.go_to(D(2026, 11, 22))   # 5787, a leap year (5787 mod 19 = 11)
    cells = v.picker_cells(Picker.MONTHS)
    assert len(cells) == 13 and all(c.year == 5787 for c in cells)
    for a, b in zip(cells, cells[1:]):
        assert b.first_day == a.last_day + 1
    assert cells[-1].last_day - cells[0].first_day + 1 in (383, 384, 385)
    years = v.picker_cells(Picker.YEARS)
    assert [c.year for c in years] == list(range(5779, 5791))
    for a, b in zip(years, years[1:]):
        assert b.first_day == a.last_day + 1


@pytest.mark.parametrize("picker", list(Picker))
@pytest.mark.parametrize("options", [{}, {"right_to_left": True}, {"months": 3, "month_columns": 1}])
def test_frames_tile_the_area_and_hit_tests_agree(picker: Picker, options: dict[str, object]) -> None:
    v = view(**options)
    cells = v.picker_cells(picker)
    size = v.intrinsic_size()
    header = next(e for e in v.layout() if e.kind == kalends.ElementKind.TITLE)
    xs = sorted({c.frame.x for c in cells})
    assert len(xs) == 3 and xs[0] == 0 and max(c.frame.max_x for c in cells) == 390
    assert min(c.frame.y for c in cells) >= header.frame.max_y - 1e-9
    assert max(c.frame.max_y for c in cells) == pytest.approx(size.height, abs=0.5)
    if options.get("right_to_left"):
        assert cells[0].frame.x > cells[1].frame.x
    for i, c in enumerate(cells):
        assert v.picker_hit_test(picker, c.frame.x + c.frame.width / 2, c.frame.y + c.frame.height / 2) == i
    assert v.picker_hit_test(picker, 10, 1) is None


def test_drilling_down() -> None:
    v = view()
    v.go_to(D(2026, 1, 31))
    t = v.pick(Picker.MONTHS, 1)            # February: the 31st clamped to the 28th
    assert t.direction == kalends.Direction.FORWARD and v.focus == D(2026, 2, 28)
    assert (v.page.year, v.page.month) == (2026, 2)
    years = v.picker_cells(Picker.YEARS)
    v.pick(Picker.YEARS, [c.year for c in years].index(2029))
    assert v.focus == D(2029, 2, 28) and (v.page.year, v.page.month) == (2029, 2)


def test_disabled_cells_cannot_be_picked() -> None:
    v = view(min_date=D(2026, 6, 1))
    cells = v.picker_cells(Picker.MONTHS)
    assert [c.month for c in cells if c.flags & DayFlags.DISABLED] == [1, 2, 3, 4, 5]
    page = v.page
    with pytest.raises(kalends.OutOfRangeError):
        v.pick(Picker.MONTHS, 0)
    assert v.page == page
    years = v.picker_cells(Picker.YEARS)
    assert [c.year for c in years if c.flags & DayFlags.DISABLED] == list(range(2019, 2026))


@pytest.mark.parametrize("bad", [2, -1, 2**31 - 1])
def test_bad_pickers_and_indexes_are_refused(bad: int) -> None:
    v = view()
    with pytest.raises(kalends.InvalidArgumentError):
        v.picker_cells(bad)  # type: ignore[arg-type]
    with pytest.raises(kalends.OutOfRangeError):
        v.pick(Picker.MONTHS, 12 if bad == 2 else bad)
    assert v.focus == D(2026, 11, 22)
