/* Invaders: card texts written from the content (describe.c), exact.
 *
 * Every effect primitive of INV-2.19 in words, each from a sample card or
 * strategy that uses it (INV-11.1: the sample uses every one), and the two
 * features only the test content has (INV-11.1): a forced draw (DRAW who:
 * OPPONENT) and a remove_counters ability cost. Then the one-line summaries,
 * the lookups by id and by display name, and the refusals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "describe_checks.h"
#include "tabletop/tt.h"

#define TEST_CONTENT "content=" TT_SOURCE_DIR "/tests/data/invaders/test_content.json"

typedef dc_text text;

/* INV-2.19: DRAIN (SELF, OPPONENT, BOTH), DRAW, DISCARD_FROM_HAND, DESTROY,
 * ZONE_DAMAGE (THIS, CHOSEN, ALL), ZONE_REPAIR (CHOSEN, split), PLOT_MOVE,
 * MOVE_CARD, POWER_AURA, COUNTER_ATTACK, CANCEL, ADD_COUNTERS, DRAIN_SHIELD,
 * WIN_AT_COUNTERS, SHIELD_ZONE, SET_DRAW_COUNT; every trigger; ability costs. */
static const text sample_full[] = {
    {"spore_mortar", "Spore Mortar (spore_mortar)\n"
                     "Invader unit of type Invader, power 1 (INV-2.9, INV-2.10); 3 in the deck.\n"
                     "Cost: discard 1 other hand card (INV-5.4).\n"
                     "Keywords: Artillery (no effect of their own, INV-2.11).\n"
                     "Use, once per turn in your main step (INV-5.12), at no cost:\n"
                     "  - Drain 1 from the opponent's deck (INV-2.19, INV-5.19).\n"},
    {"blight_seeder",
     "Blight Seeder (blight_seeder)\n"
     "Invader unit of type Desolator, power 0 (INV-2.9, INV-2.10); 3 in the deck.\n"
     "Cost: discard 1 other hand card (INV-5.4).\n"
     "Keywords: Infestation (no effect of their own, INV-2.11).\n"
     "On play (INV-2.17):\n"
     "  - Place up to 1 damage token on this card's zone, stopping at power 0 or an empty supply\n"
     "    (INV-2.19, INV-2.21).\n"
     "Use, once per turn in your main step (INV-5.12), paying drain 1 from your deck (INV-2.18):\n"
     "  - Place up to 1 damage token on this card's zone, stopping at power 0 or an empty supply\n"
     "    (INV-2.19, INV-2.21).\n"},
    {"hive_overseer", "Hive Overseer (hive_overseer)\n"
                      "Invader unit of type Invader, power 2 (INV-2.9, INV-2.10); 2 in the deck.\n"
                      "Cost: discard 2 other hand cards (INV-5.4).\n"
                      "Keywords: Commander (no effect of their own, INV-2.11).\n"
                      "While in play (passive, INV-2.17):\n"
                      "  - Your other units in this card's zone get +1 power (INV-5.25).\n"},
    {"tunnel_wyrm", "Tunnel Wyrm (tunnel_wyrm)\n"
                    "Invader unit of type Invader, power 3 (INV-2.9, INV-2.10); 2 in the deck.\n"
                    "Cost: discard 1 other hand card (INV-5.4).\n"
                    "Keywords: Infestation (no effect of their own, INV-2.11).\n"
                    "Use, once per turn in your main step (INV-5.12), at no cost:\n"
                    "  - Move this card to an adjacent zone (INV-5.23).\n"},
    {"orbital_lance",
     "Orbital Lance (orbital_lance)\n"
     "Invader one-shot: resolves, then goes to the discard pile (INV-2.9, INV-5.3); 2 in the deck.\n"
     "Cost: discard 2 other hand cards (INV-5.4).\n"
     "On play (INV-2.17):\n"
     "  - Destroy one enemy unit, the hero included (INV-5.21, INV-2.12); with no such unit, nothing\n"
     "    happens.\n"},
    {"nerve_pulse",
     "Nerve Pulse (nerve_pulse)\n"
     "Invader one-shot: resolves, then goes to the discard pile (INV-2.9, INV-5.3); 3 in the deck.\n"
     "Cost: free (INV-5.4).\n"
     "On play (INV-2.17):\n"
     "  - Destroy one enemy unit with power 2 or less (INV-5.21); with no such unit, nothing happens.\n"},
    {"signal_jamming",
     "Signal Jamming (signal_jamming)\n"
     "Invader one-shot: resolves, then goes to the discard pile (INV-2.9, INV-5.3); 2 in the deck.\n"
     "Cost: discard 1 other hand card (INV-5.4).\n"
     "From hand, in a cancel window (INV-5.10):\n"
     "  - Cancel the card immediately below in the cancel chain (INV-5.10).\n"},
    {"forward_spawning",
     "Forward Spawning (forward_spawning)\n"
     "Invader one-shot: resolves, then goes to the discard pile (INV-2.9, INV-5.3); 2 in the deck.\n"
     "Cost: drain 1 from your deck (INV-5.4).\n"
     "On play (INV-2.17):\n"
     "  - Draw 2 cards (INV-5.20).\n"},
    {"dread_broadcast",
     "Dread Broadcast (dread_broadcast)\n"
     "Invader one-shot: resolves, then goes to the discard pile (INV-2.9, INV-5.3); 1 in the deck.\n"
     "Cost: discard 2 other hand cards (INV-5.4).\n"
     "On play (INV-2.17):\n"
     "  - Move the plot marker up 1, within 0..12 (INV-2.7).\n"},
    {"deep_vault",
     "Deep Vault Complex (deep_vault)\n"
     "Mankind unit of type Location, power 1 (INV-2.9, INV-2.10); 1 in the deck.\n"
     "Cost: discard 3 other hand cards (INV-5.4).\n"
     "Keywords: Bunker (no effect of their own, INV-2.11).\n"
     "Enters play with 6 counters (INV-5.13).\n"
     "While in play (passive, INV-2.17):\n"
     "  - Each counter removed from this card prevents one card of an inflicted drain or forced draw\n"
     "    on you (INV-5.19, INV-5.20).\n"},
    {"rebuild_effort",
     "Rebuild Effort (rebuild_effort)\n"
     "Mankind one-shot: resolves, then goes to the discard pile (INV-2.9, INV-5.3); 3 in the deck.\n"
     "Cost: free (INV-5.4).\n"
     "On play (INV-2.17):\n"
     "  - Remove up to 2 damage tokens from a zone you choose, one with tokens if any (INV-2.19,\n"
     "    INV-2.21).\n"},
    {"counterstrike_array",
     "Counterstrike Array (counterstrike_array)\n"
     "Mankind unit of type Defender, power 2 (INV-2.9, INV-2.10); 1 in the deck.\n"
     "Cost: discard 2 other hand cards, drain 1 from your deck (INV-5.4).\n"
     "Keywords: Artillery (no effect of their own, INV-2.11).\n"
     "Use, once per turn in your main step (INV-5.12), at no cost:\n"
     "  - Mankind counter-attacks this card's zone (INV-5.24).\n"},
    {"serum_project",
     "Serum Project (serum_project)\n"
     "Mankind unit of type Location, power 0 (INV-2.9, INV-2.10); 1 in the deck.\n"
     "Cost: discard 2 other hand cards (INV-5.4).\n"
     "Keywords: Project (no effect of their own, INV-2.11).\n"
     "Use, once per turn in your main step (INV-5.12), paying discard 1 other hand card (INV-2.18):\n"
     "  - Put 1 counter on this card (INV-2.19).\n"
     "While in play (passive, INV-2.17):\n"
     "  - You win as soon as this card holds 5 counters (INV-8.2).\n"},
    {"inv_swarm_tide",
     "Swarm Tide (inv_swarm_tide)\n"
     "Invader strategy, enabled once per game at no card cost and never cancelled (INV-2.23,\n"
     "  INV-5.14), in your own main step.\n"
     "When enabled:\n"
     "  - From now on you draw 3 cards in each of your draw steps (INV-4.4).\n"},
    {"inv_neural_blackout",
     "Neural Blackout (inv_neural_blackout)\n"
     "Invader strategy, enabled once per game at no card cost and never cancelled (INV-2.23,\n"
     "  INV-5.14), in your own main step.\n"
     "When enabled:\n"
     "  - The opponent discards 2 cards of his choice from hand, fewer if the hand is smaller\n"
     "    (INV-2.19).\n"},
    {"man_bulwark",
     "Project Bulwark (man_bulwark)\n"
     "Mankind strategy, enabled once per game at no card cost and never cancelled (INV-2.23,\n"
     "  INV-5.14), in the window at the start of the Invader's attack step (INV-4.7.1).\n"
     "When enabled:\n"
     "  - Until the end of this turn the Invader's attack on a zone you choose inflicts no drain\n"
     "    (INV-4.7).\n"},
    {"man_reconstruction",
     "Reconstruction Drive (man_reconstruction)\n"
     "Mankind strategy, enabled once per game at no card cost and never cancelled (INV-2.23,\n"
     "  INV-5.14), in your own main step.\n"
     "When enabled:\n"
     "  - Remove up to 3 damage tokens from zones you choose, one zone for each token (INV-2.19,\n"
     "    INV-2.21).\n"},
    {"inv_polar_thaw",
     "Polar Thaw (inv_polar_thaw)\n"
     "Invader strategy, enabled once per game at no card cost and never cancelled (INV-2.23,\n"
     "  INV-5.14), in your own main step.\n"
     "When enabled:\n"
     "  - Place up to 1 damage token on each zone, stopping at power 0 or an empty supply (INV-2.19,\n"
     "    INV-2.21).\n"},
    {"evacuation_order",
     "Evacuation Order (evacuation_order)\n"
     "Mankind one-shot: resolves, then goes to the discard pile (INV-2.9, INV-5.3); 2 in the deck.\n"
     "Cost: free (INV-5.4).\n"
     "On play (INV-2.17):\n"
     "  - Move one of your units, the hero included, to an adjacent zone (INV-5.23, INV-2.12).\n"},
    {"cataclysm_protocol",
     "Cataclysm Protocol (cataclysm_protocol)\n"
     "Invader one-shot: resolves, then goes to the discard pile (INV-2.9, INV-5.3); 1 in the deck.\n"
     "Cost: discard 1 other hand card (INV-5.4).\n"
     "On play (INV-2.17):\n"
     "  - Drain 3 from each side's deck, Mankind first (INV-2.19, INV-5.19).\n"},
    {"hero_reyes",
     "Dr. Okon Reyes (hero_reyes)\n"
     "Mankind hero from the hero deck, power 1; counts as a Defender (INV-2.9, INV-2.12).\n"
     "Keywords: Scientist (no effect of their own, INV-2.11).\n"
     "Not mobile: stays in its zone (INV-5.17).\n"
     "Use, once per turn in your main step (INV-5.12), paying rotate this hero (INV-2.18):\n"
     "  - Remove up to 1 damage token from a zone you choose, one with tokens if any (INV-2.19,\n"
     "    INV-2.21).\n"},
    {"ops_centre",
     "Ops Centre (ops_centre)\n"
     "Mankind ability printed on the board, not a strategy: usable again on later turns (INV-2.24).\n"
     "Up to 1 time per turn in your main step, paying discard 1 other hand card: move one of your\n"
     "  units in play, the hero included, to any other zone (INV-5.16).\n"},
    {"crust_cracker",
     "Crust Cracker (crust_cracker)\n"
     "Invader one-shot: resolves, then goes to the discard pile (INV-2.9, INV-5.3); 2 in the deck.\n"
     "Cost: discard 1 other hand card (INV-5.4).\n"
     "On play (INV-2.17):\n"
     "  - Place up to 2 damage tokens on a zone you choose, one with power above 0 if any, stopping at\n"
     "    power 0 or an empty supply (INV-2.19, INV-2.21).\n"},
    {"coastal_fortress",
     "Coastal Fortress (coastal_fortress)\n"
     "Mankind unit of type Location, power 4 (INV-2.9, INV-2.10); 2 in the deck.\n"
     "Cost: discard 3 other hand cards (INV-5.4).\n"
     "Keywords: Fortress (no effect of their own, INV-2.11).\n"
     "Enters only Pacific Rim or Africa (INV-5.7).\n"
     "No abilities.\n"},
};

