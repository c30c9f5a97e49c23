/* `tabletop play`: a game at the terminal — people and AIs in any seats.
 *
 * The loop asks whoever is to move: an AI through tt_ai_choose, a person by
 * printing the screen of that player's decision (play_screen.c: his seat's
 * view only, never more, what happened since he last decided, the legal
 * actions numbered) and a prompt. A decision with one possible answer that
 * tells nobody anything is taken for him, with a note. A person answers with
 * a number, an action text (tt_apply_text, so compound "play card zone=EU"
 * forms work too), or a command; a refused entry prints the rule that refuses
 * it and asks again. What happens is told omniscient, as it happens, with no
 * person at the table; otherwise each person's screen tells it as his seat
 * sees it, and in hot-seat play the screen is cleared and handed over between
 * people (play_seat.c). Every decision is recorded with the state before it
 * (play_save.c): `save FILE` writes the record, `--load FILE` resumes it, and
 * `undo` takes a person's last decision back when tt_undo_check finds it
 * fair. Lines are read by play_line.c: a line editor with history at a
 * terminal, plain lines else. State seed = --seed; the AIs' seeds come from
 * it (cli_ai_seed), so a seed repeats a game exactly, and a `sim` game can be
 * watched again here (an AI with a time budget, ms=, searches as far as the
 * time allows, so only AIs with fixed budgets repeat). The opponent is ISMCTS
 * with one second a decision unless --ai names another; its thinking time is
 * told after its moves when a person is at the table. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli/play.h"
#include "core/errors.h"

#define EVENTS_CAP 512
#define LINE_MAX_LEN 512

static const char play_help[] =
    "Usage: tabletop play <game> [--players A,B] [--ai AI] [--seed N] [--param key=value ...]\n"
    "                            [--mode M] [--difficulty D] [--load FILE]\n"
    "\n"
    "Plays one game at the terminal. Each seat is `human`, `ai` (the --ai opponent) or\n"
    "an AI (`tabletop list`); the default is human,ai: you are player 0 against ISMCTS\n"
    "with one second a decision.\n"
    "\n"
    "Options:\n"
    "  --players A,B      who sits where, in player order (e.g. ai,human; human,human\n"
    "                     for hot-seat; random,random to watch a narrated game); in a\n"
    "                     game with a `players` parameter, their number sets it\n"
    "  --ai AI            the opponent in the seats marked ai (default ismcts:ms=1000;\n"
    "                     e.g. ismcts:ms=500, flat:n=40, random; docs/ai.md)\n"
    "  --seed N           repeat a game exactly (the AIs' seeds derive from N); a `sim`\n"
    "                     game is watched again with --seed <its seed> and the same players\n"
    "  --param key=value  a game parameter (repeatable); see docs/games/<game>.md\n"
    "  --mode M, --difficulty D  short for --param mode=M, --param difficulty=D\n"
    "  --load FILE        resume a game saved with `save FILE` at the prompt (or by the\n"
    "                     protocol); its game must be <game>, its parameters and seed\n"
    "                     come from the file, the seats from --players\n"
    "\n"
    "At your prompt type the number of an action, or its text (compound forms such as\n"
    "`play card zone=EU` too), or: help, board, map, log, info, save FILE, undo, concede,\n"
    "quit. End of input quits. At a terminal the arrows edit the line and recall earlier\n"
    "ones. Screens fit the terminal (COLUMNS and LINES when it is not one). With two or\n"
    "more people (hot-seat) the screen is cleared between them, and each sees only his\n"
    "own hand and narration.\n";

/* `help` at the prompt, before the game's own part (tt_game_play_help);
 * %s is the game's name. */
static const char prompt_help[] =
    "Type the number of an action, or its text; a whole move at once works too\n"
    "(below). Commands:\n"
    "  board     the whole table: every detail, the map and its key\n"
    "  map       draw the map again (Tannhäuser's board, Braunau's support by area)\n"
    "  log       what happened before this decision, in full (`log all`: the game)\n"
    "  info X    what card, item or token X does (its id or name, or an action's number)\n"
    "  help      this help and the legal actions\n"
    "  save FILE write the game so far to FILE (tabletop play %s --load FILE resumes it)\n"
    "  undo      take back your last decision, if nothing was revealed, no random outcome\n"
    "            drawn and nobody else decided since\n"
    "  quit      stop playing (end of input does the same)\n"
    "  and what you may do outside the turn order, listed below (concede, ...)\n";

