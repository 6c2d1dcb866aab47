"""Extract the expected occurrences of python-dateutil's own rrule tests.

Runs the `RRuleTest` methods of dateutil's tests/test_rrule.py (the sdist of
python-dateutil 4.0.0: `pip download --no-binary :all: python-dateutil==4.0.0`) with
`rrule` replaced by a recorder, and writes every `assertEqual(list(rrule(...)), [...])`
as a JSON case: the rule's arguments and the occurrences dateutil's authors listed.
These are facts from dateutil's test suite, not Kalends output.

usage: python3 tools/dateutil_rrule_cases.py path/to/tests/test_rrule.py > \
       Tests/KalendsCoreTests/Recurrence/Fixtures/dateutil_rrule_cases.json
"""
import datetime
import json
import sys
import types

import dateutil.rrule as real

source = open(sys.argv[1]).read()
module = types.ModuleType("test_rrule")
module.__dict__["__file__"] = sys.argv[1]
exec(compile(source, sys.argv[1], "exec"), module.__dict__)

last = []


class Recorder:
    def __init__(self, freq, **kwargs):
        self.args = dict(kwargs, freq=freq)
        last.append(self)

    def __iter__(self):
        return iter([])


def encode(v):
    if isinstance(v, datetime.datetime):
        return v.strftime("%Y%m%dT%H%M%S")
    if isinstance(v, datetime.date):
        return v.strftime("%Y%m%d")
    if isinstance(v, real.weekday):
        return {"weekday": v.weekday, "n": v.n or 0}
    if isinstance(v, (list, tuple, set)):
        return [encode(x) for x in v]
    return v


cases = []
module.rrule = Recorder
test = module.RRuleTest
for name in sorted(dir(test)):
    if not name.startswith("test") or "Str" in name:
        continue
    inst = test(name)
    recorded = []

    def assert_equal(first, second, msg=None, recorded=recorded):
        if last and first == [] and isinstance(second, list):
            recorded.append((last[-1], second))

    inst.assertEqual = assert_equal
    del last[:]
    try:
        getattr(inst, name)()
    except BaseException:
        continue
    for rec, expected in recorded:
        args = rec.args
        if set(args) - {"freq", "count", "dtstart", "interval", "until", "wkst", "bysetpos",
                        "bymonth", "bymonthday", "byyearday", "byeaster", "byweekno",
                        "byweekday", "byhour", "byminute", "bysecond"}:
            continue
        if not all(isinstance(x, datetime.datetime) for x in expected):
            continue
        if any(x.tzinfo for x in expected):
            continue
        cases.append({"name": name,
                      "args": {k: encode(v) if not isinstance(v, int) or isinstance(v, bool) else v
                               for k, v in args.items()},
                      "expected": [encode(x) for x in expected]})
json.dump(cases, sys.stdout, indent=0)
print()
