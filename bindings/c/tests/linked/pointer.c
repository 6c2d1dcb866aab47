/* linked_test: pointer gestures. Part of ../linked_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible
   (make_view and the recorder of linked/view.c). */

/* ---- pointer gestures ------------------------------------------------------ */

/* The centre of the visible day `day` (a day number) in the view's layout. */
static int day_centre(kalends_view *view, int32_t day, double *x, double *y) {
    kalends_element el[64];
    int32_t n = 0;
    if (kalends_view_layout(view, el, 64, &n) != KALENDS_OK) return 0;
    for (int32_t i = 0; i < n; i++) {
        if (el[i].kind == KALENDS_ELEMENT_DAY && el[i].day_number == day) {
            *x = el[i].frame.x + el[i].frame.width / 2;
            *y = el[i].frame.y + el[i].frame.height / 2;
            return 1;
        }
    }
    return 0;
}

static kalends_pointer_event pointer_at(double x, double y, double time, kalends_pointer_kind kind) {
    kalends_pointer_event e;
    memset(&e, 0, sizeof e);
    e.struct_size = sizeof e;
    e.kind = kind;
    e.x = x;
    e.y = y;
    e.time = time;
    return e;
}

static int32_t nov(int32_t d) {
    kalends_date date = {2026, 11, d};
    int32_t n = 0;
    kalends_date_day_number(&date, &n);
    return n;
}

/* Press on `from`, move over each day to `to` (one step a day), and return the last action. */
static kalends_action drag_days(kalends_view *view, int32_t from, int32_t to, double *t) {
    double x, y;
    kalends_action a;
    memset(&a, 0, sizeof a);
    CHECK(day_centre(view, from, &x, &y));
    kalends_pointer_event e = pointer_at(x, y, *t, KALENDS_POINTER_MOUSE);
    CHECK(kalends_view_pointer_press(view, &e, NULL, &a) == KALENDS_OK && a.outcome == KALENDS_OUTCOME_NONE);
    int32_t step = to >= from ? 1 : -1;
    for (int32_t d = from + step;; d += step) {
        CHECK(day_centre(view, d, &x, &y));
        *t += 0.05;
        e = pointer_at(x, y, *t, KALENDS_POINTER_MOUSE);
        CHECK(kalends_view_pointer_move(view, &e, NULL, &a) == KALENDS_OK);
        if (d == to) break;
    }
    return a;
}

