/* misuse_test: flow layout and Auto Layout. Part of ../misuse_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

static void test_flow_and_autolayout_misuse(void) {
    kalends_size items[2] = {{10, 10}, {20, 10}};
    kalends_size nan_items[2] = {{10, 10}, {0.0 / 0.0, 10}};
    kalends_flow_options o;
    kalends_flow_options_init(&o);
    kalends_rect frames[2];
    kalends_size size, box = {100, 100}, more = {10, 10};
    kalends_flow_fit_result fit;
    int32_t count;
    POISON(frames);
    CHECK(kalends_flow_layout(nan_items, 2, &o, frames, 2, &count, &size) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(frames));
    CHECK(kalends_flow_layout(NULL, 2, &o, frames, 2, &count, &size) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_flow_layout(items, -1, &o, frames, 2, &count, &size) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_flow_layout(items, 2, &o, frames, 1, &count, &size) == KALENDS_E_BUFFER_TOO_SMALL && count == 2);
    CHECK(kalends_flow_layout(NULL, 0, NULL, NULL, 0, &count, NULL) == KALENDS_OK && count == 0);
    o.item_spacing = -3;
    CHECK(kalends_flow_layout(items, 2, &o, frames, 2, &count, &size) == KALENDS_E_INVALID_ARGUMENT);
    kalends_flow_options_init(&o);
    o.struct_size = 4;
    CHECK(kalends_flow_layout(items, 2, &o, frames, 2, &count, &size) == KALENDS_E_INVALID_ARGUMENT);
    kalends_flow_options_init(&o);
    CHECK(kalends_flow_fit(items, 2, &o, NULL, &more, frames, 2, &count, &fit) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_flow_fit(items, 2, &o, &box, &more, frames, 2, &count, NULL) == KALENDS_E_INVALID_ARGUMENT);
    box.width = -1;
    CHECK(kalends_flow_fit(items, 2, &o, &box, &more, frames, 2, &count, &fit) == KALENDS_E_INVALID_ARGUMENT);

    kalends_autolayout *layout = NULL;
    CHECK(kalends_autolayout_new(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_new(&layout) == KALENDS_OK);
    int32_t item = 0, id = 0;
    CHECK(kalends_autolayout_add_item(layout, 77, &item) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_autolayout_add_item(layout, -1, &item) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_add_item(layout, KALENDS_ITEM_SCREEN, &item) == KALENDS_OK);
    CHECK(kalends_autolayout_set_item_size(layout, 99, 1, 1) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_autolayout_set_item_size(layout, item, -1, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_item_size(layout, item, 1, 0.0 / 0.0) == KALENDS_E_INVALID_ARGUMENT);
    kalends_constraint c;
    int32_t bad_attributes[] = {INT32_MIN, -1, 0, 13, INT32_MAX};
    for (size_t i = 0; i < sizeof bad_attributes / sizeof bad_attributes[0]; i++) {
        kalends_constraint_init(&c);
        c.first_item = item;
        c.first_attribute = bad_attributes[i];
        CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_E_INVALID_ARGUMENT);
        kalends_constraint_init(&c);
        c.first_item = item;
        c.first_attribute = KALENDS_ATTRIBUTE_WIDTH;
        c.relation = bad_attributes[i] <= 0 ? bad_attributes[i] - 2 + (bad_attributes[i] == INT32_MIN ? 2 : 0)
                                            : bad_attributes[i];  /* never -1, 0, 1 */
        CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_E_INVALID_ARGUMENT);
    }
    kalends_constraint_init(&c);
    c.first_item = item;
    c.first_attribute = KALENDS_ATTRIBUTE_WIDTH;
    c.alt_basis = INT32_MIN; /* clamps: not an error */
    c.alt_item = KALENDS_ITEM_SCREEN;
    CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_OK);
    c.priority = 0;
    CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_E_INVALID_ARGUMENT);
    c.priority = 1000;
    c.multiplier = 1.0 / 0.0;
    CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_E_INVALID_ARGUMENT);
    c.multiplier = 1;
    c.alt_item = 55;
    CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_E_NOT_FOUND);
    c.alt_item = -3;
    CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_E_INVALID_ARGUMENT);
    c.alt_item = KALENDS_ITEM_NONE;
    c.first_item = KALENDS_ITEM_NONE;
    CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_E_INVALID_ARGUMENT);
    c.first_item = item;
    c.second_item = item;
    c.second_attribute = KALENDS_ATTRIBUTE_NONE; /* a second item needs an attribute */
    CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_add_constraint(layout, NULL, &id) == KALENDS_E_INVALID_ARGUMENT);
    double value;
    POISON(value);
    CHECK(kalends_autolayout_constant(layout, 12345, &value) == KALENDS_E_NOT_FOUND && UNTOUCHED(value));
    kalends_constant_change changes[1];
    CHECK(kalends_autolayout_update_constants(layout, changes, -1, &count) == KALENDS_E_INVALID_ARGUMENT);
    kalends_autolayout *wrong = (kalends_autolayout *)(void *)live;
    CHECK(kalends_autolayout_add_item(wrong, 0, &item) == KALENDS_E_MISUSE);
    CHECK(kalends_autolayout_constant(wrong, 1, &value) == KALENDS_E_MISUSE);
    CHECK(kalends_autolayout_free(layout) == KALENDS_OK);
    CHECK(kalends_autolayout_free(layout) == KALENDS_E_MISUSE);
    CHECK(kalends_constraint_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_flow_options_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_scroll_options_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
}

