/* The per-state random generator (src/core/rng.c): xoshiro256** seeded through
 * splitmix64, Lemire's unbiased bounded draw, Fisher–Yates shuffle.
 *
 * Expected values come from a small reference implementation written here from
 * the published algorithms (Vigna's splitmix64.c and xoshiro256starstar.c,
 * Lemire 2019 "Fast random integer generation in an interval"), plus a few
 * values worked out by hand, never from the output of the code under test.
 * Replays depend on every one of these numbers: a change to the generator
 * breaks every saved record, and these tests say so first. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/rng.h"
#include "tabletop/error.h"

/* --- the reference ------------------------------------------------------------ */

static uint64_t ref_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* splitmix64: one step of the generator whose state is *x. */
static uint64_t ref_splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* xoshiro256** 1.0 */
static uint64_t ref_next(uint64_t s[4])
{
    const uint64_t result = ref_rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ref_rotl(s[3], 45);
    return result;
}

/* The seeding rng.c uses, which every saved record depends on: each word is
 * splitmix64 applied to the previous one, starting from the seed (s[0] =
 * mix(seed), s[i] = mix(s[i-1])) — a chain, not the consecutive outputs of one
 * splitmix64 stream that Vigna's reference seeding takes. Either is sound; this
 * one must simply never change. */
static void ref_seed(uint64_t s[4], uint64_t seed)
{
    for (int i = 0; i < 4; i++) {
        uint64_t x = seed;
        seed = ref_splitmix(&x);
        s[i] = seed;
    }
}

/* Lemire's nearly divisionless bounded draw, on the high 32 bits of a draw. */
static uint32_t ref_below(uint64_t s[4], uint32_t n)
{
    uint64_t m = (ref_next(s) >> 32) * (uint64_t)n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (ref_next(s) >> 32) * (uint64_t)n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* --- splitmix64 and seeding --------------------------------------------------------- */

static void test_mix64_is_splitmix64(void **state)
{
    (void)state;
    /* splitmix64 from state 0: the first output, as published with the algorithm */
    assert_true(tt_mix64(0) == 0xe220a8397b1dcdafULL);
    uint64_t x = 0;
    assert_true(ref_splitmix(&x) == 0xe220a8397b1dcdafULL);
    uint64_t seeds[] = {1, 2, 42, 0xdeadbeefULL, 0xffffffffffffffffULL, 0x9e3779b97f4a7c15ULL};
    for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++) {
        uint64_t y = seeds[i];
        assert_true(tt_mix64(seeds[i]) == ref_splitmix(&y));
    }
}

static void test_seed_chains_splitmix64(void **state)
{
    (void)state;
    uint64_t seeds[] = {0, 1, 7, 12345678901234567ULL, 0xffffffffffffffffULL};
    for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++) {
        tt_rng r;
        uint64_t ref[4];
        tt_rng_seed(&r, seeds[i]);
        ref_seed(ref, seeds[i]);
        assert_memory_equal(r.s, ref, sizeof ref);
    }
    /* seed 0 is an ordinary seed: the state is not all zero */
    tt_rng r;
    tt_rng_seed(&r, 0);
    assert_true((r.s[0] | r.s[1] | r.s[2] | r.s[3]) != 0);
    assert_true(r.s[0] == 0xe220a8397b1dcdafULL);
}

/* --- xoshiro256** ------------------------------------------------------------------- */

static void test_next_from_known_state(void **state)
{
    (void)state;
    /* worked by hand from state {1, 2, 3, 4}: rotl(2 * 5, 7) * 9 = 1280 * 9, then
     * s[1] becomes 2 ^ (3 ^ 1) = 0, so the second output is 0 */
    tt_rng r = {{1, 2, 3, 4}};
    assert_true(tt_rng_next(&r) == 11520);
    assert_true(tt_rng_next(&r) == 0);
    uint64_t ref[4] = {1, 2, 3, 4};
    ref_next(ref);
    ref_next(ref);
    assert_memory_equal(r.s, ref, sizeof ref);
    for (int i = 0; i < 1000; i++)
        assert_true(tt_rng_next(&r) == ref_next(ref));
}

static void test_next_from_seed_matches_reference(void **state)
{
    (void)state;
    tt_rng r;
    uint64_t ref[4];
    tt_rng_seed(&r, 20240501);
    ref_seed(ref, 20240501);
    for (int i = 0; i < 10000; i++)
        assert_true(tt_rng_next(&r) == ref_next(ref));
}

static void test_same_seed_same_stream_other_seed_other_stream(void **state)
{
    (void)state;
    tt_rng a, b, c;
    tt_rng_seed(&a, 99);
    tt_rng_seed(&b, 99);
    tt_rng_seed(&c, 100);
    int same = 0;
    for (int i = 0; i < 100; i++) {
        uint64_t x = tt_rng_next(&a);
        assert_true(x == tt_rng_next(&b));
        same += x == tt_rng_next(&c);
    }
    assert_int_equal(same, 0);
}

