/* Rigging INWO for tests and puzzles (the protocol's `rig`): what chance
 * would decide, fixed. Every seat's decks can be stacked, a hand chosen, and
 * the next dice set:
 *   rig p0_plot_deck PL16 A:PL03#1 …   those cards on top, the first named drawn first
 *   rig p0_group_deck G01 …            the same for the Group deck
 *   rig p0_hand PL16 G01 …             the hand becomes exactly those cards of his decks
 *   rig dice 6 5 …                     the next dice rolled (2d6 rolls two), at most 6
 * Only cards nobody has seen where they lie move (INWO-7.10): a rig never
 * contradicts what a player knows. Dice are set by seeding the state's
 * generator so that its next draws are those faces, so the state does not
 * grow for them (INWO-8.2: dice come from that generator). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/pile.h"
#include "games/inwo/inwo.h"

#define RIG_DICE_MAX 6

static int rig_seat(const char *w, int np)
{
    return w[0] == 'p' && w[1] >= '0' && w[1] < '0' + np && w[2] == '_' ? w[1] - '0' : -1;
}

static uint16_t *pile_of(inwo_state *s, int seat, int zone)
{
    return s->slot + tt_piles_start(&s->npile[0][0], seat * INWO_NPILES + zone);
}

/* The card named by tok (an instance, or a card_id: its topmost copy not
 * yet picked) among the unseen cards of seat's pile zone; -1 if none. */
static int find(const inwo_content *c, const inwo_state *s, int seat, int zone, const char *tok,
                const uint16_t *picked, int npicked)
{
    int n, inst = inwo_instance_parse(c, tok), def = inst < 0 ? inwo_find_def(c, tok) : -1;
    const uint16_t *pile = inwo_pile(s, seat, zone, &n);
    for (int i = n - 1; i >= 0; i--) {
        int k = pile[i];
        if ((inst >= 0 ? k != inst : c->deck[inwo_owner(k)].def[k % INWO_DECK_CARDS] != def) ||
            s->card[k].seen_by || tt_pile_find(picked, npicked, (uint16_t)k) >= 0)
            continue;
        return k;
    }
    return -1;
}

/* The cards values names, each from seat's Plot deck or Group deck (zone
 * -1: by its back), into picked; their number, or a refusal. */
static int pick(const inwo_content *c, const inwo_state *s, int seat, int zone, const char *values,
                uint16_t *picked, tt_error *err)
{
    char buf[1024], *save = NULL;
    int n = 0;
    snprintf(buf, sizeof buf, "%s", values);
    for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        int k = -1;
        for (int z = Z_PLOT_DECK; z <= Z_GROUP_DECK && k < 0; z++)
            if (zone < 0 || z == zone)
                k = find(c, s, seat, z, tok, picked, n);
        if (k < 0 || n == INWO_DECK_CARDS)
            return tt_fail(err, TT_EARG, NULL, "no (more) %s unseen in p%d's %s", tok, seat,
                           zone == Z_PLOT_DECK    ? "Plot deck"
                           : zone == Z_GROUP_DECK ? "Group deck"
                                                  : "decks");
        picked[n++] = (uint16_t)k;
    }
    if (!n)
        return tt_fail(err, TT_EARG, NULL, "name the cards: rig p0_plot_deck PL16 PL03");
    return n;
}

static int rig_deck(const inwo_content *c, inwo_state *s, int seat, int zone, const char *values,
                    tt_error *err)
{
    uint16_t picked[INWO_DECK_CARDS];
    int n = pick(c, s, seat, zone, values, picked, err);
    if (n < 0)
        return n;
    return tt_pile_stack_top(pile_of(s, seat, zone), s->npile[seat][zone], picked, n) == 0
               ? TT_OK
               : tt_fail(err, TT_EARG, NULL, "a card is named twice");
}

/* The hand goes back to the top of its decks, unseen, then the named cards
 * are drawn from them. Only a hand of his own cards nobody else knows. */
