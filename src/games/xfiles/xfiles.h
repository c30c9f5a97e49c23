/* The X-Files CCG (Advanced Game) — the rules module's shared header.
 *
 * Implements docs/rules/xfiles.md (rule prefix XF-), for 2 to 4 players.
 * Nothing outside src/games/xfiles/ (and its tests) includes this file.
 *
 * What exists: the content (XF-2, section 11) read into flat, id-indexed
 * tables; deck declarations checked by every rule of XF-3.2 and XF-3.3; the
 * game options of XF-3.1; setup (XF-3.4); the turn (XF-4) with its priority
 * windows and stack, card play (XF-5.0), every phase (XF-5.1 to 5.9),
 * Site investigations with nested checks, Bluffs and Combat (XF-5.6 to
 * 5.8), questions, guesses and the penalty (XF-8), concession and the turn
 * limit (XF-8.5), keyword changes (CHANGE_KEYWORD, XF-2.13.2), combat
 * Witnesses (JOIN_COMBAT, XF-5.8.3) and RESOURCE cards' `uses` (XF-2.14.2).
 *
 * Parameters (XF-3.1.1): players=2..4 (2); p0=, p1=, p2=, p3= each a deck,
 * the name of a sample deck (deck_a, deck_b) or a deck file (defaults:
 * deck_a for even seats, deck_b for odd ones); content=FILE (the sample set
 * of section 11); heal=seed|published (seed); mode=ADVANCED|BASIC
 * (ADVANCED; BASIC: XF-9.12.1, see docs/games/xfiles.md); opt_xfile_powers=0|1,
 * refused at creation until written (XF-1.4);
 * opt_killer=0 (XF-9.11); team_cost_limit, team_min_agents, deck_min,
 * copy_limit, start_hand, start_pool, hand_limit, opt_question_or_guess,
 * opt_single_guess, max_turns.
 *
 * Decisions beyond the rules file (docs/content/xfiles.md lists those of the
 * content format):
 *  - Keywords are interned once, at load, into at most XF_MAX_WORDS words, so
 *    a card's keywords are a 128-bit set and an activator word a number; the
 *    enumerations of XF-2.1 are the first words, in a fixed order.
 *  - A Site's keywords must hold SITE, MONO (one question) or MULTI (two),
 *    its question categories and the skills of its prerequisite (XF-2.5.1):
 *    activators read keywords only, so a Site whose keywords disagree with
 *    its fields would answer to the wrong cards.
 *  - X costs are chosen in 0..20, the range of printed costs (XF-2.1.6).
 *  - At most XF_MAX_WITNESS_NAMES distinct Witness names in one content set
 *    (each check keeps the names played in it as a 32-bit set, XF-5.7.5) and
 *    at most XF_MAX_JOINED combat Witnesses joined at once (XF-5.8.3).
 *
 * Decisions of the turn where the rules are silent or contradict each other:
 *  - XF-5.0.12 against XF-5.6.6: a face-up Bluff, and any effect on the SITE,
 *    applies to the Site's check (its modifiers) and the card goes to its
 *    owner's discard pile when it resolves, as a paid face-down Bluff does;
 *    nothing lies attached to a Site, so XF-5.6.9 discards the Site alone.
 *  - XF-5.4.7: a Team designation is applied Agent by Agent as named and
 *    closed by `done`; each Agent is named in one designation per step
 *    (AG_TEAMED), which is what bounds the designations of a step.
 *  - XF-5.4.2: a move to the section the Agent is in is refused.
 *  - XF-5.10.2: only the target is implied when one is legal; mode, x, to,
 *    change and side are always asked where they apply.
 *  - XF-2.15: a matching dedicated token always pays its point.
 *  - XF-2.14.1 OPP_DISCARD: the opponent's discards come after the card's
 *    other effects; the card is in the discard pile by then.
 *  - XF-5.8.6: with one Agent-side combatant the allocation is implied.
 *  - XF-5.8.8: the casualty window takes only Combat cards with HEAL.
 *  - XF-2.6.2, 2.12.3: an Adversary's activator words read its Team.
 *  - XF-8.3.2: the guess step follows every successful Site and lists only
 *    `noguess` when no guess is allowed, so `guess` is refused by its rule;
 *    an ASK_QUESTION card's question has no guess step.
 *  - XF-8.5.3: a concession before turn 1 with 3 or 4 players ends the game,
 *    every other player sharing first place.
 *  - XF-2.13.2: a keyword change belongs to the card instance; it ends at
 *    step X1 (XF-5.9.1) or when the card leaves play, whichever is first, and
 *    changes on one card apply in the order they resolved. At most
 *    XF_MAX_KWCHANGES are in force at once: a further CHANGE_KEYWORD is
 *    refused by XF-2.18.2 (the sample content holds one E09 per deck).
 *  - XF-5.8.3, 2.14.1 JOIN_COMBAT: a combat Witness joins the Team at the
 *    Site when it resolves and lies in Z_COMBAT until step X1 (XF-5.9.1:
 *    then to its owner's discard pile), fighting in every Combat against
 *    that Team; it adds no skill to a check, wears no Equipment (no armour),
 *    takes COMBAT_BONUS, DAMAGE_REDUCE and HEAL like an Agent, opens the
 *    casualty window at 0 like an Agent, and goes to the discard pile at
 *    removal. It stays joined when a concession ends the investigation
 *    (XF-8.5.3) and leaves with its owner when he concedes. The Adversary's
 *    controller allocates to it with `target <label>`: all the damage, or
 *    one point per action with split_damage (XF-5.8.6).
 *  - XF-5.1.4, 9.2.1: a purchase ends the buyer's part of the Briefing, so
 *    a second `buy` by the same player can only come after the Briefing;
 *    `buy` and `sell` issued after it are refused by XF-5.1.4 and XF-9.2.1
 *    (EX-4), not by the rule of the current step.
 *  - XF-5.0.8: the checklist's order decides which rule a refusal names: an
 *    Investigating Player's CP card is refused by its marker (XF-5.0.4)
 *    before its CONSPIRACY activator is read (EX-11).
 *  - XF-2.14.2 `uses`: a TRIGGER_GAIN applies once per gain; a HAND_LIMIT once per
 *    Debriefing of its owner's own turn while it is in play, counted when
 *    that turn ends (XF-5.9.3: only there does it change the limit). The
 *    card goes to its owner's discard pile right after its last application.
 *  - XF-6.10: determinize shuffles the hidden cards from instance order, so
 *    its result depends on nothing the viewer cannot see.
 *  - XF-9.3.6: an Agent sent to a Site in step I2 counts as assigned until
 *    the turn ends, its Site resolved or not, in its Team or in the Hospital.
 *  - XF-5.8.10: an Adversary resolving with no Agent of the Team left to
 *    fight starts no round, even with a combat Witness joined; it is
 *    discarded, not killed.
 *
 * Hidden information (XF-6), as the state holds it; views and determinize
 * (XF-6.10) rely on this list, and nothing else in the state is hidden:
 *  - pl[p].xfile: p alone, until the game ends (XF-6.1); then everyone.
 *  - The piles in pl[p].cards: the deck (Z_DECK) is seen by nobody, order
 *    and identities alike, its count by all (XF-6.3); the hand (Z_HAND) by
 *    p, its count by all (XF-6.2), and by each q the instances set in
 *    pl[q].known[p] (what q saw by LOOK_HAND, XF-6.8; p knows that q saw
 *    them); the face-down cards (Z_FACEDOWN) by p, their count, owner, Site
 *    (aux) and placement order by all (XF-6.5); the discard pile by all.
 *    So `where` and `aux` of an instance in the deck, a hand or face down
 *    are hidden, and its label is 0 (XF-2.17.2: labels are public).
 *  - The notebook: pl[p].asked[q] and yes[q] (p's questions to q and their
 *    answers) and pl[p].wrong[q] (the X-Files p named wrongly for q) are
 *    seen by p and q, and with two players by everyone (XF-6.7); nasked and
 *    nwrong (who asked whom, in which category; wrong guesses) by all.
 *  - head.rng: by nobody; determinize reseeds it, since it decides every
 *    future shuffle.
 * Everything else is public (XF-6.6): Agents, sections, Teams, damage,
 * attached cards, Sites, Directed Players, RESOURCE cards, the stack with
 * its declarations, the checks, the Combat, the pools and the labels.
 *
 * Action encoding: (op << 24) | arg, one atomic choice each (enum xf_op).
 * Chance events: the deck shuffles at setup (XF-3.4.1 step 4), the coin toss
 * (step 7) and every reshuffle of a discard pile (XF-5.0.6).
 */
