/* Tannhäuser: rules the worked examples do not cover but a player would
 * notice, one test per rule ID: `goto` where one stands (TAN-5.4.2), what
 * `buymp` takes (TAN-5.16.3), stranding through friends (TAN-5.4.6), the
 * end of bull-rush passage (TAN-5.6.3), freshness (TAN-5.11.2), crate take
 * sequences (TAN-5.12.2), own flags (TAN-5.14.1), a blast's decisions
 * (TAN-5.8.3), a draw by one grenade (TAN-8.2), the turn limit in every mode (TAN-8.7), alternation when one
 * side runs out (TAN-4.5) and dying in one's own cycle (TAN-9.9).
 *
 * Same conventions as test_tannhauser_examples.c: the sample content, only the
 * characters a test names, Covenant (seat 0) entering at EN, Legion (seat 1)
 * at ES, turn 1, both VP pools 0, rigged dice where a roll is made. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "tan_fixture.h"

#define COV TAN_COV
#define LEG TAN_LEG

static int open_with(void **state, const char *params)
{
    *state = tan_fx_open(params);
    return 0;
}
/* A Thunder Egg that reaches 1..5: the sample grenade's minimum range of 2
 * keeps every thrower out of his own blast (TAN-5.8.2). */
static int setup_short_fuse(void **state)
{
    return open_with(state, "mode=deathmatch difficulty=hard equipment=" TT_SOURCE_DIR
                            "/tests/data/tannhauser/equipment_short_fuse.json");
}
static int setup_last_turn_story(void **state)
{
    return open_with(state, "mode=story max_turns=1");
}
static int setup_last_turn_deathmatch(void **state)
{
    return open_with(state, "mode=deathmatch max_turns=1");
}
static int setup_last_turn_ctf(void **state)
{
    return open_with(state, "mode=ctf max_turns=1");
}
static int setup_last_turn_domination(void **state)
{
    return open_with(state, "mode=domination max_turns=1");
}

/* --- movement (TAN-5.4.6, 5.6.3) ------------------------------------------------------ */

/* TAN-5.4.6. Legion's Sapper, Sorel and Pike stand on s3, s4 and s5; Kessel (an
 * enemy) on r21. The Ranger enters at ES. Friends are crossed but never stopped
 * on, so with 3 MP he may not even enter (after ES and s3, 1 MP left: s2 costs
 * 2, s4 leads only to more friends), whatever VP he could buy MP with; with 4
 * MP he may enter and reach s2, but not step on to s4; with 6 he crosses all
 * three friends to s6. */
static void stranding_position(tan_fx *f, int mp_spent)
{
    tan_fx_clear(f);
    tan_fx_recruit(f, "leg_ranger", PACK_COMBAT);
    tan_fx_put(f, "leg_sapper", PACK_COMBAT, "s3");
    tan_fx_put(f, "sorel", PACK_STAMINA, "s4");
    tan_fx_put(f, "pike", PACK_COMBAT, "s5");
    tan_fx_put(f, "kessel", PACK_COMBAT, "r21");
    tan_fx_vp(f, LEG, 2);
    tan_fx_cycle(f, "leg_ranger", mp_spent);
    tan_fx_sane(f);
}

static void test_TAN_5_4_6_stranding_via_friends(void **state)
{
    tan_fx *f = *state;
    stranding_position(f, 3);
    assert_int_equal(tan_fx_mp(f), 3);
    tan_fx_refuse(f, "move ES", "E_STRANDED", "TAN-5.4.6");
    assert_false(tan_fx_offered(f, "move ES"));

    stranding_position(f, 2);
    tan_fx_apply(f, "move ES");
    tan_fx_apply(f, "move s3");
    assert_int_equal(tan_fx_mp(f), 2);
    tan_fx_refuse(f, "move s4", "E_STRANDED", "TAN-5.4.6");
    tan_fx_refuse(f, "move r21", "E_ENEMY_OCCUPIED", "TAN-5.4.4");
    tan_fx_apply(f, "move s2");
    assert_int_equal(tan_fx_mp(f), 0);
    tan_fx_apply(f, "end");
    assert_int_equal(tan_fx_on(f, "leg_ranger"), tan_fx_circle(f, "s2"));

    stranding_position(f, 0);
    tan_fx_apply(f, "move ES");
    tan_fx_apply(f, "move s3");
    tan_fx_apply(f, "move s4");
    tan_fx_apply(f, "move s5");
    tan_fx_refuse(f, "end", "E_CANNOT_STOP_HERE", "TAN-4.8");
    tan_fx_apply(f, "move s6");
    assert_int_equal(tan_fx_mp(f), 1);
    tan_fx_apply(f, "end");
    assert_int_equal(tan_fx_on(f, "leg_ranger"), tan_fx_circle(f, "s6"));
}

