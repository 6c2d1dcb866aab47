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

Every problem, whatever the file holds (bytes that are not UTF-8, cells of any length,
JSON nested to any depth), is an :class:`EventFileError` naming the file, the row (CSV:
``line N``; JSON: ``event N``) and the field, with dates and times as written.
"""
from __future__ import annotations

import csv
import datetime as dt
import io
import json
from pathlib import Path
from typing import Any, Iterator, Mapping, Optional, Union

from ..errors import KalendsError
from ..events import DEFAULT_COLOR, Event, instant
from ..timezone import TimeZone

FIELDS = ("id", "title", "start", "end", "color")
#: Python's csv module refuses longer cells; so does this reader, with a message.
CSV_CELL_LIMIT = csv.field_size_limit()
_INT64 = (-(2**63), 2**63 - 1)


class EventFileError(ValueError):
    """An events file that cannot be read: the message names the file, the row and the field."""


class _FieldError(ValueError):
    """A problem with one event's fields (the caller adds the file and the row)."""


def parse_color(text: str) -> int:
    """``#RRGGBB`` or ``#RRGGBBAA`` as 0xRRGGBBAA."""
    digits = text.strip().lstrip("#")
    if len(digits) not in (6, 8) or any(c not in "0123456789abcdefABCDEF" for c in digits):
        raise ValueError(f"not a colour: {_shown(text)} (use #RRGGBB or #RRGGBBAA)")
    value = int(digits, 16)
    return value << 8 | 0xFF if len(digits) == 6 else value


