/* INWO's agents: a Group card played as agents in an attack on its copy
 * (`agents <card>`, `side aid|oppose`, INWO-5.13.1–5.13.3), the Illuminati
 * agent (`agent <card>`, 10.2.6) and the bonuses between factions of one
 * Illuminati (10.2.3).
 *
 * An agents card is an item attached to the attack (INWO-4.6.2) that no
 * cancel can name; it lies on the table until the attack is over. The
 * Illuminati agent is a root item: its cost is paid when it is announced,
 * and it joins its player's agents area when its round closes. On the
 * playout path: no allocation, no strings. */
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "games/inwo/inwo.h"

static int ncards(const inwo_state *s)
{
    return s->nplayers * INWO_DECK_CARDS;
}

static int def_of(const inwo_content *c, int card)
{
    return c->deck[inwo_owner(card)].def[card % INWO_DECK_CARDS];
}

/* The card_id of seat's Illuminati: his deck's first instance (INWO-5.0.3). */
static int illuminati_def(const inwo_content *c, int seat)
{
    return c->deck[seat].def[0];
}

/* --- agents cards in an attack (INWO-5.13) -------------------------------------------------- */

static int agents_played(const inwo_state *s, int k)
{
    for (int j = k + 1; j < s->nitems; j++)
        if (s->item[j].kind == H_AGENTS && s->item[j].parent == k)
            return 1;
    return 0;
}

/* `agents <card>` by the polled player, in the round of attack k. */
static int chk_head(const inwo_content *c, const inwo_state *s, int k, int card, tt_error *err)
{
    int p = s->to_move;
    if (s->decl.head || k < 0)
        return TT_REFUSE("INWO-5.13.1", NULL, "agents are played in an attack's round");
    const inwo_item *a = &s->item[k];
    int t = a->target, attacker = a->who & 7;
    if (card >= ncards(s) || s->card[card].zone != Z_HAND || s->card[card].holder != p ||
        def_of(c, card) != def_of(c, t))
        return TT_REFUSE("INWO-5.13.1", NULL, "play a copy of the target from your hand");
    if (s->card[t].holder == p) /* a pending target's holder is its attacker */
        return TT_REFUSE("INWO-10.1.2", NULL, "the group's own controller has no agents for it");
    if (s->pl[attacker].protected_ && p != attacker && p != s->card[t].holder)
        return TT_REFUSE("INWO-4.8.1", NULL, "%c has not completed his first turn", 'A' + attacker);
    if (agents_played(s, k))
        return TT_REFUSE("INWO-5.13.1", NULL, "one agents card per attack");
    if (s->nitems >= INWO_ITEMS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
    return TT_OK;
}

static int chk_side(const inwo_state *s, int side, tt_error *err)
{
    if (s->decl.head != H_AGENTS || s->decl.nans != 1)
        return TT_REFUSE("INWO-5.0.4", NULL, "no agents card is being played");
    int k = s->decl.ans[3], t = s->item[k].target;
    if (side == 0 && s->card[t].zone == Z_PENDING)
        return TT_REFUSE("INWO-5.13.2", NULL, "agents only defend a group attacked from hand");
    return side <= 1 ? TT_OK : TT_REFUSE("INWO-5.0.5", NULL, "side aid|oppose");
}

int inwo_agents_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err)
{
    if (INWO_HEAD(a) == H_SIDE)
        return chk_side(s, INWO_ARG(a), err);
    return chk_head(g->content, s, inwo_current_attack(s), INWO_ARG(a), err);
}

/* The heads `agents <card>` and `agent <card>` of the player to move: only
 * a copy of the target, only an Illuminati card, reach the checks. */
int inwo_agents_heads(const tt_game *g, const inwo_state *s, tt_action *out, int n)
{
    const inwo_content *c = g->content;
    int len, k = inwo_current_attack(s);
    const uint16_t *hand = inwo_pile(s, s->to_move, Z_HAND, &len);
    int t = k >= 0 ? def_of(c, s->item[k].target) : -1;
    for (int i = 0; i < len; i++) {
        int card = hand[i], head = H_NONE;
        if (def_of(c, card) == t && chk_head(c, s, k, card, NULL) == TT_OK)
            head = H_AGENTS;
        else if (inwo_def_of(c, card)->kind == INWO_ILLUMINATI &&
                 inwo_agent_check(g, s, card, NULL) == TT_OK)
            head = H_AGENT;
        if (head == H_NONE)
            continue;
        if (out)
            out[n] = INWO_A(head, card);
        n++;
    }
    return n;
}

