"""What each archive of the static Swift stdlib and each of our modules adds to libkalends.so.

    python3 packaging/footprint.py            # (make footprint) after `make`
    python3 packaging/footprint.py --floor    # also: the smallest Swift library linked the same way

Re-runs SwiftPM's release link of libkalends.so (from .build/release.yaml) into a temporary
file with a linker map (-Xlinker -Map), then adds up the input sections the linker kept,
by archive member or module, split by what they become (code, unwind tables, read-only
data, data, Swift metadata). Debug sections are left out: `strip` removes them.

--floor links a Swift library with one exported function (a String and an Array) with the
same flags (and the same stdlib archive, packaging/stdlib_archive.py): what any library that
links the Swift runtime statically costs before its own code.
"""
from __future__ import annotations

import argparse
import collections
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_LINE = re.compile(r"^\s*([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)\s+(\d+)\s(.*)$")
COLUMNS = ("code", "unwind", "rodata", "data", "metadata", "other")


def link_command(build: Path) -> list[str]:
    """The swiftc command SwiftPM links libkalends.so with (release)."""
    text = (build / "release.yaml").read_text()
    for block in text.split("\n  \""):
        if 'description: "Linking' in block and "libkalends.so" in block.split("description:")[1].split("\n")[0]:
            m = re.search(r"^\s*args: (\[.*\])$", block, re.M)
            if m:
                return list(json.loads(m.group(1)))
    raise SystemExit(f"footprint: no link of libkalends.so in {build / 'release.yaml'}; run `make` first")


def relink(args: list[str], out: Path, map_file: Path, extra: list[str] = ()) -> int:  # type: ignore[assignment]
    i = args.index("-o")
    cmd = args[:i + 1] + [str(out)] + args[i + 2:] + ["-Xlinker", f"-Map={map_file}", *extra]
    subprocess.run(cmd, check=True, cwd=ROOT)
    return stripped_size(out)


def stripped_size(path: Path) -> int:
    with tempfile.NamedTemporaryFile() as f:
        subprocess.run(["strip", "-o", f.name, str(path)], check=True)
        return Path(f.name).stat().st_size


def column(section: str) -> str:
    if section == ".text":
        return "code"
    if section.startswith(".eh_frame"):
        return "unwind"
    if section == ".rodata":
        return "rodata"
    if section.startswith(".data"):
        return "data"
    if section.startswith("swift5_"):
        return "metadata"
    return "other"


def owner(path: str) -> str:
    """'libswiftCore.a(Swift.o)', 'KalendsCore', 'crtbeginS.o', ..."""
    m = re.match(r".*/(lib[^/]+\.a)\(([^)]+)\)$", path)
    if m:
        return f"{m.group(1)}({m.group(2)})"
    m = re.match(r".*/([^/]+)\.build/[^/]+\.o$", path)
    return m.group(1) if m else path.rsplit("/", 1)[-1]


def summarize(map_file: Path) -> dict[str, collections.Counter[str]]:
    """Bytes the linker kept, by owner and column; the linker's own sections (relocations,
    .eh_frame_hdr, symbol tables) under '(linker)'."""
    out: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    section, allocated = "", False
    for line in map_file.read_text(errors="replace").splitlines():
        m = _LINE.match(line)
        if not m:
            continue
        vma, _, size_hex, _, rest = m.groups()
        size = int(size_hex, 16)
        if not rest.startswith(" "):                       # an output section
            section, allocated = rest.strip(), int(vma, 16) != 0
            continue
        if rest.startswith(" " * 16):                      # a symbol inside an input section
            continue
        rest = rest.strip()
        if not allocated or section in (".bss", ".tbss") or ":(" not in rest:
            continue
        who = "(linker)" if rest.startswith("<internal>") else owner(rest.split(":(")[0])
        out[who][column(section)] += size
    return out


