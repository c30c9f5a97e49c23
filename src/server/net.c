/* The server's network side: one libwebsockets context, one port, HTTP for
 * the built-in web client and WebSockets (subprotocol "tabletop") for play.
 *
 * Everything here runs on the service thread. Static files come only from
 * the set compiled in from web/ (srv_web_files): a path is looked up by exact
 * name, so no path reaches the file system. A WebSocket frame is gathered up
 * to SRV_FRAME_MAX bytes (a longer one is answered with an error and dropped)
 * and handed to frames.c; a connection may send srv_opts.rate frames a second
 * (twice that at once), beyond which each frame is answered with an error and
 * dropped. Outgoing frames queue per connection until it is writable; one
 * that lets SRV_OUT_MAX bytes pile up is closed. The AI workers wake the
 * service loop with lws_cancel_service, which arrives here as
 * LWS_CALLBACK_EVENT_WAIT_CANCELLED.
 *
 * The loop is libuv's, which libwebsockets joins as a foreign loop: epoll
 * tells of the sockets that are ready, where libwebsockets' own loop is
 * poll(2), which looks at every connection's socket on every round (with
 * 10,000 connections, most of the server's time went there). */
#include <libwebsockets.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <uv.h>

#include "core/errors.h"
#include "server/server_int.h"

struct tt_embedded_file {
    const char *path;
    const char *text;
    size_t size;
};
extern const struct tt_embedded_file srv_web_files[];
extern const struct tt_embedded_file tt_embedded[]; /* the sample content (data/) */

static srv *srv_of(struct lws *wsi)
{
    return lws_context_user(lws_get_context(wsi));
}

/* --- HTTP: the built-in files -------------------------------------------------------- */

typedef struct http_conn {
    const struct tt_embedded_file *file;
    int head; /* a HEAD: the headers alone */
} http_conn;

static const struct tt_embedded_file *find_in(const struct tt_embedded_file *set, const char *name)
{
    for (int i = 0; set[i].path; i++)
        if (strcmp(set[i].path, name) == 0)
            return &set[i];
    return NULL;
}

/* The web client's files by name; under /content/, the sample content the
 * tables play with (a dedicated board draws Tannhäuser's map from it). */
static const struct tt_embedded_file *web_find(const char *uri)
{
    static const char content[] = "/content/";
    if (strcmp(uri, "/") == 0)
        uri = "/index.html";
    if (strncmp(uri, content, sizeof content - 1) == 0)
        return find_in(tt_embedded, uri + sizeof content - 1);
    return uri[0] == '/' ? find_in(srv_web_files, uri + 1) : NULL;
}

static const char *mime_of(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (dot && strcmp(dot, ".html") == 0)
        return "text/html; charset=utf-8";
    if (dot && strcmp(dot, ".js") == 0)
        return "text/javascript; charset=utf-8";
    if (dot && strcmp(dot, ".css") == 0)
        return "text/css; charset=utf-8";
    if (dot && strcmp(dot, ".json") == 0)
        return "application/json";
    return "application/octet-stream";
}

/* Answers with status alone (an error page), and ends the transaction. */
static int http_status(struct lws *wsi, unsigned status)
{
    if (lws_return_http_status(wsi, status, NULL))
        return -1;
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

/* The files are only read: GET, or HEAD for the headers; any other method
 * is refused at once, before a body it may carry. */
static int http_head(struct lws *wsi, http_conn *h, const char *uri)
{
    unsigned char buf[LWS_PRE + 1024], *start = buf + LWS_PRE, *p = start, *end = buf + sizeof buf;
    static const char nosniff[] = "nosniff";
    h->head = lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0;
    if (!h->head && lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) <= 0)
        return http_status(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED);
    h->file = web_find(uri);
    if (!h->file)
        return http_status(wsi, HTTP_STATUS_NOT_FOUND);
    if (lws_add_http_common_headers(wsi, HTTP_STATUS_OK, mime_of(h->file->path), h->file->size, &p,
                                    end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"x-content-type-options:",
                                    (const unsigned char *)nosniff, sizeof nosniff - 1, &p, end) ||
        lws_finalize_write_http_header(wsi, start, &p, end))
        return -1;
    if (h->head) {
        h->file = NULL;
        return lws_http_transaction_completed(wsi) ? -1 : 0;
    }
    lws_callback_on_writable(wsi);
    return 0;
}

