/* Ordered piles of card ids with a fixed capacity, for flat states.
 *
 * A pile is a uint16_t array plus a uint16_t count that the owning struct
 * declares with the capacity it needs (decks, hands, discard piles, columns),
 * so an id may name any of hundreds of card instances (512 and beyond). Index
 * 0 is the bottom, n-1 the top, so drawing is O(1). Order is kept on removal,
 * because discard piles and hands are shown in order. Capacity is the
 * caller's invariant: asserted, never silently exceeded.
 *
 * Piles sharing one array (tt_piles_…): when a card is in at most one of k
 * piles at a time (a side's deck, hand and discard pile), the k piles can
 * share one array of that many cards instead of taking one each. They lie in
 * order, each right after the one before: pile j starts at n[0] + … +
 * n[j-1] (n: the k counts), its index 0 its bottom as above, and the free
 * space is after the last. A card that moves shifts only the cards between
 * its old place and its new one, so the pile that grows most at its top goes
 * last (a discard pile), and a card moving to the next pile's top (deck to
 * hand) shifts only that pile. */
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

/* --- piles sharing one array --------------------------------------------- */

/* Index in the shared array of the bottom of pile j (0 for the first); with
 * j = k, the number of cards in all k piles. */
static inline int tt_piles_start(const uint16_t *n, int j)
{
    int start = 0;
    for (int i = 0; i < j; i++)
        start += n[i];
    return start;
}

/* Puts card at index i of pile j (0: its bottom, n[j]: its top), in the array
 * `cards` of room `cap` shared by k piles; the cards above it, in pile j and
 * in the piles after it, move one place up. */
static inline void tt_piles_insert_at(uint16_t *cards, uint16_t *n, int k, int cap, int j, int i,
                                      uint16_t card)
{
    int at = tt_piles_start(n, j) + i, total = tt_piles_start(n, k);
    assert(total < cap && i >= 0 && i <= n[j]);
    (void)cap;
    memmove(cards + at + 1, cards + at, (size_t)(total - at) * sizeof *cards);
    cards[at] = card;
    n[j]++;
}

/* Takes out and returns the card at index i of pile j; the cards above it
 * move one place down. */
static inline uint16_t tt_piles_remove_at(uint16_t *cards, uint16_t *n, int k, int j, int i)
{
    int at = tt_piles_start(n, j) + i, total = tt_piles_start(n, k);
    assert(i >= 0 && i < n[j]);
    uint16_t card = cards[at];
    memmove(cards + at, cards + at + 1, (size_t)(total - at - 1) * sizeof *cards);
    n[j]--;
    return card;
}

/* Moves the card at index i of pile `from` to index `to_i` of pile `to`,
 * counted once the card has left (n[to]: its top), and returns it; the
 * cards between the two places move one place, the rest stay. */
static inline uint16_t tt_piles_move(uint16_t *cards, uint16_t *n, int from, int i, int to,
                                     int to_i)
{
    assert(i >= 0 && i < n[from]);
    int a = tt_piles_start(n, from) + i;
    n[from]--;
    assert(to_i >= 0 && to_i <= n[to]);
    int b = tt_piles_start(n, to) + to_i; /* its place once moved */
    uint16_t card = cards[a];
    if (a < b)
        memmove(cards + a, cards + a + 1, (size_t)(b - a) * sizeof *cards);
    else
        memmove(cards + b + 1, cards + b, (size_t)(a - b) * sizeof *cards);
    cards[b] = card;
    n[to]++;
    return card;
}

#endif
