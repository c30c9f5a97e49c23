/* INWO's effective values (INWO-2.14): the alignments, attributes, Power,
 * Global Power and Resistance of a card as the rules read them at this
 * moment, in a context, from the printed card and every effect the state
 * holds: change records and linked SET_ALIGN Plots (alignments, 2.14.6);
 * STAT ops of the card itself, of the cards linked to it, of its
 * controller's structure, of NWOs and Zaps; one-turn MODIFY effects.
 *
 * Nothing is cached: every value is computed from the state when asked, so
 * it is never stale after a resolution (INWO-10.3.7 re-checks read it).
 * Called from legal and apply in playouts: no allocation, no strings, and
 * bounded loops over the fixed arrays of the state. */
#include "games/inwo/inwo.h"

static const inwo_def *def_of(const inwo_content *c, int card)
{
    return inwo_def_of(c, card);
}

/* --- alignments (INWO-2.2, 2.14.6) ------------------------------------------------------ */

/* "add a" removes opposite(a) first (INWO-2.2.2); CRIM and FAN have none. */
static unsigned align_add(unsigned set, int a)
{
    int o = inwo_opposite(a);
    if (o >= 0)
        set &= ~(1u << o);
    return set | 1u << a;
}

static unsigned set_align(unsigned set, const inwo_op *op)
{
    for (int a = 0; a < INWO_NALIGN; a++)
        if (op->add >> a & 1)
            set = align_add(set, a);
    return set & ~(unsigned)op->remove;
}

/* The SET_ALIGN op of a linked Plot, or NULL. */
static const inwo_op *set_align_op(const inwo_def *d)
{
    for (int k = 0; k < d->nability; k++)
        if (d->ability[k].op == OP_SET_ALIGN)
            return &d->ability[k];
    return NULL;
}

int inwo_link_active(const inwo_link *l)
{
    return (l->what >> 4 & 3) == LS_ACTIVE;
}

/* A change record r applied to card's alignments (the lasting ones only
 * when asked). */
static unsigned record_apply(unsigned set, inwo_record r, int card, int lasting)
{
    if (INWO_REC_CARD(r) != card || (lasting && INWO_REC_TURN(r)))
        return set;
    return INWO_REC_REMOVE(r) ? set & ~(1u << INWO_REC_ALIGN(r))
                              : align_add(set, INWO_REC_ALIGN(r));
}

/* The waiting linked Plots (a bit each) of timestamp ts or older applied to
 * set, in link order, and taken out of *waiting. */
static unsigned links_older(const inwo_content *c, const inwo_state *s, unsigned set,
                            uint64_t *waiting, int ts)
{
    for (uint64_t m = *waiting; m; m &= m - 1) {
        int k = __builtin_ctzll(m);
        if (s->link[k].ts > ts)
            continue;
        const inwo_op *op = set_align_op(def_of(c, s->link[k].a));
        *waiting &= ~(1ull << k);
        if (op)
            set = set_align(set, op);
    }
    return set;
}

unsigned inwo_align_of(const inwo_content *c, const inwo_state *s, int card, int lasting)
{
    const inwo_def *d = def_of(c, card);
    if (d->kind != INWO_GROUP)
        return 0; /* INWO-2.4.2: an Illuminati has none */
    const inwo_card *v = &s->card[card];
    if (v->zone == Z_DESTROYED) /* its record: a change of one turn, that turn only (9.3.6) */
        return lasting || v->u.d.turn != inwo_turn_id(s) ? v->u.d.align_perm : v->u.d.align_now;
    unsigned set = d->align;
    uint64_t waiting = 0; /* the active linked Plots on card still to apply, a bit each */
    for (int k = 0; k < s->nlinks; k++)
        if (s->link[k].b == card && inwo_link_active(&s->link[k]) &&
            (s->link[k].what & 3) == LK_PLOT)
            waiting |= 1ull << k;
    int i = 0;
    for (; i < s->nrecords && waiting; i++) {
        /* the linked Plots' records older than this one come first (INWO-2.14.6) */
        set = links_older(c, s, set, &waiting, INWO_REC_TS(s->record[i]));
        set = record_apply(set, s->record[i], card, lasting);
    }
    if (waiting)
        return links_older(c, s, set, &waiting, 0xFFFF);
    for (; i < s->nrecords; i++) /* none waits: card's own records are all there is to read */
        if (INWO_REC_CARD(s->record[i]) == card)
            set = record_apply(set, s->record[i], card, lasting);
    return set;
}

