"""`import kalends` against `import calendar`, each in a fresh interpreter (what a
script or a CLI start pays), samples alternating; medians, ms.

    python bench/python/import_bench.py [SAMPLES]
"""
from __future__ import annotations

import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_summary import record  # noqa: E402

PACKAGE = str(Path(__file__).resolve().parents[2] / "bindings" / "python")
PROGRAM = ("import sys, time; sys.path.insert(0, {path!r}); t = time.perf_counter(); import {module}; "
           "print(time.perf_counter() - t)")


def once(module: str) -> float:
    out = subprocess.run([sys.executable, "-c", PROGRAM.format(path=PACKAGE, module=module)], check=True,
                         capture_output=True, text=True).stdout
    return float(out) * 1000


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    times: dict[str, list[float]] = {"calendar": [], "kalends": []}
    for _ in range(samples):
        for module in times:
            times[module].append(once(module))
    a, k = statistics.median(times["calendar"]), statistics.median(times["kalends"])
    print(f"  import calendar {a:6.1f} ms   import kalends {k:6.1f} ms   (+{k - a:.1f} ms), medians of {samples}")
    record("import.py", a, k)


if __name__ == "__main__":
    main()
