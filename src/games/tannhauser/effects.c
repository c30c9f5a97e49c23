/* Tannhäuser effects: what an action that tan_check accepted does to the
 * state (TAN-3, 5.4 … 5.15).
 *
 * tan_do_setup and tan_do_cycle take an action already checked, so nothing
 * here refuses or half-applies: each effect changes the state, says so in
 * events (a no-op when ev is NULL, as in playouts) and hands over to flow.c
 * (the next setup step, cycle or turn) and combat.c (duels, attacks,
 * grenades); tan_apply then runs tan_resolve to carry the game to the next
 * decision. Runs in every playout: no allocation, no strings. */
#include "core/events.h"
#include "games/tannhauser/tannhauser.h"

static void packs_chosen(const tan_content *c, tan_state *s, tt_events *ev)
{
    s->phase = PH_PACK;
    for (int k = 0; k < TAN_TEAM; k++)
        if (s->unit[s->decider * TAN_TEAM + k].pack == PACK_NONE)
            return;
    tan_setup_next(c, s, ev);
}

static void do_recruit(const tan_content *c, tan_state *s, int ch, tt_events *ev)
{
    tan_player *pl = &s->pl[s->decider];
    s->unit[s->decider * TAN_TEAM + pl->nrecruited++].def = (uint8_t)ch;
    tt_emit(ev, EV_RECRUITED, s->decider, TT_SEEN(s->decider), ch, pl->nrecruited, 0, 0);
    if (pl->nrecruited == TAN_TEAM)
        tan_setup_next(c, s, ev);
}

/* A pack for a recruit (TAN-3.6) or a returning Trooper (TAN-5.18.3). */
static void do_pack(const tan_content *c, tan_state *s, int u, int pack, int reinforce,
                    tt_events *ev)
{
    tan_unit *un = &s->unit[u];
    un->pack = (uint8_t)pack;
    un->ncustom = 0;
    un->returning = (uint8_t)reinforce;
    tt_emit(ev, EV_PACK, tan_seat_of(u), TT_SEEN(tan_seat_of(u)), TAN_EVU(s, u), pack, reinforce,
            0);
    if (pack == PACK_CUSTOM) {
        s->phase = reinforce ? PH_REINF_CUSTOM : PH_CUSTOM;
        s->sub = (uint8_t)u;
    } else if (reinforce) {
        tan_reinforce_after(c, s, ev);
    } else {
        packs_chosen(c, s, ev);
    }
}

static void do_done(const tan_content *c, tan_state *s, tt_events *ev)
{
    if (s->phase == PH_CUSTOM)
        packs_chosen(c, s, ev);
    else if (s->phase == PH_REINF_CUSTOM)
        tan_reinforce_after(c, s, ev);
    else
        s->seq = SEQ_NONE;
}

static void do_entry(const tan_content *c, tan_state *s, int circle, tt_events *ev)
{
    s->pl[s->decider].entry = (uint8_t)circle;
    tt_emit(ev, EV_ENTRY, s->decider, TT_SEEN_ALL, s->decider, circle, 0, 0);
    if (s->pl[1 - s->decider].entry == TAN_NONE)
        s->decider = 1 - s->decider;
    else
        tan_placement_next(c, s, ev);
}

static void do_flag(const tan_content *c, tan_state *s, int circle, tt_events *ev)
{
    tan_player *pl = &s->pl[s->decider];
    for (int k = 0; k < pl->nflags; k++)
        if (pl->flag[k].where == FL_NONE) {
            pl->flag[k] = (tan_flag){FL_CIRCLE, (uint8_t)circle, (uint8_t)circle};
            break;
        }
    s->placed++;
    tt_emit(ev, EV_PLACE_FLAG, s->decider, TT_SEEN_ALL, s->decider, circle, 0, 0);
    tan_placement_next(c, s, ev);
}

static void do_bullrush(const tan_content *c, tan_state *s, int e, tt_events *ev)
{
    int u = s->active, si, sd;
    int won = tan_duel(c, s, u, e, STAT_STAMINA, &si, &sd, ev); /* TAN-5.6.2 */
    tt_emit(ev, EV_BULLRUSH, tan_seat_of(u), TT_SEEN_ALL, TAN_EVU(s, u), TAN_EVU(s, e), won, 0);
    if (won) {
        s->passage = PASS_ONTO;
        s->passage_circle = s->unit[e].circle;
    }
}

