/* Tannhäuser — the rules module's shared header.
 *
 * Implements docs/rules/tannhauser.md (rule prefix TAN-): the 2007 skirmish
 * game on a graph of coloured circles, two teams of three Heroes and two
 * Troopers, d10 pools, four modes and three difficulty levels. Nothing outside
 * src/games/tannhauser/ (and its tests) includes this file.
 *
 * Decisions beyond the rules file (docs/games/tannhauser.md lists them for
 * players):
 *  - Conceding and a draw by agreement (TAN-8.6: offer_draw, accept_draw,
 *    decline_draw) are actions outside the turn order (tt_offturn_apply), not
 *    listed actions, so random playouts and searches never end a game by
 *    agreement.
 *  - Secret simultaneous choices (TAN-6.2) are made one seat after the other
 *    and revealed together; until then the other seat sees only how far the
 *    chooser has got. A player's choice in progress is kept by determinize
 *    (he is the player to move); completed, unrevealed choices are resampled.
 *  - Equipment is named by its definition id; `kestrel#3` names copy 3 where
 *    several instances could be meant. A bare id means the first instance (in
 *    creation order) for which the action is legal (text.c).
 *  - `goto C` is a shortcut for the steps to a circle further away: when one
 *    route is cheaper than every other, the engine expands it into `move`
 *    steps and records those; `move C` itself is one step (EX-6, EX-9).
 *  - `skip` during Story placement is legal only when the player cannot place
 *    (TAN-3.9.3: "a player who cannot place passes").
 *  - Keeping 4 objective tokens of a category (TAN-3.9.2) is asked as
 *    `discard <token>` until no category has more than 4.
 *
 * Parameters: mode=story|deathmatch|ctf|domination (default deathmatch),
 * difficulty=easy|normal|hard (default normal), max_turns=N (default 12,
 * 0 = none), factions=A,B (default: the first two factions of the teams file),
 * board=, equipment=, teams=, crates=, objectives= (content files; default the
 * embedded sample set of TAN-11).
 *
 * Action encoding: (op << 24) | (a << 16) | (b << 8) | c, one atomic choice
 * each; see enum tan_op for the meaning of a, b, c.
 *
 * Chance events (TAN-7.2): the setup roll, the crate shuffle, the initiative
 * roll, attack pools, duels and grenade blasts. Every d10 goes through
 * core/dice.h, so `rig dice F F …` fixes the next faces. */
#ifndef TAN_TANNHAUSER_H
#define TAN_TANNHAUSER_H

#include <assert.h>
#include <stdint.h>

#include "core/diag.h"
#include "core/dice.h"
#include "core/json.h"
#include "core/rng.h"
#include "core/rules.h"
#include "core/stack.h"

/* --- limits (TAN-2.1) ----------------------------------------------------------- */

#define TAN_PLAYERS 2
#define TAN_TEAM 5 /* TEAM_HEROES + TEAM_TROOPERS */
#define TAN_HEROES 3
#define TAN_TROOPERS 2
#define TAN_UNITS (TAN_PLAYERS * TAN_TEAM)
#define TAN_MAX_CIRCLES 256 /* array size; boards hold 255, index 255 is TAN_NONE */
#define TAN_MAX_LINKS 1024
#define TAN_MAX_COLORS 16
#define TAN_MAX_ROWS 10
#define TAN_MAX_SLOTS 6
#define TAN_MAX_INST 128 /* MAX_EQUIPMENT_INSTANCES */
#define TAN_MAX_EQUIP 64 /* equipment definitions */
#define TAN_MAX_CHARS 32 /* character definitions */
#define TAN_MAX_FACTIONS 8
#define TAN_MAX_ROSTER 16
#define TAN_MAX_CRATES 32 /* crate token definitions */
#define TAN_MAX_SITES 64  /* crate sites on one board */
#define TAN_MAX_OBJ 32    /* objective token definitions */
#define TAN_MAX_PACK 6    /* tokens in one pack */
#define TAN_MAX_FLAGS 4   /* per player: DOM_FLAGS */
#define TAN_MAX_ACTIONS 1024
/* Pending decisions (tan_frame): at most a blast and one outcome decision on
 * top of it. The outcome procedure (TAN-5.16.5) asks one decision at a time
 * (shrug, then counter, whose own shrug opens no further window: step 4), no
 * other action comes before the answer (TAN-4.9), and a blast resolves its
 * victims one by one without a counterattack window (TAN-5.8.3). */
#define TAN_STACK_DEPTH 2
#define TAN_NONE 0xFF

/* --- enumerations (TAN-2.2) ------------------------------------------------------ */

enum tan_stat { STAT_COMBAT, STAT_STAMINA, STAT_MOVEMENT, STAT_PSYCHE, STAT_COUNT };
enum tan_class { CLASS_HERO, CLASS_TROOPER };
enum tan_skill {
    SK_ARCHAEOLOGY,
    SK_DEXTERITY,
    SK_ENGINEERING,
    SK_MECHANICS,
    SK_STEALTH,
    SK_WEAPONRY,
    SK_COUNT
};
enum tan_ckind { CK_PATH, CK_ENTRY, CK_OBJECTIVE, CK_ACTION };
enum tan_grade { GRADE_PRIMARY, GRADE_SECONDARY };
enum tan_ekind { EK_WEAPON, EK_ITEM, EK_ABILITY, EK_MEDAL, EK_RANK };
enum tan_wtype {
    WT_UNARMED,
    WT_HAND_TO_HAND,
    WT_PISTOL,
    WT_AUTOMATIC,
    WT_HEAVY,
    WT_GRENADE,
    WT_MENTAL,
    WT_COUNT
};
enum tan_effect {
    EF_NONE,
    EF_HEAL,
    EF_STAT_BONUS,
    EF_EXTRA_DICE,
    EF_DIE_BONUS,
    EF_GRANT_SKILL,
    EF_MEDAL_VP,
    EF_RANK
};
enum tan_pack { PACK_COMBAT, PACK_STAMINA, PACK_MENTAL, PACK_CUSTOM, PACK_NONE = TAN_NONE };
enum tan_mode { MODE_STORY, MODE_DEATHMATCH, MODE_CTF, MODE_DOMINATION };
enum tan_difficulty { DIFF_EASY, DIFF_NORMAL, DIFF_HARD };
enum tan_crate_kind { CRATE_VP, CRATE_EQUIPMENT };

