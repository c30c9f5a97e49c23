/* INWO effective values (INWO-2.14): the calculation order, contexts,
 * Global Power, alignments over change records and linked Plots, link
 * legality (INWO-6.4), token capacity and who receives tokens (INWO-5.1),
 * each with exact values from the sample cards (INWO-12). */
#include "inwo_fixture.h"

/* B: the Choir → League of Quiet Gardeners (G28: PEACE, STR; printed 1)
 * with Main Street Support and Sunken Codex linked; NWO: Velvet Glove. */
static fx ex18(void)
{
    fx f = fx_new("players=4");
    fx_group(&f, 1, "A:G28#1", "B:I02#1", SIDE_N);
    fx_link(&f, "A:PL07#1", "A:G28#1", LK_PLOT, 1);
    fx_link(&f, "B:R01#1", "A:G28#1", LK_RESOURCE, 0);
    f.s->nwo[COL_RED - 1] = (uint16_t)fx_zone(&f, 3, "D:PL25#1", Z_NWO);
    fx_sane(&f);
    return f;
}

/* EX-18: set 6 → ×2 = 12 → +2 = 14; Rally Round's ×3 in defense context
 * replaces the ×2 (multipliers never combine), self-defense one step more. */
static void test_EX_18_calculation_order(void **state)
{
    (void)state;
    fx f = ex18();
    assert_int_equal(fx_value(&f, "A:G28#1", STAT_POWER, CX_BASE), 14);
    assert_int_equal(fx_value(&f, "A:G28#1", STAT_POWER, CX_GOAL), 14);
    assert_int_equal(fx_value(&f, "A:G28#1", STAT_RES, CX_BASE), 3); /* nothing touches it */
    /* Rally Round (PL14) on G28 until end of turn */
    f.s->temp[f.s->ntemps++] =
        (inwo_temp){(uint16_t)fx_card(&f, "A:PL14#1"), (uint16_t)fx_card(&f, "A:G28#1"), 0, 0};
    assert_int_equal(fx_value(&f, "A:G28#1", STAT_POWER, CX_DEFENSE), 20);
    assert_int_equal(fx_value(&f, "A:G28#1", STAT_POWER, CX_DEFENSE | CX_SELF_DEFENSE), 26);
    assert_int_equal(fx_value(&f, "A:G28#1", STAT_RES, CX_DEFENSE), 9);
    assert_int_equal(fx_value(&f, "A:G28#1", STAT_POWER, CX_BASE), 14);
    assert_int_equal(fx_value(&f, "A:G28#1", STAT_POWER, CX_ATTACK), 14);
    assert_int_equal(fx_value(&f, "A:G28#1", STAT_POWER, CX_GOAL), 14); /* time-limited */
    /* without the Codex: set 6, ×3, +2 in defense; 6 + 2 in base */
    inwo_link_remove(f.s, inwo_link_of(f.s, fx_card(&f, "B:R01#1")));
    assert_int_equal(fx_value(&f, "A:G28#1", STAT_POWER, CX_DEFENSE), 20);
    assert_int_equal(fx_value(&f, "A:G28#1", STAT_POWER, CX_BASE), 8);
    fx_free(&f);
}

/* INWO-2.14.4: with no multiplier, self-defense doubles; INWO-2.14.2 step 3:
 * a Devastated Place's Power is halved against destruction only. */
static void test_INWO_2_14_4_self_defense_and_devastation(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 0, "A:G01#1", "A:I01#1", SIDE_N); /* Port Vesper, Power 5 */
    assert_int_equal(fx_value(&f, "A:G01#1", STAT_POWER, CX_DEFENSE | CX_SELF_DEFENSE), 10);
    f.s->card[fx_card(&f, "A:G01#1")].flags |= INWO_F_DEVASTATED;
    assert_int_equal(fx_value(&f, "A:G01#1", STAT_POWER, CX_DEFENSE | CX_VS_DESTROY), 2);
    assert_int_equal(fx_value(&f, "A:G01#1", STAT_POWER, CX_DEFENSE), 5);
    fx_free(&f);
}

/* INWO-2.14.3: Global Power is capped at Power; printed 0 gains none; an
 * Illuminati's Global is its Power. */
