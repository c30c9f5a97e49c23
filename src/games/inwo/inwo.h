/* Illuminati: New World Order — the rules module's shared declarations.
 *
 * Implements ../shared/rules/inwo.md (rule IDs INWO-…), one file an area:
 * content.c and deck.c (the content and deck rules), setup.c (INWO-3),
 * board.c (where cards lie), values.c (effective values, 2.14), turn.c (the
 * turn, its rounds and items, 4; buying, takeover, dispose, goals at the knock,
 * elimination), attack.c (attacks, 5.9–5.16), instant.c (Privilege, after-roll
 * Plots, Instant Attacks, Relief: 5.14, 5.9.9, 5.17), plays.c (Plots and
 * abilities as items, 5.0.6, 5.8, 5.18), cancel.c (10.3), moves.c (moves and
 * subtree placement, 5.5, 2.11.8), links.c (6), agents.c (5.13, 10.2), goals.c
 * (9.3, 9.4), talk.c (table talk, 5.0.7), hidden.c and view.c (determinization
 * and views, 7), rig.c, stats.c (sim's figures), text.c (action texts), describe.c (card
 * texts), sanity.c (the invariants tests check), inwo.c (the rules table).
 *
 * Parameters: players (2..6, INWO-3.2), p0 … p5 (decks: a sample name or a
 * file, INWO-12.5), basic_goal (0: by player count, INWO-3.10),
 * two_player_rules (default: on with 2 players, INWO-4.8.3), max_rounds
 * (80, INWO-9.5.2), content (a content file).
 *
 * Actions: a head (enum inwo_head) in bits 16-30 and a 16-bit argument,
 * usually an instance (INWO_A); texts in text.c and docs/games/inwo.md.
 * Chance events: the setup shuffles (INWO-3.4, 3.7), the first-player
 * roll-off (INWO-3.8), every attack's 2d6 (INWO-5.9.8), emitted as events.
 *
 * ROUNDS AND ITEMS (INWO-4.6): rounds[] is a stack of core rounds, the top
 * one polling; its id is its root item's index in item[], or OR_… for an
 * open round (upkeep, last call, step 6, thwart). Items of a nested round lie
 * above those of the rounds below; attached items (aid, oppose, defend, a
 * Plot, a cancel) name their root in `parent` and lie above it; a cancel's
 * `target` is the index of the item it cancels, always a lower one, and
 * INWO_I_CANCELED is set when the root's round closes (INWO-10.3.8). A
 * root's items are popped when it is over. `step` is the active player's step, `point`/`to_move` are derived
 * from step, rounds and `decl` after every change (turn.c: settle).
 *
 * Decisions where the rules are silent (also in docs/games/inwo.md): the
 * step-6 round starts after the active player (INWO-4.4.2); filters inside a
 * Power computation read printed Power (2.10.1); X's token is spent when the
 * attack is committed (5.9.3); a subtree card whose cell is taken is asked
 * about in the order the placement meets it (2.11.8); a compound's part
 * repeating a forced answer is dropped at expansion, one giving another
 * answer is refused as that answer would have been (5.0.2).
 *
 * HIDDEN INFORMATION (section 7), as this state stores it — determinization
 * (INWO-7.12) relies on exactly this:
 *  - Every card is an instance 0 … 45·nplayers−1; instance i belongs to seat
 *    i / 45 and its card_id is content's deck[seat].def[i % 45]: identity is
 *    fixed by the instance, never stored in the state. What is hidden is
 *    which instance lies in which *place*.
 *  - A place is a slot of a pile in `slot[]` (decks, hands, discard and
 *    destroyed piles), a structure node, or a card's zone and holder for the
 *    unordered zones (Resources, pending, agents, table, NWO, Zap, removed).
 *    Owner, back (kind ≠ plot/illuminati: Group back) and place of every
 *    card are public (INWO-7.1); so are pile sizes and hand counts by owner
 *    and back.
 *  - card[i].seen_by is the set of seats that know instance i's identity in
 *    its place (INWO-7.10); it is public. A face-up zone (structure,
 *    Resources, pending, agents, table, NWO, Zaps, discard, destroyed) has
 *    every seat in it; a hand's holder is always in it; deck cards have
 *    none after the setup shuffle. INWO_F_EXPOSED marks an exposed Plot in a
 *    hand (seen by all).
 *  - Who may see a card's face: the seats of seen_by. Nothing else in the
 *    state is hidden, except `lead[]` while setup's lead choices are being
 *    made (visible to its chooser only, INWO-3.6) and `decl` (the declaration
 *    in progress, its declarer's only, INWO-7.13).
 *  - Determinization deals the instances that the viewer does not know over
 *    the places they occupy, within classes of owner and back: it permutes
 *    instance ids among slots (and among equal-zone places), keeping each
 *    place's seen_by (so seen_by is swapped back after the deal) and moving
 *    with each instance what it carries: its change records (keyed by
 *    instance), flags (Devastated, killed) and links. INWO_F_WAS_PUBLIC
 *    marks a Group-back card ever in play or pending, dealt only over hand
 *    places (INWO-7.12 step 2). The RNG in the head is reseeded.
 *
 * LAYOUT. inwo_state_size(n) = sizeof(inwo_state) + 45·n·10 bytes: 6,816
 * with 4 players, 7,716 with 6. The fixed part (5,016 bytes) is sized by the
 * caps of INWO-2.15.1 whatever the player count: slot[] 540 (every pile:
 * decks, hands, discard and destroyed piles share one array, core/pile.h),
 * node[] 768 (128 structure cells), record[] 1,024 (256 change records),
 * link[] 512 (64), item[] 960 (96 pending items), temp[] 576 (one-turn
 * effects), rounds[] 64 (8 nested rounds, core/round.h), pl[] 264, decl 100,
 * and the head, counters, NWO area and registries. Then the card instances, 450
 * bytes a seat. The smallest integer types the caps allow: instances are
 * uint16_t (270 > 255), nodes and items uint8_t indices, grid cells int8_t. */
#ifndef TT_GAMES_INWO_INWO_H
#define TT_GAMES_INWO_INWO_H

#include <stddef.h>
#include <stdint.h>

#include "core/head.h"
#include "core/round.h"
#include "core/rules.h"
#include "games/inwo/content.h"

/* --- caps (INWO-2.15.1) ------------------------------------------------------------ */

#define INWO_MAX_CARDS (INWO_MAX_PLAYERS * INWO_DECK_CARDS) /* 270 instances */
#define INWO_STRUCT_MAX 40       /* cards in one structure, the Illuminati included */
#define INWO_NODES_MAX 128       /* cards in all structures together */
#define INWO_RESOURCES_MAX 24    /* Resources in play, one player */
#define INWO_HAND_MAX 64         /* cards in one hand, both backs */
#define INWO_CARD_RECORDS_MAX 16 /* change records on one card */
#define INWO_RECORDS_MAX 256     /* change records in the game */
#define INWO_CARD_LINKS_MAX 8    /* links ending on one card */
#define INWO_LINKS_MAX 64        /* links in the game */
#define INWO_ZAPS_MAX 8          /* Zaps on one player */
#define INWO_ROUNDS_MAX 8        /* response rounds open at once (INWO-4.6.4) */
#define INWO_ITEMS_MAX 96        /* pending items, all rounds (INWO-4.6.2) */
#define INWO_TEMPS_MAX 96        /* one-turn effects in force (house: as many as items) */
#define INWO_GRID_MIN (-40)      /* INWO-2.15.2 (d) */
#define INWO_GRID_MAX 40
#define INWO_MAX_ACTIONS 512 /* INWO-5.0.9 */
#define INWO_NONE 0xFFFF     /* no instance */
#define INWO_NO_NODE 0xFF

/* --- zones (INWO-2.13.1) ------------------------------------------------------------- */

