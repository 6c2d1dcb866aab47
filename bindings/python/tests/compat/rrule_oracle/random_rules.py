"""Random rules, kalends.rrule against dateutil 4.0.0 occurrence by occurrence (run by
test_rrule_random.py in a subprocess whose dateutil is 4.0.0). Each rule: the first 60
occurrences (or all, with COUNT), ``between`` over a window, ``before``/``after`` a
random point, ``count()`` when bounded, ``str()``; an exception from dateutil must be
the same exception type from kalends."""
from __future__ import annotations

import datetime
import itertools
import signal
import warnings

import dateutil
import dateutil.rrule as du
from hypothesis import HealthCheck, assume, given, settings, strategies as st

import kalends.rrule as kr

assert dateutil.__version__ == "4.0.0", dateutil.__version__

#: A time step per frequency that keeps dateutil's work per rule small.
UNIT = {du.YEARLY: datetime.timedelta(days=30), du.MONTHLY: datetime.timedelta(days=3),
        du.WEEKLY: datetime.timedelta(days=1), du.DAILY: datetime.timedelta(days=1),
        du.HOURLY: datetime.timedelta(hours=1), du.MINUTELY: datetime.timedelta(minutes=1),
        du.SECONDLY: datetime.timedelta(seconds=1)}

FREQS = st.sampled_from([du.YEARLY, du.MONTHLY, du.WEEKLY, du.DAILY, du.HOURLY, du.MINUTELY, du.SECONDLY])


def small_list(values: st.SearchStrategy[int], size: int = 3) -> st.SearchStrategy[object]:
    return st.one_of(st.none(), values, st.lists(values, min_size=1, max_size=size))


@st.composite
def rules(draw: st.DrawFn) -> dict[str, object]:
    freq = draw(FREQS)
    start = draw(st.datetimes(min_value=datetime.datetime(1990, 1, 1), max_value=datetime.datetime(2030, 12, 31)))
    start = start.replace(microsecond=0)
    args: dict[str, object] = {"freq": freq, "dtstart": start}
    args["interval"] = draw(st.sampled_from([1, 1, 1, 2, 3, 5, 7]))
    # Always an UNTIL (dateutil searches a rule that never matches up to year 9999, which
    # takes it minutes for fine frequencies): up to 3000 frequency units ahead, and a
    # COUNT in half the rules as well (a DeprecationWarning both libraries give).
    args["until"] = start + UNIT[freq] * draw(st.integers(0, 3000)) + \
        datetime.timedelta(seconds=draw(st.integers(0, 86399)))
    if draw(st.booleans()):
        args["count"] = draw(st.integers(0, 40))
    day = st.integers(-31, 31).filter(bool)
    weekday = st.one_of(st.integers(0, 6), st.builds(lambda w, n: kr.weekdays[w](n), st.integers(0, 6),
                                                    st.sampled_from([None, 1, 2, 3, 4, -1, -2, 5, -5])))
    if draw(st.integers(0, 2)) == 0:
        args["bymonth"] = draw(small_list(st.integers(1, 12)))
    if draw(st.integers(0, 3)) == 0:
        args["bymonthday"] = draw(small_list(day))
    if draw(st.integers(0, 5)) == 0:
        args["byyearday"] = draw(small_list(st.integers(-366, 366).filter(bool)))
    if draw(st.integers(0, 5)) == 0:
        args["byweekno"] = draw(small_list(st.integers(-53, 53).filter(bool)))
    if draw(st.integers(0, 2)) == 0:
        args["byweekday"] = draw(small_list(weekday))
    if draw(st.integers(0, 8)) == 0:
        args["byeaster"] = draw(small_list(st.integers(-5, 60)))
    if freq >= du.HOURLY or draw(st.integers(0, 3)) == 0:
        if draw(st.booleans()):
            args["byhour"] = draw(small_list(st.integers(0, 23)))
        if freq >= du.MINUTELY and draw(st.booleans()):
            args["byminute"] = draw(small_list(st.integers(0, 59)))
        if freq == du.SECONDLY and draw(st.booleans()):
            args["bysecond"] = draw(small_list(st.integers(0, 59)))
    if draw(st.integers(0, 3)) == 0:
        args["bysetpos"] = draw(small_list(st.integers(-5, 5).filter(bool), 2))
    if draw(st.integers(0, 3)) == 0:
        args["wkst"] = draw(st.integers(0, 6))
    return args


class Slow(Exception):
    """dateutil took longer than the budget (a rule that never matches makes it search
    day by day to year 9999, even past UNTIL): the example is discarded."""


def _alarm(signum, frame):  # type: ignore[no-untyped-def]
    raise Slow


signal.signal(signal.SIGALRM, _alarm)


def outcome(make, use, budget: float = 0.0):  # type: ignore[no-untyped-def]
    """The result of use(make()), or the exception type; with a budget (seconds),
    examples that take longer are discarded."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            if budget:
                signal.setitimer(signal.ITIMER_REAL, budget)
            try:
                return use(make())
            finally:
                if budget:
                    signal.setitimer(signal.ITIMER_REAL, 0)
    except Slow:
        assume(False)
    except Exception as e:  # noqa: BLE001
        return type(e).__name__


def bounded(rule) -> list[datetime.datetime]:  # type: ignore[no-untyped-def]
    return list(itertools.islice(rule, 60))


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(rules(), st.integers(0, 4000), st.integers(1, 400), st.booleans())
def test_random_rule_matches_dateutil(args: dict[str, object], offset: int, span: int, inc: bool) -> None:
    start = args["dtstart"]
    assert isinstance(start, datetime.datetime)
    unit = UNIT[args["freq"]]  # type: ignore[index]
    a = start + unit * (offset // 2) + datetime.timedelta(seconds=offset % 2)
    b = a + unit * span
    for use in (bounded,
                lambda r: r.between(a, b, inc=inc)[:200],
                lambda r: r.before(a, inc=inc),
                lambda r: r.after(a, inc=inc),
                lambda r: a in r,
                lambda r: str(r)):
        expected = outcome(lambda: du.rrule(**args), use, 0.5)
        got = outcome(lambda: kr.rrule(**args), use)
        if expected == "IndexError" and got == "IndexError":
            continue
        assert got == expected, (args, use)
    if args.get("count") is not None:
        expected = outcome(lambda: du.rrule(**args), lambda r: r.count(), 0.5)
        assert outcome(lambda: kr.rrule(**args), lambda r: r.count()) == expected, args
