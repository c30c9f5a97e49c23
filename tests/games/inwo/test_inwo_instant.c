/* INWO Privileged attacks (INWO-5.14), after-roll Plots (5.9.9), Instant
 * Attacks, Devastation and Relief (5.17) through the worked examples EX-16,
 * EX-22, EX-24 and EX-25: the questions asked, who may play, the strength,
 * the roll and its modifications, the results, and the refusals. */
#include "inwo_fixture.h"

static int tokens(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].u.p.tokens;
}

static int zone(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].zone;
}

static int to_move(const fx *f)
{
    return tt_to_move(f->g, (const tt_state *)f->s);
}

/* The top item of kind INWO_K_INSTANT, by its strength. */
static int instant_strength(const fx *f)
{
    for (int k = f->s->nitems - 1; k >= 0; k--)
        if (f->s->item[k].kind == INWO_K_INSTANT)
            return inwo_instant_strength(f->g, f->s, k);
    fail_msg("no Instant Attack");
    return 0;
}

/* --- EX-16: after-roll Plots ------------------------------------------------------------ */

/* EX-15's position (C plays deck D): B's Riot Police Auxiliary attacks
 * General Thorn (d2 under Cobalt Republic); B holds Shock Troops and Lucky
 * Break, A holds Catastrophic Failure and Red Tape. */
static fx ex16(void)
{
    fx f = fx_ex15();
    fx_zone(&f, 1, "B:PL43#1", Z_HAND); /* Lucky Break */
    fx_zone(&f, 0, "A:PL44#1", Z_HAND); /* Catastrophic Failure */
    fx_zone(&f, 0, "A:PL17#1", Z_HAND); /* Red Tape */
    fx_ex15_aided(&f);
    fx_ok(&f, "play A:PL01#1 target=A:G37#1"); /* i3: S = 7 */
    return f;
}

/* Rolls d1 + d2 after every seat passed; the after-roll round polls C first. */
static void roll(fx *f, int d1, int d2)
{
    fx_dice(f, d1, d2);
    fx_passes(f, 3);
    assert_int_equal(f->s->roll, d1 + d2);
    assert_int_equal(f->s->point, PT_AFTER_ROLL);
    assert_int_equal(to_move(f), 2);
}

static int captured(const fx *f)
{
    return f->s->card[fx_card(f, "A:G11#1")].holder == 1;
}

/* EX-16: r = 8 > 7, Lucky Break −2 makes r′ = 6 ≤ 7: Thorn is captured. */
static void test_EX_16_lucky_break(void **state)
{
    (void)state;
    fx f = ex16();
    assert_int_equal(fx_strength(&f), 7);
    roll(&f, 5, 3);
    fx_passes(&f, 2); /* C, A */
    char legal[512], canon[128];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "pass|buy|play B:PL43#1");
    fx_ok(&f, "play B:PL43#1");
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "value -2|value -1|value 0|value 1|value 2");
    fx_refused(&f, "value -3", "INWO-2.10.7", "the value is from -2 to 2");
    fx_refused(&f, "pass", "INWO-5.0.4", "that does not answer the question asked");
    tt_error err;
    assert_int_equal(
        tt_apply_text_canon(f.g, (tt_state *)f.s, "value -2", canon, sizeof canon, NULL, &err),
        TT_OK);
    assert_string_equal(canon, "value -2");
    assert_int_equal(f.s->item[f.s->nitems - 1].num, 4); /* i4 */
    assert_int_equal(zone(&f, "B:PL43#1"), Z_TABLE);
    assert_int_equal(to_move(&f), 2); /* polling restarts from C */
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->roll_mod, -2);
    assert_true(captured(&f));
    assert_int_equal(zone(&f, "B:PL43#1"), Z_DISCARD); /* INWO-5.9.10 */
    assert_int_equal(zone(&f, "A:PL01#1"), Z_DISCARD);
    fx_free(&f);
}

