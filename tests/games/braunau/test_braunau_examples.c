/* Braunau: the deploying, token-effect and scoring examples EX-18 … EX-34 of
 * the rules file (section 11).
 *
 * Each test builds the example's position on fixture F1 (bra_fixture.h),
 * plays the example's commands as the rules write them (tt_apply_text) and
 * asserts the exact resulting state, what each side was told, or the
 * refusal's code with an unchanged state. Variants are tests of their own. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bra_fixture.h"

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

#define SEAT(f) (x->c->faction_seat[f])

/* The areas faction f was told, one "AGENT AREA" line per reveal, in order. */
static const char *reveals(const bra_fx *x, int f, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; i < x->ev.n && at < n; i++) {
        const tt_event *e = &x->ev.ev[i];
        if (e->type == EV_REVEAL && e->player == SEAT(f))
            at += (size_t)snprintf(buf + at, n - at, "%s %s\n", x->c->a[e->a].id,
                                   x->c->area[e->b].id);
    }
    return buf;
}

/* --- deploying and the same-Agent surcharge ---------------------------------------- */

/* EX-18. Enable, then upgrade, in one turn: 1, 2, 2, then 1 for a faction token. */
static void test_EX_18_enable_then_upgrade(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 2, 6);
    bra_fx_stash(x, "G01 G17 G08 G37");
    int brandt = bra_fx_agent_id(x, "GER_BRANDT");
    bra_fx_apply(x, "DEPLOY token=G01 agent=GER_BRANDT area=STADTPLATZ");
    assert_int_equal(bra_fx_ap(x, BX_G), 5);
    assert_int_equal(x->s->loc[brandt], bra_fx_area(x, "STADTPLATZ"));
    bra_fx_apply(x, "DEPLOY token=G17 agent=GER_BRANDT");
    assert_int_equal(bra_fx_ap(x, BX_G), 3);
    assert_int_equal(x->s->level[brandt], 1);
    assert_int_equal(x->s->charges[brandt], 2);
    bra_fx_apply(x, "DEPLOY token=G08 mode=UPGRADE");
    assert_int_equal(bra_fx_ap(x, BX_G), 1);
    assert_int_equal(x->s->level[brandt], 2);
    assert_int_equal(x->s->charges[brandt], 2);
    bra_fx_apply(x, "DEPLOY token=G37");
    assert_int_equal(bra_fx_ap(x, BX_G), 0);
    assert_int_equal(x->s->f[BX_G].gold, 4);
    const bra_fstate *f = &x->s->f[BX_G];
    assert_int_equal(f->nplayed, 4);
    const char *played[] = {"G01", "G17", "G08", "G37"};
    for (int i = 0; i < 4; i++)
        assert_int_equal(BX_G << 6 | f->played[i], bra_fx_tok(x, played[i]));
    /* the drop-off's area stayed secret (BRA-6.5) */
    char story[2048];
    bra_fx_story(x, SEAT(BX_A), story, sizeof story);
    assert_null(strstr(story, "STADTPLATZ"));
}

/* EX-19's position: round 3, Germans, AP 6, gold 4, BRANDT at STADTPLATZ at
 * level 2 with 2 charges, WEISS in play at level 0, stash {G09, G18, G33}. */
static void ex19(bra_fx *x)
{
    bra_fx_turn(x, BX_G, 3, 6);
    bra_fx_gold(x, BX_G, 4);
    bra_fx_place(x, "GER_BRANDT", "STADTPLATZ");
    bra_fx_level(x, "GER_BRANDT", 2, 2);
    bra_fx_stash(x, "G09 G18 G33");
    bra_fx_sane(x);
}

/* EX-19. The next turn starts fresh: the surcharge counts per turn. */
static void test_EX_19_next_turn_starts_fresh(void **state)
{
    bra_fx *x = *state;
    ex19(x);
    int brandt = bra_fx_agent_id(x, "GER_BRANDT"), weiss = bra_fx_agent_id(x, "GER_WEISS");
    int sp = bra_fx_area(x, "STADTPLATZ");
    bra_fx_apply(x, "ABILITY agent=GER_BRANDT");
    assert_int_equal(bra_fx_ap(x, BX_G), 5);
    assert_int_equal(x->s->charges[brandt], 1);
    assert_int_equal(x->s->sup[sp][BX_G], 2);
    bra_fx_apply(x, "DEPLOY token=G09 mode=RELOAD");
    assert_int_equal(bra_fx_ap(x, BX_G), 4);
    assert_int_equal(x->s->charges[brandt], 2);
    bra_fx_apply(x, "DEPLOY token=G18 agent=GER_WEISS");
    assert_int_equal(bra_fx_ap(x, BX_G), 3);
    assert_int_equal(x->s->level[weiss], 1);
    bra_fx_apply(x, "DEPLOY token=G33 agent=GER_BRANDT");
    assert_int_equal(bra_fx_ap(x, BX_G), 1);
    assert_int_equal(x->s->sup[sp][BX_G], 3);
    assert_int_equal(x->s->f[BX_G].vp, 1); /* the Rally */
    assert_int_equal(x->s->f[BX_G].gold, 5);
    assert_int_equal(bra_fx_events(x, EV_RALLY), 1);
}

