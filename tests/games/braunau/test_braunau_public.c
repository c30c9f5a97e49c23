/* Braunau: every public fact is shown, to each viewer its rule names.
 *
 * The leak tests (tests/generic) prove that no view shows too much; these
 * prove that each view shows enough. For every rule of docs/rules/braunau.md
 * that makes something known — the zones of BRA-2.16 and BRA-7, what each
 * command discloses (BRA-7.7 and the rules of section 6 it sums up), the
 * final report (BRA-9.4) — a position is built on fixture F1 and the views
 * of the Germans (seat 0), the Austrians (seat 1), the Locals (seat 2), the
 * spectator and the omniscient view are read through the public interface:
 * the JSON holds the exact value, the text view says it, the narration tells
 * it, and a viewer the rule does not name is not shown it.
 * docs/games/braunau.md lists these tests beside the rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bra_fixture.h"
#include "view_checks.h"

#define G x->g
#define S ((const tt_state *)x->s)
#define GER VC_PLAYER(0)
#define AUT VC_PLAYER(1)
#define LOC VC_PLAYER(2)
#define AGENT(faction, id) "factions.faction=" faction ".agents.id=" id

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

/* --- BRA-7.2, 7.3: the zones of each player ------------------------------------------------ */

/* EX-11: the Germans draw 5 and keep 2; the others learn the numbers only. */
static void draw_and_keep(bra_fx *x)
{
    bra_fx_turn(x, BX_G, 2, 6);
    bra_fx_stash(x, "G17 G08");
    bra_fx_deck_top(x, "G33 G45 G21 G37 G25 G01");
    bra_fx_sane(x);
    bra_fx_apply(x, "DRAW");
}

/* BRA-6.1.2, BRA-7.3: the drawer sees the tokens drawn, the others how many. */
static void test_BRA_6_1_2_drawn_tokens_to_drawer_count_to_all(void **state)
{
    bra_fx *x = *state;
    draw_and_keep(x);

    vc_public(G, S, "factions.faction=germans.pending", "5");
    vc_only(G, S, GER, "factions.faction=germans.pending_tokens",
            "[\"G33 POP\",\"G45 FA\",\"G21 REFILL\",\"G37 GOLD\",\"G25 SUMMON\"]");
    vc_story_public(G, &x->ev, "Germans draw 5 tokens\n");
    vc_story_only(G, &x->ev, GER, "  drawn: G45 FA\n");
    vc_text_public(G, S, ", drew this turn, 5 drawn to keep or return;");
    vc_text_only(G, S, GER, "  drawn, to keep or return: G33 POP G45 FA");
}

/* BRA-6.2.2, BRA-7.2: the kept tokens and the known bottom of the deck to their
 * owner; k, the number returned and the deck's size to all. */
static void test_BRA_7_2_deck_size_to_all_known_suffix_to_owner(void **state)
{
    bra_fx *x = *state;
    draw_and_keep(x);
    bra_fx_apply(x, "KEEP tokens=G33,G45");

    vc_public(G, S, "factions.faction=germans.deck", "48");
    vc_public(G, S, "factions.faction=germans.stash", "4");
    vc_only(G, S, GER, "factions.faction=germans.deck_tokens.known_suffix",
            "[\"G21 REFILL\",\"G37 GOLD\",\"G25 SUMMON\"]");
    vc_story_public(G, &x->ev, "Germans keep 2 and return 3 to the bottom of the deck (2 AP)\n");
    vc_story_only(G, &x->ev, GER, "  kept: G33 POP\n");
    vc_text_public(G, S, "VP 0; deck 48, stash 4, discard 0, drew this turn;");
    vc_text_only(G, S, GER, "  bottom of the deck (returned): G21 REFILL G37 GOLD G25 SUMMON\n");
    /* more than ten: counted by kind, so the screen keeps within its height */
    x->s->f[BX_G].known = 11;
    bra_fx_sane(x);
    vc_text_only(G, S, GER,
                 "  bottom of the deck, 11 returned: 1 REFILL, 1 SUMMON, 2 GOLD, 7 FA\n");
}

