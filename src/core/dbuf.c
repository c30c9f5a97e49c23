/* A fixed text buffer written with printf (see dbuf.h).
 *
 * The buffer is the caller's and is always terminated; once a write does not
 * fit, `over` stays set, so a caller checks once at the end. */
#include <stdarg.h>
#include <stdio.h>

#include "core/dbuf.h"
#include "tabletop/error.h"

void tt_dbuf_init(tt_dbuf *b, char *p, size_t cap)
{
    *b = (tt_dbuf){.p = p, .cap = cap};
    p[0] = '\0';
}

void tt_dbuf_printf(tt_dbuf *b, const char *fmt, ...)
{
    if (b->over)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->p + b->n, b->cap - b->n, fmt, ap);
    va_end(ap);
    if (k < 0 || b->n + (size_t)k >= b->cap) {
        b->over = 1;
        b->n = b->cap - 1;
        return;
    }
    b->n += (size_t)k;
}

int tt_dbuf_done(const tt_dbuf *b)
{
    return b->over ? TT_EARG : TT_OK;
}
