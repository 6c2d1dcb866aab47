"""kalends.rrule.rruleset is the library's recurrence set (kalends_rrule_new_set,
_add_rule, _add_dates, _exclude_rule, _exclude_dates): seeded random sets -- rules that
share occurrences, RDATEs that repeat them, EXDATEs and EXRULEs, sets with an endless
rule read in part, several batches -- give dateutil's rruleset's values (the same
objects' zones), count, indexes, before/after, between and ``in``. Sets the library
cannot hold (aware rules in two zones whose occurrences are the same instants, which
Python compares as instants) are merged as dateutil merges them and give its values too
(of two equal instants in two zones kalends keeps the first source's, where dateutil's
heap picks either). dateutil is the installed one: the rules avoid
what its 2.9 and 4.0 read differently (BYSETPOS, ordinal BYDAY), as test_rrule_set_c.py."""
from __future__ import annotations

import datetime as dt
import itertools
import random
from typing import Any
from zoneinfo import ZoneInfo

import pytest

import required
from kalends.compat import rrule as r

du = required.module("dateutil.rrule", "the oracle of rruleset")

ZONES = [None, ZoneInfo("Europe/Berlin"), dt.timezone(dt.timedelta(hours=1))]


def random_set(rnd: random.Random) -> tuple[r.rruleset, Any, bool, bool]:
    """A kalends set, dateutil's of the same parts, whether a rule is endless, and whether
    every value is in one zone (the library's set)."""
    zone = rnd.choice(ZONES)
    other = rnd.choice([z for z in ZONES if (z is None) == (zone is None)])
    start = dt.datetime(2020, 1, 1, 9) + dt.timedelta(hours=rnd.randrange(0, 3 * 365 * 24))
    s, d = r.rruleset(), du.rruleset(cache=True)   # (cached: the oracle is iterated once)
    endless = False
    zones: list[Any] = []

    def rule() -> tuple[r.rrule, Any]:
        nonlocal endless
        freq = rnd.choice([r.YEARLY, r.MONTHLY, r.WEEKLY, r.DAILY, r.HOURLY])
        args: dict[str, Any] = {"dtstart": (start + dt.timedelta(days=rnd.randrange(0, 30))).replace(
            tzinfo=rnd.choice([zone, other])), "interval": rnd.choice([1, 1, 2, 3])}
        kind = rnd.random()
        if kind < 0.4:
            args["count"] = rnd.choice([1, 5, 300, 1500, 3000])
        elif kind < 0.8:
            args["until"] = args["dtstart"] + dt.timedelta(days=rnd.randrange(1, 4000))
        else:
            endless = True
        if freq in (r.WEEKLY, r.DAILY) and rnd.random() < 0.5:
            args["byweekday"] = rnd.sample(range(7), rnd.randrange(1, 4))
        if freq == r.MONTHLY and rnd.random() < 0.5:
            args["bymonthday"] = rnd.sample(range(1, 29), rnd.randrange(1, 4))
        zones.append(args["dtstart"].tzinfo)
        return r.rrule(freq, **args), du.rrule(freq, **args)

    for _ in range(rnd.randrange(1, 4)):
        ours, theirs = rule()
        s.rrule(ours)
        d.rrule(theirs)
    for _ in range(rnd.randrange(0, 2)):
        ours, theirs = rule()
        s.exrule(ours)
        d.exrule(theirs)
    made = list(itertools.islice(itertools.chain.from_iterable(s._rrule), 400))
    for _ in range(rnd.randrange(0, 20)):
        value = rnd.choice(made) if made and rnd.random() < 0.5 else \
            (start + dt.timedelta(hours=rnd.randrange(0, 5000))).replace(tzinfo=zone)
        s.rdate(value)
        d.rdate(value)
        zones.append(value.tzinfo)
    for _ in range(rnd.randrange(0, 20)):
        if made:
            value = rnd.choice(made)
            s.exdate(value)
            d.exdate(value)
            zones.append(value.tzinfo)
    return s, d, endless, len({id(z) for z in zones}) == 1


def facts(values: list[dt.datetime]) -> list[tuple[Any, ...]]:
    return [(v, v.replace(tzinfo=None), v.tzinfo) for v in values]


def test_sets_give_dateutils_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    rnd = random.Random(20261126)
    library = merged = total = 0
    for _ in range(150):
        s, d, endless, one_zone = random_set(rnd)
        assert (s._expansion() is not None) == one_zone   # the library holds every one-zone set
        if one_zone:   # no merge in Python: the set's values come from the library, not from its rules
            library += 1
            monkeypatch.setattr(r.heapq, "merge", None)
            monkeypatch.setattr(r.rrule, "__iter__", lambda rule: pytest.fail("a rule of the set was iterated"))
        values = list(itertools.islice(s, 1500))      # (the library's batches: 64, 1024, then 4096)
        expected = list(itertools.islice(d, 1500))
        assert values == expected   # (as instants: of two equal ones in two zones, dateutil's heap picks one)
        if one_zone:
            assert facts(values) == facts(expected)
        total += len(values)
        if not endless:
            count = d.count()
            assert s.count() == count and count >= len(expected)
            for i in (0, 1, len(expected) // 2, -1, -2):
                if -count <= i < len(expected):
                    assert s[i] == d[i]
        probes = [v for v in rnd.sample(expected, min(3, len(expected)))]
        probes += [p + dt.timedelta(minutes=30) for p in probes]
        for p in probes:
            for inc in (False, True):
                assert s.before(p, inc=inc) == d.before(p, inc=inc)
                assert s.after(p, inc=inc) == d.after(p, inc=inc)
            assert (p in s) == (p in d)
        if len(probes) >= 2:
            a, b = sorted(probes[:2])
            for inc in (False, True):
                assert s.between(a, b, inc=inc) == d.between(a, b, inc=inc)
        merged += not one_zone
        monkeypatch.undo()
    assert library > 60 and merged > 30 and total > 30_000


def test_equal_instants_keep_the_first_sources_value() -> None:
    berlin, plus1 = ZoneInfo("Europe/Berlin"), dt.timezone(dt.timedelta(hours=1))
    s = r.rruleset()
    s.rrule(r.rrule(r.DAILY, dtstart=dt.datetime(2026, 1, 5, 10, tzinfo=plus1), count=3))
    s.rrule(r.rrule(r.DAILY, dtstart=dt.datetime(2026, 1, 5, 10, tzinfo=berlin), count=4))
    s.exdate(dt.datetime(2026, 1, 6, 9, tzinfo=dt.timezone.utc))
    got = list(s)
    assert [v.tzinfo for v in got] == [plus1, plus1, berlin]
    assert [v.day for v in got] == [5, 7, 8] and s.count() == 3
