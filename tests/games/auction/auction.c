/* Auction: a hidden-bid auction for 3 to 6 players, kept under tests/ as the
 * proof that a game is a folder: it is registered by the same mechanism as the
 * games of src/games/ (scripts/games.cmake) in the tests' library only, and it
 * uses what the core offers many-player games — a priority round
 * (core/round.h), an event seen by exactly two players, table talk outside the
 * turn order, ranks from scores — so the generic suite runs all of it.
 *
 * The rules (cited as AUC-n below and in the tests):
 *
 * AUC-1 Setup. 3 to 6 players (players=, default 3), each with the same coins
 *   (coins=, default 8). The lot deck is twelve cards worth 1 to 6, two of
 *   each, shuffled face down. A game lasts `rounds` rounds (rounds=, default
 *   3, at most 12), one lot each.
 * AUC-2 The lot. Each round the next card of the deck is the lot, face down:
 *   nobody knows its value.
 * AUC-3 Sealed bids. In seat order from the round's first player (the first
 *   seat in the first round, the last buyer in every later one), each player
 *   bids 0 to his coins in secret.
 * AUC-4 Reveal. Once every player has bid, the bids are revealed together.
 *   The highest bid wins, the earlier in bidding order between equal bids;
 *   the next highest bid (same tie rule) is the runner-up. The winner is the
 *   buyer, at his bid.
 * AUC-5 Response round. In seat order from the winner's left, each other
 *   player may raise (the price goes up by one, he becomes the buyer and the
 *   buyer he topped the runner-up) or pass.
 *   AUC-5.1 The winner of the sealed bids does not answer.
 *   AUC-5.2 The player who raised last is not asked again until another
 *     raises; the round ends when every player asked has passed since the
 *     last raise (or since it opened).
 *   AUC-5.3 A player may raise only if he has at least the new price. One who
 *     has not passes at once: coins are public, so that tells nothing.
 * AUC-6 Sale. The buyer pays the price to the bank and takes the lot. He looks
 *   at it and shows it to one other player of his choice (`show <player>`),
 *   and to nobody else.
 * AUC-7 End. After the last round every sold lot is turned face up. A player
 *   scores his coins plus twice the value of each lot he bought; higher
 *   scores rank first, equal scores share a place.
 * AUC-8 Table talk. At any time in the game a player may give another player
 *   coins, outside the turn order: `gift <player> <coins>`.
 *   AUC-8.1 At least one coin, and to another player.
 *   AUC-8.2 Never coins he has committed: his sealed bid while bids are being
 *     placed, the price while he is the buyer.
 * AUC-9 A player may concede at any time: the game ends, he ranks last and
 *   the others rank by score.
 *
 * Representation: one flat auc_state, a tt_head first. The deck is an array of
 * values, card i being round i's lot, with a bit per player who has seen each
 * card (`known`); a sealed bid placed is hidden from the others, and `cap`
 * holds the most it can be from public facts (the bidder's coins when he bid,
 * lowered by what he gave away since), so determinize resamples within it.
 * Actions: 0x100 + k "bid k"; 1 "raise"; 2 "pass"; 0x200 + p "show <player>";
 * outside the turn order
 * TT_CONCEDE and TT_OFFTURN_GAME + (player << 8 | coins) "gift <player> <coins>".
 * Chance: the shuffle of the lot deck at setup, nothing else. legal and apply
 * allocate nothing and write no text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "core/round.h"
#include "core/rules.h"
#include "core/sbuf.h"
#include "tabletop/tt.h"

#define AUC_MAXP 6
#define AUC_NCARDS 12
#define AUC_NONE 0xFF

enum { BIDDING, RESPONSE, SHOWING, OVER };
enum { A_RAISE = 1, A_PASS = 2, A_BID = 0x100, A_SHOW = 0x200 };
enum { R_SCORED = 1, R_CONCEDED };
enum {
    EV_LOT = 1,
    EV_BID,
    EV_REVEAL,
    EV_WIN,
    EV_RAISE,
    EV_PASS,
    EV_SOLD,
    EV_LOOK,
    EV_SHOW,
    EV_VALUE,
    EV_GIFT,
    EV_CONCEDE,
    EV_SCORE
};

typedef struct auc_rules {
    int np, rounds, coins;
} auc_rules;

typedef struct auc_state {
    tt_head head;
    uint8_t phase;
    uint8_t round; /* 0-based; the lot is deck[round] */
    uint8_t first; /* the round's first bidder (AUC-3) */
    uint8_t nbid;  /* sealed bids placed this round */
    uint8_t bid[AUC_MAXP];
    uint8_t cap[AUC_MAXP]; /* the most a placed sealed bid can be, from public facts */
    uint8_t buyer, runner, price;
    uint8_t conceder;          /* AUC-9, or AUC_NONE */
    uint8_t deck[AUC_NCARDS];  /* values 1..6 */
    uint8_t known[AUC_NCARDS]; /* bit per player who has seen the card */
    uint8_t owner[AUC_NCARDS]; /* who bought lot i, or AUC_NONE */
    uint16_t coins[AUC_MAXP];  /* public */
    uint16_t bank;             /* coins paid for lots */
    tt_round ring;             /* AUC-5 */
    uint8_t prev[AUC_MAXP];    /* the last round's sealed bids, public since AUC-4 */
    uint8_t prev_buyer, prev_runner, prev_price;
} auc_state;

