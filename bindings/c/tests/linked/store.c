/* linked_test: store. Part of ../linked_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* ---- the store against a brute-force scan ---- */

#define MODEL_MAX 6000
typedef struct {
    kalends_event e;
    char title[48];
    int alive;
} model_event;

static model_event model[MODEL_MAX];
static int model_count;
/* Days covered by the random events, and their local midnights in UTC and Paris. */
static int32_t span_first, span_last;
#define TABLE_MARGIN 200
static int64_t midnights[2][1200];

static int64_t midnight_of(int z, int64_t day) {
    int64_t i = day - (span_first - TABLE_MARGIN);
    if (i < 0 || i >= 1200) {
        fprintf(stderr, "    day %lld outside the midnight table\n", (long long)day);
        return 0;
    }
    return midnights[z][i];
}

/* Fills *e with random content (the id stays). */
static void random_event(model_event *m, int64_t id) {
    static const char *words[] = {"standup", "caf\xc3\xa9", "\xe2\x98\x95 break", "trip", "review", ""};
    int64_t day = rnd_range(span_first, span_last);
    int32_t color = (int32_t)(rnd() & 0xffffffffu);
    snprintf(m->title, sizeof m->title, "%s %lld", words[rnd() % 6], (long long)(id % 1000));
    if (rnd() % 2) {
        int64_t length = rnd() % 10 < 6 ? 0 : rnd() % 10 < 6 ? rnd_range(1, 6) : rnd_range(20, 90);
        m->e = make_event(id, 1, day, day + length, (uint32_t)color, m->title);
    } else {
        int64_t start, end;
        unsigned kind = (unsigned)(rnd() % 10);
        if (kind == 0) start = midnight_of(1, day);             /* Paris midnight */
        else if (kind == 1) start = day * 86400;                 /* UTC midnight */
        else if (kind < 5) start = day * 86400 + 3600 * rnd_range(0, 23); /* whole hours: ties */
        else start = day * 86400 + rnd_range(0, 86399);
        unsigned length = (unsigned)(rnd() % 20);
        if (length < 3) end = start;                              /* zero-length */
        else if (length < 6) {                                    /* ends exactly at a local midnight */
            int z = (int)(rnd() % 2);
            int64_t d = day + rnd_range(1, 3);
            end = midnight_of(z, d);
            if (end < start) end = start;
        } else if (length < 15) end = start + rnd_range(60, 4 * 3600);
        else if (length < 18) end = start + rnd_range(86400, 5 * 86400);
        else end = start + rnd_range(20 * 86400, 90 * 86400);  /* multi-month */
        m->e = make_event(id, 0, start, end, (uint32_t)color, m->title);
    }
    m->e.user_value = rnd();
    m->e.source = (int32_t)(rnd() % 3);
}

/* The id of the k-th event: multiplication by an odd constant is a bijection, so ids are
   distinct, spread over the whole int64_t range, negative ones included. */
static int64_t model_id(int k) {
    return (int64_t)((uint64_t)(k + 1) * 0x9E3779B97F4A7C15ull);
}

static int oracle_zone;
static int64_t oracle_key(const kalends_event *e) {
    return e->all_day ? midnight_of(oracle_zone, e->start) : e->start;
}
static int oracle_order(const void *a, const void *b) {
    const kalends_event *x = *(const kalends_event *const *)a, *y = *(const kalends_event *const *)b;
    int64_t kx = oracle_key(x), ky = oracle_key(y);
    if (kx != ky) return kx < ky ? -1 : 1;
    if (x->all_day != y->all_day) return x->all_day ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id ? 1 : 0;
}

static int overlaps(const kalends_event *e, int32_t first, int32_t last, int64_t lo, int64_t hi) {
    if (e->all_day) return e->start <= last && e->end >= first;
    if (e->end == e->start) return e->start >= lo && e->start < hi;
    return e->start < hi && e->end > lo;
}

static const kalends_event *oracle_list[MODEL_MAX];
static kalends_event query_buffer[MODEL_MAX];
static int64_t query_ids[MODEL_MAX];
static int32_t query_indexes[MODEL_MAX];
static kalends_index_span query_spans[MODEL_MAX];

