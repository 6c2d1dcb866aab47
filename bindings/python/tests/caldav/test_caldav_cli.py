"""``python -m kalends --caldav URL``: the account's events on the page (the password
from KALENDS_CALDAV_PASSWORD), refused credentials said without the password, and the
options it does not combine with."""
from __future__ import annotations

import json

import pytest

from kalends.app.cli import main
from radicale_server import PASSWORD, USER, Radicale


def test_the_command_shows_a_caldav_calendars_events(radicale: Radicale, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("KALENDS_CALDAV_PASSWORD", PASSWORD)
    assert main(["2026", "3", "--json", "--time-zone", "Europe/Paris", "--caldav", radicale.url,
                 "--caldav-user", USER, "--caldav-calendar", "Work"]) == 0
    doc = json.loads(capsys.readouterr().out)
    titles = [e["title"] for e in doc["events"]]
    assert "Weekly sync" in titles and "Weekly sync (moved)" in titles and "w 500" in titles


def test_refused_credentials_are_said_without_the_password(radicale: Radicale, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("KALENDS_CALDAV_PASSWORD", "not-the-password-42")
    assert main(["2026", "3", "--caldav", radicale.url, "--caldav-user", USER]) == 1
    err = capsys.readouterr().err
    assert "refused the credentials" in err and "not-the-password-42" not in err


def test_caldav_does_not_combine_with_a_file_of_events(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--caldav", "http://127.0.0.1:1/", "--events", "x.ics"])
    assert exit_.value.code == 2 and "--caldav" in capsys.readouterr().err


def test_the_readmes_three_lines_connect_a_view_to_a_caldav_calendar(radicale: Radicale) -> None:
    import datetime as dt
    import re
    from pathlib import Path

    import kalends
    from helpers import oracle, shown, wait
    from radicale_server import WORK
    readme = (Path(__file__).resolve().parents[4] / "README.md").read_text(encoding="utf-8")
    snippet = next(s for s in re.findall(r"^```python\n(.*?)^```", readme, re.MULTILINE | re.DOTALL)
                   if "CalDAVSource" in s)
    namespace: dict[str, object] = {"kalends": kalends}
    exec(compile(snippet, "README.md", "exec"), namespace)
    view = kalends.View(width=700)
    view.go_to(dt.date(2026, 2, 15))
    source = namespace["connect_caldav"](view, radicale.url, USER, lambda: PASSWORD, "Work")  # type: ignore[operator]
    wait(view)
    store = view._store_refs[0]
    page = view.page
    assert shown(store, view) == oracle(WORK, page.first_date, page.last_date)
    assert source.calendar.name == "Work"
