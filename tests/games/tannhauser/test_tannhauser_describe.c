/* Tannhäuser: content texts written from the content (describe.c), exact.
 *
 * Every weapon type's profile (TAN-2.6.3) and every effect primitive of
 * TAN-2.6.2 (HEAL, STAT_BONUS, EXTRA_DICE, DIE_BONUS, GRANT_SKILL, MEDAL_VP,
 * RANK) in words, a trooper, a secondary objective, a VP crate; then the
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
    {"kestrel",
     "Kestrel Pistol (kestrel)\n"
     "Free weapon: may be dropped, passed and picked up; dropped on death (TAN-2.6.1, TAN-5.11).\n"
     "Weapon, pistol: an attack at range 1-6 with the Combat pool +0 dice, each success a wound up to\n"
     "  1 (TAN-5.7); unlimited uses.\n"
     "Weapons of one type stack in one slot (TAN-2.6.6).\n"},
    {"ash_whisper",
     "Whisper of Ash (ash_whisper)\n"
     "Weapon, not free: never leaves its carrier (TAN-2.6.1).\n"
     "Mental weapon: an attack at range 1-8 resolved by a Psyche duel, the winner's margin in wounds\n"
     "  up to 2 (TAN-5.9); unlimited uses.\n"
     "Weapons of one type stack in one slot (TAN-2.6.6).\n"},
    {"spare_drum",
     "Spare Drum (spare_drum)\n"
     "Free item: may be dropped, passed and picked up; dropped on death (TAN-2.6.1, TAN-5.11).\n"
     "While carried: +1 dice to the carrier's attack pools with automatic, heavy weapons (TAN-2.6.2,\n"
     "  TAN-5.7.3).\n"},
    {"steady_aim",
     "Steady Aim (steady_aim)\n"
     "Ability, not free: never leaves its carrier (TAN-2.6.1).\n"
     "While carried: +1 to each die of the carrier's attack rolls (TAN-2.6.2, TAN-5.7).\n"},
    {"sapper_kit",
     "Sapper Kit (sapper_kit)\n"
     "Free item: may be dropped, passed and picked up; dropped on death (TAN-2.6.1, TAN-5.11).\n"
     "While carried: the carrier has the skill ENGINEERING (TAN-2.6.2, TAN-5.13).\n"},
    {"iron_will", "Iron Will (iron_will)\n"
                  "Ability, not free: never leaves its carrier (TAN-2.6.1).\n"
                  "While carried: +2 to the carrier's current PSYCHE (TAN-2.6.2, TAN-5.2.2).\n"},
    {"field_bars", "Field Bars (field_bars)\n"
                   "Rank, not free: never leaves its carrier (TAN-2.6.1).\n"
                   "While carried: +1 to its owner's initiative roll (TAN-2.6.2, TAN-5.19).\n"},
    {"grave_lantern",
     "Grave Lantern (grave_lantern)\n"
     "Item, not free: never leaves its carrier (TAN-2.6.1).\n"
     "A Special Object: comes with a standard pack (TAN-3.6).\n"
     "While carried: +1 to the carrier's current PSYCHE (TAN-2.6.2, TAN-5.2.2).\n"},
    {"leg_sapper", "Legion Sapper (leg_sapper)\n"
                   "Trooper of Free Legion, 4 equipment slots (TAN-2.5.1, TAN-2.6.6).\n"
                   "Skills: ENGINEERING (TAN-5.13).\n"
                   "Health track, one row lost per wound (TAN-5.2.1, TAN-5.2.3):\n"
                   "  row 0: Combat 4, Stamina 5, Movement 5, Psyche 4\n"
                   "  row 1: Combat 4, Stamina 4, Movement 4, Psyche 3\n"
                   "  row 2: Combat 3, Stamina 3, Movement 3, Psyche 3\n"
                   "Pack COMBAT (TAN-3.6): kestrel, thunder_egg, thunder_egg.\n"
                   "Pack STAMINA (TAN-3.6): kestrel, sapper_kit, dressing.\n"
                   "May come back as a reinforcement (TAN-5.18).\n"},
    {"leg_s1",
     "Objective token leg_s1\n"
     "Secondary objective of Free Legion, Story mode, category ENGINEERING (TAN-2.7.2, TAN-3.9.2).\n"
     "Completed by one task on its circle with the skill ENGINEERING (TAN-5.13.2).\n"
     "A character without the skill may buy it with VP (TAN-5.13.3).\n"},
    {"crate_v3",
     "Crate token crate_v3\n"
     "Lies face down on a crate site until searched (TAN-2.7.1, TAN-3.9.1, TAN-5.12); turned up, it\n"
     "  gives the searcher's team 2 VP (TAN-5.16.2).\n"},
};

static const text summaries[] = {
    {"kestrel", "free weapon: pistol, +0 dice, range 1-6, up to 1 wound"},
    {"trench_blade", "free weapon: hand-to-hand, +1 dice, range 1, up to 2 wounds"},
    {"thunder_egg", "free weapon: grenade, blast 4 dice, range 2-5, up to 2 wounds, 1 use"},
    {"ash_whisper", "weapon: mental, range 1-8, up to 2 wounds"},
    {"satchel", "free item: use: heal 2 rows"},
    {"spare_drum", "free item: +1 dice with automatic/heavy"},
    {"trench_plate", "free item: STAMINA +1"},
    {"sapper_kit", "free item: skill ENGINEERING"},
    {"steady_aim", "ability: +1 to each attack die"},
    {"valor_star", "medal: 1 VP"},
    {"brass_gorget", "rank: initiative +2"},
    {"drum_gun", "special weapon: heavy, +3 dice, range 3-14, up to 3 wounds"},
    {"cov_grenadier", "Covenant of the Iron Bell trooper, C4 S6 M5 P3, 3 rows, skills DEXTERITY"},
    {"sorel", "Free Legion hero, C5 S4 M7 P5, 6 rows, skills ENGINEERING, STEALTH"},
    {"crate_v3", "2 VP"},
    {"crate_e3", "equipment spare_drum"},
    {"leg_p3", "Free Legion primary: ENGINEERING then MECHANICS"},
    {"leg_s1", "Free Legion secondary: ENGINEERING"},
};

static void test_TAN_2_6_full_texts(void **state)
{
    (void)state;
    DC_EXPECT("tannhauser", NULL, full, TT_DESCRIBE_FULL);
}

static void test_TAN_2_6_summaries(void **state)
{
    (void)state;
    DC_EXPECT("tannhauser", NULL, summaries, TT_DESCRIBE_SUMMARY);
}

static void test_names_and_kinds(void **state)
{
    (void)state;
    static const text names[] = {
        {"KESTREL PISTOL", "Kestrel Pistol"},
        {"major ilse varga", "Major Ilse Varga"},
        {"Crate_E1", "crate_e1"},
        {"cov_p1", "cov_p1"},
    };
    DC_EXPECT("tannhauser", NULL, names, TT_DESCRIBE_NAME);
    static const text kinds[] = {
        {"kestrel", "Equipment"},
        {"pike", "Characters"},
        {"crate_v1", "Crate tokens"},
        {"leg_s3", "Objective tokens"},
    };
    DC_EXPECT("tannhauser", NULL, kinds, TT_DESCRIBE_KIND);
}

static void test_unknown_names_are_refused(void **state)
{
    (void)state;
    tt_game *g;
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_game_new("tannhauser", NULL, &g, NULL), TT_OK);
    char buf[256];
    /* an instance name ("kestrel#2") and a circle are not content texts */
    assert_int_equal(tt_describe(g, "kestrel#2", TT_DESCRIBE_FULL, buf, sizeof buf, &err), TT_EARG);
    assert_string_equal(err.msg, "tannhauser has no card, item or token named 'kestrel#2' "
                                 "(tabletop cards tannhauser lists them)");
    assert_int_equal(tt_describe(g, "r22", TT_DESCRIBE_FULL, buf, sizeof buf, &err), TT_EARG);
    tt_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_TAN_2_6_full_texts),
        cmocka_unit_test(test_TAN_2_6_summaries),
        cmocka_unit_test(test_names_and_kinds),
        cmocka_unit_test(test_unknown_names_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