static int http_body(struct lws *wsi, http_conn *h)
{
    if (!h->file)
        return 0;
    size_t n = h->file->size;
    unsigned char *buf = malloc(LWS_PRE + n);
    if (!buf)
        return -1;
    memcpy(buf + LWS_PRE, h->file->text, n);
    int w = lws_write(wsi, buf + LWS_PRE, n, LWS_WRITE_HTTP_FINAL);
    free(buf);
    h->file = NULL;
    if (w < (int)n)
        return -1;
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

static int http_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                         size_t len)
{
    (void)len;
    switch (reason) {
    case LWS_CALLBACK_HTTP: return http_head(wsi, user, in);
    case LWS_CALLBACK_HTTP_WRITEABLE: return http_body(wsi, user);
    /* an upgrade that asks for no subprotocol (or this one) lands here: the
     * game is "tabletop" only, so it is refused rather than opened and then
     * left unanswered */
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION: return -1;
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED: srv_workers_collect(srv_of(wsi)); return 0;
    default: return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

/* --- WebSockets: the game ------------------------------------------------------------ */

/* Queues m to c (held until the commit: srv_flush). A reader that lets
 * SRV_OUT_MAX bytes pile up would hold the server's memory: it is let go
 * (its socket may never become writable, so not from ws_writable). */
void srv_send(srv_conn *c, srv_msg *m)
{
    if (!m)
        return;
    if (c->nout + m->len > SRV_OUT_MAX) {
        lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
        return;
    }
    if (c->qn == c->qcap) {
        unsigned cap = c->qcap ? c->qcap * 2 : 8;
        srv_msg **grown = malloc(sizeof *grown * cap);
        if (!grown)
            return;
        for (unsigned i = 0; i < c->qn; i++)
            grown[i] = c->q[(c->qhead + i) % c->qcap];
        free(c->q);
        c->q = grown;
        c->qhead = 0;
        c->qcap = cap;
    }
    m->refs++;
    c->q[(c->qhead + c->qn++) % c->qcap] = m;
    c->nout += m->len;
    if (!c->on_held) {
        c->on_held = 1;
        c->next_held = c->srv->held;
        c->srv->held = c;
    }
}

void srv_send_text(srv_conn *c)
{
    srv_msg *m = srv_msg_of(c->srv, &c->srv->text);
    srv_send(c, m);
    srv_msg_unref(c->srv, m);
}

void srv_send_json(srv_conn *c, json_t *frame)
{
    char *text = json_dumps(frame, JSON_COMPACT);
    json_decref(frame);
    if (!text)
        return;
    srv_msg *m = srv_msg_new(c->srv, text, strlen(text));
    free(text);
    srv_send(c, m);
    srv_msg_unref(c->srv, m);
}

/* Group commit: everything stored during a service round is committed at
 * its end, with one sync of the disk, and only then are the frames queued
 * meanwhile let go: no one is told of an action before it is durable, and
 * a round's actions, from any number of tables, share one fsync. */
static int srv_flush(srv *s, tt_error *err)
{
    int rc = store_flush(s->store, err);
    if (rc != TT_OK)
        return rc;
    while (s->held) {
        srv_conn *c = s->held;
        s->held = c->next_held;
        c->on_held = 0;
        c->qready = c->qn;
        lws_callback_on_writable(c->wsi);
    }
    return TT_OK;
}

/* A connection that closes leaves srv.held (its frames go with it). */
static void held_forget(srv_conn *c)
{
    if (!c->on_held) /* nor is a connection refused before it was set up (no srv) */
        return;
    for (srv_conn **p = &c->srv->held; *p; p = &(*p)->next_held)
        if (*p == c) {
            *p = c->next_held;
            c->on_held = 0;
            return;
        }
}

/* Drops the first n frames of c's queue. */
static void queue_pop(srv_conn *c, unsigned n)
{
    for (; n > 0; n--) {
        srv_msg *m = c->q[c->qhead];
        c->qhead = (c->qhead + 1) % c->qcap;
        c->qn--;
        c->qready--;
        c->nout -= m->len;
        srv_msg_unref(c->srv, m);
    }
}

/* Sends every durable frame queued to c in one write: each already carries
 * its WebSocket header, so they go out as they are (LWS_WRITE_HTTP: raw,
 * libwebsockets keeping what the socket does not take yet). */
static int ws_writable(srv_conn *c)
{
    srv_buf *w = &c->srv->wire;
    unsigned n = c->qready;
    if (n == 0)
        return 0;
    sb_clear(w);
    for (unsigned i = 0; i < n; i++) {
        const srv_msg *m = c->q[(c->qhead + i) % c->qcap];
        sb_put(w, (const char *)m->buf, m->len);
    }
    if (w->bad)
        return -1;
    int sent = lws_write(c->wsi, (unsigned char *)w->p, w->n, LWS_WRITE_HTTP);
    queue_pop(c, n);
    return sent < (int)w->n ? -1 : 0;
}

void srv_conn_leave(srv_conn *c)
{
    srv_table *t = c->table;
    if (!t)
        return;
    for (srv_conn **p = &t->conns; *p; p = &(*p)->next_at_table)
        if (*p == c) {
            *p = c->next_at_table;
            break;
        }
    c->table = NULL;
    c->seat = SRV_NO_SEAT;
    c->next_at_table = NULL;
    if (!c->srv->closing)
        srv_table_presence(c->srv, t);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Takes one frame's worth from c's allowance; 0 when it has none left. */
static int rate_ok(srv_conn *c)
{
    double now = now_seconds();
    int rate = c->srv->rate;
    c->tokens += (now - c->last) * rate;
    if (c->tokens > 2 * rate)
        c->tokens = 2 * rate;
    c->last = now;
    if (c->tokens < 1)
        return 0;
    c->tokens -= 1;
    return 1;
}

static void refuse(srv_conn *c, const char *fmt, int limit)
{
    tt_error err;
    tt_fail(&err, TT_EARG, NULL, fmt, limit);
    srv_send_error(c, NULL, NULL, &err);
}

/* Hands a whole frame to frames.c, unless it was too long or too soon. */
static void frame_in(srv_conn *c, const char *text, size_t len, int oversize)
{
    if (oversize)
        refuse(c, "frame larger than %d bytes", SRV_FRAME_MAX);
    else if (!rate_ok(c))
        refuse(c, "too many frames: at most %d a second", c->srv->rate);
    else
        srv_frame(c->srv, c, text, len);
}

/* A frame that arrives whole (nearly all of them) is read where lws put it;
 * only one in pieces is gathered, in a buffer that lives while it does, so
 * an idle connection holds no buffer of its own. */
static void ws_receive(struct lws *wsi, srv_conn *c, const char *in, size_t len)
{
    int last = lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi);
    if (last && c->nrx == 0 && !c->rx_oversize) {
        frame_in(c, in, len, len > SRV_FRAME_MAX);
        return;
    }
    if (!c->rx_oversize && c->nrx + len > SRV_FRAME_MAX)
        c->rx_oversize = 1;
    if (!c->rx_oversize && !c->rx && !(c->rx = malloc(SRV_FRAME_MAX)))
        c->rx_oversize = 1; /* refused as too long: there is no room for it */
    if (!c->rx_oversize) {
        memcpy(c->rx + c->nrx, in, len);
        c->nrx += len;
    }
    if (!last)
        return;
    frame_in(c, c->rx, c->nrx, c->rx_oversize);
    free(c->rx);
    c->rx = NULL;
    c->nrx = 0;
    c->rx_oversize = 0;
}

static void ws_closed(srv_conn *c)
{
    srv_conn_leave(c);
    held_forget(c);
    c->qready = c->qn;
    queue_pop(c, c->qn);
    free(c->q);
    c->q = NULL;
    free(c->rx);
    c->rx = NULL;
}

/* May this WebSocket open? A browser names the page that opens it in Origin:
 * only a page of this server (its Host, over http or https behind a proxy)
 * may create, join or watch tables, so a page of another site cannot use a
 * visitor's browser to reach them. A client that is not a browser sends no
 * Origin; it holds only what it was given, as any client does. */
static int origin_ok(struct lws *wsi)
{
    char origin[256], host[256];
    if (lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN) <= 0)
        return 1;
    if (lws_hdr_copy(wsi, origin, sizeof origin, WSI_TOKEN_ORIGIN) <= 0 ||
        lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) <= 0)
        return 0;
    const char *o = origin;
    if (strncmp(o, "http://", 7) == 0)
        o += 7;
    else if (strncmp(o, "https://", 8) == 0)
        o += 8;
    else
        return 0;
    return strcasecmp(o, host) == 0;
}

