"""packaging/manylinux/link.py: how make's ld.lld command becomes the glibc 2.17 link, and
the check that stops a library needing more than manylinux2014 allows. (The real link,
the wheel and its run on an old glibc: build_wheel.sh and old_glibc_test.sh.)"""
from __future__ import annotations

import importlib.util
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("manylinux_link", ROOT / "packaging" / "manylinux" / "link.py")
assert spec and spec.loader
link = importlib.util.module_from_spec(spec)
spec.loader.exec_module(link)

GCC = "/usr/lib/gcc/x86_64-linux-gnu/12"
SWIFT_STATIC = "/opt/swift/usr/lib/swift_static/linux"
# the shape of what swiftc -Xclang-linker -### prints for make's link (shortened)
MAKE_LINK = [
    "/opt/swift/usr/bin/ld.lld", "--hash-style=gnu", "-m", "elf_x86_64", "-shared", "-o", "/x/.build/release/libkalends.so",
    "/lib/x86_64-linux-gnu/crti.o", f"{GCC}/crtbeginS.o", f"-L{SWIFT_STATIC}", f"-L{link.BUILD}/x86_64-unknown-linux-gnu/release",
    f"-L{GCC}", "-L/lib/x86_64-linux-gnu", "-L/usr/lib/x86_64-linux-gnu", "-L/usr/lib",
    "--start-group", "a.o", "-lswiftCore", "-lm", "-lpthread", "-lutil", "-ldl", "--end-group",
    "-lswiftCore", "-ldispatch", "-lBlocksRuntime", "-lstdc++", "-lm", "-z", "pack-relative-relocs",
    "-z", "defs", "--defsym=_swift_stdlib_getScalarName=kalends_internal_no_scalar_name", "-rpath=\\$ORIGIN",
    "-lgcc", "--as-needed", "-lgcc_s", "--no-as-needed", "-lc", f"{GCC}/crtendS.o", "/lib/x86_64-linux-gnu/crtn.o",
]


def rewritten(command: list[str]) -> list[str]:
    out: list[str] = link.rewrite(command, Path("/out/libkalends.so"), Path("/stubs"), [Path("/shims.o"), Path("/trims.o")],
                                  Path("/lib/libgcc_s.so.1"))
    return out


def test_the_glibc_link_keeps_make_flags_and_swaps_the_system_libraries() -> None:
    out = rewritten(MAKE_LINK)
    assert out[out.index("-o") + 1] == "/out/libkalends.so"
    # the build machine's library folders are gone, the toolchain's and SwiftPM's stay
    assert [a for a in out if a.startswith("-L")] == [f"-L{SWIFT_STATIC}", f"-L{link.BUILD}/x86_64-unknown-linux-gnu/release"]
    # no -l resolves to a system library any more: glibc is the stubs, once, where -lm was
    assert not [a for a in out if a.startswith("-l") and not a.startswith(("-lswift", "-ldispatch", "-lBlocksRuntime"))]
    stubs = [a for a in out if a.startswith("/stubs/")]
    assert stubs == ["/stubs/libc.so.6", "/stubs/libm.so.6", "/stubs/libpthread.so.0", "/stubs/libdl.so.2",
                     "/stubs/librt.so.1", "/stubs/libutil.so.1", "/stubs/libld.so.2", "/stubs/libc_nonshared.a"]
    first = out.index("/stubs/libc.so.6")
    assert out[first - 1] == "--as-needed" and out.index("--start-group") < first < out.index("--end-group")
    # the C files of the wheel's library come before libstdc++.a, so its own copies stay out
    assert out.index("/shims.o") < out.index("/trims.o") < out.index(f"{GCC}/libstdc++.a")
    # libstdc++ and libgcc static, libgcc_s the shared one
    assert f"{GCC}/libstdc++.a" in out and f"{GCC}/libgcc.a" in out and "/lib/libgcc_s.so.1" in out
    # DT_RELR (glibc 2.36) off; every other flag as make gave it
    assert "pack-relative-relocs" not in out
    for flag in ["-z", "defs", "--defsym=_swift_stdlib_getScalarName=kalends_internal_no_scalar_name", "a.o",
                 "/lib/x86_64-linux-gnu/crti.o", f"{GCC}/crtendS.o", "-rpath=$ORIGIN"]:
        assert flag in out, flag


def test_a_library_the_glibc_link_does_not_know_stops_it() -> None:
    with pytest.raises(SystemExit, match="-lssl"):
        rewritten([*MAKE_LINK, "-lssl"])
    with pytest.raises(SystemExit, match="no glibc library"):
        rewritten([a for a in MAKE_LINK if a not in link.GLIBC_LIBRARIES])
    with pytest.raises(SystemExit, match="crtbeginS.o"):
        rewritten([a for a in MAKE_LINK if not a.endswith("crtbeginS.o")])


HOST_GLIBC = subprocess.run(["getconf", "GNU_LIBC_VERSION"], capture_output=True, text=True).stdout.split()[-1]


@pytest.mark.skipif(shutil.which("cc") is None or shutil.which("c++") is None, reason="needs cc and c++")
@pytest.mark.skipif(tuple(map(int, HOST_GLIBC.split("."))) < (2, 34), reason="dlopen moved to libc.so.6 at glibc 2.34")
def test_the_check_names_what_a_library_built_here_needs(tmp_path: Path) -> None:
    (tmp_path / "a.c").write_text('#include <dlfcn.h>\nvoid *f(const char *p) { return dlopen(p, RTLD_NOW); }\n')
    subprocess.run(["cc", "-shared", "-fPIC", "-o", "liba.so", "a.c"], cwd=tmp_path, check=True)
    found = link.problems(tmp_path / "liba.so")
    assert any(p.startswith("needs GLIBC_2.34, newer than GLIBC 2.17 (dlopen") for p in found), found
    (tmp_path / "b.cc").write_text('#include <string>\nstd::string g(const char *p) { return std::string(p) + "!"; }\n')
    subprocess.run(["c++", "-shared", "-fPIC", "-o", "libb.so", "b.cc"], cwd=tmp_path, check=True)
    found = link.problems(tmp_path / "libb.so")
    assert "needs libstdc++.so.6, not a manylinux2014 system library" in found
    assert any(p.startswith("needs GLIBCXX_3.4") for p in found), found
    (tmp_path / "c.c").write_text("int h(int x) { return x + 1; }\n")
    subprocess.run(["cc", "-shared", "-fPIC", "-o", "libc1.so", "c.c"], cwd=tmp_path, check=True)
    assert link.problems(tmp_path / "libc1.so") == []
    # packed relative relocations (GNU ld marks them with GLIBC_ABI_DT_RELR too)
    (tmp_path / "d.c").write_text("static int x;\nint *p = &x;\nint *q = &x;\n")
    subprocess.run(["cc", "-shared", "-fPIC", "-Wl,-z,pack-relative-relocs", "-o", "libd.so", "d.c"], cwd=tmp_path, check=True)
    found = link.problems(tmp_path / "libd.so")
    assert "has packed relative relocations (DT_RELR: glibc 2.36)" in found, found
