/* Braunau — the rules module's shared header.
 *
 * Implements docs/rules/braunau.md (rule prefix BRA-), for 2 and 3 players.
 * Nothing outside src/games/braunau/ (and its tests) includes this file.
 *
 * Deviations and decisions beyond the rules file (docs/games/braunau.md lists
 * them for players):
 *  - A command of the rules (DEPLOY token=t agent=A area=X) is a short
 *    sequence of atomic actions (deploy t, agent A, area X), one choice each,
 *    as DESIGN.md asks; the rules syntax is read whole by bra_expand, checked
 *    in the order of BRA-6.0.2, and applied as those atomic actions. An atomic
 *    step is listed (and accepted) only when the command can still be
 *    completed legally, so no declaration ever dead-ends.
 *  - DISCARD is "discard t" for each token, then "done"; the AP is paid once,
 *    at "done" (BRA-6.3.2).
 *  - A path names where it ends and how many steps it takes: two MOVEs or
 *    COURIERs that end in the same area after the same number of steps (for
 *    COURIER, after any number) are one action, written with a canonical
 *    path. The rules make no use of the areas passed through.
 *  - E_NOT_YOUR_TURN cannot arise: an action is always applied for the player
 *    to move, who is the active player (BRA-5.6).
 *  - Conceding (an action outside the turn order) ends the game at once:
 *    BRA-9 scoring, the conceding faction ranked last whatever its VP.
 *  - The intel log of BRA-6.23.3 is kept in the state as the latest report on
 *    each agent; the full log is the stream of private reveal events.
 *  - Engine limits: 12 areas, 8 agents per faction (24 in all), 16 items, 52
 *    tokens per deck (a variant may make decks smaller, not larger), draws of
 *    up to 8 and a stash of up to 16 tokens, COURIER paths of up to 6 steps.
 *
 * Parameters: content=FILE (default: the embedded sample of BRA-12);
 * germans=, austrians=, locals= each a deck: standardized (the standard
 * composition, ABIL split evenly over the base agents), random
 * (RANDOM_STANDARDIZED), none (the faction sits out), the name of an embedded
 * sample deck (germans_intrigue, locals_anna, …) or a deck file. Once one
 * faction is given a deck, the factions without a parameter sit out;
 * otherwise they play standardized decks (so "locals=none" is the default
 * two-player game). BRA-3.11: 2 or 3 decks.
 *
 * Action encoding: (op << 24) | arg, one atomic choice each; see enum bra_op.
 * Tokens are numbered faction * 64 + (id number - 1), so a faction's tokens
 * are the bits of one uint64_t (stash, discard pile); agents, areas and items
 * by their index in the content. Chance events: only setup (BRA-8.3): the
 * first player, random ABIL splits, the deck shuffles and the item shuffle;
 * `rig` stacks a deck, the item deck or the first player.
 */
#ifndef BRA_BRAUNAU_H
#define BRA_BRAUNAU_H

#include <stddef.h>
#include <stdint.h>

#include "core/diag.h"
#include "core/rng.h"
#include "core/rules.h"

/* --- limits ----------------------------------------------------------------- */

#define BRA_NF 3     /* factions, BRA-1.1 */
#define BRA_NV 4     /* knowledge holders: the factions and the public */
#define BRA_PUBLIC 3 /* the public's knowledge (spectators) */
#define BRA_MAX_AREAS 12
#define BRA_MAX_FAGENTS 8 /* agents of one faction */
#define BRA_MAX_AGENTS 24
#define BRA_MAX_ITEMS 16
#define BRA_MAX_DECK 52 /* tokens in a deck: DECK_SIZE of BRA-3.3, which variants may lower */
#define BRA_MAX_DRAW 8
#define BRA_MAX_STASH 16
#define BRA_MAX_ROW 4
#define BRA_MAX_RETAIN 3
#define BRA_MAX_PATH 6
#define BRA_MAX_LIST 16 /* tokens named in one KEEP or DISCARD */
#define BRA_MAX_ACTIONS 256

#define BRA_NONE 0xFF    /* not given / no agent, area, item */
#define BRA_UNKNOWN 0xFE /* given, but names nothing that exists */
#define BRA_RESERVE 0xFE /* agent location: off the map, available */
#define BRA_OUT 0xFF     /* agent location: not in this game's roster */

