/* The server's storage, each backend by the same cases: a table and its
 * record go in and come back exactly, survive closing the database, and an
 * append that does not follow the stored record is refused with nothing
 * stored. `test_store` runs them on SQLite; `test_store postgres` on a
 * throwaway PostgreSQL cluster it starts (pg.h), with the cases of tables
 * owned by one of two processes sharing the database. */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "pg.h"
#include "server/store.h"

static char db[256]; /* the store's place: a SQLite file or the cluster's URI */
static tc_pg pg;

static int setup(void **state)
{
    (void)state;
    if (pg.running)
        return tc_pg_reset(&pg);
    snprintf(db, sizeof db, "/tmp/tt_store_%d.db", (int)getpid());
    unlink(db);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char path[300];
    if (pg.running)
        return 0;
    unlink(db);
    snprintf(path, sizeof path, "%s-wal", db);
    unlink(path);
    snprintf(path, sizeof path, "%s-shm", db);
    unlink(path);
    return 0;
}

static void table_fill(store_table *t)
{
    memset(t, 0, sizeof *t);
    snprintf(t->game, sizeof t->game, "invaders");
    snprintf(t->params, sizeof t->params, "invader_deck=sample");
    t->seed = 0xfedcba9876543210ull; /* above INT64_MAX: must not come back negative */
    t->created = 1790000000;
    t->hash = 0x8000000000000001ull;
    t->nseats = 2;
    snprintf(t->seat[0].token, sizeof t->seat[0].token, "0123456789abcdef0123456789abcdef");
    t->seat[1].kind = STORE_AI;
    snprintf(t->seat[1].ai, sizeof t->seat[1].ai, "ismcts:ms=300");
    snprintf(t->seat[1].token, sizeof t->seat[1].token, "ffffffffffffffffffffffffffffffff");
}

typedef struct seen {
    int n;
    store_table t[4];
    char text[8][32];
    int player[8], offturn[8], seq[8], more[8];
} seen;

static int keep_table(void *ctx, const store_table *t)
{
    seen *s = ctx;
    s->t[s->n++] = *t;
    return 0;
}

static int keep_action(void *ctx, int seq, const store_action *a)
{
    seen *s = ctx;
    snprintf(s->text[s->n], sizeof s->text[0], "%s", a->text);
    s->player[s->n] = a->player;
    s->offturn[s->n] = a->offturn;
    s->more[s->n] = a->more;
    s->seq[s->n++] = seq;
    return 0;
}

/* Opens the test's database and adds the table of table_fill as table 1. */
static store *open_with_table(store_table *t)
{
    store *s;
    tt_error err;
    assert_int_equal(store_open(db, &s, &err), TT_OK);
    table_fill(t);
    assert_int_equal(store_table_add(s, t, &err), TT_OK);
    assert_int_equal(t->id, 1);
    return s;
}

static void test_store_round_trip(void **state)
{
    (void)state;
    tt_error err;
    store_table t;
    store *s = open_with_table(&t);
    store_action a[3] = {{0, 0, "play tunnel_wyrm", 0}, {0, 0, "zone AF", 1}, {1, 1, "concede", 0}};
    assert_int_equal(store_actions_add(s, &t, a, 2, STORE_PLAYING, 0x1111, &err), TT_OK);
    t.nactions += 2;
    assert_int_equal(store_actions_add(s, &t, a + 2, 1, STORE_OVER, 0xfeedfacecafebeefull, &err),
                     TT_OK);
    store_close(s);

    assert_int_equal(store_open(db, &s, &err), TT_OK); /* again: it was all on disk */
    seen *got = calloc(1, sizeof *got);
    assert_int_equal(store_tables(s, STORE_PLAYING, keep_table, got, &err), TT_OK);
    assert_int_equal(got->n, 0); /* it ended */
    assert_int_equal(store_tables(s, -1, keep_table, got, &err), TT_OK);
    assert_int_equal(got->n, 1);
    store_table *b = &got->t[0];
    assert_string_equal(b->game, "invaders");
    assert_string_equal(b->params, "invader_deck=sample");
    assert_true(b->seed == 0xfedcba9876543210ull);
    assert_true(b->hash == 0xfeedfacecafebeefull);
    assert_int_equal(b->created, 1790000000);
    assert_int_equal(b->status, STORE_OVER);
    assert_int_equal(b->nactions, 3);
    assert_int_equal(b->nseats, 2);
    assert_int_equal(b->seat[0].kind, STORE_HUMAN);
    assert_string_equal(b->seat[0].token, "0123456789abcdef0123456789abcdef");
    assert_int_equal(b->seat[1].kind, STORE_AI);
    assert_string_equal(b->seat[1].ai, "ismcts:ms=300");
    /* one table by its number */
    assert_int_equal(store_table_get(s, 1, &got->t[1], &err), TT_OK);
    assert_memory_equal(&got->t[1], &got->t[0], sizeof got->t[0]);
    assert_int_equal(store_table_get(s, 99, &got->t[1], &err), TT_EARG);
    assert_string_equal(err.msg, "no table 99");
    memset(got, 0, sizeof *got);
    assert_int_equal(store_actions(s, 1, keep_action, got, &err), TT_OK);
    assert_int_equal(got->n, 3);
    assert_string_equal(got->text[0], "play tunnel_wyrm");
    assert_string_equal(got->text[1], "zone AF");
    assert_string_equal(got->text[2], "concede");
    assert_int_equal(got->seq[2], 2);
    assert_int_equal(got->player[2], 1);
    assert_int_equal(got->offturn[2], 1);
    assert_int_equal(got->offturn[1], 0);
    /* the compound's second action is marked as part of the same decision */
    assert_int_equal(got->more[0], 0);
    assert_int_equal(got->more[1], 1);
    assert_int_equal(got->more[2], 0);
    free(got);
    store_close(s);
}