/* EX-20. A surcharge not affordable; the type checks come before AP. */
static void test_EX_20_check_precedence(void **state)
{
    bra_fx *x = *state;
    ex19(x);
    bra_fx_apply(x, "ABILITY agent=GER_BRANDT");
    bra_fx_apply(x, "DEPLOY token=G09 mode=RELOAD");
    bra_fx_apply(x, "DEPLOY token=G18 agent=GER_WEISS");
    bra_fx_apply(x, "DEPLOY token=G33 agent=GER_BRANDT");
    bra_fx_stash(x, "G10");
    assert_int_equal(bra_fx_ap(x, BX_G), 1);
    bra_fx_refuse(x, "DEPLOY token=G10 mode=UPGRADE", "E_NOT_ENOUGH_AP");
    bra_fx_refuse(x, "DEPLOY token=G10 mode=RELOAD", "E_ABILITY_FULL");
    /* nothing completes it, so the atomic first step is not offered */
    assert_false(bra_fx_offered(x, "deploy G10"));
}

/* --- token effects ----------------------------------------------------------------------- */

/* EX-21. Population support and Rally; a second POP is refused; a POP after
 * a sabotage raises no second Rally. */
static void test_EX_21_population_support(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_L, 5, 6);
    bra_fx_place(x, "LOC_REITER", "STADTPLATZ");
    bra_fx_support(x, BX_L, "STADTPLATZ", 1);
    bra_fx_stash(x, "L33 L34 L35");
    int sp = bra_fx_area(x, "STADTPLATZ");
    bra_fx_apply(x, "DEPLOY token=L33 agent=LOC_REITER");
    assert_int_equal(bra_fx_ap(x, BX_L), 5);
    assert_int_equal(x->s->sup[sp][BX_L], 3);
    assert_int_equal(x->s->f[BX_L].vp, 1);
    assert_int_equal(x->s->f[BX_L].gold, 3);
    char story[2048];
    bra_fx_story(x, TT_VIEW_SPECTATOR, story, sizeof story);
    assert_string_equal(story, "The Locals deploy L33 POP (1 AP)\n"
                               "The Locals' support in STADTPLATZ is now 3 (Population support)\n"
                               "Rally of the Locals in STADTPLATZ: +1 VP, +1 gold\n");
    bra_fx_refuse(x, "DEPLOY token=L34 agent=LOC_REITER", "E_SUPPORT_AT_TRIGGER");
    /* the Austrians' HAINZ sabotages it down to 1 */
    bra_fx_turn(x, BX_A, 6, 6);
    bra_fx_place(x, "AUT_HAINZ", "STADTPLATZ");
    bra_fx_level(x, "AUT_HAINZ", 2, 2);
    bra_fx_apply(x, "ABILITY agent=AUT_HAINZ faction=LOCALS");
    assert_int_equal(x->s->sup[sp][BX_L], 1);
    bra_fx_turn(x, BX_L, 6, 6);
    bra_fx_apply(x, "DEPLOY token=L34 agent=LOC_REITER");
    assert_int_equal(x->s->sup[sp][BX_L], 3);
    assert_int_equal(bra_fx_events(x, EV_RALLY), 0);
    assert_int_equal(x->s->f[BX_L].vp, 1);
}

/* EX-22's enemies: Locals GRUBER at BRAUEREI, REITER truly at BAHNHOF with a
 * decoy in VORSTADT, MARKET (mob) at STADTPLATZ, BREWERS in the reserve;
 * Austrians PICHLER at RATHAUS, AUER at PFARRKIRCHE. */