uint32_t inwo_attr_of(const inwo_content *c, const inwo_state *s, int card)
{
    (void)s; /* no op of the closed set changes attributes (INWO-2.10) */
    return def_of(c, card)->attr;
}

/* --- filters (INWO-2.10.1) ---------------------------------------------------------------- */

/* Power keys read printed Power where a filter is evaluated inside a Power
 * computation (a STAT op's own filter): an effect whose reach depended on
 * the value it changes would have no fixed point (house, docs/games/inwo.md). */
enum { FM_PRINTED_POWER = 1, FM_LASTING = 2 };

static int filter_match(const inwo_content *c, const inwo_state *s, int filter, int card, int seat,
                        int how)
{
    if (filter == INWO_NO_FILTER)
        return 1;
    const inwo_filter *f = &c->filter[filter];
    const inwo_def *d = def_of(c, card);
    int illu = d->kind == INWO_ILLUMINATI;
    if (illu && (f->keys & FK_GROUP_ONLY))
        return 0;
    if ((f->keys & FK_ILLUMINATI) && f->illuminati != illu)
        return 0;
    if ((f->keys & FK_CARD) && c->deck[inwo_owner(card)].def[card % INWO_DECK_CARDS] != f->card)
        return 0;
    if ((f->keys & FK_OWNER) && f->owner != OWN_ANY &&
        (s->card[card].holder == seat) != (f->owner == OWN_SELF))
        return 0;
    if ((f->keys & FK_GTYPE_ANY) && !(f->gtype_any >> d->gtype & 1))
        return 0;
    if (f->keys & (FK_ALIGN_ANY | FK_ALIGN_ALL | FK_ALIGN_NONE)) {
        unsigned a = inwo_align_of(c, s, card, how & FM_LASTING);
        if (((f->keys & FK_ALIGN_ANY) && !(a & f->align_any)) ||
            ((f->keys & FK_ALIGN_ALL) && (a & f->align_all) != f->align_all) ||
            ((f->keys & FK_ALIGN_NONE) && (a & f->align_none)))
            return 0;
    }
    if (f->keys & (FK_ATTR_ANY | FK_ATTR_NONE)) {
        uint32_t a = inwo_attr_of(c, s, card);
        if (((f->keys & FK_ATTR_ANY) && !(a & f->attr_any)) ||
            ((f->keys & FK_ATTR_NONE) && (a & f->attr_none)))
            return 0;
    }
    if (f->keys & (FK_POWER_MIN | FK_POWER_MAX)) {
        int p = (how & FM_PRINTED_POWER) ? d->power : inwo_value(c, s, card, STAT_POWER, CX_BASE);
        if (((f->keys & FK_POWER_MIN) && p < f->power_min) ||
            ((f->keys & FK_POWER_MAX) && p > f->power_max))
            return 0;
    }
    return 1;
}

int inwo_match(const inwo_content *c, const inwo_state *s, int filter, int card, int seat)
{
    return filter_match(c, s, filter, card, seat, 0);
}

/* --- the sources of passive ops ----------------------------------------------------------- */

/* The link from a card (Resource, Plot, group) to the group it is linked
 * to, when active (INWO-6.4), or -1. */
static int active_link_from(const inwo_state *s, int a)
{
    for (int k = 0; k < s->nlinks; k++)
        if (s->link[k].a == a)
            return inwo_link_active(&s->link[k]) ? k : -1;
    return -1;
}

int inwo_paralyzed(const inwo_state *s, int card)
{
    return s->card[card].zone == Z_STRUCTURE && (s->card[card].flags & INWO_F_PARALYZED);
}

/* Whether a group's own passive ops work: in play and not paralyzed
 * (INWO-2.10.5, 5.18.3); while_linked ops also need its group link. */
