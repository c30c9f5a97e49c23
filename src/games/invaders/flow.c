/* Invaders flow: the turn (INV-4), activations and the cancel chain (INV-5.3,
 * 5.10), effect primitives (INV-2.19, 5.19–5.24) and victory (INV-8).
 *
 * inv_run drives the state forward until a player must decide or the game is
 * over: it works the frames on the pending-decision stack and, when the stack is
 * empty, steps the turn. Work frames resume where they stopped, so an effect
 * list can pause for a shield prompt and carry on after the answer. The cancel
 * window is a priority round (core/round.h): the played card and each cancel
 * card are its plays, TT_ROUND_NOT_LAST keeps a player from cancelling his own
 * card, and a player not asked (INV-5.18) passes automatically. This runs in
 * every playout: no allocation, no strings; events only when asked for. */
#include <string.h>

#include "core/events.h"
#include "core/pile.h"
#include "core/round.h"
#include "games/invaders/invaders.h"

#define OPP(side) (1 - (side))

/* --- victory (INV-8.2, INV-8.3) -------------------------------------------------- */

void inv_end_game(inv_state *s, int winner, int reason, tt_events *ev)
{
    s->end_step = s->step;
    s->step = S_GAME_OVER;
    if (winner == INV_NONE)
        tt_head_end_draw(&s->head, 2, reason);
    else
        tt_head_end_win(&s->head, 2, winner, reason);
    if (reason == R_CONCEDED)
        s->head.eliminated = (uint8_t)(1u << OPP(winner));
    s->stack.n = 0;
    tt_emit(ev, E_GAME_OVER, winner == INV_NONE ? 0 : winner, TT_SEEN_ALL, reason, s->head.turn, 0,
            0);
}

static int collapsed(const inv_content *c, const inv_state *s)
{
    unsigned live = 0; /* bit per zone with power left */
    for (int z = 0; z < INV_NZ; z++)
        live |= (unsigned)(inv_zone_power(c, s, z) > 0) << z;
    for (int k = 0; k < c->ncollapse; k++)
        if (!(c->collapse[k] & live))
            return 1;
    return 0;
}

/* The WIN_AT_COUNTERS side, or -1 (INV-9.20): the first side in seat order
 * with such a unit in play on its threshold. Only WIN_AT_COUNTERS cards are
 * looked at. */
static int card_winner(const inv_content *c, const inv_state *s)
{
    int side = -1;
    for (int k = 0; k < c->nwinners && side != 0; k++) {
        int u = c->winner[k];
        if (inv_loc(s, u) == L_SLOT && s->counters[u] >= inv_def(c, u)->win_at)
            side = inv_owner(c, u);
    }
    return side;
}

/* A checkpoint: ends the game if any condition holds; returns 1 if it is over. */
int inv_check(const inv_content *c, inv_state *s, tt_events *ev)
{
    if (s->step == S_GAME_OVER)
        return 1;
    int mankind = R_NONE, invader = R_NONE;
    if (s->plot == 0)
        mankind = R_PLOT_ZERO;
    else if (s->fail & (1 << INV_INVADER))
        mankind = R_INVADER_DECK_OUT;
    if (s->fail & (1 << INV_MANKIND))
        invader = R_MANKIND_DECK_OUT;
    else if (s->heroes_out)
        invader = R_HEROES_EXHAUSTED;
    else if (collapsed(c, s))
        invader = R_ZONES_COLLAPSED;
    int cw = card_winner(c, s);
    if (cw == INV_MANKIND && !mankind)
        mankind = R_CARD_WIN;
    if (cw == INV_INVADER && !invader)
        invader = R_CARD_WIN;
    if (mankind && invader)
        inv_end_game(s, INV_MANKIND, R_SIMULTANEOUS, ev); /* INV-8.3 */
    else if (mankind)
        inv_end_game(s, INV_MANKIND, mankind, ev);
    else if (invader)
        inv_end_game(s, INV_INVADER, invader, ev);
    return s->step == S_GAME_OVER;
}

/* --- small moves ---------------------------------------------------------------- */