/* ---- Auto Layout solving -------------------------------------------------- */

static kalends_autolayout *reentry_layout;
static int reentry_status = -1, reentry_read = -1;

static kalends_status measure_reenters(void *user, int32_t item, double width, double height, kalends_size *out) {
    (void)user;
    (void)width;
    (void)height;
    int32_t id = 0;
    kalends_rect frame;
    reentry_status = kalends_autolayout_add_item(reentry_layout, KALENDS_ITEM_NONE, &id);
    reentry_read = kalends_autolayout_frame(reentry_layout, item, &frame);
    out->width = 10;
    out->height = 10;
    return KALENDS_OK;
}

static double garbage_width;
static kalends_status measure_garbage(void *user, int32_t item, double width, double height, kalends_size *out) {
    (void)user;
    (void)item;
    (void)width;
    (void)height;
    out->width = garbage_width;
    out->height = 1;
    return KALENDS_OK;
}

static kalends_status measure_fails(void *user, int32_t item, double width, double height, kalends_size *out) {
    (void)user;
    (void)item;
    (void)width;
    (void)height;
    (void)out;
    return KALENDS_E_IO;
}

static void test_autolayout_solving_misuse(void) {
    kalends_autolayout *l = NULL;
    int32_t item = 0;
    kalends_rect frame;
    kalends_size size, target = {100, 100};
    CHECK(kalends_autolayout_new(&l) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(l, KALENDS_ITEM_NONE, &item) == KALENDS_OK);
    kalends_autolayout *wrong = (kalends_autolayout *)(void *)live;
    CHECK(kalends_autolayout_solve(wrong) == KALENDS_E_MISUSE);
    CHECK(kalends_autolayout_solve(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_frame(wrong, item, &frame) == KALENDS_E_MISUSE);
    CHECK(kalends_autolayout_set_intrinsic_size(wrong, item, 1, 1) == KALENDS_E_MISUSE);
    /* bad items */
    for (int i = 0; i < N_EXTREMES; i++) {
        int32_t bad = extremes[i];
        if (bad == 1 || bad == item) continue;
        POISON(frame);
        CHECK(kalends_autolayout_frame(l, bad, &frame) == KALENDS_E_NOT_FOUND && UNTOUCHED(frame));
        CHECK(kalends_autolayout_set_intrinsic_size(l, bad, 1, 1) == KALENDS_E_NOT_FOUND);
        CHECK(kalends_autolayout_set_priority(l, bad, 0, 0, 10) == KALENDS_E_NOT_FOUND);
        CHECK(kalends_autolayout_set_measure(l, bad, measure_fails, NULL) == KALENDS_E_NOT_FOUND);
        CHECK(kalends_autolayout_fitting_size(l, bad, &target, 1000, 50, &size) == KALENDS_E_NOT_FOUND);
    }
    /* bad values */
    double nan = 0.0 / 0.0, inf = 1.0 / 0.0;
    CHECK(kalends_autolayout_set_intrinsic_size(l, item, -2, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_intrinsic_size(l, item, nan, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_intrinsic_size(l, item, 1, inf) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_intrinsic_size(l, item, KALENDS_NO_INTRINSIC_METRIC, 5) == KALENDS_OK);
    CHECK(kalends_autolayout_set_priority(l, item, 2, 0, 10) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_priority(l, item, 0, -1, 10) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_priority(l, item, 0, 0, 0) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_priority(l, item, 0, 0, 1001) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_priority(l, item, 0, 0, nan) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_baselines(l, item, nan, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_right_to_left(l, 2) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_policy(l, -1, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_measure(l, KALENDS_ITEM_SCREEN, measure_fails, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_view(l, item, (kalends_view *)(void *)live) == KALENDS_E_MISUSE);
    CHECK(kalends_autolayout_frame(l, item, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_fitting_size(l, item, NULL, 1000, 50, &size) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_fitting_size(l, item, &target, 1000, 50, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_fitting_size(l, item, &target, 0, 50, &size) == KALENDS_E_INVALID_ARGUMENT);
    kalends_size bad_target = {-1, 0};
    CHECK(kalends_autolayout_fitting_size(l, item, &bad_target, 1000, 50, &size) == KALENDS_E_INVALID_ARGUMENT);
    /* measure functions that fail or return garbage: CALLBACK, and the layout stays usable */
    CHECK(kalends_autolayout_set_measure(l, item, measure_fails, NULL) == KALENDS_OK);
    CHECK(kalends_autolayout_solve(l) == KALENDS_E_CALLBACK);
    const double garbage[] = {-5, nan, inf, -inf};
    CHECK(kalends_autolayout_set_measure(l, item, measure_garbage, NULL) == KALENDS_OK);
    for (int i = 0; i < 4; i++) {
        garbage_width = garbage[i];
        CHECK(kalends_autolayout_solve(l) == KALENDS_E_CALLBACK);
    }
    garbage_width = 30;
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    CHECK(kalends_autolayout_frame(l, item, &frame) == KALENDS_OK && frame.width == 30);
    /* a callback may read the layout, not change it */
    reentry_layout = l;
    CHECK(kalends_autolayout_set_measure(l, item, measure_reenters, NULL) == KALENDS_OK);
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    CHECK(reentry_status == KALENDS_E_MISUSE && reentry_read == KALENDS_OK);
    CHECK(kalends_autolayout_set_measure(l, item, NULL, NULL) == KALENDS_OK);
    CHECK(kalends_autolayout_free(l) == KALENDS_OK);
    CHECK(kalends_autolayout_solve(l) == KALENDS_E_MISUSE);
}

/* Random layouts: random items, constraints (some contradicting), intrinsic sizes and
   priorities, solved under both policies. Every status is documented; a failed solve
   (the error policy's UNSATISFIABLE, or INTERNAL when a stalling system runs out of its
   pivot budget) leaves every frame as it was; frames are finite with sizes >= 0. */
static void fuzz_autolayout(long iterations) {
    long bad_status = 0, moved = 0, bad_frame = 0;
    kalends_autolayout *l = NULL;
    int32_t items[12];
    int n = 0;
    CHECK(kalends_autolayout_new(&l) == KALENDS_OK);
    CHECK(kalends_autolayout_set_item_size(l, KALENDS_ITEM_SCREEN, 390, 844) == KALENDS_OK);
    kalends_rect before[12], after[12];
    for (long i = 0; i < iterations; i++) {
        kalends_status s = KALENDS_OK;
        int op = (int)(rnd() % 10);
        if (n < 12 && (n == 0 || op == 0)) {
            s = kalends_autolayout_add_item(l, n > 0 && rnd() % 2 ? items[rnd() % (unsigned)n] : KALENDS_ITEM_NONE, &items[n]);
            if (s == KALENDS_OK) n++;
        } else if (op <= 5) {
            kalends_constraint c;
            kalends_constraint_init(&c);
            c.first_item = rnd() % 8 ? items[rnd() % (unsigned)n] : KALENDS_ITEM_SCREEN;
            c.first_attribute = 1 + (int32_t)(rnd() % 12);
            c.relation = (int32_t)(rnd() % 3) - 1;
            if (rnd() % 3) {
                c.second_item = items[rnd() % (unsigned)n];
                c.second_attribute = c.first_attribute;
            }
            c.multiplier = rnd() % 4 ? 1 : 0.5;
            c.constant = (double)((int)(rnd() % 400) - 100);
            c.priority = rnd() % 2 ? 1000 : (double)(1 + rnd() % 999);
            int32_t id;
            s = kalends_autolayout_add_constraint(l, &c, &id);
        } else if (op == 6) {
            s = kalends_autolayout_set_intrinsic_size(l, items[rnd() % (unsigned)n], (double)(rnd() % 300), rnd() % 2 ? -1 : 40);
        } else if (op == 7) {
            s = kalends_autolayout_set_policy(l, (int32_t)(rnd() % 2), NULL, NULL);
        } else if (op == 8) {
            s = kalends_autolayout_set_item_size(l, KALENDS_ITEM_SCREEN, rnd() % 2 ? 390 : 844, rnd() % 2 ? 844 : 390);
        } else {
            for (int k = 0; k < n; k++) kalends_autolayout_frame(l, items[k], &before[k]);
            s = kalends_autolayout_solve(l);
            for (int k = 0; k < n; k++) {
                kalends_autolayout_frame(l, items[k], &after[k]);
                if (s != KALENDS_OK && memcmp(&before[k], &after[k], sizeof after[k]) != 0) moved++;
                if (!isfinite(after[k].x) || !isfinite(after[k].y) || !(after[k].width >= 0) || !(after[k].height >= 0)) {
                    if (bad_frame < 3)
                        fprintf(stderr, "    iteration %ld: item %d frame %g %g %g %g (solve status %d)\n", i, items[k], after[k].x,
                                after[k].y, after[k].width, after[k].height, s);
                    bad_frame++;
                }
            }
            /* INTERNAL: the solve ran out of its pivot budget (documented; frames unmoved) */
            if (s != KALENDS_OK && s != KALENDS_E_UNSATISFIABLE && s != KALENDS_E_INTERNAL) bad_status++;
            continue;
        }
        if (s != KALENDS_OK && s != KALENDS_E_INVALID_ARGUMENT && s != KALENDS_E_NOT_FOUND) bad_status++;
    }
    CHECK(kalends_autolayout_free(l) == KALENDS_OK);
    CHECK_MSG(bad_status == 0, "%ld unexpected statuses", bad_status);
    CHECK_MSG(moved == 0, "%ld frames moved by a failed solve", moved);
    CHECK_MSG(bad_frame == 0, "%ld frames not finite or negative", bad_frame);
    printf("misuse_test: fuzzed %ld random Auto Layout calls\n", iterations);
}
