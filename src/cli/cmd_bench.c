/* `tabletop bench`: how fast a game plays — random playouts on one thread.
 *
 * The playout loop is what an MCTS rollout does: tt_state_init, then tt_legal,
 * a uniform pick from a local tt_rng and tt_apply with events and errors off,
 * until no action is legal. Everything it needs (state, legal buffer of
 * tt_max_actions entries) is allocated once before the clock starts; the loop
 * itself allocates nothing and reads the clock once per game. The copy figure
 * is tt_state_copy between two buffers, back and forth, averaged over up to
 * ten million copies (fewer for a large state, to keep the run short). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "core/rng.h"

#define COPY_MAX 10000000L
#define COPY_BUDGET_S 1.0
#define PLAYOUT_ACTION_CAP 10000000L

static const char bench_help[] =
    "Usage: tabletop bench <game> [--seconds T] [--seed S] [--json] [--param key=value ...]\n"
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
    "  --json             one JSON object: game, games_per_s, actions_per_s,\n"
    "                     state_bytes, copy_ns, …\n";

typedef struct bench_opts {
    const char *game;
    double seconds;
    uint64_t seed;
    int json;
    cli_params params;
} bench_opts;

typedef struct bench_result {
    long games;
    long actions;
    double seconds; /* measured playout time */
    double copy_ns; /* one tt_state_copy */
    long copies;    /* copies timed */
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

static void bench_copy(const tt_game *g, tt_state *a, tt_state *b, bench_result *r)
{
    /* a short calibration decides how many copies fit the time budget */
    long count = 2000;
    double dt = time_copies(g, a, b, count);
    double per = dt > 0 ? dt / (double)count : 1e-9;
    count = (long)(COPY_BUDGET_S / per);
    count = count > COPY_MAX ? COPY_MAX : count < 2000 ? 2000 : count;
    count += count % 2;
    r->copies = count;
    r->copy_ns = time_copies(g, a, b, count) / (double)count * 1e9;
}

static void report(const tt_game *g, const bench_opts *o, const bench_result *r)
{
    double gps = (double)r->games / r->seconds, aps = (double)r->actions / r->seconds;
    double apg = r->games ? (double)r->actions / (double)r->games : 0;
    if (o->json) {
        printf("{\"game\":");
        cli_json_string(stdout, tt_game_name(g));
        printf(",\"params\":");
        cli_json_string(stdout, tt_game_params(g));
        printf(",\"seed\":%llu,\"seconds\":%.3f,\"games\":%ld,\"actions\":%ld,"
               "\"games_per_s\":%.1f,\"actions_per_s\":%.1f,\"actions_per_game\":%.2f,"
               "\"state_bytes\":%zu,\"copy_ns\":%.2f,\"copies\":%ld}\n",
               (unsigned long long)o->seed, r->seconds, r->games, r->actions, gps, aps, apg,
               tt_state_size(g), r->copy_ns, r->copies);
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
        bench_copy(g, a, b, &r);
        report(g, o, &r);
    }
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
