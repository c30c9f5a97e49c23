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

void tt_sbuf_vprintf(tt_sbuf *b, const char *fmt, va_list ap0)
{
    va_list ap;
    while (!b->oom) {
        va_copy(ap, ap0);
        int k = vsnprintf(b->p ? b->p + b->n : NULL, b->p ? b->cap - b->n : 0, fmt, ap);
        va_end(ap);
        if (k < 0)
            return;
        if (b->p && b->n + (size_t)k < b->cap) {
            b->n += (size_t)k;
            return;
        }
        size_t cap = (b->cap + (size_t)k + 1) * 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
}

void tt_sbuf_putn(tt_sbuf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (!b->p || b->n + n >= b->cap) {
        size_t cap = (b->cap + n + 1) * 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
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
