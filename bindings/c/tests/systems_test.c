/* Calendar systems from C: identifiers in calendar options (and old option structs),
   conversions checked against published dates, grids of system months with their
   dates, bad input, and a calendar system from a plugin (the French Republican example
   and a broken one). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kalends.h"
#include "check.h"

#ifndef KALENDS_PLUGIN_DIR
#define KALENDS_PLUGIN_DIR "../../.build/plugins"
#endif

static int32_t day_of(int32_t y, int32_t m, int32_t d)
{
    kalends_date date = {y, m, d};
    int32_t out = 0;
    kalends_date_day_number(&date, &out);
    return out;
}

static int same_date(kalends_system_date a, int32_t era, int32_t year, int32_t month, int32_t day, int32_t leap)
{
    return a.era == era && a.year == year && a.month == month && a.day == day && a.is_leap_month == leap;
}

/* Dates published by their authorities (not our output): Rosh Hashanah 5787 is
   2026-09-12; Chinese New Year 2026 (cycle 78, year 43) is 2026-02-17; 1 Ramadan 1447
   by Umm al-Qura is 2026-02-18; Reiwa began 2019-05-01; Nowruz 1405 AP is 2026-03-21. */
static void published_dates(void)
{
    kalends_system_date d;
    int32_t day = 0;
    CHECK(kalends_calendar_system_from_day("hebrew", day_of(2026, 9, 12), &d) == KALENDS_OK && same_date(d, 0, 5787, 1, 1, 0));
    CHECK(kalends_calendar_system_from_day("chinese", day_of(2026, 2, 17), &d) == KALENDS_OK && same_date(d, 78, 43, 1, 1, 0));
    CHECK(kalends_calendar_system_from_day("chinese", day_of(2026, 2, 16), &d) == KALENDS_OK && d.year == 42 && d.month == 12);
    CHECK(kalends_calendar_system_from_day("islamic-umalqura", day_of(2026, 2, 18), &d) == KALENDS_OK
          && same_date(d, 0, 1447, 9, 1, 0));
    CHECK(kalends_calendar_system_from_day("japanese", day_of(2019, 5, 1), &d) == KALENDS_OK && d.year == 1 && d.month == 5);
    CHECK(kalends_calendar_system_from_day("persian", day_of(2026, 3, 21), &d) == KALENDS_OK && same_date(d, 0, 1405, 1, 1, 0));
    kalends_system_date rosh = {0, 5787, 1, 1, 0};
    CHECK(kalends_calendar_system_to_day("hebrew", &rosh, &day) == KALENDS_OK && day == day_of(2026, 9, 12));
    /* aliases */
    CHECK(kalends_calendar_system_from_day("islamicc", day_of(2026, 2, 18), &d) == KALENDS_OK);
}

static void listing_and_months(void)
{
    int32_t n = 0, months = 0, length = 0;
    CHECK(kalends_calendar_system_count(&n) == KALENDS_OK && n >= 18);
    char name[64];
    size_t len = 0;
    CHECK(kalends_calendar_system_identifier(10, name, sizeof name, &len) == KALENDS_OK && strcmp(name, "hebrew") == 0);
    CHECK(kalends_calendar_system_identifier(n, name, sizeof name, &len) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_calendar_system_months_in_year("hebrew", 0, 5784, &months) == KALENDS_OK && months == 13);
    CHECK(kalends_calendar_system_months_in_year("hebrew", 0, 5785, &months) == KALENDS_OK && months == 12);
    CHECK(kalends_calendar_system_month_length("hebrew", 0, 5784, 6, 0, &length) == KALENDS_OK && length == 30);
    kalends_system_era eras[4];
    int32_t count = 0;
    CHECK(kalends_calendar_system_eras("ethiopic", eras, 4, &count) == KALENDS_OK && count == 2 && eras[1].first_year == 1);
    CHECK(kalends_calendar_system_era_code("gregorian", 1, name, sizeof name, &len) == KALENDS_OK && strcmp(name, "ce") == 0);
    int32_t moved = 0;
    /* 30 January + 1 month = 28 February (clamped), in the Gregorian system too */
    CHECK(kalends_calendar_system_add_months("gregorian", day_of(2026, 1, 30), 1, &moved) == KALENDS_OK
          && moved == day_of(2026, 2, 28));
}

