/* Invaders narration: one readable line per event, as a viewer may see it.
 *
 * Drawn cards are named only to their drawer (INV-6.4); everything else in the
 * events is public. Used by logs, `play`, `replay` and the protocol; never in
 * playouts. */
#include <stdio.h>
#include <string.h>

#include "games/invaders/invaders.h"

/* A side as the subject of a sentence: "The Invader draws", "Mankind draws". */
static const char *side_title(int side)
{
    return side == INV_INVADER ? "The Invader" : "Mankind";
}

/* A side as a label ("== Turn 3: Invader (plot 9) =="). */
static const char *side_label(int side)
{
    return side == INV_INVADER ? "Invader" : "Mankind";
}

static const char *card_name(const inv_content *c, int inst)
{
    return inst >= 0 && inst < c->ninst ? inv_def(c, inst)->name : "?";
}

static const char *zone_name(const inv_content *c, int z)
{
    return z >= 0 && z < INV_NZ ? c->zone_name[z] : "?";
}

static int cost_text(char *buf, size_t n, int discard, int drain)
{
    if (!discard && !drain)
        return snprintf(buf, n, "free");
    if (discard && drain)
        return snprintf(buf, n, "discard %d, drain %d", discard, drain);
    return snprintf(buf, n, "%s %d", discard ? "discard" : "drain", discard ? discard : drain);
}

static int attack_text(const inv_content *c, const tt_event *e, char *buf, size_t n)
{
    if (e->player == INV_MANKIND)
        return snprintf(buf, n, "Counter-attack in %s: Mankind %d vs Invader %d%s",
                        zone_name(c, e->a), e->b, e->c,
                        e->d ? " -> the Invader drains" : " -> no effect");
    if (e->d < 0)
        return snprintf(buf, n, "Attack on %s: A %d vs D %d -> shielded, no drain",
                        zone_name(c, e->a), e->b, e->c);
    if (e->d == 0)
        return snprintf(buf, n, "Attack on %s: A %d vs D %d -> held", zone_name(c, e->a), e->b,
                        e->c);
    return snprintf(buf, n, "Attack on %s: A %d vs D %d -> Mankind drains %d", zone_name(c, e->a),
                    e->b, e->c, e->d);
}

static int play_text(const inv_content *c, const tt_event *e, char *buf, size_t n)
{
    char cost[40];
    cost_text(cost, sizeof cost, e->b, e->c);
    const char *verb = e->type == E_PLAY ? "plays" : "answers with";
    return snprintf(buf, n, "%s %s %s (%s)%s", side_title(e->player), verb, card_name(c, e->a),
                    cost, e->type == E_CANCEL ? " to cancel" : "");
}

int inv_choice_text(const inv_content *c, int need, int value, int zone, char *buf, size_t n)
{
    int card = need == N_SACRIFICE || need == N_TARGET || need == N_ESAC;
    const char *what = need == N_TARGET ? "target"
                       : card           ? "sacrifice"
                       : need == N_DEST ? "destination"
                                        : "zone";
    if (value == INV_NONE)
        return snprintf(buf, n, "no legal %s", what);
    if (!card)
        return snprintf(buf, n, "%s %s", what, zone_name(c, value));
    char id[64] = "?";
    if (value < c->ninst)
        inv_inst_name(c, value, id, sizeof id);
    if (zone < INV_NZ)
        return snprintf(buf, n, "%s %s (%s) in %s", what, card_name(c, value), id,
                        zone_name(c, zone));
    return snprintf(buf, n, "%s %s (%s)", what, card_name(c, value), id);
}

/* INV-5.26a: a choice is declared for both players to see. */
static int choice_event_text(const inv_content *c, const tt_event *e, char *buf, size_t n)
{
    int k = snprintf(buf, n, "  %s declares ", side_title(e->player));
    if (k < 0 || (size_t)k >= n)
        return k;
    return k + inv_choice_text(c, e->a, e->b, e->c, buf + k, n - (size_t)k);
}

/* Why the game ended; the front end states the result itself. */
static int end_text(const tt_event *e, char *buf, size_t n)
{
    switch (e->a) {
    case R_PLOT_ZERO: return snprintf(buf, n, "The plot marker reaches 0: the invasion fails");
    case R_INVADER_DECK_OUT:
        return snprintf(buf, n, "The Invader must draw or drain from an empty deck");
    case R_MANKIND_DECK_OUT:
        return snprintf(buf, n, "Mankind must draw or drain from an empty deck");
    case R_HEROES_EXHAUSTED: return snprintf(buf, n, "The last Hero of the Resistance has fallen");
    case R_ZONES_COLLAPSED:
        return snprintf(buf, n, "The resistance collapses: key zones are at power 0");
    case R_CARD_WIN:
        return snprintf(buf, n, "%s fulfils a card's victory condition", side_title(e->player));
    case R_SIMULTANEOUS:
        return snprintf(buf, n, "Both sides lose at once: Mankind prevails (INV-8.3)");
    case R_CONCEDED: return snprintf(buf, n, "%s concedes", side_title(1 - e->player));
    default: return snprintf(buf, n, "The game stops at the turn cap of %d", INV_TURN_CAP);
    }
}