enum inwo_zone {
    Z_PLOT_DECK,
    Z_GROUP_DECK,
    Z_HAND,
    Z_DESTROYED,
    Z_DISCARD,   /* piles, in slot[] order */
    Z_STRUCTURE, /* a node of the holder's structure */
    Z_RESOURCE,  /* a Resource in play beside the holder's structure */
    Z_PENDING,   /* a group attacked from the holder's hand (INWO-5.9.2) */
    Z_AGENTS,    /* an Illuminati agent of the holder (INWO-10.2.6) */
    Z_TABLE,     /* a Plot in play: attack Plots, linked Plots (with a link) */
    Z_ZAP,       /* a Zap on the holder (INWO-5.18.5) */
    Z_NWO,       /* the NWO area (holder: who played it) */
    Z_SETASIDE,  /* a lead set aside during setup (INWO-3.6) */
    Z_REMOVED,   /* left the game with an eliminated player (INWO-9.2.2) */
};
#define INWO_NPILES 5 /* the zones kept in slot[], per seat */

/* card flags */
enum {
    INWO_F_EXPOSED = 1 << 0,    /* a Plot exposed in a hand (INWO-7.3) */
    INWO_F_DEVASTATED = 1 << 1, /* INWO-5.17.7; kept through zones (6.5.3) */
    INWO_F_CAPTURED = 1 << 2,   /* captured this turn (INWO-5.11.5) */
    INWO_F_KILLED = 1 << 3,     /* a destroyed Personality, assassinated */
    INWO_F_BENEFIT = 1 << 4,    /* gave a link benefit this turn (INWO-6.3.3) */
    INWO_F_PARALYZED = 1 << 5,  /* INWO-5.18.3 */
    INWO_F_PARA_ARMED = 1 << 6, /* its expiring turn has begun (PARALYZE until) */
    INWO_F_WAS_PUBLIC = 1 << 7, /* a Group-back card that has been in play or pending */
};

/* One card instance (INWO-2.1.1, 2.12.1): 10 bytes. Owner and card_id follow
 * from the instance number (see the top of this file). */
typedef struct inwo_card {
    uint8_t zone;    /* enum inwo_zone */
    uint8_t holder;  /* seat whose zone it lies in: controller in play */
    uint8_t seen_by; /* bit per seat (INWO-7.10) */
    uint8_t flags;   /* INWO_F_… */
    union {
        struct {               /* in play */
            uint8_t tokens;    /* unspent Action tokens */
            uint8_t node;      /* its structure node, or INWO_NO_NODE */
            uint8_t used;      /* ability k used: bit k this turn, bit 4+k this game */
            uint8_t para_seat; /* who controlled it when paralyzed */
            uint16_t
                spare; /* bit 0: its group link ended this turn (links.c); bit 8+p: seat p announced its Relief this turn (instant.c) */
        } p;
        struct {                 /* in a destroyed pile (INWO-5.12.6) */
            uint16_t align_now;  /* alignments at destruction */
            uint16_t align_perm; /* the same, ignoring temporary records */
            uint16_t turn;       /* the turn of the destruction (inwo_turn_id) */
        } d;
    } u;
} inwo_card;

/* A structure node (INWO-2.11.3): 6 bytes. Puppets are the nodes whose
 * master is this one; the master-local side is `side`. */
typedef struct inwo_node {
    uint16_t card;  /* the instance, INWO_NONE for a free node */
    int8_t x, y;    /* cell of its holder's grid, within −40..40 */
    uint8_t master; /* node index, INWO_NO_NODE for the Illuminati */
    uint8_t geo;    /* rot (bits 0-1), master-local side (2-3), seat (4-6) */
} inwo_node;
#define INWO_GEO(rot, side, seat) (uint8_t)((rot) | (side) << 2 | (seat) << 4)
#define INWO_ROT(g) ((g)&3)
#define INWO_SIDE(g) ((g) >> 2 & 3)
#define INWO_SEAT(g) ((g) >> 4 & 7)

/* An alignment change record (INWO-2.14.6): 4 bytes, kept in timestamp
 * order, packed as below. SET_ALIGN records of linked Plots are not stored:
 * they follow from the link and its timestamp. */
typedef uint32_t inwo_record;
#define INWO_REC(card, align, remove, turn, plot, ts)                                              \
    ((inwo_record)(card) | (inwo_record)(align) << 9 | (inwo_record)(remove) << 13 |               \
     (inwo_record)(turn) << 14 | (inwo_record)(plot) << 15 | (inwo_record)(ts) << 16)
#define INWO_REC_CARD(r) ((int)((r)&0x1FF))       /* the instance */
#define INWO_REC_ALIGN(r) ((int)((r) >> 9 & 0xF)) /* enum inwo_align */
#define INWO_REC_REMOVE(r) ((int)((r) >> 13 & 1)) /* "remove a", else "add a" */
#define INWO_REC_TURN(r) ((int)((r) >> 14 & 1))   /* duration turn, else permanent */
#define INWO_REC_PLOT(r) ((int)((r) >> 15 & 1))   /* made by a Plot (REPEAL) */
#define INWO_REC_TS(r) ((int)((r) >> 16))         /* its resolution's timestamp */

/* A link (INWO-2.12.2): 8 bytes. */
typedef struct inwo_link {
    uint16_t a, b; /* the linked card (Resource, Plot, group) and the group */
    uint8_t what;  /* kind (bits 0-1), permanent (2), moved this turn (3), status (4-5) */
    uint8_t spare;
    uint16_t ts; /* when it was made (for SET_ALIGN, INWO-2.14.6) */
} inwo_link;
enum inwo_linkkind { LK_RESOURCE, LK_PLOT, LK_GROUP };
enum inwo_linkstatus { LS_ACTIVE, LS_INACTIVE_TEMPORARY, LS_INACTIVE_PERMANENT };

/* A pending item (INWO-4.6.2): 10 bytes. A round's tt_round.id is its root
 * item's index (TT_ROUND_NONE for an open round, INWO-4.6.7); attached items
 * name their parent. Items of a nested round lie above those of the rounds
 * below it, so closing a round pops its items. */
typedef struct inwo_item {
    uint8_t kind;  /* the command it announces */
    uint8_t who;   /* seat (bits 0-2), canceled (3), illegal (4), committed (5),
                      privileged (6), unprivileged for good (7, INWO-5.14.3) */
    uint16_t card; /* the acting card: X, the Plot, the group spending */
    uint16_t target;
    uint8_t parent; /* the item it is attached to, or 0xFF for a root */
    uint8_t arg;    /* the op's answer: kind of attack, side, value, alignment … */
    uint16_t num;   /* its text i<num>: announcements of this turn, from 1 (INWO-5.0.3) */
} inwo_item;

/* An effect that lasts until the end of the turn once its item resolved
 * (INWO-4.5.1 (1)): a defense BOOST, a MODIFY, a FREEZE made by an ability
 * or a Plot. The op is the source's ability `ability`; alignment changes of
 * one turn are change records instead. 6 bytes. */
typedef struct inwo_temp {
    uint16_t source; /* the Plot or the card whose ability made it */
    uint16_t target; /* the group it applies to, INWO_NONE for a FREEZE */
    uint8_t ability; /* index into the source's abilities */
    uint8_t arg;     /* BOOST: the use */
} inwo_temp;

/* A declaration half made (INWO-5.0.1): its declarer's only. */
/* The longest declaration: a Relief committing a whole structure (1 + 40 +
 * `done`, INWO-5.17.9); a play asks at most a target, 9 helpers or takes,
 * `done` and 4 costs. */
#define INWO_DECL_MAX 48

typedef struct inwo_decl {
    uint8_t player, head, nans, point; /* point: where he began */
    uint16_t ans[INWO_DECL_MAX];       /* the answers so far, in the order asked */
} inwo_decl;

/* A table-talk offer (INWO-5.0.7): at most one per player. */
typedef struct inwo_offer {
    uint8_t kind, to, ngive, nask; /* kind 0: none */
    uint16_t give[3], ask[3], pay;
} inwo_offer;

/* forced[2] of a scratch copy (text.c): every question is asked, none is
 * answered by the engine (INWO-5.0.1), to find why a typed part that
 * differs from a forced answer is refused. Never a real action. */
#define INWO_UNFORCED 0xFFFFFFFFu

/* decision points (INWO-5.0.4) */
enum inwo_point {
    PT_LEAD,
    PT_UPKEEP,
    PT_ROUND,
    PT_THWART,
    PT_AFTER_ROLL,
    PT_STEP1,
    PT_STEP2,
    PT_STEP3,
    PT_STEP4,
    PT_MAIN,
    PT_STEP6,
    PT_DECLARE,
    PT_RESOLVE,
    PT_DISPOSE,
    PT_OVER
};

