/* Invaders — the rules module's shared header.
 *
 * Implements docs/rules/invaders.md (rule prefix INV-). Nothing outside
 * src/games/invaders/ (and its tests) includes this file.
 *
 * Deviations and decisions beyond the rules file (docs/games/invaders.md lists
 * them for players):
 *  - CONCEDE (INV-5.28) is an action outside the turn order (tt_offturn_apply),
 *    not a listed action, so that searches and random playouts never see it.
 *  - Hand cards are named by card id ("play skitter_drone"): copies in a hand
 *    are interchangeable, and the first copy in hand order is the one used.
 *    Cards in play are named by instance ("man:militia_cadre#2", INV-2.13).
 *  - Content limits of the engine: 3 zones (INV-2.2), up to 6 slots, 100 cards
 *    per deck, 16 heroes, 64 card definitions, 16 strategies, 3 abilities of up
 *    to 4 effects each, at most one ACTIVATED ability per card (INV-5.12 speaks
 *    of "the" ACTIVATED ability), CANCEL abilities only alone on a one-shot.
 *  - The plot-action reduction (INV-5.15) is its own decision right after a
 *    card is declared, offered only while the plot action is unused and the
 *    card has a cost to reduce.
 *
 * Parameters: content=FILE (default: the embedded sample, INV-11),
 * auto_decline=0|1 (INV-5.18 simulation option; default 0).
 *
 * Action encoding: (op << 16) | arg, one atomic choice each; see enum inv_op.
 * Chance events: only the three setup shuffles (INV-7.1); `rig` stacks decks.
 */
#ifndef INV_INVADERS_H
#define INV_INVADERS_H

#include <stdint.h>

#include "core/diag.h"
#include "core/pile.h"
#include "core/rng.h"
#include "core/round.h"
#include "core/rules.h"
#include "core/stack.h"

/* --- limits --------------------------------------------------------------- */

#define INV_NZ 3         /* zones, INV-2.2 */
#define INV_MAX_SLOTS 6  /* per column; the sample has 4 (INV-2.4) */
#define INV_MAX_DECK 100 /* cards in one side's deck */
#define INV_MAX_HEROES 16
#define INV_MAX_INST (2 * INV_MAX_DECK + INV_MAX_HEROES)
#define INV_MAX_DEFS 64
#define INV_MAX_STRATS 16
#define INV_MAX_ABIL 3
#define INV_MAX_EFF 4
#define INV_MAX_CHOICES 12 /* declared choices of one activation (INV-5.26a) */
#define INV_MAX_CHAIN 16   /* cancel cards in one chain */
#define INV_MAX_TRIG 12
#define INV_MAX_ACTIONS 256
#define INV_TURN_CAP 1000  /* INV-8.5 */
#define INV_STACK_DEPTH 24 /* pending decisions: a chain of cancels is the deepest */

#define INV_NONE 0xFF  /* no card / zone / choice */
#define INV_UNSET 0xFE /* a choice not yet made */

enum { INV_INVADER = 0, INV_MANKIND = 1 }; /* sides are player indices */
enum { DECK_INV = 0, DECK_MAN = 1, DECK_HERO = 2 };

/* --- content (INV-2.8 … INV-2.24) ------------------------------------------- */

enum inv_type { T_INVADER, T_DESOLATOR, T_DEFENDER, T_LOCATION, T_HERO, T_ONE_SHOT, T_COUNT };
enum inv_trigger { TR_ON_PLAY, TR_PASSIVE, TR_ACTIVATED, TR_START_OF_TURN, TR_CANCEL };
enum inv_opcode {
    OP_DRAIN,
    OP_DRAW,
    OP_DISCARD_FROM_HAND,
    OP_DESTROY,
    OP_ZONE_DAMAGE,
    OP_ZONE_REPAIR,
    OP_PLOT_MOVE,
    OP_MOVE_CARD,
    OP_POWER_AURA,
    OP_COUNTER_ATTACK,
    OP_CANCEL,
    OP_ADD_COUNTERS,
    OP_DRAIN_SHIELD,
    OP_WIN_AT_COUNTERS,
    OP_SHIELD_ZONE,
    OP_SET_DRAW_COUNT,
    OP_COUNT
};
enum { WHO_SELF, WHO_OPPONENT, WHO_BOTH };
enum { ZS_THIS, ZS_CHOSEN, ZS_ALL, ZS_ANY };
enum { DEST_ADJACENT, DEST_ANY };
enum { TIMING_OWN_MAIN, TIMING_OPPONENT_ATTACK_START };
#define INV_NO_MAX 127 /* TargetSpec without max_power */

