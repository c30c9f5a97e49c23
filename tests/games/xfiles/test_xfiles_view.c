/* The X-Files views: what each viewer is shown (XF-2.16.3, 6), exactly.
 *
 * The deduction a player is shown narrows exactly as the answers he receives
 * arrive (XF-6.7, 6.9), and is the set determinize draws from (XF-6.10);
 * the others read of the questions only what XF-6.7 lets them; the parts
 * of the picture a screen shows do not change when the state is
 * determinized for their viewer, so they tell nothing he may not know.
 * Fixture: xf_fixture.h. */
#include "tabletop/view.h"
#include "xf_fixture.h"

/* The part of the picture viewer reads now, as a string that lives until
 * the next call. */
static const char *part(fx *f, int viewer, int which)
{
    static char text[16384];
    char *p = tt_view_text_part(f->g, f->st, viewer, which);
    assert_non_null(p);
    assert_true(strlen(p) < sizeof text);
    strcpy(text, p);
    free(p);
    return text;
}

/* The X-Files the JSON view of viewer lists as possible for seat q. */
static const char *possible_json(fx *f, int viewer, int q)
{
    static char out[512];
    char *v = tt_view_json(f->g, f->st, viewer), key[16];
    snprintf(key, sizeof key, "\"p%d\":[", q);
    const char *at = strstr(v, "\"possible\":{");
    at = at ? strstr(at, key) : NULL;
    out[0] = 0;
    if (at) {
        at += strlen(key);
        snprintf(out, sizeof out, "%.*s", (int)strcspn(at, "]"), at);
    }
    free(v);
    return out;
}

/* Every part of viewer's picture, and his JSON view, the same after the
 * state is determinized for him (XF-6.10). */
static void parts_hold(fx *f, int viewer)
{
    tt_state *t = malloc(tt_state_size(f->g));
    assert_non_null(t);
    for (uint64_t seed = 1; seed <= 8; seed++) {
        tt_state_copy(f->g, t, f->st);
        tt_determinize(f->g, t, viewer, seed);
        for (int which = TT_TEXT_ALL; which <= TT_TEXT_DECISION; which++) {
            char *a = which == TT_TEXT_ALL ? tt_view_text(f->g, f->st, viewer)
                                           : tt_view_text_part(f->g, f->st, viewer, which);
            char *b = which == TT_TEXT_ALL ? tt_view_text(f->g, t, viewer)
                                           : tt_view_text_part(f->g, t, viewer, which);
            assert_string_equal(a, b);
            free(a);
            free(b);
        }
    }
    free(t);
}

/* From setup to the resolution of Site `site` by seat p's Field Team of
 * Agents a and b, who takes the first turn; nobody places a card under it. */
static void to_site(fx *f, int p, const char *a, const char *b, const char *site)
{
    for (const char *const *id = (const char *const[]){a, b, NULL}; *id; id++) {
        xf_agent *x = agent(f, p, *id);
        x->section = SEC_FIELD;
        x->team = 1;
    }
    char text[64];
    snprintf(text, sizeof text, "first p%d", p);
    act(f, text);
    idle_to(f, p, ST_C1);
    f->s->pl[p].rp += 10; /* lent for the placement */
    snprintf(text, sizeof text, "site %s", site);
    act(f, text);
    f->s->pl[p].rp -= 10;
    act(f, "done");
    act(f, "done"); /* C2: the other places nothing */
    idle_to(f, p, ST_I2);
    snprintf(text, sizeof text, "assign p%d:%s#1 p%d:%s#1", p, site, p, a);
    act(f, text);
    act(f, "done");
    snprintf(text, sizeof text, "resolve p%d:%s#1", p, site);
    act(f, text);
}

/* EX-22's Site, S07 (MOTIVE, RESULT), investigated by A with BEHAVIORAL
 * unfocused: the check succeeds and A asks. */
static fx s07_success(void)
{
    fx f = start("", "S07 E07 Q02 A10 S01 S02 S03", QUIET_B, "p0");
    to_site(&f, 0, "A01", "A03", "S07");
    act(&f, "skill BEHAVIORAL");
    act(&f, "focus no");
    act(&f, "pass"); /* B passes by himself: 6 >= 5 */
    assert_int_equal(f.s->decl.kind, A_ASK);
    return f;
}

/* XF-6.7, 6.9, 6.10: A (XF01) asks B (XF03); each answer and the wrong
 * guess narrow A's list, and B's penalty question narrows B's list of A's. */
