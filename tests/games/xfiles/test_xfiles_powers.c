/* The X-File Powers (XF-9.13, opt_xfile_powers=1): how a value becomes
 * revealed and who knows it, each of the sixteen powers with its tokens,
 * its moment and its refusals, and what determinize keeps. Each test
 * asserts the exact pools, piles, damage, levels and prices, or the rule of
 * the refusal. With the powers on, a player who may still announce a value
 * holds priority in every window, so the tests pass for him explicitly.
 * Fixture: xf_fixture.h (p0 is A with XF01, p1 is B with XF03). */
#include "xf_fixture.h"

#define POWERS "opt_xfile_powers=1"

/* Seat p's X-File becomes `id`, with every value revealed and known to all. */
static void give(fx *f, int p, const char *id)
{
    f->s->pl[p].xfile = (uint8_t)xf_find_xfile(f->c, id);
    f->s->pl[p].pw.revealed = f->s->pl[p].pw.pub = 0xF;
}

/* p0's Site S01 (BEHAVIORAL, MOTIVE) investigated by his Team {A01, A03};
 * its check's window opens with p0 holding priority. */
static void s01_check(fx *f)
{
    field_team(f, 0, "A01 A03");
    act(f, "first p0");
    f->s->pl[0].pw.pub = f->s->pl[0].pw.revealed = 0xF; /* nothing left to announce */
    investigate(f, 0, "S01");
    act(f, "done");
    assign_and_resolve(f, 0, "p0:S01#1", "p0:A01#1");
}

/* The same at S03 (OCCULT_INVESTIGATION, AFFILIATION), where an Adversary
 * such as D03 may come. */
static void s03_check(fx *f)
{
    field_team(f, 0, "A01 A03");
    act(f, "first p0");
    f->s->pl[0].pw.pub = f->s->pl[0].pw.revealed = 0xF;
    investigate(f, 0, "S03");
    act(f, "done");
    assign_and_resolve(f, 0, "p0:S03#1", "p0:A01#1");
}

/* A game of quiet hands in which p1 has X-File `xfile`, every value known,
 * at the start of p0's first turn. */
static fx quiet(const char *xfile)
{
    fx f = start(POWERS, QUIET_A, QUIET_B, "p0");
    give(&f, 1, xfile);
    act(&f, "first p0");
    return f;
}

/* Into the window of p0's step H4, where p0 passes: p1 holds priority. */
static void healing_window(fx *f)
{
    idle_to_window(f, 0, ST_H4);
    act(f, "pass");
}

/* XF-9.13.1: an announcement, and a yes to a question, reveal a value. */
static void test_XF_9_13_1_revealed_by_announcement_and_by_a_yes(void **state)
{
    (void)state;
    fx f = start(POWERS, "E02 S01 S02 S03 Q01 Q02 A10", QUIET_B, "p0");
    act(&f, "first p0"); /* B1's window: p0 holds priority */
    refused(&f, "announce SECURITY", "XF-9.13.1");
    refused(&f, "power IDEOLOGY", "XF-9.13.1");
    act(&f, "announce IDEOLOGY");
    assert_int_equal(f.s->pl[0].pw.revealed, 1 << CAT_MOTIVE);
    assert_int_equal(f.s->pl[0].pw.pub, 1 << CAT_MOTIVE);
    assert_int_equal(tt_to_move(f.g, f.st), 0); /* an announcement keeps priority */
    refused(&f, "announce IDEOLOGY", "XF-9.13.1");
    assert_true(view_has(&f, 1, "\n  powers: IDEOLOGY\n"));
    act(&f, "play E02");
    act(&f, "pass"); /* B */
    act(&f, "pass"); /* A: E02 resolves, A asks */
    act(&f, "ask METHOD THREATS");
    assert_int_equal(f.s->pl[1].pw.revealed, 1 << CAT_METHOD);
    assert_int_equal(f.s->pl[1].pw.pub, 1 << CAT_METHOD); /* two players: all see answers */
    assert_int_equal(xf_power_tokens(f.s, 1, PW_THREATS), 3);
    assert_true(view_has(&f, 0, "\n  powers: THREATS 3 tokens\n"));
    assert_true(view_has(&f, 1,
                         "\n  powers: GOVERNMENT (hidden), SECURITY (hidden), THREATS 3 tokens, "
                         "MANIPULATION_OF_EVIDENCE (hidden)\n"));
    done_fx(&f);

    f = start("", "E02 S01 S02 S03 Q01 Q02 A10", QUIET_B, "p0"); /* without the option */
    act(&f, "first p0");
    refused(&f, "announce IDEOLOGY", "XF-9.13.1");
    done_fx(&f);
}

