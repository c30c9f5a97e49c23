/* The generic suite: properties every registered game must have, checked through
 * the public interface only (include/tabletop), so a game added to the registry
 * gets all of it for free (STYLE.md, Tests; DESIGN.md, Build, dependencies, tests).
 *
 * A run is a game on one of the configurations its descriptor declares
 * (tt_rules.configs: Tannhäuser's modes and difficulties, Braunau's decks and
 * player counts…). Each test loops over the selected runs and plays seeded
 * random games; the checks run after every apply or on sampled positions:
 *  - every game declares configurations that load, and between them cover 2,
 *    3 and 4+ players wherever its range allows;
 *  - random games end, with tt_sanity after every apply and a step cap;
 *  - tt_legal returns 0 exactly when the game is over, never more than
 *    tt_max_actions, never the same action twice;
 *  - copies are byte-identical and stay so under the same actions;
 *  - every listed action applies; every other action (and garbage text, and a
 *    compound text that fails midway) is refused and leaves the state
 *    byte-identical;
 *  - format → parse round-trips every listed action;
 *  - the leak test, for every viewer (each player and the spectator):
 *    view(s, p) equals view(determinize(s, p), p) byte for byte, the player
 *    to move keeps his legal actions, the determinized state is a legal
 *    position that plays on to the end, and a secret event of another player
 *    reads the same to p whatever the hidden cards behind it;
 *  - narration, at every step of some games and for every viewer p: the same
 *    action played in s and in determinize(s, p) tells p the same lines of
 *    events with hidden details, wherever p's view afterwards is the same —
 *    so no line names a card p has not seen;
 *  - save → load → replay reproduces the state, step by step, also for a game
 *    that ends by concession.
 *
 * The number of random games is TT_GENERIC_GAMES if set. Otherwise a game's
 * first (default) configuration plays 10,000 in an optimised build and 2,000
 * in a debug (sanitizer) build, where every game costs about five times as
 * much; each other configuration plays 1,000 (120 in a debug build). All are
 * counted in games of about 150 actions: a game whose random games are k
 * times longer plays k times fewer (X-Files', some 6,000 actions, about 40
 * times fewer), and its sampled positions lie k times further apart
 * (gctx_size, measured once per run). The sampled tests scale with the number
 * of games; the leak test, whose views cost most, samples at least 30 games
 * (10 in a debug build, enough to execute every line the larger counts do:
 * docs/testing.md).
 *
 * `test_generic --list` prints every run, "<game> <config>" a line: ctest
 * turns each into a test of its own (tests/generic/discover.cmake). The
 * environment selects: TT_GENERIC_ONLY=<game>[,<game>…] and
 * TT_GENERIC_CONFIG=<config>[,<config>…]; a name in either that matches
 * nothing fails at once, naming it. TT_GENERIC_TEST=<pattern> runs only the
 * tests whose names match (cmocka's filter: test_leak*). TT_GENERIC_PARAMS_<game> (e.g.
 * TT_GENERIC_PARAMS_invaders="content=my.json") runs that game once, on those
 * parameters, as configuration "custom". A failure prints the game, its
 * configuration, the seed and the actions that led there. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "tabletop/tt.h"

#ifdef NDEBUG
#define DEFAULT_GAMES 10000
#define CONFIG_GAMES 1000
#define LEAK_LEAST 30 /* games sampled by the leak test, at least */
#else
/* Debug (sanitizer) builds look for memory errors and undefined behaviour,
 * which take the paths of the code rather than the number of games: they play
 * fewer, enough to execute every line the optimised build's counts execute
 * (docs/testing.md, "The sanitizer pass"). */
#define DEFAULT_GAMES 2000
#define CONFIG_GAMES 120
#define LEAK_LEAST 10 /* its views cost most under the sanitizers */
#endif
#define STEP_CAP 200000 /* actions; no game here comes near it */
#define GUARD 8         /* canary entries past tt_max_actions */
#define CANARY 0xA5A5A5A5u
#define MAX_HISTORY STEP_CAP

/* --- helpers --------------------------------------------------------------------- */

/* The test's own generator (splitmix64): independent of the engine's. */
static uint64_t mix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int below(uint64_t *x, int n)
{
    return (int)(mix(x) % (uint64_t)n);
}

/* Everything one game's checks need. */
typedef struct gctx {
    const char *name; /* "game/config", in messages */
    const char *game; /* the registry's name */
    char label[96];
    tt_game *g;
    size_t sz;
    int maxa, np;
    tt_action *acts, *acts2; /* maxa + GUARD each */
    tt_state *s, *t, *u;     /* scratch states */
    uint64_t seed;           /* of the game being played */
    tt_action *hist;         /* its actions so far */
    int nhist;
    int games;       /* random games for this game (see gctx_size) */
    int every_scale; /* sampled positions: one per this many more actions */
    int is_default;  /* the game's first declared configuration */
} gctx;

/* One run of the suite: a game on one of its declared configurations. */
typedef struct run {
    const char *game, *config, *params;
    int index;       /* salts the seeds: the game's index, plus 16 per configuration */
    int games;       /* measured by the first test that opens it (gctx_size), */
    int every_scale; /* then kept: 0 until then */
} run;

#define MAX_RUNS 128
typedef struct plan {
    run runs[MAX_RUNS];
    int n;
} plan;

/* Is `name` in the comma-separated list `only` (NULL or empty: everything)? */
static int in_list(const char *only, const char *name)
{
    if (!only || !*only)
        return 1;
    size_t len = strlen(name);
    for (const char *p = only; *p;) {
        size_t k = strcspn(p, ",");
        if (k == len && strncmp(p, name, len) == 0)
            return 1;
        p += k + (p[k] == ',');
    }
    return 0;
}

/* The custom parameters TT_GENERIC_PARAMS_<game>, or NULL. */
static const char *custom_params(const char *game)
{
    char var[64];
    snprintf(var, sizeof var, "TT_GENERIC_PARAMS_%s", game);
    return getenv(var);
}

/* Every (game, configuration) the registry declares, in order; a game given
 * TT_GENERIC_PARAMS_<game> runs once on those, as configuration "custom". */
static int plan_all(plan *P)
{
    P->n = 0;
    for (int gi = 0; tt_game_list(gi); gi++) {
        const char *game = tt_game_list(gi), *params = custom_params(game);
        if (params) {
            P->runs[P->n++] = (run){game, "custom", params, gi, 0, 0};
            continue;
        }
        int k = 0;
        for (const char *cfg; (cfg = tt_game_config(game, k, &params)) && P->n < MAX_RUNS; k++)
            P->runs[P->n++] = (run){game, cfg, params, gi + 16 * k, 0, 0};
        if (k == 0 && P->n < MAX_RUNS) /* a game that declares none runs on its defaults */
            P->runs[P->n++] = (run){game, "default", "", gi, 0, 0};
    }
    return P->n;
}

/* Keeps the runs TT_GENERIC_ONLY (games) and TT_GENERIC_CONFIG (configuration
 * names) select. Every name in either list must match: returns 0, writing why
 * into why (n bytes), when one matches nothing. */
static int plan_select(plan *P, const char *only, const char *configs, char *why, size_t n)
{
    const char *lists[2] = {only, configs};
    for (int l = 0; l < 2; l++)
        for (const char *p = lists[l]; p && *p;) {
            size_t k = strcspn(p, ",");
            int hit = 0;
            for (int i = 0; i < P->n && !hit; i++) {
                const char *name = l == 0 ? P->runs[i].game : P->runs[i].config;
                hit = strlen(name) == k && strncmp(p, name, k) == 0 &&
                      (l == 0 || in_list(only, P->runs[i].game));
            }
            if (!hit) {
                snprintf(why, n, "%s=%s: %s named '%.*s'%s%s",
                         l == 0 ? "TT_GENERIC_ONLY" : "TT_GENERIC_CONFIG", lists[l],
                         l == 0 ? "no game is" : "no configuration is", (int)k, p,
                         l == 1 && only && *only ? " in " : "", l == 1 && only ? only : "");
                return 0;
            }
            p += k + (p[k] == ',');
        }
    int m = 0;
    for (int i = 0; i < P->n; i++)
        if (in_list(only, P->runs[i].game) && in_list(configs, P->runs[i].config))
            P->runs[m++] = P->runs[i];
    P->n = m;
    if (m == 0)
        snprintf(why, n, "the selection matches no run");
    return m > 0;
}

