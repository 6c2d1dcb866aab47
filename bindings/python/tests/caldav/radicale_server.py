"""A real Radicale (PyPI ``radicale``) for the CalDAV tests: started on 127.0.0.1 on a
free port, with a temporary storage folder and htpasswd auth, seeded by writing its
collections' files before it starts (one .ics a resource, as Radicale stores them),
stopped (and its folder removed) at the end."""
from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import zoneinfo
from pathlib import Path
from typing import Optional

import caldav
import icalendar

USER, PASSWORD = "alice", "s3cret-pa55"
ZONES = ("UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def resource(*events: icalendar.Event) -> str:
    """One resource's text: a VCALENDAR of the events with the VTIMEZONEs they use."""
    cal = icalendar.Calendar()
    cal.add("PRODID", "-//Kalends tests//Radicale seed//EN")
    cal.add("VERSION", "2.0")
    for e in events:
        cal.add_component(e)
    cal.add_missing_timezones()
    return str(cal.to_ical().decode("utf-8"))


def vevent(uid: str, title: str, start: dt.date, end: dt.date, **extra: object) -> icalendar.Event:
    e = icalendar.Event()
    e.add("UID", uid)
    e.add("DTSTAMP", dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc))
    e.add("SUMMARY", title)
    e.add("DTSTART", start)
    e.add("DTEND", end)
    for name, value in extra.items():
        e.add(name.replace("_", "-"), value)
    return e


def singles(count: int, first: dt.datetime, step_hours: int, prefix: str) -> dict[str, str]:
    """``count`` single events from ``first``, every ``step_hours``, in the ZONES in turn,
    every 7th all-day."""
    out = {}
    for i in range(count):
        zone = zoneinfo.ZoneInfo(ZONES[i % len(ZONES)])
        wall = first + dt.timedelta(hours=step_hours * i)
        uid = f"{prefix}{i}"
        if i % 7 == 3:
            day = wall.date()
            out[uid] = resource(vevent(uid, f"{prefix} {i}", day, day + dt.timedelta(days=1 + i % 3)))
        else:
            start = wall.replace(tzinfo=zone)
            out[uid] = resource(vevent(uid, f"{prefix} {i}", start, start + dt.timedelta(minutes=30 + 15 * (i % 5))))
    return out


