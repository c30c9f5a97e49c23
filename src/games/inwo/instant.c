/* INWO's Privileged attacks (INWO-5.14), after-roll Plots (ROLL_MOD and
 * AUTO_FAIL, 5.9.9), Instant Attacks with Devastation (5.17.1 – 5.17.8) and
 * Relief (5.17.9).
 *
 * Privilege is the fourth answer of an attack's declaration, asked only
 * when a PRIVILEGE Plot or ability is usable; it is kept in the attack
 * item's `who` and, with its source, in an item attached to the attack. An
 * after-roll Plot is an item attached to the attack (or Instant Attack)
 * whose after-roll round is polling; its effect is summed when that round
 * closes, after the cancels of it are settled. An Instant Attack is a root
 * item like an attack: its helpers are H_AID items, the launcher's BOOSTs
 * and any cancels attach to it as in an attack, and it rolls and opens an
 * after-roll round the same way. A Relief is a root item whose tokens are
 * H_COMMIT items.
 *
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

static int add(tt_action a, tt_action *out, int n)
{
    if (out)
        out[n] = a;
    return n + 1;
}

/* ability[0] of a Plot without costs whose op is op (INWO-2.7.1), or NULL. */
static const inwo_op *plot_op(const inwo_content *c, int card, int op)
{
    const inwo_def *d = inwo_def_of(c, card);
    return d->kind == INWO_PLOT && !d->ncost && d->nability && d->ability[0].op == op
               ? &d->ability[0]
               : NULL;
}

/* The op of a Plot instant.c plays, or -1. */
static int my_op(const inwo_content *c, int card)
{
    static const int ops[] = {OP_INSTANT, OP_UNPRIVILEGE, OP_ROLL_MOD, OP_AUTO_FAIL};
    for (size_t k = 0; k < sizeof ops / sizeof *ops; k++)
        if (plot_op(c, card, ops[k]))
            return ops[k];
    return -1;
}

#define MY_OPS                                                                                     \
    (1ull << OP_INSTANT | 1ull << OP_UNPRIVILEGE | 1ull << OP_ROLL_MOD | 1ull << OP_AUTO_FAIL)

int inwo_instant_plot(const tt_game *g, int card)
{
    const inwo_content *c = g->content;
    return card < g->nplayers * INWO_DECK_CARDS && (c->ops[card] & MY_OPS) && my_op(c, card) >= 0;
}

int inwo_plot_item(int kind)
{
    return kind == H_PLAY || kind == INWO_K_CANCEL || kind == INWO_K_PRIV ||
           kind == INWO_K_UNPRIV || kind == INWO_K_AFTER;
}

static int top_item(const inwo_state *s)
{
    if (!s->nrounds)
        return -1;
    int id = s->rounds[s->nrounds - 1].id;
    return id < OR_UPKEEP ? id : -1;
}

static int contest(const inwo_state *s, int rolled)
{
    int k = top_item(s);
    if (k < 0 || (s->item[k].kind != H_ATTACK && s->item[k].kind != INWO_K_INSTANT))
        return -1;
    return !s->roll == !rolled ? k : -1;
}

int inwo_current_contest(const inwo_state *s)
{
    return contest(s, 0);
}

int inwo_after_roll_item(const inwo_state *s)
{
    return contest(s, 1);
}

/* Whether the player to move may make a play now: he holds priority in a
 * round before any roll, or is the active player at a step where his
 * priority allows plays (INWO-5.0.4), and no declaration is half made. */
static int may_play(const inwo_state *s)
{
    if (s->decl.head || s->head.over)
        return 0;
    switch (s->point) {
    case PT_UPKEEP:
    case PT_ROUND:
    case PT_THWART: return 1;
    case PT_MAIN:
    case PT_STEP1:
    case PT_STEP2:
    case PT_STEP3:
    case PT_STEP6: return !s->nrounds;
    default: return 0;
    }
}

/* INWO-4.2.2: before his Main Phase the active player spends tokens only to
 * buy Plots or in response to another player's play. */
static int tokens_barred(const inwo_state *s, int p)
{
    if (p != s->active || s->step < PT_STEP1 || s->step > PT_STEP4)
        return 0;
    int k = top_item(s);
    return k < 0 || (s->item[k].who & 7) == p;
}

static int refuse_tokens(tt_error *err)
{
    return TT_REFUSE("INWO-4.2.2", NULL,
                     "before your Main Phase your tokens only buy Plots or answer a play");
}

/* A root item with `more` attached items fits the caps (INWO-2.15.2). */
static int room(const inwo_state *s, int more)
{
    return s->nrounds < INWO_ROUNDS_MAX && s->nitems + 1 + more <= INWO_ITEMS_MAX;
}

static void begin(inwo_state *s, int head, int first)
{
    memset(&s->decl, 0, sizeof s->decl);
    s->decl.player = s->to_move;
    s->decl.head = (uint8_t)head;
    s->decl.point = s->point;
    s->decl.ans[s->decl.nans++] = (uint16_t)first;
}

/* A Plot goes from its holder's hand to the table; returns 8 if exposed. */
static int to_table(inwo_state *s, int plot, int p)
{
    int exposed = (s->card[plot].flags & INWO_F_EXPOSED) ? 8 : 0;
    inwo_lift(s, plot);
    s->card[plot].flags &= (uint8_t)~INWO_F_EXPOSED;
    inwo_put(s, plot, Z_TABLE, p);
    return exposed;
}

