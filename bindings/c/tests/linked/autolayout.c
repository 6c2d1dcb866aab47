/* linked_test: autolayout. Part of ../linked_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

static void test_autolayout(void) {
    kalends_autolayout *layout = NULL;
    int32_t view = 0;
    CHECK(kalends_autolayout_new(&layout) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(layout, KALENDS_ITEM_NONE, &view) == KALENDS_OK && view > KALENDS_ITEM_SCREEN);
    CHECK(kalends_autolayout_set_item_size(layout, KALENDS_ITEM_SCREEN, 390, 844) == KALENDS_OK);
    kalends_constraint c;
    kalends_constraint_init(&c);
    c.first_item = view;
    c.first_attribute = KALENDS_ATTRIBUTE_WIDTH;
    c.alt_item = KALENDS_ITEM_SCREEN;
    c.alt_basis = KALENDS_BASIS_SHORTER_EDGE;
    c.alt_multiplier = 0.25;
    int32_t quarter = 0, top = 0;
    CHECK(kalends_autolayout_add_constraint(layout, &c, &quarter) == KALENDS_OK);
    c.first_attribute = KALENDS_ATTRIBUTE_TOP;
    c.second_item = KALENDS_ITEM_SCREEN;
    c.second_attribute = KALENDS_ATTRIBUTE_TOP;
    c.alt_basis = KALENDS_BASIS_HEIGHT;
    c.alt_multiplier = 0.1;
    CHECK(kalends_autolayout_add_constraint(layout, &c, &top) == KALENDS_OK);
    double value = 0;
    CHECK(kalends_autolayout_constant(layout, quarter, &value) == KALENDS_OK && value == 97.5);
    CHECK(kalends_autolayout_set_item_size(layout, KALENDS_ITEM_SCREEN, 844, 390) == KALENDS_OK); /* rotate */
    kalends_constant_change changes[4];
    int32_t count = 0;
    CHECK(kalends_autolayout_update_constants(layout, NULL, 0, &count) == KALENDS_OK && count == 1);
    CHECK(kalends_autolayout_update_constants(layout, changes, 4, &count) == KALENDS_OK && count == 1);
    CHECK(changes[0].constraint == top && changes[0].new_value == 39 && changes[0].old_value > 84.39);
    CHECK(kalends_autolayout_update_constants(layout, changes, 4, &count) == KALENDS_OK && count == 0);
    CHECK(kalends_autolayout_constant(layout, quarter, &value) == KALENDS_OK && value == 97.5);
    c.second_attribute = KALENDS_ATTRIBUTE_WIDTH; /* a position against a size */
    CHECK(kalends_autolayout_add_constraint(layout, &c, &top) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_remove_constraint(layout, 999) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_autolayout_free(layout) == KALENDS_OK);
}

/* ---- Auto Layout: the seed scenarios ------------------------------------- */

static int32_t pin(kalends_autolayout *l, int32_t item, int32_t attribute, int32_t second, int32_t second_attribute,
                   double constant) {
    kalends_constraint c;
    kalends_constraint_init(&c);
    c.first_item = item;
    c.first_attribute = attribute;
    c.second_item = second;
    c.second_attribute = second == KALENDS_ITEM_NONE ? KALENDS_ATTRIBUTE_NONE : second_attribute;
    c.constant = constant;
    int32_t id = 0;
    CHECK(kalends_autolayout_add_constraint(l, &c, &id) == KALENDS_OK);
    return id;
}

static int same_rect(kalends_rect a, double x, double y, double w, double h) {
    return fabs(a.x - x) < 1e-9 && fabs(a.y - y) < 1e-9 && fabs(a.width - w) < 1e-9 && fabs(a.height - h) < 1e-9;
}

/* MBCalendarKit 5: a calendar view constrained only by its X and Y inside a 390-wide
   container takes the container's width and its content's height. */
