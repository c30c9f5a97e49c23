/* INWO's plays: `play <plot>` and `use <card>` (INWO-5.0.5), one path for
 * every Plot and special ability. The declaration asks the op's questions
 * (INWO-5.0.6), then the costs in cost order (`pay <G>` for each group
 * entry, `discard <plot>` for each Plot of a discard entry); the play is
 * announced when the last is answered (INWO-5.0.1): costs paid, each token
 * an action item of its own right after the play's (INWO-4.6.2).
 *
 * A +10 Plot and a cancel become items attached to the round's root
 * (attack.c, cancel.c check and announce them); every other play is a root
 * item with its own round, resolved when that round closes (INWO-4.6.5):
 * canceled, it forfeits what was paid (10.3.3); with one of several paying
 * actions lost, its player may substitute another (10.3.2); turned illegal,
 * a Plot goes back to its owner's hand exposed (10.3.4); else it takes
 * effect.
 *
 * The declaration stores answers in decl.ans from 0 (the card, then one per
 * question asked), and the questions follow from the op and the answers so
 * far (questions()); the root item keeps the first `target` in `target`, a
 * `choose`/`mode` answer in `arg` (the ability's index above it), and each
 * `take` or `arrow` answer as an info item (num 0: not an action, never
 * named). Playouts run this: no allocation, no strings. */
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "core/pile.h"
#include "games/inwo/inwo.h"

/* the questions of a play (INWO-5.0.6) */
enum {
    Q_ABILITY = 1,
    Q_TARGET,
    Q_CHOOSE,
    Q_MODE,
    Q_FOR,
    Q_TAKE,
    Q_ARROW,
    Q_PAY,
    Q_DISCARD,
    Q_RECORD,
    Q_VALUE
};
#define Q_MAX 24

/* Plots that stay in play, by subtype (INWO-2.10.8), after the ops. */
enum { W_LINKED = INWO_NOPS, W_ZAP, W_NWO };

/* What is being played: the card, its op and the card's or ability's
 * timing, limit and cost (INWO-2.10.3–2.10.4, 2.7.1). */
typedef struct play {
    int card, abil, is_plot, timing, limit, ncost;
    int what; /* its op, or W_… for a Plot that stays in play (INWO-2.10.8) */
    const inwo_op *op;
    const inwo_cost *cost;
} play;

static const inwo_content *content_of(const tt_game *g)
{
    return g->content;
}

static int ncards(const inwo_state *s)
{
    return s->nplayers * INWO_DECK_CARDS;
}

static int activated(const inwo_op *op)
{
    return op->op >= OP_BOOST && op->timing != TM_PASSIVE;
}

/* The card's activated abilities, a bit per index. */
static unsigned abilities(const inwo_content *c, int card)
{
    const inwo_def *d = inwo_def_of(c, card);
    unsigned m = 0;
    for (int k = 0; k < d->nability; k++)
        m |= (unsigned)activated(&d->ability[k]) << k;
    return m;
}

static play play_of(const inwo_content *c, int card, int head, int abil)
{
    const inwo_def *d = inwo_def_of(c, card);
    play p = {card, abil, head == H_PLAY, 0, 0, 0, -1, NULL, NULL};
    if (p.is_plot) {
        p.abil = 0;
        p.timing = d->timing, p.limit = d->limit, p.ncost = d->ncost, p.cost = d->cost;
        p.op = d->nability ? &d->ability[0] : NULL;
        p.what = d->subtype == ST_LINKED ? W_LINKED
                 : d->subtype == ST_ZAP  ? W_ZAP
                 : d->subtype == ST_NWO  ? W_NWO
                 : p.op                  ? p.op->op
                                         : -1;
    } else if (abil >= 0 && abil < d->nability) {
        p.op = &d->ability[abil];
        p.what = p.op->op;
        p.timing = p.op->timing, p.limit = p.op->limit, p.ncost = p.op->ncost, p.cost = p.op->cost;
    }
    return p;
}

/* The play being declared; abil -1 while `ability` is unanswered. */
static play declared(const inwo_content *c, const inwo_decl *d)
{
    int card = d->ans[0], abil = -1;
    if (d->head == H_USE) {
        unsigned m = abilities(c, card);
        abil = m & (m - 1) ? (d->nans > 1 ? d->ans[1] - 1 : -1) : __builtin_ctz(m);
    }
    return play_of(c, card, d->head, abil);
}

/* The questions of play pl given the answers so far (answer i+1 answers
 * question i); *complete is 0 when later ones depend on an unanswered one. */
static int questions(const inwo_content *c, const inwo_decl *d, const play *pl, uint8_t *q,
                     int *complete)
{
    int n = 0;
    *complete = 0;
    if (d->head == H_USE) {
        unsigned m = abilities(c, pl->card);
        if (m & (m - 1))
            q[n++] = Q_ABILITY;
    }
    if (!pl->op)
        return n;
    switch (pl->what) {
    case OP_BOOST: q[n++] = Q_TARGET, q[n++] = Q_FOR; break;
    case W_LINKED:
    case W_ZAP:
    case OP_CANCEL:
    case OP_PARALYZE:
    case OP_MODIFY:
    case OP_GIVE_TOKEN:
    case OP_RESTORE:
    case OP_DESTROY_RESOURCE:
    case OP_EXPOSE: q[n++] = Q_TARGET; break;
    case OP_ALIGN:
        q[n++] = Q_TARGET;
        if (pl->op->alignment == INWO_ALIGN_CHOOSE)
            q[n++] = Q_CHOOSE;
        break;
    case OP_FREEZE:
        q[n++] = Q_MODE;
        if (d->nans <= n)
            return n; /* the mode decides the rest */
        if (d->ans[n])
            q[n++] = Q_TARGET;
        break;
    case OP_REPEAL: /* a card carrying records: which one */
        q[n++] = Q_TARGET;
        if (d->nans <= n)
            return n;
        if (d->ans[n] < INWO_MAX_CARDS && inwo_def_of(c, d->ans[n])->kind == INWO_GROUP)
            q[n++] = Q_RECORD;
        break;
    case OP_STEAL_EXPOSED:
        q[n++] = Q_TARGET;
        for (int k = 0; k < pl->op->value; k++)
            q[n++] = Q_TAKE;
        break;
    case OP_FREE_TAKEOVER: q[n++] = Q_TARGET, q[n++] = Q_ARROW; break;
    case OP_ROLL_MOD: q[n++] = Q_VALUE; break;
    default: break;
    }
    for (int e = 0; e < pl->ncost && n < Q_MAX; e++) {
        if (pl->cost[e].kind == COST_GROUP)
            q[n++] = Q_PAY;
        for (int k = 0; pl->cost[e].kind == COST_DISCARD_PLOT && k < pl->cost[e].n && n < Q_MAX;
             k++)
            q[n++] = Q_DISCARD;
    }
    *complete = 1;
    return n;
}

/* The answer to the first question of kind q, or -1. */
static int answer(const inwo_content *c, const inwo_decl *d, const play *pl, int kind)
{
    uint8_t q[Q_MAX];
    int complete, n = questions(c, d, pl, q, &complete);
    for (int i = 0; i < n && i + 1 < d->nans; i++)
        if (q[i] == kind)
            return d->ans[i + 1];
    return -1;
}

/* --- who may play what, when (INWO-2.10.4, 4.2.2, 5.8) ------------------------------------ */

int inwo_frozen(const inwo_content *c, const inwo_state *s, int card)
{
    return s->frozen && s->card[card].zone == Z_STRUCTURE &&
           (s->frozen & inwo_attr_of(c, s, card)) != 0;
}

/* The ops written here; the others are refused as not yet written. */
static int written(int op)
{
    switch (op) {
    case OP_BOOST:
    case OP_CANCEL:
    case OP_ALIGN:
    case OP_MODIFY:
    case OP_PARALYZE:
    case OP_FREEZE:
    case OP_GIVE_TOKEN:
    case OP_DRAW:
    case OP_EXPOSE:
    case OP_STEAL_EXPOSED:
    case OP_DESTROY_RESOURCE:
    case OP_RESTORE:
    case OP_FREE_TAKEOVER:
    case OP_REPEAL:
    case OP_REORGANIZE:
    case OP_ROLL_MOD:
    case OP_AUTO_FAIL:
    case W_LINKED:
    case W_ZAP:
    case W_NWO: return 1;
    default: return 0;
    }
}

/* Whether the play spends tokens (INWO-4.2.2). */
static int spends(const play *pl)
{
    for (int e = 0; e < pl->ncost; e++)
        if (pl->cost[e].kind != COST_DISCARD_PLOT)
            return 1;
    return 0;
}

/* INWO-2.10.4: the play's timing allows it for p now; the player to move
 * holds priority (the caller checked no declaration is open). */
static int after_op(int what)
{
    return what == OP_ROLL_MOD || what == OP_AUTO_FAIL;
}

static int chk_timing(const inwo_state *s, const play *pl, int p, tt_error *err)
{
    int pt = s->point;
    if (after_op(pl->what)) /* INWO-5.9.9: its window, the after-roll round, inwo_after_open */
        return TT_OK;
    if (pt == PT_LEAD || pt == PT_DECLARE || pt == PT_RESOLVE || pt == PT_DISPOSE ||
        pt == PT_OVER || pt == PT_STEP4)
        return TT_REFUSE("INWO-4.6.1", NULL, "plays are made holding priority");
    if (pt == PT_AFTER_ROLL && pl->what != OP_CANCEL) /* cancels of after-roll plays */
        return TT_REFUSE("INWO-5.9.9", NULL, "only after-roll plays now");
    if (pl->timing == TM_MAIN && (pt != PT_MAIN || p != s->active || s->nrounds))
        return TT_REFUSE("INWO-2.10.4", NULL, "played in your Main Phase with no round open");
    if (pl->timing == TM_END_OF_TURN && (pt != PT_STEP6 || p != s->active || s->nrounds))
        return TT_REFUSE("INWO-2.10.4", NULL, "played at your step 6");
    if (pl->timing != TM_MAIN && pl->timing != TM_ANY && pl->timing != TM_END_OF_TURN &&
        !(pl->what == OP_CANCEL && pl->timing == TM_ATTACK))
        return TT_REFUSE("INWO-2.10.4", NULL, "not at this time");
    int early =
        s->step == PT_UPKEEP || s->step == PT_STEP1 || s->step == PT_STEP2 || s->step == PT_STEP3;
    int root = s->nrounds ? s->rounds[s->nrounds - 1].id : OR_UPKEEP;
    int response = root < OR_UPKEEP && (s->item[root].who & 7) != p;
    if (p == s->active && early && spends(pl) && !response)
        return TT_REFUSE("INWO-4.2.2", NULL,
                         "in Beginning of Turn your tokens pay only in response to a rival");
    return TT_OK;
}

