/* `tabletop play`: a game at the terminal — people and AIs in any seats.
 *
 * The loop asks whoever is to move: an AI through tt_ai_choose, a person by
 * printing the screen of that player's decision (play_screen.c: his seat's
 * view only, never more, what happened since he last decided, the legal
 * actions numbered) and a prompt. A decision with one possible answer that
 * tells nobody anything is taken for him, with a note. A person answers with
 * a number, an action text (tt_apply_text, so compound "play card zone=EU"
 * forms work too), or a command; a refused entry prints the rule that refuses
 * it and asks again. What happens is told from one perspective fixed for the
 * whole game: omniscient with no person at the table (as it happens), the
 * person's own with one, the spectator's in hot-seat play (both people read
 * the same screen). State seed = --seed; the AIs' seeds come from it
 * (cli_ai_seed), so a seed repeats a game exactly, and a `sim` game can be
 * watched again here (an AI with a time budget, ms=, searches as far as the
 * time allows, so only AIs with fixed budgets repeat). The opponent is ISMCTS
 * with one second a decision unless --ai names another; its thinking time is
 * told after its moves when a person is at the table. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/play_screen.h"

#define EVENTS_CAP 512
#define LINE_MAX_LEN 512

static const char play_help[] =
    "Usage: tabletop play <game> [--players A,B] [--ai AI] [--seed N] [--param key=value ...]\n"
    "                            [--mode M] [--difficulty D]\n"
    "\n"
    "Plays one game at the terminal. Each seat is `human`, `ai` (the --ai opponent) or\n"
    "an AI (`tabletop list`); the default is human,ai: you are player 0 against ISMCTS\n"
    "with one second a decision.\n"
    "\n"
    "Options:\n"
    "  --players A,B      who sits where, in player order (e.g. ai,human; human,human\n"
    "                     for hot-seat; random,random to watch a narrated game)\n"
    "  --ai AI            the opponent in the seats marked ai (default ismcts:ms=1000;\n"
    "                     e.g. ismcts:ms=500, flat:n=40, random; docs/ai.md)\n"
    "  --seed N           repeat a game exactly (the AIs' seeds derive from N); a `sim`\n"
    "                     game is watched again with --seed <its seed> and the same players\n"
    "  --param key=value  a game parameter (repeatable); see docs/games/<game>.md\n"
    "  --mode M, --difficulty D  short for --param mode=M, --param difficulty=D\n"
    "\n"
    "At your prompt type the number of an action, or its text (compound forms such as\n"
    "`play card zone=EU` too), or: help, board, map, log, info, concede, quit. End of\n"
    "input quits. Screens fit the terminal (COLUMNS and LINES when it is not one).\n";

static const char prompt_help[] =
    "Type the number of an action, or its text (a compound form such as\n"
    "\"play card zone=EU\" works too). Commands:\n"
    "  board     the whole table: every detail, the map and its key\n"
    "  map       draw the map again (a game with a map: Tannhäuser)\n"
    "  log       what happened before this decision, in full (`log all`: the game)\n"
    "  info X    what card, item or token X does (its id or name, or an action's number)\n"
    "  help      this help and the legal actions\n"
    "  and what you may do outside the turn order, listed below (concede; a draw\n"
    "  by agreement in Tannhäuser: offer_draw, accept_draw, decline_draw)\n"
    "  quit      stop playing (end of input does the same)\n";

#define PLAY_DEFAULT_AI "ismcts:ms=1000"

typedef struct play_opts {
    const char *game;
    const char *players;
    const char *ai;
    uint64_t seed;
    int has_seed;
    cli_params params;
} play_opts;

typedef struct play {
    const tt_game *game;
    tt_state *state;
    cli_seats seats;
    tt_ai *ais[TT_MAX_PLAYERS];
    tt_action *legal;
    int nlegal;
    int viewer; /* narration perspective for the whole game */
    int echo;   /* stdin is not a terminal: echo what was read */
    int shown;  /* the board and actions are on screen for this decision */
    play_screen *screen;
    tt_event evbuf[EVENTS_CAP];
} play;

enum { TURN_DONE, TURN_QUIT, TURN_FAILED };

