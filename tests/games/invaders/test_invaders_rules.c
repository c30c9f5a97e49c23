/* Invaders: rules tests beyond the worked examples, named after rule IDs.
 *
 * Sacrifice conditions (INV-5.8) and hero movement use the sample content.
 * The features no sample card exercises (INV-11.1) — a shield split across two
 * DRAIN_SHIELD cards, a forced draw (DRAW who: OPPONENT), a remove_counters
 * ability cost, a drain-cost cancel card — use the test-only content
 * tests/data/invaders/test_content.json. */
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
#define TEST_CONTENT "content=" TT_SOURCE_DIR "/tests/data/invaders/test_content.json"

static int setup_sample(void **state)
{
    *state = inv_fx_open(NULL);
    return 0;
}

static int setup_test_content(void **state)
{
    *state = inv_fx_open(TEST_CONTENT);
    return 0;
}

static int teardown(void **state)
{
    inv_fx_close(*state);
    return 0;
}

/* --- INV-5.8 sacrifice ----------------------------------------------------- */

/* INV-5.8 (a): the hero may be sacrificed only during Mankind's own turn. No
 * sample effect lets Mankind place a unit in the Invader's turn, so the
 * predicate the engine uses for every placement is checked directly. */
static void test_INV_5_8_a_hero_never_sacrificed_in_invaders_turn(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "AF", "hero_park");
    for (int i = 0; i < 3; i++)
        inv_fx_unit(f, "AF", "militia_cadre");
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    assert_int_equal(inv_hero_sacrificable(f->c, f->s, INV_NONE), 0);
    inv_fx_main(f, MAN);
    assert_int_equal(inv_hero_sacrificable(f->c, f->s, INV_NONE), 1);
}

/* INV-5.8 through the Ops Centre (INV-5.16): a unit moved into a full column
 * may replace a sacrificed unit there. */
static void test_INV_5_8_ops_centre_into_full_column(void **state)
{
    inv_fx *f = *state;
    int tank = inv_fx_unit(f, "PR", "ranger_hovertank");
    for (int i = 0; i < 4; i++)
        inv_fx_unit(f, "AF", "militia_cadre");
    inv_fx_unit(f, "EU", "hero_quill");
    inv_fx_hand(f, "rebuild_effort");
    inv_fx_main(f, MAN);
    inv_fx_sane(f);
    int cadre3 = inv_fx_inst(f, "man:militia_cadre#3");

    inv_fx_apply(f, "ops man:ranger_hovertank#1 zone=AF sacrifice=man:militia_cadre#3 "
                    "discard=rebuild_effort");

    assert_true(inv_fx_in_zone(f, tank, "AF"));
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), cadre3);
    assert_int_equal(f->s->ncol[MAN][inv_fx_zone(f, "AF")], 4);
    assert_int_equal(f->s->ncol[MAN][inv_fx_zone(f, "PR")], 0);
}

/* INV-5.8 (c) with a move: the moving unit frees its own slot, which then
 * receives the replacement hero even when the other 11 slots are full. */
static void test_INV_5_8_c_moved_unit_frees_a_slot_for_the_hero(void **state)
{
    inv_fx *f = *state;
    int park = inv_fx_unit(f, "AF", "hero_park");
    for (int i = 0; i < 3; i++)
        inv_fx_unit(f, "AF", "militia_cadre");
    for (int i = 0; i < 3; i++)
        inv_fx_unit(f, "PR", "militia_cadre");
    int tank = inv_fx_unit(f, "PR", "ranger_hovertank");
    for (int i = 0; i < 4; i++)
        inv_fx_unit(f, "EU", "ranger_hovertank");
    inv_fx_hero_deck(f, "hero_quill");
    inv_fx_hand(f, "rebuild_effort");
    inv_fx_main(f, MAN);
    inv_fx_sane(f);
    int quill = inv_fx_inst(f, "hero:hero_quill#1");

    inv_fx_apply(f, "ops man:ranger_hovertank#1 zone=AF sacrifice=hero:hero_park#1 "
                    "discard=rebuild_effort");

    assert_int_equal(inv_fx_pending(f), F_PLACE_HERO);
    assert_true(inv_fx_in_zone(f, tank, "AF"));
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), park);
    inv_fx_refuse(f, "place AF", "INV-5.22");
    inv_fx_refuse(f, "place EU", "INV-5.22");
    inv_fx_apply(f, "place PR");
    assert_int_equal(f->s->hero, quill);
    assert_true(inv_fx_in_zone(f, quill, "PR"));
    assert_true(f->s->iflags[quill] & IF_ROTATED);
}

