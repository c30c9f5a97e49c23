/* Invaders choices: what a declaration still needs (INV-5.3 step 1, INV-5.26a)
 * and which answers the rules allow.
 *
 * A declaration fills, in the order of INV-5.3 step 1: the zone and sacrifice
 * of a placement or move (INV-5.7, 5.8), one slot per target or zone of each
 * effect in effect-list order, then the plot-action reduction (INV-5.15). Slots that need no decision —
 * no legal target, a card that moves itself — are filled here without asking,
 * so whenever a F_DECLARE frame is on top its first unset slot is the question.
 * The same predicates serve legal() and apply(), so the list and the checks
 * cannot disagree. */
#include "games/invaders/invaders.h"

int inv_can_reduce(const inv_state *s, int side)
{
    return side == INV_INVADER && s->active == INV_INVADER && !s->plot_used;
}

/* Can cost (discard, drain) be paid with `hand` other cards, with reduction
 * option r (0 none, 1 discard, 2 drain)? (INV-5.4–5.6, 5.15) */
static int reduce_ok(const inv_state *s, int side, int hand, int discard, int drain, int r)
{
    if (r == 1 && discard == 0)
        return 0;
    if (r == 2 && drain == 0)
        return 0;
    return hand >= discard - (r == 1) && s->npile[side][L_DECK] >= drain - (r == 2);
}

int inv_payable(const inv_content *c, const inv_state *s, int side, int hand, int discard,
                int drain, int reduce_mask)
{
    (void)c;
    for (int r = 0; r < 3; r++)
        if ((r == 0 || reduce_mask) && reduce_ok(s, side, hand, discard, drain, r))
            return 1;
    return 0;
}

/* The zone of the decl's source unit ("THIS"), or INV_NONE (INV-9.25). */
int inv_source_zone(const inv_content *c, const inv_state *s)
{
    const inv_decl *d = &s->decl;
    if (d->kind == ACT_STRATEGY)
        return INV_NONE;
    if (inv_loc(s, d->source) == L_SLOT)
        return inv_zone_of(s, d->source);
    if (d->kind == ACT_PLAY && inv_def(c, d->source)->is_unit && d->zone < INV_NZ)
        return d->zone; /* a unit being declared: the zone it will enter */
    return INV_NONE;
}

/* INV-2.20, 2.12: does unit match the effect's TargetSpec now? */
int inv_target_ok(const inv_content *c, const inv_state *s, const inv_effect *e, int unit)
{
    if (unit >= c->ninst || inv_loc(s, unit) != L_SLOT)
        return 0;
    const inv_target *t = &e->target;
    const inv_decl *d = &s->decl;
    if (t->self)
        return d->kind != ACT_STRATEGY && unit == d->source;
    int side = t->own ? d->player : 1 - d->player;
    if (inv_owner(c, unit) != side)
        return 0;
    const inv_card *card = inv_def(c, unit);
    int type = card->type;
    if (type == T_HERO) {
        if (!t->include_hero)
            return 0;
        type = T_DEFENDER; /* INV-2.12 */
    }
    if (!(t->types >> type & 1))
        return 0;
    if (t->zone == ZS_THIS && inv_zone_of(s, unit) != inv_source_zone(c, s))
        return 0;
    return t->max_power == INV_NO_MAX || inv_power(c, s, unit) <= t->max_power;
}

/* INV-2.21: a CHOSEN zone for damage must have power if any zone has; for repair
 * it must carry tokens if any zone does. */
int inv_effect_zone_ok(const inv_content *c, const inv_state *s, const inv_effect *e, int z)
{
    if (z < 0 || z >= INV_NZ)
        return 0;
    if (e->op == OP_ZONE_DAMAGE) {
        int any = 0;
        for (int k = 0; k < INV_NZ; k++)
            any |= inv_zone_power(c, s, k) > 0;
        return !any || inv_zone_power(c, s, z) > 0;
    }
    if (e->op == OP_ZONE_REPAIR) {
        int any = s->tokens[0] + s->tokens[1] + s->tokens[2];
        return !any || s->tokens[z] > 0;
    }
    return 1;
}

/* INV-5.23: can unit move to z (adjacent only unless dest_any)? */
int inv_dest_ok(const inv_content *c, const inv_state *s, int unit, int dest_any, int z)
{
    if (z < 0 || z >= INV_NZ || inv_loc(s, unit) != L_SLOT)
        return 0;
    int from = inv_zone_of(s, unit);
    if (z == from || (!dest_any && !(c->adjacent[from] >> z & 1)))
        return 0;
    if (!(inv_def(c, unit)->zones >> z & 1))
        return 0;
    return inv_can_place(c, s, inv_owner(c, unit), z, unit);
}

static int any_target(const inv_content *c, const inv_state *s, const inv_effect *e)
{
    for (int side = 0; side < 2; side++)
        for (int z = 0; z < INV_NZ; z++)
            for (int i = 0; i < s->ncol[side][z]; i++)
                if (inv_target_ok(c, s, e, s->col[side][z][i]))
                    return 1;
    return 0;
}

static int any_dest(const inv_content *c, const inv_state *s, int unit, int dest_any)
{
    for (int z = 0; z < INV_NZ; z++)
        if (inv_dest_ok(c, s, unit, dest_any, z))
            return 1;
    return 0;
}

