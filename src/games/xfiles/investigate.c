/* X-Files Investigation (XF-5.6, 5.7) and the questions and guesses that
 * follow a success (XF-8.2 to 8.4).
 *
 * Step I2 assigns Teams to Sites; step I3 resolves them one by one. A Site
 * investigation opens the Site check (check[0]), reveals the face-down
 * cards under the Site (non-Bluffs to the discard pile at once, Bluffs to
 * Z_REVEALED), lets each owner pay or refuse his Bluffs, a paid one opening
 * a window of its own (XF_WINDOW_REVEAL), and then opens the check's window
 * (XF_WINDOW_CHECK + depth). A FORCE_CHECK opens a nested check above, its
 * card waiting on the stack (SC_RESOLVING) until the check has its result.
 * When the Site check's window closes with nothing of its own on the stack,
 * XF-5.6.8 decides, and a success hands P the question and the guess.
 *
 * The decisions inside live in s->decl: A_RESOLVE (mode: the prerequisite
 * option, x: focus; XF_NONE until answered), A_BLUFF (seat: the owner
 * deciding), A_KEEP (x: Agents still to keep; change_from/change_to: the
 * slots kept, a bit each), A_DAMAGE (x: damage), A_ASK (x: 1 for the
 * penalty, mode: the focused question) and A_GUESS. Playout path: no
 * allocation. */
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "core/pile.h"
#include "core/round.h"
#include "games/xfiles/xfiles.h"

#define P(s) ((s)->active)

static const xf_def *site_def(const xf_content *c, const xf_state *s, int slot)
{
    return xf_inst_def(c, P(s), s->pl[P(s)].site[slot].inst);
}

unsigned xf_site_team(const xf_state *s, int without)
{
    if (s->investigating == XF_NONE)
        return 0;
    unsigned set = 0;
    int team = s->pl[P(s)].site[s->investigating].team;
    for (int k = 0; k < XF_MAX_AGENTS; k++) {
        const xf_agent *a = &s->pl[P(s)].agent[k];
        if (a->inst != XF_NONE && a->section == SEC_FIELD && a->team == team &&
            !(a->flags & without))
            set |= 1u << k;
    }
    return set;
}

unsigned xf_contributing(const xf_content *c, const xf_state *s)
{
    (void)c; /* XF-5.7.2: not in the Hospital, not set aside, not healed this turn */
    return xf_site_team(s, AG_SET_ASIDE | AG_HEALED);
}

int xf_level(const xf_content *c, const xf_state *s, int k)
{
    const xf_check *x = &s->check[k];
    unsigned set = xf_contributing(c, s);
    int level = x->level_mod;
    for (int slot = 0; slot < XF_MAX_AGENTS; slot++)
        if (set >> slot & 1)
            level += xf_perm_stat(c, s, P(s), slot, x->skill) +
                     xf_best_equipment(c, s, P(s), slot, x->skill);
    return level < 0 ? 0 : level;
}

int xf_threshold(const xf_state *s, int k)
{
    int t = s->check[k].threshold + s->check[k].threshold_mod;
    return t < 1 ? 1 : t;
}