static const text test_content_full[] = {
    {"mind_probe",
     "Mind Probe (mind_probe)\n"
     "Invader one-shot: resolves, then goes to the discard pile (INV-2.9, INV-5.3); 2 in the deck.\n"
     "Cost: free (INV-5.4).\n"
     "On play (INV-2.17):\n"
     "  - The opponent draws 2 cards, a forced draw (INV-5.20).\n"},
    {"research_lab",
     "Research Lab (research_lab)\n"
     "Mankind unit of type Location, power 0 (INV-2.9, INV-2.10); 1 in the deck.\n"
     "Cost: free (INV-5.4).\n"
     "Keywords: Project (no effect of their own, INV-2.11).\n"
     "Enters play with 2 counters (INV-5.13).\n"
     "Use, once per turn in your main step (INV-5.12), paying remove 1 counter from this card\n"
     "  (INV-2.18):\n"
     "  - Draw 1 card (INV-5.20).\n"},
};

static void test_INV_2_19_every_primitive_in_words(void **state)
{
    (void)state;
    DC_EXPECT("invaders", NULL, sample_full, TT_DESCRIBE_FULL);
}

static void test_INV_11_1_forced_draw_and_remove_counters_cost(void **state)
{
    (void)state;
    DC_EXPECT("invaders", TEST_CONTENT, test_content_full, TT_DESCRIBE_FULL);
}

