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
    fx_ok(&f, "attack A:G17#1 kind=control target=C:G42#1 privilege=none");
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
    fx_passes(&f, 3);                                              /* A, B, C */
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
    fx_ok(f, "attack C:G20#1 kind=control target=B:G32#1 privilege=none");
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
    fx_ok(&f, "attack C:G43#1 kind=destroy target=D:G14#1 privilege=none");
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

/* --- the one-shot ops (INWO-2.10.7) ------------------------------------------------------- */

/* EX-1: B plays Mood Swing on Free Clinics Network choosing PEACE: a
 * one-turn record add VIOL; Peace Medal's link is temporarily illegal
 * (Power 2) and works again once the record expires (Power 6). */
static void test_EX_1_mood_swing(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 2, "C:G43#1", "C:I03#1", SIDE_N);
    fx_link(&f, "C:PL08#1", "C:G43#1", LK_PLOT, 1);
    fx_zone(&f, 1, "B:PL11#1", Z_HAND);
    fx_main(&f, 1);
    assert_int_equal(fx_value(&f, "C:G43#1", STAT_POWER, CX_BASE), 6);
    fx_ok(&f, "play B:PL11#1 target=C:G43#1 choose=PEACE");
    fx_passes(&f, 3); /* C, A, B */
    assert_int_equal(fx_align(&f, "C:G43#1"), AL(LIB) | AL(VIOL));
    assert_int_equal(f.s->link[0].what >> 4, LS_INACTIVE_TEMPORARY);
    assert_int_equal(fx_value(&f, "C:G43#1", STAT_POWER, CX_BASE), 2);
    assert_int_equal(zone(&f, "B:PL11#1"), Z_DISCARD);
    inwo_records_expire(f.s); /* cleanup (INWO-4.5.1 (1)) */
    inwo_links_update(f.c, f.s);
    assert_int_equal(fx_value(&f, "C:G43#1", STAT_POWER, CX_BASE), 6);
    fx_free(&f);
}

/* EX-18: B plays Rally Round on League of Quiet Gardeners during A's attack
 * to destroy it (a nested root); B defends: D = 20 + 10 + 26 = 56, S = −46.
 * Rally Round stays on the table until the turn ends (INWO-5.7.1). */
static void test_EX_18_rally_round(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 1, "A:G28#1", "B:I02#1", SIDE_N);
    fx_link(&f, "A:PL07#1", "A:G28#1", LK_PLOT, 1);
    fx_link(&f, "B:R01#1", "A:G28#1", LK_RESOURCE, 0);
    f.s->nwo[COL_RED - 1] = (uint16_t)fx_zone(&f, 3, "D:PL25#1", Z_NWO);
    fx_group(&f, 0, "D:G41#1", "A:I01#1", SIDE_N);
    fx_zone(&f, 1, "A:PL14#1", Z_HAND);
    fx_main(&f, 0);
    fx_ok(&f, "attack D:G41#1 kind=destroy target=A:G28#1 privilege=none");
    fx_ok(&f, "play A:PL14#1"); /* B: his one group, not asked */
    fx_passes(&f, 4);           /* C, D, A, B */
    assert_int_equal(f.s->ntemps, 1);
    assert_int_equal(zone(&f, "A:PL14#1"), Z_TABLE);
    fx_passes(&f, 3); /* C, D, A */
    fx_ok(&f, "defend");
    assert_int_equal(fx_strength(&f), -46);
    assert_int_equal(fx_value(&f, "A:G28#1", STAT_POWER, CX_GOAL), 14);
    fx_passes(&f, 4);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(zone(&f, "A:G28#1"), Z_STRUCTURE);
    assert_int_equal(zone(&f, "A:PL14#1"), Z_TABLE);
    inwo_boosts_expire(f.s); /* cleanup discards it */
    assert_int_equal(zone(&f, "A:PL14#1"), Z_DISCARD);
    fx_free(&f);
}

/* INWO-5.18.3: Subpoena paralyzes Moonlit Poets until the end of B's next
 * turn: it cannot use its ability; A's own turn ending does not free it. */
