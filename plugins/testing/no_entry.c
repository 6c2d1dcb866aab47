/* A broken plugin for the library's error tests: it exports no kalends_plugin_entry,
   only a function of another name. The library should refuse to load it
   (KALENDS_E_PLUGIN). */
#include "../../include/kalends/sys/plugin.h"

int32_t kalends_not_a_plugin_entry(void);

int32_t kalends_not_a_plugin_entry(void) { return KALENDS_PLUGIN_ABI_VERSION; }