/* Slots of one effect; returns the need, or N_NONE when all are filled. */
static int effect_need(const inv_content *c, inv_state *s, int fill, const inv_effect *e)
{
    uint8_t *ch = &s->decl.choice[e->choice];
    if (e->op == OP_DESTROY) {
        if (ch[0] == INV_UNSET && fill && !any_target(c, s, e))
            ch[0] = INV_NONE; /* INV-5.27: played without a target */
        return ch[0] == INV_UNSET ? N_TARGET : N_NONE;
    }
    if (e->op != OP_MOVE_CARD)
        return ch[0] == INV_UNSET ? N_EZONE : N_NONE;
    if (ch[0] == INV_UNSET && fill) {
        if (e->target.self)
            ch[0] = s->decl.kind != ACT_STRATEGY && inv_loc(s, s->decl.source) == L_SLOT
                        ? s->decl.source
                        : INV_NONE;
        else if (!any_target(c, s, e))
            ch[0] = INV_NONE;
    }
    if (ch[0] == INV_UNSET)
        return N_TARGET;
    if (ch[1] == INV_UNSET && fill &&
        (ch[0] == INV_NONE || !any_dest(c, s, ch[0], e->dest == DEST_ANY)))
        ch[1] = INV_NONE; /* INV-5.23: no legal destination, the move does nothing */
    if (ch[1] == INV_UNSET)
        return N_DEST;
    if (ch[2] == INV_UNSET && fill &&
        (ch[1] == INV_NONE || s->ncol[inv_owner(c, ch[0])][ch[1]] < c->slots))
        ch[2] = INV_NONE;
    return ch[2] == INV_UNSET ? N_ESAC : N_NONE;
}

static int placement_need(const inv_content *c, inv_state *s, int fill)
{
    inv_decl *d = &s->decl;
    if (d->zone == INV_UNSET)
        return N_ZONE;
    if (d->sacrifice == INV_UNSET && fill && d->zone < INV_NZ) {
        int side = d->kind == ACT_PLAY ? d->player : INV_MANKIND;
        if (s->ncol[side][d->zone] < c->slots)
            d->sacrifice = INV_NONE;
    }
    return d->sacrifice == INV_UNSET ? N_SACRIFICE : N_NONE;
}

/* Calls fn on each effect of the declaration that has choice slots, in
 * effect-list order, until fn returns nonzero; returns that value, or 0. */
typedef int (*effect_fn)(const inv_effect *e, void *ctx);
static int each_choice_effect(const inv_content *c, const inv_state *s, effect_fn fn, void *ctx)
{
    int nab = inv_decl_nabilities(c, s);
    for (int i = 0; i < nab; i++) {
        const inv_ability *ab = inv_decl_ability(c, s, i);
        for (int k = 0; k < ab->neff; k++) {
            int r = ab->eff[k].choice == INV_NONE ? 0 : fn(&ab->eff[k], ctx);
            if (r)
                return r;
        }
    }
    return 0;
}

typedef struct next_ctx {
    const inv_content *c;
    inv_state *s;
    int fill;
    const inv_effect **eff;
    int *slot;
} next_ctx;

static int next_in_effect(const inv_effect *e, void *ctx)
{
    next_ctx *x = ctx;
    int need = effect_need(x->c, x->s, x->fill, e);
    if (need == N_NONE)
        return N_NONE;
    if (x->eff)
        *x->eff = e;
    if (x->slot)
        *x->slot = e->choice + (need == N_DEST ? 1 : need == N_ESAC ? 2 : 0);
    return need;
}

int inv_next_choice(const inv_content *c, inv_state *s, int fill, const inv_effect **eff, int *slot)
{
    inv_decl *d = &s->decl;
    int places = d->kind == ACT_OPS || d->kind == ACT_MOVE_HERO ||
                 (d->kind == ACT_PLAY && inv_def(c, d->source)->is_unit);
    if (fill && !places)
        d->zone = d->sacrifice = INV_NONE;
    int need = places ? placement_need(c, s, fill) : N_NONE;
    if (need != N_NONE)
        return need;
    next_ctx x = {c, s, fill, eff, slot};
    need = each_choice_effect(c, s, next_in_effect, &x);
    if (need != N_NONE)
        return need;
    /* INV-5.3 step 1 names the plot-action reduction last */
    return d->reduce == INV_UNSET ? N_REDUCE : N_NONE;
}

/* --- the choices declared, as both players see them (INV-5.26a) ------------------------ */

typedef struct list_ctx {
    const inv_state *s;
    inv_choice *out;
    int n;
} list_ctx;

static void add_choice(list_ctx *x, int op, int need, int value)
{
    if (value == INV_UNSET || ((need == N_SACRIFICE || need == N_ESAC) && value == INV_NONE))
        return; /* not made yet, or no sacrifice to make */
    x->out[x->n++] = (inv_choice){(uint8_t)op, (uint8_t)need, (uint8_t)value};
}

static int list_effect(const inv_effect *e, void *ctx)
{
    list_ctx *x = ctx;
    const uint8_t *ch = &x->s->decl.choice[e->choice];
    if (e->op == OP_DESTROY) {
        add_choice(x, e->op, N_TARGET, ch[0]);
    } else if (e->op == OP_MOVE_CARD) {
        add_choice(x, e->op, N_TARGET, ch[0]);
        if (ch[0] != INV_NONE) { /* nothing to move, so nowhere to go */
            add_choice(x, e->op, N_DEST, ch[1]);
            add_choice(x, e->op, N_ESAC, ch[2]);
        }
    } else {
        add_choice(x, e->op, N_EZONE, ch[0]);
    }
    return 0;
}

int inv_decl_choices(const inv_content *c, const inv_state *s, inv_choice *out)
{
    const inv_decl *d = &s->decl;
    list_ctx x = {s, out, 0};
    if (d->kind == ACT_NONE)
        return 0;
    if (d->zone < INV_NZ) /* INV_NONE: the declaration places nothing */
        add_choice(&x, OP_COUNT, inv_shown_need(s, N_ZONE), d->zone);
    add_choice(&x, OP_COUNT, N_SACRIFICE, d->sacrifice);
    each_choice_effect(c, s, list_effect, &x);
    return x.n;
}
