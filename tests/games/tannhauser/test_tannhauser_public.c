/* Tannhäuser: every public fact is shown, to each viewer its rule names.
 *
 * The leak tests (tests/generic) prove that no view shows too much; these
 * prove that each view shows enough. For every rule of
 * docs/rules/tannhauser.md that makes something known — open information
 * (TAN-2.10, TAN-6.3, TAN-6.4), what is revealed (the teams and packs, a
 * crate searched, every roll), what only one player knows until a reveal
 * (TAN-6.2) and what nobody knows (TAN-6.1) — a position is built and the
 * views of Covenant (seat 0), Legion (seat 1), the spectator and the
 * omniscient view are read through the public interface: the JSON holds the
 * exact value, the text view says it, the narration tells it, and a viewer the
 * rule does not name is not shown it. docs/games/tannhauser.md lists these
 * tests beside the rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "tan_fixture.h"
#include "view_checks.h"

#define COV TAN_COV
#define LEG TAN_LEG
#define G f->g
#define S ((const tt_state *)f->s)

static const char *const cov_team[] = {"varga", "rauch", "kessel", "cov_rifleman", "cov_grenadier"};
static const char *const leg_team[] = {"calloway", "pike", "sorel", "leg_ranger", "leg_sapper"};

static void apply_each(tan_fx *f, const char *format, const char *const *ids, int n)
{
    char text[64];
    for (int k = 0; k < n; k++) {
        snprintf(text, sizeof text, format, ids[k]);
        tan_fx_apply(f, text);
    }
}

/* A real setup from a fresh game (seed 14), up to the reveal of the packs:
 * the setup roll is rigged 3–8, so Legion chooses an entry first. */
static void setup_to_packs(tan_fx *f)
{
    tt_state_init(f->g, (tt_state *)f->s, 14);
    tan_fx_sane(f);
    apply_each(f, "recruit %s", cov_team, 5);
    apply_each(f, "recruit %s", leg_team, 5);
    apply_each(f, "pack %s STAMINA", cov_team, 5);
    apply_each(f, "pack %s COMBAT", leg_team, 4);
    tan_fx_rig(f, "3 8");
}

/* --- TAN-6.2: secret choices, revealed together ------------------------------------------ */

/* TAN-3.5, TAN-6.2: while characters are chosen, the other player (and a
 * spectator) sees only how many; both teams are revealed together. */
static void test_TAN_6_2_recruits_secret_until_revealed(void **state)
{
    tan_fx *f = *state;
    tt_state_init(f->g, (tt_state *)f->s, 14);
    tan_fx_sane(f);
    tan_fx_apply(f, "recruit varga");
    tan_fx_apply(f, "recruit rauch");

    vc_public(G, S, "players.0.recruited", "2");
    vc_only(G, S, VC_PLAYER(COV), "units.id=varga.status", "\"chosen\"");
    vc_text_public(G, S, ", 2 of 5 characters chosen");
    vc_story_only(G, &f->ev, VC_PLAYER(COV),
                  "The Covenant recruits Doktor Anselm Rauch (2 of 5)\n");
    vc_story_has(G, &f->ev, LEG, "The Covenant recruits a character (2 of 5)\n");
    vc_story_has(G, &f->ev, TT_VIEW_SPECTATOR, "The Covenant recruits a character (2 of 5)\n");

    apply_each(f, "recruit %s", cov_team + 2, 3);
    apply_each(f, "recruit %s", leg_team, 4);
    vc_only(G, S, VC_PLAYER(LEG), "units.id=pike.status", "\"chosen\"");
    tan_fx_apply(f, "recruit leg_sapper");
    vc_story_public(G, &f->ev, "Both teams are revealed\n");
    vc_public(G, S, "units.id=varga.status", "\"reserve\"");
    vc_public(G, S, "units.id=leg_sapper.class", "\"trooper\"");
    vc_text_public(G, S, "L5 leg_sapper    trooper reserve");
}