static void ex22_enemies(bra_fx *x)
{
    bra_fx_place(x, "LOC_REITER", "BAHNHOF");
    bra_fx_decoy(x, "LOC_REITER", "VORSTADT");
    bra_fx_place(x, "LOC_MARKET", "STADTPLATZ");
    bra_fx_place(x, "AUT_AUER", "PFARRKIRCHE");
}

/* EX-22. Full Awareness honours decoys and skips the reserve. */
static void test_EX_22_full_awareness_and_decoys(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 6, 6);
    bra_fx_stash(x, "G45");
    ex22_enemies(x);
    bra_fx_sane(x);
    bra_fx_apply(x, "DEPLOY token=G45");
    assert_int_equal(bra_fx_ap(x, BX_G), 5);
    char got[512];
    assert_string_equal(reveals(x, BX_G, got, sizeof got), "AUT_PICHLER RATHAUS\n"
                                                           "AUT_AUER PFARRKIRCHE\n"
                                                           "LOC_GRUBER BRAUEREI\n"
                                                           "LOC_MARKET STADTPLATZ\n"
                                                           "LOC_REITER VORSTADT\n");
    char story[2048];
    bra_fx_story(x, TT_VIEW_SPECTATOR, story, sizeof story);
    assert_string_equal(story,
                        "The Germans deploy G45 FA (1 AP)\nThe Germans use Full Awareness\n");
    /* the Locals may hold a decoy: VORSTADT is possible, not certain */
    int reiter = bra_fx_agent_id(x, "LOC_REITER"), auer = bra_fx_agent_id(x, "AUT_AUER");
    assert_true(x->s->intel[BX_G][reiter].window);
    assert_int_equal(x->s->maybe[BX_G][auer], 1u << bra_fx_area(x, "PFARRKIRCHE"));
    assert_true(x->s->maybe[BX_G][reiter] >> bra_fx_area(x, "VORSTADT") & 1);
    assert_true(x->s->maybe[BX_G][reiter] >> bra_fx_area(x, "BAHNHOF") & 1);
}

/* EX-23. Browsing Records: the district of X, by reported areas. */
static void test_EX_23_browsing_records(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_L, 4, 6);
    bra_fx_stash(x, "L45");
    bra_fx_place(x, "GER_WEISS", "STADTPLATZ");
    bra_fx_place(x, "GER_BRANDT", "RATHAUS");
    bra_fx_decoy(x, "GER_BRANDT", "BAHNHOF");
    bra_fx_place(x, "GER_STROH", "VORSTADT");
    bra_fx_place(x, "AUT_PICHLER", "RESERVE");
    bra_fx_sane(x);
    bra_fx_apply(x, "DEPLOY token=L45 area=STADTPLATZ");
    assert_int_equal(bra_fx_ap(x, BX_L), 5);
    char got[512];
    assert_string_equal(reveals(x, BX_L, got, sizeof got), "GER_WEISS STADTPLATZ\n"
                                                           "GER_BRANDT BAHNHOF\n");
}

/* EX-24. Counterintelligence: a decoy, refused decoys, an extraction that
 * ignores the decoy, and the decoy gone at its owner's next turn. */
static void test_EX_24_counterintelligence(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_L, 6, 6);
    bra_fx_place(x, "LOC_REITER", "BAHNHOF");
    bra_fx_place(x, "LOC_MARKET", "STADTPLATZ");
    bra_fx_stash(x, "L29 L30");
    bra_fx_stash(x, "G29");
    int reiter = bra_fx_agent_id(x, "LOC_REITER");
    bra_fx_refuse(x, "DEPLOY token=L29 agent=LOC_REITER mode=FALSIFY area=BAHNHOF",
                  "E_DECOY_SAME_AREA");
    bra_fx_apply(x, "DEPLOY token=L29 agent=LOC_REITER mode=FALSIFY area=VORSTADT");
    assert_int_equal(bra_fx_ap(x, BX_L), 5);
    assert_int_equal(x->s->decoy[reiter], bra_fx_area(x, "VORSTADT"));
    char story[2048];
    bra_fx_story(x, SEAT(BX_G), story, sizeof story); /* BRA-6.10.3: only that CI was used */
    assert_string_equal(story,
                        "The Locals deploy L29 CI (1 AP)\nThe Locals use Counterintelligence\n");
    bra_fx_refuse(x, "DEPLOY token=L30 agent=LOC_MARKET mode=FALSIFY area=RATHAUS",
                  "E_MOB_NOT_ALLOWED");
    bra_fx_apply(x, "END"); /* the Locals were last: round 7, the Germans */
    assert_int_equal(x->s->head.turn, 7);
    assert_int_equal(x->s->active, SEAT(BX_G));
    bra_fx_apply(x, "DEPLOY token=G29 agent=GER_WEISS mode=EXTRACT target=LOC_REITER");
    assert_int_equal(bra_fx_ap(x, BX_G), 5);
    char got[256];
    assert_string_equal(reveals(x, BX_G, got, sizeof got), "LOC_REITER BAHNHOF\n");
    assert_int_equal(x->s->maybe[BX_G][reiter], 1u << bra_fx_area(x, "BAHNHOF"));
    bra_fx_apply(x, "END");
    bra_fx_apply(x, "END");
    assert_int_equal(x->s->active, SEAT(BX_L));
    assert_int_equal(x->s->decoy[reiter], BRA_NONE);
}

