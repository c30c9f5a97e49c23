/* INWO's duplicates and agents: copies of a group in play or destroyed
 * (INWO-10.1), agents cards in an attack (5.13), Unique Resources, factions
 * and the Illuminati agent (10.2), through the worked examples EX-5 to
 * EX-9 and EX-27 on positions built directly. */
#include "inwo_fixture.h"

static int zone(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].zone;
}

static int holder(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].holder;
}

/* Registers card's card_id as destroyed (INWO-10.1.3), or ends it (RESTORE). */
static void registry(fx *f, const char *id, int destroyed)
{
    int k = fx_card(f, id), def = f->c->deck[inwo_owner(k)].def[k % INWO_DECK_CARDS];
    if (destroyed)
        f->s->destroyed[def >> 3] |= (uint8_t)(1u << (def & 7));
    else
        f->s->destroyed[def >> 3] &= (uint8_t) ~(1u << (def & 7));
}

static void at_step3(fx *f, int seat)
{
    fx_main(f, seat);
    f->s->step = f->s->point = PT_STEP3;
}

/* EX-5's position, 6 players (F plays deck D): A controls Cobalt Republic;
 * D holds his G02; A holds a second one (E's), C a fourth (F's). */
static fx ex5(int seat)
{
    fx f = fx_new("players=6 p5=deck_d");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 1, "B:G40#1", "B:I02#1", SIDE_N);
    fx_zone(&f, 3, "D:G02#1", Z_HAND);
    fx_zone(&f, 0, "E:G02#1", Z_HAND);
    fx_zone(&f, 2, "F:G02#1", Z_HAND);
    fx_main(&f, seat);
    return f;
}

/* EX-5 (a)–(d): no takeover of a copy in play; D's agents aid B's attack
 * (+10) and are discarded after it; the controller has no agents for his
 * own group; one agents card per attack. */
static void test_EX_5_duplicate_in_play(void **state)
{
    (void)state;
    fx f = ex5(3);
    f.s->step = f.s->point = PT_STEP3;
    fx_refused(&f, "takeover D:G02#1", "INWO-10.1.1", "G02 is in play or was destroyed");
    fx_free(&f);
    f = ex5(1);
    fx_ok(&f, "attack B:G40#1 kind=control target=A:G02#1");
    assert_int_equal(fx_strength(&f), -14); /* 2 − (6 + 10) */
    fx_ok(&f, "pass");                      /* C */
    char legal[512];
    fx_legal(&f, legal, sizeof legal);
    assert_non_null(strstr(legal, "agents D:G02#1"));
    fx_ok(&f, "agents D:G02#1");
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "side aid|side oppose");
    fx_ok(&f, "side aid");
    assert_int_equal(fx_strength(&f), -4);
    assert_int_equal(zone(&f, "D:G02#1"), Z_TABLE);
    fx_ok(&f, "pass"); /* E */
    fx_ok(&f, "pass"); /* F */
    fx_refused(&f, "agents E:G02#1", "INWO-10.1.2",
               "the group's own controller has no agents for it");
    fx_ok(&f, "pass"); /* A */
    fx_ok(&f, "pass"); /* B */
    fx_refused(&f, "agents F:G02#1", "INWO-5.13.1", "one agents card per attack");
    fx_pass_round(&f);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(holder(&f, "A:G02#1"), 0);
    assert_int_equal(zone(&f, "D:G02#1"), Z_DISCARD);
    assert_int_equal(holder(&f, "D:G02#1"), 3);
    fx_sane(&f);
    fx_free(&f);
}

/* EX-5 (e): D attacks with his own agents aiding and captures: his G02
 * instance takes the place of A's, which goes to A's discard pile. */
