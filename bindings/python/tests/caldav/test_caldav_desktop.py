"""The desktop calendar's CalDAV account (kalends.app.desktop.caldav_account): its
arguments, its events read into the window's store with the window's ids, and a moved
event written back by the window's save."""
from __future__ import annotations

import argparse
import datetime as dt
import zoneinfo

import caldav
import pytest

import kalends
from kalends.app.desktop.sources import CalDAVAccount
from kalends.app.desktop.sources import SourceError, add_arguments, sources_from_arguments
from radicale_server import PASSWORD, USER, Radicale, resource, vevent


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


def test_the_desktop_account_writes_deleted_and_created_events_and_only_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KALENDS_CALDAV_PASSWORD", PASSWORD)
    paris = zoneinfo.ZoneInfo("Europe/Paris")
    at = dt.datetime(2026, 6, 10, 9, tzinfo=paris)
    radicale = Radicale({"desk": ("Desk", {   # its own server: the session's calendars stay as other tests expect
        "keep": resource(vevent("keep", "Keep", at, at + dt.timedelta(hours=1))),
        "drop": resource(vevent("drop", "Drop", at + dt.timedelta(days=1), at + dt.timedelta(days=1, hours=1))),
        "weekly": resource(vevent("weekly", "Weekly", at, at + dt.timedelta(minutes=30),
                                  rrule={"FREQ": "WEEKLY", "COUNT": 4})),
    })})
    radicale.start()
    try:
        _write_and_check(radicale, at)
    finally:
        radicale.remove()


def _write_and_check(radicale: Radicale, at: dt.datetime) -> None:
    paris = at.tzinfo
    account = CalDAVAccount(radicale.url, USER, "Desk", today=dt.date(2026, 6, 1))
    store = kalends.EventStore([kalends.Event(1, "from a file", False, int(at.timestamp()), int(at.timestamp()) + 60)])
    count = account.load(store, 2, kalends.TimeZone("Europe/Paris"))
    assert count == 6
    loaded = store.query(dt.date(2026, 6, 1), dt.date(2026, 7, 31), kalends.TimeZone("Europe/Paris"))
    store.remove(next(e.id for e in loaded if e.title == "Drop"))
    second = sorted((e for e in loaded if e.title == "Weekly"), key=lambda e: e.start)[1]
    store.remove(second.id)
    new_start = int(at.timestamp()) + 3 * 86400
    store.add(kalends.Event(2 + count, "Created in the window", False, new_start, new_start + 1800))
    account.save(store)

    calendar = caldav.DAVClient(url=radicale.url, username=USER, password=PASSWORD,
                                require_tls=False).calendar(url=radicale.calendar_url("desk"))

    def on_server() -> list[tuple[str, int]]:
        found = calendar.search(start=dt.datetime(2026, 6, 1, tzinfo=paris), end=dt.datetime(2026, 8, 1, tzinfo=paris),
                                event=True, expand=True)
        return sorted((str(e.icalendar_component["SUMMARY"]), int(e.icalendar_component["DTSTART"].dt.timestamp()))
                      for e in found)
    week = 7 * 86400
    t = int(at.timestamp())
    assert on_server() == sorted([("Keep", t), ("Weekly", t), ("Weekly", t + 2 * week), ("Weekly", t + 3 * week),
                                  ("Created in the window", new_start)])
    # the created event is the account's now: moved, then deleted, through its id
    store.update(kalends.Event(2 + count, "Created in the window", False, new_start + 3600, new_start + 5400))
    account.save(store)
    assert ("Created in the window", new_start + 3600) in on_server()
    store.remove(2 + count)
    account.save(store)
    assert [title for title, _ in on_server()].count("Created in the window") == 0
