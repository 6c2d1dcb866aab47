"""python -m kalends --interactive, driven as a user would: through a pseudo-terminal."""
from __future__ import annotations

import calendar
import datetime as dt
import os
import pty
import select
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import kalends
import required
from kalends.app.interactive import KEYS, split_keys

PACKAGE_ROOT = Path(kalends.__file__).resolve().parents[1]


class Terminal:
    """A child process on a pty, read into a transcript."""

    def __init__(self, *args: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT), TERM="xterm")
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the kalends CLI on the pty
            os.execve(sys.executable, [sys.executable, "-m", "kalends", "--interactive", *args], env)
        self.transcript = b""

    def read_until(self, *texts: str, timeout: float = 10) -> str:
        """Reads until every one of `texts` appears after the last screen clear; returns that
        screen. A screen arrives in several chunks: wait for each text an assertion needs."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.transcript.rsplit(b"\x1b[2J", 1)[-1].decode("utf-8", "replace")
            if all(text in screen for text in texts):
                return screen
            ready, _, _ = select.select([self.fd], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                self.transcript += chunk
        raise AssertionError(f"{texts!r} not on screen:\n{self.transcript[-800:].decode('utf-8', 'replace')}")

    def press(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def finish(self) -> tuple[int, str]:
        """Waits for the child; returns its exit status and everything after the last clear."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                self.transcript += chunk
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status), self.transcript.rsplit(b"\x1b[2J", 1)[-1].decode()


def test_arrows_select_pages_and_modes() -> None:
    term = Terminal("--today", "2026-11-22", "--color", "never")
    screen = term.read_until("Focus: 2026-11-22")
    assert "November 2026" in screen and "[22]" in screen and "Selected: nothing" in screen
    term.press(b"\x1b[C")                       # right: the selection follows the focus
    screen = term.read_until("Selected: 2026-11-23")
    assert "[23]" in screen
    term.press(b"\x1b[B\x1b[B")                 # down twice: the page follows into December
    screen = term.read_until("Selected: 2026-12-07")
    assert "December 2026" in screen
    term.press(b"p")                            # previous page
    term.read_until("November 2026")
    term.press(b"w")                            # week mode: the selected day's week
    screen = term.read_until("7 – 13 December 2026", "Focus: 2026-12-07")
    assert "[ 7]" in screen
    term.press(b"d")
    term.read_until("Monday, 7 December 2026")
    term.press(b"m\x1b[6~")                      # month mode, page down: a month on
    term.read_until("Selected: 2027-01-07")
    term.press(b"q")
    code, rest = term.finish()
    assert code == 0 and rest.strip().splitlines()[-1] == "2027-01-07"


def test_range_selection_with_enter() -> None:
    term = Terminal("--today", "2026-11-22", "--select", "2026-11-20..2026-11-20", "--color", "never")
    term.read_until("Selected: 2026-11-20")
    term.press(b"\x1b[C\x1b[C\x1b[C\r")       # three days on, enter: the range ends there
    screen = term.read_until("Selected: 2026-11-20 .. 2026-11-23 (4 days)")
    assert "*21" in screen                      # selected days are starred
    term.press(b"q")
    code, rest = term.finish()
    assert code == 0
    assert rest.strip().splitlines()[-4:] == ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"]


def test_needs_a_terminal() -> None:
    env = dict(os.environ, PYTHONPATH=str(PACKAGE_ROOT))
    run = subprocess.run([sys.executable, "-m", "kalends", "--interactive"], env=env, capture_output=True, text=True,
                         stdin=subprocess.DEVNULL)
    assert run.returncode == 2 and "needs a terminal" in run.stderr


def test_key_splitting() -> None:
    assert split_keys(b"\x1b[C\x1b[Bq") == [b"\x1b[C", b"\x1b[B", b"q"]
    assert split_keys(b"\x1b[5~n") == [b"\x1b[5~", b"n"]
    assert split_keys(b"\x1b[1;5C") == [b"\x1b[1;5C"]   # unknown sequences stay whole
    assert all(KEYS[k] for k in KEYS)


