/* INWO card texts (describe.c): the exact words of a few sample cards, one
 * of each kind (an Illuminati with its Special Goal, a Group with a link, a
 * Resource, Plots with several costs and with a filter of several keys, a
 * Goal card), and, on a set made here, a filter using every key and the
 * catalogue's order (Goal cards after the other Plots, whatever the content
 * order). The shapes every game's texts keep are tests/generic/test_describe.c's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/rules.h"
#include "games/inwo/content.h"
#include "games/inwo/describe.h"
#include "tabletop/tt.h"

#define TEXT_MAX 4096

/* The full text of `id` in the sample set, through the public interface. */
static void expect_sample(const char *id, int what, const char *want)
{
    tt_game *g;
    tt_error err;
    assert_int_equal(tt_game_new("inwo", NULL, &g, &err), TT_OK);
    char got[TEXT_MAX];
    assert_int_equal(tt_describe(g, id, what, got, sizeof got, &err), TT_OK);
    assert_string_equal(got, want);
    tt_game_free(g);
}

/* INWO-2.4: Power and Global Power, arrows on every side, an activated
 * ability with its timing and limit, and the Special Goal (INWO-2.10.6). */
static void test_INWO_2_4_illuminati(void **state)
{
    (void)state;
    expect_sample("I01", TT_DESCRIBE_FULL,
                  "The Obsidian Lodge (I01)\n"
                  "Illuminati: Power 10, Global Power 10; no Resistance, alignments or "
                  "attributes; never attacked,\n"
                  "  destroyed or moved (INWO-2.4.1, 2.4.2).\n"
                  "Arrows: none in; out N, E, S, W (INWO-2.4.1, 2.11).\n"
                  "Ability: makes the attack being declared Privileged (PRIVILEGE, INWO-2.10.7, "
                  "5.14).\n"
                  "Use: as part of announcing an attack; no cost; once per turn (INWO-2.10.3, "
                  "2.10.4).\n"
                  "Special Goal: the Power of counting non-Illuminati groups in your Power "
                  "Structure totals at\n"
                  "  least 35 (GOAL_POWER, INWO-2.10.6, 9.3).\n");
}

/* INWO-2.5: a Personality with a link_target and a while_linked STAT. */
static void test_INWO_2_5_group(void **state)
{
    (void)state;
    expect_sample("G09", TT_DESCRIBE_FULL,
                  "Senator Vale (G09)\n"
                  "Group, Personality: Power 3, no Global Power, Resistance 4 (INWO-2.5.1).\n"
                  "Alignments: Government, Conservative, Straight (INWO-2.2). Attributes: none "
                  "(INWO-2.3).\n"
                  "Arrows: in S; out N (INWO-2.5.1, 2.11).\n"
                  "Link: may be linked to one other group, a Place (INWO-2.5.1, 6.1.1).\n"
                  "Ability: this card gets +2 Power, while it is linked to a Place (STAT, "
                  "INWO-2.10.5, 2.14.2).\n");
}

/* INWO-2.6: a Unique Resource whose first link is permanent. */
static void test_INWO_2_6_resource(void **state)
{
    (void)state;
    expect_sample("R08", TT_DESCRIBE_FULL,
                  "Archive of Names (R08)\n"
                  "Resource: Artifact, Unique; receives no Action tokens (INWO-2.6.1).\n"
                  "Unique: one copy in play at most, and none once a copy is destroyed "
                  "(INWO-10.1.6).\n"
                  "Link: to one of its controller's groups; it works only while linked to a "
                  "Personality, and its\n"
                  "  first such link is permanent (INWO-2.6.2).\n"
                  "Ability: the group it is linked to gets +3 Power (STAT, INWO-2.10.5, "
                  "2.14.2).\n");
}

/* INWO-2.10.3: two group costs, each paid by a different group. */
static void test_INWO_2_10_3_two_group_costs(void **state)
{
    (void)state;
    expect_sample("PL47", TT_DESCRIBE_FULL,
                  "Sabotage (PL47)\n"
                  "Plot (INWO-2.7.2).\n"
                  "Played: whenever you hold priority; cost 1 Action token of a Violent or "
                  "Criminal group of yours,\n"
                  "  1 Action token of a Violent or Criminal group of yours, each token from a "
                  "different group\n"
                  "  (INWO-2.10.3, 2.10.4).\n"
                  "Effect: destroys one Resource in play (DESTROY_RESOURCE, INWO-2.10.7, "
                  "5.13.5).\n");
}

