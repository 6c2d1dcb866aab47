"""Typical user code, checked with ``mypy --strict`` (``make typecheck``) and run by
test_typing.py: the package's annotations must serve the code people write."""
from __future__ import annotations

import dataclasses
import datetime as dt

import kalends
import kalends.kiwisolver as kiwi
from kalends import (
    Attribute, AutoLayout, Calendar, Constraint, DisplayMode, Event, EventStore, Key, Rows, SelectionMode, TimeZone,
    View, Weekday,
)


def month_text(cal: Calendar, year: int, month: int) -> str:
    lines = []
    for week in cal.month_grid(year, month, rows=Rows.VARIABLE):
        cells = [f"{d.day:2d}" if d.in_month else "  " for d in week.days]
        lines.append(f"{week.week_of_year.week:2d} | " + " ".join(cells))
    return "\n".join(lines)


def agenda(store: EventStore, first: dt.date, last: dt.date, zone: TimeZone) -> list[str]:
    out: list[str] = []
    for event in store.query(first, last, zone):
        when = event.start_time
        out.append(f"{when} {event.title}{' (all day)' if event.all_day else ''}")
    return out


def main() -> list[str]:
    cal = Calendar(first_weekday=Weekday.SUNDAY, today=dt.date(2026, 11, 22))
    report = [month_text(cal, 2026, 11)]
    assert cal.week_of_year(dt.date(2026, 11, 22)).week >= 1

    view = View(cal, width=390, selection_mode=SelectionMode.RANGE)
    picked: list[object] = []
    view.set_callbacks(did_select=picked.append)
    view.select(dt.date(2026, 11, 20))
    view.select(dt.date(2026, 11, 24))
    element, action = view.tap(120, 200)
    report.append(f"{element.kind.name} {action.outcome.name} {len(view.layout())} elements")
    view.key(Key.RIGHT)
    view.set_mode(DisplayMode.WEEK)

    paris = TimeZone("Europe/Paris")
    start = dt.datetime(2026, 11, 23, 9, 30, tzinfo=dt.timezone.utc)
    standup = Event.timed(1, "Standup", start, start + dt.timedelta(minutes=15))
    trip = Event.on_days(2, "Trip", dt.date(2026, 11, 27), dt.date(2026, 12, 3), color=0xD0021BFF)
    raw = Event(id=3, start=0, end=3600)           # a timed hour on 1970-01-01
    assert not raw.all_day and trip.all_day
    store = EventStore([standup, trip, raw])
    store.update(dataclasses.replace(trip, title="Trip ✈"))
    report += agenda(store, dt.date(2026, 11, 1), dt.date(2026, 11, 30), paris)
    bars, more = view.event_bars(store, paris, max_lanes=2)
    report.append(f"{len(bars)} bars, {len(more)} more")
    for item in store.timeline(dt.date(2026, 11, 23), paris, hour_height=40):
        report.append(f"{item.event}: {item.frame.y:.0f} {item.frame.height:.0f}")

    layout = AutoLayout()
    box = layout.add_item()
    layout.set_item_size(kalends.SCREEN, 390, 844)
    for attribute in (Attribute.LEFT, Attribute.TOP, Attribute.WIDTH):
        layout.add_constraint(Constraint(box, attribute, second_item=kalends.SCREEN, second_attribute=attribute))
    layout.add_constraint(Constraint(box, Attribute.HEIGHT, constant=100))
    layout.solve()
    report.append(str(layout.frame(box)))

    x, y = kiwi.Variable("x"), kiwi.Variable("y")
    solver = kiwi.Solver()
    solver.addConstraint(x + y == 100)
    solver.addConstraint((x == 3 * y) | "strong")
    solver.updateVariables()
    report.append(f"x={x.value():g} y={y.value():g}")
    return report


if __name__ == "__main__":
    print("\n".join(main()))
