/* misuse_test: plugins. Part of ../misuse_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

static void test_plugin_misuse(void) {
    store_state before = snapshot(live_store);
    kalends_plugin *p;
    struct {
        const char *file;
        const char *config;
        kalends_status status;
    } broken[] = {{"libno_entry.so", NULL, KALENDS_E_PLUGIN},
                  {"libwrong_abi.so", NULL, KALENDS_E_PLUGIN},
                  {"libsmall_struct.so", NULL, KALENDS_E_PLUGIN},
                  {"libnull_fetch.so", NULL, KALENDS_E_PLUGIN},
                  {"libgarbage.so", "fail", KALENDS_E_PLUGIN},            /* create fails */
                  {"libholidays_c.so", NULL, KALENDS_E_PLUGIN},           /* no rules */
                  {"libholidays_rust.so", "/no/such.rules", KALENDS_E_PLUGIN},
                  {"libholidays_c.so", "/etc", KALENDS_E_PLUGIN},         /* a directory as rules */
                  {"libnot_there.so", NULL, KALENDS_E_IO},
                  {"", NULL, KALENDS_E_INVALID_ARGUMENT}}; /* not dlopen("") (the program itself) */
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
        POISON(p);
        const char *path = broken[i].file[0] ? plugin_file(broken[i].file) : "";
        kalends_status s = kalends_plugin_load(path, broken[i].config, &p);
        CHECK_MSG(s == broken[i].status && UNTOUCHED(p), "%s: %d (%s)", broken[i].file, (int)s, kalends_last_error());
        CHECK(strlen(kalends_last_error()) > 0);
    }
    /* files that are not shared libraries */
    POISON(p);
    CHECK(kalends_plugin_load(rules_file("us.rules"), NULL, &p) == KALENDS_E_IO && UNTOUCHED(p));
    CHECK(kalends_plugin_load(KALENDS_PLUGIN_DIR, NULL, &p) == KALENDS_E_IO && UNTOUCHED(p));

    /* garbage loads, but its answers are refused whole */
    kalends_plugin *garbage = NULL;
    CHECK(kalends_plugin_load(plugin_file("libgarbage.so"), NULL, &garbage) == KALENDS_OK);
    char name[16];
    size_t length = 0;
    CHECK(kalends_plugin_name(garbage, name, sizeof name, &length) == KALENDS_OK && strcmp(name, "garbage") == 0);
    CHECK(kalends_plugin_fetch(garbage, 20760, 20770, live_store, NULL, 1) == KALENDS_E_PLUGIN);
    CHECK(kalends_plugin_fetch(garbage, 20760, 20770, live_store, live_zone, 0) == KALENDS_E_PLUGIN);
    CHECK(same_state(before, snapshot(live_store)));
    CHECK(kalends_plugin_fetch(garbage, 20770, 20760, live_store, NULL, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_plugin_fetch(garbage, 20760, 20770, NULL, NULL, 1) == KALENDS_E_INVALID_ARGUMENT);
    /* as a view's source: the page changes, the call says PLUGIN, the store is unchanged */
    kalends_view *v = NULL;
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    m.width = 350;
    CHECK(kalends_view_new(live, NULL, &m, &v) == KALENDS_OK);
    int32_t id = 0, pending = -1;
    POISON(id);
    CHECK(kalends_view_add_plugin(v, garbage, &id) == KALENDS_E_MISUSE && UNTOUCHED(id)); /* no store */
    CHECK(kalends_view_set_store(v, live_store, NULL) == KALENDS_OK);
    kalends_status s = kalends_view_add_plugin(v, garbage, &id);
    CHECK_MSG((s == KALENDS_E_PLUGIN || s == KALENDS_E_CALLBACK) && id > 0, "%d", (int)s);
    kalends_page page_before, page_after;
    CHECK(kalends_view_page(v, &page_before) == KALENDS_OK);
    s = kalends_view_next_page(v, NULL);
    CHECK(s == KALENDS_E_PLUGIN || s == KALENDS_E_CALLBACK);
    CHECK(kalends_view_page(v, &page_after) == KALENDS_OK && page_after.first > page_before.first);
    CHECK(kalends_view_pending_requests(v, &pending) == KALENDS_OK && pending == 0);
    CHECK(same_state(before, snapshot(live_store)));
    CHECK(kalends_view_free(v) == KALENDS_OK);
    CHECK(kalends_plugin_free(garbage) == KALENDS_OK);
    CHECK(kalends_plugin_free(garbage) == KALENDS_E_MISUSE);

    /* extreme ranges: days beyond the supported dates are OUT_OF_RANGE; the first and
       last supported days work */
    kalends_plugin *c = NULL;
    CHECK(kalends_plugin_load(plugin_file("libholidays_c.so"), rules_file("us.rules"), &c) == KALENDS_OK);
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    CHECK(kalends_plugin_fetch(c, INT32_MIN, INT32_MIN + 10, store, NULL, 1) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_plugin_fetch(c, INT32_MAX - 10, INT32_MAX, store, NULL, 1) == KALENDS_E_OUT_OF_RANGE);
    kalends_date lowest = {KALENDS_YEAR_MIN, 1, 1}, highest = {KALENDS_YEAR_MAX, 12, 31};
    int32_t lo = 0, hi = 0;
    CHECK(kalends_date_day_number(&lowest, &lo) == KALENDS_OK && kalends_date_day_number(&highest, &hi) == KALENDS_OK);
    CHECK(kalends_plugin_fetch(c, lo, lo + 400, store, NULL, 1) == KALENDS_OK);
    CHECK(kalends_plugin_fetch(c, hi - 400, hi, store, NULL, 1) == KALENDS_OK);
    CHECK(kalends_plugin_fetch(c, lo - 1, lo, store, NULL, 1) == KALENDS_E_OUT_OF_RANGE);
    int32_t edges = -1;
    CHECK(kalends_store_count(store, &edges) == KALENDS_OK && edges > 10);
    CHECK(kalends_store_clear(store) == KALENDS_OK);
    /* in a zone, days beyond the supported dates have no local midnight */
    CHECK(kalends_plugin_fetch(c, INT32_MAX - 10, INT32_MAX, store, live_zone, 1) == KALENDS_E_OUT_OF_RANGE);
    int32_t count = -1;
    CHECK(kalends_store_count(store, &count) == KALENDS_OK && count == 0);
    /* the library keeps working after all of that */
    CHECK(kalends_plugin_fetch(c, 20454, 20818, store, live_zone, 1) == KALENDS_OK);
    CHECK(kalends_store_count(store, &count) == KALENDS_OK && count == 11);
    CHECK(kalends_plugin_free(c) == KALENDS_OK && kalends_store_free(store) == KALENDS_OK);
}