def plain(count: int, first: int, step: int, prefix: str) -> dict[str, str]:
    """``count`` single UTC events of 45 minutes from instant ``first``, every ``step``
    seconds: the simplest resources (no VTIMEZONE), written as text for speed."""
    out = {}
    for i in range(count):
        s = dt.datetime(1970, 1, 1) + dt.timedelta(seconds=first + i * step)
        e = s + dt.timedelta(minutes=45)
        out[f"{prefix}{i}"] = (
            f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Kalends tests//Radicale seed//EN\r\nBEGIN:VEVENT\r\n"
            f"UID:{prefix}{i}\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:{prefix} {i}\r\n"
            f"DTSTART:{s:%Y%m%dT%H%M%S}Z\r\nDTEND:{e:%Y%m%dT%H%M%S}Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    return out


def series() -> dict[str, str]:
    """Recurring series: a weekly meeting in Paris with an EXDATE and a moved override,
    a daily one in New York with COUNT and a cancelled instance, a monthly all-day one,
    and an RSCALE birthday on 29 February (SKIP=FORWARD: 1 March in common years)."""
    paris, ny = zoneinfo.ZoneInfo("Europe/Paris"), zoneinfo.ZoneInfo("America/New_York")
    out = {}
    start = dt.datetime(2026, 1, 5, 10, tzinfo=paris)
    master = vevent("weekly", "Weekly sync", start, start + dt.timedelta(hours=1),
                    rrule={"FREQ": "WEEKLY", "BYDAY": ["MO"]})
    master.add("EXDATE", dt.datetime(2026, 3, 9, 10, tzinfo=paris))
    moved = vevent("weekly", "Weekly sync (moved)", dt.datetime(2026, 3, 17, 15, tzinfo=paris),
                   dt.datetime(2026, 3, 17, 16, tzinfo=paris), recurrence_id=dt.datetime(2026, 3, 16, 10, tzinfo=paris))
    out["weekly"] = resource(master, moved)
    start = dt.datetime(2026, 2, 20, 8, 30, tzinfo=ny)
    daily = vevent("daily", "Daily standup", start, start + dt.timedelta(minutes=15),
                   rrule={"FREQ": "DAILY", "COUNT": 60})
    cancelled = vevent("daily", "Daily standup", dt.datetime(2026, 3, 10, 8, 30, tzinfo=ny),
                       dt.datetime(2026, 3, 10, 8, 45, tzinfo=ny), recurrence_id=dt.datetime(2026, 3, 10, 8, 30, tzinfo=ny),
                       status="CANCELLED")
    out["daily"] = resource(daily, cancelled)
    out["monthly"] = resource(vevent("monthly", "Rent", dt.date(2026, 1, 1), dt.date(2026, 1, 2),
                                     rrule={"FREQ": "MONTHLY"}))
    return out


class Radicale:
    """A Radicale server process over a temporary folder."""

    def __init__(self, calendars: dict[str, tuple[str, dict[str, str]]]) -> None:
        """``calendars``: collection name -> (display name, {uid: resource text})."""
        self.folder = Path(tempfile.mkdtemp(prefix="kalends-radicale-"))
        (self.folder / "users").write_text(f"{USER}:{PASSWORD}\n")
        for name, (display, items) in calendars.items():
            self.seed(name, display, items)
        self.port = 0
        self.process: Optional[subprocess.Popen[bytes]] = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def calendar_url(self, name: str) -> str:
        return f"{self.url}{USER}/{name}/"

    def seed(self, name: str, display: str, items: dict[str, str]) -> None:
        folder = self.folder / "storage" / "collection-root" / USER / name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / ".Radicale.props").write_text(json.dumps({"tag": "VCALENDAR", "D:displayname": display}))
        for uid, text in items.items():
            (folder / f"{uid}.ics").write_text(text, newline="")

    def start(self) -> None:
        self.port = free_port()
        log = open(self.folder / "radicale.log", "ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "radicale", "--server-hosts", f"127.0.0.1:{self.port}",
             "--storage-filesystem-folder", str(self.folder / "storage"), "--auth-type", "htpasswd",
             "--auth-htpasswd-filename", str(self.folder / "users"), "--auth-htpasswd-encryption", "plain",
             "--rights-type", "owner_only", "--logging-level", "info"],
            stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Radicale exited: {(self.folder / 'radicale.log').read_text()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("Radicale did not start in 30 s")

    def warm(self, name: str) -> None:
        """Has Radicale read every resource of a collection once (its item cache: a cold
        collection's first time-range REPORT parses every resource, 5 to 30 ms each on
        a loaded machine: minutes for 10,000), so the tests' requests cost what a running
        server's do; and a first sync-collection (its token state)."""
        client = caldav.DAVClient(url=self.url, username=USER, password=PASSWORD, timeout=900, require_tls=False)
        body = ('<?xml version="1.0" encoding="utf-8"?><C:calendar-query xmlns:D="DAV:" '
                'xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop><C:filter>'
                '<C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="19000101T000000Z" '
                'end="21000101T000000Z"/></C:comp-filter></C:comp-filter></C:filter></C:calendar-query>')
        client.report(self.calendar_url(name), body, depth=1)
        sync = ('<?xml version="1.0" encoding="utf-8"?><D:sync-collection xmlns:D="DAV:"><D:sync-token/>'
                '<D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>')
        client.report(self.calendar_url(name), sync, depth=None)

    def kill(self) -> None:
        """Stops the server at once (SIGKILL): a server gone mid-session."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


__all__ = ["Radicale", "USER", "PASSWORD", "ZONES", "free_port", "resource", "vevent", "singles", "plain", "series", "WORK", "BIG"]


#: The seeded "work" calendar: uid -> resource text.
WORK = {**singles(2000, dt.datetime(2026, 1, 1, 7), 4, "w"), **series()}

#: The "big" calendar: 10,000 events, one every 100 minutes from 2026-01-01 (~430 a month).
BIG = plain(10_000, int(dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc).timestamp()), 6000, "b")
