/* Invaders: the worked examples EX-1 … EX-30 of the rules file (section 10).
 *
 * Each test builds the example's position with the fixture (tests/support/
 * inv_fixture.h), plays the example's input through tt_apply_text and asserts
 * the exact resulting state, or, for a refusal, the rule the example cites and
 * an unchanged state. Variants are tests of their own. Unless an example says
 * otherwise: sample content, no damage tokens, plot 10, only the cards listed,
 * the current hero (Mankind always has one, INV-5.22) placed where it cannot
 * matter, and "+ n others" filled with cards that cannot interfere.
 *
 * Cancel windows open whenever the prompted player holds a card (INV-5.18),
 * and the Invader's plot-action reduction is asked right after he declares a
 * card with a cost while the action is unused (INV-5.15): the inputs answer
 * those prompts ("decline", "reduce=none") where the example is silent. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "inv_fixture.h"

#define INV INV_INVADER
#define MAN INV_MANKIND

static int setup(void **state)
{
    *state = inv_fx_open(NULL);
    return 0;
}

static int teardown(void **state)
{
    inv_fx_close(*state);
    return 0;
}

/* The E_ATTACK event of zone z in the last apply: A, D and the drain (-1 when
 * the zone was shielded). Fails when the zone was not attacked. */
static void attack_of(const inv_fx *f, int side, int z, int *a, int *d, int *drain)
{
    for (int i = 0; i < f->ev.n; i++) {
        const tt_event *e = &f->ev.ev[i];
        if (e->type == E_ATTACK && e->player == side && e->a == z) {
            *a = e->b;
            *d = e->c;
            *drain = e->d;
            return;
        }
    }
    fail_msg("zone %d was not attacked", z);
}

/* The flag INV-4.7.3 looked at, from the E_CHECK event of the last apply. */
static int checked_flag(const inv_fx *f)
{
    for (int i = 0; i < f->ev.n; i++)
        if (f->ev.ev[i].type == E_CHECK)
            return f->ev.ev[i].a;
    fail_msg("no check of inflicted drain happened");
    return -1;
}

static void assert_over(const inv_fx *f, int winner, int reason, int step)
{
    assert_int_equal(f->s->step, S_GAME_OVER);
    assert_int_equal(inv_winner(f->s), winner);
    assert_int_equal(f->s->head.reason, reason);
    assert_int_equal(f->s->end_step, step);
    tt_result r;
    tt_result_get(f->g, (const tt_state *)f->s, &r);
    assert_true(r.over);
    assert_int_equal(r.winner, winner);
    assert_string_equal(r.reason, inv_reason_name(reason));
}

static void assert_playing(const inv_fx *f)
{
    assert_int_not_equal(f->s->step, S_GAME_OVER);
    assert_int_equal(inv_winner(f->s), INV_NONE);
    assert_int_equal(f->s->head.reason, R_NONE);
}

/* ------------------------------------------------------------------------- */

/* EX-1. Mankind's turn, Main step; Mankind hand: aegis_command_post + 3
 * others; AF Mankind column: militia_cadre. PLAY aegis_command_post zone=AF,
 * discarding 2 of the 3 others: legal (INV-5.7); 2 cards to the discard; the
 * post in AF; the cadre in AF has power 2; other zones unaffected (INV-9.18). */
static void test_EX_1_geography_is_abstract(void **state)
{
    inv_fx *f = *state;
    int cadre = inv_fx_unit(f, "AF", "militia_cadre");
    int far_cadre = inv_fx_unit(f, "EU", "militia_cadre");
    int hero = inv_fx_unit(f, "PR", "hero_quill");
    int post = inv_fx_hand(f, "aegis_command_post");
    int a = inv_fx_hand(f, "field_engineers");
    int b = inv_fx_hand(f, "ranger_hovertank");
    int c = inv_fx_hand(f, "rebuild_effort");
    inv_fx_main(f, MAN);
    inv_fx_sane(f);
    int d0 = f->s->npile[MAN][L_DISCARD];

    inv_fx_apply(f,
                 "play aegis_command_post zone=AF discard=field_engineers discard=rebuild_effort");

    assert_int_equal(inv_fx_pending(f), F_NONE);
    assert_true(inv_fx_in_zone(f, post, "AF"));
    assert_int_equal(f->s->npile[MAN][L_DISCARD], d0 + 2);
    assert_int_equal(inv_fx_discard_top(f, MAN, 1), a);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), c);
    assert_int_equal(f->s->npile[MAN][L_HAND], 1);
    assert_true(inv_fx_in_hand(f, MAN, b));
    assert_int_equal(inv_fx_power(f, cadre), 2);
    assert_int_equal(inv_fx_power(f, post), 0); /* never boosts itself */
    assert_int_equal(inv_fx_power(f, far_cadre), 1);
    assert_int_equal(inv_fx_power(f, hero), 4);
}

/* EX-2. Mankind hand: deep_vault + 5 others (A–E). PLAY deep_vault zone=EU
 * choosing A, C, E: they go to the discard in that order; B, D stay; the vault
 * enters EU with 6 counters. */
static void test_EX_2_discard_cost_uses_other_cards(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    int vault = inv_fx_hand(f, "deep_vault");
    int a = inv_fx_hand(f, "militia_cadre");
    int b = inv_fx_hand(f, "ranger_hovertank");
    int c = inv_fx_hand(f, "field_engineers");
    int d = inv_fx_hand(f, "rebuild_effort");
    int e = inv_fx_hand(f, "supply_drop");
    inv_fx_main(f, MAN);
    inv_fx_sane(f);
    int d0 = f->s->npile[MAN][L_DISCARD];

    inv_fx_apply(f, "play deep_vault zone=EU discard=militia_cadre discard=field_engineers "
                    "discard=supply_drop");

    assert_int_equal(f->s->npile[MAN][L_DISCARD], d0 + 3);
    assert_int_equal(inv_fx_discard_top(f, MAN, 2), a);
    assert_int_equal(inv_fx_discard_top(f, MAN, 1), c);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), e);
    assert_int_equal(f->s->npile[MAN][L_HAND], 2);
    assert_true(inv_fx_in_hand(f, MAN, b));
    assert_true(inv_fx_in_hand(f, MAN, d));
    assert_true(inv_fx_in_zone(f, vault, "EU"));
    assert_int_equal(f->s->counters[vault], 6);
}

/* EX-2 variant: hand deep_vault + 2 others → PLAY deep_vault rejected
 * (INV-5.5: 2 < 3). */
static void test_EX_2_variant_cannot_pay_cannot_play(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    inv_fx_hand(f, "deep_vault");
    inv_fx_hand_n(f, "militia_cadre", 2);
    inv_fx_main(f, MAN);
    inv_fx_sane(f);

    inv_fx_refuse(f, "play deep_vault", "INV-5.5");
    inv_fx_refuse(f, "play deep_vault zone=EU discard=militia_cadre discard=militia_cadre",
                  "INV-5.5");
}

/* EX-3. Invader hand: siege_colossus + 2 others; Invader deck 20. PLAY
 * siege_colossus zone=PR discarding both others: 2 cards discarded, then 1
 * drained (the top of the deck, face up on the Invader's discard); deck 19;
 * the colossus (power 5) in PR. */
static void test_EX_3_both_costs(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "EU", "hero_quill");
    int colossus = inv_fx_hand(f, "siege_colossus");
    int a = inv_fx_hand(f, "skitter_drone");
    int b = inv_fx_hand(f, "carapace_strider");
    inv_fx_deck_size(f, INV, 20);
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    int top = inv_fx_deck_top(f, INV, 0);
    int d0 = f->s->npile[INV][L_DISCARD];

    inv_fx_apply(f, "play siege_colossus reduce=none zone=PR discard=skitter_drone "
                    "discard=carapace_strider");

    assert_int_equal(f->s->npile[INV][L_DISCARD], d0 + 3);
    assert_int_equal(inv_fx_discard_top(f, INV, 2), a);
    assert_int_equal(inv_fx_discard_top(f, INV, 1), b);
    assert_int_equal(inv_fx_discard_top(f, INV, 0), top);
    assert_int_equal(f->s->npile[INV][L_DECK], 19);
    assert_int_equal(f->s->npile[INV][L_HAND], 0);
    assert_true(inv_fx_in_zone(f, colossus, "PR"));
    assert_int_equal(inv_fx_power(f, colossus), 5);
    assert_int_equal(f->s->plot, 10);
}

/* EX-3 variant: Invader deck 0 → rejected (the drain cost cannot be paid,
 * INV-5.6). The plot action is already used this turn, so no reduction can
 * lower the drain cost (INV-5.15; see the rules tests for that case). */
