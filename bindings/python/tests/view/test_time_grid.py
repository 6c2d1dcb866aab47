"""The core's time grid of week and day pages (kalends.time_grid): columns under the
view's day cells, hour rows, the strip's bars and the timed boxes placed by their wall
times in America/New_York across the DST change of 2026-11-01 (zoneinfo as the oracle),
and a point read back as a day and a time."""
from __future__ import annotations

import datetime as dt
import math
from zoneinfo import ZoneInfo

import pytest

import kalends
from kalends import DisplayMode, Event, EventStore, TimeZone, View
from kalends.time_grid import TimeGrid, TimeGridArea

NY = ZoneInfo("America/New_York")
HOUR_HEIGHT = 40.0


def at(y: int, m: int, d: int, h: int, mi: int = 0) -> dt.datetime:
    return dt.datetime(y, m, d, h, mi, tzinfo=NY)


def week_view(day: dt.date) -> View:
    view = View(width=700)
    view.set_mode(DisplayMode.WEEK)
    view.go_to(day)
    return view


def store_of(*events: Event) -> EventStore:
    return EventStore(list(events))


def wall_seconds(t: dt.datetime) -> int:
    local = t.astimezone(NY)
    return local.hour * 3600 + local.minute * 60 + local.second


def test_columns_hours_and_boxes_follow_the_wall_clock_across_the_fall_back() -> None:
    # The ISO week of 2026-11-01 (Sunday, its last day), which has 25 hours in New York: 01:00-02:00 happens twice.
    view = week_view(dt.date(2026, 11, 1))
    events = [Event.timed(1, "before", at(2026, 11, 1, 0, 30), at(2026, 11, 1, 1, 30)),
              Event.timed(2, "after", at(2026, 11, 1, 9), at(2026, 11, 1, 10, 15)),
              Event.timed(3, "overlap", at(2026, 11, 1, 9, 30), at(2026, 11, 1, 11)),
              Event.timed(4, "friday", at(2026, 10, 30, 14), at(2026, 10, 30, 15)),
              Event.timed(5, "long", at(2026, 10, 28, 8), at(2026, 10, 29, 9)),        # a day or more: the strip
              Event.on_days(6, "all day", dt.date(2026, 10, 27), dt.date(2026, 10, 28))]
    store = store_of(*events)
    grid = TimeGrid(view, store, TimeZone("America/New_York"), hour_height=HOUR_HEIGHT)
    cells = [e for e in view.layout() if e.kind == kalends.ElementKind.DAY]
    assert [c.day for c in grid.columns] == [dt.date.fromordinal(dt.date(1970, 1, 1).toordinal() + c.day_number)
                                             for c in cells]
    assert [c.frame.x for c in grid.columns] == [c.frame.x for c in cells]
    assert [c.frame.width for c in grid.columns] == [c.frame.width for c in cells]
    bottom = max(c.frame.y + c.frame.height for c in cells)
    assert grid.strip.y == bottom + 2 and grid.lanes == 2
    assert grid.grid.y == pytest.approx(grid.strip.y + grid.strip.height + 8)
    assert (grid.first_hour, grid.last_hour) == (0, 24) and len(grid.hours) == 24
    assert [h.frame.y for h in grid.hours] == [pytest.approx(grid.grid.y + h * HOUR_HEIGHT) for h in range(24)]
    assert grid.height == pytest.approx(grid.grid.y + 24 * HOUR_HEIGHT)
    # Timed boxes: by their wall times (zoneinfo), the strip's events not among them.
    by_id = {e.id: e for e in events}
    assert sorted(t.event for t in grid.items) == [1, 2, 3, 4]
    columns = {c.day: c.frame for c in grid.columns}
    for t in grid.items:
        e = by_id[t.event]
        start = dt.datetime.fromtimestamp(e.start, NY)
        end = dt.datetime.fromtimestamp(e.end, NY)
        assert t.day == start.date()
        assert t.frame.y == pytest.approx(grid.grid.y + wall_seconds(start) * HOUR_HEIGHT / 3600)
        assert t.frame.height == pytest.approx(max(18.0, (wall_seconds(end) - wall_seconds(start)) * HOUR_HEIGHT / 3600))
        assert columns[t.day].x <= t.frame.x < columns[t.day].x + columns[t.day].width
    two = {t.event: t for t in grid.items if t.event in (2, 3)}
    assert (two[2].column, two[3].column, two[2].columns) == (0, 1, 2)
    assert {b.event for b in grid.bars} == {5, 6}
    for b in grid.bars:
        assert grid.strip.y <= b.frame.y and b.frame.y + b.frame.height <= grid.strip.y + grid.strip.height


