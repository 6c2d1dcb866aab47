/* ffi_test: the store's rows query. Part of ../ffi_test.c: kalends_store_query_rows and
   kalends_store_answer_init called through libffi with the generated signatures. */

static void test_store_rows_ffi(void) {
    kalends_store *store = NULL;
    kalends_store **pstore = &store;
    CHECK(call_i32("kalends_store_new", (void *[]){&pstore}) == KALENDS_OK && store != NULL);
    kalends_event e;
    memset(&e, 0, sizeof e);
    e.struct_size = sizeof e;
    e.id = 42;
    e.start = 20758LL * 86400 + 3600;
    e.end = e.start + 1800;
    e.title = "standup";
    e.title_length = -1;
    e.user_value = 7;
    const kalends_event *pe = &e;
    CHECK(call_i32("kalends_store_add", (void *[]){&store, &pe}) == KALENDS_OK);
    kalends_store_answer answer;
    kalends_store_answer *panswer = &answer;
    CHECK(call_i32("kalends_store_answer_init", (void *[]){&panswer}) == KALENDS_OK);
    kalends_store_row rows[2];
    char titles[16];
    answer.rows = rows;
    answer.rows_capacity = 2;
    answer.titles = titles;
    answer.titles_capacity = (int32_t)sizeof titles;
    const kalends_timezone *utc = NULL;
    int32_t first = 20758, last = 20758;
    CHECK(call_i32("kalends_store_query_rows", (void *[]){&store, &utc, &first, &last, &panswer}) == KALENDS_OK);
    CHECK(answer.total == 1 && answer.rows_count == 1 && rows[0].id == 42 && rows[0].user_value == 7 &&
          rows[0].title_length == 7 && memcmp(titles, "standup", 7) == 0 && answer.titles_length == 7);
    CHECK(call_i32("kalends_store_free", (void *[]){&store}) == KALENDS_OK);
}