#ifndef XF_XFILES_H
#define XF_XFILES_H

#include <stddef.h>
#include <stdint.h>

#include "core/diag.h"
#include "core/round.h"
#include "core/rules.h"

/* --- engine limits (XF-2.18) ------------------------------------------------ */

#define XF_MAX_PLAYERS 4
#define XF_MAX_DEFS 255
#define XF_MAX_CATALOGUE 64
#define XF_MAX_KEYWORDS 12
#define XF_MAX_ACTIVATORS 6
#define XF_MAX_MODES 4
#define XF_MAX_EFFECTS 4
#define XF_DECK_MAX 120
#define XF_TEAM_MAX 8
#define XF_MAX_CARDS 128 /* DECK_MAX + TEAM_MAX */
#define XF_MAX_AGENTS 16
#define XF_MAX_ATTACHED 8
#define XF_MAX_SITES 24
#define XF_STACK_MAX 96
#define XF_CHECK_DEPTH_MAX 8
#define XF_POOL_MAX 999999
#define XF_MAX_TURNS 1000
/* the engine's own, where XF-2.18 names none (see the top of this file) */
#define XF_MAX_WORDS 128        /* distinct keywords in a content set */
#define XF_MAX_ALTS 4           /* alternatives of one activator token, "A/B" */
#define XF_MAX_WORDLIST 8       /* words in a CHANGE_KEYWORD or DEDICATED_TOKEN list */
#define XF_MAX_WITNESS_NAMES 32 /* distinct Witness names in a content set */
#define XF_MAX_JOINED 8         /* combat Witnesses joined at once */
#define XF_MAX_KWCHANGES 8      /* keyword changes in force at once (CHANGE_KEYWORD) */

#define XF_NONE 0xFF
#define XF_COST_X (-1) /* xf_def.cost of a card whose cost is "X" */
#define XF_NA 0xFF     /* an Adversary's LRC "N/A" */

/* --- enumerations (XF-2.1) ---------------------------------------------------- */

enum xf_category { CAT_AFFILIATION, CAT_MOTIVE, CAT_METHOD, CAT_RESULT, XF_NCAT };
#define XF_NVALUES 5 /* values per category */

/* Ratings: the 11 investigative skills, then LRC and CRC (XF-2.1.2); stats
 * add HEALTH and RES (PERMANENT_MOD); SK_CHECK is SKILL_BONUS's "CHECK". */
enum xf_skill {
    SK_ALIEN_INVESTIGATION,
    SK_BEHAVIORAL,
    SK_BUREAUCRACY,
    SK_COMPUTER,
    SK_CRIMINAL_INVESTIGATION,
    SK_EVIDENCE_COLLECTION,
    SK_MEDICAL,
    SK_OBSERVATION,
    SK_OCCULT_INVESTIGATION,
    SK_SCIENCES,
    SK_SUBTERFUGE,
    SK_LRC,
    SK_CRC,
    SK_HEALTH,
    SK_RES,
    SK_CHECK
};
#define XF_NSKILLS 11  /* investigative */
#define XF_NRATINGS 13 /* and LRC, CRC: what Equipment raises */
#define XF_NSTATS 15   /* and HEALTH, RES: what PERMANENT_MOD raises */

enum xf_type {
    TY_XFILE,
    TY_AGENT,
    TY_SITE,
    TY_ADVERSARY,
    TY_WITNESS,
    TY_EVENT,
    TY_EQUIPMENT,
    TY_COMBAT,
    TY_BLUFF,
    XF_NTYPES
};
enum xf_section { SEC_BUREAU, SEC_FIELD, SEC_HOSPITAL, XF_NSECTIONS };
enum xf_pool { POOL_RP, POOL_CP, POOL_ANY };
enum xf_phase {
    PH_BRIEFING,
    PH_HEALING,
    PH_REQUISITION,
    PH_DEPLOYMENT,
    PH_CASE_ASSIGNMENT,
    PH_INVESTIGATION,
    PH_DEBRIEFING,
    XF_NPHASES
};

/* XF-2.14.1: what a card is played on */
enum xf_target {
    TG_NONE,
    TG_OPPONENT,
    TG_OWN_AGENT,
    TG_TEAM,
    TG_TEAM_AGENT,
    TG_SITE,
    TG_STACK_CARD,
    TG_INPLAY_CARD,
    TG_COMBATANT,
    XF_NTARGETS
};

/* XF-2.14.1: the effect primitives, a closed set */
enum xf_opcode {
    OP_SKILL_BONUS,
    OP_THRESHOLD_MOD,
    OP_LIMIT_TEAM,
    OP_FORCE_CHECK,
    OP_NEGATE,
    OP_DRAW,
    OP_GAIN,
    OP_DRAIN,
    OP_OPP_DISCARD,
    OP_LOOK_HAND,
    OP_ASK_QUESTION,
    OP_HEAL,
    OP_DAMAGE,
    OP_MOVE_AGENT,
    OP_PERMANENT_MOD,
    OP_COMBAT_BONUS,
    OP_DAMAGE_REDUCE,
    OP_CHANGE_KEYWORD,
    OP_JOIN_COMBAT,
    OP_HAND_LIMIT,
    OP_TRIGGER_GAIN,
    XF_NOPS
};
/* NEGATE's `what`: the five kinds, then ANY */
enum xf_negate { NG_ADVERSARY, NG_EVENT, NG_WITNESS, NG_BLUFF, NG_RESOURCE, NG_ANY };
/* XF-2.15.1: Agent abilities */
enum xf_ability_op {
    AB_NONE,
    AB_RES_PURCHASE_ONLY,
    AB_RES_SPLIT_CP,
    AB_BUREAU_RES_BONUS,
    AB_DEDICATED_TOKEN,
    AB_HEAL_OTHER
};

/* Activator atoms (XF-2.12.2); AT_WORD matches a keyword of the context. */
enum xf_atom_kind {
    AT_ACTIVE,
    AT_CONSPIRACY,
    AT_PHASE, /* arg: enum xf_phase */
    AT_COMBAT,
    AT_SECTION, /* arg: enum xf_section */
    AT_SITE,
    AT_CAT_SITE, /* arg: enum xf_category: "MOTIVE_SITE" */
    AT_WORD      /* arg: a word */
};

/* The fixed words: every content set interns these first, in this order. The
 * 11 skills come first, so a skill's word is its enum xf_skill. The values of
 * the categories are words too, but not all new ones (SUBTERFUGE is a skill
 * and a Method): xf_content.value_word gives theirs. */
enum xf_word {
    W_LRC = XF_NSKILLS,
    W_CRC,
    W_AFFILIATION, /* the categories, in enum xf_category order */
    W_MOTIVE,
    W_METHOD,
    W_RESULT,
    W_XFILE, /* the types, in enum xf_type order */
    W_AGENT,
    W_SITE,
    W_ADVERSARY,
    W_WITNESS,
    W_EVENT,
    W_EQUIPMENT,
    W_COMBAT,
    W_BLUFF,
    W_MONO,
    W_MULTI,
    W_RESOURCE,
    W_HEALING,
    W_KILLER,
    W_NFIXED /* the values of XF-2.1.1 follow, then the content's own words */
};

/* --- content (XF-2, section 11) -------------------------------------------------- */

typedef struct xf_words {
    uint64_t bit[2]; /* bit per word */
} xf_words;

static inline int xf_words_has(const xf_words *w, int word)
{
    return (int)(w->bit[word >> 6] >> (word & 63) & 1);
}
static inline void xf_words_add(xf_words *w, int word)
{
    w->bit[word >> 6] |= 1ull << (word & 63);
}

typedef struct xf_atom {
    uint8_t kind, arg; /* enum xf_atom_kind and its argument */
} xf_atom;

/* One activator token: satisfied when one of its alternatives is (XF-2.12.1). */
typedef struct xf_token {
    uint8_t nalt;
    xf_atom alt[XF_MAX_ALTS];
} xf_token;

/* One effect primitive with its parameters (XF-2.14.1); fields the op does
 * not use are 0. */