static void test_pointer_range_drags(void) {
    kalends_view *view = make_view(KALENDS_SELECTION_RANGE, 350);
    recorder rec;
    memset(&rec, 0, sizeof rec);
    rec.view = view;
    kalends_view_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.struct_size = sizeof cb;
    cb.user_data = &rec;
    cb.did_select = on_select;
    cb.did_deselect = on_deselect;
    CHECK(kalends_view_set_callbacks(view, &cb) == KALENDS_OK);
    double t = 0, x, y;

    /* forward: the preview shows in the gesture and the days, the release commits */
    kalends_action a = drag_days(view, nov(10), nov(13), &t);
    CHECK(a.outcome == KALENDS_OUTCOME_PREVIEW && a.has_day && a.day == nov(13));
    kalends_gesture g;
    g.struct_size = sizeof g;
    CHECK(kalends_view_gesture(view, &g) == KALENDS_OK);
    CHECK(g.phase == KALENDS_GESTURE_PHASE_ACTIVE && g.kind == KALENDS_GESTURE_RANGE);
    CHECK(g.has_preview && g.preview_first == nov(10) && g.preview_last == nov(13));
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    int32_t n = 0;
    CHECK(kalends_view_days(view, days, KALENDS_GRID_MAX_DAYS, &n) == KALENDS_OK);
    int32_t middles = 0;
    for (int32_t i = 0; i < n; i++) middles += (days[i].flags & KALENDS_DAY_RANGE_MIDDLE) != 0;
    CHECK(middles == 2);
    CHECK(rec.log[0] == 0); /* nothing told before the release */
    CHECK(day_centre(view, nov(13), &x, &y));
    kalends_pointer_event e = pointer_at(x, y, t + 0.1, KALENDS_POINTER_MOUSE);
    kalends_element hit;
    CHECK(kalends_view_pointer_release(view, &e, &hit, &a) == KALENDS_OK);
    CHECK(a.outcome == KALENDS_OUTCOME_SELECTED && hit.kind == KALENDS_ELEMENT_DAY && hit.day_number == nov(13));
    CHECK_MSG(strcmp(rec.log, "select 2026-11-10;select 2026-11-13;") == 0, "%s", rec.log);
    kalends_selection sel;
    CHECK(kalends_view_selection(view, &sel) == KALENDS_OK);
    CHECK(sel.first == nov(10) && sel.last == nov(13) && sel.range_complete == 1);
    CHECK(kalends_view_gesture(view, &g) == KALENDS_OK && g.phase == KALENDS_GESTURE_PHASE_NONE);

    /* backward, then released far outside the grid: the last day reached */
    rec.log[0] = 0;
    drag_days(view, nov(20), nov(16), &t);
    e = pointer_at(x, 10000, t + 0.1, KALENDS_POINTER_MOUSE);
    CHECK(kalends_view_pointer_release(view, &e, &hit, &a) == KALENDS_OK && a.outcome == KALENDS_OUTCOME_SELECTED);
    CHECK(hit.kind == KALENDS_ELEMENT_NONE);
    CHECK(kalends_view_selection(view, &sel) == KALENDS_OK && sel.first == nov(16) && sel.last == nov(20));
    CHECK_MSG(strcmp(rec.log, "deselect 2026-11-10;deselect 2026-11-13;select 2026-11-16;select 2026-11-20;") == 0,
              "%s", rec.log);

    /* cancel: the selection from before the press, no callbacks */
    rec.log[0] = 0;
    drag_days(view, nov(3), nov(5), &t);
    CHECK(kalends_view_selection(view, &sel) == KALENDS_OK && sel.first == nov(3)); /* the preview */
    CHECK(kalends_view_pointer_cancel(view, &a) == KALENDS_OK && a.outcome == KALENDS_OUTCOME_CANCELLED);
    CHECK(kalends_view_selection(view, &sel) == KALENDS_OK && sel.first == nov(16) && sel.last == nov(20));
    CHECK(rec.log[0] == 0);
    /* Escape does the same */
    drag_days(view, nov(3), nov(5), &t);
    CHECK(kalends_view_key(view, KALENDS_KEY_ESCAPE, &a) == KALENDS_OK && a.outcome == KALENDS_OUTCOME_CANCELLED);
    CHECK(kalends_view_selection(view, &sel) == KALENDS_OK && sel.first == nov(16) && sel.last == nov(20));
    kalends_view_free(view);
}

static void test_pointer_swipes(void) {
    for (int rtl = 0; rtl <= 1; rtl++) {
        kalends_view *view = make_view(KALENDS_SELECTION_SINGLE, 350);
        kalends_view_options o;
        o.struct_size = sizeof o;
        CHECK(kalends_view_get_options(view, &o) == KALENDS_OK);
        o.right_to_left = rtl;
        CHECK(kalends_view_set_options(view, &o) == KALENDS_OK);
        for (int way = -1; way <= 1; way += 2) {
            kalends_page before, after;
            kalends_view_page(view, &before);
            kalends_pointer_event e = pointer_at(175, 200, 1, KALENDS_POINTER_TOUCH);
            kalends_action a;
            CHECK(kalends_view_pointer_press(view, &e, NULL, &a) == KALENDS_OK);
            e = pointer_at(175 + way * 200, 200, 1.5, KALENDS_POINTER_TOUCH);
            CHECK(kalends_view_pointer_move(view, &e, NULL, &a) == KALENDS_OK && a.outcome == KALENDS_OUTCOME_PREVIEW);
            kalends_gesture g;
            g.struct_size = sizeof g;
            CHECK(kalends_view_gesture(view, &g) == KALENDS_OK && g.kind == KALENDS_GESTURE_SWIPE);
            /* left (right-to-left: right) shows the next page */
            kalends_direction expected = (way < 0) != (rtl == 1) ? KALENDS_DIRECTION_FORWARD : KALENDS_DIRECTION_BACKWARD;
            CHECK(g.direction == expected && g.offset == way * 200.0 && fabs(g.progress - 200.0 / 350) < 1e-12);
            e = pointer_at(175 + way * 200, 200, 2, KALENDS_POINTER_TOUCH);
            CHECK(kalends_view_pointer_release(view, &e, NULL, &a) == KALENDS_OK && a.outcome == KALENDS_OUTCOME_PAGED);
            kalends_view_page(view, &after);
            CHECK(a.transition.direction == expected);
            CHECK(expected == KALENDS_DIRECTION_FORWARD ? after.first > before.first : after.first < before.first);
        }
        kalends_view_free(view);
    }
}
