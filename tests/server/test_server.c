/* `tabletop serve` end to end, over loopback WebSockets: the server runs as a
 * child process on a port it picks (client.c), with its database in /tmp.
 *
 * One Invaders table, the Invader a person and Mankind the random AI, is
 * played to its end by this test, with a kill -9 of the server half-way and
 * a restart from the same database, which must resume the table at the very
 * state it had (the same state hash, the same view, the same narration of
 * the game so far). Around it: a seat's
 * token holds that seat only; malformed, oversize, unknown and misdirected
 * frames get one error frame each and change nothing. Every wait has a
 * deadline (client.h). */
#define _GNU_SOURCE /* prlimit */
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include <sqlite3.h>

#include "client.h"
#include "pg.h"
#include "server/store.h"
#include "tabletop/view.h"

#define WAIT 10000 /* ms: a frame that has not come by then will not come */

typedef struct fixture {
    char db[256], log[64];
    tc_server server;
} fixture;

static tc_pg pg; /* `test_server postgres`: the cluster the servers share */

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    snprintf(f->db, sizeof f->db, "/tmp/tt_server_%d.db", (int)getpid());
    snprintf(f->log, sizeof f->log, "/tmp/tt_server_%d.log", (int)getpid());
    unlink(f->db);
    unlink(f->log);
    *state = f;
    return tc_server_start(&f->server, f->db, f->log, 20, 0);
}

/* A server for a program that plays as fast as the server answers. */
static int setup_fast(void **state)
{
    int rc = setup(state);
    fixture *f = *state;
    tc_server_stop(&f->server, SIGTERM);
    return rc ? rc : tc_server_start(&f->server, f->db, f->log, 100000, 0);
}

/* A server on the PostgreSQL cluster, emptied, whose claim on its tables
 * outlives it by 2 s when it is killed. */
static int setup_pg(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    snprintf(f->db, sizeof f->db, "%s", pg.uri);
    snprintf(f->log, sizeof f->log, "/tmp/tt_server_%d.log", (int)getpid());
    unlink(f->log);
    f->server.lease = 2;
    *state = f;
    return tc_pg_reset(&pg) ? -1 : tc_server_start(&f->server, f->db, f->log, 100000, 0);
}

/* A server that lets a finished table go 1 s after its last connection. */
static int setup_unload(void **state)
{
    int rc = setup(state);
    fixture *f = *state;
    tc_server_stop(&f->server, SIGTERM);
    return rc ? rc : tc_server_start(&f->server, f->db, f->log, 100000, 1);
}

static int log_has(const char *log, const char *text);
static void drain(tc_client *c);

/* Stops the server cleanly; a sanitizer's report in its log (a leak found
 * at exit, a bad access) fails the test. */
static int teardown(void **state)
{
    fixture *f = *state;
    char path[300];
    tc_server_stop(&f->server, SIGTERM);
    int rc = log_has(f->log, "Sanitizer") ? -1 : 0;
    if (rc)
        fprintf(stderr, "the server's log %s has a sanitizer's report\n", f->log);
    else
        unlink(f->log);
    unlink(f->db);
    snprintf(path, sizeof path, "%s-wal", f->db);
    unlink(path);
    snprintf(path, sizeof path, "%s-shm", f->db);
    unlink(path);
    free(f);
    return rc;
}

static const char *str(json_t *j, const char *key)
{
    const char *s = json_string_value(json_object_get(j, key));
    return s ? s : "";
}

/* Creates an Invaders table from seed 7 with seats as given; returns its
 * number and the Invader's and Mankind's tokens ("" for an AI). */
static int64_t create(tc_client *c, const char *mankind, char tok[2][40])
{
    assert_int_equal(tc_sendf(c, "{s:s,s:s,s:i,s:[{s:s},{s:s,s:s}]}", "cmd", "create", "game",
                              "invaders", "seed", 7, "seats", "kind", "human", "kind", mankind,
                              "ai", "random"),
                     0);
    json_t *r = tc_wait(c, "created", WAIT);
    assert_non_null(r);
    json_t *seats = json_object_get(r, "seats");
    assert_int_equal(json_array_size(seats), 2);
    for (int i = 0; i < 2; i++)
        snprintf(tok[i], 40, "%s", str(json_array_get(seats, i), "token"));
    assert_int_equal(strlen(tok[0]), 32);
    int64_t id = json_integer_value(json_object_get(r, "table"));
    json_decref(r);
    return id;
}

/* Appends the lines of narration frame n to heard (when not NULL). */
static void hear(json_t *heard, json_t *n)
{
    if (heard)
        json_array_extend(heard, json_object_get(n, "lines"));
}

static json_t *joined_view(tc_client *c, json_t *heard);

/* Joins table with token: the first view; the narration of the game so far
 * goes to heard (NULL: dropped). */
static json_t *join(tc_client *c, int64_t table, const char *token, json_t *heard)
{
    assert_int_equal(
        tc_sendf(c, "{s:s,s:I,s:s}", "cmd", "join", "table", (json_int_t)table, "token", token), 0);
    json_t *joined = tc_wait(c, "joined", WAIT);
    assert_non_null(joined);
    json_decref(joined);
    return joined_view(c, heard);
}

/* What follows "joined": the narration so far (to heard), then the view. */
static json_t *joined_view(tc_client *c, json_t *heard)
{
    json_t *n = tc_wait(c, "narration", WAIT);
    assert_non_null(n);
    assert_true(json_is_true(json_object_get(n, "history")));
    hear(heard, n);
    json_decref(n);
    json_t *v = tc_wait(c, "view", WAIT);
    assert_non_null(v);
    return v;
}

/* The error frame that answers the last frame sent. */
static json_t *error_frame(tc_client *c)
{
    json_t *e = tc_wait(c, "error", WAIT);
    assert_non_null(e);
    return e;
}

