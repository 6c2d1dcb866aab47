"""KALENDS_LIBRARY: a set variable that does not name a loadable Kalends library is an
error that says which path and why, never a silent fallback to another library; the
command (``python -m kalends``, the ``kalends`` script) says so in one line, without a
traceback."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import required

import kalends
from kalends._native import lib

PACKAGE = Path(kalends.__file__).resolve().parent


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package with a working libkalends.so next to it (as in a wheel):
    a fallback exists, so an error proves that none was taken."""
    root = tmp_path_factory.mktemp("site")
    shutil.copytree(PACKAGE, root / "kalends", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copy(lib._name, root / "kalends" / "libkalends.so")
    return root


@pytest.fixture(scope="module")
def fakes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Shared libraries that load but are not this binding's Kalends library."""
    cc = required.tool("cc", "gcc")
    root = tmp_path_factory.mktemp("fakes")
    out = {}
    for name, body in (("old-abi", "int kalends_abi_version(void) { return 99; }"),
                       ("few-functions", "int kalends_abi_version(void) { return 1; }\n"
                                         "unsigned kalends_version(void) { return 1; }"),
                       ("other", "int something_else(void) { return 0; }")):
        source = root / f"{name}.c"
        source.write_text(body + "\n")
        target = root / f"lib{name}.so"
        subprocess.run([cc, "-shared", "-fPIC", "-o", str(target), str(source)], check=True)
        out[name] = target
    return out


def _env(site: Path, value: str | None) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(site))
    env.pop("KALENDS_LIBRARY", None)
    if value is not None:
        env["KALENDS_LIBRARY"] = value
    return env


def _bad_values(tmp_path: Path, fakes: dict[str, Path]) -> list[tuple[str, str]]:
    """(KALENDS_LIBRARY, what the message must say about it)."""
    text = tmp_path / "notes.txt"
    text.write_text("not a library\n")
    return [
        ("/nonexistent.so", "no such file"),
        ("/etc/passwd" if Path("/etc/passwd").is_file() else str(text), "not a loadable shared library"),
        (str(text), "not a loadable shared library"),
        (str(tmp_path), "not a file"),
        (str(fakes["other"]), "not a Kalends library"),
        (str(fakes["old-abi"]), "ABI version 99"),
        (str(fakes["few-functions"]), "lacks"),
    ]


def test_import_fails_naming_the_variable_the_path_and_why(site: Path, fakes: dict[str, Path],
                                                          tmp_path: Path) -> None:
    probe = ("import kalends\n"
             "print('LOADED', kalends._native.lib._name)\n")
    for value, why in _bad_values(tmp_path, fakes):
        run = subprocess.run([sys.executable, "-c", probe], env=_env(site, value), capture_output=True, text=True,
                             cwd=tmp_path)
        assert run.returncode != 0 and "LOADED" not in run.stdout, (value, run.stdout)   # no fallback
        last = run.stderr.strip().splitlines()[-1]
        assert last.startswith("kalends.errors.LibraryNotFoundError: KALENDS_LIBRARY="), last
        assert value in last and why in last, last
    # it is an ImportError, so code with an optional dependency can catch it
    catch = "try:\n import kalends\nexcept ImportError as e:\n print(type(e).__name__)\n"
    run = subprocess.run([sys.executable, "-c", catch], env=_env(site, "/nonexistent.so"), capture_output=True,
                         text=True, cwd=tmp_path)
    assert run.stdout.strip() == "LibraryNotFoundError"


def test_the_command_says_it_in_one_line_without_a_traceback(site: Path, fakes: dict[str, Path],
                                                             tmp_path: Path) -> None:
    script = tmp_path / "bin" / "kalends"      # what `pip install` makes of [project.scripts]
    script.parent.mkdir()
    script.write_text("import sys\nfrom kalends.app.cli import main\nsys.exit(main())\n")
    for value, why in _bad_values(tmp_path, fakes):
        for argv in ([sys.executable, "-m", "kalends", "2026", "1"], [sys.executable, str(script), "2026", "1"]):
            run = subprocess.run(argv, env=_env(site, value), capture_output=True, text=True, cwd=tmp_path)
            assert run.returncode == 1 and run.stdout == "", (argv, value)
            assert "Traceback" not in run.stderr
            assert run.stderr.count("\n") == 1 and run.stderr.startswith(f"kalends: KALENDS_LIBRARY={value} "), \
                run.stderr
            assert why in run.stderr


def test_unset_or_empty_uses_the_usual_places(site: Path, tmp_path: Path) -> None:
    for value in (None, ""):
        run = subprocess.run([sys.executable, "-m", "kalends", "2026", "1"], env=_env(site, value),
                             capture_output=True, text=True, cwd=tmp_path)
        assert run.returncode == 0 and run.stdout.startswith("    January 2026\n"), run.stderr
    # and a good KALENDS_LIBRARY is used as given
    run = subprocess.run([sys.executable, "-c", "import kalends; print(kalends._native.lib._name)"],
                         env=_env(site, lib._name), capture_output=True, text=True, cwd=tmp_path, check=True)
    assert run.stdout.strip() == str(Path(lib._name).absolute())