/* --- bounded draws -------------------------------------------------------------------- */

static void test_below_matches_reference(void **state)
{
    (void)state;
    static const uint32_t bounds[] = {1,   2,    3,     6,        7,           10,         40,
                                      100, 1000, 65536, 1u << 31, 0xC0000000u, 0xFFFFFFFFu};
    tt_rng r;
    uint64_t ref[4];
    tt_rng_seed(&r, 5);
    ref_seed(ref, 5);
    for (int round = 0; round < 200; round++)
        for (size_t i = 0; i < sizeof bounds / sizeof *bounds; i++) {
            uint32_t x = tt_rng_below(&r, bounds[i]);
            assert_true(x < bounds[i]);
            assert_true(x == ref_below(ref, bounds[i]));
        }
    assert_memory_equal(r.s, ref, sizeof ref); /* rejections consumed the same draws */
}

static void test_below_one_is_zero(void **state)
{
    (void)state;
    tt_rng r;
    tt_rng_seed(&r, 11);
    for (int i = 0; i < 1000; i++)
        assert_int_equal(tt_rng_below(&r, 1), 0);
}

/* Chi-square of counts against a uniform expectation. */
static double chi2(const long *count, int n, long total)
{
    double e = (double)total / n, x = 0;
    for (int i = 0; i < n; i++)
        x += ((double)count[i] - e) * ((double)count[i] - e) / e;
    return x;
}

static void test_below_is_roughly_uniform(void **state)
{
    (void)state;
    tt_rng r;
    tt_rng_seed(&r, 3);
    long count[10] = {0};
    for (int i = 0; i < 100000; i++)
        count[tt_rng_below(&r, 10)]++;
    /* 9 degrees of freedom: 27.9 is the 0.1% point */
    assert_true(chi2(count, 10, 100000) < 27.9);
    for (int i = 0; i < 10; i++)
        assert_in_range(count[i], 9500, 10500);
}

/* Without rejection, n = 3·2^30 maps two 32-bit values onto every third result
 * (those ≡ 0 mod 3) and one onto the others: half the draws would be ≡ 0 mod 3.
 * Unbiased, a third are. */
static void test_below_rejects_the_biased_zone(void **state)
{
    (void)state;
    tt_rng r;
    tt_rng_seed(&r, 17);
    long zero_mod3 = 0, n = 60000;
    for (long i = 0; i < n; i++)
        zero_mod3 += tt_rng_below(&r, 0xC0000000u) % 3 == 0;
    assert_in_range(zero_mod3, 19000, 21000); /* 20000 expected; 30000 if biased */
}

/* --- shuffles ------------------------------------------------------------------------ */

static void test_shuffle_matches_reference_fisher_yates(void **state)
{
    (void)state;
    tt_rng r;
    uint64_t ref[4];
    tt_rng_seed(&r, 77);
    ref_seed(ref, 77);
    for (int n = 0; n <= 100; n++) {
        uint8_t a[100], b[100];
        for (int i = 0; i < n; i++)
            a[i] = b[i] = (uint8_t)i;
        tt_rng_shuffle_u8(&r, a, n);
        for (int i = n - 1; i > 0; i--) { /* Durstenfeld, from the top down */
            int j = (int)ref_below(ref, (uint32_t)i + 1);
            uint8_t t = b[i];
            b[i] = b[j];
            b[j] = t;
        }
        if (n)
            assert_memory_equal(a, b, (size_t)n);
    }
    assert_memory_equal(r.s, ref, sizeof ref);
}

static void test_shuffle_is_a_permutation(void **state)
{
    (void)state;
    tt_rng r;
    tt_rng_seed(&r, 8);
    uint8_t a[200];
    for (int i = 0; i < 200; i++)
        a[i] = (uint8_t)(i % 50); /* repeated values, as copies of a card */
    for (int round = 0; round < 50; round++) {
        tt_rng_shuffle_u8(&r, a, 200);
        int seen[50] = {0};
        for (int i = 0; i < 200; i++)
            seen[a[i]]++;
        for (int v = 0; v < 50; v++)
            assert_int_equal(seen[v], 4);
    }
}

static void test_shuffle_of_zero_or_one_draws_nothing(void **state)
{
    (void)state;
    tt_rng r, before;
    tt_rng_seed(&r, 9);
    before = r;
    uint8_t a[1] = {42};
    tt_rng_shuffle_u8(&r, a, 0);
    tt_rng_shuffle_u8(&r, a, 1);
    assert_int_equal(a[0], 42);
    assert_memory_equal(&r, &before, sizeof r);
}

/* Piles hold 16-bit ids: their shuffle must deal as the byte shuffle did, so
 * a seed deals the same game whichever width its piles have. */
