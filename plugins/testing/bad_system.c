/*
 * A calendar-system plugin for the library's error tests: its config names one way to
 * be wrong, and the library must refuse to load it (KALENDS_E_PLUGIN, or DUPLICATE for
 * a taken identifier) with a message naming the wrong answer, never trap. Config "ok"
 * gives a valid system ("test-thirty": twelve 30-day months a year, years 1...100 from
 * day 0, era 0), the others break it in one place:
 *   gap, overlap, long, zero, leap-flag, dup-month, year-jump, era, index-lies, fails,
 *   pair, builtin (identifier "hebrew"), bad-name, abi, small, null, range, huge;
 * "random:SEED" puts garbage into one field of about one month in 300 (for fuzzing).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../../include/kalends/sys/plugin.h"

enum { FIRST = 0, MONTHS = 1200, LAST = MONTHS * 30 - 1 };

static char mode[32];

static int is(const char *name) { return strcmp(mode, name) == 0; }

static kalends_status month_index(void *instance, int32_t day, int32_t *out)
{
    (void)instance;
    if (is("huge")) { *out = day; return KALENDS_OK; }
    if (day < FIRST || day > LAST) return KALENDS_E_OUT_OF_RANGE;
    *out = day / 30;
    if (is("index-lies") && day == 3990) *out = 7;   /* the first day of month 133 */
    return KALENDS_OK;
}

static kalends_status month(void *instance, int32_t index, kalends_system_month *out)
{
    (void)instance;
    if (is("huge")) {
        out->era = 0; out->year = 1; out->month = 1; out->is_leap_month = 0; out->extended_year = 1;
        out->first_day = index; out->length = 1;
        return KALENDS_OK;
    }
    if (index < 0 || index >= MONTHS) return KALENDS_E_OUT_OF_RANGE;
    if (is("fails") && index == 600) return KALENDS_E_INTERNAL;
    unsigned random_garbage = 0;
    if (strncmp(mode, "random:", 7) == 0) {
        /* "random:SEED": about one month in 300 gets one field replaced by garbage */
        unsigned h = (unsigned)atoi(mode + 7) * 2654435761u ^ (unsigned)index * 40503u;
        h ^= h >> 13;
        h *= 0x5bd1e995u;
        h ^= h >> 15;
        if (h % 300 == 0) random_garbage = h | 1u;
    }
    out->era = 0;
    out->year = index / 12 + 1;
    out->month = index % 12 + 1;
    out->is_leap_month = 0;
    out->extended_year = index / 12 + 1;
    out->first_day = index * 30;
    out->length = 30;
    if (is("gap") && index >= 500) out->first_day += 1;
    if (is("overlap") && index == 500) { out->length = 31; }
    if (is("long") && index == 500) { out->length = 40; }
    if (is("zero") && index == 500) { out->length = 0; }
    if (is("leap-flag") && index == 500) out->is_leap_month = 2;
    if (is("dup-month") && index == 501) out->month = out->month - 1;
    if (is("year-jump") && index >= 600) { out->extended_year += 1; out->year += 1; }
    if (is("era") && index == 500) out->era = 3;
    if (is("pair") && index >= 600 && index < 612) out->year = 1;
    if (random_garbage) {
        int32_t g = (int32_t)(random_garbage * 2246822519u);
        switch ((random_garbage >> 8) % 7) {
        case 0: out->length = g; break;
        case 1: out->first_day += g % 5; break;
        case 2: out->month = g; break;
        case 3: out->is_leap_month = g; break;
        case 4: out->era = g; break;
        case 5: out->extended_year += g % 3; break;
        default: out->year = g; break;
        }
    }
    return KALENDS_OK;
}

static kalends_calendar_system_vtable system_table = {
    sizeof(kalends_calendar_system_vtable), KALENDS_CALENDAR_SYSTEM_ABI_VERSION, "test-thirty",
    FIRST, LAST, 0, 0, month_index, month, NULL,
};

static kalends_status create(const char *config, void **instance)
{
    *instance = NULL;
    /* The library stays mapped between loads: start from the valid table each time. */
    system_table.struct_size = sizeof(kalends_calendar_system_vtable);
    system_table.abi_version = KALENDS_CALENDAR_SYSTEM_ABI_VERSION;
    system_table.identifier = "test-thirty";
    system_table.first_day = FIRST;
    system_table.last_day = LAST;
    system_table.month = month;
    memset(mode, 0, sizeof mode);
    strncpy(mode, config ? config : "ok", sizeof mode - 1);
    if (is("builtin")) system_table.identifier = "hebrew";
    if (is("bad-name")) system_table.identifier = "Bad Name!";
    if (is("abi")) system_table.abi_version = 7;
    if (is("small")) system_table.struct_size = 8;
    if (is("null")) system_table.month = NULL;
    if (is("range")) { system_table.first_day = 10; system_table.last_day = 5; }
    if (is("huge")) { system_table.first_day = -300000000; system_table.last_day = 300000000; }
    return KALENDS_OK;
}

static kalends_plugin_vtable plugin_table = {
    sizeof(kalends_plugin_vtable), KALENDS_PLUGIN_ABI_VERSION, "bad-system",
    create, NULL, NULL, NULL, NULL, &system_table,
};

const kalends_plugin_vtable *kalends_plugin_entry(void);

const kalends_plugin_vtable *kalends_plugin_entry(void) { return &plugin_table; }