void inv_move_plot(const inv_content *c, inv_state *s, int delta, tt_events *ev)
{
    int from = s->plot, to = from + delta;
    to = to < 0 ? 0 : to > c->plot_max ? c->plot_max : to; /* INV-2.7 */
    s->plot = (uint8_t)to;
    tt_emit(ev, E_PLOT, 0, TT_SEEN_ALL, from, to, 0, 0);
    inv_check(c, s, ev);
}

/* Draws one card for side (the caller made sure the deck is not empty). */
void inv_draw(inv_state *s, int side, tt_events *ev)
{
    int card = inv_pile_move(s, side, L_DECK, s->npile[side][L_DECK] - 1, L_HAND);
    tt_emit(ev, E_DRAW, side, TT_SEEN(side), card, 0, 0, 0);
}

/* The current hero left play: a replacement, or the Invader wins (INV-5.22;
 * content may turn that win off, and Mankind then fights on without a hero). */
static void hero_left(const inv_content *c, inv_state *s)
{
    if (s->nhero_deck == 0)
        s->heroes_out = c->heroes_exhausted_loses;
    else
        tt_stack_push(&s->stack, F_PLACE_HERO, INV_MANKIND)->a = 1;
}

void inv_destroy(const inv_content *c, inv_state *s, int inst, tt_events *ev)
{
    int was_hero = inst == s->hero;
    tt_emit(ev, E_DESTROY, inv_owner(c, inst), TT_SEEN_ALL, inst, inv_zone_of(s, inst), 0, 0);
    inv_leave_play(s, inst);
    inv_to_discard(c, s, inst); /* INV-5.21: the owner's pile */
    if (was_hero)
        hero_left(c, s);
}

void inv_sacrifice(const inv_content *c, inv_state *s, int inst, tt_events *ev)
{
    int was_hero = inst == s->hero;
    tt_emit(ev, E_SACRIFICE, INV_MANKIND, TT_SEEN_ALL, inst, inv_zone_of(s, inst), 0, 0);
    inv_leave_play(s, inst);
    inv_to_discard(c, s, inst);
    if (was_hero)
        hero_left(c, s);
}

/* Moves a unit to zone z, sacrificing `sac` first if given (INV-5.23, 5.8). */
static void move_unit(const inv_content *c, inv_state *s, int unit, int z, int sac, tt_events *ev)
{
    int side = inv_owner(c, unit), from = inv_zone_of(s, unit);
    uint8_t keep_counters = s->counters[unit], keep_flags = s->iflags[unit];
    int is_hero = unit == s->hero;
    tt_pile_remove(s->col[side][from], &s->ncol[side][from], (uint16_t)unit);
    if (sac != INV_NONE)
        inv_sacrifice(c, s, sac, ev);
    inv_enter_slot(s, side, z, unit);
    s->counters[unit] = keep_counters; /* INV-5.23: a move keeps counters and flags */
    s->iflags[unit] = keep_flags;
    if (is_hero)
        s->hero = (uint8_t)unit;
    tt_emit(ev, E_MOVE, side, TT_SEEN_ALL, unit, from, z, 0);
}

/* --- starting an activation ----------------------------------------------------- */

void inv_begin(inv_state *s, int kind, int player, int source)
{
    inv_decl *d = &s->decl;
    memset(d, 0, sizeof *d);
    d->kind = (uint8_t)kind;
    d->player = (uint8_t)player;
    d->source = (uint8_t)source;
    d->zone = d->sacrifice = INV_UNSET;
    memset(d->choice, INV_UNSET, sizeof d->choice);
    tt_stack_push(&s->stack, F_ACTIVATION, (uint8_t)player)->a = P_DECLARE;
}

int inv_decl_nabilities(const inv_content *c, const inv_state *s)
{
    const inv_decl *d = &s->decl;
    if (d->kind == ACT_STRATEGY)
        return 1;
    if (d->kind == ACT_OPS || d->kind == ACT_MOVE_HERO)
        return 0;
    int want = d->kind == ACT_PLAY  ? TR_ON_PLAY
               : d->kind == ACT_USE ? TR_ACTIVATED
                                    : TR_START_OF_TURN;
    const inv_card *card = inv_def(c, d->source);
    int n = 0;
    for (int i = 0; i < card->nab; i++)
        n += card->ab[i].trigger == want;
    return n;
}