static kalends_store_row query_rows[MODEL_MAX];
static char query_titles[MODEL_MAX * 48];
static kalends_index_span answer_spans[MODEL_MAX];

/* kalends_store_query_rows on the same query (its n events in oracle_list, their indexes
   in query_indexes, spans_n spans in query_spans, at version v): rows when the host's
   version is another (every field, the index, titles in row order), a limit of half the
   rows, titles that run out first; spans (the same as query_spans) at version v, and
   BUFFER_TOO_SMALL with the number needed when they do not fit. */
static int compare_rows(kalends_store *store, kalends_timezone *zone, int32_t first, int32_t last, int n, int32_t spans_n,
                        uint64_t v) {
    kalends_store_answer a;
    if (kalends_store_answer_init(&a) != KALENDS_OK || a.struct_size != sizeof a || a.known_version != 0) return 1;
    a.rows = query_rows;
    a.rows_capacity = MODEL_MAX;
    a.titles = query_titles;
    a.titles_capacity = (int32_t)sizeof query_titles;
    a.spans = answer_spans;
    a.spans_capacity = MODEL_MAX;
    a.known_version = v + 1;
    if (kalends_store_query_rows(store, zone, first, last, &a) != KALENDS_OK || a.total != n || a.rows_count != n ||
        a.spans_count != 0 || a.version != v)
        return 1;
    int32_t at = 0;
    for (int i = 0; i < n; i++) {
        const kalends_store_row *r = &query_rows[i];
        const kalends_event *b = oracle_list[i];
        int32_t length = (int32_t)strlen(b->title);
        if (r->id != b->id || r->all_day != b->all_day || r->start != b->start || r->end != b->end || r->color != b->color ||
            r->source != b->source || r->user_value != b->user_value || r->index != query_indexes[i] || r->recurring != 0 ||
            r->recurrence_id != b->start || r->title_length != length || memcmp(query_titles + at, b->title, (size_t)length) != 0)
            return 1;
        at += length;
    }
    if (a.titles_length != at || a.titles_needed != at) return 1;
    /* a limit: the first rows */
    a.rows_capacity = n / 2;
    if (kalends_store_query_rows(store, zone, first, last, &a) != KALENDS_OK || a.total != n || a.rows_count != n / 2) return 1;
    /* titles that run out: the rows whose titles fit */
    a.rows_capacity = MODEL_MAX;
    a.titles_capacity = at / 2;
    if (kalends_store_query_rows(store, zone, first, last, &a) != KALENDS_OK || a.total != n || a.titles_needed != at ||
        a.titles_length > at / 2 || (at > 0 && a.rows_count == n))
        return 1;
    /* without a titles buffer: every row, no titles */
    a.titles = NULL;
    a.titles_capacity = 0;
    if (kalends_store_query_rows(store, zone, first, last, &a) != KALENDS_OK || a.rows_count != n || a.titles_length != 0)
        return 1;
    /* the host's version: spans, no rows */
    a.known_version = v;
    if (kalends_store_query_rows(store, zone, first, last, &a) != KALENDS_OK || a.total != n || a.rows_count != 0 ||
        a.spans_count != spans_n || memcmp(answer_spans, query_spans, (size_t)spans_n * sizeof answer_spans[0]) != 0)
        return 1;
    if (spans_n > 0) {
        a.spans_capacity = spans_n - 1;
        if (kalends_store_query_rows(store, zone, first, last, &a) != KALENDS_E_BUFFER_TOO_SMALL || a.spans_count != spans_n ||
            a.total != n || a.version != v)
            return 1;
    }
    return 0;
}

/* Queries days first ... last of zone z (0 UTC, 1 Paris) and compares with the model:
   same events, every field, in start order. Returns the number of problems. */