static void test_EX_3_variant_empty_deck_cannot_pay_drain(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "EU", "hero_quill");
    inv_fx_hand(f, "siege_colossus");
    inv_fx_hand(f, "skitter_drone");
    inv_fx_hand(f, "carapace_strider");
    inv_fx_deck_size(f, INV, 0);
    inv_fx_main(f, INV);
    f->s->plot_used = 1;
    inv_fx_sane(f);

    inv_fx_refuse(f, "play siege_colossus", "INV-5.6");
}

/* EX-4. Invader's turn; Mankind EU column: ranger_hovertank; Invader hand:
 * nerve_pulse. PLAY nerve_pulse target=man:ranger_hovertank#1; Mankind
 * DECLINEs: no cost paid; the hovertank to Mankind's discard, nerve_pulse to
 * the Invader's; flags.mankind_drained stays false. */
static void test_EX_4_free_destroy_to_owners_piles(void **state)
{
    inv_fx *f = *state;
    int tank = inv_fx_unit(f, "EU", "ranger_hovertank");
    inv_fx_unit(f, "PR", "hero_quill");
    int pulse = inv_fx_hand(f, "nerve_pulse");
    inv_fx_hand(f, "militia_cadre"); /* Mankind holds a card: the window opens */
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    int inv_deck = f->s->npile[INV][L_DECK], man_deck = f->s->npile[MAN][L_DECK];
    int inv_d0 = f->s->npile[INV][L_DISCARD], man_d0 = f->s->npile[MAN][L_DISCARD];

    inv_fx_apply(f, "play nerve_pulse target=man:ranger_hovertank#1");
    assert_int_equal(inv_fx_pending(f), F_WINDOW);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), MAN);
    inv_fx_apply(f, "decline");

    assert_int_equal(inv_fx_pending(f), F_NONE);
    assert_int_equal(f->s->npile[MAN][L_DISCARD], man_d0 + 1);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), tank);
    assert_int_equal(f->s->npile[INV][L_DISCARD], inv_d0 + 1);
    assert_int_equal(inv_fx_discard_top(f, INV, 0), pulse);
    assert_int_equal(f->s->npile[INV][L_DECK], inv_deck);
    assert_int_equal(f->s->npile[MAN][L_DECK], man_deck);
    assert_int_equal(f->s->npile[INV][L_HAND], 0);
    assert_int_equal(f->s->npile[MAN][L_HAND], 1);
    assert_int_equal(f->s->mankind_drained, 0);
    assert_int_equal(f->s->plot, 10);
}

/* EX-5. Invader AF column: 4 units; Invader hand: skitter_drone. PLAY
 * skitter_drone zone=AF → rejected (INV-5.9). PLAY skitter_drone zone=EU (EU
 * has space) → legal. */
static void test_EX_5_invader_cannot_sacrifice(void **state)
{
    inv_fx *f = *state;
    for (int i = 0; i < 4; i++)
        inv_fx_unit(f, "AF", "skitter_drone");
    inv_fx_unit(f, "PR", "hero_quill");
    int drone = inv_fx_hand(f, "skitter_drone");
    inv_fx_main(f, INV);
    inv_fx_sane(f);

    inv_fx_refuse(f, "play skitter_drone zone=AF", "INV-5.9");
    inv_fx_apply(f, "play skitter_drone zone=EU");

    assert_true(inv_fx_in_zone(f, drone, "EU"));
    assert_int_equal(f->s->ncol[INV][inv_fx_zone(f, "AF")], 4);
    assert_int_equal(f->s->npile[INV][L_HAND], 0);
}

/* EX-6. Mankind AF column: militia_cadre x3 and ranger_hovertank (full);
 * Mankind hand: bastion_walker + 2 others. PLAY bastion_walker zone=AF
 * sacrifice=man:militia_cadre#2: costs paid (discard 1, drain 1); after the
 * cancel window, militia_cadre#2 goes to Mankind's discard and the walker
 * takes its slot. */
static void test_EX_6_sacrifice_into_full_column(void **state)
{
    inv_fx *f = *state;
    for (int i = 0; i < 3; i++)
        inv_fx_unit(f, "AF", "militia_cadre");
    inv_fx_unit(f, "AF", "ranger_hovertank");
    inv_fx_unit(f, "PR", "hero_quill");
    int walker = inv_fx_hand(f, "bastion_walker");
    int a = inv_fx_hand(f, "rebuild_effort");
    int b = inv_fx_hand(f, "supply_drop");
    inv_fx_hand(f, "skitter_drone"); /* the Invader holds a card: a window opens */
    inv_fx_deck_size(f, MAN, 20);
    inv_fx_main(f, MAN);
    inv_fx_sane(f);
    int cadre2 = inv_fx_inst(f, "man:militia_cadre#2");
    int top = inv_fx_deck_top(f, MAN, 0);
    int d0 = f->s->npile[MAN][L_DISCARD];

    inv_fx_apply(
        f, "play bastion_walker zone=AF sacrifice=man:militia_cadre#2 discard=rebuild_effort");

    /* paid, in the window: the sacrifice has not happened yet (INV-9.14) */
    assert_int_equal(inv_fx_pending(f), F_WINDOW);
    assert_int_equal(f->s->npile[MAN][L_DISCARD], d0 + 2);
    assert_int_equal(inv_fx_discard_top(f, MAN, 1), a);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), top);
    assert_int_equal(f->s->npile[MAN][L_DECK], 19);
    assert_true(inv_fx_in_zone(f, cadre2, "AF"));
    assert_int_equal(inv_fx_loc(f, walker), L_LIMBO);

    inv_fx_apply(f, "decline");

    assert_int_equal(inv_fx_pending(f), F_NONE);
    assert_int_equal(f->s->npile[MAN][L_DISCARD], d0 + 3);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), cadre2);
    assert_true(inv_fx_in_zone(f, walker, "AF"));
    assert_int_equal(f->s->ncol[MAN][inv_fx_zone(f, "AF")], 4);
    assert_true(inv_fx_in_hand(f, MAN, b));
    assert_int_equal(f->s->npile[MAN][L_HAND], 1);
}

/* EX-6 variant: AF has only 3 units → a declared sacrifice is rejected
 * (INV-5.8), but the play without sacrifice is legal. */
static void test_EX_6_variant_no_sacrifice_with_free_slot(void **state)
{
    inv_fx *f = *state;
    for (int i = 0; i < 3; i++)
        inv_fx_unit(f, "AF", "militia_cadre");
    inv_fx_unit(f, "PR", "hero_quill");
    int walker = inv_fx_hand(f, "bastion_walker");
    inv_fx_hand(f, "rebuild_effort");
    inv_fx_hand(f, "supply_drop");
    inv_fx_main(f, MAN);
    inv_fx_sane(f);

    inv_fx_refuse(f, "play bastion_walker zone=AF sacrifice=man:militia_cadre#2", "INV-5.8");
    inv_fx_apply(f, "play bastion_walker zone=AF discard=rebuild_effort");

    assert_true(inv_fx_in_zone(f, walker, "AF"));
    assert_true(inv_fx_in_zone(f, inv_fx_inst(f, "man:militia_cadre#2"), "AF"));
    assert_int_equal(f->s->ncol[MAN][inv_fx_zone(f, "AF")], 4);
}

/* EX-6 variant: the AF column is hero_park + 3 x militia_cadre and the hero
 * deck is empty → sacrifice=hero:hero_park#1 is rejected (INV-5.8 b). */
static void test_EX_6_variant_hero_sacrifice_needs_hero_deck(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "AF", "hero_park");
    for (int i = 0; i < 3; i++)
        inv_fx_unit(f, "AF", "militia_cadre");
    inv_fx_hero_deck(f, "");
    inv_fx_hand(f, "bastion_walker");
    inv_fx_hand(f, "rebuild_effort");
    inv_fx_hand(f, "supply_drop");
    inv_fx_main(f, MAN);
    inv_fx_sane(f);

    inv_fx_refuse(f, "play bastion_walker zone=AF sacrifice=hero:hero_park#1", "INV-5.8");
}

/* EX-6 variant: hero deck not empty but all 12 Mankind slots are full →
 * sacrifice=hero:hero_park#1 rejected (INV-5.8 c). */