/* The i-th ability the decl resolves (ON_PLAY, ACTIVATED or START_OF_TURN ones). */
const inv_ability *inv_decl_ability(const inv_content *c, const inv_state *s, int i)
{
    const inv_decl *d = &s->decl;
    if (d->kind == ACT_STRATEGY)
        return &c->strat[d->source].ab;
    int want = d->kind == ACT_PLAY  ? TR_ON_PLAY
               : d->kind == ACT_USE ? TR_ACTIVATED
                                    : TR_START_OF_TURN;
    const inv_card *card = inv_def(c, d->source);
    for (int k = 0; k < card->nab; k++)
        if (card->ab[k].trigger == want && i-- == 0)
            return &card->ab[k];
    return NULL;
}

/* --- costs, the cancel window and the chain (INV-5.3–5.10) ----------------------- */

static void pay_drain(inv_state *s, int side, int n, tt_events *ev)
{
    for (int i = 0; i < n; i++) { /* INV-5.6: never inflicted, never a loss */
        int card = inv_pile_move(s, side, L_DECK, s->npile[side][L_DECK] - 1, L_DISCARD);
        tt_emit(ev, E_PAY_DRAIN, side, TT_SEEN_ALL, card, 0, 0, 0);
    }
}

int inv_window_needed(const inv_content *c, const inv_state *s, int player)
{
    if (s->npile[player][L_HAND] == 0)
        return 0;
    if (!c->auto_decline)
        return 1; /* INV-5.18: opened even with nothing to cancel with */
    const uint16_t *hand = inv_pile(s, player, L_HAND);
    for (int i = 0; i < s->npile[player][L_HAND]; i++) {
        const inv_card *card = inv_def(c, hand[i]);
        if (card->cancel &&
            inv_payable(c, s, player, s->npile[player][L_HAND] - 1, card->cost.discard,
                        card->cost.drain, inv_can_reduce(s, player)))
            return 1;
    }
    return 0;
}

/* INV-5.10 step 3–4: the window was declined; settle the chain. */
void inv_close_chain(const inv_content *c, inv_state *s, tt_events *ev)
{
    for (int i = 0; i < s->nchain; i++)
        inv_to_discard(c, s, s->chain[i].card);
    s->decl.cancelled = (uint8_t)(s->nchain & 1);
    s->nchain = 0;
    if (s->decl.cancelled) {
        tt_emit(ev, E_CANCELLED, s->decl.player, TT_SEEN_ALL, s->decl.source, 0, 0, 0);
        inv_to_discard(c, s, s->decl.source);
    }
}

/* tt_round_poll's question: is player asked whether he cancels? */
typedef struct window_ask {
    const inv_content *c;
    const inv_state *s;
} window_ask;

static int asked(const void *ctx, int player)
{
    const window_ask *w = ctx;
    return inv_window_needed(w->c, w->s, player);
}

/* After a card (original or cancel) is paid for: the window of the player
 * holding priority, or — when he is not asked (INV-5.18), which passes for him
 * and closes the round — the end of the chain. */
static void poll_window(const inv_content *c, inv_state *s, tt_events *ev)
{
    window_ask w = {c, s};
    if (tt_round_poll(&s->window, asked, &w))
        inv_close_chain(c, s, ev);
    else
        tt_stack_push(&s->stack, F_WINDOW, (uint8_t)tt_round_holder(&s->window));
}

static void work_link(const inv_content *c, inv_state *s, tt_frame *f, tt_events *ev)
{
    inv_link *l = &s->chain[s->nchain - 1];
    if (f->a == P_DECLARE) {
        f->a = P_PAY;
        if (l->reduce == INV_UNSET) {
            tt_stack_push(&s->stack, F_DECLARE, l->player)->a = 1;
            return;
        }
    }
    if (l->discard_left > 0) {
        tt_stack_push(&s->stack, F_PAY_DISCARD, l->player)->a = 1;
        return;
    }
    const inv_card *card = inv_def(c, l->card);
    int drain = card->cost.drain - (l->reduce == 2);
    int player = l->player;
    tt_stack_pop(&s->stack);
    pay_drain(s, player, drain, ev);
    poll_window(c, s, ev);
}

/* --- activations ----------------------------------------------------------------- */

