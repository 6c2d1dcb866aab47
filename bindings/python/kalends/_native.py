"""ctypes declarations of include/kalends.h and loading of libkalends.so.

Every function gets ``argtypes`` and ``restype``; handles are ``c_void_p``. The library
is found through ``KALENDS_LIBRARY``, then next to this package (a wheel), then in the
repository's ``.build/release``.
"""
from __future__ import annotations

import ctypes
import os
import threading
from ctypes import POINTER, Structure, c_char_p, c_int32, c_uint32, c_void_p
from pathlib import Path
from typing import Any, Callable

from .errors import error_for

#: The KALENDS_ABI_VERSION these declarations describe.
ABI_VERSION = 1

i32 = c_int32
u32 = c_uint32


class CDate(Structure):
    _fields_ = [("year", i32), ("month", i32), ("day", i32)]


class CWeekOfYear(Structure):
    _fields_ = [("week", i32), ("year", i32)]


class CDayRange(Structure):
    _fields_ = [("first", i32), ("last", i32)]


class CDay(Structure):
    _fields_ = [
        ("date", CDate),
        ("day_number", i32),
        ("weekday", i32),
        ("week_of_year", CWeekOfYear),
        ("flags", u32),
    ]


#: int32 fields per kalends_day: year, month, day, day_number, weekday, week, week year, flags.
DAY_FIELDS = ctypes.sizeof(CDay) // 4
GRID_MAX_DAYS = 42


class CCalendarOptions(Structure):
    _fields_ = [
        ("struct_size", u32),
        ("first_weekday", i32),
        ("min_days_in_first_week", i32),
        ("weekend_days", u32),
        ("today_mode", i32),
        ("today", CDate),
    ]


class CPoint(Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double)]


class CSize(Structure):
    _fields_ = [("width", ctypes.c_double), ("height", ctypes.c_double)]


class CRect(Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double), ("width", ctypes.c_double),
                ("height", ctypes.c_double)]


class CViewOptions(Structure):
    _fields_ = [
        ("struct_size", u32), ("mode", i32), ("rows", i32), ("out_dates", i32), ("selection_mode", i32),
        ("out_date_tap", i32), ("right_to_left", i32), ("has_min_date", i32), ("min_date", CDate),
        ("has_max_date", i32), ("max_date", CDate),
    ]


class CViewMetrics(Structure):
    _fields_ = [
        ("struct_size", u32), ("row_height_mode", i32), ("width", ctypes.c_double),
        ("header_height", ctypes.c_double), ("weekday_height", ctypes.c_double), ("inset_top", ctypes.c_double),
        ("inset_left", ctypes.c_double), ("inset_bottom", ctypes.c_double), ("inset_right", ctypes.c_double),
        ("column_spacing", ctypes.c_double), ("row_spacing", ctypes.c_double), ("row_height", ctypes.c_double),
        ("scale", ctypes.c_double),
    ]


class CPage(Structure):
    _fields_ = [("mode", i32), ("anchor", i32), ("year", i32), ("month", i32), ("first", i32), ("last", i32)]


class CTransition(Structure):
    _fields_ = [("direction", i32), ("from", CPage), ("to", CPage)]


class CModeChange(Structure):
    _fields_ = [("from", i32), ("to", i32), ("has_heights", i32), ("height_before", ctypes.c_double),
                ("height_after", ctypes.c_double)]


class CAction(Structure):
    _fields_ = [("outcome", i32), ("has_day", i32), ("day", i32), ("transition", CTransition)]


class CSelection(Structure):
    _fields_ = [("mode", i32), ("count", i32), ("first", i32), ("last", i32), ("range_complete", i32),
                ("has_latest", i32), ("latest", i32)]


class CElement(Structure):
    _fields_ = [("kind", i32), ("index", i32), ("day_number", i32), ("flags", u32), ("frame", CRect),
                ("alpha", ctypes.c_double), ("outgoing", i32), ("reserved", i32)]


