/* A broken plugin for the library's error tests: a complete, working table whose
   abi_version is 999. The library should refuse to load it (KALENDS_E_PLUGIN). */
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

static kalends_status fetch(void *instance, int32_t first_day, int32_t last_day, const kalends_event_sink *sink)
{
    (void)instance;
    (void)first_day;
    (void)last_day;
    (void)sink;
    return KALENDS_OK;
}

static const kalends_plugin_vtable vtable = {
    (uint32_t)sizeof(kalends_plugin_vtable), 999, "wrong-abi", create, destroy, fetch, NULL, NULL, NULL,
};

const kalends_plugin_vtable *kalends_plugin_entry(void);

const kalends_plugin_vtable *kalends_plugin_entry(void) { return &vtable; }