static void test_XF_6_9_deduction_narrows_as_answers_arrive(void **state)
{
    (void)state;
    fx f = s07_success();
    assert_string_equal(view_line(&f, 0, "Deduced"), "Deduced X-Files: p1 16 of 16");
    assert_string_equal(possible_json(&f, 0, 1), "\"XF01\",\"XF02\",\"XF03\",\"XF04\",\"XF05\","
                                                 "\"XF06\",\"XF07\",\"XF08\",\"XF09\",\"XF10\","
                                                 "\"XF11\",\"XF12\",\"XF13\",\"XF14\",\"XF15\","
                                                 "\"XF16\"");
    assert_string_equal(view_line(&f, 0, "Asked"), "");
    act(&f, "ask MOTIVE SECURITY"); /* yes: XF03, XF10, XF13 */
    assert_string_equal(view_line(&f, 0, "Deduced"), "Deduced X-Files: p1 3 of 16: XF03 XF10 XF13");
    assert_string_equal(possible_json(&f, 0, 1), "\"XF03\",\"XF10\",\"XF13\"");
    assert_string_equal(view_line(&f, 0, "Asked"), "Asked: you>p1 MOTIVE SECURITY yes");
    /* XF-6.7 with two players: B reads the question and its answer */
    assert_string_equal(view_line(&f, 1, "Asked"), "Asked: p0>you MOTIVE SECURITY yes");
    assert_string_equal(view_line(&f, 1, "Deduced"), "Deduced X-Files: p0 16 of 16");
    parts_hold(&f, 0);
    parts_hold(&f, 1);
    act(&f, "guess XF10"); /* wrong: the penalty is B's */
    assert_string_equal(view_line(&f, 0, "Deduced"), "Deduced X-Files: p1 2 of 16: XF03 XF13");
    assert_string_equal(view_line(&f, 0, "Asked"), "Asked: you>p1 MOTIVE SECURITY yes, wrong XF10");
    assert_int_equal(tt_to_move(f.g, f.st), 1);
    assert_string_equal(part(&f, 1, TT_TEXT_DECISION),
                        "To decide: p1 (the penalty: ask or guess the guesser's X-File, or "
                        "noask (XF-8.4))\n");
    act(&f, "ask MOTIVE IDEOLOGY"); /* XF01's: yes */
    assert_string_equal(view_line(&f, 1, "Deduced"),
                        "Deduced X-Files: p0 4 of 16: XF01 XF11 XF15 XF16");
    assert_string_equal(possible_json(&f, 1, 0), "\"XF01\",\"XF11\",\"XF15\",\"XF16\"");
    assert_string_equal(
        view_line(&f, 0, "Asked"),
        "Asked: you>p1 MOTIVE SECURITY yes, wrong XF10; p1>you MOTIVE IDEOLOGY yes");
    /* A's list of B's is as it was: B's question tells A nothing of XF03 */
    assert_string_equal(view_line(&f, 0, "Deduced"), "Deduced X-Files: p1 2 of 16: XF03 XF13");
    parts_hold(&f, 0);
    parts_hold(&f, 1);
    parts_hold(&f, TT_VIEW_SPECTATOR);
    done_fx(&f);
}

/* XF-6.7 with three players: the third reads who asked whom in which
 * category and how many wrong guesses, never the value, the answer or the
 * X-File named; the spectator is shown no deduction. */
static void test_XF_6_7_a_third_player_reads_counts(void **state)
{
    (void)state;
    fx f = game("players=3");
    act(&f, "xfile XF01");
    act(&f, "xfile XF03");
    act(&f, "xfile XF05");
    xf_player *a = &f.s->pl[0];
    int bit = CAT_MOTIVE * XF_NVALUES + 4; /* MOTIVE SECURITY: XF03's */
    a->asked[1] = 1u << bit;
    a->yes[1] = 1u << bit;
    a->nasked[1][CAT_MOTIVE] = 1;
    a->wrong[1] = 1ull << 9; /* XF10 */
    a->nwrong[1] = 1;
    assert_string_equal(view_line(&f, 0, "Deduced"),
                        "Deduced X-Files: p1 2 of 16: XF03 XF13; p2 16 of 16");
    assert_string_equal(view_line(&f, 0, "Asked"), "Asked: you>p1 MOTIVE SECURITY yes, wrong XF10");
    assert_string_equal(view_line(&f, 1, "Asked"), "Asked: p0>you MOTIVE SECURITY yes, wrong XF10");
    assert_string_equal(view_line(&f, 2, "Asked"), "Asked: p0>p1 1 MOTIVE, 1 wrong guess");
    assert_string_equal(view_line(&f, 2, "Deduced"), "Deduced X-Files: p0 16 of 16; p1 16 of 16");
    assert_string_equal(view_line(&f, TT_VIEW_SPECTATOR, "Asked"),
                        "Asked: p0>p1 1 MOTIVE, 1 wrong guess");
    assert_string_equal(view_line(&f, TT_VIEW_SPECTATOR, "Deduced"), "");
    char *v = tt_view_json(f.g, f.st, 2);
    assert_non_null(strstr(v, "\"notebook\":[{\"asker\":\"p0\",\"asked\":\"p1\","
                              "\"questions\":[\"MOTIVE\"],\"wrong_count\":1}]"));
    assert_null(strstr(v, "SECURITY"));
    assert_null(strstr(v, "\"wrong\""));
    free(v);
    done_fx(&f);
}

/* XF-2.16.3, 4.3, 5.7: EX-20's Site check with two cards on the stack, as A
 * and B read it: A's hand and X-File for A only, B's for B only; the cards
 * under nothing; the window with who has passed, the stack top first, the
 * check's level and threshold; the decision. */
