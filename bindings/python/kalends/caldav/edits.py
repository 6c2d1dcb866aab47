"""Changes to a resource's iCalendar text (with the ``icalendar`` library the ``caldav``
library is built on): an event or an occurrence moved or resized, an occurrence
written as an override (RECURRENCE-ID) in its series' resource, an occurrence removed
(EXDATE), a new event."""
from __future__ import annotations

import copy
import datetime as _dt
import uuid
from typing import Any, Optional, Union

import icalendar

_EPOCH = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)
_ORDINAL_1970 = _dt.date(1970, 1, 1).toordinal()
When = Union[_dt.date, _dt.datetime]


def _instant(value: When, zone: _dt.tzinfo) -> int:
    """Seconds since the epoch of a DTSTART-like value (a date: its day number x 86,400;
    a floating time read in ``zone``)."""
    if not isinstance(value, _dt.datetime):
        return (value.toordinal() - _ORDINAL_1970) * 86_400
    if value.tzinfo is None:
        value = value.replace(tzinfo=zone)
    return int((value - _EPOCH).total_seconds())


def _like(model: When, instant: int, all_day: bool, zone: _dt.tzinfo) -> When:
    """``instant`` (or a day number when ``all_day``) written as ``model`` is: a date; an
    aware time in its zone; a floating time on ``zone``'s wall clock."""
    if all_day:
        return _dt.date.fromordinal(_ORDINAL_1970 + instant)
    moment = _EPOCH + _dt.timedelta(seconds=instant)
    if isinstance(model, _dt.datetime) and model.tzinfo is not None:
        return moment.astimezone(model.tzinfo)
    if isinstance(model, _dt.datetime):
        return moment.astimezone(zone).replace(tzinfo=None)
    return moment.astimezone(zone)


def _events(calendar: Any) -> list[Any]:
    return [c for c in calendar.walk("VEVENT")]


def _master(calendar: Any) -> Any:
    for e in _events(calendar):
        if e.get("RECURRENCE-ID") is None:
            return e
    found = _events(calendar)
    if not found:
        raise ValueError("the resource has no VEVENT")
    return found[0]


def _rid_matches(event: Any, recurrence_id: int, all_day: bool, zone: _dt.tzinfo) -> bool:
    rid = event.get("RECURRENCE-ID")
    if rid is None:
        return False
    value = rid.dt
    if all_day:
        return not isinstance(value, _dt.datetime) and value.toordinal() - _ORDINAL_1970 == recurrence_id
    return _instant(value, zone) == recurrence_id


def _touch(event: Any) -> None:
    event["SEQUENCE"] = int(event.get("SEQUENCE", 0)) + 1
    event.pop("DTSTAMP", None)
    event.add("DTSTAMP", _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0))


def _set_times(event: Any, start: int, end: int, all_day: bool, zone: _dt.tzinfo) -> None:
    model = event["DTSTART"].dt
    if all_day:
        first, after = _dt.date.fromordinal(_ORDINAL_1970 + start), _dt.date.fromordinal(_ORDINAL_1970 + end + 1)
    else:
        first = _like(model if isinstance(model, _dt.datetime) else _dt.datetime(2000, 1, 1, tzinfo=_dt.timezone.utc),
                      start, False, zone)
        after = _like(first, end, False, zone)
    for name in ("DTSTART", "DTEND", "DURATION"):
        event.pop(name, None)
    event.add("DTSTART", first)
    event.add("DTEND", after)


def occurrence_target(calendar: Any, recurrence_id: Optional[int], all_day: bool, zone: _dt.tzinfo) -> Any:
    """The VEVENT that holds an occurrence: the master (None), its override, or a new
    override copied from the master (without its recurrence), added to the calendar."""
    master = _master(calendar)
    if recurrence_id is None:
        return master
    for e in _events(calendar):
        if _rid_matches(e, recurrence_id, all_day, zone):
            return e
    override = copy.deepcopy(master)
    for name in ("RRULE", "RDATE", "EXDATE", "EXRULE", "RECURRENCE-ID"):
        override.pop(name, None)
    override.add("RECURRENCE-ID", _like(master["DTSTART"].dt, recurrence_id, all_day, zone))
    override["SEQUENCE"] = int(master.get("SEQUENCE", 0))
    calendar.add_component(override)
    return override


def moved(text: str, recurrence_id: Optional[int], start: int, end: int, was_all_day: bool, all_day: bool,
          zone: _dt.tzinfo) -> str:
    """The resource with an event (``recurrence_id`` None) or one occurrence at new
    times: instants [start, end), or day numbers first ... last when ``all_day``."""
    calendar = icalendar.Calendar.from_ical(text)
    target = occurrence_target(calendar, recurrence_id, was_all_day, zone)
    _set_times(target, start, end, all_day, zone)
    _touch(target)
    return str(calendar.to_ical().decode("utf-8"))


def without_occurrence(text: str, recurrence_id: int, all_day: bool, zone: _dt.tzinfo) -> str:
    """The series' resource without one occurrence: an EXDATE on the master, and its
    override (if any) removed."""
    calendar = icalendar.Calendar.from_ical(text)
    master = _master(calendar)
    for e in _events(calendar):
        if e is not master and _rid_matches(e, recurrence_id, all_day, zone):
            calendar.subcomponents.remove(e)
    master.add("EXDATE", _like(master["DTSTART"].dt, recurrence_id, all_day, zone))
    _touch(master)
    return str(calendar.to_ical().decode("utf-8"))


def new_event(title: str, start: int, end: int, all_day: bool) -> tuple[str, str]:
    """A new resource's (UID, text): one VEVENT, UTC times (or dates when ``all_day``)."""
    uid = f"{uuid.uuid4()}@kalends"
    calendar = icalendar.Calendar()
    calendar.add("PRODID", "-//Kalends//CalDAV//EN")
    calendar.add("VERSION", "2.0")
    event = icalendar.Event()
    event.add("UID", uid)
    event.add("SUMMARY", title)
    event.add("DTSTART", _dt.date(2000, 1, 1) if all_day else _EPOCH)
    _set_times(event, start, end, all_day, _dt.timezone.utc)
    event.add("DTSTAMP", _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0))
    calendar.add_component(event)
    return uid, str(calendar.to_ical().decode("utf-8"))


__all__ = ["moved", "without_occurrence", "new_event", "occurrence_target"]