static void test_INWO_2_14_3_global_power(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 2, "C:G21#1", "C:I03#1", SIDE_N); /* Consolidated Widgets 5/3 */
    fx_group(&f, 0, "A:G28#1", "A:I01#1", SIDE_N); /* Gardeners 1/0 */
    fx_group(&f, 1, "B:G40#1", "B:I02#1", SIDE_N); /* Tabloid Ring 2/2 */
    assert_int_equal(fx_value(&f, "C:G21#1", STAT_GLOBAL, CX_BASE), 3);
    assert_int_equal(fx_value(&f, "A:G28#1", STAT_GLOBAL, CX_BASE), 0);
    assert_int_equal(fx_value(&f, "A:I01#1", STAT_GLOBAL, CX_BASE), 10);
    /* a Zap on B: −1 Power to Tabloid Ring, whose Global 2 is capped at 1 */
    fx_zone(&f, 1, "B:PL23#1", Z_ZAP);
    assert_int_equal(fx_value(&f, "B:G40#1", STAT_POWER, CX_BASE), 1);
    assert_int_equal(fx_value(&f, "B:G40#1", STAT_GLOBAL, CX_BASE), 1);
    assert_int_equal(fx_value(&f, "B:I02#1", STAT_POWER, CX_BASE), 7); /* the Illuminati too */
    assert_int_equal(fx_value(&f, "C:G21#1", STAT_POWER, CX_BASE), 5); /* not zapped */
    fx_free(&f);
}

/* EX-32 input 2 (values): a Zap on A; Pamphleteers Guild (printed 1) drops
 * to 0 and gets no tokens; Coupon Clippers (printed 0) still gets them
 * (INWO-2.14.7). */
static void test_INWO_2_14_7_power_zero_and_tokens(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 0, "B:G25#1", "A:I01#1", SIDE_N);
    fx_group(&f, 0, "A:G29#1", "A:I01#1", SIDE_E);
    assert_true(inwo_receives_tokens(f.c, f.s, fx_card(&f, "B:G25#1")));
    fx_zone(&f, 0, "B:PL23#1", Z_ZAP);
    assert_int_equal(fx_value(&f, "B:G25#1", STAT_POWER, CX_BASE), 0);
    assert_false(inwo_receives_tokens(f.c, f.s, fx_card(&f, "B:G25#1")));
    assert_int_equal(fx_value(&f, "A:G29#1", STAT_POWER, CX_BASE), 0);
    assert_true(inwo_receives_tokens(f.c, f.s, fx_card(&f, "A:G29#1")));
    fx_free(&f);
}

/* INWO-2.14.6 with EX-3's cards: B's Skate Punks (G38: WEIRD, VIOL) with
 * Straight Arrow linked ⇒ {VIOL, STR}; a later Turncoat record ⇒ {VIOL,
 * WEIRD}; deleting that record lets the linked Plot reassert itself. */
static void test_INWO_2_14_6_later_change_wins(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 1, "B:G38#1", "B:I02#1", SIDE_N);
    assert_int_equal(fx_align(&f, "B:G38#1"), AL(WEIRD) | AL(VIOL));
    fx_link(&f, "A:PL09#1", "B:G38#1", LK_PLOT, 1);
    assert_int_equal(fx_align(&f, "B:G38#1"), AL(VIOL) | AL(STR));
    inwo_record_add(f.s, fx_card(&f, "B:G38#1"), AL_WEIRD, 0, 0, 1);
    inwo_links_update(f.c, f.s);
    assert_int_equal(fx_align(&f, "B:G38#1"), AL(VIOL) | AL(WEIRD));
    assert_true(inwo_link_active(&f.s->link[0])); /* overridden, still legal (INWO-6.4.7) */
    f.s->nrecords = 0;
    assert_int_equal(fx_align(&f, "B:G38#1"), AL(VIOL) | AL(STR));
    fx_free(&f);
}

/* INWO-6.4.3 with EX-1's and EX-2's cards: a record of one turn makes a
 * link temporarily illegal (the Plot dormant, Power back to printed); a
 * permanent one makes it permanently illegal; the turn's end restores it. */