static void do_use(const tan_content *c, tan_state *s, int inst, int t, tt_events *ev)
{
    int rows = c->equip[s->item[inst].def].n;
    tan_unit *un = &s->unit[t];
    un->wounds = (uint8_t)(un->wounds > rows ? un->wounds - rows : 0); /* TAN-5.2.4 */
    tt_emit(ev, EV_USE, tan_seat_of(s->active), TT_SEEN_ALL, TAN_EVU(s, s->active),
            s->item[inst].def, TAN_EVU(s, t), un->wounds);
    tan_item_unslot(s, inst);
}

static void do_drop(const tan_content *c, tan_state *s, int a, int circle, int flag, tt_events *ev)
{
    int u = s->active;
    if (flag) {
        s->pl[a / TAN_MAX_FLAGS].flag[a % TAN_MAX_FLAGS] = (tan_flag){
            FL_CIRCLE, (uint8_t)circle, s->pl[a / TAN_MAX_FLAGS].flag[a % TAN_MAX_FLAGS].home};
        tt_emit(ev, EV_DROP, tan_seat_of(u), TT_SEEN_ALL, TAN_EVU(s, u), -1 - a / TAN_MAX_FLAGS,
                circle, 0);
    } else {
        tan_item_unslot(s, a);
        int site = c->site_of[circle];
        tan_item_put(s, a, site != TAN_NONE ? W_CRATE : W_CIRCLE, site != TAN_NONE ? site : circle);
        s->item[a].fresh = s->dropped = 1; /* TAN-5.11.2 */
        tt_emit(ev, EV_DROP, tan_seat_of(u), TT_SEEN_ALL, TAN_EVU(s, u), s->item[a].def, circle, 0);
    }
    s->seq_steps++;
}

static void do_pass(const tan_content *c, tan_state *s, int a, int f, int flag, tt_events *ev)
{
    int u = s->active;
    if (flag) {
        s->pl[a / TAN_MAX_FLAGS].flag[a % TAN_MAX_FLAGS].at = (uint8_t)f;
        tt_emit(ev, EV_PASS, tan_seat_of(u), TT_SEEN_ALL, TAN_EVU(s, u), -1 - a / TAN_MAX_FLAGS,
                TAN_EVU(s, f), 0);
    } else {
        tan_item_give(c, s, a, f);
        s->item[a].locked = (uint8_t)f; /* TAN-5.11.4 */
        tt_emit(ev, EV_PASS, tan_seat_of(u), TT_SEEN_ALL, TAN_EVU(s, u), s->item[a].def,
                TAN_EVU(s, f), 0);
    }
    s->seq_steps++;
}

/* TAN-3.7, 5.12.2: a medal taken is resolved at once; anything else is carried. */
static void take_item(const tan_content *c, tan_state *s, int inst, int u, tt_events *ev)
{
    const tan_equip *e = &c->equip[s->item[inst].def];
    tt_emit(ev, s->seq == SEQ_SEARCH ? EV_TAKE : EV_PICK, tan_seat_of(u), TT_SEEN_ALL,
            TAN_EVU(s, u), s->item[inst].def, 0, 0);
    if (e->effect == EF_MEDAL_VP) {
        tan_item_unslot(s, inst);
        tan_vp_gain(s, tan_seat_of(u), e->n, ev);
        return;
    }
    tan_item_give(c, s, inst, u);
}

static void do_search(const tan_content *c, tan_state *s, int circle, tt_events *ev)
{
    int u = s->active, site = c->site_of[circle], token = s->crate[site];
    tt_emit(ev, EV_SEARCH, tan_seat_of(u), TT_SEEN_ALL, TAN_EVU(s, u), circle,
            token == TAN_NONE ? -1 : token, 0);
    s->crate[site] = TAN_NONE;
    if (token != TAN_NONE && c->crate[token].kind == CRATE_VP) {
        tan_vp_gain(s, tan_seat_of(u), c->crate[token].vp, ev);
    } else if (token != TAN_NONE) {
        int i = tan_item_new(c, s, c->crate[token].equip);
        if (i >= 0)
            tan_item_put(s, i, W_CRATE, site);
    }
    s->seq = SEQ_SEARCH;
    s->seq_site = (uint8_t)site;
}

