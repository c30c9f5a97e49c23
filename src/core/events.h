/* Appending events: a no-op when the caller passed no buffer (playouts). */
#ifndef TT_CORE_EVENTS_H
#define TT_CORE_EVENTS_H

#include "tabletop/event.h"

/* Appends an event concerning `player` whose hidden details `seen` may see. */
static inline void tt_emit(tt_events *ev, uint16_t type, int player, tt_seen seen, int a, int b,
                           int c, int d)
{
    if (!ev)
        return;
    if (ev->n >= ev->cap) {
        ev->dropped++;
        return;
    }
    ev->ev[ev->n++] =
        (tt_event){type, (uint8_t)player, seen, (int16_t)a, (int16_t)b, (int16_t)c, (int16_t)d};
}

#endif
