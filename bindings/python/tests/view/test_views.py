"""kalends.View: modes, paging, selection, callbacks, keys, layout, taps, transitions."""
from __future__ import annotations

import datetime
import threading

import pytest

import kalends
from kalends import (Calendar, DayFlags, Direction, DisplayMode, ElementKind, Key, Metrics, Outcome, OutDates,
                     OutDateTap, RowHeight, SelectionMode, TimingCurve, View)

D = datetime.date
TODAY = D(2026, 11, 22)


def make(**settings: object) -> View:
    view = View(Calendar(today=TODAY), **settings)  # type: ignore[arg-type]
    return view


def days_with(view: View, flag: DayFlags) -> list[int]:
    return [d.day for d in view.days() if d.flags & flag and d.in_month]


def test_starts_on_todays_page_and_pages_by_mode() -> None:
    view = make(width=350)
    assert (view.page.year, view.page.month, view.page.anchor_date) == (2026, 11, TODAY)
    t = view.next_page()
    assert t.direction == Direction.FORWARD and t.to_page.month == 12 and t.changed
    assert view.previous_page().direction == Direction.BACKWARD
    view.go_to(D(2026, 1, 31))
    view.next_page()
    assert view.page.anchor_date == D(2026, 2, 28)  # the day is clamped to the month
    change = view.set_mode(DisplayMode.WEEK)
    assert change.from_mode == DisplayMode.MONTH and change.height_after == 44 + 50
    assert view.page.last - view.page.first == 6
    view.set_mode(DisplayMode.DAY)
    assert view.page.first == view.page.last and len(view.days()) == 1
    view.next_page()
    assert view.page.anchor_date == D(2026, 3, 1)
    assert view.go_to_today().to_page.anchor_date == TODAY


def test_bounds() -> None:
    view = make(min_date=D(2026, 11, 10), max_date=D(2026, 12, 5))
    view.next_page()
    blocked = view.next_page()
    assert blocked.direction == Direction.NONE and not blocked.changed
    with pytest.raises(kalends.OutOfRangeError, match="outside the view's dates"):
        view.go_to(D(2027, 1, 1))
    assert view.select(D(2026, 11, 9)).outcome == Outcome.DISABLED


def test_single_multiple_range_and_none() -> None:
    single = make()
    single.select(D(2026, 11, 3))
    single.select(D(2026, 11, 4))
    assert single.selected_days() == [D(2026, 11, 4)]
    multi = make(selection_mode=SelectionMode.MULTIPLE)
    for d in (5, 1, 3):
        multi.select(D(2026, 11, d))
    assert multi.selected_days() == [D(2026, 11, 1), D(2026, 11, 3), D(2026, 11, 5)]
    assert multi.deselect(D(2026, 11, 3)).outcome == Outcome.DESELECTED
    rng = make(selection_mode=SelectionMode.RANGE)
    rng.select(D(2026, 11, 10))
    rng.select(D(2026, 11, 6))   # before the start: moves it
    rng.select(D(2026, 11, 8))   # ends the range
    sel = rng.selection
    assert (sel.count, sel.range_complete) == (3, True)
    assert days_with(rng, DayFlags.RANGE_START) == [6] and days_with(rng, DayFlags.RANGE_MIDDLE) == [7]
    assert days_with(rng, DayFlags.RANGE_END) == [8]
    rng.select(D(2026, 11, 20))  # a third selection starts again
    assert rng.selection.count == 1 and not rng.selection.range_complete
    assert make(selection_mode=SelectionMode.NONE).select(D(2026, 11, 3)).outcome == Outcome.NONE


def test_callbacks_in_order_with_dates() -> None:
    view = make()
    log: list[object] = []
    view.set_callbacks(did_select=lambda d: log.append(("select", d)),
                       did_deselect=lambda d: log.append(("deselect", d)),
                       page_changed=lambda t: log.append(("page", t.direction, t.to_page.month)),
                       content_size_changed=lambda a, b: log.append(("size", a.height, b.height)))
    view.select(D(2026, 11, 5))
    view.select(D(2027, 2, 5))
    assert log == [("select", D(2026, 11, 5)), ("deselect", D(2026, 11, 5)), ("select", D(2027, 2, 5)),
                   ("page", Direction.FORWARD, 2)]
    log.clear()
    view.set_metrics(width=350)
    view.set_options(rows=kalends.Rows.VARIABLE)
    # February 2027 needs four rows: the visible page and the height change (44 + 6 or 4 x 50)
    assert log == [("page", Direction.NONE, 2), ("size", 344.0, 244.0)]