DAY_PREDICATE = ctypes.CFUNCTYPE(i32, c_void_p, i32)
DAY_CALLBACK = ctypes.CFUNCTYPE(i32, c_void_p, i32)
PAGE_CALLBACK = ctypes.CFUNCTYPE(i32, c_void_p, ctypes.POINTER(CTransition))
SIZE_CALLBACK = ctypes.CFUNCTYPE(i32, c_void_p, ctypes.POINTER(CSize), ctypes.POINTER(CSize))
class CEvent(Structure):
    _fields_ = [("struct_size", u32), ("all_day", i32), ("id", ctypes.c_int64), ("start", ctypes.c_int64),
                ("end", ctypes.c_int64), ("color", u32), ("source", i32), ("user_value", ctypes.c_uint64),
                ("title", ctypes.c_void_p), ("title_length", i32), ("reserved", i32)]


SINK_ADD = ctypes.CFUNCTYPE(i32, c_void_p, ctypes.POINTER(CEvent))


class CEventSink(Structure):
    _fields_ = [("context", c_void_p), ("add", SINK_ADD)]


COMPLETE_FN = ctypes.CFUNCTYPE(None, c_void_p, ctypes.c_int64, ctypes.POINTER(CEvent), i32, i32)


class CCompletion(Structure):
    _fields_ = [("context", c_void_p), ("complete", COMPLETE_FN)]


SOURCE_FETCH = ctypes.CFUNCTYPE(i32, c_void_p, i32, i32, ctypes.POINTER(CEventSink))
SOURCE_BEGIN = ctypes.CFUNCTYPE(i32, c_void_p, ctypes.c_int64, i32, i32, ctypes.POINTER(CCompletion))
SOURCE_CANCEL = ctypes.CFUNCTYPE(None, c_void_p, ctypes.c_int64)
SOURCE_DESTROY = ctypes.CFUNCTYPE(None, c_void_p)


class CSource(Structure):
    _fields_ = [("struct_size", u32), ("reserved", i32), ("user_data", c_void_p), ("fetch", SOURCE_FETCH),
                ("begin", SOURCE_BEGIN), ("cancel", SOURCE_CANCEL), ("destroy", SOURCE_DESTROY)]


class CBarOptions(Structure):
    _fields_ = [("struct_size", u32), ("max_lanes", i32), ("bar_height", ctypes.c_double),
                ("lane_spacing", ctypes.c_double), ("top_inset", ctypes.c_double), ("side_inset", ctypes.c_double)]


class CEventBar(Structure):
    _fields_ = [("event", ctypes.c_int64), ("row", i32), ("first_column", i32), ("last_column", i32), ("lane", i32),
                ("continues_before", i32), ("continues_after", i32), ("frame", CRect)]


class CEventMore(Structure):
    _fields_ = [("day", i32), ("hidden", i32), ("frame", CRect)]


class CTimelineOptions(Structure):
    _fields_ = [("struct_size", u32), ("first_hour", i32), ("last_hour", i32), ("reserved", i32),
                ("left", ctypes.c_double), ("top", ctypes.c_double), ("width", ctypes.c_double),
                ("hour_height", ctypes.c_double), ("min_height", ctypes.c_double), ("spacing", ctypes.c_double)]


class CTimelineItem(Structure):
    _fields_ = [("event", ctypes.c_int64), ("column", i32), ("columns", i32), ("span", i32), ("clipped_start", i32),
                ("clipped_end", i32), ("reserved", i32), ("frame", CRect)]


MEASURE_FN = ctypes.CFUNCTYPE(i32, c_void_p, i32, ctypes.c_double, ctypes.c_double, ctypes.POINTER(CSize))


class CBrokenConstraint(Structure):
    _fields_ = [("kind", i32), ("constraint", i32), ("item", i32), ("reserved", i32)]