/* The view and the actions of the seat, as text, to compare two views. */
static char *view_text(json_t *v)
{
    json_t *part = json_pack("{s:O,s:O,s:O}", "view", json_object_get(v, "view"), "legal",
                             json_object_get(v, "legal"), "to_move", json_object_get(v, "to_move"));
    char *t = json_dumps(part, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(part);
    return t;
}

static char *fresh_view(tc_client *c)
{
    assert_int_equal(tc_sendf(c, "{s:s}", "cmd", "view"), 0);
    json_t *v = tc_wait(c, "view", WAIT);
    assert_non_null(v);
    char *t = view_text(v);
    json_decref(v);
    return t;
}

/* The stored hash of table id, read from the database itself. */
static int keep_hash(void *ctx, const store_table *t)
{
    *(uint64_t *)ctx = t->hash;
    return 1;
}

static uint64_t stored_hash(const char *db)
{
    store *s;
    tt_error err;
    uint64_t h = 0;
    assert_int_equal(store_open(db, &s, &err), TT_OK);
    assert_int_equal(store_tables(s, -1, keep_hash, &h, &err), TT_OK);
    store_close(s);
    return h;
}

static int log_has(const char *log, const char *text)
{
    char buf[65536];
    FILE *f = fopen(log, "r");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = '\0';
    return strstr(buf, text) != NULL;
}

/* The next view c is sent, its narration on the way to heard; an error
 * frame on the way fails the test. */
static json_t *next_view(tc_client *c, json_t *heard)
{
    json_t *v;
    while ((v = tc_wait(c, NULL, WAIT)) && strcmp(str(v, "type"), "view") != 0) {
        if (strcmp(str(v, "type"), "error") == 0)
            fail_msg("refused: %s", str(v, "msg"));
        if (strcmp(str(v, "type"), "narration") == 0)
            hear(heard, v);
        json_decref(v);
    }
    assert_non_null(v);
    return v;
}

/* Plays the Invader's decisions (a fixed pseudo-random pick among the legal
 * actions) until the game is over or, with stop_after, that many were played
 * and the Invader is to move again. Returns the last view. */
static json_t *play(tc_client *c, json_t *v, int stop_after, unsigned *rng, int *played,
                    json_t *heard)
{
    char act[128];
    for (int guard = 0; guard < 5000; guard++) {
        json_t *legal = json_object_get(v, "legal");
        if (json_is_true(json_object_get(v, "over")))
            return v;
        if (json_array_size(legal) > 0) {
            if (stop_after && *played >= stop_after)
                return v;
            *rng = *rng * 1103515245u + 12345u;
            snprintf(
                act, sizeof act, "%s",
                json_string_value(json_array_get(legal, (*rng >> 16) % json_array_size(legal))));
            assert_int_equal(tc_sendf(c, "{s:s,s:s}", "cmd", "act", "text", act), 0);
            (*played)++;
        }
        json_decref(v);
        v = next_view(c, heard);
    }
    fail_msg("the game did not end");
    return v;
}

/* A connection that created a table, the Invader a person and Mankind the
 * random AI, and sits as the Invader; *v: its view once the Invader is to
 * decide (nothing moves at the table until he does). */
static tc_client *at_table_with_ai(fixture *f, int64_t *id, char tok[2][40], json_t **v,
                                   json_t *heard)
{
    tc_client *a = tc_connect(f->server.port);
    assert_non_null(a);
    *id = create(a, "ai", tok);
    assert_string_equal(tok[1], ""); /* an AI seat's token is never given out */
    *v = join(a, *id, tok[0], heard);
    /* Mankind's AI places his first hero (INV-3.7): the Invader decides next */
    while (json_integer_value(json_object_get(*v, "to_move")) != 0) {
        json_decref(*v);
        *v = next_view(a, heard);
    }
    return a;
}

static void test_server_plays_to_the_end_and_survives_kill_9(void **state)
{
    fixture *f = *state;
    char tok[2][40];
    int64_t id;
    json_t *v, *heard = json_array(), *heard_again = json_array();
    tc_client *a = at_table_with_ai(f, &id, tok, &v, heard);
    assert_int_equal(json_integer_value(json_object_get(v, "seat")), 0);
    unsigned rng = 1;
    int played = 0;
    v = play(a, v, 12, &rng, &played, heard);
    assert_int_equal(played, 12);
    char *before = view_text(v);
    json_decref(v);
    tc_close(a);

    /* a crash: nothing told to a player may be lost */
    uint64_t hash = stored_hash(f->db);
    tc_server_stop(&f->server, SIGKILL);
    assert_int_equal(tc_server_start(&f->server, f->db, f->log, 100000, 0), 0);
    char line[128];
    snprintf(line, sizeof line, "table %" PRId64 " resumed: invaders, ", id);
    assert_true(log_has(f->log, line));
    snprintf(line, sizeof line, "actions, state %016" PRIx64 "\n", hash);
    assert_true(log_has(f->log, line));
    a = tc_connect(f->server.port);
    assert_non_null(a);
    v = join(a, id, tok[0], heard_again);
    char *after = view_text(v);
    assert_string_equal(after, before);
    free(before);
    free(after);
    /* and the narration of the game so far is what the seat was told, line for line */
    assert_true(json_array_size(heard) > 12);
    assert_true(json_equal(heard_again, heard));
    json_decref(heard);
    json_decref(heard_again);

    v = play(a, v, 0, &rng, &played, NULL);
    assert_true(json_is_true(json_object_get(v, "over")));
    json_t *result = json_object_get(v, "result");
    assert_non_null(result);
    assert_true(strlen(str(result, "reason")) > 0);
    json_decref(v);
    /* a finished table is no longer open */
    assert_int_equal(tc_sendf(a, "{s:s}", "cmd", "tables"), 0);
    json_t *t = tc_wait(a, "tables", WAIT);
    assert_non_null(t);
    assert_int_equal(json_array_size(json_object_get(t, "tables")), 0);
    json_decref(t);
    tc_close(a);

    /* but its links still work after a restart: it is rebuilt when asked for */
    tc_server_stop(&f->server, SIGTERM);
    assert_int_equal(tc_server_start(&f->server, f->db, f->log, 20, 0), 0);
    a = tc_connect(f->server.port);
    assert_non_null(a);
    assert_int_equal(tc_sendf(a, "{s:s,s:I}", "cmd", "spectate", "table", (json_int_t)id), 0);
    v = tc_wait(a, "view", WAIT);
    assert_non_null(v);
    assert_true(json_is_true(json_object_get(v, "over")));
    json_decref(v);
    tc_close(a);
}

/* No one is told of an action before its commit returns: with the server
 * unable to grow its database's WAL (a file size limit at its present size,
 * so the commit's write fails with EFBIG), an action is taken in memory,
 * its commit fails, and the server stops without a frame about it — no view,
 * no narration, no "accepted" — and after a restart the table is where the
 * last commit left it. */
static void test_server_tells_no_one_before_the_commit_returns(void **state)
{
    fixture *f = *state;
    char tok[2][40], wal[300];
    tc_client *a = tc_connect(f->server.port), *b = tc_connect(f->server.port);
    assert_non_null(a);
    assert_non_null(b);
    int64_t id = create(a, "human", tok);
    json_t *va = join(a, id, tok[0], NULL), *vb = join(b, id, tok[1], NULL);
    int mover = (int)json_integer_value(json_object_get(va, "to_move"));
    assert_true(mover == 0 || mover == 1);
    tc_client *c = mover == 0 ? a : b, *other = mover == 0 ? b : a;
    json_t *v = mover == 0 ? va : vb;
    json_int_t before = json_integer_value(json_object_get(v, "actions"));
    char text[128];
    snprintf(text, sizeof text, "%s",
             json_string_value(json_array_get(json_object_get(v, "legal"), 0)));
    json_decref(va);
    json_decref(vb);
    drain(a);
    drain(b);

    struct stat st;
    snprintf(wal, sizeof wal, "%s-wal", f->db);
    assert_int_equal(stat(wal, &st), 0);
    struct rlimit full = {(rlim_t)st.st_size, RLIM_INFINITY};
    assert_int_equal(prlimit(f->server.pid, RLIMIT_FSIZE, &full, NULL), 0);
    assert_int_equal(tc_sendf(c, "{s:s,s:s}", "cmd", "act", "text", text), 0);
    json_t *got;
    while ((got = tc_wait(c, NULL, 3000)) != NULL) {
        fail_msg("the actor was sent a %s frame before the commit", str(got, "type"));
        json_decref(got);
    }
    assert_int_equal(tc_pending(other, 100), 0);
    tc_close(a);
    tc_close(b);
    assert_true(log_has(f->log, "stopping: the database refused a commit"));

    tc_server_stop(&f->server, SIGKILL);
    assert_int_equal(tc_server_start(&f->server, f->db, f->log, 100000, 0), 0);
    a = tc_connect(f->server.port);
    assert_non_null(a);
    v = join(a, id, tok[0], NULL);
    assert_int_equal(json_integer_value(json_object_get(v, "actions")), before);
    json_decref(v);
    tc_close(a);
}

/* A finished table no one is at is let go from memory, and its links still
 * work: whoever watches it again gets it rebuilt from the store, the same. */
static void test_server_unloads_finished_tables(void **state)
{
    fixture *f = *state;
    char tok[2][40], line[128];
    int64_t id;
    json_t *v;
    tc_client *a = at_table_with_ai(f, &id, tok, &v, NULL);
    unsigned rng = 3;
    int played = 0;
    v = play(a, v, 0, &rng, &played, NULL);
    char *before = view_text(v);
    json_decref(v);
    snprintf(line, sizeof line, "table %" PRId64 " unloaded: finished, no one at it\n", id);
    sleep(2);
    assert_false(log_has(f->log, line)); /* not while its player is there */
    tc_close(a);
    for (int i = 0; i < 5 && !log_has(f->log, line); i++)
        sleep(1); /* swept once a second, let go a second after it is left */
    assert_true(log_has(f->log, line));
    a = tc_connect(f->server.port);
    assert_non_null(a);
    v = join(a, id, tok[0], NULL);
    char *after = view_text(v);
    assert_string_equal(after, before);
    snprintf(line, sizeof line, "table %" PRId64 " reopened: invaders, %d actions\n", id,
             (int)json_integer_value(json_object_get(v, "actions")));
    assert_true(log_has(f->log, line));
    free(before);
    free(after);
    json_decref(v);
    tc_close(a);
}

/* The answer to the command just sent: the error as "code: msg", or "" when
 * accepted (frames before it are dropped). */
static const char *answer(tc_client *c)
{
    static char out[300];
    json_t *r;
    while ((r = tc_wait(c, NULL, WAIT)) && strcmp(str(r, "type"), "error") != 0 &&
           strcmp(str(r, "type"), "accepted") != 0)
        json_decref(r);
    assert_non_null(r);
    out[0] = '\0';
    if (strcmp(str(r, "type"), "error") == 0)
        snprintf(out, sizeof out, "%s: %s", str(r, "code"), str(r, "msg"));
    json_decref(r);
    return out;
}

/* Sends an undo; its answer (answer). */
static const char *undo(tc_client *c)
{
    assert_int_equal(tc_sendf(c, "{s:s}", "cmd", "undo"), 0);
    return answer(c);
}

/* A player takes back his own last decision when it showed nothing and drew
 * nothing (INV-5.14: enabling a face-up strategy), durably; not once the
 * other player has decided since, nor before he has decided at all. */
static void test_server_takes_back_a_decision_by_the_rules(void **state)
{
    fixture *f = *state;
    char tok[2][40];
    int64_t id;
    json_t *v, *heard = json_array(), *heard_again = json_array();
    tc_client *a = at_table_with_ai(f, &id, tok, &v, heard);
    assert_string_equal(undo(a), "state: nothing to undo: the Invader has taken no decision yet");
    char *before = view_text(v);
    json_int_t n = json_integer_value(json_object_get(v, "actions"));
    uint64_t hash = stored_hash(f->db);
    json_decref(v);
    assert_int_equal(tc_sendf(a, "{s:s,s:s}", "cmd", "act", "text", "strategy inv_plot_surge"), 0);
    v = next_view(a, NULL);
    assert_int_equal(json_integer_value(json_object_get(v, "actions")), n + 1);
    json_decref(v);
    assert_string_equal(undo(a), "");
    /* everyone is told the game so far again, and his view: as before */
    json_t *told = tc_wait(a, "narration", WAIT);
    assert_non_null(told);
    assert_true(json_is_true(json_object_get(told, "history")));
    hear(heard_again, told);
    json_decref(told);
    assert_true(json_equal(heard_again, heard));
    v = tc_wait(a, "view", WAIT);
    assert_non_null(v);
    char *after = view_text(v);
    assert_string_equal(after, before);
    free(after);
    json_decref(v);
    assert_true(stored_hash(f->db) == hash);
    /* and so after a crash */
    tc_close(a);
    tc_server_stop(&f->server, SIGKILL);
    assert_int_equal(tc_server_start(&f->server, f->db, f->log, 100000, 0), 0);
    a = tc_connect(f->server.port);
    assert_non_null(a);
    v = join(a, id, tok[0], NULL);
    after = view_text(v);
    assert_string_equal(after, before);
    free(after);
    free(before);
    json_decref(v);
    /* once Mankind has decided, the Invader's pass is his to keep */
    assert_int_equal(tc_sendf(a, "{s:s,s:s}", "cmd", "act", "text", "pass"), 0);
    v = next_view(a, NULL);
    while (json_integer_value(json_object_get(v, "to_move")) != 0) {
        json_decref(v);
        v = next_view(a, NULL);
    }
    json_decref(v);
    assert_string_equal(undo(a), "illegal: Mankind has decided since");
    json_decref(heard);
    json_decref(heard_again);
    tc_close(a);
}

/* Drops the frames c was sent and has not read, once 100 ms bring no more. */
static void drain(tc_client *c)
{
    while (tc_pending(c, 100) > 0)
        json_decref(tc_wait(c, NULL, WAIT));
}

/* Acts text for c and returns the view that follows (an error fails). */
static json_t *act(tc_client *c, const char *text)
{
    assert_int_equal(tc_sendf(c, "{s:s,s:s}", "cmd", "act", "text", text), 0);
    return next_view(c, NULL);
}

/* The test client's waits end at their deadlines, however short: a wait of
 * a millisecond with nothing to come returns within a few (libwebsockets
 * itself would sleep until its own next timer, half a minute away). */
static void test_client_waits_end_at_their_deadlines(void **state)
{
    fixture *f = *state;
    tc_client *c = tc_connect(f->server.port);
    assert_non_null(c);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < 200; i++) {
        assert_null(tc_wait(c, "nothing", 1 + i % 3));
        assert_int_equal(tc_pending(c, i % 2), 0);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        /* 200 waits of 1 to 3 ms and 200 of 0 to 1: well within 2 s */
        assert_true((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000 < 2000);
    }
    tc_close(c);
}

/* Past another player's decision, a decision is taken back only with his
 * consent, asked for by frames: TAN-3.5's recruits show no one anything
 * and draw nothing, so the Covenant's last recruit, past the Legion's first,
 * goes back once the Legion agrees; anything done meanwhile voids the ask. */
static void test_server_takes_back_past_another_decision_by_consent(void **state)
{
    fixture *f = *state;
    tc_client *a = tc_connect(f->server.port), *b = tc_connect(f->server.port);
    assert_int_equal(tc_sendf(a, "{s:s,s:s,s:i,s:[{s:s},{s:s}]}", "cmd", "create", "game",
                              "tannhauser", "seed", 7, "seats", "kind", "human", "kind", "human"),
                     0);
    json_t *r = tc_wait(a, "created", WAIT);
    assert_non_null(r);
    int64_t id = json_integer_value(json_object_get(r, "table"));
    json_t *seats = json_object_get(r, "seats");
    json_decref(join(a, id, str(json_array_get(seats, 0), "token"), NULL));
    json_decref(join(b, id, str(json_array_get(seats, 1), "token"), NULL));
    json_decref(r);
    static const char *const recruits[] = {"recruit varga", "recruit rauch", "recruit kessel",
                                           "recruit cov_rifleman", "recruit cov_grenadier"};
    json_t *v = NULL;
    for (int i = 0; i < 5; i++) {
        json_decref(v);
        v = act(a, recruits[i]);
    }
    char *before = view_text(v);
    json_decref(v);
    drain(b); /* its views of the Covenant's recruits */
    v = act(b, "recruit calloway");
    json_decref(v);
    /* the Legion decided since: he is asked */
    drain(a);
    assert_string_equal(undo(a), "");
    json_t *ask = tc_wait(b, "undo_request", WAIT);
    assert_non_null(ask);
    assert_string_equal(str(ask, "player"), "covenant");
    assert_string_equal(json_string_value(json_array_get(json_object_get(ask, "waiting"), 0)),
                        "legion");
    json_decref(ask);
    /* only whoever is asked may agree */
    assert_int_equal(tc_sendf(a, "{s:s}", "cmd", "undo_agree"), 0);
    json_t *e = error_frame(a);
    assert_string_equal(str(e, "msg"), "no one asks covenant to agree to an undo");
    json_decref(e);
    assert_int_equal(tc_sendf(b, "{s:s}", "cmd", "undo_agree"), 0);
    json_t *h = tc_wait(a, "narration", WAIT);
    assert_non_null(h);
    assert_true(json_is_true(json_object_get(h, "history")));
    json_decref(h);
    v = tc_wait(a, "view", WAIT);
    assert_non_null(v);
    /* back to the Covenant's fifth recruit */
    assert_int_equal(json_integer_value(json_object_get(v, "actions")), 4);
    assert_int_equal(json_integer_value(json_object_get(v, "to_move")), 0);
    json_decref(v);
    free(before);
    /* an ask lapses when anyone acts */
    v = act(a, "recruit cov_grenadier");
    json_decref(v);
    drain(b);
    json_decref(act(b, "recruit calloway"));
    assert_string_equal(undo(a), "");
    json_decref(act(b, "recruit sorel"));
    assert_int_equal(tc_sendf(b, "{s:s}", "cmd", "undo_agree"), 0);
    e = error_frame(b);
    assert_string_equal(str(e, "msg"), "no one asks legion to agree to an undo");
    json_decref(e);
    /* asked again, the Legion refuses: the ask is dropped, everyone told */
    assert_string_equal(undo(a), "");
    assert_int_equal(tc_sendf(b, "{s:s}", "cmd", "undo_refuse"), 0);
    e = tc_wait(a, "undo_refused", WAIT);
    assert_non_null(e);
    assert_string_equal(str(e, "player"), "covenant");
    assert_string_equal(str(e, "by"), "legion");
    json_decref(e);
    assert_int_equal(tc_sendf(b, "{s:s}", "cmd", "undo_agree"), 0);
    e = error_frame(b);
    assert_string_equal(str(e, "msg"), "no one asks legion to agree to an undo");
    json_decref(e);
    tc_close(a);
    tc_close(b);
}

/* Sends a hand_over of seat to the random AI; its answer (answer). */
static const char *hand_over(tc_client *c, int seat)
{
    assert_int_equal(tc_sendf(c, "{s:s,s:i,s:s}", "cmd", "hand_over", "seat", seat, "ai", "random"),
                     0);
    return answer(c);
}

/* A seat goes to an AI when everyone else agrees and its player, while he
 * is at the table, too; the AI then plays it, also after a restart, and its
 * player's link no longer acts. */
static void test_server_hands_a_seat_to_an_ai_by_agreement(void **state)
{
    fixture *f = *state;
    char tok[2][40];
    tc_client *a = tc_connect(f->server.port), *b = tc_connect(f->server.port);
    assert_non_null(a);
    assert_non_null(b);
    int64_t id = create(a, "human", tok);
    json_decref(join(a, id, tok[0], NULL));
    json_decref(join(b, id, tok[1], NULL));
    assert_string_equal(hand_over(a, 2), "argument: seat: wants a seat's number, 0 to 1");
    /* Mankind (to place his hero) is there: the Invader alone cannot */
    assert_string_equal(hand_over(a, 1), "");
    json_t *h = tc_wait(b, "hand_over", WAIT);
    assert_non_null(h);
    assert_string_equal(str(h, "player"), "mankind");
    assert_string_equal(str(h, "ai"), "random");
    assert_string_equal(json_string_value(json_array_get(json_object_get(h, "agreed"), 0)),
                        "invader");
    assert_string_equal(json_string_value(json_array_get(json_object_get(h, "waiting"), 0)),
                        "mankind");
    json_decref(h);
    /* Mankind refuses: the proposal is dropped, everyone told */
    assert_int_equal(tc_sendf(b, "{s:s,s:i}", "cmd", "hand_over_refuse", "seat", 1), 0);
    h = tc_wait(a, "hand_over_refused", WAIT);
    assert_non_null(h);
    assert_string_equal(str(h, "player"), "mankind");
    assert_string_equal(str(h, "by"), "mankind");
    json_decref(h);
    assert_int_equal(tc_sendf(b, "{s:s,s:i}", "cmd", "hand_over_refuse", "seat", 1), 0);
    h = error_frame(b);
    assert_string_equal(str(h, "msg"), "no one asks mankind to hand mankind to an AI");
    json_decref(h);
    /* once he is away, the others may */
    tc_close(b);
    json_t *p;
    while ((p = tc_wait(a, "presence", WAIT)) &&
           json_is_true(json_object_get(json_array_get(json_object_get(p, "seats"), 1), "present")))
        json_decref(p);
    assert_non_null(p);
    json_decref(p);
    assert_string_equal(hand_over(a, 1), "");
    assert_int_equal(tc_sendf(a, "{s:s}", "cmd", "view"), 0);
    json_t *v = next_view(a, NULL);
    json_t *seat1 = json_array_get(json_object_get(v, "presence"), 1);
    assert_string_equal(str(seat1, "kind"), "ai");
    assert_string_equal(str(seat1, "ai"), "random");
    /* the AI places Mankind's hero: the Invader decides next */
    while (json_integer_value(json_object_get(v, "to_move")) != 0) {
        json_decref(v);
        v = next_view(a, NULL);
    }
    json_decref(v);
    assert_string_equal(hand_over(a, 1), "state: mankind is played by an AI already");
    tc_close(a);
    /* durably: after a restart the seat is still the AI's, its link acts no more */
    tc_server_stop(&f->server, SIGKILL);
    assert_int_equal(tc_server_start(&f->server, f->db, f->log, 100000, 0), 0);
    b = tc_connect(f->server.port);
    assert_non_null(b);
    v = join(b, id, tok[1], NULL);
    seat1 = json_array_get(json_object_get(v, "presence"), 1);
    assert_string_equal(str(seat1, "kind"), "ai");
    assert_int_equal(json_array_size(json_object_get(v, "offturn")), 0);
    json_decref(v);
    assert_int_equal(tc_sendf(b, "{s:s,s:s}", "cmd", "act", "text", "concede"), 0);
    json_t *e = error_frame(b);
    assert_string_equal(str(e, "msg"), "mankind is played by an AI now");
    json_decref(e);
    tc_close(b);
}

/* A record that does not replay to its stored state is not resumed: the log
 * says which table and why, and the table is not served. */
static void test_server_refuses_to_resume_a_table_that_does_not_replay(void **state)
{
    fixture *f = *state;
    char tok[2][40];
    int64_t id;
    json_t *v;
    tc_client *a = at_table_with_ai(f, &id, tok, &v, NULL);
    unsigned rng = 1;
    int played = 0;
    json_decref(play(a, v, 3, &rng, &played, NULL));
    tc_close(a);
    tc_server_stop(&f->server, SIGTERM);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(f->db, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "UPDATE tables SET hash='0000000000000001'", 0, 0, 0),
                     SQLITE_OK);
    sqlite3_close(db);

    assert_int_equal(tc_server_start(&f->server, f->db, f->log, 20, 0), 0);
    char line[128];
    snprintf(line, sizeof line,
             "table %" PRId64 " not resumed: its record replays to another state\n", id);
    assert_true(log_has(f->log, line));
    a = tc_connect(f->server.port);
    assert_non_null(a);
    assert_int_equal(tc_sendf(a, "{s:s,s:I}", "cmd", "spectate", "table", (json_int_t)id), 0);
    json_t *e = error_frame(a);
    snprintf(line, sizeof line,
             "table %" PRId64 " cannot be opened: its record replays to another state", id);
    assert_string_equal(str(e, "msg"), line);
    json_decref(e);
    tc_close(a);
}

