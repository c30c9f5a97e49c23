/* `tabletop sim`: N AI-vs-AI games of one game, and their statistics.
 *
 * Game i starts from state seed cli_game_seed(S, i) = mix64(mix64(S) + i) and
 * its AIs from seeds derived from that (cli_ai_seed), so a run is the same for
 * the same --seed, two seeds share no game, and any one game can be watched
 * with `tabletop play --players … --seed <its seed>` (the CSV lists each
 * game's seed). Games run with events off (NULL), as in any playout, on
 * --threads threads (every core by default): a chunk of games is played in
 * parallel into an array indexed by game, then tallied and written in index
 * order, so the output is byte-identical for any thread count (all but the
 * timings; an AI with a time budget, ms=, is not reproducible anyway). Under
 * tabletop-mpi the chunk is spread over the ranks too (cli_deal) and rank 0
 * alone tallies and writes, so the output is the same for any rank count. The
 * tallies go to sim_report.c for the table and JSON; --csv writes one row
 * per game. A progress bar goes to stderr, only when stderr is a terminal,
 * so scripts and pipes never see it. */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/sim.h"
#include "core/rng.h"

/* A safety net for a rules bug that never ends a game (the games have their
 * own turn caps, so a correct module never reaches it). */
#define SIM_ACTION_CAP 10000000L
#define SIM_MAX_GAMES 100000000L
#define SIM_CHUNK 1024 /* games played in parallel before they are tallied, per process */
#define SIM_MAX_CHUNK 8192

static const char sim_help[] =
    "Usage: tabletop sim <game> --games N [--seed S] [--players A,B] [--threads N]\n"
    "                    [--json|--csv] [--param key=value ...] [--deck key=value ...]\n"
    "                    [--vs key=value ...]\n"
    "\n"
    "Plays N AI-vs-AI games and reports: wins per player with a 95% (Wilson)\n"
    "interval, games without a winner, mean and median length in turns and in\n"
    "actions, how the games ended, the seat-0 edge (player 0's share of the points\n"
    "minus an even share; a game without a winner shares its point) and the\n"
    "first-mover edge (the same for whoever was to move first in each game),\n"
    "the game's own figures (Braunau: tokens drawn, retained, discarded and\n"
    "deployed per type, discards the stash limit forced, VP by source; X-Files:\n"
    "turns and questions to a correct guess, wrong guesses and penalties; means\n"
    "over the games each figure applies to), and games per second.\n"
    "\n"
    "Options:\n"
    "  --games N          games to play (default 1000)\n"
    "  --seed S           the run's seed (default: a fresh one, printed); game i\n"
    "                     starts from seed mix64(mix64(S) + i), so two seeds share no game\n"
    "  --players A,B      the AI in each seat (default random for all; `tabletop list`),\n"
    "                     with its parameters after colons: ismcts:ms=20,random; in a\n"
    "                     game with a `players` parameter, their number sets it\n"
    "  --ai A,B           the same as --players\n"
    "  --threads N        threads to play on (default: every core); the results are\n"
    "                     the same for any N\n"
    "  --param key=value  a game parameter (repeatable)\n"
    "  --mode M, --difficulty D  short for --param mode=M, --param difficulty=D\n"
    "  --deck key=value   a deck for one seat, the same as --param (Braunau:\n"
    "                     --deck germans=FILE --deck austrians=random; factions without\n"
    "                     a deck sit out once any is given)\n"
    "  --vs key=value     a second configuration: the same games with these parameters\n"
    "                     changed (repeatable); both reports, then each player's win\n"
    "                     rate in both, the difference with its 95% interval (paired:\n"
    "                     game i of A and of B share their seed), and whether it is\n"
    "                     significant\n"
    "  --json             one JSON object instead of the table ({a, b, comparison} with --vs)\n"
    "  --csv              one row per game: game,seed,winner,reason,turns,actions and the\n"
    "                     game's figures (a first column config with --vs); watch game k\n"
    "                     again with `tabletop play <game> --players A,B --seed <seed>`\n"
    "\n"
    "The same seed gives the same results (all but the timings). On many machines,\n"
    "`mpirun … tabletop-mpi sim …` gives them too (docs/simulation.md).\n";

enum { FORMAT_TABLE, FORMAT_JSON, FORMAT_CSV };

