/* INWO's attacks to control and to destroy (INWO-5.9 – 5.16): the
 * declaration's answers, the target restrictions (5.11.1, 5.12.1, 4.8,
 * immunity 5.15, Secret groups 5.16), aiding, opposing and self-defense
 * (5.10), the strength (5.11.3, 5.12.3), the roll and the after-roll round
 * (5.9.8 – 5.9.9), and the results: capture with its subtree (5.11.5,
 * 2.11.8) and destruction (5.12.6).
 *
 * An attack is a root item (X in `card`, T in `target`, the kind in `arg`)
 * and every contribution an item attached to it (the spending group in
 * `card`); the strength is never stored but computed from them and the
 * state whenever asked, so every re-check sees the present (INWO-10.3.7).
 * Playouts run this: no allocation, no strings. */
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "games/inwo/inwo.h"

static const inwo_content *content_of(const tt_game *g)
{
    return g->content;
}

static int ncards(const inwo_state *s)
{
    return s->nplayers * INWO_DECK_CARDS;
}

static void plot_to(inwo_state *s, int plot, int zone, int seat, int exposed);
static void commit(inwo_state *s, int k, int p);

static int is_illuminati(const inwo_content *c, int card)
{
    return inwo_def_of(c, card)->kind == INWO_ILLUMINATI;
}

static int secret(const inwo_content *c, const inwo_state *s, int card)
{
    return inwo_attr_of(c, s, card) >> ATTR_SECRET & 1;
}

/* INWO-2.2.4: identical alignments (FAN never) and opposite ones (FAN–FAN). */
static int n_ident(unsigned a, unsigned b)
{
    return __builtin_popcount(a & b & ~(1u << AL_FAN));
}

static int n_opp(unsigned a, unsigned b)
{
    int n = 0;
    for (int x = 0; x < AL_CRIM; x++)
        n += (a >> x & 1) && (b >> (x ^ 1) & 1);
    return n + ((a & b) >> AL_FAN & 1);
}

static int master_card(const inwo_state *s, int card)
{
    if (s->card[card].zone != Z_STRUCTURE)
        return -1;
    int m = s->node[s->card[card].u.p.node].master;
    return m == INWO_NO_NODE ? -1 : s->node[m].card;
}

/* Position bonus (INWO-5.11.3): +10 under an Illuminati, +5 one below. */
int inwo_position(const inwo_content *c, const inwo_state *s, int t)
{
    int m = master_card(s, t);
    if (m < 0)
        return 0;
    if (is_illuminati(c, m))
        return 10;
    int mm = master_card(s, m);
    return mm >= 0 && is_illuminati(c, mm) ? 5 : 0;
}

/* --- passive ops reaching a group: immunity, bonuses -------------------------------------- */

/* Whether the passive op `op` of source card reaches group t (scopes of
 * INWO-2.10.2), the source active (in play, not paralyzed; a Resource by
 * an active link to a group not paralyzed). */
static int op_reaches(const inwo_state *s, int source, const inwo_op *op, int t)
{
    const inwo_card *v = &s->card[source];
    if (v->zone == Z_STRUCTURE) {
        if (inwo_paralyzed(s, source))
            return 0;
        return op->scope == SC_SELF
                   ? source == t
                   : op->scope == SC_OWNER_STRUCTURE && v->holder == s->card[t].holder;
    }
    if (v->zone != Z_RESOURCE)
        return 0;
    int k = inwo_link_of(s, source);
    if (k < 0 || !inwo_link_active(&s->link[k]) || inwo_paralyzed(s, s->link[k].b))
        return 0;
    return op->scope == SC_LINKED
               ? s->link[k].b == t
               : op->scope == SC_OWNER_STRUCTURE && v->holder == s->card[t].holder;
}

/* INWO-5.16.3: with a Secret group in the attack, only Secret groups' and
 * Illuminati's bonuses and immunities count (and Resources linked to them). */
static int counts_with_secret(const inwo_content *c, const inwo_state *s, int source)
{
    int g = source;
    if (s->card[source].zone == Z_RESOURCE) {
        int k = inwo_link_of(s, source);
        g = k >= 0 ? s->link[k].b : inwo_illuminati(s, s->card[source].holder);
    }
    return is_illuminati(c, g) || secret(c, s, g);
}

/* The cards that can carry an op reaching t: in play in t's structure or
 * among its controller's Resources. */
static int near(const inwo_state *s, int i, int t)
{
    return (s->card[i].zone == Z_STRUCTURE || s->card[i].zone == Z_RESOURCE) &&
           s->card[i].holder == s->card[t].holder;
}

/* INWO-5.15: t is immune to group x (never within one controller, 5.15.4). */
static int immune(const inwo_content *c, const inwo_state *s, int t, int x, int secret_attack)
{
    if (s->card[t].zone != Z_STRUCTURE || s->card[t].holder == s->card[x].holder)
        return 0;
    int n;
    const uint16_t *src = inwo_op_sources(c, OP_IMMUNE, &n);
    for (int j = 0; j < n; j++) {
        int i = src[j];
        if (!near(s, i, t))
            continue;
        const inwo_def *d = inwo_def_of(c, i);
        for (int k = 0; k < d->nability; k++)
            if (d->ability[k].op == OP_IMMUNE && op_reaches(s, i, &d->ability[k], t) &&
                (!secret_attack || counts_with_secret(c, s, i)) &&
                inwo_match(c, s, d->ability[k].filter, x, s->card[i].holder))
                return 1;
    }
    return 0;
}

/* INWO-5.20.5: x carries an ATTACK_BONUS naming t's card_id. */
static int names(const inwo_content *c, int x, int t)
{
    if (!inwo_has_op(c, x, OP_ATTACK_BONUS))
        return 0;
    const inwo_def *d = inwo_def_of(c, x);
    int def = c->deck[inwo_owner(t)].def[t % INWO_DECK_CARDS];
    for (int k = 0; k < d->nability; k++)
        if (d->ability[k].op == OP_ATTACK_BONUS && d->ability[k].names_card == def)
            return 1;
    return 0;
}

/* INWO-5.17.3: only a modifier that names Instant Attacks applies to one. */
static int kind_fits(int sel, int kind)
{
    return sel == kind || (sel == ATK_ANY && kind != ATK_INSTANT);
}

/* INWO-5.11.4: X's direct bonuses, any-attempt bonuses of the attacker's
 * cards; one card gives only its larger. */
