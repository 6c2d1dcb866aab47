"""Event editing driven as whole gestures (kalends.editing): moves, resizes, the all-day
strip, range creation in week and month pages of America/New_York across both DST
changes of 2026 (zoneinfo as the oracle), every constraint refusing a drop, the veto,
cancel, keys, a recurring occurrence moved as a RECURRENCE-ID override and read back,
and a store changed during a drag."""
from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

import kalends
from kalends import DisplayMode, Event, EventStore, TimeZone, View
from kalends import ical
from kalends.editing import (BusinessHours, EditKey, EditScope, Editing, GestureKind, Outcome, Refusal, point)

NY = ZoneInfo("America/New_York")


def at(y: int, m: int, d: int, h: int, mi: int = 0) -> int:
    return int(dt.datetime(y, m, d, h, mi, tzinfo=NY).timestamp())


def local(t: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(t, NY)


def editor(day: dt.date, *events: Event, mode: DisplayMode = DisplayMode.WEEK,
           **view_options: object) -> tuple[View, EventStore, Editing]:
    view = View(width=700, **view_options)
    view.set_mode(mode)
    view.go_to(day)
    store = EventStore(list(events))
    view.set_store(store, TimeZone("America/New_York"))
    editing = Editing(view)
    editing.set_options(editable=True)
    return view, store, editing


def test_a_drag_moves_a_timed_event_across_the_fall_back_keeping_its_length() -> None:
    # Saturday 2026-10-31 10:00-11:00 EDT dragged a day and 7 minutes on: Sunday 10:00 EST (snapped).
    _, store, edit = editor(dt.date(2026, 11, 1), Event(1, "Standup", False, at(2026, 10, 31, 10), at(2026, 10, 31, 11)))
    began = edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 10, 31), 10 * 3600 + 600), event=1)
    assert (began.outcome, began.start, began.refusal) == (Outcome.PREVIEW, at(2026, 10, 31, 10), Refusal.NONE)
    moving = edit.update(point(dt.date(2026, 11, 1), 10 * 3600 + 600 + 7 * 60))
    assert moving.start == at(2026, 11, 1, 10) and moving.end - moving.start == 3600
    assert local(moving.start).utcoffset() == dt.timedelta(hours=-5)
    assert (moving.first_day, moving.last_day) == (dt.date(2026, 10, 31), dt.date(2026, 11, 1))
    assert store.get(1).start == at(2026, 10, 31, 10)          # nothing written before the release
    version = store.version
    done = edit.commit()
    assert done.outcome == Outcome.EDITED
    assert (done.old_start, done.old_end, done.start, done.end) == (at(2026, 10, 31, 10), at(2026, 10, 31, 11),
                                                                      at(2026, 11, 1, 10), at(2026, 11, 1, 11))
    assert (store.get(1).start, store.get(1).end) == (done.start, done.end)
    assert store.version == version + 1                         # one update
    assert edit.state.kind == GestureKind.NONE


def test_a_drop_on_the_skipped_hour_moves_forward_as_rfc5545_says() -> None:
    _, store, edit = editor(dt.date(2026, 3, 8), Event(1, "x", False, at(2026, 3, 7, 1), at(2026, 3, 7, 1, 30)))
    edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 3, 7), 3600), event=1)
    s = edit.update(point(dt.date(2026, 3, 8), 2 * 3600 + 30 * 60))      # 02:30 does not happen on 2026-03-08
    expected = int(dt.datetime(2026, 3, 8, 2, 30, tzinfo=NY).timestamp())   # fold=0: the offset before the gap
    assert s.start == expected and local(s.start).strftime("%H:%M %Z") == "03:30 EDT"
    assert s.end - s.start == 1800
    edit.commit()
    assert store.get(1).start == expected


