/* tabletop — events: what an apply did, for logs and front ends.
 *
 * The caller owns the buffer; apply appends and stops silently when it is full
 * (n counts what was kept, dropped what was not). Pass NULL events in playouts. */
#ifndef TABLETOP_EVENT_H
#define TABLETOP_EVENT_H

#include <stddef.h>
#include <stdint.h>

/* Who sees a hidden fact: a bit per player. Spectators see only what every
 * player and every onlooker sees, TT_SEEN_ALL. */
typedef uint8_t tt_seen;
#define TT_SEEN_ALL ((tt_seen)0xFF)
#define TT_SEEN(player) ((tt_seen)(1u << (player)))

typedef struct tt_event {
    uint16_t type;      /* game-specific code */
    uint8_t player;     /* the player it concerns */
    tt_seen seen;       /* who may see its hidden details (card identities) */
    int16_t a, b, c, d; /* game-specific arguments */
} tt_event;

/* May `viewer` (a player, TT_VIEW_SPECTATOR -2 or TT_VIEW_ALL -3) see the
 * hidden details of facts seen by `seen`? */
static inline int tt_seen_by(tt_seen seen, int viewer)
{
    if (viewer == -3)
        return 1;
    if (viewer < 0)
        return seen == TT_SEEN_ALL;
    return (seen >> viewer) & 1;
}

typedef struct tt_events {
    tt_event *ev;
    int n, cap;
    int dropped;
} tt_events;

struct tt_game;
/* Narrates one event as `viewer` may see it (-2 spectator, -3 everything),
 * into buf; returns the length, 0 for events that have nothing to say. */
int tt_event_text(const struct tt_game *game, const tt_event *ev, int viewer, char *buf, size_t n);

#endif
