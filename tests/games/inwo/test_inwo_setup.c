/* INWO: the sample content (INWO-12), the loader's refusals of malformed
 * content (INWO-2, 2.15), the deck rules (INWO-3.1, 2.1.3, 12.2), the game
 * options (INWO-3.2, 3.10, 4.8.3) and setup (INWO-3) with its exact result
 * for a seed, the lead choices of INWO-3.6 included.
 *
 * Content and decks are checked as `tabletop deck validate` checks them, and
 * each test asserts the exact problems; the bad files of tests/data/bad/inwo
 * pin one message per deck rule besides. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/pile.h"
#include "core/rules.h"
#include "games/inwo/inwo.h"
#include "tabletop/tt.h"

/* The problems diags holds, "line: message (rule)" each, one a line. */
static void diags_text(const tt_diags *d, char *out, size_t n)
{
    out[0] = 0;
    size_t at = 0;
    for (int i = 0; i < d->n && at < n; i++) {
        char line[512];
        at += (size_t)snprintf(out + at, n - at, "%s\n", tt_diag_text(&d->d[i], line, sizeof line));
    }
}

/* The problems of a deck declaration checked against the sample set. */
static void expect_deck(const char *json, const char *want)
{
    tt_error err;
    inwo_content *c = inwo_content_new(NULL, &err);
    assert_non_null(c);
    tt_diags *d = calloc(1, sizeof *d);
    assert_non_null(d);
    inwo_deck_check(c, json, strlen(json), "deck.json", d, NULL);
    char got[4096];
    diags_text(d, got, sizeof got);
    assert_string_equal(got, want);
    free(d);
    free(c);
}

/* The problems of a content set: the sample's first cards of each kind,
 * with `cards` standing for one list. */
static void expect_content(const char *lists, const char *want)
{
    inwo_content *c = calloc(1, sizeof *c);
    tt_diags *d = calloc(1, sizeof *d);
    assert_non_null(c);
    assert_non_null(d);
    char json[4096];
    snprintf(json, sizeof json, "{\"module\": \"inwo\",\n%s}\n", lists);
    int rc = inwo_content_load(c, json, strlen(json), "content.json", d);
    char got[4096];
    diags_text(d, got, sizeof got);
    assert_string_equal(got, want);
    assert_int_equal(rc, *want ? -1 : 0);
    free(d);
    free(c);
}

static const inwo_def *def(const inwo_content *c, const char *id)
{
    int k = inwo_find_def(c, id);
    assert_true(k >= 0);
    return &c->def[k];
}

/* --- content ---------------------------------------------------------------------------- */

static void test_INWO_12_1_sample_set(void **state)
{
    (void)state;
    tt_error err;
    inwo_content *c = inwo_content_new(NULL, &err);
    assert_non_null(c);
    int kinds[INWO_NKINDS] = {0};
    for (int i = 0; i < c->ndefs; i++)
        kinds[c->def[i].kind]++;
    /* 6 Illuminati, 45 Groups, 10 Resources and 48 Plots */
    assert_int_equal(kinds[INWO_ILLUMINATI], 6);
    assert_int_equal(kinds[INWO_GROUP], 45);
    assert_int_equal(kinds[INWO_RESOURCE], 10);
    assert_int_equal(kinds[INWO_PLOT], 48);
    /* INWO-2.3.1: the attributes the rules name come first */
    assert_string_equal(c->attr[ATTR_SECRET], "Secret");
    assert_string_equal(c->attr[ATTR_MAGIC], "Magic");
    assert_true(def(c, "G22")->attr & 1u << ATTR_SECRET);
    free(c);
}

static void test_INWO_2_4_illuminati_fields(void **state)
{
    (void)state;
    inwo_content *c = inwo_content_new(NULL, NULL);
    const inwo_def *i01 = def(c, "I01"), *i06 = def(c, "I06");
    assert_int_equal(i01->power, 10);
    assert_int_equal(i01->global, 10);
    assert_int_equal(i01->arrows_out, 0xF);
    assert_int_equal(i01->nability, 1);
    assert_int_equal(i01->ability[0].op, OP_PRIVILEGE);
    assert_int_equal(i01->ability[0].timing, TM_DECLARE);
    assert_int_equal(i01->ability[0].limit, LIM_ONCE_PER_TURN);
    assert_int_equal(i01->goal.op, OP_GOAL_POWER);
    assert_int_equal(i01->goal.value, 35);
    assert_int_equal(i01->goal.sel, WHERE_OWN);
    const inwo_filter *f = &c->filter[i01->goal.filter];
    assert_int_equal(f->keys, FK_ILLUMINATI);
    assert_int_equal(f->illuminati, 0);
    assert_int_equal(i06->goal.shared_by_factions, 1); /* INWO-2.10.9 */
    assert_int_equal(i06->ability[0].op, OP_REORGANIZE);
    assert_int_equal(i06->ability[0].timing, TM_END_OF_TURN);
    free(c);
}

static void test_INWO_2_5_group_fields(void **state)
{
    (void)state;
    inwo_content *c = inwo_content_new(NULL, NULL);
    const inwo_def *g02 = def(c, "G02"), *g09 = def(c, "G09"), *g17 = def(c, "G17");
    assert_int_equal(g02->gtype, GT_PLACE);
    assert_int_equal(g02->power, 7);
    assert_int_equal(g02->global, 0);
    assert_int_equal(g02->res, 6);
    assert_int_equal(g02->align, 1u << AL_GOV | 1u << AL_VIOL | 1u << AL_CONS);
    assert_int_equal(g02->arrow_in, SIDE_S);
    assert_int_equal(g02->arrows_out, 1u << SIDE_N | 1u << SIDE_W);
    /* Senator Vale: a group→group link and a while_linked STAT */
    assert_int_equal(c->filter[g09->link_target].keys, FK_GTYPE_ANY);
    assert_int_equal(c->filter[g09->link_target].gtype_any, 1u << GT_PLACE);
    assert_int_equal(g09->ability[0].op, OP_STAT);
    assert_int_equal(g09->ability[0].while_linked, 1);
    assert_int_equal(g09->ability[0].value, 2);
    /* names_card and a card filter resolve to the def */
    int g44 = inwo_find_def(c, "G44");
    assert_int_equal(g17->ability[0].names_card, g44);
    assert_int_equal(c->filter[g17->ability[0].filter].card, g44);
    free(c);
}

