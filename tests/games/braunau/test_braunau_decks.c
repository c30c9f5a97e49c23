/* Braunau: the deck-construction examples EX-1 … EX-9 of the rules file
 * (section 11), a deck's size in the state (BRA-3.3) and the game-level deck
 * checks of BRA-3.11.
 *
 * Declarations are checked against the sample content exactly as `tabletop
 * deck validate` checks them; each test asserts the exact list of problems,
 * in check order, as code and details. Token ids are asserted through the
 * canonical token list (BRA-3.12) of the games the decks start. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bra_fixture.h"

#define STD_TAIL "\"SPEC\": 4, \"REFILL\": 4, \"SUMMON\": 4, \"CI\": 4, \"POP\": 4, \"GOLD\": 8"

static void expect(const char *json, const char *want)
{
    char got[2048];
    bra_fx_validate(json, got, sizeof got);
    assert_string_equal(got, want);
}

/* The canonical tokens of faction f's deck in a game (BRA-3.12): "type" or
 * "ABIL agent" for ids first..last, numbered from 1. */
static void assert_ids(const bra_fx *x, int f, int first, int last, const char *what)
{
    for (int i = first; i <= last; i++) {
        int packed = x->s->f[f].tok[i - 1], type = packed & 15;
        char got[48];
        if (type == T_ABIL)
            snprintf(got, sizeof got, "ABIL %s", x->c->a[x->c->f[f].agent[packed >> 4]].id);
        else
            snprintf(got, sizeof got, "%s", bra_type_code_name(type));
        if (strcmp(got, what) != 0)
            fail_msg("token %d of faction %d is %s, not %s", i, f, got, what);
    }
}

/* EX-1. A valid standardized deck: [] and the ids of the BRA-3.12 table. */
static void test_EX_1_valid_standardized_deck(void **state)
{
    (void)state;
    expect("{\"faction\": \"GERMANS\", \"mode\": \"STANDARDIZED\", \"tokens\": {\"DROP\": 4, "
           "\"ABIL\": {\"GER_WEISS\": 3, \"GER_BRANDT\": 3, \"GER_STROH\": 3, \"GER_KESSLER\": "
           "3}, " STD_TAIL ", \"FA\": 8}}",
           "");
    bra_fx *x = bra_fx_open("germans=germans_standard austrians=standardized");
    assert_int_equal(x->c->p.deck_size, 52);
    assert_ids(x, BX_G, 1, 4, "DROP");
    assert_ids(x, BX_G, 5, 7, "ABIL GER_WEISS");
    assert_ids(x, BX_G, 8, 10, "ABIL GER_BRANDT");
    assert_ids(x, BX_G, 11, 13, "ABIL GER_STROH");
    assert_ids(x, BX_G, 14, 16, "ABIL GER_KESSLER");
    assert_ids(x, BX_G, 17, 20, "SPEC");
    assert_ids(x, BX_G, 21, 24, "REFILL");
    assert_ids(x, BX_G, 25, 28, "SUMMON");
    assert_ids(x, BX_G, 29, 32, "CI");
    assert_ids(x, BX_G, 33, 36, "POP");
    assert_ids(x, BX_G, 37, 44, "GOLD");
    assert_ids(x, BX_G, 45, 52, "FA");
    char id[8];
    bra_token_name(x->c, BX_G << 6 | 32, id, sizeof id);
    assert_string_equal(id, "G33");
    bra_fx_close(x);
}

/* EX-2. LOCALS standardized with FA 8 and no BR. */
static void test_EX_2_wrong_records_type(void **state)
{
    (void)state;
    expect("{\"faction\": \"LOCALS\", \"mode\": \"STANDARDIZED\", \"tokens\": {\"DROP\": 4, "
           "\"ABIL\": {\"LOC_GRUBER\": 3, \"LOC_BREWERS\": 3, \"LOC_MARKET\": 3, \"LOC_REITER\": "
           "3}, " STD_TAIL ", \"FA\": 8}}",
           "E_RECORDS_TYPE_FORBIDDEN (FA)\n"
           "E_STD_COMPOSITION (BR, 8, 0)\n"
           "E_STD_COMPOSITION (FA, 0, 8)\n");
}

/* EX-3. Six per agent is allowed in a standard deck, seven is not. */
static void test_EX_3_six_per_agent(void **state)
{
    (void)state;
    expect("{\"faction\": \"AUSTRIANS\", \"mode\": \"STANDARDIZED\", \"tokens\": {\"DROP\": 4, "
           "\"ABIL\": {\"AUT_PICHLER\": 6, \"AUT_AUER\": 6}, " STD_TAIL ", \"FA\": 8}}",
           "");
    expect("{\"faction\": \"AUSTRIANS\", \"mode\": \"STANDARDIZED\", \"tokens\": {\"DROP\": 4, "
           "\"ABIL\": {\"AUT_PICHLER\": 7, \"AUT_AUER\": 5}, " STD_TAIL ", \"FA\": 8}}",
           "E_ABILITY_TOKENS_PER_AGENT (AUT_PICHLER, 7)\n");
}

