/* The X-Files turn: the worked examples of the rules' section 10 that the
 * phases from Briefing to Case Assignment, the windows and the Debriefing
 * settle (EX-3 to EX-6, EX-7a, EX-8 to EX-10, EX-17, EX-19, EX-21, EX-24,
 * EX-26, EX-29), each asserting the exact pools, hands, piles, labels and
 * refusals.
 *
 * Fixture (section 10): p0 is A with DECK_A and XF01, p1 is B with DECK_B
 * and XF03. Hands and deck tops are rigged before the first turn by moving
 * instances between the piles, as `rig` will; the hands hold only cards that
 * cannot be played in the opening windows unless an example needs one, so
 * those windows pass by themselves (XF-4.3.5). */
#include "xf_fixture.h"

/* --- Briefing ----------------------------------------------------------------------------- */

/* EX-3: the free draw, RP creation with dedicated purchase points, buying. */
static void ex3_to_b4(fx *f)
{
    act(f, "first p0");
    assert_int_equal(f->s->step, ST_B2);
    act(f, "freedraw yes");
    assert_int_equal(f->s->pl[0].n[Z_HAND], 8);
    assert_int_equal(f->s->step, ST_B4); /* B3 asked nothing: no RES_SPLIT_CP Agent */
}

static void test_EX_3_briefing_with_dedicated_purchase_points(void **state)
{
    (void)state;
    fx f = start("", QUIET_A, QUIET_B, "p0");
    ex3_to_b4(&f);
    assert_int_equal(f.s->pl[0].dedicated, 2); /* A01: RES 2, RES_PURCHASE_ONLY */
    assert_int_equal(f.s->pl[0].rp, 9);        /* 5 + A02 2 + A03 1 + A04 1 */
    act(&f, "buy 2");
    assert_int_equal(f.s->pl[0].rp, 9);
    assert_int_equal(f.s->pl[0].n[Z_HAND], 10);
    assert_int_equal(f.s->pl[0].dedicated, 0);
    done_fx(&f);

    f = start("", QUIET_A, QUIET_B, "p0"); /* buy 3: dedicated 2 + 1 RP */
    ex3_to_b4(&f);
    act(&f, "buy 3");
    assert_int_equal(f.s->pl[0].rp, 8);
    assert_int_equal(f.s->pl[0].n[Z_HAND], 11);
    done_fx(&f);

    f = start("", QUIET_A, QUIET_B, "p0"); /* buy 0: the dedicated points are lost */
    ex3_to_b4(&f);
    act(&f, "buy 0");
    assert_int_equal(f.s->pl[0].rp, 9);
    assert_int_equal(f.s->pl[0].dedicated, 0);
    assert_int_equal(f.s->pl[0].n[Z_HAND], 8);
    done_fx(&f);

    f = start("", QUIET_A, QUIET_B, "p0"); /* A02 in the Hospital creates nothing */
    to_section(&f, 0, "A02", SEC_HOSPITAL, 0);
    ex3_to_b4(&f);
    assert_int_equal(f.s->pl[0].rp, 7);
    assert_int_equal(f.s->pl[0].dedicated, 2);
    done_fx(&f);
}

/* EX-4: a purchase is announced once; selling comes before buying. */
static void test_EX_4_purchases_are_announced_once(void **state)
{
    (void)state;
    fx f = start("", QUIET_A, "Q03 E02 C02 B01 S05 D01 D02", "p0");
    ex3_to_b4(&f);
    refused(&f, "buy 12", "XF-5.1.4"); /* 11 points: dedicated 2 + RP 9 */
    act(&f, "buy 2");
    /* A's purchase is over: B5 is B's, and A has bought */
    assert_int_equal(f.s->step, ST_B5);
    assert_int_equal(tt_to_move(f.g, f.st), 1);
    assert_true(f.s->pl[0].flags & PL_BOUGHT);
    act(&f, "sell Q03");
    act(&f, "done");
    refused(&f, "sell S05", "XF-9.2.1");
    act(&f, "buy 2");
    assert_int_not_equal(f.s->step, ST_B5); /* the Briefing is over (XF-5.1.6) */
    done_fx(&f);

    /* B buys first: his selling is over with it */
    f = start("", QUIET_A, "Q03 E02 C02 B01 S05 D01 D02", "p0");
    ex3_to_b4(&f);
    act(&f, "buy 0");
    act(&f, "buy 2");
    assert_true(f.s->pl[1].flags & PL_BOUGHT);
    assert_int_equal(f.s->pl[1].cp, 3);
    assert_int_not_equal(f.s->step, ST_B5);
    refused(&f, "sell S05", "XF-9.2.1");
    refused(&f, "buy 1", "XF-5.1.4"); /* A's purchase was announced, and B's */
    done_fx(&f);
}