static void test_EX_5_capture_with_own_agents(void **state)
{
    (void)state;
    fx f = ex5(3);
    fx_ok(&f, "attack D:I04#1 kind=control target=A:G02#1");
    for (int i = 0; i < 5; i++)
        fx_ok(&f, "pass"); /* E, F, A, B, C */
    fx_ok(&f, "agents D:G02#1 side=aid");
    assert_int_equal(fx_strength(&f), 3); /* 9 + 10 − (6 + 10) */
    fx_dice(&f, 1, 1);
    fx_pass_round(&f);
    assert_int_equal(f.s->point, PT_RESOLVE);
    fx_ok(&f, "arrow D:I04#1/N");
    assert_int_equal(zone(&f, "D:G02#1"), Z_STRUCTURE);
    assert_int_equal(holder(&f, "D:G02#1"), 3);
    int mine = fx_card(&f, "D:G02#1");
    assert_int_equal(f.s->node[f.s->card[mine].u.p.node].card, mine);
    assert_true(f.s->card[mine].flags & INWO_F_CAPTURED);
    assert_int_equal(zone(&f, "A:G02#1"), Z_DISCARD);
    assert_int_equal(holder(&f, "A:G02#1"), 0);
    fx_sane(&f);
    fx_free(&f);
}

/* INWO-5.13.2: against an attack from hand agents only oppose: the side
 * is not asked (INWO-5.0.1), and the card counts 6 on D. */
static void test_INWO_5_13_2_agents_against_a_hand_target(void **state)
{
    (void)state;
    fx f = fx_new("players=6");
    fx_zone(&f, 1, "B:G26#1", Z_HAND);
    fx_group(&f, 1, "B:G40#1", "B:I02#1", SIDE_N);
    fx_zone(&f, 2, "F:G26#1", Z_HAND); /* F plays deck B: another Evening Gazette */
    fx_zone(&f, 2, "A:G35#1", Z_HAND); /* not a copy */
    fx_main(&f, 1);
    fx_ok(&f, "attack B:G40#1 kind=control target=B:G26#1");
    int before = fx_strength(&f);
    fx_refused(&f, "agents A:G35#1", "INWO-5.13.1", "play a copy of the target from your hand");
    char canon[128];
    tt_error err;
    assert_int_equal(tt_apply_text_canon(f.g, (tt_state *)f.s, "agents F:G26#1", canon,
                                         sizeof canon, NULL, &err),
                     TT_OK);
    assert_string_equal(canon, "agents F:G26#1");
    assert_int_equal(f.s->item[1].kind, H_AGENTS);
    assert_int_equal(f.s->item[1].arg, 1); /* oppose */
    assert_int_equal(fx_strength(&f), before - 6);
    fx_free(&f);
}

/* EX-6 input 1: a destroyed group's copies may not enter play, by takeover
 * or attack from hand; once RESTORE ends the registration, they may. */
static void test_EX_6_duplicate_of_a_destroyed_group(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_zone(&f, 1, "D:G11#1", Z_DESTROYED);
    registry(&f, "D:G11#1", 1);
    fx_zone(&f, 0, "A:G11#1", Z_HAND);
    at_step3(&f, 0);
    fx_refused(&f, "takeover A:G11#1", "INWO-10.1.1", "G11 is in play or was destroyed");
    f.s->step = f.s->point = PT_MAIN;
    fx_refused(&f, "attack A:I01#1 kind=control target=A:G11#1", "INWO-10.1.1",
               "G11 is in play or was destroyed");
    registry(&f, "D:G11#1", 0);
    f.s->step = f.s->point = PT_STEP3;
    fx_ok(&f, "takeover A:G11#1 arrow=A:I01#1/N");
    assert_int_equal(zone(&f, "A:G11#1"), Z_STRUCTURE);
    fx_free(&f);
}

/* EX-7: a copy that failed to be taken from hand twice is discarded at
 * step 6 without ever having been in play: another copy may be played. */
static void test_EX_7_discarded_never_in_play(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 2, "C:G21#1", "C:I03#1", SIDE_N);
    fx_group(&f, 2, "C:G16#1", "C:I03#1", SIDE_E);
    fx_zone(&f, 2, "C:G20#1", Z_HAND);
    fx_main(&f, 2);
    fx_ok(&f, "attack C:G21#1 kind=control target=C:G20#1");
    assert_int_equal(fx_strength(&f), 1); /* 5 − 4: no roll */
    fx_pass_round(&f);
    assert_int_equal(zone(&f, "C:G20#1"), Z_PENDING);
    fx_ok(&f, "attack C:G16#1 kind=control target=C:G20#1");
    fx_pass_round(&f);
    fx_ok(&f, "end_main");
    fx_pass_round(&f);
    assert_int_equal(f.s->point, PT_STEP6);
    assert_int_equal(zone(&f, "C:G20#1"), Z_DISCARD);
    assert_int_equal(holder(&f, "C:G20#1"), 2);
    assert_true(inwo_copy_free(f.c, f.s, fx_card(&f, "D:G20#1")));
    fx_free(&f);
}

