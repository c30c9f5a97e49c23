/* tabletop — the game interface: a loaded game, its flat states, and the calls
 * every rules module answers (the shape of OpenSpiel's, in C).
 *
 * A tt_game is immutable once loaded and may be shared by any number of states
 * and threads. A tt_state is caller-owned memory of tt_state_size(game) bytes:
 * flat, pointer-free, copied with memcpy. A state plus an action determines the
 * next state exactly; the random generator lives inside the state. */
#ifndef TABLETOP_GAME_H
#define TABLETOP_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "tabletop/action.h"
#include "tabletop/error.h"
#include "tabletop/event.h"
#include "tabletop/files.h"

typedef struct tt_game tt_game;
typedef struct tt_state tt_state; /* opaque; storage comes from the caller */

#define TT_TERMINAL (-1) /* tt_to_move when the game is over */
#define TT_MAX_PLAYERS 6

/* The games this build knows, in registry order; NULL past the end. A game
 * still being written (no configurations declared) is not listed, though
 * it loads by name. */
const char *tt_game_list(int i);
/* One line about game `name`, or NULL when unknown. */
const char *tt_game_summary(const char *name);

/* How a person plays game `name` at a prompt: its action forms and
 * examples, several lines; NULL for an unknown game or one that has none. */
const char *tt_game_play_help(const char *name);

/* The bounds on players of game `name`: TT_OK, or TT_EARG for an unknown game. */
int tt_game_player_range(const char *name, int *min, int *max);

/* A parameter a game declares (`new <game> key=value`, `--param key=value`):
 * its kind, default and allowed values, checked the same way for every game. */
enum { TT_PARAM_CHOICE, TT_PARAM_INT, TT_PARAM_FILE, TT_PARAM_TEXT };
typedef struct tt_param_spec {
    const char *key;
    int kind;            /* TT_PARAM_… */
    const char *def;     /* the default, in words where it is no value ("the sample set") */
    const char *allowed; /* CHOICE: "a|b|c"; INT: "lo..hi"; FILE, TEXT: what it holds */
    const char *help;    /* one line */
} tt_param_spec;

/* The i-th parameter game `name` declares, or NULL past the end. */
const tt_param_spec *tt_game_param(const char *name, int i);

/* The i-th configuration the generic test suite runs for game `name` (its
 * parameters in *params), or NULL past the end. */
const char *tt_game_config(const char *name, int i, const char **params);

/* Longest canonical parameter text a game stores (and a record keeps). */
#define TT_PARAMS_MAX 1024

/* Loads game `name` with parameters "key=value key=value" (NULL or "" for the
 * defaults; each game declares its keys, see tt_game_param). On success *out
 * owns the game; free it with tt_game_free. On failure *out is NULL and err
 * says why: an unknown key, a value outside the declared ones, or parameters
 * longer than TT_PARAMS_MAX bytes in canonical form (TT_EARG, never cut). */
int tt_game_new(const char *name, const char *params, tt_game **out, tt_error *err);

/* As tt_game_new, with every file the parameters name (content files, a
 * Braunau deck written as a path) checked against `files` first
 * (tabletop/files.h; NULL allows all): a file outside it is TT_EARG. */
int tt_game_new_within(const char *name, const char *params, const tt_files *files, tt_game **out,
                       tt_error *err);
void tt_game_free(tt_game *game);

const char *tt_game_name(const tt_game *game);
/* The parameters in canonical form, as a record stores them. */
const char *tt_game_params(const tt_game *game);
/* 16 hex digits identifying the loaded content. */
const char *tt_game_content_hash(const tt_game *game);
int tt_game_players(const tt_game *game);
/* Display name of player i ("invader", "mankind", …). */
const char *tt_player_name(const tt_game *game, int player);
/* Writes player i as a sentence names him into buf (n bytes): "the
 * Austrians", "Mankind", "the Invader" (the display name when the game gives
 * none), and returns buf; *plural (may be NULL) is set to 1 when the name
 * takes a plural verb ("the Austrians win"), else 0. */
