"""The ABI check against the committed baseline, on real edits of a copy of the headers:
what must fail fails, what must pass passes (abidw/abidiff from abigail-tools)."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bindings" / "python" / "tests"))
import required  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
CHECK = ROOT / "packaging" / "abi" / "abicheck.py"



@pytest.fixture(autouse=True)
def _abigail_tools() -> None:
    """abidw and abidiff (Debian's abigail-tools): a skip on a developer's machine, a
    failure in CI (bindings/python/tests/required.py)."""
    required.tool("abidw")
    required.tool("abidiff")


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    """A copy of include/ (the headers are all the check reads)."""
    shutil.copytree(ROOT / "include", tmp_path / "include", symlinks=True)
    return tmp_path


def edit(tree: Path, header: str, old: str, new: str) -> None:
    path = tree / "include" / "kalends" / header
    text = path.read_text()
    assert old in text, f"{old!r} not in {header}"
    path.write_text(text.replace(old, new, 1))


def abicheck(tree: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(CHECK), "--root", str(tree)], text=True, capture_output=True)


def test_the_headers_match_the_baseline(tree: Path) -> None:
    run = abicheck(tree)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "compatible with the baseline libkalends.so." in run.stdout


def test_a_removed_function_fails(tree: Path) -> None:
    edit(tree, "dates.h", "kalends_status kalends_year_is_leap(int32_t year, int32_t *out);", "")
    run = abicheck(tree)
    assert run.returncode == 1, run.stdout
    assert "kalends_year_is_leap" in run.stdout and "incompatib" in run.stdout


def test_a_changed_parameter_type_fails(tree: Path) -> None:
    edit(tree, "dates.h", "kalends_year_is_leap(int32_t year", "kalends_year_is_leap(int64_t year")
    run = abicheck(tree)
    assert run.returncode == 1, run.stdout
    assert "kalends_year_is_leap" in run.stdout


def test_a_changed_field_fails(tree: Path) -> None:
    edit(tree, "dates.h", "    int32_t month;\n    int32_t day;\n} kalends_date;",
         "    int32_t month;\n    int64_t day;\n} kalends_date;")
    run = abicheck(tree)
    assert run.returncode == 1, run.stdout
    assert "kalends_date" in run.stdout


def test_a_field_added_to_a_plain_struct_fails(tree: Path) -> None:
    # kalends_date has no struct_size: callers' arrays of it would be too small
    edit(tree, "dates.h", "    int32_t day;\n} kalends_date;", "    int32_t day;\n    int32_t era;\n} kalends_date;")
    run = abicheck(tree)
    assert run.returncode == 1, run.stdout


def test_a_field_added_at_the_end_of_an_options_struct_passes(tree: Path) -> None:
    edit(tree, "calendar.h", "    kalends_date today;              /* used when today_mode is KALENDS_TODAY_FIXED */\n",
         "    kalends_date today;              /* used when today_mode is KALENDS_TODAY_FIXED */\n"
         "    int32_t new_option;\n")
    run = abicheck(tree)
    assert run.returncode == 0, run.stdout


def test_a_field_inserted_inside_an_options_struct_fails(tree: Path) -> None:
    edit(tree, "calendar.h", "    int32_t min_days_in_first_week;", "    int32_t inserted;\n    int32_t min_days_in_first_week;")
    run = abicheck(tree)
    assert run.returncode == 1, run.stdout


def test_a_changed_constant_fails_and_an_added_one_passes(tree: Path) -> None:
    text = (tree / "include" / "kalends" / "dates.h").read_text()
    assert re.search(r"#define KALENDS_SUNDAY +7", text)
    changed = re.sub(r"#define KALENDS_SUNDAY +7", "#define KALENDS_SUNDAY 0", text)
    (tree / "include" / "kalends" / "dates.h").write_text(changed)
    assert abicheck(tree).returncode == 1
    (tree / "include" / "kalends" / "dates.h").write_text(
        re.sub(r"(#define KALENDS_SUNDAY +7)", r"\1\n#define KALENDS_EIGHTH_DAY 8", text))
    run = abicheck(tree)
    assert run.returncode == 0, run.stdout


def _added(stdout: str) -> int:
    found = re.search(r"(\d+) function\(s\) added", stdout)
    return int(found.group(1)) if found else 0


def test_added_functions_pass_without_a_new_baseline(tree: Path) -> None:
    # Functions added on main since the baseline count too: two more than before the edit.
    before = _added(abicheck(tree).stdout)
    edit(tree, "dates.h", "kalends_status kalends_year_is_leap(int32_t year, int32_t *out);",
         "kalends_status kalends_year_is_leap(int32_t year, int32_t *out);\n\n"
         "/* A new function. */\nkalends_status kalends_year_is_long(int32_t year, int32_t *out);\n"
         "kalends_status kalends_year_is_short(const kalends_date *date, int32_t *out);")
    run = abicheck(tree)
    assert run.returncode == 0, run.stdout
    assert _added(run.stdout) == before + 2, run.stdout


def test_an_incompatible_change_passes_with_a_new_major_version(tree: Path) -> None:
    edit(tree, "dates.h", "kalends_status kalends_year_is_leap(int32_t year, int32_t *out);", "")
    text = (tree / "include" / "kalends" / "version.h").read_text()
    major = int(re.search(r"#define KALENDS_VERSION_MAJOR (\d+)", text).group(1))  # type: ignore[union-attr]
    (tree / "include" / "kalends" / "version.h").write_text(
        text.replace(f"#define KALENDS_VERSION_MAJOR {major}", f"#define KALENDS_VERSION_MAJOR {major + 1}"))
    run = abicheck(tree)
    assert run.returncode == 0, run.stdout
    assert f"libkalends.so.{major + 1}" in run.stdout and "make abi-baseline" in run.stdout