static void test_EX_6_variant_hero_sacrifice_needs_free_slot(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "AF", "hero_park");
    for (int i = 0; i < 3; i++)
        inv_fx_unit(f, "AF", "militia_cadre");
    for (int i = 0; i < 3; i++)
        inv_fx_unit(f, "PR", "militia_cadre");
    inv_fx_unit(f, "PR", "ranger_hovertank");
    for (int i = 0; i < 4; i++)
        inv_fx_unit(f, "EU", "ranger_hovertank");
    inv_fx_hero_deck(f, "hero_quill hero_varga");
    inv_fx_hand(f, "bastion_walker");
    inv_fx_hand(f, "rebuild_effort");
    inv_fx_hand(f, "supply_drop");
    inv_fx_main(f, MAN);
    inv_fx_sane(f);

    inv_fx_refuse(f, "play bastion_walker zone=AF sacrifice=hero:hero_park#1", "INV-5.8");
    /* a non-hero unit of that column may still be sacrificed */
    inv_fx_apply(
        f, "play bastion_walker zone=AF sacrifice=man:militia_cadre#1 discard=rebuild_effort");
    assert_true(inv_fx_in_zone(f, inv_fx_inst(f, "man:bastion_walker#1"), "AF"));
}

/* EX-6 variant: hero deck not empty and PR has an empty Mankind slot →
 * legal: Park goes to Mankind's discard, the walker takes its slot, then
 * Mankind places the top hero of the hero deck rotated in PR (INV-5.22). */
static void test_EX_6_variant_hero_sacrifice_and_replacement(void **state)
{
    inv_fx *f = *state;
    int park = inv_fx_unit(f, "AF", "hero_park");
    for (int i = 0; i < 3; i++)
        inv_fx_unit(f, "AF", "militia_cadre");
    for (int i = 0; i < 2; i++)
        inv_fx_unit(f, "PR", "militia_cadre");
    inv_fx_unit(f, "PR", "ranger_hovertank");
    for (int i = 0; i < 4; i++)
        inv_fx_unit(f, "EU", "ranger_hovertank");
    inv_fx_hero_deck(f, "hero_quill hero_varga");
    int walker = inv_fx_hand(f, "bastion_walker");
    inv_fx_hand(f, "rebuild_effort");
    inv_fx_hand(f, "supply_drop");
    inv_fx_main(f, MAN);
    inv_fx_sane(f);
    int quill = inv_fx_inst(f, "hero:hero_quill#1");

    inv_fx_apply(f,
                 "play bastion_walker zone=AF sacrifice=hero:hero_park#1 discard=rebuild_effort");

    assert_int_equal(inv_fx_pending(f), F_PLACE_HERO);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), park);
    assert_true(inv_fx_in_zone(f, walker, "AF"));
    inv_fx_refuse(f, "place AF", "INV-5.22");
    inv_fx_refuse(f, "place EU", "INV-5.22");
    inv_fx_apply(f, "place PR");

    assert_int_equal(inv_fx_pending(f), F_NONE);
    assert_int_equal(f->s->hero, quill);
    assert_true(inv_fx_in_zone(f, quill, "PR"));
    assert_true(f->s->iflags[quill] & IF_ROTATED);
    assert_int_equal(f->s->nhero_deck, 1);
    assert_int_equal(f->s->hero_deck[0], inv_fx_inst(f, "hero:hero_varga#1"));
}

/* EX-7. Invader tunnel_wyrm in PR; EU and AF Invader columns have space.
 * USE inv:tunnel_wyrm#1 dest=AF → rejected (PR not adjacent to AF; the
 * example cites no rule: INV-5.23 or INV-2.3). USE ... dest=EU → legal; the
 * wyrm is in EU and used_this_turn = true. */
static void test_EX_7_adjacency_of_a_move(void **state)
{
    inv_fx *f = *state;
    int wyrm = inv_fx_unit(f, "PR", "tunnel_wyrm");
    inv_fx_unit(f, "EU", "hero_quill");
    inv_fx_main(f, INV);
    inv_fx_sane(f);

    inv_fx_refuse(f, "use inv:tunnel_wyrm#1 dest=AF", "INV-2.3");
    inv_fx_apply(f, "use inv:tunnel_wyrm#1 dest=EU");

    assert_int_equal(inv_fx_pending(f), F_NONE);
    assert_true(inv_fx_in_zone(f, wyrm, "EU"));
    assert_true(f->s->iflags[wyrm] & IF_USED);
    inv_fx_refuse(f, "use inv:tunnel_wyrm#1", "INV-5.12");
}

/* EX-7, Mankind's part: ranger_hovertank in PR. OPS_CENTRE
 * unit=man:ranger_hovertank#1 zone=AF discarding 1 card (AF has an empty
 * Mankind slot) → legal (any zone). A second OPS_CENTRE in the same turn →
 * rejected (per_turn = 1, INV-5.16). */
static void test_EX_7_ops_centre_any_zone_once_per_turn(void **state)
{
    inv_fx *f = *state;
    int tank = inv_fx_unit(f, "PR", "ranger_hovertank");
    inv_fx_unit(f, "EU", "hero_quill");
    int a = inv_fx_hand(f, "militia_cadre");
    inv_fx_hand(f, "rebuild_effort");
    inv_fx_main(f, MAN);
    inv_fx_sane(f);
    int d0 = f->s->npile[MAN][L_DISCARD];

    inv_fx_apply(f, "ops man:ranger_hovertank#1 zone=AF discard=militia_cadre");

    assert_true(inv_fx_in_zone(f, tank, "AF"));
    assert_int_equal(f->s->npile[MAN][L_DISCARD], d0 + 1);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), a);
    assert_int_equal(f->s->npile[MAN][L_HAND], 1);
    inv_fx_refuse(f, "ops man:ranger_hovertank#1", "INV-5.16");
    inv_fx_refuse(f, "ops man:ranger_hovertank#1 zone=PR discard=rebuild_effort", "INV-5.16");
}

/* EX-8. Mankind's turn; Mankind hand: precision_strike + 1 other; Invader
 * hand: signal_jamming + 1 other; Invader carapace_strider in EU. Mankind PLAY
 * precision_strike target=inv:carapace_strider#1 (discards his other card);
 * Invader CANCEL signal_jamming (discards his other card); Mankind DECLINE.
 * Expected: k = 1 → cancelled; signal_jamming then precision_strike go to
 * their owners' discard piles; the strider stays; each side discarded 1 card.
 * Mankind's hand is empty by then, so no window is offered to him and the
 * chain closes as if he had declined (INV-5.18). */
static void test_EX_8_single_cancel(void **state)
{
    inv_fx *f = *state;
    int strider = inv_fx_unit(f, "EU", "carapace_strider");
    inv_fx_unit(f, "PR", "hero_quill");
    int strike = inv_fx_hand(f, "precision_strike");
    int m_other = inv_fx_hand(f, "militia_cadre");
    int jam = inv_fx_hand(f, "signal_jamming");
    int i_other = inv_fx_hand(f, "skitter_drone");
    inv_fx_main(f, MAN);
    inv_fx_sane(f);
    int inv_d0 = f->s->npile[INV][L_DISCARD], man_d0 = f->s->npile[MAN][L_DISCARD];

    inv_fx_apply(f, "play precision_strike target=inv:carapace_strider#1 discard=militia_cadre");
    assert_int_equal(inv_fx_pending(f), F_WINDOW);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), INV);
    inv_fx_apply(f, "cancel signal_jamming discard=skitter_drone");

    assert_int_equal(inv_fx_pending(f), F_NONE);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), MAN);
    assert_true(inv_fx_in_zone(f, strider, "EU"));
    assert_int_equal(f->s->npile[INV][L_DISCARD], inv_d0 + 2);
    assert_int_equal(inv_fx_discard_top(f, INV, 1), i_other);
    assert_int_equal(inv_fx_discard_top(f, INV, 0), jam);
    assert_int_equal(f->s->npile[MAN][L_DISCARD], man_d0 + 2);
    assert_int_equal(inv_fx_discard_top(f, MAN, 1), m_other);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), strike);
    assert_int_equal(f->s->npile[INV][L_HAND], 0);
    assert_int_equal(f->s->npile[MAN][L_HAND], 0);
    assert_int_equal(f->s->nchain, 0);
}

/* EX-9. As EX-8, but Mankind also holds override_protocol + 1 more card.
 * After the Invader's cancel, Mankind CANCEL override_protocol (discard 1);
 * the Invader has no cancel left (here: no card at all, so no window,
 * INV-5.18). Expected: k = 2 → the original resolves: the strider is
 * destroyed. Invader pile: signal_jamming then the strider; Mankind pile:
 * override_protocol then precision_strike; all three costs paid. */
