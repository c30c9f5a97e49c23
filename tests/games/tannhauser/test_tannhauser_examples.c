/* Tannhäuser: the worked examples of the rules file (section 10) on dice,
 * movement, setup, objectives, equipment, crates and flags. The combat
 * examples (EX-10, EX-16, EX-18 … EX-25, EX-29, EX-38) are in
 * test_tannhauser_combat.c; EX-17 is in test_tan_content.c.
 *
 * Each test builds the example's position with the fixture (tests/support/
 * tan_fixture.h), plays the example's input through tt_apply_text and asserts
 * the exact resulting state, or, for a refusal, the error code, the rule and
 * an unchanged state. Variants are tests of their own. Unless an example says
 * otherwise: the sample content of TAN-11, Story mode at Normal difficulty,
 * only the characters the example names, Covenant (seat 0) entering at EN and
 * Legion (seat 1) at ES, turn 1, both VP pools 0; a character whose pack the
 * example does not name carries its COMBAT pack. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "core/dice.h"
#include "core/rng.h"
#include "tan_fixture.h"

#define COV TAN_COV
#define LEG TAN_LEG

/* A pool rolled through the core with rigged faces. */
static int core_pool(const int *faces, int n, int ds, int mod, tt_pool_roll *r)
{
    tt_rng rng;
    tt_rng_seed(&rng, 7);
    tt_dice_rig rig = {0};
    assert_int_equal(tt_dice_rig_add(&rig, faces, n, 10), TT_OK);
    int hits = tt_pool_d10(&rng, &rig, n, ds, mod, r, NULL, 0);
    assert_int_equal(r->ndice, n);
    for (int i = 0; i < n; i++)
        assert_int_equal(r->face[i], faces[i]);
    assert_int_equal(rig.n - rig.at, 0); /* every rigged face was used */
    return hits;
}

/* --- dice (TAN-5.1) ---------------------------------------------------------------------- */

/* EX-1. Three dice, each −1; faces 5, 6, 10 read 4, 5 and 10. At DS 10 only the
 * natural 10 succeeds: the penalty does not touch it. */
static void test_EX_1_penalty_natural_ten(void **state)
{
    (void)state;
    assert_int_equal(tt_d10_result(5, -1), 4);
    assert_int_equal(tt_d10_result(6, -1), 5);
    assert_int_equal(tt_d10_result(10, -1), 10);
    tt_pool_roll r;
    const int faces[] = {5, 6, 10};
    assert_int_equal(core_pool(faces, 3, 10, -1, &r), 1);
    assert_int_equal(r.successes, 1);
    assert_int_equal(r.mod, -1);
}

/* EX-2. Two dice, each +2, DS 6; faces 1, 5 read 1 and 7: one success. */
static void test_EX_2_bonus_natural_one(void **state)
{
    (void)state;
    assert_int_equal(tt_d10_result(1, 2), 1);
    assert_int_equal(tt_d10_result(5, 2), 7);
    tt_pool_roll r;
    const int faces[] = {1, 5};
    assert_int_equal(core_pool(faces, 2, 6, 2, &r), 1);
}

/* EX-3. DS 10, a +1 bonus and a −1 penalty (net 0): the 9 reads 9 and fails,
 * the natural 10 succeeds. With the bonus alone the 9 reads 10 and succeeds,
 * but it is no natural 10: a penalty still applies to it. */
static void test_EX_3_bonus_ten_not_natural(void **state)
{
    (void)state;
    tt_pool_roll r;
    const int faces[] = {9, 10};
    assert_int_equal(core_pool(faces, 2, 10, +1 - 1, &r), 1);
    assert_int_equal(tt_d10_result(9, 0), 9);
    assert_int_equal(tt_d10_result(10, 0), 10);
    assert_int_equal(core_pool(faces, 2, 10, +1, &r), 2);
    assert_int_equal(tt_d10_result(9, 1), 10);
    /* a penalty on top: the bonus-made 10 drops, the natural 10 stays */
    assert_int_equal(tt_d10_result(9, 1 - 2), 8);
    assert_int_equal(tt_d10_result(10, 1 - 2), 10);
    assert_int_equal(core_pool(faces, 2, 10, 1 - 2, &r), 1);
}

/* --- movement (TAN-5.4, 5.5.2) ----------------------------------------------------------- */

/* EX-4. Sorel (Movement 7) on n1 walks to n5 (4 MP), searches the VP crate on
 * A2 (crate_v1, 1 VP) and walks on to e2 (7 MP in all); the step to e3 is one
 * MP too many. */
static void test_EX_4_movement_interrupted_by_action(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "sorel", PACK_STAMINA, "n1");
    tan_fx_crate(f, "A2", "crate_v1");
    tan_fx_cycle(f, "sorel", 0);
    tan_fx_sane(f);
    assert_int_equal(tan_fx_mp(f), 7);

    tan_fx_apply(f, "move n2");
    tan_fx_apply(f, "move n3");
    tan_fx_apply(f, "move n4");
    tan_fx_apply(f, "move n5");
    assert_int_equal(f->s->mp_spent, 4);
    assert_int_equal(tan_fx_mp(f), 3);
    tan_fx_apply(f, "search A2");
    assert_int_equal(tan_fx_event(f, EV_SEARCH, 0)->c, tan_fx_crate_token(f, "crate_v1"));
    assert_int_equal(f->s->pl[LEG].vp, 1);
    assert_int_equal(f->s->crate[f->c->site_of[tan_fx_circle(f, "A2")]], TAN_NONE);
    tan_fx_apply(f, "done");
    assert_true(f->s->action_taken);
    assert_int_equal(tan_fx_mp(f), 3); /* the action phase costs no MP */
    tan_fx_apply(f, "move n6");
    tan_fx_apply(f, "move e1");
    tan_fx_apply(f, "move e2");
    assert_int_equal(f->s->mp_spent, 7);
    assert_int_equal(tan_fx_mp(f), 0);
    tan_fx_refuse(f, "move e3", "E_NO_MP", "TAN-5.4.1");
    assert_int_equal(tan_fx_on(f, "sorel"), tan_fx_circle(f, "e2"));
    assert_int_equal(f->s->pl[COV].vp, 0);
}

/* EX-5. Varga (STAMINA pack) has 6 MP unwounded and 4 at 3 wounds; after two
 * steps she uses the Field Dressing on herself: 2 wounds, Movement 5, 3 MP
 * left, the dressing out of the game. */
