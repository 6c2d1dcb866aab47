"""`import kalends` against `import calendar`, each in a fresh interpreter (what a
script or a CLI start pays), samples alternating; medians, ms. Both with their bytecode
compiled, as an installed package has it (a wheel install compiles it; here a temporary
PYTHONPYCACHEPREFIX, even when PYTHONDONTWRITEBYTECODE is set in the environment).

    python bench/python/import_bench.py [SAMPLES]
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_summary import record  # noqa: E402

PACKAGE = str(Path(__file__).resolve().parents[2] / "bindings" / "python")
PROGRAM = ("import sys, time; sys.path.insert(0, {path!r}); t = time.perf_counter(); import {module}; {use}"
           "print(time.perf_counter() - t)")
#: The import and a first month of dates: what a script that shows a month pays (kalends
#: loads its calendar module, datetime and dataclasses on this first use).
FIRST_USE = {"calendar": "calendar.Calendar().monthdatescalendar(2026, 11); ",
             "kalends": "kalends.Calendar().month_dates(2026, 11); "}


def once(module: str, env: dict[str, str], use: str = "") -> float:
    out = subprocess.run([sys.executable, "-c", PROGRAM.format(path=PACKAGE, module=module, use=use)], check=True,
                         capture_output=True, text=True, env=env).stdout
    return float(out) * 1000


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    times: dict[str, list[float]] = {"calendar": [], "kalends": []}
    first: dict[str, list[float]] = {"calendar": [], "kalends": []}
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        once("kalends", env, FIRST_USE["kalends"])   # compiles the package's bytecode
        for _ in range(samples):
            for module in times:
                times[module].append(once(module, env))
                first[module].append(once(module, env, FIRST_USE[module]))
    a, k = statistics.median(times["calendar"]), statistics.median(times["kalends"])
    print(f"  import calendar {a:6.1f} ms   import kalends {k:6.1f} ms   (+{k - a:.1f} ms), medians of {samples}")
    fa, fk = statistics.median(first["calendar"]), statistics.median(first["kalends"])
    print(f"  and a first month of dates: calendar {fa:6.1f} ms   kalends {fk:6.1f} ms   (+{fk - fa:.1f} ms)")
    record("import.py", a, k)


if __name__ == "__main__":
    main()