/* EX-5: selling for CP, the marker refusing D01, then buying. */
static void test_EX_5_selling_cards_for_cp(void **state)
{
    (void)state;
    fx f = start("", QUIET_A, "Q03 E02 C02 B01 S05 D01 D02", "p0");
    ex3_to_b4(&f);
    act(&f, "buy 0");
    assert_int_equal(f.s->pl[1].cp, 5);
    act(&f, "sell Q03");
    assert_int_equal(f.s->pl[1].cp, 11);
    act(&f, "sell E02");
    assert_int_equal(f.s->pl[1].cp, 16);
    act(&f, "sell C02");
    assert_int_equal(f.s->pl[1].cp, 18);
    refused(&f, "sell D01", "XF-5.1.5");
    act(&f, "done");
    act(&f, "buy 2");
    assert_int_equal(f.s->pl[1].cp, 16);
    assert_int_equal(f.s->pl[1].n[Z_HAND], 6);
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:Q03#1 p1:E02#1 p1:C02#1");
    done_fx(&f);

    /* the seed cases: an RP 3 card adds 3 (E01), an Agent its RES (A08: 1) */
    f = start("", QUIET_A, "E01 A08 S05", "p0");
    ex3_to_b4(&f);
    act(&f, "buy 0");
    act(&f, "sell E01");
    assert_int_equal(f.s->pl[1].cp, 8);
    act(&f, "sell A08");
    assert_int_equal(f.s->pl[1].cp, 9);
    done_fx(&f);
}

/* EX-19: an empty deck takes the shuffled discard pile; with both empty
 * nothing is drawn and nothing can be bought. */
static void empty_deck(fx *f, int p, int keep, int discard)
{
    xf_player *pl = &f->s->pl[p];
    for (int i = 0; i < discard; i++)
        xf_to_discard(f->c, f->s, p, pl->cards[0]);
    while (pl->n[Z_DECK] > keep) { /* the rest leaves the game for the example */
        int inst = tt_piles_remove_at(pl->cards, pl->n, XF_NPILES, Z_DECK, 0);
        xf_set_zone(pl, inst, Z_OUT, 0);
    }
}

static void test_EX_19_empty_deck(void **state)
{
    (void)state;
    fx f = start("", QUIET_A, QUIET_B, "p0");
    for (int k = 0; k < 4; k++) /* no RES: RP stays 5 */
        to_section(&f, 0,
                   k == 0   ? "A01"
                   : k == 1 ? "A02"
                   : k == 2 ? "A03"
                            : "A04",
                   SEC_HOSPITAL, 0);
    empty_deck(&f, 0, 1, 12);
    act(&f, "first p0");
    act(&f, "freedraw no");
    act(&f, "buy 3");
    assert_int_equal(f.s->pl[0].rp, 2);
    assert_int_equal(f.s->pl[0].n[Z_DECK], 10);
    assert_int_equal(f.s->pl[0].n[Z_DISCARD], 0);
    assert_int_equal(f.s->pl[0].n[Z_HAND], 10);
    for (int i = 0; i < f.s->pl[0].n[Z_DECK]; i++) /* labels lost in the deck (XF-2.17.2) */
        assert_int_equal(xf_label(&f.s->pl[0], f.s->pl[0].cards[i]), 0);
    done_fx(&f);

    f = start("", QUIET_A, QUIET_B, "p0");
    empty_deck(&f, 0, 0, 0);
    act(&f, "first p0");
    act(&f, "freedraw yes");
    assert_int_equal(f.s->pl[0].n[Z_HAND], 7);
    refused(&f, "buy 1", "XF-9.2.3");
    done_fx(&f);
}

/* --- Healing --------------------------------------------------------------------------------- */

