/* The ABI as C sees it. Compiling this file checks, through generated/layouts.h, that
   every struct has the size and field offsets the generator (tools/abigen) computed
   from the headers; running it checks that the library reports the same layouts
   (kalends_abi_struct_layout answers with Swift's MemoryLayout of the imported
   structs), and the function's errors. */
#include <string.h>

#include "kalends.h"
#include "check.h"
#include "generated/layouts.h"

static void test_layouts_match_the_library(void) {
    for (int i = 0; i < KALENDS_LAYOUT_COUNT; i++) {
        const kalends_layout_entry *e = &kalends_layouts[i];
        size_t size = 0, offset = 99;
        kalends_status status = kalends_abi_struct_layout(e->struct_name, e->field_name, &size, &offset);
        CHECK_MSG(status == KALENDS_OK, "%s.%s: %s", e->struct_name, e->field_name ? e->field_name : "",
                  kalends_last_error());
        CHECK_MSG(size == e->size && offset == e->offset, "%s.%s: the library says size %zu at %zu, C says %zu at %zu",
                  e->struct_name, e->field_name ? e->field_name : "", size, offset, e->size, e->offset);
    }
    printf("abi_test: %d struct and field layouts agree between C and the library\n", KALENDS_LAYOUT_COUNT);
}

static void test_struct_layout_errors(void) {
    size_t size = 7, offset = 7;
    CHECK(kalends_abi_struct_layout("kalends_date", NULL, &size, NULL) == KALENDS_OK && size == sizeof(kalends_date));
    CHECK(kalends_abi_struct_layout("kalends_event", "title", &size, &offset) == KALENDS_OK &&
          offset == offsetof(kalends_event, title) && size == sizeof(const char *));
    size = offset = 7;
    CHECK(kalends_abi_struct_layout("kalends_dates", NULL, &size, &offset) == KALENDS_E_NOT_FOUND);
    CHECK(strstr(kalends_last_error(), "kalends_dates") != NULL);
    CHECK(kalends_abi_struct_layout("kalends_date", "week", &size, &offset) == KALENDS_E_NOT_FOUND);
    CHECK(strstr(kalends_last_error(), "week") != NULL);
    CHECK(kalends_abi_struct_layout(NULL, "year", &size, &offset) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_abi_struct_layout("kalends_date", "year", NULL, &offset) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(size == 7 && offset == 7);   /* failures write nothing */
    /* the handles are opaque: they have no layout */
    CHECK(kalends_abi_struct_layout("kalends_view", NULL, &size, NULL) == KALENDS_E_NOT_FOUND);
}

int main(void) {
    test_layouts_match_the_library();
    test_struct_layout_errors();
    return check_summary("abi_test");
}
