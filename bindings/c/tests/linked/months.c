/* linked_test: several months on a view and the date policies. Part of ../linked_test.c,
   which includes it (one program, one file per area) after its #includes. */

/* Days of the Gregorian month, by libc (mktime normalises day 0 of the next month). */
static int month_length(int year, int month) {
    struct tm t;
    memset(&t, 0, sizeof t);
    t.tm_year = year - 1900;
    t.tm_mon = month; /* the next month, 0-based */
    t.tm_mday = 0;
    t.tm_hour = 12;
    mktime(&t);
    return t.tm_mday;
}

static void test_view_months(void) {
    kalends_calendar_options co;
    kalends_calendar_options_init(&co);
    co.today_mode = KALENDS_TODAY_OFF;
    kalends_calendar *cal = NULL;
    CHECK(kalends_calendar_new(&co, &cal) == KALENDS_OK);
    kalends_view_options o;
    CHECK(kalends_view_options_init(&o) == KALENDS_OK);
    CHECK(o.months == 1 && o.page_behavior == KALENDS_PAGE_BEHAVIOR_VISIBLE && o.month_columns == 0);
    CHECK(o.in_dates == KALENDS_IN_DATES_ALL_MONTHS);
    o.months = 3;
    o.in_dates = KALENDS_IN_DATES_FIRST_MONTH_ONLY;
    o.out_dates = KALENDS_OUT_DATES_HIDE_TRAILING;
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    m.width = 760;
    kalends_view *v = NULL;
    CHECK(kalends_view_new(cal, &o, &m, &v) == KALENDS_OK);
    kalends_date nov30 = {2026, 11, 30};
    CHECK(kalends_view_go_to(v, &nov30, NULL) == KALENDS_OK);

    /* Three six-row grids: November, December, January; the in-month days of each are
       its own, leading days shown in November only, trailing days hidden. */
    static kalends_day days[KALENDS_VIEW_MAX_DAYS];
    int32_t count = 0;
    CHECK(kalends_view_days(v, days, KALENDS_GRID_MAX_DAYS, &count) == KALENDS_E_BUFFER_TOO_SMALL && count == 126);
    CHECK(kalends_view_days(v, days, KALENDS_VIEW_MAX_DAYS, &count) == KALENDS_OK && count == 126);
    int months[3][2] = {{2026, 11}, {2026, 12}, {2027, 1}};
    for (int p = 0; p < 3; p++) {
        int in_month = 0, leading_shown = 0, leading = 0, trailing_shown = 0;
        for (int i = 42 * p; i < 42 * (p + 1); i++) {
            kalends_day_flags f = days[i].flags;
            if (f & KALENDS_DAY_IN_MONTH) {
                CHECK(days[i].date.year == months[p][0] && days[i].date.month == months[p][1]);
                CHECK(days[i].date.day == ++in_month);
            }
            if (f & KALENDS_DAY_LEADING) {
                leading++;
                if (!(f & KALENDS_DAY_HIDDEN)) leading_shown++;
            }
            if ((f & KALENDS_DAY_TRAILING) && !(f & KALENDS_DAY_HIDDEN)) trailing_shown++;
        }
        CHECK(in_month == month_length(months[p][0], months[p][1]));
        CHECK(leading_shown == (p == 0 ? leading : 0));
        CHECK(trailing_shown == 0);
    }

    /* The last day of November to the first of December: the page stays. */
    kalends_action a;
    CHECK(kalends_view_key(v, KALENDS_KEY_RIGHT, &a) == KALENDS_OK);
    CHECK(a.transition.direction == KALENDS_DIRECTION_NONE);
    kalends_date focus;
    CHECK(kalends_view_focus(v, &focus) == KALENDS_OK && focus.year == 2026 && focus.month == 12 && focus.day == 1);
    kalends_page page;
    CHECK(kalends_view_page(v, &page) == KALENDS_OK && page.year == 2026 && page.month == 11);
    /* Paging by the three months shown. */
    CHECK(kalends_view_next_page(v, NULL) == KALENDS_OK);
    CHECK(kalends_view_page(v, &page) == KALENDS_OK && page.year == 2027 && page.month == 2);

    /* Layout: a header per month, in three columns at 760 points. */
    static kalends_element el[4 + 3 * 8 + 126];
    CHECK(kalends_view_layout(v, el, (int32_t)(sizeof el / sizeof el[0]), &count) == KALENDS_OK && count == 4 + 3 * 8 + 126);
    int headers = 0;
    for (int i = 0; i < count; i++) {
        if (el[i].kind != KALENDS_ELEMENT_MONTH_HEADER) continue;
        CHECK(el[i].index == headers);
        headers++;
        kalends_element hit;
        CHECK(kalends_view_hit_test(v, el[i].frame.x + el[i].frame.width / 2, el[i].frame.y + 1, &hit) == KALENDS_OK);
        CHECK(hit.kind == KALENDS_ELEMENT_MONTH_HEADER && hit.index == el[i].index);
    }
    CHECK(headers == 3);

    /* Bad input: 0 or 13 months, an unknown policy or page behaviour change nothing. */
    int32_t bad_months[] = {0, 13, -1, INT32_MAX};
    for (size_t i = 0; i < sizeof bad_months / sizeof bad_months[0]; i++) {
        kalends_view_options b = o;
        b.months = bad_months[i];
        CHECK(kalends_view_set_options(v, &b) == KALENDS_E_INVALID_ARGUMENT);
        kalends_view *none = NULL;
        CHECK(kalends_view_new(cal, &b, &m, &none) == KALENDS_E_INVALID_ARGUMENT && none == NULL);
    }
    kalends_view_options b = o;
    b.in_dates = 3;
    CHECK(kalends_view_set_options(v, &b) == KALENDS_E_INVALID_ARGUMENT);
    b = o;
    b.page_behavior = 2;
    CHECK(kalends_view_set_options(v, &b) == KALENDS_E_INVALID_ARGUMENT);
    b = o;
    b.month_columns = 13;
    CHECK(kalends_view_set_options(v, &b) == KALENDS_E_INVALID_ARGUMENT);
    kalends_view_options got;
    got.struct_size = sizeof got;
    CHECK(kalends_view_get_options(v, &got) == KALENDS_OK && got.months == 3 && got.in_dates == KALENDS_IN_DATES_FIRST_MONTH_ONLY);

    kalends_view_free(v);
    kalends_calendar_free(cal);
}

