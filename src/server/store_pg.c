/* The PostgreSQL backend of the server's storage (store.h), through libpq:
 * several server processes may share one database, each table played by
 * one of them at a time.
 *
 * The schema is SQLite's (store_sqlite.c), plus who plays each table:
 *   owners(id, lease_until)  one row per server process, its lease renewed
 *                            about once a second (store_renew)
 *   tables.owner             the process that plays the table, or NULL
 * A table belongs to the process named in its owner column while that
 * process's lease runs; a process claims a table (store_claim) only when it
 * has no owner or its owner's lease has run out, so after a crash its tables
 * pass to another process once the lease expires. Every write checks, in the
 * same statement, that the writer still owns the table and that the record
 * is as long as it believes: a process that lost a table (stalled past its
 * lease) cannot write to it any more. Times are the database's own clock
 * (now()), so the processes' clocks need not agree.
 *
 * Seeds and hashes are kept as 16 hex digits, as in SQLite. A commit returns
 * once durable on the database server's disk (synchronous_commit on, the
 * default) or once the database server has it (off: store_set_sync). The
 * store is used from the service thread only. */
#include <inttypes.h>
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/errors.h"
#include "server/store.h"

typedef struct pg_store {
    store base;
    PGconn *db;
    char me[48]; /* this process's id in owners */
} pg_store;

/* Run once per database, under a transaction-scoped advisory lock so that
 * two processes starting together do not both create it. */
static const char schema[] = "CREATE TABLE IF NOT EXISTS owners("
                             " id TEXT PRIMARY KEY,"
                             " lease_until TIMESTAMPTZ NOT NULL);"
                             "CREATE TABLE IF NOT EXISTS tables("
                             " id BIGSERIAL PRIMARY KEY,"
                             " game TEXT NOT NULL,"
                             " params TEXT NOT NULL,"
                             " seed TEXT NOT NULL,"
                             " created BIGINT NOT NULL,"
                             " status INTEGER NOT NULL,"
                             " nactions INTEGER NOT NULL,"
                             " hash TEXT NOT NULL,"
                             " owner TEXT);"
                             "CREATE TABLE IF NOT EXISTS seats("
                             " table_id BIGINT NOT NULL REFERENCES tables(id),"
                             " seat INTEGER NOT NULL,"
                             " kind INTEGER NOT NULL,"
                             " ai TEXT NOT NULL,"
                             " token TEXT NOT NULL,"
                             " PRIMARY KEY(table_id, seat));"
                             "CREATE TABLE IF NOT EXISTS actions("
                             " table_id BIGINT NOT NULL REFERENCES tables(id),"
                             " seq INTEGER NOT NULL,"
                             " player INTEGER NOT NULL,"
                             " offturn INTEGER NOT NULL,"
                             " text TEXT NOT NULL,"
                             " more INTEGER NOT NULL DEFAULT 0,"
                             " PRIMARY KEY(table_id, seq));"
                             /* owners long gone: their tables read as free */
                             "DELETE FROM owners WHERE lease_until < now() - interval '1 day';";

/* The first line of libpq's message (they end in a newline, some have two). */
static const char *pg_message(PGconn *db)
{
    static char line[200];
    snprintf(line, sizeof line, "%s", db ? PQerrorMessage(db) : "out of memory");
    line[strcspn(line, "\n")] = '\0';
    return line;
}

static int db_fail(pg_store *s, tt_error *err, const char *what)
{
    return tt_fail(err, TT_EIO, NULL, "database: %s: %s", what, pg_message(s->db));
}

static void hex64(uint64_t v, char out[17])
{
    snprintf(out, 17, "%016" PRIx64, v);
}

/* Runs sql with its text parameters; *res holds the answer when it is rows
 * (the caller clears it), else it is cleared here. TT_OK or TT_EIO. */
static int run(pg_store *s, const char *sql, int n, const char *const *params, PGresult **res,
               tt_error *err, const char *what)
{
    PGresult *r = PQexecParams(s->db, sql, n, NULL, params, NULL, NULL, 0);
    ExecStatusType st = PQresultStatus(r);
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
        PQclear(r);
        return db_fail(s, err, what);
    }
    if (res)
        *res = r;
    else
        PQclear(r);
    return TT_OK;
}

/* As run, for a statement that changes rows: how many, in *changed. */
static int change(pg_store *s, const char *sql, int n, const char *const *params, int *changed,
                  tt_error *err, const char *what)
{
    PGresult *r;
    int rc = run(s, sql, n, params, &r, err, what);
    if (rc == TT_OK) {
        *changed = atoi(PQcmdTuples(r));
        PQclear(r);
    }
    return rc;
}