def test_with_tmux_send_keys() -> None:
    """The same through tmux, as a person at a terminal would type it."""
    required.tool("tmux")
    session = f"kalends-{os.getpid()}"
    env = dict(os.environ, KALENDS_LIBRARY=kalends._native.lib._name, PYTHONPATH=str(PACKAGE_ROOT))
    command = f"{sys.executable} -m kalends --interactive --today 2026-11-22 --color never; sleep 30"
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "90", "-y", "20", command], env=env, check=True)

    def pane() -> str:
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True).stdout

    def wait_for(text: str) -> str:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            screen = pane()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} not in the pane:\n{pane()}")

    try:
        wait_for("Focus: 2026-11-22")
        subprocess.run(["tmux", "send-keys", "-t", session, "Left", "Left"], check=True)
        wait_for("Selected: 2026-11-20")
        subprocess.run(["tmux", "send-keys", "-t", session, "n"], check=True)
        wait_for("December 2026")
        subprocess.run(["tmux", "send-keys", "-t", session, "q"], check=True)
        # paging does not change the selection: quitting prints it (once the calendar's
        # screen is gone: "Selected: 2026-11-20" on it would match too early)
        deadline = time.monotonic() + 10
        while "Focus:" in pane() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert wait_for("2026-11-20\n").strip().splitlines()[-1] == "2026-11-20"
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


# -- the options the other outputs take (issue 24.7) ----------------------------------------

def page_lines(screen: str) -> tuple[str, str, list[str], list[str]]:
    """The title, the weekday header, the rows of days (with the secondary dates' rows)
    and the lines under the page, of one screen."""
    lines = [line.rstrip("\r") for line in screen.split("\n")]
    title, header = lines[0].strip(), lines[2]
    end = next(i for i, line in enumerate(lines) if line.startswith("  Selected:"))
    rows = lines[3:end - 1]   # (a row of days outside the month is blank)
    return title, header, rows, lines[end:]


def cells(line: str, width: int, lead: int = 0) -> list[str]:
    """A row cut into its cells of ``width`` characters (after ``lead`` characters)."""
    body = line[lead:].ljust(7 * width)
    return [body[i:i + width] for i in range(0, 7 * width, width)]


def test_a_locales_names_digits_direction_and_week_numbers() -> None:
    """German: babel's (CLDR 47) title and weekday names, ISO week numbers (Python's
    isocalendar); Arabic (Egypt): Arabic-Indic digits, Saturday first, right to left."""
    babel_dates = required.module("babel.dates", "babel 2.18 (CLDR 47) is the oracle")
    term = Terminal("--locale", "de", "--week-numbers", "--today", "2026-12-22", "--color", "never")
    title, header, rows, _ = page_lines(term.read_until("Focus: 2026-12-22"))
    term.press(b"q")
    term.finish()
    assert title == babel_dates.format_skeleton("yMMMM", dt.date(2026, 12, 1), locale="de")

    # the weekday names of the first of CLDR's widths in which all seven fit their cells
    widths = [[babel_dates.get_day_names(w, context="stand-alone", locale="de")[i] for i in range(7)]
              for w in ("abbreviated", "short", "narrow")]
    names = next(n for n in widths if all(len(x) <= 2 for x in n))
    assert [c.strip() for c in cells(header, 4, 4)] == names
    weeks = calendar.Calendar(0).monthdatescalendar(2026, 12)
    for row, week in zip(rows, weeks):
        assert int(row[:3]) == week[3].isocalendar().week     # the row's Thursday: its ISO week
        assert [c.strip(" []*") for c in cells(row, 4, 4)] == [str(d.day) if d.month == 12 else "" for d in week]

    arabic = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
    term = Terminal("--locale", "ar_EG", "--today", "2026-11-22", "--color", "never")
    title, header, rows, _ = page_lines(term.read_until("Focus: 2026-11-22"))
    term.press(b"q")
    term.finish()
    assert "٢٠٢٦" in title
    saturday_first = calendar.Calendar(5).monthdatescalendar(2026, 11)
    for row, week in zip(rows, saturday_first):
        shown = [c.strip(" []*") for c in reversed(cells(row, 4))]    # right to left
        assert shown == [str(d.day).translate(arabic) if d.month == 11 else "" for d in week]
    assert "[٢٢]" in rows[3]