/* BRA-7.3, BRA-6.3.2: the stash and the discard pile to their owner, their
 * sizes and the number discarded to all. */
static void test_BRA_7_3_stash_and_discard_to_owner_sizes_to_all(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 3, 6);
    bra_fx_stash(x, "G22 G38 G05");
    bra_fx_sane(x);
    bra_fx_apply(x, "DISCARD tokens=G22,G38");

    vc_public(G, S, "factions.faction=germans.stash", "1");
    vc_public(G, S, "factions.faction=germans.discard", "2");
    vc_only(G, S, GER, "factions.faction=germans.stash_tokens", "[\"G05 ABIL GER_WEISS\"]");
    vc_only(G, S, GER, "factions.faction=germans.discard_tokens", "[\"G22 REFILL\",\"G38 GOLD\"]");
    vc_story_public(G, &x->ev, "Germans discard 2 tokens (1 AP)\n");
    vc_story_only(G, &x->ev, GER, "  discarded: G38 GOLD\n");
    vc_text_public(G, S, "deck 49, stash 1, discard 2");
    vc_text_only(G, S, GER, "  stash: G05 ABIL(GER_WEISS)\n");
}

/* BRA-7.3, BRA-6.4.4, BRA-6.12: the played pile is public, face up. */
static void test_BRA_7_3_played_pile_public(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 3, 6);
    bra_fx_stash(x, "G37 G38 G17");
    bra_fx_place(x, "GER_BRANDT", "BAHNHOF");
    bra_fx_sane(x);
    bra_fx_apply(x, "DEPLOY token=G37");
    bra_fx_apply(x, "DEPLOY token=G38");
    bra_fx_apply(x, "DEPLOY token=G17 agent=GER_BRANDT");

    vc_public(G, S, "factions.faction=germans.played", "[\"G37 GOLD\",\"G38 GOLD\",\"G17 SPEC\"]");
    vc_public(G, S, "factions.faction=germans.gold", "6");
    vc_text_public(G, S, "  played 3: 1 SPEC, 2 GOLD\n");
    vc_story_public(G, &x->ev, "Germans deploy G17 SPEC (1 AP)\n");
}

/* --- BRA-7.4, 7.5, 7.6: agents --------------------------------------------------------------- */

/* BRA-7.4, BRA-6.5: an agent's area to its owner; that it is in play, and a
 * mob's area, to all; a resident is exposed at home (BRA-4.1 step 5). */
static void test_BRA_7_4_positions(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_L, 3, 6);
    bra_fx_stash(x, "L01 L02");
    bra_fx_sane(x);
    bra_fx_apply(x, "DEPLOY token=L01 agent=LOC_REITER area=BAHNHOF");

    vc_public(G, S, AGENT("locals", "LOC_REITER") ".where", "\"play\"");
    vc_only(G, S, LOC, AGENT("locals", "LOC_REITER") ".area", "\"BAHNHOF\"");
    vc_story_public(G, &x->ev, "Locals drop off LOC_REITER\n");
    vc_story_only(G, &x->ev, LOC, "  LOC_REITER enters play in BAHNHOF\n");
    vc_text_only(G, S, LOC, "    LOC_REITER   in BAHNHOF\n");
    vc_text_has(G, S, 0, "    LOC_REITER   in play, maybe");

    bra_fx_apply(x, "DEPLOY token=L02 agent=LOC_MARKET area=STADTPLATZ");
    vc_public(G, S, AGENT("locals", "LOC_MARKET") ".area", "\"STADTPLATZ\"");
    vc_story_public(G, &x->ev, "Locals drop off LOC_MARKET in STADTPLATZ\n");
    vc_text_public(G, S, "    LOC_MARKET   in STADTPLATZ (mob)\n");

    vc_public(G, S, AGENT("germans", "GER_WEISS") ".area", "\"INNBRUECKE\"");
    vc_public(G, S, AGENT("germans", "GER_WEISS") ".exposed", "true");
    vc_public(G, S, AGENT("germans", "GER_BRANDT") ".where", "\"reserve\"");
    vc_text_public(G, S, "    GER_WEISS    in INNBRUECKE (exposed)\n");
    vc_text_public(G, S, "    reserve: GER_BRANDT ");
}