static int count_actions(store *s, int64_t id)
{
    tt_error err;
    seen *got = calloc(1, sizeof *got);
    assert_int_equal(store_actions(s, id, keep_action, got, &err), TT_OK);
    int n = got->n;
    free(got);
    return n;
}

/* The store's only table has a record of n rows and the hash after them. */
static void expect_table(store *s, int n, uint64_t hash)
{
    tt_error err;
    seen *got = calloc(1, sizeof *got);
    assert_int_equal(store_tables(s, -1, keep_table, got, &err), TT_OK);
    assert_int_equal(got->n, 1);
    assert_int_equal(got->t[0].nactions, n);
    assert_true(got->t[0].hash == hash);
    free(got);
}

/* A table whose stored record is longer than the caller believes was moved
 * on by someone else: the append is refused and stores nothing. */
static void test_store_refuses_a_stale_append(void **state)
{
    (void)state;
    tt_error err;
    store_table t;
    store *s = open_with_table(&t);
    store_action a = {0, 0, "pass", 0};
    assert_int_equal(store_actions_add(s, &t, &a, 1, STORE_PLAYING, 1, &err), TT_OK);
    /* t.nactions still 0: stale */
    assert_int_equal(store_actions_add(s, &t, &a, 1, STORE_PLAYING, 2, &err), TT_ESTATE);
    assert_string_equal(err.msg, "table 1 was changed elsewhere");
    assert_int_equal(count_actions(s, t.id), 1);
    expect_table(s, 1, 1);
    store_close(s);
}

/* A decision taken back: the record loses its last rows, the table its
 * length and hash with them, at once; from a stale length, nothing. */
static void test_store_drops_the_last_rows(void **state)
{
    (void)state;
    tt_error err;
    store_table t;
    store *s = open_with_table(&t);
    store_action a[3] = {{0, 0, "pass", 0}, {1, 0, "play tunnel_wyrm", 0}, {1, 0, "zone AF", 1}};
    assert_int_equal(store_actions_add(s, &t, a, 3, STORE_PLAYING, 3, &err), TT_OK);
    assert_int_equal(store_actions_drop(s, &t, 1, STORE_PLAYING, 1, &err), TT_ESTATE); /* stale */
    assert_string_equal(err.msg, "table 1 was changed elsewhere");
    t.nactions = 3;
    assert_int_equal(store_actions_drop(s, &t, 1, STORE_PLAYING, 0x77, &err), TT_OK);
    seen *got = calloc(1, sizeof *got);
    assert_int_equal(store_actions(s, t.id, keep_action, got, &err), TT_OK);
    assert_int_equal(got->n, 1);
    assert_string_equal(got->text[0], "pass");
    free(got);
    expect_table(s, 1, 0x77);
    /* and the record goes on from there */
    t.nactions = 1;
    assert_int_equal(store_actions_add(s, &t, a + 1, 2, STORE_PLAYING, 3, &err), TT_OK);
    store_close(s);
}

/* Group commit: deferred writes are seen by the store that made them at
 * once, by another process only once flushed; a write refused among them
 * leaves nothing and spoils none of the others; closing without a flush
 * undoes them. */
static void test_store_defers_writes_to_one_commit(void **state)
{
    (void)state;
    tt_error err;
    store_table t, u;
    store *s = open_with_table(&t), *other;
    store_defer(s);
    table_fill(&u);
    assert_int_equal(store_table_add(s, &u, &err), TT_OK);
    store_action a = {0, 0, "pass", 0};
    assert_int_equal(store_actions_add(s, &t, &a, 1, STORE_PLAYING, 1, &err), TT_OK);
    assert_int_equal(store_actions_add(s, &t, &a, 1, STORE_PLAYING, 2, &err),
                     TT_ESTATE); /* stale */
    t.nactions = 1;
    assert_int_equal(store_actions_add(s, &t, &a, 1, STORE_PLAYING, 2, &err), TT_OK);
    assert_int_equal(count_actions(s, 1), 2);
    assert_int_equal(store_open(db, &other, &err), TT_OK);
    assert_int_equal(count_actions(other, 1), 0); /* not durable yet */
    assert_int_equal(store_flush(s, &err), TT_OK);
    assert_int_equal(count_actions(other, 1), 2);
    assert_int_equal(store_table_get(other, u.id, &u, &err), TT_OK);
    assert_int_equal(store_flush(s, &err), TT_OK); /* nothing to commit */
    t.nactions = 2;
    assert_int_equal(store_actions_add(s, &t, &a, 1, STORE_PLAYING, 3, &err), TT_OK);
    store_close(s); /* never flushed: never told of, undone */
    assert_int_equal(count_actions(other, 1), 2);
    store_close(other);
}

