/* The pending-decision stack: what the game still has to do, and who decides.
 *
 * A compound decision (pay "discard 3", pick targets, resolve an effect list
 * that stops for a shield prompt) becomes frames on this stack, each small and
 * fixed-size, so a state stays flat and a choice stays atomic. The game gives
 * `kind` and the argument bytes their meaning; the top frame is what happens
 * next. */
#ifndef TT_CORE_STACK_H
#define TT_CORE_STACK_H

#include <assert.h>
#include <stdint.h>

#define TT_STACK_MAX 24

typedef struct tt_frame {
    uint8_t kind;   /* game-specific; 0 is never used */
    uint8_t player; /* who decides, for decision frames */
    uint8_t a, b, c, d, e, f; /* arguments */
} tt_frame;

typedef struct tt_stack {
    uint8_t n;
    tt_frame f[TT_STACK_MAX];
} tt_stack;

static inline tt_frame *tt_stack_push(tt_stack *s, uint8_t kind, uint8_t player)
{
    assert(s->n < TT_STACK_MAX);
    tt_frame *f = &s->f[s->n++];
    *f = (tt_frame){.kind = kind, .player = player};
    return f;
}

static inline tt_frame *tt_stack_top(tt_stack *s)
{
    return s->n ? &s->f[s->n - 1] : 0;
}

static inline const tt_frame *tt_stack_peek(const tt_stack *s)
{
    return s->n ? &s->f[s->n - 1] : 0;
}

static inline void tt_stack_pop(tt_stack *s)
{
    assert(s->n > 0);
    s->n--;
}

#endif
