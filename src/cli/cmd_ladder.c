/* `tabletop ladder`: a round robin between AIs, a win-rate matrix and ratings.
 *
 * Every pair of AIs (a, b) plays N games: deal k (k = 0 … N/2-1) starts from
 * state seed cli_game_seed(S, k) and is played twice, once with a alone in
 * seat k mod n and b in every other seat, once the other way round, so seats
 * and deals are shared evenly (with two players: each deal with the seats
 * swapped). A game scores 1 for the AI that holds a first place the other
 * does not, ½ each when both or neither do; with n players an AI alone in
 * one seat wins a game in n as often as an equal AI, and the pairing of the
 * two orientations makes an even score ½ for any n. The games of all pairs
 * are played on --threads threads (and under tabletop-mpi on every rank,
 * cli_deal) into an array indexed by game, so the report is the same for
 * any thread or rank count (with iteration budgets; an AI with ms= searches
 * as far as the clock allows).
 *
 * The report: each row AI's score against each column AI with a 95% Wilson
 * interval, then an Elo-style rating per AI from a Bradley–Terry fit of all
 * the scores (minorisation–maximisation, one drawn virtual game per pair so
 * a clean sweep keeps a finite rating), the first AI at 0. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/stats.h"

#define LADDER_MAX_AIS 8
#define LADDER_MAX_GAMES 1000000L
#define LADDER_ACTION_CAP 10000000L
#define LADDER_DEFAULT_AIS "random,flat,ismcts"

static const char ladder_help[] =
    "Usage: tabletop ladder <game> [--games N] [--ai A,B,…] [--seed S] [--threads N]\n"
    "                       [--param key=value ...] [--mode M] [--difficulty D]\n"
    "\n"
    "Plays a round robin between AIs: N games for every pair, each deal twice with\n"
    "the seats swapped (in games of more players, one AI alone in a seat against\n"
    "the other in every other seat, then the other way round). Prints each AI's\n"
    "score against each other (a win 1, a draw or a shared first place 1/2) with\n"
    "a 95% (Wilson) interval, and an Elo-style rating per AI (the first AI 0).\n"
    "\n"
    "Options:\n"
    "  --games N          games per pair (default 100; an odd N plays one more)\n"
    "  --ai A,B,…         the AIs, with parameters after colons (default\n"
    "                     " LADDER_DEFAULT_AIS "; e.g. random,ismcts:ms=100,ismcts:ms=1000)\n"
    "  --seed S           the run's seed (default 1); deal k starts from mix64(mix64(S) + k)\n"
    "  --threads N        threads to play on (default: every core); the results are\n"
    "                     the same for any N\n"
    "  --param key=value  a game parameter (repeatable)\n"
    "  --mode M, --difficulty D  short for --param mode=M, --param difficulty=D\n"
    "\n"
    "On many machines, `mpirun … tabletop-mpi ladder …` gives the same report\n"
    "(docs/simulation.md).\n";

typedef struct ladder_opts {
    const char *game;
    const char *ais;
    long games;
    long threads;
    uint64_t seed;
    cli_params params;
} ladder_opts;

typedef struct ladder {
    const tt_game *game;
    int nais, nplayers;
    char spec[LADDER_MAX_AIS][CLI_SEAT_MAX]; /* as written */
    char kind[LADDER_MAX_AIS][16];
    char params[LADDER_MAX_AIS][CLI_SEAT_MAX];
    int pair_a[LADDER_MAX_AIS * LADDER_MAX_AIS], pair_b[LADDER_MAX_AIS * LADDER_MAX_AIS];
    int npairs;
    long games; /* per pair, even */
    uint64_t seed;
    double *score; /* per game (pair * games + j): a's score */
} ladder;

typedef struct ladder_worker {
    tt_state *state;
    tt_ai *ais[TT_MAX_PLAYERS];
} ladder_worker;

