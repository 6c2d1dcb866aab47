"""What a test needs from the machine: an oracle package, a tool, a part ``make`` builds.

On a developer's machine a missing one skips the test, with the reason. In CI
(``CI=true``, where ``.ci/run`` installs every oracle and tool and ``make test`` builds
every part) it fails the test, with the reason: a suite must not go green with tests
that did not run. Every conditional skip of the Python tests goes through here."""
from __future__ import annotations

import importlib
import os
import shutil
from types import ModuleType
from typing import NoReturn, Optional

import pytest

#: Values of CI that mean "this is CI" (GitHub, GitLab and .ci/run's callers set "true").
_CI_VALUES = ("true", "1", "yes")


def in_ci() -> bool:
    """True when the environment says this run is CI (``CI=true``)."""
    return os.environ.get("CI", "").strip().lower() in _CI_VALUES


def missing(reason: str) -> NoReturn:
    """Skips the test (or the module, at its top level) with ``reason``; fails it in CI."""
    if in_ci():
        pytest.fail(f"{reason} (CI=true: what a test needs must be there; .ci/run installs it)", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


def module(name: str, why: str = "", version: Optional[str] = None) -> ModuleType:
    """The module ``name``, imported; missing (or, with ``version``, of another version)
    means ``missing()`` with ``why`` in the reason."""
    why = f" ({why})" if why else ""
    try:
        imported = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name is None or not name.startswith(e.name):
            raise   # the package is there and something it imports is broken: an error
        missing(f"{name} is not installed{why}")
    if version is not None:
        found = getattr(imported, "__version__", None)
        if found != version:
            missing(f"{name} {found} is not {version}{why}")
    return imported


def tool(*names: str) -> str:
    """The path of the first of ``names`` on PATH; none means ``missing()``."""
    for name in names:
        path = shutil.which(name)
        if path is not None:
            return path
    missing(f"{' or '.join(names)} is not on PATH")