/* turn flags of the active player */
enum {
    INWO_T_RESOURCE = 1 << 0,   /* played a Resource with an Illuminati token (INWO-5.4.1) */
    INWO_T_DRAW_GROUP = 1 << 1, /* drew a Group with an Illuminati token (INWO-5.4.2) */
    INWO_T_TAKEOVER = 1 << 2,   /* made the step-3 takeover (INWO-4.8.3 (c)) */
    INWO_T_DREW = 1 << 3,       /* made the current step's own draw (INWO-4.2.3, 4.2.4) */
};

typedef struct inwo_player {
    uint16_t completed; /* completed turns (INWO-4.1.1) */
    uint16_t lead;      /* INWO-3.6: his lead choice while setup runs, else INWO_NONE */
    uint8_t illuminati_node;
    uint8_t turn_flags; /* INWO_T_…, cleared at cleanup */
    uint8_t protected_; /* 1 until his first turn is complete (INWO-4.8.1) */
    uint8_t lead_state; /* setup (INWO-3.6): to choose, chosen, confirmed, none */
    uint8_t declared;   /* step 7: goals declared, bits basic, special, card (INWO-9.4.2) */
    uint8_t exempt;     /* INWO-9.2.5: passed over by elimination until step 7 */
    uint8_t deciding;   /* a winner's deciding goal (INWO-9.5.3), for SHARED_WIN */
    uint8_t spare;
    uint16_t out_round; /* the round he was eliminated in, 0 while playing (INWO-9.5.1) */
    /* for simulations (INWO-9.5.1, the figures): attacks attempted and
     * succeeded, by kind: control, destroy, instant */
    uint16_t attacks[3][2];
    inwo_offer offer;
} inwo_player;

typedef struct inwo_state {
    tt_head head; /* first: the core reads it */
    uint8_t nplayers, first, active, point;
    uint8_t to_move; /* the seat deciding now */
    uint8_t resume;  /* the point a dispose interrupted (INWO-5.0.4) */
    uint8_t nrounds, nitems, nlinks, ntemps;
    uint8_t step;        /* the active player's step: PT_UPKEEP … PT_STEP6 (INWO-4.1.2) */
    uint8_t open_play;   /* a play was made in the open round at the bottom (INWO-4.3.2) */
    uint8_t nforced;     /* answers the last apply gave by itself (INWO-5.0.1) */
    uint8_t asking;      /* step 7: the seat asked to declare (INWO-9.4.2) */
    tt_action forced[3]; /* a compound part repeating one is accepted (INWO-5.0.2) */
    uint16_t round;      /* INWO-4.1.1, from 1 */
    uint16_t clock;      /* timestamps of records and links */
    uint16_t announced;  /* items announced this turn: the next is i<announced+1> */
    uint16_t nrecords;
    uint8_t nnodes;
    uint8_t roll;       /* the current attack's 2d6, 0 before the roll (INWO-5.9.8) */
    int8_t roll_mod;    /* the sum of its resolved ROLL_MODs (INWO-5.9.9) */
    uint8_t auto_fail;  /* an AUTO_FAIL resolved on it */
    uint16_t nwo[3];    /* INWO-5.18.6: per color red, blue, yellow; INWO_NONE */
    uint16_t nwo_ts[3]; /* when each was played (applied in that order) */
    uint32_t frozen;    /* attributes frozen this turn (INWO-5.18.2) */
    uint8_t destroyed[INWO_MAX_DEFS / 8 + 1]; /* card_ids registered destroyed (10.1.3, 10.1.6) */
    uint16_t npile[INWO_MAX_PLAYERS][INWO_NPILES]; /* pile sizes, seat-major */
    uint16_t slot[INWO_MAX_CARDS]; /* every pile's instances, bottom first, top at n-1 */
    inwo_player pl[INWO_MAX_PLAYERS];
    inwo_node node[INWO_NODES_MAX];
    inwo_record record[INWO_RECORDS_MAX];
    inwo_link link[INWO_LINKS_MAX];
    inwo_item item[INWO_ITEMS_MAX];
    inwo_temp temp[INWO_TEMPS_MAX];
    tt_round rounds[INWO_ROUNDS_MAX];
    inwo_decl decl;
    uint8_t nodes_end; /* one past the highest node in use: scans of node[] stop there */
    inwo_card card[];  /* 45 per seat */
} inwo_state;

/* The turn now, as a number no other turn of the game has: the round and the
 * active seat (rounds stop at 1,000, INWO-3.2). */
static inline uint16_t inwo_turn_id(const inwo_state *s)
{
    return (uint16_t)(s->round << 3 | s->active);
}

static inline size_t inwo_state_size(int nplayers)
{
    return sizeof(inwo_state) + (size_t)nplayers * INWO_DECK_CARDS * sizeof(inwo_card);
}
_Static_assert(sizeof(inwo_card) == 10, "a card instance is 10 bytes");
_Static_assert(sizeof(inwo_node) == 6 && sizeof(inwo_item) == 10 && sizeof(inwo_link) == 8 &&
                   sizeof(inwo_temp) == 6,
               "nodes, items and links keep their sizes");
/* 6,800 bytes with 4 players and 7,700 with 6 (inwo_state_size): one memcpy
 * of 80 to 95 ns on the 2-core test machine, within the 200 ns asked for */
_Static_assert(sizeof(inwo_state) + 4 * INWO_DECK_CARDS * sizeof(inwo_card) <= 6816,
               "a 4-player state grew past 6816 bytes");
_Static_assert(sizeof(inwo_state) + 6 * INWO_DECK_CARDS * sizeof(inwo_card) <= 7716,
               "a 6-player state grew past 7716 bytes");

/* --- helpers ----------------------------------------------------------------------- */

static inline int inwo_owner(int instance)
{
    return instance / INWO_DECK_CARDS;
}
static inline const inwo_def *inwo_def_of(const inwo_content *c, int instance)
{
    return &c->def[c->inst_def[instance]];
}
/* Whether instance's card has an ability of op (content's index). */
static inline int inwo_has_op(const inwo_content *c, int instance, int op)
{
    return (int)(c->ops[instance] >> op & 1);
}
/* The instances whose card has an ability of op, in increasing order. */
static inline const uint16_t *inwo_op_sources(const inwo_content *c, int op, int *n)
{
    *n = c->op_first[op + 1] - c->op_first[op];
    return &c->op_inst[c->op_first[op]];
}
/* The instances of card definition def, in increasing order. */
static inline const uint16_t *inwo_def_instances(const inwo_content *c, int def, int *n)
{
    *n = c->def_first[def + 1] - c->def_first[def];
    return &c->def_inst[c->def_first[def]];
}
/* Plot back (Plots and Illuminati) or Group back (INWO-2.7.3). */
static inline int inwo_plot_back(const inwo_def *d)
{
    return d->kind == INWO_PLOT || d->kind == INWO_ILLUMINATI;
}

