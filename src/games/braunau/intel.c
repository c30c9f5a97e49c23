/* Braunau intelligence: reveals (BRA-6.23), what each faction and the public
 * may know of hidden positions (BRA-7), and determinization.
 *
 * For every agent in play, each other faction and the public hold a set of
 * areas where it may truly be (maybe[v][a], a bit per area). The set is sound
 * — it always holds the true area; the sanity checker proves it after every
 * apply — and as tight as the information allows without reasoning about
 * several agents at once:
 *  - a drop-off: anywhere (a mob: its public area);
 *  - a move: the agent's set spreads by the steps it may have taken; when the
 *    public cannot tell which agent moved, every hidden agent of that faction
 *    may have, so each spreads (BRA-6.15);
 *  - a reveal of area X: exactly X, unless the owner deployed a CI token in
 *    its latest turn and so may hold a decoy (BRA-6.10.2): then X is only
 *    added, and the report is marked as made inside that window;
 *  - an area-scoped reveal that does not name an agent rules its scope out,
 *    again only when no decoy is possible (BRA-6.23.2);
 *  - a public area (ability use, a successful or failed denunciation) or a
 *    meeting (BRA-6.9.2) fixes or bounds the set.
 * Determinizing for a viewer resamples every position the viewer cannot see
 * from its sets, gives decoys to just the agents whose reports need one (at
 * most one per CI token deployed), imagines the declaration behind each
 * opponent's hidden tokens (a legal deck that agrees with the tokens it
 * played, see below) and deals those tokens (deck, pending draw, stash,
 * discard pile) again, and the viewer's own deck above the part it knows.
 * The sample depends on the viewer's knowledge and the seed only, never on
 * what is hidden from the viewer (the true positions, decoys and decks, the
 * order hidden things lie in, the state's generator, what a third faction
 * learned in private), so that positions the viewer cannot tell apart give
 * the same sample for a seed. Apply runs the updates in playouts: bit
 * operations only; determinization allocates nothing either. */
#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "core/events.h"
#include "games/braunau/braunau.h"

uint16_t bra_spread(const bra_content *c, uint16_t m, int steps)
{
    uint16_t reach = 0, cur = m;
    for (int i = 0; i < steps; i++) {
        uint16_t next = 0;
        for (int x = 0; x < c->nareas; x++)
            if (cur >> x & 1)
                next |= c->area[x].adj;
        reach |= next;
        cur = next;
    }
    return reach;
}

int bra_hidden_from(const bra_content *c, const bra_state *s, int v, int a)
{
    return bra_in_play(s, a) && c->a[a].faction != v && !c->a[a].mob && !s->exposed[a];
}

uint16_t bra_known(const bra_content *c, const bra_state *s, int v, int a)
{
    if (!bra_in_play(s, a))
        return 0;
    if (!bra_hidden_from(c, s, v, a))
        return (uint16_t)(1u << s->loc[a]);
    return s->maybe[v][a];
}

int bra_reported(const bra_state *s, int a, int honour_decoys)
{
    return honour_decoys && s->decoy[a] != BRA_NONE ? s->decoy[a] : s->loc[a];
}

/* Faction v learns that a is reported in area r. */
static void report(const bra_content *c, bra_state *s, int v, int a, int r, int source,
                   tt_events *ev)
{
    int owner = c->a[a].faction, window = s->f[owner].ci_turn && !c->a[a].mob;
    if (window)
        s->maybe[v][a] |= (uint16_t)(1u << r); /* r, or a decoy anywhere else */
    else
        s->maybe[v][a] = (uint16_t)(1u << r);
    s->intel[v][a] = (bra_intel){(uint8_t)r, s->head.turn, (uint8_t)source, (uint8_t)window};
    tt_emit(ev, EV_REVEAL, c->faction_seat[v], TT_SEEN(c->faction_seat[v]), a, r, source, 0);
}

