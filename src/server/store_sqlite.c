/* The SQLite backend of the server's storage (store.h): one database file.
 *
 * Schema (created when missing; docs/server.md describes it):
 *   tables(id, game, params, seed, created, status, nactions, hash)
 *   seats(table_id, seat, kind, ai, token)
 *   actions(table_id, seq, player, offturn, text, more)
 * Seeds and hashes are 64-bit unsigned values kept as 16 hex digits, so that
 * SQLite's signed integers never bend them. The database runs in WAL mode,
 * synchronous=FULL (a commit has reached the disk when it returns: after a
 * power cut every action a player was told of is there) or NORMAL (it has
 * reached the operating system: after a kill -9 of the server every action
 * is there; a power cut may lose the last ones), as store_set_sync says.
 * Appending checks the record's length in the same transaction (UPDATE … WHERE
 * nactions = ?), which is what lets a later backend share one database between
 * processes safely. The store is used from the service thread only. */
#include <inttypes.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "server/store.h"

/* The statements every action runs, kept prepared: parsing them again for
 * each action was a tenth of a busy server's time. */
enum { HOT_SAVEPOINT, HOT_RELEASE, HOT_ADVANCE, HOT_INSERT, HOT_N };
static const char *const hot_sql[HOT_N] = {
    "SAVEPOINT w", "RELEASE w",
    "UPDATE tables SET nactions=?, status=?, hash=? WHERE id=? AND nactions=?",
    "INSERT INTO actions VALUES(?,?,?,?,?,?)"};

typedef struct sqlite_store {
    store base;
    sqlite3 *db;
    int deferred;             /* writes join one transaction until store_flush (store_defer) */
    int open;                 /* that transaction is open */
    sqlite3_stmt *hot[HOT_N]; /* the statements of every action, prepared once (hot) */
} sqlite_store;

/* Pages of 1 KiB (in a new file; an older one keeps its own): a commit writes
 * every page it changed to the WAL, and a round's few rows change a few
 * pages, so smaller pages make a quarter of the WAL to write, and to sync and
 * copy back at each checkpoint, the tail of a busy server's latency (p99 at
 * 2,000 actions a second: 3.4 to 4.4 ms against 5.8 to 6.7 with 4 KiB). */
static const char schema[] = "PRAGMA page_size=1024;"
                             "PRAGMA journal_mode=WAL;"
                             "PRAGMA foreign_keys=ON;"
                             "CREATE TABLE IF NOT EXISTS tables("
                             " id INTEGER PRIMARY KEY,"
                             " game TEXT NOT NULL,"
                             " params TEXT NOT NULL,"
                             " seed TEXT NOT NULL,"
                             " created INTEGER NOT NULL,"
                             " status INTEGER NOT NULL,"
                             " nactions INTEGER NOT NULL,"
                             " hash TEXT NOT NULL);"
                             "CREATE TABLE IF NOT EXISTS seats("
                             " table_id INTEGER NOT NULL REFERENCES tables(id),"
                             " seat INTEGER NOT NULL,"
                             " kind INTEGER NOT NULL,"
                             " ai TEXT NOT NULL,"
                             " token TEXT NOT NULL,"
                             " PRIMARY KEY(table_id, seat));"
                             "CREATE TABLE IF NOT EXISTS actions("
                             " table_id INTEGER NOT NULL REFERENCES tables(id),"
                             " seq INTEGER NOT NULL,"
                             " player INTEGER NOT NULL,"
                             " offturn INTEGER NOT NULL,"
                             " text TEXT NOT NULL,"
                             " more INTEGER NOT NULL DEFAULT 0,"
                             " PRIMARY KEY(table_id, seq));";
/* A database made before decisions were marked: each row its own decision. */
static const char upgrade[] = "ALTER TABLE actions ADD COLUMN more INTEGER NOT NULL DEFAULT 0";