/* --- content (BRA-2) ---------------------------------------------------------- */

enum bra_type {
    T_DROP,
    T_ABIL,
    T_SPEC,
    T_REFILL,
    T_SUMMON,
    T_CI,
    T_POP,
    T_GOLD,
    T_BR,
    T_FA,
    T_NTYPES
};
enum bra_effect {
    EF_AGITATE,
    EF_SABOTAGE,
    EF_COURIER,
    EF_SURVEY,
    EF_FUNDRAISE,
    EF_ARREST,
    EF_NEFFECTS
};
enum bra_itype {
    IT_FORGED_PAPERS,
    IT_MOTORCAR,
    IT_PRINTING_PRESS,
    IT_INFORMANT,
    IT_LEAFLETS,
    IT_DOSSIER,
    IT_NTYPES
};
enum bra_ikind { IK_PASSIVE, IK_PERMANENT, IK_ONE_USE };
enum bra_mode { MODE_UPGRADE, MODE_RELOAD, MODE_EXTRACT, MODE_FALSIFY, MODE_N };
enum bra_outcome { OUT_NONE, OUT_INTERROGATE, OUT_BRIBE, OUT_N };
enum bra_deckmode { DM_CUSTOMIZED, DM_STANDARDIZED, DM_RANDOM };

/* BRA-2.1: the constants, overridable only by a content (variant) file */
typedef struct bra_params {
    uint8_t deck_size, free_tokens, first_draw_round, draw_count, retain_max, retain_cost;
    uint8_t stash_max, discard_cost, deploy_cost_first, deploy_cost_repeat;
    uint8_t max_abil_per_agent, max_records, max_dropoff, ap_per_turn, rounds;
    uint8_t support_max, trigger_level, home_support, start_gold, gold_per_nazi_gold;
    uint8_t market_row, arrest_vp, bribe_vp, ability_max_level, ability_charges;
    uint8_t cost_move, cost_agitate, cost_denounce, cost_ability;
} bra_params;

typedef struct bra_faction { /* BRA-2.2 */
    char id[16], name[24];
    char letter;
    uint8_t records;                         /* T_BR or T_FA, BRA-2.3 */
    uint8_t home;                            /* area */
    uint8_t nagents, agent[BRA_MAX_FAGENTS]; /* global agent indices, data order */
} bra_faction;

typedef struct bra_agent { /* BRA-2.7 */
    char id[24], name[64], ability[48];
    uint8_t faction, local; /* faction order; index within the faction */
    uint8_t mob, extended, resident;
    uint8_t price;  /* 0 for mobs */
    uint8_t effect; /* enum bra_effect */
} bra_agent;

typedef struct bra_area { /* BRA-2.12 */
    char id[16], name[32];
    uint8_t value, rally_vp, rally_gold;
    uint16_t adj; /* bit per adjacent area */
} bra_area;

typedef struct bra_item { /* BRA-2.14, 6.19 */
    char id[8];
    uint8_t type, kind, price, use_ap, end_vp;
} bra_item;

/* A deck declaration, validated (BRA-3.9, 3.10); counts per type and, for
 * ABIL, per agent of the faction (local index). */
typedef struct bra_deck {
    uint8_t faction, mode;
    uint8_t extended; /* bit per local agent declared as extended character */
    uint8_t count[T_NTYPES];
    uint8_t abil[BRA_MAX_FAGENTS];
} bra_deck;

typedef struct bra_content {
    bra_params p;
    bra_faction f[BRA_NF];
    int ntypes_std[T_NTYPES]; /* std_count of each type (BR/FA: for its own faction) */
    char type_name[T_NTYPES][32];
    int nagents, nareas, nitems;
    bra_agent a[BRA_MAX_AGENTS];
    bra_area area[BRA_MAX_AREAS];
    bra_item item[BRA_MAX_ITEMS];
    uint8_t dist[BRA_MAX_AREAS][BRA_MAX_AREAS]; /* shortest path, BRA-2.12 */
    uint16_t all_areas;
    /* the game's seats: participating factions in canonical order (BRA-4.1) */
    int nseats;
    uint8_t seat_faction[BRA_NF];
    uint8_t faction_seat[BRA_NF]; /* BRA_NONE when the faction sits out */
    bra_deck deck[BRA_NF];
    uint8_t roster[BRA_NF]; /* bit per local agent in the roster, BRA-2.9 */
    /* Tables derived from the above for speed, last: the content hash covers
     * the content before them (bra_derived_from). items_of: bit per item of
     * each type; walk[x][n]: bit per area a walk of exactly n steps from x
     * can end in (BRA-6.15). */
    uint16_t items_of[IT_NTYPES];
    uint16_t walk[BRA_MAX_AREAS][BRA_MAX_PATH + 1];
} bra_content;
#define bra_derived_from offsetof(bra_content, items_of)