BROKEN_FN = ctypes.CFUNCTYPE(None, c_void_p, ctypes.POINTER(CBrokenConstraint))


class CViewCallbacks(Structure):
    _fields_ = [
        ("struct_size", u32), ("user_data", c_void_p), ("is_disabled", DAY_PREDICATE),
        ("should_select", DAY_PREDICATE), ("will_select", DAY_CALLBACK), ("did_select", DAY_CALLBACK),
        ("did_deselect", DAY_CALLBACK), ("page_changed", PAGE_CALLBACK), ("content_size_changed", SIZE_CALLBACK),
    ]


class CScrollOptions(Structure):
    _fields_ = [("struct_size", u32), ("axis", i32), ("first_month", CDate), ("has_last_month", i32),
                ("last_month", CDate), ("rows", i32), ("out_dates", i32), ("show_weekdays", i32),
                ("month_spacing", ctypes.c_double)]


class CFlowOptions(Structure):
    _fields_ = [("struct_size", u32), ("max_width", ctypes.c_double), ("item_spacing", ctypes.c_double),
                ("line_spacing", ctypes.c_double), ("padding_top", ctypes.c_double), ("padding_left", ctypes.c_double),
                ("padding_bottom", ctypes.c_double), ("padding_right", ctypes.c_double)]


class CFlowFitResult(Structure):
    _fields_ = [("hidden", i32), ("has_more", i32), ("more", CRect)]


class CConstraint(Structure):
    _fields_ = [("struct_size", u32), ("first_item", i32), ("first_attribute", i32), ("relation", i32),
                ("second_item", i32), ("second_attribute", i32), ("multiplier", ctypes.c_double),
                ("constant", ctypes.c_double), ("alt_item", i32), ("alt_basis", i32),
                ("alt_multiplier", ctypes.c_double), ("priority", ctypes.c_double)]


class CConstantChange(Structure):
    _fields_ = [("constraint", i32), ("reserved", i32), ("old_value", ctypes.c_double),
                ("new_value", ctypes.c_double)]


