/* Linked against libkalends.so (-lkalends). Compiled twice, as C99 and as C++, with
   -Wall -Wextra -pedantic -Werror: the header must serve both. Checks real behaviour
   against libc as an independent oracle (gmtime_r for civil dates and weekdays,
   strftime %G/%V for ISO weeks), the calendar handle, grids, errors and threads. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kalends.h"
#include "check.h"

/* The tests, one file per area. */
#include "linked/dates.c"
#include "linked/calendar.c"
#include "linked/view.c"
#include "linked/pointer.c"
#include "linked/scroll.c"
#include "linked/flow.c"
#include "linked/autolayout.c"
#include "linked/solver.c"
#include "linked/events_common.c"
#include "linked/timezone.c"
#include "linked/store.c"
#include "linked/event_layout.c"
#include "linked/editing.c"
#include "linked/time_grid_extras.c"
#include "linked/sources.c"
#include "linked/plugins.c"
#include "linked/locale.c"
#include "linked/ical.c"
#include "linked/rrule.c"
#include "linked/months.c"
#include "linked/agenda.c"
#include "linked/date_field.c"
#include "linked/month_bars_months.c"

int main(void) {
    test_versions();
    test_store_version();
    test_dates_against_libc();
    test_errors();
    test_month_grids();
    test_options();
    test_threads();
    test_view_paging_and_selection();
    test_view_layout();
    test_view_threads();
    test_pointer_range_drags();
    test_pointer_swipes();
    test_scroll();
    test_flow();
    test_autolayout();
    test_solver();
    test_autolayout_calendar_view();
    test_autolayout_square_view_cell();
    test_autolayout_screen_fraction();
    test_autolayout_policies();
    test_timezones();
    test_store_against_scan();
    test_dots();
    test_month_bars();
    test_timeline();
    test_time_grid_and_editing();
    test_editing_while_another_thread_writes();
    test_time_grid_extras();
    test_time_grid_max_stack();
    test_time_grid_background();
    test_sync_sources();
    test_async_source();
    test_plugins();
    test_locales();
    test_ical();
    test_ical_cancelled();
    test_dense_series();
    test_rrule_fourth_thursday();
    test_rrule_text_and_errors();
    test_rrule_fuzz_findings();
    test_rrule_next_civil_counts_months();
    test_rrule_between_counts_first();
    test_rrule_set();
    test_rrule_rscale();
    test_view_months();
    test_view_pickers();
    test_agenda_against_scan();
    test_date_fields();
    test_month_bars_over_months();
#ifdef __cplusplus
    return check_summary("linked_test (C++)");
#else
    return check_summary("linked_test (C99)");
#endif
}