static int rig_hand(const inwo_content *c, inwo_state *s, int seat, const char *values,
                    tt_error *err)
{
    int n;
    const uint16_t *hand = inwo_pile(s, seat, Z_HAND, &n);
    for (int i = 0; i < n; i++)
        if (inwo_owner(hand[i]) != seat || s->card[hand[i]].seen_by != 1u << seat)
            return tt_fail(err, TT_EARG, NULL,
                           "p%d's hand holds a card another player knows or owns", seat);
    inwo_state *t = malloc(inwo_state_size(s->nplayers));
    if (!t)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    memcpy(t, s, inwo_state_size(s->nplayers));
    while (t->npile[seat][Z_HAND]) {
        int card = inwo_pile_take(t, seat, Z_HAND, t->npile[seat][Z_HAND] - 1);
        inwo_pile_push(t, seat, inwo_plot_back(inwo_def_of(c, card)) ? Z_PLOT_DECK : Z_GROUP_DECK,
                       (uint16_t)card);
        t->card[card].seen_by = 0;
    }
    uint16_t picked[INWO_DECK_CARDS];
    int rc = pick(c, t, seat, -1, values, picked, err);
    for (int i = 0; i < rc; i++) {
        int card = picked[i], zone = t->card[card].zone, len;
        const uint16_t *deck = inwo_pile(t, seat, zone, &len);
        inwo_pile_take(t, seat, zone, tt_pile_find(deck, len, (uint16_t)card));
        inwo_pile_push(t, seat, Z_HAND, (uint16_t)card);
        t->card[card].seen_by = (uint8_t)(1u << seat);
    }
    if (rc > 0)
        memcpy(s, t, inwo_state_size(s->nplayers));
    free(t);
    return rc < 0 ? rc : TT_OK;
}

/* Seeds the generator so that its next draws are these faces. */
static int rig_dice(inwo_state *s, const char *values, tt_error *err)
{
    int face[RIG_DICE_MAX], n = 0;
    for (const char *p = values; *p;) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || (*end && *end != ' ') || v < 1 || v > 6)
            return tt_fail(err, TT_EARG, "INWO-8.3", "a die is 1..6, not '%.*s'",
                           (int)strcspn(p, " "), p);
        if (n == RIG_DICE_MAX)
            return tt_fail(err, TT_EARG, NULL, "at most %d dice at a time", RIG_DICE_MAX);
        face[n++] = (int)v;
        for (p = end; *p == ' ';)
            p++;
    }
    if (!n)
        return tt_fail(err, TT_EARG, NULL, "rig dice needs faces: rig dice 6 5");
    for (uint64_t seed = s->head.rng.s[0] | 1;; seed++) { /* about 6^n tries */
        tt_rng r, keep;
        tt_rng_seed(&r, seed);
        keep = r;
        int k = 0;
        while (k < n && 1 + (int)tt_rng_below(&r, 6) == face[k])
            k++;
        if (k == n) {
            s->head.rng = keep;
            return TT_OK;
        }
    }
}

int inwo_rig(const tt_game *g, void *st, const char *what, const char *values, tt_error *err)
{
    const inwo_content *c = g->content;
    inwo_state *s = st;
    if (s->head.over)
        return tt_fail(err, TT_ESTATE, NULL, "the game is over");
    int p = rig_seat(what, s->nplayers);
    if (p >= 0 && strcmp(what + 3, "plot_deck") == 0)
        return rig_deck(c, s, p, Z_PLOT_DECK, values, err);
    if (p >= 0 && strcmp(what + 3, "group_deck") == 0)
        return rig_deck(c, s, p, Z_GROUP_DECK, values, err);
    if (p >= 0 && strcmp(what + 3, "hand") == 0)
        return rig_hand(c, s, p, values, err);
    if (strcmp(what, "dice") == 0)
        return rig_dice(s, values, err);
    return tt_fail(err, TT_EARG, NULL,
                   "cannot rig '%s' (p<n>_plot_deck, p<n>_group_deck, p<n>_hand, dice)", what);
}