def test_resizing_by_either_edge_snaps_and_keeps_the_minimum_duration() -> None:
    _, store, edit = editor(dt.date(2026, 11, 25), Event(1, "x", False, at(2026, 11, 24, 9), at(2026, 11, 24, 10)))
    edit.begin(GestureKind.EVENT_RESIZE_END, point(dt.date(2026, 11, 24), 10 * 3600), event=1)
    assert edit.update(point(dt.date(2026, 11, 24), 11 * 3600 + 20 * 60)).end == at(2026, 11, 24, 11, 15)
    assert edit.update(point(dt.date(2026, 11, 24), 8 * 3600)).end == at(2026, 11, 24, 9, 15)   # at least 15 minutes
    edit.commit()
    assert store.get(1).end == at(2026, 11, 24, 9, 15)
    edit.begin(GestureKind.EVENT_RESIZE_START, point(dt.date(2026, 11, 24), 9 * 3600), event=1)
    assert edit.update(point(dt.date(2026, 11, 24), 7 * 3600 + 50 * 60)).start == at(2026, 11, 24, 7, 45)
    edit.commit()
    assert (store.get(1).start, store.get(1).end) == (at(2026, 11, 24, 7, 45), at(2026, 11, 24, 9, 15))
    with pytest.raises(kalends.KalendsError):       # an all-day event has no edges to drag
        store.add(Event.on_days(2, "d", dt.date(2026, 11, 24), dt.date(2026, 11, 24)))
        edit.begin(GestureKind.EVENT_RESIZE_END, point(dt.date(2026, 11, 24), all_day=True), event=2)


def test_into_and_out_of_the_all_day_strip() -> None:
    _, store, edit = editor(dt.date(2026, 11, 25), Event(1, "x", False, at(2026, 11, 24, 9), at(2026, 11, 24, 10)),
                            Event.on_days(2, "d", dt.date(2026, 11, 26), dt.date(2026, 11, 26)))
    edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 24), 9 * 3600), event=1)
    s = edit.update(point(dt.date(2026, 11, 25), all_day=True))
    assert (s.all_day, s.start, s.end) == (True, s.start, s.start)
    edit.commit()
    e = store.get(1)
    assert e.all_day and dt.date(1970, 1, 1) + dt.timedelta(days=e.start) == dt.date(2026, 11, 25)
    edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 26), all_day=True), event=2)
    s = edit.update(point(dt.date(2026, 11, 27), 14 * 3600 + 5 * 60))
    assert (s.all_day, s.start, s.end) == (False, at(2026, 11, 27, 14), at(2026, 11, 27, 15))
    edit.commit()
    assert not store.get(2).all_day


def test_dragging_over_empty_time_selects_a_range_and_writes_nothing() -> None:
    _, store, edit = editor(dt.date(2026, 11, 25))
    version = store.version
    edit.begin(GestureKind.EVENT_CREATE, point(dt.date(2026, 11, 24), 14 * 3600 + 20 * 60))
    s = edit.update(point(dt.date(2026, 11, 24), 12 * 3600 + 40 * 60))     # upwards
    assert (s.start, s.end) == (at(2026, 11, 24, 12, 45), at(2026, 11, 24, 14, 15))
    done = edit.commit()
    assert (done.outcome, done.event, done.start) == (Outcome.TIME_SELECTED, 0, s.start)
    assert store.version == version and len(store) == 0


def test_month_pages_move_bars_by_days_keeping_the_time_of_day() -> None:
    view, store, edit = editor(dt.date(2026, 11, 10), Event(1, "x", False, at(2026, 10, 31, 9), at(2026, 10, 31, 9, 45)),
                               Event.on_days(2, "trip", dt.date(2026, 11, 3), dt.date(2026, 11, 5)),
                               mode=DisplayMode.MONTH)
    edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 10, 31), all_day=True), event=1)
    s = edit.update(point(dt.date(2026, 11, 2), all_day=True))
    assert (s.all_day, s.start, s.end) == (False, at(2026, 11, 2, 9), at(2026, 11, 2, 9, 45))   # 09:00 EST, not EDT
    edit.commit()
    edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 4), all_day=True), event=2)
    edit.update(point(dt.date(2026, 11, 11), all_day=True))
    edit.commit()
    e = store.get(2)
    assert (e.start, e.end) == (dt.date(2026, 11, 10).toordinal() - dt.date(1970, 1, 1).toordinal(),
                                dt.date(2026, 11, 12).toordinal() - dt.date(1970, 1, 1).toordinal())


