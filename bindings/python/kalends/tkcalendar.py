"""``import kalends.tkcalendar``: the tkcalendar drop-in, kalends.compat.tkcalendar."""
from .compat.tkcalendar import *  # noqa: F401,F403
from .compat.tkcalendar import Calendar, DateEntry, Tooltip, TooltipWrapper, __all__, __version__  # noqa: F401
