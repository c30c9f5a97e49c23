/* Invaders actions: who decides, what they may do, and doing it (INV-5.1).
 *
 * One function, check(), decides whether an action is allowed now and, when an
 * error record is given, says which rule refuses it. legal() lists exactly the
 * candidates check() accepts (with no error record: no strings on the playout
 * path), and apply() runs check() first, so a listed action always applies and
 * a refused one leaves the state untouched. After an action, inv_run carries
 * the game on to the next decision. */
#include <assert.h>
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "core/lister.h"
#include "core/pile.h"
#include "games/invaders/invaders.h"

static const char *zname(const inv_content *c, int z)
{
    return c->zone_name[z];
}

static const tt_frame *top(const inv_state *s)
{
    return tt_stack_peek(&s->stack);
}

/* The kind of action that answers each question of a declaration (enum inv_need). */
static const int need_answer[] = {0,        A_REDUCE, A_ZONE, A_SACRIFICE,
                                  A_TARGET, A_ZONE,   A_ZONE, A_SACRIFICE};

int inv_to_move(const tt_game *g, const void *st)
{
    (void)g;
    const inv_state *s = st;
    if (s->step == S_GAME_OVER)
        return TT_TERMINAL;
    const tt_frame *f = top(s);
    return f ? f->player : s->active;
}

/* --- main-step checks ---------------------------------------------------------- */

/* check_play once the mover is known to hold def. */
static int check_play_held(const inv_content *c, const inv_state *s, int def, tt_error *err)
{
    int side = s->active;
    const inv_card *card = &c->card[def];
    if (card->cancel)
        return TT_REFUSE("INV-5.10", NULL, "%s can only be played in a cancel window", card->name);
    if (!inv_payable(c, s, side, s->npile[side][L_HAND] - 1, card->cost.discard, card->cost.drain,
                     inv_can_reduce(s, side))) {
        if (s->npile[side][L_HAND] - 1 < card->cost.discard - inv_can_reduce(s, side))
            return TT_REFUSE("INV-5.5", NULL, "%s costs discard %d and you hold %d other cards",
                             card->name, card->cost.discard, s->npile[side][L_HAND] - 1);
        return TT_REFUSE("INV-5.6", NULL, "%s costs drain %d and your deck has %d cards",
                         card->name, card->cost.drain, s->npile[side][L_DECK]);
    }
    if (!card->is_unit)
        return TT_OK;
    for (int z = 0; z < INV_NZ; z++)
        if ((card->zones >> z & 1) && inv_can_place(c, s, side, z, INV_NONE))
            return TT_OK;
    return TT_REFUSE(side == INV_INVADER ? "INV-5.9" : "INV-5.7", NULL,
                     "no zone has a free slot for %s", card->name);
}

static int check_play(const inv_content *c, const inv_state *s, int def, tt_error *err)
{
    if (def >= c->ncards || inv_hand_find(c, s, s->active, def) < 0)
        return TT_REFUSE("INV-5.3", NULL, "you hold no %s",
                         def < c->ncards ? c->card[def].id : "such card");
    return check_play_held(c, s, def, err);
}

static int check_use(const inv_content *c, const inv_state *s, int u, tt_error *err)
{
    int side = s->active;
    if (u >= c->ninst || inv_loc(s, u) != L_SLOT || inv_owner(c, u) != side)
        return TT_REFUSE("INV-5.12", NULL, "you can only use your own units in play");
    const inv_card *card = inv_def(c, u);
    if (card->activated < 0)
        return TT_REFUSE("INV-5.12", NULL, "%s has no ability to use", card->name);
    if (s->iflags[u] & IF_USED)
        return TT_REFUSE("INV-5.12", NULL, "%s was already used this turn", card->name);
    const inv_cost *k = &card->ab[(int)card->activated].cost;
    if (s->npile[side][L_HAND] < k->discard)
        return TT_REFUSE("INV-2.18", NULL, "using %s costs discard %d and you hold %d cards",
                         card->name, k->discard, s->npile[side][L_HAND]);
    if (s->npile[side][L_DECK] < k->drain)
        return TT_REFUSE("INV-2.18", NULL, "using %s costs drain %d and your deck has %d cards",
                         card->name, k->drain, s->npile[side][L_DECK]);
    if (s->counters[u] < k->remove_counters)
        return TT_REFUSE("INV-9.23", NULL, "%s holds %d counters, %d are needed", card->name,
                         s->counters[u], k->remove_counters);
    if (k->rotate && (s->iflags[u] & IF_ROTATED))
        return TT_REFUSE("INV-5.17", NULL, "%s is rotated and cannot pay a rotate cost",
                         card->name);
    return TT_OK;
}

