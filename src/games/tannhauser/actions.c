/* Tannhäuser actions: who decides, what is legal, and applying it (TAN-5.20).
 *
 * The three calls of the interface. legal() offers every candidate the phase
 * could allow and keeps exactly those tan_check (check.c) accepts, asked with
 * no error record: no strings on the playout path. In the active character's
 * cycle, where most candidates are made, each is asked only the rules of its
 * own kind (tan_check_op), against one tan_look of the position: being
 * well-formed and allowed in the sequence is true of every candidate made
 * there, and debug builds assert that the answer is tan_check's. apply()
 * runs tan_check first and only then the effect (effects.c, or combat.c for
 * the reactions of TAN-5.16.5), so a listed action always applies and a
 * refused one leaves the state untouched; tan_resolve then carries the game
 * to the next decision. Concession and draws by agreement (TAN-8.6), which
 * are not listed actions, are here too. */
#include <assert.h>

#include "core/errors.h"
#include "core/events.h"
#include "core/lister.h"
#include "games/tannhauser/tannhauser.h"

int tan_to_move(const tt_game *g, const void *st)
{
    (void)g;
    const tan_state *s = st;
    if (s->phase == PH_OVER)
        return TT_TERMINAL;
    const tt_frame *f = tt_stack_peek(&s->stack);
    if (f)
        return f->player;
    return s->phase == PH_CYCLE ? tan_seat_of(s->active) : s->decider;
}

/* --- legal: every candidate tan_check accepts --------------------------------------------- */

/* The candidates of a position, each kept when tan_check accepts it (core/lister.h). */
typedef struct lister {
    const tan_content *c;
    const tan_state *s;
    tan_look look; /* taken once, read by every candidate's check */
    tt_lister list;
} lister;

static int check_listed(const void *ctx, tt_action a)
{
    const lister *L = ctx;
    return tan_check_in(&L->look, a, NULL);
}

/* A reaction, through the whole check. */
static void offer(lister *L, int op, int a, int b, int c)
{
    tt_offer(&L->list, TAN_ACTION(op, a, b, c));
}

/* A setup action: what list_setup offers is well-formed and of a kind the
 * phase allows, and no reaction waits, so only its own rules are asked; debug
 * builds assert the answer is tan_check_in's. */
static void offer_setup(lister *L, int op, int a, int b)
{
    int rc = tan_check_setup_op(L->c, L->s, op, a, b);
    assert(rc == tan_check_in(&L->look, TAN_ACTION(op, a, b, 0), NULL));
    tt_keep(&L->list, TAN_ACTION(op, a, b, 0), rc);
}

/* An action of the cycle: what the lines below offer is well-formed and of a
 * kind the sub-step sequence allows, so only its own rules are asked. */
static void offer_cycle(lister *L, int op, int a, int b, int c)
{
    int rc = tan_check_op(&L->look, op, a, b, c);
    assert(rc == tan_check_in(&L->look, TAN_ACTION(op, a, b, c), NULL));
    tt_keep(&L->list, TAN_ACTION(op, a, b, c), rc);
}

/* The same, where `worth` says the action's rule can allow it at all; where
 * not, debug builds assert tan_check_op refuses it. */
static void offer_if(lister *L, int worth, int op, int a, int b, int c)
{
    if (worth)
        offer_cycle(L, op, a, b, c);
    else
        assert(tan_check_op(&L->look, op, a, b, c) != TT_OK);
}

/* The same, where `worth` says the action's rule can allow it at all; where
 * not, debug builds assert tan_check_setup_op refuses it. */
static void offer_setup_if(lister *L, int worth, int op, int a, int b)
{
    if (worth)
        offer_setup(L, op, a, b);
    else
        assert(tan_check_setup_op(L->c, L->s, op, a, b) != TT_OK);
}

/* A setup action whose whole check the caller answers (ok), from the rule
 * itself; debug builds assert tan_check_in agrees. */
static void keep_setup(lister *L, int op, int a, int ok)
{
    assert(ok == (tan_check_in(&L->look, TAN_ACTION(op, a, 0, 0), NULL) == TT_OK));
    tt_keep(&L->list, TAN_ACTION(op, a, 0, 0), ok ? TT_OK : TT_EILLEGAL);
}

