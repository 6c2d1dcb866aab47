/*
 * fuzz/plugin_system.c -- a calendar-system plugin whose answers the fuzzer writes.
 * The config is the hex of bytes that lay out up to 48 months from a first day (each
 * 1...35 days long, twelve a year, era 0) and then edits: a field of a month (era,
 * year, month, leap flag, extended year, first day, length) set to a fuzzer value,
 * the month index lying for a day, a failing answer, the system's first/last day or
 * eras moved. Each instance registers under a new identifier ("fuzz-N"), so every
 * load is checked afresh. Built by fuzz/Makefile for the systems harness only.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kalends/sys/plugin.h"

enum { MAX_MONTHS = 48, MAX_EDITS = 16 };

typedef struct fuzz_system {
    int32_t count;
    kalends_system_month months[MAX_MONTHS];
    int32_t lie_day, lie_index; /* month_index(lie_day) answers lie_index */
    int32_t fail_index;         /* month(fail_index) fails (-1: never) */
} fuzz_system;

static char identifier[48];
static unsigned serial;
static fuzz_system *current;

static kalends_status month_index(void *instance, int32_t day, int32_t *out)
{
    fuzz_system *s = instance ? instance : current;
    if (!s || !out) return KALENDS_E_INVALID_ARGUMENT;
    if (day == s->lie_day) { *out = s->lie_index; return KALENDS_OK; }
    for (int32_t i = 0; i < s->count; i++) {
        int64_t first = s->months[i].first_day;
        if (day >= first && day < first + s->months[i].length) { *out = i; return KALENDS_OK; }
    }
    return KALENDS_E_OUT_OF_RANGE;
}

static kalends_status month(void *instance, int32_t index, kalends_system_month *out)
{
    fuzz_system *s = instance ? instance : current;
    if (!s || !out) return KALENDS_E_INVALID_ARGUMENT;
    if (index == s->fail_index) return KALENDS_E_INTERNAL;
    if (index < 0 || index >= s->count) return KALENDS_E_OUT_OF_RANGE;
    *out = s->months[index];
    return KALENDS_OK;
}

static const char *era_code(void *instance, int32_t era)
{
    (void)instance;
    return era == 0 ? "fz" : (era == 1 ? "a-very-long-era-code-that-is-far-more-than-forty-bytes" : NULL);
}

static kalends_calendar_system_vtable system_table = {
    sizeof(kalends_calendar_system_vtable), KALENDS_CALENDAR_SYSTEM_ABI_VERSION, identifier, 0, 0, 0, 0,
    month_index, month, era_code,
};

static int hex(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

static uint8_t next_byte(const uint8_t *bytes, size_t n, size_t *at)
{
    return *at < n ? bytes[(*at)++] : 0;
}

static kalends_status create(const char *config, void **instance)
{
    uint8_t bytes[512];
    size_t n = 0;
    for (const char *p = config ? config : ""; p[0] && p[1] && n < sizeof bytes; p += 2) {
        int hi = hex(p[0]), lo = hex(p[1]);
        if (hi < 0 || lo < 0) return KALENDS_E_INVALID_ARGUMENT;
        bytes[n++] = (uint8_t)(hi << 4 | lo);
    }
    size_t at = 0;
#define NEXT() next_byte(bytes, n, &at)
    fuzz_system *s = calloc(1, sizeof *s);
    if (!s) return KALENDS_E_INTERNAL;
    s->count = 1 + NEXT() % MAX_MONTHS;
    uint8_t hi = NEXT();
    int32_t day = 20000 + (int16_t)(hi << 8 | NEXT());
    s->lie_day = INT32_MIN;
    s->fail_index = -1;
    for (int32_t i = 0; i < s->count; i++) {
        uint8_t b = NEXT();
        kalends_system_month *m = &s->months[i];
        m->era = 0;
        m->year = 1 + i / 12;
        m->month = 1 + i % 12;
        m->is_leap_month = 0;
        m->extended_year = m->year;
        m->first_day = day;
        m->length = b ? 1 + b % 35 : 30;
        day += m->length;
    }
    system_table.first_day = s->months[0].first_day;
    system_table.last_day = day - 1;
    system_table.first_era = 0;
    system_table.last_era = 0;
    for (int edit = 0; edit < MAX_EDITS && at + 3 <= n; edit++) {
        uint8_t what = NEXT();
        int32_t index = NEXT() % s->count;
        int32_t value = (int8_t)NEXT();
        if (what & 0x80) {
            uint32_t v = 0;
            for (int i = 0; i < 4; i++) v = v << 8 | NEXT();
            value = (int32_t)v;
        }
        kalends_system_month *m = &s->months[index];
        switch (what % 12) {
        case 0: m->era = value; break;
        case 1: m->year += value; break;
        case 2: m->month = value; break;
        case 3: m->is_leap_month = value; break;
        case 4: m->extended_year += value; break;
        case 5: m->first_day += value; break;
        case 6: m->length += value; break;
        case 7: s->lie_day = m->first_day; s->lie_index = value; break;
        case 8: s->fail_index = index; break;
        case 9: system_table.first_day += value; break;
        case 10: system_table.last_day += value; break;
        default: system_table.first_era += value % 3; system_table.last_era += value; break;
        }
    }
#undef NEXT
    snprintf(identifier, sizeof identifier, "fuzz-%u", ++serial);
    current = s;
    *instance = s;
    return KALENDS_OK;
}

static void destroy(void *instance)
{
    /* The library keeps the months it checked; the answers are not needed any more. */
    if (current == instance) current = NULL;
    free(instance);
}

static const kalends_plugin_vtable table = {
    sizeof(kalends_plugin_vtable), KALENDS_PLUGIN_ABI_VERSION, "fuzz-system", create, destroy, NULL, NULL, NULL,
    &system_table,
};

const kalends_plugin_vtable *kalends_plugin_entry(void) { return &table; }