typedef struct inv_target { /* INV-2.20 */
    uint8_t own;            /* 1: the controller's units, 0: the opponent's */
    uint8_t zone;           /* ZS_THIS or ZS_ANY */
    uint8_t types;          /* bit per enum inv_type */
    int8_t max_power;       /* INV_NO_MAX when absent */
    uint8_t include_hero, self;
} inv_target;

typedef struct inv_effect { /* INV-2.19 */
    uint8_t op, who, zone, dest, split;
    int8_t n;       /* n, delta or threshold */
    uint8_t choice; /* first declared-choice slot, or INV_NONE */
    inv_target target;
} inv_effect;

typedef struct inv_cost {
    uint8_t discard, drain, remove_counters, rotate;
} inv_cost;

typedef struct inv_ability { /* INV-2.17 */
    uint8_t trigger, neff;
    inv_cost cost;
    inv_effect eff[INV_MAX_EFF];
} inv_ability;

typedef struct inv_card {
    char id[41], name[48];
    char keywords[3][24];
    uint8_t nkeywords;
    uint8_t side, type, is_unit, count, zones; /* zones: bit per allowed zone */
    int8_t power;
    inv_cost cost;
    uint8_t enter_counters, mobile;
    uint8_t nab;
    inv_ability ab[INV_MAX_ABIL];
    /* derived at load, for the hot path */
    int8_t aura;           /* POWER_AURA delta (0: none) */
    uint8_t shield;        /* has DRAIN_SHIELD */
    uint8_t win_at;        /* WIN_AT_COUNTERS threshold (0: none) */
    int8_t activated;      /* index of the ACTIVATED ability, -1 */
    uint8_t start_of_turn; /* has START_OF_TURN abilities */
    uint8_t cancel;        /* is a cancel card */
} inv_card;

typedef struct inv_strategy { /* INV-2.23 */
    char id[41], name[48];
    uint8_t side, timing;
    inv_ability ab; /* trigger unused; cost zero */
} inv_strategy;

typedef struct inv_content {
    char zone_id[INV_NZ][8], zone_name[INV_NZ][32];
    uint8_t base_power[INV_NZ];
    uint8_t adjacent[INV_NZ]; /* bit per adjacent zone, INV-2.3 */
    uint8_t slots, plot_start, plot_max, token_supply, starting_hand, draw_per_turn;
    uint8_t first_player;
    uint8_t ncollapse, collapse[8]; /* any_of zone sets, INV-8.2 ZONES_COLLAPSED */
    uint8_t heroes_exhausted_loses;
    inv_cost ops_cost;
    uint8_t ops_per_turn, ops_any; /* INV-2.24 */
    uint8_t auto_decline;          /* parameter, INV-5.18 */

    int ncards;
    inv_card card[INV_MAX_DEFS];
    int nstrats;
    inv_strategy strat[INV_MAX_STRATS];
    uint8_t nstrat_side[2];

    int ninst; /* instances, decks in order inv, man, hero */
    uint8_t inst_def[INV_MAX_INST];
    /* instances of WIN_AT_COUNTERS cards, ascending (INV-9.20) */
    int nwinners;
    uint16_t winner[INV_MAX_INST];
    uint8_t inst_copy[INV_MAX_INST];
    uint8_t inst_deck[INV_MAX_INST];
    uint8_t deck_first[3], deck_size[3];
} inv_content;

/* --- the flat state (INV-2.25) --------------------------------------------- */

enum inv_loc { L_DECK, L_HAND, L_DISCARD, L_SLOT, L_HERO_DECK, L_LIMBO };
#define INV_NPILES 3 /* the piles of a side's shared array: L_DECK, L_HAND, L_DISCARD */
enum inv_step { S_SETUP, S_START, S_DRAW, S_MAIN, S_ATTACK, S_END, S_GAME_OVER };

