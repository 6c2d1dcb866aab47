"""A program that uses only tkcalendar's documented API (options, methods, virtual events,
exceptions), written once and run against ``tkcalendar`` and ``kalends.tkcalendar``: it
returns a log of every result, and the two logs must match (test_tkcalendar_dropin.py).
What a person does (clicks, typing) comes in through ``user``, which drives xdotool."""
from __future__ import annotations

import datetime
from typing import Any, Callable, List, Protocol, Tuple


class User(Protocol):
    def click_day(self, calendar: Any, date: datetime.date) -> None: ...
    def click_next(self, calendar: Any) -> None: ...
    def type_into(self, entry: Any, text: str) -> None: ...
    def pump(self) -> None: ...


def run(tkcalendar: Any, root: Any, user: User) -> List[Tuple[Any, ...]]:
    import tkinter as tk
    log: List[Tuple[Any, ...]] = []

    def record(label: str, fn: Callable[[], Any]) -> None:
        try:
            value = fn()
        except Exception as e:   # noqa: BLE001: the exception is the result
            log.append((label, "raised", type(e).__name__, str(e)))
        else:
            log.append((label, "=", value))

    d = datetime.date
    events: List[str] = []
    cal = tkcalendar.Calendar(root, selectmode="day", locale="en_US", year=2026, month=11, day=18,
                              firstweekday="sunday", mindate=d(2025, 1, 1), maxdate=d(2027, 6, 30),
                              weekenddays=[1, 7])
    cal.pack()
    for name in ("<<CalendarSelected>>", "<<CalendarMonthChanged>>"):
        cal.bind(name, lambda e, name=name: events.append(name))
    user.pump()

    def state(label: str) -> None:
        record(label + " get_date", cal.get_date)
        record(label + " selection_get", cal.selection_get)
        record(label + " displayed", cal.get_displayed_month)

    state("start")
    for key in ("firstweekday", "locale", "date_pattern", "weekenddays", "selectmode", "mindate", "maxdate",
                "showweeknumbers", "showothermonthdays", "selectbackground", "normalbackground", "tooltipdelay",
                "state", "borderwidth"):
        record("cget " + key, lambda key=key: cal.cget(key))
        record("[] " + key, lambda key=key: cal[key])
    record("format_date", lambda: cal.format_date(d(2026, 1, 5)))
    record("parse_date", lambda: cal.parse_date("1/5/26"))
    record("parse_date 4-digit year", lambda: cal.parse_date("12/31/2026"))
    record("parse_date swapped", lambda: cal.parse_date("25/12/26"))
    record("parse_date junk", lambda: cal.parse_date("junk"))

    cal.see(d(2027, 3, 9))
    state("see")
    cal.see(datetime.datetime(2026, 2, 1, 12, 0))
    state("see datetime")
    record("see bad", lambda: cal.see("2026-01-01"))
    cal.selection_set(d(2026, 12, 25))
    state("selection_set")
    cal.selection_set("2/3/26")
    state("selection_set text")
    record("selection_set junk", lambda: cal.selection_set("junk"))
    cal.selection_set(d(2030, 1, 1))
    state("selection_set beyond maxdate")
    cal.selection_set(d(2020, 1, 1))
    state("selection_set before mindate")
    cal.selection_clear()
    state("selection_clear")
    cal.selection_set(datetime.datetime(2026, 11, 3, 8, 30))
    state("selection_set datetime")
    record("events from the API", lambda: list(events))

    # calevents and tags
    a = cal.calevent_create(d(2026, 11, 4), "Meeting", "work")
    b = cal.calevent_create(d(2026, 11, 4), "Lunch", ["food", "work"])
    c = cal.calevent_create(datetime.datetime(2026, 11, 20, 9), "Trip", [])
    record("ids", lambda: (a, b, c))
    record("get_calevents", lambda: cal.get_calevents())
    record("get_calevents date", lambda: cal.get_calevents(date=d(2026, 11, 4)))
    record("get_calevents tag", lambda: cal.get_calevents(tag="work"))
    record("get_calevents date tag", lambda: cal.get_calevents(date=d(2026, 11, 4), tag="food"))
    record("get_calevents empty day", lambda: cal.get_calevents(date=d(2026, 11, 5)))
    record("get_calevents bad", lambda: cal.get_calevents(date="x"))
    record("calevent_cget", lambda: [cal.calevent_cget(b, o) for o in ("date", "text", "tags")])
    record("calevent_cget unknown option", lambda: cal.calevent_cget(b, "colour"))
    record("calevent_cget unknown id", lambda: cal.calevent_cget(99, "text"))
    cal.calevent_configure(c, date=d(2026, 11, 4), text="Trip!", tags="travel")
    record("configured", lambda: (cal.calevent_cget(c, "date"), cal.calevent_cget(c, "text"),
                                  cal.calevent_cget(c, "tags"), cal.get_calevents(date=d(2026, 11, 4))))
    record("calevent_configure bad key", lambda: cal.calevent_configure(a, colour="red"))
    record("calevent_configure bad date", lambda: cal.calevent_configure(a, date="x"))
    record("calevent_configure unknown", lambda: cal.calevent_configure(42, text="x"))
    cal.calevent_raise(c)
    record("raised", lambda: cal.get_calevents(date=d(2026, 11, 4)))
    cal.calevent_lower(c, a)
    record("lowered below", lambda: cal.get_calevents(date=d(2026, 11, 4)))
    record("raise above missing", lambda: cal.calevent_raise(a, 77))
    cal.tag_config("work", background="red", foreground="yellow")
    record("tag_cget", lambda: (cal.tag_cget("work", "background"), cal.tag_cget("work", "foreground"),
                                cal.tag_cget("food", "background")))
    record("tag_cget unknown tag", lambda: cal.tag_cget("nope", "background"))
    record("tag_cget unknown option", lambda: cal.tag_cget("work", "font"))
    record("tag_names", lambda: sorted(cal.tag_names()))
    cal.tag_delete("food")
    record("tag deleted", lambda: (sorted(cal.tag_names()), cal.calevent_cget(b, "tags")))
    record("tag_delete unknown", lambda: cal.tag_delete("food"))
    cal.calevent_remove(a)
    record("removed one", lambda: cal.get_calevents())
    cal.calevent_remove(tag="travel")
    record("removed by tag", lambda: cal.get_calevents())
    cal.calevent_create(d(2026, 11, 6), "x", "t")
    cal.calevent_remove("all")
    record("removed all", lambda: cal.get_calevents())
    record("calevent_create bad date", lambda: cal.calevent_create("2026-11-01", "x"))

    # options: good and bad
    cal.configure(date_pattern="y-mm-dd")
    record("date_pattern y-mm-dd", lambda: (cal.cget("date_pattern"), cal.get_date(), cal.parse_date("2026-02-09")))
    cal.configure({"date_pattern": "dd/m/yy"})
    record("date_pattern dd/m/yy", lambda: (cal.cget("date_pattern"), cal.get_date()))
    cal["date_pattern"] = "short"
    record("date_pattern short", lambda: (cal.cget("date_pattern"), cal.get_date()))
    cal.configure(firstweekday="monday", showweeknumbers=False, showothermonthdays=False)
    record("reconfigured", lambda: (cal["firstweekday"], cal["showweeknumbers"], cal["showothermonthdays"],
                                    cal.get_date(), cal.get_displayed_month()))
    cal.configure(maxdate=d(2026, 10, 1))
    state("maxdate moved before the selection")
    cal.configure(maxdate=None, mindate=None)
    for label, kw in (("selectmode", {"selectmode": "week"}), ("firstweekday", {"firstweekday": 3}),
                      ("weekenddays 1", {"weekenddays": [1]}), ("weekenddays int", {"weekenddays": 5}),
                      ("weekenddays range", {"weekenddays": [0, 8]}), ("mindate", {"mindate": "2026-01-01"}),
                      ("maxdate", {"maxdate": 7}), ("date_pattern", {"date_pattern": "qq"}),
                      ("state", {"state": "sleepy"}), ("borderwidth", {"borderwidth": "thick"}),
                      ("unknown", {"colour": "red"})):
        record("configure bad " + label, lambda kw=kw: cal.configure(**kw))
        record("new bad " + label, lambda kw=kw: type(tkcalendar.Calendar(root, **kw)).__name__)
    record("new min > max", lambda: tkcalendar.Calendar(root, mindate=d(2026, 2, 1), maxdate=d(2026, 1, 1)))
    record("cget unknown", lambda: cal.cget("colour"))
    record("configure not a dict", lambda: cal.configure(["x"]))
    record("state disabled", lambda: cal.configure(state="disabled"))
    cal.selection_set(d(2026, 11, 9))
    record("selection_set while disabled", cal.get_date)
    cal.configure(state="normal")

    # selectmode none
    quiet = tkcalendar.Calendar(root, selectmode="none", locale="en_US", year=2026, month=5, day=2)
    record("none: selection_get", quiet.selection_get)
    record("none: get_date", quiet.get_date)
    quiet.selection_set(d(2026, 5, 3))
    record("none: after selection_set", lambda: (quiet.selection_get(), quiet.get_displayed_month()))
    record("year/month without day", lambda: (lambda c: (c.selection_get(), c.get_displayed_month()))(
        tkcalendar.Calendar(root, locale="en_US", year=2025, month=7)))

    # textvariable
    var = tk.StringVar(root, value="3/4/26")
    linked = tkcalendar.Calendar(root, textvariable=var, locale="en_US")
    record("textvariable start", lambda: (linked.selection_get(), linked.get_displayed_month()))
    var.set("7/8/26")
    record("textvariable set", lambda: (linked.selection_get(), var.get()))
    linked.selection_set(d(2026, 9, 10))
    record("textvariable follows", var.get)
    var.set("")
    record("textvariable cleared", linked.selection_get)
    linked.selection_clear()
    record("textvariable after clear", var.get)

    # a person clicks
    events.clear()
    cal.see(d(2026, 11, 1))
    user.pump()
    user.click_day(cal, d(2026, 11, 24))
    record("click a day", lambda: (cal.get_date(), cal.get_displayed_month(), list(events)))
    events.clear()
    user.click_next(cal)
    record("click next month", lambda: (cal.get_date(), cal.get_displayed_month(), list(events)))
    events.clear()
    user.click_day(cal, d(2026, 12, 31))
    record("click a day after paging", lambda: (cal.get_date(), cal.selection_get(), list(events)))

    # DateEntry
    entry = tkcalendar.DateEntry(root, locale="en_US", date_pattern="dd/mm/yyyy", year=2026, month=11, day=28)
    entry.pack()
    user.pump()
    record("entry start", lambda: (entry.get(), entry.get_date()))
    entry.set_date(d(2026, 2, 1))
    record("entry set_date", lambda: (entry.get(), entry.get_date()))
    entry.set_date("05/06/2026")
    record("entry set_date text", lambda: (entry.get(), entry.get_date()))
    record("entry set_date junk", lambda: entry.set_date("junk"))
    record("entry cget", lambda: (entry.cget("date_pattern"), entry.cget("locale"), entry["width"],
                                  entry.cget("state")))
    entry.configure(date_pattern="y-mm-dd")
    record("entry date_pattern", entry.get)
    entry.configure(width=20, justify="center")
    record("entry entry options", lambda: (entry.cget("width"), entry.cget("justify")))
    user.type_into(entry, "2026-12-24")
    record("entry typed", lambda: (entry.get_date(), entry.get()))
    user.type_into(entry, "not a date")
    record("entry typed junk", lambda: (entry.get_date(), entry.get()))
    bounded = tkcalendar.DateEntry(root, locale="en_US", maxdate=d(2026, 1, 31), year=2026, month=1, day=10)
    bounded.set_date(d(2026, 3, 1))
    record("entry beyond maxdate", lambda: (bounded.get(), bounded.get_date()))
    record("entry configure not a dict", lambda: entry.configure(3))
    for w in (cal, quiet, linked, entry, bounded):
        w.destroy()
    return log