static void list_setup(lister *L)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int seat = s->decider;
    switch (s->phase) {
    case PH_RECRUIT:
        for (int k = 0; k < c->fac[c->faction[seat]].nroster; k++)
            offer_setup(L, A_RECRUIT, c->fac[c->faction[seat]].roster[k], 0);
        break;
    case PH_PACK:
        for (int u = seat * TAN_TEAM; u < (seat + 1) * TAN_TEAM; u++)
            for (int p = PACK_COMBAT; p <= PACK_CUSTOM; p++) /* TAN-3.6: one pack each */
                offer_setup_if(L, s->unit[u].pack == PACK_NONE, A_PACK, u, p);
        break;
    case PH_CUSTOM:
    case PH_REINF_CUSTOM:
        for (int e = 0; e < c->nequip; e++) /* TAN-3.6: from the character's packs */
            offer_setup_if(L, c->chr[s->unit[s->sub].def].most[e] > 0, A_CUSTOM, e, 0);
        offer_setup(L, A_DONE, 0, 0);
        break;
    case PH_ENTRY:
        for (int k = 0; k < c->nentries; k++)
            offer_setup(L, A_ENTRY, c->entry[k], 0);
        break;
    case PH_KEEP:
    case PH_PLACE:
        for (int o = 0; o < c->nobjs; o++)
            if (tan_obj_held_by(c, s, o, seat)) {
                if (s->phase == PH_KEEP)
                    offer_setup(L, A_DISCARD, o, 0);
                else
                    for (int k = 0; k < c->nobjcircles; k++)
                        offer_setup_if(L, tan_fits_kind(c, o, c->objcircle[k]), A_PLACE, o,
                                       c->objcircle[k]);
            }
        if (s->phase == PH_PLACE)
            offer_setup(L, A_SKIP, 0, 0);
        break;
    case PH_FLAG:
        for (int k = 0; k < c->nobjcircles; k++)
            offer_setup(L, A_FLAG, c->objcircle[k], 0);
        break;
    case PH_REINFORCE:
        for (int u = seat * TAN_TEAM; u < (seat + 1) * TAN_TEAM; u++)
            for (int p = PACK_COMBAT; p <= PACK_CUSTOM; p++)
                offer_setup(L, A_REINFORCE, u, p);
        offer_setup(L, A_NOREINFORCE, 0, 0);
        break;
    case PH_FIRST:
        offer_setup(L, A_FIRST, 0, 0);
        offer_setup(L, A_FIRST, 1, 0);
        break;
    default:
        for (int u = seat * TAN_TEAM; u < (seat + 1) * TAN_TEAM; u++) { /* TAN-4.5 */
            const tan_unit *un = &s->unit[u];
            keep_setup(L, A_ACTIVATE, u,
                       un->def != TAN_NONE && un->status != ST_DEAD && !un->activated);
        }
        break;
    }
}

/* A step onto circle, which the step is known to lead to, so the check of
 * where it leads is skipped; debug builds assert the whole check agrees. */
static void offer_step(lister *L, int circle)
{
    int rc = tan_next_step_why(&L->look, circle) == WHY_OK ? TT_OK : TT_EILLEGAL;
    assert((rc == TT_OK) == (tan_check_op(&L->look, A_MOVE, circle, 0, 0) == TT_OK));
    tt_keep(&L->list, TAN_ACTION(A_MOVE, circle, 0, 0), rc);
}

/* Circles the active character could reach with a step: its neighbours, or
 * its entry circle from reserve. */
static void list_moves(lister *L, int u)
{
    const tan_content *c = L->c;
    const tan_unit *un = &L->s->unit[u];
    if (un->status == ST_RESERVE) {
        if (L->s->pl[tan_seat_of(u)].entry != TAN_NONE)
            offer_step(L, L->s->pl[tan_seat_of(u)].entry);
        return;
    }
    for (int i = 0; i < c->adj_n[un->circle]; i++)
        offer_step(L, c->adj[c->adj_first[un->circle] + i]);
}