/* The source of an ability can act: in play, controlled by p, not
 * paralyzed or frozen; a Resource through a group that is not paralyzed
 * (INWO-5.8.1, 5.8.3, 5.18.2–5.18.3). */
static int source_ok(const inwo_content *c, const inwo_state *s, int card, int p)
{
    const inwo_card *v = &s->card[card];
    if (v->holder != p)
        return 0;
    if (v->zone == Z_STRUCTURE)
        return !inwo_paralyzed(s, card) && !inwo_frozen(c, s, card);
    if (v->zone != Z_RESOURCE)
        return 0;
    int k = inwo_link_of(s, card);
    return k >= 0 && inwo_link_active(&s->link[k]) && !inwo_paralyzed(s, s->link[k].b);
}

/* --- costs (INWO-2.10.3) -------------------------------------------------------------------- */

/* How many of the play's tokens card already pays in answers [1, upto). */
static int uses(const inwo_state *s, const inwo_decl *d, const play *pl, const uint8_t *q, int upto,
                int card)
{
    int n = 0;
    for (int i = 0; i + 1 < upto; i++)
        n += q[i] == Q_PAY && d->ans[i + 1] == card;
    for (int e = 0; e < pl->ncost; e++)
        n += (pl->cost[e].kind == COST_SELF && card == pl->card) ||
             (pl->cost[e].kind == COST_ILLUMINATI && card == inwo_illuminati(s, d->player));
    return n;
}

/* Whether group g may pay group entry e: one of p's groups (not a
 * Resource) with a token to spare, matching the filter, not frozen. */
static int payer_ok(const inwo_content *c, const inwo_state *s, const play *pl, int e, int g, int p,
                    int used)
{
    return g < ncards(s) && inwo_can_spend(s, p, g) && s->card[g].u.p.tokens > used &&
           inwo_def_of(c, g)->kind != INWO_RESOURCE && !inwo_frozen(c, s, g) &&
           inwo_match(c, s, pl->cost[e].filter, g, p);
}

static int look_item(const inwo_content *c, const inwo_state *s, int card);

static int discard_ok(const inwo_content *c, const inwo_state *s, const inwo_decl *d,
                      const uint8_t *q, int upto, int card)
{
    if (card >= ncards(s) || s->card[card].zone != Z_HAND || s->card[card].holder != d->player ||
        card == d->ans[0] || inwo_def_of(c, card)->kind != INWO_PLOT)
        return 0;
    if (s->nitems && look_item(c, s, card) >= 0)
        return 0; /* held by a look or steal (INWO-7.4) */
    for (int i = 0; i + 1 < upto; i++)
        if (q[i] == Q_DISCARD && d->ans[i + 1] == card)
            return 0;
    return 1;
}

/* The cost entry question i pays. */
static int entry_of(const play *pl, const uint8_t *q, int i)
{
    int e = 0, left = 0;
    for (int j = 0; j <= i; j++) {
        if (q[j] != Q_PAY && q[j] != Q_DISCARD)
            continue;
        if (left == 0) {
            while (e < pl->ncost && pl->cost[e].kind != COST_GROUP &&
                   pl->cost[e].kind != COST_DISCARD_PLOT)
                e++;
            left = pl->cost[e].kind == COST_GROUP ? 1 : pl->cost[e].n;
            e++;
        }
        left--;
    }
    return e - 1;
}

/* Whether the costs can still be paid, with answers [1, upto) given: the
 * fixed tokens now, and the open group entries and discards greedily, in
 * order (exact for entries sharing one filter, as the sample's do). */
static int costs_ok(const inwo_content *c, const inwo_state *s, const inwo_decl *d, const play *pl,
                    const uint8_t *q, int nq, int upto)
{
    int p = d->player, illu = inwo_illuminati(s, p);
    for (int e = 0; e < pl->ncost; e++) {
        int k = pl->cost[e].kind;
        if (k == COST_ILLUMINATI &&
            (s->card[illu].u.p.tokens < uses(s, d, pl, q, 1, illu) || !inwo_can_spend(s, p, illu)))
            return 0;
        if (k == COST_SELF && (!source_ok(c, s, pl->card, p) ||
                               s->card[pl->card].u.p.tokens < uses(s, d, pl, q, 1, pl->card)))
            return 0;
    }
    uint16_t taken[Q_MAX];
    int ntaken = 0, ndisc = 0, hand_plots = 0;
    for (int i = upto - 1; i < nq; i++) {
        if (q[i] == Q_DISCARD) {
            ndisc++;
            continue;
        }
        if (q[i] != Q_PAY)
            continue;
        int e = entry_of(pl, q, i), found = 0;
        for (int k = 0; k < s->nodes_end && !found; k++) {
            int g = s->node[k].card, dup = 0;
            if (g == INWO_NONE || INWO_SEAT(s->node[k].geo) != p)
                continue;
            for (int t = 0; t < ntaken; t++)
                dup |= taken[t] == g;
            found = !dup && uses(s, d, pl, q, upto, g) == 0 && payer_ok(c, s, pl, e, g, p, 0);
            if (found)
                taken[ntaken++] = (uint16_t)g;
        }
        if (!found)
            return 0;
    }
    if (!ndisc)
        return 1;
    int n;
    const uint16_t *hand = inwo_pile(s, p, Z_HAND, &n);
    for (int i = 0; i < n; i++)
        hand_plots += discard_ok(c, s, d, q, upto, hand[i]);
    return hand_plots >= ndisc;
}

/* --- targets (INWO-5.0.6) ------------------------------------------------------------------ */

/* The index in record[] of card's k-th record (from 1, oldest first) when
 * it is a lasting one made by a Plot, else -1. */
static int record_at(const inwo_state *s, int card, int k)
{
    for (int r = 0; r < s->nrecords; r++)
        if (INWO_REC_CARD(s->record[r]) == card && --k == 0)
            return !INWO_REC_TURN(s->record[r]) && INWO_REC_PLOT(s->record[r]) ? r : -1;
    return -1;
}

static int records_on(const inwo_state *s, int card)
{
    int n = 0;
    for (int r = 0; r < s->nrecords; r++)
        n += INWO_REC_CARD(s->record[r]) == card;
    return n;
}

/* INWO-4.8.1: nobody targets a protected player's cards, except in the
 * attack he made on you. */
static int protected_from(const inwo_state *s, int owner, int p)
{
    if (owner == p || !s->pl[owner].protected_)
        return 0;
    int k = inwo_current_attack(s);
    return !(k >= 0 && (s->item[k].who & 7) == owner);
}

/* ALIGN on t: the alignment the record adds or removes (INWO-2.10.7), for
 * the answer `chosen` (-1: any that fits), or -1 when none fits. */
static int align_for(const inwo_content *c, const inwo_state *s, const inwo_op *op, int t,
                     int chosen)
{
    int a = op->alignment == INWO_ALIGN_CHOOSE ? chosen : op->alignment;
    if (op->sel != AM_REVERSE)
        return a;
    unsigned now = inwo_align_of(c, s, t, 0); /* read by a reversal only */
    for (int x = 0; x < AL_CRIM; x++)
        if ((a < 0 || a == x) && (now >> x & 1))
            return inwo_opposite(x);
    return -1;
}

static int chk_group_target(const tt_game *g, const inwo_state *s, const play *pl, int p, int t,
                            tt_error *err)
{
    const inwo_content *c = content_of(g);
    const inwo_op *op = pl->op;
    if (t >= ncards(s) || s->card[t].zone != Z_STRUCTURE)
        return TT_REFUSE("INWO-5.0.6", NULL, "the target is a group in play");
    if (!inwo_match(c, s, op->filter, t, p))
        return TT_REFUSE("INWO-2.10.1", NULL, "%s does not fit the card's target",
                         inwo_def_of(c, t)->id);
    if (protected_from(s, s->card[t].holder, p))
        return TT_REFUSE("INWO-4.8.1", NULL, "%c has not completed his first turn",
                         'A' + s->card[t].holder);
    if (!pl->is_plot && inwo_ability_barred(g, s, pl->card, t))
        return TT_REFUSE("INWO-5.15.1", NULL, "%s cannot be affected by %s", inwo_def_of(c, t)->id,
                         inwo_def_of(c, pl->card)->id);
    switch (op->op) {
    case OP_ALIGN:
        if (align_for(c, s, op, t, -1) < 0)
            return TT_REFUSE("INWO-2.10.7", NULL, "%s holds no alignment to reverse",
                             inwo_def_of(c, t)->id);
        if (records_on(s, t) >= INWO_CARD_RECORDS_MAX || s->nrecords >= INWO_RECORDS_MAX)
            return TT_REFUSE("INWO-2.15.2", NULL, "no room for another change record");
        return TT_OK;
    case OP_PARALYZE:
        if (inwo_def_of(c, t)->kind == INWO_ILLUMINATI)
            return TT_REFUSE("INWO-10.4.5", NULL, "an Illuminati is never paralyzed");
        return TT_OK;
    case OP_GIVE_TOKEN:
        if ((s->card[t].flags & INWO_F_CAPTURED) || !inwo_receives_tokens(c, s, t) ||
            s->card[t].u.p.tokens >= 200)
            return TT_REFUSE("INWO-5.1.3", NULL, "%s cannot receive a token now",
                             inwo_def_of(c, t)->id);
        return TT_OK;
    case OP_MODIFY:
        if (s->ntemps >= INWO_TEMPS_MAX)
            return TT_REFUSE("INWO-2.15.2", NULL, "too many one-turn effects");
        return TT_OK;
    default: return TT_OK;
    }
}

