/* The AIs, in every game: legality, determinism for a seed, the arena, and
 * (test_ai_peek.c) that ISMCTS cannot tell positions its player cannot.
 *
 * Budgets are small (iters= in the tens) so the suite stays fast; strength
 * is measured by `tabletop ladder` runs, reported in docs/ai.md. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/rng.h"
#include "tabletop/tt.h"

/* decisions per game the legality test plays at most, to keep it short (a
 * sanitizer build runs every playout several times slower, and needs fewer
 * decisions to meet every code path of the search) */
#ifdef NDEBUG
#define LEGAL_DECISIONS 80
#else
#define LEGAL_DECISIONS 24
#endif

static tt_game *load(const char *name, const char *params)
{
    tt_game *g = NULL;
    tt_error err;
    tt_error_clear(&err);
    int rc = tt_game_new(name, params, &g, &err);
    if (rc != TT_OK)
        fail_msg("%s %s: %s", name, params, err.msg);
    return g;
}

static tt_ai *ai_make(const tt_game *g, const char *name, const char *params, uint64_t seed)
{
    tt_ai *ai = NULL;
    tt_error err;
    tt_error_clear(&err);
    if (tt_ai_new(name, g, params, seed, &ai, &err) != TT_OK)
        fail_msg("tt_ai_new %s %s: %s", name, params, err.msg);
    return ai;
}

static int listed(const tt_action *legal, int n, tt_action a)
{
    for (int i = 0; i < n; i++)
        if (legal[i] == a)
            return 1;
    return 0;
}

/* Every action ismcts, flat and random choose is one tt_legal lists, in
 * every configuration of every game; the state is not touched by choosing. */
static void test_ai_choices_are_legal(void **unused)
{
    (void)unused;
    static const char *const names[] = {"ismcts", "flat", "random"};
    static const char *const params[] = {"iters=16", "n=1", ""};
    for (int gi = 0; tt_game_list(gi); gi++) {
        const char *game = tt_game_list(gi), *cp;
        for (int ci = 0; tt_game_config(game, ci, &cp); ci++) {
            tt_game *g = load(game, cp);
            size_t sz = tt_state_size(g);
            tt_state *s = malloc(sz), *before = malloc(sz);
            tt_action *legal = malloc((size_t)tt_max_actions(g) * sizeof *legal);
            tt_ai *ais[3];
            for (int k = 0; k < 3; k++)
                ais[k] = ai_make(g, names[k], params[k], 100 + (uint64_t)k);
            tt_state_init(g, s, 1000 + (uint64_t)ci);
            for (int d = 0; d < LEGAL_DECISIONS && tt_to_move(g, s) != TT_TERMINAL; d++) {
                int n = tt_legal(g, s, legal);
                tt_action a;
                tt_error err;
                tt_ai *ai = ais[d % 3];
                memcpy(before, s, sz);
                assert_int_equal(tt_ai_choose(ai, s, &a, &err), TT_OK);
                assert_memory_equal(before, s, sz);
                if (!listed(legal, n, a))
                    fail_msg("%s %s: %s chose %u, not a legal action", game, cp, tt_ai_name(ai),
                             (unsigned)a);
                assert_false(tt_action_is_offturn(a));
                assert_int_equal(tt_apply(g, s, a, NULL, &err), TT_OK);
            }
            for (int k = 0; k < 3; k++)
                tt_ai_free(ais[k]);
            free(legal);
            free(before);
            free(s);
            tt_game_free(g);
        }
    }
}

/* A position after `steps` random actions from seed, with at least two
 * legal actions for the player to move; 0 when the game ends first. */
static int position(const tt_game *g, tt_state *s, uint64_t seed, int steps)
{
    tt_action *legal = malloc((size_t)tt_max_actions(g) * sizeof *legal);
    tt_rng rng;
    tt_rng_seed(&rng, seed);
    tt_state_init(g, s, seed);
    int n = 0;
    for (int i = 0; (n = tt_legal(g, s, legal)) > 0; i++) {
        if (i >= steps && n >= 2)
            break;
        assert_int_equal(tt_apply(g, s, legal[tt_rng_below(&rng, (uint32_t)n)], NULL, NULL), TT_OK);
    }
    free(legal);
    return n >= 2;
}

/* With iters=, the same seed makes the same search: the same action and
 * exactly iters playouts, every time; flat likewise for n=. */
