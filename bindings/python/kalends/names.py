"""English month and weekday names: the seam where localized names will come in."""
from __future__ import annotations

MONTH_NAMES = (
    "", "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
)
#: Index by ISO weekday (1 = Monday).
WEEKDAY_NAMES = ("", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
WEEKDAY_ABBREVIATIONS = ("", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def month_name(month: int) -> str:
    return MONTH_NAMES[month]


def weekday_name(weekday: int, width: int | None = None) -> str:
    """The weekday's name, abbreviated to ``width`` characters when given (full names
    from width 9 on, as Python's ``calendar`` does)."""
    if width is None or width >= 9:
        return WEEKDAY_NAMES[weekday]
    return WEEKDAY_ABBREVIATIONS[weekday][:width]