/* events (tt_event.type); a..d as listed, `player` the seat concerned */
enum inwo_event {
    INWO_EV_SHUFFLE = 1, /* a: the zone shuffled, b: its cards */
    INWO_EV_DRAW,        /* a: the deck drawn from, b: the card (seen: who know it) */
    INWO_EV_CHOSEN,      /* a: the lead chosen, seen by its chooser only (INWO-3.6) */
    INWO_EV_LEAD,        /* a: the lead revealed, b: 1 when a duplicate set aside */
    INWO_EV_NO_LEAD,     /* the seat has no eligible Group left: no lead */
    INWO_EV_ROLL,        /* a, b: the two dice of the first-player roll (INWO-3.8) */
    INWO_EV_FIRST,       /* the seat goes first */
    INWO_EV_TURN,        /* the seat's turn begins; a: the round (INWO-4.1) */
    INWO_EV_STEP,        /* a: the decision point reached (enum inwo_point) */
    INWO_EV_BUY,         /* a, b: the cards that paid (b INWO_NONE: the Illuminati alone) */
    INWO_EV_TOKENS,      /* a: the card, b: tokens it now holds (step 4, INWO-4.2.6) */
    INWO_EV_TAKEOVER,    /* a: the card brought into play (INWO-5.3) */
    INWO_EV_ANNOUNCE,    /* a: the item's number, b: its card, c: its head (INWO-4.6.2) */
    INWO_EV_RESOLVE,     /* a: the item's number, b: 1 when it took effect */
    INWO_EV_PASS,        /* the seat passed */
    INWO_EV_DISCARD,     /* a: the card discarded */
    INWO_EV_RETURN,      /* a: the card returned, b: 1 to the bottom (seen: who know it) */
    INWO_EV_KNOCK,       /* step 7 (INWO-4.4.3) */
    INWO_EV_END,         /* the game ended; a: the reason */
    INWO_EV_ATTACK_ROLL, /* a, b: the dice, c: the strength (INWO-5.9.8) */
    INWO_EV_ATTACK,      /* a: the item, b: 1 success, 0 failure, 2 void, 3 called off */
    INWO_EV_CAPTURE,     /* a: the card captured, b: 1 when unplaceable and discarded */
    INWO_EV_DESTROY,     /* a: the card destroyed */
    INWO_EV_ELIMINATED,  /* the seat left the game (INWO-9.2) */
    INWO_EV_GIVE,        /* a: the card given, b: the recipient (seen: both, or all) */
    INWO_EV_SHOW,        /* a: the Plot shown, b: the player shown (seen: the two) */
    INWO_EV_EXPOSE,      /* a: the Plot exposed (INWO-7.3) */
    INWO_EV_UNTOKEN,     /* a: the card, b: tokens it still holds (INWO-4.7.1) */
    INWO_EV_REVEAL,      /* a: a card of a winner's hand, shown to all (INWO-9.4.6) */
};

/* --- the piles of slot[] (setup.c) --- */
const uint16_t *inwo_pile(const inwo_state *s, int seat, int zone, int *n);
void inwo_pile_push(inwo_state *s, int seat, int zone, uint16_t card);
uint16_t inwo_pile_take(inwo_state *s, int seat, int zone, int i);

/* --- setup.c --- */
void inwo_init(const tt_game *g, void *st, uint64_t seed);
int inwo_lead_legal(const tt_game *g, const inwo_state *s, tt_action *out);
int inwo_lead_apply(const tt_game *g, inwo_state *s, int card, tt_events *ev, tt_error *err);
int inwo_instance_text(const inwo_content *c, int instance, char *buf, size_t n);
int inwo_instance_parse(const inwo_content *c, const char *text);

/* --- board.c: where cards lie (INWO-2.11–2.13) --- */
/* The cell the arrow `side` (master-local) of node `master` points at;
 * returns the world direction (INWO-2.11.4). */
int inwo_arrow_cell(const inwo_state *s, int master, int side, int *x, int *y);
/* The node of seat's structure at (x, y), a cell inside the grid, or -1. */
int inwo_cell_node(const inwo_state *s, int seat, int x, int y);
/* Puts card (lifted from its place first) on node master's side, for seat;
 * returns its node. The caller checked the arrow is open and the caps. */
int inwo_place(const inwo_content *c, inwo_state *s, int seat, int card, int master, int side);
/* Takes card out of its place: its pile slot or its node (a node with no
 * puppets; the caller moves those first). Its in-play state is cleared. */
void inwo_lift(inwo_state *s, int card);
/* Puts a lifted card into a zone of seat (a pile: on top). */
void inwo_put(inwo_state *s, int card, int zone, int seat);
/* Adds a link from a (Resource, Plot, group) to group b, dated now. */
int inwo_link_add(inwo_state *s, int a, int b, int kind, int permanent);
void inwo_link_remove(inwo_state *s, int k);
int inwo_link_of(const inwo_state *s, int a); /* the link from a, or -1 */
/* Re-checks every link and stores its status (INWO-6.4.2). */
void inwo_links_update(const inwo_content *c, inwo_state *s);
/* Adds an alignment change record on card, dated now (INWO-2.14.6). */
void inwo_record_add(inwo_state *s, int card, int align, int remove, int turn, int plot);
/* Deletes the records of duration `turn` (INWO-4.5.1 (1)). */
void inwo_records_expire(inwo_state *s);

/* --- values.c: effective values (INWO-2.14) --- */
/* contexts (INWO-2.14.1), with the flags of one computation */
enum inwo_ctx { CX_BASE, CX_ATTACK, CX_DEFENSE, CX_GOAL };
#define CX_VS_DESTROY 4   /* Power against a destroy or Instant Attack: Devastation halves */
#define CX_SELF_DEFENSE 8 /* the target's own token: one multiplier step more (2.14.4) */
/* The alignments of a card now, a bit per enum inwo_align; lasting: the
 * records of duration `turn` ignored (INWO-6.4.3, 9.3.6). */
unsigned inwo_align_of(const inwo_content *c, const inwo_state *s, int card, int lasting);
uint32_t inwo_attr_of(const inwo_content *c, const inwo_state *s, int card);
/* Whether card matches filter, `seat` being the filter's card's controller. */
int inwo_match(const inwo_content *c, const inwo_state *s, int filter, int card, int seat);
/* Effective Power, Global Power or Resistance (enum inwo_stat) in ctx. */
int inwo_value(const inwo_content *c, const inwo_state *s, int card, int stat, int ctx);
int inwo_capacity(const inwo_content *c, const inwo_state *s, int card);        /* INWO-5.1.2 */
int inwo_receives_tokens(const inwo_content *c, const inwo_state *s, int card); /* INWO-5.1.3 */
int inwo_devastated_arm(const inwo_state *s, int card); /* in a Devastated Place's subtree */
int inwo_paralyzed(const inwo_state *s, int card);
int inwo_link_active(const inwo_link *l);
/* Whether link k is legal now (INWO-6.4.1); lasting: ignoring the effects
 * with a built-in time limit. */
int inwo_link_legal(const inwo_content *c, const inwo_state *s, int k, int lasting);
/* The status link k should have now (enum inwo_linkstatus, INWO-6.4.3). */
int inwo_link_status(const inwo_content *c, const inwo_state *s, int k);

/* --- sanity.c --- */
int inwo_sanity(const tt_game *g, const void *st, tt_error *err);

