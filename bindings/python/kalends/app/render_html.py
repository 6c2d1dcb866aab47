"""A year as the XHTML page ``python -m calendar -t html`` writes (the markup of
``calendar.HTMLCalendar.formatyearpage``), byte for byte, from Kalends' month grids:
any year Kalends covers, any first weekday."""
from __future__ import annotations

from ..calendar import Calendar, Rows
from .names import Names
from .render_text import printable_grid

#: CSS classes of the weekdays, by ISO weekday (1 = Monday).
WEEKDAY_CLASSES = ("", "mon", "tue", "wed", "thu", "fri", "sat", "sun")
TABLE = '<table border="0" cellpadding="0" cellspacing="0" class="{}">'


class HtmlRenderer:
    """Renders year pages of one calendar."""

    def __init__(self, calendar: Calendar, names: Names | None = None) -> None:
        self.calendar = calendar
        #: Python's calendar's English by default, else a locale's names and digits.
        self.names = names or Names()

    def weekday_row(self) -> str:
        first = int(self.calendar.options.first_weekday)
        days = [(first - 1 + i) % 7 + 1 for i in range(7)]
        return "<tr>" + "".join(f'<th class="{WEEKDAY_CLASSES[d]}">{self.names.abbreviation(d)}</th>' for d in days) + "</tr>"

    def month(self, year: int, month: int, header: str) -> str:
        """One month as a table; the name only (as in a year page), no year."""
        rows = [TABLE.format("month"), f'<tr><th colspan="7" class="month">{self.names.month(month)}</th></tr>', header]
        for week in printable_grid(self.calendar, year, month, Rows.VARIABLE):
            cells = "".join(f'<td class="{WEEKDAY_CLASSES[d.weekday]}">{self.names.number(d.day)}</td>' if d.in_month
                            else '<td class="noday">&nbsp;</td>' for d in week.days)
            rows.append(f"<tr>{cells}</tr>")
        return "\n".join(rows) + "\n</table>\n"

    def year(self, year: int, months_per_row: int = 3) -> str:
        """The year as a table of month tables."""
        header = self.weekday_row()
        out = [TABLE.format("year"), "\n", f'<tr><th colspan="{months_per_row}" class="year">{self.names.year(year)}</th></tr>']
        for first in range(1, 13, months_per_row):
            out.append("<tr>")
            for month in range(first, min(first + months_per_row, 13)):
                out += ["<td>", self.month(year, month, header), "</td>"]
            out.append("</tr>")
        out.append("</table>")
        return "".join(out)

    def year_page(self, year: int, css: str | None = "calendar.css", encoding: str = "utf-8") -> bytes:
        """The whole page, encoded (characters the encoding lacks as character references)."""
        head = [
            f'<?xml version="1.0" encoding="{encoding}"?>',
            '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
            '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">',
            "<html>", "<head>", f'<meta http-equiv="Content-Type" content="text/html; charset={encoding}" />',
        ]
        if css is not None:
            head.append(f'<link rel="stylesheet" type="text/css" href="{css}" />')
        head += [f"<title>Calendar for {year}</title>", "</head>", "<body>"]
        page = "\n".join(head) + "\n" + self.year(year) + "</body>\n</html>\n"
        return page.encode(encoding, "xmlcharrefreplace")
