/* Invaders: every public fact is shown, to each viewer its rule names.
 *
 * The leak tests (tests/generic) prove that no view shows too much; these
 * prove that each view shows enough. For every rule of docs/rules/invaders.md
 * that makes something known — to both players (INV-2.26, INV-5.26a, INV-6.x)
 * or to one (a hand, a drawn card) — a position is built with the fixture
 * and the views of the Invader, Mankind, the spectator and the omniscient
 * view are read through the public interface (tt_view_json, tt_view_text,
 * tt_event_text): the JSON holds the exact value, the text view says it, the
 * narration tells it, and a viewer the rule does not name is not shown it.
 * docs/games/invaders.md lists these tests beside the rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "inv_fixture.h"
#include "view_checks.h"

#define INV INV_INVADER
#define MAN INV_MANKIND
#define G f->g
#define S ((const tt_state *)f->s)

static int setup(void **state)
{
    *state = inv_fx_open(NULL);
    return 0;
}

static int teardown(void **state)
{
    inv_fx_close(*state);
    return 0;
}

/* Puts units in play ("EU:carapace_strider PR:hero_quill", in that order)
 * and cards in their side's hand ("precision_strike militia_cadre"). */
static void put(inv_fx *f, const char *units, const char *hands)
{
    char list[512], *save = NULL;
    snprintf(list, sizeof list, "%s", units);
    for (char *w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        char *colon = strchr(w, ':');
        assert_non_null(colon);
        *colon = 0;
        inv_fx_unit(f, w, colon + 1);
    }
    snprintf(list, sizeof list, "%s", hands);
    for (char *w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save))
        inv_fx_hand(f, w);
}

/* side's Main step, nothing pending, the position checked. */
static void begin(inv_fx *f, int side)
{
    inv_fx_main(f, side);
    inv_fx_sane(f);
}

/* --- INV-5.26a: declared choices ------------------------------------------------- */

/* EX-8's position: Mankind declares Precision Strike on the Invader's Carapace
 * Strider; the Invader, asked whether he cancels, is shown the target. */
static void build_strike(inv_fx *f)
{
    put(f, "EU:carapace_strider PR:hero_quill",
        "precision_strike militia_cadre signal_jamming skitter_drone");
    begin(f, MAN);
    inv_fx_apply(f, "play precision_strike target=inv:carapace_strider#1 discard=militia_cadre");
}

static void test_INV_5_26a_target_shown_to_both(void **state)
{
    inv_fx *f = *state;
    build_strike(f);

    vc_public(G, S, "declaring.source", "\"man:precision_strike#1\"");
    vc_public(G, S, "declaring.choices",
              "[{\"kind\":\"target\",\"effect\":\"DESTROY\",\"card\":\"inv:carapace_strider#1\"}]");
    vc_text_public(G, S,
                   "Declaring: Mankind plays Precision Strike (man:precision_strike#1)\n"
                   "  target Carapace Strider (inv:carapace_strider#1) in Eurasia\n");
    vc_story_public(G, &f->ev,
                    "  Mankind declares target Carapace Strider (inv:carapace_strider#1) in "
                    "Eurasia\n");
}

/* INV-5.10, 5.26a: the player asked to cancel is told what he would cancel,
 * and what it targets, on the screen where he answers. */
static void test_INV_5_26a_cancel_window_names_card_and_target(void **state)
{
    inv_fx *f = *state;
    build_strike(f);

    vc_public(G, S, "decision",
              "{\"player\":\"invader\",\"kind\":\"cancel_window\",\"against\":\"man:precision_"
              "strike#1\"}");
    vc_text_has(G, S, INV,
                "  target Carapace Strider (inv:carapace_strider#1) in Eurasia\n"
                "To decide: invader (cancel_window: cancel Precision Strike "
                "(man:precision_strike#1) or decline)\n");

    inv_fx_apply(f, "cancel signal_jamming discard=skitter_drone");
    /* the Invader cancelled; Mankind holds no card, so nobody is asked and the
     * chain settles: Precision Strike is cancelled, which both see */
    vc_story_public(G, &f->ev, "The Invader answers with Signal Jamming (discard 1) to cancel\n");
    vc_story_public(G, &f->ev, "Precision Strike is cancelled\n");
    vc_public(G, S, "declaring", "null");
}

/* INV-2.26 (LIMBO and the cancel chain, both), INV-5.10: a chain of two,
 * and the window that answers the cancel card. */
