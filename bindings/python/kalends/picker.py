"""A view's months and years pickers (``kalends/picker.h``; Zag's month and year views):
the months of the page's year or the years of its decade, three to a row in the view's
own size, and drilling down from a cell. Reached through :class:`~kalends.View`
(``View.picker_cells``, ``View.picker_hit_test``, ``View.pick``)."""
from __future__ import annotations

from typing import Any, NamedTuple

from .calendar import DayFlags, _FLAGS
from .geometry import Rect

#: A ctypes array of ``_abi.CPickerCell``.
CPickerCellArray = Any

#: Which picker (``KALENDS_PICKER_*``): the months of the page's year, or the years of its
#: decade with the year before and after. The generated enum of the header (``_abi.Picker``).
from ._abi import Picker as Picker  # noqa: E402


class PickerCell(NamedTuple):
    """One cell of a picker (``kalends_picker_cell``)."""

    #: The system's extended year (Gregorian: the civil year).
    year: int
    #: The month (months picker); 0 (years picker).
    month: int
    first_day: int
    last_day: int
    #: SELECTED (the page's month or year), TODAY, DISABLED (outside the view's dates),
    #: LEADING / TRAILING (the years around the decade).
    flags: DayFlags
    frame: Rect


def _cells(buf: "CPickerCellArray", count: int) -> list[PickerCell]:
    """PickerCells of the first ``count`` C cells."""
    return [PickerCell(c.year, c.month, c.first_day, c.last_day, _FLAGS[c.flags],
                       Rect(c.frame.x, c.frame.y, c.frame.width, c.frame.height)) for c in buf[:count]]


__all__ = ["Picker", "PickerCell"]
