/* INWO's turn (INWO-4): the upkeep round, the step draws, the automatic
 * takeover and step 4 tokens, the Main Phase and its last call, step 6 and
 * its round, cleanup with the off-turn Plot limit, the round count and the
 * round cap; buying Plots (5.2) and the Illuminati-token actions (5.4) as
 * items with response rounds (4.6); the refusals, each naming its rule. */
#include "inwo_fixture.h"

static int tokens(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].u.p.tokens;
}

/* Seed 1, 4 players, C first: the upkeep round passed, C at step 3 having
 * drawn nothing. */
static fx at_step3(void)
{
    fx f = fx_new("players=4");
    fx_setup(&f);
    fx_passes(&f, 4);
    fx_ok(&f, "done");
    fx_ok(&f, "done");
    return f;
}

/* Seed 1, 4 players: C goes first; the leads are A:G01, B:G04, C:G03, D:G02. */
static void test_INWO_4_2_beginning_of_turn(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_setup(&f);
    char legal[4096];
    assert_int_equal(f.s->first, 2);
    assert_int_equal(f.s->point, PT_UPKEEP); /* INWO-4.2.1: the active player first */
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), 2);
    fx_legal(&f, legal, sizeof legal);
    /* no tokens yet (INWO-3.9): nothing to buy with; NWOs cost nothing (INWO-5.18.6) */
    assert_string_equal(legal, "pass|play C:PL24#1|play C:PL27#1");
    fx_refused(&f, "buy", "INWO-5.2.1",
               "a Plot costs 1 Illuminati token or 2 tokens of other groups");
    fx_refused(&f, "end_main", "INWO-4.3.2", "end_main ends your Main Phase");
    fx_passes(&f, 4);
    assert_int_equal(f.s->point, PT_STEP1);
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "done|draw|play C:PL24#1|play C:PL27#1");
    int plots = f.s->npile[2][Z_PLOT_DECK];
    fx_ok(&f, "draw"); /* INWO-4.2.3 */
    assert_int_equal(f.s->npile[2][Z_PLOT_DECK], plots - 1);
    assert_int_equal(f.s->npile[2][Z_HAND], 10);
    fx_refused(&f, "draw", "INWO-4.2.3", "you made this step's draw");
    fx_ok(&f, "done");
    assert_int_equal(f.s->point, PT_STEP2);
    fx_ok(&f, "done"); /* drawing is optional (INWO-5.7.5) */
    assert_int_equal(f.s->point, PT_STEP3);
    assert_int_equal(f.s->npile[2][Z_HAND], 10);
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "done|takeover C:G20#1|takeover C:G06#1|takeover C:G34#1|"
                               "takeover C:G16#1|takeover C:G30#1|takeover C:G12#1|"
                               "play C:PL24#1|play C:PL27#1");
    fx_refused(&f, "takeover C:PL03#1", "INWO-5.3.1", "take over a card of your hand");
    /* INWO-5.3: the arrow question follows; C:G03 (Free City of Lumen) is
     * the lead on the Concord's N arrow */
    fx_ok(&f, "takeover C:G20#1");
    assert_int_equal(f.s->point, PT_STEP3);
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "arrow C:I03#1/E|arrow C:I03#1/S|arrow C:I03#1/W|"
                               "arrow C:G03#1/N|arrow C:G03#1/E|arrow C:G03#1/W");
    fx_refused(&f, "arrow C:I03#1/N", "INWO-2.11.5", "that arrow is not open");
    fx_ok(&f, "arrow C:G03#1/E");
    /* step 4 (INWO-4.2.6): every card of C filled, the takeover's too */
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(tokens(&f, "C:I03#1"), 1);
    assert_int_equal(tokens(&f, "C:G03#1"), 1);
    assert_int_equal(tokens(&f, "C:G20#1"), 1);
    const inwo_node *v = &f.s->node[fx_node(&f, "C:G20#1")];
    assert_int_equal(v->x, 1); /* Lumen's local E, Lumen unturned at (0,1) */
    assert_int_equal(v->y, 1);
    assert_int_equal(INWO_ROT(v->geo), 1);
    fx_free(&f);
}