static void test_EX_9_double_cancel(void **state)
{
    inv_fx *f = *state;
    int strider = inv_fx_unit(f, "EU", "carapace_strider");
    inv_fx_unit(f, "PR", "hero_quill");
    int strike = inv_fx_hand(f, "precision_strike");
    int m_other = inv_fx_hand(f, "militia_cadre");
    int override = inv_fx_hand(f, "override_protocol");
    int m_more = inv_fx_hand(f, "ranger_hovertank");
    int jam = inv_fx_hand(f, "signal_jamming");
    int i_other = inv_fx_hand(f, "skitter_drone");
    inv_fx_main(f, MAN);
    inv_fx_sane(f);
    int inv_d0 = f->s->npile[INV][L_DISCARD], man_d0 = f->s->npile[MAN][L_DISCARD];

    inv_fx_apply(f, "play precision_strike target=inv:carapace_strider#1 discard=militia_cadre");
    inv_fx_apply(f, "cancel signal_jamming discard=skitter_drone");
    assert_int_equal(inv_fx_pending(f), F_WINDOW);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), MAN);
    inv_fx_apply(f, "cancel override_protocol discard=ranger_hovertank");

    assert_int_equal(inv_fx_pending(f), F_NONE);
    assert_int_equal(f->s->npile[INV][L_DISCARD], inv_d0 + 3);
    assert_int_equal(inv_fx_discard_top(f, INV, 2), i_other);
    assert_int_equal(inv_fx_discard_top(f, INV, 1), jam);
    assert_int_equal(inv_fx_discard_top(f, INV, 0), strider);
    assert_int_equal(f->s->npile[MAN][L_DISCARD], man_d0 + 4);
    assert_int_equal(inv_fx_discard_top(f, MAN, 3), m_other);
    assert_int_equal(inv_fx_discard_top(f, MAN, 2), m_more);
    assert_int_equal(inv_fx_discard_top(f, MAN, 1), override);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), strike);
    assert_int_equal(f->s->ncol[INV][inv_fx_zone(f, "EU")], 0);
}

/* EX-10. Invader turn, Attack step; no shields.
 *  PR: Invader siege_colossus (5) + skitter_drone (1) → A = 6; 1 token →
 *      power 3; Mankind ranger_hovertank (2) → D = 5 → Mankind drains 1.
 *  EU: carapace_strider (2+1) + hive_overseer (2) → A = 5; 2 tokens → power
 *      4; hero_quill (4) rotated + militia_cadre (1) → D = 5 → tie.
 *  AF: blight_seeder (0) → A = 0; D = 4 → nothing.
 * Expected: exactly 1 card drained; flag true; the marker stays at 10. */
static void test_EX_10_attack_resolution(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "siege_colossus");
    inv_fx_unit(f, "PR", "skitter_drone");
    inv_fx_unit(f, "PR", "ranger_hovertank");
    inv_fx_tokens(f, "PR", 1);
    int strider = inv_fx_unit(f, "EU", "carapace_strider");
    inv_fx_unit(f, "EU", "hive_overseer");
    int quill = inv_fx_unit(f, "EU", "hero_quill");
    inv_fx_unit(f, "EU", "militia_cadre");
    inv_fx_tokens(f, "EU", 2);
    inv_fx_unit(f, "AF", "blight_seeder");
    f->s->iflags[quill] |= IF_ROTATED; /* entered this turn as a replacement */
    inv_fx_deck_size(f, MAN, 30);
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    int top = inv_fx_deck_top(f, MAN, 0);
    int d0 = f->s->npile[MAN][L_DISCARD];
    assert_int_equal(inv_fx_power(f, strider), 3);

    inv_fx_apply(f, "pass");
    assert_int_equal(inv_fx_pending(f), F_ATTACK_WINDOW); /* man_bulwark is dormant */
    inv_fx_apply(f, "decline");

    int a, d, drain;
    attack_of(f, INV, 0, &a, &d, &drain);
    assert_int_equal(a, 6);
    assert_int_equal(d, 5);
    assert_int_equal(drain, 1);
    attack_of(f, INV, 1, &a, &d, &drain);
    assert_int_equal(a, 5);
    assert_int_equal(d, 5);
    assert_int_equal(drain, 0);
    attack_of(f, INV, 2, &a, &d, &drain);
    assert_int_equal(a, 0);
    assert_int_equal(d, 4);
    assert_int_equal(drain, 0);
    assert_int_equal(inv_fx_events(f, E_DRAIN), 1);
    assert_int_equal(f->s->npile[MAN][L_DISCARD], d0 + 1);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), top);
    assert_int_equal(checked_flag(f), 1);
    assert_int_equal(f->s->plot, 10);
    /* the game went on to Mankind's turn: 30 − 1 drained − 2 drawn */
    assert_int_equal(f->s->active, MAN);
    assert_int_equal(f->s->step, S_MAIN);
    assert_int_equal(f->s->npile[MAN][L_DECK], 27);
    assert_false(f->s->iflags[quill] & IF_ROTATED);
}

/* EX-11. Invader turn; no Invader units in play; Mankind deck 30. The Invader
 * plays nothing and PASSes: every zone A = 0 → no drain; INV-4.7.3 moves the
 * marker 10 → 9. */
static void test_EX_11_check_inflicted_drain(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "EU", "hero_quill");
    inv_fx_deck_size(f, MAN, 30);
    inv_fx_main(f, INV);
    inv_fx_sane(f);

    inv_fx_apply(f, "pass");
    inv_fx_apply(f, "decline");

    assert_int_equal(inv_fx_events(f, E_DRAIN), 0);
    assert_int_equal(checked_flag(f), 0);
    assert_int_equal(f->s->plot, 9);
    assert_int_equal(f->s->active, MAN);
    assert_int_equal(f->s->npile[MAN][L_DECK], 28); /* his two draws only */
}

/* EX-11 variant: in Main the Invader plays harvest_raid (discard 1) → Mankind
 * drains 2; attacks inflict nothing; the marker stays at 10. */
static void test_EX_11_variant_harvest_raid_counts(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "EU", "hero_quill");
    int raid = inv_fx_hand(f, "harvest_raid");
    inv_fx_hand(f, "skitter_drone");
    inv_fx_deck_size(f, MAN, 30);
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    int t0 = inv_fx_deck_top(f, MAN, 0), t1 = inv_fx_deck_top(f, MAN, 1);
    int d0 = f->s->npile[MAN][L_DISCARD];

    inv_fx_apply(f, "play harvest_raid reduce=none discard=skitter_drone");

    assert_int_equal(f->s->npile[MAN][L_DECK], 28);
    assert_int_equal(f->s->npile[MAN][L_DISCARD], d0 + 2);
    assert_int_equal(inv_fx_discard_top(f, MAN, 1), t0);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), t1);
    assert_int_equal(inv_fx_discard_top(f, INV, 0), raid);
    assert_int_equal(f->s->mankind_drained, 1);

    inv_fx_apply(f, "pass");
    inv_fx_apply(f, "decline");

    assert_int_equal(inv_fx_events(f, E_DRAIN), 0);
    assert_int_equal(checked_flag(f), 1);
    assert_int_equal(f->s->plot, 10);
}

/* EX-12. Mankind deep_vault in PR with 6 counters. Invader turn: the PR attack
 * gives A − D = 2; no other drain this turn. Mankind SHIELD 2: 2 counters
 * removed (4 left), no card drained, flag false → the marker moves down 1. */
static void build_ex12(inv_fx *f)
{
    inv_fx_unit(f, "PR", "siege_colossus");
    inv_fx_unit(f, "PR", "carapace_strider");
    int vault = inv_fx_unit(f, "PR", "deep_vault");
    assert_int_equal(f->s->counters[vault], 6);
    inv_fx_unit(f, "EU", "hero_quill");
    inv_fx_deck_size(f, MAN, 20);
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    inv_fx_apply(f, "pass");
    inv_fx_apply(f, "decline");
    assert_int_equal(inv_fx_pending(f), F_SHIELD);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), MAN);
    int a, d, drain;
    attack_of(f, INV, 0, &a, &d, &drain);
    assert_int_equal(a - d, 2);
    assert_int_equal(drain, 2);
}

static void test_EX_12_shielded_drain_counts_as_failure(void **state)
{
    inv_fx *f = *state;
    build_ex12(f);
    int vault = inv_fx_inst(f, "man:deep_vault#1");
    int d0 = f->s->npile[MAN][L_DISCARD];

    inv_fx_refuse(f, "shield 3", "INV-5.19");
    inv_fx_apply(f, "shield 2");

    assert_int_equal(f->s->counters[vault], 4);
    assert_int_equal(inv_fx_events(f, E_DRAIN), 0);
    assert_int_equal(f->s->npile[MAN][L_DISCARD], d0);
    assert_int_equal(checked_flag(f), 0);
    assert_int_equal(f->s->plot, 9);
    assert_int_equal(f->s->npile[MAN][L_DECK], 18); /* only his two draws */
}

