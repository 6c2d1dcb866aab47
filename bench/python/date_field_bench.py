"""The date field from Python (issue 27 item 4): a keystroke (``DateField.type`` of one
digit into an en_US field) and a full typed date (the field cleared and its month
focused, "11222026" typed digit by digit, its value read), beside ``datetime.strptime``
of the same date's text in the same process (what a host without a field does once the
text is typed); median microseconds of this thread's CPU time over rounds (a loaded
machine moves wall time, not this)."""
import datetime
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bindings", "python"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kalends  # noqa: E402
from bench_summary import record  # noqa: E402

ROUNDS, DATES = 41, 200
DIGITS = "11222026"
WANT = datetime.date(2026, 11, 22)


def main() -> None:
    field = kalends.DateField("en_US", placeholder=WANT)
    keys, typed, parsed = [], [], []
    for _ in range(ROUNDS):
        spent = 0
        for _ in range(DATES):
            field.set_value(None)
            field.focus_segment(0)
            t0 = time.thread_time_ns()
            for d in DIGITS:
                field.type(d)
            spent += time.thread_time_ns() - t0
        keys.append(spent / (DATES * len(DIGITS)) / 1e3)
        t0 = time.thread_time_ns()
        for _ in range(DATES):
            field.set_value(None)
            field.focus_segment(0)
            for d in DIGITS:
                field.type(d)
            value = field.value
        typed.append((time.thread_time_ns() - t0) / DATES / 1e3)
        if value != WANT:
            raise SystemExit(f"date_field_bench: typed {DIGITS!r} gave {value!r}")
        t0 = time.thread_time_ns()
        for _ in range(DATES):
            datetime.datetime.strptime("11/22/2026", "%m/%d/%Y").date()
        parsed.append((time.thread_time_ns() - t0) / DATES / 1e3)
    key, date, anchor = statistics.median(keys), statistics.median(typed), statistics.median(parsed)
    print(f"  DateField en_US: a keystroke (a digit)          {key:8.2f} us")
    print(f"  DateField en_US: a typed date (clear, 8 digits, value) {date:8.2f} us"
          f"   datetime.strptime of its text {anchor:.2f} us")
    record("date_field.py.keystroke", 0, key)
    record("date_field.py.typed_date", anchor, date)


if __name__ == "__main__":
    main()
