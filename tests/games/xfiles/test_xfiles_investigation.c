/* The X-Files Investigation Phase: Site checks, the reveal of face-down
 * cards, nested checks, the stack inside a check, Combat with its combat
 * Witnesses, and the questions, guesses and penalty that follow (EX-7,
 * EX-7a, EX-8, EX-11 to EX-16, EX-18, EX-20, EX-22 to EX-25, EX-27, EX-28,
 * EX-30). Each test asserts the exact levels, thresholds, pools, piles,
 * answers and result, or the rule of the refusal. Players with no legal
 * play pass by themselves (XF-4.3.5), so a test applies only the decisions
 * of players who hold one. Fixture: xf_fixture.h. */
#include "xf_fixture.h"

/* EX-20: the stack resolves top down; a Witness name once per check, other
 * cards as often as paid. */
static void test_EX_20_stack_order_and_the_same_name_in_one_check(void **state)
{
    (void)state;
    fx f = start("", "S01 W01 W01 E07 Q01 Q02 A10", "E05 E05 S04 S05 S08 Q03 Q04", "p0");
    field_team(&f, 0, "A01 A03");
    act(&f, "first p0");
    investigate(&f, 0, "S01");
    act(&f, "done"); /* C2: B places nothing */
    assign_and_resolve(&f, 0, "p0:S01#1", "p0:A01#1");
    assert_int_equal(threshold(&f), 4);
    assert_int_equal(level(&f), 6);
    assert_int_equal(tt_to_move(f.g, f.st), 0);
    act(&f, "play W01");
    act(&f, "play E05"); /* B */
    refused(&f, "play W01", "XF-5.7.5");
    act(&f, "pass");
    act(&f, "pass"); /* B: E05 resolves first */
    assert_int_equal(threshold(&f), 5);
    assert_int_equal(level(&f), 6);
    assert_int_equal(f.s->nstack, 1);
    act(&f, "pass");
    act(&f, "pass"); /* W01 resolves */
    assert_int_equal(level(&f), 8);
    assert_int_equal(f.s->nstack, 0);
    act(&f, "pass");
    act(&f, "play E05"); /* the second copy: only Witnesses are unique */
    act(&f, "pass");     /* A; B has nothing left and passes by himself */
    assert_int_equal(threshold(&f), 6);
    act(&f, "pass"); /* A; the window closes: 8 >= 6 */
    assert_int_equal(f.s->decl.kind, A_ASK);
    assert_int_equal(f.s->pl[1].cp, 1);
    done_fx(&f);
}

/* EX-22: a two-option Site and its focused question. */
static void ex22(fx *f)
{
    field_team(f, 0, "A01 A03");
    act(f, "first p0");
    investigate(f, 0, "S07");
    act(f, "done");
    assign_and_resolve(f, 0, "p0:S07#1", "p0:A01#1");
}

static void test_EX_22_two_option_site_and_focused_question(void **state)
{
    (void)state;
    fx f = start("", "S07 E07 Q02 A10 S01 S02 S03", QUIET_B, "p0");
    ex22(&f);
    act(&f, "skill BEHAVIORAL");
    act(&f, "focus yes");
    assert_int_equal(threshold(&f), 4);
    assert_int_equal(level(&f), 6);
    act(&f, "pass"); /* B passes by himself: success */
    assert_int_equal(f.s->decl.kind, A_ASK);
    refused(&f, "ask MOTIVE SECURITY", "XF-8.2.2");
    refused(&f, "ask RESULT DEATH", "XF-8.2.2");
    act(&f, "ask RESULT INSANITY");
    assert_int_equal(f.s->pl[0].asked[1], 1u << (CAT_RESULT * XF_NVALUES + 1));
    assert_int_equal(f.s->pl[0].yes[1], 0); /* XF03's Result: MANIPULATION_OF_EVIDENCE */
    done_fx(&f);

    f = start("", "S07 E07 Q02 A10 S01 S02 S03", QUIET_B, "p0");
    ex22(&f);
    act(&f, "skill BEHAVIORAL");
    act(&f, "focus no");
    assert_int_equal(threshold(&f), 5);
    act(&f, "pass");
    assert_int_equal(f.s->decl.kind, A_ASK);
    act(&f, "ask MOTIVE SECURITY");
    assert_int_equal(f.s->pl[0].yes[1], 1u << (CAT_MOTIVE * XF_NVALUES + 4));
    done_fx(&f);

    f = start("", "S07 E07 Q02 A10 S01 S02 S03", QUIET_B, "p0");
    ex22(&f);
    act(&f, "skill MEDICAL");
    refused(&f, "skill BEHAVIORAL", "XF-2.5.2");
    act(&f, "focus no");
    assert_int_equal(level(&f), 0);
    act(&f, "pass");
    assert_int_equal(f.s->investigating, XF_NONE); /* 0 < 5: failed */
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:S07#1");
    done_fx(&f);
}

/* EX-23: FORCE_CHECK opens a nested check; its card waits on the stack. */
static void test_EX_23_a_forced_nested_check(void **state)
{
    (void)state;
    fx f = start("", "S01 W01 E07 Q01 Q02 A10 S02", "E06 D01 S04 S05 S08 Q03 Q04", "p0");
    field_team(&f, 0, "A01 A03");
    begin_at(&f, 0, "S01", "p0:A01#1");
    assert_int_equal(level(&f), 6);
    act(&f, "pass");
    act(&f, "play E06");
    assert_int_equal(f.s->pl[1].cp, 2);
    act(&f, "pass"); /* A; B passes by himself: E06 resolves */
    assert_int_equal(f.s->nchecks, 2);
    assert_int_equal(f.s->check[1].skill, SK_COMPUTER);
    assert_int_equal(threshold(&f), 4);
    assert_int_equal(level(&f), 1); /* A03's COMPUTER 1 */
    assert_int_equal(f.s->nstack, 1);
    assert_true(xf_sc_flags(&f.s->stack[0]) & SC_RESOLVING);
    refused(&f, "play W01", "XF-2.14.1");
    act(&f, "pass"); /* A; B has no play (D01: XF-5.8.1a) */
    assert_int_equal(f.s->nchecks, 1);
    assert_true(f.s->check[0].flags & CF_SITE_FAILS);
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:E06#1");
    act(&f, "play W01"); /* the outer window again: level 8, and still it fails */
    assert_int_equal(level(&f), 6);
    act(&f, "pass");
    assert_int_equal(level(&f), 8);
    act(&f, "pass");
    assert_int_equal(f.s->investigating, XF_NONE);
    assert_int_not_equal(f.s->decl.kind, A_ASK);
    done_fx(&f);
}

/* EX-13: the reveal: non-Bluffs go, each Bluff is paid (cost - 1) or
 * refused by its owner. */
static void ex13(fx *f, int cp)
{
    field_team(f, 1, "A05 A06 A07");
    act(f, "first p1");
    investigate(f, 1, "S04");
    act(f, "facedown B01 p1:S04#1");
    act(f, "facedown B02 p1:S04#1");
    act(f, "facedown S02 p1:S04#1");
    act(f, "facedown B04 p1:S04#1");
    act(f, "done");
    f->s->pl[0].cp = cp;
    assign_and_resolve(f, 1, "p1:S04#1", "p1:A05#1");
}