typedef struct sim_opts {
    const char *game;
    const char *players;
    long games;
    long threads; /* 0: every core */
    uint64_t seed;
    int has_seed;
    int format;
    cli_params params;
    cli_params vs; /* the second configuration's changes, or "" */
} sim_opts;

static int parse_option(sim_opts *o, int argc, char **argv, int *i)
{
    const char *v;
    int m;
    if ((m = cli_option("sim", "--games", argc, argv, i, &v)) != 0) {
        if (m > 0 && cli_parse_long(v, 1, SIM_MAX_GAMES, &o->games))
            return cli_usage("sim", "--games wants a number from 1 to %ld, not '%s'", SIM_MAX_GAMES,
                             v);
    } else if ((m = cli_option("sim", "--seed", argc, argv, i, &v)) != 0) {
        if (m > 0 && cli_parse_u64(v, &o->seed))
            return cli_usage("sim", "--seed wants a number, not '%s'", v);
        o->has_seed = 1;
    } else if ((m = cli_option("sim", "--players", argc, argv, i, &v)) != 0 ||
               (m = cli_option("sim", "--ai", argc, argv, i, &v)) != 0) {
        if (m > 0)
            o->players = v;
    } else if ((m = cli_option("sim", "--threads", argc, argv, i, &v)) != 0) {
        if (m > 0 && cli_parse_long(v, 1, 256, &o->threads))
            return cli_usage("sim", "--threads wants a number from 1 to 256, not '%s'", v);
    } else if ((m = cli_option("sim", "--param", argc, argv, i, &v)) != 0 ||
               (m = cli_option("sim", "--deck", argc, argv, i, &v)) != 0) {
        if (m > 0 && cli_params_add("sim", &o->params, v))
            return CLI_USAGE;
    } else if ((m = cli_option("sim", "--vs", argc, argv, i, &v)) != 0) {
        if (m > 0 && cli_params_add("sim", &o->vs, v))
            return CLI_USAGE;
    } else if (strcmp(argv[*i], "--json") == 0 || strcmp(argv[*i], "--csv") == 0) {
        int f = argv[*i][2] == 'j' ? FORMAT_JSON : FORMAT_CSV;
        if (o->format != FORMAT_TABLE && o->format != f)
            return cli_usage("sim", "--json and --csv exclude each other");
        o->format = f;
        m = 1;
    } else if ((m = cli_param_option("sim", argc, argv, i, &o->params)) == 0) {
        return cli_usage("sim", "unknown option '%s'", argv[*i]);
    }
    return m < 0 ? CLI_USAGE : 0;
}

static int parse_args(int argc, char **argv, sim_opts *o)
{
    memset(o, 0, sizeof *o);
    o->games = 1000;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            cli_help(sim_help, argc, argv);
            return -1;
        }
        if (argv[i][0] == '-' && argv[i][1]) {
            int rc = parse_option(o, argc, argv, &i);
            if (rc)
                return rc;
        } else if (!o->game) {
            o->game = argv[i];
        } else {
            return cli_usage("sim", "unexpected argument '%s'", argv[i]);
        }
    }
    return cli_game_check("sim", o->game);
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* --- one game ------------------------------------------------------------- */

typedef struct sim_run {
    const tt_game *game;
    const cli_seats *seats;
    tt_state *state;
    tt_ai *ais[TT_MAX_PLAYERS];
} sim_run;

typedef struct game_end {
    uint64_t seed;
    int first; /* the player to move at the start */
    long actions;
    tt_result result;
    int nstats;
    tt_stat stats[SIM_MAX_STATS];
} game_end;

/* Plays one game from `seed` to its end; CLI_OK, or CLI_REFUSED after saying
 * which game failed (an AI that chooses a refused action is a bug). */