static void list_exchange(lister *L, int u)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int at = s->unit[u].circle;
    uint64_t near[TAN_MAX_INST / 64]; /* offered in item order */
    tan_items_near(s, u, near);
    for (int i = tan_next_item(near, -1); i >= 0; i = tan_next_item(near, i)) {
        if (s->item[i].where == W_CIRCLE) {
            offer_if(L, tan_look_reach(&L->look, s->item[i].at), A_PICK, i, 0, 0); /* TAN-5.11.1 */
            continue;
        }
        if (s->item[i].where != W_UNIT || s->item[i].at != u)
            continue;
        /* TAN-5.11.1: only free equipment is dropped or passed, and to a friend
         * on the board */
        int free = c->equip[s->item[i].def].free;
        for (int k = 0; k < c->adj_n[at]; k++)
            offer_if(L, free, A_DROP, i, c->adj[c->adj_first[at] + k], 0);
        for (int f = tan_seat_of(u) * TAN_TEAM; f < (tan_seat_of(u) + 1) * TAN_TEAM; f++)
            offer_if(L, free && f != u && s->unit[f].status == ST_BOARD, A_PASS, i, f, 0);
    }
    for (int a = tan_next_carried_flag(s, u, -1); a >= 0; a = tan_next_carried_flag(s, u, a)) {
        for (int k = 0; k < c->adj_n[at]; k++)
            offer_cycle(L, A_DROP, a, c->adj[c->adj_first[at] + k], 1);
        for (int f = tan_seat_of(u) * TAN_TEAM; f < (tan_seat_of(u) + 1) * TAN_TEAM; f++)
            offer_cycle(L, A_PASS, a, f, 1);
    }
    offer_cycle(L, A_DONE, 0, 0, 0);
}

/* TAN-2.4.3: an enemy off u's paths can be attacked with nothing, which
 * tan_attack_why says of every weapon; debug builds ask it. */
static int in_sight(const lister *L, int u, int e, const uint8_t *mine, int nmine)
{
    int seen = tan_same_path(L->c, L->s->unit[u].circle, L->s->unit[e].circle);
    for (int k = -1; !seen && k < nmine; k++)
        assert(tan_check_op(&L->look, A_ATTACK, e, k < 0 ? TAN_NONE : mine[k], 0) != TT_OK);
    (void)mine, (void)nmine;
    return seen;
}

/* The skills objective token o, of seat's, still needs (TAN-5.13.1), as a
 * bit set by skill: none for no token or another team's. */
static unsigned tasks_open(const lister *L, int seat, int o)
{
    const tan_content *c = L->c;
    unsigned open = 0;
    if (o < 0 || c->obj[o].owner != c->faction[seat])
        return 0;
    for (int k = 0; k < c->obj[o].nskills; k++)
        if (!(L->s->obj[o].halves >> k & 1))
            open |= 1u << c->obj[o].skill[k];
    return open;
}

/* The tasks on objective circle x: for a skill the mover's own token there
 * still needs, with and without buying it; debug builds assert tan_check_op
 * refuses the others. */
static void offer_tasks(lister *L, int seat, int x)
{
    unsigned open = tasks_open(L, seat, tan_objective_at(L->c, L->s, x));
    for (int sk = 0; sk < SK_COUNT; sk++)
        for (int buy = 0; buy < 2; buy++)
            offer_if(L, open >> sk & 1, A_TASK, x, sk, buy);
}

