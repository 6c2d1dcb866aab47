/* misuse_test: event layout. Part of ../misuse_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

static void test_bad_layout_options(void) {
    kalends_event_bar bars[8];
    kalends_event_more more[2];
    kalends_timeline_item items[4];
    int32_t nb, nm, n;
    double bad_lengths[] = {-1, -1e-9, 1e7, 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0};
    int problems = 0;
    for (int f = 0; f < 9; f++) {
        kalends_bar_options o;
        kalends_bar_options_init(&o);
        switch (f) {
        case 0: o.max_lanes = 0; break;
        case 1: o.max_lanes = -1; break;
        case 2: o.max_lanes = INT32_MIN; break;
        case 3: o.max_lanes = 1001; break;
        case 4: o.max_lanes = INT32_MAX; break;
        case 5: o.struct_size = 0; break;
        case 6: o.struct_size = sizeof o + 8; break;
        case 7: o.struct_size = sizeof o - 8; break;
        default: o.struct_size = UINT32_MAX; break;
        }
        POISON(bars);
        if (kalends_view_event_bars(event_view, live_store, NULL, &o, bars, 8, &nb, more, 2, &nm) != KALENDS_E_INVALID_ARGUMENT ||
            !UNTOUCHED(bars))
            problems++;
    }
    for (size_t i = 0; i < sizeof bad_lengths / sizeof bad_lengths[0]; i++) {
        for (int f = 0; f < 4; f++) {
            kalends_bar_options o;
            kalends_bar_options_init(&o);
            double *fields[4] = {&o.bar_height, &o.lane_spacing, &o.top_inset, &o.side_inset};
            *fields[f] = bad_lengths[i];
            POISON(bars);
            if (kalends_view_event_bars(event_view, live_store, NULL, &o, bars, 8, &nb, more, 2, &nm) !=
                    KALENDS_E_INVALID_ARGUMENT ||
                !UNTOUCHED(bars)) {
                if (problems++ < 5) fprintf(stderr, "    bar option %d = %g accepted\n", f, bad_lengths[i]);
            }
        }
        for (int f = 0; f < 6; f++) {
            kalends_timeline_options o;
            kalends_timeline_options_init(&o);
            double *fields[6] = {&o.left, &o.top, &o.width, &o.hour_height, &o.min_height, &o.spacing};
            *fields[f] = bad_lengths[i];
            /* left and top may be negative (an offset), small negatives are positions */
            if (f < 2 && (bad_lengths[i] == -1 || bad_lengths[i] == -1e-9)) continue;
            POISON(items);
            if (kalends_store_timeline(live_store, NULL, 20767, &o, items, 4, &n) != KALENDS_E_INVALID_ARGUMENT ||
                !UNTOUCHED(items)) {
                if (problems++ < 5) fprintf(stderr, "    timeline option %d = %g accepted\n", f, bad_lengths[i]);
            }
        }
    }
    int32_t hours[][2] = {{-1, 24}, {0, 25}, {12, 12}, {13, 12}, {INT32_MIN, 24}, {0, INT32_MAX}, {24, 24}, {0, 0}};
    for (size_t i = 0; i < sizeof hours / sizeof hours[0]; i++) {
        kalends_timeline_options o;
        kalends_timeline_options_init(&o);
        o.first_hour = hours[i][0];
        o.last_hour = hours[i][1];
        POISON(items);
        if (kalends_store_timeline(live_store, NULL, 20767, &o, items, 4, &n) != KALENDS_E_INVALID_ARGUMENT || !UNTOUCHED(items))
            problems++;
    }
    kalends_timeline_options o;
    kalends_timeline_options_init(&o);
    o.hour_height = 0;
    if (kalends_store_timeline(live_store, NULL, 20767, &o, items, 4, &n) != KALENDS_E_INVALID_ARGUMENT) problems++;
    /* Sizes: too small, and larger than the library's; the size before max_events (64: a
       caller built with that header) is read without its max_events. */
    uint32_t sizes[] = {0, 4, (uint32_t)offsetof(kalends_timeline_options, max_events) - 8, (uint32_t)sizeof o + 8};
    for (size_t i = 0; i < 4; i++) {
        kalends_timeline_options_init(&o);
        o.struct_size = sizes[i];
        if (kalends_store_timeline(live_store, NULL, 20767, &o, items, 4, &n) != KALENDS_E_INVALID_ARGUMENT) problems++;
    }
    kalends_timeline_options_init(&o);
    o.max_events = -1;
    if (kalends_store_timeline(live_store, NULL, 20767, &o, items, 4, &n) != KALENDS_E_INVALID_ARGUMENT) problems++;
    kalends_timeline_options_init(&o);
    o.struct_size = (uint32_t)offsetof(kalends_timeline_options, max_events);
    o.max_events = -1; /* past the caller's struct: not read */
    if (kalends_store_timeline(live_store, NULL, 20767, &o, items, 4, &n) != KALENDS_OK) problems++;
    CHECK_MSG(problems == 0, "%d bad options accepted", problems);
    /* the options that are fine still work */
    kalends_timeline_options_init(&o);
    o.left = -50;
    o.first_hour = 23;
    CHECK(kalends_store_timeline(live_store, NULL, 20767, &o, items, 4, &n) == KALENDS_OK && n == 0);
    /* no width yet: bars need the day cells' frames */
    kalends_view *v = NULL;
    CHECK(kalends_view_new(live, NULL, NULL, &v) == KALENDS_OK);
    POISON(nb);
    CHECK(kalends_view_event_bars(v, live_store, NULL, NULL, bars, 8, &nb, more, 2, &nm) == KALENDS_E_NO_INTRINSIC_METRIC &&
          UNTOUCHED(nb));
    CHECK(kalends_view_free(v) == KALENDS_OK);
    /* days beyond the supported dates: refused in a zone; in UTC (no zone) they are
       simply empty */
    for (int zone = 0; zone < 2; zone++) {
        int32_t far[] = {INT32_MIN, INT32_MAX};
        for (int k = 0; k < 2; k++) {
            POISON(items);
            n = -1;
            kalends_status s = kalends_store_timeline(live_store, zone ? live_zone : NULL, far[k], NULL, items, 4, &n);
            CHECK_MSG((s == KALENDS_OK && n == 0) || s == KALENDS_E_INVALID_ARGUMENT || s == KALENDS_E_OUT_OF_RANGE,
                      "timeline of day %d: %d", (int)far[k], (int)s);
            CHECK(UNTOUCHED(items));
            s = kalends_store_query(live_store, zone ? live_zone : NULL, far[k], far[k], NULL, 0, &n);
            CHECK((s == KALENDS_OK && n == 0) || s == KALENDS_E_OUT_OF_RANGE);
        }
    }
}
