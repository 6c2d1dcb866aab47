/* linked_test: sources. Part of ../linked_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* ---- sources ---- */

typedef struct {
    kalends_view *view;
    int64_t base;              /* offset of this source's ids */
    int calls, destroyed;
    int32_t first, last;       /* of the last call */
    kalends_status status;     /* what fetch returns */
    int bad;                   /* offer an event ending before it starts too */
    kalends_status bad_answer; /* what the sink said to it */
    kalends_status from_inside; /* kalends_view_next_page from inside fetch */
} sync_source;

static kalends_status sync_fetch(void *user, int32_t first, int32_t last, const kalends_event_sink *sink) {
    sync_source *s = (sync_source *)user;
    s->calls++;
    s->first = first;
    s->last = last;
    s->from_inside = kalends_view_next_page(s->view, NULL); /* a callback may not change the view */
    kalends_event e[3] = {make_event(s->base + 5000 + first, 1, first, first, 0x111111FFu, "on the first day"),
                          make_event(s->base + 8000 + first, 1, last, last, 0x222222FFu, "on the last day"),
                          make_event(s->base + 6000 + first, 0, ((int64_t)first + 10) * 86400 + 12 * 3600,
                                     ((int64_t)first + 10) * 86400 + 13 * 3600, 0x333333FFu, "noon")};
    e[2].source = 77; /* the view tags it with the source's id, whatever this says */
    for (int i = 0; i < 3; i++)
        if (sink->add(sink->context, &e[i]) != KALENDS_OK) return KALENDS_E_INVALID_ARGUMENT;
    if (s->bad) {
        kalends_event wrong = make_event(s->base + 9100, 0, 1000, 999, 0, "ends before it starts");
        s->bad_answer = sink->add(sink->context, &wrong);
    }
    return s->status;
}

static void sync_destroy(void *user) {
    ((sync_source *)user)->destroyed++;
}

static kalends_source source_of(sync_source *s) {
    kalends_source src;
    memset(&src, 0, sizeof src);
    src.struct_size = sizeof src;
    src.user_data = s;
    src.fetch = sync_fetch;
    src.destroy = sync_destroy;
    return src;
}

static int has_event(kalends_store *store, int64_t id, int32_t source) {
    kalends_event e;
    return kalends_store_get(store, id, &e) == KALENDS_OK && e.source == source;
}

static int32_t page_first(kalends_view *view) {
    kalends_page p;
    CHECK(kalends_view_page(view, &p) == KALENDS_OK);
    return p.first;
}