static int chk_other_target(const tt_game *g, const inwo_state *s, const play *pl, int p, int t,
                            tt_error *err)
{
    const inwo_content *c = content_of(g);
    const inwo_op *op = pl->op;
    if (op->op == OP_EXPOSE || op->op == OP_STEAL_EXPOSED) {
        int q = t & 7;
        if (!(t & INWO_PLAYER_ARG) || (t & ~(int)(INWO_PLAYER_ARG | 7)) || q >= s->nplayers ||
            q == p || (s->head.eliminated >> q & 1))
            return TT_REFUSE("INWO-5.0.6", NULL, "the target is a rival (target B)");
        if (protected_from(s, q, p))
            return TT_REFUSE("INWO-4.8.1", NULL, "%c has not completed his first turn", 'A' + q);
        if (op->op == OP_EXPOSE)
            return TT_OK;
        int n, exposed = 0;
        const uint16_t *hand = inwo_pile(s, q, Z_HAND, &n);
        for (int i = 0; i < n; i++)
            exposed += (s->card[hand[i]].flags & INWO_F_EXPOSED) != 0;
        if (exposed < op->value)
            return TT_REFUSE("INWO-2.10.7", NULL, "%c holds fewer than %d exposed Plots", 'A' + q,
                             op->value);
        if (s->npile[p][Z_HAND] + op->value > INWO_HAND_MAX)
            return TT_REFUSE("INWO-2.15.2", NULL, "your hand holds 64 cards");
        return TT_OK;
    }
    if (t >= ncards(s))
        return TT_REFUSE("INWO-5.0.6", NULL, "no such card");
    const inwo_card *v = &s->card[t];
    const inwo_def *d = inwo_def_of(c, t);
    if (op->op == OP_DESTROY_RESOURCE) {
        if (v->zone != Z_RESOURCE || !inwo_match(c, s, op->filter, t, p))
            return TT_REFUSE("INWO-2.10.7", NULL, "the target is a Resource in play");
        if (protected_from(s, v->holder, p))
            return TT_REFUSE("INWO-4.8.1", NULL, "%c has not completed his first turn",
                             'A' + v->holder);
        return TT_OK;
    }
    if (op->op == OP_RESTORE) {
        if (v->zone != Z_DESTROYED || d->kind != INWO_GROUP || !inwo_match(c, s, op->filter, t, p))
            return TT_REFUSE("INWO-2.10.7", NULL, "the target is a group in a destroyed pile");
        if ((v->flags & INWO_F_KILLED) && !op->allow_killed)
            return TT_REFUSE("INWO-5.17.6", NULL, "%s was killed", d->id);
        return TT_OK;
    }
    /* FREE_TAKEOVER (INWO-5.3.2 restrictions) */
    if (v->zone != Z_HAND || v->holder != p || d->kind != INWO_GROUP ||
        !inwo_match(c, s, op->filter, t, p))
        return TT_REFUSE("INWO-2.10.7", NULL, "the target is a fitting Group of your hand");
    if (!inwo_copy_free(c, s, t))
        return TT_REFUSE("INWO-10.1.1", NULL, "%s is in play or was destroyed", d->id);
    if (!inwo_any_open_arrow(c, s, p))
        return TT_REFUSE("INWO-5.3.2", NULL, "your structure has no open arrow");
    if (inwo_structure_size(s, p) >= INWO_STRUCT_MAX || s->nnodes >= INWO_NODES_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "no room for another card in play");
    return TT_OK;
}

/* FREEZE as a cancel (INWO-2.10.7): one pending action of root k by a group
 * with the attribute. */
static int chk_freeze_item(const tt_game *g, const inwo_state *s, const play *pl, int arg,
                           tt_error *err)
{
    int k = inwo_cancel_root(s);
    int j = k < 0 || !(arg & INWO_ITEM_ARG) ? -1 : inwo_cancel_item(s, k, arg & ~INWO_ITEM_ARG);
    if (j < 0)
        return TT_REFUSE("INWO-10.3", NULL, "a cancel names a pending item of this round (i<k>)");
    int card = s->item[j].card;
    if (inwo_cancel_kind(s, j) != CAN_ACTION || card >= ncards(s) ||
        !(inwo_attr_of(content_of(g), s, card) >> pl->op->attr & 1))
        return TT_REFUSE("INWO-2.10.7", NULL, "not an action of a group with the attribute");
    return TT_OK;
}

/* A linked Plot's group (INWO-6.2.1, 6.4.1): one of p's groups in play
 * that its link requires, within limit_per_player and the link caps. */
static int chk_link_target(const tt_game *g, const inwo_state *s, const play *pl, int p, int t,
                           tt_error *err)
{
    const inwo_content *c = content_of(g);
    const inwo_def *d = inwo_def_of(c, pl->card);
    if (t >= ncards(s) || s->card[t].zone != Z_STRUCTURE || s->card[t].holder != p)
        return TT_REFUSE("INWO-6.1.1", NULL, "a linked Plot goes on a group of yours");
    if (!inwo_match(c, s, d->link_requires, t, p))
        return TT_REFUSE("INWO-6.4.1", NULL, "%s does not fit the link", inwo_def_of(c, t)->id);
    int links = 0, copies = 0, def = c->deck[inwo_owner(pl->card)].def[pl->card % INWO_DECK_CARDS];
    for (int k = 0; k < s->nlinks; k++) {
        const inwo_link *l = &s->link[k];
        links += l->b == t;
        copies += (l->what & 3) == LK_PLOT && s->card[l->b].holder == p &&
                  c->deck[inwo_owner(l->a)].def[l->a % INWO_DECK_CARDS] == def;
    }
    if (d->limit_per_player && copies >= d->limit_per_player)
        return TT_REFUSE("INWO-6.4.1", NULL, "%s is linked %d time(s) in your structure already",
                         d->id, copies);
    if (links >= INWO_CARD_LINKS_MAX || s->nlinks >= INWO_LINKS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "no room for another link");
    return TT_OK;
}

/* How many Zaps q carries: the Zaps are looked at, not every card. */
static int zaps_on(const inwo_content *c, const inwo_state *s, int q)
{
    int n = 0;
    for (int j = 0; j < c->nzap; j++)
        n += s->card[c->zap_inst[j]].zone == Z_ZAP && s->card[c->zap_inst[j]].holder == q;
    return n;
}

/* A Zap's player (INWO-5.18.5): a rival, at most 8 Zaps on one player. */
static int chk_zap_target(const inwo_content *c, const inwo_state *s, int p, int t, tt_error *err)
{
    int q = t & 7;
    if (!(t & INWO_PLAYER_ARG) || (t & ~(int)(INWO_PLAYER_ARG | 7)) || q >= s->nplayers || q == p ||
        (s->head.eliminated >> q & 1))
        return TT_REFUSE("INWO-5.0.6", NULL, "the target is a rival (target B)");
    if (protected_from(s, q, p))
        return TT_REFUSE("INWO-4.8.1", NULL, "%c has not completed his first turn", 'A' + q);
    if (zaps_on(c, s, q) >= INWO_ZAPS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "%c carries 8 Zaps", 'A' + q);
    return TT_OK;
}

/* REPEAL's target (INWO-2.10.7): an NWO, a Zap, a linked Plot, or a group
 * carrying a lasting change record made by a Plot, as its kinds allow. */
static int chk_repeal_target(const tt_game *g, const inwo_state *s, const play *pl, int p, int t,
                             tt_error *err)
{
    const inwo_content *c = content_of(g);
    int kinds = pl->op->mask, ok = 0;
    if (t < ncards(s)) {
        const inwo_card *v = &s->card[t];
        int l = inwo_link_of(s, t);
        ok = (v->zone == Z_NWO && (kinds & REP_NWO)) || (v->zone == Z_ZAP && (kinds & REP_ZAP)) ||
             (v->zone == Z_TABLE && l >= 0 && (s->link[l].what & 3) == LK_PLOT &&
              (kinds & REP_LINKED_PLOT));
        if (v->zone == Z_STRUCTURE && (kinds & REP_PLOT_CHANGE))
            for (int k = 1; k <= INWO_CARD_RECORDS_MAX && !ok; k++)
                ok = record_at(s, t, k) >= 0;
        if (ok && protected_from(s, v->holder, p))
            return TT_REFUSE("INWO-4.8.1", NULL, "%c has not completed his first turn",
                             'A' + v->holder);
    }
    (void)c;
    return ok ? TT_OK : TT_REFUSE("INWO-2.10.7", NULL, "nothing there that this card repeals");
}

static int chk_target(const tt_game *g, const inwo_state *s, const play *pl, int p, int t,
                      tt_error *err)
{
    switch (pl->what) {
    case OP_ALIGN:
    case OP_MODIFY:
    case OP_PARALYZE:
    case OP_GIVE_TOKEN: return chk_group_target(g, s, pl, p, t, err);
    case OP_FREEZE: return chk_freeze_item(g, s, pl, t, err);
    case W_LINKED: return chk_link_target(g, s, pl, p, t, err);
    case W_ZAP: return chk_zap_target(content_of(g), s, p, t, err);
    case W_NWO: return TT_OK;
    case OP_REPEAL: return chk_repeal_target(g, s, pl, p, t, err);
    case OP_CANCEL: return inwo_cancel_target(g, s, pl->op, pl->is_plot, t, err);
    default: return chk_other_target(g, s, pl, p, t, err);
    }
}

/* Whether some pending action may be canceled by FREEZE's `mode cancel`. */
static int freeze_cancelable(const tt_game *g, const inwo_state *s, const play *pl)
{
    int k = inwo_cancel_root(s);
    for (int j = k < 0 ? s->nitems : k; j < s->nitems; j++)
        if (chk_freeze_item(g, s, pl, (int)INWO_ITEM_ARG | s->item[j].num, NULL) == TT_OK)
            return 1;
    return 0;
}

/* The zone every card target of op lies in, its target check's first
 * refusal (-1: anywhere), for the listings to look only there. */
static int target_zone(int op)
{
    return op == OP_DESTROY_RESOURCE ? Z_RESOURCE
           : op == OP_RESTORE        ? Z_DESTROYED
           : op == OP_FREE_TAKEOVER  ? Z_HAND
           : op == OP_REPEAL         ? -1
                                     : Z_STRUCTURE;
}

/* Whether some answer fits the first target question (none: it fits). */
static int has_target(const tt_game *g, const inwo_state *s, const play *pl, int p)
{
    int op = pl->what;
    if (op == OP_DRAW || op == OP_FREEZE || op == W_NWO || op == OP_REORGANIZE || op == OP_CANCEL ||
        after_op(op))
        return 1; /* a cancel's items: inwo_cancel_open; after-roll: inwo_after_open */
    if (op == OP_EXPOSE || op == OP_STEAL_EXPOSED || op == W_ZAP) {
        for (int q = 0; q < s->nplayers; q++)
            if (chk_target(g, s, pl, p, (int)INWO_PLAYER_ARG | q, NULL) == TT_OK)
                return 1;
        return 0;
    }
    if (op == OP_REPEAL) { /* what it repeals, where it lies */
        for (int col = 0; col < 3; col++)
            if (s->nwo[col] != INWO_NONE && chk_target(g, s, pl, p, s->nwo[col], NULL) == TT_OK)
                return 1;
        for (int k = 0; k < s->nlinks; k++)
            if (chk_target(g, s, pl, p, s->link[k].a, NULL) == TT_OK)
                return 1;
        for (int r = 0; r < s->nrecords; r++)
            if (INWO_REC_PLOT(s->record[r]) &&
                chk_target(g, s, pl, p, INWO_REC_CARD(s->record[r]), NULL) == TT_OK)
                return 1;
        if (!inwo_zapped(content_of(g), s))
            return 0;
    }
    if (op == OP_ALIGN || op == OP_MODIFY || op == OP_PARALYZE || op == OP_GIVE_TOKEN ||
        op == W_LINKED) { /* groups in play: the nodes */
        for (int k = 0; k < s->nodes_end; k++)
            if (s->node[k].card != INWO_NONE &&
                chk_target(g, s, pl, p, s->node[k].card, NULL) == TT_OK)
                return 1;
        return 0;
    }
    int zone = target_zone(op), len;
    int q0 = zone == Z_HAND ? p : 0, q1 = zone == Z_HAND ? p + 1 : s->nplayers;
    if (zone == Z_HAND || zone == Z_DESTROYED) /* piles: p's hand, every destroyed pile */
        for (int q = q0; q < q1; q++) {
            const uint16_t *pile = inwo_pile(s, q, zone, &len);
            for (int i = 0; i < len; i++)
                if (chk_target(g, s, pl, p, pile[i], NULL) == TT_OK)
                    return 1;
        }
    else
        for (int t = 0; t < ncards(s); t++)
            if ((zone < 0 || s->card[t].zone == zone) && chk_target(g, s, pl, p, t, NULL) == TT_OK)
                return 1;
    return 0;
}

