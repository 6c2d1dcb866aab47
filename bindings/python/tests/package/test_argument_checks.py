"""Every public function checks its arguments before ctypes sees them.

ctypes keeps the low bits of an int that does not fit its C type (``2**64 + 5`` is 5)
and raises its own ``ctypes.ArgumentError`` for wrong types. So this test walks the
public API: each public callable has a valid call below whose arguments are marked with
their kind (``I32(5, "id")``: an int32 argument named id); the walker puts, one
argument at a time, values that cannot fit (``2**64 + n``, ``2**32 + n``, ``-2**63 - 1``,
...) and values of the wrong type (floats, None, strings, ...) in its place, and
requires OutOfRangeError (or OverflowError) or a TypeError whose message names the
argument, never another exception and never a call that goes through. A last test
checks that the table covers every public callable, so a new one cannot be missed.
"""
from __future__ import annotations

import ctypes
import dataclasses
import datetime as dt
import inspect
import enum
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Iterator

import pytest

import kalends
from kalends import (
    SCREEN, Attribute, AutoLayout, Calendar, CalendarOptions, Constraint, Date, Event, EventStore, Metrics, Plugin,
    Locale, PointerOptions, RowHeight, Scroll, TimeZone, View, ViewOptions,
)

ROOT = Path(__file__).resolve().parents[4]
PLUGIN = ROOT / ".build" / "plugins" / "libholidays_c.so"
RULES = ROOT / "plugins" / "rules" / "us.rules"
TODAY = dt.date(2026, 11, 22)
RANGE_ERRORS = (kalends.OutOfRangeError, OverflowError)


# -- argument kinds ------------------------------------------------------------------


@dataclasses.dataclass
class Arg:
    """A valid argument value and the name the error messages must use."""

    value: Any
    name: str
    #: None is a valid value too (an optional argument)
    optional: bool = dataclasses.field(default=False, kw_only=True)

    def hostile(self) -> Iterator[tuple[Any, tuple[type[BaseException], ...]]]:
        """(value, exceptions allowed) to put in this argument's place."""
        raise NotImplementedError


@dataclasses.dataclass
class Int(Arg):
    low: int = 0
    high: int = 0
    bits: int = 0
    #: dates are valid here too (lists of days take day numbers and dates)
    or_date: bool = False

    def hostile(self) -> Iterator[tuple[Any, tuple[type[BaseException], ...]]]:
        v = self.value
        candidates = {self.high + 1, self.low - 1, v + 2**self.bits, v - 2**self.bits, v + 2**32, v - 2**32,
                      2**64 + v, -(2**63) - 1, 2**63, 2**100, -(2**100)}
        for n in sorted(candidates):
            if not self.low <= n <= self.high:
                yield n, RANGE_ERRORS
        for wrong in (float(v) + 0.5, float(v), None, str(v), b"1", [v]) + (() if self.or_date else (TODAY,)):
            yield wrong, (TypeError,)


def opt(arg: Arg) -> Arg:
    """The argument may also be None."""
    arg.optional = True
    return arg


def I32(value: int, name: str) -> Int:
    return Int(value, name, -(2**31), 2**31 - 1, 32)


def I64(value: int, name: str) -> Int:
    return Int(value, name, -(2**63), 2**63 - 1, 64)


def day_item(value: int) -> Int:
    """A day number in a list that takes day numbers and dates."""
    return Int(value, "dates item", -(2**31), 2**31 - 1, 32, or_date=True)


def U32(value: int, name: str) -> Int:
    return Int(value, name, 0, 2**32 - 1, 32)


def U64(value: int, name: str) -> Int:
    return Int(value, name, 0, 2**64 - 1, 64)


class F(Arg):
    """A double."""

    def hostile(self) -> Iterator[tuple[Any, tuple[type[BaseException], ...]]]:
        yield 2**1100, RANGE_ERRORS   # no double holds it
        for wrong in (None, "1.5", b"1", [1.0], 1j, object()):
            yield wrong, (TypeError,)


class D(Arg):
    """A date (datetime.date or kalends.Date)."""

    def hostile(self) -> Iterator[tuple[Any, tuple[type[BaseException], ...]]]:
        for wrong in (None, "2026-11-22", 20000, 2026.5, SimpleNamespace(year=2026.0, month=11, day=22)):
            yield wrong, (TypeError,)
        yield SimpleNamespace(year=2**32 + 2026, month=11, day=22), RANGE_ERRORS + (TypeError,)
        yield SimpleNamespace(year=2026, month=2**64 + 11, day=22), RANGE_ERRORS + (TypeError,)


class DateItem(D):
    """A date in a list that takes day numbers and dates."""

    def hostile(self) -> Iterator[tuple[Any, tuple[type[BaseException], ...]]]:
        for value, allowed in super().hostile():
            if not isinstance(value, int):
                yield value, allowed


class DT(Arg):
    """A datetime.datetime."""

    def hostile(self) -> Iterator[tuple[Any, tuple[type[BaseException], ...]]]:
        for wrong in (None, "2026-11-22T10:00", 1_800_000_000, 1.5, dt.date(2026, 11, 22)):
            yield wrong, (TypeError,)


class S(Arg):
    """A str."""

    def hostile(self) -> Iterator[tuple[Any, tuple[type[BaseException], ...]]]:
        for wrong in (5, 1.5, b"bytes", ["x"]):
            yield wrong, (TypeError,)