/* The action-phase options of TAN-5.5.1 for u standing on `at`. */
static void list_actions(lister *L, int u)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    /* TAN-5.5.2: one action phase a cycle; the whole test when not yet taken */
    if (s->action_taken) {
        assert(tan_check_action_phase(&L->look, NULL) != TT_OK);
        return;
    }
    if (tan_check_action_phase(&L->look, NULL) != TT_OK)
        return;
    int at = s->unit[u].circle, seat = tan_seat_of(u);
    uint8_t mine[TAN_MAX_INST];
    int nmine = tan_items_of(s, u, mine);
    uint64_t next[TAN_MAX_CIRCLES / 64] = {0}; /* the circles next to u's */
    for (int k = c->adj_first[at]; k < c->adj_first[at] + c->adj_n[at]; k++)
        next[c->adj[k] >> 6] |= (uint64_t)1 << (c->adj[k] & 63);
    for (int e = (1 - seat) * TAN_TEAM; e < (2 - seat) * TAN_TEAM; e++) {
        if (s->unit[e].status != ST_BOARD)
            continue;
        /* TAN-5.6.1: a bull rush is against an enemy next to the mover */
        offer_if(L, tan_bit(next, s->unit[e].circle), A_BULLRUSH, e, 0, 0);
        if (!in_sight(L, u, e, mine, nmine))
            continue;
        offer_cycle(L, A_ATTACK, e, TAN_NONE, 0);
        for (int k = 0; k < nmine; k++)
            offer_cycle(L, A_ATTACK, e, mine[k], 0);
    }
    for (int k = 0; k < nmine; k++) {
        int i = mine[k];
        const tan_equip *e = &c->equip[s->item[i].def];
        if (e->kind == EK_WEAPON && e->weapon.type == WT_GRENADE)
            for (int x = 0; x < c->ncircles; x++)
                if (tan_same_path(c, at, x))
                    offer_cycle(L, A_THROW, x, i, 0);
        if (e->effect == EF_HEAL) /* TAN-5.10.1: a wounded friend on the board, or u */
            for (int f = seat * TAN_TEAM; f < (seat + 1) * TAN_TEAM; f++)
                offer_if(L, s->unit[f].wounds && (f == u || s->unit[f].status == ST_BOARD), A_USE,
                         i, f, 0);
    }
    /* TAN-5.11.1: exchange when a sub-step is possible, asked of the items
     * found above as the check would find them */
    int rc = tan_some_substep(&L->look, mine, nmine) ? TT_OK : TT_EILLEGAL;
    assert(rc == tan_check_op(&L->look, A_EXCHANGE, 0, 0, 0));
    tt_keep(&L->list, TAN_ACTION(A_EXCHANGE, 0, 0, 0), rc);
    for (int k = 0; k < c->adj_n[at]; k++) {
        int x = c->adj[c->adj_first[at] + k];
        if (c->site_of[x] != TAN_NONE)
            offer_cycle(L, A_SEARCH, x, 0, 0);
        if (c->mode == MODE_STORY && c->circle[x].kind == CK_OBJECTIVE)
            offer_tasks(L, seat, x);
        if (c->mode == MODE_DOMINATION) /* TAN-5.15.1: on objective circles */
            offer_if(L, c->circle[x].kind == CK_OBJECTIVE, A_PLACEFLAG, x, 0, 0);
        if (c->mode == MODE_CTF) /* TAN-5.14.1: where an enemy flag lies */
            offer_if(L, tan_flags_lying(s, 1 - seat, x), A_TAKEFLAG, x, 0, 0);
    }
    if (c->mode == MODE_CTF) {
        offer_if(L, tan_flags_lying(s, 1 - seat, at), A_TAKEFLAG, at, 0, 0);
        offer_cycle(L, A_PLANT, 0, 0, 0);
    }
}

static void list_cycle(lister *L)
{
    const tan_state *s = L->s;
    int u = s->active;
    if (s->seq == SEQ_EXCHANGE) {
        list_exchange(L, u);
        return;
    }
    if (s->seq == SEQ_SEARCH) {
        for (int i = 0; i < s->ninst; i++)
            if (s->item[i].where == W_CRATE && s->item[i].at == s->seq_site)
                offer_cycle(L, A_TAKE, i, 0, 0);
        offer_cycle(L, A_DONE, 0, 0, 0);
        return;
    }
    list_moves(L, u);
    /* TAN-5.16.3: n MP cost n VP of the team's */
    for (int n = 1; n <= 2; n++)
        offer_if(L, s->pl[tan_seat_of(u)].vp >= n, A_BUYMP, n, 0, 0);
    offer_cycle(L, A_END, 0, 0, 0);
    list_actions(L, u);
}