/* EX-12 variant: SHIELD 1 → 1 card drained → flag true → the marker stays. */
static void test_EX_12_variant_partial_shield(void **state)
{
    inv_fx *f = *state;
    build_ex12(f);
    int vault = inv_fx_inst(f, "man:deep_vault#1");
    int d0 = f->s->npile[MAN][L_DISCARD];

    inv_fx_apply(f, "shield 1");

    assert_int_equal(f->s->counters[vault], 5);
    assert_int_equal(inv_fx_events(f, E_DRAIN), 1);
    assert_int_equal(f->s->npile[MAN][L_DISCARD], d0 + 1);
    assert_int_equal(checked_flag(f), 1);
    assert_int_equal(f->s->plot, 10);
    assert_int_equal(f->s->npile[MAN][L_DECK], 17);
}

/* EX-13. Invader turn, plot = 10; hand: siege_colossus + 1 other. PLAY
 * siege_colossus zone=EU reduce=discard: the marker 10 → 9 at declaration;
 * the cost becomes discard 1 + drain 1; paid; the colossus in EU. Then
 * PLOT_ACTION DRAW → rejected (already used this turn, INV-5.15). */
static void test_EX_13_plot_reduce_once_per_turn(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    int colossus = inv_fx_hand(f, "siege_colossus");
    int other = inv_fx_hand(f, "skitter_drone");
    inv_fx_deck_size(f, INV, 20);
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    int top = inv_fx_deck_top(f, INV, 0);
    int d0 = f->s->npile[INV][L_DISCARD];

    inv_fx_apply(f, "play siege_colossus");
    inv_fx_apply(f, "zone EU");
    assert_int_equal(inv_fx_pending(f), F_DECLARE); /* INV-5.3: the reduction is declared last */
    inv_fx_apply(f, "reduce discard");
    assert_int_equal(f->s->plot, 9); /* at declaration, before any cost */
    assert_int_equal(f->s->plot_used, 1);
    assert_int_equal(f->s->npile[INV][L_DISCARD], d0);

    inv_fx_apply(f, "discard skitter_drone");

    assert_int_equal(inv_fx_pending(f), F_NONE);
    assert_true(inv_fx_in_zone(f, colossus, "EU"));
    assert_int_equal(f->s->npile[INV][L_DISCARD], d0 + 2);
    assert_int_equal(inv_fx_discard_top(f, INV, 1), other);
    assert_int_equal(inv_fx_discard_top(f, INV, 0), top);
    assert_int_equal(f->s->npile[INV][L_DECK], 19);
    assert_int_equal(f->s->plot, 9);

    inv_fx_refuse(f, "plot draw", "INV-5.15");
}

/* EX-14. Invader turn, plot = 1. PLOT_ACTION DRAW: the Invader draws 1, the
 * marker goes to 0, game over: winner Mankind, reason PLOT_ZERO. */
static void test_EX_14_plot_action_ends_the_game(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    inv_fx_deck_size(f, INV, 20);
    inv_fx_main(f, INV);
    f->s->plot = 1;
    inv_fx_sane(f);
    int top = inv_fx_deck_top(f, INV, 0);

    inv_fx_apply(f, "PLOT_ACTION DRAW");

    assert_int_equal(f->s->npile[INV][L_HAND], 1);
    assert_true(inv_fx_in_hand(f, INV, top));
    assert_int_equal(f->s->npile[INV][L_DECK], 19);
    assert_int_equal(f->s->plot, 0);
    assert_over(f, MAN, R_PLOT_ZERO, S_MAIN);
}

/* EX-15. Start of Mankind's turn; Mankind deck 1 card. Mankind draws 1; the
 * second required draw fails → winner Invader, MANKIND_DECK_OUT, step DRAW.
 * (Reached by the Invader passing a turn with nothing in play.) */
static void test_EX_15_draw_from_empty_deck(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    inv_fx_deck_size(f, MAN, 1);
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    int top = inv_fx_deck_top(f, MAN, 0);

    inv_fx_apply(f, "pass");
    inv_fx_apply(f, "decline");

    assert_int_equal(f->s->active, MAN);
    assert_int_equal(f->s->npile[MAN][L_HAND], 1);
    assert_true(inv_fx_in_hand(f, MAN, top));
    assert_int_equal(f->s->npile[MAN][L_DECK], 0);
    assert_over(f, INV, R_MANKIND_DECK_OUT, S_DRAW);
}

/* EX-16. Invader Attack step; Mankind deck 2 cards, no shields; PR: A − D = 3;
 * EU: A − D = 5. In PR Mankind drains 2, the third fails → winner Invader
 * (MANKIND_DECK_OUT); EU is never resolved. */
static void test_EX_16_attack_drain_exceeds_deck(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "siege_colossus");
    inv_fx_unit(f, "PR", "carapace_strider"); /* 7 against 4 */
    inv_fx_unit(f, "EU", "siege_colossus");
    inv_fx_unit(f, "EU", "tunnel_wyrm");
    inv_fx_unit(f, "EU", "tunnel_wyrm"); /* 11 against 6 */
    inv_fx_unit(f, "AF", "hero_quill");
    inv_fx_deck_size(f, MAN, 2);
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    int d0 = f->s->npile[MAN][L_DISCARD];

    inv_fx_apply(f, "pass");
    inv_fx_apply(f, "decline");

    int a, d, drain;
    attack_of(f, INV, 0, &a, &d, &drain);
    assert_int_equal(drain, 3);
    assert_int_equal(inv_fx_events(f, E_ATTACK), 1); /* EU never resolved */
    assert_int_equal(inv_fx_events(f, E_DRAIN), 2);
    assert_int_equal(f->s->npile[MAN][L_DECK], 0);
    assert_int_equal(f->s->npile[MAN][L_DISCARD], d0 + 2);
    assert_over(f, INV, R_MANKIND_DECK_OUT, S_ATTACK);
}

/* EX-17. Invader turn; Invader hand cataclysm_protocol + 1 other; Invader deck
 * 1 card; Mankind deck 2 cards. PLAY cataclysm_protocol (discard 1), no
 * cancel: Mankind drains 2 then fails the third; the Invader drains 1 then
 * fails; both failures belong to one primitive → winner Mankind,
 * SIMULTANEOUS. */
static void build_ex17(inv_fx *f, int inv_deck, int man_deck)
{
    inv_fx_unit(f, "PR", "hero_quill");
    inv_fx_hand(f, "cataclysm_protocol");
    inv_fx_hand(f, "skitter_drone");
    inv_fx_deck_size(f, INV, inv_deck);
    inv_fx_deck_size(f, MAN, man_deck);
    inv_fx_main(f, INV);
    inv_fx_sane(f);
}

static void test_EX_17_simultaneous_destruction(void **state)
{
    inv_fx *f = *state;
    build_ex17(f, 1, 2);
    int man_d0 = f->s->npile[MAN][L_DISCARD];

    inv_fx_apply(f, "play cataclysm_protocol reduce=none discard=skitter_drone");

    assert_int_equal(f->s->npile[MAN][L_DECK], 0);
    assert_int_equal(f->s->npile[MAN][L_DISCARD], man_d0 + 2);
    assert_int_equal(f->s->npile[INV][L_DECK], 0);
    assert_over(f, MAN, R_SIMULTANEOUS, S_MAIN);
}

/* EX-17 variant: Invader deck 5 → only Mankind failed → winner Invader
 * (MANKIND_DECK_OUT). */
static void test_EX_17_variant_only_mankind_fails(void **state)
{
    inv_fx *f = *state;
    build_ex17(f, 5, 2);

    inv_fx_apply(f, "play cataclysm_protocol reduce=none discard=skitter_drone");

    assert_int_equal(f->s->npile[MAN][L_DECK], 0);
    assert_int_equal(f->s->npile[INV][L_DECK], 2);
    assert_over(f, INV, R_MANKIND_DECK_OUT, S_MAIN);
}

/* EX-17 variant: Mankind deck 3, Invader deck 5 → both drain 3 without
 * failing; Mankind's deck is now empty but the game goes on (INV-9.1). */
static void test_EX_17_variant_empty_deck_is_not_a_loss(void **state)
{
    inv_fx *f = *state;
    build_ex17(f, 5, 3);

    inv_fx_apply(f, "play cataclysm_protocol reduce=none discard=skitter_drone");

    assert_int_equal(f->s->npile[MAN][L_DECK], 0);
    assert_int_equal(f->s->npile[INV][L_DECK], 2);
    assert_playing(f);
    assert_int_equal(f->s->step, S_MAIN);
    assert_int_equal(inv_fx_pending(f), F_NONE);
    assert_int_equal(f->s->mankind_drained, 1);
}

/* EX-18. Invader Main; hero_quill (4) upright in AF; hero deck 2 heroes with
 * hero_anand on top; AF Invader siege_colossus (5) only; AF power 4; Invader
 * hand: orbital_lance + 2 others. PLAY orbital_lance target=hero:hero_quill#1
 * (discarding both others), no cancel: Quill to Mankind's discard; Mankind
 * places hero_anand rotated, choosing AF. Attack on AF: A = 5, D = 4 + 0 = 4 →
 * Mankind drains 1. At the start of Mankind's next turn Anand is upright. */
