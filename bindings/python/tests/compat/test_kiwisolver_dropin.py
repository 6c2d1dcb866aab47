"""kalends.kiwisolver as a drop-in for kiwisolver where kiwisolver is used for real:
matplotlib's version check and its constrained layout, and kiwisolver's own error
messages for the comparisons that are not constraints."""
from __future__ import annotations

import itertools
import json
import operator
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Callable

import pytest
import required

import kalends
import kalends.kiwisolver as ours

kiwisolver = required.module("kiwisolver", "the oracle of the constraint solver")
PACKAGE_ROOT = Path(kalends.__file__).resolve().parents[1]


def test_version_is_the_kiwisolver_release_it_reproduces() -> None:
    """``__version__`` is what version checks read (matplotlib wants kiwisolver >= 1.3.1):
    the kiwisolver release this module is tested against, i.e. the one installed as the
    compat suite's oracle. A new kiwisolver release fails here until the suite has run
    against it and __version__ follows. Kalends' own version is __kalends_version__."""
    assert ours.__version__ == kiwisolver.__version__
    assert ours.__kalends_version__ == kalends.__version__ == kalends.version_string()
    assert ours.__kiwi_version__ == ours.__version__


def _operands(kiwi: Any) -> dict[str, Any]:
    x = kiwi.Variable("x")
    return {"Variable": x, "Term": 2 * x, "Expression": x + 1, "int": 1, "float": 1.5, "str": "a", "None": None,
            "Constraint": x == 1, "list": [1]}


SYMBOLS: dict[str, Callable[[Any, Any], Any]] = {"<": operator.lt, ">": operator.gt, "!=": operator.ne,
                                                  "<=": operator.le, ">=": operator.ge}


def _message(op: Callable[[Any, Any], Any], a: Any, b: Any) -> str | None:
    try:
        op(a, b)
    except TypeError as e:
        return str(e)
    return None


@pytest.mark.parametrize("symbol", ["<", ">", "!="])
def test_comparisons_that_are_not_constraints_raise_kiwisolvers_type_error(symbol: str) -> None:
    """``(x + 1) < 1`` raises TypeError("unsupported operand type(s) for <: 'kiwisolver.Expression'
    and 'int'") in kiwisolver; here the module's types are named the same way
    ('kalends.kiwisolver.Expression', which contains kiwisolver's name, as its own tests
    look for). Every pairing with a kiwi object on either side, against kiwisolver."""
    op = SYMBOLS[symbol]
    theirs, mine = _operands(kiwisolver), _operands(ours)
    kiwi_kinds = {"Variable", "Term", "Expression"}
    compared = 0
    for left, right in itertools.product(theirs, repeat=2):
        if left not in kiwi_kinds and right not in kiwi_kinds:
            continue
        expected = _message(op, theirs[left], theirs[right])
        assert expected is not None and expected.startswith("unsupported operand type(s)"), (left, right, expected)
        got = _message(op, mine[left], mine[right])
        assert got == expected.replace("'kiwisolver.", "'kalends.kiwisolver."), (left, symbol, right)
        compared += 1
    assert compared == 3 * 9 * 2 - 9


@pytest.mark.parametrize("symbol", ["<=", ">="])
def test_inequalities_with_non_numbers_raise_pythons_type_error(symbol: str) -> None:
    """``x <= "a"`` is not a constraint: both return NotImplemented and Python raises
    "'<=' not supported between instances of ..."; Python names classes written in
    Python without their module, so the only difference is kiwisolver's 'kiwisolver.'."""
    op = SYMBOLS[symbol]
    theirs, mine = _operands(kiwisolver), _operands(ours)
    for kind in ("Variable", "Term", "Expression"):
        for other in ("str", "None", "list"):
            for a, b in ((kind, other), (other, kind)):
                expected = _message(op, theirs[a], theirs[b])
                assert expected is not None
                assert _message(op, mine[a], mine[b]) == expected.replace("'kiwisolver.", "'"), (a, symbol, b)


MATPLOTLIB_FIGURES = textwrap.dedent("""
    import json, sys
    if sys.argv[1] == "kalends":
        import kalends.kiwisolver
        sys.modules["kiwisolver"] = kalends.kiwisolver
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import kiwisolver
    import numpy as np

    def positions(fig):
        fig.canvas.draw()
        return [[round(v, 12) for v in ax.get_position().bounds] for ax in fig.get_axes()]

    out = {"kiwisolver": kiwisolver.__name__ + " " + kiwisolver.__version__}
    fig, axes = plt.subplots(2, 3, layout="constrained", figsize=(9, 5))
    for i, ax in enumerate(axes.flat):
        ax.plot(np.arange(10) * (i + 1))
        ax.set_title("title " * (i % 3 + 1))
        ax.set_xlabel("x label " * (i % 2 + 1))
        ax.set_ylabel("y" * (5 * i + 1))
    fig.colorbar(axes[0, 2].imshow(np.arange(16).reshape(4, 4)), ax=axes[:, 2])
    fig.suptitle("constrained layout", fontsize=20)
    out["subplots"] = positions(fig)

    fig = plt.figure(layout="constrained", figsize=(8, 6))
    mosaic = fig.subplot_mosaic([["a", "a", "b"], ["c", "d", "b"], ["e", "e", "e"]])
    for name, ax in mosaic.items():
        ax.plot([1, 2, 3], label=f"line {name}")
        ax.set_ylabel(name * 12)
    mosaic["b"].legend(loc="upper left", bbox_to_anchor=(1.02, 1))
    fig.legend(loc="outside lower center", ncols=3, labels=["one", "two", "three"])
    fig.supxlabel("shared x label")
    out["mosaic"] = positions(fig)

    fig = plt.figure(layout="constrained", figsize=(10, 4))
    left, right = fig.subfigures(1, 2, width_ratios=[2, 1])
    for sub, n in ((left, 3), (right, 2)):
        axs = sub.subplots(n, 1, sharex=True)
        for ax in axs:
            ax.set_ylabel("long y label")
        sub.suptitle(f"{n} rows")
        sub.colorbar(axs[0].pcolormesh(np.random.default_rng(1).random((4, 4))), ax=axs)
    out["subfigures"] = positions(fig)
    print(json.dumps(out))
""")


