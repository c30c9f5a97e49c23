/* INWO abilities that act like Plots: a BOOST ability (Veteran
 * Mercenaries, R06) used in an attack through the checks of the +10 Plots
 * (INWO-5.18.1, 2.10.3). */
#include "inwo_fixture.h"

static int tokens(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].u.p.tokens;
}

/* A (deck D) controls Cobalt Republic and Veteran Mercenaries, linked to
 * The Hollow Crown, 1 token each; C controls Iron Legion Veterans. */
static fx mercenaries(void)
{
    fx f = fx_new("players=3 p0=deck_d");
    fx_group(&f, 0, "A:G02#1", "A:I04#1", SIDE_N);
    fx_group(&f, 2, "C:G20#1", "C:I03#1", SIDE_N);
    fx_link(&f, "A:R06#1", "A:I04#1", LK_RESOURCE, 0);
    f.s->card[fx_card(&f, "A:R06#1")].u.p.tokens = 1;
    fx_main(&f, 0);
    fx_sane(&f);
    return f;
}

/* INWO-5.18.1: `use` R06 during A's own attack adds 3 to Cobalt Republic's
 * attack; its `self` cost spends the Mercenaries' token (INWO-2.10.3). */
static void test_INWO_5_18_1_boost_ability(void **state)
{
    (void)state;
    fx f = mercenaries();
    fx_refused(&f, "use A:R06#1", "INWO-5.18.1", "R06 is used during an attack");
    fx_ok(&f, "attack A:G02#1 kind=control target=C:G20#1");
    int s0 = fx_strength(&f);
    assert_int_equal(s0, 1);
    fx_passes(&f, 2); /* B, C */
    char legal[512];
    fx_legal(&f, legal, sizeof legal);
    assert_non_null(strstr(legal, "use A:R06#1"));
    fx_ok(&f, "use A:R06#1"); /* one target, one use: nothing asked (INWO-5.0.1) */
    assert_int_equal(fx_strength(&f), s0 + 3);
    assert_int_equal(tokens(&f, "A:R06#1"), 0);
    assert_int_equal(f.s->card[fx_card(&f, "A:R06#1")].zone, Z_RESOURCE);
    fx_sane(&f);
    fx_free(&f);
}

/* Without a token the cost cannot be paid; spending it commits the attack
 * as a +10 Plot does (INWO-5.9.3: Cobalt Republic's token goes too). */
static void test_boost_ability_cost_commits(void **state)
{
    (void)state;
    fx f = mercenaries();
    fx_ok(&f, "attack A:G02#1 kind=control target=C:G20#1");
    fx_passes(&f, 2);
    f.s->card[fx_card(&f, "A:R06#1")].u.p.tokens = 0;
    fx_refused(&f, "use A:R06#1", "INWO-2.10.3", "its cost cannot be paid");
    f.s->card[fx_card(&f, "A:R06#1")].u.p.tokens = 1;
    fx_ok(&f, "use A:R06#1 target=A:G02#1 for=own_attack");
    assert_int_equal(tokens(&f, "A:R06#1"), 0);
    assert_int_equal(tokens(&f, "A:G02#1"), 0);
    fx_passes(&f, 2);
    fx_refused(&f, "call_off", "INWO-5.9.3", "only an uncommitted attack is called off");
    fx_dice(&f, 1, 3);
    fx_pass_round(&f);
    assert_int_equal(f.s->roll, 4);
    assert_int_equal(f.s->point, PT_RESOLVE); /* 4 ≤ S = 1 + 3: a success */
    fx_sane(&f);
    fx_free(&f);
}

/* INWO-2.10.4: a BOOST ability's limit counts its use. R06 is read here as
 * if its text said once per turn: after one use, the next attack of the
 * turn cannot use it, though the card holds a token again. */
static void test_INWO_2_10_4_boost_ability_limit(void **state)
{
    (void)state;
    fx f = mercenaries();
    inwo_def *d = (inwo_def *)inwo_def_of(f.g->content, fx_card(&f, "A:R06#1"));
    d->ability[0].limit = LIM_ONCE_PER_TURN;
    fx_ok(&f, "attack A:G02#1 kind=control target=C:G20#1");
    fx_passes(&f, 2);
    fx_ok(&f, "use A:R06#1");
    fx_passes(&f, 2);
    fx_dice(&f, 6, 6); /* 12 fails */
    fx_pass_round(&f);
    assert_int_equal(f.s->point, PT_MAIN);
    f.s->card[fx_card(&f, "A:G02#1")].u.p.tokens = 1;
    f.s->card[fx_card(&f, "A:R06#1")].u.p.tokens = 1;
    fx_ok(&f, "attack A:G02#1 kind=control target=C:G20#1");
    fx_passes(&f, 2);
    fx_refused(&f, "use A:R06#1", "INWO-2.10.4", "its limit is used up");
    d->ability[0].limit = LIM_NONE;
    fx_free(&f);
}

/* INWO-5.18.6: no NWO while an Instant Attack is pending (EX-24's Rooftop
 * Sniper, D's, with A to answer); once it is over the NWO may be played. */
static void test_INWO_5_18_6_no_nwo_in_an_instant_attack(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 0, "A:G11#1", "A:G02#1", SIDE_N);
    fx_group(&f, 3, "D:G41#1", "D:I04#1", SIDE_N);
    fx_zone(&f, 3, "D:PL34#1", Z_HAND); /* Rooftop Sniper */
    fx_zone(&f, 0, "C:PL24#1", Z_HAND); /* NWO: Iron Fist */
    fx_main(&f, 3);
    fx_ok(&f, "play D:PL34#1 target=A:G11#1 helper=D:G41#1");
    assert_int_equal(f.s->item[0].kind, INWO_K_INSTANT);
    assert_int_equal(f.s->to_move, 0);
    fx_refused(&f, "play C:PL24#1", "INWO-5.18.6", "no NWO during an Instant Attack");
    char legal[512];
    fx_legal(&f, legal, sizeof legal);
    assert_null(strstr(legal, "play C:PL24#1"));
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_INWO_2_10_4_boost_ability_limit),
        cmocka_unit_test(test_INWO_5_18_1_boost_ability),
        cmocka_unit_test(test_boost_ability_cost_commits),
        cmocka_unit_test(test_INWO_5_18_6_no_nwo_in_an_instant_attack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