/* TAN-3.6, TAN-6.2: packs likewise; then the setup roll, public (TAN-3.8). */
static void test_TAN_6_2_packs_secret_until_revealed(void **state)
{
    tan_fx *f = *state;
    setup_to_packs(f);

    vc_only(G, S, VC_PLAYER(COV), "units.id=varga.pack", "\"STAMINA\"");
    vc_only(G, S, VC_PLAYER(LEG), "units.id=pike.pack", "\"COMBAT\"");
    vc_public(G, S, "players.1.packs_chosen", "4");
    vc_text_public(G, S, ", packs chosen for 4 of 5");

    tan_fx_apply(f, "pack leg_sapper COMBAT");
    vc_story_public(G, &f->ev, "The equipment packs are revealed\n");
    vc_story_public(G, &f->ev, "Covenant: Varga takes the Stamina pack\n");
    vc_public(G, S, "units.id=varga.pack", "\"STAMINA\"");
    vc_public(G, S, "units.id=pike.pack", "\"COMBAT\"");
    vc_text_public(G, S, "Stamina pack: kestrel#1,");
    /* TAN-3.8: the setup roll and its winner */
    vc_story_public(G, &f->ev,
                    "Setup roll: Covenant 3, Legion 8: the Legion chooses an entry first\n");
    vc_public(G, S, "setup_winner", "\"legion\"");
    vc_text_public(G, S, "Rolls won: setup legion.\n");
}

/* TAN-5.18.3, TAN-6.2: a reinforcement stays its player's secret until both
 * have chosen; then it is told to all. */
static void test_TAN_6_2_reinforcements_secret_until_revealed(void **state)
{
    tan_fx *f = *state;
    tan_fx_recruit(f, "varga", PACK_COMBAT);
    tan_fx_put(f, "rauch", PACK_COMBAT, "w2");
    tan_fx_recruit(f, "cov_grenadier", PACK_COMBAT);
    tan_fx_put(f, "calloway", PACK_COMBAT, "s5");
    tan_fx_recruit(f, "leg_ranger", PACK_COMBAT);
    tan_fx_dead(f, "cov_grenadier", 3);
    tan_fx_dead(f, "leg_ranger", 3);
    tan_fx_turn(f, 4);
    tan_fx_activated(f, "varga", 1);
    tan_fx_activated(f, "calloway", 1);
    tan_fx_cycle(f, "rauch", 0);
    tan_fx_sane(f);
    tan_fx_apply(f, "end");
    tan_fx_apply(f, "reinforce cov_grenadier COMBAT");

    vc_public(G, S, "to_move", "\"legion\"");
    vc_only(G, S, VC_PLAYER(COV), "units.id=cov_grenadier.returning", "true");
    vc_only(G, S, VC_PLAYER(COV), "units.id=cov_grenadier.pack", "\"COMBAT\"");
    vc_public(G, S, "players.0.reinf_left", "1");

    tan_fx_rig(f, "6 2");
    tan_fx_apply(f, "reinforce leg_ranger STAMINA");
    vc_story_public(G, &f->ev,
                    "Covenant Grenadier returns to the Covenant's reserve with the Combat pack\n");
    vc_story_public(G, &f->ev,
                    "Legion Ranger returns to the Legion's reserve with the Stamina pack\n");
    vc_public(G, S, "units.id=cov_grenadier.status", "\"reserve\"");
    vc_public(G, S, "units.id=cov_grenadier.pack", "\"COMBAT\"");
    vc_public(G, S, "players.0.reinf_left", "0");
    vc_text_public(G, S, "reinforcements left 0");
}

/* TAN-3.9.2: a player holding more than 4 objective tokens of one category
 * keeps 4, his choice made openly. The test's objective file gives Covenant
 * five Mechanics tokens. */
static int setup_five_mechanics(void **state)
{
    *state = tan_fx_open("mode=story objectives=" TT_SOURCE_DIR
                         "/tests/data/tannhauser/objectives_five_mechanics.json");
    return 0;
}

static void test_TAN_3_9_2_objectives_kept_openly(void **state)
{
    tan_fx *f = *state;
    setup_to_packs(f);
    tan_fx_apply(f, "pack leg_sapper COMBAT");
    tan_fx_apply(f, "entry EN");
    tan_fx_apply(f, "entry ES");

    vc_public(G, S, "decision", "{\"player\":\"covenant\",\"kind\":\"keep\"}");
    vc_public(G, S, "objectives.id=cov_m4.where", "\"held\"");
    vc_text_public(G, S, "Decision: covenant to keep at most 4 objective tokens per category\n");
    tan_fx_apply(f, "discard cov_m4");
    vc_story_public(G, &f->ev, "The Covenant discards objective cov_m4\n");
    vc_public(G, S, "objectives.id=cov_m4.where", "\"out\"");
    vc_public(G, S, "objectives.id=cov_m3.where", "\"held\"");
}