/* TAN-4.8. A circle a teammate stands on is no stop: the ranger steps onto
 * s3 beside the sapper and on to s4 beside Sorel, and may end its cycle on
 * s4 once Sorel has left it; the position stays sane at each step. */
static void test_TAN_4_8_no_stop_beside_teammate(void **state)
{
    tan_fx *f = *state;
    stranding_position(f, 0);
    tan_fx_apply(f, "move ES");
    tan_fx_apply(f, "move s3");
    tan_fx_refuse(f, "end", "E_CANNOT_STOP_HERE", "TAN-4.8");
    tan_fx_apply(f, "move s4");
    tan_fx_refuse(f, "end", "E_CANNOT_STOP_HERE", "TAN-4.8");
    tan_fx_reserve(f, "sorel");
    tan_fx_sane(f);
    tan_fx_apply(f, "end");
    assert_int_equal(tan_fx_on(f, "leg_ranger"), tan_fx_circle(f, "s4"));
}

/* TAN-3.6. An à la carte pack takes each token as often as one of the
 * character's packs holds it: the Grenadier's Combat pack holds two
 * thunder eggs, so a third is refused, and a token of none of its packs is
 * refused outright. */
static void test_TAN_3_6_custom_copies_per_pack(void **state)
{
    tan_fx *f = *state;
    tan_fx_recruit_teams(f, 14);
    tan_fx_apply(f, "pack cov_grenadier custom");
    tan_fx_refuse(f, "custom long_rifle", "E_BAD_PACK", "TAN-3.6");
    tan_fx_apply(f, "custom thunder_egg");
    tan_fx_apply(f, "custom thunder_egg");
    tan_fx_refuse(f, "custom thunder_egg", "E_BAD_PACK", "TAN-3.6");
    assert_true(tan_fx_offered(f, "custom kestrel"));
    assert_false(tan_fx_offered(f, "custom thunder_egg"));
    assert_true(tan_fx_offered(f, "custom trench_blade"));
    assert_false(tan_fx_offered(f, "custom long_rifle"));
}

/* TAN-5.6.3. Sorel wins a bull rush against the Rifleman on n2 (faces as in
 * EX-21); buying MP keeps her passage, the empty n3 ends it, and the Grenadier
 * on n4 then blocks her like any enemy. */
static void test_TAN_5_6_3_passage_ends_on_empty_circle(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "sorel", PACK_STAMINA, "n1");
    tan_fx_put(f, "cov_rifleman", PACK_COMBAT, "n2");
    tan_fx_put(f, "cov_grenadier", PACK_COMBAT, "n4");
    tan_fx_vp(f, LEG, 1);
    tan_fx_cycle(f, "sorel", 0);
    tan_fx_sane(f);
    tan_fx_rig(f, "10 6 5 2 3 1 3 9 2 2");
    tan_fx_apply(f, "bullrush cov_rifleman");
    assert_int_equal(f->s->passage, PASS_ONTO);
    tan_fx_apply(f, "buymp 1");
    assert_int_equal(f->s->passage, PASS_ONTO);
    assert_int_equal(tan_fx_mp(f), 8);
    tan_fx_apply(f, "move n2");
    assert_int_equal(f->s->passage, PASS_CHAIN);
    tan_fx_apply(f, "move n3");
    assert_int_equal(f->s->passage, PASS_NONE);
    tan_fx_refuse(f, "move n4", "E_ENEMY_OCCUPIED", "TAN-5.4.4");
    assert_int_equal(tan_fx_mp(f), 6);
    tan_fx_apply(f, "end");
    assert_int_equal(tan_fx_on(f, "sorel"), tan_fx_circle(f, "n3"));
}

/* The refusal of `text` says exactly msg (the code and rule checked as tan_fx_refuse does). */
static void refuse_saying(tan_fx *f, const char *text, const char *code, const char *rule,
                          const char *msg)
{
    tan_fx_refuse(f, text, code, rule);
    tt_error err = {0};
    assert_int_equal(tt_apply_text(f->g, (tt_state *)f->s, text, NULL, &err), TT_EILLEGAL);
    assert_string_equal(err.msg, msg);
}