/* --- the flat state ------------------------------------------------------------ */

/* One faction's tokens (BRA-2.16) and pools (BRA-2.15), widest fields first
 * so that only the last 2 of its 280 bytes are padding. */
typedef struct bra_fstate {
    uint64_t stash, discard; /* bit per token */
    /* the deck (BRA-8.2), a core/pile of tokens: index 0 the bottom, ndeck-1
     * the top (drawn first); its bottom `known` tokens are the part its owner
     * knows the order of, the returned tokens (BRA-7.2) */
    uint16_t deck[BRA_MAX_DECK], ndeck;
    uint16_t gold, vp;
    uint16_t vp_rally, vp_arrest, vp_bribe, vp_area, vp_dossier; /* BRA-9.4 */
    uint8_t tok[BRA_MAX_DECK];    /* token -> type | local agent << 4 (ABIL) */
    uint8_t played[BRA_MAX_DECK]; /* in the order deployed */
    uint8_t pend[BRA_MAX_DRAW];   /* the pending draw, in draw order */
    uint8_t known, npend, nplayed;
    uint8_t ap, drew, motorcar_uses, press_uses;
    uint8_t ci_turn; /* CI tokens deployed in its latest turn (decoys possible) */
    /* figures for designers (tt_stats) that the state alone does not tell;
     * tokens deployed and discarded per type are counted from the played
     * and discard piles, which never give a token back (BRA-6.3.2, 6.4.4) */
    uint8_t drawn[T_NTYPES], kept[T_NTYPES];
    uint8_t discards, forced; /* DISCARD commands; those the stash limit forced */
} bra_fstate;

/* An intel entry: the latest report a faction holds on an agent (BRA-6.23.3). */
typedef struct bra_intel {
    uint8_t area, round, source;
    uint8_t window; /* made while the agent's owner could hold a decoy, window still open */
} bra_intel;

enum bra_source {
    SRC_NONE,
    SRC_FA,
    SRC_BR,
    SRC_SURVEY,
    SRC_INFORMANT,
    SRC_INTERROGATE,
    SRC_EXTRACT,
    SRC_SUMMON,
    SRC_MEETING,
    SRC_N
};

/* What the active player is declaring: the atomic answers so far. */
typedef struct bra_decl {
    uint8_t verb; /* enum bra_verb, V_NONE when free */
    uint8_t token, agent, area, mode, host, target, outcome, item, faction;
    uint8_t path; /* destination | steps << 4 */
    uint8_t pad;
    uint64_t picked; /* DISCARD: the tokens named so far */
} bra_decl;

enum bra_reason { R_NONE, R_SCORED, R_CONCEDED }; /* indexes tt_head.reason */

typedef struct bra_state {
    tt_head head;          /* generator, round, result (core/head.h) */
    uint8_t active, first; /* seats */
    uint8_t conceder;      /* seat or BRA_NONE */
    uint8_t started;       /* an action has been applied (rig re-deals before) */
    uint16_t item_deck[BRA_MAX_ITEMS], nitem_deck; /* a core/pile: top = nitem_deck - 1 */
    uint8_t market[BRA_MAX_ROW];                   /* item or BRA_NONE */
    uint8_t iowner[BRA_MAX_ITEMS];                 /* faction, or IO_* */

    uint8_t loc[BRA_MAX_AGENTS]; /* area, BRA_RESERVE or BRA_OUT */
    uint8_t level[BRA_MAX_AGENTS], charges[BRA_MAX_AGENTS];
    uint8_t exposed[BRA_MAX_AGENTS], decoy[BRA_MAX_AGENTS];
    uint8_t benefit[BRA_MAX_AGENTS]; /* agent tokens for it this turn, BRA-6.4.3 */
    uint8_t aflags[BRA_MAX_AGENTS];  /* AF_AGITATED | AF_DENOUNCED */

    uint8_t sup[BRA_MAX_AREAS][BRA_NF];
    uint16_t rally[BRA_NF]; /* bit per area: rally_done, BRA-6.21.2 */

    bra_fstate f[BRA_NF];
    bra_decl decl;

    /* knowledge: where each agent may truly be, for each faction and for the
     * public (bit per area); the faction's own agents are not tracked */
    uint16_t maybe[BRA_NV][BRA_MAX_AGENTS];
    bra_intel intel[BRA_NF][BRA_MAX_AGENTS];
} bra_state;

