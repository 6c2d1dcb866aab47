/* Kalends' objects of the program: locale, calendar, zone, the event store (an .ics file
   or sample events) and two views, a month and a week. Everything here is a Kalends call
   and a status check; nothing decides anything about dates or layout. */
#include <math.h>
#include <string.h>

#include "host.h"

/* Sample events: a few named ones in the week of the start date, an all-day one across
   three days, and `extra` more timed ones spread deterministically over the week (for
   the bench and a busy screenshot). Ids 1, 2, ...: the tests name events by id. */
static int add_samples(host *h, int32_t first, int extra) {
    static const char *const names[] = {"Standup", "Design review", "Lunch with Ana", "Release",
                                        "1:1", "Planning", "Dentist", "Retro"};
    static const uint32_t colors[] = {0x3b82f6ff, 0x10b981ff, 0xf59e0bff, 0xef4444ff,
                                      0x8b5cf6ff, 0x06b6d4ff, 0xec4899ff, 0x84cc16ff};
    /* day offset from Monday, start hour, minutes long */
    static const int plan[][3] = {{0, 9, 30}, {1, 10, 90}, {2, 12, 60}, {3, 15, 120},
                                  {1, 14, 45}, {4, 9, 60}, {4, 11, 45}, {2, 16, 60}};
    int64_t id = 1;
    for (int i = 0; i < 8; i++, id++) {
        kalends_event e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        e.id = id;
        e.start = (int64_t)(first + plan[i][0]) * 86400 + plan[i][1] * 3600;
        e.end = e.start + plan[i][2] * 60;
        e.color = colors[i];
        e.title = names[i];
        e.title_length = -1;
        if (!host_check(h, kalends_store_add(h->store, &e), "adding a sample event")) return 0;
    }
    kalends_event trip;
    memset(&trip, 0, sizeof trip);
    trip.struct_size = sizeof trip;
    trip.id = id++;
    trip.all_day = 1;
    trip.start = first + 2; /* the third to the fifth day of the week */
    trip.end = first + 4;
    trip.color = 0x64748bff;
    trip.title = "Conference";
    trip.title_length = -1;
    if (!host_check(h, kalends_store_add(h->store, &trip), "adding a sample event")) return 0;
    /* The extra events: a linear congruential sequence, so every run has the same ones. */
    uint32_t seed = 12345;
    for (int i = 0; i < extra; i++, id++) {
        seed = seed * 1103515245u + 12345u;
        int day = (int)((seed >> 8) % 7);
        int quarter = (int)((seed >> 16) % (4 * 13)) + 4 * 8; /* 08:00 ... 20:45 */
        int minutes = 15 * (1 + (int)((seed >> 4) % 8));
        kalends_event e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        e.id = id;
        e.start = (int64_t)(first + day) * 86400 + quarter * 900;
        e.end = e.start + minutes * 60;
        e.color = colors[i % 8];
        e.title = names[i % 8];
        e.title_length = -1;
        if (!host_check(h, kalends_store_add(h->store, &e), "adding a sample event")) return 0;
    }
    return 1;
}

/* Reads the .ics file into the store. A file that cannot be read leaves the store empty
   and says so in the window: the program keeps running. */
static void load_ics(host *h) {
    kalends_ical *ical = NULL;
    if (!host_check(h, kalends_ical_read_file(h->ics_path, NULL, &ical), "reading the .ics file")) return;
    int32_t count = 0;
    if (host_check(h, kalends_ical_import(ical, h->store, h->zone, 1, &count), "importing the .ics file")) {
        int32_t warnings = 0;
        if (host_check(h, kalends_ical_warning_count(ical, &warnings), "reading the .ics warnings") && warnings > 0)
            host_message(h, "%s: %d events, %d warnings", h->ics_path, (int)count, (int)warnings);
    }
    host_check(h, kalends_ical_free(ical), "releasing the .ics file");
}