/* XF-9.13.1 CONTROL: once per turn, in an opponent's Healing Phase. */
static void test_XF_9_13_1_control(void **state)
{
    (void)state;
    fx f = quiet("XF07");
    act(&f, "pass"); /* A, in B1's window; B has no use of CONTROL there */
    refused(&f, "power CONTROL", "XF-9.13.1"); /* step B2: p0 decides the free draw */
    int rp = f.s->pl[0].rp + 4;                /* B3: A02, A03, A04 (A01 makes purchase points) */
    healing_window(&f);
    assert_int_equal(f.s->pl[0].rp, rp);
    act(&f, "power CONTROL");
    assert_int_equal(f.s->pl[0].rp, rp - 1);
    act(&f, "pass");                           /* A: priority came back to him */
    refused(&f, "power CONTROL", "XF-9.13.1"); /* once per turn */
    done_fx(&f);
}

/* XF-9.13.1 SUBTERFUGE: the Investigating Player discards a card he picks. */
static void test_XF_9_13_1_subterfuge(void **state)
{
    (void)state;
    fx f = quiet("XF02");
    healing_window(&f);
    int hand = f.s->pl[0].n[Z_HAND];
    act(&f, "power SUBTERFUGE");
    assert_int_equal(tt_to_move(f.g, f.st), 0);
    refused(&f, "pass", "XF-2.14.1"); /* the discard first */
    act(&f, "discard A10");
    assert_int_equal(f.s->pl[0].n[Z_HAND], hand - 1);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:A10#1");
    done_fx(&f);
}

/* XF-9.13.1 KNOWLEDGE: in step B5, right after P's Briefing draws; a token. */
static void test_XF_9_13_1_knowledge(void **state)
{
    (void)state;
    fx f = quiet("XF02");
    idle_to(&f, 0, ST_B5);
    assert_int_equal(tt_to_move(f.g, f.st), 1);
    act(&f, "power KNOWLEDGE");
    assert_int_equal(xf_power_tokens(f.s, 1, PW_KNOWLEDGE), 1);
    assert_string_equal(view_line(&f, 1, "  in his hand you saw:"),
                        "  in his hand you saw: A10 S01 S02 S03 S04 Q01 Q02");
    refused(&f, "power KNOWLEDGE", "XF-9.13.1"); /* once in a turn */
    /* XF-6.8: a card seen in a hand is known there only while it stays: one
       discarded, shuffled back and drawn again is a card like any other */
    xf_player *pl = &f.s->pl[0];
    int a10 = pl->cards[tt_piles_start(pl->n, Z_HAND) + find_in(&f, 0, Z_HAND, "A10")];
    xf_to_discard(f.c, f.s, 0, a10);
    assert_false(f.s->pl[1].known[0][a10 >> 6] >> (a10 & 63) & 1);
    xf_pile_move(pl, Z_DISCARD, pl->n[Z_DISCARD] - 1, Z_DECK);
    xf_draw(f.c, f.s, 0, NULL);
    assert_string_equal(view_line(&f, 1, "  in his hand you saw:"),
                        "  in his hand you saw: S01 S02 S03 S04 Q01 Q02");
    healing_window(&f);
    refused(&f, "power KNOWLEDGE", "XF-9.13.1"); /* only in step B5 */
    done_fx(&f);
}

/* XF-9.13.1 SURVIVAL: 1 damage, never to the same Agent in two consecutive
 * turns of its owner. */
