/* INWO's sanity checker: the invariants of the flat state (inwo.h), which
 * tests and debug builds check after every apply. Every instance lies in
 * exactly one place: once in its pile when its zone is a pile, on exactly
 * one node of its holder's structure when it is in play; nodes keep to
 * their grid (INWO-2.11, 2.15.2 (d)) and cells are never shared (INWO-2.11.6);
 * a card in a face-up place is seen by every seat and a hand card by its
 * holder (INWO-7.10). Not on the playout path. */
#include <stdio.h>
#include <string.h>

#include "core/errors.h"
#include "games/inwo/inwo.h"

static int bad(tt_error *err, const char *what, int i)
{
    return tt_fail(err, TT_ESTATE, NULL, "inwo: broken state: %s (%d)", what, i);
}

/* Every pile card lies where its record says, once. */
static int check_piles(const inwo_state *s, tt_error *err)
{
    int ncards = s->nplayers * INWO_DECK_CARDS;
    uint8_t times[INWO_MAX_CARDS] = {0};
    for (int p = 0; p < s->nplayers; p++)
        for (int z = 0; z < INWO_NPILES; z++) {
            int n;
            const uint16_t *pile = inwo_pile(s, p, z, &n);
            if (z == Z_HAND && n > INWO_HAND_MAX)
                return bad(err, "a hand past its cap", p);
            for (int i = 0; i < n; i++) {
                if (pile[i] >= ncards || s->card[pile[i]].zone != z || s->card[pile[i]].holder != p)
                    return bad(err, "a pile card whose record names another place", pile[i]);
                times[pile[i]]++;
            }
        }
    for (int c = 0; c < ncards; c++)
        if ((s->card[c].zone < INWO_NPILES) != (times[c] == 1) || times[c] > 1)
            return bad(err, "a card not once in the pile of its zone", c);
    return TT_OK;
}

static int check_nodes(const inwo_state *s, tt_error *err)
{
    int used = 0, per_seat[INWO_MAX_PLAYERS] = {0};
    for (int k = 0; k < INWO_NODES_MAX; k++) {
        const inwo_node *v = &s->node[k];
        if (v->card == INWO_NONE)
            continue;
        int seat = INWO_SEAT(v->geo);
        used++;
        if (seat >= s->nplayers || ++per_seat[seat] > INWO_STRUCT_MAX)
            return bad(err, "a structure past its cap", k);
        const inwo_card *c = &s->card[v->card];
        if (c->zone != Z_STRUCTURE || c->holder != seat || c->u.p.node != k)
            return bad(err, "a node whose card is elsewhere", k);
        if (v->x < INWO_GRID_MIN || v->x > INWO_GRID_MAX || v->y < INWO_GRID_MIN ||
            v->y > INWO_GRID_MAX)
            return bad(err, "a node off the grid", k);
        if (v->master != INWO_NO_NODE &&
            (s->node[v->master].card == INWO_NONE || INWO_SEAT(s->node[v->master].geo) != seat))
            return bad(err, "a node whose master is not in its structure", k);
        for (int j = 0; j < k; j++)
            if (s->node[j].card != INWO_NONE && INWO_SEAT(s->node[j].geo) == seat &&
                s->node[j].x == v->x && s->node[j].y == v->y)
                return bad(err, "two cards in one cell (INWO-2.11.6)", k);
    }
    if (used != s->nnodes)
        return bad(err, "nnodes is not the nodes in use", used);
    if (s->nodes_end > INWO_NODES_MAX ||
        (s->nodes_end && s->node[s->nodes_end - 1].card == INWO_NONE))
        return bad(err, "nodes_end is not one past the last node in use", s->nodes_end);
    for (int k = s->nodes_end; k < INWO_NODES_MAX; k++)
        if (s->node[k].card != INWO_NONE)
            return bad(err, "a node in use past nodes_end", k);
    return TT_OK;
}

/* INWO-7.10: face-up places are seen by all; a hand's holder sees it. */
static int check_seen(const inwo_state *s, tt_error *err)
{
    uint8_t all = (uint8_t)((1u << s->nplayers) - 1);
    for (int c = 0; c < s->nplayers * INWO_DECK_CARDS; c++) {
        const inwo_card *x = &s->card[c];
        int face_up = x->zone > Z_GROUP_DECK && x->zone != Z_HAND && x->zone != Z_REMOVED;
        if (face_up && x->seen_by != all)
            return bad(err, "a face-up card not seen by every seat", c);
        if (x->zone == Z_HAND && !(x->seen_by >> x->holder & 1))
            return bad(err, "a hand card its holder does not see", c);
        if (x->zone == Z_STRUCTURE && s->node[x->u.p.node].card != c)
            return bad(err, "a card in play off its node", c);
    }
    return TT_OK;
}

int inwo_sanity(const tt_game *g, const void *st, tt_error *err)
{
    const inwo_state *s = st;
    if (s->nplayers != g->nplayers)
        return bad(err, "the player count", s->nplayers);
    int rc = check_piles(s, err);
    if (!rc)
        rc = check_nodes(s, err);
    if (!rc)
        rc = check_seen(s, err);
    return rc;
}
