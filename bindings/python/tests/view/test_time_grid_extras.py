"""Timeline extras of the time grid (issue 27 item 3): the hours shown clip events and say
which they hide, a wall time's line (time to point, the spot's inverse), the now line from
an instant the host passes (zoneinfo as the oracle across New York's fall back), and the
stretches outside business hours that a host shades (the same business hours the editing
constraints use)."""
from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

import kalends
from kalends import DisplayMode, Event, EventStore, TimeZone, View
from kalends.editing import BusinessHours, Editing
from kalends.time_grid import TimeGrid, TimeGridArea, TimeGridHidden

NY = ZoneInfo("America/New_York")
H = 40.0


def at(y: int, m: int, d: int, h: int, mi: int = 0, fold: int = 0) -> dt.datetime:
    return dt.datetime(y, m, d, h, mi, tzinfo=NY, fold=fold)


def week_view(day: dt.date) -> View:
    view = View(width=700)
    view.set_mode(DisplayMode.WEEK)
    view.go_to(day)
    return view


def test_the_hours_shown_clip_boxes_and_say_which_events_they_hide() -> None:
    day = dt.date(2026, 11, 3)   # a Tuesday
    events = [Event.timed(1, "early", at(2026, 11, 3, 6), at(2026, 11, 3, 7)),
              Event.timed(2, "crosses 8", at(2026, 11, 3, 7), at(2026, 11, 3, 9)),
              Event.timed(3, "crosses 18", at(2026, 11, 3, 17), at(2026, 11, 3, 19)),
              Event.timed(4, "at 18", at(2026, 11, 3, 18), at(2026, 11, 3, 19)),
              Event.timed(5, "evening", at(2026, 11, 3, 20), at(2026, 11, 3, 21)),
              Event.timed(6, "inside", at(2026, 11, 4, 10), at(2026, 11, 4, 11))]
    grid = TimeGrid(week_view(day), EventStore(events), TimeZone("America/New_York"), hour_height=H,
                    first_hour=8, last_hour=18)
    assert (grid.first_hour, grid.last_hour, len(grid.hours)) == (8, 18, 10)
    boxes = {t.event: t for t in grid.items}
    assert sorted(boxes) == [2, 3, 6]
    assert (boxes[2].clipped_start, boxes[2].clipped_end) == (True, False)
    assert (boxes[3].clipped_start, boxes[3].clipped_end) == (False, True)
    assert boxes[2].frame.y == pytest.approx(grid.grid.y)                      # clipped to 08:00
    assert boxes[3].frame.y + boxes[3].frame.height == pytest.approx(grid.grid.y + 10 * H)
    assert grid.hidden == [TimeGridHidden(day, 1, 2)]
    # Without first/last hours nothing is hidden.
    assert TimeGrid(week_view(day), EventStore(events), TimeZone("America/New_York")).hidden == []


def test_a_wall_times_line_is_the_inverse_of_the_spot_within_the_hours_shown() -> None:
    day = dt.date(2026, 11, 4)
    grid = TimeGrid(week_view(day), None, TimeZone("America/New_York"), hour_height=H, first_hour=8, last_hour=18)
    column = next(i for i, c in enumerate(grid.columns) if c.day == day)
    top = grid.line(day, dt.time(8))
    assert top is not None and top.frame.y == pytest.approx(grid.grid.y) and top.column == column
    assert top.frame.x == grid.columns[column].frame.x and top.frame.width == grid.columns[column].frame.width
    assert grid.line(day, 18 * 3600) is not None                       # the last hour's end is drawn
    assert grid.line(day, dt.time(7, 59)) is None and grid.line(day, 18 * 3600 + 1) is None
    assert grid.line(dt.date(2026, 11, 20), dt.time(12)) is None      # not on the page
    for seconds in (8 * 3600, 13 * 3600 + 15 * 60, 17 * 3600 + 59 * 60):
        line = grid.line(day, seconds)
        assert line is not None
        assert line.frame.y == pytest.approx(grid.grid.y + (seconds - 8 * 3600) * H / 3600)
        spot = grid.spot(line.frame.x + 1, line.frame.y + 0.001)
        assert (spot.area, spot.day) == (TimeGridArea.GRID, day)
        assert abs(spot.seconds - seconds) <= 1
    with pytest.raises(kalends.InvalidArgumentError):
        grid.line(day, 86_401)