/* TAN-5.4.2. `goto` to the circle the character stands on says so, rather
 * than that no route reaches it; the circle next door is one step away. */
static void test_TAN_5_4_2_goto_where_one_stands(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "rauch", PACK_COMBAT, "r00");
    tan_fx_cycle(f, "rauch", 0);
    tan_fx_sane(f);
    refuse_saying(f, "goto r00", "E_NOT_ADJACENT", "TAN-5.4.2",
                  "Doktor Anselm Rauch is already on r00");
    tan_fx_apply(f, "goto r01");
    assert_int_equal(tan_fx_on(f, "rauch"), tan_fx_circle(f, "r01"));
}

/* TAN-5.16.3. `buymp` buys 1 or 2 MP: any other number is no command (the
 * form is checked first, TAN-5.20.2), whatever the VP pool holds; a Trooper's
 * limit of 1 VP a cycle refuses `buymp 2` as the limit. */
static void test_TAN_5_16_3_buymp_takes_1_or_2(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "varga", PACK_COMBAT, "r00");
    tan_fx_put(f, "cov_rifleman", PACK_COMBAT, "r02");
    tan_fx_vp(f, COV, 9);
    tan_fx_cycle(f, "varga", 0);
    tan_fx_sane(f);
    refuse_saying(f, "buymp 5", "E_BAD_COMMAND", "TAN-5.16.3",
                  "buymp takes 1 or 2 (MP, 1 VP each), not 5");
    refuse_saying(f, "buymp 0", "E_BAD_COMMAND", "TAN-5.16.3",
                  "buymp takes 1 or 2 (MP, 1 VP each), not 0");
    tan_fx_apply(f, "buymp 2");
    assert_int_equal(f->s->pl[COV].vp, 7);
    refuse_saying(f, "buymp 1", "E_VP_LIMIT", "TAN-5.16.3",
                  "Major Ilse Varga may spend 0 more VP this cycle");
    tan_fx_apply(f, "end");
    tan_fx_activation(f, COV);
    tan_fx_cycle(f, "cov_rifleman", 0);
    refuse_saying(f, "buymp 2", "E_VP_LIMIT", "TAN-5.16.3",
                  "Covenant Rifleman may spend 1 more VP this cycle");
}

/* --- equipment and crates (TAN-5.11.2, 5.12.2) ------------------------------------------ */

/* TAN-5.11.2. Sorel on n5 drops her Kestrel on n6 and her Field Dressing into
 * the crate A2: both are fresh until her cycle ends. The Ranger, in the next
 * cycle, walks over the Kestrel to n5 and takes the dressing out of A2 by a
 * search. */
static void test_TAN_5_11_2_freshness_ends_with_cycle(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "sorel", PACK_STAMINA, "n5");
    tan_fx_put(f, "leg_ranger", PACK_COMBAT, "e1");
    tan_fx_cycle(f, "sorel", 0);
    tan_fx_sane(f);
    int kestrel = tan_fx_carried(f, "sorel", "kestrel");
    int dressing = tan_fx_carried(f, "sorel", "dressing");
    int a2 = f->c->site_of[tan_fx_circle(f, "A2")];
    tan_fx_apply(f, "exchange");
    tan_fx_apply(f, "drop kestrel n6");
    tan_fx_apply(f, "drop dressing A2");
    assert_int_equal(f->s->item[dressing].where, W_CRATE);
    assert_int_equal(f->s->item[dressing].at, a2);
    assert_true(f->s->item[kestrel].fresh);
    assert_true(f->s->item[dressing].fresh);
    tan_fx_refuse(f, "pick kestrel", "E_FRESH_ITEM", "TAN-5.11.2");
    tan_fx_apply(f, "done");
    tan_fx_apply(f, "move n4");
    assert_true(f->s->item[kestrel].fresh);
    tan_fx_apply(f, "end");
    assert_false(f->s->item[kestrel].fresh);
    assert_false(f->s->item[dressing].fresh);

    tan_fx_apply(f, "activate leg_ranger");
    tan_fx_apply(f, "move n6");
    tan_fx_apply(f, "move n5");
    tan_fx_apply(f, "search A2");
    assert_int_equal(tan_fx_event(f, EV_SEARCH, 0)->c, -1); /* no face-down token */
    tan_fx_apply(f, "take dressing");
    assert_int_equal(f->s->item[dressing].where, W_UNIT);
    assert_int_equal(f->s->item[dressing].at, tan_fx_unit(f, "leg_ranger"));
    assert_int_equal(f->s->item[dressing].locked, TAN_NONE);
    tan_fx_apply(f, "done");
    assert_int_equal(f->s->item[kestrel].where, W_CIRCLE);
}

