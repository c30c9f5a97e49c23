/* The server's storage: tables, their seats and their records, behind one
 * small interface so that a second backend (PostgreSQL, for several server
 * processes sharing one database) can stand beside SQLite.
 *
 * A table is stored as what it was created with (game, canonical parameters,
 * seed, seats) and its record: one row per atomic action applied, in order,
 * with the player who took it. That is enough to rebuild every table by
 * replaying its record (tt_apply_text_as, row by row); the table row also
 * keeps the state hash after its last action, so that a replay proves it
 * reached the same position. An action is committed before store_actions_add
 * returns: the server tells nobody of an action the store does not hold. */
#ifndef TT_SERVER_STORE_H
#define TT_SERVER_STORE_H

#include <stdint.h>

#include "tabletop/game.h"

enum { STORE_PLAYING = 0, STORE_OVER = 1 }; /* a table's status */
enum { STORE_HUMAN = 0, STORE_AI = 1 };     /* a seat's kind */
#define STORE_TOKEN_LEN 32                  /* hex digits of a seat's 128-bit token */
#define STORE_AI_MAX 64                     /* "ismcts:ms=500" */
#define STORE_GAME_MAX 32

typedef struct store_seat {
    int kind;                        /* STORE_HUMAN or STORE_AI */
    char ai[STORE_AI_MAX];           /* the AI and its parameters, "" for a person */
    char token[STORE_TOKEN_LEN + 1]; /* the seat's secret: whoever holds it plays it */
} store_seat;

typedef struct store_table {
    int64_t id; /* given by the store when the table is added */
    char game[STORE_GAME_MAX];
    char params[TT_PARAMS_MAX]; /* canonical (tt_game_params) */
    uint64_t seed;
    int64_t created; /* seconds since the epoch */
    int status;      /* STORE_PLAYING or STORE_OVER */
    int nactions;    /* rows in its record */
    uint64_t hash;   /* tt_state_hash after the last row (of the new state when none) */
    int nseats;
    store_seat seat[TT_MAX_PLAYERS];
} store_table;

typedef struct store_action {
    int player;       /* who took it */
    int offturn;      /* 1: outside the turn order (concede, offer_draw) */
    const char *text; /* canonical text of one atomic action */
    int more;         /* 1: a later action of the same decision (a compound move's) */
} store_action;

typedef struct store store;

/* What a backend provides; every call returns TT_OK or fills err (TT_EIO for
 * the database's own failures) and leaves the stored data as it was. */
typedef struct store_ops {
    void (*close)(store *s);
    int (*table_add)(store *s, store_table *t, tt_error *err);
    int (*actions_add)(store *s, const store_table *t, const store_action *a, int n, int status,
                       uint64_t hash, tt_error *err);
    int (*table_get)(store *s, int64_t id, store_table *t, tt_error *err);
    int (*tables)(store *s, int status, int (*fn)(void *ctx, const store_table *t), void *ctx,
                  tt_error *err);
    int (*actions)(store *s, int64_t table, int (*fn)(void *ctx, int seq, const store_action *a),
                   void *ctx, tt_error *err);
    int (*actions_drop)(store *s, const store_table *t, int keep, int status, uint64_t hash,
                        tt_error *err);
    int (*seat_set)(store *s, int64_t table, int seat, const store_seat *to, tt_error *err);
    /* Who plays a table, where several processes share one store; NULL in a
     * backend that one process has to itself (SQLite). */
    int (*claim)(store *s, int64_t table, tt_error *err);
    void (*release)(store *s, int64_t table);
    int (*renew)(store *s, tt_error *err);
    /* Group commit (store_defer); NULL where every write commits alone. */
    void (*defer)(store *s);
    int (*flush)(store *s, tt_error *err);
    int (*sync)(store *s, int full, tt_error *err); /* store_set_sync */
} store_ops;

#define STORE_LEASE 30 /* seconds a process's claim on its tables outlives its last renewal */

struct store {
    const store_ops *ops;
    int lease; /* seconds: STORE_LEASE unless store_set_lease says otherwise */
};