/* instance flags */
#define IF_ROTATED 1
#define IF_USED 2

/* What is being declared or resolved: a play, a use, a strategy, a trigger,
 * the Ops Centre or a hero move (INV-5.3, 5.12, 5.14, 4.3, 5.16, 5.17). */
enum inv_act { ACT_NONE, ACT_PLAY, ACT_USE, ACT_STRATEGY, ACT_TRIGGER, ACT_OPS, ACT_MOVE_HERO };

typedef struct inv_decl {
    uint8_t kind, player;
    uint8_t source;          /* instance (card, unit) or strategy index */
    uint8_t zone, sacrifice; /* placement or move destination, and its sacrifice */
    uint8_t reduce;          /* 0, or 1 + (0 discard, 1 drain) */
    uint8_t discard_left, drain;
    uint8_t cancelled; /* the chain cancelled the played card */
    uint8_t choice[INV_MAX_CHOICES];
} inv_decl;

typedef struct inv_link { /* one cancel card in the chain */
    uint8_t card, player, reduce, discard_left;
} inv_link;

enum inv_reason { /* indexes tt_head.reason, named by inv_reasons[] */
                  R_NONE,
                  R_PLOT_ZERO,
                  R_INVADER_DECK_OUT,
                  R_MANKIND_DECK_OUT,
                  R_HEROES_EXHAUSTED,
                  R_ZONES_COLLAPSED,
                  R_CARD_WIN,
                  R_SIMULTANEOUS,
                  R_CONCEDED,
                  R_ABORTED
};

typedef struct inv_state {
    tt_head head; /* generator, turn, result (core/head.h) */
    uint8_t active, step;
    uint8_t plot;
    uint8_t tokens[INV_NZ];
    uint8_t supply;

    /* piles of instances (core/pile.h): index 0 the bottom, n-1 the top.
     * A side's deck, hand and discard pile (a card is in one of them at most)
     * share one array, in that order (tt_piles_…), npile[side][L_DECK,
     * L_HAND, L_DISCARD] cards each: the Invader's from cards[0], at most his
     * INV_MAX_DECK cards; Mankind's from cards[INV_MAX_DECK], his cards and the
     * heroes that left play. Read them with inv_pile, move with inv_pile_move. */
    uint16_t cards[INV_MAX_INST], npile[2][INV_NPILES];
    uint16_t col[2][INV_NZ][INV_MAX_SLOTS], ncol[2][INV_NZ];
    uint16_t hero_deck[INV_MAX_HEROES], nhero_deck;
    uint8_t hero; /* the current hero, INV_NONE while one is placed */

    uint8_t loc[INV_MAX_INST]; /* enum inv_loc | zone << 4 */
    uint8_t counters[INV_MAX_INST];
    uint8_t iflags[INV_MAX_INST];

    uint8_t strat_enabled[INV_MAX_STRATS];
    uint8_t draw_count[2];
    uint8_t plot_used, ops_uses, mankind_drained, hero_moved;
    uint8_t shielded;                   /* bit per zone, INV-2.19 SHIELD_ZONE */
    uint8_t fail;                       /* bit per side: failed a required draw or drain */
    uint8_t heroes_out;                 /* the last hero left play */
    uint16_t trig[INV_MAX_TRIG], ntrig; /* START_OF_TURN units still to resolve (a pile) */

    inv_decl decl;
    /* the cancel window (INV-5.10): a priority round of the two sides, the
     * played card its first play and each cancel card the next; open while
     * the chain is built, closed (core/round.h) otherwise */
    tt_round window;
    inv_link chain[INV_MAX_CHAIN];
    uint8_t nchain;
    TT_STACK(INV_STACK_DEPTH) stack;

    uint8_t end_step; /* the step the game ended in */
} inv_state;

/* --- frames of the pending-decision stack ---------------------------------- */

