/* The X-Files with 3 and 4 players (XF-9.10, XF-4.1.1, XF-4.3.1, XF-8.5.3):
 * who sells and places in which order, whom a Site concerns, who answers and
 * who takes the penalty, who pays from which pool, who wins, the turn order
 * and the concessions. Seats: p0 is A (DECK_A, XF01), p1 B (DECK_B, XF03),
 * p2 C (DECK_A, XF05), p3 D (DECK_B, XF07). Fixture: xf_fixture.h. */
#include "xf_fixture.h"

/* XF-9.10.1: in step B5 the opponents sell and buy one after the other,
 * from P's left. */
static void test_XF_9_10_1_opponents_sell_in_turn_order(void **state)
{
    (void)state;
    fx f = multi(3, "Q03 E02 S05 S08 Q04 S04 S01", "E01 S01 S02 S03 Q01 Q02 A10");
    act(&f, "freedraw no");
    act(&f, "buy 0");
    assert_int_equal(f.s->step, ST_B5);
    assert_int_equal(tt_to_move(f.g, f.st), 1);
    act(&f, "sell Q03");
    assert_int_equal(f.s->pl[1].cp, 11);
    act(&f, "done");
    act(&f, "buy 0");
    assert_int_equal(f.s->step, ST_B5);
    assert_int_equal(tt_to_move(f.g, f.st), 2); /* then C */
    act(&f, "sell E01");
    assert_int_equal(f.s->pl[2].cp, 8);
    act(&f, "done");
    act(&f, "buy 1");
    assert_int_equal(f.s->pl[2].cp, 7);
    assert_int_not_equal(f.s->step, ST_B5);
    done_fx(&f);

    /* in B's turn: C first, then A */
    f = multi(3, QUIET_B, QUIET_C);
    idle_to(&f, 1, ST_B4);
    act(&f, "buy 0");
    assert_int_equal(tt_to_move(f.g, f.st), 2);
    act(&f, "done");
    act(&f, "buy 0");
    assert_int_equal(tt_to_move(f.g, f.st), 0);
    assert_int_equal(f.s->step, ST_B5);
    done_fx(&f);
}

/* The same, where nobody plays: BEHAVIORAL 3 + 3 succeeds. */
static void succeed_at(fx *f, const char *at)
{
    open_s01(f, at, NULL);
    assert_int_equal(f->s->decl.kind, A_ASK);
}

/* XF-9.10.2: the Site's question, guess and penalty concern its Directed
 * Player only. */
static void test_XF_9_10_2_a_site_concerns_its_directed_player(void **state)
{
    (void)state;
    fx f = multi(3, QUIET_B, QUIET_C);
    succeed_at(&f, "p2");
    act(&f, "ask MOTIVE SURVIVAL"); /* XF05's Motive: yes */
    assert_int_equal(f.s->pl[0].asked[2], f.s->pl[0].yes[2]);
    assert_int_not_equal(f.s->pl[0].asked[2], 0);
    assert_int_equal(f.s->pl[0].asked[1], 0);
    act(&f, "guess XF03"); /* B's X-File, but the Site concerns C: wrong */
    assert_false(f.s->head.over);
    assert_int_equal(f.s->pl[0].wrong[2], 1ull << 2);
    assert_int_equal(f.s->pl[0].wrong[1], 0);
    assert_int_equal(tt_to_move(f.g, f.st), 2); /* C's penalty, not B's */
    act(&f, "guess XF01");
    tt_result r;
    tt_result_get(f.g, f.st, &r);
    assert_int_equal(r.winner, 2);
    assert_string_equal(r.reason, "PENALTY_GUESS");
    done_fx(&f);
}

