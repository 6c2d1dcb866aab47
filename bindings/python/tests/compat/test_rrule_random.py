"""Random rules (hypothesis, 150 examples from a fixed seed) expanded by kalends.rrule and
by python-dateutil 4.0.0, compared occurrence by occurrence: the first 60 occurrences,
between, before, after, in, str() and count(), or the same exception
(rrule_oracle/random_rules.py, run in a subprocess whose dateutil is 4.0.0). Every rule
has an UNTIL within 3000 of its frequency's steps (and half a COUNT too); examples on
which dateutil needs more than 0.5 s (a rule that never matches: it searches to year
9999) are discarded. About 40 s here under load."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rrule_oracle import oracle

HERE = Path(__file__).resolve().parent


def test_random_rules_match_dateutil(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--hypothesis-seed=20261124",
         "-W", "error::DeprecationWarning", str(HERE / "rrule_oracle" / "random_rules.py")],
        cwd=tmp_path, env=oracle.environment(HERE.parents[1]), capture_output=True, text=True, timeout=600)
    print(result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr[-2000:])
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-3000:]
