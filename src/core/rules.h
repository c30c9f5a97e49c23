/* The rules-module interface (tt_rules) and the loaded game (struct tt_game).
 *
 * A game is a folder, src/games/<name>/, whose descriptor is the const tt_rules
 * `<name>_rules`; the build generates the registry from the folders, so adding
 * a game changes nothing here. The public calls of game.h dispatch through the
 * descriptor. A module keeps its content behind game->content and its state
 * layout to itself, except that every state begins with a tt_head (core/head.h):
 * the generator, the turn and the result, which the core reads. Hooks marked
 * optional may be NULL. */
#ifndef TT_CORE_RULES_H
#define TT_CORE_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "core/diag.h"
#include "core/head.h"
#include "tabletop/tt.h"

typedef struct tt_params tt_params;

/* A parameter set the generic test suite runs: "3p_random", "germans=random …". */
typedef struct tt_config {
    const char *name;
    const char *params;
} tt_config;

typedef struct tt_rules {
    const char *name;
    const char *summary;
    int min_players, max_players;
    /* The parameters this game accepts, up to an entry with a NULL key. The
     * core checks CHOICE and INT values against `allowed` before load. */
    const tt_param_spec *params;
    /* The configurations the generic suite runs, up to a NULL name; the first
     * is the default run. NULL for a game still being written: it loads by
     * name (new, deck validate) but is not listed (tt_game_list), so neither
     * the suites nor the command's lists play it. */
    const tt_config *configs;
    /* The rules' reason codes, indexed by tt_head.reason; [0] is "". */
    const char *const *reasons;
    /* What a player's score counts ("VP"), for a game that keeps one in
     * tt_head.score; NULL for a game without scores. */
    const char *score_name;
    /* What tt_head.turn counts, singular ("round"); NULL for "turn". */
    const char *turn_name;
    /* Each reason code in words, indexed like `reasons` ("the plot marker
     * reached 0 (INV-8.2)"); optional, NULL entries allowed. */
    const char *const *reason_texts;
    /* How a person plays at a prompt (`help` in `tabletop play`): the forms of
     * the game's actions and compound examples, lines of at most 80
     * characters, each ending in a newline (optional). */
    const char *play_help;

    /* Loads content and parameters into game (content, nplayers, state_size,
     * max_actions); on failure frees what it made. */
    int (*load)(tt_game *game, const tt_params *params, tt_error *err);
    void (*unload)(tt_game *game);

    void (*init)(const tt_game *game, void *st, uint64_t seed);
    int (*to_move)(const tt_game *game, const void *st);
    int (*legal)(const tt_game *game, const void *st, tt_action *out);
    int (*apply)(const tt_game *game, void *st, tt_action a, tt_events *ev, tt_error *err);
    /* Actions outside the turn order (tabletop/game.h: tt_offturn_legal and
     * tt_offturn_apply): what `player` may do now, each with TT_OFFTURN set,
     * and applying one for him. The core has checked the player and that the
     * game goes on; apply refuses, changing nothing, what the rules forbid.
     * offturn_legal is optional: without it a player may only concede. */
    int (*offturn_legal)(const tt_game *game, const void *st, int player, tt_action *out);
    int (*offturn_apply)(const tt_game *game, void *st, int player, tt_action a, tt_events *ev,
                         tt_error *err);
    int (*format)(const tt_game *game, const void *st, tt_action a, char *buf, size_t n);
    int (*parse)(const tt_game *game, const void *st, const char *text, tt_action *out,
                 tt_error *err);
    void (*determinize)(const tt_game *game, void *st, int viewer, uint64_t seed);
    int (*sanity)(const tt_game *game, const void *st, tt_error *err);
    int (*rig)(const tt_game *game, void *st, const char *what, const char *values, tt_error *err);
    char *(*view_json)(const tt_game *game, const void *st, int viewer);
    char *(*view_text)(const tt_game *game, const void *st, int viewer);
    /* One part of the picture (tabletop/view.h: TT_TEXT_MAP, _STATUS,
     * _DECISION), malloc'd; never asked for TT_TEXT_ALL, which is view_text.
     * Optional: without it the status is the whole picture and the other
     * parts are empty. */
    char *(*view_part)(const tt_game *game, const void *st, int viewer, int part);
    int (*event_text)(const tt_game *game, const tt_event *ev, int viewer, char *buf, size_t n);
    const char *(*player_name)(const tt_game *game, int player);
    /* Writes player i as a sentence names him into buf ("the Austrians",
     * "Mankind"); returns 1 when the name takes a plural verb, else 0
     * (optional: the player's name, singular). */
    int (*player_title)(const tt_game *game, int player, char *buf, size_t n);
    /* Checks a content or deck file, reporting every problem (optional). */
    int (*validate_file)(const char *path, tt_diags *diags);
    /* Expands a whole command written in the game's own rules syntax ("DEPLOY
     * token=G10 mode=UPGRADE"), or a shortcut a player types for several
     * actions ("goto r22"), into its atomic action texts, one per line, in
     * atoms (n bytes), after checking the whole command in the order its rules
     * check one, so a refusal names the rule that order reaches first
     * (optional). Returns TT_OK, a refusal (err set), or TT_EXPAND_GENERIC for
     * a text not in that syntax, which tt_apply_text then expands itself.
     * Never changes st. */
    int (*expand)(const tt_game *game, const void *st, const char *text, char *atoms, size_t n,
                  tt_error *err);
    /* The content a player can look up (tabletop/game.h: tt_describe): the id
     * of the i-th describable thing (card, strategy, item, token, agent,
     * objective), NULL past the end; and, for i below that end, its text of
     * kind `what` (TT_DESCRIBE_…) in buf (n bytes), generated from the loaded
     * content, never stored prose. describe returns TT_OK, or TT_EARG when buf
     * is too small. Both optional (a game without them describes nothing);
     * neither is on the playout path. */
    const char *(*describe_id)(const tt_game *game, int i);
    int (*describe)(const tt_game *game, int i, int what, char *buf, size_t n);
    const struct tt_rules_extra *extra; /* optional */
} tt_rules;

