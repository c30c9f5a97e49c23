/* A growing text buffer (see sbuf.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sbuf.h"

void tt_sbuf_printf(tt_sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tt_sbuf_vprintf(b, fmt, ap);
    va_end(ap);
}

/* Room for n more bytes and the NUL; 0 when out of memory (oom is then set). */
static int reserve(tt_sbuf *b, size_t n)
{
    if (b->oom)
        return 0;
    if (b->p && b->n + n < b->cap)
        return 1;
    size_t cap = (b->cap + n + 1) * 2;
    char *p = realloc(b->p, cap);
    if (!p) {
        b->oom = 1;
        return 0;
    }
    b->p = p;
    b->cap = cap;
    return 1;
}

void tt_sbuf_vprintf(tt_sbuf *b, const char *fmt, va_list ap0)
{
    /* into the room there is; when the text did not fit, again after growing */
    for (int tries = 0; tries < 2 && !b->oom; tries++) {
        size_t room = b->p ? b->cap - b->n : 0;
        va_list ap;
        va_copy(ap, ap0);
        int k = vsnprintf(b->p ? b->p + b->n : NULL, room, fmt, ap);
        va_end(ap);
        if (k < 0)
            return;
        if ((size_t)k < room) {
            b->n += (size_t)k;
            return;
        }
        reserve(b, (size_t)k);
    }
}

void tt_sbuf_putn(tt_sbuf *b, const char *s, size_t n)
{
    if (!reserve(b, n))
        return;
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

char *tt_sbuf_take(tt_sbuf *b)
{
    char *text = b->oom ? NULL : b->p ? b->p : strdup("");
    if (b->oom)
        free(b->p);
    *b = (tt_sbuf){0};
    return text;
}
