"""A test that cannot run here is skipped on a developer's machine and fails in CI
(``CI=true``), with the reason printed (issue 24.11): required.py, and the suites that
went quiet before it (test_locale.py without babel 2.18.0, the kiwisolver suite without
kiwisolver), run in a pytest of their own with an oracle that is missing or of another
version."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import required

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent


@pytest.mark.parametrize("ci, outcome", [("true", pytest.fail.Exception), ("1", pytest.fail.Exception),
                                         ("", pytest.skip.Exception), ("false", pytest.skip.Exception)])
def test_missing_skips_on_a_developers_machine_and_fails_in_ci(monkeypatch: pytest.MonkeyPatch, ci: str,
                                                                 outcome: type[BaseException]) -> None:
    monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome, match="no_such_oracle is not installed"):
        required.module("no_such_oracle")
    with pytest.raises(outcome, match=r"pytest \S+ is not 0\.0\.1"):
        required.module("pytest", version="0.0.1")
    with pytest.raises(outcome, match="no-such-tool or another-one is not on PATH"):
        required.tool("no-such-tool", "another-one")
    assert required.module("pytest") is pytest and required.tool(os.path.basename(sys.executable))


def test_a_broken_package_is_an_error_not_a_skip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "broken_oracle").mkdir()
    (tmp_path / "broken_oracle" / "__init__.py").write_text("import no_such_dependency\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError):
        required.module("broken_oracle")


def pytest_run(tmp_path: Path, ci: str, *args: str) -> subprocess.CompletedProcess[str]:
    """pytest on the test files ``args`` with the fakes of ``tmp_path`` first on the path."""
    env = dict(os.environ, CI=ci, PYTHONPATH=os.pathsep.join([str(tmp_path), str(TESTS),
                                                              os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", *args],
                          cwd=TESTS, env=env, capture_output=True, text=True, timeout=300)


def test_the_locale_suite_fails_in_ci_without_babel_2_18(tmp_path: Path) -> None:
    (tmp_path / "babel").mkdir()
    (tmp_path / "babel" / "__init__.py").write_text('__version__ = "2.17.0"\n')
    reason = "babel 2.17.0 is not 2.18.0"
    ci = pytest_run(tmp_path, "true", "locale/test_locale.py", "app/test_cli_locale.py")
    assert ci.returncode != 0 and reason in ci.stdout, ci.stdout[-3000:]
    here = pytest_run(tmp_path, "", "locale/test_locale.py", "app/test_cli_locale.py")   # 5: no test ran
    assert here.returncode == 5 and "2 skipped" in here.stdout and reason in here.stdout, here.stdout[-3000:]


def test_the_kiwisolver_suite_fails_in_ci_without_kiwisolver(tmp_path: Path) -> None:
    (tmp_path / "kiwisolver.py").write_text('raise ModuleNotFoundError("No module named \'kiwisolver\'", '
                                            'name="kiwisolver")\n')
    reason = "kiwisolver is not available"
    ci = pytest_run(tmp_path, "true", "compat/kiwisolver/test_variable.py")
    assert ci.returncode != 0 and reason in ci.stdout, ci.stdout[-3000:]
    assert "error" in ci.stdout.splitlines()[-1]        # (the fixture fails: each of its tests is an error)
    here = pytest_run(tmp_path, "", "compat/kiwisolver/test_variable.py")
    assert here.returncode == 0 and reason in here.stdout, here.stdout[-3000:]
    assert "skipped" in here.stdout.splitlines()[-1] and "passed" in here.stdout.splitlines()[-1]