static void test_EX_18_hero_destroyed_rotated_replacement(void **state)
{
    inv_fx *f = *state;
    int quill = inv_fx_unit(f, "AF", "hero_quill");
    inv_fx_unit(f, "AF", "siege_colossus");
    inv_fx_hero_deck(f, "hero_anand hero_varga");
    int lance = inv_fx_hand(f, "orbital_lance");
    inv_fx_hand(f, "skitter_drone");
    inv_fx_hand(f, "carapace_strider");
    inv_fx_deck_size(f, MAN, 20);
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    int anand = inv_fx_inst(f, "hero:hero_anand#1");

    inv_fx_apply(f, "play orbital_lance reduce=none target=hero:hero_quill#1 discard=skitter_drone "
                    "discard=carapace_strider");

    assert_int_equal(inv_fx_pending(f), F_PLACE_HERO);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), MAN);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), quill);
    assert_int_equal(inv_fx_loc(f, lance), L_LIMBO); /* discarded once its effects are done */
    inv_fx_apply(f, "place AF");

    assert_int_equal(inv_fx_discard_top(f, INV, 0), lance);

    assert_int_equal(f->s->hero, anand);
    assert_true(inv_fx_in_zone(f, anand, "AF"));
    assert_true(f->s->iflags[anand] & IF_ROTATED);
    assert_int_equal(f->s->nhero_deck, 1);

    inv_fx_apply(f, "pass");
    inv_fx_apply(f, "decline");

    int a, d, drain;
    attack_of(f, INV, 2, &a, &d, &drain);
    assert_int_equal(a, 5);
    assert_int_equal(d, 4);
    assert_int_equal(drain, 1);
    assert_int_equal(checked_flag(f), 1);
    assert_int_equal(f->s->plot, 10);
    assert_int_equal(f->s->active, MAN);
    assert_int_equal(f->s->step, S_MAIN);
    assert_false(f->s->iflags[anand] & IF_ROTATED);
    assert_int_equal(f->s->npile[MAN][L_DECK], 17);
}

/* EX-19. Hero deck empty; current hero hero_park in EU. Invader PLAY
 * orbital_lance target=hero:hero_park#1: as Park leaves play there is no
 * replacement → winner Invader, HEROES_EXHAUSTED. */
static void test_EX_19_last_hero(void **state)
{
    inv_fx *f = *state;
    int park = inv_fx_unit(f, "EU", "hero_park");
    inv_fx_hero_deck(f, "");
    inv_fx_hand(f, "orbital_lance");
    inv_fx_hand_n(f, "skitter_drone", 2);
    inv_fx_main(f, INV);
    inv_fx_sane(f);

    inv_fx_apply(f, "play orbital_lance reduce=none target=hero:hero_park#1 discard=skitter_drone "
                    "discard=skitter_drone");

    assert_int_equal(inv_fx_discard_top(f, MAN, 0), park);
    assert_int_equal(f->s->hero, INV_NONE);
    assert_over(f, INV, R_HEROES_EXHAUSTED, S_MAIN);
}

/* EX-20. EU base 6 with 5 tokens (power 1); PR power 0 (4 tokens); AF power 2;
 * the supply has tokens. Invader PLAY crust_cracker zone=EU (discard 1; damage
 * 2): 1 token placed (EU power 0); the second is ignored (INV-2.5) → Invader
 * wins, ZONES_COLLAPSED. */
static void build_ex20(inv_fx *f)
{
    inv_fx_unit(f, "EU", "hero_quill");
    inv_fx_tokens(f, "EU", 5);
    inv_fx_tokens(f, "PR", 4);
    inv_fx_tokens(f, "AF", 2);
    inv_fx_hand(f, "crust_cracker");
    inv_fx_hand(f, "skitter_drone");
    inv_fx_main(f, INV);
    inv_fx_sane(f);
}

static void test_EX_20_zone_collapse_and_token_floor(void **state)
{
    inv_fx *f = *state;
    build_ex20(f);

    /* INV-2.21: a zone at power 0 cannot be chosen while others have power */
    inv_fx_refuse(f, "play crust_cracker reduce=none zone=PR discard=skitter_drone", "INV-2.21");
    inv_fx_apply(f, "play crust_cracker reduce=none zone=EU discard=skitter_drone");

    assert_int_equal(f->s->tokens[inv_fx_zone(f, "EU")], 6);
    assert_int_equal(inv_zone_power(f->c, f->s, inv_fx_zone(f, "EU")), 0);
    assert_int_equal(f->s->supply, 20 - 12);
    assert_over(f, INV, R_ZONES_COLLAPSED, S_MAIN);
}

/* EX-20 variant: target AF instead → AF power 0 and PR power 0 → Invader
 * wins, ZONES_COLLAPSED. */
static void test_EX_20_variant_pacific_and_africa(void **state)
{
    inv_fx *f = *state;
    build_ex20(f);

    inv_fx_apply(f, "play crust_cracker reduce=none zone=AF discard=skitter_drone");

    assert_int_equal(f->s->tokens[inv_fx_zone(f, "AF")], 4);
    assert_int_equal(f->s->tokens[inv_fx_zone(f, "EU")], 5);
    assert_int_equal(f->s->supply, 20 - 13);
    assert_over(f, INV, R_ZONES_COLLAPSED, S_MAIN);
}

/* EX-20 variant: PR 0, AF 2, EU 1, the Invader plays skitter_drone → no win. */
static void test_EX_20_variant_no_collapse(void **state)
{
    inv_fx *f = *state;
    build_ex20(f);

    inv_fx_apply(f, "play skitter_drone zone=PR");

    assert_playing(f);
    assert_int_equal(f->s->step, S_MAIN);
    assert_true(inv_fx_in_zone(f, inv_fx_inst(f, "inv:skitter_drone#1"), "PR"));
}

/* EX-21. Invader Attack step; PR would give A − D = 4, EU A − D = 1; Mankind
 * man_bulwark DORMANT. In the attack window Mankind REACT_STRATEGY man_bulwark
 * zone=PR: PR inflicts nothing; EU inflicts 1 → flag true → the marker stays.
 * Bulwark is ENABLED for the rest of the game; the next Invader turn it is
 * not offered. */
static void test_EX_21_reaction_strategy(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "siege_colossus");
    inv_fx_unit(f, "PR", "carapace_strider");
    inv_fx_unit(f, "PR", "skitter_drone"); /* 8 against 4 */
    inv_fx_unit(f, "EU", "siege_colossus");
    inv_fx_unit(f, "EU", "tunnel_wyrm"); /* 8 against 6 + 1 */
    inv_fx_unit(f, "EU", "militia_cadre");
    inv_fx_unit(f, "AF", "hero_quill");
    inv_fx_deck_size(f, MAN, 20);
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    int bulwark = inv_fx_strat(f, "man_bulwark");

    inv_fx_apply(f, "pass");
    assert_int_equal(inv_fx_pending(f), F_ATTACK_WINDOW);
    assert_true(inv_fx_offered(f, "strategy man_bulwark"));
    inv_fx_apply(f, "REACT_STRATEGY man_bulwark zone=PR");

    int a, d, drain;
    attack_of(f, INV, 0, &a, &d, &drain);
    assert_int_equal(a - d, 4);
    assert_int_equal(drain, -1); /* shielded */
    attack_of(f, INV, 1, &a, &d, &drain);
    assert_int_equal(drain, 1);
    assert_int_equal(inv_fx_events(f, E_DRAIN), 1);
    assert_int_equal(checked_flag(f), 1);
    assert_int_equal(f->s->plot, 10);
    assert_int_equal(f->s->strat_enabled[bulwark], 1);
    assert_int_equal(f->s->shielded, 0); /* cleared at the End step */
    assert_int_equal(f->s->active, MAN);
    assert_int_equal(f->s->npile[MAN][L_DECK], 17);

    /* Mankind's turn: nothing to do; the next Invader turn offers no window */
    inv_fx_apply(f, "pass");
    assert_int_equal(f->s->active, INV);
    assert_int_equal(f->s->step, S_MAIN);
    inv_fx_apply(f, "pass");
    assert_int_equal(inv_fx_events(f, E_ATTACK), 3);
    assert_int_equal(f->s->active, MAN);
    assert_int_equal(f->s->step, S_MAIN);
    assert_int_equal(f->s->head.turn, 4);
    assert_int_equal(f->s->npile[MAN][L_DECK], 17 - 5 - 2); /* PR 4 + EU 1, then his draws */
}

/* EX-21, last sentence: in Mankind's own Main step man_bulwark is never
 * offered (timing OPPONENT_ATTACK_START, INV-5.14). */
