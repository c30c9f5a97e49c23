/* Table talk (INWO-5.0.7): gifts of hand cards and Resources, showing and
 * exposing Plots, voluntary discards and returns, removing one's own token.
 * They are actions outside the turn order (TT_OFFTURN set, inwo.h: INWO_TALK),
 * never in a legal list, applied whole for the player who issues them, and
 * kept in the record with that player. None is on the playout path.
 *
 * What each one shows follows INWO-7.10 and 7.11: a hidden card given away
 * becomes known to giver and recipient, and every other player loses track
 * of it and of the hidden cards of the same owner and back it lay among. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/errors.h"
#include "core/events.h"
#include "core/pile.h"
#include "games/inwo/inwo.h"

static const char *const verbs[] = {"",       "give",    "show",     "expose", "discard",
                                    "return", "untoken", "trade",    "give",   "ask",
                                    "accept", "decline", "withdraw", "give",   "accept"};
#define NVERBS ((int)(sizeof verbs / sizeof *verbs))

static unsigned all_seats(const inwo_state *s)
{
    return (1u << s->nplayers) - 1;
}

static int ncards(const inwo_state *s)
{
    return s->nplayers * INWO_DECK_CARDS;
}

static int trade_format(const tt_game *g, const inwo_state *s, tt_action a, char *buf, size_t n);
static int gift_parse(const tt_game *g, const inwo_state *s, int kind, const char *text,
                      tt_action *out, tt_error *err);
static int chk_gift(const tt_game *g, const inwo_state *s, int p, tt_action a, tt_error *err);
static int chk_take(const tt_game *g, const inwo_state *s, int p, tt_action a, tt_error *err);
static void take_gift(inwo_state *s, int p, tt_action a, tt_events *ev);
static int trade_parse(const tt_game *g, const inwo_state *s, int kind, const char *text,
                       tt_action *out, tt_error *err);
static int chk_trade(const tt_game *g, const inwo_state *s, int p, tt_action a, tt_error *err);
static void apply_trade(const tt_game *g, inwo_state *s, int p, tt_action a, tt_events *ev);

/* --- texts ------------------------------------------------------------------------------ */

static int talk_verb(const char *text)
{
    size_t len = strcspn(text, " ");
    for (int k = 1; k < NVERBS; k++)
        if (strlen(verbs[k]) == len && strncasecmp(text, verbs[k], len) == 0)
            return k;
    return 0;
}

int inwo_talk_format(const tt_game *g, const void *st, tt_action a, char *buf, size_t n)
{
    const inwo_state *s = st;
    int kind = INWO_TALK_KIND(a), card = (int)(a & INWO_CARD_BITS), seat = (int)(a >> 9 & 7);
    char id[32];
    if (kind >= TK_TRADE && kind < NVERBS)
        return trade_format(g, s, a, buf, n);
    if (kind < 1 || kind >= NVERBS || card >= ncards(s) || (a >> 12 & 0xFFF))
        return TT_EARG;
    inwo_instance_text(g->content, card, id, sizeof id);
    if (kind == TK_GIVE || kind == TK_SHOW) {
        if (seat >= s->nplayers)
            return TT_EARG;
        snprintf(buf, n, "%s %s to=%c", verbs[kind], id, 'A' + seat);
    } else if (kind == TK_RETURN) {
        snprintf(buf, n, "return %s %s", id, seat & 1 ? "bottom" : "top");
    } else {
        if (seat)
            return TT_EARG;
        snprintf(buf, n, "%s %s", verbs[kind], id);
    }
    return TT_OK;
}

/* `discard` and `return` of a card in the hand of the player at a dispose
 * point are that decision's atomic actions (INWO-5.0.7), not table talk;
 * so is `discard` of a linked Plot in a limit_per_player conflict (6.4.5). */
static int dispose_answer(const inwo_state *s, int kind, int card)
{
    if (kind == TK_DISCARD && s->decl.head == H_DISCARD)
        return 1;
    if (kind == TK_DISCARD && (s->decl.head == H_PLAY || s->decl.head == H_USE) &&
        s->card[card].holder == s->decl.player)
        return 1; /* a cost's discard (INWO-2.10.3), answered by the declarer */
    return (kind == TK_DISCARD || kind == TK_RETURN) && s->point == PT_DISPOSE &&
           s->card[card].zone == Z_HAND && s->card[card].holder == s->to_move;
}

/* The seat of "to=C" (or "C"), or -1. */
static int seat_arg(const inwo_state *s, const char *w)
{
    if (strncasecmp(w, "to=", 3) == 0)
        w += 3;
    int p = (w[0] & ~0x20) - 'A';
    return !w[1] && p >= 0 && p < s->nplayers ? p : -1;
}

int inwo_talk_parse(const tt_game *g, const void *st, const char *text, tt_action *out,
                    tt_error *err)
{
    const inwo_state *s = st;
    int kind = talk_verb(text);
    if (!kind)
        return 1;
    char verb[16], id[40], more[16], extra[4];
    int nw = sscanf(text, "%15s %39s %15s %3s", verb, id, more, extra);
    if (kind == TK_ACCEPT && strstr(text, "arrow="))
        return gift_parse(g, s, TK_TAKE, text, out, err);
    if (kind >= TK_TRADE || (kind == TK_GIVE && nw == 2))
        return trade_parse(g, s, kind == TK_GIVE ? TK_OFFER : kind, text, out, err);
    if (kind == TK_GIVE && strstr(text, "pay="))
        return gift_parse(g, s, TK_GIFT, text, out, err);
    int card = nw >= 2 ? inwo_instance_parse(g->content, id) : -1;
    if (card < 0 || card >= ncards(s)) {
        if (kind == TK_DISCARD || kind == TK_RETURN)
            return 1; /* the dispose answers take a card_id too (text.c) */
        return tt_fail(err, TT_EPARSE, "INWO-5.0.3", "'%s' needs a card instance (A:PL16#1)",
                       verbs[kind]);
    }
    if (dispose_answer(s, kind, card))
        return 1;
    int arg = 0;
    if (kind == TK_GIVE || kind == TK_SHOW) {
        arg = nw == 3 ? seat_arg(s, more) : -1;
        if (arg < 0)
            return tt_fail(err, TT_EPARSE, "INWO-5.0.7", "%s <card> to=<player>", verbs[kind]);
    } else if (kind == TK_RETURN) {
        if (nw != 3 || (strcasecmp(more, "top") && strcasecmp(more, "bottom")))
            return tt_fail(err, TT_EPARSE, "INWO-5.0.7", "return <plot> top|bottom");
        arg = strcasecmp(more, "bottom") == 0;
    } else if (nw != 2) {
        return tt_fail(err, TT_EPARSE, "INWO-5.0.7", "'%s' takes one card", verbs[kind]);
    }
    *out = INWO_TALK(kind, card | arg << 9);
    return TT_OK;
}

