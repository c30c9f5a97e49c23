/* Rules no worked example shows: the clarifications of INWO-10 (attacks,
 * contributions, paralysis, freezes, copies, factions), the destroyed
 * pile's record (9.3.6), what the cards remember (6.5), buying, the
 * Group draw and moves (5.2–5.5), each on a position built as the worked
 * examples build theirs. */
#include "inwo_fixture.h"

static int tokens(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].u.p.tokens;
}

/* INWO-10.4.3: Coupon Clippers (printed Power 0) attacks Consolidated
 * Widgets: S = 0 − (5 + 10) = −15; the attack is made, its token spent,
 * and it fails with no roll. */
static void test_INWO_10_4_3_attack_with_power_0(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G29#1", "A:I01#1", SIDE_N);
    fx_group(&f, 2, "C:G21#1", "C:I03#1", SIDE_N);
    fx_main(&f, 0);
    assert_int_equal(fx_value(&f, "A:G29#1", STAT_POWER, CX_BASE), 0);
    fx_ok(&f, "attack A:G29#1 kind=control target=C:G21#1 privilege=none");
    assert_int_equal(fx_strength(&f), -15);
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->roll, 0);
    assert_int_equal(tokens(&f, "A:G29#1"), 0);
    assert_int_equal(f.s->card[fx_card(&f, "C:G21#1")].holder, 2);
    assert_int_equal(f.s->pl[0].attacks[ATK_CONTROL][0], 1);
    assert_int_equal(f.s->pl[0].attacks[ATK_CONTROL][1], 0);
    fx_free(&f);
}

/* INWO-10.4.5: an Illuminati is never an attack's target, never moved,
 * given away or paralyzed. */
static void test_INWO_10_4_5_illuminati_untouchable(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G17#1", "A:I01#1", SIDE_N); /* GOV: pays for Subpoena */
    fx_group(&f, 2, "C:G21#1", "C:I03#1", SIDE_N);
    fx_group(&f, 2, "C:G20#1", "C:I03#1", SIDE_E); /* two targets: the question is asked */
    fx_zone(&f, 0, "A:PL22#1", Z_HAND);
    fx_main(&f, 0);
    fx_ok(&f, "attack A:G17#1");
    fx_ok(&f, "kind destroy");
    fx_refused(&f, "target C:I03#1", "INWO-2.4.2", "only a Group can be attacked");
    memset(&f.s->decl, 0, sizeof f.s->decl);
    fx_refused(&f, "play A:PL22#1 target=C:I03#1", "INWO-2.10.1",
               "I03 does not fit the card's target");
    fx_refused(&f, "move A:I01#1", "INWO-5.5.1",
               "move a group of your structure, not the Illuminati");
    fx_refused(&f, "give A:I01#1 to=C pay=A:I01#1", "INWO-10.4.5",
               "an Illuminati is never given away");
    fx_free(&f);
}

/* INWO-10.4.6 (and 10.4.1): EX-16's capture succeeds; General Thorn, captured
 * this turn, is attacked again at once: B's Illuminati attacks to destroy
 * it, now B's own group: S = 8 − 5 = 3 (no position bonus against one's
 * own group, INWO-5.12.3). */
static void test_INWO_10_4_6_captured_group_attacked_again(void **state)
{
    (void)state;
    fx f = fx_ex15();
    fx_ex15_aided(&f);
    fx_ok(&f, "play A:PL01#1 target=A:G37#1");
    fx_dice(&f, 4, 2);
    fx_passes(&f, 6); /* the attack's round, the after-roll round */
    int g11 = fx_card(&f, "A:G11#1");
    assert_int_equal(f.s->card[g11].holder, 1);
    assert_true(f.s->card[g11].flags & INWO_F_CAPTURED);
    fx_ok(&f, "attack B:I02#1 kind=destroy target=A:G11#1");
    assert_int_equal(fx_strength(&f), 3);
    fx_free(&f);
}

/* INWO-10.4.7, 10.3.5: B's Riot Police attacks General Thorn, aided by the
 * Mercenary Guild and boosted by Shock Troops; A paralyzes the Riot Police
 * (Subpoena, paid by Cobalt Republic) during its own attack: the attack has
 * become illegal and is void with no roll. The Riot Police's token stays
 * spent, the Guild's comes back, Shock Troops is discarded. */
