/* The flat containers of src/core: piles of card ids (pile.h), token pools
 * (pool.h) and the pending-decision stack (stack.h).
 *
 * Piles: 16-bit ids; index 0 is the bottom, n-1 the top; removal keeps the
 * order of the rest (discard piles and hands are shown in order), and so does
 * stacking the top (rig). Piles sharing one array lie in order, each after
 * the one before, and a move shifts only the cards between. Pools: take and put never
 * leave 0..cap. Stack: last in, first out; a pushed frame starts clean. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/pile.h"
#include "core/pool.h"
#include "core/stack.h"

#define CAP 8

/* --- piles ---------------------------------------------------------------------- */

typedef uint16_t u16;
#define U16S(...) ((u16[]){__VA_ARGS__})
#define assert_pile_equal(p, n, ...)                                                               \
    do {                                                                                           \
        assert_int_equal((n), sizeof U16S(__VA_ARGS__) / sizeof(u16));                             \
        assert_memory_equal((p), U16S(__VA_ARGS__), sizeof U16S(__VA_ARGS__));                     \
    } while (0)

static void test_pile_push_pop_is_last_in_first_out(void **state)
{
    (void)state;
    u16 pile[CAP], n = 0;
    tt_pile_push(pile, &n, CAP, 10);
    tt_pile_push(pile, &n, CAP, 20);
    tt_pile_push(pile, &n, CAP, 30);
    assert_int_equal(n, 3);
    assert_int_equal(pile[0], 10); /* bottom */
    assert_int_equal(pile[2], 30); /* top */
    assert_int_equal(tt_pile_pop(pile, &n), 30);
    assert_int_equal(tt_pile_pop(pile, &n), 20);
    assert_int_equal(n, 1);
    tt_pile_push(pile, &n, CAP, 40);
    assert_int_equal(tt_pile_pop(pile, &n), 40);
    assert_int_equal(tt_pile_pop(pile, &n), 10);
    assert_int_equal(n, 0);
}

static void test_pile_fills_to_capacity(void **state)
{
    (void)state;
    u16 pile[CAP + 1], n = 0;
    pile[CAP] = 0xEEEE; /* canary */
    for (int i = 0; i < CAP; i++)
        tt_pile_push(pile, &n, CAP, (u16)i);
    assert_int_equal(n, CAP);
    assert_int_equal(pile[CAP], 0xEEEE);
    for (int i = CAP - 1; i >= 0; i--)
        assert_int_equal(tt_pile_pop(pile, &n), i);
}

/* Ids past a byte: a pile names any of 512 instances and more. */
static void test_pile_holds_ids_beyond_a_byte(void **state)
{
    (void)state;
    u16 pile[CAP], n = 0;
    tt_pile_push(pile, &n, CAP, 511);
    tt_pile_push(pile, &n, CAP, 256);
    tt_pile_push(pile, &n, CAP, 0);
    tt_pile_push(pile, &n, CAP, 0xFFFF);
    assert_int_equal(tt_pile_find(pile, n, 256), 1);
    assert_int_equal(tt_pile_find(pile, n, 0x1FF), 0);
    assert_int_equal(tt_pile_find(pile, n, 0xFF), -1); /* a low byte alone is no match */
    assert_int_equal(tt_pile_remove(pile, &n, 256), 1);
    assert_pile_equal(pile, n, 511, 0, 0xFFFF);
    assert_int_equal(tt_pile_pop(pile, &n), 0xFFFF);
    assert_int_equal(tt_pile_pop(pile, &n), 0);
    assert_int_equal(tt_pile_pop(pile, &n), 511);
}

static void test_pile_find_gives_the_first_copy_from_the_bottom(void **state)
{
    (void)state;
    u16 pile[] = {5, 7, 5, 0, 255};
    assert_int_equal(tt_pile_find(pile, 5, 5), 0);
    assert_int_equal(tt_pile_find(pile, 5, 7), 1);
    assert_int_equal(tt_pile_find(pile, 5, 0), 3);
    assert_int_equal(tt_pile_find(pile, 5, 255), 4);
    assert_int_equal(tt_pile_find(pile, 5, 6), -1);
    /* only the first n entries are the pile */
    assert_int_equal(tt_pile_find(pile, 3, 0), -1);
    assert_int_equal(tt_pile_find(pile, 0, 5), -1);
}

