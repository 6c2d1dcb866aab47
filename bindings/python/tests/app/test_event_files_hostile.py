"""python -m kalends --events FILE with files made to break it: whatever a file holds,
the command exits 1 with one line naming the file (and the row and field where there
is one), never a traceback; dates in messages are dates, not day numbers."""
from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest

from kalends.app.cli import main
from kalends.app.event_files import CSV_CELL_LIMIT

GOOD_CSV = ("id,title,start,end,color\n"
            "1,Thanksgiving,2026-11-26,,#d0021b\n"
            "2,\"Standup, daily\",2026-11-23T09:30,2026-11-23T09:45,\n"
            "3,Trip,2026-11-27,2026-12-03,\n"
            "4,Review,2026-11-24T14:00+01:00,2026-11-24T15:00+01:00,#dd6b20\n")
GOOD_JSON = json.dumps({"events": [
    {"id": 1, "title": "Thanksgiving", "start": "2026-11-26", "color": "#d0021b"},
    {"title": "Standup", "start": "2026-11-23T09:30", "end": "2026-11-23T09:45"},
    {"title": "Trip", "start": "2026-11-27", "end": "2026-12-03"}]})


def run_events(path: Path, *extra: str) -> tuple[int, str, str]:
    """The command on a file, in this process: any exception that escapes fails the test."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = main(["2026", "11", "--events", str(path), "--time-zone", "America/New_York", "--color", "never",
                     *extra])
    finally:
        sys.stdout, sys.stderr = saved
    return code, out.getvalue(), err.getvalue()


def assert_clear_error(path: Path, *expected: str) -> str:
    code, out, err = run_events(path)
    assert code == 1 and out == "", err
    assert err.startswith(f"kalends: {path}: ") and err.count("\n") == 1, err
    for text in expected:
        assert text in err, err
    return err


HOSTILE = [
    # (name, content, what the message must say)
    ("latin1.csv", "title,start\nCaf\u00e9,2026-11-05\n".encode("latin-1"),
     ["line 2, column 4: not UTF-8 text (byte 0xe9)"]),
    ("utf16.csv", "title,start\nA,2026-11-05\n".encode("utf-16"), ["line 1, column 1: not UTF-8 text (byte 0xff)"]),
    ("random.bin", bytes(random.Random(7).randrange(256) for _ in range(4000)), ["not UTF-8 text"]),
    ("long-cell.csv", ("title,start\n" + "x" * (CSV_CELL_LIMIT + 1) + ",2026-11-05\n").encode(),
     [f"line 2: a cell is longer than {CSV_CELL_LIMIT} characters"]),
    ("long-quoted.csv", ("title,start\nA,2026-11-05\n\"" + "y\n" * 70_000 + "\",2026-11-06\n").encode(),
     [f"a cell is longer than {CSV_CELL_LIMIT} characters"]),
    ("deep.json", ("[" * 100_000 + "]" * 100_000).encode(), ["JSON nested too deeply"]),
    ("deep-events.json", ('{"events": ' + "[" * 100_000 + "]" * 100_000 + "}").encode(), ["JSON nested too deeply"]),
    ("deep-field.json", ('[{"title": ' + '{"a":' * 50_000 + "1" + "}" * 50_000 + ', "start": "2026-11-05"}]').encode(),
     ["JSON nested too deeply"]),
    ("backwards.csv", b"title,start,end\nA,2026-11-24,2026-11-20\n",
     ["line 2: end: the last day 2026-11-20 is before the first day 2026-11-24"]),
    ("backwards-timed.json", b'[{"title": "A", "start": "2026-11-24T10:00", "end": "2026-11-24T09:59"}]',
     ["event 1: end: 2026-11-24T09:59 is before the start 2026-11-24T10:00"]),
    ("huge-id.csv", b"id,title,start\n99999999999999999999,A,2026-11-05\n",
     ["line 2: id: 99999999999999999999 does not fit in 64 bits"]),
    ("huge-id.json", b'[{"id": 99999999999999999999, "title": "A", "start": "2026-11-05"}]',
     ["event 1: id: 99999999999999999999 does not fit in 64 bits"]),
    ("float-id.json", b'[{"id": 1e400, "title": "A", "start": "2026-11-05"}]', ["event 1: id: expected a string"]),
    ("bool-id.json", b'[{"id": true, "title": "A", "start": "2026-11-05"}]',
     ["event 1: id: expected a string, not true/false"]),
    ("list-title.json", b'[{"title": ["A"], "start": "2026-11-05"}]', ["event 1: title: expected a string, not a list"]),
    ("surrogate.json", b'[{"title": "A\\ud800", "start": "2026-11-05"}]', ["event 1: title: not valid Unicode"]),
    ("null-start.json", b'[{"title": "A", "start": null}]', ["event 1: start: missing"]),
    ("no-events.json", b"{}", ["expected a list of events", "not null"]),
    ("scalar.json", b"5", ["not a number"]),
    ("bad-date.csv", b"title,start\nA,2026-02-30\n", ["line 2: start: not a date or date-time: '2026-02-30'"]),
    ("year-zero.csv", b"title,start\nA,0000-01-01\n", ["line 2: start: not a date or date-time"]),
    ("bad-time.csv", b"title,start\nA,2026-11-05T25:00\n", ["line 2: start: not a date or date-time"]),
    ("bad-offset.csv", b"title,start\nA,2026-11-05T10:00+25:00\n", ["line 2: start: not a date or date-time"]),
    ("long-value.csv", ("title,start\nA," + "9" * 5000 + "\n").encode(),
     ["line 2: start: not a date or date-time: '999999", "(5000 characters)"]),
    ("no-header.csv", b"A,2026-11-05\n", ["line 1: unknown column 'a'"]),
    ("header-twice.csv", b"title,start,title\nA,2026-11-05,B\n", ["line 1: column 'title' is there twice"]),
    ("no-start-column.csv", b"title,end\nA,2026-11-05\n", ["line 1: no 'start' column"]),
    ("nul.csv", b"title,start\nA\0B,2026-11-05\nC,2026-13-01\n", ["line 3: start: not a date"]),
    ("cr-only.csv", b"title,start\rA,2026-11-05\rB,nope\r", ["line 3: start: not a date"]),
    ("dup-id.json", b'[{"id": 7, "title": "A", "start": "2026-11-05"}, {"id": "7", "title": "B", "start": "2026-11-06"}]',
     ["event 2: id: 7 is used twice (event 1 and event 2)"]),
    ("unknown-field.json", b'[{"title": "A", "start": "2026-11-05", "where": "here"}]',
     ["event 1: unknown field 'where'"]),
    ("not-json.json", b'[{"title": "A", "start": "2026-11-05"},]', ["line 1, column 40: not JSON: Expecting value"]),
]


@pytest.mark.parametrize("name, content, expected", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_files_give_one_clear_line(tmp_path: Path, name: str, content: bytes, expected: list[str]) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    assert_clear_error(path, *expected)


def test_files_that_are_not_files(tmp_path: Path) -> None:
    code, _, err = run_events(tmp_path)
    assert code == 1 and err.startswith(f"kalends: {tmp_path}: ") and "Is a directory" in err
    locked = tmp_path / "locked.csv"
    locked.write_text(GOOD_CSV)
    locked.chmod(0)
    try:
        code, _, err = run_events(locked)
        # root reads anything: then the file is simply read
        assert (code, err) == (0, "") or (code == 1 and "Permission denied" in err and str(locked) in err)
    finally:
        locked.chmod(0o644)


def test_the_longest_cell_csv_allows_is_read(tmp_path: Path) -> None:
    path = tmp_path / "long-title.csv"
    path.write_text("title,start\n" + "t" * CSV_CELL_LIMIT + ",2026-11-05\n")
    code, out, err = run_events(path, "--json")
    assert code == 0, err
    assert [len(e["title"]) for e in json.loads(out)["events"]] == [CSV_CELL_LIMIT]


@pytest.mark.parametrize("good, suffix", [(GOOD_CSV.encode(), ".csv"), (GOOD_JSON.encode(), ".json")],
                         ids=["csv", "json"])
def test_mutated_files_never_escape(tmp_path: Path, good: bytes, suffix: str) -> None:
    """Random byte flips, insertions, deletions, duplications and truncations of a good
    file: each run either reads the file or says, in one line naming it, why not."""
    assert run_events(_write(tmp_path / f"good{suffix}", good))[0] == 0
    rng = random.Random(suffix)
    specials = [b"\0", b"\xff", b"\xc3", b'"', b",", b"\n", b"\r", b"[", b"{", b"}", b"]", b"T", b"-", b":", b"+",
                b"\\u", b"9" * 30, "\u2028".encode(), b"\x1c"]
    outcomes = {0: 0, 1: 0}
    for i in range(250):
        data = bytearray(good)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(data) + 1)
            kind = rng.randrange(5)
            if kind == 0 and data:
                data[min(at, len(data) - 1)] = rng.randrange(256)
            elif kind == 1:
                data[at:at] = rng.choice(specials)
            elif kind == 2:
                del data[at:at + rng.randint(1, 20)]
            elif kind == 3:
                data[at:at] = data[max(0, at - 30):at]
            else:
                del data[at:]
        path = _write(tmp_path / f"m{i}{suffix}", bytes(data))
        code, out, err = run_events(path)
        assert code in outcomes, (bytes(data), code, err)
        if code == 1:
            assert err.startswith(f"kalends: {path}: ") and err.count("\n") == 1, (bytes(data), err)
        outcomes[code] += 1
    assert outcomes[0] >= 1 and outcomes[1] >= 100, outcomes   # both paths were taken


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path
