/*
 * kalends/plugin.h -- the plugin ABI: what a plugin library exports. A plugin includes
 * only this header (it need not link against libkalends.so).
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_PLUGIN_H
#define KALENDS_PLUGIN_H

#include "dates.h"
#include "events.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A plugin is a shared library exporting one function,
 *
 *     const kalends_plugin_vtable *kalends_plugin_entry(void);
 *
 * whose table says what it is and how to ask it for events. Plugins need not link
 * against libkalends.so (everything they call comes through the table's arguments), so
 * they can be written in any language with a C ABI. Day numbers are days since
 * 1970-01-01; dates lie within KALENDS_YEAR_MIN ... KALENDS_YEAR_MAX (kalends/dates.h).
 */

#define KALENDS_PLUGIN_ABI_VERSION 1
#define KALENDS_PLUGIN_ENTRY "kalends_plugin_entry"

/* What kalends_plugin_entry returns: static, valid as long as the plugin is loaded. */
typedef struct kalends_plugin_vtable {
    uint32_t struct_size;   /* sizeof(kalends_plugin_vtable) the plugin was built with */
    int32_t abi_version;    /* KALENDS_PLUGIN_ABI_VERSION */
    const char *name;       /* UTF-8, static */
    /* Makes an instance from a configuration string (may be NULL). */
    kalends_status (*create)(const char *config, void **instance);
    void (*destroy)(void *instance);
    /* Events overlapping days first ... last into the sink, synchronously. */
    kalends_status (*fetch)(void *instance, int32_t first_day, int32_t last_day, const kalends_event_sink *sink);
    /* Optional (may be NULL): starts request `request` for days first ... last and
       answers it later through the completion. */
    kalends_status (*begin)(void *instance, int64_t request, int32_t first_day, int32_t last_day,
                            const kalends_completion *completion);
    /* Optional: the answer to `request` is no longer wanted. */
    void (*cancel)(void *instance, int64_t request);
} kalends_plugin_vtable;

/* The type of the entry point. */
typedef const kalends_plugin_vtable *(*kalends_plugin_entry_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_PLUGIN_H */