static void test_INWO_5_18_3_paralyze(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G17#1", "A:I01#1", SIDE_N);
    fx_group(&f, 1, "B:G19#1", "B:I02#1", SIDE_N);
    fx_zone(&f, 0, "A:PL22#1", Z_HAND);
    fx_main(&f, 0);
    fx_ok(&f, "play A:PL22#1 target=B:G19#1");
    fx_passes(&f, 3);
    int g19 = fx_card(&f, "B:G19#1");
    assert_true(inwo_paralyzed(f.s, g19));
    assert_int_equal(f.s->card[g19].u.p.para_seat, 1);
    fx_ok(&f, "end_main"); /* B is polled in the last call */
    fx_refused(&f, "use B:G19#1", "INWO-5.18.3", "G19 cannot use abilities now");
    inwo_paralysis_turn(f.s, 0, 1); /* A's turn ends: not B's */
    assert_true(inwo_paralyzed(f.s, g19));
    inwo_paralysis_turn(f.s, 1, 0); /* B's turn begins */
    inwo_paralysis_turn(f.s, 1, 1); /* and ends */
    assert_false(inwo_paralyzed(f.s, g19));
    /* paralyzed during B's own turn: that turn began before, it lasts one more */
    f.s->card[g19].flags |= INWO_F_PARALYZED;
    inwo_paralysis_turn(f.s, 1, 1);
    assert_true(inwo_paralyzed(f.s, g19));
    fx_free(&f);
}

/* INWO-5.18.2: Blackout as a freeze stops Computer groups acting for the
 * turn; as a cancel it cancels one pending action of a Computer group. */
static void test_INWO_5_18_2_freeze(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 0, "C:G23#1", "A:I01#1", SIDE_N); /* Helix Laboratories: Computer */
    fx_group(&f, 0, "A:G17#1", "A:I01#1", SIDE_E);
    fx_group(&f, 2, "C:G21#1", "C:I03#1", SIDE_N);
    fx_zone(&f, 1, "B:PL21#1", Z_HAND);
    fx_zone(&f, 2, "C:PL21#1", Z_HAND);
    fx_main(&f, 0);
    fx_ok(&f, "attack A:G17#1 kind=control target=C:G21#1 privilege=none");
    fx_ok(&f, "pass");        /* B */
    fx_ok(&f, "pass");        /* C */
    fx_ok(&f, "aid C:G23#1"); /* i2: CORP shared with the target */
    fx_ok(&f, "play B:PL21#1");
    char legal[256];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "mode freeze|mode cancel");
    fx_ok(&f, "mode cancel"); /* the one Computer action, i2: not asked */
    assert_int_equal(f.s->item[2].kind, INWO_K_CANCEL);
    assert_int_equal(f.s->item[2].target, 1);
    fx_ok(&f, "play C:PL21#1 mode=freeze"); /* a nested root */
    fx_passes(&f, 3);
    assert_int_equal(f.s->frozen, 1u << inwo_def_of(f.c, fx_card(&f, "C:PL21#1"))->ability[0].attr);
    assert_true(inwo_frozen(f.c, f.s, fx_card(&f, "C:G23#1")));
    assert_false(inwo_frozen(f.c, f.s, fx_card(&f, "A:G17#1")));
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(tokens(&f, "C:G23#1"), 0); /* canceled: spent, counted nothing */
    assert_int_equal(zone(&f, "B:PL21#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "C:PL21#1"), Z_DISCARD);
    f.s->card[fx_card(&f, "C:G23#1")].u.p.tokens = 1;
    fx_refused(&f, "attack C:G23#1", "INWO-5.18.2", "G23 is frozen this turn");
    fx_free(&f);
}

/* GIVE_TOKEN, DRAW: Second Wind gives Bureau of Standards a token (the
 * Illuminati pays, i2); Windfall draws two Plots. */
static void test_INWO_2_10_7_give_token_and_draw(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G17#1", "A:I01#1", SIDE_N);
    f.s->card[fx_card(&f, "A:G17#1")].u.p.tokens = 0;
    fx_zone(&f, 0, "A:PL40#1", Z_HAND);
    fx_zone(&f, 0, "A:PL39#1", Z_HAND);
    fx_main(&f, 0);
    f.s->card[fx_card(&f, "A:I01#1")].u.p.tokens = 2;
    fx_ok(&f, "play A:PL40#1");
    assert_int_equal(f.s->item[1].kind, H_PAY);
    assert_int_equal(f.s->item[1].card, fx_card(&f, "A:I01#1"));
    fx_passes(&f, 3);
    assert_int_equal(tokens(&f, "A:G17#1"), 1);
    int deck = f.s->npile[0][Z_PLOT_DECK], hand = f.s->npile[0][Z_HAND];
    fx_ok(&f, "play A:PL39#1");
    fx_passes(&f, 3);
    assert_int_equal(f.s->npile[0][Z_PLOT_DECK], deck - 2);
    assert_int_equal(f.s->npile[0][Z_HAND], hand + 1);
    assert_int_equal(tokens(&f, "A:I01#1"), 0);
    fx_refused(&f, "play A:PL40#1", "INWO-5.7.1", "play a Plot of your hand");
    fx_free(&f);
}

/* EXPOSE (Evening Gazette's ability) shows one of C's two hidden Plots,
 * chosen by the engine; Burglary then steals it, still exposed. */
static void test_INWO_2_10_7_expose_and_steal(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 1, "B:G26#1", "B:I02#1", SIDE_N);
    fx_zone(&f, 1, "B:PL42#1", Z_HAND);
    int n;
    const uint16_t *hand = inwo_pile(f.s, 2, Z_HAND, &n);
    assert_int_equal(n, 3); /* the starting Plots (INWO-3.5) */
    fx_main(&f, 1);
    fx_refused(&f, "play B:PL42#1", "INWO-5.0.6", "PL42 has no target now");
    fx_ok(&f, "use B:G26#1 target=C");
    fx_passes(&f, 3);
    int shown = -1, count = 0;
    hand = inwo_pile(f.s, 2, Z_HAND, &n);
    for (int i = 0; i < n; i++)
        if (f.s->card[hand[i]].flags & INWO_F_EXPOSED)
            shown = hand[i], count++;
    assert_int_equal(count, 1);
    assert_int_equal(f.s->card[shown].seen_by, 7);
    assert_int_equal(tokens(&f, "B:G26#1"), 0);
    f.s->card[fx_card(&f, "B:I02#1")].u.p.tokens = 1;
    fx_ok(&f, "play B:PL42#1"); /* the one rival, the one Plot: not asked */
    fx_passes(&f, 3);
    assert_int_equal(f.s->card[shown].zone, Z_HAND);
    assert_int_equal(f.s->card[shown].holder, 1);
    assert_true(f.s->card[shown].flags & INWO_F_EXPOSED);
    assert_int_equal(f.s->npile[2][Z_HAND], 2);
    fx_free(&f);
}