/* --- content (TAN-2.3 … 2.7, 11) --------------------------------------------------- */

typedef struct tan_circle {
    char id[16];
    char label[24];         /* ENTRY only, may be empty */
    uint8_t kind;           /* enum tan_ckind */
    uint8_t move_cost;      /* 1..3 */
    uint8_t skill, grade;   /* OBJECTIVE only */
    int8_t mod[STAT_COUNT]; /* circle modifiers; MOVEMENT always 0 */
    uint16_t colors;        /* bit per palette colour */
    int16_t x, y;           /* drawing only */
} tan_circle;

typedef struct tan_weapon { /* TAN-2.6.3, defaults filled in at load */
    uint8_t type;           /* enum tan_wtype */
    int8_t dice_mod;
    uint8_t range_min, range_max, max_wounds;
    int8_t uses;        /* -1: unlimited */
    uint8_t blast_dice; /* GRENADE */
} tan_weapon;

typedef struct tan_equip {
    char id[32], name[48];
    uint8_t kind; /* enum tan_ekind */
    uint8_t free, special;
    tan_weapon weapon;   /* kind == EK_WEAPON */
    uint8_t effect;      /* enum tan_effect; EF_NONE for weapons */
    uint8_t n;           /* rows, delta, n, vp or bonus */
    uint8_t stat, skill; /* STAT_BONUS, GRANT_SKILL */
    uint8_t types;       /* EXTRA_DICE: bit per weapon type */
} tan_equip;

typedef struct tan_char {
    char id[32], name[48];
    uint8_t faction, cls, nrows, slots;
    uint8_t skills;  /* bit per enum tan_skill */
    uint8_t special; /* equipment index or TAN_NONE */
    uint8_t row[TAN_MAX_ROWS][STAT_COUNT];
    uint8_t npack[3];              /* 0: the character has no such pack */
    uint8_t pack[3][TAN_MAX_PACK]; /* equipment indices */
    uint8_t most[TAN_MAX_EQUIP];   /* derived: the most copies of each in one pack (TAN-3.6) */
} tan_char;

typedef struct tan_faction {
    char id[32], name[48];
    uint8_t nroster;
    uint8_t roster[TAN_MAX_ROSTER]; /* character indices */
} tan_faction;

typedef struct tan_crate {
    char id[32];
    uint8_t kind;  /* enum tan_crate_kind */
    uint8_t vp;    /* CRATE_VP */
    uint8_t equip; /* CRATE_EQUIPMENT */
} tan_crate;

typedef struct tan_objective {
    char id[32];
    uint8_t owner;    /* faction index */
    uint8_t grade;    /* enum tan_grade */
    uint8_t nskills;  /* 1 (secondary) or 2 (primary) */
    uint8_t skill[2]; /* skill[0] is the category */
} tan_objective;

typedef struct tan_content {
    /* parameters */
    uint8_t mode, difficulty;
    uint16_t max_turns;
    uint8_t faction[TAN_PLAYERS];     /* seat → faction index */
    char seat_name[TAN_PLAYERS][32];  /* the faction id in lower case: player names */
    char seat_title[TAN_PLAYERS][40]; /* "the Covenant", as sentences name a player */

    /* the board (TAN-2.3) */
    char board_id[32], board_name[48];
    int ncolors;
    char color[TAN_MAX_COLORS][16];
    int ncircles;
    tan_circle circle[TAN_MAX_CIRCLES];
    int nlinks;
    uint8_t link_a[TAN_MAX_LINKS], link_b[TAN_MAX_LINKS], link_door[TAN_MAX_LINKS];
    /* adjacency, derived: neighbours of c are adj[adj_first[c] .. adj_first[c] + adj_n[c]),
     * in ascending circle order; adj_same[] flags a link whose ends share a colour */
    uint16_t adj_first[TAN_MAX_CIRCLES];
    uint8_t adj_n[TAN_MAX_CIRCLES];
    uint8_t adj[2 * TAN_MAX_LINKS];
    uint8_t adj_same[2 * TAN_MAX_LINKS];
    /* reach[c]: c and its neighbours on the same path, where a character on
     * c reaches equipment (TAN-5.11.1), derived; for every index up to
     * TAN_NONE, so that a character in reserve reaches its own index alone */
    uint64_t reach[TAN_MAX_CIRCLES][TAN_MAX_CIRCLES / 64];
    /* next[c]: the neighbours of c as a circle set, derived (tan_adjacent) */
    uint64_t next[TAN_MAX_CIRCLES][TAN_MAX_CIRCLES / 64];
    /* the circles of kind PATH, for every index up to TAN_NONE, derived */
    uint64_t path[TAN_MAX_CIRCLES / 64];
    /* line of sight and path distance (TAN-2.4.3, 2.4.4), derived:
     * pd[a * ncircles + b] = path distance, 0xFF when not on the same path */
    uint8_t *pd;
    /* walking distance (TAN-2.4.5), derived; 0xFF: unreachable */
    uint8_t *wd;
    int nentries;
    uint8_t entry[TAN_MAX_CIRCLES]; /* ENTRY circles, ascending */
    int nsites;                     /* crate sites for this mode (TAN-3.9.1), ascending */
    uint8_t site[TAN_MAX_SITES];
    uint8_t site_of[TAN_MAX_CIRCLES]; /* circle → site index or TAN_NONE */
    int nobjcircles;                  /* OBJECTIVE circles, ascending */
    uint8_t objcircle[TAN_MAX_CIRCLES];

    int nequip;
    tan_equip equip[TAN_MAX_EQUIP];
    int nchars;
    tan_char chr[TAN_MAX_CHARS];
    int nfactions;
    tan_faction fac[TAN_MAX_FACTIONS];
    int ncrates;
    tan_crate crate[TAN_MAX_CRATES];
    int nobjs;
    tan_objective obj[TAN_MAX_OBJ];
    /* crate tokens this mode shuffles (TAN-3.9.1), in content order */
    int nmode_crates;
    uint8_t mode_crate[TAN_MAX_CRATES];
    /* derived: bit per enum tan_stat that some equipment raises (EF_STAT_BONUS),
     * the only stats for which tan_current looks through the equipment */
    uint8_t boosted;
} tan_content;

