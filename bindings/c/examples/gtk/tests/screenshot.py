"""`make screenshots` (the GTK part): the host on an X server, a range dragged across three
days of the month, an event being dragged in the week, the window saved as a PNG.

    KALENDS_GTK_HOST=PROGRAM python3 screenshot.py OUT.png"""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gtk_host import Host  # noqa: E402
from xserver import XServer  # noqa: E402


def main(out: str) -> int:
    server = XServer().start()
    try:
        host = Host(server, "--date", "2026-11-24")
        try:
            d = host.state.page("month")[1]                     # the page's first day
            first, last = d + 22, d + 24                        # Monday to Wednesday of the events' week
            server.drag(host.centre("month", first), host.centre("month", last))
            host.wait(lambda s: s.selection()[0] == 3, "the range")
            time.sleep(0.5)                                    # the week's slide ends
            subprocess.run([server.import_, "-window", host.window, out], env=server.env, check=True, timeout=60)
        finally:
            host.stop()
    finally:
        server.stop()
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