static int db_fail(sqlite_store *s, tt_error *err, const char *what)
{
    return tt_fail(err, TT_EIO, NULL, "database: %s: %s", what, sqlite3_errmsg(s->db));
}

static void hex64(uint64_t v, char out[17])
{
    snprintf(out, 17, "%016" PRIx64, v);
}

static uint64_t unhex64(const unsigned char *t)
{
    return t ? strtoull((const char *)t, NULL, 16) : 0;
}

static int exec(sqlite_store *s, const char *sql, tt_error *err)
{
    if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
        return db_fail(s, err, sql);
    return TT_OK;
}

/* Runs a prepared statement that returns no rows, and finalizes it. */
static int step_done(sqlite_store *s, sqlite3_stmt *st, tt_error *err, const char *what)
{
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? TT_OK : db_fail(s, err, what);
}

static int prepare(sqlite_store *s, const char *sql, sqlite3_stmt **st, tt_error *err)
{
    if (sqlite3_prepare_v2(s->db, sql, -1, st, NULL) != SQLITE_OK)
        return db_fail(s, err, "prepare");
    return TT_OK;
}

/* Hot statement k, prepared on first use, its bindings cleared. */
static int hot(sqlite_store *s, int k, sqlite3_stmt **st, tt_error *err)
{
    if (!s->hot[k] && sqlite3_prepare_v3(s->db, hot_sql[k], -1, SQLITE_PREPARE_PERSISTENT,
                                         &s->hot[k], NULL) != SQLITE_OK)
        return db_fail(s, err, "prepare");
    sqlite3_clear_bindings(s->hot[k]);
    *st = s->hot[k];
    return TT_OK;
}

/* Runs a hot statement that returns no rows, and resets it for next time. */
static int hot_done(sqlite_store *s, sqlite3_stmt *st, tt_error *err, const char *what)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    return rc == SQLITE_DONE ? TT_OK : db_fail(s, err, what);
}

/* Runs hot statement k alone (no bindings). */
static int hot_exec(sqlite_store *s, int k, tt_error *err)
{
    sqlite3_stmt *st = NULL;
    int rc = hot(s, k, &st, err);
    return rc == TT_OK ? hot_done(s, st, err, hot_sql[k]) : rc;
}

static int seat_add(sqlite_store *s, int64_t id, int i, const store_seat *seat, tt_error *err)
{
    sqlite3_stmt *st;
    int rc = prepare(s, "INSERT INTO seats VALUES(?,?,?,?,?)", &st, err);
    if (rc != TT_OK)
        return rc;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int(st, 2, i);
    sqlite3_bind_int(st, 3, seat->kind);
    sqlite3_bind_text(st, 4, seat->ai, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 5, seat->token, -1, SQLITE_STATIC);
    return step_done(s, st, err, "adding a seat");
}

static int table_insert(sqlite_store *s, store_table *t, tt_error *err)
{
    char seed[17], hash[17];
    sqlite3_stmt *st;
    int rc = prepare(s,
                     "INSERT INTO tables(game,params,seed,created,status,nactions,hash)"
                     " VALUES(?,?,?,?,?,?,?)",
                     &st, err);
    if (rc != TT_OK)
        return rc;
    hex64(t->seed, seed);
    hex64(t->hash, hash);
    sqlite3_bind_text(st, 1, t->game, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, t->params, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, seed, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 4, t->created);
    sqlite3_bind_int(st, 5, t->status);
    sqlite3_bind_int(st, 6, t->nactions);
    sqlite3_bind_text(st, 7, hash, -1, SQLITE_STATIC);
    if ((rc = step_done(s, st, err, "adding a table")) != TT_OK)
        return rc;
    int64_t id = sqlite3_last_insert_rowid(s->db);
    for (int i = 0; i < t->nseats && rc == TT_OK; i++)
        rc = seat_add(s, id, i, &t->seat[i], err);
    if (rc == TT_OK)
        t->id = id;
    return rc;
}

