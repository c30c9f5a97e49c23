/* The storage interface's front: picks a backend for a place and passes each
 * call to it (store.h). Backends: SQLite (store_sqlite.c) for a file,
 * PostgreSQL (store_pg.c) for a postgres:// or postgresql:// URI. */
#include <string.h>

#include "server/store.h"

int store_open(const char *where, store **out, tt_error *err)
{
    if (strncmp(where, "postgres://", 11) == 0 || strncmp(where, "postgresql://", 13) == 0)
        return store_pg_open(where, out, err);
    return store_sqlite_open(where, out, err);
}

int store_claim(store *s, int64_t table, tt_error *err)
{
    return s->ops->claim ? s->ops->claim(s, table, err) : TT_OK;
}

int store_renew(store *s, tt_error *err)
{
    return s->ops->renew ? s->ops->renew(s, err) : TT_OK;
}

void store_release(store *s, int64_t table)
{
    if (s->ops->release)
        s->ops->release(s, table);
}

int store_set_sync(store *s, int sync, tt_error *err)
{
    return s->ops->sync(s, sync == STORE_SYNC_FULL, err);
}

void store_set_lease(store *s, int seconds)
{
    s->lease = seconds;
}

void store_close(store *s)
{
    if (s)
        s->ops->close(s);
}

int store_table_add(store *s, store_table *t, tt_error *err)
{
    return s->ops->table_add(s, t, err);
}

int store_actions_add(store *s, const store_table *t, const store_action *a, int n, int status,
                      uint64_t hash, tt_error *err)
{
    return s->ops->actions_add(s, t, a, n, status, hash, err);
}

int store_actions_drop(store *s, const store_table *t, int keep, int status, uint64_t hash,
                       tt_error *err)
{
    return s->ops->actions_drop(s, t, keep, status, hash, err);
}

int store_seat_set(store *s, int64_t table, int seat, const store_seat *to, tt_error *err)
{
    return s->ops->seat_set(s, table, seat, to, err);
}

int store_table_get(store *s, int64_t id, store_table *t, tt_error *err)
{
    return s->ops->table_get(s, id, t, err);
}

int store_tables(store *s, int status, int (*fn)(void *ctx, const store_table *t), void *ctx,
                 tt_error *err)
{
    return s->ops->tables(s, status, fn, ctx, err);
}

int store_actions(store *s, int64_t table, int (*fn)(void *ctx, int seq, const store_action *a),
                  void *ctx, tt_error *err)
{
    return s->ops->actions(s, table, fn, ctx, err);
}

void store_defer(store *s)
{
    if (s->ops->defer)
        s->ops->defer(s);
}

int store_flush(store *s, tt_error *err)
{
    return s->ops->flush ? s->ops->flush(s, err) : TT_OK;
}