static int attack_bonus(const inwo_content *c, const inwo_state *s, int x, int kind, int t,
                        int secret_attack)
{
    int seat = s->card[x].holder, sum = 0, n;
    const uint16_t *src = inwo_op_sources(c, OP_ATTACK_BONUS, &n);
    for (int j = 0; j < n; j++) {
        int i = src[j];
        const inwo_card *v = &s->card[i];
        if ((v->zone != Z_STRUCTURE && v->zone != Z_RESOURCE) || v->holder != seat ||
            (v->zone == Z_STRUCTURE && inwo_paralyzed(s, i)) ||
            (secret_attack && !counts_with_secret(c, s, i)))
            continue;
        const inwo_def *d = inwo_def_of(c, i);
        int best = 0, any = 0;
        for (int k = 0; k < d->nability; k++) {
            const inwo_op *op = &d->ability[k];
            if (op->op != OP_ATTACK_BONUS || !kind_fits(op->sel, kind) ||
                (op->mode == BONUS_DIRECT && i != x) || !inwo_match(c, s, op->filter, t, seat))
                continue;
            best = any && best > op->value ? best : op->value;
            any = 1;
        }
        sum += best;
    }
    return sum;
}

/* DEFENSE_BONUS reaching t against this kind of attack. */
static int defense_bonus(const inwo_content *c, const inwo_state *s, int t, int kind,
                         int secret_attack)
{
    int sum = 0, n;
    const uint16_t *src = inwo_op_sources(c, OP_DEFENSE_BONUS, &n);
    for (int j = 0; j < n; j++) {
        int i = src[j];
        if (!near(s, i, t) || (secret_attack && !counts_with_secret(c, s, i)))
            continue;
        const inwo_def *d = inwo_def_of(c, i);
        for (int k = 0; k < d->nability; k++)
            if (d->ability[k].op == OP_DEFENSE_BONUS && kind_fits(d->ability[k].sel, kind) &&
                op_reaches(s, i, &d->ability[k], t))
                sum += d->ability[k].value;
    }
    return sum;
}

static int undestroyable(const inwo_content *c, int t)
{
    if (!inwo_has_op(c, t, OP_UNDESTROYABLE))
        return 0;
    const inwo_def *d = inwo_def_of(c, t);
    for (int k = 0; k < d->nability; k++)
        if (d->ability[k].op == OP_UNDESTROYABLE)
            return 1;
    return 0;
}

int inwo_defense_bonus(const tt_game *g, const inwo_state *s, int t, int kind)
{
    const inwo_content *c = content_of(g);
    return defense_bonus(c, s, t, kind, secret(c, s, t));
}

/* INWO-5.15.1, 5.16.1: whether group gr may side with an attack on t (aid,
 * or help an Instant Attack); a refusal when not. */
int inwo_aid_barred(const tt_game *g, const inwo_state *s, int t, int gr, tt_error *err)
{
    const inwo_content *c = content_of(g);
    if (secret(c, s, t) && !is_illuminati(c, gr) && !secret(c, s, gr))
        return TT_REFUSE("INWO-5.16.1", NULL, "only Illuminati and Secret groups take part here");
    if (immune(c, s, t, gr, secret(c, s, t)))
        return TT_REFUSE("INWO-5.15.1", NULL, "%s is immune to %s", inwo_def_of(c, t)->id,
                         inwo_def_of(c, gr)->id);
    return TT_OK;
}

int inwo_undestroyable(const tt_game *g, int t)
{
    return undestroyable(content_of(g), t);
}

/* INWO-5.15.1, 5.16.1–5.16.2: an ability of source cannot affect group t
 * (immune to it, or Secret against it). A Resource acts as the group it
 * is linked to (INWO-5.8.3, 5.16.2 (b)). */
int inwo_ability_barred(const tt_game *g, const inwo_state *s, int source, int t)
{
    const inwo_content *c = content_of(g);
    int x = source;
    if (s->card[source].zone == Z_RESOURCE) {
        int k = inwo_link_of(s, source);
        x = k >= 0 ? s->link[k].b : inwo_illuminati(s, s->card[source].holder);
    }
    if (s->card[t].zone != Z_STRUCTURE || s->card[x].zone != Z_STRUCTURE)
        return 0;
    int near_t = master_card(s, t) == x || master_card(s, x) == t;
    if (secret(c, s, t) && !is_illuminati(c, x) && !secret(c, s, x) && !near_t)
        return 1;
    return !names(c, x, t) && immune(c, s, t, x, secret(c, s, t) || secret(c, s, x));
}

/* --- the declaration ---------------------------------------------------------------------- */

int inwo_subtree_size(const inwo_state *s, int node)
{
    int n = 1;
    for (int k = 0; k < s->nodes_end; k++)
        if (s->node[k].card != INWO_NONE && s->node[k].master == node)
            n += inwo_subtree_size(s, k);
    return n;
}

static int any_open(const inwo_content *c, const inwo_state *s, int x)
{
    for (int side = 0; side < 4; side++)
        if (inwo_arrow_open(c, s, s->card[x].u.p.node, side))
            return 1;
    return 0;
}

static int chk_attacker(const tt_game *g, const inwo_state *s, int x, tt_error *err)
{
    const inwo_content *c = content_of(g);
    if (x >= ncards(s) || s->card[x].zone != Z_STRUCTURE || s->card[x].holder != s->active)
        return TT_REFUSE("INWO-5.9.1", NULL, "the attacker is a group of your structure");
    if (!inwo_can_spend(s, s->active, x))
        return TT_REFUSE("INWO-5.9.1", NULL, "%s cannot spend a token", inwo_def_of(c, x)->id);
    if (inwo_frozen(c, s, x))
        return TT_REFUSE("INWO-5.18.2", NULL, "%s is frozen this turn", inwo_def_of(c, x)->id);
    return TT_OK;
}

/* open: whether X has an open arrow (any_open), known to the caller */
static int chk_control(const tt_game *g, const inwo_state *s, int x, int t, int open, tt_error *err)
{
    const inwo_content *c = content_of(g);
    const inwo_card *v = &s->card[t];
    int p = s->active;
    if (!open)
        return TT_REFUSE("INWO-5.11.1", NULL, "%s has no open arrow", inwo_def_of(c, x)->id);
    if (v->zone == Z_HAND || v->zone == Z_PENDING) { /* again from pending (INWO-5.11.7) */
        if (v->holder != p || inwo_def_of(c, t)->kind != INWO_GROUP)
            return TT_REFUSE("INWO-5.11.1", NULL, "a target from hand is a Group of your hand");
        if (!inwo_copy_free(c, s, t))
            return TT_REFUSE("INWO-10.1.1", NULL, "%s is in play or was destroyed",
                             inwo_def_of(c, t)->id);
        if (inwo_structure_size(s, p) >= INWO_STRUCT_MAX || s->nnodes >= INWO_NODES_MAX)
            return TT_REFUSE("INWO-2.15.2", NULL, "no room for the capture");
        return TT_OK;
    }
    if (v->holder == p)
        return TT_REFUSE("INWO-5.11.1", NULL, "a group of your own structure is not a target");
    /* p's structure and the subtree are disjoint: under the cap when all
     * structures together are */
    if (s->nnodes > INWO_STRUCT_MAX &&
        inwo_structure_size(s, p) + inwo_subtree_size(s, v->u.p.node) > INWO_STRUCT_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "the capture would put your structure past 40 cards");
    return TT_OK;
}

/* The checks on the target, once X passed chk_attacker with a valid kind;
 * open as for chk_control. */
