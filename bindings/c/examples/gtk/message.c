/* The window's message line: every Kalends status goes through host_check, and a
   failure is shown there (and on stderr) instead of ending the program. */
#include <stdarg.h>
#include <stdio.h>

#include "host.h"

void host_message(host *h, const char *format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(h->message_text, sizeof h->message_text, format, args);
    va_end(args);
    fprintf(stderr, "kalends-gtk: %s\n", h->message_text);
    if (h->message) gtk_label_set_text(GTK_LABEL(h->message), h->message_text);
}

void host_clear_message(host *h) {
    h->message_text[0] = '\0';
    if (h->message) gtk_label_set_text(GTK_LABEL(h->message), "");
}

int host_check(host *h, kalends_status status, const char *what) {
    if (status == KALENDS_OK) return 1;
    /* kalends_last_error is per thread and valid until this thread's next failure:
       copied into the message at once. */
    host_message(h, "%s: %s: %s", what, kalends_status_string(status), kalends_last_error());
    return 0;
}