/* EX-6: the amounts healed and the exit rule of the Hospital. */
static void test_EX_6_healing_amounts_and_leaving_the_hospital(void **state)
{
    (void)state;
    fx f = start("", QUIET_A, QUIET_B, "p0");
    to_section(&f, 0, "A01", SEC_HOSPITAL, 5);
    to_section(&f, 0, "A03", SEC_HOSPITAL, 3);
    to_section(&f, 1, "A09", SEC_HOSPITAL, 2);
    act(&f, "first p0");
    idle_to(&f, 0, ST_H2);
    act(&f, "done");
    assert_int_equal(agent(&f, 0, "A01")->damage, 3);
    assert_int_equal(agent(&f, 0, "A03")->damage, 2);
    idle_to(&f, 0, ST_D1);
    refused(&f, "move p0:A01#1 FIELD", "XF-5.2.4"); /* current 2 < 3 */
    refused(&f, "move p0:A03#1 FIELD", "XF-5.2.4"); /* current 1 < 3 */
    idle_to(&f, 1, ST_D1);                          /* B's turn: A09 heals 1 */
    assert_int_equal(agent(&f, 1, "A09")->damage, 1);
    refused(&f, "move p1:A09#1 FIELD", "XF-5.2.4"); /* current 1 < min(3, 2) */
    idle_to(&f, 0, ST_D1);                          /* turn n+1 */
    assert_int_equal(agent(&f, 0, "A01")->damage, 1);
    assert_int_equal(agent(&f, 0, "A03")->damage, 1);
    act(&f, "move p0:A01#1 FIELD"); /* current 4: eligible */
    refused(&f, "move p0:A03#1 FIELD", "XF-5.2.4");
    idle_to(&f, 1, ST_D1);
    act(&f, "move p1:A09#1 FIELD"); /* current 2 = full */
    idle_to(&f, 0, ST_D1);          /* turn n+2 */
    assert_int_equal(agent(&f, 0, "A03")->damage, 0);
    act(&f, "move p0:A03#1 FIELD");
    done_fx(&f);

    /* E13 attached: A03's permanent HEALTH 4 heals 2 per Healing Phase (XF-9.3.5) */
    f = start("", QUIET_A, QUIET_B, "p0");
    to_section(&f, 0, "A03", SEC_HOSPITAL, 4);
    xf_agent *a3 = agent(&f, 0, "A03");
    xf_player *pl = &f.s->pl[0];
    int e13 = pl->cards[tt_piles_start(pl->n, Z_DECK) + find_in(&f, 0, Z_DECK, "E13")];
    xf_make_public(f.c, f.s, 0, e13, Z_ATTACHED, xf_agent_slot(f.s, 0, a3->inst));
    a3->attached[a3->nattached++] = (uint8_t)e13;
    assert_int_equal(xf_perm_health(f.c, f.s, 0, xf_agent_slot(f.s, 0, a3->inst)), 4);
    act(&f, "first p0");
    idle_to(&f, 0, ST_H2);
    act(&f, "done");
    assert_int_equal(a3->damage, 2);
    done_fx(&f);

    /* heal=published: the same amounts, with no decision in H2 */
    f = start("heal=published", QUIET_A, QUIET_B, "p0");
    to_section(&f, 0, "A01", SEC_HOSPITAL, 5);
    to_section(&f, 0, "A03", SEC_HOSPITAL, 3);
    act(&f, "first p0");
    idle_to(&f, 0, ST_D1);
    assert_int_equal(agent(&f, 0, "A01")->damage, 3);
    assert_int_equal(agent(&f, 0, "A03")->damage, 2);
    refused(&f, "move p0:A01#1 FIELD", "XF-5.2.4");
    done_fx(&f);
}

/* EX-7a, as far as the Deployment: healing needs no decision and sets no
 * flag with heal=published. */
static void test_EX_7a_automatic_healing(void **state)
{
    (void)state;
    fx f = start("heal=published", QUIET_A, QUIET_B, "p0");
    to_section(&f, 0, "A02", SEC_HOSPITAL, 1);
    to_section(&f, 0, "A03", SEC_HOSPITAL, 3);
    to_section(&f, 0, "A01", SEC_FIELD, 0);
    act(&f, "first p0");
    idle_to(&f, 0, ST_R1); /* H2 asked nothing */
    assert_int_equal(agent(&f, 0, "A02")->damage, 0);
    assert_int_equal(agent(&f, 0, "A03")->damage, 2);
    assert_false(agent(&f, 0, "A02")->flags & AG_HEALED);
    assert_false(agent(&f, 0, "A03")->flags & AG_HEALED);
    refused(&f, "healdecline p0:A02#1", "XF-5.2.2");
    idle_to(&f, 0, ST_D1);
    act(&f, "move p0:A02#1 FIELD");
    refused(&f, "move p0:A03#1 FIELD", "XF-5.2.4");
    act(&f, "team FIELD p0:A01#1");
    act(&f, "team FIELD p0:A02#1");
    act(&f, "done");
    assert_int_equal(agent(&f, 0, "A01")->team, agent(&f, 0, "A02")->team);
    done_fx(&f);

    /* heal=seed: the same healing sets the flag, and a decline keeps the damage */
    f = start("", QUIET_A, QUIET_B, "p0");
    to_section(&f, 0, "A02", SEC_HOSPITAL, 1);
    act(&f, "first p0");
    idle_to(&f, 0, ST_H2);
    act(&f, "done");
    assert_int_equal(agent(&f, 0, "A02")->damage, 0);
    assert_true(agent(&f, 0, "A02")->flags & AG_HEALED);
    done_fx(&f);
    f = start("", QUIET_A, QUIET_B, "p0");
    to_section(&f, 0, "A02", SEC_HOSPITAL, 1);
    act(&f, "first p0");
    idle_to(&f, 0, ST_H2);
    act(&f, "healdecline p0:A02#1");
    act(&f, "done");
    assert_int_equal(agent(&f, 0, "A02")->damage, 1);
    assert_false(agent(&f, 0, "A02")->flags & AG_HEALED);
    done_fx(&f);
}

/* EX-26: abilities: BUREAU_RES_BONUS, RES_SPLIT_CP, DEDICATED_TOKEN and
 * HEAL_OTHER. */