int inwo_agents_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n)
{
    for (int side = 0; side < 2; side++)
        if (inwo_agents_check(g, s, INWO_A(H_SIDE, side), NULL) == TT_OK) {
            if (out)
                out[n] = INWO_A(H_SIDE, side);
            n++;
        }
    return n;
}

void inwo_agents_announce(const tt_game *g, inwo_state *s, tt_events *ev)
{
    (void)g;
    int card = s->decl.ans[0], side = s->decl.ans[1], k = s->decl.ans[3], p = s->decl.player;
    memset(&s->decl, 0, sizeof s->decl);
    inwo_plot_to_attack(s, card, p, k); /* face up on the table; the attacker commits */
    s->card[card].flags |= INWO_F_WAS_PUBLIC;
    int j = s->nitems++;
    s->item[j] = (inwo_item){H_AGENTS,   (uint8_t)p,    (uint16_t)card, s->item[k].target,
                             (uint8_t)k, (uint8_t)side, ++s->announced};
    tt_emit(ev, INWO_EV_ANNOUNCE, p, TT_SEEN_ALL, s->item[j].num, card, H_AGENTS, side);
    tt_round_play(&s->rounds[s->nrounds - 1]); /* INWO-4.6.3: polling restarts */
}

/* INWO-5.13.3: the attacker's own agents card aided the capture of t: it
 * takes t's place with all t's state; t goes to its owner's discard pile. */
void inwo_agents_capture(inwo_state *s, int k)
{
    const inwo_item *a = &s->item[k];
    int t = a->target, mine = -1;
    for (int j = k + 1; j < s->nitems; j++)
        if (s->item[j].kind == H_AGENTS && s->item[j].parent == k && !s->item[j].arg &&
            (s->item[j].who & 7) == (a->who & 7))
            mine = s->item[j].card;
    if (mine < 0 || s->card[t].zone != Z_STRUCTURE)
        return;
    inwo_lift(s, mine);
    inwo_card keep = s->card[t];
    s->card[mine] = keep;
    s->node[keep.u.p.node].card = (uint16_t)mine;
    for (int l = 0; l < s->nlinks; l++) {
        if (s->link[l].a == t)
            s->link[l].a = (uint16_t)mine;
        if (s->link[l].b == t)
            s->link[l].b = (uint16_t)mine;
    }
    for (int r = 0; r < s->nrecords; r++)
        if (INWO_REC_CARD(s->record[r]) == t)
            s->record[r] = (s->record[r] & ~(inwo_record)0x1FF) | (inwo_record)mine;
    s->card[t].zone = Z_REMOVED; /* not in a pile: put adds it to one */
    s->card[t].flags = INWO_F_WAS_PUBLIC;
    memset(&s->card[t].u, 0, sizeof s->card[t].u);
    s->card[t].u.p.node = INWO_NO_NODE;
    inwo_put(s, t, Z_DISCARD, inwo_owner(t));
}

/* --- the Illuminati agent (INWO-10.2.6) ----------------------------------------------------- */

/* Whether the player to move holds priority for a play (INWO-4.6.1, 5.0.4). */
static int holds_priority(const inwo_state *s)
{
    if (s->decl.head)
        return 0;
    if (s->nrounds)
        return s->point == PT_ROUND || s->point == PT_UPKEEP || s->point == PT_THWART;
    return s->point == PT_STEP1 || s->point == PT_STEP2 || s->point == PT_STEP3 ||
           s->point == PT_MAIN || s->point == PT_STEP6;
}

/* Whether a player other than p, still in the game, plays Illuminati def. */
static int rival_plays(const inwo_content *c, const inwo_state *s, int p, int def)
{
    for (int q = 0; q < s->nplayers; q++)
        if (q != p && !(s->head.eliminated >> q & 1) && illuminati_def(c, q) == def)
            return 1;
    return 0;
}

