/* The text protocol: its commands, and the reading of request lines (see
 * tabletop/proto.h; docs/protocol.md documents every command).
 *
 * A request holding a control byte (a NUL, an escape; anything below 32 but
 * the tab, and DEL) is refused whole, so no command is ever cut or changed by
 * them; the others are normalised (tabs and runs of spaces made one space),
 * split into an optional numeric id, the command and its arguments, and
 * dispatched through one table that also gives each command's
 * usage line. A command writes its answer into a proto_buf (answer.c) and
 * drives the session (session.c): each change is recorded and can be undone,
 * and a failed command changes nothing. The library prints nothing: only
 * tt_proto_serve writes, and only to the FILE it is given. */
#include <ctype.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/file.h"
#include "core/rng.h"
#include "core/verbs.h"
#include "proto/proto_int.h"

#ifndef TT_VERSION
#define TT_VERSION "0.1.0"
#endif

#define PROTOCOL_VERSION "1"
#define DEFAULT_SEED 1
#define MAX_ID_DIGITS 20
#define MAX_ACTION_TEXT 2048 /* longer play texts are refused before parsing */

/* --- words -------------------------------------------------------------------- */

/* Cuts the first word off *s (words are separated by single spaces, as requests
 * are normalised); returns it, or NULL when *s is empty. */
static char *word_next(char **s)
{
    if (!**s)
        return NULL;
    char *w = *s;
    char *sp = strchr(w, ' ');
    if (sp) {
        *sp = '\0';
        *s = sp + 1;
    } else {
        *s += strlen(w);
    }
    return w;
}

static int is_key_value(const char *w)
{
    const char *eq = strchr(w, '=');
    return eq && eq != w && eq[1];
}

/* "invader, mankind": the players, for error messages. */
static void player_names(const tt_game *g, char *dst, size_t n)
{
    size_t at = 0;
    dst[0] = '\0';
    for (int i = 0; i < tt_game_players(g) && at < n; i++)
        at += (size_t)snprintf(dst + at, n - at, "%s%s", i ? ", " : "", tt_player_name(g, i));
}

/* --- commands: identity ------------------------------------------------------------ */

/* How many words a command takes; the dispatcher answers its usage otherwise. */
enum { ARGS_NONE, ARGS_ONE, ARGS_OPTIONAL_ONE, ARGS_SOME, ARGS_ANY };

typedef struct command {
    const char *name;
    int (*fn)(tt_proto *p, char *args, proto_buf *out);
    const char *usage;
    int needs_game;
    int nargs; /* ARGS_… */
} command;

/* The command table, defined at the end; NULL past it. */
static const command *command_at(int i);

static int cmd_protocol_version(tt_proto *p, char *args, proto_buf *out)
{
    (void)p, (void)args;
    proto_puts(out, PROTOCOL_VERSION);
    return PROTO_OK;
}

static int cmd_name(tt_proto *p, char *args, proto_buf *out)
{
    (void)p, (void)args;
    proto_puts(out, "tabletop");
    return PROTO_OK;
}

static int cmd_version(tt_proto *p, char *args, proto_buf *out)
{
    (void)p, (void)args;
    proto_puts(out, TT_VERSION);
    return PROTO_OK;
}

static int cmd_list_commands(tt_proto *p, char *args, proto_buf *out)
{
    (void)p, (void)args;
    for (int i = 0; command_at(i); i++)
        proto_printf(out, "%s\n", command_at(i)->name);
    return PROTO_OK;
}

static int cmd_list_games(tt_proto *p, char *args, proto_buf *out)
{
    (void)p, (void)args;
    for (int i = 0; tt_game_list(i); i++)
        proto_printf(out, "%s\n", tt_game_list(i));
    return PROTO_OK;
}

/* A game's players and declared parameters, a line each: "players 2..3", then
 * "<key> <kind> <allowed>; default <default>; <help>". */