typedef struct xf_effect {
    uint8_t op;         /* enum xf_opcode */
    uint8_t skill;      /* SKILL_BONUS, FORCE_CHECK: enum xf_skill (SK_CHECK too) */
    uint8_t stat;       /* PERMANENT_MOD: enum xf_skill up to SK_RES */
    int8_t amount;      /* SKILL_BONUS, THRESHOLD_MOD, PERMANENT_MOD, COMBAT_BONUS, DAMAGE_REDUCE */
    uint8_t n;          /* DRAW, GAIN, DRAIN, OPP_DISCARD, HEAL, DAMAGE, HAND_LIMIT, TRIGGER_GAIN;
                          LIMIT_TEAM's max; FORCE_CHECK's min */
    uint8_t pool;       /* GAIN, DRAIN, TRIGGER_GAIN: POOL_RP or POOL_CP */
    uint8_t what;       /* NEGATE: enum xf_negate */
    uint8_t fail_dmg;   /* FORCE_CHECK: 0 for SITE_FAILS, else {"damage": n}'s n */
    uint8_t cats;       /* ASK_QUESTION: bit per category */
    uint8_t sections;   /* MOVE_AGENT: bit per section */
    uint8_t word;       /* TRIGGER_GAIN: the keyword */
    uint8_t nfrom, nto; /* CHANGE_KEYWORD */
    uint8_t from[XF_MAX_WORDLIST], to[XF_MAX_WORDLIST];
} xf_effect;

/* A card's effect: its target and primitives; a card with `modes` has one
 * per mode (XF-2.2.2). */
typedef struct xf_mode {
    uint8_t target; /* enum xf_target */
    uint8_t neffects;
    xf_effect effect[XF_MAX_EFFECTS];
} xf_mode;

typedef struct xf_ability { /* XF-2.15 */
    uint8_t op;             /* enum xf_ability_op */
    uint8_t n;              /* BUREAU_RES_BONUS, HEAL_OTHER */
    xf_words keywords;      /* DEDICATED_TOKEN */
} xf_ability;

typedef struct xf_prereq {
    uint8_t skill, min; /* XF-2.5.2 */
} xf_prereq;

/* A card definition (XF-2.2 – 2.11), every type in one record; the fields of
 * other types are 0. */
typedef struct xf_def {
    char id[16], name[64];
    uint8_t type;    /* enum xf_type */
    uint8_t pool;    /* enum xf_pool */
    int8_t cost;     /* 0..20, or XF_COST_X */
    uint8_t name_id; /* the same name, the same card (XF-2.2.1): index into xf_content.names */
    uint8_t nkeywords, keyword[XF_MAX_KEYWORDS]; /* words, in the file's order */
    xf_words kw;                                 /* the same as a set */
    uint8_t nactivators;
    xf_token activator[XF_MAX_ACTIVATORS];
    uint8_t nmodes; /* 0: no effect; 1: target + effects; 2..: "Alternately" */
    uint8_t resource, resource_zone, uses, advanced_only; /* XF-2.2.3, 2.14.2, 9.12 */
    uint8_t value[XF_NCAT]; /* X-File: the value of each category (XF-2.3.1) */
    /* Agent (XF-2.4.1) */
    uint8_t identity; /* index into xf_content.identities */
    uint8_t res;
    uint8_t skill[XF_NSKILLS];
    xf_ability ability;
    /* Agent, Adversary, combat Witness: HEALTH, LRC (XF_NA: N/A), CRC */
    uint8_t health, lrc, crc;
    uint8_t combat_witness; /* a Witness with `combat` (XF-2.7.1) */
    /* Adversary (XF-2.6.1) and Equipment (XF-2.9.1) */
    uint8_t skip_lrc, split_damage, damage_reduction;
    uint8_t bonus[XF_NRATINGS]; /* Equipment */
    /* Site (XF-2.5.1) */
    uint8_t nprereq, nquestions;
    xf_prereq prereq[2];
    uint8_t question[2]; /* categories */
    uint8_t has_focused; /* XF-2.5.3 */
    uint8_t focused_cat, focused_value, focused_min;
    uint8_t witness_name; /* Witness: index among the Witness names (XF-5.7.5) */
    xf_mode mode[XF_MAX_MODES];
} xf_def;

/* The game options of XF-3.1.1, fixed at creation. */
typedef struct xf_options {
    uint8_t nplayers;
    uint8_t heal_published; /* heal=published; 0: heal=seed */
    uint8_t basic;          /* mode=BASIC (XF-9.12.1); 0: the Advanced Game */
    uint8_t team_cost_limit, team_min_agents, deck_min, copy_limit;
    uint8_t start_hand, start_pool, hand_limit;
    uint8_t opt_question_or_guess, opt_single_guess;
    uint8_t powers; /* opt_xfile_powers (XF-9.13) */
    uint16_t max_turns;
} xf_options;

/* A player's cards, as his deck declaration gives them: instance i is
 * def[i]; the starting Agents are instances 0..nteam-1, in `starting_agents`
 * order (their labels, XF-2.17.2), then the Bureau Deck in content order. */
typedef struct xf_deck {
    uint8_t nteam, ncards; /* ncards: all instances, team included */
    uint8_t def[XF_MAX_CARDS];
} xf_deck;

typedef struct xf_content {
    int ndefs;
    xf_def def[XF_MAX_DEFS];
    int ncatalogue;
    uint8_t catalogue[XF_MAX_CATALOGUE]; /* the X-Files' defs, content order (XF-2.3.2) */
    int nwords;
    char word[XF_MAX_WORDS][32];
    uint8_t value_word[XF_NCAT][XF_NVALUES];
    int nnames, nidentities, nwitness_names;
    /* the game: options and one deck per seat (empty for `deck validate`) */
    xf_options opt;
    xf_deck deck[XF_MAX_PLAYERS];
} xf_content;

/* The defaults of XF-3.1.1, for a content set read alone (deck validate). */
void xf_options_default(xf_options *o);
/* mode=BASIC (XF-9.12.1): the options Basic sets; called after the others
 * are read, so it wins over them. */
void xf_options_basic(xf_options *o);
#define XF_BASIC_HAND 10   /* XF-9.12.1 item 4 */
#define XF_BASIC_TEAM 4    /* item 2 */
#define XF_BASIC_PLAYS 3   /* item 6 */
#define XF_BASIC_DISCARD 3 /* item 9 */

static inline const xf_content *xf_content_of(const tt_game *g)
{
    return (const xf_content *)g->content;
}

/* --- the flat state ------------------------------------------------------------------ */

/* Where a card instance is (xf_player.where, low 4 bits). The first four
 * are the piles sharing xf_player.cards (core/pile, top = n-1), in this
 * order: the discard pile grows most at its top, so it goes last. `aux`
 * says where in the zone. */
enum xf_zone {
    Z_DECK,     /* the Bureau Deck */
    Z_HAND,     /* the hand */
    Z_FACEDOWN, /* face down under a Site; aux: XF_SITE_REF(site owner, slot) */
    Z_DISCARD,  /* the discard pile */
    Z_AGENT,    /* an Agent in play; aux: its slot in xf_player.agent */
    Z_ATTACHED, /* Equipment or PERMANENT_MOD card on an Agent; aux: the owner's Agent slot */
    Z_SITE,     /* a Site in the owner's Field; aux: its slot in xf_player.site */
    Z_STACK,    /* on the stack; aux: its index in xf_state.stack */
    Z_RESOURCE, /* a RESOURCE card in play, in its def's resource_zone; aux: the times
                   its effect applied (`uses`, XF-2.14.2) */
    Z_COMBAT,   /* an Adversary in its Combat, or a joined combat Witness; aux: 0, or the
                   index in xf_state.joined + 1 */
    Z_OUT,      /* left the game with its conceding owner (XF-8.5.3) */
    Z_REVEALED, /* a revealed Bluff waiting for pay or refuse (XF-5.6.6); aux: the Site ref */
    XF_NZONES
};
#define XF_NPILES 4 /* Z_DECK .. Z_DISCARD */
#define XF_SITE_REF(seat, slot) ((uint8_t)((seat) << 5 | (slot)))

/* An Agent in play (XF-2.4.2). Slots do not move while the Agent stays in
 * play, so Z_ATTACHED's aux stays true; a free slot has inst XF_NONE. */
