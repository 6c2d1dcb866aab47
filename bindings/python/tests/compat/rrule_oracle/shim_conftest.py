"""conftest.py of the folder where dateutil's test_rrule.py runs unchanged: its
``from dateutil.rrule import ...`` gets kalends.rrule (``dateutil.tz`` stays dateutil's)."""
import sys

import dateutil

import kalends.rrule

assert dateutil.__version__ == "4.0.0", dateutil.__version__
sys.modules["dateutil.rrule"] = kalends.rrule
dateutil.rrule = kalends.rrule  # type: ignore[attr-defined]


def pytest_collection_modifyitems(session, config, items):  # type: ignore[no-untyped-def]
    """Proves the shim took: the collected test module's names are kalends.rrule's."""
    module = sys.modules["test_rrule"]
    assert module.rrule is kalends.rrule.rrule and module.rrulestr is kalends.rrule.rrulestr
    with open("shim-took", "w") as f:
        f.write(f"{module.rrule.__module__} {len(items)}\n")