/* --- the head: `play <card>`, `use <card>` ------------------------------------------------- */

static int chk_head_common(const tt_game *g, const inwo_state *s, const play *pl, int p,
                           tt_error *err)
{
    const inwo_content *c = content_of(g);
    const inwo_def *d = inwo_def_of(c, pl->card);
    /* an NWO, Zap or linked Plot with several effects: every one holds (INWO-2.10.8) */
    int boost = pl->op && pl->op->op == OP_BOOST;
    if (!pl->op || !written(pl->what) || (!pl->is_plot && boost))
        return TT_REFUSE("INWO-2.10.7", NULL, "%s: %s is not written yet", d->id,
                         d->subtype == ST_NWO      ? "an NWO"
                         : d->subtype == ST_ZAP    ? "a Zap"
                         : d->subtype == ST_LINKED ? "a linked Plot"
                         : pl->op                  ? inwo_op_name(pl->op->op)
                                                   : "this Plot");
    int rc = pl->what == OP_CANCEL ? inwo_cancel_open(s, pl->op, pl->ncost, err)
             : after_op(pl->what)  ? inwo_after_open(g, s, pl->card, pl->ncost, err)
                                   : TT_OK;
    if (rc == TT_OK)
        rc = chk_timing(s, pl, p, err);
    if (rc)
        return rc;
    if (inwo_privilege_bars(s, p))
        return TT_REFUSE("INWO-5.14.2", NULL, "only the attacker and the defender play here");
    if (pl->what != OP_CANCEL && !after_op(pl->what) && /* attached: no round of its own */
        (s->nrounds >= INWO_ROUNDS_MAX || s->nitems + 1 + pl->ncost + Q_MAX > INWO_ITEMS_MAX))
        return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
    for (int r = 0; pl->what == W_NWO && r < s->nrounds; r++) /* INWO-5.14.4, 5.18.6 */
        if (s->rounds[r].id < OR_UPKEEP && s->item[s->rounds[r].id].kind == H_ATTACK &&
            (s->item[s->rounds[r].id].who & INWO_I_PRIVILEGED))
            return TT_REFUSE("INWO-5.14.4", NULL, "no NWO during a Privileged attack");
        else if (s->rounds[r].id < OR_UPKEEP && s->item[s->rounds[r].id].kind == INWO_K_INSTANT)
            return TT_REFUSE("INWO-5.18.6", NULL, "no NWO during an Instant Attack");
    if (pl->op->op == OP_DRAW && s->npile[p][Z_HAND] >= INWO_HAND_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "your hand holds 64 cards");
    if (pl->op->op == OP_FREEZE && (s->frozen >> pl->op->attr & 1) && !freeze_cancelable(g, s, pl))
        return TT_REFUSE("INWO-5.18.2", NULL, "that attribute is frozen already");
    if (!has_target(g, s, pl, p))
        return TT_REFUSE("INWO-5.0.6", NULL, "%s has no target now", d->id);
    if (!pl->ncost)
        return TT_OK;
    inwo_decl dd = {(uint8_t)p, (uint8_t)(pl->is_plot ? H_PLAY : H_USE), 1, 0, {0}};
    dd.ans[0] = (uint16_t)pl->card;
    if (dd.head == H_USE && (abilities(c, pl->card) & (abilities(c, pl->card) - 1)))
        dd.ans[dd.nans++] = (uint16_t)(pl->abil + 1);
    uint8_t q[Q_MAX];
    int complete, nq = questions(c, &dd, pl, q, &complete);
    if (!costs_ok(c, s, &dd, pl, q, nq, dd.nans))
        return TT_REFUSE("INWO-2.10.3", NULL, "its cost cannot be paid");
    return TT_OK;
}

static int chk_play_head(const tt_game *g, const inwo_state *s, int card, tt_error *err)
{
    const inwo_content *c = content_of(g);
    int p = s->to_move;
    if (s->decl.head)
        return TT_REFUSE("INWO-5.0.4", NULL, "a declaration is under way");
    if (card >= ncards(s) || s->card[card].zone != Z_HAND || s->card[card].holder != p ||
        inwo_def_of(c, card)->kind != INWO_PLOT)
        return TT_REFUSE("INWO-5.7.1", NULL, "play a Plot of your hand");
    const inwo_def *d = inwo_def_of(c, card);
    if (d->subtype == ST_GOAL)
        return TT_REFUSE("INWO-2.8.1", NULL, "a Goal card is never played");
    if (inwo_instant_plot(g, card)) /* Instant Attacks, un-privilege, after-roll Plots */
        return inwo_instant_check(g, s, INWO_A(H_PLAY, card), err);
    int op = d->nability ? d->ability[0].op : -1;
    if (op == OP_BOOST)
        return inwo_boost_check(g, s, INWO_A(H_PLAY, card), err);
    play pl = play_of(c, card, H_PLAY, 0);
    return chk_head_common(g, s, &pl, p, err);
}

static int chk_use_head(const tt_game *g, const inwo_state *s, int card, tt_error *err)
{
    const inwo_content *c = content_of(g);
    int p = s->to_move;
    if (s->decl.head)
        return TT_REFUSE("INWO-5.0.4", NULL, "a declaration is under way");
    if (card >= ncards(s) ||
        (s->card[card].zone != Z_STRUCTURE && s->card[card].zone != Z_RESOURCE) ||
        s->card[card].holder != p || !abilities(c, card))
        return TT_REFUSE("INWO-5.8.1", NULL, "use an ability of a card you control");
    if (!source_ok(c, s, card, p))
        return TT_REFUSE("INWO-5.18.3", NULL, "%s cannot use abilities now",
                         inwo_def_of(c, card)->id);
    int first = TT_OK;
    for (unsigned m = abilities(c, card); m; m &= m - 1) {
        play pl = play_of(c, card, H_USE, __builtin_ctz(m));
        int used = s->card[card].u.p.used;
        int rc = (pl.limit == LIM_ONCE_PER_TURN && (used >> pl.abil & 1)) ||
                         (pl.limit == LIM_ONCE_PER_GAME && (used >> (4 + pl.abil) & 1))
                     ? TT_REFUSE("INWO-2.10.4", NULL, "its limit is used up")
                 : pl.op && pl.op->op == OP_BOOST
                     ? inwo_boost_check(g, s, INWO_A(H_USE, card), first == TT_OK ? err : NULL)
                     : chk_head_common(g, s, &pl, p, first == TT_OK ? err : NULL);
        if (rc == TT_OK)
            return TT_OK;
        if (first == TT_OK)
            first = rc;
    }
    return first;
}

/* --- the answers ---------------------------------------------------------------------------- */

static int chk_answer(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err)
{
    const inwo_content *c = content_of(g);
    const inwo_decl *d = &s->decl;
    int head = INWO_HEAD(a), arg = INWO_ARG(a);
    play pl = declared(c, d);
    uint8_t q[Q_MAX];
    int complete, nq = questions(c, d, &pl, q, &complete), i = d->nans - 1;
    if (i >= nq)
        return TT_REFUSE("INWO-5.0.4", NULL, "no question is pending");
    static const uint8_t head_of[] = {0,      H_ABILITY, H_TARGET, H_CHOOSE,  H_MODE,   H_FOR,
                                      H_TAKE, H_ARROW,   H_PAY,    H_DISCARD, H_RECORD, H_VALUE};
    if (head != head_of[q[i]])
        return TT_REFUSE("INWO-5.0.4", NULL, "that answers another question");
    if (pl.op && pl.op->op == OP_BOOST && q[i] != Q_PAY && q[i] != Q_DISCARD)
        return inwo_boost_check(g, s, a, err);
    int p = d->player;
    switch (q[i]) {
    case Q_ABILITY: {
        play one = play_of(c, pl.card, H_USE, arg - 1);
        if (arg < 1 || !(abilities(c, pl.card) >> (arg - 1) & 1))
            return TT_REFUSE("INWO-5.0.5", NULL, "no such ability");
        return chk_head_common(g, s, &one, p, err);
    }
    case Q_TARGET: return chk_target(g, s, &pl, p, arg, err);
    case Q_CHOOSE: {
        int t = answer(c, d, &pl, Q_TARGET);
        if (arg >= AL_CRIM + 2 || align_for(c, s, pl.op, t, arg) < 0)
            return TT_REFUSE("INWO-5.0.6", NULL, "choose one of the target's alignments");
        return TT_OK;
    }
    case Q_MODE:
        if (arg > 1)
            return TT_REFUSE("INWO-5.0.6", NULL, "mode freeze|cancel");
        if (arg == 0 && (s->frozen >> pl.op->attr & 1))
            return TT_REFUSE("INWO-5.18.2", NULL, "that attribute is frozen already");
        if (arg == 1 && !freeze_cancelable(g, s, &pl))
            return TT_REFUSE("INWO-5.18.2", NULL, "no pending action of such a group");
        return TT_OK;
    case Q_VALUE: /* ROLL_MOD (INWO-2.10.7) */
        if (arg < pl.op->value + INWO_VALUE_BIAS || arg > pl.op->value2 + INWO_VALUE_BIAS)
            return TT_REFUSE("INWO-2.10.7", NULL, "the value is from %d to %d", pl.op->value,
                             pl.op->value2);
        break;
    case Q_RECORD:
        if (record_at(s, answer(c, d, &pl, Q_TARGET), arg) < 0)
            return TT_REFUSE("INWO-2.10.7", NULL, "name a lasting change record a Plot made");
        break;
    case Q_TAKE: {
        int q0 = answer(c, d, &pl, Q_TARGET) & 7;
        if (arg >= ncards(s) || s->card[arg].zone != Z_HAND || s->card[arg].holder != q0 ||
            !(s->card[arg].flags & INWO_F_EXPOSED))
            return TT_REFUSE("INWO-2.10.7", NULL, "take one of his exposed Plots");
        for (int j = 0; j < i; j++)
            if (q[j] == Q_TAKE && d->ans[j + 1] == arg)
                return TT_REFUSE("INWO-2.10.7", NULL, "that Plot is taken already");
        return TT_OK;
    }
    case Q_ARROW: {
        int card = arg & INWO_CARD_BITS, side = arg >> 9 & 3;
        if (card >= ncards(s) || s->card[card].zone != Z_STRUCTURE || s->card[card].holder != p)
            return TT_REFUSE("INWO-2.11.5", NULL, "choose an open arrow of your structure");
        if (!inwo_arrow_open(c, s, s->card[card].u.p.node, side))
            return inwo_arrow_refused(c, s, card, err);
        return TT_OK;
    }
    case Q_PAY: {
        int e = entry_of(&pl, q, i);
        if (uses(s, d, &pl, q, d->nans, arg) || !payer_ok(c, s, &pl, e, arg, p, 0))
            return TT_REFUSE("INWO-2.10.3", NULL, "pay with another fitting group of yours");
        break;
    }
    case Q_DISCARD:
        if (!discard_ok(c, s, d, q, d->nans, arg))
            return TT_REFUSE("INWO-2.10.3", NULL, "discard another Plot of your hand");
        break;
    default: break;
    }
    inwo_decl next = *d;
    next.ans[next.nans++] = (uint16_t)arg;
    if (!costs_ok(c, s, &next, &pl, q, nq, next.nans))
        return TT_REFUSE("INWO-2.10.3", NULL, "the rest of the cost could not be paid");
    return TT_OK;
}