typedef struct xf_agent {
    uint8_t inst;    /* the owner's card instance, or XF_NONE */
    uint8_t section; /* enum xf_section */
    uint8_t damage;  /* 0..permanent HEALTH */
    uint8_t team;    /* team number, XF_NONE in the Hospital (XF-2.16.5) */
    uint8_t flags;   /* AG_… */
    uint8_t nattached;
    uint8_t attached[XF_MAX_ATTACHED]; /* the owner's instances, in the order attached */
} xf_agent;
#define AG_PURCHASED 1    /* played from hand this turn (XF-5.4.3) */
#define AG_HEALED 2       /* healed_this_turn, heal=seed only (XF-5.2.3) */
#define AG_SET_ASIDE 4    /* LIMIT_TEAM, for the rest of the Site (XF-2.14.1) */
#define AG_ABILITY_USED 8 /* HEAL_OTHER this turn (XF-5.2.5) */
#define AG_MOVED 16       /* moved in this Deployment (XF-5.4.7) */
#define AG_DECLINED 32    /* healdecline in this step H2 (XF-5.2.2) */
#define AG_TOKEN_USED 64  /* its dedicated RP token is spent (XF-2.15) */
#define AG_TEAMED 128     /* named in a Team designation in this step (XF-5.4.7) */

/* A Site in a player's Field (XF-2.16.1); face-down cards under it are the
 * Z_FACEDOWN instances of the other players whose aux names it. Slots do not
 * move while the Site stays; a free slot has inst XF_NONE. */
typedef struct xf_site {
    uint8_t inst;     /* or XF_NONE */
    uint8_t directed; /* the Directed Player's seat (XF-5.5.1) */
    uint8_t team;     /* the Team assigned this turn (XF-5.6.2), or XF_NONE */
    uint8_t flags;    /* SI_… */
} xf_site;
#define SI_PLACED 1   /* placed this turn (XF-5.5.2) */
#define SI_RESOLVED 2 /* investigated this turn (XF-5.6.3, 5.6.10) */

/* A player's X-File Powers (XF-9.13), a bit or two per category: a player
 * has one power per category, the one of his X-File's value in it. */
typedef struct xf_powers {
    uint8_t revealed; /* the value is revealed: a yes to an opponent, or announced */
    uint8_t pub;      /* ...and every player knows it: announced, used, or a yes in a
                         game of two (XF-6.7) */
    uint8_t spent;    /* 2 bits per category: the power's tokens spent */
    uint8_t used;     /* used in this turn (once per turn); DEATH: in this Combat */
    uint16_t hurt;    /* this player's Agent slots damaged in this turn (POSSESSION) */
    uint8_t survival[XF_MAX_PLAYERS]; /* per opponent q, the Agent SURVIVAL damaged in
                                         q's last turn, or XF_NONE */
} xf_powers;

/* One player (XF-2.16.1). The notebook keeps, per opponent q, the questions
 * this player asked q and their answers, and the X-Files he named wrongly
 * for q; a question is bit cat * XF_NVALUES + value (XF-2.18.3: one answer
 * per opponent, category and value). */
typedef struct xf_player {
    int32_t rp, cp;               /* 0..POOL_MAX */
    uint16_t n[XF_NPILES];        /* the counts of deck, hand, face-down, discard pile */
    uint16_t cards[XF_MAX_CARDS]; /* those four piles in one array (core/pile) */
    uint8_t where[XF_MAX_CARDS];  /* each instance's enum xf_zone | label << 4 (XF-2.17.2:
                                    0 while hidden; copy_limit keeps it below 16) */
    uint8_t aux[XF_MAX_CARDS];    /* where in its zone: see enum xf_zone */
    xf_agent agent[XF_MAX_AGENTS];
    xf_site site[XF_MAX_SITES];
    uint64_t known[XF_MAX_PLAYERS][2]; /* XF-6.8: bit per instance of q's hand this player saw */
    uint64_t wrong[XF_MAX_PLAYERS];    /* bit per catalogue entry he named wrongly for q */
    uint32_t asked[XF_MAX_PLAYERS];    /* bit per question he asked q */
    uint32_t yes[XF_MAX_PLAYERS];      /* the answers among them that were yes */
    uint8_t nasked[XF_MAX_PLAYERS][XF_NCAT]; /* public: his questions to q per category (XF-6.7) */
    uint8_t nwrong[XF_MAX_PLAYERS];          /* public: his wrong guesses at q */
    uint8_t exchanged[XF_MAX_CARDS / 8];     /* bit per Equipment exchanged this phase (5.4.7) */
    uint8_t xfile;      /* catalogue index; XF_NONE until chosen (XF-3.4.1 step 2) */
    uint8_t dedicated;  /* dedicated purchase points, steps B3 – B4 (XF-5.1.4) */
    uint8_t flags;      /* PL_… */
    uint8_t npenalties; /* penalties he took: for the figures (tt_stats) */
    xf_powers pw;       /* the X-File Powers (XF-9.13) */
    uint16_t assigned;  /* bit per Agent slot sent to a Site in this turn, also once the
                           Site is resolved (XF-9.3.6) */
} xf_player;
#define PL_BOUGHT 1       /* bought this turn (XF-5.1.4, 5.1.5) */
#define PL_GUESSED 2      /* guessed_this_turn (XF-8.3.2) */
#define PL_GUESSED_EVER 4 /* opt_single_guess (XF-8.6.2) */
#define PL_CONCEDED 8     /* XF-8.5.3 */
#define PL_SOLD 16        /* done selling this turn (XF-9.2.1) */
#define PL_DISCARDING 32  /* done with voluntary discards in step X2 (XF-5.9.2) */
/* Basic mode: the cards he played in this Investigation Phase, or discarded
 * in this step X2, 0..3 (XF-9.12.1 items 6, 9), in the flags' top two bits
 * so that the state keeps its size. */
#define PL_BASIC_SHIFT 6
static inline int xf_basic_count(const xf_player *pl)
{
    return pl->flags >> PL_BASIC_SHIFT;
}
static inline void xf_basic_set(xf_player *pl, int n)
{
    pl->flags = (uint8_t)((pl->flags & ((1 << PL_BASIC_SHIFT) - 1)) | n << PL_BASIC_SHIFT);
}

static inline int xf_zone(const xf_player *p, int inst)
{
    return p->where[inst] & 15;
}
static inline int xf_label(const xf_player *p, int inst)
{
    return p->where[inst] >> 4;
}

/* A card on the stack (XF-2.16.2, 4.3): its owner, what was declared with it
 * (XF-5.0.8 item 5) and the window that owns it (XF-4.3.2a). The target is a
 * card (tseat, tinst), a seat (OPPONENT: tinst XF_NONE) or none (both
 * XF_NONE). Eight bytes, since the stack is the state's largest part: the
 * small fields share two bytes (the accessors below). */
typedef struct xf_stack_card {
    uint8_t who;  /* owner seat | owning window (index in xf_state.rounds) << 2 */
    uint8_t inst; /* the owner's instance */
    uint8_t bits; /* mode (index from 0) | SC_… flags << 2 | MOVE_AGENT's section << 6 */
    uint8_t tseat, tinst;
    uint8_t x;                      /* the X chosen (XF-5.0.7) */
    uint8_t change_from, change_to; /* CHANGE_KEYWORD's words */
} xf_stack_card;
#define SC_FROM_CP 1    /* paid from CP (else RP) */
#define SC_RESOLVING 2  /* a FORCE_CHECK waiting for its check (XF-5.7.7) */
#define SC_CONSPIRACY 4 /* side conspiracy (XF-9.10.4) */
#define SC_BLUFF 8      /* a face-down Bluff paid at its reveal: cost - 1 (XF-5.6.6) */

static inline int xf_sc_seat(const xf_stack_card *e)
{
    return e->who & 3;
}
static inline int xf_sc_window(const xf_stack_card *e)
{
    return e->who >> 2;
}
static inline int xf_sc_mode(const xf_stack_card *e)
{
    return e->bits & 3;
}
static inline int xf_sc_flags(const xf_stack_card *e)
{
    return e->bits >> 2 & 15;
}
static inline int xf_sc_to(const xf_stack_card *e)
{
    return e->bits >> 6;
}

/* An open skill check (XF-5.7): the Site check at depth 0, nested forced
 * checks and Combat rounds above it, each suspended while the one above runs. */
