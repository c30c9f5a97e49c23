/* `tabletop sim`: N AI-vs-AI games of one game, and their statistics.
 *
 * Game i starts from state seed tt_mix64(S + i) and its AIs from seeds derived
 * from that (cli_ai_seed), so a run is the same for the same --seed, and any
 * one game can be watched with `tabletop play --players … --seed <its seed>`
 * (the CSV lists each game's seed). Games run with events off (NULL), as in
 * any playout. The tallies go to sim_report.c for the table and JSON; --csv
 * writes one row per game as it ends. A progress bar goes to stderr, only
 * when stderr is a terminal, so scripts and pipes never see it. */
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

static const char sim_help[] =
    "Usage: tabletop sim <game> --games N [--seed S] [--players A,B] [--json|--csv]\n"
    "                    [--param key=value ...]\n"
    "\n"
    "Plays N AI-vs-AI games and reports: wins per player with a 95% (Wilson)\n"
    "interval, games without a winner, mean and median length in turns and in\n"
    "actions, how the games ended, the first-player edge (player 0's win rate\n"
    "minus 50%), and games per second.\n"
    "\n"
    "Options:\n"
    "  --games N          games to play (default 1000)\n"
    "  --seed S           the run's seed (default: a fresh one, printed); game i\n"
    "                     starts from seed mix64(S + i)\n"
    "  --players A,B      the AI in each seat (default random for all; `tabletop list`)\n"
    "  --param key=value  a game parameter (repeatable)\n"
    "  --json             one JSON object instead of the table\n"
    "  --csv              one row per game: game,seed,winner,reason,turns,actions; watch\n"
    "                     game k again with `tabletop play <game> --players A,B --seed <seed>`\n"
    "\n"
    "The same seed gives the same results (all but the timings).\n";

enum { FORMAT_TABLE, FORMAT_JSON, FORMAT_CSV };

typedef struct sim_opts {
    const char *game;
    const char *players;
    long games;
    uint64_t seed;
    int has_seed;
    int format;
    cli_params params;
} sim_opts;

static int parse_option(sim_opts *o, int argc, char **argv, int *i)
{
    const char *v;
    int m;
    if ((m = cli_option("sim", "--games", argc, argv, i, &v)) != 0) {
        if (m > 0 && cli_parse_long(v, 1, SIM_MAX_GAMES, &o->games))
            return cli_usage("sim", "--games wants a number from 1 to %ld, not '%s'",
                             SIM_MAX_GAMES, v);
    } else if ((m = cli_option("sim", "--seed", argc, argv, i, &v)) != 0) {
        if (m > 0 && cli_parse_u64(v, &o->seed))
            return cli_usage("sim", "--seed wants a number, not '%s'", v);
        o->has_seed = 1;
    } else if ((m = cli_option("sim", "--players", argc, argv, i, &v)) != 0) {
        if (m > 0)
            o->players = v;
    } else if ((m = cli_option("sim", "--param", argc, argv, i, &v)) != 0) {
        if (m > 0 && cli_params_add("sim", &o->params, v))
            return CLI_USAGE;
    } else if (strcmp(argv[*i], "--json") == 0 || strcmp(argv[*i], "--csv") == 0) {
        int f = argv[*i][2] == 'j' ? FORMAT_JSON : FORMAT_CSV;
        if (o->format != FORMAT_TABLE && o->format != f)
            return cli_usage("sim", "--json and --csv exclude each other");
        o->format = f;
        m = 1;
    } else {
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
            fputs(sim_help, stdout);
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
    long actions;
    tt_result result;
} game_end;

/* Plays one game from `seed` to its end; CLI_OK, or CLI_REFUSED after saying
 * which game failed (an AI that chooses a refused action is a bug). */
static int play_one(sim_run *r, uint64_t seed, game_end *out)
{
    if (cli_ais_new(r->game, r->seats, seed, r->ais))
        return CLI_REFUSED;
    tt_state_init(r->game, r->state, seed);
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

static void tally_add(sim_tally *t, const game_end *g)
{
    for (int p = 0; p < TT_MAX_PLAYERS; p++)
        t->wins[p] += g->result.winners >> p & 1; /* a shared win counts for each */
    t->no_winner += !g->result.winners;
    t->shared += g->result.winner < 0 && g->result.winners;
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

static void csv_row(const sim_tally *t, const game_end *g)
{
    char names[160];
    printf("%ld,%llu,%s,%s,%d,%ld\n", t->games, (unsigned long long)g->seed,
           cli_winners(t->game, &g->result, "+", names, sizeof names), g->result.reason,
           g->result.turn, g->actions);
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

/* Plays every game into t; returns the exit status. */
static int sim_games(sim_run *r, sim_tally *t, long ngames, int format)
{
    int bar = isatty(STDERR_FILENO);
    double start = now_s(), last = 0;
    if (format == FORMAT_CSV)
        printf("game,seed,winner,reason,turns,actions\n");
    for (long i = 0; i < ngames; i++) {
        game_end g;
        int rc = play_one(r, tt_mix64(t->seed + (uint64_t)i), &g);
        if (rc) {
            if (bar)
                progress(0, 1, 0, 1);
            return rc;
        }
        if (format == FORMAT_CSV)
            csv_row(t, &g);
        tally_add(t, &g);
        double now = now_s();
        if (bar && (now - last > 0.1 || i + 1 == ngames)) {
            progress(i + 1, ngames, now - start, 0);
            last = now;
        }
    }
    t->seconds = now_s() - start;
    if (bar)
        progress(0, 1, 0, 1);
    return CLI_OK;
}

static int sim_run_all(const tt_game *game, const cli_seats *seats, const sim_opts *o)
{
    sim_tally t;
    memset(&t, 0, sizeof t);
    t.game = game;
    t.seats = seats;
    t.seed = o->seed;
    t.turns = malloc((size_t)o->games * sizeof *t.turns);
    t.actions = malloc((size_t)o->games * sizeof *t.actions);
    sim_run r = {game, seats, malloc(tt_state_size(game)), {NULL}};
    int rc = CLI_REFUSED;
    if (!t.turns || !t.actions || !r.state)
        cli_error(CLI_REFUSED, "out of memory");
    else
        rc = sim_games(&r, &t, o->games, o->format);
    if (rc == CLI_OK && o->format == FORMAT_TABLE)
        sim_report_table(stdout, &t);
    else if (rc == CLI_OK && o->format == FORMAT_JSON)
        sim_report_json(stdout, &t);
    free(r.state);
    free(t.turns);
    free(t.actions);
    return rc;
}

int cmd_sim(int argc, char **argv)
{
    sim_opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc < 0 ? CLI_OK : rc;
    if (!o.has_seed)
        o.seed = cli_fresh_seed();
    tt_game *game;
    rc = cli_game_load("sim", o.game, o.params.text, &game);
    if (rc)
        return rc;
    cli_seats seats;
    rc = cli_seats_parse("sim", game, o.players, "random", 0, &seats);
    if (rc == CLI_OK)
        rc = sim_run_all(game, &seats, &o);
    tt_game_free(game);
    return rc;
}