static void test_server_token_holds_its_own_seat_only(void **state)
{
    fixture *f = *state;
    char tok[2][40];
    tc_client *c[2] = {tc_connect(f->server.port), tc_connect(f->server.port)};
    assert_non_null(c[0]);
    assert_non_null(c[1]);
    int64_t id = create(c[0], "human", tok);
    json_decref(join(c[0], id, tok[0], NULL));
    json_t *v = join(c[1], id, tok[1], NULL);
    assert_int_equal(json_integer_value(json_object_get(v, "seat")), 1);
    int mover = (int)json_integer_value(json_object_get(v, "to_move")), idle = 1 - mover;
    assert_int_equal(json_array_size(json_object_get(v, "legal")), mover == 1 ? 3 : 0);
    json_decref(v);
    char *before = fresh_view(c[mover]);

    /* the seat not to move cannot act as the one to move, whatever it claims */
    assert_int_equal(
        tc_sendf(c[idle], "{s:s,s:i,s:s}", "cmd", "act", "seat", mover, "text", "pass"), 0);
    json_t *e = error_frame(c[idle]);
    char msg[80];
    snprintf(msg, sizeof msg, "this connection acts only for %s", idle ? "mankind" : "invader");
    assert_string_equal(str(e, "msg"), msg);
    json_decref(e);
    assert_int_equal(tc_sendf(c[idle], "{s:s,s:s}", "cmd", "act", "text", "pass"), 0);
    e = error_frame(c[idle]);
    assert_string_equal(str(e, "code"), "illegal");
    json_decref(e);
    /* nor does a made-up token hold a seat */
    assert_int_equal(tc_sendf(c[idle], "{s:s,s:I,s:s}", "cmd", "join", "table", (json_int_t)id,
                              "token", "00000000000000000000000000000000"),
                     0);
    e = error_frame(c[idle]);
    snprintf(msg, sizeof msg, "that token holds no seat at table %" PRId64, id);
    assert_string_equal(str(e, "msg"), msg);
    json_decref(e);
    char *after = fresh_view(c[mover]);
    assert_string_equal(after, before);
    free(before);
    free(after);

    /* the other player leaves: the one who stays sees him away */
    tc_close(c[idle]);
    json_t *p;
    while (
        (p = tc_wait(c[mover], "presence", WAIT)) &&
        json_is_true(json_object_get(json_array_get(json_object_get(p, "seats"), idle), "present")))
        json_decref(p);
    assert_non_null(p);
    assert_true(json_is_true(
        json_object_get(json_array_get(json_object_get(p, "seats"), mover), "present")));
    json_decref(p);
    tc_close(c[mover]);
}