static void test_EX_21_reaction_strategy_not_in_own_main(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    inv_fx_main(f, MAN);
    inv_fx_sane(f);

    assert_false(inv_fx_offered(f, "strategy man_bulwark"));
    assert_true(inv_fx_offered(f, "strategy man_mobilisation"));
    inv_fx_refuse(f, "strategy man_bulwark", "INV-5.14");
}

/* EX-22. Invader Main, plot = 11. STRATEGY inv_plot_surge: plot = 12 (the
 * second step is lost); the strategy is ENABLED; a second STRATEGY
 * inv_plot_surge later → rejected (INV-5.14). */
static void test_EX_22_plot_cap(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    inv_fx_main(f, INV);
    f->s->plot = 11;
    inv_fx_sane(f);

    inv_fx_apply(f, "strategy inv_plot_surge");

    assert_int_equal(f->s->plot, 12);
    assert_int_equal(f->s->strat_enabled[inv_fx_strat(f, "inv_plot_surge")], 1);
    assert_playing(f);
    inv_fx_refuse(f, "strategy inv_plot_surge", "INV-5.14");
}

/* EX-23. Mankind Main; serum_project in AF with 4 counters, used_this_turn
 * false; hand 2 cards. USE man:serum_project#1 discarding 1: counters 5 →
 * winner Mankind, CARD_WIN. */
static void test_EX_23_card_win(void **state)
{
    inv_fx *f = *state;
    int serum = inv_fx_unit(f, "AF", "serum_project");
    f->s->counters[serum] = 4;
    inv_fx_unit(f, "PR", "hero_quill");
    inv_fx_hand_n(f, "militia_cadre", 2);
    inv_fx_main(f, MAN);
    inv_fx_sane(f);

    inv_fx_apply(f, "use man:serum_project#1 discard=militia_cadre");

    assert_int_equal(f->s->counters[serum], 5);
    assert_int_equal(f->s->npile[MAN][L_HAND], 1);
    assert_over(f, MAN, R_CARD_WIN, S_MAIN);
}

/* EX-24. Invader Main; hand spore_mortar + 1 other. PLAY spore_mortar zone=PR
 * (discard 1), then USE inv:spore_mortar#1 → Mankind drains 1 (flag true). A
 * second USE this turn → rejected. In Mankind's next turn the mortar cannot be
 * used (not the controller's turn). In the Invader's following turn it can be
 * used again. */
static void test_EX_24_same_turn_use_once_per_turn(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "EU", "hero_quill");
    int mortar = inv_fx_hand(f, "spore_mortar");
    inv_fx_hand(f, "skitter_drone");
    inv_fx_deck_size(f, MAN, 20);
    inv_fx_main(f, INV);
    inv_fx_sane(f);

    inv_fx_apply(f, "play spore_mortar reduce=none zone=PR discard=skitter_drone");
    assert_true(inv_fx_in_zone(f, mortar, "PR"));
    inv_fx_apply(f, "use inv:spore_mortar#1");
    assert_int_equal(f->s->npile[MAN][L_DECK], 19);
    assert_int_equal(f->s->mankind_drained, 1);
    inv_fx_refuse(f, "use inv:spore_mortar#1", "INV-5.12");

    inv_fx_apply(f, "pass");
    inv_fx_apply(f, "decline");
    assert_int_equal(checked_flag(f), 1);
    assert_int_equal(f->s->plot, 10);
    assert_int_equal(f->s->active, MAN);
    inv_fx_refuse(f, "use inv:spore_mortar#1", "INV-5.12");

    inv_fx_apply(f, "pass");
    assert_int_equal(f->s->active, INV);
    assert_int_equal(f->s->step, S_MAIN);
    int deck = f->s->npile[MAN][L_DECK];
    inv_fx_apply(f, "use inv:spore_mortar#1");
    assert_int_equal(f->s->npile[MAN][L_DECK], deck - 1);
    assert_int_equal(f->s->mankind_drained, 1);
}

/* EX-25. Mankind Main; AF Mankind counterstrike_array (2) + bastion_walker
 * (3); AF Invader skitter_drone (1); Invader deck 3 cards. USE
 * man:counterstrike_array#1: M = 5, I = 1 → the Invader must drain 4; he
 * drains 3 and fails → winner Mankind, INVADER_DECK_OUT. */
static void build_ex25(inv_fx *f, int inv_deck)
{
    inv_fx_unit(f, "AF", "counterstrike_array");
    inv_fx_unit(f, "AF", "bastion_walker");
    inv_fx_unit(f, "AF", "skitter_drone");
    inv_fx_unit(f, "PR", "hero_quill");
    inv_fx_deck_size(f, INV, inv_deck);
    inv_fx_main(f, MAN);
    inv_fx_sane(f);
}

static void test_EX_25_counter_attack_deck_out(void **state)
{
    inv_fx *f = *state;
    build_ex25(f, 3);
    int d0 = f->s->npile[INV][L_DISCARD];

    inv_fx_apply(f, "use man:counterstrike_array#1");

    int m, i, drain;
    attack_of(f, MAN, inv_fx_zone(f, "AF"), &m, &i, &drain);
    assert_int_equal(m, 5);
    assert_int_equal(i, 1);
    assert_int_equal(drain, 4);
    assert_int_equal(f->s->npile[INV][L_DECK], 0);
    assert_int_equal(f->s->npile[INV][L_DISCARD], d0 + 3);
    assert_over(f, MAN, R_INVADER_DECK_OUT, S_MAIN);
}

/* EX-25 variant: Invader deck 10 → deck 6, the game continues; Mankind's
 * drained flag is irrelevant (Mankind's turn). */
static void test_EX_25_variant_counter_attack_continues(void **state)
{
    inv_fx *f = *state;
    build_ex25(f, 10);

    inv_fx_apply(f, "use man:counterstrike_array#1");

    assert_int_equal(f->s->npile[INV][L_DECK], 6);
    assert_playing(f);
    assert_int_equal(f->s->step, S_MAIN);
    assert_int_equal(f->s->active, MAN);
    assert_int_equal(f->s->mankind_drained, 0);
}

/* EX-26. Invader brood_nest in EU; Mankind deck 20. Invader turn: Start step →
 * Mankind drains 1 (flag true). The Invader plays nothing; attacks inflict
 * nothing. The marker stays. In Mankind's turns the nest never triggers.
 * (Starts in Mankind's Main step so that the engine runs the Invader's Start
 * step.) */
static void test_EX_26_start_of_turn_counts_for_the_check(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "EU", "brood_nest");
    inv_fx_unit(f, "PR", "hero_quill");
    inv_fx_deck_size(f, MAN, 20);
    inv_fx_main(f, MAN);
    inv_fx_sane(f);
    int top = inv_fx_deck_top(f, MAN, 0);

    inv_fx_apply(f, "pass"); /* → the Invader's turn 3 */
    assert_int_equal(f->s->active, INV);
    assert_int_equal(f->s->step, S_MAIN);
    assert_int_equal(inv_fx_events(f, E_DRAIN), 1);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), top);
    assert_int_equal(f->s->npile[MAN][L_DECK], 19);
    assert_int_equal(f->s->mankind_drained, 1);

    inv_fx_apply(f, "pass");
    inv_fx_apply(f, "decline"); /* → Mankind's turn 4 */
    assert_int_equal(checked_flag(f), 1);
    assert_int_equal(f->s->plot, 10);
    assert_int_equal(f->s->active, MAN);
    assert_int_equal(inv_fx_events(f, E_DRAIN), 0); /* no trigger in Mankind's turn */
    assert_int_equal(f->s->npile[MAN][L_DECK], 17);

    inv_fx_apply(f, "pass"); /* → the Invader's turn 5: again */
    assert_int_equal(inv_fx_events(f, E_DRAIN), 1);
    assert_int_equal(f->s->npile[MAN][L_DECK], 16);
}

/* EX-27. Mankind hand 1 card. Invader STRATEGY inv_neural_blackout: Mankind
 * discards his single card; no error; flags.mankind_drained unaffected. */
static void test_EX_27_forced_discard_as_much_as_possible(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    int card = inv_fx_hand(f, "militia_cadre");
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    int deck = f->s->npile[MAN][L_DECK];

    inv_fx_apply(f, "strategy inv_neural_blackout");
    assert_int_equal(inv_fx_pending(f), F_DISCARD_HAND);
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), MAN);
    inv_fx_apply(f, "discard militia_cadre");

    assert_int_equal(inv_fx_pending(f), F_NONE);
    assert_int_equal(f->s->npile[MAN][L_HAND], 0);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), card);
    assert_int_equal(f->s->npile[MAN][L_DECK], deck);
    assert_int_equal(f->s->mankind_drained, 0);
    assert_int_equal(f->s->strat_enabled[inv_fx_strat(f, "inv_neural_blackout")], 1);
    assert_int_equal(f->s->active, INV);
    assert_int_equal(f->s->step, S_MAIN);
}