/* BRA-7.4, BRA-6.6, BRA-6.7: ability levels and charges are public, and who
 * was raised. */
static void test_BRA_7_4_levels_and_charges_public(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 3, 6);
    bra_fx_stash(x, "G17 G09");
    bra_fx_place(x, "GER_BRANDT", "BAHNHOF");
    bra_fx_sane(x);
    bra_fx_apply(x, "DEPLOY token=G17 agent=GER_BRANDT");
    vc_story_public(G, &x->ev, "GER_BRANDT's ability is enabled: level 1, 2 charges\n");
    bra_fx_apply(x, "DEPLOY token=G09 mode=UPGRADE");

    vc_public(G, S, AGENT("germans", "GER_BRANDT") ".level", "2");
    vc_public(G, S, AGENT("germans", "GER_BRANDT") ".charges", "2");
    vc_story_public(G, &x->ev, "GER_BRANDT's ability is upgraded: level 2, 2 charges\n");
    vc_text_public(G, S, ", AGITATE level 2, 2 charges");
}

/* BRA-7.5, BRA-6.17, BRA-6.15: a failed denunciation exposes the denouncer's
 * area to all; a move hides it again, and the public learns only that. */
static void test_BRA_7_5_exposure(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_A, 8, 6);
    bra_fx_place(x, "AUT_PICHLER", "STADTPLATZ");
    bra_fx_sane(x);

    bra_fx_apply(x, "DENOUNCE agent=AUT_PICHLER target=GER_WEISS");
    vc_public(G, S, AGENT("austrians", "AUT_PICHLER") ".area", "\"STADTPLATZ\"");
    vc_public(G, S, AGENT("austrians", "AUT_PICHLER") ".exposed", "true");
    vc_story_public(G, &x->ev,
                    "Austrians: AUT_PICHLER denounces GER_WEISS, who is not there; "
                    "AUT_PICHLER is exposed in STADTPLATZ\n");
    vc_text_public(G, S, "    AUT_PICHLER  in STADTPLATZ (exposed)");

    bra_fx_apply(x, "MOVE agent=AUT_PICHLER path=RATHAUS");
    vc_public(G, S, AGENT("austrians", "AUT_PICHLER") ".exposed", "false");
    vc_only(G, S, AUT, AGENT("austrians", "AUT_PICHLER") ".area", "\"RATHAUS\"");
    vc_story_public(G, &x->ev, "Austrians move AUT_PICHLER, no longer exposed\n");
    vc_story_only(G, &x->ev, AUT, "  AUT_PICHLER moves to RATHAUS (1 step)\n");
}

/* BRA-6.15: a hidden agent's move is public as a move only; a mob's path is
 * public. */
static void test_BRA_6_15_moves(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_L, 4, 6);
    bra_fx_place(x, "LOC_REITER", "BAHNHOF");
    bra_fx_place(x, "LOC_MARKET", "STADTPLATZ");
    bra_fx_sane(x);

    bra_fx_apply(x, "MOVE agent=LOC_REITER path=VORSTADT");
    vc_story_public(G, &x->ev, "Locals move an agent\n");
    vc_story_only(G, &x->ev, LOC, "  LOC_REITER moves to VORSTADT (1 step)\n");
    bra_fx_apply(x, "MOVE agent=LOC_MARKET path=RATHAUS");
    vc_story_public(G, &x->ev, "Locals move LOC_MARKET to RATHAUS\n");
    vc_public(G, S, AGENT("locals", "LOC_MARKET") ".area", "\"RATHAUS\"");
    vc_public(G, S, "factions.faction=locals.ap", "4");
}

/* BRA-7.6, BRA-6.10.3: a decoy is its owner's; the others learn only that a
 * CI token was used. */