static void test_EX_13_revealing_face_down_cards(void **state)
{
    (void)state;
    fx f = start("", "B01 B02 S02 B04 Q01 Q02 A10", "E07 S01 S04 S05 S08 Q03 Q04", "p1");
    ex13(&f, 3);
    assert_int_equal(f.s->decl.kind, A_BLUFF);
    assert_int_equal(tt_to_move(f.g, f.st), 0);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:S02#1");
    refused(&f, "bluff p0:B04#1 pay", "XF-2.12.1"); /* S04 has no OBSERVATION */
    act(&f, "bluff p0:B04#1 refuse");
    act(&f, "bluff p0:B02#1 pay"); /* price 0 */
    assert_int_equal(f.s->pl[0].cp, 3);
    act(&f, "pass"); /* B; A passes by himself: it resolves */
    assert_int_equal(level(&f), 4);
    act(&f, "pass"); /* the window owns nothing more: it closes */
    assert_int_equal(level(&f), 4);
    act(&f, "bluff p0:B01#1 pay");
    assert_int_equal(f.s->pl[0].cp, 1);
    act(&f, "pass");
    assert_int_equal(f.s->decl.kind, A_KEEP);
    /* LIMIT_TEAM resolves: B keeps two */ /* LIMIT_TEAM 2: B keeps two */
    act(&f, "keep p1:A05#1");
    refused(&f, "keep p1:A05#1", "XF-2.14.1");
    act(&f, "keep p1:A06#1");
    assert_true(agent(&f, 1, "A07")->flags & AG_SET_ASIDE);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:S02#1 p0:B04#1 p0:B02#1 p0:B01#1");
    assert_int_equal(level(&f), 2);
    act(&f, "pass"); /* closes B01's window; the SCS window opens, B first */
    act(&f, "pass"); /* 2 < 4 fails */
    assert_int_equal(f.s->investigating, XF_NONE);
    assert_false(agent(&f, 1, "A07")->flags & AG_SET_ASIDE);
    done_fx(&f);

    f = start("", "B01 B02 S02 B04 Q01 Q02 A10", "E07 S01 S04 S05 S08 Q03 Q04", "p1");
    ex13(&f, 1);
    act(&f, "bluff p0:B04#1 refuse");
    act(&f, "bluff p0:B02#1 pay");
    act(&f, "pass");
    act(&f, "pass");
    refused(&f, "bluff p0:B01#1 pay", "XF-5.6.6"); /* CP 1 < 2 */
    act(&f, "bluff p0:B01#1 refuse");
    assert_int_equal(level(&f), 4);
    act(&f, "pass");
    assert_int_equal(f.s->decl.kind, A_ASK); /* 4 >= 4: success */
    assert_int_equal(tt_to_move(f.g, f.st), 1);
    done_fx(&f);
}

/* EX-18: a question, a wrong guess and each answer to it. */
static void ex18(fx *f)
{
    field_team(f, 0, "A01 A03");
    act(f, "first p0");
    investigate(f, 0, "S01");
    act(f, "done");
    assign_and_resolve(f, 0, "p0:S01#1", "p0:A01#1");
    act(f, "ask MOTIVE IDEOLOGY");
    assert_int_equal(f->s->pl[0].yes[1], 0); /* "no": XF03 is SECURITY */
    act(f, "guess XF12");
    assert_int_equal(f->s->pl[0].wrong[1], 1ull << 11);
    assert_int_equal(tt_to_move(f->g, f->st), 1); /* B's penalty */
}

static void test_EX_18_question_wrong_guess_penalty(void **state)
{
    (void)state;
    tt_result r;
    fx f = start("", QUIET_A, QUIET_B, "p0");
    ex18(&f);
    act(&f, "guess XF01");
    tt_result_get(f.g, f.st, &r);
    assert_int_equal(r.winner, 1);
    assert_string_equal(r.reason, "PENALTY_GUESS");
    done_fx(&f);

    f = start("", QUIET_A, QUIET_B, "p0");
    ex18(&f);
    refused(&f, "ask RESULT INSANITY", "XF-8.2.2"); /* S01 lists MOTIVE only */
    act(&f, "ask MOTIVE IDEOLOGY");
    assert_int_equal(f.s->pl[1].yes[0], 1u << (CAT_MOTIVE * XF_NVALUES + 2)); /* "yes" */
    assert_false(f.s->head.over);
    assert_int_equal(f.s->investigating, XF_NONE); /* A's turn goes on */
    done_fx(&f);

    f = start("", QUIET_A, QUIET_B, "p0");
    ex18(&f);
    act(&f, "guess XF06"); /* wrong: nothing happens */
    assert_false(f.s->head.over);
    assert_int_equal(f.s->pl[1].wrong[0], 1ull << 5);
    done_fx(&f);

    f = start("", QUIET_A, QUIET_B, "p0");
    ex18(&f);
    act(&f, "noask");
    assert_false(f.s->head.over);
    done_fx(&f);

    f = start("", QUIET_A, QUIET_B, "p0"); /* the right guess */
    field_team(&f, 0, "A01 A03");
    begin_at(&f, 0, "S01", "p0:A01#1");
    act(&f, "noask");
    act(&f, "guess XF03");
    tt_result_get(f.g, f.st, &r);
    assert_int_equal(r.winner, 0);
    assert_string_equal(r.reason, "XFILE_NAMED");
    done_fx(&f);
}

/* EX-27: the optional guessing rules. */
static void test_EX_27_optional_guessing_rules(void **state)
{
    (void)state;
    tt_result r;
    fx f = start("opt_single_guess=1", QUIET_A, QUIET_B, "p0");
    field_team(&f, 0, "A01 A03");
    begin_at(&f, 0, "S01", "p0:A01#1");
    act(&f, "noask");
    act(&f, "guess XF12");
    tt_result_get(f.g, f.st, &r);
    assert_int_equal(r.winner, 1);
    assert_string_equal(r.reason, "SINGLE_GUESS_WRONG");
    done_fx(&f);

    f = start("opt_question_or_guess=1", QUIET_A, QUIET_B, "p0");
    field_team(&f, 0, "A01 A03");
    begin_at(&f, 0, "S01", "p0:A01#1");
    act(&f, "ask MOTIVE IDEOLOGY");
    refused(&f, "guess XF03", "XF-8.6.1");
    act(&f, "noguess");
    done_fx(&f);
}

/* EX-7: a healed Agent sits out the checks with heal=seed. */
static void ex7(fx *f, int decline)
{
    xf_agent *a2 = agent(f, 0, "A02");
    a2->section = SEC_HOSPITAL, a2->damage = 1, a2->team = XF_NONE;
    field_team(f, 0, "A01");
    act(f, "first p0");
    idle_to(f, 0, ST_H2);
    if (decline)
        act(f, "healdecline p0:A02#1");
    act(f, "done");
    idle_to(f, 0, ST_D1);
    act(f, "move p0:A02#1 FIELD");
    act(f, "team FIELD p0:A01#1");
    act(f, "team FIELD p0:A02#1");
    act(f, "done");
    act(f, "done");
    investigate(f, 0, "S02");
    act(f, "done");
    assign_and_resolve(f, 0, "p0:S02#1", "p0:A01#1");
}

static void test_EX_7_choosing_not_to_heal(void **state)
{
    (void)state;
    fx f = start("", QUIET_A, "E05 S01 S04 S05 S08 Q03 Q04", "p0"); /* B holds the window */
    ex7(&f, 0);
    assert_int_equal(agent(&f, 0, "A02")->damage, 0);
    assert_true(agent(&f, 0, "A02")->flags & AG_HEALED);
    assert_int_equal(level(&f), 0); /* A01 0; A02 flagged */
    act(&f, "pass");
    assert_int_equal(f.s->investigating, XF_NONE); /* failed */
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:S02#1");
    done_fx(&f);
    f = start("", QUIET_A, "E05 S01 S04 S05 S08 Q03 Q04", "p0");
    ex7(&f, 1);
    assert_int_equal(agent(&f, 0, "A02")->damage, 1);
    assert_false(agent(&f, 0, "A02")->flags & AG_HEALED);
    assert_int_equal(level(&f), 4); /* 0 + 4 */
    act(&f, "pass");
    assert_int_equal(f.s->decl.kind, A_ASK); /* success */
    done_fx(&f);
}

