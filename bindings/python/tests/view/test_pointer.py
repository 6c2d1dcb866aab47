"""kalends.View pointer gestures (kalends/pointer.h): taps and long presses by press and
release, range drags both ways, releases outside the grid, cancel and Escape, disabled
days, bounds and vetoes, edge paging, paint and erase, swipes both ways, right to left
and vertical, Shift+arrows, the order of events, and bad numbers."""
from __future__ import annotations

import datetime

import pytest

import kalends
from kalends import (Axis, Calendar, DayFlags, Direction, DragSelect, ElementKind, GestureKind, GesturePhase, Key,
                     Outcome, PointerKind, SelectionMode, View)

D = datetime.date
TODAY = D(2026, 11, 22)


def make(**settings: object) -> View:
    view = View(Calendar(today=TODAY), width=350, **settings)  # type: ignore[arg-type]
    return view


def at(view: View, date: D) -> tuple[float, float]:
    """The centre of a visible day's cell."""
    number = kalends.day_number(date)
    for e in view.layout():
        if e.kind == ElementKind.DAY and e.day_number == number:
            return e.frame.x + e.frame.width / 2, e.frame.y + e.frame.height / 2
    raise AssertionError(f"{date} is not visible")


def drag(view: View, start: D, *ends: D, kind: PointerKind = PointerKind.MOUSE) -> None:
    x, y = at(view, start)
    view.press(x, y, time=0.0, kind=kind)
    t = 0.0
    for end in ends:
        t += 0.05
        view.drag(*at(view, end), time=t, kind=kind)


def selected(view: View) -> list[D]:
    return list(view.selected_days())


def nov(*days: int) -> list[D]:
    return [D(2026, 11, d) for d in days]


def test_range_drag_forward_previews_then_commits_on_release() -> None:
    view = make(selection_mode=SelectionMode.RANGE)
    log: list[object] = []
    view.set_callbacks(did_select=lambda d: log.append(("select", d)), did_deselect=lambda d: log.append(("deselect", d)))
    drag(view, D(2026, 11, 10), D(2026, 11, 11), D(2026, 11, 12))
    g = view.gesture
    assert (g.phase, g.kind) == (GesturePhase.ACTIVE, GestureKind.RANGE)
    assert g.preview == (kalends.day_number(D(2026, 11, 10)), kalends.day_number(D(2026, 11, 12)))
    flags = {d.date: d.flags for d in view.days()}
    assert flags[D(2026, 11, 10)] & DayFlags.RANGE_START and flags[D(2026, 11, 11)] & DayFlags.RANGE_MIDDLE
    assert flags[D(2026, 11, 12)] & DayFlags.RANGE_END
    assert "previewed" in view.accessibility_label(D(2026, 11, 11))
    assert log == []  # nothing told before the release
    element, action = view.release(*at(view, D(2026, 11, 12)), time=0.2)
    assert element.kind == ElementKind.DAY and action.outcome == Outcome.SELECTED
    assert selected(view) == nov(10, 11, 12) and view.selection.range_complete
    assert log == [("select", D(2026, 11, 10)), ("select", D(2026, 11, 12))]
    assert view.gesture.phase == GesturePhase.NONE
    assert "previewed" not in view.accessibility_label(D(2026, 11, 11))


def test_range_drag_backward_and_release_outside_the_grid() -> None:
    view = make(selection_mode=SelectionMode.RANGE)
    drag(view, D(2026, 11, 20), D(2026, 11, 15))
    x, _ = at(view, D(2026, 11, 15))
    _, action = view.drag(x, 5000.0, time=0.5)   # far below the grid: the last day reached stays
    assert view.gesture.day == kalends.day_number(D(2026, 11, 15))
    view.release(x, 5000.0, time=0.6)
    assert selected(view) == nov(*range(15, 21))


