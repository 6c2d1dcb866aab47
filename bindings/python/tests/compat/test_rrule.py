"""kalends.rrule beyond dateutil's own tests: the library's answers (count, index,
before/after/between, in, the bulk occurrences()) equal what iterating gives, whole
expansions equal Python's calendar arithmetic, the module imports without warnings,
pickles without its library handle, and refuses ints that do not fit instead of
truncating them."""
from __future__ import annotations

import calendar
import datetime as dt
import itertools
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from kalends.compat import rrule as r

PACKAGE = Path(__file__).resolve().parents[2]


def test_imports_without_warnings() -> None:
    result = subprocess.run([sys.executable, "-W", "error", "-c", "import kalends.rrule"], capture_output=True,
                            text=True, env={"PYTHONPATH": str(PACKAGE), **{k: v for k, v in __import__("os").environ.items()
                                                                           if k != "PYTHONPATH"}})
    assert result.returncode == 0, result.stderr


def test_last_day_of_month_for_100_years_matches_calendar() -> None:
    rule = r.rrule(r.MONTHLY, dtstart=dt.datetime(2000, 1, 1, 9), bymonthday=-1, count=1200)
    expected = [dt.datetime(y, m, calendar.monthrange(y, m)[1], 9) for y in range(2000, 2100) for m in range(1, 13)]
    assert list(rule) == expected
    assert rule.occurrences() == expected
    assert rule.count() == 1200


def test_fourth_thursday_for_1000_years_matches_calendar() -> None:
    rule = r.rrule(r.YEARLY, dtstart=dt.datetime(2000, 1, 1), bymonth=11, byweekday=r.TH(4), count=1000)

    def fourth_thursday(y: int) -> dt.datetime:
        first = 1 + (calendar.THURSDAY - calendar.weekday(y, 11, 1)) % 7
        return dt.datetime(y, 11, first + 21)

    assert list(rule) == [fourth_thursday(y) for y in range(2000, 3000)]


def between(values: list[dt.datetime], a: dt.datetime, b: dt.datetime, inc: bool) -> list[dt.datetime]:
    """dateutil's between over a list: stops at the first value past b."""
    out: list[dt.datetime] = []
    for v in values:
        if v > b or (not inc and v == b):
            break
        if out or v > a or (inc and v == a):
            out.append(v)
    return out


def test_library_queries_equal_iteration() -> None:
    rules = [
        r.rrule(r.WEEKLY, dtstart=dt.datetime(2020, 3, 4, 10), byweekday=(r.MO, r.FR), count=300),
        r.rrule(r.DAILY, dtstart=dt.datetime(2020, 1, 1, 8, 30), interval=3, until=dt.datetime(2023, 1, 1)),
        r.rrule(r.MONTHLY, dtstart=dt.datetime(2021, 1, 31), bysetpos=-1, byweekday=(r.MO, r.TU, r.WE, r.TH, r.FR),
                count=60),
        r.rrule(r.HOURLY, dtstart=dt.datetime(2022, 6, 1), byhour=(9, 17), count=200),
    ]
    for rule in rules:
        values = list(rule)
        assert rule.count() == len(values)
        assert [rule[i] for i in (0, 5, len(values) - 1, -1, -len(values))] == \
            [values[i] for i in (0, 5, len(values) - 1, -1, -len(values))]
        with pytest.raises(IndexError):
            rule[len(values)]
        for probe in (values[0] - dt.timedelta(days=1), values[7], values[7] + dt.timedelta(seconds=1),
                      values[-1], values[-1] + dt.timedelta(days=1)):
            for inc in (False, True):
                assert rule.before(probe, inc=inc) == next(
                    (v for v in reversed(values) if v < probe or (inc and v == probe)), None)
                assert rule.after(probe, inc=inc) == next((v for v in values if v > probe or (inc and v == probe)), None)
                assert list(rule.xafter(probe, count=4, inc=inc)) == \
                    [v for v in values if v > probe or (inc and v == probe)][:4]
                assert rule.between(values[3], probe, inc=inc) == between(values, values[3], probe, inc)
            assert (probe in rule) == (probe in values)
        assert rule.occurrences(values[10], values[20]) == values[10:21]
        assert rule.occurrences(values[10], values[20], inc=False) == values[11:20]
        assert rule.occurrences(limit=7) == values[:7]


