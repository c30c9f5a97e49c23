/* The X-Files turn (XF-4): who decides now, the legal actions, applying one,
 * and running the steps that need no decision.
 *
 * The decision in force, first match wins: a declaration in progress
 * (s->decl: a card's play, an OPP_DISCARD, a RES_SPLIT_CP question) belongs
 * to decl.seat; an open window (the top of s->rounds) to its priority
 * holder; a step that goes round the players (B5, C2, X2) to s->actor;
 * every other step to the Investigating Player (XF-5.0.1). `legal` lists
 * the candidates of that decision and keeps those `check` accepts, so the
 * two never disagree; `apply` checks first and changes nothing on a refusal
 * (XF-5.0.3). After each action `run` closes windows, resolves stack cards
 * and enters the following steps until a decision is needed again. Playout
 * path: no allocation; strings only in refusals when err is given. */
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "core/pile.h"
#include "core/round.h"
#include "games/xfiles/xfiles.h"

static int window_step(int step)
{
    return step == ST_B1 || step == ST_H4 || step == ST_R2 || step == ST_D2 || step == ST_C3 ||
           step == ST_I5;
}

static int decl_decides(const xf_state *s)
{
    return s->decl.kind == A_PLAY || s->decl.kind == A_DISCARD || s->decl.kind == A_RESSPLIT ||
           s->decl.kind == A_POWER || s->decl.kind == A_HURT || xf_inv_decides(s);
}

int xf_to_move(const tt_game *g, const void *st)
{
    (void)g;
    const xf_state *s = st;
    if (s->head.over)
        return TT_TERMINAL;
    if (s->step <= ST_FIRST)
        return s->actor;
    if (decl_decides(s))
        return s->decl.seat;
    if (s->nrounds)
        return tt_round_holder(&s->rounds[s->nrounds - 1]);
    if (s->step == ST_B5 || s->step == ST_C2 || s->step == ST_X2)
        return s->actor;
    return s->active;
}

/* --- the flow ------------------------------------------------------------------------------ */

typedef struct poll_ctx {
    const xf_content *c;
    const xf_state *s;
} poll_ctx;

/* XF-4.3.5: a player with no legal play passes by himself. */
static int can_play(const void *ctx, int player)
{
    const poll_ctx *x = ctx;
    return xf_can_play_any(x->c, x->s, player) ||
           (x->c->opt.powers && xf_power_any(x->c, x->s, player)); /* XF-9.13.3 */
}

/* XF-8.5.1: the turn `max_turns` ends drawn; else the next player begins. */
static int end_turn(const xf_content *c, xf_state *s, tt_events *ev)
{
    xf_hand_limits_applied(c, s, ev);
    if (c->opt.powers)
        xf_powers_turn_end(c, s);
    if (s->head.turn >= c->opt.max_turns) {
        /* XF-8.1.2: a player who conceded is out, and loses the draw */
        tt_head_end_draw(&s->head, c->opt.nplayers, R_DRAW_MAX_TURNS);
        tt_emit(ev, EV_END, s->active, TT_SEEN_ALL, R_DRAW_MAX_TURNS, -1, 0, 0);
        return 1;
    }
    s->head.turn++;
    xf_turn_begin(c, s, xf_next_seat(c, s, s->active), ev);
    return 0;
}

/* Enters s->step; 1 when it waits for a decision (a window included). */
static int enter(const xf_content *c, xf_state *s, tt_events *ev)
{
    if (s->step == ST_X3) {
        if (end_turn(c, s, ev))
            return 1;
        return enter(c, s, ev); /* B1 of the next turn */
    }
    if (window_step(s->step)) {
        tt_emit(ev, EV_STEP, s->active, TT_SEEN_ALL, s->step, 0, 0, 0);
        s->phase = s->step == ST_B1   ? PH_BRIEFING
                   : s->step == ST_H4 ? PH_HEALING
                   : s->step == ST_R2 ? PH_REQUISITION
                   : s->step == ST_D2 ? PH_DEPLOYMENT
                   : s->step == ST_C3 ? PH_CASE_ASSIGNMENT
                                      : PH_INVESTIGATION;
        xf_open_window(c, s, s->active, s->step);
        return 1;
    }
    return xf_step_enter(c, s, ev);
}

