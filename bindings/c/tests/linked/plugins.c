/* linked_test: plugins. Part of ../linked_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* ---- plugins ---- */

static kalends_plugin *load_plugin(const char *file, const char *rules) {
    char path[1024], config[1024];
    snprintf(path, sizeof path, "%s/%s", KALENDS_PLUGIN_DIR, file);
    snprintf(config, sizeof config, "%s/%s", KALENDS_RULES_DIR, rules);
    kalends_plugin *p = NULL;
    CHECK_MSG(kalends_plugin_load(path, config, &p) == KALENDS_OK, "%s: %s", path, kalends_last_error());
    return p;
}

/* Both plugins' events of days first ... last: the same ids, days, titles, colours, order. */
static int compare_plugins(kalends_plugin *c, kalends_plugin *rust, int32_t first, int32_t last, int32_t *count) {
    kalends_store *a = NULL, *b = NULL;
    kalends_store_new(&a);
    kalends_store_new(&b);
    int problems = 0;
    int32_t na = -1, nb = -2;
    if (kalends_plugin_fetch(c, first, last, a, NULL, 1) != KALENDS_OK ||
        kalends_plugin_fetch(rust, first, last, b, NULL, 1) != KALENDS_OK ||
        kalends_store_query(a, NULL, first, last, NULL, 0, &na) != KALENDS_OK ||
        kalends_store_query(b, NULL, first, last, NULL, 0, &nb) != KALENDS_OK || na != nb || na > MODEL_MAX) {
        fprintf(stderr, "    days %d ... %d: %d and %d events (%s)\n", (int)first, (int)last, (int)na, (int)nb,
                kalends_last_error());
        problems++;
    } else {
        static kalends_event ea[MODEL_MAX], eb[MODEL_MAX];
        kalends_store_query(a, NULL, first, last, ea, na, &na);
        kalends_store_query(b, NULL, first, last, eb, nb, &nb);
        for (int32_t i = 0; i < na; i++) {
            if (ea[i].id != eb[i].id || ea[i].start != eb[i].start || ea[i].end != eb[i].end ||
                ea[i].all_day != eb[i].all_day || ea[i].color != eb[i].color || strcmp(ea[i].title, eb[i].title) != 0) {
                if (problems++ < 3)
                    fprintf(stderr, "    event %d: %lld %s / %lld %s\n", (int)i, (long long)ea[i].id, ea[i].title,
                            (long long)eb[i].id, eb[i].title);
            }
        }
    }
    *count = na;
    kalends_store_free(a);
    kalends_store_free(b);
    return problems;
}

/* Event ids of the rule files: us.rules has `id 1`, fr.rules `id 2` */
#define US_ID(id) (1000000000000LL + (id))
#define FR_ID(id) (2000000000000LL + (id))