static void test_INV_2_26_cancel_chain_shown_to_both(void **state)
{
    inv_fx *f = *state;
    put(f, "EU:carapace_strider PR:hero_quill",
        "precision_strike militia_cadre override_protocol militia_cadre signal_jamming skitter_drone");
    begin(f, MAN);
    inv_fx_apply(f, "play precision_strike target=inv:carapace_strider#1 discard=militia_cadre");
    inv_fx_apply(f, "cancel signal_jamming discard=skitter_drone");

    vc_public(G, S, "declaring.cancel_chain", "[\"inv:signal_jamming#1\"]");
    vc_public(G, S, "decision.player", "\"mankind\"");
    vc_public(G, S, "decision.against", "\"inv:signal_jamming#1\"");
    vc_text_public(G, S, "  cancel chain: Signal Jamming (inv:signal_jamming#1)\n");
    vc_text_public(G, S,
                   "To decide: mankind (cancel_window: cancel Signal Jamming "
                   "(inv:signal_jamming#1) or decline)\n");
}

/* INV-5.26a, INV-5.8: a unit's zone and its sacrifice are declared too. */
static void test_INV_5_26a_zone_and_sacrifice_shown(void **state)
{
    inv_fx *f = *state;
    for (int i = 0; i < 3; i++)
        inv_fx_unit(f, "AF", "militia_cadre");
    put(f, "AF:ranger_hovertank PR:hero_quill",
        "bastion_walker rebuild_effort supply_drop signal_jamming");
    inv_fx_deck_size(f, MAN, 20);
    begin(f, MAN);

    inv_fx_apply(
        f, "play bastion_walker zone=AF sacrifice=man:militia_cadre#2 discard=rebuild_effort");

    vc_public(G, S, "declaring.zone", "\"AF\"");
    vc_public(G, S, "declaring.sacrifice", "\"man:militia_cadre#2\"");
    vc_public(G, S, "declaring.choices",
              "[{\"kind\":\"zone\",\"zone\":\"AF\"},{\"kind\":\"sacrifice\",\"card\":\"man:"
              "militia_cadre#2\"}]");
    vc_text_public(G, S,
                   "Declaring: Mankind plays Bastion Walker (man:bastion_walker#1)\n"
                   "  zone Africa\n"
                   "  sacrifice Militia Cadre (man:militia_cadre#2) in Africa\n");
    vc_story_public(G, &f->ev, "  Mankind declares zone Africa\n");
    vc_story_public(G, &f->ev,
                    "  Mankind declares sacrifice Militia Cadre (man:militia_cadre#2) in Africa\n");
}

/* INV-5.26a, INV-5.15: an effect's chosen zone, and the plot-action
 * reduction declared with the play. */
static void test_INV_5_26a_effect_zone_and_reduction_shown(void **state)
{
    inv_fx *f = *state;
    put(f, "PR:hero_quill", "crust_cracker militia_cadre");
    begin(f, INV);

    inv_fx_apply(f, "play crust_cracker zone=EU reduce=discard");

    vc_public(G, S, "declaring.choices",
              "[{\"kind\":\"effect_zone\",\"effect\":\"ZONE_DAMAGE\",\"zone\":\"EU\"}]");
    vc_public(G, S, "declaring.reduce", "\"discard\"");
    vc_text_public(G, S,
                   "Declaring: Invader plays Crust Cracker (inv:crust_cracker#1)\n"
                   "  zone Eurasia\n"
                   "  plot action: discard cost -1\n");
    vc_story_public(G, &f->ev, "  The Invader declares zone Eurasia\n");
    vc_story_public(G, &f->ev, "The Invader uses the plot action: discard cost -1\n");
}

/* INV-5.26a: the choices of a USE and of a strategy, as they are declared. */
static void test_INV_5_26a_use_and_strategy_choices_shown(void **state)
{
    inv_fx *f = *state;
    put(f, "PR:tunnel_wyrm AF:skitter_drone EU:hero_quill", "");
    begin(f, INV);

    inv_fx_apply(f, "use inv:tunnel_wyrm#1");
    vc_public(G, S, "declaring.choices",
              "[{\"kind\":\"target\",\"effect\":\"MOVE_CARD\",\"card\":\"inv:tunnel_wyrm#1\"}]");
    vc_public(G, S, "decision.kind", "\"destination\"");
    inv_fx_apply(f, "dest EU");
    vc_story_public(G, &f->ev, "  The Invader declares destination Eurasia\n");

    inv_fx_main(f, MAN);
    inv_fx_apply(f, "strategy man_scorched_earth");
    vc_public(G, S, "declaring.source", "\"man_scorched_earth\"");
    vc_text_public(G, S, "Declaring: Mankind enables strategy Scorched Earth (man_scorched_earth)");
    inv_fx_apply(f, "target inv:skitter_drone#1");
    vc_story_public(G, &f->ev,
                    "  Mankind declares target Skitter Drone (inv:skitter_drone#1) in "
                    "Africa\n");
    vc_story_public(G, &f->ev, "Skitter Drone in Africa is destroyed\n");
}