P = POINTER
d64 = ctypes.c_double
_SIGNATURES: dict[str, tuple[Any, list[Any]]] = {
    "kalends_version": (u32, []),
    "kalends_version_string": (c_char_p, []),
    "kalends_abi_version": (i32, []),
    "kalends_status_string": (c_char_p, [i32]),
    "kalends_last_error": (c_char_p, []),
    "kalends_date_from_day_number": (i32, [i32, P(CDate)]),
    "kalends_date_day_number": (i32, [P(CDate), P(i32)]),
    "kalends_date_weekday": (i32, [P(CDate), P(i32)]),
    "kalends_date_day_of_year": (i32, [P(CDate), P(i32)]),
    "kalends_date_iso_week": (i32, [P(CDate), P(CWeekOfYear)]),
    "kalends_year_is_leap": (i32, [i32, P(i32)]),
    "kalends_year_days_in_month": (i32, [i32, i32, P(i32)]),
    "kalends_calendar_options_init": (i32, [P(CCalendarOptions)]),
    "kalends_calendar_new": (i32, [P(CCalendarOptions), P(c_void_p)]),
    "kalends_calendar_free": (i32, [c_void_p]),
    "kalends_calendar_get_options": (i32, [c_void_p, P(CCalendarOptions)]),
    "kalends_calendar_set_options": (i32, [c_void_p, P(CCalendarOptions)]),
    "kalends_calendar_today": (i32, [c_void_p, P(CDate)]),
    "kalends_calendar_week_of_year": (i32, [c_void_p, P(CDate), P(CWeekOfYear)]),
    # Grid outputs are passed as addresses (c_void_p): ctypes converts an int in a
    # fraction of the time it takes to check a POINTER(CDay) argument, and grids are
    # the hot path. GridBuffer holds the addresses of its own buffers.
    "kalends_calendar_month_grid": (i32, [c_void_p, i32, i32, i32, c_void_p, i32, c_void_p]),
    "kalends_calendar_month_range": (i32, [c_void_p, i32, i32, i32, P(CDayRange)]),
    "kalends_calendar_week_grid": (i32, [c_void_p, P(CDate), c_void_p, i32, c_void_p]),
    "kalends_calendar_week_range": (i32, [c_void_p, P(CDate), P(CDayRange)]),
    "kalends_view_options_init": (i32, [P(CViewOptions)]),
    "kalends_view_metrics_init": (i32, [P(CViewMetrics)]),
    "kalends_view_new": (i32, [c_void_p, P(CViewOptions), P(CViewMetrics), P(c_void_p)]),
    "kalends_view_free": (i32, [c_void_p]),
    "kalends_view_get_options": (i32, [c_void_p, P(CViewOptions)]),
    "kalends_view_set_options": (i32, [c_void_p, P(CViewOptions)]),
    "kalends_view_get_metrics": (i32, [c_void_p, P(CViewMetrics)]),
    "kalends_view_set_metrics": (i32, [c_void_p, P(CViewMetrics)]),
    "kalends_view_set_calendar": (i32, [c_void_p, c_void_p]),
    "kalends_view_set_callbacks": (i32, [c_void_p, P(CViewCallbacks)]),
    "kalends_view_set_mode": (i32, [c_void_p, i32, P(CModeChange)]),
    "kalends_view_page": (i32, [c_void_p, P(CPage)]),
    "kalends_view_next_page": (i32, [c_void_p, P(CTransition)]),
    "kalends_view_previous_page": (i32, [c_void_p, P(CTransition)]),
    "kalends_view_go_to": (i32, [c_void_p, P(CDate), P(CTransition)]),
    "kalends_view_go_to_today": (i32, [c_void_p, P(CTransition)]),
    "kalends_view_select": (i32, [c_void_p, P(CDate), P(CAction)]),
    "kalends_view_deselect": (i32, [c_void_p, P(CDate), P(CAction)]),
    "kalends_view_clear_selection": (i32, [c_void_p]),
    "kalends_view_selection": (i32, [c_void_p, P(CSelection)]),
    "kalends_view_selected_days": (i32, [c_void_p, P(i32), i32, P(i32)]),
    "kalends_view_set_highlighted": (i32, [c_void_p, P(i32), i32]),
    "kalends_view_set_disabled": (i32, [c_void_p, P(i32), i32]),
    "kalends_view_highlighted": (i32, [c_void_p, P(i32), i32, P(i32)]),
    "kalends_view_disabled": (i32, [c_void_p, P(i32), i32, P(i32)]),
    "kalends_view_focus": (i32, [c_void_p, P(CDate)]),
    "kalends_view_key": (i32, [c_void_p, i32, P(CAction)]),
    "kalends_view_days": (i32, [c_void_p, c_void_p, i32, c_void_p]),
    "kalends_view_intrinsic_size": (i32, [c_void_p, P(CSize)]),
    "kalends_view_layout": (i32, [c_void_p, P(CElement), i32, P(i32)]),
    "kalends_view_hit_test": (i32, [c_void_p, d64, d64, P(CElement)]),
    "kalends_view_tap": (i32, [c_void_p, d64, d64, P(CElement), P(CAction)]),
    "kalends_view_transition_layout": (i32, [c_void_p, d64, i32, P(CElement), i32, P(i32), P(d64)]),
    "kalends_view_accessibility_label": (i32, [c_void_p, P(CDate), ctypes.c_char_p, ctypes.c_size_t,
                                               P(ctypes.c_size_t)]),
    "kalends_curve_value": (i32, [i32, d64, P(d64)]),
    "kalends_scroll_options_init": (i32, [P(CScrollOptions)]),
    "kalends_scroll_new": (i32, [c_void_p, P(CScrollOptions), P(CViewMetrics), P(c_void_p)]),
    "kalends_scroll_free": (i32, [c_void_p]),
    "kalends_scroll_month_count": (i32, [c_void_p, P(i32)]),
    "kalends_scroll_content_size": (i32, [c_void_p, P(CSize), P(i32)]),
    "kalends_scroll_elements": (i32, [c_void_p, P(CRect), P(CElement), i32, P(i32)]),
    "kalends_scroll_visible_days": (i32, [c_void_p, P(CRect), P(CDayRange)]),
    "kalends_scroll_visible_months": (i32, [c_void_p, P(CRect), P(CDate), P(CDate)]),
    "kalends_scroll_offset": (i32, [c_void_p, P(CDate), i32, d64, P(d64)]),
    "kalends_flow_options_init": (i32, [P(CFlowOptions)]),
    "kalends_flow_layout": (i32, [P(CSize), i32, P(CFlowOptions), P(CRect), i32, P(i32), P(CSize)]),
    "kalends_flow_fit": (i32, [P(CSize), i32, P(CFlowOptions), P(CSize), P(CSize), P(CRect), i32, P(i32),
                               P(CFlowFitResult)]),
    "kalends_strength": (i32, [d64, d64, d64, d64, P(d64)]),
    "kalends_solver_new": (i32, [P(c_void_p)]),
    "kalends_solver_free": (i32, [c_void_p]),
    "kalends_solver_add_variables": (i32, [c_void_p, i32, P(i32)]),
    "kalends_solver_variable_count": (i32, [c_void_p, P(i32)]),
    # terms as c_void_p: Python passes packed kalends_term bytes (see kiwisolver.py)
    "kalends_solver_constraint_new": (i32, [c_void_p, c_void_p, i32, d64, i32, d64, P(i32)]),
    "kalends_solver_constraint_forget": (i32, [c_void_p, i32]),
    "kalends_solver_add_constraint": (i32, [c_void_p, i32]),
    "kalends_solver_add_constraint_terms": (i32, [c_void_p, c_void_p, i32, d64, i32, d64, P(i32)]),
    "kalends_solver_remove_constraint": (i32, [c_void_p, i32]),
    "kalends_solver_has_constraint": (i32, [c_void_p, i32, P(i32)]),
    "kalends_solver_add_edit_variable": (i32, [c_void_p, i32, d64]),
    "kalends_solver_remove_edit_variable": (i32, [c_void_p, i32]),
    "kalends_solver_has_edit_variable": (i32, [c_void_p, i32, P(i32)]),
    "kalends_solver_suggest_value": (i32, [c_void_p, i32, d64]),
    "kalends_solver_suggest_values": (i32, [c_void_p, c_void_p, c_void_p, i32]),
    "kalends_solver_update_variables": (i32, [c_void_p, c_void_p, i32, P(i32)]),
    "kalends_solver_values": (i32, [c_void_p, i32, i32, P(d64)]),
    "kalends_solver_reset": (i32, [c_void_p]),
    "kalends_solver_dump": (i32, [c_void_p, ctypes.c_char_p, ctypes.c_size_t, P(ctypes.c_size_t)]),
    "kalends_autolayout_set_intrinsic_size": (i32, [c_void_p, i32, d64, d64]),
    "kalends_autolayout_set_priority": (i32, [c_void_p, i32, i32, i32, d64]),
    "kalends_autolayout_set_baselines": (i32, [c_void_p, i32, d64, d64]),
    "kalends_autolayout_set_measure": (i32, [c_void_p, i32, MEASURE_FN, c_void_p]),
    "kalends_autolayout_set_view": (i32, [c_void_p, i32, c_void_p]),
    "kalends_autolayout_set_right_to_left": (i32, [c_void_p, i32]),
    "kalends_autolayout_set_policy": (i32, [c_void_p, i32, BROKEN_FN, c_void_p]),
    "kalends_autolayout_solve": (i32, [c_void_p]),
    "kalends_autolayout_frame": (i32, [c_void_p, i32, P(CRect)]),
    "kalends_autolayout_fitting_size": (i32, [c_void_p, i32, P(CSize), d64, d64, P(CSize)]),
    "kalends_timezone_new": (i32, [ctypes.c_char_p, P(c_void_p)]),
    "kalends_timezone_from_tzif": (i32, [c_void_p, ctypes.c_size_t, ctypes.c_char_p, P(c_void_p)]),
    "kalends_timezone_free": (i32, [c_void_p]),
    "kalends_timezone_name": (i32, [c_void_p, ctypes.c_char_p, ctypes.c_size_t, P(ctypes.c_size_t)]),
    "kalends_timezone_offset": (i32, [c_void_p, ctypes.c_int64, P(i32), P(i32)]),
    "kalends_timezone_local_day": (i32, [c_void_p, ctypes.c_int64, P(i32), P(i32)]),
    "kalends_timezone_day_start": (i32, [c_void_p, i32, P(ctypes.c_int64)]),
    "kalends_timezone_instant": (i32, [c_void_p, i32, i32, P(ctypes.c_int64)]),
    "kalends_store_new": (i32, [P(c_void_p)]),
    "kalends_store_free": (i32, [c_void_p]),
    "kalends_store_add": (i32, [c_void_p, P(CEvent)]),
    "kalends_store_add_events": (i32, [c_void_p, P(CEvent), i32]),
    "kalends_store_update": (i32, [c_void_p, P(CEvent)]),
    "kalends_store_remove": (i32, [c_void_p, ctypes.c_int64]),
    "kalends_store_clear": (i32, [c_void_p]),
    "kalends_store_count": (i32, [c_void_p, P(i32)]),
    "kalends_store_get": (i32, [c_void_p, ctypes.c_int64, P(CEvent)]),
    "kalends_store_query": (i32, [c_void_p, c_void_p, i32, i32, P(CEvent), i32, P(i32)]),
    "kalends_store_query_ids": (i32, [c_void_p, c_void_p, i32, i32, P(ctypes.c_int64), i32, P(i32),
                                      P(ctypes.c_uint64)]),
    "kalends_store_version": (i32, [c_void_p, P(ctypes.c_uint64)]),
    "kalends_store_query_indexes": (i32, [c_void_p, c_void_p, i32, i32, P(i32), i32, P(i32), P(ctypes.c_uint64)]),
    "kalends_store_get_at": (i32, [c_void_p, i32, P(CEvent), P(ctypes.c_uint64)]),
    "kalends_store_dots": (i32, [c_void_p, c_void_p, i32, i32, i32, P(i32), P(u32), i32]),
    "kalends_bar_options_init": (i32, [P(CBarOptions)]),
    "kalends_timeline_options_init": (i32, [P(CTimelineOptions)]),
    "kalends_view_event_bars": (i32, [c_void_p, c_void_p, c_void_p, P(CBarOptions), P(CEventBar), i32, P(i32),
                                      P(CEventMore), i32, P(i32)]),
    "kalends_store_timeline": (i32, [c_void_p, c_void_p, i32, P(CTimelineOptions), P(CTimelineItem), i32, P(i32)]),
    "kalends_view_set_store": (i32, [c_void_p, c_void_p, c_void_p]),
    "kalends_view_add_source": (i32, [c_void_p, P(CSource), P(i32)]),
    "kalends_view_remove_source": (i32, [c_void_p, i32]),
    "kalends_view_pending_requests": (i32, [c_void_p, P(i32)]),
    "kalends_plugin_load": (i32, [ctypes.c_char_p, ctypes.c_char_p, P(c_void_p)]),
    "kalends_plugin_free": (i32, [c_void_p]),
    "kalends_plugin_name": (i32, [c_void_p, ctypes.c_char_p, ctypes.c_size_t, P(ctypes.c_size_t)]),
    "kalends_plugin_fetch": (i32, [c_void_p, i32, i32, c_void_p, c_void_p, i32]),
    "kalends_view_add_plugin": (i32, [c_void_p, c_void_p, P(i32)]),
    "kalends_constraint_init": (i32, [P(CConstraint)]),
    "kalends_autolayout_new": (i32, [P(c_void_p)]),
    "kalends_autolayout_free": (i32, [c_void_p]),
    "kalends_autolayout_add_item": (i32, [c_void_p, i32, P(i32)]),
    "kalends_autolayout_set_item_size": (i32, [c_void_p, i32, d64, d64]),
    "kalends_autolayout_add_constraint": (i32, [c_void_p, P(CConstraint), P(i32)]),
    "kalends_autolayout_remove_constraint": (i32, [c_void_p, i32]),
    "kalends_autolayout_constant": (i32, [c_void_p, i32, P(d64)]),
    "kalends_autolayout_update_constants": (i32, [c_void_p, P(CConstantChange), i32, P(i32)]),
}


