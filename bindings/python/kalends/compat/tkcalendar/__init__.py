"""``kalends.tkcalendar``: a drop-in for tkcalendar 1.5.0 (Calendar and DateEntry widgets
for Tkinter) drawn on a Tk Canvas from a kalends.View::

    import kalends.tkcalendar as tkcalendar
    cal = tkcalendar.Calendar(root, selectmode="day", locale="en_US")
    entry = tkcalendar.DateEntry(root, date_pattern="y-mm-dd")

tkcalendar's documented options, methods, virtual events and exceptions behave as there
(bindings/python/tests/hosts/test_tkcalendar_dropin.py runs one program against both).
The view decides what is shown, selected, reachable and where; the widget draws its
frames and keeps tkcalendar's options and calevents. No babel import: dates are written
and read by kalends.Locale (CLDR 47).

Beyond tkcalendar:
  * every CLDR locale, and any calendar system: ``calendar="hebrew"`` (grid, title and day
    numbers in that system), ``secondary_calendar="islamic-umalqura"`` (its day number
    under each day);
  * ``firstweekday`` takes every weekday name ("saturday"), not only monday and sunday;
  * ``selectmode="multiple"`` (clicks add and remove days) and ``"range"`` (two clicks, or
    a drag across days); ``selected_days()`` lists them;
  * right-to-left columns for right-to-left locales (``righttoleft`` overrides);
  * keyboard: arrows move and select, Page Up/Down page, Home/End, shift+arrows extend a
    range, Return/space select; the mouse wheel pages;
  * calevents also show as dots under the day number (``showeventdots``), today is
    outlined (``todayforeground``);
  * DateEntry reads typed dates in the locale's words too ("22 Nov 2026"), and fires
    ``<<DateEntrySelected>>`` when a typed date is confirmed (Return or leaving the entry);
  * ``view``, ``canvas``, ``day_frame(date)``, ``element_frame(kind)``: the kalends.View and
    where it put things, for hosts and tests.

Deliberate differences (each a choice, not an accident):
  * ``keys()`` lists tkcalendar's options, then the options above (``calendar``,
    ``secondary_calendar``, ``righttoleft``, ``showeventdots``, ``todayforeground``);
  * ``firstweekday`` values other than "monday" and "sunday" are accepted (tkcalendar
    raises ValueError for them);
  * ``selectmode`` also takes "multiple" and "range" (tkcalendar raises ValueError);
  * ``locale`` must name a language CLDR has; an unknown one raises ValueError where
    tkcalendar raises babel's UnknownLocaleError (an Exception), and a known language
    with an unknown region falls back to the language; the default is the environment's
    locale as kalends.Locale reads it (tkcalendar: babel.default_locale());
  * without ``weekenddays`` the weekend is the locale's when it has two days (he_IL:
    Friday and Saturday), else Saturday and Sunday (tkcalendar: always Saturday and Sunday);
  * there are no year arrows: the header has the view's previous and next month buttons
    (Page Up/Down and the wheel page too); a click on another month's day shows that
    month and selects the day, as in tkcalendar;
  * ``parse_date`` reads a text with letters by the locale's patterns (tkcalendar takes
    only the numbers in it);
  * a widget too small to lay out (0 or 1 pixel) draws nothing and raises nothing.
"""
from .calendar_widget import Calendar
from .dateentry import DateEntry
from .tooltip import Tooltip, TooltipWrapper

#: The tkcalendar release this package stands in for.
__version__ = "1.5.0"

__all__ = ["Calendar", "DateEntry", "Tooltip", "TooltipWrapper"]
