/* Tannhäuser movement: steps, stop circles, no stranding, routes (TAN-5.4, 5.6.3).
 *
 * A step is checked in the order of TAN-5.4.2 and answered with the first
 * reason it fails (enum tan_why); actions.c turns that into the error code.
 * The no-stranding search (TAN-5.4.6) runs inside legal(): it is a small
 * best-MP-left flood over (circle, standing-on-an-enemy) pairs with arrays on
 * the stack, no allocation. Routes for the `move <far circle>` shortcut are
 * found the same way and then replayed step by step through tan_step_why, so a
 * route is only ever a sequence of steps that are each legal. */
#include <string.h>

#include "core/events.h"
#include "games/tannhauser/tannhauser.h"

static int movable(const tan_content *c, int circle)
{
    int k = c->circle[circle].kind;
    return k == CK_PATH || k == CK_ENTRY;
}

/* TAN-5.4.6: from circle `at` with mp left (standing on an enemy with passage
 * when chain), can some stop circle be reached by legal steps? */
static int reaches_stop(const tan_look *L, int u, int at, int mp, int chain)
{
    const tan_content *c = L->c;
    int seat = tan_seat_of(u);
    int8_t best[TAN_MAX_CIRCLES][2];
    memset(best, -1, sizeof best[0] * (size_t)c->ncircles);
    uint16_t frontier[2 * TAN_MAX_CIRCLES];
    int n = 0;
    best[at][chain] = (int8_t)mp;
    frontier[n++] = (uint16_t)(at << 1 | chain);
    while (n) {
        int x = frontier[--n] >> 1, ch = frontier[n] & 1, m = best[x][ch];
        const uint8_t *nb = &c->adj[c->adj_first[x]];
        for (int i = 0; i < c->adj_n[x]; i++) {
            int y = nb[i], cost = c->circle[y].move_cost;
            if (!movable(c, y) || cost > m)
                continue;
            int enemy = tan_look_enemy(L, y, seat);
            if (enemy && !ch)
                continue;
            if (!enemy && tan_can_stop(L, u, y))
                return 1;
            if (best[y][enemy] < m - cost) {
                best[y][enemy] = (int8_t)(m - cost);
                frontier[n++] = (uint16_t)(y << 1 | enemy);
            }
        }
    }
    return 0;
}

int tan_step_why(const tan_look *L, int circle)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int seat = tan_seat_of(s->active);
    const tan_unit *un = &s->unit[s->active];
    if (un->status == ST_RESERVE ? circle != s->pl[seat].entry
                                 : !tan_adjacent(c, un->circle, circle))
        return un->status == ST_RESERVE ? WHY_NOT_OWN_ENTRY : WHY_NOT_ADJACENT;
    return tan_next_step_why(L, circle);
}

int tan_next_step_why(const tan_look *L, int circle)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active, seat = tan_seat_of(u);
    if (!movable(c, circle))
        return WHY_NOT_MOVABLE;
    int mp = tan_look_mp(L), cost = c->circle[circle].move_cost;
    if (cost > mp)
        return WHY_NO_MP;
    int enemy = tan_look_enemy(L, circle, seat);
    int passage =
        s->passage == PASS_CHAIN || (s->passage == PASS_ONTO && s->passage_circle == circle);
    if (enemy && !passage)
        return WHY_ENEMY_OCCUPIED;
    if (!(!enemy && tan_can_stop(L, u, circle)) && !reaches_stop(L, u, circle, mp - cost, enemy))
        return WHY_STRANDED;
    return WHY_OK;
}

void tan_step(const tan_content *c, tan_state *s, int circle, tt_events *ev)
{
    int u = s->active;
    int cost = c->circle[circle].move_cost;
    tan_place(s, u, circle);
    s->mp_spent = (uint8_t)(s->mp_spent + cost);
    /* TAN-5.6.3: passage goes on only along a chain of enemy-held circles */
    s->passage = tan_bit(s->on[1 - tan_seat_of(u)], circle) ? PASS_CHAIN : PASS_NONE;
    tt_emit(ev, EV_MOVE, tan_seat_of(u), TT_SEEN_ALL, TAN_EVU(s, u), circle, cost, 0);
}

