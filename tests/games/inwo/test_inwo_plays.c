/* INWO plays and abilities as root items (INWO-5.0.5, 5.0.6, 5.8, 10.3):
 * the declaration `play`/`use`, its questions and costs, the item's round
 * and resolution, cancels of root items with what their costs leave
 * (worked examples EX-10, EX-11, EX-12, EX-14) and the one-shot ops. */
#include "inwo_fixture.h"

static int tokens(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].u.p.tokens;
}

static int zone(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].zone;
}

static int exposed(const fx *f, const char *id)
{
    return (f->s->card[fx_card(f, id)].flags & INWO_F_EXPOSED) != 0;
}

/* A Resource beside seat's structure, linked to group `to`, with tokens. */
static void resource(fx *f, const char *id, const char *to, int ntokens)
{
    fx_link(f, id, to, LK_RESOURCE, 0);
    f->s->card[fx_card(f, id)].u.p.tokens = (uint8_t)ntokens;
}

/* --- EX-14: the target's alignment reversed mid-attack ------------------------------------ */

/* 3 players. A: Bureau of Standards (G17) on the Lodge, Slush Money in
 * hand. C: Central Clearing Bank (d1) → Consolidated Widgets (d2) →
 * Alumni Network (G42, d3); Signal Jammer (B:R02#1) on the Concord with a
 * token. */
static fx ex14(void)
{
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G17#1", "A:I01#1", SIDE_N);
    fx_group(&f, 2, "C:G34#1", "C:I03#1", SIDE_N);
    fx_group(&f, 2, "C:G21#1", "C:G34#1", SIDE_N);
    fx_group(&f, 2, "C:G42#1", "C:G21#1", SIDE_N);
    resource(&f, "B:R02#1", "C:I03#1", 1);
    fx_zone(&f, 0, "A:PL03#1", Z_HAND); /* Slush Money */
    fx_main(&f, 0);
    fx_sane(&f);
    return f;
}

/* EX-14: S = 14 − 8 + 0 = 6 with Slush Money; C uses Signal Jammer on G42
 * reversing STR (a one-turn record add WEIRD); it resolves in its own
 * round, the attack stays legal with M = −8, S = −2, and fails with no
 * roll. The Jammer's token paid (an item of its own, i4). */
static void test_EX_14_target_reversed_mid_attack(void **state)
{
    (void)state;
    fx f = ex14();
    fx_ok(&f, "attack A:G17#1 kind=control target=C:G42#1");
    fx_passes(&f, 2); /* B, C */
    fx_ok(&f, "play A:PL03#1 target=A:G17#1 for=action");
    assert_int_equal(fx_strength(&f), 6);
    fx_ok(&f, "pass"); /* B */
    char legal[1024];
    fx_legal(&f, legal, sizeof legal);
    assert_non_null(strstr(legal, "|use B:R02#1|"));
    fx_ok(&f, "use B:R02#1");
    fx_refused(&f, "target A:I01#1", "INWO-2.10.1", "I01 does not fit the card's target");
    fx_ok(&f, "target C:G42#1");
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "choose CORP|choose STR");
    fx_ok(&f, "choose STR");
    assert_int_equal(f.s->nrounds, 2);
    assert_int_equal(f.s->item[2].kind, H_USE);
    assert_int_equal(f.s->item[2].num, 3);
    assert_int_equal(f.s->item[3].kind, H_PAY);
    assert_int_equal(f.s->item[3].num, 4);
    assert_int_equal(tokens(&f, "B:R02#1"), 0);
    assert_int_equal(fx_align(&f, "C:G42#1"), AL(STR) | AL(CORP)); /* not before it resolves */
    fx_passes(&f, 3);                                             /* A, B, C */
    assert_int_equal(f.s->nrounds, 1);
    assert_int_equal(fx_align(&f, "C:G42#1"), AL(CORP) | AL(WEIRD));
    assert_int_equal(f.s->nrecords, 1);
    assert_int_equal(INWO_REC_TURN(f.s->record[0]), 1);
    assert_int_equal(INWO_REC_PLOT(f.s->record[0]), 0);
    assert_int_equal(fx_strength(&f), -2);
    assert_int_equal(f.s->to_move, 0); /* polling restarts after C */
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->roll, 0);
    assert_int_equal(f.s->card[fx_card(&f, "C:G42#1")].holder, 2);
    assert_int_equal(zone(&f, "A:PL03#1"), Z_DISCARD);
    assert_int_equal(f.s->pl[0].attacks[ATK_CONTROL][1], 0);
    fx_free(&f);
}

