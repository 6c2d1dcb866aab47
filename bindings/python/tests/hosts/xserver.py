"""A real X server for the host tests: Xvfb on a free display with its own cookie, xdotool
to move, click, drag, type and press keys as a person does, and screenshots read into
pixels (ImageMagick's ``import``, read back as PPM: no imaging package needed).

Use the ``xserver`` fixture (one server for the session), or ``XServer.start()`` /
``stop()`` apart. ``xserver.env`` is the environment a client needs (``DISPLAY`` and
``XAUTHORITY``); the fixture also sets both in ``os.environ`` for the module's tests, so Tk
made in the test's own process draws there. Without Xvfb, xdotool or ImageMagick a test is
skipped, and with ``CI=true`` it fails (required.tool).
"""
from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, Iterator, List, Optional, Sequence, Tuple

import pytest

import required

#: The screen every server gets: big enough for the desktop calendar at its default size.
SCREEN = (1280, 900)

RGB = Tuple[int, int, int]


def _auth_entry(cookie: bytes) -> bytes:
    """One Xauthority record that matches every display and address (family FamilyWild,
    an empty address and display number), holding an MIT-MAGIC-COOKIE-1 ``cookie``."""
    def counted(b: bytes) -> bytes:
        return len(b).to_bytes(2, "big") + b
    return (0xFFFF).to_bytes(2, "big") + counted(b"") + counted(b"") + \
        counted(b"MIT-MAGIC-COOKIE-1") + counted(cookie)


@dataclass(frozen=True)
class Image:
    """A screenshot's pixels: ``width`` x ``height``, rows top to bottom, 3 bytes a pixel."""
    width: int
    height: int
    data: bytes

    def pixel(self, x: float, y: float) -> RGB:
        """The colour at (x, y), rounded down to the pixel; outside the image is an error."""
        ix, iy = int(x), int(y)
        if not (0 <= ix < self.width and 0 <= iy < self.height):
            raise IndexError(f"({x}, {y}) is outside the {self.width}x{self.height} screenshot")
        at = (iy * self.width + ix) * 3
        return (self.data[at], self.data[at + 1], self.data[at + 2])

    def colours_in(self, left: float, top: float, right: float, bottom: float) -> Dict[RGB, int]:
        """How many pixels of each colour the rectangle holds (clipped to the image)."""
        counts: Dict[RGB, int] = {}
        for y in range(max(0, int(top)), min(self.height, int(bottom))):
            for x in range(max(0, int(left)), min(self.width, int(right))):
                c = self.pixel(x, y)
                counts[c] = counts.get(c, 0) + 1
        return counts


def parse_ppm(raw: bytes) -> Image:
    """A binary PPM (P6, maxval 255) as an Image."""
    fields: List[bytes] = []
    at = 0
    while len(fields) < 4:
        while raw[at:at + 1].isspace():
            at += 1
        if raw[at:at + 1] == b"#":
            at = raw.index(b"\n", at) + 1
            continue
        end = at
        while not raw[end:end + 1].isspace():
            end += 1
        fields.append(raw[at:end])
        at = end
    at += 1   # the one whitespace byte after maxval
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"not an 8-bit binary PPM: {fields!r}")
    width, height = int(fields[1]), int(fields[2])
    data = raw[at:at + width * height * 3]
    if len(data) != width * height * 3:
        raise ValueError("the PPM is shorter than its header says")
    return Image(width, height, data)


def hex_rgb(colour: str) -> RGB:
    """``#rrggbb`` (or ``#rgb``) as a triple."""
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    return (int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16))