/* INWO-2.10.1: a filter of three keys (owner, illuminati, power_max). */
static void test_INWO_2_10_1_filter_of_three_keys(void **state)
{
    (void)state;
    expect_sample("PL40", TT_DESCRIBE_FULL,
                  "Second Wind (PL40)\n"
                  "Plot (INWO-2.7.2).\n"
                  "Played: in your Main Phase, with no response round open; cost 1 Action token "
                  "of your Illuminati\n"
                  "  (INWO-2.10.3, 2.10.4).\n"
                  "Effect: a non-Illuminati group of yours with Power 5 or less receives 1 "
                  "Action token even if it\n"
                  "  holds one; not a group captured this turn (GIVE_TOKEN, INWO-2.10.7, "
                  "5.1.3).\n");
}

/* INWO-2.8: a Goal card, never played, with its goal op. */
static void test_INWO_2_8_goal_card(void **state)
{
    (void)state;
    expect_sample("PL33", TT_DESCRIBE_FULL,
                  "Goal: Paper Empire (PL33)\n"
                  "Goal card (INWO-2.7.2).\n"
                  "Shown from the hand to declare victory, never played; one Goal card held at "
                  "most (INWO-2.8.1,\n"
                  "  9.4.4).\n"
                  "Goal: you control at least 6 counting Corporate groups (GOAL_CONTROL, "
                  "INWO-2.10.6, 9.3).\n");
}

/* A set of two Groups and two Plots, the Goal card first in content order. */
static const char custom_set[] =
    "{\"module\": \"inwo\",\n"
    "\"illuminati\": [],\n"
    "\"groups\": [{\"id\": \"G01\", \"name\": \"Target Co.\", \"gtype\": \"organization\", "
    "\"power\": 0, \"global\": 0, \"res\": 2, \"align\": [], \"attr\": [], \"arrows\": {\"in\": "
    "\"S\", \"out\": []}},\n"
    "{\"id\": \"G02\", \"name\": \"Hunters\", \"gtype\": \"organization\", \"power\": 4, "
    "\"global\": 2, \"res\": 3, \"align\": [\"VIOL\"], \"attr\": [\"Media\"], \"arrows\": "
    "{\"in\": \"E\", \"out\": [\"N\", \"S\", \"W\"]}, \"abilities\": [{\"op\": \"ATTACK_BONUS\", "
    "\"amount\": 2, \"attack\": \"destroy\", \"mode\": \"any_attempt\", \"target\": "
    "{\"align_any\": [\"GOV\", \"CORP\"], \"align_all\": [\"VIOL\", \"STR\"], \"align_none\": "
    "[\"WEIRD\", \"FAN\"], \"attr_any\": [\"Media\"], \"attr_none\": [\"Secret\"], "
    "\"gtype_any\": [\"place\", \"personality\"], \"power_min\": 2, \"power_max\": 6, \"owner\": "
    "\"rival\"}}, {\"op\": \"GIVE_TOKEN\", \"target\": {\"card\": \"G01\"}, \"timing\": "
    "\"main\", \"cost\": [{\"group\": {\"gtype_any\": [\"organization\"], \"power_min\": 1}}, {\"discard_plot\": "
    "2}], \"limit\": \"once_per_game\"}]}],\n"
    "\"resources\": [],\n"
    "\"plots\": [{\"id\": \"PL01\", \"name\": \"Goal: First\", \"subtype\": \"goal\", \"goal\": "
    "{\"op\": \"GOAL_DESTROYED\", \"count\": 1, \"filter\": {\"illuminati\": true}}},\n"
    "{\"id\": \"PL02\", \"name\": \"Second\", \"subtype\": \"misc\", \"timing\": \"after_roll\", "
    "\"cost\": [], \"effect\": {\"op\": \"AUTO_FAIL\"}}]}\n";

/* The texts of custom_set, in catalogue order, as "KIND | id | summary" and
 * the full text, one after the other. */