typedef struct xf_check {
    uint8_t kind;          /* CK_… */
    uint8_t skill;         /* enum xf_skill: SK_LRC or SK_CRC for a Combat round */
    uint8_t threshold;     /* the option's or the focused min; 0 for a Combat round */
    uint8_t flags;         /* CF_… */
    int16_t level_mod;     /* SKILL_BONUS modifiers (XF-5.7.6) */
    int16_t threshold_mod; /* THRESHOLD_MOD modifiers */
    uint8_t site;          /* the Site (slot of the Investigating Player's) */
    uint8_t source;        /* CK_FORCED: the stack index of the card that opened it */
    uint8_t window;        /* its window: index in xf_state.rounds */
    uint8_t pad;
    uint32_t witnesses; /* bit per Witness name played in it (XF-5.7.5) */
} xf_check;
enum xf_check_kind { CK_SITE, CK_FORCED, CK_LRC, CK_CRC };
#define CF_SITE_FAILS 1 /* a FORCE_CHECK with SITE_FAILS failed in it (XF-5.6.8 (b)) */
#define CF_FOCUSED 2    /* FOCUS yes (XF-2.5.3) */
#define CF_PLAYED 4     /* a card was played in this Combat round (XF-5.8.10a) */
#define CF_REVEAL 8     /* the Site's revealed Bluffs are being handled (XF-5.6.6) */

/* A combat Witness joined to the Investigating Player's Team until the end
 * of the turn (XF-2.7.1, 5.8.3). */
typedef struct xf_joined {
    uint8_t seat, inst, team, damage;
} xf_joined;

/* A keyword change in force until the end of the turn (XF-2.13.2): the
 * card (seat, inst) has `to` instead of `from`. */
typedef struct xf_kwchange {
    uint8_t seat, inst, from, to;
} xf_kwchange;

/* The Combat in progress (XF-5.8): one at most. Per combatant, the round's
 * modifiers and the damage allocated to it; Agents by their slot. */
typedef struct xf_combat {
    uint8_t on;                 /* a Combat is in progress */
    uint8_t adv_seat, adv_inst; /* the Adversary; its controller is its owner */
    uint8_t adv_damage;
    uint8_t round;                         /* 0: the LRC round; n: the n-th CRC round */
    uint8_t adv_reduce, adv_hit, adv_left; /* left: damage still to allocate (split_damage) */
    int8_t adv_bonus;
    uint8_t possessed; /* POSSESSION (XF-9.13.1): the Agent slot + 1 fighting for the
                          Adversary, or 0 */
    uint8_t pad[2];
    int8_t bonus[XF_MAX_AGENTS + XF_MAX_JOINED]; /* Agents by slot, then joined Witnesses */
    uint8_t reduce[XF_MAX_AGENTS + XF_MAX_JOINED];
    uint8_t hit[XF_MAX_AGENTS + XF_MAX_JOINED];
} xf_combat;

/* The play being declared, one atomic answer at a time (XF-5.0.8, 5.10.2),
 * or another compound decision in progress. */
typedef struct xf_decl {
    uint8_t kind; /* what is being declared: 0 none (enum xf_op of its first action) */
    uint8_t seat, inst, mode, tseat, tinst, x, to, change_from, change_to, side, next;
    uint8_t power; /* A_PLAY: XF_VIOLENCE for an Adversary played from the discard pile;
                      A_POWER: the power being used (xf_power_id) */
} xf_decl;

/* Steps (XF-4.2.1), setup's first. */
enum xf_step {
    ST_XFILE, /* XF-3.4.1 step 2: each player in seat order chooses */
    ST_FIRST, /* step 7: the coin-toss winner names who begins */
    ST_B1,
    ST_B2,
    ST_B3,
    ST_B4,
    ST_B5,
    ST_H1,
    ST_H2,
    ST_H3,
    ST_H4,
    ST_R1,
    ST_R2,
    ST_D1,
    ST_D2,
    ST_C1,
    ST_C2,
    ST_C3,
    ST_I1,
    ST_I2,
    ST_I3,
    ST_I4,
    ST_I5,
    ST_X1,
    ST_X2,
    ST_X3,
    XF_NSTEPS
};

#define XF_MAX_ROUNDS (XF_CHECK_DEPTH_MAX + 1) /* a window per check, and a casualty window */

typedef struct xf_state {
    tt_head head;   /* generator, turn, result (core/head.h) */
    uint8_t step;   /* enum xf_step */
    uint8_t active; /* the Investigating Player (XF-1.3) */
    uint8_t first;  /* who took the first turn */
    uint8_t actor;  /* who decides in a step that goes round the players: the one choosing
                          (ST_XFILE), the coin-toss winner (ST_FIRST), the opponent selling
                          (B5), placing (C2) or discarding (X2) */
    uint8_t phase;  /* enum xf_phase */
    uint8_t nstack, nchecks, nrounds, njoined;
    uint8_t investigating; /* the Site under investigation: slot of P's, or XF_NONE */
    uint8_t nkwc;          /* keyword changes in force (kwc) */
    uint8_t pad;
    xf_decl decl;
    xf_combat combat;
    tt_round rounds[XF_MAX_ROUNDS]; /* the open windows, innermost last (core/round) */
    xf_check check[XF_CHECK_DEPTH_MAX];
    xf_joined joined[XF_MAX_JOINED];
    xf_kwchange kwc[XF_MAX_KWCHANGES]; /* in the order they resolved */
    xf_stack_card stack[XF_STACK_MAX]; /* bottom first */
    /* the players last, so a game of n players keeps only n of them
       (xf_state_size): the state of a 2-player game is the smallest */
    xf_player pl[XF_MAX_PLAYERS];
} xf_state;

/* Bytes of the state of a game of n players. */
static inline size_t xf_state_size(int nplayers)
{
    return offsetof(xf_state, pl) + (size_t)nplayers * sizeof(xf_player);
}

/* A state is copied by every step of a search: about 3 KB with two players
 * (under 100 ns), 5 KB with four. */
_Static_assert(offsetof(xf_state, pl) + 2 * sizeof(xf_player) <= 3264,
               "a 2-player state grew past 3264 bytes");
_Static_assert(sizeof(xf_state) <= 5376, "a 4-player state grew past 5376 bytes");

/* --- actions -------------------------------------------------------------------------- */

/* One atomic choice each (XF-4.5.1, 5.10.1); the turn's actions join these. */
enum xf_op {
    A_XFILE = 1,   /* arg: catalogue index (XF-3.4.1 step 2) */
    A_FIRST,       /* arg: seat (step 7) */
    A_PASS,        /* the priority holder passes (XF-4.3.1) */
    A_DONE,        /* ends an optional step, or a Team designation (XF-5.0.2) */
    A_PLAY,        /* arg: def of a hand card, played in a window (XF-5.0.8) */
    A_MODE,        /* arg: mode index from 0 (declaration, XF-5.10.2) */
    A_TARGET,      /* arg: seat << 8 | instance, or seat << 8 | 0xFF for a seat */
    A_X,           /* arg: X (XF-5.0.7) */
    A_TO,          /* arg: section (MOVE_AGENT) */
    A_CHANGE,      /* arg: from word << 8 | to word (CHANGE_KEYWORD) */
    A_SIDE,        /* arg: 0 agents, 1 conspiracy (XF-9.10.4) */
    A_FREEDRAW,    /* arg: 0 no, 1 yes (XF-5.1.2) */
    A_RESSPLIT,    /* arg: points sent to CP (XF-5.1.3) */
    A_BUY,         /* arg: n (XF-5.1.4, 5.1.5) */
    A_SELL,        /* arg: def of a hand card (XF-5.1.5) */
    A_HEALDECLINE, /* arg: Agent slot (XF-5.2.2) */
    A_ABILITY,     /* arg: Agent slot << 8 | target Agent slot (XF-5.2.5) */
    A_REQUISITION, /* arg: def << 8 | Agent slot (XF-5.3.2) */
    A_EXCHANGE,    /* arg: Equipment instance << 8 | receiving Agent slot (XF-5.3.4) */
    A_MOVE,        /* arg: Agent slot << 8 | section (XF-5.4.2) */
    A_PLAYAGENT,   /* arg: def << 8 | section (XF-5.4.3) */
    A_TEAM,        /* arg: section << 8 | Agent slot (XF-5.4.5) */
    A_SITE,        /* arg: def << 8 | directed seat (XF-5.5.1) */
    A_FACEDOWN,    /* arg: def << 8 | Site slot (XF-5.5.5) */
    A_DISCARD,     /* arg: def of a hand card (XF-5.9.2, OPP_DISCARD) */
    A_ASSIGN,      /* arg: Site slot << 8 | Agent slot naming its Team (XF-5.6.2) */
    A_RESOLVE,     /* arg: Site slot (XF-5.6.3) */
    A_SKILL,       /* arg: prerequisite option, 0 or 1 (XF-5.6.4) */
    A_FOCUS,       /* arg: 0 no, 1 yes (XF-2.5.3) */
    A_BLUFF,       /* arg: instance << 1 | pay (XF-5.6.6); the owner is the one deciding */
    A_KEEP,        /* arg: Agent slot (LIMIT_TEAM, XF-2.14.1) */
    A_DAMAGE,      /* arg: Agent slot (FORCE_CHECK {"damage": n}) */
    A_ASK,         /* arg: category << 8 | value (XF-8.2) */
    A_NOASK,       /* XF-8.2.2, 8.4.1 */
    A_GUESS,       /* arg: catalogue index (XF-8.3) */
    A_NOGUESS,
    A_ALLOCATE, /* arg: Agent slot << 8 | points (0: all that is left) (XF-5.8.6) */
    A_ANNOUNCE, /* arg: power id, the value announced (XF-9.13.1) */
    A_POWER,    /* arg: power id << 8 | def (VIOLENCE: the Adversary) (XF-9.13.1) */
    A_HURT,     /* arg: Agent slot taking INSANITY's damage (XF-9.13.1) */
    XF_NOPS_ACTION
};
#define XF_ACTION(op, arg) ((tt_action)(((uint32_t)(op) << 24) | ((uint32_t)(arg)&0xFFFFFF)))
#define XF_OP(a) ((int)((uint32_t)(a) >> 24))
#define XF_ARG(a) ((int)((a)&0xFFFFFF))
#define XF_MAX_ACTIONS 512

