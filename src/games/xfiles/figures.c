/* The X-Files: figures for designers, and the estimate a search stops on.
 *
 * The figures (tt_stats) are the notebook of each seat (questions asked,
 * wrong guesses, penalties taken) and, in a game a correct guess ended
 * (XF-8.1.1), the turn of that guess and the questions asked before it; NAN
 * in a game that ended otherwise, so `sim` averages them over the games won
 * by a guess.
 *
 * The estimate (tt_evaluate) is what the game is about: a player wins by
 * naming an opponent's X-File (XF-8.1.1), so his prospects are how far his
 * answers and wrong guesses have narrowed down the X-File of the opponent he
 * knows best, log-scaled (each halving of the candidates counts the same),
 * against the best of the others. Random play to the end of a game takes
 * some 6,000 actions and ends at the turn limit more often than not; a
 * playout of XF_PLAYOUT_HORIZON actions (two turns or so) judged this way
 * tells a search far more for the same time. */
#include <math.h>
#include <stdio.h>

#include "games/xfiles/xfiles.h"

/* --- figures for designers (tt_stats) ---------------------------------------------------- */

static int stat(tt_stat *out, int n, int max, double v, const char *a, const char *b, const char *c)
{
    if (n < max) {
        snprintf(out[n].name, sizeof out[n].name, "%s|%s|%s", a, b, c);
        out[n].value = v;
    }
    return n + 1;
}

static int questions(const xf_state *s, int p)
{
    int n = 0;
    for (int q = 0; q < XF_MAX_PLAYERS; q++)
        for (int cat = 0; cat < XF_NCAT; cat++)
            n += s->pl[p].nasked[q][cat];
    return n;
}

static int wrong_guesses(const xf_state *s, int p)
{
    int n = 0;
    for (int q = 0; q < XF_MAX_PLAYERS; q++)
        n += s->pl[p].nwrong[q];
    return n;
}

int xf_stats(const tt_game *g, const void *st, tt_stat *out, int max)
{
    const xf_content *c = xf_content_of(g);
    const xf_state *s = st;
    int n = 0, all = 0, wrong = 0;
    for (int p = 0; p < c->opt.nplayers; p++) {
        char seat[16];
        snprintf(seat, sizeof seat, "p%d", p);
        n = stat(out, n, max, questions(s, p), "notebook", seat, "questions");
        n = stat(out, n, max, wrong_guesses(s, p), "notebook", seat, "wrong guesses");
        n = stat(out, n, max, s->pl[p].npenalties, "notebook", seat, "penalties");
        all += questions(s, p);
        wrong += wrong_guesses(s, p);
    }
    int named =
        s->head.over && (s->head.reason == R_XFILE_NAMED || s->head.reason == R_PENALTY_GUESS);
    int winner = named ? tt_head_winner(&s->head, c->opt.nplayers) : -1;
    const char *t = "correct guess", *r = "games ended by one";
    n = stat(out, n, max, named ? s->head.turn : NAN, t, r, "turn");
    n = stat(out, n, max, named ? questions(s, winner) : NAN, t, r, "his questions");
    n = stat(out, n, max, named ? all : NAN, t, r, "all questions");
    n = stat(out, n, max, named ? wrong : NAN, t, r, "wrong guesses");
    return n < max ? n : max;
}

/* --- the estimate (tt_evaluate) ---------------------------------------------------------- */

/* How far p has narrowed down q's X-File: 0 while every entry is possible,
 * 1 with one left. */
static double narrowed(const xf_content *c, const xf_state *s, int p, int q)
{
    int left = 0;
    for (int k = 0; k < c->ncatalogue; k++)
        left += xf_xfile_possible(c, s, p, q, k);
    return left <= 1 ? 1.0 : 1.0 - log(left) / log(c->ncatalogue);
}

void xf_evaluate(const tt_game *g, const void *st, double *out)
{
    const xf_content *c = xf_content_of(g);
    const xf_state *s = st;
    int np = c->opt.nplayers;
    double know[XF_MAX_PLAYERS] = {0};
    for (int p = 0; p < np; p++)
        for (int q = 0; q < np; q++)
            if (q != p && !(s->pl[q].flags & PL_CONCEDED)) {
                double k = narrowed(c, s, p, q);
                know[p] = k > know[p] ? k : know[p];
            }
    for (int p = 0; p < np; p++) {
        double best_other = 0;
        for (int q = 0; q < np; q++)
            if (q != p && !(s->pl[q].flags & PL_CONCEDED) && know[q] > best_other)
                best_other = know[q];
        /* half the scale, so that no estimate is worth a win */
        out[p] = s->pl[p].flags & PL_CONCEDED ? -1.0 : (know[p] - best_other) / 2;
    }
}
