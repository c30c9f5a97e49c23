/* INWO goals and the knock (INWO-9.3, 9.4): counting groups, doubling,
 * the declarations of step 7, the thwart round, the outcome with factions
 * of one Illuminati, elimination (9.2) and the reason codes (9.5.3). */
#include "inwo_fixture.h"

/* EX-28's structure: the Choir and 10 groups, 4 of the 9 unparalyzed ones
 * Weird (Sky Watchers, Skate Punks, Tabloid Ring, Madame Orrery). */
static void ex28(fx *f)
{
    static const char *const ids[] = {"B:G45#1", "B:G38#1", "B:G40#1", "B:G10#1", "B:G04#1",
                                      "B:G25#1", "B:G26#1", "B:G29#1", "B:G08#1", "B:G19#1"};
    for (int i = 0; i < 10; i++)
        fx_add(f, 1, ids[i]);
    f->s->card[fx_card(f, "B:G19#1")].flags |= INWO_F_PARALYZED; /* Weird too: not counted */
}

/* EX-28: 10 counted ⇒ no Basic Goal (12); Weird doubling ⇒ 13 ⇒ Special. */
static void test_EX_28_counting_and_doubling(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    ex28(&f);
    fx_zone(&f, 1, "A:PL30#1", Z_HAND); /* Goal: Iron Consensus, Violent double */
    assert_int_equal(f.c->opt.basic_goal, 12);
    assert_int_equal(inwo_goals_met(f.c, f.s, 1), GOAL_S);
    assert_true(inwo_combination_ok(f.c, f.s, 1, GOAL_S | GOAL_C));
    assert_false(inwo_combination_ok(f.c, f.s, 1, GOAL_B | GOAL_C) &&
                 !(inwo_goals_met(f.c, f.s, 1) & (GOAL_B | GOAL_C)));
    assert_int_equal(inwo_deciding_goal(f.c, f.s, 1, GOAL_S | GOAL_C), R_SPECIAL_GOAL);
    /* one Weird group fewer counted: 9 + 3 = 12, still met (the cap of three) */
    f.s->card[fx_card(&f, "B:G10#1")].flags |= INWO_F_PARALYZED;
    assert_int_equal(inwo_goals_met(f.c, f.s, 1), GOAL_S);
    fx_free(&f);
}

/* INWO-9.3.4: neither the Choir's Weird doubling nor the Goal card's
 * Violent doubling reaches 12 alone (9 counted, 2 Weird, 2 Violent), both
 * together do (Skate Punks is both: 3 doubled); only the combinations
 * holding Special and Goal card may be declared (INWO-9.4.2). */
static void test_doubling_together(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    ex28(&f);
    fx_add(&f, 1, "B:G32#1"); /* Violent */
    f.s->card[fx_card(&f, "B:G45#1")].flags |= INWO_F_PARALYZED;
    f.s->card[fx_card(&f, "B:G40#1")].flags |= INWO_F_PARALYZED;
    fx_zone(&f, 1, "A:PL30#1", Z_HAND); /* Goal: Iron Consensus, Violent double */
    assert_int_equal(inwo_goals_met(f.c, f.s, 1), 0);
    assert_int_equal(inwo_combinations(f.c, f.s, 1),
                     1u << (GOAL_S | GOAL_C) | 1u << (GOAL_B | GOAL_S | GOAL_C));
    assert_true(inwo_combination_ok(f.c, f.s, 1, GOAL_S | GOAL_C));
    assert_false(inwo_combination_ok(f.c, f.s, 1, GOAL_S));
    assert_false(inwo_combination_ok(f.c, f.s, 1, 8));
    fx_free(&f);
}

/* EX-29: A and C play the Lodge, B the Choir; all three meet a goal and
 * declare; the thwart round passes ⇒ the Lodges cancel out, B wins alone. */