static int play_one(sim_run *r, uint64_t seed, game_end *out)
{
    if (cli_ais_new(r->game, r->seats, seed, r->ais))
        return CLI_REFUSED;
    tt_state_init(r->game, r->state, seed);
    out->first = tt_to_move(r->game, r->state);
    tt_error err;
    tt_error_clear(&err);
    int p, rc = TT_OK;
    long n = 0;
    while (rc == TT_OK && (p = tt_to_move(r->game, r->state)) != TT_TERMINAL &&
           n < SIM_ACTION_CAP) {
        tt_action a;
        rc = tt_ai_choose(r->ais[p], r->state, &a, &err);
        if (rc == TT_OK)
            rc = tt_apply(r->game, r->state, a, NULL, &err);
        n += rc == TT_OK;
    }
    cli_ais_free(r->ais, r->seats->n);
    out->seed = seed;
    out->actions = n;
    tt_result_get(r->game, r->state, &out->result);
    out->nstats = tt_stats(r->game, r->state, out->stats, SIM_MAX_STATS);
    if (rc != TT_OK) {
        char buf[400];
        return cli_error(CLI_REFUSED, "game with seed %llu failed after %ld actions: %s",
                         (unsigned long long)seed, n, tt_error_text(&err, buf, sizeof buf));
    }
    if (!out->result.over) { /* the cap: count it, as the game's own ABORTED */
        out->result.winner = -1;
        out->result.winners = 0;
        out->result.turn = tt_turn(r->game, r->state);
        snprintf(out->result.reason, sizeof out->result.reason, "ACTION_CAP");
    }
    return CLI_OK;
}

/* --- tallies and output ------------------------------------------------------ */

/* Adds a game's figures to the sums, by name (a name seen first is added); a
 * figure that does not apply to the game (NAN) is left out of its mean. */
static void tally_stats(sim_tally *t, const game_end *g)
{
    for (int i = 0; i < g->nstats; i++) {
        int k = i < t->nstats && strcmp(t->stat_name[i], g->stats[i].name) == 0 ? i : -1;
        for (int j = 0; j < t->nstats && k < 0; j++)
            if (strcmp(t->stat_name[j], g->stats[i].name) == 0)
                k = j;
        if (k < 0 && t->nstats < SIM_MAX_STATS) {
            k = t->nstats++;
            snprintf(t->stat_name[k], sizeof t->stat_name[k], "%s", g->stats[i].name);
        }
        if (k >= 0 && !isnan(g->stats[i].value)) {
            t->stat_sum[k] += g->stats[i].value;
            t->stat_n[k]++;
        }
    }
}

/* Each player's score, and the margin of the best over the next best. */
static void tally_scores(sim_tally *t, const game_end *g)
{
    int best = INT_MIN, next = INT_MIN;
    for (int p = 0; p < g->result.nplayers; p++) {
        int x = g->result.player[p].score;
        t->scores[t->games * TT_MAX_PLAYERS + p] = x;
        next = x > best ? best : x > next ? x : next;
        best = x > best ? x : best;
    }
    t->margins[t->games] = next == INT_MIN ? 0 : best - next;
}

static void tally_add(sim_tally *t, const game_end *g)
{
    tally_stats(t, g);
    for (int p = 0; p < TT_MAX_PLAYERS; p++)
        t->wins[p] += g->result.winners >> p & 1; /* a shared win counts for each */
    t->no_winner += !g->result.winners;
    t->shared += g->result.winner < 0 && g->result.winners;
    t->winners[t->games] = (unsigned char)g->result.winners;
    if (g->first >= 0 && g->first < TT_MAX_PLAYERS) {
        t->first_wins += g->result.winners >> g->first & 1;
        t->first_counts[g->first]++;
    }
    tally_scores(t, g);
    t->turns[t->games] = g->result.turn;
    t->actions[t->games] = g->actions > 2000000000L ? 2000000000 : (int)g->actions;
    t->games++;
    for (int i = 0; i < t->nreasons; i++)
        if (strcmp(t->reason[i].code, g->result.reason) == 0) {
            t->reason[i].n++;
            return;
        }
    if (t->nreasons == SIM_MAX_REASONS) {
        t->other_reasons++;
        return;
    }
    sim_reason *r = &t->reason[t->nreasons++];
    snprintf(r->code, sizeof r->code, "%s", g->result.reason);
    r->n = 1;
}

static void csv_header(const sim_tally *t, const game_end *g)
{
    printf("%sgame,seed,winner,reason,turns,actions", t->label ? "config," : "");
    for (int i = 0; i < g->nstats; i++)
        printf(",%s", g->stats[i].name);
    printf("\n");
}

static void csv_row(const sim_tally *t, const game_end *g)
{
    char names[160];
    if (t->label)
        printf("%s,", t->label);
    printf("%ld,%llu,%s,%s,%d,%ld", t->games, (unsigned long long)g->seed,
           cli_winners(t->game, &g->result, "+", names, sizeof names), g->result.reason,
           g->result.turn, g->actions);
    for (int i = 0; i < g->nstats; i++)
        if (isnan(g->stats[i].value))
            printf(",");
        else
            printf(",%g", g->stats[i].value);
    printf("\n");
}