static void test_EX_26_agent_abilities(void **state)
{
    (void)state;
    fx f = start("", QUIET_A, "Q04 W02 S01 S04 S05 S08 Q03", "p1");
    act(&f, "first p1");
    act(&f, "freedraw no");
    assert_int_equal(f.s->decl.kind, A_RESSPLIT); /* A06 is asked */
    refused(&f, "ressplit p1:A06#1 2", "XF-5.1.3");
    act(&f, "ressplit p1:A06#1 1");
    assert_int_equal(f.s->pl[1].rp, 10); /* 5 + A05 3 + A07 1 + A03 1 + A09 0 */
    assert_int_equal(f.s->pl[1].cp, 6);
    idle_to(&f, 1, ST_R1);
    f.s->pl[1].rp = 10;
    act(&f, "requisition Q04 p1:A07#1"); /* the token pays 1 of 4 */
    assert_int_equal(f.s->pl[1].rp, 7);
    assert_true(agent(&f, 1, "A07")->flags & AG_TOKEN_USED);
    assert_int_equal(xf_token_for(f.c, f.s, 1, xf_find_def(f.c, "W02")), -1);
    done_fx(&f);

    f = start("", QUIET_A, QUIET_B, "p1"); /* A05 in the Field: no bonus */
    to_section(&f, 1, "A05", SEC_FIELD, 0);
    act(&f, "first p1");
    act(&f, "freedraw no");
    act(&f, "ressplit p1:A06#1 0");
    assert_int_equal(f.s->pl[1].rp, 5 + 1 + 1 + 1 + 1);
    done_fx(&f);

    f = start("", QUIET_A, QUIET_B, "p0"); /* HEAL_OTHER in step H3 */
    to_section(&f, 0, "A02", SEC_FIELD, 0);
    to_section(&f, 0, "A01", SEC_FIELD, 2);
    act(&f, "first p0");
    idle_to(&f, 0, ST_H3);
    act(&f, "ability p0:A02#1 p0:A01#1");
    assert_int_equal(agent(&f, 0, "A01")->damage, 1);
    assert_int_equal(f.s->step, ST_R1); /* no use left: H3 is over */
    done_fx(&f);

    f = start("", QUIET_A, QUIET_B, "p0"); /* wounded in the Hospital: no ability */
    to_section(&f, 0, "A02", SEC_HOSPITAL, 1);
    to_section(&f, 0, "A01", SEC_HOSPITAL, 2);
    act(&f, "first p0");
    idle_to(&f, 0, ST_R1);
    assert_int_equal(agent(&f, 0, "A01")->damage, 0); /* H2 healed it; H3 asked nothing */
    done_fx(&f);
}

/* --- Requisition and Deployment ---------------------------------------------------------------- */

/* EX-8: requisition and the activators of Equipment. */
static void test_EX_8_requisition(void **state)
{
    (void)state;
    fx f = start("", "Q01 Q01 Q02 Q06 S01 S02 S03", QUIET_B, "p0");
    to_section(&f, 0, "A02", SEC_FIELD, 0);
    act(&f, "first p0");
    idle_to(&f, 0, ST_R1);
    f.s->pl[0].rp = 9;
    act(&f, "requisition Q01 p0:A01#1");
    assert_int_equal(f.s->pl[0].rp, 7);
    assert_int_equal(agent(&f, 0, "A01")->nattached, 1);
    assert_int_equal(xf_label(&f.s->pl[0], agent(&f, 0, "A01")->attached[0]), 1); /* p0:Q01#1 */
    refused(&f, "requisition Q01 p0:A01#1", "XF-5.3.2");
    act(&f, "requisition Q02 p0:A01#1");
    assert_int_equal(f.s->pl[0].rp, 3);
    refused(&f, "requisition Q01 p0:A02#1", "XF-5.3.2"); /* BUREAU: A02 is in the Field */
    act(&f, "requisition Q06 p0:A02#1");
    assert_int_equal(f.s->pl[0].rp, 1);
    /* XF-5.3.4: Equipment moves within one Team, once per phase */
    refused(&f, "exchange p0:Q01#1 p0:A02#1", "XF-5.3.4");
    act(&f, "exchange p0:Q01#1 p0:A03#1");
    refused(&f, "exchange p0:Q01#1 p0:A01#1", "XF-5.4.7");
    done_fx(&f);
}

/* EX-9 and EX-10: duplicate Agents, a purchased Agent discarded at X1. */
static void test_EX_9_duplicate_agents(void **state)
{
    (void)state;
    fx f = start("", "A11 A10 A10 S01 S02 S03 S04", QUIET_B, "p0");
    to_section(&f, 0, "A01", SEC_HOSPITAL, 0);
    to_section(&f, 0, "A02", SEC_FIELD, 0);
    to_section(&f, 0, "A03", SEC_FIELD, 0);
    act(&f, "first p0");
    idle_to(&f, 0, ST_D1);
    f.s->pl[0].rp = 12;
    refused(&f, "playagent A11 FIELD", "XF-5.4.4"); /* ROWAN_VALE is in the Hospital */
    refused(&f, "playagent A10 HOSPITAL", "XF-5.4.3");
    act(&f, "playagent A10 FIELD");
    assert_int_equal(f.s->pl[0].rp, 7);
    assert_true(agent(&f, 0, "A10")->flags & AG_PURCHASED);
    assert_int_equal(xf_label(&f.s->pl[0], agent(&f, 0, "A10")->inst), 1); /* p0:A10#1 */
    refused(&f, "playagent A10 FIELD", "XF-5.4.4");
    /* EX-10: it joins the Team of A02 and A03 */
    act(&f, "team FIELD p0:A02#1");
    act(&f, "team FIELD p0:A03#1");
    act(&f, "team FIELD p0:A10#1");
    refused(&f, "team BUREAU p0:A04#1", "XF-5.4.5");
    act(&f, "done");
    refused(&f, "team FIELD p0:A02#1", "XF-5.4.7"); /* named once per step */
    act(&f, "done");
    assert_int_equal(agent(&f, 0, "A10")->team, agent(&f, 0, "A02")->team);
    assert_int_equal(agent(&f, 0, "A03")->team, agent(&f, 0, "A02")->team);
    idle_to(&f, 1, ST_B2);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:A10#1"); /* step X1 */
    done_fx(&f);
}

