/* misuse_test: handles and helpers shared by the event areas. Part of ../misuse_test.c,
   which includes it after its #includes. */

/* ---- events: time zones, stores, bars and timeline options, sources, plugins ------ */

#ifndef KALENDS_PLUGIN_DIR
#error "KALENDS_PLUGIN_DIR (the directory of the built plugins) must be defined by the Makefile"
#endif
#ifndef KALENDS_RULES_DIR
#error "KALENDS_RULES_DIR (plugins/rules) must be defined by the Makefile"
#endif

static kalends_store *live_store, *freed_store;
static kalends_timezone *live_zone, *freed_zone;
static kalends_plugin *freed_plugin;
/* A view of November 2026, 350 points wide (the fuzzed live_view may be anywhere). */
static kalends_view *event_view;

/* 2026-11-10 (day 20767) at 12:00Z plus `hours`, one hour long. */
static kalends_event timed_event(int64_t id, int64_t hours) {
    kalends_event e;
    memset(&e, 0, sizeof e);
    e.struct_size = sizeof e;
    e.id = id;
    e.start = 20767LL * 86400 + 12 * 3600 + hours * 3600;
    e.end = e.start + 3600;
    e.color = 0x336699FFu;
    e.title = "timed";
    e.title_length = -1;
    return e;
}

static kalends_event day_event(int64_t id, int64_t first, int64_t last) {
    kalends_event e = timed_event(id, 0);
    e.all_day = 1;
    e.start = first;
    e.end = last;
    e.title = "all day";
    return e;
}

static char plugin_path[1024], rules_path[1024];
static const char *plugin_file(const char *name) {
    snprintf(plugin_path, sizeof plugin_path, "%s/%s", KALENDS_PLUGIN_DIR, name);
    return plugin_path;
}
static const char *rules_file(const char *name) {
    snprintf(rules_path, sizeof rules_path, "%s/%s", KALENDS_RULES_DIR, name);
    return rules_path;
}

/* What a store holds, to tell whether a call changed it: the count and a hash of every
   field of the events of 2020 ... 2030 (UTC) in query order, titles included. */
typedef struct {
    int32_t count;
    int32_t listed;
    uint64_t hash;
} store_state;

static kalends_event snapshot_buffer[4096];

static store_state snapshot(kalends_store *store) {
    store_state st;
    memset(&st, 0, sizeof st);
    st.count = -1;
    st.listed = -1;
    if (kalends_store_count(store, &st.count) != KALENDS_OK) return st;
    if (kalends_store_query(store, NULL, 18262, 21914, snapshot_buffer, 4096, &st.listed) != KALENDS_OK) return st;
    uint64_t h = 1469598103934665603ull;
    for (int32_t i = 0; i < st.listed; i++) {
        const kalends_event *e = &snapshot_buffer[i];
        uint64_t fields[7] = {(uint64_t)e->id, (uint64_t)e->start, (uint64_t)e->end, e->color, (uint64_t)e->all_day,
                              (uint64_t)e->source, e->user_value};
        for (int k = 0; k < 7; k++) h = (h ^ fields[k]) * 1099511628211ull;
        for (const char *p = e->title; p && *p; p++) h = (h ^ (unsigned char)*p) * 1099511628211ull;
    }
    st.hash = h;
    return st;
}

static int same_state(store_state a, store_state b) {
    return a.count == b.count && a.listed == b.listed && a.hash == b.hash;
}

static void make_event_handles(void) {
    CHECK(kalends_store_new(&live_store) == KALENDS_OK);
    CHECK(kalends_store_new(&freed_store) == KALENDS_OK && kalends_store_free(freed_store) == KALENDS_OK);
    CHECK(kalends_timezone_new("Europe/Paris", &live_zone) == KALENDS_OK);
    CHECK(kalends_timezone_new("UTC", &freed_zone) == KALENDS_OK && kalends_timezone_free(freed_zone) == KALENDS_OK);
    CHECK(kalends_plugin_load(plugin_file("libholidays_c.so"), rules_file("us.rules"), &freed_plugin) == KALENDS_OK);
    CHECK(kalends_plugin_free(freed_plugin) == KALENDS_OK);
    kalends_calendar_options co;
    kalends_calendar_options_init(&co);
    co.today_mode = KALENDS_TODAY_FIXED;
    co.today.year = 2026;
    co.today.month = 11;
    co.today.day = 22;
    kalends_calendar *cal = NULL;
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    m.width = 350;
    CHECK(kalends_calendar_new(&co, &cal) == KALENDS_OK && kalends_view_new(cal, NULL, &m, &event_view) == KALENDS_OK);
    CHECK(kalends_calendar_free(cal) == KALENDS_OK);
    kalends_event ev[3] = {timed_event(1, 0), timed_event(2, 1), day_event(3, 20767, 20770)};
    CHECK(kalends_store_add_events(live_store, ev, 3) == KALENDS_OK);
}
