/* A program of a Kalends user, built by packaging/tests/install_test.sh against an
   installed prefix (pkg-config, CMake) and against the build tree (the README's line).
   Prints the library's version, then the weeks of YEAR-MONTH with Sunday first, one line a
   week, 0 for days of other months: what Python's calendar.Calendar(6).monthdayscalendar
   gives, which the test compares it with. */
#include <stdio.h>
#include <stdlib.h>

#include "kalends.h"

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: app YEAR MONTH\n");
        return 2;
    }
    if (kalends_abi_version() != KALENDS_ABI_VERSION) {
        fprintf(stderr, "app: built for ABI %d, the library has %d\n", KALENDS_ABI_VERSION, (int)kalends_abi_version());
        return 1;
    }
    kalends_calendar_options options;
    kalends_calendar_options_init(&options);
    options.first_weekday = KALENDS_SUNDAY;
    kalends_calendar *cal = NULL;
    if (kalends_calendar_new(&options, &cal) != KALENDS_OK) {
        fprintf(stderr, "app: %s\n", kalends_last_error());
        return 1;
    }
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    int32_t count = 0;
    kalends_status status = kalends_calendar_month_grid(cal, (int32_t)atoi(argv[1]), (int32_t)atoi(argv[2]),
                                                        KALENDS_ROWS_VARIABLE, days, KALENDS_GRID_MAX_DAYS, &count);
    if (status != KALENDS_OK) {
        fprintf(stderr, "app: %s: %s\n", kalends_status_string(status), kalends_last_error());
        kalends_calendar_free(cal);
        return 1;
    }
    printf("kalends %s\n", kalends_version_string());
    for (int32_t i = 0; i < count; i++)
        printf("%d%s", (days[i].flags & KALENDS_DAY_IN_MONTH) ? (int)days[i].date.day : 0, i % 7 == 6 ? "\n" : " ");
    kalends_calendar_free(cal);
    return 0;
}