static int ws_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                       size_t len)
{
    srv_conn *c = user;
    switch (reason) {
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION: return origin_ok(wsi) ? 0 : -1;
    case LWS_CALLBACK_ESTABLISHED:
        memset(c, 0, sizeof *c);
        c->wsi = wsi;
        c->srv = srv_of(wsi);
        c->seat = SRV_NO_SEAT;
        c->tokens = 2 * c->srv->rate;
        c->last = now_seconds();
        return 0;
    case LWS_CALLBACK_RECEIVE: ws_receive(wsi, c, in, len); return 0;
    case LWS_CALLBACK_SERVER_WRITEABLE: return ws_writable(c);
    case LWS_CALLBACK_CLOSED: ws_closed(c); return 0;
    default: return 0;
    }
}

static const struct lws_protocols protocols[] = {
    {"http", http_callback, sizeof(http_conn), 0, 0, NULL, 0},
    /* lws keeps a receive buffer this size per connection: client frames are
     * short, and a longer one arrives in pieces (ws_receive) */
    {"tabletop", ws_callback, sizeof(srv_conn), 1024, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0}};

/* --- the service loop ---------------------------------------------------------------- */

/* A timer of the service loop: once a second, the finished tables no one is
 * at are let go after a while (srv_tables_sweep), and this process's lease
 * on its tables is renewed (a shared store's, store_renew). */
