/* The `tabletop` command: what its subcommands share.
 *
 * main.c dispatches to one cmd_* function per subcommand; each takes the
 * arguments after the subcommand's name (argv[0] is the subcommand) and returns
 * the process exit status. Everything a subcommand prints about a failure goes
 * to stderr as one line "tabletop: <message>" (cli_error); results go to
 * stdout. No global mutable state: each command owns what it loads. */
#ifndef TT_CLI_CLI_H
#define TT_CLI_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "tabletop/tt.h"

/* Exit statuses scripts can trust. */
enum {
    CLI_OK = 0,      /* done */
    CLI_REFUSED = 1, /* refused or invalid input: a bad deck, record, content file */
    CLI_USAGE = 2    /* bad command line: unknown option, game, AI, parameter */
};

/* --- the subcommands (argv[0] is the subcommand's name) ------------------- */

int cmd_play(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_deck(int argc, char **argv);
int cmd_cards(int argc, char **argv);
int cmd_serve(int argc, char **argv);

/* `info <name or number>` at the play prompt (cmd_cards.c): prints the full
 * description of the thing named (an id or a display name, case aside) or of
 * the thing legal action number k (1-based, of nlegal) names; otherwise one
 * line saying why not. */
void cli_info(const tt_game *game, const tt_state *state, const tt_action *legal, int nlegal,
              const char *what);
int cmd_ladder(int argc, char **argv);

/* --- messages and arguments (args.c) -------------------------------------- */

/* Prints "tabletop: <message>" on stderr; returns status. */
int cli_error(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Prints "tabletop: <cmd>: <message> (see 'tabletop <cmd> --help')" on stderr;
 * returns CLI_USAGE. */
int cli_usage(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Matches argv[*i] against option `name` taking a value, given either as
 * "--name value" or "--name=value". Returns 1 and sets *value (advancing *i past
 * a separate value), 0 when argv[*i] is another option, or -1 when the value is
 * missing (after printing the usage error for `cmd`). */
int cli_option(const char *cmd, const char *name, int argc, char **argv, int *i,
               const char **value);

/* 1 when arg is "--help" or "-h". */
int cli_is_help(const char *arg);

/* Number parsers: the whole text must be a number in range. 0 on success,
 * -1 otherwise (*out unchanged). */
int cli_parse_u64(const char *text, uint64_t *out);
int cli_parse_long(const char *text, long min, long max, long *out);
int cli_parse_double(const char *text, double min, double max, double *out);

/* Game parameters collected from repeated --param options, joined by spaces. */
typedef struct cli_params {
    char text[1024];
} cli_params;
/* Appends "key=value" (or several, space separated); -1 when it does not fit or
 * is not key=value (after printing the usage error for `cmd`). */
int cli_params_add(const char *cmd, cli_params *p, const char *kv);

/* `--mode M` and `--difficulty D`, short for `--param mode=M` and so on: 1 when
 * argv[*i] is one (added to p, *i advanced), 0 when it is not, -1 on a usage
 * error (printed). */
int cli_param_option(const char *cmd, int argc, char **argv, int *i, cli_params *p);

/* A seed for when the user gives none: different on every run. */
uint64_t cli_fresh_seed(void);

/* Writes text as a JSON string, quotes included. */
void cli_json_string(FILE *out, const char *text);

/* --- games, seats and narration (common.c) -------------------------------- */

/* CLI_OK when `name` is a game this build knows; otherwise prints the usage
 * error for `cmd` (naming the known games; NULL name: none was given) and
 * returns CLI_USAGE. */
int cli_game_check(const char *cmd, const char *name);

/* Prints `help` (a subcommand's usage text) on stdout, then, when a game this
 * build knows is among argv[1..argc-1], that game's players and parameters
 * (cli_game_describe). */
void cli_help(const char *help, int argc, char **argv);

/* Describes game `name` (known) on out: its summary, players and every
 * parameter it declares, with kind, allowed values and default. */
void cli_game_describe(FILE *out, const char *name);

/* Loads `name` with `params`; on failure prints why and returns the exit
 * status (CLI_USAGE for an unknown game or parameter, CLI_REFUSED for bad
 * content), with *out NULL. */
int cli_game_load(const char *cmd, const char *name, const char *params, tt_game **out);

/* cli_game_load for the seats of a --players list (NULL: none): when the
 * list names another number of seats than the game has and `params` sets no
 * `players`, the game is loaded with players=<seats> if it takes that. */
int cli_game_load_seated(const char *cmd, const char *name, const char *params, const char *players,
                         tt_game **out);

/* Who sits in each seat: a person or an AI, written "name" or
 * "name:key=value:key=value" ("ismcts:ms=500", "flat:n=40"). */
#define CLI_SEAT_MAX 64
typedef struct cli_seats {
    int n;                                     /* = tt_game_players */
    char name[TT_MAX_PLAYERS][CLI_SEAT_MAX];   /* "human" or the AI as written */
    char kind[TT_MAX_PLAYERS][16];             /* "human" or the AI's name */
    char params[TT_MAX_PLAYERS][CLI_SEAT_MAX]; /* the AI's "key=value …" */
    int human[TT_MAX_PLAYERS];                 /* 1 for "human" */
    int nhumans;
} cli_seats;

/* Parses "A,B,…" (one entry per player) into seats; NULL spec means
 * `default_first` then `default_others` for the others. Refuses "human" unless
 * allow_human, and every AI or AI parameter tt_ai_new would refuse. Returns 0,
 * or CLI_USAGE after printing why. */
int cli_seats_parse(const char *cmd, const tt_game *game, const char *spec,
                    const char *default_first, const char *default_others, int allow_human,
                    cli_seats *out);

/* Splits one AI as written ("ismcts:ms=500:c=1") into its name and its
 * parameters "ms=500 c=1"; -1 when a part does not fit. */
int cli_ai_split(const char *text, size_t len, char *kind, size_t nkind, char *params,
                 size_t nparams);

/* Creates the AIs of the non-human seats for a game started from state_seed
 * (seat p's seed is cli_ai_seed(state_seed, p)); human seats get NULL. On
 * failure prints why, frees what it made and returns CLI_REFUSED. */
int cli_ais_new(const tt_game *game, const cli_seats *seats, uint64_t state_seed, tt_ai **ais);
void cli_ais_free(tt_ai **ais, int n);

/* The seed of seat `player`'s AI in a game whose state seed is state_seed, so
 * that `sim` game i and `play --seed <its state seed>` play the same game. */
uint64_t cli_ai_seed(uint64_t state_seed, int player);

/* The state seed of game i of a run with seed S: mix64(mix64(S) + i), so two
 * runs with different seeds share no game (mix64(S + i) made run S+1 the run
 * S shifted by one game). */
uint64_t cli_game_seed(uint64_t run_seed, uint64_t i);

/* The threads to use: --threads N when given (n > 0), else every core. */
int cli_threads(long n);

/* Runs fn(shared, workers[t], i) for every i in [lo, hi) on `threads` POSIX
 * threads (worker t owns workers[t]); indices are claimed in order, so which
 * thread plays an index never matters to a result kept by index. Returns 0,
 * or the first non-zero status fn returned (the others stop claiming). */
typedef int (*cli_job)(void *shared, void *worker, long i);
int cli_parallel(int threads, long lo, long hi, void *shared, void **workers, cli_job fn);

/* --- one process or many (one_process.c, or src/mpi/ranks.c) ------------- */

/* sim and ladder play a run through these functions, the only code that
 * differs between `tabletop`, which plays it in one process, and
 * `tabletop-mpi`, which plays it on every rank of an MPI job; each program is
 * linked with its own version, so both run one code path and `tabletop` needs
 * no MPI. Every process of a run makes the same calls of the functions marked
 * collective, in the same order: a process that fails passes its status to
 * cli_agree before it returns, so the others stop too instead of waiting. */

/* The processes playing the run: 1, or the ranks of the MPI job. */
int cli_processes(void);

/* 1 on the process that prints the results (the only one, or rank 0); the
 * others play their share of the games and print nothing. */
int cli_reports(void);

/* Collective. A seed for a run when the user gives none: fresh every run,
 * and the same on every process. */
uint64_t cli_run_seed(void);

/* Collective. The worst (largest) status of all the processes, on each. */
int cli_agree(int status);

/* Collective. The threads this process plays on: n when n > 0; otherwise
 * every core (cli_threads), shared among the ranks on the same host and
 * within the cores MPI bound the rank to. */
int cli_deal_threads(long n);

/* The bytes of a result slot that must travel: a prefix of the slot. */
typedef size_t (*cli_slot_len)(const void *slot);

/* Collective. Runs fn(shared, workers[t], i) for every i in [lo, hi), as
 * cli_parallel does, somewhere: in this process, or rank r of K playing the
 * indices lo + r, lo + r + K, … (neighbouring games, alike in cost, are on
 * different ranks). fn stores the result of i in slot i - lo of `slots`
 * (`size` bytes each); on return the reporting process holds every slot,
 * each sent as its first len(slot) bytes (the whole slot when len is NULL;
 * the processes run one binary, so a slot's bytes mean the same on each).
 * Returns the status all the processes agree on (cli_agree): 0, or the worst
 * status fn returned anywhere. */
int cli_deal(int threads, long lo, long hi, void *shared, void **workers, cli_job fn, void *slots,
             size_t size, cli_slot_len len);

/* Prints every event of ev with something to say for `viewer`, one per line;
 * notes events the buffer dropped. */
void cli_narrate(FILE *out, const tt_game *game, const tt_events *ev, int viewer);

/* Prints the end of a game: "Game over after N turns: the Invader wins
 * (REASON)." in the game's own unit (rounds in Braunau), with every winner by
 * his title ("the Germans and the Locals share the win", "a draw"); the reason
 * in words; then a table of each player's result, rank, score, the score's
 * sources and what ranks equal scores, where the game reports them (tt_stats
 * "VP|<player>|<part>", "standing|<player>|<part>").
 * A game not over gets one line saying how far it went. */
void cli_result_print(FILE *out, const tt_game *game, const tt_state *state);

/* The names of r's winners joined by sep into buf ("none" when nobody won). */
const char *cli_winners(const tt_game *game, const tt_result *r, const char *sep, char *buf,
                        size_t n);

#endif