void bra_reveal_agent(const bra_content *c, bra_state *s, int v, int a, int source, tt_events *ev)
{
    report(c, s, v, a, bra_reported(s, a, 1), source, ev);
}

void bra_reveal_true(const bra_content *c, bra_state *s, int v, int a, int source, tt_events *ev)
{
    s->maybe[v][a] = (uint16_t)(1u << s->loc[a]);
    s->intel[v][a] = (bra_intel){s->loc[a], s->head.turn, (uint8_t)source, 0};
    tt_emit(ev, EV_REVEAL, c->faction_seat[v], TT_SEEN(c->faction_seat[v]), a, s->loc[a], source,
            0);
}

void bra_reveal_scope(const bra_content *c, bra_state *s, int v, uint16_t scope, int source,
                      tt_events *ev)
{
    for (int a = 0; a < c->nagents; a++) {
        int owner = c->a[a].faction;
        if (owner == v || !bra_in_play(s, a) || c->faction_seat[owner] == BRA_NONE)
            continue;
        int r = bra_reported(s, a, 1);
        if (scope >> r & 1)
            report(c, s, v, a, r, source, ev);
        else if (!s->f[owner].ci_turn || c->a[a].mob)
            s->maybe[v][a] &= (uint16_t)~scope; /* truly outside the scope */
    }
}

void bra_know_dropped(const bra_content *c, bra_state *s, int a)
{
    for (int v = 0; v < BRA_NV; v++) /* the other factions and the public */
        if (v != c->a[a].faction)
            s->maybe[v][a] = c->a[a].mob ? (uint16_t)(1u << s->loc[a]) : c->all_areas;
}

void bra_know_moved(const bra_content *c, bra_state *s, int a, int dest, int reach, int seen)
{
    int owner = c->a[a].faction;
    for (int v = 0; v < BRA_NV; v++) {
        if (v == owner)
            continue;
        if (c->a[a].mob) {
            s->maybe[v][a] = (uint16_t)(1u << dest);
        } else if (seen) {
            s->maybe[v][a] = bra_spread(c, bra_known(c, s, v, a), reach);
        } else {
            /* any hidden agent of the owner may be the one that moved */
            for (int k = 0; k < c->f[owner].nagents; k++) {
                int h = c->f[owner].agent[k];
                if (bra_hidden_from(c, s, v, h))
                    s->maybe[v][h] |= bra_spread(c, s->maybe[v][h], reach);
            }
        }
    }
}

void bra_know_at(const bra_content *c, bra_state *s, int a)
{
    for (int v = 0; v < BRA_NV; v++)
        if (v != c->a[a].faction)
            s->maybe[v][a] = (uint16_t)(1u << s->loc[a]);
}

void bra_know_not_at(const bra_content *c, bra_state *s, int a, int area)
{
    for (int v = 0; v < BRA_NV; v++)
        if (v != c->a[a].faction)
            s->maybe[v][a] &= (uint16_t) ~(1u << area);
}

void bra_know_removed(bra_state *s, int a)
{
    for (int v = 0; v < BRA_NV; v++)
        s->maybe[v][a] = 0;
    for (int v = 0; v < BRA_NF; v++)
        s->intel[v][a].window = 0;
}

void bra_know_summoned(const bra_content *c, bra_state *s, int host, int target)
{
    int sf = c->a[host].faction, of = c->a[target].faction, x = s->loc[host];
    for (int v = 0; v < BRA_NV; v++) {
        if (v == sf) {
            s->maybe[v][target] = (uint16_t)(1u << x);
            s->intel[v][target] = (bra_intel){(uint8_t)x, s->head.turn, SRC_SUMMON, 0};
        } else if (v == of) {
            s->maybe[v][host] = (uint16_t)(1u << x);
            s->intel[v][host] = (bra_intel){(uint8_t)x, s->head.turn, SRC_MEETING, 0};
        } else {
            /* the target is wherever one of the summoner's agents may be */
            uint16_t m = 0;
            for (int k = 0; k < c->f[sf].nagents; k++) {
                int g = c->f[sf].agent[k];
                if (bra_in_play(s, g) && !c->a[g].mob)
                    m |= bra_known(c, s, v, g);
            }
            s->maybe[v][target] = m;
        }
        if (v < BRA_NF)
            s->intel[v][target].window = 0; /* the decoy is gone */
    }
}