static const char *const names[AUC_MAXP] = {"ann", "bob", "cid", "dee", "eve", "fay"};

static const tt_param_spec params[] = {
    {"players", TT_PARAM_INT, "3", "3..6", "players at the table (AUC-1)"},
    {"rounds", TT_PARAM_INT, "3", "1..12", "lots put up for auction, one a round (AUC-1)"},
    {"coins", TT_PARAM_INT, "8", "1..20", "each player's coins at the start (AUC-1)"},
    {NULL, 0, NULL, NULL, NULL},
};

/* Three, four and six players: every viewer of each is leak-tested. */
static const tt_config configs[] = {
    {"3p", ""},
    {"4p", "players=4 rounds=8"},
    {"6p", "players=6 rounds=12 coins=5"},
    {NULL, NULL},
};

static const char *const reasons[] = {"", "SCORED", "CONCEDED"};

static const auc_rules *rules_of(const tt_game *g)
{
    return g->content;
}

static int param_int(const tt_params *p, const char *key, int def)
{
    const char *v = tt_params_get(p, key);
    return v ? atoi(v) : def; /* the core checked the declared range */
}

static int auc_load(tt_game *g, const tt_params *p, tt_error *err)
{
    auc_rules *r = malloc(sizeof *r);
    if (!r)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    r->np = param_int(p, "players", 3);
    r->rounds = param_int(p, "rounds", 3);
    r->coins = param_int(p, "coins", 8);
    g->content = r;
    g->nplayers = r->np;
    g->state_size = sizeof(auc_state);
    /* the most: every gift a player may offer (AUC-8) and his concession */
    g->max_actions = 1 + (r->np - 1) * r->np * r->coins;
    snprintf(g->hash, sizeof g->hash, "%016llx", (unsigned long long)tt_mix64(0xa0c7109));
    return TT_OK;
}

static void auc_unload(tt_game *g)
{
    free(g->content);
    g->content = NULL;
}

static void open_round(auc_state *s, int first, tt_events *ev)
{
    s->phase = BIDDING;
    s->first = (uint8_t)first; /* AUC-3 */
    s->nbid = 0;
    memset(s->bid, 0, sizeof s->bid);
    memset(s->cap, 0, sizeof s->cap);
    s->buyer = s->runner = AUC_NONE;
    s->price = 0;
    tt_emit(ev, EV_LOT, s->first, TT_SEEN_ALL, s->round, 0, 0, 0);
}

static void auc_init(const tt_game *g, void *st, uint64_t seed)
{
    const auc_rules *r = rules_of(g);
    auc_state *s = st;
    memset(s, 0, sizeof *s);
    tt_rng_seed(&s->head.rng, seed);
    for (int i = 0; i < AUC_NCARDS; i++) { /* AUC-1: two of each value */
        s->deck[i] = (uint8_t)(1 + i / 2);
        s->owner[i] = AUC_NONE;
    }
    tt_rng_shuffle_u8(&s->head.rng, s->deck, AUC_NCARDS);
    for (int p = 0; p < r->np; p++)
        s->coins[p] = (uint16_t)r->coins;
    s->conceder = AUC_NONE;
    open_round(s, 0, NULL);
}

static int auc_to_move(const tt_game *g, const void *st)
{
    const auc_state *s = st;
    if (s->phase == BIDDING)
        return (s->first + s->nbid) % rules_of(g)->np;
    if (s->phase == RESPONSE)
        return tt_round_holder(&s->ring);
    if (s->phase == SHOWING)
        return s->buyer;
    return TT_TERMINAL;
}