/* Runs sql, which may be several statements without parameters. */
static int exec(pg_store *s, const char *sql, tt_error *err)
{
    PGresult *r = PQexec(s->db, sql);
    ExecStatusType st = PQresultStatus(r);
    PQclear(r);
    if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK)
        return TT_OK;
    return db_fail(s, err, strlen(sql) < 40 ? sql : "creating the schema");
}

/* Ends the transaction a write began: committed when rc is TT_OK and the
 * commit succeeds, else rolled back (nothing stored). */
static int finish(pg_store *s, int rc, tt_error *err)
{
    if (rc == TT_OK)
        rc = exec(s, "COMMIT", err);
    if (rc != TT_OK)
        PQclear(PQexec(s->db, "ROLLBACK"));
    return rc;
}

static int seat_add(pg_store *s, const char *id, int i, const store_seat *seat, tt_error *err)
{
    char n[12], kind[12];
    snprintf(n, sizeof n, "%d", i);
    snprintf(kind, sizeof kind, "%d", seat->kind);
    const char *p[] = {id, n, kind, seat->ai, seat->token};
    return run(s, "INSERT INTO seats VALUES($1,$2,$3,$4,$5)", 5, p, NULL, err, "adding a seat");
}

/* Inserts t owned by this process; t->id from the database. */
static int table_insert(pg_store *s, store_table *t, tt_error *err)
{
    char seed[17], hash[17], created[24], status[12], nactions[12];
    hex64(t->seed, seed);
    hex64(t->hash, hash);
    snprintf(created, sizeof created, "%" PRId64, t->created);
    snprintf(status, sizeof status, "%d", t->status);
    snprintf(nactions, sizeof nactions, "%d", t->nactions);
    const char *p[] = {t->game, t->params, seed, created, status, nactions, hash, s->me};
    PGresult *r;
    int rc = run(s,
                 "INSERT INTO tables(game,params,seed,created,status,nactions,hash,owner)"
                 " VALUES($1,$2,$3,$4,$5,$6,$7,$8) RETURNING id",
                 8, p, &r, err, "adding a table");
    if (rc != TT_OK)
        return rc;
    char id[24];
    snprintf(id, sizeof id, "%s", PQgetvalue(r, 0, 0));
    PQclear(r);
    for (int i = 0; i < t->nseats && rc == TT_OK; i++)
        rc = seat_add(s, id, i, &t->seat[i], err);
    if (rc == TT_OK)
        t->id = strtoll(id, NULL, 10);
    return rc;
}

static int pg_table_add(store *base, store_table *t, tt_error *err)
{
    pg_store *s = (pg_store *)base;
    int rc = exec(s, "BEGIN", err);
    return rc == TT_OK ? finish(s, table_insert(s, t, err), err) : rc;
}

/* Moves the table's row on from t->nactions to t->nactions + n rows, while
 * this process owns it; TT_ESTATE when its record was not t->nactions long
 * or another process has it now. */
static int table_advance(pg_store *s, const store_table *t, int n, int status, uint64_t hash,
                         tt_error *err)
{
    char to[12], st[12], h[17], id[24], from[12];
    snprintf(to, sizeof to, "%d", t->nactions + n);
    snprintf(st, sizeof st, "%d", status);
    hex64(hash, h);
    snprintf(id, sizeof id, "%" PRId64, t->id);
    snprintf(from, sizeof from, "%d", t->nactions);
    const char *p[] = {to, st, h, id, from, s->me};
    int changed;
    int rc = change(s,
                    "UPDATE tables SET nactions=$1, status=$2, hash=$3"
                    " WHERE id=$4 AND nactions=$5 AND owner=$6",
                    6, p, &changed, err, "updating a table");
    if (rc == TT_OK && changed != 1)
        rc = tt_fail(err, TT_ESTATE, NULL, "table %" PRId64 " was changed elsewhere", t->id);
    return rc;
}

/* The PostgreSQL array literal of field f (0 player, 1 offturn, 2 more) of
 * a[0..n-1]: "{0,1,1}", in out (room for 12 bytes an action). */
static void int_array(const store_action *a, int n, int f, char *out)
{
    size_t used = 0;
    out[used++] = '{';
    for (int i = 0; i < n; i++) {
        int v = f == 0 ? a[i].player : f == 1 ? a[i].offturn != 0 : a[i].more != 0;
        used += (size_t)sprintf(out + used, "%s%d", i ? "," : "", v);
    }
    strcpy(out + used, "}");
}

/* The array literal of the actions' texts, each quoted with \ and " escaped;
 * malloc'd, NULL when out of memory. */
