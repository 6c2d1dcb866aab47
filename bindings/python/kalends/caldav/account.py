"""A CalDAV account: the ``caldav`` library's client for a URL and credentials, the
password from a callback or an environment variable (never logged, never in a repr or
an error message), and discovery of the account's calendars."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable, Optional, Union

from caldav.davclient import DAVClient
from caldav.lib import error as dav_error

from .errors import AuthenticationError, CalDAVError

#: The environment variable a password is read from when none is given.
PASSWORD_VARIABLE = "KALENDS_CALDAV_PASSWORD"

#: A password: the text, or a keyring-style callback asked once when the client is made.
Password = Union[str, Callable[[], str], None]


@dataclass(frozen=True)
class CalendarInfo:
    """A calendar of the account: its display name (may be empty) and its URL."""

    name: str
    url: str


def resolve_password(password: Password, variable: str = PASSWORD_VARIABLE) -> Optional[str]:
    """The password: ``password`` itself, what the callback returns, or (None) the
    environment variable ``variable`` (None when unset)."""
    if password is None:
        return os.environ.get(variable)
    if callable(password):
        found = password()
        if not isinstance(found, str):
            raise TypeError(f"the password callback must return a str, not {type(found).__name__}")
        return found
    if not isinstance(password, str):
        raise TypeError(f"password must be a str, a callable returning one, or None, not {type(password).__name__}")
    return password


def connect(url: str, username: Optional[str], password: Password, timeout: float = 30.0) -> DAVClient:
    """A ``DAVClient`` for the account (HTTP Basic; plain http only to a loopback
    host, as a test server is)."""
    if not isinstance(url, str) or not url:
        raise TypeError("url must be a non-empty str")
    secret = resolve_password(password)
    local = url.startswith(("http://127.0.0.1", "http://localhost", "http://[::1]"))
    return DAVClient(url=url, username=username, password=secret, timeout=int(timeout), require_tls=not local)


def calendars(client: DAVClient) -> list[CalendarInfo]:
    """The calendars of the client's account (its principal's calendar home); when the
    URL is a calendar itself and no principal is found, that calendar."""
    try:
        found = client.get_calendars()
        out = [CalendarInfo(str(c.get_display_name() or ""), str(c.url)) for c in found]
    except dav_error.AuthorizationError as e:
        raise AuthenticationError(f"the server refused the credentials (HTTP {_status(e)})") from None
    except dav_error.DAVError as e:
        raise CalDAVError(f"discovery failed: {type(e).__name__}") from None
    except OSError as e:
        raise CalDAVError(f"the server cannot be reached: {e.strerror or type(e).__name__}") from None
    return out


def pick(found: list[CalendarInfo], calendar: Optional[str]) -> CalendarInfo:
    """The calendar named (display name or URL) ``calendar``; None: the first."""
    if not found:
        raise CalDAVError("the account has no calendars")
    if calendar is None:
        return found[0]
    for c in found:
        if calendar in (c.name, c.url) or c.url.rstrip("/").endswith("/" + calendar.strip("/")):
            return c
    raise CalDAVError(f"no calendar {calendar!r} in the account (it has {', '.join(c.name or c.url for c in found)})")


def _status(e: BaseException) -> str:
    reason = getattr(e, "reason", None)
    return str(reason) if reason else "401"


__all__ = ["CalendarInfo", "PASSWORD_VARIABLE", "Password", "resolve_password", "connect", "calendars", "pick"]