class Typed(Arg):
    """Typed text: a str or bytes (Locale.parse_date, parse_time)."""

    def hostile(self) -> Iterator[tuple[Any, tuple[type[BaseException], ...]]]:
        for wrong in (5, 1.5, None, ["x"]):
            yield wrong, (TypeError,)


class B(Arg):
    """A bool (ints pass as truth values)."""

    def hostile(self) -> Iterator[tuple[Any, tuple[type[BaseException], ...]]]:
        for wrong in ("yes", 1.5, None, [True]):
            yield wrong, (TypeError,)


class O(Arg):
    """An object of a kalends class (or a callable, a source, a sequence)."""

    def hostile(self) -> Iterator[tuple[Any, tuple[type[BaseException], ...]]]:
        for wrong in (5, "x", 1.5, object()):
            yield wrong, (TypeError,)


class T(Arg):
    """A tuple of numbers (size, rect, insets); its items are marked too."""

    def hostile(self) -> Iterator[tuple[Any, tuple[type[BaseException], ...]]]:
        for wrong in (None, "abcd", 5, (1.0,) * 7):
            yield wrong, (TypeError,)


def tup(name: str, *labels_and_values: tuple[str, float]) -> T:
    return T(tuple(F(v, f"{name}.{label}") for label, v in labels_and_values), name)


def rect(name: str, x: float, y: float, w: float, h: float) -> T:
    return tup(name, ("x", x), ("y", y), ("width", w), ("height", h))


def size(name: str, w: float, h: float) -> T:
    return tup(name, ("width", w), ("height", h))


# -- building calls ------------------------------------------------------------------

Path_ = tuple[Any, ...]


def markers(value: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Arg]]:
    """Every marked argument in a call's (args, kwargs), with its path."""
    if isinstance(value, Arg):
        yield path, value
        inner = value.value
        if isinstance(value, T) or isinstance(inner, (list, tuple, dict)):
            yield from markers(inner, path + ("value",))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from markers(v, path + (i,))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from markers(v, path + (k,))


def build(value: Any, path: Path_ = (), target: Path_ | None = None, replacement: Any = None) -> Any:
    """The real values of a marked structure, with the argument at ``target`` replaced."""
    if target is not None and path == target:
        return replacement
    if isinstance(value, Arg):
        return build(value.value, path + ("value",), target, replacement)
    if isinstance(value, list):
        return [build(v, path + (i,), target, replacement) for i, v in enumerate(value)]
    if isinstance(value, tuple):
        return tuple(build(v, path + (i,), target, replacement) for i, v in enumerate(value))
    if isinstance(value, dict):
        return {k: build(v, path + (k,), target, replacement) for k, v in value.items()}
    return value


# -- the valid calls -----------------------------------------------------------------


def calendar() -> Calendar:
    return Calendar(today=TODAY)


def view() -> View:
    return View(calendar(), width=390)


def pressed_view() -> View:
    v = view()
    v.press(100.0, 200.0, time=0.0)
    return v


POINTER_EVENT = {"time": opt(F(1.0, "time")), "kind": opt(I32(0, "kind"))}
POINTER_OPTION_FIELDS = {"drag_select": I32(1, "drag_select"), "slop": F(8.0, "slop"),
                         "long_press_duration": F(0.5, "long_press_duration"),
                         "edge_hold_duration": F(0.6, "edge_hold_duration"), "edge_width": F(16.0, "edge_width"),
                         "swipe_axis": I32(1, "swipe_axis"), "swipe_distance": F(0.5, "swipe_distance"),
                         "swipe_velocity": F(300.0, "swipe_velocity")}


def store() -> EventStore:
    return EventStore([Event.on_days(5, "five", dt.date(2026, 11, 5)), Event.on_days(6, "six", TODAY)])


def event(n: int = 1) -> Event:
    return Event.on_days(n, "one", TODAY)


def layout() -> AutoLayout:
    al = AutoLayout()
    al.set_item_size(SCREEN, 390, 844)
    box = al.add_item()      # item 2
    for attribute in (Attribute.LEFT, Attribute.TOP, Attribute.WIDTH, Attribute.HEIGHT):
        al.add_constraint(Constraint(box, attribute, second_item=SCREEN, second_attribute=attribute))
    al.solve()
    return al


class FetchSource:
    def fetch(self, first: dt.date, last: dt.date) -> list[Event]:
        return []


def view_with_source() -> tuple[View, int]:
    v = view()
    v.set_store(EventStore())
    return v, v.add_source(FetchSource())


def hebrew() -> kalends.CalendarSystem:
    return kalends.CalendarSystem("hebrew")


HEBREW_MONTH = (I32(0, "era"), I32(5787, "year"), I32(3, "month"))
HEBREW_DATE = HEBREW_MONTH + (I32(14, "day"),)


def plugin() -> Plugin:
    if not PLUGIN.exists():
        pytest.fail(f"{PLUGIN} is missing: run `make plugins` first (make test does)")
    return Plugin(str(PLUGIN), str(RULES))


