/* Braunau actions: who decides, what they may do, and doing it (BRA-5, 6).
 *
 * A command of the rules is declared one atomic answer at a time (deploy G01,
 * agent GER_BRANDT, area STADTPLATZ); the answers so far live in s->decl.
 * One function, check_action, decides whether an atomic action is allowed now:
 * it adds the answer to the declaration and runs bra_check on the result —
 * complete (TT_OK: the command is done) or not (BRA_PENDING, accepted only if
 * some answers can still complete it legally). legal() lists exactly the
 * candidates check_action accepts, with no error record (no strings on the
 * playout path), and apply() runs it first, so a listed action always
 * applies and a refused one leaves the state untouched. */
#include <assert.h>
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "core/lister.h"
#include "games/braunau/braunau.h"

#define BAD(...) tt_refuse(err, "E_BAD_ARGUMENT", "BRA-6.0.2", "" __VA_ARGS__)
#define MALFORMED() tt_fail(err, TT_EPARSE, NULL, "not an action of this game")

int bra_to_move(const tt_game *g, const void *st)
{
    (void)g;
    const bra_state *s = st;
    return s->head.over ? TT_TERMINAL : s->active;
}

void bra_cmd_init(bra_cmd *m, int verb)
{
    /* copied whole: cheaper than clearing it and naming the unset fields */
    static const bra_cmd blank = {.token = BRA_NONE,
                                  .agent = BRA_NONE,
                                  .area = BRA_NONE,
                                  .mode = BRA_NONE,
                                  .host = BRA_NONE,
                                  .target = BRA_NONE,
                                  .outcome = BRA_NONE,
                                  .item = BRA_NONE,
                                  .faction = BRA_NONE,
                                  .dest = BRA_NONE};
    *m = blank;
    m->verb = (uint8_t)verb;
}

void bra_decl_cmd(const bra_state *s, bra_cmd *m)
{
    const bra_decl *d = &s->decl;
    bra_cmd_init(m, d->verb);
    m->token = d->token;
    m->agent = d->agent;
    m->area = d->area;
    m->mode = d->mode;
    m->host = d->host;
    m->target = d->target;
    m->outcome = d->outcome;
    m->item = d->item;
    m->faction = d->faction;
    if (d->path != BRA_NONE) {
        m->dest = d->path & 15;
        m->steps = d->path >> 4;
    }
    int f = d->token == BRA_NONE ? 0 : d->token >> 6;
    /* the named tokens in ascending order; legal() asks this of every
     * candidate answer, so only the set bits are visited */
    for (uint64_t p = d->picked; p && m->ntok < BRA_MAX_LIST; p &= p - 1)
        m->toks[m->ntok++] = (uint8_t)(f << 6 | __builtin_ctzll(p));
}

/* The action op that answers each question (enum bra_field). */
static const int field_op[] = {0,         A_AGENT, A_AREA,    A_MODE, A_HOST, A_TARGET,
                               A_OUTCOME, A_ITEM,  A_FACTION, A_PATH, 0};
static const char *const field_names[] = {"",        "agent", "area",    "mode", "host", "target",
                                          "outcome", "item",  "faction", "path", "more"};

/* Is arg a well-formed value for op (its range, not its legality)? */
static int well_formed(const bra_content *c, int op, int arg)
{
    switch (op) {
    case A_DRAW:
    case A_END:
    case A_DONE: return arg == 0;
    case A_KEEP: return 1;
    case A_DISCARD: return arg == BRA_NONE || arg < BRA_NF * 64;
    case A_DEPLOY: return arg < BRA_NF * 64;
    case A_AGENT:
    case A_HOST:
    case A_TARGET:
    case A_MOVE:
    case A_AGITATE:
    case A_DENOUNCE:
    case A_ABILITY: return arg < c->nagents;
    case A_AREA: return arg < c->nareas;
    case A_MODE: return arg < MODE_N;
    case A_OUTCOME: return arg < OUT_N;
    case A_ITEM:
    case A_USE: return arg < c->nitems;
    case A_FACTION: return arg < BRA_NF;
    case A_PATH: {
        int steps = arg >> 4;
        return arg < 256 && (arg & 15) < c->nareas && (steps <= BRA_MAX_PATH || steps == 15);
    }
    default: return 0;
    }
}

/* A step that leaves the command incomplete: accepted only if it can still be
 * completed legally. */