static int parse_args(int argc, char **argv, ladder_opts *o)
{
    memset(o, 0, sizeof *o);
    o->games = 100;
    o->seed = 1;
    o->ais = LADDER_DEFAULT_AIS;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int m;
        if (cli_is_help(argv[i])) {
            fputs(ladder_help, stdout);
            return -1;
        } else if ((m = cli_option("ladder", "--games", argc, argv, &i, &v)) != 0) {
            if (m > 0 && cli_parse_long(v, 1, LADDER_MAX_GAMES, &o->games))
                return cli_usage("ladder", "--games wants a number from 1 to %ld, not '%s'",
                                 LADDER_MAX_GAMES, v);
        } else if ((m = cli_option("ladder", "--ai", argc, argv, &i, &v)) != 0) {
            if (m > 0)
                o->ais = v;
        } else if ((m = cli_option("ladder", "--seed", argc, argv, &i, &v)) != 0) {
            if (m > 0 && cli_parse_u64(v, &o->seed))
                return cli_usage("ladder", "--seed wants a number, not '%s'", v);
        } else if ((m = cli_option("ladder", "--threads", argc, argv, &i, &v)) != 0) {
            if (m > 0 && cli_parse_long(v, 1, 256, &o->threads))
                return cli_usage("ladder", "--threads wants a number from 1 to 256, not '%s'", v);
        } else if ((m = cli_option("ladder", "--param", argc, argv, &i, &v)) != 0) {
            if (m > 0 && cli_params_add("ladder", &o->params, v))
                return CLI_USAGE;
        } else if ((m = cli_param_option("ladder", argc, argv, &i, &o->params)) != 0) {
            ;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return cli_usage("ladder", "unknown option '%s'", argv[i]);
        } else if (!o->game) {
            o->game = argv[i];
        } else {
            return cli_usage("ladder", "unexpected argument '%s'", argv[i]);
        }
        if (m < 0)
            return CLI_USAGE;
    }
    return cli_game_check("ladder", o->game);
}

/* Reads the AIs of --ai into l, each checked by making it once. */
static int ladder_ais(ladder *l, const char *list)
{
    for (const char *w = list; *w; w += *w == ',') {
        size_t len = strcspn(w, ",");
        int i = l->nais;
        if (i == LADDER_MAX_AIS)
            return cli_usage("ladder", "--ai: at most %d AIs", LADDER_MAX_AIS);
        if (!len || len >= sizeof l->spec[i] ||
            cli_ai_split(w, len, l->kind[i], sizeof l->kind[i], l->params[i], sizeof l->params[i]))
            return cli_usage("ladder", "--ai: bad entry %d", i + 1);
        memcpy(l->spec[i], w, len);
        l->spec[i][len] = '\0';
        for (int j = 0; j < i; j++)
            if (strcmp(l->spec[j], l->spec[i]) == 0)
                return cli_usage("ladder", "--ai: '%s' is listed twice", l->spec[i]);
        tt_ai *ai;
        tt_error err;
        tt_error_clear(&err);
        if (tt_ai_new(l->kind[i], l->game, l->params[i], 0, &ai, &err) != TT_OK) {
            char buf[400];
            return cli_usage("ladder", "--ai: %s", tt_error_text(&err, buf, sizeof buf));
        }
        tt_ai_free(ai);
        l->nais++;
        w += len;
    }
    if (l->nais < 2)
        return cli_usage("ladder", "--ai wants at least two AIs, not '%s'", list);
    return CLI_OK;
}

/* Game j of pair `pair`: deal j/2, orientation j%2 (see the file comment). */
static int ladder_game(void *shared, void *worker, long g)
{
    ladder *l = shared;
    ladder_worker *w = worker;
    long pair = g / l->games, j = g % l->games, deal = j / 2;
    int a = l->pair_a[pair], b = l->pair_b[pair], n = l->nplayers;
    int alone = (int)(deal % n);
    uint64_t seed = cli_game_seed(l->seed, (uint64_t)deal);
    int who[TT_MAX_PLAYERS];
    for (int p = 0; p < n; p++)
        who[p] = (p == alone) == (j % 2 == 0) ? a : b;
    int rc = CLI_OK;
    for (int p = 0; p < n; p++)
        w->ais[p] = NULL;
    for (int p = 0; p < n && rc == CLI_OK; p++) {
        tt_error err;
        tt_error_clear(&err);
        if (tt_ai_new(l->kind[who[p]], l->game, l->params[who[p]], cli_ai_seed(seed, p), &w->ais[p],
                      &err) != TT_OK)
            rc = cli_error(CLI_REFUSED, "%s", err.msg);
    }
    tt_state_init(l->game, w->state, seed);
    int p;
    long steps = 0;
    tt_error err;
    tt_error_clear(&err);
    while (rc == CLI_OK && (p = tt_to_move(l->game, w->state)) != TT_TERMINAL &&
           steps++ < LADDER_ACTION_CAP) {
        tt_action act;
        if (tt_ai_choose(w->ais[p], w->state, &act, &err) != TT_OK ||
            tt_apply(l->game, w->state, act, NULL, &err) != TT_OK) {
            char buf[400];
            rc = cli_error(CLI_REFUSED, "game with seed %llu failed: %s", (unsigned long long)seed,
                           tt_error_text(&err, buf, sizeof buf));
        }
    }
    cli_ais_free(w->ais, n);
    tt_result r;
    tt_result_get(l->game, w->state, &r);
    int a_first = 0, b_first = 0;
    for (p = 0; p < n; p++)
        if (r.winners >> p & 1) {
            a_first |= who[p] == a;
            b_first |= who[p] == b;
        }
    l->score[g] = a_first == b_first ? 0.5 : a_first ? 1.0 : 0.0;
    return rc;
}