static int parse_args(int argc, char **argv, play_opts *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 1; i < argc; i++) {
        const char *v;
        int m;
        if (cli_is_help(argv[i])) {
            cli_help(play_help, argc, argv);
            return -1;
        } else if ((m = cli_option("play", "--players", argc, argv, &i, &v)) != 0) {
            if (m < 0)
                return CLI_USAGE;
            o->players = v;
        } else if ((m = cli_option("play", "--ai", argc, argv, &i, &v)) != 0) {
            if (m < 0)
                return CLI_USAGE;
            if (strchr(v, ',') || strcmp(v, "ai") == 0 || strcmp(v, "human") == 0)
                return cli_usage("play", "--ai wants one AI (e.g. ismcts:ms=500), not '%s'", v);
            o->ai = v;
        } else if ((m = cli_option("play", "--seed", argc, argv, &i, &v)) != 0) {
            if (m < 0 || cli_parse_u64(v, &o->seed))
                return m < 0 ? CLI_USAGE : cli_usage("play", "--seed wants a number, not '%s'", v);
            o->has_seed = 1;
        } else if ((m = cli_option("play", "--param", argc, argv, &i, &v)) != 0) {
            if (m < 0 || cli_params_add("play", &o->params, v))
                return CLI_USAGE;
        } else if ((m = cli_param_option("play", argc, argv, &i, &o->params)) != 0) {
            if (m < 0)
                return CLI_USAGE;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return cli_usage("play", "unknown option '%s'", argv[i]);
        } else if (!o->game) {
            o->game = argv[i];
        } else {
            return cli_usage("play", "unexpected argument '%s'", argv[i]);
        }
    }
    return cli_game_check("play", o->game);
}

static void narrate(play *pl, tt_events *ev)
{
    play_screen_events(pl->screen, ev);
}

static void show_actions(play *pl)
{
    play_screen_actions(pl->game, pl->state, pl->legal, pl->nlegal);
}

static void show_board(play *pl, int p)
{
    play_screen_show(pl->screen, pl->state, p, pl->viewer, pl->legal, pl->nlegal);
}

/* Reads one line without its newline into buf; 0 at end of input. A line too
 * long for buf is read to its end and returned empty with *too_long set. */
static int read_line(char *buf, size_t n, int *too_long)
{
    *too_long = 0;
    if (!fgets(buf, (int)n, stdin))
        return 0;
    size_t len = strlen(buf);
    if (len && buf[len - 1] == '\n') {
        buf[--len] = '\0';
    } else if (!feof(stdin)) {
        int c;
        while ((c = getchar()) != EOF && c != '\n')
            ;
        *too_long = 1;
        buf[0] = '\0';
    }
    return 1;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t len = strlen(s);
    while (len && isspace((unsigned char)s[len - 1]))
        s[--len] = '\0';
    return s;
}

static void refused(const tt_error *err)
{
    char buf[400], line[420];
    snprintf(line, sizeof line, "refused: %s", tt_error_text(err, buf, sizeof buf));
    play_screen_wrap(stdout, line, play_screen_width());
}

/* After a person's action outside the turn order, each AI seat turns down
 * what it was offered: it takes its first such action whose text begins with
 * "decline" (Tannhäuser's decline_draw), and no other. */
static void ai_decline(play *pl, tt_events *ev)
{
    tt_error err;
    for (int q = 0; q < pl->seats.n; q++) {
        int n = pl->seats.human[q] ? 0 : tt_offturn_legal(pl->game, pl->state, q, pl->legal);
        for (int i = 0; i < n; i++) {
            char text[TT_ACTION_TEXT_MAX];
            ev->n = 0;
            if (tt_action_format(pl->game, pl->state, pl->legal[i], text, sizeof text) == TT_OK &&
                strncmp(text, "decline", 7) == 0 &&
                tt_offturn_apply(pl->game, pl->state, q, pl->legal[i], ev, &err) == TT_OK) {
                narrate(pl, ev);
                break;
            }
        }
    }
    pl->nlegal = tt_legal(pl->game, pl->state, pl->legal);
}

/* Applies what the person typed at the prompt of player p: a number, or an
 * action text in or outside the turn order (`concede`, `offer_draw`). 1 when
 * it was applied (and narrated), 0 when it was refused (the state is
 * unchanged). */