static void place_played_unit(const inv_content *c, inv_state *s, tt_events *ev)
{
    inv_decl *d = &s->decl;
    int side = d->player;
    if (d->sacrifice != INV_NONE)
        inv_sacrifice(c, s, d->sacrifice, ev); /* INV-9.14: only now */
    inv_enter_slot(s, side, d->zone, d->source);
    s->counters[d->source] = inv_def(c, d->source)->enter_counters;
    tt_emit(ev, E_ENTER, side, TT_SEEN_ALL, d->source, d->zone, s->counters[d->source], 0);
}

static void pay_use_costs(const inv_content *c, inv_state *s, tt_events *ev)
{
    inv_decl *d = &s->decl;
    const inv_ability *ab = &inv_def(c, d->source)->ab[(int)inv_def(c, d->source)->activated];
    s->counters[d->source] = (uint8_t)(s->counters[d->source] - ab->cost.remove_counters);
    if (ab->cost.remove_counters)
        tt_emit(ev, E_COUNTERS, d->player, TT_SEEN_ALL, d->source, s->counters[d->source], 0, 0);
    if (ab->cost.rotate)
        s->iflags[d->source] |= IF_ROTATED;
}

static void finish_activation(const inv_content *c, inv_state *s)
{
    inv_decl *d = &s->decl;
    if (d->kind == ACT_PLAY && inv_loc(s, d->source) == L_LIMBO)
        inv_to_discard(c, s, d->source); /* a one-shot, resolved (INV-5.11) */
    d->kind = ACT_NONE;
    tt_stack_pop(&s->stack);
}

static void commit(const inv_content *c, inv_state *s, tt_frame *f, tt_events *ev)
{
    inv_decl *d = &s->decl;
    f->a = P_RESOLVE;
    if (d->kind == ACT_PLAY) {
        /* INV-5.10: the played card is the round's first play, so its player
         * is never asked to cancel it and priority passes to the opponent */
        tt_round_open(&s->window, 2, d->player, 0, TT_ROUND_NOT_LAST, F_WINDOW);
        tt_round_play(&s->window);
        poll_window(c, s, ev);
    } else if (d->kind == ACT_OPS || d->kind == ACT_MOVE_HERO) {
        move_unit(c, s, d->source, d->zone, d->sacrifice, ev);
        f->a = P_FINISH;
    }
}

static void resolve(const inv_content *c, inv_state *s, tt_frame *f, tt_events *ev)
{
    inv_decl *d = &s->decl;
    f->a = P_FINISH;
    if (d->kind == ACT_PLAY && d->cancelled)
        return;
    tt_stack_push(&s->stack, F_RESOLVE, d->player);
    /* the unit enters first; a replacement for a sacrificed hero is placed
     * (its prompt lands above the effects) before the ON_PLAY effects */
    if (d->kind == ACT_PLAY && inv_def(c, d->source)->is_unit) {
        place_played_unit(c, s, ev);
        inv_check(c, s, ev);
    }
}

static void work_activation(const inv_content *c, inv_state *s, tt_frame *f, tt_events *ev)
{
    inv_decl *d = &s->decl;
    switch (f->a) {
    case P_DECLARE:
        if (inv_next_choice(c, s, 1, NULL, NULL) != N_NONE) {
            tt_stack_push(&s->stack, F_DECLARE, d->player);
            return;
        }
        f->a = P_PAY;
        return;
    case P_PAY:
        if (d->discard_left > 0) {
            tt_stack_push(&s->stack, F_PAY_DISCARD, d->player);
            return;
        }
        pay_drain(s, d->player, d->drain, ev);
        if (d->kind == ACT_USE)
            pay_use_costs(c, s, ev);
        f->a = P_COMMIT;
        return;
    case P_COMMIT: commit(c, s, f, ev); return;
    case P_RESOLVE: resolve(c, s, f, ev); return;
    default: finish_activation(c, s); inv_check(c, s, ev);
    }
}

/* --- effects (INV-2.19) ------------------------------------------------------------ */

static void push_drain(inv_state *s, int side, int n, int inflicted)
{
    tt_frame *f = tt_stack_push(&s->stack, F_DRAIN, (uint8_t)side);
    f->a = (uint8_t)side;
    f->b = (uint8_t)n;
    f->c = (uint8_t)inflicted;
}