/* EX-4. Standard decks exclude extended characters, named or declared. */
static void test_EX_4_standard_excludes_extended(void **state)
{
    (void)state;
    expect("{\"faction\": \"GERMANS\", \"mode\": \"STANDARDIZED\", \"tokens\": {\"DROP\": 4, "
           "\"ABIL\": {\"GER_WEISS\": 3, \"GER_BRANDT\": 3, \"GER_STROH\": 3, \"GER_VOLKMAR\": "
           "3}, " STD_TAIL ", \"FA\": 8}}",
           "E_STD_EXTENDED_CHARACTER (GER_VOLKMAR)\n");
    expect("{\"faction\": \"GERMANS\", \"mode\": \"RANDOM_STANDARDIZED\", "
           "\"extended_characters\": [\"GER_VOLKMAR\"]}",
           "E_STD_EXTENDED_CHARACTER (GER_VOLKMAR)\n");
}

/* EX-5. The customized LOCALS deck of BRA-3.9: valid, its ids, and Anna in
 * the reserve at setup. */
static void test_EX_5_valid_customized_deck(void **state)
{
    (void)state;
    expect("{\"faction\": \"LOCALS\", \"mode\": \"CUSTOMIZED\", \"extended_characters\": "
           "[\"LOC_ANNA\"], \"tokens\": {\"DROP\": 4, \"SPEC\": 4, \"REFILL\": 2, \"SUMMON\": 0, "
           "\"CI\": 6, \"POP\": 8, \"GOLD\": 8, \"BR\": 8, \"ABIL\": {\"LOC_REITER\": 6, "
           "\"LOC_ANNA\": 6}}}",
           "");
    bra_fx *x = bra_fx_open("germans=standardized locals=locals_anna");
    assert_ids(x, BX_L, 1, 4, "DROP");
    assert_ids(x, BX_L, 5, 10, "ABIL LOC_REITER");
    assert_ids(x, BX_L, 11, 16, "ABIL LOC_ANNA");
    assert_ids(x, BX_L, 17, 20, "SPEC");
    assert_ids(x, BX_L, 21, 22, "REFILL");
    assert_ids(x, BX_L, 23, 28, "CI");
    assert_ids(x, BX_L, 29, 36, "POP");
    assert_ids(x, BX_L, 37, 44, "GOLD");
    assert_ids(x, BX_L, 45, 52, "BR");
    tt_state_init(x->g, (tt_state *)x->s, 9);
    assert_int_equal(bra_fx_loc(x, "LOC_ANNA"), BRA_RESERVE);
    assert_int_equal(bra_fx_loc(x, "GER_VOLKMAR"), BRA_OUT); /* not in the Germans' roster */
    bra_fx_close(x);
}

/* EX-6. Customized limits broken: per agent, records, drop-offs. */
static void test_EX_6_customized_limits(void **state)
{
    (void)state;
    expect("{\"faction\": \"GERMANS\", \"mode\": \"CUSTOMIZED\", \"tokens\": {\"DROP\": 5, "
           "\"ABIL\": {\"GER_STROH\": 7}, \"FA\": 9, \"GOLD\": 31}}",
           "E_ABILITY_TOKENS_PER_AGENT (GER_STROH, 7)\n"
           "E_RECORDS_LIMIT (9)\n"
           "E_DROPOFF_LIMIT (5)\n");
}

/* EX-7. Size and roster. */
static void test_EX_7_size_and_roster(void **state)
{
    (void)state;
    expect("{\"faction\": \"GERMANS\", \"mode\": \"CUSTOMIZED\", \"tokens\": {\"GOLD\": 50, "
           "\"BR\": 1}}",
           "E_RECORDS_TYPE_FORBIDDEN (BR)\n"
           "E_DECK_SIZE (51)\n");
    expect("{\"faction\": \"LOCALS\", \"mode\": \"CUSTOMIZED\", \"tokens\": {\"GOLD\": 50, "
           "\"ABIL\": {\"LOC_ANNA\": 2}}}",
           "E_CHARACTER_NOT_IN_ROSTER (LOC_ANNA)\n");
}

/* EX-8. A random standardized deck: the same seed, the same split and order;
 * the standard counts; base agents only, 0..6 each, 12 in all. */
