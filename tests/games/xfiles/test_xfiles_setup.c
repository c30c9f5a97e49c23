/* The X-Files: the content set, the deck rules of EX-1 (XF-3.2, 3.3), the
 * game options refused at creation (XF-1.4, 9.11, EX-29) and setup (XF-3.4,
 * EX-2) with its exact result for a seed.
 *
 * Decks are checked against the sample content as `tabletop deck validate`
 * checks them, and each test asserts the exact problems; the bad files of
 * tests/data/bad/xfiles pin one message per deck rule besides. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/rules.h"
#include "games/xfiles/xfiles.h"
#include "tabletop/tt.h"

/* DECK_A's Bureau Deck (section 11.6), for declarations with another team */
#define DECK_A_CARDS                                                                               \
    "\"cards\": {\"S01\":2,\"S02\":2,\"S03\":2,\"S04\":2,\"S06\":2,\"S07\":2,\"S08\":2,"           \
    "\"S10\":2,\"W01\":2,\"W03\":2,\"W05\":1,\"W06\":1,\"E01\":2,\"E02\":1,\"E03\":2,\"E05\":1,"   \
    "\"E07\":2,\"E08\":1,\"E09\":1,\"E10\":1,\"E12\":1,\"E13\":1,\"Q01\":2,\"Q02\":2,\"Q03\":1,"   \
    "\"Q06\":1,\"C01\":2,\"C02\":2,\"C05\":1,\"D01\":2,\"D02\":2,\"D03\":1,\"D04\":1,\"B01\":2,"   \
    "\"B02\":2,\"B04\":1,\"A10\":2,\"A11\":1}"

/* The problems of a declaration, "line: message (rule)" each, one a line. */
static void check_text(const char *json, char *out, size_t n)
{
    tt_error err;
    xf_content *c = xf_content_new(NULL, &err);
    assert_non_null(c);
    tt_diags *d = calloc(1, sizeof *d);
    assert_non_null(d);
    xf_deck_check(c, &c->opt, json, strlen(json), "deck.json", d, NULL);
    out[0] = 0;
    size_t at = 0;
    for (int i = 0; i < d->n && at < n; i++) {
        char line[512];
        at += (size_t)snprintf(out + at, n - at, "%s\n", tt_diag_text(&d->d[i], line, sizeof line));
    }
    free(d);
    free(c);
}

static void expect(const char *json, const char *want)
{
    char got[4096];
    check_text(json, got, sizeof got);
    assert_string_equal(got, want);
}

static void test_sample_content(void **state)
{
    (void)state;
    tt_error err;
    xf_content *c = xf_content_new(NULL, &err);
    assert_non_null(c);
    assert_int_equal(c->ndefs, 79); /* XF-2.18.1: the sample reaches 79 definitions */
    assert_int_equal(c->ncatalogue, 16);
    const xf_def *a01 = &c->def[xf_find_def(c, "A01")], *a11 = &c->def[xf_find_def(c, "A11")];
    assert_int_equal(a01->identity, a11->identity); /* both ROWAN_VALE */
    assert_int_equal(a01->ability.op, AB_RES_PURCHASE_ONLY);
    assert_int_equal(a01->skill[SK_ALIEN_INVESTIGATION], 4);
    const xf_def *d02 = &c->def[xf_find_def(c, "D02")];
    assert_int_equal(d02->lrc, XF_NA);
    const xf_def *e09 = &c->def[xf_find_def(c, "E09")];
    assert_int_equal(e09->nmodes, 2);
    assert_int_equal(e09->mode[0].target, TG_SITE);
    assert_int_equal(e09->mode[0].effect[0].op, OP_CHANGE_KEYWORD);
    assert_int_equal(e09->mode[1].effect[0].op, OP_DRAW);
    const xf_def *b04 = &c->def[xf_find_def(c, "B04")];
    assert_int_equal(b04->nactivators, 3);
    assert_int_equal(b04->activator[2].alt[0].kind, AT_WORD);
    assert_int_equal(b04->activator[2].alt[0].arg, SK_OBSERVATION); /* the skill's own word */
    const xf_def *s07 = &c->def[xf_find_def(c, "S07")];
    assert_int_equal(s07->has_focused, 1);
    assert_int_equal(s07->focused_min, 4);
    free(c);
}