/* The table as the store holds it, replayed here through the engine: the
 * views the server sent must be the engine's own for each seat. */
typedef struct replayed {
    tt_game *game;
    tt_state *state;
} replayed;

static int replay_row(void *ctx, int seq, const store_action *a)
{
    replayed *r = ctx;
    char canon[512];
    tt_error err;
    (void)seq;
    assert_int_equal(tt_apply_text_as(r->game, r->state, a->offturn ? a->player : -1, a->text,
                                      canon, sizeof canon, NULL, NULL, &err),
                     TT_OK);
    return 0;
}

/* Does v's "view" hold exactly what the engine shows `viewer` at r? */
static void assert_engine_view(json_t *v, replayed *r, int viewer)
{
    char *mine = tt_view_json(r->game, r->state, viewer);
    json_t *want = json_loads(mine, 0, NULL);
    free(mine);
    assert_non_null(want);
    assert_true(json_equal(json_object_get(v, "view"), want));
    json_decref(want);
}

/* Two people and a spectator: after each action, every connection's latest
 * view is the engine's view for its seat (the spectator's for a spectator),
 * nothing more; and only the seat to move is offered actions. */
static void test_server_sends_each_seat_its_own_view_only(void **state)
{
    fixture *f = *state;
    char tok[2][40];
    tc_client *c[3] = {tc_connect(f->server.port), tc_connect(f->server.port),
                       tc_connect(f->server.port)};
    int64_t id = create(c[0], "human", tok);
    json_t *last[3] = {join(c[0], id, tok[0], NULL), join(c[1], id, tok[1], NULL), NULL};
    assert_int_equal(tc_sendf(c[2], "{s:s,s:I}", "cmd", "spectate", "table", (json_int_t)id), 0);
    last[2] = tc_wait(c[2], "view", WAIT);
    assert_non_null(last[2]);
    assert_true(json_is_null(json_object_get(last[2], "seat")));
    replayed r = {NULL, NULL};
    assert_int_equal(tt_game_new("invaders", NULL, &r.game, NULL), TT_OK);
    r.state = malloc(tt_state_size(r.game));
    for (int step = 0; step < 20; step++) {
        int mover = (int)json_integer_value(json_object_get(last[0], "to_move"));
        if (mover < 0)
            break;
        json_t *legal = json_object_get(last[mover], "legal");
        assert_true(json_array_size(legal) > 0);
        assert_int_equal(json_array_size(json_object_get(last[1 - mover], "legal")), 0);
        assert_int_equal(json_array_size(json_object_get(last[2], "legal")), 0);
        const char *text = json_string_value(json_array_get(legal, step % json_array_size(legal)));
        assert_int_equal(tc_sendf(c[mover], "{s:s,s:s}", "cmd", "act", "text", text), 0);
        for (int i = 0; i < 3; i++) {
            json_decref(last[i]);
            last[i] = tc_wait(c[i], "view", WAIT);
            assert_non_null(last[i]);
        }
        tt_state_init(r.game, r.state, 7);
        store *db;
        tt_error err;
        assert_int_equal(store_open(f->db, &db, &err), TT_OK);
        assert_int_equal(store_actions(db, id, replay_row, &r, &err), TT_OK);
        store_close(db);
        assert_engine_view(last[0], &r, 0);
        assert_engine_view(last[1], &r, 1);
        assert_engine_view(last[2], &r, TT_VIEW_SPECTATOR);
    }
    for (int i = 0; i < 3; i++) {
        json_decref(last[i]);
        tc_close(c[i]);
    }
    free(r.state);
    tt_game_free(r.game);
}