/* --- INV-6: hidden and open information ---------------------------------------- */

/* INV-6.1, INV-2.26: a hand's cards to its owner, its size to both. */
static void test_INV_6_1_hand_to_owner_size_to_both(void **state)
{
    inv_fx *f = *state;
    put(f, "PR:hero_quill", "skitter_drone harvest_raid rebuild_effort");
    begin(f, INV);

    vc_public(G, S, "players.invader.hand", "2");
    vc_public(G, S, "players.mankind.hand", "1");
    vc_only(G, S, VC_PLAYER(INV), "players.invader.hand_cards",
            "[\"skitter_drone\",\"harvest_raid\"]");
    vc_only(G, S, VC_PLAYER(MAN), "players.mankind.hand_cards", "[\"rebuild_effort\"]");
    vc_text_public(G, S, "Invader: deck 38, hand 2, discard 0");
    vc_text_only(G, S, VC_PLAYER(INV), "  hand:\n    skitter_drone        Skitter Drone");
    vc_text_only(G, S, VC_PLAYER(MAN), "  hand:\n    rebuild_effort       Rebuild Effort");
}

/* INV-6.2, INV-2.26: deck and hero-deck sizes are public. */
static void test_INV_6_2_deck_sizes_public(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    inv_fx_hero_deck(f, "hero_anand hero_varga");
    inv_fx_deck_size(f, INV, 17);
    inv_fx_deck_size(f, MAN, 9);
    begin(f, INV);

    vc_public(G, S, "players.invader.deck", "17");
    vc_public(G, S, "players.mankind.deck", "9");
    vc_public(G, S, "hero_deck", "2");
    vc_text_public(G, S, "Invader: deck 17,");
    vc_text_public(G, S, "Mankind: deck 9, hand 0,");
    vc_text_public(G, S, ", hero deck 2, draws 2 a turn\n");
}

/* INV-6.3: the discard piles, to both, in their exact order. */
static void test_INV_6_3_discard_piles_public_in_order(void **state)
{
    inv_fx *f = *state;
    put(f, "PR:hero_quill", "hive_overseer harvest_raid skitter_drone");
    begin(f, INV);

    inv_fx_apply(
        f, "play hive_overseer zone=EU reduce=none discard=skitter_drone discard=harvest_raid");

    vc_public(G, S, "players.invader.discard", "[\"inv:skitter_drone#1\",\"inv:harvest_raid#1\"]");
    vc_text_public(G, S, "  discard pile, newest first: Harvest Raid, Skitter Drone\n");
}

/* INV-6.4: a card discarded or drained is revealed to both; a drawn card only
 * to its drawer. */
static void test_INV_6_4_revealed_and_drawn_cards(void **state)
{
    inv_fx *f = *state;
    put(f, "PR:hero_quill", "gorehound_swarm");
    inv_fx_deck_size(f, INV, 20);
    begin(f, INV);
    char drained[96], drawn[96];
    snprintf(drained, sizeof drained, "  The Invader drains %s to pay\n",
             inv_def(f->c, inv_fx_deck_top(f, INV, 0))->name);
    snprintf(drawn, sizeof drawn, "The Invader draws %s\n",
             inv_def(f->c, inv_fx_deck_top(f, INV, 1))->name);

    inv_fx_apply(f, "play gorehound_swarm zone=AF reduce=none");
    vc_story_public(G, &f->ev, drained);
    vc_story_public(G, &f->ev, "Gorehound Swarm enters Africa (power 2)\n");

    inv_fx_apply(f, "plot draw");
    vc_story_only(G, &f->ev, VC_PLAYER(INV), drawn);
    vc_story_public(G, &f->ev, "The Invader uses the plot action to draw a card\n");
    vc_story_has(G, &f->ev, MAN, "The Invader draws a card\n");
    vc_story_has(G, &f->ev, TT_VIEW_SPECTATOR, "The Invader draws a card\n");
}