def test_cancel_and_escape_restore_the_selection_from_before_the_press() -> None:
    view = make(selection_mode=SelectionMode.RANGE)
    view.select(D(2026, 11, 3))
    view.select(D(2026, 11, 5))
    drag(view, D(2026, 11, 10), D(2026, 11, 12))
    assert selected(view) == nov(10, 11, 12)   # the preview shows
    _, action = view.cancel_pointer()
    assert action.outcome == Outcome.CANCELLED and selected(view) == nov(3, 4, 5)
    assert view.gesture.phase == GesturePhase.NONE
    drag(view, D(2026, 11, 10), D(2026, 11, 12))
    assert view.key(Key.ESCAPE).outcome == Outcome.CANCELLED
    assert selected(view) == nov(3, 4, 5)
    assert view.key(Key.ESCAPE).outcome == Outcome.NONE   # no gesture: nothing to cancel


def test_disabled_days_bounds_and_the_veto_apply_as_for_taps() -> None:
    view = make(selection_mode=SelectionMode.RANGE, max_date=D(2026, 11, 14))
    view.set_callbacks(is_disabled=lambda d: d == D(2026, 11, 13), should_select=lambda d: d != D(2026, 11, 9))
    drag(view, D(2026, 11, 10), D(2026, 11, 12), D(2026, 11, 13))   # disabled: the preview stays at the 12th
    assert view.gesture.day == kalends.day_number(D(2026, 11, 12))
    view.drag(*at(view, D(2026, 11, 16)), time=1)  # past the maximum date: still the 12th
    assert view.gesture.day == kalends.day_number(D(2026, 11, 12))
    view.release(*at(view, D(2026, 11, 16)), time=1.1)
    assert selected(view) == nov(10, 11, 12)
    drag(view, D(2026, 11, 11), D(2026, 11, 9))    # the 9th is vetoed at the release
    _, action = view.release(*at(view, D(2026, 11, 9)), time=1)
    assert action.outcome == Outcome.VETOED and selected(view) == nov(10, 11, 12)


def test_holding_at_the_edge_pages_and_keeps_extending() -> None:
    view = make(selection_mode=SelectionMode.RANGE)
    pages: list[int] = []
    view.set_callbacks(page_changed=lambda t: pages.append(t.to_page.month))
    x, y = at(view, D(2026, 11, 26))
    view.press(x, y, time=0)
    view.drag(349.0, y, time=0.1)                   # the right edge
    _, held = view.drag(349.0, y, time=0.5)          # not long enough yet
    assert held.outcome != Outcome.PAGED and view.page.month == 11
    _, paged = view.drag(349.0, y, time=0.75)
    assert paged.outcome == Outcome.PAGED and view.page.month == 12 and pages == [12]
    reached = view.gesture.day
    assert reached is not None and reached > kalends.day_number(D(2026, 11, 30))
    _, again = view.drag(349.0, y, time=1.4)          # holding on pages again
    assert again.outcome == Outcome.PAGED and view.page.month == 1
    last = view.gesture.day
    assert last is not None and last > reached        # January's day at that point
    view.release(349.0, y, time=1.5)
    sel = view.selection
    assert (sel.first, sel.last, sel.range_complete) == (kalends.day_number(D(2026, 11, 26)), last, True)


def test_multiple_mode_paints_and_erases_as_the_first_day_decides() -> None:
    view = make(selection_mode=SelectionMode.MULTIPLE)
    view.select(D(2026, 11, 11))
    drag(view, D(2026, 11, 5), D(2026, 11, 8))
    assert view.gesture.kind == GestureKind.PAINT
    assert selected(view) == nov(5, 6, 7, 8, 11)
    _, action = view.release(*at(view, D(2026, 11, 8)), time=1)
    assert action.outcome == Outcome.SELECTED and selected(view) == nov(5, 6, 7, 8, 11)
    drag(view, D(2026, 11, 6), D(2026, 11, 7))
    assert view.gesture.kind == GestureKind.ERASE
    _, action = view.release(*at(view, D(2026, 11, 7)), time=1)
    assert action.outcome == Outcome.DESELECTED and selected(view) == nov(5, 8, 11)


