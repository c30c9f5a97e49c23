/* Tannhäuser: the worked examples of the rules file (section 10) on duels,
 * attacks, grenades, the outcome procedure and death: EX-10, EX-16, EX-18 …
 * EX-25, EX-29 and EX-38. The other examples are in
 * test_tannhauser_examples.c.
 *
 * Same conventions: the sample content, Story mode at Normal difficulty, only
 * the characters the example names, both VP pools 0, rigged dice in the order
 * the example lists them (TAN-7.2), and the exact pools checked through the
 * core's dice events (dice, DS, modifier, successes). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/dice.h"
#include "core/rng.h"
#include "tan_fixture.h"

#define COV TAN_COV
#define LEG TAN_LEG

static int core_pool(const int *faces, int n, int ds, int mod)
{
    tt_rng rng;
    tt_rng_seed(&rng, 7);
    tt_dice_rig rig = {0};
    assert_int_equal(tt_dice_rig_add(&rig, faces, n, 10), TT_OK);
    tt_pool_roll r;
    return tt_pool_d10(&rng, &rig, n, ds, mod, &r, NULL, 0);
}

static int vp_spent(const tan_fx *f, const char *char_id)
{
    return f->s->unit[tan_fx_unit(f, char_id)].vp_spent;
}

static int to_move(const tan_fx *f)
{
    return tt_to_move(f->g, (const tt_state *)f->s);
}

/* --- duels (TAN-5.3) --------------------------------------------------------------------- */

/* EX-10. A Stamina duel 5 against 4: 2 successes each; the tie goes to the
 * defender. In play: Varga (Stamina 5) bull-rushes the Legion Ranger at 1
 * wound (Stamina 4) and gets no passage. */
static void test_EX_10_duel_tie_goes_to_defender(void **state)
{
    tan_fx *f = *state;
    const int ini[] = {2, 4, 7, 1, 3}, def[] = {5, 9, 2, 1};
    assert_int_equal(core_pool(ini, 5, 4, 0), 2);
    assert_int_equal(core_pool(def, 4, 5, 0), 2);

    tan_fx_put(f, "varga", PACK_COMBAT, "n1");
    tan_fx_put(f, "leg_ranger", PACK_COMBAT, "n2");
    tan_fx_wounds(f, "leg_ranger", 1);
    tan_fx_cycle(f, "varga", 0);
    tan_fx_sane(f);
    assert_int_equal(tan_fx_cur(f, "varga", STAT_STAMINA), 5);
    assert_int_equal(tan_fx_cur(f, "leg_ranger", STAT_STAMINA), 4);
    tan_fx_rig(f, "2 4 7 1 3 5 9 2 1");
    tan_fx_apply(f, "bullrush leg_ranger");
    tan_fx_assert_pool(f, 0, 5, 4, 0, 2);
    tan_fx_assert_pool(f, 1, 4, 5, 0, 2);
    assert_int_equal(tan_fx_event(f, EV_BULLRUSH, 0)->c, 0); /* lost */
    assert_int_equal(f->s->passage, PASS_NONE);
    assert_true(f->s->action_taken);
    tan_fx_refuse(f, "move n2", "E_ENEMY_OCCUPIED", "TAN-5.4.4");
}

/* --- DS clamp (TAN-5.1.5) ---------------------------------------------------------------- */

/* EX-16 (a). Kessel with four Trench Plates on r02 has Stamina 7 + 4 + 1 = 12:
 * the DS is 10. Calloway at 5 wounds (Combat 3) hits him unarmed (2 dice) with
 * Steady Aim (+1): faces 10 and 9 read 10 and 10, 2 successes (1 wound, the
 * unarmed maximum). */