/* --- EX-11: a Plot made illegal versus a Plot canceled ------------------------------------- */

/* 3 players. A: Iron Legion Veterans (C:G20#1) on the Lodge, Shock Troops
 * in hand. C: Central Clearing Bank → Free Clinics Network → Union of
 * Dockworkers (B:G32#1, d3), Red Tape in hand. B holds Kind Words. */
static fx ex11(void)
{
    fx f = fx_new("players=3");
    fx_group(&f, 0, "C:G20#1", "A:I01#1", SIDE_N);
    fx_group(&f, 2, "C:G34#1", "C:I03#1", SIDE_N);
    fx_group(&f, 2, "C:G43#1", "C:G34#1", SIDE_N);
    fx_group(&f, 2, "B:G32#1", "C:G43#1", SIDE_N);
    fx_zone(&f, 0, "A:PL01#1", Z_HAND); /* Shock Troops */
    fx_zone(&f, 1, "B:PL12#1", Z_HAND); /* Kind Words */
    fx_zone(&f, 2, "C:PL17#1", Z_HAND); /* Red Tape */
    fx_main(&f, 0);
    fx_sane(&f);
    return f;
}

static void ex11_input(fx *f)
{
    fx_ok(f, "attack C:G20#1 kind=control target=B:G32#1");
    fx_passes(f, 2);
    fx_ok(f, "play A:PL01#1 target=C:G20#1 for=action");
    assert_int_equal(fx_strength(f), 4 + 10 - 7 + 0); /* M: Ident VIOL, Opp CONS–LIB */
}

/* EX-11: Kind Words resolves (G20 {CONS, PEACE}); Shock Troops' filter
 * fails, so it returns to A's hand exposed at once and may be played again;
 * the attack goes on, S = 4 − 7 − 8 = −11, and fails with no roll. */