static int step(const bra_content *c, const bra_state *s, const bra_cmd *m, tt_error *err)
{
    int rc = bra_check(c, s, m, err);
    if (rc == BRA_PENDING && !bra_completable(c, s, m, err))
        return TT_EILLEGAL;
    return rc;
}

/* Whether action a may be applied now; m receives the command it completes or
 * extends. TT_OK: complete; BRA_PENDING: accepted, more to declare. */
static int check_action(const bra_content *c, const bra_state *s, tt_action a, bra_cmd *m,
                        tt_error *err)
{
    int op = BRA_OP(a), arg = BRA_ARG(a);
    if (!well_formed(c, op, arg))
        return MALFORMED();
    if (s->head.over)
        return tt_fail_code(err, TT_ESTATE, "E_GAME_OVER", "BRA-6.0.2", "the game has ended");
    if (s->decl.verb != V_NONE) {
        bra_decl_cmd(s, m);
        int field = bra_next_field(c, s, m);
        if (field == F_MORE) { /* DISCARD: another token, or done */
            if (op == A_DONE)
                return bra_check(c, s, m, err);
            if (op != A_DISCARD || arg == BRA_NONE)
                return BAD("a DISCARD is being declared: name another token or say 'done'");
            if (m->ntok < BRA_MAX_LIST)
                m->toks[m->ntok++] = (uint8_t)arg;
            int rc = bra_check(c, s, m, err);
            return rc == TT_OK ? BRA_PENDING : rc;
        }
        if (op != field_op[field])
            return BAD("a command is being declared; the question now is its %s",
                       field_names[field]);
        bra_answer(m, field, arg);
        return step(c, s, m, err);
    }
    switch (op) {
    case A_DRAW: bra_cmd_init(m, V_DRAW); break;
    case A_END: bra_cmd_init(m, V_END); break;
    case A_KEEP: {
        /* one encoding per choice: the tokens in draw order, then any others */
        const bra_fstate *f = &s->f[bra_active_faction(c, s)];
        bra_cmd_init(m, V_KEEP);
        int last = -1;
        for (int k = 0; k < 3; k++) {
            int t = arg >> (8 * k) & 0xFF;
            if (t == BRA_NONE)
                continue;
            if (m->ntok < k)
                return MALFORMED();
            const uint8_t *p =
                (t >> 6) == bra_active_faction(c, s) ? memchr(f->pend, t & 63, f->npend) : NULL;
            int pos = p ? (int)(p - f->pend) : 99;
            if (pos < last)
                return MALFORMED();
            last = pos;
            m->toks[m->ntok++] = (uint8_t)t;
        }
        break;
    }
    case A_DISCARD: {
        bra_cmd_init(m, V_DISCARD);
        if (arg != BRA_NONE)
            m->toks[m->ntok++] = (uint8_t)arg;
        int rc = bra_check(c, s, m, err);
        return rc == TT_OK ? BRA_PENDING : rc; /* "done" closes it */
    }
    case A_DEPLOY:
        bra_cmd_init(m, V_DEPLOY);
        m->token = (uint8_t)arg;
        break;
    case A_MOVE:
    case A_AGITATE:
    case A_DENOUNCE:
    case A_ABILITY: {
        static const int verbs[] = {V_MOVE, V_AGITATE, V_DENOUNCE, V_ABILITY};
        bra_cmd_init(m, verbs[op - A_MOVE]);
        m->agent = (uint8_t)arg;
        break;
    }
    case A_USE:
        bra_cmd_init(m, V_USE);
        m->item = (uint8_t)arg;
        break;
    default: return BAD("no command is being declared: there is no question to answer");
    }
    return step(c, s, m, err);
}

/* --- legal -------------------------------------------------------------------------- */

/* The candidates of a position, each kept when check_action accepts it, as
 * complete or pending (core/lister.h). */
typedef struct lister {
    const bra_content *c;
    const bra_state *s;
    tt_lister list;
} lister;

static int check_listed(const void *ctx, tt_action a)
{
    const lister *L = ctx;
    bra_cmd m;
    return check_action(L->c, L->s, a, &m, NULL) >= 0 ? TT_OK : TT_EILLEGAL;
}

static void offer(lister *L, int op, int arg)
{
    tt_offer(&L->list, BRA_ACTION(op, arg));
}

/* The answers to the question `field` of the declaration so far, m: each
 * is well-formed and of the kind asked, so only the step is checked, on m
 * read from the state once (debug builds assert check_action agrees). */
