/* A broken plugin for the library's error tests: a valid header, create and destroy,
   but fetch and begin (and cancel) are NULL, so it cannot deliver events. The library
   should refuse to load it (KALENDS_E_PLUGIN): fetch is required. */
#include <stddef.h>

#include "../../include/kalends/sys/plugin.h"

static int token;

static kalends_status create(const char *config, void **instance)
{
    (void)config;
    if (instance == NULL) return KALENDS_E_INVALID_ARGUMENT;
    *instance = &token;
    return KALENDS_OK;
}

static void destroy(void *instance) { (void)instance; }

static const kalends_plugin_vtable vtable = {
    (uint32_t)sizeof(kalends_plugin_vtable), KALENDS_PLUGIN_ABI_VERSION, "null-fetch", create, destroy, NULL, NULL,
    NULL, NULL,
};

const kalends_plugin_vtable *kalends_plugin_entry(void);

const kalends_plugin_vtable *kalends_plugin_entry(void) { return &vtable; }
