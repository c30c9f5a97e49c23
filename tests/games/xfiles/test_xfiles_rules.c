/* X-Files rules that no worked example of section 10 settles: cards that
 * leave or lose their target while others wait on them, limits that last a
 * turn, what a Combat needs to begin, and what the penalty may ask. Each test
 * names its rules and asserts the exact pools, piles, sections and results,
 * or the rule of the refusal (nothing changed, XF-5.0.3).
 *
 * Fixture: xf_fixture.h (section 10: p0 is A with DECK_A and XF01, p1 is B
 * with DECK_B and XF03). Players with no legal play pass by themselves
 * (XF-4.3.5), so a test applies only the decisions of players who hold one. */
#include "xf_fixture.h"

/* The slot of seat p's Agent `id`. */
static int slot_of(fx *f, int p, const char *id)
{
    return (int)(agent(f, p, id) - f->s->pl[p].agent);
}

/* XF-9.3.6, 2.14.1 MOVE_AGENT: an Agent sent to a Site this turn may not be
 * moved by an effect, also once its Site is resolved and discarded. A's Team
 * {A01, A03} investigates S01 (level 6, threshold 4) and succeeds; in the
 * I5 window A plays E10 (Rapid Transfer, 1 RP): A01 is refused, A02 from the
 * Bureau, sent nowhere, moves to the Field. */
static void test_XF_9_3_6_an_agent_back_from_its_site_is_not_moved(void **state)
{
    (void)state;
    fx f = start("", "S01 E10 Q01 Q02 A10 S02 S03", QUIET_B, "p0");
    field_team(&f, 0, "A01 A03");
    begin_at(&f, 0, "S01", "p0:A01#1");
    assert_int_equal(level(&f), 6);
    act(&f, "pass"); /* A; B passes by himself: 6 >= 4 */
    act(&f, "noask");
    act(&f, "noguess");
    assert_int_equal(f.s->step, ST_I5);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:S01#1");
    int rp = f.s->pl[0].rp;
    act(&f, "play E10");
    refused(&f, "target p0:A01#1", "XF-9.3.6");
    refused(&f, "target p0:A03#1", "XF-9.3.6");
    act(&f, "target p0:A02#1");
    act(&f, "to FIELD"); /* B cannot answer: E10 resolves */
    assert_int_equal(agent(&f, 0, "A02")->section, SEC_FIELD);
    assert_int_equal(agent(&f, 0, "A01")->section, SEC_FIELD);
    assert_int_equal(f.s->pl[0].rp, rp - 1);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:S01#1 p0:E10#1");
    done_fx(&f);
}

/* XF-5.0.9, 5.0.10, 2.14.1 CHANGE_KEYWORD: a keyword change whose keyword
 * is gone when it resolves does nothing, and its cost stays paid. At S01
 * (SITE MONO MOTIVE BEHAVIORAL) A plays E09 mode 1, MOTIVE into RESULT
 * (2 RP, ANY); B answers with his E09, MOTIVE into AFFILIATION (2 CP). B's
 * resolves first: S01 has AFFILIATION; A's finds no MOTIVE and goes to A's
 * discard pile without effect. */
static void test_XF_5_0_9_a_keyword_change_that_lost_its_keyword(void **state)
{
    (void)state;
    fx f = start("", "S01 E09 Q01 Q02 A10 S02 S03", "E09 S04 S05 S08 Q03 Q04 Q05", "p0");
    field_team(&f, 0, "A01 A03");
    begin_at(&f, 0, "S01", "p0:A01#1");
    int rp = f.s->pl[0].rp, cp = f.s->pl[1].cp;
    act(&f, "play E09");
    act(&f, "mode 1"); /* the target, S01, is implied */
    act(&f, "change MOTIVE RESULT");
    act(&f, "play E09"); /* B */
    act(&f, "mode 1");
    act(&f, "change MOTIVE AFFILIATION"); /* neither has more to play: B's E09 resolves,
                                             then A's, and the window closes: 6 >= 4 */
    assert_int_equal(f.s->decl.kind, A_ASK);
    assert_int_equal(f.s->pl[1].cp, cp - 2);
    assert_int_equal(f.s->nstack, 0);
    xf_words w = xf_card_words(f.c, f.s, 0, f.s->pl[0].site[f.s->investigating].inst);
    assert_true(xf_words_has(&w, W_AFFILIATION));
    assert_false(xf_words_has(&w, W_MOTIVE));
    assert_false(xf_words_has(&w, W_RESULT));
    assert_int_equal(f.s->nkwc, 1);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:E09#1");
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:E09#1");
    assert_int_equal(f.s->pl[0].rp, rp - 2); /* nothing refunded */
    done_fx(&f);
}

/* XF-9.5.3, 5.8.2: once the Combat has begun, a NEGATE Event can no longer
 * stop the Adversary. B's D01 resolves against A's Team {A01, A03} at S01;
 * in the LRC round A still holds E01 (3 RP) and C02: E01 is refused. */
static void test_XF_9_5_3_no_negate_once_the_combat_began(void **state)
{
    (void)state;
    fx f = start("", "S01 E01 C02 Q01 Q02 A10 S02", "D01 S04 S05 S08 Q03 Q04 Q05", "p0");
    field_team(&f, 0, "A01 A03");
    f.s->pl[1].cp = 10;
    begin_at(&f, 0, "S01", "p0:A01#1");
    act(&f, "play D01"); /* B: A had nothing to play yet */
    act(&f, "pass");     /* A; B passes by himself: D01 resolves */
    assert_true(f.s->combat.on);
    assert_int_equal(f.s->check[f.s->nchecks - 1].kind, CK_LRC);
    assert_int_equal(tt_to_move(f.g, f.st), 0); /* B had no Combat card */
    refused(&f, "play E01", "XF-5.8.2");
    done_fx(&f);
}