/* --- the flat state (TAN-2.5.2, 2.6.5, 2.7, 2.8) ------------------------------------- */

enum tan_status { ST_NONE, ST_RESERVE, ST_BOARD, ST_DEAD };

typedef struct tan_unit { /* a team member: seat p owns units p*5 .. p*5+4 */
    uint8_t def;          /* character index, TAN_NONE until recruited */
    uint8_t status;       /* enum tan_status */
    uint8_t circle;       /* ST_BOARD only */
    uint8_t wounds;
    uint8_t activated;
    uint8_t vp_spent; /* this cycle, TAN-5.16.3 */
    uint8_t pack;     /* enum tan_pack; chosen, maybe not yet revealed */
    uint8_t ncustom;  /* à la carte tokens chosen (pack == PACK_CUSTOM) */
    uint8_t custom[TAN_MAX_PACK];
    uint8_t returning;                /* chosen as a reinforcement, not yet revealed */
    uint8_t slot_type[TAN_MAX_SLOTS]; /* SLOT_EMPTY, SLOT_ITEM or 1 + weapon type */
    uint8_t slot_n[TAN_MAX_SLOTS];    /* instances in the slot */
    uint16_t death_turn;
} tan_unit;
enum { SLOT_EMPTY = 0, SLOT_ITEM = 0xFE };

enum tan_where { W_GONE, W_UNIT, W_CIRCLE, W_CRATE };

typedef struct tan_item { /* an equipment instance (TAN-2.6.5) */
    uint8_t def;
    int8_t uses;    /* uses left, -1 unlimited */
    uint8_t where;  /* enum tan_where */
    uint8_t at;     /* unit, circle or site */
    uint8_t slot;   /* W_UNIT */
    uint8_t fresh;  /* dropped this cycle, TAN-5.11.2 */
    uint8_t locked; /* unit that may not use it yet, or TAN_NONE (TAN-5.11.4) */
} tan_item;

enum tan_flag_where { FL_NONE, FL_SUPPLY, FL_CIRCLE, FL_CARRIED, FL_CAPTURED };

typedef struct tan_flag { /* TAN-2.7.3 */
    uint8_t where;        /* enum tan_flag_where */
    uint8_t at;           /* circle or unit */
    uint8_t home;         /* CTF: the objective circle it was placed on */
} tan_flag;

enum tan_obj_where { OB_OUT, OB_HELD, OB_PLACED, OB_DONE };

typedef struct tan_objstate { /* TAN-2.7.2 */
    uint8_t where;            /* enum tan_obj_where */
    uint8_t circle;           /* OB_PLACED */
    uint8_t halves;           /* bit i: skill[i] done */
    uint8_t bought;           /* a half was done with a bought skill */
} tan_objstate;

typedef struct tan_player { /* TAN-2.8 */
    uint8_t entry;          /* circle, TAN_NONE until chosen */
    uint16_t vp;
    uint8_t reinf_left;
    uint8_t captured;                               /* CTF */
    uint8_t nrecruited;                             /* setup: characters chosen */
    uint8_t done;                                   /* submitted the current secret choice */
    uint8_t completed_primary, completed_secondary; /* Story, TAN-8.1 */
    uint8_t nflags;
    tan_flag flag[TAN_MAX_FLAGS];
} tan_player;

/* Where the game is: the decision being waited for. */
enum tan_phase {
    PH_RECRUIT,      /* decider recruits (TAN-3.5) */
    PH_PACK,         /* decider chooses packs (TAN-3.6) */
    PH_CUSTOM,       /* decider adds à la carte tokens for unit `sub` */
    PH_ENTRY,        /* TAN-3.8 */
    PH_KEEP,         /* Story: discard down to 4 per category (TAN-3.9.2) */
    PH_PLACE,        /* Story placement (TAN-3.9.3) */
    PH_FLAG,         /* CTF flag placement (TAN-3.9.4) */
    PH_REINFORCE,    /* decider chooses returning Troopers (TAN-5.18.3) */
    PH_REINF_CUSTOM, /* à la carte tokens for returning unit `sub` */
    PH_FIRST,        /* the initiative winner names the first player (TAN-4.4) */
    PH_ACTIVATE,     /* decider picks a character (TAN-4.5) */
    PH_CYCLE,        /* the active character's cycle (TAN-4.7) */
    PH_OVER
};

/* A sub-step sequence of the action phase (TAN-5.11, 5.12). */
enum tan_seq { SEQ_NONE, SEQ_EXCHANGE, SEQ_SEARCH };

/* Bull-rush passage (TAN-5.6.3). */
enum tan_passage { PASS_NONE, PASS_ONTO, PASS_CHAIN };

/* Frames of the pending-decision stack: the outcome procedure (TAN-5.16.5)
 * and grenade blasts (TAN-5.8). */
enum tan_frame {
    F_NONE,
    F_SHRUG, /* decision: a = victim, b = wounds, c = attacker, d = enum tan_blow, e = weapon def */
    F_COUNTER, /* decision: a = victim (who may counter), b = attacker */
    F_BLAST,   /* work: a = thrower, b = centre circle, c | d << 8 = next circle, e = grenade def */
};
enum tan_blow { BLOW_ATTACK, BLOW_COUNTER, BLOW_GRENADE };

enum tan_reason { /* indexes tt_head.reason, named by tan_reasons[] */
                  R_NONE,
                  R_STORY,
                  R_ELIMINATION,
                  R_FLAGS,
                  R_DOMINATION,
                  R_TURN_LIMIT,
                  R_CONCEDED,
                  R_AGREED,
                  R_BOTH_ELIMINATED
};