/* --- Combat ------------------------------------------------------------------------------------- */

/* EX-15: the casualty window, then a lone Agent's last round. */
static void test_EX_15_casualty_window_and_a_lone_agent(void **state)
{
    (void)state;
    fx f = start("", "S03 C01 Q01 Q02 A10 S01 S02", "D03 S01 S04 S05 S08 Q03 Q04", "p0");
    field_team(&f, 0, "A03");
    begin_at(&f, 0, "S03", "p0:A03#1");
    assert_int_equal(tt_to_move(f.g, f.st), 1); /* A has no play: B holds priority */
    act(&f, "play D03");
    /* it resolved; the LRC round: A03 deals 1, D03 deals 4; casualty window */
    assert_true(f.s->combat.on);
    assert_int_equal(f.s->combat.adv_damage, 1);
    assert_int_equal(agent(&f, 0, "A03")->damage, 3);
    assert_true(f.s->check[f.s->nchecks - 1].flags & CF_CASUALTY);
    act(&f, "play C01");
    /* C01 healed 1; the CRC round: D03 at 2, A03 at 0 again, to the Hospital */
    assert_false(f.s->combat.on);
    assert_int_equal(agent(&f, 0, "A03")->section, SEC_HOSPITAL);
    assert_int_equal(agent(&f, 0, "A03")->damage, 3);
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:D03#1");
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:C01#1 p0:S03#1"); /* S03 failed */
    assert_int_equal(f.s->investigating, XF_NONE);
    done_fx(&f);
}

/* EX-16: a skipped LRC round, and the allocation of the Adversary's damage. */
static void test_EX_16_skipped_lrc_versus_na(void **state)
{
    (void)state;
    fx f = start("", "D04 S01 S02 S03 Q01 Q02 A10", "E07 S01 S04 S05 S08 Q03 Q04", "p1");
    field_team(&f, 1, "A05 A06");
    begin_at(&f, 1, "S04", "p1:A05#1");
    act(&f, "pass"); /* B */
    act(&f, "play D04");
    act(&f, "pass"); /* B: D04 resolves; the first round is a CRC round */
    assert_true(f.s->combat.on);
    assert_int_equal(f.s->combat.round, 1);
    /* the round's window: only Combat cards, and nobody holds one */
    assert_int_equal(f.s->decl.kind, A_ALLOCATE);
    assert_int_equal(tt_to_move(f.g, f.st), 0);
    act(&f, "allocate p0:D04#1 p1:A06#1");
    assert_int_equal(f.s->combat.adv_damage, 3);
    assert_int_equal(agent(&f, 1, "A06")->damage, 3);
    assert_int_equal(f.s->combat.round, 2);
    act(&f, "allocate p0:D04#1 p1:A06#1");
    assert_false(f.s->combat.on); /* D04 killed; A06 to the Hospital */
    assert_int_equal(agent(&f, 1, "A06")->section, SEC_HOSPITAL);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:D04#1");
    done_fx(&f);
}

/* EX-12: a keyword on a Team satisfies an activator through any member. */
static void test_EX_12_a_keyword_on_a_team(void **state)
{
    (void)state;
    fx f = start("", "S04 Q01 Q02 A10 S01 S02 S03", "D06 E05 S05 S08 Q03 Q04 S01", "p0");
    field_team(&f, 0, "A03 A04");
    begin_at(&f, 0, "S04", "p0:A03#1");
    refused(&f, "play D06", "XF-2.12.1");
    done_fx(&f);
    f = start("", "S04 Q01 Q02 A10 S01 S02 S03", "D06 E05 S05 S08 Q03 Q04 S01", "p0");
    field_team(&f, 0, "A01 A03");
    act(&f, "first p0");
    investigate(&f, 0, "S04");
    act(&f, "done");
    f.s->pl[1].cp = 10; /* so E05 keeps B in the window */
    assign_and_resolve(&f, 0, "p0:S04#1", "p0:A01#1");
    act(&f, "play D06");
    assert_int_equal(f.s->nstack, 1);
    assert_int_equal(f.s->pl[1].cp, 5);
    done_fx(&f);
}

/* EX-30: a Combat that changes nothing ends by itself (heal=seed). */
static void ex30(fx *f)
{
    xf_agent *a5 = agent(f, 1, "A05");
    a5->section = SEC_HOSPITAL, a5->damage = 2, a5->team = XF_NONE;
    xf_player *pl = &f->s->pl[1];
    int k = find_in(f, 1, Z_DECK, "Q04");
    int q04 = pl->cards[tt_piles_start(pl->n, Z_DECK) + k];
    xf_make_public(f->c, f->s, 1, q04, Z_ATTACHED, (int)(a5 - pl->agent));
    a5->attached[a5->nattached++] = (uint8_t)q04;
    field_team(f, 1, "A09");
    act(f, "first p1");
    idle_to(f, 1, ST_D1);
    act(f, "move p1:A05#1 FIELD");
    act(f, "team FIELD p1:A05#1");
    act(f, "team FIELD p1:A09#1");
    act(f, "done");
    act(f, "done");
    investigate(f, 1, "S05");
    act(f, "done");
    assign_and_resolve(f, 1, "p1:S05#1", "p1:A05#1");
    act(f, "play D03");
}

static void test_EX_30_a_combat_that_cannot_end_by_itself(void **state)
{
    (void)state;
    fx f = start("", "D03 S01 S02 S03 Q01 Q02 A10", QUIET_B, "p1");
    ex30(&f);
    assert_true(agent(&f, 1, "A05")->flags & AG_HEALED);
    assert_int_equal(f.s->decl.kind, A_ALLOCATE); /* LRC: A09 deals 1, D03 4 */
    act(&f, "allocate p0:D03#1 p1:A09#1");
    /* A09 to the Hospital; CRC 1: 0 and 2 - armor 2: nothing, no card: it ends */
    assert_false(f.s->combat.on);
    assert_int_equal(agent(&f, 1, "A09")->section, SEC_HOSPITAL);
    assert_int_equal(agent(&f, 1, "A05")->damage, 0);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:D03#1");
    assert_int_equal(f.s->investigating, XF_NONE); /* no contributing Agent: failed */
    done_fx(&f);

    f = start("heal=published", "D03 S01 S02 S03 Q01 Q02 A10", QUIET_B, "p1");
    ex30(&f);
    act(&f, "allocate p0:D03#1 p1:A09#1"); /* LRC: 1 + 1, D03 at 2 */
    /* CRC rounds: A05 alone deals 1 each, killing D03 in the second; its 2 are
       stopped by the armour */
    assert_false(f.s->combat.on);
    assert_int_equal(agent(&f, 1, "A09")->section, SEC_HOSPITAL);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:D03#1");
    assert_int_equal(agent(&f, 1, "A05")->damage, 0);
    done_fx(&f);
}