static void gctx_size(gctx *c, run *r);

static void gctx_open(gctx *c, run *r)
{
    memset(c, 0, sizeof *c);
    tt_error err;
    tt_error_clear(&err);
    c->game = r->game;
    snprintf(c->label, sizeof c->label, "%s/%s", r->game, r->config);
    c->name = c->label;
    c->is_default = r->index < 16; /* a first configuration, or "custom" */
    int rc = tt_game_new(r->game, r->params, &c->g, &err);
    if (rc != TT_OK)
        fail_msg("%s: tt_game_new(\"%s\"): %s", c->name, r->params, err.msg);
    c->sz = tt_state_size(c->g);
    c->maxa = tt_max_actions(c->g);
    c->np = tt_game_players(c->g);
    assert_true(c->sz > 0);
    assert_true(c->maxa > 0);
    assert_true(c->np >= 1 && c->np <= TT_MAX_PLAYERS);
    c->acts = malloc((size_t)(c->maxa + GUARD) * sizeof *c->acts);
    c->acts2 = malloc((size_t)(c->maxa + GUARD) * sizeof *c->acts2);
    c->s = malloc(c->sz);
    c->t = malloc(c->sz);
    c->u = malloc(c->sz);
    c->hist = malloc(MAX_HISTORY * sizeof *c->hist);
    assert_non_null(c->acts);
    assert_non_null(c->acts2);
    assert_non_null(c->s);
    assert_non_null(c->t);
    assert_non_null(c->u);
    assert_non_null(c->hist);
    gctx_size(c, r);
}

static void gctx_close(gctx *c)
{
    free(c->acts);
    free(c->acts2);
    free(c->s);
    free(c->t);
    free(c->u);
    free(c->hist);
    tt_game_free(c->g);
}

/* Opens run *gi of the plan, with *gi its seed index; 0 past the last. The
 * test closes it. Loops read: for (int ri = 0, gi; open_next(state, &ri, &gi, &c); ri++). */
static int open_next(void **state, const int *i, int *gi, gctx *c)
{
    plan *P = *state;
    if (*i >= P->n)
        return 0;
    *gi = P->runs[*i].index;
    gctx_open(c, &P->runs[*i]);
    return 1;
}

/* Prints how the current game got here: seed and every action's text, formatted
 * in the position it was played from. */
static void dump_history(gctx *c)
{
    tt_state *s = malloc(c->sz);
    if (!s)
        return;
    tt_state_init(c->g, s, c->seed);
    print_message("%s: seed %llu, %d actions:\n", c->name, (unsigned long long)c->seed, c->nhist);
    for (int i = 0; i < c->nhist; i++) {
        char text[TT_ACTION_TEXT_MAX];
        tt_action_format(c->g, s, c->hist[i], text, sizeof text);
        print_message("  %4d  [%d] %s\n", i + 1, tt_to_move(c->g, s), text);
        if (tt_apply(c->g, s, c->hist[i], NULL, NULL) != TT_OK)
            break;
    }
    free(s);
}

#define FAIL(c, ...)                                                                               \
    do {                                                                                           \
        dump_history(c);                                                                           \
        fail_msg(__VA_ARGS__);                                                                     \
    } while (0)

/* tt_legal with the interface's promises checked: at most tt_max_actions, no
 * writes past them, none twice, and 0 exactly when the game is over. */
static int legal_ex(gctx *c, const tt_state *s, tt_action *out, int check_twice)
{
    for (int i = 0; i < GUARD; i++)
        out[c->maxa + i] = CANARY;
    int n = tt_legal(c->g, s, out);
    for (int i = 0; i < GUARD; i++)
        if (out[c->maxa + i] != CANARY)
            FAIL(c, "%s: tt_legal wrote past tt_max_actions (%d)", c->name, c->maxa);
    if (n < 0 || n > c->maxa)
        FAIL(c, "%s: tt_legal returned %d (max %d)", c->name, n, c->maxa);
    int mover = tt_to_move(c->g, s);
    if ((n == 0) != (mover == TT_TERMINAL))
        FAIL(c, "%s: %d legal actions but to_move is %d", c->name, n, mover);
    if (mover != TT_TERMINAL && (mover < 0 || mover >= c->np))
        FAIL(c, "%s: to_move %d is not a player", c->name, mover);
    for (int i = 0; check_twice && i < n; i++)
        for (int j = 0; j < i; j++)
            if (out[i] == out[j])
                FAIL(c, "%s: action %#x listed twice", c->name, (unsigned)out[i]);
    return n;
}

/* The same, checking for repeats too (quadratic: sampled positions only). */
static int legal(gctx *c, const tt_state *s, tt_action *out)
{
    return legal_ex(c, s, out, 1);
}

static int listed(const tt_action *acts, int n, tt_action a)
{
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return 1;
    return 0;
}

/* Notes an applied action for dump_history. */
static void remember(gctx *c, tt_action a)
{
    if (c->nhist < MAX_HISTORY)
        c->hist[c->nhist++] = a;
}

static void start(gctx *c, uint64_t seed)
{
    c->seed = seed;
    c->nhist = 0;
    tt_state_init(c->g, c->s, seed);
}

/* Applies a to c->s, which must accept it, and checks the state's sanity. */
static void step(gctx *c, tt_action a, tt_events *ev)
{
    tt_error err;
    tt_error_clear(&err);
    int rc = tt_apply(c->g, c->s, a, ev, &err);
    remember(c, a);
    char text[TT_ACTION_TEXT_MAX];
    if (rc != TT_OK) {
        tt_action_format(c->g, c->s, a, text, sizeof text); /* the state is unchanged */
        FAIL(c, "%s seed %llu: listed action '%s' refused: %s (%s)", c->name,
             (unsigned long long)c->seed, text, err.msg, err.rule);
    }
    tt_error_clear(&err);
    if (tt_sanity(c->g, c->s, &err) != TT_OK)
        FAIL(c, "%s seed %llu: after action %d (%#x) the state is broken: %s", c->name,
             (unsigned long long)c->seed, c->nhist, (unsigned)a, err.msg);
}

/* How many random games: TT_GENERIC_GAMES if set, else as many as make about
 * the actions of DEFAULT_GAMES (CONFIG_GAMES for a configuration other than
 * the first) Invaders games of ~150 actions, so a game with long games is
 * tested as thoroughly in as much time. Sampled positions
 * are spaced out by the same ratio. Measured on a few probe games. */
#define BASE_LENGTH 150

static void gctx_size(gctx *c, run *r)
{
    if (r->every_scale) {
        c->every_scale = r->every_scale;
        c->games = r->games;
        return;
    }
    long long actions = 0;
    const int probes = 8;
    for (int i = 0; i < probes; i++) {
        uint64_t rng = 0x5eed + (uint64_t)i;
        start(c, mix(&rng));
        int na;
        while ((na = legal(c, c->s, c->acts)) > 0 && actions < (long long)STEP_CAP * probes) {
            step(c, c->acts[below(&rng, na)], NULL);
            actions++;
        }
    }
    long mean = (long)(actions / probes);
    c->every_scale = mean > BASE_LENGTH ? (int)(mean / BASE_LENGTH) : 1;
    const char *e = getenv("TT_GENERIC_GAMES");
    int n = e ? atoi(e) : (c->is_default ? DEFAULT_GAMES : CONFIG_GAMES) / c->every_scale;
    c->games = n > 0 ? n : DEFAULT_GAMES;
    r->every_scale = c->every_scale;
    r->games = c->games;
}

/* Sampled tests use a fraction of the random games, at least `least`. */
static int scaled(const gctx *c, int per10000, int least)
{
    long n = (long)c->games * per10000 / 10000;
    return n < least ? least : (int)n;
}

