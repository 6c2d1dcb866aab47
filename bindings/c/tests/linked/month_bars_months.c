/* linked_test: month bars on a page of several months (issue 27). Part of
   ../linked_test.c, which includes it after event_layout.c and months.c. */

/* The page of `months` months from `first` (Monday weeks, fixed rows), each month
   `month_width` points wide, three to a row 16 apart. */
static kalends_view *months_page(int32_t months, kalends_date first, double month_width) {
    kalends_view *view = make_view(KALENDS_SELECTION_SINGLE, 3 * month_width + 2 * 16);
    kalends_view_options o;
    CHECK(kalends_view_options_init(&o) == KALENDS_OK && kalends_view_get_options(view, &o) == KALENDS_OK);
    o.months = months;
    o.month_columns = 3;
    o.month_spacing = 16;
    CHECK(kalends_view_set_options(view, &o) == KALENDS_OK);
    CHECK(kalends_view_go_to(view, &first, NULL) == KALENDS_OK);
    return view;
}

/* Each month's bars on a page of several months are the bars of that month's own
   one-month page (rows moved down by the rows of the months before it), their frames
   lie over the page's cells of their days, a hit test at a bar's centre finds one of
   its days, and on every cell the bars plus "+N more" are the day's events. */
static void test_month_bars_over_months(void) {
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    /* 300 all-day events from 2026-10-20 (day 20746) to mid February, 1 to 12 days long,
       a fixed pseudo-random sequence */
    static kalends_event ev[300];
    uint32_t seed = 12345;
    for (int i = 0; i < 300; i++) {
        seed = seed * 1103515245u + 12345u;
        int64_t start = 20746 + (seed >> 8) % 118;
        seed = seed * 1103515245u + 12345u;
        int64_t length = 1 + (int64_t)((seed >> 8) % 12) * ((seed >> 20) % 4 == 0);
        ev[i] = make_event(i + 1, 1, start, start + length - 1, 0x100u + (uint32_t)i, "e");
    }
    CHECK(kalends_store_add_events(store, ev, 300) == KALENDS_OK);

    kalends_date nov = {2026, 11, 1};
    kalends_view *page = months_page(3, nov, 700); /* cells of 100 points: three lanes below the number */
    static kalends_event_bar bars[4096], one_bars[2048];
    static kalends_event_more more[512], one_more[256];
    static kalends_day days[400];
    static kalends_element layout[600];
    int32_t nb = 0, nm = 0, nd = 0, ne = 0;
    CHECK(kalends_view_event_bars(page, store, NULL, NULL, bars, 4096, &nb, more, 512, &nm) == KALENDS_OK);
    CHECK(kalends_view_days(page, days, 400, &nd) == KALENDS_OK && nd == 3 * 42);
    CHECK(kalends_view_layout(page, layout, 600, &ne) == KALENDS_OK);
    kalends_rect cell[3 * 42];
    for (int32_t i = 0; i < ne; i++)
        if (layout[i].kind == KALENDS_ELEMENT_DAY) cell[layout[i].index] = layout[i].frame;
    CHECK(nb > 100 && nm > 10);

    int problems = 0, at = 0, at_more = 0;
    kalends_date firsts[3] = {{2026, 11, 1}, {2026, 12, 1}, {2027, 1, 1}};
    for (int p = 0; p < 3; p++) {
        /* the month's own page */
        kalends_view *one = make_view(KALENDS_SELECTION_SINGLE, 700);
        CHECK(kalends_view_go_to(one, &firsts[p], NULL) == KALENDS_OK);
        int32_t ob = 0, om = 0;
        CHECK(kalends_view_event_bars(one, store, NULL, NULL, one_bars, 2048, &ob, one_more, 256, &om) == KALENDS_OK);
        for (int32_t i = 0; i < ob; i++, at++) {
            const kalends_event_bar *a = &bars[at], *b = &one_bars[i];
            if (at >= nb || a->event != b->event || a->row != b->row + 6 * p || a->first_column != b->first_column ||
                a->last_column != b->last_column || a->lane != b->lane || a->continues_before != b->continues_before ||
                a->continues_after != b->continues_after) {
                problems++;
                continue;
            }
            /* the frame over the page's cells of its days: 2 in from the sides, lanes 16 apart below 20 */
            kalends_rect c0 = cell[a->row * 7 + a->first_column], c1 = cell[a->row * 7 + a->last_column];
            if (!near(a->frame.x, c0.x + 2) || !near(a->frame.x + a->frame.width, c1.x + c1.width - 2) ||
                !near(a->frame.y, c0.y + 20 + 16 * a->lane) || !near(a->frame.height, 14))
                problems++;
            /* hit test at the bar's centre: a day cell of the bar's row, between its first and last column */
            kalends_element hit;
            CHECK(kalends_view_hit_test(page, a->frame.x + a->frame.width / 2, a->frame.y + a->frame.height / 2, &hit) ==
                  KALENDS_OK);
            if (hit.kind != KALENDS_ELEMENT_DAY || hit.index < a->row * 7 + a->first_column ||
                hit.index > a->row * 7 + a->last_column)
                problems++;
        }
        for (int32_t i = 0; i < om; i++, at_more++)
            if (at_more >= nm || more[at_more].day != one_more[i].day || more[at_more].hidden != one_more[i].hidden)
                problems++;
        kalends_view_free(one);
    }
    CHECK_MSG(problems == 0 && at == nb && at_more == nm, "%d problems; %d of %d bars, %d of %d more", problems,
              (int)at, (int)nb, (int)at_more, (int)nm);

    /* brute force: on every cell of every month, the bars covering it (in that month's rows)
       and its hidden count are the day's events */
    problems = 0;
    for (int32_t d = 0; d < nd; d++) {
        int32_t row = d / 7, col = d % 7, shown = 0, hidden = 0, events = 0;
        for (int32_t i = 0; i < nb; i++)
            if (bars[i].row == row && bars[i].first_column <= col && bars[i].last_column >= col) shown++;
        /* its "+N more": the label of its day inside its cell (a day two grids show has one in each) */
        for (int32_t i = 0; i < nm; i++)
            if (more[i].day == days[d].day_number && more[i].frame.x >= cell[d].x &&
                more[i].frame.x < cell[d].x + cell[d].width && more[i].frame.y >= cell[d].y &&
                more[i].frame.y < cell[d].y + cell[d].height)
                hidden = more[i].hidden;
        CHECK(kalends_store_query(store, NULL, days[d].day_number, days[d].day_number, NULL, 0, &events) == KALENDS_OK);
        if (shown + hidden != events) problems++;
    }
    CHECK_MSG(problems == 0, "%d cells whose bars and +N are not their events", problems);
    kalends_view_free(page);
    kalends_store_free(store);
}
