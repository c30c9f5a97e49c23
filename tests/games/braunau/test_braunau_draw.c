/* Braunau: the drawing, retaining, stash and discarding examples EX-10 …
 * EX-17 of the rules file (section 11), rules of BRA-6.1 – 6.3 and 10, and
 * the designers' figures of those tokens.
 *
 * Each test builds the example's position on fixture F1 (bra_fixture.h),
 * plays the example's commands as written in the rules (tt_apply_text) and
 * asserts the exact resulting state, or the refusal's code and an unchanged
 * state. */
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

/* EX-10. No draw in round 1. */
static void test_EX_10_no_draw_in_round_1(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 1, 6);
    bra_fx_refuse(x, "DRAW", "E_DRAW_NOT_YET");
    assert_string_equal(x->err.rule, "BRA-6.1.1");
    assert_false(bra_fx_offered(x, "draw"));
}

/* EX-11's position: round 2, Germans, AP 6, stash {G17, G08}, the deck (50)
 * starting G33, G45, G21, G37, G25, G01. */
static void ex11(bra_fx *x)
{
    bra_fx_turn(x, BX_G, 2, 6);
    bra_fx_stash(x, "G17 G08");
    bra_fx_deck_top(x, "G33 G45 G21 G37 G25 G01");
    assert_int_equal(x->s->f[BX_G].ndeck, 50);
    bra_fx_sane(x);
}

/* EX-11. Draw 5, keep 2. */
static void test_EX_11_draw_5_keep_2(void **state)
{
    bra_fx *x = *state;
    ex11(x);
    bra_fx_apply(x, "DRAW");
    const bra_fstate *f = &x->s->f[BX_G];
    assert_int_equal(f->npend, 5);
    const char *pend[] = {"G33", "G45", "G21", "G37", "G25"};
    for (int i = 0; i < 5; i++)
        assert_int_equal(BX_G << 6 | f->pend[i], bra_fx_tok(x, pend[i]));
    assert_int_equal(f->ndeck, 45);
    assert_int_equal(bra_fx_deck_at(x, BX_G, 0), bra_fx_tok(x, "G01"));
    assert_int_equal(bra_fx_ap(x, BX_G), 6);

    bra_fx_apply(x, "KEEP tokens=G33,G45");
    assert_int_equal(bra_fx_ap(x, BX_G), 4);
    assert_int_equal(bra_stash_size(f), 4);
    assert_true(bra_fx_in_stash(x, "G17") && bra_fx_in_stash(x, "G08") &&
                bra_fx_in_stash(x, "G33") && bra_fx_in_stash(x, "G45"));
    assert_int_equal(f->ndeck, 48);
    assert_int_equal(bra_fx_deck_at(x, BX_G, 0), bra_fx_tok(x, "G01"));
    assert_int_equal(bra_fx_deck_from_bottom(x, BX_G, 0), bra_fx_tok(x, "G25"));
    assert_int_equal(bra_fx_deck_from_bottom(x, BX_G, 1), bra_fx_tok(x, "G37"));
    assert_int_equal(bra_fx_deck_from_bottom(x, BX_G, 2), bra_fx_tok(x, "G21"));
    assert_int_equal(f->known, 3); /* the known bottom [G21, G37, G25] */
    /* the others see "drew 5, kept 2, returned 3" and nothing more */
    char story[1024];
    bra_fx_story(x, x->c->faction_seat[BX_A], story, sizeof story);
    assert_string_equal(story,
                        "The Germans keep 2 and return 3 to the bottom of the deck (2 AP)\n");
    bra_fx_story(x, x->c->faction_seat[BX_G], story, sizeof story);
    assert_string_equal(story, "The Germans keep 2 and return 3 to the bottom of the deck (2 AP)\n"
                               "  kept: G33 POP\n"
                               "  kept: G45 FA\n");
    char *v = tt_view_json(x->g, (const tt_state *)x->s, x->c->faction_seat[BX_G]);
    assert_non_null(strstr(v, "\"known_suffix\":[\"G21 REFILL\",\"G37 GOLD\",\"G25 SUMMON\"]"));
    free(v);
}

