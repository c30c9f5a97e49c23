/* Priority rounds: a polled ring of players in seat order, the one mechanism
 * behind every response window (Invaders' cancel window, INV-5.10; X-Files'
 * priority windows, XF-4.3; INWO's response rounds, INWO-4.6).
 *
 * A round opens with a starting player, who holds priority first. The player
 * holding priority either plays (tt_round_play: the ring goes on from the
 * next player, and the passes start again from zero) or passes
 * (tt_round_pass). The round closes when every player still polled has passed
 * in succession since the most recent play — or since the opening, when
 * nobody played. Players out of the game (eliminated, conceded) are never
 * polled. With TT_ROUND_NOT_LAST, the player who made the most recent play is
 * not polled again until another plays (Invaders: a player never cancels his
 * own card), so one fewer pass closes the round.
 *
 * Nesting: a play that opens its own round (INWO-4.6.4, a nested X-Files
 * check) pushes a new tt_round; when it closes the game pops it and resumes
 * the one below, usually with tt_round_restart (the interrupted round needs a
 * fresh full cycle of passes, from the player the rules name). The game keeps
 * its rounds in its flat state, in an array sized by its own limit, with
 * tt_round_push and tt_round_pop.
 *
 * Automatic passes: tt_round_poll passes for every polled player a predicate
 * says cannot play. The game calls it only where the rules allow it without
 * revealing anything (XF-4.3.5; not for a hidden hand, where a pass would tell
 * the table the player holds no answer).
 *
 * A round is 8 bytes, pointer-free, and nothing here allocates. */
#ifndef TT_CORE_ROUND_H
#define TT_CORE_ROUND_H

#include <assert.h>
#include <stdint.h>

#define TT_ROUND_NONE 0xFF
#define TT_ROUND_NOT_LAST 1 /* flag: the last player to play is not polled again */

typedef struct tt_round {
    uint8_t nseats; /* players at the table */
    uint8_t start;  /* the starting player */
    uint8_t at;     /* who holds priority now; TT_ROUND_NONE once closed */
    uint8_t last;   /* who made the most recent play, or TT_ROUND_NONE */
    uint8_t passed; /* bit per player who passed since the most recent play */
    uint8_t out;    /* bit per player not polled: out of the game */
    uint8_t flags;  /* TT_ROUND_… */
    uint8_t id;     /* the game's own tag: what the round is about */
} tt_round;

/* Opens a round at which `start` holds priority (a player in the ring). */
void tt_round_open(tt_round *r, int nseats, int start, unsigned out, int flags, int id);

/* A round that is not open: no one holds priority (a state's initial value
 * for a round it opens later). */
static inline void tt_round_clear(tt_round *r)
{
    *r = (tt_round){.at = TT_ROUND_NONE, .last = TT_ROUND_NONE};
}

/* The player holding priority, or TT_ROUND_NONE once the round has closed. */
static inline int tt_round_holder(const tt_round *r)
{
    return r->at;
}
static inline int tt_round_closed(const tt_round *r)
{
    return r->at == TT_ROUND_NONE;
}

/* The holder played: the passes start again and priority goes on round the
 * ring from the next polled player. */
void tt_round_play(tt_round *r);

/* The holder passed. Returns 1 when that closed the round, else 0 with
 * priority on the next polled player. */
int tt_round_pass(tt_round *r);

/* Passes automatically, in turn, for each holder that `can_play` says has no
 * play; stops at the first who has one. Returns 1 when the round closed. */
int tt_round_poll(tt_round *r, int (*can_play)(const void *ctx, int player), const void *ctx);

/* Priority returns to `player` and a fresh cycle of passes is needed (after a
 * nested round closed, or the top card of a stack resolved: XF-4.3.2). */
void tt_round_restart(tt_round *r, int player);

/* A player leaves the game: never polled again. If he held priority, it goes
 * on to the next polled player; if every player still polled has now passed,
 * the round closes (returns 1 then). */
int tt_round_leave(tt_round *r, int player);

/* Rounds open at once, as a stack: the top is the one polling. */
static inline tt_round *tt_round_push(tt_round *rounds, uint8_t *n, int cap)
{
    assert(*n < cap);
    (void)cap;
    return &rounds[(*n)++];
}

static inline void tt_round_pop(uint8_t *n)
{
    assert(*n > 0);
    (*n)--;
}

#endif