static void offer_answers(lister *L, const bra_cmd *m, int field)
{
    uint8_t cand[2 * BRA_MAX_AREAS + BRA_MAX_AGENTS];
    int n = bra_candidates(L->c, L->s, m, field, 0, cand);
    for (int i = 0; i < n; i++) {
        bra_cmd next = *m;
        bra_answer(&next, field, cand[i]);
        int rc = step(L->c, L->s, &next, NULL) >= 0 ? TT_OK : TT_EILLEGAL;
        assert(rc == check_listed(L, BRA_ACTION(field_op[field], cand[i])));
        tt_keep(&L->list, BRA_ACTION(field_op[field], cand[i]), rc);
    }
}

/* Lists (op, arg) where every candidate of its class is known to get the same
 * answer: the first of the class is checked (*known is -1 until then), the
 * others take its answer; debug builds check them all and assert it. */
static void offer_alike(lister *L, int op, int arg, int *known)
{
    tt_action a = BRA_ACTION(op, arg);
    if (*known < 0)
        *known = check_listed(L, a) == TT_OK;
    assert(*known == (check_listed(L, a) == TT_OK));
    tt_keep(&L->list, a, *known ? TT_OK : TT_EILLEGAL);
}

/* KEEP: every choice of up to retain_max drawn tokens, in draw order. The
 * tokens are distinct, drawn, the active faction's and in draw order, so what
 * BRA-6.2.1, 6.2.4 and 6.0.3 ask of a choice depends on how many it keeps. */
static void offer_keeps(lister *L, const bra_fstate *f, int base)
{
    int n = f->npend, most = L->c->p.retain_max;
    int known[4] = {-1, -1, -1, -1}; /* by the number kept */
    offer_alike(L, A_KEEP, BRA_KEEP_NONE, &known[0]);
    for (int i = 0; i < n && most >= 1; i++) {
        int ti = base | f->pend[i];
        offer_alike(L, A_KEEP, 0xFFFF00 | ti, &known[1]);
        for (int j = i + 1; j < n && most >= 2; j++) {
            int tj = base | f->pend[j];
            offer_alike(L, A_KEEP, 0xFF0000 | tj << 8 | ti, &known[2]);
            for (int k = j + 1; k < n && most >= 3; k++)
                offer_alike(L, A_KEEP, (base | f->pend[k]) << 16 | tj << 8 | ti, &known[3]);
        }
    }
}

/* Lists the main-phase command a whose command m is built by the caller:
 * no declaration is pending and the game runs, so check_action would build
 * the same m and step it; debug builds assert it agrees. */
static void offer_cmd(lister *L, tt_action a, const bra_cmd *m)
{
    int rc = step(L->c, L->s, m, NULL) >= 0 ? TT_OK : TT_EILLEGAL;
    assert(rc == check_listed(L, a));
    tt_keep(&L->list, a, rc);
}

static void offer_deploys(lister *L, const bra_fstate *f, int base)
{
    bra_cmd m;
    bra_cmd_init(&m, V_DEPLOY);
    for (uint64_t set = f->stash; set; set &= set - 1) {
        m.token = (uint8_t)(base | __builtin_ctzll(set));
        offer_cmd(L, BRA_ACTION(A_DEPLOY, m.token), &m);
    }
}

/* MOVE, AGITATE, DENOUNCE and ABILITY of each own agent in play (BRA-6.0.4),
 * then USE of each item owned. */
static void offer_agents(lister *L, int fa)
{
    const bra_content *c = L->c;
    static const int verbs[] = {V_MOVE, V_AGITATE, V_DENOUNCE, V_ABILITY};
    bra_cmd m[4];
    for (int v = 0; v < 4; v++)
        bra_cmd_init(&m[v], verbs[v]);
    for (int k = 0; k < c->f[fa].nagents; k++) {
        int a = c->f[fa].agent[k];
        if (!bra_in_play(L->s, a))
            continue;
        for (int v = 0; v < 4; v++) {
            m[v].agent = (uint8_t)a;
            offer_cmd(L, BRA_ACTION(A_MOVE + v, a), &m[v]);
        }
    }
    bra_cmd use;
    bra_cmd_init(&use, V_USE);
    for (int i = 0; i < c->nitems; i++)
        if (L->s->iowner[i] == fa) {
            use.item = (uint8_t)i;
            offer_cmd(L, BRA_ACTION(A_USE, i), &use);
        }
}

