"""What a CalDAV source reports: errors of the server or the network, refused
credentials, and write conflicts (412) with the server's version."""
from __future__ import annotations

from typing import Optional


class CalDAVError(Exception):
    """A request to the CalDAV server failed (the message says which and why; it never
    holds the password)."""


class AuthenticationError(CalDAVError):
    """The server refused the credentials (HTTP 401 or 403)."""


class ConflictError(CalDAVError):
    """A write was refused because the resource changed on the server (HTTP 412): the
    server's version (``server``, its ETag ``server_etag``) is what the store holds now,
    and the change that was refused is kept in ``mine`` (iCalendar text) to apply
    again or show the user."""

    def __init__(self, message: str, href: str, mine: str, server: Optional[str], server_etag: Optional[str]) -> None:
        super().__init__(message)
        self.href = href
        self.mine = mine
        self.server = server
        self.server_etag = server_etag


__all__ = ["CalDAVError", "AuthenticationError", "ConflictError"]
