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

double cli_median(int *v, size_t n)
{
    if (!n)
        return 0.0;
    qsort(v, n, sizeof *v, int_cmp);
    if (n % 2)
        return v[n / 2];
    return (v[n / 2 - 1] + (double)v[n / 2]) / 2.0;
}
