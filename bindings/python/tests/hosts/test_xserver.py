"""The X harness itself, against Tk: a click, a drag with motion between, typed text and a
key reach the window, and the screenshot shows the colours Tk drew where it drew them."""
from __future__ import annotations

from xserver import XServer, close, hex_rgb, pump_tk, screen_point, tk_root, wait_until


def test_pointer_keys_and_screenshot_reach_tk(xserver: XServer) -> None:
    root = tk_root(xserver)
    try:
        import tkinter as tk
        root.geometry("400x300+20+30")
        canvas = tk.Canvas(root, width=400, height=200, background="#ffffff", highlightthickness=0)
        canvas.pack()
        canvas.create_rectangle(100, 50, 200, 150, fill="#1e90ff", outline="")
        entry = tk.Entry(root)
        entry.pack()
        seen: list[tuple[str, int, int]] = []
        canvas.bind("<Button-1>", lambda e: seen.append(("press", e.x, e.y)))
        canvas.bind("<B1-Motion>", lambda e: seen.append(("motion", e.x, e.y)))
        canvas.bind("<ButtonRelease-1>", lambda e: seen.append(("release", e.x, e.y)))
        pump = pump_tk(root)
        assert wait_until(lambda: canvas.winfo_viewable() == 1, pump)
        pump()

        xserver.click(*screen_point(canvas, 150, 100))
        assert wait_until(lambda: ("release", 150, 100) in seen, pump), seen
        assert ("press", 150, 100) in seen

        seen.clear()
        xserver.drag(screen_point(canvas, 20, 20), screen_point(canvas, 380, 180), steps=6, between=pump)
        assert wait_until(lambda: any(s[0] == "release" for s in seen), pump), seen
        motions = [s for s in seen if s[0] == "motion"]
        assert len(motions) >= 3, seen                    # motion between, not a jump
        assert seen[-1] == ("release", 380, 180)

        entry.focus_force()
        xserver.move(*screen_point(entry, 5, 5))
        pump()
        xserver.type("2026-11-28")
        xserver.key("BackSpace")
        assert wait_until(lambda: entry.get() == "2026-11-2", pump), entry.get()

        shot = xserver.screenshot()
        assert (shot.width, shot.height) == xserver.size
        inside = screen_point(canvas, 150, 100)
        outside = screen_point(canvas, 50, 100)
        assert close(shot.pixel(*inside), hex_rgb("#1e90ff")), shot.pixel(*inside)
        assert close(shot.pixel(*outside), (255, 255, 255)), shot.pixel(*outside)
    finally:
        root.destroy()


def test_servers_are_apart_and_stop() -> None:
    a = XServer((200, 100)).start()
    b = XServer((300, 120)).start()
    try:
        assert a.display != b.display
        assert (a.screenshot().width, b.screenshot().width) == (200, 300)
    finally:
        a.stop()
        b.stop()
        a.stop()   # twice is harmless