def close(a: RGB, b: RGB, tolerance: int = 8) -> bool:
    """Whether two colours differ by at most ``tolerance`` in every channel."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


class XServer:
    """An Xvfb server on a display it chose itself (``-displayfd``), with a cookie in a
    temporary Xauthority file; xdotool and ImageMagick run against it."""

    def __init__(self, size: Tuple[int, int] = SCREEN) -> None:
        self.size = size
        self.display = ""
        self.env: Dict[str, str] = {}
        self._process: Optional[subprocess.Popen[bytes]] = None
        self._folder: Optional[tempfile.TemporaryDirectory[str]] = None
        self.xdotool = required.tool("xdotool")
        self.import_ = required.tool("import")
        required.tool("convert")

    def start(self) -> "XServer":
        """Starts Xvfb and waits until it accepts clients (its display number written)."""
        xvfb = required.tool("Xvfb")
        self._folder = tempfile.TemporaryDirectory(prefix="kalends-x-")
        auth = Path(self._folder.name) / "Xauthority"
        auth.write_bytes(_auth_entry(secrets.token_bytes(16)))
        read, write = os.pipe()
        try:
            self._process = subprocess.Popen(
                [xvfb, "-displayfd", str(write), "-auth", str(auth), "-nolisten", "tcp",
                 "-screen", "0", f"{self.size[0]}x{self.size[1]}x24", "-dpi", "96"],
                pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        finally:
            os.close(write)
        number = b""
        deadline = time.monotonic() + 20
        with os.fdopen(read, "rb") as pipe:
            while not number.endswith(b"\n"):
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("Xvfb did not report its display within 20 s")
                chunk = pipe.read(1)
                if not chunk:
                    err = self._process.stderr.read().decode(errors="replace") if self._process.stderr else ""
                    self.stop()
                    raise RuntimeError(f"Xvfb stopped before it reported its display: {err[-500:]}")
                number += chunk
        self.display = f":{int(number)}"
        self.env = {**os.environ, "DISPLAY": self.display, "XAUTHORITY": str(auth)}
        return self

    def stop(self) -> None:
        """Stops the server (and removes its cookie); safe to call twice."""
        if self._process is not None:
            self._process.terminate()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            if self._process.stderr:
                self._process.stderr.close()
            self._process = None
        if self._folder is not None:
            self._folder.cleanup()
            self._folder = None

    # -- input, as a person gives it -------------------------------------------------------

    def _xdotool(self, *args: str) -> str:
        done = subprocess.run([self.xdotool, *args], env=self.env, capture_output=True, timeout=30)
        if done.returncode != 0:
            raise RuntimeError(f"xdotool {' '.join(args)}: {done.stderr.decode(errors='replace')}")
        return done.stdout.decode()

    def move(self, x: float, y: float) -> None:
        """Moves the pointer to screen point (x, y)."""
        self._xdotool("mousemove", "--sync", str(round(x)), str(round(y)))

    def click(self, x: float, y: float, button: int = 1) -> None:
        """Moves to (x, y) and clicks ``button`` (1 left, 3 right, 4/5 wheel up/down)."""
        self.move(x, y)
        self._xdotool("click", str(button))

    def press(self, x: float, y: float, button: int = 1) -> None:
        """Moves to (x, y) and holds ``button`` down."""
        self.move(x, y)
        self._xdotool("mousedown", str(button))

    def release(self, button: int = 1) -> None:
        """Lets ``button`` go where the pointer is."""
        self._xdotool("mouseup", str(button))

    def drag(self, start: Tuple[float, float], end: Tuple[float, float], steps: int = 8,
             button: int = 1, between: Optional[Callable[[], None]] = None) -> None:
        """Presses at ``start``, moves to ``end`` through ``steps`` intermediate points (so a
        host sees motion, not a jump), and releases. ``between`` runs after every move (a Tk
        test passes its ``update`` so the widget handles each motion as it comes)."""
        self.press(*start, button=button)
        if between:
            between()
        for i in range(1, steps + 1):
            t = i / steps
            self.move(start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
            if between:
                between()
        self.release(button)

    def type(self, text: str) -> None:
        """Types ``text`` into the window that has the keyboard focus."""
        self._xdotool("type", "--delay", "5", text)

    def key(self, *keys: str) -> None:
        """Presses and releases each key (X keysym names: Right, Return, ctrl+a)."""
        self._xdotool("key", "--delay", "5", *keys)

    def windows(self, name: str) -> List[str]:
        """The ids of visible windows whose name matches ``name`` (a regular expression)."""
        done = subprocess.run([self.xdotool, "search", "--onlyvisible", "--name", name],
                              env=self.env, capture_output=True, timeout=30)
        return done.stdout.decode().split()

    # -- what is on the screen -------------------------------------------------------------

    def screenshot(self, path: Optional[Path] = None) -> Image:
        """The whole screen's pixels now; with ``path`` also kept there as a PNG."""
        done = subprocess.run([self.import_, "-window", "root", "-depth", "8", "ppm:-"], env=self.env,
                              capture_output=True, timeout=60)
        if done.returncode != 0:
            raise RuntimeError(f"import -window root: {done.stderr.decode(errors='replace')}")
        image = parse_ppm(done.stdout)
        if path is not None:
            png = subprocess.run(["convert", "ppm:-", f"png:{path}"], input=done.stdout,
                                 capture_output=True, timeout=60)
            if png.returncode != 0:
                raise RuntimeError(f"convert to PNG: {png.stderr.decode(errors='replace')}")
        return image