static void test_ai_same_seed_same_choice(void **unused)
{
    (void)unused;
    for (int gi = 0; tt_game_list(gi); gi++) {
        tt_game *g = load(tt_game_list(gi), "");
        tt_state *s = malloc(tt_state_size(g));
        for (int pos = 0; pos < 3; pos++) {
            if (!position(g, s, 50 + (uint64_t)pos, 5 + 7 * pos))
                continue;
            static const char *const names[] = {"ismcts", "flat"};
            static const char *const params[] = {"iters=100", "n=3"};
            for (int k = 0; k < 2; k++) {
                tt_action a, b;
                tt_ai_stats st;
                tt_ai *x = ai_make(g, names[k], params[k], 9),
                      *y = ai_make(g, names[k], params[k], 9);
                assert_int_equal(tt_ai_choose(x, s, &a, NULL), TT_OK);
                tt_ai_stats_get(x, &st);
                if (k == 0)
                    assert_int_equal(st.iterations, 100);
                assert_int_equal(tt_ai_choose(y, s, &b, NULL), TT_OK);
                assert_int_equal(a, b);
                tt_ai_free(x);
                tt_ai_free(y);
            }
        }
        free(s);
        tt_game_free(g);
    }
}

/* The tree lives in an arena of nodes= nodes: a search that fills it keeps
 * searching (all its iterations), stops growing, and says so. */
static void test_ai_full_arena_stops_growing(void **unused)
{
    (void)unused;
    tt_game *g = load("invaders", "");
    tt_state *s = malloc(tt_state_size(g));
    assert_true(position(g, s, 3, 10));
    tt_ai *ai = ai_make(g, "ismcts", "iters=3000 nodes=1024", 1);
    tt_action a;
    tt_ai_stats st;
    assert_int_equal(tt_ai_choose(ai, s, &a, NULL), TT_OK);
    tt_ai_stats_get(ai, &st);
    assert_int_equal(st.iterations, 3000);
    assert_int_equal(st.capacity, 1024);
    assert_int_equal(st.nodes, 1024);
    assert_int_equal(st.full, 1);
    tt_ai_free(ai);
    ai = ai_make(g, "ismcts", "iters=100", 1); /* iters+1 nodes always suffice */
    assert_int_equal(tt_ai_choose(ai, s, &a, NULL), TT_OK);
    tt_ai_stats_get(ai, &st);
    assert_int_equal(st.full, 0);
    assert_int_equal(st.nodes, 101);
    tt_ai_free(ai);
    free(s);
    tt_game_free(g);
}

/* Bad parameters are refused with one line naming them; nothing is made. */
static void test_ai_refuses_bad_parameters(void **unused)
{
    (void)unused;
    tt_game *g = load("invaders", "");
    static const struct {
        const char *name, *params, *msg;
    } bad[] = {
        {"ismcts", "ms=100 iters=10", "ismcts: give ms= or iters=, not both"},
        {"ismcts", "iters=0", "ismcts: iters wants a number from 1 to 1e+09, not '0'"},
        {"ismcts", "c=x", "ismcts: c wants a number from 0 to 100, not 'x'"},
        {"ismcts", "depth=3",
         "ismcts: unknown parameter 'depth' (known: ms, iters, c, nodes, playout, seed)"},
        {"ismcts", "ms", "AI parameter 'ms' is not key=value"},
        {"flat", "n=-1", "flat: n wants a number from 1 to 1e+06, not '-1'"},
        {"random", "seed=abc", "random: seed wants a whole number, not 'abc'"},
        {"deep_blue", "", "unknown AI 'deep_blue' (known: random, flat, ismcts)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tt_ai *ai = (tt_ai *)1;
        tt_error err;
        tt_error_clear(&err);
        assert_int_equal(tt_ai_new(bad[i].name, g, bad[i].params, 1, &ai, &err), TT_EARG);
        assert_null(ai);
        assert_string_equal(err.msg, bad[i].msg);
    }
    tt_game_free(g);
}

/* A finished game has nothing to choose. */
static void test_ai_game_over_is_refused(void **unused)
{
    (void)unused;
    tt_game *g = load("invaders", "");
    tt_state *s = malloc(tt_state_size(g));
    tt_state_init(g, s, 4);
    tt_error err;
    assert_int_equal(tt_offturn_apply(g, s, 0, TT_CONCEDE, NULL, &err), TT_OK);
    tt_ai *ai = ai_make(g, "ismcts", "iters=10", 1);
    tt_action a = 77;
    assert_int_equal(tt_ai_choose(ai, s, &a, &err), TT_ESTATE);
    assert_int_equal(a, 77);
    tt_ai_free(ai);
    free(s);
    tt_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ai_choices_are_legal),
        cmocka_unit_test(test_ai_same_seed_same_choice),
        cmocka_unit_test(test_ai_full_arena_stops_growing),
        cmocka_unit_test(test_ai_refuses_bad_parameters),
        cmocka_unit_test(test_ai_game_over_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