static void test_EX_16a_ds_clamp_attack(void **state)
{
    tan_fx *f = *state;
    const int faces[] = {10, 9};
    assert_int_equal(tan_ds(12), 10);
    assert_int_equal(core_pool(faces, 2, tan_ds(12), 1), 2);

    tan_fx_put(f, "calloway", PACK_COMBAT, "r01");
    tan_fx_wounds(f, "calloway", 5);
    tan_fx_put(f, "kessel", PACK_STAMINA, "r02");
    tan_fx_remove(f, tan_fx_carried(f, "kessel", "brand"));
    tan_fx_remove(f, tan_fx_carried(f, "kessel", "dressing"));
    tan_fx_remove(f, tan_fx_carried(f, "kessel", "kessel_maul"));
    for (int k = 0; k < 3; k++)
        tan_fx_give(f, "kessel", "trench_plate");
    tan_fx_cycle(f, "calloway", 0);
    tan_fx_sane(f);
    assert_int_equal(tan_fx_cur(f, "kessel", STAT_STAMINA), 12);
    tan_fx_rig(f, "10 9");
    tan_fx_apply(f, "attack kessel unarmed");
    tan_fx_assert_pool(f, 0, 2, 10, 1, 2);
    assert_int_equal(tan_fx_wounds_of(f, "kessel"), 1);
    assert_int_equal(tan_fx_pending(f), F_NONE);
}

/* EX-16 (b). A Psyche duel against Kessel at 5 wounds (Psyche 1): the
 * initiator's DS is 2, so a natural 1 fails and a 2 succeeds. Pike (Psyche 3),
 * given a Whisper of Ash since the sample Legion has no mental weapon, rolls
 * 1, 2, 1: one success; Kessel's 3 at DS 3 ties it, and the tie is his. */
static void test_EX_16b_ds_clamp_psyche_duel(void **state)
{
    tan_fx *f = *state;
    const int faces[] = {1, 2, 1};
    assert_int_equal(tan_ds(1), 2);
    assert_int_equal(core_pool(faces, 3, tan_ds(1), 0), 1);

    tan_fx_put(f, "pike", PACK_COMBAT, "n1");
    tan_fx_give(f, "pike", "ash_whisper");
    tan_fx_put(f, "kessel", PACK_COMBAT, "n3");
    tan_fx_wounds(f, "kessel", 5);
    tan_fx_cycle(f, "pike", 0);
    tan_fx_sane(f);
    assert_int_equal(tan_fx_cur(f, "kessel", STAT_PSYCHE), 1);
    tan_fx_rig(f, "1 2 1 3");
    tan_fx_apply(f, "attack kessel ash_whisper");
    tan_fx_assert_pool(f, 0, 3, 2, 0, 1);
    tan_fx_assert_pool(f, 1, 1, 3, 0, 1);
    assert_int_equal(tan_fx_wounds_of(f, "kessel"), 5);
    assert_int_equal(tan_fx_event(f, EV_WOUNDS, 0)->b, 0);
}

/* --- attacks (TAN-5.7) ------------------------------------------------------------------- */

/* EX-18. Calloway (STAMINA pack) on n1 shoots the Rifleman on n5 with the
 * Kestrel: 6 dice at DS 5, 3 successes, 1 wound (the pistol's maximum); no
 * VP, so no shrug and no counter. Then the Ranger on n4, activated next (the
 * Rifleman has had his cycle), is one circle too close for the carbine. */
static void test_EX_18_pistol_capped_automatic_min_range(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "calloway", PACK_STAMINA, "n1");
    tan_fx_put(f, "cov_rifleman", PACK_COMBAT, "n5");
    tan_fx_put(f, "leg_ranger", PACK_COMBAT, "n4");
    tan_fx_activated(f, "cov_rifleman", 1);
    tan_fx_cycle(f, "calloway", 0);
    tan_fx_sane(f);
    tan_fx_rig(f, "3 5 10 1 7 4");
    tan_fx_apply(f, "attack cov_rifleman kestrel");
    tan_fx_assert_pool(f, 0, 6, 5, 0, 3);
    assert_int_equal(tan_fx_wounds_of(f, "cov_rifleman"), 1);
    assert_int_equal(tan_fx_cur(f, "cov_rifleman", STAT_STAMINA), 4); /* row 1 */
    assert_int_equal(tan_fx_pending(f), F_NONE);
    assert_int_equal(tan_fx_events(f, EV_SHRUG), 0);
    assert_int_equal(to_move(f), LEG);
    tan_fx_apply(f, "end");
    tan_fx_apply(f, "activate leg_ranger");
    tan_fx_refuse(f, "attack cov_rifleman marrow", "E_OUT_OF_RANGE", "TAN-5.7.2");
}