/* EX-9, last input: Sabotage destroys B's Sunken Codex (Unique): it goes to
 * B's discard pile and no copy may enter play again (INWO-5.13.5). */
static void test_EX_9_sabotage_unique(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 3, "D:G41#1", "D:I04#1", SIDE_N);
    fx_group(&f, 3, "D:G15#1", "D:G41#1", SIDE_N);
    fx_group(&f, 1, "B:G19#1", "B:I02#1", SIDE_N);
    resource(&f, "B:R01#1", "B:G19#1", 0);
    fx_zone(&f, 3, "D:PL47#1", Z_HAND);
    fx_main(&f, 3);
    fx_ok(&f, "play D:PL47#1 pay=D:G41#1"); /* G15, the other payer, not asked */
    fx_passes(&f, 4);
    assert_int_equal(zone(&f, "B:R01#1"), Z_DISCARD);
    assert_int_equal(f.s->card[fx_card(&f, "B:R01#1")].holder, 1);
    assert_false(inwo_copy_free(f.c, f.s, fx_card(&f, "B:R01#1")));
    fx_free(&f);
}

/* EX-6, input 2: Back from the Brink returns General Thorn from B's
 * destroyed pile to its owner D's hand; G11 is free to be played again. A
 * killed Thorn could not be targeted. */
static void test_EX_6_restore(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    int g11 = fx_zone(&f, 1, "D:G11#1", Z_DESTROYED);
    int def = f.c->deck[3].def[g11 % INWO_DECK_CARDS];
    f.s->destroyed[def >> 3] |= (uint8_t)(1u << (def & 7));
    fx_zone(&f, 0, "A:PL45#1", Z_HAND);
    fx_main(&f, 0);
    assert_false(inwo_copy_free(f.c, f.s, fx_card(&f, "A:G11#1")));
    f.s->card[g11].flags |= INWO_F_KILLED;
    fx_refused(&f, "play A:PL45#1", "INWO-5.0.6", "PL45 has no target now");
    f.s->card[g11].flags &= (uint8_t)~INWO_F_KILLED;
    fx_ok(&f, "play A:PL45#1");
    fx_passes(&f, 4);
    assert_int_equal(f.s->card[g11].zone, Z_HAND);
    assert_int_equal(f.s->card[g11].holder, 3);
    assert_int_equal(f.s->npile[1][Z_DESTROYED], 0);
    assert_true(inwo_copy_free(f.c, f.s, fx_card(&f, "A:G11#1")));
    fx_free(&f);
}