class LibraryNotFoundError(ImportError):
    """libkalends.so is not where the binding looks for it."""


def candidate_paths() -> list[Path]:
    """Where the library is looked for, in order."""
    here = Path(__file__).resolve().parent
    paths = []
    env = os.environ.get("KALENDS_LIBRARY")
    if env:
        paths.append(Path(env))
    paths.append(here / "libkalends.so")
    paths.append(here.parent.parent.parent / ".build" / "release" / "libkalends.so")
    return paths


def _load() -> ctypes.CDLL:
    tried = candidate_paths()
    for path in tried:
        if path.is_file():
            lib = ctypes.CDLL(str(path))
            break
    else:
        listing = "\n  ".join(str(p) for p in tried)
        raise LibraryNotFoundError(
            f"libkalends.so not found; looked in:\n  {listing}\n"
            "Build it with `make` in the repository, or set KALENDS_LIBRARY to its path.")
    for name, (restype, argtypes) in _SIGNATURES.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    found = lib.kalends_abi_version()
    if found != ABI_VERSION:
        raise LibraryNotFoundError(
            f"{path} has ABI version {found}, this binding needs {ABI_VERSION}; rebuild one of them")
    return lib


lib = _load()

#: The same library through ctypes.PyDLL, for hot calls that never call back into
#: Python: the GIL stays held (no release and re-acquire per call) and, used without
#: argtypes and with prebuilt ctypes arguments, a call costs about a third of a
#: declared one. Only kiwisolver.py's solver loop uses it.
hotlib = ctypes.PyDLL(lib._name)
#: The library once more, with no signatures and the GIL released per call: for hot
#: calls whose arguments the caller has converted already (the event store's query,
#: which may wait for the store's lock while a source's thread fills the store).
rawlib = ctypes.CDLL(lib._name)
_last_error: Callable[[], bytes] = lib.kalends_last_error


def check(status: int) -> None:
    """Raises the exception for a failed call (status != 0) with this thread's message."""
    if status:
        raise error_for(status, _last_error().decode("utf-8", "replace"))


class GridBuffer:
    """A kalends_day[42] with its count and an int32 view, reused by grid calls. The
    library releases the GIL while it fills the buffer, so each thread has its own."""

    __slots__ = ("days", "count", "days_address", "count_address", "ints")

    def __init__(self) -> None:
        self.days = (CDay * GRID_MAX_DAYS)()
        self.count = c_int32()
        self.days_address = ctypes.addressof(self.days)
        self.count_address = ctypes.addressof(self.count)
        self.ints = memoryview(self.days).cast("B").cast("i")


_local = threading.local()


def grid_buffer() -> GridBuffer:
    """This thread's GridBuffer."""
    try:
        return _local.grid  # type: ignore[no-any-return]
    except AttributeError:
        buf = _local.grid = GridBuffer()
        return buf