static void test_INWO_2_7_plot_fields(void **state)
{
    (void)state;
    inwo_content *c = inwo_content_new(NULL, NULL);
    const inwo_def *pl34 = def(c, "PL34"), *pl37 = def(c, "PL37"), *pl38 = def(c, "PL38");
    assert_int_equal(pl34->ability[0].op, OP_INSTANT);
    assert_int_equal(pl34->ability[0].sel, CLS_ASSASSINATION);
    assert_int_equal(pl34->ability[0].value, 8);
    assert_int_equal(pl34->ability[0].helpers, 1);
    assert_int_equal(pl34->ability[0].value2, 0); /* its destroy margin */
    assert_int_equal(c->filter[pl34->ability[0].filter2].align_any, 1u << AL_VIOL | 1u << AL_CRIM);
    assert_int_equal(pl37->ability[0].has_margin, 1);
    assert_int_equal(pl37->ability[0].value2, 2);
    assert_int_equal(pl38->ability[0].has_margin, 0); /* destroy_margin null */
    const inwo_def *pl47 = def(c, "PL47"), *pl13 = def(c, "PL13"), *pl24 = def(c, "PL24");
    assert_int_equal(pl47->ncost, 2);
    assert_int_equal(pl47->cost[0].kind, COST_GROUP);
    assert_int_equal(pl47->cost[1].kind, COST_GROUP);
    assert_int_equal(pl13->limit_per_player, 1);
    assert_int_equal(pl13->has_link, 1);
    assert_int_equal(pl13->link_permanent, 1);
    assert_int_equal(pl24->subtype, ST_NWO);
    assert_int_equal(pl24->color, COL_RED);
    assert_int_equal(pl24->ability[0].scope, SC_ALL);
    const inwo_def *pl43 = def(c, "PL43"), *pl30 = def(c, "PL30");
    assert_int_equal(pl43->ability[0].value, -2);
    assert_int_equal(pl43->ability[0].value2, 2);
    assert_int_equal(pl43->ability[0].timing, TM_AFTER_ROLL);
    assert_int_equal(pl30->has_goal, 1);
    assert_int_equal(pl30->goal.op, OP_GOAL_DOUBLE);
    free(c);
}

static void test_INWO_2_content_refusals(void **state)
{
    (void)state;
    expect_content("\"illuminati\": [{\"id\": \"I01\", \"name\": \"L\", \"power\": 10, "
                   "\"global\": 9, \"goal\": {\"op\": \"GOAL_DOUBLE\", \"filter\": {}}}],\n"
                   "\"groups\": [], \"resources\": [], \"plots\": []",
                   "content.json:2: I01: an Illuminati's global equals its power (10) "
                   "(INWO-2.4.1)\n");
    expect_content(
        "\"illuminati\": [], \"resources\": [], \"plots\": [],\n"
        "\"groups\": [{\"id\": \"G01\", \"name\": \"P\", \"gtype\": \"place\", \"power\": 5, "
        "\"global\": 6, \"res\": 4, \"align\": [\"GOV\", \"CORP\"], \"attr\": [], "
        "\"arrows\": {\"in\": \"S\", \"out\": [\"S\"]}}]",
        "content.json:3: G01: global 6 is above power 5 (INWO-2.5.1)\n"
        "content.json:3: G01: 'align' holds both GOV and its opposite CORP (INWO-2.2.2)\n"
        "content.json:3: G01: an outgoing arrow on side S, the incoming one (INWO-2.5.1)\n");
    /* INWO-2.15.1: abilities per card and ROLL_MOD bounds */
    expect_content(
        "\"illuminati\": [], \"resources\": [],\n"
        "\"groups\": [{\"id\": \"G01\", \"name\": \"P\", \"gtype\": \"place\", \"power\": 5, "
        "\"global\": 0, \"res\": 4, \"align\": [], \"attr\": [], \"arrows\": {\"in\": \"S\", "
        "\"out\": []}, \"abilities\": [{\"op\": \"MULTI_COPY\"}, {\"op\": \"MULTI_COPY\"}, "
        "{\"op\": \"MULTI_COPY\"}, {\"op\": \"MULTI_COPY\"}, {\"op\": \"MULTI_COPY\"}]}],\n"
        "\"plots\": [{\"id\": \"PL01\", \"name\": \"L\", \"subtype\": \"misc\", \"timing\": "
        "\"after_roll\", \"cost\": [], \"effect\": {\"op\": \"ROLL_MOD\", \"min\": -12, "
        "\"max\": 2}}]",
        "content.json:3: G01: 5 entries in 'abilities'; the engine takes 4 (INWO-2.15.1)\n"
        "content.json:4: field 'min' is -12, outside -10..10 (INWO-2.15.1)\n");
    /* INWO-2.10.9, 2.7.1, 2.10.7 and an unknown card id */
    expect_content(
        "\"illuminati\": [], \"groups\": [], \"resources\": [],\n"
        "\"plots\": [{\"id\": \"PL02\", \"name\": \"G\", \"subtype\": \"goal\", \"goal\": "
        "{\"op\": \"GOAL_DOUBLE\", \"filter\": {\"card\": \"G99\"}, \"shared_by_factions\": "
        "true}},\n"
        "{\"id\": \"PL03\", \"name\": \"S\", \"subtype\": \"zap\", \"timing\": \"main\", "
        "\"cost\": [], \"effects\": [{\"op\": \"DRAW\", \"deck\": \"plot\", \"count\": 2}]},\n"
        "{\"id\": \"PL05\", \"name\": \"W\", \"subtype\": \"misc\", \"timing\": \"any\", "
        "\"cost\": [\"everyone\"], \"effect\": {\"op\": \"TELEPORT\"}}]",
        "content.json:3: PL02: shared_by_factions is allowed only in an Illuminati's goal "
        "(INWO-2.10.9)\n"
        "content.json:4: PL03: DRAW cannot be a Plot's effects (INWO-2.10.8)\n"
        "content.json:5: PL05: a cost entry is \"self\", \"illuminati\", {\"group\": filter} or "
        "{\"discard_plot\": n} (INWO-2.10.3)\n"
        "content.json:5: PL05: unknown op (not one of INWO-2.10) (INWO-2.10)\n"
        "content.json:3: no card has id 'G99' (INWO-2.1.1)\n");
}

