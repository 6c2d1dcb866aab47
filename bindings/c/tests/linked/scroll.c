/* linked_test: scroll. Part of ../linked_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* ---- scrolling calendars, flow layout, Auto Layout ----------------------- */

static kalends_scroll *make_scroll(int32_t axis, int32_t first_year, int32_t last_year) {
    kalends_scroll_options o;
    kalends_view_metrics m;
    kalends_scroll *scroll = NULL;
    kalends_scroll_options_init(&o);
    kalends_view_metrics_init(&m);
    o.axis = axis;
    o.first_month.year = first_year;
    o.first_month.month = 1;
    o.first_month.day = 1;
    o.has_last_month = last_year != 0;
    o.last_month.year = last_year;
    o.last_month.month = 12;
    o.last_month.day = 31;
    m.width = 350;
    m.scale = 2;
    kalends_calendar *cal = make_calendar(KALENDS_MONDAY, 4);
    CHECK(kalends_scroll_new(cal, &o, &m, &scroll) == KALENDS_OK);
    kalends_calendar_free(cal);
    return scroll;
}

static void test_scroll(void) {
    kalends_scroll *year = make_scroll(KALENDS_AXIS_VERTICAL, 2026, 2026);
    int32_t months = 0, unbounded = -1;
    kalends_size size;
    CHECK(kalends_scroll_month_count(year, &months) == KALENDS_OK && months == 12);
    CHECK(kalends_scroll_content_size(year, &size, &unbounded) == KALENDS_OK && unbounded == 0 && size.width == 350);
    /* tile the content with viewports: every in-month day turns up, headers once each */
    int days_seen = 0, headers = 0, outside = 0;
    kalends_element el[256];
    for (double y = 0; y < size.height; y += 97) {
        kalends_rect vp = {0, y, 350, 97};
        int32_t n = 0;
        CHECK(kalends_scroll_elements(year, &vp, el, 256, &n) == KALENDS_OK);
        for (int32_t i = 0; i < n; i++) {
            if (el[i].frame.y >= vp.y + vp.height || el[i].frame.y + el[i].frame.height <= vp.y) outside++;
            /* count each element in the viewport that holds its top edge: once over the tiling */
            if (el[i].frame.y < vp.y) continue;
            if (el[i].kind == KALENDS_ELEMENT_DAY && (el[i].flags & KALENDS_DAY_IN_MONTH)) days_seen++;
            if (el[i].kind == KALENDS_ELEMENT_MONTH_HEADER) headers++;
        }
    }
    CHECK_MSG(days_seen == 365 && headers == 12 && outside == 0, "%d days, %d headers, %d outside", days_seen,
              headers, outside);
    kalends_date june15 = {2026, 6, 15};
    double offset = -1;
    CHECK(kalends_scroll_offset(year, &june15, KALENDS_SCROLL_START, 600, &offset) == KALENDS_OK && offset > 0);
    kalends_rect vp = {0, offset, 350, 600};
    kalends_day_range visible;
    CHECK(kalends_scroll_visible_days(year, &vp, &visible) == KALENDS_OK);
    int32_t june15_number = 0;
    kalends_date_day_number(&june15, &june15_number);
    CHECK(visible.first <= june15_number && june15_number <= visible.last);
    kalends_date first, last;
    CHECK(kalends_scroll_visible_months(year, &vp, &first, &last) == KALENDS_OK && first.month == 6);
    kalends_rect nowhere = {0, -1000, 350, 10};
    CHECK(kalends_scroll_visible_days(year, &nowhere, &visible) == KALENDS_E_NOT_FOUND);
    kalends_date next_year = {2027, 1, 1};
    CHECK(kalends_scroll_offset(year, &next_year, KALENDS_SCROLL_START, 600, &offset) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_scroll_free(year) == KALENDS_OK);

    kalends_scroll *open = make_scroll(KALENDS_AXIS_HORIZONTAL, 2026, 0);
    CHECK(kalends_scroll_content_size(open, &size, &unbounded) == KALENDS_OK && unbounded == 1);
    CHECK(size.width > 1e300 && size.height > 0);
    kalends_rect page = {350 + 24, 0, 350, 400}; /* the second page: February */
    int32_t n = 0;
    CHECK(kalends_scroll_elements(open, &page, el, 256, &n) == KALENDS_OK && n > 0);
    CHECK(el[0].kind == KALENDS_ELEMENT_MONTH_HEADER && el[0].index == 1);
    CHECK(kalends_scroll_free(open) == KALENDS_OK);
}
