"""kalends.rrule.rruleset merges its rules a batch at a time when they are all this
module's (sorted lists from the library, _sorted_chunks) and with a heap of iterators
otherwise (dateutil's way, which dateutil's own tests check: test_rrule_dateutil). Seeded
random sets -- rules that share occurrences, RDATEs that repeat them, EXDATEs and EXRULEs,
aware rules in two zones whose occurrences are the same instants (equal values: the first
source's is kept), sets with an endless rule read in part, several batches -- give the
same values (and the same objects' zones) both ways, and the same count()."""
from __future__ import annotations

import datetime as dt
import itertools
import random
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from kalends.compat import rrule as r

ZONES = [None, ZoneInfo("Europe/Berlin"), dt.timezone(dt.timedelta(hours=1))]


def random_set(rnd: random.Random) -> tuple[r.rruleset, bool]:
    zone = rnd.choice(ZONES)
    other = rnd.choice([z for z in ZONES if (z is None) == (zone is None)])
    start = dt.datetime(2020, 1, 1, 9) + dt.timedelta(hours=rnd.randrange(0, 3 * 365 * 24))
    s = r.rruleset()
    endless = False

    def rule() -> r.rrule:
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
        return r.rrule(freq, **args)

    for _ in range(rnd.randrange(1, 4)):
        s.rrule(rule())
    for _ in range(rnd.randrange(0, 2)):
        s.exrule(rule())
    made = list(itertools.islice(itertools.chain.from_iterable(s._rrule), 400))
    for _ in range(rnd.randrange(0, 20)):
        s.rdate(rnd.choice(made) if made and rnd.random() < 0.5 else
                (start + dt.timedelta(hours=rnd.randrange(0, 5000))).replace(tzinfo=zone))
    for _ in range(rnd.randrange(0, 20)):
        if made:
            s.exdate(rnd.choice(made))
    return s, endless


def facts(values: list[dt.datetime]) -> list[tuple[Any, ...]]:
    return [(v, v.replace(tzinfo=None), v.tzinfo) for v in values]


def test_batch_merge_equals_the_heap_merge(monkeypatch: pytest.MonkeyPatch) -> None:
    rnd = random.Random(20261126)
    sets = [random_set(rnd) for _ in range(250)]
    batched = []
    merges = []
    chunks = r._sorted_chunks
    monkeypatch.setattr(r, "_sorted_chunks", lambda sources: merges.append(1) or chunks(sources))
    for s, endless in sets:
        values = list(itertools.islice(s, 5000))
        batched.append((values, None if endless else s.count()))
    assert len(merges) >= 2 * len(sets)   # include and exclude, each iteration
    monkeypatch.setattr(r.rruleset, "_iter", r.rruleset._iter_heap)
    total = 0
    for (s, endless), (values, count) in zip(sets, batched):
        s._invalidate_cache()
        heap = list(itertools.islice(s, 5000))
        assert facts(values) == facts(heap)
        assert count == (None if endless else s.count())
        total += len(values)
    assert total > 100_000


def test_equal_instants_keep_the_first_sources_value() -> None:
    berlin, plus1 = ZoneInfo("Europe/Berlin"), dt.timezone(dt.timedelta(hours=1))
    s = r.rruleset()
    s.rrule(r.rrule(r.DAILY, dtstart=dt.datetime(2026, 1, 5, 10, tzinfo=plus1), count=3))
    s.rrule(r.rrule(r.DAILY, dtstart=dt.datetime(2026, 1, 5, 10, tzinfo=berlin), count=4))
    s.exdate(dt.datetime(2026, 1, 6, 9, tzinfo=dt.timezone.utc))
    got = list(s)
    assert [v.tzinfo for v in got] == [plus1, plus1, berlin]
    assert [v.day for v in got] == [5, 7, 8] and s.count() == 3