static void test_EX_5_wounds_and_healing_change_mp(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "varga", PACK_STAMINA, "n1");
    tan_fx_cycle(f, "varga", 0);
    assert_int_equal(tan_fx_mp(f), 6);

    tan_fx_wounds(f, "varga", 3);
    tan_fx_cycle(f, "varga", 0);
    tan_fx_sane(f);
    assert_int_equal(tan_fx_cur(f, "varga", STAT_MOVEMENT), 4);
    assert_int_equal(tan_fx_mp(f), 4);
    int dressing = tan_fx_carried(f, "varga", "dressing");
    tan_fx_apply(f, "move n2");
    tan_fx_apply(f, "move n3");
    assert_int_equal(tan_fx_mp(f), 2);
    tan_fx_apply(f, "use dressing");
    assert_int_equal(tan_fx_wounds_of(f, "varga"), 2);
    assert_int_equal(tan_fx_cur(f, "varga", STAT_MOVEMENT), 5);
    assert_int_equal(tan_fx_mp(f), 3);
    assert_int_equal(f->s->item[dressing].where, W_GONE);
    assert_int_equal(tan_fx_count(f, "varga", "dressing"), 0);
    assert_true(f->s->action_taken);
}

/* EX-6. Calloway on r11 (a cost-2 circle): each neighbour on the purple path
 * costs 1 MP; O8 is never entered; r00 is not adjacent. */
static void test_EX_6_steps_to_adjacent_circles_only(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "calloway", PACK_COMBAT, "r11");
    tan_fx_cycle(f, "calloway", 0);
    tan_fx_sane(f);
    void *start = tan_fx_save(f);
    const char *to[] = {"r01", "r10", "r12", "r21"};
    for (int k = 0; k < 4; k++) {
        char text[32];
        snprintf(text, sizeof text, "move %s", to[k]);
        tan_fx_restore(f, start);
        tan_fx_apply(f, text);
        assert_int_equal(tan_fx_on(f, "calloway"), tan_fx_circle(f, to[k]));
        assert_int_equal(f->s->mp_spent, 1);
        assert_int_equal(tan_fx_mp(f), 5);
    }
    tan_fx_restore(f, start);
    free(start);
    tan_fx_refuse(f, "move O8", "E_NOT_MOVABLE", "TAN-5.4.2");
    tan_fx_refuse(f, "move r00", "E_NOT_ADJACENT", "TAN-5.4.2");
}

/* EX-7. The Legion Ranger (Movement 6) enters at ES (1 MP), may not stop there,
 * goes on to s3 (1), s2 (2) and s1 (2) and stops with 0 MP. EN is not Legion's
 * entry. */
static void test_EX_7_entering_and_red_symbols(void **state)
{
    tan_fx *f = *state;
    tan_fx_recruit(f, "leg_ranger", PACK_COMBAT);
    tan_fx_activation(f, LEG);
    tan_fx_sane(f);
    tan_fx_apply(f, "activate leg_ranger");
    assert_int_equal(tan_fx_mp(f), 6);
    tan_fx_refuse(f, "move EN", "E_NOT_OWN_ENTRY", "TAN-5.4.3");
    tan_fx_apply(f, "move ES");
    assert_int_equal(tan_fx_status(f, "leg_ranger"), ST_BOARD);
    assert_int_equal(tan_fx_on(f, "leg_ranger"), tan_fx_circle(f, "ES"));
    assert_int_equal(f->s->mp_spent, 1);
    tan_fx_refuse(f, "end", "E_CANNOT_STOP_HERE", "TAN-4.8");
    tan_fx_apply(f, "move s3");
    assert_int_equal(f->s->mp_spent, 2);
    tan_fx_apply(f, "move s2");
    assert_int_equal(f->s->mp_spent, 4);
    tan_fx_apply(f, "move s1");
    assert_int_equal(f->s->mp_spent, 6);
    assert_int_equal(tan_fx_mp(f), 0);
    tan_fx_apply(f, "end");
    assert_int_equal(tan_fx_events(f, EV_END_CYCLE), 1);
    assert_int_equal(tan_fx_on(f, "leg_ranger"), tan_fx_circle(f, "s1"));
}

/* EX-8. Kessel on n2 may not step onto n3, where Legion's Pike stands. */
static void test_EX_8_enemy_in_the_way(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "kessel", PACK_COMBAT, "n2");
    tan_fx_put(f, "pike", PACK_COMBAT, "n3");
    tan_fx_cycle(f, "kessel", 0);
    tan_fx_sane(f);
    tan_fx_refuse(f, "move n3", "E_ENEMY_OCCUPIED", "TAN-5.4.4");
    assert_false(tan_fx_offered(f, "move n3"));
    assert_true(tan_fx_offered(f, "move n1"));
}

/* EX-9. Rauch on r00 reaches r02 by two steps through Varga on r01, where he may
 * not stop; `move r02` from r00 is no step. */
static void test_EX_9_passing_a_friend_no_shortcuts(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "rauch", PACK_COMBAT, "r00");
    tan_fx_put(f, "varga", PACK_COMBAT, "r01");
    tan_fx_cycle(f, "rauch", 0);
    tan_fx_sane(f);
    tan_fx_refuse(f, "move r02", "E_NOT_ADJACENT", "TAN-5.4.2");
    tan_fx_apply(f, "move r01");
    assert_int_equal(f->s->mp_spent, 1);
    tan_fx_refuse(f, "end", "E_CANNOT_STOP_HERE", "TAN-4.8");
    tan_fx_apply(f, "move r02");
    assert_int_equal(tan_fx_on(f, "rauch"), tan_fx_circle(f, "r02"));
    assert_int_equal(f->s->mp_spent, 2);
    tan_fx_apply(f, "end");
    assert_int_equal(tan_fx_on(f, "rauch"), tan_fx_circle(f, "r02"));
}

/* EX-9, the shortcut: `goto r02` is written out as the steps of the one
 * cheapest route, and those steps are what the record keeps. */
static void test_EX_9b_goto_expands_into_steps(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "rauch", PACK_COMBAT, "r00");
    tan_fx_put(f, "varga", PACK_COMBAT, "r01");
    tan_fx_cycle(f, "rauch", 0);
    char canon[256];
    tt_error err = {0};
    assert_int_equal(
        tt_apply_text_canon(f->g, (tt_state *)f->s, "goto r02", canon, sizeof canon, NULL, &err),
        TT_OK);
    tan_fx_sane(f);
    assert_string_equal(canon, "move r01\nmove r02");
    assert_int_equal(tan_fx_on(f, "rauch"), tan_fx_circle(f, "r02"));
    assert_int_equal(f->s->mp_spent, 2);
}

/* --- objectives (TAN-5.13) --------------------------------------------------------------- */

/* EX-11. The Grenadier (DEXTERITY) buys STEALTH for cov_s1 on O2: VP 3 → 2 → 3,
 * the token completed, 1 VP spent in his cycle. */