/* Begins a write: its own transaction, or, deferred, a savepoint in the
 * transaction that store_flush commits (opened by the first write). */
static int begin(sqlite_store *s, tt_error *err)
{
    if (!s->deferred)
        return exec(s, "BEGIN IMMEDIATE", err);
    if (!s->open) {
        int rc = exec(s, "BEGIN IMMEDIATE", err);
        if (rc != TT_OK)
            return rc;
        s->open = 1;
    }
    return hot_exec(s, HOT_SAVEPOINT, err);
}

/* Ends a write begin began: kept when rc is TT_OK (committed, unless
 * deferred) and else undone, so a failed write leaves nothing behind. */
static int finish(sqlite_store *s, int rc, tt_error *err)
{
    if (s->deferred) {
        if (rc != TT_OK)
            sqlite3_exec(s->db, "ROLLBACK TO w", NULL, NULL, NULL);
        hot_exec(s, HOT_RELEASE, NULL);
        return rc;
    }
    if (rc == TT_OK)
        rc = exec(s, "COMMIT", err);
    if (rc != TT_OK)
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

static void sq_defer(store *base)
{
    ((sqlite_store *)base)->deferred = 1;
}

/* Commits the deferred writes, durably (one sync of the disk for them all);
 * on failure they are all rolled back. */
static int sq_flush(store *base, tt_error *err)
{
    sqlite_store *s = (sqlite_store *)base;
    if (!s->open)
        return TT_OK;
    s->open = 0;
    int rc = exec(s, "COMMIT", err);
    if (rc != TT_OK)
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

static int sq_table_add(store *base, store_table *t, tt_error *err)
{
    sqlite_store *s = (sqlite_store *)base;
    int rc = begin(s, err);
    return rc == TT_OK ? finish(s, table_insert(s, t, err), err) : rc;
}

static int action_insert(sqlite_store *s, int64_t id, int seq, const store_action *a, tt_error *err)
{
    sqlite3_stmt *st;
    int rc = hot(s, HOT_INSERT, &st, err);
    if (rc != TT_OK)
        return rc;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int(st, 2, seq);
    sqlite3_bind_int(st, 3, a->player);
    sqlite3_bind_int(st, 4, a->offturn);
    sqlite3_bind_text(st, 5, a->text, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 6, a->more);
    return hot_done(s, st, err, "adding an action");
}

/* Moves the table's row on from t->nactions to t->nactions + n rows; TT_ESTATE
 * when its record was not t->nactions long. */
static int table_advance(sqlite_store *s, const store_table *t, int n, int status, uint64_t hash,
                         tt_error *err)
{
    char h[17];
    sqlite3_stmt *st;
    int rc = hot(s, HOT_ADVANCE, &st, err);
    if (rc != TT_OK)
        return rc;
    hex64(hash, h);
    sqlite3_bind_int(st, 1, t->nactions + n);
    sqlite3_bind_int(st, 2, status);
    sqlite3_bind_text(st, 3, h, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 4, t->id);
    sqlite3_bind_int(st, 5, t->nactions);
    if ((rc = hot_done(s, st, err, "updating a table")) != TT_OK)
        return rc;
    if (sqlite3_changes(s->db) != 1)
        return tt_fail(err, TT_ESTATE, NULL, "table %" PRId64 " was changed elsewhere", t->id);
    return TT_OK;
}

static int sq_actions_add(store *base, const store_table *t, const store_action *a, int n,
                          int status, uint64_t hash, tt_error *err)
{
    sqlite_store *s = (sqlite_store *)base;
    int rc = begin(s, err);
    if (rc != TT_OK)
        return rc;
    rc = table_advance(s, t, n, status, hash, err);
    for (int i = 0; i < n && rc == TT_OK; i++)
        rc = action_insert(s, t->id, t->nactions + i, &a[i], err);
    return finish(s, rc, err);
}

static int sq_actions_drop(store *base, const store_table *t, int keep, int status, uint64_t hash,
                           tt_error *err)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *st;
    int rc = begin(s, err);
    if (rc != TT_OK)
        return rc;
    rc = table_advance(s, t, keep - t->nactions, status, hash, err);
    if (rc == TT_OK &&
        (rc = prepare(s, "DELETE FROM actions WHERE table_id=? AND seq>=?", &st, err)) == TT_OK) {
        sqlite3_bind_int64(st, 1, t->id);
        sqlite3_bind_int(st, 2, keep);
        rc = step_done(s, st, err, "taking actions back");
    }
    return finish(s, rc, err);
}

static int sq_seat_set(store *base, int64_t table, int seat, const store_seat *to, tt_error *err)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *st;
    int rc = begin(s, err);
    if (rc != TT_OK)
        return rc;
    rc = prepare(s, "UPDATE seats SET kind=?, ai=? WHERE table_id=? AND seat=?", &st, err);
    if (rc != TT_OK)
        return finish(s, rc, err);
    sqlite3_bind_int(st, 1, to->kind);
    sqlite3_bind_text(st, 2, to->ai, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, table);
    sqlite3_bind_int(st, 4, seat);
    rc = step_done(s, st, err, "changing a seat");
    if (rc == TT_OK && sqlite3_changes(s->db) != 1)
        rc = tt_fail(err, TT_EARG, NULL, "table %" PRId64 " has no seat %d", table, seat);
    return finish(s, rc, err);
}