typedef struct tan_state {
    tt_head head; /* generator, turn, result (core/head.h) */
    tt_dice_rig rig;
    uint16_t cycle_no;          /* cycles begun so far */
    uint8_t phase;              /* enum tan_phase */
    uint8_t decider;            /* the seat deciding in setup and activation phases */
    uint8_t sub;                /* PH_CUSTOM / PH_REINF_CUSTOM: the unit */
    uint8_t setup_winner;       /* TAN-3.8 */
    uint8_t init_winner, first; /* TAN-4.4 */
    uint8_t passes;             /* placement passes in a row (TAN-3.9.3) */
    uint8_t placed;             /* CTF flags placed so far */

    /* the active character's cycle (TAN-4.7) */
    uint8_t active; /* unit or TAN_NONE */
    uint8_t mp_spent, mp_bought;
    uint8_t action_taken;
    uint8_t passage, passage_circle;  /* enum tan_passage */
    uint8_t seq, seq_site, seq_steps; /* enum tan_seq; site for SEQ_SEARCH */

    uint8_t draw_offer; /* seat + 1 that offered a draw, 0: none */

    tan_player pl[TAN_PLAYERS];
    tan_unit unit[TAN_UNITS];
    /* bit x of on[p]: a unit of seat p stands on circle x. Derived from unit[]
     * and kept with it by tan_place and tan_lift, the only ways on and off the
     * board, because every legal() and apply() of a cycle reads it; the
     * sanity check derives it again. */
    uint64_t on[TAN_PLAYERS][TAN_MAX_CIRCLES / 64];
    /* bit x: two units of one seat stand on circle x; kept and checked as on
     * is, so that legal() learns whether the active character shares its
     * circle without a scan. */
    uint64_t crowd[TAN_MAX_CIRCLES / 64];
    uint8_t ninst;
    uint8_t dropped; /* some item is fresh (TAN-5.11.2); the cycle's end looks only then */
    tan_item item[TAN_MAX_INST];
    /* bit i of carries[u]: item i is carried by unit u; of lying: item i lies
     * on a circle. What a unit carries and what lies near it is read by every
     * legal() of a cycle and by most of its checks, while most items are
     * someone else's or in crates. tan_item_put, the one way an item moves,
     * keeps both; the sanity check derives them again. */
    uint64_t carries[TAN_UNITS][TAN_MAX_INST / 64];
    uint64_t lying[TAN_MAX_INST / 64];

    uint8_t crate[TAN_MAX_SITES]; /* face-down token per site: crate index, TAN_NONE empty */
    uint8_t naside;
    uint8_t aside[TAN_MAX_CRATES]; /* face-down tokens set aside at setup (TAN-3.9.1) */
    tan_objstate obj[TAN_MAX_OBJ];

    TT_STACK(TAN_STACK_DEPTH) stack;
} tan_state;

/* The sole winner of a finished game, or TAN_NONE (playing, or drawn). */
static inline int tan_winner(const tan_state *s)
{
    int w = tt_head_winner(&s->head, TAN_PLAYERS);
    return w < 0 ? TAN_NONE : w;
}

/* --- actions (TAN-5.20.1) ------------------------------------------------------------ */

enum tan_op {
    A_RECRUIT = 1, /* a = character */
    A_PACK,        /* a = unit, b = enum tan_pack (PACK_CUSTOM opens the choice) */
    A_CUSTOM,      /* a = equipment definition */
    A_DONE,        /* closes a custom choice, an exchange or a search */
    A_ENTRY,       /* a = circle */
    A_DISCARD,     /* a = objective token */
    A_PLACE,       /* a = objective token, b = circle */
    A_FLAG,        /* a = circle */
    A_SKIP,
    A_REINFORCE, /* a = unit, b = enum tan_pack */
    A_NOREINFORCE,
    A_FIRST,    /* a = seat */
    A_ACTIVATE, /* a = unit */
    A_MOVE,     /* a = circle */
    A_BUYMP,    /* a = n */
    A_END,
    A_BULLRUSH, /* a = enemy unit */
    A_ATTACK,   /* a = enemy unit, b = instance or TAN_NONE for unarmed */
    A_THROW,    /* a = circle, b = instance */
    A_USE,      /* a = instance, b = target unit */
    A_EXCHANGE,
    A_DROP,     /* a = instance, b = circle (or crate site circle); c = 1: a flag (a = seat*4+k) */
    A_PASS,     /* a = instance, b = friend; c = 1: a flag */
    A_PICK,     /* a = instance */
    A_SEARCH,   /* a = site circle */
    A_TAKE,     /* a = instance */
    A_TASK,     /* a = circle, b = skill, c = buy */
    A_TAKEFLAG, /* a = circle */
    A_PLANT,
    A_PLACEFLAG, /* a = circle */
    A_SHRUG,     /* a = k */
    A_COUNTER,   /* a = instance or TAN_NONE for unarmed */
    A_NOCOUNTER,
    A_OP_COUNT
};
#define TAN_ACTION(op, a, b, c)                                                                    \
    ((tt_action)(((uint32_t)(op) << 24) | ((uint32_t)(a) << 16) | ((uint32_t)(b) << 8) |           \
                 (uint32_t)(c)))
/* The options of the action phase (TAN-5.5.1): the cycle's one action. */
static inline int tan_phase_option(int op)
{
    return op >= A_BULLRUSH && op <= A_PLACEFLAG && op != A_DROP && op != A_PASS && op != A_PICK &&
           op != A_TAKE;
}
#define TAN_OP(x) ((int)((x) >> 24))
#define TAN_A(x) ((int)(((x) >> 16) & 0xFF))
#define TAN_B(x) ((int)(((x) >> 8) & 0xFF))
#define TAN_C(x) ((int)((x)&0xFF))

/* Events (below TT_EV_POOL; dice are core events). An argument that is a unit
 * carries its character too, so narration can name it without the state. */