/* Main Phase → last call → step 6 → its round → cleanup → the next seat. */
static void test_INWO_4_3_main_phase_to_next_turn(void **state)
{
    (void)state;
    fx f = at_step3();
    fx_ok(&f, "done");
    assert_int_equal(f.s->point, PT_MAIN);
    fx_refused(&f, "done", "INWO-5.0.4", "done ends step 1, 2, 3 or 6");
    fx_refused(&f, "draw", "INWO-4.2.3", "the step draws are made at steps 1 and 2");
    fx_ok(&f, "end_main"); /* INWO-4.3.2: the last call starts with D */
    assert_int_equal(f.s->point, PT_ROUND);
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), 3);
    fx_passes(&f, 4);
    assert_int_equal(f.s->point, PT_STEP6);
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), 2);
    fx_ok(&f, "done"); /* INWO-4.4.2: the step-6 round */
    assert_int_equal(f.s->point, PT_ROUND);
    fx_passes(&f, 4);
    /* cleanup: D's turn, still round 1 (C began it) */
    assert_int_equal(f.s->pl[2].completed, 1);
    assert_int_equal(f.s->pl[2].protected_, 0);
    assert_int_equal(f.s->active, 3);
    assert_int_equal(f.s->round, 1);
    assert_int_equal(f.s->point, PT_UPKEEP);
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), 3);
    assert_int_equal(f.s->announced, 0);
    fx_free(&f);
}

/* Plays the active player's turn through, taking nothing. */
static void quiet_turn(fx *f)
{
    int n = f->s->nplayers - __builtin_popcount(f->s->head.eliminated);
    fx_passes(f, n);
    fx_ok(f, "done");
    fx_ok(f, "done");
    fx_ok(f, "done");
    fx_ok(f, "end_main");
    fx_passes(f, n);
    fx_ok(f, "done");
    fx_passes(f, n);
    fx_knock(f);
}

/* INWO-4.1.1: the round ends after the player before the first; INWO-9.5.2:
 * after the cleanup of round max_rounds's last turn the game is a draw. */
static void test_INWO_9_5_2_round_cap(void **state)
{
    (void)state;
    fx f = fx_new("players=3 max_rounds=2");
    fx_setup(&f);
    int first = f.s->first;
    for (int t = 0; t < 3; t++)
        quiet_turn(&f);
    assert_int_equal(f.s->round, 2);
    assert_int_equal(f.s->active, first);
    for (int t = 0; t < 3; t++)
        quiet_turn(&f);
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), TT_TERMINAL);
    assert_int_equal(f.s->head.over, 1);
    assert_int_equal(f.s->head.reason, R_DRAW_MAX_ROUNDS);
    for (int p = 0; p < 3; p++)
        assert_int_equal(f.s->head.rank[p], 1);
    fx_free(&f);
}

/* INWO-9.5.1, 9.5.2: B concedes in round 1; at the cap the three others
 * draw (0 each) and B, out before the end, loses (−1). */
static void test_INWO_9_5_1_draw_with_a_player_out(void **state)
{
    (void)state;
    fx f = fx_new("players=4 max_rounds=2");
    fx_setup(&f);
    tt_error err;
    assert_int_equal(tt_offturn_apply(f.g, (tt_state *)f.s, 1, TT_CONCEDE, NULL, &err), TT_OK);
    for (int t = 0; t < 8 && !f.s->head.over; t++)
        quiet_turn(&f);
    assert_int_equal(f.s->head.reason, R_DRAW_MAX_ROUNDS);
    double ret[4];
    tt_returns(f.g, (tt_state *)f.s, ret);
    for (int p = 0; p < 4; p++)
        assert_true(ret[p] == (p == 1 ? -1.0 : 0.0));
    tt_result r;
    tt_result_get(f.g, (tt_state *)f.s, &r);
    assert_int_equal(r.winners, 0);
    assert_int_equal(r.winner, -1);
    assert_int_equal(r.player[1].rank, 2);
    assert_int_equal(r.player[1].eliminated, 1);
    assert_int_equal(r.player[0].rank, 1);
    fx_free(&f);
}

/* INWO-5.2: 1 Illuminati token, or 2 of other groups; the single possible
 * payment is not asked (INWO-5.0.1); a purchase keeps priority. */
static void test_INWO_5_2_buying_plots(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_setup(&f);
    quiet_turn(&f); /* C's turn: C's cards hold their tokens now */
    assert_int_equal(f.s->active, 3);
    int hand = f.s->npile[2][Z_HAND];
    /* D's upkeep round: D passes, A passes, B passes, C buys with the Concord */
    fx_passes(&f, 3);
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), 2);
    char legal[512];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "pass|buy|play C:PL24#1|play C:PL27#1");
    fx_ok(&f, "buy");
    assert_int_equal(f.s->npile[2][Z_HAND], hand + 1); /* the Illuminati alone could pay */
    assert_int_equal(tokens(&f, "C:I03#1"), 0);
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), 2); /* still C's priority */
    fx_refused(&f, "buy", "INWO-5.2.1",
               "a Plot costs 1 Illuminati token or 2 tokens of other groups");
    fx_ok(&f, "pass");
    assert_int_equal(f.s->point, PT_STEP1); /* D passed before: the round closed */
    fx_free(&f);
}