/* INV-6.5: the board — units with current power, counters and rotation, zone
 * tokens and power, the token supply, the plot marker, strategies. */
static void test_INV_6_5_board_public(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "deep_vault");
    int anand = inv_fx_unit(f, "EU", "hero_anand");
    put(f, "EU:hive_overseer EU:carapace_strider", "");
    f->s->iflags[anand] |= IF_ROTATED;
    inv_fx_tokens(f, "EU", 2);
    f->s->plot = 7;
    f->s->strat_enabled[inv_fx_strat(f, "inv_plot_surge")] = 1;
    begin(f, INV);

    vc_public(G, S, "zones.id=PR.mankind.0",
              "{\"card\":\"man:deep_vault#1\",\"name\":\"Deep Vault Complex\",\"power\":1,"
              "\"counters\":6,\"rotated\":false,\"used\":false}");
    vc_public(G, S, "zones.id=EU.mankind.0.rotated", "true");
    vc_public(G, S, "zones.id=EU.invader.1.power", "3"); /* 2 + 1 from the Overseer, INV-5.25 */
    vc_public(G, S, "zones.id=EU.tokens", "2");
    vc_public(G, S, "zones.id=EU.power", "4");
    vc_public(G, S, "zones.id=EU.attack", "5");
    vc_public(G, S, "zones.id=EU.defence", "4"); /* a rotated hero adds 0, INV-4.7.2 */
    vc_public(G, S, "token_supply", "18");
    vc_public(G, S, "plot", "7");
    vc_public(G, S, "players.invader.strategies.id=inv_plot_surge.enabled", "true");
    vc_public(G, S, "players.invader.strategies.id=inv_polar_thaw.enabled", "false");
    vc_public(G, S, "active", "\"invader\"");
    vc_public(G, S, "step", "\"MAIN\"");
    vc_text_public(G, S,
                   "Turn 1, invader, MAIN step. Plot marker 7 (Mankind wins at 0). Damage "
                   "tokens in supply: 18.\n");
    vc_text_public(G, S, "man:deep_vault#1 [1, 6 counters]");
    vc_text_public(G, S, "hero:hero_anand#1 [2, rotated]");
    vc_text_public(G, S, "inv:carapace_strider#1 [3]");
    vc_text_public(G, S, "Eurasia [EU] zone power 4 (2 damage)   attack 5 vs defence 4\n");
    /* the Invader's own strategies: the dormant ones in full, the spent ones by
     * id; the others read them all by id, the spent ones marked */
    vc_text_has(G, S, INV, "    used: inv_plot_surge");
    vc_text_has(G, S, INV, "    inv_polar_thaw       Polar Thaw             dormant");
    vc_text_has(G, S, TT_VIEW_ALL, "    used: inv_plot_surge");
    vc_text_has(G, S, MAN, " inv_plot_surge (used)");
    vc_text_has(G, S, TT_VIEW_SPECTATOR, " inv_plot_surge (used)");
    vc_text_lacks(G, S, MAN, "inv_polar_thaw (used)");
}

/* INV-6.5: the per-turn flags — the plot action and the check of inflicted
 * drain in the Invader's turn, the Ops Centre and the hero move in Mankind's. */
static void test_INV_6_5_turn_flags_public(void **state)
{
    inv_fx *f = *state;
    put(f, "PR:hero_varga AF:ranger_hovertank", "harvest_raid skitter_drone militia_cadre");
    inv_fx_deck_size(f, MAN, 20);
    begin(f, INV);
    vc_text_public(G, S, "This turn: plot action unused; Mankind not drained yet.\n");

    inv_fx_apply(f, "plot draw");
    inv_fx_apply(f, "play harvest_raid discard=skitter_drone");
    inv_fx_apply(f, "decline");
    vc_public(G, S, "flags.plot_action_used", "true");
    vc_public(G, S, "flags.mankind_drained", "true");
    vc_text_public(G, S, "This turn: plot action used; Mankind was drained.\n");

    inv_fx_main(f, MAN);
    inv_fx_apply(f, "move_hero dest=EU");
    inv_fx_apply(f, "ops man:ranger_hovertank#1 dest=PR discard=militia_cadre");
    vc_public(G, S, "flags.hero_moved", "true");
    vc_public(G, S, "flags.ops_centre_uses", "1");
    vc_text_public(G, S, "This turn: Ops Centre used 1 of 1; hero moved.\n");
}