static void test_pile_remove_at_keeps_the_order_of_the_rest(void **state)
{
    (void)state;
    u16 pile[] = {1, 2, 3, 4, 5, 0xEEEE}, n = 5;
    tt_pile_remove_at(pile, &n, 1); /* from the middle */
    assert_pile_equal(pile, n, 1, 3, 4, 5);
    tt_pile_remove_at(pile, &n, 3); /* the top */
    assert_pile_equal(pile, n, 1, 3, 4);
    tt_pile_remove_at(pile, &n, 0); /* the bottom */
    assert_pile_equal(pile, n, 3, 4);
    assert_int_equal(pile[5], 0xEEEE);
}

static void test_pile_insert_at_moves_the_cards_above_up(void **state)
{
    (void)state;
    u16 pile[CAP] = {1, 2, 3}, n = 3;
    tt_pile_insert_at(pile, &n, CAP, 0, 400); /* under the bottom */
    assert_pile_equal(pile, n, 400, 1, 2, 3);
    tt_pile_insert_at(pile, &n, CAP, 2, 500); /* in the middle */
    assert_pile_equal(pile, n, 400, 1, 500, 2, 3);
    tt_pile_insert_at(pile, &n, CAP, n, 600); /* on top: a push */
    assert_pile_equal(pile, n, 400, 1, 500, 2, 3, 600);
    assert_int_equal(tt_pile_pop(pile, &n), 600);
}

static void test_pile_remove_takes_one_copy_only(void **state)
{
    (void)state;
    u16 pile[] = {9, 4, 9, 6}, n = 4;
    assert_int_equal(tt_pile_remove(pile, &n, 9), 1);
    assert_pile_equal(pile, n, 4, 9, 6);
    assert_int_equal(tt_pile_remove(pile, &n, 9), 1);
    assert_pile_equal(pile, n, 4, 6);
}

static void test_pile_remove_of_an_absent_card_changes_nothing(void **state)
{
    (void)state;
    u16 pile[] = {1, 2, 3}, n = 3;
    assert_int_equal(tt_pile_remove(pile, &n, 7), 0);
    assert_pile_equal(pile, n, 1, 2, 3);
    u16 empty[1] = {7}, n0 = 0;
    assert_int_equal(tt_pile_remove(empty, &n0, 7), 0); /* beyond n: not there */
    assert_int_equal(n0, 0);
}

/* rig: the named cards on top, the first named drawn first, the rest in order */
static void test_pile_stack_top_puts_the_first_named_on_top(void **state)
{
    (void)state;
    u16 pile[] = {1, 2, 3, 4, 5, 6, 0xEEEE};
    assert_int_equal(tt_pile_stack_top(pile, 6, U16S(2, 6, 4), 3), 0);
    assert_pile_equal(pile, 6, 1, 3, 5, 4, 6, 2);
    assert_int_equal(pile[6], 0xEEEE);
    u16 n = 6;
    assert_int_equal(tt_pile_pop(pile, &n), 2);
    assert_int_equal(tt_pile_pop(pile, &n), 6);
    assert_int_equal(tt_pile_pop(pile, &n), 4);
}

static void test_pile_stack_top_of_the_top_or_of_nothing_changes_nothing(void **state)
{
    (void)state;
    u16 pile[] = {1, 2, 3};
    assert_int_equal(tt_pile_stack_top(pile, 3, U16S(3, 2), 2), 0);
    assert_pile_equal(pile, 3, 1, 2, 3);
    assert_int_equal(tt_pile_stack_top(pile, 3, NULL, 0), 0);
    assert_pile_equal(pile, 3, 1, 2, 3);
    assert_int_equal(tt_pile_stack_top(pile, 3, U16S(3, 2, 1), 3), 0);
    assert_pile_equal(pile, 3, 1, 2, 3);
    assert_int_equal(tt_pile_stack_top(pile, 3, U16S(1, 2, 3), 3), 0); /* the whole pile */
    assert_pile_equal(pile, 3, 3, 2, 1);
}