static void test_EX_8_random_standardized(void **state)
{
    (void)state;
    expect("{\"faction\": \"AUSTRIANS\", \"mode\": \"RANDOM_STANDARDIZED\"}", "");
    expect("{\"faction\": \"AUSTRIANS\", \"mode\": \"RANDOM_STANDARDIZED\", \"tokens\": "
           "{\"GOLD\": 52}}",
           "E_RANDOM_TOKENS_GIVEN\n");
    bra_fx *x = bra_fx_open("germans=standardized austrians=random");
    bra_fx *y = bra_fx_open("germans=standardized austrians=random");
    tt_state_init(x->g, (tt_state *)x->s, 4242);
    tt_state_init(y->g, (tt_state *)y->s, 4242);
    const bra_fstate *a = &x->s->f[BX_A], *b = &y->s->f[BX_A];
    assert_memory_equal(a->tok, b->tok, sizeof a->tok);
    int count[T_NTYPES] = {0}, split[BRA_MAX_FAGENTS] = {0};
    for (int t = 0; t < 52; t++) {
        count[a->tok[t] & 15]++;
        if ((a->tok[t] & 15) == T_ABIL)
            split[a->tok[t] >> 4]++;
    }
    int want[T_NTYPES] = {4, 12, 4, 4, 4, 4, 4, 8, 0, 8};
    assert_memory_equal(count, want, sizeof want);
    int total = 0;
    for (int k = 0; k < x->c->f[BX_A].nagents; k++) {
        assert_true(split[k] <= 6);
        total += split[k];
        if (x->c->a[x->c->f[BX_A].agent[k]].extended)
            assert_int_equal(split[k], 0); /* AUT_THALHEIM */
    }
    assert_int_equal(total, 12);
    /* the same shuffled order: the deck and the two free tokens */
    assert_int_equal(a->ndeck, 50);
    assert_memory_equal(a->deck, b->deck, a->ndeck * sizeof *a->deck);
    assert_true(a->stash == b->stash);
    /* another seed draws another split or order */
    tt_state_init(y->g, (tt_state *)y->s, 4243);
    assert_true(memcmp(a->tok, b->tok, sizeof a->tok) != 0 || memcmp(a->deck, b->deck, 50) != 0);
    bra_fx_close(x);
    bra_fx_close(y);
}

/* EX-9. The two free tokens of setup (BRA-4.1 step 8). */
static void test_EX_9_free_tokens(void **state)
{
    (void)state;
    bra_fx *x = bra_fx_open(NULL);
    tt_state_init(x->g, (tt_state *)x->s, 77);
    tt_error err = {0};
    assert_int_equal(tt_rig(x->g, (tt_state *)x->s, "germans_deck", "G17 G08 G33 G45 G21", &err),
                     TT_OK);
    const bra_fstate *f = &x->s->f[BX_G];
    assert_int_equal(bra_stash_size(f), 2);
    assert_true(bra_fx_in_stash(x, "G17") && bra_fx_in_stash(x, "G08"));
    assert_int_equal(f->ndeck, 50);
    assert_int_equal(bra_fx_deck_at(x, BX_G, 0), bra_fx_tok(x, "G33"));
    assert_int_equal(bra_fx_deck_at(x, BX_G, 1), bra_fx_tok(x, "G45"));
    assert_int_equal(f->gold, 2);
    if (x->s->active == x->c->faction_seat[BX_G])
        assert_int_equal(f->ap, 6); /* no AP spent */
    /* the public sees a stash of 2, not what is in it */
    char *v = tt_view_json(x->g, (const tt_state *)x->s, TT_VIEW_SPECTATOR);
    assert_non_null(strstr(v, "\"faction\":\"germans\",\"seat\":0"));
    assert_non_null(strstr(v, "\"stash\":2"));
    assert_null(strstr(v, "G17"));
    free(v);
    bra_fx_close(x);
}

/* BRA-3.3: a deck holds 52 tokens, G01 … G52, and the sanity checker knows
 * no G53 or later in a stash or a discard pile. */
static void test_BRA_3_3_no_token_beyond_52(void **state)
{
    (void)state;
    bra_fx *x = bra_fx_open(NULL);
    tt_error err = {0};
    bra_fstate *f = &x->s->f[BX_G];
    assert_int_equal(f->ndeck + bra_stash_size(f), 52);
    assert_int_equal(bra_fx_tok(x, "G52"), 51);
    assert_int_equal(bra_token_parse(x->c, "G53"), -1);
    f->discard |= 1ull << 52;
    assert_int_equal(tt_sanity(x->g, (const tt_state *)x->s, &err), TT_ESTATE);
    assert_string_equal(err.msg, "GERMANS: a token beyond the deck's 52 is in play");
    f->discard = 0;
    f->stash |= 1ull << 63;
    assert_int_equal(tt_sanity(x->g, (const tt_state *)x->s, &err), TT_ESTATE);
    f->stash &= ~(1ull << 63);
    bra_fx_sane(x);
    bra_fx_close(x);
}