/* --- substitution at resolution (INWO-10.3.2) ------------------------------------------------ */

/* Whether item j pays for root k: one of the actions announced right
 * after k (a cancel attached to k has its own after it). */
static int pays_root(const inwo_state *s, int k, int j)
{
    for (int i = k + 1; i <= j; i++)
        if (s->item[i].kind != H_PAY || s->item[i].parent != k)
            return 0;
    return 1;
}

/* The paying items of root k: how many, how many lost, the last lost. */
static int payments(const tt_game *g, const inwo_state *s, int k, int *lost, int *which)
{
    int n = 0, p = s->item[k].who & 7;
    *lost = 0;
    for (int j = k + 1; j < s->nitems && pays_root(s, k, j); j++) {
        const inwo_item *it = &s->item[j];
        n++;
        int gone = s->card[it->card].zone != Z_STRUCTURE && s->card[it->card].zone != Z_RESOURCE;
        if ((it->who & (INWO_I_CANCELED | INWO_I_ILLEGAL)) || gone || s->card[it->card].holder != p)
            (*lost)++, *which = j;
    }
    (void)g;
    return n;
}

static int chk_substitute(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err)
{
    const inwo_content *c = content_of(g);
    if (s->decl.head != H_SUBSTITUTE)
        return TT_REFUSE("INWO-5.0.4", NULL, "no lost payment to replace");
    if (INWO_HEAD(a) == H_FORFEIT)
        return TT_OK;
    int k = s->decl.ans[INWO_DECL_ROOT], lostj = s->decl.ans[INWO_DECL_AUX], g0 = INWO_ARG(a);
    const inwo_item *it = &s->item[k];
    play pl = play_of(c, it->card, it->kind, it->arg >> 6);
    int e = s->item[lostj].arg;
    for (int j = k + 1; j < s->nitems && pays_root(s, k, j); j++)
        if (s->item[j].card == g0)
            return TT_REFUSE("INWO-2.10.3", NULL, "each group pays one entry");
    if (e >= pl.ncost || pl.cost[e].kind != COST_GROUP ||
        !payer_ok(c, s, &pl, e, g0, s->decl.player, 0))
        return TT_REFUSE("INWO-10.3.2", NULL, "substitute a fitting group of yours with a token");
    return TT_OK;
}

int inwo_play_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err)
{
    switch (INWO_HEAD(a)) {
    case H_PLAY: {
        int rc = s->nitems ? inwo_look_act_check(g, s, a, err) : TT_OK; /* INWO-7.4 */
        return rc ? rc : chk_play_head(g, s, INWO_ARG(a), err);
    }
    case H_USE: return chk_use_head(g, s, INWO_ARG(a), err);
    case H_SUBSTITUTE:
    case H_FORFEIT: return chk_substitute(g, s, a, err);
    default:
        if (s->decl.head != H_PLAY && s->decl.head != H_USE)
            return TT_REFUSE("INWO-5.0.4", NULL, "no Plot or ability is being declared");
        return chk_answer(g, s, a, err);
    }
}

static int add(const tt_game *g, const inwo_state *s, tt_action a, tt_action *out, int n)
{
    if (inwo_play_check(g, s, a, NULL) != TT_OK)
        return n;
    if (out)
        out[n] = a;
    return n + 1;
}

int inwo_play_heads(const tt_game *g, const inwo_state *s, tt_action *out, int n)
{
    const inwo_content *c = content_of(g);
    int len, p = s->to_move;
    if (s->decl.head || s->point == PT_DISPOSE || s->point == PT_DECLARE || s->point == PT_LEAD)
        return n;
    if (s->point == PT_RESOLVE || s->point == PT_OVER)
        return n;
    const uint16_t *hand = inwo_pile(s, p, Z_HAND, &len);
    int main = s->point == PT_MAIN && p == s->active && !s->nrounds;
    uint8_t seen[INWO_HAND_MAX], ok[INWO_HAND_MAX]; /* copies of one Plot answer alike */
    int nseen = 0;
    for (int i = 0; i < len; i++) {
        const inwo_def *d = inwo_def_of(c, hand[i]);
        int def = c->inst_def[hand[i]], j = 0;
        if (d->kind != INWO_PLOT || d->subtype == ST_GOAL || (d->timing == TM_MAIN && !main))
            continue; /* refused by their first checks */
        while (j < nseen && seen[j] != def)
            j++;
        if (j == nseen) {
            seen[nseen] = (uint8_t)def;
            ok[nseen++] = chk_play_head(g, s, hand[i], NULL) == TT_OK;
        }
        int free = !s->nitems || inwo_look_act_check(g, s, INWO_A(H_PLAY, hand[i]), NULL) == TT_OK;
        if (ok[j] && free && out)
            out[n] = INWO_A(H_PLAY, hand[i]);
        n += ok[j] && free; /* a copy held by a look is not (INWO-7.4) */
    }
    /* every ability card of the game is looked at: its count and place
     * are read once, as the checks called could change them for all the
     * compiler knows */
    const uint16_t *use = c->use_inst, *use_end = use + c->nuse;
    for (; use < use_end; use++) {
        const inwo_card *v = &s->card[*use];
        if (v->holder == p && /* in play, controlled by p: never a Plot */
            (v->zone == Z_STRUCTURE || v->zone == Z_RESOURCE))
            n = add(g, s, INWO_A(H_USE, *use), out, n);
    }
    return n;
}

void inwo_index_uses(inwo_content *c)
{
    int nsrc, n = 0;
    for (int op = OP_BOOST; op < INWO_NOPS; op++) {
        const uint16_t *src = inwo_op_sources(c, op, &nsrc);
        for (int j = 0; written(op) && j < nsrc; j++) {
            int first = 1;
            for (int o = OP_BOOST; o < op; o++) /* listed once, by its first such op */
                first &= !(written(o) && inwo_has_op(c, src[j], o));
            if (first)
                c->use_inst[n++] = src[j];
        }
    }
    c->nuse = (uint16_t)n;
}

/* A target answer t, listed when it passes chk_answer: with the target
 * question pending (the caller's), that is chk_target alone, so the
 * declaration's play and questions are not rebuilt per candidate. */
static int add_target(const tt_game *g, const inwo_state *s, const play *pl, int t, tt_action *out,
                      int n)
{
    if (chk_target(g, s, pl, s->decl.player, t, NULL) != TT_OK)
        return n;
    if (out)
        out[n] = INWO_A(H_TARGET, (unsigned)t);
    return n + 1;
}

/* The target answers, listed until there are `limit` (see inwo_play_legal). */
static int list_targets(const tt_game *g, const inwo_state *s, const play *pl, tt_action *out,
                        int n, int limit)
{
    int op = pl->what;
    if (s->decl.head != H_PLAY && s->decl.head != H_USE)
        return n;                             /* inwo_play_check refuses every answer */
    if (op == OP_FREEZE || op == OP_CANCEL) { /* items of the root a cancel names */
        int k = inwo_cancel_root(s);
        for (int j = k < 0 ? s->nitems : k; j < s->nitems; j++)
            if (s->item[j].num)
                n = add_target(g, s, pl, (int)INWO_ITEM_ARG | s->item[j].num, out, n);
        return n;
    }
    if (op == OP_EXPOSE || op == OP_STEAL_EXPOSED || op == W_ZAP) {
        for (int q = 0; q < s->nplayers; q++)
            n = add_target(g, s, pl, (int)INWO_PLAYER_ARG | q, out, n);
        return n;
    }
    int zone = target_zone(op);
    for (int t = 0; t < ncards(s) && n < limit; t++) /* the long scan: cut short */
        if (zone < 0 || s->card[t].zone == zone)
            n = add_target(g, s, pl, t, out, n);
    return n;
}