/* A card named twice takes two copies, the topmost first; the rest stay put. */
static void test_pile_stack_top_takes_the_topmost_copies(void **state)
{
    (void)state;
    u16 pile[] = {7, 1, 7, 2, 7, 3};
    assert_int_equal(tt_pile_stack_top(pile, 6, U16S(7), 1), 0);
    assert_pile_equal(pile, 6, 7, 1, 7, 2, 3, 7);
    u16 again[] = {7, 1, 7, 2, 7, 3};
    assert_int_equal(tt_pile_stack_top(again, 6, U16S(2, 7, 7), 3), 0);
    assert_pile_equal(again, 6, 7, 1, 3, 7, 7, 2);
}

static void test_pile_stack_top_of_a_missing_card_changes_nothing(void **state)
{
    (void)state;
    u16 pile[] = {1, 2, 3, 2};
    /* 3 is there but 9 is not: 3 must not have moved */
    assert_int_equal(tt_pile_stack_top(pile, 4, U16S(3, 9), 2), -1);
    assert_pile_equal(pile, 4, 1, 2, 3, 2);
    /* two copies of 2, named three times */
    assert_int_equal(tt_pile_stack_top(pile, 4, U16S(2, 1, 2, 2), 4), -1);
    assert_pile_equal(pile, 4, 1, 2, 3, 2);
    /* beyond n is not the pile */
    assert_int_equal(tt_pile_stack_top(pile, 2, U16S(3), 1), -1);
    assert_pile_equal(pile, 4, 1, 2, 3, 2);
    assert_int_equal(tt_pile_stack_top(pile, 0, U16S(1), 1), -1);
    assert_int_equal(tt_pile_stack_top(pile, 4, U16S(0x101), 1), -1); /* no byte aliasing */
    assert_pile_equal(pile, 4, 1, 2, 3, 2);
}

/* --- pools ---------------------------------------------------------------------- */

static void test_pool_take_gives_what_is_left(void **state)
{
    (void)state;
    tt_pool p = {.n = 5, .cap = 20};
    assert_int_equal(tt_pool_take(&p, 3), 3);
    assert_int_equal(p.n, 2);
    assert_int_equal(tt_pool_take(&p, 3), 2); /* runs out: fewer */
    assert_int_equal(p.n, 0);
    assert_int_equal(tt_pool_take(&p, 1), 0);
    assert_int_equal(p.n, 0);
}

static void test_pool_take_of_nothing_or_less_takes_nothing(void **state)
{
    (void)state;
    tt_pool p = {.n = 4, .cap = 4};
    assert_int_equal(tt_pool_take(&p, 0), 0);
    assert_int_equal(tt_pool_take(&p, -3), 0);
    assert_int_equal(p.n, 4);
}

static void test_pool_put_stops_at_its_size(void **state)
{
    (void)state;
    tt_pool p = {.n = 18, .cap = 20};
    tt_pool_put(&p, 1);
    assert_int_equal(p.n, 19);
    tt_pool_put(&p, 5);
    assert_int_equal(p.n, 20);
    tt_pool_put(&p, 0);
    assert_int_equal(p.n, 20);
    assert_int_equal(tt_pool_take(&p, 20), 20);
    tt_pool_put(&p, 20);
    assert_int_equal(p.n, 20);
}

/* --- the pending-decision stack ---------------------------------------------------- */

#define DEPTH 24
typedef TT_STACK(DEPTH) test_stack;

static void test_stack_starts_empty(void **state)
{
    (void)state;
    test_stack s;
    memset(&s, 0, sizeof s);
    assert_null(tt_stack_top(&s));
    assert_null(tt_stack_peek(&s));
}

static void test_stack_push_pop_is_last_in_first_out(void **state)
{
    (void)state;
    test_stack s;
    memset(&s, 0, sizeof s);
    tt_frame *f = tt_stack_push(&s, 3, 1);
    f->a = 7;
    tt_stack_push(&s, 4, 0)->a = 8;
    assert_int_equal(s.n, 2);
    assert_int_equal(tt_stack_peek(&s)->kind, 4);
    assert_int_equal(tt_stack_peek(&s)->a, 8);
    assert_ptr_equal(tt_stack_top(&s), tt_stack_peek(&s));
    tt_stack_top(&s)->b = 9; /* top is the frame itself, not a copy */
    assert_int_equal(s.f[1].b, 9);
    tt_stack_pop(&s);
    assert_int_equal(s.n, 1);
    assert_int_equal(tt_stack_peek(&s)->kind, 3);
    assert_int_equal(tt_stack_peek(&s)->player, 1);
    assert_int_equal(tt_stack_peek(&s)->a, 7);
    tt_stack_pop(&s);
    assert_null(tt_stack_peek(&s));
}