/* The same, with `least` counted in games of 150 actions (a game of long
 * games k times fewer, but 2): for the tests whose every game costs its whole
 * length. The leak test's least stays in games: what its views show comes
 * with the positions a game reaches, not with its length. */
static int scaled_long(const gctx *c, int per10000, int least)
{
    least = least / c->every_scale > 2 ? least / c->every_scale : 2;
    return scaled(c, per10000, least);
}

static uint64_t game_seed(int game_index, int i, uint64_t salt)
{
    uint64_t x = salt * 1000003u + (uint64_t)game_index * 7919u + (uint64_t)i;
    return mix(&x);
}

/* Checks the result of a finished game and that it refuses anything further. */
static void check_over(gctx *c, const tt_action *last_legal, int nlast)
{
    tt_result r;
    tt_result_get(c->g, c->s, &r);
    if (!r.over)
        FAIL(c, "%s: terminal but tt_result_get says the game goes on", c->name);
    assert_true(r.winner >= -1 && r.winner < c->np);
    assert_true(r.reason[0] != 0);
    /* a sole winner is the one bit of the set; no winner, or a shared first
     * place, is winner -1 with no bit or several */
    assert_true(r.winners < (1u << c->np));
    if (r.winner >= 0)
        assert_true(r.winners == 1u << r.winner);
    else
        assert_true(r.winners == 0 || (r.winners & (r.winners - 1)) != 0);
    /* ranks: the winners are exactly the firsts (none when all share first
     * place, a draw); returns +1 first, -1 last, evenly between */
    double ret[TT_MAX_PLAYERS];
    tt_returns(c->g, c->s, ret);
    assert_int_equal(r.nplayers, c->np);
    unsigned first = 0;
    int worst = 1;
    for (int p = 0; p < c->np; p++) {
        assert_true(r.player[p].rank >= 1 && r.player[p].rank <= c->np);
        first |= (unsigned)(r.player[p].rank == 1) << p;
        worst = r.player[p].rank > worst ? r.player[p].rank : worst;
    }
    assert_true(r.winners == (first == (1u << c->np) - 1 ? 0 : first));
    for (int p = 0; p < c->np; p++) {
        double want = worst == 1 ? 0.0 : 1.0 - 2.0 * (r.player[p].rank - 1) / (worst - 1);
        assert_true(ret[p] == want);
    }
    /* nothing applies to a finished game, and nothing changes: the core
     * answers TT_ESTATE in every game */
    memcpy(c->t, c->s, c->sz);
    tt_error err;
    for (int i = 0; i < nlast; i++) {
        tt_error_clear(&err);
        assert_int_equal(tt_apply(c->g, c->t, last_legal[i], NULL, &err), TT_ESTATE);
        assert_true(err.msg[0] != 0);
    }
    for (int p = 0; p < c->np; p++)
        assert_int_equal(tt_offturn_apply(c->g, c->t, p, TT_CONCEDE, NULL, &err), TT_ESTATE);
    assert_int_equal(tt_offturn_legal(c->g, c->t, 0, c->acts2), 0);
    assert_memory_equal(c->t, c->s, c->sz);
}

/* Narrates every event for every kind of viewer: nothing crashes, nothing overflows. */
static void narrate(gctx *c, const tt_events *ev)
{
    assert_true(ev->n >= 0 && ev->n <= ev->cap);
    for (int i = 0; i < ev->n; i++)
        for (int v = -3; v < c->np; v++) {
            char buf[512];
            buf[sizeof buf - 1] = 'x';
            int k = tt_event_text(c->g, &ev->ev[i], v, buf, sizeof buf - 1);
            assert_true(k >= 0);
            assert_true(buf[sizeof buf - 1] == 'x');
        }
}

/* --- random games to the end -------------------------------------------------------- */

static void test_random_games_end(void **state)
{
    gctx c;
    for (int ri = 0, gi; open_next(state, &ri, &gi, &c); ri++) {
        int n = c.games;
        long long actions = 0;
        int longest = 0, aborted = 0, wins[TT_MAX_PLAYERS] = {0};
        tt_event evbuf[256];
        /* one game in 16 of 150 actions narrated: the same share of actions */
        int narrated = 16 / c.every_scale > 1 ? 16 / c.every_scale : 1;
        clock_t t0 = clock();
        for (int i = 0; i < n; i++) {
            uint64_t rng = game_seed(gi, i, 1);
            start(&c, game_seed(gi, i, 2));
            int steps = 0, na, nprev = 0;
            while ((na = legal_ex(&c, c.s, c.acts, 0)) > 0) {
                memcpy(c.acts2, c.acts, (size_t)na * sizeof *c.acts);
                nprev = na;
                if (++steps > STEP_CAP)
                    FAIL(&c, "%s seed %llu: no end after %d actions", c.name,
                         (unsigned long long)c.seed, STEP_CAP);
                tt_action a = c.acts[below(&rng, na)];
                if (i % narrated == 0) { /* events on in some games, and narrated */
                    tt_events ev = {evbuf, 0, 256, 0};
                    step(&c, a, &ev);
                    narrate(&c, &ev);
                } else {
                    step(&c, a, NULL);
                }
            }
            check_over(&c, c.acts2, nprev);
            tt_result r;
            tt_result_get(c.g, c.s, &r);
            if (!r.winners)
                aborted++;
            for (int p = 0; p < c.np; p++)
                wins[p] += r.winners >> p & 1;
            actions += steps;
            longest = steps > longest ? steps : longest;
        }
        double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
        char split[128] = "";
        for (int p = 0, at = 0; p < c.np; p++)
            at += snprintf(split + at, sizeof split - (size_t)at, "%s%s %d", p ? ", " : "",
                           tt_player_name(c.g, p), wins[p]);
        print_message("%s: %d random games, %lld actions (mean %.1f, longest %d), wins: %s, "
                      "no winner %d; %.1f s\n",
                      c.name, n, actions, (double)actions / n, longest, split, aborted, secs);
        gctx_close(&c);
    }
}

/* --- copy equality and determinism ---------------------------------------------------- */

static void test_copy_equality(void **state)
{
    gctx c;
    for (int ri = 0, gi; open_next(state, &ri, &gi, &c); ri++) {
        int n = scaled_long(&c, 200, 20);
        for (int i = 0; i < n; i++) {
            uint64_t rng = game_seed(gi, i, 3), seed = game_seed(gi, i, 4);
            /* the same seed gives the same bytes, whatever the memory held before */
            memset(c.t, 0x5A, c.sz);
            memset(c.u, 0xC3, c.sz);
            tt_state_init(c.g, c.t, seed);
            tt_state_init(c.g, c.u, seed);
            assert_memory_equal(c.t, c.u, c.sz);
            start(&c, seed);
            assert_memory_equal(c.s, c.t, c.sz);
            int na;
            while ((na = legal(&c, c.s, c.acts)) > 0) {
                /* a copy is identical, hashes equal, and the same action keeps it so */
                tt_state_copy(c.g, c.t, c.s);
                assert_memory_equal(c.t, c.s, c.sz);
                assert_true(tt_state_hash(c.g, c.t) == tt_state_hash(c.g, c.s));
                tt_action a = c.acts[below(&rng, na)];
                assert_int_equal(tt_apply(c.g, c.t, a, NULL, NULL), TT_OK);
                step(&c, a, NULL);
                if (memcmp(c.t, c.s, c.sz) != 0)
                    FAIL(&c,
                         "%s seed %llu: the same action on two copies gave different "
                         "states",
                         c.name, (unsigned long long)c.seed);
                assert_true(tt_state_hash(c.g, c.t) == tt_state_hash(c.g, c.s));
            }
        }
        gctx_close(&c);
    }
}

/* --- sampled positions ------------------------------------------------------------------ */

typedef void (*position_fn)(gctx *c, uint64_t *rng, void *ctx);

/* Plays n random games and calls fn on about one position in `every` (and on
 * every final position), with c->s the position. fn must leave c->s alone. */