/* The cheapest route: a Dijkstra over (circle, on-an-enemy) that also counts
 * the cheapest routes (up to 2), so an ambiguous shortcut can be refused. */
int tan_route(const tan_content *c, const tan_state *s, int target, uint8_t *out, int max)
{
    int u = s->active, seat = tan_seat_of(u);
    const tan_unit *un = &s->unit[u];
    int mp = tan_mp(c, s);
    int16_t cost[TAN_MAX_CIRCLES][2];
    int16_t from[TAN_MAX_CIRCLES][2];
    uint8_t done[TAN_MAX_CIRCLES][2], ways[TAN_MAX_CIRCLES][2];
    for (int i = 0; i < c->ncircles; i++)
        for (int k = 0; k < 2; k++)
            cost[i][k] = 0x7FFF, from[i][k] = -1, done[i][k] = 0, ways[i][k] = 0;
    int start, start_chain;
    if (un->status == ST_RESERVE) {
        start = s->pl[seat].entry;
        if (start == TAN_NONE || !movable(c, start))
            return 0;
        start_chain = tan_enemy_at(s, start, seat) >= 0;
        cost[start][start_chain] = c->circle[start].move_cost;
        from[start][start_chain] = -2; /* entered from reserve */
        ways[start][start_chain] = 1;
    } else {
        start = un->circle;
        start_chain = s->passage == PASS_CHAIN;
        cost[start][start_chain] = 0;
        ways[start][start_chain] = 1;
    }
    for (;;) {
        int x = -1, xc = 0;
        for (int i = 0; i < c->ncircles; i++)
            for (int k = 0; k < 2; k++)
                if (!done[i][k] && cost[i][k] != 0x7FFF && (x < 0 || cost[i][k] < cost[x][xc]))
                    x = i, xc = k;
        if (x < 0 || cost[x][xc] > mp)
            break;
        done[x][xc] = 1;
        const uint8_t *nb = &c->adj[c->adj_first[x]];
        for (int i = 0; i < c->adj_n[x]; i++) {
            int y = nb[i];
            if (!movable(c, y))
                continue;
            int enemy = tan_enemy_at(s, y, seat) >= 0;
            int first = x == start && from[x][xc] != -2 && xc == start_chain && cost[x][xc] == 0;
            int allowed = xc || (first && s->passage == PASS_ONTO && s->passage_circle == y);
            if (enemy && !allowed)
                continue;
            int k = cost[x][xc] + c->circle[y].move_cost;
            if (k < cost[y][enemy]) {
                cost[y][enemy] = (int16_t)k;
                from[y][enemy] = (int16_t)(x << 1 | xc);
                ways[y][enemy] = ways[x][xc];
            } else if (k == cost[y][enemy] && ways[y][enemy] < 2) {
                ways[y][enemy] =
                    (uint8_t)(ways[y][enemy] + ways[x][xc] > 2 ? 2 : ways[y][enemy] + ways[x][xc]);
            }
        }
    }
    if (cost[target][0] > mp || from[target][0] == -1)
        return 0;
    if (ways[target][0] > 1)
        return -1;
    uint8_t rev[64];
    int n = 0;
    for (int x = target, xc = 0; n < 64;) {
        rev[n++] = (uint8_t)x;
        int f = from[x][xc];
        if (f < 0) {
            if (f == -2 || x != start)
                break;
            n--; /* the start circle itself is no step */
            break;
        }
        x = f >> 1, xc = f & 1;
    }
    if (n > max)
        return 0;
    for (int i = 0; i < n; i++)
        out[i] = rev[n - 1 - i];
    return n;
}