/* TAN-5.12.2, in Domination (all crate tokens). Sorel's search of A2 turns up
 * crate_v2: +1 VP, nothing to take, `done` at once. The Rifleman, his slots
 * full, finds the Surgeon's Satchel in A3 and must leave it there, face up.
 * The Ranger finds A2 empty. Varga then searches A3 and takes the satchel. */
static void test_TAN_5_12_2_vp_and_equipment_crates(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "sorel", PACK_STAMINA, "n5");
    tan_fx_put(f, "leg_ranger", PACK_COMBAT, "n4");
    tan_fx_put(f, "cov_rifleman", PACK_COMBAT, "w3");
    tan_fx_give(f, "cov_rifleman", "dressing"); /* his 4th slot */
    tan_fx_put(f, "varga", PACK_COMBAT, "w2");
    tan_fx_crate(f, "A2", "crate_v2");
    tan_fx_crate(f, "A3", "crate_e2");
    int a3 = f->c->site_of[tan_fx_circle(f, "A3")];
    tan_fx_cycle(f, "sorel", 0);
    tan_fx_sane(f);

    tan_fx_apply(f, "search A2");
    assert_int_equal(tan_fx_event(f, EV_SEARCH, 0)->c, tan_fx_crate_token(f, "crate_v2"));
    assert_int_equal(f->s->pl[LEG].vp, 1);
    tt_action acts[TAN_MAX_ACTIONS];
    assert_int_equal(tt_legal(f->g, (const tt_state *)f->s, acts), 1);
    assert_true(tan_fx_offered(f, "done"));
    tan_fx_apply(f, "done");
    tan_fx_apply(f, "move n6");
    tan_fx_apply(f, "end");

    int n0 = f->s->ninst;
    tan_fx_apply(f, "activate cov_rifleman");
    tan_fx_apply(f, "search A3");
    assert_int_equal(tan_fx_event(f, EV_SEARCH, 0)->c, tan_fx_crate_token(f, "crate_e2"));
    assert_int_equal(f->s->ninst, n0 + 1);
    int satchel = tan_fx_item(f, "satchel");
    assert_int_equal(f->s->item[satchel].where, W_CRATE);
    assert_int_equal(f->s->item[satchel].at, a3);
    assert_int_equal(f->s->crate[a3], TAN_NONE);
    assert_int_equal(f->s->pl[COV].vp, 0);
    tan_fx_refuse(f, "take satchel", "E_NO_ROOM", "TAN-2.6.6");
    tan_fx_apply(f, "done");
    assert_int_equal(f->s->item[satchel].where, W_CRATE);
    assert_false(f->s->item[satchel].fresh);
    tan_fx_apply(f, "move w4");
    tan_fx_apply(f, "end");

    tan_fx_apply(f, "activate leg_ranger");
    tan_fx_apply(f, "move n5");
    tan_fx_refuse(f, "search A2", "E_NO_CRATE", "TAN-5.12.1");
    tan_fx_apply(f, "end");

    tan_fx_apply(f, "activate varga");
    tan_fx_apply(f, "move w3");
    tan_fx_apply(f, "search A3");
    assert_int_equal(tan_fx_event(f, EV_SEARCH, 0)->c, -1);
    tan_fx_apply(f, "take satchel");
    assert_int_equal(f->s->item[satchel].where, W_UNIT);
    assert_int_equal(f->s->item[satchel].at, tan_fx_unit(f, "varga"));
    tan_fx_apply(f, "done");
}

/* --- flags (TAN-5.14.1) ----------------------------------------------------------------- */

/* TAN-5.14.1. Sorel on s4 may not take Legion's flag at its home O6, finds no
 * flag on s3, and from s5, where a Covenant and a Legion flag were dropped,
 * takes only the Covenant one. */
