/* Dice pools (core/dice.h): naturals, modifiers, rigging and narration. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/dice.h"
#include "tabletop/error.h"

static void test_natural_ten_and_one_stand(void **state)
{
    (void)state;
    assert_int_equal(tt_d10_result(10, -3), 10);
    assert_int_equal(tt_d10_result(10, 2), 10);
    assert_int_equal(tt_d10_result(1, 2), 1);
    assert_int_equal(tt_d10_result(1, -1), 0); /* a natural 1 ignores bonuses only */
    assert_int_equal(tt_d10_result(9, 1), 10); /* a bonus-made 10 */
    assert_int_equal(tt_d10_result(9, 2), 11); /* not capped */
    assert_int_equal(tt_d10_result(2, -3), -1);
}

static void test_rigged_faces_come_first_and_in_order(void **state)
{
    (void)state;
    tt_rng rng;
    tt_rng_seed(&rng, 1);
    tt_dice_rig rig = {0};
    const int faces[] = {3, 5, 10};
    assert_int_equal(tt_dice_rig_add(&rig, faces, 3, 10), TT_OK);
    tt_pool_roll r;
    int hits = tt_pool_d10(&rng, &rig, 2, 5, 0, &r, NULL, 0);
    assert_int_equal(r.face[0], 3);
    assert_int_equal(r.face[1], 5);
    assert_int_equal(hits, 1);
    assert_int_equal(tt_die(&rng, &rig, 10), 10);
    assert_int_equal(rig.n - rig.at, 0);
}

static void test_rig_refuses_bad_faces_unchanged(void **state)
{
    (void)state;
    tt_dice_rig rig = {0};
    const int bad[] = {4, 11};
    assert_int_equal(tt_dice_rig_add(&rig, bad, 2, 10), TT_EARG);
    assert_int_equal(rig.n, 0);
    int many[TT_DICE_RIG_MAX + 1];
    for (int i = 0; i <= TT_DICE_RIG_MAX; i++)
        many[i] = 1;
    assert_int_equal(tt_dice_rig_add(&rig, many, TT_DICE_RIG_MAX + 1, 10), TT_EARG);
    assert_int_equal(tt_dice_rig_add(&rig, many, TT_DICE_RIG_MAX, 10), TT_OK);
}

static void test_partly_used_rig_makes_room(void **state)
{
    (void)state;
    tt_rng rng;
    tt_rng_seed(&rng, 2);
    tt_dice_rig rig = {0};
    int many[TT_DICE_RIG_MAX];
    for (int i = 0; i < TT_DICE_RIG_MAX; i++)
        many[i] = 1 + i % 10;
    assert_int_equal(tt_dice_rig_add(&rig, many, TT_DICE_RIG_MAX, 10), TT_OK);
    assert_int_equal(tt_die(&rng, &rig, 10), 1);
    const int seven = 7;
    assert_int_equal(tt_dice_rig_add(&rig, &seven, 1, 10), TT_OK);
    for (int i = 1; i < TT_DICE_RIG_MAX; i++)
        assert_int_equal(tt_die(&rng, &rig, 10), 1 + i % 10);
    assert_int_equal(tt_die(&rng, &rig, 10), 7);
}

static void test_pool_events_narrate_faces_then_outcome(void **state)
{
    (void)state;
    tt_rng rng;
    tt_rng_seed(&rng, 3);
    tt_dice_rig rig = {0};
    const int faces[] = {2, 4, 7, 1, 3};
    tt_dice_rig_add(&rig, faces, 5, 10);
    tt_event buf[8];
    tt_events ev = {buf, 0, 8, 0};
    tt_pool_roll r;
    assert_int_equal(tt_pool_d10(&rng, &rig, 5, 4, 0, &r, &ev, 1), 2);
    assert_int_equal(ev.n, 3);
    char text[96];
    tt_dice_event_text(&buf[0], text, sizeof text);
    assert_string_equal(text, "2 4 7 1");
    tt_dice_event_text(&buf[1], text, sizeof text);
    assert_string_equal(text, "3");
    tt_dice_event_text(&buf[2], text, sizeof text);
    assert_string_equal(text, "5 dice at DS 4: 2 successes");
}

static void test_pool_of_zero_rolls_nothing(void **state)
{
    (void)state;
    tt_rng rng;
    tt_rng_seed(&rng, 4);
    tt_dice_rig rig = {0};
    const int six = 6;
    tt_dice_rig_add(&rig, &six, 1, 10);
    tt_pool_roll r;
    assert_int_equal(tt_pool_d10(&rng, &rig, -2, 2, 0, &r, NULL, 0), 0);
    assert_int_equal(r.ndice, 0);
    assert_int_equal(tt_die(&rng, &rig, 10), 6); /* the rigged face is still waiting */
}

static void test_fair_faces_cover_one_to_ten(void **state)
{
    (void)state;
    tt_rng rng;
    tt_rng_seed(&rng, 5);
    tt_dice_rig rig = {0};
    int seen[11] = {0};
    for (int i = 0; i < 10000; i++)
        seen[tt_die(&rng, &rig, 10)]++;
    assert_int_equal(seen[0], 0);
    for (int f = 1; f <= 10; f++) {
        assert_true(seen[f] > 850);
        assert_true(seen[f] < 1150);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_natural_ten_and_one_stand),
        cmocka_unit_test(test_rigged_faces_come_first_and_in_order),
        cmocka_unit_test(test_rig_refuses_bad_faces_unchanged),
        cmocka_unit_test(test_partly_used_rig_makes_room),
        cmocka_unit_test(test_pool_events_narrate_faces_then_outcome),
        cmocka_unit_test(test_pool_of_zero_rolls_nothing),
        cmocka_unit_test(test_fair_faces_cover_one_to_ten),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