const char *tt_player_title(const tt_game *game, int player, char *buf, size_t n, int *plural);
/* Player index for a name or a number, or -1. */
int tt_player_parse(const tt_game *game, const char *text);

/* Bytes of one state, and the most actions tt_legal can list. */
size_t tt_state_size(const tt_game *game);
int tt_max_actions(const tt_game *game);

/* Sets up a new game in `mem` (tt_state_size bytes) from `seed`. */
void tt_state_init(const tt_game *game, tt_state *mem, uint64_t seed);
void tt_state_copy(const tt_game *game, tt_state *dst, const tt_state *src);
/* 64-bit hash of the state's bytes (replays compare it). */
uint64_t tt_state_hash(const tt_game *game, const tt_state *state);

/* The player who must decide now, or TT_TERMINAL. */
int tt_to_move(const tt_game *game, const tt_state *state);

/* Fills out[] (tt_max_actions entries) with every legal action and returns
 * how many; 0 when terminal. No allocation. */
int tt_legal(const tt_game *game, const tt_state *state, tt_action *out);

/* Validates and applies one action for the player to move. On TT_OK, events
 * (may be NULL) receives what happened. On error the state is unchanged and
 * err names the rule that refuses it. */
int tt_apply(const tt_game *game, tt_state *state, tt_action action, tt_events *events,
             tt_error *err);

/* Applies an action given as text. Besides the atomic forms, a compound form
 * "head key=value …" is accepted: the head, then each key=value as the atomic
 * action "key value", in whatever order the rules ask for them. A game may
 * instead read a whole command in its rules' own syntax and check it as its
 * rules do (Braunau: "DEPLOY token=G10 mode=UPGRADE"), then apply the atomic
 * actions it stands for. A compound that fails at any step changes nothing. */
int tt_apply_text(const tt_game *game, tt_state *state, const char *text, tt_events *events,
                  tt_error *err);

/* As tt_apply_text, and on success writes into canon (n bytes) the canonical
 * text of each atomic action applied, one per line: what a record stores.
 * TT_EARG, changing nothing, when canon is too small. */
int tt_apply_text_canon(const tt_game *game, tt_state *state, const char *text, char *canon,
                        size_t n, tt_events *events, tt_error *err);

/* As tt_apply_text_canon, for `player` (-1: the player to move), the one path
 * front ends take for every text a player types. A text that names an action
 * outside the turn order ("concede", "accept_draw") is applied for `player`
 * with tt_offturn_apply, alone, and sets *offturn (may be NULL); any other
 * text is refused unless `player` is the one to move. */
int tt_apply_text_as(const tt_game *game, tt_state *state, int player, const char *text,
                     char *canon, size_t n, int *offturn, tt_events *events, tt_error *err);

/* Actions outside the turn order: what a player may do at the table whoever
 * is to move — concede, offer or answer a draw (Tannhäuser, TAN-8.6), and a
 * game's table talk. They are not in tt_legal, so searches and playouts never
 * see them; their texts go through tt_action_format and tt_action_parse like
 * any action's. Fills out[] (tt_max_actions entries) with what `player` may
 * do now and returns how many; 0 in a finished game or for no such player. */
int tt_offturn_legal(const tt_game *game, const tt_state *state, int player, tt_action *out);

/* Applies an action outside the turn order for `player`. On error (TT_EARG: no
 * such player or not such an action; TT_ESTATE: the game is over;
 * TT_EILLEGAL: the rules refuse it now, err names the rule) nothing changed. */
int tt_offturn_apply(const tt_game *game, tt_state *state, int player, tt_action action,
                     tt_events *events, tt_error *err);

/* Is `action` one of the actions outside the turn order? (They carry this bit.) */
#define TT_OFFTURN 0x80000000u
static inline int tt_action_is_offturn(tt_action a)
{
    return (a & TT_OFFTURN) != 0;
}

/* The actions outside the turn order every game may offer, with the texts
 * the core gives them ("concede", "offer_draw", …); a game numbers its own
 * (table talk) from TT_OFFTURN_GAME up and formats and parses them itself. */