enum { IO_MARKET = 0xF0, IO_DECK = 0xF1, IO_DISCARD = 0xF2 }; /* iowner besides factions */
#define AF_AGITATED 1
#define AF_DENOUNCED 2

/* --- actions ---------------------------------------------------------------------- */

enum bra_op {
    A_DRAW = 1,
    A_KEEP,
    A_DISCARD,
    A_DONE,
    A_DEPLOY,
    A_AGENT,
    A_AREA,
    A_MODE,
    A_HOST,
    A_TARGET,
    A_OUTCOME,
    A_ITEM,
    A_FACTION,
    A_PATH,
    A_MOVE,
    A_AGITATE,
    A_DENOUNCE,
    A_ABILITY,
    A_USE,
    A_END,
    A_NOPS
};
#define BRA_ACTION(op, arg) ((tt_action)(((uint32_t)(op) << 24) | ((uint32_t)(arg)&0xFFFFFF)))
#define BRA_OP(a) ((int)((a) >> 24))
#define BRA_ARG(a) ((int)((a)&0xFFFFFF))
#define BRA_KEEP_NONE 0xFFFFFF /* KEEP nothing */
#define BRA_PATH(dest, steps) ((dest) | (steps) << 4)

/* The commands (BRA-6.0.1); a declaration's verb. */
enum bra_verb {
    V_NONE,
    V_DRAW,
    V_KEEP,
    V_DISCARD,
    V_DEPLOY,
    V_MOVE,
    V_AGITATE,
    V_DENOUNCE,
    V_ABILITY,
    V_USE,
    V_END,
    V_N
};

/* The argument a declaration asks for next. */
enum bra_field {
    F_NONE,
    F_AGENT,
    F_AREA,
    F_MODE,
    F_HOST,
    F_TARGET,
    F_OUTCOME,
    F_ITEM,
    F_FACTION,
    F_PATH,
    F_MORE
};

/* A command to check: a whole one (bra_expand) or the answers so far of one
 * being declared. Fields are BRA_NONE when not given, BRA_UNKNOWN when they
 * name nothing. A path is given as areas (whole commands) or as a
 * destination and step count (atomic answers: npath 0, dest set). */
typedef struct bra_cmd {
    uint8_t verb;
    uint8_t token, agent, area, mode, host, target, outcome, item, faction;
    uint8_t npath, path[BRA_MAX_PATH + 2];
    uint8_t dest, steps; /* atomic path answer; steps 0: any (COURIER) */
    uint8_t ntok, toks[BRA_MAX_LIST];
    char bad[24]; /* the last id that named nothing, for messages */
} bra_cmd;

#define BRA_PENDING 1 /* bra_check: valid so far, more answers needed */

/* events */
enum bra_event {
    EV_TURN = 1,
    EV_DRAW,
    EV_DRAWN,
    EV_KEEP,
    EV_KEPT,
    EV_DISCARD,
    EV_DISCARDED,
    EV_DEPLOY,
    EV_DROP,
    EV_DROP_AREA,
    EV_LEVEL,
    EV_BUY,
    EV_MARKET,
    EV_GOLD,
    EV_SUMMON,
    EV_MEETING,
    EV_CI,
    EV_CI_DETAIL,
    EV_SUPPORT,
    EV_RALLY,
    EV_RECORDS,
    EV_REVEAL,
    EV_MOVE,
    EV_MOVED,
    EV_DENOUNCE,
    EV_ABILITY,
    EV_COURIER,
    EV_REMOVED,
    EV_PAPERS,
    EV_ARREST_FAILED,
    EV_USE,
    EV_SCORE_AREA,
    EV_SCORE_DOSSIER,
    EV_GAME_OVER,
    EV_SUPPORT_BY /* private to the owner: a = the agent a support change was made by */
};