/* --- checks ------------------------------------------------------------------------------ */

/* INWO-5.6.1, 5.7.3, 5.7.4: the active player's step-1 and step-2 draws are
 * a multiple-card draw while they last. */
static int drawing(const inwo_state *s, int p)
{
    return p == s->active && !s->nrounds && (s->step == PT_STEP1 || s->step == PT_STEP2);
}

/* INWO-4.7.2: the attacker and the defender of the Privileged attack in
 * progress, as a seat mask (0 when there is none). */
static unsigned privileged_pair(const inwo_state *s)
{
    int k = inwo_current_attack(s);
    if (k < 0 || !(s->item[k].who & 0x40))
        return 0;
    return 1u << (s->item[k].who & 7) | 1u << s->card[s->item[k].target].holder;
}

static int chk_common(const inwo_state *s, int p, tt_error *err)
{
    if (s->point == PT_LEAD)
        return TT_REFUSE("INWO-5.0.7", NULL, "table talk begins once setup is done");
    if (s->head.eliminated >> p & 1)
        return TT_REFUSE("INWO-9.2.4", NULL, "you are out of the game");
    if (s->decl.head)
        return TT_REFUSE("INWO-5.0.7", NULL, "not while %c is half-way through a declaration",
                         'A' + s->decl.player);
    if (s->point == PT_DISPOSE && s->to_move != p)
        return TT_REFUSE("INWO-5.7.2", NULL, "not until %c is within his hand limits",
                         'A' + s->to_move);
    return TT_OK;
}

static int chk_hand_card(const tt_game *g, const inwo_state *s, int p, int card, tt_error *err)
{
    if (s->card[card].zone != Z_HAND || s->card[card].holder != p)
        return TT_REFUSE("INWO-5.0.7", NULL, "that card is not in your hand");
    if (drawing(s, p))
        return TT_REFUSE("INWO-5.6.1", NULL, "not in the middle of a multiple-card draw");
    return inwo_look_guard(g, s, card, -1, err); /* INWO-7.4 */
}

/* Whether seat would have to get rid of cards at once (INWO-5.7.2, 9.4.4),
 * holding also `extra` (a card about to arrive, or -1). */
static int over_limits(const tt_game *g, const inwo_state *s, int seat, int extra)
{
    const inwo_content *c = g->content;
    int n, goals = 0, plots = 0;
    const uint16_t *hand = inwo_pile(s, seat, Z_HAND, &n);
    for (int i = 0; i <= n; i++) {
        int card = i < n ? hand[i] : extra;
        if (card < 0)
            continue;
        const inwo_def *d = inwo_def_of(c, card);
        goals += d->kind == INWO_PLOT && d->subtype == ST_GOAL;
        plots += inwo_plot_back(d);
    }
    return goals > 1 || (seat != s->active && plots > inwo_plot_limit(g, s, seat));
}

int inwo_talk_over(const tt_game *g, const inwo_state *s, int seat)
{
    return over_limits(g, s, seat, -1);
}

static int chk_recipient(const inwo_state *s, int p, int q, tt_error *err)
{
    if (q == p || q >= s->nplayers || (s->head.eliminated >> q & 1))
        return TT_REFUSE("INWO-5.6.1", NULL, "give to another player in the game");
    if (s->pl[p].protected_ || s->pl[q].protected_)
        return TT_REFUSE("INWO-4.8.1", NULL, "%c has not completed his first turn",
                         'A' + (s->pl[p].protected_ ? p : q));
    unsigned pair = privileged_pair(s);
    if ((pair >> q & 1) && !(pair >> p & 1))
        return TT_REFUSE("INWO-4.7.2", NULL, "%c takes part in a Privileged attack", 'A' + q);
    return TT_OK;
}

static int chk_give_hand(const tt_game *g, const inwo_state *s, int p, int card, int q,
                         tt_error *err)
{
    int rc = chk_hand_card(g, s, p, card, err);
    if (rc == TT_OK)
        rc = chk_recipient(s, p, q, err);
    if (rc)
        return rc;
    if (s->npile[q][Z_HAND] >= INWO_HAND_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "%c's hand holds %d cards", 'A' + q, INWO_HAND_MAX);
    if (s->point == PT_DISPOSE && over_limits(g, s, q, card)) /* one dispose at a time */
        return TT_REFUSE("INWO-5.7.2", NULL, "%c would be over his hand limits too", 'A' + q);
    return TT_OK;
}

/* INWO-5.6.3: a Resource in play, in the Main Phase of giver or recipient. */
static int chk_give_resource(const inwo_state *s, int p, int card, int q, tt_error *err)
{
    int rc = chk_recipient(s, p, q, err);
    if (rc)
        return rc;
    if (s->step != PT_MAIN || (s->active != p && s->active != q))
        return TT_REFUSE("INWO-5.6.3", NULL,
                         "a Resource is given in the Main Phase of the giver or the recipient");
    const inwo_card *v = &s->card[card];
    if ((v->flags & INWO_F_BENEFIT) || (v->u.p.used & 0x0F))
        return TT_REFUSE("INWO-5.6.3", NULL, "it has served this turn");
    int k = inwo_link_of(s, card);
    if (k >= 0 && (s->link[k].what >> 2 & 1) && s->link[k].b != inwo_illuminati(s, p))
        return TT_REFUSE("INWO-5.6.3", NULL, "it is permanently linked to a group");
    int n = 0;
    for (int i = 0; i < ncards(s); i++)
        n += s->card[i].zone == Z_RESOURCE && s->card[i].holder == q;
    if (n >= INWO_RESOURCES_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "%c has %d Resources", 'A' + q, INWO_RESOURCES_MAX);
    return TT_OK;
}