static void test_INWO_10_4_7_attacker_paralyzed(void **state)
{
    (void)state;
    fx f = fx_ex15();
    fx_zone(&f, 0, "A:PL22#1", Z_HAND);
    fx_ex15_aided(&f);
    fx_ok(&f, "play A:PL01#1 target=A:G37#1");
    fx_ok(&f, "pass"); /* C */
    fx_ok(&f, "play A:PL22#1 target=A:G37#1 pay=A:G02#1");
    assert_int_equal(f.s->nrounds, 2); /* Subpoena's, on the attack's */
    fx_pass_round(&f);
    assert_true(inwo_paralyzed(f.s, fx_card(&f, "A:G37#1")));
    fx_pass_round(&f);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(f.s->roll, 0);
    assert_int_equal(f.s->card[fx_card(&f, "A:G11#1")].holder, 0);
    assert_int_equal(tokens(&f, "A:G37#1"), 0);
    assert_int_equal(tokens(&f, "C:G41#1"), 1);
    assert_int_equal(tokens(&f, "A:G02#1"), 0);
    assert_int_equal(f.s->card[fx_card(&f, "A:PL01#1")].zone, Z_DISCARD);
    assert_int_equal(f.s->card[fx_card(&f, "A:PL22#1")].zone, Z_DISCARD);
    assert_int_equal(f.s->pl[1].attacks[ATK_CONTROL][0], 1);
    assert_int_equal(f.s->pl[1].attacks[ATK_CONTROL][1], 0);
    fx_free(&f);
}

/* INWO-10.3.6: in EX-15's attack (S = −9) B's Mercenary Guild aids (+6)
 * and Shock Troops boosts that aid (+10): S = 7. A's Deniable Denial
 * cancels the aid: the attack carries on without it (S = −9, no roll), the
 * Guild's token stays spent and Shock Troops is discarded. */
static void test_INWO_10_3_6_aid_canceled(void **state)
{
    (void)state;
    fx f = fx_ex15();
    fx_zone(&f, 0, "A:PL16#1", Z_HAND);
    fx_ex15_aided(&f);
    fx_ok(&f, "play A:PL01#1 target=C:G41#1");
    assert_int_equal(fx_strength(&f), 7);
    fx_ok(&f, "pass"); /* C */
    fx_ok(&f, "play A:PL16#1 target=i2");
    fx_pass_round(&f);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->roll, 0);
    assert_int_equal(f.s->card[fx_card(&f, "A:G11#1")].holder, 0);
    assert_int_equal(tokens(&f, "C:G41#1"), 0);
    assert_int_equal(f.s->card[fx_card(&f, "A:PL01#1")].zone, Z_DISCARD);
    assert_int_equal(f.s->card[fx_card(&f, "A:PL16#1")].zone, Z_DISCARD);
    fx_free(&f);
}

/* INWO-10.4.8: B freezes Computer groups (Blackout), then attacks Helix
 * Laboratories to destroy it: S = 8 − (4 + 10) = −6. Frozen, it still
 * defends itself: 2 × 4 more against, S = −14 (INWO-5.9.6). */
static void test_INWO_10_4_8_frozen_group_defends_itself(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 2, "C:G23#1", "C:I03#1", SIDE_N);
    fx_group(&f, 2, "C:G21#1", "C:I03#1", SIDE_E);
    fx_zone(&f, 1, "B:PL21#1", Z_HAND);
    fx_main(&f, 1);
    fx_ok(&f, "play B:PL21#1 mode=freeze");
    fx_passes(&f, 3);
    assert_true(inwo_frozen(f.c, f.s, fx_card(&f, "C:G23#1")));
    fx_ok(&f, "attack B:I02#1 kind=destroy target=C:G23#1");
    assert_int_equal(fx_strength(&f), -6);
    fx_ok(&f, "defend"); /* C */
    assert_int_equal(fx_strength(&f), -14);
    assert_int_equal(tokens(&f, "C:G23#1"), 0);
    fx_free(&f);
}

/* INWO-10.4.4: Free Clinics Network (Power 6 with Peace Medal) aids Cobalt
 * Republic's attack to destroy Iron Legion Veterans (LIB and PEACE against
 * CONS and VIOL): S = 7 + 6 − (4 + 10) − 4 × 2 = −9 (Cobalt shares VIOL and
 * CONS with the target). B's Mood Swing turns its PEACE to VIOL for the
 * turn: Peace Medal's link is temporarily illegal, Power 2, and the aid,
 * still eligible by LIB against CONS, stays, now worth 2: S = −13. */
static void test_INWO_10_4_4_contribution_at_its_current_value(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 2, "C:G43#1", "C:I03#1", SIDE_N);
    fx_link(&f, "C:PL08#1", "C:G43#1", LK_PLOT, 1);
    fx_group(&f, 3, "D:G20#1", "D:I04#1", SIDE_N);
    fx_zone(&f, 1, "B:PL11#1", Z_HAND);
    fx_main(&f, 0);
    fx_ok(&f, "attack A:G02#1 kind=destroy target=D:G20#1 privilege=none");
    assert_int_equal(fx_strength(&f), -15);
    fx_ok(&f, "pass"); /* B */
    fx_ok(&f, "aid C:G43#1");
    assert_int_equal(fx_strength(&f), -9);
    fx_passes(&f, 2); /* D, A */
    fx_ok(&f, "play B:PL11#1 target=C:G43#1 choose=PEACE");
    fx_pass_round(&f);
    assert_int_equal(f.s->nrounds, 1);
    assert_int_equal(f.s->nitems, 2); /* the attack and the aid */
    assert_int_equal(fx_value(&f, "C:G43#1", STAT_POWER, CX_ATTACK), 2);
    assert_int_equal(fx_strength(&f), -13);
    fx_free(&f);
}