/* INV-5.8 with MOVE_HERO (INV-5.17.3): the hero may enter a full adjacent
 * column by sacrificing one of the units there. */
static void test_INV_5_17_move_hero_into_full_column(void **state)
{
    inv_fx *f = *state;
    int varga = inv_fx_unit(f, "PR", "hero_varga");
    for (int i = 0; i < 4; i++)
        inv_fx_unit(f, "EU", "militia_cadre");
    inv_fx_main(f, MAN);
    inv_fx_sane(f);
    int cadre1 = inv_fx_inst(f, "man:militia_cadre#1");

    inv_fx_refuse(f, "move_hero zone=EU sacrifice=hero:hero_varga#1", "INV-5.8");
    inv_fx_apply(f, "move_hero zone=EU sacrifice=man:militia_cadre#1");

    assert_true(inv_fx_in_zone(f, varga, "EU"));
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), cadre1);
    assert_int_equal(f->s->ncol[MAN][inv_fx_zone(f, "EU")], 4);
    assert_false(f->s->iflags[varga] & IF_ROTATED);
}

/* --- INV-5.10 and INV-5.15: cancel cards and the plot reduction ---------------- */

/* INV-5.10 step 5: a cancel card cannot be played as an ordinary main action. */
static void test_INV_5_10_cancel_card_not_a_main_action(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    inv_fx_hand(f, "signal_jamming");
    inv_fx_hand(f, "skitter_drone");
    inv_fx_main(f, INV);
    inv_fx_sane(f);

    assert_false(inv_fx_offered(f, "play signal_jamming"));
    inv_fx_refuse(f, "play signal_jamming", "INV-5.10");
}

/* INV-5.15: the reduction applies to a cancel card the Invader plays during
 * his own turn; the marker moves at once. Two cancels annul each other, so
 * the strider resolves (INV-5.10 step 3). */
static void test_INV_5_15_reduce_a_cancel_card_in_own_turn(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    int strider = inv_fx_hand(f, "carapace_strider");
    inv_fx_hand(f, "skitter_drone");
    int jam = inv_fx_hand(f, "signal_jamming");
    int override = inv_fx_hand(f, "override_protocol");
    inv_fx_hand(f, "militia_cadre");
    inv_fx_main(f, INV);
    inv_fx_sane(f);

    inv_fx_apply(f, "play carapace_strider reduce=none zone=EU discard=skitter_drone");
    inv_fx_apply(f, "cancel override_protocol discard=militia_cadre");
    assert_int_equal(inv_fx_pending(f), F_WINDOW);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), INV);
    inv_fx_apply(f, "cancel signal_jamming");
    assert_int_equal(inv_fx_pending(f), F_DECLARE);
    inv_fx_apply(f, "reduce discard");

    assert_int_equal(f->s->plot, 9);
    assert_int_equal(inv_fx_pending(f), F_NONE);
    assert_true(inv_fx_in_zone(f, strider, "EU"));
    assert_int_equal(inv_fx_discard_top(f, INV, 0), jam);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), override);
    inv_fx_refuse(f, "plot draw", "INV-5.15");
}

/* INV-5.15 with EX-3's variant: with the plot action unused, reducing the
 * drain cost makes siege_colossus playable from an empty deck; declining the
 * reduction leaves a cost that cannot be paid (INV-5.6; the engine may name
 * the reduction rule instead). */