#define TAN_EVU(s, u) ((int)(u) | ((int)(s)->unit[(u)].def + 1) << 4)
enum tan_event {
    EV_TURN = 1,    /* a = turn */
    EV_RECRUITED,   /* player chose (secret): a = character, b = how many so far */
    EV_REVEAL,      /* a = what (0 characters, 1 packs, 2 reinforcements) */
    EV_PACK,        /* a = unit, b = pack, c = reinforcement, d = custom token + 1 (secret) */
    EV_MEDAL,       /* a = unit, b = equipment, c = vp */
    EV_SETUP_ROLL,  /* a = seat 0 face, b = seat 1 face */
    EV_ENTRY,       /* a = seat, b = circle */
    EV_DISCARD_OBJ, /* a = token */
    EV_PLACE_OBJ,   /* a = token, b = circle */
    EV_PLACE_FLAG,  /* a = seat, b = circle */
    EV_SKIP,
    EV_CRATES,     /* crates placed: a = sites with a crate, b = tokens set aside */
    EV_INITIATIVE, /* a = face 0, b = face 1, c = total 0, d = total 1 */
    EV_FIRST,      /* a = seat */
    EV_REINFORCE,  /* a = unit, b = pack */
    EV_ACTIVATE,   /* a = unit */
    EV_MOVE,       /* a = unit, b = circle, c = cost */
    EV_BUYMP,      /* a = unit, b = n */
    EV_END_CYCLE,  /* a = unit */
    EV_BULLRUSH,   /* a = unit, b = enemy, c = won */
    EV_ATTACK,     /* a = unit, b = enemy, c = weapon def or -1 */
    EV_THROW,      /* a = unit, b = circle, c = grenade def */
    EV_WOUNDS,     /* a = victim, b = wounds suffered, c = wounds now, d = scored */
    EV_SHRUG,      /* a = victim, b = k */
    EV_COUNTER, /* a = unit, b = target, c = weapon def or -1, d = 1; declined: b = c = -1, d = 0 */
    EV_KILLED,  /* a = victim, b = killer or -1, c = vp gained */
    EV_USE,     /* a = unit, b = equipment, c = target, d = its wounds now */
    EV_EXCHANGE,    /* a = unit */
    EV_DROP,        /* a = unit, b = equipment (or -1 - seat for a flag), c = circle */
    EV_PASS,        /* a = unit, b = equipment (or -1 - seat for a flag), c = friend */
    EV_PICK,        /* a = unit, b = equipment */
    EV_SEARCH,      /* a = unit, b = site circle, c = crate token or -1 */
    EV_CRATE_VP,    /* a = seat, b = vp */
    EV_TAKE,        /* a = unit, b = equipment */
    EV_TASK,        /* a = unit, b = token, c = skill, d = bought */
    EV_COMPLETED,   /* a = seat, b = token */
    EV_TAKEFLAG,    /* a = unit, b = circle, c = flags taken */
    EV_PLANT,       /* a = unit, b = circle, c = flags captured */
    EV_PLACEFLAG,   /* a = unit, b = circle, c = displaced owner or -1 */
    EV_VP,          /* a = seat, b = delta, c = total */
    EV_DRAW_OFFER,  /* a = seat */
    EV_DRAW_ANSWER, /* a = seat, b = accepted */
    EV_GAME_OVER,   /* a = winner or -1, b = reason */
    EV_RIG          /* a = what */
};

/* --- shared between the module's files ------------------------------------------------ */

static inline const tan_content *tan_content_of(const tt_game *g)
{
    return (const tan_content *)g->content;
}
static inline int tan_seat_of(int unit)
{
    return unit / TAN_TEAM;
}
static inline int tan_pd(const tan_content *c, int a, int b)
{
    return c->pd[a * c->ncircles + b];
}
static inline int tan_same_path(const tan_content *c, int a, int b)
{
    return c->pd[a * c->ncircles + b] != 0xFF;
}
static inline const tan_char *tan_chr(const tan_content *c, const tan_state *s, int u)
{
    return &c->chr[s->unit[u].def];
}
static inline int tan_is_stop_kind(const tan_content *c, int circle)
{
    return c->circle[circle].kind == CK_PATH;
}

/* content.c: loading and validating content files (TAN-2.3.4, 2.5, 2.6, 11) */
/* Fills c from the five files' texts (any may be NULL: the embedded sample);
 * reports every problem into d; 0 when the content is usable. */
typedef struct tan_sources {
    const char *text[5]; /* board, equipment, teams, crates, objectives */
    size_t len[5];
    const char *file[5];       /* names used in diagnostics */
    const tt_json_doc *doc[5]; /* the text already parsed, or NULL */
} tan_sources;
enum { SRC_BOARD, SRC_EQUIPMENT, SRC_TEAMS, SRC_CRATES, SRC_OBJECTIVES, SRC_COUNT };
int tan_content_load(tan_content *c, const tan_sources *src, tt_diags *d);
/* Derived tables (adjacency, pd, wd, sites, the mode's crates) for c->mode;
 * allocates c->pd and c->wd (TT_ENOMEM: neither is left allocated). */
int tan_content_derive(tan_content *c);
void tan_content_free(tan_content *c);
int tan_validate_file(const char *path, tt_diags *d);
/* The readers content.c shares with board.c: each reports its problems into
 * f (the document and diagnostics being read) and goes on with a default.
 * tan_read_id copies an id of 1..n-1 characters [A-Za-z0-9_] ("" on a
 * problem); tan_read_name a required string of 1..n-1 characters;
 * tan_string_list returns an array member whose elements are all strings
 * (NULL when absent, reported if required, or wrong); tan_object_list the
 * required array member key, reporting more than max elements. Returned
 * nodes belong to the document. The code tables are the JSON names of
 * enum tan_skill and enum tan_grade, NULL-terminated. */
struct json_t;
struct tt_fields;
void tan_read_id(const struct tt_fields *f, const struct json_t *obj, const char *key,
                 const char *what, const char *rule, char *out, size_t n);