static void sample_positions(gctx *c, int gi, int n, int every, uint64_t salt, position_fn fn,
                             void *ctx)
{
    for (int i = 0; i < n; i++) {
        uint64_t rng = game_seed(gi, i, salt);
        start(c, game_seed(gi, i, salt + 1));
        for (;;) {
            int na = legal(c, c->s, c->acts);
            if (na == 0 || below(&rng, every * c->every_scale) == 0) {
                uint64_t h = tt_state_hash(c->g, c->s);
                fn(c, &rng, ctx);
                if (tt_state_hash(c->g, c->s) != h)
                    FAIL(c, "%s: a check changed the position", c->name);
                na = legal(c, c->s, c->acts); /* fn may have used c->acts */
            }
            if (na == 0)
                break;
            step(c, c->acts[below(&rng, na)], NULL);
        }
    }
}

/* Every listed action applies (to a copy) and leaves a sane state. */
static void all_legal_apply(gctx *c, uint64_t *rng, void *ctx)
{
    (void)rng;
    long long *count = ctx;
    int na = legal(c, c->s, c->acts);
    for (int i = 0; i < na; i++) {
        tt_state_copy(c->g, c->t, c->s);
        tt_error err;
        tt_error_clear(&err);
        int rc = tt_apply(c->g, c->t, c->acts[i], NULL, &err);
        char text[TT_ACTION_TEXT_MAX];
        tt_action_format(c->g, c->s, c->acts[i], text, sizeof text);
        if (rc != TT_OK)
            FAIL(c, "%s seed %llu: listed action '%s' refused: %s (%s)", c->name,
                 (unsigned long long)c->seed, text, err.msg, err.rule);
        if (tt_sanity(c->g, c->t, &err) != TT_OK)
            FAIL(c, "%s seed %llu: after listed action '%s': %s", c->name,
                 (unsigned long long)c->seed, text, err.msg);
        legal(c, c->t, c->acts2);
        ++*count;
    }
}

static void test_every_legal_action_applies(void **state)
{
    gctx c;
    for (int ri = 0, gi; open_next(state, &ri, &gi, &c); ri++) {
        long long count = 0;
        sample_positions(&c, gi, scaled_long(&c, 300, 30), 8, 10, all_legal_apply, &count);
        print_message("%s: %lld listed actions applied from sampled positions\n", c.name, count);
        assert_true(count > 0);
        gctx_close(&c);
    }
}

/* Format → parse gives back every listed action; texts are short, one line. */
static void round_trip(gctx *c, uint64_t *rng, void *ctx)
{
    (void)rng;
    long long *count = ctx;
    int na = legal(c, c->s, c->acts);
    for (int i = 0; i < na; i++) {
        char text[TT_ACTION_TEXT_MAX + 8];
        memset(text, 'x', sizeof text);
        int rc = tt_action_format(c->g, c->s, c->acts[i], text, TT_ACTION_TEXT_MAX);
        if (rc != TT_OK)
            FAIL(c, "%s: cannot format listed action %#x", c->name, (unsigned)c->acts[i]);
        size_t len = strnlen(text, TT_ACTION_TEXT_MAX);
        assert_true(len > 0 && len < TT_ACTION_TEXT_MAX);
        assert_null(strchr(text, '\n'));
        assert_null(strchr(text, '='));
        /* a short buffer is cut, terminated, and nothing past it is written */
        char small[8];
        memset(small, 'y', sizeof small);
        tt_action_format(c->g, c->s, c->acts[i], small, 4);
        assert_true(strnlen(small, 4) < 4);
        assert_true(small[4] == 'y');
        tt_action back = 0;
        tt_error err;
        tt_error_clear(&err);
        rc = tt_action_parse(c->g, c->s, text, &back, &err);
        if (rc != TT_OK || back != c->acts[i])
            FAIL(c, "%s seed %llu: '%s' (%#x) parses as %#x: %s", c->name,
                 (unsigned long long)c->seed, text, (unsigned)c->acts[i], (unsigned)back, err.msg);
        ++*count;
    }
}

static void test_format_parse_round_trip(void **state)
{
    gctx c;
    for (int ri = 0, gi; open_next(state, &ri, &gi, &c); ri++) {
        long long count = 0;
        sample_positions(&c, gi, scaled_long(&c, 300, 30), 4, 20, round_trip, &count);
        print_message("%s: %lld listed actions round-tripped\n", c.name, count);
        assert_true(count > 0);
        gctx_close(&c);
    }
}

/* --- refused actions leave the state untouched ------------------------------------------- */

#define POOL 512
typedef struct refusal {
    tt_action seen[POOL]; /* actions listed in other positions */
    char texts[POOL][TT_ACTION_TEXT_MAX];
    int nseen, ntexts;
    long long tried, refused_texts, compounds;
} refusal;

/* Applies a (not listed) to a copy: it must fail, say why, and change nothing. */
static void expect_refused(gctx *c, tt_action a, refusal *R)
{
    tt_state_copy(c->g, c->t, c->s);
    tt_error err;
    tt_error_clear(&err);
    tt_events ev = {NULL, 0, 0, 0};
    tt_event buf[64];
    ev.ev = buf;
    ev.cap = 64;
    int rc = tt_apply(c->g, c->t, a, &ev, &err);
    if (rc == TT_OK) {
        char text[TT_ACTION_TEXT_MAX];
        tt_action_format(c->g, c->s, a, text, sizeof text);
        FAIL(c, "%s seed %llu: unlisted action %#x ('%s') was accepted", c->name,
             (unsigned long long)c->seed, (unsigned)a, text);
    }
    if (memcmp(c->t, c->s, c->sz) != 0)
        FAIL(c, "%s seed %llu: refused action %#x changed the state", c->name,
             (unsigned long long)c->seed, (unsigned)a);
    assert_true(rc < 0);
    assert_int_equal(err.code, rc);
    assert_true(err.msg[0] != 0);
    assert_int_equal(ev.n, 0);
    R->tried++;
}

/* tt_apply_text of text must fail and leave the state byte-identical. */
static void expect_text_refused(gctx *c, const char *text, refusal *R)
{
    tt_state_copy(c->g, c->t, c->s);
    tt_error err;
    tt_error_clear(&err);
    tt_event buf[64];
    tt_events ev = {buf, 0, 64, 0};
    int rc = tt_apply_text(c->g, c->t, text, &ev, &err);
    if (rc == TT_OK)
        FAIL(c, "%s seed %llu: text '%s' was accepted", c->name, (unsigned long long)c->seed, text);
    if (memcmp(c->t, c->s, c->sz) != 0)
        FAIL(c, "%s seed %llu: refused text '%s' changed the state", c->name,
             (unsigned long long)c->seed, text);
    assert_true(rc < 0);
    assert_true(err.msg[0] != 0);
    assert_int_equal(ev.n, 0);
    R->refused_texts++;
}