static void test_server_bad_frames_get_errors_and_change_nothing(void **state)
{
    char tok[2][40];
    int64_t id;
    json_t *v;
    tc_client *a = at_table_with_ai(*state, &id, tok, &v, NULL);
    json_decref(v);
    char *before = fresh_view(a);

    const char *bad = "{\"cmd\": \"act\", \"text\": ";
    assert_int_equal(tc_send(a, bad, strlen(bad)), 0);
    json_t *e = error_frame(a);
    assert_string_equal(str(e, "code"), "parse");
    assert_string_equal(str(e, "msg"), "not a JSON object: unexpected token near end of file");
    json_decref(e);

    size_t big = 20000;
    char *huge = malloc(big);
    memset(huge, ' ', big);
    memcpy(huge, "{\"cmd\":\"act\",\"text\":\"pass\"}", 27);
    assert_int_equal(tc_send(a, huge, big), 0);
    free(huge);
    e = error_frame(a);
    assert_string_equal(str(e, "msg"), "frame larger than 16384 bytes");
    json_decref(e);

    assert_int_equal(tc_sendf(a, "{s:s,s:i}", "cmd", "shuffle", "id", 5), 0);
    e = error_frame(a);
    assert_string_equal(str(e, "msg"), "unknown command \"shuffle\"");
    assert_int_equal(json_integer_value(json_object_get(e, "id")), 5);
    json_decref(e);

    assert_int_equal(tc_sendf(a, "{s:s,s:s}", "cmd", "act", "text", "play no_such_card"), 0);
    e = error_frame(a);
    assert_string_equal(str(e, "cmd"), "act");
    json_decref(e);

    char *after = fresh_view(a);
    assert_string_equal(after, before);
    free(before);
    free(after);
    tc_close(a);
}