static int chk_hidden_plot(const tt_game *g, const inwo_state *s, int p, int card, tt_error *err)
{
    if (s->card[card].zone != Z_HAND || s->card[card].holder != p ||
        !inwo_plot_back(inwo_def_of(g->content, card)) || (s->card[card].flags & INWO_F_EXPOSED))
        return TT_REFUSE("INWO-7.3", NULL, "name a hidden Plot of your hand");
    return TT_OK;
}

static int check(const tt_game *g, const inwo_state *s, int p, tt_action a, tt_error *err)
{
    int kind = INWO_TALK_KIND(a), card = (int)(a & INWO_CARD_BITS), q = (int)(a >> 9 & 7);
    int rc = chk_common(s, p, err);
    if (rc)
        return rc;
    switch (kind) {
    case TK_GIVE:
        return s->card[card].zone == Z_RESOURCE && s->card[card].holder == p
                   ? chk_give_resource(s, p, card, q, err)
                   : chk_give_hand(g, s, p, card, q, err);
    case TK_SHOW:
        rc = chk_hidden_plot(g, s, p, card, err);
        if (rc == TT_OK && (q == p || (s->head.eliminated >> q & 1)))
            return TT_REFUSE("INWO-7.3", NULL, "show it to a rival in the game");
        return rc;
    case TK_EXPOSE: return chk_hidden_plot(g, s, p, card, err);
    case TK_DISCARD: return chk_hand_card(g, s, p, card, err);
    case TK_RETURN:
        rc = chk_hand_card(g, s, p, card, err);
        if (rc == TT_OK && !inwo_plot_back(inwo_def_of(g->content, card)))
            return TT_REFUSE("INWO-5.7.3", NULL, "Group-back cards never go back to a deck");
        return rc;
    case TK_TRADE:
    case TK_OFFER:
    case TK_ASK:
    case TK_ACCEPT:
    case TK_DECLINE:
    case TK_WITHDRAW:
    case TK_GIFT:
    case TK_TAKE: return chk_trade(g, s, p, a, err);
    case TK_UNTOKEN:
        if ((s->card[card].zone != Z_STRUCTURE && s->card[card].zone != Z_RESOURCE) ||
            s->card[card].holder != p)
            return TT_REFUSE("INWO-4.7.1", NULL, "remove a token from a card you control");
        if (!s->card[card].u.p.tokens)
            return TT_REFUSE("INWO-4.7.1", NULL, "it holds no token");
        return TT_OK;
    default: return tt_fail(err, TT_EARG, NULL, "not an action outside the turn order");
    }
}

/* --- effects ----------------------------------------------------------------------------- */

/* INWO-7.11: a hidden card left the place `zone` of `from` by an act that
 * showed the others only its owner and back; every seat outside `keep` loses
 * track of it and of the hidden cards of that owner and back still there. */
static void lose_track(const tt_game *g, inwo_state *s, int card, int from, int zone, unsigned keep)
{
    const inwo_content *c = g->content;
    int n, back = inwo_plot_back(inwo_def_of(c, card));
    s->card[card].seen_by &= (uint8_t)keep;
    const uint16_t *pile = inwo_pile(s, from, zone, &n);
    for (int i = 0; i < n; i++) {
        inwo_card *v = &s->card[pile[i]];
        if (inwo_owner(pile[i]) == inwo_owner(card) &&
            inwo_plot_back(inwo_def_of(c, pile[i])) == back && !(v->flags & INWO_F_EXPOSED))
            v->seen_by &= (uint8_t)(keep | 1u << from);
    }
}

/* A dispose decision at once for the recipient over a limit (INWO-4.6.6). */
static void maybe_dispose(const tt_game *g, inwo_state *s, int q)
{
    if (s->point == PT_DISPOSE || !over_limits(g, s, q, -1))
        return;
    s->resume = 1;
    s->point = PT_DISPOSE;
    s->to_move = (uint8_t)q;
}

static void give_hand(const tt_game *g, inwo_state *s, int p, int card, int q, tt_events *ev)
{
    int hidden = !(s->card[card].flags & INWO_F_EXPOSED);
    inwo_lift(s, card);
    if (hidden)
        lose_track(g, s, card, p, Z_HAND, 1u << p | 1u << q);
    inwo_put(s, card, Z_HAND, q);
    s->card[card].seen_by |= (uint8_t)(1u << p);
    tt_emit(ev, INWO_EV_GIVE, p, hidden ? TT_SEEN(p) | TT_SEEN(q) : TT_SEEN_ALL, card, q, 0, 0);
}

static void give_resource(inwo_state *s, int p, int card, int q, tt_events *ev)
{
    int k = inwo_link_of(s, card);
    if (k >= 0)
        inwo_link_remove(s, k);
    s->card[card].holder = (uint8_t)q;
    inwo_link_add(s, card, inwo_illuminati(s, q), LK_RESOURCE, 0); /* INWO-6.3.4 */
    tt_emit(ev, INWO_EV_GIVE, p, TT_SEEN_ALL, card, q, 0, 0);
}

/* A card of p's hand or a Resource of his goes to q. */
static void hand_over(const tt_game *g, inwo_state *s, int p, int card, int q, tt_events *ev)
{
    if (s->card[card].zone == Z_RESOURCE)
        give_resource(s, p, card, q, ev);
    else
        give_hand(g, s, p, card, q, ev);
}

static void return_plot(const tt_game *g, inwo_state *s, int p, int card, int bottom, tt_events *ev)
{
    inwo_card *v = &s->card[card];
    if (v->flags & INWO_F_EXPOSED)
        v->flags &= (uint8_t)~INWO_F_EXPOSED; /* everyone still knows it (INWO-7.10) */
    else
        lose_track(g, s, card, p, Z_HAND, 1u << p);
    inwo_lift(s, card);
    int j = p * INWO_NPILES + Z_PLOT_DECK;
    tt_piles_insert_at(s->slot, &s->npile[0][0], s->nplayers * INWO_NPILES, INWO_MAX_CARDS, j,
                       bottom ? 0 : s->npile[p][Z_PLOT_DECK], (uint16_t)card);
    v->zone = Z_PLOT_DECK;
    v->holder = (uint8_t)p;
    tt_emit(ev, INWO_EV_RETURN, p, v->seen_by, card, bottom, 0, 0);
}