/* XF-5.8.10, 5.0.9: a Combat needs an Agent of the Team in it. B's D03
 * (4 CP) waits on the stack against A's lone A03 (HEALTH 3, damage 2) at
 * S03 when A03 takes its last point (INSANITY, a forced check's damage or a
 * DAMAGE card can do this while the Adversary waits) and goes to the
 * Hospital. D03 then resolves against nobody: no round is fought, D03 goes
 * to B's discard pile, and the Site check resumes, where S03 fails. */
static void test_XF_5_8_10_no_combat_without_an_agent(void **state)
{
    (void)state;
    fx f = start("", "S03 E01 Q01 Q02 A10 S01 S02", "D03 C04 S05 S08 Q03 Q04 S01", "p0");
    field_team(&f, 0, "A03");
    agent(&f, 0, "A03")->damage = 2;
    f.s->pl[1].cp = 10;
    begin_at(&f, 0, "S03", "p0:A03#1");
    act(&f, "play D03"); /* B: A had nothing to play */
    assert_int_equal(f.s->pl[1].cp, 6);
    assert_int_equal(tt_to_move(f.g, f.st), 0); /* A could answer with E01 */
    xf_damage_agent(f.c, f.s, 0, slot_of(&f, 0, "A03"), 1, NULL);
    assert_int_equal(agent(&f, 0, "A03")->section, SEC_HOSPITAL);
    act(&f, "pass"); /* A; B cannot play C04 outside a Combat: D03 resolves, and the
                        window closes */
    assert_false(f.s->combat.on);
    assert_int_equal(f.s->nchecks, 0); /* the Site check closed: nobody contributes */
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:D03#1");
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:S03#1");
    assert_int_equal(f.s->pl[1].cp, 6); /* nothing refunded (XF-5.0.10) */
    done_fx(&f);

    /* A combat Witness does not keep a Combat going (XF-5.8.10), nor start
     * one: B's W04 (HEALTH 3, LRC 2) has joined his lone A09 (HEALTH 2,
     * damage 1) at S05 when A09 goes to the Hospital under A's waiting D03
     * (HEALTH 4, LRC 4). D03 fights no round: W04 stays joined, unhurt. */
    f = start("", "D03 S01 S02 S03 S04 Q01 Q02", "S05 W04 W05 E01 S08 Q03 Q04", "p1");
    field_team(&f, 1, "A09");
    agent(&f, 1, "A09")->damage = 1;
    begin_at(&f, 1, "S05", "p1:A09#1");
    act(&f, "play W04"); /* B: its Team is implied */
    act(&f, "pass");     /* A */
    act(&f, "pass");     /* B, who keeps W05: W04 resolves and joins */
    assert_int_equal(f.s->njoined, 1);
    act(&f, "pass");     /* B */
    act(&f, "play D03"); /* A */
    xf_damage_agent(f.c, f.s, 1, slot_of(&f, 1, "A09"), 1, NULL);
    assert_int_equal(agent(&f, 1, "A09")->section, SEC_HOSPITAL);
    act(&f, "pass"); /* B: D03 resolves against nobody; the Site check resumes, B first */
    assert_false(f.s->combat.on);
    assert_int_equal(f.s->nchecks, 1);
    assert_int_equal(tt_to_move(f.g, f.st), 1);
    assert_int_equal(f.s->njoined, 1);
    assert_int_equal(f.s->joined[0].damage, 0);
    assert_int_equal(xf_zone(&f.s->pl[1], f.s->joined[0].inst), Z_COMBAT);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:D03#1");
    done_fx(&f);
}

/* XF-8.4.1, 2.5.3: the focused question binds only the guesser. A's Team
 * {A01, A03} at S07 announces BEHAVIORAL with focus (threshold 4, level 6),
 * asks RESULT INSANITY and guesses XF12 wrongly; B's penalty may ask in
 * either category S07 lists, not only the focused one. */
static void test_XF_8_4_1_the_penalty_asks_any_category_of_the_site(void **state)
{
    (void)state;
    fx f = start("", "S07 E07 Q02 A10 S01 S02 S03", QUIET_B, "p0");
    field_team(&f, 0, "A01 A03");
    begin_at(&f, 0, "S07", "p0:A01#1");
    act(&f, "skill BEHAVIORAL");
    act(&f, "focus yes");
    assert_int_equal(threshold(&f), 4);
    act(&f, "pass"); /* A; B passes by himself */
    act(&f, "ask RESULT INSANITY");
    act(&f, "guess XF12");
    assert_int_equal(tt_to_move(f.g, f.st), 1);
    refused(&f, "ask METHOD POSSESSION", "XF-8.2.2"); /* S07 lists MOTIVE and RESULT */
    act(&f, "ask MOTIVE IDEOLOGY");
    assert_true(f.s->pl[1].yes[0] >> (CAT_MOTIVE * XF_NVALUES + 2) & 1); /* XF01: IDEOLOGY */
    assert_false(f.s->head.over);
    done_fx(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_XF_9_3_6_an_agent_back_from_its_site_is_not_moved),
        cmocka_unit_test(test_XF_5_0_9_a_keyword_change_that_lost_its_keyword),
        cmocka_unit_test(test_XF_9_5_3_no_negate_once_the_combat_began),
        cmocka_unit_test(test_XF_5_8_10_no_combat_without_an_agent),
        cmocka_unit_test(test_XF_8_4_1_the_penalty_asks_any_category_of_the_site),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
