/* A fixed text buffer the caller provides, written to with printf: the
 * descriptions of game content (tt_describe) are built in one. */
#ifndef TT_CORE_DBUF_H
#define TT_CORE_DBUF_H

#include <stddef.h>

typedef struct tt_dbuf {
    char *p;    /* the caller's buffer, always terminated */
    size_t cap; /* its size in bytes, at least 1 */
    size_t n;   /* length written */
    int over;   /* a write did not fit (the text is cut) */
} tt_dbuf;

/* Starts writing into p (cap bytes, cap >= 1): the text is "". */
void tt_dbuf_init(tt_dbuf *b, char *p, size_t cap);

/* Appends formatted text, cutting it (and setting over) where it does not fit. */
void tt_dbuf_printf(tt_dbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* TT_OK when everything written fits, else TT_EARG. */
int tt_dbuf_done(const tt_dbuf *b);

#endif