static void test_summaries(void **state)
{
    (void)state;
    static const text summaries[] = {
        {"skitter_drone", "Invader, power 1, free"},
        {"siege_colossus", "Desolator, power 5, discard 2, drain 1"},
        {"blight_seeder", "Desolator, power 0, discard 1; play: damage 1 here; use (drain 1): "
                          "damage 1 here"},
        {"nerve_pulse", "one-shot, free; play: destroy enemy <=2"},
        {"signal_jamming", "cancel one-shot, discard 1; cancel: cancel a card"},
        {"cataclysm_protocol", "one-shot, discard 1; play: both drain 3"},
        {"serum_project", "Location, power 0, discard 2; use (discard 1): +1 counter; passive: "
                          "win at 5 counters"},
        {"hero_reyes", "hero, power 1; use (rotate): repair 1"},
        {"man_bulwark", "strategy, attack window: shield a zone"},
        {"man_reconstruction", "strategy, own main step: repair 3, split"},
        {"ops_centre", "board, 1 per turn, discard 1: move own unit to any zone"},
    };
    DC_EXPECT("invaders", NULL, summaries, TT_DESCRIBE_SUMMARY);
}

static void test_names_and_kinds(void **state)
{
    (void)state;
    static const text names[] = {
        {"forward_spawning", "Forward Spawning"},
        {"FORWARD SPAWNING", "Forward Spawning"},
        {"cmdr. ilsa varga", "Cmdr. Ilsa Varga"},
        {"Inv_Polar_Thaw", "Polar Thaw"},
        {"ops centre", "Ops Centre"},
    };
    DC_EXPECT("invaders", NULL, names, TT_DESCRIBE_NAME);
    static const text kinds[] = {
        {"skitter_drone", "Invader cards"},
        {"militia_cadre", "Mankind cards"},
        {"hero_varga", "Heroes"},
        {"inv_polar_thaw", "Invader strategies"},
        {"man_bulwark", "Mankind strategies"},
        {"ops_centre", "The board"},
    };
    DC_EXPECT("invaders", NULL, kinds, TT_DESCRIBE_KIND);
}