/* XF-9.10.6: naming one opponent's X-File wins the game for all. */
static void test_XF_9_10_6_winning_against_one_opponent(void **state)
{
    (void)state;
    fx f = multi(4, QUIET_B, QUIET_C);
    succeed_at(&f, "p2");
    act(&f, "noask");
    act(&f, "guess XF05");
    tt_result r;
    tt_result_get(f.g, f.st, &r);
    assert_true(f.s->head.over);
    assert_int_equal(r.winner, 0);
    assert_string_equal(r.reason, "XFILE_NAMED");
    done_fx(&f);
}

/* XF-9.10.3, 5.5.5: every opponent, from P's left, places face-down cards
 * under P's Sites. */
static void test_XF_9_10_3_every_opponent_places_face_down(void **state)
{
    (void)state;
    fx f = multi(3, "B02 S05 S08 Q03 Q04 S04 S01", "B01 S01 S02 S03 Q01 Q02 A10");
    idle_to(&f, 0, ST_C1);
    act(&f, "site S01 p1");
    act(&f, "done");
    assert_int_equal(f.s->step, ST_C2);
    assert_int_equal(tt_to_move(f.g, f.st), 1);
    act(&f, "facedown B02 p0:S01#1");
    act(&f, "done");
    assert_int_equal(tt_to_move(f.g, f.st), 2); /* C, though S01 concerns B */
    act(&f, "facedown B01 p0:S01#1");
    act(&f, "done");
    assert_int_equal(f.s->pl[1].n[Z_FACEDOWN], 1);
    assert_int_equal(f.s->pl[2].n[Z_FACEDOWN], 1);
    assert_int_not_equal(f.s->step, ST_C2);
    done_fx(&f);
}

/* XF-9.10.4: while the Site SCS is open the Directed Player pays only CP
 * and ANY cards; the other opponent may pay an RP card from RP (EX-28). */
static void test_XF_9_10_4_the_directed_player_pays_from_cp(void **state)
{
    (void)state;
    fx f = multi(3, "D01 C01 C04 S08 Q03 Q04 S04", "C05 S01 S02 S03 Q01 Q02 A10");
    f.s->pl[1].cp = 20;
    f.s->pl[2].rp = 9;
    open_s01(&f, "p1", NULL);
    act(&f, "play D01"); /* it resolves: the LRC round, B first */
    assert_true(f.s->combat.on);
    assert_int_equal(tt_to_move(f.g, f.st), 1);
    refused(&f, "play C01", "XF-5.0.4"); /* an RP card: not the Directed Player's */
    act(&f, "play C04");                 /* a CP card on D01, implied */
    assert_int_equal(f.s->pl[1].cp, 12);
    assert_int_equal(tt_to_move(f.g, f.st), 2);
    act(&f, "play C05"); /* C: an RP card, from RP */
    assert_int_equal(f.s->pl[2].rp, 6);
    done_fx(&f);
}

/* XF-4.3.1: priority goes from the starting player round the table. */
static void test_XF_4_3_1_priority_round_the_table(void **state)
{
    (void)state;
    fx f = multi(3, "E05 S05 S08 Q03 Q04 S04 S01", "E05 S01 S02 S03 Q01 Q02 A10");
    f.s->pl[1].cp = 10;
    f.s->pl[2].cp = 10;
    open_s01(&f, "p1", "S10 p2");
    assert_int_equal(tt_to_move(f.g, f.st), 1); /* A has nothing: B, then C */
    act(&f, "pass");
    assert_int_equal(tt_to_move(f.g, f.st), 2);
    act(&f, "play E05"); /* threshold 5; B may answer it */
    assert_int_equal(f.s->pl[2].cp, 8);
    assert_int_equal(tt_to_move(f.g, f.st), 1);
    act(&f, "play E05"); /* threshold 6; nobody has a play left: both resolve */
    assert_int_equal(f.s->pl[1].cp, 8);
    assert_int_equal(f.s->nstack, 0);
    assert_int_equal(f.s->decl.kind, A_ASK); /* level 6 >= 6 */
    done_fx(&f);
}