static int cmd_list_params(tt_proto *p, char *args, proto_buf *out)
{
    static const char *const kinds[] = {"choice", "int", "file", "text"};
    (void)p;
    int lo, hi;
    if (tt_game_player_range(args, &lo, &hi) != TT_OK)
        return proto_fail(out, "%s: unknown game '%s'", tt_strerror(TT_EARG), args);
    proto_printf(out, "players %d..%d", lo, hi);
    for (int i = 0; tt_game_param(args, i); i++) {
        const tt_param_spec *sp = tt_game_param(args, i);
        proto_printf(out, "\n%s %s %s; default %s; %s", sp->key,
                     kinds[sp->kind >= 0 && sp->kind <= TT_PARAM_TEXT ? sp->kind : TT_PARAM_TEXT],
                     sp->allowed, sp->def, sp->help);
    }
    return PROTO_OK;
}

static const command *command_find(const char *name)
{
    for (int i = 0; command_at(i); i++)
        if (strcmp(command_at(i)->name, name) == 0)
            return command_at(i);
    return NULL;
}

static int cmd_known_command(tt_proto *p, char *args, proto_buf *out)
{
    (void)p;
    proto_puts(out, command_find(args) ? "true" : "false");
    return PROTO_OK;
}

static int cmd_quit(tt_proto *p, char *args, proto_buf *out)
{
    (void)p, (void)args, (void)out;
    return PROTO_OK; /* the dispatcher sets *quit */
}

/* --- commands: starting a game ------------------------------------------------------ */

static int cmd_seed(tt_proto *p, char *args, proto_buf *out)
{
    uint64_t seed;
    if (tt_seed_parse(args, &seed) != TT_OK)
        return proto_fail(out, "%s: seed '%.40s' is not " TT_SEED_RANGE, tt_strerror(TT_EPARSE),
                          args);
    p->next_seed = seed;
    proto_printf(out, "%" PRIu64, seed);
    return PROTO_OK;
}

static int cmd_new(tt_proto *p, char *args, proto_buf *out)
{
    const char *name = word_next(&args);
    uint64_t seed = p->next_seed;
    proto_buf params = {0};
    int rc = PROTO_OK;
    for (char *w; rc == PROTO_OK && (w = word_next(&args));) {
        if (strncmp(w, "seed=", 5) != 0)
            proto_printf(&params, "%s%s", params.n ? " " : "", w);
        else if (tt_seed_parse(w + 5, &seed) != TT_OK)
            rc = proto_fail(out, "%s: seed '%.40s' is not " TT_SEED_RANGE, tt_strerror(TT_EPARSE),
                            w + 5);
    }
    if (rc == PROTO_OK && params.oom)
        rc = proto_fail_nomem(out);
    tt_game *g = NULL;
    tt_error err;
    tt_error_clear(&err);
    if (rc == PROTO_OK) {
        int grc = proto_game(p, name, params.p ? params.p : "", &g, &err);
        if (grc != TT_OK)
            rc = proto_fail_err(out, grc, &err);
    }
    free(params.p);
    if (rc != PROTO_OK)
        return rc;
    int src = proto_session_start(p, g, seed, &err);
    if (src != TT_OK)
        return proto_fail_err(out, src, &err);
    proto_printf(out, "%s seed %" PRIu64, tt_game_name(p->game), seed);
    return PROTO_OK;
}

/* --- commands: the position ---------------------------------------------------------- */

static int cmd_to_move(tt_proto *p, char *args, proto_buf *out)
{
    (void)args;
    int who = tt_to_move(p->game, p->state);
    proto_puts(out, who == TT_TERMINAL ? "none" : tt_player_name(p->game, who));
    return PROTO_OK;
}

/* One action text a line. */
static void list_actions(tt_proto *p, const tt_action *a, int n, proto_buf *out)
{
    for (int i = 0; i < n; i++) {
        char text[TT_ACTION_TEXT_MAX];
        if (tt_action_format(p->game, p->state, a[i], text, sizeof text) != TT_OK)
            snprintf(text, sizeof text, "(unformattable action %" PRIu32 ")", a[i]);
        proto_printf(out, "%s\n", text);
    }
}

static int cmd_legal(tt_proto *p, char *args, proto_buf *out)
{
    (void)args;
    tt_action *a = malloc((size_t)tt_max_actions(p->game) * sizeof *a);
    if (!a)
        return proto_fail_nomem(out);
    list_actions(p, a, tt_legal(p->game, p->state, a), out);
    free(a);
    return PROTO_OK;
}