static void test_EX_11_plot_made_illegal(void **state)
{
    (void)state;
    fx f = ex11();
    ex11_input(&f);
    fx_ok(&f, "play B:PL12#1 target=C:G20#1");
    assert_int_equal(zone(&f, "B:PL12#1"), Z_TABLE);
    fx_passes(&f, 3); /* C, A, B: Kind Words resolves */
    assert_int_equal(fx_align(&f, "C:G20#1"), AL(CONS) | AL(PEACE));
    assert_int_equal(zone(&f, "B:PL12#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "A:PL01#1"), Z_HAND);
    assert_true(exposed(&f, "A:PL01#1"));
    assert_int_equal(fx_strength(&f), -11);
    assert_int_equal(f.s->to_move, 2); /* the round goes on after B */
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->roll, 0);
    assert_int_equal(zone(&f, "A:PL01#1"), Z_HAND);
    fx_free(&f);
}

/* EX-11 variant: C cancels Shock Troops with Red Tape instead; at the close
 * the cancel stands and Shock Troops is discarded. */
static void test_EX_11_plot_canceled(void **state)
{
    (void)state;
    fx f = ex11();
    ex11_input(&f);
    fx_ok(&f, "pass"); /* B */
    fx_ok(&f, "play C:PL17#1 target=i2");
    fx_passes(&f, 3);
    assert_int_equal(zone(&f, "A:PL01#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "C:PL17#1"), Z_DISCARD);
    assert_false(exposed(&f, "A:PL01#1"));
    fx_free(&f);
}

/* --- EX-12: the attacking action made illegal by immunity ---------------------------------- */

/* 4 players. D: General Thorn (D:G11#1, d1) → Bishop Calloway (G14, d2)
 * with Quiet Room linked. A: Free Clinics Network (C:G43#1), Prayer Vigil
 * in hand. B: Moonlit Poets Society, Benefit Gala in hand. C: Signal
 * Jammer on the Concord with a token. */
static fx ex12(void)
{
    fx f = fx_new("players=4");
    fx_group(&f, 3, "D:G11#1", "D:I04#1", SIDE_N);
    fx_group(&f, 3, "D:G14#1", "D:G11#1", SIDE_N);
    resource(&f, "D:R07#1", "D:G14#1", 0);
    fx_group(&f, 0, "C:G43#1", "A:I01#1", SIDE_N);
    fx_group(&f, 1, "B:G19#1", "B:I02#1", SIDE_N);
    resource(&f, "B:R02#1", "C:I03#1", 1);
    fx_zone(&f, 0, "D:PL04#1", Z_HAND); /* Prayer Vigil */
    fx_zone(&f, 1, "B:PL02#1", Z_HAND); /* Benefit Gala */
    fx_main(&f, 0);
    fx_sane(&f);
    return f;
}

/* EX-12: Signal Jammer reverses G43's PEACE (add VIOL); G14 is immune to
 * Violent groups, so the attacking action is illegal and the attack void
 * when its round closes: Prayer Vigil discarded, G43's token spent, G19's
 * token back, Benefit Gala back in B's hand exposed, no roll. */
static void test_EX_12_attack_made_illegal_by_immunity(void **state)
{
    (void)state;
    fx f = ex12();
    fx_ok(&f, "attack C:G43#1 kind=destroy target=D:G14#1");
    fx_ok(&f, "aid B:G19#1"); /* B: LIB is opposite to CONS */
    fx_passes(&f, 2);         /* C, D */
    fx_ok(&f, "play D:PL04#1 target=C:G43#1 for=action");
    fx_ok(&f, "play B:PL02#1 target=B:G19#1 for=action");
    fx_ok(&f, "use B:R02#1 target=C:G43#1 choose=PEACE");
    fx_passes(&f, 4); /* D, A, B, C: the Jammer's round */
    assert_int_equal(fx_align(&f, "C:G43#1"), AL(LIB) | AL(VIOL));
    assert_int_equal(zone(&f, "D:PL04#1"), Z_TABLE); /* the void attack keeps it until it closes */
    fx_passes(&f, 4);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->roll, 0);
    assert_int_equal(zone(&f, "D:PL04#1"), Z_DISCARD);
    assert_int_equal(tokens(&f, "C:G43#1"), 0);
    assert_int_equal(tokens(&f, "B:G19#1"), 1);
    assert_int_equal(zone(&f, "B:PL02#1"), Z_HAND);
    assert_true(exposed(&f, "B:PL02#1"));
    assert_int_equal(zone(&f, "D:G14#1"), Z_STRUCTURE);
    fx_free(&f);
}

/* --- EX-10: a canceled paying action; substitution ----------------------------------------- */

/* 4 players, D's Main Phase. D: Mercenary Guild (N of the Crown), Baron
 * Voss (N of the Guild), Night Market Syndicate (E of the Guild); Sabotage
 * in hand. C: Field Office linked to Consolidated Widgets. A: Deniable
 * Denial. */
static fx ex10(void)
{
    fx f = fx_new("players=4");
    fx_group(&f, 3, "D:G41#1", "D:I04#1", SIDE_N);
    fx_group(&f, 3, "D:G15#1", "D:G41#1", SIDE_N);
    fx_group(&f, 3, "D:G18#1", "D:G41#1", SIDE_E);
    fx_group(&f, 2, "C:G21#1", "C:I03#1", SIDE_N);
    resource(&f, "C:R03#1", "C:G21#1", 0);
    fx_zone(&f, 3, "D:PL47#1", Z_HAND); /* Sabotage */
    fx_zone(&f, 0, "A:PL16#1", Z_HAND); /* Deniable Denial */
    fx_main(&f, 3);
    fx_sane(&f);
    return f;
}

/* D plays Sabotage paying G41 and G15 (items i2, i3); A cancels G15's
 * action; all pass. A Plot with one target left asks none (INWO-5.0.1). */
static void ex10_input(fx *f)
{
    fx_ok(f, "play D:PL47#1"); /* the one Resource in play: the target is not asked */
    char legal[512];
    fx_legal(f, legal, sizeof legal);
    assert_string_equal(legal, f->s->card[fx_card(f, "D:G18#1")].u.p.tokens
                                   ? "pay D:G41#1|pay D:G15#1|pay D:G18#1"
                                   : "pay D:G41#1|pay D:G15#1");
    fx_ok(f, "pay D:G41#1");
    if (f->s->decl.head) { /* else G15 was the one payer left: not asked */
        fx_refused(f, "pay D:G41#1", "INWO-2.10.3", "pay with another fitting group of yours");
        fx_ok(f, "pay D:G15#1");
    }
    assert_int_equal(f->s->nitems, 3);
    assert_int_equal(f->s->item[2].num, 3);
    assert_int_equal(tokens(f, "D:G15#1"), 0);
    fx_ok(f, "play A:PL16#1 target=i3");
    fx_passes(f, 4); /* B, C, D, A */
}

/* EX-10: D substitutes Night Market Syndicate; Sabotage destroys Field
 * Office (to C's discard pile); G15's token stays spent; Deniable Denial
 * and Sabotage are discarded. */
static void test_EX_10_substitution(void **state)
{
    (void)state;
    fx f = ex10();
    ex10_input(&f);
    assert_int_equal(f.s->point, PT_RESOLVE);
    assert_int_equal(f.s->to_move, 3);
    char legal[512];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "substitute D:G18#1|forfeit");
    fx_refused(&f, "substitute D:G41#1", "INWO-2.10.3", "each group pays one entry");
    fx_ok(&f, "substitute D:G18#1");
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(zone(&f, "C:R03#1"), Z_DISCARD);
    assert_int_equal(f.s->card[fx_card(&f, "C:R03#1")].holder, 2);
    assert_int_equal(f.s->nlinks, 0);
    assert_int_equal(tokens(&f, "D:G41#1"), 0);
    assert_int_equal(tokens(&f, "D:G15#1"), 0);
    assert_int_equal(tokens(&f, "D:G18#1"), 0);
    assert_int_equal(zone(&f, "D:PL47#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "A:PL16#1"), Z_DISCARD);
    fx_free(&f);
}

/* EX-10 variant: D forfeits; Sabotage fails and is discarded, G41's and
 * G15's tokens are lost, Field Office stays. */
static void test_EX_10_forfeit(void **state)
{
    (void)state;
    fx f = ex10();
    ex10_input(&f);
    fx_ok(&f, "forfeit");
    assert_int_equal(zone(&f, "C:R03#1"), Z_RESOURCE);
    assert_int_equal(zone(&f, "D:PL47#1"), Z_DISCARD);
    assert_int_equal(tokens(&f, "D:G41#1"), 0);
    assert_int_equal(tokens(&f, "D:G18#1"), 1);
    fx_free(&f);
}

/* EX-10 variant: with no other Violent or Criminal group holding a token,
 * nothing is asked and Sabotage fails. */
static void test_EX_10_no_substitute(void **state)
{
    (void)state;
    fx f = ex10();
    f.s->card[fx_card(&f, "D:G18#1")].u.p.tokens = 0;
    ex10_input(&f);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(zone(&f, "C:R03#1"), Z_RESOURCE);
    assert_int_equal(zone(&f, "D:PL47#1"), Z_DISCARD);
    fx_free(&f);
}

/* EX-10, last sentence: with a one-action cost (Subpoena) a canceled paying
 * action makes the Plot fail: no paralysis, Subpoena discarded. */
static void test_EX_10_one_action_cost(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G17#1", "A:I01#1", SIDE_N); /* GOV */
    fx_group(&f, 1, "B:G19#1", "B:I02#1", SIDE_N);
    fx_zone(&f, 0, "A:PL22#1", Z_HAND);
    fx_zone(&f, 1, "A:PL16#1", Z_HAND);
    fx_main(&f, 0);
    fx_ok(&f, "play A:PL22#1 target=B:G19#1");
    assert_int_equal(tokens(&f, "A:G17#1"), 0); /* the only payer: not asked */
    fx_ok(&f, "play A:PL16#1 target=i2");
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_false(inwo_paralyzed(f.s, fx_card(&f, "B:G19#1")));
    assert_int_equal(zone(&f, "A:PL22#1"), Z_DISCARD);
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_14_target_reversed_mid_attack),
        cmocka_unit_test(test_EX_11_plot_made_illegal),
        cmocka_unit_test(test_EX_11_plot_canceled),
        cmocka_unit_test(test_EX_12_attack_made_illegal_by_immunity),
        cmocka_unit_test(test_EX_10_substitution),
        cmocka_unit_test(test_EX_10_forfeit),
        cmocka_unit_test(test_EX_10_no_substitute),
        cmocka_unit_test(test_EX_10_one_action_cost),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
