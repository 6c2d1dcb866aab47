"""The desktop calendar, ``python -m kalends.app``: a Tk window with month, week, day and
agenda pages of the events in ``.ics`` files. Paging by buttons, keys (Page Up/Down, t for
today, m/w/d for the modes), the mouse wheel and swipes; a drag across days selects
them; in a single file's calendar, events move and resize by drag (kalends.editing) and
are saved back to the file (kalends' iCalendar writer, to a temporary file renamed over
it: a failed write leaves the file as it was). A DateEntry jumps to a date. The locale
and calendar system come from the options or the environment (LANG/LC_ALL,
KALENDS_CALENDAR).

Files: ``sources`` (arguments into event sources: .ics files; a CalDAV account plugs
in there), ``saving`` (the atomic write), ``pages`` (drawing a page on the canvas),
``agenda_page`` (kalends.Agenda's rows drawn), ``window`` (the window and its input),
``main`` (the command line)."""