static int cmd_view(tt_proto *p, char *args, proto_buf *out)
{
    int viewer = tt_viewer_parse(p->game, args);
    if (viewer == -100) {
        char names[160];
        player_names(p->game, names, sizeof names);
        return proto_fail(out, "%s: unknown viewer '%.40s' (%s, spectator, all)",
                          tt_strerror(TT_EARG), args, names);
    }
    char *json = tt_view_json(p->game, p->state, viewer);
    if (!json)
        return proto_fail_nomem(out);
    for (char *c = json; *c; c++)
        if (*c == '\n' || *c == '\r')
            *c = ' '; /* the view is one line whatever the module emits */
    proto_puts(out, json);
    free(json);
    return PROTO_OK;
}

static int cmd_showboard(tt_proto *p, char *args, proto_buf *out)
{
    (void)args;
    char *text = tt_view_text(p->game, p->state, TT_VIEW_ALL);
    if (!text)
        return proto_fail_nomem(out);
    proto_printf(out, "\n%s", text); /* the picture starts on its own line */
    free(text);
    return PROTO_OK;
}

/* "invader", or "germans+locals" for a shared win, or "none". */
static const char *winner_names(const tt_game *g, const tt_result *r, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < tt_game_players(g) && at < n; i++)
        if (r->winners >> i & 1)
            at += (size_t)snprintf(buf + at, n - at, "%s%s", at ? "+" : "", tt_player_name(g, i));
    return buf[0] ? buf : "none";
}

static int cmd_result(tt_proto *p, char *args, proto_buf *out)
{
    (void)args;
    char names[160];
    tt_result r;
    tt_result_get(p->game, p->state, &r);
    if (!r.over)
        proto_puts(out, "playing");
    else
        proto_printf(out, "%s %s turn %d", winner_names(p->game, &r, names, sizeof names), r.reason,
                     r.turn);
    return PROTO_OK;
}

/* --- commands: changing the position -------------------------------------------------- */

/* The player a command names, or the player to move when it names none: the
 * player's index, or -1 after writing the failure into out. */
static int player_arg(tt_proto *p, const char *args, proto_buf *out)
{
    int who = *args ? tt_player_parse(p->game, args) : tt_to_move(p->game, p->state);
    if (*args && who < 0) {
        char names[160];
        player_names(p->game, names, sizeof names);
        proto_fail(out, "%s: unknown player '%.40s' (%s)", tt_strerror(TT_EARG), args, names);
        return -1;
    }
    if (who == TT_TERMINAL) {
        proto_fail(out, "%s: the game is over", tt_strerror(TT_ESTATE));
        return -1;
    }
    return who;
}

/* Applies a text for `player` (-1: the player to move), in or outside the
 * turn order: the one path every typed action takes. */
static int play_as(tt_proto *p, int player, const char *args, proto_buf *out)
{
    if (strlen(args) > MAX_ACTION_TEXT)
        return proto_fail(out, "%s: the action text is longer than %d characters",
                          tt_strerror(TT_EPARSE), MAX_ACTION_TEXT);
    /* Applied to a scratch copy first, for the canonical texts of the atomic
     * actions: the record stores those (one entry, one line each), never the
     * compound as typed. */
    tt_state *scratch = malloc(tt_state_size(p->game));
    if (!scratch)
        return proto_fail(out, "%s: out of memory", tt_strerror(TT_ENOMEM));
    memcpy(scratch, p->state, tt_state_size(p->game));
    char canon[1024];
    tt_error err;
    tt_error_clear(&err);
    tt_events ev = proto_events(p);
    int offturn = 0, who = player >= 0 ? player : tt_to_move(p->game, p->state);
    int rc =
        tt_apply_text_as(p->game, scratch, player, args, canon, sizeof canon, &offturn, &ev, &err);
    if (rc == TT_OK)
        rc = proto_change_open(p,
                               offturn ? tt_record_add_offturn(p->rec, p->game, who, canon)
                                       : tt_record_add_action(p->rec, canon),
                               &err);
    if (rc == TT_OK)
        memcpy(p->state, scratch, tt_state_size(p->game));
    free(scratch);
    if (rc != TT_OK)
        return proto_fail_err(out, rc, &err);
    proto_narrate(p, &ev, out);
    return PROTO_OK;
}

/* Applies action a, one of those listed now, for the player to move: recorded
 * by its canonical text, as `play <text>` would record it. The answer is what
 * followed, narrated as `play` narrates it, after the action's text on its
 * own line when say_action is set (genmove). On failure nothing changed. */
