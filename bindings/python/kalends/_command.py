"""Whether this process is the ``kalends`` command (``python -m kalends`` or the
installed script), for errors that happen before the command's own code runs."""
from __future__ import annotations

import sys
from pathlib import Path


def running_as_command() -> bool:
    """True while ``python -m kalends`` imports the package (``sys.argv[0]`` is "-m" while
    the module is located) or when the process is the installed ``kalends`` script."""
    argv = sys.argv or [""]
    if argv[0] == "-m":
        orig = list(getattr(sys, "orig_argv", []))
        if "-m" not in orig:   # Python < 3.10 has no orig_argv: -m is enough of a sign
            return True
        target = orig[orig.index("-m") + 1] if orig.index("-m") + 1 < len(orig) else ""
        return target == "kalends" or target.startswith("kalends.")
    return Path(argv[0]).name == "kalends"


def exit_if_command(error: BaseException) -> None:
    """Prints ``kalends: <error>`` and exits with status 1 when running as the command;
    returns otherwise (the caller re-raises for library users)."""
    if running_as_command():
        print(f"kalends: {error}", file=sys.stderr)
        raise SystemExit(1)
