/* Braunau: content texts written from the content (describe.c), exact.
 *
 * Token types (BRA-2.4) with the costs and numbers of the constants of
 * BRA-2.1, agents of every kind (resident, extended, mob) with their ability
 * effect codes (BRA-2.11), and every item type of BRA-6.19.1; then the
 * one-line summaries and the lookups by display name. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "describe_checks.h"
#include "tabletop/tt.h"

typedef dc_text text;

static const text full[] = {
    {"DROP",
     "Agent drop-off (DROP)\n"
     "Agent token: benefits one of your agents; costs 1 AP, 2 for each further token for the same\n"
     "  agent in one turn (BRA-2.5, BRA-6.4.2).\n"
     "Puts one of your agents from the reserve into play in an area of your choice, secretly unless it\n"
     "  is a mob (BRA-6.5).\n"
     "4 in a standard deck (BRA-2.4, BRA-3.4).\n"},
    {"ABIL",
     "Agent specific ability (ABIL)\n"
     "Agent token: benefits one of your agents; costs 1 AP, 2 for each further token for the same\n"
     "  agent in one turn (BRA-2.5, BRA-6.4.2).\n"
     "Names one of your agents; once its ability is enabled, UPGRADE raises it one level (to at most\n"
     "  3) and refills its charges to 2, RELOAD refills them to 2 (BRA-6.6).\n"
     "12 in a standard deck (BRA-2.4, BRA-3.4).\n"},
    {"POP",
     "Population support (POP)\n"
     "Agent token: benefits one of your agents; costs 1 AP, 2 for each further token for the same\n"
     "  agent in one turn (BRA-2.5, BRA-6.4.2).\n"
     "Raises your support in the area of one of your agents in play to 3, which triggers a rally there\n"
     "  (BRA-6.11, BRA-6.21).\n"
     "4 in a standard deck (BRA-2.4, BRA-3.4).\n"},
    {"FA", "Full Awareness (FA)\n"
           "Faction token: benefits no agent; costs 1 AP (BRA-2.5, BRA-6.4.2).\n"
           "Reveals every enemy agent in play, decoys honoured (BRA-6.14).\n"
           "8 in a standard deck, for Germans, Austrians only (BRA-2.4, BRA-3.4).\n"},
    {"GER_WEISS",
     "Konrad Weiss, customs attaché (GER_WEISS)\n"
     "Agent of Germans, base agent (BRA-2.7).\n"
     "Resident: starts the game in play, exposed (BRA-4.1).\n"
     "Bribe price: 3 gold (BRA-6.9).\n"
     "Ability Border Ledger, SURVEY: privately reveal enemy agents within distance L-1 of the agent,\n"
     "  where L is its level 1..3 (BRA-2.11, BRA-6.18.2).\n"
     "Enabled by a SPEC token, upgraded and reloaded by ABIL tokens naming it, at most 6 in a deck;\n"
     "  each use spends a charge and 1 AP (BRA-6.6, BRA-6.7, BRA-6.18.1).\n"},
    {"GER_VOLKMAR",
     "Dr. Ilse Volkmar, folklorist (GER_VOLKMAR)\n"
     "Agent of Germans, extended character (BRA-2.7).\n"
     "In the roster only when a customized deck declares it (BRA-2.9).\n"
     "Bribe price: 4 gold (BRA-6.9).\n"
     "Ability Field Trip, COURIER: move the agent up to L+1 steps, unexposed, where L is its level\n"
     "  1..3 (BRA-2.11, BRA-6.18.2).\n"
     "Enabled by a SPEC token, upgraded and reloaded by ABIL tokens naming it, at most 6 in a deck;\n"
     "  each use spends a charge and 1 AP (BRA-6.6, BRA-6.7, BRA-6.18.1).\n"},
    {"LOC_MARKET",
     "The Market Stall-Keepers (LOC_MARKET)\n"
     "Mob of Locals, base agent (BRA-2.7).\n"
     "Its position is always public; it cannot be summoned, denounced, arrested or bribed, host a\n"
     "  meeting, denounce or carry a decoy (BRA-2.8).\n"
     "Ability Word at the Stalls, AGITATE: +L own support in the agent's area, where L is its level\n"
     "  1..3 (BRA-2.11, BRA-6.18.2).\n"
     "Enabled by a SPEC token, upgraded and reloaded by ABIL tokens naming it, at most 6 in a deck;\n"
     "  each use spends a charge and 1 AP (BRA-6.6, BRA-6.7, BRA-6.18.1).\n"},
    {"I01",
     "Forged Papers (I01)\n"
     "Item card, passive, price 2 gold, bought with a REFILL token from the market row (BRA-2.14,\n"
     "  BRA-6.8).\n"
     "When a removal would hit one of your agents, this card is discarded instead and the removal is\n"
     "  cancelled, even in another player's turn (BRA-6.19.1, BRA-6.22).\n"},
    {"I03",
     "Motorcar (I03)\n"
     "Item card, permanent, price 2 gold, bought with a REFILL token from the market row (BRA-2.14,\n"
     "  BRA-6.8).\n"
     "Each turn, one MOVE may go 2 steps (BRA-6.19.1, BRA-6.15).\n"},
    {"I05",
     "Printing Press (I05)\n"
     "Item card, permanent, price 3 gold, bought with a REFILL token from the market row (BRA-2.14,\n"
     "  BRA-6.8).\n"
     "Each turn, your first AGITATE costs 1 AP instead of 2 (BRA-6.19.1, BRA-6.16).\n"},
    {"I09",
     "Leaflets (I09)\n"
     "Item card, one use, price 1 gold, bought with a REFILL token from the market row (BRA-2.14,\n"
     "  BRA-6.8).\n"
     "USE item=I09 agent=A, 1 AP: +1 own support in the area of your agent A, below 5; then discarded\n"
     "  (BRA-6.19.1, BRA-6.21).\n"},
    {"I11",
     "Dossier (I11)\n"
     "Item card, permanent, price 3 gold, bought with a REFILL token from the market row (BRA-2.14,\n"
     "  BRA-6.8).\n"
     "+2 VP at final scoring (BRA-6.19.1, BRA-9.1).\n"},
};

static const text summaries[] = {
    {"DROP", "agent token, 1 AP: an agent from the reserve into play"},
    {"SPEC", "agent token, 1 AP: enable an agent's ability"},
    {"REFILL", "faction token, 1 AP: buy one market item"},
    {"CI", "agent token, 1 AP: extract an enemy's true area, or plant a decoy"},
    {"GOLD", "faction token, 1 AP: +2 gold"},
    {"BR", "faction token, 1 AP: reveal enemy agents in a district"},
    {"GER_KESSLER", "Germans agent, price 2; Cross-River Deals FUNDRAISE: +L gold"},
    {"AUT_HAINZ", "Austrians agent, price 2; Break Up the Meeting SABOTAGE: -L enemy support"},
    {"AUT_THALHEIM", "Austrians agent, extended, price 4; Salon Collection FUNDRAISE: +L gold"},
    {"LOC_BREWERS", "Locals mob; Shout Them Down SABOTAGE: -L enemy support"},
    {"LOC_REITER", "Locals agent, price 2; Back Lanes COURIER: move L+1 steps"},
    {"I02", "item, passive, 2 gold: cancels one removal of your agent"},
    {"I04", "item, permanent, 2 gold: one 2-step MOVE per turn"},
    {"I06", "item, permanent, 3 gold: one AGITATE per turn for 1 AP instead of 2"},
    {"I08", "item, one use, 1 gold: use (0 AP): reveal enemies in one area"},
    {"I10", "item, one use, 1 gold: use (1 AP): +1 support where an agent stands"},
    {"I12", "item, permanent, 3 gold: +2 VP at the end"},
};

static void test_BRA_2_4_full_texts(void **state)
{
    (void)state;
    DC_EXPECT("braunau", NULL, full, TT_DESCRIBE_FULL);
}

static void test_BRA_2_4_summaries(void **state)
{
    (void)state;
    DC_EXPECT("braunau", NULL, summaries, TT_DESCRIBE_SUMMARY);
}

static void test_names_and_kinds(void **state)
{
    (void)state;
    static const text names[] = {
        {"nazi gold", "Nazi Gold"},
        {"the brewery hands", "The Brewery Hands"},
        {"printing press", "Printing Press"},
        {"i05", "Printing Press"},
    };
    DC_EXPECT("braunau", NULL, names, TT_DESCRIBE_NAME);
    static const text kinds[] = {
        {"FA", "Token types"},
        {"GER_WEISS", "Agents"},
        {"I12", "Item cards"},
    };
    DC_EXPECT("braunau", NULL, kinds, TT_DESCRIBE_KIND);
}

static void test_unknown_names_are_refused(void **state)
{
    (void)state;
    tt_game *g;
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_game_new("braunau", NULL, &g, NULL), TT_OK);
    char buf[256];
    /* a token instance and an area are not content texts */
    assert_int_equal(tt_describe(g, "G31", TT_DESCRIBE_FULL, buf, sizeof buf, &err), TT_EARG);
    assert_string_equal(err.msg, "braunau has no card, item or token named 'G31' "
                                 "(tabletop cards braunau lists them)");
    assert_int_equal(tt_describe(g, "BAHNHOF", TT_DESCRIBE_FULL, buf, sizeof buf, &err), TT_EARG);
    tt_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_BRA_2_4_full_texts),
        cmocka_unit_test(test_BRA_2_4_summaries),
        cmocka_unit_test(test_names_and_kinds),
        cmocka_unit_test(test_unknown_names_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