static void test_stack_push_gives_a_clean_frame(void **state)
{
    (void)state;
    test_stack s;
    memset(&s, 0xAB, sizeof s); /* whatever was there before */
    s.n = 0;
    tt_frame *f = tt_stack_push(&s, 5, 2);
    tt_frame want = {.kind = 5, .player = 2};
    assert_memory_equal(f, &want, sizeof want);
    /* a frame popped and pushed again forgets its arguments */
    f->a = f->b = f->c = f->d = f->e = f->f = 1;
    tt_stack_pop(&s);
    f = tt_stack_push(&s, 6, 0);
    want = (tt_frame){.kind = 6};
    assert_memory_equal(f, &want, sizeof want);
}

static void test_stack_holds_its_capacity(void **state)
{
    (void)state;
    test_stack s;
    memset(&s, 0, sizeof s);
    for (int i = 0; i < DEPTH; i++)
        tt_stack_push(&s, (uint8_t)(i + 1), 0)->a = (uint8_t)i;
    assert_int_equal(s.n, DEPTH);
    for (int i = DEPTH - 1; i >= 0; i--) {
        assert_int_equal(tt_stack_peek(&s)->kind, i + 1);
        assert_int_equal(tt_stack_peek(&s)->a, i);
        tt_stack_pop(&s);
    }
    assert_int_equal(s.n, 0);
}

/* --- piles sharing one array ---------------------------------------------------- */

enum { DECK, HAND, DISCARD, NPILES };

/* A deck of 5 (10 at the bottom … 14 at the top), a hand of 2 (20, 21) and a
 * discard pile of 1 (30), in one array of room CAP. */
static void deal(u16 *cards, u16 *n)
{
    u16 init[] = {10, 11, 12, 13, 14, 20, 21, 30};
    memcpy(cards, init, sizeof init);
    n[DECK] = 5, n[HAND] = 2, n[DISCARD] = 1;
}

static void test_piles_start_after_the_piles_before(void **state)
{
    (void)state;
    u16 cards[CAP], n[NPILES];
    deal(cards, n);
    assert_int_equal(tt_piles_start(n, DECK), 0);
    assert_int_equal(tt_piles_start(n, HAND), 5);
    assert_int_equal(tt_piles_start(n, DISCARD), 7);
    assert_int_equal(tt_piles_start(n, NPILES), 8);
    n[HAND] = 0; /* an empty pile takes no room: the next starts where it would */
    assert_int_equal(tt_piles_start(n, DISCARD), 5);
}

static void test_piles_move_to_the_next_top_shifts_that_pile_only(void **state)
{
    (void)state;
    u16 cards[CAP], n[NPILES];
    deal(cards, n);
    /* a draw: the deck's top to the hand's top */
    assert_int_equal(tt_piles_move(cards, n, DECK, n[DECK] - 1, HAND, n[HAND]), 14);
    assert_pile_equal(n, 3, 4, 3, 1);
    assert_pile_equal(cards, 8, 10, 11, 12, 13, 20, 21, 14, 30);
}

static void test_piles_move_down_or_up_keeps_every_other_order(void **state)
{
    (void)state;
    u16 cards[CAP], n[NPILES];
    deal(cards, n);
    /* the hand's bottom card to the top of the discard pile */
    assert_int_equal(tt_piles_move(cards, n, HAND, 0, DISCARD, n[DISCARD]), 20);
    assert_pile_equal(n, 3, 5, 1, 2);
    assert_pile_equal(cards, 8, 10, 11, 12, 13, 14, 21, 30, 20);
    /* the discard pile's bottom card to the bottom of the deck */
    assert_int_equal(tt_piles_move(cards, n, DISCARD, 0, DECK, 0), 30);
    assert_pile_equal(n, 3, 6, 1, 1);
    assert_pile_equal(cards, 8, 30, 10, 11, 12, 13, 14, 21, 20);
    /* within one pile: the deck's bottom card to its top */
    assert_int_equal(tt_piles_move(cards, n, DECK, 0, DECK, n[DECK] - 1), 30);
    assert_pile_equal(n, 3, 6, 1, 1);
    assert_pile_equal(cards, 8, 10, 11, 12, 13, 14, 30, 21, 20);
}