/* DISCARD of each stash token not named yet: distinct stash tokens, so
 * BRA-6.3.1 and 6.0.3 ask of each only the AP the discard costs, the same. */
static void offer_discards(lister *L, const bra_fstate *f, int base, uint64_t skip)
{
    int known = -1;
    for (uint64_t m = f->stash & ~skip; m; m &= m - 1)
        offer_alike(L, A_DISCARD, base | __builtin_ctzll(m), &known);
}

int bra_legal(const tt_game *g, const void *st, tt_action *out)
{
    const bra_content *c = bra_content_of(g);
    const bra_state *s = st;
    lister L = {c, s, {0}};
    L.list = tt_lister_make(check_listed, &L, out, g->max_actions);
    if (s->head.over)
        return 0;
    int fa = bra_active_faction(c, s), base = fa << 6;
    const bra_fstate *f = &s->f[fa];
    if (s->decl.verb != V_NONE) {
        bra_cmd m;
        bra_decl_cmd(s, &m);
        int field = bra_next_field(c, s, &m);
        if (field == F_MORE) {
            offer_discards(&L, f, base, s->decl.picked);
            offer(&L, A_DONE, 0);
            return L.list.n;
        }
        offer_answers(&L, &m, field);
        return L.list.n;
    }
    if (f->npend) { /* BRA-6.1.4: KEEP, or DISCARD to make room */
        offer_keeps(&L, f, base);
        offer_discards(&L, f, base, 0);
        return L.list.n;
    }
    offer(&L, A_DRAW, 0);
    offer(&L, A_END, 0);
    offer_deploys(&L, f, base);
    offer_discards(&L, f, base, 0);
    offer_agents(&L, fa);
    return L.list.n;
}

/* --- apply ---------------------------------------------------------------------------- */

/* Records an accepted step of a declaration. */
static void declare(bra_state *s, const bra_cmd *m, int op, int arg)
{
    bra_decl *d = &s->decl;
    if (d->verb == V_NONE) {
        memset(d, 0xFF, sizeof *d);
        d->verb = m->verb;
        d->picked = 0;
        d->pad = 0;
        d->token = m->token;
        d->agent = m->agent;
        d->item = m->item;
        if (m->verb == V_DISCARD)
            d->token = (uint8_t)(arg & ~63); /* the faction's tokens */
    }
    switch (op) {
    case A_DISCARD: d->picked |= 1ull << (arg & 63); break;
    case A_AGENT: d->agent = (uint8_t)arg; break;
    case A_AREA: d->area = (uint8_t)arg; break;
    case A_MODE: d->mode = (uint8_t)arg; break;
    case A_HOST: d->host = (uint8_t)arg; break;
    case A_TARGET: d->target = (uint8_t)arg; break;
    case A_OUTCOME: d->outcome = (uint8_t)arg; break;
    case A_ITEM: d->item = (uint8_t)arg; break;
    case A_FACTION: d->faction = (uint8_t)arg; break;
    case A_PATH: d->path = (uint8_t)arg; break;
    default: break;
    }
}

int bra_apply(const tt_game *g, void *st, tt_action a, tt_events *ev, tt_error *err)
{
    const bra_content *c = bra_content_of(g);
    bra_state *s = st;
    bra_cmd m;
    int rc = check_action(c, s, a, &m, err);
    if (rc < 0)
        return rc; /* nothing changed */
    s->started = 1;
    if (rc == BRA_PENDING) {
        declare(s, &m, BRA_OP(a), BRA_ARG(a));
    } else {
        memset(&s->decl, 0, sizeof s->decl);
        bra_do(c, s, &m, ev);
    }
    return TT_OK;
}

/* BRA-6.0.2: a player may concede at any time; the game ends and he ranks last. */
int bra_offturn_apply(const tt_game *g, void *st, int player, tt_action a, tt_events *ev,
                      tt_error *err)
{
    const bra_content *c = bra_content_of(g);
    bra_state *s = st;
    if (a != TT_CONCEDE)
        return tt_fail(err, TT_EARG, NULL, "not an action outside the turn order of Braunau");
    s->conceder = (uint8_t)player;
    s->head.reason = R_CONCEDED;
    s->started = 1;
    bra_score(c, s, ev);
    return TT_OK;
}