static void test_BRA_7_6_decoy_to_owner_only(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_L, 6, 6);
    bra_fx_place(x, "LOC_REITER", "BAHNHOF");
    bra_fx_stash(x, "L29");
    bra_fx_sane(x);
    bra_fx_apply(x, "DEPLOY token=L29 agent=LOC_REITER mode=FALSIFY area=VORSTADT");

    vc_only(G, S, LOC, AGENT("locals", "LOC_REITER") ".decoy", "\"VORSTADT\"");
    vc_story_public(G, &x->ev, "Locals use Counterintelligence\n");
    vc_story_only(G, &x->ev, LOC,
                  "  LOC_REITER plants a decoy: reports will place it in VORSTADT\n");
    vc_text_only(G, S, LOC, ", decoy in VORSTADT");
}

/* BRA-6.10.1 EXTRACT, BRA-6.23.3: the true area goes to the extracting player
 * alone, into his intel. */
static void test_BRA_6_10_extract_result_to_owner(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 7, 6);
    bra_fx_place(x, "LOC_REITER", "BAHNHOF");
    bra_fx_stash(x, "G29");
    bra_fx_sane(x);
    bra_fx_apply(x, "DEPLOY token=G29 agent=GER_WEISS mode=EXTRACT target=LOC_REITER");

    vc_learnt(G, S, GER, AGENT("locals", "LOC_REITER") ".intel",
              "{\"area\":\"BAHNHOF\",\"round\":7,\"source\":\"EXTRACT\",\"decoy_possible\":false}");
    vc_story_public(G, &x->ev, "Germans use Counterintelligence\n");
    vc_story_only(G, &x->ev, GER, "  GER_WEISS extracts the true position of LOC_REITER\n");
    vc_text_has(G, S, 0, "; intel round 7 (EXTRACT): BAHNHOF");
    vc_text_lacks(G, S, 1, "; intel round 7");
}

/* BRA-6.9.2, BRA-6.9.3: a secret meeting — the target and outcome to all; the
 * host and its area to the target's owner; the target's area to the summoner. */
static void test_BRA_6_9_meeting(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 7, 6);
    bra_fx_place(x, "GER_STROH", "STADTPLATZ");
    bra_fx_place(x, "AUT_AUER", "PFARRKIRCHE");
    bra_fx_stash(x, "G25");
    bra_fx_sane(x);
    bra_fx_apply(x, "DEPLOY token=G25 host=GER_STROH target=AUT_AUER outcome=NONE");

    vc_story_public(G, &x->ev, "Germans summon AUT_AUER to a secret meeting (NONE)\n");
    vc_story_only(G, &x->ev, AUT, "  AUT_AUER meets GER_STROH of the Germans in STADTPLATZ\n");
    vc_only(G, S, AUT, AGENT("austrians", "AUT_AUER") ".area", "\"STADTPLATZ\"");
    vc_learnt(
        G, S, GER, AGENT("austrians", "AUT_AUER") ".intel",
        "{\"area\":\"STADTPLATZ\",\"round\":7,\"source\":\"SUMMON\",\"decoy_possible\":false}");
    vc_learnt(G, S, AUT, AGENT("germans", "GER_STROH") ".intel.area", "\"STADTPLATZ\"");
}

/* BRA-6.14, BRA-6.23.3: Full Awareness — that it was used to all, the reports
 * to the player alone. */
static void test_BRA_6_14_full_awareness_reports_to_owner(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 6, 6);
    bra_fx_stash(x, "G45");
    bra_fx_place(x, "LOC_REITER", "BAHNHOF");
    bra_fx_decoy(x, "LOC_REITER", "VORSTADT");
    bra_fx_sane(x);
    bra_fx_apply(x, "DEPLOY token=G45");

    vc_story_public(G, &x->ev, "Germans use Full Awareness\n");
    vc_story_only(G, &x->ev, GER, "  intel (FA): LOC_REITER in VORSTADT\n");
    vc_learnt(G, S, GER, AGENT("locals", "LOC_REITER") ".intel.area", "\"VORSTADT\"");
    vc_learnt(G, S, GER, AGENT("locals", "LOC_REITER") ".intel.decoy_possible", "true");
}