/* EX-10: the purchased A10 joins A02 and A03, its Team succeeds at S03 by
 * A10's OCCULT_INVESTIGATION 4, and it goes to the discard pile at X1. */
static void test_EX_10_a_purchased_agent(void **state)
{
    (void)state;
    fx f = start("", "A10 S03 S01 S02 S04 Q01 Q02", "E05 S01 S04 S05 S08 Q03 Q04", "p0");
    to_section(&f, 0, "A02", SEC_FIELD, 0);
    to_section(&f, 0, "A03", SEC_FIELD, 0);
    agent(&f, 0, "A03")->team = agent(&f, 0, "A02")->team;
    act(&f, "first p0");
    idle_to(&f, 0, ST_D1);
    f.s->pl[0].rp = 12;
    act(&f, "playagent A10 FIELD");
    act(&f, "team FIELD p0:A02#1");
    act(&f, "team FIELD p0:A03#1");
    act(&f, "team FIELD p0:A10#1");
    act(&f, "done");
    act(&f, "done");
    assert_int_equal(xf_inst_def(f.c, 0, agent(&f, 0, "A10")->inst)->ability.op, AB_NONE);
    idle_to(&f, 0, ST_C1);
    act(&f, "site S03");
    act(&f, "done");
    idle_to(&f, 0, ST_I2);
    act(&f, "assign p0:S03#1 p0:A10#1");
    act(&f, "done");
    act(&f, "resolve p0:S03#1");
    assert_int_equal(tt_to_move(f.g, f.st), 1); /* B holds E05 */
    assert_int_equal(xf_level(f.c, f.s, 0), 4); /* 0 + 0 + 4 */
    assert_int_equal(xf_threshold(f.s, 0), 4);
    act(&f, "pass");
    assert_int_equal(f.s->decl.kind, A_ASK); /* success */
    act(&f, "noask");
    act(&f, "noguess");
    idle_to(&f, 1, ST_B2);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:S03#1 p0:A10#1"); /* step X1 */
    done_fx(&f);
}

/* XF-5.4.2, 5.4.7, 2.16.5: each Agent moves once; moved Agents form one
 * Team per section at the end of D1. */
static void test_XF_5_4_7_moves_and_teams(void **state)
{
    (void)state;
    fx f = start("", QUIET_A, QUIET_B, "p0");
    act(&f, "first p0");
    idle_to(&f, 0, ST_D1);
    act(&f, "move p0:A01#1 FIELD");
    act(&f, "move p0:A02#1 FIELD");
    act(&f, "move p0:A03#1 FIELD");
    refused(&f, "move p0:A03#1 BUREAU", "XF-5.4.7");
    refused(&f, "move p0:A04#1 BUREAU", "XF-5.4.2");
    act(&f, "done");
    int t = agent(&f, 0, "A01")->team;
    assert_int_not_equal(t, XF_NONE);
    assert_int_equal(agent(&f, 0, "A02")->team, t);
    assert_int_equal(agent(&f, 0, "A03")->team, t);
    assert_int_not_equal(agent(&f, 0, "A04")->team, t);
    done_fx(&f);
}

/* --- Case Assignment and Sites that stay ------------------------------------------------------- */

/* EX-21: the investigated Site goes, the others without face-down cards go
 * at step I4, S04 with B02 stays; labels count public copies only; of two
 * Sites of one name only one is assigned. */
