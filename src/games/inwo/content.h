/* Illuminati: New World Order — the content as the rules read it: card
 * definitions with their effect primitives as data (INWO-2.10), filters,
 * options and the deck declarations, all in flat, id-indexed tables.
 *
 * Every name is resolved once, at load (content.c, deck.c): card ids to def
 * indices, alignments to bits (INWO-2.2.1, in the table's order), attributes
 * to bits (Secret and Magic first, since rules name them: INWO-2.3.1), every
 * enumeration to its number and every filter to an index into one table. The
 * rules then compare numbers only. Content is immutable once loaded and
 * shared by every state of a game. */
#ifndef TT_GAMES_INWO_CONTENT_H
#define TT_GAMES_INWO_CONTENT_H

#include <stddef.h>
#include <stdint.h>

#include "core/diag.h"
#include "tabletop/error.h"

/* --- engine limits of the content (INWO-2.15.1) ------------------------------- */

#define INWO_MAX_PLAYERS 6
#define INWO_DECK_CARDS 45    /* INWO-3.1: every deck, its Illuminati included */
#define INWO_MAX_DEFS 255     /* card definitions in a set: a def fits a byte */
#define INWO_MAX_ABILITIES 4  /* abilities (or a Plot's effects) on one card */
#define INWO_MAX_COSTS 4      /* entries of one cost list */
#define INWO_MAX_FILTERS 1024 /* filters of a whole set */
#define INWO_MAX_ATTRS 32     /* distinct attributes of a set: a 32-bit mask */
#define INWO_ROLL_MOD_MIN (-10)
#define INWO_ROLL_MOD_MAX 10
#define INWO_STAT_MAX 20 /* printed Power, Resistance, Global (INWO-2.4.1, 2.5.1) */

/* --- enumerations (the names are in content.c, in this order) ---------------- */

enum inwo_kind { INWO_ILLUMINATI, INWO_GROUP, INWO_RESOURCE, INWO_PLOT, INWO_NKINDS };
/* INWO-2.2.1; opposite(a) = a ^ 1 for the first eight, CRIM and FAN have none */
enum inwo_align {
    AL_GOV,
    AL_CORP,
    AL_LIB,
    AL_CONS,
    AL_PEACE,
    AL_VIOL,
    AL_STR,
    AL_WEIRD,
    AL_CRIM,
    AL_FAN,
    INWO_NALIGN
};
#define INWO_ALIGN_CHOOSE 0xF /* ALIGN's "choose" */
enum inwo_gtype { GT_ORGANIZATION, GT_PLACE, GT_PERSONALITY, INWO_NGTYPES };
enum inwo_side { SIDE_N, SIDE_E, SIDE_S, SIDE_W }; /* INWO-2.11.2: clockwise */
enum inwo_rtype { RT_ARTIFACT, RT_GADGET, RT_MAGIC, RT_UNIQUE, INWO_NRTYPES };
enum inwo_subtype {
    ST_PLUS10,
    ST_LINKED,
    ST_ALIGNMENT,
    ST_CANCEL,
    ST_PRIVILEGE,
    ST_FREEZE,
    ST_PARALYZE,
    ST_ZAP,
    ST_NWO,
    ST_GOAL,
    ST_ASSASSINATION,
    ST_DISASTER,
    ST_MISC,
    INWO_NSUBTYPES
};
enum inwo_color { COL_NONE, COL_RED, COL_BLUE, COL_YELLOW };
/* attribute bits fixed by the rules; the others are interned after them */
enum { ATTR_SECRET, ATTR_MAGIC };

/* INWO-2.10.5–2.10.7: every op of the closed set */
enum inwo_opcode {
    /* passive (2.10.5) */
    OP_STAT,
    OP_ATTACK_BONUS,
    OP_DEFENSE_BONUS,
    OP_IMMUNE,
    OP_UNDESTROYABLE,
    OP_EXTRA_TOKENS,
    OP_EXTRA_DRAW,
    OP_HAND_LIMIT,
    OP_MULTI_COPY,
    OP_SET_ALIGN,
    /* goals (2.10.6) */
    OP_GOAL_DOUBLE,
    OP_GOAL_CONTROL,
    OP_GOAL_DESTROYED,
    OP_GOAL_POWER,
    /* activated and one-shot (2.10.7) */
    OP_BOOST,
    OP_CANCEL,
    OP_PARALYZE,
    OP_FREEZE,
    OP_PRIVILEGE,
    OP_UNPRIVILEGE,
    OP_INSTANT,
    OP_ALIGN,
    OP_MODIFY,
    OP_DRAW,
    OP_GIVE_TOKEN,
    OP_EXPOSE,
    OP_STEAL_EXPOSED,
    OP_ROLL_MOD,
    OP_AUTO_FAIL,
    OP_RESTORE,
    OP_REPEAL,
    OP_DESTROY_RESOURCE,
    OP_FREE_TAKEOVER,
    OP_REORGANIZE,
    INWO_NOPS
};
#define INWO_OP_PASSIVE_END OP_GOAL_DOUBLE
#define INWO_OP_GOAL_END OP_BOOST