void tan_read_name(const struct tt_fields *f, const struct json_t *obj, const char *key,
                   const char *rule, char *out, size_t n);
const struct json_t *tan_string_list(const struct tt_fields *f, const struct json_t *obj,
                                     const char *key, int required, const char *rule);
const struct json_t *tan_object_list(const struct tt_fields *f, const struct json_t *root,
                                     const char *key, size_t max, const char *what,
                                     const char *rule);
extern const char *const tan_skill_codes[];
extern const char *const tan_grade_codes[];

/* board.c: the map (TAN-2.3, 2.4). tan_board_load reads the board file's
 * root into c's board fields and checks the board rules, reporting every
 * problem into f; tan_board_derive builds the adjacency, pd, wd and the entry,
 * objective and site lists for c->mode (TT_ENOMEM: pd and wd are freed);
 * tan_board_free frees pd and wd and may be called again. */
void tan_board_load(const struct tt_fields *f, tan_content *c, const struct json_t *root);
int tan_board_derive(tan_content *c);
void tan_board_free(tan_content *c);

/* state.c: characters, equipment and the board */
int tan_current(const tan_content *c, const tan_state *s, int u, int stat); /* TAN-5.2.2 */
int tan_mp(const tan_content *c, const tan_state *s);                       /* TAN-5.4.1 */
int tan_occupant(const tan_state *s, int circle, int except); /* unit standing there or -1 */
int tan_enemy_at(const tan_state *s, int circle, int seat);
/* Unit u steps onto circle, from the board or from reserve. */
void tan_place(tan_state *s, int u, int circle);
/* Unit u leaves the board (the caller sets its new status). */
void tan_lift(tan_state *s, int u);
int tan_has_skill(const tan_content *c, const tan_state *s, int u, int skill);
int tan_item_usable(const tan_state *s, int i, int u); /* carried by u and not locked for u */
int tan_room_for(const tan_content *c, const tan_state *s, int u, int def);
int tan_item_new(const tan_content *c, tan_state *s, int def);
void tan_item_give(const tan_content *c, tan_state *s, int i, int u);
void tan_item_unslot(tan_state *s, int i);
/* Moves item i: sets where and at, and keeps carries and lying. */
void tan_item_put(tan_state *s, int i, int where, int at);
/* The k of `def#k` for item i: 1 + instances of its def earlier in item[]. */
int tan_item_copy(const tan_state *s, int i);
/* The items u carries or that lie on a circle, as an item set. */
static inline void tan_items_near(const tan_state *s, int u, uint64_t *near)
{
    for (int k = 0; k < TAN_MAX_INST / 64; k++)
        near[k] = s->carries[u][k] | s->lying[k];
}
/* The first item after i (-1: from the start) in the item set `set`, or -1. */
static inline int tan_next_item(const uint64_t *set, int i)
{
    for (int k = i + 1; k < TAN_MAX_INST; k = (k | 63) + 1) {
        uint64_t m = set[k >> 6] >> (k & 63);
        if (m)
            return k + __builtin_ctzll(m);
    }
    return -1;
}
int tan_command_bonus(const tan_content *c, const tan_state *s, int seat); /* TAN-5.19.2 */
/* A dead Trooper that may return this turn (TAN-5.18.2, 5.18.3), not yet chosen. */
int tan_reinforceable(const tan_content *c, const tan_state *s, int u);
void tan_setup(const tt_game *g, tan_state *s, uint64_t seed);
int tan_sanity(const tt_game *g, const void *st, tt_error *err);
int tan_rig(const tt_game *g, void *st, const char *what, const char *values, tt_error *err);
void tan_determinize(const tt_game *g, void *st, int viewer, uint64_t seed);

/* state.c: the position as the checks read it. Who stands where is the
 * state's on; shared is set when another unit stands on the active
 * character's circle (only the active character passes through another's
 * circle, TAN-5.4.5, so only it asks whether it stands alone). Bit x of reach is set when equipment on circle
 * x lies within the active character's reach: on its circle or next to it on
 * the same path (TAN-5.11.1). mp is the active character's MP left (tan_mp).
 * Only the checks of a cycle with no reaction waiting read these (debug
 * builds assert it), so at any other time the look holds c and s alone.
 * legal() asks many candidates and takes the whole look (tan_look_at);
 * apply() asks one and takes only what that action's check reads
 * (tan_look_for): reach for a pick or an exchange, mp for a step or a bull
 * rush. Debug builds assert that no check reads a part not taken. */
typedef struct tan_look {
    const tan_content *c;
    const tan_state *s;
    int shared;
    uint64_t reach[TAN_MAX_CIRCLES / 64];
    int alone_at;  /* the active character's circle when it stands there alone, else -1 */
    int mp;        /* -1: not taken */
    int taken;     /* the fields above are set (reach when has_reach, mp when >= 0) */
    int has_reach; /* reach is set */
} tan_look;
void tan_look_at(tan_look *L, const tan_content *c, const tan_state *s);
/* The look that action op's check reads, and no more. */
void tan_look_for(tan_look *L, const tan_content *c, const tan_state *s, int op);
static inline int tan_bit(const uint64_t *set, int x)
{
    return (int)(set[x >> 6] >> (x & 63) & 1);
}
/* Circles a and b are linked (TAN-2.4.2). */
static inline int tan_adjacent(const tan_content *c, int a, int b)
{
    return tan_bit(c->next[a], b);
}
/* An enemy of seat stands on circle: tan_enemy_at(s, circle, seat) >= 0. */
static inline int tan_look_enemy(const tan_look *L, int circle, int seat)
{
    assert(L->taken);
    return tan_bit(L->s->on[1 - seat], circle);
}
/* Equipment on circle lies within the active character's reach. */
static inline int tan_look_reach(const tan_look *L, int circle)
{
    assert(L->taken && L->has_reach);
    return tan_bit(L->reach, circle);
}
/* The active character's MP left. */
static inline int tan_look_mp(const tan_look *L)
{
    assert(L->taken && L->mp >= 0);
    return L->mp;
}
/* Someone but u (-1: anyone; else the active character) stands on circle:
 * tan_occupant(s, circle, u) >= 0. */