static int apply_listed(tt_proto *p, tt_action a, int say_action, proto_buf *out)
{
    tt_error err;
    tt_error_clear(&err);
    char text[TT_ACTION_TEXT_MAX];
    int rc = TT_OK;
    if (tt_action_format(p->game, p->state, a, text, sizeof text) != TT_OK)
        rc = tt_fail(&err, TT_EARG, NULL, "the action chosen has no text");
    tt_events ev = proto_events(p);
    if (rc == TT_OK)
        rc = proto_change_open(p, tt_record_add_action(p->rec, text), &err);
    if (rc == TT_OK)
        rc = proto_change_close(p, tt_apply(p->game, p->state, a, &ev, &err));
    if (rc != TT_OK)
        return proto_fail_err(out, rc, &err);
    if (say_action)
        proto_printf(out, "%s\n", text);
    proto_narrate(p, &ev, out);
    return PROTO_OK;
}

/* play <n>: the n-th action (1-based) of `legal` as it would answer now, the
 * same list in the same order whether or not `legal` was asked. */
static int play_number(tt_proto *p, const char *digits, proto_buf *out)
{
    if (tt_to_move(p->game, p->state) == TT_TERMINAL)
        return proto_fail(out, "%s: the game is over", tt_strerror(TT_ESTATE));
    tt_action *a = malloc((size_t)tt_max_actions(p->game) * sizeof *a);
    if (!a)
        return proto_fail_nomem(out);
    int n = tt_legal(p->game, p->state, a);
    long k = strlen(digits) <= 9 ? strtol(digits, NULL, 10) : 0; /* longer: out of range */
    int rc = k >= 1 && k <= n
                 ? apply_listed(p, a[k - 1], 0, out)
                 : proto_fail(out, "%s: there is no action %.20s%s: legal lists %d now (1-%d)",
                              tt_strerror(TT_EARG), digits, strlen(digits) > 20 ? "…" : "", n, n);
    free(a);
    return rc;
}

/* play <action text>, or play <n>: no action text is a bare number. */
static int cmd_play(tt_proto *p, char *args, proto_buf *out)
{
    if (args[strspn(args, "0123456789")] == '\0')
        return play_number(p, args, out);
    return play_as(p, -1, args, out);
}

/* as <player> <action>: for a named player, as actions outside the turn order
 * are taken ("as legion accept_draw"). */
static int cmd_as(tt_proto *p, char *args, proto_buf *out)
{
    const char *name = word_next(&args);
    if (!*args)
        return PROTO_USAGE;
    int who = player_arg(p, name, out);
    return who < 0 ? PROTO_FAIL : play_as(p, who, args, out);
}

/* Splits genmove's words into the AI's name and its "key=value" parameters. */
static int genmove_args(char *args, const char **name, proto_buf *params)
{
    *name = "random";
    for (char *w; (w = word_next(&args));) {
        if (!is_key_value(w))
            return PROTO_USAGE;
        if (strncmp(w, "ai=", 3) == 0)
            *name = w + 3;
        else
            proto_printf(params, "%s%s", params->n ? " " : "", w);
    }
    return PROTO_OK;
}

/* The AI picks and applies one action; the answer is its text, then what
 * followed. */
static int genmove_apply(tt_proto *p, tt_ai *ai, proto_buf *out)
{
    tt_error err;
    tt_error_clear(&err);
    tt_action a;
    int rc = tt_ai_choose(ai, p->state, &a, &err);
    return rc == TT_OK ? apply_listed(p, a, 1, out) : proto_fail_err(out, rc, &err);
}

/* The AI is made afresh for each move, seeded from nothing but the game's seed
 * and the number of entries so far: transcripts are reproducible, and after an
 * undo the same genmove plays the same move again. */
static int cmd_genmove(tt_proto *p, char *args, proto_buf *out)
{
    const char *name;
    proto_buf params = {0};
    int rc = genmove_args(args, &name, &params);
    if (rc == PROTO_OK && params.oom)
        rc = proto_fail_nomem(out);
    tt_ai *ai = NULL;
    if (rc == PROTO_OK) {
        uint64_t seed = tt_mix64(tt_mix64(p->seed ^ 0xA1) + (uint64_t)tt_record_length(p->rec));
        tt_error err;
        tt_error_clear(&err);
        int arc = tt_ai_new(name, p->game, params.p ? params.p : "", seed, &ai, &err);
        rc = arc == TT_OK ? PROTO_OK : proto_fail_err(out, arc, &err);
    }
    free(params.p);
    if (rc == PROTO_OK)
        rc = genmove_apply(p, ai, out);
    tt_ai_free(ai);
    return rc;
}