enum {
    TT_CONCEDE = TT_OFFTURN | 1,
    TT_OFFER_DRAW = TT_OFFTURN | 2,
    TT_ACCEPT_DRAW = TT_OFFTURN | 3,
    TT_DECLINE_DRAW = TT_OFFTURN | 4,
    TT_OFFTURN_GAME = TT_OFFTURN | 16
};

/* The canonical text of an action in this state, and back. format writes at
 * most n bytes (always terminated) and returns TT_OK or TT_EARG. */
int tt_action_format(const tt_game *game, const tt_state *state, tt_action a, char *buf, size_t n);
int tt_action_parse(const tt_game *game, const tt_state *state, const char *text, tt_action *out,
                    tt_error *err);

/* Per-player outcome at the end, from the ranks: +1 for first place, -1 for
 * the last, evenly between; in a draw 0 for those who drew and -1 for those
 * out of the game before it ended; 0 while playing. */
void tt_returns(const tt_game *game, const tt_state *state, double *out);

/* An estimate of tt_returns for a search that ends its playouts early: in a
 * finished game the returns themselves; while playing, the game's own
 * estimate of each player's prospects (−1 … +1) where it has one (The X-Files:
 * how far each has narrowed down his opponents' X-Files), else 0 for all.
 * On the playout path: it allocates nothing. */
void tt_evaluate(const tt_game *game, const tt_state *state, double *out);
/* How many actions a random playout should run before tt_evaluate judges
 * it, for a game whose estimate says more than the end of a long random game;
 * 0 (every game without an estimate): play to the end. */
int tt_playout_horizon(const tt_game *game);

/* One player's place in a finished game. */
typedef struct tt_standing {
    int rank;       /* 1 = first; players who share a place share its rank; 0 while playing */
    int score;      /* VP or points where the game counts them, else 0 */
    int eliminated; /* 1: out of the game before it ended (conceded, destroyed) */
} tt_standing;

typedef struct tt_result {
    int over;         /* 0 while the game goes on */
    int winner;       /* the sole first, or -1 (none yet, a draw, a shared first place) */
    unsigned winners; /* bit per player ranked first; 0 while playing and in a draw,
                         where every player shares first place */
    char reason[32];  /* the rules' reason code, e.g. "PLOT_ZERO"; "" while playing */
    int turn;         /* the game's own count (turns, or rounds) when it ended */
    int nplayers;
    tt_standing player[TT_MAX_PLAYERS];
} tt_result;
void tt_result_get(const tt_game *game, const tt_state *state, tt_result *out);
/* What the game's scores count ("VP"), or NULL for a game that keeps none
 * (tt_standing.score is then always 0). */
const char *tt_game_score_name(const tt_game *game);
/* Turns played so far (the game's own count). */
int tt_turn(const tt_game *game, const tt_state *state);
/* What that count counts, singular: "turn", or "round" (Braunau). */
const char *tt_game_turn_name(const tt_game *game);
/* The result's reason code in words ("the plot marker reached 0 (INV-8.2)"),
 * or NULL when the game gives none or the game goes on. */
const char *tt_result_reason_text(const tt_game *game, const tt_state *state);

/* Is the decision now forced, so a front end may take it for the player? 1
 * when exactly one action is legal, applying it draws no random outcome and
 * tells no player a detail the others do not see (every event it emits is
 * TT_SEEN_ALL), and each player in `watchers` (a bit per player who could
 * notice that nobody was asked, e.g. the other people at a hot-seat table)
 * would, from what he knows, find that same single answer in every sample of
 * the hidden cards the function draws (tt_determinize, fixed seeds), so that
 * skipping the question tells him nothing. Then *action is that action; 0
 * otherwise (*action unchanged). The state is not changed. Not for the
 * playout path: it copies states and allocates. */
int tt_decision_forced(const tt_game *game, const tt_state *state, unsigned watchers,
                       tt_action *action);