/* Row i's total score against column j, and the games they played. */
static double pair_score(const ladder *l, int i, int j, long *games)
{
    double s = 0;
    *games = 0;
    for (int q = 0; q < l->npairs; q++) {
        int flip = l->pair_a[q] == j && l->pair_b[q] == i;
        if (!flip && !(l->pair_a[q] == i && l->pair_b[q] == j))
            continue;
        for (long k = 0; k < l->games; k++)
            s += flip ? 1 - l->score[q * l->games + k] : l->score[q * l->games + k];
        *games += l->games;
    }
    return s;
}

/* AI i's score in the games where it sat alone in seat p, against every
 * other AI, and how many: with two players every game counts for both AIs,
 * with more only for the one alone in its seat. */
static double seat_score(const ladder *l, int i, int p, long *games)
{
    double s = 0;
    *games = 0;
    for (int q = 0; q < l->npairs; q++) {
        if (l->pair_a[q] != i && l->pair_b[q] != i)
            continue;
        for (long j = 0; j < l->games; j++) {
            int alone = (int)((j / 2) % l->nplayers);
            int lone = j % 2 == 0 ? l->pair_a[q] : l->pair_b[q];
            int other = lone == l->pair_a[q] ? l->pair_b[q] : l->pair_a[q];
            int seat = lone == i ? alone : l->nplayers == 2 && other == i ? 1 - alone : -1;
            if (seat != p)
                continue;
            double x = l->score[q * l->games + j]; /* pair_a's score */
            s += l->pair_a[q] == i ? x : 1 - x;
            ++*games;
        }
    }
    return s;
}

/* A 95% Wilson interval for a mean score (wins and halves) s/n. */
static cli_interval score_interval(double s, long n)
{
    double z = CLI_Z95, nn = (double)n, p = n ? s / nn : 0, z2 = z * z;
    double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
    double half = z / (1 + z2 / nn) * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
    cli_interval r = {centre - half < 0 ? 0 : centre - half, centre + half > 1 ? 1 : centre + half};
    return r;
}

/* Bradley–Terry strengths by minorisation–maximisation (Hunter 2004), one
 * virtual draw per pair; Elo points = 400·log10 of the strength ratio. */
static void ratings(const ladder *l, double *elo)
{
    double gamma[LADDER_MAX_AIS], next[LADDER_MAX_AIS];
    for (int i = 0; i < l->nais; i++)
        gamma[i] = 1;
    for (int it = 0; it < 2000; it++) {
        for (int i = 0; i < l->nais; i++) {
            double w = 0, d = 0;
            for (int j = 0; j < l->nais; j++) {
                long n;
                if (j == i)
                    continue;
                w += pair_score(l, i, j, &n) + 0.5;
                d += (double)(n + 1) / (gamma[i] + gamma[j]);
            }
            next[i] = w / d;
        }
        for (int i = 0; i < l->nais; i++)
            gamma[i] = next[i] / next[0];
    }
    for (int i = 0; i < l->nais; i++)
        elo[i] = 400 * log10(gamma[i]);
}

/* The widest of `least` and the AIs' names: a column or a row label fits
 * every name whole, so that two AIs never read alike. */
static int name_width(const ladder *l, int least)
{
    int w = least;
    for (int i = 0; i < l->nais; i++)
        w = (int)strlen(l->spec[i]) > w ? (int)strlen(l->spec[i]) : w;
    return w;
}

