/* linked_test: the time grid of week pages and event editing (issue 26). Part of
   ../linked_test.c, which includes it after its #includes; helpers of files included
   earlier (make_view, make_event) are visible. Days: 2026-10-26 (Monday) is 20752. */

static int32_t veto_answer;
static int32_t veto_calls;

static int32_t veto(void *user_data, const kalends_edit_state *change) {
    (void)user_data;
    (void)change;
    veto_calls++;
    return veto_answer;
}

static void test_time_grid_and_editing(void) {
    kalends_view *view = make_view(KALENDS_SELECTION_SINGLE, 700);
    kalends_store *store = NULL;
    kalends_timezone *ny = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    CHECK(kalends_timezone_new("America/New_York", &ny) == KALENDS_OK);
    CHECK(kalends_view_set_mode(view, KALENDS_MODE_WEEK, NULL) == KALENDS_OK);
    kalends_date sunday = {2026, 11, 1};
    CHECK(kalends_view_go_to(view, &sunday, NULL) == KALENDS_OK);
    /* Saturday 2026-10-31 10:00-11:00 EDT (14:00Z), the day before the clocks go back */
    int64_t sat = 20757LL * 86400 + 14 * 3600;
    kalends_event ev = make_event(1, 0, sat, sat + 3600, 0x1, "standup");
    CHECK(kalends_store_add(store, &ev) == KALENDS_OK);

    kalends_time_grid_options go;
    CHECK(kalends_time_grid_options_init(&go) == KALENDS_OK);
    go.hour_height = 40;
    kalends_time_grid grid;
    CHECK(kalends_view_time_grid(view, store, ny, &go, &grid) == KALENDS_OK);
    CHECK(grid.columns == 7 && grid.first_hour == 0 && grid.last_hour == 24 && grid.lanes == 0);
    kalends_time_grid_column cols[7];
    int32_t n = 0;
    CHECK(kalends_view_time_grid_columns(view, store, ny, &go, cols, 7, &n) == KALENDS_OK && n == 7);
    CHECK(cols[0].day == 20752 && cols[6].day == 20758);
    kalends_time_grid_item items[4];
    CHECK(kalends_view_time_grid_items(view, store, ny, &go, items, 4, &n) == KALENDS_OK && n == 1);
    CHECK(items[0].day == 20757 && items[0].item.item.event == 1);
    CHECK(items[0].item.item.frame.y == grid.grid.y + 10 * 40);     /* 10:00 on the wall clock */
    kalends_time_grid_spot spot;
    CHECK(kalends_view_time_grid_spot(view, store, ny, &go, items[0].item.item.frame.x + 1, items[0].item.item.frame.y,
                                      &spot) == KALENDS_OK);
    CHECK(spot.area == KALENDS_TIME_GRID_AREA_GRID && spot.day == 20757 && spot.seconds == 36000);
    CHECK(kalends_view_time_grid_spot(view, store, ny, &go, 0.0 / 0.0, 1, &spot) == KALENDS_E_INVALID_ARGUMENT);

    /* Editing: off by default, then a drag a day and 7 minutes on: Sunday 10:00 EST (15:00Z) */
    kalends_edit_point at = {20757, 0, 36000, 0};
    kalends_edit_state st;
    CHECK(kalends_view_set_store(view, store, ny) == KALENDS_OK);
    CHECK(kalends_view_edit_begin(view, KALENDS_GESTURE_EVENT_MOVE, 1, 0, &at, &st) == KALENDS_E_MISUSE);
    kalends_edit_options eo;
    CHECK(kalends_edit_options_init(&eo) == KALENDS_OK && eo.editable == 0 && eo.snap_minutes == 15);
    eo.editable = 1;
    CHECK(kalends_view_set_edit_options(view, &eo) == KALENDS_OK);
    kalends_edit_point to = {20758, 0, 36000 + 420, 0};
    CHECK(kalends_view_edit_update(view, &to, &st) == KALENDS_E_MISUSE);          /* no edit yet */
    CHECK(kalends_view_edit_begin(view, 99, 1, 0, &at, &st) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_edit_begin(view, KALENDS_GESTURE_EVENT_MOVE, 1, 0, &at, &st) == KALENDS_OK);
    CHECK(kalends_view_edit_begin(view, KALENDS_GESTURE_EVENT_MOVE, 1, 0, &at, &st) == KALENDS_E_MISUSE);
    CHECK(kalends_view_edit_update(view, &to, &st) == KALENDS_OK);
    CHECK(st.outcome == KALENDS_OUTCOME_PREVIEW && st.start == 20758LL * 86400 + 15 * 3600 && st.end == st.start + 3600);
    CHECK(st.first_day == 20757 && st.last_day == 20758);
    kalends_time_grid_item preview[8];
    CHECK(kalends_view_edit_preview(view, &go, preview, 8, &n) == KALENDS_OK && n == 1);
    CHECK(preview[0].day == 20758 && preview[0].item.item.frame.y == grid.grid.y + 10 * 40);
    char label[160];
    size_t length = 0;
    CHECK(kalends_view_edit_accessibility_label(view, label, sizeof label, &length) == KALENDS_OK);
    CHECK(strcmp(label, "standup, moving to Sunday, November 1, 2026, 10:00 to 11:00") == 0);

    /* The veto: a bad answer is CALLBACK and the edit stays; no is VETOED; nothing written */
    kalends_edit_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.struct_size = sizeof cb;
    cb.should_commit = veto;
    CHECK(kalends_view_set_edit_callbacks(view, &cb) == KALENDS_OK);
    veto_answer = 7;
    CHECK(kalends_view_edit_commit(view, &st) == KALENDS_E_CALLBACK);
    veto_answer = 0;
    CHECK(kalends_view_edit_commit(view, &st) == KALENDS_OK);
    CHECK(st.outcome == KALENDS_OUTCOME_REFUSED && st.refusal == KALENDS_REFUSAL_VETOED && veto_calls == 2);
    kalends_event got;
    memset(&got, 0, sizeof got);
    got.struct_size = sizeof got;
    CHECK(kalends_store_get(store, 1, &got) == KALENDS_OK && got.start == sat);

    /* Allowed now: one update, the old and new times reported */
    veto_answer = 1;
    uint64_t before = 0, after = 0;
    CHECK(kalends_store_version(store, &before) == KALENDS_OK);
    CHECK(kalends_view_edit_begin(view, KALENDS_GESTURE_EVENT_MOVE, 1, 0, &at, &st) == KALENDS_OK);
    CHECK(kalends_view_edit_update(view, &to, &st) == KALENDS_OK);
    CHECK(kalends_view_edit_commit(view, &st) == KALENDS_OK);
    CHECK(st.outcome == KALENDS_OUTCOME_EDITED && st.old_start == sat && st.start == 20758LL * 86400 + 15 * 3600);
    CHECK(kalends_store_version(store, &after) == KALENDS_OK && after == before + 1);
    CHECK(kalends_store_get(store, 1, &got) == KALENDS_OK && got.start == st.start);

    /* Keys, and business hours refusing one */
    CHECK(kalends_view_edit_key(view, 1, 0, KALENDS_EDIT_KEY_LATER, &st) == KALENDS_OK);
    CHECK(st.outcome == KALENDS_OUTCOME_EDITED && st.start == 20758LL * 86400 + 15 * 3600 + 900);
    kalends_business_hours hours[2] = {{7, 9 * 3600, 10 * 3600 + 1800, 0}, {1, 9 * 3600, 17 * 3600, 0}};
    CHECK(kalends_view_set_business_hours(view, hours, 2) == KALENDS_OK);
    kalends_business_hours back[4];
    CHECK(kalends_view_business_hours(view, back, 4, &n) == KALENDS_OK && n == 2 && back[0].weekday == 1);
    CHECK(kalends_view_edit_key(view, 1, 0, KALENDS_EDIT_KEY_LATER, &st) == KALENDS_OK);
    CHECK(st.outcome == KALENDS_OUTCOME_REFUSED && st.refusal == KALENDS_REFUSAL_OUTSIDE_WINDOW);
    kalends_business_hours bad = {8, 0, 3600, 0};
    CHECK(kalends_view_set_business_hours(view, &bad, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_edit_state(view, &st) == KALENDS_OK && st.kind == KALENDS_GESTURE_NONE);

    kalends_view_free(view);
    kalends_store_free(store);
    kalends_timezone_free(ny);
}

/* Another thread changes the store while this one drags: every drop lands whole or is
   refused with a status (REMOVED, CHANGED) and the store stays consistent. */
static volatile int store_writer_stop;

static void *store_writer(void *arg) {
    kalends_store *store = (kalends_store *)arg;
    int64_t base = 20780LL * 86400 + 13 * 3600;
    for (int i = 0; !store_writer_stop && i < 200000; i++) {
        kalends_event ev = make_event(2 + i % 3, 0, base + (i % 40) * 900, base + (i % 40) * 900 + 1800, 0x2, "w");
        if (i % 5 == 0) kalends_store_remove(store, ev.id);
        else if (kalends_store_update(store, &ev) == KALENDS_E_NOT_FOUND) kalends_store_add(store, &ev);
    }
    return NULL;
}

static void test_editing_while_another_thread_writes(void) {
    kalends_view *view = make_view(KALENDS_SELECTION_SINGLE, 700);
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    CHECK(kalends_view_set_mode(view, KALENDS_MODE_WEEK, NULL) == KALENDS_OK);
    kalends_date day = {2026, 11, 24};
    CHECK(kalends_view_go_to(view, &day, NULL) == KALENDS_OK);
    int64_t base = 20780LL * 86400 + 9 * 3600;
    for (int64_t id = 1; id <= 4; id++) {
        kalends_event ev = make_event(id, 0, base + id * 3600, base + id * 3600 + 1800, 0x1, "e");
        CHECK(kalends_store_add(store, &ev) == KALENDS_OK);
    }
    CHECK(kalends_view_set_store(view, store, NULL) == KALENDS_OK);
    kalends_edit_options eo;
    kalends_edit_options_init(&eo);
    eo.editable = 1;
    CHECK(kalends_view_set_edit_options(view, &eo) == KALENDS_OK);
    store_writer_stop = 0;
    pthread_t writer;
    pthread_create(&writer, NULL, store_writer, store);
    int landed = 0, refused = 0, bad = 0;
    for (int i = 0; i < 2000; i++) {
        int64_t id = 1 + i % 4;
        kalends_event e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        if (kalends_store_get(store, id, &e) != KALENDS_OK) continue;
        kalends_edit_point at = {(int32_t)(e.start / 86400), 0, (int32_t)(e.start % 86400), 0};
        kalends_edit_point to = {20780 + i % 5, 0, 8 * 3600 + (i % 30) * 900, 0};
        kalends_edit_state st;
        kalends_status s = kalends_view_edit_begin(view, KALENDS_GESTURE_EVENT_MOVE, id, 0, &at, &st);
        if (s == KALENDS_E_NOT_FOUND) continue;
        if (s != KALENDS_OK) { bad++; continue; }
        if (kalends_view_edit_update(view, &to, &st) != KALENDS_OK) bad++;
        if (kalends_view_edit_commit(view, &st) != KALENDS_OK) { bad++; continue; }
        if (st.outcome == KALENDS_OUTCOME_EDITED) {
            landed++;
            kalends_event after;
            memset(&after, 0, sizeof after);
            after.struct_size = sizeof after;
            /* event 1 is this thread's alone (the writer changes 2 ... 4): it holds what landed */
            if (kalends_store_get(store, id, &after) == KALENDS_OK && id == 1 && after.start != st.start) bad++;
        } else if (st.outcome == KALENDS_OUTCOME_REFUSED) {
            refused++;
        } else {
            bad++;
        }
    }
    store_writer_stop = 1;
    pthread_join(writer, NULL);
    CHECK_MSG(bad == 0, "edits while another thread writes: %d calls failed", bad);
    CHECK(landed > 0);
    (void)refused;
    kalends_edit_state st;
    CHECK(kalends_view_edit_state(view, &st) == KALENDS_OK && st.kind == KALENDS_GESTURE_NONE);
    kalends_view_free(view);
    kalends_store_free(store);
}