/* --- TAN-6.1: face-down crates ------------------------------------------------------------- */

/* TAN-6.1, TAN-3.9.1: which sites hold a face-down token, how many lie aside,
 * and which tokens are still unseen are public; which token lies where is
 * nobody's, but the omniscient view's. */
static void test_TAN_6_1_face_down_crates(void **state)
{
    tan_fx *f = *state;
    tan_fx_crate(f, "A4", "crate_v3");
    tan_fx_crate(f, "A2", "crate_v1");
    tan_fx_sane(f);

    vc_public(G, S, "crates.site=A4.face_down", "true");
    vc_public(G, S, "crates.site=A3.face_down", "false");
    vc_public(G, S, "aside", "0");
    vc_public(G, S, "unseen_crates", "[\"crate_v1\",\"crate_v3\"]");
    vc_only(G, S, 0, "crates.site=A4.token", "\"crate_v3\"");
    vc_text_public(G, S, "  Crate tokens still face down: 1 VP, 2 VP\n");
    vc_text_only(G, S, 0, "crate face down: crate_v3");
    vc_text_has(G, S, COV, "  Crates face down: A2 A4\n");
}

/* TAN-5.12.2: a search turns the token face up for both: its VP go to the
 * searcher's team, and it is unseen no more. */
static void test_TAN_5_12_2_searched_crate_shown_to_both(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "cov_rifleman", PACK_COMBAT, "r11");
    tan_fx_crate(f, "A4", "crate_v3");
    tan_fx_crate(f, "A2", "crate_e2");
    tan_fx_cycle(f, "cov_rifleman", 0);
    tan_fx_sane(f);

    tan_fx_apply(f, "search A4");

    vc_story_public(G, &f->ev, "Covenant Rifleman searches the crate at A4: 2 VP\n");
    vc_story_public(G, &f->ev, "Covenant +2 VP (2)\n");
    vc_public(G, S, "players.0.vp", "2");
    vc_public(G, S, "crates.site=A4.face_down", "false");
    vc_public(G, S, "unseen_crates", "[\"crate_e2\"]");
    vc_text_public(G, S, "C covenant, Covenant of the Iron Bell: 2 VP");
}

/* TAN-5.12.2, TAN-6.3: equipment found in a crate lies there face up, for any
 * character to take later. */
static void test_TAN_6_3_crate_contents_public(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "cov_rifleman", PACK_COMBAT, "w3");
    tan_fx_give(f, "cov_rifleman", "dressing"); /* his 4th slot: no room to take */
    tan_fx_crate(f, "A3", "crate_e2");
    tan_fx_cycle(f, "cov_rifleman", 0);
    tan_fx_sane(f);

    tan_fx_apply(f, "search A3");
    vc_story_public(G, &f->ev, "Covenant Rifleman searches the crate at A3: Surgeon's Satchel\n");
    tan_fx_apply(f, "done");

    vc_public(G, S, "crates.site=A3.contents.0.item", "\"satchel#1\"");
    vc_public(G, S, "crates.site=A3.face_down", "false");
    vc_text_public(G, S, "crate open: satchel#1");
}

/* --- TAN-6.3: open information -------------------------------------------------------------- */

/* TAN-6.3, TAN-2.10: every character's status, circle, wounds, current values,
 * activation and equipment, with uses left; the VP spent in this cycle. */
static void test_TAN_6_3_characters_public(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "rauch", PACK_COMBAT, "w2");
    tan_fx_wounds(f, "rauch", 1);
    tan_fx_put(f, "calloway", PACK_COMBAT, "s5");
    tan_fx_activated(f, "calloway", 1);
    tan_fx_recruit(f, "leg_ranger", PACK_COMBAT);
    tan_fx_vp(f, COV, 3);
    tan_fx_cycle(f, "rauch", 0);
    tan_fx_sane(f);
    tan_fx_apply(f, "buymp 1");

    vc_public(G, S, "units.id=rauch.status", "\"board\"");
    vc_public(G, S, "units.id=rauch.circle", "\"w2\"");
    vc_public(G, S, "units.id=rauch.wounds", "1");
    vc_public(G, S, "units.id=rauch.vp_spent", "1");
    vc_public(G, S, "units.id=calloway.activated", "true");
    vc_public(G, S, "units.id=leg_ranger.status", "\"reserve\"");
    vc_public(G, S, "units.id=leg_ranger.circle", "null");
    vc_public(G, S, "units.id=calloway.equipment.0.item", "\"marrow#1\"");
    vc_public(G, S, "players.0.vp", "2");
    vc_public(G, S, "cycle.mp_bought", "1");
    vc_text_public(G, S, "  C1 rauch         hero    w2     ");
    vc_text_public(G, S, "wounds 1/6, activated, 1 VP");
    vc_text_public(G, S, "spent this cycle");
    vc_text_public(G, S, "wounds 0/6, activated");
    vc_story_public(G, &f->ev, "Rauch buys 1 MP for 1 VP\n");
}