static void report(const ladder *l, double seconds)
{
    int cw = name_width(l, 16), rw = name_width(l, 20);
    printf("%s ladder: %d AIs, %ld games a pair (each deal twice, seats swapped), seed %llu",
           tt_game_name(l->game), l->nais, l->games, (unsigned long long)l->seed);
    if (tt_game_params(l->game)[0])
        printf(", %s", tt_game_params(l->game));
    printf("\n\nscore of the row AI against the column AI, 95%% interval:\n  %-*s", rw, "");
    for (int j = 0; j < l->nais; j++)
        printf(" %*s", cw, l->spec[j]);
    printf("\n");
    for (int i = 0; i < l->nais; i++) {
        printf("  %-*s", rw, l->spec[i]);
        for (int j = 0; j < l->nais; j++) {
            long n;
            if (i == j) {
                printf(" %*s", cw, "-");
                continue;
            }
            double s = pair_score(l, i, j, &n);
            cli_interval ci = score_interval(s, n);
            char cell[32];
            snprintf(cell, sizeof cell, "%3.0f%% (%2.0f-%3.0f)", 100 * s / (double)n, 100 * ci.lo,
                     100 * ci.hi);
            printf(" %*s", cw, cell);
        }
        printf("\n");
    }
    printf("\nscore of each AI %s, against all the others:\n  %-*s",
           l->nplayers == 2 ? "by its seat" : "alone in a seat (the other in every other seat)", rw,
           "");
    for (int p = 0; p < l->nplayers; p++)
        printf(" %16.16s", tt_player_name(l->game, p));
    printf("\n");
    for (int i = 0; i < l->nais; i++) {
        printf("  %-*s", rw, l->spec[i]);
        for (int p = 0; p < l->nplayers; p++) {
            long n;
            double s = seat_score(l, i, p, &n);
            cli_interval ci = score_interval(s, n);
            char cell[32];
            if (n)
                snprintf(cell, sizeof cell, "%3.0f%% (%2.0f-%3.0f)", 100 * s / (double)n,
                         100 * ci.lo, 100 * ci.hi);
            else
                snprintf(cell, sizeof cell, "-");
            printf(" %16s", cell);
        }
        printf("\n");
    }
    double elo[LADDER_MAX_AIS];
    ratings(l, elo);
    int order[LADDER_MAX_AIS];
    for (int i = 0; i < l->nais; i++)
        order[i] = i;
    for (int i = 1; i < l->nais; i++)
        for (int k = i; k > 0 && elo[order[k]] > elo[order[k - 1]]; k--) {
            int t = order[k];
            order[k] = order[k - 1];
            order[k - 1] = t;
        }
    printf("\nrating (Elo scale, %s = 0):\n", l->spec[0]);
    for (int i = 0; i < l->nais; i++)
        printf("  %-*s %+6.0f\n", rw, l->spec[order[i]], elo[order[i]]);
    printf("\n  %ld games in %.1f s\n", (long)l->npairs * l->games, seconds);
}

static int ladder_run(ladder *l, int threads)
{
    long total = (long)l->npairs * l->games;
    if (threads > total)
        threads = (int)total;
    ladder_worker *w = calloc((size_t)threads, sizeof *w);
    void *workers[256];
    l->score = malloc((size_t)total * sizeof *l->score);
    int rc = w && l->score ? CLI_OK : CLI_REFUSED;
    for (int t = 0; rc == CLI_OK && t < threads; t++) {
        workers[t] = &w[t];
        if (!(w[t].state = malloc(tt_state_size(l->game))))
            rc = CLI_REFUSED;
    }
    if (rc != CLI_OK)
        cli_error(rc, "out of memory");
    rc = cli_agree(rc);
    if (rc == CLI_OK) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        rc = cli_deal(threads, 0, total, l, workers, ladder_game, l->score, sizeof *l->score, NULL);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (rc == CLI_OK && cli_reports())
            report(l, (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
    }
    for (int t = 0; w && t < threads; t++)
        free(w[t].state);
    free(w);
    free(l->score);
    return rc;
}

int cmd_ladder(int argc, char **argv)
{
    ladder_opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc < 0 ? CLI_OK : rc;
    tt_game *game = NULL;
    ladder *l = NULL;
    rc = cli_game_load("ladder", o.game, o.params.text, &game);
    if (rc == CLI_OK && !(l = calloc(1, sizeof *l)))
        rc = cli_error(CLI_REFUSED, "out of memory");
    if (rc == CLI_OK) {
        l->game = game;
        l->nplayers = tt_game_players(game);
        l->games = o.games + o.games % 2;
        l->seed = o.seed;
        rc = ladder_ais(l, o.ais);
    }
    for (int i = 0; rc == CLI_OK && i < l->nais; i++)
        for (int j = i + 1; j < l->nais; j++) {
            l->pair_a[l->npairs] = i;
            l->pair_b[l->npairs++] = j;
        }
    rc = cli_agree(rc); /* content a host lacks stops every process */
    if (rc == CLI_OK)
        rc = ladder_run(l, cli_deal_threads(o.threads));
    free(l);
    tt_game_free(game);
    return rc;
}
