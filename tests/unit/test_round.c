/* Priority rounds (src/core/round.h): the polled ring in seat order, closing
 * on a full cycle of passes, players out of the game, the last player to play
 * skipped (Invaders' cancel chain, INV-5.10), nesting, automatic passes and a
 * player leaving mid-round. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/round.h"

/* Passes for the holder, asserting who held priority. */
static int pass_by(tt_round *r, int player)
{
    assert_int_equal(tt_round_holder(r), player);
    return tt_round_pass(r);
}

static void play_by(tt_round *r, int player)
{
    assert_int_equal(tt_round_holder(r), player);
    tt_round_play(r);
}

static void test_round_clear_is_a_round_not_open(void **state)
{
    (void)state;
    tt_round r;
    memset(&r, 0x5A, sizeof r);
    tt_round_clear(&r);
    assert_true(tt_round_closed(&r));
    assert_int_equal(tt_round_holder(&r), TT_ROUND_NONE);
    assert_int_equal(r.last, TT_ROUND_NONE);
    assert_int_equal(r.passed, 0);
    assert_int_equal(r.out, 0);
}

static void test_round_closes_after_everyone_passes(void **state)
{
    (void)state;
    tt_round r;
    tt_round_open(&r, 3, 1, 0, 0, 0);
    assert_int_equal(pass_by(&r, 1), 0);
    assert_int_equal(pass_by(&r, 2), 0);
    assert_int_equal(pass_by(&r, 0), 1);
    assert_true(tt_round_closed(&r));
    assert_int_equal(tt_round_holder(&r), TT_ROUND_NONE);
}

/* XF-4.3.2, INWO-4.6.3: after a play the ring goes on from the next player,
 * and every player, the one who played too, must pass again. */
static void test_round_play_restarts_the_passes(void **state)
{
    (void)state;
    tt_round r;
    tt_round_open(&r, 4, 0, 0, 0, 7);
    assert_int_equal(r.id, 7);
    assert_int_equal(pass_by(&r, 0), 0);
    play_by(&r, 1);
    assert_int_equal(r.last, 1);
    assert_int_equal(pass_by(&r, 2), 0);
    assert_int_equal(pass_by(&r, 3), 0);
    assert_int_equal(pass_by(&r, 0), 0);
    assert_int_equal(pass_by(&r, 1), 1);
}

static void test_round_skips_players_out(void **state)
{
    (void)state;
    tt_round r;
    tt_round_open(&r, 4, 2, 1u << 2 | 1u << 0, 0, 0); /* starts with an eliminated player */
    assert_int_equal(pass_by(&r, 3), 0);
    assert_int_equal(pass_by(&r, 1), 1);
}

/* INV-5.10: two players, a player never answers his own card: the opponent's
 * decline closes the window at once. */
static void test_round_not_last_is_the_cancel_chain(void **state)
{
    (void)state;
    tt_round r;
    tt_round_open(&r, 2, 1, 0, TT_ROUND_NOT_LAST, 0);
    play_by(&r, 1);
    play_by(&r, 0);
    play_by(&r, 1);
    assert_int_equal(pass_by(&r, 0), 1);
    tt_round_open(&r, 2, 1, 0, TT_ROUND_NOT_LAST, 0);
    assert_int_equal(pass_by(&r, 1), 0); /* nobody played yet: both are polled */
    assert_int_equal(pass_by(&r, 0), 1);
}

static int holds_cards(const void *ctx, int player)
{
    return (*(const unsigned *)ctx >> player) & 1;
}

/* XF-4.3.5: automatic passes for players with no play. */
static void test_round_poll_passes_for_who_cannot_play(void **state)
{
    (void)state;
    tt_round r;
    unsigned can = 1u << 2;
    tt_round_open(&r, 4, 0, 0, 0, 0);
    assert_int_equal(tt_round_poll(&r, holds_cards, &can), 0);
    assert_int_equal(tt_round_holder(&r), 2);
    assert_int_equal(r.passed, 0x3);
    can = 0;
    assert_int_equal(tt_round_poll(&r, holds_cards, &can), 1);
}

/* INWO-4.6.4: a nested round on top; when it closes the one below restarts
 * from the player after the one who opened it, needing a fresh cycle. */
static void test_round_nesting_and_restart(void **state)
{
    (void)state;
    tt_round rounds[3];
    uint8_t n = 0;
    tt_round *below = tt_round_push(rounds, &n, 3);
    tt_round_open(below, 3, 0, 0, 0, 1);
    assert_int_equal(pass_by(below, 0), 0);
    assert_int_equal(pass_by(below, 1), 0);
    tt_round *top = tt_round_push(rounds, &n, 3); /* player 2 opens a root item */
    tt_round_open(top, 3, 0, 0, 0, 2);
    assert_int_equal(pass_by(top, 0), 0);
    assert_int_equal(pass_by(top, 1), 0);
    assert_int_equal(pass_by(top, 2), 1);
    tt_round_pop(&n);
    assert_int_equal(n, 1);
    tt_round_restart(&rounds[0], 0);
    assert_int_equal(rounds[0].passed, 0);
    assert_int_equal(pass_by(&rounds[0], 0), 0);
    assert_int_equal(pass_by(&rounds[0], 1), 0);
    assert_int_equal(pass_by(&rounds[0], 2), 1);
}

/* A player conceding mid-round: his earlier pass no longer counts, and the
 * round closes when everyone left has passed. */
static void test_round_leave_mid_round(void **state)
{
    (void)state;
    tt_round r;
    tt_round_open(&r, 3, 0, 0, 0, 0);
    play_by(&r, 0);
    assert_int_equal(pass_by(&r, 1), 0);
    assert_int_equal(tt_round_leave(&r, 2), 0); /* the holder leaves: 0 must still pass */
    assert_int_equal(tt_round_holder(&r), 0);
    assert_int_equal(pass_by(&r, 0), 1);

    tt_round_open(&r, 3, 0, 0, 0, 0);
    assert_int_equal(pass_by(&r, 0), 0);
    assert_int_equal(pass_by(&r, 1), 0);
    assert_int_equal(tt_round_leave(&r, 0), 0); /* not the holder: 2 still holds */
    assert_int_equal(tt_round_holder(&r), 2);
    assert_int_equal(tt_round_leave(&r, 2), 1); /* only 1 is left, and he passed */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_clear_is_a_round_not_open),
        cmocka_unit_test(test_round_closes_after_everyone_passes),
        cmocka_unit_test(test_round_play_restarts_the_passes),
        cmocka_unit_test(test_round_skips_players_out),
        cmocka_unit_test(test_round_not_last_is_the_cancel_chain),
        cmocka_unit_test(test_round_poll_passes_for_who_cannot_play),
        cmocka_unit_test(test_round_nesting_and_restart),
        cmocka_unit_test(test_round_leave_mid_round),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