static int chk_target(const tt_game *g, const inwo_state *s, int x, int kind, int t, int open,
                      tt_error *err)
{
    const inwo_content *c = content_of(g);
    int rc;
    if (t >= ncards(s) || (s->card[t].zone != Z_STRUCTURE && s->card[t].zone != Z_HAND &&
                           s->card[t].zone != Z_PENDING))
        return TT_REFUSE("INWO-5.9.2", NULL, "the target is a group in play");
    if (t == x)
        return TT_REFUSE("INWO-5.12.5", NULL, "a group never attacks itself");
    if (is_illuminati(c, t) || inwo_def_of(c, t)->kind != INWO_GROUP)
        return TT_REFUSE("INWO-2.4.2", NULL, "only a Group can be attacked");
    int rival = s->card[t].zone == Z_STRUCTURE ? s->card[t].holder : s->active;
    if (rival != s->active && s->pl[rival].protected_)
        return TT_REFUSE("INWO-4.8.1", NULL, "%c has not completed his first turn", 'A' + rival);
    if (rival != s->active && c->opt.two_player_rules &&
        (s->pl[0].completed == 0 || s->pl[1].completed == 0))
        return TT_REFUSE("INWO-4.8.3", NULL, "no attack on a rival before both completed a turn");
    if (kind == ATK_CONTROL) {
        rc = chk_control(g, s, x, t, open, err);
        if (rc)
            return rc;
    } else if (s->card[t].zone != Z_STRUCTURE) {
        return TT_REFUSE("INWO-5.12.1", NULL, "an attack to destroy targets a group in play");
    } else if (undestroyable(c, t) && !names(c, x, t)) {
        return TT_REFUSE("INWO-5.12.1", NULL, "%s cannot be destroyed", inwo_def_of(c, t)->id);
    }
    if (secret(c, s, t) && !is_illuminati(c, x) && !secret(c, s, x))
        return TT_REFUSE("INWO-5.16.1", NULL, "only Illuminati and Secret groups attack %s",
                         inwo_def_of(c, t)->id);
    if (!names(c, x, t) && immune(c, s, t, x, secret(c, s, t) || secret(c, s, x)))
        return TT_REFUSE("INWO-5.15.1", NULL, "%s is immune to %s", inwo_def_of(c, t)->id,
                         inwo_def_of(c, x)->id);
    return TT_OK;
}

int inwo_attack_check(const tt_game *g, const inwo_state *s, int x, int kind, int t, tt_error *err)
{
    int rc = chk_attacker(g, s, x, err);
    if (rc)
        return rc;
    if (kind != ATK_CONTROL && kind != ATK_DESTROY)
        return TT_REFUSE("INWO-5.9.2", NULL, "the kind is control or destroy");
    return chk_target(g, s, x, kind, t, kind != ATK_CONTROL || any_open(content_of(g), s, x), err);
}

static int add(const tt_game *g, const inwo_state *s, tt_action a, tt_action *out, int n, int ok)
{
    (void)g, (void)s;
    if (!ok)
        return n;
    if (out)
        out[n] = a;
    return n + 1;
}

/* Whether the attack X/kind has a target; with out, lists them. */
/* The targets X may attack with kind, listed until there are `limit`: a
 * caller asking whether any (or more than one) exists stops there. */
static int targets(const tt_game *g, const inwo_state *s, int x, int kind, tt_action *out, int n,
                   int limit)
{
    /* what depends on X alone is checked once, not per target */
    if (chk_attacker(g, s, x, NULL) || (kind != ATK_CONTROL && kind != ATK_DESTROY))
        return n;
    if (kind == ATK_CONTROL && !any_open(content_of(g), s, x))
        return n; /* INWO-5.11.1: every target would be refused */
    for (int t = 0; t < ncards(s); t++) {
        int z = s->card[t].zone;
        if ((z != Z_STRUCTURE && z != Z_HAND && z != Z_PENDING) ||
            chk_target(g, s, x, kind, t, 1, NULL))
            continue;
        n = add(g, s, INWO_A(H_TARGET, t), out, n, 1);
        if (n >= limit)
            return n;
    }
    return n;
}

static int declarable(const tt_game *g, const inwo_state *s, int x)
{
    if (chk_attacker(g, s, x, NULL))
        return 0;
    return targets(g, s, x, ATK_CONTROL, NULL, 0, 1) || targets(g, s, x, ATK_DESTROY, NULL, 0, 1);
}

static int main_open(const inwo_state *s)
{
    return !s->decl.head && !s->nrounds && s->step == PT_MAIN && s->point == PT_MAIN;
}

int inwo_attack_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n, int limit)
{
    if (s->decl.head == H_ATTACK) {
        int x = s->decl.ans[0];
        if (s->decl.nans == 1) {
            for (int kind = ATK_CONTROL; kind <= ATK_DESTROY; kind++)
                n = add(g, s, INWO_A(H_KIND, kind), out, n, targets(g, s, x, kind, NULL, 0, 1) > 0);
            return n;
        }
        if (s->decl.nans == 3) /* privilege <card>|none (INWO-5.14.1) */
            return inwo_instant_legal(g, s, out, n);
        return targets(g, s, x, s->decl.ans[1], out, n, limit);
    }
    if (!main_open(s))
        return n;
    for (int k = 0; k < s->nodes_end; k++) {
        int x = s->node[k].card;
        if (x != INWO_NONE && INWO_SEAT(s->node[k].geo) == s->active && declarable(g, s, x))
            n = add(g, s, INWO_A(H_ATTACK, x), out, n, 1);
    }
    return n;
}

void inwo_attack_announce(const tt_game *g, inwo_state *s, tt_events *ev)
{
    (void)g;
    int x = s->decl.ans[0], kind = s->decl.ans[1], t = s->decl.ans[2];
    int priv = s->decl.nans == 4 ? s->decl.ans[3] : INWO_NONE;
    memset(&s->decl, 0, sizeof s->decl);
    if (s->card[t].zone == Z_HAND) { /* INWO-5.9.2, 7.5: revealed, pending */
        inwo_lift(s, t);
        inwo_put(s, t, Z_PENDING, s->active);
        s->card[t].flags |= INWO_F_WAS_PUBLIC;
    }
    int k = s->nitems++;
    s->item[k] = (inwo_item){H_ATTACK, s->active,     (uint16_t)x,   (uint16_t)t,
                             0xFF,     (uint8_t)kind, ++s->announced};
    s->roll = 0;
    tt_emit(ev, INWO_EV_ANNOUNCE, s->active, TT_SEEN_ALL, s->item[k].num, x, H_ATTACK, t);
    s->pl[s->active].attacks[kind][0]++;
    if (priv != INWO_NONE)
        inwo_privilege_announce(g, s, k, priv, ev);
    inwo_open_round(s, inwo_next_seat(s, s->active), k); /* INWO-4.6.3 */
}

/* --- contributions (INWO-5.10) -------------------------------------------------------------- */