static int check_strategy(const inv_content *c, const inv_state *s, int i, int window,
                          tt_error *err)
{
    int side = window ? INV_MANKIND : s->active;
    if (i >= c->nstrats || c->strat[i].side != side)
        return TT_REFUSE("INV-5.14", NULL, "that is not one of your strategies");
    const inv_strategy *st = &c->strat[i];
    if (s->strat_enabled[i])
        return TT_REFUSE("INV-5.14", NULL, "%s is already enabled and can never be used again",
                         st->name);
    if (window && st->timing != TIMING_OPPONENT_ATTACK_START)
        return TT_REFUSE("INV-4.7.1", NULL, "%s cannot be used in the attack window", st->name);
    if (!window && st->timing != TIMING_OWN_MAIN)
        return TT_REFUSE("INV-5.14", NULL, "%s is used only at the start of the Invader's attack",
                         st->name);
    return TT_OK;
}

static int any_move_dest(const inv_content *c, const inv_state *s, int unit, int dest_any)
{
    for (int z = 0; z < INV_NZ; z++)
        if (inv_dest_ok(c, s, unit, dest_any, z))
            return 1;
    return 0;
}

static int check_ops(const inv_content *c, const inv_state *s, int u, tt_error *err)
{
    if (s->active != INV_MANKIND)
        return TT_REFUSE("INV-5.16", NULL, "only Mankind has the Ops Centre");
    if (s->ops_uses >= c->ops_per_turn)
        return TT_REFUSE("INV-5.16", NULL, "the Ops Centre was used %d time%s this turn already",
                         s->ops_uses, s->ops_uses == 1 ? "" : "s");
    if (u >= c->ninst || inv_loc(s, u) != L_SLOT || inv_owner(c, u) != INV_MANKIND)
        return TT_REFUSE("INV-5.16", NULL, "the Ops Centre moves one of Mankind's units in play");
    if (s->npile[INV_MANKIND][L_HAND] < c->ops_cost.discard ||
        s->npile[INV_MANKIND][L_DECK] < c->ops_cost.drain)
        return TT_REFUSE("INV-2.24", NULL, "you cannot pay the Ops Centre's cost");
    if (!any_move_dest(c, s, u, c->ops_any))
        return TT_REFUSE("INV-5.23", NULL, "%s has no zone to move to", inv_def(c, u)->name);
    return TT_OK;
}

static int check_move_hero(const inv_content *c, const inv_state *s, tt_error *err)
{
    if (s->active != INV_MANKIND || s->hero == INV_NONE)
        return TT_REFUSE("INV-5.17", NULL, "only Mankind moves his hero");
    const inv_card *h = inv_def(c, s->hero);
    if (s->hero_moved)
        return TT_REFUSE("INV-5.17", NULL, "the hero already moved this turn");
    if (!h->mobile)
        return TT_REFUSE("INV-5.17", NULL, "%s is not mobile", h->name);
    if (s->iflags[s->hero] & IF_ROTATED)
        return TT_REFUSE("INV-5.17", NULL, "%s is rotated and cannot move", h->name);
    if (!any_move_dest(c, s, s->hero, 0))
        return TT_REFUSE("INV-5.17", NULL, "no adjacent zone has room for %s", h->name);
    return TT_OK;
}

static int check_main(const inv_content *c, const inv_state *s, int op, int arg, tt_error *err)
{
    switch (op) {
    case A_PASS: return TT_OK;
    case A_PLAY: return check_play(c, s, arg, err);
    case A_USE: return check_use(c, s, arg, err);
    case A_STRATEGY: return check_strategy(c, s, arg, 0, err);
    case A_PLOT_DRAW:
        if (s->active != INV_INVADER)
            return TT_REFUSE("INV-5.15", NULL, "only the Invader has the plot action");
        if (s->plot_used)
            return TT_REFUSE("INV-5.15", NULL, "the plot action was already used this turn");
        if (s->npile[INV_INVADER][L_DECK] == 0)
            return TT_REFUSE("INV-9.16", NULL, "your deck is empty");
        return TT_OK;
    case A_OPS: return check_ops(c, s, arg, err);
    case A_MOVE_HERO: return check_move_hero(c, s, err);
    default: return TT_REFUSE("INV-4.6", NULL, "that is not a main-step action");
    }
}

/* --- decision checks ---------------------------------------------------------------- */

static int check_sacrifice(const inv_content *c, const inv_state *s, int z, int mover, int u,
                           tt_error *err)
{
    if (u >= c->ninst || inv_loc(s, u) != L_SLOT || inv_owner(c, u) != INV_MANKIND ||
        inv_zone_of(s, u) != z)
        return TT_REFUSE("INV-5.8", NULL, "the sacrifice must be one of your units in %s",
                         zname(c, z));
    if (u == s->hero && !inv_hero_sacrificable(c, s, mover))
        return TT_REFUSE("INV-5.8", NULL,
                         "the hero can be sacrificed only in your turn, with heroes "
                         "left and a free slot for the replacement");
    return TT_OK;
}