typedef struct sweeper {
    lws_sorted_usec_list_t sul;
    srv *s;
} sweeper;

static void sweep(lws_sorted_usec_list_t *sul)
{
    sweeper *w = lws_container_of(sul, sweeper, sul);
    tt_error err;
    srv_tables_sweep(w->s, now_seconds());
    if (store_renew(w->s->store, &err) != TT_OK)
        fprintf(stderr, "%s\n", err.msg); /* tried again in a second */
    lws_sul_schedule(w->s->ctx, 0, &w->sul, sweep, LWS_US_PER_SEC);
}

/* The service loop and what it watches besides the sockets: SIGINT and
 * SIGTERM, which end it. */
typedef struct service_loop {
    uv_loop_t uv;
    uv_signal_t sigint, sigterm;
    int stopping;
} service_loop;

static void on_signal(uv_signal_t *h, int sig)
{
    (void)sig;
    service_loop *l = h->data;
    l->stopping = 1;
    uv_stop(&l->uv);
}

static int loop_open(service_loop *l, tt_error *err)
{
    memset(l, 0, sizeof *l);
    int e = uv_loop_init(&l->uv);
    if (e)
        return tt_fail(err, TT_EIO, NULL, "cannot start the service loop: %s", uv_strerror(e));
    uv_signal_init(&l->uv, &l->sigint);
    uv_signal_init(&l->uv, &l->sigterm);
    l->sigint.data = l->sigterm.data = l;
    return TT_OK;
}

/* Ends the loop and the context on it (*ctx, if any): on a foreign loop a
 * context's destruction begins, the loop runs until every handle, the
 * context's and ours, is closed, and a second call ends it (the context
 * writes NULL to *ctx when it is wholly gone: info.pcontext). */
static void loop_close(service_loop *l, struct lws_context **ctx)
{
    uv_close((uv_handle_t *)&l->sigint, NULL);
    uv_close((uv_handle_t *)&l->sigterm, NULL);
    if (*ctx)
        lws_context_destroy(*ctx);
    uv_run(&l->uv, UV_RUN_DEFAULT);
    if (*ctx)
        lws_context_destroy(*ctx);
    uv_loop_close(&l->uv);
}