/* --- actions (INWO-5.0): a head and a 16-bit argument ----------------------------- */
enum inwo_head {
    H_NONE,
    H_LEAD,       /* lead <card> (INWO-3.6) */
    H_PASS,       /* pass (INWO-4.6.3) */
    H_BUY,        /* buy; then pay (INWO-5.2) */
    H_PAY,        /* pay <card>: the card spending a token */
    H_DRAW,       /* draw: the step's own draw (arg INWO_NONE); draw <card>: an EXTRA_DRAW */
    H_DONE,       /* done: ends step 1, 2, 3 or 6 */
    H_TAKEOVER,   /* takeover <card> (INWO-5.3); then arrow for a Group */
    H_ARROW,      /* arrow <card>/<side>: arg card | side << 9 */
    H_END_MAIN,   /* end_main (INWO-4.3.2) */
    H_DRAW_GROUP, /* draw_group (INWO-5.4.2) */
    H_RESOURCE,   /* resource <card> (INWO-5.4.1) */
    H_DISCARD,    /* discard <card>, at dispose (INWO-5.7.2) */
    H_RETURN,     /* return <plot> top|bottom: arg card | bottom << 9 */
    H_ATTACK,     /* attack <X>; then kind, target (INWO-5.9.2) */
    H_KIND,       /* kind control|destroy: arg enum inwo_attack */
    H_TARGET,     /* target <card> */
    H_AID,        /* aid <G> (INWO-5.10) */
    H_OPPOSE,     /* oppose <G> */
    H_DEFEND,     /* defend: the target spends a token (INWO-5.9.6 (a)) */
    H_CALL_OFF,   /* call_off: the uncommitted attack (INWO-5.9.3) */
    H_DECLARE,    /* declare <goals>: arg a mask of GOAL_B, GOAL_S, GOAL_C (INWO-9.4.2) */
    H_NODECLARE,  /* nodeclare */
    H_PLAY,       /* play <card>: a +10 Plot in an attack (INWO-5.18.1); then target, for */
    H_FOR,        /* for action|defense|own_attack: arg enum inwo_boostuse */
    H_MOVE,       /* move <G>; then arrow, pay (INWO-5.5.1) */
    H_LINK,       /* link <card>; then to (INWO-6.2) */
    H_TO,         /* to <group>: the group a link goes to */
    H_UNLINK,     /* unlink <group>: ends its group link (INWO-6.3.2) */
    H_BENEFIT,    /* benefit <card> take|decline: arg card | decline << 9 (INWO-6.3.3) */
    H_AGENTS,     /* agents <card>; then side (INWO-5.13.1) */
    H_SIDE,       /* side aid|oppose: arg 0 aid, 1 oppose */
    H_AGENT,      /* agent <card>: an Illuminati agent (INWO-10.2.6) */
    H_REASSIGN,   /* reassign <card> <side>|none: arg card | side << 9, none 4 (INWO-2.11.8) */
    H_PRIVILEGE,  /* privilege <card>|none: the attack's Privilege (INWO-5.14.1) */
    H_VALUE,      /* value <n>: a ROLL_MOD's choice, arg n + INWO_VALUE_BIAS (INWO-5.9.9) */
    H_HELPER,     /* helper <G>: an Instant Attack's helper (INWO-5.17.3) */
    H_RELIEF,     /* relief <place>; then commit, done (INWO-5.17.9) */
    H_COMMIT,     /* commit <G>: a token for a Relief */
    H_USE,        /* use <card>: a special ability (INWO-5.8); then its questions */
    H_ABILITY,    /* ability <k>: which of the card's abilities, from 1 */
    H_CHOOSE,     /* choose <alignment>: ALIGN's choice (INWO-5.0.6) */
    H_MODE,       /* mode freeze|cancel: FREEZE's choice, arg 0 freeze, 1 cancel */
    H_TAKE,       /* take <plot>: STEAL_EXPOSED's choice */
    H_SUBSTITUTE, /* substitute <G>: replaces a lost paying action (INWO-10.3.2) */
    H_FORFEIT,    /* forfeit: declines to (the play fizzles) */
    H_ZAP_CLEAR,  /* zap_clear <player>: an Illuminati token discards his Zaps (5.18.5) */
    H_RECORD,     /* record <k>: the k-th change record of the card named, from 1 */
    INWO_NHEADS
};
/* decl.head of a REORGANIZE resolving (reorg.c): no action's head */
#define INWO_D_REORGANIZE INWO_NHEADS
#define INWO_A(head, arg) ((tt_action)(head) << 16 | (tt_action)(arg))
#define INWO_HEAD(a) ((int)((a) >> 16 & 0x7FFF))
#define INWO_ARG(a) ((int)((a)&0xFFFF))
#define INWO_A_LEAD INWO_A(H_LEAD, 0)
#define INWO_A_ARG 0xFFFFu
#define INWO_CARD_BITS 0x1FF /* an instance in an argument (270 < 512) */

/* reason codes (INWO-9.5.3), indexing tt_rules.reasons */
enum inwo_reason {
    R_BASIC_GOAL = 1,
    R_SPECIAL_GOAL,
    R_GOAL_CARD,
    R_SHARED_WIN,
    R_ELIMINATION,
    R_CONCEDED,
    R_DRAW_MAX_ROUNDS
};

/* open rounds (INWO-4.6.7): tt_round.id, above every item index */
enum { OR_UPKEEP = 0xF0, OR_LASTCALL, OR_STEP6, OR_THWART };

/* --- turn.c: the turn (INWO-4) --- */
int inwo_turn_to_move(const inwo_state *s);
int inwo_turn_legal(const tt_game *g, const inwo_state *s, tt_action *out);
int inwo_turn_apply(const tt_game *g, inwo_state *s, tt_action a, tt_events *ev, tt_error *err);
/* tt_rules.offturn_apply: conceding (INWO-9.2.4). */
int inwo_offturn_apply(const tt_game *g, void *st, int player, tt_action a, tt_events *ev,
                       tt_error *err);
/* Starts the first player's first turn once setup is done. */
void inwo_turn_begin(const tt_game *g, inwo_state *s, tt_events *ev);

/* shared by turn.c and attack.c */
int inwo_next_seat(const inwo_state *s, int p);
void inwo_open_round(inwo_state *s, int start, int id);
int inwo_illuminati(const inwo_state *s, int seat);
int inwo_can_spend(const inwo_state *s, int seat, int card);
int inwo_copy_free(const inwo_content *c, const inwo_state *s, int card);
int inwo_structure_size(const inwo_state *s, int seat);
int inwo_arrow_open(const inwo_content *c, const inwo_state *s, int k, int side);
/* The refusal of a closed arrow of card: paralyzed (INWO-5.18.3) or not open (2.11.5). */
int inwo_arrow_refused(const inwo_content *c, const inwo_state *s, int card, tt_error *err);
/* Whether seat's structure has an open arrow (INWO-2.11.5). */
int inwo_any_open_arrow(const inwo_content *c, const inwo_state *s, int seat);

/* item flags in inwo_item.who, above the seat */
#define INWO_I_CANCELED 0x08
#define INWO_I_ILLEGAL 0x10
#define INWO_I_COMMITTED 0x20

/* The item kind of a cancel (INWO-10.3): a Plot whose `target` is the index
 * of the item it cancels; not a head. */
#define INWO_K_CANCEL 0xC0
/* `target i<k>` (INWO-5.0.3): an answer naming item k by its text number. */
#define INWO_ITEM_ARG 0x8000u
/* `target <player>` (EXPOSE, STEAL_EXPOSED): an answer naming a seat. */
#define INWO_PLAYER_ARG 0x4000u
/* The slot of decl.ans holding the item a play attaches to (a +10 Plot's
 * attack, a cancel's root) or a resolution question's item; the answers
 * fill decl.ans from 0 and never reach it. */
#define INWO_DECL_ROOT (INWO_DECL_MAX - 1)
#define INWO_DECL_AUX (INWO_DECL_MAX - 2)

/* Item kinds of instant.c, not heads: an Instant Attack (a root; `arg` the
 * defense P_T + pos fixed when announced, INWO-5.17.3), a Privilege Plot and
 * an un-privilege attached to an attack (INWO-5.14), an after-roll Plot
 * (INWO-5.9.9; `arg` ROLL_MOD's value + INWO_VALUE_BIAS). Helpers are H_AID
 * items of the Instant Attack, Relief tokens H_COMMIT items of the Relief. */
#define INWO_K_INSTANT 0xC1
#define INWO_K_PRIV 0xC2
#define INWO_K_UNPRIV 0xC3
#define INWO_K_AFTER 0xC4
/* The item kind of an accepted group gift (talk.c, INWO-5.5.5): card G,
 * target the arrow's card, arg the side. */
#define INWO_K_GIFT 0xC5
#define INWO_VALUE_BIAS 64
/* inwo_item.who bits of an attack (privileged, unprivileged for good) and
 * of a Disaster (its target lost a token when announced, INWO-5.17.5) */
#define INWO_I_PRIVILEGED 0x40
#define INWO_I_UNPRIVILEGED 0x80
#define INWO_I_TOOK_TOKEN 0x40

/* --- attack.c: attacks to control and destroy (INWO-5.9 – 5.16) --- */
/* Whether an ability of source cannot affect group t (INWO-5.15.1, 5.16.1). */
int inwo_ability_barred(const tt_game *g, const inwo_state *s, int source, int t);
/* Whether X may attack T (kind enum inwo_attack) now, for the active player. */
int inwo_attack_check(const tt_game *g, const inwo_state *s, int x, int kind, int t, tt_error *err);
/* The answers of the attack being declared, or the attack heads at main.
 * The target answers stop at `limit` listed; the heads are all listed. */
int inwo_attack_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n, int limit);
/* Checks a contribution (aid, oppose, defend) or call_off by the player to move. */
int inwo_contrib_check(const tt_game *g, const inwo_state *s, int head, int card, tt_error *err);
/* The attack whose round is polling (before its roll), or -1. */
int inwo_current_attack(const inwo_state *s);
/* The answers of a BOOST Plot being declared (decl head H_PLAY). */
int inwo_boost_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n);
int inwo_boost_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err);
/* Announces the declared BOOST as an item attached to the attack. */
void inwo_boost_announce(const tt_game *g, inwo_state *s, tt_events *ev);
/* Discards the Plots of defense BOOSTs at the end of the turn (INWO-5.7.1). */
void inwo_boosts_expire(inwo_state *s);
/* Announces the declared attack (decl complete) as a root item. */
void inwo_attack_announce(const tt_game *g, inwo_state *s, tt_events *ev);
/* Applies a contribution or call_off. */
void inwo_contrib_apply(const tt_game *g, inwo_state *s, int head, int card, tt_events *ev);
/* The attack item k's round closed: roll, or finish. Returns 1 when a new
 * round or question is open on it (the item stays). */