CALENDAR_FIELDS = {"first_weekday": I32(7, "first_weekday"), "min_days_in_first_week": I32(1, "min_days_in_first_week"),
                   "today": opt(D(TODAY, "today")), "weekend_days": O(frozenset({6, 7}), "weekend_days"),
                   "system": S("hebrew", "system"), "secondary_system": opt(S("chinese", "secondary_system")),
                   "locale": S("fr_FR", "locale")}
OPTION_FIELDS = {"mode": I32(0, "mode"), "rows": I32(0, "rows"), "out_dates": I32(0, "out_dates"),
                 "selection_mode": I32(1, "selection_mode"), "out_date_tap": I32(0, "out_date_tap"),
                 "right_to_left": B(False, "right_to_left"), "min_date": opt(D(dt.date(2000, 1, 1), "min_date")),
                 "max_date": opt(D(dt.date(2100, 1, 1), "max_date")), "in_dates": I32(1, "in_dates"),
                 "months": I32(2, "months"), "page_behavior": I32(1, "page_behavior"),
                 "month_columns": I32(2, "month_columns"), "month_spacing": F(8.0, "month_spacing")}
METRIC_FIELDS = {"width": F(390.0, "width"), "header_height": F(44.0, "header_height"),
                 "weekday_height": F(20.0, "weekday_height"), "column_spacing": F(0.0, "column_spacing"),
                 "row_spacing": F(0.0, "row_spacing"), "scale": F(2.0, "scale"),
                 "insets": tup("insets", ("top", 0), ("left", 0), ("bottom", 0), ("right", 0)),
                 "row_height": O(RowHeight.fixed(40), "row_height")}
EVENT_FIELDS = {"title": S("x", "title"), "all_day": B(True, "all_day"), "start": I64(20000, "start"),
                "end": I64(20001, "end"), "color": U32(0x4A90E2FF, "color"), "source": I32(3, "source"),
                "user_value": U64(7, "user_value")}
CONSTRAINT_FIELDS = {"relation": I32(0, "relation"), "second_item": opt(I32(SCREEN, "second_item")),
                     "second_attribute": opt(I32(int(Attribute.WIDTH), "second_attribute")),
                     "multiplier": F(0.5, "multiplier"), "constant": F(10.0, "constant"),
                     "alt_item": opt(I32(SCREEN, "alt_item")), "alt_basis": I32(5, "alt_basis"),
                     "alt_multiplier": F(1.0, "alt_multiplier"), "priority": F(750.0, "priority")}
TIMELINE_OPTIONS = {"first_hour": I32(0, "first_hour"), "last_hour": I32(24, "last_hour"), "left": F(0.0, "left"),
                    "top": F(0.0, "top"), "width": F(300.0, "width"), "hour_height": F(40.0, "hour_height"),
                    "min_height": F(10.0, "min_height"), "spacing": F(1.0, "spacing")}
BAR_OPTIONS = {"max_lanes": I32(2, "max_lanes"), "bar_height": F(14.0, "bar_height"),
               "lane_spacing": F(2.0, "lane_spacing"), "top_inset": F(20.0, "top_inset"),
               "side_inset": F(2.0, "side_inset")}
VIEWPORT = rect("viewport", 0, 0, 390, 800)
PARIS = "Europe/Paris"


