/*
 * A Kalends plugin that provides a calendar system: the French Republican calendar
 * with Romme's leap-year rule (as convertdate's french_republican.leap documents it):
 * years 3, 7 and 11 were leap years (as decreed); from year 15 on a year is leap when
 * it is divisible by 4 and not by 100, or divisible by 400. Twelve months of 30 days,
 * then the sansculottides as month 13 (5 days, 6 in leap years). Year 1 began on
 * 1792-09-22 (Gregorian). One era (0), years 1 ... 8208, days 1792-09-22 ... 9999-12-31.
 *
 * It has no events (no create, fetch or begin): its plugin table only points to its
 * calendar system table. Written against kalends/sys/plugin.h alone.
 */
#include <stddef.h>

#include "../../include/kalends/sys/plugin.h"

enum {
    EPOCH = -64748,     /* day number of 1 Vendemiaire I = 1792-09-22 */
    LAST_DAY = 2932896  /* 9999-12-31 */
};

static int is_leap(int32_t y)
{
    if (y < 15) return y == 3 || y == 7 || y == 11;
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* Leap years among 1 ... y - 1 (y >= 1). */
static int32_t leaps_before(int32_t y)
{
    int32_t n = y - 1;
    if (y <= 15) return (y > 3) + (y > 7) + (y > 11);
    /* from 16 on the count equals the Gregorian count of 1 ... y - 1: 4, 8, 12 stand in
       for 3, 7, 11 */
    return n / 4 - n / 100 + n / 400;
}

static int32_t year_start(int32_t y) { return EPOCH + 365 * (y - 1) + leaps_before(y); }

static kalends_status month_index(void *instance, int32_t day_number, int32_t *out)
{
    (void)instance;
    if (out == NULL || day_number < EPOCH || day_number > LAST_DAY) return KALENDS_E_OUT_OF_RANGE;
    int32_t y = (int32_t)((int64_t)(day_number - EPOCH) * 400 / 146097) + 1;
    while (y > 1 && year_start(y) > day_number) y--;
    while (year_start(y + 1) <= day_number) y++;
    int32_t m = (day_number - year_start(y)) / 30;
    if (m > 12) m = 12;
    *out = (y - 1) * 13 + m;
    return KALENDS_OK;
}

static kalends_status month(void *instance, int32_t index, kalends_system_month *out)
{
    (void)instance;
    if (out == NULL || index < 0) return KALENDS_E_OUT_OF_RANGE;
    int32_t y = index / 13 + 1, m = index % 13;
    out->era = 0;
    out->year = y;
    out->month = m + 1;
    out->is_leap_month = 0;
    out->extended_year = y;
    out->first_day = year_start(y) + 30 * m;
    out->length = m < 12 ? 30 : (is_leap(y) ? 6 : 5);
    return KALENDS_OK;
}

static const char *era_code(void *instance, int32_t era)
{
    (void)instance;
    return era == 0 ? "republican" : NULL;
}

static const kalends_calendar_system_vtable system_table = {
    sizeof(kalends_calendar_system_vtable), KALENDS_CALENDAR_SYSTEM_ABI_VERSION, "french-republican",
    EPOCH, LAST_DAY, 0, 0, month_index, month, era_code,
};

static const kalends_plugin_vtable plugin_table = {
    sizeof(kalends_plugin_vtable), KALENDS_PLUGIN_ABI_VERSION, "french-republican",
    NULL, NULL, NULL, NULL, NULL, &system_table,
};

const kalends_plugin_vtable *kalends_plugin_entry(void);

const kalends_plugin_vtable *kalends_plugin_entry(void) { return &plugin_table; }
