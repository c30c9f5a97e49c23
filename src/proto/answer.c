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
    tt_sbuf_putn(b, s, n);
}

void proto_puts(proto_buf *b, const char *s)
{
    tt_sbuf_putn(b, s, strlen(s));
}

void proto_printf(proto_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tt_sbuf_vprintf(b, fmt, ap);
    va_end(ap);
}

static void reset(proto_buf *b)
{
    b->n = 0;
    b->oom = 0;
    if (b->p)
        b->p[0] = '\0';
}

int proto_fail(proto_buf *b, const char *fmt, ...)
{
    reset(b);
    va_list ap;
    va_start(ap, fmt);
    tt_sbuf_vprintf(b, fmt, ap);
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
    return tt_sbuf_take(&b);
}
