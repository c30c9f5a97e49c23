/* `tabletop bench`: how fast a game plays — random playouts on one thread,
 * and with --ai how fast an AI searches.
 *
 * The playout loop is what an MCTS rollout does: tt_state_init, then tt_legal,
 * a uniform pick from a local tt_rng and tt_apply with events and errors off,
 * until no action is legal. Everything it needs (state, legal buffer of
 * tt_max_actions entries) is allocated once before the clock starts; the loop
 * itself allocates nothing and reads the clock once per game. The copy figure
 * is tt_state_copy between two buffers, back and forth, averaged over up to
 * ten million copies, as many as fit a third of --seconds.
 *
 * With --ai, the random playouts come first (on one thread, the baseline),
 * then the AI plays against itself in every seat on --threads threads for as
 * long: the AI's playouts (tt_ai_stats iterations) per second of its own
 * thinking, per thread and in all, and their ratio to the baseline, which
 * says what the search costs beyond its playouts. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "core/errors.h"
#include "core/rng.h"

#define COPY_MAX 10000000L
#define COPY_SHARE 3.0 /* the copies take a third of the playouts' time */
#define PLAYOUT_ACTION_CAP 10000000L

static const char bench_help[] =
    "Usage: tabletop bench <game> [--seconds T] [--seed S] [--json] [--param key=value ...]\n"
    "                             [--ai AI [--threads N]]\n"
    "\n"
    "Random playouts on one thread for T seconds (default 3), events off, as an AI's\n"
    "rollouts run them. Reports games/s, actions/s, actions per game, the state's\n"
    "size in bytes and the time of one state copy in nanoseconds.\n"
    "\n"
    "Options:\n"
    "  --seconds T        how long to play (default 3; fractions allowed)\n"
    "  --seed S           the playouts' seed (default 1, so runs compare)\n"
    "  --param key=value  a game parameter (repeatable)\n"
    "  --mode M, --difficulty D  short for --param mode=M, --param difficulty=D\n"
    "  --ai AI            then the AI (e.g. ismcts, ismcts:c=1) against itself for T\n"
    "                     seconds: its playouts (iterations) per second, per thread\n"
    "                     and in all, and per thread as a share of random games/s\n"
    "  --threads N        threads for --ai (default: every core)\n"
    "  --json             one JSON object: game, games_per_s, actions_per_s,\n"
    "                     state_bytes, copy_ns, … (and ai, iterations_per_s, …)\n";

typedef struct bench_opts {
    const char *game;
    double seconds;
    uint64_t seed;
    int json;
    cli_params params;
    const char *ai; /* --ai, or NULL */
    long threads;
} bench_opts;

typedef struct bench_result {
    long games;
    long actions;
    double seconds; /* measured playout time */
    double copy_ns; /* one tt_state_copy */
    long copies;    /* copies timed */
    /* --ai */
    int threads;
    long decisions;  /* the AI's choices */
    long iterations; /* its playouts */
    double thinking; /* seconds in tt_ai_choose, all threads */
    double ai_wall;  /* wall time of the AI's games */
} bench_result;

static int parse_args(int argc, char **argv, bench_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seconds = 3.0;
    o->seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int m = 0;
        if (cli_is_help(argv[i])) {
            cli_help(bench_help, argc, argv);
            return -1;
        } else if ((m = cli_option("bench", "--seconds", argc, argv, &i, &v)) != 0) {
            if (m > 0 && cli_parse_double(v, 0.001, 86400, &o->seconds))
                return cli_usage("bench", "--seconds wants a duration in seconds, not '%s'", v);
        } else if ((m = cli_option("bench", "--seed", argc, argv, &i, &v)) != 0) {
            if (m > 0 && cli_parse_u64(v, &o->seed))
                return cli_usage("bench", "--seed wants a number, not '%s'", v);
        } else if ((m = cli_option("bench", "--param", argc, argv, &i, &v)) != 0) {
            if (m > 0 && cli_params_add("bench", &o->params, v))
                return CLI_USAGE;
        } else if ((m = cli_option("bench", "--ai", argc, argv, &i, &v)) != 0) {
            if (m > 0)
                o->ai = v;
        } else if ((m = cli_option("bench", "--threads", argc, argv, &i, &v)) != 0) {
            if (m > 0 && cli_parse_long(v, 1, 256, &o->threads))
                return cli_usage("bench", "--threads wants a number from 1 to 256, not '%s'", v);
        } else if (strcmp(argv[i], "--json") == 0) {
            o->json = 1;
        } else if ((m = cli_param_option("bench", argc, argv, &i, &o->params)) != 0) {
            if (m < 0)
                return CLI_USAGE;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return cli_usage("bench", "unknown option '%s'", argv[i]);
        } else if (!o->game) {
            o->game = argv[i];
        } else {
            return cli_usage("bench", "unexpected argument '%s'", argv[i]);
        }
        if (m < 0)
            return CLI_USAGE;
    }
    if (o->threads && !o->ai)
        return cli_usage("bench", "--threads goes with --ai");
    return cli_game_check("bench", o->game);
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Plays one random game in st; returns the actions applied, or -1 when the
 * game misbehaves (a listed action refused, no action yet not over, no end). */
