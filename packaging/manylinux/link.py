"""Writes .build/manylinux/libkalends.so: make's library built again for the wheel, so that it
loads on glibc 2.17 and later (manylinux2014, `manylinux_2_17_x86_64`) and fits a 3 MB
wheel. `make wheel` packages it; `make` keeps its own library.

The objects: the same sources and SwiftPM command as make's, in a build folder of their
own (.build-wheel), optimised for size (`-Osize`, WHEEL_SWIFT_FLAGS) where make optimises
for speed (`-O`): the wheel's library is 7% smaller and deflates to 181 KB less, and is
slower where the library is busiest (1.1x to 3x: packaging/manylinux/README.md has both
libraries' sizes and speeds).

What differs from make's link, and why (everything else is SwiftPM's own command for
libkalends.so, taken from .build-wheel/release.yaml and expanded by swiftc):

- glibc: the build machine's libc.so/libm.so/... are replaced by stubs that export exactly
  what glibc 2.17 exports, with its symbol versions (`zig cc -target x86_64-linux-gnu.2.17`
  writes them; PyPI's `ziglang`), with zig's libc_nonshared.a for that version (stat(),
  atexit() and friends as 2.17 provides them). Every glibc symbol then binds to a version
  that 2.17 has: pthread_* and dl* to libpthread.so.0/libdl.so.2 (libc.so.6 since 2.34),
  exp/log/pow to their 2.2.5 versions, and so on. The system's library folders are dropped
  from the search path, so nothing can bind to the build machine's glibc.
- libstdc++: linked in statically (GCC's libstdc++.a; the GCC Runtime Library Exception
  allows it): no libstdc++.so.6 and no GLIBCXX_/CXXABI_ versions are needed. The few
  libstdc++ functions the Swift runtime calls add ~60 KB.
- `__libc_single_threaded` (glibc 2.32), which GCC 11+'s libstdc++ reads to skip atomic
  reference counts in single-threaded processes: glibc_2_17_shims.c defines it, hidden,
  as 0 ("not known to be single-threaded"), so libstdc++ always takes the atomic path,
  which is right in every process.
- libgcc_s.so.1 stays a shared library (its _Unwind_* at GCC_3.0 to GCC_4.2.0 are in every
  system's): GCC 12's static unwinder (libgcc_eh.a) calls glibc 2.35's _dl_find_object.
- libstdc++'s C++ name demangler is left out (-49 KB): libstdcxx_trims.c gives the two
  functions that would bring it, which only run while the process dies (see there).
- no packed relative relocations (`-z pack-relative-relocs` needs glibc 2.36): +460 KB.
- the code that nothing can reach (most of it the Swift standard library's, which
  --gc-sections cannot drop: one section) is filled with int3 bytes after the link
  (trap_unreachable.py, from a second link with --emit-relocs): -107 KB deflated.

--defsym, the version script, -z defs and the unwind-table script are the same as make's
(lld is the toolchain's). The result is checked before it replaces the previous one:
only system libraries allowed by manylinux2014 are needed, no symbol needs a glibc newer
than 2.17, no GLIBCXX_/CXXABI_ version, no DT_RELR, and the library exports exactly what
make's library exports.

    python3 packaging/manylinux/link.py            # after make lib; ziglang must be installed
    python3 packaging/manylinux/link.py --check F  # only the checks, on library F
"""
from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / ".build"
WHEEL_BUILD = ROOT / ".build-wheel"   # SwiftPM's build of the wheel's objects
# added to SwiftPM's release flags for the wheel's objects (the last -O* flag wins)
WHEEL_SWIFT_FLAGS = ["-Xswiftc", "-Osize"]
MAKE_LIBRARY = BUILD / "release" / "libkalends.so"
OUT_DIR = BUILD / "manylinux"
OUTPUT = OUT_DIR / "libkalends.so"
GLIBC = "2.17"
STUBS = OUT_DIR / f"glibc-{GLIBC}"
# C files linked into the wheel's library only, ahead of the archives (each says why)
# fills the code nothing can reach with int3 (the unsplit .text of the Swift stdlib)
TRAP_UNREACHABLE = Path(__file__).resolve().parent / "trap_unreachable.py"
SHIMS = [Path(__file__).resolve().parent / name for name in ("glibc_2_17_shims.c", "libstdcxx_trims.c")]

