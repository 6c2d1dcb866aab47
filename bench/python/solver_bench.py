"""The constraint solver from Python: kalends.kiwisolver against kiwisolver (PyPI), the
same workloads in the same process, samples alternating; medians and ratios
(kiwisolver's time / Kalends' time: above 1 means Kalends is faster).

    python bench/python/solver_bench.py [SAMPLES]

(a) chain of N variables: x0 == 0 and x[i+1] >= x[i] + 10 required, x[i] == 7i weak;
    build + solve (solver, constraints, updateVariables).
(b) edit loop: strong edit on x0 of the chain (x0 == 0 weak here, so the drag moves
    every variable), suggestValue + updateVariables; and dragging the last variable
    (x0 == 0 required), where one variable moves per update.
(c) kiwi's enaml-like form layout (enaml_like.py, the C++ benchmark's system): build,
    then width and height suggested over kiwi's six sizes and updated.
Builds of about a millisecond (chain N=100, the form) take three times the samples.

Times are the thread's CPU time (time.thread_time_ns), not wall time, and the order of
the contenders alternates from sample to sample. On this shared two-core machine a
process is preempted for 10-50 ms every few milliseconds of CPU; with wall time and
kiwisolver always first, the second contender's millisecond builds absorbed most of
those preemptions (kalends' form build: 1.7 ms of CPU, 20-32 ms median wall time, while
kiwisolver's read 1.1-4.3 ms in the same process).
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import kalends.kiwisolver as kalends_kiwi  # noqa: E402

try:
    import kiwisolver
except ImportError:  # pragma: no cover - the bench needs its anchor
    sys.exit("solver_bench: kiwisolver is not installed (pip install kiwisolver)")

from bench_summary import record  # noqa: E402
from enaml_like import CONSTRAINTS, SIZES, build_form  # noqa: E402

MODULES: dict[str, ModuleType] = {"kiwisolver": kiwisolver, "kalends": kalends_kiwi}


def chain(kiwi: ModuleType, n: int, anchor: str = "required"):
    xs = [kiwi.Variable(f"x{i}") for i in range(n)]
    s = kiwi.Solver()
    s.addConstraint((xs[0] == 0) | anchor)
    for i in range(n - 1):
        s.addConstraint(xs[i + 1] >= xs[i] + 10)
    for i in range(n):
        s.addConstraint((xs[i] == 7 * i) | "weak")
    s.updateVariables()
    return s, xs


def measure(key: str, label: str, runs: dict[str, Callable[[], float]], samples: int, unit: str = "µs") -> None:
    """Alternates samples of each contender, who goes first too; prints medians and the ratio."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    order = list(runs.items())
    for k in range(samples):
        for name, run in (order if k % 2 == 0 else order[::-1]):
            times[name].append(run())
    med = {name: statistics.median(t) for name, t in times.items()}
    ratio = med["kiwisolver"] / med["kalends"]
    record(key, med["kiwisolver"], med["kalends"])
    print(f"  {label:<44} kiwisolver {med['kiwisolver']:10.1f} {unit}   kalends {med['kalends']:10.1f} {unit}"
          f"   ratio {ratio:5.2f}x")


#: The clock of every sample: this thread's CPU time (see the module's docstring).
clock = time.thread_time_ns


def timed_us(fn: Callable[[], object]) -> Callable[[], float]:
    def run() -> float:
        t = clock()
        fn()
        return (clock() - t) / 1000
    return run


def drag(kiwi: ModuleType, n: int, which: str, steps: int) -> Callable[[], float]:
    """ns per suggestValue + updateVariables, dragging x0 (all move) or x[n-1] (one moves)."""
    s, xs = chain(kiwi, n, anchor="weak" if which == "first" else "required")
    v = xs[0] if which == "first" else xs[-1]
    s.addEditVariable(v, "strong")
    base = 0.0 if which == "first" else 10.0 * (n - 1)
    values = [base + (k % 200) for k in range(steps)]
    suggest, update = s.suggestValue, s.updateVariables

    def run() -> float:
        t = clock()
        for value in values:
            suggest(v, value)
            update()
        return (clock() - t) / steps
    return run


def check_same_answers() -> None:
    for n in (10, 100):
        answers = []
        for kiwi in MODULES.values():
            _, xs = chain(kiwi, n)
            answers.append([x.value() for x in xs])
        assert answers[0] == answers[1] == [10.0 * i for i in range(n)], "chain answers differ"
    forms = []
    for kiwi in MODULES.values():
        s, width, height, variables = build_form(kiwi)
        s.suggestValue(width, 640)
        s.suggestValue(height, 480)
        s.updateVariables()
        forms.append([v.value() for v in variables])
    assert all(abs(a - b) < 1e-6 for a, b in zip(*forms)), "form answers differ"


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    check_same_answers()
    print("(a) chain: build + solve")
    for n in (100, 1000, 3000):
        measure(f"solver.py.chain_build.{n}", f"N = {n}",
                {name: timed_us(lambda k=k: chain(k, n)) for name, k in MODULES.items()},
                max(3, samples * 3 if n == 100 else samples if n < 3000 else samples // 2))
    print("(b) edit loop: suggestValue + updateVariables, per step (10,000 steps)")
    for n in (100, 1000):
        for which, what in (("first", "drag x0, all move"), ("last", "drag the last, one moves")):
            key = f"solver.py.drag_{'x0' if which == 'first' else 'last'}.{n}"
            measure(key, f"N = {n}, {what}", {name: drag(k, n, which, 10_000) for name, k in MODULES.items()},
                    max(3, samples // 2), unit="ns")
    print("(c) enaml-like form layout")
    measure("solver.py.form_build", f"build ({len(CONSTRAINTS)} constraints + updateVariables)",
            {name: timed_us(lambda k=k: build_form(k)[0].updateVariables()) for name, k in MODULES.items()}, samples * 3)

    def resize(kiwi: ModuleType) -> Callable[[], float]:
        s, width, height, _ = build_form(kiwi)
        sizes = SIZES * 400

        def run() -> float:
            t = clock()
            for w, h in sizes:
                s.suggestValue(width, w)
                s.suggestValue(height, h)
                s.updateVariables()
            return (clock() - t) / len(sizes)
        return run
    measure("solver.py.form_resize", "resize: 2 suggestions + update, per step",
            {name: resize(k) for name, k in MODULES.items()}, samples, unit="ns")


if __name__ == "__main__":
    main()