/* INV-5.23, 2.3: can unit move to z? With the reason when it cannot. */
static int check_move(const inv_content *c, const inv_state *s, int unit, int dest_any, int z,
                      tt_error *err)
{
    int from = inv_zone_of(s, unit);
    const char *name = inv_def(c, unit)->name;
    if (z == from)
        return TT_REFUSE("INV-5.23", NULL, "%s is already in %s", name, zname(c, z));
    if (!dest_any && !(c->adjacent[from] >> z & 1))
        return TT_REFUSE("INV-2.3", NULL, "%s is not adjacent to %s", zname(c, z), zname(c, from));
    if (!(inv_def(c, unit)->zones >> z & 1))
        return TT_REFUSE("INV-5.23", NULL, "%s cannot be in %s", name, zname(c, z));
    if (!inv_dest_ok(c, s, unit, dest_any, z))
        return TT_REFUSE(inv_owner(c, unit) == INV_INVADER ? "INV-5.9" : "INV-5.8", NULL,
                         "%s has no room for %s", zname(c, z), name);
    return TT_OK;
}

static int check_place_zone(const inv_content *c, const inv_state *s, int z, tt_error *err)
{
    const inv_decl *d = &s->decl;
    if (d->kind == ACT_PLAY) {
        const inv_card *card = inv_def(c, d->source);
        if (!(card->zones >> z & 1))
            return TT_REFUSE("INV-5.7", NULL, "%s cannot be played in %s", card->name, zname(c, z));
        if (!inv_can_place(c, s, d->player, z, INV_NONE))
            return d->player == INV_INVADER
                       ? TT_REFUSE("INV-5.9", NULL,
                                   "your column in %s is full and the Invader never sacrifices",
                                   zname(c, z))
                       : TT_REFUSE("INV-5.8", NULL,
                                   "your column in %s is full and nothing there may be sacrificed",
                                   zname(c, z));
        return TT_OK;
    }
    return check_move(c, s, d->source, d->kind == ACT_OPS && c->ops_any, z, err);
}

/* INV-5.15 with INV-5.5/5.6: a reduction must lower a cost that is there and
 * leave one that can be paid. */
static int check_reduce(const inv_content *c, const inv_state *s, int player, const inv_card *card,
                        int r, tt_error *err)
{
    (void)c;
    int discard = card->cost.discard, drain = card->cost.drain, hand = s->npile[player][L_HAND];
    if (r > 2 || (r == 1 && !discard) || (r == 2 && !drain))
        return TT_REFUSE("INV-5.15", NULL,
                         "the reduction lowers the discard or the drain cost, if it is not 0");
    if (hand < discard - (r == 1))
        return TT_REFUSE("INV-5.5", NULL, "%s would cost discard %d and you hold %d other cards",
                         card->name, discard - (r == 1), hand);
    if (s->npile[player][L_DECK] < drain - (r == 2))
        return TT_REFUSE("INV-5.6", NULL, "%s would cost drain %d and your deck has %d cards",
                         card->name, drain - (r == 2), s->npile[player][L_DECK]);
    return TT_OK;
}

/* The answer (op, arg) to the question `need` of the declaration (with the
 * effect e and the choice slot it fills, as inv_next_choice gives them). */
static int check_answer(const inv_content *c, const inv_state *s, int need, const inv_effect *e,
                        int slot, int op, int arg, tt_error *err)
{
    const inv_decl *d = &s->decl;
    static const char *const question[] = {"",
                                           "the plot-action reduction: reduce none|discard|drain",
                                           "the zone: zone <Z>",
                                           "the unit to sacrifice: sacrifice <unit>",
                                           "a target: target <unit>",
                                           "a zone: zone <Z>",
                                           "where the unit moves: dest <Z>",
                                           "the unit to sacrifice: sacrifice <unit>"};
    if (op != need_answer[need])
        return TT_REFUSE("INV-5.26a", NULL, "%s is declaring; the question now is %s",
                         d->kind == ACT_STRATEGY ? c->strat[d->source].name
                                                 : inv_def(c, d->source)->name,
                         question[need]);
    switch (need) {
    case N_REDUCE: return check_reduce(c, s, d->player, inv_def(c, d->source), arg, err);
    case N_ZONE:
        return arg < INV_NZ ? check_place_zone(c, s, arg, err)
                            : TT_REFUSE("INV-2.2", NULL, "no such zone");
    case N_SACRIFICE:
        return check_sacrifice(c, s, d->zone, d->kind == ACT_PLAY ? INV_NONE : d->source, arg, err);
    case N_TARGET:
        return inv_target_ok(c, s, e, arg)
                   ? TT_OK
                   : TT_REFUSE("INV-2.20", NULL, "that unit is not a legal target");
    case N_EZONE:
        return inv_effect_zone_ok(c, s, e, arg)
                   ? TT_OK
                   : TT_REFUSE("INV-2.21", NULL, "that zone cannot be chosen");
    case N_DEST:
        return arg < INV_NZ ? check_move(c, s, d->choice[slot - 1], e->dest == DEST_ANY, arg, err)
                            : TT_REFUSE("INV-2.2", NULL, "no such zone");
    default: {
        int unit = d->choice[slot - 2], z = d->choice[slot - 1];
        return check_sacrifice(c, s, z, unit, arg, err);
    }
    }
}