/* A window's round closed (XF-4.3.2): its top card resolves and priority
 * returns to its starting player, or, owning none, it closes. Returns 1 when
 * a phase window closed, so its step is over. */
static int window_closed(const xf_content *c, xf_state *s, tt_events *ev)
{
    int w = s->nrounds - 1;
    if (s->nstack) {
        const xf_stack_card *top = &s->stack[s->nstack - 1];
        if (xf_sc_window(top) == w && !(xf_sc_flags(top) & SC_RESOLVING)) {
            xf_resolve_top(c, s, ev);
            tt_round_restart(&s->rounds[w], s->rounds[w].start);
            return 0;
        }
    }
    int id = s->rounds[w].id;
    tt_round_pop(&s->nrounds);
    if (id == XF_WINDOW_CASUALTY)
        return xf_casualty_closed(c, s, ev);
    if (id == XF_WINDOW_REVEAL) {
        xf_reveal_next(c, s, ev);
        return 0;
    }
    if (id >= XF_WINDOW_CHECK)
        return xf_check_closed(c, s, ev);
    return 1;
}

/* Runs until a decision is needed; `over`: the current step has finished. */
static void run(const xf_content *c, xf_state *s, int over, tt_events *ev)
{
    poll_ctx x = {c, s};
    for (;;) {
        if (s->head.over || decl_decides(s))
            return;
        if (s->nrounds) {
            tt_round *r = &s->rounds[s->nrounds - 1];
            if (!tt_round_closed(r) && !tt_round_poll(r, can_play, &x))
                return;
            over = window_closed(c, s, ev);
            continue;
        }
        if (!over)
            return;
        s->step++;
        over = !enter(c, s, ev);
    }
}

/* --- checks ---------------------------------------------------------------------------------- */

static int check_setup(const xf_content *c, const xf_state *s, tt_action a, tt_error *err)
{
    int op = XF_OP(a), arg = XF_ARG(a);
    if (op == A_XFILE && s->step != ST_XFILE)
        return TT_REFUSE("XF-3.4.1", NULL, "every player has chosen his X-File");
    if (op == A_FIRST && s->step != ST_FIRST)
        return TT_REFUSE("XF-3.4.1", NULL, "the coin is tossed once every player has chosen");
    if (op == A_XFILE && (arg < 0 || arg >= c->ncatalogue))
        return TT_REFUSE("XF-2.3.2", NULL, "no such X-File in the catalogue");
    if (op == A_FIRST && (arg < 0 || arg >= c->opt.nplayers))
        return TT_REFUSE("XF-3.4.1", NULL, "no such player");
    if (op != A_XFILE && op != A_FIRST)
        return TT_REFUSE("XF-3.4.1", NULL, "setup goes on: %s",
                         s->step == ST_XFILE ? "xfile <id>" : "first <seat>");
    return TT_OK;
}

static int check_window(const xf_content *c, const xf_state *s, tt_action a, tt_error *err)
{
    int op = XF_OP(a);
    int seat = tt_round_holder(&s->rounds[s->nrounds - 1]);
    if (op == A_PASS && XF_ARG(a) == 0)
        return TT_OK;
    if (op == A_ANNOUNCE || op == A_POWER)
        return xf_power_check(c, s, seat, a, err);
    if (op != A_PLAY)
        return TT_REFUSE("XF-4.3.1", NULL, "a window is open: play a card%s or pass",
                         c->opt.powers ? ", announce, use a power" : "");
    xf_decl d;
    if (XF_ARG(a) >= c->ndefs)
        return TT_REFUSE("XF-5.0.8", NULL, "no such card");
    return xf_play_start(c, s, seat, XF_ARG(a), &d, err);
}

