/* ffi_test: versions. Part of ../ffi_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

static void test_versions_and_errors(void) {
    ffi_arg r = 0;
    call_ret("kalends_version", NULL, &r);
    CHECK((uint32_t)r == KALENDS_VERSION_NUMBER);
    CHECK(strcmp(call_str("kalends_version_string", NULL), "0.1.0") == 0);
    CHECK(call_i32("kalends_abi_version", NULL) == KALENDS_ABI_VERSION);
    int32_t status = KALENDS_E_OUT_OF_RANGE;
    void *vs[1] = {&status};
    CHECK(strcmp(call_str("kalends_status_string", vs), "out of range") == 0);
}

static void test_struct_layouts(void) {
    size_t size = 0, offset = 0;
    size_t *psize = &size, *poffset = &offset;
    const char *name = "kalends_event", *field = "title", *none = NULL;
    CHECK(call_i32("kalends_abi_struct_layout", (void *[]){&name, &field, &psize, &poffset}) == KALENDS_OK);
    CHECK(size == sizeof(const char *) && offset == offsetof(kalends_event, title));
    CHECK(call_i32("kalends_abi_struct_layout", (void *[]){&name, &none, &psize, &poffset}) == KALENDS_OK);
    CHECK(size == sizeof(kalends_event) && offset == 0);
}
