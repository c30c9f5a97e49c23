/* Auction's rules (tests/games/auction/auction.c, AUC-1 …), through the public
 * interface: each test plays a seeded game with rigged lots through
 * tt_apply_text and asserts the exact players to move, coins, views, lines of
 * narration and refusals. The generic suite covers the rest. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tabletop/tt.h"

enum { ANN, BOB, CID };

typedef struct fx {
    tt_game *g;
    tt_state *s;
    tt_event buf[64];
    tt_events ev;
} fx;

static fx *open_game(const char *params, const char *lots)
{
    fx *f = calloc(1, sizeof *f);
    assert_non_null(f);
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_game_new("auction", params, &f->g, &err), TT_OK);
    f->s = malloc(tt_state_size(f->g));
    assert_non_null(f->s);
    tt_state_init(f->g, f->s, 7);
    assert_int_equal(tt_rig(f->g, f->s, "lots", lots, &err), TT_OK);
    return f;
}

static void close_game(fx *f)
{
    free(f->s);
    tt_game_free(f->g);
    free(f);
}

/* Plays `text` for the player to move, which must be accepted; f->ev holds its events. */
static void play(fx *f, const char *text)
{
    tt_error err;
    tt_error_clear(&err);
    f->ev = (tt_events){f->buf, 0, 64, 0};
    if (tt_apply_text(f->g, f->s, text, &f->ev, &err) != TT_OK)
        fail_msg("'%s' refused: %s (%s)", text, err.msg, err.rule);
}

/* The line `viewer` reads for event i of the last apply. */
static const char *line(fx *f, int i, int viewer)
{
    static char text[256];
    assert_true(i < f->ev.n);
    tt_event_text(f->g, &f->ev.ev[i], viewer, text, sizeof text);
    return text;
}

static int has(char *view, const char *part)
{
    int yes = strstr(view, part) != NULL;
    free(view);
    return yes;
}

static void test_AUC_3_sealed_bids_are_seen_by_the_bidder_alone(void **state)
{
    (void)state;
    fx *f = open_game("", "4");
    tt_action acts[64];
    assert_int_equal(tt_to_move(f->g, f->s), ANN);
    assert_int_equal(tt_legal(f->g, f->s, acts), 9); /* bid 0 … bid 8 */
    play(f, "bid 5");
    assert_int_equal(tt_to_move(f->g, f->s), BOB);
    assert_string_equal(line(f, 0, ANN), "ann bids 5, sealed");
    assert_string_equal(line(f, 0, BOB), "ann places a sealed bid");
    assert_string_equal(line(f, 0, TT_VIEW_SPECTATOR), "ann places a sealed bid");
    assert_true(has(tt_view_json(f->g, f->s, ANN), "\"name\":\"ann\",\"coins\":8,\"score\":0,"
                                                   "\"bid\":5}"));
    assert_true(has(tt_view_json(f->g, f->s, BOB), "\"name\":\"ann\",\"coins\":8,\"score\":0,"
                                                   "\"bid\":\"sealed\",\"at_most\":8}"));
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_apply_text(f->g, f->s, "bid 9", NULL, &err), TT_EILLEGAL);
    assert_string_equal(err.rule, "AUC-3");
    close_game(f);
}

/* AUC-4, 5, 5.1, 5.2: the tie goes to the earlier bidder; the winner does not
 * answer; the raiser is not asked again until another raises. */
static void test_AUC_4_AUC_5_reveal_then_response_round(void **state)
{
    (void)state;
    fx *f = open_game("", "4");
    play(f, "bid 5");
    play(f, "bid 5");
    play(f, "bid 3");
    assert_string_equal(line(f, 1, CID), "ann bid 5");
    assert_string_equal(line(f, 4, CID), "ann wins the sealed bids at 5, bob is runner-up");
    assert_int_equal(tt_to_move(f->g, f->s), BOB); /* the winner's left */
    play(f, "raise");
    assert_string_equal(line(f, 0, ANN), "bob raises to 6");
    assert_int_equal(tt_to_move(f->g, f->s), CID);
    play(f, "pass"); /* ann, the winner, is not asked; nor bob, who raised last */
    assert_int_equal(tt_to_move(f->g, f->s), BOB);
    assert_string_equal(line(f, 1, ANN), "bob buys lot 1 for 6");
    assert_string_equal(line(f, 2, BOB), "bob looks at lot 1: worth 4");
    assert_string_equal(line(f, 2, ANN), "bob looks at lot 1");
    assert_true(
        has(tt_view_json(f->g, f->s, ANN), "\"name\":\"bob\",\"coins\":2,\"score\":0,\"bid\":5}"));
    close_game(f);
}