static int check_decl(const xf_content *c, const xf_state *s, tt_action a, tt_error *err)
{
    int op = XF_OP(a), arg = XF_ARG(a);
    const xf_decl *d = &s->decl;
    if (d->kind == A_PLAY) {
        xf_decl e;
        return xf_play_declare(c, s, d, op, arg, &e, err);
    }
    if (xf_inv_decides(s))
        return xf_inv_check(c, s, a, err);
    if (d->kind == A_POWER || d->kind == A_HURT)
        return xf_power_decl_check(c, s, a, err);
    if (d->kind == A_DISCARD) {
        if (op != A_DISCARD || arg >= c->ndefs ||
            xf_hand_find(c, &s->pl[d->seat], d->seat, arg) < 0)
            return TT_REFUSE("XF-2.14.1", NULL, "OPP_DISCARD: p%d discards a card of his hand",
                             d->seat);
        return TT_OK;
    }
    int res = xf_agent_res(c, s, s->active, d->inst);
    if (op != A_RESSPLIT || arg > res)
        return TT_REFUSE("XF-5.1.3", NULL, "ressplit: 0 to %d of this Agent's RES go to CP", res);
    return TT_OK;
}

static int check(const xf_content *c, const xf_state *s, tt_action a, tt_error *err)
{
    if (s->head.over)
        return tt_fail(err, TT_ESTATE, NULL, "the game is over");
    if (s->step <= ST_FIRST || XF_OP(a) == A_XFILE || XF_OP(a) == A_FIRST)
        return check_setup(c, s, a, err);
    if (decl_decides(s))
        return check_decl(c, s, a, err);
    if (s->nrounds)
        return check_window(c, s, a, err);
    return xf_phase_check(c, s, a, err);
}

/* --- legal and apply ------------------------------------------------------------------------- */

#define XF_MAX_CANDIDATES 4096

/* The defs of seat's hand as a set: a bit per def. */
static void hand_set(const xf_content *c, const xf_state *s, int seat, uint64_t set[4])
{
    const xf_player *pl = &s->pl[seat];
    int start = tt_piles_start(pl->n, Z_HAND);
    set[0] = set[1] = set[2] = set[3] = 0;
    for (int k = 0; k < pl->n[Z_HAND]; k++) {
        int def = c->deck[seat].def[pl->cards[start + k]];
        set[def >> 6] |= 1ull << (def & 63);
    }
}

int xf_legal(const tt_game *g, const void *st, tt_action *out)
{
    const xf_content *c = xf_content_of(g);
    const xf_state *s = st;
    tt_action cand[XF_MAX_CANDIDATES];
    int n = 0, nc = 0;
    if (s->head.over)
        return 0;
    if (s->step == ST_XFILE) {
        for (int k = 0; k < c->ncatalogue; k++)
            out[n++] = XF_ACTION(A_XFILE, k);
        return n;
    }
    if (s->step == ST_FIRST) {
        for (int p = 0; p < c->opt.nplayers; p++)
            out[n++] = XF_ACTION(A_FIRST, p);
        return n;
    }
    if (s->decl.kind == A_PLAY)
        return xf_play_options(c, s, &s->decl, out);
    if (xf_inv_decides(s))
        return xf_inv_options(c, s, out);
    if (s->decl.kind == A_POWER || s->decl.kind == A_HURT)
        return xf_power_options(c, s, out);
    if (s->decl.kind == A_RESSPLIT) {
        for (int v = 0; v <= xf_agent_res(c, s, s->active, s->decl.inst); v++)
            out[n++] = XF_ACTION(A_RESSPLIT, v);
        return n;
    }
    if (s->decl.kind == A_DISCARD) {
        for (int def = 0; def < c->ndefs; def++)
            if (xf_hand_find(c, &s->pl[s->decl.seat], s->decl.seat, def) >= 0)
                out[n++] = XF_ACTION(A_DISCARD, def);
        return n;
    }
    if (s->nrounds) {
        int seat = tt_round_holder(&s->rounds[s->nrounds - 1]);
        uint64_t held[4];
        hand_set(c, s, seat, held);
        out[n++] = XF_ACTION(A_PASS, 0);
        for (int w = 0; w < 4; w++) /* in def order */
            for (uint64_t m = held[w]; m; m &= m - 1) {
                int def = w * 64 + __builtin_ctzll(m);
                xf_decl d;
                if (xf_play_start(c, s, seat, def, &d, NULL) == TT_OK)
                    out[n++] = XF_ACTION(A_PLAY, def);
            }
        return n + xf_power_candidates(c, s, seat, out + n);
    }
    nc = xf_phase_candidates(c, s, cand);
    for (int i = 0; i < nc && n < XF_MAX_ACTIONS; i++)
        if (xf_phase_check(c, s, cand[i], NULL) == TT_OK)
            out[n++] = cand[i];
    return n;
}