static int auc_legal(const tt_game *g, const void *st, tt_action *out)
{
    const auc_state *s = st;
    int m = auc_to_move(g, st), n = 0;
    if (s->phase == BIDDING)
        for (int k = 0; k <= s->coins[m]; k++)
            out[n++] = A_BID + (tt_action)k;
    if (s->phase == RESPONSE) {
        if (s->coins[m] >= s->price + 1) /* AUC-5.3 */
            out[n++] = A_RAISE;
        out[n++] = A_PASS;
    }
    for (int q = 0; s->phase == SHOWING && q < rules_of(g)->np; q++)
        if (q != m)
            out[n++] = A_SHOW + (tt_action)q;
    return n;
}

/* The scores of AUC-7 into score[] and the head. */
static void score(const auc_rules *r, auc_state *s, int *score)
{
    for (int p = 0; p < r->np; p++)
        score[p] = s->coins[p];
    for (int i = 0; i < s->round; i++)
        if (s->owner[i] != AUC_NONE)
            score[s->owner[i]] += 2 * s->deck[i];
    for (int p = 0; p < r->np; p++)
        s->head.score[p] = (int16_t)score[p];
}

/* AUC-7 (and AUC-9): the sold lots face up, the players ranked. */
static void finish(const auc_rules *r, auc_state *s, int reason, tt_events *ev)
{
    int key[AUC_MAXP];
    for (int i = 0; i < s->round; i++) {
        s->known[i] = TT_SEEN_ALL;
        tt_emit(ev, EV_VALUE, s->owner[i], TT_SEEN_ALL, i, s->deck[i], 0, 0);
    }
    score(r, s, key);
    for (int p = 0; p < r->np; p++)
        tt_emit(ev, EV_SCORE, p, TT_SEEN_ALL, key[p], 0, 0, 0);
    if (s->conceder != AUC_NONE)
        key[s->conceder] = -1; /* AUC-9: below any score */
    s->phase = OVER;
    tt_head_end_ranked(&s->head, r->np, key, reason);
}

/* AUC-6: the buyer pays, takes the lot and sees it; he shows it next. */
static void sell(auc_state *s, tt_events *ev)
{
    int i = s->round;
    memcpy(s->prev, s->bid, sizeof s->prev);
    s->prev_buyer = s->buyer;
    s->prev_runner = s->runner;
    s->prev_price = s->price;
    s->coins[s->buyer] -= s->price;
    s->bank += s->price;
    s->owner[i] = s->buyer;
    s->known[i] |= (uint8_t)TT_SEEN(s->buyer);
    s->phase = SHOWING;
    tt_emit(ev, EV_SOLD, s->buyer, TT_SEEN_ALL, i, s->price, 0, 0);
    tt_emit(ev, EV_LOOK, s->buyer, TT_SEEN(s->buyer), i, s->deck[i], 0, 0);
}

/* AUC-6: the lot shown to `to` alone; then the next round, or the end. */
static void show(const auc_rules *r, auc_state *s, int to, tt_events *ev)
{
    int i = s->round;
    s->known[i] |= (uint8_t)TT_SEEN(to);
    tt_emit(ev, EV_SHOW, s->buyer, (tt_seen)(TT_SEEN(s->buyer) | TT_SEEN(to)), i, s->deck[i], to,
            0);
    s->round++;
    s->head.turn = s->round;
    if (s->round == r->rounds)
        finish(r, s, R_SCORED, ev);
    else
        open_round(s, s->buyer, ev);
}

static int can_raise(const void *ctx, int player)
{
    const auc_state *s = ctx;
    return s->coins[player] >= s->price + 1;
}

/* AUC-5.3: automatic passes, then the sale once the round has closed. */
static void settle(auc_state *s, int closed, tt_events *ev)
{
    if (closed || tt_round_poll(&s->ring, can_raise, s))
        sell(s, ev);
}

/* AUC-4: every bid face up, the winner and the runner-up, then AUC-5. */
static void reveal(const auc_rules *r, auc_state *s, tt_events *ev)
{
    int win = -1, run = -1;
    for (int i = 0; i < r->np; i++) {
        int q = (s->first + i) % r->np;
        tt_emit(ev, EV_REVEAL, q, TT_SEEN_ALL, s->bid[q], 0, 0, 0);
        if (win < 0 || s->bid[q] > s->bid[win]) {
            run = win;
            win = q;
        } else if (run < 0 || s->bid[q] > s->bid[run]) {
            run = q;
        }
    }
    s->phase = RESPONSE;
    s->buyer = (uint8_t)win;
    s->runner = (uint8_t)run;
    s->price = s->bid[win];
    tt_emit(ev, EV_WIN, win, TT_SEEN_ALL, s->price, run, 0, 0);
    /* AUC-5.1: the winner is out of the ring; AUC-5.2: the last raiser waits */
    tt_round_open(&s->ring, r->np, (win + 1) % r->np, 1u << win, TT_ROUND_NOT_LAST, 0);
    settle(s, 0, ev);
}

