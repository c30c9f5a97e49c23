/* The paired interval `sim --vs` reports: Newcombe's method 10 on paired data.
 *
 * Expected values are a published worked example, and the identities the
 * method keeps: no correlation gives the unpaired interval, a positive one a
 * narrower interval. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "cli/stats.h"

/* Complete response before and after consolidation therapy (Cavo et al.
 * 2012), as Fagerland, Lydersen and Laake's "Statistical analysis of
 * contingency tables" (chapter 8) works it: 59 both, 6 before only, 16 after
 * only, 80 neither; the difference -0.0621, Newcombe's square-and-add
 * interval -0.1186 to -0.0046. */
static void test_paired_worked_example(void **unused)
{
    (void)unused;
    cli_interval ci = cli_newcombe_paired(59, 6, 16, 80, CLI_Z95);
    assert_float_equal(ci.lo, -0.1186, 0.00005);
    assert_float_equal(ci.hi, -0.0046, 0.00005);
}

static void test_paired_without_correlation_is_unpaired(void **unused)
{
    (void)unused;
    /* phi = 0: n11·n00 = n10·n01 */
    cli_interval p = cli_newcombe_paired(10, 10, 30, 30, CLI_Z95);
    cli_interval u = cli_newcombe(20, 80, 40, 80, CLI_Z95);
    assert_float_equal(p.lo, u.lo, 1e-12);
    assert_float_equal(p.hi, u.hi, 1e-12);
}

static void test_paired_on_shared_seeds_is_narrower(void **unused)
{
    (void)unused;
    /* most games end the same in both configurations */
    cli_interval p = cli_newcombe_paired(400, 60, 40, 500, CLI_Z95);
    cli_interval u = cli_newcombe(460, 1000, 440, 1000, CLI_Z95);
    assert_true(p.hi - p.lo < u.hi - u.lo);
    assert_true(p.lo < 0.02 && p.hi > 0.02);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_paired_worked_example),
        cmocka_unit_test(test_paired_without_correlation_is_unpaired),
        cmocka_unit_test(test_paired_on_shared_seeds_is_narrower),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