void bra_know_window_closes(const bra_content *c, bra_state *s, int faction)
{
    for (int k = 0; k < c->f[faction].nagents; k++)
        for (int v = 0; v < BRA_NF; v++)
            s->intel[v][c->f[faction].agent[k]].window = 0;
}

/* --- determinization ------------------------------------------------------------------- */

static int pick_bit(tt_rng *r, uint16_t m)
{
    int n = bra_popcount(m), k = n ? (int)tt_rng_below(r, (uint32_t)n) : 0;
    for (int x = 0; x < 16; x++)
        if ((m >> x & 1) && k-- == 0)
            return x;
    return -1;
}

/* --- the composition of another faction's deck ------------------------------------------ */

/* A viewer knows another faction's deck mode, its roster (which agents are in
 * play or in the reserve, BRA-7.4) and its played pile (BRA-7.3); of the rest
 * only sizes (BRA-7.2). So the declaration behind the hidden tokens is
 * imagined anew: one that passes the sixteen checks (bra_deck_broken) and
 * that, numbered as BRA-3.12 numbers it, gives every played token the id and
 * type the viewer saw. In that order a deck is a run of tokens per slot —
 * DROP, ABIL for each agent in data order, then SPEC … FA — so a declaration
 * fits what the viewer saw when each slot's run covers the indices of the
 * slot's played tokens.
 *
 * What is imagined must depend on that knowledge and the seed only (two
 * positions that look the same to the viewer give the same sample), so the
 * imagining starts from a declaration built from the knowledge alone (see
 * start) and never from the true one. */

#define NSLOTS (BRA_MAX_FAGENTS + T_NTYPES - 1)
#define RANDOM_TRIES 16 /* fresh BRA-3.8 splits tried before walking from the start */

typedef struct slots {
    int n, nagents;
    uint8_t at[NSLOTS];             /* where a declaration holds the slot's count */
    uint8_t free[NSLOTS];           /* the mode lets its count change */
    uint8_t seen[NSLOTS];           /* played tokens of the slot */
    uint8_t lo[NSLOTS], hi[NSLOTS]; /* their lowest and highest index */
} slots;

static int slot_of(const slots *S, int tok)
{
    int type = tok & 15;
    return type == T_DROP ? 0 : type == T_ABIL ? 1 + (tok >> 4) : S->nagents + type - 1;
}

static int slot_n(const slots *S, const bra_deck *d, int i)
{
    return ((const uint8_t *)d)[S->at[i]];
}

static int is_abil(const slots *S, int i)
{
    return i >= 1 && i <= S->nagents;
}

/* One token of slot from becomes one of slot to (the ABIL total follows). */
static void shift(const slots *S, bra_deck *d, int from, int to)
{
    uint8_t *b = (uint8_t *)d;
    b[S->at[from]]--;
    b[S->at[to]]++;
    d->count[T_ABIL] = (uint8_t)(d->count[T_ABIL] - is_abil(S, from) + is_abil(S, to));
}

static int fits(const slots *S, const bra_deck *d)
{
    for (int i = 0, start = 0; i < S->n; i++) {
        int n = slot_n(S, d, i);
        if (S->seen[i] && (S->lo[i] < start || S->hi[i] >= start + n))
            return 0;
        start += n;
    }
    return 1;
}

