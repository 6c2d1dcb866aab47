"""Month bars on a page of several months from Python (View.event_bars,
kalends_view_event_bars): each month's bars are its one-month page's (rows counted
across the page), and a pointer grabs a bar in any month of the page and moves it by
days (the editing claimer's hit test of bars)."""
from __future__ import annotations

import datetime as dt

import kalends
from kalends import DisplayMode, Event, EventStore, TimeZone, View
from kalends.editing import Editing

D = dt.date
EPOCH = D(1970, 1, 1)


def events() -> list[Event]:
    out = []
    for i in range(80):   # 1 to 9 days from October 25 to February 5, a fixed sequence
        first = D(2026, 10, 25) + dt.timedelta(days=(i * 37) % 103)
        out.append(Event.on_days(i + 1, f"e{i}", first, first + dt.timedelta(days=(i * 5) % 9)))
    return out


def test_each_months_bars_are_its_one_month_pages() -> None:
    store = EventStore(events())
    page = View(width=3 * 420 + 2 * 16, months=3, month_columns=3, month_spacing=16)
    page.go_to(D(2026, 11, 1))
    bars, more = page.event_bars(store)
    got = [(b.event, b.row, b.first_column, b.last_column, b.lane) for b in bars]
    want: list[tuple[int, int, int, int, int]] = []
    want_more = []
    for p, first in enumerate((D(2026, 11, 1), D(2026, 12, 1), D(2027, 1, 1))):
        one = View(width=420)
        one.go_to(first)
        theirs, their_more = one.event_bars(store)
        want += [(b.event, b.row + 6 * p, b.first_column, b.last_column, b.lane) for b in theirs]
        want_more += [(m.day, m.hidden) for m in their_more]
    assert got == want and len(got) > 40
    assert [(m.day, m.hidden) for m in more] == want_more


def test_a_pointer_moves_a_bar_in_the_third_month() -> None:
    view = View(width=3 * 420 + 2 * 16, months=3, month_columns=3, month_spacing=16)
    view.go_to(D(2026, 11, 1))
    store = EventStore([Event.on_days(1, "trip", D(2027, 1, 12), D(2027, 1, 13))])
    zone = TimeZone("UTC")
    view.set_store(store, zone)
    editing = Editing(view)
    editing.set_options(editable=True)
    bars, _ = view.event_bars(store, zone)
    assert len(bars) == 1 and bars[0].row >= 12   # January: the third month's rows
    bar = bars[0].frame
    days = view.days()
    cells = [e for e in view.layout() if e.kind == kalends.ElementKind.DAY]
    target = next(e.frame for e in cells if e.index >= 12 * 7 and days[e.index].day_number == (D(2027, 1, 20) - EPOCH).days)
    view.press(bar.x + 3, bar.y + bar.height / 2, time=0.0)
    view.drag(target.x + target.width / 2, target.y + target.height / 2, time=0.1)
    _, action = view.release(target.x + target.width / 2, target.y + target.height / 2, time=0.2)
    assert action.outcome == kalends.Outcome.EDITED
    e = store.get(1)
    assert (EPOCH + dt.timedelta(days=e.start), e.end - e.start) == (D(2027, 1, 20), 1)