static int check_declare(const inv_content *c, const inv_state *s, int op, int arg, tt_error *err)
{
    const inv_effect *e = NULL;
    int slot = 0;
    int need = inv_next_choice(c, (inv_state *)s, 0, &e, &slot); /* fill = 0: reads only */
    return check_answer(c, s, need, e, slot, op, arg, err);
}

/* check_cancel once player is known to hold def. */
static int check_cancel_held(const inv_content *c, const inv_state *s, int player, int def,
                             tt_error *err)
{
    const inv_card *card = &c->card[def];
    if (!card->cancel)
        return TT_REFUSE("INV-5.10", NULL, "%s cannot cancel", card->name);
    if (!inv_payable(c, s, player, s->npile[player][L_HAND] - 1, card->cost.discard,
                     card->cost.drain, inv_can_reduce(s, player)))
        return TT_REFUSE("INV-5.4", NULL, "you cannot pay %s's cost", card->name);
    return TT_OK;
}

static int check_cancel(const inv_content *c, const inv_state *s, int player, int def,
                        tt_error *err)
{
    if (def >= c->ncards || inv_hand_find(c, s, player, def) < 0)
        return TT_REFUSE("INV-5.10", NULL, "you hold no %s",
                         def < c->ncards ? c->card[def].id : "such card");
    return check_cancel_held(c, s, player, def, err);
}

static int check_decision(const inv_content *c, const inv_state *s, const tt_frame *f, int op,
                          int arg, tt_error *err)
{
    int p = f->player;
    switch (f->kind) {
    case F_PLACE_HERO:
        if (op != A_ZONE || arg >= INV_NZ)
            return TT_REFUSE("INV-5.22", NULL, "place the hero: choose a zone");
        if (s->ncol[INV_MANKIND][arg] >= c->slots)
            return TT_REFUSE("INV-5.22", NULL, "%s has no empty Mankind slot", zname(c, arg));
        return TT_OK;
    case F_DECLARE:
        if (f->a == 0)
            return check_declare(c, s, op, arg, err);
        if (op != A_REDUCE)
            return TT_REFUSE("INV-5.15", NULL, "choose the reduction of the cancel card's cost");
        return check_reduce(c, s, p, inv_def(c, s->chain[s->nchain - 1].card), arg, err);
    case F_PAY_DISCARD:
    case F_DISCARD_HAND:
        if (op != A_DISCARD || arg >= c->ncards || inv_hand_find(c, s, p, arg) < 0)
            return TT_REFUSE(f->kind == F_PAY_DISCARD ? "INV-5.5" : "INV-5.26", NULL,
                             "discard a card from your hand");
        return TT_OK;
    case F_WINDOW:
        if (op == A_DECLINE)
            return TT_OK;
        if (op != A_CANCEL)
            return TT_REFUSE("INV-5.10", NULL, "cancel with a card or decline");
        return check_cancel(c, s, p, arg, err);
    case F_ATTACK_WINDOW:
        if (op == A_DECLINE)
            return TT_OK;
        if (op != A_STRATEGY)
            return TT_REFUSE("INV-4.7.1", NULL, "enable a strategy or decline");
        return check_strategy(c, s, arg, 1, err);
    case F_SHIELD: {
        int most = inv_shield_counters(c, s, p);
        most = f->b < most ? f->b : most;
        if (op != A_SHIELD || arg > most)
            return TT_REFUSE("INV-5.19", NULL, "shield between 0 and %d", most);
        return TT_OK;
    }
    case F_SHIELD_TAKE:
        if (op != A_FROM || arg >= c->ninst || inv_loc(s, arg) != L_SLOT ||
            inv_owner(c, arg) != p || !inv_def(c, arg)->shield || !s->counters[arg])
            return TT_REFUSE("INV-9.21", NULL, "take the counter from one of your shield cards");
        return TT_OK;
    case F_SPLIT_REPAIR:
        if (op != A_ZONE || arg >= INV_NZ || !s->tokens[arg])
            return TT_REFUSE("INV-2.21", NULL, "choose a zone that carries damage tokens");
        return TT_OK;
    case F_TRIGGER_ORDER:
        if (op != A_TRIGGER || arg >= c->ninst ||
            tt_pile_find(s->trig, s->ntrig, (uint16_t)arg) < 0)
            return TT_REFUSE("INV-4.3", NULL, "choose which start-of-turn ability resolves next");
        return TT_OK;
    default: return TT_REFUSE("INV-5.18", NULL, "no decision is pending");
    }
}

/* Is the pending question a sacrifice? (INV-5.8: only into a full column) */
static int asks_sacrifice(const inv_content *c, const inv_state *s, const tt_frame *f)
{
    if (!f || f->kind != F_DECLARE || f->a)
        return 0;
    int need = inv_next_choice(c, (inv_state *)s, 0, NULL, NULL);
    return need == N_SACRIFICE || need == N_ESAC;
}