static void text_copy(char *dst, size_t n, const unsigned char *src)
{
    snprintf(dst, n, "%s", src ? (const char *)src : "");
}

static int seats_read(sqlite_store *s, store_table *t, tt_error *err)
{
    sqlite3_stmt *st;
    int rc = prepare(s, "SELECT seat, kind, ai, token FROM seats WHERE table_id=? ORDER BY seat",
                     &st, err);
    if (rc != TT_OK)
        return rc;
    sqlite3_bind_int64(st, 1, t->id);
    t->nseats = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && t->nseats < TT_MAX_PLAYERS) {
        store_seat *seat = &t->seat[t->nseats++];
        seat->kind = sqlite3_column_int(st, 1);
        text_copy(seat->ai, sizeof seat->ai, sqlite3_column_text(st, 2));
        text_copy(seat->token, sizeof seat->token, sqlite3_column_text(st, 3));
    }
    sqlite3_finalize(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? TT_OK : db_fail(s, err, "reading seats");
}

/* The columns table_row reads, in its order. */
#define TABLE_COLUMNS "id, game, params, seed, created, status, nactions, hash"

static void table_row(sqlite3_stmt *st, store_table *t)
{
    memset(t, 0, sizeof *t);
    t->id = sqlite3_column_int64(st, 0);
    text_copy(t->game, sizeof t->game, sqlite3_column_text(st, 1));
    text_copy(t->params, sizeof t->params, sqlite3_column_text(st, 2));
    t->seed = unhex64(sqlite3_column_text(st, 3));
    t->created = sqlite3_column_int64(st, 4);
    t->status = sqlite3_column_int(st, 5);
    t->nactions = sqlite3_column_int(st, 6);
    t->hash = unhex64(sqlite3_column_text(st, 7));
}

static int sq_table_get(store *base, int64_t id, store_table *t, tt_error *err)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *st;
    int rc = prepare(s, "SELECT " TABLE_COLUMNS " FROM tables WHERE id = ?", &st, err);
    if (rc != TT_OK)
        return rc;
    sqlite3_bind_int64(st, 1, id);
    int step = sqlite3_step(st);
    if (step == SQLITE_ROW)
        table_row(st, t);
    else if (step == SQLITE_DONE)
        rc = tt_fail(err, TT_EARG, NULL, "no table %" PRId64, id);
    else
        rc = db_fail(s, err, "reading a table");
    sqlite3_finalize(st);
    return rc == TT_OK ? seats_read(s, t, err) : rc;
}