/* Opens the store `where` names: a PostgreSQL database for a
 * "postgres://" or "postgresql://" URI (libpq's), else a SQLite database
 * file; either is created with its schema when missing. On success *out owns
 * it (store_close); on failure *out is NULL and err says why. */
int store_open(const char *where, store **out, tt_error *err);
int store_sqlite_open(const char *path, store **out, tt_error *err);
int store_pg_open(const char *uri, store **out, tt_error *err);
/* Closes the store; a shared one gives back every table this process owned. */
void store_close(store *s);

/* Several processes on one store (PostgreSQL): each table is played by one
 * process at a time. store_claim takes table for this process, TT_ESTATE
 * ("table N is played by another server process …") while another owns it
 * and its lease runs; store_renew extends this process's lease over all its
 * tables by s->lease seconds (call it well within that, e.g. each second);
 * store_release gives one back. Every write checks in the same transaction
 * that this process still owns the table. With SQLite, one process owns
 * every table: all three succeed. */
int store_claim(store *s, int64_t table, tt_error *err);
int store_renew(store *s, tt_error *err);
void store_release(store *s, int64_t table);
void store_set_lease(store *s, int seconds);

/* Group commit: after store_defer, the writes (each still all or nothing:
 * a failed one leaves nothing) join one transaction that store_flush
 * commits, durably, with one sync of the disk for them all; they return as
 * before, but nothing is durable until store_flush returns TT_OK, so no one
 * may be told of them before (on failure they are all undone). Closing the
 * store undoes writes not flushed. A backend without it (PostgreSQL)
 * commits each write alone: store_flush is then TT_OK. */
void store_defer(store *s);
int store_flush(store *s, tt_error *err);

/* How far a commit goes before it returns. STORE_SYNC_NORMAL: it has reached
 * the operating system (SQLite: WAL, synchronous=NORMAL; PostgreSQL: the
 * database server, synchronous_commit off), so a crash or kill -9 of this
 * process loses nothing, and a power cut or a crash of the machine (of the
 * database server) may lose the last commits, the database staying whole.
 * STORE_SYNC_FULL: it is on the disk (synchronous=FULL; synchronous_commit
 * on), at the price of one sync of the disk per commit. */
enum { STORE_SYNC_NORMAL, STORE_SYNC_FULL };
int store_set_sync(store *s, int sync, tt_error *err);

/* Adds table t (its id, nactions and hash are the caller's too: nactions 0,
 * hash that of the new state) and its seats; on TT_OK t->id is set. */
int store_table_add(store *s, store_table *t, tt_error *err);

/* Appends a[0..n-1] to table t's record after its t->nactions rows, and sets
 * its status and the hash of the state they led to, in one transaction that
 * is durable when this returns TT_OK (deferred: when store_flush does). TT_ESTATE when the stored record is no
 * longer t->nactions rows long (another process moved the table on); on any
 * failure nothing was stored. The caller then adds n to t->nactions. */
int store_actions_add(store *s, const store_table *t, const store_action *a, int n, int status,
                      uint64_t hash, tt_error *err);

/* Takes table t's record back to its first `keep` rows (a decision taken
 * back), setting its status and hash, in one durable transaction; TT_ESTATE
 * when the stored record is no longer t->nactions rows long. On any failure
 * nothing changed. */
int store_actions_drop(store *s, const store_table *t, int keep, int status, uint64_t hash,
                       tt_error *err);
/* Sets seat `seat` of table to `to`'s kind and AI (its token stays), durably. */
int store_seat_set(store *s, int64_t table, int seat, const store_seat *to, tt_error *err);
/* Reads table id into *t; TT_EARG "no table N" when there is none. */
int store_table_get(store *s, int64_t id, store_table *t, tt_error *err);

/* Calls fn for every table with `status` (-1: every table), oldest first,
 * until fn returns non-zero; TT_OK or the store's error. */
int store_tables(store *s, int status, int (*fn)(void *ctx, const store_table *t), void *ctx,
                 tt_error *err);

/* Calls fn for every row of table's record in order (seq from 0); the action's
 * text lives until fn returns. Stops when fn returns non-zero. */
int store_actions(store *s, int64_t table, int (*fn)(void *ctx, int seq, const store_action *a),
                  void *ctx, tt_error *err);

#endif
