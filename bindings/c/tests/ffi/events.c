/* ffi_test: events. Part of ../ffi_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* ---- time zones, the event store, bars, timeline, sources, plugins ------------- */

#ifndef KALENDS_PLUGIN_DIR
#error "KALENDS_PLUGIN_DIR (the directory of the built plugins) must be defined by the Makefile"
#endif
#ifndef KALENDS_RULES_DIR
#error "KALENDS_RULES_DIR (plugins/rules) must be defined by the Makefile"
#endif


/* Equal up to rounding (frames are computed in floating point). */
static int near(double a, double b) {
    return a - b < 1e-9 && b - a < 1e-9;
}

/* A synchronous source called through the library: one all-day event on the third
   visible day, counting its calls in user_data. */
static kalends_status ffi_source_fetch(void *user, int32_t first, int32_t last, const kalends_event_sink *sink) {
    (void)last;
    (*(int *)user)++;
    kalends_event e;
    memset(&e, 0, sizeof e);
    e.struct_size = sizeof e;
    e.all_day = 1;
    e.id = 900;
    e.start = first + 2;
    e.end = first + 2;
    e.color = 0x00FF00FFu;
    e.title = "from a source";
    e.title_length = -1;
    return sink->add(sink->context, &e);
}

static void ffi_source_destroy(void *user) {
    (*(int *)user) += 100;
}

static kalends_event ffi_event(int64_t id, int32_t all_day, int64_t start, int64_t end, uint32_t color, const char *title) {
    kalends_event e;
    memset(&e, 0, sizeof e);
    e.struct_size = sizeof e;
    e.all_day = all_day;
    e.id = id;
    e.start = start;
    e.end = end;
    e.color = color;
    e.title = title;
    e.title_length = -1;
    return e;
}