static void refusals(gctx *c, uint64_t *rng, void *ctx)
{
    refusal *R = ctx;
    int na = legal(c, c->s, c->acts);
    /* candidates: near neighbours of listed actions (every bit flipped, ±1,
     * ±256), actions listed elsewhere, small and random integers */
    tt_action cand[2048];
    int nc = 0;
    for (int i = 0; i < na && nc < 1900; i++) {
        for (int b = 0; b < 32; b++)
            cand[nc++] = c->acts[i] ^ (1u << b);
        cand[nc++] = c->acts[i] + 1;
        cand[nc++] = c->acts[i] - 1;
        cand[nc++] = c->acts[i] + 256;
        cand[nc++] = c->acts[i] - 256;
    }
    for (int i = 0; i < R->nseen && nc < 2000; i++)
        cand[nc++] = R->seen[i];
    for (int i = 0; i < 16 && nc < 2030; i++) {
        cand[nc++] = (tt_action)i;
        cand[nc++] = (tt_action)mix(rng);
    }
    cand[nc++] = 0xFFFFFFFFu;
    for (int i = 0; i < nc; i++)
        if (!listed(c->acts, na, cand[i]))
            expect_refused(c, cand[i], R);

    /* texts listed elsewhere: refused unless they name an action listed here
     * or one outside the turn order (INWO's `discard` is table talk where it
     * is not a dispose answer), which no list holds */
    for (int i = 0; i < R->ntexts; i++) {
        tt_action a;
        if (tt_action_parse(c->g, c->s, R->texts[i], &a, NULL) == TT_OK &&
            (listed(c->acts, na, a) || tt_action_is_offturn(a)))
            continue;
        expect_text_refused(c, R->texts[i], R);
    }
    /* garbage */
    char longtext[600];
    memset(longtext, 'z', sizeof longtext - 1);
    longtext[sizeof longtext - 1] = 0;
    static const char *const garbage[] = {"",
                                          " ",
                                          "\t",
                                          "xyzzy",
                                          "xyzzy plugh",
                                          "=",
                                          "a=b",
                                          "x=1 y=2",
                                          "= =",
                                          "play",
                                          "pass pass",
                                          "0",
                                          "-1",
                                          "4294967295",
                                          "\x01\x02",
                                          "pass extra words here",
                                          "PASS = PASS",
                                          "key=value extra",
                                          "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17"};
    for (size_t i = 0; i < sizeof garbage / sizeof *garbage; i++)
        expect_text_refused(c, garbage[i], R);
    expect_text_refused(c, longtext, R);
    char text[3 * TT_ACTION_TEXT_MAX];
    for (int i = 0; i < 4; i++) {
        size_t n = (size_t)below(rng, 40) + 1;
        for (size_t k = 0; k < n; k++)
            text[k] = (char)(below(rng, 94) + 33);
        text[n] = 0;
        tt_action a;
        if (tt_action_parse(c->g, c->s, text, &a, NULL) == TT_OK && listed(c->acts, na, a))
            continue;
        expect_text_refused(c, text, R);
    }

    /* compounds: "<listed action> k=v" where the part cannot apply must change
     * nothing, though the head alone applies; a compound of two listed actions
     * in a row equals applying them one by one */
    if (na > 0) {
        char head[TT_ACTION_TEXT_MAX];
        tt_action a1 = c->acts[below(rng, na)];
        tt_action_format(c->g, c->s, a1, head, sizeof head);
        snprintf(text, sizeof text, "%s zzzz=9999", head);
        expect_text_refused(c, text, R);
        snprintf(text, sizeof text, "%s zzzz=9999 yyyy=1", head);
        expect_text_refused(c, text, R);
        tt_state_copy(c->g, c->u, c->s);
        assert_int_equal(tt_apply(c->g, c->u, a1, NULL, NULL), TT_OK);
        int n2 = legal(c, c->u, c->acts2);
        if (n2 > 0 && tt_to_move(c->g, c->u) == tt_to_move(c->g, c->s)) {
            tt_action a2 = c->acts2[below(rng, n2)];
            char t2[TT_ACTION_TEXT_MAX];
            tt_action_format(c->g, c->u, a2, t2, sizeof t2);
            char *sp = strchr(t2, ' ');
            if (sp && !strchr(sp + 1, ' ')) {
                *sp = '=';
                snprintf(text, sizeof text, "%s %s", head, t2);
                assert_int_equal(tt_apply(c->g, c->u, a2, NULL, NULL), TT_OK);
                tt_state_copy(c->g, c->t, c->s);
                tt_error err;
                tt_error_clear(&err);
                int rc = tt_apply_text(c->g, c->t, text, NULL, &err);
                if (rc != TT_OK)
                    FAIL(c, "%s seed %llu: compound '%s' refused: %s", c->name,
                         (unsigned long long)c->seed, text, err.msg);
                if (memcmp(c->t, c->u, c->sz) != 0)
                    FAIL(c, "%s seed %llu: compound '%s' differs from its steps", c->name,
                         (unsigned long long)c->seed, text);
                R->compounds++;
            }
        }
    }

    /* remember this position's actions and texts for later positions */
    for (int i = 0; i < na; i++) {
        int k = below(rng, POOL);
        if (R->nseen < POOL)
            k = R->nseen++;
        R->seen[k] = c->acts[i];
        int kt = below(rng, POOL);
        if (R->ntexts < POOL)
            kt = R->ntexts++;
        tt_action_format(c->g, c->s, c->acts[i], R->texts[kt], TT_ACTION_TEXT_MAX);
    }
}

static void test_refused_actions_change_nothing(void **state)
{
    gctx c;
    for (int ri = 0, gi; open_next(state, &ri, &gi, &c); ri++) {
        refusal *R = calloc(1, sizeof *R);
        assert_non_null(R);
        sample_positions(&c, gi, scaled_long(&c, 150, 15), 10, 30, refusals, R);
        print_message("%s: %lld unlisted actions and %lld texts refused, state unchanged; "
                      "%lld compounds matched their steps\n",
                      c.name, R->tried, R->refused_texts, R->compounds);
        assert_true(R->tried > 0);
        free(R);
        gctx_close(&c);
    }
}

/* --- the leak test ------------------------------------------------------------------------ */

typedef struct leak {
    long long views, changed_other, playouts, secret_events;
} leak;

static int cmp_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* Sorted texts of the listed actions, one string, for comparing two positions. */
static char *legal_texts(gctx *c, const tt_state *s, tt_action *buf)
{
    int n = legal(c, s, buf);
    char(*t)[TT_ACTION_TEXT_MAX] = malloc((size_t)(n ? n : 1) * TT_ACTION_TEXT_MAX);
    char *out = malloc((size_t)(n + 1) * (TT_ACTION_TEXT_MAX + 1));
    assert_non_null(t);
    assert_non_null(out);
    for (int i = 0; i < n; i++)
        tt_action_format(c->g, s, buf[i], t[i], TT_ACTION_TEXT_MAX);
    qsort(t, (size_t)n, TT_ACTION_TEXT_MAX, cmp_text);
    size_t at = 0;
    out[0] = 0;
    for (int i = 0; i < n; i++)
        at += (size_t)sprintf(out + at, "%s\n", t[i]);
    free(t);
    return out;
}

static char *view(gctx *c, const tt_state *s, int viewer)
{
    char *v = tt_view_json(c->g, s, viewer);
    if (!v)
        FAIL(c, "%s: tt_view_json returned NULL", c->name);
    json_error_t jerr;
    json_t *j = json_loads(v, 0, &jerr);
    if (!json_is_object(j))
        FAIL(c, "%s: the view of %d is not a JSON object: %s", c->name, viewer, jerr.text);
    json_decref(j);
    assert_null(strchr(v, '\n'));
    return v;
}

/* Applies one action listed in c->s to c->s's copy and to c->t's (c->t being c->s
 * determinized for p), where it is legal in both: events marked secret that
 * concern someone other than p must read the same to p and to a spectator, though
 * the hidden cards behind them differ (event.h: only the players in `seen` may
 * see them). So a narration line shown to p never names a card p has not seen. */
static void same_secret_events(gctx *c, uint64_t *rng, int p, leak *L)
{
    int n = legal(c, c->s, c->acts2);
    tt_action a = c->acts2[below(rng, n)];
    tt_event b1[256], b2[256];
    tt_events e1 = {b1, 0, 256, 0}, e2 = {b2, 0, 256, 0};
    tt_state *x = malloc(c->sz), *y = malloc(c->sz);
    assert_non_null(x);
    assert_non_null(y);
    tt_state_copy(c->g, x, c->s);
    tt_state_copy(c->g, y, c->t);
    if (tt_apply(c->g, x, a, &e1, NULL) == TT_OK && tt_apply(c->g, y, a, &e2, NULL) == TT_OK &&
        e1.n == e2.n) {
        for (int i = 0; i < e1.n; i++) {
            const tt_event *u = &e1.ev[i], *v = &e2.ev[i];
            if (u->type != v->type || u->seen != v->seen || u->player != v->player)
                break; /* the hidden cards took the game elsewhere */
            if (tt_seen_by(u->seen, p))
                continue;
            int viewers[2] = {p, TT_VIEW_SPECTATOR};
            for (int k = 0; k < 2; k++) {
                char t1[512], t2[512];
                tt_event_text(c->g, u, viewers[k], t1, sizeof t1);
                tt_event_text(c->g, v, viewers[k], t2, sizeof t2);
                if (strcmp(t1, t2) != 0)
                    FAIL(c,
                         "%s seed %llu: a secret event of player %d reads '%s' or '%s' "
                         "to viewer %d, depending on the hidden cards",
                         c->name, (unsigned long long)c->seed, u->player, t1, t2, viewers[k]);
            }
            L->secret_events++;
        }
    }
    free(x);
    free(y);
}