int tan_legal(const tt_game *g, const void *st, tt_action *out)
{
    const tan_state *s = st;
    if (s->phase == PH_OVER)
        return 0;
    lister L; /* the look is read only where tan_look_at set it */
    L.c = tan_content_of(g);
    L.s = s;
    tan_look_at(&L.look, L.c, s);
    L.list = tt_lister_make(check_listed, &L, out, g->max_actions);
    const tt_frame *f = tt_stack_peek(&s->stack);
    if (f && f->kind == F_SHRUG) {
        for (int k = 0; k <= f->b; k++)
            offer(&L, A_SHRUG, k, 0, 0);
    } else if (f) {
        offer(&L, A_COUNTER, TAN_NONE, 0, 0);
        for (int i = tan_next_item(s->carries[f->a], -1); i >= 0;
             i = tan_next_item(s->carries[f->a], i))
            if (s->item[i].where == W_UNIT && s->item[i].at == f->a)
                offer(&L, A_COUNTER, i, 0, 0);
        offer(&L, A_NOCOUNTER, 0, 0, 0);
    } else if (s->phase == PH_CYCLE) {
        list_cycle(&L);
    } else {
        list_setup(&L);
    }
    return L.list.n;
}

int tan_apply(const tt_game *g, void *st, tt_action a, tt_events *ev, tt_error *err)
{
    const tan_content *c = tan_content_of(g);
    tan_state *s = st;
    int rc = tan_check(c, s, a, err);
    if (rc)
        return rc;
    int op = TAN_OP(a), x = TAN_A(a), y = TAN_B(a), z = TAN_C(a);
    if (op == A_SHRUG)
        tan_shrug(c, s, x, ev);
    else if (op == A_COUNTER || op == A_NOCOUNTER)
        tan_counter(c, s, op == A_COUNTER, x, ev);
    else if (s->phase == PH_CYCLE)
        tan_do_cycle(c, s, op, x, y, z, ev);
    else
        tan_do_setup(c, s, op, x, y, ev);
    tan_resolve(c, s, ev);
    return TT_OK;
}

/* TAN-8.6: conceding at any time; a draw by agreement, one offer standing at
 * a time until the other player answers it. */
int tan_offturn_legal(const tt_game *g, const void *st, int player, tt_action *out)
{
    (void)g;
    const tan_state *s = st;
    int n = 0;
    out[n++] = TT_CONCEDE;
    if (!s->draw_offer)
        out[n++] = TT_OFFER_DRAW;
    else if (s->draw_offer != player + 1)
        out[n++] = TT_ACCEPT_DRAW, out[n++] = TT_DECLINE_DRAW;
    return n;
}

int tan_offturn_apply(const tt_game *g, void *st, int player, tt_action a, tt_events *ev,
                      tt_error *err)
{
    (void)g;
    tan_state *s = st;
    if (a == TT_CONCEDE) {
        tan_end_game(s, 1 - player, R_CONCEDED, ev);
        return TT_OK;
    }
    if (a == TT_OFFER_DRAW) {
        if (s->draw_offer)
            return TT_REFUSE("TAN-8.6", "E_WRONG_STEP", "a draw offer is already waiting for %s",
                             s->draw_offer == player + 1 ? "the answer" : "your answer");
        s->draw_offer = (uint8_t)(player + 1);
        tt_emit(ev, EV_DRAW_OFFER, player, TT_SEEN_ALL, player, 0, 0, 0);
        return TT_OK;
    }
    if (a != TT_ACCEPT_DRAW && a != TT_DECLINE_DRAW)
        return tt_fail(err, TT_EARG, NULL, "not an action outside the turn order of Tannhäuser");
    if (!s->draw_offer || s->draw_offer == player + 1)
        return TT_REFUSE("TAN-8.6", "E_WRONG_STEP", "there is no draw offer for you to answer");
    s->draw_offer = 0;
    tt_emit(ev, EV_DRAW_ANSWER, player, TT_SEEN_ALL, player, a == TT_ACCEPT_DRAW, 0, 0);
    if (a == TT_ACCEPT_DRAW)
        tan_end_game(s, TAN_NONE, R_AGREED, ev);
    return TT_OK;
}