static void apply_window(const xf_content *c, xf_state *s, tt_action a, tt_events *ev)
{
    tt_round *r = &s->rounds[s->nrounds - 1];
    int seat = tt_round_holder(r);
    if (XF_OP(a) == A_PASS) {
        tt_emit(ev, EV_PASS, seat, TT_SEEN_ALL, seat, 0, 0, 0);
        tt_round_pass(r);
        return;
    }
    if (XF_OP(a) == A_ANNOUNCE || XF_OP(a) == A_POWER) {
        xf_power_do(c, s, seat, a, ev);
        return;
    }
    xf_play_start(c, s, seat, XF_ARG(a), &s->decl, NULL);
    if (xf_play_autofill(c, s, &s->decl))
        xf_play_commit(c, s, ev);
}

static int apply_decl(const xf_content *c, xf_state *s, tt_action a, tt_events *ev)
{
    int arg = XF_ARG(a);
    xf_decl *d = &s->decl;
    if (d->kind == A_PLAY) {
        xf_decl e;
        xf_play_declare(c, s, d, XF_OP(a), arg, &e, NULL);
        *d = e;
        if (xf_play_autofill(c, s, d))
            xf_play_commit(c, s, ev);
        return 0;
    }
    if (xf_inv_decides(s))
        return xf_inv_do(c, s, a, ev);
    if (d->kind == A_POWER || d->kind == A_HURT) {
        xf_power_decl_do(c, s, a, ev);
        return 0;
    }
    if (d->kind == A_DISCARD) {
        xf_player *pl = &s->pl[d->seat];
        int k = xf_hand_find(c, pl, d->seat, arg);
        int inst = pl->cards[pl->n[Z_DECK] + k];
        xf_to_discard(c, s, d->seat, inst);
        tt_emit(ev, EV_DISCARD, d->seat, TT_SEEN_ALL, d->seat, inst, 0, 0);
        if (--d->x == 0 || !pl->n[Z_HAND])
            *d = (xf_decl){0};
        return 0;
    }
    return xf_ressplit_do(c, s, arg, ev);
}

int xf_apply(const tt_game *g, void *st, tt_action a, tt_events *ev, tt_error *err)
{
    const xf_content *c = xf_content_of(g);
    xf_state *s = st;
    int rc = check(c, s, a, err);
    if (rc)
        return rc; /* nothing changed (XF-5.0.3) */
    int arg = XF_ARG(a), over = 0;
    if (XF_OP(a) == A_XFILE) { /* step 2: the others learn only that he chose */
        s->pl[s->actor].xfile = (uint8_t)arg;
        tt_emit(ev, EV_XFILE, s->actor, TT_SEEN(s->actor), s->actor, arg, 0, 0);
        if (++s->actor == c->opt.nplayers)
            xf_lay_out(c, s, ev);
        return TT_OK;
    }
    if (XF_OP(a) == A_FIRST) { /* step 7: turn order runs up from here */
        s->first = (uint8_t)arg;
        s->actor = XF_NONE;
        s->head.turn = 1;
        tt_emit(ev, EV_FIRST, arg, TT_SEEN_ALL, arg, 0, 0, 0);
        xf_turn_begin(c, s, arg, ev);
        over = !enter(c, s, ev);
    } else if (decl_decides(s)) {
        over = apply_decl(c, s, a, ev);
    } else if (s->nrounds) {
        apply_window(c, s, a, ev);
    } else {
        over = xf_phase_do(c, s, a, ev);
    }
    run(c, s, over, ev);
    return TT_OK;
}

/* --- conceding (XF-8.5.2) -------------------------------------------------------------------- */

/* XF-8.5.3 step 1: every card of p leaves the game; his stack cards go
 * without effect, the face-down cards others left under his Sites go to
 * their owners' discard piles. */
