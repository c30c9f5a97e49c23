/* INWO's goals (INWO-9.3, 9.4): counting groups, the Basic Goal, the goal
 * ops of Special Goals and Goal cards, the combinations a player may
 * declare at step 7, and the outcome once the thwart round closes.
 *
 * A player's goals are a mask: GOAL_B basic, GOAL_S special, GOAL_C his Goal
 * card. Values are goal-context values (INWO-2.14.5). Called at step 7 only,
 * once a turn: loops over the state, no allocation. */
#include "games/inwo/inwo.h"

/* INWO-9.3.2: a card of seat's structure that counts (not paralyzed, not in
 * a Devastated arm). */
static int counts(const inwo_state *s, int card)
{
    return !inwo_paralyzed(s, card) && !inwo_devastated_arm(s, card);
}

/* The Goal card in seat's hand (INWO-9.4.4: at most one), or -1. */
int inwo_goal_card(const inwo_content *c, const inwo_state *s, int seat)
{
    int n;
    const uint16_t *hand = inwo_pile(s, seat, Z_HAND, &n);
    for (int i = 0; i < n; i++) {
        const inwo_def *d = inwo_def_of(c, hand[i]);
        if (d->kind == INWO_PLOT && d->subtype == ST_GOAL && d->has_goal)
            return hand[i];
    }
    return -1;
}

/* The counted total, doubling the groups matching any of the filters (at
 * most 3, INWO-9.3.3); filters INWO_NO_FILTER-terminated, or none. */
static int counted(const inwo_content *c, const inwo_state *s, int seat, int f1, int f2)
{
    int total = 0, doubled = 0;
    for (int k = 0; k < s->nodes_end; k++) {
        int card = s->node[k].card;
        if (card == INWO_NONE || INWO_SEAT(s->node[k].geo) != seat || !counts(s, card))
            continue;
        total++;
        int dbl = (f1 != INWO_NO_FILTER && inwo_match(c, s, f1, card, seat)) ||
                  (f2 != INWO_NO_FILTER && inwo_match(c, s, f2, card, seat));
        if (dbl && doubled < 3 && inwo_def_of(c, card)->kind == INWO_GROUP)
            doubled++;
    }
    return total + doubled;
}

int inwo_groups_counted(const inwo_content *c, const inwo_state *s, int seat)
{
    return counted(c, s, seat, INWO_NO_FILTER, INWO_NO_FILTER);
}

static const inwo_op *goal_of(const inwo_content *c, int card)
{
    const inwo_def *d = inwo_def_of(c, card);
    return d->has_goal ? &d->goal : NULL;
}

/* How far seat is along one goal op (INWO-2.10.6): the counted total, the
 * matching groups, the destroyed ones or the Power summed, to be compared
 * with op_need. Everything it reads is public (INWO-7.1). */
static int op_progress(const inwo_content *c, const inwo_state *s, int seat, const inwo_op *op)
{
    int n = 0;
    switch (op->op) {
    case OP_GOAL_DOUBLE: return counted(c, s, seat, op->filter, INWO_NO_FILTER);
    case OP_GOAL_CONTROL:
        for (int k = 0; k < s->nodes_end; k++) {
            int card = s->node[k].card;
            n += card != INWO_NONE && INWO_SEAT(s->node[k].geo) == seat && counts(s, card) &&
                 inwo_match(c, s, op->filter, card, seat);
        }
        return n;
    case OP_GOAL_DESTROYED: {
        int len;
        const uint16_t *pile = inwo_pile(s, seat, Z_DESTROYED, &len);
        for (int i = 0; i < len; i++)
            n += inwo_match(c, s, op->filter, pile[i], seat); /* its recorded alignments */
        return n;
    }
    case OP_GOAL_POWER:
        for (int k = 0; k < s->nodes_end; k++) {
            int card = s->node[k].card;
            if (card == INWO_NONE || !counts(s, card) ||
                (op->sel == WHERE_OWN && INWO_SEAT(s->node[k].geo) != seat) ||
                !inwo_match(c, s, op->filter, card, seat))
                continue;
            n += inwo_value(c, s, card, STAT_POWER, CX_GOAL);
        }
        return n;
    default: return 0;
    }
}

/* The number op_progress must reach: a doubling goal's is the Basic Goal's. */
static int op_need(const inwo_content *c, const inwo_op *op)
{
    return op->op == OP_GOAL_DOUBLE ? c->opt.basic_goal : op->value;
}

static int op_met(const inwo_content *c, const inwo_state *s, int seat, const inwo_op *op)
{
    return op_progress(c, s, seat, op) >= op_need(c, op);
}