static void test_XF_9_13_1_survival(void **state)
{
    (void)state;
    fx f = quiet("XF04");
    healing_window(&f);
    act(&f, "power SURVIVAL");
    act(&f, "target p0:A01#1");
    assert_int_equal(agent(&f, 0, "A01")->damage, 1);
    idle_to(&f, 1, ST_C1);
    healing_window(&f); /* turn 3 */
    act(&f, "power SURVIVAL");
    refused(&f, "target p0:A01#1", "XF-9.13.1");
    act(&f, "target p0:A02#1");
    idle_to(&f, 1, ST_C1);
    healing_window(&f); /* turn 5: A01 again */
    act(&f, "power SURVIVAL");
    act(&f, "target p0:A01#1");
    assert_int_equal(agent(&f, 0, "A01")->damage, 2);
    assert_int_equal(agent(&f, 0, "A02")->damage, 1);
    done_fx(&f);
}

/* XF-9.13.1 THREATS negates an opponent's Witness on the stack; INSANITY
 * hurts the Team of a Witness's player. */
static void test_XF_9_13_1_threats_and_insanity(void **state)
{
    (void)state;
    fx f = start(POWERS, "S01 W01 W03 E07 Q01 Q02 A10", QUIET_B, "p0");
    give(&f, 1, "XF03");
    s01_check(&f);
    assert_int_equal(level(&f), 6);
    act(&f, "play W01");
    act(&f, "power THREATS"); /* B: the one Witness is implied */
    assert_int_equal(xf_power_tokens(f.s, 1, PW_THREATS), 2);
    assert_int_equal(f.s->nstack, 0);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:W01#1");
    done_fx(&f);

    f = start(POWERS, "S01 W01 W03 E07 Q01 Q02 A10", QUIET_B, "p0");
    give(&f, 1, "XF08"); /* INSANITY */
    s01_check(&f);
    act(&f, "play W01");
    assert_int_equal(f.s->decl.kind, A_HURT); /* two Agents outside the Hospital */
    assert_int_equal(tt_to_move(f.g, f.st), 0);
    refused(&f, "hurt p0:A10#1", "XF-9.13.1");
    act(&f, "hurt p0:A03#1");
    assert_int_equal(agent(&f, 0, "A03")->damage, 1);
    assert_int_equal(f.s->nstack, 1); /* W01 waits on the stack */
    done_fx(&f);
}

/* XF-9.13.1 PHYSIOLOGICAL_IMBALANCE: -2 to one Agent's contribution. */
static void test_XF_9_13_1_physiological_imbalance(void **state)
{
    (void)state;
    fx f = start(POWERS, "S01 E07 Q01 Q02 A10 S02 S03", "E05 S04 S05 S08 Q03 Q04 Q05", "p0");
    give(&f, 1, "XF07");
    f.s->pl[1].cp = 10; /* E05 keeps B in the window */
    s01_check(&f);
    assert_int_equal(level(&f), 6);
    act(&f, "pass"); /* A */
    act(&f, "power PHYSIOLOGICAL_IMBALANCE");
    refused(&f, "target p1:A05#1", "XF-9.13.1");
    act(&f, "target p0:A03#1");
    assert_int_equal(level(&f), 4);
    assert_int_equal(xf_power_tokens(f.s, 1, PW_PHYSIOLOGICAL_IMBALANCE), 2);
    act(&f, "pass");                                           /* A */
    refused(&f, "power PHYSIOLOGICAL_IMBALANCE", "XF-9.13.1"); /* once per turn */
    done_fx(&f);
}

/* XF-9.13.1 IDEOLOGY: a value keyword becomes another of its category until
 * the end of the turn. */
static void test_XF_9_13_1_ideology(void **state)
{
    (void)state;
    fx f = start(POWERS, "S01 E07 Q01 Q02 A10 S02 S03", "E04 S04 S05 S08 Q03 Q04 Q05", "p0");
    f.s->pl[1].cp = 10;
    s01_check(&f);
    act(&f, "pass");           /* A */
    act(&f, "play E04");       /* B: GOVERNMENT, on the stack */
    act(&f, "power IDEOLOGY"); /* the one card with a value keyword is implied */
    refused(&f, "change GOVERNMENT SUBTERFUGE", "XF-9.13.1");
    act(&f, "change GOVERNMENT ALIEN");
    xf_words w = xf_card_words(f.c, f.s, 1, f.s->stack[0].inst);
    assert_true(xf_words_has(&w, f.c->value_word[CAT_AFFILIATION][0]));
    assert_false(xf_words_has(&w, f.c->value_word[CAT_AFFILIATION][1]));
    refused(&f, "power IDEOLOGY", "XF-9.13.1"); /* once per turn */
    done_fx(&f);
}