#define PLAYOUT_ODDS 16

static void leak_check(gctx *c, uint64_t *rng, void *ctx)
{
    leak *L = ctx;
    int viewers[TT_MAX_PLAYERS + 1], nv = 0;
    for (int p = 0; p < c->np; p++)
        viewers[nv++] = p;
    viewers[nv++] = TT_VIEW_SPECTATOR;
    int mover = tt_to_move(c->g, c->s);
    char *all = view(c, c->s, TT_VIEW_ALL);
    char *pic = tt_view_text(c->g, c->s, TT_VIEW_ALL);
    assert_non_null(pic);
    free(pic);
    for (int k = 0; k < nv; k++) {
        int p = viewers[k];
        uint64_t dseed = mix(rng);
        char *before = view(c, c->s, p);
        tt_state_copy(c->g, c->t, c->s);
        tt_determinize(c->g, c->t, p, dseed);
        char *after = tt_view_json(c->g, c->t, p); /* JSON if the same as before */
        assert_non_null(after);
        if (strcmp(before, after) != 0) {
            print_message("viewer %d\nbefore: %s\nafter:  %s\n", p, before, after);
            FAIL(c,
                 "%s seed %llu: determinizing for %d changed what %d sees (determinize "
                 "seed %llu)",
                 c->name, (unsigned long long)c->seed, p, p, (unsigned long long)dseed);
        }
        /* the resampled state is a legal position, with the same decision pending */
        tt_error err;
        tt_error_clear(&err);
        if (tt_sanity(c->g, c->t, &err) != TT_OK)
            FAIL(c, "%s seed %llu: determinized for %d, the state is broken: %s", c->name,
                 (unsigned long long)c->seed, p, err.msg);
        assert_int_equal(tt_to_move(c->g, c->t), mover);
        int n = legal(c, c->t, c->acts2);
        assert_true((n > 0) == (mover != TT_TERMINAL));
        /* the player to move sees his own choices: they must not change */
        if (p == mover) {
            char *la = legal_texts(c, c->s, c->acts2), *lb = legal_texts(c, c->t, c->acts2);
            if (strcmp(la, lb) != 0) {
                print_message("before:\n%safter:\n%s", la, lb);
                FAIL(c,
                     "%s seed %llu: determinizing for the player to move changed his "
                     "legal actions",
                     c->name, (unsigned long long)c->seed);
            }
            free(la);
            free(lb);
        }
        /* someone else's view changed: determinize did resample something */
        char *theirs = tt_view_json(c->g, c->t, TT_VIEW_ALL);
        assert_non_null(theirs);
        L->changed_other += strcmp(all, theirs) != 0;
        free(theirs);
        /* the same action in both: what p is told of secret events is the same */
        if (n > 0)
            same_secret_events(c, rng, p, L);
        /* and the game plays on from it to the end (as an AI's playouts do):
         * about one in PLAYOUT_ODDS checks, a few in each sampled game */
        if (n > 0 && below(rng, PLAYOUT_ODDS) == 0) {
            tt_state *keep = c->s;
            c->s = c->u;
            tt_state_copy(c->g, c->s, c->t);
            int steps = 0, na;
            while ((na = legal(c, c->s, c->acts2)) > 0 && ++steps < STEP_CAP) {
                tt_action a = c->acts2[below(rng, na)];
                tt_error_clear(&err);
                if (tt_apply(c->g, c->s, a, NULL, &err) != TT_OK ||
                    tt_sanity(c->g, c->s, &err) != TT_OK)
                    FAIL(c, "%s seed %llu: playing on from a determinized state: %s", c->name,
                         (unsigned long long)c->seed, err.msg);
            }
            assert_int_equal(tt_to_move(c->g, c->s), TT_TERMINAL);
            c->s = keep;
            L->playouts++;
        }
        free(before);
        free(after);
        L->views++;
    }
    free(all);
}

static void test_leak_determinize_keeps_views(void **state)
{
    gctx c;
    for (int ri = 0, gi; open_next(state, &ri, &gi, &c); ri++) {
        leak L = {0, 0, 0, 0};
        sample_positions(&c, gi, scaled(&c, 300, LEAK_LEAST), 6, 40, leak_check, &L);
        print_message("%s: %lld views unchanged by determinization (%lld resampled hidden "
                      "cards), %lld secret events read alike, %lld playouts from determinized "
                      "states\n",
                      c.name, L.views, L.changed_other, L.secret_events, L.playouts);
        /* every game here has hidden information: the test must not be vacuous */
        assert_true(L.changed_other > 0);
        gctx_close(&c);
    }
}

/* --- narration ---------------------------------------------------------------------------- */

typedef struct narration {
    long long compared, learned, skipped;
} narration;

/* What `viewer` is told of the events that carry hidden details (a visibility
 * set short of everyone), the non-empty lines joined. Events everyone sees
 * may differ between the worlds by chance alone (a determinization reseeds
 * the dice), and say nothing hidden. */
static void narrate_for(gctx *c, const tt_events *ev, int viewer, char *out, size_t n)
{
    size_t at = 0;
    out[0] = 0;
    for (int i = 0; i < ev->n && at + 1 < n; i++) {
        char line[512];
        if (ev->ev[i].seen != TT_SEEN_ALL &&
            tt_event_text(c->g, &ev->ev[i], viewer, line, sizeof line) > 0)
            at += (size_t)snprintf(out + at, n - at, "%s\n", line);
    }
}

/* Before c->s plays a: for each viewer p (every player and the spectator),
 * c->t is c->s determinized for p, and a is played in both. Where what p sees
 * afterwards is the same in both, so must be every line p is told of events
 * with hidden details — whether or not p is in their visibility set: a line
 * that names a card p has not seen would read differently in the other world. Where p's view differs, p learned
 * something that differs between the worlds (a card he drew) and the lines
 * may too. Where a is not legal in c->t (it came from a hidden hand that
 * determinizing changed), a second and third determinization are tried. */
static void narration_check(gctx *c, tt_action a, uint64_t *rng, narration *N)
{
    static char t1[16384], t2[16384];
    tt_event b1[256], b2[256];
    for (int p = -2; p < c->np; p += p == -2 ? 2 : 1) {
        int tries = 0;
        for (; tries < 3; tries++) {
            tt_state_copy(c->g, c->t, c->s);
            tt_determinize(c->g, c->t, p, mix(rng));
            int n = legal(c, c->t, c->acts2);
            if (listed(c->acts2, n, a))
                break;
        }
        if (tries == 3) {
            N->skipped++;
            continue;
        }
        tt_state_copy(c->g, c->u, c->s);
        tt_events e1 = {b1, 0, 256, 0}, e2 = {b2, 0, 256, 0};
        assert_int_equal(tt_apply(c->g, c->u, a, &e1, NULL), TT_OK);
        assert_int_equal(tt_apply(c->g, c->t, a, &e2, NULL), TT_OK);
        narrate_for(c, &e1, p, t1, sizeof t1);
        narrate_for(c, &e2, p, t2, sizeof t2);
        N->compared++;
        if (strcmp(t1, t2) == 0)
            continue;
        char *v1 = view(c, c->u, p), *v2 = view(c, c->t, p);
        int same = strcmp(v1, v2) == 0;
        free(v1);
        free(v2);
        if (same) {
            char text[TT_ACTION_TEXT_MAX];
            tt_action_format(c->g, c->s, a, text, sizeof text);
            FAIL(c,
                 "%s seed %llu: after '%s', viewer %d sees the same in a determinization "
                 "but is told\n%sthere and\n%sin the real game: a line names what %d has not "
                 "seen",
                 c->name, (unsigned long long)c->seed, text, p, t2, t1, p);
        }
        N->learned++;
    }
}