static void apply_talk(const tt_game *g, inwo_state *s, int p, tt_action a, tt_events *ev)
{
    int kind = INWO_TALK_KIND(a), card = (int)(a & INWO_CARD_BITS), q = (int)(a >> 9 & 7);
    inwo_card *v = &s->card[card];
    switch (kind) {
    case TK_GIVE:
        hand_over(g, s, p, card, q, ev);
        maybe_dispose(g, s, q);
        break;
    case TK_SHOW:
        v->seen_by |= (uint8_t)(1u << q);
        tt_emit(ev, INWO_EV_SHOW, p, TT_SEEN(p) | TT_SEEN(q), card, q, 0, 0);
        break;
    case TK_EXPOSE:
        v->flags |= INWO_F_EXPOSED;
        v->seen_by = (uint8_t)all_seats(s);
        tt_emit(ev, INWO_EV_EXPOSE, p, TT_SEEN_ALL, card, 0, 0, 0);
        break;
    case TK_DISCARD:
        inwo_lift(s, card);
        v->flags &= (uint8_t)~INWO_F_EXPOSED;
        inwo_put(s, card, Z_DISCARD, inwo_owner(card));
        tt_emit(ev, INWO_EV_DISCARD, p, TT_SEEN_ALL, card, 0, 0, 0);
        break;
    case TK_RETURN: return_plot(g, s, p, card, q & 1, ev); break;
    case TK_UNTOKEN:
        v->u.p.tokens--;
        tt_emit(ev, INWO_EV_UNTOKEN, p, TT_SEEN_ALL, card, v->u.p.tokens, 0, 0);
        break;
    default: apply_trade(g, s, p, a, ev); break;
    }
}

/* Called by inwo_offturn_apply for everything but concede. */
int inwo_talk_apply(const tt_game *g, inwo_state *s, int player, tt_action a, tt_events *ev,
                    tt_error *err)
{
    int rc = check(g, s, player, a, err);
    if (rc)
        return rc;
    int disposing = s->point == PT_DISPOSE && s->to_move == player;
    apply_talk(g, s, player, a, ev);
    if (disposing && INWO_TALK_KIND(a) != TK_SHOW && INWO_TALK_KIND(a) != TK_EXPOSE &&
        INWO_TALK_KIND(a) != TK_UNTOKEN) /* a card left his hand (INWO-5.7.2) */
        inwo_after_dispose(g, s, ev);
    return TT_OK;
}

/* --- trades (INWO-5.6.2) ------------------------------------------------------------------
 * `trade with=C give=A:PL03#1 ask=PL41` is one command written as atoms in
 * one record entry: `trade C`, `give A:PL03#1`, `ask PL41`. The offer is
 * kept in the offerer's inwo_player.offer until it is answered, withdrawn,
 * or the next listed action is applied (INWO-5.0.7). A card asked by
 * card_id is one of C's hidden hand cards; C's `accept A give=C:PL41#1`
 * names which copy, and the answer is one action: bits 12-23 hold, for each
 * ask by card_id in turn, 1 + which hidden copy of that card_id in his hand
 * (hand order) he hands over. */

#define ASK_DEF 0x8000u /* in offer.ask: a card_id, not an instance */

static const inwo_offer *offer_to(const inwo_state *s, int from, int to)
{
    const inwo_offer *o = &s->pl[from].offer;
    return o->kind == OF_TRADE && o->to == to ? o : NULL;
}

/* --- group gifts (INWO-5.5.5) ---------------------------------------------------------------
 * `give <G> to=<P> pay=<card>|recipient` offers G with its subtree; P's
 * `accept <giver> arrow=<X>/<side> [pay=<card>]` pays, and announces the
 * gift as P's root item, which opens its round (INWO-4.6.6); when the round
 * closes G moves with its subtree and linked cards (inwo_gift_resolve). */

#define PAY_RECIPIENT INWO_CARD_BITS

static int gift_format(const tt_game *g, const inwo_state *s, tt_action a, char *buf, size_t n)
{
    const inwo_content *c = g->content;
    int kind = INWO_TALK_KIND(a), card = (int)(a & INWO_CARD_BITS), seat = (int)(a >> 9 & 7);
    int pay = (int)(a >> (kind == TK_GIFT ? 12 : 14) & INWO_CARD_BITS);
    char id[32], pid[32] = "recipient";
    if (card >= ncards(s) || seat >= s->nplayers || (pay != PAY_RECIPIENT && pay >= ncards(s)))
        return TT_EARG;
    inwo_instance_text(c, card, id, sizeof id);
    if (pay != PAY_RECIPIENT)
        inwo_instance_text(c, pay, pid, sizeof pid);
    int k = kind == TK_GIFT
                ? snprintf(buf, n, "give %s to=%c pay=%s", id, 'A' + seat, pid)
                : snprintf(buf, n, "accept %c arrow=%s/%c%s%s", 'A' + seat, id, "NESW"[a >> 12 & 3],
                           pay != PAY_RECIPIENT ? " pay=" : "", pay != PAY_RECIPIENT ? pid : "");
    return k >= 0 && (size_t)k < n ? TT_OK : TT_EARG;
}

/* "pay=<card>" (or "pay=recipient" where allowed); -1 when malformed. */
static int pay_arg(const inwo_content *c, const inwo_state *s, const char *w, int recipient)
{
    if (strncasecmp(w, "pay=", 4) != 0)
        return -1;
    if (recipient && strcasecmp(w + 4, "recipient") == 0)
        return PAY_RECIPIENT;
    int card = inwo_instance_parse(c, w + 4);
    return card < ncards(s) ? card : -1;
}

