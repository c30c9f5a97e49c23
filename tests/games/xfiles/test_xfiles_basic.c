/* Basic mode (XF-9.12.1, mode=BASIC): each item of the rule, its exact
 * effect and the refusal that names it. p0 plays DECK_A, p1 the sample
 * Basic deck deck_b_basic (DECK_B with a starting team of 4). */
#include "xf_fixture.h"

#include "core/diag.h"

/* A Basic game after the X-File choices, hands rigged; nobody has begun. */
static fx basic(const char *hand_a, const char *hand_b)
{
    fx f = game("mode=BASIC");
    act(&f, "xfile XF01");
    act(&f, "xfile XF03");
    rig_hand(&f, 0, hand_a);
    rig_hand(&f, 1, hand_b);
    return f;
}

/* The problems xf_deck_check finds in a declaration under Basic mode, one
 * per line. */
static const char *basic_problems(const char *decl)
{
    static char got[2048];
    tt_error err;
    xf_content *c = xf_content_new(NULL, &err);
    tt_diags *d = calloc(1, sizeof *d);
    assert_non_null(c);
    assert_non_null(d);
    xf_options_basic(&c->opt);
    assert_int_equal(xf_deck_check(c, &c->opt, decl, strlen(decl), "d.json", d, NULL), 1);
    char line[512];
    got[0] = 0;
    for (int i = 0; i < d->n; i++)
        strcat(strcat(got, tt_diag_text(&d->d[i], line, sizeof line)), "\n");
    free(d);
    free(c);
    return got;
}

/* Item 1: Agents and advanced_only cards leave the decks at load. */
static void test_XF_9_12_1_item1_removed_at_load(void **state)
{
    (void)state;
    fx f = game("mode=BASIC");
    for (int p = 0; p < 2; p++)
        for (int i = f.c->deck[p].nteam; i < f.c->deck[p].ncards; i++) {
            const xf_def *d = xf_inst_def(f.c, p, i);
            if (d->type == TY_AGENT || d->advanced_only)
                fail_msg("p%d's deck holds %s", p, d->id);
        }
    /* DECK_A: 60 less A10 x2, A11, W05, E08, C01 x2, C02 x2, C05 */
    assert_int_equal(f.c->deck[0].ncards - f.c->deck[0].nteam, 50);
    /* DECK_B: 61 less A08, W05, E04 x2, C01 x2, C02, C03, C04 x2 */
    assert_int_equal(f.c->deck[1].ncards - f.c->deck[1].nteam, 51);
    done_fx(&f);
    /* deck_min does not apply: 2 cards are a Basic deck */
    assert_string_equal(
        basic_problems("{\"starting_agents\": [\"A01\", \"A02\", \"A03\", \"A04\"],\n"
                       " \"cards\": {\"S01\": 2, \"A10\": 1, \"C01\": 2}}"),
        "");
}

/* Item 2: exactly 4 starting Agents, distinct, at any cost. */
static void test_XF_9_12_1_item2_starting_team(void **state)
{
    (void)state;
    assert_string_equal(
        basic_problems("{\"starting_agents\": [\"A01\", \"A02\", \"A03\", \"A04\", \"A05\"],\n"
                       " \"cards\": {\"S01\": 2}}"),
        "d.json:1: the starting team has 5 Agents; Basic mode takes exactly 4 (item 2) "
        "(XF-9.12.1)\n");
    assert_string_equal(basic_problems("{\"starting_agents\": [\"A01\", \"A11\", \"A03\"],\n"
                                       " \"cards\": {\"S01\": 2}}"),
                        "d.json:1: A01 and A11 are the same Agent; a starting team holds each "
                        "Agent once (XF-3.3.1)\n"
                        "d.json:1: the starting team has 3 Agents; Basic mode takes exactly 4 "
                        "(item 2) (XF-9.12.1)\n");
    /* cost 7+7+6+5 = 25 > team_cost_limit: no limit in Basic */
    assert_string_equal(
        basic_problems("{\"starting_agents\": [\"A01\", \"A02\", \"A05\", \"A10\"],\n"
                       " \"cards\": {\"S01\": 2}}"),
        "");
    /* the sample deck_b has a team of 5: refused, deck_b_basic plays */
    tt_game *g = NULL;
    tt_error err;
    assert_int_equal(tt_game_new("xfiles", "mode=BASIC p1=deck_b", &g, &err), TT_ECONTENT);
    assert_non_null(strstr(err.msg, "Basic mode takes exactly 4 (item 2)"));
    char *report = NULL;
    assert_int_equal(tt_validate_file_with("xfiles", TT_SOURCE_DIR "/data/xfiles/deck_b.json",
                                           "mode=BASIC", &report, &err),
                     TT_ECONTENT);
    assert_string_equal(report, TT_SOURCE_DIR "/data/xfiles/deck_b.json:2: the starting team has "
                                              "5 Agents; Basic mode takes exactly 4 (item 2) "
                                              "(XF-9.12.1)\n");
    free(report);
    assert_int_equal(tt_validate_file_with("xfiles", TT_SOURCE_DIR "/data/xfiles/deck_b.json", NULL,
                                           &report, &err),
                     TT_OK);
}