static int popcount(unsigned x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* --- steps I2 and I3 ------------------------------------------------------------------------- */

static int assigned_unresolved(const xf_state *s)
{
    for (int k = 0; k < XF_MAX_SITES; k++) {
        const xf_site *x = &s->pl[P(s)].site[k];
        if (x->inst != XF_NONE && x->team != XF_NONE && !(x->flags & SI_RESOLVED))
            return 1;
    }
    return 0;
}

int xf_inv_i3_waits(const xf_state *s)
{
    return assigned_unresolved(s);
}

int xf_inv_check_assign(const xf_content *c, const xf_state *s, int slot, int k, tt_error *err)
{
    const xf_player *pl = &s->pl[P(s)];
    if (slot >= XF_MAX_SITES || pl->site[slot].inst == XF_NONE)
        return TT_REFUSE("XF-5.6.2", NULL, "no such Site in p%d's Field", P(s));
    const xf_agent *a = k < XF_MAX_AGENTS ? &pl->agent[k] : NULL;
    if (!a || a->inst == XF_NONE || a->section != SEC_FIELD || a->team == XF_NONE)
        return TT_REFUSE("XF-5.4.6", NULL, "only a Team in the Field investigates");
    if (pl->site[slot].team != XF_NONE)
        return TT_REFUSE("XF-5.6.2", NULL, "each Site gets at most one Team");
    for (int j = 0; j < XF_MAX_SITES; j++) {
        const xf_site *x = &pl->site[j];
        if (x->inst == XF_NONE || x->team == XF_NONE)
            continue;
        if (x->team == a->team)
            return TT_REFUSE("XF-5.6.2", NULL, "each Team goes to at most one Site");
        if (site_def(c, s, j)->name_id == site_def(c, s, slot)->name_id)
            return TT_REFUSE("XF-5.6.2", NULL, "one Site of each name is investigated per turn");
    }
    return TT_OK;
}

void xf_inv_assign(xf_state *s, int slot, int k, tt_events *ev)
{
    xf_player *pl = &s->pl[P(s)];
    xf_site *x = &pl->site[slot];
    x->team = pl->agent[k].team;
    for (int j = 0; j < XF_MAX_AGENTS; j++) /* XF-9.3.6: for the rest of the turn */
        if (pl->agent[j].inst != XF_NONE && pl->agent[j].section == SEC_FIELD &&
            pl->agent[j].team == x->team)
            pl->assigned |= (uint16_t)(1u << j);
    tt_emit(ev, EV_ASSIGN, P(s), TT_SEEN_ALL, P(s), x->inst, x->team, 0);
}

/* --- a Site investigation ------------------------------------------------------------------------ */

static void open_check_window(const xf_content *c, xf_state *s, int k)
{
    s->check[k].window = s->nrounds;
    xf_open_window(c, s, P(s), XF_WINDOW_CHECK + k);
}

void xf_reveal_next(const xf_content *c, xf_state *s, tt_events *ev)
{
    uint8_t ref = XF_SITE_REF(P(s), s->investigating);
    for (int q = xf_next_seat(c, s, P(s)); q != P(s); q = xf_next_seat(c, s, q))
        for (int i = 0; i < c->deck[q].ncards; i++)
            if (xf_zone(&s->pl[q], i) == Z_REVEALED && s->pl[q].aux[i] == ref) {
                s->decl = (xf_decl){.kind = A_BLUFF, .seat = (uint8_t)q};
                return;
            }
    s->check[0].flags &= (uint8_t)~CF_REVEAL;
    tt_emit(ev, EV_CHECK, P(s), TT_SEEN_ALL, s->check[0].skill, xf_threshold(s, 0),
            xf_level(c, s, 0), 0);
    open_check_window(c, s, 0);
}

/* XF-5.6.6: every face-down card turns face up; non-Bluffs go at once. */
static void reveal(const xf_content *c, xf_state *s, tt_events *ev)
{
    uint8_t ref = XF_SITE_REF(P(s), s->investigating);
    for (int q = xf_next_seat(c, s, P(s)); q != P(s); q = xf_next_seat(c, s, q)) {
        xf_player *pl = &s->pl[q];
        int start = tt_piles_start(pl->n, Z_FACEDOWN);
        for (int k = 0; k < pl->n[Z_FACEDOWN];) {
            int inst = pl->cards[start + k];
            if (pl->aux[inst] != ref) {
                k++;
                continue;
            }
            tt_emit(ev, EV_REVEAL, q, TT_SEEN_ALL, q, inst, P(s), 0);
            if (xf_words_has(&xf_inst_def(c, q, inst)->kw, W_BLUFF))
                xf_make_public(c, s, q, inst, Z_REVEALED, ref);
            else
                xf_to_discard(c, s, q, inst);
            start = tt_piles_start(pl->n, Z_FACEDOWN);
        }
    }
}

static void begin_site(const xf_content *c, xf_state *s, tt_events *ev)
{
    int slot = s->decl.inst, opt = s->decl.mode, focus = s->decl.x;
    const xf_def *d = site_def(c, s, slot);
    s->decl = (xf_decl){0};
    s->investigating = (uint8_t)slot;
    s->pl[P(s)].site[slot].flags |= SI_RESOLVED;
    s->check[0] = (xf_check){.kind = CK_SITE,
                             .skill = d->prereq[opt].skill,
                             .threshold = focus ? d->focused_min : d->prereq[opt].min,
                             .flags = (uint8_t)(CF_REVEAL | (focus ? CF_FOCUSED : 0)),
                             .site = (uint8_t)slot,
                             .source = XF_NONE};
    s->nchecks = 1;
    reveal(c, s, ev);
    xf_reveal_next(c, s, ev);
}

/* Announces the next missing part of the Site's announcement (XF-5.6.4), or
 * begins the investigation. */
static void announce(const xf_content *c, xf_state *s, tt_events *ev)
{
    const xf_def *d = site_def(c, s, s->decl.inst);
    if (s->decl.mode == XF_NONE && d->nprereq == 1)
        s->decl.mode = 0;
    if (s->decl.x == XF_NONE && !d->has_focused)
        s->decl.x = 0;
    if (s->decl.mode != XF_NONE && s->decl.x != XF_NONE)
        begin_site(c, s, ev);
}

/* XF-5.6.9: the Site goes to the discard pile; the next one, or I3 ends. */
static int finish_site(const xf_content *c, xf_state *s)
{
    int slot = s->investigating;
    xf_player *pl = &s->pl[P(s)];
    for (int k = 0; k < XF_MAX_AGENTS; k++)
        pl->agent[k].flags &= (uint8_t)~AG_SET_ASIDE;
    xf_to_discard(c, s, P(s), pl->site[slot].inst);
    pl->site[slot] = (xf_site){.inst = XF_NONE, .team = XF_NONE, .flags = SI_RESOLVED};
    s->investigating = XF_NONE;
    s->decl = (xf_decl){0};
    return !assigned_unresolved(s);
}

/* The guess follows every successful Site; when no guess is allowed (XF-8.3.2,
 * 8.6.1, 8.6.2) only `noguess` is, so the refusal names the rule. */
static int guess_step(const xf_content *c, xf_state *s, int asked)
{
    (void)c;
    s->decl =
        (xf_decl){.kind = A_GUESS, .seat = P(s), .inst = s->investigating, .x = (uint8_t)asked};
    return 0;
}

static int guess_refusal(const xf_content *c, const xf_state *s, tt_error *err)
{
    const xf_player *pl = &s->pl[P(s)];
    if (s->decl.x && c->opt.opt_question_or_guess)
        return TT_REFUSE("XF-8.6.1", NULL, "a question or a guess, not both");
    if (pl->flags & PL_GUESSED)
        return TT_REFUSE("XF-8.3.2", NULL, "one guess per turn");
    if (c->opt.opt_single_guess && (pl->flags & PL_GUESSED_EVER))
        return TT_REFUSE("XF-8.6.2", NULL, "one guess per game");
    return TT_OK;
}

int xf_check_closed(const xf_content *c, xf_state *s, tt_events *ev)
{
    if (s->check[s->nchecks - 1].kind == CK_LRC || s->check[s->nchecks - 1].kind == CK_CRC)
        return xf_round_closed(c, s, ev);
    int k = s->nchecks - 1, level = xf_level(c, s, k), thr = xf_threshold(s, k);
    if (k > 0) { /* a forced check (XF-5.7.7) */
        int ok = level >= thr, i = s->check[k].source;
        tt_emit(ev, EV_RESULT, P(s), TT_SEEN_ALL, ok, level, thr, k);
        const xf_stack_card e = s->stack[i];
        int dmg = s->check[k].pad;
        s->nchecks--;
        for (int j = i + 1; j < s->nstack; j++) { /* the card leaves the stack */
            s->stack[j - 1] = s->stack[j];
            s->pl[xf_sc_seat(&s->stack[j - 1])].aux[s->stack[j - 1].inst] = (uint8_t)(j - 1);
        }
        s->nstack--;
        xf_to_discard(c, s, xf_sc_seat(&e), e.inst);
        if (!ok && !dmg)
            s->check[0].flags |= CF_SITE_FAILS;
        if (!ok && dmg && xf_contributing(c, s))
            s->decl =
                (xf_decl){.kind = A_DAMAGE, .seat = (uint8_t)xf_sc_seat(&e), .x = (uint8_t)dmg};
        tt_round *r = &s->rounds[s->check[k - 1].window];
        tt_round_restart(r, r->start);
        return 0;
    }
    /* XF-5.6.8 */
    int ok = xf_contributing(c, s) && !(s->check[0].flags & CF_SITE_FAILS) && level >= thr;
    tt_emit(ev, EV_RESULT, P(s), TT_SEEN_ALL, ok, level, thr, 0);
    int focused = (s->check[0].flags & CF_FOCUSED) != 0;
    s->nchecks = 0;
    if (!ok)
        return finish_site(c, s);
    s->decl =
        (xf_decl){.kind = A_ASK, .seat = P(s), .inst = s->investigating, .mode = (uint8_t)focused};
    return 0;
}

void xf_force_check(const xf_content *c, xf_state *s, int i, const xf_effect *e, tt_events *ev)
{
    int k = s->nchecks++;
    s->check[k] = (xf_check){.kind = CK_FORCED,
                             .skill = e->skill,
                             .threshold = e->n,
                             .site = s->investigating,
                             .source = (uint8_t)i,
                             .pad = e->fail_dmg};
    s->stack[i].bits |= SC_RESOLVING << 2;
    tt_emit(ev, EV_CHECK, P(s), TT_SEEN_ALL, e->skill, e->n, xf_level(c, s, k), k);
    open_check_window(c, s, k);
}

void xf_limit_team(const xf_content *c, xf_state *s, int max, tt_events *ev)
{
    (void)ev;
    if (popcount(xf_contributing(c, s)) > max)
        s->decl = (xf_decl){.kind = A_KEEP, .seat = P(s), .x = (uint8_t)max};
}

/* --- decisions ------------------------------------------------------------------------------------ */

int xf_inv_decides(const xf_state *s)
{
    int k = s->decl.kind;
    return k == A_RESOLVE || k == A_BLUFF || k == A_KEEP || k == A_DAMAGE || k == A_ASK ||
           k == A_GUESS || k == A_ALLOCATE;
}

/* The categories the question may name, a bit each. */
/* decl.x of an A_ASK: after a Site, a penalty, or an ASK_QUESTION card
 * (whose categories are in change_from, a bit each, and tseat the asked). */
enum { ASK_SITE, ASK_PENALTY, ASK_CARD = XF_ASK_CARD };

static unsigned ask_cats(const xf_content *c, const xf_state *s)
{
    if (s->decl.x == ASK_CARD)
        return s->decl.change_from;
    const xf_def *d = site_def(c, s, s->decl.inst);
    unsigned cats = 0;
    if (s->decl.mode && !s->decl.x) /* focused: that one question (XF-2.5.3) */
        return 1u << d->focused_cat;
    for (int i = 0; i < d->nquestions; i++)
        cats |= 1u << d->question[i];
    return cats;
}

static int asked_of(const xf_state *s)
{
    if (s->decl.x == ASK_CARD)
        return s->decl.tseat;
    return s->decl.x == ASK_PENALTY ? P(s) : s->pl[P(s)].site[s->decl.inst].directed;
}

int xf_inv_options(const xf_content *c, const xf_state *s, tt_action *out)
{
    int n = 0;
    const xf_decl *d = &s->decl;
    switch (d->kind) {
    case A_ALLOCATE: return xf_alloc_options(c, s, out);
    case A_RESOLVE:
        if (d->mode == XF_NONE)
            return out[0] = XF_ACTION(A_SKILL, 0), out[1] = XF_ACTION(A_SKILL, 1), 2;
        return out[0] = XF_ACTION(A_FOCUS, 0), out[1] = XF_ACTION(A_FOCUS, 1), 2;
    case A_BLUFF:
        for (int i = 0; i < c->deck[d->seat].ncards; i++)
            if (xf_zone(&s->pl[d->seat], i) == Z_REVEALED) {
                if (xf_inv_check(c, s, XF_ACTION(A_BLUFF, i << 1 | 1), NULL) == TT_OK)
                    out[n++] = XF_ACTION(A_BLUFF, i << 1 | 1);
                out[n++] = XF_ACTION(A_BLUFF, i << 1);
            }
        return n;
    case A_KEEP:
    case A_DAMAGE:
        for (int k = 0; k < XF_MAX_AGENTS; k++)
            if (xf_inv_check(c, s, XF_ACTION(d->kind, k), NULL) == TT_OK)
                out[n++] = XF_ACTION(d->kind, k);
        return n;
    case A_ASK: {
        unsigned cats = ask_cats(c, s);
        int focused = d->mode && d->x == ASK_SITE;
        int fv = focused ? site_def(c, s, d->inst)->focused_value : 0;
        for (int cat = 0; cat < XF_NCAT; cat++)
            for (int v = 0; v < XF_NVALUES && (cats >> cat & 1); v++)
                if (!focused || v == fv)
                    out[n++] = XF_ACTION(A_ASK, cat << 8 | v);
        out[n++] = XF_ACTION(A_NOASK, 0);
        if (d->x == ASK_PENALTY) /* the penalty may be a guess */
            for (int k = 0; k < c->ncatalogue; k++)
                out[n++] = XF_ACTION(A_GUESS, k);
        return n;
    }
    case A_GUESS:
        for (int k = 0; k < c->ncatalogue && guess_refusal(c, s, NULL) == TT_OK; k++)
            out[n++] = XF_ACTION(A_GUESS, k);
        out[n++] = XF_ACTION(A_NOGUESS, 0);
        return n;
    default: return 0;
    }
}

static int check_bluff(const xf_content *c, const xf_state *s, int inst, int pay, tt_error *err);

int xf_inv_check(const xf_content *c, const xf_state *s, tt_action a, tt_error *err)
{
    int op = XF_OP(a), arg = XF_ARG(a);
    const xf_decl *d = &s->decl;
    unsigned contrib = xf_contributing(c, s);
    switch (d->kind) {
    case A_ALLOCATE: return xf_alloc_check(c, s, a, err);
    case A_RESOLVE:
        if (op == A_SKILL && d->mode != XF_NONE)
            return TT_REFUSE("XF-2.5.2", NULL, "the skill is announced once");
        if (d->mode == XF_NONE)
            return op == A_SKILL && arg <= 1 && arg < site_def(c, s, d->inst)->nprereq
                       ? TT_OK
                       : TT_REFUSE("XF-5.6.4", NULL, "announce the skill: skill <option>");
        return op == A_FOCUS && arg <= 1 ? TT_OK : TT_REFUSE("XF-5.6.4", NULL, "focus yes or no");
    case A_BLUFF:
        if (op != A_BLUFF)
            return TT_REFUSE("XF-5.6.6", NULL, "p%d pays or refuses his revealed Bluffs", d->seat);
        return check_bluff(c, s, arg >> 1, arg & 1, err);
    case A_KEEP:
        if (op != A_KEEP || arg >= XF_MAX_AGENTS || !(contrib >> arg & 1) ||
            ((d->change_from | d->change_to << 8) >> arg & 1))
            return TT_REFUSE("XF-2.14.1", NULL, "LIMIT_TEAM: keep %d of the Team's Agents", d->x);
        return TT_OK;
    case A_DAMAGE:
        if (op != A_DAMAGE || arg >= XF_MAX_AGENTS || !(contrib >> arg & 1))
            return TT_REFUSE("XF-2.14.1", NULL, "FORCE_CHECK: %d damage to one Team Agent", d->x);
        return TT_OK;
    case A_ASK:
        if (op == A_NOASK && arg == 0)
            return TT_OK;
        if (op == A_GUESS && d->x == ASK_PENALTY && arg < c->ncatalogue)
            return TT_OK;
        if (op == A_GUESS)
            return TT_REFUSE("XF-8.3.2", NULL, "ASK_QUESTION grants no guess");
        if (op != A_ASK || (arg >> 8) >= XF_NCAT || (arg & 0xFF) >= XF_NVALUES ||
            !(ask_cats(c, s) >> (arg >> 8) & 1) ||
            (d->mode && d->x == ASK_SITE && (arg & 0xFF) != site_def(c, s, d->inst)->focused_value))
            return TT_REFUSE("XF-8.2.2", NULL, "the question names a category %s",
                             d->x == ASK_CARD ? "the card lists" : "the Site lists");
        return TT_OK;
    case A_GUESS:
        if (op == A_NOGUESS && arg == 0)
            return TT_OK;
        if (op == A_ASK)
            return TT_REFUSE(c->opt.opt_question_or_guess ? "XF-8.6.1" : "XF-8.2.2", NULL,
                             "one question per Site");
        if (op != A_GUESS || arg >= c->ncatalogue)
            return TT_REFUSE("XF-8.3.1", NULL, "guess <xfile> or noguess");
        return guess_refusal(c, s, err);
    default: return TT_REFUSE("XF-5.6", NULL, "no investigation decision");
    }
}

/* --- Bluffs (XF-5.6.6) ------------------------------------------------------------------------------ */

static int check_bluff(const xf_content *c, const xf_state *s, int inst, int pay, tt_error *err)
{
    int seat = s->decl.seat;
    if (inst >= c->deck[seat].ncards || xf_zone(&s->pl[seat], inst) != Z_REVEALED)
        return TT_REFUSE("XF-5.6.6", NULL, "no such revealed Bluff of p%d", seat);
    return pay ? xf_bluff_payable(c, s, seat, inst, err) : TT_OK;
}

static void do_bluff(const xf_content *c, xf_state *s, int inst, int pay, tt_events *ev)
{
    int seat = s->decl.seat;
    s->decl = (xf_decl){0};
    if (!pay) {
        xf_to_discard(c, s, seat, inst);
        tt_emit(ev, EV_REFUSE, seat, TT_SEEN_ALL, seat, inst, 0, 0);
        xf_reveal_next(c, s, ev);
        return;
    }
    xf_open_window(c, s, P(s), XF_WINDOW_REVEAL);
    xf_bluff_commit(c, s, seat, inst, ev);
}

/* --- questions and guesses (XF-8.2 to 8.4) ------------------------------------------------------------ */

static void record_answer(const xf_content *c, xf_state *s, int asker, int asked, int cat, int v,
                          tt_events *ev)
{
    const xf_def *x = &c->def[c->catalogue[s->pl[asked].xfile]];
    int bit = cat * XF_NVALUES + v, yes = x->value[cat] == v;
    xf_player *pl = &s->pl[asker];
    pl->asked[asked] |= 1u << bit;
    if (yes) {
        pl->yes[asked] |= 1u << bit;
        xf_power_reveal(c, s, asked, cat, c->opt.nplayers == 2); /* XF-9.13.1, 6.7 */
    }
    if (pl->nasked[asked][cat] < 255)
        pl->nasked[asked][cat]++;
    tt_seen seen = c->opt.nplayers == 2 ? TT_SEEN_ALL : (tt_seen)(TT_SEEN(asker) | TT_SEEN(asked));
    tt_emit(ev, EV_ASK, asker, seen, asker, asked, cat << 8 | v, yes);
}

static void end_win(const xf_content *c, xf_state *s, int winner, int reason, tt_events *ev)
{
    tt_head_end_win(&s->head, c->opt.nplayers, winner, reason);
    tt_emit(ev, EV_END, winner, TT_SEEN_ALL, reason, winner, 0, 0);
}

/* A guess by `who` at `at`'s X-File; 1 when it named it. */
static int guess(const xf_content *c, xf_state *s, int who, int at, int k, tt_events *ev)
{
    int right = s->pl[at].xfile == k;
    tt_seen seen = c->opt.nplayers == 2 ? TT_SEEN_ALL : (tt_seen)(TT_SEEN(who) | TT_SEEN(at));
    tt_emit(ev, EV_GUESS, who, seen, who, at, k, right);
    if (!right) {
        s->pl[who].wrong[at] |= 1ull << k;
        if (s->pl[who].nwrong[at] < 255)
            s->pl[who].nwrong[at]++;
    }
    return right;
}

static int do_ask_step(const xf_content *c, xf_state *s, tt_action a, tt_events *ev)
{
    int op = XF_OP(a), arg = XF_ARG(a), penalty = s->decl.x, asker = s->decl.seat;
    int at = asked_of(s);
    if (op == A_ASK)
        record_answer(c, s, asker, at, arg >> 8, arg & 0xFF, ev);
    else if (op == A_NOASK)
        tt_emit(ev, EV_NOASK, asker, TT_SEEN_ALL, asker, 0, 0, 0);
    if (op == A_GUESS && guess(c, s, asker, at, arg, ev)) { /* XF-8.4.2 */
        end_win(c, s, asker, R_PENALTY_GUESS, ev);
        return 0;
    }
    if (penalty == ASK_CARD) { /* no guess follows (XF-8.3.2) */
        s->decl = (xf_decl){0};
        return 0;
    }
    if (penalty) /* XF-8.4.3: the turn goes on */
        return finish_site(c, s);
    return guess_step(c, s, op == A_ASK);
}

static int do_guess(const xf_content *c, xf_state *s, tt_action a, tt_events *ev)
{
    if (XF_OP(a) == A_NOGUESS)
        return finish_site(c, s);
    int at = s->pl[P(s)].site[s->decl.inst].directed;
    s->pl[P(s)].flags |= PL_GUESSED | PL_GUESSED_EVER;
    if (guess(c, s, P(s), at, XF_ARG(a), ev)) {
        end_win(c, s, P(s), R_XFILE_NAMED, ev);
        return 0;
    }
    s->pl[P(s)].npenalties++;
    if (c->opt.opt_single_guess) {
        end_win(c, s, at, R_SINGLE_GUESS_WRONG, ev);
        return 0;
    }
    s->decl = (xf_decl){.kind = A_ASK, .seat = (uint8_t)at, .inst = s->decl.inst, .x = ASK_PENALTY};
    return 0;
}

int xf_inv_do(const xf_content *c, xf_state *s, tt_action a, tt_events *ev)
{
    int op = XF_OP(a), arg = XF_ARG(a);
    xf_decl *d = &s->decl;
    if (d->kind == A_ALLOCATE) /* `target` names a combat Witness there */
        op = A_ALLOCATE;
    switch (op) {
    case A_ALLOCATE: xf_alloc_do(c, s, a, ev); return 0;
    case A_RESOLVE:
        *d = (xf_decl){
            .kind = A_RESOLVE, .seat = P(s), .inst = (uint8_t)arg, .mode = XF_NONE, .x = XF_NONE};
        announce(c, s, ev);
        return 0;
    case A_SKILL:
        d->mode = (uint8_t)arg;
        announce(c, s, ev);
        return 0;
    case A_FOCUS:
        d->x = (uint8_t)arg;
        announce(c, s, ev);
        return 0;
    case A_BLUFF: do_bluff(c, s, arg >> 1, arg & 1, ev); return 0;
    case A_KEEP: {
        unsigned kept = (unsigned)(d->change_from | d->change_to << 8) | 1u << arg;
        d->change_from = (uint8_t)kept, d->change_to = (uint8_t)(kept >> 8);
        if (popcount(kept) < d->x)
            return 0;
        unsigned set = xf_contributing(c, s) & ~kept;
        for (int k = 0; k < XF_MAX_AGENTS; k++)
            if (set >> k & 1) {
                s->pl[P(s)].agent[k].flags |= AG_SET_ASIDE;
                tt_emit(ev, EV_SETASIDE, P(s), TT_SEEN_ALL, P(s), s->pl[P(s)].agent[k].inst, 0, 0);
            }
        *d = (xf_decl){0};
        return 0;
    }
    case A_DAMAGE:
        xf_damage_agent(c, s, P(s), arg, d->x, ev);
        *d = (xf_decl){0};
        return 0;
    case A_ASK:
    case A_NOASK: return do_ask_step(c, s, a, ev);
    case A_GUESS:
        if (d->kind == A_ASK)
            return do_ask_step(c, s, a, ev);
        return do_guess(c, s, a, ev);
    case A_NOGUESS: return do_guess(c, s, a, ev);
    default: return 0;
    }
}