/* INWO-2.10.7: the activated ops in a form the engine does not play yet are
 * refused at load, one line per card naming the op, so that no card of a
 * content file is silently unplayable (docs/content/inwo.md). */
static void test_INWO_2_10_7_unwritten_forms_refused(void **state)
{
    (void)state;
#define GROUP(n, abilities)                                                                        \
    "{\"id\": \"G0" #n "\", \"name\": \"N" #n "\", \"gtype\": \"place\", \"power\": 5, "           \
    "\"global\": 0, \"res\": 4, \"align\": [], \"attr\": [], \"arrows\": {\"in\": \"S\", "         \
    "\"out\": []}, \"abilities\": [" abilities "]}"
    expect_content(
        "\"illuminati\": [], \"plots\": [],\n\"groups\": [\n" GROUP(1, "{\"op\": \"ROLL_MOD\", \"min\": 1, \"max\": 2, \"timing\": \"after_roll\", \"limit\": \"once_per_turn\"}") ",\n" GROUP(
            2,
            "{\"op\": \"PRIVILEGE\", \"timing\": \"declare\", \"cost\": [\"self\"]}") ",\n" GROUP(3,
                                                                                                  "{\"op\": \"DRAW\", \"deck\": \"plot\", \"count\": 1, \"timing\": \"any\"}, {\"op\": \"BOOST\", \"amount\": 2, \"uses\": [\"action\"], \"eligible\": {}, \"timing\": \"attack\"}") ",\n" GROUP(4,
                                                                                                                                                                                                                                                                                                 "{\"op\": \"CANCEL\", \"targets\": [\"action\"], \"timing\": \"main\"}") ",\n" GROUP(5,
                                                                                                                                                                                                                                                                                                                                                                                      "{\"op\": \"DRAW\", \"deck\": \"plot\", \"count\": 1, \"timing\": \"attack\"}") "],\n"
                                                                                                                                                                                                                                                                                                                                                                                                                                                                      "\"resources\": [{\"id\": \"R01\", \"name\": \"R\", \"rtypes\": [], \"action\": false, "
                                                                                                                                                                                                                                                                                                                                                                                                                                                                      "\"link\": null, \"abilities\": [{\"op\": \"PRIVILEGE\", \"timing\": \"declare\"}]}]",
        "content.json:4: G01: ROLL_MOD as an ability with a limit is not written yet (INWO-2.10.7)\n"
        "content.json:5: G02: PRIVILEGE as an ability with a cost or of a Resource is not "
        "written yet (INWO-2.10.7)\n"
        "content.json:6: G03: BOOST as an ability other than a card's first is not written yet "
        "(INWO-2.10.7)\n"
        "content.json:7: G04: CANCEL at a timing other than any or attack is not written yet "
        "(INWO-2.10.7)\n"
        "content.json:8: G05: DRAW at timing attack, declare or after_roll is not written yet "
        "(INWO-2.10.7)\n"
        "content.json:9: R01: PRIVILEGE as an ability with a cost or of a Resource is not "
        "written yet (INWO-2.10.7)\n");
#undef GROUP
#define PLOT(n, timing, cost, effect)                                                              \
    "{\"id\": \"PL0" #n "\", \"name\": \"P" #n "\", \"subtype\": \"misc\", \"timing\": \"" timing  \
    "\", \"cost\": [" cost "], \"effect\": " effect "}"
    expect_content("\"illuminati\": [], \"groups\": [], \"resources\": [],\n\"plots\": [\n" PLOT(1, "any", "\"illuminati\"", "{\"op\": \"UNPRIVILEGE\"}") ",\n" PLOT(2, "any", "", "{\"op\": \"BOOST\", \"amount\": 2, \"uses\": [\"action\"], \"eligible\": {}}") ",\n" PLOT(3, "end_of_turn", "", "{\"op\": \"INSTANT\", \"class\": \"generic\", \"power\": 5, \"target\": {}, \"destroy_margin\": null, \"helpers\": null}") ",\n" PLOT(
                       4, "main", "",
                       "{\"op\": \"PRIVILEGE\"}") ",\n" PLOT(5, "after_roll", "",
                                                             "{\"op\": \"DRAW\", \"deck\": \"plot\", \"count\": 1}") ",\n" PLOT(6,
                                                                                                                                "main",
                                                                                                                                "",
                                                                                                                                "{\"op\": \"CANCEL\", \"targets\": [\"plot\"]}") "]",
                   "content.json:4: PL01: UNPRIVILEGE on a Plot with a cost is not written yet (INWO-2.10.7)\n"
                   "content.json:5: PL02: BOOST on a Plot at a timing other than attack is not written yet "
                   "(INWO-2.10.7)\n"
                   "content.json:6: PL03: INSTANT at a timing other than main or any is not written yet "
                   "(INWO-2.10.7)\n"
                   "content.json:7: PL04: PRIVILEGE at a timing other than declare or any is not written "
                   "yet (INWO-2.10.7)\n"
                   "content.json:8: PL05: DRAW at timing attack, declare or after_roll is not written yet "
                   "(INWO-2.10.7)\n"
                   "content.json:9: PL06: CANCEL at a timing other than any or attack is not written yet "
                   "(INWO-2.10.7)\n");
#undef PLOT
}

