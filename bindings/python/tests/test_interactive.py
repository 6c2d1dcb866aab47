"""python -m kalends --interactive, driven as a user would: through a pseudo-terminal."""
from __future__ import annotations

import os
import pty
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import kalends
from kalends.interactive import KEYS, split_keys

PACKAGE_ROOT = Path(kalends.__file__).resolve().parents[1]


class Terminal:
    """A child process on a pty, read into a transcript."""

    def __init__(self, *args: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT), TERM="xterm")
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the kalends CLI on the pty
            os.execve(sys.executable, [sys.executable, "-m", "kalends", "--interactive", *args], env)
        self.transcript = b""

    def read_until(self, *texts: str, timeout: float = 10) -> str:
        """Reads until every one of `texts` appears after the last screen clear; returns that
        screen. A screen arrives in several chunks: wait for each text an assertion needs."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.transcript.rsplit(b"\x1b[2J", 1)[-1].decode("utf-8", "replace")
            if all(text in screen for text in texts):
                return screen
            ready, _, _ = select.select([self.fd], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                self.transcript += chunk
        raise AssertionError(f"{texts!r} not on screen:\n{self.transcript[-800:].decode('utf-8', 'replace')}")

    def press(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def finish(self) -> tuple[int, str]:
        """Waits for the child; returns its exit status and everything after the last clear."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                self.transcript += chunk
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status), self.transcript.rsplit(b"\x1b[2J", 1)[-1].decode()


def test_arrows_select_pages_and_modes() -> None:
    term = Terminal("--today", "2026-11-22", "--color", "never")
    screen = term.read_until("Focus: 2026-11-22")
    assert "November 2026" in screen and "[22]" in screen and "Selected: nothing" in screen
    term.press(b"\x1b[C")                       # right: the selection follows the focus
    screen = term.read_until("Selected: 2026-11-23")
    assert "[23]" in screen
    term.press(b"\x1b[B\x1b[B")                 # down twice: the page follows into December
    screen = term.read_until("Selected: 2026-12-07")
    assert "December 2026" in screen
    term.press(b"p")                            # previous page
    term.read_until("November 2026")
    term.press(b"w")                            # week mode: the selected day's week
    screen = term.read_until("7 – 13 December 2026", "Focus: 2026-12-07")
    assert "[ 7]" in screen
    term.press(b"d")
    term.read_until("Monday, 7 December 2026")
    term.press(b"m\x1b[6~")                      # month mode, page down: a month on
    term.read_until("Selected: 2027-01-07")
    term.press(b"q")
    code, rest = term.finish()
    assert code == 0 and rest.strip().splitlines()[-1] == "2027-01-07"


def test_range_selection_with_enter() -> None:
    term = Terminal("--today", "2026-11-22", "--select", "2026-11-20..2026-11-20", "--color", "never")
    term.read_until("Selected: 2026-11-20")
    term.press(b"\x1b[C\x1b[C\x1b[C\r")       # three days on, enter: the range ends there
    screen = term.read_until("Selected: 2026-11-20 .. 2026-11-23 (4 days)")
    assert "*21" in screen                      # selected days are starred
    term.press(b"q")
    code, rest = term.finish()
    assert code == 0
    assert rest.strip().splitlines()[-4:] == ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"]


def test_needs_a_terminal() -> None:
    env = dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT))
    run = subprocess.run([sys.executable, "-m", "kalends", "--interactive"], env=env, capture_output=True, text=True,
                         stdin=subprocess.DEVNULL)
    assert run.returncode == 2 and "needs a terminal" in run.stderr


def test_key_splitting() -> None:
    assert split_keys(b"\x1b[C\x1b[Bq") == [b"\x1b[C", b"\x1b[B", b"q"]
    assert split_keys(b"\x1b[5~n") == [b"\x1b[5~", b"n"]
    assert split_keys(b"\x1b[1;5C") == [b"\x1b[1;5C"]   # unknown sequences stay whole
    assert all(KEYS[k] for k in KEYS)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_with_tmux_send_keys() -> None:
    """The same through tmux, as a person at a terminal would type it."""
    session = f"kalends-{os.getpid()}"
    env = dict(os.environ, KALENDS_LIBRARY=kalends._native.lib._name, PYTHONPATH=str(PACKAGE_ROOT))
    command = f"{sys.executable} -m kalends --interactive --today 2026-11-22 --color never; sleep 30"
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "90", "-y", "20", command], env=env, check=True)

    def pane() -> str:
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True).stdout

    def wait_for(text: str) -> str:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            screen = pane()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} not in the pane:\n{pane()}")

    try:
        wait_for("Focus: 2026-11-22")
        subprocess.run(["tmux", "send-keys", "-t", session, "Left", "Left"], check=True)
        wait_for("Selected: 2026-11-20")
        subprocess.run(["tmux", "send-keys", "-t", session, "n"], check=True)
        wait_for("December 2026")
        subprocess.run(["tmux", "send-keys", "-t", session, "q"], check=True)
        # paging does not change the selection: quitting prints it (once the calendar's
        # screen is gone: "Selected: 2026-11-20" on it would match too early)
        deadline = time.monotonic() + 10
        while "Focus:" in pane() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert wait_for("2026-11-20\n").strip().splitlines()[-1] == "2026-11-20"
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