/* INWO-2.10.4 */
enum inwo_timing {
    TM_PASSIVE,
    TM_MAIN,
    TM_ANY,
    TM_ATTACK,
    TM_DECLARE,
    TM_AFTER_ROLL,
    TM_END_OF_TURN
};
enum inwo_limit { LIM_NONE, LIM_ONCE_PER_TURN, LIM_ONCE_PER_GAME };
/* INWO-2.10.2 */
enum inwo_scope { SC_SELF, SC_LINKED, SC_OWNER_STRUCTURE, SC_ALL, SC_ZAPPED_STRUCTURE, SC_OWNER };
/* INWO-2.10.3 */
enum inwo_costkind { COST_SELF, COST_ILLUMINATI, COST_GROUP, COST_DISCARD_PLOT };
enum inwo_stat { STAT_POWER, STAT_GLOBAL, STAT_RES };
enum inwo_statmode { MODE_SET_MIN, MODE_MUL, MODE_ADD };
enum inwo_context { CTX_ALL, CTX_ATTACK, CTX_DEFENSE };
enum inwo_attack { ATK_CONTROL, ATK_DESTROY, ATK_ANY, ATK_INSTANT }; /* INSTANT: vs only */
enum inwo_bonusmode { BONUS_DIRECT, BONUS_ANY_ATTEMPT };
enum inwo_deckname { DECK_PLOT, DECK_GROUP };
enum inwo_boostuse { USE_ACTION = 1, USE_DEFENSE = 2, USE_OWN_ATTACK = 4 };
enum inwo_canceltarget { CAN_ACTION = 1, CAN_PLOT = 2, CAN_ABILITY = 4, CAN_INSTANT = 8 };
enum inwo_until { UNTIL_CONTROLLER_NEXT_TURN_END };
enum inwo_class { CLS_ASSASSINATION, CLS_DISASTER, CLS_GENERIC };
enum inwo_alignmode { AM_ADD, AM_REMOVE, AM_REVERSE };
enum inwo_duration { DUR_TURN, DUR_PERMANENT };
enum inwo_repeal { REP_NWO = 1, REP_ZAP = 2, REP_LINKED_PLOT = 4, REP_PLOT_CHANGE = 8 };
enum inwo_where { WHERE_OWN, WHERE_ALL };
enum inwo_owner { OWN_ANY, OWN_SELF, OWN_RIVAL };

/* --- filters (INWO-2.10.1) ------------------------------------------------------ */

enum inwo_filterkey {
    FK_ALIGN_ANY = 1 << 0,
    FK_ALIGN_ALL = 1 << 1,
    FK_ALIGN_NONE = 1 << 2,
    FK_ATTR_ANY = 1 << 3,
    FK_ATTR_NONE = 1 << 4,
    FK_GTYPE_ANY = 1 << 5,
    FK_POWER_MIN = 1 << 6,
    FK_POWER_MAX = 1 << 7,
    FK_CARD = 1 << 8,
    FK_ILLUMINATI = 1 << 9,
    FK_OWNER = 1 << 10
};
/* the keys an Illuminati never matches (INWO-2.10.1) */
#define FK_GROUP_ONLY                                                                              \
    (FK_ALIGN_ANY | FK_ALIGN_ALL | FK_ALIGN_NONE | FK_ATTR_ANY | FK_ATTR_NONE | FK_GTYPE_ANY |     \
     FK_POWER_MIN | FK_POWER_MAX)

typedef struct inwo_filter {
    uint16_t keys; /* FK_… present: every one must hold; 0 matches every group */
    uint16_t align_any, align_all, align_none; /* bit per enum inwo_align */
    uint32_t attr_any, attr_none;              /* bit per attribute */
    uint8_t gtype_any;                         /* bit per enum inwo_gtype */
    int8_t power_min, power_max;
    uint8_t illuminati; /* 0 or 1 */
    uint8_t owner;      /* enum inwo_owner */
    int16_t card;       /* def */
} inwo_filter;
#define INWO_NO_FILTER (-1)

/* --- ops --------------------------------------------------------------------------- */