static void bad_input(void)
{
    kalends_system_date d;
    int32_t out = 0;
    CHECK(kalends_calendar_system_from_day("klingon", 0, &d) == KALENDS_E_NOT_FOUND);
    CHECK(strstr(kalends_last_error(), "klingon") != NULL && strstr(kalends_last_error(), "hebrew") != NULL);
    CHECK(kalends_calendar_system_from_day(NULL, 0, &d) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_system_from_day("hebrew", 0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    kalends_system_date bad = {0, 1447, 13, 1, 0};
    out = 12345;
    CHECK(kalends_calendar_system_to_day("islamic-civil", &bad, &out) == KALENDS_E_INVALID_ARGUMENT && out == 12345);
    CHECK(strstr(kalends_last_error(), "islamic-civil") != NULL && strstr(kalends_last_error(), "1...12") != NULL);
    CHECK(kalends_calendar_system_month_length("chinese", 78, 43, 2, 1, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(strstr(kalends_last_error(), "no leap month") != NULL);
    CHECK(kalends_calendar_system_month_length("hebrew", 0, 5784, 6, 2, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_system_from_day("chinese", day_of(-20000, 1, 1), &d) == KALENDS_E_OUT_OF_RANGE);
    CHECK(strstr(kalends_last_error(), "chinese") != NULL);
    CHECK(kalends_calendar_system_months_in_year("hebrew", 0, 2000000000, &out) == KALENDS_E_OUT_OF_RANGE);
}

static void calendars_and_grids(void)
{
    kalends_calendar_options o;
    kalends_calendar_options_init(&o);
    CHECK(strcmp(o.system, "gregorian") == 0 && o.secondary_system == NULL);
    char name[16];
    strcpy(name, "hebrew");
    o.system = name;
    o.secondary_system = "chinese";
    o.today_mode = KALENDS_TODAY_OFF;
    kalends_calendar *cal = NULL;
    CHECK(kalends_calendar_new(&o, &cal) == KALENDS_OK);
    memset(name, 'x', sizeof name - 1);  /* copied at the call */
    kalends_calendar_options back;
    back.struct_size = sizeof back;
    CHECK(kalends_calendar_get_options(cal, &back) == KALENDS_OK && strcmp(back.system, "hebrew") == 0
          && strcmp(back.secondary_system, "chinese") == 0);
    /* Kislev 5787 from its first day: its in-month days are the month's */
    kalends_system_date kislev = {0, 5787, 3, 1, 0};
    int32_t first = 0, length = 0, count = 0;
    CHECK(kalends_calendar_system_to_day("hebrew", &kislev, &first) == KALENDS_OK);
    CHECK(kalends_calendar_system_month_length("hebrew", 0, 5787, 3, 0, &length) == KALENDS_OK);
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    CHECK(kalends_calendar_month_grid_containing(cal, first + 10, KALENDS_ROWS_FIXED, days, KALENDS_GRID_MAX_DAYS, &count)
          == KALENDS_OK && count == 42);
    kalends_day_dates dates[KALENDS_GRID_MAX_DAYS];
    int32_t n = 0;
    CHECK(kalends_calendar_day_dates(cal, days[0].day_number, count, dates, KALENDS_GRID_MAX_DAYS, &n) == KALENDS_OK && n == 42);
    int in_month = 0, agree = 1;
    for (int i = 0; i < count; i++) {
        kalends_system_date h, c;
        kalends_calendar_system_from_day("hebrew", days[i].day_number, &h);
        kalends_calendar_system_from_day("chinese", days[i].day_number, &c);
        agree &= memcmp(&h, &dates[i].date, sizeof h) == 0 && memcmp(&c, &dates[i].secondary, sizeof c) == 0
                 && dates[i].has_secondary == 1;
        if (days[i].flags & KALENDS_DAY_IN_MONTH) {
            in_month++;
            agree &= dates[i].date.month == 3 && dates[i].date.day == days[i].day_number - first + 1;
        }
    }
    CHECK(agree && in_month == length);
    /* a view of the calendar reports the same dates */
    kalends_view_options vo;
    kalends_view_options_init(&vo);
    kalends_view *view = NULL;
    CHECK(kalends_view_new(cal, &vo, NULL, &view) == KALENDS_OK);
    CHECK(kalends_view_day_dates(view, dates, KALENDS_GRID_MAX_DAYS, &n) == KALENDS_OK && n > 0 && dates[0].has_secondary == 1);
    kalends_view_free(view);
    /* bad identifiers change nothing */
    o.system = "klingon";
    CHECK(kalends_calendar_set_options(cal, &o) == KALENDS_E_NOT_FOUND);
    back.struct_size = sizeof back;
    CHECK(kalends_calendar_get_options(cal, &back) == KALENDS_OK && strcmp(back.system, "hebrew") == 0);
    kalends_calendar_free(cal);
    /* a struct from before calendar systems (ending at `system`) still works: Gregorian */
    kalends_calendar_options_init(&o);
    o.struct_size = (uint32_t)offsetof(kalends_calendar_options, system);
    o.system = "hebrew";   /* beyond its struct_size: not read */
    CHECK(kalends_calendar_new(&o, &cal) == KALENDS_OK);
    back.struct_size = sizeof back;
    CHECK(kalends_calendar_get_options(cal, &back) == KALENDS_OK && strcmp(back.system, "gregorian") == 0);
    kalends_calendar_free(cal);
}

static void plugin_system(void)
{
    int32_t before = 0, during = 0, after = 0;
    kalends_calendar_system_count(&before);
    kalends_plugin *plugin = NULL;
    CHECK(kalends_plugin_load(KALENDS_PLUGIN_DIR "/libfrench_republican.so", NULL, &plugin) == KALENDS_OK);
    kalends_calendar_system_count(&during);
    CHECK(during == before + 1);
    kalends_system_date d;
    /* 1 Vendemiaire I = 1792-09-22; 18 Brumaire VIII = 1799-11-09 (historical dates) */
    CHECK(kalends_calendar_system_from_day("french-republican", day_of(1792, 9, 22), &d) == KALENDS_OK
          && same_date(d, 0, 1, 1, 1, 0));
    CHECK(kalends_calendar_system_from_day("french-republican", day_of(1799, 11, 9), &d) == KALENDS_OK
          && same_date(d, 0, 8, 2, 18, 0));
    int32_t length = 0;
    CHECK(kalends_calendar_system_month_length("french-republican", 0, 3, 13, 0, &length) == KALENDS_OK && length == 6);
    kalends_view *view = NULL;
    kalends_view_new(NULL, NULL, NULL, &view);
    int32_t source = 0;
    CHECK(kalends_view_add_plugin(view, plugin, &source) == KALENDS_E_INVALID_ARGUMENT);   /* no events */
    kalends_view_free(view);
    CHECK(kalends_plugin_free(plugin) == KALENDS_OK);
    kalends_calendar_system_count(&after);
    CHECK(after == before);
    CHECK(kalends_calendar_system_from_day("french-republican", 0, &d) == KALENDS_E_NOT_FOUND);

    const char *modes[] = {"gap", "overlap", "long", "leap-flag", "dup-month", "year-jump", "era", "index-lies",
                           "fails", "pair", "bad-name", "abi", "small", "null", "range", "huge"};
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        kalends_plugin *bad = NULL;
        kalends_status s = kalends_plugin_load(KALENDS_PLUGIN_DIR "/libbad_system.so", modes[i], &bad);
        CHECK_MSG(s == KALENDS_E_PLUGIN && bad == NULL, "mode %s: status %d (%s)", modes[i], (int)s, kalends_last_error());
    }
    kalends_calendar_system_count(&after);
    CHECK(after == before);
}

/* Random calls into every system: statuses from the documented set, never a trap, and
   whatever converts round-trips. Deterministic (a fixed LCG seed). */
static uint64_t fuzz_state = 0x9E3779B97F4A7C15u;

static uint32_t fuzz_next(void)
{
    fuzz_state = fuzz_state * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(fuzz_state >> 32);
}

static int32_t fuzz_int(void)
{
    switch (fuzz_next() % 6) {
    case 0: return (int32_t)fuzz_next();                        /* anything */
    case 1: return (int32_t)(fuzz_next() % 4000000) - 2000000;  /* near the usual days */
    case 2: return (int32_t)(fuzz_next() % 30) - 5;             /* small: months, days, eras */
    case 3: return (int32_t)(fuzz_next() % 12000) - 3000;       /* years of every system */
    case 4: return fuzz_next() % 2 ? INT32_MAX : INT32_MIN;
    default: return (int32_t)(fuzz_next() % 400000000) - 200000000;
    }
}

static void fuzzed_calls(void)
{
    int32_t n = 0;
    kalends_calendar_system_count(&n);
    char names[32][48];
    for (int32_t i = 0; i < n && i < 32; i++) {
        size_t len = 0;
        kalends_calendar_system_identifier(i, names[i], sizeof names[i], &len);
    }
    int ok = 1, converted = 0;
    for (int k = 0; k < 200000; k++) {
        const char *id = names[fuzz_next() % (uint32_t)(n < 32 ? n : 32)];
        kalends_system_date d = {fuzz_int(), fuzz_int(), fuzz_int(), fuzz_int(), (int32_t)(fuzz_next() % 3)};
        int32_t out = 0;
        kalends_status s;
        switch (fuzz_next() % 5) {
        case 0:
            s = kalends_calendar_system_from_day(id, fuzz_int(), &d);
            if (s == KALENDS_OK) {
                int32_t back = 0;
                ok &= kalends_calendar_system_to_day(id, &d, &back) == KALENDS_OK;
                converted++;
            }
            break;
        case 1:
            s = kalends_calendar_system_to_day(id, &d, &out);
            if (s == KALENDS_OK) {
                kalends_system_date again;
                ok &= kalends_calendar_system_from_day(id, out, &again) == KALENDS_OK
                      && memcmp(&again, &d, sizeof d) == 0;
                converted++;
            }
            break;
        case 2: s = kalends_calendar_system_month_length(id, d.era, d.year, d.month, d.is_leap_month, &out); break;
        case 3: s = kalends_calendar_system_add_months(id, fuzz_int(), fuzz_int(), &out); break;
        default: s = kalends_calendar_system_add_years(id, fuzz_int(), fuzz_int(), &out); break;
        }
        ok &= s == KALENDS_OK || s == KALENDS_E_INVALID_ARGUMENT || s == KALENDS_E_OUT_OF_RANGE;
        if (s != KALENDS_OK) ok &= kalends_last_error()[0] != 0;
    }
    CHECK_MSG(ok && converted > 1000, "fuzzed calls: ok %d, %d converted", ok, converted);
    printf("systems_test: 200000 random calls over %d systems, %d converted and round-tripped\n", (int)n, converted);

    /* A plugin whose months are random: it loads (if its answers happened to be right)
       or is refused with PLUGIN; never a trap, and the registry keeps its systems. */
    int refused = 0;
    for (int seed = 1; seed <= 40; seed++) {
        char config[32];
        snprintf(config, sizeof config, "random:%d", seed);
        kalends_plugin *p = NULL;
        kalends_status s = kalends_plugin_load(KALENDS_PLUGIN_DIR "/libbad_system.so", config, &p);
        CHECK_MSG(s == KALENDS_OK || s == KALENDS_E_PLUGIN, "%s: %d", config, (int)s);
        if (s == KALENDS_OK) kalends_plugin_free(p); else refused++;
    }
    int32_t after = 0;
    kalends_calendar_system_count(&after);
    CHECK(after == n && refused > 0);
}

int main(void)
{
    published_dates();
    listing_and_months();
    bad_input();
    calendars_and_grids();
    plugin_system();
    fuzzed_calls();
    return check_summary("systems_test");
}
