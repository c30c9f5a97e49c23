/* tt_decision_forced: a question with one possible answer that tells nobody
 * anything may be answered for the player; anything else is asked.
 *
 * Built on Invaders positions (the fixture of tests/support): its cancel
 * window opens even for a player who can only decline, so that its timing
 * tells nothing of his hand (INV-5.18). Skipping that question is harmless
 * when nobody could notice, and tells the opponent he holds no cancel card
 * when he could. A lone answer that rolls dice is tested with Tannhäuser
 * (tests/games/tannhauser/test_tannhauser_forced.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "inv_fixture.h"

#define INV INV_INVADER
#define MAN INV_MANKIND

/* A cleared game with Mankind's hero in Eurasia (INV-5.22). */
static int setup(void **state)
{
    inv_fx *f = inv_fx_open(NULL);
    inv_fx_unit(f, "EU", "hero_park");
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    inv_fx_close(*state);
    return 0;
}

/* The text of action a in f's state. */
static const char *text_of(inv_fx *f, tt_action a, char *buf, size_t n)
{
    assert_int_equal(tt_action_format(f->g, (tt_state *)f->s, a, buf, n), TT_OK);
    return buf;
}

/* INV-5.18: the Invader plays a Skitter Drone; Mankind holds no cancel card,
 * so the window asks him only to decline. */
static void cancel_window_without_a_cancel_card(inv_fx *f)
{
    inv_fx_hand(f, "skitter_drone");
    inv_fx_hand_n(f, "militia_cadre", 3);
    inv_fx_hand(f, "rebuild_effort");
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    inv_fx_apply(f, "play skitter_drone zone=AF");
    assert_int_equal(tt_to_move(f->g, (tt_state *)f->s), MAN);
}

/* Nobody watching: the lone decline, whose consequences are public and
 * draw nothing, is forced; the state is not changed by asking. */
static void test_INV_5_18_lone_decline_is_forced_unwatched(void **state)
{
    inv_fx *f = *state;
    cancel_window_without_a_cancel_card(f);
    void *before = malloc(f->size);
    memcpy(before, f->s, f->size);
    tt_action a = 0;
    char buf[TT_ACTION_TEXT_MAX];
    assert_int_equal(tt_decision_forced(f->g, (tt_state *)f->s, 0, &a), 1);
    assert_string_equal(text_of(f, a, buf, sizeof buf), "decline");
    assert_memory_equal(before, f->s, f->size);
    free(before);
}

/* The Invader watching: from what he knows Mankind might hold a cancel card,
 * so skipping the question would tell him that he holds none (INV-5.18). */
static void test_INV_5_18_lone_decline_is_asked_when_watched(void **state)
{
    inv_fx *f = *state;
    cancel_window_without_a_cancel_card(f);
    tt_action a = 12345;
    assert_int_equal(tt_decision_forced(f->g, (tt_state *)f->s, 1u << INV, &a), 0);
    assert_int_equal(a, 12345); /* unchanged when not forced */
    /* Mankind himself watching changes nothing: he knows his own hand */
    assert_int_equal(tt_decision_forced(f->g, (tt_state *)f->s, 1u << MAN, &a), 1);
}

/* A lone answer whose consequences tell one player something the other does
 * not see is asked: passing ends the Invader's turn, and Mankind's draw step
 * draws cards only he sees (INV-4.4). */
static void test_lone_answer_with_a_private_consequence_is_asked(void **state)
{
    inv_fx *f = *state;
    for (int i = 0; i < 5; i++)
        f->s->strat_enabled[inv_fx_strat(f, i == 0   ? "inv_polar_thaw"
                                            : i == 1 ? "inv_lunar_fracture"
                                            : i == 2 ? "inv_swarm_tide"
                                            : i == 3 ? "inv_plot_surge"
                                                     : "inv_neural_blackout")] = 1;
    f->s->strat_enabled[inv_fx_strat(f, "man_bulwark")] = 1; /* no attack window */
    f->s->plot_used = 1;
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    tt_action acts[INV_MAX_ACTIONS], a;
    char buf[TT_ACTION_TEXT_MAX];
    assert_int_equal(tt_legal(f->g, (tt_state *)f->s, acts), 1);
    assert_string_equal(text_of(f, acts[0], buf, sizeof buf), "pass");
    assert_int_equal(tt_decision_forced(f->g, (tt_state *)f->s, 0, &a), 0);
}

/* A question with two answers is never forced. */
static void test_two_answers_are_asked(void **state)
{
    inv_fx *f = *state;
    inv_fx_hand(f, "skitter_drone");
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    tt_action a;
    assert_int_equal(tt_decision_forced(f->g, (tt_state *)f->s, 0, &a), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_INV_5_18_lone_decline_is_forced_unwatched, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_INV_5_18_lone_decline_is_asked_when_watched, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_lone_answer_with_a_private_consequence_is_asked, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_two_answers_are_asked, setup, teardown),
    };
    return cmocka_run_group_tests_name("forced decisions", tests, NULL, NULL);
}