typedef struct inwo_cost {
    uint8_t kind;   /* enum inwo_costkind */
    uint8_t n;      /* COST_DISCARD_PLOT: how many */
    int16_t filter; /* COST_GROUP: the group's filter */
} inwo_cost;

/* One op of the closed set, with the fields every op may use; which ones an
 * op reads is its row of INWO-2.10 (docs/content/inwo.md lists them):
 *   value   STAT value, ATTACK/DEFENSE_BONUS and BOOST amount, EXTRA_TOKENS,
 *           EXTRA_DRAW, DRAW, EXPOSE, STEAL_EXPOSED and GOAL_* count,
 *           HAND_LIMIT delta, INSTANT power, MODIFY value, ROLL_MOD min,
 *           GOAL_POWER total
 *   value2  ROLL_MOD max, INSTANT destroy_margin (has_margin 0: null)
 *   helpers INSTANT helpers' count (0: null)
 *   sel     the op's own choice: STAT/MODIFY stat (MODIFY: a mask of stats),
 *           ATTACK_BONUS attack, DEFENSE_BONUS vs, EXTRA_DRAW/DRAW deck,
 *           INSTANT class, ALIGN mode, PARALYZE until, GOAL_POWER where
 *   mode    STAT/MODIFY mode, ATTACK_BONUS mode, ALIGN/MODIFY duration
 *   mask    BOOST uses, CANCEL targets, REPEAL kinds
 *   filter  STAT filter, ATTACK_BONUS target, IMMUNE from, BOOST eligible,
 *           PARALYZE/INSTANT/ALIGN/MODIFY/GIVE_TOKEN/RESTORE/DESTROY_RESOURCE/
 *           FREE_TAKEOVER target, GOAL_* filter
 *   filter2 INSTANT helpers' filter */
typedef struct inwo_op {
    uint8_t op;     /* enum inwo_opcode */
    uint8_t timing; /* enum inwo_timing: TM_PASSIVE for passive and goal ops */
    uint8_t limit;  /* enum inwo_limit */
    uint8_t ncost;
    inwo_cost cost[INWO_MAX_COSTS];
    uint8_t scope;   /* enum inwo_scope, passive ops */
    uint8_t context; /* enum inwo_context: STAT, MODIFY */
    uint8_t sel, mode, mask;
    uint8_t alignment;    /* ALIGN: enum inwo_align or INWO_ALIGN_CHOOSE */
    uint16_t add, remove; /* SET_ALIGN: alignment bits */
    uint8_t attr;         /* FREEZE: attribute bit */
    uint8_t while_linked, allow_killed, shared_by_factions, has_margin, helpers;
    int16_t names_card; /* ATTACK_BONUS names_card: a def, or -1 */
    int16_t value, value2;
    int16_t filter, filter2; /* indices into inwo_content.filter, or INWO_NO_FILTER */
} inwo_op;

/* --- card definitions ----------------------------------------------------------- */

typedef struct inwo_def {
    char id[12];
    char name[48];
    uint8_t kind;    /* enum inwo_kind */
    uint8_t gtype;   /* groups: enum inwo_gtype */
    uint8_t subtype; /* plots: enum inwo_subtype */
    uint8_t color;   /* NWO plots: enum inwo_color */
    int8_t power, global, res;
    uint16_t align;     /* bit per enum inwo_align (INWO-2.2.2: never both of a pair) */
    uint32_t attr;      /* bit per attribute */
    uint8_t rtypes;     /* resources: bit per enum inwo_rtype */
    uint8_t action;     /* resources: receives Action tokens */
    uint8_t arrow_in;   /* enum inwo_side; Illuminati: none (0) */
    uint8_t arrows_out; /* bit per enum inwo_side; Illuminati: all four */
    uint8_t has_link, link_permanent; /* resources and linked plots: `link` non-null */
    int16_t link_requires;            /* filter, or INWO_NO_FILTER */
    int16_t link_target;              /* groups: the `link_target` filter, or INWO_NO_FILTER */
    uint8_t limit_per_player;         /* plots, 0: none */
    /* Plots: the card's own timing, limit and cost (INWO-2.7.1) */
    uint8_t timing, limit, ncost;
    inwo_cost cost[INWO_MAX_COSTS];
    /* abilities; a Plot's `effect` is ability[0], its `effects` ability[0..] */
    uint8_t nability;
    inwo_op ability[INWO_MAX_ABILITIES];
    uint8_t has_goal; /* Illuminati Special Goal; Goal cards */
    inwo_op goal;
} inwo_def;

/* --- options and decks ------------------------------------------------------------ */