/* XF-4.1.1, 8.5.3: turns go round the table, skipping a player who has
 * conceded; with 4 players the game ends when one is left. */
static void test_XF_8_5_3_turn_order_and_concessions_with_four(void **state)
{
    (void)state;
    fx f = multi(4, QUIET_B, QUIET_C);
    tt_error err;
    assert_int_equal(f.s->active, 0);
    idle_to(&f, 1, ST_B2);
    idle_to(&f, 2, ST_B2);
    idle_to(&f, 3, ST_B2);
    idle_to(&f, 0, ST_B2);
    assert_int_equal(f.s->head.turn, 5);
    assert_int_equal(tt_offturn_apply(f.g, f.st, 1, TT_CONCEDE, NULL, &err), TT_OK);
    assert_false(f.s->head.over);
    for (int i = 0; i < f.c->deck[1].ncards; i++)
        assert_int_equal(xf_zone(&f.s->pl[1], i), Z_OUT);
    idle_to(&f, 2, ST_B2); /* B is skipped */
    assert_int_equal(f.s->head.turn, 6);
    assert_int_equal(tt_offturn_apply(f.g, f.st, 1, TT_CONCEDE, NULL, &err), TT_EILLEGAL);
    assert_string_equal(err.rule, "XF-8.5.3");
    /* C concedes in his own turn: it ends, D begins */
    assert_int_equal(tt_offturn_apply(f.g, f.st, 2, TT_CONCEDE, NULL, &err), TT_OK);
    assert_false(f.s->head.over);
    assert_int_equal(f.s->active, 3);
    assert_int_equal(tt_offturn_apply(f.g, f.st, 3, TT_CONCEDE, NULL, &err), TT_OK);
    tt_result r;
    tt_result_get(f.g, f.st, &r);
    assert_true(f.s->head.over);
    assert_int_equal(r.winner, 0);
    assert_string_equal(r.reason, "CONCEDED");
    done_fx(&f);
}

/* XF-8.1.2, 8.5.1: with three players B concedes in turn 1; the turn limit
 * then ends the game drawn between A and C (0 each), and B, who left, gets
 * −1 and is marked out of the game. */
static void test_XF_8_1_2_a_draw_after_a_concession(void **state)
{
    (void)state;
    fx f = game("players=3 p2=deck_a max_turns=3");
    act(&f, "xfile XF01");
    act(&f, "xfile XF03");
    act(&f, "xfile XF05");
    rig_hand(&f, 0, QUIET_A);
    rig_hand(&f, 1, QUIET_B);
    rig_hand(&f, 2, QUIET_C);
    act(&f, "first p0");
    tt_error err;
    assert_int_equal(tt_offturn_apply(f.g, f.st, 1, TT_CONCEDE, NULL, &err), TT_OK);
    play_out(&f, 2000);
    tt_result r;
    tt_result_get(f.g, f.st, &r);
    assert_string_equal(r.reason, "DRAW_MAX_TURNS");
    assert_int_equal(r.winners, 0);
    assert_int_equal(r.player[1].eliminated, 1);
    double ret[3];
    tt_returns(f.g, f.st, ret);
    assert_true(ret[0] == 0 && ret[1] == -1 && ret[2] == 0);
    done_fx(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_XF_9_10_1_opponents_sell_in_turn_order),
        cmocka_unit_test(test_XF_9_10_2_a_site_concerns_its_directed_player),
        cmocka_unit_test(test_XF_9_10_3_every_opponent_places_face_down),
        cmocka_unit_test(test_XF_9_10_4_the_directed_player_pays_from_cp),
        cmocka_unit_test(test_XF_9_10_6_winning_against_one_opponent),
        cmocka_unit_test(test_XF_4_3_1_priority_round_the_table),
        cmocka_unit_test(test_XF_8_5_3_turn_order_and_concessions_with_four),
        cmocka_unit_test(test_XF_8_1_2_a_draw_after_a_concession),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
