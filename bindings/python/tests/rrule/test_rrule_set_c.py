"""kalends_rrule sets through the C ABI (kalends_rrule_new_set, _add_rule, _add_dates,
_exclude_rule, _exclude_dates; include/kalends/rrule.h) against python-dateutil's
rruleset: seeded random sets of up to three rules (each with its own start), RDATEs (some
repeating a rule's occurrences), EXRULEs and EXDATEs give the same occurrences, count,
indexes (from both ends), before/after (inclusive and not) and between (inclusive and
not). Only rules whose single expansion dateutil 2.9 and 4.0 read alike are used
(no BYSETPOS, no ordinal BYDAY), and each single rule is compared too."""
from __future__ import annotations

import ctypes
import datetime as dt
import random
from ctypes import byref, c_int32, c_int64, c_void_p

import dateutil.rrule as du
import pytest

from kalends import _abi
from kalends._native import check, lib

EPOCH = dt.datetime(1970, 1, 1)
DATEUTIL = _abi.RruleSemantics.DATEUTIL


def wall(t: dt.datetime) -> int:
    return int((t - EPOCH).total_seconds())


def parts(rnd: random.Random, start: dt.datetime) -> tuple[str, dict[str, object]]:
    """One rule as RRULE text and as dateutil's arguments."""
    freq = rnd.choice(["MONTHLY", "WEEKLY", "DAILY", "HOURLY"])
    text = [f"FREQ={freq}"]
    args: dict[str, object] = {"freq": getattr(du, freq), "dtstart": start}
    interval = 1 if freq == "HOURLY" else rnd.choice([1, 1, 2, 3])
    text.append(f"INTERVAL={interval}")
    args["interval"] = interval
    if rnd.random() < 0.5:
        count = rnd.randrange(1, 60)
        text.append(f"COUNT={count}")
        args["count"] = count
    else:
        until = start + dt.timedelta(days=rnd.randrange(1, 200))
        text.append("UNTIL=" + until.strftime("%Y%m%dT%H%M%S"))
        args["until"] = until
    if freq in ("WEEKLY", "DAILY") and rnd.random() < 0.5:
        days = sorted(rnd.sample(range(7), rnd.randrange(1, 4)))
        text.append("BYDAY=" + ",".join(["MO", "TU", "WE", "TH", "FR", "SA", "SU"][d] for d in days))
        args["byweekday"] = days
    if freq == "MONTHLY" and rnd.random() < 0.5:
        days = sorted(rnd.sample(range(1, 29), rnd.randrange(1, 3)))
        text.append("BYMONTHDAY=" + ",".join(map(str, days)))
        args["bymonthday"] = days
    if freq == "HOURLY":
        text.append("BYHOUR=9,17")
        args["byhour"] = [9, 17]
    return ";".join(text), args


class CSet:
    """A kalends_rrule handle and the calls this test makes on it."""

    def __init__(self) -> None:
        self.handle = c_void_p()
        check(lib.kalends_rrule_new_set(byref(self.handle)))

    @staticmethod
    def rule(text: str, start: dt.datetime) -> c_void_p:
        h = c_void_p()
        check(lib.kalends_rrule_parse(text.encode(), 1, wall(start), DATEUTIL, byref(h)))
        return h

    def all(self) -> list[int]:
        out = (c_int64 * 4096)()
        n = c_int32()
        check(lib.kalends_rrule_next(self.handle, -(2**63), 1, out, 4096, byref(n)))
        assert n.value < 4096
        return list(out[: n.value])

    def count(self) -> int:
        n = c_int64()
        check(lib.kalends_rrule_count(self.handle, byref(n)))
        return n.value

    def lookup(self, fn: str, *args: int) -> int | None:
        out, found = c_int64(), c_int32()
        check(getattr(lib, fn)(self.handle, *args, byref(out), byref(found)))
        return out.value if found.value else None

    def between(self, a: int, b: int, inclusive: bool) -> list[int]:
        n = c_int32()
        check(lib.kalends_rrule_between(self.handle, a, b, int(inclusive), None, 0, byref(n)))
        out = (c_int64 * max(1, n.value))()
        check(lib.kalends_rrule_between(self.handle, a, b, int(inclusive), out, n.value, byref(n)))
        return list(out[: n.value])


@pytest.mark.parametrize("seed", range(120))
def test_random_sets_match_dateutil(seed: int) -> None:
    rnd = random.Random(seed)
    base = dt.datetime(2024, 1, 1, 9) + dt.timedelta(hours=rnd.randrange(0, 24 * 365))
    ours, theirs = CSet(), du.rruleset()
    made: list[dt.datetime] = []
    handles = []
    for kind in ["rule"] * rnd.randrange(1, 4) + ["exrule"] * rnd.randrange(0, 3):
        start = base + dt.timedelta(days=rnd.randrange(0, 40), hours=rnd.choice([0, 0, 3]))
        text, args = parts(rnd, start)
        h = CSet.rule(text, start)
        handles.append(h)
        single = du.rrule(**args)  # type: ignore[arg-type]
        one = CSet()
        check(lib.kalends_rrule_add_rule(one.handle, h))
        assert one.all() == [wall(t) for t in single], text
        if kind == "rule":
            made += list(single)
            check(lib.kalends_rrule_add_rule(ours.handle, h))
            theirs.rrule(single)
        else:
            check(lib.kalends_rrule_exclude_rule(ours.handle, h))
            theirs.exrule(single)
        check(lib.kalends_rrule_free(one.handle))
    rdates = [rnd.choice(made) if made and rnd.random() < 0.4 else base + dt.timedelta(hours=rnd.randrange(0, 3000))
              for _ in range(rnd.randrange(0, 12))]
    exdates = [rnd.choice(made + rdates) for _ in range(rnd.randrange(0, 12)) if made or rdates]
    for t in rdates:
        theirs.rdate(t)
    for t in exdates:
        theirs.exdate(t)
    values = (c_int64 * max(1, len(rdates)))(*[wall(t) for t in rdates])
    check(lib.kalends_rrule_add_dates(ours.handle, values, len(rdates)))
    values = (c_int64 * max(1, len(exdates)))(*[wall(t) for t in exdates])
    check(lib.kalends_rrule_exclude_dates(ours.handle, values, len(exdates)))
    for h in handles:
        check(lib.kalends_rrule_free(h))   # the set holds copies

    expected = [wall(t) for t in theirs]
    assert ours.all() == expected
    assert ours.count() == theirs.count() == len(expected)
    for i in [0, 1, len(expected) // 2, -1, -2, len(expected), -len(expected) - 1]:
        want = theirs[i] if -len(expected) <= i < len(expected) else None
        assert ours.lookup("kalends_rrule_at", i) == (wall(want) if want else None), i
    probes = [base + dt.timedelta(hours=rnd.randrange(-50, 3500)) for _ in range(6)] + \
        [rnd.choice(list(theirs)) for _ in range(4) if expected]
    for p in probes:
        for inc in (False, True):
            b, a = theirs.before(p, inc=inc), theirs.after(p, inc=inc)
            assert ours.lookup("kalends_rrule_before", wall(p), int(inc)) == (wall(b) if b else None), (p, inc)
            assert ours.lookup("kalends_rrule_after", wall(p), int(inc)) == (wall(a) if a else None), (p, inc)
    p, q = sorted(rnd.sample(probes, 2))
    for inc in (False, True):
        assert ours.between(wall(p), wall(q), inc) == [wall(t) for t in theirs.between(p, q, inc=inc)]
    check(lib.kalends_rrule_free(ours.handle))