static int auc_apply(const tt_game *g, void *st, tt_action a, tt_events *ev, tt_error *err)
{
    const auc_rules *r = rules_of(g);
    auc_state *s = st;
    int m = auc_to_move(g, st);
    if (s->phase == BIDDING) {
        if (a < A_BID || a > A_BID + 0xFF)
            return TT_REFUSE("AUC-3", NULL, "%s must place a sealed bid now", names[m]);
        int k = (int)(a - A_BID);
        if (k > s->coins[m])
            return TT_REFUSE("AUC-3", NULL, "%s cannot bid %d with %d coins", names[m], k,
                             s->coins[m]);
        s->bid[m] = (uint8_t)k;
        s->cap[m] = (uint8_t)s->coins[m];
        s->nbid++;
        tt_emit(ev, EV_BID, m, TT_SEEN(m), k, 0, 0, 0);
        if (s->nbid == r->np)
            reveal(r, s, ev);
        return TT_OK;
    }
    if (s->phase == SHOWING) {
        int to = (int)(a - A_SHOW);
        if (a < A_SHOW || to >= r->np || to == m)
            return TT_REFUSE("AUC-6", NULL, "%s must show the lot to another player now", names[m]);
        show(r, s, to, ev);
        return TT_OK;
    }
    if (a == A_PASS) {
        tt_emit(ev, EV_PASS, m, TT_SEEN_ALL, 0, 0, 0, 0);
        settle(s, tt_round_pass(&s->ring), ev);
        return TT_OK;
    }
    if (a != A_RAISE)
        return TT_REFUSE("AUC-5", NULL, "%s may raise or pass now", names[m]);
    if (s->coins[m] < s->price + 1)
        return TT_REFUSE("AUC-5.3", NULL, "%s has %d coins, not the %d a raise costs", names[m],
                         s->coins[m], s->price + 1);
    s->price++;
    s->runner = s->buyer;
    s->buyer = (uint8_t)m;
    tt_round_play(&s->ring);
    tt_emit(ev, EV_RAISE, m, TT_SEEN_ALL, s->price, 0, 0, 0);
    settle(s, 0, ev);
    return TT_OK;
}

/* AUC-8.2: the coins a player may give away now. */
static int free_coins(const auc_state *s, int np, int p)
{
    int committed = 0;
    if (s->phase == BIDDING && (p - s->first + np) % np < s->nbid)
        committed = s->bid[p];
    if (s->phase == RESPONSE && s->buyer == p)
        committed = s->price;
    return s->coins[p] - committed;
}

static int auc_offturn_legal(const tt_game *g, const void *st, int player, tt_action *out)
{
    const auc_state *s = st;
    int n = 0, k = free_coins(s, rules_of(g)->np, player);
    out[n++] = TT_CONCEDE;
    for (int q = 0; q < rules_of(g)->np; q++)
        for (int c = 1; q != player && c <= k; c++)
            out[n++] = TT_OFFTURN_GAME + (tt_action)(q << 8 | c);
    return n;
}

static int auc_offturn_apply(const tt_game *g, void *st, int player, tt_action a, tt_events *ev,
                             tt_error *err)
{
    const auc_rules *r = rules_of(g);
    auc_state *s = st;
    if (a == TT_CONCEDE) { /* AUC-9 */
        s->conceder = (uint8_t)player;
        s->head.eliminated |= (uint8_t)(1u << player);
        tt_emit(ev, EV_CONCEDE, player, TT_SEEN_ALL, 0, 0, 0, 0);
        if (s->phase == SHOWING) { /* the lot was bought and paid for: it counts */
            s->round++;
            s->head.turn = s->round;
        }
        finish(r, s, R_CONCEDED, ev);
        return TT_OK;
    }
    if (a < TT_OFFTURN_GAME || a - TT_OFFTURN_GAME >= (tt_action)(AUC_MAXP << 8))
        return tt_fail(err, TT_EARG, NULL, "not an action outside the turn order of auction");
    int to = (int)((a - TT_OFFTURN_GAME) >> 8), c = (int)((a - TT_OFFTURN_GAME) & 0xFF);
    if (to >= r->np || to == player)
        return TT_REFUSE("AUC-8.1", NULL, "%s may give coins only to another player",
                         names[player]);
    if (c < 1)
        return TT_REFUSE("AUC-8.1", NULL, "a gift is at least one coin");
    int k = free_coins(s, r->np, player);
    if (c > k)
        return TT_REFUSE("AUC-8.2", NULL, "%s has %d coin%s to give, not %d", names[player], k,
                         k == 1 ? "" : "s", c);
    s->coins[player] -= (uint16_t)c;
    s->coins[to] += (uint16_t)c;
    if (s->phase == BIDDING && (player - s->first + r->np) % r->np < s->nbid &&
        s->cap[player] > s->coins[player])
        s->cap[player] = (uint8_t)s->coins[player]; /* the bid is at most what he kept */
    tt_emit(ev, EV_GIFT, player, TT_SEEN_ALL, to, c, 0, 0);
    return TT_OK;
}