/* INWO-5.2.1 with two groups' tokens: both asked, the same group twice
 * only when it holds two. */
static void test_INWO_5_2_1_two_group_tokens(void **state)
{
    (void)state;
    fx f = at_step3();
    fx_ok(&f, "takeover C:G20#1");
    fx_ok(&f, "arrow C:G03#1/E");
    f.s->card[fx_card(&f, "C:I03#1")].u.p.tokens = 0;
    fx_ok(&f, "buy");
    char legal[512];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "pay C:G03#1|pay C:G20#1");
    fx_refused(&f, "pay C:I03#1", "INWO-5.1.1",
               "pay with a card of your structure holding a token");
    fx_ok(&f, "pay C:G03#1"); /* the second, G20, is the only answer left: applied */
    assert_int_equal(f.s->decl.head, H_NONE);
    assert_int_equal(tokens(&f, "C:G03#1"), 0);
    assert_int_equal(tokens(&f, "C:G20#1"), 0);
    fx_free(&f);
}

/* INWO-5.4.2, 4.6.3: draw_group is an item; its round starts with the next
 * seat and it resolves when every seat has passed; once per turn. */
static void test_INWO_5_4_2_draw_group_item(void **state)
{
    (void)state;
    fx f = at_step3();
    fx_ok(&f, "done");
    int deck = f.s->npile[2][Z_GROUP_DECK], hand = f.s->npile[2][Z_HAND];
    fx_ok(&f, "draw_group");
    assert_int_equal(f.s->nitems, 1);
    assert_int_equal(f.s->item[0].num, 1);      /* i1 */
    assert_int_equal(tokens(&f, "C:I03#1"), 0); /* paid on announcement */
    assert_int_equal(f.s->point, PT_ROUND);
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), 3);
    fx_passes(&f, 3);
    assert_int_equal(f.s->npile[2][Z_HAND], hand); /* C has not passed yet */
    fx_ok(&f, "pass");
    assert_int_equal(f.s->npile[2][Z_HAND], hand + 1);
    assert_int_equal(f.s->npile[2][Z_GROUP_DECK], deck - 1);
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(f.s->point, PT_MAIN);
    f.s->card[fx_card(&f, "C:I03#1")].u.p.tokens = 1;
    fx_refused(&f, "draw_group", "INWO-5.4.2", "once per turn");
    fx_free(&f);
}

/* EX-31: two-player rules, the takeover's token (INWO-4.8.3 (c)) and the
 * off-turn Plot limit at cleanup (INWO-5.7.2). */