static void test_EX_21_sites_that_stay(void **state)
{
    (void)state;
    fx f = start("", "S01 S04 S10 S01 Q02 A10 A11", "B02 B01 S01 S05 S08 Q03 Q04", "p0");
    rig_top(&f, 0, "S04");
    field_team_n(&f, 0, "A01 A03", 1);
    field_team_n(&f, 0, "A02", 2);
    act(&f, "first p0");
    idle_to(&f, 0, ST_C1);
    f.s->pl[0].rp = 9;
    act(&f, "site S01");
    act(&f, "site S04");
    act(&f, "site S10");
    assert_int_equal(f.s->pl[0].rp, 5);
    refused(&f, "site S01", "XF-5.5.2"); /* one Site of a name per turn */
    refused(&f, "site Q02", "XF-5.5.1");
    act(&f, "done");
    assert_int_equal(tt_to_move(f.g, f.st), 1); /* C2: B places */
    act(&f, "facedown B02 p0:S04#1");
    act(&f, "done");
    idle_to(&f, 0, ST_I2);
    act(&f, "assign p0:S01#1 p0:A01#1");
    act(&f, "done");
    act(&f, "resolve p0:S01#1");
    while (f.s->decl.kind != A_ASK) /* B may play B01 face up; he does not */
        act(&f, "pass");
    act(&f, "noask"); /* BEHAVIORAL 3 + 3: success */
    act(&f, "noguess");
    /* S01 went after its investigation, then S10 at I4; S04, holding B02, stays */
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:S01#1 p0:S10#1");
    assert_int_equal(xf_zone(&f.s->pl[0], f.s->pl[0].site[1].inst), Z_SITE);
    assert_string_equal(xf_inst_def(f.c, 0, f.s->pl[0].site[1].inst)->id, "S04");
    idle_to(&f, 1, ST_B2);
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:S01#1 p0:S10#1");
    idle_to(&f, 0, ST_B2);
    act(&f, "freedraw yes"); /* draws the rigged S04 */
    idle_to(&f, 0, ST_C1);
    f.s->pl[0].rp = 9;
    act(&f, "site S04");
    act(&f, "site S01");
    act(&f, "done");
    act(&f, "facedown B01 p0:S04#1");
    act(&f, "done");
    char text[64];
    tt_action a = XF_ACTION(A_SITE, xf_find_def(f.c, "S04") << 8 | 1);
    (void)a;
    int s04 = -1, s01 = -1;
    for (int k = 0; k < XF_MAX_SITES; k++) {
        const xf_site *x = &f.s->pl[0].site[k];
        if (x->inst == XF_NONE || !(x->flags & SI_PLACED))
            continue;
        const char *id = xf_inst_def(f.c, 0, x->inst)->id;
        if (!strcmp(id, "S04"))
            s04 = xf_label(&f.s->pl[0], x->inst);
        if (!strcmp(id, "S01"))
            s01 = xf_label(&f.s->pl[0], x->inst);
    }
    assert_int_equal(s04, 2); /* p0:S04#1 is still in the Field */
    assert_int_equal(s01, 2); /* p0:S01#1 lies in the discard pile */
    assert_int_equal(f.s->pl[1].n[Z_FACEDOWN], 2);
    (void)text;
    idle_to(&f, 0, ST_I2);
    act(&f, "assign p0:S04#1 p0:A01#1");
    refused(&f, "assign p0:S04#2 p0:A02#1", "XF-5.6.2");
    done_fx(&f);
}

/* --- windows and the stack -------------------------------------------------------------------- */

/* EX-24, the first part: a Conspiracy card in B's window R2 negates B's
 * Resource; TRIGGER_GAIN pays only in its owner's turn. */
static void put_resource(fx *f, int p, const char *id)
{
    int k = find_in(f, p, Z_DECK, id);
    xf_player *pl = &f->s->pl[p];
    int inst = pl->cards[tt_piles_start(pl->n, Z_DECK) + k];
    xf_make_public(f->c, f->s, p, inst, Z_RESOURCE, 0);
}

static void test_EX_24_trigger_timing_and_negating_a_resource(void **state)
{
    (void)state;
    fx f = start("", "E12 S01 S02 S03 Q01 Q02 A10", QUIET_B, "p1");
    put_resource(&f, 0, "W05");
    put_resource(&f, 1, "W05");
    act(&f, "first p1");
    idle_to(&f, 1, ST_R1);
    act(&f, "done");
    /* R2: B passed by himself (no play); A holds priority */
    assert_int_equal(tt_to_move(f.g, f.st), 0);
    f.s->pl[0].rp = 4;
    f.s->pl[0].cp = 6;
    f.s->pl[1].rp = 3;
    act(&f, "play E12");
    assert_int_equal(f.s->decl.kind, A_PLAY); /* two Resources: the target is asked */
    refused(&f, "pass", "XF-5.10.2");
    act(&f, "target p1:W05#1");
    assert_int_equal(f.s->pl[0].cp, 3);
    assert_int_equal(f.s->pl[1].rp, 4); /* B's W05: a GOVERNMENT card paid in B's turn */
    assert_int_equal(f.s->pl[0].rp, 4); /* A's does not answer in B's turn */
    /* neither player has another play: both pass by themselves (XF-4.3.5) and
       E12 resolves */
    assert_int_equal(f.s->nstack, 0);
    assert_string_equal(pile(&f, 1, Z_DISCARD), "p1:W05#1");
    assert_string_equal(pile(&f, 0, Z_DISCARD), "p0:E12#1");
    done_fx(&f);
}

/* --- Debriefing and the end of the game ----------------------------------------------------------- */

/* XF-2.13.2, 5.9.1: a keyword change on a card that stays in play (here
 * A01's BELIEVER made SKEPTIC) holds for the rest of the turn and ends at
 * step X1. */