static void test_EX_11_buying_skill_for_secondary(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "cov_grenadier", PACK_COMBAT, "w4");
    tan_fx_objective_at(f, "cov_s1", "O2");
    tan_fx_vp(f, COV, 3);
    tan_fx_cycle(f, "cov_grenadier", 0);
    tan_fx_sane(f);
    tan_fx_apply(f, "task O2 STEALTH buy");
    int o = tan_fx_objective(f, "cov_s1");
    assert_int_equal(f->s->obj[o].where, OB_DONE);
    assert_int_equal(f->s->pl[COV].vp, 3);
    assert_int_equal(tan_fx_event(f, EV_VP, 0)->b, -1);
    assert_int_equal(tan_fx_event(f, EV_VP, 0)->c, 2);
    assert_int_equal(tan_fx_event(f, EV_VP, 1)->b, 1);
    assert_int_equal(tan_fx_event(f, EV_VP, 1)->c, 3);
    assert_int_equal(f->s->unit[tan_fx_unit(f, "cov_grenadier")].vp_spent, 1);
    assert_int_equal(f->s->pl[COV].completed_secondary, 1);
    assert_true(f->s->action_taken);
    tan_fx_assert_playing(f);
}

/* EX-12 (a). Turn 4: Rauch does the ENGINEERING half of cov_p1 (+2); a second
 * task in that cycle is refused. Turn 6: the ARCHAEOLOGY half (+2) completes
 * it. (The cycles are started directly; turn 5 is not played.) */
static void test_EX_12a_primary_over_two_turns(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "rauch", PACK_COMBAT, "w2");
    tan_fx_objective_at(f, "cov_p1", "O1");
    tan_fx_objective_at(f, "cov_p2", "O7");
    int o = tan_fx_objective(f, "cov_p1");
    tan_fx_turn(f, 4);
    tan_fx_cycle(f, "rauch", 0);
    tan_fx_sane(f);
    tan_fx_apply(f, "task O1 ENGINEERING");
    assert_int_equal(f->s->pl[COV].vp, 2);
    assert_int_equal(f->s->obj[o].where, OB_PLACED);
    assert_int_equal(f->s->obj[o].halves, 1);
    tan_fx_refuse(f, "task O1 ARCHAEOLOGY", "E_ACTION_USED", "TAN-5.5.2");
    tan_fx_apply(f, "end");

    tan_fx_turn(f, 6);
    tan_fx_cycle(f, "rauch", 0);
    tan_fx_apply(f, "task O1 ARCHAEOLOGY");
    assert_int_equal(f->s->pl[COV].vp, 4);
    assert_int_equal(f->s->obj[o].halves, 3);
    assert_int_equal(f->s->obj[o].where, OB_DONE);
    assert_int_equal(f->s->pl[COV].completed_primary, 1);
    assert_int_equal(tan_fx_events(f, EV_COMPLETED), 1);
    tan_fx_assert_playing(f);
}

/* EX-12 (b). Turn 5: Kessel on r20 does the MECHANICS half of cov_p2, then
 * Varga on r10, activated next, the WEAPONRY half: done within one turn. */
static void test_EX_12b_primary_by_two_characters(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "kessel", PACK_COMBAT, "r20");
    tan_fx_put(f, "varga", PACK_COMBAT, "r10");
    tan_fx_objective_at(f, "cov_p1", "O1");
    tan_fx_objective_at(f, "cov_p2", "O7");
    int o = tan_fx_objective(f, "cov_p2");
    tan_fx_turn(f, 5);
    tan_fx_sane(f);
    tan_fx_apply(f, "activate kessel");
    tan_fx_apply(f, "task O7 MECHANICS");
    assert_int_equal(f->s->pl[COV].vp, 2);
    assert_int_equal(f->s->obj[o].halves, 1);
    tan_fx_apply(f, "end");
    assert_int_equal(f->s->phase, PH_ACTIVATE); /* Legion has no one: Covenant again */
    assert_int_equal(f->s->decider, COV);
    tan_fx_apply(f, "activate varga");
    tan_fx_apply(f, "task O7 WEAPONRY");
    assert_int_equal(f->s->pl[COV].vp, 4);
    assert_int_equal(f->s->obj[o].where, OB_DONE);
    assert_int_equal(f->s->pl[COV].completed_primary, 1);
    assert_int_equal(f->s->head.turn, 5);
}

/* --- reinforcements (TAN-5.18) ----------------------------------------------------------- */

/* EX-13. Normal: Covenant may bring back one Trooper. Turn 4 ends with Rauch's
 * cycle; in turn 5's reinforcement step Varga (a Hero) is refused and the
 * Grenadier returns with a new COMBAT pack; in turn 6 the Rifleman is refused:
 * no reinforcements left. Initiative faces are rigged (Covenant wins). */
static void test_EX_13_difficulty_and_reinforcements(void **state)
{
    tan_fx *f = *state;
    tan_fx_recruit(f, "varga", PACK_COMBAT);
    tan_fx_put(f, "rauch", PACK_COMBAT, "w2");
    tan_fx_put(f, "kessel", PACK_COMBAT, "r20");
    tan_fx_recruit(f, "cov_rifleman", PACK_COMBAT);
    tan_fx_recruit(f, "cov_grenadier", PACK_COMBAT);
    tan_fx_put(f, "calloway", PACK_COMBAT, "s5");
    tan_fx_dead(f, "cov_rifleman", 3);
    tan_fx_dead(f, "cov_grenadier", 4);
    tan_fx_dead(f, "varga", 4);
    assert_int_equal(f->s->pl[COV].reinf_left, 1);
    tan_fx_turn(f, 4);
    tan_fx_activated(f, "kessel", 1);
    tan_fx_activated(f, "calloway", 1);
    tan_fx_cycle(f, "rauch", 0);
    tan_fx_sane(f);

    tan_fx_apply(f, "end"); /* the last cycle of turn 4 */
    assert_int_equal(f->s->head.turn, 5);
    assert_int_equal(f->s->phase, PH_REINFORCE);
    assert_int_equal(f->s->decider, COV);
    tan_fx_refuse(f, "reinforce varga STAMINA", "E_NOT_ELIGIBLE", "TAN-5.18.2");
    int n0 = f->s->ninst;
    tan_fx_rig(f, "6 2");
    tan_fx_apply(f, "reinforce cov_grenadier COMBAT");
    int g = tan_fx_unit(f, "cov_grenadier");
    assert_int_equal(tan_fx_status(f, "cov_grenadier"), ST_RESERVE);
    assert_int_equal(tan_fx_wounds_of(f, "cov_grenadier"), 0);
    assert_int_equal(f->s->unit[g].pack, PACK_COMBAT);
    assert_false(f->s->unit[g].activated);
    assert_int_equal(f->s->ninst, n0 + 3); /* new instances: Kestrel, 2 Thunder Eggs */
    assert_int_equal(tan_fx_count(f, "cov_grenadier", "kestrel"), 1);
    assert_int_equal(tan_fx_count(f, "cov_grenadier", "thunder_egg"), 2);
    for (int i = n0; i < n0 + 3; i++)
        assert_int_equal(f->s->item[i].at, g);
    assert_int_equal(f->s->pl[COV].reinf_left, 0);
    assert_int_equal(tan_fx_status(f, "cov_rifleman"), ST_DEAD);
    assert_int_equal(f->s->phase, PH_FIRST);

    /* turn 5 is played out: Rauch, Calloway, Kessel, the Grenadier */
    tan_fx_apply(f, "first 0");
    tan_fx_apply(f, "activate rauch");
    tan_fx_apply(f, "end");
    tan_fx_apply(f, "activate calloway");
    tan_fx_apply(f, "end");
    tan_fx_apply(f, "activate kessel");
    tan_fx_apply(f, "end");
    tan_fx_apply(f, "activate cov_grenadier");
    tan_fx_rig(f, "6 2");
    tan_fx_apply(f, "end");
    assert_int_equal(f->s->head.turn, 6);
    assert_int_equal(f->s->phase, PH_FIRST); /* no reinforcement step to decide */
    tan_fx_refuse(f, "reinforce cov_rifleman STAMINA", "E_NO_REINFORCEMENTS", "TAN-5.18.1");
}