/* The week's time grid: 7:00 to 21:00, 30 points an hour (or `hour_height`, unchecked:
   Kalends checks it when the view gets it). */
static int grid_options(host *h, double hour_height) {
    if (!host_check(h, kalends_time_grid_options_init(&h->grid_options), "time grid options")) return 0;
    h->grid_options.first_hour = 7;
    h->grid_options.last_hour = 21;
    h->grid_options.hour_height = hour_height != 0 ? hour_height : 30;
    return 1;
}

static int open_views(host *h) {
    kalends_view_options vo;
    if (!host_check(h, kalends_view_options_init(&vo), "view options")) return 0;
    vo.selection_mode = KALENDS_SELECTION_RANGE; /* click selects a day, drag a range */
    kalends_layout_direction direction = KALENDS_DIRECTION_LEFT_TO_RIGHT;
    if (host_check(h, kalends_locale_direction(h->locale, &direction), "the locale's direction"))
        vo.right_to_left = direction == KALENDS_DIRECTION_RIGHT_TO_LEFT;
    h->right_to_left = vo.right_to_left;
    if (!host_check(h, kalends_view_new(h->calendar, &vo, NULL, &h->month.view), "creating the month view")) return 0;

    vo.mode = KALENDS_MODE_WEEK;
    vo.selection_mode = KALENDS_SELECTION_SINGLE;
    if (!host_check(h, kalends_view_new(h->calendar, &vo, NULL, &h->week.view), "creating the week view")) return 0;
    if (!host_check(h, kalends_view_go_to(h->month.view, &h->start_date, NULL), "opening the start date")) return 0;
    if (!host_check(h, kalends_view_go_to(h->week.view, &h->start_date, NULL), "opening the start date")) return 0;

    /* The week view edits the store: a drag on an event's box moves it (editing.h). */
    if (!host_check(h, kalends_view_set_store(h->week.view, h->store, h->zone), "the week view's store")) return 0;
    kalends_edit_options eo;
    if (!host_check(h, kalends_edit_options_init(&eo), "edit options")) return 0;
    eo.editable = 1;
    if (!host_check(h, kalends_view_set_edit_options(h->week.view, &eo), "the week view's edit options")) return 0;
    /* A bad --hour-height (NaN, negative) is refused here: the defaults stay, the window says why. */
    if (!host_check(h, kalends_view_set_edit_grid(h->week.view, &h->grid_options), "the time grid options")) {
        if (!grid_options(h, 0)) return 0;
        if (!host_check(h, kalends_view_set_edit_grid(h->week.view, &h->grid_options), "the time grid options"))
            return 0;
    }
    /* Mouse drags from a day select a range at once (the default pointer options). */
    return 1;
}

int host_open(host *h) {
    if (!host_check(h, kalends_locale_open(h->locale_name, &h->locale), "opening the locale")) return 0;
    int32_t fallback = 0;
    if (h->locale_name && host_check(h, kalends_locale_is_fallback(h->locale, &fallback), "the locale") && fallback) {
        char resolved[64] = "";
        host_check(h, kalends_locale_identifier(h->locale, resolved, sizeof resolved, NULL), "the locale's name");
        host_message(h, "no locale '%s': showing %s", h->locale_name, resolved);
    }
    host_read_digits(h);
    kalends_week_data week;
    if (!host_check(h, kalends_locale_week_data(h->locale, &week), "the locale's week")) return 0;
    kalends_calendar_options co;
    if (!host_check(h, kalends_calendar_options_init(&co), "calendar options")) return 0;
    co.first_weekday = week.first_weekday;
    co.min_days_in_first_week = week.min_days_in_first_week;
    co.weekend_days = week.weekend_days;
    /* today is the start date: the same picture every run; a --date Kalends refuses
       (2026-13-45) is a message, and the system's today is used */
    int32_t start_day = 0;
    int date_ok = host_check(h, kalends_date_day_number(&h->start_date, &start_day), "the start date");
    co.today_mode = date_ok ? KALENDS_TODAY_FIXED : KALENDS_TODAY_SYSTEM;
    co.today = h->start_date;
    co.locale = h->locale_name;
    if (!host_check(h, kalends_calendar_new(&co, &h->calendar), "creating the calendar")) return 0;
    if (!date_ok && !host_check(h, kalends_calendar_today(h->calendar, &h->start_date), "today")) return 0;
    if (!host_check(h, kalends_timezone_new("UTC", &h->zone), "opening the time zone")) return 0;
    if (!host_check(h, kalends_store_new(&h->store), "creating the event store")) return 0;

    if (!grid_options(h, h->grid_options.hour_height)) return 0; /* main.c put --hour-height there */
    if (!host_check(h, kalends_bar_options_init(&h->bar_options), "bar options")) return 0;

    if (!open_views(h)) return 0;
    if (h->ics_path) {
        load_ics(h);
    } else {
        int32_t start = 0;
        kalends_page page;
        if (!host_check(h, kalends_view_page(h->week.view, &page), "the week page")) return 0;
        start = page.first;
        if (!add_samples(h, start, h->sample_events)) return 0;
    }
    return 1;
}