/* INWO-5.10.5: Free Clinics Network aids Cobalt Republic's attack to
 * control the Sunken Monastery by the PEACE they share: S = 7 + 2 − (6 +
 * 10) − 4 × 1 = −11 (Cobalt's VIOL against its PEACE). Mood Swing turns the
 * Clinics' PEACE to VIOL: no alignment shared and no Global Power, so the
 * aid is removed for good and its token stays spent: S = −13. */
static void test_INWO_5_10_5_contribution_loses_eligibility(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 2, "C:G43#1", "C:I03#1", SIDE_N);
    fx_group(&f, 1, "B:G08#1", "B:I02#1", SIDE_N);
    fx_zone(&f, 1, "B:PL11#1", Z_HAND);
    fx_main(&f, 0);
    fx_ok(&f, "attack A:G02#1 kind=control target=B:G08#1 privilege=none");
    assert_int_equal(fx_strength(&f), -13);
    fx_ok(&f, "pass"); /* B */
    fx_ok(&f, "aid C:G43#1");
    assert_int_equal(fx_strength(&f), -11);
    fx_passes(&f, 2); /* D, A */
    fx_ok(&f, "play B:PL11#1 target=C:G43#1 choose=PEACE");
    fx_pass_round(&f);
    assert_int_equal(f.s->nrounds, 1);
    assert_true(f.s->item[1].who & INWO_I_ILLEGAL);
    assert_int_equal(fx_strength(&f), -13);
    assert_int_equal(tokens(&f, "C:G43#1"), 0);
    fx_free(&f);
}

/* INWO-9.3.6, 10.4.9, 10.4.10: the Crown's Special Goal made to count WEIRD
 * groups destroyed. Turncoat makes Quiet Gardeners WEIRD for good, Mood
 * Swing makes Neighborhood Watch WEIRD for the turn; both are destroyed.
 * This turn both count; from the next turn only the Gardeners, by their
 * records. Brought back to a hand, the Gardeners have their printed
 * alignments again. */
static void test_INWO_9_3_6_destroyed_records_alignments(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    inwo_def *crown = (inwo_def *)inwo_def_of(f.c, fx_card(&f, "D:I04#1"));
    crown->goal.filter = inwo_def_of(f.c, fx_card(&f, "B:I02#1"))->goal.filter; /* WEIRD */
    fx_group(&f, 3, "D:G41#1", "D:I04#1", SIDE_N);
    fx_group(&f, 3, "D:G20#1", "D:I04#1", SIDE_E);
    fx_group(&f, 3, "A:G24#1", "D:I04#1", SIDE_S);
    fx_group(&f, 3, "A:G28#1", "D:I04#1", SIDE_W);
    fx_zone(&f, 3, "A:PL10#1", Z_HAND); /* Turncoat */
    fx_zone(&f, 3, "B:PL11#1", Z_HAND); /* Mood Swing */
    fx_main(&f, 3);
    fx_ok(&f, "play A:PL10#1 target=A:G28#1");
    fx_pass_round(&f);
    fx_ok(&f, "play B:PL11#1 target=A:G24#1 choose=STR");
    fx_pass_round(&f);
    assert_int_equal(fx_align(&f, "A:G28#1"), AL(PEACE) | AL(WEIRD));
    assert_int_equal(fx_align(&f, "A:G24#1"), AL(WEIRD) | AL(CONS));
    int need;
    assert_int_equal(inwo_special_progress(f.c, f.s, 3, &need), 0);
    fx_ok(&f, "attack D:G41#1 kind=destroy target=A:G24#1");
    fx_dice(&f, 1, 1);
    fx_pass_round(&f);
    fx_ok(&f, "attack D:G20#1 kind=destroy target=A:G28#1");
    fx_dice(&f, 1, 1);
    fx_pass_round(&f);
    assert_int_equal(f.s->card[fx_card(&f, "A:G24#1")].zone, Z_DESTROYED);
    assert_int_equal(f.s->card[fx_card(&f, "A:G28#1")].zone, Z_DESTROYED);
    assert_int_equal(inwo_special_progress(f.c, f.s, 3, &need), 2);
    fx_ok(&f, "end_main");
    fx_pass_round(&f);
    fx_ok(&f, "done"); /* step 6 */
    fx_pass_round(&f);
    fx_knock(&f);
    assert_int_equal(f.s->active, 0);
    assert_int_equal(inwo_special_progress(f.c, f.s, 3, &need), 1);
    fx_zone(&f, 0, "A:PL45#1", Z_HAND); /* Back from the Brink */
    fx_pass_round(&f);                  /* A's upkeep */
    while (f.s->point != PT_MAIN)
        fx_ok(&f, "done"); /* steps 1 to 3 */
    fx_ok(&f, "play A:PL45#1 target=A:G28#1");
    fx_pass_round(&f);
    assert_int_equal(f.s->card[fx_card(&f, "A:G28#1")].zone, Z_HAND);
    assert_int_equal(fx_align(&f, "A:G28#1"), AL(PEACE) | AL(STR));
    assert_int_equal(inwo_special_progress(f.c, f.s, 3, &need), 0);
    fx_free(&f);
}