static int check(const inv_content *c, const inv_state *s, tt_action a, tt_error *err)
{
    if (s->step == S_GAME_OVER)
        return tt_fail(err, TT_ESTATE, "INV-8.1", "the game is over");
    int op = INV_OP(a), arg = INV_ARG(a);
    if ((op == A_PASS || op == A_PLOT_DRAW || op == A_MOVE_HERO || op == A_DECLINE) && arg)
        return tt_fail(err, TT_EPARSE, NULL, "not an action of this game");
    const tt_frame *f = top(s);
    if (op == A_SACRIFICE && !asks_sacrifice(c, s, f))
        return TT_REFUSE("INV-5.8", NULL,
                         "a sacrifice is declared only when the chosen column is full");
    if (f)
        return check_decision(c, s, f, op, arg, err);
    return check_main(c, s, op, arg, err);
}

/* --- legal ------------------------------------------------------------------------- */

/* The candidates of a position, each kept when check() accepts it (core/lister.h). */
typedef struct lister {
    const inv_content *c;
    const inv_state *s;
    /* a declaration's question (need > N_NONE), asked once for its answers */
    int need, slot;
    const inv_effect *e;
    tt_lister list;
} lister;

/* A candidate is well-formed and answers what the position asks (a main-step
 * action, or the pending decision's kind of answer), so only the rules of its
 * own kind are asked; debug builds assert the answer is check()'s. */
static int check_listed(const void *ctx, tt_action a)
{
    const lister *L = ctx;
    const tt_frame *f = top(L->s);
    int op = INV_OP(a), arg = INV_ARG(a), rc;
    if (L->need != N_NONE)
        rc = check_answer(L->c, L->s, L->need, L->e, L->slot, op, arg, NULL);
    else
        rc = f ? check_decision(L->c, L->s, f, op, arg, NULL)
               : check_main(L->c, L->s, op, arg, NULL);
    assert(rc == check(L->c, L->s, a, NULL));
    return rc;
}

/* A card of the hand: play it, cancel with it or discard it, past the rule
 * that one holds it (INV-5.3, 5.10; every card is discardable). */
static int check_held(const lister *L, int side, int op, int def)
{
    int rc = op == A_PLAY     ? check_play_held(L->c, L->s, def, NULL)
             : op == A_CANCEL ? check_cancel_held(L->c, L->s, side, def, NULL)
                              : TT_OK;
    assert(rc == check(L->c, L->s, INV_ACTION(op, def), NULL));
    return rc;
}

static void offer(lister *L, int op, int arg)
{
    tt_offer(&L->list, INV_ACTION(op, arg));
}

/* Lists a, whose check of its own kind the caller asked (rc), past the
 * dispatch that check() makes by the position; debug builds assert check()
 * agrees. */
static void keep_checked(lister *L, tt_action a, int rc)
{
    assert(rc == check(L->c, L->s, a, NULL));
    tt_keep(&L->list, a, rc);
}

/* A unit u of the list of offer_units: its use or Ops Centre move (main
 * step) asked of that action's check alone. */
static void offer_unit(lister *L, int op, int u)
{
    if (op == A_USE)
        keep_checked(L, INV_ACTION(op, u), check_use(L->c, L->s, u, NULL));
    else if (op == A_OPS)
        keep_checked(L, INV_ACTION(op, u), check_ops(L->c, L->s, u, NULL));
    else
        tt_offer(&L->list, INV_ACTION(op, u));
}

/* The units in play of `side` (-1: of both sides), in column order. Where
 * only one side's units can be the answer, the other side's are not offered,
 * nor, to be used, a unit without an activated ability (INV-5.12): debug
 * builds assert check() refuses them. */
static void offer_units(lister *L, int op, int side)
{
    for (int sd = 0; sd < 2; sd++)
        for (int z = 0; z < INV_NZ; z++)
            for (int i = 0; i < L->s->ncol[sd][z]; i++) {
                int u = L->s->col[sd][z][i];
                if ((side < 0 || sd == side) && (op != A_USE || inv_def(L->c, u)->activated >= 0))
                    offer_unit(L, op, u);
                else
                    assert(check(L->c, L->s, INV_ACTION(op, u), NULL) != TT_OK);
            }
}

/* The strategies of `side` (INV-5.14: a player enables only his own), in
 * the main step or (window 1) the attack window. */
static void offer_strategies(lister *L, int side, int window)
{
    for (int i = 0; i < L->c->nstrats; i++) {
        tt_action a = INV_ACTION(A_STRATEGY, i);
        if (L->c->strat[i].side == side)
            keep_checked(L, a, check_strategy(L->c, L->s, i, window, NULL));
        else
            assert(check(L->c, L->s, a, NULL) != TT_OK);
    }
}