/* The attack whose round is polling, or -1. */
int inwo_current_attack(const inwo_state *s)
{
    if (!s->nrounds)
        return -1;
    int id = s->rounds[s->nrounds - 1].id;
    return id < OR_UPKEEP && s->item[id].kind == H_ATTACK && !s->roll ? id : -1;
}

static int contributed(const inwo_state *s, int root, int card)
{
    for (int k = root + 1; k < s->nitems; k++)
        if (s->item[k].parent == root && s->item[k].card == card &&
            (s->item[k].kind == H_AID || s->item[k].kind == H_OPPOSE) &&
            !(s->item[k].who & INWO_I_ILLEGAL))
            return s->item[k].kind;
    return 0;
}

static int is_puppet_of(const inwo_state *s, int g, int t)
{
    return master_card(s, g) == t;
}

/* The stat group gr contributes (aid or oppose) to attack k with, by
 * INWO-5.10.2, and its context (5.10.4) into *ctx; -1 when it is not
 * eligible. Eligibility needs no value: an effective value is never
 * negative (INWO-2.14.2 step 5). */
static int contrib_stat(const inwo_content *c, const inwo_state *s, int k, int head, int gr,
                        int *ctx)
{
    const inwo_item *a = &s->item[k];
    int t = a->target, kind = a->arg;
    unsigned ga = inwo_align_of(c, s, gr, 0), ta = inwo_align_of(c, s, t, 0);
    int by_power;
    if (head == H_AID)
        by_power = kind == ATK_CONTROL ? n_ident(ga, ta) > 0 : n_opp(ga, ta) > 0;
    else
        by_power = n_ident(ga, ta) > 0 || master_card(s, t) == gr || is_puppet_of(s, gr, t);
    int defender = s->card[t].zone == Z_STRUCTURE ? s->card[t].holder : -1;
    *ctx = head == H_AID ? CX_ATTACK : s->card[gr].holder == defender ? CX_DEFENSE : CX_BASE;
    if (kind == ATK_DESTROY && head == H_OPPOSE && *ctx == CX_DEFENSE)
        *ctx |= 0; /* Devastation halves only the target's own Power */
    if (is_illuminati(c, gr) && !(head == H_OPPOSE && master_card(s, t) == gr))
        by_power = 0; /* INWO-5.10.3: through Global, which equals its Power */
    if (by_power)
        return STAT_POWER;
    return inwo_def_of(c, gr)->global == 0 ? -1 : STAT_GLOBAL;
}

/* The value of group gr's contribution to attack k; -1 when it is not
 * eligible. */
static int contrib_value(const inwo_content *c, const inwo_state *s, int k, int head, int gr)
{
    int ctx, stat = contrib_stat(c, s, k, head, gr, &ctx);
    return stat < 0 ? -1 : inwo_value(c, s, gr, stat, ctx);
}

static int chk_contrib_group(const tt_game *g, const inwo_state *s, int k, int head, int gr,
                             tt_error *err)
{
    const inwo_content *c = content_of(g);
    const inwo_item *a = &s->item[k];
    int p = s->to_move, x = a->card, t = a->target;
    const char *rule = "INWO-5.10.2";
    if (gr >= ncards(s) || !inwo_can_spend(s, p, gr) || inwo_def_of(c, gr)->kind == INWO_RESOURCE)
        return TT_REFUSE("INWO-5.10.1", NULL, "a group of yours with a token contributes");
    if (gr == x || gr == t)
        return TT_REFUSE("INWO-5.9.6", NULL, "the attacker and the target do not aid or oppose");
    if (contributed(s, k, gr))
        return TT_REFUSE("INWO-5.9.6", NULL, "%s spent a token in this attack already",
                         inwo_def_of(c, gr)->id);
    if (inwo_frozen(c, s, gr))
        return TT_REFUSE("INWO-5.18.2", NULL, "%s is frozen this turn", inwo_def_of(c, gr)->id);
    int sec_t = secret(c, s, t), sec_x = secret(c, s, x);
    int exempt = master_card(s, t) == gr || is_puppet_of(s, gr, t);
    if (((sec_t && !(head == H_OPPOSE && exempt)) || (head == H_AID && sec_x)) &&
        !is_illuminati(c, gr) && !secret(c, s, gr))
        return TT_REFUSE("INWO-5.16.1", NULL, "only Illuminati and Secret groups take part here");
    if (head == H_AID && immune(c, s, t, gr, sec_t || sec_x))
        return TT_REFUSE("INWO-5.15.1", NULL, "%s is immune to %s", inwo_def_of(c, t)->id,
                         inwo_def_of(c, gr)->id);
    int ctx;
    if (contrib_stat(c, s, k, head, gr, &ctx) < 0)
        return TT_REFUSE(rule, NULL, "%s shares no alignment that counts and has no Global Power",
                         inwo_def_of(c, gr)->id);
    return TT_OK;
}

int inwo_contrib_check(const tt_game *g, const inwo_state *s, int head, int card, tt_error *err)
{
    int k = inwo_current_attack(s);
    if (!s->decl.head && inwo_current_contest(s) >= 0 && k < 0)
        return TT_REFUSE("INWO-5.17.4", NULL,
                         "only the helpers spend tokens for an Instant Attack");
    if (s->decl.head || k < 0)
        return TT_REFUSE("INWO-5.9.4", NULL, "no attack is in its round");
    const inwo_item *a = &s->item[k];
    int p = s->to_move, attacker = a->who & 7;
    if (s->pl[attacker].protected_ && p != attacker && p != s->card[a->target].holder)
        return TT_REFUSE("INWO-4.8.1", NULL, "%c has not completed his first turn", 'A' + attacker);
    if (inwo_privilege_bars(s, p))
        return TT_REFUSE("INWO-5.14.2", NULL, "only the attacker and the defender take part");
    if (head == H_CALL_OFF) {
        if (p != attacker || (a->who & INWO_I_COMMITTED))
            return TT_REFUSE("INWO-5.9.3", NULL, "only an uncommitted attack is called off");
        return TT_OK;
    }
    if (head == H_DEFEND) {
        int t = a->target;
        if (s->card[t].zone != Z_STRUCTURE || s->card[t].holder != p || !inwo_can_spend(s, p, t))
            return TT_REFUSE("INWO-5.9.6", NULL, "the target's controller spends its tokens");
        return TT_OK;
    }
    return chk_contrib_group(g, s, k, head, card, err);
}

