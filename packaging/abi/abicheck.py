"""ABI stability check of libkalends.so against the committed baseline (libabigail).

    python3 packaging/abi/abicheck.py              # (make check-abi) compare with the baseline
    python3 packaging/abi/abicheck.py --update     # (make abi-baseline) write a new baseline

The library itself is Swift: its DWARF describes Swift, not the C types of the header,
so abidw sees only its ELF symbols. The C side of the ABI is the header, so this script
compiles a description of it that libabigail can read: a throwaway shared object
(`libkalends.so.MAJOR`, same soname) with one empty C definition per declared function,
its parameter and return types spelled as the header spells them (the C compiler checks
each definition against the header's declaration), plus one function per constant group
whose parameter is an enum holding the group's values, so that a changed value is a
changed type. `abidw` of that object is the baseline (packaging/abi/libkalends.abi);
`abidiff` of the baseline against the current one decides:

- compatible: no change, or only additions (functions, constants, structs); options
  structs that start with `uint32_t struct_size` may grow at their end (a suppression);
- incompatible: anything removed or changed (a parameter, a field, a constant's value),
  or abidiff's INCOMPATIBLE bit (8). Accepted only when KALENDS_VERSION_MAJOR differs
  from the baseline's soname, i.e. the soname changes with it.

Besides the types, the real library must export every function symbol of the baseline
(unless the major version changed) and carry the soname `libkalends.so.MAJOR`.

Refresh the baseline when a release is made (then its additions become part of what later
versions must keep), and after a major version bump (the check says so).
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "abigen"))

from model import ABI, Type  # noqa: E402
from parse import parse  # noqa: E402

BASELINE = Path(__file__).resolve().parent / "libkalends.abi"
#: Prefix of the constant-group functions of the description (not library functions).
CONSTANTS_PREFIX = "kalendsabi_constants_"
#: Constants that change with every release and are not part of the ABI.
RELEASE_CONSTANTS = ("KALENDS_VERSION_MINOR", "KALENDS_VERSION_PATCH", "KALENDS_VERSION_NUMBER")

ABIDIFF_ERROR, ABIDIFF_USAGE_ERROR, ABIDIFF_ABI_CHANGE, ABIDIFF_ABI_INCOMPATIBLE_CHANGE = 1, 2, 4, 8


def version(root: Path) -> tuple[int, int, int]:
    """KALENDS_VERSION_MAJOR/MINOR/PATCH from include/kalends/version.h."""
    text = (root / "include" / "kalends" / "version.h").read_text()
    return tuple(int(re.search(rf"#define KALENDS_VERSION_{part} (\d+)", text).group(1))  # type: ignore[misc, union-attr]
                 for part in ("MAJOR", "MINOR", "PATCH"))


def _declarator(t: Type, name: str) -> str:
    return f"{t.spelling}{'' if t.spelling.endswith('*') else ' '}{name}"


def description_source(abi: ABI) -> str:
    """C source with a definition of every declared function and one function per
    constant group (see the module's doc)."""
    lines = ['#include "kalends.h"', ""]
    for f in abi.functions:
        params = ", ".join(_declarator(p.type, p.name) for p in f.params) or "void"
        body = "" if f.returns.spelling == "void" else " return 0; "
        lines.append(f"{_declarator(f.returns, f.name)}({params}) {{{body}}}")
    lines.append("")
    groups: dict[str, list[tuple[str, int]]] = {}
    for c in abi.constants:
        if isinstance(c.value, int) and c.name not in RELEASE_CONSTANTS:
            groups.setdefault(c.group or "kalends_constants", []).append((c.name, c.value))
    for group, members in groups.items():
        short = group[len("kalends_"):]
        values = ", ".join(f"ABI_{name} = {value}" for name, value in members)
        lines.append(f"enum kalendsabi_{short} {{ {values} }};")
        lines.append(f"void {CONSTANTS_PREFIX}{short}(enum kalendsabi_{short} value) {{ (void)value; }}")
    return "\n".join(lines) + "\n"


def suppressions(abi: ABI) -> str:
    """libabigail suppressions: a struct that starts with struct_size may grow at its end."""
    out = []
    for s in abi.structs.values():
        if s.versioned:
            out += ["[suppress_type]", "  type_kind = struct", f"  name = {s.name}",
                    "  has_data_member_inserted_at = end", ""]
    return "\n".join(out)


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:  # type: ignore[type-arg]
    return subprocess.run(cmd, text=True, capture_output=True, **kw)


def describe(root: Path, work: Path) -> tuple[Path, Path, int]:
    """Builds the description object and abidw's corpus of it; returns (corpus,
    suppressions, major)."""
    abi = parse(root / "include" / "kalends.h")
    major = version(root)[0]
    (work / "description.c").write_text(description_source(abi))
    (work / "suppressions.ini").write_text(suppressions(abi))
    so = work / f"libkalends.so.{major}"
    cc = shutil.which("cc") or shutil.which("gcc") or "cc"
    built = run([cc, "-std=gnu99", "-g", "-O0", "-shared", "-fPIC", "-w", f"-I{root / 'include'}",
                 str(work / "description.c"), f"-Wl,-soname,libkalends.so.{major}", "-o", str(so)])
    if built.returncode:
        raise SystemExit(f"abicheck: the description of the header does not compile:\n{built.stderr}")
    corpus = work / "libkalends.abi"
    dumped = run(["abidw", "--no-corpus-path", "--no-show-locs", "--type-id-style", "hash",
                  "--out-file", str(corpus), str(so)])
    if dumped.returncode:
        raise SystemExit(f"abicheck: abidw failed:\n{dumped.stderr}")
    return corpus, work / "suppressions.ini", major


def corpus_soname(corpus: Path) -> str:
    return ET.parse(corpus).getroot().get("soname", "")


def corpus_functions(corpus: Path) -> set[str]:
    root = ET.parse(corpus).getroot()
    return {e.get("name", "") for e in root.iter("elf-symbol")
            if e.get("type") == "func-type" and not e.get("name", "").startswith(CONSTANTS_PREFIX)}


_SUMMARY = re.compile(r"^\s*(Functions|Variables|Function symbols|Variable symbols) changes summary: (.*)$", re.M)


def only_additions(report: str) -> bool:
    """True when every summary line of an abidiff report has 0 Removed and 0 Changed."""
    for _, counts in _SUMMARY.findall(report):
        for number, what in re.findall(r"(\d+) (Removed|Changed)", counts):
            if int(number):
                return False
    return True


def exported_functions(library: Path) -> tuple[set[str], str]:
    """The library's exported function symbols and its soname (from readelf)."""
    syms = run(["nm", "-D", "--defined-only", str(library)]).stdout
    names = {line.split()[2] for line in syms.splitlines() if len(line.split()) == 3 and line.split()[1] == "T"}
    dyn = run(["readelf", "-d", str(library)]).stdout
    m = re.search(r"\(SONAME\)\s+Library soname: \[([^\]]+)\]", dyn)
    return names, m.group(1) if m else ""


def check(root: Path, baseline: Path, library: Path | None) -> int:
    with tempfile.TemporaryDirectory(prefix="kalends-abi-") as tmp:
        corpus, supp, major = describe(root, Path(tmp))
        if not baseline.exists():
            print(f"abicheck: no baseline at {baseline}; write one with `make abi-baseline`")
            return 1
        base_soname = corpus_soname(baseline)
        soname = f"libkalends.so.{major}"
        major_changed = base_soname != soname
        problems = []
        diff = run(["abidiff", "--no-show-locs", "--suppressions", str(supp), str(baseline), str(corpus)])
        if diff.returncode & (ABIDIFF_ERROR | ABIDIFF_USAGE_ERROR):
            print(diff.stdout + diff.stderr)
            print(f"abicheck: abidiff failed (exit {diff.returncode})")
            return 1
        incompatible = bool(diff.returncode & ABIDIFF_ABI_INCOMPATIBLE_CHANGE) or (
            bool(diff.returncode & ABIDIFF_ABI_CHANGE) and not only_additions(diff.stdout))
        if incompatible:
            problems.append("the header's ABI changed incompatibly (abidiff exit "
                            f"{diff.returncode}):\n{diff.stdout}")
        if library is not None:
            exports, lib_soname = exported_functions(library)
            missing = sorted(corpus_functions(baseline) - exports)
            if missing:
                problems.append(f"{library} no longer exports {len(missing)} function(s) of the baseline: "
                                + ", ".join(missing[:10]))
            if lib_soname != soname:
                problems.append(f"{library} has soname {lib_soname or '(none)'}, expected {soname}")
        added = len(corpus_functions(corpus) - corpus_functions(baseline))
        if not problems:
            note = f", {added} function(s) added since the baseline" if added else ""
            print(f"abi: compatible with the baseline {base_soname}{note} (abidiff exit {diff.returncode})")
            return 0
        if major_changed and not any("soname" in p for p in problems):
            print(f"abi: incompatible with the baseline {base_soname}, allowed: the major version is now "
                  f"{major} ({soname}). Refresh the baseline: make abi-baseline")
            return 0
        for p in problems:
            print(f"abicheck: {p}")
        print(f"abicheck: an incompatible change needs KALENDS_VERSION_MAJOR bumped (the soname becomes "
              f"libkalends.so.{major + 1}) and KALENDS_ABI_VERSION bumped; otherwise keep the old "
              "function and add a new one (README: Versions and ABI)")
        return 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--update", action="store_true", help="write the baseline from the current headers")
    ap.add_argument("--root", type=Path, default=ROOT, help="the repository whose headers to check")
    ap.add_argument("--baseline", type=Path, default=BASELINE)
    ap.add_argument("--library", type=Path, help="also check this built library's exports and soname")
    args = ap.parse_args()
    if not shutil.which("abidw") or not shutil.which("abidiff"):
        print("abicheck: abidw/abidiff not found (Debian: apt-get install abigail-tools)")
        return 1
    if args.update:
        with tempfile.TemporaryDirectory(prefix="kalends-abi-") as tmp:
            corpus, _, major = describe(args.root, Path(tmp))
            shutil.copyfile(corpus, args.baseline)
        print(f"abi: wrote {args.baseline} (libkalends.so.{major}, "
              f"{len(corpus_functions(args.baseline))} functions)")
        return 0
    return check(args.root, args.baseline, args.library)


if __name__ == "__main__":
    sys.exit(main())
