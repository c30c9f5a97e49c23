/* INWO's figures for `tabletop sim` (tt_stats, INWO-9.5.1): how games were
 * won, in which round, the attacks tried and won by kind, and how each
 * Illuminati fares. Each figure is "table|row|column" for one finished
 * game; NAN where it does not apply to that game (no winner, an Illuminati
 * nobody played), so the report's means are over the games it applies to.
 * Read once per finished game, never on the playout path. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "games/inwo/inwo.h"

static int stat(tt_stat *out, int n, int max, double v, const char *table, const char *row,
                const char *col)
{
    if (n < max) {
        snprintf(out[n].name, sizeof out[n].name, "%s|%.24s|%s", table, row, col);
        out[n].value = v;
    }
    return n + 1;
}

/* The winners of a finished game, a seat mask (0 for a draw). */
static unsigned winners(const inwo_state *s)
{
    return s->head.over && s->head.reason != R_DRAW_MAX_ROUNDS
               ? tt_head_firsts(&s->head, s->nplayers)
               : 0;
}

/* How each winner won (INWO-9.5.3): his deciding goal at a knock, or the
 * end of every rival; a shared victory counts each winner's goal. */
static int victory(const inwo_state *s, tt_stat *out, int n, int max)
{
    static const char *const goals[] = {"basic", "special", "goal card", "elimination", "conceded"};
    unsigned win = winners(s);
    double count[5] = {0};
    for (int p = 0; p < s->nplayers; p++) {
        if (!(win >> p & 1))
            continue;
        int r = s->head.reason;
        int k = r == R_ELIMINATION ? 3 : r == R_CONCEDED ? 4 : s->pl[p].deciding - R_BASIC_GOAL;
        if (k >= 0 && k < 5)
            count[k]++;
    }
    for (int k = 0; k < 5; k++)
        n = stat(out, n, max, win ? count[k] : NAN, "winning goal", goals[k], "winners");
    n = stat(out, n, max, win ? (double)(s->head.reason == R_SHARED_WIN) : NAN, "winning goal",
             "shared", "winners");
    return stat(out, n, max, win ? (double)s->round : NAN, "victory", "round", "won in");
}

/* Attacks announced and not called off, and those that succeeded, all
 * players together (INWO-5.9; instant: INWO-5.17). */
static int attacks(const inwo_state *s, tt_stat *out, int n, int max)
{
    static const char *const kinds[] = {"to control", "to destroy", "instant"};
    for (int k = 0; k < 3; k++) {
        double tried = 0, won = 0;
        for (int p = 0; p < s->nplayers; p++) {
            tried += s->pl[p].attacks[k][0];
            won += s->pl[p].attacks[k][1];
        }
        n = stat(out, n, max, tried, "attacks", kinds[k], "attempted");
        n = stat(out, n, max, won, "attacks", kinds[k], "succeeded");
    }
    return n;
}

/* Per starting Illuminati: the seats playing it and the share of them that
 * won, for every Illuminati of the content (NAN where nobody played it). */
static int illuminati(const inwo_content *c, const inwo_state *s, tt_stat *out, int n, int max)
{
    unsigned win = winners(s);
    for (int d = 0; d < c->ndefs; d++) {
        if (c->def[d].kind != INWO_ILLUMINATI)
            continue;
        int seats = 0, won = 0;
        for (int p = 0; p < s->nplayers; p++)
            if (c->deck[p].def[0] == d) {
                seats++;
                won += (int)(win >> p & 1);
            }
        n = stat(out, n, max, seats ? seats : NAN, "Illuminati", c->def[d].name, "seats");
        n = stat(out, n, max, seats ? (double)won / seats : NAN, "Illuminati", c->def[d].name,
                 "win rate");
    }
    return n;
}

int inwo_stats(const tt_game *g, const void *st, tt_stat *out, int max)
{
    const inwo_state *s = st;
    int n = victory(s, out, 0, max);
    n = attacks(s, out, n, max);
    n = illuminati(g->content, s, out, n, max);
    return n < max ? n : max;
}
