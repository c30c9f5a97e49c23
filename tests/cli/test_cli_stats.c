/* The statistics of `tabletop sim` (src/cli/stats.c): Wilson intervals and
 * medians against values computed by hand (Wilson 1927, z = 1.96). Built with
 * src/cli/stats.c, which is not part of tabletop_lib. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cli/stats.h"

static void test_wilson_half(void **state)
{
    (void)state;
    cli_interval ci = cli_wilson(5, 10, CLI_Z95);
    assert_float_equal(ci.lo, 0.236593, 1e-6);
    assert_float_equal(ci.hi, 0.763407, 1e-6);
}

static void test_wilson_edges_stay_in_range(void **state)
{
    (void)state;
    cli_interval none = cli_wilson(0, 10, CLI_Z95);
    assert_float_equal(none.lo, 0.0, 1e-12);
    assert_float_equal(none.hi, 0.277533, 1e-6);
    cli_interval all = cli_wilson(10, 10, CLI_Z95);
    assert_float_equal(all.lo, 0.722467, 1e-6);
    assert_float_equal(all.hi, 1.0, 1e-12);
}

static void test_wilson_large_sample(void **state)
{
    (void)state;
    cli_interval ci = cli_wilson(512, 1000, CLI_Z95);
    assert_float_equal(ci.lo, 0.481033, 1e-6);
    assert_float_equal(ci.hi, 0.542876, 1e-6);
}

static void test_wilson_no_trials(void **state)
{
    (void)state;
    cli_interval ci = cli_wilson(0, 0, CLI_Z95);
    assert_float_equal(ci.lo, 0.0, 1e-12);
    assert_float_equal(ci.hi, 1.0, 1e-12);
}

/* Newcombe (1998), example (a): 56/70 - 48/80 = 0.2000, method 10 gives
 * 0.0524 to 0.3339. */
static void test_newcombe_published_example(void **state)
{
    (void)state;
    cli_interval ci = cli_newcombe(56, 70, 48, 80, CLI_Z95);
    assert_float_equal(ci.lo, 0.0524, 1e-4);
    assert_float_equal(ci.hi, 0.3339, 1e-4);
    cli_interval same = cli_newcombe(50, 100, 50, 100, CLI_Z95);
    assert_true(same.lo < 0 && same.hi > 0);
    assert_float_equal(same.lo, -same.hi, 1e-12);
}

static void test_median_odd_even_empty(void **state)
{
    (void)state;
    int odd[] = {9, 1, 5};
    assert_float_equal(cli_median(odd, 3), 5.0, 1e-12);
    int even[] = {4, 1, 3, 2};
    assert_float_equal(cli_median(even, 4), 2.5, 1e-12);
    assert_int_equal(even[0], 1); /* sorted in place */
    assert_float_equal(cli_median(NULL, 0), 0.0, 1e-12);
}

static void test_mean(void **state)
{
    (void)state;
    int v[] = {1, 2, 3, 10};
    assert_float_equal(cli_mean(v, 4), 4.0, 1e-12);
    assert_float_equal(cli_mean(NULL, 0), 0.0, 1e-12);
}

static void test_spread_quartiles_and_extremes(void **state)
{
    (void)state;
    int v[] = {9, 1, 5, 3, 7}; /* sorted 1 3 5 7 9: quartiles fall on values */
    cli_spread s = cli_spread_of(v, 5);
    assert_true(s.mean == 5.0 && s.min == 1 && s.max == 9);
    assert_true(s.q1 == 3.0 && s.median == 5.0 && s.q3 == 7.0);
    assert_int_equal(v[0], 1); /* sorted in place */
    int w[] = {4, 0, 2, 6};    /* 0 2 4 6: a quartile between two values is their mean */
    s = cli_spread_of(w, 4);
    assert_true(s.mean == 3.0 && s.min == 0 && s.max == 6);
    assert_true(s.q1 == 1.0 && s.median == 3.0 && s.q3 == 5.0);
    s = cli_spread_of(w, 0);
    assert_true(s.mean == 0 && s.min == 0 && s.q1 == 0 && s.median == 0 && s.max == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wilson_half),
        cmocka_unit_test(test_wilson_edges_stay_in_range),
        cmocka_unit_test(test_wilson_large_sample),
        cmocka_unit_test(test_newcombe_published_example),
        cmocka_unit_test(test_wilson_no_trials),
        cmocka_unit_test(test_median_odd_even_empty),
        cmocka_unit_test(test_mean),
        cmocka_unit_test(test_spread_quartiles_and_extremes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