/* --- decks -------------------------------------------------------------------------------- */

/* Deck A of INWO-12.5 with another Illuminati line, group deck and plot deck */
#define GROUPS_A                                                                                   \
    "{\"G01\": 1, \"G02\": 1, \"G07\": 1, \"G09\": 1, \"G11\": 1, \"G17\": 1, \"G24\": 1, "        \
    "\"G28\": 1, \"G29\": 2, \"G33\": 1, \"G35\": 1, \"G36\": 1, \"G37\": 1, \"G42\": 1, "         \
    "\"R04\": 1, \"R08\": 1}"
#define PLOTS_A                                                                                    \
    "{\"PL01\": 1, \"PL03\": 2, \"PL07\": 2, \"PL09\": 1, \"PL10\": 1, \"PL14\": 1, \"PL15\": 1, " \
    "\"PL16\": 2, \"PL17\": 1, \"PL18\": 1, \"PL19\": 1, \"PL20\": 1, \"PL22\": 1, \"PL27\": 1, "  \
    "\"PL29\": 1, \"PL30\": 1, \"PL34\": 1, \"PL36\": 1, \"PL39\": 1, \"PL40\": 1, \"PL43\": 1, "  \
    "\"PL44\": 1, \"PL45\": 1, \"PL46\": 1}"

static void test_INWO_12_5_sample_decks(void **state)
{
    (void)state;
    inwo_content *c = inwo_content_new(NULL, NULL);
    static const char *const decks[] = {"deck_a", "deck_b", "deck_c", "deck_d"};
    static const char *const illu[] = {"I01", "I02", "I03", "I04"};
    for (int k = 0; k < 4; k++) {
        inwo_deck d;
        tt_error err;
        assert_int_equal(inwo_load_deck(c, "p0", decks[k], &d, &err), TT_OK);
        assert_string_equal(c->def[d.def[0]].id, illu[k]);
        assert_int_equal(d.ngroup, 17);
        for (int i = 1; i <= 17; i++)
            assert_true(c->def[d.def[i]].kind == INWO_GROUP ||
                        c->def[d.def[i]].kind == INWO_RESOURCE);
        for (int i = 18; i < INWO_DECK_CARDS; i++)
            assert_true(inwo_plot_back(&c->def[d.def[i]]));
    }
    /* INWO-5.0.3: copies numbered per card_id in decklist order; deck D's
     * extra Obsidian Lodge is the first I01 of seat D */
    inwo_deck a, dd;
    assert_int_equal(inwo_load_deck(c, "p0", "deck_a", &a, NULL), TT_OK);
    assert_int_equal(inwo_load_deck(c, "p3", "deck_d", &dd, NULL), TT_OK);
    assert_string_equal(c->def[a.def[9]].id, "G29");
    assert_int_equal(a.copy[9], 1);
    assert_string_equal(c->def[a.def[10]].id, "G29");
    assert_int_equal(a.copy[10], 2);
    assert_string_equal(c->def[dd.def[18]].id, "I01");
    assert_int_equal(dd.copy[18], 1);
    free(c);
}

static void test_INWO_3_1_deck_size(void **state)
{
    (void)state;
    expect_deck("{\"illuminati\": \"I01\",\n \"group_deck\": " GROUPS_A
                ",\n \"plot_deck\": {\"PL01\": 1}}",
                "deck.json:1: the deck holds 19 cards in all; it holds exactly 45, its "
                "Illuminati included (INWO-3.1)\n");
    expect_deck("{\"group_deck\": " GROUPS_A ",\n \"plot_deck\": " PLOTS_A "}",
                "deck.json:1: a deck has a starting Illuminati: field 'illuminati', a card id "
                "(INWO-3.1)\n"
                "deck.json:1: the deck holds 44 cards in all; it holds exactly 45, its "
                "Illuminati included (INWO-3.1)\n");
    expect_deck("{\"illuminati\": \"PL01\",\n \"group_deck\": " GROUPS_A
                ",\n \"plot_deck\": " PLOTS_A "}",
                "deck.json:1: PL01 is a Plot; the starting card is an Illuminati (INWO-3.1)\n");
}

static void test_INWO_2_1_3_deck_backs(void **state)
{
    (void)state;
    expect_deck("{\"illuminati\": \"I01\",\n \"group_deck\": " GROUPS_A
                ",\n \"plot_deck\": " PLOTS_A ",\n \"name\": \"x\"}",
                "");
    expect_deck(
        "{\"illuminati\": \"I01\",\n \"group_deck\": {\"PL02\": 1, \"G02\": 1, \"G07\": 1, "
        "\"G09\": 1, \"G11\": 1, \"G17\": 1, \"G24\": 1, \"G28\": 1, \"G29\": 2, \"G33\": 1, "
        "\"G35\": 1, \"G36\": 1, \"G37\": 1, \"G42\": 1, \"R04\": 1, \"R08\": 1},\n"
        "\"plot_deck\": {\"G01\": 1, \"PL03\": 2, \"PL07\": 2, \"PL09\": 1, \"PL10\": 1, "
        "\"PL14\": 1, \"PL15\": 1, \"PL16\": 2, \"PL17\": 1, \"PL18\": 1, \"PL19\": 1, \"PL20\": 1, "
        "\"PL22\": 1, \"PL27\": 1, \"PL29\": 1, \"PL30\": 1, \"PL34\": 1, \"PL36\": 1, \"PL39\": 1, "
        "\"PL40\": 1, \"PL43\": 1, \"PL44\": 1, \"PL45\": 1, \"PL46\": 1}}",
        "deck.json:2: PL02 is a Plot; the Group deck holds Groups and Resources only "
        "(INWO-2.1.3)\n"
        "deck.json:3: G01 is a Group; the Plot deck holds Plots and Illuminati only "
        "(INWO-2.1.3)\n");
}