# glibc's libraries as the linker names them, and the stub file zig writes for each
GLIBC_LIBRARIES = {"-lc": "libc.so.6", "-lm": "libm.so.6", "-lpthread": "libpthread.so.0",
                   "-ldl": "libdl.so.2", "-lrt": "librt.so.1", "-lutil": "libutil.so.1"}
LOADER_STUB = "libld.so.2"   # soname ld-linux-x86-64.so.2 (__tls_get_addr)
NONSHARED = "libc_nonshared.a"
STUB_FILES = [*GLIBC_LIBRARIES.values(), LOADER_STUB, NONSHARED]
# what manylinux2014 (PEP 599) lets a wheel's library need from the system
ALLOWED_NEEDED = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1",
                  "libutil.so.1", "libgcc_s.so.1", "ld-linux-x86-64.so.2"}
MAX_VERSIONS = {"GLIBC": (2, 17), "GCC": (4, 8, 0)}


def fail(message: str) -> NoReturn:
    raise SystemExit(f"manylinux link: {message}")


def run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, check=True, capture_output=True, text=True)


# ---- make's link, as SwiftPM runs it and as swiftc hands it to ld.lld -----------------

def swiftpm_link_command(manifest: Path) -> list[str]:
    """SwiftPM's swiftc command that links libkalends.so (the `args:` line of the command
    whose description is "Linking .../libkalends.so" in a build manifest, .build*/release.yaml)."""
    lines = manifest.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if re.match(r'\s*description: "Linking .*/libkalends\.so"$', line):
            args = lines[i + 1].strip()
            if args.startswith("args: "):
                return list(json.loads(args[len("args: "):]))
    fail(f"{manifest} has no link command for libkalends.so: did swift build build it?")


def build_objects() -> Path:
    """SwiftPM's release build of libkalends.so in WHEEL_BUILD with WHEEL_SWIFT_FLAGS (the
    first time a full build, then as incremental as make's); its build manifest."""
    swift = shutil.which("swift")
    if swift is None:
        fail("needs swift (the Swift toolchain) on PATH to build the wheel's objects")
    command = [swift, "build", "-c", "release", "--product", "kalends", "--scratch-path", str(WHEEL_BUILD),
               *WHEEL_SWIFT_FLAGS]
    print(f"manylinux link: {' '.join(command[1:])}", flush=True)
    if subprocess.run(command, cwd=ROOT).returncode != 0:
        fail("swift build of the wheel's objects failed")
    return WHEEL_BUILD / "release.yaml"


def linker_command(swiftc_command: list[str]) -> list[str]:
    """The ld.lld command swiftc's clang would run for `swiftc_command` (clang -###)."""
    probe = [*swiftc_command, "-Xclang-linker", "-###"]
    done = subprocess.run(probe, capture_output=True, text=True)
    for line in (done.stdout + done.stderr).splitlines():
        words = shlex.split(line)
        if words and Path(words[0]).name == "ld.lld":
            return words
    fail(f"swiftc printed no ld.lld command (exit {done.returncode}):\n{done.stderr[-2000:]}")


def rewrite(command: list[str], output: Path, stubs: Path, shims: list[Path], libgcc_s: Path) -> list[str]:
    """make's ld.lld command turned into the glibc 2.17 link (see the module's docstring)."""
    gcc_dir = next((Path(a).parent for a in command if Path(a).name == "crtbeginS.o"), None)
    if gcc_dir is None:
        fail("the link command has no crtbeginS.o: which GCC installation does clang use?")
    static = {"-lstdc++": [str(gcc_dir / "libstdc++.a")], "-lgcc": [str(gcc_dir / "libgcc.a")],
              "-lgcc_s": [str(libgcc_s)]}
    glibc_done = False
    out: list[str] = []
    words = iter(command)
    for word in words:
        if word == "-o":
            out += ["-o", str(output)]
            next(words)
        elif word == "pack-relative-relocs" and out and out[-1] == "-z":
            out.pop()
        elif word.startswith("-L"):
            folder = word[2:]
            # the Swift toolchain's static libraries and SwiftPM's build stay; the system's go
            if "swift_static" in folder or folder.startswith((f"{BUILD}/", f"{WHEEL_BUILD}/")):
                out.append(word)
        elif word in GLIBC_LIBRARIES:
            # every glibc library at once, where the first one was asked for, each only if used
            if not glibc_done:
                out += ["--as-needed", *(str(stubs / GLIBC_LIBRARIES[flag]) for flag in GLIBC_LIBRARIES),
                        str(stubs / LOADER_STUB), "--no-as-needed", str(stubs / NONSHARED), *map(str, shims)]
                glibc_done = True
        elif word in static:
            out += static[word]
        elif word.startswith("-l") and not word.startswith(("-lswift", "-ldispatch", "-lBlocksRuntime")):
            fail(f"the link command asks for {word}: say in packaging/manylinux/link.py where it comes from")
        else:
            out.append(word.replace("\\$", "$"))
    if not glibc_done:
        fail("the link command links no glibc library (-lc, -lm, ...)")
    return out