/* The link of card a: the card at its far end, and its status. */
static int link_end(const fx *f, const char *a, int *status)
{
    int k = inwo_link_of(f->s, fx_card(f, a));
    assert_true(k >= 0);
    *status = f->s->link[k].what >> 4 & 3;
    return f->s->link[k].b;
}

/* INWO-6.5, 5.13.5: the Lodge destroys its own Neighborhood Watch, which
 * carries Straight Arrow and Sunken Codex (B's, Unique); General Thorn, its
 * puppet, carries Iron Will, the Archive of Names (a permanent link) and
 * D's Crystal Lens (a temporary one). Straight Arrow is discarded, the Codex
 * destroyed (no copy may be played again); Thorn goes to A's hand with Iron
 * Will and the Archive waiting, the Lens goes back to the Lodge. Thorn,
 * attacked from hand and back in play, has both again: Power 5 + 3,
 * Resistance 8. */
static void test_INWO_6_5_the_cards_remember(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 0, "A:G24#1", "A:I01#1", SIDE_N);
    fx_group(&f, 0, "A:G11#1", "A:G24#1", SIDE_N);
    fx_link(&f, "A:PL09#1", "A:G24#1", LK_PLOT, 1);
    fx_link(&f, "B:R01#1", "A:G24#1", LK_RESOURCE, 0);
    fx_link(&f, "A:PL15#1", "A:G11#1", LK_PLOT, 1);
    fx_link(&f, "A:R08#1", "A:G11#1", LK_RESOURCE, 1);
    fx_link(&f, "D:R05#1", "A:G11#1", LK_RESOURCE, 0);
    fx_main(&f, 0);
    fx_ok(&f, "attack A:I01#1 kind=destroy target=A:G24#1 privilege=none");
    assert_int_equal(fx_strength(&f), 6); /* 10 − 2 × 2: no position bonus on one's own */
    fx_dice(&f, 1, 1);
    fx_pass_round(&f);
    const inwo_card *v = f.s->card;
    assert_int_equal(v[fx_card(&f, "A:G24#1")].zone, Z_DESTROYED);
    assert_int_equal(v[fx_card(&f, "A:PL09#1")].zone, Z_DISCARD);
    assert_int_equal(v[fx_card(&f, "B:R01#1")].zone, Z_DISCARD);
    assert_int_equal(v[fx_card(&f, "B:R01#1")].holder, 1);
    assert_false(inwo_copy_free(f.c, f.s, fx_card(&f, "B:R01#1"))); /* INWO-5.13.5 */
    assert_int_equal(v[fx_card(&f, "A:G11#1")].zone, Z_HAND);
    int status;
    assert_int_equal(link_end(&f, "A:PL15#1", &status), fx_card(&f, "A:G11#1"));
    assert_int_equal(status, LS_INACTIVE_TEMPORARY);
    assert_int_equal(v[fx_card(&f, "A:PL15#1")].zone, Z_TABLE);
    assert_int_equal(link_end(&f, "A:R08#1", &status), fx_card(&f, "A:G11#1"));
    assert_int_equal(status, LS_INACTIVE_TEMPORARY);
    assert_int_equal(v[fx_card(&f, "A:R08#1")].zone, Z_RESOURCE);
    /* the Lens does not work on an Illuminati: idle until re-linked (6.4.6) */
    assert_int_equal(link_end(&f, "D:R05#1", &status), fx_card(&f, "A:I01#1"));
    assert_int_equal(status, LS_INACTIVE_PERMANENT);
    f.s->card[fx_card(&f, "A:I01#1")].u.p.tokens = 1;
    fx_ok(&f, "attack A:I01#1 kind=control target=A:G11#1 privilege=none");
    assert_int_equal(fx_strength(&f), 6); /* Resistance 4 in hand */
    fx_dice(&f, 1, 1);
    fx_pass_round(&f);
    fx_ok(&f, "arrow A:I01#1/E");
    assert_int_equal(v[fx_card(&f, "A:G11#1")].zone, Z_STRUCTURE);
    assert_int_equal(link_end(&f, "A:PL15#1", &status), fx_card(&f, "A:G11#1"));
    assert_int_equal(status, LS_ACTIVE);
    assert_int_equal(link_end(&f, "A:R08#1", &status), fx_card(&f, "A:G11#1"));
    assert_int_equal(status, LS_ACTIVE);
    assert_int_equal(fx_value(&f, "A:G11#1", STAT_POWER, CX_BASE), 8);
    assert_int_equal(fx_value(&f, "A:G11#1", STAT_RES, CX_BASE), 8);
    fx_free(&f);
}