def refused(edit: Editing, store: EventStore, to: object, why: Refusal, event: int = 1) -> None:
    before = store.get(event)
    version = store.version
    edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 24), 9 * 3600), event=event)
    # shown while dragging; the veto is asked on release only
    assert edit.update(to).refusal == (Refusal.NONE if why == Refusal.VETOED else why)
    done = edit.commit()
    assert (done.outcome, done.refusal) == (Outcome.REFUSED, why)
    assert store.get(event) == before and store.version == version


def test_every_constraint_refuses_a_drop_and_changes_nothing() -> None:
    view, store, edit = editor(dt.date(2026, 11, 25), Event(1, "x", False, at(2026, 11, 24, 9), at(2026, 11, 24, 10)),
                               Event(2, "y", False, at(2026, 11, 25, 13), at(2026, 11, 25, 14)),
                               Event(3, "other source", False, at(2026, 11, 26, 13), at(2026, 11, 26, 14), source=7),
                               max_date=dt.date(2026, 11, 27))
    edit.set_business_hours([BusinessHours(w, 9 * 3600, 17 * 3600) for w in range(1, 6)])
    assert edit.business_hours[0] == BusinessHours(1, 9 * 3600, 17 * 3600)
    refused(edit, store, point(dt.date(2026, 11, 24), 16 * 3600 + 30 * 60), Refusal.OUTSIDE_WINDOW)  # ends 17:30
    refused(edit, store, point(dt.date(2026, 11, 28), 10 * 3600), Refusal.OUT_OF_BOUNDS)               # past max
    edit.set_business_hours([])
    edit.set_edit_ranges([(at(2026, 11, 24, 0), at(2026, 11, 25, 0))])
    refused(edit, store, point(dt.date(2026, 11, 25), 9 * 3600), Refusal.OUTSIDE_WINDOW)
    edit.set_edit_ranges([])
    edit.set_options(editable=True, no_overlap=True)
    refused(edit, store, point(dt.date(2026, 11, 25), 13 * 3600 + 30 * 60), Refusal.OVERLAP)
    edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 24), 9 * 3600), event=1)           # another source: allowed
    assert edit.update(point(dt.date(2026, 11, 26), 13 * 3600)).refusal == Refusal.NONE
    edit.cancel()
    edit.set_callbacks(should_commit=lambda change: change.start < at(2026, 11, 24, 12))
    refused(edit, store, point(dt.date(2026, 11, 24), 15 * 3600), Refusal.VETOED)
    edit.set_callbacks(is_read_only=lambda event: event == 1)
    s = edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 24), 9 * 3600), event=1)
    assert (s.outcome, s.refusal) == (Outcome.REFUSED, Refusal.READ_ONLY)
    assert edit.state.kind == GestureKind.NONE
    edit.set_callbacks(should_commit=lambda change: 1 / 0 > 0)
    edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 24), 9 * 3600), event=1)
    edit.update(point(dt.date(2026, 11, 24), 10 * 3600))
    with pytest.raises(ZeroDivisionError):              # the host's exception; nothing written, still under way
        edit.commit()
    assert store.get(1).start == at(2026, 11, 24, 9) and edit.state.kind == GestureKind.EVENT_MOVE
    assert edit.cancel().outcome == Outcome.CANCELLED
    assert store.get(1).start == at(2026, 11, 24, 9)