/* events */
enum xf_event {
    EV_XFILE = 1,  /* a: seat; b: catalogue index, private to the chooser */
    EV_SHUFFLE,    /* a: seat; b: cards */
    EV_DRAW,       /* a: seat; b: instance, private to the drawer (XF-6.2) */
    EV_POOLS,      /* a: seat; b: RP; c: CP */
    EV_COIN,       /* a: the seat the coin picked */
    EV_FIRST,      /* a: who begins */
    EV_TURN,       /* a: turn; b: the Investigating Player */
    EV_STEP,       /* a: enum xf_step begun */
    EV_PASS,       /* a: seat */
    EV_PLAY,       /* a: seat; b: instance; c: stack index; d: paid */
    EV_RESOLVE,    /* a: seat; b: instance; c: 1 with effect, 0 without (XF-5.0.9) */
    EV_NEGATE,     /* a: seat of the negated card; b: its instance */
    EV_RESHUFFLE,  /* a: seat; b: cards (XF-5.0.6) */
    EV_NODRAW,     /* a: seat: deck and discard pile empty (XF-5.0.6) */
    EV_FREEDRAW,   /* a: seat; b: 0 or 1 */
    EV_RES,        /* a: seat; b: RP made; c: dedicated; d: to CP (XF-5.1.3) */
    EV_BUY,        /* a: seat; b: n */
    EV_SELL,       /* a: seat; b: instance; c: CP gained */
    EV_HEAL,       /* a: seat; b: Agent instance; c: damage removed */
    EV_DAMAGE,     /* a: seat; b: Agent instance; c: damage dealt */
    EV_HOSPITAL,   /* a: seat; b: Agent instance sent to the Hospital at 0 */
    EV_EQUIP,      /* a: seat; b: card instance; c: Agent instance (requisition, exchange) */
    EV_MOVE,       /* a: seat; b: Agent instance; c: section */
    EV_AGENT,      /* a: seat; b: Agent instance played; c: section */
    EV_TEAM,       /* a: seat; b: Agent instance; c: team number */
    EV_SITE,       /* a: seat; b: Site instance; c: Directed Player */
    EV_FACEDOWN,   /* a: seat; b: instance (private); c: Site owner; d: Site slot */
    EV_DISCARD,    /* a: seat; b: instance */
    EV_GAIN,       /* a: seat; b: pool; c: points (TRIGGER_GAIN, GAIN, DRAIN: negative) */
    EV_LOOK,       /* a: looker; b: seat looked at (private to the looker) */
    EV_CONCEDE,    /* a: seat */
    EV_END,        /* a: reason; b: winner or -1 */
    EV_ASSIGN,     /* a: seat; b: Site instance; c: team */
    EV_CHECK,      /* a: skill; b: threshold; c: level; d: depth (XF-5.7.2) */
    EV_RESULT,     /* a: 1 success, 0 failure; b: level; c: threshold; d: depth */
    EV_REVEAL,     /* a: owner; b: instance; c: Site owner */
    EV_REFUSE,     /* a: owner; b: Bluff instance refused */
    EV_SETASIDE,   /* a: seat; b: Agent instance */
    EV_ASK,        /* a: asker; b: asked; c: category << 8 | value (seen by the two, 3+); d: yes */
    EV_GUESS,      /* a: guesser; b: guessed seat; c: catalogue index (seen by the two); d: right */
    EV_NOASK,      /* a: seat */
    EV_COMBAT,     /* a: controller; b: Adversary instance; c: round (0 LRC) */
    EV_HIT,        /* a: seat of the hit card; b: its instance; c: damage received */
    EV_COMBAT_END, /* a: controller; b: Adversary instance; c: 1 killed */
    EV_ANNOUNCE,   /* a: seat; b: category; c: value (XF-9.13.1) */
    EV_POWER,      /* a: seat; b: power id; c: target seat or -1; d: target instance or -1 */
    EV_ABDUCT      /* a: seat; b: Agent instance; c: 1 into the deck, 0 out to the Hospital */
};

enum xf_reason {
    R_NONE,
    R_XFILE_NAMED,
    R_PENALTY_GUESS,
    R_SINGLE_GUESS_WRONG,
    R_CONCEDED,
    R_DRAW_MAX_TURNS
};

/* The def of instance inst of seat p. */
static inline const xf_def *xf_inst_def(const xf_content *c, int p, int inst)
{
    return &c->def[c->deck[p].def[inst]];
}

/* figures.c: the figures for designers (tt_stats) and the estimate searches
 * stop their playouts on (tt_evaluate), with the playout length it suits. */
int xf_stats(const tt_game *g, const void *st, tt_stat *out, int max);
void xf_evaluate(const tt_game *g, const void *st, double *out);
#define XF_PLAYOUT_HORIZON 100

/* setup.c: setup (XF-3.4), the sanity checker (TT_OK, or TT_ESTATE naming
 * the broken invariant) and determinization. */
void xf_init(const tt_game *g, void *st, uint64_t seed);
int xf_sanity(const tt_game *g, const void *st, tt_error *err);
void xf_determinize(const tt_game *g, void *st, int viewer, uint64_t seed);
/* Whether catalogue entry k agrees with everything viewer v learned of q's
 * X-File (XF-6.7, 6.10): the values known to all (XF-9.13.1), and of a
 * player's own, every answer he received and every guess of his judged
 * wrong. */
int xf_xfile_possible(const xf_content *c, const xf_state *s, int v, int q, int k);
/* Rigging (docs/protocol.md): `p<n>_deck <card>...` stacks seat n's Bureau
 * Deck (the first card drawn first), `p<n>_hand <card>...` makes his hand
 * exactly those cards, from his deck; `xfile p<n> <id>` replaces the X-File
 * seat n chose; `coin p<n>` names the coin-toss winner. On error nothing
 * changed. */
int xf_rig(const tt_game *g, void *st, const char *what, const char *values, tt_error *err);
/* Steps 4 – 7 of XF-3.4.1, once every player has chosen his X-File. */
void xf_lay_out(const xf_content *c, xf_state *s, tt_events *ev);
/* Moves the card at index i of seat p's pile `from` to the top of pile `to`,
 * keeping `where` true; returns the instance. */
int xf_pile_move(xf_player *pl, int from, int i, int to);
void xf_set_zone(xf_player *pl, int inst, int zone, int label);
/* XF-2.17.2: the label instance inst of seat p takes as it becomes public. */
int xf_free_label(const xf_content *c, const xf_player *pl, int p, int inst);

/* turn.c: the flow of the turn (XF-4): who decides, what is legal, applying
 * an action, and the steps that run by themselves. */
int xf_to_move(const tt_game *g, const void *st);
int xf_legal(const tt_game *g, const void *st, tt_action *out);
int xf_apply(const tt_game *g, void *st, tt_action a, tt_events *ev, tt_error *err);
int xf_offturn_apply(const tt_game *g, void *st, int player, tt_action a, tt_events *ev,
                     tt_error *err);