@pytest.mark.parametrize("now", [at(2026, 11, 1, 1, 30, fold=0), at(2026, 11, 1, 1, 30, fold=1), at(2026, 11, 1, 3, 30),
                                 at(2026, 10, 26, 0, 0), at(2026, 10, 30, 23, 59), at(2026, 11, 1, 23, 59)])
def test_the_now_line_follows_the_wall_clock_of_the_zone_across_the_fall_back(now: dt.datetime) -> None:
    grid = TimeGrid(week_view(dt.date(2026, 11, 1)), None, TimeZone("America/New_York"), hour_height=H)
    line = grid.now_line(now.astimezone(dt.timezone.utc))
    local = now.astimezone(NY)                                         # the oracle: zoneinfo's wall clock
    assert line is not None and line.day == local.date()
    wall = local.hour * 3600 + local.minute * 60
    assert line.seconds == wall
    assert line.frame.y == pytest.approx(grid.grid.y + wall * H / 3600)
    assert grid.columns[line.column].day == local.date() and line.frame.height == 0
    assert grid.now_line(int(now.timestamp())) == line


def test_no_now_line_off_the_page_or_outside_the_hours_shown() -> None:
    grid = TimeGrid(week_view(dt.date(2026, 11, 1)), None, TimeZone("America/New_York"), hour_height=H,
                    first_hour=8, last_hour=20)
    assert grid.now_line(at(2026, 11, 2, 9)) is None                  # the next week
    assert grid.now_line(at(2026, 10, 25, 23, 59)) is None            # the week before
    assert grid.now_line(at(2026, 10, 28, 7, 59)) is None             # before 08:00
    assert grid.now_line(at(2026, 10, 28, 20, 1)) is None             # after 20:00
    assert grid.now_line(at(2026, 10, 28, 8)) is not None
    with pytest.raises(ValueError):
        grid.now_line(dt.datetime(2026, 10, 28, 9))                   # naive: which zone?


def test_shades_cover_each_column_outside_its_business_hours() -> None:
    view = week_view(dt.date(2026, 11, 4))
    hours = [BusinessHours(d, 9 * 3600, 17 * 3600) for d in (1, 2, 4, 5)] + \
        [BusinessHours(3, 9 * 3600, 12 * 3600), BusinessHours(3, 13 * 3600, 17 * 3600)]
    assert TimeGrid(view, None, TimeZone("America/New_York"), hour_height=H).shades == []   # none set: nothing shaded
    Editing(view).set_business_hours(hours)
    grid = TimeGrid(view, None, TimeZone("America/New_York"), hour_height=H, first_hour=7, last_hour=20)
    # Expected: the complement of each weekday's windows within 07:00 ... 20:00.
    expected = []
    for i, c in enumerate(grid.columns):
        windows = sorted((h.start, h.end) for h in hours if h.weekday == c.day.isoweekday())
        edge = 7 * 3600
        for s, e in windows + [(20 * 3600, 20 * 3600)]:
            if s > edge:
                expected.append((c.day, i, edge, s))
            edge = max(edge, e)
    assert [(s.day, s.column, s.start, s.end) for s in grid.shades] == expected
    assert sum(1 for s in grid.shades if s.day.isoweekday() == 6) == 1   # Saturday: shaded whole
    for s in grid.shades:
        col = grid.columns[s.column].frame
        assert (s.frame.x, s.frame.width) == (col.x, col.width)
        assert s.frame.y == pytest.approx(grid.grid.y + (s.start - 7 * 3600) * H / 3600)
        assert s.frame.height == pytest.approx((s.end - s.start) * H / 3600)
    # Wednesday's lunch between its two windows is shaded.
    wed = next(s for s in grid.shades if s.day == dt.date(2026, 11, 4) and s.start == 12 * 3600)
    assert wed.end == 13 * 3600