def test_matplotlib_constrained_layout_gives_kiwisolvers_positions(tmp_path: Path) -> None:
    """matplotlib accepts kalends.kiwisolver as kiwisolver (its version check reads
    __version__) and lays out the same figures to the same positions. Each run is a
    subprocess: sys.modules['kiwisolver'] is swapped before matplotlib imports it."""
    required.module("matplotlib", "kalends.kiwisolver as its solver")
    script = tmp_path / "figures.py"
    script.write_text(MATPLOTLIB_FIGURES)
    env = dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT), MPLBACKEND="Agg", MPLCONFIGDIR=str(tmp_path / "mpl"))
    runs = {}
    for which in ("kiwisolver", "kalends"):
        run = subprocess.run([sys.executable, str(script), which], env=env, capture_output=True, text=True,
                             timeout=300)
        assert run.returncode == 0, run.stderr
        runs[which] = json.loads(run.stdout)
    assert runs["kiwisolver"].pop("kiwisolver") == f"kiwisolver {kiwisolver.__version__}"
    assert runs["kalends"].pop("kiwisolver") == f"kalends.kiwisolver {ours.__version__}"
    assert sum(len(v) for v in runs["kalends"].values()) >= 15
    assert runs["kalends"] == runs["kiwisolver"]


def _chain(kiwi: Any, n: int, anchor: str) -> tuple[Any, list[Any]]:
    xs = [kiwi.Variable(f"x{i}") for i in range(n)]
    solver = kiwi.Solver()
    solver.addConstraint((xs[0] == 0) | anchor)
    for i in range(n - 1):
        solver.addConstraint(xs[i + 1] >= xs[i] + 10)
    for i in range(n):
        solver.addConstraint((xs[i] == 7 * i) | "weak")
    solver.updateVariables()
    return solver, xs


def test_drags_publish_every_moved_variable_as_kiwisolver_does() -> None:
    """The edit paths of the solver: a drag that moves every variable (the rows holding
    the edit's marker move their constants without a pivot), several suggestions on one
    or two edits before one update (variables already waiting to be published), drags
    that pivot (the last variable pulled below its chain), each against kiwisolver,
    whose answers here are unique, and against the chain's arithmetic."""
    n = 300   # more variables than a first block of ids, more suggestions than the first queue
    ours_solver, ours_xs = _chain(ours, n, "weak")
    ref_solver, ref_xs = _chain(kiwisolver, n, "weak")
    for solver, xs in ((ours_solver, ours_xs), (ref_solver, ref_xs)):
        solver.addEditVariable(xs[0], "strong")
        solver.addEditVariable(xs[-1], "medium")
    steps = [[(0, 5.0)], [(0, 17.5), (0, -3.0)], [(0, 40.0), (n - 1, 10.0 * n + 500)],
             [(n - 1, 100.0)], [(0, 1.0)] * 20 + [(n - 1, 3000.0)], [(0, -250.0)], []]
    for step in steps:
        before = [x.value() for x in ours_xs]
        for i, value in step:
            ours_solver.suggestValue(ours_xs[i], value)
            ref_solver.suggestValue(ref_xs[i], value)
        assert [x.value() for x in ours_xs] == before   # published only by an update
        ours_solver.updateVariables()
        ref_solver.updateVariables()
        got, want = [x.value() for x in ours_xs], [x.value() for x in ref_xs]
        assert got == pytest.approx(want, abs=1e-9), step
        x0 = got[0]
        assert all(got[i + 1] >= got[i] + 10 - 1e-9 for i in range(n - 1))
        assert got[0] == pytest.approx(dict(step).get(0, x0))
    # the drag alone: every variable follows x0 (x_i = x0 + 10 i, the weak pulls lose)
    ours_solver.removeEditVariable(ours_xs[-1])
    for value in (0.0, 199.0, 50.5, 0.0):
        ours_solver.suggestValue(ours_xs[0], value)
        ours_solver.updateVariables()
        assert [x.value() for x in ours_xs] == pytest.approx([value + 10.0 * i for i in range(n)])
