"""A pointer move during a range drag from Python (issue 26: <= 40 us including the
changed days' flags): ``view.drag`` (hit test + preview) then ``view.days()`` (every
visible day's flags, the range's among them), against the move alone, same process,
alternating samples, medians of the thread's CPU time (a loaded machine preempts)."""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

import kalends  # noqa: E402
from bench_summary import record  # noqa: E402

BATCH = 500
clock = [0.0]


def view() -> kalends.View:
    v = kalends.View(width=390, selection_mode=kalends.SelectionMode.RANGE)
    v.go_to(kalends.Date(2026, 11, 22).to_date())
    v.press(20, 44 + 55 * 1.5, time=clock[0])
    return v


def moves(v: kalends.View, read_days: bool) -> float:
    t = time.thread_time_ns()
    for i in range(BATCH):
        clock[0] += 0.001
        v.drag(60 + (i * 37) % 280, 44 + 55 * (1.5 + i % 4), time=clock[0])
        if read_days:
            v.days()
    return (time.thread_time_ns() - t) / BATCH / 1000


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    v = view()
    moves(v, True)
    alone, with_days = [], []
    for _ in range(samples):
        alone.append(moves(v, False))
        with_days.append(moves(v, True))
    a, d = statistics.median(alone), statistics.median(with_days)
    print(f"range drag moves from Python, {samples} samples x {BATCH} (medians):")
    print(f"  view.drag alone                      {a:8.2f} us")
    print(f"  view.drag + view.days() (42 days)    {d:8.2f} us   (goal <= 40 us)")
    record("pointer.py.range_move", a, d)
    v.cancel_pointer()


if __name__ == "__main__":
    main()
