#!/usr/bin/env python3
"""Generates Kalends' locale tables from CLDR 47 for every locale CLDR has.

Sources (both carry CLDR 47; the library itself depends on neither):
- babel 2.18.0 (pip install babel==2.18.0): the locale list, parent chain, likely
  subtags, and everything of the gregorian calendar: month, weekday, era and day-period
  names, date/time patterns, availableFormats skeletons, day-period rules, default
  numbering system, character order. babel's own week properties are NOT used (they give
  the world default for language-only locales and inherit wrongly for pt_AO & co).
- ICU 77.1 through PyICU (pip install pyicu-wheels==2.15.2): what babel does not import,
  i.e. the names and patterns of the other calendars (hebrew, islamic, persian, indian,
  coptic, ethiopic, chinese, dangi, japanese/buddhist/roc eras), the digits of numbering
  systems, week data from CLDR's territory tables (see icu_week.py), and the name of
  the current day ("today": fields/day/relative 0, for accessibility labels) and of the
  days before and after it (relative -1 and 1: "yesterday", "tomorrow", for agenda headings).
- zopfli 0.4.3 (pip install zopfli==0.4.3): the DEFLATE compressor of the blob.

Writes Sources/KalendsLocaleData/locale_data.c (the blob as a static byte array) and
prints a summary. Run: python3 tools/cldr/generate_locales.py
The blob format is documented in Sources/KalendsCore/Locale/LocaleBlob.swift.
"""

from __future__ import annotations

import os
import struct
import sys
import zlib

import zopfli.zopfli

import babel
import babel.core
import babel.localedata as localedata
from babel import Locale
from babel.dates import match_skeleton

import icu

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from icu_week import week_data  # noqa: E402
from interval_split import split_interval  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT_C = os.path.join(ROOT, "Sources", "KalendsLocaleData", "locale_data.c")

MAGIC = b"KLD1"
FORMAT_VERSION = 2                          # 2: the calendars' records hold their intervalFormats

# The calendars of the tables, in this order (the core's LocaleCalendar enum).
CALENDARS = ["gregorian", "buddhist", "japanese", "roc", "hebrew", "islamic", "persian", "indian",
             "coptic", "ethiopic", "ethiopic-amete-alem", "chinese", "dangi"]
# The calendars whose records hold their own intervalFormats (a fifth item: ca-chinese,
# ca-dangi, and CLDR's generic-calendar ones, which add the era, for the others; the
# gregorian calendar's are the locale's LocaleField.intervals).
INTERVAL_CALENDARS = tuple(c for c in CALENDARS if c != "gregorian")
# Month counts as ICU stores the names (hebrew: 13 months + "Adar II" of leap years).
MONTH_COUNTS = {"hebrew": 14, "coptic": 13, "ethiopic": 13, "ethiopic-amete-alem": 13}
ERA_COUNTS = {"gregorian": 2, "buddhist": 1, "roc": 2, "hebrew": 1, "islamic": 1, "persian": 1,
              "indian": 1, "coptic": 2, "ethiopic": 2, "ethiopic-amete-alem": 1, "chinese": 0, "dangi": 0}
CONTEXTS = ["format", "stand-alone"]
MONTH_WIDTHS = ["wide", "abbreviated", "narrow"]
DAY_WIDTHS = ["wide", "abbreviated", "short", "narrow"]
STYLES = ["full", "long", "medium", "short"]
PERIODS = ["am", "pm", "midnight", "noon", "morning1", "morning2", "afternoon1", "afternoon2",
           "evening1", "evening2", "night1", "night2"]
# CLDR's orientation values as the core's TextOrder.
TEXT_ORDERS = {"left-to-right": 0, "right-to-left": 1, "top-to-bottom": 2, "bottom-to-top": 3}
# CLDR's lineOrder of the locales whose characters run vertically, which babel does not
# import (it has characterOrder only): mn_Mong.xml has characterOrder top-to-bottom and
# lineOrder left-to-right (mn_Mong_CN and mn_Mong_MN inherit them). Lines of horizontal
# scripts run top to bottom (root).
VERTICAL_LINE_ORDERS = {"mn_Mong": "left-to-right"}
TITLE_SKELETON = "yMMMM"
WEEKDAY_DAY_SKELETON = "Ed"


