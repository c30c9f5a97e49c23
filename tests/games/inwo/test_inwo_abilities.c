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

/* INWO-10.3.1, 2.10.4: a canceled use of a limited ability does not count.
 * R06 (read as once per turn) boosts the attack, C's Red Tape cancels the
 * use: its token stays spent, the +3 is gone (S = 1: no roll), and the
 * next attack of the turn may use R06 again. There A's own Red Tape
 * cancels C's second one, so that use stands and counts. */
static void test_INWO_10_3_1_canceled_boost_use_given_back(void **state)
{
    (void)state;
    fx f = mercenaries();
    inwo_def *d = (inwo_def *)inwo_def_of(f.g->content, fx_card(&f, "A:R06#1"));
    d->ability[0].limit = LIM_ONCE_PER_TURN;
    int r06 = fx_card(&f, "A:R06#1");
    fx_zone(&f, 2, "C:PL17#1", Z_HAND); /* Red Tape: cancels a Plot or an ability */
    fx_zone(&f, 2, "B:PL17#1", Z_HAND);
    fx_zone(&f, 0, "B:PL17#2", Z_HAND);
    fx_ok(&f, "attack A:G02#1 kind=control target=C:G20#1");
    fx_passes(&f, 2);         /* B, C */
    fx_ok(&f, "use A:R06#1"); /* i2 */
    assert_int_equal(fx_strength(&f), 4);
    assert_int_equal(f.s->card[r06].u.p.used, 1);
    fx_ok(&f, "pass");                    /* B */
    fx_ok(&f, "play C:PL17#1 target=i2"); /* C */
    fx_pass_round(&f);
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(f.s->card[fx_card(&f, "C:G20#1")].holder, 2); /* S = 1 < 2: it failed */
    assert_int_equal(f.s->card[r06].u.p.tokens, 0);
    assert_int_equal(f.s->card[r06].u.p.used, 0);
    f.s->card[fx_card(&f, "A:G02#1")].u.p.tokens = 1;
    f.s->card[r06].u.p.tokens = 1;
    fx_ok(&f, "attack A:G02#1 kind=control target=C:G20#1");
    fx_passes(&f, 2);
    fx_ok(&f, "use A:R06#1"); /* given back: accepted */
    assert_int_equal(f.s->item[1].kind, H_USE);
    assert_int_equal(f.s->item[1].num, 6); /* numbers go on: i1–i4 were the first attack's */
    fx_ok(&f, "pass");
    fx_ok(&f, "play B:PL17#1 target=i6");
    fx_ok(&f, "play B:PL17#2 target=i8"); /* A cancels the cancel (INWO-10.3.8) */
    assert_int_equal(fx_strength(&f), 4);
    fx_dice(&f, 6, 6); /* 12 fails */
    while (!f.s->roll)
        fx_ok(&f, "pass");
    assert_int_equal(f.s->roll, 12); /* S = 4 */
    assert_int_equal(f.s->item[1].who & INWO_I_CANCELED, 0);
    fx_pass_round(&f);
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(f.s->card[r06].u.p.used, 1);
    f.s->card[fx_card(&f, "A:G02#1")].u.p.tokens = 1;
    f.s->card[r06].u.p.tokens = 1;
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
        cmocka_unit_test(test_INWO_10_3_1_canceled_boost_use_given_back),
        cmocka_unit_test(test_INWO_5_18_1_boost_ability),
        cmocka_unit_test(test_boost_ability_cost_commits),
        cmocka_unit_test(test_INWO_5_18_6_no_nwo_in_an_instant_attack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