/* EX-19. Pike's Brand Machine Gun against Kessel in cover on r02: pool 7 + 2 +
 * 1 (Spare Drum) = 10 at DS 9 (7 + plate + circle); 3 successes, 3 wounds. */
static void test_EX_19_cover_and_heavy_weapon(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "pike", PACK_COMBAT, "r20");
    tan_fx_put(f, "kessel", PACK_STAMINA, "r02");
    tan_fx_cycle(f, "pike", 0);
    tan_fx_sane(f);
    assert_int_equal(tan_pd(f->c, tan_fx_circle(f, "r20"), tan_fx_circle(f, "r02")), 4);
    assert_int_equal(tan_fx_cur(f, "kessel", STAT_STAMINA), 9);
    tan_fx_rig(f, "8 2 9 7 10 1 8 3 9 6");
    tan_fx_apply(f, "attack kessel brand");
    tan_fx_assert_pool(f, 0, 10, 9, 0, 3);
    assert_int_equal(tan_fx_wounds_of(f, "kessel"), 3);
    assert_int_equal(tan_fx_cur(f, "kessel", STAT_COMBAT), 5);
    assert_int_equal(tan_fx_cur(f, "kessel", STAT_STAMINA), 8);
    assert_int_equal(tan_fx_cur(f, "kessel", STAT_MOVEMENT), 3);
    assert_int_equal(tan_fx_cur(f, "kessel", STAT_PSYCHE), 2);
    assert_int_equal(tan_fx_pending(f), F_NONE);
}

/* EX-20 (a). Kessel on w3 and the Sapper on r10 are linked by a door: no
 * common colour, no line of sight, no hand-to-hand. */
static void test_EX_20a_hand_to_hand_needs_same_path(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "kessel", PACK_COMBAT, "w3");
    tan_fx_put(f, "leg_sapper", PACK_COMBAT, "r10");
    tan_fx_cycle(f, "kessel", 0);
    tan_fx_sane(f);
    tan_fx_refuse(f, "attack leg_sapper trench_blade", "E_NO_LOS", "TAN-2.4.3");
}

/* EX-20 (b). The Sapper on w4: Kessel's Maul, 8 dice at DS 5, 5 successes, 3
 * wounds = his 3 rows: killed; Covenant +1 VP; his Kestrel and two Thunder Eggs
 * lie on w4, not fresh. */
static void test_EX_20b_maul_kills_sapper(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "kessel", PACK_COMBAT, "w3");
    tan_fx_put(f, "leg_sapper", PACK_COMBAT, "w4");
    tan_fx_cycle(f, "kessel", 0);
    tan_fx_sane(f);
    tan_fx_rig(f, "5 5 1 9 2 6 3 10");
    tan_fx_apply(f, "attack leg_sapper kessel_maul");
    tan_fx_assert_pool(f, 0, 8, 5, 0, 5);
    assert_int_equal(tan_fx_event(f, EV_WOUNDS, 0)->b, 3);
    assert_int_equal(tan_fx_wounds_of(f, "leg_sapper"), 3);
    assert_int_equal(tan_fx_status(f, "leg_sapper"), ST_DEAD);
    assert_int_equal(f->s->unit[tan_fx_unit(f, "leg_sapper")].death_turn, 1);
    assert_int_equal(f->s->pl[COV].vp, 1);
    assert_int_equal(tan_fx_lying(f, "kestrel", "w4"), 1);
    assert_int_equal(tan_fx_lying(f, "thunder_egg", "w4"), 2);
    for (int i = 0; i < f->s->ninst; i++)
        if (f->s->item[i].where == W_CIRCLE)
            assert_false(f->s->item[i].fresh);
    assert_int_equal(tan_fx_event(f, EV_KILLED, 0)->c, 1);
    assert_int_equal(f->s->phase, PH_CYCLE); /* Kessel's cycle goes on */
}

/* --- bull rush (TAN-5.6) ----------------------------------------------------------------- */

