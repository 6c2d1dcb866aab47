/* ffi_test: calendar. Part of ../ffi_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

static void test_calendar(void) {
    kalends_calendar_options o;
    kalends_calendar_options *po = &o;
    kalends_calendar *cal = NULL;
    kalends_calendar **pcal = &cal;
    void *v1[1] = {&po};
    CHECK(call_i32("kalends_calendar_options_init", v1) == KALENDS_OK && o.struct_size == sizeof o);
    o.first_weekday = KALENDS_SUNDAY;
    o.min_days_in_first_week = 1;
    o.today_mode = KALENDS_TODAY_FIXED;
    o.today.year = 2026;
    o.today.month = 11;
    o.today.day = 22;
    void *vn[2] = {&po, &pcal};
    CHECK(call_i32("kalends_calendar_new", vn) == KALENDS_OK && cal != NULL);

    kalends_calendar_options got;
    kalends_calendar_options *pgot = &got;
    memset(&got, 0, sizeof got);
    got.struct_size = sizeof got;
    void *vg[2] = {&cal, &pgot};
    CHECK(call_i32("kalends_calendar_get_options", vg) == KALENDS_OK && got.first_weekday == KALENDS_SUNDAY);
    o.weekend_days = KALENDS_WEEKDAY_MASK_SUNDAY;
    void *vs[2] = {&cal, &po};
    CHECK(call_i32("kalends_calendar_set_options", vs) == KALENDS_OK);

    kalends_date today;
    kalends_date *ptoday = &today;
    void *vt[2] = {&cal, &ptoday};
    CHECK(call_i32("kalends_calendar_today", vt) == KALENDS_OK && today.day == 22);

    kalends_date dec31 = {2026, 12, 31};
    kalends_date *pdec31 = &dec31;
    kalends_week_of_year w;
    kalends_week_of_year *pw = &w;
    void *vw[3] = {&cal, &pdec31, &pw};
    CHECK(call_i32("kalends_calendar_week_of_year", vw) == KALENDS_OK && w.week == 1 && w.year == 2027);

    kalends_day days[KALENDS_GRID_MAX_DAYS];
    kalends_day *pdays = days;
    int32_t year = 2026, month = 11, rows = KALENDS_ROWS_VARIABLE, cap = KALENDS_GRID_MAX_DAYS, count = 0;
    int32_t *pcount = &count;
    void *vgr[7] = {&cal, &year, &month, &rows, &pdays, &cap, &pcount};
    CHECK(call_i32("kalends_calendar_month_grid", vgr) == KALENDS_OK && count == 35);
    CHECK(days[0].date.day == 1 && days[0].weekday == KALENDS_SUNDAY && (days[0].flags & KALENDS_DAY_WEEKEND));
    CHECK(days[21].date.day == 22 && (days[21].flags & KALENDS_DAY_TODAY));

    kalends_day_range range;
    kalends_day_range *prange = &range;
    void *vr[5] = {&cal, &year, &month, &rows, &prange};
    CHECK(call_i32("kalends_calendar_month_range", vr) == KALENDS_OK);
    CHECK(range.first == days[0].day_number && range.last == days[34].day_number);
    void *vwg[5] = {&cal, &pdec31, &pdays, &cap, &pcount};
    CHECK(call_i32("kalends_calendar_week_grid", vwg) == KALENDS_OK && count == 7);
    CHECK(days[0].date.day == 27 && days[6].date.year == 2027 && (days[6].flags & KALENDS_DAY_TRAILING));
    void *vwr[3] = {&cal, &pdec31, &prange};
    CHECK(call_i32("kalends_calendar_week_range", vwr) == KALENDS_OK && range.first == days[0].day_number);

    void *vf[1] = {&cal};
    CHECK(call_i32("kalends_calendar_free", vf) == KALENDS_OK);
    CHECK(call_i32("kalends_calendar_free", vf) == KALENDS_E_MISUSE);
}