/* Every problem at once, each at its line (INWO-12.2 and the rules above). */
static void test_INWO_12_2_every_problem_at_once(void **state)
{
    (void)state;
    expect_deck("{\"illuminati\": \"I09\",\n \"colour\": 1,\n"
                " \"group_deck\": {\"G01\": 0, \"G98\": 2},\n \"plot_deck\": [1]}",
                "deck.json:2: unknown field 'colour' in a deck (INWO-12.2)\n"
                "deck.json:1: no card has id 'I09' (INWO-12.2)\n"
                "deck.json:3: the count of 'G01' must be a whole number from 1 (INWO-12.2)\n"
                "deck.json:3: no card has id 'G98' (INWO-12.2)\n"
                "deck.json:4: a deck has 'plot_deck', an object from card ids to counts "
                "(INWO-12.2)\n"
                "deck.json:1: the deck holds 3 cards in all; it holds exactly 45, its "
                "Illuminati included (INWO-3.1)\n");
}

/* --- options and setup ---------------------------------------------------------------- */

static tt_game *load(const char *params)
{
    tt_game *g = NULL;
    tt_error err;
    if (tt_game_new("inwo", params, &g, &err) != TT_OK)
        fail_msg("inwo %s: %s", params, err.msg);
    return g;
}

static const inwo_content *content(const tt_game *g)
{
    return ((const struct tt_game *)g)->content;
}