static int compare_query(kalends_store *store, kalends_timezone *paris, int z, int32_t first, int32_t last) {
    int64_t lo = midnight_of(z, first), hi = midnight_of(z, (int64_t)last + 1);
    int n = 0;
    for (int i = 0; i < model_count; i++)
        if (model[i].alive && overlaps(&model[i].e, first, last, lo, hi)) oracle_list[n++] = &model[i].e;
    oracle_zone = z;
    qsort(oracle_list, (size_t)n, sizeof oracle_list[0], oracle_order);
    int32_t count = -1;
    kalends_timezone *zone = z ? paris : NULL;
    if (kalends_store_query(store, zone, first, last, NULL, 0, &count) != KALENDS_OK || count != n) {
        fprintf(stderr, "    days %d ... %d (zone %d): %d events, the scan finds %d\n", (int)first, (int)last, z,
                (int)count, n);
        return 1;
    }
    int32_t again = -1;
    if (kalends_store_query(store, zone, first, last, query_buffer, count, &again) != KALENDS_OK || again != n) return 1;
    for (int i = 0; i < n; i++) {
        const kalends_event *a = &query_buffer[i], *b = oracle_list[i];
        if (a->id != b->id || a->all_day != b->all_day || a->start != b->start || a->end != b->end ||
            a->color != b->color || a->source != b->source || a->user_value != b->user_value ||
            a->struct_size != sizeof *a || a->title == NULL || strcmp(a->title, b->title) != 0 ||
            (a->title_length != -1 && a->title_length != (int32_t)strlen(b->title))) {
            fprintf(stderr, "    days %d ... %d (zone %d): event %d is %lld, the scan says %lld\n", (int)first, (int)last,
                    z, i, (long long)a->id, (long long)b->id);
            return 1;
        }
    }
    /* the ids alone: the same, in the same order; and the indexes, whose events are those */
    uint64_t v1 = 0, v2 = 1;
    if (kalends_store_query_ids(store, zone, first, last, query_ids, n, &again, &v1) != KALENDS_OK || again != n) return 1;
    for (int i = 0; i < n; i++)
        if (query_ids[i] != oracle_list[i]->id) return 1;
    if (kalends_store_query_indexes(store, zone, first, last, query_indexes, n, &again, &v2) != KALENDS_OK || again != n ||
        v2 != v1)
        return 1;
    for (int i = 0; i < n; i++) {
        kalends_event e;
        uint64_t v3 = 0;
        if (kalends_store_get_at(store, query_indexes[i], &e, &v3) != KALENDS_OK || e.id != oracle_list[i]->id || v3 != v1 ||
            strcmp(e.title, oracle_list[i]->title) != 0)
            return 1;
    }
    /* spans: the same indexes in the same order, cut where they are not consecutive */
    int32_t spans_n = -1, events = -1;
    uint64_t v4 = 0;
    if (kalends_store_query_spans(store, zone, first, last, NULL, 0, &spans_n, &events, NULL) != KALENDS_OK || events != n ||
        spans_n > n || (n > 0 && spans_n < 1))
        return 1;
    if (spans_n > 0) {
        query_spans[0].first = -7;
        if (kalends_store_query_spans(store, zone, first, last, query_spans, spans_n - 1, &again, &events, NULL) !=
                KALENDS_E_BUFFER_TOO_SMALL || again != spans_n || events != n || (spans_n > 1 && query_spans[0].first != -7))
            return 1;
    }
    if (kalends_store_query_spans(store, zone, first, last, query_spans, spans_n, &again, &events, &v4) != KALENDS_OK ||
        again != spans_n || events != n || v4 != v1)
        return 1;
    int k = 0;
    for (int s = 0; s < spans_n; s++) {
        if (query_spans[s].first >= query_spans[s].end || (s > 0 && query_spans[s].first == query_spans[s - 1].end)) return 1;
        for (int32_t i = query_spans[s].first; i < query_spans[s].end; i++)
            if (k >= n || query_indexes[k++] != i) return 1;
    }
    if (k != n) return 1;
    return compare_rows(store, zone, first, last, n, spans_n, v1);
}