static void push_draw(inv_state *s, int side, int n, int forced)
{
    tt_frame *f = tt_stack_push(&s->stack, F_DRAW, (uint8_t)side);
    f->a = (uint8_t)side;
    f->b = (uint8_t)n;
    f->c = (uint8_t)forced;
}

static void for_who(inv_state *s, const inv_effect *e, int ctrl, int what)
{
    /* BOTH: Mankind first (INV-2.19), so Mankind's frame goes on top */
    int sides[2], n = 0;
    if (e->who == WHO_BOTH) {
        sides[n++] = INV_INVADER;
        sides[n++] = INV_MANKIND;
    } else {
        sides[n++] = e->who == WHO_SELF ? ctrl : OPP(ctrl);
    }
    for (int i = 0; i < n; i++) {
        int side = sides[i];
        if (what == OP_DRAIN) {
            push_drain(s, side, e->n, side != ctrl);
        } else if (what == OP_DRAW) {
            push_draw(s, side, e->n, side != ctrl);
        } else {
            int k = e->n < s->npile[side][L_HAND] ? e->n : s->npile[side][L_HAND]; /* INV-5.27 */
            if (k)
                tt_stack_push(&s->stack, F_DISCARD_HAND, (uint8_t)side)->a = (uint8_t)k;
        }
    }
}

static void zone_damage(const inv_content *c, inv_state *s, int z, int n, tt_events *ev)
{
    int placed = 0;
    while (placed < n && inv_zone_power(c, s, z) > 0 && s->supply > 0) { /* INV-2.5, 2.6 */
        s->tokens[z]++;
        s->supply--;
        placed++;
    }
    tt_emit(ev, E_DAMAGE, 0, TT_SEEN_ALL, z, placed, inv_zone_power(c, s, z), 0);
}

static void zone_repair(const inv_content *c, inv_state *s, int z, int n, tt_events *ev)
{
    int k = n < s->tokens[z] ? n : s->tokens[z];
    s->tokens[z] = (uint8_t)(s->tokens[z] - k);
    s->supply = (uint8_t)(s->supply + k);
    tt_emit(ev, E_REPAIR, 1, TT_SEEN_ALL, z, k, inv_zone_power(c, s, z), 0);
}

static int any_tokens(const inv_state *s)
{
    return s->tokens[0] + s->tokens[1] + s->tokens[2] > 0;
}

static void zone_effect(const inv_content *c, inv_state *s, const inv_effect *e, tt_events *ev)
{
    int zones[INV_NZ], n = 0;
    if (e->zone == ZS_ALL) {
        for (int z = 0; z < INV_NZ; z++)
            zones[n++] = z;
    } else if (e->zone == ZS_THIS) {
        int z = inv_source_zone(c, s);
        if (z != INV_NONE)
            zones[n++] = z;
    } else if (e->split) {
        int k = e->n;
        if (any_tokens(s))
            tt_stack_push(&s->stack, F_SPLIT_REPAIR, s->decl.player)->a = (uint8_t)k;
        return;
    } else if (s->decl.choice[e->choice] < INV_NZ) {
        zones[n++] = s->decl.choice[e->choice];
    }
    for (int i = 0; i < n; i++) {
        if (e->op == OP_ZONE_DAMAGE)
            zone_damage(c, s, zones[i], e->n, ev);
        else
            zone_repair(c, s, zones[i], e->n, ev);
    }
}

static void move_effect(const inv_content *c, inv_state *s, const inv_effect *e, tt_events *ev)
{
    const uint8_t *ch = &s->decl.choice[e->choice];
    int unit = ch[0], dest = ch[1], sac = ch[2];
    if (unit >= INV_MAX_INST || dest >= INV_NZ || !inv_target_ok(c, s, e, unit) ||
        !inv_dest_ok(c, s, unit, e->dest == DEST_ANY, dest))
        return; /* INV-5.26a: no longer legal, nothing happens */
    int side = inv_owner(c, unit);
    if (s->ncol[side][dest] == c->slots) {
        if (sac >= INV_MAX_INST || inv_loc(s, sac) != L_SLOT || inv_zone_of(s, sac) != dest ||
            (sac == s->hero && !inv_hero_sacrificable(c, s, unit)))
            return;
    } else {
        sac = INV_NONE;
    }
    move_unit(c, s, unit, dest, sac, ev);
}

