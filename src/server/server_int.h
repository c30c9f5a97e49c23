/* The server's insides, shared by its files: tables (tables.c), frames
 * (frames.c), the network (net.c) and the AI workers (workers.c).
 *
 * Everything here belongs to the service thread, but for the workers' queues
 * (workers.c, under their mutex). A table lives until the server stops, so a
 * connection or an AI job may point at it. */
#ifndef TT_SERVER_INT_H
#define TT_SERVER_INT_H

#include <jansson.h>
#include <pthread.h>
#include <stddef.h>

#include "server/server.h"
#include "server/store.h"
#include "tabletop/ai.h"
#include "tabletop/game.h"
#include "tabletop/view.h"

#define SRV_FRAME_MAX 16384    /* bytes of one client frame */
#define SRV_OUT_MAX (8u << 20) /* bytes queued to one connection before it is dropped */
#define SRV_EVENTS 512
#define SRV_NO_SEAT (-100)

#define SRV_POOL_CLASSES 13 /* pooled frame sizes: 256 bytes to 1 MiB, by powers of two */

typedef struct srv srv;
typedef struct srv_conn srv_conn;

/* An outgoing frame, shared by the connections it is queued to: its
 * WebSocket header and text, len bytes ready for the wire (out.c). */
typedef struct srv_msg {
    int refs;
    int size_class; /* its pool, or -1: freed with its last reference */
    struct srv_msg *next_free;
    size_t len;
    unsigned char buf[];
} srv_msg;

/* A frame's JSON text being written (out.c); bad: memory ran out on the
 * way, so the frame is not whole and is not sent. */
typedef struct srv_buf {
    char *p;
    size_t n, cap;
    int bad;
} srv_buf;

typedef struct srv_table {
    store_table meta;
    const tt_game *game; /* shared with other tables of the same game and parameters */
    tt_state *state;
    tt_state *next; /* scratch: an action is applied here, stored, then kept */
    tt_ai *ai[TT_MAX_PLAYERS];
    unsigned version; /* moves on with each action; an AI's answer for an older one is dropped */
    int thinking;     /* an AI job for this table is out */
    srv_conn *conns;  /* who is at the table */
    double idle;      /* seconds (monotonic) since when it is over and no one is at it; 0: not */
    unsigned agreed[TT_MAX_PLAYERS];             /* per seat: who agreed to hand it to an AI */
    char handover[TT_MAX_PLAYERS][STORE_AI_MAX]; /* per seat: the AI proposed, "" none */
    int undo_asked;       /* 1 + the seat asking to take back past others' decisions; 0 none */
    int undo_at;          /* the record's length when it was asked */
    unsigned undo_need;   /* whose consent it needs (those who decided since) */
    unsigned undo_agreed; /* who gave it */
    tt_event *log;        /* every event since the start, for the narration of who (re)joins */
    int nlog, caplog;
    /* while everyone at the table is sent his view (views_to_all): each
     * seat's view frame, and the spectators' (the last), built once and
     * shared; dropped after, so that an idle table holds no frame */
    srv_msg *view[TT_MAX_PLAYERS + 1];
    struct srv_table *next_table;
} srv_table;

struct srv_conn {
    struct lws *wsi;
    srv *srv;
    srv_table *table;
    int seat; /* a player, TT_VIEW_SPECTATOR, or SRV_NO_SEAT */
    char *rx; /* a frame arriving in pieces, gathered; NULL between such frames */
    size_t nrx;
    int rx_oversize;
    double tokens; /* rate limit: frames it may send now */
    double last;   /* seconds, when tokens were counted */
    srv_msg **q;   /* frames to send, a ring of qcap from qhead: qn in all, of which the */
    unsigned qhead, qn, qcap, qready; /* first qready are durable (the rest wait: srv_flush) */
    size_t nout;                      /* bytes queued */
    srv_conn *next_at_table;
    srv_conn *next_held; /* on srv.held: it has frames waiting for the commit */
    int on_held;
};

typedef struct srv_loaded {
    tt_game *game;
    struct srv_loaded *next;
} srv_loaded;

typedef struct srv_workers srv_workers;

struct srv {
    struct lws_context *ctx;
    store *store;
    srv_table *tables;
    srv_loaded *games;
    srv_workers *workers;
    int rate;       /* frames a second a connection may send (srv_opts) */
    int unload;     /* seconds a finished table no one is at stays loaded (srv_opts) */
    int closing;    /* the server is stopping: tell nobody anything more */
    srv_conn *held; /* connections with frames waiting for the commit */
    tt_event evbuf[SRV_EVENTS];
    srv_buf text;    /* a frame being written */
    srv_buf wire;    /* a connection's frames gathered for one write */
    tt_action *acts; /* room for the legal actions of the game that has most */
    int nacts;
    srv_msg *pool[SRV_POOL_CLASSES]; /* frames given back, by size */
    int npool[SRV_POOL_CLASSES];
};