static int gift_parse(const tt_game *g, const inwo_state *s, int kind, const char *text,
                      tt_action *out, tt_error *err)
{
    const inwo_content *c = g->content;
    char verb[16], w1[40], w2[48] = "", w3[48] = "", extra[4];
    int nw = sscanf(text, "%15s %39s %47s %47s %3s", verb, w1, w2, w3, extra);
    if (kind == TK_GIFT) {
        int card = inwo_instance_parse(c, w1), seat = seat_arg(s, w2);
        int pay = nw == 4 ? pay_arg(c, s, w3, 1) : -1;
        if (card < 0 || card >= ncards(s) || seat < 0 || strncasecmp(w2, "to=", 3) || pay < 0)
            return tt_fail(err, TT_EPARSE, "INWO-5.0.7",
                           "give <group> to=<player> pay=<card>|recipient");
        *out = INWO_TALK(TK_GIFT, (unsigned)card | (unsigned)seat << 9 | (unsigned)pay << 12);
        return TT_OK;
    }
    char *slash = strchr(w2, '/');
    const char *at = slash && slash[1] && !slash[2] ? strchr("NESW", slash[1] & ~0x20) : NULL;
    if (slash)
        *slash = 0;
    int seat = seat_arg(s, w1),
        x = strncasecmp(w2, "arrow=", 6) ? -1 : inwo_instance_parse(c, w2 + 6);
    int pay = nw == 4 ? pay_arg(c, s, w3, 0) : nw == 3 ? PAY_RECIPIENT : -1;
    if (seat < 0 || x < 0 || x >= ncards(s) || !at || pay < 0)
        return tt_fail(err, TT_EPARSE, "INWO-5.0.7",
                       "accept <giver> arrow=<card>/<side> [pay=<card>]");
    *out = INWO_TALK(TK_TAKE, (unsigned)x | (unsigned)seat << 9 | (unsigned)(at - "NESW") << 12 |
                                  (unsigned)pay << 14);
    return TT_OK;
}

static int master_card(const inwo_state *s, int card)
{
    int m = s->node[s->card[card].u.p.node].master;
    return m == INWO_NO_NODE ? -1 : s->node[m].card;
}

/* The gift of card by p to q paid by pay, as offered or as re-checked when
 * answered. */
static int chk_gift_of(const inwo_state *s, int p, int card, int q, int pay, tt_error *err)
{
    if (card == inwo_illuminati(s, p))
        return TT_REFUSE("INWO-10.4.5", NULL, "an Illuminati is never given away");
    if (s->card[card].zone != Z_STRUCTURE || s->card[card].holder != p)
        return TT_REFUSE("INWO-5.5.5", NULL, "give a group of your structure");
    if (s->step != PT_MAIN || s->to_move != p || (s->active != p && s->active != q))
        return TT_REFUSE("INWO-5.5.5", NULL,
                         "give a group while you hold priority in the Main Phase of your turn or "
                         "the recipient's");
    int rc = chk_recipient(s, p, q, err);
    if (rc)
        return rc;
    if (pay != PAY_RECIPIENT &&
        ((pay != card && pay != master_card(s, card) && pay != inwo_illuminati(s, p)) ||
         !inwo_can_spend(s, p, pay)))
        return TT_REFUSE("INWO-5.5.5", NULL,
                         "pay with the group, its master or your Illuminati, holding a token, "
                         "or pay=recipient");
    return TT_OK;
}

static int chk_gift(const tt_game *g, const inwo_state *s, int p, tt_action a, tt_error *err)
{
    (void)g;
    if (s->pl[p].offer.kind)
        return TT_REFUSE("INWO-5.0.7", NULL, "you have an open offer: withdraw it first");
    return chk_gift_of(s, p, (int)(a & INWO_CARD_BITS), (int)(a >> 9 & 7),
                       (int)(a >> 12 & INWO_CARD_BITS), err);
}

/* Whether the gift of G (with its subtree) fits q's structure (INWO-2.15.2). */
static int gift_fits(const inwo_state *s, int card, int q)
{
    return inwo_structure_size(s, q) + inwo_subtree_size(s, s->card[card].u.p.node) <=
           INWO_STRUCT_MAX;
}

static int chk_take(const tt_game *g, const inwo_state *s, int p, tt_action a, tt_error *err)
{
    int x = (int)(a & INWO_CARD_BITS), from = (int)(a >> 9 & 7), side = (int)(a >> 12 & 3);
    int pay = (int)(a >> 14 & INWO_CARD_BITS);
    const inwo_offer *o = &s->pl[from].offer;
    if (o->kind != OF_GIFT || o->to != p)
        return TT_REFUSE("INWO-5.5.5", NULL, "no open gift from %c to you", 'A' + from);
    int rc = chk_gift_of(s, from, o->give[0], p, o->pay, err);
    if (rc)
        return rc;
    if (s->card[x].zone != Z_STRUCTURE || s->card[x].holder != p)
        return TT_REFUSE("INWO-2.11.5", NULL, "name an open arrow of your structure");
    if (!inwo_arrow_open(g->content, s, s->card[x].u.p.node, side))
        return inwo_arrow_refused(g->content, s, x, err);
    if (o->pay == PAY_RECIPIENT
            ? (pay != x && pay != inwo_illuminati(s, p)) || !inwo_can_spend(s, p, pay)
            : pay != PAY_RECIPIENT)
        return TT_REFUSE("INWO-5.5.5", NULL,
                         o->pay == PAY_RECIPIENT
                             ? "pay with the arrow's card or your Illuminati, holding a token"
                             : "the giver pays for this gift");
    if (!gift_fits(s, o->give[0], p))
        return TT_REFUSE("INWO-2.15.2", NULL, "the gift would put your structure past %d cards",
                         INWO_STRUCT_MAX);
    if (s->nitems >= INWO_ITEMS_MAX || s->nrounds >= INWO_ROUNDS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "no room for another item or round");
    return TT_OK;
}

static void take_gift(inwo_state *s, int p, tt_action a, tt_events *ev)
{
    int x = (int)(a & INWO_CARD_BITS), from = (int)(a >> 9 & 7), side = (int)(a >> 12 & 3);
    inwo_offer o = s->pl[from].offer;
    int payer = o.pay != PAY_RECIPIENT ? o.pay : (int)(a >> 14 & INWO_CARD_BITS);
    s->card[payer].u.p.tokens--; /* costs are paid on announcement (INWO-4.6.2) */
    memset(&s->pl[from].offer, 0, sizeof s->pl[from].offer);
    int k = inwo_announce(s, INWO_K_GIFT, p, o.give[0], x, ev);
    s->item[k].arg = (uint8_t)side;
}