/* EX-18, the last line: an ASK_QUESTION card asks, and grants no guess. */
static void test_EX_18_ask_question_grants_no_guess(void **state)
{
    (void)state;
    fx f = start("", "E02 S01 S02 S03 Q01 Q02 A10", QUIET_B, "p0");
    act(&f, "first p0");
    act(&f, "play E02"); /* B1: one opponent, the target is implied; B passes */
    assert_int_equal(f.s->pl[0].rp, 0);
    assert_int_equal(f.s->decl.kind, A_ASK);
    refused(&f, "guess XF03", "XF-8.3.2");
    act(&f, "ask AFFILIATION GOVERNMENT");
    assert_int_equal(f.s->pl[0].yes[1], 1u << (CAT_AFFILIATION * XF_NVALUES + 1));
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:E02#1");
    assert_int_equal(f.s->step, ST_B2); /* the window closed: the free draw */
    done_fx(&f);
}

/* EX-14: the rulebook's full turn, every phase with the sample cards. */
static void test_EX_14_a_full_turn(void **state)
{
    (void)state;
    fx f = start("", "Q01 S01 E01 W01 C01 S02 E07", "Q03 E02 C02 B01 S05 D01 D02", "p0");
    rig_top(&f, 0, "S03 S04 S06");
    rig_top(&f, 1, "S01 S04");
    act(&f, "first p0");
    act(&f, "pass"); /* 1. B1: A; B has no play */
    act(&f, "freedraw yes");
    assert_int_equal(f.s->pl[0].rp, 9);
    act(&f, "buy 2");
    assert_int_equal(f.s->pl[0].n[Z_HAND], 10);
    act(&f, "sell Q03"); /* 2. B5 */
    act(&f, "sell E02");
    act(&f, "sell C02");
    assert_int_equal(f.s->pl[1].cp, 18);
    act(&f, "done");
    act(&f, "buy 2");
    assert_int_equal(f.s->pl[1].cp, 16);
    assert_int_equal(f.s->pl[1].n[Z_HAND], 6);
    act(&f, "pass"); /* 3. H4 */
    act(&f, "requisition Q01 p0:A01#1");
    assert_int_equal(f.s->pl[0].rp, 7);
    act(&f, "done");
    act(&f, "pass");                /* R2 */
    act(&f, "move p0:A01#1 FIELD"); /* 4. D1 */
    act(&f, "move p0:A02#1 FIELD");
    act(&f, "move p0:A03#1 FIELD");
    act(&f, "done");
    assert_int_equal(agent(&f, 0, "A02")->team, agent(&f, 0, "A01")->team);
    assert_int_equal(agent(&f, 0, "A03")->team, agent(&f, 0, "A01")->team);
    act(&f, "pass");     /* D2 */
    act(&f, "site S01"); /* 5. C1 */
    assert_int_equal(f.s->pl[0].rp, 5);
    act(&f, "done");
    act(&f, "facedown B01 p0:S01#1");
    act(&f, "facedown S05 p0:S01#1");
    act(&f, "done");
    assert_int_equal(f.s->pl[1].n[Z_HAND], 4);
    act(&f, "pass"); /* C3 */
    act(&f, "done"); /* 6. I1 */
    act(&f, "assign p0:S01#1 p0:A01#1");
    act(&f, "done");
    act(&f, "resolve p0:S01#1");
    assert_int_equal(level(&f), 7);
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:Q03#1 p1:E02#1 p1:C02#1 p1:S05#1");
    act(&f, "bluff p1:B01#1 pay"); /* 7. */
    assert_int_equal(f.s->pl[1].cp, 14);
    act(&f, "pass");
    act(&f, "pass");
    act(&f, "keep p0:A01#1");
    act(&f, "keep p0:A03#1");
    assert_int_equal(level(&f), 6);
    act(&f, "pass");
    act(&f, "pass"); /* the Bluff's window closes; the SCS window opens */
    act(&f, "pass"); /* 8. A */
    act(&f, "play D01");
    assert_int_equal(f.s->pl[1].cp, 8);
    act(&f, "play E01");
    assert_int_equal(f.s->pl[0].rp, 2);
    act(&f, "pass"); /* A (B could not answer): E01 resolves, D01 negated */
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:Q03#1 p1:E02#1 p1:C02#1 p1:S05#1 p1:B01#1 "
                                                "p1:D01#1");
    act(&f, "pass");
    act(&f, "play D02");
    assert_int_equal(f.s->pl[1].cp, 0);
    act(&f, "pass"); /* D02 resolves: the Combat; 9. the LRC round: D02 at 7 */
    assert_int_equal(f.s->combat.adv_damage, 3);
    assert_int_equal(f.s->combat.round, 1); /* 10. CRC 1: agents 4, D02 deals 3 */
    act(&f, "allocate p1:D02#1 p0:A03#1");
    assert_int_equal(f.s->combat.adv_damage, 7);
    assert_int_equal(agent(&f, 0, "A03")->damage, 3);
    act(&f, "play C01"); /* the casualty window: A03 at 1 */
    assert_int_equal(agent(&f, 0, "A03")->damage, 2);
    act(&f, "allocate p1:D02#1 p0:A03#1"); /* 11. CRC 2: D02 killed, A03 at 0 */
    assert_false(f.s->combat.on);
    assert_int_equal(agent(&f, 0, "A03")->section, SEC_HOSPITAL);
    assert_int_equal(agent(&f, 0, "A03")->damage, 3);
    assert_int_equal(level(&f), 3); /* 12. A01 only */
    act(&f, "play W01");            /* nobody has a play left: it resolves, 5 >= 4 */
    assert_int_equal(f.s->pl[0].rp, 0);
    assert_int_equal(f.s->decl.kind, A_ASK);
    act(&f, "ask MOTIVE SURVIVAL");
    assert_int_equal(f.s->pl[0].yes[1], 0);
    act(&f, "noguess"); /* 13.; 14. I5 passes by itself (A has no RP left) */
    assert_int_equal(f.s->step, ST_X2);
    act(&f, "done"); /* X2: A, 5 cards */
    assert_int_equal(f.s->pl[0].rp, 0);
    assert_int_equal(f.s->pl[0].cp, 5);
    assert_string_equal(pile(&f, 0, Z_HAND), "S02 E07 S03 S04 S06");
    assert_int_equal(f.s->pl[0].n[Z_DECK], 50);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:E01#1 p0:C01#1 p0:W01#1 p0:S01#1");
    assert_int_equal(agent(&f, 0, "A01")->section, SEC_FIELD);
    assert_int_equal(agent(&f, 0, "A01")->nattached, 1);
    assert_int_equal(agent(&f, 0, "A02")->section, SEC_FIELD);
    assert_int_equal(agent(&f, 0, "A04")->section, SEC_BUREAU);
    assert_int_equal(f.s->pl[1].rp, 5);
    assert_int_equal(f.s->pl[1].cp, 0);
    assert_int_equal(f.s->pl[1].n[Z_HAND], 2);
    assert_int_equal(f.s->pl[1].n[Z_DECK], 52);
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:Q03#1 p1:E02#1 p1:C02#1 p1:S05#1 p1:B01#1 "
                                                "p1:D01#1 p1:D02#1");
    done_fx(&f);
}

/* EX-11: activators against the Site, the check's skill and the phase. */
static void ex11(fx *f, const char *site, const char *skill)
{
    char text[64];
    field_team(f, 0, "A01 A03");
    f->s->pl[1].cp = 20;
    act(f, "first p0");
    investigate(f, 0, site);
    act(f, "done");
    snprintf(text, sizeof text, "p0:%s#1", site);
    assign_and_resolve(f, 0, text, "p0:A01#1");
    if (skill) {
        snprintf(text, sizeof text, "skill %s", skill);
        act(f, text);
        act(f, "focus no");
    }
}