/* EX-1: starting teams and decks, checked at load (XF-3.2, XF-3.3). */
static void test_EX_1_starting_team_and_deck_legality(void **state)
{
    (void)state;
    expect("{\"starting_agents\": [\"A01\", \"A02\", \"A03\", \"A04\"], " DECK_A_CARDS "}", "");
    expect("{\"starting_agents\": [\"A01\", \"A02\", \"A05\", \"A09\"], " DECK_A_CARDS "}",
           "deck.json:1: the starting team costs 22; at most 20 (team_cost_limit) (XF-3.3.1)\n");
    expect("{\"starting_agents\": [\"A01\", \"A11\", \"A03\"], " DECK_A_CARDS "}",
           "deck.json:1: A01 and A11 are the same Agent; a starting team holds each Agent once "
           "(XF-3.3.1)\n");
    expect("{\"starting_agents\": [\"A01\", \"A02\"], " DECK_A_CARDS "}",
           "deck.json:1: the starting team has 2 Agents; it needs at least 3 (team_min_agents) "
           "(XF-3.3.1)\n");
    /* DECK_B's team holds A03 too: each player has his own copy (XF-3.3.2) */
    expect("{\"starting_agents\": [\"A05\", \"A06\", \"A07\", \"A09\", \"A03\"], " DECK_A_CARDS "}",
           "");
}

/* XF-3.2.4: a KILLER card in a deck, with content that has one. */
static void test_XF_3_2_4_killer_cards_refused(void **state)
{
    (void)state;
    static const char content[] =
        "{\"module\": \"xfiles\", \"xfiles\": [{\"id\":\"XF01\",\"name\":\"One\","
        "\"affiliation\":\"OCCULT\",\"motive\":\"IDEOLOGY\",\"method\":\"POSSESSION\","
        "\"result\":\"INSANITY\"}], \"events\": [{\"id\":\"K01\",\"type\":\"EVENT\","
        "\"name\":\"Kill\",\"cost\":{\"n\":1,\"pool\":\"CP\"},\"keywords\":[\"EVENT\","
        "\"KILLER\"],\"activators\":[\"CONSPIRACY\"],\"target\":\"NONE\",\"effects\":[{\"op\":"
        "\"DRAW\",\"n\":1}]}], \"agents\": [{\"id\":\"A01\",\"type\":\"AGENT\",\"name\":\"A\","
        "\"identity\":\"A\",\"cost\":{\"n\":1,\"pool\":\"RP\"},\"keywords\":[\"AGENT\"],"
        "\"health\":3,\"res\":1,\"lrc\":1,\"crc\":1,\"skills\":{},\"ability\":null}]}";
    static const char deck[] = "{\"starting_agents\": [\"A01\"],\n \"cards\": {\"K01\": 1}}";
    tt_diags *d = calloc(1, sizeof *d);
    xf_content *c = calloc(1, sizeof *c);
    assert_int_equal(xf_content_load(c, content, strlen(content), "c.json", d), 0);
    xf_options_default(&c->opt);
    c->opt.deck_min = 1;
    c->opt.team_min_agents = 1;
    xf_deck_check(c, &c->opt, deck, strlen(deck), "deck.json", d, NULL);
    assert_int_equal(d->n, 1);
    char line[512];
    assert_string_equal(tt_diag_text(&d->d[0], line, sizeof line),
                        "deck.json:2: K01 has keyword KILLER; KILLER cards are not played "
                        "(opt_killer) (XF-3.2.4)");
    free(c);
    free(d);
}