static void do_task(const tan_content *c, tan_state *s, int circle, int skill, int buy,
                    tt_events *ev)
{
    int u = s->active, seat = tan_seat_of(u), o = tan_objective_at(c, s, circle);
    tan_objstate *os = &s->obj[o];
    if (buy) {
        tan_vp_pay(s, u, tan_buy_cost(c, o), ev);
        os->bought = 1;
    }
    int half = c->obj[o].skill[0] == skill && !(os->halves & 1) ? 0 : 1;
    os->halves |= (uint8_t)(1 << half);
    tt_emit(ev, EV_TASK, seat, TT_SEEN_ALL, TAN_EVU(s, u), o, skill, buy);
    int primary = c->obj[o].grade == GRADE_PRIMARY;
    tan_vp_gain(s, seat, primary ? 2 : 1, ev); /* VP_PRIMARY_HALF, VP_SECONDARY */
    if (primary && os->halves != 3)
        return;
    os->where = OB_DONE;
    primary ? s->pl[seat].completed_primary++ : s->pl[seat].completed_secondary++;
    tt_emit(ev, EV_COMPLETED, seat, TT_SEEN_ALL, seat, o, 0, 0);
    tan_check_story(s, seat, ev);
}

static void do_takeflag(tan_state *s, int circle, tt_events *ev)
{
    int u = s->active, seat = tan_seat_of(u), n = 0;
    tan_player *op = &s->pl[1 - seat];
    for (int k = 0; k < op->nflags; k++)
        if (op->flag[k].where == FL_CIRCLE && op->flag[k].at == circle)
            op->flag[k].where = FL_CARRIED, op->flag[k].at = (uint8_t)u, n++;
    tt_emit(ev, EV_TAKEFLAG, seat, TT_SEEN_ALL, TAN_EVU(s, u), circle, n, 0);
}

static void do_plant(const tan_content *c, tan_state *s, tt_events *ev)
{
    int u = s->active, seat = tan_seat_of(u), at = tan_plant_circle(c, s, u), n = 0;
    tan_player *op = &s->pl[1 - seat];
    for (int k = 0; k < op->nflags; k++)
        if (op->flag[k].where == FL_CARRIED && op->flag[k].at == u)
            op->flag[k].where = FL_CAPTURED, op->flag[k].at = (uint8_t)at, n++;
    s->pl[seat].captured = (uint8_t)(s->pl[seat].captured + n);
    tt_emit(ev, EV_PLANT, seat, TT_SEEN_ALL, TAN_EVU(s, u), at, n, 0);
    if (s->pl[seat].captured >= 2) /* CTF_FLAGS, TAN-8.3 */
        tan_end_game(s, seat, R_FLAGS, ev);
}

static void do_placeflag(const tan_content *c, tan_state *s, int circle, tt_events *ev)
{
    int u = s->active, seat = tan_seat_of(u), displaced = -1;
    tan_player *op = &s->pl[1 - seat];
    for (int k = 0; k < op->nflags; k++)
        if (op->flag[k].where == FL_CIRCLE && op->flag[k].at == circle)
            op->flag[k].where = FL_SUPPLY, displaced = 1 - seat;
    tan_player *pl = &s->pl[seat];
    for (int k = 0; k < pl->nflags; k++)
        if (pl->flag[k].where == FL_SUPPLY) {
            pl->flag[k].where = FL_CIRCLE, pl->flag[k].at = (uint8_t)circle;
            break;
        }
    tt_emit(ev, EV_PLACEFLAG, seat, TT_SEEN_ALL, TAN_EVU(s, u), circle, displaced, 0);
    if (tan_flags_on_objectives(c, s, seat) >= 4) /* DOM_FLAGS, TAN-8.4 */
        tan_end_game(s, seat, R_DOMINATION, ev);
}