/* cards.c: moving cards between zones, drawing, pools, Agents' ratings. */
int xf_hand_find(const xf_content *c, const xf_player *pl, int p, int def); /* pile index or -1 */
void xf_to_discard(const xf_content *c, xf_state *s, int p, int inst);
/* p sees q's hand (LOOK_HAND, KNOWLEDGE): known while each card stays (XF-6.8). */
void xf_look_hand(xf_state *s, int p, int q, tt_events *ev);
/* Takes instance inst of seat p out of a pile or its slot into a public zone
 * (its label kept, or a new one). */
void xf_make_public(const xf_content *c, xf_state *s, int p, int inst, int zone, int aux);
void xf_draw(const xf_content *c, xf_state *s, int p, tt_events *ev);
int xf_available(const xf_player *pl); /* cards in deck and discard pile (XF-5.1.4) */
void xf_gain(xf_state *s, int p, int pool, int n, tt_events *ev); /* stops at POOL_MAX */
int xf_perm_stat(const xf_content *c, const xf_state *s, int p, int slot, int stat);
int xf_perm_health(const xf_content *c, const xf_state *s, int p, int slot);
int xf_can_leave_hospital(const xf_content *c, const xf_state *s, int p, int slot);
int xf_heal_amount(const xf_content *c, const xf_state *s, int p, int slot); /* XF-5.2.2 */
int xf_agent_slot(const xf_state *s, int p, int inst);                       /* or -1 */
int xf_free_agent_slot(const xf_state *s, int p);                            /* or -1 */
int xf_new_team(const xf_state *s, int p);             /* an unused team number */
void xf_form_teams(xf_state *s, int p, tt_events *ev); /* XF-2.16.5 */
void xf_damage_agent(const xf_content *c, xf_state *s, int p, int slot, int n, tt_events *ev);
/* ABDUCTION (XF-9.13.1): p's Agent in slot becomes the 11th card from the
 * top of his deck, face up (its label kept). */
void xf_abduct(const xf_content *c, xf_state *s, int p, int slot, tt_events *ev);
int xf_next_seat(const xf_content *c, const xf_state *s, int p); /* in turn order, skipping the
                                                                     conceded */
int xf_hand_limit(const xf_content *c, const xf_state *s, int p);
/* XF-5.3.5, 5.8.7: the largest bonus of one Equipment of Agent slot of p for
 * a rating (enum xf_skill), or with rating -1 the largest armour. */
int xf_best_equipment(const xf_content *c, const xf_state *s, int p, int slot, int rating);
/* Opens a window (XF-4.3.1) at which `start` holds priority; conceded
 * players are never polled. id: the step, or XF_WINDOW_…. */
void xf_open_window(const xf_content *c, xf_state *s, int start, int id);

/* phases.c: the phase actions of XF-5.1 to 5.6 and 5.9: the candidates of
 * the current step, their check (TT_OK or the refusal, nothing changed) and
 * doing one; xf_step_enter runs a step's automatic part and returns 1 when
 * the step waits for a decision. xf_phase_do returns 1 when the step is over. */
int xf_phase_candidates(const xf_content *c, const xf_state *s, tt_action *out);
int xf_phase_check(const xf_content *c, const xf_state *s, tt_action a, tt_error *err);
int xf_phase_do(const xf_content *c, xf_state *s, tt_action a, tt_events *ev);
int xf_step_enter(const xf_content *c, xf_state *s, tt_events *ev);
void xf_turn_begin(const xf_content *c, xf_state *s, int p, tt_events *ev);
int xf_agent_res(const xf_content *c, const xf_state *s, int p, int slot); /* XF-5.1.3 */
int xf_ressplit_do(const xf_content *c, xf_state *s, int n, tt_events *ev);

/* play.c: playing cards in windows (XF-5.0.8), the stack and resolving
 * (XF-5.0.9). The declaration stages, in the order they are asked: */
enum xf_stage { SG_MODE, SG_TARGET, SG_X, SG_TO, SG_CHANGE, SG_SIDE, SG_DONE };
int xf_play_start(const xf_content *c, const xf_state *s, int seat, int def, xf_decl *d,
                  tt_error *err);
/* The same for instance inst wherever it lies; power: PW_VIOLENCE for an
 * Adversary from the discard pile (XF-9.13.1), else 0. */
int xf_play_start_at(const xf_content *c, const xf_state *s, int seat, int inst, int power,
                     xf_decl *d, tt_error *err);
void xf_negate(const xf_content *c, xf_state *s, int seat, int inst, tt_events *ev);
int xf_play_declare(const xf_content *c, const xf_state *s, const xf_decl *d, int op, int arg,
                    xf_decl *out, tt_error *err);
/* Lists into out the declaration actions legal at d's stage; returns the count. */
int xf_play_options(const xf_content *c, const xf_state *s, const xf_decl *d, tt_action *out);
/* Auto-fills the stages that have exactly one legal answer; 1 when complete. */
int xf_play_autofill(const xf_content *c, const xf_state *s, xf_decl *d);
void xf_play_commit(const xf_content *c, xf_state *s, tt_events *ev);
void xf_resolve_top(const xf_content *c, xf_state *s, tt_events *ev);
int xf_can_play_any(const xf_content *c, const xf_state *s, int seat);
/* The keywords of card instance inst of seat p now: its printed ones with
 * the keyword changes in force applied in order (XF-2.13.2). */
xf_words xf_card_words(const xf_content *c, const xf_state *s, int p, int inst);
/* The level and threshold of check k now (XF-5.7.2), and its contributing
 * Agents as a bit set of P's slots. */
int xf_level(const xf_content *c, const xf_state *s, int k);
int xf_threshold(const xf_state *s, int k);
unsigned xf_contributing(const xf_content *c, const xf_state *s);
/* The Agents of the Team at the Site under investigation, in the Field,
 * without the flags `without` (AG_…), a bit per slot of P's. */
unsigned xf_site_team(const xf_state *s, int without);

/* investigate.c: the Investigation Phase (XF-5.6 to 5.8, 8.2 to 8.4): the
 * decisions kept in s->decl (kinds A_RESOLVE, A_BLUFF, A_KEEP, A_DAMAGE,
 * A_ASK, A_GUESS), opening and closing checks and their windows. */
int xf_inv_decides(const xf_state *s);
int xf_inv_options(const xf_content *c, const xf_state *s, tt_action *out);
int xf_inv_check(const xf_content *c, const xf_state *s, tt_action a, tt_error *err);
/* Applies a checked investigation action; 1 when step I3 is over. */
int xf_inv_do(const xf_content *c, xf_state *s, tt_action a, tt_events *ev);
/* The window of check k closed with no card of its own on the stack. */
int xf_check_closed(const xf_content *c, xf_state *s, tt_events *ev);
/* The reveal window of a paid Bluff closed: the next Bluff, or the SCS. */
void xf_reveal_next(const xf_content *c, xf_state *s, tt_events *ev);
/* FORCE_CHECK: opens a nested check for the card at stack index i. */
void xf_force_check(const xf_content *c, xf_state *s, int i, const xf_effect *e, tt_events *ev);
void xf_limit_team(const xf_content *c, xf_state *s, int max, tt_events *ev);
int xf_inv_i3_waits(const xf_state *s);
int xf_inv_check_assign(const xf_content *c, const xf_state *s, int slot, int k, tt_error *err);
void xf_inv_assign(xf_state *s, int slot, int k, tt_events *ev);
int xf_bluff_payable(const xf_content *c, const xf_state *s, int seat, int inst, tt_error *err);
void xf_bluff_commit(const xf_content *c, xf_state *s, int seat, int inst, tt_events *ev);
#define XF_ASK_CARD 2         /* decl.x of the question an ASK_QUESTION card asks */
#define XF_WINDOW_REVEAL 99   /* tt_round.id of a paid Bluff's window */
#define XF_WINDOW_CASUALTY 98 /* tt_round.id of the casualty window (XF-5.8.8) */
#define CF_CASUALTY 16        /* the Combat round's casualty window is open */

/* combat.c: Combat (XF-5.8): its start when an Adversary resolves, each
 * round as a check with a window, allocation, application, the casualty
 * window, removal and the end. */