static int group_op_active(const inwo_state *s, int card, const inwo_op *op)
{
    if (s->card[card].zone != Z_STRUCTURE || inwo_paralyzed(s, card))
        return 0;
    return !op->while_linked || active_link_from(s, card) >= 0;
}

/* The group a Resource's or Plot's ops reach through its link, or -1: the
 * link active, and for a Resource the group not paralyzed (INWO-5.8.3). */
static int linked_group(const inwo_state *s, int card)
{
    int k = active_link_from(s, card);
    if (k < 0)
        return -1;
    int b = s->link[k].b;
    if (s->card[card].zone == Z_RESOURCE && inwo_paralyzed(s, b))
        return -1;
    return b;
}

/* Whether the op of a source card (held by seat `src`, at node/zone as it
 * lies) reaches `target` by its scope (INWO-2.10.2). */
static int reaches(const inwo_state *s, int source, const inwo_op *op, int target)
{
    const inwo_card *t = &s->card[target];
    switch (op->scope) {
    case SC_SELF: return source == target;
    case SC_LINKED: return linked_group(s, source) == target;
    case SC_OWNER_STRUCTURE: return t->holder == s->card[source].holder;
    case SC_ALL: return 1;
    case SC_ZAPPED_STRUCTURE:
        return s->card[source].zone == Z_ZAP && t->holder == s->card[source].holder;
    default: return 0;
    }
}

/* Whether the source lies where its passive ops work. */
static int source_active(const inwo_state *s, int source, const inwo_op *op)
{
    switch (s->card[source].zone) {
    case Z_STRUCTURE: return group_op_active(s, source, op);
    case Z_RESOURCE: return op->scope != SC_LINKED || linked_group(s, source) >= 0;
    case Z_TABLE: return op->scope == SC_LINKED && linked_group(s, source) >= 0;
    case Z_NWO:
    case Z_ZAP: return 1;
    default: return 0;
    }
}

/* The set, multiply and add steps of INWO-2.14.2 gathered for one stat. */
typedef struct steps {
    int set, mul, add, any_set;
} steps;

static int context_ok(int op_ctx, int ctx)
{
    if (op_ctx == CTX_ALL)
        return 1;
    return (op_ctx == CTX_ATTACK && ctx == CX_ATTACK) ||
           (op_ctx == CTX_DEFENSE && ctx == CX_DEFENSE);
}

static void gather(steps *st, int mode, int value)
{
    if (mode == MODE_SET_MIN) {
        st->set = !st->any_set || value > st->set ? value : st->set;
        st->any_set = 1;
    } else if (mode == MODE_MUL) {
        st->mul = value > st->mul ? value : st->mul; /* multipliers never combine */
    } else {
        st->add += value;
    }
}

static void source_ops(const inwo_content *c, const inwo_state *s, int source, int target, int stat,
                       int ctx, steps *st)
{
    const inwo_def *d = def_of(c, source);
    for (int k = 0; k < d->nability; k++) {
        const inwo_op *op = &d->ability[k];
        if (op->op != OP_STAT || op->sel != stat || !context_ok(op->context, ctx & 3) ||
            !reaches(s, source, op, target) || !source_active(s, source, op) ||
            !filter_match(c, s, op->filter, target, s->card[source].holder, FM_PRINTED_POWER))
            continue;
        gather(st, op->mode, op->value);
    }
}

/* Whether a card may carry wide-reaching passive ops: looked at only when
 * it lies where such ops work. */
static int wide_source(const inwo_state *s, int i)
{
    int z = s->card[i].zone;
    return z == Z_STRUCTURE || z == Z_RESOURCE || z == Z_ZAP;
}

