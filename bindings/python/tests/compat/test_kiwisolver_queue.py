"""kalends.kiwisolver queues the constraints whose addition cannot fail and hands them to
the library in one kalends_solver_add_constraints call: the tableau must be the one that
adding them one by one (kalends_solver_add_constraint_terms) builds, errors must come
from the call that caused them, and the batch calls themselves must keep the ABI's
promises (a failure stops the batch there and changes nothing else)."""
from __future__ import annotations

import contextlib
import ctypes
import random
import struct
from typing import Any, Iterator

import pytest
import required

import kalends.kiwisolver as kk
from kalends._abi import CTerm
from kalends._native import lib
from kalends.errors import Status

kiwisolver = required.module("kiwisolver", "the oracle of the constraint solver")

REQUIRED = 1001001000.0
RELATIONS = {"==": 0, "<=": -1, ">=": 1}


def _dump(handle: int) -> str:
    length = ctypes.c_size_t()
    assert lib.kalends_solver_dump(handle, None, 0, ctypes.byref(length)) == 0
    buffer = ctypes.create_string_buffer(length.value + 1)
    assert lib.kalends_solver_dump(handle, buffer, len(buffer), ctypes.byref(length)) == 0
    return buffer.value.decode()


def _system(rng: random.Random, n: int) -> list[tuple[list[tuple[int, float]], float, str, Any]]:
    """Random constraints, a third required (satisfied by a random point, so all hold)."""
    point = [rng.uniform(-100, 100) for _ in range(n)]
    out = []
    for _ in range(rng.randint(n, 3 * n)):
        terms = [(rng.randrange(n), float(rng.choice([-2, -1, 1, 1, 0.5]))) for _ in range(rng.randint(1, 4))]
        op = rng.choice(["==", "<=", ">="])
        if rng.random() < 0.35:
            at = sum(c * point[i] for i, c in terms)
            slack = 0.0 if op == "==" else rng.uniform(0, 20)
            out.append((terms, -(at + slack) if op == "<=" else -(at - slack), op, "required"))
        else:
            out.append((terms, float(rng.randint(-200, 200)), op, rng.choice(["weak", "medium", "strong", 7.5])))
    return out


def _constraint(module: Any, xs: list[Any], terms: list[tuple[int, float]], constant: float, op: str,
                strength: Any) -> Any:
    expr = sum((c * xs[i] for i, c in terms), module.Expression([], constant))
    return {"==": expr == 0, "<=": expr <= 0, ">=": expr >= 0}[op] | strength


def _position(xs: list[Any], v: Any) -> int:
    """xs.index(v) by identity (== on variables makes a constraint)."""
    return next(k for k, x in enumerate(xs) if x is v)


@pytest.mark.parametrize("seed", range(30))
def test_queued_additions_build_the_tableau_of_one_by_one_additions(seed: int) -> None:
    """The same constraints through kalends.kiwisolver (queued, sent in batches) and
    through kalends_solver_add_constraint_terms one at a time: the same tableau, symbol
    for symbol, and the same values."""
    rng = random.Random(seed)
    n = rng.randint(2, 12)
    system = _system(rng, n)
    xs = [kk.Variable(f"x{i}") for i in range(n)]
    solver = kk.Solver()
    handle = ctypes.c_void_p()
    assert lib.kalends_solver_new(ctypes.byref(handle)) == 0
    ids: dict[int, int] = {}   # variable index -> id, in order of first use (as the module numbers them)
    out = ctypes.c_int32()
    try:
        for terms, constant, op, strength in system:
            c = _constraint(kk, xs, terms, constant, op, strength)
            solver.addConstraint(c)
            reduced = [(_position(xs, t.variable()), t.coefficient()) for t in c.expression().terms()]
            for i, _ in reduced:
                if i not in ids:
                    ids[i] = len(ids)
                    assert lib.kalends_solver_add_variables(handle, 1, ctypes.byref(out)) == 0
            packed = (CTerm * len(reduced))(*[CTerm(ids[i], 0, a) for i, a in reduced]) if reduced else None
            status = lib.kalends_solver_add_constraint_terms(handle, packed, len(reduced), c.expression().constant(),
                                                             RELATIONS[op], c.strength(), ctypes.byref(out))
            assert status == 0, lib.kalends_last_error()
        ours = solver.dumps()
        theirs = _dump(handle.value)
        assert ours.startswith(theirs + "\nVariables\n"), (ours, theirs)
        solver.updateVariables()
        values = (ctypes.c_double * max(1, len(ids)))()
        assert lib.kalends_solver_update_variables(handle, values, len(ids), None) == 0
        assert [xs[i].value() for i in sorted(ids, key=ids.get)] == list(values)[:len(ids)]
    finally:
        lib.kalends_solver_free(handle)