def test_editing_is_off_by_default_and_out_of_order_calls_are_misuse() -> None:
    view = View(width=700)
    view.set_mode(DisplayMode.WEEK)
    store = EventStore([Event(1, "x", False, at(2026, 11, 24, 9), at(2026, 11, 24, 10))])
    view.set_store(store, TimeZone("America/New_York"))
    edit = Editing(view)
    with pytest.raises(kalends.MisuseError):
        edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 24), 9 * 3600), event=1)
    edit.set_options(editable=True)
    for call in (lambda: edit.update(point(dt.date(2026, 11, 24))), edit.commit, edit.cancel):
        with pytest.raises(kalends.MisuseError):
            call()
    edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 24), 9 * 3600), event=1)
    with pytest.raises(kalends.MisuseError):
        edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 24), 9 * 3600), event=1)
    with pytest.raises(kalends.MisuseError):        # under way: MISUSE before the bad point, as update
        edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 24), 90_000), event=1)
    with pytest.raises(kalends.KalendsError):
        edit.update(point(dt.date(2026, 11, 24), 90_000))
    edit.cancel()
    with pytest.raises(kalends.NotFoundError):
        edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 24), 9 * 3600), event=99)


def test_a_store_changed_or_emptied_during_a_drag_refuses_the_drop() -> None:
    _, store, edit = editor(dt.date(2026, 11, 25), Event(1, "x", False, at(2026, 11, 24, 9), at(2026, 11, 24, 10)),
                            Event(2, "y", False, at(2026, 11, 24, 11), at(2026, 11, 24, 12)))
    edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 24), 9 * 3600), event=1)
    edit.update(point(dt.date(2026, 11, 24), 10 * 3600))
    store.update(Event(1, "x", False, at(2026, 11, 24, 8), at(2026, 11, 24, 9)))      # someone else moved it
    assert edit.commit().refusal == Refusal.CHANGED
    assert store.get(1).start == at(2026, 11, 24, 8)
    edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 24), 11 * 3600), event=2)
    store.remove(2)
    assert edit.commit().refusal == Refusal.REMOVED and len(store) == 1
    edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 24), 8 * 3600), event=1)
    store.add(Event(3, "unrelated", False, at(2026, 11, 20, 8), at(2026, 11, 20, 9)))   # the store moved on, not the event
    edit.update(point(dt.date(2026, 11, 24), 9 * 3600))
    assert edit.commit().outcome == Outcome.EDITED


def test_keys_move_and_resize_a_focused_event_with_the_same_constraints() -> None:
    _, store, edit = editor(dt.date(2026, 11, 25), Event(1, "x", False, at(2026, 11, 24, 9), at(2026, 11, 24, 10)))
    assert edit.key(EditKey.LATER, 1).start == at(2026, 11, 24, 9, 15)
    assert edit.key(EditKey.NEXT_DAY, 1).start == at(2026, 11, 25, 9, 15)
    assert edit.key(EditKey.LONGER, 1).end == at(2026, 11, 25, 10, 30)
    assert edit.key(EditKey.SHORTER, 1).end == at(2026, 11, 25, 10, 15)
    assert edit.key(EditKey.EARLIER, 1).start == at(2026, 11, 25, 9)
    assert (store.get(1).start, store.get(1).end) == (at(2026, 11, 25, 9), at(2026, 11, 25, 10))
    edit.set_business_hours([BusinessHours(3, 9 * 3600, 10 * 3600)])
    s = edit.key(EditKey.LATER, 1)
    assert (s.outcome, s.refusal) == (Outcome.REFUSED, Refusal.OUTSIDE_WINDOW)
    assert store.get(1).start == at(2026, 11, 25, 9)


def test_the_preview_relays_out_only_the_affected_days_and_the_label_announces_the_time() -> None:
    events = [Event(i, f"e{i}", False, at(2026, 11, 23 + i % 7, 9 + i % 5), at(2026, 11, 23 + i % 7, 10 + i % 5))
              for i in range(1, 30)]
    _, _, edit = editor(dt.date(2026, 11, 25), *events)
    e = events[0]          # Tuesday 2026-11-24 10:00-11:00
    edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 24), 10 * 3600), event=e.id)
    edit.update(point(dt.date(2026, 11, 26), 15 * 3600 + 30 * 60))
    boxes = edit.preview(hour_height=40)
    assert {b.day for b in boxes} == {dt.date(2026, 11, 24), dt.date(2026, 11, 25), dt.date(2026, 11, 26)}
    moved = [b for b in boxes if b.event == e.id]
    assert len(moved) == 1 and moved[0].day == dt.date(2026, 11, 26)
    grid = kalends.time_grid.TimeGrid(edit._view, None, None, hour_height=40)
    assert moved[0].frame.y == pytest.approx(grid.grid.y + 15.5 * 40)
    assert edit.accessibility_label() == "e1, moving to Thursday, November 26, 2026, 15:30 to 16:30"
    edit.cancel()