/* XF-9.13.1 MANIPULATION: a CP Event costs 1 less; SECURITY: a Bluff 1
 * less face up, 2 less face down; MANIPULATION_OF_EVIDENCE: a Site 1 RP
 * more for the opponents. */
static void test_XF_9_13_1_prices(void **state)
{
    (void)state;
    fx f = start(POWERS, "S01 E07 Q01 Q02 A10 S02 S03", "E04 B02 S05 S08 Q03 Q04 Q05", "p0");
    give(&f, 1, "XF07"); /* MANIPULATION */
    f.s->pl[1].cp = 10;
    s01_check(&f);
    act(&f, "pass");
    act(&f, "play E04");
    assert_int_equal(f.s->pl[1].cp, 7);
    done_fx(&f);

    f = start(POWERS, "S01 E07 Q01 Q02 A10 S02 S03", "B02 B03 S05 S08 Q03 Q04 Q05", "p0");
    give(&f, 1, "XF03"); /* SECURITY, MANIPULATION_OF_EVIDENCE */
    f.s->pl[1].cp = 10;
    field_team(&f, 0, "A01 A03");
    act(&f, "first p0");
    f.s->pl[0].pw.pub = f.s->pl[0].pw.revealed = 0xF;
    idle_to(&f, 0, ST_C1);
    f.s->pl[0].rp = 10;
    act(&f, "site S01");
    assert_int_equal(f.s->pl[0].rp, 7); /* S01 costs 2, and 1 more */
    f.s->pl[0].rp = 2;
    refused(&f, "site S02", "XF-5.0.5");
    act(&f, "done");
    act(&f, "facedown B03 p0:S01#1");
    act(&f, "done");
    assign_and_resolve(&f, 0, "p0:S01#1", "p0:A01#1");
    act(&f, "bluff p1:B03#1 pay"); /* 4 - 1 - 2 */
    assert_int_equal(f.s->pl[1].cp, 9);
    done_fx(&f);
}

/* XF-9.13.1 ABDUCTION: the Agent lies face up 11th from the top of its
 * owner's deck, and comes back to the Hospital undamaged. */
static void test_XF_9_13_1_abduction(void **state)
{
    (void)state;
    fx f = quiet("XF02");
    agent(&f, 0, "A01")->damage = 2;
    act(&f, "pass"); /* A */
    act(&f, "power ABDUCTION");
    act(&f, "target p0:A01#1");
    xf_player *pl = &f.s->pl[0];
    assert_int_equal(pl->cards[pl->n[Z_DECK] - 11], 0); /* instance 0: A01 */
    assert_int_equal(xf_label(pl, 0), 1);
    assert_int_equal(xf_zone(pl, 0), Z_DECK);
    assert_true(view_has(&f, 1, "deck, face up 11th from the top: p0:A01#1"));
    for (int k = 0; k < 10; k++)
        xf_draw(f.c, f.s, 0, NULL);
    assert_int_equal(xf_zone(pl, 0), Z_AGENT);
    assert_int_equal(agent(&f, 0, "A01")->section, SEC_HOSPITAL);
    assert_int_equal(agent(&f, 0, "A01")->damage, 0);
    assert_int_equal(xf_power_tokens(f.s, 1, PW_ABDUCTION), 1);
    tt_error err;
    assert_int_equal(tt_sanity(f.g, f.st, &err), TT_OK);
    done_fx(&f);
}

/* ABDUCTION with fewer than 10 cards in the deck: the discard pile goes
 * under it first, and an Agent with nothing above it returns at once. */
