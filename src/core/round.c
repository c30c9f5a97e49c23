/* Priority rounds (see core/round.h): the ring, its passes, and closing.
 *
 * The ring is seat order. `passed` holds a bit for each player who passed
 * since the last play; the round closes when it covers every player still
 * polled (with TT_ROUND_NOT_LAST, the last player to play is not polled). A
 * set rather than a count keeps that right when a player leaves mid-round. */
#include "core/round.h"

static int polled(const tt_round *r, int p)
{
    if ((r->out >> p) & 1)
        return 0;
    return !(r->flags & TT_ROUND_NOT_LAST) || p != r->last;
}

static int all_passed(const tt_round *r)
{
    for (int p = 0; p < r->nseats; p++)
        if (polled(r, p) && !((r->passed >> p) & 1))
            return 0;
    return 1;
}

/* The next polled player after p in seat order, or TT_ROUND_NONE. */
static int next_after(const tt_round *r, int p)
{
    for (int k = 1; k <= r->nseats; k++) {
        int q = (p + k) % r->nseats;
        if (polled(r, q))
            return q;
    }
    return TT_ROUND_NONE;
}

/* Priority on the first polled player from p on, unless all have passed. */
static int settle(tt_round *r, int p)
{
    if (all_passed(r)) {
        r->at = TT_ROUND_NONE;
        return 1;
    }
    r->at = (uint8_t)(polled(r, p) ? p : next_after(r, p));
    return 0;
}

void tt_round_open(tt_round *r, int nseats, int start, unsigned out, int flags, int id)
{
    assert(nseats > 0 && nseats <= 8 && start >= 0 && start < nseats);
    *r = (tt_round){(uint8_t)nseats, (uint8_t)start, (uint8_t)start, TT_ROUND_NONE, 0,
                    (uint8_t)out,    (uint8_t)flags, (uint8_t)id};
    settle(r, start);
}

void tt_round_play(tt_round *r)
{
    assert(!tt_round_closed(r));
    r->last = r->at;
    r->passed = 0;
    settle(r, next_after(r, r->last));
}

int tt_round_pass(tt_round *r)
{
    assert(!tt_round_closed(r));
    r->passed |= (uint8_t)(1u << r->at);
    return settle(r, next_after(r, r->at));
}

int tt_round_poll(tt_round *r, int (*can_play)(const void *ctx, int player), const void *ctx)
{
    while (!tt_round_closed(r) && !can_play(ctx, r->at))
        if (tt_round_pass(r))
            return 1;
    return tt_round_closed(r);
}

void tt_round_restart(tt_round *r, int player)
{
    r->passed = 0;
    r->last = TT_ROUND_NONE;
    settle(r, player);
}

int tt_round_leave(tt_round *r, int player)
{
    if (tt_round_closed(r)) {
        r->out |= (uint8_t)(1u << player);
        return 1;
    }
    int from = r->at == player ? next_after(r, player) : r->at;
    r->out |= (uint8_t)(1u << player);
    return from == TT_ROUND_NONE ? settle(r, player) : settle(r, from);
}