def swipe(view: View, dx: float, dy: float = 0.0, duration: float = 1.0) -> tuple[kalends.Gesture, kalends.Action]:
    view.press(175, 200, time=10.0, kind=PointerKind.TOUCH)
    view.drag(175 + dx, 200 + dy, time=10.0 + duration, kind=PointerKind.TOUCH)
    g = view.gesture
    return g, view.release(175 + dx, 200 + dy, time=10.0 + duration + 0.5, kind=PointerKind.TOUCH)[1]


def test_swipes_page_both_ways_past_the_distance_or_the_velocity() -> None:
    view = make()
    month = view.page.month
    g, action = swipe(view, -100)                 # short and slow: springs back
    assert (g.kind, g.direction, g.offset) == (GestureKind.SWIPE, Direction.FORWARD, -100)
    assert g.progress == pytest.approx(100 / 350)
    assert action.outcome == Outcome.NONE and view.page.month == month
    g, action = swipe(view, -200)                 # past half the page
    assert action.outcome == Outcome.PAGED and view.page.month == month + 1
    g, action = swipe(view, 200)
    assert g.direction == Direction.BACKWARD and view.page.month == month
    view.press(175, 200, time=20.0, kind=PointerKind.TOUCH)   # a flick: 60 points in 0.05 s
    view.drag(145, 200, time=20.05, kind=PointerKind.TOUCH)
    _, action = view.release(115, 200, time=20.1, kind=PointerKind.TOUCH)
    assert action.outcome == Outcome.PAGED and view.page.month == month + 1


def test_a_swipe_slides_the_neighbour_page_in_transition_layout() -> None:
    view = make()
    view.press(175, 200, time=0, kind=PointerKind.TOUCH)
    view.drag(75, 200, time=0.5, kind=PointerKind.TOUCH)
    frame = view.transition_layout(view.gesture.progress, kalends.TimingCurve.LINEAR)
    out = [e for e in frame.elements if e.kind == ElementKind.DAY and e.outgoing]
    incoming = [e for e in frame.elements if e.kind == ElementKind.DAY and not e.outgoing]
    now = [e for e in view.layout() if e.kind == ElementKind.DAY]
    assert out[0].frame.x == pytest.approx(now[0].frame.x - 100)          # the page follows the finger
    assert incoming[0].frame.x == pytest.approx(now[0].frame.x + 250)     # the next page comes in behind it
    assert incoming[0].day_number > now[-1].day_number - 14               # it is the next month's grid
    view.cancel_pointer()


def test_right_to_left_mirrors_and_vertical_axis_swipes_up() -> None:
    rtl = make(right_to_left=True)
    month = rtl.page.month
    g, action = swipe(rtl, -200)
    assert g.direction == Direction.BACKWARD and rtl.page.month == month - 1
    vertical = make()
    vertical.set_pointer_options(swipe_axis=Axis.VERTICAL)
    g, action = swipe(vertical, 0, -250)
    assert g.direction == Direction.FORWARD and action.outcome == Outcome.PAGED
    assert vertical.page.month == month + 1


def test_touch_drags_swipe_unless_after_a_long_press() -> None:
    view = make(selection_mode=SelectionMode.RANGE)
    drag(view, D(2026, 11, 10), D(2026, 11, 12), kind=PointerKind.TOUCH)
    assert view.gesture.kind == GestureKind.SWIPE
    view.cancel_pointer()
    x, y = at(view, D(2026, 11, 10))
    view.press(x, y, time=0, kind=PointerKind.TOUCH)
    _, action = view.drag(x + 1, y, time=0.6, kind=PointerKind.TOUCH)
    assert action.outcome == Outcome.LONG_PRESS and view.gesture.kind == GestureKind.LONG_PRESS
    view.drag(*at(view, D(2026, 11, 12)), time=0.7, kind=PointerKind.TOUCH)
    assert view.gesture.kind == GestureKind.RANGE
    view.release(*at(view, D(2026, 11, 12)), time=0.8, kind=PointerKind.TOUCH)
    assert selected(view) == nov(10, 11, 12)
    view.set_pointer_options(drag_select=DragSelect.NEVER)
    drag(view, D(2026, 11, 3), D(2026, 11, 5))
    assert view.gesture.kind == GestureKind.SWIPE
    view.cancel_pointer()