/* The web client is served from the files compiled in, and nothing else:
 * no path leads out of that set. */
static void test_server_serves_the_built_in_files_only(void **state)
{
    fixture *f = *state;
    static char page[1 << 16];
    assert_int_equal(tc_http_get(f->server.port, "/", page, sizeof page), 200);
    assert_non_null(strstr(page, "content-type: text/html; charset=utf-8\r\n"));
    assert_non_null(strstr(page, "x-content-type-options: nosniff\r\n"));
    assert_non_null(strstr(page, "<title>tabletop</title>"));
    assert_int_equal(tc_http_get(f->server.port, "/table.js", page, sizeof page), 200);
    assert_non_null(strstr(page, "content-type: text/javascript; charset=utf-8\r\n"));
    assert_non_null(strstr(page, "new WebSocket(url, \"tabletop\")"));
    assert_int_equal(tc_http_get(f->server.port, "/table.css", page, sizeof page), 200);
    assert_int_equal(tc_http_get(f->server.port, "/boards.js", page, sizeof page), 200);
    /* the sample content, by exact name: Tannhäuser's map for its board */
    assert_int_equal(
        tc_http_get(f->server.port, "/content/tannhauser/board.json", page, sizeof page), 200);
    assert_non_null(strstr(page, "content-type: application/json\r\n"));
    assert_non_null(strstr(page, "\"circles\""));
    static const char *const outside[] = {"/../CMakeLists.txt",
                                          "/%2e%2e/CMakeLists.txt",
                                          "/..%2f..%2fetc%2fpasswd",
                                          "/web/index.html",
                                          "/index.html/",
                                          "//etc/passwd",
                                          "/etc/passwd",
                                          "/nothing.js",
                                          "/content/",
                                          "/content/tannhauser",
                                          "/content/../web/index.html",
                                          "/content/tannhauser/board.json/",
                                          NULL};
    for (int i = 0; outside[i]; i++) {
        int status = tc_http_get(f->server.port, outside[i], page, sizeof page);
        if (status != 404 && status != 403 && status != 400)
            fail_msg("%s: HTTP %d", outside[i], status);
        assert_null(strstr(page, "root:"));
        assert_null(strstr(page, "cmake_minimum_required"));
    }
}

/* The files are read, not written: GET them, or HEAD for their headers
 * alone; any other method is answered 405 at once (a POST was answered 200
 * with a length and no body, and the client waited for it). */
static void test_server_answers_get_and_head_only(void **state)
{
    fixture *f = *state;
    static char answer[1 << 16];
    int status =
        tc_http_request(f->server.port, "HEAD /table.js HTTP/1.0\r\n\r\n", answer, sizeof answer);
    assert_int_equal(status, 200);
    assert_non_null(strstr(answer, "content-type: text/javascript; charset=utf-8\r\n"));
    const char *body = strstr(answer, "\r\n\r\n");
    assert_non_null(body);
    assert_string_equal(body, "\r\n\r\n");
    static const char *const other[] = {
        "POST /index.html HTTP/1.0\r\nContent-Length: 5\r\n\r\nhello",
        "PUT /index.html HTTP/1.0\r\nContent-Length: 0\r\n\r\n",
        "DELETE /index.html HTTP/1.0\r\n\r\n", "OPTIONS / HTTP/1.0\r\n\r\n", NULL};
    for (int i = 0; other[i]; i++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        status = tc_http_request(f->server.port, other[i], answer, sizeof answer);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (status != 405)
            fail_msg("%.10s: HTTP %d", other[i], status);
        assert_null(strstr(answer, "<title>tabletop</title>"));
        assert_true(t1.tv_sec - t0.tv_sec < 2);
    }
}

/* Only a page of this server may open a WebSocket: a page of another site
 * (its Origin) is refused before any frame, however its Origin is dressed;
 * a client that is not a browser sends none and is served. */
static void test_server_refuses_pages_of_other_sites(void **state)
{
    fixture *f = *state;
    char origin[128];
    static const char *const foreign[] = {"http://evil.example",
                                          "https://127.0.0.1.evil.example",
                                          "http://127.0.0.1:%d.evil.example",
                                          "http://127.0.0.1",
                                          "null",
                                          "file://",
                                          "ws://127.0.0.1:%d",
                                          NULL};
    for (int i = 0; foreign[i]; i++) {
        snprintf(origin, sizeof origin, foreign[i], f->server.port);
        tc_client *c = tc_connect_from(f->server.port, origin);
        if (c)
            fail_msg("a page of %s opened a WebSocket", origin);
    }
    snprintf(origin, sizeof origin, "https://127.0.0.1:%d", f->server.port);
    const char *const served[] = {NULL, origin};
    for (int i = 0; i < 2; i++) {
        tc_client *c = tc_connect_from(f->server.port, served[i]);
        assert_non_null(c);
        assert_int_equal(tc_sendf(c, "{s:s}", "cmd", "tables"), 0);
        json_t *t = tc_wait(c, "tables", 5000);
        assert_non_null(t);
        json_decref(t);
        tc_close(c);
    }
}

/* A WebSocket is the game's only with its subprotocol, "tabletop": one
 * asked without it (or for another) is refused at the upgrade, not accepted
 * and then left unanswered, whatever it sends. */
static void test_server_refuses_websockets_without_its_subprotocol(void **state)
{
    fixture *f = *state;
    static const char *const asked[] = {"", "Sec-WebSocket-Protocol: http\r\n",
                                        "Sec-WebSocket-Protocol: chat\r\n", NULL};
    char req[512], answer[1024];
    for (int i = 0; asked[i]; i++) {
        snprintf(req, sizeof req,
                 "GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                 "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 "Sec-WebSocket-Version: 13\r\n%s\r\n",
                 f->server.port, asked[i]);
        if (tc_http_request(f->server.port, req, answer, sizeof answer) == 101)
            fail_msg("a WebSocket asked with \"%s\" was opened", asked[i]);
    }
    tc_client *c = tc_connect(f->server.port); /* with it, as the page asks */
    assert_non_null(c);
    tc_close(c);
}