int inwo_attack_closed(const tt_game *g, inwo_state *s, int k, tt_events *ev);
/* Strength S of the attack item k now (INWO-5.11.3, 5.12.3). */
int inwo_strength(const tt_game *g, const inwo_state *s, int k);
/* Cards in the subtree of structure node `node`, itself included. */
int inwo_subtree_size(const inwo_state *s, int node);
/* The capture's arrow was chosen: T is placed (INWO-5.11.5). */
void inwo_capture(const tt_game *g, inwo_state *s, int k, int arrow_card, int side,
                  const uint16_t *ans, int nans, tt_events *ev);

/* Re-validates the attack whose round is polling, after a nested item
 * resolved (INWO-10.3.7): contributions and +10 Plots that turned illegal. */
void inwo_attack_recheck(const tt_game *g, inwo_state *s);

/* Puts a Plot played in attack k on the table; the attacker playing it
 * commits the attack (INWO-5.9.3). Returns 8 if it was exposed in hand. */
int inwo_plot_to_attack(inwo_state *s, int plot, int p, int k);

/* --- cancel.c: cancels in an attack's round (INWO-10.3) --- */
/* Whether card is a CANCEL Plot (INWO-2.10.7). */
int inwo_cancel_plot(const tt_game *g, int card);
/* Whether a cancel made with op, paying ncost tokens, has a pending item to
 * name now (its root's round polling, Privilege, the item cap). */
int inwo_cancel_open(const inwo_state *s, const inwo_op *op, int ncost, tt_error *err);
/* Checks the `target i<k>` answer of a cancel made with op (a Plot's or an ability's). */
int inwo_cancel_target(const tt_game *g, const inwo_state *s, const inwo_op *op, int is_plot,
                       int arg, tt_error *err);
/* Announces the cancel of card (a Plot in hand, or ability abil of a card
 * in play) naming item i<num>: an item attached to the root; returns it. */
int inwo_cancel_announce(inwo_state *s, int p, int card, int abil, int num, tt_events *ev);
/* Marks the items of attack k that the cancel chain cancels (INWO-10.3.8). */
void inwo_cancels_settle(inwo_state *s, int k);
/* The root item whose pending items a cancel may name now, or -1. */
int inwo_cancel_root(const inwo_state *s);
/* The item of root k written i<num>, or -1; its kind for a cancel (CAN_…). */
int inwo_cancel_item(const inwo_state *s, int k, int num);
int inwo_cancel_kind(const inwo_state *s, int j);

/* --- plays.c: Plots and special abilities (INWO-5.0.5 – 5.0.6, 5.8, 10.3) --- */
/* Checks `play`/`use` or an answer of the play being declared. */
int inwo_play_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err);
/* The answers of the play being declared, or of its resolution question.
 * The target answers stop at `limit` listed (a caller asking whether more
 * than one exists passes 2); every other question's are all listed. */
int inwo_play_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n, int limit);
/* The `play` and `use` heads of the player to move. */
int inwo_play_heads(const tt_game *g, const inwo_state *s, tt_action *out, int n);
/* Fills c->use_inst from c->ops: the instances `use` may name, in the
 * order of their first written op, then of instance. */
void inwo_index_uses(inwo_content *c);
/* Whether the play being declared has all its answers. */
int inwo_play_answered(const tt_game *g, const inwo_state *s);
/* Announces the declared play: its item, costs paid, its round or attachment. */
void inwo_play_announce(const tt_game *g, inwo_state *s, tt_events *ev);
/* Begins `play`/`use` for the player to move. */
void inwo_play_begin(const tt_game *g, inwo_state *s, tt_action a);
/* Root play item k's round closed: resolves it. Returns 1 when a question
 * (substitute) is open on it; else it is over and its Plots are put away. */
int inwo_play_closed(const tt_game *g, inwo_state *s, int k, tt_events *ev);
/* Root play item k, resolved by questions of its own (REORGANIZE), is over. */
void inwo_play_finish(const tt_game *g, inwo_state *s, int k, tt_events *ev);
/* Applies `substitute`/`forfeit`; returns the item, now over. */
int inwo_play_substitute(const tt_game *g, inwo_state *s, tt_action a, tt_events *ev);
/* zap_clear <player> (INWO-5.18.5): checked, announced, resolved. */
int inwo_zap_clear_check(const tt_game *g, const inwo_state *s, int q, tt_error *err);
void inwo_zap_clear_announce(inwo_state *s, int q, tt_events *ev);
unsigned inwo_zapped(const inwo_content *c, const inwo_state *s); /* the seats carrying Zaps */
void inwo_zaps_clear(inwo_state *s, int q, tt_events *ev);
/* Any other root item k closed: its cancels settle; 1 if it is canceled. */
int inwo_root_canceled(inwo_state *s, int k);
/* The cancel Plots attached to root k go to the discard pile. */
void inwo_root_wrap(inwo_state *s, int k);
/* INWO-7.4: TT_OK unless a pending look or steal play can affect card, a
 * card of its holder's hand, and the act is not a cancel of that play (the
 * item `cancels`, -1 for none). */
int inwo_look_guard(const tt_game *g, const inwo_state *s, int card, int cancels, tt_error *err);
/* The same for a listed action naming a hand card (play, discard, return,
 * privilege) of the player to move; at dispose, when every Plot-back card
 * of his hand is held, the hand limit prevails (INWO-5.7.2). */
int inwo_look_act_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err);
/* Whether card is frozen (INWO-5.18.2): it may act only to defend itself. */
int inwo_frozen(const inwo_content *c, const inwo_state *s, int card);
/* Paralysis (INWO-5.18.3) ends at the end of its expiring turn: seat's turn
 * begins (arming) or ends (expiring). */
void inwo_paralysis_turn(inwo_state *s, int seat, int ends);

/* --- instant.c: Privilege, after-roll Plots, Instant Attacks, Relief (INWO-5.14,
 * 5.9.9, 5.17) --- */
/* Whether the Plot card is one instant.c plays (INSTANT, UNPRIVILEGE,
 * ROLL_MOD, AUTO_FAIL). */
int inwo_instant_plot(const tt_game *g, int card);
/* Checks the heads and answers instant.c owns (play of its Plots, privilege,
 * value, helper, relief, commit, and `done` of its declarations). */
int inwo_instant_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err);
/* The answers of an instant.c declaration, or its heads where the player
 * to move may give them; appended at n. */
int inwo_instant_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n);
/* Whether the declaration in progress is instant.c's. */
int inwo_instant_declaring(const tt_game *g, const inwo_state *s);
/* Applies a head or answer instant.c owns. */
void inwo_instant_apply(const tt_game *g, inwo_state *s, tt_action a, tt_events *ev);
/* The Instant Attack or Relief item k's round closed; 1 when a round is
 * open on it again (the after-roll round). */
int inwo_instant_closed(const tt_game *g, inwo_state *s, int k, tt_events *ev);
/* Strength S of the Instant Attack item k now (INWO-5.17.3). */
int inwo_instant_strength(const tt_game *g, const inwo_state *s, int k);
/* Whether seat p is barred by a Privileged attack in progress (INWO-5.14.2). */
int inwo_privilege_bars(const inwo_state *s, int p);
/* The attack or Instant Attack whose round is polling, before its roll, or -1. */
int inwo_current_contest(const inwo_state *s);
/* The attack or Instant Attack whose after-roll round is polling, or -1. */
int inwo_after_roll_item(const inwo_state *s);
/* Whether the attack being declared asks `privilege` (INWO-5.0.5). */
int inwo_privilege_asked(const tt_game *g, const inwo_state *s);
/* Whether an item kind is a Plot on the table (discarded when its attack ends). */
int inwo_plot_item(int kind);