enum inv_frame {
    F_NONE,
    /* decisions (frame.player decides) */
    F_PLACE_HERO,    /* INV-3.7, INV-5.22 */
    F_DECLARE,       /* a = 0: the decl, 1: the top chain link (reduce only) */
    F_PAY_DISCARD,   /* a = 0: decl, 1: top chain link */
    F_WINDOW,        /* cancel window, INV-5.10 */
    F_ATTACK_WINDOW, /* INV-4.7.1 */
    F_SHIELD,        /* INV-5.19 step 1: a = side, b = n, c = inflicted-by-draw */
    F_SHIELD_TAKE,   /* which card gives the next counter: a = k left */
    F_DISCARD_HAND,  /* DISCARD_FROM_HAND: a = n left */
    F_SPLIT_REPAIR,  /* a = tokens left */
    F_TRIGGER_ORDER, /* INV-4.3.3 */
    F_LAST_DECISION,
    /* work */
    F_ACTIVATION, /* the decl: a = phase (declare, pay, commit, resolve, finish) */
    F_LINK,       /* the top cancel card: a = phase (declare, pay) */
    F_RESOLVE,    /* the decl's effects: a = ability, b = effect, c = started */
    F_DRAIN,      /* a = side, b = n, c = inflicted, d = phase */
    F_DRAW,       /* a = side, b = n, c = forced, d = phase */
    F_ATTACK      /* a = zone, b = started */
};
enum { P_DECLARE, P_PAY, P_COMMIT, P_RESOLVE, P_FINISH };

/* What a declaration still needs (choices.c). */
enum inv_need { N_NONE, N_REDUCE, N_ZONE, N_SACRIFICE, N_TARGET, N_EZONE, N_DEST, N_ESAC };

/* --- actions ----------------------------------------------------------------- */

enum inv_op {
    A_PASS = 1,
    A_PLAY,
    A_USE,
    A_STRATEGY,
    A_PLOT_DRAW,
    A_OPS,
    A_MOVE_HERO,
    A_REDUCE,
    A_ZONE,
    A_SACRIFICE,
    A_TARGET,
    A_DISCARD,
    A_CANCEL,
    A_DECLINE,
    A_SHIELD,
    A_FROM,
    A_TRIGGER,
    A_OP_COUNT
};
#define INV_ACTION(op, arg) ((tt_action)(((uint32_t)(op) << 16) | (uint32_t)(arg)))
#define INV_OP(a) ((int)((a) >> 16))
#define INV_ARG(a) ((int)((a)&0xFFFF))

/* events */
enum inv_event {
    E_TURN = 1,
    E_DRAW,
    E_PLAY,
    E_PAY_DISCARD,
    E_PAY_DRAIN,
    E_CANCEL,
    E_CANCELLED,
    E_ENTER,
    E_SACRIFICE,
    E_DESTROY,
    E_MOVE,
    E_USE,
    E_STRATEGY,
    E_PLOT,
    E_DRAIN,
    E_SHIELD,
    E_DAMAGE,
    E_REPAIR,
    E_ATTACK,
    E_DISCARD,
    E_COUNTERS,
    E_HERO,
    E_DRAW_COUNT,
    E_SHIELD_ZONE,
    E_CHECK,
    E_UPRIGHT,
    E_GAME_OVER,
    E_DECLINE,
    E_REDUCE,
    E_RIG,
    E_CHOICE /* a declared choice (INV-5.26a): a = enum inv_need, b = card or zone (INV_NONE:
                none possible), c = the card's zone */
};

/* --- shared between the module's files -------------------------------------- */

static inline const inv_content *inv_content_of(const tt_game *g)
{
    return (const inv_content *)g->content;
}
static inline const inv_card *inv_def(const inv_content *c, int inst)
{
    return &c->card[c->inst_def[inst]];
}
/* The sole winner of a finished game, or INV_NONE (playing, aborted). */
static inline int inv_winner(const inv_state *s)
{
    int w = tt_head_winner(&s->head, 2);
    return w < 0 ? INV_NONE : w;
}
static inline int inv_loc(const inv_state *s, int inst)
{
    return s->loc[inst] & 15;
}
static inline int inv_zone_of(const inv_state *s, int inst)
{
    return s->loc[inst] >> 4;
}
static inline int inv_owner(const inv_content *c, int inst)
{
    return c->inst_deck[inst] == DECK_INV ? INV_INVADER : INV_MANKIND;
}