static void test_piles_insert_and_remove_shift_the_cards_above(void **state)
{
    (void)state;
    u16 cards[CAP], n[NPILES];
    deal(cards, n);
    assert_int_equal(tt_piles_remove_at(cards, n, NPILES, DECK, 1), 11);
    assert_pile_equal(n, 3, 4, 2, 1);
    assert_pile_equal(cards, 7, 10, 12, 13, 14, 20, 21, 30);
    tt_piles_insert_at(cards, n, NPILES, CAP, HAND, 1, 600); /* ids beyond a byte */
    assert_pile_equal(n, 3, 4, 3, 1);
    assert_pile_equal(cards, 8, 10, 12, 13, 14, 20, 600, 21, 30);
    assert_int_equal(tt_piles_remove_at(cards, n, NPILES, DISCARD, 0), 30);
    tt_piles_insert_at(cards, n, NPILES, CAP, DISCARD, 0, 31); /* the last pile's top: no shift */
    assert_pile_equal(cards, 8, 10, 12, 13, 14, 20, 600, 21, 31);
}

/* The array is shared, so the piles together fill it, whichever holds what. */
static void test_piles_fill_their_array_together(void **state)
{
    (void)state;
    u16 cards[CAP], n[NPILES] = {0, 0, 0};
    for (int k = 0; k < CAP; k++)
        tt_piles_insert_at(cards, n, NPILES, CAP, k % NPILES, 0, (u16)k);
    assert_pile_equal(n, 3, 3, 3, 2);
    assert_pile_equal(cards, CAP, 6, 3, 0, 7, 4, 1, 5, 2);
}

/* Flat states compare by bytes: a frame has no padding, a stack none inside. */
static void test_stack_is_flat(void **state)
{
    (void)state;
    assert_int_equal(sizeof(tt_frame), 14);
    assert_int_equal(sizeof(test_stack), 2 + 14 * DEPTH); /* n, a byte of padding, frames */
    assert_int_equal(sizeof(tt_pool), 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pile_push_pop_is_last_in_first_out),
        cmocka_unit_test(test_pile_fills_to_capacity),
        cmocka_unit_test(test_pile_holds_ids_beyond_a_byte),
        cmocka_unit_test(test_pile_find_gives_the_first_copy_from_the_bottom),
        cmocka_unit_test(test_pile_remove_at_keeps_the_order_of_the_rest),
        cmocka_unit_test(test_pile_insert_at_moves_the_cards_above_up),
        cmocka_unit_test(test_pile_remove_takes_one_copy_only),
        cmocka_unit_test(test_pile_remove_of_an_absent_card_changes_nothing),
        cmocka_unit_test(test_pile_stack_top_puts_the_first_named_on_top),
        cmocka_unit_test(test_pile_stack_top_of_the_top_or_of_nothing_changes_nothing),
        cmocka_unit_test(test_pile_stack_top_takes_the_topmost_copies),
        cmocka_unit_test(test_pile_stack_top_of_a_missing_card_changes_nothing),
        cmocka_unit_test(test_piles_start_after_the_piles_before),
        cmocka_unit_test(test_piles_move_to_the_next_top_shifts_that_pile_only),
        cmocka_unit_test(test_piles_move_down_or_up_keeps_every_other_order),
        cmocka_unit_test(test_piles_insert_and_remove_shift_the_cards_above),
        cmocka_unit_test(test_piles_fill_their_array_together),
        cmocka_unit_test(test_pool_take_gives_what_is_left),
        cmocka_unit_test(test_pool_take_of_nothing_or_less_takes_nothing),
        cmocka_unit_test(test_pool_put_stops_at_its_size),
        cmocka_unit_test(test_stack_starts_empty),
        cmocka_unit_test(test_stack_push_pop_is_last_in_first_out),
        cmocka_unit_test(test_stack_push_gives_a_clean_frame),
        cmocka_unit_test(test_stack_holds_its_capacity),
        cmocka_unit_test(test_stack_is_flat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