static int auc_format(const tt_game *g, const void *st, tt_action a, char *buf, size_t n)
{
    (void)st;
    int k = -1;
    if (a >= A_SHOW && a < A_SHOW + AUC_MAXP && (int)(a - A_SHOW) < rules_of(g)->np)
        k = snprintf(buf, n, "show %s", names[a - A_SHOW]);
    else if (a == A_RAISE || a == A_PASS)
        k = snprintf(buf, n, "%s", a == A_RAISE ? "raise" : "pass");
    else if (a >= A_BID && a <= A_BID + 0xFF)
        k = snprintf(buf, n, "bid %u", (unsigned)(a - A_BID));
    else if (a >= TT_OFFTURN_GAME && a - TT_OFFTURN_GAME < (tt_action)(AUC_MAXP << 8)) {
        int to = (int)((a - TT_OFFTURN_GAME) >> 8);
        if (to < rules_of(g)->np)
            k = snprintf(buf, n, "gift %s %u", names[to], (unsigned)((a - TT_OFFTURN_GAME) & 0xFF));
    }
    if (k < 0 && n > 0)
        buf[0] = 0;
    return k >= 0 && (size_t)k < n ? TT_OK : TT_EARG;
}

/* A number 0..255 written in digits alone, or -1. */
static int small_number(const char *w, size_t len)
{
    if (len == 0 || len > 3 || strspn(w, "0123456789") < len)
        return -1;
    int v = atoi(w);
    return v <= 0xFF ? v : -1;
}

static int auc_parse(const tt_game *g, const void *st, const char *text, tt_action *out,
                     tt_error *err)
{
    (void)st;
    char w[3][16];
    int nw = 0;
    const char *p = text;
    while (*p) {
        p += strspn(p, " ");
        size_t len = strcspn(p, " ");
        if (!len)
            break;
        if (nw == 3 || len >= sizeof w[0])
            return tt_fail(err, TT_EPARSE, NULL, "not an auction action: '%s'", text);
        memcpy(w[nw], p, len);
        w[nw++][len] = 0;
        p += len;
    }
    if (nw == 1 && (strcmp(w[0], "raise") == 0 || strcmp(w[0], "pass") == 0)) {
        *out = strcmp(w[0], "raise") == 0 ? A_RAISE : A_PASS;
        return TT_OK;
    }
    if (nw == 2 && strcmp(w[0], "bid") == 0) {
        int k = small_number(w[1], strlen(w[1]));
        if (k < 0)
            return tt_fail(err, TT_EPARSE, NULL, "a bid is a number of coins, not '%s'", w[1]);
        *out = A_BID + (tt_action)k;
        return TT_OK;
    }
    if (nw == 2 && strcmp(w[0], "show") == 0) {
        int to = tt_player_parse(g, w[1]);
        if (to < 0)
            return tt_fail(err, TT_EPARSE, NULL, "no player '%s' at this table", w[1]);
        *out = A_SHOW + (tt_action)to;
        return TT_OK;
    }
    if (nw == 3 && strcmp(w[0], "gift") == 0) {
        int to = tt_player_parse(g, w[1]), c = small_number(w[2], strlen(w[2]));
        if (to < 0)
            return tt_fail(err, TT_EPARSE, NULL, "no player '%s' at this table", w[1]);
        if (c < 0)
            return tt_fail(err, TT_EPARSE, NULL, "a gift is a number of coins, not '%s'", w[2]);
        *out = TT_OFFTURN_GAME + (tt_action)(to << 8 | c);
        return TT_OK;
    }
    return tt_fail(err, TT_EPARSE, NULL,
                   "not an auction action: '%s' (bid <coins>, raise, pass, show <player>, "
                   "gift <player> <coins>)",
                   text);
}

/* Everything the viewer has not seen: the others' sealed bids (within their
 * caps) and the values of the cards he has not been shown. The unseen values
 * are dealt whatever their order (tt_rng_deal_u8), and the state's generator
 * is drawn anew, so two positions that look the same to the viewer determinize
 * alike for the same seed. */