static void test_INWO_3_10_basic_goal(void **state)
{
    (void)state;
    static const struct {
        const char *params;
        int goal, two;
    } cases[] = {{"players=2", 12, 1},
                 {"players=3", 12, 0},
                 {"players=4", 11, 0},
                 {"players=5", 10, 0},
                 {"players=6", 10, 0},
                 {"players=2 basic_goal=8", 12, 1}, /* INWO-4.8.3 (a): never below 12 */
                 {"players=2 basic_goal=8 two_player_rules=0", 8, 0},
                 {"players=3 two_player_rules=1", 12, 1},
                 {"players=4 basic_goal=9", 9, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tt_game *g = load(cases[i].params);
        assert_int_equal(content(g)->opt.basic_goal, cases[i].goal);
        assert_int_equal(content(g)->opt.two_player_rules, cases[i].two);
        tt_game_free(g);
    }
    tt_game *g = NULL;
    tt_error err;
    assert_int_not_equal(tt_game_new("inwo", "players=7", &g, &err), TT_OK);
    assert_int_not_equal(tt_game_new("inwo", "max_rounds=0", &g, &err), TT_OK);
    assert_int_equal(tt_game_new("inwo", "p1=deck_e", &g, &err), TT_EARG);
    assert_string_equal(err.msg,
                        "p1=deck_e: no such deck (deck_a, deck_b, deck_c, deck_d or a .json file)");
}

static int lead_text(const tt_game *g, tt_state *s, const char *text)
{
    tt_error err;
    tt_action a;
    int rc = tt_action_parse(g, s, text, &a, &err);
    rc = rc ? rc : tt_apply(g, s, a, NULL, &err);
    if (tt_sanity(g, s, &err) != TT_OK) /* after every apply, refused or not */
        fail_msg("%s: %s", text, err.msg);
    return rc;
}

/* The structure, hand and decks of a seat, as instance texts. */
static void seat_text(const tt_game *g, inwo_state *s, int p, char *out, size_t n)
{
    const inwo_content *c = content(g);
    size_t at = (size_t)snprintf(out, n, "%c:", 'A' + p);
    for (int k = 0; k < INWO_NODES_MAX; k++)
        if (s->node[k].card != INWO_NONE && INWO_SEAT(s->node[k].geo) == p) {
            char id[32];
            inwo_instance_text(c, s->node[k].card, id, sizeof id);
            at += (size_t)snprintf(out + at, n - at, " %s@%d,%d/r%d", id, s->node[k].x,
                                   s->node[k].y, INWO_ROT(s->node[k].geo));
        }
    int len;
    const uint16_t *hand = inwo_pile(s, p, Z_HAND, &len);
    at += (size_t)snprintf(out + at, n - at, " | hand");
    for (int i = 0; i < len; i++) {
        char id[32];
        inwo_instance_text(c, hand[i], id, sizeof id);
        at += (size_t)snprintf(out + at, n - at, " %s", id);
    }
    snprintf(out + at, n - at, " | decks %d+%d", s->npile[p][Z_PLOT_DECK],
             s->npile[p][Z_GROUP_DECK]);
}

/* INWO-3.6: duplicates are set aside and chosen again, avoiding every
 * card_id chosen before, until each lead is unique; then 3.7 and 3.8. */
/* The result of the choices below with seed 7: structures (card@x,y/rot),
 * hands bottom first, Plot and Group deck sizes; and the first player. */
#define EXPECT_A                                                                                   \
    "A: A:I01#1@0,0/r0 A:G07#1@0,1/r0 | hand A:PL27#1 A:PL10#1 A:PL40#1 A:R04#1 A:G33#1 "          \
    "A:G36#1 A:G09#1 A:G01#1 A:R08#1 | decks 24+10"
#define EXPECT_B                                                                                   \
    "B: B:I02#1@0,0/r0 B:G29#1@0,1/r0 | hand B:PL28#1 B:PL16#1 B:PL02#1 B:G22#1 B:R02#1 "          \
    "B:G25#1 B:G27#1 B:G10#1 B:G38#1 | decks 24+10"
#define EXPECT_C                                                                                   \
    "C: C:I03#1@0,0/r0 C:G28#1@0,1/r0 | hand C:PL39#2 C:PL27#1 C:PL46#1 C:G30#1 C:G34#1 "          \
    "C:R09#1 C:G20#1 C:G06#1 C:R03#1 | decks 24+10"
#define EXPECT_D                                                                                   \
    "D: D:I04#1@0,0/r0 D:G05#1@0,1/r3 | hand D:PL46#1 D:PL47#2 D:PL36#1 D:G31#1 D:G37#1 "          \
    "D:G18#1 D:G41#1 D:G39#1 D:G14#1 | decks 24+10"
#define EXPECT_FIRST 2 /* C rolled highest */
static void test_INWO_3_6_leads_and_setup_for_a_seed(void **state)
{
    (void)state;
    tt_game *g = load("players=4");
    inwo_state *s = malloc(tt_state_size(g));
    tt_state_init(g, (tt_state *)s, 7);
    assert_int_equal(tt_state_size(g), inwo_state_size(4));
    for (int p = 0; p < 4; p++) { /* INWO-3.3–3.5 */
        assert_int_equal(s->npile[p][Z_HAND], 3);
        assert_int_equal(s->npile[p][Z_PLOT_DECK], 24);
        assert_int_equal(s->npile[p][Z_GROUP_DECK], 17);
        assert_int_equal(s->card[p * INWO_DECK_CARDS].zone, Z_STRUCTURE);
    }
    /* first pass: A and D both choose Cobalt Republic */
    assert_int_equal(tt_to_move(g, (tt_state *)s), 0);
    assert_int_equal(lead_text(g, (tt_state *)s, "lead A:G02#1"), TT_OK);
    assert_int_equal(tt_to_move(g, (tt_state *)s), 1);
    assert_int_equal(lead_text(g, (tt_state *)s, "lead G29"), TT_OK); /* B:G29#1 */
    assert_int_equal(lead_text(g, (tt_state *)s, "lead C:G28#1"), TT_OK);
    assert_int_equal(lead_text(g, (tt_state *)s, "lead D:G02#1"), TT_OK);
    assert_int_equal(s->point, PT_LEAD);
    assert_int_equal(s->card[3 * INWO_DECK_CARDS + 1].zone, Z_SETASIDE);
    /* second pass: only A and D; G02, G28 and G29 are no longer offered */
    assert_int_equal(tt_to_move(g, (tt_state *)s), 0);
    tt_action legal[INWO_MAX_ACTIONS];
    int n = tt_legal(g, (tt_state *)s, legal);
    assert_int_equal(n, 11); /* A's 14 Group card_ids less G02, G28, G29 */
    tt_error err;
    tt_action a;
    assert_int_equal(tt_action_parse(g, (tt_state *)s, "lead A:G29#2", &a, &err), TT_OK);
    assert_int_equal(tt_apply(g, (tt_state *)s, a, NULL, &err), TT_EILLEGAL);
    assert_string_equal(err.msg, "G29 was chosen before; choose another card_id");
    assert_string_equal(err.rule, "INWO-3.6");
    assert_int_equal(tt_action_parse(g, (tt_state *)s, "lead A:R04#1", &a, &err), TT_OK);
    assert_int_equal(tt_apply(g, (tt_state *)s, a, NULL, &err), TT_EILLEGAL);
    assert_string_equal(err.msg, "R04 is a Resource; a lead is a Group");
    assert_int_equal(tt_action_parse(g, (tt_state *)s, "lead B:G04#1", &a, &err), TT_OK);
    assert_int_equal(tt_apply(g, (tt_state *)s, a, NULL, &err), TT_EILLEGAL);
    assert_string_equal(err.msg, "a lead is a Group card of your own Group deck");
    assert_int_equal(lead_text(g, (tt_state *)s, "lead A:G11#1"), TT_OK);
    assert_int_equal(tt_to_move(g, (tt_state *)s), 3);
    assert_int_equal(lead_text(g, (tt_state *)s, "lead D:G11#1"), TT_OK);
    /* third pass */
    assert_int_equal(lead_text(g, (tt_state *)s, "lead A:G07#1"), TT_OK);
    assert_int_equal(lead_text(g, (tt_state *)s, "lead D:G05#1"), TT_OK);
    /* INWO-3.6–3.8 done: the first turn's upkeep */
    assert_int_equal(s->point, PT_UPKEEP);
    assert_int_equal(s->round, 1);
    char got[4][512];
    for (int p = 0; p < 4; p++) {
        seat_text(g, s, p, got[p], sizeof got[p]);
    }
    /* G05 comes in from W: turned three quarters so W faces S (INWO-2.11.4) */
    assert_string_equal(got[0], EXPECT_A);
    assert_string_equal(got[1], EXPECT_B);
    assert_string_equal(got[2], EXPECT_C);
    assert_string_equal(got[3], EXPECT_D);
    assert_int_equal(s->first, EXPECT_FIRST);
    assert_int_equal(s->active, EXPECT_FIRST);
    for (int p = 0; p < 4; p++) { /* 3 Plots and 6 Groups; the set-aside cards back */
        assert_int_equal(s->npile[p][Z_HAND], 9);
        assert_int_equal(s->npile[p][Z_GROUP_DECK], 10);
    }
    for (int i = 0; i < 4 * INWO_DECK_CARDS; i++)
        assert_int_not_equal(s->card[i].zone, Z_SETASIDE);
    /* INWO-7.10: a hand card is seen by its holder, a deck card by nobody */
    int len;
    const uint16_t *hand = inwo_pile(s, 2, Z_HAND, &len);
    assert_int_equal(s->card[hand[0]].seen_by, 1u << 2);
    const uint16_t *deck = inwo_pile(s, 2, Z_GROUP_DECK, &len);
    assert_int_equal(s->card[deck[0]].seen_by, 0);
    /* the first turn's upkeep round: a lead is no longer offered */
    assert_int_equal(tt_apply(g, (tt_state *)s, INWO_A_LEAD | 1, NULL, &err), TT_EILLEGAL);
    assert_string_equal(err.msg, "that is not offered at this point");
    free(s);
    tt_game_free(g);
}

/* A seat with no eligible Group left has no lead (INWO-3.6), and setup goes on. */
static void test_INWO_3_6_no_lead_left(void **state)
{
    (void)state;
    /* a deck whose only Group is G01 */
    const char *path = TT_BINARY_DIR "/inwo_one_group.json";
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "{\"illuminati\": \"I02\", \"group_deck\": {\"G01\": 1, \"R01\": 16},"
               " \"plot_deck\": {\"PL01\": 27}}\n");
    fclose(f);
    char params[512];
    snprintf(params, sizeof params, "players=2 p1=%s", path);
    tt_game *g = load(params);
    inwo_state *s = malloc(tt_state_size(g));
    tt_state_init(g, (tt_state *)s, 3);
    assert_int_equal(lead_text(g, (tt_state *)s, "lead A:G01#1"), TT_OK);
    assert_int_equal(lead_text(g, (tt_state *)s, "lead B:G01#1"), TT_OK);
    /* both set aside; A picks again, B has nothing left */
    assert_int_equal(tt_to_move(g, (tt_state *)s), 0);
    assert_int_equal(lead_text(g, (tt_state *)s, "lead A:G02#1"), TT_OK);
    assert_int_equal(s->point, PT_UPKEEP);
    int puppets[2] = {0, 0};
    for (int k = 0; k < INWO_NODES_MAX; k++)
        if (s->node[k].card != INWO_NONE && s->node[k].master != INWO_NO_NODE)
            puppets[INWO_SEAT(s->node[k].geo)]++;
    assert_int_equal(puppets[0], 1);
    assert_int_equal(puppets[1], 0);
    free(s);
    tt_game_free(g);
    remove(path);
}