static void counter_attack(const inv_content *c, inv_state *s, tt_events *ev)
{
    int z = inv_source_zone(c, s);
    if (z == INV_NONE)
        return;
    int m = inv_side_total(c, s, INV_MANKIND, z), i = inv_side_total(c, s, INV_INVADER, z);
    tt_emit(ev, E_ATTACK, INV_MANKIND, TT_SEEN_ALL, z, m, i, m > i ? m - i : 0);
    if (m > i) /* INV-5.24 */
        push_drain(s, INV_INVADER, m - i, s->decl.player == INV_MANKIND);
}

static void do_effect(const inv_content *c, inv_state *s, const inv_effect *e, tt_events *ev)
{
    inv_decl *d = &s->decl;
    int ctrl = d->player;
    switch (e->op) {
    case OP_DRAIN:
    case OP_DRAW:
    case OP_DISCARD_FROM_HAND: for_who(s, e, ctrl, e->op); break;
    case OP_DESTROY: {
        int u = d->choice[e->choice];
        if (u < INV_MAX_INST && inv_target_ok(c, s, e, u))
            inv_destroy(c, s, u, ev);
        break;
    }
    case OP_ZONE_DAMAGE:
    case OP_ZONE_REPAIR: zone_effect(c, s, e, ev); break;
    case OP_PLOT_MOVE: inv_move_plot(c, s, e->n, ev); break;
    case OP_MOVE_CARD: move_effect(c, s, e, ev); break;
    case OP_COUNTER_ATTACK: counter_attack(c, s, ev); break;
    case OP_ADD_COUNTERS:
        if (d->kind != ACT_STRATEGY && inv_loc(s, d->source) == L_SLOT) {
            s->counters[d->source] = (uint8_t)(s->counters[d->source] + e->n);
            tt_emit(ev, E_COUNTERS, ctrl, TT_SEEN_ALL, d->source, s->counters[d->source], 0, 0);
        }
        break;
    case OP_SHIELD_ZONE:
        if (d->choice[e->choice] < INV_NZ) {
            s->shielded |= (uint8_t)(1 << d->choice[e->choice]);
            tt_emit(ev, E_SHIELD_ZONE, ctrl, TT_SEEN_ALL, d->choice[e->choice], 0, 0, 0);
        }
        break;
    case OP_SET_DRAW_COUNT:
        s->draw_count[ctrl] = (uint8_t)e->n; /* INV-9.17: the later one replaces */
        tt_emit(ev, E_DRAW_COUNT, ctrl, TT_SEEN_ALL, e->n, 0, 0, 0);
        break;
    default: break; /* PASSIVE primitives act through the board; CANCEL through the chain */
    }
}

static void work_resolve(const inv_content *c, inv_state *s, tt_frame *f, tt_events *ev)
{
    if (f->c) { /* the previous primitive (and its prompts) is done: checkpoint */
        f->c = 0;
        f->b++;
        if (inv_check(c, s, ev))
            return;
    }
    int nab = inv_decl_nabilities(c, s);
    const inv_ability *ab = f->a < nab ? inv_decl_ability(c, s, f->a) : NULL;
    while (ab && f->b >= ab->neff) {
        f->a++;
        f->b = 0;
        ab = f->a < nab ? inv_decl_ability(c, s, f->a) : NULL;
    }
    if (!ab) {
        tt_stack_pop(&s->stack);
        return;
    }
    f->c = 1;
    do_effect(c, s, &ab->eff[f->b], ev);
}

/* --- drains and draws (INV-5.19, 5.20) ------------------------------------------- */

/* INV-5.19 step 1: an inflicted drain or forced draw (f->c) first asks its
 * victim how many shield counters to spend; returns 1 when it asked. */
static int shield_prompt(const inv_content *c, inv_state *s, tt_frame *f)
{
    if (f->d)
        return 0;
    f->d = 1;
    if (!f->c || !f->b || inv_shield_counters(c, s, f->a) == 0)
        return 0;
    tt_frame *p = tt_stack_push(&s->stack, F_SHIELD, f->a);
    p->a = f->a;
    p->b = f->b;
    return 1;
}

