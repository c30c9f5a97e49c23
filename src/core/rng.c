/* xoshiro256** (Blackman & Vigna) with splitmix64 seeding; see rng.h. The
 * generator runs in every playout: no allocation or library call there. Seeds
 * read from text (tt_seed_parse) are for front ends and records only. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#include "core/rng.h"
#include "tabletop/error.h"

uint64_t tt_mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

void tt_rng_seed(tt_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) {
        seed = tt_mix64(seed);
        r->s[i] = seed;
    }
    if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3]))
        r->s[0] = 1; /* the all-zero state is a fixed point */
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t tt_rng_next(tt_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Lemire's multiply-and-reject: unbiased without a division in the common case. */
uint32_t tt_rng_below(tt_rng *r, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(tt_rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = -n % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(tt_rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

void tt_rng_shuffle_u8(tt_rng *r, uint8_t *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)tt_rng_below(r, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

void tt_rng_shuffle_u16(tt_rng *r, uint16_t *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)tt_rng_below(r, (uint32_t)i + 1);
        uint16_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* Insertion sorts: a determinization's piles are short, and off the playout path. */
void tt_rng_deal_u8(tt_rng *r, uint8_t *a, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && a[j - 1] > a[j]; j--) {
            uint8_t t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
        }
    tt_rng_shuffle_u8(r, a, n);
}

void tt_rng_deal_u16(tt_rng *r, uint16_t *a, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && a[j - 1] > a[j]; j--) {
            uint16_t t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
        }
    tt_rng_shuffle_u16(r, a, n);
}

int tt_seed_parse(const char *text, uint64_t *out)
{
    if (!isdigit((unsigned char)text[0]))
        return TT_EPARSE; /* strtoull would take a sign or blanks */
    errno = 0;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end || errno == ERANGE)
        return TT_EPARSE;
    *out = (uint64_t)v;
    return TT_OK;
}
