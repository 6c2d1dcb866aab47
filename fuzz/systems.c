/*
 * fuzz/systems.c -- libFuzzer harness: calendar systems. The input's first byte picks:
 *   calls: a stream of kalends_calendar_system_* calls on every system (the built-in
 *     ones, the French Republican plugin and the fuzz plugin systems registered so far)
 *     with any day numbers, dates, eras, months and counts: conversions (a successful
 *     one round-trips), month lengths, months, eras and era codes, add months/years,
 *     and the grids and day dates of calendars in those systems;
 *   plugin: the rest of the input is the answers of a plugin system
 *     (fuzz/plugin_system.c): it loads or is refused with PLUGIN, never traps; a loaded
 *     one answers like a built-in system. After 400 loaded systems only calls run, so a
 *     long run does not grow the registry without bound.
 */
#include "fuzz_input.h"

#ifndef KALENDS_PLUGIN_DIR
#define KALENDS_PLUGIN_DIR "../.build/plugins"
#endif
#ifndef FUZZ_PLUGIN
#define FUZZ_PLUGIN "libfuzz_system.so"
#endif

static int loaded_systems;

static void system_name(fuzz_input *in, char *id, size_t cap)
{
    int32_t n = 0;
    kalends_calendar_system_count(&n);
    uint8_t b = fuzz_u8(in);
    if (b == 255) {
        fuzz_string(in, id, cap); /* any identifier: NOT_FOUND */
        return;
    }
    size_t length = 0;
    if (kalends_calendar_system_identifier((int32_t)(b % (uint8_t)(n > 0 && n < 255 ? n : 1)), id, cap, &length) != KALENDS_OK)
        snprintf(id, cap, "gregorian");
}

static void calls(fuzz_input *in)
{
    char id[64];
    for (int step = 0; step < 64 && !fuzz_done(in); step++) {
        system_name(in, id, sizeof id);
        uint8_t op = fuzz_u8(in) % 12;
        int32_t out = 0;
        kalends_system_date d;
        switch (op) {
        case 0:
        case 1: {
            int32_t day = fuzz_i32(in);
            if (CHECKED(kalends_calendar_system_from_day(id, day, &d)) == KALENDS_OK) {
                FUZZ_ASSERT(CHECKED(kalends_calendar_system_to_day(id, &d, &out)) == KALENDS_OK && out == day,
                            "%s: day %d -> %d/%d/%d/%d leap %d -> %d", id, (int)day, (int)d.era, (int)d.year, (int)d.month,
                            (int)d.day, (int)d.is_leap_month, (int)out);
            }
            break;
        }
        case 2:
            d.era = fuzz_i32(in);
            d.year = fuzz_i32(in);
            d.month = fuzz_i32(in);
            d.day = fuzz_i32(in);
            d.is_leap_month = (fuzz_u8(in) & 1) ? fuzz_i32(in) : 0;
            if (CHECKED(kalends_calendar_system_to_day(id, &d, &out)) == KALENDS_OK) {
                kalends_system_date back;
                FUZZ_ASSERT(CHECKED(kalends_calendar_system_from_day(id, out, &back)) == KALENDS_OK
                                && memcmp(&back, &d, sizeof d) == 0,
                            "%s: date does not round-trip through day %d", id, (int)out);
            }
            break;
        case 3: CHECKED(kalends_calendar_system_months_in_year(id, fuzz_i32(in), fuzz_i32(in), &out)); break;
        case 4:
            if (CHECKED(kalends_calendar_system_month_length(id, fuzz_i32(in), fuzz_i32(in), fuzz_i32(in),
                                                             (int32_t)(fuzz_u8(in) % 3), &out)) == KALENDS_OK)
                FUZZ_ASSERT(out >= 1 && out <= 35, "%s: month of %d days", id, (int)out);
            break;
        case 5: {
            kalends_system_month m;
            if (CHECKED(kalends_calendar_system_month(id, fuzz_i32(in), &m)) == KALENDS_OK)
                FUZZ_ASSERT(m.length >= 1 && m.length <= 35, "%s: month of %d days", id, (int)m.length);
            break;
        }
        case 6: {
            kalends_system_era eras[300];
            int32_t count = 0;
            CHECKED(kalends_calendar_system_eras(id, eras, (int32_t)(fuzz_u8(in) % 2) * 300, &count));
            char code[48];
            size_t length = 0;
            CHECKED(kalends_calendar_system_era_code(id, fuzz_i32(in), code, (size_t)(fuzz_u8(in) % sizeof code), &length));
            break;
        }
        case 7: CHECKED(kalends_calendar_system_add_months(id, fuzz_i32(in), fuzz_i32(in), &out)); break;
        case 8: CHECKED(kalends_calendar_system_add_years(id, fuzz_i32(in), fuzz_i32(in), &out)); break;
        case 9: {
            kalends_day_range r;
            if (CHECKED(kalends_calendar_system_day_range(id, &r)) == KALENDS_OK)
                FUZZ_ASSERT(r.first <= r.last, "%s: range %d...%d", id, (int)r.first, (int)r.last);
            break;
        }
        default: {
            kalends_calendar_options o;
            kalends_calendar_options_init(&o);
            o.today_mode = KALENDS_TODAY_OFF;
            o.first_weekday = 1 + fuzz_u8(in) % 7;
            o.system = id;
            char second[64];
            if (fuzz_u8(in) & 1) {
                system_name(in, second, sizeof second);
                o.secondary_system = second;
            }
            kalends_calendar *calendar = NULL;
            if (CHECKED(kalends_calendar_new(&o, &calendar)) != KALENDS_OK) break;
            kalends_day days[KALENDS_GRID_MAX_DAYS];
            int32_t count = 0;
            int32_t day = fuzz_i32(in);
            if (CHECKED(kalends_calendar_month_grid_containing(calendar, day, (int32_t)(fuzz_u8(in) % 3), days,
                                                               KALENDS_GRID_MAX_DAYS, &count)) == KALENDS_OK)
                /* whole weeks; a short month (Coptic and Ethiopic Pagume: 5 or 6 days) takes 1 or 2 rows with variable rows */
                FUZZ_ASSERT(count % 7 == 0 && count >= 7 && count <= KALENDS_GRID_MAX_DAYS, "%s: grid of %d days", id, (int)count);
            kalends_day_dates dates[64];
            CHECKED(kalends_calendar_day_dates(calendar, day, (int32_t)(fuzz_u8(in) % 70) - 2, dates, 64, &count));
            kalends_calendar_free(calendar);
            break;
        }
        }
    }
}