/* BRA-6.18.3: an ability's user and effect are public; a SURVEY's reports go
 * to its player alone. */
static void test_BRA_6_18_3_ability_public_survey_private(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_L, 6, 6);
    bra_fx_level(x, "LOC_GRUBER", 2, 2);
    bra_fx_place(x, "GER_BRANDT", "STADTPLATZ");
    bra_fx_sane(x);
    bra_fx_apply(x, "ABILITY agent=LOC_GRUBER");

    vc_story_public(G, &x->ev, "Locals: LOC_GRUBER uses Tap-Room Gossip (SURVEY), 1 charge left\n");
    vc_story_only(G, &x->ev, LOC, "  intel (SURVEY): GER_BRANDT in STADTPLATZ\n");
    vc_public(G, S, AGENT("locals", "LOC_GRUBER") ".charges", "1");
    vc_learnt(G, S, LOC, AGENT("germans", "GER_BRANDT") ".intel.area", "\"STADTPLATZ\"");
}

/* --- BRA-2.16: support, pools, the market ------------------------------------------------------ */

/* BRA-6.11, BRA-6.21.2, BRA-2.16: Population support — area, faction, new
 * support and the Rally to all; not the agent. */
static void test_BRA_6_11_support_and_rally_public(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_L, 5, 6);
    bra_fx_place(x, "LOC_REITER", "STADTPLATZ");
    bra_fx_support(x, BX_L, "STADTPLATZ", 1);
    bra_fx_stash(x, "L33");
    bra_fx_sane(x);
    bra_fx_apply(x, "DEPLOY token=L33 agent=LOC_REITER");

    vc_public(G, S, "areas.id=STADTPLATZ.support.locals", "3");
    vc_public(G, S, "areas.id=STADTPLATZ.rallied", "[\"locals\"]");
    vc_public(G, S, "factions.faction=locals.vp", "1");
    vc_public(G, S, "factions.faction=locals.gold", "3");
    vc_story_public(G, &x->ev, "The Locals' support in STADTPLATZ is now 3 (Population support)\n");
    vc_story_public(G, &x->ev, "Rally of the Locals in STADTPLATZ: +1 VP, +1 gold\n");
    vc_story_only(G, &x->ev, LOC, "  raised by LOC_REITER\n");
    vc_text_public(G, S, "L 3*");
}

/* BRA-6.16: agitation is public with its area; the agent is named when its
 * area is public anyway (a resident, exposed). */
static void test_BRA_6_16_agitate_public(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 3, 6);
    bra_fx_place(x, "GER_BRANDT", "BAHNHOF");
    bra_fx_sane(x);

    bra_fx_apply(x, "AGITATE agent=GER_WEISS");
    vc_story_public(G, &x->ev,
                    "The Germans' support in INNBRUECKE is now 2 (agitation, GER_WEISS)\n");
    bra_fx_apply(x, "AGITATE agent=GER_BRANDT");
    vc_story_public(G, &x->ev, "The Germans' support in BAHNHOF is now 1 (agitation)\n");
    vc_story_only(G, &x->ev, GER, "  raised by GER_BRANDT\n");
    vc_public(G, S, "areas.id=BAHNHOF.support.germans", "1");
    vc_public(G, S, "factions.faction=germans.ap", "2");
    vc_text_public(G, S, ": AP 2, gold 2, VP 0;");
}

/* BRA-6.17, BRA-6.22: a denunciation's actor, target, result and area are
 * public, and the VP it brings. */
static void test_BRA_6_17_denounce_public(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_A, 7, 6);
    bra_fx_place(x, "LOC_REITER", "RATHAUS");
    bra_fx_sane(x);
    bra_fx_apply(x, "DENOUNCE agent=AUT_PICHLER target=LOC_REITER");

    vc_story_public(G, &x->ev,
                    "Austrians: AUT_PICHLER denounces LOC_REITER in RATHAUS: arrested\n");
    vc_story_public(G, &x->ev, "LOC_REITER goes to the reserve; the Austrians +2 VP\n");
    vc_public(G, S, AGENT("locals", "LOC_REITER") ".where", "\"reserve\"");
    vc_public(G, S, "factions.faction=austrians.vp", "2");
}