static void remove_player(const xf_content *c, xf_state *s, int p)
{
    xf_player *pl = &s->pl[p];
    for (int i = 0, k = 0; i < s->nstack; i++)
        if (xf_sc_seat(&s->stack[i]) != p) {
            s->stack[k] = s->stack[i];
            s->pl[xf_sc_seat(&s->stack[k])].aux[s->stack[k].inst] = (uint8_t)k;
            k++;
        }
    int kept = 0;
    for (int i = 0; i < s->nstack; i++)
        kept += xf_sc_seat(&s->stack[i]) != p;
    s->nstack = (uint8_t)kept;
    for (int q = 0; q < c->opt.nplayers; q++) {
        if (q == p)
            continue;
        xf_player *o = &s->pl[q];
        for (int i = 0; i < c->deck[q].ncards; i++)
            if (xf_zone(o, i) == Z_FACEDOWN && o->aux[i] >> 5 == p)
                xf_to_discard(c, s, q, i);
    }
    int nj = 0; /* his combat Witnesses leave with him */
    for (int j = 0; j < s->njoined; j++)
        if (s->joined[j].seat != p) {
            s->joined[nj] = s->joined[j];
            s->pl[s->joined[nj].seat].aux[s->joined[nj].inst] = (uint8_t)(nj + 1);
            nj++;
        }
    s->njoined = (uint8_t)nj;
    memset(pl->n, 0, sizeof pl->n);
    for (int i = 0; i < c->deck[p].ncards; i++) {
        xf_set_zone(pl, i, Z_OUT, 0);
        pl->aux[i] = 0;
    }
    for (int k = 0; k < XF_MAX_AGENTS; k++)
        pl->agent[k] = (xf_agent){.inst = XF_NONE, .team = XF_NONE};
    for (int k = 0; k < XF_MAX_SITES; k++)
        pl->site[k] = (xf_site){.inst = XF_NONE, .team = XF_NONE};
}

/* XF-8.5.3 step 2: Sites directed at p go to their owners' discard piles,
 * their face-down cards to their owners'. */
static void drop_sites_at(const xf_content *c, xf_state *s, int p)
{
    for (int q = 0; q < c->opt.nplayers; q++)
        for (int k = 0; k < XF_MAX_SITES; k++) {
            xf_site *x = &s->pl[q].site[k];
            if (x->inst == XF_NONE || x->directed != p)
                continue;
            for (int o = 0; o < c->opt.nplayers; o++)
                for (int i = 0; i < c->deck[o].ncards; i++)
                    if (xf_zone(&s->pl[o], i) == Z_FACEDOWN && s->pl[o].aux[i] == XF_SITE_REF(q, k))
                        xf_to_discard(c, s, o, i);
            xf_to_discard(c, s, q, x->inst);
            *x = (xf_site){.inst = XF_NONE, .team = XF_NONE};
        }
}

/* The stack cards of windows from index w up go to their owners' discard
 * piles, and those windows close. */
static void close_windows_from(const xf_content *c, xf_state *s, int w)
{
    while (s->nstack && xf_sc_window(&s->stack[s->nstack - 1]) >= w) {
        const xf_stack_card *e = &s->stack[s->nstack - 1];
        int seat = xf_sc_seat(e), inst = e->inst;
        s->nstack--;
        xf_to_discard(c, s, seat, inst);
    }
    if (s->nrounds > w)
        s->nrounds = (uint8_t)w;
}

/* XF-8.5.3 steps 2 and 3: an investigation ends at once without success;
 * its windows, checks, Combat and revealed Bluffs go. */
static void close_investigation(const xf_content *c, xf_state *s)
{
    close_windows_from(c, s, 0);
    for (int q = 0; q < c->opt.nplayers; q++)
        for (int i = 0; i < c->deck[q].ncards; i++)
            if ((xf_zone(&s->pl[q], i) == Z_COMBAT && !s->pl[q].aux[i]) ||
                xf_zone(&s->pl[q], i) == Z_REVEALED) /* joined Witnesses stay (XF-5.8.3) */
                xf_to_discard(c, s, q, i);
    for (int k = 0; k < XF_MAX_AGENTS; k++)
        s->pl[s->active].agent[k].flags &= (uint8_t)~AG_SET_ASIDE;
    s->nchecks = 0;
    s->investigating = XF_NONE;
    s->decl = (xf_decl){0};
    memset(&s->combat, 0, sizeof s->combat);
}