int inwo_play_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n, int limit)
{
    const inwo_content *c = content_of(g);
    const inwo_decl *d = &s->decl;
    if (d->head == H_SUBSTITUTE) {
        for (int k = 0; k < s->nodes_end; k++)
            if (s->node[k].card != INWO_NONE && INWO_SEAT(s->node[k].geo) == d->player)
                n = add(g, s, INWO_A(H_SUBSTITUTE, s->node[k].card), out, n);
        return add(g, s, INWO_A(H_FORFEIT, 0), out, n);
    }
    play pl = declared(c, d);
    uint8_t q[Q_MAX];
    int complete, nq = questions(c, d, &pl, q, &complete), i = d->nans - 1;
    if (i >= nq)
        return n;
    if (pl.op && pl.op->op == OP_BOOST && q[i] != Q_PAY && q[i] != Q_DISCARD)
        return inwo_boost_legal(g, s, out, n);
    int len;
    const uint16_t *hand;
    switch (q[i]) {
    case Q_ABILITY:
        for (int k = 1; k <= INWO_MAX_ABILITIES; k++)
            n = add(g, s, INWO_A(H_ABILITY, k), out, n);
        return n;
    case Q_TARGET: return list_targets(g, s, &pl, out, n, limit);
    case Q_CHOOSE:
        for (int a = 0; a < AL_CRIM; a++)
            n = add(g, s, INWO_A(H_CHOOSE, a), out, n);
        return n;
    case Q_MODE:
        n = add(g, s, INWO_A(H_MODE, 0), out, n);
        return add(g, s, INWO_A(H_MODE, 1), out, n);
    case Q_TAKE:
        hand = inwo_pile(s, answer(c, d, &pl, Q_TARGET) & 7, Z_HAND, &len);
        for (int k = 0; k < len; k++)
            n = add(g, s, INWO_A(H_TAKE, hand[k]), out, n);
        return n;
    case Q_ARROW:
        for (int k = 0; k < s->nodes_end; k++)
            if (s->node[k].card != INWO_NONE && INWO_SEAT(s->node[k].geo) == d->player)
                for (int side = 0; side < 4; side++)
                    n = add(g, s, INWO_A(H_ARROW, s->node[k].card | side << 9), out, n);
        return n;
    case Q_VALUE:
        for (int v = pl.op->value; v <= pl.op->value2; v++)
            n = add(g, s, INWO_A(H_VALUE, v + INWO_VALUE_BIAS), out, n);
        return n;
    case Q_RECORD:
        for (int k = 1; k <= INWO_CARD_RECORDS_MAX; k++)
            n = add(g, s, INWO_A(H_RECORD, k), out, n);
        return n;
    case Q_PAY:
        for (int k = 0; k < s->nodes_end; k++)
            if (s->node[k].card != INWO_NONE && INWO_SEAT(s->node[k].geo) == d->player)
                n = add(g, s, INWO_A(H_PAY, s->node[k].card), out, n);
        return n;
    case Q_DISCARD:
        hand = inwo_pile(s, d->player, Z_HAND, &len);
        for (int k = 0; k < len; k++)
            n = add(g, s, INWO_A(H_DISCARD, hand[k]), out, n);
        return n;
    default: return n;
    }
}

int inwo_play_answered(const tt_game *g, const inwo_state *s)
{
    const inwo_content *c = content_of(g);
    play pl = declared(c, &s->decl);
    uint8_t q[Q_MAX];
    int complete, nq = questions(c, &s->decl, &pl, q, &complete);
    return complete && s->decl.nans - 1 == nq;
}

void inwo_play_begin(const tt_game *g, inwo_state *s, tt_action a)
{
    (void)g;
    memset(&s->decl, 0, sizeof s->decl);
    s->decl.player = s->to_move;
    s->decl.head = (uint8_t)INWO_HEAD(a);
    s->decl.point = s->point;
    s->decl.ans[s->decl.nans++] = (uint16_t)INWO_ARG(a);
    int k = inwo_current_contest(s); /* a +10 Plot's attack or Instant Attack */
    const inwo_def *d = inwo_def_of(content_of(g), INWO_ARG(a));
    if (INWO_HEAD(a) == H_PLAY && d->nability && d->ability[0].op == OP_CANCEL)
        k = inwo_cancel_root(s);
    s->decl.ans[INWO_DECL_ROOT] = (uint16_t)k;
}

/* --- announcement ------------------------------------------------------------------------------ */

static int new_item(inwo_state *s, int kind, int p, int card, int target, int parent, int arg,
                    int numbered)
{
    int j = s->nitems++;
    s->item[j] = (inwo_item){(uint8_t)kind,
                             (uint8_t)p,
                             (uint16_t)card,
                             (uint16_t)target,
                             (uint8_t)parent,
                             (uint8_t)arg,
                             (uint16_t)(numbered ? ++s->announced : 0)};
    return j;
}

/* A token of card pays entry e of play item `paid`: an action item of its
 * own, attached to k (the play, or the root a cancel is attached to), right
 * after the item it pays for. */
static void pay_token(inwo_state *s, int k, int paid, int p, int card, int e, tt_events *ev)
{
    s->card[card].u.p.tokens--;
    int j = new_item(s, H_PAY, p, card, INWO_NONE, k, e, 1);
    tt_emit(ev, INWO_EV_ANNOUNCE, p, TT_SEEN_ALL, s->item[j].num, card, H_PAY, s->item[paid].num);
}

/* Costs in cost order; `pay` and `discard` answers as given (INWO-2.10.3). */
static void pay_costs(inwo_state *s, const inwo_decl *d, const play *pl, const uint8_t *q, int nq,
                      int k, int paid, tt_events *ev)
{
    int p = d->player, i = 0;
    for (int e = 0; e < pl->ncost; e++) {
        int kind = pl->cost[e].kind;
        if (kind == COST_SELF || kind == COST_ILLUMINATI)
            pay_token(s, k, paid, p, kind == COST_SELF ? pl->card : inwo_illuminati(s, p), e, ev);
        while (i < nq && q[i] != Q_PAY && q[i] != Q_DISCARD)
            i++;
        for (int m = 0; kind == COST_GROUP && m < 1 && i < nq; m++, i++)
            pay_token(s, k, paid, p, d->ans[i + 1], e, ev);
        for (int m = 0; kind == COST_DISCARD_PLOT && m < pl->cost[e].n && i < nq; m++, i++) {
            int card = d->ans[i + 1];
            inwo_lift(s, card);
            s->card[card].flags &= (uint8_t)~INWO_F_EXPOSED;
            inwo_put(s, card, Z_DISCARD, inwo_owner(card));
            tt_emit(ev, INWO_EV_DISCARD, p, TT_SEEN_ALL, card, 0, 0, 0);
        }
    }
}

void inwo_play_announce(const tt_game *g, inwo_state *s, tt_events *ev)
{
    const inwo_content *c = content_of(g);
    inwo_decl d = s->decl;
    play pl = declared(c, &d);
    uint8_t q[Q_MAX];
    int complete, nq = questions(c, &d, &pl, q, &complete), p = d.player;
    if (!pl.is_plot) /* INWO-2.10.4: a use counts toward its limit */
        s->card[pl.card].u.p.used |= (uint8_t)(pl.limit == LIM_ONCE_PER_GAME   ? 16 << pl.abil
                                               : pl.limit == LIM_ONCE_PER_TURN ? 1 << pl.abil
                                                                               : 0);
    if (pl.op->op == OP_BOOST) {
        inwo_boost_announce(g, s, ev);
        pay_costs(s, &d, &pl, q, nq, s->nitems - 1, s->nitems - 1, ev);
        return;
    }
    memset(&s->decl, 0, sizeof s->decl);
    if (pl.op->op == OP_CANCEL || after_op(pl.what)) { /* attached, its tokens too (INWO-4.6.2) */
        int num = answer(c, &d, &pl, Q_TARGET) & ~(int)INWO_ITEM_ARG,
            v = answer(c, &d, &pl, Q_VALUE);
        int j = pl.op->op == OP_CANCEL ? inwo_cancel_announce(s, p, pl.card, pl.abil, num, ev)
                                       : inwo_after_attach(s, p, pl.card, v < 0 ? 0 : v, ev);
        pay_costs(s, &d, &pl, q, nq, s->item[j].parent, j, ev);
        return;
    }
    int target = answer(c, &d, &pl, Q_TARGET), extra = answer(c, &d, &pl, Q_CHOOSE);
    if (pl.op->op == OP_FREEZE)
        extra = answer(c, &d, &pl, Q_MODE);
    if (pl.op->op == OP_REPEAL)
        extra = answer(c, &d, &pl, Q_RECORD);
    int freeze_cancel = pl.op->op == OP_FREEZE && extra == 1;
    if (pl.is_plot) { /* on the table while pending (INWO-5.7.1) */
        inwo_lift(s, pl.card);
        s->card[pl.card].flags &= (uint8_t)~INWO_F_EXPOSED;
        inwo_put(s, pl.card, Z_TABLE, p);
    }
    int root = freeze_cancel ? inwo_cancel_root(s) : -1;
    if (freeze_cancel) /* a cancel attached to the root (INWO-4.6.2) */
        target = inwo_cancel_item(s, root, target & ~(int)INWO_ITEM_ARG);
    int k = new_item(s, freeze_cancel ? INWO_K_CANCEL : d.head, p, pl.card,
                     target < 0 ? INWO_NONE : target, freeze_cancel ? root : 0xFF,
                     (extra < 0 ? 0 : extra) | pl.abil << 6, 1);
    tt_emit(ev, INWO_EV_ANNOUNCE, p, TT_SEEN_ALL, s->item[k].num, pl.card, d.head,
            target < 0 ? -1 : target);
    pay_costs(s, &d, &pl, q, nq, k, k, ev);
    for (int i = 0; i < nq; i++) /* answers the item keeps beside it */
        if (q[i] == Q_TAKE || q[i] == Q_ARROW)
            new_item(s, q[i] == Q_TAKE ? H_TAKE : H_ARROW, p, d.ans[i + 1] & INWO_CARD_BITS,
                     d.ans[i + 1] >> 9, k, 0, 0);
    if (freeze_cancel) {
        tt_round_play(&s->rounds[s->nrounds - 1]); /* INWO-4.6.3: polling restarts */
        return;
    }
    if (s->nrounds && s->rounds[s->nrounds - 1].id >= OR_UPKEEP)
        s->open_play = 1; /* INWO-4.3.2: a play in the last call resumes the Main Phase */
    inwo_open_round(s, inwo_next_seat(s, p), k); /* INWO-4.6.3 */
}

/* --- look-and-steal protection (INWO-7.4) ----------------------------------------------- */

/* The look or steal play pending on card's holder that can affect card, or
 * -1: an EXPOSE can show any of his hidden Plots, a STEAL_EXPOSED can take
 * any of his exposed Plots (whichever it names, a later one of the same
 * kind could name another). From its announcement until it resolves. */
static int look_item(const inwo_content *c, const inwo_state *s, int card)
{
    if (card >= ncards(s) || s->card[card].zone != Z_HAND ||
        inwo_def_of(c, card)->kind != INWO_PLOT)
        return -1;
    int q = s->card[card].holder, exposed = (s->card[card].flags & INWO_F_EXPOSED) != 0;
    for (int j = 0; j < s->nitems; j++) {
        const inwo_item *it = &s->item[j];
        if ((it->kind != H_PLAY && it->kind != H_USE) || it->parent != 0xFF ||
            it->target != (INWO_PLAYER_ARG | (unsigned)q))
            continue;
        play pl = play_of(c, it->card, it->kind, it->arg >> 6);
        if (pl.what == (exposed ? OP_STEAL_EXPOSED : OP_EXPOSE))
            return j;
    }
    return -1;
}

