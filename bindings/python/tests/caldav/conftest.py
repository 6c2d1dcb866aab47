"""The Radicale of the CalDAV tests: one server for the module (session), seeded with a
calendar of thousands of events (single ones in four zones, all-day ones, recurring
series with overrides, EXDATEs, a cancelled instance and an RSCALE rule) and an empty
one; stopped at the end."""
from __future__ import annotations

from typing import Iterator

import pytest

from required import module

module("radicale", "the CalDAV tests' server")
module("caldav", "the CalDAV client kalends.caldav is built on")

from radicale_server import BIG, WORK, Radicale  # noqa: E402



@pytest.fixture(scope="session")
def radicale() -> Iterator[Radicale]:
    server = Radicale({"work": ("Work", WORK), "home": ("Home", {})})
    server.start()
    server.warm("work")
    try:
        yield server
    finally:
        server.remove()




@pytest.fixture(scope="session")
def big(radicale: Radicale) -> Radicale:
    """The session's Radicale with the 10,000-event calendar "big" (seeded and warmed
    when a test first asks for it)."""
    radicale.seed("big", "Big", BIG)
    radicale.warm("big")
    return radicale