/* One action per distinct card in hand (copies are interchangeable). */
static void offer_hand(lister *L, int side, int op)
{
    uint8_t seen[INV_MAX_DEFS] = {0};
    const uint16_t *hand = inv_pile(L->s, side, L_HAND);
    for (int i = 0; i < L->s->npile[side][L_HAND]; i++) {
        int def = L->c->inst_def[hand[i]];
        if (!seen[def]++)
            tt_keep(&L->list, INV_ACTION(op, def), check_held(L, side, op, def));
    }
}

static void offer_range(lister *L, int op, int n)
{
    for (int i = 0; i < n; i++)
        offer(L, op, i);
}

static void list_main(lister *L)
{
    int side = L->s->active;
    offer(L, A_PASS, 0);
    offer_hand(L, side, A_PLAY);
    offer_units(L, A_USE, side);
    offer_strategies(L, side, 0);
    offer(L, A_PLOT_DRAW, 0);
    if (side == INV_MANKIND) {
        offer_units(L, A_OPS, INV_MANKIND);
        offer(L, A_MOVE_HERO, 0);
    }
}

int inv_legal(const tt_game *g, const void *st, tt_action *out)
{
    lister L = {inv_content_of(g), st, N_NONE, 0, NULL, {0}};
    L.list = tt_lister_make(check_listed, &L, out, g->max_actions);
    const inv_state *s = st;
    if (s->step == S_GAME_OVER)
        return 0;
    const tt_frame *f = top(s);
    if (!f) {
        list_main(&L);
        return L.list.n;
    }
    switch (f->kind) {
    case F_PLACE_HERO:
    case F_SPLIT_REPAIR: offer_range(&L, A_ZONE, INV_NZ); break;
    case F_PAY_DISCARD:
    case F_DISCARD_HAND: offer_hand(&L, f->player, A_DISCARD); break;
    case F_WINDOW:
        offer(&L, A_DECLINE, 0);
        offer_hand(&L, f->player, A_CANCEL);
        break;
    case F_ATTACK_WINDOW:
        offer(&L, A_DECLINE, 0);
        offer_strategies(&L, INV_MANKIND, 1);
        break;
    case F_SHIELD: offer_range(&L, A_SHIELD, f->b + 1); break;
    case F_SHIELD_TAKE: offer_units(&L, A_FROM, f->player); break;
    case F_TRIGGER_ORDER: offer_units(&L, A_TRIGGER, -1); break;
    case F_DECLARE: {
        /* only answers of the kind the question asks for, the question asked once */
        if (!f->a)
            L.need = inv_next_choice(L.c, (inv_state *)s, 0, &L.e, &L.slot);
        int op = f->a ? A_REDUCE : need_answer[L.need];
        if (op == A_REDUCE || op == A_ZONE)
            offer_range(&L, op, op == A_REDUCE ? 3 : INV_NZ);
        else
            offer_units(&L, op, op == A_SACRIFICE ? INV_MANKIND : -1);
        break;
    }
    default: break;
    }
    return L.list.n;
}

/* --- apply ---------------------------------------------------------------------- */

static int take_from_hand(const inv_content *c, inv_state *s, int side, int def)
{
    const uint16_t *hand = inv_pile(s, side, L_HAND);
    int i = 0;
    while (c->inst_def[hand[i]] != def) /* the first copy in hand order; check() found one */
        i++;
    int inst = tt_piles_remove_at(inv_cards(s, side), s->npile[side], INV_NPILES, L_HAND, i);
    s->loc[inst] = L_LIMBO;
    return inst;
}

static void do_play(const inv_content *c, inv_state *s, int def, tt_events *ev)
{
    int side = s->active;
    int inst = take_from_hand(c, s, side, def);
    const inv_card *card = &c->card[def];
    tt_emit(ev, E_PLAY, side, TT_SEEN_ALL, inst, card->cost.discard, card->cost.drain, 0);
    inv_begin(s, ACT_PLAY, side, inst);
    s->decl.discard_left = card->cost.discard;
    s->decl.drain = card->cost.drain;
    if (inv_can_reduce(s, side) && (card->cost.discard || card->cost.drain))
        s->decl.reduce = INV_UNSET;
}

static void do_reduce(const inv_content *c, inv_state *s, const tt_frame *f, int r, tt_events *ev)
{
    int link = f->a == 1;
    tt_stack_pop(&s->stack);
    if (link) {
        inv_link *l = &s->chain[s->nchain - 1];
        l->reduce = (uint8_t)r;
        l->discard_left = (uint8_t)(l->discard_left - (r == 1));
    } else {
        s->decl.reduce = (uint8_t)r;
        s->decl.discard_left = (uint8_t)(s->decl.discard_left - (r == 1));
        s->decl.drain = (uint8_t)(s->decl.drain - (r == 2));
    }
    if (r) { /* INV-5.15: the marker moves at declaration, never undone */
        s->plot_used = 1;
        tt_emit(ev, E_REDUCE, INV_INVADER, TT_SEEN_ALL, r, 0, 0, 0);
        inv_move_plot(c, s, -1, ev);
    }
}

