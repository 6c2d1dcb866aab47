"""A runtime whose toolchain is missing (issue 24.10): on a developer's machine `make
test-runtimes` skips it with a line; in CI (CI=true), where .ci/run installs every
toolchain, it fails, and the others still run (make -k) so that every missing one is
named. Each runtime's toolchain is made missing by pointing its command at a path that
does not exist."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parents[1]
MISSING = "/nonexistent/kalends-toolchain"
#: The make variables naming each runtime's toolchain (bindings/conformance/Makefile).
TOOLCHAINS = {"rust": ["CARGO"], "go": ["GO"], "luajit": ["LUAJIT"], "ruby": ["RUBY"], "java": ["JAVAC", "JAVA"],
              "perl": ["PERL"], "node": ["NODE"]}


def make(target: str, ci: str | None, runtimes: list[str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    if ci is not None:
        env["CI"] = ci
    missing = [f"{var}={MISSING}" for r in runtimes for var in TOOLCHAINS[r]]
    return subprocess.run(["make", "-s", "--no-print-directory", "-C", str(HERE), target, *missing], env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("runtime", sorted(TOOLCHAINS))
def test_a_missing_toolchain_fails_in_ci_and_is_skipped_elsewhere(runtime: str) -> None:
    for ci in ("true", "1"):
        run = make(f"run-{runtime}", ci, [runtime])
        assert run.returncode != 0, run.stdout
        assert f"{runtime}: FAILED (no toolchain:" in run.stdout and ".ci/run installs it" in run.stdout, run.stdout
    for ci in (None, "", "false"):
        run = make(f"run-{runtime}", ci, [runtime])
        assert run.returncode == 0, run.stdout + run.stderr
        assert run.stdout.strip().startswith(f"{runtime}: skipped (no toolchain:"), run.stdout


def test_ci_names_every_missing_runtime() -> None:
    run = make("test", "true", sorted(TOOLCHAINS))
    assert run.returncode != 0
    failed = sorted(line.split(":")[0].strip() for line in run.stdout.splitlines() if "FAILED (no toolchain" in line)
    assert failed == sorted(TOOLCHAINS), run.stdout