/* FREE_TAKEOVER: Grassroots Surge puts Neighborhood Watch (Power 2) from
 * A's hand on the Lodge's E arrow with no attack. */
static void test_INWO_2_10_7_free_takeover(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_zone(&f, 0, "A:G24#1", Z_HAND);
    fx_zone(&f, 0, "A:G28#1", Z_HAND);
    fx_zone(&f, 0, "A:G02#1", Z_HAND); /* Power 7: does not fit */
    fx_zone(&f, 0, "B:PL48#1", Z_HAND);
    fx_main(&f, 0);
    fx_ok(&f, "play B:PL48#1");
    fx_refused(&f, "target A:G02#1", "INWO-2.10.7", "the target is a fitting Group of your hand");
    fx_ok(&f, "target A:G24#1");
    fx_refused(&f, "arrow B:I02#1/N", "INWO-2.11.5", "choose an open arrow of your structure");
    fx_ok(&f, "arrow A:I01#1/E");
    fx_passes(&f, 3);
    int g24 = fx_card(&f, "A:G24#1");
    assert_int_equal(f.s->card[g24].zone, Z_STRUCTURE);
    assert_int_equal(f.s->node[f.s->card[g24].u.p.node].x, 1);
    assert_int_equal(f.s->node[f.s->card[g24].u.p.node].y, 0);
    fx_free(&f);
}

/* INWO-2.10.4, 4.2.2, 2.8.1, 5.17.2: refusals. */
static void test_INWO_2_10_4_timing(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G24#1", "A:I01#1", SIDE_N);
    fx_zone(&f, 1, "B:PL10#1", Z_HAND); /* Turncoat: main */
    fx_zone(&f, 0, "A:PL39#1", Z_HAND); /* Windfall: any, Illuminati token */
    fx_zone(&f, 0, "A:PL30#1", Z_HAND); /* a Goal card */
    fx_zone(&f, 0, "A:PL34#1", Z_HAND); /* an Instant Attack, with no target here */
    fx_main(&f, 0);
    fx_refused(&f, "play A:PL30#1", "INWO-2.8.1", "a Goal card is never played");
    fx_refused(&f, "play A:PL34#1", "INWO-5.17.2", "no group PL34 may target");
    char legal[1024];
    fx_legal(&f, legal, sizeof legal);
    assert_null(strstr(legal, "PL34"));
    assert_non_null(strstr(legal, "play A:PL39#1"));
    fx_ok(&f, "play A:PL39#1");
    fx_refused(&f, "play B:PL10#1", "INWO-2.10.4", "played in your Main Phase with no round open");
    fx_passes(&f, 3);
    f.s->step = f.s->point = PT_STEP1; /* Beginning of Turn (INWO-4.2.2) */
    fx_zone(&f, 0, "C:PL39#1", Z_HAND);
    f.s->card[fx_card(&f, "A:I01#1")].u.p.tokens = 1;
    fx_refused(&f, "play C:PL39#1", "INWO-4.2.2",
               "in Beginning of Turn your tokens pay only in response to a rival");
    fx_free(&f);
}

/* INWO-10.3: a cancel of a root play (Red Tape on Kind Words) and of an
 * ability (on Signal Jammer's use): neither takes effect; the Jammer's
 * token stays spent (INWO-10.3.1). */