static long playout(const tt_game *g, tt_state *st, tt_action *legal, tt_rng *rng)
{
    tt_state_init(g, st, tt_rng_next(rng));
    long n = 0;
    int k;
    while ((k = tt_legal(g, st, legal)) > 0) {
        if (tt_apply(g, st, legal[tt_rng_below(rng, (uint32_t)k)], NULL, NULL) != TT_OK ||
            ++n == PLAYOUT_ACTION_CAP)
            return -1;
    }
    return tt_to_move(g, st) == TT_TERMINAL ? n : -1;
}

static int bench_playouts(const tt_game *g, const bench_opts *o, tt_state *st, tt_action *legal,
                          bench_result *r)
{
    tt_rng rng;
    tt_rng_seed(&rng, o->seed);
    double start = now_s(), end = start + o->seconds, t = start;
    do {
        long n = playout(g, st, legal, &rng);
        if (n < 0)
            return cli_error(CLI_REFUSED,
                             "a random playout failed after %ld games: an action tt_legal "
                             "listed was refused, or the game never ended",
                             r->games);
        r->games++;
        r->actions += n;
        t = now_s();
    } while (t < end);
    r->seconds = t - start;
    return CLI_OK;
}

/* Times `count` copies between a and b; the checksum read afterwards keeps
 * the copies observable even if tt_state_copy were ever inlined. */
static double time_copies(const tt_game *g, tt_state *a, tt_state *b, long count)
{
    double start = now_s();
    for (long i = 0; i < count; i += 2) {
        tt_state_copy(g, b, a);
        tt_state_copy(g, a, b);
    }
    double dt = now_s() - start;
    volatile uint64_t sink = tt_state_hash(g, a);
    (void)sink;
    return dt;
}

static void bench_copy(const tt_game *g, tt_state *a, tt_state *b, double seconds, bench_result *r)
{
    /* a short calibration decides how many copies fit the time budget */
    long count = 2000;
    double dt = time_copies(g, a, b, count);
    double per = dt > 0 ? dt / (double)count : 1e-9;
    count = (long)(seconds / COPY_SHARE / per);
    count = count > COPY_MAX ? COPY_MAX : count < 2000 ? 2000 : count;
    count += count % 2;
    r->copies = count;
    r->copy_ns = time_copies(g, a, b, count) / (double)count * 1e9;
}

/* --- the AI against itself ------------------------------------------------- */

typedef struct ai_bench {
    const tt_game *game;
    char kind[16], params[CLI_SEAT_MAX];
    uint64_t seed;
    double end; /* the deadline */
} ai_bench;

typedef struct ai_worker {
    tt_state *state;
    tt_ai *ai;
    long decisions, iterations;
    double thinking;
} ai_worker;

/* Job i: games of the AI against itself (game k from cli_game_seed(seed,
 * k·256 + i)) until the deadline. */
static int ai_job(void *shared, void *worker, long i)
{
    ai_bench *b = shared;
    ai_worker *w = worker;
    tt_error err;
    for (long k = 0; now_s() < b->end; k++) {
        tt_state_init(b->game, w->state, cli_game_seed(b->seed, (uint64_t)(k * 256 + i)));
        while (tt_to_move(b->game, w->state) != TT_TERMINAL && now_s() < b->end) {
            tt_action a;
            tt_ai_stats st;
            if (tt_ai_choose(w->ai, w->state, &a, &err) != TT_OK ||
                tt_apply(b->game, w->state, a, NULL, &err) != TT_OK) {
                char buf[400];
                return cli_error(CLI_REFUSED, "the AI failed: %s",
                                 tt_error_text(&err, buf, sizeof buf));
            }
            tt_ai_stats_get(w->ai, &st);
            w->decisions++;
            w->iterations += st.iterations;
            w->thinking += st.seconds;
        }
    }
    return CLI_OK;
}

static int bench_ai(const tt_game *g, const bench_opts *o, bench_result *r)
{
    ai_bench b = {g, "", "", o->seed, 0};
    if (cli_ai_split(o->ai, strlen(o->ai), b.kind, sizeof b.kind, b.params, sizeof b.params))
        return cli_usage("bench", "--ai: bad AI '%s'", o->ai);
    int threads = cli_threads(o->threads), rc = CLI_OK;
    ai_worker *w = calloc((size_t)threads, sizeof *w);
    void *workers[256];
    if (!w)
        return cli_error(CLI_REFUSED, "out of memory");
    for (int t = 0; t < threads && rc == CLI_OK; t++) {
        tt_error err;
        tt_error_clear(&err);
        workers[t] = &w[t];
        w[t].state = malloc(tt_state_size(g));
        int arc = tt_ai_new(b.kind, g, b.params, tt_mix64(o->seed + (uint64_t)t), &w[t].ai, &err);
        char buf[400];
        if (arc != TT_OK)
            rc = arc == TT_EARG
                     ? cli_usage("bench", "--ai: %s", tt_error_text(&err, buf, sizeof buf))
                     : cli_error(CLI_REFUSED, "out of memory");
        else if (!w[t].state)
            rc = cli_error(CLI_REFUSED, "out of memory");
    }
    if (rc == CLI_OK) {
        double start = now_s();
        b.end = start + o->seconds;
        rc = cli_parallel(threads, 0, threads, &b, workers, ai_job);
        r->ai_wall = now_s() - start;
        r->threads = threads;
    }
    for (int t = 0; t < threads; t++) {
        r->decisions += w[t].decisions;
        r->iterations += w[t].iterations;
        r->thinking += w[t].thinking;
        tt_ai_free(w[t].ai);
        free(w[t].state);
    }
    free(w);
    return rc;
}