static char *text_array(const store_action *a, int n)
{
    size_t len = 3, used = 0;
    for (int i = 0; i < n; i++)
        len += 2 * strlen(a[i].text) + 3;
    char *out = malloc(len);
    if (!out)
        return NULL;
    out[used++] = '{';
    for (int i = 0; i < n; i++) {
        if (i)
            out[used++] = ',';
        out[used++] = '"';
        for (const char *c = a[i].text; *c; c++) {
            if (*c == '"' || *c == '\\')
                out[used++] = '\\';
            out[used++] = *c;
        }
        out[used++] = '"';
    }
    strcpy(out + used, "}");
    return out;
}

/* One statement for the n rows: their fields as arrays, unnested. */
static int actions_insert(pg_store *s, const store_table *t, const store_action *a, int n,
                          tt_error *err)
{
    char id[24], seq[12];
    char *fields = malloc((size_t)n * 36 + 6), *texts = text_array(a, n);
    if (!fields || !texts) {
        free(fields);
        free(texts);
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    }
    char *players = fields, *offturn = fields + n * 12 + 2, *more = fields + n * 24 + 4;
    int_array(a, n, 0, players);
    int_array(a, n, 1, offturn);
    int_array(a, n, 2, more);
    snprintf(id, sizeof id, "%" PRId64, t->id);
    snprintf(seq, sizeof seq, "%d", t->nactions);
    const char *p[] = {id, seq, players, offturn, texts, more};
    int rc = run(s,
                 "INSERT INTO actions(table_id,seq,player,offturn,text,more)"
                 " SELECT $1::bigint, $2::int + o::int - 1, p, f, x, m"
                 " FROM unnest($3::int[], $4::int[], $5::text[], $6::int[])"
                 " WITH ORDINALITY AS u(p, f, x, m, o)",
                 6, p, NULL, err, "adding an action");
    free(fields);
    free(texts);
    return rc;
}

static int pg_actions_add(store *base, const store_table *t, const store_action *a, int n,
                          int status, uint64_t hash, tt_error *err)
{
    pg_store *s = (pg_store *)base;
    int rc = exec(s, "BEGIN", err);
    if (rc != TT_OK)
        return rc;
    rc = table_advance(s, t, n, status, hash, err);
    if (rc == TT_OK && n > 0)
        rc = actions_insert(s, t, a, n, err);
    return finish(s, rc, err);
}

static int pg_actions_drop(store *base, const store_table *t, int keep, int status, uint64_t hash,
                           tt_error *err)
{
    pg_store *s = (pg_store *)base;
    int rc = exec(s, "BEGIN", err);
    if (rc != TT_OK)
        return rc;
    rc = table_advance(s, t, keep - t->nactions, status, hash, err);
    char id[24], k[12];
    snprintf(id, sizeof id, "%" PRId64, t->id);
    snprintf(k, sizeof k, "%d", keep);
    const char *p[] = {id, k};
    if (rc == TT_OK)
        rc = run(s, "DELETE FROM actions WHERE table_id=$1 AND seq>=$2", 2, p, NULL, err,
                 "taking actions back");
    return finish(s, rc, err);
}

static int pg_seat_set(store *base, int64_t table, int seat, const store_seat *to, tt_error *err)
{
    pg_store *s = (pg_store *)base;
    char kind[12], id[24], n[12];
    snprintf(kind, sizeof kind, "%d", to->kind);
    snprintf(id, sizeof id, "%" PRId64, table);
    snprintf(n, sizeof n, "%d", seat);
    const char *p[] = {kind, to->ai, id, n};
    int changed;
    int rc = change(s, "UPDATE seats SET kind=$1, ai=$2 WHERE table_id=$3 AND seat=$4", 4, p,
                    &changed, err, "changing a seat");
    if (rc == TT_OK && changed != 1)
        rc = tt_fail(err, TT_EARG, NULL, "table %" PRId64 " has no seat %d", table, seat);
    return rc;
}

static int seats_read(pg_store *s, store_table *t, tt_error *err)
{
    char id[24];
    snprintf(id, sizeof id, "%" PRId64, t->id);
    const char *p[] = {id};
    PGresult *r;
    int rc = run(s, "SELECT kind, ai, token FROM seats WHERE table_id=$1 ORDER BY seat", 1, p, &r,
                 err, "reading seats");
    if (rc != TT_OK)
        return rc;
    t->nseats = 0;
    for (int i = 0; i < PQntuples(r) && t->nseats < TT_MAX_PLAYERS; i++) {
        store_seat *seat = &t->seat[t->nseats++];
        seat->kind = atoi(PQgetvalue(r, i, 0));
        snprintf(seat->ai, sizeof seat->ai, "%s", PQgetvalue(r, i, 1));
        snprintf(seat->token, sizeof seat->token, "%s", PQgetvalue(r, i, 2));
    }
    PQclear(r);
    return TT_OK;
}