/* Links of the moved cards (INWO-6.5.1, 6.5.5): Plots and Resources on a
 * group that arrived go with it; a group link across the two structures ends. */
static void move_links(inwo_state *s, int to)
{
    for (int k = s->nlinks - 1; k >= 0; k--) {
        const inwo_link *l = &s->link[k];
        const inwo_card *a = &s->card[l->a], *b = &s->card[l->b];
        if ((l->what & 3) == LK_GROUP && a->zone == Z_STRUCTURE && b->zone == Z_STRUCTURE &&
            a->holder != b->holder)
            inwo_link_remove(s, k);
        else if ((l->what & 3) != LK_GROUP && b->zone == Z_STRUCTURE && b->holder == to)
            s->card[l->a].holder = (uint8_t)to;
    }
}

int inwo_gift_valid(const tt_game *g, const inwo_state *s, int k)
{
    const inwo_item *it = &s->item[k];
    int card = it->card, x = it->target, side = it->arg, to = it->who & 7;
    return s->card[card].zone == Z_STRUCTURE && s->card[card].holder != to &&
           s->card[x].zone == Z_STRUCTURE && s->card[x].holder == to &&
           inwo_arrow_open(g->content, s, s->card[x].u.p.node, side) && gift_fits(s, card, to);
}

int inwo_gift_resolve(const tt_game *g, inwo_state *s, int k, const uint16_t *ans, int nans,
                      tt_events *ev)
{
    if (!inwo_gift_valid(g, s, k))
        return 0; /* it became illegal (INWO-10.3.7) */
    const inwo_item *it = &s->item[k];
    int card = it->card, to = it->who & 7, from = s->card[card].holder;
    /* placed as a move is: the cards keep what they hold (INWO-5.5.5) */
    inwo_transplant(g, s, to, card, it->target, it->arg, TP_MOVE, ans, nans, ev);
    move_links(s, to);
    inwo_links_update(g->content, s);
    tt_emit(ev, INWO_EV_GIVE, from, TT_SEEN_ALL, card, to, 0, 0);
    return 1;
}

/* The copy-th (from 1) hidden card of card_id def in seat's hand, or -1. */
static int hidden_copy(const inwo_content *c, const inwo_state *s, int seat, int def, int copy)
{
    int n;
    const uint16_t *hand = inwo_pile(s, seat, Z_HAND, &n);
    for (int i = 0; i < n; i++)
        if (c->deck[inwo_owner(hand[i])].def[hand[i] % INWO_DECK_CARDS] == def &&
            !(s->card[hand[i]].flags & INWO_F_EXPOSED) && --copy == 0)
            return hand[i];
    return -1;
}

/* The cards the answerer of offer o hands over with accept a, in the order
 * of o->ask, into out; -1 in a place the answer does not fill. */
static void answer_cards(const inwo_content *c, const inwo_state *s, const inwo_offer *o,
                         tt_action a, int *out)
{
    for (int k = 0, h = 0; k < o->nask; k++) {
        if (!(o->ask[k] & ASK_DEF)) {
            out[k] = o->ask[k];
            continue;
        }
        int copy = (int)(a >> (12 + 4 * h++) & 15);
        out[k] = copy ? hidden_copy(c, s, o->to, o->ask[k] & 0xFF, copy) : -1;
    }
}

static int trade_format(const tt_game *g, const inwo_state *s, tt_action a, char *buf, size_t n)
{
    const inwo_content *c = g->content;
    int kind = INWO_TALK_KIND(a), card = (int)(a & INWO_CARD_BITS), seat = (int)(a >> 9 & 7);
    char id[32];
    if (kind == TK_GIFT || kind == TK_TAKE)
        return gift_format(g, s, a, buf, n);
    if (kind == TK_WITHDRAW)
        return snprintf(buf, n, "withdraw") < (int)n ? TT_OK : TT_EARG;
    if (kind == TK_OFFER || (kind == TK_ASK && !(a & INWO_ASK_DEF))) {
        if (card >= ncards(s))
            return TT_EARG;
        inwo_instance_text(c, card, id, sizeof id);
        return snprintf(buf, n, "%s %s", verbs[kind], id) < (int)n ? TT_OK : TT_EARG;
    }
    if (kind == TK_ASK)
        return (a & 0xFF) < (unsigned)c->ndefs &&
                       snprintf(buf, n, "ask %s", c->def[a & 0xFF].id) < (int)n
                   ? TT_OK
                   : TT_EARG;
    if (seat >= s->nplayers)
        return TT_EARG;
    size_t at = (size_t)snprintf(buf, n, "%s %c", verbs[kind], 'A' + seat);
    const inwo_offer *o = kind == TK_ACCEPT ? &s->pl[seat].offer : NULL;
    int cards[3];
    if (o && o->kind == OF_TRADE) {
        answer_cards(c, s, o, a, cards);
        for (int k = 0, first = 1; k < o->nask && at < n; k++)
            if ((o->ask[k] & ASK_DEF) && cards[k] >= 0) {
                inwo_instance_text(c, cards[k], id, sizeof id);
                at += (size_t)snprintf(buf + at, n - at, "%s%s", first ? " give=" : ",", id);
                first = 0;
            }
    }
    return at < n ? TT_OK : TT_EARG;
}

/* accept A [give=C:PL41#1,…]: each named card is the copy of its card_id
 * that the answer hands over, in the order of the asks by card_id. */