/* --- shared between the module's files ------------------------------------------------ */

static inline const bra_content *bra_content_of(const tt_game *g)
{
    return (const bra_content *)g->content;
}
static inline int bra_tok_type(const bra_state *s, int t)
{
    return s->f[t >> 6].tok[t & 63] & 15;
}
/* The global agent an ABIL token names. */
static inline int bra_tok_agent(const bra_content *c, const bra_state *s, int t)
{
    return c->f[t >> 6].agent[s->f[t >> 6].tok[t & 63] >> 4];
}
/* BRA-6.15: the areas one step from some area of the set `from`. */
static inline uint16_t bra_walk_step(const bra_content *c, uint16_t from)
{
    uint16_t next = 0;
    for (int x = 0; x < c->nareas; x++)
        if (from >> x & 1)
            next |= c->area[x].adj;
    return next;
}
static inline int bra_in_play(const bra_state *s, int a)
{
    return s->loc[a] < BRA_MAX_AREAS;
}
static inline int bra_active_faction(const bra_content *c, const bra_state *s)
{
    return c->seat_faction[s->active];
}
static inline int bra_stash_size(const bra_fstate *f)
{
    return __builtin_popcountll(f->stash);
}
static inline int bra_popcount(unsigned x)
{
    return __builtin_popcount(x);
}

/* content.c: the content file (BRA-2, 12). bra_content_load fills c from a
 * JSON text (NULL: the sample, parsed once per process), adding every problem
 * to d; it returns 0, or -1 when it added any (c is then not usable). The
 * finders return an index, or -1; they match ids case-insensitively. */
int bra_content_load(bra_content *c, const char *text, size_t len, const char *file, tt_diags *d);
int bra_validate_content(const char *text, size_t len, const char *file, tt_diags *d);
int bra_find_agent(const bra_content *c, const char *id);
int bra_find_area(const bra_content *c, const char *id);
int bra_find_item(const bra_content *c, const char *id);
int bra_find_faction(const bra_content *c, const char *id); /* "GERMANS" or "germans" */
int bra_type_code(const char *code);
const char *bra_type_code_name(int type);
const char *bra_effect_name(int effect);
const char *bra_itype_name(int type);

/* deck.c: deck declarations (BRA-3). bra_deck_check checks a declaration, a
 * list of them or (only reported) a content file, adding every violation to
 * d; it returns how many declarations it read (-1: malformed JSON), and out
 * receives the first one when valid. bra_deck_tokens writes a deck's tokens
 * in canonical order (BRA-3.12) and returns how many. bra_load_deck reads a
 * game parameter's deck (standardized, random, a sample name, a file); on
 * error out is undefined and err says why. bra_content_new returns the
 * content at path (NULL: the sample), malloc'd, or NULL with err set.
 * bra_deck_broken runs the checks of BRA-3.10 on a declaration in memory
 * (the counts shared with the file checks; a random deck held to the counts
 * the engine generates) and returns the number of the first check it breaks,
 * 0 when it is legal; no allocation. bra_deck_of reads the declaration a
 * game's faction plays from its tokens (for a random deck, the split dealt
 * at setup). */
int bra_deck_check(const bra_content *c, const char *text, size_t len, const char *file,
                   tt_diags *d, bra_deck *out, int *nvalid);
void bra_deck_standard(const bra_content *c, int faction, bra_deck *out);
void bra_deck_random_split(const bra_content *c, int faction, tt_rng *rng, bra_deck *out);
int bra_deck_tokens(const bra_content *c, const bra_deck *d, uint8_t *tok);
int bra_deck_broken(const bra_content *c, const bra_deck *d);
void bra_deck_of(const bra_content *c, const bra_state *s, int faction, bra_deck *out);
int bra_validate_file(const char *path, tt_diags *d);
int bra_deck_new(const char *options, char **out, tt_error *err);
int bra_deck_list(const char *path, const char *options, char **out, tt_error *err);
int bra_load_deck(const bra_content *c, int faction, const char *value, bra_deck *out,
                  tt_error *err);
bra_content *bra_content_new(const char *path, tt_error *err);

/* setup.c: setup (BRA-4.1), the start and end of turns (BRA-5), scoring and
 * the end of the game (BRA-9), the sanity checker (TT_OK, or TT_ESTATE with
 * the broken invariant) and rigging (on error the state is unchanged). */
