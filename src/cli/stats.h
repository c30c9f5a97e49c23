/* Small statistics for `tabletop sim`: binomial intervals and medians. */
#ifndef TT_CLI_STATS_H
#define TT_CLI_STATS_H

#include <stddef.h>

/* z of a two-sided 95% normal interval. */
#define CLI_Z95 1.959963984540054

typedef struct cli_interval {
    double lo, hi; /* proportions in [0, 1] */
} cli_interval;

/* Wilson score interval for k successes in n trials at normal quantile z;
 * {0, 1} when n is 0. It stays inside [0, 1] and behaves near 0% and 100%,
 * where the plain normal interval does not. */
cli_interval cli_wilson(long k, long n, double z);

/* A 95% (z) interval for the difference of two rates, k1/n1 - k2/n2 (Newcombe
 * 1998, hybrid score): it excludes 0 when the difference is significant. */
cli_interval cli_newcombe(long k1, long n1, long k2, long n2, double z);

/* The same difference when both rates come from the same n trials, paired
 * (trial i of one and of the other share their seed): n11 trials where both
 * succeed, n10 the first only, n01 the second only, n00 neither; the
 * difference is (n10 - n01) / n. Newcombe (1998b), method 10: the Wilson
 * intervals of both rates, combined with their correlation phi (with his
 * continuity correction), so a
 * positive correlation (the usual case on shared seeds) narrows it below
 * the unpaired interval, and phi = 0 gives cli_newcombe exactly. */
cli_interval cli_newcombe_paired(long n11, long n10, long n01, long n00, double z);

/* Mean of v[0..n-1]; 0 when n is 0. */
double cli_mean(const int *v, size_t n);

/* Median of v[0..n-1] (the mean of the two middle values when n is even);
 * sorts v in place. 0 when n is 0. */
double cli_median(int *v, size_t n);

/* The spread of whole numbers: mean, extremes and quartiles (the quartiles
 * and median as cli_median computes a median: the mean of the two middle
 * values where they fall between two). */
typedef struct cli_spread {
    double mean, min, q1, median, q3, max;
} cli_spread;

/* The spread of v[0..n-1]; sorts v in place. All zero when n is 0. */
cli_spread cli_spread_of(int *v, size_t n);

#endif