static int attach(inwo_state *s, int kind, int p, int card, int target, int k, int arg,
                  tt_events *ev)
{
    int j = s->nitems++;
    s->item[j] = (inwo_item){(uint8_t)kind, (uint8_t)p,   (uint16_t)card, (uint16_t)target,
                             (uint8_t)k,    (uint8_t)arg, ++s->announced};
    tt_emit(ev, INWO_EV_ANNOUNCE, p, TT_SEEN_ALL, s->item[j].num, card, kind, target);
    return j;
}

/* The announcer's play opened a round: in the last-call round the Main
 * Phase resumes after it (INWO-4.3.2). */
static void open_root(inwo_state *s, int p, int k)
{
    if (s->nrounds && s->rounds[s->nrounds - 1].id >= OR_UPKEEP)
        s->open_play = 1;
    inwo_open_round(s, inwo_next_seat(s, p), k);
}

/* --- Privilege (INWO-5.14) ------------------------------------------------------------------ */

int inwo_privilege_bars(const inwo_state *s, int p)
{
    for (int i = 0; i < s->nrounds; i++) {
        int k = s->rounds[i].id;
        if (k >= OR_UPKEEP || s->item[k].kind != H_ATTACK ||
            !(s->item[k].who & INWO_I_PRIVILEGED) || (i == s->nrounds - 1 && s->roll))
            continue; /* after the roll every player may play (INWO-5.14.4) */
        const inwo_item *a = &s->item[k];
        int attacker = a->who & 7;
        int defender =
            s->card[a->target].zone == Z_STRUCTURE ? s->card[a->target].holder : attacker;
        if (p != attacker && p != defender)
            return 1;
    }
    return 0;
}

/* The index of card's PRIVILEGE ability that seat p may use now (its
 * limit, INWO-2.10.4; without costs), or -1. */
static int priv_ability(const inwo_content *c, const inwo_state *s, int card, int p)
{
    const inwo_card *v = &s->card[card];
    if (v->zone != Z_STRUCTURE || v->holder != p || inwo_paralyzed(s, card) ||
        !inwo_has_op(c, card, OP_PRIVILEGE))
        return -1;
    const inwo_def *d = inwo_def_of(c, card);
    for (int k = 0; k < d->nability && k < 4; k++) {
        const inwo_op *op = &d->ability[k];
        if (op->op != OP_PRIVILEGE || op->ncost ||
            (op->limit == LIM_ONCE_PER_TURN && (v->u.p.used >> k & 1)) ||
            (op->limit == LIM_ONCE_PER_GAME && (v->u.p.used >> (4 + k) & 1)))
            continue;
        return k;
    }
    return -1;
}

static int priv_source(const inwo_content *c, const inwo_state *s, int card, int p)
{
    if (card >= ncards(s))
        return 0;
    if (s->card[card].zone == Z_HAND)
        return s->card[card].holder == p && plot_op(c, card, OP_PRIVILEGE) &&
               (inwo_def_of(c, card)->timing == TM_DECLARE ||
                inwo_def_of(c, card)->timing == TM_ANY);
    return priv_ability(c, s, card, p) >= 0;
}

/* The `privilege` answers: the usable sources (structure, then hand), then none. */
static int priv_answers(const inwo_content *c, const inwo_state *s, tt_action *out, int n)
{
    int p = s->decl.player, len;
    for (int k = 0; k < s->nodes_end; k++)
        if (s->node[k].card != INWO_NONE && priv_source(c, s, s->node[k].card, p))
            n = add(INWO_A(H_PRIVILEGE, s->node[k].card), out, n);
    const uint16_t *hand = inwo_pile(s, p, Z_HAND, &len);
    for (int i = 0; i < len; i++)
        if (priv_source(c, s, hand[i], p))
            n = add(INWO_A(H_PRIVILEGE, hand[i]), out, n);
    return n;
}

int inwo_privilege_asked(const tt_game *g, const inwo_state *s)
{
    return s->decl.head == H_ATTACK && priv_answers(content_of(g), s, NULL, 0) > 0;
}

static int chk_privilege(const tt_game *g, const inwo_state *s, int card, tt_error *err)
{
    if (s->decl.head != H_ATTACK || s->decl.nans != 3 || s->decl.point == PT_RESOLVE ||
        !inwo_privilege_asked(g, s))
        return TT_REFUSE("INWO-5.14.1", NULL, "Privilege is chosen while an attack is declared");
    if (card != INWO_NONE && !priv_source(content_of(g), s, card, s->decl.player))
        return TT_REFUSE("INWO-5.14.1", NULL,
                         "Privilege comes from a PRIVILEGE Plot of your hand or an ability you "
                         "may use now");
    return TT_OK;
}

void inwo_privilege_announce(const tt_game *g, inwo_state *s, int k, int priv, tt_events *ev)
{
    const inwo_content *c = content_of(g);
    int p = s->item[k].who & 7, ability = 0xFF;
    if (s->card[priv].zone == Z_HAND) {
        inwo_plot_to_attack(s, priv, p, k); /* committed at once (INWO-5.9.3) */
    } else {
        ability = priv_ability(c, s, priv, p);
        int lim = inwo_def_of(c, priv)->ability[ability].limit;
        if (lim != LIM_NONE)
            s->card[priv].u.p.used |=
                (uint8_t)(1u << (lim == LIM_ONCE_PER_GAME ? 4 + ability : ability));
    }
    s->item[k].who |= INWO_I_PRIVILEGED;
    attach(s, INWO_K_PRIV, p, priv, s->item[k].target, k, ability, ev);
}