/* Every event of some random games, for every viewer. */
static void test_narration_shows_only_what_was_seen(void **state)
{
    gctx c;
    for (int ri = 0, gi; open_next(state, &ri, &gi, &c); ri++) {
        narration N = {0, 0, 0};
        int n = scaled_long(&c, 100, 10);
        for (int i = 0; i < n; i++) {
            uint64_t rng = game_seed(gi, i, 60);
            start(&c, game_seed(gi, i, 61));
            int na;
            while ((na = legal(&c, c.s, c.acts)) > 0) {
                tt_action a = c.acts[below(&rng, na)];
                narration_check(&c, a, &rng, &N);
                step(&c, a, NULL);
            }
        }
        print_message("%s: %d games, %lld narrations compared with a determinization's (%lld "
                      "where the viewer learned what differs), %lld actions not legal there\n",
                      c.name, n, N.compared, N.learned, N.skipped);
        assert_true(N.compared > 0);
        gctx_close(&c);
    }
}

/* --- save → load → replay ---------------------------------------------------------------- */

typedef struct replay_check {
    const uint64_t *hashes; /* state hash after each entry, recorded during play */
    int n, calls, bad;
} replay_check;

static void on_step(void *ctx, int index, const char *text, const tt_game *g, const tt_state *s,
                    const tt_events *ev)
{
    replay_check *R = ctx;
    (void)text;
    (void)ev;
    if (index != R->calls || index >= R->n || tt_state_hash(g, s) != R->hashes[index])
        R->bad++;
    R->calls++;
}

static void temp_path(char *path, size_t n)
{
    snprintf(path, n, "%s/tests/generic_record_XXXXXX", TT_BINARY_DIR);
    int fd = mkstemp(path);
    if (fd < 0) {
        snprintf(path, n, "/tmp/tt_generic_record_XXXXXX");
        fd = mkstemp(path);
    }
    assert_true(fd >= 0);
    close(fd);
}

/* Plays a and the mover's next action as one compound text "a k=v" through
 * tt_apply_text_canon, recording the canonical expansion as one entry (saved as
 * two actions). Returns 0, having changed nothing, when the next action has no
 * "k v" form. */
static int record_compound(gctx *c, tt_record *rec, tt_action a, const char *text, uint64_t *hashes,
                           int *n, uint64_t *rng)
{
    tt_state_copy(c->g, c->u, c->s);
    assert_int_equal(tt_apply(c->g, c->u, a, NULL, NULL), TT_OK);
    uint64_t h1 = tt_state_hash(c->g, c->u);
    int n2 = legal(c, c->u, c->acts2);
    if (n2 == 0 || tt_to_move(c->g, c->u) != tt_to_move(c->g, c->s))
        return 0;
    tt_action a2 = c->acts2[below(rng, n2)];
    char t2[TT_ACTION_TEXT_MAX], compound[2 * TT_ACTION_TEXT_MAX + 2];
    tt_action_format(c->g, c->u, a2, t2, sizeof t2);
    char *sp = strchr(t2, ' ');
    if (!sp || strchr(sp + 1, ' '))
        return 0;
    assert_int_equal(tt_apply(c->g, c->u, a2, NULL, NULL), TT_OK);
    char canon[2 * TT_ACTION_TEXT_MAX + 2], want[2 * TT_ACTION_TEXT_MAX + 2];
    snprintf(want, sizeof want, "%s\n%s", text, t2);
    *sp = '=';
    snprintf(compound, sizeof compound, "%s %s", text, t2);
    tt_error err;
    tt_error_clear(&err);
    /* too small a buffer for the expansion: refused, nothing changed */
    tt_state_copy(c->g, c->t, c->s);
    assert_int_not_equal(
        tt_apply_text_canon(c->g, c->t, compound, canon, strlen(text) + 2, NULL, &err), TT_OK);
    assert_memory_equal(c->t, c->s, c->sz);
    if (tt_apply_text_canon(c->g, c->s, compound, canon, sizeof canon, NULL, &err) != TT_OK)
        FAIL(c, "%s seed %llu: compound '%s' refused: %s", c->name, (unsigned long long)c->seed,
             compound, err.msg);
    assert_string_equal(canon, want);
    assert_memory_equal(c->s, c->u, c->sz);
    assert_int_equal(tt_record_add_action(rec, canon), TT_OK);
    remember(c, a);
    remember(c, a2);
    hashes[(*n)++] = h1;
    hashes[(*n)++] = tt_state_hash(c->g, c->s);
    return 1;
}

/* Plays one game (to its end, to a random cut, or to a concession), recording
 * every entry, then saves, loads and replays it. */
static int record_game(gctx *c, int gi, int i, int mode)
{
    uint64_t rng = game_seed(gi, i, 50);
    start(c, game_seed(gi, i, 51));
    tt_record *rec = tt_record_new(c->g, c->seed);
    assert_non_null(rec);
    assert_string_equal(tt_record_game(rec), c->game);
    assert_true(tt_record_seed(rec) == c->seed);
    uint64_t *hashes = malloc((MAX_HISTORY + 4) * sizeof *hashes); /* + compound, concession */
    assert_non_null(hashes);
    int n = 0, cut = mode == 1 || mode == 2 ? below(&rng, 300) : STEP_CAP, na;
    int conceder = -1, entries = 0, compounds = 0;
    while ((na = legal(c, c->s, c->acts)) > 0 && n < cut) {
        tt_action a = c->acts[below(&rng, na)];
        char text[TT_ACTION_TEXT_MAX];
        assert_int_equal(tt_action_format(c->g, c->s, a, text, sizeof text), TT_OK);
        if (below(&rng, 4) == 0 && record_compound(c, rec, a, text, hashes, &n, &rng)) {
            entries++;
            compounds++;
            continue;
        }
        /* an undone entry leaves no trace */
        if (below(&rng, 10) == 0) {
            assert_int_equal(tt_record_add_action(rec, "not an action"), TT_OK);
            assert_int_equal(tt_record_pop(rec), 1);
        }
        assert_int_equal(tt_record_add_action(rec, text), TT_OK);
        if (below(&rng, 2)) {
            step(c, a, NULL);
        } else { /* the text form is the same action */
            tt_state_copy(c->g, c->t, c->s);
            tt_error err;
            tt_error_clear(&err);
            if (tt_apply_text(c->g, c->s, text, NULL, &err) != TT_OK)
                FAIL(c, "%s: '%s' refused as text: %s", c->name, text, err.msg);
            assert_int_equal(tt_apply(c->g, c->t, a, NULL, NULL), TT_OK);
            assert_memory_equal(c->s, c->t, c->sz);
            remember(c, a);
        }
        hashes[n++] = tt_state_hash(c->g, c->s);
        entries++;
    }
    if (mode == 2 && na > 0) {
        conceder = below(&rng, c->np);
        tt_error err;
        tt_error_clear(&err);
        assert_int_equal(tt_offturn_apply(c->g, c->s, conceder, TT_CONCEDE, NULL, &err), TT_OK);
        if (tt_sanity(c->g, c->s, &err) != TT_OK) /* release builds do not assert it */
            FAIL(c, "%s seed %llu: after %d conceded, the state is broken: %s", c->name,
                 (unsigned long long)c->seed, conceder, err.msg);
        assert_int_equal(tt_record_add_offturn(rec, c->g, conceder, "concede"), TT_OK);
        hashes[n++] = tt_state_hash(c->g, c->s);
        entries++;
        tt_result r;
        tt_result_get(c->g, c->s, &r);
        if (c->np > 2 && !r.over) { /* a game whose others play on (XF-8.5.3) */
            assert_int_not_equal(tt_to_move(c->g, c->s), conceder);
        } else {
            assert_int_equal(tt_to_move(c->g, c->s), TT_TERMINAL);
            assert_int_equal(tt_legal(c->g, c->s, c->acts), 0);
            assert_true(r.over);
            assert_int_not_equal(r.winner, conceder);
            assert_false(r.winners >> conceder & 1);
        }
        if (c->np == 2)
            assert_int_equal(r.winner, 1 - conceder);
    }
    assert_int_equal(tt_record_length(rec), entries);

    char path[512];
    temp_path(path, sizeof path);
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_record_save(rec, c->g, c->s, path, &err), TT_OK);
    tt_record *back = NULL;
    if (tt_record_load(path, &back, &err) != TT_OK)
        FAIL(c, "%s: cannot load the record just saved: %s", c->name, err.msg);
    assert_int_equal(tt_record_length(back), n);
    assert_true(tt_record_seed(back) == c->seed);
    assert_string_equal(tt_record_game(back), c->game);
    tt_game *g2 = NULL;
    tt_state *s2 = NULL;
    replay_check R = {hashes, n, 0, 0};
    if (tt_record_replay(back, &g2, &s2, on_step, &R, &err) != TT_OK)
        FAIL(c, "%s seed %llu: the record does not replay: %s", c->name,
             (unsigned long long)c->seed, err.msg);
    assert_int_equal(R.calls, n);
    if (R.bad)
        FAIL(c, "%s seed %llu: %d replayed steps differ from play", c->name,
             (unsigned long long)c->seed, R.bad);
    assert_string_equal(tt_game_params(g2), tt_game_params(c->g));
    assert_true(tt_state_size(g2) == c->sz);
    assert_true(tt_state_hash(g2, s2) == tt_state_hash(c->g, c->s));
    assert_memory_equal(s2, c->s, c->sz);
    free(s2);
    tt_game_free(g2);
    tt_record_free(back);
    tt_record_free(rec);
    unlink(path);
    free(hashes);
    return compounds;
}