/* --- setup (TAN-3.8, 3.9.3) -------------------------------------------------------------- */

/* EX-14. From a fresh state through the real setup: recruits and packs, then
 * the setup roll 7–7 (tie, re-rolled), 3–8: seat 1 chooses the entry first.
 * No die is rolled after it in Story mode: seat 1 places first. */
static void test_EX_14_setup_roll(void **state)
{
    tan_fx *f = *state;
    char text[64];
    tan_fx_recruit_teams(f, 14);
    assert_int_equal(f->s->phase, PH_PACK);
    for (int k = 0; k < 5; k++) {
        snprintf(text, sizeof text, "pack %s STAMINA", TAN_FX_COV[k]);
        tan_fx_apply(f, text);
    }
    for (int k = 0; k < 4; k++) {
        snprintf(text, sizeof text, "pack %s COMBAT", TAN_FX_LEG[k]);
        tan_fx_apply(f, text);
    }
    tan_fx_rig(f, "7 7 3 8 9"); /* the 9 is left for whatever rolls next */
    tan_fx_apply(f, "pack leg_sapper COMBAT");
    assert_int_equal(tan_fx_events(f, EV_SETUP_ROLL), 2);
    assert_int_equal(tan_fx_event(f, EV_SETUP_ROLL, 0)->a, 7);
    assert_int_equal(tan_fx_event(f, EV_SETUP_ROLL, 0)->b, 7);
    assert_int_equal(tan_fx_event(f, EV_SETUP_ROLL, 1)->a, 3);
    assert_int_equal(tan_fx_event(f, EV_SETUP_ROLL, 1)->b, 8);
    assert_int_equal(f->s->setup_winner, 1);
    assert_int_equal(f->s->phase, PH_ENTRY);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), 1);

    tan_fx_apply(f, "entry EN");
    assert_int_equal(f->s->pl[1].entry, tan_fx_circle(f, "EN"));
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), 0);
    tan_fx_refuse(f, "entry EN", "E_ENTRY_TAKEN", "TAN-3.8");
    tan_fx_apply(f, "entry ES");
    assert_int_equal(f->s->pl[0].entry, tan_fx_circle(f, "ES"));

    assert_int_equal(f->s->rig.n - f->s->rig.at, 1); /* no die was rolled */
    assert_int_equal(f->s->phase, PH_PLACE);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), 1);
    tan_fx_refuse(f, "place cov_s1 O2", "E_NOT_YOUR_DECISION", "TAN-3.9.3");
    tan_fx_apply(f, "place leg_s3 O2");
    assert_int_equal(f->s->obj[tan_fx_objective(f, "leg_s3")].where, OB_PLACED);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), 0);
}

/* --- Capture the Flag (TAN-5.14) --------------------------------------------------------- */

/* EX-15. The Legion Ranger, its 4 slots full, takes the Covenant flag from its
 * home O5: flags take no slot. */
static void test_EX_15_carried_flags_need_no_slot(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "leg_ranger", PACK_COMBAT, "n2");
    tan_fx_give(f, "leg_ranger", "dressing"); /* the 4th slot */
    tan_fx_put(f, "varga", PACK_COMBAT, "r00");
    tan_fx_flag_at(f, COV, 0, "O5", "O5");
    tan_fx_flag_at(f, COV, 1, "O8", "O8");
    tan_fx_flag_at(f, LEG, 0, "O6", "O6");
    tan_fx_flag_at(f, LEG, 1, "O7", "O7");
    tan_fx_cycle(f, "leg_ranger", 0);
    tan_fx_sane(f);
    int r = tan_fx_unit(f, "leg_ranger");
    tan_unit before = f->s->unit[r];
    for (int k = 0; k < 4; k++)
        assert_int_not_equal(before.slot_type[k], SLOT_EMPTY);
    tan_fx_apply(f, "takeflag O5");
    assert_int_equal(f->s->pl[COV].flag[0].where, FL_CARRIED);
    assert_int_equal(f->s->pl[COV].flag[0].at, r);
    assert_int_equal(f->s->pl[COV].flag[1].where, FL_CIRCLE);
    assert_memory_equal(f->s->unit[r].slot_type, before.slot_type, sizeof before.slot_type);
    assert_memory_equal(f->s->unit[r].slot_n, before.slot_n, sizeof before.slot_n);
    assert_true(f->s->action_taken);
}

/* --- exchange (TAN-5.11) ----------------------------------------------------------------- */

/* EX-26 (a). Sorel on n6 cannot drop on n5 (the Ranger) or e1 (Varga), cannot
 * pass her Shade Cloak (not free), and passes the Field Dressing to the Ranger,
 * locked for him. */