void xf_combat_start(const xf_content *c, xf_state *s, int seat, int inst, tt_events *ev);
int xf_round_closed(const xf_content *c, xf_state *s, tt_events *ev);
int xf_casualty_closed(const xf_content *c, xf_state *s, tt_events *ev);
unsigned xf_agent_side(const xf_content *c, const xf_state *s); /* slots in the Combat */
/* The damage the Agent in slot deals in the current round (XF-5.8.5), the
 * joined Witness j's with slot XF_MAX_AGENTS + j, or with slot -1 the
 * Adversary's (for the views). */
int xf_combat_out(const xf_content *c, const xf_state *s, int slot);
/* XF-5.8.3: the combat Witnesses in the Combat, a bit per index in s->joined. */
unsigned xf_witness_side(const xf_state *s);
int xf_alloc_options(const xf_content *c, const xf_state *s, tt_action *out);
int xf_alloc_check(const xf_content *c, const xf_state *s, tt_action a, tt_error *err);
void xf_alloc_do(const xf_content *c, xf_state *s, tt_action a, tt_events *ev);
#define XF_WINDOW_CHECK 100 /* tt_round.id of check k's window: 100 + k */
/* The Investigating Player's dedicated token that would pay for def (an
 * Agent slot), or -1; and the payment of def's price by seat. */
int xf_token_for(const xf_content *c, const xf_state *s, int seat, int def);
void xf_paid(const xf_content *c, xf_state *s, int def, tt_events *ev); /* TRIGGER_GAIN */
/* XF-2.14.2: the persistent effect of RESOURCE card inst of seat p applied
 * once more; with `uses` reached the card goes to the discard pile. */
void xf_resource_applied(const xf_content *c, xf_state *s, int p, int inst, tt_events *ev);
/* XF-5.9.3: the Investigating Player's HAND_LIMIT resources applied in his
 * Debriefing, which is ending. */
void xf_hand_limits_applied(const xf_content *c, xf_state *s, tt_events *ev);

/* powers.c: the X-File Powers (XF-9.13). A power's id is category *
 * XF_NVALUES + value: seat p has power id when opt_xfile_powers is on, his
 * X-File's value in that category is id's, and that value is revealed. */
enum xf_power {
    PW_KNOWLEDGE = CAT_MOTIVE * XF_NVALUES,
    PW_SURVIVAL,
    PW_IDEOLOGY,
    PW_CONTROL,
    PW_SECURITY,
    PW_SUBTERFUGE, /* CAT_METHOD */
    PW_POSSESSION,
    PW_VIOLENCE,
    PW_MANIPULATION,
    PW_THREATS,
    PW_ABDUCTION, /* CAT_RESULT */
    PW_INSANITY,
    PW_DEATH,
    PW_PHYSIOLOGICAL_IMBALANCE,
    PW_MANIPULATION_OF_EVIDENCE
};
int xf_power_of(const xf_content *c, const xf_state *s, int p, int cat); /* p's X-File's */
int xf_has_power(const xf_content *c, const xf_state *s, int p, int id);
int xf_power_tokens(const xf_state *s, int p, int id); /* tokens left */
int xf_power_token_count(int id);                      /* tokens it comes with; 0: none */
/* Which of q's revealed values viewer v knows revealed (a bit per
 * category): all his own; of another's, those known to all and those his
 * own questions were answered yes to. */
uint8_t xf_reveals_known(const xf_state *s, int v, int q);
/* p's value in cat becomes revealed, and with `public` known to all. */
void xf_power_reveal(const xf_content *c, xf_state *s, int p, int cat, int public);
/* The powers that apply by themselves: what a declared play costs less, and
 * the power's use marked when it is paid; whether an Adversary ignores its
 * K_SITE activators; the RP P pays more per Site, and its payment. */
int xf_power_discount(const xf_content *c, const xf_state *s, const xf_decl *d, int pool);
void xf_power_paid(const xf_content *c, xf_state *s, const xf_decl *d, int pool, tt_events *ev);
int xf_power_skips_site(const xf_content *c, const xf_state *s, int seat, int inst);
int xf_site_surcharge(const xf_content *c, const xf_state *s);
void xf_site_surcharge_paid(const xf_content *c, xf_state *s);
void xf_power_witness(const xf_content *c, xf_state *s, int seat, tt_events *ev); /* INSANITY */
/* The uses: `announce` and `power` for seat now (in a window he holds, or
 * KNOWLEDGE in step B5), their check and doing one; the declaration of a
 * use (decl kind A_POWER: its target and change) or INSANITY's damage
 * (A_HURT). */
int xf_power_candidates(const xf_content *c, const xf_state *s, int seat, tt_action *out);
int xf_power_any(const xf_content *c, const xf_state *s, int seat);
int xf_power_check(const xf_content *c, const xf_state *s, int seat, tt_action a, tt_error *err);
void xf_power_do(const xf_content *c, xf_state *s, int seat, tt_action a, tt_events *ev);
int xf_power_options(const xf_content *c, const xf_state *s, tt_action *out);
int xf_power_decl_check(const xf_content *c, const xf_state *s, tt_action a, tt_error *err);
void xf_power_decl_do(const xf_content *c, xf_state *s, tt_action a, tt_events *ev);
void xf_powers_turn_end(const xf_content *c, xf_state *s);
void xf_powers_combat_begin(const xf_content *c, xf_state *s, int seat); /* DEATH */

/* view.c: views (malloc'd texts the caller frees, NULL when out of memory),
 * action texts and events in words. */
char *xf_view_json(const tt_game *g, const void *st, int viewer);
char *xf_view_text(const tt_game *g, const void *st, int viewer);
char *xf_view_part(const tt_game *g, const void *st, int viewer, int part);
int xf_format(const tt_game *g, const void *st, tt_action a, char *buf, size_t n);
int xf_parse(const tt_game *g, const void *st, const char *text, tt_action *out, tt_error *err);
int xf_event_text(const tt_game *g, const tt_event *ev, int viewer, char *buf, size_t n);

/* describe.c: the card texts of the loaded content (tt_describe). */
const char *xf_describe_id(const tt_game *g, int i);
int xf_describe(const tt_game *g, int i, int what, char *buf, size_t n);

/* content.c: the content set (XF-2, section 11). xf_content_load fills c
 * from a JSON text (NULL: the sample), adding every problem to d; it returns
 * 0, or -1 when it added any (c is then not usable); c's options and decks
 * are left alone. The finders return an index, or -1; ids and words are
 * matched ignoring case. xf_content_new returns the content at path (NULL:
 * the sample), malloc'd with default options and no decks, or NULL with err
 * set. */
int xf_content_load(xf_content *c, const char *text, size_t len, const char *file, tt_diags *d);
xf_content *xf_content_new(const char *path, tt_error *err);
int xf_find_def(const xf_content *c, const char *id);
int xf_find_xfile(const xf_content *c, const char *id); /* catalogue index */
int xf_find_word(const xf_content *c, const char *word);
const char *xf_type_name(int type);
const char *xf_skill_name(int skill);
const char *xf_category_name(int cat);
const char *xf_value_name(int cat, int value);
const char *xf_section_name(int section);
const char *xf_pool_name(int pool);
const char *xf_op_name(int op);
const char *xf_target_name(int target);
const char *xf_phase_name(int phase);

/* deck.c: deck declarations (XF-3.2, 3.3). xf_deck_check checks one
 * declaration, or a list ({"decks": {"NAME": declaration, …}}), against the
 * options o, adding every problem to d with its line and rule; it returns
 * how many declarations it read (-1: not JSON), and out (may be NULL)
 * receives the first one's instances when it has no problem. xf_load_deck
 * reads a game parameter's deck (a sample name or a file) into out; on error
 * out is undefined and err says why. */
int xf_deck_check(const xf_content *c, const xf_options *o, const char *text, size_t len,
                  const char *file, tt_diags *d, xf_deck *out);
int xf_load_deck(const xf_content *c, const char *param, const char *value, xf_deck *out,
                 tt_error *err);
int xf_validate_file(const char *path, tt_diags *d);
/* `deck validate xfiles FILE --mode BASIC`: options "mode=BASIC" or none. */
int xf_validate_with(const char *path, const char *options, tt_diags *d);
/* The sample deck a seat plays when its parameter is not given. */
const char *xf_sample_deck(const xf_options *o, int seat);
int xf_deck_new(const char *options, char **out, tt_error *err);
int xf_deck_list(const char *path, const char *options, char **out, tt_error *err);

#endif