/* Game-specific extras, each optional: figures for designers (tt_stats), an
 * estimate for searches and the playout length it suits (tt_evaluate,
 * tt_playout_horizon), deck declarations written and listed (tt_deck_new,
 * tt_deck_list) and checked against game options (tt_validate_file_with). */
typedef struct tt_rules_extra {
    int (*stats)(const tt_game *game, const void *st, tt_stat *out, int max);
    /* Called only while the game goes on; each of out[nplayers] in −1 … +1. */
    void (*evaluate)(const tt_game *game, const void *st, double *out);
    int horizon; /* actions, > 0 with evaluate */
    int (*deck_new)(const char *options, char **out, tt_error *err);
    int (*deck_list)(const char *path, const char *options, char **out, tt_error *err);
    /* validate_file against game options ("key=value ..."): TT_EARG with
     * nothing added to diags for options it does not take. */
    int (*validate_with)(const char *path, const char *options, tt_diags *diags);
} tt_rules_extra;

/* tt_rules.expand: "not my syntax, use the generic key=value expansion". */
#define TT_EXPAND_GENERIC 1

struct tt_game {
    const tt_rules *rules;
    void *content; /* the module's immutable content */
    int nplayers;
    size_t state_size;          /* bytes of one state */
    int max_actions;            /* most actions legal() can list */
    char params[TT_PARAMS_MAX]; /* canonical "key=value …" */
    char hash[17];              /* content hash, 16 hex digits */
};

/* Parameters "key=value …" split once at load. */
#define TT_MAX_PARAMS 16
struct tt_params {
    int n;
    char key[TT_MAX_PARAMS][32];
    char value[TT_MAX_PARAMS][TT_PARAMS_MAX];
};
/* The value of key, or NULL. */
const char *tt_params_get(const tt_params *p, const char *key);

/* Checks params ("key=value …") as tt_game_new would for game `name`: on
 * TT_OK canon (TT_PARAMS_MAX bytes) holds their canonical form, the one
 * tt_game_params gives, and *files says whether any names a file (a FILE
 * parameter, or a text one written as a path). Else err says what is wrong. */
int tt_params_check(const char *name, const char *params, char *canon, int *files, tt_error *err);

/* The registered games (generated from the folders under src/games), NULL-terminated; and
 * lookup by name. */
extern const tt_rules *const tt_registry[];
const tt_rules *tt_rules_find(const char *name);

/* The content compiled into the binary: "invaders/sample.json" → text. */
const char *tt_embedded_find(const char *path, size_t *size);

/* The text of a deck parameter of `game` (malloc'd, *len bytes): a file when
 * `value` is written as one (a path, or a name ending .json), which must be
 * readable (TT_EIO, the exit status of every unreadable file); else the name
 * of one of its sample decks, data/<game>/<value>.json, `file` naming it for
 * messages. No such sample is a bad value of parameter `param` (TT_EARG),
 * the message naming the `choices`. */
int tt_deck_text(const char *game, const char *param, const char *value, const char *choices,
                 char **text, size_t *len, char *file, size_t nfile, tt_error *err);

/* Checks one deck text for a game's loading (tt_deck_load): returns how many
 * declarations text (len bytes, named file) holds, adding every problem to
 * d, and fills the caller's output from the first when there is none. */
typedef int (*tt_deck_checker)(void *ctx, const char *text, size_t len, const char *file,
                               tt_diags *d);

/* Loads the deck of parameter `param`=value for a game: its text as
 * tt_deck_text reads it (the sample `content` is no deck), checked by check.
 * TT_OK when it holds one declaration without a problem; else err holds the
 * first problem (tt_diags_fail), or says a game takes one declaration. */
int tt_deck_load(const char *game, const char *param, const char *value, const char *choices,
                 tt_deck_checker check, void *ctx, tt_error *err);

#endif
