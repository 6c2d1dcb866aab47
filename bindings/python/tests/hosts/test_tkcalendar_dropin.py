"""kalends.tkcalendar is a drop-in for tkcalendar 1.5.0: one program that uses only
tkcalendar's documented API (tkcalendar_program.py) gives the same log with both, under
Xvfb, clicks and typing coming from xdotool. The differences the package's docstring
lists are the only ones: keys() holds tkcalendar's keys and kalends.tkcalendar's own."""
from __future__ import annotations

import datetime
from typing import Any, List, Tuple

import pytest

import required
import tkcalendar_program
from xserver import XServer, pump_tk, retype, screen_point, tk_root, wait_until

tkcalendar_oracle = required.module("tkcalendar", "the drop-in's oracle (PyPI tkcalendar 1.5.0)", version="1.5.0")
required.module("babel", "tkcalendar's own dependency")


class Person:
    """Clicks and types through xdotool; where a day is comes from each implementation."""

    def __init__(self, xserver: XServer, root: Any, ours: bool) -> None:
        self.x, self.root, self.ours = xserver, root, ours
        self.pump = pump_tk(root)

    def _click(self, widget: Any, x: float, y: float) -> None:
        self.pump()
        self.x.click(*screen_point(widget, x, y))
        for _ in range(5):
            self.pump()

    def click_day(self, calendar: Any, date: datetime.date) -> None:
        if self.ours:
            x, y, w, h = calendar.day_frame(date)
            self._click(calendar.canvas, x + w / 2, y + h / 2)
        else:   # tkcalendar's own day labels (its private grid: the test's way to find them)
            week, day = calendar._get_day_coords(date)
            label = calendar._calendar[week][day]
            self._click(label, label.winfo_width() / 2, label.winfo_height() / 2)

    def click_next(self, calendar: Any) -> None:
        if self.ours:
            from kalends.view import ElementKind
            x, y, w, h = calendar.element_frame(ElementKind.NEXT)
            self._click(calendar.canvas, x + w / 2, y + h / 2)
        else:
            button = calendar._r_month
            self._click(button, button.winfo_width() / 2, button.winfo_height() / 2)

    def type_into(self, entry: Any, text: str) -> None:
        self.pump()
        retype(self.x, entry, text, self.pump)
        assert wait_until(lambda: entry.get().startswith(text[:4]) or entry.get() != text, self.pump)
        for _ in range(5):
            self.pump()


def _log(module: Any, xserver: XServer, ours: bool) -> List[Tuple[Any, ...]]:
    root = tk_root(xserver)
    try:
        root.geometry("+0+0")
        return tkcalendar_program.run(module, root, Person(xserver, root, ours))
    finally:
        root.destroy()


@pytest.fixture(scope="module")
def logs(xserver: XServer) -> Tuple[List[Tuple[Any, ...]], List[Tuple[Any, ...]]]:
    import kalends.tkcalendar
    return _log(tkcalendar_oracle, xserver, False), _log(kalends.tkcalendar, xserver, True)


def test_the_program_gives_the_same_log(logs: Tuple[List[Tuple[Any, ...]], List[Tuple[Any, ...]]]) -> None:
    theirs, ours = logs
    assert len(theirs) > 140
    assert [entry[0] for entry in ours] == [entry[0] for entry in theirs]
    different = [(t, o) for t, o in zip(theirs, ours) if t != o]
    assert different == []


def test_the_log_holds_what_a_person_did(logs: Tuple[List[Tuple[Any, ...]], List[Tuple[Any, ...]]]) -> None:
    """Not a log of nothing: the clicks selected and paged, with tkcalendar's events."""
    _, ours = logs
    found = {entry[0]: entry for entry in ours}
    assert found["click a day"] == ("click a day", "=", ("11/24/26", (11, 2026), ["<<CalendarSelected>>"]))
    assert found["click next month"][2][1:] == ((12, 2026), ["<<CalendarMonthChanged>>"])
    assert found["entry typed"] == ("entry typed", "=", (datetime.date(2026, 12, 24), "2026-12-24"))
    assert found["configure bad selectmode"][1:3] == ("raised", "ValueError")


def test_keys_are_tkcalendars_and_ours(xserver: XServer) -> None:
    import kalends.tkcalendar
    from kalends.compat.tkcalendar.options import EXTRA_DEFAULTS
    root = tk_root(xserver)
    try:
        theirs = tkcalendar_oracle.Calendar(root, locale="en_US").keys()
        ours = kalends.tkcalendar.Calendar(root, locale="en_US").keys()
        assert ours == theirs + list(EXTRA_DEFAULTS)
        entry_theirs = set(tkcalendar_oracle.DateEntry(root, locale="en_US").keys())
        entry_ours = set(kalends.tkcalendar.DateEntry(root, locale="en_US").keys())
        assert entry_ours == entry_theirs | set(EXTRA_DEFAULTS)
    finally:
        root.destroy()