static int context_new(srv *s, const srv_opts *o, service_loop *l, tt_error *err)
{
    struct lws_context_creation_info info;
    void *loops[1] = {&l->uv};
    memset(&info, 0, sizeof info);
    info.port = o->port;
    info.iface = o->bind;
    info.protocols = protocols;
    info.vhost_name = "tabletop";
    info.user = s;
    info.gid = -1;
    info.uid = -1;
    /* an address that cannot be bound is an error now, not a retry every 30 s */
    info.options = LWS_SERVER_OPTION_DISABLE_IPV6 | LWS_SERVER_OPTION_FAIL_UPON_UNABLE_TO_BIND |
                   LWS_SERVER_OPTION_LIBUV;
    info.foreign_loops = loops;
    info.pcontext = &s->ctx;
    lws_set_log_level(LLL_ERR, NULL);
    info.options |= LWS_SERVER_OPTION_EXPLICIT_VHOSTS;
    s->ctx = lws_create_context(&info);
    if (!s->ctx)
        return tt_fail(err, TT_EIO, NULL, "cannot start libwebsockets");
    /* the vhost apart: on a foreign loop, a context whose vhost cannot bind comes back anyway */
    if (!lws_create_vhost(s->ctx, &info))
        return tt_fail(err, TT_EIO, NULL, "cannot listen on %s port %d", o->bind, o->port);
    return TT_OK;
}

static void srv_fini(srv *s, service_loop *l)
{
    s->closing = 1;
    srv_workers_stop(s);
    loop_close(l, &s->ctx);
    srv_tables_free(s);
    store_close(s->store);
    sb_free(&s->text);
    sb_free(&s->wire);
    free(s->acts);
    srv_msg_pool_free(s);
    free(s);
}

int srv_run(const srv_opts *o, tt_error *err)
{
    srv *s = calloc(1, sizeof *s);
    if (!s)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    s->rate = o->rate;
    s->unload = o->unload;
    service_loop l;
    int rc = loop_open(&l, err);
    if (rc != TT_OK) {
        free(s);
        return rc;
    }
    rc = store_open(o->db, &s->store, err);
    if (rc == TT_OK) {
        store_defer(s->store);
        store_set_lease(s->store, o->lease);
        rc = store_set_sync(s->store, o->sync, err);
    }
    if (rc == TT_OK) {
        rc = store_renew(s->store, err); /* the lease as asked, before any table is claimed */
    }
    if (rc == TT_OK)
        rc = context_new(s, o, &l, err);
    if (rc == TT_OK)
        rc = srv_workers_start(s, o->workers, err);
    if (rc == TT_OK)
        rc = srv_tables_load(s, err);
    if (rc != TT_OK) {
        srv_fini(s, &l);
        return rc;
    }
    uv_signal_start(&l.sigint, on_signal, SIGINT);
    uv_signal_start(&l.sigterm, on_signal, SIGTERM);
    signal(SIGPIPE, SIG_IGN);
    signal(SIGXFSZ,
           SIG_IGN); /* a database at the file size limit fails its commit: see srv_flush */
    printf("listening on http://%s:%d/\n", o->bind,
           lws_get_vhost_listen_port(lws_get_vhost_by_name(s->ctx, "tabletop")));
    fflush(stdout);
    sweeper w = {.s = s};
    lws_sul_schedule(s->ctx, 0, &w.sul, sweep, LWS_US_PER_SEC);
    while (!l.stopping) { /* a round: what is ready, then the group commit */
        uv_run(&l.uv, UV_RUN_ONCE);
        if ((rc = srv_flush(s, err)) != TT_OK)
            break;
    }
    if (rc != TT_OK) /* what it kept in memory is ahead of the database: a restart resumes it */
        fprintf(stderr, "stopping: the database refused a commit: %s\n", err->msg);
    lws_sul_cancel(&w.sul);
    s->closing = 1; /* frames still held were of writes never committed */
    srv_fini(s, &l);
    return rc;
}
