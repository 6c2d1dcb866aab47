"""Edges of python -m kalends: the page of --mode week/day without --select is today's;
a reader that stops early (| head) gets the files written and no noise; bad values are
refused in the command's words (reversed ranges, widths, zones, TZ)."""
from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

import kalends
from kalends.app.cli import main

PACKAGE_ROOT = Path(kalends.__file__).resolve().parents[1]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(["--color", "never", *argv])
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def command(*argv: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    full = dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT), **(env or {}))
    return subprocess.run([sys.executable, "-m", "kalends", "--color", "never", *argv], env=full, cwd=cwd,
                          capture_output=True, text=True, timeout=120)


# -- item 13: week and day pages are today's ---------------------------------------------------


def test_week_and_day_without_select_show_today(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--mode", "day", "--today", "2026-11-18")[1].splitlines()[0] == "Wednesday, 18 November 2026"
    assert run(capsys, "--mode", "week", "--today", "2026-11-18")[1].splitlines()[0] == "16 – 22 November 2026"
    # a YEAR and MONTH that hold today: still today's week; ones that do not: their first day's
    assert run(capsys, "2026", "11", "--mode", "week", "--today", "2026-11-18")[1].splitlines()[0] == \
        "16 – 22 November 2026"
    assert run(capsys, "2026", "3", "--mode", "week", "--today", "2026-11-18")[1].splitlines()[0] == \
        "23 Feb – 1 Mar 2026"
    assert run(capsys, "2025", "--mode", "day", "--today", "2026-11-18")[1].splitlines()[0] == \
        "Wednesday, 1 January 2025"
    doc = json.loads(run(capsys, "--mode", "day", "--today", "2026-11-18T09:00", "--json")[1])
    day = dt.date(2026, 11, 18).toordinal() - dt.date(1970, 1, 1).toordinal()
    assert doc["mode"] == "day" and doc["first_day"] == doc["last_day"] == day
    assert [d["flags"] for w in doc["weeks"] for d in w["days"]] == [["in_month", "today"]]
    # --select still decides the page
    assert run(capsys, "--mode", "day", "--today", "2026-11-18", "--select", "2026-11-20")[1].startswith(
        "Friday, 20 November 2026")


@pytest.mark.parametrize("zone", ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Paris"])
def test_today_is_the_date_in_the_time_zone(capsys: pytest.CaptureFixture[str], zone: str) -> None:
    """Without --today, today is the date in --time-zone now (zoneinfo as the oracle;
    UTC+14 and UTC-11 are on different dates for most of the day)."""
    before = dt.datetime.now(ZoneInfo(zone)).date()
    code, out, _ = run(capsys, "--mode", "day", "--time-zone", zone, "--json")
    after = dt.datetime.now(ZoneInfo(zone)).date()
    first = dt.date(1970, 1, 1) + dt.timedelta(days=json.loads(out)["first_day"])
    assert code == 0 and first in (before, after)


# -- item 14: | head ---------------------------------------------------------------------------


def test_a_reader_that_stops_early_gets_the_files_and_no_noise(tmp_path: Path) -> None:
    """`kalends 2026 --json --svg x.svg | head -1`: the picture is written, the command
    ends with the status a shell gives a command stopped by SIGPIPE (128 + 13), and
    prints nothing on stderr."""
    env = dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT))
    script = (f'"{sys.executable}" -m kalends 2026 --json --svg x.svg --today 2026-11-18 | head -1; '
              'echo "status ${PIPESTATUS[0]}" >&2')
    shell = subprocess.run(["bash", "-c", script], env=env, cwd=tmp_path, capture_output=True, text=True,
                           timeout=120)
    assert shell.stdout == "{\n"
    assert shell.stderr == "status 141\n", shell.stderr
    root = ET.parse(tmp_path / "x.svg").getroot()          # whole and well-formed
    assert root.tag.endswith("svg") and len([g for g in root.iter() if g.get("class") == "month"]) == 12
    # the same with the pipe closed by this test, for the exact status
    proc = subprocess.Popen([sys.executable, "-m", "kalends", "2026", "--json", "--svg", "y.svg"], env=env,
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline() == b"{\n"
    proc.stdout.close()
    assert proc.wait(timeout=120) == 141
    assert proc.stderr.read() == b""
    assert (tmp_path / "y.svg").stat().st_size > 10_000


# -- item 16: refusals in the command's words ----------------------------------------------------


def test_a_reversed_range_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--select", "2026-11-24..2026-11-20")
    assert code == 2 and out == ""
    assert "the range 2026-11-24..2026-11-20 ends before it starts: write the earlier date first " \
           "(2026-11-20..2026-11-24)" in err
    code, out, _ = run(capsys, "--select", "2026-11-20..2026-11-24", "--json")
    assert code == 0 and len(json.loads(out)["selected"]) == 5


@pytest.mark.parametrize("argv, words", [
    (["--view-width", "0", "--svg", "x.svg"], "argument --view-width: 0 points: the view needs a width above 0"),
    (["--view-width", "-5", "--svg", "x.svg"], "argument --view-width: -5 points"),
    (["--view-width", "nan", "--svg", "x.svg"], "argument --view-width: nan points"),
    (["--width", "0", "--svg", "x.svg"], "argument -w/--width: 0 is not in 2 ... 1000"),
    (["--min-days", "9"], "argument --min-days: 9 is not in 1 ... 7"),
    (["--max-dots", "99"], "argument --max-dots: 99 is not in 0 ... 64"),
    (["-f", "7"], "numbers are 0 = Monday ... 6 = Sunday"),
    (["--today", "2026-11-18T25:00"], "not a date or date-time"),
    (["--select", "2026-02-30"], "not a date: '2026-02-30'"),
    (["--time-zone", "Mars/Olympus"], "kalends: --time-zone Mars/Olympus: "),
    (["--time-zone", "Mars/Olympus", "2026", "1", "--svg", "x.svg"], "kalends: --time-zone Mars/Olympus: "),
])
def test_bad_values_are_refused_in_the_commands_words(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                      argv: list[str], words: str) -> None:
    os.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and words in err, err
    assert "kalends_" not in err and "metrics" not in err and "Traceback" not in err
    assert not (tmp_path / "x.svg").exists()


def test_an_invalid_tz_is_an_error_that_names_tz(tmp_path: Path) -> None:
    for argv in (["2026", "1"], ["--mode", "day"], ["2026", "1", "--events", "e.csv"]):
        (tmp_path / "e.csv").write_text("title,start\nA,2026-01-05T10:00\n")
        run_ = command(*argv, env={"TZ": "Mars/Olympus"}, cwd=tmp_path)
        assert run_.returncode == 1 and run_.stdout == "", run_.stderr
        assert run_.stderr.startswith("kalends: the TZ environment variable ('Mars/Olympus') does not name a time "
                                      "zone"), run_.stderr
    # --time-zone, or a --today and no events, do not need TZ
    assert command("2026", "1", "--time-zone", "UTC", env={"TZ": "Mars/Olympus"}).returncode == 0
    assert command("2026", "1", "--today", "2026-01-05", env={"TZ": "Mars/Olympus"}).returncode == 0
    assert command("--mode", "day", env={"TZ": "Europe/Paris"}).returncode == 0