/* The array side's deck, hand and discard pile share, and its room. */
static inline uint16_t *inv_cards(inv_state *s, int side)
{
    return s->cards + side * INV_MAX_DECK;
}
static inline int inv_cards_cap(int side)
{
    return side == INV_MANKIND ? INV_MAX_DECK + INV_MAX_HEROES : INV_MAX_DECK;
}

/* Side's pile p (L_DECK, L_HAND or L_DISCARD): npile[side][p] cards from the
 * bottom. Valid until the next move. */
static inline const uint16_t *inv_pile(const inv_state *s, int side, int p)
{
    return s->cards + side * INV_MAX_DECK + tt_piles_start(s->npile[side], p);
}

/* Moves the card at index i of side's pile `from` to the top of its pile `to`
 * and returns it; its location follows. */
static inline int inv_pile_move(inv_state *s, int side, int from, int i, int to)
{
    int card = tt_piles_move(inv_cards(s, side), s->npile[side], from, i, to, s->npile[side][to]);
    s->loc[card] = (uint8_t)to;
    return card;
}

/* content.c */
/* Fills c from a JSON text (NULL: the sample, parsed once per process),
 * adding every problem to d; 0, or -1 when it added any. */
int inv_content_load(inv_content *c, const char *text, size_t len, const char *file, tt_diags *d);
int inv_validate_file(const char *path, tt_diags *d);
extern const char *const inv_op_names[]; /* by enum inv_opcode, as the content writes them */

/* state.c: board arithmetic and moving cards */
int inv_power(const inv_content *c, const inv_state *s, int inst); /* INV-5.25 */
/* INV-2.5: a zone's power, its base less its damage tokens; inline, as the
 * checkpoints after every action ask it of each zone. */
static inline int inv_zone_power(const inv_content *c, const inv_state *s, int z)
{
    int p = c->base_power[z] - s->tokens[z];
    return p > 0 ? p : 0;
}
int inv_side_total(const inv_content *c, const inv_state *s, int side, int z);
void inv_to_discard(const inv_content *c, inv_state *s, int inst);
void inv_leave_play(inv_state *s, int inst);
void inv_enter_slot(inv_state *s, int side, int z, int inst);
int inv_hand_find(const inv_content *c, const inv_state *s, int side, int def);
int inv_hero_sacrificable(const inv_content *c, const inv_state *s, int zone_of_new);
int inv_can_place(const inv_content *c, const inv_state *s, int side, int z, int mover);
int inv_shield_counters(const inv_content *c, const inv_state *s, int side);
void inv_reset(const inv_content *c, inv_state *s);
void inv_setup(const tt_game *g, inv_state *s, uint64_t seed);
int inv_sanity(const tt_game *g, const void *st, tt_error *err);
int inv_rig(const tt_game *g, void *st, const char *what, const char *values, tt_error *err);
void inv_determinize(const tt_game *g, void *st, int viewer, uint64_t seed);

/* flow.c: the turn, effects and victory */
void inv_run(const inv_content *c, inv_state *s, tt_events *ev);
int inv_check(const inv_content *c, inv_state *s, tt_events *ev);
void inv_end_game(inv_state *s, int winner, int reason, tt_events *ev);
void inv_begin(inv_state *s, int kind, int player, int source);
void inv_move_plot(const inv_content *c, inv_state *s, int delta, tt_events *ev);
void inv_destroy(const inv_content *c, inv_state *s, int inst, tt_events *ev);
void inv_sacrifice(const inv_content *c, inv_state *s, int inst, tt_events *ev);
void inv_close_chain(const inv_content *c, inv_state *s, tt_events *ev);
int inv_window_needed(const inv_content *c, const inv_state *s, int player);
void inv_draw(inv_state *s, int side, tt_events *ev);
void inv_pass(const inv_content *c, inv_state *s, tt_events *ev);
const inv_ability *inv_decl_ability(const inv_content *c, const inv_state *s, int i);
int inv_decl_nabilities(const inv_content *c, const inv_state *s);

/* choices.c: what a declaration still needs, and which answers are legal */
int inv_next_choice(const inv_content *c, inv_state *s, int fill, const inv_effect **eff,
                    int *slot);