def _calls() -> dict[str, Callable[[], tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]]]:
    """name -> a factory of (callable, marked args, marked kwargs) on fresh objects."""
    zone = lambda: opt(O(TimeZone(PARIS), "zone"))  # noqa: E731
    return {
        "status_string": lambda: (kalends.status_string, (I32(0, "status"),), {}),
        "date_from_day_number": lambda: (kalends.date_from_day_number, (I32(20000, "day_number"),), {}),
        "day_number": lambda: (kalends.day_number, (D(TODAY, "date"),), {}),
        "day_of_year": lambda: (kalends.day_of_year, (D(TODAY, "date"),), {}),
        "iso_week": lambda: (kalends.iso_week, (D(TODAY, "date"),), {}),
        "weekday": lambda: (kalends.weekday, (D(TODAY, "date"),), {}),
        "year_days_in_month": lambda: (kalends.year_days_in_month, (I32(2026, "year"), I32(2, "month")), {}),
        "year_is_leap": lambda: (kalends.year_is_leap, (I32(2024, "year"),), {}),
        "curve_value": lambda: (kalends.curve_value, (I32(1, "curve"), F(0.5, "progress")), {}),
        "Date": lambda: (Date, (I32(2026, "year"), I32(11, "month"), I32(22, "day")), {}),
        "Date.from_day_number": lambda: (Date.from_day_number, (I32(20000, "day_number"),), {}),
        "Date.from_date": lambda: (Date.from_date, (D(TODAY, "date"),), {}),
        "Calendar": lambda: (Calendar, (), dict(CALENDAR_FIELDS)),
        "CalendarOptions": lambda: (lambda **kw: Calendar(CalendarOptions(**kw)), (), dict(CALENDAR_FIELDS)),
        "Calendar.set_options": lambda: (calendar().set_options, (opt(O(CalendarOptions(), "options")),),
                                         dict(CALENDAR_FIELDS)),
        "Calendar.week_of_year": lambda: (calendar().week_of_year, (D(TODAY, "date"),), {}),
        "Calendar.month_grid": lambda: (calendar().month_grid, (I32(2026, "year"), I32(11, "month"),
                                                                I32(1, "rows")), {}),
        "Calendar.month_dates": lambda: (calendar().month_dates, (I32(2026, "year"), I32(11, "month"),
                                                                  I32(0, "rows")), {}),
        "Calendar.month_range": lambda: (calendar().month_range, (I32(2026, "year"), I32(11, "month"),
                                                                  I32(0, "rows")), {}),
        "Calendar.week_grid": lambda: (calendar().week_grid, (D(TODAY, "date"),), {}),
        "Calendar.week_range": lambda: (calendar().week_range, (D(TODAY, "date"),), {}),
        "View": lambda: (View, (opt(O(calendar(), "calendar")),), {**OPTION_FIELDS, **METRIC_FIELDS}),
        "ViewOptions": lambda: (lambda **kw: View(options=ViewOptions(**kw), width=390), (), dict(OPTION_FIELDS)),
        "Metrics": lambda: (lambda **kw: View(metrics=Metrics(**kw)), (), dict(METRIC_FIELDS)),
        "RowHeight": lambda: (lambda *a: View(width=390, row_height=RowHeight(*a)),
                              (I32(1, "row_height.mode"), F(40.0, "row_height.value")), {}),
        "RowHeight.fixed": lambda: (RowHeight.fixed, (F(40.0, "points"),), {}),
        "RowHeight.aspect_ratio": lambda: (RowHeight.aspect_ratio, (F(0.8, "ratio"),), {}),
        "View.set_options": lambda: (view().set_options, (opt(O(ViewOptions(), "options")),), dict(OPTION_FIELDS)),
        "View.set_metrics": lambda: (view().set_metrics, (opt(O(Metrics(width=300), "metrics")),), dict(METRIC_FIELDS)),
        "View.set_calendar": lambda: (view().set_calendar, (O(calendar(), "calendar"),), {}),
        "View.set_callbacks": lambda: (view().set_callbacks, (), {
            name: opt(O(lambda *a: None, name)) for name in ("is_disabled", "should_select", "will_select", "did_select",
                                                         "did_deselect", "page_changed", "content_size_changed")}),
        "View.set_store": lambda: (view().set_store, (opt(O(store(), "store")), zone()), {}),
        "View.add_source": lambda: (view_with_source()[0].add_source, (O(FetchSource(), "source"),), {}),
        "View.remove_source": lambda: (lambda v, s: (v.remove_source, (I32(s, "source"),), {}))(*view_with_source()),
        "View.add_plugin": lambda: (view_with_source()[0].add_plugin, (O(plugin(), "plugin"),), {}),
        "View.event_bars": lambda: (view().event_bars, (O(store(), "store"), zone()), dict(BAR_OPTIONS)),
        "View.set_mode": lambda: (view().set_mode, (I32(1, "mode"),), {}),
        "View.go_to": lambda: (view().go_to, (D(TODAY, "date"),), {}),
        "View.select": lambda: (view().select, (D(TODAY, "date"),), {}),
        "View.deselect": lambda: (view().deselect, (D(TODAY, "date"),), {}),
        "View.set_highlighted": lambda: (view().set_highlighted, (O([day_item(20000),
                                                                     DateItem(TODAY, "dates item")], "dates"),), {}),
        "View.set_disabled": lambda: (view().set_disabled, (O([day_item(20000),
                                                               DateItem(TODAY, "dates item")], "dates"),), {}),
        "View.key": lambda: (view().key, (I32(2, "key"),), {}),
        "View.hit_test": lambda: (view().hit_test, (F(100.0, "x"), F(200.0, "y")), {}),
        "View.tap": lambda: (view().tap, (F(100.0, "x"), F(200.0, "y")), {}),
        "View.picker_cells": lambda: (view().picker_cells, (I32(1, "picker"),), {}),
        "View.picker_hit_test": lambda: (view().picker_hit_test, (I32(1, "picker"), F(100.0, "x"), F(200.0, "y")), {}),
        "View.pick": lambda: (view().pick, (I32(0, "picker"), I32(5, "index")), {}),
        "View.press": lambda: (view().press, (F(100.0, "x"), F(200.0, "y")), POINTER_EVENT),
        "View.drag": lambda: (pressed_view().drag, (F(100.0, "x"), F(200.0, "y")), POINTER_EVENT),
        "View.release": lambda: (pressed_view().release, (F(100.0, "x"), F(200.0, "y")), POINTER_EVENT),
        "PointerOptions": lambda: (lambda **kw: view().set_pointer_options(PointerOptions(**kw)), (),
                                   dict(POINTER_OPTION_FIELDS)),
        "View.set_pointer_options": lambda: (view().set_pointer_options, (opt(O(PointerOptions(), "options")),),
                                             dict(POINTER_OPTION_FIELDS)),
        "View.transition_layout": lambda: (view().transition_layout, (F(0.5, "progress"), I32(1, "curve")), {}),
        "View.accessibility_label": lambda: (view().accessibility_label, (D(TODAY, "date"),), {}),
        "View.weekday_label": lambda: (view().weekday_label, (I32(1, "weekday"), S("abbreviated", "width")), {}),
        "View.hour_label": lambda: (view().hour_label, (I32(15, "hour"),), {}),
        "View.day_label": lambda: (view().day_label, (D(TODAY, "date"),), {}),
        "CalendarOptions.for_locale": lambda: (CalendarOptions.for_locale, (S("fr_FR", "locale"),), {}),
        "Locale": lambda: (Locale, (opt(S("fr_FR", "identifier")),), {}),
        "Locale.number": lambda: (Locale("ar").number, (I32(2026, "value"),), {}),
        "Locale.month_names": lambda: (Locale("fr").month_names, (S("wide", "width"), S("format", "context"),
                                                                   S("hebrew", "calendar")), {}),
        "Locale.weekday_names": lambda: (Locale("fr").weekday_names, (S("short", "width"),
                                                                       S("stand-alone", "context")), {}),
        "Locale.era_names": lambda: (Locale("fr").era_names, (S("wide", "width"), S("japanese", "calendar")), {}),
        "Locale.day_period_name": lambda: (Locale("fr").day_period_name, (S("pm", "period"), S("wide", "width"),
                                                                           S("format", "context")), {}),
        "Locale.date_pattern": lambda: (Locale("fr").date_pattern, (S("long", "style"), S("persian", "calendar")), {}),
        "Locale.format_date": lambda: (Locale("fr").format_date, (Int(20000, "date", -(2**31), 2**31 - 1, 32,
                                                                      or_date=True), S("full", "style"),
                                                                  S("gregorian", "calendar")), {}),
        "Locale.format_month_year": lambda: (Locale("fr").format_month_year, (I32(2026, "year"), I32(11, "month"),
                                                                              S("gregorian", "calendar")),
                                             {"leap_month": B(False, "leap_month")}),
        "Locale.format_day": lambda: (Locale("he").format_day, (Int(20000, "date", -(2**31), 2**31 - 1, 32,
                                                                    or_date=True), S("hebrew", "calendar")), {}),
        "Locale.format_time": lambda: (Locale("fr").format_time, (I32(15, "hour"), I32(30, "minute"),
                                                                  I32(0, "second"), S("short", "style")), {}),
        "Locale.format_interval": lambda: (Locale("fr").format_interval,
                                           (Int(20000, "start", -(2**31), 2**31 - 1, 32, or_date=True),
                                            Int(20006, "end", -(2**31), 2**31 - 1, 32, or_date=True),
                                            S("yMMMd", "skeleton"), S("gregorian", "calendar")), {}),
        "Locale.parse_date": lambda: (Locale("en_US").parse_date, (Typed("11/22/26", "text"), opt(S("short", "style")),
                                                                  S("gregorian", "calendar")), {}),
        "Locale.parse_time": lambda: (Locale("en_US").parse_time, (Typed("3:30 PM", "text"), opt(S("short", "style"))), {}),
        "Locale.format_hour": lambda: (Locale("fr").format_hour, (I32(15, "hour"),), {}),
        "Locale.format_pattern": lambda: (Locale("fr").format_pattern, (Int(20000, "date", -(2**31), 2**31 - 1, 32,
                                                                            or_date=True), S("EEEE d MMMM", "pattern"),
                                                                        S("gregorian", "calendar"),
                                                                        I32(0, "second_of_day"),
                                                                        opt(S("", "numbers"))), {}),
        "AutoLayout.add_item": lambda: (layout().add_item, (opt(I32(2, "parent")),), {}),
        "AutoLayout.set_item_size": lambda: (layout().set_item_size, (I32(2, "item"), F(10.0, "width"),
                                                                      F(20.0, "height")), {}),
        "AutoLayout.add_constraint": lambda: (layout().add_constraint, (O(Constraint(2, Attribute.WIDTH, constant=5,
                                                                                   priority=500), "constraint"),), {}),
        "Constraint": lambda: (lambda *a, **kw: layout().add_constraint(Constraint(*a, **kw)),
                               (I32(2, "first_item"), I32(int(Attribute.WIDTH), "first_attribute")),
                               dict(CONSTRAINT_FIELDS)),
        "AutoLayout.remove_constraint": lambda: (layout().remove_constraint, (I32(1, "constraint"),), {}),
        "AutoLayout.constant": lambda: (layout().constant, (I32(1, "constraint"),), {}),
        "AutoLayout.set_intrinsic_size": lambda: (layout().set_intrinsic_size, (I32(2, "item"), opt(F(10.0, "width")),
                                                                                opt(F(20.0, "height"))), {}),
        "AutoLayout.set_priority": lambda: (layout().set_priority, (I32(2, "item"), I32(0, "kind"), I32(0, "axis"),
                                                                    F(300.0, "priority")), {}),
        "AutoLayout.set_baselines": lambda: (layout().set_baselines, (I32(2, "item"), opt(F(10.0, "first_from_top")),
                                                                      opt(F(4.0, "last_from_bottom"))), {}),
        "AutoLayout.set_measure": lambda: (layout().set_measure, (I32(2, "item"),
                                                                  opt(O(lambda i, w, h: (10.0, 10.0), "measure"))), {}),
        "AutoLayout.set_view": lambda: (layout().set_view, (I32(2, "item"), opt(O(view(), "view"))), {}),
        "AutoLayout.set_right_to_left": lambda: (layout().set_right_to_left, (B(True, "right_to_left"),), {}),
        "AutoLayout.set_policy": lambda: (layout().set_policy, (I32(1, "policy"), opt(O(lambda b: None, "on_broken"))), {}),
        "AutoLayout.frame": lambda: (layout().frame, (I32(2, "item"),), {}),
        "AutoLayout.fitting_size": lambda: (layout().fitting_size, (I32(2, "item"), size("target", 100, 100),
                                                                    F(50.0, "horizontal"), F(1000.0, "vertical")), {}),
        "Event": lambda: (Event, (I64(1, "id"),), dict(EVENT_FIELDS)),
        "Event.timed": lambda: (Event.timed, (I64(1, "id"), S("x", "title"),
                                              DT(dt.datetime(2026, 11, 22, 9, tzinfo=dt.timezone.utc), "start"),
                                              DT(dt.datetime(2026, 11, 22, 10, tzinfo=dt.timezone.utc), "end")),
                                {"color": U32(0xFF0000FF, "color"), "user_value": U64(1, "user_value")}),
        "Event.on_days": lambda: (Event.on_days, (I64(1, "id"), S("x", "title"), D(TODAY, "first"), opt(D(TODAY, "last"))),
                                  {"color": U32(0xFF0000FF, "color"), "user_value": U64(1, "user_value")}),
        "EventStore": lambda: (EventStore, (O([O(event(), "events item")], "events"),), {}),
        "EventStore.add": lambda: (store().add, (O(event(), "event"),), {}),
        "EventStore.add_events": lambda: (store().add_events, (O([O(event(), "events item")], "events"),), {}),
        "EventStore.update": lambda: (store().update, (O(Event.on_days(5, "v", TODAY), "event"),), {}),
        "EventStore.remove": lambda: (store().remove, (I64(5, "id"),), {}),
        "EventStore.get": lambda: (store().get, (I64(5, "id"),), {}),
        "EventStore.query": lambda: (store().query, (D(dt.date(2026, 11, 1), "first"), D(TODAY, "last"), zone()),
                                     {"limit": opt(Int(5, "limit", 0, 2**31 - 1, 32))}),
        "EventStore.occurrences": lambda: (store().occurrences, (D(dt.date(2026, 11, 1), "first"), D(TODAY, "last"),
                                                                 zone()), {"limit": opt(Int(5, "limit", 0, 2**31 - 1, 32))}),
        "EventStore.count": lambda: (store().count, (D(dt.date(2026, 11, 1), "first"), D(TODAY, "last"), zone()), {}),
        "EventStore.add_series": lambda: (store().add_series, (O(Event.on_days(77, "s", TODAY), "event"),
                                                               S("RRULE:FREQ=WEEKLY", "recurrence"), zone()), {}),
        "EventStore.dots": lambda: (store().dots, (D(dt.date(2026, 11, 1), "first"), D(TODAY, "last"),
                                                   I32(3, "max_colors"), zone()), {}),
        "EventStore.timeline": lambda: (store().timeline, (D(TODAY, "day"), zone(), opt(Int(5, "limit", 1, 2**31 - 1, 32))),
                                        dict(TIMELINE_OPTIONS)),
        "TimeZone": lambda: (TimeZone, (S(PARIS, "name"),), {}),
        "TimeZone.offset": lambda: (TimeZone(PARIS).offset, (I64(1_800_000_000, "when"),), {}),
        "TimeZone.local_day": lambda: (TimeZone(PARIS).local_day, (I64(1_800_000_000, "when"),), {}),
        "TimeZone.instant": lambda: (TimeZone(PARIS).instant, (DT(dt.datetime(2026, 11, 22, 9), "local"),), {}),
        "TimeZone.day_start": lambda: (TimeZone(PARIS).day_start, (D(TODAY, "day"),), {}),
        "Plugin": lambda: (Plugin, (S(str(PLUGIN), "path"),), {"config": opt(S(str(RULES), "config"))}),
        "Plugin.fetch": lambda: (plugin().fetch, (D(dt.date(2026, 1, 1), "first"), D(dt.date(2026, 12, 31), "last"),
                                                  O(EventStore(), "store"), zone()), {"source": I32(7, "source")}),
        "flow_layout": lambda: (kalends.flow_layout, (O([size("items[0]", 30, 10), size("items[1]", 40, 12)],
                                                        "items"),),
                                {"max_width": opt(F(60.0, "max_width")), "item_spacing": F(2.0, "item_spacing"),
                                 "line_spacing": F(2.0, "line_spacing"),
                                 "padding": tup("padding", ("top", 1), ("left", 2), ("bottom", 3), ("right", 4))}),
        "flow_fit": lambda: (kalends.flow_fit, (O([size(f"items[{i}]", 40, 14) for i in range(3)], "items"), size("box", 84, 46),
                                                size("more", 30, 14)),
                             {"item_spacing": F(2.0, "item_spacing"), "line_spacing": F(2.0, "line_spacing")}),
        "Scroll": lambda: (Scroll, (opt(O(calendar(), "calendar")),),
                           {"first_month": opt(D(dt.date(2026, 1, 1), "first_month")),
                            "last_month": opt(D(dt.date(2026, 12, 1), "last_month")), "axis": I32(0, "axis"),
                            "rows": I32(1, "rows"), "out_dates": I32(1, "out_dates"),
                            "show_weekdays": B(True, "show_weekdays"), "month_spacing": F(24.0, "month_spacing"),
                            "in_dates": I32(1, "in_dates"), "width": F(390.0, "width")}),
        "CalendarSystem": lambda: (kalends.CalendarSystem, (S("hebrew", "identifier"),), {}),
        "CalendarSystem.from_day": lambda: (hebrew().from_day, (Int(20000, "day_number", -(2**31), 2**31 - 1, 32,
                                                                     or_date=True),), {}),
        "CalendarSystem.to_day": lambda: (hebrew().to_day, HEBREW_DATE, {"leap_month": B(False, "leap_month")}),
        "CalendarSystem.to_date": lambda: (hebrew().to_date, HEBREW_DATE, {"leap_month": B(False, "leap_month")}),
        "CalendarSystem.months_in_year": lambda: (hebrew().months_in_year, (I32(0, "era"), I32(5787, "year")), {}),
        "CalendarSystem.month_length": lambda: (hebrew().month_length, (I32(0, "era"), I32(5787, "year"),
                                                                        I32(3, "month")),
                                                {"leap_month": B(False, "leap_month")}),
        "CalendarSystem.month": lambda: (hebrew().month, (Int(20000, "day_number", -(2**31), 2**31 - 1, 32,
                                                              or_date=True),), {}),
        "CalendarSystem.yearly_rule": lambda: (hebrew().yearly_rule, (Int(20000, "day_number", -(2**31), 2**31 - 1, 32,
                                                                          or_date=True),),
                                               {"skip": opt(S("BACKWARD", "skip"))}),
        "CalendarSystem.era_range": lambda: (hebrew().era_range, (I32(0, "era"),), {}),
        "CalendarSystem.era_code": lambda: (hebrew().era_code, (I32(0, "era"),), {}),
        "CalendarSystem.add_months": lambda: (hebrew().add_months, (Int(20000, "day_number", -(2**31), 2**31 - 1, 32,
                                                                        or_date=True), I32(3, "months")), {}),
        "CalendarSystem.add_years": lambda: (hebrew().add_years, (Int(20000, "day_number", -(2**31), 2**31 - 1, 32,
                                                                      or_date=True), I32(3, "years")), {}),
        "Calendar.month_grid_containing": lambda: (calendar().month_grid_containing,
                                                   (Int(20000, "day", -(2**31), 2**31 - 1, 32, or_date=True),),
                                                   {"rows": I32(0, "rows")}),
        "Calendar.system_month_grid": lambda: (Calendar(system="hebrew").system_month_grid, HEBREW_MONTH,
                                               {"leap_month": B(False, "leap_month"), "rows": I32(0, "rows")}),
        "Calendar.day_dates": lambda: (calendar().day_dates, (I32(20000, "first_day"), I32(7, "days")), {}),
        "Scroll.elements": lambda: (Scroll(first_month=TODAY, width=390).elements, (VIEWPORT,), {}),
        "Scroll.visible_days": lambda: (Scroll(first_month=TODAY, width=390).visible_days, (VIEWPORT,), {}),
        "Scroll.visible_months": lambda: (Scroll(first_month=TODAY, width=390).visible_months, (VIEWPORT,), {}),
        "Scroll.offset": lambda: (Scroll(first_month=TODAY, width=390).offset,
                                  (D(TODAY, "date"), I32(1, "position"), F(800.0, "viewport_length")), {}),
        # the agenda (issue 27 item 2)
        "Agenda": lambda: (kalends.Agenda, (O(store(), "store"), D(dt.date(2026, 11, 1), "first"), D(TODAY, "last"),
                                            zone()),
                           {"today": opt(D(TODAY, "today")), "heading_height": F(32.0, "heading_height"),
                            "row_height": F(24.0, "row_height")}),
        "Agenda.viewport": lambda: (kalends.Agenda(store(), dt.date(2026, 11, 1), TODAY).viewport,
                                    (F(300.0, "height"), opt(D(TODAY, "anchor_day")), F(0.0, "offset")), {}),
        "Agenda.heading": lambda: (kalends.Agenda.heading, (D(TODAY, "day"), O(Locale("de"), "locale"),
                                                            S("gregorian", "calendar")),
                                   {"relative": opt(I32(0, "relative"))}),
        "Locale.relative_day": lambda: (Locale("de").relative_day, (I32(1, "offset"),), {}),
        "DateField": lambda: (kalends.DateField, (S("en_US", "locale"),),
                              {"calendar": S("gregorian", "calendar"), "granularity": S("minute", "granularity"),
                               "shows_date": B(True, "shows_date"), "hour_cycle": opt(S("h12", "hour_cycle")),
                               "placeholder": opt(D(TODAY, "placeholder"))}),
        "DateField.focus_segment": lambda: (kalends.DateField("en_US").focus_segment, (I32(0, "index"),), {}),
        "DateField.press": lambda: (kalends.DateField("en_US").press, (S("up", "key"),), {}),
        "DateField.type": lambda: (kalends.DateField("en_US").type, (Typed("11", "text"),), {}),
        "DateField.set_value": lambda: (kalends.DateField("en_US").set_value, (opt(D(TODAY, "value")),), {}),
        "DateField.set_limits": lambda: (kalends.DateField("en_US").set_limits,
                                         (opt(D(TODAY, "minimum")), opt(D(TODAY + dt.timedelta(days=1), "maximum"))), {}),
        "DateField.set_unavailable": lambda: (kalends.DateField("en_US").set_unavailable, ([DateItem(TODAY, "days item")],), {}),
    }