static void answer_declare(const inv_content *c, inv_state *s, int value, tt_events *ev)
{
    const inv_effect *e = NULL;
    int slot = 0;
    int need = inv_next_choice(c, s, 0, &e, &slot);
    tt_stack_pop(&s->stack);
    if (need == N_ZONE)
        s->decl.zone = (uint8_t)value;
    else if (need == N_SACRIFICE)
        s->decl.sacrifice = (uint8_t)value;
    else
        s->decl.choice[slot] = (uint8_t)value;
    /* INV-5.26a: the choices of a card, a use or a strategy are declared for
     * both players to see (an Ops Centre or hero move is narrated as it moves) */
    if (s->decl.kind == ACT_OPS || s->decl.kind == ACT_MOVE_HERO)
        return;
    int card = need == N_SACRIFICE || need == N_TARGET || need == N_ESAC;
    tt_emit(ev, E_CHOICE, s->decl.player, TT_SEEN_ALL, inv_shown_need(s, need), value,
            card ? inv_zone_of(s, value) : INV_NONE, 0);
}

static void place_hero(const inv_content *c, inv_state *s, const tt_frame *f, int z, tt_events *ev)
{
    int replacement = f->a;
    tt_stack_pop(&s->stack);
    int h = tt_pile_pop(s->hero_deck, &s->nhero_deck);
    inv_enter_slot(s, INV_MANKIND, z, h);
    s->hero = (uint8_t)h;
    if (replacement) /* INV-5.22: a replacement enters rotated */
        s->iflags[h] |= IF_ROTATED;
    tt_emit(ev, E_HERO, INV_MANKIND, TT_SEEN_ALL, h, z, replacement, 0);
    (void)c;
}

static void do_discard(const inv_content *c, inv_state *s, tt_frame *f, int def, tt_events *ev)
{
    int side = f->player;
    int inst = take_from_hand(c, s, side, def);
    inv_to_discard(c, s, inst);
    if (f->kind == F_PAY_DISCARD) {
        tt_emit(ev, E_PAY_DISCARD, side, TT_SEEN_ALL, inst, 0, 0, 0);
        if (f->a == 1)
            s->chain[s->nchain - 1].discard_left--;
        else
            s->decl.discard_left--;
        tt_stack_pop(&s->stack);
        return;
    }
    tt_emit(ev, E_DISCARD, side, TT_SEEN_ALL, inst, 0, 0, 0);
    if (--f->a == 0 || s->npile[side][L_HAND] == 0)
        tt_stack_pop(&s->stack);
}

static void do_cancel(const inv_content *c, inv_state *s, int player, int def, tt_events *ev)
{
    tt_stack_pop(&s->stack);
    int inst = take_from_hand(c, s, player, def);
    const inv_card *card = &c->card[def];
    assert(tt_round_holder(&s->window) == player);
    tt_round_play(&s->window); /* INV-5.10 step 2: the window passes to the opponent */
    inv_link *l = &s->chain[s->nchain++];
    assert(s->nchain <= INV_MAX_CHAIN);
    l->card = (uint8_t)inst;
    l->player = (uint8_t)player;
    l->discard_left = card->cost.discard;
    l->reduce =
        inv_can_reduce(s, player) && (card->cost.discard || card->cost.drain) ? INV_UNSET : 0;
    tt_emit(ev, E_CANCEL, player, TT_SEEN_ALL, inst, card->cost.discard, card->cost.drain, 0);
    tt_stack_push(&s->stack, F_LINK, (uint8_t)player)->a = P_DECLARE;
}

static void do_shield(const inv_content *c, inv_state *s, int k, tt_events *ev)
{
    int side = tt_stack_top(&s->stack)->player;
    tt_stack_pop(&s->stack);
    tt_stack_top(&s->stack)->b = (uint8_t)(tt_stack_top(&s->stack)->b - k);
    tt_emit(ev, E_SHIELD, side, TT_SEEN_ALL, k, 0, 0, 0);
    if (!k)
        return;
    int sources = 0, only = -1;
    for (int z = 0; z < INV_NZ; z++)
        for (int i = 0; i < s->ncol[side][z]; i++) {
            int u = s->col[side][z][i];
            if (inv_def(c, u)->shield && s->counters[u]) {
                sources++;
                only = u;
            }
        }
    if (sources == 1)
        s->counters[only] = (uint8_t)(s->counters[only] - k);
    else
        tt_stack_push(&s->stack, F_SHIELD_TAKE, (uint8_t)side)->a = (uint8_t)k;
}

static void do_zone(const inv_content *c, inv_state *s, tt_frame *f, int z, tt_events *ev)
{
    if (f->kind == F_PLACE_HERO) {
        place_hero(c, s, f, z, ev);
    } else if (f->kind == F_SPLIT_REPAIR) {
        s->tokens[z]--;
        s->supply++;
        tt_emit(ev, E_REPAIR, INV_MANKIND, TT_SEEN_ALL, z, 1, inv_zone_power(c, s, z), 0);
        if (--f->a == 0 || s->tokens[0] + s->tokens[1] + s->tokens[2] == 0)
            tt_stack_pop(&s->stack);
    } else {
        answer_declare(c, s, z, ev);
    }
}