# ---- glibc 2.17 stubs ------------------------------------------------------------------

def zig_command() -> list[str]:
    """zig from PyPI's ziglang (python -m ziglang), else a zig on PATH."""
    probe = subprocess.run([sys.executable, "-c", "import ziglang"], capture_output=True)
    if probe.returncode == 0:
        return [sys.executable, "-m", "ziglang"]
    if shutil.which("zig"):
        return ["zig"]
    fail("needs zig for the glibc 2.17 stubs: pip install ziglang (make wheel installs it)")


def make_stubs(zig: list[str], target: Path) -> None:
    """Writes glibc 2.17's stub libraries and libc_nonshared.a into `target` (once per zig
    version): zig writes them while it links an empty library for x86_64-linux-gnu.2.17."""
    version = run([*zig, "version"]).stdout.strip()
    stamp = target / "zig-version"
    if stamp.is_file() and stamp.read_text() == version and all((target / f).is_file() for f in STUB_FILES):
        return
    with tempfile.TemporaryDirectory(prefix="kalends-glibc-stubs-", dir=BUILD) as tmp:
        work = Path(tmp)
        (work / "empty.c").write_text("int kalends_stub_probe(void) { return 0; }\n")
        env = {**os.environ, "ZIG_GLOBAL_CACHE_DIR": str(work / "global"), "ZIG_LOCAL_CACHE_DIR": str(work / "local")}
        done = subprocess.run([*zig, "cc", "-target", f"x86_64-linux-gnu.{GLIBC}", "-fno-sanitize=all", "-shared",
                               "-o", "probe.so", "empty.c", "-v"], cwd=work, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            fail(f"zig cc -target x86_64-linux-gnu.{GLIBC} failed:\n{done.stderr[-2000:]}")
        found: dict[str, Path] = {}
        for line in done.stderr.splitlines():
            if "ld.lld" in line and "probe.so" in line:
                for word in shlex.split(line):
                    path = work / word
                    if path.name in STUB_FILES and path.is_file():
                        found[path.name] = path
        missing = [f for f in STUB_FILES if f not in found]
        if missing:
            fail(f"zig {version} did not name {', '.join(missing)} in its link command (zig cc -v)")
        target.mkdir(parents=True, exist_ok=True)
        for name, path in found.items():
            shutil.copyfile(path, target / name)
        stamp.write_text(version)
    print(f"manylinux link: glibc {GLIBC} stubs from zig {version} in {target.relative_to(ROOT)}")


# ---- checks ----------------------------------------------------------------------------

def version_tuple(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.split("."))


def needed(library: Path) -> list[str]:
    dynamic = run(["readelf", "-d", "-W", str(library)]).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic)


def symbol_versions(library: Path) -> dict[str, list[str]]:
    """Each version the library needs from another (GLIBC_2.14, GCC_3.0, ...: its version
    needs, .gnu.version_r) with the undefined symbols that ask for it (none for a marker
    such as GLIBC_ABI_DT_RELR)."""
    text = run(["readelf", "-V", "-W", str(library)]).stdout
    needs = text[text.find(".gnu.version_r"):] if ".gnu.version_r" in text else ""
    found: dict[str, list[str]] = {name: [] for name in re.findall(r"Name: (\S+)\s+Flags", needs)}
    table = run(["readelf", "--dyn-syms", "-W", str(library)]).stdout
    for line in table.splitlines():
        fields = line.split()
        if len(fields) >= 8 and fields[6] == "UND" and "@" in fields[7]:
            name, version = fields[7].split("@", 1)
            found.setdefault(version.split(" ")[0], []).append(name)
    return found