#define PLAY_DEFAULT_AI "ismcts:ms=1000"

typedef struct play_opts {
    const char *game;
    const char *players;
    const char *ai;
    const char *load; /* --load FILE */
    uint64_t seed;
    int has_seed;
    cli_params params;
} play_opts;

typedef struct play {
    const tt_game *game;
    tt_state *state;
    cli_seats seats;
    tt_ai *ais[TT_MAX_PLAYERS];
    tt_state *prev; /* the state before the decision being applied */
    tt_action *legal;
    int nlegal;
    int shown; /* the board and actions are on screen for this decision */
    play_screen *screen;
    play_input in;
    play_table table;
    play_history hist;
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
        } else if ((m = cli_option("play", "--load", argc, argv, &i, &v)) != 0) {
            if (m < 0)
                return CLI_USAGE;
            o->load = v;
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
    if (o->load && (o->has_seed || o->params.text[0]))
        return cli_usage("play", "--load takes the seed and parameters from the record; "
                                 "drop --seed, --param, --mode and --difficulty");
    return cli_game_check("play", o->game);
}

static void narrate(play *pl, tt_events *ev)
{
    play_screen_events(pl->screen, ev);
}

/* Records the decision just applied (pl->prev holds the state before it). */
static void record(play *pl, int player, int how, const char *canon, size_t mark)
{
    play_history_add(&pl->hist, pl->prev, player, how, canon, mark);
}

/* Applies action a, decided by (or, PLAY_FORCED, for) player p; records it
 * with `mark`, the log's length before it, and narrates it. TT_OK, or the
 * error in err with the state unchanged. */
static int apply_decided(play *pl, int p, tt_action a, int how, size_t mark, tt_error *err)
{
    tt_events ev = {pl->evbuf, 0, EVENTS_CAP, 0};
    char canon[TT_ACTION_TEXT_MAX];
    tt_error_clear(err);
    tt_state_copy(pl->game, pl->prev, pl->state);
    int rc = tt_action_format(pl->game, pl->state, a, canon, sizeof canon);
    if (rc != TT_OK)
        return tt_fail(err, rc, NULL, "action %u cannot be written", (unsigned)a);
    if ((rc = tt_apply(pl->game, pl->state, a, &ev, err)) != TT_OK)
        return rc;
    record(pl, p, how, canon, mark);
    narrate(pl, &ev);
    return TT_OK;
}

static void show_actions(play *pl)
{
    play_screen_actions(pl->game, pl->state, pl->legal, pl->nlegal);
}