/* EX-8: Coupon Clippers may be played beside a copy in play, and a
 * destroyed copy blocks nothing. */
static void test_EX_8_multiple_copies(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_zone(&f, 0, "A:G29#1", Z_HAND);
    fx_zone(&f, 0, "A:G29#2", Z_HAND);
    fx_zone(&f, 1, "B:G29#1", Z_HAND);
    at_step3(&f, 0);
    fx_ok(&f, "takeover A:G29#1 arrow=A:I01#1/N");
    assert_int_equal(f.s->point, PT_MAIN);
    fx_ok(&f, "attack A:I01#1 kind=control target=A:G29#2 privilege=none");
    assert_int_equal(zone(&f, "A:G29#2"), Z_PENDING);
    registry(&f, "A:G29#1", 1);
    assert_true(inwo_copy_free(f.c, f.s, fx_card(&f, "B:G29#1")));
    fx_free(&f);
}

/* EX-9: a Unique Resource in play, or destroyed, blocks every copy; a
 * non-Unique one does not. */
static void test_EX_9_unique_resource(void **state)
{
    (void)state;
    fx f = fx_new("players=6");
    fx_link(&f, "B:R01#1", "B:I02#1", LK_RESOURCE, 0);
    fx_zone(&f, 2, "F:R01#1", Z_HAND);
    at_step3(&f, 2);
    fx_refused(&f, "takeover F:R01#1", "INWO-10.1.6", "R01 is in play or was destroyed");
    inwo_link_remove(f.s, inwo_link_of(f.s, fx_card(&f, "B:R01#1")));
    fx_zone(&f, 1, "B:R01#1", Z_DISCARD);
    registry(&f, "B:R01#1", 1); /* Sabotage destroyed it (INWO-5.13.5) */
    fx_refused(&f, "takeover F:R01#1", "INWO-10.1.6", "R01 is in play or was destroyed");
    fx_link(&f, "A:R04#1", "A:I01#1", LK_RESOURCE, 0); /* Black Budget is not Unique */
    assert_true(inwo_copy_free(f.c, f.s, fx_card(&f, "E:R04#1")));
    fx_free(&f);
}

/* EX-27's table, 5 players: A and C play The Obsidian Lodge, D The Hollow
 * Crown with an extra Lodge card; E plays deck D (another extra Lodge). */
static fx ex27(void)
{
    fx f = fx_new("players=5 p2=deck_a p4=deck_d");
    fx_group(&f, 0, "A:G24#1", "A:I01#1", SIDE_N);
    fx_group(&f, 2, "C:G24#1", "C:I01#1", SIDE_N);
    fx_group(&f, 3, "D:G41#1", "D:I04#1", SIDE_N);
    fx_zone(&f, 3, "D:I01#1", Z_HAND);
    return f;
}

/* EX-27: D puts the Lodge card into his agents area, paying the top card of
 * each deck; a second Lodge agent is refused. */
static void test_EX_27_illuminati_agent(void **state)
{
    (void)state;
    fx f = ex27();
    fx_main(&f, 3);
    int n, plot_top = inwo_pile(f.s, 3, Z_PLOT_DECK, &n)[n - 1];
    int group_top = inwo_pile(f.s, 3, Z_GROUP_DECK, &n)[n - 1];
    int plots = f.s->npile[3][Z_PLOT_DECK], groups = f.s->npile[3][Z_GROUP_DECK];
    fx_ok(&f, "agent D:I01#1");
    assert_int_equal(f.s->npile[3][Z_PLOT_DECK], plots - 1);
    assert_int_equal(f.s->npile[3][Z_GROUP_DECK], groups - 1);
    assert_int_equal(f.s->card[plot_top].zone, Z_DISCARD);
    assert_int_equal(f.s->card[group_top].zone, Z_DISCARD);
    assert_int_equal(zone(&f, "D:I01#1"), Z_TABLE);
    fx_pass_round(&f);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(zone(&f, "D:I01#1"), Z_AGENTS);
    assert_int_equal(holder(&f, "D:I01#1"), 3);
    fx_zone(&f, 3, "E:I01#1", Z_HAND);
    fx_refused(&f, "agent E:I01#1", "INWO-10.2.6", "you have an agent of I01 already");
    fx_sane(&f);
    fx_free(&f);
    /* had no rival played the Lodge, the card could not be played at all */
    f = fx_new("players=4 p0=deck_b");
    fx_zone(&f, 3, "D:I01#1", Z_HAND);
    fx_main(&f, 3);
    fx_refused(&f, "agent D:I01#1", "INWO-10.2.6", "no rival plays I01");
    fx_free(&f);
}