def test_a_point_reads_back_as_its_day_and_wall_time() -> None:
    view = week_view(dt.date(2026, 3, 8))     # spring forward: 02:00-03:00 does not happen
    store = store_of(Event.timed(1, "a", at(2026, 3, 8, 10, 15), at(2026, 3, 8, 11)))
    grid = TimeGrid(view, store, TimeZone("America/New_York"), hour_height=HOUR_HEIGHT)
    box = grid.items[0]
    spot = grid.spot(box.frame.x + 1, box.frame.y)
    assert (spot.area, spot.day, spot.seconds) == (TimeGridArea.GRID, dt.date(2026, 3, 8), 10 * 3600 + 15 * 60)
    sunday = next(c for c in grid.columns if c.day == dt.date(2026, 3, 8))
    two_thirty = grid.spot(sunday.frame.x + 2, grid.grid.y + 2.5 * HOUR_HEIGHT)
    assert (two_thirty.day, two_thirty.seconds) == (dt.date(2026, 3, 8), 2 * 3600 + 1800)   # a wall time, as drawn
    assert grid.spot(sunday.frame.x + 2, grid.strip.y + 1).area == TimeGridArea.NONE        # no strip events: 0 high
    assert grid.spot(-5, grid.grid.y + 5).area == TimeGridArea.NONE
    assert grid.spot(sunday.frame.x + 2, grid.grid.y + grid.grid.height + 1).area == TimeGridArea.NONE
    with pytest.raises(kalends.KalendsError):
        grid.spot(math.nan, 10)


def test_fit_events_widens_the_hours_to_the_events_only() -> None:
    view = week_view(dt.date(2026, 11, 23))
    store = store_of(Event.timed(1, "early", at(2026, 11, 24, 6, 15), at(2026, 11, 24, 8, 30)),
                     Event.timed(2, "late", at(2026, 11, 25, 19), at(2026, 11, 25, 20, 30)))
    zone = TimeZone("America/New_York")
    fitted = TimeGrid(view, store, zone, first_hour=8, last_hour=18, fit_events=1)
    assert (fitted.first_hour, fitted.last_hour) == (6, 21)
    assert len(fitted.hours) == 15
    plain = TimeGrid(view, store, zone, first_hour=8, last_hour=18)
    assert (plain.first_hour, plain.last_hour) == (8, 18)
    early = next(t for t in plain.items if t.event == 1)
    assert early.clipped_start and early.frame.y == pytest.approx(plain.grid.y)   # clipped to the hours shown
    empty = TimeGrid(view, None, zone, first_hour=8, last_hour=18, fit_events=1)
    assert (empty.first_hour, empty.last_hour, empty.items, empty.bars, empty.lanes) == (8, 18, [], [], 0)


def test_a_day_page_has_one_column_and_bad_options_change_nothing() -> None:
    view = View(width=320)
    view.set_mode(DisplayMode.DAY)
    view.go_to(dt.date(2026, 11, 24))
    grid = TimeGrid(view)
    assert [c.day for c in grid.columns] == [dt.date(2026, 11, 24)]
    for bad in ({"first_hour": 10, "last_hour": 9}, {"hour_height": 0}, {"hour_height": math.inf},
                {"strip_lanes": 0}, {"last_hour": 25}):
        with pytest.raises(kalends.KalendsError):
            TimeGrid(view, **bad)
    with pytest.raises(TypeError):
        TimeGrid(view, hours=3)
    with pytest.raises(kalends.KalendsError):
        TimeGrid(View())       # no width yet