/* The columns table_row reads, in its order. */
#define TABLE_COLUMNS "id, game, params, seed, created, status, nactions, hash"

static void table_row(PGresult *r, int i, store_table *t)
{
    memset(t, 0, sizeof *t);
    t->id = strtoll(PQgetvalue(r, i, 0), NULL, 10);
    snprintf(t->game, sizeof t->game, "%s", PQgetvalue(r, i, 1));
    snprintf(t->params, sizeof t->params, "%s", PQgetvalue(r, i, 2));
    t->seed = strtoull(PQgetvalue(r, i, 3), NULL, 16);
    t->created = strtoll(PQgetvalue(r, i, 4), NULL, 10);
    t->status = atoi(PQgetvalue(r, i, 5));
    t->nactions = atoi(PQgetvalue(r, i, 6));
    t->hash = strtoull(PQgetvalue(r, i, 7), NULL, 16);
}

static int pg_table_get(store *base, int64_t id, store_table *t, tt_error *err)
{
    pg_store *s = (pg_store *)base;
    char n[24];
    snprintf(n, sizeof n, "%" PRId64, id);
    const char *p[] = {n};
    PGresult *r;
    int rc = run(s, "SELECT " TABLE_COLUMNS " FROM tables WHERE id=$1", 1, p, &r, err,
                 "reading a table");
    if (rc != TT_OK)
        return rc;
    if (PQntuples(r) == 1)
        table_row(r, 0, t);
    else
        rc = tt_fail(err, TT_EARG, NULL, "no table %" PRId64, id);
    PQclear(r);
    return rc == TT_OK ? seats_read(s, t, err) : rc;
}

static int pg_tables(store *base, int status, int (*fn)(void *, const store_table *), void *ctx,
                     tt_error *err)
{
    pg_store *s = (pg_store *)base;
    char st[12];
    snprintf(st, sizeof st, "%d", status);
    const char *p[] = {st};
    PGresult *r;
    int rc = run(
        s, "SELECT " TABLE_COLUMNS " FROM tables WHERE $1::int < 0 OR status = $1::int ORDER BY id",
        1, p, &r, err, "reading tables");
    if (rc != TT_OK)
        return rc;
    store_table *t = malloc(sizeof *t);
    if (!t)
        rc = tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    for (int i = 0; rc == TT_OK && i < PQntuples(r); i++) {
        table_row(r, i, t);
        rc = seats_read(s, t, err);
        if (rc == TT_OK && fn(ctx, t))
            break;
    }
    free(t);
    PQclear(r);
    return rc;
}

static int pg_actions(store *base, int64_t table, int (*fn)(void *, int, const store_action *),
                      void *ctx, tt_error *err)
{
    pg_store *s = (pg_store *)base;
    char id[24];
    snprintf(id, sizeof id, "%" PRId64, table);
    const char *p[] = {id};
    PGresult *r;
    int rc = run(s,
                 "SELECT seq, player, offturn, text, more FROM actions WHERE table_id=$1"
                 " ORDER BY seq",
                 1, p, &r, err, "reading a record");
    if (rc != TT_OK)
        return rc;
    for (int i = 0; i < PQntuples(r); i++) {
        store_action a = {atoi(PQgetvalue(r, i, 1)), atoi(PQgetvalue(r, i, 2)), PQgetvalue(r, i, 3),
                          atoi(PQgetvalue(r, i, 4))};
        if (fn(ctx, atoi(PQgetvalue(r, i, 0)), &a))
            break;
    }
    PQclear(r);
    return rc;
}

/* Takes table id for this process when it has no owner, is this process's
 * already, or its owner's lease ran out; TT_ESTATE while another has it. */