static void bullrush_position(tan_fx *f)
{
    tan_fx_put(f, "sorel", PACK_STAMINA, "n1");
    tan_fx_put(f, "cov_rifleman", PACK_COMBAT, "n2");
    tan_fx_put(f, "cov_grenadier", PACK_COMBAT, "n3");
    tan_fx_cycle(f, "sorel", 0);
    tan_fx_sane(f);
    assert_int_equal(tan_fx_cur(f, "sorel", STAT_STAMINA), 5);
    assert_int_equal(tan_fx_mp(f), 7);
}

/* EX-21. Sorel wins the Stamina duel 3–1 and crosses the Rifleman on n2 and the
 * Grenadier on n3 to n4: 3 MP spent, 4 left; neither enemy is harmed. */
static void test_EX_21_bull_rush_won_chain(void **state)
{
    tan_fx *f = *state;
    bullrush_position(f);
    tan_fx_rig(f, "10 6 5 2 3 1 3 9 2 2");
    tan_fx_apply(f, "bullrush cov_rifleman");
    tan_fx_assert_pool(f, 0, 5, 5, 0, 3);
    tan_fx_assert_pool(f, 1, 5, 5, 0, 1);
    assert_int_equal(tan_fx_event(f, EV_BULLRUSH, 0)->c, 1);
    assert_int_equal(f->s->passage, PASS_ONTO);
    tan_fx_apply(f, "move n2");
    assert_int_equal(f->s->passage, PASS_CHAIN);
    tan_fx_apply(f, "move n3");
    assert_int_equal(f->s->passage, PASS_CHAIN);
    tan_fx_apply(f, "move n4");
    assert_int_equal(f->s->passage, PASS_NONE);
    assert_int_equal(tan_fx_on(f, "sorel"), tan_fx_circle(f, "n4"));
    assert_int_equal(f->s->mp_spent, 3);
    assert_int_equal(tan_fx_mp(f), 4);
    assert_true(f->s->action_taken);
    assert_int_equal(tan_fx_wounds_of(f, "cov_rifleman"), 0);
    assert_int_equal(tan_fx_wounds_of(f, "cov_grenadier"), 0);
    assert_int_equal(tan_fx_on(f, "cov_rifleman"), tan_fx_circle(f, "n2"));
    assert_int_equal(tan_fx_on(f, "cov_grenadier"), tan_fx_circle(f, "n3"));
}

/* EX-22. Both roll no success: the tie is the Rifleman's. No passage, no other
 * action, but Sorel may still walk away. */
static void test_EX_22_bull_rush_lost(void **state)
{
    tan_fx *f = *state;
    bullrush_position(f);
    tan_fx_rig(f, "2 3 1 4 2 1 1 1 1 1");
    tan_fx_apply(f, "bullrush cov_rifleman");
    tan_fx_assert_pool(f, 0, 5, 5, 0, 0);
    tan_fx_assert_pool(f, 1, 5, 5, 0, 0);
    assert_int_equal(tan_fx_event(f, EV_BULLRUSH, 0)->c, 0);
    tan_fx_refuse(f, "move n2", "E_ENEMY_OCCUPIED", "TAN-5.4.4");
    tan_fx_refuse(f, "attack cov_rifleman kestrel", "E_ACTION_USED", "TAN-5.5.2");
    tan_fx_apply(f, "move n0");
    assert_int_equal(tan_fx_on(f, "sorel"), tan_fx_circle(f, "n0"));
    assert_int_equal(tan_fx_mp(f), 6);
}

/* --- grenades (TAN-5.8) ------------------------------------------------------------------ */

/* EX-23. The Grenadier throws a Thunder Egg at n4 (pd 3): the blast covers n3,
 * n4 and n5. The Rifleman and Pike take 2 wounds each; the Ranger (1 wound)
 * takes 2 more and dies: Covenant +1 VP, his carbine, Thunder Egg and Spare
 * Drum lie on n5. */