static void test_XF_4_3_window_stack_and_check_on_the_screen(void **state)
{
    (void)state;
    fx f = start("", "S01 W01 W01 E07 Q01 Q02 A10", "E05 E05 S04 S05 S08 Q03 Q04", "p0");
    to_site(&f, 0, "A01", "A03", "S01");
    act(&f, "play W01");
    act(&f, "play E05"); /* B */
    act(&f, "pass");     /* A */
    const char *table = "Window: the Site check's window, p0 first; p1 holds priority; passed: p0\n"
                        "Stack, top first:\n"
                        "  1. p1:E05#1 Cover Story, paid from CP\n"
                        "  2. p0:W01#1 Dr. Anneke Brandt, paid from RP\n"
                        "Site check of p0:S01#1: BEHAVIORAL 6 against threshold 4\n";
    char want[2048];
    snprintf(want, sizeof want, "%s%s",
             "Turn 1 of 300, p0 investigating: INVESTIGATION, step I3 (Sites resolved one by "
             "one).\n"
             "p0 (you), X-File XF01: RP 5, CP 5; deck 53, hand 5; discard 0\n"
             "  hand: W01 E07 Q01 Q02 A10\n"
             "  BUREAU [p0:A02#1 hp4, p0:A04#1 hp3]; FIELD [p0:A01#1 hp5, p0:A03#1 hp3]\n"
             "  site p0:S01#1 -> p1, team p0:A01#1, under investigation\n"
             "p1: RP 5, CP 3; deck 54, hand 6; discard 0\n"
             "  BUREAU [p1:A05#1 hp4, p1:A06#1 hp4, p1:A07#1 hp4, p1:A09#1 hp2, p1:A03#1 hp3]\n"
             "Deduced X-Files: p1 16 of 16\n",
             table);
    assert_string_equal(part(&f, 0, TT_TEXT_STATUS), want);
    snprintf(want, sizeof want, "%s%s",
             "Turn 1 of 300, p0 investigating: INVESTIGATION, step I3 (Sites resolved one by "
             "one).\n"
             "p0: RP 5, CP 5; deck 53, hand 5; discard 0\n"
             "  BUREAU [p0:A02#1 hp4, p0:A04#1 hp3]; FIELD [p0:A01#1 hp5, p0:A03#1 hp3]\n"
             "  site p0:S01#1 -> p1, team p0:A01#1, under investigation\n"
             "p1 (you), X-File XF03: RP 5, CP 3; deck 54, hand 6; discard 0\n"
             "  hand: E05 S04 S05 S08 Q03 Q04\n"
             "  BUREAU [p1:A05#1 hp4, p1:A06#1 hp4, p1:A07#1 hp4, p1:A09#1 hp2, p1:A03#1 hp3]\n"
             "Deduced X-Files: p0 16 of 16\n",
             table);
    assert_string_equal(part(&f, 1, TT_TEXT_STATUS), want);
    assert_string_equal(part(&f, 1, TT_TEXT_DECISION), "To decide: p1 (play a card or pass)\n");
    assert_string_equal(part(&f, 0, TT_TEXT_MAP), "");
    parts_hold(&f, 0);
    parts_hold(&f, 1);
    done_fx(&f);
}

/* XF-5.8: EX-16's Combat as the screen tells it: D04 (no LRC round) against
 * B's Team, what each side deals this round, and A to allocate. */
static void test_XF_5_8_combat_on_the_screen(void **state)
{
    (void)state;
    fx f = start("", "D04 S01 S02 S03 Q01 Q02 A10", "E07 S01 S04 S05 S08 Q03 Q04", "p1");
    to_site(&f, 1, "A05", "A06", "S04");
    act(&f, "pass");
    act(&f, "play D04");
    act(&f, "pass"); /* D04 resolves; the first round is a CRC round */
    const char *status = part(&f, 0, TT_TEXT_STATUS);
    const char *combat = strstr(status, "Combat, ");
    assert_non_null(combat);
    assert_string_equal(combat, "Combat, CRC round: p0:D04#1 0/5 deals 3; against it: p1:A05#1 "
                                "p1:A06#1, dealing 3\n");
    assert_string_equal(part(&f, 0, TT_TEXT_DECISION),
                        "To decide: p0 (allocate the Adversary's damage)\n");
    act(&f, "allocate p0:D04#1 p1:A06#1");
    assert_non_null(strstr(part(&f, 1, TT_TEXT_STATUS), "Combat, CRC round: p0:D04#1 3/5 deals 3"));
    assert_non_null(strstr(part(&f, 1, TT_TEXT_STATUS), "p1:A06#1 hp1/4"));
    parts_hold(&f, 0);
    parts_hold(&f, 1);
    done_fx(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_XF_6_9_deduction_narrows_as_answers_arrive),
        cmocka_unit_test(test_XF_6_7_a_third_player_reads_counts),
        cmocka_unit_test(test_XF_4_3_window_stack_and_check_on_the_screen),
        cmocka_unit_test(test_XF_5_8_combat_on_the_screen),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
