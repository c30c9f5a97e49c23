/* Braunau: the parts of the picture a screen of `tabletop play` shows at each
 * decision (tt_view_text_part), exact.
 *
 * They say the position briefly, so that a screen of 100 columns by 40 lines
 * holds it late in a game (docs/games/braunau.md, "What the terminal shows"):
 * the support as a table (the map), each faction in as few lines as its parts
 * fill, a hidden agent's possible areas as the shorter list, and what a token
 * type or a market card does next to the decision that can use it. Positions
 * are built on fixture F1; `board` keeps the whole picture, which
 * test_braunau_public reads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bra_fixture.h"

#define GER 0 /* seats of F1 */
#define AUT 1

static int setup(void **state)
{
    *state = bra_fx_open(NULL);
    return 0;
}

static int teardown(void **state)
{
    bra_fx_close(*state);
    return 0;
}

/* The part of the picture `viewer` reads now, as a string that lives until
 * the next call. */
static const char *part(const bra_fx *x, int viewer, int which)
{
    static char text[8192];
    char *p = tt_view_text_part(x->g, (const tt_state *)x->s, viewer, which);
    assert_non_null(p);
    assert_true(strlen(p) < sizeof text);
    strcpy(text, p);
    free(p);
    return text;
}

/* BRA-2.12, BRA-6.21.2: the support by area, an area a column, as the map:
 * the values, every faction's support and the mark of a Rally, explained
 * once one was held. */
static void test_BRA_6_21_support_table_is_the_map(void **state)
{
    bra_fx *x = *state;
    assert_string_equal(
        part(x, GER, TT_TEXT_MAP),
        "  support   STADTPLATZ RATHAUS PFARRKIRCHE BAHNHOF INNBRUECKE BRAUEREI "
        "VORSTADT\n"
        "  value             3       3           2       2          2        1        1\n"
        "  Germans           0       0           0       0          1        0        0\n"
        "  Austrians         0       1           0       0          0        0        0\n"
        "  Locals            0       0           0       0          0        1        0\n");
    bra_fx_turn(x, BX_L, 2, 6);
    bra_fx_place(x, "LOC_REITER", "STADTPLATZ");
    bra_fx_support(x, BX_L, "STADTPLATZ", 1);
    bra_fx_stash(x, "L33");
    bra_fx_apply(x, "DEPLOY token=L33 agent=LOC_REITER");
    assert_string_equal(
        part(x, GER, TT_TEXT_MAP),
        "  support   STADTPLATZ RATHAUS PFARRKIRCHE BAHNHOF INNBRUECKE BRAUEREI "
        "VORSTADT   (* Rally held)\n"
        "  value             3       3           2       2          2        1        1\n"
        "  Germans           0       0           0       0          1        0        0\n"
        "  Austrians         0       1           0       0          0        0        0\n"
        "  Locals            3*      0           0       0          0        1        0\n");
}

/* BRA-7.4, BRA-5.4: the status for the Germans, briefly: AP for the faction
 * to act only; a faction's reserve and items filling its first line where
 * they fit; a hidden agent's areas as the shorter of where it may and may not
 * be, its latest report without its source, no report on an exposed agent;
 * the agents two to a line when they fit. */
static void test_BRA_7_4_status_briefly(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 3, 6);
    bra_fx_stash(x, "G29 G05");
    bra_fx_place(x, "GER_BRANDT", "BAHNHOF");
    bra_fx_place(x, "AUT_AUER", "STADTPLATZ");
    bra_fx_place(x, "AUT_LEITNER", "VORSTADT");
    bra_fx_place(x, "AUT_HAINZ", "BAHNHOF");
    bra_fx_own_item(x, "I07", BX_A);
    int auer = bra_fx_agent_id(x, "AUT_AUER"), leitner = bra_fx_agent_id(x, "AUT_LEITNER");
    int pichler = bra_fx_agent_id(x, "AUT_PICHLER");
    int bahnhof = bra_fx_area(x, "BAHNHOF"), vorstadt = bra_fx_area(x, "VORSTADT");
    /* what the Germans know: AUER not in BAHNHOF nor VORSTADT, LEITNER in
     * one of two areas, where a report placed it in round 2; an old report
     * on PICHLER, exposed since */
    x->s->maybe[BX_G][auer] = (uint16_t)(x->c->all_areas & ~(1u << bahnhof | 1u << vorstadt));
    x->s->maybe[BX_G][leitner] = (uint16_t)(1u << bahnhof | 1u << vorstadt);
    x->s->intel[BX_G][leitner] =
        (bra_intel){.area = (uint8_t)vorstadt, .round = 2, .source = SRC_FA};
    x->s->intel[BX_G][pichler] =
        (bra_intel){.area = (uint8_t)bahnhof, .round = 1, .source = SRC_BR};
    bra_fx_sane(x);
    assert_string_equal(
        part(x, GER, TT_TEXT_STATUS),
        "Round 3 of 10, Germans to act; first player Germans.\n"
        "Market (gold): (empty), I05 PRINTING_PRESS 3, I11 DOSSIER 3; deck 9\n"
        "Germans (you): AP 6, gold 2, VP 0; deck 50, stash 2, discard 0; reserve: GER_STROH GER_KESSLER\n"
        "  GER_WEISS    in INNBRUECKE (exposed)  GER_BRANDT   in BAHNHOF\n"
        "  stash: G05 ABIL(GER_WEISS) G29 CI\n"
        "Austrians: gold 2, VP 0; deck 52, stash 0, discard 0; items: I07 INFORMANT\n"
        "  AUT_PICHLER  in RATHAUS (exposed)                             AUT_AUER     not in BAHNHOF VORSTADT\n"
        "  AUT_LEITNER  maybe BAHNHOF VORSTADT; intel round 2: VORSTADT  AUT_HAINZ    area unknown\n"
        "Locals: gold 2, VP 0; deck 52, stash 0, discard 0; reserve: LOC_BREWERS LOC_MARKET LOC_REITER\n"
        "  LOC_GRUBER   in BRAUEREI (exposed)\n");
}

