"""The GTK host as the tests and `make screenshots` drive it: the program started on an X
server with a state file (state.c says what each line holds), its window found, the
state read back, a pane's point turned into a screen point for xdotool."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional, Tuple

HOSTS = Path(__file__).resolve().parents[5] / "bindings" / "python" / "tests" / "hosts"
sys.path.insert(0, str(HOSTS))
sys.path.insert(0, str(HOSTS.parent))

import required  # noqa: E402
from xserver import XServer, hex_rgb  # noqa: E402

DAY = 86400
Rect = Tuple[float, float, float, float]


def program() -> Path:
    path = os.environ.get("KALENDS_GTK_HOST", "")
    if not path or not Path(path).exists():
        required.missing("KALENDS_GTK_HOST: the GTK host built against an installed Kalends (make test-hosts-gtk)")
    return Path(path)


@dataclass
class State:
    """The state file's lines (state.c says what each holds)."""
    lines: List[List[str]] = field(default_factory=list)

    def first(self, *key: str) -> List[str]:
        for line in self.lines:
            if tuple(line[:len(key)]) == key:
                return line[len(key):]
        raise KeyError(" ".join(key))

    def has(self, *key: str) -> bool:
        return any(tuple(line[:len(key)]) == key for line in self.lines)

    @property
    def serial(self) -> int:
        return int(self.first("serial")[0])

    @property
    def message(self) -> str:
        for line in self.lines:
            if line and line[0] == "message":
                return " ".join(line[1:])
        return ""

    def day(self, pane: str, day: int) -> Tuple[int, Rect]:
        """A day's flags and frame as Kalends reported them (the pane's coordinates)."""
        for line in self.lines:
            if line[:2] == ["day", pane] and int(line[2]) == day:
                return int(line[3]), (float(line[4]), float(line[5]), float(line[6]), float(line[7]))
        raise KeyError(f"day {day} is not on the {pane} page")

    def origin(self, pane: str) -> Tuple[float, float]:
        x, y = self.first("origin", pane)
        return float(x), float(y)

    def event(self, id_: int) -> Tuple[int, int]:
        start, end, _ = self.first("event", str(id_))
        return int(start), int(end)

    def event_colour(self, id_: int) -> int:
        """The event's colour as the store has it: 0xRRGGBBAA."""
        return int(self.first("event", str(id_))[2], 16)

    def item(self, id_: int) -> Tuple[int, Rect]:
        day, x, y, w, h = self.first("item", str(id_))
        return int(day), (float(x), float(y), float(w), float(h))

    def page(self, pane: str) -> List[int]:
        return [int(v) for v in self.first("page", pane)]

    def selection(self) -> List[int]:
        return [int(v) for v in self.first("selection")]

    def colour(self, name: str) -> Tuple[int, int, int]:
        return hex_rgb(self.first("color", name)[0])


class Host:
    """The running program: its window on the X server, its state file."""

    def __init__(self, server: XServer, *args: str, ready=None) -> None:  # type: ignore[no-untyped-def]
        self.server = server
        self.folder = tempfile.TemporaryDirectory(prefix="kalends-gtk-")
        self.state_path = Path(self.folder.name) / "state"
        self.log = open(Path(self.folder.name) / "log", "w+")
        self.process = subprocess.Popen([str(program()), "--state", str(self.state_path), *args],
                                        env={**server.env, "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1"},
                                        stdout=self.log, stderr=subprocess.STDOUT)
        self.window = ""
        self.state = self.wait(ready or (lambda s: s.has("day", "month") and s.has("day", "week")),
                               what="the first frames")
        deadline = time.monotonic() + 10
        while not self.window and time.monotonic() < deadline:
            found = server.windows("^Kalends$")
            self.window = found[-1] if found else ""
            time.sleep(0.05)
        assert self.window, "the window did not appear"
        # the state file is written before GTK's first frame reaches the screen: wait for it
        for pane in ("month", "week"):
            days = [line for line in self.state.lines if line[:2] == ["day", pane]]
            if days:
                x, y = float(days[0][4]), float(days[0][5])
                while self.server.screenshot().pixel(*self.screen(pane, x + 7, y + 7)) == (0, 0, 0):
                    assert time.monotonic() < deadline, "the window was not drawn"
                    time.sleep(0.05)

    def read(self) -> Optional[State]:
        try:
            text = self.state_path.read_text()
        except FileNotFoundError:
            return None
        if not text.endswith("end\n"):
            return None
        return State([line.split(" ") for line in text.splitlines()])

    def wait(self, condition, what: str, timeout: float = 10.0) -> State:  # type: ignore[no-untyped-def]
        deadline = time.monotonic() + timeout
        last: Optional[State] = None
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"the program ended ({self.process.returncode}): {self.output()}"
            last = self.read() or last
            if last is not None and condition(last):
                self.state = last
                return last
            time.sleep(0.02)
        raise AssertionError(f"waited {timeout} s for {what}; last state: {last.lines if last else None}; "
                             f"output: {self.output()}")

    def output(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read()[-2000:]

    def geometry(self) -> Tuple[int, int]:
        done = subprocess.run([self.server.xdotool, "getwindowgeometry", "--shell", self.window], env=self.server.env,
                              capture_output=True, text=True, timeout=30, check=True)
        values = dict(line.split("=", 1) for line in done.stdout.split())
        return int(values["X"]), int(values["Y"])

    def screen(self, pane: str, x: float, y: float) -> Tuple[float, float]:
        """A pane's point on the screen."""
        wx, wy = self.geometry()
        ox, oy = self.state.origin(pane)
        return wx + ox + x, wy + oy + y

    def centre(self, pane: str, day: int) -> Tuple[float, float]:
        _, (x, y, w, h) = self.state.day(pane, day)
        return self.screen(pane, x + w / 2, y + h / 2)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        self.folder.cleanup()