static void auc_determinize(const tt_game *g, void *st, int viewer, uint64_t seed)
{
    const auc_rules *r = rules_of(g);
    auc_state *s = st;
    if (viewer == TT_VIEW_ALL)
        return;
    tt_rng rng;
    tt_rng_seed(&rng, seed);
    for (int i = 0; s->phase == BIDDING && i < s->nbid; i++) {
        int q = (s->first + i) % r->np;
        if (q != viewer)
            s->bid[q] = (uint8_t)tt_rng_below(&rng, (uint32_t)s->cap[q] + 1);
    }
    uint8_t at[AUC_NCARDS], val[AUC_NCARDS];
    int n = 0;
    for (int i = 0; i < AUC_NCARDS; i++)
        if (!tt_seen_by(s->known[i], viewer)) {
            at[n] = (uint8_t)i;
            val[n++] = s->deck[i];
        }
    tt_rng_deal_u8(&rng, val, n);
    for (int i = 0; i < n; i++)
        s->deck[at[i]] = val[i];
    tt_rng_seed(&s->head.rng, tt_rng_next(&rng));
}

static int auc_sanity(const tt_game *g, const void *st, tt_error *err)
{
    const auc_rules *r = rules_of(g);
    const auc_state *s = st;
    int count[7] = {0}, total = s->bank;
    for (int i = 0; i < AUC_NCARDS; i++) {
        if (s->deck[i] < 1 || s->deck[i] > 6)
            return tt_fail(err, TT_ESTATE, "AUC-1", "card %d is worth %d", i, s->deck[i]);
        count[s->deck[i]]++;
        if ((s->owner[i] != AUC_NONE) != (i < s->round + (s->phase == SHOWING)) ||
            (s->owner[i] != AUC_NONE && s->owner[i] >= r->np))
            return tt_fail(err, TT_ESTATE, "AUC-6", "lot %d has owner %d in round %d", i,
                           s->owner[i], s->round);
    }
    for (int v = 1; v <= 6; v++)
        if (count[v] != 2)
            return tt_fail(err, TT_ESTATE, "AUC-1", "%d cards worth %d", count[v], v);
    for (int p = 0; p < r->np; p++)
        total += s->coins[p];
    if (total != r->np * r->coins)
        return tt_fail(err, TT_ESTATE, "AUC-1", "%d coins in the game, not %d", total,
                       r->np * r->coins);
    if (s->phase == OVER)
        return s->head.over ? TT_OK : tt_fail(err, TT_ESTATE, NULL, "over, but no result");
    if (s->head.over || s->round >= r->rounds || s->first >= r->np)
        return tt_fail(err, TT_ESTATE, "AUC-3", "round %d of %d, first %d", s->round, r->rounds,
                       s->first);
    if (s->phase == BIDDING) {
        if (s->nbid >= r->np)
            return tt_fail(err, TT_ESTATE, "AUC-3", "%d sealed bids still bidding", s->nbid);
        for (int i = 0; i < s->nbid; i++) {
            int q = (s->first + i) % r->np;
            if (s->bid[q] > s->cap[q] || s->cap[q] > s->coins[q])
                return tt_fail(err, TT_ESTATE, "AUC-8.2", "%s bid %d, cap %d, coins %d", names[q],
                               s->bid[q], s->cap[q], s->coins[q]);
        }
        return TT_OK;
    }
    if (s->phase == SHOWING)
        return s->owner[s->round] == s->buyer && s->known[s->round] == TT_SEEN(s->buyer)
                   ? TT_OK
                   : tt_fail(err, TT_ESTATE, "AUC-6", "lot %d not held by its buyer alone",
                             s->round);
    if (s->phase != RESPONSE || tt_round_closed(&s->ring) || s->buyer >= r->np ||
        s->runner >= r->np || s->buyer == s->runner || s->price > s->coins[s->buyer])
        return tt_fail(err, TT_ESTATE, "AUC-5", "response round: buyer %d, runner-up %d, price %d",
                       s->buyer, s->runner, s->price);
    return TT_OK;
}

/* "lots V V …": the next lots, from this round's on, are worth these values,
 * taken from the cards nobody has seen. */