static void test_XF_9_13_1_abduction_short_deck(void **state)
{
    (void)state;
    fx f = quiet("XF02");
    xf_player *pl = &f.s->pl[0];
    while (pl->n[Z_DECK] > 3)
        xf_to_discard(f.c, f.s, 0, pl->cards[pl->n[Z_DECK] - 1]);
    int discarded = pl->n[Z_DISCARD];
    act(&f, "pass");
    act(&f, "power ABDUCTION");
    act(&f, "target p0:A02#1");
    assert_int_equal(pl->n[Z_DISCARD], 0);
    assert_int_equal(pl->n[Z_DECK], 3 + discarded + 1);
    assert_int_equal(pl->cards[pl->n[Z_DECK] - 11], 1); /* A02: ten above it */
    done_fx(&f);

    f = quiet("XF02");
    pl = &f.s->pl[0];
    while (pl->n[Z_DECK])
        xf_pile_move(pl, Z_DECK, 0, Z_HAND);
    act(&f, "pass");
    act(&f, "power ABDUCTION");
    act(&f, "target p0:A02#1");
    assert_int_equal(agent(&f, 0, "A02")->section, SEC_HOSPITAL); /* nothing above it */
    assert_int_equal(pl->n[Z_DECK], 0);
    done_fx(&f);
}

/* XF-9.13.1 VIOLENCE: an Adversary from the discard pile, 2 CP cheaper;
 * DEATH: the first Combat card on one's own Adversary is free. */
static void test_XF_9_13_1_violence_and_death(void **state)
{
    (void)state;
    fx f = start(POWERS, "S03 Q01 Q02 A10 S01 S02 E07", "C04 C04 S04 S05 S08 Q03 Q04", "p0");
    give(&f, 1, "XF04"); /* VIOLENCE, DEATH */
    f.s->pl[1].cp = 10;
    int d03 = find_in(&f, 1, Z_DECK, "D03");
    xf_to_discard(f.c, f.s, 1, f.s->pl[1].cards[d03]);
    s03_check(&f);
    act(&f, "pass");                                /* A */
    refused(&f, "power VIOLENCE D01", "XF-9.13.1"); /* not in his discard pile */
    act(&f, "power VIOLENCE D03");
    assert_int_equal(f.s->pl[1].cp, 8); /* 4 - 2 */
    assert_int_equal(xf_power_tokens(f.s, 1, PW_VIOLENCE), 1);
    assert_int_equal(f.s->nstack, 1);
    act(&f, "pass"); /* A; B passes by himself: D03 resolves, the LRC round opens with B */
    assert_true(f.s->combat.on);
    act(&f, "play C04");                /* on D03, the one target */
    assert_int_equal(f.s->pl[1].cp, 8); /* DEATH: free */
    act(&f, "pass");
    act(&f, "play C04");
    assert_int_equal(f.s->pl[1].cp, 6);
    done_fx(&f);
}

/* XF-9.13.1 POSSESSION: an Agent damaged this turn fights for the Adversary. */
static void test_XF_9_13_1_possession(void **state)
{
    (void)state;
    fx f = start(POWERS, "S03 Q01 Q02 A10 S01 S02 E07", "D03 C04 S05 S08 Q03 Q04 S01", "p0");
    give(&f, 1, "XF08"); /* POSSESSION, INSANITY; C04 keeps B in the Combat's window */
    f.s->pl[1].cp = 10;
    s03_check(&f);
    act(&f, "pass");
    act(&f, "play D03");
    act(&f, "pass"); /* A; B passes by himself: D03 resolves; the LRC round, B first */
    refused(&f, "power POSSESSION", "XF-9.13.1"); /* nobody was damaged this turn */
    xf_damage_agent(f.c, f.s, 0, (int)(agent(&f, 0, "A01") - f.s->pl[0].agent), 1, NULL);
    assert_int_equal(xf_combat_out(f.c, f.s, -1), 4);
    act(&f, "power POSSESSION"); /* A01, the one damaged, is implied */
    assert_int_equal(f.s->combat.possessed, 1);
    assert_int_equal(xf_agent_side(f.c, f.s), 1u << 2);   /* A03 alone against D03 */
    assert_int_equal(xf_combat_out(f.c, f.s, -1), 4 + 2); /* D03, and A01's LRC */
    done_fx(&f);
}