CALLS = _calls()

#: Public callables with no argument that could reach C, and why.
NOTHING_TO_CHECK = {
    "version", "version_string", "abi_version",                  # no arguments
    "Calendar.today", "AutoLayout", "AutoLayout.solve",      # (close: kalends._handle.Handle's, for every handle)
    "AutoLayout.update_constants", "Scroll.content_size", "View.next_page", "View.previous_page",
    "View.go_to_today", "View.clear_selection", "View.selected_days", "View.days", "View.intrinsic_size",
    "View.layout", "EventStore.clear", "EventStore.write_ical", "Date.to_date", "CalendarSystem.identifiers", "CalendarSystem.eras", "RowHeight.square", "Event.encoded_title",
    "View.title", "Locale.identifiers", "Locale.cldr_version",
    "View.cancel_pointer", "PointerOptions.from_c", "PointerOptions.to_c",   # no arguments; read / walked C structs
    "MonthGrid", "DayRange", "Priority", "EventBars",            # plain Python values, nothing goes to C
    "CalendarOptions.from_c", "ViewOptions.from_c", "Metrics.from_c", "Event.from_c",   # read C structs
    "CalendarOptions.to_c", "ViewOptions.to_c", "Metrics.to_c", "Constraint.to_c",       # walked through
    "Event.to_c",                                                                        # their users above
    "DateSegment",                                                                       # a plain value (read from C)
}