/* The version changes with every change, and only then. */
static void test_store_version(void) {
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    uint64_t v[8] = {0};
    CHECK(kalends_store_version(store, &v[0]) == KALENDS_OK);
    kalends_event e = make_event(1, 1, 20000, 20001, 0, "one");
    CHECK(kalends_store_add(store, &e) == KALENDS_OK && kalends_store_version(store, &v[1]) == KALENDS_OK && v[1] != v[0]);
    int32_t n = 0;
    int64_t id = 0;
    CHECK(kalends_store_query_ids(store, NULL, 19990, 20010, &id, 1, &n, NULL) == KALENDS_OK && n == 1 && id == 1);
    CHECK(kalends_store_version(store, &v[2]) == KALENDS_OK && v[2] == v[1]);          /* queries change nothing */
    CHECK(kalends_store_add(store, &e) == KALENDS_E_DUPLICATE);
    CHECK(kalends_store_version(store, &v[2]) == KALENDS_OK && v[2] == v[1]);          /* nor do failures */
    e.title = "renamed";
    CHECK(kalends_store_update(store, &e) == KALENDS_OK && kalends_store_version(store, &v[3]) == KALENDS_OK);
    CHECK(kalends_store_remove(store, 1) == KALENDS_OK && kalends_store_version(store, &v[4]) == KALENDS_OK);
    CHECK(kalends_store_clear(store) == KALENDS_OK && kalends_store_version(store, &v[5]) == KALENDS_OK);
    CHECK(v[3] != v[1] && v[4] != v[3] && v[5] != v[4]);
    /* a short id buffer: BUFFER_TOO_SMALL with the count, nothing written */
    CHECK(kalends_store_add(store, &e) == KALENDS_OK);
    e.id = 2;
    CHECK(kalends_store_add(store, &e) == KALENDS_OK);
    int64_t ids[2] = {-7, -7};
    CHECK(kalends_store_query_ids(store, NULL, 19990, 20010, ids, 1, &n, NULL) == KALENDS_E_BUFFER_TOO_SMALL && n == 2 &&
          ids[0] == -7);
    /* indexes: a removed event's index holds nothing until a later event takes it */
    int32_t idx[2] = {-1, -1};
    kalends_event got;
    CHECK(kalends_store_query_indexes(store, NULL, 19990, 20010, idx, 2, &n, NULL) == KALENDS_OK && n == 2 && idx[0] != idx[1]);
    CHECK(kalends_store_get_at(store, idx[0], &got, NULL) == KALENDS_OK && got.id == 1);
    CHECK(kalends_store_remove(store, 1) == KALENDS_OK && kalends_store_get_at(store, idx[0], &got, NULL) == KALENDS_E_NOT_FOUND);
    e.id = 3;
    CHECK(kalends_store_add(store, &e) == KALENDS_OK && kalends_store_get_at(store, idx[0], &got, NULL) == KALENDS_OK &&
          got.id == 3);
    CHECK(kalends_store_get_at(store, -1, &got, NULL) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_store_get_at(store, 1000, &got, NULL) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_store_free(store) == KALENDS_OK);
}

static int random_queries(kalends_store *store, kalends_timezone *paris, int queries) {
    int problems = 0;
    for (int q = 0; q < queries; q++) {
        int32_t first = (int32_t)rnd_range(span_first - 100, span_last + 90);
        unsigned r = (unsigned)(rnd() % 20);
        int32_t length = r < 4 ? 0 : r < 17 ? (int32_t)rnd_range(1, 45) : (int32_t)rnd_range(46, 200);
        int32_t last = first + length;
        if (last > span_last + TABLE_MARGIN - 5) last = span_last + TABLE_MARGIN - 5;
        problems += compare_query(store, paris, (int)(rnd() % 2), first, last);
    }
    return problems;
}

static int32_t store_count(kalends_store *store) {
    int32_t n = -1;
    CHECK(kalends_store_count(store, &n) == KALENDS_OK);
    return n;
}

static int model_alive(void) {
    int n = 0;
    for (int i = 0; i < model_count; i++) n += model[i].alive;
    return n;
}