def exports(library: Path) -> list[str]:
    table = run(["nm", "-D", "--defined-only", str(library)]).stdout
    return sorted(line.split()[-1] for line in table.splitlines() if line.strip())


def problems(library: Path, reference: Path | None = None) -> list[str]:
    """What keeps `library` from loading on glibc 2.17 with only manylinux2014's system
    libraries; empty when nothing does."""
    found = [f"needs {name}, not a manylinux2014 system library" for name in needed(library)
             if name not in ALLOWED_NEEDED]
    for version, symbols in sorted(symbol_versions(library).items()):
        family, _, number = version.partition("_")
        limit = MAX_VERSIONS.get(family)
        asked = f" ({', '.join(sorted(symbols)[:5])})" if symbols else ""
        if limit is None or not re.fullmatch(r"[0-9]+(\.[0-9]+)*", number):
            found.append(f"needs {version}{asked}")
        elif version_tuple(number) > limit:
            found.append(f"needs {version}, newer than {family} {'.'.join(map(str, limit))}{asked}")
    if "(RELR)" in run(["readelf", "-d", "-W", str(library)]).stdout:
        found.append("has packed relative relocations (DT_RELR: glibc 2.36)")
    if reference is not None and exports(library) != exports(reference):
        found.append(f"does not export what {reference} exports")
    return found


def main() -> int:
    if sys.argv[1:2] == ["--check"]:
        found = problems(Path(sys.argv[2]))
        for problem in found:
            print(f"{sys.argv[2]}: {problem}")
        return 1 if found else 0
    if not MAKE_LIBRARY.is_file():
        fail(f"no {MAKE_LIBRARY.relative_to(ROOT)}: run make lib first")
    make_stubs(zig_command(), STUBS)
    swiftc_command = swiftpm_link_command(build_objects())
    command = linker_command(swiftc_command)
    clang = Path(command[0]).with_name("clang")
    shims = [OUT_DIR / source.with_suffix(".o").name for source in SHIMS]
    for source, shim in zip(SHIMS, shims):
        run([str(clang), "-O2", "-fPIC", "-c", str(source), "-o", str(shim)])
    libgcc_s = Path(run([str(clang), "-print-file-name=libgcc_s.so.1"]).stdout.strip())
    if not libgcc_s.is_file():
        fail(f"no libgcc_s.so.1 ({libgcc_s})")
    partial = OUTPUT.with_suffix(".so.tmp")
    done = subprocess.run(rewrite(command, partial, STUBS, shims, libgcc_s), capture_output=True, text=True)
    if done.returncode != 0:
        fail(f"ld.lld failed:\n{done.stderr[-4000:]}")
    # the same link again, keeping the relocations it applied, for trap_unreachable.py
    analysed = OUTPUT.with_suffix(".so.relocs")
    done = subprocess.run([*rewrite(command, analysed, STUBS, shims, libgcc_s), "--emit-relocs"],
                          capture_output=True, text=True)
    if done.returncode != 0:
        fail(f"ld.lld --emit-relocs failed:\n{done.stderr[-4000:]}")
    trapped = subprocess.run([sys.executable, str(TRAP_UNREACHABLE), str(analysed), str(partial)])
    analysed.unlink()
    if trapped.returncode != 0:
        fail("trap_unreachable.py failed")
    found = problems(partial, reference=MAKE_LIBRARY)
    if found:
        fail("the library would not load on glibc " + GLIBC + ":\n  " + "\n  ".join(found))
    partial.replace(OUTPUT)
    highest = max((version_tuple(v.split("_", 1)[1]) for v in symbol_versions(OUTPUT) if v.startswith("GLIBC_")),
                  default=())
    stripped = OUTPUT.with_suffix(".so.stripped")
    run(["strip", "-o", str(stripped), str(OUTPUT)])
    size = stripped.stat().st_size
    stripped.unlink()
    print(f"manylinux link: {OUTPUT.relative_to(ROOT)}: {size} bytes stripped, needs "
          f"{', '.join(needed(OUTPUT))}; highest glibc version GLIBC_{'.'.join(map(str, highest))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
