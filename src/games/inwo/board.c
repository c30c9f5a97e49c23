/* INWO's table: where a card lies and how it gets there. Structure nodes
 * (INWO-2.11), the unordered zones, links (INWO-2.12.2) and change records
 * (INWO-2.14.6), each added or removed in one place so that the invariants
 * the sanity checker reads (inwo.h) hold after every call.
 *
 * Every function here is on the playout path: no allocation, no strings.
 * Caps are the callers' to check (INWO-2.15.2 refuses before any change);
 * these functions assert them. */
#include <assert.h>
#include <string.h>

#include "core/pile.h"
#include "games/inwo/inwo.h"

static int new_node(const inwo_state *s)
{
    for (int i = 0; i < INWO_NODES_MAX; i++)
        if (s->node[i].card == INWO_NONE)
            return i;
    return -1;
}

static const int dx[4] = {0, 1, 0, -1}, dy[4] = {1, 0, -1, 0};

int inwo_arrow_cell(const inwo_state *s, int master, int side, int *x, int *y)
{
    const inwo_node *m = &s->node[master];
    int d = (side + INWO_ROT(m->geo)) & 3; /* INWO-2.11.4: the world direction */
    *x = m->x + dx[d];
    *y = m->y + dy[d];
    return d;
}

int inwo_cell_node(const inwo_state *s, int seat, int x, int y)
{
    /* the cell first, as it rejects most nodes; x and y side by side are
     * compared as one 16-bit word, the scan's whole cost per node */
    const int8_t xy[2] = {(int8_t)x, (int8_t)y};
    uint16_t cell, at;
    memcpy(&cell, xy, sizeof cell);
    for (int k = 0; k < s->nodes_end; k++) {
        const inwo_node *v = &s->node[k];
        memcpy(&at, &v->x, sizeof at);
        if (at == cell && v->card != INWO_NONE && INWO_SEAT(v->geo) == seat)
            return k;
    }
    return -1;
}

int inwo_place(const inwo_content *c, inwo_state *s, int seat, int card, int master, int side)
{
    int k = new_node(s), x, y;
    assert(k >= 0);
    int d = inwo_arrow_cell(s, master, side, &x, &y);
    int rot = ((d + 2) - inwo_def_of(c, card)->arrow_in + 8) & 3; /* turn(in, rot) = opp(d) */
    s->node[k] = (inwo_node){(uint16_t)card, (int8_t)x, (int8_t)y, (uint8_t)master,
                             INWO_GEO(rot, side, seat)};
    s->nnodes++;
    if (k >= s->nodes_end)
        s->nodes_end = (uint8_t)(k + 1);
    inwo_card *v = &s->card[card];
    v->zone = Z_STRUCTURE;
    v->holder = (uint8_t)seat;
    v->seen_by = (uint8_t)((1u << s->nplayers) - 1);
    v->flags |= INWO_F_WAS_PUBLIC;
    v->u.p.node = (uint8_t)k;
    return k;
}

void inwo_lift(inwo_state *s, int card)
{
    inwo_card *v = &s->card[card];
    if (v->zone < INWO_NPILES) {
        int n;
        const uint16_t *pile = inwo_pile(s, v->holder, v->zone, &n);
        inwo_pile_take(s, v->holder, v->zone, tt_pile_find(pile, n, (uint16_t)card));
    } else if (v->zone == Z_STRUCTURE) {
        s->node[v->u.p.node] = (inwo_node){INWO_NONE, 0, 0, INWO_NO_NODE, 0};
        s->nnodes--;
        while (s->nodes_end && s->node[s->nodes_end - 1].card == INWO_NONE)
            s->nodes_end--;
    }
    memset(&v->u, 0, sizeof v->u);
    v->u.p.node = INWO_NO_NODE;
}

void inwo_put(inwo_state *s, int card, int zone, int seat)
{
    inwo_card *v = &s->card[card];
    if (zone < INWO_NPILES) {
        inwo_pile_push(s, seat, zone, (uint16_t)card);
    } else {
        v->zone = (uint8_t)zone;
        v->holder = (uint8_t)seat;
    }
    if (zone > Z_HAND) /* INWO-7.10: a face-up place */
        v->seen_by = (uint8_t)((1u << s->nplayers) - 1);
    else if (zone == Z_HAND)
        v->seen_by |= (uint8_t)(1u << seat);
}

int inwo_link_add(inwo_state *s, int a, int b, int kind, int permanent)
{
    assert(s->nlinks < INWO_LINKS_MAX);
    int k = s->nlinks++;
    s->link[k] = (inwo_link){(uint16_t)a, (uint16_t)b,
                             (uint8_t)(kind | permanent << 2 | LS_ACTIVE << 4), 0, ++s->clock};
    return k;
}

void inwo_link_remove(inwo_state *s, int k)
{
    s->link[k] = s->link[--s->nlinks]; /* links have no order: timestamps date them */
}

int inwo_link_of(const inwo_state *s, int a)
{
    for (int k = 0; k < s->nlinks; k++)
        if (s->link[k].a == a)
            return k;
    return -1;
}

void inwo_record_add(inwo_state *s, int card, int align, int remove, int turn, int plot)
{
    assert(s->nrecords < INWO_RECORDS_MAX);
    /* the clock only grows, so appending keeps record[] in timestamp order */
    s->record[s->nrecords++] = INWO_REC(card, align, remove, turn, plot, ++s->clock);
}

void inwo_records_expire(inwo_state *s)
{
    int n = 0;
    for (int i = 0; i < s->nrecords; i++)
        if (!INWO_REC_TURN(s->record[i]))
            s->record[n++] = s->record[i];
    s->nrecords = (uint16_t)n;
}

void inwo_links_update(const inwo_content *c, inwo_state *s)
{
    /* a status read by another link's check (a SET_ALIGN Plot's) settles in
     * the second pass: the sample's chains are one link long. A pass that
     * changes nothing leaves the state as it was, so another would too. */
    for (int pass = 0; pass < 2; pass++) {
        int changed = 0;
        for (int k = 0; k < s->nlinks; k++) {
            uint8_t what = (uint8_t)((s->link[k].what & 0x0F) | inwo_link_status(c, s, k) << 4);
            changed |= what != s->link[k].what;
            s->link[k].what = what;
        }
        if (!changed)
            break;
    }
}