static void test_EX_26a_drop_and_pass(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "sorel", PACK_STAMINA, "n6");
    tan_fx_put(f, "leg_ranger", PACK_COMBAT, "n5");
    tan_fx_put(f, "varga", PACK_COMBAT, "e1");
    tan_fx_cycle(f, "sorel", 0);
    tan_fx_sane(f);
    int r = tan_fx_unit(f, "leg_ranger"), dressing = tan_fx_carried(f, "sorel", "dressing");
    tan_fx_apply(f, "exchange");
    tan_fx_refuse(f, "drop dressing n5", "E_CIRCLE_OCCUPIED", "TAN-5.11.1");
    tan_fx_refuse(f, "drop dressing e1", "E_CIRCLE_OCCUPIED", "TAN-5.11.1");
    tan_fx_refuse(f, "pass shade_cloak leg_ranger", "E_NOT_FREE", "TAN-5.11.1");
    tan_fx_apply(f, "pass dressing leg_ranger");
    assert_int_equal(f->s->item[dressing].where, W_UNIT);
    assert_int_equal(f->s->item[dressing].at, r);
    assert_int_equal(f->s->item[dressing].locked, r);
    assert_int_equal(tan_fx_count(f, "leg_ranger", "dressing"), 1);
    int stacks = 0;
    for (int k = 0; k < TAN_MAX_SLOTS; k++)
        stacks += f->s->unit[r].slot_type[k] != SLOT_EMPTY;
    assert_int_equal(stacks, 4);
    tan_fx_apply(f, "done");
    assert_int_equal(f->s->seq, SEQ_NONE);
    assert_true(f->s->action_taken);
}

/* EX-26 (b). Sorel on n4 drops her Kestrel on n5 and cannot pick it up again:
 * it is fresh. In the next cycle of the turn the Ranger, on n6, picks it up. */
static void test_EX_26b_freshness(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "sorel", PACK_STAMINA, "n4");
    tan_fx_put(f, "leg_ranger", PACK_COMBAT, "n6");
    tan_fx_cycle(f, "sorel", 0);
    tan_fx_sane(f);
    int kestrel = tan_fx_carried(f, "sorel", "kestrel");
    tan_fx_apply(f, "exchange");
    tan_fx_apply(f, "drop kestrel n5");
    assert_int_equal(f->s->item[kestrel].where, W_CIRCLE);
    assert_int_equal(f->s->item[kestrel].at, tan_fx_circle(f, "n5"));
    assert_true(f->s->item[kestrel].fresh);
    tan_fx_refuse(f, "pick kestrel", "E_FRESH_ITEM", "TAN-5.11.2");
    tan_fx_apply(f, "done");
    tan_fx_apply(f, "end");
    assert_false(f->s->item[kestrel].fresh);
    assert_int_equal(f->s->phase, PH_ACTIVATE);
    assert_int_equal(f->s->decider, LEG);
    tan_fx_apply(f, "activate leg_ranger");
    tan_fx_apply(f, "exchange");
    tan_fx_apply(f, "pick kestrel");
    assert_int_equal(f->s->item[kestrel].where, W_UNIT);
    assert_int_equal(f->s->item[kestrel].at, tan_fx_unit(f, "leg_ranger"));
    assert_int_equal(f->s->item[kestrel].locked, TAN_NONE);
    tan_fx_apply(f, "done");
}

/* EX-27. The Grenadier (Kestrel; 2 Thunder Eggs: 2 stacks) picks up a carbine
 * and a blade (stacks 3 and 4), a Thunder Egg and a Kestrel (onto his stacks);
 * the Field Dressing finds no room. */
static void test_EX_27_stacking_and_room(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "cov_grenadier", PACK_COMBAT, "n1");
    int marrow = tan_fx_lay(f, "marrow", "n1");
    int blade = tan_fx_lay(f, "trench_blade", "n1");
    int egg = tan_fx_lay(f, "thunder_egg", "n2");
    int kestrel = tan_fx_lay(f, "kestrel", "n2");
    int dressing = tan_fx_lay(f, "dressing", "n2");
    tan_fx_cycle(f, "cov_grenadier", 0);
    tan_fx_sane(f);
    int g = tan_fx_unit(f, "cov_grenadier");
    tan_fx_apply(f, "exchange");
    tan_fx_apply(f, "pick marrow");
    tan_fx_apply(f, "pick trench_blade");
    tan_fx_apply(f, "pick thunder_egg");
    tan_fx_apply(f, "pick kestrel");
    tan_fx_refuse(f, "pick dressing", "E_NO_ROOM", "TAN-2.6.6");
    tan_fx_apply(f, "done");
    const int picked[] = {marrow, blade, egg, kestrel};
    for (int k = 0; k < 4; k++) {
        assert_int_equal(f->s->item[picked[k]].where, W_UNIT);
        assert_int_equal(f->s->item[picked[k]].at, g);
    }
    assert_int_equal(f->s->item[dressing].where, W_CIRCLE);
    assert_int_equal(tan_fx_count(f, "cov_grenadier", "kestrel"), 2);
    assert_int_equal(tan_fx_count(f, "cov_grenadier", "thunder_egg"), 3);
    const tan_unit *un = &f->s->unit[g];
    int kes = tan_fx_carried(f, "cov_grenadier", "kestrel");
    int eggs = tan_fx_carried(f, "cov_grenadier", "thunder_egg");
    assert_int_equal(f->s->item[kestrel].slot, f->s->item[kes].slot);
    assert_int_equal(f->s->item[egg].slot, f->s->item[eggs].slot);
    assert_int_equal(un->slot_n[f->s->item[kes].slot], 2);
    assert_int_equal(un->slot_n[f->s->item[eggs].slot], 3);
    assert_int_equal(un->slot_n[f->s->item[marrow].slot], 1);
    assert_int_equal(un->slot_n[f->s->item[blade].slot], 1);
}

/* --- crates (TAN-5.12) ------------------------------------------------------------------- */

/* EX-28. The Rifleman on r11 may not search A4 while the Legion Ranger stands on
 * r22; next turn, the Ranger on n6, he finds crate_v3: +2 VP, the token gone. */
static void test_EX_28_searching_a_crate(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "cov_rifleman", PACK_COMBAT, "r11");
    tan_fx_put(f, "leg_ranger", PACK_COMBAT, "r22");
    tan_fx_crate(f, "A4", "crate_v3");
    tan_fx_cycle(f, "cov_rifleman", 0);
    tan_fx_sane(f);
    tan_fx_refuse(f, "search A4", "E_ENEMY_ADJACENT", "TAN-5.12.1");

    /* next turn (the cycle is started directly) */
    tan_fx_place(f, "leg_ranger", "n6");
    tan_fx_turn(f, 2);
    tan_fx_cycle(f, "cov_rifleman", 0);
    tan_fx_sane(f);
    tan_fx_apply(f, "search A4");
    const tt_event *e = tan_fx_event(f, EV_SEARCH, 0);
    assert_int_equal(e->c, tan_fx_crate_token(f, "crate_v3"));
    assert_int_equal(e->seen, TT_SEEN_ALL); /* turned face up for both */
    assert_int_equal(f->s->pl[COV].vp, 2);
    assert_int_equal(f->s->crate[f->c->site_of[tan_fx_circle(f, "A4")]], TAN_NONE);
    assert_int_equal(f->s->seq, SEQ_SEARCH);
    assert_true(tan_fx_offered(f, "done"));
    tan_fx_apply(f, "done");
    assert_int_equal(f->s->seq, SEQ_NONE);
    assert_true(f->s->action_taken);
}

