"""What both SVG pictures use (the month's cells in render_svg, the week's and day's
hours in render_timegrid): the events to draw (EventLayer, PageEvents), number
formatting, colours and the bar outline."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Optional

from ..dates import Date
from ..geometry import Rect

if TYPE_CHECKING:
    from ..events import Event
    from ..store import EventStore
    from ..timezone import TimeZone


#: The most occurrences of a page a picture reads (the first in start order: an event
#: repeating every second would be 604,800 boxes a week). A month with more is laid out
#: from the store, which counts what does not show; its bars name their entry.
PAGE_EVENTS = 2000


def fmt(x: float) -> str:
    """A coordinate as SVG text (no trailing zeros)."""
    return f"{x:g}"


@dataclass(frozen=True)
class EventLayer:
    """Events to draw over the days: a store, the zone that puts timed events on days
    (None: UTC), and how: ``bars`` (month and week pages) or ``dots`` (at most
    ``max_dots`` per day, in the events' colours)."""

    store: "EventStore"
    zone: Optional["TimeZone"] = None
    style: Literal["bars", "dots"] = "bars"
    max_dots: int = 3


@dataclass(frozen=True)
class PageEvents:
    """The occurrences overlapping a page's days, each in ``store`` under its own key
    (its index in ``events``): a recurring entry's occurrences share the entry's id, and
    a store holds an id once, so a picture lays out and names occurrences by key."""

    store: "EventStore"
    #: key -> the occurrence (its entry's id, its own title, times and colour)
    events: list["Event"]

    @classmethod
    def of(cls, occurrences: list["Event"]) -> "PageEvents":
        """The occurrences keyed by their order, in a store of their own: O(k) for k."""
        from ..events import Event
        from ..store import EventStore
        return cls(EventStore(Event(key, e.title, e.all_day, e.start, e.end, e.color, e.source, e.user_value)
                              for key, e in enumerate(occurrences)), occurrences)


def page_occurrences(layer: EventLayer, first: int, last: int) -> list["Event"]:
    """The occurrences overlapping local days first ... last in ``layer``'s store, at most
    PAGE_EVENTS + 1 (one more than a picture draws: more means a dense page)."""
    return layer.store.query(Date.from_day_number(first), Date.from_day_number(last), layer.zone,
                             limit=PAGE_EVENTS + 1)


def rgba(color: int) -> tuple[str, float]:
    """An 0xRRGGBBAA colour as (#rrggbb, opacity)."""
    return f"#{color >> 8 & 0xFFFFFF:06x}", (color & 0xFF) / 255


def ink_on(color: int) -> str:
    """Black or white, whichever reads better on the colour."""
    r, g, b = color >> 24 & 0xFF, color >> 16 & 0xFF, color >> 8 & 0xFF
    return "#111827" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def bar_path(f: Rect, left: float, right: float) -> str:
    """A bar's outline: corners of radius ``left`` on its left end, ``right`` on its right."""
    left, right = (min(r, f.width / 2, f.height / 2) for r in (left, right))
    x0, y0, x1, y1 = f.x, f.y, f.x + f.width, f.y + f.height
    return (f"M{fmt(x0 + left)},{fmt(y0)} H{fmt(x1 - right)} A{fmt(right)},{fmt(right)} 0 0 1 {fmt(x1)},{fmt(y0 + right)} "
            f"V{fmt(y1 - right)} A{fmt(right)},{fmt(right)} 0 0 1 {fmt(x1 - right)},{fmt(y1)} H{fmt(x0 + left)} "
            f"A{fmt(left)},{fmt(left)} 0 0 1 {fmt(x0)},{fmt(y1 - left)} V{fmt(y0 + left)} "
            f"A{fmt(left)},{fmt(left)} 0 0 1 {fmt(x0 + left)},{fmt(y0)} Z")



__all__ = ["PAGE_EVENTS", "EventLayer", "PageEvents", "page_occurrences", "fmt", "rgba", "ink_on", "bar_path"]