/* INWO-10.2.6: an Illuminati agent is a play, canceled like a Plot: a
 * cancel of group actions cannot name it, a cancel of Plots can; the
 * canceled agent goes to its owner's discard pile and the two cards that
 * paid for it stay discarded (INWO-10.3.1). */
static void test_INWO_10_2_6_agent_canceled_like_a_plot(void **state)
{
    (void)state;
    fx f = ex27();
    fx_zone(&f, 0, "A:PL16#1", Z_HAND); /* Deniable Denial: actions */
    fx_zone(&f, 0, "A:PL17#1", Z_HAND); /* Red Tape: Plots and abilities */
    fx_main(&f, 3);
    int n, plot_top = inwo_pile(f.s, 3, Z_PLOT_DECK, &n)[n - 1];
    fx_ok(&f, "agent D:I01#1");
    fx_ok(&f, "pass"); /* E */
    fx_refused(&f, "play A:PL16#1", "INWO-10.3", "no pending item of a kind this card cancels");
    fx_ok(&f, "play A:PL17#1"); /* its one target, i1, is not asked */
    fx_pass_round(&f);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(zone(&f, "D:I01#1"), Z_DISCARD);
    assert_int_equal(holder(&f, "D:I01#1"), 3);
    assert_int_equal(zone(&f, "A:PL17#1"), Z_DISCARD);
    assert_int_equal(f.s->card[plot_top].zone, Z_DISCARD);
    assert_int_equal(f.s->nitems, 0);
    fx_free(&f);
}

/* EX-27: the agent's +3 on D's attacks on Lodge groups and on the defense
 * of D's groups against Lodge groups; +5 between the two Lodge factions. */
static void test_EX_27_bonuses(void **state)
{
    (void)state;
    fx f = ex27();
    fx_zone(&f, 3, "D:I01#1", Z_AGENTS);
    fx_main(&f, 3);
    fx_ok(&f, "attack D:G41#1 kind=destroy target=A:G24#1");
    int with = fx_strength(&f);
    fx_zone(&f, 3, "D:I01#1", Z_HAND);
    assert_int_equal(with, fx_strength(&f) + 3);
    fx_free(&f);
    f = ex27();
    fx_zone(&f, 3, "D:I01#1", Z_AGENTS);
    fx_main(&f, 0);
    fx_ok(&f, "attack A:G24#1 kind=destroy target=D:G41#1 privilege=none");
    with = fx_strength(&f);
    fx_zone(&f, 3, "D:I01#1", Z_HAND);
    assert_int_equal(with, fx_strength(&f) - 3);
    fx_free(&f);
    f = ex27();
    fx_main(&f, 0);
    fx_ok(&f, "attack A:I01#1 kind=control target=C:G24#1 privilege=none");
    assert_int_equal(fx_strength(&f), 2); /* 10 + 5 − (3 + 10) */
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_5_duplicate_in_play),
        cmocka_unit_test(test_EX_5_capture_with_own_agents),
        cmocka_unit_test(test_INWO_5_13_2_agents_against_a_hand_target),
        cmocka_unit_test(test_EX_6_duplicate_of_a_destroyed_group),
        cmocka_unit_test(test_EX_7_discarded_never_in_play),
        cmocka_unit_test(test_EX_8_multiple_copies),
        cmocka_unit_test(test_EX_9_unique_resource),
        cmocka_unit_test(test_EX_27_illuminati_agent),
        cmocka_unit_test(test_EX_27_bonuses),
        cmocka_unit_test(test_INWO_10_2_6_agent_canceled_like_a_plot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