class Pool:
    """Deduplicated strings and lists (of u32) with dense ids."""

    def __init__(self) -> None:
        self.strings: dict[str, int] = {"": 0}
        self.lists: dict[tuple[int, ...], int] = {(): 0}

    def s(self, text: str) -> int:
        return self.strings.setdefault(text, len(self.strings))

    def l(self, items) -> int:  # noqa: E743
        key = tuple(items)
        return self.lists.setdefault(key, len(self.lists))

    def sl(self, texts) -> int:
        return self.l(self.s(t) for t in texts)


def parent_of(name: str) -> str | None:
    """babel's (CLDR's) parent: parentLocales, nonlikelyScript -> root, else truncation."""
    if name == "root":
        return None
    parent = babel.core.get_global("parent_exceptions").get(name)
    if not parent:
        if localedata._is_non_likely_script(name):
            parent = "root"
        else:
            parts = name.split("_")
            parent = "root" if len(parts) == 1 else "_".join(parts[:-1])
    return parent


def line_order(name: str, character_order: str) -> str:
    """CLDR's lineOrder: top to bottom for horizontal scripts, else the nearest entry of
    VERTICAL_LINE_ORDERS on the parent chain (a vertical locale it lacks stops the
    generator: its lineOrder must be looked up in CLDR and added)."""
    if character_order in ("left-to-right", "right-to-left"):
        return "top-to-bottom"
    cur: str | None = name
    while cur is not None:
        if cur in VERTICAL_LINE_ORDERS:
            return VERTICAL_LINE_ORDERS[cur]
        cur = parent_of(cur)
    raise SystemExit(f"{name}: characters {character_order}, lineOrder not in VERTICAL_LINE_ORDERS")


def fresh_locale(name: str) -> Locale:
    """A Locale loaded with an empty babel cache (babel #1234: shared alias caches)."""
    localedata._cache.clear()
    return Locale.parse(name)


def hour_cycle(pattern: str) -> int:
    """0 = h12, 1 = h23, 2 = h11, 3 = h24: the first hour letter outside quotes."""
    quoted = False
    for ch in pattern:
        if ch == "'":
            quoted = not quoted
        elif not quoted and ch in "hHKk":
            return {"h": 0, "H": 1, "K": 2, "k": 3}[ch]
    return 1


