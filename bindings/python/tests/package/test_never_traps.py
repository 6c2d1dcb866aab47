"""Calls that used to kill the interpreter (issue 10): a Swift trap in the library is a
SIGILL in the Python process, so each case runs in a child interpreter and the test
checks that it exited normally with the expected answer."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import kalends

CASES = {
    # item 1: Double -> Int conversions of viewport coordinates over the row pitch
    "horizontal scroll, viewport at y=1e300":
        ("Scroll(axis=Axis.HORIZONTAL, width=350).visible_days((0, 1e300, 350, 100))", "None"),
    "one month, viewport at y=1e30":
        ("Scroll(first_month=datetime.date(2026, 1, 1), last_month=datetime.date(2026, 1, 1), width=350)"
         ".elements((0, 1e30, 350, 800))", "[]"),
    "fixed rows 4.9e-324 high":
        ("len(Scroll(first_month=datetime.date(2026, 1, 1), rows=Rows.FIXED, width=350,"
         " row_height=RowHeight.fixed(4.9e-324)).elements((0, 100, 350, 800)))", None),
    "row spacing 1e-300, cells 0 wide":
        ("Scroll(first_month=datetime.date(2026, 1, 1), width=350, column_spacing=60, row_spacing=1e-300)"
         ".visible_days((0, 100, 350, 800))", "None"),
    # item 2: a size query over a huge viewport counts instead of building
    "visible days of every supported date":
        ("Scroll(first_month=Date(-999999, 1, 1), width=350).visible_days((0, 0, 350, 1e12))",
         "DayRange(first=-365961662, last=364522971)"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_call_returns(name: str) -> None:
    expression, expected = CASES[name]
    code = f"import datetime\nfrom kalends import *\nprint({expression})"
    env = dict(os.environ, PYTHONPATH=str(Path(kalends.__file__).parents[1]))
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, f"{name}: exit status {run.returncode}\n{run.stderr[-2000:]}"
    if expected is not None:
        assert run.stdout.strip() == expected