static void test_XF_2_13_2_a_keyword_change_ends_at_x1(void **state)
{
    (void)state;
    fx f = start("", QUIET_A, QUIET_B, "p0");
    act(&f, "first p0");
    int a01 = agent(&f, 0, "A01")->inst;
    int believer = xf_find_word(f.c, "BELIEVER"), skeptic = xf_find_word(f.c, "SKEPTIC");
    f.s->kwc[f.s->nkwc++] = (xf_kwchange){0, (uint8_t)a01, (uint8_t)believer, (uint8_t)skeptic};
    xf_words w = xf_card_words(f.c, f.s, 0, a01);
    assert_false(xf_words_has(&w, believer));
    assert_true(xf_words_has(&w, skeptic));
    assert_string_equal(view_line(&f, 1, "Keyword changes"),
                        "Keyword changes until X1: p0:A01#1 BELIEVER -> SKEPTIC");
    idle_to(&f, 0, ST_C1);
    assert_int_equal(f.s->nkwc, 1);
    idle_to(&f, 0, ST_X2);
    assert_int_equal(f.s->nkwc, 0);
    assert_string_equal(view_line(&f, 1, "Keyword changes"), "");
    w = xf_card_words(f.c, f.s, 0, a01);
    assert_true(xf_words_has(&w, believer));
    assert_false(xf_words_has(&w, skeptic));
    done_fx(&f);
}

/* XF-2.14.2, 5.9.3: E08 with `uses` 2 applies in each of A's own
 * Debriefings and goes after the second; B's turns do not count. */
static void test_XF_2_14_2_a_hand_limit_used_up(void **state)
{
    (void)state;
    fx f = start("", QUIET_A, QUIET_B, "p0");
    ((xf_content *)f.c)->def[xf_find_def(f.c, "E08")].uses = 2;
    put_resource(&f, 0, "E08");
    int e08 = -1;
    for (int i = 0; i < f.c->deck[0].ncards; i++)
        if (xf_zone(&f.s->pl[0], i) == Z_RESOURCE)
            e08 = i;
    act(&f, "first p0");
    idle_to(&f, 1, ST_B2);
    assert_int_equal(xf_zone(&f.s->pl[0], e08), Z_RESOURCE);
    assert_int_equal(f.s->pl[0].aux[e08], 1);
    idle_to(&f, 0, ST_B2);
    assert_int_equal(f.s->pl[0].aux[e08], 1); /* B's Debriefing: not applied */
    idle_to(&f, 1, ST_B2);
    assert_int_equal(xf_zone(&f.s->pl[0], e08), Z_DISCARD);
    assert_int_equal(xf_label(&f.s->pl[0], e08), 1);
    done_fx(&f);
}

/* EX-17: the hand limit, and E08 raising it in its owner's Debriefing. */
static void test_EX_17_hand_limit(void **state)
{
    (void)state;
    fx f = start("", QUIET_A, QUIET_B, "p0");
    act(&f, "first p0");
    idle_to(&f, 0, ST_X2);
    rig_hand(&f, 0, "S01 S02 S03 S04 Q01 Q02 A10 A11 Q06");
    rig_hand(&f, 1, "S01 S04 S05 S08 Q03 Q04 Q05 A08");
    act(&f, "done");
    refused(&f, "done", "XF-5.9.2");
    act(&f, "discard S01");
    act(&f, "discard S02");
    assert_int_equal(f.s->pl[0].n[Z_HAND], 7);
    assert_int_equal(tt_to_move(f.g, f.st), 1);
    act(&f, "done");
    act(&f, "discard S01");
    assert_int_equal(f.s->pl[1].n[Z_HAND], 7);
    assert_int_equal(f.s->active, 1); /* B's turn began */
    done_fx(&f);

    f = start("", QUIET_A, QUIET_B, "p0"); /* E08: 10 at his own Debriefing */
    put_resource(&f, 0, "E08");
    act(&f, "first p0");
    idle_to(&f, 0, ST_X2);
    rig_hand(&f, 0, "S01 S02 S03 S04 Q01 Q02 A10 A11 Q06");
    act(&f, "done");
    assert_int_equal(tt_to_move(f.g, f.st), 1); /* A keeps 9 */
    assert_int_equal(f.s->pl[0].n[Z_HAND], 9);
    idle_to(&f, 1, ST_X2);
    act(&f, "done"); /* B, 7 cards */
    assert_int_equal(tt_to_move(f.g, f.st), 0);
    act(&f, "done");
    assert_true(f.s->pl[0].flags & PL_DISCARDING); /* B's Debriefing: down to 7 */
    refused(&f, "done", "XF-5.9.2");
    done_fx(&f);

    f = start("", "S01 S02 S03 S04 Q01", QUIET_B, "p0"); /* voluntary discards */
    act(&f, "first p0");
    idle_to(&f, 0, ST_X2);
    act(&f, "discard S01");
    act(&f, "discard S02");
    act(&f, "discard S03");
    assert_int_equal(f.s->pl[0].n[Z_HAND], 2);
    done_fx(&f);
}