static void test_EX_23_grenade_hits_friend_and_foe(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "cov_grenadier", PACK_COMBAT, "n1");
    tan_fx_put(f, "cov_rifleman", PACK_COMBAT, "n3");
    tan_fx_put(f, "pike", PACK_COMBAT, "n4");
    tan_fx_put(f, "leg_ranger", PACK_COMBAT, "n5");
    tan_fx_wounds(f, "leg_ranger", 1);
    tan_fx_cycle(f, "cov_grenadier", 0);
    tan_fx_sane(f);
    int thrown = tan_fx_carried(f, "cov_grenadier", "thunder_egg");
    tan_fx_rig(f, "6 2 9 1 5 6 7 1 10 5 4 3");
    tan_fx_apply(f, "throw n4 thunder_egg");
    assert_int_equal(tan_fx_events(f, TT_EV_POOL), 3);
    tan_fx_assert_pool(f, 0, 4, 5, 0, 2); /* the Rifleman on n3 */
    tan_fx_assert_pool(f, 1, 4, 6, 0, 2); /* Pike on n4 */
    tan_fx_assert_pool(f, 2, 4, 4, 0, 3); /* the Ranger on n5 */
    assert_int_equal(tan_fx_wounds_of(f, "cov_rifleman"), 2);
    assert_int_equal(tan_fx_wounds_of(f, "pike"), 2);
    assert_int_equal(tan_fx_status(f, "leg_ranger"), ST_DEAD);
    assert_int_equal(f->s->pl[COV].vp, 1);
    assert_int_equal(f->s->pl[LEG].vp, 0);
    assert_int_equal(tan_fx_lying(f, "marrow", "n5"), 1);
    assert_int_equal(tan_fx_lying(f, "thunder_egg", "n5"), 1);
    assert_int_equal(tan_fx_lying(f, "spare_drum", "n5"), 1);
    assert_int_equal(f->s->item[thrown].where, W_GONE);
    assert_int_equal(tan_fx_count(f, "cov_grenadier", "thunder_egg"), 1);
    assert_int_equal(tan_fx_pending(f), F_NONE);
    assert_int_equal(tan_fx_events(f, EV_COUNTER), 0);
}

/* --- mental attacks and the outcome procedure (TAN-5.9, 5.16.5) -------------------------- */

/* EX-24. Rauch (Psyche 9 with the Grave Lantern) wins the Psyche duel 7–2: 2
 * wounds. Legion keeps its VP (shrug 0) and counterattacks with the carbine:
 * 5 dice at DS 4, 3 successes, 2 wounds for Rauch; Legion VP 0; no further
 * counterattack; Rauch's cycle goes on. */
static void test_EX_24_mental_attack_and_counterattack(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "rauch", PACK_COMBAT, "r00");
    tan_fx_put(f, "leg_ranger", PACK_COMBAT, "r22");
    tan_fx_vp(f, LEG, 1);
    tan_fx_cycle(f, "rauch", 0);
    tan_fx_sane(f);
    assert_int_equal(tan_fx_cur(f, "rauch", STAT_PSYCHE), 9);
    assert_int_equal(tan_fx_cur(f, "rauch", STAT_STAMINA), 4);
    tan_fx_rig(f, "1 2 3 4 5 6 7 8 9 9 10 2 4 4 8 1 2");
    tan_fx_apply(f, "attack leg_ranger ash_whisper");
    tan_fx_assert_pool(f, 0, 9, 3, 0, 7);
    tan_fx_assert_pool(f, 1, 3, 9, 0, 2);
    assert_int_equal(tan_fx_pending(f), F_SHRUG);
    assert_int_equal(to_move(f), LEG);
    assert_true(tan_fx_offered(f, "shrug 1"));
    tan_fx_refuse(f, "shrug 3", "E_BAD_COMMAND", "TAN-5.16.5");   /* 2 wounds */
    tan_fx_refuse(f, "shrug 2", "E_NOT_ENOUGH_VP", "TAN-5.16.3"); /* 1 VP */

    tan_fx_apply(f, "shrug 0");
    assert_int_equal(f->s->pl[LEG].vp, 1);
    assert_int_equal(tan_fx_wounds_of(f, "leg_ranger"), 2);
    assert_int_equal(tan_fx_cur(f, "leg_ranger", STAT_COMBAT), 3);
    assert_int_equal(tan_fx_pending(f), F_COUNTER);
    assert_int_equal(to_move(f), LEG);

    tan_fx_apply(f, "counter marrow");
    tan_fx_assert_pool(f, 0, 5, 4, 0, 3);
    assert_int_equal(tan_fx_wounds_of(f, "rauch"), 2);
    assert_int_equal(f->s->pl[LEG].vp, 0);
    assert_int_equal(vp_spent(f, "leg_ranger"), 1);
    assert_int_equal(tan_fx_pending(f), F_NONE);
    assert_int_equal(f->s->phase, PH_CYCLE);
    assert_int_equal(f->s->active, tan_fx_unit(f, "rauch"));
    assert_int_equal(to_move(f), COV);
    assert_int_equal(f->s->rig.n - f->s->rig.at, 0);
}