static void test_catalogue_order(void **state)
{
    (void)state;
    tt_game *g;
    assert_int_equal(tt_game_new("invaders", TEST_CONTENT, &g, NULL), TT_OK);
    static const char *const ids[] = {"skitter_drone",   "mind_probe", "drain_ray",
                                      "militia_cadre",   "deep_vault", "research_lab",
                                      "costly_override", "hero_quill", "hero_varga"};
    for (int i = 0; i < 9; i++)
        assert_string_equal(tt_describe_id(g, i), ids[i]);
    /* then the strategies, then the Ops Centre, last */
    int n = 0;
    while (tt_describe_id(g, n))
        n++;
    assert_string_equal(tt_describe_id(g, n - 1), "ops_centre");
    tt_game_free(g);
}

static void test_unknown_names_are_refused(void **state)
{
    (void)state;
    tt_game *g;
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_game_new("invaders", NULL, &g, NULL), TT_OK);
    char buf[256] = "x";
    /* a card of the test content is not in the sample, nor an instance name */
    assert_int_equal(tt_describe(g, "mind_probe", TT_DESCRIBE_FULL, buf, sizeof buf, &err),
                     TT_EARG);
    assert_string_equal(err.msg, "invaders has no card, item or token named 'mind_probe' "
                                 "(tabletop cards invaders lists them)");
    assert_string_equal(buf, "");
    assert_int_equal(tt_describe(g, "inv:skitter_drone#1", TT_DESCRIBE_FULL, buf, sizeof buf, &err),
                     TT_EARG);
    assert_int_equal(tt_describe(g, "skitter drone ", TT_DESCRIBE_FULL, buf, sizeof buf, &err),
                     TT_EARG);
    assert_int_equal(tt_describe(g, "skitter_drone", TT_DESCRIBE_FULL, buf, 40, &err), TT_EARG);
    assert_string_equal(err.msg, "the description of 'skitter_drone' needs more than 40 bytes");
    assert_string_equal(buf, "");
    tt_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_INV_2_19_every_primitive_in_words),
        cmocka_unit_test(test_INV_11_1_forced_draw_and_remove_counters_cost),
        cmocka_unit_test(test_summaries),
        cmocka_unit_test(test_names_and_kinds),
        cmocka_unit_test(test_catalogue_order),
        cmocka_unit_test(test_unknown_names_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