static int human_apply(play *pl, int p, const char *line, int *offturn)
{
    tt_events ev = {pl->evbuf, 0, EVENTS_CAP, 0};
    tt_error err;
    tt_error_clear(&err);
    long k;
    int rc;
    *offturn = 0;
    if (cli_parse_long(line, 0, 1000000, &k) == 0) {
        if (k < 1 || k > pl->nlegal) {
            printf("refused: there is no action %ld (choose 1-%d)\n", k, pl->nlegal);
            return 0;
        }
        rc = tt_apply(pl->game, pl->state, pl->legal[k - 1], &ev, &err);
    } else {
        rc = tt_apply_text_as(pl->game, pl->state, p, line, NULL, 0, offturn, &ev, &err);
    }
    if (rc != TT_OK) {
        refused(&err);
        return 0;
    }
    narrate(pl, &ev);
    if (*offturn) {
        ai_decline(pl, &ev);
        play_screen_news(pl->screen, p, pl->viewer);
    }
    return 1;
}

/* What player p may do outside the turn order, on one line. */
static void show_offturn(play *pl, int p)
{
    tt_action *a = malloc((size_t)tt_max_actions(pl->game) * sizeof *a);
    int n = a ? tt_offturn_legal(pl->game, pl->state, p, a) : 0;
    printf("Outside the turn order:");
    for (int i = 0; i < n; i++) {
        char text[TT_ACTION_TEXT_MAX];
        if (tt_action_format(pl->game, pl->state, a[i], text, sizeof text) == TT_OK)
            printf("%s %s", i ? "," : "", text);
    }
    printf("%s\n", n ? "" : " nothing now");
    free(a);
}

static int human_turn(play *pl, int p)
{
    if (!pl->shown)
        show_board(pl, p);
    pl->shown = 1;
    for (;;) {
        char buf[LINE_MAX_LEN];
        int too_long, offturn;
        printf("%s> ", tt_player_name(pl->game, p));
        fflush(stdout);
        if (!read_line(buf, sizeof buf, &too_long)) {
            putchar('\n');
            return TURN_QUIT;
        }
        if (pl->echo)
            printf("%s\n", buf);
        char *line = trim(buf);
        if (too_long)
            printf("refused: that line is too long\n");
        else if (!*line)
            continue;
        else if (strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0)
            return TURN_QUIT;
        else if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) {
            fputs(prompt_help, stdout);
            printf("Legal actions:\n");
            show_actions(pl);
            show_offturn(pl, p);
        } else if (strcmp(line, "board") == 0) {
            play_screen_board(pl->screen, pl->state, p, pl->viewer, pl->legal, pl->nlegal);
        } else if (strcmp(line, "map") == 0) {
            play_screen_map(pl->screen, pl->state, p, pl->viewer);
        } else if (strncmp(line, "log", 3) == 0 && (!line[3] || isspace((unsigned char)line[3]))) {
            play_screen_log(pl->screen, p, pl->viewer, line + 3);
        } else if (strncmp(line, "info", 4) == 0 && (!line[4] || isspace((unsigned char)line[4]))) {
            cli_info(pl->game, pl->state, pl->legal, pl->nlegal, line + 4);
        } else if (human_apply(pl, p, line, &offturn)) {
            if (offturn && tt_to_move(pl->game, pl->state) == p)
                continue; /* still his decision: an offer waits for its answer */
            pl->shown = 0;
            return TURN_DONE;
        }
    }
}

static int ai_turn(play *pl, int p)
{
    tt_events ev = {pl->evbuf, 0, EVENTS_CAP, 0};
    tt_error err;
    tt_error_clear(&err);
    tt_action a;
    char buf[400];
    if (tt_ai_choose(pl->ais[p], pl->state, &a, &err) != TT_OK ||
        tt_apply(pl->game, pl->state, a, &ev, &err) != TT_OK) {
        cli_error(CLI_REFUSED, "the %s AI (%s) failed: %s", tt_ai_name(pl->ais[p]),
                  tt_player_name(pl->game, p), tt_error_text(&err, buf, sizeof buf));
        return TURN_FAILED;
    }
    narrate(pl, &ev);
    tt_ai_stats st;
    tt_ai_stats_get(pl->ais[p], &st);
    play_screen_thought(pl->screen, p, &st);
    pl->shown = 0;
    return TURN_DONE;
}