static void all_sources(const inwo_content *c, const inwo_state *s, int target, int stat, int ctx,
                        steps *st)
{
    source_ops(c, s, target, target, stat, ctx, st); /* its own, scope self */
    for (int k = 0; k < s->nlinks; k++)              /* Resources and Plots linked to it */
        if (s->link[k].b == target && (s->link[k].what & 3) != LK_GROUP)
            source_ops(c, s, s->link[k].a, target, stat, ctx, st);
    for (int k = 0; k < 3; k++) /* the NWO area: at most one per color (INWO-5.18.6) */
        if (s->nwo[k] != INWO_NONE)
            source_ops(c, s, s->nwo[k], target, stat, ctx, st);
    int n;
    const uint16_t *src = inwo_op_sources(c, OP_STAT, &n);
    for (int j = 0; j < n; j++) { /* structure-wide and table-wide ops, Zaps */
        int i = src[j];
        if (i != target && wide_source(s, i) && s->card[i].zone != Z_NWO)
            for (int k = 0; k < def_of(c, i)->nability; k++) {
                int sc = def_of(c, i)->ability[k].scope;
                if (def_of(c, i)->ability[k].op == OP_STAT &&
                    (sc == SC_OWNER_STRUCTURE || sc == SC_ALL || sc == SC_ZAPPED_STRUCTURE)) {
                    source_ops(c, s, i, target, stat, ctx, st);
                    break;
                }
            }
    }
}

/* One-turn MODIFY effects on the target (INWO-2.14.5: never in goal context). */
static void temp_ops(const inwo_content *c, const inwo_state *s, int target, int stat, int ctx,
                     steps *st)
{
    if ((ctx & 3) == CX_GOAL)
        return;
    for (int k = 0; k < s->ntemps; k++) {
        const inwo_temp *t = &s->temp[k];
        if (t->target != target)
            continue;
        const inwo_op *op = &def_of(c, t->source)->ability[t->ability];
        if (op->op == OP_MODIFY && (op->sel >> stat & 1) && context_ok(op->context, ctx & 3))
            gather(st, op->mode, op->value);
    }
}

static int printed(const inwo_def *d, int stat)
{
    return stat == STAT_POWER ? d->power : stat == STAT_GLOBAL ? d->global : d->res;
}

static int compute(const inwo_content *c, const inwo_state *s, int card, int stat, int ctx)
{
    const inwo_def *d = def_of(c, card);
    steps st = {0, 0, 0, 0};
    if (s->card[card].zone == Z_STRUCTURE) /* INWO-2.14.8: wide effects reach only play */
        all_sources(c, s, card, stat, ctx, &st);
    else
        source_ops(c, s, card, card, stat, ctx, &st);
    temp_ops(c, s, card, stat, ctx, &st);
    int v = printed(d, stat); /* 1 */
    if (st.any_set && st.set > v)
        v = st.set; /* 2: the set step */
    int m = st.mul ? st.mul : 1;
    if (ctx & CX_SELF_DEFENSE)
        m++; /* INWO-2.14.4: one step more; doubled when none applies */
    v *= m;  /* 3 */
    if (stat == STAT_POWER && (ctx & CX_VS_DESTROY) && (s->card[card].flags & INWO_F_DEVASTATED))
        v /= 2;           /* INWO-2.14.2 step 3, 5.17.7 */
    v += st.add;          /* 4 */
    return v < 0 ? 0 : v; /* 5 */
}

int inwo_value(const inwo_content *c, const inwo_state *s, int card, int stat, int ctx)
{
    const inwo_def *d = def_of(c, card);
    if (d->kind != INWO_GROUP && d->kind != INWO_ILLUMINATI)
        return 0;
    if (stat != STAT_GLOBAL)
        return compute(c, s, card, stat, ctx);
    if (d->global == 0)
        return 0; /* INWO-2.14.3: no Global Power, and none gained */
    int g = compute(c, s, card, STAT_GLOBAL, ctx), p = compute(c, s, card, STAT_POWER, ctx);
    return g < p ? g : p;
}

int inwo_capacity(const inwo_content *c, const inwo_state *s, int card)
{
    const inwo_def *d = def_of(c, card);
    if (d->kind == INWO_RESOURCE && !d->action)
        return 0;
    int cap = 1;
    for (int k = 0; k < d->nability; k++)
        if (d->ability[k].op == OP_EXTRA_TOKENS && d->ability[k].scope == SC_SELF &&
            source_active(s, card, &d->ability[k]))
            cap += d->ability[k].value;
    if (s->card[card].zone != Z_STRUCTURE)
        return cap;
    for (int l = 0; l < s->nlinks; l++) { /* a linked card's EXTRA_TOKENS (INWO-6.3.3) */
        int a = s->link[l].a;
        if (s->link[l].b != card || linked_group(s, a) != card ||
            (s->link[l].spare & INWO_LINK_DECLINED))
            continue;
        for (int k = 0; k < def_of(c, a)->nability; k++)
            if (def_of(c, a)->ability[k].op == OP_EXTRA_TOKENS &&
                def_of(c, a)->ability[k].scope == SC_LINKED)
                cap += def_of(c, a)->ability[k].value;
    }
    return cap;
}

