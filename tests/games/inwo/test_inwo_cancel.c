/* INWO cancels (INWO-10.3) in an attack's round: the declaration `play
 * <cancel>` / `target i<k>`, the kinds a cancel names, the chain evaluated
 * when the round closes (INWO-10.3.8) and what a canceled item leaves
 * (INWO-10.3.5, 10.3.6), through worked example EX-13. */
#include "inwo_fixture.h"

static int tokens(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].u.p.tokens;
}

static int zone(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].zone;
}

/* EX-13's position, 3 players: A controls Cobalt Republic and General
 * Thorn, holds Shock Troops and Red Tape; C controls Iron Legion Veterans
 * and holds Deniable Denial. */
static fx ex13(void)
{
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 0, "A:G11#1", "A:I01#1", SIDE_E);
    fx_group(&f, 2, "C:G20#1", "C:I03#1", SIDE_N);
    fx_zone(&f, 0, "A:PL01#1", Z_HAND); /* Shock Troops */
    fx_zone(&f, 0, "A:PL17#1", Z_HAND); /* Red Tape */
    fx_zone(&f, 2, "C:PL16#1", Z_HAND); /* Deniable Denial */
    fx_main(&f, 0);
    fx_sane(&f);
    return f;
}

/* EX-13 up to the cancel: i1 the attack (S = 7 − 14 + 8 = 1), i2 Thorn's
 * aid (Power 5, S = 6), i3 Shock Troops on it (S = 16), i4 Deniable Denial
 * on i2, which changes nothing before the round closes. */
static void ex13_input(fx *f)
{
    fx_ok(f, "attack A:G02#1 kind=control target=C:G20#1 privilege=none");
    assert_int_equal(fx_strength(f), 1);
    fx_passes(f, 2); /* B, C */
    fx_ok(f, "aid A:G11#1");
    assert_int_equal(fx_strength(f), 6);
    fx_passes(f, 2);
    fx_ok(f, "play A:PL01#1 target=A:G11#1 for=action");
    assert_int_equal(fx_strength(f), 16);
    fx_ok(f, "pass"); /* B */
    char legal[512];
    fx_legal(f, legal, sizeof legal);
    assert_string_equal(
        legal,
        "pass|buy|play C:PL24#1|play C:PL27#1|play C:PL16#1|defend|aid C:I03#1|oppose C:I03#1");
    fx_refused(f, "target i2", "INWO-5.0.4", "no attack is being declared");
    fx_ok(f, "play C:PL16#1");
    fx_legal(f, legal, sizeof legal); /* an action: the attack or the aid, not the Plot */
    assert_string_equal(legal, "target i1|target i2");
    fx_refused(f, "target i3", "INWO-2.10.7", "this Plot does not cancel a Plot");
    fx_refused(f, "target i9", "INWO-10.3", "a cancel names a pending item of this round (i<k>)");
    fx_ok(f, "target i2");
    assert_int_equal(f->s->nitems, 4);
    assert_int_equal(f->s->item[3].num, 4);
    assert_int_equal(f->s->item[3].kind, INWO_K_CANCEL);
    assert_int_equal(f->s->item[3].target, 1);
    assert_int_equal(fx_strength(f), 16); /* a cancel is final only at the close */
    assert_int_equal(zone(f, "C:PL16#1"), Z_TABLE);
}

/* EX-13: the cancel stands. The attack goes on without Thorn: S = 1, no
 * roll, it fails; Thorn's token stays spent (INWO-10.3.6); Shock Troops and
 * Deniable Denial are discarded. */