/* BRA-3.11: 2 or 3 decks, one per faction. */
static void test_BRA_3_11_player_count(void **state)
{
    (void)state;
    tt_game *g = NULL;
    tt_error err = {0};
    assert_int_equal(tt_game_new("braunau", "locals=standardized", &g, &err), TT_EARG);
    assert_null(g);
    assert_string_equal(err.rule, "BRA-3.11");
    assert_int_equal(strncmp(err.msg, "E_PLAYER_COUNT: 1 deck;", 23), 0);
    assert_int_equal(tt_game_new("braunau", "germans=locals_anna austrians=random", &g, &err),
                     TT_ECONTENT);
    assert_string_equal(err.rule, "BRA-3.1");
    assert_int_equal(tt_game_new("braunau", "germans=random locals=random", &g, &err), TT_OK);
    assert_int_equal(tt_game_players(g), 2);
    assert_string_equal(tt_player_name(g, 0), "germans");
    assert_string_equal(tt_player_name(g, 1), "locals");
    tt_game_free(g);
}

static uint64_t mix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* A count of d: slot 0 .. T_NTYPES - 1 a type (ABIL none), then the agents. */
static uint8_t *deck_slot(bra_deck *d, int slot)
{
    return slot < T_NTYPES ? &d->count[slot == T_ABIL ? T_DROP : slot] : &d->abil[slot - T_NTYPES];
}

/* BRA-3.10: the checks run on a declaration in memory (what determinization
 * uses) find exactly what the file checks of `deck validate` find first, on
 * legal decks of every mode and on decks broken a few tokens at a time. */
static void test_BRA_3_10_checks_in_memory_agree(void **state)
{
    (void)state;
    bra_fx *x = bra_fx_open("germans=germans_intrigue austrians=random locals=locals_anna");
    const bra_content *c = x->c;
    uint64_t rng = 310;
    int legal = 0, seen[17] = {0};
    char json[1024];
    for (int i = 0; i < 5000; i++) {
        int f = (int)(mix(&rng) % BRA_NF), nslots = T_NTYPES + c->f[f].nagents;
        bra_deck d = c->deck[f];
        if (d.mode == DM_STANDARDIZED || mix(&rng) % 2)
            bra_deck_standard(c, f, &d);
        if (mix(&rng) % 2) { /* the split a random deck may deal */
            tt_rng r;
            tt_rng_seed(&r, mix(&rng));
            bra_deck_random_split(c, f, &r, &d);
            d.mode = DM_RANDOM;
        }
        for (int k = (int)(mix(&rng) % 4); k > 0; k--) {
            uint8_t *from = deck_slot(&d, (int)(mix(&rng) % (uint64_t)nslots));
            uint8_t *to = deck_slot(&d, (int)(mix(&rng) % (uint64_t)nslots));
            switch (mix(&rng) % 6) {
            case 0: d.mode = (uint8_t)(mix(&rng) % 3); break;
            case 1: d.extended ^= (uint8_t)(1u << mix(&rng) % c->f[f].nagents); break;
            case 2:
                (*to)++; /* one token too many */
                break;
            default: /* one token becomes another */
                if (*from) {
                    (*from)--;
                    (*to)++;
                }
            }
        }
        d.count[T_ABIL] = 0;
        for (int k = 0; k < c->f[f].nagents; k++)
            d.count[T_ABIL] = (uint8_t)(d.count[T_ABIL] + d.abil[k]);
        int want = bra_fx_deck_first_check(c, bra_fx_deck_json(c, &d, json, sizeof json));
        if (bra_deck_broken(c, &d) != want)
            fail_msg("%s: the file checks say V%d, the in-memory ones V%d", json, want,
                     bra_deck_broken(c, &d));
        legal += !want;
        seen[want]++;
    }
    assert_true(legal > 500 && legal < 4500);
    for (int check = 6; check <= 16; check++) /* V7, V8 name no agent in memory */
        if (check != 7 && check != 8 && !seen[check])
            fail_msg("no declaration broke V%d first", check);
    bra_fx_close(x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_1_valid_standardized_deck),
        cmocka_unit_test(test_EX_2_wrong_records_type),
        cmocka_unit_test(test_EX_3_six_per_agent),
        cmocka_unit_test(test_EX_4_standard_excludes_extended),
        cmocka_unit_test(test_EX_5_valid_customized_deck),
        cmocka_unit_test(test_EX_6_customized_limits),
        cmocka_unit_test(test_EX_7_size_and_roster),
        cmocka_unit_test(test_EX_8_random_standardized),
        cmocka_unit_test(test_EX_9_free_tokens),
        cmocka_unit_test(test_BRA_3_3_no_token_beyond_52),
        cmocka_unit_test(test_BRA_3_11_player_count),
        cmocka_unit_test(test_BRA_3_10_checks_in_memory_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
