/* Tannhäuser flow: setup steps, turns, cycles, victory (TAN-3, 4, 5.17, 5.18, 8).
 *
 * The game waits on one decision at a time, named by tan_state.phase (and by
 * the top frame of the decision stack during the outcome procedure, combat.c).
 * Every function here is called by actions.c after a legal action and carries
 * the game forward through everything automatic — reveals, rolls, the crate
 * shuffle, turn ends — until the next decision. Nothing here can fail: the
 * action was checked before. */
#include <string.h>

#include "core/events.h"
#include "games/tannhauser/tannhauser.h"

/* --- Victory Points (TAN-5.16) ---------------------------------------------------- */

void tan_vp_gain(tan_state *s, int seat, int n, tt_events *ev)
{
    s->pl[seat].vp = (uint16_t)(s->pl[seat].vp + n);
    tt_emit(ev, EV_VP, seat, TT_SEEN_ALL, seat, n, s->pl[seat].vp, 0);
}

void tan_vp_pay(tan_state *s, int u, int n, tt_events *ev)
{
    int seat = tan_seat_of(u);
    s->pl[seat].vp = (uint16_t)(s->pl[seat].vp - n);
    s->unit[u].vp_spent = (uint8_t)(s->unit[u].vp_spent + n);
    tt_emit(ev, EV_VP, seat, TT_SEEN_ALL, seat, -n, s->pl[seat].vp, 0);
}

int tan_vp_limit_left(const tan_content *c, const tan_state *s, int u)
{
    int limit = tan_chr(c, s, u)->cls == CLASS_HERO ? 2 : 1; /* VP_LIMIT_HERO, _TROOPER */
    return limit - s->unit[u].vp_spent;
}

void tan_end_game(tan_state *s, int winner, int reason, tt_events *ev)
{
    s->phase = PH_OVER;
    for (int p = 0; p < TAN_PLAYERS; p++)
        s->head.score[p] = (int16_t)s->pl[p].vp;
    if (winner == TAN_NONE)
        tt_head_end_draw(&s->head, TAN_PLAYERS, reason);
    else
        tt_head_end_win(&s->head, TAN_PLAYERS, winner, reason);
    if (reason == R_CONCEDED)
        s->head.eliminated = (uint8_t)(1u << (1 - winner));
    s->active = TAN_NONE;
    s->stack.n = 0;
    s->seq = SEQ_NONE;
    s->draw_offer = 0;
    tt_emit(ev, EV_GAME_OVER, winner == TAN_NONE ? 0 : winner, TT_SEEN_ALL,
            winner == TAN_NONE ? -1 : winner, reason, 0, 0);
}

/* --- counting ------------------------------------------------------------------------- */

static int alive(const tan_unit *un)
{
    return un->status == ST_RESERVE || un->status == ST_BOARD;
}

int tan_living(const tan_state *s, int seat)
{
    int n = 0;
    for (int k = 0; k < TAN_TEAM; k++)
        n += alive(&s->unit[seat * TAN_TEAM + k]);
    return n;
}

static int eligible(const tan_state *s, int u)
{
    return s->unit[u].def != TAN_NONE && alive(&s->unit[u]) && !s->unit[u].activated;
}

static int has_eligible(const tan_state *s, int seat)
{
    for (int k = 0; k < TAN_TEAM; k++)
        if (eligible(s, seat * TAN_TEAM + k))
            return 1;
    return 0;
}

int tan_reinforceable(const tan_content *c, const tan_state *s, int u)
{
    const tan_unit *un = &s->unit[u];
    return un->def != TAN_NONE && un->status == ST_DEAD && !un->returning &&
           c->chr[un->def].cls == CLASS_TROOPER && un->death_turn < s->head.turn;
}

/* --- victory checks (TAN-8) ----------------------------------------------------------- */

