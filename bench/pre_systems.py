"""The Gregorian grid in Swift against its speed before calendar systems (issue 13: the
rows grid.swift.gregorian_vs_pre_systems and grid.swift.forEachDay_vs_pre_systems).

    python3 bench/pre_systems.py [RUNS]      (after `swift build -c release --product kalends-bench`)

The same bench source (bench/swift/main.swift) is built against commit 5151164's
KalendsCore, whose grids predate calendar systems (it adds only the protocol; exported
from git into bench/.cache/pre-systems once, afterwards only the bench recompiles), and
the two builds' `kalends-bench grid-times` (ns per monthGrid and forEachDay grid: medians
of 51 samples, CPU time) run in turns, RUNS (9) times each, which goes first alternating. A
row is the old build's median time (anchor) and that times the median of the turns'
ratios new / old (Kalends): two runs of a turn, a second apart, meet about the same
state of this shared machine.

Where the loop lands: forEachDay is @inlinable, so its loop is compiled into the bench
binary, and its speed there depended on where the bench's other code pushed it (a few
bytes of padding elsewhere moved the current build between 0.92x and 1.13x the old one,
on 2026-11-28). So both builds compile the bench with the same code-layout flags: the
line `let benchCodeLayout = [...]` of the current Package.swift (the bench's functions
start on 64-byte boundaries), copied into the old tree's manifest for its KalendsBench
target. The library objects linked into either bench keep their own flags.

Why not a constant: the rows used to scale a plain Swift floor, timed in the same process,
by the ratios the old build gave once (monthGrid / floor 0.627, forEachDay / floor 0.242,
2026-11-24). But the floor is another workload in another binary, and how the two slow
down on this shared machine changes from hour to hour: beside the current build on
2026-11-28, the old build read monthGrid / floor 0.81, 1.03 and 0.98 in three runs. So
the old build is measured itself.
"""
from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

COMMIT = "5151164"
BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
PRE = BENCH / ".cache" / "pre-systems"
SWIFT = os.environ.get("SWIFT", "swift")


def build_pre() -> Path | None:
    """The old tree with the current bench source, built; None when git lacks the commit."""
    if subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{COMMIT}^{{commit}}"],
                      capture_output=True).returncode != 0:
        print(f"commit {COMMIT} is not in this clone: the rows against the grid before calendar systems are skipped")
        return None
    if not (PRE / "Package.swift").exists():
        shutil.rmtree(PRE, ignore_errors=True)
        PRE.mkdir(parents=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", COMMIT], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(PRE)], input=archive, check=True)
    manifest = pre_manifest()
    if manifest is None:
        print(f"cannot give the bench against {COMMIT} the current bench's code-layout flags: the rows are skipped")
        return None
    source, target = BENCH / "swift" / "main.swift", PRE / "bench" / "swift" / "main.swift"
    if not target.exists() or target.read_bytes() != source.read_bytes():
        shutil.copyfile(source, target)
    if (PRE / "Package.swift").read_text(encoding="utf-8") != manifest:
        (PRE / "Package.swift").write_text(manifest, encoding="utf-8")
        # SwiftPM does not recompile a target whose -Xllvm flags alone changed.
        for stale in (PRE / ".build").glob("*/release/KalendsBench.build/*.o"):
            stale.unlink()
    print(f"building the bench against {COMMIT} (bench/.cache/pre-systems; the first time takes minutes)")
    result = subprocess.run([SWIFT, "build", "-c", "release", "--product", "kalends-bench"], cwd=PRE,
                            capture_output=True, text=True)
    if result.returncode != 0:
        print(result.stdout[-3000:] + result.stderr[-3000:])
        print(f"the bench does not build against {COMMIT}: the rows are skipped")
        return None
    return PRE / ".build" / "release" / "kalends-bench"


BENCH_TARGET = 'path: "bench/swift")'


def pre_manifest() -> str | None:
    """5151164's Package.swift with the current `benchCodeLayout` line, given to its bench target."""
    current = (ROOT / "Package.swift").read_text(encoding="utf-8")
    line = re.search(r"^let benchCodeLayout = \[.*\]$", current, re.M)
    old = subprocess.run(["git", "-C", str(ROOT), "show", f"{COMMIT}:Package.swift"],
                         capture_output=True, text=True, check=True).stdout
    if line is None or old.count(BENCH_TARGET) != 1:
        return None
    old = old.replace(BENCH_TARGET, 'path: "bench/swift", swiftSettings: [.unsafeFlags(benchCodeLayout)])')
    return old.replace("let package = Package(", line.group(0) + "\n\nlet package = Package(", 1)


def times(binary: Path) -> dict[str, float]:
    out = subprocess.run([str(binary), "grid-times"], capture_output=True, text=True, check=True).stdout.split()
    return {out[i]: float(out[i + 1]) for i in range(0, len(out) - 1, 2)}


def summary(key: str, anchor: float, kalends: float) -> None:
    path = os.environ.get("KALENDS_BENCH_SUMMARY")
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(f"{key}\t{anchor}\t{kalends}\n")


def main(argv: list[str]) -> int:
    runs = int(argv[0]) if argv else 9
    current = ROOT / ".build" / "release" / "kalends-bench"
    if not current.exists():
        print("build the bench first: swift build -c release --product kalends-bench")
        return 1
    old = build_pre()
    if old is None:
        return 0
    before: list[dict[str, float]] = []
    now: list[dict[str, float]] = []
    for turn in range(runs):
        if turn % 2 == 0:
            before.append(times(old))
            now.append(times(current))
        else:
            now.append(times(current))
            before.append(times(old))
    print(f"Gregorian grid in Swift, ns per grid (CPU time), {runs} turns of the two builds:")
    for key, row in (("monthGrid", "grid.swift.gregorian_vs_pre_systems"),
                     ("forEachDay", "grid.swift.forEachDay_vs_pre_systems")):
        ratio = statistics.median(n[key] / b[key] for b, n in zip(before, now))
        anchor = statistics.median(b[key] for b in before)
        print(f"  {key:11} before ({COMMIT}): " + " ".join(f"{b[key]:.0f}" for b in before))
        print(f"  {'':11} now:              " + " ".join(f"{n[key]:.0f}" for n in now))
        print(f"  {'':11} now / before (median of the turns): {ratio:.3f}")
        summary(row, anchor, anchor * ratio)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