void inwo_privilege_undo(const tt_game *g, inwo_state *s, int j)
{
    const inwo_item *it = &s->item[j];
    int card = it->card;
    if (it->arg == 0xFF || s->card[card].zone != Z_STRUCTURE)
        return;
    int lim = inwo_def_of(content_of(g), card)->ability[it->arg].limit;
    if (lim != LIM_NONE)
        s->card[card].u.p.used &=
            (uint8_t) ~(1u << (lim == LIM_ONCE_PER_GAME ? 4 + it->arg : it->arg));
}

/* UNPRIVILEGE: any player, on the Privileged attack in its round (INWO-5.14.3). */
static int chk_unprivilege(const inwo_state *s, tt_error *err)
{
    int k = inwo_current_contest(s);
    if (!may_play(s) || k < 0 || !(s->item[k].who & INWO_I_PRIVILEGED))
        return TT_REFUSE("INWO-5.14.3", NULL, "no Privileged attack is in its round");
    if (s->nitems >= INWO_ITEMS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
    return TT_OK;
}

static void unprivilege(inwo_state *s, int plot, tt_events *ev)
{
    int k = inwo_current_contest(s), p = s->to_move;
    int exposed = inwo_plot_to_attack(s, plot, p, k);
    inwo_item *a = &s->item[k];
    a->who = (uint8_t)((a->who & ~INWO_I_PRIVILEGED) | INWO_I_UNPRIVILEGED);
    attach(s, INWO_K_UNPRIV, p, plot, a->target, k, exposed, ev);
    tt_round_play(&s->rounds[s->nrounds - 1]); /* INWO-4.6.3: polling restarts */
}

/* --- after-roll Plots (INWO-5.9.9) ------------------------------------------------------- */

static int def_id(const inwo_content *c, int card)
{
    return c->deck[inwo_owner(card)].def[card % INWO_DECK_CARDS];
}

int inwo_after_open(const tt_game *g, const inwo_state *s, int plot, int ncost, tt_error *err)
{
    const inwo_content *c = content_of(g);
    int k = inwo_after_roll_item(s), p = s->to_move;
    if (k < 0) /* a declaration under way was refused by the caller */
        return TT_REFUSE("INWO-5.9.9", NULL,
                         "after-roll Plots are played once the dice are rolled");
    if (s->nitems + ncost >= INWO_ITEMS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
    for (int j = k + 1; j < s->nitems; j++)
        if (s->item[j].parent == k && (s->item[j].who & 7) == p &&
            inwo_plot_item(s->item[j].kind) && def_id(c, s->item[j].card) == def_id(c, plot))
            return TT_REFUSE("INWO-5.9.6", NULL, "you played %s in this attack already",
                             inwo_def_of(c, plot)->id);
    return TT_OK;
}

int inwo_after_attach(inwo_state *s, int p, int card, int arg, tt_events *ev)
{
    int k = inwo_after_roll_item(s), plot = s->card[card].zone == Z_HAND;
    if (plot)
        to_table(s, card, p);
    int j = attach(s, INWO_K_AFTER, p, card, plot ? INWO_NONE : card, k, arg, ev);
    tt_round_play(&s->rounds[s->nrounds - 1]); /* INWO-4.6.3: polling restarts */
    return j;
}

static void after_announce(const tt_game *g, inwo_state *s, tt_events *ev)
{
    int plot = s->decl.ans[0], p = s->decl.player;
    int arg = my_op(content_of(g), plot) == OP_ROLL_MOD ? s->decl.ans[1] : 0;
    memset(&s->decl, 0, sizeof s->decl);
    inwo_after_attach(s, p, plot, arg, ev);
}

void inwo_after_roll_settle(inwo_state *s, int k)
{
    inwo_cancels_settle(s, k);
    int mod = 0, fail = 0;
    for (int j = k + 1; j < s->nitems; j++) {
        const inwo_item *it = &s->item[j];
        if (it->kind != INWO_K_AFTER || it->parent != k || (it->who & INWO_I_CANCELED))
            continue;
        if (it->arg)
            mod += it->arg - INWO_VALUE_BIAS;
        else
            fail = 1;
    }
    s->roll_mod = (int8_t)(mod < -100 ? -100 : mod > 100 ? 100 : mod);
    s->auto_fail = (uint8_t)fail;
}

int inwo_final_roll(const inwo_state *s)
{
    int r = s->roll + s->roll_mod;
    return r < 2 ? 2 : r > 12 ? 12 : r; /* INWO-5.20.7 */
}

void inwo_roll(inwo_state *s, int k, int S, tt_events *ev)
{
    int p = s->item[k].who & 7;
    int d1 = 1 + (int)tt_rng_below(&s->head.rng, 6), d2 = 1 + (int)tt_rng_below(&s->head.rng, 6);
    s->roll = (uint8_t)(d1 + d2);
    s->roll_mod = 0;
    s->auto_fail = 0;
    tt_emit(ev, INWO_EV_ATTACK_ROLL, p, TT_SEEN_ALL, d1, d2, S, 0);
    inwo_open_round(s, inwo_next_seat(s, p), k); /* INWO-5.9.9 */
}

/* --- Instant Attacks (INWO-5.17) --------------------------------------------------------- */

static int chk_instant_target(const tt_game *g, const inwo_state *s, int plot, int t, int p,
                              tt_error *err)
{
    const inwo_content *c = content_of(g);
    const inwo_op *op = plot_op(c, plot, OP_INSTANT);
    if (t >= ncards(s) || s->card[t].zone != Z_STRUCTURE)
        return TT_REFUSE("INWO-5.17.2", NULL, "the target is a group in play");
    if (inwo_def_of(c, t)->kind != INWO_GROUP)
        return TT_REFUSE("INWO-2.4.2", NULL, "only a Group can be attacked");
    if (!inwo_match(c, s, op->filter, t, p))
        return TT_REFUSE("INWO-5.17.2", NULL, "%s is not a target %s may have",
                         inwo_def_of(c, t)->id, inwo_def_of(c, plot)->id);
    if (inwo_undestroyable(g, t))
        return TT_REFUSE("INWO-5.12.1", NULL, "%s cannot be destroyed", inwo_def_of(c, t)->id);
    int rival = s->card[t].holder;
    if (rival != p && s->pl[rival].protected_)
        return TT_REFUSE("INWO-4.8.1", NULL, "%c has not completed his first turn", 'A' + rival);
    if (rival != p && c->opt.two_player_rules &&
        (s->pl[0].completed == 0 || s->pl[1].completed == 0))
        return TT_REFUSE("INWO-4.8.3", NULL, "no attack on a rival before both completed a turn");
    return TT_OK;
}

static int instant_targets(const tt_game *g, const inwo_state *s, int plot, int p, tt_action *out,
                           int n, int first_only)
{
    for (int t = 0; t < ncards(s); t++)
        if (s->card[t].zone == Z_STRUCTURE && !chk_instant_target(g, s, plot, t, p, NULL)) {
            n = add(INWO_A(H_TARGET, t), out, n);
            if (first_only)
                break;
        }
    return n;
}

static int chk_launch(const tt_game *g, const inwo_state *s, int plot, tt_error *err)
{
    const inwo_def *d = inwo_def_of(content_of(g), plot);
    if (!may_play(s) || (d->timing == TM_MAIN && s->point != PT_MAIN) ||
        (d->timing != TM_MAIN && d->timing != TM_ANY))
        return TT_REFUSE("INWO-5.17.1", NULL, "an Instant Attack is launched holding priority");
    if (inwo_privilege_bars(s, s->to_move))
        return TT_REFUSE("INWO-5.14.2", NULL, "only the attacker and the defender play here");
    if (!room(s, 1 + plot_op(content_of(g), plot, OP_INSTANT)->helpers))
        return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
    if (!instant_targets(g, s, plot, s->to_move, NULL, 0, 1))
        return TT_REFUSE("INWO-5.17.2", NULL, "no group %s may target", d->id);
    return TT_OK;
}

/* The helpers named so far (the answers after the target, before `done`). */
static int named(const inwo_state *s)
{
    int n = s->decl.nans - 2;
    return n > 0 && s->decl.ans[s->decl.nans - 1] == INWO_NONE ? n - 1 : n;
}

static int chk_helper(const tt_game *g, const inwo_state *s, int h, tt_error *err)
{
    const inwo_content *c = content_of(g);
    const inwo_op *op = plot_op(c, s->decl.ans[0], OP_INSTANT);
    int p = s->decl.player, t = s->decl.ans[1];
    if (h >= ncards(s) || !inwo_can_spend(s, p, h) || inwo_def_of(c, h)->kind == INWO_RESOURCE)
        return TT_REFUSE("INWO-5.17.3", NULL, "a helper is a group of yours with a token");
    if (tokens_barred(s, p))
        return refuse_tokens(err);
    if (h == t)
        return TT_REFUSE("INWO-5.12.5", NULL, "a group never helps an attack on itself");
    for (int i = 2; i < s->decl.nans; i++)
        if (s->decl.ans[i] == h)
            return TT_REFUSE("INWO-5.9.6", NULL, "%s helps already", inwo_def_of(c, h)->id);
    if (!inwo_match(c, s, op->filter2, h, p))
        return TT_REFUSE("INWO-5.17.3", NULL, "%s may not help %s", inwo_def_of(c, h)->id,
                         inwo_def_of(c, s->decl.ans[0])->id);
    return inwo_aid_barred(g, s, t, h, err);
}

int inwo_instant_strength(const tt_game *g, const inwo_state *s, int k)
{
    const inwo_content *c = content_of(g);
    const inwo_item *a = &s->item[k];
    int S = plot_op(c, a->card, OP_INSTANT)->value - a->arg -
            inwo_defense_bonus(g, s, a->target, ATK_INSTANT);
    for (int j = k + 1; j < s->nitems; j++) {
        const inwo_item *it = &s->item[j];
        if (it->parent != k || (it->who & (INWO_I_CANCELED | INWO_I_ILLEGAL)))
            continue;
        if (it->kind == H_AID && s->card[it->card].zone == Z_STRUCTURE)
            S += inwo_value(c, s, it->card, STAT_POWER, CX_ATTACK);
        if (it->kind != H_PLAY || !plot_op(c, it->card, OP_BOOST))
            continue;
        for (int h = k + 1; h < s->nitems; h++) /* on a standing helper's action */
            if (s->item[h].kind == H_AID && s->item[h].parent == k &&
                s->item[h].card == it->target && !(s->item[h].who & INWO_I_CANCELED))
                S += plot_op(c, it->card, OP_BOOST)->value;
    }
    return S;
}

static void instant_announce(const tt_game *g, inwo_state *s, tt_events *ev)
{
    const inwo_content *c = content_of(g);
    inwo_decl d = s->decl;
    int plot = d.ans[0], t = d.ans[1], p = d.player;
    memset(&s->decl, 0, sizeof s->decl);
    to_table(s, plot, p);
    /* INWO-5.17.3: P_T (halved when Devastated) and pos, fixed now */
    int D = inwo_value(c, s, t, STAT_POWER, CX_BASE | CX_VS_DESTROY) +
            (s->card[t].holder == p ? 0 : inwo_position(c, s, t));
    int k = s->nitems++;
    s->item[k] =
        (inwo_item){INWO_K_INSTANT, (uint8_t)(p | INWO_I_COMMITTED), (uint16_t)plot, (uint16_t)t,
                    0xFF,           (uint8_t)(D > 255 ? 255 : D),    ++s->announced};
    tt_emit(ev, INWO_EV_ANNOUNCE, p, TT_SEEN_ALL, s->item[k].num, plot, H_PLAY, t);
    s->pl[p].attacks[2][0]++;
    if (plot_op(c, plot, OP_INSTANT)->sel == CLS_DISASTER && s->card[t].u.p.tokens) {
        s->card[t].u.p.tokens--; /* INWO-5.17.6 */
        s->item[k].who |= INWO_I_TOOK_TOKEN;
    }
    for (int i = 2; i < d.nans && d.ans[i] != INWO_NONE; i++) { /* paid now (INWO-5.17.4) */
        s->card[d.ans[i]].u.p.tokens--;
        attach(s, H_AID, p, d.ans[i], t, k, 0, ev);
    }
    s->roll = 0;
    open_root(s, p, k);
}

/* INWO-5.17.7: T and its subtree lose their tokens; T is Devastated. */
static void devastate(inwo_state *s, int t)
{
    int top = s->card[t].u.p.node;
    s->card[t].flags |= INWO_F_DEVASTATED;
    for (int k = 0; k < s->nodes_end; k++) {
        if (s->node[k].card == INWO_NONE)
            continue;
        int n = k;
        while (n != INWO_NO_NODE && n != top)
            n = s->node[n].master;
        if (n == top)
            s->card[s->node[k].card].u.p.tokens = 0;
    }
}

static int target_valid(const tt_game *g, const inwo_state *s, int k)
{
    const inwo_content *c = content_of(g);
    int t = s->item[k].target, p = s->item[k].who & 7;
    return s->card[t].zone == Z_STRUCTURE && !(s->head.eliminated >> p & 1) &&
           inwo_match(c, s, plot_op(c, s->item[k].card, OP_INSTANT)->filter, t, p) &&
           !inwo_undestroyable(g, t);
}

/* result: 1 success, 0 failure, 2 canceled (INWO_EV_ATTACK) */
static void instant_end(inwo_state *s, int k, int result, tt_events *ev)
{
    const inwo_item *a = &s->item[k];
    inwo_wrap_plots(s, k);
    if (s->card[a->card].zone == Z_TABLE) { /* else its launcher left the game with it */
        inwo_lift(s, a->card);
        inwo_put(s, a->card, Z_DISCARD, inwo_owner(a->card));
    }
    if (result == 1)
        s->pl[a->who & 7].attacks[2][1]++;
    tt_emit(ev, INWO_EV_ATTACK, a->who & 7, TT_SEEN_ALL, a->num, result, 0, 0);
    s->roll = 0;
}

/* INWO-5.17.6: the result of a success with margin m. */
static void instant_hits(const tt_game *g, inwo_state *s, int k, int m, tt_events *ev)
{
    const inwo_op *op = plot_op(content_of(g), s->item[k].card, OP_INSTANT);
    int t = s->item[k].target;
    if (op->sel == CLS_DISASTER && (!op->has_margin || m < op->value2)) {
        devastate(s, t);
        return;
    }
    inwo_destroy(g, s, t, s->item[k].who & 7, ev);
    if (op->sel == CLS_ASSASSINATION)
        s->card[t].flags |= INWO_F_KILLED;
}

static int instant_closed(const tt_game *g, inwo_state *s, int k, tt_events *ev)
{
    inwo_item *a = &s->item[k];
    if (!s->roll) {
        inwo_cancels_settle(s, k);
        if (a->who & INWO_I_CANCELED) { /* INWO-5.17.5: it never happened */
            if ((a->who & INWO_I_TOOK_TOKEN) && s->card[a->target].zone == Z_STRUCTURE)
                s->card[a->target].u.p.tokens++;
            instant_end(s, k, 2, ev);
            return 0;
        }
        int S = inwo_instant_strength(g, s, k);
        if (!target_valid(g, s, k) || S < 2) { /* INWO-5.9.8: no roll */
            instant_end(s, k, 0, ev);
            return 0;
        }
        inwo_roll(s, k, S, ev);
        return 1;
    }
    inwo_after_roll_settle(s, k);
    int r = inwo_final_roll(s), S = inwo_instant_strength(g, s, k);
    int won = !s->auto_fail && r <= S && r <= 10 && target_valid(g, s, k);
    if (won)
        instant_hits(g, s, k, S - r, ev);
    instant_end(s, k, won, ev);
    return 0;
}

/* --- Relief (INWO-5.17.9) ---------------------------------------------------------------- */

static int committed(const inwo_state *s, int k, int gr)
{
    for (int j = k + 1; j < s->nitems; j++)
        if (s->item[j].parent == k && s->item[j].kind == H_COMMIT && s->item[j].card == gr)
            return 1;
    return 0;
}

/* Whether group gr of seat p may commit a token; k the Relief item, -1
 * while it is declared (the answers so far then count), -2 before. */
static int chk_commit_group(const tt_game *g, const inwo_state *s, int p, int gr, int k,
                            tt_error *err)
{
    const inwo_content *c = content_of(g);
    if (gr >= ncards(s) || !inwo_can_spend(s, p, gr) || inwo_def_of(c, gr)->kind == INWO_RESOURCE)
        return TT_REFUSE("INWO-5.17.9", NULL, "commit a token of a group of yours");
    if (tokens_barred(s, p))
        return refuse_tokens(err);
    int again = k >= 0 && committed(s, k, gr);
    for (int i = 1; k == -1 && i < s->decl.nans; i++)
        again |= s->decl.ans[i] == gr;
    if (again)
        return TT_REFUSE("INWO-5.17.9", NULL, "%s committed a token already",
                         inwo_def_of(c, gr)->id);
    if (s->nitems + 1 + (k == -1 ? s->decl.nans : 0) > INWO_ITEMS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
    return TT_OK;
}

/* The `commit` answers of seat p (k as chk_commit_group); first_only: one is enough. */
static int commits(const tt_game *g, const inwo_state *s, int p, int k, tt_action *out, int n,
                   int first_only)
{
    for (int j = 0; j < s->nodes_end; j++) {
        int gr = s->node[j].card;
        if (gr != INWO_NONE && INWO_SEAT(s->node[j].geo) == p &&
            !chk_commit_group(g, s, p, gr, k, NULL)) {
            n = add(INWO_A(H_COMMIT, gr), out, n);
            if (first_only)
                return n;
        }
    }
    return n;
}

static int chk_relief(const tt_game *g, const inwo_state *s, int place, tt_error *err)
{
    int p = s->to_move;
    if (!may_play(s))
        return TT_REFUSE("INWO-5.17.9", NULL, "Relief is announced holding priority");
    if (inwo_privilege_bars(s, p))
        return TT_REFUSE("INWO-5.14.2", NULL, "only the attacker and the defender play here");
    if (place >= ncards(s) || s->card[place].zone != Z_STRUCTURE ||
        !(s->card[place].flags & INWO_F_DEVASTATED))
        return TT_REFUSE("INWO-5.17.9", NULL, "Relief is for a Devastated Place in play");
    if (s->card[place].u.p.spare >> (8 + p) & 1) /* house: futile Reliefs never loop */
        return TT_REFUSE("INWO-5.17.9", NULL, "you announced a Relief of %s this turn",
                         inwo_def_of(content_of(g), place)->id);
    int q = s->card[place].holder;
    if (q != p && s->pl[q].protected_)
        return TT_REFUSE("INWO-4.8.1", NULL, "%c has not completed his first turn", 'A' + q);
    if (!room(s, 1))
        return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
    if (tokens_barred(s, p))
        return refuse_tokens(err);
    if (!commits(g, s, p, -2, NULL, 0, 1))
        return TT_REFUSE("INWO-5.17.9", NULL, "none of your groups can commit a token");
    return TT_OK;
}

static void relief_announce(const tt_game *g, inwo_state *s, tt_events *ev)
{
    (void)g;
    inwo_decl d = s->decl;
    int place = d.ans[0], p = d.player;
    memset(&s->decl, 0, sizeof s->decl);
    s->card[place].u.p.spare |= (uint16_t)(1u << (8 + p)); /* bits 8+: Reliefs, links.c has bit 0 */
    int k = s->nitems++;
    s->item[k] = (inwo_item){H_RELIEF, (uint8_t)p, (uint16_t)place, (uint16_t)place,
                             0xFF,     0,          ++s->announced};
    tt_emit(ev, INWO_EV_ANNOUNCE, p, TT_SEEN_ALL, s->item[k].num, place, H_RELIEF, 0);
    for (int i = 1; i < d.nans && d.ans[i] != INWO_NONE; i++) {
        s->card[d.ans[i]].u.p.tokens--; /* given back on a shortfall */
        attach(s, H_COMMIT, p, d.ans[i], place, k, 0, ev);
    }
    open_root(s, p, k);
}

/* The Relief whose round polls, or -1. */
static int current_relief(const inwo_state *s)
{
    int k = top_item(s);
    return k >= 0 && s->item[k].kind == H_RELIEF && !s->decl.head ? k : -1;
}

static int chk_commit(const tt_game *g, const inwo_state *s, int gr, tt_error *err)
{
    if (s->decl.head == H_RELIEF)
        return chk_commit_group(g, s, s->decl.player, gr, -1, err);
    int k = current_relief(s);
    if (k < 0)
        return TT_REFUSE("INWO-5.17.9", NULL, "no Relief is in its round");
    return chk_commit_group(g, s, s->to_move, gr, k, err);
}

static void commit_in_round(inwo_state *s, int gr, tt_events *ev)
{
    int k = current_relief(s);
    s->card[gr].u.p.tokens--;
    attach(s, H_COMMIT, s->to_move, gr, s->item[k].target, k, 0, ev);
    tt_round_play(&s->rounds[s->nrounds - 1]); /* INWO-4.6.3: polling restarts */
}

/* INWO-5.17.9: 3 × printed Power reached, every token spent and the Place
 * relieved; else every token given back. */
static void relief_closed(const tt_game *g, inwo_state *s, int k, tt_events *ev)
{
    const inwo_content *c = content_of(g);
    const inwo_item *r = &s->item[k];
    int place = r->target, sum = 0;
    for (int j = k + 1; j < s->nitems; j++)
        if (s->item[j].parent == k && s->item[j].kind == H_COMMIT &&
            s->card[s->item[j].card].zone == Z_STRUCTURE)
            sum += inwo_value(c, s, s->item[j].card, STAT_POWER, CX_BASE);
    int ok = s->card[place].zone == Z_STRUCTURE && (s->card[place].flags & INWO_F_DEVASTATED) &&
             sum >= 3 * inwo_def_of(c, place)->power;
    if (ok)
        s->card[place].flags &= (uint8_t)~INWO_F_DEVASTATED;
    else
        for (int j = k + 1; j < s->nitems; j++)
            if (s->item[j].parent == k && s->item[j].kind == H_COMMIT &&
                inwo_receives_tokens(c, s, s->item[j].card))
                s->card[s->item[j].card].u.p.tokens++;
    tt_emit(ev, INWO_EV_RESOLVE, r->who & 7, TT_SEEN_ALL, r->num, ok, 0, 0);
}

int inwo_instant_closed(const tt_game *g, inwo_state *s, int k, tt_events *ev)
{
    if (s->item[k].kind == H_RELIEF) {
        relief_closed(g, s, k, ev);
        return 0;
    }
    return instant_closed(g, s, k, ev);
}

/* --- declarations: checks, answers, announcement ---------------------------------------- */

int inwo_instant_declaring(const tt_game *g, const inwo_state *s)
{
    return s->decl.head == H_RELIEF ||
           (s->decl.head == H_PLAY && inwo_instant_plot(g, s->decl.ans[0]));
}

/* Whether the declaration has all its answers. */
static int answered(const tt_game *g, const inwo_state *s)
{
    const inwo_content *c = content_of(g);
    int last = s->decl.ans[s->decl.nans - 1];
    if (s->decl.head == H_RELIEF)
        return s->decl.nans >= 3 && last == INWO_NONE;
    switch (my_op(c, s->decl.ans[0])) {
    case OP_ROLL_MOD: return s->decl.nans == 2;
    case OP_INSTANT:
        return s->decl.nans >= 2 &&
               (!plot_op(c, s->decl.ans[0], OP_INSTANT)->helpers || last == INWO_NONE);
    default: return 1;
    }
}

/* The answers of the declaration's present question. */
static int answers(const tt_game *g, const inwo_state *s, tt_action *out, int n)
{
    const inwo_content *c = content_of(g);
    int p = s->decl.player, plot = s->decl.ans[0];
    if (s->decl.head == H_RELIEF) {
        n = commits(g, s, p, -1, out, n, 0);
        return s->decl.nans >= 2 ? add(INWO_A(H_DONE, 0), out, n) : n;
    }
    const inwo_op *op = &inwo_def_of(c, plot)->ability[0];
    if (op->op == OP_ROLL_MOD) {
        for (int v = op->value; v <= op->value2; v++)
            n = add(INWO_A(H_VALUE, v + INWO_VALUE_BIAS), out, n);
        return n;
    }
    if (s->decl.nans == 1)
        return instant_targets(g, s, plot, p, out, n, 0);
    if (named(s) < op->helpers)
        for (int j = 0; j < s->nodes_end; j++)
            if (s->node[j].card != INWO_NONE && INWO_SEAT(s->node[j].geo) == p &&
                !chk_helper(g, s, s->node[j].card, NULL))
                n = add(INWO_A(H_HELPER, s->node[j].card), out, n);
    return add(INWO_A(H_DONE, 0), out, n);
}

static int chk_answer(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err)
{
    const inwo_content *c = content_of(g);
    int head = INWO_HEAD(a), arg = INWO_ARG(a), plot = s->decl.ans[0];
    int op = s->decl.head == H_RELIEF ? -1 : my_op(c, plot);
    if (s->decl.player != s->to_move)
        return TT_REFUSE("INWO-5.0.4", NULL, "another player is declaring");
    if (head == H_COMMIT && op < 0)
        return chk_commit(g, s, arg, err);
    if (head == H_DONE && op < 0)
        return s->decl.nans >= 2
                   ? TT_OK
                   : TT_REFUSE("INWO-5.17.9", NULL, "commit at least one token first");
    if (head == H_VALUE && op == OP_ROLL_MOD) {
        const inwo_op *o = &inwo_def_of(c, plot)->ability[0];
        int v = arg - INWO_VALUE_BIAS;
        return v >= o->value && v <= o->value2
                   ? TT_OK
                   : TT_REFUSE("INWO-2.10.7", NULL, "the value is from %d to %d", o->value,
                               o->value2);
    }
    if (head == H_TARGET && op == OP_INSTANT && s->decl.nans == 1)
        return chk_instant_target(g, s, plot, arg, s->decl.player, err);
    if ((head == H_HELPER || head == H_DONE) && op == OP_INSTANT && s->decl.nans >= 2) {
        if (head == H_DONE)
            return TT_OK;
        if (named(s) >= plot_op(c, plot, OP_INSTANT)->helpers)
            return TT_REFUSE("INWO-5.17.3", NULL, "%s takes %d helpers at most",
                             inwo_def_of(c, plot)->id, plot_op(c, plot, OP_INSTANT)->helpers);
        return chk_helper(g, s, arg, err);
    }
    return TT_REFUSE("INWO-5.0.4", NULL, "that does not answer the question asked");
}

static int chk_plot(const tt_game *g, const inwo_state *s, int plot, tt_error *err)
{
    if (s->card[plot].zone != Z_HAND || s->card[plot].holder != s->to_move)
        return TT_REFUSE("INWO-5.7.1", NULL, "play a Plot of your hand");
    switch (my_op(content_of(g), plot)) {
    case OP_INSTANT: return chk_launch(g, s, plot, err);
    case OP_UNPRIVILEGE: return chk_unprivilege(s, err);
    case OP_ROLL_MOD:
    case OP_AUTO_FAIL: return inwo_after_open(g, s, plot, 0, err);
    default: return TT_REFUSE("INWO-5.7.1", NULL, "play a Plot of your hand");
    }
}

int inwo_instant_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err)
{
    int head = INWO_HEAD(a), arg = INWO_ARG(a);
    if (head == H_PRIVILEGE)
        return chk_privilege(g, s, arg, err);
    if (inwo_instant_declaring(g, s))
        return chk_answer(g, s, a, err);
    switch (head) {
    case H_PLAY: return chk_plot(g, s, arg, err);
    case H_RELIEF: return chk_relief(g, s, arg, err);
    case H_COMMIT: return chk_commit(g, s, arg, err);
    default: return TT_REFUSE("INWO-5.0.4", NULL, "no such question is asked");
    }
}

/* The Reliefs the player to move may announce now (his Plots, these
 * included, are listed by plays.c). */
static int plays(const tt_game *g, const inwo_state *s, tt_action *out, int n)
{
    for (int j = 0; j < s->nodes_end; j++) {
        int place = s->node[j].card;
        if (place != INWO_NONE && (s->card[place].flags & INWO_F_DEVASTATED) &&
            !chk_relief(g, s, place, NULL))
            n = add(INWO_A(H_RELIEF, place), out, n);
    }
    return n;
}

int inwo_instant_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n)
{
    if (s->decl.head == H_ATTACK) { /* INWO-5.14.1: the sources, then none */
        n = priv_answers(content_of(g), s, out, n);
        return add(INWO_A(H_PRIVILEGE, INWO_NONE), out, n);
    }
    if (inwo_instant_declaring(g, s))
        return answers(g, s, out, n);
    if (may_play(s))
        n = plays(g, s, out, n);
    int k = current_relief(s);
    return k >= 0 ? commits(g, s, s->to_move, k, out, n, 0) : n;
}

static void announce(const tt_game *g, inwo_state *s, tt_events *ev)
{
    if (s->decl.head == H_RELIEF)
        relief_announce(g, s, ev);
    else if (my_op(content_of(g), s->decl.ans[0]) == OP_INSTANT)
        instant_announce(g, s, ev);
    else
        after_announce(g, s, ev);
}

/* INWO-5.0.1: questions with one answer are answered by the engine. */
static void advance(const tt_game *g, inwo_state *s, tt_events *ev)
{
    while (!answered(g, s)) {
        tt_action only[INWO_MAX_ACTIONS];
        if (s->forced[2] == INWO_UNFORCED || answers(g, s, only, 0) != 1)
            return;
        int arg = INWO_HEAD(only[0]) == H_DONE ? INWO_NONE : INWO_ARG(only[0]);
        s->decl.ans[s->decl.nans++] = (uint16_t)arg;
        if (s->nforced < 3)
            s->forced[s->nforced++] = only[0];
    }
    announce(g, s, ev);
}

void inwo_instant_apply(const tt_game *g, inwo_state *s, tt_action a, tt_events *ev)
{
    int head = INWO_HEAD(a), arg = INWO_ARG(a);
    if (inwo_instant_declaring(g, s)) {
        s->decl.ans[s->decl.nans++] = (uint16_t)(head == H_DONE ? INWO_NONE : arg);
        advance(g, s, ev);
        return;
    }
    if (head == H_COMMIT) {
        commit_in_round(s, arg, ev);
        return;
    }
    if (head == H_PLAY && my_op(content_of(g), arg) == OP_UNPRIVILEGE) {
        unprivilege(s, arg, ev);
        return;
    }
    begin(s, head == H_RELIEF ? H_RELIEF : H_PLAY, arg);
    advance(g, s, ev);
}