/* TAN-8.2: no living character and no way back. */
static int eliminated(const tan_content *c, const tan_state *s, int seat, int at_step_end)
{
    if (tan_living(s, seat))
        return 0;
    if (at_step_end || s->pl[seat].reinf_left == 0)
        return 1;
    for (int k = 0; k < TAN_TEAM; k++) {
        const tan_unit *un = &s->unit[seat * TAN_TEAM + k];
        if (un->def != TAN_NONE && un->status == ST_DEAD && c->chr[un->def].cls == CLASS_TROOPER)
            return 0;
    }
    return 1;
}

int tan_check_elimination(const tan_content *c, tan_state *s, int at_step_end, tt_events *ev)
{
    if (c->mode != MODE_DEATHMATCH || s->phase == PH_OVER)
        return 0;
    int out0 = eliminated(c, s, 0, at_step_end), out1 = eliminated(c, s, 1, at_step_end);
    if (out0 && out1)
        tan_end_game(s, TAN_NONE, R_BOTH_ELIMINATED, ev);
    else if (out0 || out1)
        tan_end_game(s, out0 ? 1 : 0, R_ELIMINATION, ev);
    return out0 || out1;
}

/* TAN-8.1: after seat completed an objective. */
void tan_check_story(tan_state *s, int seat, tt_events *ev)
{
    const tan_player *pl = &s->pl[seat];
    if (pl->completed_primary < 2 && !(pl->completed_primary >= 1 && pl->completed_secondary >= 2))
        return;
    int other = 1 - seat;
    int winner = s->pl[other].vp > pl->vp ? other : seat; /* ties: the finisher */
    tan_end_game(s, winner, R_STORY, ev);
}

static int flags_on_objectives(const tan_content *c, const tan_state *s, int seat)
{
    int n = 0;
    for (int k = 0; k < s->pl[seat].nflags; k++) {
        const tan_flag *f = &s->pl[seat].flag[k];
        n += f->where == FL_CIRCLE && c->circle[f->at].kind == CK_OBJECTIVE;
    }
    return n;
}

static int flags_carried(const tan_state *s, int seat)
{
    int n = 0, other = 1 - seat;
    for (int k = 0; k < s->pl[other].nflags; k++)
        n += s->pl[other].flag[k].where == FL_CARRIED;
    return n;
}

/* TAN-8.7: who leads when the last turn ends; -1 for a draw. */
static int leader(const tan_content *c, const tan_state *s)
{
    int key[2][2] = {{0}};
    for (int p = 0; p < 2; p++) {
        switch (c->mode) {
        case MODE_STORY: key[p][0] = s->pl[p].vp; break;
        case MODE_DEATHMATCH: key[p][0] = tan_living(s, p), key[p][1] = s->pl[p].vp; break;
        case MODE_CTF: key[p][0] = s->pl[p].captured, key[p][1] = flags_carried(s, p); break;
        default: key[p][0] = flags_on_objectives(c, s, p); break;
        }
    }
    for (int k = 0; k < 2; k++)
        if (key[0][k] != key[1][k])
            return key[0][k] > key[1][k] ? 0 : 1;
    return -1;
}

int tan_flags_on_objectives(const tan_content *c, const tan_state *s, int seat)
{
    return flags_on_objectives(c, s, seat);
}

/* --- turns and activations (TAN-4) ---------------------------------------------------- */

static void begin_turn(const tan_content *c, tan_state *s, tt_events *ev);

static void end_turn(const tan_content *c, tan_state *s, tt_events *ev)
{
    for (int u = 0; u < TAN_UNITS; u++)
        s->unit[u].activated = 0;
    if (c->max_turns && s->head.turn >= c->max_turns) {
        int w = leader(c, s);
        tan_end_game(s, w < 0 ? TAN_NONE : w, R_TURN_LIMIT, ev);
        return;
    }
    begin_turn(c, s, ev);
}

/* TAN-4.5: seat activates next if it can, else the other, else the turn ends. */
static void next_activation(const tan_content *c, tan_state *s, int seat, tt_events *ev)
{
    if (!has_eligible(s, seat))
        seat = 1 - seat;
    if (!has_eligible(s, seat)) {
        end_turn(c, s, ev);
        return;
    }
    s->phase = PH_ACTIVATE;
    s->decider = (uint8_t)seat;
}