def public_callables() -> set[str]:
    """Functions, classes and their public methods in kalends.__all__ (enums, named
    tuples and exceptions excluded: they hold values)."""
    out = set()
    for name in kalends.__all__:
        obj = getattr(kalends, name)
        if inspect.isfunction(obj):
            out.add(name)
        elif inspect.isclass(obj) and not issubclass(obj, (enum.Enum, BaseException, tuple)):
            out.add(name)
            for attr, value in vars(obj).items():
                if not attr.startswith("_") and (inspect.isfunction(value)
                                                 or isinstance(value, (classmethod, staticmethod))):
                    out.add(f"{name}.{attr}")
    return out


def test_the_table_covers_every_public_callable() -> None:
    missing = public_callables() - set(CALLS) - NOTHING_TO_CHECK
    assert not missing, f"add a valid call for these to CALLS (or a reason to NOTHING_TO_CHECK): {sorted(missing)}"
    stale = (set(CALLS) | NOTHING_TO_CHECK) - public_callables()
    assert not stale, f"no longer public: {sorted(stale)}"


@pytest.mark.parametrize("name", sorted(CALLS))
def test_hostile_arguments_are_refused_by_name(name: str) -> None:
    fn, args, kwargs = CALLS[name]()
    fn(*build(args), **build(kwargs))    # the marked call itself is valid
    checked = 0
    for path, arg in markers((args, kwargs)):
        for value, allowed in arg.hostile():
            if value is None and arg.optional:
                continue
            fn, args, kwargs = CALLS[name]()   # fresh objects: a refused call must not depend on earlier ones
            real_args, real_kwargs = build((args, kwargs), (), path, value)
            try:
                fn(*real_args, **real_kwargs)
            except allowed as e:
                assert not isinstance(e, ctypes.ArgumentError), (name, arg.name, value, e)
                assert arg.name in str(e), f"{name}: {arg.name}={value!r}: the message does not name it: {e}"
            except BaseException as e:
                pytest.fail(f"{name}: {arg.name}={value!r} raised {type(e).__name__}: {e} "
                            f"(expected {' or '.join(a.__name__ for a in allowed)})")
            else:
                pytest.fail(f"{name}: {arg.name}={value!r} was accepted")
            checked += 1
    assert checked >= 3