static void test_INWO_10_3_cancel_root_plays(void **state)
{
    (void)state;
    fx f = ex14();
    fx_zone(&f, 1, "B:PL12#1", Z_HAND);
    fx_zone(&f, 0, "A:PL17#1", Z_HAND);
    fx_zone(&f, 1, "B:PL17#1", Z_HAND);
    fx_ok(&f, "end_main"); /* the last call, from B */
    fx_ok(&f, "play B:PL12#1 target=A:G17#1");
    fx_ok(&f, "pass");          /* C */
    fx_ok(&f, "play A:PL17#1"); /* the one item: not asked */
    assert_int_equal(f.s->item[1].target, 0);
    fx_passes(&f, 3);
    assert_int_equal(fx_align(&f, "A:G17#1"), AL(GOV) | AL(STR));
    assert_int_equal(zone(&f, "B:PL12#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "A:PL17#1"), Z_DISCARD);
    assert_int_equal(f.s->to_move, 2);                  /* the last call goes on after B */
    fx_ok(&f, "use B:R02#1 target=A:G17#1 choose=STR"); /* C: i3, its token i4 */
    fx_ok(&f, "pass");                                  /* A */
    fx_ok(&f, "play B:PL17#1");                         /* an ability: i3, not asked */
    assert_int_equal(f.s->item[2].kind, INWO_K_CANCEL);
    assert_int_equal(f.s->item[2].target, 0);
    fx_passes(&f, 3);
    assert_int_equal(fx_align(&f, "A:G17#1"), AL(GOV) | AL(STR));
    assert_int_equal(tokens(&f, "B:R02#1"), 0);
    assert_int_equal(f.s->nrecords, 0);
    fx_free(&f);
}

/* --- Plots that stay in play (INWO-5.18.4 – 5.18.6) ---------------------------------------- */

/* EX-32. Input 1: Velvet Glove replaces Iron Fist (both red). Input 2:
 * Static Storm on A: −1 Power in A's structure; Pamphleteers Guild drops to
 * 0 and loses its token, Coupon Clippers stays at its printed 0 with its
 * token. Input 3: A's Zap removal is canceled: the Zap stays and the
 * Lodge's token is lost. */
static void test_EX_32_nwo_zap_and_removal(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 0, "B:G25#1", "A:I01#1", SIDE_N);
    fx_group(&f, 0, "A:G29#1", "A:I01#1", SIDE_E);
    fx_group(&f, 2, "D:G41#1", "C:I03#1", SIDE_N);
    fx_group(&f, 2, "C:G43#1", "C:I03#1", SIDE_E);
    fx_zone(&f, 1, "C:PL24#1", Z_HAND); /* Iron Fist */
    fx_zone(&f, 3, "D:PL25#1", Z_HAND); /* Velvet Glove */
    fx_zone(&f, 1, "B:PL23#1", Z_HAND); /* Static Storm */
    fx_zone(&f, 2, "C:PL16#1", Z_HAND); /* Deniable Denial */
    fx_main(&f, 1);
    fx_ok(&f, "play C:PL24#1");
    fx_passes(&f, 4);
    assert_int_equal(f.s->nwo[COL_RED - 1], fx_card(&f, "C:PL24#1"));
    assert_int_equal(fx_value(&f, "D:G41#1", STAT_POWER, CX_BASE), 8);
    fx_ok(&f, "end_main");
    fx_ok(&f, "pass"); /* C */
    fx_ok(&f, "play D:PL25#1");
    fx_passes(&f, 4);
    assert_int_equal(zone(&f, "C:PL24#1"), Z_DISCARD);
    assert_int_equal(f.s->card[fx_card(&f, "C:PL24#1")].holder, 2);
    assert_int_equal(zone(&f, "D:PL25#1"), Z_NWO);
    assert_int_equal(fx_value(&f, "D:G41#1", STAT_POWER, CX_BASE), 6);
    assert_int_equal(fx_value(&f, "C:G43#1", STAT_POWER, CX_BASE), 4);
    fx_passes(&f, 4); /* the last call goes on; the Main Phase resumes */
    assert_int_equal(f.s->point, PT_MAIN);
    fx_ok(&f, "play B:PL23#1 target=A");
    fx_passes(&f, 4);
    assert_int_equal(zone(&f, "B:PL23#1"), Z_ZAP);
    assert_int_equal(f.s->card[fx_card(&f, "B:PL23#1")].holder, 0);
    assert_int_equal(fx_value(&f, "B:G25#1", STAT_POWER, CX_BASE), 0);
    assert_int_equal(tokens(&f, "B:G25#1"), 0);
    assert_int_equal(fx_value(&f, "A:G29#1", STAT_POWER, CX_BASE), 0);
    assert_int_equal(tokens(&f, "A:G29#1"), 1);
    assert_int_equal(fx_value(&f, "A:I01#1", STAT_POWER, CX_BASE), 9);
    fx_ok(&f, "end_main");
    fx_passes(&f, 2); /* C, D */
    char legal[1024];
    fx_legal(&f, legal, sizeof legal);
    assert_non_null(strstr(legal, "|zap_clear A"));
    fx_ok(&f, "zap_clear A");
    assert_int_equal(tokens(&f, "A:I01#1"), 0);
    fx_ok(&f, "pass");          /* B */
    fx_ok(&f, "play C:PL16#1"); /* the zap_clear action, the one item */
    fx_passes(&f, 4);
    assert_int_equal(zone(&f, "B:PL23#1"), Z_ZAP);
    assert_int_equal(zone(&f, "C:PL16#1"), Z_DISCARD);
    assert_int_equal(tokens(&f, "A:I01#1"), 0);
    fx_free(&f);
}

/* INWO-5.18.4, 6.4.1: a linked Plot is linked to the group it names, which
 * its link must fit; a second Sole Franchise in one structure is refused. */
static void test_INWO_5_18_4_linked_plot(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 2, "C:G21#1", "C:I03#1", SIDE_N); /* CORP, Power 5 */
    fx_group(&f, 2, "C:G43#1", "C:I03#1", SIDE_E); /* not CORP */
    fx_zone(&f, 2, "C:PL13#1", Z_HAND);
    fx_zone(&f, 2, "C:PL13#2", Z_HAND);
    fx_main(&f, 2);
    fx_ok(&f, "play C:PL13#1"); /* the one CORP group: not asked */
    fx_passes(&f, 3);
    assert_int_equal(zone(&f, "C:PL13#1"), Z_TABLE);
    assert_int_equal(f.s->nlinks, 1);
    assert_int_equal(f.s->link[0].what & 7, LK_PLOT | 4);
    assert_int_equal(fx_value(&f, "C:G21#1", STAT_POWER, CX_BASE), 9);
    fx_refused(&f, "play C:PL13#2", "INWO-5.0.6", "PL13 has no target now");
    fx_free(&f);
}