static void test_TAN_5_14_1_own_flags(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "sorel", PACK_STAMINA, "s4");
    tan_fx_flag_at(f, COV, 0, "s5", "O5");
    tan_fx_flag_at(f, COV, 1, "O8", "O8");
    tan_fx_flag_at(f, LEG, 0, "O6", "O6");
    tan_fx_flag_at(f, LEG, 1, "s5", "O7");
    tan_fx_cycle(f, "sorel", 0);
    tan_fx_sane(f);
    tan_fx_refuse(f, "takeflag O6", "E_OWN_FLAG", "TAN-5.14.1");
    tan_fx_refuse(f, "takeflag s3", "E_NO_FLAG", "TAN-5.14.1");
    tan_fx_apply(f, "takeflag s5");
    assert_int_equal(tan_fx_event(f, EV_TAKEFLAG, 0)->c, 1);
    assert_int_equal(f->s->pl[COV].flag[0].where, FL_CARRIED);
    assert_int_equal(f->s->pl[COV].flag[0].at, tan_fx_unit(f, "sorel"));
    assert_int_equal(f->s->pl[LEG].flag[1].where, FL_CIRCLE);
    assert_int_equal(f->s->pl[LEG].flag[1].at, tan_fx_circle(f, "s5"));
    assert_int_equal(f->s->pl[LEG].flag[0].where, FL_CIRCLE);
}

/* --- grenades (TAN-5.8) ----------------------------------------------------------------- */

/* TAN-5.8.3. EX-23's throw with 2 VP in Legion's pool: the blast stops at each
 * Legion victim for its shrug decision, one at a time on top of the blast (the
 * deepest the decision stack gets, TAN_STACK_DEPTH), and offers no
 * counterattack after it. The Rifleman (Covenant, no VP) takes his 2 wounds
 * at once; Pike keeps the VP (2 wounds); the Ranger, a Trooper, may shrug
 * only 1 of his 2 (TAN-5.16.3) and survives at 2 wounds. */
static void test_TAN_5_8_3_blast_asks_each_victim_in_turn(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "cov_grenadier", PACK_COMBAT, "n1");
    tan_fx_put(f, "cov_rifleman", PACK_COMBAT, "n3");
    tan_fx_put(f, "pike", PACK_COMBAT, "n4");
    tan_fx_put(f, "leg_ranger", PACK_COMBAT, "n5");
    tan_fx_wounds(f, "leg_ranger", 1);
    tan_fx_vp(f, LEG, 2);
    tan_fx_cycle(f, "cov_grenadier", 0);
    tan_fx_sane(f);
    tan_fx_rig(f, "6 2 9 1 5 6 7 1 10 5 4 3");
    tan_fx_apply(f, "throw n4 thunder_egg");
    assert_int_equal(tan_fx_events(f, TT_EV_POOL), 2);
    assert_int_equal(tan_fx_wounds_of(f, "cov_rifleman"), 2);
    assert_int_equal(f->s->stack.n, 2);
    assert_int_equal(f->s->stack.f[0].kind, F_BLAST);
    assert_int_equal(f->s->stack.f[1].kind, F_SHRUG);
    assert_int_equal(f->s->stack.f[1].a, tan_fx_unit(f, "pike"));
    assert_int_equal(f->s->stack.f[1].b, 2);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), LEG);

    /* the sanity checker knows the shape: no counter window above a blast */
    tt_error err = {0};
    f->s->stack.f[1].kind = F_COUNTER;
    assert_int_equal(tt_sanity(f->g, (const tt_state *)f->s, &err), TT_ESTATE);
    f->s->stack.f[1].kind = F_SHRUG;
    tan_fx_sane(f);

    tan_fx_apply(f, "shrug 0");
    assert_int_equal(tan_fx_wounds_of(f, "pike"), 2);
    assert_int_equal(f->s->stack.n, 2);
    assert_int_equal(f->s->stack.f[0].kind, F_BLAST);
    assert_int_equal(f->s->stack.f[1].kind, F_SHRUG);
    assert_int_equal(f->s->stack.f[1].a, tan_fx_unit(f, "leg_ranger"));
    assert_int_equal(f->s->stack.f[1].b, 2);
    tan_fx_refuse(f, "shrug 2", "E_VP_LIMIT", "TAN-5.16.3");

    tan_fx_apply(f, "shrug 1");
    assert_int_equal(tan_fx_wounds_of(f, "leg_ranger"), 2);
    assert_int_equal(tan_fx_status(f, "leg_ranger"), ST_BOARD);
    assert_int_equal(f->s->pl[LEG].vp, 1);
    assert_int_equal(f->s->stack.n, 0);
    assert_int_equal(tan_fx_events(f, EV_COUNTER), 0);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), COV);
    assert_int_equal(f->s->rig.n - f->s->rig.at, 0);
}

/* --- end of game (TAN-8.2, 8.7) --------------------------------------------------------- */