def group(summary: dict[str, collections.Counter[str]]) -> dict[str, collections.Counter[str]]:
    """Archives as a whole, libswiftCore.a split into Swift.o (the stdlib in Swift), its
    Unicode tables and its C++ runtime."""
    out: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for who, counts in summary.items():
        m = re.match(r"(lib[^(]+\.a)\((.*)\)$", who)
        if m and m.group(1) == "libswiftCore.a":
            member = m.group(2)
            key = ("libswiftCore.a: Swift.o (the stdlib)" if member == "Swift.o" else
                   "libswiftCore.a: Unicode tables" if member.startswith("Unicode") else
                   "libswiftCore.a: C++ runtime")
        else:
            key = m.group(1) if m else who
        out[key].update(counts)
    return out


def table(rows: dict[str, collections.Counter[str]], limit: int = 0) -> str:
    width = max(len(k) for k in rows) + 2
    lines = [f"{'KiB':<{width}}" + "".join(f"{c:>9}" for c in COLUMNS) + f"{'total':>10}"]
    ordered = sorted(rows.items(), key=lambda kv: -sum(kv[1].values()))
    for k, v in ordered[:limit or None]:
        lines.append(f"{k:<{width}}" + "".join(f"{v[c] / 1024:9.1f}" for c in COLUMNS)
                     + f"{sum(v.values()) / 1024:10.1f}")
    total = collections.Counter[str]()
    for v in rows.values():
        total.update(v)
    lines.append(f"{'all':<{width}}" + "".join(f"{total[c] / 1024:9.1f}" for c in COLUMNS)
                 + f"{sum(total.values()) / 1024:10.1f}")
    return "\n".join(lines)


FLOOR_SOURCE = """
@_cdecl("kalends_floor")
public func kalendsFloor(_ x: Int32) -> Int32 {
    let parts = [String(x), "!"]
    return Int32(truncatingIfNeeded: parts.joined().utf8.count)
}
"""


def floor(args: list[str], work: Path) -> int:
    """Stripped size of a one-function Swift library linked as libkalends.so is: static
    stdlib (the unretained archive first, as in Package.swift), lld, --gc-sections, a version
    script, packed relocations when libkalends.so has them, and the same --defsym (with the
    C object that provides its target)."""
    (work / "floor.swift").write_text(FLOOR_SOURCE)
    (work / "floor.map").write_text("{ global: kalends_floor; local: *; };\n")
    defsyms = [a for a in args if a.startswith("--defsym")]
    archives = [a for a in args if a.endswith("/kalends-stdlib/libswiftCore.a")]   # the unretained stdlib
    relr = ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] if "pack-relative-relocs" in args else []
    scripts = [x for a in args if a.startswith("-T") or a == "--no-eh-frame-hdr" for x in ("-Xlinker", a)]
    c_objects = [a for a in Path(args[args.index("-o") + 1]).parent.glob("CKalends.build/*.o")]
    cmd = [args[0], "-O", "-parse-as-library", "-emit-library", "-static-stdlib", "-use-ld=lld",
           "-Xlinker", "--gc-sections", "-Xlinker", f"--version-script={work / 'floor.map'}",
           "-Xlinker", "-z", "-Xlinker", "defs", *relr, *scripts, *archives]
    for d in defsyms:
        cmd += ["-Xlinker", d]
    cmd += [str(work / "floor.swift"), *map(str, c_objects), "-o", str(work / "libfloor.so")]
    subprocess.run(cmd, check=True, cwd=work)
    return stripped_size(work / "libfloor.so")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", type=Path, default=ROOT / ".build")
    ap.add_argument("--members", action="store_true", help="one row per archive member and module")
    ap.add_argument("--floor", action="store_true", help="also link the smallest Swift library the same way")
    args = ap.parse_args()
    command = link_command(args.build)
    with tempfile.TemporaryDirectory(prefix="kalends-footprint-") as tmp:
        work = Path(tmp)
        size = relink(command, work / "libkalends.so", work / "libkalends.map")
        summary = summarize(work / "libkalends.map")
        print(f"libkalends.so: {size} bytes stripped ({size / 2**20:.2f} MiB)\n")
        print(table(summary if args.members else group(summary), limit=40 if args.members else 0))
        if args.floor:
            f = floor(command, work)
            print(f"\nfloor: a one-function Swift library linked the same way: {f} bytes stripped "
                  f"({f / 2**20:.2f} MiB); Kalends' own share: {size - f} bytes ({(size - f) / 2**20:.2f} MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