/* INWO-3.2, fixed before setup. */
typedef struct inwo_options {
    uint8_t nplayers;         /* 2..6 */
    uint8_t basic_goal;       /* INWO-3.10, after any override */
    uint8_t two_player_rules; /* INWO-4.8.3 */
    uint16_t max_rounds;      /* INWO-9.5.2: 1..1000 */
} inwo_options;

/* One player's 45 cards in the engine's order (INWO-5.0.3): the starting
 * Illuminati, the Group deck, then the Plot deck, each in content order; an
 * instance's copy number counts its card_id's copies in that order. */
typedef struct inwo_deck {
    uint8_t def[INWO_DECK_CARDS];
    uint8_t copy[INWO_DECK_CARDS]; /* #n of the instance id, from 1 */
    uint8_t ngroup;                /* Group-deck cards: def[1 .. ngroup] */
    char name[48];
} inwo_deck;

typedef struct inwo_content {
    int ndefs, nfilters, nattrs;
    inwo_def def[INWO_MAX_DEFS];
    inwo_filter filter[INWO_MAX_FILTERS];
    char attr[INWO_MAX_ATTRS][24];
    /* what follows is the game's, not the content set's (not hashed) */
    inwo_options opt;
    inwo_deck deck[INWO_MAX_PLAYERS];
    /* derived from the decks of the game's seats (inwo_index_ops), for the
     * playout path's scans: per instance, bit `op` set when its card has an
     * ability of that op; per op, the instances that have it, in increasing
     * order: op_inst[op_first[op] .. op_first[op + 1]) */
    uint64_t ops[INWO_MAX_PLAYERS * INWO_DECK_CARDS];
    uint16_t op_first[INWO_NOPS + 1];
    uint16_t op_inst[INWO_MAX_PLAYERS * INWO_DECK_CARDS * INWO_MAX_ABILITIES];
    /* per def, its instances the same way: def_inst[def_first[d] .. def_first[d + 1]) */
    uint16_t def_first[INWO_MAX_DEFS + 1];
    uint16_t def_inst[INWO_MAX_PLAYERS * INWO_DECK_CARDS];
    /* per instance, its card's def: inwo_def_of without a division */
    uint8_t inst_def[INWO_MAX_PLAYERS * INWO_DECK_CARDS];
    /* the instances with a written activated ability, in the order the
     * `use` heads are listed (inwo_index_uses) */
    uint16_t nuse;
    uint16_t use_inst[INWO_MAX_PLAYERS * INWO_DECK_CARDS];
    /* the Zap instances, in instance order: only they enter Z_ZAP (INWO-5.18.5) */
    uint16_t nzap;
    uint16_t zap_inst[INWO_MAX_PLAYERS * INWO_DECK_CARDS];
} inwo_content;
_Static_assert(INWO_NOPS <= 64, "an instance's ops fit 64 bits");

/* --- content.c --- */

/* Reads a content set (text NULL: the embedded sample) into c, reporting
 * every problem into d; returns 0, or -1 when it found any (c half filled). */
int inwo_content_load(inwo_content *c, const char *text, size_t len, const char *file, tt_diags *d);
/* The content from path (NULL: the sample), malloc'd; NULL with err set. */
inwo_content *inwo_content_new(const char *path, tt_error *err);
int inwo_find_def(const inwo_content *c, const char *id);
const char *inwo_align_name(int a);
const char *inwo_kind_name(int k);
const char *inwo_op_name(int op);
int inwo_opposite(int a); /* the opposite alignment, or -1 */
/* Fills c->ops and the per-op and per-def lists from the decks of the
 * opt.nplayers seats; called once they are loaded. */
void inwo_index_ops(inwo_content *c);

/* --- deck.c --- */

/* Checks the deck declarations of text (one, or {"decks": {NAME: …}}) by
 * INWO-3.1 and 12.x, reporting every problem into d; fills out with the
 * first when it has none (out may be NULL). Returns the declarations read,
 * -1 when the text is not JSON. */
int inwo_deck_check(const inwo_content *c, const char *text, size_t len, const char *file,
                    tt_diags *d, inwo_deck *out);
/* Loads deck parameter `param`=value (a sample name or a file) into out. */
int inwo_load_deck(const inwo_content *c, const char *param, const char *value, inwo_deck *out,
                   tt_error *err);
const char *inwo_sample_deck(int seat);
int inwo_validate_file(const char *path, tt_diags *d);
int inwo_deck_new(const char *options, char **out, tt_error *err);
int inwo_deck_list(const char *path, const char *options, char **out, tt_error *err);

#endif