void inwo_contrib_apply(const tt_game *g, inwo_state *s, int head, int card, tt_events *ev)
{
    int k = inwo_current_attack(s), p = s->to_move;
    inwo_item *a = &s->item[k];
    if (head == H_CALL_OFF) { /* INWO-5.9.3: everything undone */
        for (int j = k + 1; j < s->nitems; j++)
            if (s->item[j].kind == INWO_K_PRIV) /* the ability's use does not count */
                inwo_privilege_undo(g, s, j);
            else if (inwo_plot_item(s->item[j].kind))
                plot_to(s, s->item[j].card, Z_HAND, s->item[j].who & 7, s->item[j].arg & 8);
            else if (s->item[j].kind == H_AGENTS)
                plot_to(s, s->item[j].card, Z_HAND, s->item[j].who & 7, 0);
            else if (s->item[j].kind == H_USE)
                continue; /* its source's token comes back with its `pay` item */
            else
                s->card[s->item[j].card].u.p.tokens++;
        if (s->card[a->target].zone == Z_PENDING) {
            inwo_lift(s, a->target);
            inwo_put(s, a->target, Z_HAND, p);
        }
        s->pl[p].attacks[a->arg][0]--;
        tt_emit(ev, INWO_EV_ATTACK, p, TT_SEEN_ALL, a->num, 3, 0, 0);
        s->nitems = (uint8_t)k;
        s->announced--;
        tt_round_pop(&s->nrounds);
        return;
    }
    int gr = head == H_DEFEND ? a->target : card;
    s->card[gr].u.p.tokens--;
    commit(s, k, p);
    int j = s->nitems++;
    s->item[j] = (inwo_item){(uint8_t)head, (uint8_t)p, (uint16_t)gr,  a->target,
                             (uint8_t)k,    0,          ++s->announced};
    tt_emit(ev, INWO_EV_ANNOUNCE, p, TT_SEEN_ALL, s->item[j].num, gr, head, 0);
    tt_round_play(&s->rounds[s->nrounds - 1]); /* INWO-4.6.3: polling restarts */
}

/* --- +10 Plots in an attack (INWO-5.18.1, BOOST) ------------------------------------------ */

/* A +10 Plot's BOOST, or a card's BOOST ability (Veteran Mercenaries). */
static const inwo_op *boost_op(const inwo_content *c, int card)
{
    const inwo_def *d = inwo_def_of(c, card);
    if (d->kind != INWO_PLOT)
        return d->nability && d->ability[0].op == OP_BOOST ? &d->ability[0] : NULL;
    return d->timing == TM_ATTACK && d->nability && d->ability[0].op == OP_BOOST ? &d->ability[0]
                                                                                 : NULL;
}

/* An item that carries a BOOST: a +10 Plot (H_PLAY) or a BOOST ability (H_USE). */
static int boost_item(const inwo_content *c, const inwo_item *it)
{
    return (it->kind == H_PLAY || (it->kind == H_USE && boost_op(c, it->card))) &&
           !(it->who & (INWO_I_CANCELED | INWO_I_ILLEGAL));
}

static int def_id(const inwo_content *c, int card)
{
    return c->deck[inwo_owner(card)].def[card % INWO_DECK_CARDS];
}

/* The standing contribution of group gr to attack k (aid or oppose), or 0. */
static int standing(const inwo_state *s, int k, int gr)
{
    for (int j = k + 1; j < s->nitems; j++)
        if (s->item[j].parent == k && s->item[j].card == gr &&
            (s->item[j].kind == H_AID || s->item[j].kind == H_OPPOSE) &&
            !(s->item[j].who & (INWO_I_CANCELED | INWO_I_ILLEGAL)))
            return s->item[j].kind;
    return 0;
}

/* Whether seat p has a copy of plot standing in attack k (INWO-5.9.6 (c)). */
static int copy_used(const inwo_content *c, const inwo_state *s, int k, int plot, int p)
{
    for (int j = k + 1; j < s->nitems; j++)
        if (s->item[j].parent == k && boost_item(c, &s->item[j]) && (s->item[j].who & 7) == p &&
            def_id(c, s->item[j].card) == def_id(c, plot))
            return 1;
    return 0;
}

/* Whether plot may boost group gr for `use` in attack k, played by seat p
 * (INWO-5.18.1, 5.9.6 (d)); one copy per player, 5.9.6 (c): boost_playable. */
static int boost_fits(const inwo_content *c, const inwo_state *s, int k, int plot, int gr, int use,
                      int p)
{
    const inwo_op *op = boost_op(c, plot);
    const inwo_item *a = &s->item[k];
    if (!op || !(op->mask & use) || gr >= ncards(s) || s->card[gr].zone != Z_STRUCTURE ||
        !inwo_match(c, s, op->filter, gr, p))
        return 0;
    if (a->kind == INWO_K_INSTANT && (use != USE_ACTION || (a->who & 7) != p))
        return 0; /* INWO-5.17.4: the launcher's BOOSTs on helpers' actions */
    if (use == USE_DEFENSE      ? gr != a->target
        : use == USE_OWN_ATTACK ? gr != a->card || (a->who & 7) != p
                                : gr != a->card && !standing(s, k, gr))
        return 0;
    for (int j = k + 1; j < s->nitems; j++) {
        const inwo_item *it = &s->item[j];
        if (it->parent == k && boost_item(c, it) && def_id(c, it->card) == def_id(c, plot) &&
            it->target == gr && (it->arg & 7) == use)
            return 0; /* once per action or defense */
    }
    return 1;
}

static int boost_any(const inwo_content *c, const inwo_state *s, int k, int plot, int gr, int p)
{
    for (int use = USE_ACTION; use <= USE_OWN_ATTACK; use <<= 1)
        if (boost_fits(c, s, k, plot, gr, use, p))
            return 1;
    return 0;
}

/* The groups a BOOST can name in attack k: X, T, the contributors. */
static int boost_groups(const inwo_state *s, int k, uint16_t *out)
{
    int n = 0;
    out[n++] = s->item[k].card;
    if (s->card[s->item[k].target].zone == Z_STRUCTURE)
        out[n++] = s->item[k].target;
    for (int j = k + 1; j < s->nitems && n < 64; j++)
        if (s->item[j].parent == k && (s->item[j].kind == H_AID || s->item[j].kind == H_OPPOSE) &&
            !(s->item[j].who & INWO_I_ILLEGAL)) /* an illegal one may contribute again */
            out[n++] = s->item[j].card;
    return n;
}

/* Whether plot may boost some group of attack k: one copy per player and
 * attack, checked once here for the questions that follow (boost_fits). */
static int boost_playable(const inwo_content *c, const inwo_state *s, int k, int plot, int p)
{
    if (copy_used(c, s, k, plot, p))
        return 0;
    uint16_t gs[64];
    int ng = boost_groups(s, k, gs);
    for (int i = 0; i < ng; i++)
        if (boost_any(c, s, k, plot, gs[i], p))
            return 1;
    return 0;
}

/* `use <card>` of a BOOST ability in attack k; the card's other checks
 * (control, paralysis, its limit) are the caller's (plays.c). */