/* EX-25: the Rifleman on n1 hits Pike (or, in (c), the Ranger) on n5 with the
 * Marrow Carbine: 7 dice at DS 6 (DS 5 for the Ranger), 4 successes, 2
 * wounds; Legion has 3 VP. */
static void ex25_attack(tan_fx *f, const char *target)
{
    tan_fx_put(f, "cov_rifleman", PACK_COMBAT, "n1");
    tan_fx_put(f, target, PACK_COMBAT, "n5");
    tan_fx_vp(f, LEG, 3);
    tan_fx_cycle(f, "cov_rifleman", 0);
    tan_fx_sane(f);
    tan_fx_rig(f, "6 7 1 2 10 3 6");
    char text[64];
    snprintf(text, sizeof text, "attack %s marrow", target);
    tan_fx_apply(f, text);
    tan_fx_assert_pool(f, 0, 7, tan_fx_cur(f, target, STAT_STAMINA), 0, 4);
    assert_int_equal(tan_fx_pending(f), F_SHRUG);
    assert_int_equal(f->s->stack.f[f->s->stack.n - 1].b, 2);
}

/* EX-25 (a). Pike shrugs off both wounds: VP 1, no wound, his limit used up, so
 * no counter window opens and play goes on; a counter is out of turn. */
static void test_EX_25a_shrug_two_no_counter(void **state)
{
    tan_fx *f = *state;
    ex25_attack(f, "pike");
    tan_fx_apply(f, "shrug 2");
    assert_int_equal(f->s->pl[LEG].vp, 1);
    assert_int_equal(tan_fx_wounds_of(f, "pike"), 0);
    assert_int_equal(vp_spent(f, "pike"), 2);
    assert_int_equal(tan_fx_pending(f), F_NONE);
    for (int k = 0; k < f->s->stack.n; k++)
        assert_int_not_equal(f->s->stack.f[k].kind, F_COUNTER);
    assert_int_equal(f->s->phase, PH_CYCLE);
    assert_int_equal(to_move(f), COV);
    tan_fx_refuse(f, "counter brand", "E_WRONG_STEP", "TAN-5.20.2");
}

/* EX-25 (b). Pike shrugs off one wound (VP 2), takes the other and
 * counterattacks with the Brand Machine Gun (VP 1; 2 VP spent in this cycle).
 * The example gives no faces for the counterattack: ten 1s are rigged. */
static void test_EX_25b_shrug_one_then_counter(void **state)
{
    tan_fx *f = *state;
    ex25_attack(f, "pike");
    tan_fx_apply(f, "shrug 1");
    assert_int_equal(f->s->pl[LEG].vp, 2);
    assert_int_equal(tan_fx_wounds_of(f, "pike"), 1);
    assert_int_equal(tan_fx_pending(f), F_COUNTER);
    tan_fx_rig(f, "1 1 1 1 1 1 1 1 1 1");
    tan_fx_apply(f, "counter brand");
    tan_fx_assert_pool(f, 0, 10, 5, 0, 0); /* 7 + 2 + Spare Drum at the Rifleman's DS 5 */
    assert_int_equal(f->s->pl[LEG].vp, 1);
    assert_int_equal(vp_spent(f, "pike"), 2);
    assert_int_equal(tan_fx_wounds_of(f, "cov_rifleman"), 0);
    assert_int_equal(tan_fx_pending(f), F_NONE);
    assert_int_equal(to_move(f), COV);
}

/* EX-25 (c). The Ranger, a Trooper, may spend only 1 VP in the cycle: shrug 2
 * is refused; after shrug 1 no counter window opens. */