/* --- Story end (TAN-8.1) ----------------------------------------------------------------- */

/* EX-30, played: turn 1 Rauch does cov_p1's ENGINEERING half (3 → 5); turn 2
 * its ARCHAEOLOGY half (→ 7), Varga cov_s2 at O5 (→ 8), the Rifleman cov_s1 at
 * O2 (→ 9): one primary and two secondaries end the game. The initiative of
 * turn 2 is rigged (Covenant). */
static void play_ex30(tan_fx *f, int legion_vp)
{
    tan_fx_put(f, "rauch", PACK_COMBAT, "w2");
    tan_fx_put(f, "varga", PACK_COMBAT, "n2");
    tan_fx_put(f, "cov_rifleman", PACK_COMBAT, "w4");
    tan_fx_objective_at(f, "cov_p1", "O1");
    tan_fx_objective_at(f, "cov_s2", "O5");
    tan_fx_objective_at(f, "cov_s1", "O2");
    tan_fx_vp(f, COV, 3);
    tan_fx_vp(f, LEG, legion_vp);
    tan_fx_sane(f);
    tan_fx_apply(f, "activate rauch");
    tan_fx_apply(f, "task O1 ENGINEERING");
    assert_int_equal(f->s->pl[COV].vp, 5);
    tan_fx_apply(f, "end");
    tan_fx_apply(f, "activate varga");
    tan_fx_apply(f, "end");
    tan_fx_apply(f, "activate cov_rifleman");
    tan_fx_rig(f, "8 1");
    tan_fx_apply(f, "end");
    assert_int_equal(f->s->head.turn, 2);
    tan_fx_apply(f, "first 0");
    tan_fx_apply(f, "activate rauch");
    tan_fx_apply(f, "task O1 ARCHAEOLOGY");
    assert_int_equal(f->s->pl[COV].vp, 7);
    tan_fx_apply(f, "end");
    tan_fx_apply(f, "activate varga");
    tan_fx_apply(f, "task O5 DEXTERITY");
    assert_int_equal(f->s->pl[COV].vp, 8);
    tan_fx_apply(f, "end");
    tan_fx_assert_playing(f);
    tan_fx_apply(f, "activate cov_rifleman");
    tan_fx_apply(f, "task O2 STEALTH");
    assert_int_equal(f->s->pl[COV].vp, 9);
    assert_int_equal(f->s->pl[COV].completed_primary, 1);
    assert_int_equal(f->s->pl[COV].completed_secondary, 2);
}

static void test_EX_30_story_end_decided_by_vp(void **state)
{
    tan_fx *f = *state;
    play_ex30(f, 10);
    tan_fx_assert_over(f, LEG, R_STORY);
}

/* EX-30, variant: Legion has 9 VP too; the tie goes to Covenant, who completed
 * the ending objective. */
static void test_EX_30b_tie_goes_to_finisher(void **state)
{
    tan_fx *f = *state;
    play_ex30(f, 9);
    tan_fx_assert_over(f, COV, R_STORY);
}

/* --- Death Match (TAN-8.2) --------------------------------------------------------------- */

/* EX-31: Legion's dead are Calloway, Pike, Sorel and the Ranger (died in turn
 * 3); in turn 6 Varga's Sabre kills the Sapper (at 2 wounds; faces rigged),
 * Legion's last living character. */
static void ex31_kill_sapper(tan_fx *f)
{
    tan_fx_put(f, "varga", PACK_STAMINA, "s3");
    tan_fx_recruit(f, "calloway", PACK_COMBAT);
    tan_fx_recruit(f, "pike", PACK_COMBAT);
    tan_fx_recruit(f, "sorel", PACK_COMBAT);
    tan_fx_recruit(f, "leg_ranger", PACK_COMBAT);
    tan_fx_put(f, "leg_sapper", PACK_COMBAT, "s4");
    tan_fx_dead(f, "calloway", 2);
    tan_fx_dead(f, "pike", 2);
    tan_fx_dead(f, "sorel", 3);
    tan_fx_dead(f, "leg_ranger", 3);
    tan_fx_wounds(f, "leg_sapper", 2);
    tan_fx_activated(f, "leg_sapper", 1);
    tan_fx_turn(f, 6);
    tan_fx_cycle(f, "varga", 0);
    tan_fx_sane(f);
    tan_fx_rig(f, "3 1 1 1 1 1 1 1");
    tan_fx_apply(f, "attack leg_sapper varga_sabre");
    assert_int_equal(tan_fx_status(f, "leg_sapper"), ST_DEAD);
    assert_int_equal(tan_living(f->s, LEG), 0);
}

static void test_EX_31_death_match_reinforcement_saves(void **state)
{
    tan_fx *f = *state;
    ex31_kill_sapper(f);
    assert_int_equal(f->s->pl[LEG].reinf_left, 1);
    tan_fx_assert_playing(f);
    assert_int_equal(f->s->phase, PH_CYCLE);
    tan_fx_apply(f, "end"); /* turn 6 is over */
    assert_int_equal(f->s->head.turn, 7);
    assert_int_equal(f->s->phase, PH_REINFORCE);
    assert_int_equal(f->s->decider, LEG);
    tan_fx_rig(f, "4 7");
    tan_fx_apply(f, "reinforce leg_ranger STAMINA");
    tan_fx_assert_playing(f);
    assert_int_equal(tan_fx_status(f, "leg_ranger"), ST_RESERVE);
    assert_int_equal(tan_fx_wounds_of(f, "leg_ranger"), 0);
    assert_int_equal(tan_fx_count(f, "leg_ranger", "kestrel"), 1);
    assert_int_equal(f->s->pl[LEG].reinf_left, 0);
    assert_int_equal(f->s->phase, PH_FIRST);
    assert_int_equal(f->s->decider, LEG); /* 4 against 7 */
}

/* EX-31, variant: Legion answers noreinforce and is eliminated at the end of the
 * step. */
static void test_EX_31b_no_reinforcement_eliminated(void **state)
{
    tan_fx *f = *state;
    ex31_kill_sapper(f);
    tan_fx_apply(f, "end");
    assert_int_equal(f->s->phase, PH_REINFORCE);
    tan_fx_apply(f, "noreinforce");
    tan_fx_assert_over(f, COV, R_ELIMINATION);
    assert_int_equal(tan_fx_events(f, TT_EV_POOL), 0); /* no initiative roll */
}