static int parse_accept(const tt_game *g, const inwo_state *s, int seat, const char *gives,
                        tt_action *out, tt_error *err)
{
    const inwo_content *c = g->content;
    const inwo_offer *o = &s->pl[seat].offer;
    tt_action a = INWO_TALK(TK_ACCEPT, (unsigned)seat << 9);
    char list[160], *save = NULL;
    snprintf(list, sizeof list, "%s", gives);
    char *tok = strtok_r(list, ",", &save);
    for (int k = 0, h = 0; o->kind == OF_TRADE && k < o->nask; k++) {
        if (!(o->ask[k] & ASK_DEF))
            continue;
        int card = tok ? inwo_instance_parse(c, tok) : -1, copy = 0;
        for (int j = 1; card >= 0 && j < 16 && !copy; j++)
            copy = hidden_copy(c, s, o->to, o->ask[k] & 0xFF, j) == card ? j : 0;
        if (!copy)
            return tt_fail(err, TT_EPARSE, "INWO-5.6.2",
                           "accept %c give=<card>,…: a hidden %s of your hand for each card asked "
                           "by card_id, in their order",
                           'A' + seat, c->def[o->ask[k] & 0xFF].id);
        a |= (tt_action)copy << (12 + 4 * h++);
        tok = strtok_r(NULL, ",", &save);
    }
    if (tok && o->kind == OF_TRADE)
        return tt_fail(err, TT_EPARSE, "INWO-5.6.2", "'%s': more cards than asked by card_id", tok);
    *out = a;
    return TT_OK;
}

static int trade_parse(const tt_game *g, const inwo_state *s, int kind, const char *text,
                       tt_action *out, tt_error *err)
{
    const inwo_content *c = g->content;
    char verb[16] = "", w[160] = "", more[160] = "", extra[4];
    int nw = sscanf(text, "%15s %159s %159s %3s", verb, w, more, extra);
    if (kind == TK_WITHDRAW) {
        if (nw != 1)
            return tt_fail(err, TT_EPARSE, "INWO-5.0.7", "'withdraw' takes no argument");
        *out = INWO_TALK(TK_WITHDRAW, 0);
        return TT_OK;
    }
    if (kind == TK_OFFER || kind == TK_ASK) {
        int card = inwo_instance_parse(c, w), def = card < 0 ? inwo_find_def(c, w) : -1;
        if (nw != 2 || card >= ncards(s) || (card < 0 && (kind == TK_OFFER || def < 0)))
            return tt_fail(err, TT_EPARSE, "INWO-5.6.2", "%s <card>: name a card%s", verb,
                           kind == TK_ASK ? " (a hidden one by card_id)" : " instance");
        *out = INWO_TALK(kind, card >= 0 ? (unsigned)card : INWO_ASK_DEF | (unsigned)def);
        return TT_OK;
    }
    int seat = nw >= 2 ? seat_arg(s, strncasecmp(w, "with=", 5) == 0 ? w + 5 : w) : -1;
    if (seat < 0)
        return tt_fail(err, TT_EPARSE, "INWO-5.0.7", "%s <player>", verb);
    if (kind == TK_ACCEPT && nw == 3 && strncasecmp(more, "give=", 5) == 0)
        return parse_accept(g, s, seat, more + 5, out, err);
    if (nw != 2)
        return tt_fail(err, TT_EPARSE, "INWO-5.0.7", "'%s %s' takes nothing more", verb, w);
    if (kind == TK_ACCEPT)
        return parse_accept(g, s, seat, "", out, err);
    *out = INWO_TALK(kind, (unsigned)seat << 9);
    return TT_OK;
}

/* `trade with=C give=a,b ask=x`: its atoms, one a line (the caller applies
 * them together); 1 for any other text. */
int inwo_talk_expand(const char *text, char *atoms, size_t n)
{
    if (strncasecmp(text, "trade ", 6) != 0)
        return 1;
    char buf[512], *save = NULL, with[16] = "";
    size_t at = 0;
    snprintf(buf, sizeof buf, "%s", text + 6);
    char *parts[16];
    int np = 0;
    for (char *w = strtok_r(buf, " ", &save); w && np < 16; w = strtok_r(NULL, " ", &save))
        parts[np++] = w;
    for (int i = 0; i < np; i++) /* `with` first, whatever the order typed */
        if (strncasecmp(parts[i], "with=", 5) == 0)
            snprintf(with, sizeof with, "%s", parts[i] + 5);
    at += (size_t)snprintf(atoms, n, "trade %s\n", *with ? with : parts[0]);
    for (int i = 0; i < np && at < n; i++) {
        char *eq = strchr(parts[i], '='), *save2 = NULL;
        if (!eq || strncasecmp(parts[i], "with=", 5) == 0)
            continue;
        *eq = 0;
        for (char *v = strtok_r(eq + 1, ",", &save2); v && at < n; v = strtok_r(NULL, ",", &save2))
            at += (size_t)snprintf(atoms + at, n - at, "%s %s\n", parts[i], v);
    }
    return at < n ? TT_OK : 1;
}

/* A card of the offer's giving side: p's hand card or Resource, once. */
static int chk_offer_card(const tt_game *g, const inwo_state *s, int p, int card,
                          const inwo_offer *o, tt_error *err)
{
    for (int k = 0; k < o->ngive; k++)
        if (o->give[k] == card)
            return TT_REFUSE("INWO-5.6.2", NULL, "that card is in the offer already");
    if (s->card[card].zone == Z_RESOURCE && s->card[card].holder == p)
        return chk_give_resource(s, p, card, o->to, err);
    return chk_give_hand(g, s, p, card, o->to, err);
}

static int chk_ask(const inwo_state *s, tt_action a, const inwo_offer *o, tt_error *err)
{
    if (a & INWO_ASK_DEF)
        return TT_OK; /* he cannot see whether the card is there (INWO-5.6.2) */
    int card = (int)(a & INWO_CARD_BITS);
    const inwo_card *v = &s->card[card];
    if (v->holder != o->to ||
        !(v->zone == Z_RESOURCE || (v->zone == Z_HAND && (v->flags & INWO_F_EXPOSED))))
        return TT_REFUSE("INWO-5.6.2", NULL,
                         "ask for a hidden card by card_id, an exposed Plot or a Resource of %c "
                         "by instance",
                         'A' + o->to);
    for (int k = 0; k < o->nask; k++)
        if (o->ask[k] == card)
            return TT_REFUSE("INWO-5.6.2", NULL, "that card is asked for already");
    return TT_OK;
}