/* The loader refuses malformed content, every problem with its line. */
static void test_XF_2_content_refusals(void **state)
{
    (void)state;
    static const char content[] =
        "{\"module\": \"xfiles\",\n\"xfiles\": [],\n\"events\": [{\"id\":\"E01\",\"type\":"
        "\"EVENT\",\"name\":\"E\",\"cost\":{\"n\":21,\"pool\":\"RP\"},\"keywords\":[\"EVENT\"],"
        "\"activators\":[\"ACTIVE\"],\"target\":\"NONE\",\"effects\":[{\"op\":\"GAIN\","
        "\"pool\":\"ANY\",\"n\":1}]}]}";
    tt_diags *d = calloc(1, sizeof *d);
    xf_content *c = calloc(1, sizeof *c);
    assert_int_equal(xf_content_load(c, content, strlen(content), "c.json", d), -1);
    char got[2048] = "", line[512];
    for (int i = 0; i < d->n; i++)
        strcat(strcat(got, tt_diag_text(&d->d[i], line, sizeof line)), "\n");
    assert_string_equal(got, "c.json:3: field 'n' is 21, outside 0..20 (XF-2.1.6)\n"
                             "c.json:3: E01: GAIN names the pool RP or CP (XF-2.14.1)\n"
                             "c.json:1: the content set has no X-File (XF-2.3.2)\n");
    free(c);
    free(d);
}

/* XF-9.11.1, EX-29: options refused at creation, with the rule. */
static void test_XF_1_4_options_refused_at_creation(void **state)
{
    (void)state;
    tt_game *g = NULL;
    tt_error err;
    assert_int_equal(tt_game_new("xfiles", "opt_killer=1", &g, &err), TT_EARG);
    assert_string_equal(err.rule, "XF-9.11.1");
    assert_int_equal(tt_game_new("xfiles", "max_turns=0", &g, &err), TT_EARG);
    assert_string_equal(err.msg, "max_turns is 1..1000, not '0'");
    assert_int_equal(tt_game_new("xfiles", "players=5", &g, &err), TT_EARG);
    assert_null(g);
}

static tt_state *fresh(tt_game *g, uint64_t seed)
{
    tt_state *s = malloc(tt_state_size(g));
    assert_non_null(s);
    tt_state_init(g, s, seed);
    return s;
}

static void play(tt_game *g, tt_state *s, const char *text)
{
    tt_error err;
    tt_action a;
    if (tt_action_parse(g, s, text, &a, &err) != TT_OK || tt_apply(g, s, a, NULL, &err) != TT_OK)
        fail_msg("%s: %s", text, err.msg);
}

/* The hand of seat p, card ids in pile order. */
static void hand_ids(const tt_game *g, const tt_state *st, int p, char *out, size_t n)
{
    const xf_content *c = xf_content_of(g);
    const xf_player *pl = &((const xf_state *)st)->pl[p];
    int start = pl->n[Z_DECK];
    out[0] = 0;
    for (int k = 0; k < pl->n[Z_HAND]; k++)
        snprintf(out + strlen(out), n - strlen(out), "%s%s", k ? " " : "",
                 xf_inst_def(c, p, pl->cards[start + k])->id);
}