static int auc_rig(const tt_game *g, void *st, const char *what, const char *values, tt_error *err)
{
    (void)g;
    auc_state *s = st;
    if (strcmp(what, "lots") != 0)
        return tt_fail(err, TT_EARG, NULL, "auction rigs only 'lots', not '%s'", what);
    uint8_t deck[AUC_NCARDS];
    memcpy(deck, s->deck, sizeof deck);
    int at = s->round;
    for (const char *p = values; *p;) {
        p += strspn(p, " ");
        size_t len = strcspn(p, " ");
        if (!len)
            break;
        int v = small_number(p, len), k = at;
        if (v < 1 || v > 6)
            return tt_fail(err, TT_EARG, "AUC-1", "a lot is worth 1 to 6, not '%.*s'", (int)len, p);
        while (k < AUC_NCARDS && deck[k] != v)
            k++;
        if (k == AUC_NCARDS)
            return tt_fail(err, TT_EARG, "AUC-1", "no unseen lot worth %d is left", v);
        deck[k] = deck[at];
        deck[at++] = (uint8_t)v;
        p += len;
    }
    memcpy(s->deck, deck, sizeof deck);
    return TT_OK;
}

/* A sealed bid as the viewer sees it: its amount, or -1. */
static int bid_seen(const auc_state *s, int np, int q, int viewer)
{
    int placed = s->phase == BIDDING && (q - s->first + np) % np < s->nbid;
    if (s->phase == RESPONSE || s->phase == SHOWING ||
        (placed && (viewer == q || viewer == TT_VIEW_ALL)))
        return s->bid[q];
    return -1;
}

static char *auc_view_json(const tt_game *g, const void *st, int viewer)
{
    const auc_rules *r = rules_of(g);
    const auc_state *s = st;
    static const char *const phases[] = {"bid", "respond", "show", "over"};
    tt_sbuf b = {0};
    tt_sbuf_printf(&b, "{\"game\":\"auction\",\"phase\":\"%s\",\"round\":%d,\"rounds\":%d",
                   phases[s->phase], s->round + (s->phase != OVER), r->rounds);
    tt_sbuf_printf(&b, ",\"first\":\"%s\",\"players\":[", names[s->first]);
    for (int q = 0; q < r->np; q++) {
        int placed = s->phase == BIDDING && (q - s->first + r->np) % r->np < s->nbid;
        tt_sbuf_printf(&b, "%s{\"name\":\"%s\",\"coins\":%d,\"score\":%d", q ? "," : "", names[q],
                       s->coins[q], s->head.score[q]);
        int v = bid_seen(s, r->np, q, viewer);
        if (v >= 0)
            tt_sbuf_printf(&b, ",\"bid\":%d", v);
        else if (placed)
            tt_sbuf_printf(&b, ",\"bid\":\"sealed\",\"at_most\":%d", s->cap[q]);
        tt_sbuf_printf(&b, "}");
    }
    tt_sbuf_printf(&b, "]");
    if (s->phase == RESPONSE || s->phase == SHOWING)
        tt_sbuf_printf(&b, ",\"buyer\":\"%s\",\"runner_up\":\"%s\",\"price\":%d", names[s->buyer],
                       names[s->runner], s->price);
    tt_sbuf_printf(&b, ",\"lots\":[");
    for (int i = 0; i < s->round + (s->phase == SHOWING); i++) {
        tt_sbuf_printf(&b, "%s{\"owner\":\"%s\"", i ? "," : "", names[s->owner[i]]);
        if (tt_seen_by(s->known[i], viewer))
            tt_sbuf_printf(&b, ",\"value\":%d", s->deck[i]);
        tt_sbuf_printf(&b, "}");
    }
    tt_sbuf_printf(&b, "]");
    if (s->round > 0 || s->phase == SHOWING) { /* the last sale, as the table saw it */
        tt_sbuf_printf(&b, ",\"last_sale\":{\"bids\":[");
        for (int q = 0; q < r->np; q++)
            tt_sbuf_printf(&b, "%s%d", q ? "," : "", s->prev[q]);
        tt_sbuf_printf(&b, "],\"buyer\":\"%s\",\"runner_up\":\"%s\",\"price\":%d}",
                       names[s->prev_buyer], names[s->prev_runner], s->prev_price);
    }
    tt_sbuf_printf(&b, ",\"deck\":%d", AUC_NCARDS - s->round);
    if (viewer == TT_VIEW_ALL) {
        tt_sbuf_printf(&b, ",\"cards\":[");
        for (int i = 0; i < AUC_NCARDS; i++)
            tt_sbuf_printf(&b, "%s%d", i ? "," : "", s->deck[i]);
        tt_sbuf_printf(&b, "]");
    }
    tt_sbuf_printf(&b, "}");
    return tt_sbuf_take(&b);
}

