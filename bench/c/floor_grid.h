/* The floor for bench/c: a month grid in plain C integer arithmetic, producing the very
   same kalends_day records as kalends_calendar_month_grid (dates, day numbers, weekdays,
   week numbers by a first-weekday/minimum-days rule, flags) with no checks, no handle
   and no error reporting. What a hand-written grid costs; Kalends should stay near it. */
#ifndef FLOOR_GRID_H
#define FLOOR_GRID_H
#include <stdint.h>
#include "kalends.h"

static int64_t floor_days_from_civil(int64_t y, int64_t m, int64_t d) {
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static void floor_civil_from_days(int64_t z, int64_t *y, int64_t *m, int64_t *d) {
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *d = doy - (153 * mp + 2) / 5 + 1;
    *m = mp < 10 ? mp + 3 : mp - 9;
    *y = yoe + era * 400 + (*m <= 2);
}

static int floor_iso_weekday(int64_t z) { int64_t r = (z + 3) % 7; return (int)(r < 0 ? r + 7 : r) + 1; }

static int floor_days_in_month(int64_t y, int64_t m) {
    static const int dim[13] = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : dim[m];
}

static int64_t floor_week1_start(int64_t year, int first_wd, int min_days) {
    int64_t jan1 = floor_days_from_civil(year, 1, 1);
    int lead = (floor_iso_weekday(jan1) - first_wd + 7) % 7;
    return 7 - lead >= min_days ? jan1 - lead : jan1 - lead + 7;
}

/* Fills out[] (>= 42) and returns the day count. */
static int floor_month_grid(int32_t year, int32_t month, int first_wd, int min_days, uint32_t weekend_mask,
                            int32_t today, int fixed_rows, kalends_day *out) {
    int64_t first = floor_days_from_civil(year, month, 1);
    int dim = floor_days_in_month(year, month);
    int lead = (floor_iso_weekday(first) - first_wd + 7) % 7;
    int n = fixed_rows ? 42 : (lead + dim + 6) / 7 * 7;
    int64_t z = first - lead, month_last = first + dim - 1;
    int64_t y, m, d;
    floor_civil_from_days(z, &y, &m, &d);
    int mlen = floor_days_in_month(y, m), wd = floor_iso_weekday(z);
    /* week of the first row */
    int64_t wy = y, s = floor_week1_start(wy, first_wd, min_days);
    if (z < s) { wy -= 1; s = floor_week1_start(wy, first_wd, min_days); }
    else { int64_t nx = floor_week1_start(wy + 1, first_wd, min_days); if (z >= nx) { wy += 1; s = nx; } }
    int64_t week = (z - s) / 7 + 1, next_start = floor_week1_start(wy + 1, first_wd, min_days);
    for (int i = 0; i < n; i++, z++) {
        if (i && i % 7 == 0) {
            if (z >= next_start) { week = 1; wy++; next_start = floor_week1_start(wy + 1, first_wd, min_days); }
            else week++;
        }
        uint32_t f = z < first ? KALENDS_DAY_LEADING : z > month_last ? KALENDS_DAY_TRAILING : KALENDS_DAY_IN_MONTH;
        if (z == today) f |= KALENDS_DAY_TODAY;
        if (weekend_mask & (1u << (wd - 1))) f |= KALENDS_DAY_WEEKEND;
        kalends_day *o = &out[i];
        o->date.year = (int32_t)y; o->date.month = (int32_t)m; o->date.day = (int32_t)d;
        o->day_number = (int32_t)z; o->weekday = wd;
        o->week_of_year.week = (int32_t)week; o->week_of_year.year = (int32_t)wy;
        o->flags = f;
        if (++d > mlen) { d = 1; if (++m > 12) { m = 1; y++; } mlen = floor_days_in_month(y, m); }
        wd = wd == 7 ? 1 : wd + 1;
    }
    return n;
}
#endif
