"""packaging/manylinux/trap_unreachable.py on a small library built here: what nothing can
reach is filled with int3, what an export, a data pointer or a call from reachable code
reaches is kept byte for byte, and the library still runs. (On the real library: make
wheel, and the Python suite and old_glibc_test.sh on the wheel's library.)"""
from __future__ import annotations

import ctypes
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "packaging" / "manylinux" / "trap_unreachable.py"

# one section for all functions (no -ffunction-sections), so --gc-sections keeps them all,
# as it keeps the Swift standard library's one .text
SOURCE = r"""
__attribute__((noinline)) static int helper(int x) { return x * 3 + 1; }      /* called by an export */
__attribute__((noinline)) static int by_pointer(int x) { return x - 7; }      /* only in a table */
__attribute__((noinline)) static int dead_leaf(int x) { return x * x * 11; }  /* only from dead code */
__attribute__((noinline, visibility("hidden"))) int dead_root(int x) { return dead_leaf(x) + 5; }
__attribute__((noinline)) static int tail(int x) { return x + 1000; }        /* a tail call, no relocation */
__attribute__((visibility("hidden"))) int (*table[])(int) = { by_pointer };
__attribute__((visibility("default"))) int exported(int x) { return helper(x) + table[0](x); }
__attribute__((visibility("default"))) int exported_tail(int x) { return tail(x * 2); }
"""


def build(tmp: Path, *extra: str) -> Path:
    cc = shutil.which("clang")
    assert cc is not None and shutil.which("ld.lld"), "clang and ld.lld are needed (the Swift toolchain has both)"
    (tmp / "t.c").write_text(SOURCE)
    out = tmp / f"t{len(extra)}.so"   # the plain link t0.so, the analysed one t1.so/t2.so
    subprocess.run([cc, "-O2", "-fPIC", "-shared", "-fvisibility=hidden", "-fuse-ld=lld", "-Wl,--gc-sections",
                    *extra, "-o", str(out), str(tmp / "t.c")], check=True)
    return out


def symbol_bytes(library: Path, name: str) -> bytes:
    from elftools.elf.elffile import ELFFile
    from elftools.elf.sections import SymbolTableSection
    with library.open("rb") as f:
        elf = ELFFile(f)
        table, text = elf.get_section_by_name(".symtab"), elf.get_section_by_name(".text")
        assert isinstance(table, SymbolTableSection) and text is not None
        found = table.get_symbol_by_name(name)
        assert found, name
        symbol = found[0]
        start = text["sh_offset"] + symbol["st_value"] - text["sh_addr"]
        f.seek(start)
        return f.read(symbol["st_size"])


def test_unreachable_code_is_trapped_and_reachable_code_kept(tmp_path: Path) -> None:
    plain = build(tmp_path)
    analysed = build(tmp_path, "-Wl,--emit-relocs")
    before = {n: symbol_bytes(plain, n) for n in ("helper", "by_pointer", "tail", "exported", "exported_tail",
                                                  "dead_root", "dead_leaf")}
    done = subprocess.run([sys.executable, str(TOOL), str(analysed), str(plain)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "unreachable" in done.stdout
    for name in ("dead_root", "dead_leaf"):
        assert symbol_bytes(plain, name) == b"\xcc" * len(before[name]), name
    for name in ("helper", "by_pointer", "tail", "exported", "exported_tail"):
        assert symbol_bytes(plain, name) == before[name], name
    lib = ctypes.CDLL(str(plain))
    assert lib.exported(10) == 31 + 3
    assert lib.exported_tail(4) == 1008


def test_a_library_whose_code_differs_is_refused(tmp_path: Path) -> None:
    plain = build(tmp_path)
    analysed = build(tmp_path, "-Wl,--emit-relocs", "-fno-omit-frame-pointer")   # other code
    before = plain.read_bytes()
    done = subprocess.run([sys.executable, str(TOOL), str(analysed), str(plain)], capture_output=True, text=True)
    assert done.returncode != 0
    assert "differs" in done.stderr or "is not where" in done.stderr
    assert plain.read_bytes() == before
