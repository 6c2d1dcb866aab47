"""One row for the summary table (bench/summarize.py): appends
``key<TAB>anchor<TAB>kalends`` to the file named by KALENDS_BENCH_SUMMARY, when set
(``make bench`` sets it)."""
from __future__ import annotations

import os


def record(key: str, anchor: float, kalends: float) -> None:
    path = os.environ.get("KALENDS_BENCH_SUMMARY")
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(f"{key}\t{anchor:.6g}\t{kalends:.6g}\n")