def babel_data(name: str, pool: Pool) -> dict:
    loc = fresh_locale(name)
    d: dict = {}
    months = []
    for ctx in CONTEXTS:
        for w in MONTH_WIDTHS:
            names = loc.months[ctx][w]
            months.append([str(names[m]) for m in range(1, 13)])
    d["greg_months"] = months
    days = []
    for ctx in CONTEXTS:
        for w in DAY_WIDTHS:
            names = loc.days[ctx][w]
            days.append(pool.sl(str(names[i]) for i in range(7)))   # Monday first
    d["weekdays"] = days
    eras = []
    for w in MONTH_WIDTHS:
        names = loc.eras[w]
        eras.append([str(names[0]), str(names[1])])
    d["greg_eras"] = eras
    periods = []
    for ctx in CONTEXTS:
        for w in MONTH_WIDTHS:
            row = []
            for key in PERIODS:
                text = ""
                for fw in [w, "wide", "narrow", "abbreviated"]:   # babel's fallback order
                    names = loc.day_periods[ctx].get(fw) or {}
                    if key in names:
                        text = str(names[key])
                        break
                row.append(text)
            periods.append(pool.sl(row))
    d["periods"] = periods
    rules = []
    ruleset = loc.day_period_rules.get(None, {}) if loc.day_period_rules else {}
    for key, entries in ruleset.items():
        for r in entries:
            k = PERIODS.index(key)
            if "at" in r:           # (1 << 8 | period, minute, minute)
                rules.append((256 | k, r["at"] // 60, r["at"] // 60))
            else:                   # (period, from minute, before minute)
                rules.append((k, r["from"] // 60, r["before"] // 60))
    rules.sort(key=lambda t: (-(t[0] >> 8), t))       # 'at' rules first, as babel checks them first
    rules = [v for t in rules for v in t]
    d["period_rules"] = pool.l(rules)
    d["greg_date"] = [str(loc.date_formats[s].pattern) for s in STYLES]
    d["time"] = [pool.s(str(loc.time_formats[s].pattern)) for s in STYLES]
    sk = loc.datetime_skeletons
    d["greg_title"] = str(sk[match_skeleton(TITLE_SKELETON, sk)].pattern) if match_skeleton(TITLE_SKELETON, sk) else "MMMM y"
    d["greg_weekday_day"] = str(sk[match_skeleton(WEEKDAY_DAY_SKELETON, sk)].pattern) if match_skeleton(WEEKDAY_DAY_SKELETON, sk) else "d E"
    cycle = hour_cycle(str(loc.time_formats["short"].pattern))
    hour_sk = "h" if cycle in (0, 2) else "H"
    m = match_skeleton(hour_sk, sk)
    d["hour"] = pool.s(str(sk[m].pattern) if m else ("h a" if hour_sk == "h" else "HH"))
    d["cycle"] = cycle
    d["rtl"] = loc.character_order == "right-to-left"
    d["chars"] = TEXT_ORDERS[loc.character_order]
    d["lines"] = TEXT_ORDERS[line_order(name, loc.character_order)]
    d["numbering"] = str(loc._data.get("default_numbering_system", "latn"))
    d["intervals"] = interval_list(loc, pool)
    d["interval_skeletons"] = interval_skeletons(loc)
    return d


# The pattern letters of date fields (babel's PATTERN_CHARS without the time and zone
# ones): the interval skeletons of the tables are those made of these letters only.
DATE_SKELETON_LETTERS = set("GyYuQqMLwWdDFgEec")
# The fields of intervalFormats' greatest differences, largest first (babel's
# PATTERN_CHAR_ORDER restricted to the date fields CLDR 47 uses: G, y, M, d).
INTERVAL_FIELDS = "GyMd"


def interval_skeletons(loc: Locale) -> list[str]:
    """The date skeletons of the locale's gregorian intervalFormats, sorted."""
    return sorted(k for k in loc.interval_formats if k and set(k) <= DATE_SKELETON_LETTERS)


def interval_list(loc: Locale, pool: Pool) -> int:
    """CLDR's intervalFormats of the locale's gregorian calendar, date skeletons only, as
    babel 2.18 reads them: [fallback pattern ("{0} – {1}"), then for each skeleton in
    sorted order: its string, a list [the availableFormats pattern of exactly this
    skeleton ("" if none), the best availableFormats pattern for it (babel's
    match_skeleton), then (field letter, start piece, end piece) per greatest-difference
    field in INTERVAL_FIELDS order]]."""
    formats = loc.interval_formats
    skeletons = loc.datetime_skeletons
    out = [pool.s(str(formats.get(None, "{0}-{1}")))]
    for skeleton in interval_skeletons(loc):
        items = formats[skeleton]
        exact = str(skeletons[skeleton].pattern) if skeleton in skeletons else ""
        best = match_skeleton(skeleton, skeletons)
        row = [pool.s(exact), pool.s(str(skeletons[best].pattern) if best else "")]
        for field in INTERVAL_FIELDS:
            if field in items:
                start, end = split_interval("".join(str(piece) for piece in items[field]))
                row += [ord(field), pool.s(start), pool.s(end)]
        assert set(items) <= set(INTERVAL_FIELDS), (str(loc), skeleton, list(items))
        out += [pool.s(skeleton), pool.l(row)]
    return pool.l(out)


# ICU's calendar fields of INTERVAL_FIELDS.
ICU_INTERVAL_FIELDS = {"G": icu.UCalendarDateFields.ERA, "y": icu.UCalendarDateFields.YEAR,
                       "M": icu.UCalendarDateFields.MONTH, "d": icu.UCalendarDateFields.DATE}


def icu_interval_list(loc: icu.Locale, skeletons: list[str], pool: Pool) -> int:
    """A calendar's own intervalFormats (CLDR 47's ca-chinese/ca-dangi: "rU年MMM至MMM",
    "U MMM d–d"; ca-generic, which most other calendars inherit: en "MMM d – d, y G")
    as ICU's DateIntervalInfo resolves them for the locale, in the shape of
    interval_list, for the skeletons of the locale's gregorian table: a skeleton's
    availableFormats pattern (both the exact and the best one) is ICU's best pattern
    for it in that calendar, as DateIntervalFormat formats one day; a skeleton with no
    pattern for any field is left out (matching then picks a near one)."""
    info = icu.DateIntervalInfo(loc)
    gen = icu.DateTimePatternGenerator.createInstance(loc)
    out = [pool.s(str(info.getFallbackIntervalPattern()))]
    for skeleton in skeletons:
        row = []
        for field in INTERVAL_FIELDS:
            pattern = str(info.getIntervalPattern(skeleton, ICU_INTERVAL_FIELDS[field]))
            if pattern:
                start, end = split_interval(pattern)
                row += [ord(field), pool.s(start), pool.s(end)]
        if row:
            best = pool.s(str(gen.getBestPattern(skeleton)))
            out += [pool.s(skeleton), pool.l([best, best] + row)]
    return pool.l(out)


def icu_locale_for(name: str, available: set[str]) -> str:
    """The nearest locale on the CLDR parent chain that ICU has ("root" always)."""
    cur: str | None = name
    while cur is not None:
        if cur in available:
            return cur
        cur = parent_of(cur)
    return "root"


def icu_today(icu_name: str) -> str:
    """CLDR's name of the current day (fields/day/relative type="0": "today", "heute",
    "היום"), which babel does not import: ICU's relative formatter, no capitalization."""
    f = icu.RelativeDateTimeFormatter(icu.Locale("" if icu_name == "root" else icu_name))
    return str(f.format(icu.UDateDirection.THIS, icu.UDateAbsoluteUnit.DAY))


def icu_relative_day(icu_name: str, direction: int) -> str:
    """CLDR's name of the day before (-1) or after (1) the current one (fields/day/relative
    type="-1"/"1": "yesterday", "morgen"), from ICU's relative formatter as icu_today."""
    f = icu.RelativeDateTimeFormatter(icu.Locale("" if icu_name == "root" else icu_name))
    way = icu.UDateDirection.LAST if direction < 0 else icu.UDateDirection.NEXT
    return str(f.format(way, icu.UDateAbsoluteUnit.DAY))


def icu_calendar(icu_name: str, cal: str) -> tuple[icu.Locale, icu.Calendar]:
    base = "" if icu_name == "root" else icu_name
    loc = icu.Locale(f"{base}@calendar={cal}")
    return loc, icu.Calendar.createInstance(loc)


def fmt(pattern: str, loc: icu.Locale, c: icu.Calendar) -> str:
    f = icu.SimpleDateFormat(pattern, loc)
    f.setCalendar(c)
    return str(f.format(c.getTime()))


def icu_months(loc: icu.Locale, cal: str) -> list[list[str]]:
    sym = icu.SimpleDateFormat("", loc).getDateFormatSymbols()
    out = []
    for ctx in (icu.DateFormatSymbols.FORMAT, icu.DateFormatSymbols.STANDALONE):
        for w in (icu.DateFormatSymbols.WIDE, icu.DateFormatSymbols.ABBREVIATED, icu.DateFormatSymbols.NARROW):
            names = [str(x) for x in sym.getMonths(ctx, w)]
            out.append(names[:MONTH_COUNTS.get(cal, 12)])
    return out


_ERA_INSTANTS: dict[str, list[float]] = {}


def era_instants(cal: str, count: int) -> list[float]:
    """An instant inside each era (its first day): the same for every locale. Japanese
    eras start mid-year and some lasted months, so walk days from the era's year."""
    if cal not in _ERA_INSTANTS:
        F = icu.UCalendarDateFields
        c = icu.Calendar.createInstance(icu.Locale(f"en@calendar={cal}"))
        out = []
        for era in range(count):
            c.clear()
            c.set(F.ERA, era)
            c.set(F.YEAR, 1)
            c.set(F.MONTH, 0)
            c.set(F.DATE, 1)
            t = c.getTime()
            for _ in range(800):
                c.setTime(t)
                if c.get(F.ERA) == era:
                    break
                t += 86400.0                      # PyICU dates are seconds
            else:
                raise RuntimeError(f"no day of era {era} of {cal}")
            out.append(t)
        _ERA_INSTANTS[cal] = out
    return _ERA_INSTANTS[cal]


def icu_eras(loc: icu.Locale, cal: str, c: icu.Calendar) -> list[list[str]]:
    count = ERA_COUNTS.get(cal)
    if count is None:                                  # japanese: every era ICU knows
        count = len(icu.SimpleDateFormat("", loc).getDateFormatSymbols().getEras())
    instants = era_instants(cal, count)
    out = []
    for letters in ("GGGG", "GGG", "GGGGG"):
        f = icu.SimpleDateFormat(letters, loc)
        f.setCalendar(c)
        out.append([str(f.format(t)) for t in instants])
    return out


def icu_number_overrides(icu_name: str, cal: str) -> list[str]:
    """The `numbers` attribute of the four date patterns ("hebr", "y=jpanyear",
    "d=hanidays"): ICU keeps it beside the pattern in DateTimePatterns (entries 4...7)."""
    rb = icu.ResourceBundle("", icu.Locale("" if icu_name == "root" else icu_name))
    try:
        r = rb.getWithFallback("calendar").getWithFallback(cal).getWithFallback("DateTimePatterns")
    except icu.ICUError:
        return [""] * 4
    out = []
    for i in range(4, 8):
        e = r.get(i) if i < r.getSize() else None
        out.append(str(e.getStringEx(1)) if e is not None and e.getType() == 8 and e.getSize() > 1 else "")
    return out


def icu_leap_patterns(loc: icu.Locale, c: icu.Calendar) -> list[str]:
    """'{0}' patterns of a leap month (chinese/dangi 2023 had a leap 2nd month):
    format wide, abbreviated, narrow, numeric."""
    F = icu.UCalendarDateFields
    out = []
    for letters in ("MMMM", "MMM", "MMMMM", "M"):
        texts = []
        for leap in (0, 1):
            c.clear()
            c.set(F.EXTENDED_YEAR, 4660 if c.getType() == "chinese" else 4356)   # 2023
            c.set(F.ORDINAL_MONTH, 1 + leap)      # the 2nd month, then its leap repeat
            c.set(F.DATE, 1)
            texts.append(fmt(letters, loc, c))
        base, leap = texts
        if base == leap:
            out.append("{0}")
        elif base in leap:
            out.append(leap.replace("'", "''").replace(base, "{0}", 1))
        else:
            out.append("{0}")
    return out


def icu_cyclic_years(loc: icu.Locale, c: icu.Calendar) -> list[str]:
    F = icu.UCalendarDateFields
    out = []
    for y in range(1, 61):
        c.clear()
        c.set(F.ERA, 78)
        c.set(F.YEAR, y)
        c.set(F.MONTH, 0)
        c.set(F.DATE, 1)
        out.append(fmt("U", loc, c))
    return out


def calendar_record(name: str, cal: str, bd: dict, icu_name: str, pool: Pool, cache: dict) -> tuple:
    overrides = icu_number_overrides(icu_name, cal)
    if cal == "gregorian":
        months = bd["greg_months"]
        eras = bd["greg_eras"]
        dates = bd["greg_date"]
        title, wd = bd["greg_title"], bd["greg_weekday_day"]
        leap = ["{0}"] * 4
        cyclic: list[str] = []
    else:
        key = (icu_name, cal)
        if key not in cache:
            loc, c = icu_calendar(icu_name, cal)
            months = icu_months(loc, cal)
            eras = icu_eras(loc, cal, c)
            dates = [str(icu.DateFormat.createDateInstance(getattr(icu.DateFormat, s.upper()), loc).toPattern())
                     for s in STYLES]
            gen = icu.DateTimePatternGenerator.createInstance(loc)
            title = str(gen.getBestPattern(TITLE_SKELETON))
            wd = str(gen.getBestPattern(WEEKDAY_DAY_SKELETON))
            if cal in ("chinese", "dangi"):
                leap = icu_leap_patterns(loc, c)
                cyclic = icu_cyclic_years(loc, c)
            else:
                leap, cyclic = ["{0}"] * 4, []
            greg_loc, _ = icu_calendar(icu_name, "gregorian")
            greg_months = icu_months(greg_loc, "gregorian")
            cache[key] = (months, eras, dates, title, wd, leap, cyclic, greg_months)
        months, eras, dates, title, wd, leap, cyclic, greg_months = cache[key]
        if icu_name != name and cal in ("buddhist", "japanese", "roc"):
            # These calendars take the locale's gregorian month names (CLDR aliases them)
            # unless an ancestor defines its own: ICU lacks this locale, so use babel's.
            months = [bd["greg_months"][i] if months[i] == greg_months[i] else months[i] for i in range(6)]
    months_set = pool.l(pool.sl(m) for m in months)
    eras_set = pool.l(pool.sl(e) for e in eras)
    patterns_set = pool.sl(list(dates) + [title, wd] + overrides)
    chinese_set = pool.l([pool.s(p) for p in leap] + [pool.sl(cyclic)])
    if cal in INTERVAL_CALENDARS:
        key = (icu_name, cal, tuple(bd["interval_skeletons"]))
        if key not in cache:
            cache[key] = icu_interval_list(icu_calendar(icu_name, cal)[0], bd["interval_skeletons"], pool)
        return pool.l([months_set, eras_set, patterns_set, chinese_set, cache[key]])
    return pool.l([months_set, eras_set, patterns_set, chinese_set])


LOCALE_FIELDS = 31                          # u16 each, see LocaleBlob.swift


def digits_of(ns: str, cache: dict) -> str:
    if ns not in cache:
        sys_ = icu.NumberingSystem.createInstanceByName(ns)
        desc = str(sys_.getDescription())
        cache[ns] = desc if (not sys_.isAlgorithmic() and len(desc) == 10) else "0123456789"
    return cache[ns]


def main() -> None:
    if babel.core.get_cldr_version() != "47" or not icu.ICU_VERSION.startswith("77."):
        sys.exit(f"need babel with CLDR 47 and ICU 77 (have CLDR {babel.core.get_cldr_version()}, ICU {icu.ICU_VERSION})")
    names = sorted(set(localedata.locale_identifiers()) | {"root"})
    available = {str(l) for l in icu.Locale.getAvailableLocales()}
    pool = Pool()
    icu_cache: dict = {}
    digit_cache: dict = {}
    rows = []
    for i, name in enumerate(names):
        bd = babel_data(name, pool)
        icu_name = icu_locale_for(name, available)
        cal_ids = []
        for cal in CALENDARS:
            cal_ids.append(calendar_record(name, cal, bd, icu_name, pool, icu_cache))
        first, min_days, weekend = week_data("und" if name == "root" else name)
        lang, territory, script, variant = babel.core.parse_locale(name.replace("root", "und"))[:4]
        likely = babel.core.get_global("likely_subtags")
        full = likely.get(f"{lang}_{script}" if script else lang) or likely.get(lang) or "en_Latn_US"
        region = territory or babel.core.parse_locale(full)[1] or ""
        rows.append(dict(name=name, bd=bd, cals=cal_ids, week=(first, min_days, weekend), region=region,
                         today=icu_today(icu_name), yesterday=icu_relative_day(icu_name, -1),
                         tomorrow=icu_relative_day(icu_name, 1)))
        if i % 100 == 0:
            print(f"  {i}/{len(names)} {name}", file=sys.stderr)

    index = {r["name"]: i for i, r in enumerate(rows)}
    locale_words = []
    for r in rows:
        bd = r["bd"]
        p = parent_of(r["name"])
        first, min_days, weekend = r["week"]
        flags = (1 if bd["rtl"] else 0) | (bd["cycle"] << 1) | (bd["chars"] << 3) | (bd["lines"] << 5)
        words = [pool.s(r["name"]), index[p] if p is not None else 0xFFFF,
                 first | (min_days << 8), weekend | (flags << 8),
                 pool.s(r["region"]), pool.s(digits_of(bd["numbering"], digit_cache)),
                 *bd["weekdays"], *bd["periods"], bd["period_rules"], *bd["time"], bd["hour"]]
        assert len(words) == LOCALE_FIELDS - 5, len(words)
        words.append(pool.l(r["cals"]))
        words.append(pool.s(r["today"]))
        words.append(bd["intervals"])
        words.append(pool.s(r["yesterday"]))
        words.append(pool.s(r["tomorrow"]))
        locale_words.append(words)

    # Territories: week data of every region code CLDR names (for identifiers with a
    # region but no locale of their own, e.g. de_US).
    territories = sorted(t for t in Locale("en").territories.keys() if len(t) == 2 and t.isalpha() and t.isupper())
    terr_rows = []
    for t in territories:
        first, min_days, weekend = week_data("und_" + t)
        terr_rows.append((t, first | (min_days << 8), weekend))

    # Aliases: other spellings of a locale's name, e.g. zh_TW -> zh_Hant_TW and sr_ME ->
    # sr_Latn_ME (likely subtags fill in the script), iw -> he (language aliases).
    likely = babel.core.get_global("likely_subtags")
    aliases: dict[str, int] = {}
    for name, i in index.items():
        parts = name.split("_")
        if len(parts) == 3 and len(parts[1]) == 4:
            short = f"{parts[0]}_{parts[2]}"
            if short not in index and likely.get(short) == f"{parts[0]}_{parts[1]}_{parts[2]}":
                aliases[short] = i
    for old, new in babel.core.get_global("language_aliases").items():
        if "_" not in old and old not in index and new in index:
            aliases[old] = index[new]
    alias_rows = sorted((a.encode(), pool.s(a), i) for a, i in aliases.items())

    blob = encode(pool, locale_words, terr_rows, alias_rows)
    packed = write_c(blob, len(rows))
    strings_bytes = sum(len(s.encode()) for s in pool.strings)
    print(f"CLDR {babel.core.get_cldr_version()} (babel {babel.__version__}), ICU {icu.ICU_VERSION}: "
          f"{len(rows)} locales, {len(alias_rows)} aliases, {len(territories)} territories, {len(pool.strings)} strings "
          f"({strings_bytes} bytes), {len(pool.lists)} lists ({sum(len(k) for k in pool.lists)} items), "
          f"blob {len(blob)} bytes, {len(packed)} deflated")


def encode(pool: Pool, locale_words: list, terr_rows: list, alias_rows: list) -> bytes:
    """Layout (little-endian; sections 4-byte aligned): magic "KLD1", u32 version, then
    u32 (offset, count) for each section: string offsets (u32, count + 1), string bytes
    (UTF-8), list offsets (u32, count + 1), list items (u16), locales (u16 x
    LOCALE_FIELDS each, sorted by name), territories (u16 code, u16 first | min << 8,
    u16 weekend mask), aliases (u16 name string, u16 locale index, sorted by name);
    then u32 LOCALE_FIELDS, calendar count, CLDR version, 0."""
    strings = sorted(pool.strings.items(), key=lambda kv: kv[1])
    sbytes = bytearray()
    soffs = []
    for text, _ in strings:
        soffs.append(len(sbytes))
        sbytes += text.encode("utf-8")
    soffs.append(len(sbytes))
    lists = sorted(pool.lists.items(), key=lambda kv: kv[1])
    items: list[int] = []
    loffs = []
    for key, _ in lists:
        loffs.append(len(items))
        items.extend(key)
    loffs.append(len(items))
    assert len(strings) < 0xFFFF and len(lists) < 0xFFFF and max(items) < 0xFFFF
    loc_words = [w for ws in locale_words for w in ws]
    assert max(loc_words) <= 0xFFFF
    terr_words = []
    for code, week, weekend in terr_rows:
        terr_words += [ord(code[0]) | (ord(code[1]) << 8), week, weekend]

    sections = [
        (struct.pack(f"<{len(soffs)}I", *soffs), len(strings)),
        (bytes(sbytes), len(sbytes)),
        (struct.pack(f"<{len(loffs)}I", *loffs), len(lists)),
        (struct.pack(f"<{len(items)}H", *items), len(items)),
        (struct.pack(f"<{len(loc_words)}H", *loc_words), len(locale_words)),
        (struct.pack(f"<{len(terr_words)}H", *terr_words), len(terr_rows)),
        (struct.pack(f"<{2 * len(alias_rows)}H", *[v for _, sid, i in alias_rows for v in (sid, i)]), len(alias_rows)),
    ]
    header_size = 8 + 8 * len(sections) + 16
    out = bytearray()
    table = []
    body = bytearray()
    for data, count in sections:
        table.append((header_size + len(body), count))
        body += data
        while len(body) % 4:
            body += b"\0"
    out += MAGIC + struct.pack("<I", FORMAT_VERSION)
    for off, count in table:
        out += struct.pack("<II", off, count)
    out += struct.pack("<IIII", LOCALE_FIELDS, len(CALENDARS), int(babel.core.get_cldr_version()), 0)
    assert len(out) == header_size
    out += body
    return bytes(out)


def write_c(blob: bytes, locale_count: int) -> bytes:
    """Writes the blob raw-DEFLATE compressed (RFC 1951; the core inflates it once, on
    first use) by zopfli (pip install zopfli==0.4.3), which finds smaller DEFLATE streams
    than zlib's level 9: 587 KB of tables are 238 KB in the library (zlib -9: 255 KB)."""
    packed = zopfli.zopfli.compress(blob, numiterations=15)[2:-4]   # the zlib container's header and Adler-32 off
    assert zlib.decompress(packed, -15) == blob
    os.makedirs(os.path.dirname(OUT_C), exist_ok=True)
    lines = []
    for i in range(0, len(packed), 24):
        lines.append("".join(f"{b}," for b in packed[i:i + 24]))
    with open(OUT_C, "w", encoding="ascii") as f:
        f.write("/* Generated by tools/cldr/generate_locales.py from CLDR 47 "
                f"({locale_count} locales): {len(blob)} bytes of tables, raw DEFLATE. Do not edit. */\n")
        f.write('#include "kalends_locale_data.h"\n\n')
        f.write(f"static const unsigned char packed[{len(packed)}] = {{\n")
        f.write("\n".join(lines))
        f.write("\n};\n\n")
        f.write("const unsigned char *kld_locale_blob(unsigned long *size, unsigned long *inflated_size) {\n"
                f"    *size = sizeof packed;\n    *inflated_size = {len(blob)}UL;\n    return packed;\n}}\n")
    return packed


if __name__ == "__main__":
    main()
