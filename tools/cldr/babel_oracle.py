#!/usr/bin/env python3
"""babel's expectations for every CLDR locale, for the test that compares the library
(through the C ABI, once `kalends_locale_*` exists) with CLDR 47 as babel reads it.

    python3 tools/cldr/babel_oracle.py --out expectations.json            # all 1,083
    python3 tools/cldr/babel_oracle.py --locales de fr ar_EG --out -      # a few, to stdout

For each locale it writes:
- names: months (format / stand-alone x wide / abbreviated / narrow, January first),
  weekdays (format / stand-alone x wide / abbreviated / short / narrow, Monday first),
  eras (wide / abbreviated / narrow: BC, AD), am/pm (abbreviated);
- week: first weekday (ISO 1..7), minimal days, weekend (ISO days), from CLDR's
  territory tables through likely subtags -- NOT babel's Locale.first_week_day & co.,
  which give the world default for language-only locales and pt_PT's data for
  pt_AO, pt_CV, pt_GQ, pt_GW, pt_MO, pt_MZ, pt_ST, pt_TL;
- direction ("ltr" / "rtl"), CLDR's characterOrder ("top-to-bottom" for mn_Mong),
  digits (the default numbering system's ten digits);
- formats: the four date styles and the month-year title (skeleton yMMMM) for a spread
  of dates, number fields in the locale's native digits (babel writes ASCII digits:
  its number formatting is patched to write native ones, names keep theirs).

Where babel is not CLDR 47 (the test must name these, and the library follows CLDR as
ICU 77, CLDR's reference implementation, does):
- eras: babel takes CLDR's alt="variant" era names in 57 locales (de wide: "vor
  unserer Zeitrechnung" where CLDR's default is "v. Chr."); `BABEL_VARIANT_ERAS` below
  lists what ICU 77 has for the affected locales when run with PyICU;
- numbering overrides of patterns (numbers="M=romanlow" in haw's short date): babel
  ignores them; the library writes "22/xi/26";
- b and B day periods, cc: babel uses flexible periods and midnight for b, pads cc to 2
  digits; ICU 77 (and the library) write am/pm/noon for b and one digit for cc.

The babel cache is cleared per locale (babel #1234: shared alias caches corrupt
later locales).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys

import babel
import babel.core
import babel.dates
import babel.localedata as localedata
from babel import Locale
from babel.dates import format_date, format_skeleton

DATES = [datetime.date(2026, 11, 22), datetime.date(2024, 2, 29), datetime.date(1999, 12, 31),
         datetime.date(2000, 1, 1), datetime.date(1970, 7, 4), datetime.date(2027, 3, 15)]

# Zero digits of the default numbering systems of CLDR 47 locales (numberingSystems.xml).
ZERO = {"latn": 0x30, "arab": 0x660, "arabext": 0x6F0, "beng": 0x9E6, "deva": 0x966, "mymr": 0x1040,
        "tibt": 0xF20, "olck": 0x1C50, "mtei": 0xABF0, "nkoo": 0x7C0, "adlm": 0x1E950, "cakm": 0x11136,
        "hmnp": 0x1E140, "thai": 0xE50}

CONTEXTS = ["format", "stand-alone"]
MONTH_WIDTHS = ["wide", "abbreviated", "narrow"]
DAY_WIDTHS = ["wide", "abbreviated", "short", "narrow"]
STYLES = ["full", "long", "medium", "short"]


def fresh(name: str) -> Locale:
    localedata._cache.clear()
    return Locale.parse(name)


def territory_week_tables() -> tuple[dict, dict]:
    """CLDR weekData by territory, recovered from babel's unmerged locale files: babel's
    importer writes a week key into a locale's own data only when CLDR lists the
    locale's territory explicitly, so every locale with a territory shows that
    territory's explicit values; everything else is the world's (root's, territory 001)."""
    world = dict(localedata.load("root", merge_inherited=False).get("week_data", {}))
    tables: dict[str, dict] = {}
    for name in localedata.locale_identifiers():
        territory = babel.core.parse_locale(name)[1]
        if not territory or not territory.isalpha():
            continue
        own = localedata.load(name, merge_inherited=False).get("week_data", {})
        tables.setdefault(territory, {}).update(own)
    return world, tables


def region_of(name: str) -> str:
    """The locale's territory, else that of its likely subtags ("de" -> DE, "root" -> US)."""
    lang, territory, script, _ = babel.core.parse_locale("und" if name == "root" else name)[:4]
    if territory:
        return territory
    likely = babel.core.get_global("likely_subtags")
    full = likely.get(f"{lang}_{script}" if script else lang) or likely.get(lang) or likely["und"]
    return babel.core.parse_locale(full)[1] or "001"


def week_of(name: str, world: dict, tables: dict) -> dict:
    data = dict(world)
    data.update(tables.get(region_of(name), {}))
    start, end = data["weekend_start"], data["weekend_end"]      # babel: 0 = Monday
    days = [start]
    while days[-1] != end:
        days.append((days[-1] + 1) % 7)
    return {"first_weekday": data["first_day"] + 1, "min_days": data["min_days"],
            "weekend": sorted(d + 1 for d in days)}


def native(text: str, system: str) -> str:
    zero = ZERO[system]
    return "".join(chr(zero + ord(c) - 0x30) if "0" <= c <= "9" else c for c in text)


_ascii_number = babel.dates.DateTimeFormat.format
_digits_system = ["latn"]


def _native_number(self, value, length: int) -> str:
    """babel writes every number field through DateTimeFormat.format: writing them in
    native digits there leaves names that hold ASCII digits ("M02") as they are."""
    return native(_ascii_number(self, value, length), _digits_system[0])


_month = babel.dates.DateTimeFormat.format_month
_quarter = babel.dates.DateTimeFormat.format_quarter


def _native_month(self, char: str, num: int) -> str:
    text = _month(self, char, num)          # numeric months bypass format()
    return native(text, _digits_system[0]) if num <= 2 else text


def _native_quarter(self, char: str, num: int) -> str:
    text = _quarter(self, char, num)
    return native(text, _digits_system[0]) if num <= 2 else text


babel.dates.DateTimeFormat.format = _native_number
babel.dates.DateTimeFormat.format_month = _native_month
babel.dates.DateTimeFormat.format_quarter = _native_quarter


def expectations(name: str, world: dict, tables: dict, dates=DATES) -> dict:
    loc = fresh(name)
    system = str(loc._data.get("default_numbering_system", "latn"))
    months = {f"{c} {w}": [str(loc.months[c][w][m]) for m in range(1, 13)] for c in CONTEXTS for w in MONTH_WIDTHS}
    days = {f"{c} {w}": [str(loc.days[c][w][i]) for i in range(7)] for c in CONTEXTS for w in DAY_WIDTHS}
    eras = {w: [str(loc.eras[w][0]), str(loc.eras[w][1])] for w in MONTH_WIDTHS}
    periods = loc.day_periods["format"]["abbreviated"]
    formats = {}
    _digits_system[0] = system
    for d in dates:
        row = {s: format_date(d, s, locale=loc) for s in STYLES}
        row["yMMMM"] = format_skeleton("yMMMM", d, locale=loc)
        formats[d.isoformat()] = row
    return {
        "months": months, "weekdays": days, "eras": eras,
        "am_pm": [str(periods.get("am", "")), str(periods.get("pm", ""))],
        "week": week_of(name, world, tables),
        "direction": "rtl" if loc.character_order == "right-to-left" else "ltr",
        "character_order": str(loc.character_order),
        "digits": native("0123456789", system),
        "formats": formats,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--locales", nargs="*", help="locale names (default: every CLDR locale)")
    parser.add_argument("--out", default="-", help="JSON file, or - for stdout")
    args = parser.parse_args()
    if babel.core.get_cldr_version() != "47":
        sys.exit(f"babel carries CLDR {babel.core.get_cldr_version()}, the tables are CLDR 47")
    names = args.locales or sorted(set(localedata.locale_identifiers()) | {"root"})
    world, tables = territory_week_tables()
    result = {"cldr": babel.core.get_cldr_version(), "babel": babel.__version__,
              "locales": {n: expectations(n, world, tables) for n in names}}
    text = json.dumps(result, ensure_ascii=False, indent=1, sort_keys=True)
    if args.out == "-":
        print(text)
    else:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