/* EX-25's position: round 7, Germans, AP 6, gold 3, STROH at STADTPLATZ,
 * AUER (price 2) at PFARRKIRCHE, MARKET (mob) at STADTPLATZ, stash {G25}. */
static void ex25(bra_fx *x)
{
    bra_fx_turn(x, BX_G, 7, 6);
    bra_fx_gold(x, BX_G, 3);
    bra_fx_place(x, "GER_STROH", "STADTPLATZ");
    bra_fx_place(x, "AUT_AUER", "PFARRKIRCHE");
    bra_fx_level(x, "AUT_AUER", 1, 2);
    bra_fx_place(x, "LOC_MARKET", "STADTPLATZ");
    bra_fx_stash(x, "G25");
    bra_fx_sane(x);
}

/* EX-25. A secret meeting with a bribe. */
static void test_EX_25_secret_meeting_with_bribe(void **state)
{
    bra_fx *x = *state;
    ex25(x);
    int auer = bra_fx_agent_id(x, "AUT_AUER");
    bra_fx_apply(x, "DEPLOY token=G25 host=GER_STROH target=AUT_AUER outcome=BRIBE");
    assert_int_equal(bra_fx_ap(x, BX_G), 5);
    const tt_event *meet = bra_fx_event(x, EV_MEETING, 0);
    assert_int_equal(meet->player, SEAT(BX_A));
    assert_int_equal(meet->seen, TT_SEEN(SEAT(BX_A)));
    assert_int_equal(meet->a, bra_fx_agent_id(x, "GER_STROH"));
    assert_int_equal(meet->b, bra_fx_area(x, "STADTPLATZ"));
    assert_int_equal(x->s->f[BX_G].gold, 1);
    assert_int_equal(x->s->loc[auer], BRA_RESERVE);
    assert_int_equal(x->s->level[auer], 0);
    assert_int_equal(x->s->charges[auer], 0);
    assert_int_equal(x->s->f[BX_G].vp, 2);
    char story[2048];
    bra_fx_story(x, SEAT(BX_L), story, sizeof story);
    assert_string_equal(story, "The Germans deploy G25 SUMMON (1 AP)\n"
                               "The Germans summon AUT_AUER to a secret meeting (BRIBE)\n"
                               "The Germans' gold -2, now 1\n"
                               "AUT_AUER goes to the reserve; the Germans +2 VP\n");
    bra_fx_story(x, SEAT(BX_A), story, sizeof story);
    assert_non_null(strstr(story, "  AUT_AUER meets GER_STROH of the Germans in STADTPLATZ\n"));
}

/* EX-25 (b). Forged Papers cancel the removal; the gold stays spent. */
static void test_EX_25b_forged_papers(void **state)
{
    bra_fx *x = *state;
    ex25(x);
    bra_fx_own_item(x, "I01", BX_A);
    int auer = bra_fx_agent_id(x, "AUT_AUER");
    bra_fx_apply(x, "DEPLOY token=G25 host=GER_STROH target=AUT_AUER outcome=BRIBE");
    assert_int_equal(x->s->iowner[bra_fx_item(x, "I01")], IO_DISCARD);
    assert_int_equal(x->s->f[BX_G].gold, 1);
    assert_int_equal(x->s->f[BX_G].vp, 0);
    assert_int_equal(x->s->loc[auer], bra_fx_area(x, "STADTPLATZ"));
    assert_int_equal(bra_fx_events(x, EV_PAPERS), 1);
}