/* A random alive model entry (-1 if none). */
static int random_alive(void) {
    if (model_alive() == 0) return -1;
    for (;;) {
        int i = (int)(rnd() % (uint64_t)model_count);
        if (model[i].alive) return i;
    }
}

static void test_store_against_scan(void) {
    kalends_timezone *paris = zone_named("Europe/Paris");
    span_first = (int32_t)civil_days(2025, 10, 1);
    span_last = span_first + 400;
    use_tz("Europe/Paris");
    for (int i = 0; i < 1200; i++) {
        int32_t day = span_first - TABLE_MARGIN + i;
        midnights[0][i] = (int64_t)day * 86400;
        midnights[1][i] = libc_midnight(day);
    }
    unsetenv("TZ");
    tzset();

    /* 2500 random events: store A in one bulk add (the index built at once), store B one by one */
    model_count = 2500;
    for (int i = 0; i < model_count; i++) {
        random_event(&model[i], model_id(i));
        model[i].alive = 1;
    }
    kalends_store *bulk = NULL, *single = NULL;
    CHECK(kalends_store_new(&bulk) == KALENDS_OK && kalends_store_new(&single) == KALENDS_OK);
    static kalends_event batch[MODEL_MAX];
    for (int i = 0; i < model_count; i++) batch[i] = model[i].e;
    CHECK(kalends_store_add_events(bulk, batch, model_count) == KALENDS_OK);
    int added = 0;
    for (int i = 0; i < model_count; i++) added += kalends_store_add(single, &model[i].e) == KALENDS_OK;
    CHECK(added == model_count && store_count(bulk) == model_count && store_count(single) == model_count);
    /* the events' titles and contents were copied: wipe ours, the store keeps its own */
    char saved[48];
    memcpy(saved, model[0].title, sizeof saved);
    memset(model[0].title, 'x', sizeof model[0].title - 1);
    kalends_event got;
    CHECK(kalends_store_get(bulk, model[0].e.id, &got) == KALENDS_OK && strcmp(got.title, saved) == 0);
    memcpy(model[0].title, saved, sizeof saved);

    int problems = random_queries(bulk, paris, 300) + random_queries(single, paris, 300);
    /* the whole span at once, in both zones */
    problems += compare_query(bulk, paris, 0, span_first - 100, span_last + 150);
    problems += compare_query(single, paris, 1, span_first - 100, span_last + 150);
    CHECK_MSG(problems == 0, "%d queries disagree with the scan", problems);

    /* add, update and remove keep agreeing */
    problems = 0;
    int refused_wrong = 0;
    for (int op = 0; op < 3000; op++) {
        unsigned r = (unsigned)(rnd() % 20);
        int i = random_alive();
        int32_t before = store_count(single);
        if (r < 6 && model_count < MODEL_MAX) {
            int k = model_count++;
            random_event(&model[k], model_id(k));
            model[k].alive = kalends_store_add(single, &model[k].e) == KALENDS_OK;
            if (!model[k].alive) problems++;
        } else if (r < 12 && i >= 0) {
            random_event(&model[i], model[i].e.id);
            if (kalends_store_update(single, &model[i].e) != KALENDS_OK) problems++;
        } else if (r < 16 && i >= 0) {
            if (kalends_store_remove(single, model[i].e.id) != KALENDS_OK) problems++;
            model[i].alive = 0;
        } else if (r == 16 && i >= 0) {
            /* a duplicate id: refused, nothing changes */
            kalends_event e = model[i].e;
            e.start = e.end; /* different content, same id */
            if (kalends_store_add(single, &e) != KALENDS_E_DUPLICATE || store_count(single) != before) refused_wrong++;
        } else if (r == 17) {
            /* update or remove an id that is not there */
            kalends_event e = model[0].e;
            e.id = model_id(MODEL_MAX + 7);
            if (kalends_store_update(single, &e) != KALENDS_E_NOT_FOUND) refused_wrong++;
            if (kalends_store_remove(single, e.id) != KALENDS_E_NOT_FOUND) refused_wrong++;
            if (store_count(single) != before) refused_wrong++;
        } else if (i >= 0) {
            kalends_event e;
            if (kalends_store_get(single, model[i].e.id, &e) != KALENDS_OK || e.start != model[i].e.start ||
                e.end != model[i].e.end || strcmp(e.title, model[i].title) != 0)
                problems++;
        }
        if (op % 50 == 49) {
            problems += random_queries(single, paris, 4);
            if (store_count(single) != model_alive()) problems++;
        }
    }
    CHECK_MSG(problems == 0, "%d disagreements after add/update/remove", problems);
    CHECK(refused_wrong == 0);
    CHECK(store_count(single) == model_alive());

    /* bulk adds are all or nothing */
    int32_t before = store_count(single);
    int base = model_count;
    CHECK(model_count + 100 <= MODEL_MAX);
    for (int i = 0; i < 100; i++) {
        random_event(&model[base + i], model_id(base + i));
        batch[i] = model[base + i].e;
    }
    int alive = random_alive();
    for (int variant = 0; variant < 6; variant++) {
        kalends_event bad[100];
        memcpy(bad, batch, sizeof bad);
        kalends_status expected = KALENDS_E_DUPLICATE;
        switch (variant) {
        case 0: bad[57].id = bad[3].id; break;                       /* twice in the batch */
        case 1: bad[99].id = model[alive].e.id; break;               /* already in the store */
        case 2: bad[50].end = bad[50].start - 1; expected = KALENDS_E_INVALID_ARGUMENT; break;
        case 3:
            bad[10].all_day = 1;
            bad[10].start = 400000000; /* beyond 999999-12-31 (day 364522971) */
            bad[10].end = 400000000;
            expected = KALENDS_E_OUT_OF_RANGE;
            break;
        case 4: bad[20].struct_size = 0; expected = KALENDS_E_INVALID_ARGUMENT; break;
        default: bad[99].title = "\xff\xfe"; expected = KALENDS_E_INVALID_ARGUMENT; break;
        }
        CHECK_MSG(kalends_store_add_events(single, bad, 100) == expected, "variant %d", variant);
        CHECK(store_count(single) == before);
        CHECK(kalends_store_get(single, batch[0].id, &got) == KALENDS_E_NOT_FOUND);
    }
    CHECK(random_queries(single, paris, 20) == 0);
    CHECK(kalends_store_add_events(single, batch, 100) == KALENDS_OK && store_count(single) == before + 100);
    for (int i = 0; i < 100; i++) model[base + i].alive = 1;
    model_count += 100;
    CHECK(random_queries(single, paris, 40) == 0);
    /* a small batch into an empty store (not the bulk build) */
    kalends_store *small = NULL;
    CHECK(kalends_store_new(&small) == KALENDS_OK && kalends_store_add_events(small, batch, 50) == KALENDS_OK);
    CHECK(kalends_store_add_events(small, NULL, 0) == KALENDS_OK && store_count(small) == 50);
    CHECK(kalends_store_clear(small) == KALENDS_OK && store_count(small) == 0);

    CHECK(kalends_store_free(small) == KALENDS_OK);
    CHECK(kalends_store_free(bulk) == KALENDS_OK && kalends_store_free(single) == KALENDS_OK);
    CHECK(kalends_timezone_free(paris) == KALENDS_OK);
}

