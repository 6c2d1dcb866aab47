"""A view of several months (React Aria's visibleDuration): each month's grid against
Python's calendar, frames that tile without overlap and agree with hit tests, keys that
cross months without paging, paging by the months shown or by one, bad counts refused."""
from __future__ import annotations

import datetime

import pytest

import kalends
from kalends import DayFlags, ElementKind, InDates, Key, PageBehavior, Rows, View, ViewOptions, Weekday
from month_oracle import month_cells

D = datetime.date


def months_from(year: int, month: int, n: int) -> list[tuple[int, int]]:
    return [((year * 12 + month - 1 + k) // 12, (year * 12 + month - 1 + k) % 12 + 1) for k in range(n)]


def view(n: int, *, rows: Rows = Rows.FIXED, behavior: PageBehavior = PageBehavior.VISIBLE, columns: int = 0,
         width: float = 700, first_weekday: Weekday = Weekday.MONDAY, **options: object) -> View:
    cal = kalends.Calendar(first_weekday=first_weekday, today=D(2026, 11, 22))
    return View(cal, ViewOptions(months=n, rows=rows, page_behavior=behavior, month_columns=columns,
                                 **options), width=width, scale=2)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [1, 2, 3, 5, 12])
@pytest.mark.parametrize("rows", list(Rows))
@pytest.mark.parametrize("first_weekday", [Weekday.MONDAY, Weekday.SUNDAY])
def test_each_month_is_pythons_grid(n: int, rows: Rows, first_weekday: Weekday) -> None:
    v = view(n, rows=rows, first_weekday=first_weekday)
    days = v.days()
    expected: list[D] = []
    in_month: list[bool] = []
    for y, m in months_from(2026, 11, n):
        cells = month_cells(y, m, first_weekday, rows == Rows.FIXED)
        expected += cells
        in_month += [(d.year, d.month) == (y, m) for d in cells]
    assert [d.date for d in days] == expected
    assert [bool(d.flags & DayFlags.IN_MONTH) for d in days] == in_month
    page = v.page
    assert (page.first, page.last) == (kalends.day_number(expected[0]), kalends.day_number(expected[-1]))


def test_first_month_only_in_dates_per_month() -> None:
    v = view(3, in_dates=InDates.FIRST_MONTH_ONLY, out_dates=kalends.OutDates.HIDE_TRAILING, rows=Rows.VARIABLE)
    start = 0
    for p, (y, m) in enumerate(months_from(2026, 11, 3)):
        cells = month_cells(y, m, Weekday.MONDAY, False)
        got = v.days()[start:start + len(cells)]
        first = D(y, m, 1)
        shown = [(d.year, d.month) == (y, m) or (d < first and p == 0) for d in cells]
        assert [not (d.flags & DayFlags.HIDDEN) for d in got] == shown
        start += len(cells)


@pytest.mark.parametrize("n,columns,width,expected_columns", [(3, 0, 760, 3), (3, 0, 700, 2), (3, 0, 480, 2), (12, 4, 900, 4),
                                                             (12, 0, 200, 1), (2, 5, 700, 2)])
def test_frames_wrap_into_rows_and_hit_tests_agree(n: int, columns: int, width: float, expected_columns: int) -> None:
    v = view(n, columns=columns, width=width)
    layout = v.layout()
    assert [e.kind for e in layout[:4]] == [ElementKind.HEADER, ElementKind.TITLE, ElementKind.PREVIOUS, ElementKind.NEXT]
    headers = [e for e in layout if e.kind == ElementKind.MONTH_HEADER]
    assert [h.index for h in headers] == list(range(n))
    assert [kalends.date_from_day_number(h.day_number) for h in headers] == [D(y, m, 1) for y, m in months_from(2026, 11, n)]
    assert len({h.frame.x for h in headers}) == expected_columns
    assert len({h.frame.y for h in headers}) == -(-n // expected_columns)
    days = [e for e in layout if e.kind == ElementKind.DAY]
    assert [e.index for e in days] == list(range(len(v.days())))
    size = v.intrinsic_size()
    # Months do not overlap: each day lies inside its month's column and below its header.
    boxes = []
    for p, h in enumerate(headers):
        cells = [e for e in days if h.frame.x <= e.frame.x < h.frame.max_x and e.frame.y >= h.frame.max_y]
        length = len(month_cells(*months_from(2026, 11, n)[p], Weekday.MONDAY, True))
        mine = [e for e in layout[layout.index(h) + 8:] if e.kind == ElementKind.DAY][:length]
        assert all(h.frame.x <= e.frame.x and e.frame.max_x <= h.frame.max_x + 1e-9 for e in mine)
        top, bottom = h.frame.y, max(e.frame.max_y for e in mine)
        boxes.append((h.frame.x, top, h.frame.max_x, bottom))
        assert bottom <= size.height and cells
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    for e in layout:
        hit = v.hit_test(e.frame.x + e.frame.width / 2, e.frame.y + e.frame.height / 2)
        if e.kind in (ElementKind.DAY, ElementKind.MONTH_HEADER, ElementKind.PREVIOUS, ElementKind.NEXT):
            assert (hit.kind, hit.index, hit.day_number) == (e.kind, e.index, e.day_number)
            assert hit.frame == e.frame


def test_keys_cross_months_without_paging() -> None:
    v = view(3)
    v.go_to(D(2026, 11, 30))
    page = v.page
    action = v.key(Key.RIGHT)
    assert v.focus == D(2026, 12, 1) and v.page == page and action.transition.direction == kalends.Direction.NONE
    v.go_to(D(2027, 1, 31))
    assert v.page == page
    action = v.key(Key.RIGHT)   # past the last month: a page of the next three months
    assert v.focus == D(2027, 2, 1) and action.transition.direction == kalends.Direction.FORWARD
    assert (v.page.year, v.page.month) == (2027, 2)
    single = view(3, behavior=PageBehavior.SINGLE)
    single.go_to(D(2027, 1, 31))
    single.key(Key.RIGHT)      # by one month
    assert (single.page.year, single.page.month) == (2026, 12) and single.focus == D(2027, 2, 1)
    single.go_to(D(2026, 12, 1))
    single.key(Key.LEFT)
    assert (single.page.year, single.page.month) == (2026, 11)


def test_paging_by_visible_months_or_by_one() -> None:
    v = view(3)
    v.next_page()
    assert (v.page.year, v.page.month) == (2027, 2)
    v.previous_page()
    v.previous_page()
    assert (v.page.year, v.page.month) == (2026, 8)
    s = view(3, behavior=PageBehavior.SINGLE)
    s.next_page()
    assert (s.page.year, s.page.month) == (2026, 12)


def test_a_tap_on_the_next_month_selects_without_paging() -> None:
    v = view(2)
    target = next(e for e in v.layout() if e.kind == ElementKind.DAY and e.day_number == kalends.day_number(D(2026, 12, 10))
                  and e.flags & DayFlags.IN_MONTH)
    hit, action = v.tap(target.frame.x + 1, target.frame.y + 1)
    assert hit.day_number == target.day_number and action.outcome == kalends.Outcome.SELECTED
    assert action.transition.direction == kalends.Direction.NONE and (v.page.year, v.page.month) == (2026, 11)


@pytest.mark.parametrize("bad", [0, 13, -1, 2**31 - 1])
def test_month_counts_outside_1_to_12_are_refused(bad: int) -> None:
    with pytest.raises(kalends.InvalidArgumentError, match="months"):
        view(bad)
    v = view(2)
    with pytest.raises(kalends.InvalidArgumentError):
        v.set_options(ViewOptions(months=bad))
    assert v.options.months == 2
    with pytest.raises(kalends.InvalidArgumentError):
        view(2, columns=13)
    with pytest.raises(kalends.InvalidArgumentError):
        view(2, month_spacing=float("nan"))


def test_one_month_is_unchanged() -> None:
    """months=1 lays out exactly as before: weekday labels in the header, days after."""
    v = view(1)
    layout = v.layout()
    assert [e.kind for e in layout[:11]] == [ElementKind.HEADER, ElementKind.TITLE, ElementKind.PREVIOUS,
                                             ElementKind.NEXT] + [ElementKind.WEEKDAY] * 7
    assert not any(e.kind == ElementKind.MONTH_HEADER for e in layout)
