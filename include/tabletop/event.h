/* tabletop — events: what an apply did, for logs and front ends.
 *
 * The caller owns the buffer; apply appends and stops silently when it is full
 * (n counts what was kept, dropped what was not). Pass NULL events in playouts. */
#ifndef TABLETOP_EVENT_H
#define TABLETOP_EVENT_H

#include <stddef.h>
#include <stdint.h>

typedef struct tt_event {
    uint16_t type;    /* game-specific code */
    uint8_t player;   /* the player it concerns */
    uint8_t secret;   /* 1: only `player` may see its card identities */
    int16_t a, b, c, d; /* game-specific arguments */
} tt_event;

typedef struct tt_events {
    tt_event *ev;
    int n, cap;
    int dropped;
} tt_events;

struct tt_game;
/* Narrates one event as `viewer` may see it (-2 spectator, -3 everything),
 * into buf; returns the length, 0 for events that have nothing to say. */
int tt_event_text(const struct tt_game *game, const tt_event *ev, int viewer,
                  char *buf, size_t n);

#endif