/* INWO-8.2: every shuffle, draw and die of setup is an event; a lead choice
 * is shown to its chooser only until all have chosen (INWO-3.6, 7.10). */
static void test_INWO_8_2_setup_events(void **state)
{
    (void)state;
    tt_game *g = load("players=2");
    tt_state *s = malloc(tt_state_size(g));
    tt_state_init(g, s, 5);
    tt_event buf[64];
    tt_events ev = {buf, 0, 64, 0};
    tt_action a;
    assert_int_equal(tt_action_parse(g, s, "lead A:G01#1", &a, NULL), TT_OK);
    assert_int_equal(tt_apply(g, s, a, &ev, NULL), TT_OK);
    char text[128];
    assert_int_equal(ev.n, 1);
    tt_event_text(g, &ev.ev[0], 0, text, sizeof text);
    assert_string_equal(text, "A chooses his lead: A:G01#1");
    tt_event_text(g, &ev.ev[0], 1, text, sizeof text);
    assert_string_equal(text, "A chooses his lead");
    ev.n = 0;
    assert_int_equal(tt_action_parse(g, s, "lead B:G04#1", &a, NULL), TT_OK);
    assert_int_equal(tt_apply(g, s, a, &ev, NULL), TT_OK);
    /* B's choice, two reveals, per seat a shuffle and 6 draws, the set-aside
     * shuffles, at least one roll each, the first player and his turn */
    int count[INWO_EV_END + 1] = {0};
    for (int i = 0; i < ev.n; i++)
        count[ev.ev[i].type]++;
    assert_int_equal(count[INWO_EV_CHOSEN], 1);
    assert_int_equal(count[INWO_EV_LEAD], 2);
    assert_int_equal(count[INWO_EV_SHUFFLE], 4);
    assert_int_equal(count[INWO_EV_DRAW], 12);
    assert_true(count[INWO_EV_ROLL] >= 2 && count[INWO_EV_ROLL] % 2 == 0);
    assert_int_equal(count[INWO_EV_FIRST], 1);
    /* then the first turn begins at its upkeep round (INWO-4.2.1) */
    assert_int_equal(ev.ev[ev.n - 3].type, INWO_EV_FIRST);
    assert_int_equal(ev.ev[ev.n - 2].type, INWO_EV_TURN);
    assert_int_equal(ev.ev[ev.n - 1].type, INWO_EV_STEP);
    assert_int_equal(ev.ev[ev.n - 1].a, PT_UPKEEP);
    tt_event_text(g, &ev.ev[1], -2, text, sizeof text);
    assert_string_equal(text, "A's lead is A:G01#1");
    /* a draw is seen by the drawer only */
    for (int i = 0; i < ev.n; i++)
        if (ev.ev[i].type == INWO_EV_DRAW && ev.ev[i].player == 1) {
            assert_int_equal(ev.ev[i].seen, TT_SEEN(1));
            tt_event_text(g, &ev.ev[i], 0, text, sizeof text);
            assert_string_equal(text, "B draws a card from his Group deck");
            break;
        }
    free(s);
    tt_game_free(g);
}

/* The sanity checker sees a card in two places, a shared cell and a hand card
 * its holder does not know. */
static void test_INWO_sanity_catches_broken_states(void **state)
{
    (void)state;
    tt_game *g = load("players=3");
    inwo_state *s = malloc(tt_state_size(g));
    tt_error err;
    tt_state_init(g, (tt_state *)s, 11);
    assert_int_equal(tt_sanity(g, (tt_state *)s, &err), TT_OK);
    int len;
    const uint16_t *hand = inwo_pile(s, 1, Z_HAND, &len);
    s->card[hand[0]].seen_by = 1u << 0;
    assert_int_equal(tt_sanity(g, (tt_state *)s, &err), TT_ESTATE);
    tt_state_init(g, (tt_state *)s, 11);
    s->card[hand[0]].zone = Z_DISCARD;
    assert_int_equal(tt_sanity(g, (tt_state *)s, &err), TT_ESTATE);
    assert_non_null(strstr(err.msg, "a pile card whose record names another place"));
    tt_state_init(g, (tt_state *)s, 11);
    s->node[1].x = 0, s->node[1].y = 0, s->node[1].geo = INWO_GEO(0, 0, 0);
    s->card[s->node[1].card].holder = 0;
    assert_int_equal(tt_sanity(g, (tt_state *)s, &err), TT_ESTATE);
    assert_non_null(strstr(err.msg, "two cards in one cell (INWO-2.11.6)"));
    free(s);
    tt_game_free(g);
}