/* EX-31, variant: at Hard difficulty Covenant wins as the Sapper dies. */
static void test_EX_31c_hard_eliminated_at_once(void **state)
{
    tan_fx *f = *state;
    assert_int_equal(f->s->pl[LEG].reinf_left, 0);
    ex31_kill_sapper(f);
    tan_fx_assert_over(f, COV, R_ELIMINATION);
}

/* --- Capture the Flag (TAN-5.14.4, 8.3) -------------------------------------------------- */

/* EX-32. Covenant has captured one Legion flag; the Rifleman, carrying the
 * other, plants it next to O8 (a Covenant home circle): Covenant wins. */
static void test_EX_32_second_flag_planted(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "cov_rifleman", PACK_COMBAT, "r01");
    tan_fx_flag_at(f, COV, 0, "O5", "O5");
    tan_fx_flag_at(f, COV, 1, "O8", "O8");
    tan_fx_flag_captured(f, LEG, 0, "EN", "O6");
    tan_fx_flag_carried(f, LEG, 1, "cov_rifleman", "O7");
    f->s->pl[COV].captured = 1;
    tan_fx_cycle(f, "cov_rifleman", 0);
    tan_fx_sane(f);
    tan_fx_apply(f, "plant");
    assert_int_equal(f->s->pl[COV].captured, 2);
    assert_int_equal(f->s->pl[LEG].flag[1].where, FL_CAPTURED);
    assert_int_equal(f->s->pl[LEG].flag[1].at, tan_fx_circle(f, "O8"));
    tan_fx_assert_over(f, COV, R_FLAGS);
}

/* EX-32, separately: a Legion character may not take a Legion flag dropped on s4. */
static void test_EX_32b_own_dropped_flag(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "sorel", PACK_COMBAT, "s5");
    tan_fx_flag_at(f, COV, 0, "O5", "O5");
    tan_fx_flag_at(f, COV, 1, "O8", "O8");
    tan_fx_flag_at(f, LEG, 0, "O6", "O6");
    tan_fx_flag_at(f, LEG, 1, "s4", "O7");
    tan_fx_cycle(f, "sorel", 0);
    tan_fx_sane(f);
    tan_fx_refuse(f, "takeflag s4", "E_OWN_FLAG", "TAN-5.14.1");
}

/* --- Domination (TAN-5.15, 8.4) ---------------------------------------------------------- */

/* EX-33. Legion on O1, O3, O8; Covenant on O7, O2. With Kessel on r20 the Sapper
 * may not place on O7; in a later turn, Kessel on w3, he does: Covenant's flag
 * goes back to its supply and Legion holds four objectives. */
static void test_EX_33_domination_blocked_then_displacing(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "leg_sapper", PACK_COMBAT, "r21");
    tan_fx_put(f, "kessel", PACK_COMBAT, "r20");
    tan_fx_flag_at(f, LEG, 0, "O1", NULL);
    tan_fx_flag_at(f, LEG, 1, "O3", NULL);
    tan_fx_flag_at(f, LEG, 2, "O8", NULL);
    tan_fx_flag_at(f, COV, 0, "O7", NULL);
    tan_fx_flag_at(f, COV, 1, "O2", NULL);
    tan_fx_cycle(f, "leg_sapper", 0);
    tan_fx_sane(f);
    tan_fx_refuse(f, "placeflag O7", "E_ENEMY_ADJACENT", "TAN-5.15.1");

    /* a later turn (the cycle is started directly) */
    tan_fx_place(f, "kessel", "w3");
    tan_fx_turn(f, 3);
    tan_fx_cycle(f, "leg_sapper", 0);
    tan_fx_sane(f);
    tan_fx_apply(f, "placeflag O7");
    assert_int_equal(f->s->pl[COV].flag[0].where, FL_SUPPLY);
    assert_int_equal(f->s->pl[LEG].flag[3].where, FL_CIRCLE);
    assert_int_equal(f->s->pl[LEG].flag[3].at, tan_fx_circle(f, "O7"));
    assert_int_equal(tan_flags_on_objectives(f->c, f->s, LEG), 4);
    assert_int_equal(tan_flags_on_objectives(f->c, f->s, COV), 1);
    tan_fx_assert_over(f, LEG, R_DOMINATION);
}

/* --- initiative (TAN-4.4, 5.19) ---------------------------------------------------------- */

/* EX-34. Command bonus +3 (Varga's Brass Gorget, Kessel's Field Bars) against
 * +1 (Calloway's Field Bars). Turn 1 ends with Rauch's cycle; turn 2's
 * initiative: 8–8, 5–5, 12–3; Covenant wins and lets Legion go first. */
static void test_EX_34_initiative_with_rank_tokens(void **state)
{
    tan_fx *f = *state;
    tan_fx_recruit(f, "varga", PACK_MENTAL);
    tan_fx_recruit(f, "kessel", PACK_MENTAL);
    tan_fx_put(f, "rauch", PACK_COMBAT, "w2");
    tan_fx_recruit(f, "cov_rifleman", PACK_COMBAT);
    tan_fx_recruit(f, "cov_grenadier", PACK_STAMINA);
    tan_fx_recruit(f, "calloway", PACK_MENTAL);
    tan_fx_recruit(f, "pike", PACK_COMBAT);
    tan_fx_recruit(f, "sorel", PACK_STAMINA);
    tan_fx_recruit(f, "leg_ranger", PACK_COMBAT);
    tan_fx_recruit(f, "leg_sapper", PACK_STAMINA);
    const char *done[] = {"varga", "kessel", "cov_rifleman", "cov_grenadier", "calloway",
                          "pike",  "sorel",  "leg_ranger",   "leg_sapper"};
    for (int k = 0; k < 9; k++)
        tan_fx_activated(f, done[k], 1);
    tan_fx_cycle(f, "rauch", 0);
    tan_fx_sane(f);
    assert_int_equal(tan_command_bonus(f->c, f->s, COV), 3);
    assert_int_equal(tan_command_bonus(f->c, f->s, LEG), 1);

    tan_fx_rig(f, "5 7 2 4 9 2");
    tan_fx_apply(f, "end");
    assert_int_equal(f->s->head.turn, 2);
    assert_int_equal(tan_fx_events(f, EV_INITIATIVE), 3);
    const int want[3][4] = {{5, 7, 8, 8}, {2, 4, 5, 5}, {9, 2, 12, 3}};
    for (int k = 0; k < 3; k++) {
        const tt_event *e = tan_fx_event(f, EV_INITIATIVE, k);
        assert_int_equal(e->a, want[k][0]);
        assert_int_equal(e->b, want[k][1]);
        assert_int_equal(e->c, want[k][2]);
        assert_int_equal(e->d, want[k][3]);
    }
    assert_int_equal(f->s->init_winner, COV);
    assert_int_equal(f->s->phase, PH_FIRST);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), COV);
    tan_fx_apply(f, "first 1");
    assert_int_equal(f->s->first, LEG);
    assert_int_equal(f->s->phase, PH_ACTIVATE);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), LEG);
}