static inline int tan_look_other(const tan_look *L, int circle, int u)
{
    assert(L->taken && (u < 0 || u == L->s->active));
    if (!tan_bit(L->s->on[0], circle) && !tan_bit(L->s->on[1], circle))
        return 0;
    if (u < 0)
        return 1;
    const tan_unit *un = &L->s->unit[u];
    return un->status != ST_BOARD || un->circle != circle || L->shared;
}

/* move.c: steps, stop circles, no stranding and routes (TAN-5.4, 5.6.3) */
enum tan_why {
    WHY_OK,
    WHY_NOT_OWN_ENTRY,
    WHY_NOT_ADJACENT,
    WHY_NOT_MOVABLE,
    WHY_NO_MP,
    WHY_ENEMY_OCCUPIED,
    WHY_STRANDED
};
/* TAN-4.8: u, the active character, could end its cycle on circle (a path
 * circle nobody else holds): asked of the board's path set and of who
 * stands there, which the look says of the active character's own circle. */
static inline int tan_can_stop(const tan_look *L, int u, int circle)
{
    assert(L->taken && u == L->s->active);
    int stop =
        tan_bit(L->c->path, circle) &&
        (circle == L->alone_at || (!tan_bit(L->s->on[0], circle) && !tan_bit(L->s->on[1], circle)));
    assert(stop == (tan_is_stop_kind(L->c, circle) && !tan_look_other(L, circle, u)));
    (void)u;
    return stop;
}
/* Why the active character may not step onto circle now (WHY_OK: it may). */
int tan_step_why(const tan_look *L, int circle);
/* The same for a circle the step is known to lead to: the active character's
 * neighbour, or its entry circle from reserve. */
int tan_next_step_why(const tan_look *L, int circle);
/* Moves the active character one step (legality checked by the caller). */
void tan_step(const tan_content *c, tan_state *s, int circle, tt_events *ev);
/* The steps of the cheapest route to target into out (at most max); returns
 * their number, 0 when there is none, -1 when two routes are cheapest. */
int tan_route(const tan_content *c, const tan_state *s, int target, uint8_t *out, int max);

/* flow.c: setup steps, turns, cycles and victory; each carries the game on to
 * the next decision */
void tan_vp_gain(tan_state *s, int seat, int n, tt_events *ev);
void tan_vp_pay(tan_state *s, int u, int n, tt_events *ev);             /* team pays for unit u */
int tan_vp_limit_left(const tan_content *c, const tan_state *s, int u); /* TAN-5.16.3 */
void tan_end_game(tan_state *s, int winner, int reason, tt_events *ev);
int tan_living(const tan_state *s, int seat);
int tan_check_elimination(const tan_content *c, tan_state *s, int at_step_end, tt_events *ev);
void tan_check_story(tan_state *s, int seat, tt_events *ev);
int tan_flags_on_objectives(const tan_content *c, const tan_state *s, int seat);
void tan_setup_next(const tan_content *c, tan_state *s, tt_events *ev);
void tan_equip_unit(const tan_content *c, tan_state *s, int u, tt_events *ev);
int tan_over_four(const tan_content *c, const tan_state *s, int seat);
void tan_placement_next(const tan_content *c, tan_state *s, tt_events *ev);
void tan_place_next(const tan_content *c, tan_state *s, int passed, tt_events *ev);
void tan_reinforce_next(const tan_content *c, tan_state *s, tt_events *ev);
void tan_reinforce_after(const tan_content *c, tan_state *s, tt_events *ev);
void tan_choose_first(const tan_content *c, tan_state *s, int seat, tt_events *ev);
void tan_begin_cycle(tan_state *s, int u, tt_events *ev);
void tan_end_cycle(const tan_content *c, tan_state *s, tt_events *ev);

/* combat.c: duels, attacks, grenades, the outcome procedure and death */
enum tan_aw { AW_OK, AW_NO_WEAPON, AW_LOCKED, AW_NO_USES, AW_NOT_ENEMY, AW_NO_LOS, AW_RANGE };
const tan_weapon *tan_weapon_of(const tan_content *c, const tan_state *s, int inst);
int tan_ds(int v); /* TAN-5.1.5 */
int tan_duel(const tan_content *c, tan_state *s, int ini, int def, int stat, int *si, int *sd,
             tt_events *ev);
int tan_attack_why(const tan_content *c, const tan_state *s, int attacker, int victim, int inst);
void tan_attack(const tan_content *c, tan_state *s, int attacker, int victim, int inst, int blow,
                tt_events *ev);
void tan_throw(const tan_content *c, tan_state *s, int circle, int inst, tt_events *ev);
int tan_shrug_max(const tan_content *c, const tan_state *s, const tt_frame *f);
int tan_counter_open(const tan_content *c, const tan_state *s, int victim, int attacker);
void tan_shrug(const tan_content *c, tan_state *s, int k, tt_events *ev);
void tan_counter(const tan_content *c, tan_state *s, int yes, int inst, tt_events *ev);
/* Runs the decision stack to the next decision; ends a dead active's cycle. */
void tan_resolve(const tan_content *c, tan_state *s, tt_events *ev);

/* check.c: whether an action is allowed now (TAN-5.20.2, 5.20.3). Nothing
 * here changes the state. tan_check returns TT_OK when a is legal, else
 * TT_EILLEGAL, with the error code and the rule in err when err is not NULL
 * (NULL: no string is built). */
int tan_check(const tan_content *c, const tan_state *s, tt_action a, tt_error *err);
/* tan_check against a look already taken of the state (tan_look_at). */
int tan_check_in(const tan_look *L, tt_action a, tt_error *err);
/* For legal(), in the active character's cycle with no reaction waiting:
 * the check of the well-formed action (op, x, y, z), of a kind the sub-step
 * sequence allows, by its own rules alone. For an option of the action phase
 * the caller has asked tan_check_action_phase once for them all. The answer
 * is then tan_check_in's, with no error record. */
