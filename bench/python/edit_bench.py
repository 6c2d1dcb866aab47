"""Event editing from Python (issue 26): a move during an event drag in a week page of
1,000 timed events (~140 a day, overlapping): the proposal (``Editing.update``) and the
affected days' boxes (``Editing.preview``). Median of per-sample means, CPU time."""
from __future__ import annotations

import datetime as dt
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_summary import record  # noqa: E402
from kalends import DisplayMode, Event, EventStore, View  # noqa: E402
from kalends.editing import Editing, GestureKind, point  # noqa: E402

MONDAY = dt.date(2026, 11, 23)
EPOCH = dt.date(1970, 1, 1)


def main() -> None:
    rng = random.Random(7)
    events = []
    for i in range(1, 1001):
        day = (MONDAY - EPOCH).days + rng.randrange(7)
        start = day * 86400 + 8 * 3600 + rng.randrange(48) * 900
        events.append(Event(i, "event", False, start, start + 1800 + rng.randrange(4) * 1800))
    store = EventStore(events)
    view = View(width=700)
    view.set_mode(DisplayMode.WEEK)
    view.go_to(MONDAY + dt.timedelta(days=2))
    view.set_store(store)
    edit = Editing(view)
    edit.set_options(editable=True)
    e = store.get(500)
    day = EPOCH + dt.timedelta(days=e.start // 86400)
    edit.begin(GestureKind.EVENT_MOVE, point(day, e.start % 86400), event=500)
    edit.preview()
    targets = [point(day + dt.timedelta(days=i % 2), 9 * 3600 + (i % 8) * 900) for i in range(16)]
    samples = []
    for _ in range(31):
        t0 = time.thread_time_ns()
        for to in targets:
            edit.update(to)
            edit.preview()
        samples.append((time.thread_time_ns() - t0) / len(targets) / 1000)
    edit.cancel()
    move = statistics.median(samples)
    print(f"move during an event drag from Python, 1,000 events in the week: {move:.1f} us")
    record("edit.py.move", 0, move)


if __name__ == "__main__":
    main()