/* What the mode and the played pile fix of faction f's deck. */
static void read_slots(const bra_content *c, const bra_fstate *fs, int f, slots *S)
{
    const bra_deck *decl = &c->deck[f];
    memset(S, 0, sizeof *S);
    S->nagents = c->f[f].nagents;
    S->n = S->nagents + T_NTYPES - 1;
    int other = S->nagents + (c->f[f].records == T_BR ? T_FA : T_BR) - 1;
    for (int i = 0; i < S->n; i++) {
        int k = i - 1, abil = is_abil(S, i);
        int base = abil && !c->a[c->f[f].agent[k]].extended;
        S->at[i] = (uint8_t)(abil ? offsetof(bra_deck, abil) + (size_t)k
                                  : offsetof(bra_deck, count) +
                                        (size_t)(i == 0 ? T_DROP : i - S->nagents + 1));
        if (decl->mode != DM_CUSTOMIZED) /* BRA-3.4: counts fixed, only the split hidden */
            S->free[i] = (uint8_t)base;
        else if (abil) /* BRA-3.5 (d): agents of the roster only */
            S->free[i] = (uint8_t)(base || (decl->extended >> k & 1));
        else /* BRA-2.3: never the other records type */
            S->free[i] = i != other;
    }
    for (int j = 0; j < fs->nplayed; j++) {
        int t = fs->played[j], i = slot_of(S, fs->tok[t]);
        if (!S->seen[i]++ || t < S->lo[i])
            S->lo[i] = (uint8_t)t;
        if (t > S->hi[i])
            S->hi[i] = (uint8_t)t;
    }
}

/* The most tokens slot i may hold: BRA-3.5 (a) to (c); a free slot's count
 * is otherwise bounded by the deck size (BRA-3.5 (e)) only. */
static int slot_max(const bra_content *c, const slots *S, int i)
{
    if (i == 0)
        return c->p.max_dropoff;
    if (is_abil(S, i))
        return c->p.max_abil_per_agent;
    int type = i - S->nagents + 1;
    return type == T_BR || type == T_FA ? c->p.max_records : c->p.deck_size;
}

/* What a declaration must meet, slot by slot: how many tokens each slot may
 * hold, and where each slot's run may start (a prefix sum of the counts; the
 * n-th is the deck size). */
typedef struct bounds {
    int least[NSLOTS], most[NSLOTS];
    int pmin[NSLOTS + 1], pmax[NSLOTS + 1];
} bounds;

/* A slot the mode fixes holds its standard count (for a slot a customized
 * deck cannot fill, the other records type or an agent outside the roster,
 * that is 0); a free one at least the run of its played tokens, at most the
 * limits of BRA-3.5. The played indices bound where runs start; working the
 * bounds back from the deck size through each slot's least and most makes
 * them exact for a chain of slots: from any start within them, some count of
 * the slot leads to a start of the next within its own. The true declaration
 * meets them, so they are never empty. */
static void read_bounds(const bra_content *c, const slots *S, const bra_deck *std, bounds *B)
{
    int n = S->n;
    for (int i = 0; i <= n; i++) {
        B->pmin[i] = i == n ? c->p.deck_size : 0;
        B->pmax[i] = i == 0 ? 0 : c->p.deck_size;
    }
    for (int i = 0; i < n; i++) {
        int seen = S->free[i] && S->seen[i] ? S->hi[i] - S->lo[i] + 1 : 0;
        B->least[i] = S->free[i] ? seen : slot_n(S, std, i);
        B->most[i] = S->free[i] ? slot_max(c, S, i) : slot_n(S, std, i);
        if (S->seen[i]) { /* the run holds every played token of the slot */
            B->pmax[i] = B->pmax[i] < S->lo[i] ? B->pmax[i] : S->lo[i];
            B->pmin[i + 1] = B->pmin[i + 1] > S->hi[i] + 1 ? B->pmin[i + 1] : S->hi[i] + 1;
        }
    }
    for (int i = n - 1; i >= 0; i--) {
        int lo = B->pmin[i + 1] - B->most[i], hi = B->pmax[i + 1] - B->least[i];
        B->pmin[i] = B->pmin[i] > lo ? B->pmin[i] : lo;
        B->pmax[i] = B->pmax[i] < hi ? B->pmax[i] : hi;
    }
    assert(B->pmin[0] <= 0 && B->pmax[0] >= 0);
}