static void report(const tt_game *g, const bench_opts *o, const bench_result *r)
{
    double gps = (double)r->games / r->seconds, aps = (double)r->actions / r->seconds;
    double apg = r->games ? (double)r->actions / (double)r->games : 0;
    double ips = r->thinking > 0 ? (double)r->iterations / r->thinking : 0;
    double all = r->ai_wall > 0 ? (double)r->iterations / r->ai_wall : 0;
    if (o->json) {
        printf("{\"game\":");
        cli_json_string(stdout, tt_game_name(g));
        printf(",\"params\":");
        cli_json_string(stdout, tt_game_params(g));
        printf(",\"seed\":%llu,\"seconds\":%.3f,\"games\":%ld,\"actions\":%ld,"
               "\"games_per_s\":%.1f,\"actions_per_s\":%.1f,\"actions_per_game\":%.2f,"
               "\"state_bytes\":%zu,\"copy_ns\":%.2f,\"copies\":%ld",
               (unsigned long long)o->seed, r->seconds, r->games, r->actions, gps, aps, apg,
               tt_state_size(g), r->copy_ns, r->copies);
        if (o->ai) {
            printf(",\"ai\":");
            cli_json_string(stdout, o->ai);
            printf(",\"threads\":%d,\"decisions\":%ld,\"iterations\":%ld,"
                   "\"iterations_per_s\":%.1f,\"iterations_per_s_all\":%.1f,"
                   "\"share_of_random\":%.4f",
                   r->threads, r->decisions, r->iterations, ips, all, gps > 0 ? ips / gps : 0);
        }
        printf("}\n");
        return;
    }
    printf("%s: random playouts on one thread for %.2f s, seed %llu%s%s\n", tt_game_name(g),
           r->seconds, (unsigned long long)o->seed, tt_game_params(g)[0] ? ", " : "",
           tt_game_params(g));
    printf("  %-16s %14.0f   (%ld games)\n", "games/s", gps, r->games);
    printf("  %-16s %14.0f   (%ld actions)\n", "actions/s", aps, r->actions);
    printf("  %-16s %14.1f\n", "actions/game", apg);
    printf("  %-16s %14zu bytes\n", "state size", tt_state_size(g));
    printf("  %-16s %14.1f ns   (mean of %ld copies)\n", "state copy", r->copy_ns, r->copies);
    if (!o->ai)
        return;
    printf("%s against itself on %d thread%s for %.2f s\n", o->ai, r->threads,
           r->threads == 1 ? "" : "s", r->ai_wall);
    printf("  %-16s %14.0f   (%ld playouts in %.2f s of thinking, a thread)\n", "iterations/s", ips,
           r->iterations, r->thinking);
    printf("  %-16s %14.0f   (all threads)\n", "iterations/s", all);
    printf("  %-16s %14.0f\n", "decisions/s",
           r->ai_wall > 0 ? (double)r->decisions / r->ai_wall : 0);
    printf("  %-16s %13.0f%%   (iterations/s a thread over random games/s)\n", "search speed",
           gps > 0 ? 100 * ips / gps : 0);
}

static int bench_run(const tt_game *g, const bench_opts *o)
{
    tt_state *a = malloc(tt_state_size(g)), *b = malloc(tt_state_size(g));
    tt_action *legal = malloc((size_t)tt_max_actions(g) * sizeof *legal);
    bench_result r;
    memset(&r, 0, sizeof r);
    int rc = CLI_REFUSED;
    if (!a || !b || !legal)
        cli_error(CLI_REFUSED, "out of memory");
    else
        rc = bench_playouts(g, o, a, legal, &r);
    if (rc == CLI_OK) {
        tt_state_init(g, b, o->seed);
        bench_copy(g, a, b, o->seconds, &r);
    }
    if (rc == CLI_OK && o->ai)
        rc = bench_ai(g, o, &r);
    if (rc == CLI_OK)
        report(g, o, &r);
    free(a);
    free(b);
    free(legal);
    return rc;
}

int cmd_bench(int argc, char **argv)
{
    bench_opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc < 0 ? CLI_OK : rc;
    tt_game *game;
    rc = cli_game_load("bench", o.game, o.params.text, &game);
    if (rc)
        return rc;
    rc = bench_run(game, &o);
    tt_game_free(game);
    return rc;
}