int inwo_special_progress(const inwo_content *c, const inwo_state *s, int seat, int *need)
{
    if (s->head.eliminated >> seat & 1) /* his Illuminati has left the game (INWO-9.2.2) */
        return -1;
    const inwo_op *sp = goal_of(c, inwo_illuminati(s, seat));
    if (!sp)
        return -1;
    *need = op_need(c, sp);
    return op_progress(c, s, seat, sp);
}

int inwo_goals_met(const inwo_content *c, const inwo_state *s, int seat)
{
    int met = inwo_groups_counted(c, s, seat) >= c->opt.basic_goal ? GOAL_B : 0;
    const inwo_op *sp = goal_of(c, inwo_illuminati(s, seat));
    if (sp && op_met(c, s, seat, sp))
        met |= GOAL_S;
    int card = inwo_goal_card(c, s, seat);
    if (card >= 0 && op_met(c, s, seat, goal_of(c, card)))
        met |= GOAL_C;
    return met;
}

int inwo_destroyed_goal_met(const inwo_content *c, const inwo_state *s, int seat)
{
    const inwo_op *sp = goal_of(c, inwo_illuminati(s, seat));
    int card = inwo_goal_card(c, s, seat);
    const inwo_op *gc = card >= 0 ? goal_of(c, card) : NULL;
    return (sp && sp->op == OP_GOAL_DESTROYED && op_met(c, s, seat, sp)) ||
           (gc && gc->op == OP_GOAL_DESTROYED && op_met(c, s, seat, gc));
}

/* INWO-9.3.4: the Special Goal and Goal card doubling together. */
static int doubles_together(const inwo_content *c, const inwo_state *s, int seat)
{
    const inwo_op *sp = goal_of(c, inwo_illuminati(s, seat));
    int card = inwo_goal_card(c, s, seat);
    const inwo_op *gc = card >= 0 ? goal_of(c, card) : NULL;
    if (!sp || !gc || sp->op != OP_GOAL_DOUBLE || gc->op != OP_GOAL_DOUBLE)
        return 0;
    return counted(c, s, seat, sp->filter, gc->filter) >= c->opt.basic_goal;
}

unsigned inwo_combinations(const inwo_content *c, const inwo_state *s, int seat)
{
    int have = GOAL_B | (goal_of(c, inwo_illuminati(s, seat)) ? GOAL_S : 0) |
               (inwo_goal_card(c, s, seat) >= 0 ? GOAL_C : 0);
    int met = inwo_goals_met(c, s, seat), both = -1; /* doubles_together, when asked */
    unsigned ok = 0;
    for (int goals = 1; goals <= 7; goals++) {
        if (goals & ~have)
            continue;
        int hit = (goals & met) != 0;
        if (!hit && (goals & (GOAL_S | GOAL_C)) == (GOAL_S | GOAL_C)) {
            if (both < 0)
                both = doubles_together(c, s, seat);
            hit = both;
        }
        ok |= hit ? 1u << goals : 0;
    }
    return ok;
}

int inwo_combination_ok(const inwo_content *c, const inwo_state *s, int seat, int goals)
{
    return goals >= 1 && goals <= 7 && (inwo_combinations(c, s, seat) >> goals & 1);
}

int inwo_deciding_goal(const inwo_content *c, const inwo_state *s, int seat, int goals)
{
    int met = inwo_goals_met(c, s, seat) & goals;
    if (met & GOAL_B)
        return R_BASIC_GOAL;
    if (met & GOAL_S)
        return R_SPECIAL_GOAL;
    return R_GOAL_CARD;
}

/* Whether seat wins through a declared goal flagged shared_by_factions. */
static int shared_ok(const inwo_content *c, const inwo_state *s, int seat, int goals)
{
    const inwo_op *sp = goal_of(c, inwo_illuminati(s, seat));
    return (goals & GOAL_S) && sp && sp->shared_by_factions && op_met(c, s, seat, sp);
}

unsigned inwo_winners(const inwo_content *c, const inwo_state *s)
{
    unsigned win = 0;
    for (int p = 0; p < s->nplayers; p++)
        if (!(s->head.eliminated >> p & 1) && s->pl[p].declared &&
            inwo_combination_ok(c, s, p, s->pl[p].declared))
            win |= 1u << p;
    /* INWO-9.4.5: factions of one Illuminati share only through the flag */
    unsigned out = win;
    for (int p = 0; p < s->nplayers; p++) {
        if (!(win >> p & 1))
            continue;
        int id = c->deck[p].def[0], n = 0, all_shared = 1;
        for (int q = 0; q < s->nplayers; q++)
            if ((win >> q & 1) && c->deck[q].def[0] == id) {
                n++;
                all_shared &= shared_ok(c, s, q, s->pl[q].declared);
            }
        if (n > 1 && !all_shared)
            out &= ~(1u << p);
    }
    return out;
}
