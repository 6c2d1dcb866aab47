"""``import kalends.rrule``: the dateutil.rrule drop-in, kalends.compat.rrule."""
from .compat.rrule import *  # noqa: F401,F403
from .compat.rrule import __all__  # noqa: F401