static void test_autolayout_calendar_view(void) {
    kalends_view *view = NULL, *oracle = NULL;
    kalends_view_options o;
    kalends_view_metrics m;
    kalends_view_options_init(&o);
    kalends_view_metrics_init(&m);
    CHECK(kalends_view_new(NULL, &o, &m, &view) == KALENDS_OK); /* no width yet */
    m.width = 390;
    CHECK(kalends_view_new(NULL, &o, &m, &oracle) == KALENDS_OK);
    kalends_size expected;
    CHECK(kalends_view_intrinsic_size(oracle, &expected) == KALENDS_OK);
    kalends_autolayout *l = NULL;
    int32_t container = 0, item = 0;
    CHECK(kalends_autolayout_new(&l) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(l, KALENDS_ITEM_NONE, &container) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(l, container, &item) == KALENDS_OK);
    pin(l, container, KALENDS_ATTRIBUTE_LEFT, KALENDS_ITEM_NONE, 0, 0);
    pin(l, container, KALENDS_ATTRIBUTE_TOP, KALENDS_ITEM_NONE, 0, 0);
    pin(l, container, KALENDS_ATTRIBUTE_WIDTH, KALENDS_ITEM_NONE, 0, 390);
    pin(l, container, KALENDS_ATTRIBUTE_HEIGHT, KALENDS_ITEM_NONE, 0, 844);
    CHECK(kalends_autolayout_set_view(l, item, view) == KALENDS_OK);
    pin(l, item, KALENDS_ATTRIBUTE_LEADING, container, KALENDS_ATTRIBUTE_LEADING, 0); /* X */
    pin(l, item, KALENDS_ATTRIBUTE_TOP, container, KALENDS_ATTRIBUTE_TOP, 64);        /* Y */
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    kalends_rect frame;
    CHECK(kalends_autolayout_frame(l, item, &frame) == KALENDS_OK);
    CHECK_MSG(same_rect(frame, 0, 64, 390, expected.height), "frame %g %g %g %g, want height %g", frame.x, frame.y,
              frame.width, frame.height, expected.height);
    /* The view now lays out at that width. */
    kalends_size size;
    CHECK(kalends_view_intrinsic_size(view, &size) == KALENDS_OK && size.width == 390 && size.height == expected.height);
    /* Week mode: the content shrinks, and so does the frame. */
    CHECK(kalends_view_set_mode(view, KALENDS_MODE_WEEK, NULL) == KALENDS_OK);
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    CHECK(kalends_autolayout_frame(l, item, &frame) == KALENDS_OK && frame.height < expected.height / 2);
    CHECK(kalends_view_intrinsic_size(view, &size) == KALENDS_OK && size.height == frame.height);
    CHECK(kalends_view_free(view) == KALENDS_OK); /* the layout keeps its own reference */
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    CHECK(kalends_autolayout_free(l) == KALENDS_OK);
    CHECK(kalends_view_free(oracle) == KALENDS_OK);
}

/* SquareView: squares of 44 with 8 between wrap into rows; height follows width. */
typedef struct {
    int squares;
    int calls;
} square_view;

static kalends_status measure_squares(void *user, int32_t item, double width, double height, kalends_size *out) {
    square_view *sv = (square_view *)user;
    (void)item;
    (void)height;
    sv->calls++;
    if (width < 0) { /* not decided: one row */
        out->width = sv->squares * 52.0 - 8;
        out->height = 44;
        return KALENDS_OK;
    }
    int per_row = (int)((width + 8) / 52);
    if (per_row < 1) per_row = 1;
    int rows = (sv->squares + per_row - 1) / per_row;
    out->width = KALENDS_NO_INTRINSIC_METRIC;
    out->height = rows * 52.0 - 8;
    return KALENDS_OK;
}

static void test_autolayout_square_view_cell(void) {
    kalends_autolayout *l = NULL;
    int32_t cell = 0, squares = 0, title = 0;
    square_view sv = {15, 0};
    CHECK(kalends_autolayout_new(&l) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(l, KALENDS_ITEM_NONE, &cell) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(l, cell, &title) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(l, cell, &squares) == KALENDS_OK);
    CHECK(kalends_autolayout_set_intrinsic_size(l, title, 120, 21) == KALENDS_OK);
    CHECK(kalends_autolayout_set_measure(l, squares, measure_squares, &sv) == KALENDS_OK);
    pin(l, title, KALENDS_ATTRIBUTE_LEADING, cell, KALENDS_ATTRIBUTE_LEADING, 16);
    pin(l, title, KALENDS_ATTRIBUTE_TOP, cell, KALENDS_ATTRIBUTE_TOP, 12);
    pin(l, squares, KALENDS_ATTRIBUTE_LEADING, cell, KALENDS_ATTRIBUTE_LEADING, 16);
    pin(l, squares, KALENDS_ATTRIBUTE_TRAILING, cell, KALENDS_ATTRIBUTE_TRAILING, -16);
    pin(l, squares, KALENDS_ATTRIBUTE_TOP, title, KALENDS_ATTRIBUTE_BOTTOM, 8);
    pin(l, squares, KALENDS_ATTRIBUTE_BOTTOM, cell, KALENDS_ATTRIBUTE_BOTTOM, -12);
    /* portrait and landscape table widths */
    const double widths[] = {390, 844, 320};
    for (int i = 0; i < 3; i++) {
        int per_row = (int)((widths[i] - 32 + 8) / 52);
        int rows = (15 + per_row - 1) / per_row;
        double want = 12 + 21 + 8 + (rows * 52.0 - 8) + 12;
        kalends_size target = {widths[i], 0}, size;
        CHECK(kalends_autolayout_fitting_size(l, cell, &target, KALENDS_PRIORITY_REQUIRED, KALENDS_PRIORITY_FITTING, &size) ==
              KALENDS_OK);
        CHECK_MSG(size.width == widths[i] && fabs(size.height - want) < 1e-9, "width %g: height %g, want %g", widths[i],
                  size.height, want);
    }
    CHECK(sv.calls >= 6);
    CHECK(kalends_autolayout_free(l) == KALENDS_OK);
}

