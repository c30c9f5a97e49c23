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

typedef struct tt_game tt_game;
typedef struct tt_state tt_state; /* opaque; storage comes from the caller */

#define TT_TERMINAL (-1)     /* tt_to_move when the game is over */
#define TT_MAX_PLAYERS 6

/* The games this build knows, in registry order; NULL past the end. */
const char *tt_game_list(int i);
/* One line about game `name`, or NULL when unknown. */
const char *tt_game_summary(const char *name);

/* Loads game `name` with parameters "key=value key=value" (NULL or "" for the
 * defaults; each game documents its keys). On success *out owns the game;
 * free it with tt_game_free. On failure *out is NULL and err says why. */
int tt_game_new(const char *name, const char *params, tt_game **out, tt_error *err);
void tt_game_free(tt_game *game);

const char *tt_game_name(const tt_game *game);
/* The parameters in canonical form, as a record stores them. */
const char *tt_game_params(const tt_game *game);
/* 16 hex digits identifying the loaded content. */
const char *tt_game_content_hash(const tt_game *game);
int tt_game_players(const tt_game *game);
/* Display name of player i ("invader", "mankind", …). */
const char *tt_player_name(const tt_game *game, int player);
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
int tt_apply(const tt_game *game, tt_state *state, tt_action action,
             tt_events *events, tt_error *err);

/* Applies an action given as text. Besides the atomic forms, a compound form
 * "head key=value …" is accepted: the head, then each key=value as the atomic
 * action "key value", in whatever order the rules ask for them. A game may
 * instead read a whole command in its rules' own syntax and check it as its
 * rules do (Braunau: "DEPLOY token=G10 mode=UPGRADE"), then apply the atomic
 * actions it stands for. A compound that fails at any step changes nothing. */
int tt_apply_text(const tt_game *game, tt_state *state, const char *text,
                  tt_events *events, tt_error *err);

/* As tt_apply_text, and on success writes into canon (n bytes) the canonical
 * text of each atomic action applied, one per line: what a record stores.
 * TT_EARG, changing nothing, when canon is too small. */
int tt_apply_text_canon(const tt_game *game, tt_state *state, const char *text, char *canon,
                        size_t n, tt_events *events, tt_error *err);

/* A player concedes (allowed at any time; not a listed action so that searches
 * never consider it). */
int tt_concede(const tt_game *game, tt_state *state, int player,
               tt_events *events, tt_error *err);

/* A draw by agreement, in games that have one (Tannhäuser, TAN-8.6): a player
 * offers, the other accepts (the game ends drawn) or declines. Like
 * tt_concede, at any time and never a listed action. TT_EARG when the game
 * has no such agreement; TT_EILLEGAL, changing nothing, for an answer with no
 * offer to answer or a second offer. */
enum { TT_DRAW_OFFER, TT_DRAW_ACCEPT, TT_DRAW_DECLINE };
int tt_draw(const tt_game *game, tt_state *state, int player, int what, tt_events *events,
            tt_error *err);
/* "offer_draw", "accept_draw", "decline_draw" → TT_DRAW_…, or -1. */
int tt_draw_parse(const char *word);
const char *tt_draw_word(int what);

/* The canonical text of an action in this state, and back. format writes at
 * most n bytes (always terminated) and returns TT_OK or TT_EARG. */
int tt_action_format(const tt_game *game, const tt_state *state, tt_action a,
                     char *buf, size_t n);
int tt_action_parse(const tt_game *game, const tt_state *state, const char *text,
                    tt_action *out, tt_error *err);

/* Per-player outcome at the end: +1 win (shared wins too), -1 loss, 0 draw;
 * zeros while playing. */
void tt_returns(const tt_game *game, const tt_state *state, double *out);

typedef struct tt_result {
    int over;            /* 0 while the game goes on */
    int winner;          /* player index, or -1 for none (aborted, draw, shared win) */
    char reason[32];     /* the rules' reason code, e.g. "PLOT_ZERO" */
    int turn;            /* turn number when it ended */
    unsigned winners;    /* bit per player who wins: 1 << winner for a sole winner,
                            several bits for a shared first place, 0 for none */
} tt_result;
void tt_result_get(const tt_game *game, const tt_state *state, tt_result *out);
/* Turns played so far (the game's own count). */
int tt_turn(const tt_game *game, const tt_state *state);

/* Resamples what `viewer` cannot see (deck orders, others' hands), consistently
 * with what viewer has seen, using `seed`. */
void tt_determinize(const tt_game *game, tt_state *state, int viewer, uint64_t seed);

/* Checks every invariant of the state; TT_OK or TT_ESTATE with the broken one. */
int tt_sanity(const tt_game *game, const tt_state *state, tt_error *err);

/* Rigs the next random outcomes, for tests and puzzles: `what` and `values`
 * are game-specific (Invaders: "mankind_deck", "militia_cadre ranger_hovertank").
 * On error the state is unchanged. */
int tt_rig(const tt_game *game, tt_state *state, const char *what,
           const char *values, tt_error *err);

/* A figure a game reports about a position, for designers: "table|row|column"
 * ("germans tokens|DROP|drawn") and its value. */
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

/* Checks a content or deck file of `game`, reporting every problem at once.
 * Returns TT_OK when the file is valid. Otherwise TT_ECONTENT, and *report (a
 * malloc'd string the caller frees) holds one line per problem:
 * "file:line: message (RULE)". Other codes (unknown game, unreadable file) set
 * err and leave *report NULL. */
int tt_validate_file(const char *game, const char *path, char **report, tt_error *err);

#endif
