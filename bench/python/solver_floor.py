"""The floor of a pure-Python kiwisolver: how long the cheapest possible operator-overloaded
objects take to build the chain's constraints, next to kiwisolver's objects (a C
extension), kiwisolver's whole build and kalends.kiwisolver's objects and whole build,
in one process, samples alternating, thread CPU time, medians.

    python bench/python/solver_floor.py [N]

The floor objects do only what the chain needs (x + c, x >= expression, x == c,
constraint | strength) with __slots__ and no checks: no real implementation can build
these objects for less, so if floor + the library's solving time is above kiwisolver's
whole build, a 1x goal at that size is out of reach from pure Python.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

import kiwisolver  # noqa: E402

import kalends.kiwisolver as kalends_kiwi  # noqa: E402


class FloorVariable:
    __slots__ = ("name", "context", "values", "index")

    def __init__(self, name: str = "", context: Any = None) -> None:
        self.name = name
        self.context = context
        self.values = None
        self.index = 0

    def __add__(self, other: float) -> "FloorExpression":
        e = object.__new__(FloorExpression)
        e.variables = (self,)
        e.coefficients = (1.0,)
        e.constant = 0.0 + other
        return e

    def __ge__(self, other: "FloorExpression") -> "FloorConstraint":  # type: ignore[override]
        c = object.__new__(FloorConstraint)
        c.variables = (self,) + other.variables
        c.coefficients = (1.0,) + tuple(map(float.__neg__, other.coefficients))
        c.constant = -other.constant
        c.op = ">="
        c.strength = 1001001000.0
        return c

    def __eq__(self, other: float) -> "FloorConstraint":  # type: ignore[override]
        c = object.__new__(FloorConstraint)
        c.variables = (self,)
        c.coefficients = (1.0,)
        c.constant = 0.0 - other
        c.op = "=="
        c.strength = 1001001000.0
        return c

    __hash__ = object.__hash__


class FloorExpression:
    __slots__ = ("variables", "coefficients", "constant")


_STRENGTHS = {"required": 1001001000.0, "strong": 1e6, "medium": 1e3, "weak": 1.0}


class FloorConstraint:
    __slots__ = ("variables", "coefficients", "constant", "op", "strength")

    def __or__(self, other: str) -> "FloorConstraint":
        c = object.__new__(FloorConstraint)
        c.variables = self.variables
        c.coefficients = self.coefficients
        c.constant = self.constant
        c.op = self.op
        c.strength = _STRENGTHS[other]
        return c


def objects(variable: Callable[[str], Any], n: int) -> list[Any]:
    xs = [variable(f"x{i}") for i in range(n)]
    out = [(xs[0] == 0) | "required"]
    for i in range(n - 1):
        out.append(xs[i + 1] >= xs[i] + 10)
    for i in range(n):
        out.append((xs[i] == 7 * i) | "weak")
    return out


def build(kiwi: ModuleType, n: int) -> None:
    s = kiwi.Solver()
    for c in objects(kiwi.Variable, n):
        s.addConstraint(c)
    s.updateVariables()


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    runs: dict[str, Callable[[], object]] = {
        "floor objects (pure Python)": lambda: objects(FloorVariable, n),
        "kiwisolver objects": lambda: objects(kiwisolver.Variable, n),
        "kalends.kiwisolver objects": lambda: objects(kalends_kiwi.Variable, n),
        "kiwisolver whole build": lambda: build(kiwisolver, n),
        "kalends.kiwisolver whole build": lambda: build(kalends_kiwi, n),
    }
    times: dict[str, list[float]] = {name: [] for name in runs}
    order = list(runs.items())
    clock = time.thread_time_ns
    for k in range(301):
        for name, run in (order if k % 2 == 0 else order[::-1]):
            t = clock()
            run()
            times[name].append((clock() - t) / 1000)
    print(f"chain N={n}: {n} variables, {2 * n} constraints (thread CPU time, medians of 301)")
    for name, values in times.items():
        print(f"  {name:<34} {statistics.median(values):9.1f} us")


if __name__ == "__main__":
    main()
