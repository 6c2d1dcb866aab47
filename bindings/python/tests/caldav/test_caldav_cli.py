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