/* INWO-10.1.1, 10.1.4: D may not attack his hand's Cobalt Republic while
 * A's copy is in play; once A's copy is discarded, never destroyed, he may. */
static void test_INWO_10_1_copies_in_play(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_zone(&f, 3, "D:G02#1", Z_HAND);
    fx_zone(&f, 3, "D:G11#1", Z_HAND); /* two targets in hand: the target is asked */
    fx_main(&f, 3);
    fx_refused(&f, "attack D:I04#1 kind=control target=D:G02#1", "INWO-10.1.1",
               "G02 is in play or was destroyed");
    fx_zone(&f, 0, "A:G02#1", Z_DISCARD);
    fx_ok(&f, "attack D:I04#1 kind=control target=D:G02#1");
    assert_int_equal(f.s->card[fx_card(&f, "D:G02#1")].zone, Z_PENDING);
    fx_free(&f);
}

/* INWO-10.2.3: C plays a second Obsidian Lodge; Riot Police, his, attacks A's
 * Cobalt Republic: S = 4 + 5 − (6 + 10) + 4 × 2 = 1 (GOV and VIOL shared);
 * against a rival of another Illuminati the same attack is 5 less. */
static void test_INWO_10_2_3_faction_bonus(void **state)
{
    (void)state;
    for (int faction = 1; faction >= 0; faction--) {
        fx f = fx_new(faction ? "players=3 p2=deck_a" : "players=3");
        fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
        fx_group(&f, 2, "A:G37#1", faction ? "C:I01#1" : "C:I03#1", SIDE_N);
        fx_main(&f, 2);
        fx_ok(&f, faction ? "attack A:G37#1 kind=control target=A:G02#1 privilege=none"
                          : "attack A:G37#1 kind=control target=A:G02#1");
        assert_int_equal(fx_strength(&f), faction ? 1 : -4);
        fx_free(&f);
    }
}

/* INWO-5.2.1, 5.2.2: a Resource's token does not buy a Plot, even with a
 * group's. */
static void test_INWO_5_2_2_resource_tokens_do_not_buy(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 3, "D:G41#1", "D:I04#1", SIDE_N);
    fx_link(&f, "D:R06#1", "D:I04#1", LK_RESOURCE, 0); /* Veteran Mercenaries: takes tokens */
    fx_main(&f, 3);
    f.s->card[fx_card(&f, "D:R06#1")].u.p.tokens = 1;
    f.s->card[fx_card(&f, "D:I04#1")].u.p.tokens = 0;
    fx_refused(&f, "buy", "INWO-5.2.1",
               "a Plot costs 1 Illuminati token or 2 tokens of other groups");
    fx_free(&f);
}

/* INWO-5.4.3, 10.3.1: A's Group draw canceled by Deniable Denial: its token
 * stays spent, and the once-a-turn draw may be tried again. */
static void test_INWO_5_4_3_canceled_draw_tried_again(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_zone(&f, 1, "B:PL16#1", Z_HAND);
    fx_main(&f, 0);
    f.s->card[fx_card(&f, "A:I01#1")].u.p.tokens = 2;
    int hand = f.s->npile[0][Z_HAND];
    fx_ok(&f, "draw_group");
    fx_ok(&f, "play B:PL16#1 target=i1");
    fx_pass_round(&f);
    assert_int_equal(f.s->npile[0][Z_HAND], hand);
    assert_int_equal(tokens(&f, "A:I01#1"), 1);
    fx_ok(&f, "draw_group");
    fx_pass_round(&f);
    assert_int_equal(f.s->npile[0][Z_HAND], hand + 1);
    assert_int_equal(tokens(&f, "A:I01#1"), 0);
    fx_free(&f);
}

/* INWO-5.5.1, 5.18.3: a group is not moved into its own subtree, nor onto
 * a paralyzed card, and a paralyzed card does not pay. */