/* TAN-6.3, TAN-5.11.2: equipment on the ground, fresh while its cycle lasts. */
static void test_TAN_6_3_ground_equipment_public(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "sorel", PACK_STAMINA, "n4");
    tan_fx_cycle(f, "sorel", 0);
    tan_fx_sane(f);

    tan_fx_apply(f, "exchange");
    tan_fx_apply(f, "drop kestrel n5");

    vc_story_public(G, &f->ev, "Sorel drops Kestrel Pistol on n5\n");
    vc_public(G, S, "ground.0.circle", "\"n5\"");
    vc_public(G, S, "ground.0.item", "\"kestrel#1\"");
    vc_public(G, S, "ground.0.fresh", "true");
    vc_text_public(G, S, "lying: kestrel#1 (just dropped)");
}

/* TAN-6.3, TAN-6.4: objective tokens lie face up, with their progress. */
static void test_TAN_6_4_objectives_public(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "rauch", PACK_COMBAT, "w2");
    tan_fx_objective_at(f, "cov_p1", "O1");
    tan_fx_objective_at(f, "leg_s3", "O2");
    tan_fx_cycle(f, "rauch", 0);
    tan_fx_sane(f);

    tan_fx_apply(f, "task O1 ENGINEERING");

    vc_public(G, S, "objectives.id=cov_p1.circle", "\"O1\"");
    vc_public(G, S, "objectives.id=cov_p1.owner", "\"covenant\"");
    vc_public(G, S, "objectives.id=cov_p1.done", "[true,false]");
    vc_public(G, S, "objectives.id=leg_s3.skills", "[\"STEALTH\"]");
    vc_public(G, S, "players.0.vp", "2");
    vc_text_public(G, S, "covenant's cov_p1 (Engineering done + Archaeology,");
    vc_text_public(G, S, "legion's leg_s3 (Stealth, secondary)");
}

/* TAN-6.3: every flag, wherever it is (Capture the Flag). */
static void test_TAN_6_3_flags_public(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "leg_ranger", PACK_COMBAT, "n4");
    tan_fx_flag_carried(f, COV, 0, "leg_ranger", "O5");
    tan_fx_flag_at(f, COV, 1, "O1", "O1");
    tan_fx_flag_captured(f, LEG, 0, "EN", "O6");
    tan_fx_flag_at(f, LEG, 1, "O4", "O4");
    tan_fx_sane(f);

    vc_public(G, S, "players.0.flags.0",
              "{\"where\":\"carried\",\"by\":\"leg_ranger\",\"home\":\"O5\"}");
    vc_public(G, S, "players.1.flags.0", "{\"where\":\"captured\",\"at\":\"EN\",\"home\":\"O6\"}");
    vc_text_public(G, S, "L1 Legion Ranger, 0/3 wounds, carrying 1 covenant flag");
    vc_text_public(G, S, "covenant flag (home)");
}

/* TAN-6.3: VP pools, reinforcements left, entry points and the command bonus
 * of Rank tokens (TAN-5.19). */
static void test_TAN_6_3_pools_entries_command_public(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "calloway", PACK_COMBAT, "s5");
    tan_fx_give(f, "calloway", "field_bars");
    tan_fx_vp(f, LEG, 4);
    tan_fx_sane(f);

    vc_public(G, S, "players.1.vp", "4");
    vc_public(G, S, "players.1.reinf_left", "1");
    vc_public(G, S, "players.0.entry", "\"EN\"");
    vc_public(G, S, "players.1.entry", "\"ES\"");
    vc_public(G, S, "players.1.command", "1");
    vc_text_public(G, S,
                   "L legion, Free Legion: 4 VP, objectives done: 0 primary, 0 secondary,\n"
                   "    reinforcements left 1, command +1\n");
    vc_text_public(G, S, "Entries: EN North (covenant); ES South (legion)");
}

