"""Checks what a README program printed (stdin): the 42 days of the November 2026 grid
with Sunday weeks, one a line starting with its date, 2026-11-01 ... 2026-12-12. Other
lines (a test runner's) are ignored."""
import datetime as dt
import re
import sys

dates = [m.group(0) for m in (re.match(r"\d{4}-\d\d-\d\d", line) for line in sys.stdin) if m]
first = dt.date(2026, 11, 1)
want = [(first + dt.timedelta(days=i)).isoformat() for i in range(42)]
if dates != want:
    sys.exit(f"README program: printed {len(dates)} dates {dates[:1]}...{dates[-1:]}, expected the 42 of "
             f"{want[0]} ... {want[-1]}")
print("ok readme snippet")