static void test_sync_sources(void) {
    kalends_view *view = make_view(KALENDS_SELECTION_SINGLE, 350);
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    kalends_event host = make_event(1, 1, 20788, 20788, 0, "the host's, on 2026-12-01");
    CHECK(kalends_store_add(store, &host) == KALENDS_OK);
    sync_source s1, s2, s3;
    memset(&s1, 0, sizeof s1);
    s1.view = view;
    s2 = s1;
    s2.base = 100000;
    s3 = s1; /* the same ids as s1 */
    kalends_source src = source_of(&s1);
    int32_t id1 = 0, id2 = 0, id3 = 0;
    CHECK(kalends_view_set_store(view, store, NULL) == KALENDS_OK);
    /* asked for the page (2026-10-26 ... 12-06, days 20752 ... 20793) when added */
    CHECK(kalends_view_add_source(view, &src, &id1) == KALENDS_OK && id1 > 0);
    CHECK(s1.calls == 1 && s1.first == 20752 && s1.last == 20793 && s1.from_inside == KALENDS_E_MISUSE);
    CHECK(has_event(store, 5000 + 20752, id1) && has_event(store, 8000 + 20752, id1) && has_event(store, 6000 + 20752, id1));
    CHECK(store_count(store) == 4 && page_first(view) == 20752);

    /* December: 2026-11-30 ... 2027-01-10 (20787 ... 20828). The answer replaces the
       source's events of those days: the old "last day" event (on 12-06) goes; its events
       on days no longer shown stay; the host's event stays. */
    CHECK(kalends_view_next_page(view, NULL) == KALENDS_OK);
    CHECK(s1.calls == 2 && s1.first == 20787 && s1.last == 20828);
    CHECK(!has_event(store, 8000 + 20752, id1));
    CHECK(has_event(store, 5000 + 20752, id1) && has_event(store, 6000 + 20752, id1));
    CHECK(has_event(store, 5000 + 20787, id1) && has_event(store, 8000 + 20787, id1) && has_event(store, 6000 + 20787, id1));
    CHECK(has_event(store, 1, 0) && store_count(store) == 6);

    src = source_of(&s2);
    CHECK(kalends_view_add_source(view, &src, &id2) == KALENDS_OK && id2 != id1 && s2.calls == 1);
    CHECK(has_event(store, 100000 + 5000 + 20787, id2) && store_count(store) == 9);

    /* a failing source: the page still changes (January 2027, from 2026-12-28 = 20815),
       the call says CALLBACK, the other source is asked, the failing one adds nothing */
    s1.status = KALENDS_E_IO;
    CHECK(kalends_view_next_page(view, NULL) == KALENDS_E_CALLBACK);
    CHECK(page_first(view) == 20815 && s1.calls == 3 && s2.calls == 2);
    CHECK(!has_event(store, 5000 + 20815, id1) && has_event(store, 100000 + 5000 + 20815, id2));
    CHECK(has_event(store, 8000 + 20787, id1)); /* its old answer stands */
    /* a bad answer is refused whole: February 2027 (from Monday 2027-02-01 = 20850) */
    s1.status = KALENDS_OK;
    s1.bad = 1;
    CHECK(kalends_view_next_page(view, NULL) == KALENDS_E_CALLBACK);
    CHECK(page_first(view) == 20850 && s1.bad_answer == KALENDS_E_INVALID_ARGUMENT);
    CHECK(!has_event(store, 5000 + 20850, id1) && !has_event(store, 9100, id1) && has_event(store, 100000 + 5000 + 20850, id2));
    s1.bad = 0;
    CHECK(kalends_view_previous_page(view, NULL) == KALENDS_OK && page_first(view) == 20815);
    CHECK(has_event(store, 5000 + 20815, id1) && has_event(store, 8000 + 20815, id1));

    /* a source answering ids of another source's events is refused with CALLBACK, as for
       any failed first answer of a host source; it stays added */
    int32_t before = store_count(store);
    src = source_of(&s3);
    kalends_status st = kalends_view_add_source(view, &src, &id3);
    CHECK_MSG(st == KALENDS_E_CALLBACK && id3 > 0 && id3 != id1 && id3 != id2, "status %d id %d: %s", (int)st, (int)id3, kalends_last_error());
    CHECK(s3.calls == 1 && store_count(store) == before && has_event(store, 5000 + 20815, id1));
    CHECK(kalends_view_remove_source(view, id3) == KALENDS_OK && s3.destroyed == 1);
    CHECK(kalends_view_remove_source(view, id3) == KALENDS_E_NOT_FOUND);

    /* removing a source destroys it; it is not asked any more */
    CHECK(kalends_view_remove_source(view, id1) == KALENDS_OK && s1.destroyed == 1);
    CHECK(kalends_view_next_page(view, NULL) == KALENDS_OK && s1.calls == 5 && s2.calls == 5);
    int32_t pending = -1;
    CHECK(kalends_view_pending_requests(view, &pending) == KALENDS_OK && pending == 0);
    /* freeing the view destroys the sources left */
    CHECK(kalends_view_free(view) == KALENDS_OK && s2.destroyed == 1 && s1.destroyed == 1);
    CHECK(kalends_store_free(store) == KALENDS_OK);
}

/* An asynchronous source: begin copies the completion and starts a thread that answers
   when the test releases it. */
#define ASYNC_MAX 8
typedef struct async_source async_source;
typedef struct {
    async_source *owner;
    int index;
} async_job;

struct async_source {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int begun, cancels, destroyed;
    int64_t request[ASYNC_MAX], cancelled[ASYNC_MAX];
    int32_t first[ASYNC_MAX], last[ASYNC_MAX];
    kalends_completion completion[ASYNC_MAX];
    pthread_t thread[ASYNC_MAX];
    int go[ASYNC_MAX];
    int bad[ASYNC_MAX];
    kalends_status status[ASYNC_MAX];
    async_job jobs[ASYNC_MAX];
};

static void *async_answer(void *arg) {
    async_job *job = (async_job *)arg;
    async_source *s = job->owner;
    int i = job->index;
    pthread_mutex_lock(&s->lock);
    while (!s->go[i]) pthread_cond_wait(&s->changed, &s->lock);
    kalends_completion c = s->completion[i];
    int64_t request = s->request[i];
    int32_t first = s->first[i];
    kalends_status status = s->status[i];
    int bad = s->bad[i];
    pthread_mutex_unlock(&s->lock);
    kalends_event ev[2] = {make_event(700000 + first, 1, first, first + 1, 0x444444FFu, "async all day"),
                           make_event(710000 + first, 0, ((int64_t)first + 3) * 86400, ((int64_t)first + 3) * 86400 + 60,
                                      0x555555FFu, "async timed")};
    if (bad) ev[1].end = ev[1].start - 1;
    c.complete(c.context, request, status == KALENDS_OK ? ev : NULL, status == KALENDS_OK ? 2 : 0, status);
    return NULL;
}

static kalends_status async_begin(void *user, int64_t request, int32_t first, int32_t last,
                                  const kalends_completion *completion) {
    async_source *s = (async_source *)user;
    pthread_mutex_lock(&s->lock);
    int i = s->begun;
    if (i >= ASYNC_MAX) {
        pthread_mutex_unlock(&s->lock);
        return KALENDS_E_INVALID_ARGUMENT;
    }
    s->request[i] = request;
    s->first[i] = first;
    s->last[i] = last;
    s->completion[i] = *completion; /* the struct need not outlive this call */
    s->go[i] = 0;
    s->jobs[i].owner = s;
    s->jobs[i].index = i;
    int rc = pthread_create(&s->thread[i], NULL, async_answer, &s->jobs[i]);
    if (rc == 0) s->begun++;
    pthread_mutex_unlock(&s->lock);
    return rc == 0 ? KALENDS_OK : KALENDS_E_INVALID_ARGUMENT;
}

