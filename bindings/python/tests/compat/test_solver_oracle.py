"""kalends.kiwisolver against kiwisolver on random layout-like systems.

Both solvers minimise the same weighted violation of the non-required constraints
subject to the required ones, so the optimum *value* is unique even where the
optimal point is not: the oracle compares that value (and, where kiwisolver's answer
satisfies every required constraint, the required constraints of ours).
"""
from __future__ import annotations

import random

import pytest
import required

kiwisolver = required.module("kiwisolver", "the oracle of the constraint solver")
import kalends.kiwisolver as kk  # noqa: E402

STRENGTHS = ["weak", "medium", "strong"]


def _objective(system, values, edits):
    total = 0.0
    for terms, constant, op, strength in system:
        if strength == "required":
            continue
        e = sum(c * values[i] for i, c in terms) + constant
        violation = abs(e) if op == "==" else max(0.0, e) if op == "<=" else max(0.0, -e)
        total += _weight(strength) * violation
    for i, (strength, value) in edits.items():
        total += _weight(strength) * abs(values[i] - value)
    return total


def _weight(strength):
    return strength if isinstance(strength, float) else {"weak": 1.0, "medium": 1e3, "strong": 1e6}[strength]


def _build(module, n, system):
    xs = [module.Variable(f"x{i}") for i in range(n)]
    solver = module.Solver()
    constraints = []
    for terms, constant, op, strength in system:
        expr = sum((c * xs[i] for i, c in terms), module.Expression([], constant))
        c = {"==": expr == 0, "<=": expr <= 0, ">=": expr >= 0}[op] | strength
        solver.addConstraint(c)
        constraints.append(c)
    return xs, solver, constraints


def _random_system(rng, n):
    point = [rng.uniform(-200, 200) for _ in range(n)]
    system = []
    for _ in range(rng.randint(n, 4 * n)):
        terms = [(rng.randrange(n), float(rng.choice([-2, -1, 1, 1, 2, 0.5]))) for _ in range(rng.randint(1, 3))]
        at = sum(c * point[i] for i, c in terms)
        op = rng.choice(["==", "<=", ">=", ">=", "<="])
        if rng.random() < 0.35:   # required, satisfied by `point`
            slack = 0.0 if op == "==" else rng.uniform(0, 50)
            constant = -(at + slack) if op == "<=" else -(at - slack)
            system.append((terms, constant, op, "required"))
        else:
            strength = rng.choice(STRENGTHS) if rng.random() < 0.8 else rng.uniform(0.5, 5000.0)
            system.append((terms, float(rng.randint(-300, 300)), op, strength))
    return system


@pytest.mark.parametrize("seed", range(60))
def test_random_systems_reach_kiwisolvers_optimum(seed):
    rng = random.Random(seed)
    n = rng.randint(3, 14)
    system = _random_system(rng, n)
    ours, ours_solver, ours_cs = _build(kk, n, system)
    ref, ref_solver, ref_cs = _build(kiwisolver, n, system)
    edits = {}
    for step in range(6):
        if step == 2:   # drag two variables
            for i in rng.sample(range(n), 2):
                for module_solver, xs in ((ours_solver, ours), (ref_solver, ref)):
                    module_solver.addEditVariable(xs[i], "strong")
                edits[i] = ("strong", 0.0)
        if step >= 2:
            for i in edits:
                value = rng.uniform(-400, 400)
                ours_solver.suggestValue(ours[i], value)
                ref_solver.suggestValue(ref[i], value)
                edits[i] = ("strong", value)
        if step == 4:   # remove a third of the constraints
            for k in sorted(rng.sample(range(len(system)), len(system) // 3), reverse=True):
                ours_solver.removeConstraint(ours_cs.pop(k))
                ref_solver.removeConstraint(ref_cs.pop(k))
                system.pop(k)
        ours_solver.updateVariables()
        ref_solver.updateVariables()
        got = [v.value() for v in ours]
        want = [v.value() for v in ref]
        for c in ours_cs:
            if c.strength() == kk.strength.required:
                assert not c.violated() or abs(c.expression().value()) < 1e-6, c
        a, b = _objective(system, got, edits), _objective(system, want, edits)
        assert a == pytest.approx(b, rel=1e-7, abs=1e-6), (seed, step, got, want)


def test_same_answers_on_a_form_layout():
    """A unique optimum: the values themselves agree."""
    def solve(module):
        left, width, right, gap = (module.Variable(n) for n in ("left", "width", "right", "gap"))
        s = module.Solver()
        for c in (left >= 0, right <= 390, right == left + width, gap == 8, (width == 500) | "strong",
                  (left == 20) | "weak", width >= 100):
            s.addConstraint(c)
        s.updateVariables()
        return [v.value() for v in (left, width, right, gap)]
    assert solve(kk) == solve(kiwisolver) == [0.0, 390.0, 390.0, 8.0]