/* EX-12. Draw errors while the draw is pending. */
static void test_EX_12_draw_errors(void **state)
{
    bra_fx *x = *state;
    ex11(x);
    bra_fx_apply(x, "DRAW");
    bra_fx_refuse(x, "KEEP tokens=G33,G45,G21", "E_RETAIN_LIMIT");
    bra_fx_refuse(x, "KEEP tokens=G01", "E_NOT_DRAWN");
    bra_fx_refuse(x, "MOVE agent=GER_WEISS path=STADTPLATZ", "E_DRAW_PENDING");
    bra_fx_refuse(x, "END", "E_DRAW_PENDING");
    assert_string_equal(x->err.rule, "BRA-5.4");
    bra_fx_apply(x, "KEEP tokens=G33,G45");
    bra_fx_refuse(x, "DRAW", "E_ALREADY_DREW");
}

/* EX-13. Drawing mid-turn, between other commands. */
static void test_EX_13_drawing_mid_turn(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 3, 6);
    int weiss = bra_fx_agent_id(x, "GER_WEISS"), sp = bra_fx_area(x, "STADTPLATZ");
    assert_true(x->s->exposed[weiss]);
    bra_fx_apply(x, "MOVE agent=GER_WEISS path=STADTPLATZ");
    assert_int_equal(bra_fx_ap(x, BX_G), 5);
    assert_int_equal(x->s->loc[weiss], sp);
    assert_false(x->s->exposed[weiss]);
    bra_fx_apply(x, "AGITATE agent=GER_WEISS");
    assert_int_equal(bra_fx_ap(x, BX_G), 3);
    assert_int_equal(x->s->sup[sp][BX_G], 1);
    bra_fx_apply(x, "DRAW");
    char keep[32];
    bra_token_name(x->c, BX_G << 6 | x->s->f[BX_G].pend[0], keep + 5, sizeof keep - 5);
    memcpy(keep, "KEEP ", 5);
    bra_fx_apply(x, keep);
    assert_int_equal(bra_fx_ap(x, BX_G), 2);
    bra_fx_apply(x, "END");
    assert_int_equal(x->s->active, x->c->faction_seat[BX_A]);
}

/* EX-14. A full stash: discard while the draw is pending, then retain. */
static void test_EX_14_full_stash(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 4, 6);
    bra_fx_stash(x, "G17 G08 G33 G45 G09 G10 G22 G38");
    bra_fx_deck_top(x, "G46 G26 G02 G11 G39");
    bra_fx_apply(x, "DRAW");
    assert_int_equal(x->s->f[BX_G].npend, 5);
    bra_fx_refuse(x, "KEEP tokens=G02", "E_STASH_FULL");
    assert_string_equal(x->err.rule, "BRA-6.2.4");
    bra_fx_apply(x, "DISCARD tokens=G09,G10");
    const bra_fstate *f = &x->s->f[BX_G];
    assert_int_equal(bra_fx_ap(x, BX_G), 5);
    assert_int_equal(bra_stash_size(f), 6);
    assert_true(f->discard == (1ull << 8 | 1ull << 9));
    assert_int_equal(f->forced, 1); /* the stash limit forced that discard */
    bra_fx_apply(x, "KEEP tokens=G02,G46");
    assert_int_equal(bra_fx_ap(x, BX_G), 3);
    assert_int_equal(bra_stash_size(f), 8);
    assert_int_equal(bra_fx_deck_from_bottom(x, BX_G, 0), bra_fx_tok(x, "G39"));
    assert_int_equal(bra_fx_deck_from_bottom(x, BX_G, 1), bra_fx_tok(x, "G11"));
    assert_int_equal(bra_fx_deck_from_bottom(x, BX_G, 2), bra_fx_tok(x, "G26"));
}

