"""babel's format_date (CLDR 47) for the full date style, ns per call: the Python anchor
of the locale bench. Its Kalends counterpart through the C ABI comes with
kalends_locale_format (issue 14's C phase); until then the Swift bench above gives the
library's own time for the same work."""
import datetime
import statistics
import sys
import time

try:
    from babel import Locale
    from babel.dates import format_date
except ImportError:
    print("  babel format_date: SKIPPED (pip install babel)")
    sys.exit(0)

LOCALES = [Locale.parse(n) for n in ("de", "ar_EG", "ja", "ru")]
DATES = [datetime.date(2024, 10, 4) + datetime.timedelta(days=37 * i) for i in range(64)]


def run(n: int) -> float:
    start = time.perf_counter_ns()
    for i in range(n):
        format_date(DATES[i & 63], "full", locale=LOCALES[i & 3])
    return (time.perf_counter_ns() - start) / n


run(500)
median = statistics.median(run(2000) for _ in range(7))
print(f"  babel format_date full (Locale objects made once)        {median:9.1f} ns per call")