def test_aware_rule_keeps_its_tzinfo_and_compares_a_utc_until_as_an_instant() -> None:
    zone = dt.timezone(dt.timedelta(hours=-5))
    until = dt.datetime(2026, 1, 3, 15, tzinfo=dt.timezone.utc)   # 10:00 at -05:00
    rule = r.rrule(r.DAILY, dtstart=dt.datetime(2026, 1, 1, 10, tzinfo=zone), until=until)
    assert list(rule) == [dt.datetime(2026, 1, d, 10, tzinfo=zone) for d in (1, 2, 3)]
    assert all(v.tzinfo is zone for v in rule)


def test_pickle_drops_the_library_handle_and_round_trips() -> None:
    rule = r.rrule(r.WEEKLY, dtstart=dt.datetime(2026, 1, 1), byweekday=r.MO(1), count=5, cache=True)
    first = list(itertools.islice(rule, 2))
    copy = pickle.loads(pickle.dumps(rule))
    assert "_native_rule" not in pickle.loads(pickle.dumps(rule)).__dict__
    assert list(copy) == list(rule) and first == list(rule)[:2]
    assert str(copy) == str(rule)


def test_ints_that_do_not_fit_are_refused_or_never_match() -> None:
    with pytest.raises(ValueError):
        r.rrule(r.DAILY, dtstart=dt.datetime(2026, 1, 1), interval=2 ** 64 + 1)
    # 2**32 + 1 is not month 1: no occurrence (dateutil: out-of-range values never match)
    assert list(r.rrule(r.YEARLY, dtstart=dt.datetime(2026, 1, 1), bymonth=2 ** 32 + 1, count=3)) == []


def test_rrulestr_reads_rfc_text_and_sets() -> None:
    rule = r.rrulestr("DTSTART:20260105T090000\nRRULE:FREQ=WEEKLY;COUNT=3;BYDAY=MO,WE")
    assert list(rule) == [dt.datetime(2026, 1, 5, 9), dt.datetime(2026, 1, 7, 9), dt.datetime(2026, 1, 12, 9)]
    rset = r.rrulestr("DTSTART:20260105T090000\nRRULE:FREQ=DAILY;COUNT=4\nEXDATE:20260106T090000\n"
                      "RDATE:20260201T120000")
    assert isinstance(rset, r.rruleset)
    assert list(rset) == [dt.datetime(2026, 1, 5, 9), dt.datetime(2026, 1, 7, 9), dt.datetime(2026, 1, 8, 9),
                          dt.datetime(2026, 2, 1, 12)]
    with pytest.raises(ValueError):
        r.rrulestr("FREQ=SOMETIMES")


def test_rules_with_the_same_values_share_one_library_rule() -> None:
    start = dt.datetime(2024, 1, 31, 9)
    a = r.rrule(r.WEEKLY, dtstart=start, count=5)
    b = r.rrule(r.WEEKLY, dtstart=start, count=5)
    c = r.rrule(r.WEEKLY, dtstart=start, count=6)
    assert a._native() is b._native() and c._native() is not a._native()
    assert list(a) == list(b) == [start + dt.timedelta(weeks=k) for k in range(5)]
    assert list(c) == [start + dt.timedelta(weeks=k) for k in range(6)]
    # More rules than are kept: the oldest handles are let go, every rule keeps its own.
    rules = [r.rrule(r.DAILY, dtstart=start, count=n) for n in range(1, 200)]
    assert len(r._HANDLES) <= r._HANDLES_KEPT
    assert [rule.count() for rule in rules] == list(range(1, 200))
    assert [len(list(rule)) for rule in rules] == list(range(1, 200))


def test_iteration_is_lazy_and_records_the_length_at_the_end() -> None:
    start = dt.datetime(2024, 1, 31, 9)
    endless = r.rrule(r.MINUTELY, dtstart=start)
    it = iter(endless)
    assert [next(it) for _ in range(3)] == [start + dt.timedelta(minutes=k) for k in range(3)]
    assert list(itertools.islice(it, 5000))[-1] == start + dt.timedelta(minutes=5002)
    rule = r.rrule(r.MONTHLY, dtstart=start, bymonthday=-1, count=2000)
    assert rule._len is None
    values = list(rule)
    assert len(values) == 2000 and rule._len == 2000
    assert values == sorted(set(values)) and all((v + dt.timedelta(days=1)).day == 1 for v in values)
    # Iterating again gives the same; batches continue exactly where the last stopped.
    assert list(rule) == values == rule.occurrences()