/* AUC-5.3: who cannot pay the new price passes at once. */
static void test_AUC_5_3_who_cannot_raise_passes_at_once(void **state)
{
    (void)state;
    fx *f = open_game("coins=2", "1");
    play(f, "bid 2");
    play(f, "bid 2");
    play(f, "bid 1");
    assert_int_equal(tt_to_move(f->g, f->s), ANN); /* bob and cid passed: ann shows */
    tt_action acts[8];
    assert_int_equal(tt_legal(f->g, f->s, acts), 2);
    char text[32];
    assert_int_equal(tt_action_format(f->g, f->s, acts[0], text, sizeof text), TT_OK);
    assert_string_equal(text, "show bob");
    close_game(f);
}

/* AUC-6: the lot is seen by the buyer and the player he shows it to, nobody else. */
static void test_AUC_6_the_lot_is_shown_to_one_player(void **state)
{
    (void)state;
    fx *f = open_game("", "6");
    play(f, "bid 3");
    play(f, "bid 1");
    play(f, "bid 0");
    play(f, "pass");
    play(f, "pass");
    assert_int_equal(tt_to_move(f->g, f->s), ANN);
    play(f, "show cid");
    assert_int_equal(f->ev.ev[0].seen, TT_SEEN(ANN) | TT_SEEN(CID));
    assert_string_equal(line(f, 0, CID), "ann shows cid lot 1: worth 6");
    assert_string_equal(line(f, 0, BOB), "ann shows cid lot 1");
    assert_string_equal(line(f, 0, TT_VIEW_SPECTATOR), "ann shows cid lot 1");
    assert_true(has(tt_view_json(f->g, f->s, CID), "\"lots\":[{\"owner\":\"ann\",\"value\":6}]"));
    assert_true(has(tt_view_json(f->g, f->s, ANN), "\"lots\":[{\"owner\":\"ann\",\"value\":6}]"));
    assert_true(has(tt_view_json(f->g, f->s, BOB), "\"lots\":[{\"owner\":\"ann\"}]"));
    assert_int_equal(tt_to_move(f->g, f->s), ANN); /* AUC-3: the buyer opens round 2 */
    close_game(f);
}

/* AUC-7: coins plus twice each lot; equal scores share a place. */
static void test_AUC_7_scores_and_ranks(void **state)
{
    (void)state;
    fx *f = open_game("rounds=1", "6");
    play(f, "bid 2");
    play(f, "bid 0");
    play(f, "bid 0");
    play(f, "pass");
    play(f, "pass");
    play(f, "show bob");
    assert_int_equal(tt_to_move(f->g, f->s), TT_TERMINAL);
    tt_result r;
    tt_result_get(f->g, f->s, &r);
    assert_true(r.over);
    assert_string_equal(r.reason, "SCORED");
    assert_int_equal(r.winner, ANN);
    assert_int_equal(r.player[ANN].score, 6 + 2 * 6);
    assert_int_equal(r.player[BOB].score, 8);
    assert_int_equal(r.player[CID].score, 8);
    assert_int_equal(r.player[ANN].rank, 1);
    assert_int_equal(r.player[BOB].rank, 2);
    assert_int_equal(r.player[CID].rank, 2);
    close_game(f);
}