/* XF-9.13.1, an Affiliation value: the owner's Adversaries of that value
 * ignore their K_SITE activators. */
static void test_XF_9_13_1_affiliation(void **state)
{
    (void)state;
    fx f = start(POWERS, "S03 Q01 Q02 A10 S01 S02 E07", "D01 S04 S05 S08 Q03 Q04 S01", "p0");
    f.s->pl[1].xfile = (uint8_t)xf_find_xfile(f.c, "XF05"); /* PRIMORDIAL, hidden */
    f.s->pl[1].pw.pub = f.s->pl[1].pw.revealed = 0xE;
    f.s->pl[1].cp = 10;
    s03_check(&f); /* AFFILIATION: D01 wants a MOTIVE Site */
    act(&f, "pass");
    refused(&f, "play D01", "XF-2.12.1");
    act(&f, "announce PRIMORDIAL");
    act(&f, "play D01");
    assert_int_equal(f.s->pl[1].cp, 4);
    done_fx(&f);
}

/* XF-6.10 with the powers: with three players an answer is seen by the two
 * alone, and so is the value it revealed; determinize keeps what the viewer
 * knows and resamples only X-Files that agree with every public value. */
static void test_XF_9_13_1_who_knows_a_revealed_value(void **state)
{
    (void)state;
    fx f = game("players=3 p2=deck_a " POWERS);
    act(&f, "xfile XF01");
    act(&f, "xfile XF03");
    act(&f, "xfile XF05");
    xf_power_reveal(f.c, f.s, 1, CAT_METHOD, 0); /* a yes p0 received */
    f.s->pl[0].asked[1] = f.s->pl[0].yes[1] = 1u << (CAT_METHOD * XF_NVALUES + 4);
    xf_power_reveal(f.c, f.s, 1, CAT_MOTIVE, 1); /* announced */
    assert_int_equal(xf_reveals_known(f.s, 0, 1), 1 << CAT_METHOD | 1 << CAT_MOTIVE);
    assert_int_equal(xf_reveals_known(f.s, 2, 1), 1 << CAT_MOTIVE);
    assert_int_equal(xf_reveals_known(f.s, 1, 1), 1 << CAT_METHOD | 1 << CAT_MOTIVE);
    assert_false(view_has(&f, 2, "THREATS"));
    assert_true(view_has(&f, 0, "THREATS 3 tokens (revealed)"));
    size_t sz = tt_state_size(f.g);
    tt_state *w = malloc(sz);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        memcpy(w, f.st, sz);
        tt_determinize(f.g, w, 2, seed);
        const xf_state *d = (const xf_state *)w;
        assert_int_equal(d->pl[1].pw.revealed, 1 << CAT_MOTIVE);
        assert_int_equal(xf_power_of(f.c, d, 1, CAT_MOTIVE), PW_SECURITY);
    }
    free(w);
    done_fx(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_XF_9_13_1_revealed_by_announcement_and_by_a_yes),
        cmocka_unit_test(test_XF_9_13_1_control),
        cmocka_unit_test(test_XF_9_13_1_subterfuge),
        cmocka_unit_test(test_XF_9_13_1_knowledge),
        cmocka_unit_test(test_XF_9_13_1_survival),
        cmocka_unit_test(test_XF_9_13_1_threats_and_insanity),
        cmocka_unit_test(test_XF_9_13_1_physiological_imbalance),
        cmocka_unit_test(test_XF_9_13_1_ideology),
        cmocka_unit_test(test_XF_9_13_1_prices),
        cmocka_unit_test(test_XF_9_13_1_abduction),
        cmocka_unit_test(test_XF_9_13_1_abduction_short_deck),
        cmocka_unit_test(test_XF_9_13_1_violence_and_death),
        cmocka_unit_test(test_XF_9_13_1_possession),
        cmocka_unit_test(test_XF_9_13_1_affiliation),
        cmocka_unit_test(test_XF_9_13_1_who_knows_a_revealed_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
