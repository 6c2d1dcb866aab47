"""packaging/stdlib_archive.py: a retained function stays in a --gc-sections link until the
archive is unretained; then only what is called stays, and nothing else in the archive
changes. Built with the system C compiler (gcc's `retain` attribute makes the same
SHF_GNU_RETAIN sections the Swift stdlib has)."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bindings" / "python" / "tests"))
import required  # noqa: E402  (a skip on a developer's machine, a failure in CI)
spec = importlib.util.spec_from_file_location("stdlib_archive", ROOT / "packaging" / "stdlib_archive.py")
assert spec and spec.loader
stdlib_archive = importlib.util.module_from_spec(spec)
spec.loader.exec_module(stdlib_archive)

SOURCE = r"""
__attribute__((used, retain, section(".text.kept_unused"))) int kept_unused(int x) { return x * 3 + 1; }
__attribute__((used, retain, section(".text.called"))) int called(int x) { return x + 7; }
__attribute__((used, retain, section(".data.tagged"))) int tagged_data = 42;
"""
CALLER = "int called(int); int entry(int x) { return called(x); }\n"


def defined(library: Path) -> set[str]:
    out = subprocess.run(["nm", "--defined-only", str(library)], check=True, capture_output=True, text=True).stdout
    return {line.split()[-1] for line in out.splitlines() if line.strip()}


def test_unretained_archive_lets_the_linker_drop_uncalled_functions(tmp_path: Path) -> None:
    required.tool("cc")
    required.tool("ar")
    (tmp_path / "lib.c").write_text(SOURCE)
    (tmp_path / "main.c").write_text(CALLER)
    (tmp_path / "exports.map").write_text("{ global: entry; local: *; };\n")   # as kalends.map: one export
    subprocess.run(["cc", "-c", "-O1", "-fPIC", "lib.c", "main.c"], cwd=tmp_path, check=True)
    subprocess.run(["ar", "rc", "libx.a", "lib.o"], cwd=tmp_path, check=True)
    original = (tmp_path / "libx.a").read_bytes()
    content, changed = stdlib_archive.unretained(original)
    assert changed == 2                       # the two .text.* sections, not .data.tagged
    assert len(content) == len(original)
    differing = [i for i, (a, b) in enumerate(zip(original, content)) if a != b]
    assert differing and len(differing) <= 2  # one byte of sh_flags per section header (bit 21)
    (tmp_path / "unretained").mkdir()
    (tmp_path / "unretained" / "libx.a").write_bytes(content)
    assert stdlib_archive.unretained(content)[1] == 0   # idempotent

    def link(folder: Path) -> set[str]:
        out = tmp_path / f"{folder.name}.so"
        subprocess.run(["cc", "-shared", "-Wl,--gc-sections", "-Wl,--version-script=exports.map", "main.o",
                        str(folder / "libx.a"), "-o", str(out)], cwd=tmp_path, check=True)
        return defined(out)

    retained = link(tmp_path)
    assert {"entry", "called", "kept_unused", "tagged_data"} <= retained
    gc = link(tmp_path / "unretained")
    assert {"entry", "called", "tagged_data"} <= gc
    assert "kept_unused" not in gc
