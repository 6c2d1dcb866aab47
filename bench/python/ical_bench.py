"""A month of occurrences from a calendar of N recurring series: kalends.ical against
recurring-ical-events (with icalendar), in the same process, at two sizes.

The calendar: N VEVENTs with weekly, monthly (by day and last weekday), daily-interval
and yearly rules, half in Europe/Berlin, a quarter floating, a quarter UTC; starts
spread over 2000 ... 2025; a third end (COUNT or UNTIL) before 2020, so they are not
active in the month asked (November 2026). Each side reads the text once; the timed
part is one month query (recurring-ical-events: ``of(calendar).between``; Kalends:
``ICalendar.between``, and an EventStore the calendar was imported into,
``EventStore.occurrences``). Both must list the same instances, apart from the one
difference RFC 5545 decides (count_note).
"""
from __future__ import annotations

import datetime as dt
import gc
import os
import random
import statistics
import sys
import time
import warnings
from typing import Any, Callable

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bindings", "python"))

from kalends import EventStore, TimeZone  # noqa: E402
from kalends import ical  # noqa: E402

RULES = ["FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "FREQ=MONTHLY;BYMONTHDAY=15",
         "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=DAILY;INTERVAL=3", "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH",
         "FREQ=MONTHLY;BYDAY=2SA"]


def calendar_text(n: int, seed: int = 15) -> bytes:
    rng = random.Random(seed)
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//kalends//bench//EN"]
    for i in range(n):
        start = dt.datetime(2000, 1, 1) + dt.timedelta(days=rng.randrange(26 * 365), minutes=15 * rng.randrange(96))
        rule = rng.choice(RULES)
        if i % 3 == 0:
            rule += rng.choice([";COUNT=20", ";UNTIL=20191231T000000Z"])
        kind = i % 4
        stamp = start.strftime("%Y%m%dT%H%M%S")
        if kind < 2:
            when = [f"DTSTART;TZID=Europe/Berlin:{stamp}"]
        elif kind == 2:
            when = [f"DTSTART:{stamp}"]
        else:
            when = [f"DTSTART:{stamp}Z"]
        lines += ["BEGIN:VEVENT", f"UID:s{i}@bench", f"SUMMARY:series {i}", *when, "DURATION:PT45M",
                  f"RRULE:{rule}", "END:VEVENT"]
    lines.append("END:VCALENDAR")
    return ("\r\n".join(lines) + "\r\n").encode()


def median_time(fn: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeats):
        t = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), result


def count_note(text: bytes, theirs: list[Any], ours: list[Any]) -> str:
    """Empty when both sides list the same instances. The one known difference: a series
    with COUNT whose DTSTART the rule does not match. RFC 5545 3.3.10 says "The DTSTART
    property value always counts as the first occurrence", so Kalends lists COUNT instances
    in all; recurring-ical-events lists COUNT more after DTSTART (test_ical_oracle names the
    same rule for multiple_rrule.ics). Any other difference is printed as such."""
    a = {(str(e["UID"]), e["DTSTART"].dt) for e in theirs}
    b = {(o.uid, o.start) for o in ours}
    if a == b:
        return ""
    counted = {f"s{i}@bench" for i, rule in enumerate(text.split(b"RRULE:")[1:]) if b";COUNT=" in rule.split(b"\r\n")[0]}
    if not b - a and all(uid in counted for uid, _ in a - b):
        return (f"  (recurring-ical-events lists {len(a - b)} more, each of a COUNT series whose DTSTART the rule"
                " does not match: RFC 5545 3.3.10 counts DTSTART as the first instance)")
    return f"  (instances differ: {len(a - b)} only in recurring-ical-events, {len(b - a)} only in Kalends)"


def main() -> None:
    try:
        import icalendar
        import recurring_ical_events
    except ImportError:
        print("ical: SKIPPED (pip install icalendar recurring-ical-events)")
        return
    warnings.simplefilter("ignore")
    start, end = dt.datetime(2026, 11, 1, tzinfo=dt.timezone.utc), dt.datetime(2026, 12, 1, tzinfo=dt.timezone.utc)
    sizes = [int(a) for a in sys.argv[1:]] or [1000, 10000]
    print(f"{'series':>7} {'occurrences':>11} {'recurring-ical-events':>22} {'kalends.ical':>13} {'ratio':>7}"
          f" {'store':>9} {'ratio':>7}")
    for n in sizes:
        text = calendar_text(n)
        theirs_cal = recurring_ical_events.of(icalendar.Calendar.from_ical(text))
        ours_cal = ical.read(text)
        store = EventStore()
        zone = TimeZone("UTC")
        ical.load(ours_cal, store, zone=zone)
        # The calendars' objects (recurring-ical-events' are millions at 10,000 series) are
        # kept out of the garbage collector's passes, which otherwise traverse them while
        # either side allocates its results and inflate whichever is timed.
        gc.collect()
        gc.freeze()
        t_theirs, found_theirs = median_time(lambda: theirs_cal.between(start, end), 3)
        t_ours, found_ours = median_time(lambda: ours_cal.between(start, end), 7)
        t_store, found_store = median_time(lambda: store.occurrences(dt.date(2026, 11, 1), dt.date(2026, 11, 30),
                                                                     zone), 7)
        note = count_note(text, found_theirs, found_ours)
        print(f"{n:>7} {len(found_ours):>11} {t_theirs * 1e3:>19.1f} ms {t_ours * 1e3:>10.2f} ms "
              f"{t_theirs / t_ours:>6.0f}x {t_store * 1e3:>6.2f} ms {t_theirs / t_store:>6.0f}x{note}")
        print(f"{'':>7} store: {len(found_store)} occurrences (days in the store's zone, UTC)")
        del theirs_cal, ours_cal, store, found_theirs, found_ours, found_store
        gc.unfreeze()
        gc.collect()


if __name__ == "__main__":
    main()