/* BRA-2.4: what a token type does is told next to the decision that can
 * deploy it, until the faction has deployed or kept one of the type; `info`
 * tells it after. */
static void test_BRA_2_4_key_until_used(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 2, 6);
    bra_fx_stash(x, "G29 G37 G38");
    assert_string_equal(part(x, GER, TT_TEXT_DECISION),
                        "    CI      extract an enemy's true area, or plant a decoy\n"
                        "    GOLD    +2 gold\n"
                        "To decide: Germans (main)\n");
    assert_string_equal(part(x, AUT, TT_TEXT_DECISION), "To decide: Germans (main)\n");
    bra_fx_apply(x, "DEPLOY token=G37"); /* G38 GOLD can still be deployed */
    assert_string_equal(part(x, GER, TT_TEXT_DECISION),
                        "    CI      extract an enemy's true area, or plant a decoy\n"
                        "To decide: Germans (main)\n");
}

/* BRA-6.1, BRA-6.2: keeping, the draw is shown with the decision (not in the
 * status) with what its types do, but for the types already kept. */
static void test_BRA_6_2_draw_with_the_decision(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 2, 6);
    bra_fx_deck_top(x, "G33 G45 G21 G37 G25 G34 G46 G22 G38 G26");
    bra_fx_apply(x, "DRAW");
    assert_null(strstr(part(x, GER, TT_TEXT_STATUS), "drawn, to keep"));
    assert_string_equal(
        part(x, GER, TT_TEXT_DECISION),
        "  drawn, to keep or return: G33 POP G45 FA G21 REFILL G37 GOLD G25 SUMMON\n"
        "    REFILL  buy one market item\n"
        "    SUMMON  secret meeting: interrogate or bribe an enemy agent\n"
        "    POP     own support to 3 where an agent stands\n"
        "    GOLD    +2 gold\n"
        "    FA      reveal every enemy agent\n"
        "To decide: Germans (keep)\n");
    bra_fx_apply(x, "KEEP tokens=G33,G45");
    bra_fx_turn(x, BX_G, 3, 6);
    bra_fx_apply(x, "DRAW");
    assert_string_equal(
        part(x, GER, TT_TEXT_DECISION),
        "  drawn, to keep or return: G34 POP G46 FA G22 REFILL G38 GOLD G26 SUMMON\n"
        "    REFILL  buy one market item\n"
        "    SUMMON  secret meeting: interrogate or bribe an enemy agent\n"
        "    GOLD    +2 gold\n"
        "To decide: Germans (keep)\n");
}

/* BRA-6.8: buying, what each card of the market row does. */
static void test_BRA_6_8_market_cards_while_buying(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 2, 6);
    bra_fx_stash(x, "G21");
    bra_fx_gold(x, BX_G, 5);
    bra_fx_apply(x, "deploy G21");
    assert_string_equal(
        part(x, GER, TT_TEXT_DECISION),
        "Declaring DEPLOY G21; the question now: item\n"
        "    I07  INFORMANT       one use: use (0 AP): reveal enemies in one area\n"
        "    I05  PRINTING_PRESS  permanent: one AGITATE per turn for 1 AP instead of 2\n"
        "    I11  DOSSIER         permanent: +2 VP at the end\n"
        "To decide: Germans (item)\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_BRA_6_21_support_table_is_the_map, setup, teardown),
        cmocka_unit_test_setup_teardown(test_BRA_7_4_status_briefly, setup, teardown),
        cmocka_unit_test_setup_teardown(test_BRA_2_4_key_until_used, setup, teardown),
        cmocka_unit_test_setup_teardown(test_BRA_6_2_draw_with_the_decision, setup, teardown),
        cmocka_unit_test_setup_teardown(test_BRA_6_8_market_cards_while_buying, setup, teardown),
    };
    return cmocka_run_group_tests_name("braunau screen", tests, NULL, NULL);
}
