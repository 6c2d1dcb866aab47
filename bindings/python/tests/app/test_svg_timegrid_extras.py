"""The week picture draws the core's timeline extras: the stretches outside the view's
business hours shaded (``rect.closed``, one per shade of ``TimeGrid.shades``, under the
events and hour lines) and the now-line where ``TimeGrid.line`` puts it."""
from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET

from kalends import DisplayMode, View
from kalends.app.render_svg import SvgRenderer
from kalends.editing import BusinessHours, Editing

SVG = "{http://www.w3.org/2000/svg}"


def test_closed_hours_are_shaded_from_the_views_business_hours() -> None:
    view = View(width=760)
    view.set_mode(DisplayMode.WEEK)
    view.go_to(dt.date(2026, 11, 4))
    plain = ET.fromstring(SvgRenderer().view(view, None))
    assert not [r for r in plain.iter(f"{SVG}rect") if r.get("class") == "closed"]
    Editing(view).set_business_hours([BusinessHours(d, 9 * 3600, 17 * 3600) for d in range(1, 6)])
    day = (dt.date(2026, 11, 4) - dt.date(1970, 1, 1)).days
    root = ET.fromstring(SvgRenderer().view(view, None, now=(day, 14 * 3600 + 20 * 60)))
    closed = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "closed"]
    # The picture shows 08:00 ... 18:00 (its style's hours): weekdays 08-09 and 17-18, the weekend whole.
    assert [(r.get("data-day"), r.get("data-start"), r.get("data-end")) for r in closed] == \
        [(str(dt.date(2026, 11, 2 + i)), a, b) for i in range(5) for a, b in (("08:00", "09:00"), ("17:00", "18:00"))] + \
        [(str(dt.date(2026, 11, 7 + i)), "08:00", "18:00") for i in range(2)]
    sat = next(r for r in closed if r.get("data-day") == "2026-11-07")
    mon = [r for r in closed if r.get("data-day") == "2026-11-02"]
    assert float(sat.get("height")) == 10 * float(mon[0].get("height"))
    (now,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "now-line"]
    assert now.get("data-time") == "14:20"
    y = float(next(now.iter(f"{SVG}circle")).get("cy"))
    top = float(mon[0].get("y"))                                   # 08:00
    assert abs(y - (top + (14 + 20 / 60 - 8) * float(mon[0].get("height")))) < 0.01


def test_a_group_beyond_max_stack_draws_its_first_boxes_and_one_more_item() -> None:
    from zoneinfo import ZoneInfo

    from kalends import Event, EventStore, TimeZone
    from kalends.app.render_timegrid import TimeGrid as Picture, TimeGridStyle
    from kalends.app.svg_events import EventLayer

    ny = ZoneInfo("America/New_York")
    view = View(width=760)
    view.set_mode(DisplayMode.WEEK)
    view.go_to(dt.date(2026, 11, 4))
    events = [Event.timed(i, f"Meeting {i}", dt.datetime(2026, 11, 4, 9, 10 * (i - 1), tzinfo=ny),
                          dt.datetime(2026, 11, 4, 10, 30, tzinfo=ny)) for i in range(1, 6)]
    layer = EventLayer(EventStore(events), TimeZone("America/New_York"), "bars", 3)
    root = ET.fromstring(Picture(SvgRenderer(), TimeGridStyle(max_stack=2)).picture(view, layer))
    boxes = [g for g in root.iter(f"{SVG}g") if g.get("class") == "timed-event"]
    (more,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "stack-more"]
    assert sorted(int(g.get("data-event", "0")) for g in boxes) == [1, 2]
    assert (more.get("data-day"), more.get("data-hidden")) == ("2026-11-04", "3")
    r = next(more.iter(f"{SVG}rect"))
    x = float(r.get("x"))
    for g in boxes:
        b = next(g.iter(f"{SVG}rect"))
        assert float(b.get("x")) + float(b.get("width")) <= x
    assert next(more.iter(f"{SVG}text")).text in ("+3 more", "+3")
    open_ = ET.fromstring(Picture(SvgRenderer()).picture(view, layer))
    assert len([g for g in open_.iter(f"{SVG}g") if g.get("class") == "timed-event"]) == 5


def test_background_events_are_drawn_behind_the_boxes() -> None:
    import dataclasses
    from zoneinfo import ZoneInfo

    from kalends import Event, EventStore, TimeZone
    from kalends.app.render_timegrid import TimeGrid as Picture, TimeGridStyle
    from kalends.app.svg_events import EventLayer

    ny = ZoneInfo("America/New_York")
    view = View(width=760)
    view.set_mode(DisplayMode.WEEK)
    view.go_to(dt.date(2026, 11, 4))
    focus = dataclasses.replace(Event.timed(1, "Focus", dt.datetime(2026, 11, 4, 9, tzinfo=ny),
                                            dt.datetime(2026, 11, 4, 12, tzinfo=ny)), source=7)
    meeting = Event.timed(2, "Meeting", dt.datetime(2026, 11, 4, 10, tzinfo=ny), dt.datetime(2026, 11, 4, 11, tzinfo=ny))
    layer = EventLayer(EventStore([focus, meeting]), TimeZone("America/New_York"), "bars", 3)
    root = ET.fromstring(Picture(SvgRenderer(), TimeGridStyle(background_source=7)).picture(view, layer))
    elements = list(root.iter())
    (bg,) = [e for e in elements if e.get("class") == "background-event"]
    boxes = [e for e in elements if e.get("class") == "timed-event"]
    assert [b.get("data-event") for b in boxes] == ["2"] and bg.get("data-event") == "1"
    assert elements.index(bg) < elements.index(boxes[0])              # behind the box
    box = next(boxes[0].iter(f"{SVG}rect"))
    assert float(bg.get("width")) > float(box.get("width"))          # the whole column
    assert float(bg.get("height")) == 3 * float(box.get("height"))   # 09:00-12:00 against 10:00-11:00
