/* A broken plugin for the library's error tests: its table says struct_size 8, which
   covers only struct_size and abi_version, not even the name. The library should
   refuse to load it (KALENDS_E_PLUGIN) without reading past those 8 bytes. */
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
    8, KALENDS_PLUGIN_ABI_VERSION, "small-struct", create, destroy, fetch, NULL, NULL, NULL,
};

const kalends_plugin_vtable *kalends_plugin_entry(void);

const kalends_plugin_vtable *kalends_plugin_entry(void) { return &vtable; }