static int boost_use_check(const inwo_content *c, const inwo_state *s, int k, int card, int p,
                           tt_error *err)
{
    if (s->decl.head || k < 0)
        return TT_REFUSE("INWO-5.18.1", NULL, "%s is used during an attack",
                         inwo_def_of(c, card)->id);
    if (inwo_privilege_bars(s, p))
        return TT_REFUSE("INWO-5.14.2", NULL, "only the attacker and the defender play here");
    if (!s->card[card].u.p.tokens)
        return TT_REFUSE("INWO-2.10.3", NULL, "its cost cannot be paid");
    if (s->nitems + 2 > INWO_ITEMS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
    if (!boost_playable(c, s, k, card, p))
        return TT_REFUSE("INWO-5.9.6", NULL, "no group of this attack it may boost");
    return TT_OK;
}

int inwo_boost_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err)
{
    const inwo_content *c = content_of(g);
    int head = INWO_HEAD(a), arg = INWO_ARG(a), p = s->to_move;
    int k = s->decl.head == H_PLAY || s->decl.head == H_USE ? s->decl.ans[INWO_DECL_ROOT]
                                                            : inwo_current_contest(s);
    if (head == H_USE) /* INWO-5.18.1 through an ability: its source spends a token */
        return boost_use_check(c, s, k, arg, p, err);
    if (head == H_PLAY) {
        if (s->decl.head || k < 0)
            return TT_REFUSE("INWO-5.18.1", NULL, "a +10 Plot is played during an attack");
        if (inwo_privilege_bars(s, p))
            return TT_REFUSE("INWO-5.14.2", NULL, "only the attacker and the defender play here");
        if (arg >= ncards(s) || s->card[arg].zone != Z_HAND || s->card[arg].holder != p ||
            !boost_op(c, arg))
            return TT_REFUSE("INWO-5.7.1", NULL, "play a Plot of your hand that fits an attack");
        if (s->nitems >= INWO_ITEMS_MAX)
            return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
        if (copy_used(c, s, k, arg, p))
            return TT_REFUSE("INWO-5.9.6", NULL, "you have played %s in this attack already",
                             inwo_def_of(c, arg)->id);
        if (!boost_playable(c, s, k, arg, p))
            return TT_REFUSE("INWO-5.9.6", NULL, "no group of this attack it may boost");
        return TT_OK;
    }
    if ((s->decl.head != H_PLAY && s->decl.head != H_USE) ||
        s->decl.nans != (head == H_TARGET ? 1 : 2))
        return TT_REFUSE("INWO-5.0.4", NULL, "no Plot is being played");
    int plot = s->decl.ans[0];
    if (head == H_TARGET)
        return boost_any(c, s, k, plot, arg, p)
                   ? TT_OK
                   : TT_REFUSE("INWO-5.18.1", NULL, "that group is not one it may boost");
    return boost_fits(c, s, k, plot, s->decl.ans[1], arg, p)
               ? TT_OK
               : TT_REFUSE("INWO-5.18.1", NULL, "the card does not allow that use here");
}

static int add_checked(const tt_game *g, const inwo_state *s, tt_action a, tt_action *out, int n)
{
    return add(g, s, a, out, n, inwo_boost_check(g, s, a, NULL) == TT_OK);
}

int inwo_boost_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n)
{
    if (s->decl.nans == 1) {
        uint16_t gs[64];
        int ng = boost_groups(s, s->decl.ans[INWO_DECL_ROOT], gs);
        for (int i = 0; i < ng; i++)
            n = add_checked(g, s, INWO_A(H_TARGET, gs[i]), out, n);
    } else {
        for (int use = USE_ACTION; use <= USE_OWN_ATTACK; use <<= 1)
            n = add_checked(g, s, INWO_A(H_FOR, use), out, n);
    }
    return n;
}

void inwo_boost_announce(const tt_game *g, inwo_state *s, tt_events *ev)
{
    (void)g;
    int plot = s->decl.ans[0], gr = s->decl.ans[1], use = s->decl.ans[2],
        k = s->decl.ans[INWO_DECL_ROOT];
    int p = s->decl.player, kind = s->decl.head;
    memset(&s->decl, 0, sizeof s->decl);
    int exposed = 0;
    if (kind == H_USE)
        commit(s, k, p); /* the card stays where it is; its cost is paid next */
    else
        exposed = inwo_plot_to_attack(s, plot, p, k);
    int j = s->nitems++;
    s->item[j] = (inwo_item){(uint8_t)kind, (uint8_t)p, (uint16_t)plot,
                             (uint16_t)gr,  (uint8_t)k, (uint8_t)(use | exposed),
                             ++s->announced};
    tt_emit(ev, INWO_EV_ANNOUNCE, p, TT_SEEN_ALL, s->item[j].num, plot, kind, gr);
    tt_round_play(&s->rounds[s->nrounds - 1]);
}

/* INWO-5.9.3: the attacker commits attack k by spending a token or playing
 * a Plot in it; X's token goes too. */
static void commit(inwo_state *s, int k, int p)
{
    inwo_item *a = &s->item[k];
    if (a->kind == H_ATTACK && p == (a->who & 7) && !(a->who & INWO_I_COMMITTED)) {
        a->who |= INWO_I_COMMITTED;
        if (s->card[a->card].u.p.tokens)
            s->card[a->card].u.p.tokens--;
    }
}

int inwo_plot_to_attack(inwo_state *s, int plot, int p, int k)
{
    int exposed = (s->card[plot].flags & INWO_F_EXPOSED) ? 8 : 0; /* for a call-off */
    inwo_lift(s, plot);
    s->card[plot].flags &= (uint8_t)~INWO_F_EXPOSED;
    inwo_put(s, plot, Z_TABLE, p);
    commit(s, k, p);
    return exposed;
}

/* Where a Plot of the attack goes when the attack is over or undone. */
static void plot_to(inwo_state *s, int plot, int zone, int seat, int exposed)
{
    inwo_lift(s, plot);
    inwo_put(s, plot, zone, seat);
    if (exposed)
        s->card[plot].flags |= INWO_F_EXPOSED;
}

/* INWO-5.9.10: attack Plots discarded, defense BOOSTs kept to the turn's end. */
void inwo_wrap_plots(inwo_state *s, int k)
{
    for (int j = k + 1; j < s->nitems; j++) {
        const inwo_item *it = &s->item[j];
        if ((!inwo_plot_item(it->kind) && it->kind != H_AGENTS) ||
            s->card[it->card].zone != Z_TABLE)
            continue; /* an agents card too is discarded, whatever the result (INWO-5.13.1) */
        if (it->kind == H_PLAY && (it->arg & 7) == USE_DEFENSE &&
            !(it->who & (INWO_I_CANCELED | INWO_I_ILLEGAL)) && s->ntemps < INWO_TEMPS_MAX)
            s->temp[s->ntemps++] = (inwo_temp){it->card, it->target, 0, USE_DEFENSE};
        else
            plot_to(s, it->card, Z_DISCARD, inwo_owner(it->card), 0);
    }
}

void inwo_boosts_expire(inwo_state *s)
{
    for (int k = 0; k < s->ntemps; k++)
        if (s->card[s->temp[k].source].zone == Z_TABLE)
            plot_to(s, s->temp[k].source, Z_DISCARD, inwo_owner(s->temp[k].source), 0);
}