/* EX-16 variants: with S = 15 (the Choir aids with Global 8) a roll of 12
 * fails (11–12 always fail); with Lucky Break −2, r′ = 10 succeeds. */
static void test_EX_16_eleven_and_twelve_fail(void **state)
{
    (void)state;
    for (int mod = 0; mod <= 1; mod++) {
        fx f = ex16();
        fx_passes(&f, 2); /* C, A */
        fx_ok(&f, "aid B:I02#1");
        assert_int_equal(fx_strength(&f), 15);
        roll(&f, 6, 6);
        fx_passes(&f, 2);
        if (mod)
            fx_ok(&f, "play B:PL43#1 value=-2");
        fx_passes(&f, mod ? 3 : 1);
        assert_int_equal(f.s->point, PT_MAIN);
        assert_int_equal(captured(&f), mod);
        fx_free(&f);
    }
}

/* EX-16: Catastrophic Failure makes the attack fail whatever the roll; a
 * second copy by the same player is refused (INWO-5.9.6 (c)). */
static void test_EX_16_catastrophic_failure(void **state)
{
    (void)state;
    fx f = ex16();
    roll(&f, 3, 3);                     /* 6 ≤ 7: it would succeed */
    fx_ok(&f, "pass");                  /* C */
    fx_ok(&f, "play A:PL44#1");         /* no question: announced at once */
    assert_int_equal(to_move(&f), 1);   /* polling restarts from B */
    fx_zone(&f, 0, "C:PL44#1", Z_HAND); /* a second copy (C plays deck D) */
    fx_passes(&f, 2);                   /* B, C */
    fx_refused(&f, "play C:PL44#1", "INWO-5.9.6", "you played PL44 in this attack already");
    fx_passes(&f, 1);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->auto_fail, 1);
    assert_false(captured(&f));
    assert_int_equal(zone(&f, "A:PL44#1"), Z_DISCARD);
    fx_free(&f);
}

/* EX-16, INWO-5.20.7: a roll of 2 modified by −2 stays 2; 12 + 2 stays 12. */
static void test_EX_16_modified_roll_clamped(void **state)
{
    (void)state;
    fx f = fx_ex15();
    f.s->roll = 2;
    f.s->roll_mod = -2;
    assert_int_equal(inwo_final_roll(f.s), 2);
    f.s->roll = 12;
    f.s->roll_mod = 2;
    assert_int_equal(inwo_final_roll(f.s), 12);
    f.s->roll_mod = -2;
    assert_int_equal(inwo_final_roll(f.s), 10);
    fx_free(&f);
}

/* INWO-5.9.9: cancels of after-roll Plots; earlier items can no longer be
 * canceled. A's Red Tape on Lucky Break: r′ = 8 > 7, the attack fails. */
static void test_INWO_5_9_9_after_roll_cancel(void **state)
{
    (void)state;
    fx f = ex16();
    roll(&f, 5, 3);
    fx_refused(&f, "play A:PL17#1", "INWO-5.7.1", "play a Plot of your hand"); /* C's turn */
    fx_passes(&f, 2);
    fx_ok(&f, "play B:PL43#1 value=-2"); /* i4 */
    fx_ok(&f, "pass");                   /* C */
    char canon[64];
    tt_error err;
    assert_int_equal(
        tt_apply_text_canon(f.g, (tt_state *)f.s, "play A:PL17#1", canon, sizeof canon, NULL, &err),
        TT_OK);
    /* i4 is the one item it may name (i1 – i3 came before the roll): not asked */
    assert_string_equal(canon, "play A:PL17#1");
    assert_int_equal(f.s->item[f.s->item[f.s->nitems - 1].target].num, 4);
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->roll_mod, 0);
    assert_false(captured(&f));
    assert_int_equal(zone(&f, "A:PL17#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "B:PL43#1"), Z_DISCARD);
    fx_free(&f);
}

/* --- EX-22: a Privileged attack ---------------------------------------------------------- */

/* A (the Lodge, Privilege once per turn; Closed Session in hand) controls
 * Cobalt Republic; B controls Union of Dockworkers; C controls
 * Consolidated Widgets and holds Leak to the Press, an NWO and Lucky Break. */
static fx ex22(void)
{
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 1, "B:G32#1", "B:I02#1", SIDE_N);
    fx_group(&f, 2, "C:G21#1", "C:I03#1", SIDE_N);
    fx_zone(&f, 0, "A:PL19#1", Z_HAND); /* Closed Session */
    fx_zone(&f, 2, "B:PL20#1", Z_HAND); /* Leak to the Press */
    fx_zone(&f, 2, "C:PL24#1", Z_HAND); /* NWO: Iron Fist */
    fx_zone(&f, 2, "C:PL43#1", Z_HAND); /* Lucky Break */
    fx_zone(&f, 2, "A:PL36#1", Z_HAND); /* Sinkhole */
    fx_main(&f, 0);
    return f;
}