static void test_EX_25c_trooper_vp_limit(void **state)
{
    tan_fx *f = *state;
    ex25_attack(f, "leg_ranger");
    tan_fx_refuse(f, "shrug 2", "E_VP_LIMIT", "TAN-5.16.3");
    assert_false(tan_fx_offered(f, "shrug 2"));
    tan_fx_apply(f, "shrug 1");
    assert_int_equal(f->s->pl[LEG].vp, 2);
    assert_int_equal(tan_fx_wounds_of(f, "leg_ranger"), 1);
    assert_int_equal(vp_spent(f, "leg_ranger"), 1);
    assert_int_equal(tan_fx_pending(f), F_NONE);
    assert_int_equal(to_move(f), COV);
}

/* --- death (TAN-5.17) -------------------------------------------------------------------- */

/* EX-29: Calloway at 5 wounds (Stamina 3) on s4, Pike (activated already)
 * in reserve; Varga on s3 attacks her with the Sabre. */
static void ex29_position(tan_fx *f, int pack)
{
    tan_fx_recruit(f, "pike", PACK_COMBAT);
    tan_fx_activated(f, "pike", 1);
    tan_fx_put(f, "calloway", pack, "s4");
    tan_fx_wounds(f, "calloway", 5);
    tan_fx_put(f, "varga", PACK_STAMINA, "s3");
    tan_fx_cycle(f, "varga", 0);
    tan_fx_sane(f);
}

/* 8 dice at DS 3, one success: the 6th wound of her 6 rows kills her. */
static void ex29_kill(tan_fx *f)
{
    tan_fx_rig(f, "1 1 1 1 1 1 1 3");
    tan_fx_apply(f, "attack calloway varga_sabre");
    tan_fx_assert_pool(f, 0, 8, 3, 0, 1);
    assert_int_equal(tan_fx_status(f, "calloway"), ST_DEAD);
    assert_int_equal(f->s->unit[tan_fx_unit(f, "calloway")].wounds, 6);
    assert_int_equal(f->s->pl[COV].vp, 2);
    assert_int_equal(tan_fx_event(f, EV_KILLED, 0)->c, 2);
    for (int i = 0; i < f->s->ninst; i++)
        if (f->s->item[i].where == W_CIRCLE)
            assert_false(f->s->item[i].fresh);
}

/* EX-29. Her carbine and Thunder Egg lie on s4, not fresh; Steady Aim and the
 * Long Rifle leave the game; Covenant +2 VP; Legion's command bonus stays 0. */
static void test_EX_29_death_of_a_hero(void **state)
{
    tan_fx *f = *state;
    ex29_position(f, PACK_COMBAT);
    int aim = tan_fx_carried(f, "calloway", "steady_aim");
    int rifle = tan_fx_carried(f, "calloway", "long_rifle");
    assert_int_equal(tan_command_bonus(f->c, f->s, LEG), 0);
    ex29_kill(f);
    assert_int_equal(tan_fx_lying(f, "marrow", "s4"), 1);
    assert_int_equal(tan_fx_lying(f, "thunder_egg", "s4"), 1);
    assert_int_equal(f->s->item[aim].where, W_GONE);
    assert_int_equal(f->s->item[rifle].where, W_GONE);
    assert_int_equal(tan_command_bonus(f->c, f->s, LEG), 0);
}

/* EX-29, the Leader variant: with her MENTAL pack her Field Bars leave the game
 * with her, and Legion's command bonus is 1 lower at the next initiative roll
 * (turn 2; faces 4 and 6 rigged: totals 4 and 6). */
static void test_EX_29b_leader_death_lowers_command(void **state)
{
    tan_fx *f = *state;
    ex29_position(f, PACK_MENTAL);
    int bars = tan_fx_carried(f, "calloway", "field_bars");
    assert_int_equal(tan_command_bonus(f->c, f->s, LEG), 1);
    ex29_kill(f);
    assert_int_equal(tan_fx_lying(f, "kestrel", "s4"), 1);
    assert_int_equal(f->s->item[bars].where, W_GONE);
    assert_int_equal(tan_command_bonus(f->c, f->s, LEG), 0);
    tan_fx_rig(f, "4 6");
    tan_fx_apply(f, "end");
    assert_int_equal(f->s->head.turn, 2);
    const tt_event *e = tan_fx_event(f, EV_INITIATIVE, 0);
    assert_int_equal(e->a, 4);
    assert_int_equal(e->b, 6);
    assert_int_equal(e->c, 4);
    assert_int_equal(e->d, 6);
}