@pytest.mark.parametrize("seed", range(10))
def test_variables_shared_by_two_solvers_keep_their_ids_in_each(seed: int) -> None:
    """Two solvers share variables first shown by one or the other and publish into
    them in turn (so each update rebinds the shared ones): each solver reads the same
    ids for them as a twin solver with variables of its own, so it solves the same."""
    rng = random.Random(seed)
    n = rng.randint(3, 10)
    shared = [kk.Variable(f"x{i}") for i in range(n)]
    solvers = [kk.Solver(), kk.Solver()]
    twins = [([kk.Variable(f"t{i}") for i in range(n)], kk.Solver()) for _ in solvers]
    known: list[set[int]] = [set(), set()]   # the variables each solver has been given

    def same(k: int) -> None:
        own, twin = twins[k]
        solvers[k].updateVariables()
        twin.updateVariables()
        assert [shared[i].value() for i in sorted(known[k])] == [own[i].value() for i in sorted(known[k])]

    steps = [(k, row) for k in (0, 1) for row in _system(rng, n)]
    rng.shuffle(steps)
    for k, (terms, constant, op, strength) in steps:
        solvers[k].addConstraint(_constraint(kk, shared, terms, constant, op, strength))
        twins[k][1].addConstraint(_constraint(kk, twins[k][0], terms, constant, op, strength))
        known[k].update(i for i, _ in terms)
        if rng.random() < 0.3:
            same(k)
    same(0)
    same(1)


def test_an_unsatisfiable_required_constraint_is_refused_by_its_own_call() -> None:
    """Queued constraints before it are added; it is refused at once, as in kiwisolver."""
    for module in (kk, kiwisolver):
        x, y = module.Variable("x"), module.Variable("y")
        s = module.Solver()
        weak = [(x == 5) | "weak", (y == 7) | "weak", x + y <= 100]   # queued: weak, or with a new variable
        for c in weak:
            s.addConstraint(c)
        s.addConstraint(x == 3)
        with pytest.raises(module.UnsatisfiableConstraint) as raised:
            s.addConstraint(x == 4)
        assert all(s.hasConstraint(c) for c in weak)
        assert not s.hasConstraint(raised.value.constraint)
        s.updateVariables()
        assert (x.value(), y.value()) == (3.0, 7.0)


def test_queued_constraints_can_be_removed_and_reset() -> None:
    x, y = kk.Variable("x"), kk.Variable("y")
    s = kk.Solver()
    a, b = (x == 10) | "strong", (y >= x + 5)
    s.addConstraint(a)
    s.addConstraint(b)
    assert s.hasConstraint(a) and s.hasConstraint(b)
    s.removeConstraint(a)
    assert not s.hasConstraint(a)
    with pytest.raises(kk.UnknownConstraint):
        s.removeConstraint(a)
    s.addConstraint((x == 2) | "weak")
    s.updateVariables()
    assert (x.value(), y.value()) == (2.0, 7.0)
    s.addConstraint((x == 50) | "medium")   # queued, then dropped by reset
    s.reset()
    assert not s.hasConstraint(b)
    s.addConstraint(x == 1)
    s.updateVariables()
    assert x.value() == 1.0


def test_non_finite_numbers_are_refused_by_the_adding_call() -> None:
    x = kk.Variable("x")
    s = kk.Solver()
    for bad in (float("inf") * x == 1, (x == float("nan")) | "weak"):
        with pytest.raises(ValueError):
            s.addConstraint(bad)
        assert not s.hasConstraint(bad)
    s.addConstraint(x == 1)
    s.updateVariables()
    assert x.value() == 1.0


@contextlib.contextmanager
def _raw_solver(variables: int) -> Iterator[int]:
    """A library solver handle with `variables` variables (ids 0...), freed afterwards."""
    handle = ctypes.c_void_p()
    assert lib.kalends_solver_new(ctypes.byref(handle)) == 0
    h = handle.value
    assert h is not None
    try:
        first = ctypes.c_int32()
        assert lib.kalends_solver_add_variables(h, variables, ctypes.byref(first)) == 0
        yield h
    finally:
        lib.kalends_solver_free(h)


