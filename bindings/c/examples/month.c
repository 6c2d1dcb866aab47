/* Prints a month the way `cal` does, with ISO week numbers and today in brackets.
   Build: cc -std=c99 month.c -I include -L .build/release -Wl,-rpath,$PWD/.build/release -lkalends
   Usage: month [YEAR MONTH] */
#include <stdio.h>
#include <stdlib.h>

#include "kalends.h"

int main(int argc, char **argv) {
    kalends_calendar *cal = NULL;
    kalends_status status = kalends_calendar_new(NULL, &cal); /* ISO defaults, system today */
    if (status != KALENDS_OK) {
        fprintf(stderr, "kalends: %s: %s\n", kalends_status_string(status), kalends_last_error());
        return 1;
    }
    kalends_date today = {1970, 1, 1};
    kalends_calendar_today(cal, &today);
    int32_t year = argc > 2 ? (int32_t)atoi(argv[1]) : today.year;
    int32_t month = argc > 2 ? (int32_t)atoi(argv[2]) : today.month;

    kalends_day days[KALENDS_GRID_MAX_DAYS];
    int32_t count = 0;
    status = kalends_calendar_month_grid(cal, year, month, KALENDS_ROWS_VARIABLE, days, KALENDS_GRID_MAX_DAYS, &count);
    if (status != KALENDS_OK) {
        fprintf(stderr, "kalends: %s: %s\n", kalends_status_string(status), kalends_last_error());
        kalends_calendar_free(cal);
        return 1;
    }
    printf("%d-%02d\n Wk   Mo  Tu  We  Th  Fr  Sa  Su\n", (int)year, (int)month);
    for (int32_t i = 0; i < count; i++) {
        if (i % 7 == 0) printf(" %2d ", (int)days[i].week_of_year.week);
        if (!(days[i].flags & KALENDS_DAY_IN_MONTH))
            printf("    ");
        else if (days[i].flags & KALENDS_DAY_TODAY)
            printf("[%2d]", (int)days[i].date.day);
        else
            printf("  %2d", (int)days[i].date.day);
        if (i % 7 == 6) printf("\n");
    }
    kalends_calendar_free(cal);
    return 0;
}