static void progress(long done, long total, double elapsed, int final)
{
    enum { WIDTH = 30 };
    if (final) {
        fprintf(stderr, "\r%*s\r", WIDTH + 48, "");
        return;
    }
    int fill = (int)((double)done / (double)total * WIDTH);
    char bar[WIDTH + 1];
    memset(bar, '#', (size_t)fill);
    memset(bar + fill, '.', (size_t)(WIDTH - fill));
    bar[WIDTH] = '\0';
    double eta = done ? elapsed / (double)done * (double)(total - done) : 0;
    fprintf(stderr, "\r[%s] %3d%%  %ld/%ld games  %.0f s left ", bar,
            (int)(100.0 * (double)done / (double)total), done, total, eta);
    fflush(stderr);
}

/* The games of one chunk, played on every thread (and rank) into their slots. */
typedef struct sim_chunk {
    const sim_tally *t;
    long base;
    game_end *slot;
} sim_chunk;

static int chunk_job(void *shared, void *worker, long i)
{
    sim_chunk *c = shared;
    return play_one(worker, cli_game_seed(c->t->seed, (uint64_t)i), &c->slot[i - c->base]);
}

/* What of a game's end travels between processes: its figures in use. */
static size_t game_end_len(const void *slot)
{
    const game_end *g = slot;
    return offsetof(game_end, stats) + (size_t)g->nstats * sizeof g->stats[0];
}

/* Games played at once before they are tallied: SIM_CHUNK for each process,
 * so a rank has as many games between two gatherings as one process has,
 * up to SIM_MAX_CHUNK: the reporting process holds a chunk's results (the
 * others touch only the slots of their own games). */
static long chunk_games(long ngames)
{
    long chunk = SIM_CHUNK * (long)cli_processes();
    chunk = chunk < SIM_MAX_CHUNK ? chunk : SIM_MAX_CHUNK;
    return ngames < chunk ? ngames : chunk;
}

/* Plays every game into t on r[0..threads-1] (one per thread), a chunk at a
 * time in `slot` (chunk games); returns the exit status. Only the reporting
 * process tallies and writes: the CSV header goes before the first row
 * (header: print it), once the game's figures are known. */
static int sim_games(sim_run *r, int threads, sim_tally *t, game_end *slot, long chunk,
                     const sim_opts *o, int header)
{
    int report = cli_reports(), bar = report && isatty(STDERR_FILENO);
    double start = now_s();
    sim_chunk c = {t, 0, slot};
    void *workers[256];
    for (int w = 0; w < threads; w++)
        workers[w] = &r[w];
    int rc = CLI_OK;
    for (c.base = 0; c.base < o->games && rc == CLI_OK; c.base += chunk) {
        long end = c.base + chunk < o->games ? c.base + chunk : o->games;
        rc = cli_deal(threads, c.base, end, &c, workers, chunk_job, slot, sizeof *slot,
                      game_end_len);
        for (long i = c.base; i < end && rc == CLI_OK && report; i++) {
            game_end *g = &slot[i - c.base];
            if (o->format == FORMAT_CSV && header && i == 0)
                csv_header(t, g);
            if (o->format == FORMAT_CSV)
                csv_row(t, g);
            tally_add(t, g);
        }
        if (bar)
            progress(end, o->games, now_s() - start, 0);
    }
    t->seconds = now_s() - start;
    if (bar)
        progress(0, 1, 0, 1);
    return rc;
}

/* One configuration: its game, seats and tallies. */
typedef struct sim_config {
    tt_game *game;
    cli_seats seats;
    sim_tally *t;
} sim_config;

static int config_open(sim_config *cf, const sim_opts *o, const char *params, const char *label)
{
    memset(cf, 0, sizeof *cf);
    int rc = cli_game_load_seated("sim", o->game, params, o->players, &cf->game);
    if (rc)
        return rc;
    rc = cli_seats_parse("sim", cf->game, o->players, "random", "random", 0, &cf->seats);
    if (rc)
        return rc;
    cf->t = calloc(1, sizeof *cf->t);
    if (!cf->t)
        return cli_error(CLI_REFUSED, "out of memory");
    cf->t->game = cf->game;
    cf->t->seats = &cf->seats;
    cf->t->seed = o->seed;
    cf->t->label = label;
    cf->t->turns = malloc((size_t)o->games * sizeof *cf->t->turns);
    cf->t->actions = malloc((size_t)o->games * sizeof *cf->t->actions);
    cf->t->winners = malloc((size_t)o->games * sizeof *cf->t->winners);
    cf->t->scores = calloc((size_t)o->games * TT_MAX_PLAYERS, sizeof *cf->t->scores);
    cf->t->margins = malloc((size_t)o->games * sizeof *cf->t->margins);
    if (!cf->t->turns || !cf->t->actions || !cf->t->winners || !cf->t->scores || !cf->t->margins)
        return cli_error(CLI_REFUSED, "out of memory");
    return CLI_OK;
}