static void test_EX_29_shared_victory_and_factions(void **state)
{
    (void)state;
    fx f = fx_new("players=3 p2=deck_a");
    static const char *const a[] = {"A:G01#1", "A:G02#1", "A:G07#1", "A:G09#1",
                                    "A:G11#1", "A:G17#1", "A:G24#1", "A:G28#1",
                                    "A:G29#1", "A:G29#2", "A:G33#1"};
    static const char *const c[] = {"C:G01#1", "C:G02#1", "C:G07#1", "C:G09#1",
                                    "C:G11#1", "C:G17#1", "C:G24#1", "C:G28#1",
                                    "C:G29#1", "C:G29#2", "C:G33#1"};
    static const char *const b[] = {"B:G45#1", "B:G38#1", "B:G40#1", "B:G10#1",
                                    "B:G04#1", "B:G25#1", "B:G26#1", "B:G29#1",
                                    "B:G32#1", "B:G19#1", "B:G08#1"};
    for (int i = 0; i < 11; i++) {
        fx_add(&f, 0, a[i]);
        fx_add(&f, 1, b[i]);
        fx_add(&f, 2, c[i]);
    }
    fx_main(&f, 1);
    f.s->step = PT_STEP6;
    fx_ok(&f, "done");
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_DECLARE);
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), 1); /* from the active player */
    char legal[256];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "nodeclare|declare basic|declare special|declare basic,special");
    fx_refused(&f, "declare card", "INWO-9.4.2", "none of those goals is met");
    fx_ok(&f, "declare basic");
    fx_ok(&f, "declare basic"); /* C */
    fx_ok(&f, "declare basic"); /* A */
    assert_int_equal(f.s->point, PT_THWART);
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), 2); /* after the active player */
    fx_passes(&f, 3);
    assert_int_equal(f.s->head.over, 1);
    assert_int_equal(f.s->head.reason, R_BASIC_GOAL);
    assert_int_equal(f.s->head.rank[1], 1);
    assert_int_equal(f.s->head.rank[0], 2);
    assert_int_equal(f.s->head.rank[2], 2);
    fx_free(&f);
}

/* INWO-9.2.1: after his third turn, no puppet ⇒ eliminated at cleanup; the
 * last player left wins (EX-30, two players). */
static void test_EX_30_elimination(void **state)
{
    (void)state;
    fx f = fx_new("players=2");
    fx_add(&f, 0, "A:G01#1");
    fx_main(&f, 1);
    f.s->pl[1].completed = 2; /* B's third turn ends now, with no puppet */
    f.s->step = PT_STEP6;
    fx_ok(&f, "done");
    fx_passes(&f, 2);
    fx_knock(&f);
    assert_int_equal(f.s->head.over, 1);
    assert_int_equal(f.s->head.reason, R_ELIMINATION);
    assert_int_equal(f.s->head.rank[0], 1);
    assert_int_equal(f.s->head.eliminated, 2);
    assert_int_equal(f.s->card[fx_card(&f, "B:I02#1")].zone, Z_REMOVED);
    fx_free(&f);
}

/* EX-36's position: A and C play The Tidewater Cabal (the decks' starting
 * Illuminati replaced, as a custom deck would), B the Choir; B's turn, round
 * 7. The counting Peaceful groups of all structures: A's Gardeners (1),
 * Keepers (1), and Kingdom of Marrow (6) and Port Vesper (5), Peaceful by
 * change records; B's Sunken Monastery (2) and Moonlit Poets (1); C's Free
 * City of Lumen (3), Gardeners (1), Free Clinics (2) and Consolidated
 * Widgets (5, by a record) ⇒ 27 goal-context Power. C has `extra` more
 * groups. The game stands at step 7. */