/* The error a create frame gets (its text given as JSON), as "code: msg". */
static char *create_error(tc_client *c, const char *frame)
{
    static char out[400];
    assert_int_equal(tc_send(c, frame, strlen(frame)), 0);
    json_t *e = error_frame(c);
    assert_string_equal(str(e, "cmd"), "create");
    snprintf(out, sizeof out, "%s: %s", str(e, "code"), str(e, "msg"));
    json_decref(e);
    return out;
}

/* A table that cannot be made is refused with one line naming what is
 * wrong, and no table is made. */
static void test_server_refuses_bad_tables(void **state)
{
    fixture *f = *state;
    tc_client *a = tc_connect(f->server.port);
    assert_non_null(a);
    assert_string_equal(create_error(a, "{\"cmd\":\"create\",\"game\":\"chess\",\"seats\":[]}"),
                        "argument: unknown game \"chess\"");
    assert_string_equal(
        create_error(a,
                     "{\"cmd\":\"create\",\"game\":\"invaders\",\"seats\":[{\"kind\":\"human\"}]}"),
        "argument: invaders takes 2 seats, not 1");
    assert_string_equal(
        create_error(a, "{\"cmd\":\"create\",\"game\":\"invaders\",\"seats\":[{\"kind\":\"human\"},"
                        "{\"kind\":\"robot\"}]}"),
        "argument: seat 1: kind is \"human\" or \"ai\", not \"robot\"");
    assert_string_equal(
        create_error(a, "{\"cmd\":\"create\",\"game\":\"invaders\",\"seats\":[{\"kind\":\"human\"},"
                        "{\"kind\":\"ai\",\"level\":\"godlike\"}]}"),
        "argument: seat 1: level is easy, normal or hard, not \"godlike\"");
    assert_string_equal(
        create_error(a,
                     "{\"cmd\":\"create\",\"game\":\"invaders\",\"params\":\"content=/etc/passwd\","
                     "\"seats\":[{\"kind\":\"human\"},{\"kind\":\"human\"}]}"),
        "argument: the server takes no parameter that names a file");
    assert_string_equal(
        create_error(a, "{\"cmd\":\"create\",\"game\":\"invaders\",\"params\":\"colour=red\","
                        "\"seats\":[{\"kind\":\"human\"},{\"kind\":\"human\"}]}"),
        "argument: unknown parameter 'colour' for invaders (known: content, auto_decline)");
    assert_int_equal(tc_sendf(a, "{s:s}", "cmd", "tables"), 0);
    json_t *t = tc_wait(a, "tables", WAIT);
    assert_non_null(t);
    assert_int_equal(json_array_size(json_object_get(t, "tables")), 0);
    json_decref(t);
    tc_close(a);
}

/* An AI seat searches on a worker thread: while it thinks (a second by the
 * clock), the server answers at once, and its move arrives when it is done. */
static void test_server_answers_while_an_ai_thinks(void **state)
{
    fixture *f = *state;
    tc_client *a = tc_connect(f->server.port);
    assert_non_null(a);
    /* Mankind decides first in Invaders: where his first hero goes (INV-3.7) */
    assert_int_equal(tc_sendf(a, "{s:s,s:s,s:[{s:s},{s:s,s:s}]}", "cmd", "create", "game",
                              "invaders", "seats", "kind", "human", "kind", "ai", "ai",
                              "ismcts:ms=1000"),
                     0);
    json_t *r = tc_wait(a, "created", WAIT);
    assert_non_null(r);
    json_t *seat0 = json_array_get(json_object_get(r, "seats"), 0);
    json_t *v = join(a, json_integer_value(json_object_get(r, "table")), str(seat0, "token"), NULL);
    json_decref(r);
    assert_int_equal(json_integer_value(json_object_get(v, "to_move")), 1);
    json_decref(v);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    assert_int_equal(tc_sendf(a, "{s:s}", "cmd", "tables"), 0);
    json_t *t = tc_wait(a, "tables", WAIT);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    assert_non_null(t);
    json_decref(t);
    double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
    if (ms > 300)
        fail_msg("the server took %.0f ms to answer while the AI thought", ms);
    while ((v = tc_wait(a, "view", WAIT)) && json_integer_value(json_object_get(v, "to_move")) == 1)
        json_decref(v);
    assert_non_null(v); /* the AI's move came */
    json_decref(v);
    tc_close(a);
}

/* Every game the server lists can be set up with its default parameters, a
 * person in each of its players' seats, and shows its first player a view. */
static void test_server_sets_up_every_game(void **state)
{
    fixture *f = *state;
    tc_client *a = tc_connect(f->server.port);
    assert_non_null(a);
    assert_int_equal(tc_sendf(a, "{s:s}", "cmd", "games"), 0);
    json_t *games = tc_wait(a, "games", WAIT), *g;
    assert_non_null(games);
    size_t i, n = 0;
    json_array_foreach(json_object_get(games, "games"), i, g) {
        size_t nplayers = json_array_size(json_object_get(g, "players"));
        assert_true(nplayers >= 2);
        json_t *seats = json_array();
        for (size_t p = 0; p < nplayers; p++)
            json_array_append_new(seats, json_pack("{s:s}", "kind", "human"));
        assert_int_equal(tc_sendf(a, "{s:s,s:O,s:o}", "cmd", "create", "game",
                                  json_object_get(g, "name"), "seats", seats),
                         0);
        json_t *r = tc_wait(a, NULL, WAIT);
        assert_non_null(r);
        if (strcmp(str(r, "type"), "created") != 0)
            fail_msg("%s: %s", str(g, "name"), str(r, "msg"));
        json_t *seat0 = json_array_get(json_object_get(r, "seats"), 0);
        json_t *v =
            join(a, json_integer_value(json_object_get(r, "table")), str(seat0, "token"), NULL);
        assert_true(json_is_object(json_object_get(v, "view")));
        assert_true(strlen(str(v, "text")) > 0);
        json_decref(v);
        json_decref(r);
        n++;
    }
    assert_true(n >= 4);
    json_decref(games);
    tc_close(a);
}

/* Thousands of hostile frames (cut, spliced and byte-flipped versions of
 * real ones, wrong types, deep nesting, control bytes) on one connection
 * while a player sits at a table: each gets at most an error, the server
 * keeps answering, and the table is as it was. */
static void test_server_survives_hostile_frames(void **state)
{
    fixture *f = *state;
    char tok[2][40];
    int64_t id;
    json_t *v;
    tc_client *a = at_table_with_ai(f, &id, tok, &v, NULL);
    json_decref(v);
    char *before = fresh_view(a);
    tc_client *h = tc_connect(f->server.port);
    assert_non_null(h);
    char seeds[4][160];
    /* a token of the right shape that holds no seat: h must never act */
    snprintf(seeds[0], sizeof seeds[0], "{\"cmd\":\"join\",\"table\":%" PRId64 ",\"token\":\"%s\"}",
             id, "0123456789abcdef0123456789abcdef");
    snprintf(seeds[1], sizeof seeds[1], "{\"cmd\":\"act\",\"text\":\"pass\",\"seat\":0}");
    snprintf(seeds[2], sizeof seeds[2],
             "{\"cmd\":\"create\",\"game\":\"invaders\",\"seats\":[{\"kind\":\"ai\"}]}");
    snprintf(seeds[3], sizeof seeds[3], "{\"cmd\":\"spectate\",\"table\":%" PRId64 "}", id);
    unsigned rng = 12345;
    char frame[512];
    for (int i = 0; i < 3000; i++) {
        rng = rng * 1103515245u + 12345u;
        const char *seed = seeds[(rng >> 16) % 4];
        size_t n = strlen(seed);
        memcpy(frame, seed, n);
        switch ((rng >> 8) % 6) {
        case 0: n = (rng >> 12) % n; break;                                /* cut short */
        case 1: frame[(rng >> 12) % n] ^= (char)(1 + (rng & 0x7f)); break; /* a byte flipped */
        case 2: frame[(rng >> 12) % n] = (char)(rng & 0x1f); break;        /* a control byte */
        case 3: n = (size_t)snprintf(frame, sizeof frame, "{\"cmd\":%u}", rng); break;
        case 4: memset(frame, '[', n = 400); break; /* deep nesting */
        default: n = (size_t)snprintf(frame, sizeof frame, "{\"cmd\":\"act\",\"text\":[%u]}", rng);
        }
        assert_int_equal(tc_send(h, frame, n), 0);
        if (i % 100 == 99)
            tc_pending(h, 0); /* read what came, so its queue does not fill */
    }
    tc_close(h);
    char *after = fresh_view(a);
    assert_string_equal(after, before);
    free(before);
    free(after);
    tc_close(a);
}

