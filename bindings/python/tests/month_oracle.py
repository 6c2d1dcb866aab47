"""Python's calendar as the oracle of month grids: a month's cells row by row
(calendar.monthdatescalendar: till the end of the row), continued with whole weeks up to
six rows for a fixed grid. Shared by the view tests."""
from __future__ import annotations

import calendar as pycal
import datetime

from kalends import Weekday


def month_cells(year: int, month: int, first_weekday: Weekday, six: bool) -> list[datetime.date]:
    """The month's cells row by row: Python's rows, then whole weeks up to six rows."""
    rows = pycal.Calendar(firstweekday=int(first_weekday) - 1).monthdatescalendar(year, month)
    cells = [d for week in rows for d in week]
    while six and len(cells) < 42:
        cells.append(cells[-1] + datetime.timedelta(days=1))
    return cells