static int cmd_rig(tt_proto *p, char *args, proto_buf *out)
{
    const char *what = word_next(&args);
    if (!*args)
        return PROTO_USAGE;
    tt_error err;
    tt_error_clear(&err);
    int rc = proto_change_open(p, tt_record_add_rig(p->rec, what, args), &err);
    if (rc == TT_OK)
        rc = proto_change_close(p, tt_rig(p->game, p->state, what, args, &err));
    return rc == TT_OK ? PROTO_OK : proto_fail_err(out, rc, &err);
}

/* describe <id or name>: the full text of a card, strategy, item, token, agent
 * or objective, written from the loaded content (tt_describe). */
static int cmd_describe(tt_proto *p, char *args, proto_buf *out)
{
    char text[4096];
    tt_error err;
    tt_error_clear(&err);
    int rc = tt_describe(p->game, args, TT_DESCRIBE_FULL, text, sizeof text, &err);
    if (rc != TT_OK)
        return proto_fail_err(out, rc, &err);
    size_t n = strlen(text);
    if (n && text[n - 1] == '\n')
        text[n - 1] = '\0'; /* the answer's end is the framing's empty line */
    proto_puts(out, text);
    return PROTO_OK;
}

/* offturn [player]: the actions outside the turn order a player may take now. */
static int cmd_offturn(tt_proto *p, char *args, proto_buf *out)
{
    int who = player_arg(p, args, out);
    if (who < 0)
        return PROTO_FAIL;
    tt_action *a = malloc((size_t)tt_max_actions(p->game) * sizeof *a);
    if (!a)
        return proto_fail_nomem(out);
    int n = tt_offturn_legal(p->game, p->state, who, a);
    list_actions(p, a, n, out);
    free(a);
    return PROTO_OK;
}

static int cmd_undo(tt_proto *p, char *args, proto_buf *out)
{
    (void)args;
    return proto_undo(p) ? PROTO_OK : proto_fail(out, "nothing to undo");
}

/* --- commands: records ------------------------------------------------------------------ */

/* "invaders 1 entry", "invaders 12 entries": what a record holds. */
static void proto_entries(proto_buf *out, const tt_proto *p)
{
    int n = tt_record_count(p->rec);
    proto_printf(out, "%s %d entr%s", tt_game_name(p->game), n, n == 1 ? "y" : "ies");
}

static int cmd_save(tt_proto *p, char *args, proto_buf *out)
{
    tt_error err;
    tt_error_clear(&err);
    int rc = tt_files_check(p->files, args, &err);
    if (rc == TT_OK)
        rc = tt_record_save(p->rec, p->game, p->state, args, &err);
    if (rc != TT_OK)
        return proto_fail_err(out, rc, &err);
    proto_entries(out, p);
    return PROTO_OK;
}

static int cmd_load(tt_proto *p, char *args, proto_buf *out)
{
    tt_error err;
    tt_error_clear(&err);
    int rc = proto_session_load(p, args, &err);
    if (rc != TT_OK)
        return proto_fail_err(out, rc, &err);
    proto_entries(out, p);
    return PROTO_OK;
}

/* --- the command table -------------------------------------------------------------------- */

