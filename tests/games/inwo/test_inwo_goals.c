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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_28_counting_and_doubling),
        cmocka_unit_test(test_doubling_together),
        cmocka_unit_test(test_EX_29_shared_victory_and_factions),
        cmocka_unit_test(test_EX_30_elimination),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
