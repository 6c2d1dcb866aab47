/* linked_test: the time grid's timeline extras (issue 27 item 3): events the hours shown
   hide, a wall time's line and the spot read back, the now line across New York's fall
   back, the stretches outside business hours. Part of ../linked_test.c, included after
   linked/editing.c (make_view, make_event). Days: 2026-10-26 (Monday) is 20752. */

/* A week page (2026-10-26 ... 2026-11-01) 700 wide, an empty store and New York. */
static kalends_view *week_of_fall_back(kalends_store **store, kalends_timezone **ny) {
    kalends_view *view = make_view(KALENDS_SELECTION_SINGLE, 700);
    CHECK(kalends_store_new(store) == KALENDS_OK);
    CHECK(kalends_timezone_new("America/New_York", ny) == KALENDS_OK);
    CHECK(kalends_view_set_mode(view, KALENDS_MODE_WEEK, NULL) == KALENDS_OK);
    kalends_date sunday = {2026, 11, 1};
    CHECK(kalends_view_go_to(view, &sunday, NULL) == KALENDS_OK);
    return view;
}

static void test_time_grid_extras(void) {
    kalends_store *store = NULL;
    kalends_timezone *ny = NULL;
    kalends_view *view = week_of_fall_back(&store, &ny);
    /* Wednesday 2026-10-28 (EDT, UTC-4): 06:00-07:00 (hidden before), 07:00-09:00 (clipped), 19:00-20:00 (hidden after) */
    int64_t wed = 20754LL * 86400 + 4 * 3600;
    kalends_event a = make_event(1, 0, wed + 6 * 3600, wed + 7 * 3600, 0x1, "early");
    kalends_event b = make_event(2, 0, wed + 7 * 3600, wed + 9 * 3600, 0x1, "crosses");
    kalends_event c = make_event(3, 0, wed + 19 * 3600, wed + 20 * 3600, 0x1, "late");
    CHECK(kalends_store_add(store, &a) == KALENDS_OK && kalends_store_add(store, &b) == KALENDS_OK &&
          kalends_store_add(store, &c) == KALENDS_OK);

    kalends_time_grid_options go;
    CHECK(kalends_time_grid_options_init(&go) == KALENDS_OK);
    go.hour_height = 40;
    go.first_hour = 8;
    go.last_hour = 18;
    kalends_time_grid grid;
    CHECK(kalends_view_time_grid(view, store, ny, &go, &grid) == KALENDS_OK);
    kalends_time_grid_item items[4];
    int32_t n = 0;
    CHECK(kalends_view_time_grid_items(view, store, ny, &go, items, 4, &n) == KALENDS_OK && n == 1);
    CHECK(items[0].item.item.event == 2 && items[0].item.item.clipped_start == 1 && items[0].item.item.frame.y == grid.grid.y);
    kalends_time_grid_hidden hidden[8];
    CHECK(kalends_view_time_grid_hidden(view, store, ny, &go, hidden, 8, &n) == KALENDS_OK && n == 1);
    CHECK(hidden[0].day == 20754 && hidden[0].before == 1 && hidden[0].after == 1);
    CHECK(kalends_view_time_grid_hidden(view, store, ny, &go, NULL, 0, &n) == KALENDS_OK && n == 1);      /* a size query */
    CHECK(kalends_view_time_grid_hidden(view, store, ny, &go, hidden, -1, &n) == KALENDS_E_INVALID_ARGUMENT);

    /* A wall time's line, and the spot at it reads the time back */
    kalends_time_grid_line line;
    CHECK(kalends_view_time_grid_line(view, store, ny, &go, 20754, 13 * 3600 + 900, &line) == KALENDS_OK);
    CHECK(line.shown == 1 && line.column == 2 && line.frame.y == grid.grid.y + 5.25 * 40 && line.frame.height == 0);
    kalends_time_grid_spot spot;
    CHECK(kalends_view_time_grid_spot(view, store, ny, &go, line.frame.x + 1, line.frame.y + 0.01, &spot) == KALENDS_OK);
    CHECK(spot.area == KALENDS_TIME_GRID_AREA_GRID && spot.day == 20754 && spot.seconds == 13 * 3600 + 900);
    CHECK(kalends_view_time_grid_line(view, store, ny, &go, 20754, 7 * 3600, &line) == KALENDS_OK && line.shown == 0);
    CHECK(kalends_view_time_grid_line(view, store, ny, &go, 20759, 9 * 3600, &line) == KALENDS_OK && line.shown == 0);
    CHECK(kalends_view_time_grid_line(view, store, ny, &go, 20754, 86401, &line) == KALENDS_E_INVALID_ARGUMENT);

    /* The now line on Sunday 2026-11-01: 05:30Z and 06:30Z are both 01:30 on the wall
       (EDT, then EST); 08:30Z is 03:30 EST. All hours shown. */
    kalends_time_grid_options all;
    CHECK(kalends_time_grid_options_init(&all) == KALENDS_OK);
    all.hour_height = 40;
    CHECK(kalends_view_time_grid(view, store, ny, &all, &grid) == KALENDS_OK);
    int64_t sun = 20758LL * 86400;
    CHECK(kalends_view_time_grid_now(view, store, ny, &all, sun + 5 * 3600 + 1800, &line) == KALENDS_OK);
    CHECK(line.shown == 1 && line.day == 20758 && line.column == 6 && line.seconds == 5400);
    CHECK(line.frame.y == grid.grid.y + 1.5 * 40);
    CHECK(kalends_view_time_grid_now(view, store, ny, &all, sun + 6 * 3600 + 1800, &line) == KALENDS_OK);
    CHECK(line.shown == 1 && line.day == 20758 && line.seconds == 5400);
    CHECK(kalends_view_time_grid_now(view, store, ny, &all, sun + 8 * 3600 + 1800, &line) == KALENDS_OK);
    CHECK(line.shown == 1 && line.seconds == 3 * 3600 + 1800 && line.frame.y == grid.grid.y + 3.5 * 40);
    /* Monday 2026-11-02 00:00 EST (05:00Z the next day): off the page */
    CHECK(kalends_view_time_grid_now(view, store, ny, &all, sun + 86400 + 5 * 3600, &line) == KALENDS_OK);
    CHECK(line.shown == 0 && line.day == 20759);
    /* 07:00 EDT on Wednesday with hours 8 ... 18: outside */
    CHECK(kalends_view_time_grid_now(view, store, ny, &go, wed + 7 * 3600, &line) == KALENDS_OK && line.shown == 0);

    /* Business hours: none set, nothing shaded; Monday ... Friday 09:00-17:00, Wednesday with a lunch break */
    kalends_time_grid_shade shades[32];
    CHECK(kalends_view_time_grid_shades(view, store, ny, &go, shades, 32, &n) == KALENDS_OK && n == 0);
    kalends_business_hours bh[6] = {{1, 32400, 61200, 0}, {2, 32400, 61200, 0}, {3, 32400, 43200, 0},
                                    {3, 46800, 61200, 0}, {4, 32400, 61200, 0}, {5, 32400, 61200, 0}};
    CHECK(kalends_view_set_business_hours(view, bh, 6) == KALENDS_OK);
    CHECK(kalends_view_time_grid(view, store, ny, &go, &grid) == KALENDS_OK);
    CHECK(kalends_view_time_grid_shades(view, store, ny, &go, shades, 32, &n) == KALENDS_OK);
    /* Mon, Tue, Thu, Fri: 08-09 and 17-18; Wed: 08-09, 12-13, 17-18; Sat and Sun: 08-18 */
    CHECK(n == 4 * 2 + 3 + 2);
    CHECK(shades[0].day == 20752 && shades[0].start == 28800 && shades[0].end == 32400 && shades[0].frame.y == grid.grid.y &&
          shades[0].frame.height == 40);
    CHECK(shades[5].day == 20754 && shades[5].start == 43200 && shades[5].end == 46800 &&
          shades[5].frame.y == grid.grid.y + 4 * 40);
    CHECK(shades[11].day == 20757 && shades[11].column == 5 && shades[11].start == 28800 && shades[11].end == 64800 &&
          shades[11].frame.height == 10 * 40);

    kalends_view_free(view);
    kalends_store_free(store);
    kalends_timezone_free(ny);
}