static void async_cancel(void *user, int64_t request) {
    async_source *s = (async_source *)user;
    pthread_mutex_lock(&s->lock);
    if (s->cancels < ASYNC_MAX) s->cancelled[s->cancels] = request;
    s->cancels++;
    pthread_mutex_unlock(&s->lock);
}

static void async_destroy(void *user) {
    async_source *s = (async_source *)user;
    pthread_mutex_lock(&s->lock);
    s->destroyed++;
    pthread_mutex_unlock(&s->lock);
}

/* Lets answer i go with `status` (bad: with an event ending before it starts), and waits
   until it has been delivered. */
static void async_release(async_source *s, int i, kalends_status status, int bad) {
    pthread_mutex_lock(&s->lock);
    s->status[i] = status;
    s->bad[i] = bad;
    s->go[i] = 1;
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
    pthread_join(s->thread[i], NULL);
}

/* Waits (at most about 5 s) until the view has no request pending; returns the count left. */
static int32_t wait_for_answers(kalends_view *view) {
    int32_t pending = -1;
    for (int i = 0; i < 5000; i++) {
        if (kalends_view_pending_requests(view, &pending) != KALENDS_OK) return -1;
        if (pending == 0) break;
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
    return pending;
}

static void test_async_source(void) {
    kalends_view *view = make_view(KALENDS_SELECTION_SINGLE, 350);
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    CHECK(kalends_view_set_store(view, store, NULL) == KALENDS_OK);
    static async_source s;
    memset(&s, 0, sizeof s);
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.changed, NULL);
    kalends_source src;
    memset(&src, 0, sizeof src);
    src.struct_size = sizeof src;
    src.user_data = &s;
    src.begin = async_begin;
    src.cancel = async_cancel;
    src.destroy = async_destroy;
    int32_t id = 0, pending = -1;
    CHECK(kalends_view_add_source(view, &src, &id) == KALENDS_OK && id > 0);
    CHECK(s.begun == 1 && s.first[0] == 20752 && s.last[0] == 20793);
    CHECK(kalends_view_pending_requests(view, &pending) == KALENDS_OK && pending == 1);
    /* the page changes before the answer: request 0 is cancelled, request 1 begun */
    CHECK(kalends_view_next_page(view, NULL) == KALENDS_OK);
    CHECK(s.begun == 2 && s.first[1] == 20787 && s.cancels == 1 && s.cancelled[0] == s.request[0]);
    CHECK(s.request[1] != s.request[0]);
    CHECK(kalends_view_pending_requests(view, &pending) == KALENDS_OK && pending == 1);
    /* the stale answer comes anyway: dropped */
    async_release(&s, 0, KALENDS_OK, 0);
    CHECK(store_count(store) == 0);
    CHECK(kalends_view_pending_requests(view, &pending) == KALENDS_OK && pending == 1);
    /* the current one goes into the store, tagged with the source */
    async_release(&s, 1, KALENDS_OK, 0);
    CHECK(wait_for_answers(view) == 0);
    CHECK(store_count(store) == 2 && has_event(store, 700000 + 20787, id) && has_event(store, 710000 + 20787, id));
    /* an error answer and a bad answer change nothing */
    CHECK(kalends_view_next_page(view, NULL) == KALENDS_OK && s.begun == 3 && s.cancels == 1);
    async_release(&s, 2, KALENDS_E_IO, 0);
    CHECK(wait_for_answers(view) == 0 && store_count(store) == 2);
    CHECK(kalends_view_next_page(view, NULL) == KALENDS_OK && s.begun == 4);
    async_release(&s, 3, KALENDS_OK, 1);
    CHECK(wait_for_answers(view) == 0 && store_count(store) == 2 && !has_event(store, 700000 + s.first[3], id));
    /* removed while a request is pending: cancelled and destroyed; the late answer is dropped */
    CHECK(kalends_view_previous_page(view, NULL) == KALENDS_OK && s.begun == 5);
    CHECK(kalends_view_remove_source(view, id) == KALENDS_OK);
    CHECK(s.cancels == 2 && s.cancelled[1] == s.request[4] && s.destroyed == 1);
    CHECK(kalends_view_pending_requests(view, &pending) == KALENDS_OK && pending == 0);
    async_release(&s, 4, KALENDS_OK, 0);
    CHECK(store_count(store) == 2);
    CHECK(kalends_view_free(view) == KALENDS_OK && s.destroyed == 1);
    CHECK(kalends_store_free(store) == KALENDS_OK);
    pthread_cond_destroy(&s.changed);
    pthread_mutex_destroy(&s.lock);
}