static void test_INWO_5_5_1_move_refusals(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 0, "A:G11#1", "A:G02#1", SIDE_N);
    fx_group(&f, 0, "A:G17#1", "A:I01#1", SIDE_E);
    fx_main(&f, 0);
    fx_refused(&f, "move A:G02#1 arrow=A:G11#1/N pay=A:G02#1", "INWO-5.5.1",
               "that arrow is in the moving subtree");
    f.s->card[fx_card(&f, "A:G17#1")].flags |= INWO_F_PARALYZED;
    fx_refused(&f, "move A:G11#1 arrow=A:G17#1/N pay=A:G11#1", "INWO-5.18.3",
               "G17 is paralyzed: it takes no new puppet");
    fx_refused(&f, "move A:G11#1 arrow=A:I01#1/W pay=A:G17#1", "INWO-5.5.1",
               "the group, its master, the arrow's card or your Illuminati pays");
    fx_free(&f);
}

/* INWO-6.5.3: Port Vesper, Devastated, is a puppet of Neighborhood Watch,
 * which the Lodge destroys: Vesper goes to A's hand still Devastated, and
 * comes back into play so, receiving no token (INWO-5.1.3). */
static void test_INWO_6_5_3_devastation_kept_through_a_hand(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 0, "A:G24#1", "A:I01#1", SIDE_N);
    int vesper = fx_group(&f, 0, "A:G01#1", "A:G24#1", SIDE_N);
    f.s->card[vesper].flags |= INWO_F_DEVASTATED;
    f.s->card[vesper].u.p.tokens = 0;
    fx_main(&f, 0);
    fx_ok(&f, "attack A:I01#1 kind=destroy target=A:G24#1 privilege=none");
    fx_dice(&f, 1, 1);
    fx_pass_round(&f);
    assert_int_equal(f.s->card[vesper].zone, Z_HAND);
    assert_true(f.s->card[vesper].flags & INWO_F_DEVASTATED);
    f.s->card[fx_card(&f, "A:I01#1")].u.p.tokens = 1;
    fx_ok(&f, "attack A:I01#1 kind=control target=A:G01#1 privilege=none");
    assert_int_equal(fx_strength(&f), 6); /* 10 − 4: from hand, no position bonus */
    fx_dice(&f, 1, 1);
    fx_pass_round(&f);
    fx_ok(&f, "arrow A:I01#1/E");
    assert_int_equal(f.s->card[vesper].zone, Z_STRUCTURE);
    assert_true(f.s->card[vesper].flags & INWO_F_DEVASTATED);
    assert_false(inwo_receives_tokens(f.c, f.s, vesper));
    fx_free(&f);
}

/* INWO-5.8.2: B uses Signal Jammer to turn Neighborhood Watch's STR to
 * WEIRD; D answers with Sabotage, which destroys the Jammer first: the
 * ability's source has left play, its own token's payment with it
 * (INWO-10.3.2: no other card may pay a `self` cost), so it fails and the
 * Watch stays as it was. */
static void test_INWO_5_8_2_ability_of_a_card_gone(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 0, "A:G24#1", "A:I01#1", SIDE_N);
    fx_group(&f, 3, "D:G41#1", "D:I04#1", SIDE_N);
    fx_group(&f, 3, "D:G20#1", "D:I04#1", SIDE_E);
    fx_link(&f, "B:R02#1", "B:I02#1", LK_RESOURCE, 0);
    fx_zone(&f, 3, "D:PL47#1", Z_HAND); /* Sabotage */
    fx_main(&f, 1);
    f.s->card[fx_card(&f, "B:R02#1")].u.p.tokens = 1;
    fx_ok(&f, "use B:R02#1 target=A:G24#1 choose=STR");
    fx_ok(&f, "pass");                                                 /* C */
    fx_ok(&f, "play D:PL47#1 target=B:R02#1 pay=D:G41#1 pay=D:G20#1"); /* a nested root */
    assert_int_equal(f.s->nrounds, 2);
    fx_pass_round(&f);
    assert_int_equal(f.s->card[fx_card(&f, "B:R02#1")].zone, Z_DISCARD);
    assert_int_equal(f.s->nrounds, 1);
    fx_pass_round(&f);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(fx_align(&f, "A:G24#1"), AL(STR) | AL(CONS));
    assert_int_equal(f.s->nrecords, 0);
    fx_free(&f);
}

/* INWO-5.15.1, 5.15.4: the Choir's structure is immune to STR groups, so
 * A's Bureau of Standards may not attack Moonlit Poets; in B's own
 * structure the same Bureau may, as no one is immune to what he controls. */