static void test_save_load_replay(void **state)
{
    gctx c;
    for (int ri = 0, gi; open_next(state, &ri, &gi, &c); ri++) {
        int n = scaled_long(&c, 60, 12);
        int compounds = 0;
        for (int i = 0; i < n; i++)
            compounds += record_game(&c, gi, i, i % 3); /* to the end, cut short, conceded */
        print_message("%s: %d records saved, loaded and replayed (a third conceded, %d "
                      "compound entries)\n",
                      c.name, n, compounds);
        assert_true(compounds > 0);
        gctx_close(&c);
    }
}

/* --- the registry ------------------------------------------------------------------------ */

static void test_registry_lists_loadable_games(void **state)
{
    (void)state;
    int n = 0;
    for (int gi = 0; tt_game_list(gi); gi++, n++) {
        const char *name = tt_game_list(gi);
        assert_non_null(tt_game_summary(name));
        tt_game *g = NULL;
        tt_error err;
        tt_error_clear(&err);
        assert_int_equal(tt_game_new(name, "", &g, &err), TT_OK);
        assert_string_equal(tt_game_name(g), name);
        assert_int_equal(strlen(tt_game_content_hash(g)), 16);
        for (int p = 0; p < tt_game_players(g); p++) {
            const char *pn = tt_player_name(g, p);
            assert_int_equal(tt_player_parse(g, pn), p);
            assert_int_equal(tt_viewer_parse(g, pn), p);
        }
        assert_int_equal(tt_viewer_parse(g, "spectator"), TT_VIEW_SPECTATOR);
        assert_int_equal(tt_viewer_parse(g, "all"), TT_VIEW_ALL);
        assert_int_equal(tt_player_parse(g, "nobody at all"), -1);
        tt_game_free(g);
    }
    assert_true(n > 0);
    assert_null(tt_game_list(n));
    assert_null(tt_game_list(-1));
}

/* --- the declarations -------------------------------------------------------------------- */

/* Every game declares configurations for this suite (tt_rules.configs) that
 * load, with distinct names fit for a test's name, player counts inside its
 * range, and between them games of 2, 3 and 4 or more players wherever its
 * range allows: the leak and narration tests then check every viewer of each. */
static void test_declared_configurations(void **state)
{
    (void)state;
    static const int bucket[3][2] = {{2, 2}, {3, 3}, {4, TT_MAX_PLAYERS}};
    for (int gi = 0; tt_game_list(gi); gi++) {
        const char *game = tt_game_list(gi), *params, *cfg;
        int lo, hi, k;
        assert_int_equal(tt_game_player_range(game, &lo, &hi), TT_OK);
        unsigned counts = 0;
        for (k = 0; (cfg = tt_game_config(game, k, &params)); k++) {
            if (!*cfg || strspn(cfg, "abcdefghijklmnopqrstuvwxyz0123456789_") != strlen(cfg))
                fail_msg("%s: configuration '%s' is not a name of a-z, 0-9 and _", game, cfg);
            for (int j = 0; j < k; j++) {
                const char *other;
                if (strcmp(tt_game_config(game, j, &other), cfg) == 0)
                    fail_msg("%s: configuration '%s' is declared twice", game, cfg);
            }
            tt_game *g = NULL;
            tt_error err;
            tt_error_clear(&err);
            if (tt_game_new(game, params, &g, &err) != TT_OK)
                fail_msg("%s/%s: '%s' does not load: %s", game, cfg, params, err.msg);
            int np = tt_game_players(g);
            tt_game_free(g);
            if (np < lo || np > hi)
                fail_msg("%s/%s: %d players, outside %d..%d", game, cfg, np, lo, hi);
            counts |= 1u << np;
        }
        if (k == 0)
            fail_msg("%s declares no configuration for the generic suite", game);
        for (int b = 0; b < 3; b++) {
            unsigned want = 0;
            for (int np = bucket[b][0]; np <= bucket[b][1]; np++)
                want |= (lo <= np && np <= hi) ? 1u << np : 0;
            if (want && !(counts & want))
                fail_msg("%s plays %d to %d players, but no configuration it declares has %d%s",
                         game, lo, hi, bucket[b][0], b == 2 ? " or more" : "");
        }
    }
}

/* `test_generic --list`: every run the registry declares, "<game> <config>" a
 * line, which tests/generic/discover.cmake turns into one ctest entry each. */
static int list_runs(void)
{
    plan P;
    plan_all(&P);
    for (int i = 0; i < P.n; i++)
        printf("%s %s\n", P.runs[i].game, P.runs[i].config);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--list") == 0)
        return list_runs();
    if (argc > 1) {
        fprintf(stderr, "usage: %s [--list]\n", argv[0]);
        return 2;
    }
    static plan P;
    char why[256];
    plan_all(&P);
    if (!plan_select(&P, getenv("TT_GENERIC_ONLY"), getenv("TT_GENERIC_CONFIG"), why, sizeof why)) {
        fprintf(stderr, "test_generic: %s\n", why);
        return 1;
    }
    for (int i = 0; i < P.n; i++)
        printf("run %s/%s: %s\n", P.runs[i].game, P.runs[i].config,
               *P.runs[i].params ? P.runs[i].params : "(defaults)");
    if (getenv("TT_GENERIC_TEST"))
        cmocka_set_test_filter(getenv("TT_GENERIC_TEST"));
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registry_lists_loadable_games),
        cmocka_unit_test(test_declared_configurations),
        cmocka_unit_test_prestate(test_random_games_end, &P),
        cmocka_unit_test_prestate(test_copy_equality, &P),
        cmocka_unit_test_prestate(test_every_legal_action_applies, &P),
        cmocka_unit_test_prestate(test_format_parse_round_trip, &P),
        cmocka_unit_test_prestate(test_refused_actions_change_nothing, &P),
        cmocka_unit_test_prestate(test_leak_determinize_keeps_views, &P),
        cmocka_unit_test_prestate(test_narration_shows_only_what_was_seen, &P),
        cmocka_unit_test_prestate(test_save_load_replay, &P),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