/* Both sides of the offer from `from` answered by p with a. */
static int chk_accept(const tt_game *g, const inwo_state *s, int p, int from, tt_action a,
                      tt_error *err)
{
    const inwo_offer *o = offer_to(s, from, p);
    if (!o)
        return TT_REFUSE("INWO-5.6.2", NULL, "no open trade offer from %c to you", 'A' + from);
    if (!o->ngive && !o->nask)
        return TT_REFUSE("INWO-5.6.2", NULL, "the offer names no card");
    int rc = TT_OK, mine[3];
    answer_cards(g->content, s, o, a, mine);
    for (int k = 0; k < o->ngive && rc == TT_OK; k++) {
        int card = o->give[k];
        rc = s->card[card].zone == Z_RESOURCE && s->card[card].holder == from
                 ? chk_give_resource(s, from, card, p, err)
                 : chk_give_hand(g, s, from, card, p, err);
    }
    for (int k = 0; k < o->nask && rc == TT_OK; k++) {
        if (mine[k] < 0)
            return TT_REFUSE("INWO-5.6.2", NULL, "name the card you hand over for %s (give=…)",
                             ((const inwo_content *)g->content)->def[o->ask[k] & 0xFF].id);
        rc = s->card[mine[k]].zone == Z_RESOURCE && s->card[mine[k]].holder == p
                 ? chk_give_resource(s, p, mine[k], from, err)
                 : chk_give_hand(g, s, p, mine[k], from, err);
    }
    return rc;
}

static int chk_trade(const tt_game *g, const inwo_state *s, int p, tt_action a, tt_error *err)
{
    int kind = INWO_TALK_KIND(a), q = (int)(a >> 9 & 7);
    const inwo_offer *own = &s->pl[p].offer;
    switch (kind) {
    case TK_TRADE:
        if (own->kind)
            return TT_REFUSE("INWO-5.0.7", NULL, "you have an open offer: withdraw it first");
        return chk_recipient(s, p, q, err);
    case TK_OFFER:
    case TK_ASK:
        if (own->kind != OF_TRADE)
            return TT_REFUSE("INWO-5.6.2", NULL, "no trade offer of yours is open: trade <player>");
        if ((kind == TK_OFFER ? own->ngive : own->nask) == 3)
            return TT_REFUSE("INWO-5.6.2", NULL, "more than 3 cards on one side");
        return kind == TK_OFFER ? chk_offer_card(g, s, p, (int)(a & INWO_CARD_BITS), own, err)
                                : chk_ask(s, a, own, err);
    case TK_ACCEPT: return chk_accept(g, s, p, q, a, err);
    case TK_GIFT: return chk_gift(g, s, p, a, err);
    case TK_TAKE: return chk_take(g, s, p, a, err);
    case TK_DECLINE:
        return offer_to(s, q, p) || (s->pl[q].offer.kind == OF_GIFT && s->pl[q].offer.to == p)
                   ? TT_OK
                   : TT_REFUSE("INWO-5.0.7", NULL, "no open offer from %c to you", 'A' + q);
    default: return own->kind ? TT_OK : TT_REFUSE("INWO-5.0.7", NULL, "you have no open offer");
    }
}

static void accept_trade(const tt_game *g, inwo_state *s, int p, int from, tt_action a,
                         tt_events *ev)
{
    inwo_offer o = s->pl[from].offer;
    int mine[3];
    answer_cards(g->content, s, &o, a, mine);
    for (int k = 0; k < o.ngive; k++) /* both sides move at once (INWO-5.6.2) */
        hand_over(g, s, from, o.give[k], p, ev);
    for (int k = 0; k < o.nask; k++)
        hand_over(g, s, p, mine[k], from, ev);
    memset(&s->pl[from].offer, 0, sizeof s->pl[from].offer);
    maybe_dispose(g, s, p);
    maybe_dispose(g, s, from);
}

static void apply_trade(const tt_game *g, inwo_state *s, int p, tt_action a, tt_events *ev)
{
    int kind = INWO_TALK_KIND(a), q = (int)(a >> 9 & 7), card = (int)(a & INWO_CARD_BITS);
    inwo_offer *own = &s->pl[p].offer;
    switch (kind) {
    case TK_TRADE: *own = (inwo_offer){.kind = OF_TRADE, .to = (uint8_t)q}; break;
    case TK_OFFER:
        own->give[own->ngive++] = (uint16_t)card;
        s->card[card].seen_by |= (uint8_t)(1u << own->to); /* he heard it named */
        break;
    case TK_ASK:
        own->ask[own->nask++] =
            (uint16_t)(a & INWO_ASK_DEF ? ASK_DEF | (a & 0xFF) : (unsigned)card);
        break;
    case TK_ACCEPT: accept_trade(g, s, p, q, a, ev); break;
    case TK_GIFT:
        *own = (inwo_offer){.kind = OF_GIFT, .to = (uint8_t)q, .give = {(uint16_t)card}};
        own->pay = (uint16_t)(a >> 12 & INWO_CARD_BITS);
        break;
    case TK_TAKE: take_gift(s, p, a, ev); break;
    case TK_DECLINE: memset(&s->pl[q].offer, 0, sizeof s->pl[q].offer); break;
    default: memset(own, 0, sizeof *own); break;
    }
}

void inwo_talk_lapse(inwo_state *s)
{
    for (int p = 0; p < s->nplayers; p++)
        s->pl[p].offer.kind = OF_NONE;
}

/* --- narration ----------------------------------------------------------------------------- */

int inwo_talk_event_text(const tt_game *g, const tt_event *ev, int viewer, char *buf, size_t n)
{
    char id[32];
    int p = 'A' + ev->player, seen = tt_seen_by(ev->seen, viewer);
    inwo_instance_text(g->content, ev->a, id, sizeof id);
    const char *what = seen ? id : "a hidden card";
    switch (ev->type) {
    case INWO_EV_GIVE: return snprintf(buf, n, "%c gives %s to %c", p, what, 'A' + ev->b);
    case INWO_EV_SHOW: return snprintf(buf, n, "%c shows %s to %c", p, what, 'A' + ev->b);
    case INWO_EV_EXPOSE: return snprintf(buf, n, "%c exposes %s", p, id);
    case INWO_EV_UNTOKEN:
        return snprintf(buf, n, "%c removes a token from %s (%d left)", p, id, ev->b);
    default:
        if (n)
            buf[0] = 0;
        return 0;
    }
}