/* max_stack: four overlapping meetings on Wednesday 2026-10-28 (EDT), at most two side by side */
static void test_time_grid_max_stack(void) {
    kalends_store *store = NULL;
    kalends_timezone *ny = NULL;
    kalends_view *view = week_of_fall_back(&store, &ny);
    int64_t wed = 20754LL * 86400 + 4 * 3600;
    for (int i = 0; i < 4; i++) {
        kalends_event e = make_event(i + 1, 0, wed + 9 * 3600 + i * 900, wed + 10 * 3600 + 1800, 0x1, "meeting");
        CHECK(kalends_store_add(store, &e) == KALENDS_OK);
    }
    kalends_time_grid_options go;
    CHECK(kalends_time_grid_options_init(&go) == KALENDS_OK && go.max_stack == 0);
    go.hour_height = 40;
    kalends_time_grid_item items[8];
    kalends_event_more more[4];
    int32_t n = 0;
    CHECK(kalends_view_time_grid_items(view, store, ny, &go, items, 8, &n) == KALENDS_OK && n == 4);
    CHECK(kalends_view_time_grid_stack_more(view, store, ny, &go, more, 4, &n) == KALENDS_OK && n == 0);
    go.max_stack = 2;
    CHECK(kalends_view_time_grid_items(view, store, ny, &go, items, 8, &n) == KALENDS_OK && n == 2);
    CHECK(items[0].item.item.event == 1 && items[1].item.item.event == 2 && items[1].item.item.columns == 3);
    CHECK(kalends_view_time_grid_stack_more(view, store, ny, &go, more, 4, &n) == KALENDS_OK && n == 1);
    CHECK(more[0].day == 20754 && more[0].hidden == 2);
    CHECK(more[0].frame.x > items[1].item.item.frame.x + items[1].item.item.frame.width);
    kalends_time_grid grid;
    CHECK(kalends_view_time_grid(view, store, ny, &go, &grid) == KALENDS_OK);
    CHECK(more[0].frame.y == grid.grid.y + 9.5 * 40 && more[0].frame.height == 40);
    go.max_stack = -1;
    CHECK(kalends_view_time_grid_stack_more(view, store, ny, &go, more, 4, &n) == KALENDS_E_INVALID_ARGUMENT);
    kalends_view_free(view);
    kalends_store_free(store);
    kalends_timezone_free(ny);
}