static void test_EX_13_aid_canceled(void **state)
{
    (void)state;
    fx f = ex13();
    ex13_input(&f);
    fx_passes(&f, 3); /* A, B, C */
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(f.s->roll, 0);
    assert_int_equal(tokens(&f, "A:G02#1"), 0);
    assert_int_equal(tokens(&f, "A:G11#1"), 0);
    assert_int_equal(f.s->card[fx_card(&f, "C:G20#1")].holder, 2);
    assert_int_equal(zone(&f, "A:PL01#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "C:PL16#1"), Z_DISCARD);
    assert_int_equal(f.s->card[fx_card(&f, "C:PL16#1")].holder, 2);
    assert_int_equal(f.s->npile[0][Z_DISCARD], 1);
    assert_int_equal(f.s->npile[2][Z_DISCARD], 1);
    assert_int_equal(f.s->pl[0].attacks[ATK_CONTROL][0], 1);
    assert_int_equal(f.s->pl[0].attacks[ATK_CONTROL][1], 0);
    fx_free(&f);
}

/* EX-13 variant: A cancels Deniable Denial with Red Tape (a Plot, i5), so
 * the aid and Shock Troops count: S = 16, a roll of 7 captures Iron Legion
 * Veterans; all three Plots are discarded. */
static void test_EX_13_red_tape_cancels_the_cancel(void **state)
{
    (void)state;
    fx f = ex13();
    ex13_input(&f);
    char legal[512];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "pass|buy|play A:PL17#1|aid A:I01#1|oppose A:I01#1");
    fx_ok(&f, "play A:PL17#1");
    fx_legal(&f, legal, sizeof legal); /* Plots: Shock Troops, Deniable Denial */
    assert_string_equal(legal, "target i3|target i4");
    fx_refused(&f, "target i2", "INWO-2.10.7", "this Plot does not cancel a group action");
    fx_ok(&f, "target i4");
    fx_dice(&f, 3, 4);
    fx_passes(&f, 3); /* B, C, A */
    assert_int_equal(f.s->roll, 7);
    assert_int_equal(fx_strength(&f), 16);
    assert_int_equal(f.s->item[4].who & INWO_I_CANCELED, 0);
    assert_int_equal(f.s->item[3].who & INWO_I_CANCELED, INWO_I_CANCELED);
    assert_int_equal(f.s->item[1].who & INWO_I_CANCELED, 0);
    fx_passes(&f, 3); /* the after-roll round */
    fx_ok(&f, "arrow A:G02#1/W");
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->card[fx_card(&f, "C:G20#1")].holder, 0);
    assert_int_equal(tokens(&f, "A:G11#1"), 0);
    assert_int_equal(zone(&f, "A:PL01#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "A:PL17#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "C:PL16#1"), Z_DISCARD);
    assert_int_equal(f.s->pl[0].attacks[ATK_CONTROL][1], 1);
    fx_free(&f);
}

/* INWO-10.3.5: the attacking action canceled voids the attack: X's token
 * stays spent, the aider gets his back, Shock Troops on the aider goes back
 * to A's hand exposed; a cancel outside an attack is refused. */
static void test_INWO_10_3_5_attack_canceled(void **state)
{
    (void)state;
    fx f = ex13();
    fx_refused(&f, "play A:PL17#1", "INWO-10.3",
               "a cancel is played on a pending item, before its roll or resolution");
    fx_ok(&f, "attack A:G02#1 kind=control target=C:G20#1 privilege=none");
    fx_passes(&f, 2);
    fx_ok(&f, "aid A:G11#1");
    fx_passes(&f, 2);
    fx_ok(&f, "play A:PL01#1 target=A:G11#1 for=action");
    fx_ok(&f, "pass");
    fx_ok(&f, "play C:PL16#1 target=i1");
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->roll, 0);
    assert_int_equal(tokens(&f, "A:G02#1"), 0);
    assert_int_equal(tokens(&f, "A:G11#1"), 1);
    assert_int_equal(zone(&f, "A:PL01#1"), Z_HAND);
    assert_true(f.s->card[fx_card(&f, "A:PL01#1")].flags & INWO_F_EXPOSED);
    assert_int_equal(zone(&f, "C:PL16#1"), Z_DISCARD);
    assert_int_equal(f.s->card[fx_card(&f, "C:G20#1")].holder, 2);
    fx_free(&f);
}

/* INWO-10.3.8 three deep: C's Red Tape cancels A's Red Tape, so Deniable
 * Denial stands and Thorn's aid is canceled: S = 1, no roll. */
static void test_INWO_10_3_8_chain_of_three(void **state)
{
    (void)state;
    fx f = ex13();
    ex13_input(&f);
    fx_zone(&f, 2, "C:PL17#1", Z_HAND); /* drawn late, out of ex13_input's lists */
    fx_ok(&f, "play A:PL17#1 target=i4");
    fx_ok(&f, "pass"); /* B */
    fx_ok(&f, "play C:PL17#1 target=i5");
    assert_int_equal(f.s->item[5].target, 4);
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->roll, 0);
    assert_int_equal(tokens(&f, "A:G11#1"), 0);
    assert_int_equal(f.s->card[fx_card(&f, "C:G20#1")].holder, 2);
    assert_int_equal(f.s->npile[0][Z_DISCARD], 2); /* Shock Troops, Red Tape */
    assert_int_equal(f.s->npile[2][Z_DISCARD], 2); /* Deniable Denial, Red Tape */
    fx_free(&f);
}

/* INWO-10.3.1 in a void attack: the aiders get their tokens back, but not
 * one whose aid was canceled. */
static void test_INWO_10_3_1_void_attack_keeps_canceled_aid_spent(void **state)
{
    (void)state;
    fx f = ex13();
    fx_zone(&f, 0, "A:PL16#1", Z_HAND);
    fx_ok(&f, "attack A:G02#1 kind=control target=C:G20#1 privilege=none");
    fx_passes(&f, 2);
    fx_ok(&f, "aid A:G11#1");
    fx_ok(&f, "pass");
    fx_ok(&f, "play C:PL16#1 target=i2");
    fx_ok(&f, "play A:PL16#1 target=i1");
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(tokens(&f, "A:G02#1"), 0);
    assert_int_equal(tokens(&f, "A:G11#1"), 0);
    assert_int_equal(zone(&f, "A:PL16#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "C:PL16#1"), Z_DISCARD);
    fx_free(&f);
}

/* INWO-5.9.3: a call-off undoes every contribution; a cancel goes back to
 * its player's hand like any Plot of the attack. */
static void test_INWO_5_9_3_call_off_returns_cancels(void **state)
{
    (void)state;
    fx f = ex13();
    fx_ok(&f, "attack A:G02#1 kind=control target=C:G20#1 privilege=none");
    fx_ok(&f, "pass");
    fx_ok(&f, "play C:PL16#1 target=i1");
    fx_ok(&f, "call_off");
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(tokens(&f, "A:G02#1"), 1);
    assert_int_equal(zone(&f, "C:PL16#1"), Z_HAND);
    assert_int_equal(f.s->card[fx_card(&f, "C:PL16#1")].holder, 2);
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_13_aid_canceled),
        cmocka_unit_test(test_EX_13_red_tape_cancels_the_cancel),
        cmocka_unit_test(test_INWO_10_3_5_attack_canceled),
        cmocka_unit_test(test_INWO_10_3_8_chain_of_three),
        cmocka_unit_test(test_INWO_10_3_1_void_attack_keeps_canceled_aid_spent),
        cmocka_unit_test(test_INWO_5_9_3_call_off_returns_cancels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
