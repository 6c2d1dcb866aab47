"""make sdist: dist/kalends-VERSION.tar.gz, the source distribution of the Python package
with the Swift package it builds libkalends.so from.

Its top folder holds bindings/python's files (pyproject.toml, setup.py, README.md, the
`kalends` package; not its tests) and beside them the Swift package: Package.swift, the
folder of every target it declares (SwiftPM loads them all, whichever product it builds;
`swift package dump-package` names them), include/, and the two files of packaging/ that
the build reads. `pip install kalends-VERSION.tar.gz` then runs setup.py there, which
sees Package.swift beside it and builds the library with SwiftPM (or, without a Swift
toolchain, stops and says what to install). Only files git knows or would add (not
ignored ones) go in; setuptools writes PKG-INFO and the archive.

    python3 packaging/python/build_sdist.py    # needs git, swift and setuptools
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parents[2]
PYTHON_PROJECT = "bindings/python"
# what Package.swift and setup.py read besides the targets' folders
SWIFT_FILES = ["Package.swift", "include", "packaging/stdlib_archive.py", "packaging/discard-unwind-tables.ld"]
TARGET_FOLDERS = {"test": "Tests"}   # a target without a path: Tests/NAME for tests, else Sources/NAME


def fail(message: str) -> NoReturn:
    raise SystemExit(f"make sdist: {message}")


def target_folders() -> list[str]:
    """The folder of every target of Package.swift."""
    dump = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout
    folders = []
    for target in json.loads(dump)["targets"]:
        folders.append(target.get("path") or f"{TARGET_FOLDERS.get(target['type'], 'Sources')}/{target['name']}")
    return folders


def known_files(paths: list[str]) -> list[str]:
    """Files under `paths` that git tracks or would add (ignored ones left out)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", *paths],
                            cwd=ROOT, check=True, capture_output=True).stdout.decode()
    return sorted({name for name in listed.split("\0") if name and (ROOT / name).exists()})


def main() -> int:
    if shutil.which("swift") is None:
        fail("needs swift (swift package dump-package names the targets' folders)")
    python_files = [f for f in known_files([PYTHON_PROJECT]) if not f.startswith(f"{PYTHON_PROJECT}/tests/")]
    swift_files = known_files(SWIFT_FILES + target_folders())
    missing = [p for p in SWIFT_FILES if not (ROOT / p).exists()]
    if missing:
        fail(f"missing {', '.join(missing)}")
    dist = ROOT / "dist"
    dist.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="kalends-sdist-", dir=ROOT / ".build") as tmp:
        stage = Path(tmp) / "kalends"
        for name in python_files:
            copy(ROOT / name, stage / Path(name).relative_to(PYTHON_PROJECT))
        for name in swift_files:
            copy(ROOT / name, stage / name)
        top = sorted({Path(name).parts[0] for name in swift_files})
        (stage / "MANIFEST.in").write_text(
            "# written by packaging/python/build_sdist.py: the Swift package beside the Python one\n"
            + "".join(f"graft {p}\n" if (stage / p).is_dir() else f"include {p}\n" for p in top)
            + "global-exclude __pycache__ *.pyc\n")
        out = Path(tmp) / "out"
        build = "from setuptools import build_meta; import sys; print(build_meta.build_sdist(sys.argv[1]))"
        done = subprocess.run([sys.executable, "-c", build, str(out)], cwd=stage, capture_output=True, text=True)
        if done.returncode != 0:
            fail(f"setuptools could not build the sdist:\n{done.stderr[-3000:]}")
        name = done.stdout.strip().splitlines()[-1]
        for old in dist.glob("kalends-*.tar.gz"):
            old.unlink()
        shutil.move(str(out / name), dist / name)
    print(f"sdist: dist/{name} ({(dist / name).stat().st_size} bytes; "
          f"{len(python_files)} files of {PYTHON_PROJECT}, {len(swift_files)} of the Swift package)")
    return 0


def copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if source.is_symlink():
        target.symlink_to(source.readlink())
    else:
        shutil.copy2(source, target)


if __name__ == "__main__":
    sys.exit(main())