void bra_setup(const tt_game *g, bra_state *s, uint64_t seed);
void bra_start_turn(const bra_content *c, bra_state *s, tt_events *ev);
void bra_end_turn(const bra_content *c, bra_state *s, tt_events *ev);
void bra_score(const bra_content *c, bra_state *s, tt_events *ev);
int bra_sanity(const tt_game *g, const void *st, tt_error *err);
int bra_rig(const tt_game *g, void *st, const char *what, const char *values, tt_error *err);
/* Shuffles a deck (a core/pile, top = n-1) as BRA-8.2 does, reading it from
 * the top, so a seed deals what the rules' procedure deals. */
void bra_shuffle(tt_rng *r, uint16_t *pile, int n);

/* intel.c: reveals (BRA-6.23) and what each faction (slot 0..2) and the public
 * (BRA_PUBLIC) may know of positions (BRA-7). bra_spread: the areas a walk of
 * 1..steps steps from m may end in. bra_known: the areas where slot v may
 * place agent a (its true one for its owner, a mob or an exposed agent). The
 * bra_know_* calls keep those sets sound after a change the public sees; the
 * reveals tell slot v and emit its private events. */
uint16_t bra_spread(const bra_content *c, uint16_t m, int steps);
uint16_t bra_known(const bra_content *c, const bra_state *s, int v, int a);
int bra_hidden_from(const bra_content *c, const bra_state *s, int v, int a);
int bra_reported(const bra_state *s, int a, int honour_decoys);
void bra_reveal_scope(const bra_content *c, bra_state *s, int v, uint16_t scope, int source,
                      tt_events *ev);
void bra_reveal_agent(const bra_content *c, bra_state *s, int v, int a, int source, tt_events *ev);
void bra_reveal_true(const bra_content *c, bra_state *s, int v, int a, int source, tt_events *ev);
void bra_know_dropped(const bra_content *c, bra_state *s, int a);
void bra_know_moved(const bra_content *c, bra_state *s, int a, int dest, int reach, int seen);
void bra_know_at(const bra_content *c, bra_state *s, int a);
void bra_know_removed(bra_state *s, int a);
void bra_know_not_at(const bra_content *c, bra_state *s, int a, int area);
void bra_know_summoned(const bra_content *c, bra_state *s, int host, int target);
void bra_know_window_closes(const bra_content *c, bra_state *s, int faction);
void bra_determinize(const tt_game *g, void *st, int viewer, uint64_t seed);
/* The declaration determinization starts from when it imagines faction f's
 * deck for any other viewer: legal (bra_deck_broken is 0), agreeing with f's
 * played pile, and made from f's deck mode, roster and played pile only, so
 * the same for every state in which those are the same. */
void bra_deck_imagined_start(const bra_content *c, const bra_state *s, int f, bra_deck *out);

/* check.c: the checks of every command in the rules' order (BRA-6.0.2).
 * bra_check returns TT_OK (legal and complete), BRA_PENDING (legal so far) or
 * the refusal (err set when given). bra_completable says whether some
 * answers complete a pending command legally (if not, err says why).
 * bra_next_field is the question a declaration asks next (F_NONE: complete);
 * bra_candidates lists its possible answers, in a fixed order, all of them,
 * or (all 0) all but those the answer's own rule refuses whatever else the
 * command says: a target not in play (BRA-6.0.4), a MOVE destination no walk
 * of that many steps reaches or, for two steps, without a fresh Motorcar
 * (BRA-6.15). bra_cost is a command's AP (-1
 * while its beneficiary is unknown). */
int bra_check(const bra_content *c, const bra_state *s, const bra_cmd *m, tt_error *err);
int bra_completable(const bra_content *c, const bra_state *s, const bra_cmd *m, tt_error *err);
int bra_next_field(const bra_content *c, const bra_state *s, const bra_cmd *m);
int bra_candidates(const bra_content *c, const bra_state *s, const bra_cmd *m, int field, int all,
                   uint8_t *out);
void bra_cmd_init(bra_cmd *m, int verb);
/* m with the answer v to the question `field` (enum bra_field). */
void bra_answer(bra_cmd *m, int field, int v);
int bra_cost(const bra_content *c, const bra_state *s, const bra_cmd *m);
int bra_path_canon(const bra_content *c, const bra_state *s, const bra_cmd *m, uint8_t *path);
int bra_fresh_press(const bra_content *c, const bra_state *s, int faction);
int bra_owns(const bra_content *c, const bra_state *s, int faction, int itype);

