/* Statistics helpers for `tabletop sim` (see stats.h).
 *
 * The Wilson interval is the standard choice for a win rate: unlike p ± z·se it
 * never leaves [0, 1] and keeps its coverage for small samples and rates near
 * 0 or 1 (Wilson 1927; Brown, Cai & DasGupta 2001). */
#include <math.h>
#include <stdlib.h>

#include "cli/stats.h"

cli_interval cli_wilson(long k, long n, double z)
{
    cli_interval r = {0.0, 1.0};
    if (n <= 0)
        return r;
    double nn = (double)n, p = (double)k / nn, z2 = z * z;
    double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
    double half = z / (1 + z2 / nn) * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
    r.lo = centre - half < 0 ? 0 : centre - half;
    r.hi = centre + half > 1 ? 1 : centre + half;
    return r;
}

/* Newcombe's hybrid score interval (his method 10): the two Wilson intervals
 * combined, so it too stays sensible for small samples and extreme rates. */
cli_interval cli_newcombe(long k1, long n1, long k2, long n2, double z)
{
    cli_interval a = cli_wilson(k1, n1, z), b = cli_wilson(k2, n2, z);
    double p1 = n1 > 0 ? (double)k1 / (double)n1 : 0, p2 = n2 > 0 ? (double)k2 / (double)n2 : 0;
    double d = p1 - p2;
    cli_interval r = {d - sqrt((p1 - a.lo) * (p1 - a.lo) + (b.hi - p2) * (b.hi - p2)),
                      d + sqrt((a.hi - p1) * (a.hi - p1) + (p2 - b.lo) * (p2 - b.lo))};
    return r;
}

cli_interval cli_newcombe_paired(long n11, long n10, long n01, long n00, double z)
{
    long n = n11 + n10 + n01 + n00;
    cli_interval a = cli_wilson(n11 + n10, n, z), b = cli_wilson(n11 + n01, n, z);
    double p1 = n > 0 ? (double)(n11 + n10) / (double)n : 0;
    double p2 = n > 0 ? (double)(n11 + n01) / (double)n : 0;
    double den =
        (double)(n11 + n10) * (double)(n01 + n00) * (double)(n11 + n01) * (double)(n10 + n00);
    /* phi as Newcombe corrects it: A = n11·n00 - n10·n01 less N/2 when A > N/2,
     * 0 for 0 <= A <= N/2, A itself below 0 */
    double A = (double)n11 * (double)n00 - (double)n10 * (double)n01, half = (double)n / 2;
    double phi = den <= 0 ? 0 : A > half ? (A - half) / sqrt(den) : A >= 0 ? 0 : A / sqrt(den);
    double d = p1 - p2, dl = p1 - a.lo, du = a.hi - p1, el = p2 - b.lo, eu = b.hi - p2;
    double lo2 = dl * dl - 2 * phi * dl * eu + eu * eu;
    double hi2 = du * du - 2 * phi * du * el + el * el;
    cli_interval r = {d - sqrt(lo2 > 0 ? lo2 : 0), d + sqrt(hi2 > 0 ? hi2 : 0)};
    return r;
}

double cli_mean(const int *v, size_t n)
{
    if (!n)
        return 0.0;
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += v[i];
    return sum / (double)n;
}

static int int_cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The q-quantile of sorted v (n > 0), between the two nearest values where
 * q * (n - 1) falls between two indices, as a median of an even count is. */
static double quantile(const int *v, size_t n, double q)
{
    double at = q * (double)(n - 1);
    size_t i = (size_t)at;
    if (at == (double)i || i + 1 >= n)
        return v[i];
    return (v[i] + (double)v[i + 1]) / 2.0;
}

double cli_median(int *v, size_t n)
{
    if (!n)
        return 0.0;
    qsort(v, n, sizeof *v, int_cmp);
    return quantile(v, n, 0.5);
}

cli_spread cli_spread_of(int *v, size_t n)
{
    cli_spread s = {0};
    if (!n)
        return s;
    qsort(v, n, sizeof *v, int_cmp);
    s.mean = cli_mean(v, n);
    s.min = v[0];
    s.max = v[n - 1];
    s.q1 = quantile(v, n, 0.25);
    s.median = quantile(v, n, 0.5);
    s.q3 = quantile(v, n, 0.75);
    return s;
}