void tan_choose_first(const tan_content *c, tan_state *s, int seat, tt_events *ev)
{
    s->first = (uint8_t)seat;
    tt_emit(ev, EV_FIRST, s->decider, TT_SEEN_ALL, seat, 0, 0, 0);
    next_activation(c, s, seat, ev);
}

/* TAN-4.4: each seat rolls 1d10 plus its command bonus; ties roll again. */
static void initiative(const tan_content *c, tan_state *s, tt_events *ev)
{
    int b0 = tan_command_bonus(c, s, 0), b1 = tan_command_bonus(c, s, 1), t0, t1;
    do {
        int f0 = tt_die(&s->head.rng, &s->rig, 10), f1 = tt_die(&s->head.rng, &s->rig, 10);
        t0 = f0 + b0, t1 = f1 + b1;
        tt_emit(ev, EV_INITIATIVE, 0, TT_SEEN_ALL, f0, f1, t0, t1);
    } while (t0 == t1);
    s->init_winner = t0 > t1 ? 0 : 1;
    s->phase = PH_FIRST;
    s->decider = s->init_winner;
}

static int may_reinforce(const tan_content *c, const tan_state *s, int seat)
{
    int chosen = 0, open = 0;
    for (int k = 0; k < TAN_TEAM; k++) {
        int u = seat * TAN_TEAM + k;
        chosen += s->unit[u].returning;
        open += tan_reinforceable(c, s, u);
    }
    return open && chosen < s->pl[seat].reinf_left;
}

/* Creates the pack's instances in the unit's slots and resolves its medals
 * (TAN-3.6, 3.7). */
void tan_equip_unit(const tan_content *c, tan_state *s, int u, tt_events *ev)
{
    tan_unit *un = &s->unit[u];
    const tan_char *ch = &c->chr[un->def];
    uint8_t defs[TAN_MAX_PACK + 1];
    int n = 0;
    if (un->pack == PACK_CUSTOM) {
        memcpy(defs, un->custom, un->ncustom);
        n = un->ncustom;
    } else {
        memcpy(defs, ch->pack[un->pack], ch->npack[un->pack]);
        n = ch->npack[un->pack];
        if (ch->special != TAN_NONE)
            defs[n++] = ch->special;
    }
    for (int k = 0; k < n; k++) {
        int i = tan_item_new(c, s, defs[k]);
        if (i < 0)
            break; /* MAX_EQUIPMENT_INSTANCES: content limits keep this out of reach */
        tan_item_give(c, s, i, u);
        const tan_equip *e = &c->equip[defs[k]];
        if (e->effect == EF_MEDAL_VP) {
            tt_emit(ev, EV_MEDAL, tan_seat_of(u), TT_SEEN_ALL, TAN_EVU(s, u), defs[k], e->n, 0);
            tan_vp_gain(s, tan_seat_of(u), e->n, ev);
            tan_item_unslot(s, i);
        }
    }
}

/* TAN-5.18.3: the returning Troopers come back together, in reserve. */
static void reveal_returns(const tan_content *c, tan_state *s, tt_events *ev)
{
    tt_emit(ev, EV_REVEAL, 0, TT_SEEN_ALL, 2, 0, 0, 0);
    for (int u = 0; u < TAN_UNITS; u++) {
        tan_unit *un = &s->unit[u];
        if (!un->returning)
            continue;
        un->returning = 0;
        un->status = ST_RESERVE;
        un->wounds = 0;
        un->activated = 0;
        s->pl[tan_seat_of(u)].reinf_left--;
        tt_emit(ev, EV_REINFORCE, tan_seat_of(u), TT_SEEN_ALL, TAN_EVU(s, u), un->pack, 0, 0);
        tan_equip_unit(c, s, u, ev);
    }
    if (tan_check_elimination(c, s, 1, ev))
        return;
    initiative(c, s, ev);
}

