/* Ending a game in the common part of its state (see core/head.h). */
#include <string.h>

#include "core/head.h"

unsigned tt_head_firsts(const tt_head *h, int nplayers)
{
    unsigned first = 0;
    if (h->drawn)
        return 0;
    for (int p = 0; p < nplayers; p++)
        first |= (unsigned)(h->over && h->rank[p] == 1) << p;
    return first;
}

int tt_head_winner(const tt_head *h, int nplayers)
{
    unsigned first = tt_head_firsts(h, nplayers);
    int alone = first && !(first & (first - 1)) && nplayers > 1;
    return alone ? __builtin_ctz(first) : -1;
}

static void finish(tt_head *h, int reason)
{
    h->over = 1;
    h->reason = (uint8_t)reason;
}

void tt_head_end_win(tt_head *h, int nplayers, int winner, int reason)
{
    for (int p = 0; p < nplayers; p++)
        h->rank[p] = p == winner ? 1 : 2;
    finish(h, reason);
}

void tt_head_end_draw(tt_head *h, int nplayers, int reason)
{
    for (int p = 0; p < nplayers; p++)
        h->rank[p] = (h->eliminated >> p & 1) ? 2 : 1;
    h->drawn = 1;
    finish(h, reason);
}

void tt_head_end_shared(tt_head *h, int nplayers, unsigned first, int reason)
{
    for (int p = 0; p < nplayers; p++)
        h->rank[p] = (first >> p & 1) ? 1 : 2;
    finish(h, reason);
}

void tt_head_end_ranked(tt_head *h, int nplayers, const int *key, int reason)
{
    for (int p = 0; p < nplayers; p++) {
        int better = 0;
        for (int q = 0; q < nplayers; q++)
            better += key[q] > key[p];
        h->rank[p] = (uint8_t)(1 + better);
    }
    finish(h, reason);
}