static void test_shuffle_u16_gives_the_byte_shuffles_permutation(void **state)
{
    (void)state;
    tt_rng r, r16;
    tt_rng_seed(&r, 12);
    r16 = r;
    for (int n = 0; n <= 100; n++) {
        uint8_t a[100];
        uint16_t b[100];
        for (int i = 0; i < n; i++) {
            a[i] = (uint8_t)i;
            b[i] = (uint16_t)(i | 0x100); /* a high byte the shuffle must carry */
        }
        tt_rng_shuffle_u8(&r, a, n);
        tt_rng_shuffle_u16(&r16, b, n);
        for (int i = 0; i < n; i++)
            assert_int_equal(b[i], a[i] | 0x100);
    }
    assert_memory_equal(&r, &r16, sizeof r);
}

static void test_shuffle_is_roughly_uniform(void **state)
{
    (void)state;
    tt_rng r;
    tt_rng_seed(&r, 10);
    long count[6] = {0};
    for (int i = 0; i < 60000; i++) {
        uint8_t a[3] = {0, 1, 2};
        tt_rng_shuffle_u8(&r, a, 3);
        count[a[0] * 2 + (a[1] > a[2])]++; /* one index per permutation */
    }
    /* 5 degrees of freedom: 20.5 is the 0.1% point */
    assert_true(chi2(count, 6, 60000) < 20.5);
}

/* A deal depends on the values and the generator only, never on their order. */
static void test_rng_deal_ignores_the_order_before(void **state)
{
    (void)state;
    uint8_t a[] = {5, 1, 4, 1, 3, 9, 2}, b[] = {9, 3, 1, 2, 5, 1, 4};
    uint16_t c[] = {300, 7, 511, 7, 0, 42}, d[] = {42, 0, 7, 511, 300, 7};
    tt_rng r1, r2;
    tt_rng_seed(&r1, 77);
    tt_rng_seed(&r2, 77);
    tt_rng_deal_u8(&r1, a, 7);
    tt_rng_deal_u8(&r2, b, 7);
    assert_memory_equal(a, b, sizeof a);
    tt_rng_deal_u16(&r1, c, 6);
    tt_rng_deal_u16(&r2, d, 6);
    assert_memory_equal(c, d, sizeof c);
    /* and it is a shuffle of those values: the same multiset */
    int count[10] = {0};
    for (int i = 0; i < 7; i++)
        count[a[i]]++;
    assert_int_equal(count[1], 2);
    assert_int_equal(count[9] + count[5] + count[4] + count[3] + count[2], 5);
    /* another seed deals another order (these seeds are known to differ) */
    uint8_t e[] = {1, 2, 3, 4, 5, 6, 7, 8}, f[] = {1, 2, 3, 4, 5, 6, 7, 8};
    tt_rng_seed(&r1, 1);
    tt_rng_seed(&r2, 2);
    tt_rng_deal_u8(&r1, e, 8);
    tt_rng_deal_u8(&r2, f, 8);
    assert_memory_not_equal(e, f, sizeof e);
}

/* --- seeds written as text ------------------------------------------------------------ */

/* Digits only, within 64 bits: a sign, a blank or an overflow is refused and
 * leaves the output alone, never wrapped ("-5") or clamped (2^64). */
static void test_seed_parse_takes_digits_within_64_bits(void **state)
{
    (void)state;
    uint64_t v = 7;
    assert_int_equal(tt_seed_parse("0", &v), TT_OK);
    assert_true(v == 0);
    assert_int_equal(tt_seed_parse("18446744073709551615", &v), TT_OK);
    assert_true(v == UINT64_MAX);
    assert_int_equal(tt_seed_parse("007", &v), TT_OK);
    assert_true(v == 7);
    static const char *const bad[] = {
        "-5", "+5", " 5", "5 ", "5x", "", "0x10", "18446744073709551616", "99999999999999999999999",
        "-0"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        v = 42;
        assert_int_equal(tt_seed_parse(bad[i], &v), TT_EPARSE);
        assert_true(v == 42);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mix64_is_splitmix64),
        cmocka_unit_test(test_seed_chains_splitmix64),
        cmocka_unit_test(test_next_from_known_state),
        cmocka_unit_test(test_next_from_seed_matches_reference),
        cmocka_unit_test(test_same_seed_same_stream_other_seed_other_stream),
        cmocka_unit_test(test_below_matches_reference),
        cmocka_unit_test(test_below_one_is_zero),
        cmocka_unit_test(test_below_is_roughly_uniform),
        cmocka_unit_test(test_below_rejects_the_biased_zone),
        cmocka_unit_test(test_shuffle_matches_reference_fisher_yates),
        cmocka_unit_test(test_shuffle_is_a_permutation),
        cmocka_unit_test(test_shuffle_of_zero_or_one_draws_nothing),
        cmocka_unit_test(test_shuffle_u16_gives_the_byte_shuffles_permutation),
        cmocka_unit_test(test_shuffle_is_roughly_uniform),
        cmocka_unit_test(test_rng_deal_ignores_the_order_before),
        cmocka_unit_test(test_seed_parse_takes_digits_within_64_bits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
