"""The kiwisolver compatibility suite, one file per type as kiwisolver's own tests are:
``kalends.kiwisolver`` must behave like the ``kiwisolver`` package.

Every test runs once per implementation through the ``kiwi`` fixture, so the same
assertions hold for the reference (PyPI ``kiwisolver``) and for the drop-in
replacement. An implementation that cannot be imported is skipped with the reason on a
developer's machine and fails in CI (``CI=true``; ../required.py).

The suite checks what user code relies on: constructors, accessors, operator
results and how numbers fold into them, constraint strengths, solver semantics,
exceptions and their attributes, and solved values of small layouts. It avoids
incidental details of kiwisolver (repr text, ``dumps()`` text, the term order of
mixed expressions and of a constraint's reduced expression).
"""
from __future__ import annotations

import importlib

import pytest

import required

IMPLEMENTATIONS = ["kiwisolver", "kalends.kiwisolver"]


def _import_or_skip(name):
    """Import ``name``; missing (it, or kalends' native library) is required.missing()."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and name.startswith(exc.name):
            required.missing(f"{name} is not available: {exc}")
        raise
    except ImportError as exc:
        if type(exc).__name__ == "LibraryNotFoundError":
            required.missing(f"{name} needs libkalends.so: {exc}")
        raise


@pytest.fixture(params=IMPLEMENTATIONS)
def kiwi(request):
    """The implementation under test, as a module."""
    return _import_or_skip(request.param)