static int has_agent(const inwo_content *c, const inwo_state *s, int p, int def)
{
    for (int i = 0; i < ncards(s); i++)
        if (s->card[i].zone == Z_AGENTS && s->card[i].holder == p && def_of(c, i) == def)
            return 1;
    return 0;
}

int inwo_agent_check(const tt_game *g, const inwo_state *s, int card, tt_error *err)
{
    const inwo_content *c = g->content;
    int p = s->to_move;
    if (!holds_priority(s))
        return TT_REFUSE("INWO-10.2.6", NULL, "an agent is played holding priority");
    if (card >= ncards(s) || s->card[card].zone != Z_HAND || s->card[card].holder != p ||
        inwo_def_of(c, card)->kind != INWO_ILLUMINATI)
        return TT_REFUSE("INWO-10.2.6", NULL, "play an Illuminati card of your hand");
    int def = def_of(c, card);
    if (def == illuminati_def(c, p))
        return TT_REFUSE("INWO-10.2.6", NULL, "no agent of your own Illuminati");
    if (!rival_plays(c, s, p, def))
        return TT_REFUSE("INWO-10.2.6", NULL, "no rival plays %s", inwo_def_of(c, card)->id);
    if (has_agent(c, s, p, def))
        return TT_REFUSE("INWO-10.2.6", NULL, "you have an agent of %s already",
                         inwo_def_of(c, card)->id);
    if (s->nrounds >= INWO_ROUNDS_MAX || s->nitems >= INWO_ITEMS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
    return TT_OK;
}

/* Its cost, on announcement: the top card of each deck is discarded (an
 * empty deck gives nothing); the card lies face up while it is pending. */
void inwo_agent_pay(inwo_state *s, int card, tt_events *ev)
{
    int p = s->to_move;
    for (int deck = Z_PLOT_DECK; deck <= Z_GROUP_DECK; deck++)
        if (s->npile[p][deck]) {
            uint16_t top = inwo_pile_take(s, p, deck, s->npile[p][deck] - 1);
            inwo_put(s, top, Z_DISCARD, inwo_owner(top));
            tt_emit(ev, INWO_EV_DISCARD, p, TT_SEEN_ALL, top, 0, 0, 0);
        }
    inwo_lift(s, card);
    s->card[card].flags &= (uint8_t)~INWO_F_EXPOSED;
    inwo_put(s, card, Z_TABLE, p);
}

/* Checked again when it resolves (INWO-10.3.7): an agent no longer
 * playable goes back to its hand exposed (10.3.4). */
int inwo_agent_resolve(const tt_game *g, inwo_state *s, int k)
{
    const inwo_content *c = g->content;
    int p = s->item[k].who & 7, card = s->item[k].card, def = def_of(c, card);
    int ok = rival_plays(c, s, p, def) && !has_agent(c, s, p, def);
    inwo_lift(s, card);
    inwo_put(s, card, ok ? Z_AGENTS : Z_HAND, p);
    if (!ok)
        s->card[card].flags |= INWO_F_EXPOSED;
    return ok;
}

/* --- bonuses in an attack's strength ------------------------------------------------------- */

void inwo_agents_strength(const inwo_content *c, const inwo_state *s, int k, int *A, int *D)
{
    const inwo_item *a = &s->item[k];
    int p = a->who & 7, t = a->target;
    for (int j = k + 1; j < s->nitems; j++) /* INWO-5.13.1: +10 aiding, +6 opposing */
        if (s->item[j].kind == H_AGENTS && s->item[j].parent == k)
            *(s->item[j].arg ? D : A) += s->item[j].arg ? 6 : 10;
    if (s->card[t].zone != Z_STRUCTURE || s->card[t].holder == p)
        return;
    int q = s->card[t].holder;
    if (illuminati_def(c, q) == illuminati_def(c, p))
        *A += 5; /* INWO-10.2.3 */
    if (has_agent(c, s, p, illuminati_def(c, q)))
        *A += 3; /* INWO-10.2.6 */
    if (has_agent(c, s, q, illuminati_def(c, p)))
        *D += 3;
}