def test_max_stack_keeps_the_first_columns_of_a_group_and_counts_the_rest_in_a_more_item() -> None:
    day = dt.date(2026, 11, 4)
    events = [Event.timed(i, f"meeting {i}", at(2026, 11, 4, 9, 15 * (i - 1)), at(2026, 11, 4, 10, 30)) for i in range(1, 5)]
    events += [Event.timed(9, "alone", at(2026, 11, 4, 14), at(2026, 11, 4, 15))]
    zone = TimeZone("America/New_York")
    full = TimeGrid(week_view(day), EventStore(events), zone, hour_height=H)
    assert sorted((t.event, t.column, t.columns) for t in full.items) == [(1, 0, 4), (2, 1, 4), (3, 2, 4), (4, 3, 4), (9, 0, 1)]
    assert full.stack_more == []
    grid = TimeGrid(week_view(day), EventStore(events), zone, hour_height=H, max_stack=2)
    column = next(c.frame for c in grid.columns if c.day == day)
    left, width = column.x + 1, column.width - 1 - 2               # the default event leading and trailing
    slot = width / 3                                                 # two boxes and the "+N more"
    boxes = {t.event: t for t in grid.items}
    assert sorted(boxes) == [1, 2, 9]
    assert (boxes[1].column, boxes[1].columns, boxes[2].column, boxes[2].columns) == (0, 3, 1, 3)
    assert boxes[1].frame.x == pytest.approx(left) and boxes[1].frame.width == pytest.approx(slot - 2)
    assert boxes[2].frame.x == pytest.approx(left + slot)
    assert boxes[9].frame == full.items[[t.event for t in full.items].index(9)].frame   # a group within the limit stays
    (more,) = grid.stack_more
    assert (more.day, more.hidden) == (day, 2)
    assert more.frame.x == pytest.approx(left + 2 * slot) and more.frame.width == pytest.approx(slot - 2)
    assert more.frame.y == pytest.approx(grid.grid.y + 9.5 * H)       # meeting 3 starts at 09:30
    assert more.frame.y + more.frame.height == pytest.approx(grid.grid.y + 10.5 * H)
    for t in grid.items:                                             # nothing overlaps the "+N more"
        assert t.frame.x + t.frame.width <= more.frame.x or t.frame.y >= more.frame.y + more.frame.height
    assert TimeGrid(week_view(day), EventStore(events), zone, max_stack=4).stack_more == []
    with pytest.raises(kalends.InvalidArgumentError):
        TimeGrid(week_view(day), EventStore(events), zone, max_stack=-1)


def test_background_events_are_stretches_behind_the_columns_not_boxes() -> None:
    import dataclasses

    day = dt.date(2026, 11, 4)
    holiday = dataclasses.replace(Event.on_days(1, "holiday", dt.date(2026, 11, 6), dt.date(2026, 11, 6)), source=5)
    blocked = dataclasses.replace(Event.timed(2, "focus", at(2026, 11, 3, 22), at(2026, 11, 4, 10)), source=5)
    early = dataclasses.replace(Event.timed(3, "before", at(2026, 11, 4, 6), at(2026, 11, 4, 7)), source=5)
    meeting = Event.timed(4, "meeting", at(2026, 11, 4, 9), at(2026, 11, 4, 10))
    zone = TimeZone("America/New_York")
    store = EventStore([holiday, blocked, early, meeting])
    plain = TimeGrid(week_view(day), store, zone, hour_height=H, first_hour=8, last_hour=18)
    assert plain.background == [] and sorted(t.event for t in plain.items) == [2, 4]   # 3 is before 08:00
    grid = TimeGrid(week_view(day), store, zone, hour_height=H, first_hour=8, last_hour=18, background_source=5)
    assert [t.event for t in grid.items] == [4] and grid.bars == []
    assert grid.items[0].columns == 1                                 # the background does not share columns
    columns = {c.day: (i, c.frame) for i, c in enumerate(grid.columns)}
    # The focus block crosses midnight: 22:00-24:00 on Tuesday is past the hours shown, 08:00-10:00 on Wednesday is drawn.
    assert [(b.event, b.day, b.start, b.end) for b in grid.background] == \
        [(2, day, 8 * 3600, 10 * 3600), (1, dt.date(2026, 11, 6), 8 * 3600, 18 * 3600)]
    for b in grid.background:
        i, frame = columns[b.day]
        assert b.column == i and (b.frame.x, b.frame.width) == (frame.x, frame.width)
        assert b.frame.y == pytest.approx(grid.grid.y + (b.start - 8 * 3600) * H / 3600)
        assert b.frame.height == pytest.approx((b.end - b.start) * H / 3600)