/* EX-3: Turncoat's permanent record on Skate Punks wins over Straight
 * Arrow's older one ({VIOL, WEIRD}); Repeal deletes it and Straight Arrow's
 * STR reasserts itself ({VIOL, STR}). */
static void test_EX_3_repeal_a_record(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 1, "B:G38#1", "B:I02#1", SIDE_N);
    fx_link(&f, "A:PL09#1", "B:G38#1", LK_PLOT, 1);
    fx_zone(&f, 0, "A:PL10#1", Z_HAND); /* Turncoat */
    fx_zone(&f, 1, "A:PL46#1", Z_HAND); /* Repeal */
    fx_main(&f, 0);
    assert_int_equal(fx_align(&f, "B:G38#1"), AL(VIOL) | AL(STR));
    fx_ok(&f, "play A:PL10#1"); /* the one group that is not an Illuminati */
    fx_passes(&f, 3);
    assert_int_equal(fx_align(&f, "B:G38#1"), AL(VIOL) | AL(WEIRD));
    assert_int_equal(f.s->link[0].what >> 4, LS_ACTIVE); /* overridden, still legal */
    fx_ok(&f, "end_main");
    fx_ok(&f, "play A:PL46#1");
    char legal[256];
    fx_legal(&f, legal, sizeof legal); /* the record, or Straight Arrow itself */
    assert_string_equal(legal, "target A:PL09#1|target B:G38#1");
    fx_ok(&f, "target B:G38#1"); /* its one record: not asked */
    fx_passes(&f, 3);
    assert_int_equal(f.s->nrecords, 0);
    assert_int_equal(fx_align(&f, "B:G38#1"), AL(VIOL) | AL(STR));
    assert_int_equal(zone(&f, "A:PL09#1"), Z_TABLE);
    assert_int_equal(zone(&f, "A:PL46#1"), Z_DISCARD);
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
        cmocka_unit_test(test_EX_1_mood_swing),
        cmocka_unit_test(test_EX_18_rally_round),
        cmocka_unit_test(test_INWO_5_18_3_paralyze),
        cmocka_unit_test(test_INWO_5_18_2_freeze),
        cmocka_unit_test(test_INWO_2_10_7_give_token_and_draw),
        cmocka_unit_test(test_INWO_2_10_7_expose_and_steal),
        cmocka_unit_test(test_EX_9_sabotage_unique),
        cmocka_unit_test(test_EX_6_restore),
        cmocka_unit_test(test_INWO_2_10_7_free_takeover),
        cmocka_unit_test(test_INWO_2_10_4_timing),
        cmocka_unit_test(test_INWO_10_3_cancel_root_plays),
        cmocka_unit_test(test_EX_32_nwo_zap_and_removal),
        cmocka_unit_test(test_INWO_5_18_4_linked_plot),
        cmocka_unit_test(test_EX_3_repeal_a_record),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