/* EX-25 (c), (d), (e), and an own agent as the target. */
static void test_EX_25cde_meeting_refusals(void **state)
{
    bra_fx *x = *state;
    ex25(x);
    bra_fx_refuse(x, "DEPLOY token=G25 host=GER_STROH target=LOC_MARKET outcome=BRIBE",
                  "E_TARGET_IS_MOB");
    bra_fx_refuse(x, "DEPLOY token=G25 host=GER_STROH target=GER_WEISS outcome=BRIBE",
                  "E_TARGET_NOT_ENEMY"); /* BRA-6.0.4: one's own agent is no target */
    bra_fx_gold(x, BX_G, 1);
    bra_fx_refuse(x, "DEPLOY token=G25 host=GER_STROH target=AUT_AUER outcome=BRIBE",
                  "E_NOT_ENOUGH_GOLD");
    bra_fx_refuse(x, "DEPLOY token=G25 host=GER_KESSLER target=AUT_AUER outcome=BRIBE",
                  "E_AGENT_NOT_IN_PLAY");
}

/* EX-26. Interrogate, then denounce. */
static void test_EX_26_interrogate_then_denounce(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_A, 7, 6);
    bra_fx_place(x, "LOC_REITER", "BAHNHOF");
    bra_fx_decoy(x, "LOC_REITER", "VORSTADT");
    bra_fx_place(x, "LOC_MARKET", "STADTPLATZ");
    bra_fx_stash(x, "A25");
    bra_fx_sane(x);
    int gruber = bra_fx_agent_id(x, "LOC_GRUBER"), rathaus = bra_fx_area(x, "RATHAUS");
    bra_fx_apply(x, "DEPLOY token=A25 host=AUT_PICHLER target=LOC_GRUBER outcome=INTERROGATE");
    assert_int_equal(bra_fx_ap(x, BX_A), 5);
    assert_int_equal(x->s->loc[gruber], rathaus);
    const tt_event *meet = bra_fx_event(x, EV_MEETING, 0);
    assert_int_equal(meet->player, SEAT(BX_L));
    assert_int_equal(meet->a, bra_fx_agent_id(x, "AUT_PICHLER"));
    assert_int_equal(meet->b, rathaus);
    char got[256];
    assert_string_equal(reveals(x, BX_A, got, sizeof got), "LOC_GRUBER RATHAUS\n"
                                                           "LOC_MARKET STADTPLATZ\n"
                                                           "LOC_REITER VORSTADT\n");
    bra_fx_apply(x, "DENOUNCE agent=AUT_PICHLER target=LOC_GRUBER");
    assert_int_equal(bra_fx_ap(x, BX_A), 4);
    assert_int_equal(x->s->loc[gruber], BRA_RESERVE);
    assert_int_equal(x->s->f[BX_A].vp, 2);
}

/* EX-27. A failed denunciation exposes the denouncer; a move hides it. */
static void test_EX_27_failed_denunciation(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_A, 8, 6);
    bra_fx_place(x, "AUT_PICHLER", "STADTPLATZ");
    bra_fx_place(x, "GER_BRANDT", "BAHNHOF");
    bra_fx_place(x, "AUT_AUER", "VORSTADT");
    bra_fx_place(x, "LOC_BREWERS", "BRAUEREI");
    bra_fx_sane(x);
    int pichler = bra_fx_agent_id(x, "AUT_PICHLER");
    bra_fx_apply(x, "DENOUNCE agent=AUT_PICHLER target=GER_WEISS");
    assert_int_equal(bra_fx_ap(x, BX_A), 5);
    assert_true(x->s->exposed[pichler]);
    char story[1024];
    bra_fx_story(x, TT_VIEW_SPECTATOR, story, sizeof story);
    assert_string_equal(story, "Austrians: AUT_PICHLER denounces GER_WEISS, who is not there; "
                               "AUT_PICHLER is exposed in STADTPLATZ\n");
    bra_fx_refuse(x, "DENOUNCE agent=AUT_PICHLER target=GER_BRANDT", "E_ALREADY_DENOUNCED");
    bra_fx_refuse(x, "DENOUNCE agent=AUT_AUER target=LOC_BREWERS", "E_TARGET_IS_MOB");
    bra_fx_apply(x, "MOVE agent=AUT_PICHLER path=RATHAUS");
    assert_false(x->s->exposed[pichler]);
    /* the public saw it go, not where: anywhere next to STADTPLATZ */
    assert_int_equal(x->s->maybe[BRA_PUBLIC][pichler],
                     x->c->area[bra_fx_area(x, "STADTPLATZ")].adj);
}

