/* A broken plugin for the library's error tests. It loads fine (valid table, name
   "garbage"), but:
   - create fails with KALENDS_E_INVALID_ARGUMENT when the config is "fail";
   - fetch, whatever the range, offers two bad all-day events and ignores what the sink
     answers, then returns KALENDS_OK:
       id 1, "end before start": start = day 10, end = day 5;
       id 2, "year 3000000": start = end = 1095007972 (3000000-01-01, far beyond
       KALENDS_YEAR_MAX);
   - it has no begin or cancel. */
#include <stddef.h>
#include <string.h>

#include "../../include/kalends/sys/plugin.h"

#define DAY_OF_YEAR_3000000 1095007972LL

static int token;

static kalends_status create(const char *config, void **instance)
{
    if (instance == NULL) return KALENDS_E_INVALID_ARGUMENT;
    if (config != NULL && strcmp(config, "fail") == 0) return KALENDS_E_INVALID_ARGUMENT;
    *instance = &token;
    return KALENDS_OK;
}

static void destroy(void *instance) { (void)instance; }

static kalends_status fetch(void *instance, int32_t first_day, int32_t last_day, const kalends_event_sink *sink)
{
    kalends_event ev;
    (void)instance;
    (void)first_day;
    (void)last_day;
    if (sink == NULL || sink->add == NULL) return KALENDS_E_INVALID_ARGUMENT;

    memset(&ev, 0, sizeof ev);
    ev.struct_size = (uint32_t)sizeof ev;
    ev.all_day = 1;
    ev.color = 0x000000FFu;
    ev.title_length = -1;

    ev.id = 1;
    ev.start = 10;
    ev.end = 5;
    ev.title = "end before start";
    (void)sink->add(sink->context, &ev);

    ev.id = 2;
    ev.start = DAY_OF_YEAR_3000000;
    ev.end = DAY_OF_YEAR_3000000;
    ev.title = "year 3000000";
    (void)sink->add(sink->context, &ev);
    return KALENDS_OK;
}

static const kalends_plugin_vtable vtable = {
    (uint32_t)sizeof(kalends_plugin_vtable), KALENDS_PLUGIN_ABI_VERSION, "garbage", create, destroy, fetch, NULL, NULL, NULL,
};

const kalends_plugin_vtable *kalends_plugin_entry(void);

const kalends_plugin_vtable *kalends_plugin_entry(void) { return &vtable; }