static int more_text(const inv_content *c, const tt_event *e, char *buf, size_t n)
{
    const char *who = side_title(e->player), *card = card_name(c, e->a);
    switch (e->type) {
    case E_DAMAGE:
        return snprintf(buf, n, "%s takes %d damage (power %d)", zone_name(c, e->a), e->b, e->c);
    case E_REPAIR:
        return snprintf(buf, n, "%s is repaired by %d (power %d)", zone_name(c, e->a), e->b, e->c);
    case E_DISCARD: return snprintf(buf, n, "%s discards %s", who, card);
    case E_COUNTERS:
        return snprintf(buf, n, "%s now holds %d counter%s", card, e->b, e->b == 1 ? "" : "s");
    case E_HERO:
        return snprintf(buf, n, "Mankind places hero %s in %s%s", card, zone_name(c, e->b),
                        e->c ? " (rotated)" : "");
    case E_DRAW_COUNT:
        return snprintf(buf, n, "%s now draws %d card%s a turn", who, e->a, e->a == 1 ? "" : "s");
    case E_SHIELD_ZONE: return snprintf(buf, n, "%s is shielded this turn", zone_name(c, e->a));
    case E_CHECK:
        return snprintf(buf, n, "Check inflicted drain: Mankind %s this turn",
                        e->a ? "was drained" : "was not drained");
    case E_UPRIGHT: return snprintf(buf, n, "%s turns upright", card);
    case E_GAME_OVER: return end_text(e, buf, n);
    case E_DECLINE:
        return snprintf(buf, n, "%s declines %s", who, e->a ? "to cancel" : "the attack window");
    case E_REDUCE:
        if (e->a == 0)
            return snprintf(buf, n, "The Invader uses the plot action to draw a card");
        return snprintf(buf, n, "The Invader uses the plot action: %s cost -1",
                        e->a == 1 ? "discard" : "drain");
    default: return 0;
    }
}

int inv_event_text(const tt_game *g, const tt_event *e, int viewer, char *buf, size_t n)
{
    const inv_content *c = inv_content_of(g);
    const char *who = side_title(e->player), *card = card_name(c, e->a);
    buf[0] = 0;
    switch (e->type) {
    case E_TURN:
        return snprintf(buf, n, "== Turn %d: %s (plot %d) ==", e->a, side_label(e->player), e->b);
    case E_DRAW:
        if (tt_seen_by(e->seen, viewer))
            return snprintf(buf, n, "%s draws %s", who, card);
        return snprintf(buf, n, "%s draws a card", who);
    case E_PLAY:
    case E_CANCEL: return play_text(c, e, buf, n);
    case E_PAY_DISCARD: return snprintf(buf, n, "  %s discards %s to pay", who, card);
    case E_PAY_DRAIN: return snprintf(buf, n, "  %s drains %s to pay", who, card);
    case E_CANCELLED: return snprintf(buf, n, "%s is cancelled", card);
    case E_ENTER:
        return snprintf(buf, n, "%s enters %s (power %d%s)", card, zone_name(c, e->b),
                        inv_def(c, e->a)->power, e->c ? ", with counters" : "");
    case E_SACRIFICE:
        return snprintf(buf, n, "Mankind sacrifices %s in %s", card, zone_name(c, e->b));
    case E_DESTROY: return snprintf(buf, n, "%s in %s is destroyed", card, zone_name(c, e->b));
    case E_MOVE:
        return snprintf(buf, n, "%s moves from %s to %s", card, zone_name(c, e->b),
                        zone_name(c, e->c));
    case E_USE:
        if (e->b)
            return snprintf(buf, n, "Mankind uses the Ops Centre on %s", card);
        return snprintf(buf, n, "%s uses %s", who, card);
    case E_STRATEGY:
        return snprintf(buf, n, "%s enables strategy %s", who,
                        e->a < c->nstrats ? c->strat[e->a].name : "?");
    case E_PLOT: return snprintf(buf, n, "Plot marker %d -> %d", e->a, e->b);
    case E_DRAIN: return snprintf(buf, n, "%s drains %s", who, card);
    case E_SHIELD: /* spending nothing is no news */
        return e->a ? snprintf(buf, n, "%s shields %d card%s of the drain", who, e->a,
                               e->a == 1 ? "" : "s")
                    : 0;
    case E_ATTACK: return attack_text(c, e, buf, n);
    case E_CHOICE: return choice_event_text(c, e, buf, n);
    default: return more_text(c, e, buf, n);
    }
}