def test_a_calendar_system_with_secondary_dates() -> None:
    """--calendar hebrew 5787 3 (Kislev): the Hebrew days (convertdate) on Python's
    calendar's weeks, the Umm al-Qura dates under them (hijridate), paging by Hebrew
    months."""
    hebrew = required.module("convertdate.hebrew", "the oracle of the Hebrew calendar")
    hijridate = required.module("hijridate", "the oracle of the Umm al-Qura calendar")
    term = Terminal("--calendar", "hebrew", "5787", "3", "--secondary", "islamic-umalqura", "--today", "2026-11-22",
                    "--color", "never")
    first = dt.date(*hebrew.to_gregorian(5787, 9, 1))       # 1 Kislev 5787: the focus
    screen = term.read_until("Kislev 5787", f"Focus: {first}")
    title, header, rows, _ = page_lines(screen)
    days = [first + dt.timedelta(days=i) for i in range(hebrew.month_length(5787, 9))]
    week_rows = [first - dt.timedelta(days=first.weekday()) + dt.timedelta(weeks=w)
                 for w in range((days[-1] - first).days // 7 + 2) if first - dt.timedelta(days=first.weekday())
                 + dt.timedelta(weeks=w) <= days[-1]]
    assert title == "Kislev 5787" and len(rows) >= 2 * len(week_rows)
    width = -(-len(header) // 7)   # cells as wide as the widest day or secondary date, and a mark each side
    for n, monday in enumerate(week_rows):
        week = [monday + dt.timedelta(days=i) for i in range(7)]
        shown = [c.strip(" []*") for c in cells(rows[2 * n], width)]
        assert shown == [str(hebrew.from_gregorian(d.year, d.month, d.day)[2]) if d in days else "" for d in week]
        under = [c.strip() for c in cells(rows[2 * n + 1], width)]

        def hijri(d: dt.date) -> str:
            h = hijridate.Gregorian(d.year, d.month, d.day).to_hijri()
            return f"{h.month}/1" if h.day == 1 else str(h.day)

        assert under == [hijri(d) if d in days else "" for d in week]
    term.press(b"n")                                        # the next page is the next Hebrew month
    term.read_until("Tevet 5787")
    term.press(b"q")
    assert term.finish()[0] == 0


def test_events_are_marked_and_the_focused_days_listed() -> None:
    """A recurring team calendar: a • on each day with occurrences, and the focused
    day's occurrences (recurring-ical-events) listed under the page as the text lists."""
    from test_cli_recurring import TEAM, ZONE, oracle
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "team.ics"
        path.write_text(TEAM, encoding="utf-8")
        term = Terminal("--events", str(path), "--time-zone", ZONE, "--today", "2026-11-17", "--color", "never")
        screen = term.read_until("Focus: 2026-11-17", "Events on 2026-11-17", "q quit")   # the whole screen
        _, _, rows, below = page_lines(screen)
        weeks = calendar.Calendar(0).monthdatescalendar(2026, 11)
        want = oracle(weeks[0][0], weeks[-1][-1])
        for row, week in zip(rows, weeks):
            for cell, day in zip(cells(row, 4), week):
                busy = any(o.days[0] <= day <= o.days[1] for o in want)
                if day.month == 11 and day != dt.date(2026, 11, 17):    # the focus shows [17]
                    assert cell.endswith("•") == busy, (day, cell)

        def listed(lines: list[str]) -> list[str]:
            return sorted(line.split("  ")[-1].strip() for line in lines if line.startswith("    "))

        def expected(day: dt.date) -> list[str]:
            return sorted(o.title for o in oracle(day, day))

        assert listed(below) == expected(dt.date(2026, 11, 17)) == ["Deploy", "Design review", "Lunch with Ana",
                                                                    "On call"]
        term.press(b"\x1b[C\x1b[C\x1b[C")                       # to Friday the 20th: the moved standup
        screen = term.read_until("Focus: 2026-11-20", "Events on 2026-11-20", "q quit")
        assert listed(page_lines(screen)[3]) == expected(dt.date(2026, 11, 20))
        assert "10:30–10:45  Standup (moved)" in screen
        term.press(b"\x1b[C")                                   # Saturday: none
        term.read_until("No events on 2026-11-21")
        term.press(b"q")
        assert term.finish()[0] == 0
