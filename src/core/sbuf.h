/* A growing text buffer for views and reports: printf into it, take the text.
 *
 * Views are built once per request, never on the playout path, so a buffer
 * may grow with realloc. A failed allocation sets oom and later writes do
 * nothing, so a caller checks once at the end (tt_sbuf_take). */
#ifndef TT_CORE_SBUF_H
#define TT_CORE_SBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct tt_sbuf {
    char *p;    /* the text, NUL-terminated once anything was written */
    size_t n;   /* its length */
    size_t cap; /* bytes allocated */
    int oom;    /* an allocation failed */
} tt_sbuf;

/* Appends formatted text. */
void tt_sbuf_printf(tt_sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void tt_sbuf_vprintf(tt_sbuf *b, const char *fmt, va_list ap);
/* Appends n bytes of s as they are (no format to read: a copy). */
void tt_sbuf_putn(tt_sbuf *b, const char *s, size_t n);

/* Writes s, between quotes, as jansson's dumps writes a string: '"', '\\' and
 * the control characters escaped (\b \f \n \r \t, the others \u00XX), every
 * other byte as it is (UTF-8 stays UTF-8). s must be UTF-8, as jansson would
 * have refused it otherwise. The text goes to put(to, bytes, n) in runs, so
 * any buffer can take it: the server writes its frames into its own. */
void tt_json_str(const char *s, void (*put)(void *to, const char *bytes, size_t n), void *to);
/* tt_json_str into b. */
void tt_sbuf_json_str(tt_sbuf *b, const char *s);

/* The text, which the caller then owns ("" when nothing was written), or NULL
 * when an allocation failed (the buffer is freed either way). */
char *tt_sbuf_take(tt_sbuf *b);

#endif
