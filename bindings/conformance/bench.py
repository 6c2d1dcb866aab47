"""The runtimes' call overhead against C: runs the C anchor and each runtime's
conformance test (already built) in turns, SAMPLES times, and prints the medians of the
scenario time and of the nanoseconds per kalends_date_from_day_number call, with each
runtime's ratio to C.

    python3 bench.py PATH/TO/call_bench RUNTIME...   (make bench-runtimes from the top)
"""
from __future__ import annotations

import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SAMPLES = 5
LINE = re.compile(r"^(\w+): scenario ([\d.]+) ms, date_from_day_number ([\d.]+) ns/call", re.M)


def sample(command: list[str]) -> tuple[float, float]:
    out = subprocess.run(command, cwd=HERE, capture_output=True, text=True, check=True).stdout
    m = LINE.search(out)
    if m is None:
        raise SystemExit(f"no result line from {' '.join(command)}:\n{out}")
    return float(m.group(2)), float(m.group(3))


def main() -> int:
    anchor, runtimes = sys.argv[1], sys.argv[2:]
    commands = {"c": [anchor]}
    commands.update({r: ["make", "-s", "--no-print-directory", f"exec-{r}"] for r in runtimes})
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(SAMPLES):  # in turns, so load changes hit every runtime alike
        for name, command in commands.items():
            samples[name].append(sample(command))
    c_ns = statistics.median(ns for _, ns in samples["c"])
    print(f"call overhead: {SAMPLES} samples each, medians; 100,000 calls of kalends_date_from_day_number "
          "(second round of two), the scenario's first run in a fresh process")
    print(f"{'runtime':8} {'ns/call':>9} {'x C':>7} {'scenario ms':>12}")
    for name, values in samples.items():
        ns = statistics.median(v for _, v in values)
        ms = statistics.median(v for v, _ in values)
        print(f"{name:8} {ns:9.1f} {ns / c_ns:7.1f} {'-' if name == 'c' else f'{ms:.1f}':>12}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