/* Item 3: no pools; costs ignored; nothing bought or sold. */
static void test_XF_9_12_1_item3_no_pools(void **state)
{
    (void)state;
    fx f = basic("S01 S02 S03 E01", "B02 B03 E07");
    for (int p = 0; p < 2; p++)
        assert_true(f.s->pl[p].rp == 0 && f.s->pl[p].cp == 0);
    act(&f, "first p0");
    refused(&f, "buy 1", "XF-9.12.1");
    refused(&f, "sell S01", "XF-9.12.1");
    idle_to(&f, 0, ST_C1);
    act(&f, "site S01"); /* costs 2 RP in the Advanced Game; p0 has none */
    assert_int_equal(f.s->pl[0].rp, 0);
    assert_string_equal(view_line(&f, 0, "p0 (you)"),
                        "p0 (you), X-File XF01: deck 40, hand 9; discard 0");
    done_fx(&f);
}

/* Item 4: 10 cards at setup, and back to 10 in every Briefing. */
static void test_XF_9_12_1_item4_hand_of_10(void **state)
{
    (void)state;
    fx f = game("mode=BASIC");
    act(&f, "xfile XF01");
    act(&f, "xfile XF03");
    assert_int_equal(f.s->pl[0].n[Z_HAND], 10);
    assert_int_equal(f.s->pl[1].n[Z_HAND], 10);
    rig_hand(&f, 0, "S01 S02 S03 S04");
    rig_hand(&f, 1, "S01");
    act(&f, "first p0");
    refused(&f, "freedraw yes", "XF-9.12.1");
    idle_to(&f, 0, ST_R1); /* B2 drew for both players */
    assert_int_equal(f.s->pl[0].n[Z_HAND], 10);
    assert_int_equal(f.s->pl[1].n[Z_HAND], 10);
    done_fx(&f);
}

/* Item 5: one Site per turn, no face-down placement. */
static void test_XF_9_12_1_item5_one_site(void **state)
{
    (void)state;
    fx f = basic("S01 S02 S03 E01", "B02 B03 E07");
    act(&f, "first p0");
    idle_to(&f, 0, ST_C1);
    act(&f, "site S01");
    refused(&f, "site S02", "XF-9.12.1");
    refused(&f, "facedown B02 p0:S01#1", "XF-9.12.1");
    act(&f, "done");
    /* C2, the opponents' placement, had no decision; nobody could play in C3 */
    assert_int_equal(f.s->step, ST_I1);
    assert_int_equal(f.s->pl[1].n[Z_FACEDOWN], 0);
    done_fx(&f);
}

/* From p0's first turn: S01 placed, the Team of A01 and A02 sent there and
 * its check open. */
static void open_check(fx *f)
{
    act(f, "first p0");
    idle_to(f, 0, ST_D1);
    act(f, "move p0:A01#1 FIELD");
    act(f, "move p0:A02#1 FIELD");
    act(f, "team FIELD p0:A01#1");
    act(f, "team FIELD p0:A02#1");
    act(f, "done");
    act(f, "done");
    idle_to(f, 0, ST_C1);
    act(f, "site S01");
    act(f, "done");
    idle_to(f, 0, ST_I2);
    act(f, "assign p0:S01#1 p0:A01#1");
    act(f, "done");
    act(f, "resolve p0:S01#1");
}

/* Item 6: at most 3 cards a player in the Investigation Phase. */
static void test_XF_9_12_1_item6_three_plays(void **state)
{
    (void)state;
    fx f = basic("S01 S02 S03", "B02 B02 B03 B03");
    open_check(&f);
    act(&f, "play B02");
    act(&f, "play B02");
    assert_int_equal(xf_basic_count(&f.s->pl[1]), 2);
    xf_basic_set(&f.s->pl[1], 3); /* as after a third play, p1 holding priority */
    refused(&f, "play B03", "XF-9.12.1");
    xf_basic_set(&f.s->pl[1], 2);
    act(&f, "play B03");
    /* no fourth: p1 passes by himself from then on (XF-4.3.5), the check
       ends and so does the phase, p1's last B03 in hand */
    assert_int_equal(f.s->step, ST_X2);
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:B03#1 p1:B02#2 p1:B02#1");
    assert_int_not_equal(find_in(&f, 1, Z_HAND, "B03"), -1);
    done_fx(&f);
}