def test_vetoes_predicates_and_exceptions_from_callbacks() -> None:
    view = make()
    view.set_callbacks(is_disabled=lambda d: d.weekday() >= 5, should_select=lambda d: d.day != 13)
    assert view.select(D(2026, 11, 14)).outcome == Outcome.DISABLED   # a Saturday
    assert view.select(D(2026, 11, 13)).outcome == Outcome.VETOED
    assert days_with(view, DayFlags.DISABLED) == [1, 7, 8, 14, 15, 21, 22, 28, 29]

    class Boom(Exception):
        pass

    def explode(d: object) -> None:
        raise Boom(str(d))

    view.set_callbacks(will_select=explode)
    with pytest.raises(Boom, match="2026-11-12"):
        view.select(D(2026, 11, 12))
    assert view.selection.count == 0           # will_select aborts
    view.set_callbacks(did_select=explode)
    with pytest.raises(Boom):
        view.select(D(2026, 11, 12))
    assert view.selection.count == 1           # did_select: the change stands
    view.set_callbacks(is_disabled=lambda d: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        view.days()
    view.set_callbacks()
    assert len(view.days()) == 42


def test_callbacks_read_but_cannot_change_the_view() -> None:
    view = make()
    seen: list[object] = []

    def on_select(d: object) -> None:
        seen.append(view.selection.count)
        view.next_page()

    view.set_callbacks(did_select=on_select)
    with pytest.raises(kalends.MisuseError, match="inside one of its callbacks"):
        view.select(D(2026, 11, 3))
    assert seen == [1] and view.page.month == 11


def test_keys() -> None:
    view = make()
    view.select(D(2026, 11, 30))
    assert view.key(Key.RIGHT).transition.direction == Direction.FORWARD
    assert view.selected_days() == [D(2026, 12, 1)] and view.page.month == 12
    view.key(Key.UP)
    assert view.focus == D(2026, 11, 24)
    view.key(Key.END)
    assert view.focus == D(2026, 11, 29)
    view.key(Key.PAGE_DOWN)
    assert view.focus == D(2026, 12, 29)
    rtl = make(right_to_left=True)
    rtl.key(Key.LEFT)
    assert rtl.focus == D(2026, 11, 23)
    multi = make(selection_mode=SelectionMode.MULTIPLE)
    assert multi.key(Key.DOWN).outcome == Outcome.MOVED and multi.selection.count == 0
    assert multi.key(Key.ENTER).outcome == Outcome.SELECTED
    with pytest.raises(ValueError):
        multi.key(42)  # type: ignore[arg-type]


def test_highlighted_hidden_focused_and_accessibility() -> None:
    view = make(out_dates=OutDates.HIDE, selection_mode=SelectionMode.RANGE)
    view.set_highlighted([D(2026, 11, 4), D(2026, 11, 5)])
    assert days_with(view, DayFlags.HIGHLIGHTED) == [4, 5]
    assert view.highlighted == [D(2026, 11, 4), D(2026, 11, 5)]
    assert all(d.is_hidden == (not d.in_month) for d in view.days())
    view.select(D(2026, 11, 22))
    assert view.accessibility_label(TODAY) == "Sunday, November 22, 2026, today, selected"  # CLDR en full date
    view.select(D(2026, 11, 24))
    view.set_disabled([D(2026, 11, 30)])
    assert view.disabled == [D(2026, 11, 30)]
    assert view.accessibility_label(D(2026, 11, 23)) == "Monday, November 23, 2026, in selected range"
    assert view.accessibility_label(D(2026, 11, 30)) == "Monday, November 30, 2026, unavailable"
    assert [d.day for d in view.days() if d.is_focused] == [24]


def test_no_width_is_no_intrinsic_metric() -> None:
    view = make()
    with pytest.raises(kalends.NoIntrinsicMetricError):
        view.intrinsic_size()
    with pytest.raises(kalends.NoIntrinsicMetricError):
        view.layout()
    assert view.set_mode(DisplayMode.WEEK).height_before is None
    view.set_metrics(width=700)
    assert view.intrinsic_size() == kalends.Size(700, 44 + 100)


@pytest.mark.parametrize("mode", list(DisplayMode))
@pytest.mark.parametrize("scale", [1, 2, 3])
def test_every_frame_centre_hits_its_element(mode: DisplayMode, scale: int) -> None:
    view = make(mode=mode, scale=scale, width=1)
    for width in list(range(1, 60)) + list(range(60, 2001, 37)):
        view.set_metrics(width=width)
        layout = view.layout()
        cells = [e for e in layout if e.kind == ElementKind.DAY]
        assert len(cells) == {DisplayMode.MONTH: 42, DisplayMode.WEEK: 7, DisplayMode.DAY: 1}[mode]
        for e in layout:
            if e.kind in (ElementKind.DAY, ElementKind.WEEKDAY):
                hit = view.hit_test(*e.frame.center)
                assert (hit.kind, hit.index, hit.day_number) == (e.kind, e.index, e.day_number), (width, e)
        # neighbours in a row share their edge
        for a, b in zip(cells, cells[1:]):
            if b.index % 7:
                assert b.frame.x == a.frame.max_x


def test_metrics_policies_and_validation() -> None:
    view = make(width=700, row_height=RowHeight.fixed(30), insets=kalends.Insets(10, 5, 7, 15), column_spacing=2)
    assert view.intrinsic_size().height == 10 + 44 + 6 * 30 + 7
    assert view.metrics.row_height == RowHeight.fixed(30)
    view.set_metrics(row_height=RowHeight.aspect_ratio(0.5), insets=kalends.Insets(), column_spacing=0)
    assert view.intrinsic_size().height == 44 + 6 * 50
    for bad in ({"width": -1}, {"scale": float("nan")}, {"header_height": float("inf")},
                {"row_height": RowHeight.fixed(0)}, {"row_height": RowHeight(9, 1)}):
        with pytest.raises(kalends.InvalidArgumentError):
            view.set_metrics(**bad)  # type: ignore[arg-type]
    assert view.metrics.width == 700
    with pytest.raises(TypeError, match="unknown view settings: colour"):
        View(colour="red")


def test_taps() -> None:
    view = make(width=350)
    layout = view.layout()
    cell = next(e for e in layout if e.kind == ElementKind.DAY and e.day_number == kalends.day_number(D(2026, 11, 5)))
    hit, action = view.tap(*cell.frame.center)
    assert hit.kind == ElementKind.DAY and action.outcome == Outcome.SELECTED and action.date == D(2026, 11, 5)
    leading = next(e for e in layout if e.kind == ElementKind.DAY and e.flags & DayFlags.LEADING)
    _, action = view.tap(*leading.frame.center)
    assert action.outcome == Outcome.SELECTED and view.page.month == 10     # Kal: its month, selected
    previous = next(e for e in view.layout() if e.kind == ElementKind.PREVIOUS)
    assert view.tap(*previous.frame.center)[1].outcome == Outcome.PAGED and view.page.month == 9
    assert view.tap(175, 22)[1].outcome == Outcome.NONE                     # the title
    only = make(width=350, out_date_tap=OutDateTap.SELECT_ONLY)
    trailing = next(e for e in only.layout() if e.kind == ElementKind.DAY and e.flags & DayFlags.TRAILING)
    assert only.tap(*trailing.frame.center)[1].outcome == Outcome.SELECTED and only.page.month == 11


def test_transitions_and_curves() -> None:
    view = make(width=350)
    before = [e.frame for e in view.layout() if e.kind == ElementKind.DAY]
    view.next_page()
    after = [e.frame for e in view.layout() if e.kind == ElementKind.DAY]
    start = view.transition_layout(0, TimingCurve.LINEAR)
    assert [e.frame for e in start.elements if e.kind == ElementKind.DAY and e.outgoing] == before
    end = view.transition_layout(1, TimingCurve.SPRING)
    assert [e.frame for e in end.elements if e.kind == ElementKind.DAY and not e.outgoing] == after
    mid = [e for e in view.transition_layout(0.5, TimingCurve.LINEAR).elements if e.kind == ElementKind.DAY]
    assert mid[0].frame.x == before[0].x - 175 and mid[0].outgoing
    assert kalends.curve_value(TimingCurve.EASE_IN_OUT, 0.5) == pytest.approx(0.5)
    assert kalends.curve_value(TimingCurve.LINEAR, 7) == 1
    assert max(kalends.curve_value(TimingCurve.SPRING, i / 100) for i in range(101)) > 1   # overshoots
    with pytest.raises(kalends.InvalidArgumentError):
        kalends.curve_value(9, 0.5)  # type: ignore[arg-type]


def test_calendar_changes_reach_the_view() -> None:
    view = make(width=350)
    view.set_calendar(Calendar(first_weekday=kalends.Weekday.SUNDAY, today=TODAY))
    assert view.days()[0].weekday == kalends.Weekday.SUNDAY
    assert [e.day_number for e in view.layout() if e.kind == ElementKind.WEEKDAY][:2] == [7, 1]


def test_closed_views_and_threads() -> None:
    view = make(width=390, selection_mode=SelectionMode.MULTIPLE)
    problems: list[str] = []

    def work(i: int) -> None:
        for k in range(300):
            (view.next_page if i % 2 else view.previous_page)()
            days = view.days()
            if any(b.day_number != a.day_number + 1 for a, b in zip(days, days[1:])):
                problems.append("days out of order")
            view.select(D(2026, 1 + k % 12, 1 + i))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not problems and view.selection.count == 6 * 12
    view.close()
    with pytest.raises(kalends.MisuseError):
        view.page
    assert "closed" in repr(view)