/* EX-28. A market purchase with Faction refill; an Informant. */
static void test_EX_28_market_purchase(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_A, 5, 6);
    bra_fx_stash(x, "A21 A22");
    bra_fx_place(x, "GER_BRANDT", "BAHNHOF");
    bra_fx_sane(x);
    bra_fx_refuse(x, "DEPLOY token=A21 item=I05", "E_NOT_ENOUGH_GOLD");
    bra_fx_apply(x, "DEPLOY token=A21 item=I07");
    assert_int_equal(bra_fx_ap(x, BX_A), 5);
    assert_int_equal(x->s->f[BX_A].gold, 1);
    assert_int_equal(x->s->iowner[bra_fx_item(x, "I07")], BX_A);
    assert_int_equal(x->s->market[0], bra_fx_item(x, "I01"));
    assert_int_equal(x->s->market[1], bra_fx_item(x, "I05"));
    assert_int_equal(x->s->market[2], bra_fx_item(x, "I11"));
    bra_fx_apply(x, "USE item=I07 area=BAHNHOF");
    assert_int_equal(bra_fx_ap(x, BX_A), 5);
    char got[256];
    assert_string_equal(reveals(x, BX_A, got, sizeof got), "GER_BRANDT BAHNHOF\n");
    assert_int_equal(x->s->iowner[bra_fx_item(x, "I07")], IO_DISCARD);
    bra_fx_refuse(x, "DEPLOY token=A22 item=I03", "E_ITEM_NOT_IN_MARKET");
}

/* EX-29. Ability state checks, and the surcharge on one agent. */
static void test_EX_29_ability_state_checks(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 4, 6);
    bra_fx_place(x, "GER_STROH", "STADTPLATZ");
    bra_fx_stash(x, "G11 G12 G14 G19");
    int stroh = bra_fx_agent_id(x, "GER_STROH");
    bra_fx_refuse(x, "DEPLOY token=G11 mode=UPGRADE", "E_ABILITY_DISABLED");
    bra_fx_refuse(x, "DEPLOY token=G14 mode=RELOAD", "E_AGENT_NOT_IN_PLAY");
    bra_fx_apply(x, "DEPLOY token=G19 agent=GER_STROH");
    assert_int_equal(bra_fx_ap(x, BX_G), 5);
    assert_int_equal(x->s->level[stroh], 1);
    assert_int_equal(x->s->charges[stroh], 2);
    bra_fx_refuse(x, "DEPLOY token=G11 mode=RELOAD", "E_ABILITY_FULL");
    bra_fx_apply(x, "DEPLOY token=G11 mode=UPGRADE");
    assert_int_equal(bra_fx_ap(x, BX_G), 3);
    assert_int_equal(x->s->level[stroh], 2);
    bra_fx_apply(x, "DEPLOY token=G12 mode=UPGRADE");
    assert_int_equal(bra_fx_ap(x, BX_G), 1);
    assert_int_equal(x->s->level[stroh], 3);
    bra_fx_stash(x, "G13");
    bra_fx_refuse(x, "DEPLOY token=G13 mode=UPGRADE", "E_ABILITY_MAX_LEVEL");
}

/* EX-30. The ARREST ability and distance. */
static void test_EX_30_arrest_and_distance(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 5, 6);
    bra_fx_place(x, "GER_STROH", "STADTPLATZ");
    bra_fx_level(x, "GER_STROH", 2, 2);
    bra_fx_place(x, "AUT_LEITNER", "RATHAUS");
    bra_fx_place(x, "AUT_HAINZ", "VORSTADT");
    bra_fx_sane(x);
    int stroh = bra_fx_agent_id(x, "GER_STROH"), leitner = bra_fx_agent_id(x, "AUT_LEITNER");
    int hainz = bra_fx_agent_id(x, "AUT_HAINZ");
    bra_fx_apply(x, "ABILITY agent=GER_STROH target=AUT_LEITNER");
    assert_int_equal(bra_fx_ap(x, BX_G), 5);
    assert_int_equal(x->s->charges[stroh], 1);
    assert_int_equal(x->s->loc[leitner], BRA_RESERVE);
    assert_int_equal(x->s->f[BX_G].vp, 2);
    bra_fx_apply(x, "ABILITY agent=GER_STROH target=AUT_HAINZ");
    assert_int_equal(bra_fx_ap(x, BX_G), 4);
    assert_int_equal(x->s->charges[stroh], 0);
    assert_int_equal(x->s->loc[hainz], bra_fx_area(x, "VORSTADT"));
    assert_int_equal(x->s->f[BX_G].vp, 2);
    assert_false(x->s->exposed[stroh]);
    bra_fx_refuse(x, "ABILITY agent=GER_STROH target=AUT_HAINZ", "E_NO_CHARGES");
}