static void print_header(const play *pl, const play_opts *o)
{
    char line[1024];
    size_t at = (size_t)snprintf(line, sizeof line, "%s:", tt_game_name(pl->game));
    for (int p = 0; p < pl->seats.n && at < sizeof line; p++)
        at += (size_t)snprintf(line + at, sizeof line - at, "%s %s (%s)", p ? " vs" : "",
                               tt_player_name(pl->game, p), pl->seats.name[p]);
    if (at < sizeof line)
        snprintf(line + at, sizeof line - at, ", seed %llu\n%s", (unsigned long long)o->seed,
                 pl->seats.nhumans ? "Type a number or an action at your prompt; 'help' for "
                                     "commands.\n"
                                   : "");
    play_screen_wrap(stdout, line, play_screen_width());
}

/* Runs the game to its end or until a person quits; returns the exit status. */
static int play_loop(play *pl)
{
    int to_move;
    while ((to_move = tt_to_move(pl->game, pl->state)) != TT_TERMINAL) {
        int r;
        tt_events ev = {pl->evbuf, 0, EVENTS_CAP, 0};
        if (pl->seats.human[to_move] && play_screen_forced(pl->screen, pl->state, to_move, &ev)) {
            continue;
        } else if (pl->seats.human[to_move]) {
            pl->nlegal = tt_legal(pl->game, pl->state, pl->legal);
            r = human_turn(pl, to_move);
        } else {
            r = ai_turn(pl, to_move);
        }
        if (r == TURN_FAILED)
            return CLI_REFUSED;
        if (r == TURN_QUIT) {
            printf("Game abandoned at %s %d.\n", tt_game_turn_name(pl->game),
                   tt_turn(pl->game, pl->state));
            return CLI_OK;
        }
    }
    play_screen_end(pl->screen, pl->state, pl->viewer);
    return CLI_OK;
}

static int play_run(play *pl, const play_opts *o)
{
    pl->viewer = pl->seats.nhumans == 0   ? TT_VIEW_ALL
                 : pl->seats.nhumans >= 2 ? TT_VIEW_SPECTATOR
                                          : -1;
    for (int p = 0; p < pl->seats.n && pl->viewer == -1; p++)
        if (pl->seats.human[p])
            pl->viewer = p;
    pl->echo = !isatty(STDIN_FILENO);
    pl->state = malloc(tt_state_size(pl->game));
    pl->legal = malloc((size_t)tt_max_actions(pl->game) * sizeof *pl->legal);
    unsigned humans = 0;
    for (int p = 0; p < pl->seats.n; p++)
        humans |= (unsigned)pl->seats.human[p] << p;
    pl->screen = play_screen_new(pl->game, humans);
    int rc = CLI_REFUSED;
    if (!pl->state || !pl->legal || !pl->screen)
        cli_error(CLI_REFUSED, "out of memory");
    else if (cli_ais_new(pl->game, &pl->seats, o->seed, pl->ais) == CLI_OK) {
        tt_state_init(pl->game, pl->state, o->seed);
        print_header(pl, o);
        rc = play_loop(pl);
        cli_ais_free(pl->ais, pl->seats.n);
    }
    free(pl->state);
    free(pl->legal);
    play_screen_free(pl->screen);
    return rc;
}

int cmd_play(int argc, char **argv)
{
    play_opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc < 0 ? CLI_OK : rc;
    if (!o.has_seed)
        o.seed = cli_fresh_seed();
    tt_game *game;
    rc = cli_game_load("play", o.game, o.params.text, &game);
    if (rc)
        return rc;
    play *pl = calloc(1, sizeof *pl);
    if (!pl) {
        tt_game_free(game);
        return cli_error(CLI_REFUSED, "out of memory");
    }
    pl->game = game;
    /* the word "ai" in --players is the --ai opponent */
    char spec[TT_MAX_PLAYERS * (CLI_SEAT_MAX + 1)] = "";
    const char *ai = o.ai ? o.ai : PLAY_DEFAULT_AI;
    for (const char *w = o.players; w && *w; w += strcspn(w, ","), w += *w == ',') {
        size_t len = strcspn(w, ","), at = strlen(spec);
        if (len == 2 && strncmp(w, "ai", 2) == 0)
            snprintf(spec + at, sizeof spec - at, "%s%s", at ? "," : "", ai);
        else
            snprintf(spec + at, sizeof spec - at, "%s%.*s", at ? "," : "", (int)len, w);
    }
    rc = cli_seats_parse("play", game, o.players ? spec : NULL, "human", ai, 1, &pl->seats);
    if (rc == 0)
        rc = play_run(pl, &o);
    free(pl);
    tt_game_free(game);
    return rc;
}