static void test_INV_5_15_reduction_pays_a_drain_cost(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "EU", "hero_quill");
    int colossus = inv_fx_hand(f, "siege_colossus");
    inv_fx_hand(f, "skitter_drone");
    inv_fx_hand(f, "carapace_strider");
    inv_fx_deck_size(f, INV, 0);
    inv_fx_main(f, INV);
    inv_fx_sane(f);

    inv_fx_refuse(f, "play siege_colossus zone=PR reduce=none", "INV-5.6");
    inv_fx_apply(f, "play siege_colossus reduce=drain zone=PR discard=skitter_drone "
                    "discard=carapace_strider");

    assert_true(inv_fx_in_zone(f, colossus, "PR"));
    assert_int_equal(f->s->plot, 9);
    assert_int_equal(f->s->npile[INV][L_DECK], 0);
    assert_int_not_equal(f->s->step, S_GAME_OVER);
}

/* --- INV-4.4: the own draw step is never shielded ------------------------------ */

static void test_INV_4_4_draw_step_has_no_shield_prompt(void **state)
{
    inv_fx *f = *state;
    int vault = inv_fx_unit(f, "PR", "deep_vault");
    inv_fx_unit(f, "EU", "hero_quill");
    inv_fx_main(f, INV);
    f->s->strat_enabled[inv_fx_strat(f, "man_bulwark")] = 1; /* no attack window */
    inv_fx_sane(f);
    int deck = f->s->npile[MAN][L_DECK];

    inv_fx_apply(f, "pass");

    assert_int_equal(f->s->active, MAN);
    assert_int_equal(f->s->step, S_MAIN);
    assert_int_equal(f->s->npile[MAN][L_HAND], 2);
    assert_int_equal(f->s->npile[MAN][L_DECK], deck - 2);
    assert_int_equal(f->s->counters[vault], 6);
    assert_int_equal(inv_fx_events(f, E_SHIELD), 0);
}

/* INV-4.6: the main step's actions are pass, play, use, strategy, plot, ops
 * and the hero's move; an answer to a question nobody asked is refused as
 * none of them, and changes nothing. */
static void test_INV_4_6_an_answer_is_not_a_main_step_action(void **state)
{
    inv_fx *f = *state;
    inv_fx_main(f, INV);
    inv_state *before = malloc(f->size);
    assert_non_null(before);
    memcpy(before, f->s, f->size);
    tt_error err;
    tt_error_clear(&err);

    assert_int_equal(tt_apply(f->g, (tt_state *)f->s, INV_ACTION(A_DECLINE, 0), NULL, &err),
                     TT_EILLEGAL);

    assert_string_equal(err.rule, "INV-4.6");
    assert_string_equal(err.msg, "that is not a main-step action");
    assert_memory_equal(before, f->s, f->size);
    free(before);
}

/* --- test-only content (INV-11.1) ------------------------------------------------ */

/* INV-5.19 step 1, INV-9.21: one prompt per drain, then the counters are taken
 * from the cards Mankind names, one at a time. */
static void test_INV_5_19_shield_split_across_two_cards(void **state)
{
    inv_fx *f = *state;
    int va = inv_fx_unit(f, "PR", "deep_vault");
    int vb = inv_fx_unit(f, "EU", "deep_vault");
    inv_fx_unit(f, "AF", "hero_quill");
    inv_fx_hand(f, "drain_ray");
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    int deck = f->s->npile[MAN][L_DECK];
    assert_int_equal(f->s->counters[va], 2);
    assert_int_equal(f->s->counters[vb], 2);

    inv_fx_apply(f, "play drain_ray");
    assert_int_equal(inv_fx_pending(f), F_SHIELD);
    inv_fx_refuse(f, "shield 4", "INV-5.19"); /* at most n = 3 */
    inv_fx_apply(f, "shield 3");
    assert_int_equal(inv_fx_pending(f), F_SHIELD_TAKE);
    inv_fx_apply(f, "from man:deep_vault#1");
    inv_fx_apply(f, "from man:deep_vault#1");
    inv_fx_refuse(f, "from man:deep_vault#1", "INV-9.21"); /* it has none left */
    inv_fx_apply(f, "from man:deep_vault#2");

    assert_int_equal(inv_fx_pending(f), F_NONE);
    assert_int_equal(f->s->counters[va], 0);
    assert_int_equal(f->s->counters[vb], 1);
    assert_int_equal(f->s->npile[MAN][L_DECK], deck);
    assert_int_equal(f->s->mankind_drained, 0); /* INV-9.5 */
}

