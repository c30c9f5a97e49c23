/* Ordered piles of card ids with a fixed capacity, for flat states.
 *
 * A pile is a byte array plus a count that the owning struct declares with the
 * capacity it needs (decks, hands, discard piles, columns). Index 0 is the
 * bottom, n-1 the top, so drawing is O(1). Order is kept on removal, because
 * discard piles and hands are shown in order. Capacity is the caller's
 * invariant: asserted, never silently exceeded. */
#ifndef TT_CORE_PILE_H
#define TT_CORE_PILE_H

#include <assert.h>
#include <stdint.h>
#include <string.h>

static inline void tt_pile_push(uint8_t *pile, uint8_t *n, int cap, uint8_t card)
{
    assert(*n < cap);
    (void)cap;
    pile[(*n)++] = card;
}

static inline uint8_t tt_pile_pop(uint8_t *pile, uint8_t *n)
{
    assert(*n > 0);
    return pile[--(*n)];
}

/* Index of card in the pile, or -1. */
static inline int tt_pile_find(const uint8_t *pile, int n, uint8_t card)
{
    const void *p = memchr(pile, card, (size_t)n);
    return p ? (int)((const uint8_t *)p - pile) : -1;
}

static inline void tt_pile_remove_at(uint8_t *pile, uint8_t *n, int i)
{
    assert(i >= 0 && i < *n);
    memmove(pile + i, pile + i + 1, (size_t)(*n - i - 1));
    (*n)--;
}

/* Removes card if present; returns 1 if it was there. */
static inline int tt_pile_remove(uint8_t *pile, uint8_t *n, uint8_t card)
{
    int i = tt_pile_find(pile, *n, card);
    if (i < 0)
        return 0;
    tt_pile_remove_at(pile, n, i);
    return 1;
}

#endif