/* A checked setup action (outside the cycle). */
void tan_do_setup(const tan_content *c, tan_state *s, int op, int x, int y, tt_events *ev)
{
    switch (op) {
    case A_RECRUIT: do_recruit(c, s, x, ev); break;
    case A_PACK: do_pack(c, s, x, y, 0, ev); break;
    case A_CUSTOM:
        s->unit[s->sub].custom[s->unit[s->sub].ncustom++] = (uint8_t)x;
        tt_emit(ev, EV_PACK, s->decider, TT_SEEN(s->decider), TAN_EVU(s, s->sub), PACK_CUSTOM, 0,
                x + 1);
        break;
    case A_DONE: do_done(c, s, ev); break;
    case A_ENTRY: do_entry(c, s, x, ev); break;
    case A_DISCARD:
        s->obj[x].where = OB_OUT;
        tt_emit(ev, EV_DISCARD_OBJ, s->decider, TT_SEEN_ALL, x, 0, 0, 0);
        tan_placement_next(c, s, ev);
        break;
    case A_PLACE:
        s->obj[x].where = OB_PLACED;
        s->obj[x].circle = (uint8_t)y;
        tt_emit(ev, EV_PLACE_OBJ, s->decider, TT_SEEN_ALL, x, y, 0, 0);
        tan_place_next(c, s, 0, ev);
        break;
    case A_SKIP:
        tt_emit(ev, EV_SKIP, s->decider, TT_SEEN_ALL, s->decider, 0, 0, 0);
        tan_place_next(c, s, 1, ev);
        break;
    case A_FLAG: do_flag(c, s, x, ev); break;
    case A_REINFORCE: do_pack(c, s, x, y, 1, ev); break;
    case A_NOREINFORCE: tan_reinforce_next(c, s, ev); break;
    case A_FIRST: tan_choose_first(c, s, x, ev); break;
    default: tan_begin_cycle(s, x, ev); break;
    }
}

/* A checked action of the active character's cycle (TAN-4.7). */
void tan_do_cycle(const tan_content *c, tan_state *s, int op, int x, int y, int z, tt_events *ev)
{
    int u = s->active;
    if (op != A_MOVE && op != A_BUYMP)
        s->passage = PASS_NONE; /* TAN-5.6.3 */
    if (tan_phase_option(op))
        s->action_taken = 1;
    switch (op) {
    case A_MOVE: tan_step(c, s, x, ev); break;
    case A_BUYMP:
        tan_vp_pay(s, u, x, ev);
        s->mp_bought = (uint8_t)(s->mp_bought + x);
        tt_emit(ev, EV_BUYMP, tan_seat_of(u), TT_SEEN_ALL, TAN_EVU(s, u), x, 0, 0);
        break;
    case A_END: tan_end_cycle(c, s, ev); break;
    case A_BULLRUSH: do_bullrush(c, s, x, ev); break;
    case A_ATTACK: tan_attack(c, s, u, x, y, BLOW_ATTACK, ev); break;
    case A_THROW: tan_throw(c, s, x, y, ev); break;
    case A_USE: do_use(c, s, x, y, ev); break;
    case A_EXCHANGE:
        s->seq = SEQ_EXCHANGE;
        s->seq_steps = 0;
        tt_emit(ev, EV_EXCHANGE, tan_seat_of(u), TT_SEEN_ALL, TAN_EVU(s, u), 0, 0, 0);
        break;
    case A_DROP: do_drop(c, s, x, y, z, ev); break;
    case A_PASS: do_pass(c, s, x, y, z, ev); break;
    case A_PICK: take_item(c, s, x, u, ev), s->seq_steps++; break;
    case A_TAKE: take_item(c, s, x, u, ev); break;
    case A_DONE: do_done(c, s, ev); break;
    case A_SEARCH: do_search(c, s, x, ev); break;
    case A_TASK: do_task(c, s, x, y, z, ev); break;
    case A_TAKEFLAG: do_takeflag(s, x, ev); break;
    case A_PLANT: do_plant(c, s, ev); break;
    default: do_placeflag(c, s, x, ev); break;
    }
}