static char *auc_view_text(const tt_game *g, const void *st, int viewer)
{
    const auc_rules *r = rules_of(g);
    const auc_state *s = st;
    tt_sbuf b = {0};
    if (s->phase == OVER)
        tt_sbuf_printf(&b, "Auction over after %d of %d rounds\n", s->round, r->rounds);
    else
        tt_sbuf_printf(&b, "Round %d of %d, lot face down, %s\n", s->round + 1, r->rounds,
                       s->phase == BIDDING ? "sealed bids" : "response round");
    for (int q = 0; q < r->np; q++) {
        int v = bid_seen(s, r->np, q, viewer);
        tt_sbuf_printf(&b, "  %-4s %3d coins", names[q], s->coins[q]);
        if (v >= 0)
            tt_sbuf_printf(&b, "  bid %d", v);
        if (s->phase == RESPONSE && q == s->buyer)
            tt_sbuf_printf(&b, "  buyer at %d", s->price);
        for (int i = 0; i < s->round + (s->phase == SHOWING); i++)
            if (s->owner[i] == q) {
                if (tt_seen_by(s->known[i], viewer))
                    tt_sbuf_printf(&b, "  lot %d (%d)", i + 1, s->deck[i]);
                else
                    tt_sbuf_printf(&b, "  lot %d", i + 1);
            }
        tt_sbuf_printf(&b, "\n");
    }
    return tt_sbuf_take(&b);
}

static int auc_event_text(const tt_game *g, const tt_event *e, int viewer, char *buf, size_t n)
{
    (void)g;
    const char *who = e->player < AUC_MAXP ? names[e->player] : "nobody";
    int see = tt_seen_by(e->seen, viewer), k;
    switch (e->type) {
    case EV_LOT:
        k = snprintf(buf, n, "round %d: a lot goes up face down; %s bids first", e->a + 1, who);
        break;
    case EV_BID:
        k = see ? snprintf(buf, n, "%s bids %d, sealed", who, e->a)
                : snprintf(buf, n, "%s places a sealed bid", who);
        break;
    case EV_REVEAL: k = snprintf(buf, n, "%s bid %d", who, e->a); break;
    case EV_WIN:
        k = snprintf(buf, n, "%s wins the sealed bids at %d, %s is runner-up", who, e->a,
                     names[e->b]);
        break;
    case EV_RAISE: k = snprintf(buf, n, "%s raises to %d", who, e->a); break;
    case EV_PASS: k = snprintf(buf, n, "%s passes", who); break;
    case EV_SOLD: k = snprintf(buf, n, "%s buys lot %d for %d", who, e->a + 1, e->b); break;
    case EV_LOOK:
        k = see ? snprintf(buf, n, "%s looks at lot %d: worth %d", who, e->a + 1, e->b)
                : snprintf(buf, n, "%s looks at lot %d", who, e->a + 1);
        break;
    case EV_SHOW:
        k = see ? snprintf(buf, n, "%s shows %s lot %d: worth %d", who, names[e->c], e->a + 1, e->b)
                : snprintf(buf, n, "%s shows %s lot %d", who, names[e->c], e->a + 1);
        break;
    case EV_VALUE: k = snprintf(buf, n, "lot %d, %s's, is worth %d", e->a + 1, who, e->b); break;
    case EV_GIFT:
        k = snprintf(buf, n, "%s gives %s %d coin%s", who, names[e->a], e->b, e->b == 1 ? "" : "s");
        break;
    case EV_CONCEDE: k = snprintf(buf, n, "%s concedes", who); break;
    case EV_SCORE: k = snprintf(buf, n, "%s scores %d", who, e->a); break;
    default:
        k = 0;
        if (n)
            buf[0] = 0;
    }
    if (k < 0)
        return 0;
    return (size_t)k < n ? k : (n ? (int)n - 1 : 0);
}

static const char *auc_player_name(const tt_game *g, int player)
{
    (void)g;
    return player >= 0 && player < AUC_MAXP ? names[player] : "?";
}

/* The descriptor the tests' registry lists (tests/CMakeLists.txt). */
const tt_rules auction_rules = {
    .name = "auction",
    .summary = "Auction: sealed bids for face-down lots, 3 to 6 players (tests only)",
    .min_players = 3,
    .max_players = 6,
    .params = params,
    .configs = configs,
    .reasons = reasons,
    .load = auc_load,
    .unload = auc_unload,
    .init = auc_init,
    .to_move = auc_to_move,
    .legal = auc_legal,
    .apply = auc_apply,
    .offturn_legal = auc_offturn_legal,
    .offturn_apply = auc_offturn_apply,
    .format = auc_format,
    .parse = auc_parse,
    .determinize = auc_determinize,
    .sanity = auc_sanity,
    .rig = auc_rig,
    .view_json = auc_view_json,
    .view_text = auc_view_text,
    .event_text = auc_event_text,
    .player_name = auc_player_name,
};