ICS = """BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//test//EN\r
BEGIN:VEVENT\r
UID:daily@test\r
DTSTAMP:20261101T000000Z\r
DTSTART;TZID=America/New_York:20261030T090000\r
DTEND;TZID=America/New_York:20261030T093000\r
RRULE:FREQ=DAILY;COUNT=5\r
SUMMARY:Daily\r
END:VEVENT\r
END:VCALENDAR\r
"""


def test_moving_one_occurrence_writes_a_recurrence_id_override_read_back_by_the_reader() -> None:
    view, store, edit = editor(dt.date(2026, 11, 1))
    ical.load(ICS.encode(), store, first_id=1)
    zone = TimeZone("America/New_York")
    sunday = next(o for o in store.occurrences(dt.date(2026, 11, 1), dt.date(2026, 11, 1), zone))
    assert sunday.recurrence_id == at(2026, 11, 1, 9)           # 09:00 EST: the wall clock repeats across the change
    version = store.version
    edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 11, 1), 9 * 3600), event=1, recurrence_id=sunday.recurrence_id)
    edit.update(point(dt.date(2026, 11, 1), 11 * 3600))
    done = edit.commit()
    assert done.outcome == Outcome.EDITED and store.version == version + 1
    starts = sorted(o.event.start for o in store.occurrences(dt.date(2026, 10, 30), dt.date(2026, 11, 3), zone))
    assert starts == sorted([at(2026, 10, 30, 9), at(2026, 10, 31, 9), at(2026, 11, 1, 11), at(2026, 11, 2, 9),
                             at(2026, 11, 3, 9)])
    text = store.write_ical().decode()
    assert "RECURRENCE-ID;TZID=America/New_York:20261101T090000" in text
    assert "DTSTART;TZID=America/New_York:20261101T110000" in text
    again = EventStore()
    ical.load(text.encode(), again, first_id=1)
    assert sorted(o.event.start for o in again.occurrences(dt.date(2026, 10, 30), dt.date(2026, 11, 3), zone)) == starts
    # All of them: the series moves by the same wall time.
    edit.set_options(editable=True, scope=EditScope.ALL)
    first = at(2026, 10, 30, 9)
    edit.begin(GestureKind.EVENT_MOVE, point(dt.date(2026, 10, 30), 9 * 3600), event=1, recurrence_id=first)
    edit.update(point(dt.date(2026, 10, 30), 10 * 3600))
    edit.commit()
    starts = sorted(o.event.start for o in store.occurrences(dt.date(2026, 10, 30), dt.date(2026, 11, 3), zone))
    assert starts == sorted([at(2026, 10, 30, 10), at(2026, 10, 31, 10), at(2026, 11, 1, 12), at(2026, 11, 2, 10),
                             at(2026, 11, 3, 10)])


