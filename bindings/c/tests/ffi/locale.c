/* ffi_test: locales. Part of ../ffi_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* A string output function of a locale: (locale, ..., buffer, capacity, &length). */
static int locale_text(const char *name, void **values, char *text, const char *expected) {
    int32_t s = call_i32(name, values);
    CHECK_MSG(s == KALENDS_OK && strcmp(text, expected) == 0, "%s: \"%s\" (status %d), expected \"%s\"", name, text,
              (int)s, expected);
    return s == KALENDS_OK;
}

static void test_locale(void) {
    const char *id = "fr-FR";
    kalends_locale *loc = NULL;
    kalends_locale **ploc = &loc;
    void *vo[2] = {&id, &ploc};
    CHECK(call_i32("kalends_locale_open", vo) == KALENDS_OK && loc != NULL);

    char text[128];
    char *ptext = text;
    size_t cap = sizeof text, length = 0;
    size_t *plength = &length;
    void *vid[4] = {&loc, &ptext, &cap, &plength};
    locale_text("kalends_locale_identifier", vid, text, "fr_FR");
    CHECK(length == 5);
    locale_text("kalends_locale_digits", vid, text, "0123456789");
    locale_text("kalends_locale_region", vid, text, "FR");
    locale_text("kalends_locale_calendar", vid, text, "");

    int32_t n = -1;
    int32_t *pn = &n;
    void *vn[2] = {&loc, &pn};
    CHECK(call_i32("kalends_locale_is_fallback", vn) == KALENDS_OK && n == 0);
    CHECK(call_i32("kalends_locale_direction", vn) == KALENDS_OK && n == KALENDS_DIRECTION_LEFT_TO_RIGHT);
    CHECK(call_i32("kalends_locale_character_order", vn) == KALENDS_OK && n == KALENDS_TEXT_ORDER_LEFT_TO_RIGHT);
    CHECK(call_i32("kalends_locale_line_order", vn) == KALENDS_OK && n == KALENDS_TEXT_ORDER_TOP_TO_BOTTOM);
    CHECK(call_i32("kalends_locale_hour_cycle", vn) == KALENDS_OK && n == KALENDS_HOUR_CYCLE_H23);
    void *v1[1] = {&pn};
    CHECK(call_i32("kalends_locale_available_count", v1) == KALENDS_OK && n == 1083);
    CHECK(call_i32("kalends_locale_cldr_version", v1) == KALENDS_OK && n == 47);
    int32_t index = 0;
    void *vav[4] = {&index, &ptext, &cap, &plength};
    locale_text("kalends_locale_available_identifier", vav, text, "aa");

    kalends_week_data w;
    kalends_week_data *pw = &w;
    void *vw[2] = {&loc, &pw};
    CHECK(call_i32("kalends_locale_week_data", vw) == KALENDS_OK && w.first_weekday == KALENDS_MONDAY &&
          w.min_days_in_first_week == 4 && w.weekend_days == (KALENDS_WEEKDAY_MASK_SATURDAY | KALENDS_WEEKDAY_MASK_SUNDAY));

    const char *gregorian = "gregorian", *hebrew = "hebrew", *none = NULL;
    void *vmc[3] = {&loc, &hebrew, &pn};
    CHECK(call_i32("kalends_locale_month_count", vmc) == KALENDS_OK && n == 14);
    void *vec[3] = {&loc, &gregorian, &pn};
    CHECK(call_i32("kalends_locale_era_count", vec) == KALENDS_OK && n == 2);

    int32_t month = 11, width = KALENDS_NAME_WIDE, context = KALENDS_CONTEXT_FORMAT;
    void *vm[8] = {&loc, &none, &month, &width, &context, &ptext, &cap, &plength};
    locale_text("kalends_locale_month_name", vm, text, "novembre");
    int32_t weekday = KALENDS_SUNDAY;
    void *vwd[7] = {&loc, &weekday, &width, &context, &ptext, &cap, &plength};
    locale_text("kalends_locale_weekday_name", vwd, text, "dimanche");
    int32_t era = 1, abbreviated = KALENDS_NAME_ABBREVIATED;
    void *ve[7] = {&loc, &gregorian, &era, &abbreviated, &ptext, &cap, &plength};
    locale_text("kalends_locale_era_name", ve, text, "ap. J.-C.");
    int32_t period = KALENDS_DAY_PERIOD_AM;
    void *vp[7] = {&loc, &period, &abbreviated, &context, &ptext, &cap, &plength};
    locale_text("kalends_locale_day_period_name", vp, text, "AM");

    int32_t style = KALENDS_STYLE_FULL, day = 20779; /* 2026-11-22 */
    void *vdp[6] = {&loc, &none, &style, &ptext, &cap, &plength};
    locale_text("kalends_locale_date_pattern", vdp, text, "EEEE d MMMM y");
    locale_text("kalends_locale_date_numbers", vdp, text, "");
    void *vfd[7] = {&loc, &none, &day, &style, &ptext, &cap, &plength};
    locale_text("kalends_locale_format_date", vfd, text, "dimanche 22 novembre 2026");
    int32_t year = 2026, leap = 0;
    void *vmy[8] = {&loc, &gregorian, &year, &month, &leap, &ptext, &cap, &plength};
    locale_text("kalends_locale_format_month_year", vmy, text, "novembre 2026");
    void *vday[6] = {&loc, &none, &day, &ptext, &cap, &plength};
    locale_text("kalends_locale_format_day", vday, text, "22");
    int32_t hour = 15, minute = 30, second = 0, medium = KALENDS_STYLE_MEDIUM;
    void *vt[8] = {&loc, &hour, &minute, &second, &medium, &ptext, &cap, &plength};
    locale_text("kalends_locale_format_time", vt, text, "15:30:00");
    void *vh[5] = {&loc, &hour, &ptext, &cap, &plength};
    locale_text("kalends_locale_format_hour", vh, text, "15 h");
    const char *pattern = "EEE d MMM", *numbers = NULL;
    int32_t seconds = 0;
    void *vpat[9] = {&loc, &none, &day, &seconds, &pattern, &numbers, &ptext, &cap, &plength};
    locale_text("kalends_locale_format_pattern", vpat, text, "dim. 22 nov.");
    (void)hebrew;

    /* the view's text in its calendar's locale */
    kalends_calendar_options o;
    kalends_calendar_options *po = &o;
    void *vinit[1] = {&po};
    CHECK(call_i32("kalends_calendar_options_init", vinit) == KALENDS_OK);
    o.locale = "fr_FR";
    o.today_mode = KALENDS_TODAY_FIXED;
    o.today = (kalends_date){2026, 11, 22};
    kalends_calendar *cal = NULL;
    kalends_calendar **pcal = &cal;
    void *vc[2] = {&po, &pcal};
    CHECK(call_i32("kalends_calendar_new", vc) == KALENDS_OK);
    kalends_view_options vopt;
    kalends_view_metrics vmet;
    kalends_view_options *pvopt = &vopt;
    kalends_view_metrics *pvmet = &vmet;
    void *vvo[1] = {&pvopt}, *vvm[1] = {&pvmet};
    CHECK(call_i32("kalends_view_options_init", vvo) == KALENDS_OK);
    CHECK(call_i32("kalends_view_metrics_init", vvm) == KALENDS_OK);
    kalends_view *view = NULL;
    kalends_view **pview = &view;
    void *vv[4] = {&cal, &pvopt, &pvmet, &pview};
    CHECK(call_i32("kalends_view_new", vv) == KALENDS_OK);
    void *vti[4] = {&view, &ptext, &cap, &plength};
    locale_text("kalends_view_title", vti, text, "novembre 2026");
    void *vwl[6] = {&view, &weekday, &abbreviated, &ptext, &cap, &plength};
    locale_text("kalends_view_weekday_label", vwl, text, "dim.");
    void *vhl[5] = {&view, &hour, &ptext, &cap, &plength};
    locale_text("kalends_view_hour_label", vhl, text, "15 h");
    kalends_date nov22 = {2026, 11, 22};
    kalends_date *pnov22 = &nov22;
    void *vdl[5] = {&view, &pnov22, &ptext, &cap, &plength};
    locale_text("kalends_view_day_label", vdl, text, "22");
    void *vfree[1] = {&view};
    CHECK(call_i32("kalends_view_free", vfree) == KALENDS_OK);
    void *vcfree[1] = {&cal};
    CHECK(call_i32("kalends_calendar_free", vcfree) == KALENDS_OK);

    void *vl[1] = {&loc};
    CHECK(call_i32("kalends_locale_free", vl) == KALENDS_OK);
    CHECK(call_i32("kalends_locale_free", vl) == KALENDS_E_MISUSE);
}