/* XF-8.5.3 step 1: a Combat against the conceder's Adversary ends as in
 * XF-5.8.10; its rounds lie right above the Site check (XF-5.8.1a). */
static void end_combat_of(const xf_content *c, xf_state *s)
{
    close_windows_from(c, s, s->check[0].window + 1);
    s->nchecks = 1;
    if (s->decl.kind == A_ALLOCATE)
        s->decl = (xf_decl){0};
    memset(&s->combat, 0, sizeof s->combat);
    tt_round *r = &s->rounds[s->check[0].window];
    tt_round_restart(r, r->start);
}

/* XF-8.5.3 step 3: the turn ends at once; the stack empties into the
 * discard piles and the next player begins. */
static void abort_turn(const xf_content *c, xf_state *s, tt_events *ev)
{
    close_investigation(c, s);
    s->nrounds = 0;
    if (!end_turn(c, s, ev) && !enter(c, s, ev))
        run(c, s, 1, ev);
}

int xf_offturn_apply(const tt_game *g, void *st, int player, tt_action a, tt_events *ev,
                     tt_error *err)
{
    const xf_content *c = xf_content_of(g);
    xf_state *s = st;
    if (a != TT_CONCEDE)
        return tt_fail(err, TT_EARG, NULL, "not an action outside the turn order of X-Files");
    if (s->pl[player].flags & PL_CONCEDED)
        return TT_REFUSE("XF-8.5.3", NULL, "p%d has left the game", player);
    s->pl[player].flags |= PL_CONCEDED;
    s->head.eliminated |= (uint8_t)(1u << player); /* out, in the result too */
    tt_emit(ev, EV_CONCEDE, player, TT_SEEN_ALL, player, 0, 0, 0);
    int left = -1, nleft = 0;
    for (int p = 0; p < c->opt.nplayers; p++)
        if (!(s->pl[p].flags & PL_CONCEDED))
            left = p, nleft++;
    if (nleft == 1) { /* XF-8.5.2, 8.5.3: the last player left wins */
        tt_head_end_win(&s->head, c->opt.nplayers, left, R_CONCEDED);
        tt_emit(ev, EV_END, player, TT_SEEN_ALL, R_CONCEDED, left, 0, 0);
        return TT_OK;
    }
    if (s->step <= ST_FIRST) { /* house: before turn 1 the game ends, shared by the others */
        unsigned first = 0;
        for (int p = 0; p < c->opt.nplayers; p++)
            if (!(s->pl[p].flags & PL_CONCEDED))
                first |= 1u << p;
        tt_head_end_shared(&s->head, c->opt.nplayers, first, R_CONCEDED);
        tt_emit(ev, EV_END, player, TT_SEEN_ALL, R_CONCEDED, -1, 0, 0);
        return TT_OK;
    }
    int inv = s->investigating != XF_NONE && player != s->active &&
              s->pl[s->active].site[s->investigating].directed == player;
    int fought = s->combat.on && s->combat.adv_seat == player && !inv && player != s->active;
    if (inv)
        close_investigation(c, s);
    remove_player(c, s, player);
    if (fought)
        end_combat_of(c, s);
    drop_sites_at(c, s, player);
    for (int k = 0; k < s->nrounds; k++)
        tt_round_leave(&s->rounds[k], player);
    if (s->decl.seat == player && s->decl.kind != A_TEAM)
        s->decl = (xf_decl){0};
    if (player == s->active) {
        abort_turn(c, s, ev);
        return TT_OK;
    }
    int over = inv && !xf_inv_i3_waits(s); /* that was the last Site of step I3 */
    if (s->actor == player && (s->step == ST_B5 || s->step == ST_C2 || s->step == ST_X2)) {
        int next = xf_next_seat(c, s, player);
        over = next == s->active; /* the step went round */
        s->actor = (uint8_t)next;
    }
    run(c, s, over, ev);
    return TT_OK;
}