/* EX-31. Mobs are agents for the Locals. */
static void test_EX_31_mobs_are_agents(void **state)
{
    bra_fx *x = *state;
    char got[256];
    bra_fx_validate(
        "{\"faction\": \"LOCALS\", \"mode\": \"STANDARDIZED\", \"tokens\": {\"DROP\": 4, "
        "\"ABIL\": {\"LOC_BREWERS\": 6, \"LOC_MARKET\": 6}, \"SPEC\": 4, \"REFILL\": 4, "
        "\"SUMMON\": 4, \"CI\": 4, \"POP\": 4, \"GOLD\": 8, \"BR\": 8}}",
        got, sizeof got);
    assert_string_equal(got, "");
    bra_fx_turn(x, BX_L, 3, 6);
    bra_fx_stash(x, "L01 L17");
    bra_fx_place(x, "GER_WEISS", "STADTPLATZ");
    bra_fx_apply(x, "DEPLOY token=L01 agent=LOC_MARKET area=STADTPLATZ");
    char story[1024];
    bra_fx_story(x, TT_VIEW_SPECTATOR, story, sizeof story);
    assert_string_equal(story, "The Locals deploy L01 DROP (1 AP)\n"
                               "The Locals drop off LOC_MARKET in STADTPLATZ\n");
    bra_fx_apply(x, "DEPLOY token=L17 agent=LOC_MARKET");
    assert_int_equal(bra_fx_ap(x, BX_L), 3); /* the SPEC cost 2 */
    bra_fx_refuse(x, "DENOUNCE agent=LOC_MARKET target=GER_WEISS", "E_MOB_NOT_ALLOWED");
}

/* EX-32. The roster and the reserve. */
static void test_EX_32_roster_and_reserve(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 4, 6);
    bra_fx_place(x, "GER_BRANDT", "STADTPLATZ");
    bra_fx_place(x, "GER_STROH", "RATHAUS");
    bra_fx_place(x, "GER_KESSLER", "BAHNHOF");
    bra_fx_stash(x, "G02");
    bra_fx_refuse(x, "DEPLOY token=G02 agent=GER_VOLKMAR area=BAHNHOF", "E_AGENT_NOT_OWNED");
    bra_fx_refuse(x, "DEPLOY token=G02 agent=GER_BRANDT area=BAHNHOF", "E_AGENT_NOT_IN_RESERVE");
    assert_false(bra_fx_offered(x, "deploy G02")); /* BRA-10.7: a dead token */
}

/* EX-33. Printing Press and Motorcar. */
static void test_EX_33_printing_press_and_motorcar(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_A, 4, 6);
    bra_fx_own_item(x, "I05", BX_A);
    bra_fx_place(x, "AUT_LEITNER", "PFARRKIRCHE");
    bra_fx_apply(x, "AGITATE agent=AUT_LEITNER");
    assert_int_equal(bra_fx_ap(x, BX_A), 5);
    bra_fx_apply(x, "AGITATE agent=AUT_PICHLER");
    assert_int_equal(bra_fx_ap(x, BX_A), 3);
    bra_fx_refuse(x, "AGITATE agent=AUT_LEITNER", "E_ALREADY_AGITATED");
    bra_fx_refuse(x, "MOVE agent=AUT_PICHLER path=STADTPLATZ,BAHNHOF", "E_BAD_PATH");
    /* with a Motorcar the same move is legal, once a turn */
    bra_fx_own_item(x, "I03", BX_A);
    bra_fx_apply(x, "MOVE agent=AUT_PICHLER path=STADTPLATZ,BAHNHOF");
    assert_int_equal(bra_fx_loc(x, "AUT_PICHLER"), bra_fx_area(x, "BAHNHOF"));
    bra_fx_refuse(x, "MOVE agent=AUT_PICHLER path=STADTPLATZ,RATHAUS", "E_BAD_PATH");
}

/* --- scoring ---------------------------------------------------------------------------- */