static void test_plugins(void) {
    kalends_plugin *c = load_plugin("libholidays_c.so", "us.rules"), *rust = load_plugin("libholidays_rust.so", "us.rules");
    char name[32];
    size_t length = 0;
    CHECK(kalends_plugin_name(c, name, sizeof name, &length) == KALENDS_OK && strcmp(name, "holidays-c") == 0);
    CHECK(kalends_plugin_name(rust, name, sizeof name, &length) == KALENDS_OK && strcmp(name, "holidays-rust") == 0 &&
          length == 13);

    /* 2026 by hand (2026-01-01 = day 20454, a Thursday); id = N * 10^12 + (rule index + 1)
       * 10^7 + (year + 10^6), rules in file order, N from the file's `id N` line */
    static const struct {
        int64_t id;
        int32_t day;
        const char *title;
    } us2026[11] = {{US_ID(11002026), 20454, "New Year's Day"},
                    {US_ID(21002026), 20472, "Martin Luther King Jr. Day"},   /* Mondays 5, 12, 19 */
                    {US_ID(31002026), 20500, "Washington's Birthday"},        /* Feb 1 a Sunday: 2, 9, 16 */
                    {US_ID(41002026), 20598, "Memorial Day"},                 /* May 31 a Sunday: 25 */
                    {US_ID(51002026), 20623, "Juneteenth National Independence Day"},
                    {US_ID(61002026), 20638, "Independence Day"},
                    {US_ID(71002026), 20703, "Labor Day"},                    /* Sep 1 a Tuesday: 7 */
                    {US_ID(81002026), 20738, "Columbus Day"},                 /* Oct 1 a Thursday: 5, 12 */
                    {US_ID(91002026), 20768, "Veterans Day"},
                    {US_ID(101002026), 20783, "Thanksgiving Day"},            /* Nov 1 a Sunday: Thursdays 5 ... 26 */
                    {US_ID(111002026), 20812, "Christmas Day"}};
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    kalends_event host = make_event(1, 1, 20768, 20768, 0, "the host's");
    kalends_event stale = make_event(2, 1, 20700, 20700, 0, "an old answer of source 5");
    stale.source = 5;
    CHECK(kalends_store_add(store, &host) == KALENDS_OK && kalends_store_add(store, &stale) == KALENDS_OK);
    for (int round = 0; round < 2; round++) {
        kalends_plugin *p = round ? rust : c;
        CHECK(kalends_plugin_fetch(p, 20454, 20818, store, NULL, 5) == KALENDS_OK);
        CHECK(store_count(store) == 12 && has_event(store, 1, 0) && !has_event(store, 2, 5));
        kalends_event ev[16];
        int32_t n = 0;
        CHECK(kalends_store_query(store, NULL, 20454, 20818, ev, 16, &n) == KALENDS_OK && n == 12);
        int k = 0;
        for (int32_t i = 0; i < n; i++) {
            if (ev[i].id == 1) continue;
            CHECK_MSG(k < 11 && ev[i].id == us2026[k].id && ev[i].start == us2026[k].day && ev[i].end == us2026[k].day &&
                          ev[i].all_day == 1 && ev[i].source == 5 && ev[i].color == 0x3C78D8FFu &&
                          strcmp(ev[i].title, us2026[k].title) == 0,
                      "%s: %lld %d %s", round ? "rust" : "c", (long long)ev[i].id, (int)ev[i].start, ev[i].title);
            k++;
        }
        /* again, and a narrower range: the answers replace what source 5 said before */
        CHECK(kalends_plugin_fetch(p, 20454, 20818, store, NULL, 5) == KALENDS_OK && store_count(store) == 12);
        CHECK(kalends_plugin_fetch(p, 20758, 20787, store, NULL, 5) == KALENDS_OK && store_count(store) == 12);
        /* as another source: the ids are source 5's, so the answer is refused and nothing changes */
        CHECK(kalends_plugin_fetch(p, 20454, 20818, store, NULL, 6) == KALENDS_E_PLUGIN && store_count(store) == 12);
        CHECK(has_event(store, US_ID(101002026), 5));
    }
    /* France, 2026: Easter is April 5 (day 20548): Monday +1 = 20549, Ascension +39 = 20587,
       Whit Monday +50 = 20598 */
    kalends_plugin *fr = load_plugin("libholidays_rust.so", "fr.rules");
    CHECK(kalends_store_clear(store) == KALENDS_OK);
    CHECK(kalends_plugin_fetch(fr, 20454, 20818, store, NULL, 9) == KALENDS_OK && store_count(store) == 11);
    kalends_event e;
    CHECK(kalends_store_get(store, FR_ID(91002026), &e) == KALENDS_OK && e.start == 20549 && e.color == 0x7B2FBEFFu &&
          strcmp(e.title, "Lundi de P\xc3\xa2ques") == 0);
    CHECK(kalends_store_get(store, FR_ID(101002026), &e) == KALENDS_OK && e.start == 20587);
    CHECK(kalends_store_get(store, FR_ID(111002026), &e) == KALENDS_OK && e.start == 20598);
    CHECK(kalends_store_get(store, FR_ID(21002026), &e) == KALENDS_OK && e.color == 0xD0021BFFu &&
          strcmp(e.title, "F\xc3\xaate du Travail") == 0);

    /* the two implementations agree over centuries and at the ends of the supported years */
    kalends_plugin *fr_c = load_plugin("libholidays_c.so", "fr.rules");
    int32_t n = 0, total = 0;
    int problems = compare_plugins(c, rust, 20454, 20818, &n);
    CHECK(n == 11);
    problems += compare_plugins(c, rust, (int32_t)civil_days(1900, 1, 1), (int32_t)civil_days(2099, 12, 31), &n);
    total += n;
    problems += compare_plugins(fr_c, fr, (int32_t)civil_days(1900, 1, 1), (int32_t)civil_days(2099, 12, 31), &n);
    total += n;
    problems += compare_plugins(fr_c, fr, (int32_t)civil_days(-3, 1, 1), (int32_t)civil_days(3, 12, 31), &n);
    total += n;
    problems += compare_plugins(fr_c, fr, (int32_t)civil_days(999997, 1, 1), (int32_t)civil_days(999999, 12, 31), &n);
    total += n;
    problems += compare_plugins(c, rust, (int32_t)civil_days(-999999, 1, 1), (int32_t)civil_days(-999997, 12, 31), &n);
    total += n;
    CHECK_MSG(problems == 0, "%d differences between the C and the Rust plugin", problems);
    CHECK(total == 200 * 11 + 200 * 11 + 7 * 11 + 3 * 11 + 3 * 11);

    /* the plugin as a source of a view: asked asynchronously, since it has begin; the
       answers are in once nothing is pending */
    kalends_view *view = make_view(KALENDS_SELECTION_SINGLE, 350);
    CHECK(kalends_store_clear(store) == KALENDS_OK);
    kalends_timezone *ny = zone_named("America/New_York");
    CHECK(kalends_view_set_store(view, store, ny) == KALENDS_OK);
    int32_t id = 0;
    CHECK(kalends_view_add_plugin(view, c, &id) == KALENDS_OK && id > 0);
    CHECK(wait_for_answers(view) == 0);
    /* the November page: Veterans Day and Thanksgiving (and nothing else) */
    CHECK(store_count(store) == 2 && has_event(store, US_ID(91002026), id) && has_event(store, US_ID(101002026), id));
    /* the view keeps the plugin alive after the host lets it go */
    CHECK(kalends_plugin_free(c) == KALENDS_OK);
    CHECK(kalends_view_next_page(view, NULL) == KALENDS_OK);
    CHECK(wait_for_answers(view) == 0);
    CHECK(has_event(store, US_ID(111002026), id) && has_event(store, US_ID(11002027), id)); /* Christmas, New Year 2027 */
    CHECK(has_event(store, US_ID(91002026), id)); /* no longer shown: stays */
    CHECK(kalends_view_free(view) == KALENDS_OK);

    kalends_plugin *all[] = {rust, fr, fr_c};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) CHECK(kalends_plugin_free(all[i]) == KALENDS_OK);
    CHECK(kalends_timezone_free(ny) == KALENDS_OK);
    CHECK(kalends_store_free(store) == KALENDS_OK);
}