static void test_EX_11_activator_matching(void **state)
{
    (void)state;
    fx f = start("", "S01 W01 W03 C02 E07 Q01 A10", "D01 D05 E05 S05 S08 Q03 Q04", "p0");
    ex11(&f, "S01", NULL);
    refused(&f, "play W03", "XF-2.12.1"); /* MEDICAL: not S01's, not the check's */
    refused(&f, "play C02", "XF-5.0.11"); /* no Combat in progress */
    act(&f, "play W01");                  /* ACTIVE, BEHAVIORAL */
    refused(&f, "play D05", "XF-2.12.1"); /* RESULT_SITE: S01 is a MOTIVE Site */
    act(&f, "play D01");                  /* MOTIVE_SITE */
    done_fx(&f);

    /* E09 mode 1 changes S01's MOTIVE into RESULT until the end of the turn:
       D05 answers to it, the printed question stays MOTIVE (XF-2.13.2) */
    f = start("", "S01 W01 W03 C02 E07 Q01 A10", "D01 D05 E09 S05 S08 Q03 Q04", "p0");
    ex11(&f, "S01", NULL);
    act(&f, "pass");
    refused(&f, "play D05", "XF-2.12.1");
    act(&f, "play E09");
    act(&f, "mode 1"); /* the target, S01, is implied */
    act(&f, "change MOTIVE RESULT");
    assert_int_equal(f.s->pl[1].cp, 18);
    assert_int_equal(f.s->nkwc, 0); /* on the stack: nothing changed yet */
    act(&f, "pass");                /* A */
    act(&f, "pass");                /* B: E09 resolves */
    assert_int_equal(f.s->nkwc, 1);
    xf_words w = xf_card_words(f.c, f.s, 0, f.s->pl[0].site[f.s->investigating].inst);
    assert_false(xf_words_has(&w, W_MOTIVE));
    assert_true(xf_words_has(&w, W_RESULT));
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:E09#1");
    fx g = f; /* the same position, D05 then played */
    g.st = malloc(tt_state_size(f.g));
    memcpy(g.st, f.st, tt_state_size(f.g));
    g.s = (xf_state *)g.st;
    act(&g, "pass");
    act(&g, "play D05");
    assert_int_equal(g.s->nstack, 1);
    free(g.st);
    act(&f, "pass"); /* A */
    act(&f, "pass"); /* B: 6 >= 4, success */
    refused(&f, "ask RESULT INSANITY", "XF-8.2.2");
    act(&f, "ask MOTIVE SURVIVAL");
    act(&f, "noguess");
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:S01#1");
    assert_int_equal(f.s->nkwc, 0); /* the Site left play with its change */
    done_fx(&f);

    f = start("", "S07 E07 Q01 Q02 A10 S01 S02", "D01 D05 E05 S05 S08 Q03 Q04", "p0");
    ex11(&f, "S07", "MEDICAL"); /* XF-9.4.3: every question keyword counts */
    act(&f, "pass");
    act(&f, "play D05");
    assert_int_equal(f.s->nstack, 1);
    done_fx(&f);

    /* B's own turn, at his MOTIVE Site: D01 is refused; its CP marker is
       asked before its CONSPIRACY activator (XF-5.0.8 items 3 and 4) */
    f = start("", QUIET_A, "D01 S01 E07 S05 S08 Q03 Q04", "p1");
    field_team(&f, 1, "A05 A06");
    begin_at(&f, 1, "S01", "p1:A05#1");
    assert_int_equal(tt_to_move(f.g, f.st), 1);
    refused(&f, "play D01", "XF-5.0.4");
    done_fx(&f);
}

/* EX-25: an ANY card from either pool, two copies in one round. */
static void test_EX_25_any_cost_two_copies_in_one_round(void **state)
{
    (void)state;
    fx f = start("", "S01 C02 Q01 Q02 A10 S02 S03", "D02 C02 S05 S08 Q03 Q04 S04", "p0");
    field_team(&f, 0, "A01");
    f.s->pl[1].cp = 14;
    begin_at(&f, 0, "S01", "p0:A01#1");
    act(&f, "play D02"); /* B: CP 6; nobody answers: the LRC round, B first */
    act(&f, "pass");     /* B */
    act(&f, "pass");     /* A: D02 takes 2 */
    assert_int_equal(f.s->combat.round, 1);
    assert_int_equal(f.s->combat.adv_damage, 2);
    f.s->pl[0].rp = 5;
    act(&f, "pass"); /* B */
    act(&f, "play C02");
    act(&f, "target p0:A01#1");
    assert_int_equal(f.s->pl[0].rp, 3);
    act(&f, "play C02");
    act(&f, "target p1:D02#1");
    assert_int_equal(f.s->pl[1].cp, 4);
    /* nobody has a play left: B's resolves first, then A's; the round: A01
       deals 4 (D02 at 6), D02 deals 5 (A01 at 0, to the Hospital) */
    assert_false(f.s->combat.on);
    assert_int_equal(agent(&f, 0, "A01")->section, SEC_HOSPITAL);
    assert_int_equal(agent(&f, 0, "A01")->damage, 5);
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:C02#1 p1:D02#1");
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:C02#1 p0:S01#1");
    done_fx(&f);
}

/* EX-24, the second part: a Bluff paid at the reveal triggers W05. */
static void test_EX_24_a_bluff_paid_at_the_reveal_triggers(void **state)
{
    (void)state;
    fx f = start("", "S04 Q01 Q02 A10 S01 S02 S03", "B03 E12 S05 S08 Q03 Q04 S04", "p0");
    int k = find_in(&f, 0, Z_DECK, "W05");
    xf_player *pl = &f.s->pl[0];
    xf_make_public(f.c, f.s, 0, pl->cards[k], Z_RESOURCE, 0);
    field_team(&f, 0, "A01 A02");
    act(&f, "first p0");
    investigate(&f, 0, "S04");
    act(&f, "facedown B03 p0:S04#1");
    act(&f, "done");
    f.s->pl[0].rp = 3;
    f.s->pl[1].cp = 10;
    assign_and_resolve(&f, 0, "p0:S04#1", "p0:A01#1");
    act(&f, "bluff p1:B03#1 pay");
    assert_int_equal(f.s->pl[1].cp, 7);
    assert_int_equal(f.s->pl[0].rp, 4); /* B03 is GOVERNMENT, paid in A's turn */
    act(&f, "play E12");                /* the only Resource: the target is implied */
    assert_int_equal(f.s->pl[1].cp, 4);
    assert_int_equal(f.s->pl[0].rp, 5);
    /* nobody answers: E12 resolves, then B03 (threshold 6): level 4 fails */
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:W05#1 p0:S04#1");
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:E12#1 p1:B03#1");
    done_fx(&f);
}

/* XF-8.5.3: the player a Site is directed at concedes during its
 * investigation; it ends without success and the others play on. */