/* Whether an after-roll play of card (a Plot or an ability's source), with
 * ncost tokens to pay, may be made now (INWO-5.9.9, 5.9.6 (c)). */
int inwo_after_open(const tt_game *g, const inwo_state *s, int card, int ncost, tt_error *err);
/* Attaches the after-roll play of card (a Plot in hand goes to the table)
 * to the attack whose after-roll round polls; arg as INWO_K_AFTER's. */
int inwo_after_attach(inwo_state *s, int p, int card, int arg, tt_events *ev);
/* The after-roll round of item k closed: roll_mod and auto_fail from its
 * standing after-roll Plots (INWO-5.9.9, 10.3.8). */
void inwo_after_roll_settle(inwo_state *s, int k);
/* The 2d6 of contest k with strength S, and its after-roll round (INWO-5.9.8 – 5.9.9). */
void inwo_roll(inwo_state *s, int k, int S, tt_events *ev);
/* r′: the roll with the standing ROLL_MODs, clamped (INWO-5.20.7). */
int inwo_final_roll(const inwo_state *s);
/* The attack item k is announced Privileged by card priv (INWO-5.14.1). */
void inwo_privilege_announce(const tt_game *g, inwo_state *s, int k, int priv, tt_events *ev);
/* The Privilege item j of a called-off attack: its ability's use is given back. */
void inwo_privilege_undo(const tt_game *g, inwo_state *s, int j);

/* attack.c, shared with instant.c */
/* T is destroyed by seat (INWO-5.12.6). */
void inwo_destroy(const tt_game *g, inwo_state *s, int t, int seat, tt_events *ev);
/* Resource r is destroyed by seat p: to its owner's discard pile, a Unique
 * one's card_id registered as destroyed (INWO-5.13.5). plays.c */
void inwo_destroy_resource(const inwo_content *c, inwo_state *s, int p, int r, tt_events *ev);
/* INWO-5.9.10: the Plots of item k are discarded (defense BOOSTs kept). */
void inwo_wrap_plots(inwo_state *s, int k);
int inwo_position(const inwo_content *c, const inwo_state *s, int t); /* INWO-5.11.3 */
/* DEFENSE_BONUS reaching t against kind (enum inwo_attack; ATK_INSTANT: only `vs: instant`). */
int inwo_defense_bonus(const tt_game *g, const inwo_state *s, int t, int kind);
/* INWO-5.15.1, 5.16.1: group gr may not side with an attack on t. */
int inwo_aid_barred(const tt_game *g, const inwo_state *s, int t, int gr, tt_error *err);
int inwo_undestroyable(const tt_game *g, int t); /* INWO-5.12.1 */

/* --- goals.c: goals and the outcome of a knock (INWO-9.3, 9.4) --- */
enum { GOAL_B = 1, GOAL_S = 2, GOAL_C = 4 }; /* basic, special, Goal card */
int inwo_goal_card(const inwo_content *c, const inwo_state *s, int seat);
int inwo_goals_met(const inwo_content *c, const inwo_state *s, int seat);
/* The combinations seat may declare (INWO-9.4.2): bit `goals` for each. */
unsigned inwo_combinations(const inwo_content *c, const inwo_state *s, int seat);
/* Whether seat may declare this combination (INWO-9.4.2), or it still wins. */
int inwo_combination_ok(const inwo_content *c, const inwo_state *s, int seat, int goals);
int inwo_deciding_goal(const inwo_content *c, const inwo_state *s, int seat, int goals);
unsigned inwo_winners(const inwo_content *c, const inwo_state *s); /* INWO-9.4.5 */

/* --- hidden.c and view.c: determinization and views (INWO-7) --- */
void inwo_determinize(const tt_game *g, void *st, int viewer, uint64_t seed);
char *inwo_view(const tt_game *g, const void *st, int viewer); /* malloc'd JSON */
/* Whether viewer may see card's face (INWO-7.7): he is in its seen_by. */
int inwo_sees(const inwo_state *s, int card, int viewer);
/* The seats that have seen card besides its holder's hand (INWO-7.10: public). */
unsigned inwo_seen_beyond_holder(const inwo_state *s, int card);
/* The decision point viewer is told: where a rival's half-made declaration
 * began (INWO-7.13), else the state's. */
int inwo_view_point(const inwo_state *s, int viewer);

/* --- picture.c: the terminal picture (tt_view_text and its parts) --- */
char *inwo_view_text(const tt_game *g, const void *st, int viewer);
char *inwo_view_part(const tt_game *g, const void *st, int viewer, int part);
/* The groups seat counts toward the Basic Goal now (INWO-9.3.2, goals.c). */
int inwo_groups_counted(const inwo_content *c, const inwo_state *s, int seat);
/* Seat's progress toward the Special Goal of his Illuminati, all public
 * (INWO-2.10.6, 7.1): the value reached now, and in *need the value that
 * meets it; -1 (need untouched) when he is out of the game or his
 * Illuminati has no goal. goals.c. */
int inwo_special_progress(const inwo_content *c, const inwo_state *s, int seat, int *need);

/* --- text.c: the action texts (INWO-5.0.3, 5.0.5) --- */
int inwo_format(const tt_game *g, const void *st, tt_action a, char *buf, size_t n);
int inwo_parse(const tt_game *g, const void *st, const char *text, tt_action *out, tt_error *err);
/* An action head's word ("attack"; "reorganize" for its resolution), NULL
 * for none. */
const char *inwo_head_name(int head);
/* tt_rules.expand: a compound shortcut as its atomic texts (INWO-5.0.2). */
int inwo_expand(const tt_game *g, const void *st, const char *text, char *atoms, size_t n,
                tt_error *err);

/* --- moves.c: subtrees on the move (INWO-2.11.8, 5.5) --- */
enum { TP_CAPTURE, TP_MOVE };
/* Puts card t with its subtree on arrow `side` of arrow_card in seat's
 * structure (INWO-2.11.8): each card on its old master-local side; a card
 * whose cell is taken is unplaceable with its subtree: discarded from a
 * capture (INWO-5.11.5), back to its former controller's hand from a move
 * (5.5.4). Linked cards follow (6.5.1). */
void inwo_transplant(const tt_game *g, inwo_state *s, int seat, int t, int arrow_card, int side,
                     int how, const uint16_t *ans, int nans, tt_events *ev);
/* The answers to `reassign` settle the conflicts in the order met. Opens
 * (or keeps open) the question for item k's placement on arrow_card/side
 * while a card's cell is taken and its master has another open side;
 * returns 1 when one is open, 0 when the placement can be made. */
#define INWO_REASSIGN_NONE 4
int inwo_reassign_open(const tt_game *g, inwo_state *s, int k, int arrow_card, int side);
/* Once no question is open: the answers given, into ans; the question's
 * declaration is closed. */
int inwo_placement_answers(inwo_state *s, uint16_t *ans);
int inwo_reassign_check(const tt_game *g, const inwo_state *s, int arg, tt_error *err);
int inwo_reassign_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n);
int inwo_move_valid(const tt_game *g, const inwo_state *s, int k);
int inwo_move_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err);
int inwo_move_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n);
/* Re-checks the move item k at its resolution and carries it out; 1 when it took effect. */
int inwo_move_resolve(const tt_game *g, inwo_state *s, int k, const uint16_t *ans, int nans,
                      tt_events *ev);
/* Whether card lies in the subtree of node `root`. */
int inwo_in_subtree(const inwo_state *s, int card, int root);
/* Whether group gr of p may be moved onto arrow `side` of card h (INWO-5.5.1):
 * open, of p's structure, outside gr's subtree. */
int inwo_move_dest(const tt_game *g, const inwo_state *s, int p, int gr, int h, int side);

/* --- reorg.c: REORGANIZE at its resolution (INWO-2.10.7, 5.0.6) --- */
/* Opens the moves of REORGANIZE item k; 0 when none can be made (nothing asked). */
int inwo_reorg_open(const tt_game *g, inwo_state *s, int k);
/* `move <G>`, `arrow <a>` and `done` while a REORGANIZE resolves. */
int inwo_reorg_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err);
int inwo_reorg_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n);
/* Applies one; returns the REORGANIZE item once `done` ended it, else -1. */
int inwo_reorg_apply(const tt_game *g, inwo_state *s, tt_action a, tt_events *ev);
/* Move info item j was placed (its reassignments answered, ans): 1 when it
 * was a REORGANIZE move, made now, and the next move is asked; 0 otherwise. */