static int sq_tables(store *base, int status, int (*fn)(void *, const store_table *), void *ctx,
                     tt_error *err)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *st;
    store_table *t = malloc(sizeof *t);
    if (!t)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    int rc =
        prepare(s, "SELECT " TABLE_COLUMNS " FROM tables WHERE ?1 < 0 OR status = ?1 ORDER BY id",
                &st, err);
    if (rc != TT_OK) {
        free(t);
        return rc;
    }
    sqlite3_bind_int(st, 1, status);
    int step;
    while (rc == TT_OK && (step = sqlite3_step(st)) == SQLITE_ROW) {
        table_row(st, t);
        rc = seats_read(s, t, err);
        if (rc == TT_OK && fn(ctx, t))
            break;
    }
    if (rc == TT_OK && step != SQLITE_ROW && step != SQLITE_DONE)
        rc = db_fail(s, err, "reading tables");
    sqlite3_finalize(st);
    free(t);
    return rc;
}

static int sq_actions(store *base, int64_t table, int (*fn)(void *, int, const store_action *),
                      void *ctx, tt_error *err)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *st;
    int rc = prepare(s,
                     "SELECT seq, player, offturn, text, more FROM actions WHERE table_id=?"
                     " ORDER BY seq",
                     &st, err);
    if (rc != TT_OK)
        return rc;
    sqlite3_bind_int64(st, 1, table);
    int step;
    while ((step = sqlite3_step(st)) == SQLITE_ROW) {
        store_action a = {sqlite3_column_int(st, 1), sqlite3_column_int(st, 2),
                          (const char *)sqlite3_column_text(st, 3), sqlite3_column_int(st, 4)};
        if (!a.text)
            a.text = "";
        if (fn(ctx, sqlite3_column_int(st, 0), &a))
            break;
    }
    if (step != SQLITE_ROW && step != SQLITE_DONE)
        rc = db_fail(s, err, "reading a record");
    sqlite3_finalize(st);
    return rc;
}

static int sq_sync(store *base, int full, tt_error *err)
{
    return exec((sqlite_store *)base,
                full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL", err);
}

static void sq_close(store *base)
{
    sqlite_store *s = (sqlite_store *)base;
    if (s->open) /* writes never flushed were never told of: they go */
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    for (int k = 0; k < HOT_N; k++)
        sqlite3_finalize(s->hot[k]);
    sqlite3_close(s->db);
    free(s);
}

/* One process has the file's tables to itself: no claims. */
static const store_ops sqlite_ops = {
    sq_close,    sq_table_add, sq_actions_add, sq_table_get, sq_tables, sq_actions, sq_actions_drop,
    sq_seat_set, NULL,         NULL,           NULL,         sq_defer,  sq_flush,   sq_sync};

int store_sqlite_open(const char *path, store **out, tt_error *err)
{
    *out = NULL;
    sqlite_store *s = calloc(1, sizeof *s);
    if (!s)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    s->base.ops = &sqlite_ops;
    s->base.lease = STORE_LEASE;
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        int rc = tt_fail(err, TT_EIO, NULL, "cannot open database %s: %s", path,
                         s->db ? sqlite3_errmsg(s->db) : "out of memory");
        sq_close(&s->base);
        return rc;
    }
    /* another process (a backup) may hold the lock for a moment */
    sqlite3_busy_timeout(s->db, 5000);
    int rc = exec(s, schema, err);
    if (rc == TT_OK) /* until store_set_sync says otherwise */
        rc = sq_sync(&s->base, 1, err);
    if (rc == TT_OK && sqlite3_exec(s->db, upgrade, NULL, NULL, NULL) != SQLITE_OK &&
        !strstr(sqlite3_errmsg(s->db), "duplicate column"))
        rc = db_fail(s, err, upgrade);
    if (rc != TT_OK) {
        sq_close(&s->base);
        return rc;
    }
    *out = &s->base;
    return TT_OK;
}
