/* The server's frames, written without a JSON tree (src/server/out.c), are
 * byte for byte the frames it built with jansson before: for every game and
 * each configuration the generic suite runs, random games are played and,
 * at every position, each seat's view frame and the spectators', the
 * narration of each action for every viewer and the presence frame are
 * compared with the tree-built frame (the code here is what the server ran
 * then), with people and AIs at the seats and some of them away. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/errors.h"
#include "server/server_int.h"
#include "tabletop/ai.h"

#define STEPS 240 /* actions per game at most */
#define SEEDS 2

/* --- the frames as the server built them with jansson -------------------------------- */

static json_t *ref_actions(const srv_table *t, int seat, int offturn)
{
    json_t *list = json_array();
    tt_action *a = malloc(sizeof *a * (size_t)tt_max_actions(t->game));
    int n = offturn ? tt_offturn_legal(t->game, t->state, seat, a) : tt_legal(t->game, t->state, a);
    char text[TT_ACTION_TEXT_MAX];
    for (int i = 0; i < n; i++)
        if (tt_action_format(t->game, t->state, a[i], text, sizeof text) == TT_OK)
            json_array_append_new(list, json_string(text));
    free(a);
    return list;
}

static json_t *ref_result(const srv_table *t)
{
    tt_result r;
    tt_result_get(t->game, t->state, &r);
    json_t *ranks = json_array();
    for (int i = 0; i < r.nplayers; i++)
        json_array_append_new(ranks,
                              json_pack("{s:i,s:i,s:b}", "rank", r.player[i].rank, "score",
                                        r.player[i].score, "eliminated", r.player[i].eliminated));
    const char *why = tt_result_reason_text(t->game, t->state);
    return json_pack("{s:i,s:s,s:s,s:o}", "winner", r.winner, "reason", r.reason, "text",
                     why ? why : "", "players", ranks);
}

static json_t *ref_presence(const srv_table *t)
{
    json_t *seats = json_array();
    for (int i = 0; i < t->meta.nseats; i++) {
        int here = t->meta.seat[i].kind == STORE_AI;
        for (const srv_conn *c = t->conns; c && !here; c = c->next_at_table)
            here = c->seat == i;
        json_array_append_new(seats,
                              json_pack("{s:s,s:s,s:s,s:b}", "player", tt_player_name(t->game, i),
                                        "kind", t->meta.seat[i].kind == STORE_AI ? "ai" : "human",
                                        "ai", t->meta.seat[i].ai, "present", here));
    }
    return seats;
}

static json_t *owned_string(char *text)
{
    json_t *j = text ? json_string(text) : json_null();
    free(text);
    return j;
}

static json_t *ref_view(const srv_table *t, int seat)
{
    int to_move = tt_to_move(t->game, t->state);
    json_t *view = NULL;
    char *text = tt_view_json(t->game, t->state, seat);
    if (text)
        view = json_loads(text, 0, NULL);
    free(text);
    json_t *f =
        json_pack("{s:s,s:I,s:s,s:o,s:o,s:i,s:b,s:i}", "type", "view", "table",
                  (json_int_t)t->meta.id, "game", t->meta.game, "seat",
                  seat >= 0 ? json_integer(seat) : json_null(), "view", view ? view : json_null(),
                  "to_move", to_move, "over", to_move == TT_TERMINAL, "actions", t->meta.nactions);
    json_object_set_new(f, "text", owned_string(tt_view_text(t->game, t->state, seat)));
    json_object_set_new(f, "legal",
                        seat >= 0 && seat == to_move && !t->ai[seat] ? ref_actions(t, seat, 0)
                                                                     : json_array());
    json_object_set_new(f, "offturn",
                        seat >= 0 && !t->ai[seat] ? ref_actions(t, seat, 1) : json_array());
    json_object_set_new(f, "presence", ref_presence(t));
    if (to_move == TT_TERMINAL)
        json_object_set_new(f, "result", ref_result(t));
    return f;
}

static json_t *ref_narration(const srv_table *t, int seat, const tt_event *ev, int n, int history)
{
    char line[512];
    json_t *lines = json_array();
    for (int i = 0; i < n; i++)
        if (tt_event_text(t->game, &ev[i], seat, line, sizeof line) > 0)
            json_array_append_new(lines, json_string(line));
    return json_pack("{s:s,s:I,s:b,s:o}", "type", "narration", "table", (json_int_t)t->meta.id,
                     "history", history, "lines", lines);
}

/* --- comparing ----------------------------------------------------------------------- */

/* The written frame in b is the tree's compact dump (the tree taken). */
static void assert_same(const srv_buf *b, json_t *tree, const char *what)
{
    char *want = json_dumps(tree, JSON_COMPACT);
    json_decref(tree);
    assert_non_null(want);
    assert_false(b->bad);
    if (strlen(want) != b->n || memcmp(want, b->p, b->n) != 0)
        fail_msg("%s differs:\n  jansson %s\n  written %.*s", what, want, (int)b->n, b->p);
    free(want);
}

typedef struct game_run {
    srv s;
    srv_table t;
    srv_conn conn[TT_MAX_PLAYERS + 1];
    int frames; /* frames compared */
} game_run;

static int finished; /* games played to their end: their result frames compared */

/* Every viewer's view frame and the presence frame of r's table now. */
static void check_views(game_run *r, const char *what)
{
    srv_table *t = &r->t;
    for (int seat = TT_VIEW_SPECTATOR; seat < t->meta.nseats; seat++) {
        if (seat == -1)
            continue;
        srv_view_write(&r->s, t, seat, &r->s.text);
        assert_same(&r->s.text, ref_view(t, seat), what);
        r->frames++;
    }
    srv_presence_write(t, &r->s.text);
    json_t *p = json_pack("{s:s,s:I,s:o}", "type", "presence", "table", (json_int_t)t->meta.id,
                          "seats", ref_presence(t));
    assert_same(&r->s.text, p, what);
}