static fx ex36(int extra)
{
    fx f = fx_new("players=3");
    fx_illuminati(&f, 0, "I06");
    fx_illuminati(&f, 2, "I06");
    static const char *const a[] = {"A:G28#1", "A:G36#1", "A:G07#1", "A:G01#1"};
    static const char *const b[] = {"B:G08#1", "B:G19#1"};
    static const char *const cc[] = {"C:G03#1", "C:G28#1", "C:G43#1", "C:G21#1", "C:G06#1",
                                     "C:G12#1", "C:G16#1", "C:G20#1", "C:G23#1", "C:G30#1",
                                     "C:G34#1", "C:G42#1", "C:G44#1"};
    for (int i = 0; i < 4; i++)
        fx_add(&f, 0, a[i]);
    for (int i = 0; i < 2; i++)
        fx_add(&f, 1, b[i]);
    fx_group(&f, 2, "C:G21#1", "C:I06#1", SIDE_N);
    fx_group(&f, 2, "C:G43#1", "C:G21#1", SIDE_N);
    fx_group(&f, 2, "C:G03#1", "C:G43#1", SIDE_N); /* d3: no position bonus */
    fx_group(&f, 2, "C:G28#1", "C:I06#1", SIDE_E);
    for (int i = 4; i < 4 + extra; i++)
        fx_add(&f, 2, cc[i]);
    inwo_record_add(f.s, fx_card(&f, "A:G07#1"), AL_PEACE, 0, 0, 1);
    inwo_record_add(f.s, fx_card(&f, "A:G01#1"), AL_PEACE, 0, 0, 1);
    inwo_record_add(f.s, fx_card(&f, "C:G21#1"), AL_PEACE, 0, 0, 1);
    fx_main(&f, 1);
    f.s->round = 7;
    f.s->head.turn = 7;
    f.s->step = PT_STEP6;
    fx_ok(&f, "done");
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_DECLARE);
    return f;
}

/* The goal-context Power of the Peaceful groups counted in all structures. */
static int peaceful_power(const fx *f)
{
    int n = 0;
    for (int k = 0; k < f->s->nodes_end; k++) {
        int card = f->s->node[k].card;
        if (card != INWO_NONE && (inwo_align_of(f->c, f->s, card, 0) & AL(PEACE)))
            n += inwo_value(f->c, f->s, card, STAT_POWER, CX_GOAL);
    }
    return n;
}

/* EX-36: both Tidewater factions declare the flagged Special Goal ⇒ they
 * share the victory (INWO-2.10.9, 9.4.5). */
static void test_EX_36_factions_share_a_special_goal(void **state)
{
    (void)state;
    fx f = ex36(0);
    assert_int_equal(peaceful_power(&f), 27);
    assert_int_equal(inwo_goals_met(f.c, f.s, 0), GOAL_S);
    assert_int_equal(inwo_goals_met(f.c, f.s, 1), 0);
    assert_int_equal(inwo_goals_met(f.c, f.s, 2), GOAL_S);
    fx_refused(&f, "declare special", "INWO-9.4.2", "none of those goals is met"); /* B */
    fx_ok(&f, "nodeclare");
    fx_ok(&f, "declare special"); /* C */
    fx_ok(&f, "declare special"); /* A */
    assert_int_equal(f.s->point, PT_THWART);
    fx_passes(&f, 3);
    assert_int_equal(f.s->head.over, 1);
    assert_int_equal(f.s->head.reason, R_SHARED_WIN);
    assert_int_equal(f.s->head.rank[0], 1);
    assert_int_equal(f.s->head.rank[2], 1);
    assert_int_equal(f.s->head.rank[1], 2);
    assert_int_equal(f.s->pl[0].deciding, R_SPECIAL_GOAL);
    assert_int_equal(f.s->pl[2].deciding, R_SPECIAL_GOAL);
    fx_free(&f);
}

/* INWO-9.4.6: EX-36's winners, A and C, show their whole hands to all, each
 * card narrated; B's hand stays his. */
