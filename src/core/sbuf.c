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

void tt_json_str(const char *s, void (*put)(void *to, const char *bytes, size_t n), void *to)
{
    static const char hex[] = "0123456789ABCDEF";
    put(to, "\"", 1);
    for (const char *run = s;; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        if (s > run)
            put(to, run, (size_t)(s - run));
        run = s + 1;
        if (c == '\0')
            break;
        char esc[6] = {'\\', (char)c, 0, 0, 0, 0};
        size_t n = 2;
        if (c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t')
            esc[1] = "bfnrt"[strchr("\b\f\n\r\t", c) - "\b\f\n\r\t"];
        else if (c < 0x20) {
            memcpy(esc + 1, "u00", 3);
            esc[4] = hex[c >> 4];
            esc[5] = hex[c & 15];
            n = 6;
        }
        put(to, esc, n);
    }
    put(to, "\"", 1);
}

static void put_sbuf(void *to, const char *bytes, size_t n)
{
    tt_sbuf_putn(to, bytes, n);
}

void tt_sbuf_json_str(tt_sbuf *b, const char *s)
{
    tt_json_str(s, put_sbuf, b);
}

char *tt_sbuf_take(tt_sbuf *b)
{
    char *text = b->oom ? NULL : b->p ? b->p : strdup("");
    if (b->oom)
        free(b->p);
    *b = (tt_sbuf){0};
    return text;
}