static int pg_claim(store *base, int64_t id, tt_error *err)
{
    pg_store *s = (pg_store *)base;
    char n[24];
    snprintf(n, sizeof n, "%" PRId64, id);
    const char *p[] = {n, s->me};
    PGresult *r;
    int rc = run(s,
                 "WITH mine AS (UPDATE tables SET owner=$2 WHERE id=$1 AND (owner IS NULL"
                 " OR owner=$2 OR NOT EXISTS (SELECT 1 FROM owners o WHERE o.id=tables.owner"
                 " AND o.lease_until > now())) RETURNING id)"
                 " SELECT (SELECT count(*) FROM mine),"
                 " (SELECT ceil(extract(epoch FROM o.lease_until - now())) FROM tables t"
                 " JOIN owners o ON o.id=t.owner WHERE t.id=$1)",
                 2, p, &r, err, "claiming a table");
    if (rc != TT_OK)
        return rc;
    if (atoi(PQgetvalue(r, 0, 0)) != 1)
        rc = tt_fail(err, TT_ESTATE, NULL,
                     "table %" PRId64 " is played by another server process (its lease ends in "
                     "%s s)",
                     id, PQgetisnull(r, 0, 1) ? "?" : PQgetvalue(r, 0, 1));
    PQclear(r);
    return rc;
}

static void pg_release(store *base, int64_t id)
{
    pg_store *s = (pg_store *)base;
    char n[24];
    snprintf(n, sizeof n, "%" PRId64, id);
    const char *p[] = {n, s->me};
    tt_error err;
    run(s, "UPDATE tables SET owner=NULL WHERE id=$1 AND owner=$2", 2, p, NULL, &err,
        "releasing a table");
}

/* Extends this process's lease over every table it owns by s->base.lease
 * seconds from now. */
static int pg_renew(store *base, tt_error *err)
{
    pg_store *s = (pg_store *)base;
    char lease[12];
    snprintf(lease, sizeof lease, "%d", s->base.lease);
    const char *p[] = {s->me, lease};
    return run(s,
               "INSERT INTO owners VALUES($1, now() + make_interval(secs => $2::int))"
               " ON CONFLICT(id) DO UPDATE SET lease_until = EXCLUDED.lease_until",
               2, p, NULL, err, "renewing the lease");
}

/* A clean stop gives every table back at once: another process may take
 * them without waiting for the lease. */
static void pg_close(store *base)
{
    pg_store *s = (pg_store *)base;
    if (s->db && PQstatus(s->db) == CONNECTION_OK) {
        const char *p[] = {s->me};
        tt_error err;
        run(s, "UPDATE tables SET owner=NULL WHERE owner=$1", 1, p, NULL, &err, "releasing");
        run(s, "DELETE FROM owners WHERE id=$1", 1, p, NULL, &err, "releasing");
    }
    PQfinish(s->db);
    free(s);
}

static int pg_sync(store *base, int full, tt_error *err)
{
    return exec((pg_store *)base,
                full ? "SET synchronous_commit = on" : "SET synchronous_commit = off", err);
}

static const store_ops pg_ops = {
    pg_close,    pg_table_add, pg_actions_add, pg_table_get, pg_tables, pg_actions, pg_actions_drop,
    pg_seat_set, pg_claim,     pg_release,     pg_renew,     NULL,      NULL,       pg_sync};

/* This process's name among the owners: host, pid and random bits, so that
 * a restarted process never takes a dead one's name. */
static int name_self(pg_store *s, tt_error *err)
{
    char host[24] = "";
    unsigned long long r;
    FILE *f = fopen("/dev/urandom", "rb");
    int ok = f && fread(&r, sizeof r, 1, f) == 1;
    if (f)
        fclose(f);
    if (!ok)
        return tt_fail(err, TT_EIO, NULL, "no random bytes");
    gethostname(host, sizeof host - 1);
    snprintf(s->me, sizeof s->me, "%s/%d/%016llx", host, (int)getpid(), r);
    return TT_OK;
}

int store_pg_open(const char *uri, store **out, tt_error *err)
{
    *out = NULL;
    pg_store *s = calloc(1, sizeof *s);
    if (!s)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    s->base.ops = &pg_ops;
    s->base.lease = STORE_LEASE;
    s->db = PQconnectdb(uri);
    int rc = name_self(s, err);
    if (rc == TT_OK && PQstatus(s->db) != CONNECTION_OK)
        rc = tt_fail(err, TT_EIO, NULL, "cannot open database %s: %s", uri, pg_message(s->db));
    if (rc == TT_OK) {
        PQclear(PQexec(s->db, "SET client_min_messages = warning"));
        rc = exec(s, "BEGIN", err);
        if (rc == TT_OK)
            rc = exec(s, "SELECT pg_advisory_xact_lock(7402757)", err); /* "tt" + "st" */
        if (rc == TT_OK)
            rc = exec(s, schema, err);
        rc = finish(s, rc, err);
    }
    if (rc == TT_OK)
        rc = pg_renew(&s->base, err);
    if (rc != TT_OK) {
        PQfinish(s->db);
        free(s);
        return rc;
    }
    *out = &s->base;
    return TT_OK;
}
