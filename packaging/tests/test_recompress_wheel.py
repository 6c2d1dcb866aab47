"""packaging/python/recompress_wheel.py: the wheel it rewrites holds the same entries (order,
names, bytes, times, permissions), any zip reader reads it, and it is smaller than what
zipfile writes at zlib's default level. (The real wheel: build_wheel.sh, which fails
above 3 MB, and python_install_test.sh, which installs it.)"""
from __future__ import annotations

import importlib.util
import random
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("recompress_wheel", ROOT / "packaging" / "python" / "recompress_wheel.py")
assert spec and spec.loader
recompress_wheel = importlib.util.module_from_spec(spec)
spec.loader.exec_module(recompress_wheel)


def entries(path: Path) -> list[tuple[str, bytes, tuple[int, ...], int]]:
    with zipfile.ZipFile(path) as z:
        return [(i.filename, z.read(i), i.date_time, i.external_attr) for i in z.infolist()]


@pytest.fixture
def wheel(tmp_path: Path) -> Path:
    rng = random.Random(31)
    path = tmp_path / "kalends-0.1.0-py3-none-manylinux_2_17_x86_64.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        def add(name: str, data: bytes, mode: int, when: tuple[int, int, int, int, int, int]) -> None:
            info = zipfile.ZipInfo(name, when)
            info.external_attr = mode << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
        # machine code-like: repeated structure with noise; a library's permissions
        code = b"".join(bytes([0x48, 0x8B, rng.randrange(256), 0xE8]) + rng.randrange(1 << 16).to_bytes(4, "little")
                        for _ in range(40000))
        add("kalends/libkalends.so", code, 0o100755, (2026, 11, 28, 23, 59, 58))
        add("kalends/__init__.py", b'"""Kalends."""\nfrom __future__ import annotations\n' * 50, 0o100644,
            (1980, 1, 1, 0, 0, 0))
        add("kalends/py.typed", b"", 0o100644, (2026, 1, 2, 3, 4, 6))
        add("kalends/données.txt", "zoneinfo: Europe/Zürich\n".encode(), 0o100644, (2026, 1, 2, 3, 4, 6))
        add("kalends/random.bin", rng.randbytes(3000), 0o100644, (2026, 1, 2, 3, 4, 6))   # stored: deflate grows it
        add("kalends-0.1.0.dist-info/RECORD", b"kalends/__init__.py,sha256=x,2\n", 0o100644, (2026, 1, 2, 3, 4, 6))
    return path


def test_the_rewritten_wheel_holds_the_same_entries_and_is_smaller(wheel: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.whl"
    recompress_wheel.recompress(wheel, out)
    assert entries(out) == entries(wheel)
    with zipfile.ZipFile(out) as z:
        assert z.testzip() is None
        methods = {i.filename: i.compress_type for i in z.infolist()}
        assert methods["kalends/libkalends.so"] == zipfile.ZIP_DEFLATED
        assert methods["kalends/random.bin"] == zipfile.ZIP_STORED
        library = z.getinfo("kalends/libkalends.so")
    with zipfile.ZipFile(wheel) as z:
        before = z.getinfo("kalends/libkalends.so").compress_size
    assert library.compress_size < before
    assert out.stat().st_size < wheel.stat().st_size
    if shutil.which("unzip"):   # another reader than Python's
        done = subprocess.run(["unzip", "-t", str(out)], capture_output=True, text=True)
        assert done.returncode == 0 and "No errors detected" in done.stdout, done.stdout + done.stderr


def test_the_command_replaces_the_wheel_keeping_its_permissions(wheel: Path) -> None:
    wheel.chmod(0o644)
    before = entries(wheel)
    size = wheel.stat().st_size
    done = subprocess.run(["python3", str(ROOT / "packaging" / "python" / "recompress_wheel.py"), str(wheel)],
                          capture_output=True, text=True, check=True)
    assert f"{size} -> {wheel.stat().st_size} bytes" in done.stdout
    assert entries(wheel) == before
    assert wheel.stat().st_mode & 0o777 == 0o644
    assert [p.name for p in wheel.parent.iterdir()] == [wheel.name]   # no temp file left
