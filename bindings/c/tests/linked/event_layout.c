/* linked_test: event layout. Part of ../linked_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* ---- month bars ---- */

/* The frame of a day's cell in the view's layout. */
static kalends_rect cell_of(kalends_view *view, int32_t day) {
    kalends_element el[64];
    int32_t n = 0;
    kalends_rect r;
    memset(&r, 0, sizeof r);
    CHECK(kalends_view_layout(view, el, 64, &n) == KALENDS_OK);
    for (int32_t i = 0; i < n; i++)
        if (el[i].kind == KALENDS_ELEMENT_DAY && el[i].day_number == day) r = el[i].frame;
    return r;
}

static const kalends_event_bar *bar_of(const kalends_event_bar *bars, int32_t n, int64_t event, int32_t row) {
    for (int32_t i = 0; i < n; i++)
        if (bars[i].event == event && bars[i].row == row) return &bars[i];
    return NULL;
}

static void test_month_bars(void) {
    /* November 2026, Monday weeks, 6 rows from Monday 2026-10-26 (day 20752): row r holds
       days 20752 + 7r ... + 6; 350 points wide, square cells of 50 */
    kalends_view *view = make_view(KALENDS_SELECTION_SINGLE, 350);
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    kalends_event ev[11] = {
        make_event(1, 1, 20761, 20762, 0x1, "X: Wed 4 - Thu 5"),
        make_event(2, 1, 20762, 20767, 0x2, "M: Thu 5 - Tue 10, across two rows"),
        make_event(3, 1, 20766, 20766, 0x3, "Y: Mon 9"),
        make_event(4, 0, 20778LL * 86400 + 22 * 3600, 20780LL * 86400 + 2 * 3600, 0x4, "T: Sat 21 22:00Z - Mon 23 02:00Z"),
        make_event(5, 0, 20782LL * 86400 + 23 * 3600 + 1800, 20782LL * 86400 + 23 * 3600 + 2700, 0x5, "Z: Wed 25 23:30Z"),
        make_event(10, 1, 20775, 20775, 0x10, "Wed 18 #1"), make_event(11, 1, 20775, 20775, 0x11, "Wed 18 #2"),
        make_event(12, 1, 20775, 20775, 0x12, "Wed 18 #3"), make_event(13, 1, 20775, 20775, 0x13, "Wed 18 #4"),
        make_event(14, 1, 20775, 20775, 0x14, "Wed 18 #5"),
        make_event(15, 1, 20700, 20710, 0x15, "September: not on the page")};
    CHECK(kalends_store_add_events(store, ev, 11) == KALENDS_OK);
    kalends_event_bar bars[64];
    kalends_event_more more[16];
    int32_t nb = -1, nm = -1;
    CHECK(kalends_view_event_bars(view, store, NULL, NULL, NULL, 0, &nb, NULL, 0, &nm) == KALENDS_OK);
    CHECK(nb == 9 && nm == 1); /* X, M twice, Y, T twice, Z, two of the 18th; one "+3 more" */
    CHECK(kalends_view_event_bars(view, store, NULL, NULL, bars, 64, &nb, more, 16, &nm) == KALENDS_OK);

    /* X takes lane 0 first (it starts earlier); M then lane 1, and keeps it in the next row
       although lane 0 is free there; Y takes lane 0 of Monday the 9th */
    const kalends_event_bar *x = bar_of(bars, nb, 1, 1), *m1 = bar_of(bars, nb, 2, 1), *m2 = bar_of(bars, nb, 2, 2);
    const kalends_event_bar *y = bar_of(bars, nb, 3, 2);
    if (CHECK(x && m1 && m2 && y)) {
        CHECK(x->first_column == 2 && x->last_column == 3 && x->lane == 0 && !x->continues_before && !x->continues_after);
        CHECK(m1->first_column == 3 && m1->last_column == 6 && m1->lane == 1 && !m1->continues_before && m1->continues_after);
        CHECK(m2->first_column == 0 && m2->last_column == 1 && m2->lane == 1 && m2->continues_before && !m2->continues_after);
        CHECK(y->first_column == 0 && y->last_column == 0 && y->lane == 0);
        /* frames: over the cells, inset by 2 at the sides, 20 below the cell top, lanes 14 + 2 apart */
        kalends_rect thu5 = cell_of(view, 20762), sun8 = cell_of(view, 20765), mon9 = cell_of(view, 20766),
                     tue10 = cell_of(view, 20767);
        CHECK(near(m1->frame.x, thu5.x + 2) && near(m1->frame.width, sun8.x + sun8.width - thu5.x - 4));
        CHECK(near(m1->frame.y, thu5.y + 20 + 16) && near(m1->frame.height, 14));
        CHECK(near(m2->frame.x, mon9.x + 2) && near(m2->frame.width, tue10.x + tue10.width - mon9.x - 4));
        CHECK(near(m2->frame.y, mon9.y + 20 + 16) && near(y->frame.y, mon9.y + 20));
        CHECK(near(thu5.width, 50) && near(mon9.y - thu5.y, 50));
    }
    /* a timed event across the row boundary: Sat-Sun of row 3, Monday of row 4 */
    const kalends_event_bar *t1 = bar_of(bars, nb, 4, 3), *t2 = bar_of(bars, nb, 4, 4), *z = bar_of(bars, nb, 5, 4);
    if (CHECK(t1 && t2 && z)) {
        CHECK(t1->first_column == 5 && t1->last_column == 6 && t1->continues_after && !t1->continues_before);
        CHECK(t2->first_column == 0 && t2->last_column == 0 && t2->continues_before && !t2->continues_after);
        CHECK(z->first_column == 2 && z->last_column == 2);
    }
    /* the 18th: five events, three lanes: two bars and "+3 more" in the last lane */
    int on18 = 0;
    for (int32_t i = 0; i < nb; i++)
        if (bars[i].row == 3 && bars[i].first_column <= 2 && bars[i].last_column >= 2) {
            on18++;
            CHECK(bars[i].lane < 2);
        }
    kalends_rect wed18 = cell_of(view, 20775);
    CHECK(on18 == 2 && more[0].day == 20775 && more[0].hidden == 3);
    CHECK(near(more[0].frame.x, wed18.x + 2) && near(more[0].frame.y, wed18.y + 20 + 2 * 16) &&
          near(more[0].frame.width, 46) && near(more[0].frame.height, 14));

    /* in Paris, Z (23:30Z) is on Thursday the 26th */
    kalends_timezone *paris = zone_named("Europe/Paris");
    CHECK(kalends_view_event_bars(view, store, paris, NULL, bars, 64, &nb, more, 16, &nm) == KALENDS_OK);
    z = bar_of(bars, nb, 5, 4);
    CHECK(z && z->first_column == 3);

    /* for every lane count: on every day, the bars covering it plus its hidden ones are its
       events; bars stay within the shown lanes and never share a lane on a day */
    kalends_day days[42];
    int32_t nd = 0;
    CHECK(kalends_view_days(view, days, 42, &nd) == KALENDS_OK && nd == 42);
    int problems = 0;
    for (int32_t lanes = 1; lanes <= 6; lanes++) {
        kalends_bar_options o;
        kalends_bar_options_init(&o);
        o.max_lanes = lanes;
        o.bar_height = 10;
        o.top_inset = 15;
        if (kalends_view_event_bars(view, store, NULL, &o, bars, 64, &nb, more, 16, &nm) != KALENDS_OK) {
            problems++;
            continue;
        }
        for (int32_t d = 0; d < 42; d++) {
            int32_t row = d / 7, col = d % 7, shown = 0, hidden = 0, events = 0;
            uint64_t used = 0;
            for (int32_t i = 0; i < nb; i++) {
                if (bars[i].row != row || bars[i].first_column > col || bars[i].last_column < col) continue;
                shown++;
                if (bars[i].lane >= lanes || (used >> bars[i].lane & 1)) problems++;
                used |= (uint64_t)1 << bars[i].lane;
            }
            for (int32_t i = 0; i < nm; i++)
                if (more[i].day == days[d].day_number) {
                    hidden = more[i].hidden;
                    if (used >> (lanes - 1) & 1) problems++; /* the label has the last lane */
                }
            CHECK(kalends_store_query(store, NULL, days[d].day_number, days[d].day_number, NULL, 0, &events) == KALENDS_OK);
            if (shown + hidden != events) problems++;
        }
        if (lanes >= 5 && nm != 0) problems++;
        if (lanes == 1) {
            for (int32_t i = 0; i < nm; i++)
                if (more[i].day == 20775 && more[i].hidden != 5) problems++;
        }
    }
    CHECK_MSG(problems == 0, "%d month bar problems", problems);

    /* short arrays: BUFFER_TOO_SMALL, both counts set */
    nb = nm = -1;
    CHECK(kalends_view_event_bars(view, store, NULL, NULL, bars, 3, &nb, more, 16, &nm) == KALENDS_E_BUFFER_TOO_SMALL);
    CHECK(nb == 9 && nm == 1);
    CHECK(kalends_view_free(view) == KALENDS_OK);
    CHECK(kalends_store_free(store) == KALENDS_OK);
    CHECK(kalends_timezone_free(paris) == KALENDS_OK);
}

