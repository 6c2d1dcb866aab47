"""python-dateutil 4.0.0, the oracle of kalends.rrule, kept apart from the installed
packages (other oracles pin dateutil < 3): its wheel (with freezegun, which its tests
import) installed with ``pip install --target`` into a cache folder, and its sdist's
``tests/test_rrule.py`` extracted there. Prepared once (pip, from PyPI); later runs
reuse the folder. ``KALENDS_ORACLE_CACHE`` moves the cache (default
``~/.cache/kalends-oracles``).
"""
from __future__ import annotations

import os
import subprocess
import sys
import tarfile
from pathlib import Path

VERSION = "4.0.0"
CACHE = Path(os.environ.get("KALENDS_ORACLE_CACHE", Path.home() / ".cache" / "kalends-oracles")) / f"dateutil-{VERSION}"
SITE = CACHE / "site"
TESTS = CACHE / "test_rrule.py"


def _pip(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", *args], check=True,
                   stdout=subprocess.DEVNULL, env={**os.environ, "PIP_ROOT_USER_ACTION": "ignore"})


def prepare() -> Path:
    """The folder to put first on PYTHONPATH (dateutil 4.0.0 + freezegun)."""
    if not (SITE / "dateutil" / "rrule.py").exists() or not (SITE / "freezegun").exists():
        _pip("install", "--no-deps", "--target", str(SITE), f"python-dateutil=={VERSION}", "freezegun")
    if not TESTS.exists():
        download = CACHE / "sdist"
        _pip("download", "--no-deps", "--no-binary", ":all:", "-d", str(download), f"python-dateutil=={VERSION}")
        archive = next(download.glob("python_dateutil-*.tar.gz"))
        with tarfile.open(archive) as tar:
            member = next(m for m in tar.getmembers() if m.name.endswith("/tests/test_rrule.py"))
            data = tar.extractfile(member)
            assert data is not None
            TESTS.write_bytes(data.read())
    return SITE


def environment(package_dir: Path) -> dict[str, str]:
    """An environment whose Python finds dateutil 4.0.0 first, then kalends."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(prepare()), str(package_dir)] +
                                        ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    env.pop("PYTEST_ADDOPTS", None)
    env["PIP_ROOT_USER_ACTION"] = "ignore"
    return env