/* TAN-6.3, TAN-4.4: every roll's dice and the initiative's winner; the player
 * who activates first. */
static void test_TAN_4_4_initiative_and_first_public(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "rauch", PACK_COMBAT, "w2");
    tan_fx_put(f, "calloway", PACK_COMBAT, "s5");
    tan_fx_activated(f, "calloway", 1);
    tan_fx_cycle(f, "rauch", 0);
    tan_fx_sane(f);
    tan_fx_rig(f, "2 9");

    tan_fx_apply(f, "end");
    vc_story_public(G, &f->ev, "Initiative: Covenant 2, Legion 9: the Legion wins\n");
    vc_public(G, S, "initiative_winner", "\"legion\"");
    tan_fx_apply(f, "first 0");
    vc_story_public(G, &f->ev, "The Legion lets the Covenant activate first\n");
    vc_public(G, S, "first", "\"covenant\"");
    vc_text_public(G, S, "turn 2 initiative legion; the Covenant activates");
}

/* TAN-6.3: every attack roll's dice, and the wounds scored; the victim's
 * choice to shrug off is open too (TAN-5.16.5). */
static void test_TAN_6_3_dice_results_public(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "cov_rifleman", PACK_COMBAT, "r11");
    tan_fx_put(f, "leg_ranger", PACK_COMBAT, "r22");
    tan_fx_vp(f, LEG, 1);
    tan_fx_cycle(f, "cov_rifleman", 0);
    tan_fx_sane(f);
    tan_fx_rig(f, "10 9 8 7 6 5 4");

    tan_fx_apply(f, "attack leg_ranger marrow");

    vc_story_public(G, &f->ev, "Covenant Rifleman attacks Legion Ranger with Marrow Carbine\n");
    vc_story_public(G, &f->ev, "  dice: 10 9 8 7\n  dice: 6 5 4\n  7 dice at DS 5: 6 successes\n");
    vc_public(G, S, "decision.kind", "\"shrug\"");
    vc_public(G, S, "decision.victim", "\"leg_ranger\"");
    vc_public(G, S, "decision.wounds", "2");
    vc_text_public(G, S, "may shrug off up to 1, 1 VP each");
}

/* TAN-8.8: the result, and the reason. */
static void test_TAN_8_8_result_public(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "rauch", PACK_COMBAT, "w2");
    tan_fx_cycle(f, "rauch", 0);
    tan_fx_sane(f);
    tt_action concede;
    tt_error err = {0};
    assert_int_equal(tt_action_parse(G, S, "concede", &concede, &err), TT_OK);
    f->ev.n = 0;
    assert_int_equal(tt_offturn_apply(G, (tt_state *)f->s, LEG, concede, &f->ev, &err), TT_OK);

    vc_public(G, S, "result", "{\"winner\":\"covenant\",\"draw\":false,\"reason\":\"CONCEDED\"}");
    vc_text_public(G, S, "Game over: the Covenant wins (CONCEDED)\n");
    vc_story_public(G, &f->ev, "The Covenant wins: the opponent concedes\n");
}

#define T(fn, setup) cmocka_unit_test_setup_teardown(fn, setup, tan_fx_teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(test_TAN_6_2_recruits_secret_until_revealed, tan_fx_setup_story),
        T(test_TAN_6_2_packs_secret_until_revealed, tan_fx_setup_story),
        T(test_TAN_6_2_reinforcements_secret_until_revealed, tan_fx_setup_deathmatch),
        T(test_TAN_3_9_2_objectives_kept_openly, setup_five_mechanics),
        T(test_TAN_6_1_face_down_crates, tan_fx_setup_story),
        T(test_TAN_5_12_2_searched_crate_shown_to_both, tan_fx_setup_deathmatch),
        T(test_TAN_6_3_crate_contents_public, tan_fx_setup_deathmatch),
        T(test_TAN_6_3_characters_public, tan_fx_setup_story),
        T(test_TAN_6_3_ground_equipment_public, tan_fx_setup_story),
        T(test_TAN_6_4_objectives_public, tan_fx_setup_story),
        T(test_TAN_6_3_flags_public, tan_fx_setup_ctf),
        T(test_TAN_6_3_pools_entries_command_public, tan_fx_setup_story),
        T(test_TAN_4_4_initiative_and_first_public, tan_fx_setup_story),
        T(test_TAN_6_3_dice_results_public, tan_fx_setup_story),
        T(test_TAN_8_8_result_public, tan_fx_setup_story),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