int host_resize(host *h, pane *p, double width, double height) {
    kalends_view_metrics m;
    if (!host_check(h, kalends_view_metrics_init(&m), "view metrics")) return 0;
    m.width = width;
    m.header_height = 36;
    m.weekday_height = 20;
    m.scale = 1;
    m.row_height_mode = KALENDS_ROW_HEIGHT_FIXED;
    if (p == &h->month) {
        /* six rows fill the area below header and weekday row; --row-height overrides */
        m.row_height = h->row_height != 0 ? h->row_height : (height - m.header_height - m.weekday_height) / 6;
    } else {
        m.row_height = 24;  /* the week's row of day cells; the time grid follows below it */
        /* room for the hour labels beside the columns: left of them, right of them right to left */
        if (h->right_to_left) m.inset_right = 44; else m.inset_left = 44;
    }
    p->width = width;
    p->height = height;
    /* Kalends checks every length (finite, 0 ... 1000000): NaN or a negative row of a
       window 1 pixel high is refused with a message and the old metrics stay. */
    if (!host_check(h, kalends_view_set_metrics(p->view, &m), p == &h->month ? "sizing the month" : "sizing the week")) {
        h->size_problem |= p == &h->month ? 1 : 2;
        return 0;
    }
    kalends_size size;
    kalends_status s = kalends_view_intrinsic_size(p->view, &size);
    if (s == KALENDS_E_NO_INTRINSIC_METRIC) { /* a zero-width area: nothing can be laid out */
        host_message(h, "the window has no room for the %s", p->name);
        h->size_problem |= p == &h->month ? 1 : 2;
        return 1;
    }
    if (!host_check(h, s, "the content size")) return 0;
    int had = h->size_problem;
    h->size_problem &= p == &h->month ? ~1 : ~2;
    if (had && !h->size_problem) host_clear_message(h); /* the sizes that were refused are gone */
    return 1;
}

void host_free(host *h) {
    /* Each free is checked too: a MISUSE here would be a bug in this program. */
    if (h->month.view) host_check(h, kalends_view_free(h->month.view), "freeing the month view");
    if (h->week.view) host_check(h, kalends_view_free(h->week.view), "freeing the week view");
    if (h->store) host_check(h, kalends_store_free(h->store), "freeing the store");
    if (h->zone) host_check(h, kalends_timezone_free(h->zone), "freeing the zone");
    if (h->calendar) host_check(h, kalends_calendar_free(h->calendar), "freeing the calendar");
    if (h->locale) host_check(h, kalends_locale_free(h->locale), "freeing the locale");
    h->month.view = NULL;
    h->week.view = NULL;
    h->store = NULL;
    h->zone = NULL;
    h->calendar = NULL;
    h->locale = NULL;
}
