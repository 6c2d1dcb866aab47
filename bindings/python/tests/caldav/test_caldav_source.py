"""kalends.caldav against a real Radicale (conftest.py): discovery, credentials, the
exact REPORT range of each page, paging back from the cache, the events Kalends expands
(checked against recurring-ical-events), a change by another client seen after a sync
(by token, then by ETags), writes with If-Match, an occurrence written as an override,
deletes, a 412 conflict, a server killed mid-request."""
from __future__ import annotations

import datetime as dt
from typing import Any

import caldav
import icalendar
import pytest

import kalends
from kalends.caldav import AuthenticationError, CalDAVError, CalDAVSource, ConflictError
from radicale_server import WORK
from helpers import PARIS, Requests, midnight, oracle, shown, stamp, wait
from radicale_server import PASSWORD, USER, Radicale, resource, vevent


def month_view(day: dt.date) -> tuple[kalends.View, kalends.EventStore]:
    view = kalends.View(width=700)
    view.go_to(day)
    store = kalends.EventStore()
    view.set_store(store, kalends.TimeZone("Europe/Paris"))
    return view, store


def source(server: Radicale, **options: Any) -> CalDAVSource:
    options.setdefault("zone", "Europe/Paris")
    options.setdefault("timeout", 300)         # a loaded CI machine: Radicale is slow, not gone
    return CalDAVSource(server.url, USER, PASSWORD, options.pop("calendar", "Work"), **options)


def first_page(server: Radicale, day: dt.date, calendar: str = "Work"
               ) -> tuple[kalends.View, kalends.EventStore, CalDAVSource, Requests, tuple[int, int]]:
    """A month view of ``day`` on the calendar, its first answer in, and the instants of
    its days (what its one REPORT must have asked for)."""
    view, store = month_view(day)
    s = source(server, calendar=calendar)
    requests = Requests(s)
    s.attach(view)
    wait(view)
    page = view.page
    return view, store, s, requests, (midnight(page.first_date), midnight(page.last_date + dt.timedelta(days=1)))


def edited_week(server: Radicale, day: dt.date) -> tuple[kalends.View, kalends.EventStore, CalDAVSource,
                                                         list[CalDAVError], Any]:
    """A week view of ``day`` on the Work calendar, its first answer in, editable (the
    Editing returned), the source's errors collected."""
    from kalends.editing import Editing
    view, store = month_view(day)
    view.set_mode(kalends.DisplayMode.WEEK)
    s = source(server)
    errors: list[CalDAVError] = []
    s.on_error = errors.append
    s.attach(view)
    wait(view)
    editing = Editing(view)
    editing.set_options(editable=True)
    return view, store, s, errors, editing


def other_client(server: Radicale) -> Any:
    return caldav.DAVClient(url=server.url, username=USER, password=PASSWORD, require_tls=False)


def test_discovery_lists_the_accounts_calendars_and_picks_one(radicale: Radicale) -> None:
    s = source(radicale)
    assert sorted(c.name for c in s.calendars) == ["Home", "Work"]
    assert s.calendar.url == radicale.calendar_url("work")
    assert source(radicale, calendar=radicale.calendar_url("home")).calendar.name == "Home"
    with pytest.raises(CalDAVError, match="no calendar 'Gym'"):
        source(radicale, calendar="Gym")