static void test_XF_8_5_3_concession_during_an_investigation(void **state)
{
    (void)state;
    fx f = game("players=3 p2=deck_a");
    act(&f, "xfile XF01");
    act(&f, "xfile XF03");
    act(&f, "xfile XF05");
    rig_hand(&f, 0, "S01 W01 E07 Q01 Q02 A10 S02");
    rig_hand(&f, 1, QUIET_B);
    rig_hand(&f, 2, QUIET_A);
    field_team(&f, 0, "A01 A03");
    act(&f, "first p0");
    idle_to(&f, 0, ST_C1);
    act(&f, "site S01 p2");
    act(&f, "done");
    idle_to(&f, 0, ST_I2);
    act(&f, "assign p0:S01#1 p0:A01#1");
    act(&f, "done");
    act(&f, "resolve p0:S01#1");
    act(&f, "play W01");
    assert_int_equal(f.s->nstack, 1);
    tt_error err;
    assert_int_equal(tt_offturn_apply(f.g, f.st, 2, TT_CONCEDE, NULL, &err), TT_OK);
    assert_int_equal(tt_sanity(f.g, f.st, &err), TT_OK);
    assert_false(f.s->head.over);
    assert_int_equal(f.s->investigating, XF_NONE);
    assert_int_equal(f.s->nstack, 0);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:W01#1 p0:S01#1");
    assert_int_equal(f.s->step, ST_I5); /* the turn goes on */
    assert_int_equal(tt_offturn_apply(f.g, f.st, 1, TT_CONCEDE, NULL, &err), TT_OK);
    tt_result r;
    tt_result_get(f.g, f.st, &r);
    assert_int_equal(r.winner, 0);
    assert_string_equal(r.reason, "CONCEDED");
    done_fx(&f);
}

/* XF-5.8.3, 2.14.1 JOIN_COMBAT: B's W04 joins his Team at S01 and deals its
 * own LRC 2 in the Combat against A's D01; it stays joined to the end of
 * the turn, then goes to B's discard pile. Players with no legal play pass
 * by themselves (XF-4.3.5). */
static void test_XF_5_8_3_a_combat_witness_fights(void **state)
{
    (void)state;
    fx f = start("", "D01 E05 S02 S03 Q01 Q02 A10", "W04 S01 S04 S05 S08 Q03 Q04", "p1");
    field_team(&f, 1, "A05 A06");
    f.s->pl[0].cp = 20;
    begin_at(&f, 1, "S01", "p1:A05#1");
    f.s->pl[1].rp = 5;
    act(&f, "play W04"); /* the Team at the Site: the target is implied */
    assert_int_equal(f.s->pl[1].rp, 2);
    act(&f, "pass"); /* A; B has no play left: W04 resolves and joins */
    assert_int_equal(f.s->njoined, 1);
    int w04 = f.s->joined[0].inst;
    assert_int_equal(xf_zone(&f.s->pl[1], w04), Z_COMBAT);
    assert_int_equal(level(&f), 1); /* a Witness that joins adds no skill */
    assert_int_equal(tt_to_move(f.g, f.st), 0);
    act(&f, "play D01");
    act(&f, "pass"); /* A keeps E05: D01 resolves; nobody holds a Combat card: the LRC
                        round closes at once: A05 1 + A06 3 + W04 2 = 6; D01's 2 to
                        allocate */
    assert_int_equal(f.s->decl.kind, A_ALLOCATE);
    assert_string_equal(view_line(&f, 1, "Combat"), /* the Witness fights, and is shown */
                        "Combat, LRC round: p0:D01#1 0/6 deals 2; against it: p1:A05#1 "
                        "p1:A06#1 p1:W04#1 0/3, dealing 6");
    refused(&f, "target p1:S01#1", "XF-5.8.6");
    act(&f, "target p1:W04#1");
    assert_false(f.s->combat.on); /* D01 (HEALTH 6) killed in one round */
    assert_int_equal(f.s->joined[0].damage, 2);
    assert_int_equal(agent(&f, 1, "A05")->damage, 0);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:D01#1");
    /* the Site check resumes; A holds E05; W04 stays joined */
    assert_int_equal(tt_to_move(f.g, f.st), 0);
    assert_int_equal(xf_zone(&f.s->pl[1], w04), Z_COMBAT);
    idle_to(&f, 1, ST_X2);
    assert_int_equal(f.s->njoined, 0); /* step X1: combat Witnesses go (XF-5.9.1) */
    idle_to(&f, 0, ST_B2);
    assert_int_equal(f.s->njoined, 0);
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:S01#1 p1:W04#1");
    done_fx(&f);
}

/* XF-5.8.8, 5.8.9: a combat Witness at 0 opens the casualty window, may be
 * healed there, and goes to its owner's discard pile at removal; it does not
 * keep a Combat going (XF-5.8.10). */
static void test_XF_5_8_9_a_combat_witness_at_0(void **state)
{
    (void)state;
    fx f = start("", "D03 S01 S02 S03 Q01 Q02 A10", "W04 C01 S04 S05 S08 Q03 Q04", "p1");
    field_team(&f, 1, "A05");
    f.s->pl[0].cp = 20;
    begin_at(&f, 1, "S05", "p1:A05#1");
    f.s->pl[1].rp = 5;
    act(&f, "play W04");
    act(&f, "pass");     /* A: W04 joins */
    act(&f, "play D03"); /* the LRC round: A05 1 + W04 2 → D03 at 3; its 4 to allocate */
    act(&f, "target p1:W04#1");
    assert_int_equal(f.s->combat.adv_damage, 3);
    assert_int_equal(f.s->joined[0].damage, 3); /* HEALTH 3: at 0 */
    assert_true(f.s->check[f.s->nchecks - 1].flags & CF_CASUALTY);
    /* its only damaged combatant, W04, is implied; nobody answers: C01
       resolves, nobody is at 0 at removal, the first CRC round closes */
    act(&f, "play C01");
    assert_int_equal(f.s->joined[0].damage, 2);
    assert_int_equal(f.s->njoined, 1);
    assert_int_equal(f.s->combat.round, 1);
    assert_int_equal(f.s->decl.kind, A_ALLOCATE);
    act(&f, "target p1:W04#1"); /* A05 1 + W04 1 → D03 killed; its 2 to W04, at 0;
                                   B has no second healing card */
    assert_false(f.s->combat.on);
    assert_int_equal(f.s->njoined, 0);
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:C01#1 p1:W04#1");
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:D03#1");
    assert_int_equal(f.s->decl.kind, A_ASK); /* A05's BUREAUCRACY 4: S05 succeeds */
    done_fx(&f);
}

/* EX-7a, the investigation: with heal=published A02 healed in H2 is not
 * flagged and contributes; A03, still in the Hospital, contributes nothing. */
static void test_EX_7a_automatic_healing_investigates(void **state)
{
    (void)state;
    fx f = start("heal=published", QUIET_A, "E05 S01 S04 S05 S08 Q03 Q04", "p0");
    to_section(&f, 0, "A02", SEC_HOSPITAL, 1);
    to_section(&f, 0, "A03", SEC_HOSPITAL, 3);
    field_team(&f, 0, "A01");
    act(&f, "first p0");
    idle_to(&f, 0, ST_D1);
    act(&f, "move p0:A02#1 FIELD");
    act(&f, "team FIELD p0:A01#1");
    act(&f, "team FIELD p0:A02#1");
    act(&f, "done");
    act(&f, "done");
    investigate(&f, 0, "S02");
    act(&f, "done");
    assign_and_resolve(&f, 0, "p0:S02#1", "p0:A01#1");
    assert_int_equal(tt_to_move(f.g, f.st), 1); /* A passed by himself; B holds E05 */
    assert_int_equal(level(&f), 4);             /* A01 0 + A02 4 */
    assert_int_equal(threshold(&f), 4);
    assert_int_equal(agent(&f, 0, "A03")->section, SEC_HOSPITAL);
    act(&f, "pass");
    assert_int_equal(f.s->decl.kind, A_ASK); /* success */
    done_fx(&f);
}