static void work_drain(const inv_content *c, inv_state *s, tt_frame *f, tt_events *ev)
{
    int side = f->a;
    if (shield_prompt(c, s, f))
        return;
    int n = f->b, inflicted = f->c, moved = 0;
    tt_stack_pop(&s->stack);
    for (int i = 0; i < n; i++) {
        if (s->npile[side][L_DECK] == 0) {
            s->fail |= (uint8_t)(1 << side); /* a failed required drain */
            break;
        }
        int card = inv_pile_move(s, side, L_DECK, s->npile[side][L_DECK] - 1, L_DISCARD);
        moved++;
        tt_emit(ev, E_DRAIN, side, TT_SEEN_ALL, card, inflicted, 0, 0);
    }
    if (side == INV_MANKIND && inflicted && s->active == INV_INVADER && moved)
        s->mankind_drained = 1; /* INV-5.19 step 3 */
}

static void work_draw(const inv_content *c, inv_state *s, tt_frame *f, tt_events *ev)
{
    int side = f->a;
    if (shield_prompt(c, s, f))
        return;
    int n = f->b;
    tt_stack_pop(&s->stack);
    for (int i = 0; i < n; i++) {
        if (s->npile[side][L_DECK] == 0) {
            s->fail |= (uint8_t)(1 << side); /* a failed required draw */
            break;
        }
        inv_draw(s, side, ev);
    }
}

/* --- the attack step (INV-4.7) ------------------------------------------------------ */

static void work_attack(const inv_content *c, inv_state *s, tt_frame *f, tt_events *ev)
{
    if (f->b) {
        f->b = 0;
        f->a++;
        if (inv_check(c, s, ev)) /* INV-4.7.2 step 5 */
            return;
    }
    if (f->a == INV_NZ) {
        tt_stack_pop(&s->stack);
        tt_emit(ev, E_CHECK, 0, TT_SEEN_ALL, s->mankind_drained, 0, 0, 0);
        if (!s->mankind_drained) /* INV-4.7.3 */
            inv_move_plot(c, s, -1, ev);
        if (!inv_check(c, s, ev))
            s->step = S_END;
        return;
    }
    int z = f->a;
    int a = inv_side_total(c, s, INV_INVADER, z);
    int d = inv_zone_power(c, s, z) + inv_side_total(c, s, INV_MANKIND, z);
    int shielded = s->shielded >> z & 1;
    int drain = !shielded && a > d ? a - d : 0; /* ties favour Mankind */
    tt_emit(ev, E_ATTACK, INV_INVADER, TT_SEEN_ALL, z, a, d, shielded ? -1 : drain);
    f->b = 1;
    if (drain)
        push_drain(s, INV_MANKIND, drain, 1);
}

static int any_reaction(const inv_content *c, const inv_state *s)
{
    for (int i = 0; i < c->nstrats; i++)
        if (c->strat[i].timing == TIMING_OPPONENT_ATTACK_START && !s->strat_enabled[i])
            return 1;
    return 0;
}

void inv_pass(const inv_content *c, inv_state *s, tt_events *ev)
{
    (void)ev;
    if (s->active == INV_MANKIND) { /* INV-4.9: no attack step */
        s->step = S_END;
        return;
    }
    s->step = S_ATTACK;
    tt_stack_push(&s->stack, F_ATTACK, INV_INVADER);
    if (any_reaction(c, s)) /* INV-4.7.1: strategies are public, so no empty window */
        tt_stack_push(&s->stack, F_ATTACK_WINDOW, INV_MANKIND);
}

/* --- the turn (INV-4) ------------------------------------------------------------------ */