/* Item 7: an Adversary sends one Agent of the Team, its player's choice,
 * to the Hospital and is discarded; abilities are ignored. */
static void test_XF_9_12_1_item7_adversary(void **state)
{
    (void)state;
    fx f = basic("S01 S02 S03", "D01 S01");
    open_check(&f);
    act(&f, "play D01");
    assert_string_equal(view_line(&f, 0, "  1. "), "  1. p1:D01#1 The Thing in the Culvert");
    char *json = tt_view_json(f.g, f.st, 0);
    assert_non_null(strstr(json, "\"mode\":\"BASIC\""));
    assert_null(strstr(json, "\"rp\""));
    assert_null(strstr(json, "paid_from"));
    free(json);
    act(&f, "pass");
    act(&f, "pass");
    assert_int_equal(f.s->decl.kind, A_ALLOCATE);
    assert_int_equal(f.s->nchecks, 1); /* the Site check alone: no Combat round */
    assert_int_equal(xf_to_move(f.g, f.st), 1);
    assert_string_equal(view_line(&f, 1, "To decide"),
                        "To decide: p1 (the Agent the Adversary sends to the Hospital "
                        "(XF-9.12.1 item 7))");
    refused(&f, "allocate p1:D01#1 p0:A02#1 2", "XF-9.12.1");
    act(&f, "allocate p1:D01#1 p0:A02#1");
    assert_int_equal(agent(&f, 0, "A02")->section, SEC_HOSPITAL);
    assert_int_equal(agent(&f, 0, "A02")->damage, 0);
    assert_int_equal(agent(&f, 0, "A01")->section, SEC_FIELD);
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:D01#1");
    assert_int_equal(f.s->combat.on, 0);
    done_fx(&f);
}

/* Item 7: abilities are ignored; A02's HEAL_OTHER would make step H3 a
 * decision with the damaged A01 in the same section. */
static void test_XF_9_12_1_item7_no_abilities(void **state)
{
    (void)state;
    fx f = basic("S01 S02 S03", "S01");
    agent(&f, 0, "A01")->damage = 2;
    act(&f, "first p0");
    while (f.s->step < ST_R1) {
        assert_int_not_equal(f.s->step, ST_H3);
        act(&f, "pass");
    }
    assert_int_equal(agent(&f, 0, "A01")->damage, 2);
    refused(&f, "ability p0:A02#1 p0:A01#1", "XF-9.12.1");
    done_fx(&f);
}

/* Item 8: the Hospital heals fully in the Healing Phase, whatever `heal`. */
static void test_XF_9_12_1_item8_full_healing(void **state)
{
    (void)state;
    fx f = basic("S01 S02 S03", "S01");
    to_section(&f, 0, "A01", SEC_HOSPITAL, 5);
    act(&f, "first p0");
    refused(&f, "healdecline p0:A01#1", "XF-9.12.1");
    idle_to(&f, 0, ST_R1);
    assert_int_equal(agent(&f, 0, "A01")->damage, 0);
    assert_int_equal(agent(&f, 0, "A01")->flags & AG_HEALED, 0);
    idle_to(&f, 0, ST_D1);
    act(&f, "move p0:A01#1 BUREAU"); /* it may leave in that turn's Deployment */
    done_fx(&f);
}

/* Item 9: up to 3 discards in the Debriefing, no hand limit. */
static void test_XF_9_12_1_item9_debriefing(void **state)
{
    (void)state;
    fx f = basic("S01 S02 S03", "S01");
    act(&f, "first p0");
    idle_to(&f, 0, ST_X2);
    assert_int_equal(f.s->pl[0].n[Z_HAND], 10);
    act(&f, "discard S01");
    act(&f, "discard S02");
    act(&f, "discard S03");
    refused(&f, "discard S04", "XF-9.12.1");
    act(&f, "done"); /* 7 cards; p1 holds 10 and may keep them */
    assert_int_equal(f.s->actor, 1);
    act(&f, "done");
    assert_int_equal(f.s->pl[1].n[Z_HAND], 10);
    assert_int_equal(f.s->active, 1);
    done_fx(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_XF_9_12_1_item1_removed_at_load),
        cmocka_unit_test(test_XF_9_12_1_item2_starting_team),
        cmocka_unit_test(test_XF_9_12_1_item3_no_pools),
        cmocka_unit_test(test_XF_9_12_1_item4_hand_of_10),
        cmocka_unit_test(test_XF_9_12_1_item5_one_site),
        cmocka_unit_test(test_XF_9_12_1_item6_three_plays),
        cmocka_unit_test(test_XF_9_12_1_item7_adversary),
        cmocka_unit_test(test_XF_9_12_1_item7_no_abilities),
        cmocka_unit_test(test_XF_9_12_1_item8_full_healing),
        cmocka_unit_test(test_XF_9_12_1_item9_debriefing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