static void test_store_open_fails_with_a_reason(void **state)
{
    (void)state;
    store *s;
    tt_error err;
    assert_int_equal(store_open("/nonexistent-dir/x.db", &s, &err), TT_EIO);
    assert_null(s);
    assert_string_equal(err.msg, "cannot open database /nonexistent-dir/x.db: unable to open "
                                 "database file");
}

static void test_store_pg_open_fails_with_a_reason(void **state)
{
    (void)state;
    store *s;
    tt_error err;
    assert_int_equal(store_open("postgresql:///x?host=/nonexistent-dir&port=1", &s, &err), TT_EIO);
    assert_null(s);
    assert_string_equal(err.msg,
                        "cannot open database postgresql:///x?host=/nonexistent-dir&port=1: "
                        "connection to server on socket \"/nonexistent-dir/.s.PGSQL.1\" failed: "
                        "No such file or directory");
}

/* Two processes on one database: a table is the one's that added it; the
 * other can neither claim nor write it until it is given back, and then
 * takes it over; a store that lost a table writes to it no more. */
static void test_store_pg_table_has_one_owner(void **state)
{
    (void)state;
    tt_error err;
    store_table t;
    store *a = open_with_table(&t), *b;
    assert_int_equal(store_open(db, &b, &err), TT_OK);
    assert_int_equal(store_claim(a, 1, &err), TT_OK); /* its own already */
    assert_int_equal(store_claim(b, 1, &err), TT_ESTATE);
    assert_string_equal(err.msg, "table 1 is played by another server process (its lease ends in "
                                 "30 s)");
    store_action x = {0, 0, "pass", 0};
    assert_int_equal(store_actions_add(b, &t, &x, 1, STORE_PLAYING, 1, &err), TT_ESTATE);
    assert_string_equal(err.msg, "table 1 was changed elsewhere");
    store_release(a, 1);
    assert_int_equal(store_claim(b, 1, &err), TT_OK);
    assert_int_equal(store_actions_add(b, &t, &x, 1, STORE_PLAYING, 1, &err), TT_OK);
    t.nactions = 1;
    assert_int_equal(store_actions_add(a, &t, &x, 1, STORE_PLAYING, 2, &err), TT_ESTATE);
    assert_int_equal(store_claim(a, 1, &err), TT_ESTATE);
    /* a clean stop gives every table back at once */
    store_close(b);
    assert_int_equal(store_claim(a, 1, &err), TT_OK);
    assert_int_equal(store_actions_add(a, &t, &x, 1, STORE_PLAYING, 2, &err), TT_OK);
    store_close(a);
}

/* An action's text goes through PostgreSQL's array literal as it is. */
static void test_store_pg_keeps_texts_exactly(void **state)
{
    (void)state;
    tt_error err;
    store_table t;
    store *s = open_with_table(&t);
    store_action a[2] = {{0, 0, "say \"a\\b\", {c}", 0}, {0, 0, "", 1}};
    assert_int_equal(store_actions_add(s, &t, a, 2, STORE_PLAYING, 1, &err), TT_OK);
    seen *got = calloc(1, sizeof *got);
    assert_int_equal(store_actions(s, t.id, keep_action, got, &err), TT_OK);
    assert_int_equal(got->n, 2);
    assert_string_equal(got->text[0], "say \"a\\b\", {c}");
    assert_string_equal(got->text[1], "");
    assert_int_equal(got->more[1], 1);
    free(got);
    store_close(s);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_store_round_trip, setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_refuses_a_stale_append, setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_drops_the_last_rows, setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_defers_writes_to_one_commit, setup, teardown),
        cmocka_unit_test(test_store_open_fails_with_a_reason),
    };
    const struct CMUnitTest pg_tests[] = {
        cmocka_unit_test_setup_teardown(test_store_round_trip, setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_refuses_a_stale_append, setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_drops_the_last_rows, setup, teardown),
        cmocka_unit_test(test_store_pg_open_fails_with_a_reason),
        cmocka_unit_test_setup_teardown(test_store_pg_table_has_one_owner, setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_pg_keeps_texts_exactly, setup, teardown),
    };
    if (argc < 2)
        return cmocka_run_group_tests_name("sqlite", tests, NULL, NULL);
    if (strcmp(argv[1], "postgres") != 0) {
        fprintf(stderr, "usage: test_store [postgres]\n");
        return 2;
    }
    int rc = tc_pg_start(&pg);
    if (rc)
        return rc == TC_PG_ABSENT ? TC_PG_ABSENT : 1;
    snprintf(db, sizeof db, "%s", pg.uri);
    rc = cmocka_run_group_tests_name("postgres", pg_tests, NULL, NULL);
    tc_pg_stop(&pg);
    return rc;
}
