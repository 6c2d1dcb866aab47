/* ffi_test: autolayout. Part of ../ffi_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

static kalends_status ffi_measure(void *user, int32_t item, double width, double height, kalends_size *out) {
    (void)user;
    (void)item;
    (void)height;
    out->width = 50;
    out->height = width < 0 ? 10 : 1000 / width;
    return KALENDS_OK;
}

static void ffi_broken(void *user, const kalends_broken_constraint *b) {
    *(int32_t *)user = b->constraint;
}

/* The Auto Layout solving functions through libffi. */
static void test_autolayout_solving(void) {
    kalends_autolayout *l = NULL;
    kalends_autolayout **pl = &l;
    CHECK(call_i32("kalends_autolayout_new", (void *[]){&pl}) == KALENDS_OK);
    int32_t none = KALENDS_ITEM_NONE, a = 0, b = 0;
    int32_t *pa = &a, *pb = &b;
    CHECK(call_i32("kalends_autolayout_add_item", (void *[]){&l, &none, &pa}) == KALENDS_OK);
    CHECK(call_i32("kalends_autolayout_add_item", (void *[]){&l, &a, &pb}) == KALENDS_OK);
    double w = 200, h = 30, minus = KALENDS_NO_INTRINSIC_METRIC;
    CHECK(call_i32("kalends_autolayout_set_intrinsic_size", (void *[]){&l, &a, &w, &h}) == KALENDS_OK);
    int32_t kind = KALENDS_CONTENT_HUGGING, axis = KALENDS_LAYOUT_VERTICAL;
    double prio = 500;
    CHECK(call_i32("kalends_autolayout_set_priority", (void *[]){&l, &a, &kind, &axis, &prio}) == KALENDS_OK);
    double first = 12;
    CHECK(call_i32("kalends_autolayout_set_baselines", (void *[]){&l, &a, &first, &minus}) == KALENDS_OK);
    void *fn = (void *)(uintptr_t)ffi_measure, *user = NULL;
    CHECK(call_i32("kalends_autolayout_set_measure", (void *[]){&l, &b, &fn, &user}) == KALENDS_OK);
    kalends_view *view = NULL;
    CHECK(call_i32("kalends_autolayout_set_view", (void *[]){&l, &b, &view}) == KALENDS_OK); /* detach: none */
    CHECK(call_i32("kalends_autolayout_set_measure", (void *[]){&l, &b, &fn, &user}) == KALENDS_OK);
    int32_t one = 1, zero = 0;
    CHECK(call_i32("kalends_autolayout_set_right_to_left", (void *[]){&l, &one}) == KALENDS_OK);
    CHECK(call_i32("kalends_autolayout_set_right_to_left", (void *[]){&l, &zero}) == KALENDS_OK);
    int32_t broken = -1, policy = KALENDS_POLICY_BREAK_LOWEST;
    void *bfn = (void *)(uintptr_t)ffi_broken, *buser = &broken;
    CHECK(call_i32("kalends_autolayout_set_policy", (void *[]){&l, &policy, &bfn, &buser}) == KALENDS_OK);
    CHECK(call_i32("kalends_autolayout_solve", (void *[]){&l}) == KALENDS_OK);
    kalends_rect frame;
    kalends_rect *pframe = &frame;
    CHECK(call_i32("kalends_autolayout_frame", (void *[]){&l, &a, &pframe}) == KALENDS_OK && frame.width == 200 &&
          frame.height == 30);
    CHECK(call_i32("kalends_autolayout_frame", (void *[]){&l, &b, &pframe}) == KALENDS_OK && frame.width == 50 &&
          frame.height == 20);
    kalends_size target = {100, 0}, size;
    kalends_size *ptarget = &target, *psize = &size;
    double required = KALENDS_PRIORITY_REQUIRED, fitting = KALENDS_PRIORITY_FITTING;
    CHECK(call_i32("kalends_autolayout_fitting_size", (void *[]){&l, &b, &ptarget, &required, &fitting, &psize}) ==
          KALENDS_OK && size.width == 100 && size.height == 10);
    CHECK(broken == -1);
    CHECK(call_i32("kalends_autolayout_free", (void *[]){&l}) == KALENDS_OK);
}