/* The reinforcement step goes to the first seat from `seat` on that may
 * bring a Trooper back, then reveals. */
static void reinforce_from(const tan_content *c, tan_state *s, int seat, tt_events *ev)
{
    for (; seat < TAN_PLAYERS; seat++)
        if (may_reinforce(c, s, seat)) {
            s->phase = PH_REINFORCE;
            s->decider = (uint8_t)seat;
            return;
        }
    reveal_returns(c, s, ev);
}

void tan_reinforce_next(const tan_content *c, tan_state *s, tt_events *ev)
{
    reinforce_from(c, s, s->decider + 1, ev);
}

/* After a reinforce choice: the seat goes on choosing while it may. */
void tan_reinforce_after(const tan_content *c, tan_state *s, tt_events *ev)
{
    s->phase = PH_REINFORCE;
    if (!may_reinforce(c, s, s->decider))
        tan_reinforce_next(c, s, ev);
}

static void begin_turn(const tan_content *c, tan_state *s, tt_events *ev)
{
    s->head.turn++;
    tt_emit(ev, EV_TURN, 0, TT_SEEN_ALL, s->head.turn, 0, 0, 0);
    if (s->head.turn == 1) { /* TAN-4.3: no reinforcement step in turn 1 */
        initiative(c, s, ev);
        return;
    }
    reinforce_from(c, s, 0, ev);
}

/* --- cycles (TAN-4.7) ------------------------------------------------------------------ */

void tan_begin_cycle(tan_state *s, int u, tt_events *ev)
{
    s->phase = PH_CYCLE;
    s->active = (uint8_t)u;
    s->unit[u].activated = 1;
    s->mp_spent = s->mp_bought = 0;
    s->action_taken = 0;
    s->passage = PASS_NONE;
    s->seq = SEQ_NONE;
    s->cycle_no++;
    for (int v = 0; v < TAN_UNITS; v++)
        s->unit[v].vp_spent = 0;
    for (int i = tan_next_item(s->carries[u], -1); i >= 0;
         i = tan_next_item(s->carries[u], i)) /* locked: carried by u */
        if (s->item[i].locked == u)
            s->item[i].locked = TAN_NONE;
    tt_emit(ev, EV_ACTIVATE, tan_seat_of(u), TT_SEEN_ALL, TAN_EVU(s, u), 0, 0, 0);
}

void tan_end_cycle(const tan_content *c, tan_state *s, tt_events *ev)
{
    int u = s->active;
    s->active = TAN_NONE;
    s->passage = PASS_NONE;
    s->seq = SEQ_NONE;
    if (s->dropped)
        for (int i = 0; i < s->ninst; i++)
            s->item[i].fresh = 0; /* TAN-5.11.2 */
    s->dropped = 0;
    tt_emit(ev, EV_END_CYCLE, tan_seat_of(u), TT_SEEN_ALL, TAN_EVU(s, u), 0, 0, 0);
    next_activation(c, s, 1 - tan_seat_of(u), ev);
}

/* --- setup (TAN-3.5 … 3.9) -------------------------------------------------------------- */

/* TAN-3.8: 1d10 each, seat 0 first, until they differ. */
static void setup_roll(tan_state *s, tt_events *ev)
{
    int f0, f1;
    do {
        f0 = tt_die(&s->head.rng, &s->rig, 10), f1 = tt_die(&s->head.rng, &s->rig, 10);
        tt_emit(ev, EV_SETUP_ROLL, 0, TT_SEEN_ALL, f0, f1, 0, 0);
    } while (f0 == f1);
    s->setup_winner = f0 > f1 ? 0 : 1;
}

/* TAN-3.9.1: the mode's tokens (and blanks up to the number of sites) are
 * shuffled face down onto the sites in ascending order; a surplus is set
 * aside unseen. */