def test_wrong_credentials_are_refused_and_the_password_never_shows(radicale: Radicale,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(AuthenticationError) as refused:
        CalDAVSource(radicale.url, USER, "wrong-password-xyz")
    assert "wrong-password-xyz" not in str(refused.value) and "wrong-password-xyz" not in repr(refused.value)
    monkeypatch.setenv("KALENDS_CALDAV_PASSWORD", PASSWORD)
    s = CalDAVSource(radicale.url, USER)                        # from the environment
    assert PASSWORD not in repr(s) and PASSWORD not in repr(vars(s))
    asked = []
    CalDAVSource(radicale.url, USER, lambda: asked.append(1) or PASSWORD)   # a keyring-style callback
    assert asked == [1]


def test_each_page_asks_for_exactly_its_days_never_fetched_and_paging_back_asks_nothing(radicale: Radicale) -> None:
    view, store, s, requests, (a, b) = first_page(radicale, dt.date(2026, 3, 15))
    march = view.page
    assert requests.reports() == [(stamp(a), stamp(b))]
    assert shown(store, view) == oracle(WORK, march.first_date, march.last_date)
    assert len(shown(store, view)) > 200

    requests.clear()
    view.next_page()                                     # April: only the days March's page did not show
    wait(view)
    april = view.page
    assert requests.reports() == [(stamp(b), stamp(midnight(april.last_date + dt.timedelta(days=1))))]
    assert shown(store, view) == oracle(WORK, april.first_date, april.last_date)

    requests.clear()
    view.previous_page()                                 # back to March: from the cache
    wait(view)
    s._run(lambda: None)
    assert requests.made == []
    assert s.last_timing is not None and (s.last_timing.network, s.last_timing.resources) == (0.0, 0)
    assert s.last_timing.events == len(shown(store, view))
    assert shown(store, view) == oracle(WORK, march.first_date, march.last_date)


def test_series_are_read_once_and_expanded_by_kalends_with_overrides_exdates_and_cancellations(radicale: Radicale) -> None:
    view, store = month_view(dt.date(2026, 3, 15))
    s = source(radicale)
    s.attach(view)
    wait(view)
    titles = {(t, st) for t, _, st, _ in shown(store, view)}
    at = lambda *a: int(dt.datetime(*a, tzinfo=PARIS).timestamp())
    assert ("Weekly sync", at(2026, 3, 2, 10)) in titles
    assert not any(st == at(2026, 3, 9, 10) for _, st in titles)                   # EXDATE
    assert ("Weekly sync (moved)", at(2026, 3, 17, 15)) in titles                  # the override
    assert not any(t == "Weekly sync" and st == at(2026, 3, 16, 10) for t, st in titles)
    ny = dt.timezone(dt.timedelta(hours=-4))
    standups = sorted(st for t, st in titles if t == "Daily standup")
    assert int(dt.datetime(2026, 3, 10, 8, 30, tzinfo=ny).timestamp()) not in standups   # cancelled
    # the series came with March's answer and again with April's (the server lists a
    # series for every range it touches): read once, at its ETag
    entry = s._cache.resources[f"/{USER}/work/weekly.ics"]
    view.next_page()
    wait(view)
    assert s._cache.resources[f"/{USER}/work/weekly.ics"] is entry
    assert ("Weekly sync", at(2026, 4, 6, 10)) in {(t, st) for t, _, st, _ in shown(store, view)}


def test_a_change_by_another_client_is_seen_after_a_sync_by_token_then_by_etags(radicale: Radicale) -> None:
    view, store = month_view(dt.date(2026, 5, 15))
    s = source(radicale)
    s.attach(view)
    wait(view)
    first = s.sync()                                      # no token yet: ETags, and a token for next time
    assert (first.changed, first.deleted, first.by_token) == ([], [], False)
    assert s.sync_fallback == "no sync token yet"
    cal = other_client(radicale).calendar(url=radicale.calendar_url("work"))
    day = dt.datetime(2026, 5, 20, 12, tzinfo=PARIS)
    cal.save_event(resource(vevent("added-by-phone", "Dentist", day, day + dt.timedelta(hours=1))))
    victim = next(t for t, _, _, _ in shown(store, view) if t.startswith("w "))
    cal.event_by_uid(victim.replace(" ", "")).delete()
    requests = Requests(s)
    found = s.sync()
    assert s.sync_fallback is None
    assert found.by_token and found.deleted == [f"/{USER}/work/{victim.replace(' ', '')}.ics"]
    assert found.changed == [f"/{USER}/work/added-by-phone.ics"]
    # Radicale 3.9 answers a token with every resource (its ETags): those cached are
    # compared; for the others the fetched ranges' ETags say which are new there
    assert [m for m, _ in requests.made] == ["REPORT sync", "REPORT", "REPORT multiget"]
    titles = [t for t, _, _, _ in shown(store, view)]
    assert "Dentist" in titles and victim not in titles


def test_moves_write_back_with_if_match_and_an_occurrence_becomes_an_override(radicale: Radicale) -> None:
    view, store = month_view(dt.date(2026, 4, 15))
    s = source(radicale)
    s.attach(view)
    wait(view)
    page = store.query(view.page.first_date, view.page.last_date, kalends.TimeZone("Europe/Paris"))
    single = next(e for e in page if e.title.startswith("w ") and not e.all_day)
    etag = s.move(single.id, single.start + 3600, single.end + 7200)
    assert store.get(single.id).start == single.start + 3600 and store.get(single.id).end == single.end + 7200
    uid = single.title.replace(" ", "")
    server = other_client(radicale).calendar(url=radicale.calendar_url("work")).event_by_uid(uid)
    assert int(server.icalendar_component["DTSTART"].dt.timestamp()) == single.start + 3600
    assert server.props.get("{DAV:}getetag", etag) == etag or etag

    weekly = next(e for e in page if e.title == "Weekly sync")
    s.move(weekly.id, weekly.start + 1800, weekly.end + 1800)
    text = other_client(radicale).calendar(url=radicale.calendar_url("work")).event_by_uid("weekly").data
    cal = icalendar.Calendar.from_ical(text)
    overrides = [e for e in cal.walk("VEVENT") if e.get("RECURRENCE-ID") is not None]
    assert {int(e["RECURRENCE-ID"].dt.timestamp()) for e in overrides} >= {weekly.start}
    moved = next(e for e in overrides if int(e["RECURRENCE-ID"].dt.timestamp()) == weekly.start)
    assert int(moved["DTSTART"].dt.timestamp()) == weekly.start + 1800
    assert store.get(weekly.id).start == weekly.start + 1800
    others = [e for e in store.query(view.page.first_date, view.page.last_date, kalends.TimeZone("Europe/Paris"))
              if e.title == "Weekly sync" and e.id != weekly.id]
    assert others and all(e.start % 3600 == weekly.start % 3600 for e in others)   # the rest of the series stays

    s.delete(others[0].id)    # one occurrence: an EXDATE
    text = other_client(radicale).calendar(url=radicale.calendar_url("work")).event_by_uid("weekly").data
    exdates = [d.dt for x in (icalendar.Calendar.from_ical(text).walk("VEVENT")[0].get("EXDATE"),)
               for d in (x if isinstance(x, list) else [x]) for d in d.dts]
    assert any(int(d.timestamp()) == others[0].start for d in exdates)
    assert others[0].id not in {e.id for e in store.query(view.page.first_date, view.page.last_date,
                                                          kalends.TimeZone("Europe/Paris"))}
    s.delete(single.id)                                   # a single event: DELETE
    with pytest.raises(caldav.lib.error.NotFoundError):
        other_client(radicale).calendar(url=radicale.calendar_url("work")).event_by_uid(uid)


def test_a_conflicting_edit_reports_the_servers_version_and_keeps_the_refused_change(radicale: Radicale) -> None:
    view, store = month_view(dt.date(2026, 6, 15))
    s = source(radicale)
    s.attach(view)
    wait(view)
    event = next(e for e in store.query(view.page.first_date, view.page.last_date, kalends.TimeZone("Europe/Paris"))
                 if e.title.startswith("w ") and not e.all_day)
    uid = event.title.replace(" ", "")
    theirs = other_client(radicale).calendar(url=radicale.calendar_url("work")).event_by_uid(uid)
    theirs.icalendar_component["SUMMARY"] = "Renamed on the phone"
    theirs.save()
    with pytest.raises(ConflictError) as conflict:
        s.move(event.id, event.start + 3600, event.end + 3600)
    assert "Renamed on the phone" in (conflict.value.server or "")
    mine = icalendar.Calendar.from_ical(conflict.value.mine).walk("VEVENT")[0]
    assert int(mine["DTSTART"].dt.timestamp()) == event.start + 3600          # nothing lost
    now = store.get(event.id)
    assert (now.title, now.start) == ("Renamed on the phone", event.start)    # the store shows the server's
    assert s.last_error is conflict.value


def test_a_view_edit_is_written_back_and_a_failed_write_rolls_the_store_back(radicale: Radicale) -> None:
    from kalends.editing import EditKey
    view, store, s, errors, editing = edited_week(radicale, dt.date(2026, 7, 15))
    s.watch(editing)
    event = next(e for e in store.query(view.page.first_date, view.page.last_date, kalends.TimeZone("Europe/Paris"))
                 if e.title.startswith("w ") and not e.all_day)
    editing.key(EditKey.LATER, event.id)
    s._run(lambda: None)                                  # the write queued behind it is done
    uid = event.title.replace(" ", "")
    server = other_client(radicale).calendar(url=radicale.calendar_url("work")).event_by_uid(uid)
    later = store.get(event.id).start
    assert later != event.start and int(server.icalendar_component["DTSTART"].dt.timestamp()) == later
    assert errors == []

    requests = Requests(s)
    requests.before = lambda method: (_ for _ in ()).throw(ConnectionResetError()) if method == "PUT" else None
    editing.key(EditKey.LATER, event.id)
    s._run(lambda: None)
    assert store.get(event.id).start == later                 # rolled back to the server's
    assert len(errors) == 1 and "PUT" in str(errors[0])


def test_a_server_killed_mid_request_leaves_the_view_its_data_and_reports_the_error() -> None:
    from radicale_server import WORK as seeded
    server = Radicale({"work": ("Work", dict(list(seeded.items())[:300]))})
    server.start()
    try:
        view, store = month_view(dt.date(2026, 1, 15))
        errors: list[CalDAVError] = []
        s = source(server, on_error=errors.append)
        s.attach(view)
        wait(view)
        before = shown(store, view)
        assert before
        requests = Requests(s)
        requests.before = lambda method: server.kill() if method == "REPORT" else None
        view.next_page()                                   # the page changes at once
        wait(view)
        assert view.page.month == 2
        assert len(errors) == 1 and isinstance(errors[0], CalDAVError) and s.last_error is errors[0]
        view.previous_page()                               # January: still there, from the cache
        wait(view)
        assert shown(store, view) == before
    finally:
        server.remove()


def test_a_calendar_of_10000_events_costs_the_page_and_a_page_inside_the_fetched_range_asks_nothing(
        big: Radicale) -> None:
    from radicale_server import BIG
    view, store, s, requests, (a, b) = first_page(big, dt.date(2026, 6, 15), "Big")
    june = view.page
    assert requests.reports() == [(stamp(a), stamp(b))]
    near = {u: t for u, t in BIG.items() if abs(int(u[1:]) * 6000 + 1767225600 - (a + b) // 2) < 40 * 86400}
    assert shown(store, view) == oracle(near, june.first_date, june.last_date)
    assert 400 < len(shown(store, view)) < 700 and len(s._cache.resources) == len(shown(store, view))
    requests.clear()
    view.set_mode(kalends.DisplayMode.WEEK)               # a week of June: inside the fetched range
    wait(view)
    assert requests.made == [] and len(shown(store, view)) in range(95, 105)


def test_a_request_for_a_page_left_before_its_turn_is_dropped_without_asking_the_server(radicale: Radicale) -> None:
    import threading
    view, store, s, requests, _ = first_page(radicale, dt.date(2026, 8, 15))
    requests.clear()
    release, entered = threading.Event(), threading.Event()

    def hold(method: str) -> None:
        if method == "REPORT":
            entered.set()
            release.wait(60)
    requests.before = hold
    view.next_page()                  # September: its REPORT is held at the server's door
    assert entered.wait(60)
    view.next_page()                  # October: September's answer is no longer wanted
    view.next_page()                  # November: October's request is cancelled before its turn
    release.set()
    wait(view)
    s._run(lambda: None)
    november = view.page
    assert len(requests.reports()) == 2 and november.month == 11   # September's (under way) and November's
    assert shown(store, view) == oracle(WORK, november.first_date, november.last_date)


def test_a_created_event_is_a_new_resource_on_the_server_and_in_the_view(radicale: Radicale) -> None:
    view, store, s, _, (a, _b) = first_page(radicale, dt.date(2026, 9, 15))
    start = a + 10 * 86400 + 12 * 3600
    href = s.create("Lunch with Ana", start, start + 3600)
    found = other_client(radicale).calendar(url=radicale.calendar_url("work")).event_by_url(radicale.url.rstrip("/") + href)
    found.load()
    assert str(found.icalendar_component["SUMMARY"]) == "Lunch with Ana"
    assert int(found.icalendar_component["DTSTART"].dt.timestamp()) == start
    assert ("Lunch with Ana", False, start, start + 3600) in shown(store, view)
    with pytest.raises(CalDAVError, match="412|exists|refused"):   # If-None-Match: * never overwrites
        s._run(lambda: s._write(href, s._cache.resources[href].text, None))


def test_an_event_created_by_the_views_create_gesture_is_put_new_and_a_refused_one_never_enters_the_store(
        radicale: Radicale) -> None:
    from kalends.editing import GestureKind, Outcome, point
    view, store, s, errors, editing = edited_week(radicale, dt.date(2026, 8, 12))
    s.watch(editing, new_title="Planning")
    puts: list[Any] = []
    inner = s.client.request

    def request(url: str, method: str = "GET", body: Any = "", headers: Any = None, *rest: Any) -> Any:
        if method == "PUT":
            puts.append(dict(headers or {}))
        return inner(url, method, body, headers)
    s.client.request = request  # type: ignore[method-assign]
    day = dt.date(2026, 8, 13)
    editing.begin(GestureKind.EVENT_CREATE, point(day, 9 * 3600))
    editing.update(point(day, 10 * 3600))
    assert editing.commit().outcome == Outcome.TIME_SELECTED
    s._run(lambda: None)                                      # the write queued by the commit is done
    start = midnight(day) + 9 * 3600
    assert errors == [] and len(puts) == 1 and puts[0].get("If-None-Match") == "*"
    mine = [e for e in store.query(day, day, kalends.TimeZone("Europe/Paris")) if e.title == "Planning"]
    assert [(e.start, e.end) for e in mine] == [(start, start + 3600)]
    on_server = [e for e in other_client(radicale).calendar(url=radicale.calendar_url("work")).search(
        start=dt.datetime.fromtimestamp(start, dt.timezone.utc), end=dt.datetime.fromtimestamp(start + 3600, dt.timezone.utc),
        event=True) if str(e.icalendar_component["SUMMARY"]) == "Planning"]
    assert [int(e.icalendar_component["DTSTART"].dt.timestamp()) for e in on_server] == [start]

    s.client.request = lambda url, method="GET", body="", headers=None, *rest: (   # type: ignore[method-assign]
        (_ for _ in ()).throw(ConnectionResetError()) if method == "PUT" else inner(url, method, body, headers))
    editing.begin(GestureKind.EVENT_CREATE, point(day, 14 * 3600))
    editing.update(point(day, 15 * 3600))
    editing.commit()
    s._run(lambda: None)
    assert len(errors) == 1 and "PUT" in str(errors[0])
    assert [e.start for e in store.query(day, day, kalends.TimeZone("Europe/Paris")) if e.title == "Planning"] == [start]
    s.client.request = inner  # type: ignore[method-assign]