/* ---- dots ---- */

static void test_dots(void) {
    kalends_timezone *paris = zone_named("Europe/Paris");
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    /* 2026-11-09 ... 11-13 are days 20766 ... 20770; Paris is UTC+1 then, so local midnight
       of day d is d * 86400 - 3600. */
    const int64_t d0 = 20766;
#define PARIS(day, hour, minute) (((int64_t)(day)) * 86400 - 3600 + (hour) * 3600 + (minute) * 60)
    kalends_event ev[6] = {
        make_event(1, 1, d0, d0 + 1, 0xA0A0A0FFu, "A: all day, 9th and 10th"),
        make_event(2, 0, PARIS(d0, 22, 0), PARIS(d0 + 1, 0, 0), 0xB0B0B0FFu, "B: ends at local midnight"),
        make_event(3, 0, PARIS(d0 + 2, 0, 0), PARIS(d0 + 2, 0, 0), 0xC0C0C0FFu, "C: zero-length at midnight"),
        make_event(4, 0, PARIS(d0 + 1, 10, 0), PARIS(d0 + 1, 11, 0), 0xD0D0D0FFu, "D"),
        make_event(5, 0, PARIS(d0 + 1, 23, 30), PARIS(d0 + 3, 0, 30), 0xE0E0E0FFu, "E: three local days"),
        make_event(6, 1, d0 + 3, d0 + 3, 0xF0F0F0FFu, "F")};
    CHECK(kalends_store_add_events(store, ev, 6) == KALENDS_OK);
    int32_t counts[5];
    uint32_t colors[5 * 2 + 2];
    memset(colors, 0x5a, sizeof colors);
    CHECK(kalends_store_dots(store, paris, (int32_t)d0, (int32_t)d0 + 4, 2, counts, colors, 5) == KALENDS_OK);
    /* Paris, in start order: 9th A B; 10th A (from the 9th's midnight) D E (B ended at
       midnight); 11th E (began the day before) C; 12th E F (E ends 00:30); 13th nothing */
    CHECK(counts[0] == 2 && colors[0] == 0xA0A0A0FFu && colors[1] == 0xB0B0B0FFu);
    CHECK(counts[1] == 3 && colors[2] == 0xA0A0A0FFu && colors[3] == 0xD0D0D0FFu);
    CHECK(counts[2] == 2 && colors[4] == 0xE0E0E0FFu && colors[5] == 0xC0C0C0FFu);
    CHECK(counts[3] == 2 && colors[6] == 0xE0E0E0FFu && colors[7] == 0xF0F0F0FFu);
    CHECK(counts[4] == 0 && colors[8] == 0 && colors[9] == 0);
    CHECK(colors[10] == 0x5a5a5a5au && colors[11] == 0x5a5a5a5au); /* nothing past days * max_colors */
    /* the query agrees: B is not on the 10th */
    kalends_event out[8];
    int32_t n = 0;
    CHECK(kalends_store_query(store, paris, (int32_t)d0 + 1, (int32_t)d0 + 1, out, 8, &n) == KALENDS_OK && n == 3);
    CHECK(out[0].id == 1 && out[1].id == 4 && out[2].id == 5);
    /* UTC: B is 21:00-23:00Z on the 9th, C at 23:00Z on the 10th, E 22:30Z 10th ... 23:30Z 11th */
    uint32_t three[5 * 3];
    CHECK(kalends_store_dots(store, NULL, (int32_t)d0, (int32_t)d0 + 4, 3, counts, three, 5) == KALENDS_OK);
    CHECK(counts[0] == 2 && counts[1] == 4 && counts[2] == 1 && counts[3] == 1 && counts[4] == 0);
    CHECK(three[3] == 0xA0A0A0FFu && three[4] == 0xD0D0D0FFu && three[5] == 0xE0E0E0FFu); /* C is the 4th */
    CHECK(three[6] == 0xE0E0E0FFu && three[7] == 0 && three[8] == 0);
    /* counts only; more room than days */
    int32_t many[10];
    CHECK(kalends_store_dots(store, paris, (int32_t)d0, (int32_t)d0 + 2, 0, many, NULL, 10) == KALENDS_OK);
    CHECK(many[0] == 2 && many[1] == 3 && many[2] == 2);
    /* too few days: BUFFER_TOO_SMALL, counts untouched */
    many[0] = -7;
    CHECK(kalends_store_dots(store, paris, (int32_t)d0, (int32_t)d0 + 4, 0, many, NULL, 4) == KALENDS_E_BUFFER_TOO_SMALL);
    CHECK(many[0] == -7);
#undef PARIS
    CHECK(kalends_store_free(store) == KALENDS_OK);
    CHECK(kalends_timezone_free(paris) == KALENDS_OK);
}
