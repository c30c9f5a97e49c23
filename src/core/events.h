/* Appending events: a no-op when the caller passed no buffer (playouts). */
#ifndef TT_CORE_EVENTS_H
#define TT_CORE_EVENTS_H

#include "tabletop/event.h"

static inline void tt_emit(tt_events *ev, uint16_t type, int player, int secret, int a,
                           int b, int c, int d)
{
    if (!ev)
        return;
    if (ev->n >= ev->cap) {
        ev->dropped++;
        return;
    }
    ev->ev[ev->n++] = (tt_event){type, (uint8_t)player, (uint8_t)secret, (int16_t)a,
                                 (int16_t)b, (int16_t)c, (int16_t)d};
}

#endif