/* TAN-8.2. Death Match at Hard difficulty, each side down to one Trooper at 2
 * wounds: the Grenadier on n3 throws a short-fuse Thunder Egg at the Ranger on
 * n4 (pd 1); the blast takes both (one success each: faces 4 1 1 1 at DS 4,
 * 3 1 1 1 at DS 3). Both are eliminated by one event: a draw. */
static void test_TAN_8_2_both_eliminated_by_grenade_draw(void **state)
{
    tan_fx *f = *state;
    const char *cov[] = {"varga", "rauch", "kessel", "cov_rifleman"};
    const char *leg[] = {"calloway", "pike", "sorel", "leg_sapper"};
    for (int k = 0; k < 4; k++) {
        tan_fx_recruit(f, cov[k], PACK_COMBAT);
        tan_fx_dead(f, cov[k], 1);
        tan_fx_recruit(f, leg[k], PACK_COMBAT);
        tan_fx_dead(f, leg[k], 1);
    }
    tan_fx_put(f, "cov_grenadier", PACK_COMBAT, "n3");
    tan_fx_put(f, "leg_ranger", PACK_COMBAT, "n4");
    tan_fx_wounds(f, "cov_grenadier", 2);
    tan_fx_wounds(f, "leg_ranger", 2);
    tan_fx_turn(f, 2);
    tan_fx_cycle(f, "cov_grenadier", 0);
    tan_fx_sane(f);
    assert_int_equal(f->s->pl[COV].reinf_left, 0);
    tan_fx_rig(f, "4 1 1 1 3 1 1 1");
    tan_fx_apply(f, "throw n4 thunder_egg");
    tan_fx_assert_pool(f, 0, 4, 4, 0, 1); /* the Grenadier on n3 */
    tan_fx_assert_pool(f, 1, 4, 3, 0, 1); /* the Ranger on n4 */
    assert_int_equal(tan_fx_status(f, "cov_grenadier"), ST_DEAD);
    assert_int_equal(tan_fx_status(f, "leg_ranger"), ST_DEAD);
    assert_int_equal(tan_fx_event(f, EV_KILLED, 0)->c, 0); /* no VP for one's own */
    assert_int_equal(tan_fx_event(f, EV_KILLED, 1)->c, 1);
    assert_int_equal(tan_fx_events(f, EV_GAME_OVER), 1);
    tan_fx_assert_over(f, TAN_NONE, R_BOTH_ELIMINATED);
    double ret[2];
    tt_returns(f->g, (const tt_state *)f->s, ret);
    assert_true(ret[0] == 0.0 && ret[1] == 0.0);
}

/* Ends turn 1, the last one: everyone but `who` has had a cycle; `who` ends
 * its cycle at once. */
/* A cleared position with Varga on n1 and Calloway on s5, the rest unrecruited. */
static void facing(tan_fx *f)
{
    tan_fx_clear(f);
    tan_fx_put(f, "varga", PACK_COMBAT, "n1");
    tan_fx_put(f, "calloway", PACK_COMBAT, "s5");
}

static void last_cycle_ends(tan_fx *f, const char *who)
{
    int w = tan_fx_unit(f, who);
    for (int u = 0; u < TAN_UNITS; u++)
        if (u != w && f->s->unit[u].def != TAN_NONE)
            f->s->unit[u].activated = 1;
    tan_fx_cycle(f, who, 0);
    tan_fx_sane(f);
    tan_fx_apply(f, "end");
}

/* TAN-8.7, Story: more VP wins; equal VP is a draw. */
static void test_TAN_8_7_turn_limit_story(void **state)
{
    tan_fx *f = *state;
    assert_int_equal(f->c->max_turns, 1);
    facing(f);
    tan_fx_vp(f, COV, 2);
    tan_fx_vp(f, LEG, 3);
    last_cycle_ends(f, "varga");
    tan_fx_assert_over(f, LEG, R_TURN_LIMIT);

    facing(f);
    tan_fx_vp(f, COV, 3);
    tan_fx_vp(f, LEG, 3);
    last_cycle_ends(f, "varga");
    tan_fx_assert_over(f, TAN_NONE, R_TURN_LIMIT);
}

/* TAN-8.7, Death Match: more living characters (board and reserve), then more
 * VP, else a draw. */
