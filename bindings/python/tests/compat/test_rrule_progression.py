"""kalends.rrule makes a batch that is an arithmetic progression (one candidate per period
of one length: WEEKLY with one weekday, DAILY, HOURLY, MINUTELY, SECONDLY) by adding the
step to its first occurrence, and every other batch from the library's packed values.
Both ways give the same datetimes: seeded random rules (filters that leave periods out,
several BYHOUR/BYMINUTE values, BYSETPOS, COUNT and UNTIL, several batches), naive and
aware (zoneinfo across DST, a fixed offset) dtstarts, a dtstart with fold=1 and one of a
datetime subclass, compared value, type, tzinfo and fold with the packed way forced; and
the weekly, daily and hourly rules of the benchmark do take the progression. dateutil's
own values: test_rrule_dateutil and test_rrule_random."""
from __future__ import annotations

import datetime as dt
import random
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from kalends.compat import rrule as r

NY = ZoneInfo("America/New_York")
PLUS_5 = dt.timezone(dt.timedelta(hours=5, minutes=30))


class Moment(dt.datetime):
    """A datetime subclass (dateutil's occurrences are plain datetimes all the same)."""


def facts(values: list[dt.datetime]) -> list[tuple[Any, ...]]:
    return [(v.replace(tzinfo=None), type(v), v.tzinfo, v.fold) for v in values]