static int next_free(const slots *S, int i)
{
    while (++i < S->n && !S->free[i])
        ;
    return i < S->n ? i : -1;
}

/* Moves one token from slot a to slot b when every bound still holds (the
 * runs between them start one earlier or later); returns whether it did. */
static int move_token(const bounds *B, int *cnt, int *pre, int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a, dp = a < b ? -1 : 1;
    if (cnt[a] <= B->least[a] || cnt[b] >= B->most[b])
        return 0;
    for (int k = lo + 1; k <= hi; k++)
        if (pre[k] + dp < B->pmin[k] || pre[k] + dp > B->pmax[k])
            return 0;
    for (int k = lo + 1; k <= hi; k++)
        pre[k] += dp;
    cnt[a]--;
    cnt[b]++;
    return 1;
}

/* The declaration the imagining starts from: the standard composition
 * (BRA-3.4, the ABIL tokens dealt round the base agents), made to fit. Slot
 * by slot, the count nearest the standard one that the bounds allow; the
 * bounds being exact, that never dead-ends. What that leaves far from the
 * standard (all of a played token's shift in the last slot before it) is
 * then spread: a token moves between neighbouring free slots while their
 * distances from the standard counts differ by two or more, which lowers the
 * sum of their squares each time, so it ends. */
static void start(const bra_content *c, const slots *S, int f, bra_deck *d)
{
    bra_deck std;
    bounds B;
    int target[NSLOTS], cnt[NSLOTS], pre[NSLOTS + 1], n = S->n;
    bra_deck_standard(c, f, &std);
    read_bounds(c, S, &std, &B);
    pre[0] = 0;
    for (int i = 0; i < n; i++) {
        int lo = B.pmin[i + 1] > pre[i] + B.least[i] ? B.pmin[i + 1] : pre[i] + B.least[i];
        int hi = B.pmax[i + 1] < pre[i] + B.most[i] ? B.pmax[i + 1] : pre[i] + B.most[i];
        int q = pre[i] + (target[i] = slot_n(S, &std, i));
        pre[i + 1] = q < lo ? lo : q > hi ? hi : q;
        cnt[i] = pre[i + 1] - pre[i];
    }
    for (int moved = 1; moved;) {
        moved = 0;
        for (int a = next_free(S, -1), b; a >= 0 && (b = next_free(S, a)) >= 0; a = b) {
            int gap = cnt[a] - target[a] - (cnt[b] - target[b]);
            if (gap >= 2 || gap <= -2)
                moved |= move_token(&B, cnt, pre, gap > 0 ? a : b, gap > 0 ? b : a);
        }
    }
    *d = std;
    d->mode = c->deck[f].mode;
    d->extended = c->deck[f].extended; /* the roster, BRA-2.9 */
    d->count[T_ABIL] = 0;
    for (int i = 0; i < n; i++) {
        ((uint8_t *)d)[S->at[i]] = (uint8_t)cnt[i];
        d->count[T_ABIL] = (uint8_t)(d->count[T_ABIL] + (is_abil(S, i) ? cnt[i] : 0));
    }
}

void bra_deck_imagined_start(const bra_content *c, const bra_state *s, int f, bra_deck *out)
{
    slots S;
    read_slots(c, &s->f[f], f, &S);
    start(c, &S, f, out);
}

/* A short random walk: each step offers a hidden token of a free slot to
 * another free slot, and keeps the change when the declaration stays legal
 * and still fits. As many steps as hidden tokens, so that each is offered
 * one replacement on average.
 *
 * So every legal declaration that fits stays reachable from d. Write a
 * declaration as the prefix sums of its counts (where each slot's run
 * starts): every limit is then a bound on one prefix sum or on the
 * difference of two neighbours. Between two such declarations x and y,
 * raising by one the prefix sums where y exceeds x the most (or lowering
 * those where it falls short the most) keeps x within every limit y meets,
 * and each run of neighbouring prefix sums so raised is, alone, one token
 * moved from a slot where x holds more than y to one where it holds fewer.
 * x thus reaches y in as many moves as it holds tokens beyond y's counts —
 * hidden tokens of free slots, no more than the steps — each a step the walk
 * offers with some chance. */