static void config_close(sim_config *cf)
{
    if (cf->t) {
        free(cf->t->turns);
        free(cf->t->actions);
        free(cf->t->winners);
        free(cf->t->scores);
        free(cf->t->margins);
        free(cf->t);
    }
    tt_game_free(cf->game);
}

static int config_run(sim_config *cf, const sim_opts *o, int header)
{
    int threads = cli_deal_threads(o->threads), rc = CLI_OK;
    if (threads > o->games)
        threads = (int)o->games;
    long chunk = chunk_games(o->games);
    game_end *slot = malloc((size_t)chunk * sizeof *slot);
    sim_run *r = calloc((size_t)threads, sizeof *r);
    for (int w = 0; r && w < threads; w++) {
        r[w].game = cf->game;
        r[w].seats = &cf->seats;
        r[w].state = malloc(tt_state_size(cf->game));
        if (!r[w].state)
            rc = CLI_REFUSED;
    }
    if (!r || !slot || rc)
        rc = cli_error(CLI_REFUSED, "out of memory");
    rc = cli_agree(rc);
    if (rc == CLI_OK)
        rc = sim_games(r, threads, cf->t, slot, chunk, o, header);
    for (int w = 0; r && w < threads; w++)
        free(r[w].state);
    free(r);
    free(slot);
    return rc;
}

/* The second configuration's parameters: the first's, with --vs changes. */
static int vs_params(const sim_opts *o, cli_params *out)
{
    memset(out, 0, sizeof *out);
    char a[sizeof o->params.text], b[sizeof o->vs.text];
    snprintf(a, sizeof a, "%s", o->params.text);
    snprintf(b, sizeof b, "%s", o->vs.text);
    char *save = NULL;
    for (char *kv = strtok_r(a, " ", &save); kv; kv = strtok_r(NULL, " ", &save)) {
        size_t klen = strcspn(kv, "=") + 1; /* "key=" */
        int changed = 0;
        for (const char *w = b; *w; w += strcspn(w, " "), w += *w == ' ')
            changed |= strncmp(w, kv, klen) == 0;
        if (!changed && cli_params_add("sim", out, kv))
            return CLI_USAGE;
    }
    return o->vs.text[0] && cli_params_add("sim", out, o->vs.text) ? CLI_USAGE : CLI_OK;
}

/* The table or JSON report (the CSV rows are out already); b NULL: one
 * configuration. */
static void sim_report(const sim_opts *o, sim_tally *a, sim_tally *b)
{
    if (!b && o->format == FORMAT_TABLE)
        sim_report_table(stdout, a);
    else if (!b && o->format == FORMAT_JSON)
        sim_report_json(stdout, a);
    else if (b && o->format == FORMAT_TABLE)
        sim_report_compare_table(stdout, a, b);
    else if (b && o->format == FORMAT_JSON)
        sim_report_compare_json(stdout, a, b);
}

int cmd_sim(int argc, char **argv)
{
    sim_opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc < 0 ? CLI_OK : rc;
    if (!o.has_seed)
        o.seed = cli_run_seed();
    int two = o.vs.text[0] != 0;
    cli_params pb;
    sim_config a, b;
    memset(&b, 0, sizeof b);
    rc = config_open(&a, &o, o.params.text, two ? "A" : NULL);
    if (rc == CLI_OK && two && (rc = vs_params(&o, &pb)) == CLI_OK)
        rc = config_open(&b, &o, pb.text, "B");
    rc = cli_agree(rc); /* content a host lacks stops every process */
    if (rc == CLI_OK)
        rc = config_run(&a, &o, 1);
    if (rc == CLI_OK && two)
        rc = config_run(&b, &o, 0);
    if (rc == CLI_OK && cli_reports())
        sim_report(&o, a.t, two ? b.t : NULL);
    config_close(&a);
    config_close(&b);
    return rc;
}