static void show_board(play *pl, int p)
{
    play_screen_show(pl->screen, pl->state, p, pl->legal, pl->nlegal);
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
            size_t mark = play_screen_mark(pl->screen);
            ev->n = 0;
            tt_state_copy(pl->game, pl->prev, pl->state);
            if (tt_action_format(pl->game, pl->state, pl->legal[i], text, sizeof text) == TT_OK &&
                strncmp(text, "decline", 7) == 0 &&
                tt_offturn_apply(pl->game, pl->state, q, pl->legal[i], ev, &err) == TT_OK) {
                record(pl, q, PLAY_OFFTURN, text, mark);
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
    size_t mark = play_screen_mark(pl->screen);
    char canon[4096];
    *offturn = 0;
    if (cli_parse_long(line, 0, 1000000, &k) == 0) {
        if (k < 1 || k > pl->nlegal) {
            printf("refused: there is no action %ld (choose 1-%d)\n", k, pl->nlegal);
            return 0;
        }
        if (apply_decided(pl, p, pl->legal[k - 1], PLAY_IN_TURN, mark, &err) == TT_OK)
            return 1;
        refused(&err);
        return 0;
    }
    tt_state_copy(pl->game, pl->prev, pl->state);
    if (tt_apply_text_as(pl->game, pl->state, p, line, canon, sizeof canon, offturn, &ev, &err) !=
        TT_OK) {
        refused(&err);
        return 0;
    }
    record(pl, p, *offturn ? PLAY_OFFTURN : PLAY_IN_TURN, canon, mark);
    narrate(pl, &ev);
    if (*offturn) {
        ai_decline(pl, &ev);
        play_screen_news(pl->screen, p);
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

/* `help`: the commands, how this game's actions are written, what p may do. */
static void show_help(play *pl, int p)
{
    const char *game_help = tt_game_play_help(tt_game_name(pl->game));
    printf(prompt_help, tt_game_name(pl->game));
    if (game_help)
        fputs(game_help, stdout);
    printf("Legal actions:\n");
    show_actions(pl);
    show_offturn(pl, p);
}

/* Whether line is `word`, alone or followed by blanks and an argument. */
static int is_command(const char *line, const char *word)
{
    size_t len = strlen(word);
    return strncmp(line, word, len) == 0 && (!line[len] || isspace((unsigned char)line[len]));
}

static int human_turn(play *pl, int p)
{
    int handed = play_table_turn(&pl->table, p, &pl->in);
    if (handed < 0)
        return TURN_QUIT;
    if (handed)
        play_screen_forget(pl->screen, p); /* the screen was cleared: all of it again */
    if (!pl->shown)
        show_board(pl, p);
    pl->shown = 1;
    for (;;) {
        char buf[LINE_MAX_LEN], prompt[64];
        int too_long, offturn;
        snprintf(prompt, sizeof prompt, "%s> ", tt_player_name(pl->game, p));
        if (!play_read_line(&pl->in, prompt, buf, sizeof buf, &too_long))
            return TURN_QUIT;
        char *line = trim(buf);
        if (too_long)
            printf("refused: that line is too long\n");
        else if (!*line)
            continue;
        else if (strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0)
            return TURN_QUIT;
        else if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) {
            show_help(pl, p);
        } else if (strcmp(line, "board") == 0) {
            play_screen_board(pl->screen, pl->state, p, pl->legal, pl->nlegal);
        } else if (strcmp(line, "map") == 0) {
            play_screen_map(pl->screen, pl->state, p);
        } else if (is_command(line, "log")) {
            play_screen_log(pl->screen, p, line + 3);
        } else if (is_command(line, "info")) {
            cli_info(pl->game, pl->state, pl->legal, pl->nlegal, line + 4);
        } else if (is_command(line, "save")) {
            play_history_save(&pl->hist, pl->state, trim(line + 4));
        } else if (strcmp(line, "undo") == 0) {
            if (play_history_undo(&pl->hist, pl->state, pl->screen, p)) {
                pl->shown = 0;
                return TURN_DONE; /* whoever decides now: usually p again */
            }
        } else if (human_apply(pl, p, line, &offturn)) {
            if (offturn && tt_to_move(pl->game, pl->state) == p)
                continue; /* still his decision: an offer waits for its answer */
            pl->shown = 0;
            return TURN_DONE;
        }
    }
}

/* When person p's decision is forced (play_screen_forced), takes it for him:
 * 1, or 0 when it is his to take. */
static int forced_turn(play *pl, int p)
{
    tt_action a;
    tt_error err;
    size_t mark = play_screen_mark(pl->screen); /* before the note saying so */
    if (!play_screen_forced(pl->screen, pl->state, p, &a))
        return 0;
    if (apply_decided(pl, p, a, PLAY_FORCED, mark, &err) == TT_OK)
        return 1;
    play_screen_cut(pl->screen, mark);
    return 0;
}

static int ai_turn(play *pl, int p)
{
    tt_error err;
    tt_error_clear(&err);
    tt_action a;
    char buf[400];
    if (tt_ai_choose(pl->ais[p], pl->state, &a, &err) != TT_OK ||
        apply_decided(pl, p, a, PLAY_IN_TURN, play_screen_mark(pl->screen), &err) != TT_OK) {
        cli_error(CLI_REFUSED, "the %s AI (%s) failed: %s", tt_ai_name(pl->ais[p]),
                  tt_player_name(pl->game, p), tt_error_text(&err, buf, sizeof buf));
        return TURN_FAILED;
    }
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
        at += (size_t)snprintf(line + at, sizeof line - at, ", seed %llu\n",
                               (unsigned long long)o->seed);
    if (o->load && at < sizeof line) {
        int n = tt_record_count(pl->hist.rec);
        at += (size_t)snprintf(
            line + at, sizeof line - at, "Resumed from %s: %d action%s played, %s %d.\n", o->load,
            n, n == 1 ? "" : "s", tt_game_turn_name(pl->game), tt_turn(pl->game, pl->state));
    }
    if (pl->seats.nhumans && at < sizeof line)
        snprintf(line + at, sizeof line - at,
                 "Type a number or an action at your prompt; 'help' for commands.\n");
    play_screen_wrap(stdout, line, play_screen_width());
}

/* Runs the game to its end or until a person quits; returns the exit status. */
static int play_loop(play *pl)
{
    int to_move;
    while ((to_move = tt_to_move(pl->game, pl->state)) != TT_TERMINAL) {
        int r;
        if (pl->seats.human[to_move] && forced_turn(pl, to_move)) {
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
    play_screen_end(pl->screen, pl->state, pl->table.viewer);
    return CLI_OK;
}

/* Plays from pl->state (a resumed game) or from a new one; pl->hist is ready
 * for a resumed game and made here for a new one. */
static int play_run(play *pl, const play_opts *o)
{
    int resumed = pl->state != NULL;
    if (!resumed) {
        pl->state = malloc(tt_state_size(pl->game));
        if (pl->state)
            tt_state_init(pl->game, pl->state, o->seed);
    }
    pl->prev = malloc(tt_state_size(pl->game));
    pl->legal = malloc((size_t)tt_max_actions(pl->game) * sizeof *pl->legal);
    unsigned humans = 0;
    for (int p = 0; p < pl->seats.n; p++)
        humans |= (unsigned)pl->seats.human[p] << p;
    pl->screen = play_screen_new(pl->game, humans);
    if (resumed)
        play_history_mark_forced(&pl->hist, humans);
    int rc = CLI_REFUSED;
    if (!pl->state || !pl->prev || !pl->legal || !pl->screen)
        cli_error(CLI_REFUSED, "out of memory");
    else if ((resumed || play_history_new(&pl->hist, pl->game, o->seed) == CLI_OK) &&
             cli_ais_new(pl->game, &pl->seats, o->seed, pl->ais) == CLI_OK) {
        play_input_init(&pl->in);
        play_table_init(&pl->table, pl->game, &pl->seats);
        print_header(pl, o);
        rc = play_loop(pl);
        play_input_fini(&pl->in);
        cli_ais_free(pl->ais, pl->seats.n);
    }
    play_history_fini(&pl->hist);
    free(pl->state);
    free(pl->prev);
    free(pl->legal);
    play_screen_free(pl->screen);
    return rc;
}

/* The game of the command line, new or resumed from --load (then its state
 * too, and o->seed from the record). */
static int game_start(play_opts *o, play *pl, tt_game **game)
{
    if (!o->load) {
        if (!o->has_seed)
            o->seed = cli_fresh_seed();
        return cli_game_load_seated("play", o->game, o->params.text, o->players, game);
    }
    int rc = play_history_load(&pl->hist, o->game, o->load, game, &pl->state);
    if (rc == CLI_OK)
        o->seed = tt_record_seed(pl->hist.rec);
    return rc;
}

int cmd_play(int argc, char **argv)
{
    play_opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc < 0 ? CLI_OK : rc;
    play *pl = calloc(1, sizeof *pl);
    if (!pl)
        return cli_error(CLI_REFUSED, "out of memory");
    tt_game *game;
    rc = game_start(&o, pl, &game);
    if (rc) {
        free(pl);
        return rc;
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
    if (rc == 0) {
        rc = play_run(pl, &o);
    } else {
        play_history_fini(&pl->hist);
        free(pl->state);
    }
    free(pl);
    tt_game_free(game);
    return rc;
}
