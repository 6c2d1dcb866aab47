/* ffi_test: dates. Part of ../ffi_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

static void test_dates(void) {
    kalends_date d;
    kalends_date *pd = &d;
    int32_t n = 20414, out = 0, year = 2024, month = 2;
    int32_t *pout = &out;
    void *v2[2] = {&n, &pd};
    CHECK(call_i32("kalends_date_from_day_number", v2) == KALENDS_OK);
    CHECK(d.year == 2025 && d.month == 11 && d.day == 22);
    void *vdp[2] = {&pd, &pout};
    CHECK(call_i32("kalends_date_day_number", vdp) == KALENDS_OK && out == 20414);
    CHECK(call_i32("kalends_date_weekday", vdp) == KALENDS_OK && out == KALENDS_SATURDAY);
    CHECK(call_i32("kalends_date_day_of_year", vdp) == KALENDS_OK && out == 326);
    kalends_week_of_year w;
    kalends_week_of_year *pw = &w;
    void *vw[2] = {&pd, &pw};
    CHECK(call_i32("kalends_date_iso_week", vw) == KALENDS_OK && w.week == 47 && w.year == 2025);

    void *vl[2] = {&year, &pout};
    CHECK(call_i32("kalends_year_is_leap", vl) == KALENDS_OK && out == 1);
    void *v3[3] = {&year, &month, &pout};
    CHECK(call_i32("kalends_year_days_in_month", v3) == KALENDS_OK && out == 29);

    /* an error through ffi, and its message */
    d.month = 13;
    CHECK(call_i32("kalends_date_day_number", vdp) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(strstr(call_str("kalends_last_error", NULL), "month 13") != NULL);
}
