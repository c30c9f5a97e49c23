/* Outgoing frames: JSON text written straight into a reused buffer, and the
 * frames queued to the connections.
 *
 * The frequent frames (a view, a narration, presence, an action accepted)
 * are written here without a JSON tree, byte for byte as jansson's compact
 * dump of the tree the server once built (tests/server/test_frames.c holds
 * the two side by side): keys in the order they were packed, strings escaped
 * as jansson escapes them (tt_json_str, core/sbuf.h), a string that is not UTF-8 left out where jansson
 * would have refused it.
 *
 * A frame (srv_msg) holds its WebSocket header and text, ready for the wire,
 * and is shared: a seat's view goes once to every connection of that seat,
 * the spectators' once to all of them, each queue holding a reference; the
 * last reference gives it back to a pool of buffers by size, so a server at
 * a steady load allocates no memory per frame. Everything here belongs to
 * the service thread. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sbuf.h"
#include "server/server_int.h"

#define POOL_MIN 8     /* 256 bytes: the smallest pooled frame */
#define POOL_KEEP 1024 /* frames kept per size at most */

void sb_clear(srv_buf *b)
{
    b->n = 0;
    b->bad = 0;
}

void sb_free(srv_buf *b)
{
    free(b->p);
    *b = (srv_buf){NULL, 0, 0, 0};
}

/* Room for n more bytes; 0, or -1 (b->bad set) when there is no memory. */
static int sb_room(srv_buf *b, size_t n)
{
    if (b->n + n <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 1024;
    while (cap < b->n + n)
        cap *= 2;
    char *grown = realloc(b->p, cap);
    if (!grown) {
        b->bad = 1;
        return -1;
    }
    b->p = grown;
    b->cap = cap;
    return 0;
}

void sb_put(srv_buf *b, const char *s, size_t n)
{
    if (sb_room(b, n) == 0) {
        memcpy(b->p + b->n, s, n);
        b->n += n;
    }
}

void sb_int(srv_buf *b, long long v)
{
    char num[24];
    int n = snprintf(num, sizeof num, "%lld", v);
    sb_put(b, num, (size_t)n);
}

void sb_bool(srv_buf *b, int v)
{
    if (v)
        sb_lit(b, "true");
    else
        sb_lit(b, "false");
}

/* Is s well-formed UTF-8 (jansson's test: no overlong form, no surrogate,
 * nothing past U+10FFFF)? */
int sb_utf8(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned c = *p, need, cp;
        if (c < 0x80) {
            p++;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF)
            need = 1, cp = c & 0x1F;
        else if (c >= 0xE0 && c <= 0xEF)
            need = 2, cp = c & 0x0F;
        else if (c >= 0xF0 && c <= 0xF4)
            need = 3, cp = c & 0x07;
        else
            return 0;
        for (unsigned i = 1; i <= need; i++) {
            if ((p[i] & 0xC0) != 0x80)
                return 0;
            cp = cp << 6 | (p[i] & 0x3Fu);
        }
        if ((need == 2 && cp < 0x800) || (need == 3 && cp < 0x10000) || cp > 0x10FFFF ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return 0;
        p += need + 1;
    }
    return 1;
}

static void put_sb(void *to, const char *bytes, size_t n)
{
    sb_put(to, bytes, n);
}

void sb_str(srv_buf *b, const char *s)
{
    tt_json_str(s, put_sb, b);
}

/* --- frames, shared and pooled -------------------------------------------------------- */

static int size_class(size_t n)
{
    int k = POOL_MIN;
    while (k < SRV_POOL_CLASSES + POOL_MIN - 1 && ((size_t)1 << k) < n)
        k++;
    return ((size_t)1 << k) < n ? -1 : k - POOL_MIN;
}

srv_msg *srv_msg_new(srv *s, const char *text, size_t len)
{
    size_t hdr = len < 126 ? 2 : len < 65536 ? 4 : 10, total = hdr + len;
    int k = size_class(total);
    srv_msg *m = k >= 0 ? s->pool[k] : NULL;
    if (m) {
        s->pool[k] = m->next_free;
        s->npool[k]--;
    } else {
        m = malloc(sizeof *m + (k >= 0 ? (size_t)1 << (k + POOL_MIN) : total));
        if (!m)
            return NULL;
    }
    m->refs = 1;
    m->size_class = k;
    m->len = total;
    unsigned char *h = m->buf;
    h[0] = 0x81; /* FIN, a text frame; a server's frames are not masked (RFC 6455, 5.2) */
    if (hdr == 2)
        h[1] = (unsigned char)len;
    else if (hdr == 4) {
        h[1] = 126;
        h[2] = (unsigned char)(len >> 8);
        h[3] = (unsigned char)len;
    } else {
        h[1] = 127;
        for (int i = 0; i < 8; i++)
            h[2 + i] = (unsigned char)((unsigned long long)len >> (56 - 8 * i));
    }
    memcpy(m->buf + hdr, text, len);
    return m;
}

void srv_msg_unref(srv *s, srv_msg *m)
{
    if (!m || --m->refs > 0)
        return;
    int k = m->size_class;
    if (k < 0 || s->npool[k] >= POOL_KEEP) {
        free(m);
        return;
    }
    m->next_free = s->pool[k];
    s->pool[k] = m;
    s->npool[k]++;
}

void srv_msg_pool_free(srv *s)
{
    for (int k = 0; k < SRV_POOL_CLASSES; k++)
        while (s->pool[k]) {
            srv_msg *m = s->pool[k];
            s->pool[k] = m->next_free;
            free(m);
        }
}

srv_msg *srv_msg_of(srv *s, const srv_buf *b)
{
    return b->bad ? NULL : srv_msg_new(s, b->p, b->n);
}