static void test_INWO_5_15_4_not_immune_to_ones_own(void **state)
{
    (void)state;
    for (int seat = 0; seat < 2; seat++) {
        fx f = fx_new("players=3");
        fx_group(&f, seat, "A:G17#1", seat ? "B:I02#1" : "A:I01#1", SIDE_E);
        fx_group(&f, 1, "B:G19#1", "B:I02#1", SIDE_N);
        fx_group(&f, 2, "C:G21#1", "C:I03#1", SIDE_N); /* a second target: it is asked */
        fx_main(&f, seat);
        if (seat)
            fx_ok(&f, "attack A:G17#1 kind=destroy target=B:G19#1");
        else
            fx_refused(&f, "attack A:G17#1 kind=destroy target=B:G19#1 privilege=none",
                       "INWO-5.15.1", "G19 is immune to G17");
        fx_free(&f);
    }
}

/* INWO-4.6.6, 5.2.1: in B's attack round C, polled first, buys a Plot with
 * his Illuminati's token: he draws it and still holds priority; his pass
 * then hands it to A, as if the purchase had not been made. */
static void test_INWO_4_6_6_buying_keeps_priority(void **state)
{
    (void)state;
    fx f = fx_ex15();
    fx_ok(&f, "attack A:G37#1 kind=control target=A:G11#1");
    int hand = f.s->npile[2][Z_HAND];
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), 2);
    fx_ok(&f, "buy");
    assert_int_equal(f.s->npile[2][Z_HAND], hand + 1);
    assert_int_equal(tokens(&f, "C:I04#1"), 0);
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), 2);
    fx_ok(&f, "pass");
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), 0);
    fx_passes(&f, 2); /* A, B: the round closes */
    assert_int_equal(f.s->point, PT_MAIN);
    fx_free(&f);
}

/* INWO-5.18.3, 9.3.2: General Thorn with the Archive of Names (+3) and Iron
 * Will (Resistance at least 8) is paralyzed: the Archive, a Resource, stops
 * (Power 5), Iron Will, a Plot, does not; Thorn counts for no Goal. */
static void test_INWO_5_18_3_paralyzed_resources_and_goals(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    int thorn = fx_group(&f, 0, "A:G11#1", "A:I01#1", SIDE_N);
    fx_link(&f, "A:R08#1", "A:G11#1", LK_RESOURCE, 1);
    fx_link(&f, "A:PL15#1", "A:G11#1", LK_PLOT, 1);
    fx_main(&f, 0);
    int need;
    assert_int_equal(fx_value(&f, "A:G11#1", STAT_POWER, CX_BASE), 8);
    assert_int_equal(inwo_special_progress(f.c, f.s, 0, &need), 8);
    assert_int_equal(inwo_groups_counted(f.c, f.s, 0), 2);
    f.s->card[thorn].flags |= INWO_F_PARALYZED;
    inwo_links_update(f.c, f.s);
    assert_int_equal(fx_value(&f, "A:G11#1", STAT_POWER, CX_BASE), 5);
    assert_int_equal(fx_value(&f, "A:G11#1", STAT_RES, CX_BASE), 8);
    assert_int_equal(inwo_special_progress(f.c, f.s, 0, &need), 0);
    assert_int_equal(inwo_groups_counted(f.c, f.s, 0), 1);
    fx_free(&f);
}

/* INWO-9.2.4: B concedes during his own attack, aided by his Mercenary
 * Guild: his turn ends at once, his items go without effect, his cards
 * leave the game (those of A's and C's decks in his structure too), and
 * C's turn begins. */
static void test_INWO_9_2_4_active_player_concedes(void **state)
{
    (void)state;
    fx f = fx_ex15();
    fx_ok(&f, "attack A:G37#1 kind=control target=A:G11#1");
    fx_passes(&f, 2);
    fx_ok(&f, "aid C:G41#1");
    tt_error err;
    assert_int_equal(tt_offturn_apply(f.g, (tt_state *)f.s, 1, TT_CONCEDE, NULL, &err), TT_OK);
    fx_sane(&f);
    assert_int_equal(f.s->head.over, 0);
    assert_true(f.s->head.eliminated & 1u << 1);
    assert_int_equal(f.s->active, 2);
    assert_int_equal(f.s->round, 5);
    assert_int_equal(f.s->point, PT_UPKEEP);
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(f.s->card[fx_card(&f, "A:G37#1")].zone, Z_REMOVED);
    assert_int_equal(f.s->card[fx_card(&f, "C:G41#1")].zone, Z_REMOVED);
    assert_int_equal(f.s->card[fx_card(&f, "A:PL01#1")].zone, Z_REMOVED); /* his hand */
    assert_int_equal(f.s->card[fx_card(&f, "A:G11#1")].holder, 0);
    fx_free(&f);
}

/* INWO-9.2.4, 9.5.3: C, polled first in B's attack, concedes: A is polled
 * next; then A concedes too, and B, the last one left, wins (CONCEDED). */
