/* The pending-decision stack: what the game still has to do, and who decides.
 *
 * A compound decision (pay "discard 3", pick targets, resolve an effect list
 * that stops for a shield prompt) becomes frames on this stack, each small and
 * fixed-size, so a state stays flat and a choice stays atomic. The game gives
 * `kind` and the arguments their meaning; the top frame is what happens next.
 * Arguments are 16 bits wide, enough for any card instance (512) or count.
 *
 * Each game declares its stack with the depth its rules need:
 *   TT_STACK(INV_STACK_DEPTH) stack;
 * and the calls below take it by pointer; the depth is asserted, never
 * silently exceeded. */
#ifndef TT_CORE_STACK_H
#define TT_CORE_STACK_H

#include <assert.h>
#include <stdint.h>

typedef struct tt_frame {
    uint8_t kind;              /* game-specific; 0 is never used */
    uint8_t player;            /* who decides, for decision frames */
    uint16_t a, b, c, d, e, f; /* arguments */
} tt_frame;

/* A stack of `depth` frames, as a member of a game's state. */
#define TT_STACK(depth)                                                                            \
    struct {                                                                                       \
        uint8_t n;                                                                                 \
        tt_frame f[depth];                                                                         \
    }

static inline tt_frame *tt_frame_push(tt_frame *f, uint8_t *n, int depth, uint8_t kind,
                                      uint8_t player)
{
    assert(*n < depth);
    (void)depth;
    tt_frame *x = &f[(*n)++];
    *x = (tt_frame){.kind = kind, .player = player};
    return x;
}

#define tt_stack_depth(s) ((int)(sizeof(s)->f / sizeof(s)->f[0]))
/* Pushes a frame of `kind` for `player` and returns it. */
#define tt_stack_push(s, kind, player)                                                             \
    tt_frame_push((s)->f, &(s)->n, tt_stack_depth(s), (kind), (player))
/* The top frame, or NULL when empty (tt_stack_peek: read only). */
#define tt_stack_top(s) ((s)->n ? &(s)->f[(s)->n - 1] : (tt_frame *)0)
#define tt_stack_peek(s) ((s)->n ? (const tt_frame *)&(s)->f[(s)->n - 1] : (const tt_frame *)0)
#define tt_stack_pop(s) (assert((s)->n > 0), (void)(s)->n--)

#endif