int inwo_look_guard(const tt_game *g, const inwo_state *s, int card, int cancels, tt_error *err)
{
    int j = s->nitems ? look_item(content_of(g), s, card) : -1;
    if (j < 0 || cancels == j)
        return TT_OK;
    return TT_REFUSE("INWO-7.4", NULL,
                     "i%d may %s: until it resolves they may only be played to cancel it",
                     s->item[j].num,
                     (s->card[card].flags & INWO_F_EXPOSED) ? "steal your exposed Plots"
                                                            : "expose your hidden Plots");
}

/* Whether every Plot-back card of seat's hand is held by a look (INWO-7.4):
 * then the hand limit (INWO-5.7.2) lets him shed one of them. */
static int all_held(const inwo_content *c, const inwo_state *s, int seat)
{
    int n;
    const uint16_t *hand = inwo_pile(s, seat, Z_HAND, &n);
    for (int i = 0; i < n; i++)
        if (inwo_plot_back(inwo_def_of(c, hand[i])) && look_item(c, s, hand[i]) < 0)
            return 0;
    return 1;
}

int inwo_look_act_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err)
{
    int card = INWO_ARG(a) & INWO_CARD_BITS, cancels = -1;
    if (INWO_HEAD(a) == H_PLAY && !s->decl.head && inwo_cancel_plot(g, card)) {
        int k = inwo_cancel_root(s); /* a cancel of the look itself, if it can name it */
        if (k >= 0 && (inwo_def_of(content_of(g), card)->ability[0].mask & inwo_cancel_kind(s, k)))
            cancels = k;
    }
    if (s->point == PT_DISPOSE && all_held(content_of(g), s, s->to_move))
        return TT_OK;
    return inwo_look_guard(g, s, card, cancels, err);
}

/* --- resolution ---------------------------------------------------------------------------- */

static void to_pile(inwo_state *s, int card, int zone, int seat, int exposed)
{
    inwo_lift(s, card);
    inwo_put(s, card, zone, seat);
    if (exposed)
        s->card[card].flags |= INWO_F_EXPOSED;
}

int inwo_root_canceled(inwo_state *s, int k)
{
    inwo_cancels_settle(s, k);
    return (s->item[k].who & INWO_I_CANCELED) != 0;
}

void inwo_root_wrap(inwo_state *s, int k)
{
    for (int j = k + 1; j < s->nitems; j++)
        if (s->item[j].kind == INWO_K_CANCEL && s->item[j].parent == k &&
            s->card[s->item[j].card].zone == Z_TABLE)
            to_pile(s, s->item[j].card, Z_DISCARD, inwo_owner(s->item[j].card), 0);
}

/* The random hidden Plots of seat q that EXPOSE shows (INWO-8.1). */
static void expose(const inwo_content *c, inwo_state *s, int q, int count, tt_events *ev)
{
    for (int k = 0; k < count; k++) {
        int n, hidden = 0;
        const uint16_t *hand = inwo_pile(s, q, Z_HAND, &n);
        for (int i = 0; i < n; i++)
            hidden += inwo_def_of(c, hand[i])->kind == INWO_PLOT &&
                      !(s->card[hand[i]].flags & INWO_F_EXPOSED);
        if (!hidden)
            return;
        int pick = (int)tt_rng_below(&s->head.rng, (uint32_t)hidden);
        for (int i = 0; i < n; i++)
            if (inwo_def_of(c, hand[i])->kind == INWO_PLOT &&
                !(s->card[hand[i]].flags & INWO_F_EXPOSED) && pick-- == 0) {
                s->card[hand[i]].flags |= INWO_F_EXPOSED;
                s->card[hand[i]].seen_by = (uint8_t)((1u << s->nplayers) - 1);
                tt_emit(ev, INWO_EV_EXPOSE, q, TT_SEEN_ALL, hand[i], 0, 0, 0);
                break;
            }
    }
}

static void draw(inwo_state *s, int p, int zone, int count, tt_events *ev)
{
    for (int k = 0; k < count && s->npile[p][zone] && s->npile[p][Z_HAND] < INWO_HAND_MAX; k++) {
        uint16_t card = inwo_pile_take(s, p, zone, s->npile[p][zone] - 1);
        inwo_put(s, card, Z_HAND, p);
        tt_emit(ev, INWO_EV_DRAW, p, s->card[card].seen_by, zone, card, 0, 0);
    }
}

void inwo_destroy_resource(const inwo_content *c, inwo_state *s, int p, int r, tt_events *ev)
{
    for (int l = s->nlinks - 1; l >= 0; l--)
        if (s->link[l].a == r || s->link[l].b == r)
            inwo_link_remove(s, l);
    const inwo_def *d = inwo_def_of(c, r);
    if (d->rtypes >> RT_UNIQUE & 1) { /* INWO-5.13.5 */
        int def = c->deck[inwo_owner(r)].def[r % INWO_DECK_CARDS];
        s->destroyed[def >> 3] |= (uint8_t)(1u << (def & 7));
    }
    to_pile(s, r, Z_DISCARD, inwo_owner(r), 0);
    tt_emit(ev, INWO_EV_DESTROY, p, TT_SEEN_ALL, r, 0, 0, 0);
}

static void restore(const inwo_content *c, inwo_state *s, int t)
{
    int def = c->deck[inwo_owner(t)].def[t % INWO_DECK_CARDS], o = inwo_owner(t);
    s->destroyed[def >> 3] &= (uint8_t) ~(1u << (def & 7)); /* INWO-10.1.3 */
    s->card[t].flags &= (uint8_t)~INWO_F_KILLED;
    int full = s->npile[o][Z_HAND] >= INWO_HAND_MAX; /* INWO-2.15.2 (c) */
    to_pile(s, t, full ? Z_DISCARD : Z_HAND, o, 0);
}

/* The info items (take, arrow) of root k, in order. */
static int info(const inwo_state *s, int k, int kind, int nth)
{
    for (int j = k + 1; j < s->nitems; j++)
        if (s->item[j].parent == k && s->item[j].kind == kind && nth-- == 0)
            return j;
    return -1;
}

/* REPEAL (INWO-2.10.7, 5.20.4): the lasting effect is gone. */
static void repeal(const inwo_content *c, inwo_state *s, int t, int k)
{
    int r = record_at(s, t, k);
    if (s->card[t].zone == Z_STRUCTURE && r >= 0) { /* records keep their order */
        memmove(&s->record[r], &s->record[r + 1],
                (size_t)(s->nrecords - r - 1) * sizeof *s->record);
        s->nrecords--;
    } else if (s->card[t].zone != Z_STRUCTURE) {
        for (int col = 0; col < 3; col++)
            if (s->nwo[col] == t)
                s->nwo[col] = INWO_NONE;
        int l = inwo_link_of(s, t);
        if (l >= 0)
            inwo_link_remove(s, l);
        to_pile(s, t, Z_DISCARD, inwo_owner(t), 0);
    }
    inwo_links_update(c, s);
}

/* INWO-5.18.6: one NWO per color; a newer one replaces the older. */
static void nwo(const inwo_content *c, inwo_state *s, int card, int p)
{
    int col = inwo_def_of(c, card)->color - 1;
    if (col < 0 || col > 2)
        return;
    if (s->nwo[col] != INWO_NONE)
        to_pile(s, s->nwo[col], Z_DISCARD, inwo_owner(s->nwo[col]), 0);
    inwo_lift(s, card);
    inwo_put(s, card, Z_NWO, p);
    s->nwo[col] = (uint16_t)card;
    s->nwo_ts[col] = ++s->clock;
}

/* The effect of root play k (INWO-2.10.7). Returns 1 when the Plot stays
 * on the table until the end of the turn (a MODIFY). */
static int effect(const tt_game *g, inwo_state *s, int k, const play *pl, tt_events *ev)
{
    const inwo_content *c = content_of(g);
    const inwo_item *it = &s->item[k];
    const inwo_op *op = pl->op;
    int p = it->who & 7, t = it->target, arg = it->arg & 0x3F;
    switch (pl->what) {
    case W_LINKED: /* INWO-5.18.4, 6.2.1: linked as it is played, for good */
        inwo_link_add(s, pl->card, t, LK_PLOT, 1);
        inwo_links_update(c, s);
        return 1;
    case W_ZAP: /* INWO-5.18.5 */
        inwo_lift(s, pl->card);
        inwo_put(s, pl->card, Z_ZAP, t & 7);
        return 1;
    case W_NWO: nwo(c, s, pl->card, p); return 1;
    case OP_ALIGN: {
        int a = align_for(c, s, op, t, op->alignment == INWO_ALIGN_CHOOSE ? arg : -1);
        inwo_record_add(s, t, a, op->sel == AM_REMOVE, op->mode == DUR_TURN, pl->is_plot);
        inwo_links_update(c, s);
        return 0;
    }
    case OP_MODIFY:
        s->temp[s->ntemps++] = (inwo_temp){(uint16_t)pl->card, (uint16_t)t, (uint8_t)pl->abil, 0};
        return pl->is_plot;
    case OP_PARALYZE: /* INWO-5.18.3: until its controller's next turn ends */
        s->card[t].flags = (uint8_t)((s->card[t].flags | INWO_F_PARALYZED) & ~INWO_F_PARA_ARMED);
        s->card[t].u.p.para_seat = s->card[t].holder;
        inwo_links_update(c, s);
        return 0;
    case OP_FREEZE: s->frozen |= 1u << op->attr; return 0;
    case OP_GIVE_TOKEN: s->card[t].u.p.tokens++; return 0;
    case OP_DRAW:
        draw(s, p, op->sel == DECK_PLOT ? Z_PLOT_DECK : Z_GROUP_DECK, op->value, ev);
        return 0;
    case OP_EXPOSE: expose(c, s, t & 7, op->value, ev); return 0;
    case OP_STEAL_EXPOSED:
        for (int j, m = 0; (j = info(s, k, H_TAKE, m)) >= 0; m++) {
            int card = s->item[j].card;
            inwo_lift(s, card);
            inwo_put(s, card, Z_HAND, p); /* it stays exposed (INWO-2.10.7) */
        }
        return 0;
    case OP_DESTROY_RESOURCE: inwo_destroy_resource(c, s, p, t, ev); return 0;
    case OP_REPEAL: repeal(c, s, t, arg); return 0;
    case OP_RESTORE: restore(c, s, t); return 0;
    case OP_FREE_TAKEOVER: {
        int j = info(s, k, H_ARROW, 0), at = s->item[j].card, side = s->item[j].target & 3;
        inwo_lift(s, t);
        inwo_place(c, s, p, t, s->card[at].u.p.node, side);
        s->card[t].flags |= INWO_F_WAS_PUBLIC;
        tt_emit(ev, INWO_EV_TAKEOVER, p, TT_SEEN_ALL, t, 0, 0, 0);
        inwo_links_update(c, s);
        return 0;
    }
    default: return 0;
    }
}