def test_press_and_release_within_the_slop_is_a_tap_and_long_press_is_reported() -> None:
    view = make()
    x, y = at(view, D(2026, 11, 10))
    view.press(x, y, time=0)
    assert view.gesture.kind == GestureKind.TAP_PENDING
    element, action = view.release(x + 3, y + 3, time=0.1)
    assert action.outcome == Outcome.SELECTED and selected(view) == nov(10)
    view.press(*at(view, D(2026, 11, 12)), time=1)
    _, action = view.release(*at(view, D(2026, 11, 12)), time=1.7)   # found by the release
    assert action.outcome == Outcome.LONG_PRESS and selected(view) == nov(10)
    assert kalends.PointerOptions().long_press_duration == view.pointer_options.long_press_duration == 0.5


def test_events_out_of_order_and_bad_numbers_change_nothing() -> None:
    view = make(selection_mode=SelectionMode.RANGE)
    with pytest.raises(kalends.MisuseError):
        view.drag(10, 100, time=0)
    with pytest.raises(kalends.MisuseError):
        view.release(10, 100, time=0)
    with pytest.raises(kalends.MisuseError):
        view.cancel_pointer()
    drag(view, D(2026, 11, 10), D(2026, 11, 12))
    before = view.gesture
    with pytest.raises(kalends.MisuseError):
        view.press(10, 100, time=1)
    for bad in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(kalends.InvalidArgumentError):
            view.drag(bad, 100, time=1)
        with pytest.raises(kalends.InvalidArgumentError):
            view.release(100, 100, time=bad)
    assert view.gesture == before
    view.drag(1e300, -1e300, time=1e300)   # huge but finite: outside everything
    view.cancel_pointer()
    with pytest.raises(kalends.MisuseError):
        view.release(10, 100, time=2)     # a release after a cancel
    with pytest.raises(kalends.InvalidArgumentError):
        view.set_pointer_options(slop=float("nan"))
    with pytest.raises(kalends.InvalidArgumentError):
        view.set_pointer_options(swipe_distance=2)


def test_shift_arrows_extend_a_range() -> None:
    view = make(selection_mode=SelectionMode.RANGE)
    view.select(D(2026, 11, 10))
    view.key(Key.SHIFT_RIGHT)
    assert view.key(Key.SHIFT_RIGHT).outcome == Outcome.SELECTED
    assert selected(view) == nov(10, 11, 12)
    view.key(Key.SHIFT_DOWN)
    assert selected(view) == nov(*range(10, 20))
    view.key(Key.SHIFT_UP)
    view.key(Key.SHIFT_LEFT)
    assert selected(view) == nov(10, 11)
    view.key(Key.SHIFT_LEFT)
    view.key(Key.SHIFT_LEFT)                        # past the start: the range turns round it
    assert selected(view) == nov(9, 10)


def test_a_vetoed_shift_arrow_moves_the_focus_and_keeps_the_range() -> None:
    view = make(selection_mode=SelectionMode.RANGE)
    view.select(D(2026, 11, 10))
    view.select(D(2026, 11, 11))
    view.set_callbacks(should_select=lambda d: d != D(2026, 11, 12))
    assert view.key(Key.SHIFT_RIGHT).outcome == Outcome.VETOED
    assert selected(view) == nov(10, 11) and view.focus == D(2026, 11, 12)