/* EX-8, in checks and Combat: one Equipment per check, the best one. */
static void test_EX_8_equipment_in_checks_and_combat(void **state)
{
    (void)state;
    fx f = start("", "Q06 S02 S01 S03 Q01 Q02 A10", "E05 S01 S04 S05 S08 Q03 Q04", "p0");
    field_team(&f, 0, "A02");
    act(&f, "first p0");
    idle_to(&f, 0, ST_R1);
    f.s->pl[0].rp = 9;
    act(&f, "requisition Q06 p0:A02#1");
    act(&f, "done");
    investigate(&f, 0, "S02");
    act(&f, "done");
    assign_and_resolve(&f, 0, "p0:S02#1", "p0:A02#1");
    assert_int_equal(level(&f), 5); /* MEDICAL 4 + Q06 1 */
    done_fx(&f);

    /* A01 with Q01 and Q02: LRC 2 + 2 = 4, CRC 2 + 1 = 3, in D02's Combat */
    f = start("", "Q01 Q02 S01 S02 S03 Q03 A10", "D02 C04 S04 S05 S08 Q03 Q04", "p0");
    field_team(&f, 0, "A01");
    agent(&f, 0, "A01")->section = SEC_BUREAU;
    f.s->pl[1].cp = 20;
    act(&f, "first p0");
    idle_to(&f, 0, ST_R1);
    f.s->pl[0].rp = 9;
    act(&f, "requisition Q01 p0:A01#1");
    act(&f, "requisition Q02 p0:A01#1");
    act(&f, "done");
    idle_to(&f, 0, ST_D1);
    act(&f, "move p0:A01#1 FIELD");
    act(&f, "done");
    investigate(&f, 0, "S01");
    act(&f, "done");
    assign_and_resolve(&f, 0, "p0:S01#1", "p0:A01#1");
    act(&f, "play D02"); /* it resolves: the LRC round, B first (he holds C04) */
    assert_int_equal(f.s->combat.round, 0);
    act(&f, "pass"); /* A01 deals 4, D02 (N/A) 0 */
    assert_int_equal(f.s->combat.adv_damage, 4);
    assert_int_equal(agent(&f, 0, "A01")->damage, 0);
    act(&f, "pass"); /* the first CRC round: A01 deals 3, D02 3 */
    assert_int_equal(f.s->combat.adv_damage, 7);
    assert_int_equal(agent(&f, 0, "A01")->damage, 3);
    /* with Q03 (+3 LRC) too, the best single bonus counts: 2 + 3 = 5 */
    int slot = xf_agent_slot(f.s, 0, agent(&f, 0, "A01")->inst);
    xf_player *pl = &f.s->pl[0];
    int k = find_in(&f, 0, Z_HAND, "Q03"), q03 = pl->cards[tt_piles_start(pl->n, Z_HAND) + k];
    xf_make_public(f.c, f.s, 0, q03, Z_ATTACHED, slot);
    pl->agent[slot].attached[pl->agent[slot].nattached++] = (uint8_t)q03;
    assert_int_equal(
        xf_perm_stat(f.c, f.s, 0, slot, SK_LRC) + xf_best_equipment(f.c, f.s, 0, slot, SK_LRC), 5);
    done_fx(&f);
}

/* EX-16, the comparison: D02 (LRC N/A, no skip_lrc) has an LRC round in
 * which it deals 0 and takes A05 1 + A06 3. */
static void test_EX_16_an_lrc_round_against_na(void **state)
{
    (void)state;
    fx f = start("", "D02 S01 S02 S03 Q01 Q02 A10", "C03 S01 S04 S05 S08 Q03 Q04", "p1");
    field_team(&f, 1, "A05 A06");
    f.s->pl[0].cp = 20;
    begin_at(&f, 1, "S01", "p1:A05#1");
    act(&f, "play D02"); /* B has C03: he passes, D02 resolves: the LRC round, A first,
                            who has no Combat card */
    assert_true(f.s->combat.on);
    assert_int_equal(f.s->combat.round, 0);
    assert_int_equal(f.s->check[f.s->nchecks - 1].kind, CK_LRC);
    assert_int_equal(tt_to_move(f.g, f.st), 1);
    act(&f, "pass"); /* B holds C03 and passes */
    assert_int_equal(f.s->combat.adv_damage, 4);
    assert_int_equal(agent(&f, 1, "A05")->damage, 0);
    assert_int_equal(agent(&f, 1, "A06")->damage, 0);
    assert_int_equal(f.s->combat.round, 1);
    done_fx(&f);
}

/* EX-18, the penalty question: B's answer is asked by B and answered by A;
 * later that turn A succeeds at S10 and may ask, but not guess again. */
static void test_EX_18_after_the_penalty_no_second_guess(void **state)
{
    (void)state;
    fx f = start("", "S01 S10 W01 Q01 Q02 A10 S02", QUIET_B, "p0");
    field_team_n(&f, 0, "A03 A04", 1);
    field_team_n(&f, 0, "A01 A02", 2);
    act(&f, "first p0");
    idle_to(&f, 0, ST_C1);
    f.s->pl[0].rp = 10;
    act(&f, "site S01");
    act(&f, "site S10");
    act(&f, "done");
    idle_to(&f, 0, ST_I2);
    act(&f, "assign p0:S01#1 p0:A03#1");
    act(&f, "assign p0:S10#1 p0:A01#1");
    act(&f, "done");
    act(&f, "resolve p0:S01#1");
    assert_int_equal(level(&f), 3); /* A03 3 + A04 0 */
    act(&f, "play W01");            /* +2: 5; nobody has a play left: success */
    act(&f, "ask MOTIVE IDEOLOGY");
    act(&f, "guess XF12");
    act(&f, "ask MOTIVE IDEOLOGY"); /* B's penalty question: XF01's Motive */
    assert_int_equal(f.s->pl[1].yes[0], 1u << (CAT_MOTIVE * XF_NVALUES + 2));
    assert_false(f.s->head.over);
    act(&f, "resolve p0:S10#1"); /* A01 2 + A02 2 = 4: success */
    act(&f, "ask RESULT INSANITY");
    refused(&f, "guess XF03", "XF-8.3.2");
    act(&f, "noguess");
    assert_false(f.s->head.over);
    done_fx(&f);
}

/* EX-25, the end: E09's second mode draws a card; the mode is final. */
static void test_EX_25_a_mode_is_final(void **state)
{
    (void)state;
    fx f = start("", "S01 W01 Q01 Q02 A10 S02 S03", "E09 S05 S08 Q03 Q04 S04 S01", "p0");
    field_team(&f, 0, "A01 A03");
    f.s->pl[1].cp = 4;
    begin_at(&f, 0, "S01", "p0:A01#1");
    act(&f, "pass"); /* A keeps W01 */
    act(&f, "play E09");
    act(&f, "mode 2");
    assert_int_equal(f.s->pl[1].cp, 2); /* the draw mode needs no more: paid */
    assert_int_equal(f.s->nstack, 1);
    refused(&f, "mode 1", "XF-4.3.1");
    int hand = f.s->pl[1].n[Z_HAND];
    act(&f, "pass"); /* A; B has nothing: E09 resolves */
    assert_int_equal(f.s->pl[1].n[Z_HAND], hand + 1);
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:E09#1");
    done_fx(&f);
}

/* EX-28: three players; C is neither the Investigating nor the Directed
 * Player while the Site SCS is open (XF-9.10.4), and an ordinary Conspiracy
 * player once it is closed (XF-9.10.4a). */
static fx ex28(const char *hand_c)
{
    fx f = multi(3, "D01 C02 S05 S08 Q03 Q04 S04", hand_c);
    f.s->pl[1].cp = 20;
    open_s01(&f, "p1", NULL);
    return f;
}

