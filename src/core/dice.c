/* Dice pools and rigged faces (see dice.h). */
#include <stdio.h>
#include <string.h>

#include "core/dice.h"
#include "core/events.h"
#include "tabletop/error.h"

int tt_die(tt_rng *rng, tt_dice_rig *rig, int sides)
{
    if (rig->at < rig->n) {
        int face = rig->face[rig->at++];
        if (rig->at == rig->n)
            rig->at = rig->n = 0;
        return face;
    }
    return 1 + (int)tt_rng_below(rng, (uint32_t)sides);
}

int tt_d10_result(int face, int mod)
{
    if (face == 10)
        return 10; /* penalties do not touch it, and bonuses do not matter */
    if (face == 1 && mod > 0)
        return 1;
    return face + mod;
}

int tt_pool_d10(tt_rng *rng, tt_dice_rig *rig, int ndice, int ds, int mod, tt_pool_roll *out,
                tt_events *ev, int player)
{
    if (ndice < 0)
        ndice = 0;
    if (ndice > TT_POOL_MAX)
        ndice = TT_POOL_MAX;
    out->ndice = ndice;
    out->ds = ds;
    out->mod = mod;
    out->successes = 0;
    for (int i = 0; i < ndice; i++) {
        out->face[i] = (uint8_t)tt_die(rng, rig, 10);
        out->successes += tt_d10_result(out->face[i], mod) >= ds;
    }
    for (int i = 0; ev && i < ndice; i += 4)
        tt_emit(ev, TT_EV_FACES, player, TT_SEEN_ALL, out->face[i],
                i + 1 < ndice ? out->face[i + 1] : 0, i + 2 < ndice ? out->face[i + 2] : 0,
                i + 3 < ndice ? out->face[i + 3] : 0);
    tt_emit(ev, TT_EV_POOL, player, TT_SEEN_ALL, ndice, ds, mod, out->successes);
    return out->successes;
}

int tt_dice_rig_add(tt_dice_rig *rig, const int *faces, int n, int sides)
{
    if (n < 0 || rig->n - rig->at + n > TT_DICE_RIG_MAX)
        return TT_EARG;
    for (int i = 0; i < n; i++)
        if (faces[i] < 1 || faces[i] > sides)
            return TT_EARG;
    int left = rig->n - rig->at;
    memmove(rig->face, rig->face + rig->at, (size_t)left);
    rig->at = 0;
    rig->n = (uint8_t)left;
    for (int i = 0; i < n; i++)
        rig->face[rig->n++] = (uint8_t)faces[i];
    return TT_OK;
}

int tt_dice_event_text(const tt_event *ev, char *buf, size_t n)
{
    int k = 0;
    if (ev->type == TT_EV_FACES) {
        const int16_t f[4] = {ev->a, ev->b, ev->c, ev->d};
        for (int i = 0; i < 4 && f[i]; i++)
            k += snprintf(buf + k, (size_t)k < n ? n - (size_t)k : 0, "%s%d", i ? " " : "", f[i]);
        return k;
    }
    if (ev->type != TT_EV_POOL)
        return 0;
    if (ev->c)
        return snprintf(buf, n, "%d %s at DS %d, %+d each: %d success%s", ev->a,
                        ev->a == 1 ? "die" : "dice", ev->b, ev->c, ev->d, ev->d == 1 ? "" : "es");
    return snprintf(buf, n, "%d %s at DS %d: %d success%s", ev->a, ev->a == 1 ? "die" : "dice",
                    ev->b, ev->d, ev->d == 1 ? "" : "es");
}