/* Resamples what `viewer` cannot see (deck orders, others' hands), consistently
 * with what viewer has seen, using `seed`. */
void tt_determinize(const tt_game *game, tt_state *state, int viewer, uint64_t seed);

/* Checks every invariant of the state; TT_OK or TT_ESTATE with the broken one. */
int tt_sanity(const tt_game *game, const tt_state *state, tt_error *err);

/* Rigs the next random outcomes, for tests and puzzles: `what` and `values`
 * are game-specific (Invaders: "mankind_deck", "militia_cadre ranger_hovertank").
 * On error the state is unchanged. */
int tt_rig(const tt_game *game, tt_state *state, const char *what, const char *values,
           tt_error *err);

/* A figure a game reports about a position, for designers: "table|row|column"
 * ("germans tokens|DROP|drawn") and its value, NAN where the figure does not
 * apply to this position (the turn of a correct guess in a game that ended
 * otherwise): `sim` averages each figure over the games it applies to. */
typedef struct tt_stat {
    char name[48];
    double value;
} tt_stat;

/* Fills out[] (up to max entries) with the game's own figures for a position,
 * usually a finished game (tokens drawn, retained, deployed…); returns how
 * many, 0 for a game that reports none. Not for the playout path. */
int tt_stats(const tt_game *game, const tt_state *state, tt_stat *out, int max);

/* Writes a new, legal deck declaration of `game` for the options "key=value …"
 * (Braunau: "faction=germans mode=standardized seed=7"): on TT_OK *out is a
 * malloc'd text the caller frees; TT_EARG for bad options or a game without
 * deck declarations. */
int tt_deck_new(const char *game, const char *options, char **out, tt_error *err);

/* The canonical contents of the valid deck file `path`, one line per card or
 * token, for the options "key=value …" (Braunau: "seed=S" for a random deck):
 * on TT_OK *out is malloc'd. An invalid deck is TT_ECONTENT (validate it for
 * the whole report). */
int tt_deck_list(const char *game, const char *path, const char *options, char **out,
                 tt_error *err);

/* Descriptions of a game's content, written from the loaded content itself
 * (effects and numbers, never stored prose), so a user's own set is described
 * as well as the sample: every card, strategy, item, token, agent and
 * objective a player can meet. */
enum {
    TT_DESCRIBE_FULL,    /* several lines: stats, keywords, each effect in words, rule IDs */
    TT_DESCRIBE_SUMMARY, /* one line, short enough to sit beside the thing in a view */
    TT_DESCRIBE_NAME,    /* its display name */
    TT_DESCRIBE_KIND     /* the heading it is listed under ("Invader cards", "Equipment") */
};

/* The id of the i-th describable thing of `game`, in catalogue order, or NULL
 * past the end (at once for a game that describes nothing). */
const char *tt_describe_id(const tt_game *game, int i);

/* Writes into buf (n bytes, always terminated) the text of kind `what`
 * (TT_DESCRIBE_…) of the thing named `name`: its id or its display name, case
 * aside. TT_OK; TT_EARG with err set for a name nothing has ("invaders has no
 * card, strategy or hero named 'x'") or a buffer too small, buf then "". */
int tt_describe(const tt_game *game, const char *name, int what, char *buf, size_t n,
                tt_error *err);

/* Checks a content or deck file of `game`, reporting every problem at once.
 * Returns TT_OK when the file is valid. Otherwise TT_ECONTENT, and *report (a
 * malloc'd string the caller frees) holds one line per problem:
 * "file:line: message (RULE)". Other codes (unknown game, unreadable file) set
 * err and leave *report NULL. */
int tt_validate_file(const char *game, const char *path, char **report, tt_error *err);
/* The same against the game options a deck is checked by ("mode=BASIC"),
 * for a game whose extras take them (tt_rules_extra.validate_with); other
 * games refuse options with TT_EARG. NULL or "" is tt_validate_file. */
int tt_validate_file_with(const char *game, const char *path, const char *options, char **report,
                          tt_error *err);

#endif