int tan_check_op(const tan_look *L, int op, int x, int y, int z);
/* The same for legal() outside the cycle, with no reaction waiting: the
 * well-formed action (op, x, y) of a kind the phase allows, by its own rules. */
int tan_check_setup_op(const tan_content *c, const tan_state *s, int op, int x, int y);
/* Fills mine with the instances u carries, in instance order; returns
 * their number. */
int tan_items_of(const tan_state *s, int u, uint8_t *mine);
/* TAN-5.11.1: some exchange sub-step is possible now, given the instances
 * the active character carries, in instance order (the lying ones are read
 * off the state's set). */
int tan_some_substep(const tan_look *L, const uint8_t *mine, int nmine);
/* TAN-5.5.2: TT_OK when the active character may take its action phase now. */
int tan_check_action_phase(const tan_look *L, tt_error *err);
/* Objective token o is in seat's hand (set aside for placement, TAN-3.9.2). */
int tan_obj_held_by(const tan_content *c, const tan_state *s, int o, int seat);
/* TAN-3.9.3: circle is an objective circle of token o's grade and skill
 * (whether another token lies there already aside). */
int tan_fits_kind(const tan_content *c, int o, int circle);
/* The objective token placed on circle, or -1. */
int tan_objective_at(const tan_content *c, const tan_state *s, int circle);
/* A flag carried by unit u, named as in A_DROP (a = seat * TAN_MAX_FLAGS + k),
 * or NULL when a names no such flag. Points into s. Inline: legal() asks it
 * of every flag in every exchange. */
static inline const tan_flag *tan_carried_flag(const tan_state *s, int a, int u)
{
    int seat = a / TAN_MAX_FLAGS, k = a % TAN_MAX_FLAGS;
    if (seat >= TAN_PLAYERS || k >= s->pl[seat].nflags)
        return NULL;
    const tan_flag *f = &s->pl[seat].flag[k];
    return f->where == FL_CARRIED && f->at == u ? f : NULL;
}
/* The first flag after a (-1: from the start) that u carries, named as
 * in A_DROP, or -1; a player's flags past his nflags are not looked at. */
static inline int tan_next_carried_flag(const tan_state *s, int u, int a)
{
    for (a++; a < TAN_PLAYERS * TAN_MAX_FLAGS; a++) {
        if (a % TAN_MAX_FLAGS >= s->pl[a / TAN_MAX_FLAGS].nflags)
            a = (a / TAN_MAX_FLAGS + 1) * TAN_MAX_FLAGS - 1; /* the next player's first */
        else if (tan_carried_flag(s, a, u))
            return a;
    }
    return -1;
}
/* VP a bought skill costs on objective token o (TAN-5.13.3). */
int tan_buy_cost(const tan_content *c, int o);
/* Flags of `owner` lying on circle (not carried, not captured). */
int tan_flags_lying(const tan_state *s, int owner, int circle);
/* The circle u plants captured flags on (TAN-5.14.4), or -1 when none is adjacent. */
int tan_plant_circle(const tan_content *c, const tan_state *s, int u);

/* effects.c: what an action tan_check accepted does, with its events (ev may
 * be NULL); the caller checks first and runs tan_resolve after. Setup
 * actions (op, a = x, b = y) outside the cycle, cycle actions (c = z) in it. */
void tan_do_setup(const tan_content *c, tan_state *s, int op, int x, int y, tt_events *ev);
void tan_do_cycle(const tan_content *c, tan_state *s, int op, int x, int y, int z, tt_events *ev);

/* actions.c: the interface's calls (to_move, legal, apply) and the actions
 * outside the turn order (TAN-8.6) */
int tan_to_move(const tt_game *g, const void *st);
int tan_legal(const tt_game *g, const void *st, tt_action *out);
int tan_apply(const tt_game *g, void *st, tt_action a, tt_events *ev, tt_error *err);
/* Outside the turn order: conceding, and a draw by agreement (TAN-8.6). */
int tan_offturn_legal(const tt_game *g, const void *st, int player, tt_action *out);
int tan_offturn_apply(const tt_game *g, void *st, int player, tt_action a, tt_events *ev,
                      tt_error *err);

/* text.c */
int tan_format(const tt_game *g, const void *st, tt_action a, char *buf, size_t n);
int tan_parse(const tt_game *g, const void *st, const char *text, tt_action *out, tt_error *err);
/* tt_rules.expand: TT_OK with the atomic texts in out, TT_EXPAND_GENERIC for a
 * text that is no shortcut, or a refusal. */
int tan_expand(const tt_game *g, const void *st, const char *text, char *out, size_t n,
               tt_error *err);
int tan_item_name(const tan_content *c, const tan_state *s, int i, char *buf, size_t n);
const char *tan_skill_name(int skill);
const char *tan_stat_name(int stat);
const char *tan_pack_name(int pack);
const char *tan_reason_name(int reason);
extern const char *const tan_reasons[];      /* by enum tan_reason */
extern const char *const tan_reason_texts[]; /* the same in words, for the end */

/* view_json.c, view_text.c and narrate.c */
char *tan_view_json(const tt_game *g, const void *st, int viewer);
char *tan_view_text(const tt_game *g, const void *st, int viewer);
char *tan_view_part(const tt_game *g, const void *st, int viewer, int part);
int tan_event_text(const tt_game *g, const tt_event *ev, int viewer, char *buf, size_t n);
const char *tan_player_name(const tt_game *g, int player);
int tan_player_title(const tt_game *g, int player, char *buf, size_t n);

/* --- content texts (describe.c) ------------------------------------------------- */

/* tt_rules.describe_id and describe: equipment, characters, crates, objectives. */
const char *tan_describe_id(const tt_game *g, int i);
int tan_describe(const tt_game *g, int i, int what, char *buf, size_t n);
/* Equipment definition `def` in a few words ("free weapon: pistol, +0 dice,
 * range 1-6, up to 1 wound"): TT_OK, or TT_EARG when cut to fit n bytes. */
int tan_equip_summary(const tan_content *c, int def, char *buf, size_t n);

#endif
