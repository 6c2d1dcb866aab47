"""Events from CSV and JSON files, for ``python -m kalends --events FILE``.

Both formats hold the same fields, one event per CSV row (with a header row) or per
JSON object (a list, or ``{"events": [...]}``):

``title``
    required.
``start``
    required: a date (``2026-11-26``: an all-day event) or a date and time
    (``2026-11-26T09:30``, local to the given time zone, or with an offset such as
    ``+01:00`` or ``Z``: an instant).
``end``
    optional: the last day of an all-day event (inclusive), or the end of a timed one
    (exclusive). Default: the start day, or one hour after the start.
``color``
    optional: ``#RRGGBB`` or ``#RRGGBBAA`` (default blue).
``id``
    optional: a 64-bit integer (default: the event's position, from 1).

Every problem is a ``ValueError`` naming the file, the row and the field.
"""
from __future__ import annotations

import csv
import datetime as dt
import json
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional

from .events import Event, TimeZone, instant

DEFAULT_COLOR = 0x4A90E2FF
FIELDS = ("id", "title", "start", "end", "color")


def parse_color(text: str) -> int:
    """``#RRGGBB`` or ``#RRGGBBAA`` as 0xRRGGBBAA."""
    digits = text.strip().lstrip("#")
    if len(digits) not in (6, 8) or any(c not in "0123456789abcdefABCDEF" for c in digits):
        raise ValueError(f"not a colour: {text!r} (use #RRGGBB or #RRGGBBAA)")
    value = int(digits, 16)
    return value << 8 | 0xFF if len(digits) == 6 else value


def _when(text: str, zone: TimeZone) -> dt.date | int:
    """A date, or an instant in seconds."""
    text = text.strip()
    if "T" not in text and " " not in text:
        return dt.date.fromisoformat(text)
    value = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    return instant(value) if value.tzinfo is not None else zone.instant(value)


def event_from_fields(fields: Mapping[str, Any], position: int, zone: TimeZone) -> Event:
    """One event from its fields (strings, or JSON numbers for ``id``)."""
    unknown = set(fields) - set(FIELDS)
    if unknown:
        raise ValueError(f"unknown field {sorted(unknown)[0]!r} (fields: {', '.join(FIELDS)})")

    def text(name: str) -> Optional[str]:
        value = fields.get(name)
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        return str(value)

    title = text("title")
    start_text = text("start")
    if title is None or start_text is None:
        raise ValueError("title and start are required")
    try:
        start = _when(start_text, zone)
    except ValueError:
        raise ValueError(f"start: not a date or date-time: {start_text!r}") from None
    end_text = text("end")
    try:
        end = _when(end_text, zone) if end_text is not None else None
    except ValueError:
        raise ValueError(f"end: not a date or date-time: {end_text!r}") from None
    id_text = text("id")
    try:
        event_id = int(id_text) if id_text is not None else position
    except ValueError:
        raise ValueError(f"id: not an integer: {id_text!r}") from None
    color_text = text("color")
    color = parse_color(color_text) if color_text is not None else DEFAULT_COLOR
    if isinstance(start, dt.date):
        if end is not None and not isinstance(end, dt.date):
            raise ValueError("an all-day event (start is a date) needs a date as its end")
        return Event.on_days(event_id, title, start, end, color=color)
    if end is not None and isinstance(end, dt.date):
        raise ValueError("a timed event (start has a time) needs a date-time as its end")
    return Event(event_id, title, False, start, end if end is not None else start + 3600, color)


def _rows(path: Path) -> Iterable[tuple[int, Mapping[str, Any]]]:
    """(line or position, fields) of each event in the file."""
    text = path.read_text(encoding="utf-8-sig")
    if path.suffix.lower() == ".json" or text.lstrip().startswith(("[", "{")):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as e:
            raise ValueError(f"{path}: not JSON: {e}") from None
        items = doc.get("events") if isinstance(doc, dict) else doc
        if not isinstance(items, list):
            raise ValueError(f"{path}: expected a list of events or {{\"events\": [...]}}")
        for i, item in enumerate(items, 1):
            if not isinstance(item, dict):
                raise ValueError(f"{path}: event {i}: expected an object")
            yield i, item
        return
    reader = csv.reader(text.splitlines())
    header = [name.strip().lower() for name in next(reader, [])]
    for row in reader:
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            raise ValueError(f"{path}: line {reader.line_num}: {len(row)} cells but {len(header)} columns")
        yield reader.line_num, dict(zip(header, row))


def load_events(path: Path, zone: TimeZone) -> list[Event]:
    """The events of a CSV or JSON file (see the module's documentation)."""
    events = []
    seen: dict[int, int] = {}
    for position, (where, fields) in enumerate(_rows(path), 1):
        try:
            event = event_from_fields(fields, position, zone)
        except ValueError as e:
            kind = "event" if path.suffix.lower() == ".json" else "line"
            raise ValueError(f"{path}: {kind} {where}: {e}") from None
        if event.id in seen:
            raise ValueError(f"{path}: id {event.id} is used twice (events {seen[event.id]} and {position})")
        seen[event.id] = position
        events.append(event)
    return events