def test_pointer_gestures_drive_the_edits_on_the_time_grid_and_the_month_page() -> None:
    from kalends.time_grid import TimeGrid
    view, store, edit = editor(dt.date(2026, 11, 1), Event(1, "x", False, at(2026, 10, 30, 9), at(2026, 10, 30, 10)))
    edit.set_grid(hour_height=40)
    zone = TimeZone("America/New_York")
    grid = TimeGrid(view, store, zone, hour_height=40)
    box = next(t for t in grid.items if t.event == 1).frame
    sunday = next(c.frame for c in grid.columns if c.day == dt.date(2026, 11, 1))
    # Move: from the box's middle to Sunday 11:30 (a wall time after the fall back).
    x0, y0 = box.x + box.width / 2, box.y + box.height / 2
    view.press(x0, y0, time=0.0)
    _, action = view.drag(sunday.x + 5, grid.grid.y + 11.5 * 40 + y0 - box.y - 1, time=0.1)
    assert action.outcome == kalends.Outcome.PREVIEW
    g = view.gesture
    assert g.kind == GestureKind.EVENT_MOVE and g.proposal.proposed_start == at(2026, 11, 1, 11, 30)
    _, action = view.release(sunday.x + 5, grid.grid.y + 11.5 * 40 + y0 - box.y - 1, time=0.2)
    assert action.outcome == kalends.Outcome.EDITED
    assert (store.get(1).start, store.get(1).end) == (at(2026, 11, 1, 11, 30), at(2026, 11, 1, 12, 30))
    # Resize by the bottom edge, then cancel a move: the store keeps the resize only.
    grid = TimeGrid(view, store, zone, hour_height=40)
    box = next(t for t in grid.items if t.event == 1).frame
    view.press(box.x + 5, box.y + box.height - 2, time=1.0)
    view.drag(box.x + 5, box.y + box.height - 2 + 40, time=1.1)
    assert view.gesture.kind == GestureKind.EVENT_RESIZE_END
    assert view.release(box.x + 5, box.y + box.height - 2 + 40, time=1.2)[1].outcome == kalends.Outcome.EDITED
    assert store.get(1).end == at(2026, 11, 1, 13, 30)
    view.press(box.x + 5, box.y + 20, time=2.0)
    view.drag(box.x + 5, box.y + 120, time=2.1)
    assert view.cancel_pointer()[1].outcome == kalends.Outcome.CANCELLED
    assert (store.get(1).start, store.get(1).end) == (at(2026, 11, 1, 11, 30), at(2026, 11, 1, 13, 30))
    # Empty time: a range, nothing written.
    monday = grid.columns[0].frame
    view.press(monday.x + 5, grid.grid.y + 14 * 40 + 1, time=3.0)
    view.drag(monday.x + 5, grid.grid.y + 15.5 * 40 + 1, time=3.1)
    _, action = view.release(monday.x + 5, grid.grid.y + 15.5 * 40 + 1, time=3.2)
    assert action.outcome == kalends.Outcome.TIME_SELECTED and len(store) == 1
    # A refused drop: the gesture says so while dragging, the release changes nothing.
    edit.set_business_hours([BusinessHours(d, 8 * 3600, 18 * 3600) for d in range(1, 8)])
    box = next(t for t in TimeGrid(view, store, zone, hour_height=40).items if t.event == 1).frame
    view.press(box.x + 5, box.y + 20, time=4.0)
    view.drag(box.x + 5, box.y + 20 + 6 * 40, time=4.1)
    assert view.gesture.proposal.refusal == Refusal.OUTSIDE_WINDOW
    assert view.release(box.x + 5, box.y + 20 + 6 * 40, time=4.2)[1].outcome == kalends.Outcome.REFUSED
    assert store.get(1).start == at(2026, 11, 1, 11, 30)


def test_a_pointer_moves_a_bar_of_a_month_page_by_days() -> None:
    view, store, edit = editor(dt.date(2026, 11, 10), Event.on_days(1, "trip", dt.date(2026, 11, 3), dt.date(2026, 11, 4)),
                               mode=DisplayMode.MONTH)
    bars, _ = view.event_bars(store, TimeZone("America/New_York"))
    bar = bars[0].frame
    cells = {e.day_number: e.frame for e in view.layout() if e.kind == kalends.ElementKind.DAY}
    target = cells[dt.date(2026, 11, 18).toordinal() - dt.date(1970, 1, 1).toordinal()]
    view.press(bar.x + 3, bar.y + bar.height / 2, time=0.0)
    view.drag(target.x + target.width / 2, target.y + target.height / 2, time=0.1)
    _, action = view.release(target.x + target.width / 2, target.y + target.height / 2, time=0.2)
    assert action.outcome == kalends.Outcome.EDITED
    e = store.get(1)
    first = dt.date(1970, 1, 1) + dt.timedelta(days=e.start)
    assert (first, e.end - e.start) == (dt.date(2026, 11, 18), 1)     # grabbed on its first day, dropped on the 18th