/* The BOOSTs standing on attack k, added to A and D (INWO-2.14.4: on the
 * action, in step 4), and defense BOOSTs of earlier attacks on T. */
static void boosts(const inwo_content *c, const inwo_state *s, int k, int *A, int *D)
{
    const inwo_item *a = &s->item[k];
    for (int j = k + 1; j < s->nitems; j++) {
        const inwo_item *it = &s->item[j];
        if (it->parent != k || !boost_item(c, it))
            continue;
        int v = boost_op(c, it->card) ? boost_op(c, it->card)->value : 0;
        int use = it->arg & 7, on = standing(s, k, it->target);
        if (use == USE_DEFENSE)
            *D += v;
        else if (it->target == a->card || on == H_AID)
            *A += v;
        else if (on == H_OPPOSE)
            *D += v;
    }
    for (int t = 0; t < s->ntemps; t++)
        if (s->temp[t].arg == USE_DEFENSE && s->temp[t].target == a->target &&
            boost_op(c, s->temp[t].source))
            *D += boost_op(c, s->temp[t].source)->value;
}

/* --- strength (INWO-5.11.3, 5.12.3) ---------------------------------------------------------- */

int inwo_strength(const tt_game *g, const inwo_state *s, int k)
{
    const inwo_content *c = content_of(g);
    const inwo_item *a = &s->item[k];
    int x = a->card, t = a->target, kind = a->arg, attacker = a->who & 7;
    int in_play = s->card[t].zone == Z_STRUCTURE, sec = secret(c, s, t) || secret(c, s, x);
    unsigned xa = inwo_align_of(c, s, x, 0), ta = inwo_align_of(c, s, t, 0);
    int vs = kind == ATK_DESTROY ? CX_VS_DESTROY : 0;
    int A = inwo_value(c, s, x, STAT_POWER, CX_ATTACK) + attack_bonus(c, s, x, kind, t, sec);
    int D = defense_bonus(c, s, t, kind, sec);
    if (kind == ATK_CONTROL) {
        D += inwo_value(c, s, t, STAT_RES, CX_DEFENSE);
        int m = master_card(s, t);
        if (m >= 0)
            D += 4 * n_ident(ta, inwo_align_of(c, s, m, 0)) + inwo_position(c, s, t);
    } else {
        D += inwo_value(c, s, t, STAT_POWER, CX_DEFENSE | vs);
        if (in_play && s->card[t].holder != attacker)
            D += inwo_position(c, s, t);
    }
    for (int j = k + 1; j < s->nitems; j++) {
        const inwo_item *it = &s->item[j];
        if (it->parent != k || (it->who & (INWO_I_CANCELED | INWO_I_ILLEGAL)))
            continue;
        if (it->kind == H_DEFEND)
            D += inwo_value(c, s, t, STAT_POWER, CX_DEFENSE | CX_SELF_DEFENSE | vs);
        else if (it->kind == H_AID || it->kind == H_OPPOSE) {
            int v = contrib_value(c, s, k, it->kind, it->card);
            *(it->kind == H_AID ? &A : &D) += v > 0 ? v : 0;
        }
    }
    boosts(c, s, k, &A, &D);
    inwo_agents_strength(c, s, k, &A, &D);
    int M = 4 * n_ident(xa, ta) - 4 * n_opp(xa, ta);
    return A - D + (kind == ATK_CONTROL ? M : -M);
}

/* --- resolution ------------------------------------------------------------------------------ */

/* INWO-10.3.7 (1): the attack as a whole still legal. */
static int attack_valid(const tt_game *g, const inwo_state *s, int k)
{
    const inwo_content *c = content_of(g);
    const inwo_item *a = &s->item[k];
    int x = a->card, t = a->target, p = a->who & 7;
    if (s->card[x].zone != Z_STRUCTURE || s->card[x].holder != p || inwo_paralyzed(s, x) ||
        inwo_frozen(c, s, x))
        return 0;
    if (a->arg == ATK_CONTROL && !any_open(c, s, x))
        return 0;
    if (s->card[t].zone != Z_STRUCTURE && s->card[t].zone != Z_PENDING)
        return 0;
    int sec = secret(c, s, t) || secret(c, s, x);
    if (secret(c, s, t) && !is_illuminati(c, x) && !secret(c, s, x))
        return 0;
    return names(c, x, t) || !immune(c, s, t, x, sec);
}

/* INWO-5.10.5: a contribution no longer eligible is removed, its token spent. */
static void revalidate(const tt_game *g, inwo_state *s, int k)
{
    const inwo_content *c = content_of(g);
    int ctx;
    for (int j = k + 1; j < s->nitems; j++) {
        inwo_item *it = &s->item[j];
        if ((it->kind == H_AID || it->kind == H_OPPOSE) &&
            (s->card[it->card].zone != Z_STRUCTURE || inwo_paralyzed(s, it->card) ||
             contrib_stat(c, s, k, it->kind, it->card, &ctx) < 0))
            it->who |= INWO_I_ILLEGAL;
        if (it->kind == H_PLAY && !(it->who & (INWO_I_CANCELED | INWO_I_ILLEGAL)) &&
            (s->card[it->target].zone != Z_STRUCTURE ||
             !inwo_match(c, s, boost_op(c, it->card)->filter, it->target, it->who & 7))) {
            it->who |= INWO_I_ILLEGAL; /* INWO-10.3.4: back to hand, exposed */
            plot_to(s, it->card, Z_HAND, it->who & 7, 1);
        }
        if (it->kind == H_USE && boost_item(c, it) &&
            (s->card[it->target].zone != Z_STRUCTURE ||
             !inwo_match(c, s, boost_op(c, it->card)->filter, it->target, it->who & 7)))
            it->who |= INWO_I_ILLEGAL; /* its token stays spent (INWO-10.3.4) */
    }
}

void inwo_attack_recheck(const tt_game *g, inwo_state *s)
{
    int k = inwo_current_attack(s);
    if (k >= 0 && attack_valid(g, s, k)) /* a void one is settled when its round closes */
        revalidate(g, s, k);
}

static void end_attack(inwo_state *s, int k, int result, tt_events *ev)
{
    const inwo_item *a = &s->item[k];
    inwo_wrap_plots(s, k);
    if (result == 1)
        s->pl[a->who & 7].attacks[a->arg][1]++;
    tt_emit(ev, INWO_EV_ATTACK, a->who & 7, TT_SEEN_ALL, a->num, result, 0, 0);
    s->roll = 0;
}

/* INWO-10.3.5: void; aiders and opposers get their tokens back. */
static void void_attack(inwo_state *s, int k, tt_events *ev)
{
    for (int j = k + 1; j < s->nitems; j++) {
        const inwo_item *it = &s->item[j];
        if (it->parent != k || (it->who & INWO_I_CANCELED))
            continue; /* INWO-10.3.1: what a canceled item spent stays spent */
        if (it->kind == H_PLAY && s->card[it->card].zone == Z_TABLE &&
            it->target != s->item[k].card) /* the attacker's are discarded */
            plot_to(s, it->card, Z_HAND, it->who & 7, 1);
        else if ((it->kind == H_AID || it->kind == H_OPPOSE) &&
                 s->card[it->card].zone == Z_STRUCTURE)
            s->card[it->card].u.p.tokens++;
        else if (it->kind == H_AGENTS)
            plot_to(s, it->card, Z_HAND, it->who & 7, 0);
    }
    end_attack(s, k, 2, ev);
}