def _shown(text: str, limit: int = 60) -> str:
    """repr() of a value for a message, cut when long."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"


def _when(text: str, zone: TimeZone) -> Union[dt.date, int]:
    """A date, or an instant in seconds."""
    text = text.strip()
    if "T" not in text and " " not in text:
        return dt.date.fromisoformat(text)
    value = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    return instant(value) if value.tzinfo is not None else zone.instant(value)


def event_from_fields(fields: Mapping[str, Any], position: int, zone: TimeZone) -> Event:
    """One event from its fields (strings; JSON may also give ``id`` as an integer and
    leave optional fields null). Raises ValueError naming the field."""
    unknown = [name for name in fields if name not in FIELDS]
    if unknown:
        raise _FieldError(f"unknown field {_shown(str(unknown[0]))} (fields: {', '.join(FIELDS)})")

    def text(name: str) -> Optional[str]:
        value = fields.get(name)
        if value is None:
            return None
        if name == "id" and type(value) is int:
            return str(value)
        if not isinstance(value, str):
            raise _FieldError(f"{name}: expected a string, not {_json_kind(value)}")
        return value if value.strip() else None

    title = text("title")
    start_text = text("start")
    if title is None:
        raise _FieldError("title: missing (title and start are required)")
    try:
        title.encode("utf-8")
    except UnicodeEncodeError as e:
        raise _FieldError(f"title: not valid Unicode (a lone surrogate, {title[e.start]!r}, at character "
                          f"{e.start + 1})") from None
    if start_text is None:
        raise _FieldError("start: missing (title and start are required)")
    try:
        start = _when(start_text, zone)
    except (ValueError, KalendsError):
        raise _FieldError(f"start: not a date or date-time: {_shown(start_text)}") from None
    end_text = text("end")
    try:
        end = _when(end_text, zone) if end_text is not None else None
    except (ValueError, KalendsError):
        raise _FieldError(f"end: not a date or date-time: {_shown(end_text or '')}") from None
    id_text = text("id")
    if id_text is None:
        event_id = position
    else:
        try:
            event_id = int(id_text.strip(), 10)
        except ValueError:
            raise _FieldError(f"id: not an integer: {_shown(id_text)}") from None
        if not _INT64[0] <= event_id <= _INT64[1]:
            raise _FieldError(f"id: {id_text.strip()} does not fit in 64 bits")
    color_text = text("color")
    try:
        color = parse_color(color_text) if color_text is not None else DEFAULT_COLOR
    except ValueError as e:
        raise _FieldError(f"color: {e}") from None
    if isinstance(start, dt.date):
        if end is not None and not isinstance(end, dt.date):
            raise _FieldError("end: an all-day event (start is a date) needs a date as its end")
        if end is not None and end < start:
            raise _FieldError(f"end: the last day {end} is before the first day {start}")
        return Event.on_days(event_id, title, start, end, color=color)
    if end is not None and isinstance(end, dt.date):
        raise _FieldError("end: a timed event (start has a time) needs a date-time as its end")
    if end is not None and end < start:
        raise _FieldError(f"end: {(end_text or '').strip()} is before the start {start_text.strip()}")
    return Event(event_id, title, False, start, end if end is not None else start + 3600, color)


def _json_kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _decode(path: Path, data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise EventFileError(f"{path}: line {line}, column {column}: not UTF-8 text "
                             f"(byte 0x{data[e.start]:02x}); save the file as UTF-8") from None


def _is_json(path: Path, text: str) -> bool:
    return path.suffix.lower() == ".json" or text.lstrip().startswith(("[", "{"))


def _json_rows(path: Path, text: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise EventFileError(f"{path}: line {e.lineno}, column {e.colno}: not JSON: {e.msg}") from None
    except RecursionError:
        raise EventFileError(f"{path}: not an events file: JSON nested too deeply") from None
    items = doc.get("events") if isinstance(doc, dict) else doc
    if not isinstance(items, list):
        raise EventFileError(f"{path}: expected a list of events or {{\"events\": [...]}}, not {_json_kind(items)}")
    for i, item in enumerate(items, 1):
        if not isinstance(item, dict):
            raise EventFileError(f"{path}: event {i}: expected an object with the fields "
                                 f"{', '.join(FIELDS)}, not {_json_kind(item)}")
        yield f"event {i}", item


def _csv_rows(path: Path, text: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = [name.strip().lower() for name in next(reader, [])]
        unknown = [name for name in header if name not in FIELDS]
        if unknown:
            raise EventFileError(f"{path}: line 1: unknown column {_shown(unknown[0])} (columns: {', '.join(FIELDS)})")
        twice = [name for name in FIELDS if header.count(name) > 1]
        if twice:
            raise EventFileError(f"{path}: line 1: column {twice[0]!r} is there twice")
        missing = [name for name in ("title", "start") if name not in header]
        if missing:
            raise EventFileError(f"{path}: line 1: no {missing[0]!r} column (a header row naming the columns "
                                 f"comes first; title and start are required)")
        for row in reader:
            if not any(cell.strip() for cell in row):
                continue
            if len(row) > len(header):
                raise EventFileError(f"{path}: line {reader.line_num}: {len(row)} cells but {len(header)} columns")
            yield f"line {reader.line_num}", dict(zip(header, row))
    except csv.Error as e:
        where = f"line {max(1, reader.line_num)}"
        if "field larger than field limit" in str(e):
            raise EventFileError(f"{path}: {where}: a cell is longer than {CSV_CELL_LIMIT} characters") from None
        raise EventFileError(f"{path}: {where}: not CSV: {e}") from None


def load_events(path: Path, zone: TimeZone) -> list[Event]:
    """The events of a CSV or JSON file (see the module's documentation). Raises
    EventFileError (a ValueError) for anything wrong with the file's content and
    OSError when it cannot be read."""
    text = _decode(path, Path(path).read_bytes())
    rows = _json_rows(path, text) if _is_json(path, text) else _csv_rows(path, text)
    events = []
    seen: dict[int, str] = {}
    for position, (where, fields) in enumerate(rows, 1):
        try:
            event = event_from_fields(fields, position, zone)
        except ValueError as e:
            raise EventFileError(f"{path}: {where}: {e}") from None
        if event.id in seen:
            raise EventFileError(f"{path}: {where}: id: {event.id} is used twice ({seen[event.id]} and {where})")
        seen[event.id] = where
        events.append(event)
    return events