static void test_INWO_6_4_3_temporary_and_permanent_illegality(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 2, "C:G43#1", "C:I03#1", SIDE_N); /* Free Clinics: PEACE, LIB; 2 */
    fx_link(&f, "C:PL08#1", "C:G43#1", LK_PLOT, 1);
    assert_int_equal(fx_value(&f, "C:G43#1", STAT_POWER, CX_BASE), 6);
    inwo_record_add(f.s, fx_card(&f, "C:G43#1"), AL_VIOL, 0, 1, 1); /* Mood Swing */
    inwo_links_update(f.c, f.s);
    assert_int_equal(fx_align(&f, "C:G43#1"), AL(LIB) | AL(VIOL));
    assert_int_equal(f.s->link[0].what >> 4 & 3, LS_INACTIVE_TEMPORARY);
    assert_int_equal(fx_value(&f, "C:G43#1", STAT_POWER, CX_BASE), 2);
    inwo_records_expire(f.s); /* cleanup (INWO-4.5.1) */
    inwo_links_update(f.c, f.s);
    assert_int_equal(fx_value(&f, "C:G43#1", STAT_POWER, CX_BASE), 6);
    /* EX-2: Neighborhood Watch (STR, CONS) with Main Street Support; Turncoat */
    fx_group(&f, 0, "A:G24#1", "A:I01#1", SIDE_N);
    fx_link(&f, "A:PL07#1", "A:G24#1", LK_PLOT, 1);
    assert_int_equal(fx_value(&f, "A:G24#1", STAT_POWER, CX_BASE), 6);
    inwo_record_add(f.s, fx_card(&f, "A:G24#1"), AL_WEIRD, 0, 0, 1);
    inwo_links_update(f.c, f.s);
    assert_int_equal(fx_align(&f, "A:G24#1"), AL(CONS) | AL(WEIRD));
    assert_int_equal(f.s->link[1].what >> 4 & 3, LS_INACTIVE_PERMANENT);
    assert_int_equal(fx_value(&f, "A:G24#1", STAT_POWER, CX_BASE), 2);
    fx_free(&f);
}

/* EX-4's position (values): Sole Franchise +4, one per player; two linked
 * in one structure are illegal. */
static void test_INWO_6_4_1_limit_per_player(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 0, "C:G21#1", "A:I01#1", SIDE_N); /* Consolidated Widgets, CORP, 5 */
    fx_link(&f, "C:PL13#1", "C:G21#1", LK_PLOT, 1);
    assert_int_equal(fx_value(&f, "C:G21#1", STAT_POWER, CX_BASE), 9);
    fx_group(&f, 0, "B:G44#1", "A:I01#1", SIDE_E); /* Data Brokers, CORP, 3 */
    fx_link(&f, "C:PL13#2", "B:G44#1", LK_PLOT, 1);
    assert_int_equal(f.s->link[0].what >> 4 & 3, LS_INACTIVE_PERMANENT);
    assert_int_equal(fx_value(&f, "C:G21#1", STAT_POWER, CX_BASE), 5);
    fx_free(&f);
}

/* INWO-5.1.2: capacity 1, plus EXTRA_TOKENS of the card or a linked card;
 * a Resource without `action` holds none; INWO-5.1.3, 5.17.7: a Devastated
 * arm and a captured group receive none. */
static void test_INWO_5_1_2_capacity(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 2, "C:G23#1", "C:I03#1", SIDE_N); /* Helix Laboratories */
    assert_int_equal(inwo_capacity(f.c, f.s, fx_card(&f, "C:G23#1")), 1);
    fx_link(&f, "C:R03#1", "C:G23#1", LK_RESOURCE, 0); /* Field Office */
    assert_int_equal(inwo_capacity(f.c, f.s, fx_card(&f, "C:G23#1")), 2);
    assert_int_equal(inwo_capacity(f.c, f.s, fx_card(&f, "C:R03#1")), 0);
    fx_group(&f, 2, "C:G21#1", "C:G23#1", SIDE_N);
    f.s->card[fx_card(&f, "C:G23#1")].flags |= INWO_F_DEVASTATED;
    assert_false(inwo_receives_tokens(f.c, f.s, fx_card(&f, "C:G21#1")));
    f.s->card[fx_card(&f, "C:G23#1")].flags = INWO_F_CAPTURED | INWO_F_WAS_PUBLIC;
    assert_true(inwo_receives_tokens(f.c, f.s, fx_card(&f, "C:G21#1")));
    assert_false(inwo_receives_tokens(f.c, f.s, fx_card(&f, "C:G23#1")));
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_18_calculation_order),
        cmocka_unit_test(test_INWO_2_14_4_self_defense_and_devastation),
        cmocka_unit_test(test_INWO_2_14_3_global_power),
        cmocka_unit_test(test_INWO_2_14_7_power_zero_and_tokens),
        cmocka_unit_test(test_INWO_2_14_6_later_change_wins),
        cmocka_unit_test(test_INWO_6_4_3_temporary_and_permanent_illegality),
        cmocka_unit_test(test_INWO_6_4_1_limit_per_player),
        cmocka_unit_test(test_INWO_5_1_2_capacity),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