/* effects.c: what a command bra_check accepted does (BRA-6.1 – 6.22), with its
 * events; bra_raise raises (or, with set, sets) a support and holds a Rally. */
void bra_do(const bra_content *c, bra_state *s, const bra_cmd *m, tt_events *ev);
void bra_raise(const bra_content *c, bra_state *s, int faction, int area, int d, int set, int cause,
               int agent, int shown, tt_events *ev);

/* actions.c: the interface's calls; bra_decl_cmd reads the declaration in
 * progress as a command. */
int bra_to_move(const tt_game *g, const void *st);
int bra_legal(const tt_game *g, const void *st, tt_action *out);
int bra_apply(const tt_game *g, void *st, tt_action a, tt_events *ev, tt_error *err);
/* Conceding (BRA-6.0.2), the one action outside the turn order. */
int bra_offturn_apply(const tt_game *g, void *st, int player, tt_action a, tt_events *ev,
                      tt_error *err);

/* Bit per seat ranked first at the end (several for a shared first place). */
static inline unsigned bra_winners(const bra_state *s)
{
    return tt_head_firsts(&s->head, BRA_NF);
}
void bra_decl_cmd(const bra_state *s, bra_cmd *m);

/* text.c: action texts, and whole commands in the rules' syntax (tt_rules.
 * expand). bra_token_parse returns a token number, or -1. */
int bra_format(const tt_game *g, const void *st, tt_action a, char *buf, size_t n);
int bra_parse(const tt_game *g, const void *st, const char *text, tt_action *out, tt_error *err);
int bra_expand_text(const tt_game *g, const void *st, const char *text, char *atoms, size_t n,
                    tt_error *err);
int bra_token_name(const bra_content *c, int t, char *buf, size_t n);
int bra_token_parse(const bra_content *c, const char *text);
const char *bra_faction_player(int faction);
const char *bra_mode_name(int mode);
const char *bra_outcome_name(int outcome);
const char *bra_source_name(int source);

/* narrate.c */
int bra_event_text(const tt_game *g, const tt_event *ev, int viewer, char *buf, size_t n);

/* view.c and picture.c: malloc'd texts the caller frees (NULL when out of
 * memory): the JSON view, the whole picture (`board`) and its parts. */
char *bra_view_json(const tt_game *g, const void *st, int viewer);
char *bra_view_text(const tt_game *g, const void *st, int viewer);
char *bra_view_part(const tt_game *g, const void *st, int viewer, int part);

/* view.c: the question the player to move is asked, as the viewer may know
 * it (enum bra_field), or -1 when none is (a free decision, or another
 * faction's declaration); the decision's kind as the views name it ("main",
 * "keep", "area", ...); a verb's name as the rules spell it ("DEPLOY"). */
int bra_question(const bra_content *c, const bra_state *s, int viewer);
const char *bra_decision_kind(const bra_content *c, const bra_state *s, int viewer);
const char *bra_verb_name(int verb);

/* May the viewer see faction f's own secrets (its stash, draws, true areas)? */
static inline int bra_sees(const bra_content *c, int viewer, int f)
{
    return viewer == TT_VIEW_ALL ||
           (viewer >= 0 && viewer < c->nseats && c->seat_faction[viewer] == f);
}

/* The viewer's knowledge slot: its faction, or BRA_PUBLIC for spectators. */
static inline int bra_viewer_slot(const bra_content *c, int viewer)
{
    return viewer >= 0 && viewer < c->nseats ? c->seat_faction[viewer] : BRA_PUBLIC;
}

/* --- content texts (describe.c) ------------------------------------------------- */

/* tt_rules.describe_id and describe: token types, agents, item cards. */
const char *bra_describe_id(const tt_game *g, int i);
int bra_describe(const tt_game *g, int i, int what, char *buf, size_t n);
/* Token type `type` and item card `item` in a few words ("+2 gold";
 * "permanent: +2 VP at the end"): TT_OK, or TT_EARG when cut to fit n bytes. */
int bra_type_summary(const bra_content *c, int type, char *buf, size_t n);
int bra_item_summary(const bra_content *c, int item, char *buf, size_t n);

#endif