/* BRA-2.16, BRA-6.8, BRA-6.19.2: the market row, each faction's items, the
 * item deck's size and the item discard are public (the deck's order is
 * nobody's); an Informant's use is public, its reports private. */
static void test_BRA_2_16_items_public(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_A, 5, 6);
    bra_fx_stash(x, "A21");
    bra_fx_place(x, "GER_BRANDT", "BAHNHOF");
    bra_fx_sane(x);
    bra_fx_apply(x, "DEPLOY token=A21 item=I07");

    vc_story_public(G, &x->ev, "Austrians buy I07 (INFORMANT) for 1 gold, 1 left\n");
    vc_public(G, S, "factions.faction=austrians.items", "[\"I07\"]");
    vc_public(G, S, "items.market", "[\"I01\",\"I05\",\"I11\"]");
    vc_public(G, S, "items.deck", "8");
    vc_only(G, S, 0, "items.deck_order.0", "\"I02\"");
    vc_text_public(G, S, "items: I07 INFORMANT\n");

    bra_fx_apply(x, "USE item=I07 area=BAHNHOF");
    vc_story_public(G, &x->ev, "Austrians use I07 (INFORMANT)\n");
    vc_story_only(G, &x->ev, AUT, "  intel (INFORMANT): GER_BRANDT in BAHNHOF\n");
    vc_public(G, S, "items.discard", "[\"I07\"]");
    vc_text_public(G, S, "; item deck 8; item discard: I07\n");
}

/* BRA-9.4: the final report — per faction its VP from each source, total
 * support, gold and rank — is public. */
static void test_BRA_9_4_final_report_public(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_L, 10, 6);
    bra_fx_vp(x, BX_G, 5);
    bra_fx_gold(x, BX_G, 3);
    bra_fx_own_item(x, "I11", BX_G);
    bra_fx_support(x, BX_G, "BAHNHOF", 3);
    bra_fx_sane(x);
    bra_fx_apply(x, "END");

    vc_public(G, S, "result.ranking.faction=germans",
              "{\"faction\":\"germans\",\"rank\":1,\"vp\":11,\"rallies\":0,\"arrests\":0,"
              "\"bribes\":0,\"areas\":4,\"dossiers\":2,\"support\":4,\"gold\":3}");
    vc_public(G, S, "result.winners", "[\"germans\"]");
    vc_text_public(G, S,
                   "  1. Germans, 11 VP (rallies 0, arrests 0, bribes 0, areas 4, dossiers 2), "
                   "support 4, gold 3\n");
    vc_story_public(G, &x->ev, "The Germans' Dossier I11: +2 VP\n");
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(test_BRA_6_1_2_drawn_tokens_to_drawer_count_to_all),
        T(test_BRA_7_2_deck_size_to_all_known_suffix_to_owner),
        T(test_BRA_7_3_stash_and_discard_to_owner_sizes_to_all),
        T(test_BRA_7_3_played_pile_public),
        T(test_BRA_7_4_positions),
        T(test_BRA_7_4_levels_and_charges_public),
        T(test_BRA_7_5_exposure),
        T(test_BRA_6_15_moves),
        T(test_BRA_7_6_decoy_to_owner_only),
        T(test_BRA_6_10_extract_result_to_owner),
        T(test_BRA_6_9_meeting),
        T(test_BRA_6_14_full_awareness_reports_to_owner),
        T(test_BRA_6_18_3_ability_public_survey_private),
        T(test_BRA_6_11_support_and_rally_public),
        T(test_BRA_6_16_agitate_public),
        T(test_BRA_6_17_denounce_public),
        T(test_BRA_2_16_items_public),
        T(test_BRA_9_4_final_report_public),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