static void test_INWO_9_4_6_winners_reveal_their_hands(void **state)
{
    (void)state;
    fx f = ex36(0);
    fx_ok(&f, "nodeclare");
    fx_ok(&f, "declare special");
    fx_ok(&f, "declare special");
    fx_passes(&f, 2);
    tt_event buf[256];
    tt_events ev = {buf, 0, 256, 0};
    tt_error err;
    assert_int_equal(tt_apply_text(f.g, (tt_state *)f.s, "pass", &ev, &err), TT_OK); /* the last */
    assert_int_equal(f.s->head.over, 1);
    int reveals = 0;
    for (int i = 0; i < ev.n; i++)
        reveals += ev.ev[i].type == INWO_EV_REVEAL;
    for (int p = 0, n; p < 3; p++) {
        const uint16_t *hand = inwo_pile(f.s, p, Z_HAND, &n);
        assert_true(n > 0);
        for (int i = 0; i < n; i++)
            assert_int_equal(f.s->card[hand[i]].seen_by, p == 1 ? 1u << 1 : 7u);
        reveals -= p == 1 ? 0 : n;
    }
    assert_int_equal(reveals, 0);
    fx_free(&f);
}

/* EX-36 (a): C meets the Basic Goal too (12 groups) and declares it alone ⇒
 * not every Tidewater winner wins through the flagged goal ⇒ neither wins,
 * and the game goes on. */
static void test_EX_36a_one_faction_declares_basic(void **state)
{
    (void)state;
    fx f = ex36(8);
    assert_int_equal(inwo_goals_met(f.c, f.s, 2), GOAL_B | GOAL_S);
    fx_ok(&f, "nodeclare");     /* B */
    fx_ok(&f, "declare basic"); /* C */
    fx_ok(&f, "declare special");
    fx_passes(&f, 3);
    assert_int_equal(f.s->head.over, 0);
    assert_int_equal(inwo_winners(f.c, f.s), 0);
    fx_free(&f);
}

/* EX-36 (b): in the thwart round B's Sinkhole (10 − (5 + 0)) destroys Free
 * City of Lumen (goal-context Power 3) with a roll of 2 (margin 3) ⇒ 24 < 25 ⇒ nobody wins; the game goes on. */
static void test_EX_36b_instant_attack_in_the_thwart_round(void **state)
{
    (void)state;
    fx f = ex36(0);
    fx_zone(&f, 1, "A:PL36#1", Z_HAND); /* Sinkhole */
    fx_ok(&f, "nodeclare");
    fx_ok(&f, "declare special");
    fx_ok(&f, "declare special");
    fx_ok(&f, "pass"); /* C */
    fx_ok(&f, "pass"); /* A */
    fx_ok(&f, "play A:PL36#1 target=C:G03#1");
    fx_dice(&f, 1, 1);
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_AFTER_ROLL);
    fx_passes(&f, 3);
    assert_int_equal(f.s->card[fx_card(&f, "C:G03#1")].zone, Z_DESTROYED);
    assert_int_equal(peaceful_power(&f), 24);
    assert_int_equal(f.s->point, PT_THWART);
    fx_pass_round(&f);
    assert_int_equal(f.s->head.over, 0);
    assert_int_equal(f.s->round, 7);
    fx_free(&f);
}

/* EX-36 (c): two Lodge factions never share (EX-29): the Lodge's goal
 * carries no flag. */
static void test_EX_36c_lodge_factions_never_share(void **state)
{
    (void)state;
    fx f = fx_new("players=3 p2=deck_a");
    const inwo_def *lodge = inwo_def_of(f.c, fx_card(&f, "A:I01#1"));
    assert_true(lodge->has_goal);
    assert_false(lodge->goal.shared_by_factions);
    assert_true(inwo_def_of(f.c, fx_card(&f, "C:I01#1")) == lodge);
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_28_counting_and_doubling),
        cmocka_unit_test(test_doubling_together),
        cmocka_unit_test(test_EX_29_shared_victory_and_factions),
        cmocka_unit_test(test_EX_30_elimination),
        cmocka_unit_test(test_EX_36_factions_share_a_special_goal),
        cmocka_unit_test(test_INWO_9_4_6_winners_reveal_their_hands),
        cmocka_unit_test(test_EX_36a_one_faction_declares_basic),
        cmocka_unit_test(test_EX_36b_instant_attack_in_the_thwart_round),
        cmocka_unit_test(test_EX_36c_lodge_factions_never_share),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
