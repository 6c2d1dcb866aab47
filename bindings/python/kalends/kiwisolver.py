"""``import kalends.kiwisolver``: the kiwisolver drop-in, kalends.compat.kiwisolver."""
from .compat.kiwisolver import *  # noqa: F401,F403
from .compat.kiwisolver import __all__, __kalends_version__, __kiwi_version__, __version__  # noqa: F401