static void test_events(void) {
    CHECK(sizeof(size_t) == 8);

    /* time zones: by name, and from the bytes of the same TZif file */
    const char *paris_name = "Europe/Paris";
    kalends_timezone *paris = NULL, *copy = NULL;
    kalends_timezone **pparis = &paris, **pcopy = &copy;
    CHECK(call_i32("kalends_timezone_new", (void *[]){&paris_name, &pparis}) == KALENDS_OK && paris != NULL);
    static uint8_t tzif[1 << 16];
    size_t tzif_length = 0;
    FILE *f = fopen("/usr/share/zoneinfo/Europe/Paris", "rb");
    if (CHECK(f != NULL)) {
        tzif_length = fread(tzif, 1, sizeof tzif, f);
        fclose(f);
    }
    CHECK(tzif_length > 44 && memcmp(tzif, "TZif", 4) == 0);
    const uint8_t *ptzif = tzif;
    const char *copy_name = "Paris from bytes";
    CHECK(call_i32("kalends_timezone_from_tzif", (void *[]){&ptzif, &tzif_length, &copy_name, &pcopy}) ==
          KALENDS_OK && copy != NULL);
    char name[64];
    char *pname = name;
    size_t name_cap = sizeof name, name_length = 0;
    size_t *pname_length = &name_length;
    CHECK(call_i32("kalends_timezone_name", (void *[]){&paris, &pname, &name_cap, &pname_length}) == KALENDS_OK);
    CHECK(strcmp(name, "Europe/Paris") == 0 && name_length == 12);
    CHECK(call_i32("kalends_timezone_name", (void *[]){&copy, &pname, &name_cap, &pname_length}) == KALENDS_OK);
    CHECK(strcmp(name, "Paris from bytes") == 0 && name_length == 16);
    /* 2026-03-29T01:00:00Z (day 20541 * 86400 + 3600): CET becomes CEST */
    int64_t switch_instant = 1774746000, before = 1774745999;
    int32_t east = 0, dst = -1, local_day = 0, seconds = -1;
    int32_t *peast = &east, *pdst = &dst, *plocal_day = &local_day, *pseconds = &seconds;
    CHECK(call_i32("kalends_timezone_offset", (void *[]){&copy, &before, &peast, &pdst}) == KALENDS_OK &&
          east == 3600 && dst == 0);
    CHECK(call_i32("kalends_timezone_offset", (void *[]){&copy, &switch_instant, &peast, &pdst}) == KALENDS_OK &&
          east == 7200 && dst == 1);
    CHECK(call_i32("kalends_timezone_local_day", (void *[]){&paris, &switch_instant, &plocal_day, &pseconds}) ==
          KALENDS_OK && local_day == 20541 && seconds == 3 * 3600);
    int32_t march29 = 20541;
    int64_t midnight = 0;
    int64_t *pmidnight = &midnight;
    CHECK(call_i32("kalends_timezone_day_start", (void *[]){&paris, &march29, &pmidnight}) == KALENDS_OK &&
          midnight == 1774742400 - 3600);
    /* 2026-03-29 02:30 in Paris is skipped: read at +01:00, 01:30Z */
    int32_t half_past_two = 2 * 3600 + 1800;
    int64_t wall = 0;
    int64_t *pwall = &wall;
    CHECK(call_i32("kalends_timezone_instant", (void *[]){&paris, &march29, &half_past_two, &pwall}) ==
              KALENDS_OK && wall == 1774742400 + 3600 + 1800);

    /* the store */
    kalends_store *store = NULL;
    kalends_store **pstore = &store;
    CHECK(call_i32("kalends_store_new", (void *[]){&pstore}) == KALENDS_OK && store != NULL);
    /* 2026-11-10 is day 20767; 09:00 Paris (UTC+1) is 08:00Z */
    int64_t nov10 = 20767, nov10_9h = 20767LL * 86400 + 8 * 3600;
    kalends_event timed = ffi_event(1, 0, nov10_9h, nov10_9h + 3600, 0xFF0000FFu, "meeting");
    kalends_event *ptimed = &timed;
    CHECK(call_i32("kalends_store_add", (void *[]){&store, &ptimed}) == KALENDS_OK);
    kalends_event batch[2] = {ffi_event(2, 1, nov10, nov10 + 1, 0x0000FFFFu, "trip"),
                              ffi_event(3, 0, nov10_9h + 1800, nov10_9h + 5400, 0x00FF00FFu, "call")};
    kalends_event *pbatch = batch;
    int32_t two = 2;
    CHECK(call_i32("kalends_store_add_events", (void *[]){&store, &pbatch, &two}) == KALENDS_OK);
    timed.title = "moved meeting";
    CHECK(call_i32("kalends_store_update", (void *[]){&store, &ptimed}) == KALENDS_OK);
    int32_t count = -1;
    int32_t *pcount = &count;
    CHECK(call_i32("kalends_store_count", (void *[]){&store, &pcount}) == KALENDS_OK && count == 3);
    kalends_event got;
    kalends_event *pgot = &got;
    int64_t id = 1;
    CHECK(call_i32("kalends_store_get", (void *[]){&store, &id, &pgot}) == KALENDS_OK);
    CHECK(got.id == 1 && got.start == nov10_9h && strcmp(got.title, "moved meeting") == 0);
    kalends_event found[8];
    kalends_event *pfound = found;
    int32_t day = (int32_t)nov10, cap = 8;
    CHECK(call_i32("kalends_store_query", (void *[]){&store, &paris, &day, &day, &pfound, &cap, &pcount}) ==
          KALENDS_OK && count == 3);
    CHECK(found[0].id == 2 && found[1].id == 1 && found[2].id == 3); /* all-day first, then by start */
    int64_t ids[8] = {0};
    int64_t *pids = ids;
    uint64_t version = 0, again = 0, of_query = 1;
    uint64_t *pversion = &version, *pagain = &again, *pof_query = &of_query;
    CHECK(call_i32("kalends_store_query_ids", (void *[]){&store, &paris, &day, &day, &pids, &cap, &pcount,
                                                             &pof_query}) == KALENDS_OK &&
          count == 3 && ids[0] == 2 && ids[1] == 1 && ids[2] == 3);
    CHECK(call_i32("kalends_store_version", (void *[]){&store, &pversion}) == KALENDS_OK && version == of_query);
    int32_t indexes[8] = {-1, -1, -1};
    int32_t *pindexes = indexes;
    CHECK(call_i32("kalends_store_query_indexes", (void *[]){&store, &paris, &day, &day, &pindexes, &cap, &pcount,
                                                                 &pof_query}) == KALENDS_OK && count == 3);
    kalends_event at;
    kalends_event *pat = &at;
    uint64_t at_version = 0;
    uint64_t *pat_version = &at_version;
    for (int i = 0; i < 3; i++)
        CHECK(call_i32("kalends_store_get_at", (void *[]){&store, &indexes[i], &pat, &pat_version}) ==
                  KALENDS_OK && at.id == ids[i] && at_version == of_query);
    CHECK(call_i32("kalends_store_update", (void *[]){&store, &ptimed}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_version", (void *[]){&store, &pagain}) == KALENDS_OK && again != version);
    int32_t counts[2] = {-1, -1}, max_colors = 2, days = 2, next = day + 1;
    uint32_t colors[4];
    int32_t *pcounts = counts;
    uint32_t *pcolors = colors;
    CHECK(call_i32("kalends_store_dots", (void *[]){&store, &paris, &day, &next, &max_colors, &pcounts, &pcolors,
                                                          &days}) == KALENDS_OK);
    CHECK(counts[0] == 3 && counts[1] == 1 && colors[0] == 0x0000FFFFu && colors[1] == 0xFF0000FFu &&
          colors[2] == 0x0000FFFFu && colors[3] == 0);
    /* the first page of the day: two of its three events */
    kalends_occurrence page[2];
    kalends_occurrence *ppage = page;
    int32_t page_capacity = 2;
    int64_t total = -1;
    int64_t *ptotal = &total;
    CHECK(call_i32("kalends_store_query_first", (void *[]){&store, &paris, &day, &day, &ppage, &page_capacity, &pcount,
                                                               &ptotal}) == KALENDS_OK &&
          count == 2 && total == 3 && page[0].event.id == 2 && page[1].event.id == 1 && page[1].recurring == 0);

    /* options and the day timeline */
    kalends_bar_options bo;
    kalends_timeline_options to;
    kalends_bar_options *pbo = &bo;
    kalends_timeline_options *pto = &to;
    CHECK(call_i32("kalends_bar_options_init", (void *[]){&pbo}) == KALENDS_OK && bo.struct_size == sizeof bo &&
          bo.max_lanes == 3 && bo.bar_height == 14);
    CHECK(call_i32("kalends_timeline_options_init", (void *[]){&pto}) == KALENDS_OK && to.struct_size == sizeof to &&
          to.last_hour == 24 && to.width == 320 && to.hour_height == 48);
    kalends_timeline_item items[4];
    kalends_timeline_item *pitems = items;
    int32_t icap = 4;
    CHECK(call_i32("kalends_store_timeline", (void *[]){&store, &paris, &day, &pto, &pitems, &icap, &pcount}) ==
          KALENDS_OK && count == 2);
    /* 09:00-10:00 and 09:30-10:30 overlap: two columns */
    CHECK(items[0].event == 1 && items[0].column == 0 && items[0].columns == 2 && items[0].frame.y == 9 * 48);
    CHECK(items[1].event == 3 && items[1].column == 1 && near(items[1].frame.y, 9.5 * 48) &&
          near(items[1].frame.height, 48));

    /* a view with the store, a source and the month bars */
    kalends_calendar_options co;
    kalends_calendar_options *pco = &co;
    CHECK(call_i32("kalends_calendar_options_init", (void *[]){&pco}) == KALENDS_OK);
    co.today_mode = KALENDS_TODAY_FIXED;
    co.today.year = 2026;
    co.today.month = 11;
    co.today.day = 22;
    kalends_calendar *cal = NULL;
    kalends_calendar **pcal = &cal;
    CHECK(call_i32("kalends_calendar_new", (void *[]){&pco, &pcal}) == KALENDS_OK);
    kalends_view_metrics vm;
    kalends_view_metrics *pvm = &vm;
    CHECK(call_i32("kalends_view_metrics_init", (void *[]){&pvm}) == KALENDS_OK);
    vm.width = 350;
    kalends_view *view = NULL;
    kalends_view **pview = &view;
    void *none = NULL;
    CHECK(call_i32("kalends_view_new", (void *[]){&cal, &none, &pvm, &pview}) == KALENDS_OK);
    CHECK(call_i32("kalends_view_set_store", (void *[]){&view, &store, &paris}) == KALENDS_OK);
    int calls = 0;
    kalends_source src;
    memset(&src, 0, sizeof src);
    src.struct_size = sizeof src;
    src.user_data = &calls;
    src.fetch = ffi_source_fetch;
    src.destroy = ffi_source_destroy;
    kalends_source *psrc = &src;
    int32_t source_id = 0;
    int32_t *psource_id = &source_id;
    CHECK(call_i32("kalends_view_add_source", (void *[]){&view, &psrc, &psource_id}) == KALENDS_OK);
    CHECK(source_id > 0 && calls == 1);
    /* the page of November 2026 starts on Monday 2026-10-26 (day 20752): the event is on 10-28 */
    id = 900;
    CHECK(call_i32("kalends_store_get", (void *[]){&store, &id, &pgot}) == KALENDS_OK);
    CHECK(got.start == 20754 && got.source == source_id && strcmp(got.title, "from a source") == 0);
    int32_t pending = -1;
    int32_t *ppending = &pending;
    CHECK(call_i32("kalends_view_pending_requests", (void *[]){&view, &ppending}) == KALENDS_OK && pending == 0);
    kalends_event_bar bars[16];
    kalends_event_more more[4];
    kalends_event_bar *pbars = bars;
    kalends_event_more *pmore = more;
    int32_t bar_cap = 16, bar_count = -1, more_cap = 4, more_count = -1;
    int32_t *pbar_count = &bar_count, *pmore_count = &more_count;
    CHECK(call_i32("kalends_view_event_bars", (void *[]){&view, &store, &paris, &pbo, &pbars, &bar_cap, &pbar_count,
                                                                 &pmore, &more_cap, &pmore_count}) == KALENDS_OK);
    /* the source's event, the trip (2 days, one row) and the two timed events of 11-10 */
    CHECK(bar_count == 4 && more_count == 0);
    int seen_trip = 0;
    for (int32_t i = 0; i < bar_count && i < 16; i++) {
        if (bars[i].event != 2) continue;
        seen_trip = 1;
        /* row 2 (11-09 ... 11-15), Tuesday and Wednesday */
        CHECK(bars[i].row == 2 && bars[i].first_column == 1 && bars[i].last_column == 2 && bars[i].frame.height == 14);
    }
    CHECK(seen_trip);
    CHECK(call_i32("kalends_view_remove_source", (void *[]){&view, &source_id}) == KALENDS_OK && calls == 101);
    CHECK(call_i32("kalends_view_remove_source", (void *[]){&view, &source_id}) == KALENDS_E_NOT_FOUND);

    /* plugins: the C holiday plugin with the US rules */
    char path[1024], rules[1024];
    snprintf(path, sizeof path, "%s/libholidays_c.so", KALENDS_PLUGIN_DIR);
    snprintf(rules, sizeof rules, "%s/us.rules", KALENDS_RULES_DIR);
    const char *ppath = path, *prules = rules;
    kalends_plugin *plugin = NULL;
    kalends_plugin **pplugin = &plugin;
    CHECK(call_i32("kalends_plugin_load", (void *[]){&ppath, &prules, &pplugin}) == KALENDS_OK && plugin != NULL);
    CHECK(call_i32("kalends_plugin_name", (void *[]){&plugin, &pname, &name_cap, &pname_length}) == KALENDS_OK);
    CHECK(strcmp(name, "holidays-c") == 0 && name_length == 10);
    kalends_store *holidays = NULL;
    kalends_store **pholidays = &holidays;
    CHECK(call_i32("kalends_store_new", (void *[]){&pholidays}) == KALENDS_OK);
    int32_t jan1 = 20454, dec31 = 20818, tag = 42;
    void *utc = NULL;
    CHECK(call_i32("kalends_plugin_fetch", (void *[]){&plugin, &jan1, &dec31, &holidays, &utc, &tag}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_count", (void *[]){&holidays, &pcount}) == KALENDS_OK && count == 11);
    id = 1000101002026LL; /* Thanksgiving: `id 1` * 10^12 + rule 9 (+1) * 10^7 + (2026 + 10^6) */
    CHECK(call_i32("kalends_store_get", (void *[]){&holidays, &id, &pgot}) == KALENDS_OK);
    CHECK(got.all_day == 1 && got.start == 20783 && got.source == 42 && strcmp(got.title, "Thanksgiving Day") == 0);
    int32_t plugin_source = 0;
    int32_t *pplugin_source = &plugin_source;
    CHECK(call_i32("kalends_view_add_plugin", (void *[]){&view, &plugin, &pplugin_source}) == KALENDS_OK);
    CHECK(plugin_source > 0 && plugin_source != source_id);
    for (int i = 0; i < 5000; i++) {
        CHECK(call_i32("kalends_view_pending_requests", (void *[]){&view, &ppending}) == KALENDS_OK);
        if (pending == 0) break;
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
    CHECK(pending == 0);
    /* Veterans Day (rule 8) and Thanksgiving are on the November page */
    id = 1000091002026LL;
    CHECK(call_i32("kalends_store_get", (void *[]){&store, &id, &pgot}) == KALENDS_OK && got.start == 20768 &&
          got.source == plugin_source);
    id = 1000101002026LL;
    CHECK(call_i32("kalends_store_get", (void *[]){&store, &id, &pgot}) == KALENDS_OK);

    CHECK(call_i32("kalends_view_free", (void *[]){&view}) == KALENDS_OK);
    CHECK(call_i32("kalends_plugin_free", (void *[]){&plugin}) == KALENDS_OK);
    CHECK(call_i32("kalends_plugin_free", (void *[]){&plugin}) == KALENDS_E_MISUSE);
    CHECK(call_i32("kalends_store_remove", (void *[]){&store, &id}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_remove", (void *[]){&store, &id}) == KALENDS_E_NOT_FOUND);
    CHECK(call_i32("kalends_store_clear", (void *[]){&store}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_count", (void *[]){&store, &pcount}) == KALENDS_OK && count == 0);
    CHECK(call_i32("kalends_store_free", (void *[]){&store}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_free", (void *[]){&holidays}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_count", (void *[]){&store, &pcount}) == KALENDS_E_MISUSE);
    CHECK(call_i32("kalends_timezone_free", (void *[]){&paris}) == KALENDS_OK);
    CHECK(call_i32("kalends_timezone_free", (void *[]){&copy}) == KALENDS_OK);
    CHECK(call_i32("kalends_timezone_free", (void *[]){&copy}) == KALENDS_E_MISUSE);
    CHECK(call_i32("kalends_calendar_free", (void *[]){&cal}) == KALENDS_OK);
}