/* Six seats: E and F play decks A and B again, as rival factions of the same
 * Illuminati (INWO-10.2.1); the Basic Goal is 10 (INWO-3.10). Every lead
 * listed formats and parses back to itself (INWO-5.0.1), and random leads
 * always finish setup with unique lead card_ids. */
static void test_INWO_3_6_six_players(void **state)
{
    (void)state;
    tt_game *g = load("players=6");
    const inwo_content *c = content(g);
    assert_int_equal(c->opt.basic_goal, 10);
    assert_int_equal(tt_state_size(g), inwo_state_size(6));
    assert_int_equal(c->deck[4].def[0], c->deck[0].def[0]);
    assert_int_equal(c->deck[5].def[0], c->deck[1].def[0]);
    inwo_state *s = malloc(tt_state_size(g));
    tt_action legal[INWO_MAX_ACTIONS];
    for (uint64_t seed = 1; seed <= 20; seed++) {
        tt_state_init(g, (tt_state *)s, seed);
        tt_rng pick;
        tt_rng_seed(&pick, seed);
        int steps = 0;
        for (int n; s->point == PT_LEAD && (n = tt_legal(g, (tt_state *)s, legal)) > 0; steps++) {
            for (int i = 0; i < n; i++) {
                char text[64];
                tt_action back;
                assert_int_equal(tt_action_format(g, (tt_state *)s, legal[i], text, sizeof text),
                                 TT_OK);
                assert_int_equal(tt_action_parse(g, (tt_state *)s, text, &back, NULL), TT_OK);
                assert_int_equal(back, legal[i]);
            }
            tt_action a = legal[tt_rng_below(&pick, (uint32_t)n)];
            assert_int_equal(tt_apply(g, (tt_state *)s, a, NULL, NULL), TT_OK);
            assert_int_equal(tt_sanity(g, (tt_state *)s, NULL), TT_OK);
        }
        assert_int_equal(s->point, PT_UPKEEP);
        assert_true(steps >= 6);
        int lead_def[INWO_MAX_PLAYERS], nlead = 0;
        for (int k = 0; k < INWO_NODES_MAX; k++)
            if (s->node[k].card != INWO_NONE && s->node[k].master != INWO_NO_NODE) {
                int card = s->node[k].card;
                lead_def[nlead] = c->deck[inwo_owner(card)].def[card % INWO_DECK_CARDS];
                for (int j = 0; j < nlead; j++)
                    assert_int_not_equal(lead_def[j], lead_def[nlead]);
                nlead++;
            }
        assert_int_equal(nlead, 6);
    }
    free(s);
    tt_game_free(g);
}

/* deck new writes a sample that validates; deck list names the 45
 * instances in the engine's order (INWO-5.0.3). */
static void test_INWO_12_5_deck_tools(void **state)
{
    (void)state;
    char *text = NULL;
    tt_error err;
    assert_int_equal(inwo_deck_new("sample=deck_d", &text, &err), TT_OK);
    inwo_content *c = inwo_content_new(NULL, &err);
    tt_diags *d = calloc(1, sizeof *d);
    inwo_deck deck;
    assert_int_equal(inwo_deck_check(c, text, strlen(text), "new.json", d, &deck), 1);
    assert_int_equal(d->n, 0);
    assert_string_equal(deck.name, "Crown of Ruin");
    free(text);
    assert_int_equal(inwo_deck_new("sample=deck_e", &text, &err), TT_EARG);
    assert_string_equal(err.msg, "--sample is deck_a, deck_b, deck_c or deck_d, not 'deck_e'");
    assert_int_equal(inwo_deck_list("deck_d", NULL, &text, &err), TT_OK);
    assert_non_null(strstr(text, " 1 I04#1 illuminati The Hollow Crown (starting)\n"
                                 " 2 G02#1 group      Cobalt Republic (Group deck)\n"));
    assert_non_null(strstr(text, "\n19 I01#1 illuminati The Obsidian Lodge (Plot deck)\n"));
    assert_non_null(strstr(text, "\n45 PL47#2 plot       Sabotage (Plot deck)\n"));
    free(text);
    free(d);
    free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_INWO_12_1_sample_set),
        cmocka_unit_test(test_INWO_2_4_illuminati_fields),
        cmocka_unit_test(test_INWO_2_5_group_fields),
        cmocka_unit_test(test_INWO_2_7_plot_fields),
        cmocka_unit_test(test_INWO_2_content_refusals),
        cmocka_unit_test(test_INWO_2_10_7_unwritten_forms_refused),
        cmocka_unit_test(test_INWO_12_5_sample_decks),
        cmocka_unit_test(test_INWO_3_1_deck_size),
        cmocka_unit_test(test_INWO_2_1_3_deck_backs),
        cmocka_unit_test(test_INWO_12_2_every_problem_at_once),
        cmocka_unit_test(test_INWO_3_10_basic_goal),
        cmocka_unit_test(test_INWO_3_6_leads_and_setup_for_a_seed),
        cmocka_unit_test(test_INWO_3_6_no_lead_left),
        cmocka_unit_test(test_INWO_3_6_six_players),
        cmocka_unit_test(test_INWO_12_5_deck_tools),
        cmocka_unit_test(test_INWO_8_2_setup_events),
        cmocka_unit_test(test_INWO_sanity_catches_broken_states),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