static void walk(const bra_content *c, const slots *S, bra_deck *d, int steps, tt_rng *r)
{
    uint8_t free[NSLOTS];
    int nfree = 0;
    for (int i = 0; i < S->n; i++)
        if (S->free[i])
            free[nfree++] = (uint8_t)i;
    int hidden = 0; /* hidden tokens in free slots: a step moves one, so they stay as many */
    for (int k = 0; k < nfree; k++)
        hidden += slot_n(S, d, free[k]) - S->seen[free[k]];
    for (int step = 0; step < steps && nfree > 1 && hidden; step++) {
        int pick = (int)tt_rng_below(r, (uint32_t)hidden), from = 0;
        while ((pick -= slot_n(S, d, free[from]) - S->seen[free[from]]) >= 0)
            from++;
        int to = (int)tt_rng_below(r, (uint32_t)(nfree - 1));
        to += to >= from;
        shift(S, d, free[from], free[to]);
        if (!fits(S, d) || bra_deck_broken(c, d))
            shift(S, d, free[to], free[from]);
    }
}

/* Faction f's tokens get a composition the viewer may imagine (see above):
 * the played ones keep their ids and types, and the caller deals the hidden
 * ones again. BRA-3.4 fixes a standardized or random deck's counts, but its
 * ABIL split is the owner's (BRA-3.7 chooses it, BRA-3.8 draws it, BRA-7.2
 * shows others the size only): both draw a split again as BRA-3.8 does,
 * until one fits (any split is one BRA-3.8 may draw); failing that, and for a
 * customized deck, the walk from the start. */
static void recompose(const bra_content *c, bra_state *s, int f, tt_rng *r)
{
    bra_fstate *fs = &s->f[f];
    slots S;
    read_slots(c, fs, f, &S);
    bra_deck d;
    start(c, &S, f, &d);
    int drawn = 0;
    for (int i = 0; i < RANDOM_TRIES && d.mode != DM_CUSTOMIZED && !drawn; i++) {
        bra_deck e = d;
        bra_deck_random_split(c, f, r, &e);
        if (fits(&S, &e) && !bra_deck_broken(c, &e)) {
            d = e;
            drawn = 1;
        }
    }
    if (!drawn)
        walk(c, &S, &d, c->p.deck_size - fs->nplayed, r);
    assert(!bra_deck_broken(c, &d) && fits(&S, &d));
    bra_deck_tokens(c, &d, fs->tok);
}

/* Deals the tokens a viewer cannot see again, zone sizes kept. */
static void redeal(bra_fstate *f, tt_rng *r)
{
    uint8_t pool[BRA_MAX_DECK];
    int n = 0, nstash = bra_stash_size(f);
    for (int i = 0; i < f->ndeck; i++) /* the deck top first, as the deal reads it */
        pool[i] = (uint8_t)f->deck[f->ndeck - 1 - i];
    n = f->ndeck;
    memcpy(pool + n, f->pend, f->npend);
    n += f->npend;
    for (int t = 0; t < BRA_MAX_DECK; t++)
        if ((f->stash | f->discard) >> t & 1)
            pool[n++] = (uint8_t)t;
    tt_rng_deal_u8(r, pool, n); /* whatever order they lay in */
    int at = 0;
    for (int i = 0; i < f->ndeck; i++)
        f->deck[f->ndeck - 1 - i] = pool[at++];
    memcpy(f->pend, pool + at, f->npend);
    at += f->npend;
    f->stash = f->discard = 0;
    for (int i = 0; i < nstash; i++)
        f->stash |= 1ull << pool[at++];
    while (at < n)
        f->discard |= 1ull << pool[at++];
}