int inwo_devastated_arm(const inwo_state *s, int card)
{
    if (s->card[card].zone != Z_STRUCTURE)
        return 0;
    for (int k = s->card[card].u.p.node; k != INWO_NO_NODE; k = s->node[k].master)
        if (s->card[s->node[k].card].flags & INWO_F_DEVASTATED)
            return 1;
    return 0;
}

int inwo_receives_tokens(const inwo_content *c, const inwo_state *s, int card)
{
    const inwo_card *v = &s->card[card];
    if (v->zone != Z_STRUCTURE && v->zone != Z_RESOURCE)
        return 0;
    if (v->flags & INWO_F_CAPTURED)
        return 0; /* INWO-5.11.5 */
    if (v->zone == Z_RESOURCE)
        return def_of(c, card)->action;
    if (inwo_devastated_arm(s, card))
        return 0; /* INWO-5.17.7 */
    /* INWO-2.14.7: Power 0 gets none, unless printed 0 and still 0 */
    return inwo_value(c, s, card, STAT_POWER, CX_BASE) > 0 || def_of(c, card)->power == 0;
}

/* --- link legality (INWO-6.4.1) ------------------------------------------------------------ */

/* The filter a link must meet at its far end: a Plot's or Resource's
 * link.requires, a group's link_target. */
static int link_filter(const inwo_def *d)
{
    return d->kind == INWO_GROUP ? d->link_target : d->has_link ? d->link_requires : INWO_NO_FILTER;
}

/* Linked copies of a limit_per_player Plot in seat's structure, this one's
 * card_id (INWO-6.4.1: "more copies … than allowed"). */
int inwo_copies_linked(const inwo_content *c, const inwo_state *s, int plot, int seat)
{
    int n = 0, id = c->deck[inwo_owner(plot)].def[plot % INWO_DECK_CARDS];
    for (int k = 0; k < s->nlinks; k++) {
        int a = s->link[k].a, b = s->link[k].b;
        if ((s->link[k].what & 3) == LK_PLOT &&
            c->deck[inwo_owner(a)].def[a % INWO_DECK_CARDS] == id &&
            s->card[b].zone == Z_STRUCTURE && s->card[b].holder == seat)
            n++;
    }
    return n;
}

int inwo_link_legal(const inwo_content *c, const inwo_state *s, int k, int lasting)
{
    const inwo_link *l = &s->link[k];
    const inwo_card *a = &s->card[l->a], *b = &s->card[l->b];
    if (b->zone != Z_STRUCTURE || (a->zone == Z_STRUCTURE && a->holder != b->holder) ||
        (a->zone == Z_RESOURCE && a->holder != b->holder))
        return 0;
    const inwo_def *d = def_of(c, l->a);
    if (!filter_match(c, s, link_filter(d), l->b, b->holder, lasting ? FM_LASTING : 0))
        return 0;
    return !d->limit_per_player || inwo_copies_linked(c, s, l->a, b->holder) <= d->limit_per_player;
}

int inwo_link_status(const inwo_content *c, const inwo_state *s, int k)
{
    const inwo_card *b = &s->card[s->link[k].b];
    if (inwo_link_legal(c, s, k, 0))
        return LS_ACTIVE;
    /* INWO-6.4.3: out of play without destruction, or legal but for the
     * effects with a built-in time limit */
    if (b->zone == Z_HAND || b->zone == Z_PENDING || b->zone == Z_DISCARD ||
        inwo_link_legal(c, s, k, 1))
        return LS_INACTIVE_TEMPORARY;
    return LS_INACTIVE_PERMANENT;
}