int inv_source_zone(const inv_content *c, const inv_state *s);
int inv_payable(const inv_content *c, const inv_state *s, int side, int hand, int discard,
                int drain, int reduce_mask);
int inv_can_reduce(const inv_state *s, int side);
int inv_target_ok(const inv_content *c, const inv_state *s, const inv_effect *e, int unit);
int inv_effect_zone_ok(const inv_content *c, const inv_state *s, const inv_effect *e, int z);
int inv_dest_ok(const inv_content *c, const inv_state *s, int unit, int dest_any, int z);

/* One choice of the current declaration, as both players see it (INV-5.26a). */
typedef struct inv_choice {
    uint8_t op;    /* the effect's enum inv_opcode, OP_COUNT for a placement */
    uint8_t need;  /* N_ZONE, N_DEST (a move's zone), N_SACRIFICE, N_TARGET, N_EZONE, N_ESAC */
    uint8_t value; /* instance or zone; INV_NONE when none was possible */
} inv_choice;
#define INV_MAX_DECL_CHOICES (2 + INV_MAX_CHOICES)
/* The need a zone answer is reported as: the destination of a move (Ops
 * Centre, hero move), the zone of anything else. */
static inline int inv_shown_need(const inv_state *s, int need)
{
    return need == N_ZONE && s->decl.kind != ACT_PLAY ? N_DEST : need;
}
/* The choices declared so far, into out[INV_MAX_DECL_CHOICES]: the placement's
 * zone and sacrifice, then every effect's slots in effect-list order; choices
 * not yet made and sacrifices not needed are left out. Returns how many. */
int inv_decl_choices(const inv_content *c, const inv_state *s, inv_choice *out);

/* actions.c */
int inv_to_move(const tt_game *g, const void *st);
int inv_legal(const tt_game *g, const void *st, tt_action *out);
int inv_apply(const tt_game *g, void *st, tt_action a, tt_events *ev, tt_error *err);
/* Conceding, the one action outside the turn order (INV-5.28). */
int inv_offturn_apply(const tt_game *g, void *st, int player, tt_action a, tt_events *ev,
                      tt_error *err);

/* text.c */
int inv_format(const tt_game *g, const void *st, tt_action a, char *buf, size_t n);
int inv_parse(const tt_game *g, const void *st, const char *text, tt_action *out, tt_error *err);
int inv_event_text(const tt_game *g, const tt_event *ev, int viewer, char *buf, size_t n);
int inv_inst_name(const inv_content *c, int inst, char *buf, size_t n);
const char *inv_reason_name(int reason);
extern const char *const inv_reasons[];      /* by enum inv_reason; [R_NONE] is "" */
extern const char *const inv_reason_texts[]; /* the same in words, for the end */
/* "the Invader", "Mankind" (tt_player_title). */
int inv_player_title(const tt_game *g, int player, char *buf, size_t n);
const char *inv_side_name(int side);
/* A declared choice in words (INV-5.26a), as narration and the text view give
 * it: "target Carapace Strider (inv:carapace_strider#4) in Eurasia", "zone
 * Africa". `zone` is the zone of a card value (INV_NONE: not in play). */
int inv_choice_text(const inv_content *c, int need, int value, int zone, char *buf, size_t n);

/* view.c */
char *inv_view_json(const tt_game *g, const void *st, int viewer);
char *inv_view_text(const tt_game *g, const void *st, int viewer);
char *inv_view_part(const tt_game *g, const void *st, int viewer, int part);

/* --- card texts (describe.c) -------------------------------------------------- */

/* tt_rules.describe_id and describe: cards, heroes, strategies, the Ops Centre. */
const char *inv_describe_id(const tt_game *g, int i);
int inv_describe(const tt_game *g, int i, int what, char *buf, size_t n);
/* The abilities of card definition `def` in a few words ("play: opponent
 * drains 2"), "" for none: TT_OK, or TT_EARG when cut to fit n bytes. */
int inv_card_effects_short(const inv_content *c, int def, char *buf, size_t n);
/* Strategy i in a few words ("own main step: opponent drains 3"), likewise. */
int inv_strategy_summary(const inv_content *c, int i, char *buf, size_t n);

#endif