static void test_EX_28_three_players_who_pays_what(void **state)
{
    (void)state;
    fx f = ex28("C05 C02 S01 S03 Q01 Q02 A10");
    f.s->pl[2].rp = 9;
    f.s->pl[2].cp = 9;
    assert_int_equal(tt_to_move(f.g, f.st), 1); /* A has nothing: B */
    act(&f, "play D01");                        /* C and A have nothing for it: it resolves */
    assert_true(f.s->combat.on);                /* the LRC round, B first, then C */
    act(&f, "pass");                            /* B */
    act(&f, "play C05");                        /* on the Adversary, implied */
    assert_int_equal(f.s->stack[0].tinst, f.s->combat.adv_inst);
    assert_int_equal(f.s->pl[2].rp, 6); /* an RP card from RP */
    assert_int_equal(f.s->pl[2].cp, 9);
    act(&f, "pass"); /* B; A has nothing */
    act(&f, "play C02");
    act(&f, "target p0:A01#1");
    act(&f, "side agents");
    assert_int_equal(f.s->pl[2].rp, 4); /* helping the Agents: from RP */
    assert_int_equal(f.s->pl[2].cp, 9);
    assert_int_equal(tt_to_move(f.g, f.st), 1); /* A has nothing */
    act(&f, "play C02");
    act(&f, "target p1:D01#1"); /* B, the Directed Player: from CP, no side asked */
    assert_int_equal(f.s->pl[1].cp, 12);
    /* nobody has a play left: B's C02, C's C02 and C05 resolve; D01 deals
       LRC 2 + 2 - 2 = 2, to allocate; A01 2 + 2 and A03 1 hit D01 */
    assert_int_equal(f.s->decl.kind, A_ALLOCATE);
    assert_int_equal(f.s->decl.x, 2);
    act(&f, "allocate p1:D01#1 p0:A03#1");
    assert_int_equal(agent(&f, 0, "A03")->damage, 2);
    assert_int_equal(f.s->combat.adv_damage, 5);
    done_fx(&f);

    f = ex28("C05 C02 S01 S03 Q01 Q02 A10");
    f.s->pl[2].rp = 9;
    f.s->pl[2].cp = 9;
    act(&f, "play D01");
    act(&f, "pass"); /* B */
    act(&f, "play C02");
    act(&f, "target p1:D01#1");
    act(&f, "side conspiracy");
    assert_int_equal(f.s->pl[2].cp, 7); /* helping the Conspiracy: from CP */
    assert_int_equal(f.s->pl[2].rp, 9);
    done_fx(&f);

    /* step I5: no Site SCS is open; C pays as in a two-player game */
    f = ex28("E12 E07 S01 S03 Q01 Q02 A10");
    int k = find_in(&f, 0, Z_DECK, "W05");
    xf_player *pl = &f.s->pl[0];
    xf_make_public(f.c, f.s, 0, pl->cards[tt_piles_start(pl->n, Z_DECK) + k], Z_RESOURCE, 0);
    f.s->pl[2].rp = 9;
    f.s->pl[2].cp = 9;
    while (!(f.s->step == ST_I5 && tt_to_move(f.g, f.st) == 2))
        act(&f, f.s->decl.kind == A_ASK ? "noask" : f.s->decl.kind == A_GUESS ? "noguess" : "pass");
    refused(&f, "play E07", "XF-5.0.4");
    act(&f, "play E12"); /* the only RESOURCE in play: implied */
    assert_int_equal(f.s->pl[2].cp, 6);
    assert_int_equal(f.s->pl[2].rp, 9);
    done_fx(&f);
}

/* XF-2.14.2: a RESOURCE with `uses` 2 goes after its second application;
 * E12 aimed at it then finds no target and has no effect (XF-5.0.9). */
static void test_XF_2_14_2_a_resource_used_up(void **state)
{
    (void)state;
    fx f = start("", "S04 Q01 Q02 A10 S01 S02 S03", "B03 E12 S05 S08 Q03 Q04 S04", "p0");
    ((xf_content *)f.c)->def[xf_find_def(f.c, "W05")].uses = 2;
    int k = find_in(&f, 0, Z_DECK, "W05");
    xf_player *pl = &f.s->pl[0];
    int w05 = pl->cards[k];
    xf_make_public(f.c, f.s, 0, w05, Z_RESOURCE, 0);
    field_team(&f, 0, "A01 A02");
    act(&f, "first p0");
    investigate(&f, 0, "S04");
    act(&f, "facedown B03 p0:S04#1");
    act(&f, "done");
    f.s->pl[0].rp = 3;
    f.s->pl[1].cp = 10;
    assign_and_resolve(&f, 0, "p0:S04#1", "p0:A01#1");
    act(&f, "bluff p1:B03#1 pay");
    assert_int_equal(f.s->pl[0].rp, 4); /* the first application */
    assert_int_equal(xf_zone(pl, w05), Z_RESOURCE);
    assert_int_equal(pl->aux[w05], 1);
    assert_true(view_has(&f, 1, "resources p0:W05#1 used 1/2\n"));
    act(&f, "play E12");
    assert_int_equal(f.s->pl[0].rp, 5); /* the second, and the last: W05 goes */
    assert_int_equal(xf_zone(pl, w05), Z_DISCARD);
    /* E12 resolves without its target, then B03: threshold 6, level 4 fails */
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:W05#1 p0:S04#1");
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:E12#1 p1:B03#1");
    done_fx(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_20_stack_order_and_the_same_name_in_one_check),
        cmocka_unit_test(test_EX_22_two_option_site_and_focused_question),
        cmocka_unit_test(test_EX_23_a_forced_nested_check),
        cmocka_unit_test(test_EX_13_revealing_face_down_cards),
        cmocka_unit_test(test_EX_18_question_wrong_guess_penalty),
        cmocka_unit_test(test_EX_18_ask_question_grants_no_guess),
        cmocka_unit_test(test_EX_27_optional_guessing_rules),
        cmocka_unit_test(test_EX_7_choosing_not_to_heal),
        cmocka_unit_test(test_EX_14_a_full_turn),
        cmocka_unit_test(test_XF_8_5_3_concession_during_an_investigation),
        cmocka_unit_test(test_EX_11_activator_matching),
        cmocka_unit_test(test_EX_25_any_cost_two_copies_in_one_round),
        cmocka_unit_test(test_EX_24_a_bluff_paid_at_the_reveal_triggers),
        cmocka_unit_test(test_EX_15_casualty_window_and_a_lone_agent),
        cmocka_unit_test(test_EX_16_skipped_lrc_versus_na),
        cmocka_unit_test(test_EX_12_a_keyword_on_a_team),
        cmocka_unit_test(test_EX_30_a_combat_that_cannot_end_by_itself),
        cmocka_unit_test(test_XF_5_8_3_a_combat_witness_fights),
        cmocka_unit_test(test_EX_7a_automatic_healing_investigates),
        cmocka_unit_test(test_EX_8_equipment_in_checks_and_combat),
        cmocka_unit_test(test_EX_16_an_lrc_round_against_na),
        cmocka_unit_test(test_EX_18_after_the_penalty_no_second_guess),
        cmocka_unit_test(test_EX_25_a_mode_is_final),
        cmocka_unit_test(test_EX_28_three_players_who_pays_what),
        cmocka_unit_test(test_XF_2_14_2_a_resource_used_up),
        cmocka_unit_test(test_XF_5_8_9_a_combat_witness_at_0),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
