"""Where the package looks for libkalends.so when KALENDS_LIBRARY is not set: its own copy,
then an installed libkalends.so.MAJOR (by ctypes.util.find_library, then the dynamic
loader's search by the soname), then the repository's build. (KALENDS_LIBRARY itself:
test_library_loading.py; the wheel in a fresh venv: packaging/tests/python_install_test.sh.)"""
from __future__ import annotations

import ctypes.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import required

import kalends
from kalends import _native
from kalends._native import SONAME, lib

PACKAGE = Path(kalends.__file__).resolve().parent
PROBE = "import kalends, kalends._native as n; print(n.lib._name)"


def test_the_soname_follows_the_major_version() -> None:
    assert SONAME == f"libkalends.so.{kalends.version() >> 16}"


@pytest.mark.parametrize("found, names", [
    (None, [SONAME]),
    (SONAME, [SONAME]),
    ("libkalends.so", ["libkalends.so", SONAME]),        # an install without a soname
    ("libkalends.so.99", [SONAME]),                      # another major version: not ours
])
def test_installed_names(monkeypatch: pytest.MonkeyPatch, found: str | None, names: list[str]) -> None:
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: found if name == "kalends" else None)
    assert _native.installed_names() == names


@pytest.fixture()
def site(tmp_path: Path) -> Path:
    """A copy of the package without a library inside, away from the repository."""
    shutil.copytree(PACKAGE, tmp_path / "site" / "kalends", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    return tmp_path / "site"


def run(site: Path, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("KALENDS_LIBRARY", "LD_LIBRARY_PATH")}
    return subprocess.run([sys.executable, "-c", PROBE], env=dict(clean, PYTHONPATH=str(site), **env),
                          capture_output=True, text=True, cwd=cwd)


def test_an_installed_library_is_found_by_its_soname(site: Path, tmp_path: Path) -> None:
    installed = tmp_path / "lib"
    installed.mkdir()
    shutil.copy(lib._name, installed / f"{SONAME}.0.0")
    (installed / SONAME).symlink_to(f"{SONAME}.0.0")
    found = run(site, tmp_path, LD_LIBRARY_PATH=str(installed))
    assert found.returncode == 0, found.stderr
    assert found.stdout.strip() == SONAME


def test_an_installed_library_of_another_abi_is_an_error(site: Path, tmp_path: Path) -> None:
    cc = required.tool("cc", "gcc")
    installed = tmp_path / "lib"
    installed.mkdir()
    (tmp_path / "old.c").write_text("int kalends_abi_version(void) { return 99; }\n")
    subprocess.run([cc, "-shared", "-fPIC", f"-Wl,-soname,{SONAME}", "-o", str(installed / SONAME),
                    str(tmp_path / "old.c")], check=True)
    found = run(site, tmp_path, LD_LIBRARY_PATH=str(installed))
    assert found.returncode != 0 and found.stdout == ""
    assert f"{SONAME} (installed): Kalends ABI version 99" in found.stderr.strip().splitlines()[-1]


def test_without_any_library_the_error_says_where_it_looked(site: Path, tmp_path: Path) -> None:
    if ctypes.util.find_library("kalends"):
        required.missing("a libkalends is installed on this machine (ldconfig finds it): this test needs one without")
    missing = run(site, tmp_path)
    assert missing.returncode != 0 and missing.stdout == ""
    message = missing.stderr[missing.stderr.index("LibraryNotFoundError"):]
    assert str(site / "kalends" / "libkalends.so") in message
    assert f"an installed {SONAME}" in message and "KALENDS_LIBRARY" in message and "make install" in message