static void test_TAN_8_7_turn_limit_deathmatch(void **state)
{
    tan_fx *f = *state;
    facing(f);
    tan_fx_recruit(f, "rauch", PACK_COMBAT); /* in reserve: alive */
    tan_fx_recruit(f, "pike", PACK_COMBAT);
    tan_fx_dead(f, "pike", 1);
    tan_fx_vp(f, LEG, 5);
    last_cycle_ends(f, "varga");
    tan_fx_assert_over(f, COV, R_TURN_LIMIT);

    facing(f);
    tan_fx_vp(f, COV, 1);
    tan_fx_vp(f, LEG, 2);
    last_cycle_ends(f, "varga");
    tan_fx_assert_over(f, LEG, R_TURN_LIMIT);

    facing(f);
    tan_fx_vp(f, COV, 2);
    tan_fx_vp(f, LEG, 2);
    last_cycle_ends(f, "varga");
    tan_fx_assert_over(f, TAN_NONE, R_TURN_LIMIT);
}

/* CTF flags at home: Covenant's on O5 and O8, Legion's on O6 and O7. */
static void ctf_flags_home(tan_fx *f)
{
    tan_fx_flag_at(f, COV, 0, "O5", "O5");
    tan_fx_flag_at(f, COV, 1, "O8", "O8");
    tan_fx_flag_at(f, LEG, 0, "O6", "O6");
    tan_fx_flag_at(f, LEG, 1, "O7", "O7");
}

/* TAN-8.7, Capture the Flag: more enemy flags captured, then more enemy flags
 * carried by living characters, else a draw. */
static void test_TAN_8_7_turn_limit_ctf(void **state)
{
    tan_fx *f = *state;
    facing(f);
    ctf_flags_home(f);
    tan_fx_flag_captured(f, LEG, 0, "EN", "O6");
    f->s->pl[COV].captured = 1;
    tan_fx_flag_carried(f, COV, 0, "calloway", "O5");
    last_cycle_ends(f, "varga");
    tan_fx_assert_over(f, COV, R_TURN_LIMIT);

    facing(f);
    ctf_flags_home(f);
    tan_fx_flag_carried(f, COV, 0, "calloway", "O5");
    last_cycle_ends(f, "varga");
    tan_fx_assert_over(f, LEG, R_TURN_LIMIT);

    facing(f);
    ctf_flags_home(f);
    last_cycle_ends(f, "varga");
    tan_fx_assert_over(f, TAN_NONE, R_TURN_LIMIT);
}

/* TAN-8.7, Domination: more of one's flags on objective circles, else a draw. */
static void test_TAN_8_7_turn_limit_domination(void **state)
{
    tan_fx *f = *state;
    facing(f);
    tan_fx_flag_at(f, COV, 0, "O1", NULL);
    tan_fx_flag_at(f, LEG, 0, "O3", NULL);
    tan_fx_flag_at(f, LEG, 1, "O4", NULL);
    tan_fx_vp(f, COV, 5);
    last_cycle_ends(f, "varga");
    tan_fx_assert_over(f, LEG, R_TURN_LIMIT);

    facing(f);
    tan_fx_flag_at(f, COV, 0, "O1", NULL);
    tan_fx_flag_at(f, LEG, 0, "O3", NULL);
    tan_fx_vp(f, COV, 5);
    last_cycle_ends(f, "varga");
    tan_fx_assert_over(f, TAN_NONE, R_TURN_LIMIT);
}

/* --- turn structure (TAN-4.5, 9.9, 9.10) ------------------------------------------------- */

/* TAN-4.5. Covenant fields Varga alone; Legion Calloway, Pike (dead: skipped,
 * TAN-9.10) and Sorel. Covenant goes first: Varga, Calloway, then Sorel at
 * once, since Covenant has no one left; then the turn ends. All stay in
 * reserve. Turn 2's initiative is rigged. */
static void test_TAN_4_5_alternation_when_one_side_runs_out(void **state)
{
    tan_fx *f = *state;
    tan_fx_recruit(f, "varga", PACK_COMBAT);
    tan_fx_recruit(f, "calloway", PACK_COMBAT);
    tan_fx_recruit(f, "pike", PACK_COMBAT);
    tan_fx_recruit(f, "sorel", PACK_STAMINA);
    tan_fx_dead(f, "pike", 1);
    tan_fx_sane(f);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), COV);
    tan_fx_refuse(f, "activate calloway", "E_NOT_YOUR_CHARACTER", "TAN-4.5");
    tan_fx_apply(f, "activate varga");
    tan_fx_apply(f, "end");
    assert_int_equal(f->s->phase, PH_ACTIVATE);
    assert_int_equal(f->s->decider, LEG);
    tan_fx_refuse(f, "activate pike", "E_CHAR_DEAD", "TAN-4.5");
    tan_fx_apply(f, "activate calloway");
    tan_fx_apply(f, "end");
    assert_int_equal(f->s->phase, PH_ACTIVATE);
    assert_int_equal(f->s->decider, LEG); /* Covenant has no one left */
    tan_fx_refuse(f, "activate calloway", "E_ALREADY_ACTIVATED", "TAN-4.5");
    tan_fx_apply(f, "activate sorel");
    tan_fx_rig(f, "3 9");
    tan_fx_apply(f, "end");
    assert_int_equal(f->s->head.turn, 2);
    assert_int_equal(f->s->phase, PH_FIRST);
    assert_int_equal(f->s->decider, LEG);
    for (int u = 0; u < TAN_UNITS; u++)
        assert_false(f->s->unit[u].activated);
}