/* EX-34. Final scoring: area control, Dossiers, and the tie-breaks. */
static void test_EX_34_final_scoring(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_L, 10, 6); /* the last turn of round 10 */
    bra_fx_vp(x, BX_G, 5);
    bra_fx_vp(x, BX_A, 6);
    bra_fx_vp(x, BX_L, 6);
    bra_fx_gold(x, BX_G, 3);
    bra_fx_gold(x, BX_A, 5);
    bra_fx_gold(x, BX_L, 4);
    bra_fx_own_item(x, "I11", BX_G);
    static const char *const areas[] = {"STADTPLATZ", "RATHAUS",  "PFARRKIRCHE", "BAHNHOF",
                                        "INNBRUECKE", "BRAUEREI", "VORSTADT"};
    static const int sup[7][3] = {{4, 4, 2}, {1, 5, 0}, {0, 2, 3}, {3, 0, 0},
                                  {3, 0, 3}, {0, 0, 4}, {0, 0, 0}};
    for (int i = 0; i < 7; i++)
        for (int f = 0; f < 3; f++)
            bra_fx_support(x, f, areas[i], sup[i][f]);
    bra_fx_sane(x);
    bra_fx_apply(x, "END");
    assert_true(x->s->head.over);
    assert_int_equal(x->s->f[BX_G].vp, 9);
    assert_int_equal(x->s->f[BX_A].vp, 9);
    assert_int_equal(x->s->f[BX_L].vp, 9);
    assert_int_equal(x->s->f[BX_A].vp_area, 3);
    assert_int_equal(x->s->f[BX_L].vp_area, 3);
    assert_int_equal(x->s->f[BX_G].vp_area, 2);
    assert_int_equal(x->s->f[BX_G].vp_dossier, 2);
    assert_int_equal(x->s->head.rank[SEAT(BX_L)], 1);
    assert_int_equal(x->s->head.rank[SEAT(BX_A)], 2);
    assert_int_equal(x->s->head.rank[SEAT(BX_G)], 3);
    tt_result r;
    tt_result_get(x->g, (const tt_state *)x->s, &r);
    assert_true(r.over);
    assert_int_equal(r.winner, SEAT(BX_L));
    assert_string_equal(r.reason, "SCORED");
    char story[2048];
    bra_fx_story(x, TT_VIEW_SPECTATOR, story, sizeof story);
    assert_string_equal(story, "The Austrians control RATHAUS: +3 VP\n"
                               "The Locals control PFARRKIRCHE: +2 VP\n"
                               "The Germans control BAHNHOF: +2 VP\n"
                               "The Locals control BRAUEREI: +1 VP\n"
                               "The Germans' Dossier I11: +2 VP\n"
                               "The game ends after round 10: final scoring done\n");
}

/* BRA-9.3: a tie on VP, support and gold is a shared first place. */
static void test_BRA_9_3_shared_first_place(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_L, 10, 6);
    static const char *const homes[] = {"INNBRUECKE", "RATHAUS", "BRAUEREI"};
    for (int f = 0; f < 3; f++) { /* nobody controls an area; VP and support tie */
        bra_fx_vp(x, f, 4);
        bra_fx_support(x, f, homes[f], 0);
    }
    bra_fx_gold(x, BX_L, 1); /* the Locals have less gold */
    bra_fx_apply(x, "END");
    tt_result r;
    tt_result_get(x->g, (const tt_state *)x->s, &r);
    assert_int_equal(r.winner, -1);
    assert_int_equal(r.winners, 1u << SEAT(BX_G) | 1u << SEAT(BX_A));
    double ret[3];
    tt_returns(x->g, (const tt_state *)x->s, ret);
    assert_true(ret[SEAT(BX_G)] == 1.0 && ret[SEAT(BX_A)] == 1.0 && ret[SEAT(BX_L)] == -1.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_EX_18_enable_then_upgrade, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_19_next_turn_starts_fresh, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_20_check_precedence, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_21_population_support, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_22_full_awareness_and_decoys, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_23_browsing_records, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_24_counterintelligence, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_25_secret_meeting_with_bribe, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_25b_forged_papers, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_25cde_meeting_refusals, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_26_interrogate_then_denounce, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_27_failed_denunciation, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_28_market_purchase, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_29_ability_state_checks, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_30_arrest_and_distance, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_31_mobs_are_agents, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_32_roster_and_reserve, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_33_printing_press_and_motorcar, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_34_final_scoring, setup, teardown),
        cmocka_unit_test_setup_teardown(test_BRA_9_3_shared_first_place, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