/* EX-15. Keeping is limited by AP. */
static void test_EX_15_keep_limited_by_ap(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 3, 1);
    bra_fx_stash(x, "G01 G02 G03");
    bra_fx_pending(x, "G40 G41 G42 G43 G44");
    bra_fx_sane(x);
    bra_fx_refuse(x, "KEEP tokens=G40,G41", "E_NOT_ENOUGH_AP");
    bra_fx_apply(x, "KEEP tokens=G40");
    assert_int_equal(bra_fx_ap(x, BX_G), 0);
    assert_int_equal(bra_stash_size(&x->s->f[BX_G]), 4);
    for (int k = 0; k < 4; k++) /* G41 … G44 at the bottom, in that order */
        assert_int_equal(bra_fx_deck_from_bottom(x, BX_G, 3 - k), bra_fx_tok(x, "G41") + k);
    /* BRA-6.0.3: with 0 AP one may still keep nothing and end */
    assert_true(bra_fx_offered(x, "end"));
}

/* EX-16. A short deck, then an empty one. */
static void test_EX_16_short_deck_empty_deck(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 5, 6);
    bra_fx_stash(x, "G01 G02");
    bra_fx_deck_exact(x, BX_G, "G40 G41 G42");
    bra_fx_sane(x);
    bra_fx_apply(x, "DRAW");
    const bra_fstate *f = &x->s->f[BX_G];
    assert_int_equal(f->npend, 3);
    assert_int_equal(f->ndeck, 0);
    bra_fx_apply(x, "KEEP tokens=G40");
    assert_int_equal(bra_fx_ap(x, BX_G), 5);
    assert_int_equal(f->ndeck, 2);
    assert_int_equal(bra_fx_deck_at(x, BX_G, 0), bra_fx_tok(x, "G41"));
    assert_int_equal(bra_fx_deck_at(x, BX_G, 1), bra_fx_tok(x, "G42"));
    bra_fx_turn(x, BX_G, 6, 6);
    bra_fx_apply(x, "DRAW");
    assert_int_equal(f->npend, 2); /* BRA-10.9: in the order they were returned */
    assert_int_equal(BX_G << 6 | f->pend[0], bra_fx_tok(x, "G41"));
    bra_fx_apply(x, "KEEP tokens=G41,G42");
    assert_int_equal(f->ndeck, 0);
    bra_fx_turn(x, BX_G, 7, 6);
    bra_fx_refuse(x, "DRAW", "E_DECK_EMPTY");
}

/* EX-17. Discarding outside a draw: one AP for any number. */
static void test_EX_17_discard_outside_draw(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 3, 6);
    bra_fx_stash(x, "G22 G38 G17 G05");
    bra_fx_apply(x, "DISCARD tokens=G22,G38,G17");
    assert_int_equal(bra_fx_ap(x, BX_G), 5);
    assert_int_equal(bra_stash_size(&x->s->f[BX_G]), 1);
    assert_true(bra_fx_in_stash(x, "G05"));
    assert_int_equal(x->s->f[BX_G].forced, 0);
    bra_fx_refuse(x, "DISCARD", "E_DISCARD_EMPTY");
    bra_fx_refuse(x, "DISCARD tokens=", "E_DISCARD_EMPTY");
    bra_fx_refuse(x, "DISCARD tokens=G33", "E_TOKEN_NOT_IN_STASH");
    bra_fx_refuse(x, "DISCARD tokens=G05,G05", "E_DUPLICATE_TOKEN");
}

/* BRA-6.3.2 through atomic actions: "discard" per token, then "done"; the
 * AP is paid once, at "done". */
static void test_BRA_6_3_2_atomic_discard(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 3, 6);
    bra_fx_stash(x, "G22 G38");
    bra_fx_apply(x, "discard G22");
    assert_int_equal(bra_fx_ap(x, BX_G), 6);
    assert_true(bra_fx_offered(x, "discard G38"));
    assert_true(bra_fx_offered(x, "done"));
    assert_false(bra_fx_offered(x, "end"));
    bra_fx_refuse(x, "end", "E_BAD_ARGUMENT");
    bra_fx_refuse(x, "discard G22", "E_DUPLICATE_TOKEN");
    bra_fx_apply(x, "discard G38");
    bra_fx_apply(x, "done");
    assert_int_equal(bra_fx_ap(x, BX_G), 5);
    assert_int_equal(x->s->f[BX_G].discards, 1);
    assert_int_equal(__builtin_popcountll(x->s->f[BX_G].discard), 2);
}