/* TAN-9.9. Rauch at 5 wounds steps to r01 (2 MP left) and shoots the Ranger on
 * r22 with his Kestrel (one die, a 2: no hit). Legion counters with the carbine
 * (7 dice at DS 2, one success): Rauch dies, his cycle ends at once, his MP are
 * lost, and Legion activates next. */
static void test_TAN_9_9_dying_in_own_cycle_ends_it(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "rauch", PACK_COMBAT, "r00");
    tan_fx_wounds(f, "rauch", 5);
    tan_fx_put(f, "leg_ranger", PACK_COMBAT, "r22");
    tan_fx_recruit(f, "calloway", PACK_COMBAT);
    tan_fx_vp(f, LEG, 1);
    tan_fx_cycle(f, "rauch", 0);
    tan_fx_sane(f);
    int kestrel = tan_fx_carried(f, "rauch", "kestrel");
    tan_fx_apply(f, "move r01");
    assert_int_equal(tan_fx_mp(f), 2);
    tan_fx_rig(f, "2");
    tan_fx_apply(f, "attack leg_ranger kestrel");
    tan_fx_assert_pool(f, 0, 1, 5, 1, 0);
    assert_int_equal(tan_fx_pending(f), F_COUNTER);
    tan_fx_rig(f, "5 1 1 1 1 1 1");
    tan_fx_apply(f, "counter marrow");
    tan_fx_assert_pool(f, 0, 7, 2, 0, 1);
    assert_int_equal(tan_fx_status(f, "rauch"), ST_DEAD);
    assert_int_equal(tan_fx_events(f, EV_END_CYCLE), 1);
    assert_int_equal(f->s->active, TAN_NONE);
    assert_int_equal(tan_fx_mp(f), 0);
    assert_int_equal(f->s->phase, PH_ACTIVATE);
    assert_int_equal(f->s->decider, LEG);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), LEG);
    assert_int_equal(f->s->item[kestrel].where, W_CIRCLE);
    assert_int_equal(f->s->item[kestrel].at, tan_fx_circle(f, "r01"));
    assert_int_equal(f->s->pl[LEG].vp, 2); /* 1 − 1 for the counter + 2 for a Hero */
    tan_fx_assert_playing(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_TAN_5_4_6_stranding_via_friends, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_TAN_4_8_no_stop_beside_teammate, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_TAN_3_6_custom_copies_per_pack, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_TAN_5_4_2_goto_where_one_stands, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_TAN_5_16_3_buymp_takes_1_or_2, tan_fx_setup_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_TAN_5_6_3_passage_ends_on_empty_circle,
                                        tan_fx_setup_story, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_TAN_5_11_2_freshness_ends_with_cycle,
                                        tan_fx_setup_story, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_TAN_5_12_2_vp_and_equipment_crates,
                                        tan_fx_setup_domination, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_TAN_5_14_1_own_flags, tan_fx_setup_ctf,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_TAN_5_8_3_blast_asks_each_victim_in_turn,
                                        tan_fx_setup_story, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_TAN_8_2_both_eliminated_by_grenade_draw,
                                        setup_short_fuse, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_TAN_8_7_turn_limit_story, setup_last_turn_story,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_TAN_8_7_turn_limit_deathmatch,
                                        setup_last_turn_deathmatch, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_TAN_8_7_turn_limit_ctf, setup_last_turn_ctf,
                                        tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_TAN_8_7_turn_limit_domination,
                                        setup_last_turn_domination, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_TAN_4_5_alternation_when_one_side_runs_out,
                                        tan_fx_setup_story, tan_fx_teardown),
        cmocka_unit_test_setup_teardown(test_TAN_9_9_dying_in_own_cycle_ends_it, tan_fx_setup_story,
                                        tan_fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