static void test_INWO_9_2_4_last_rival_concedes(void **state)
{
    (void)state;
    fx f = fx_ex15();
    fx_ok(&f, "attack A:G37#1 kind=control target=A:G11#1");
    tt_error err;
    assert_int_equal(tt_offturn_apply(f.g, (tt_state *)f.s, 2, TT_CONCEDE, NULL, &err), TT_OK);
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), 0);
    assert_int_equal(f.s->nitems, 1);
    fx_sane(&f);
    assert_int_equal(tt_offturn_apply(f.g, (tt_state *)f.s, 0, TT_CONCEDE, NULL, &err), TT_OK);
    assert_int_equal(f.s->head.over, 1);
    assert_int_equal(f.s->head.reason, R_CONCEDED);
    assert_int_equal(f.s->head.rank[1], 1);
    assert_int_equal(f.s->head.rank[0], 2);
    assert_int_equal(f.s->head.rank[2], 2);
    fx_free(&f);
}

/* INWO-5.9.6 (c), 10.1.7: B boosts his Riot Police with a Shock Troops;
 * no other copy of it may he play in this attack, not even on his aiding
 * Mercenary Guild, whoever owns the copy. */
static void test_INWO_5_9_6_one_copy_per_player_and_attack(void **state)
{
    (void)state;
    fx f = fx_ex15();
    fx_zone(&f, 1, "C:PL01#1", Z_HAND);
    fx_zone(&f, 1, "C:PL01#2", Z_HAND);
    fx_ex15_aided(&f);
    fx_ok(&f, "play C:PL01#1 target=A:G37#1");
    fx_passes(&f, 2);
    fx_refused(&f, "play C:PL01#2 target=C:G41#1", "INWO-5.9.6",
               "you have played PL01 in this attack already");
    fx_refused(&f, "play A:PL01#1", "INWO-5.9.6", "you have played PL01 in this attack already");
    fx_free(&f);
}

/* INWO-4.8.3 (b): with two players, before both have completed a turn, no
 * attack on the rival's groups, Instant Attacks included; A's Sinkhole may
 * still hit his own Place. */
static void test_INWO_4_8_3_no_instant_attack_on_the_rival_yet(void **state)
{
    (void)state;
    fx f = fx_new("players=2");
    fx_group(&f, 1, "B:G08#1", "B:I02#1", SIDE_N); /* the Sunken Monastery, a Place */
    fx_group(&f, 0, "A:G01#1", "A:I01#1", SIDE_N); /* Port Vesper, a Place */
    fx_zone(&f, 0, "A:PL36#1", Z_HAND);
    fx_main(&f, 0);
    f.s->pl[1].completed = 0;
    fx_refused(&f, "play A:PL36#1 target=B:G08#1", "INWO-4.8.3",
               "no attack on a rival before both completed a turn");
    fx_ok(&f, "play A:PL36#1 target=A:G01#1");
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_INWO_4_6_6_buying_keeps_priority),
        cmocka_unit_test(test_INWO_4_8_3_no_instant_attack_on_the_rival_yet),
        cmocka_unit_test(test_INWO_5_2_2_resource_tokens_do_not_buy),
        cmocka_unit_test(test_INWO_5_4_3_canceled_draw_tried_again),
        cmocka_unit_test(test_INWO_5_5_1_move_refusals),
        cmocka_unit_test(test_INWO_5_8_2_ability_of_a_card_gone),
        cmocka_unit_test(test_INWO_5_9_6_one_copy_per_player_and_attack),
        cmocka_unit_test(test_INWO_5_10_5_contribution_loses_eligibility),
        cmocka_unit_test(test_INWO_5_15_4_not_immune_to_ones_own),
        cmocka_unit_test(test_INWO_5_18_3_paralyzed_resources_and_goals),
        cmocka_unit_test(test_INWO_6_5_the_cards_remember),
        cmocka_unit_test(test_INWO_6_5_3_devastation_kept_through_a_hand),
        cmocka_unit_test(test_INWO_9_2_4_active_player_concedes),
        cmocka_unit_test(test_INWO_9_2_4_last_rival_concedes),
        cmocka_unit_test(test_INWO_9_3_6_destroyed_records_alignments),
        cmocka_unit_test(test_INWO_10_1_copies_in_play),
        cmocka_unit_test(test_INWO_10_2_3_faction_bonus),
        cmocka_unit_test(test_INWO_10_3_6_aid_canceled),
        cmocka_unit_test(test_INWO_10_4_3_attack_with_power_0),
        cmocka_unit_test(test_INWO_10_4_4_contribution_at_its_current_value),
        cmocka_unit_test(test_INWO_10_4_5_illuminati_untouchable),
        cmocka_unit_test(test_INWO_10_4_6_captured_group_attacked_again),
        cmocka_unit_test(test_INWO_10_4_7_attacker_paralyzed),
        cmocka_unit_test(test_INWO_10_4_8_frozen_group_defends_itself),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
