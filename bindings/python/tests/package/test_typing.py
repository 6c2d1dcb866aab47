"""The package's type annotations (it ships py.typed): ``mypy --strict`` passes on it and
on typical user code (typing_user_code.py, which also runs here). ``make typecheck``
runs the same check; this test says which lines fail when it does."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import required

import typing_user_code

PACKAGE_ROOT = Path(__file__).resolve().parents[2]


def test_typical_user_code_runs() -> None:
    report = typing_user_code.main()
    assert "x=75 y=25" in report
    assert any(line.endswith("Trip ✈ (all day)") for line in report)
    assert any(line.endswith(" Standup") for line in report)


def test_mypy_strict_passes_on_the_package_and_user_code() -> None:
    required.module("mypy", "make typecheck's checker")
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir=/dev/null", "kalends",
                          "tests/package/typing_user_code.py"], cwd=PACKAGE_ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