/* --- buying skills (TAN-5.13.3) ---------------------------------------------------------- */

/* EX-35. The Sapper (a Trooper, ENGINEERING) may not buy MECHANICS for a primary
 * half (2 VP over his limit of 1); his own ENGINEERING half gives +2 (5 → 7). */
static void test_EX_35_trooper_cannot_buy_primary_half(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "leg_sapper", PACK_COMBAT, "w2");
    tan_fx_objective_at(f, "leg_p3", "O1");
    tan_fx_vp(f, LEG, 5);
    tan_fx_cycle(f, "leg_sapper", 0);
    tan_fx_sane(f);
    tan_fx_refuse(f, "task O1 MECHANICS buy", "E_VP_LIMIT", "TAN-5.16.3");
    tan_fx_apply(f, "task O1 ENGINEERING");
    assert_int_equal(f->s->pl[LEG].vp, 7);
    int o = tan_fx_objective(f, "leg_p3");
    assert_int_equal(f->s->obj[o].halves, 1);
    assert_false(f->s->obj[o].bought);
    assert_int_equal(f->s->unit[tan_fx_unit(f, "leg_sapper")].vp_spent, 0);
}

/* EX-36. The Ranger on s3 with 1 MP may not step onto s4 (the Sapper, a
 * friend): he could stop nowhere. With 2 MP he goes on to s5. */
static void test_EX_36_no_stranding(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "leg_ranger", PACK_COMBAT, "s3");
    tan_fx_put(f, "leg_sapper", PACK_COMBAT, "s4");
    tan_fx_cycle(f, "leg_ranger", 5);
    tan_fx_sane(f);
    assert_int_equal(tan_fx_mp(f), 1);
    tan_fx_refuse(f, "move s4", "E_STRANDED", "TAN-5.4.6");
    assert_false(tan_fx_offered(f, "move s4"));

    f->s->mp_spent = 4;
    assert_int_equal(tan_fx_mp(f), 2);
    tan_fx_apply(f, "move s4");
    tan_fx_apply(f, "move s5");
    assert_int_equal(tan_fx_on(f, "leg_ranger"), tan_fx_circle(f, "s5"));
    assert_int_equal(tan_fx_mp(f), 0);
    tan_fx_apply(f, "end");
}

/* EX-37. Pike buys the ARCHAEOLOGY half of leg_p1 (Legion 2 → 0 → 2); Sorel may
 * not buy the other half; Calloway, who has DEXTERITY, completes it (→ 4).
 * Sorel steps aside to n6; Calloway comes from e3 through Pike on e2. */
static void test_EX_37_one_bought_half_per_primary(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "pike", PACK_COMBAT, "e2");
    tan_fx_put(f, "sorel", PACK_STAMINA, "e1");
    tan_fx_put(f, "calloway", PACK_COMBAT, "e3");
    tan_fx_objective_at(f, "leg_p1", "O3");
    tan_fx_vp(f, LEG, 2);
    tan_fx_activation(f, LEG);
    tan_fx_sane(f);
    int o = tan_fx_objective(f, "leg_p1");

    tan_fx_apply(f, "activate pike");
    tan_fx_apply(f, "task O3 ARCHAEOLOGY buy");
    assert_int_equal(f->s->pl[LEG].vp, 2);
    assert_true(f->s->obj[o].bought);
    assert_int_equal(f->s->obj[o].halves, 1);
    assert_int_equal(f->s->unit[tan_fx_unit(f, "pike")].vp_spent, 2);
    tan_fx_apply(f, "end");

    tan_fx_apply(f, "activate sorel");
    tan_fx_refuse(f, "task O3 DEXTERITY buy", "E_BOTH_BOUGHT", "TAN-5.13.3");
    tan_fx_apply(f, "move n6");
    tan_fx_apply(f, "end");

    tan_fx_apply(f, "activate calloway");
    tan_fx_apply(f, "move e2");
    tan_fx_apply(f, "move e1");
    tan_fx_apply(f, "task O3 DEXTERITY");
    assert_int_equal(f->s->obj[o].halves, 3);
    assert_int_equal(f->s->obj[o].where, OB_DONE);
    assert_int_equal(f->s->pl[LEG].vp, 4);
    assert_int_equal(f->s->pl[LEG].completed_primary, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_1_penalty_natural_ten),
        cmocka_unit_test(test_EX_2_bonus_natural_one),
        cmocka_unit_test(test_EX_3_bonus_ten_not_natural),
        cmocka_unit_test_setup_teardown(test_EX_4_movement_interrupted_by_action,
                                        tan_fx_setup_story, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_5_wounds_and_healing_change_mp, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_6_steps_to_adjacent_circles_only,
                                        tan_fx_setup_story, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_7_entering_and_red_symbols, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_8_enemy_in_the_way, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_9_passing_a_friend_no_shortcuts, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_9b_goto_expands_into_steps, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_11_buying_skill_for_secondary, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_12a_primary_over_two_turns, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_12b_primary_by_two_characters, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_13_difficulty_and_reinforcements,
                                        tan_fx_setup_story, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_14_setup_roll, tan_fx_setup_story, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_15_carried_flags_need_no_slot, tan_fx_setup_ctf,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_26a_drop_and_pass, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_26b_freshness, tan_fx_setup_story, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_27_stacking_and_room, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_28_searching_a_crate, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_30_story_end_decided_by_vp, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_30b_tie_goes_to_finisher, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_31_death_match_reinforcement_saves,
                                        tan_fx_setup_deathmatch, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_31b_no_reinforcement_eliminated,
                                        tan_fx_setup_deathmatch, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_31c_hard_eliminated_at_once,
                                        tan_fx_setup_deathmatch_hard, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_32_second_flag_planted, tan_fx_setup_ctf,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_32b_own_dropped_flag, tan_fx_setup_ctf,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_33_domination_blocked_then_displacing,
                                        tan_fx_setup_domination, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_34_initiative_with_rank_tokens, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_35_trooper_cannot_buy_primary_half,
                                        tan_fx_setup_story, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_36_no_stranding, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_EX_37_one_bought_half_per_primary, tan_fx_setup_story,
                                        tan_fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