/* HKNSLayoutConstraint: a badge 1/4 of the screen's shorter edge wide, through rotation. */
static void test_autolayout_screen_fraction(void) {
    kalends_autolayout *l = NULL;
    int32_t badge = 0;
    CHECK(kalends_autolayout_new(&l) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(l, KALENDS_ITEM_NONE, &badge) == KALENDS_OK);
    CHECK(kalends_autolayout_set_item_size(l, KALENDS_ITEM_SCREEN, 390, 844) == KALENDS_OK);
    kalends_constraint c;
    kalends_constraint_init(&c);
    c.first_item = badge;
    c.first_attribute = KALENDS_ATTRIBUTE_WIDTH;
    c.alt_item = KALENDS_ITEM_SCREEN;
    c.alt_basis = KALENDS_BASIS_SHORTER_EDGE;
    c.alt_multiplier = 0.25;
    int32_t id = 0;
    CHECK(kalends_autolayout_add_constraint(l, &c, &id) == KALENDS_OK);
    pin(l, badge, KALENDS_ATTRIBUTE_HEIGHT, badge, KALENDS_ATTRIBUTE_WIDTH, 0);
    pin(l, badge, KALENDS_ATTRIBUTE_TRAILING, KALENDS_ITEM_SCREEN, KALENDS_ATTRIBUTE_TRAILING, -8);
    pin(l, badge, KALENDS_ATTRIBUTE_BOTTOM, KALENDS_ITEM_SCREEN, KALENDS_ATTRIBUTE_BOTTOM, -8);
    kalends_rect frame;
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK && kalends_autolayout_frame(l, badge, &frame) == KALENDS_OK);
    CHECK(same_rect(frame, 390 - 8 - 97.5, 844 - 8 - 97.5, 97.5, 97.5));
    CHECK(kalends_autolayout_set_item_size(l, KALENDS_ITEM_SCREEN, 844, 390) == KALENDS_OK);
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK && kalends_autolayout_frame(l, badge, &frame) == KALENDS_OK);
    CHECK(same_rect(frame, 844 - 8 - 97.5, 390 - 8 - 97.5, 97.5, 97.5));
    CHECK(kalends_autolayout_frame(l, KALENDS_ITEM_SCREEN, &frame) == KALENDS_OK && same_rect(frame, 0, 0, 844, 390));
    CHECK(kalends_autolayout_free(l) == KALENDS_OK);
}

typedef struct {
    int count;
    kalends_broken_constraint last;
} broken_log;

static void on_broken(void *user, const kalends_broken_constraint *b) {
    broken_log *log = (broken_log *)user;
    log->count++;
    log->last = *b;
}

static void test_autolayout_policies(void) {
    kalends_autolayout *l = NULL;
    int32_t item = 0;
    broken_log log = {0, {0, 0, 0, 0}};
    CHECK(kalends_autolayout_new(&l) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(l, KALENDS_ITEM_NONE, &item) == KALENDS_OK);
    pin(l, item, KALENDS_ATTRIBUTE_WIDTH, KALENDS_ITEM_NONE, 0, 100);
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    int32_t conflict = pin(l, item, KALENDS_ATTRIBUTE_WIDTH, KALENDS_ITEM_NONE, 0, 120);
    CHECK(kalends_autolayout_solve(l) == KALENDS_E_UNSATISFIABLE);
    CHECK(strstr(kalends_last_error(), "contradicts") != NULL);
    kalends_rect frame;
    CHECK(kalends_autolayout_frame(l, item, &frame) == KALENDS_OK && frame.width == 100);
    CHECK(kalends_autolayout_set_policy(l, 7, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_policy(l, KALENDS_POLICY_BREAK_LOWEST, on_broken, &log) == KALENDS_OK);
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    CHECK(log.count == 1 && log.last.kind == KALENDS_BROKEN_CONSTRAINT && log.last.constraint == conflict &&
          log.last.item == item);
    CHECK(kalends_autolayout_frame(l, item, &frame) == KALENDS_OK && frame.width == 100);
    CHECK(kalends_autolayout_free(l) == KALENDS_OK);
}