static void start_turn(const inv_content *c, inv_state *s, tt_events *ev)
{
    s->step = S_START;
    tt_emit(ev, E_TURN, s->active, TT_SEEN_ALL, s->head.turn, s->plot, 0, 0);
    if (s->active == INV_MANKIND && s->hero != INV_NONE && (s->iflags[s->hero] & IF_ROTATED)) {
        s->iflags[s->hero] &= (uint8_t)~IF_ROTATED; /* INV-4.3.1 */
        tt_emit(ev, E_UPRIGHT, INV_MANKIND, TT_SEEN_ALL, s->hero, 0, 0, 0);
    }
    /* INV-4.3.2: only a unit in play has flags (inv_sanity) */
    for (int sd = 0; sd < 2; sd++)
        for (int z = 0; z < INV_NZ; z++)
            for (int i = 0; i < s->ncol[sd][z]; i++)
                s->iflags[s->col[sd][z][i]] &= (uint8_t)~IF_USED;
    s->plot_used = s->ops_uses = s->mankind_drained = s->hero_moved = 0;
    s->ntrig = 0;
    for (int z = 0; z < INV_NZ; z++) /* INV-4.3.3: the active player's units only */
        for (int i = 0; i < s->ncol[s->active][z]; i++) {
            int u = s->col[s->active][z][i];
            if (inv_def(c, u)->start_of_turn && s->ntrig < INV_MAX_TRIG)
                s->trig[s->ntrig++] = (uint16_t)u;
        }
}

static void deal_hands(const inv_content *c, inv_state *s, tt_events *ev)
{
    for (int side = 0; side < 2; side++) { /* INV-3.8: the Invader first */
        int who = side == 0 ? INV_INVADER : INV_MANKIND;
        for (int i = 0; i < c->starting_hand; i++)
            inv_draw(s, who, ev);
    }
}

static void draw_step(const inv_content *c, inv_state *s, tt_events *ev)
{
    int side = s->active;
    for (int i = 0; i < s->draw_count[side]; i++) { /* INV-4.4: no shields here */
        if (s->npile[side][L_DECK] == 0) {
            s->fail |= (uint8_t)(1 << side);
            break;
        }
        inv_draw(s, side, ev);
    }
    if (!inv_check(c, s, ev))
        s->step = S_MAIN;
}

/* Triggers whose unit left play are dropped; one left starts at once. */
static int next_trigger(const inv_content *c, inv_state *s)
{
    int n = 0;
    for (int i = 0; i < s->ntrig; i++)
        if (inv_loc(s, s->trig[i]) == L_SLOT && inv_owner(c, s->trig[i]) == s->active)
            s->trig[n++] = s->trig[i];
    s->ntrig = (uint16_t)n;
    if (n == 0)
        return 0;
    if (n == 1) {
        int u = s->trig[0];
        s->ntrig = 0;
        inv_begin(s, ACT_TRIGGER, s->active, u);
    } else {
        tt_stack_push(&s->stack, F_TRIGGER_ORDER, s->active);
    }
    return 1;
}

/* Steps the turn while the stack is empty; returns 0 when a player must act. */
static int advance(const inv_content *c, inv_state *s, tt_events *ev)
{
    switch (s->step) {
    case S_SETUP:
        deal_hands(c, s, ev);
        start_turn(c, s, ev);
        return 1;
    case S_START:
        if (!next_trigger(c, s))
            s->step = S_DRAW;
        return 1;
    case S_DRAW: draw_step(c, s, ev); return 1;
    case S_END:
        s->shielded = 0; /* INV-4.8 */
        if (s->head.turn >= INV_TURN_CAP) {
            inv_end_game(s, INV_NONE, R_ABORTED, ev);
            return 0;
        }
        s->head.turn++;
        s->active = (uint8_t)OPP(s->active);
        start_turn(c, s, ev);
        return 1;
    default: return 0; /* S_MAIN waits for the active player; S_GAME_OVER is final */
    }
}

void inv_run(const inv_content *c, inv_state *s, tt_events *ev)
{
    while (s->step != S_GAME_OVER) {
        tt_frame *f = tt_stack_top(&s->stack);
        if (!f) {
            if (!advance(c, s, ev))
                return;
            continue;
        }
        switch (f->kind) {
        case F_ACTIVATION: work_activation(c, s, f, ev); break;
        case F_LINK: work_link(c, s, f, ev); break;
        case F_RESOLVE: work_resolve(c, s, f, ev); break;
        case F_DRAIN: work_drain(c, s, f, ev); break;
        case F_DRAW: work_draw(c, s, f, ev); break;
        case F_ATTACK: work_attack(c, s, f, ev); break;
        case F_ATTACK_WINDOW: /* closes by itself once no reaction strategy is left */
            if (any_reaction(c, s))
                return;
            tt_stack_pop(&s->stack);
            break;
        default: return; /* a decision */
        }
    }
}
