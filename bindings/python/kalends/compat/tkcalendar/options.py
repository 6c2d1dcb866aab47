"""The options of kalends.tkcalendar's Calendar: their names and defaults (tkcalendar
1.5.0's, so ``keys()``/``cget`` read the same), the checks of bad values (the exception
types and messages tkcalendar's documentation and users rely on), and date patterns:
tkcalendar's numeric ``y``/``m``/``d`` patterns written through kalends.Locale."""
from __future__ import annotations

import datetime
import re
from typing import Any, Dict, List, Optional, Sequence

from ...locale import Locale

#: tkcalendar's ``firstweekday`` words, and the others kalends.tkcalendar also takes
#: ("saturday": any first weekday), as ISO weekdays.
WEEKDAYS = {"monday": 1, "tuesday": 2, "wednesday": 3, "thursday": 4, "friday": 5, "saturday": 6, "sunday": 7}

#: ``selectmode`` words: tkcalendar's "none" and "day", and kalends.tkcalendar's
#: "multiple" (each click adds or removes a day) and "range" (a click or a drag: first
#: and last day).
SELECT_MODES = ("none", "day", "multiple", "range")

#: Colour and tooltip options with tkcalendar 1.5.0's defaults (selectbackground and
#: the disabled ones are read from the ttk theme when the widget is made).
COLOURS: Dict[str, Any] = {
    "selectbackground": None, "selectforeground": "white",
    "disabledselectbackground": None, "disabledselectforeground": "white",
    "normalbackground": "white", "normalforeground": "black",
    "background": "gray30", "foreground": "white",
    "disabledbackground": "gray30", "disabledforeground": "gray70",
    "bordercolor": "gray70",
    "othermonthforeground": "gray45", "othermonthbackground": "gray93",
    "othermonthweforeground": "gray45", "othermonthwebackground": "gray75",
    "weekendbackground": "gray80", "weekendforeground": "gray30",
    "headersbackground": "gray70", "headersforeground": "black",
    "disableddaybackground": None, "disableddayforeground": None,
    "tooltipforeground": "gray90", "tooltipbackground": "black",
    "tooltipalpha": 0.8, "tooltipdelay": 2000,
}

#: tkcalendar's option names, in its order (``keys()``).
TKCALENDAR_KEYS: List[str] = [
    "cursor", "font", "borderwidth", "state", "locale", "date_pattern", "selectmode", "textvariable",
    "firstweekday", "weekenddays", "mindate", "maxdate", "showweeknumbers", "showothermonthdays",
    *COLOURS,
]

#: Options kalends.tkcalendar adds: a calendar system (``"hebrew"``, ``"islamic-umalqura"``,
#: ...; the grid, title and day numbers follow it), a second system shown under each day
#: number, right-to-left columns (None: the locale's direction), event dots, and a colour
#: for today's outline.
EXTRA_DEFAULTS: Dict[str, Any] = {
    "calendar": "gregorian", "secondary_calendar": None, "righttoleft": None, "showeventdots": True,
    "todayforeground": "royal blue",
}

DEFAULT_FONT = "Liberation\\ Sans 9"


def open_locale(name: Any) -> Locale:
    """The kalends.Locale of a ``locale`` option (None: the environment's). A name whose
    language CLDR does not have (it would fall back to the root locale) raises ValueError,
    as tkcalendar refuses a locale babel does not know; a known language with an unknown
    region falls back to the language (``de_XX``: de), as CLDR does."""
    locale = Locale(name)
    if name is not None and locale.identifier == "root" and str(name).split("_")[0].split("-")[0] not in ("root", "und"):
        raise ValueError("unknown locale %r" % (name,))
    return locale


def check_weekenddays(value: Any) -> None:
    """tkcalendar's check: a list of two positions 1 ... 7 in the week."""
    try:
        if len(value) != 2:
            raise ValueError("weekenddays should be a list of two days.")
        for day in value:
            if day not in range(1, 8):
                raise ValueError("weekenddays should contain integers between 1 and 7.")
    except TypeError:
        raise TypeError("weekenddays should be a list of two days.") from None


