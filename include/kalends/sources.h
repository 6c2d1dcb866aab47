/*
 * kalends/sources.h -- event sources of a view, and plugins loaded as sources.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_SOURCES_H
#define KALENDS_SOURCES_H

#include "store.h"
#include "view.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A view with a store asks its sources for the visible days on every page change (and
 * when a source is added), as Kal asks its data source: before it notifies
 * page_changed, so the host slides its views onto a store that holds the synchronous
 * sources' answers (an asynchronous one may still be pending). Answers go into the store,
 * replacing what the same source said before for those days (events are tagged with
 * the source's id). A source answers synchronously (fetch) or asynchronously (begin,
 * then completion->complete from any thread). An answer for a page no longer visible is
 * dropped; a bad answer (end before start, absurd dates, an id of another source's
 * event) is refused whole and the store keeps its data. A failing source does not undo
 * the page change: the call that changed the page returns CALLBACK (or PLUGIN) after it.
 * cancel and complete must not wait for each other (no deadlock-prone joins).
 */

typedef struct kalends_source {
    uint32_t struct_size;
    int32_t reserved;
    void *user_data;
    kalends_status (*fetch)(void *user_data, int32_t first_day, int32_t last_day, const kalends_event_sink *sink);
    kalends_status (*begin)(void *user_data, int64_t request, int32_t first_day, int32_t last_day,
                            const kalends_completion *completion);
    void (*cancel)(void *user_data, int64_t request);
    void (*destroy)(void *user_data); /* when the view drops the source (may be NULL) */
} kalends_source;

/* Gives the view a `store` (NULL: detaches the sources) and a `zone` (NULL: UTC) for
   local days for its sources to fill; both are referenced, not copied. */
kalends_status kalends_view_set_store(kalends_view *view, kalends_store *store, const kalends_timezone *zone);
/* Adds a source (copied; fetch or begin must be set; fetch is used when both are) and
   asks it for the current page. *out receives its id (also when the call fails with
   CALLBACK), which tags its events: a view numbers its sources 1, 2, 3, ... (0 tags
   the host's own events).
   Errors: MISUSE (no store set), INVALID_ARGUMENT, CALLBACK (its first answer failed; it
   stays added). */
kalends_status kalends_view_add_source(kalends_view *view, const kalends_source *source, int32_t *out);
/* Removes a source (its destroy runs; its pending request is cancelled); the events
   it gave stay in the store. Errors: NOT_FOUND (no such source). */
kalends_status kalends_view_remove_source(kalends_view *view, int32_t source);
/* Asynchronous requests still awaiting an answer. */
kalends_status kalends_view_pending_requests(const kalends_view *view, int32_t *out);

/*
 * Plugins (kalends/sys/plugin.h says what one exports) loaded from a file and used as a
 * view's source, or asked directly to fill a store.
 */

/* A loaded plugin. */
typedef struct kalends_plugin kalends_plugin;

/* dlopens `path`, calls its KALENDS_PLUGIN_ENTRY and creates an instance from `config`
   (may be NULL). The library stays mapped until the process ends (a plugin's threads
   may outlive its instance). Errors: INVALID_ARGUMENT (NULL or empty path), IO (cannot
   be loaded), PLUGIN (no entry point, a table too small or of another ABI version,
   missing functions, create failed: the message says which). */
kalends_status kalends_plugin_load(const char *path, const char *config, kalends_plugin **out);
/* Lets the plugin go: its instance is destroyed once no view holds it as a source
   (kalends_view_add_plugin keeps it alive). Errors: MISUSE (NULL, freed or foreign). */
kalends_status kalends_plugin_free(kalends_plugin *plugin);
/* The plugin's name (its vtable's `name`), snprintf convention: at most capacity - 1
   bytes and a NUL; *length (may be NULL) receives the full length. Errors: MISUSE,
   INVALID_ARGUMENT (NULL buffer with a capacity). */
kalends_status kalends_plugin_name(const kalends_plugin *plugin, char *buffer, size_t capacity, size_t *length);
/* Asks the plugin for days first ... last synchronously and adds the answer to the
   store (tagged with `source`), replacing that source's events of those days. Pass -1
   unless you mean otherwise (every binding defaults to it): 0 tags the host's events
   and a view's sources are 1, 2, ..., so a direct fetch tagged 1 would replace the
   events of the first source of a view sharing the store. A bad
   answer is refused whole: PLUGIN, and the store keeps its data. `zone` (NULL: UTC)
   places the answer's timed events on days. Thread: any; the plugin's fetch runs on
   the calling thread. Errors: MISUSE (plugin or store), INVALID_ARGUMENT (last < first),
   OUT_OF_RANGE (days beyond the supported dates), PLUGIN (an error or a bad answer). */
kalends_status kalends_plugin_fetch(kalends_plugin *plugin, int32_t first, int32_t last, kalends_store *store,
                                    const kalends_timezone *zone, int32_t source);
/* The plugin as a source of the view: asked through begin (asynchronously) when it
   has one, else through fetch; *out as kalends_view_add_source (its id, also when the
   call fails with PLUGIN). Its bad answers fail with PLUGIN. */
kalends_status kalends_view_add_plugin(kalends_view *view, kalends_plugin *plugin, int32_t *out);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_SOURCES_H */
