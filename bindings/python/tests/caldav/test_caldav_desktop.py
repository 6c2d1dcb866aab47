"""The desktop calendar's CalDAV account (kalends.app.desktop.caldav_account): its
arguments, its events read into the window's store with the window's ids, and a moved
event written back by the window's save."""
from __future__ import annotations

import argparse
import datetime as dt

import caldav
import pytest

import kalends
from kalends.app.desktop.sources import CalDAVAccount
from kalends.app.desktop.sources import SourceError, add_arguments, sources_from_arguments
from radicale_server import PASSWORD, USER, Radicale


def test_the_desktop_takes_an_account_and_reads_and_writes_its_events(radicale: Radicale,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KALENDS_CALDAV_PASSWORD", PASSWORD)
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args(["--caldav", radicale.url, "--caldav-user", USER, "--caldav-calendar", "Work"])
    (account,) = sources_from_arguments(args)
    assert isinstance(account, CalDAVAccount) and account.name == "Work"
    account.today = dt.date(2026, 3, 15)
    store = kalends.EventStore([kalends.Event(1, "from a file", False, 0, 60)])
    count = account.load(store, 2, kalends.TimeZone("Europe/Paris"))
    assert count > 2000 and len(store) == count + 1
    # (October: a month no other test compares with the seed, as the server is the session's)
    event = next(e for e in store.query(dt.date(2026, 10, 1), dt.date(2026, 10, 20)) if e.title == "w 1691")
    store.update(kalends.Event(event.id, event.title, False, event.start + 7200, event.end + 7200))
    account.save(store)
    server = caldav.DAVClient(url=radicale.url, username=USER, password=PASSWORD, require_tls=False)
    written = server.calendar(url=radicale.calendar_url("work")).event_by_uid("w1691")
    assert int(written.icalendar_component["DTSTART"].dt.timestamp()) == event.start + 7200


def test_refused_credentials_are_a_message_of_the_window(radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KALENDS_CALDAV_PASSWORD", "wrong-one-77")
    with pytest.raises(SourceError) as refused:
        CalDAVAccount(radicale.url, USER).load(kalends.EventStore())
    assert "refused the credentials" in str(refused.value) and "wrong-one-77" not in str(refused.value)