/* Where slot v may place agent a: what it knows, narrowed by what the public
 * knows (BRA-7.8; both hold the truth). */
static uint16_t may_be(const bra_content *c, const bra_state *s, int v, int a)
{
    return bra_known(c, s, v, a) & bra_known(c, s, BRA_PUBLIC, a);
}

/* Positions and decoys of faction f's agents, as viewer slot v may imagine
 * them; every position within may_be, so within what the public knows. */
static void resample_agents(const bra_content *c, bra_state *s, int v, int f, tt_rng *r)
{
    const bra_faction *fa = &c->f[f];
    uint8_t need[BRA_MAX_FAGENTS], may[BRA_MAX_FAGENTS];
    int nneed = 0, nmay = 0, decoys = s->f[f].ci_turn;
    for (int k = 0; k < fa->nagents; k++) {
        int a = fa->agent[k];
        s->decoy[a] = BRA_NONE;
        if (bra_hidden_from(c, s, v, a))
            s->loc[a] = (uint8_t)pick_bit(r, may_be(c, s, v, a));
        if (v >= BRA_NF || !bra_in_play(s, a) || c->a[a].mob || !s->intel[v][a].window)
            continue;
        /* a report that cannot be the true area needs a decoy */
        if (!(may_be(c, s, v, a) >> s->intel[v][a].area & 1))
            need[nneed++] = (uint8_t)a;
        else
            may[nmay++] = (uint8_t)a;
    }
    for (int i = 0; i < nneed; i++, decoys--) {
        int a = need[i];
        s->decoy[a] = s->intel[v][a].area;
    }
    tt_rng_shuffle_u8(r, may, nmay);
    for (int i = 0; i < nmay; i++) {
        int a = may[i], rep = s->intel[v][a].area;
        uint16_t elsewhere = (uint16_t)(may_be(c, s, v, a) & ~(1u << rep));
        if (decoys > 0 && !s->exposed[a] && elsewhere && tt_rng_below(r, 2)) {
            s->loc[a] = (uint8_t)pick_bit(r, elsewhere);
            s->decoy[a] = (uint8_t)rep;
            decoys--;
        } else if (!s->exposed[a]) {
            s->loc[a] = (uint8_t)rep; /* the report was true */
        }
    }
    /* What a third faction learned in private is hidden from the viewer: it
     * is imagined to know what the public knows, which holds the imagined
     * positions. (The public's own sets are the viewer's to read.) */
    for (int w = 0; w < BRA_NF; w++) {
        if (w == f || w == v)
            continue;
        for (int k = 0; k < fa->nagents; k++) {
            int a = fa->agent[k];
            s->maybe[w][a] = s->maybe[BRA_PUBLIC][a];
            s->intel[w][a] = (bra_intel){0};
        }
    }
}

void bra_determinize(const tt_game *g, void *st, int viewer, uint64_t seed)
{
    const bra_content *c = bra_content_of(g);
    bra_state *s = st;
    if (viewer == TT_VIEW_ALL)
        return;
    tt_rng r;
    tt_rng_seed(&r, seed);
    int v = bra_viewer_slot(c, viewer);
    /* a command half-declared by someone else is not known to the viewer */
    if (viewer != s->active)
        memset(&s->decl, 0, sizeof s->decl);
    for (int i = 0; i < c->nseats; i++) {
        int f = c->seat_faction[i];
        bra_fstate *fs = &s->f[f];
        if (f == v) {
            tt_rng_deal_u16(&r, fs->deck + fs->known, fs->ndeck - fs->known); /* above the known */
            continue;
        }
        recompose(c, s, f, &r);
        redeal(fs, &r);
        resample_agents(c, s, v, f, &r);
    }
    tt_rng_deal_u16(&r, s->item_deck, s->nitem_deck);
    tt_rng_seed(&s->head.rng, tt_rng_next(&r));
}