def check_firstweekday(value: Any) -> int:
    """The ISO weekday of a ``firstweekday`` word."""
    if not isinstance(value, str) or value not in WEEKDAYS:
        raise ValueError("'firstweekday' option should be 'monday' or 'sunday'.")
    return WEEKDAYS[value]


def check_selectmode(value: Any) -> str:
    if value not in SELECT_MODES:
        raise ValueError("'selectmode' option should be 'none' or 'day'.")
    return str(value)


def check_state(value: Any) -> str:
    if value not in ("normal", "disabled"):
        raise ValueError("bad state '%s': must be disabled or normal" % (value,))
    return str(value)


def check_borderwidth(value: Any, message: str = "expected integer for the 'borderwidth' option.") -> int:
    """An integer border width (tkcalendar words the error differently at creation and
    in configure: ``message``)."""
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ValueError(message) from None


def check_limit(value: Any, name: str) -> Optional[datetime.date]:
    """A mindate/maxdate: None, a date, or a datetime's date."""
    if value is None:
        return None
    if isinstance(value, datetime.datetime):
        return value.date()
    if not isinstance(value, datetime.date):
        raise TypeError("expected %s for the '%s' option." % (datetime.date, name))
    return value


def as_date(value: Any, what: str = "date option should be a %s instance") -> datetime.date:
    """A date argument (a datetime counts as its date)."""
    if isinstance(value, datetime.datetime):
        return value.date()
    if not isinstance(value, datetime.date):
        raise TypeError(what % (datetime.date,))
    return value


_ORDERS = (
    re.compile(r"^y+[^a-zA-Z]*m{1,2}[^a-z]*d{1,2}[^mdy]*$"),
    re.compile(r"^m{1,2}[^a-zA-Z]*d{1,2}[^a-z]*y+[^mdy]*$"),
    re.compile(r"^d{1,2}[^a-zA-Z]*m{1,2}[^a-z]*y+[^mdy]*$"),
)


def date_pattern(value: Any, locale: Locale) -> str:
    """The CLDR pattern of a ``date_pattern`` option: "short" is the locale's short date
    pattern; otherwise year, month and day letters (y, m or mm, d or dd) in one of the
    orders y-m-d, m-d-y, d-m-y between non-letters, as tkcalendar documents them."""
    if value == "short":
        return locale.date_pattern("short")
    if isinstance(value, str):
        lower = value.lower()
        if any(order.search(lower) for order in _ORDERS):
            return lower.replace("m", "M")
    raise ValueError("%r is not a valid date pattern" % (value,))


def parse_numeric(text: str, pattern: str) -> datetime.date:
    """A date typed as numbers in the order of ``pattern``'s y, M and d (a two-digit year
    is in 2000 ... 2099; a month over 12 swaps with the day), as tkcalendar reads them.
    IndexError or ValueError when the text does not hold such a date."""
    lower = pattern.lower()
    rank = {field: i for i, field in enumerate(sorted("ymd", key=lower.index))}
    numbers = re.findall(r"\d+", text)
    year_text = numbers[rank["y"]]
    year = 2000 + int(year_text) if len(year_text) == 2 else int(year_text)
    month, day = int(numbers[rank["m"]]), int(numbers[rank["d"]])
    if month > 12:
        month, day = day, month
    return datetime.date(year, month, day)


def weekend_positions(weekend: Sequence[int], first_weekday: int) -> List[int]:
    """Positions 1 ... 7 in the week (first weekday = 1) of ISO weekdays."""
    return sorted((w - first_weekday) % 7 + 1 for w in weekend)


def weekend_weekdays(positions: Sequence[int], first_weekday: int) -> List[int]:
    """ISO weekdays of positions 1 ... 7 in a week starting on ``first_weekday``."""
    return [(first_weekday - 1 + p - 1) % 7 + 1 for p in positions]