static const command commands[] = {
    {"protocol_version", cmd_protocol_version, "protocol_version", 0, ARGS_NONE},
    {"name", cmd_name, "name", 0, ARGS_NONE},
    {"version", cmd_version, "version", 0, ARGS_NONE},
    {"known_command", cmd_known_command, "known_command <command>", 0, ARGS_ONE},
    {"list_commands", cmd_list_commands, "list_commands", 0, ARGS_NONE},
    {"list_games", cmd_list_games, "list_games", 0, ARGS_NONE},
    {"list_params", cmd_list_params, "list_params <game>", 0, ARGS_ONE},
    {"seed", cmd_seed, "seed <n>", 0, ARGS_ONE},
    {"new", cmd_new, "new <game> [seed=<n>] [key=value ...]", 0, ARGS_SOME},
    {"load", cmd_load, "load <file>", 0, ARGS_SOME},
    {"save", cmd_save, "save <file>", 1, ARGS_SOME},
    {"to_move", cmd_to_move, "to_move", 1, ARGS_NONE},
    {"legal", cmd_legal, "legal", 1, ARGS_NONE},
    {"play", cmd_play, "play <action text>", 1, ARGS_SOME},
    {"genmove", cmd_genmove, "genmove [ai=<name>] [key=value ...]", 1, ARGS_ANY},
    {"undo", cmd_undo, "undo", 1, ARGS_NONE},
    {"rig", cmd_rig, "rig <what> <values...>", 1, ARGS_SOME},
    {"as", cmd_as, "as <player> <action text>", 1, ARGS_SOME},
    {"offturn", cmd_offturn, "offturn [player]", 1, ARGS_OPTIONAL_ONE},
    {"describe", cmd_describe, "describe <id or name>", 1, ARGS_SOME},
    {"view", cmd_view, "view <player|all|spectator>", 1, ARGS_ONE},
    {"showboard", cmd_showboard, "showboard", 1, ARGS_NONE},
    {"result", cmd_result, "result", 1, ARGS_NONE},
    {"quit", cmd_quit, "quit", 0, ARGS_NONE},
    {NULL, NULL, NULL, 0, ARGS_NONE},
};

static const command *command_at(int i)
{
    return commands[i].name ? &commands[i] : NULL;
}

/* --- requests and framing ------------------------------------------------------------------- */

/* One request line, normalised (it holds no control byte but tabs and the
 * CR and LF that end it, which are dropped): tabs made spaces,
 * runs of spaces made one, no space at either end. */
typedef struct request {
    char *text; /* owned */
    char id[MAX_ID_DIGITS + 1];
    char *cmd;  /* "" when the line held only an id */
    char *args; /* "" when none */
} request;

static char *normalise(const char *line)
{
    char *t = malloc(strlen(line) + 1);
    if (!t)
        return NULL;
    size_t n = 0;
    for (const unsigned char *c = (const unsigned char *)line; *c; c++) {
        unsigned char ch = *c == '\t' ? ' ' : *c;
        if (ch < 32 || ch == 127)
            continue;
        if (ch == ' ' && (n == 0 || t[n - 1] == ' '))
            continue;
        t[n++] = (char)ch;
    }
    if (n && t[n - 1] == ' ')
        n--;
    t[n] = '\0';
    return t;
}