static void plugin(fuzz_input *in)
{
    static char config[1100];
    size_t n = in->size > 500 ? 500 : in->size;
    for (size_t i = 0; i < n; i++) snprintf(config + 2 * i, 3, "%02x", in->data[i]);
    config[2 * n] = 0;
    kalends_plugin *p = NULL;
    kalends_status s = CHECKED(kalends_plugin_load(KALENDS_PLUGIN_DIR "/" FUZZ_PLUGIN, config, &p));
    FUZZ_ASSERT(s == KALENDS_OK || s == KALENDS_E_PLUGIN, "plugin load: status %d: %s", (int)s, kalends_last_error());
    if (s != KALENDS_OK) return;
    loaded_systems++;
    /* the new system is the last one: ask it everything */
    int32_t count = 0;
    kalends_calendar_system_count(&count);
    char id[64];
    size_t length = 0;
    CHECKED(kalends_calendar_system_identifier(count - 1, id, sizeof id, &length));
    kalends_day_range r;
    if (CHECKED(kalends_calendar_system_day_range(id, &r)) == KALENDS_OK) {
        for (int32_t day = r.first - 1; day <= r.last + 1 && day < r.first + 2000; day++) {
            kalends_system_date d;
            int32_t back = 0;
            if (CHECKED(kalends_calendar_system_from_day(id, day, &d)) == KALENDS_OK)
                FUZZ_ASSERT(CHECKED(kalends_calendar_system_to_day(id, &d, &back)) == KALENDS_OK && back == day,
                            "%s: day %d does not round-trip", id, (int)day);
            CHECKED(kalends_calendar_system_add_months(id, day, 13, &back));
            CHECKED(kalends_calendar_system_add_years(id, day, -1, &back));
        }
    }
    FUZZ_ASSERT(CHECKED(kalends_plugin_free(p)) == KALENDS_OK, "free");
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    kalends_plugin *p = NULL;
    if (kalends_plugin_load(KALENDS_PLUGIN_DIR "/libfrench_republican.so", NULL, &p) != KALENDS_OK) {
        fprintf(stderr, "systems fuzzer: cannot load the French Republican plugin: %s\n", kalends_last_error());
        abort();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = { data, size };
    uint8_t mode = fuzz_u8(&in);
    if ((mode & 3) == 0 && loaded_systems < 400) plugin(&in);
    else calls(&in);
    return 0;
}
