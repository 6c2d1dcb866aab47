/* misuse_test: sources. Part of ../misuse_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* Sources that misbehave. */
static int fetch_calls;
static kalends_status fetch_null_event(void *user, int32_t first, int32_t last, const kalends_event_sink *sink) {
    (void)first;
    (void)last;
    fetch_calls++;
    *(kalends_status *)user = sink->add(sink->context, NULL);
    return KALENDS_OK;
}
static kalends_status fetch_absurd(void *user, int32_t first, int32_t last, const kalends_event_sink *sink) {
    (void)first;
    (void)last;
    fetch_calls++;
    kalends_event e = day_event(90, 400000000, 400000000);
    *(kalends_status *)user = sink->add(sink->context, &e);
    return KALENDS_OK;
}
static kalends_status fetch_status(void *user, int32_t first, int32_t last, const kalends_event_sink *sink) {
    (void)first;
    (void)last;
    (void)sink;
    fetch_calls++;
    return *(kalends_status *)user;
}
/* An asynchronous source that answers at once, on the calling thread, with garbage. */
static int complete_mode;
static kalends_status begin_garbage(void *user, int64_t request, int32_t first, int32_t last,
                                    const kalends_completion *completion) {
    (void)user;
    (void)last;
    kalends_event e = day_event(91, first, first);
    switch (complete_mode) {
    case 0: completion->complete(completion->context, request, NULL, 3, KALENDS_OK); break;
    case 1: completion->complete(completion->context, request, &e, -1, KALENDS_OK); break;
    case 2: completion->complete(completion->context, request + 1000000, &e, 1, KALENDS_OK); break; /* unknown request */
    case 3: completion->complete(completion->context, request, &e, 1, -5); break;                   /* not a status */
    default:
        /* twice: the second is dropped */
        completion->complete(completion->context, request, &e, 1, KALENDS_OK);
        e.id = 92;
        completion->complete(completion->context, request, &e, 1, KALENDS_OK);
        break;
    }
    return KALENDS_OK;
}

static void test_source_misuse(void) {
    kalends_view *v = NULL;
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    m.width = 350;
    CHECK(kalends_view_new(live, NULL, &m, &v) == KALENDS_OK);
    kalends_source src;
    memset(&src, 0, sizeof src);
    src.struct_size = sizeof src;
    kalends_status answer = KALENDS_OK;
    src.user_data = &answer;
    src.fetch = fetch_status;
    int32_t id, pending;
    POISON(id);
    CHECK(kalends_view_add_source(v, &src, &id) == KALENDS_E_MISUSE && UNTOUCHED(id)); /* no store yet */
    CHECK(kalends_view_remove_source(v, 1) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_view_pending_requests(v, &pending) == KALENDS_OK && pending == 0);
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    CHECK(kalends_view_set_store(v, store, NULL) == KALENDS_OK);
    kalends_source bad = src;
    bad.struct_size = 0;
    CHECK(kalends_view_add_source(v, &bad, &id) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(id));
    bad.struct_size = sizeof bad + 8;
    CHECK(kalends_view_add_source(v, &bad, &id) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(id));
    bad = src;
    bad.fetch = NULL;
    CHECK(kalends_view_add_source(v, &bad, &id) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(id));
    int32_t ids[] = {0, -1, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < 4; i++) CHECK(kalends_view_remove_source(v, ids[i]) == KALENDS_E_NOT_FOUND);

    /* statuses: anything but OK, even values that are no status, is CALLBACK */
    kalends_status statuses[] = {KALENDS_E_IO, KALENDS_E_PLUGIN, -1, INT32_MAX, INT32_MIN};
    for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++) {
        answer = statuses[i];
        fetch_calls = 0;
        CHECK(kalends_view_add_source(v, &src, &id) == KALENDS_E_CALLBACK && id > 0 && fetch_calls == 1);
        CHECK(kalends_view_remove_source(v, id) == KALENDS_OK);
    }
    src.fetch = fetch_null_event;
    CHECK(kalends_view_add_source(v, &src, &id) == KALENDS_E_CALLBACK && answer == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_remove_source(v, id) == KALENDS_OK);
    src.fetch = fetch_absurd;
    CHECK(kalends_view_add_source(v, &src, &id) == KALENDS_E_CALLBACK && answer == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_view_remove_source(v, id) == KALENDS_OK);
    int32_t count = -1;
    CHECK(kalends_store_count(store, &count) == KALENDS_OK && count == 0);

    /* asynchronous answers that are garbage, for unknown requests, or twice */
    src.fetch = NULL;
    src.begin = begin_garbage;
    for (complete_mode = 0; complete_mode < 5; complete_mode++) {
        kalends_status s = kalends_view_add_source(v, &src, &id);
        CHECK_MSG(s == KALENDS_OK && id > 0, "mode %d: %d", complete_mode, (int)s);
        CHECK(kalends_view_pending_requests(v, &pending) == KALENDS_OK);
        CHECK(kalends_store_count(store, &count) == KALENDS_OK);
        if (complete_mode == 2) CHECK(pending == 1 && count == 0); /* still waiting for its own answer */
        else if (complete_mode == 4) CHECK(pending == 0 && count == 1);
        else CHECK(pending == 0 && count == 0);
        CHECK(kalends_view_remove_source(v, id) == KALENDS_OK);
        CHECK(kalends_view_pending_requests(v, &pending) == KALENDS_OK && pending == 0);
    }
    kalends_event e;
    CHECK(kalends_store_get(store, 91, &e) == KALENDS_OK && kalends_store_get(store, 92, &e) == KALENDS_E_NOT_FOUND);

    /* the store freed by the host while the view still refers to it: no crash, a
       documented status */
    src.begin = NULL;
    src.fetch = fetch_status;
    answer = KALENDS_OK;
    CHECK(kalends_view_add_source(v, &src, &id) == KALENDS_OK);
    CHECK(kalends_store_free(store) == KALENDS_OK);
    fetch_calls = 0;
    kalends_status s = kalends_view_next_page(v, NULL);
    CHECK(s == KALENDS_OK || s == KALENDS_E_MISUSE || s == KALENDS_E_CALLBACK);
    CHECK(kalends_view_set_store(v, NULL, NULL) == KALENDS_OK);
    fetch_calls = 0;
    CHECK(kalends_view_next_page(v, NULL) == KALENDS_OK && fetch_calls == 0); /* detached */
    POISON(id);
    CHECK(kalends_view_add_source(v, &src, &id) == KALENDS_E_MISUSE && UNTOUCHED(id));
    CHECK(kalends_view_free(v) == KALENDS_OK);
}