static int all_digits(const char *s)
{
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

/* Fills r from line; returns -1 when out of memory, 1 for a line that gets no
 * answer (blank or comment), 0 for a request, and 2 for an id too long to echo. */
static int request_parse(const char *line, request *r)
{
    memset(r, 0, sizeof *r);
    r->text = normalise(line);
    if (!r->text)
        return -1;
    if (!r->text[0] || r->text[0] == '#')
        return 1;
    char *rest = r->text;
    char *first = word_next(&rest);
    if (all_digits(first)) {
        if (strlen(first) > MAX_ID_DIGITS)
            return 2;
        strcpy(r->id, first);
        first = word_next(&rest);
    }
    r->cmd = first ? first : rest;
    r->args = rest;
    return 0;
}

/* Whether normalised arguments have as many words as a command takes. */
static int args_fit(int nargs, const char *args)
{
    int none = !*args, one = !none && !strchr(args, ' ');
    switch (nargs) {
    case ARGS_NONE: return none;
    case ARGS_ONE: return one;
    case ARGS_OPTIONAL_ONE: return none || one;
    case ARGS_SOME: return !none;
    default: return 1;
    }
}

/* Runs the request's command into out; PROTO_OK or PROTO_FAIL. */
static int dispatch(tt_proto *p, const request *r, proto_buf *out, int *quit)
{
    if (!r->cmd[0])
        return proto_fail(out, "empty command");
    const command *c = command_find(r->cmd);
    if (!c)
        return proto_fail(out, "unknown command '%.40s'", r->cmd);
    if (c->needs_game && !p->game)
        return proto_fail(out, "no game: use 'new <game>' first");
    int rc = args_fit(c->nargs, r->args) ? c->fn(p, r->args, out) : PROTO_USAGE;
    if (rc == PROTO_USAGE)
        return proto_fail(out, "usage: %s", c->usage);
    if (rc == PROTO_OK && out->oom)
        return proto_fail_nomem(out);
    if (rc == PROTO_OK && c->fn == cmd_quit)
        *quit = 1;
    return rc;
}

tt_proto *tt_proto_new(void)
{
    tt_proto *p = calloc(1, sizeof *p);
    tt_event *ev = malloc(PROTO_MAX_EVENTS * sizeof *ev);
    tt_files *files = tt_files_new();
    if (!p || !ev || !files) {
        free(p);
        free(ev);
        tt_files_free(files);
        return NULL;
    }
    p->ev = ev;
    p->files = files;
    p->next_seed = DEFAULT_SEED;
    return p;
}

void tt_proto_free(tt_proto *p)
{
    if (!p)
        return;
    proto_session_clear(p);
    proto_cache_clear(p);
    free(p->ev);
    tt_files_free(p->files);
    free(p);
}

int tt_proto_allow_dir(tt_proto *p, const char *dir, tt_error *err)
{
    return tt_files_allow(p->files, dir, err);
}

/* The first control byte of a request (other than tabs, and the CR and LF
 * that end it), as its offset; -1 when none. */
static long control_at(const char *line, size_t n)
{
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        n--;
    return tt_text_control_at(line, n);
}

/* Blank, or a comment: no answer, whatever bytes a comment holds. */
static int is_silent(const char *line, size_t n)
{
    size_t i = 0;
    while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n'))
        i++;
    return i == n || line[i] == '#';
}

/* A request holding a control byte is refused whole: the id is echoed when
 * the line starts with one. */
static char *refuse_control(const char *line, size_t n, long at)
{
    char id[MAX_ID_DIGITS + 1] = "";
    size_t i = strspn(line, " \t"), k = 0;
    while (i + k < n && k <= MAX_ID_DIGITS && isdigit((unsigned char)line[i + k]))
        k++;
    if (k && k <= MAX_ID_DIGITS && i + k < n && (line[i + k] == ' ' || line[i + k] == '\t'))
        memcpy(id, line + i, k);
    char msg[160];
    snprintf(msg, sizeof msg,
             "%s: control character 0x%02X at byte %ld: a request is one line of text",
             tt_strerror(TT_EPARSE), (unsigned char)line[at], at + 1);
    return proto_frame(0, id, msg);
}

char *proto_handle_bytes(tt_proto *p, const char *line, size_t n, int *quit, int *silent)
{
    *quit = 0;
    *silent = is_silent(line, n);
    if (*silent)
        return NULL;
    long at = control_at(line, n);
    if (at >= 0)
        return refuse_control(line, n, at);
    int q = 0;
    request r;
    char *text = strndup(line, n); /* n bytes, not necessarily NUL-terminated */
    if (!text)
        return NULL;
    int kind = request_parse(text, &r);
    free(text);
    char *answer = NULL;
    if (kind == 0) {
        proto_buf out = {0};
        int rc = dispatch(p, &r, &out, &q);
        answer = proto_frame(rc == PROTO_OK, r.id, out.p && !out.oom ? out.p : "");
        free(out.p);
    } else if (kind == 2) {
        answer = proto_frame(0, "", "the id has more than 20 digits");
    }
    free(r.text);
    *quit = q;
    return answer;
}

char *tt_proto_handle(tt_proto *p, const char *line, int *quit)
{
    int q, silent;
    line = line ? line : "";
    char *answer = proto_handle_bytes(p, line, strlen(line), &q, &silent);
    if (quit)
        *quit = q;
    return answer;
}

int tt_proto_serve(tt_proto *p, FILE *in, FILE *out)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int quit = 0, rc = TT_OK;
    while (!quit && (n = getline(&line, &cap, in)) != -1) {
        int silent;
        char *answer = proto_handle_bytes(p, line, (size_t)n, &quit, &silent);
        if (!answer && !silent)
            fputs("? memory: out of memory\n\n", out);
        else if (answer)
            fputs(answer, out);
        free(answer);
        if (fflush(out) != 0) {
            rc = TT_EIO;
            break;
        }
    }
    free(line);
    if (rc == TT_OK && ferror(in))
        rc = TT_EIO;
    return rc;
}