static void test_EX_22_privileged_attack(void **state)
{
    (void)state;
    fx f = ex22();
    char legal[512];
    fx_ok(&f, "attack A:G02#1 kind=control target=B:G32#1");
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "privilege A:I01#1|privilege A:PL19#1|privilege none");
    fx_refused(&f, "privilege C:PL24#1", "INWO-5.14.1",
               "Privilege comes from a PRIVILEGE Plot of your hand or an ability you may use "
               "now");
    fx_ok(&f, "privilege A:I01#1");
    const inwo_item *a = &f.s->item[0];
    assert_true(a->who & INWO_I_PRIVILEGED);
    assert_false(a->who & INWO_I_COMMITTED); /* an ability commits nothing (INWO-5.9.3) */
    assert_int_equal(f.s->card[fx_card(&f, "A:I01#1")].u.p.used, 1); /* once this turn */
    assert_int_equal(fx_strength(&f), -6); /* 7 − (3 + 10) + 4 (VIOL) − 4 (CONS–LIB) */
    assert_int_equal(to_move(&f), 1);      /* B, the defender, may play */
    fx_ok(&f, "pass");
    assert_int_equal(to_move(&f), 2);
    fx_refused(&f, "oppose C:G21#1", "INWO-5.14.2", "only the attacker and the defender take part");
    fx_refused(&f, "play C:PL24#1", "INWO-5.14.2", "only the attacker and the defender play here");
    fx_refused(&f, "play A:PL36#1", "INWO-5.14.2", "only the attacker and the defender play here");
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "pass|buy|play B:PL20#1");
    fx_ok(&f, "play B:PL20#1"); /* anyone may un-privilege (INWO-5.14.3) */
    assert_false(a->who & INWO_I_PRIVILEGED);
    assert_true(a->who & INWO_I_UNPRIVILEGED);
    assert_int_equal(to_move(&f), 0); /* polling restarts from A */
    fx_passes(&f, 2);
    fx_ok(&f, "oppose C:G21#1"); /* an ordinary attack now: Global 3 */
    assert_int_equal(fx_strength(&f), -9);
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(zone(&f, "B:PL20#1"), Z_DISCARD);
    assert_int_equal(f.s->card[fx_card(&f, "B:G32#1")].holder, 1);
    /* the ability was used this turn: only the Plot is offered now */
    f.s->card[fx_card(&f, "A:G02#1")].u.p.tokens = 1;
    fx_ok(&f, "attack A:G02#1 kind=control target=B:G32#1");
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "privilege A:PL19#1|privilege none");
    fx_ok(&f, "privilege A:PL19#1"); /* a Plot commits the attack at once */
    assert_true(f.s->item[0].who & INWO_I_COMMITTED);
    assert_int_equal(tokens(&f, "A:G02#1"), 0);
    assert_int_equal(zone(&f, "A:PL19#1"), Z_TABLE);
    fx_free(&f);
}