/* AUC-8: gifts outside the turn order, refused with the rule, changing nothing. */
static void test_AUC_8_gifts(void **state)
{
    (void)state;
    fx *f = open_game("", "4");
    play(f, "bid 5");
    size_t sz = tt_state_size(f->g);
    tt_state *before = malloc(sz);
    assert_non_null(before);
    tt_state_copy(f->g, before, f->s);
    tt_action a;
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_action_parse(f->g, f->s, "gift bob 4", &a, &err), TT_OK);
    assert_int_equal(tt_offturn_apply(f->g, f->s, ANN, a, NULL, &err), TT_EILLEGAL);
    assert_string_equal(err.rule, "AUC-8.2"); /* 5 of his 8 coins are bid */
    assert_int_equal(tt_action_parse(f->g, f->s, "gift ann 1", &a, &err), TT_OK);
    assert_int_equal(tt_offturn_apply(f->g, f->s, ANN, a, NULL, &err), TT_EILLEGAL);
    assert_string_equal(err.rule, "AUC-8.1");
    assert_memory_equal(f->s, before, sz);
    /* ann may concede or give bob or cid 1 to 3 coins */
    tt_action acts[64];
    assert_int_equal(tt_offturn_legal(f->g, f->s, ANN, acts), 1 + 2 * 3);
    assert_int_equal(tt_action_parse(f->g, f->s, "gift bob 3", &a, &err), TT_OK);
    f->ev = (tt_events){f->buf, 0, 64, 0};
    assert_int_equal(tt_offturn_apply(f->g, f->s, ANN, a, &f->ev, &err), TT_OK);
    assert_string_equal(line(f, 0, CID), "ann gives bob 3 coins");
    assert_true(has(tt_view_json(f->g, f->s, CID),
                    "\"name\":\"ann\",\"coins\":5,\"score\":0,\"bid\":\"sealed\",\"at_most\":5},"
                    "{\"name\":\"bob\",\"coins\":11,"));
    assert_int_equal(tt_to_move(f->g, f->s), BOB); /* the turn order did not move */
    free(before);
    close_game(f);
}

/* AUC-9: the conceder ranks last, the others by score. */
static void test_AUC_9_concede(void **state)
{
    (void)state;
    fx *f = open_game("", "4");
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_offturn_apply(f->g, f->s, CID, TT_CONCEDE, NULL, &err), TT_OK);
    tt_result r;
    tt_result_get(f->g, f->s, &r);
    assert_string_equal(r.reason, "CONCEDED");
    assert_int_equal(r.player[ANN].rank, 1);
    assert_int_equal(r.player[BOB].rank, 1);
    assert_int_equal(r.player[CID].rank, 3);
    assert_int_equal(r.player[CID].eliminated, 1);
    assert_int_equal(r.winner, -1);
    close_game(f);
}

/* AUC-9 with AUC-6, 7: a lot bought before the concession, not yet shown, counts. */
static void test_AUC_9_concede_before_the_lot_is_shown(void **state)
{
    (void)state;
    fx *f = open_game("", "6");
    play(f, "bid 3");
    play(f, "bid 1");
    play(f, "bid 0");
    play(f, "pass");
    play(f, "pass");
    assert_int_equal(tt_to_move(f->g, f->s), ANN); /* to show the lot */
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_offturn_apply(f->g, f->s, BOB, TT_CONCEDE, NULL, &err), TT_OK);
    assert_int_equal(tt_sanity(f->g, f->s, &err), TT_OK);
    tt_result r;
    tt_result_get(f->g, f->s, &r);
    assert_int_equal(r.player[ANN].score, 5 + 2 * 6);
    assert_int_equal(r.player[CID].score, 8);
    assert_int_equal(r.player[ANN].rank, 1);
    assert_int_equal(r.player[CID].rank, 2);
    assert_int_equal(r.player[BOB].rank, 3);
    close_game(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_AUC_3_sealed_bids_are_seen_by_the_bidder_alone),
        cmocka_unit_test(test_AUC_4_AUC_5_reveal_then_response_round),
        cmocka_unit_test(test_AUC_5_3_who_cannot_raise_passes_at_once),
        cmocka_unit_test(test_AUC_6_the_lot_is_shown_to_one_player),
        cmocka_unit_test(test_AUC_7_scores_and_ranks),
        cmocka_unit_test(test_AUC_8_gifts),
        cmocka_unit_test(test_AUC_9_concede),
        cmocka_unit_test(test_AUC_9_concede_before_the_lot_is_shown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
