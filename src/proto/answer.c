/* Answers of the text protocol: the growable buffer commands write into, the
 * error forms, and the GTP framing (see proto_int.h).
 *
 * A response is "=[id] result" or "?[id] error" and one empty line. An empty
 * line inside a result would end the response early for every client, so
 * framing drops blank lines; an error is always one line. Out of memory never
 * crashes: the buffer remembers it and the dispatcher answers with it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/proto_int.h"

void proto_putn(proto_buf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n + 1)
            cap *= 2;
        char *t = realloc(b->s, cap);
        if (!t) {
            b->oom = 1;
            return;
        }
        b->s = t;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

void proto_puts(proto_buf *b, const char *s)
{
    proto_putn(b, s, strlen(s));
}

static void vprintf_to(proto_buf *b, const char *fmt, va_list ap)
{
    char small[512];
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n < 0)
        b->oom = 1;
    else if ((size_t)n < sizeof small)
        proto_putn(b, small, (size_t)n);
    else {
        char *big = malloc((size_t)n + 1);
        if (big) {
            vsnprintf(big, (size_t)n + 1, fmt, again);
            proto_putn(b, big, (size_t)n);
        } else
            b->oom = 1;
        free(big);
    }
    va_end(again);
}

void proto_printf(proto_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf_to(b, fmt, ap);
    va_end(ap);
}

static void reset(proto_buf *b)
{
    b->n = 0;
    b->oom = 0;
    if (b->s)
        b->s[0] = '\0';
}

int proto_fail(proto_buf *b, const char *fmt, ...)
{
    reset(b);
    va_list ap;
    va_start(ap, fmt);
    vprintf_to(b, fmt, ap);
    va_end(ap);
    return PROTO_FAIL;
}

int proto_fail_err(proto_buf *b, int rc, const tt_error *err)
{
    char text[400];
    if (!err->msg[0])
        return proto_fail(b, "%s", tt_strerror(rc));
    return proto_fail(b, "%s: %s", tt_strerror(rc), tt_error_text(err, text, sizeof text));
}

int proto_fail_nomem(proto_buf *b)
{
    return proto_fail(b, "%s: out of memory", tt_strerror(TT_ENOMEM));
}

/* A line that would read as the end of a response. */
static int blank(const char *s, size_t len)
{
    return strspn(s, " ") >= len;
}

char *proto_frame(int ok, const char *id, const char *text)
{
    proto_buf b = {0};
    proto_printf(&b, "%c%s", ok ? '=' : '?', id);
    if (*text && *text != '\n')
        proto_puts(&b, " ");
    size_t len = strcspn(text, "\n");
    proto_putn(&b, text, len);
    for (const char *s = text + len; ok && *s;) {
        s++; /* past the newline */
        len = strcspn(s, "\n");
        if (!blank(s, len)) {
            proto_puts(&b, "\n");
            proto_putn(&b, s, len);
        }
        s += len;
    }
    proto_puts(&b, "\n\n");
    if (b.oom) {
        free(b.s);
        return NULL;
    }
    return b.s;
}