/* EX-22: after the roll every player may play on the roll, Privilege or not
 * (INWO-5.14.4); a call-off gives the once-per-turn ability back. */
static void test_EX_22_after_the_roll_and_call_off(void **state)
{
    (void)state;
    fx f = ex22();
    fx_ok(&f, "attack A:G02#1 kind=control target=B:G32#1 privilege=A:I01#1");
    fx_ok(&f, "pass"); /* B */
    fx_refused(&f, "play C:PL43#1", "INWO-5.9.9",
               "after-roll Plots are played once the dice are rolled");
    fx_ok(&f, "pass"); /* C */
    fx_ok(&f, "call_off");
    assert_int_equal(f.s->card[fx_card(&f, "A:I01#1")].u.p.used, 0);
    assert_int_equal(f.s->nitems, 0);
    fx_ok(&f, "attack A:G02#1 kind=control target=B:G32#1 privilege=A:I01#1");
    fx_passes(&f, 2);
    fx_ok(&f, "aid A:I01#1"); /* Global 10 */
    assert_int_equal(fx_strength(&f), 4);
    fx_dice(&f, 1, 2);
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_AFTER_ROLL);
    fx_ok(&f, "pass");                  /* B */
    fx_ok(&f, "play C:PL43#1 value=2"); /* r′ = 5 > 4 */
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->card[fx_card(&f, "B:G32#1")].holder, 1);
    fx_free(&f);
}

/* --- EX-24: an Assassination with a helper ------------------------------------------------ */

/* A: Lodge → Cobalt Republic (d1) → General Thorn (d2) → Neighborhood Watch.
 * D (the Hollow Crown) controls Mercenary Guild and holds Rooftop Sniper and
 * Street Muscle; A holds Nothing to See Here. C's turn, last call: D first. */
static fx ex24(void)
{
    fx f = fx_new("players=4");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 0, "A:G11#1", "A:G02#1", SIDE_N);
    fx_group(&f, 0, "A:G24#1", "A:G11#1", SIDE_N);
    fx_group(&f, 3, "D:G41#1", "D:I04#1", SIDE_N);
    fx_group(&f, 1, "B:G10#1", "B:I02#1", SIDE_N); /* another Personality */
    fx_zone(&f, 3, "D:PL34#1", Z_HAND);            /* Rooftop Sniper */
    fx_zone(&f, 3, "D:PL06#1", Z_HAND);            /* Street Muscle */
    fx_zone(&f, 0, "A:PL18#1", Z_HAND);            /* Nothing to See Here */
    fx_main(&f, 2);
    fx_ok(&f, "end_main");
    assert_int_equal(to_move(&f), 3);
    return f;
}

static void ex24_input(fx *f)
{
    char canon[128];
    tt_error err;
    if (tt_apply_text_canon(f->g, (tt_state *)f->s, "play D:PL34#1 target=A:G11#1 helper=D:G41#1",
                            canon, sizeof canon, NULL, &err) != TT_OK)
        fail_msg("%s (%s)", err.msg, err.rule);
    /* `done` is not asked: one helper is all Rooftop Sniper takes */
    assert_string_equal(canon, "play D:PL34#1\ntarget A:G11#1\nhelper D:G41#1");
    assert_int_equal(f->s->item[0].kind, INWO_K_INSTANT);
    assert_int_equal(f->s->item[1].kind, H_AID);
    assert_int_equal(f->s->item[1].num, 2);
    assert_int_equal(tokens(f, "D:G41#1"), 0); /* paid when announced (INWO-5.17.4) */
    assert_int_equal(instant_strength(f), 4);  /* 8 + 6 − (5 + 5) */
    assert_int_equal(to_move(f), 0);
    fx_refused(f, "defend", "INWO-5.17.4", "only the helpers spend tokens for an Instant Attack");
    fx_refused(f, "oppose A:G02#1", "INWO-5.17.4",
               "only the helpers spend tokens for an Instant Attack");
    fx_passes(f, 3);                          /* A, B, C */
    fx_ok(f, "play D:PL06#1 target=D:G41#1"); /* i3: on the helper's action */
    assert_int_equal(instant_strength(f), 14);
}