static void describe_custom(char *out, size_t n)
{
    inwo_content *c = calloc(1, sizeof *c);
    tt_diags *d = calloc(1, sizeof *d);
    assert_non_null(c);
    assert_non_null(d);
    assert_int_equal(inwo_content_load(c, custom_set, strlen(custom_set), "set.json", d), 0);
    tt_game g = {.content = c};
    size_t at = 0;
    const char *id;
    for (int i = 0; (id = inwo_describe_id(&g, i)); i++) {
        char kind[64], summary[1024], full[TEXT_MAX];
        assert_int_equal(inwo_describe(&g, i, TT_DESCRIBE_KIND, kind, sizeof kind), TT_OK);
        assert_int_equal(inwo_describe(&g, i, TT_DESCRIBE_SUMMARY, summary, sizeof summary), TT_OK);
        assert_int_equal(inwo_describe(&g, i, TT_DESCRIBE_FULL, full, sizeof full), TT_OK);
        at += (size_t)snprintf(out + at, n - at, "%s | %s | %s\n%s", kind, id, summary, full);
        assert_true(at < n);
    }
    assert_null(inwo_describe_id(&g, 5));
    free(d);
    free(c);
}

/* INWO-2.10.1: every filter key in words; a `card` filter names the card;
 * costs of a group filter and of discards, a once-per-game limit; and the
 * catalogue's order: the Goal card PL01 after the Plot PL02. */
static void test_INWO_2_10_1_every_filter_key(void **state)
{
    (void)state;
    char got[8192];
    describe_custom(got, sizeof got);
    assert_string_equal(got,
                        "Groups | G01 | Organization: Power 0, Global 0, Resistance 2\n"
                        "Target Co. (G01)\n"
                        "Group, Organization: Power 0, no Global Power, Resistance 2 "
                        "(INWO-2.5.1).\n"
                        "Alignments: none (INWO-2.2). Attributes: none (INWO-2.3).\n"
                        "Arrows: in S; out none (INWO-2.5.1, 2.11).\n"
                        "Groups | G02 | Organization: Power 4, Global 2, Resistance 3; Violent\n"
                        "Hunters (G02)\n"
                        "Group, Organization: Power 4, Global Power 2, Resistance 3 (INWO-2.5.1).\n"
                        "Alignments: Violent (INWO-2.2). Attributes: Media (INWO-2.3).\n"
                        "Arrows: in E; out N, S, W (INWO-2.5.1, 2.11).\n"
                        "Ability: +2 to the strength of attacks to destroy made by any group of "
                        "its controller on a Government or Corporate Place or Personality of a "
                        "rival that is also Violent and Straight, not Weird or Fanatic, with the "
                        "attribute Media, without the attribute Secret, with Power 2 to 6, never "
                        "Instant Attacks (ATTACK_BONUS, INWO-2.10.5, 5.11.3).\n"
                        "Ability: a group named Target Co. (G01) receives 1 Action token even if "
                        "it holds one; not a group captured this turn (GIVE_TOKEN, INWO-2.10.7, "
                        "5.1.3).\n"
                        "Use: in your Main Phase, with no response round open; cost 1 Action "
                        "token of an Organization of yours with Power 1 or more, discarding 2 "
                        "other Plot cards; once per game (INWO-2.10.3, 2.10.4).\n"
                        "Plots | PL02 | Plot: the current attack fails whatever the roll "
                        "(AUTO_FAIL, INWO-2.10.7)\n"
                        "Second (PL02)\n"
                        "Plot (INWO-2.7.2).\n"
                        "Played: in the after-roll round of an attack; no cost (INWO-2.10.3, "
                        "2.10.4).\n"
                        "Effect: the current attack fails whatever the roll (AUTO_FAIL, "
                        "INWO-2.10.7).\n"
                        "Goal cards | PL01 | Goal: your destroyed pile holds at least 1 "
                        "Illuminati (GOAL_DESTROYED, INWO-2.10.6, 9.3)\n"
                        "Goal: First (PL01)\n"
                        "Goal card (INWO-2.7.2).\n"
                        "Shown from the hand to declare victory, never played; one Goal card "
                        "held at most (INWO-2.8.1, 9.4.4).\n"
                        "Goal: your destroyed pile holds at least 1 Illuminati (GOAL_DESTROYED, "
                        "INWO-2.10.6, 9.3).\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_INWO_2_4_illuminati),
        cmocka_unit_test(test_INWO_2_5_group),
        cmocka_unit_test(test_INWO_2_6_resource),
        cmocka_unit_test(test_INWO_2_10_3_two_group_costs),
        cmocka_unit_test(test_INWO_2_10_1_filter_of_three_keys),
        cmocka_unit_test(test_INWO_2_8_goal_card),
        cmocka_unit_test(test_INWO_2_10_1_every_filter_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