static void place_crates(const tan_content *c, tan_state *s, tt_events *ev)
{
    uint8_t deck[TAN_MAX_SITES + TAN_MAX_CRATES];
    int n = 0;
    for (int k = 0; k < c->nmode_crates; k++)
        deck[n++] = c->mode_crate[k];
    while (n < c->nsites)
        deck[n++] = TAN_NONE; /* a blank */
    tt_rng_shuffle_u8(&s->head.rng, deck, n);
    int placed = 0;
    for (int k = 0; k < c->nsites; k++) {
        s->crate[k] = deck[k];
        placed += deck[k] != TAN_NONE;
    }
    s->naside = 0;
    for (int k = c->nsites; k < n; k++)
        s->aside[s->naside++] = deck[k];
    tt_emit(ev, EV_CRATES, 0, TT_SEEN_ALL, placed, s->naside, 0, 0);
}

/* TAN-3.5, 3.6: both seats have chosen; everything is revealed together. */
void tan_setup_next(const tan_content *c, tan_state *s, tt_events *ev)
{
    if (s->decider == 0) {
        s->decider = 1;
        return;
    }
    s->decider = 0;
    if (s->phase == PH_RECRUIT) {
        tt_emit(ev, EV_REVEAL, 0, TT_SEEN_ALL, 0, 0, 0, 0);
        for (int u = 0; u < TAN_UNITS; u++)
            s->unit[u].status = ST_RESERVE;
        s->phase = PH_PACK;
        return;
    }
    tt_emit(ev, EV_REVEAL, 0, TT_SEEN_ALL, 1, 0, 0, 0);
    for (int u = 0; u < TAN_UNITS; u++) {
        tt_emit(ev, EV_PACK, tan_seat_of(u), TT_SEEN_ALL, TAN_EVU(s, u), s->unit[u].pack, 0, 0);
        tan_equip_unit(c, s, u, ev);
    }
    setup_roll(s, ev);
    place_crates(c, s, ev);
    s->phase = PH_ENTRY;
    s->decider = s->setup_winner;
}

/* Story: a seat holding more than 4 tokens of one category (TAN-3.9.2). */
int tan_over_four(const tan_content *c, const tan_state *s, int seat)
{
    int n[SK_COUNT] = {0};
    for (int o = 0; o < c->nobjs; o++)
        if (s->obj[o].where == OB_HELD && c->obj[o].owner == c->faction[seat])
            if (++n[c->obj[o].skill[0]] > 4) /* MAX_OBJ_TOKENS_PER_CATEGORY */
                return 1;
    return 0;
}

static void begin_play(const tan_content *c, tan_state *s, tt_events *ev)
{
    for (int o = 0; o < c->nobjs; o++)
        if (s->obj[o].where == OB_HELD)
            s->obj[o].where = OB_OUT; /* TAN-3.9.3: unplaced tokens leave the game */
    begin_turn(c, s, ev);
}

/* After the entry points, or a discard: the mode's own placement, or play. */
void tan_placement_next(const tan_content *c, tan_state *s, tt_events *ev)
{
    int w = s->setup_winner;
    if (c->mode == MODE_STORY) {
        for (int k = 0; k < 2; k++)
            if (tan_over_four(c, s, k ? 1 - w : w)) {
                s->phase = PH_KEEP;
                s->decider = (uint8_t)(k ? 1 - w : w);
                return;
            }
        s->phase = PH_PLACE;
        s->decider = (uint8_t)w;
        s->passes = 0;
        return;
    }
    if (c->mode == MODE_CTF && s->placed < 2 * 2) {
        s->phase = PH_FLAG;
        s->decider = (uint8_t)(s->placed % 2 ? 1 - w : w);
        return;
    }
    begin_play(c, s, ev);
}

/* Story placement: a place or a pass hands over; two passes in a row end it. */
void tan_place_next(const tan_content *c, tan_state *s, int passed, tt_events *ev)
{
    s->passes = passed ? s->passes + 1 : 0;
    if (s->passes >= 2) {
        begin_play(c, s, ev);
        return;
    }
    s->decider = 1 - s->decider;
}