int inwo_reorg_moved(const tt_game *g, inwo_state *s, int j, const uint16_t *ans, int nans,
                     tt_events *ev);

/* --- links.c: links made in play (INWO-6) --- */
/* Copies of Plot plot's card_id linked in seat's structure (INWO-6.4.1). */
int inwo_copies_linked(const inwo_content *c, const inwo_state *s, int plot, int seat);
#define INWO_LINK_DECLINED 1 /* inwo_link.spare: its benefit declined this turn (INWO-6.3.3) */
#define INWO_LINK_ASKED 2    /* inwo_link.spare: its benefit asked about this turn */
/* A card left seat's structure without being destroyed (INWO-6.5.2, 6.5.5). */
void inwo_links_left(inwo_state *s, int card, int seat);
/* The cards linked to card follow it into seat's control (INWO-6.5.1). */
void inwo_links_follow(inwo_state *s, int card, int seat);
/* Whether Plot `plot` may be linked to group b of seat now (INWO-6.2.2, 6.4.1):
 * for a linked Plot being played. */
int inwo_link_plot_check(const inwo_content *c, const inwo_state *s, int plot, int b, int seat,
                         tt_error *err);
/* Links the Plot (on the table already) to group b, permanently (INWO-6.3.1). */
void inwo_link_plot(const inwo_content *c, inwo_state *s, int plot, int b);
int inwo_link_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err);
int inwo_link_legal_list(const tt_game *g, const inwo_state *s, tt_action *out, int n);
void inwo_link_apply(const tt_game *g, inwo_state *s, tt_action a, tt_events *ev);
/* INWO-6.4.2, 6.4.5: statuses again; Plots permanently illegal discarded; a
 * limit_per_player conflict asks its controller (returns 1: a question opened). */
int inwo_links_settle(const tt_game *g, inwo_state *s, tt_events *ev);
/* Step 4 (INWO-6.3.3): the next link benefit to ask about, or -1. */
int inwo_benefit_pending(const inwo_content *c, const inwo_state *s);
int inwo_benefit_check(const tt_game *g, const inwo_state *s, int arg, tt_error *err);
void inwo_benefit_apply(const tt_game *g, inwo_state *s, int arg);
/* `draw <card>` at step 1 or 2: one extra draw card's EXTRA_DRAW grants
 * (INWO-4.2.3–4.2.4); the draws listed are appended at n. */
int inwo_extra_draw_check(const tt_game *g, const inwo_state *s, int card, tt_error *err);
int inwo_extra_draw_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n);
void inwo_extra_draw_apply(inwo_state *s, int card, tt_events *ev);

/* --- agents.c: agents cards, Illuminati agents, factions (INWO-5.13, 10.2) --- */
int inwo_agents_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err);
int inwo_agents_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n);
/* The `agents` and `agent` heads of the player to move (a head per hand card). */
int inwo_agents_heads(const tt_game *g, const inwo_state *s, tt_action *out, int n);
/* Announces the declared agents card as an item attached to the attack. */
void inwo_agents_announce(const tt_game *g, inwo_state *s, tt_events *ev);
/* The capture of attack k: the attacker's own agents card takes the place
 * of the captured instance (INWO-5.13.3). */
void inwo_agents_capture(inwo_state *s, int k);
/* Agents cards, factions and Illuminati agents in attack k's A and D. */
void inwo_agents_strength(const inwo_content *c, const inwo_state *s, int k, int *A, int *D);
int inwo_agent_check(const tt_game *g, const inwo_state *s, int card, tt_error *err);
void inwo_agent_pay(inwo_state *s, int card, tt_events *ev);
int inwo_agent_resolve(const tt_game *g, inwo_state *s, int k);

/* --- turn.c: after every resolution (INWO-9.2.1, 6.4.2) --- */
/* Whether seat has a GOAL_DESTROYED goal met (INWO-9.2.5). */
int inwo_destroyed_goal_met(const inwo_content *c, const inwo_state *s, int seat);
/* --- talk.c: table talk (INWO-5.0.7) --- */
/* An action outside the turn order: the kind in bits 24-30, then a card
 * (bits 0-8) and a seat or top/bottom (bits 9-11). */
enum inwo_talk {
    TK_GIVE = 1,
    TK_SHOW,
    TK_EXPOSE,
    TK_DISCARD,
    TK_RETURN,
    TK_UNTOKEN,
    TK_TRADE,    /* trade <P>: opens a trade offer (INWO-5.6.2); bits 9-11 the seat */
    TK_OFFER,    /* give <card>: a card of the offer, or of no other command */
    TK_ASK,      /* ask <x>: an instance, or a card_id (INWO_ASK_DEF | def) */
    TK_ACCEPT,   /* accept <P> [give=…]: bits 12-23, per hidden ask, 1 + which copy */
    TK_DECLINE,  /* decline <P> */
    TK_WITHDRAW, /* withdraw */
    TK_GIFT,     /* give <G> to=<P> pay=<card>|recipient: bits 12-20 the payer, 0x1FF recipient */
    TK_TAKE      /* accept <P> arrow=<X>/<side> [pay=<card>]: X bits 0-8, side 12-13, pay 14-22 */
};
#define INWO_ASK_DEF 0x1000u         /* an asked card named by card_id (in offer.ask: 0x8000) */
enum { OF_NONE, OF_TRADE, OF_GIFT }; /* inwo_offer.kind */
/* Announces a root item as a play of `who` and opens its round (turn.c). */
int inwo_announce(inwo_state *s, int kind, int who, int card, int target, tt_events *ev);
/* Whether the gift item k can still take effect (INWO-10.3.7). */
int inwo_gift_valid(const tt_game *g, const inwo_state *s, int k);
/* The gift item k's round closed: G moves with its subtree, placed with the
 * recipient's `reassign` answers (INWO-2.11.8), or nothing if it cannot. */
int inwo_gift_resolve(const tt_game *g, inwo_state *s, int k, const uint16_t *ans, int nans,
                      tt_events *ev);
#define INWO_TALK(kind, arg) (TT_OFFTURN | (tt_action)(kind) << 24 | (tt_action)(arg))
#define INWO_TALK_KIND(a) ((int)((a) >> 24 & 0x7F))
int inwo_talk_format(const tt_game *g, const void *st, tt_action a, char *buf, size_t n);
/* 1 when text is no table talk (then text.c parses it), else TT_OK or a refusal. */
int inwo_talk_parse(const tt_game *g, const void *st, const char *text, tt_action *out,
                    tt_error *err);
int inwo_talk_apply(const tt_game *g, inwo_state *s, int player, tt_action a, tt_events *ev,
                    tt_error *err);
int inwo_talk_event_text(const tt_game *g, const tt_event *ev, int viewer, char *buf, size_t n);
/* A trade typed whole as its atoms, one a line (INWO-5.0.2); 1 for any other text. */
int inwo_talk_expand(const char *text, char *atoms, size_t n);
/* Open offers lapse when a listed action is applied (INWO-5.0.7). */
void inwo_talk_lapse(inwo_state *s);
/* Whether seat is over a hand limit and must dispose (INWO-5.7.2, 9.4.4). */
int inwo_talk_over(const tt_game *g, const inwo_state *s, int seat);
/* A card left the hand of the player at a dispose point: the decision ends
 * when he is within his limits (turn.c; INWO-5.7.2, 4.6.6). */
void inwo_after_dispose(const tt_game *g, inwo_state *s, tt_events *ev);

/* --- rig.c: tt_rules.rig (decks, hands, dice) --- */
int inwo_rig(const tt_game *g, void *st, const char *what, const char *values, tt_error *err);

/* --- stats.c: figures for simulations (tt_stats, INWO-9.5.1) --- */
int inwo_stats(const tt_game *g, const void *st, tt_stat *out, int max);

/* The off-turn Plot hand limit of seat (INWO-5.7.2), in turn.c. */
int inwo_plot_limit(const tt_game *g, const inwo_state *s, int seat);

#endif