static void test_EX_24_assassination_with_helper(void **state)
{
    (void)state;
    fx f = ex24();
    ex24_input(&f);
    fx_dice(&f, 6, 3);
    fx_passes(&f, 4);
    assert_int_equal(f.s->point, PT_AFTER_ROLL);
    assert_int_equal(f.s->roll, 9);
    fx_passes(&f, 4);
    int thorn = fx_card(&f, "A:G11#1");
    assert_int_equal(f.s->card[thorn].zone, Z_DESTROYED);
    assert_int_equal(f.s->card[thorn].holder, 3);
    assert_true(f.s->card[thorn].flags & INWO_F_KILLED);
    assert_int_equal(zone(&f, "A:G24#1"), Z_HAND);
    assert_int_equal(f.s->card[fx_card(&f, "A:G24#1")].holder, 0);
    assert_int_equal(zone(&f, "D:PL34#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "D:PL06#1"), Z_DISCARD);
    assert_int_equal(f.s->pl[3].attacks[2][0], 1);
    assert_int_equal(f.s->pl[3].attacks[2][1], 1);
    /* back in C's last call, which D's play reopened: the Main Phase resumes */
    assert_int_equal(f.s->point, PT_ROUND);
    fx_passes(&f, 4);
    assert_int_equal(f.s->point, PT_MAIN);
    fx_free(&f);
}

/* EX-24 variant: Nothing to See Here cancels the Instant Attack before the
 * roll: it never happened, but what was spent stays spent. */
static void test_EX_24_instant_attack_canceled(void **state)
{
    (void)state;
    fx f = ex24();
    ex24_input(&f);
    assert_int_equal(to_move(&f), 0);
    char canon[64];
    tt_error err;
    assert_int_equal(tt_apply_text_canon(f.g, (tt_state *)f.s, "play A:PL18#1 target=i1", canon,
                                         sizeof canon, NULL, &err),
                     TT_OK);
    assert_string_equal(canon, "play A:PL18#1"); /* i1 is the only instant: not asked */
    fx_passes(&f, 4);
    assert_int_equal(f.s->roll, 0);
    assert_int_equal(zone(&f, "A:G11#1"), Z_STRUCTURE);
    assert_int_equal(zone(&f, "D:PL34#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "D:PL06#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "A:PL18#1"), Z_DISCARD);
    assert_int_equal(tokens(&f, "D:G41#1"), 0);
    assert_int_equal(f.s->pl[3].attacks[2][1], 0);
    fx_free(&f);
}

/* INWO-10.3.6: a canceled helper adds nothing, nor does the BOOST on its
 * action; its token stays spent. S = 8 − 10 < 2: no roll. */
static void test_INWO_10_3_6_helper_canceled(void **state)
{
    (void)state;
    fx f = ex24();
    fx_zone(&f, 0, "A:PL16#1", Z_HAND); /* Deniable Denial: cancels an action */
    ex24_input(&f);
    fx_ok(&f, "play A:PL16#1 target=i2");
    assert_int_equal(instant_strength(&f), 14); /* settled when the round closes */
    fx_passes(&f, 4);
    assert_int_equal(f.s->roll, 0);
    assert_int_equal(zone(&f, "A:G11#1"), Z_STRUCTURE);
    assert_int_equal(tokens(&f, "D:G41#1"), 0);
    assert_int_equal(zone(&f, "D:PL06#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "D:PL34#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "A:PL16#1"), Z_DISCARD);
    fx_free(&f);
}

/* INWO-4.6.4, 10.3.7: an Instant Attack launched in an attack's round opens
 * its own round on top; it kills the attack's target, so the attack below
 * is void when its round closes (INWO-10.3.5): X's token spent, the aid's
 * given back, Shock Troops discarded. */
static void test_INWO_4_6_4_instant_nested_in_an_attack(void **state)
{
    (void)state;
    fx f = fx_ex15();
    fx_group(&f, 2, "C:G15#1", "C:I04#1", SIDE_N); /* Baron Voss: CRIM, VIOL, Power 4 */
    fx_zone(&f, 2, "C:PL34#1", Z_HAND);            /* Rooftop Sniper */
    fx_ok(&f, "attack A:G37#1 kind=control target=A:G11#1");
    fx_ok(&f, "pass"); /* C */
    fx_ok(&f, "pass"); /* A */
    fx_ok(&f, "aid C:G41#1");
    fx_ok(&f, "play C:PL34#1 target=A:G11#1 helper=C:G15#1"); /* C, polled */
    assert_int_equal(f.s->nrounds, 2);
    assert_int_equal(instant_strength(&f), 2); /* 8 + 4 − (5 + 5) */
    fx_dice(&f, 1, 1);
    fx_passes(&f, 3); /* A, B, C */
    assert_int_equal(f.s->point, PT_AFTER_ROLL);
    fx_passes(&f, 3);
    assert_int_equal(zone(&f, "A:G11#1"), Z_DESTROYED);
    assert_int_equal(f.s->nrounds, 1); /* the attack's round, polling from A */
    assert_int_equal(to_move(&f), 0);
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(tokens(&f, "A:G37#1"), 0);
    assert_int_equal(tokens(&f, "C:G41#1"), 1);
    assert_int_equal(tokens(&f, "C:G15#1"), 0);
    assert_int_equal(f.s->pl[1].attacks[ATK_CONTROL][1], 0);
    assert_int_equal(f.s->pl[2].attacks[2][1], 1);
    fx_free(&f);
}

/* INWO-5.17.2, 5.17.3: targets and helpers refused, naming the rule. */
static void test_INWO_5_17_refusals(void **state)
{
    (void)state;
    fx f = ex24();
    fx_ok(&f, "play D:PL34#1");
    fx_refused(&f, "target A:G02#1", "INWO-5.17.2", "G02 is not a target PL34 may have");
    fx_refused(&f, "target A:I01#1", "INWO-2.4.2", "only a Group can be attacked");
    fx_ok(&f, "target A:G11#1");
    fx_refused(&f, "helper D:I04#1", "INWO-5.17.3", "I04 may not help PL34");
    fx_refused(&f, "helper A:G02#1", "INWO-5.17.3", "a helper is a group of yours with a token");
    fx_ok(&f, "done"); /* no helper */
    assert_int_equal(instant_strength(&f), -2);
    fx_passes(&f, 4);
    assert_int_equal(f.s->roll, 0); /* S < 2: no roll */
    assert_int_equal(zone(&f, "A:G11#1"), Z_STRUCTURE);
    assert_int_equal(zone(&f, "D:PL34#1"), Z_DISCARD);
    fx_free(&f);
}

/* --- EX-25: a Disaster, Devastation, Relief ----------------------------------------------- */

/* A: Lodge → Bureau of Standards → Alumni Network → Port Vesper (d3) with
 * Senator Vale on its arrow, linked to it; B controls Moonlit Poets
 * Society; C holds Sinkhole and plays it in his Main Phase. */
static fx ex25(void)
{
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G17#1", "A:I01#1", SIDE_N);
    fx_group(&f, 0, "A:G42#1", "A:G17#1", SIDE_N);
    fx_group(&f, 0, "A:G01#1", "A:G42#1", SIDE_N);
    fx_group(&f, 0, "A:G09#1", "A:G01#1", SIDE_N);
    inwo_link_add(f.s, fx_card(&f, "A:G09#1"), fx_card(&f, "A:G01#1"), LK_GROUP, 0);
    inwo_links_update(f.c, f.s);
    fx_group(&f, 1, "B:G19#1", "B:I02#1", SIDE_N);
    fx_zone(&f, 2, "C:PL36#1", Z_HAND); /* Sinkhole */
    fx_main(&f, 2);
    return f;
}

static void ex25_input(fx *f, int d1, int d2)
{
    fx_ok(f, "play C:PL36#1 target=A:G01#1");
    assert_int_equal(tokens(f, "A:G01#1"), 0); /* lost on announcement (INWO-5.17.6) */
    assert_int_equal(instant_strength(f), 5);  /* 10 − (5 + 0) */
    fx_dice(f, d1, d2);
    fx_passes(f, 3);
    assert_int_equal(f->s->point, PT_AFTER_ROLL);
    fx_passes(f, 3);
    assert_int_equal(f->s->point, PT_MAIN);
}

static void test_EX_25_disaster_devastates(void **state)
{
    (void)state;
    fx f = ex25();
    ex25_input(&f, 1, 3); /* margin 1 < 3 */
    int vesper = fx_card(&f, "A:G01#1"), vale = fx_card(&f, "A:G09#1");
    assert_true(f.s->card[vesper].flags & INWO_F_DEVASTATED);
    assert_int_equal(tokens(&f, "A:G09#1"), 0);
    assert_false(inwo_receives_tokens(f.c, f.s, vesper));
    assert_false(inwo_receives_tokens(f.c, f.s, vale));
    assert_true(inwo_devastated_arm(f.s, vale));
    assert_int_equal(fx_value(&f, "A:G01#1", STAT_POWER, CX_DEFENSE | CX_VS_DESTROY), 2);
    assert_int_equal(zone(&f, "C:PL36#1"), Z_DISCARD);
    fx_free(&f);
}

static void test_EX_25_disaster_destroys(void **state)
{
    (void)state;
    fx f = ex25();
    ex25_input(&f, 1, 1); /* margin 3 */
    int vesper = fx_card(&f, "A:G01#1");
    assert_int_equal(f.s->card[vesper].zone, Z_DESTROYED);
    assert_int_equal(f.s->card[vesper].holder, 2);
    assert_false(f.s->card[vesper].flags & (INWO_F_DEVASTATED | INWO_F_KILLED));
    assert_int_equal(zone(&f, "A:G09#1"), Z_HAND);
    assert_int_equal(f.s->card[fx_card(&f, "A:G09#1")].holder, 0);
    fx_free(&f);
}

/* EX-25's Relief: A commits the Lodge (10) and Bureau (4), 14 < 15; B adds
 * Moonlit Poets (1) in its round: 15 ≥ 3 × 5, all three tokens spent. */
static void test_EX_25_relief(void **state)
{
    (void)state;
    for (int helped = 0; helped <= 1; helped++) {
        fx f = ex25();
        ex25_input(&f, 1, 3);
        fx_ok(&f, "end_main");
        assert_int_equal(to_move(&f), 0); /* the last call polls A first */
        char legal[512];
        fx_legal(&f, legal, sizeof legal);
        assert_string_equal(legal, "pass|buy|relief A:G01#1");
        fx_ok(&f, "relief A:G01#1");
        fx_legal(&f, legal, sizeof legal);
        assert_string_equal(legal, "commit A:I01#1|commit A:G17#1|commit A:G42#1");
        fx_refused(&f, "done", "INWO-5.17.9", "commit at least one token first");
        fx_ok(&f, "commit A:I01#1");
        fx_refused(&f, "commit A:I01#1", "INWO-5.17.9", "I01 committed a token already");
        fx_ok(&f, "commit A:G17#1");
        fx_ok(&f, "done");
        assert_int_equal(f.s->item[0].kind, H_RELIEF);
        assert_int_equal(tokens(&f, "A:I01#1") + tokens(&f, "A:G17#1"), 0);
        assert_int_equal(to_move(&f), 1);
        fx_legal(&f, legal, sizeof legal);
        /* B may add a token, start a Relief of his own, or play and use what
         * a round allows (an NWO, Moonlit Poets Society's ALIGN) */
        assert_string_equal(legal, "pass|buy|play B:PL26#1|use B:G19#1|relief A:G01#1|"
                                   "commit B:I02#1|commit B:G19#1");
        if (helped) {
            fx_ok(&f, "commit B:G19#1");
            fx_refused(&f, "commit A:G42#1", "INWO-5.17.9", "commit a token of a group of yours");
        }
        fx_passes(&f, 3);
        int vesper = fx_card(&f, "A:G01#1");
        assert_int_equal(!(f.s->card[vesper].flags & INWO_F_DEVASTATED), helped);
        assert_int_equal(tokens(&f, "A:I01#1"), !helped);
        assert_int_equal(tokens(&f, "A:G17#1"), !helped);
        assert_int_equal(tokens(&f, "B:G19#1"), !helped);
        /* once per Place and player each turn (house), so that it never loops */
        fx_passes(&f, 2); /* B, C */
        assert_int_equal(to_move(&f), 0);
        fx_refused(&f, "relief A:G01#1", "INWO-5.17.9",
                   helped ? "Relief is for a Devastated Place in play"
                          : "you announced a Relief of G01 this turn");
        fx_free(&f);
    }
}

/* INWO-5.0.2: a Relief's tokens typed as one compound part. */
static void test_INWO_5_0_2_relief_compound(void **state)
{
    (void)state;
    fx f = ex25();
    ex25_input(&f, 1, 3);
    fx_ok(&f, "end_main");
    char canon[256];
    tt_error err;
    if (tt_apply_text_canon(f.g, (tt_state *)f.s, "relief A:G01#1 commit=A:I01#1,A:G17#1,A:G42#1",
                            canon, sizeof canon, NULL, &err) != TT_OK)
        fail_msg("%s (%s)", err.msg, err.rule);
    /* `done` is not asked: no group of A's has a token left */
    assert_string_equal(canon, "relief A:G01#1\ncommit A:I01#1\ncommit A:G17#1\ncommit A:G42#1");
    assert_int_equal(f.s->nitems, 4);
    fx_free(&f);
}

/* INWO-4.2.2: before his Main Phase the active player commits no token to
 * a Relief of his own. */
static void test_INWO_4_2_2_relief_before_main(void **state)
{
    (void)state;
    fx f = ex25();
    ex25_input(&f, 1, 3);
    fx_main(&f, 0);
    f.s->step = f.s->point = PT_STEP1;
    fx_refused(&f, "relief A:G01#1", "INWO-4.2.2",
               "before your Main Phase your tokens only buy Plots or answer a play");
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_16_lucky_break),
        cmocka_unit_test(test_EX_16_eleven_and_twelve_fail),
        cmocka_unit_test(test_EX_16_catastrophic_failure),
        cmocka_unit_test(test_EX_16_modified_roll_clamped),
        cmocka_unit_test(test_INWO_5_9_9_after_roll_cancel),
        cmocka_unit_test(test_EX_22_privileged_attack),
        cmocka_unit_test(test_EX_22_after_the_roll_and_call_off),
        cmocka_unit_test(test_EX_24_assassination_with_helper),
        cmocka_unit_test(test_EX_24_instant_attack_canceled),
        cmocka_unit_test(test_INWO_10_3_6_helper_canceled),
        cmocka_unit_test(test_INWO_4_6_4_instant_nested_in_an_attack),
        cmocka_unit_test(test_INWO_5_0_2_relief_compound),
        cmocka_unit_test(test_INWO_5_17_refusals),
        cmocka_unit_test(test_EX_25_disaster_devastates),
        cmocka_unit_test(test_EX_25_disaster_destroys),
        cmocka_unit_test(test_EX_25_relief),
        cmocka_unit_test(test_INWO_4_2_2_relief_before_main),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
