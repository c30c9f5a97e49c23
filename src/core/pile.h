/* Ordered piles of card ids with a fixed capacity, for flat states.
 *
 * A pile is a uint16_t array plus a uint16_t count that the owning struct
 * declares with the capacity it needs (decks, hands, discard piles, columns),
 * so an id may name any of hundreds of card instances (512 and beyond). Index
 * 0 is the bottom, n-1 the top, so drawing is O(1). Order is kept on removal,
 * because discard piles and hands are shown in order. Capacity is the
 * caller's invariant: asserted, never silently exceeded. */
#ifndef TT_CORE_PILE_H
#define TT_CORE_PILE_H

#include <assert.h>
#include <stdint.h>
#include <string.h>

static inline void tt_pile_push(uint16_t *pile, uint16_t *n, int cap, uint16_t card)
{
    assert(*n < cap);
    (void)cap;
    pile[(*n)++] = card;
}

static inline uint16_t tt_pile_pop(uint16_t *pile, uint16_t *n)
{
    assert(*n > 0);
    return pile[--(*n)];
}

/* Index of the first copy of card from the bottom, or -1. */
static inline int tt_pile_find(const uint16_t *pile, int n, uint16_t card)
{
    for (int i = 0; i < n; i++)
        if (pile[i] == card)
            return i;
    return -1;
}

static inline void tt_pile_remove_at(uint16_t *pile, uint16_t *n, int i)
{
    assert(i >= 0 && i < *n);
    memmove(pile + i, pile + i + 1, (size_t)(*n - i - 1) * sizeof *pile);
    (*n)--;
}

/* Puts card at index i (0: the bottom, *n: the top), the cards from i up
 * moving one place up. */
static inline void tt_pile_insert_at(uint16_t *pile, uint16_t *n, int cap, int i, uint16_t card)
{
    assert(*n < cap && i >= 0 && i <= *n);
    (void)cap;
    memmove(pile + i + 1, pile + i, (size_t)(*n - i) * sizeof *pile);
    pile[i] = card;
    (*n)++;
}

/* Removes card if present; returns 1 if it was there. */
static inline int tt_pile_remove(uint16_t *pile, uint16_t *n, uint16_t card)
{
    int i = tt_pile_find(pile, *n, card);
    if (i < 0)
        return 0;
    tt_pile_remove_at(pile, n, i);
    return 1;
}

/* Stacks the pile (rigging a deck): moves want[0..nwant-1] to the top so that
 * want[0] is drawn first, want[1] next, and so on; the rest keep their
 * relative order below them. Each entry of want takes one copy of its card,
 * the topmost one not yet taken. Returns 0, or -1 when some card of want is
 * not in the pile as many times as want names it; then nothing changed. */
static inline int tt_pile_stack_top(uint16_t *pile, int n, const uint16_t *want, int nwant)
{
    for (int k = 0; k < nwant; k++) { /* all or nothing: count before moving */
        int named = 0, held = 0;
        for (int j = 0; j <= k; j++)
            named += want[j] == want[k];
        for (int i = 0; i < n; i++)
            held += pile[i] == want[k];
        if (held < named)
            return -1;
    }
    for (int k = 0; k < nwant; k++) {
        int top = n - 1 - k, i = top; /* pile[top+1 ..] holds want[0 .. k-1] */
        while (pile[i] != want[k])
            i--;
        memmove(pile + i, pile + i + 1, (size_t)(top - i) * sizeof *pile);
        pile[top] = want[k];
    }
    return 0;
}

#endif