static void test_EX_31_two_player_rules_and_plot_limit(void **state)
{
    (void)state;
    fx f = fx_new("players=2");
    fx_setup(&f);
    int a = f.s->first, b = 1 - a;
    char ill_a[32], ill_b[32];
    inwo_instance_text(f.c, a * INWO_DECK_CARDS, ill_a, sizeof ill_a);
    inwo_instance_text(f.c, b * INWO_DECK_CARDS, ill_b, sizeof ill_b);
    assert_int_equal(f.c->opt.basic_goal, 12);
    /* turn 1 of the first player: he spends his Illuminati token on a Plot */
    fx_passes(&f, 2);
    fx_ok(&f, "done");
    fx_ok(&f, "done");
    fx_ok(&f, "done");
    fx_ok(&f, "buy");
    assert_int_equal(tokens(&f, ill_a), 0);
    fx_ok(&f, "end_main");
    fx_passes(&f, 2);
    fx_ok(&f, "done");
    fx_passes(&f, 2);
    quiet_turn(&f); /* the second player's: his Illuminati keeps its token */
    assert_int_equal(tokens(&f, ill_b), 1);
    /* turn 2: a takeover; the Illuminati, at 0, receives 1 − 1 = 0 */
    fx_passes(&f, 2);
    fx_ok(&f, "done");
    fx_ok(&f, "done");
    tt_action acts[INWO_MAX_ACTIONS];
    int n = tt_legal(f.g, (tt_state *)f.s, acts);
    assert_true(n > 1);
    tt_error err;
    assert_int_equal(tt_apply(f.g, (tt_state *)f.s, acts[1], NULL, &err), TT_OK); /* takeover */
    while (f.s->point != PT_MAIN) {
        n = tt_legal(f.g, (tt_state *)f.s, acts);
        assert_int_equal(tt_apply(f.g, (tt_state *)f.s, acts[0], NULL, &err), TT_OK); /* arrow */
    }
    assert_int_equal(tokens(&f, ill_a), 0);
    /* seven Plot-back cards at the end of his turn: two to shed */
    int len, moved = 0;
    const uint16_t *deck = inwo_pile(f.s, a, Z_PLOT_DECK, &len);
    while (f.s->npile[a][Z_HAND] - 0 < 100 && moved < 7) {
        int h, plots = 0;
        const uint16_t *hand = inwo_pile(f.s, a, Z_HAND, &h);
        for (int i = 0; i < h; i++)
            plots += inwo_plot_back(inwo_def_of(f.c, hand[i]));
        if (plots >= 7)
            break;
        deck = inwo_pile(f.s, a, Z_PLOT_DECK, &len);
        int card = deck[len - 1];
        inwo_lift(f.s, card);
        inwo_put(f.s, card, Z_HAND, a);
        moved++;
    }
    fx_ok(&f, "end_main");
    fx_passes(&f, 2);
    fx_ok(&f, "done");
    fx_passes(&f, 2);
    assert_int_equal(f.s->point, PT_DECLARE); /* round 2: the knock asks (INWO-9.4.2) */
    char legal[256];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "nodeclare");
    fx_knock(&f);
    assert_int_equal(f.s->point, PT_DISPOSE);
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), a);
    n = tt_legal(f.g, (tt_state *)f.s, acts);
    assert_int_equal(n, 7 * 3); /* discard, return top, return bottom for each */
    assert_int_equal(tt_apply(f.g, (tt_state *)f.s, acts[0], NULL, &err), TT_OK);
    assert_int_equal(f.s->point, PT_DISPOSE);
    n = tt_legal(f.g, (tt_state *)f.s, acts);
    assert_int_equal(n, 6 * 3);
    assert_int_equal(tt_apply(f.g, (tt_state *)f.s, acts[n - 1], NULL, &err), TT_OK);
    assert_int_equal(f.s->point, PT_UPKEEP);
    assert_int_equal(f.s->active, b);
    fx_free(&f);
}

/* Random games to the round cap: every listed action applies, its text
 * round-trips (INWO-5.0.1), the state stays sane. */
static void test_INWO_5_0_1_random_games(void **state)
{
    (void)state;
    static const char *const params[] = {"players=2 max_rounds=4", "players=3 max_rounds=3",
                                         "players=4 max_rounds=3", "players=6 max_rounds=2"};
    for (int k = 0; k < 4; k++)
        for (uint64_t seed = 1; seed <= 5; seed++) {
            fx f = fx_new(params[k]);
            tt_state_init(f.g, (tt_state *)f.s, seed);
            tt_rng rng;
            tt_rng_seed(&rng, seed);
            tt_action a[INWO_MAX_ACTIONS];
            int steps = 0;
            while (tt_to_move(f.g, (tt_state *)f.s) != TT_TERMINAL && steps++ < 20000) {
                int n = tt_legal(f.g, (tt_state *)f.s, a);
                assert_true(n > 0);
                for (int i = 0; i < n; i++) {
                    char text[64];
                    tt_action back;
                    assert_int_equal(tt_action_format(f.g, (tt_state *)f.s, a[i], text, 64), TT_OK);
                    assert_int_equal(tt_action_parse(f.g, (tt_state *)f.s, text, &back, NULL),
                                     TT_OK);
                    if (back != a[i])
                        fail_msg("%s does not round-trip", text);
                }
                tt_error err;
                tt_action pick = a[tt_rng_below(&rng, (uint32_t)n)];
                if (tt_apply(f.g, (tt_state *)f.s, pick, NULL, &err) != TT_OK)
                    fail_msg("listed but refused: %s", err.msg);
                fx_sane(&f);
            }
            assert_int_equal(f.s->head.over, 1);
            assert_int_equal(f.s->head.reason, R_DRAW_MAX_ROUNDS);
            fx_free(&f);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_INWO_4_2_beginning_of_turn),
        cmocka_unit_test(test_INWO_4_3_main_phase_to_next_turn),
        cmocka_unit_test(test_INWO_9_5_2_round_cap),
        cmocka_unit_test(test_INWO_9_5_1_draw_with_a_player_out),
        cmocka_unit_test(test_INWO_5_2_buying_plots),
        cmocka_unit_test(test_INWO_5_2_1_two_group_tokens),
        cmocka_unit_test(test_INWO_5_4_2_draw_group_item),
        cmocka_unit_test(test_EX_31_two_player_rules_and_plot_limit),
        cmocka_unit_test(test_INWO_5_0_1_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
