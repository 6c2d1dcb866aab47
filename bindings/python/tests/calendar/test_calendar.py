"""The calendar handle: options, today, lifetime, errors and threads."""
from __future__ import annotations

import datetime
import gc
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import kalends
from kalends import Calendar, CalendarOptions, Today, Weekday
from kalends._native import lib


def test_defaults_are_iso() -> None:
    with Calendar() as cal:
        opts = cal.options
        assert opts == CalendarOptions()
        assert opts.first_weekday == Weekday.MONDAY and opts.min_days_in_first_week == 4
        assert opts.weekend_days == {Weekday.SATURDAY, Weekday.SUNDAY}
        assert opts.today == Today.SYSTEM


def test_options_round_trip_and_failed_changes_change_nothing() -> None:
    cal = Calendar(first_weekday=Weekday.SUNDAY, min_days_in_first_week=1,
                   weekend_days=frozenset({Weekday.FRIDAY}), today=datetime.date(1999, 12, 31))
    before = cal.options
    assert before.today == datetime.date(1999, 12, 31) and before.first_weekday == Weekday.SUNDAY
    with pytest.raises(kalends.InvalidArgumentError, match="minimum days in first week 0"):
        cal.set_options(min_days_in_first_week=0)
    with pytest.raises(kalends.InvalidArgumentError, match="first weekday 8"):
        cal.set_options(first_weekday=8)  # type: ignore[arg-type]
    with pytest.raises(kalends.InvalidArgumentError):
        cal.set_options(today=datetime.date(2026, 2, 1).replace(day=1), weekend_days=frozenset({9}))  # type: ignore[arg-type]
    assert cal.options == before
    cal.set_options(today=Today.OFF)
    assert cal.options == CalendarOptions(Weekday.SUNDAY, 1, frozenset({Weekday.FRIDAY}), Today.OFF)
    cal.set_options(CalendarOptions(), first_weekday=Weekday.WEDNESDAY)
    assert cal.options.first_weekday == Weekday.WEDNESDAY and cal.options.min_days_in_first_week == 4


def test_today_modes() -> None:
    assert Calendar(today=datetime.date(2026, 11, 22)).today() == datetime.date(2026, 11, 22)
    assert Calendar(today=Today.OFF).today() is None
    before = datetime.date.today()
    system = Calendar().today()
    assert system in (before, datetime.date.today())
    # a fixed today beyond datetime's years is kept as a kalends.Date
    far = Calendar(today=kalends.Date(20000, 1, 1))
    assert far.options.today == kalends.Date(20000, 1, 1)
    assert far.today() == kalends.Date(20000, 1, 1)


@pytest.mark.parametrize("tz, offset_hours", [("UTC-14", 14), ("UTC+12", -12), ("UTC0", 0)])
def test_system_today_follows_the_time_zone(tz: str, offset_hours: int) -> None:
    """The system today is the local date of the TZ the process runs in (POSIX TZ
    strings: UTC-14 is 14 hours ahead of UTC)."""
    code = "import kalends, time; print(kalends.Calendar().today(), time.time())"
    env = dict(os.environ, TZ=tz, PYTHONPATH=str(Path(kalends.__file__).parents[1]))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    reported, stamp = out.split()
    expected = datetime.datetime.fromtimestamp(float(stamp), datetime.timezone(datetime.timedelta(hours=offset_hours)))
    # the two clock reads are microseconds apart; allow for a midnight in between
    allowed = {expected.date(), (expected - datetime.timedelta(seconds=5)).date()}
    assert datetime.date.fromisoformat(reported) in allowed


def test_closed_calendars_raise_misuse_not_crash() -> None:
    cal = Calendar()
    assert not cal.closed
    cal.close()
    cal.close()  # idempotent
    assert cal.closed
    with pytest.raises(kalends.MisuseError, match="not a live handle"):
        cal.month_grid(2026, 11)
    with pytest.raises(kalends.MisuseError):
        cal.options
    assert "closed" in repr(cal)


def test_garbage_collection_frees_the_handle() -> None:
    cal = Calendar()
    handle = cal._handle
    del cal
    gc.collect()
    assert lib.kalends_calendar_free(handle) == kalends.Status.MISUSE  # already freed


def test_every_status_has_an_exception_and_a_name() -> None:
    for status in kalends.Status:
        assert kalends.status_string(status) != "unknown status"
        if status:
            err = kalends.errors.error_for(status, "x")
            assert err.status == status and isinstance(err, kalends.KalendsError)
    assert kalends.status_string(999) == "unknown status"
    unknown = kalends.errors.error_for(999, "odd")
    assert type(unknown) is kalends.KalendsError and "999" in str(unknown)
    assert issubclass(kalends.NotFoundError, LookupError)
    assert issubclass(kalends.IoError, OSError)


def test_versions() -> None:
    assert kalends.abi_version() == kalends.ABI_VERSION
    assert kalends.version_string() == kalends.__version__
    major, minor, patch = (int(x) for x in kalends.__version__.split("."))
    assert kalends.version() == (major << 16) | (minor << 8) | patch


def test_threads_share_a_calendar() -> None:
    """ctypes releases the GIL, so these calls really run in parallel in the library."""
    cal = Calendar(today=Today.OFF)
    problems: list[str] = []
    barrier = threading.Barrier(8)

    def work(i: int) -> None:
        barrier.wait()
        for k in range(400):
            grid = cal.month_grid(2000 + k % 30, 1 + k % 12)
            first = grid.weeks[0].days[0].weekday
            if any(w.days[0].weekday != first for w in grid.weeks):
                problems.append("rows disagree")
            if i == 0:
                cal.set_options(first_weekday=Weekday(1 + k % 7), today=Today.OFF)
            try:
                cal.month_grid(2026, 13 + i)
            except kalends.InvalidArgumentError as e:
                if f"month {13 + i} " not in str(e):
                    problems.append(f"thread {i} saw another thread's message: {e}")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not problems, problems[:3]


def test_a_missing_library_is_a_clear_import_error(tmp_path: Path) -> None:
    """A copy of the package with no library next to it and a wrong KALENDS_LIBRARY:
    the import fails with LibraryNotFoundError naming every place it looked."""
    shutil.copytree(Path(kalends.__file__).parent, tmp_path / "site" / "kalends",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    env = dict(os.environ, KALENDS_LIBRARY=str(tmp_path / "missing.so"), PYTHONPATH=str(tmp_path / "site"))
    run = subprocess.run([sys.executable, "-c", "import kalends"], env=env, capture_output=True, text=True,
                         cwd=tmp_path)
    assert run.returncode != 0
    assert "LibraryNotFoundError" in run.stderr
    assert str(tmp_path / "missing.so") in run.stderr and "KALENDS_LIBRARY" in run.stderr
    # pointing KALENDS_LIBRARY at the real library makes the same copy work
    env["KALENDS_LIBRARY"] = lib._name
    ok = subprocess.run([sys.executable, "-c", "import kalends; print(kalends.abi_version())"], env=env, cwd=tmp_path,
                        capture_output=True, text=True, check=True)
    assert ok.stdout.strip() == str(kalends.ABI_VERSION)