/* INV-5.20: a forced draw offers the shield prompt first; it is not a drain
 * (INV-9.6), so the turn still counts as a failure at INV-4.7.3. */
static void test_INV_5_20_forced_draw_is_shielded_and_not_a_drain(void **state)
{
    inv_fx *f = *state;
    int vault = inv_fx_unit(f, "PR", "deep_vault");
    inv_fx_unit(f, "AF", "hero_quill");
    int probe = inv_fx_hand(f, "mind_probe");
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    int deck = f->s->npile[MAN][L_DECK];
    int top = inv_fx_deck_top(f, MAN, 0);

    inv_fx_apply(f, "play mind_probe");
    assert_int_equal(inv_fx_pending(f), F_SHIELD);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), MAN);
    inv_fx_apply(f, "shield 1");

    assert_int_equal(f->s->counters[vault], 1);
    assert_int_equal(f->s->npile[MAN][L_HAND], 1);
    assert_true(inv_fx_in_hand(f, MAN, top));
    assert_int_equal(f->s->npile[MAN][L_DECK], deck - 1);
    assert_int_equal(inv_fx_discard_top(f, INV, 0), probe);
    assert_int_equal(f->s->mankind_drained, 0);

    inv_fx_apply(f, "pass"); /* no reaction strategy in this content: no window */
    assert_int_equal(f->s->plot, 9);
}

/* INV-5.20, INV-8.2: a forced draw from a deck that runs out is a failed
 * required draw. */
static void test_INV_5_20_forced_draw_from_empty_deck_loses(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "AF", "hero_quill");
    inv_fx_hand(f, "mind_probe");
    inv_fx_deck_size(f, MAN, 1);
    inv_fx_main(f, INV);
    inv_fx_sane(f);

    inv_fx_apply(f, "play mind_probe");

    assert_int_equal(f->s->npile[MAN][L_HAND], 1);
    assert_int_equal(f->s->npile[MAN][L_DECK], 0);
    assert_int_equal(f->s->step, S_GAME_OVER);
    assert_int_equal(inv_winner(f->s), INV);
    assert_int_equal(f->s->head.reason, R_MANKIND_DECK_OUT);
}

/* INV-2.18, INV-9.23, INV-5.13: a remove_counters cost needs the counters on
 * that card; counters from enter_counters may be used the turn it enters. */
static void test_INV_9_23_remove_counters_cost(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    int lab = inv_fx_hand(f, "research_lab");
    inv_fx_main(f, MAN);
    inv_fx_sane(f);
    int deck = f->s->npile[MAN][L_DECK];

    inv_fx_apply(f, "play research_lab zone=EU");
    assert_int_equal(f->s->counters[lab], 2);
    inv_fx_apply(f, "use man:research_lab#1");
    assert_int_equal(f->s->counters[lab], 1);
    assert_int_equal(f->s->npile[MAN][L_HAND], 1);
    assert_int_equal(f->s->npile[MAN][L_DECK], deck - 1);
    inv_fx_refuse(f, "use man:research_lab#1", "INV-5.12");

    /* a later turn with no counters left: the cost cannot be paid */
    f->s->iflags[lab] &= (uint8_t)~IF_USED;
    f->s->counters[lab] = 0;
    inv_fx_sane(f);
    inv_fx_refuse(f, "use man:research_lab#1", "INV-9.23");
}

/* INV-9.3 (EX-30's last clause): a drain cost Mankind pays in the Invader's
 * turn moves cards from his deck but is never inflicted drain. */