/* EX-1's setup lines and EX-2 (XF-3.4): the exact result for seed 1. */
static void test_EX_2_initial_state(void **state)
{
    (void)state;
    tt_game *g;
    tt_error err;
    assert_int_equal(tt_game_new("xfiles", "", &g, &err), TT_OK);
    assert_int_equal(tt_state_size(g), 3264);
    tt_state *st = fresh(g, 1);
    const xf_state *s = (const xf_state *)st;
    assert_int_equal(tt_to_move(g, st), 0);
    tt_action a;
    assert_int_equal(tt_action_parse(g, st, "xfile XF17", &a, &err), TT_EILLEGAL);
    assert_string_equal(err.rule, "XF-2.3.2");
    play(g, st, "xfile XF01");
    assert_int_equal(s->pl[0].n[Z_HAND], 0); /* no card before every player has chosen */
    char *v = tt_view_json(g, st, 1);
    assert_non_null(strstr(v, "{\"seat\":\"p0\",\"chosen\":true,\"rp\":0")); /* no X-File */
    free(v);
    play(g, st, "xfile XF01"); /* XF-3.4.2: the same X-File is allowed */
    for (int p = 0; p < 2; p++) {
        assert_int_equal(s->pl[p].rp, 5);
        assert_int_equal(s->pl[p].cp, 5);
        assert_int_equal(s->pl[p].n[Z_HAND], 7);
        assert_int_equal(s->pl[p].n[Z_DISCARD], 0);
        assert_int_equal(s->pl[p].xfile, 0);
    }
    assert_int_equal(s->pl[0].n[Z_DECK], 53);
    assert_int_equal(s->pl[1].n[Z_DECK], 54);
    char hand[256];
    hand_ids(g, st, 0, hand, sizeof hand);
    assert_string_equal(hand, "Q02 A10 S03 Q06 E05 E07 C01");
    hand_ids(g, st, 1, hand, sizeof hand);
    assert_string_equal(hand, "W02 B02 S05 D03 B01 E07 S04");
    v = tt_view_json(g, st, 0);
    assert_non_null(strstr(v, "\"agents\":[{\"agent\":\"p0:A01#1\",\"section\":\"BUREAU\","
                              "\"damage\":0,\"health\":5,\"team\":0,\"attached\":[]},"
                              "{\"agent\":\"p0:A02#1\""));
    assert_non_null(strstr(v, "{\"agent\":\"p1:A03#1\",\"section\":\"BUREAU\",\"damage\":0,"
                              "\"health\":3,\"team\":0,\"attached\":[]}]"));
    free(v);
    assert_int_equal(s->step, ST_FIRST);
    assert_int_equal(tt_to_move(g, st), 0); /* the coin picked p0 for seed 1 */
    assert_int_equal(tt_action_parse(g, st, "first p2", &a, &err), TT_EPARSE);
    play(g, st, "first p1");
    assert_int_equal(s->active, 1);
    assert_int_equal(s->head.turn, 1);
    assert_int_equal(s->step, ST_B1);
    assert_int_equal(tt_sanity(g, st, &err), TT_OK);
    /* setup's actions are over */
    assert_int_equal(tt_apply(g, st, XF_ACTION(A_XFILE, 0), NULL, &err), TT_EILLEGAL);
    assert_string_equal(err.rule, "XF-3.4.1");
    free(st);
    tt_game_free(g);
}

/* XF-6.10: determinizing for a player leaves his view as it was, and the
 * opponent's X-File stays in the catalogue. */
static void test_XF_6_10_determinize_keeps_the_view(void **state)
{
    (void)state;
    tt_game *g;
    tt_error err;
    assert_int_equal(tt_game_new("xfiles", "players=3 p2=deck_b", &g, &err), TT_OK);
    tt_state *st = fresh(g, 7), *d = malloc(tt_state_size(g));
    play(g, st, "xfile XF02");
    play(g, st, "xfile XF03");
    play(g, st, "xfile XF04");
    for (int viewer = -2; viewer < 3; viewer++) {
        tt_state_copy(g, d, st);
        tt_determinize(g, d, viewer, 99);
        char *a = tt_view_json(g, st, viewer), *b = tt_view_json(g, d, viewer);
        assert_string_equal(a, b);
        free(a);
        free(b);
        assert_int_equal(tt_sanity(g, d, &err), TT_OK);
    }
    free(d);
    free(st);
    tt_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sample_content),
        cmocka_unit_test(test_EX_1_starting_team_and_deck_legality),
        cmocka_unit_test(test_XF_3_2_4_killer_cards_refused),
        cmocka_unit_test(test_XF_2_content_refusals),
        cmocka_unit_test(test_XF_1_4_options_refused_at_creation),
        cmocka_unit_test(test_EX_2_initial_state),
        cmocka_unit_test(test_XF_6_10_determinize_keeps_the_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