/* ---- the day timeline ---- */

static const kalends_timeline_item *item_of(const kalends_timeline_item *items, int32_t n, int64_t event) {
    for (int32_t i = 0; i < n; i++)
        if (items[i].event == event) return &items[i];
    return NULL;
}

static int frame_is(const kalends_timeline_item *t, double x, double y, double w, double h) {
    return t && near(t->frame.x, x) && near(t->frame.y, y) && near(t->frame.width, w) && near(t->frame.height, h);
}

static void test_timeline(void) {
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    const int64_t day = 20767, h = 3600, d0 = day * 86400;
    kalends_event ev[10] = {
        make_event(10, 0, d0 + 9 * h, d0 + 12 * h, 1, "A 9-12"),
        make_event(11, 0, d0 + 9 * h, d0 + 10 * h, 1, "B 9-10"),
        make_event(12, 0, d0 + 9 * h, d0 + 10 * h, 1, "C 9-10"),
        make_event(13, 0, d0 + 10 * h, d0 + 12 * h, 1, "D 10-12: column 1, widened over column 2"),
        make_event(14, 0, d0 + 14 * h, d0 + 15 * h, 1, "E 14-15, alone"),
        make_event(15, 0, d0 - 1 * h, d0 + 1 * h, 1, "F from the day before"),
        make_event(16, 0, d0 + 23 * h + 1800, d0 + 24 * h + 1800, 1, "G into the next day"),
        make_event(17, 0, d0 + 5 * h, d0 + 5 * h + 300, 1, "I five minutes"),
        make_event(18, 1, day, day, 1, "all day: not on the timeline"),
        make_event(19, 0, d0 + 7 * h, d0 + 9 * h, 1, "J 7-9")};
    CHECK(kalends_store_add_events(store, ev, 10) == KALENDS_OK);
    kalends_timeline_item items[16];
    int32_t n = -1;
    CHECK(kalends_store_timeline(store, NULL, (int32_t)day, NULL, NULL, 0, &n) == KALENDS_OK && n == 9);
    CHECK(kalends_store_timeline(store, NULL, (int32_t)day, NULL, items, 16, &n) == KALENDS_OK && n == 9);
    CHECK(item_of(items, n, 18) == NULL);
    /* J 7-9 and the group A B C D: A, B, C side by side (3 columns); D takes column 1 when
       B ends and is widened over column 2, free once C ended at 10 */
    const kalends_timeline_item *a = item_of(items, n, 10), *b = item_of(items, n, 11), *c = item_of(items, n, 12),
                                *d = item_of(items, n, 13);
    if (CHECK(a && b && c && d)) {
        CHECK(a->column == 0 && b->column == 1 && c->column == 2 && d->column == 1);
        CHECK(a->columns == 3 && b->columns == 3 && c->columns == 3 && d->columns == 3);
        CHECK(a->span == 1 && b->span == 1 && c->span == 1 && d->span == 2);
        /* 320 wide, 3 columns: x = column * 320 / 3, width = span * 320 / 3 - 2 (the spacing) */
        double w = 320.0 / 3;
        CHECK(frame_is(a, 0, 9 * 48, w - 2, 3 * 48) && frame_is(b, w, 9 * 48, w - 2, 48));
        CHECK(frame_is(c, 2 * w, 9 * 48, w - 2, 48) && frame_is(d, w, 10 * 48, 2 * w - 2, 2 * 48));
        CHECK(!a->clipped_start && !a->clipped_end);
    }
    const kalends_timeline_item *e = item_of(items, n, 14), *f = item_of(items, n, 15), *g = item_of(items, n, 16),
                                *i5 = item_of(items, n, 17), *j = item_of(items, n, 19);
    CHECK(e && e->columns == 1 && e->span == 1 && frame_is(e, 0, 14 * 48, 318, 48));
    CHECK(f && f->clipped_start && !f->clipped_end && frame_is(f, 0, 0, 318, 48));
    CHECK(g && !g->clipped_start && g->clipped_end && frame_is(g, 0, 23.5 * 48, 318, 24));
    CHECK(i5 && frame_is(i5, 0, 5 * 48, 318, 18)); /* five minutes are 4 points: min_height 18 */
    CHECK(j && j->columns == 1 && frame_is(j, 0, 7 * 48, 318, 96)); /* J ends when A B C begin */

    /* hours 8 ... 20 at (10, 5), 200 wide, 30 per hour: F, G and the five minutes are out;
       J is clipped at 8 */
    kalends_timeline_options o;
    CHECK(kalends_timeline_options_init(&o) == KALENDS_OK);
    o.first_hour = 8;
    o.last_hour = 20;
    o.left = 10;
    o.top = 5;
    o.width = 200;
    o.hour_height = 30;
    o.spacing = 0;
    CHECK(kalends_store_timeline(store, NULL, (int32_t)day, &o, items, 16, &n) == KALENDS_OK && n == 6);
    CHECK(item_of(items, n, 15) == NULL && item_of(items, n, 16) == NULL && item_of(items, n, 17) == NULL);
    j = item_of(items, n, 19);
    CHECK(j && j->clipped_start && !j->clipped_end && frame_is(j, 10, 5, 200, 30));
    d = item_of(items, n, 13);
    CHECK(frame_is(d, 10 + 200.0 / 3, 5 + 2 * 30, 2 * 200.0 / 3, 60));
    /* a short buffer, an empty day */
    n = -1;
    CHECK(kalends_store_timeline(store, NULL, (int32_t)day, &o, items, 5, &n) == KALENDS_E_BUFFER_TOO_SMALL && n == 6);
    CHECK(kalends_store_timeline(store, NULL, (int32_t)day + 3, NULL, items, 16, &n) == KALENDS_OK && n == 0);
    CHECK(kalends_store_free(store) == KALENDS_OK);
}