/* A flood: frames beyond the allowance are answered with an error, and the
 * connection is served again once it slows down. */
static void test_server_limits_frames_per_second(void **state)
{
    fixture *f = *state;
    tc_client *a = tc_connect(f->server.port);
    assert_non_null(a);
    for (int i = 0; i < 60; i++)
        assert_int_equal(tc_sendf(a, "{s:s}", "cmd", "tables"), 0);
    int tables = 0, limited = 0;
    json_t *j;
    while (tables + limited < 60 && (j = tc_wait(a, NULL, 2000)) != NULL) {
        tables += strcmp(str(j, "type"), "tables") == 0;
        limited += strcmp(str(j, "msg"), "too many frames: at most 20 a second") == 0;
        json_decref(j);
    }
    assert_int_equal(tables + limited, 60);
    assert_true(limited >= 1);
    assert_true(tables >= 40);
    tc_close(a);
}

/* Two server processes on one PostgreSQL database: a table created on one
 * is refused on the other while the first plays it, even for a moment after
 * the first is killed; once its lease has run out, the other resumes it
 * exactly where it was. */
static void test_servers_share_a_postgres_database(void **state)
{
    fixture *f = *state;
    char tok[2][40], log[64];
    tc_server other = {.lease = 2};
    snprintf(log, sizeof log, "/tmp/tt_server_%d_other.log", (int)getpid());
    unlink(log);
    assert_int_equal(tc_server_start(&other, f->db, log, 100000, 0), 0);
    int64_t id;
    json_t *v;
    tc_client *a = at_table_with_ai(f, &id, tok, &v, NULL);
    unsigned rng = 5;
    int played = 0;
    v = play(a, v, 3, &rng, &played, NULL);
    char *before = view_text(v);
    json_decref(v);
    tc_client *b = tc_connect(other.port);
    assert_non_null(b);
    char played_elsewhere[96];
    snprintf(played_elsewhere, sizeof played_elsewhere,
             "table %" PRId64 " is played by another server process", id);
    assert_int_equal(
        tc_sendf(b, "{s:s,s:I,s:s}", "cmd", "join", "table", (json_int_t)id, "token", tok[0]), 0);
    json_t *e = error_frame(b);
    assert_true(strncmp(str(e, "msg"), played_elsewhere, strlen(played_elsewhere)) == 0);
    json_decref(e);
    tc_close(a);
    tc_server_stop(&f->server, SIGKILL);
    int refused = 0;
    for (;; refused++) { /* its lease runs a second or two more */
        assert_true(refused < 40);
        assert_int_equal(
            tc_sendf(b, "{s:s,s:I,s:s}", "cmd", "join", "table", (json_int_t)id, "token", tok[0]),
            0);
        json_t *r = tc_wait(b, NULL, WAIT);
        assert_non_null(r);
        int joined = strcmp(str(r, "type"), "joined") == 0;
        if (!joined)
            assert_true(strncmp(str(r, "msg"), played_elsewhere, strlen(played_elsewhere)) == 0);
        json_decref(r);
        if (joined)
            break;
        nanosleep(&(struct timespec){0, 100000000}, NULL);
    }
    assert_true(refused > 0); /* not before the lease of the killed process ran out */
    v = joined_view(b, NULL);
    char *after = view_text(v);
    assert_string_equal(after, before);
    char line[96];
    snprintf(line, sizeof line, "table %" PRId64 " reopened: invaders, %d actions\n", id,
             (int)json_integer_value(json_object_get(v, "actions")));
    assert_true(log_has(log, line));
    json_decref(v);
    free(before);
    free(after);
    tc_close(b);
    tc_server_stop(&other, SIGTERM);
    assert_false(log_has(log, "Sanitizer"));
    unlink(log);
}

/* `test_server postgres`: the tests of a PostgreSQL database, on a
 * throwaway cluster; exit 77 (skipped) where PostgreSQL is not installed. */
static int run_postgres(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_servers_share_a_postgres_database, setup_pg, teardown),
    };
    int rc = tc_pg_start(&pg);
    if (rc)
        return rc == TC_PG_ABSENT ? TC_PG_ABSENT : 1;
    rc = cmocka_run_group_tests_name("postgres", tests, NULL, NULL);
    tc_pg_stop(&pg);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc > 1)
        return strcmp(argv[1], "postgres") == 0 ? run_postgres() : 2;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_server_plays_to_the_end_and_survives_kill_9,
                                        setup_fast, teardown),
        cmocka_unit_test_setup_teardown(test_server_tells_no_one_before_the_commit_returns,
                                        setup_fast, teardown),
        cmocka_unit_test_setup_teardown(test_server_refuses_to_resume_a_table_that_does_not_replay,
                                        setup_fast, teardown),
        cmocka_unit_test_setup_teardown(test_server_sends_each_seat_its_own_view_only, setup_fast,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_server_token_holds_its_own_seat_only, setup, teardown),
        cmocka_unit_test_setup_teardown(test_server_bad_frames_get_errors_and_change_nothing, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_server_limits_frames_per_second, setup, teardown),
        cmocka_unit_test_setup_teardown(test_server_serves_the_built_in_files_only, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_server_refuses_bad_tables, setup, teardown),
        cmocka_unit_test_setup_teardown(test_server_answers_get_and_head_only, setup_fast,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_server_refuses_websockets_without_its_subprotocol,
                                        setup_fast, teardown),
        cmocka_unit_test_setup_teardown(test_server_refuses_pages_of_other_sites, setup_fast,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_server_unloads_finished_tables, setup_unload,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_server_takes_back_a_decision_by_the_rules, setup_fast,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_server_hands_a_seat_to_an_ai_by_agreement, setup_fast,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_client_waits_end_at_their_deadlines, setup_fast,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_server_takes_back_past_another_decision_by_consent,
                                        setup_fast, teardown),
        cmocka_unit_test_setup_teardown(test_server_sets_up_every_game, setup_fast, teardown),
        cmocka_unit_test_setup_teardown(test_server_survives_hostile_frames, setup_fast, teardown),
        cmocka_unit_test_setup_teardown(test_server_answers_while_an_ai_thinks, setup, teardown),
    };
    /* TT_TESTS=PATTERN runs only the tests whose names match (cmocka's * and ?) */
    if (getenv("TT_TESTS"))
        cmocka_set_test_filter(getenv("TT_TESTS"));
    return cmocka_run_group_tests(tests, NULL, NULL);
}