/* background_source: source 5's events are stretches behind the columns, not boxes */
static void test_time_grid_background(void) {
    kalends_store *store = NULL;
    kalends_timezone *ny = NULL;
    kalends_view *view = week_of_fall_back(&store, &ny);
    int64_t wed = 20754LL * 86400 + 4 * 3600;   /* 2026-10-28 00:00 EDT */
    kalends_event a = make_event(1, 0, wed + 9 * 3600, wed + 12 * 3600, 0x1, "blocked");
    a.source = 5;
    kalends_event b = make_event(2, 0, wed + 10 * 3600, wed + 11 * 3600, 0x1, "meeting");
    CHECK(kalends_store_add(store, &a) == KALENDS_OK && kalends_store_add(store, &b) == KALENDS_OK);
    kalends_time_grid_options go;
    CHECK(kalends_time_grid_options_init(&go) == KALENDS_OK && go.background_source == 0);
    go.hour_height = 40;
    kalends_time_grid_item items[4];
    kalends_time_grid_background bg[4];
    int32_t n = 0;
    CHECK(kalends_view_time_grid_items(view, store, ny, &go, items, 4, &n) == KALENDS_OK && n == 2);
    CHECK(kalends_view_time_grid_background(view, store, ny, &go, bg, 4, &n) == KALENDS_OK && n == 0);
    go.background_source = 5;
    CHECK(kalends_view_time_grid_items(view, store, ny, &go, items, 4, &n) == KALENDS_OK && n == 1);
    CHECK(items[0].item.item.event == 2 && items[0].item.item.columns == 1);
    CHECK(kalends_view_time_grid_background(view, store, ny, &go, bg, 4, &n) == KALENDS_OK && n == 1);
    kalends_time_grid grid;
    kalends_time_grid_column cols[7];
    CHECK(kalends_view_time_grid(view, store, ny, &go, &grid) == KALENDS_OK);
    CHECK(kalends_view_time_grid_columns(view, store, ny, &go, cols, 7, &n) == KALENDS_OK);
    CHECK(bg[0].event == 1 && bg[0].day == 20754 && bg[0].column == 2 && bg[0].start == 9 * 3600 && bg[0].end == 12 * 3600);
    CHECK(bg[0].frame.x == cols[2].frame.x && bg[0].frame.width == cols[2].frame.width);
    CHECK(bg[0].frame.y == grid.grid.y + 9 * 40 && bg[0].frame.height == 3 * 40);
    kalends_view_free(view);
    kalends_store_free(store);
    kalends_timezone_free(ny);
}