/* INWO-10.3.7: the play is still legal when it resolves. */
static int still_legal(const tt_game *g, const inwo_state *s, int k, const play *pl)
{
    const inwo_content *c = content_of(g);
    const inwo_item *it = &s->item[k];
    int p = it->who & 7, t = it->target;
    const inwo_card *src = &s->card[pl->card];
    if (!pl->is_plot && ((src->zone != Z_STRUCTURE && src->zone != Z_RESOURCE) || src->holder != p))
        return 0; /* INWO-5.8.2: its source left play */
    switch (pl->what) {
    case OP_DRAW:
    case OP_FREEZE:
    case OP_REORGANIZE:
    case W_NWO: return 1;
    case OP_ALIGN:
        if (pl->op->alignment == INWO_ALIGN_CHOOSE &&
            align_for(c, s, pl->op, t, it->arg & 0x3F) < 0)
            return 0;
        break;
    case OP_STEAL_EXPOSED:
        for (int j, m = 0; (j = info(s, k, H_TAKE, m)) >= 0; m++) {
            const inwo_card *v = &s->card[s->item[j].card];
            if (v->zone != Z_HAND || v->holder != (t & 7) || !(v->flags & INWO_F_EXPOSED))
                return 0;
        }
        return s->npile[p][Z_HAND] + pl->op->value <= INWO_HAND_MAX;
    case OP_FREE_TAKEOVER: {
        int j = info(s, k, H_ARROW, 0), at = s->item[j].card;
        if (s->card[at].zone != Z_STRUCTURE || s->card[at].holder != p ||
            !inwo_arrow_open(c, s, s->card[at].u.p.node, s->item[j].target & 3))
            return 0;
        break;
    }
    default: break;
    }
    return chk_target(g, s, pl, p, t, NULL) == TT_OK;
}

/* INWO-2.14.7: a group whose Power an effect took to 0 loses its tokens
 * (one printed 0 keeps them while it stays at 0). */
static void power_zero(const inwo_content *c, inwo_state *s)
{
    for (int k = 0; k < s->nodes_end; k++) {
        int card = s->node[k].card;
        if (card != INWO_NONE && s->card[card].u.p.tokens && inwo_def_of(c, card)->power > 0 &&
            inwo_value(c, s, card, STAT_POWER, CX_BASE) == 0)
            s->card[card].u.p.tokens = 0;
    }
}

/* The play took effect, fizzled or turned illegal: its Plot goes to the
 * discard pile, the table or back to the hand exposed (INWO-10.3.3–10.3.4). */
static void finish(const tt_game *g, inwo_state *s, int k, int how, tt_events *ev)
{
    const inwo_content *c = content_of(g);
    const inwo_item *it = &s->item[k];
    play pl = play_of(c, it->card, it->kind, it->arg >> 6);
    int p = it->who & 7, stays = 0;
    if (how == 1) {
        stays = effect(g, s, k, &pl, ev);
        power_zero(c, s);
    }
    int back = how == 2 && s->npile[p][Z_HAND] < INWO_HAND_MAX; /* INWO-2.15.2 (c) */
    if (pl.is_plot && s->card[it->card].zone == Z_TABLE && !stays)
        to_pile(s, it->card, back ? Z_HAND : Z_DISCARD, back ? p : inwo_owner(it->card), back);
    if (!pl.is_plot && how == 0 && (it->who & INWO_I_CANCELED) &&
        (s->card[it->card].zone == Z_STRUCTURE || s->card[it->card].zone == Z_RESOURCE))
        s->card[it->card].u.p.used &= (uint8_t) ~(17u << pl.abil); /* INWO-10.3.1 */
    inwo_root_wrap(s, k);
    tt_emit(ev, INWO_EV_RESOLVE, p, TT_SEEN_ALL, it->num, how == 1, 0, 0);
}

/* After the payments are settled: illegal, or takes effect. */
static void settle_play(const tt_game *g, inwo_state *s, int k, tt_events *ev)
{
    const inwo_item *it = &s->item[k];
    play pl = play_of(content_of(g), it->card, it->kind, it->arg >> 6);
    finish(g, s, k, still_legal(g, s, k, &pl) ? 1 : pl.is_plot ? 2 : 0, ev);
}

/* A legal REORGANIZE resolves by questions: 1 when they are asked. */
static int reorganizes(const tt_game *g, inwo_state *s, int k)
{
    const inwo_item *it = &s->item[k];
    play pl = play_of(content_of(g), it->card, it->kind, it->arg >> 6);
    return pl.what == OP_REORGANIZE && still_legal(g, s, k, &pl) && inwo_reorg_open(g, s, k);
}

static int substitutes(const tt_game *g, inwo_state *s)
{
    tt_action a[INWO_MAX_ACTIONS];
    return inwo_play_legal(g, s, a, 0, 2) > 1;
}

int inwo_play_closed(const tt_game *g, inwo_state *s, int k, tt_events *ev)
{
    if (inwo_root_canceled(s, k)) {
        finish(g, s, k, 0, ev); /* INWO-10.3.3: forfeits everything */
        return 0;
    }
    int lost, which = -1, n = payments(g, s, k, &lost, &which);
    if (lost && (n == 1 || lost > 1)) {
        finish(g, s, k, 0, ev); /* INWO-10.3.2 */
        return 0;
    }
    if (lost) { /* one of several: its player may replace it */
        memset(&s->decl, 0, sizeof s->decl);
        s->decl.head = H_SUBSTITUTE;
        s->decl.player = s->item[k].who & 7;
        s->decl.point = PT_RESOLVE;
        s->decl.ans[INWO_DECL_ROOT] = (uint16_t)k;
        s->decl.ans[INWO_DECL_AUX] = (uint16_t)which;
        if (substitutes(g, s)) {
            s->point = PT_RESOLVE;
            return 1;
        }
        memset(&s->decl, 0, sizeof s->decl);
        finish(g, s, k, 0, ev);
        return 0;
    }
    if (reorganizes(g, s, k)) /* its moves are asked now (reorg.c) */
        return 1;
    settle_play(g, s, k, ev);
    return 0;
}

void inwo_play_finish(const tt_game *g, inwo_state *s, int k, tt_events *ev)
{
    finish(g, s, k, 1, ev);
}

int inwo_play_substitute(const tt_game *g, inwo_state *s, tt_action a, tt_events *ev)
{
    int k = s->decl.ans[INWO_DECL_ROOT], lostj = s->decl.ans[INWO_DECL_AUX];
    memset(&s->decl, 0, sizeof s->decl);
    if (INWO_HEAD(a) == H_FORFEIT) {
        finish(g, s, k, 0, ev);
        return k;
    }
    int gr = INWO_ARG(a); /* spent now, past every cancel (INWO-10.3.2) */
    s->card[gr].u.p.tokens--;
    s->item[lostj].card = (uint16_t)gr;
    s->item[lostj].who &= (uint8_t) ~(INWO_I_CANCELED | INWO_I_ILLEGAL);
    settle_play(g, s, k, ev);
    return k;
}

/* --- removing Zaps (INWO-5.18.5) ------------------------------------------------------------ */

int inwo_zap_clear_check(const tt_game *g, const inwo_state *s, int q, tt_error *err)
{
    int p = s->to_move, illu = inwo_illuminati(s, p);
    play pl = {illu, 0, 0, TM_ANY, 0, 1, -1, NULL, NULL};
    static const inwo_cost token = {COST_ILLUMINATI, 0, INWO_NO_FILTER};
    pl.cost = &token;
    if (s->decl.head)
        return TT_REFUSE("INWO-5.0.4", NULL, "a declaration is under way");
    int rc = chk_timing(s, &pl, p, err);
    if (rc)
        return rc;
    if (q >= s->nplayers || (s->head.eliminated >> q & 1))
        return TT_REFUSE("INWO-5.18.5", NULL, "name a player in the game");
    if (!zaps_on(content_of(g), s, q))
        return TT_REFUSE("INWO-5.18.5", NULL, "%c carries no Zap", 'A' + q);
    if (!inwo_can_spend(s, p, illu))
        return TT_REFUSE("INWO-5.18.5", NULL, "your Illuminati has no token to spend");
    if (s->nrounds >= INWO_ROUNDS_MAX || s->nitems >= INWO_ITEMS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
    return TT_OK;
}

/* The Illuminati's token spend is the item itself, an action (INWO-4.6.2). */
unsigned inwo_zapped(const inwo_content *c, const inwo_state *s)
{
    unsigned m = 0;
    for (int j = 0; j < c->nzap; j++) /* the Zaps, not every card */
        if (s->card[c->zap_inst[j]].zone == Z_ZAP)
            m |= 1u << s->card[c->zap_inst[j]].holder;
    return m;
}

void inwo_zap_clear_announce(inwo_state *s, int q, tt_events *ev)
{
    int p = s->to_move, illu = inwo_illuminati(s, p);
    s->card[illu].u.p.tokens--;
    int k = new_item(s, H_ZAP_CLEAR, p, illu, q, 0xFF, 0, 1);
    tt_emit(ev, INWO_EV_ANNOUNCE, p, TT_SEEN_ALL, s->item[k].num, illu, H_ZAP_CLEAR, q);
    if (s->nrounds && s->rounds[s->nrounds - 1].id >= OR_UPKEEP)
        s->open_play = 1; /* INWO-4.3.2 */
    inwo_open_round(s, inwo_next_seat(s, p), k);
}

void inwo_zaps_clear(inwo_state *s, int q, tt_events *ev)
{
    for (int i = 0; i < ncards(s); i++)
        if (s->card[i].zone == Z_ZAP && s->card[i].holder == q) {
            to_pile(s, i, Z_DISCARD, inwo_owner(i), 0);
            tt_emit(ev, INWO_EV_DISCARD, q, TT_SEEN_ALL, i, 0, 0, 0);
        }
}

void inwo_paralysis_turn(inwo_state *s, int seat, int ends)
{
    for (int i = 0; i < ncards(s); i++) {
        inwo_card *v = &s->card[i];
        if (!(v->flags & INWO_F_PARALYZED) || v->u.p.para_seat != seat)
            continue;
        if (!ends)
            v->flags |= INWO_F_PARA_ARMED;
        else if (v->flags & INWO_F_PARA_ARMED)
            v->flags &= (uint8_t) ~(INWO_F_PARALYZED | INWO_F_PARA_ARMED);
    }
}