void inwo_destroy(const tt_game *g, inwo_state *s, int t, int attacker, tt_events *ev)
{
    const inwo_content *c = content_of(g);
    int owner_of_t = s->card[t].holder;
    int node = s->card[t].u.p.node;
    /* the record's alignments, before its links and change records go */
    unsigned now = inwo_align_of(c, s, t, 0), lasting = inwo_align_of(c, s, t, 1);
    /* its puppets go to its controller's hand with no tokens (INWO-5.12.6) */
    for (int again = 1; again;) {
        again = 0;
        for (int j = 0; j < s->nodes_end; j++)
            if (s->node[j].card != INWO_NONE && s->node[j].master == node) {
                int sub = j, leaf = 1;
                for (;;) { /* lift the deepest card first */
                    leaf = 1;
                    for (int q = 0; q < s->nodes_end; q++)
                        if (s->node[q].card != INWO_NONE && s->node[q].master == sub) {
                            sub = q;
                            leaf = 0;
                            break;
                        }
                    if (leaf)
                        break;
                }
                int card = s->node[sub].card;
                inwo_lift(s, card);
                int full = s->npile[owner_of_t][Z_HAND] >= INWO_HAND_MAX; /* INWO-2.15.2 (c) */
                inwo_put(s, card, full ? Z_DISCARD : Z_HAND, full ? inwo_owner(card) : owner_of_t);
                inwo_links_left(s, card, owner_of_t); /* INWO-6.5.2 */
                again = 1;
            }
    }
    /* its links end (INWO-6.5.4, 6.5.5): linked Resources are destroyed,
     * linked Plots discarded (5.12.6) */
    for (int l = s->nlinks - 1; l >= 0; l--)
        if (s->link[l].b == t || s->link[l].a == t) {
            int lc = s->link[l].a, kind = s->link[l].what & 3;
            inwo_link_remove(s, l);
            if (kind == LK_RESOURCE) {
                inwo_destroy_resource(c, s, attacker, lc, ev);
            } else if (kind == LK_PLOT) {
                inwo_lift(s, lc);
                inwo_put(s, lc, Z_DISCARD, inwo_owner(lc));
            }
        }
    int n = 0;
    for (int r = 0; r < s->nrecords; r++) /* its change records are wiped */
        if (INWO_REC_CARD(s->record[r]) != t)
            s->record[n++] = s->record[r];
    s->nrecords = (uint16_t)n;
    inwo_lift(s, t);
    s->card[t].flags &= (uint8_t) ~(INWO_F_DEVASTATED | INWO_F_CAPTURED | INWO_F_PARALYZED);
    inwo_put(s, t, Z_DESTROYED, attacker);
    s->card[t].u.d.align_now = (uint16_t)now;
    s->card[t].u.d.align_perm = (uint16_t)lasting;
    s->card[t].u.d.turn = inwo_turn_id(s);
    int def = c->deck[inwo_owner(t)].def[t % INWO_DECK_CARDS];
    s->destroyed[def >> 3] |= (uint8_t)(1u << (def & 7));
    tt_emit(ev, INWO_EV_DESTROY, attacker, TT_SEEN_ALL, t, 0, 0, 0);
}

static int open_arrows(const tt_game *g, const inwo_state *s, int x, int *side)
{
    int n = 0;
    for (int k = 0; k < 4; k++)
        if (inwo_arrow_open(content_of(g), s, s->card[x].u.p.node, k))
            *side = k, n++;
    return n;
}

int inwo_attack_closed(const tt_game *g, inwo_state *s, int k, tt_events *ev)
{
    inwo_item *a = &s->item[k];
    int x = a->card;
    if (!s->roll) {
        inwo_cancels_settle(s, k);
        /* INWO-10.3.7: the attack itself first; void, its Plots follow 10.3.5 */
        if (!(a->who & INWO_I_CANCELED) && attack_valid(g, s, k))
            revalidate(g, s, k);
        if ((a->who & INWO_I_CANCELED) || !attack_valid(g, s, k)) { /* INWO-10.3.5 */
            if (!(a->who & INWO_I_COMMITTED) && s->card[x].zone == Z_STRUCTURE &&
                s->card[x].u.p.tokens)
                s->card[x].u.p.tokens--;
            void_attack(s, k, ev);
            return 0;
        }
        if (!(a->who & INWO_I_COMMITTED)) { /* INWO-5.9.3: committed when the round closes */
            s->card[x].u.p.tokens--;
            a->who |= INWO_I_COMMITTED;
        }
        int S = inwo_strength(g, s, k);
        if (S < 2) { /* INWO-5.9.8: no roll */
            end_attack(s, k, 0, ev);
            return 0;
        }
        inwo_roll(s, k, S, ev);
        return 1;
    }
    inwo_after_roll_settle(s, k);
    int r = inwo_final_roll(s), S = inwo_strength(g, s, k);
    if (s->auto_fail || r > S || r > 10 || !attack_valid(g, s, k)) {
        end_attack(s, k, 0, ev);
        return 0;
    }
    if (a->arg == ATK_DESTROY) {
        inwo_destroy(g, s, a->target, a->who & 7, ev);
        end_attack(s, k, 1, ev);
        return 0;
    }
    int side = 0;
    if (open_arrows(g, s, x, &side) == 1) { /* INWO-5.0.1: one answer, not asked */
        if (inwo_reassign_open(g, s, k, x, side))
            return 1; /* a card of its subtree finds its cell taken (INWO-2.11.8) */
        memset(&s->decl, 0, sizeof s->decl);
        inwo_capture(g, s, k, x, side, NULL, 0, ev);
        return 0;
    }
    memset(&s->decl, 0, sizeof s->decl);
    s->decl.head = H_ATTACK;
    s->decl.player = a->who & 7;
    s->decl.point = PT_RESOLVE;
    s->decl.nans = 3;
    s->decl.ans[0] = (uint16_t)k;
    s->point = PT_RESOLVE;
    return 1;
}

void inwo_capture(const tt_game *g, inwo_state *s, int k, int arrow_card, int side,
                  const uint16_t *ans, int nans, tt_events *ev)
{
    inwo_item *a = &s->item[k];
    int t = a->target, seat = a->who & 7;
    tt_emit(ev, INWO_EV_CAPTURE, seat, TT_SEEN_ALL, t, 0, 0, 0);
    inwo_transplant(g, s, seat, t, arrow_card, side, TP_CAPTURE, ans, nans, ev);
    inwo_agents_capture(s, k);
    end_attack(s, k, 1, ev);
}