/* EX-28. Mankind Main; hero_varga (mobile) upright in PR; the EU Mankind
 * column has space. MOVE_HERO zone=AF → rejected (not adjacent; the example
 * cites no rule: INV-2.3 or INV-5.17). MOVE_HERO zone=EU → legal; Varga stays
 * upright. A second MOVE_HERO this turn → rejected (INV-5.17). */
static void test_EX_28_moving_a_hero(void **state)
{
    inv_fx *f = *state;
    int varga = inv_fx_unit(f, "PR", "hero_varga");
    inv_fx_main(f, MAN);
    inv_fx_sane(f);

    inv_fx_refuse(f, "move_hero zone=AF", "INV-2.3");
    inv_fx_apply(f, "move_hero zone=EU");

    assert_true(inv_fx_in_zone(f, varga, "EU"));
    assert_int_equal(f->s->hero, varga);
    assert_false(f->s->iflags[varga] & IF_ROTATED);
    inv_fx_refuse(f, "move_hero", "INV-5.17");
    inv_fx_refuse(f, "move_hero zone=PR", "INV-5.17");
}

/* EX-28 variant: hero_anand (mobile) rotated after using its ability →
 * MOVE_HERO rejected (INV-5.17); OPS_CENTRE may still move it. */
static void test_EX_28_variant_rotated_hero_moves_by_ops_centre(void **state)
{
    inv_fx *f = *state;
    int anand = inv_fx_unit(f, "EU", "hero_anand");
    int drone = inv_fx_unit(f, "EU", "skitter_drone");
    inv_fx_hand(f, "militia_cadre");
    inv_fx_main(f, MAN);
    inv_fx_sane(f);

    inv_fx_apply(f, "use hero:hero_anand#1 target=inv:skitter_drone#1");
    assert_true(f->s->iflags[anand] & IF_ROTATED);
    assert_int_equal(inv_fx_discard_top(f, INV, 0), drone);

    inv_fx_refuse(f, "move_hero", "INV-5.17");
    inv_fx_refuse(f, "move_hero zone=PR", "INV-5.17");
    inv_fx_apply(f, "ops hero:hero_anand#1 zone=AF discard=militia_cadre");

    assert_true(inv_fx_in_zone(f, anand, "AF"));
    assert_int_equal(f->s->hero, anand);
    assert_true(f->s->iflags[anand] & IF_ROTATED); /* a move keeps rotation */
}

/* EX-29. Mankind Main; PR 2 tokens, EU 1 token, AF 0. STRATEGY
 * man_reconstruction choosing PR, PR, EU: all three tokens removed; supply +3.
 * A choice of AF for any token is rejected while tokens remain elsewhere
 * (INV-2.21). */
static void test_EX_29_zone_repair_split(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    inv_fx_tokens(f, "PR", 2);
    inv_fx_tokens(f, "EU", 1);
    inv_fx_main(f, MAN);
    inv_fx_sane(f);

    inv_fx_apply(f, "strategy man_reconstruction");
    assert_int_equal(inv_fx_pending(f), F_SPLIT_REPAIR);
    inv_fx_refuse(f, "zone AF", "INV-2.21");
    inv_fx_apply(f, "zone PR");
    inv_fx_refuse(f, "zone AF", "INV-2.21");
    inv_fx_apply(f, "zone PR");
    inv_fx_refuse(f, "zone AF", "INV-2.21");
    inv_fx_refuse(f, "zone PR", "INV-2.21");
    inv_fx_apply(f, "zone EU");

    assert_int_equal(inv_fx_pending(f), F_NONE);
    for (int z = 0; z < INV_NZ; z++)
        assert_int_equal(f->s->tokens[z], 0);
    assert_int_equal(f->s->supply, 20);
    assert_int_equal(f->s->strat_enabled[inv_fx_strat(f, "man_reconstruction")], 1);
}

/* EX-30. Invader Main; the Invader plays carapace_strider; Mankind answers
 * with override_protocol (discard 1). Later in that turn nothing else drains
 * Mankind: flags.mankind_drained false → the marker moves down 1 at the check
 * (a discard cost is not a drain, INV-9.3). */
static void test_EX_30_cost_in_opponents_turn_is_not_inflicted(void **state)
{
    inv_fx *f = *state;
    inv_fx_unit(f, "PR", "hero_quill");
    int strider = inv_fx_hand(f, "carapace_strider");
    inv_fx_hand(f, "skitter_drone");
    int override = inv_fx_hand(f, "override_protocol");
    int other = inv_fx_hand(f, "militia_cadre");
    inv_fx_deck_size(f, MAN, 20);
    inv_fx_main(f, INV);
    inv_fx_sane(f);
    int man_d0 = f->s->npile[MAN][L_DISCARD];

    inv_fx_apply(f, "play carapace_strider reduce=none zone=EU discard=skitter_drone");
    assert_int_equal(inv_fx_pending(f), F_WINDOW);
    inv_fx_apply(f, "cancel override_protocol discard=militia_cadre");

    assert_int_equal(inv_fx_pending(f), F_NONE);
    assert_int_equal(inv_fx_discard_top(f, INV, 0), strider); /* cancelled */
    assert_int_equal(f->s->npile[MAN][L_DISCARD], man_d0 + 2);
    assert_int_equal(inv_fx_discard_top(f, MAN, 1), other);
    assert_int_equal(inv_fx_discard_top(f, MAN, 0), override);
    assert_int_equal(f->s->npile[MAN][L_DECK], 20);
    assert_int_equal(f->s->mankind_drained, 0);

    inv_fx_apply(f, "pass");
    inv_fx_apply(f, "decline");
    assert_int_equal(checked_flag(f), 0);
    assert_int_equal(f->s->plot, 9);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(test_EX_1_geography_is_abstract),
        T(test_EX_2_discard_cost_uses_other_cards),
        T(test_EX_2_variant_cannot_pay_cannot_play),
        T(test_EX_3_both_costs),
        T(test_EX_3_variant_empty_deck_cannot_pay_drain),
        T(test_EX_4_free_destroy_to_owners_piles),
        T(test_EX_5_invader_cannot_sacrifice),
        T(test_EX_6_sacrifice_into_full_column),
        T(test_EX_6_variant_no_sacrifice_with_free_slot),
        T(test_EX_6_variant_hero_sacrifice_needs_hero_deck),
        T(test_EX_6_variant_hero_sacrifice_needs_free_slot),
        T(test_EX_6_variant_hero_sacrifice_and_replacement),
        T(test_EX_7_adjacency_of_a_move),
        T(test_EX_7_ops_centre_any_zone_once_per_turn),
        T(test_EX_8_single_cancel),
        T(test_EX_9_double_cancel),
        T(test_EX_10_attack_resolution),
        T(test_EX_11_check_inflicted_drain),
        T(test_EX_11_variant_harvest_raid_counts),
        T(test_EX_12_shielded_drain_counts_as_failure),
        T(test_EX_12_variant_partial_shield),
        T(test_EX_13_plot_reduce_once_per_turn),
        T(test_EX_14_plot_action_ends_the_game),
        T(test_EX_15_draw_from_empty_deck),
        T(test_EX_16_attack_drain_exceeds_deck),
        T(test_EX_17_simultaneous_destruction),
        T(test_EX_17_variant_only_mankind_fails),
        T(test_EX_17_variant_empty_deck_is_not_a_loss),
        T(test_EX_18_hero_destroyed_rotated_replacement),
        T(test_EX_19_last_hero),
        T(test_EX_20_zone_collapse_and_token_floor),
        T(test_EX_20_variant_pacific_and_africa),
        T(test_EX_20_variant_no_collapse),
        T(test_EX_21_reaction_strategy),
        T(test_EX_21_reaction_strategy_not_in_own_main),
        T(test_EX_22_plot_cap),
        T(test_EX_23_card_win),
        T(test_EX_24_same_turn_use_once_per_turn),
        T(test_EX_25_counter_attack_deck_out),
        T(test_EX_25_variant_counter_attack_continues),
        T(test_EX_26_start_of_turn_counts_for_the_check),
        T(test_EX_27_forced_discard_as_much_as_possible),
        T(test_EX_28_moving_a_hero),
        T(test_EX_28_variant_rotated_hero_moves_by_ops_centre),
        T(test_EX_29_zone_repair_split),
        T(test_EX_30_cost_in_opponents_turn_is_not_inflicted),
    };
    return cmocka_run_group_tests_name("invaders examples", tests, NULL, NULL);
}