static void test_INV_9_3_drain_cost_in_invaders_turn_not_inflicted(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    int drone = inv_fx_hand(f, "skitter_drone");
    int cancel = inv_fx_hand(f, "costly_override");
    inv_fx_deck_size(f, MAN, 5);
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    int top = inv_fx_deck_top(f, MAN, 0);

    inv_fx_apply(f, "play skitter_drone zone=EU");
    assert_int_equal(inv_fx_pending(f), F_WINDOW);
    inv_fx_apply(f, "cancel costly_override");

    assert_int_equal(f->s->npile[MAN][L_DECK], 4);
    assert_int_equal(inv_fx_discard_top(f, MAN, 1), top);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), cancel);
    assert_int_equal(inv_fx_discard_top(f, INV, 0), drone);
    assert_int_equal(f->s->mankind_drained, 0);

    inv_fx_apply(f, "pass");
    assert_int_equal(f->s->plot, 9);
}

/* --- INV-2.25 the state ------------------------------------------------------- */

/* INV-2.25: searches copy the state, so it stays flat and small: each side's
 * deck, hand and discard pile share one array, in that order, and a draw
 * moves the deck's top to the hand's top, shifting only the hand. */
static void test_INV_2_25_a_sides_piles_share_one_array(void **state)
{
    inv_fx *f = *state;
    assert_int_equal(f->size, 1760); /* 1712 with 8-bit piles; no more than 1797 */
    inv_fx_unit(f, "EU", "hero_anand");
    int cadre = inv_fx_hand(f, "militia_cadre"), rebuild = inv_fx_hand(f, "rebuild_effort");
    inv_fx_deck_size(f, MAN, 20);
    int top = inv_fx_deck_top(f, MAN, 0), discard_top = inv_fx_discard_top(f, MAN, 0);
    int discards = f->s->npile[MAN][L_DISCARD];
    const uint16_t *mankind = f->s->cards + INV_MAX_DECK;
    assert_ptr_equal(inv_pile(f->s, MAN, L_DECK), mankind);
    assert_ptr_equal(inv_pile(f->s, MAN, L_HAND), mankind + 20);
    assert_ptr_equal(inv_pile(f->s, MAN, L_DISCARD), mankind + 22);
    assert_ptr_equal(inv_pile(f->s, INV, L_DECK), f->s->cards);

    inv_draw(f->s, MAN, NULL);
    assert_int_equal(f->s->npile[MAN][L_DECK], 19);
    assert_int_equal(f->s->npile[MAN][L_HAND], 3);
    assert_int_equal(f->s->npile[MAN][L_DISCARD], discards);
    assert_int_equal(mankind[19], cadre);
    assert_int_equal(mankind[20], rebuild);
    assert_int_equal(mankind[21], top);
    assert_int_equal(inv_fx_loc(f, top), L_HAND);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), discard_top);
    assert_ptr_equal(inv_pile(f->s, MAN, L_DISCARD), mankind + 22);
    inv_fx_sane(f);
}

#define SAMPLE(name) cmocka_unit_test_setup_teardown(name, setup_sample, teardown)
#define CUSTOM(name) cmocka_unit_test_setup_teardown(name, setup_test_content, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        SAMPLE(test_INV_5_8_a_hero_never_sacrificed_in_invaders_turn),
        SAMPLE(test_INV_5_8_ops_centre_into_full_column),
        SAMPLE(test_INV_5_8_c_moved_unit_frees_a_slot_for_the_hero),
        SAMPLE(test_INV_5_17_move_hero_into_full_column),
        SAMPLE(test_INV_5_10_cancel_card_not_a_main_action),
        SAMPLE(test_INV_5_15_reduce_a_cancel_card_in_own_turn),
        SAMPLE(test_INV_5_15_reduction_pays_a_drain_cost),
        SAMPLE(test_INV_4_4_draw_step_has_no_shield_prompt),
        SAMPLE(test_INV_4_6_an_answer_is_not_a_main_step_action),
        SAMPLE(test_INV_2_25_a_sides_piles_share_one_array),
        CUSTOM(test_INV_5_19_shield_split_across_two_cards),
        CUSTOM(test_INV_5_20_forced_draw_is_shielded_and_not_a_drain),
        CUSTOM(test_INV_5_20_forced_draw_from_empty_deck_loses),
        CUSTOM(test_INV_9_23_remove_counters_cost),
        CUSTOM(test_INV_9_3_drain_cost_in_invaders_turn_not_inflicted),
    };
    return cmocka_run_group_tests_name("invaders rules", tests, NULL, NULL);
}