/* The figure "germans tokens|TYPE|column" of tt_stats. */
static double figure(const bra_fx *x, const char *type, const char *column)
{
    tt_stat st[256];
    char name[48];
    snprintf(name, sizeof name, "germans tokens|%s|%s", type, column);
    int n = tt_stats(x->g, (const tt_state *)x->s, st, 256);
    for (int i = 0; i < n; i++)
        if (strcmp(st[i].name, name) == 0)
            return st[i].value;
    fail_msg("no figure %s", name);
    return -1;
}

/* BRA-6.3.2, 6.4.4: discarded tokens stay in the discard pile and deployed
 * ones in the played pile, so the designers' figures per type are read from
 * those piles: G09 (ABIL) and G22 (REFILL) discarded in one command, G38
 * (GOLD) deployed. */
static void test_BRA_6_4_4_figures_read_the_piles(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 3, 6);
    bra_fx_stash(x, "G09 G22 G38");
    bra_fx_apply(x, "DISCARD tokens=G09,G22");
    bra_fx_apply(x, "DEPLOY token=G38");
    assert_true(figure(x, "ABIL", "discarded") == 1);
    assert_true(figure(x, "REFILL", "discarded") == 1);
    assert_true(figure(x, "GOLD", "discarded") == 0);
    assert_true(figure(x, "GOLD", "deployed") == 1);
    assert_true(figure(x, "ABIL", "deployed") == 0);
    assert_true(figure(x, "REFILL", "deployed") == 0);
    assert_true(figure(x, "FA", "discarded") == 0);
    assert_true(figure(x, "FA", "deployed") == 0);
    assert_int_equal(x->s->f[BX_G].discards, 1);
}

/* BRA-10.2: with 7 in the stash, KEEP of 2 is refused and KEEP of 1 legal. */
static void test_BRA_10_2_seven_in_the_stash(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_G, 4, 6);
    bra_fx_stash(x, "G01 G02 G03 G04 G05 G06 G07");
    bra_fx_pending(x, "G40 G41 G42 G43 G44");
    bra_fx_refuse(x, "KEEP tokens=G40,G41", "E_STASH_FULL");
    assert_true(bra_fx_offered(x, "keep G40"));
    assert_false(bra_fx_offered(x, "keep G40,G41"));
    assert_true(bra_fx_offered(x, "keep"));
    bra_fx_apply(x, "KEEP tokens=G41");
    assert_int_equal(bra_stash_size(&x->s->f[BX_G]), 8);
}

/* BRA-6.2.1 for every faction: the Locals keep from their own draw (token
 * numbers are the faction's, not the Germans'). */
static void test_BRA_6_2_1_locals_keep(void **state)
{
    bra_fx *x = *state;
    bra_fx_turn(x, BX_L, 2, 6);
    bra_fx_deck_top(x, "L33 L45 L21 L37 L25");
    bra_fx_apply(x, "DRAW");
    assert_true(bra_fx_offered(x, "keep L33,L45"));
    bra_fx_refuse(x, "KEEP tokens=G33", "E_NOT_DRAWN");
    bra_fx_apply(x, "KEEP tokens=L45,L21");
    assert_true(bra_fx_in_stash(x, "L45") && bra_fx_in_stash(x, "L21"));
    assert_int_equal(bra_fx_ap(x, BX_L), 4);
    assert_int_equal(x->s->f[BX_L].kept[T_BR], 1);
    assert_int_equal(x->s->f[BX_L].kept[T_REFILL], 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_EX_10_no_draw_in_round_1, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_11_draw_5_keep_2, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_12_draw_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_13_drawing_mid_turn, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_14_full_stash, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_15_keep_limited_by_ap, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_16_short_deck_empty_deck, setup, teardown),
        cmocka_unit_test_setup_teardown(test_EX_17_discard_outside_draw, setup, teardown),
        cmocka_unit_test_setup_teardown(test_BRA_6_3_2_atomic_discard, setup, teardown),
        cmocka_unit_test_setup_teardown(test_BRA_6_4_4_figures_read_the_piles, setup, teardown),
        cmocka_unit_test_setup_teardown(test_BRA_10_2_seven_in_the_stash, setup, teardown),
        cmocka_unit_test_setup_teardown(test_BRA_6_2_1_locals_keep, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