def expand(rule: r.rrule) -> tuple[list[dt.datetime], list[dt.datetime], list[dt.datetime]]:
    """Iteration, the bulk call and a between() window."""
    values = list(itertools_islice(rule, 3000))
    bulk = rule.occurrences(limit=3000)
    window = rule.between(values[len(values) // 3], values[-1]) if len(values) > 3 else []
    return values, bulk, window


def itertools_islice(rule: r.rrule, n: int) -> list[dt.datetime]:
    out = []
    for v in rule:
        out.append(v)
        if len(out) == n:
            break
    return out


def random_rule(rnd: random.Random) -> dict[str, Any]:
    freq = rnd.choice([r.WEEKLY, r.DAILY, r.HOURLY, r.MINUTELY, r.SECONDLY])
    start = dt.datetime(2020, 1, 1) + dt.timedelta(seconds=rnd.randrange(0, 10 * 365 * 86400))
    zone = rnd.choice([None, None, NY, PLUS_5])
    args: dict[str, Any] = {"freq": freq, "dtstart": start.replace(tzinfo=zone),
                            "interval": rnd.choice([1, 1, 2, 3, 7])}
    if rnd.random() < 0.5:
        args["count"] = rnd.choice([1, 2, 5, 600, 1500, 5000])
    else:
        span = {r.WEEKLY: 604800, r.DAILY: 86400, r.HOURLY: 3600, r.MINUTELY: 60, r.SECONDLY: 1}[freq]
        until = start + dt.timedelta(seconds=span * rnd.randrange(1, 6000))
        args["until"] = until.replace(tzinfo=zone)
    if rnd.random() < 0.3:
        args["bymonth"] = rnd.sample(range(1, 13), rnd.randrange(1, 12))
    if rnd.random() < 0.2:
        args["bymonthday"] = rnd.sample(range(1, 29), rnd.randrange(1, 20))
    if rnd.random() < 0.4:
        args["byweekday"] = rnd.sample(range(7), rnd.choice([1, 1, 2, 6]))
    if rnd.random() < 0.3:
        args["byhour"] = rnd.sample(range(24), rnd.choice([1, 1, 3, 20]))
    if rnd.random() < 0.3:
        args["byminute"] = rnd.sample(range(60), rnd.choice([1, 1, 2, 50]))
    if rnd.random() < 0.2:
        args["bysecond"] = rnd.sample(range(60), rnd.choice([1, 2]))
    if rnd.random() < 0.1:
        args["bysetpos"] = rnd.choice([1, -1, 2])
    return args


def build(args: dict[str, Any]) -> r.rrule | None:
    try:
        return r.rrule(**args)
    except ValueError:   # dateutil refuses it too (an empty BYHOUR set, ...)
        return None


def test_progression_and_packed_values_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    rnd = random.Random(20261126)
    rules = [a for a in (random_rule(rnd) for _ in range(400)) if build(a) is not None]
    fast = [expand(build(a)) for a in rules]   # type: ignore[arg-type]
    monkeypatch.setattr(r.rrule, "_progression_step", lambda self: 0)
    packed = [expand(build(a)) for a in rules]   # type: ignore[arg-type]
    for args, x, y in zip(rules, fast, packed):
        for a, b in zip(x, y):
            assert facts(a) == facts(b), args
    assert len(rules) > 300 and sum(len(x[0]) for x in fast) > 100_000


@pytest.mark.parametrize("start", [dt.datetime(2026, 11, 1, 1, 30, tzinfo=NY, fold=1),
                                   Moment(2026, 3, 1, 9, tzinfo=PLUS_5), Moment(2026, 3, 1, 9)])
def test_fold_and_subclass_starts_give_plain_fold_0_datetimes(start: dt.datetime) -> None:
    for freq in (r.WEEKLY, r.DAILY, r.HOURLY):
        values = list(r.rrule(freq, dtstart=start, count=50))
        assert all(type(v) is dt.datetime and v.fold == 0 and v.tzinfo is start.tzinfo for v in values)
        assert values[0] == start.replace(fold=0) and values[0].replace(tzinfo=None) == \
            dt.datetime(*start.timetuple()[:6])


def test_the_benchmarks_steady_rules_take_the_progression(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    accumulate = r._ACCUMULATE

    def spy(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return accumulate(*args, **kwargs)

    monkeypatch.setattr(r, "_ACCUMULATE", spy)
    start = dt.datetime(2000, 1, 1, 9)
    weekly = list(r.rrule(r.WEEKLY, dtstart=start, until=dt.datetime(2010, 1, 1)))
    assert len(weekly) == 522 and calls == [1]
    assert weekly == [start + dt.timedelta(weeks=i) for i in range(522)]
    # 100 years: 5218 occurrences in several batches, each a progression.
    assert len(list(r.rrule(r.WEEKLY, dtstart=start, until=dt.datetime(2100, 1, 1)))) == 5218 and len(calls) > 2
    calls.clear()
    # A filter that leaves weeks out: not a progression, made from the packed values.
    summers = list(r.rrule(r.WEEKLY, dtstart=start, bymonth=(6, 7, 8), count=100))
    assert calls == [] and all(v.month in (6, 7, 8) for v in summers)
    # Two weekdays a week: two candidates per period.
    assert len(list(r.rrule(r.WEEKLY, dtstart=start, byweekday=(r.MO, r.TH), count=100))) == 100 and calls == []


@pytest.mark.parametrize("zone", [NY, PLUS_5, dt.timezone.utc])
def test_aware_rules_are_the_naive_rule_with_dtstarts_tzinfo(zone: dt.tzinfo) -> None:
    """An aware dtstart: the naive rule's wall times, each with dtstart's tzinfo (the
    packed way, batch after batch, and the progression), as dateutil gives them."""
    rnd = random.Random(7)
    for args in [random_rule(rnd) for _ in range(60)] + [
            {"freq": r.MONTHLY, "dtstart": dt.datetime(2001, 1, 31, 9), "bymonthday": (-1, 15), "count": 5000},
            {"freq": r.YEARLY, "dtstart": dt.datetime(2001, 1, 1), "byweekday": r.TH(4), "bymonth": 11, "count": 2500}]:
        naive = dict(args, dtstart=args["dtstart"].replace(tzinfo=None))
        if "until" in naive:
            naive["until"] = naive["until"].replace(tzinfo=None)
        plain = build(naive)
        if plain is None:
            continue
        aware_args = dict(naive, dtstart=naive["dtstart"].replace(tzinfo=zone))
        if "until" in naive:
            aware_args["until"] = naive["until"].replace(tzinfo=zone)
        aware = build(aware_args)
        assert aware is not None
        want = list(itertools_islice(plain, 6000))
        got = list(itertools_islice(aware, 6000))
        assert [v.replace(tzinfo=None) for v in got] == want and all(v.tzinfo is zone for v in got), args
        assert aware.occurrences(limit=6000) == got