static void check_narration(game_run *r, const tt_events *ev, int history, const char *what)
{
    srv_table *t = &r->t;
    for (int seat = TT_VIEW_SPECTATOR; seat < t->meta.nseats; seat++) {
        if (seat == -1)
            continue;
        srv_narration_write(t, seat, ev->ev, ev->n, history, &r->s.text);
        assert_same(&r->s.text, ref_narration(t, seat, ev->ev, ev->n, history), what);
        r->frames++;
    }
}

/* Seats the table: seat 1 an AI on odd seeds; the last seat away on seeds
 * that are even; a spectator watching. */
static void seat_people(game_run *r, uint64_t seed)
{
    srv_table *t = &r->t;
    srv_conn **tail = &t->conns;
    for (int i = 0; i < t->meta.nseats; i++) {
        int ai = i == 1 && seed % 2;
        t->meta.seat[i].kind = ai ? STORE_AI : STORE_HUMAN;
        snprintf(t->meta.seat[i].ai, sizeof t->meta.seat[i].ai, "%s", ai ? "random" : "");
        if (ai)
            assert_int_equal(tt_ai_new("random", t->game, "", seed, &t->ai[i], NULL), TT_OK);
        if (i == t->meta.nseats - 1 && seed % 2 == 0)
            continue;
        r->conn[i].seat = i;
        *tail = &r->conn[i];
        tail = &r->conn[i].next_at_table;
    }
    r->conn[TT_MAX_PLAYERS].seat = TT_VIEW_SPECTATOR;
    *tail = &r->conn[TT_MAX_PLAYERS];
}

/* Plays one random game of g from seed, comparing the frames at every step. */
static int play_one(const tt_game *g, uint64_t seed)
{
    game_run *r = calloc(1, sizeof *r);
    srv_table *t = &r->t;
    t->game = g;
    t->meta.id = (int64_t)seed * 1000003;
    snprintf(t->meta.game, sizeof t->meta.game, "%s", tt_game_name(g));
    t->meta.nseats = tt_game_players(g);
    t->state = malloc(tt_state_size(g));
    tt_state_init(g, t->state, seed);
    seat_people(r, seed);
    tt_action *a = malloc(sizeof *a * (size_t)tt_max_actions(g));
    tt_event evbuf[SRV_EVENTS];
    char what[160];
    unsigned rng = (unsigned)seed;
    for (int step = 0; step < STEPS; step++) {
        snprintf(what, sizeof what, "%s seed %llu step %d", tt_game_name(g),
                 (unsigned long long)seed, step);
        int n = tt_legal(g, t->state, a);
        if (n == 0 || step % 9 == 0) /* every ninth position, and the last */
            check_views(r, what);
        if (n == 0) {
            finished++;
            break;
        }
        rng = rng * 1103515245u + 12345u;
        tt_events ev = {evbuf, 0, SRV_EVENTS, 0};
        tt_error err;
        assert_int_equal(tt_apply(g, t->state, a[(rng >> 8) % (unsigned)n], &ev, &err), TT_OK);
        t->meta.nactions++;
        check_narration(r, &ev, step % 7 == 0, what);
    }
    int frames = r->frames;
    for (int i = 0; i < TT_MAX_PLAYERS; i++)
        tt_ai_free(t->ai[i]);
    free(a);
    free(t->state);
    sb_free(&r->s.text);
    free(r->s.acts);
    free(r);
    return frames;
}

static void test_frames_are_those_jansson_wrote_for_every_game(void **state)
{
    (void)state;
    int games = 0;
    for (int i = 0; tt_game_list(i); i++) {
        const char *name = tt_game_list(i), *params = NULL;
        int nconf = 0;
        while (tt_game_config(name, nconf, &params))
            nconf++;
        for (int k = 0; k < (nconf ? nconf : 1); k++) {
            params = NULL;
            if (nconf)
                tt_game_config(name, k, &params);
            tt_game *g;
            tt_error err;
            if (tt_game_new(name, params, &g, &err) != TT_OK)
                fail_msg("%s %s: %s", name, params ? params : "", err.msg);
            int frames = 0;
            for (uint64_t seed = 1; seed <= SEEDS; seed++)
                frames += play_one(g, seed);
            printf("%s %s: %d frames the same\n", name, params ? params : "(defaults)", frames);
            tt_game_free(g);
            games++;
        }
    }
    assert_true(games >= 5);
    assert_true(finished > 0);
}

/* Strings go through core's escaping (tests/unit/test_sbuf.c checks it case
 * by case): one with every kind of escape reads as jansson writes it. */
static void test_strings_are_escaped_as_jansson_escapes_them(void **state)
{
    (void)state;
    const char *text = "a \"quoted\" \\ \b\f\n\r\t \x01\x1f\x7f caf\xc3\xa9";
    srv_buf b = {NULL, 0, 0, 0};
    assert_true(sb_utf8(text));
    sb_str(&b, text);
    json_t *j = json_string(text);
    char *want = json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY);
    json_decref(j);
    assert_int_equal(b.n, strlen(want));
    assert_memory_equal(b.p, want, b.n);
    free(want);
    /* what jansson refuses as a string, the writer's check refuses too */
    static const char *const bad[] = {"\xc3", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
                                      "ok \xff"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_null(json_string(bad[i]));
        assert_false(sb_utf8(bad[i]));
    }
    sb_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strings_are_escaped_as_jansson_escapes_them),
        cmocka_unit_test(test_frames_are_those_jansson_wrote_for_every_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