def _add_records(h: int, stream: bytes, count: int, ids: Any, added: Any) -> int:
    """kalends_solver_add_constraints over `stream` (a _records byte string)."""
    buffer = ctypes.create_string_buffer(stream, len(stream))
    ptr = ctypes.cast(buffer, ctypes.POINTER(ctypes.c_uint8))
    return int(lib.kalends_solver_add_constraints(h, ptr, len(stream), count, ids, added))


def _records(*constraints: tuple[list[tuple[int, float]], float, int, float]) -> bytes:
    out = b""
    for terms, constant, relation, strength in constraints:
        out += struct.pack("=ddii", constant, strength, relation, len(terms))
        out += b"".join(struct.pack("=iid", v, 0, c) for v, c in terms)
    return out


def test_add_constraints_stops_at_the_first_failure_and_keeps_those_before() -> None:
    with _raw_solver(2) as h:
        ids = (ctypes.c_int32 * 3)(-1, -1, -1)
        added = ctypes.c_int32(-1)
        stream = _records(([(0, 1.0)], -3.0, 0, REQUIRED), ([(0, 1.0)], -4.0, 0, REQUIRED),
                          ([(1, 1.0)], -1.0, 0, REQUIRED))
        status = _add_records(h, stream, 3, ids, ctypes.byref(added))
        assert status == Status.UNSATISFIABLE
        assert added.value == 1 and ids[0] > 0 and ids[1] == ids[2] == -1
        has = ctypes.c_int32()
        assert lib.kalends_solver_has_constraint(h, ids[0], ctypes.byref(has)) == 0 and has.value == 1
        before = _dump(h)
        # a record's terms past the end, a negative term count, a bad relation: refused,
        # the solver as it was; a second record past the end: the first is added
        one = _records(([(1, 1.0)], -1.0, 0, REQUIRED))
        for stream, count in ((one[:-4], 1), (struct.pack("=ddii", 0.0, 1.0, 0, -1), 1),
                              (_records(([(1, 1.0)], 0.0, 7, 1.0)), 1), (one, 2)):
            status = _add_records(h, stream, count, None, ctypes.byref(added))
            assert status == Status.INVALID_ARGUMENT, lib.kalends_last_error()
            assert added.value == count - 1
            assert (_dump(h) == before) == (count == 1)
        assert lib.kalends_solver_add_constraints(h, None, 0, 0, None, None) == 0
        assert lib.kalends_solver_add_constraints(h, None, 0, 1, None, None) == Status.INVALID_ARGUMENT
        assert lib.kalends_solver_add_constraints(h, None, 0, -1, None, None) == Status.INVALID_ARGUMENT


def test_suggest_and_update_is_suggest_values_then_update_and_refuses_as_a_whole() -> None:
    with _raw_solver(2) as h:
        stream = _records(([(1, 1.0), (0, -1.0)], -10.0, 0, REQUIRED))   # x1 == x0 + 10
        assert _add_records(h, stream, 1, None, None) == 0
        assert lib.kalends_solver_add_edit_variable(h, 0, 1e6) == 0
        mirror = (ctypes.c_double * 2)()
        changed = ctypes.c_int32()
        variables = (ctypes.c_int32 * 2)(0, 0)
        values = (ctypes.c_double * 2)(5.0, 42.0)
        assert lib.kalends_solver_suggest_and_update(h, variables, values, 2, mirror, 2, ctypes.byref(changed)) == 0
        assert list(mirror) == [42.0, 52.0] and changed.value == 2
        variables[1] = 1   # not an edit variable: nothing suggested, nothing published
        values[0] = 1.0
        status = lib.kalends_solver_suggest_and_update(h, variables, values, 2, mirror, 2, ctypes.byref(changed))
        assert status == Status.NOT_FOUND
        assert lib.kalends_solver_update_variables(h, mirror, 2, ctypes.byref(changed)) == 0
        assert list(mirror) == [42.0, 52.0] and changed.value == 0
        assert lib.kalends_solver_suggest_and_update(h, None, None, 0, mirror, 2, ctypes.byref(changed)) == 0
        assert lib.kalends_solver_suggest_and_update(h, None, None, 1, mirror, 2, None) == Status.INVALID_ARGUMENT