def read_png(path: Path) -> Image:
    """A PNG file's pixels (converted by ImageMagick to PPM)."""
    done = subprocess.run(["convert", str(path), "-depth", "8", "ppm:-"], capture_output=True, timeout=60)
    if done.returncode != 0:
        raise RuntimeError(f"convert {path}: {done.stderr.decode(errors='replace')}")
    return parse_ppm(done.stdout)


def wait_until(condition: Callable[[], bool], pump: Callable[[], None], timeout: float = 5.0) -> bool:
    """Runs ``pump`` (a toolkit's event processing) until ``condition`` holds or ``timeout``
    seconds pass; returns whether it held."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pump()
        if condition():
            return True
        time.sleep(0.01)
    pump()
    return condition()


@pytest.fixture(scope="session")
def xserver() -> Iterator[XServer]:
    """An Xvfb server for the test session; ``DISPLAY``/``XAUTHORITY`` point at it meanwhile.
    One per session, not per module: Tk keeps its connection to a display after its last
    window is gone, and exits the process when that server goes away."""
    server = XServer().start()
    saved = {k: os.environ.get(k) for k in ("DISPLAY", "XAUTHORITY")}
    os.environ["DISPLAY"] = server.env["DISPLAY"]
    os.environ["XAUTHORITY"] = server.env["XAUTHORITY"]
    try:
        yield server
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        server.stop()


def tk_root(xserver: XServer) -> "object":
    """A Tk root window on ``xserver`` (tkinter imported through required.module, so a
    Python without Tk skips here, and fails in CI)."""
    tkinter = required.module("tkinter", "python3-tk: the Tk hosts")
    return tkinter.Tk(screenName=xserver.display)


def screen_point(widget: "object", x: float, y: float) -> Tuple[float, float]:
    """A Tk widget's point (x, y) in screen coordinates (for xdotool)."""
    return (widget.winfo_rootx() + x, widget.winfo_rooty() + y)   # type: ignore[attr-defined]


def retype(xserver: XServer, entry: "object", text: str, pump: Callable[[], None]) -> None:
    """Replaces a Tk entry's text as a person does: the pointer over it, the keyboard
    focus in it, End and shift+Home to select what is there, ``text`` typed, Return."""
    xserver.move(*screen_point(entry, 10, entry.winfo_height() / 2))   # type: ignore[attr-defined]
    entry.focus_force()   # type: ignore[attr-defined]
    if not wait_until(lambda: entry.focus_get() == entry, pump):   # type: ignore[attr-defined]
        raise RuntimeError("the entry did not get the keyboard focus")
    xserver.key("End", "shift+Home")
    xserver.type(text)
    xserver.key("Return")


def pump_tk(root: "object") -> Callable[[], None]:
    """A pump for wait_until/drag that lets Tk handle what the server sent."""
    def pump() -> None:
        root.update()   # type: ignore[attr-defined]
    return pump


__all__: Sequence[str] = ("XServer", "Image", "xserver", "parse_ppm", "read_png", "hex_rgb", "close",
                          "wait_until", "tk_root", "screen_point", "pump_tk", "retype", "SCREEN")