/* tables.c */
/* The game for name and params, loaded once and shared by every table that
 * plays it (the server frees it when it stops); parameters that name a file
 * are refused. */
int srv_game(srv *s, const char *name, const char *params, const tt_game **out, tt_error *err);
int srv_tables_load(srv *s, tt_error *err);
void srv_tables_free(srv *s);
/* Table id, from memory or else rebuilt from the store (a finished table's
 * links keep working after a restart); NULL with err set when there is none
 * or its record does not replay. */
srv_table *srv_table_open(srv *s, int64_t id, tt_error *err);
/* Creates a table from a "create" frame's fields; on TT_OK *out is stored. */
int srv_table_create(srv *s, const char *game, const char *params, json_t *seats, uint64_t seed,
                     int has_seed, srv_table **out, tt_error *err);
/* Applies text for seat at t: stored, then told to everyone at the table. On
 * error nothing changed. */
int srv_table_act(srv *s, srv_table *t, int seat, const char *text, tt_error *err);
/* Starts the AI of the seat to move thinking, when it is an AI's turn. */
void srv_table_think(srv *s, srv_table *t);
int srv_table_undo(srv *s, srv_table *t, int seat, int *asked, tt_error *err);
int srv_table_undo_agree(srv *s, srv_table *t, int q, tt_error *err);
/* Seat q refuses the undo asked of him: the ask is dropped, everyone told. */
int srv_table_undo_refuse(srv_table *t, int q, tt_error *err);
int srv_table_hand_over(srv *s, srv_table *t, int by, int seat, json_t *ai, tt_error *err);
/* Seat `by`, whose agreement it needs, refuses to hand `seat` to an AI: the
 * proposal is dropped, everyone told. */
int srv_table_hand_over_refuse(srv_table *t, int by, int seat, tt_error *err);
/* Sends c its view (and legal actions) of its table. */
void srv_table_send_view(srv *s, srv_table *t, srv_conn *c);
/* The frames' text, written into b (sb_clear'd first): seat's view of t
 * ("view"), t's presence ("presence"), and the narration of ev[0..n-1] as
 * seat may read it ("narration"; history: they are the game so far). */
void srv_view_write(srv *s, srv_table *t, int seat, srv_buf *b);
void srv_presence_write(const srv_table *t, srv_buf *b);
int srv_narration_write(const srv_table *t, int seat, const tt_event *ev, int n, int history,
                        srv_buf *b);
/* Sends c the narration of the whole game so far, as its seat may read it. */
void srv_table_send_history(srv *s, srv_table *t, srv_conn *c);
/* Tells everyone at t who is at it: one presence frame, shared. */
void srv_table_presence(srv *s, srv_table *t);
json_t *srv_table_summary(const srv_table *t);
int srv_table_over(const srv_table *t);
void srv_tables_sweep(srv *s, double now);

/* out.c */
void sb_clear(srv_buf *b);
void sb_free(srv_buf *b);
void sb_put(srv_buf *b, const char *s, size_t n);
#define sb_lit(b, lit) sb_put((b), "" lit, sizeof(lit) - 1) /* a literal only */
/* s as a JSON string (the caller checked sb_utf8 where it may not be UTF-8) */
void sb_str(srv_buf *b, const char *s);
void sb_int(srv_buf *b, long long v);
void sb_bool(srv_buf *b, int v);
int sb_utf8(const char *s);
/* A frame of text (len bytes), one reference the caller's; NULL without memory. */
srv_msg *srv_msg_new(srv *s, const char *text, size_t len);
/* The frame of b's text; NULL when b is bad or without memory. */
srv_msg *srv_msg_of(srv *s, const srv_buf *b);
void srv_msg_unref(srv *s, srv_msg *m);
void srv_msg_pool_free(srv *s);

/* frames.c */
void srv_frame(srv *s, srv_conn *c, const char *text, size_t len);
void srv_send_error(srv_conn *c, json_t *id, const char *cmd, const tt_error *err);

/* net.c */
/* Queues a frame (it takes it); it leaves once what was stored before it
 * is durable: at the end of the service round, after srv_flush. */
void srv_send_json(srv_conn *c, json_t *frame);
/* Queues m to c, which takes a reference of its own (m NULL: nothing). */
void srv_send(srv_conn *c, srv_msg *m);
/* Queues the frame written in s->text to c. */
void srv_send_text(srv_conn *c);
void srv_conn_leave(srv_conn *c);

/* workers.c */
int srv_workers_start(srv *s, int n, tt_error *err);
void srv_workers_stop(srv *s);
/* Queues a search by ai for table t (its version now) on a copy of state. */
int srv_workers_submit(srv *s, srv_table *t, tt_ai *ai);
/* Applies every answer the workers have given (service thread). */
void srv_workers_collect(srv *s);

#endif
