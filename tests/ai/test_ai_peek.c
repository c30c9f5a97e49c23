/* ISMCTS peeks at nothing: with the same seed and iters=, it chooses the same
 * action in a position s and in every s' = tt_determinize(s, p, k) that looks
 * the same to p, the player to move.
 *
 * The search determinizes the root from p's seat before every iteration, so
 * this holds exactly when a game's determinize depends on nothing p cannot
 * see (the position's hidden parts, or its generator's state). So the test
 * also asks that the game's own determinize, with one seed, make s and s'
 * into byte-identical states: the strongest leak test the engine has. Run
 * once per game: test_ai_peek <game>; it prints how many pairs of positions
 * agreed, and in how many the game's determinize made different states (then
 * the game, not the search, is what differs). With --search it checks only
 * the search's part: wherever the game's determinize made the same state of
 * s and s', ISMCTS chose the same. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/rng.h"
#include "tabletop/tt.h"

#ifdef NDEBUG
#define POSITIONS 24 /* in all, shared among the game's configurations */
#else
#define POSITIONS 12 /* a sanitizer build: each search costs several times more */
#endif
#define VARIANTS 4 /* k = 1 … VARIANTS */

static const char *game_name;
static int search_only; /* --search: check only what the search itself does */

static void test_ai_no_peeking(void **unused)
{
    (void)unused;
    const char *cp;
    int pairs = 0, differ = 0, states_differ = 0, search_differs = 0, nconfigs = 0;
    while (tt_game_config(game_name, nconfigs, &cp))
        nconfigs++;
    if (!nconfigs)
        skip(); /* a game still being written: nothing plays it yet */
    int positions = POSITIONS / nconfigs < 2 ? 2 : POSITIONS / nconfigs;
    for (int ci = 0; tt_game_config(game_name, ci, &cp); ci++) {
        tt_game *g = NULL;
        tt_error err;
        assert_int_equal(tt_game_new(game_name, cp, &g, &err), TT_OK);
        size_t sz = tt_state_size(g);
        tt_state *s = malloc(sz), *t = malloc(sz), *ds = malloc(sz), *dt = malloc(sz);
        tt_action *legal = malloc((size_t)tt_max_actions(g) * sizeof *legal);
        for (int pos = 0; pos < positions; pos++) {
            tt_rng rng;
            tt_rng_seed(&rng, 700 + (uint64_t)pos);
            tt_state_init(g, s, 900 + (uint64_t)pos);
            int steps = 3 + 11 * (pos + ci), n;
            for (int i = 0; (n = tt_legal(g, s, legal)) > 0 && !(i >= steps && n >= 2); i++)
                assert_int_equal(tt_apply(g, s, legal[tt_rng_below(&rng, (uint32_t)n)], NULL, NULL),
                                 TT_OK);
            if (n < 2)
                continue;
            int p = tt_to_move(g, s);
            tt_ai *ai;
            tt_action a, b;
            assert_int_equal(tt_ai_new("ismcts", g, "iters=32", 11, &ai, &err), TT_OK);
            assert_int_equal(tt_ai_choose(ai, s, &a, &err), TT_OK);
            tt_ai_free(ai);
            for (uint64_t k = 1; k <= VARIANTS; k++) {
                memcpy(t, s, sz);
                tt_determinize(g, t, p, k);
                assert_int_equal(tt_ai_new("ismcts", g, "iters=32", 11, &ai, &err), TT_OK);
                assert_int_equal(tt_ai_choose(ai, t, &b, &err), TT_OK);
                tt_ai_free(ai);
                memcpy(ds, s, sz);
                memcpy(dt, t, sz);
                tt_determinize(g, ds, p, 99);
                tt_determinize(g, dt, p, 99);
                int same_states = memcmp(ds, dt, sz) == 0;
                states_differ += !same_states;
                search_differs += same_states && a != b;
                pairs++;
                if (a != b) {
                    char x[TT_ACTION_TEXT_MAX], y[TT_ACTION_TEXT_MAX];
                    tt_action_format(g, s, a, x, sizeof x);
                    tt_action_format(g, t, b, y, sizeof y);
                    if (differ++ < 5)
                        printf("%s %s: position %d, k=%llu: '%s' in s, '%s' in s'\n", game_name,
                               ci == 0 && !cp[0] ? "(default)" : cp, pos, (unsigned long long)k, x,
                               y);
                }
            }
        }
        free(legal);
        free(ds);
        free(dt);
        free(t);
        free(s);
        tt_game_free(g);
    }
    printf("%s: ISMCTS chose the same action in %d of %d pairs (s, determinize(s)); "
           "determinize with one seed made different states in %d\n",
           game_name, pairs - differ, pairs, states_differ);
    assert_true(pairs > 0);
    /* where the game's determinize made the same state, the search cannot
     * have told s from s' */
    assert_int_equal(search_differs, 0);
    if (!search_only) { /* determinize depends on the view and the seed only */
        assert_int_equal(states_differ, 0);
        assert_int_equal(differ, 0);
    }
}

int main(int argc, char **argv)
{
    game_name = argc > 1 ? argv[1] : "invaders";
    search_only = argc > 2 && strcmp(argv[2], "--search") == 0;
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_ai_no_peeking)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