static void do_decision(const inv_content *c, inv_state *s, tt_frame *f, int op, int arg,
                        tt_events *ev)
{
    switch (op) {
    case A_REDUCE: do_reduce(c, s, f, arg, ev); break;
    case A_ZONE: do_zone(c, s, f, arg, ev); break;
    case A_SACRIFICE:
    case A_TARGET: answer_declare(c, s, arg, ev); break;
    case A_DISCARD: do_discard(c, s, f, arg, ev); break;
    case A_CANCEL: do_cancel(c, s, f->player, arg, ev); break;
    case A_DECLINE: {
        int window = f->kind == F_WINDOW;
        tt_emit(ev, E_DECLINE, f->player, TT_SEEN_ALL, window, 0, 0, 0);
        tt_stack_pop(&s->stack);
        if (window) {
            int closed = tt_round_pass(&s->window); /* two players: one pass closes */
            assert(closed);
            (void)closed;
            inv_close_chain(c, s, ev);
        }
        break;
    }
    case A_STRATEGY: /* the attack window stays below, for further strategies */
        s->strat_enabled[arg] = 1;
        tt_emit(ev, E_STRATEGY, INV_MANKIND, TT_SEEN_ALL, arg, 0, 0, 0);
        inv_begin(s, ACT_STRATEGY, INV_MANKIND, arg);
        break;
    case A_SHIELD: do_shield(c, s, arg, ev); break;
    case A_FROM:
        s->counters[arg]--;
        tt_emit(ev, E_COUNTERS, f->player, TT_SEEN_ALL, arg, s->counters[arg], 0, 0);
        if (--f->a == 0)
            tt_stack_pop(&s->stack);
        break;
    case A_TRIGGER:
        tt_stack_pop(&s->stack);
        tt_pile_remove(s->trig, &s->ntrig, (uint16_t)arg);
        inv_begin(s, ACT_TRIGGER, s->active, arg);
        break;
    default: break;
    }
}

static void do_main(const inv_content *c, inv_state *s, int op, int arg, tt_events *ev)
{
    int side = s->active;
    switch (op) {
    case A_PASS: inv_pass(c, s, ev); break;
    case A_PLAY: do_play(c, s, arg, ev); break;
    case A_USE: {
        const inv_card *card = inv_def(c, arg);
        const inv_cost *k = &card->ab[(int)card->activated].cost;
        s->iflags[arg] |= IF_USED;
        tt_emit(ev, E_USE, side, TT_SEEN_ALL, arg, 0, 0, 0);
        inv_begin(s, ACT_USE, side, arg);
        s->decl.discard_left = k->discard;
        s->decl.drain = k->drain;
        break;
    }
    case A_STRATEGY:
        s->strat_enabled[arg] = 1;
        tt_emit(ev, E_STRATEGY, side, TT_SEEN_ALL, arg, 0, 0, 0);
        inv_begin(s, ACT_STRATEGY, side, arg);
        break;
    case A_PLOT_DRAW:
        s->plot_used = 1;
        tt_emit(ev, E_REDUCE, INV_INVADER, TT_SEEN_ALL, 0, 0, 0, 0);
        inv_draw(s, INV_INVADER, ev);
        inv_move_plot(c, s, -1, ev);
        break;
    case A_OPS:
        s->ops_uses++;
        tt_emit(ev, E_USE, side, TT_SEEN_ALL, arg, 1, 0, 0);
        inv_begin(s, ACT_OPS, INV_MANKIND, arg);
        s->decl.discard_left = c->ops_cost.discard;
        s->decl.drain = c->ops_cost.drain;
        break;
    case A_MOVE_HERO:
        s->hero_moved = 1;
        inv_begin(s, ACT_MOVE_HERO, INV_MANKIND, s->hero);
        break;
    default: break;
    }
}

int inv_apply(const tt_game *g, void *st, tt_action a, tt_events *ev, tt_error *err)
{
    const inv_content *c = inv_content_of(g);
    inv_state *s = st;
    int rc = check(c, s, a, err);
    if (rc)
        return rc; /* nothing changed */
    tt_frame *f = tt_stack_top(&s->stack);
    if (f)
        do_decision(c, s, f, INV_OP(a), INV_ARG(a), ev);
    else
        do_main(c, s, INV_OP(a), INV_ARG(a), ev);
    inv_run(c, s, ev);
    return TT_OK;
}

/* INV-5.28: either player may concede at any time, outside the turn order. */
int inv_offturn_apply(const tt_game *g, void *st, int player, tt_action a, tt_events *ev,
                      tt_error *err)
{
    (void)g;
    if (a != TT_CONCEDE)
        return tt_fail(err, TT_EARG, NULL, "not an action outside the turn order of Invaders");
    inv_end_game(st, 1 - player, R_CONCEDED, ev);
    return TT_OK;
}