/* EX-29: the turn limit ends the game drawn; a concession ends it won. */
static void test_EX_29_turn_limit_and_result_codes(void **state)
{
    (void)state;
    fx f = start("max_turns=4", QUIET_A, QUIET_B, "p0");
    act(&f, "first p0");
    idle_to(&f, 1, ST_X2);
    idle_to(&f, 0, ST_X2);
    idle_to(&f, 1, ST_X2); /* turn 4 is B's */
    assert_int_equal(f.s->head.turn, 4);
    play_out(&f, 2000);
    tt_result r;
    tt_result_get(f.g, f.st, &r);
    assert_int_equal(r.winner, -1);
    assert_string_equal(r.reason, "DRAW_MAX_TURNS");
    assert_int_equal(r.turn, 4);
    assert_int_equal(f.s->step, ST_X3);
    double ret[2];
    tt_returns(f.g, f.st, ret);
    assert_true(ret[0] == 0 && ret[1] == 0);
    done_fx(&f);

    f = start("max_turns=4", QUIET_A, QUIET_B, "p0");
    act(&f, "first p0");
    idle_to(&f, 0, ST_R1);
    idle_to(&f, 1, ST_R1);
    idle_to(&f, 0, ST_R1); /* turn 3 */
    tt_error err;
    assert_int_equal(tt_offturn_apply(f.g, f.st, 1, TT_CONCEDE, NULL, &err), TT_OK);
    tt_result_get(f.g, f.st, &r);
    assert_int_equal(r.winner, 0);
    assert_string_equal(r.reason, "CONCEDED");
    assert_int_equal(r.turn, 3);
    tt_returns(f.g, f.st, ret);
    assert_true(ret[0] == 1 && ret[1] == -1);
    done_fx(&f);

    tt_game *g;
    assert_int_not_equal(tt_game_new("xfiles", "max_turns=0", &g, &err), TT_OK);
}

/* Rigging: stacking a deck and a hand, fixing an X-File and the coin. */
static void test_rig_decks_hands_xfile_and_coin(void **state)
{
    (void)state;
    fx f = game("");
    tt_error err;
    act(&f, "xfile XF01");
    assert_int_equal(tt_rig(f.g, f.st, "p0_deck", "S01", &err), TT_ESTATE);
    act(&f, "xfile XF02");
    assert_int_equal(tt_rig(f.g, f.st, "p0_hand", "S01 S02 W01", &err), TT_OK);
    assert_string_equal(pile(&f, 0, Z_HAND), "S01 S02 W01");
    assert_int_equal(tt_rig(f.g, f.st, "p1_hand", QUIET_B, &err), TT_OK);
    assert_int_equal(tt_rig(f.g, f.st, "p1_deck", "D01 D02", &err), TT_OK);
    assert_int_equal(tt_rig(f.g, f.st, "xfile", "p1 XF03", &err), TT_OK);
    assert_int_equal(f.s->pl[1].xfile, 2);
    assert_int_equal(tt_rig(f.g, f.st, "coin", "p1", &err), TT_OK);
    assert_int_equal(tt_to_move(f.g, f.st), 1);
    size_t sz = tt_state_size(f.g);
    void *before = malloc(sz);
    memcpy(before, f.st, sz);
    assert_int_equal(tt_rig(f.g, f.st, "p0_hand", "S01 S01 S01", &err), TT_EARG);
    assert_memory_equal(before, f.st, sz); /* nothing changed */
    free(before);
    act(&f, "first p1");
    act(&f, "freedraw yes");
    const xf_player *pl = &f.s->pl[1];
    assert_string_equal(xf_inst_def(f.c, 1, pl->cards[pl->n[Z_DECK] + pl->n[Z_HAND] - 1])->id,
                        "D01");
    done_fx(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_3_briefing_with_dedicated_purchase_points),
        cmocka_unit_test(test_EX_4_purchases_are_announced_once),
        cmocka_unit_test(test_EX_5_selling_cards_for_cp),
        cmocka_unit_test(test_EX_19_empty_deck),
        cmocka_unit_test(test_EX_6_healing_amounts_and_leaving_the_hospital),
        cmocka_unit_test(test_EX_7a_automatic_healing),
        cmocka_unit_test(test_EX_26_agent_abilities),
        cmocka_unit_test(test_EX_8_requisition),
        cmocka_unit_test(test_EX_9_duplicate_agents),
        cmocka_unit_test(test_EX_10_a_purchased_agent),
        cmocka_unit_test(test_XF_5_4_7_moves_and_teams),
        cmocka_unit_test(test_EX_21_sites_that_stay),
        cmocka_unit_test(test_EX_24_trigger_timing_and_negating_a_resource),
        cmocka_unit_test(test_EX_17_hand_limit),
        cmocka_unit_test(test_XF_2_14_2_a_hand_limit_used_up),
        cmocka_unit_test(test_XF_2_13_2_a_keyword_change_ends_at_x1),
        cmocka_unit_test(test_EX_29_turn_limit_and_result_codes),
        cmocka_unit_test(test_rig_decks_hands_xfile_and_coin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