/* Day number of a civil date by libc: the days between its noon and 1970-01-01's noon in
   the local zone (mktime), rounded (a zone's offset changes by hours, not days). */
static time_t local_noon(int year, int month, int day) {
    struct tm t;
    memset(&t, 0, sizeof t);
    t.tm_year = year - 1900;
    t.tm_mon = month - 1;
    t.tm_mday = day;
    t.tm_hour = 12;
    t.tm_isdst = -1;
    return mktime(&t);
}

static int32_t civil_day_number(int year, int month, int day) {
    double seconds = difftime(local_noon(year, month, day), local_noon(1970, 1, 1));
    return (int32_t)floor(seconds / 86400.0 + 0.5);
}

static void test_view_pickers(void) {
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    m.width = 390;
    kalends_view *v = NULL;
    CHECK(kalends_view_new(NULL, NULL, &m, &v) == KALENDS_OK);
    kalends_date d = {2026, 1, 31};
    CHECK(kalends_view_go_to(v, &d, NULL) == KALENDS_OK);
    kalends_picker_cell cells[13];
    int32_t count = 0;
    CHECK(kalends_view_picker_cells(v, KALENDS_PICKER_MONTHS, cells, 13, &count) == KALENDS_OK && count == 12);
    for (int i = 0; i < count; i++) {
        CHECK(cells[i].year == 2026 && cells[i].month == i + 1);
        CHECK(cells[i].first_day == civil_day_number(2026, i + 1, 1));
        CHECK(cells[i].last_day == civil_day_number(2026, i + 1, month_length(2026, i + 1)));
        CHECK(((cells[i].flags & KALENDS_DAY_SELECTED) != 0) == (i == 0));
        int32_t hit = -2;
        CHECK(kalends_view_picker_hit_test(v, KALENDS_PICKER_MONTHS, cells[i].frame.x + cells[i].frame.width / 2,
                                           cells[i].frame.y + cells[i].frame.height / 2, &hit) == KALENDS_OK && hit == i);
    }
    kalends_transition t;
    CHECK(kalends_view_picker_pick(v, KALENDS_PICKER_MONTHS, 1, &t) == KALENDS_OK && t.direction == KALENDS_DIRECTION_FORWARD);
    kalends_date focus;
    CHECK(kalends_view_focus(v, &focus) == KALENDS_OK && focus.month == 2 && focus.day == 28);
    CHECK(kalends_view_picker_cells(v, KALENDS_PICKER_YEARS, cells, 13, &count) == KALENDS_OK && count == 12);
    CHECK(cells[0].year == 2019 && (cells[0].flags & KALENDS_DAY_LEADING) && cells[11].year == 2030);
    /* Bad input: an unknown picker, a cell that is not there; nothing changes. */
    CHECK(kalends_view_picker_cells(v, 2, cells, 13, &count) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_picker_pick(v, KALENDS_PICKER_YEARS, 12, NULL) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_view_picker_pick(v, KALENDS_PICKER_YEARS, -1, NULL) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_view_picker_hit_test(v, KALENDS_PICKER_YEARS, NAN, 1, &count) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_focus(v, &focus) == KALENDS_OK && focus.year == 2026 && focus.month == 2 && focus.day == 28);
    kalends_view_free(v);
}