/* --- locked equipment (TAN-5.11.4, 9.13) ------------------------------------------------- */

/* EX-38. The Ranger (activated already; only his Field Dressing left) gets
 * Sorel's Kestrel on n5. In Covenant's next cycle Varga on n4 attacks him with
 * her Sabre (6 + 1 for the firing step n4 + 2 = 9 dice) and misses (nine 1s
 * rigged); with 1 VP Legion may counter, but not with the locked Kestrel:
 * unarmed (four 1s rigged). */
static void test_EX_38_passed_equipment_locked(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "leg_ranger", PACK_STAMINA, "n5");
    tan_fx_remove(f, tan_fx_carried(f, "leg_ranger", "kestrel"));
    tan_fx_remove(f, tan_fx_carried(f, "leg_ranger", "trench_plate"));
    tan_fx_activated(f, "leg_ranger", 1);
    tan_fx_put(f, "sorel", PACK_STAMINA, "n6");
    tan_fx_put(f, "varga", PACK_STAMINA, "n4");
    tan_fx_vp(f, LEG, 1);
    tan_fx_cycle(f, "sorel", 0);
    tan_fx_sane(f);
    int kestrel = tan_fx_carried(f, "sorel", "kestrel"), r = tan_fx_unit(f, "leg_ranger");

    tan_fx_apply(f, "exchange");
    tan_fx_apply(f, "pass kestrel leg_ranger");
    tan_fx_apply(f, "done");
    assert_int_equal(f->s->item[kestrel].locked, r);
    tan_fx_apply(f, "end");
    assert_int_equal(f->s->phase, PH_ACTIVATE);
    assert_int_equal(f->s->decider, COV);
    tan_fx_apply(f, "activate varga");
    tan_fx_rig(f, "1 1 1 1 1 1 1 1 1");
    tan_fx_apply(f, "attack leg_ranger varga_sabre");
    tan_fx_assert_pool(f, 0, 9, 5, 0, 0);
    assert_int_equal(tan_fx_status(f, "leg_ranger"), ST_BOARD);
    assert_int_equal(tan_fx_pending(f), F_COUNTER);
    assert_int_equal(f->s->item[kestrel].locked, r); /* still locked: not his cycle */

    tan_fx_refuse(f, "counter kestrel", "E_WEAPON_LOCKED", "TAN-5.11.4");
    assert_false(tan_fx_offered(f, "counter kestrel"));
    tan_fx_rig(f, "1 1 1 1");
    tan_fx_apply(f, "counter unarmed");
    tan_fx_assert_pool(f, 0, 4, 6, 0, 0); /* Combat 5 − 1 against Varga's Stamina 5 + plate */
    assert_int_equal(f->s->pl[LEG].vp, 0);
    assert_int_equal(vp_spent(f, "leg_ranger"), 1);
    assert_int_equal(tan_fx_pending(f), F_NONE);
    assert_int_equal(to_move(f), COV);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_EX_10_duel_tie_goes_to_defender, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_16a_ds_clamp_attack, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_16b_ds_clamp_psyche_duel, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_18_pistol_capped_automatic_min_range,
                                        tan_fx_setup_story, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_19_cover_and_heavy_weapon, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_20a_hand_to_hand_needs_same_path,
                                        tan_fx_setup_story, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_20b_maul_kills_sapper, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_21_bull_rush_won_chain, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_22_bull_rush_lost, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_23_grenade_hits_friend_and_foe, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_24_mental_attack_and_counterattack,
                                        tan_fx_setup_story, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_25a_shrug_two_no_counter, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_25b_shrug_one_then_counter, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_25c_trooper_vp_limit, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_29_death_of_a_hero, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_29b_leader_death_lowers_command, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_38_passed_equipment_locked, tan_fx_setup_story,
                                        tan_fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