/* INV-2.19 SET_DRAW_COUNT, INV-6.5: a side's draw count is on the board. */
static void test_INV_6_5_draw_count_public(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    begin(f, INV);

    inv_fx_apply(f, "strategy inv_swarm_tide");

    vc_public(G, S, "players.invader.draw_count", "3");
    vc_public(G, S, "players.mankind.draw_count", "2");
    vc_text_public(G, S, "Invader: deck 40, hand 0, discard 0, draws 3 a turn\n");
    vc_story_public(G, &f->ev, "The Invader now draws 3 cards a turn\n");
}

/* INV-3.7, INV-5.22: the hero to place is revealed to both. */
static void test_INV_5_22_replacement_hero_revealed(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "AF", "hero_quill");
    inv_fx_hero_deck(f, "hero_anand hero_varga");
    put(f, "", "orbital_lance skitter_drone carapace_strider");
    begin(f, INV);

    inv_fx_apply(f, "play orbital_lance reduce=none target=hero:hero_quill#1 discard=skitter_drone "
                    "discard=carapace_strider");

    vc_public(G, S, "decision",
              "{\"player\":\"mankind\",\"kind\":\"place_hero\",\"hero\":\"hero:"
              "hero_anand#1\"}");
    vc_public(G, S, "hero_deck", "2");
    vc_text_public(G, S, "Hero to place: hero:hero_anand#1, Lt. Teo Anand (power 2)\n");
    inv_fx_apply(f, "place AF");
    vc_story_public(G, &f->ev, "Mankind places hero Lt. Teo Anand in Africa (rotated)\n");
    vc_public(G, S, "hero", "\"hero:hero_anand#1\"");
}

/* INV-5.19: the shield prompt says how many cards the drain would take, and
 * the attack that caused it is told to both (INV-4.7.2). */
static void test_INV_5_19_shield_prompt_public(void **state)
{
    inv_fx *f = *state;
    put(f, "PR:siege_colossus PR:carapace_strider PR:deep_vault EU:hero_quill", "");
    inv_fx_deck_size(f, MAN, 20);
    begin(f, INV);
    inv_fx_apply(f, "pass");
    inv_fx_apply(f, "decline");

    vc_public(G, S, "decision", "{\"player\":\"mankind\",\"kind\":\"shield\",\"count\":2}");
    vc_story_public(G, &f->ev, "Attack on Pacific Rim: A 7 vs D 5 -> Mankind drains 2\n");
    inv_fx_apply(f, "shield 2");
    vc_story_public(G, &f->ev, "Mankind shields 2 cards of the drain\n");
    vc_story_public(G, &f->ev, "Check inflicted drain: Mankind was not drained this turn\n");
}

/* INV-8.4: the result record — winner, reason, turn and step — is public. */
static void test_INV_8_4_result_public(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    f->s->plot = 1;
    begin(f, INV);

    inv_fx_apply(f, "plot draw");

    vc_public(G, S, "result",
              "{\"winner\":\"mankind\",\"reason\":\"PLOT_ZERO\",\"turn\":1,\"step\":\"MAIN\"}");
    vc_text_public(G, S, "Game over: mankind wins (PLOT_ZERO), turn 1, MAIN step.\n");
    vc_story_public(G, &f->ev, "The plot marker reaches 0: the invasion fails\n");
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(test_INV_5_26a_target_shown_to_both),
        T(test_INV_5_26a_cancel_window_names_card_and_target),
        T(test_INV_2_26_cancel_chain_shown_to_both),
        T(test_INV_5_26a_zone_and_sacrifice_shown),
        T(test_INV_5_26a_effect_zone_and_reduction_shown),
        T(test_INV_5_26a_use_and_strategy_choices_shown),
        T(test_INV_6_1_hand_to_owner_size_to_both),
        T(test_INV_6_2_deck_sizes_public),
        T(test_INV_6_3_discard_piles_public_in_order),
        T(test_INV_6_4_revealed_and_drawn_cards),
        T(test_INV_6_5_board_public),
        T(test_INV_6_5_turn_flags_public),
        T(test_INV_6_5_draw_count_public),
        T(test_INV_5_22_replacement_hero_revealed),
        T(test_INV_5_19_shield_prompt_public),
        T(test_INV_8_4_result_public),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