# -- the cases of issue 10, one by one -----------------------------------------------------


def test_wrapped_integers_of_the_issue_are_refused() -> None:
    s = EventStore([Event(5, "five", False, 0, 3600), Event(9, "nine", False, 0, 3600)])
    with pytest.raises(kalends.OutOfRangeError):
        s.remove(2**64 + 5)                          # removed event 5 before
    assert len(s) == 2 and s.get(5).title == "five"
    with pytest.raises(kalends.OutOfRangeError):
        Event(2**64 + 9, "wrapped", False, 0, 3600)   # was stored as id 9
    with pytest.raises(kalends.OutOfRangeError):
        Event(10, "end", False, 0, 20400 + 2**64)     # was stored with end 20400
    layout = AutoLayout()
    layout.add_item()
    with pytest.raises(kalends.OutOfRangeError):
        layout.frame(2**32 + 1)                      # was item 1's frame
    with pytest.raises(kalends.OutOfRangeError):
        kalends.status_string(2**32)                 # was 'ok'
    assert kalends.status_string(0) == "ok"


def test_a_title_without_a_utf8_form_is_refused_by_name() -> None:
    bad = Event(3, "A\ud800", False, 0, 60)
    store = EventStore()
    for call in (lambda: store.add(bad), lambda: store.add_events([bad]), lambda: EventStore([bad])):
        with pytest.raises(kalends.InvalidArgumentError, match=r"event 3: title is not valid Unicode"):
            call()
    assert len(store) == 0
