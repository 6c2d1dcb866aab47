"""Build of the `kalends` package with libkalends.so inside it (pip install ./bindings/python,
make wheel).

Built from a checkout of the repository (pip builds a local directory in place), the
package carries the repository's release library, stripped, as kalends/libkalends.so:
make's build when it is newer than every source (Sources/, include/, Package.swift), else
what `swift build -c release --product kalends` makes. The wheel is then a platform wheel
(py3-none-<platform>: ctypes, no Python ABI); `make wheel` retags it manylinux with
auditwheel. Without a checkout, or without a Swift toolchain and a built library, the
package is built alone (py3-none-any) and finds an installed library at run time.

Built from the source distribution (`make sdist`: the Swift package sits next to this
file), the library is built with SwiftPM; without a Swift toolchain the build stops and
says what to install, unless an installed libkalends.so.MAJOR is found (the package alone
then uses it).

KALENDS_PACKAGE_LIBRARY=PATH packages that library instead (`make wheel`: the glibc 2.17
build of packaging/manylinux/link.py).

The version is the library's: KALENDS_VERSION_* of the generated kalends/_abi.py, from
include/kalends/version.h.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools < 70.1
    from wheel.bdist_wheel import bdist_wheel  # type: ignore[no-redef]

HERE = Path(__file__).resolve().parent
# the source distribution carries the Swift package beside this file; a checkout, two up
SDIST = (HERE / "Package.swift").is_file()
REPO = HERE if SDIST else HERE.parent.parent
BUILT = REPO / ".build" / "release" / "libkalends.so"
NO_SWIFT = """kalends: building from source needs a Swift toolchain (Swift 6.0 or later), and `swift` is not on PATH.
  - Linux x86_64 with glibc 2.17 or later (manylinux2014): pip installs the prebuilt wheel instead;
    upgrade pip (pip >= 19.3) if it chose this source distribution.
  - Otherwise install Swift (https://www.swift.org/install/: a toolchain tarball, or swiftly),
    put its usr/bin on PATH, and run pip install again.
  - Or install libkalends itself (make install, from a checkout) and run pip install again:
    the package then uses that installed libkalends.so."""


def version() -> str:
    text = (HERE / "kalends" / "_abi.py").read_text(encoding="utf-8")
    parts = [re.search(rf"^KALENDS_VERSION_{p} = (\d+)", text, re.M) for p in ("MAJOR", "MINOR", "PATCH")]
    if not all(parts):
        raise SystemExit("setup.py: kalends/_abi.py has no KALENDS_VERSION_* (run make generate)")
    return ".".join(m.group(1) for m in parts if m)


def newest_source() -> float:
    newest = (REPO / "Package.swift").stat().st_mtime
    for folder in ("Sources", "include"):
        for path in (REPO / folder).rglob("*"):
            if path.is_file():
                newest = max(newest, path.stat().st_mtime)
    return newest


def note(message: str) -> None:
    print(f"kalends setup: {message}", file=sys.stderr)


def installed_library() -> str | None:
    """An installed libkalends.so.MAJOR that the package will find at run time."""
    import ctypes.util
    return ctypes.util.find_library("kalends")


def find_library() -> Path | None:
    """The library to put in the package, built first if needed; None: the package alone."""
    chosen = os.environ.get("KALENDS_PACKAGE_LIBRARY")
    if chosen:
        if not Path(chosen).is_file():
            raise SystemExit(f"setup.py: KALENDS_PACKAGE_LIBRARY={chosen} is not a file")
        note(f"using {chosen} (KALENDS_PACKAGE_LIBRARY)")
        return Path(chosen)
    if not (REPO / "Package.swift").is_file() or not (REPO / "Sources" / "KalendsCAPI").is_dir():
        note("not built inside a Kalends checkout: the package is built without libkalends.so")
        return None
    if BUILT.is_file() and BUILT.stat().st_mtime >= newest_source():
        note(f"using {BUILT} (newer than every source)")
        return BUILT
    swift = shutil.which("swift")
    if swift is None and SDIST:
        installed = installed_library()
        if installed is None:
            raise SystemExit(NO_SWIFT)
        note(f"no Swift toolchain: the package is built without libkalends.so and will use the installed {installed}")
        return None
    if swift is None:
        if BUILT.is_file():
            raise SystemExit(f"setup.py: {BUILT} is older than the sources and there is no Swift toolchain "
                             "to rebuild it: build it (make) or install Swift")
        note("no Swift toolchain and no built library: the package is built without libkalends.so "
             "(it will need an installed libkalends.so or KALENDS_LIBRARY)")
        return None
    note("building libkalends.so: swift build -c release --product kalends")
    # the stdlib archive Package.swift links when it is there (1 MB smaller library), as make does
    subprocess.run([sys.executable, str(REPO / "packaging" / "stdlib_archive.py")], check=True)
    subprocess.run([swift, "build", "-c", "release", "--product", "kalends"], cwd=REPO, check=True)
    if not BUILT.is_file():
        raise SystemExit(f"setup.py: swift build did not make {BUILT}")
    return BUILT


LIBRARY = find_library() if {"bdist_wheel", "build_py", "install"} & set(sys.argv) else None


class BuildWithLibrary(build_py):
    """Copies the library, stripped, into the package."""

    def run(self) -> None:
        super().run()
        if LIBRARY is None:
            return
        target = Path(self.build_lib) / "kalends" / "libkalends.so"
        target.parent.mkdir(parents=True, exist_ok=True)
        strip = shutil.which("strip")
        if strip:
            subprocess.run([strip, "-o", str(target), str(LIBRARY)], check=True)
        else:
            shutil.copyfile(LIBRARY, target)
        os.chmod(target, 0o755)
        note(f"packaged {target.stat().st_size} bytes of libkalends.so")


class PlatformWheel(bdist_wheel):
    """py3-none-<platform> when the library is inside (ctypes: any Python 3, no ABI)."""

    def get_tag(self) -> tuple[str, str, str]:
        python, abi, platform = super().get_tag()
        return ("py3", "none", platform) if LIBRARY is not None else (python, abi, platform)


class PackageWithLibrary(Distribution):
    """A distribution with native code (libkalends.so): installed as platlib, not purelib."""

    def has_ext_modules(self) -> bool:
        return LIBRARY is not None


setup(version=version(), distclass=PackageWithLibrary,
      cmdclass={"build_py": BuildWithLibrary, "bdist_wheel": PlatformWheel})
