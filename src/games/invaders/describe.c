/* Invaders — card texts: every card, hero, strategy and the Ops Centre
 * described in words from its content (INV-2.8 … INV-2.24).
 *
 * Nothing here is stored prose: each text is written from the loaded
 * definitions (type, power, cost, keywords, zones, counters) and from the
 * effect primitives of INV-2.19 with their numbers, so a user's own content
 * set is described as exactly as the sample. The describable things are
 * numbered in catalogue order: Invader cards, Mankind cards, heroes (each in
 * definition order), Invader strategies, Mankind strategies, then the Ops
 * Centre. Reads content only, never a state; not on the playout path. */
#include <stdio.h>
#include <string.h>

#include "core/dbuf.h"
#include "games/invaders/invaders.h"

enum { G_INV_CARDS, G_MAN_CARDS, G_HEROES, G_INV_STRATS, G_MAN_STRATS, G_BOARD, G_COUNT };

static const char *const group_names[G_COUNT] = {
    "Invader cards",      "Mankind cards",      "Heroes",
    "Invader strategies", "Mankind strategies", "The board"};

static const char *const type_words[T_COUNT] = {"Invader",  "Desolator", "Defender",
                                                "Location", "hero",      "one-shot"};

static int card_group(const inv_card *k)
{
    if (k->type == T_HERO)
        return G_HEROES;
    return k->side == INV_INVADER ? G_INV_CARDS : G_MAN_CARDS;
}

/* The i-th describable thing: its group, and the card or strategy index (the
 * Ops Centre has none). 0, or -1 past the end. */
static int nth(const inv_content *c, int i, int *group, int *idx)
{
    for (int g = 0; g < G_COUNT; g++) {
        if (g == G_BOARD) {
            if (i == 0) {
                *group = g;
                *idx = -1;
                return 0;
            }
            i--;
            continue;
        }
        int n = g <= G_HEROES ? c->ncards : c->nstrats;
        for (int k = 0; k < n; k++) {
            int in = g <= G_HEROES
                         ? card_group(&c->card[k]) == g
                         : c->strat[k].side == (g == G_INV_STRATS ? INV_INVADER : INV_MANKIND);
            if (in && i-- == 0) {
                *group = g;
                *idx = k;
                return 0;
            }
        }
    }
    return -1;
}

/* --- costs and targets ---------------------------------------------------------- */

/* "discard 1, drain 2", or "" for a free cost. */
static void put_cost(tt_dbuf *b, const inv_cost *k, int words)
{
    const char *sep = "";
    if (k->discard) {
        tt_dbuf_printf(b, "discard %d%s", k->discard, words ? " other hand card" : "");
        if (words && k->discard > 1)
            tt_dbuf_printf(b, "s");
        sep = ", ";
    }
    if (k->drain) {
        tt_dbuf_printf(b, "%sdrain %d%s", sep, k->drain, words ? " from your deck" : "");
        sep = ", ";
    }
    if (k->remove_counters) {
        tt_dbuf_printf(b, "%sremove %d counter%s%s", sep, k->remove_counters,
                       k->remove_counters > 1 ? "s" : "", words ? " from this card" : "");
        sep = ", ";
    }
    if (k->rotate)
        tt_dbuf_printf(b, "%srotate%s", sep, words ? " this hero" : "");
}

static int cost_free(const inv_cost *k)
{
    return !k->discard && !k->drain && !k->remove_counters && !k->rotate;
}

/* "one enemy Invader or Desolator unit in this zone with power 2 or less";
 * 1 when it ends with the clause that admits the hero. */
static int put_target(tt_dbuf *b, const inv_target *t, int side)
{
    if (t->self) {
        tt_dbuf_printf(b, "this card");
        return 0;
    }
    int unit_types = 0x3F & ~(1 << T_ONE_SHOT) & ~(1 << T_HERO);
    tt_dbuf_printf(b, "one %s ", t->own ? "of your" : "enemy");
    if ((t->types & unit_types) == unit_types || !(t->types & unit_types)) {
        tt_dbuf_printf(b, "%s", t->own ? "units" : "unit");
    } else {
        const char *sep = "";
        for (int k = 0; k < T_HERO; k++)
            if (t->types >> k & 1) {
                tt_dbuf_printf(b, "%s%s", sep, type_words[k]);
                sep = " or ";
            }
        tt_dbuf_printf(b, " %s", t->own ? "units" : "unit");
    }
    if (t->zone == ZS_THIS)
        tt_dbuf_printf(b, " in this card's zone");
    if (t->max_power != INV_NO_MAX)
        tt_dbuf_printf(b, " with power %d or less", t->max_power);
    /* INV-2.12: the hero is a target only where the spec says so */
    int hero_side = t->own ? side : 1 - side;
    if (!t->include_hero || hero_side != INV_MANKIND)
        return 0;
    tt_dbuf_printf(b, ", the hero included");
    return 1;
}

/* --- effects ------------------------------------------------------------------------ */

static const char *who_words(int who, const char *self, const char *opp, const char *both)
{
    return who == WHO_SELF ? self : who == WHO_OPPONENT ? opp : both;
}

/* One primitive in full words, with the rules that govern it. */
static void put_effect(tt_dbuf *b, const inv_content *c, const inv_effect *x, int side)
{
    const char *s = "";
    int hero;
    switch (x->op) {
    case OP_DRAIN:
        tt_dbuf_printf(b, "Drain %d from %s (INV-2.19, INV-5.19).", x->n,
                       who_words(x->who, "your own deck", "the opponent's deck",
                                 "each side's deck, Mankind first"));
        break;
    case OP_DRAW:
        if (x->who == WHO_SELF)
            tt_dbuf_printf(b, "Draw %d card%s (INV-5.20).", x->n, x->n > 1 ? "s" : "");
        else
            tt_dbuf_printf(b, "The opponent draws %d card%s, a forced draw (INV-5.20).", x->n,
                           x->n > 1 ? "s" : "");
        break;
    case OP_DISCARD_FROM_HAND:
        s = x->n > 1 ? "s" : "";
        tt_dbuf_printf(b,
                       "%s %d card%s of %s choice from hand, fewer if the hand is smaller "
                       "(INV-2.19).",
                       who_words(x->who, "Discard", "The opponent discards", "Each side discards"),
                       x->n, s, who_words(x->who, "your", "his", "its"));
        break;
    case OP_DESTROY:
        tt_dbuf_printf(b, "Destroy ");
        hero = put_target(b, &x->target, side);
        tt_dbuf_printf(b, " (INV-5.21%s); with no such unit, nothing happens.",
                       hero ? ", INV-2.12" : "");
        break;
    case OP_ZONE_DAMAGE:
        tt_dbuf_printf(b,
                       "Place up to %d damage token%s on %s, stopping at power 0 or an empty "
                       "supply (INV-2.19, INV-2.21).",
                       x->n, x->n > 1 ? "s" : "",
                       x->zone == ZS_THIS     ? "this card's zone"
                       : x->zone == ZS_CHOSEN ? "a zone you choose, one with power above 0 if any"
                                              : "each zone");
        break;
    case OP_ZONE_REPAIR:
        tt_dbuf_printf(b, "Remove up to %d damage token%s from %s (INV-2.19, INV-2.21).", x->n,
                       x->n > 1 ? "s" : "",
                       x->split               ? "zones you choose, one zone for each token"
                       : x->zone == ZS_THIS   ? "this card's zone"
                       : x->zone == ZS_CHOSEN ? "a zone you choose, one with tokens if any"
                                              : "each zone");
        break;
    case OP_PLOT_MOVE:
        if (x->n)
            tt_dbuf_printf(b, "Move the plot marker %s %d, within 0..%d (INV-2.7).",
                           x->n < 0 ? "down" : "up", x->n < 0 ? -x->n : x->n, c->plot_max);
        else
            tt_dbuf_printf(b, "Leave the plot marker where it is (INV-2.7).");
        break;
    case OP_MOVE_CARD:
        tt_dbuf_printf(b, "Move ");
        hero = put_target(b, &x->target, side);
        tt_dbuf_printf(b, "%s to %s (INV-5.23%s).", hero ? "," : "",
                       x->dest == DEST_ADJACENT ? "an adjacent zone" : "any other zone",
                       hero ? ", INV-2.12" : "");
        break;
    case OP_POWER_AURA:
        tt_dbuf_printf(b, "Your other units in this card's zone get %+d power (INV-5.25).", x->n);
        break;
    case OP_COUNTER_ATTACK:
        tt_dbuf_printf(b, "Mankind counter-attacks this card's zone (INV-5.24).");
        break;
    case OP_CANCEL:
        tt_dbuf_printf(b, "Cancel the card immediately below in the cancel chain (INV-5.10).");
        break;
    case OP_ADD_COUNTERS:
        tt_dbuf_printf(b, "Put %d counter%s on this card (INV-2.19).", x->n, x->n > 1 ? "s" : "");
        break;
    case OP_DRAIN_SHIELD:
        tt_dbuf_printf(b, "Each counter removed from this card prevents one card of an inflicted "
                          "drain or forced draw on you (INV-5.19, INV-5.20).");
        break;
    case OP_WIN_AT_COUNTERS:
        tt_dbuf_printf(b, "You win as soon as this card holds %d counter%s (INV-8.2).", x->n,
                       x->n > 1 ? "s" : "");
        break;
    case OP_SHIELD_ZONE:
        tt_dbuf_printf(b, "Until the end of this turn the Invader's attack on a zone you choose "
                          "inflicts no drain (INV-4.7).");
        break;
    case OP_SET_DRAW_COUNT:
        tt_dbuf_printf(b, "From now on you draw %d card%s in each of your draw steps (INV-4.4).",
                       x->n, x->n > 1 ? "s" : "");
        break;
    }
}

/* One primitive in a few words, for a line beside the card. */
static void put_effect_short(tt_dbuf *b, const inv_effect *x)
{
    static const char *const zone_short[] = {"here", ", chosen zone", ", each zone", ", a zone"};
    switch (x->op) {
    case OP_DRAIN:
        tt_dbuf_printf(b, "%s %d", who_words(x->who, "you drain", "opponent drains", "both drain"),
                       x->n);
        break;
    case OP_DRAW:
        tt_dbuf_printf(b, "%s %d", who_words(x->who, "draw", "opponent draws", "both draw"), x->n);
        break;
    case OP_DISCARD_FROM_HAND:
        tt_dbuf_printf(b, "%s %d",
                       who_words(x->who, "discard", "opponent discards", "both discard"), x->n);
        break;
    case OP_DESTROY:
        tt_dbuf_printf(b, "destroy %s",
                       x->target.self  ? "self"
                       : x->target.own ? "own unit"
                                       : "enemy");
        if (x->target.max_power != INV_NO_MAX)
            tt_dbuf_printf(b, " <=%d", x->target.max_power);
        break;
    case OP_ZONE_DAMAGE:
        tt_dbuf_printf(b, "damage %d%s%s", x->n, x->zone == ZS_THIS ? " " : "",
                       zone_short[x->zone]);
        break;
    case OP_ZONE_REPAIR: tt_dbuf_printf(b, "repair %d%s", x->n, x->split ? ", split" : ""); break;
    case OP_PLOT_MOVE: tt_dbuf_printf(b, "plot %+d", x->n); break;
    case OP_MOVE_CARD:
        tt_dbuf_printf(b, "move %s (%s)", x->target.self ? "self" : "own unit",
                       x->dest == DEST_ADJACENT ? "adjacent" : "any zone");
        break;
    case OP_POWER_AURA: tt_dbuf_printf(b, "%+d power to others here", x->n); break;
    case OP_COUNTER_ATTACK: tt_dbuf_printf(b, "counter-attack here"); break;
    case OP_CANCEL: tt_dbuf_printf(b, "cancel a card"); break;
    case OP_ADD_COUNTERS: tt_dbuf_printf(b, "+%d counter%s", x->n, x->n == 1 ? "" : "s"); break;
    case OP_DRAIN_SHIELD: tt_dbuf_printf(b, "drain shield"); break;
    case OP_WIN_AT_COUNTERS:
        tt_dbuf_printf(b, "win at %d counter%s", x->n, x->n == 1 ? "" : "s");
        break;
    case OP_SHIELD_ZONE: tt_dbuf_printf(b, "shield a zone"); break;
    case OP_SET_DRAW_COUNT: tt_dbuf_printf(b, "draw %d per turn", x->n); break;
    }
}

static void put_ability_short(tt_dbuf *b, const inv_ability *ab, int strategy)
{
    static const char *const trig_short[] = {"play", "passive", "use", "each turn", "cancel"};
    tt_dbuf_printf(b, "%s", strategy ? "" : trig_short[ab->trigger]);
    if (!strategy && !cost_free(&ab->cost)) {
        tt_dbuf_printf(b, " (");
        put_cost(b, &ab->cost, 0);
        tt_dbuf_printf(b, ")");
    }
    tt_dbuf_printf(b, "%s", strategy ? "" : ": ");
    for (int k = 0; k < ab->neff; k++) {
        tt_dbuf_printf(b, "%s", k ? ", " : "");
        put_effect_short(b, &ab->eff[k]);
    }
}

static void put_ability(tt_dbuf *b, const inv_content *c, const inv_ability *ab, int side)
{
    switch (ab->trigger) {
    case TR_ON_PLAY: tt_dbuf_printf(b, "On play (INV-2.17):"); break;
    case TR_PASSIVE: tt_dbuf_printf(b, "While in play (passive, INV-2.17):"); break;
    case TR_ACTIVATED:
        tt_dbuf_printf(b, "Use, once per turn in your main step (INV-5.12), ");
        if (cost_free(&ab->cost)) {
            tt_dbuf_printf(b, "at no cost:");
        } else {
            tt_dbuf_printf(b, "paying ");
            put_cost(b, &ab->cost, 1);
            tt_dbuf_printf(b, " (INV-2.18):");
        }
        break;
    case TR_START_OF_TURN:
        tt_dbuf_printf(b, "At the start of each of your turns (INV-4.3, INV-9.24):");
        break;
    case TR_CANCEL: tt_dbuf_printf(b, "From hand, in a cancel window (INV-5.10):"); break;
    }
    for (int k = 0; k < ab->neff; k++) {
        tt_dbuf_printf(b, "\n  - ");
        put_effect(b, c, &ab->eff[k], side);
    }
    if (!ab->neff)
        tt_dbuf_printf(b, " nothing.");
}

/* --- the texts --------------------------------------------------------------------- */

static void put_card_stats(tt_dbuf *b, const inv_card *k, int words)
{
    if (k->type == T_HERO)
        tt_dbuf_printf(b, "hero, power %d", k->power);
    else if (k->is_unit)
        tt_dbuf_printf(b, "%s, power %d", type_words[k->type], k->power);
    else
        tt_dbuf_printf(b, "%s", k->cancel ? "cancel one-shot" : "one-shot");
    if (k->type == T_HERO)
        return;
    tt_dbuf_printf(b, ", %s", words ? "cost " : "");
    if (cost_free(&k->cost))
        tt_dbuf_printf(b, "free");
    else
        put_cost(b, &k->cost, words);
}

static void put_card_full(tt_dbuf *b, const inv_content *c, const inv_card *k)
{
    tt_dbuf_printf(b, "%s (%s)\n", k->name, k->id);
    if (k->type == T_HERO)
        tt_dbuf_printf(b,
                       "Mankind hero from the hero deck, power %d; counts as a Defender "
                       "(INV-2.9, INV-2.12).\n",
                       k->power);
    else if (k->is_unit)
        tt_dbuf_printf(b, "%s unit of type %s, power %d (INV-2.9, INV-2.10); %d in the deck.\n",
                       k->side == INV_INVADER ? "Invader" : "Mankind", type_words[k->type],
                       k->power, k->count);
    else
        tt_dbuf_printf(b,
                       "%s one-shot: resolves, then goes to the discard pile (INV-2.9, "
                       "INV-5.3); %d in the deck.\n",
                       k->side == INV_INVADER ? "Invader" : "Mankind", k->count);
    if (k->type != T_HERO) {
        tt_dbuf_printf(b, "Cost: ");
        if (cost_free(&k->cost))
            tt_dbuf_printf(b, "free");
        else
            put_cost(b, &k->cost, 1);
        tt_dbuf_printf(b, " (INV-5.4).\n");
    }
    if (k->nkeywords) {
        tt_dbuf_printf(b, "Keywords: ");
        for (int i = 0; i < k->nkeywords; i++)
            tt_dbuf_printf(b, "%s%s", i ? ", " : "", k->keywords[i]);
        tt_dbuf_printf(b, " (no effect of their own, INV-2.11).\n");
    }
    int all = (1 << INV_NZ) - 1;
    if (k->is_unit && k->zones && (k->zones & all) != all) {
        tt_dbuf_printf(b, "Enters only ");
        const char *sep = "";
        for (int z = 0; z < INV_NZ; z++)
            if (k->zones >> z & 1) {
                tt_dbuf_printf(b, "%s%s", sep, c->zone_name[z]);
                sep = " or ";
            }
        tt_dbuf_printf(b, " (INV-5.7).\n");
    }
    if (k->enter_counters)
        tt_dbuf_printf(b, "Enters play with %d counter%s (INV-5.13).\n", k->enter_counters,
                       k->enter_counters > 1 ? "s" : "");
    if (k->type == T_HERO)
        tt_dbuf_printf(b, "%s (INV-5.17).\n",
                       k->mobile ? "Mobile: moves between zones in your "
                                   "main step"
                                 : "Not mobile: stays in its zone");
    for (int a = 0; a < k->nab; a++) {
        put_ability(b, c, &k->ab[a], k->side);
        tt_dbuf_printf(b, "\n");
    }
    if (!k->nab)
        tt_dbuf_printf(b, "No abilities.\n");
}

static void put_strategy_full(tt_dbuf *b, const inv_content *c, const inv_strategy *st)
{
    tt_dbuf_printf(b, "%s (%s)\n", st->name, st->id);
    tt_dbuf_printf(b,
                   "%s strategy, enabled once per game at no card cost and never cancelled "
                   "(INV-2.23, INV-5.14), ",
                   st->side == INV_INVADER ? "Invader" : "Mankind");
    if (st->timing == TIMING_OWN_MAIN)
        tt_dbuf_printf(b, "in your own main step.\n");
    else
        tt_dbuf_printf(b, "in the window at the start of the Invader's attack step (INV-4.7.1).\n");
    tt_dbuf_printf(b, "When enabled:");
    for (int k = 0; k < st->ab.neff; k++) {
        tt_dbuf_printf(b, "\n  - ");
        put_effect(b, c, &st->ab.eff[k], st->side);
    }
    tt_dbuf_printf(b, "\n");
}

static void put_ops_full(tt_dbuf *b, const inv_content *c)
{
    tt_dbuf_printf(b, "Ops Centre (ops_centre)\n");
    tt_dbuf_printf(b, "Mankind ability printed on the board, not a strategy: usable again on "
                      "later turns (INV-2.24).\n");
    tt_dbuf_printf(b, "Up to %d time%s per turn in your main step, paying ", c->ops_per_turn,
                   c->ops_per_turn > 1 ? "s" : "");
    if (cost_free(&c->ops_cost))
        tt_dbuf_printf(b, "nothing");
    else
        put_cost(b, &c->ops_cost, 1);
    tt_dbuf_printf(b, ": move one of your units in play, the hero included, to %s (INV-5.16).\n",
                   c->ops_any ? "any other zone" : "an adjacent zone");
}

const char *inv_describe_id(const tt_game *g, int i)
{
    const inv_content *c = inv_content_of(g);
    int group, idx;
    if (i < 0 || nth(c, i, &group, &idx) < 0)
        return NULL;
    if (group == G_BOARD)
        return "ops_centre";
    return group <= G_HEROES ? c->card[idx].id : c->strat[idx].id;
}

int inv_describe(const tt_game *g, int i, int what, char *buf, size_t n)
{
    const inv_content *c = inv_content_of(g);
    int group, idx;
    if (n == 0 || nth(c, i, &group, &idx) < 0)
        return TT_EARG;
    const inv_card *k = group <= G_HEROES ? &c->card[idx] : NULL;
    const inv_strategy *st = group >= G_INV_STRATS && group < G_BOARD ? &c->strat[idx] : NULL;
    tt_dbuf b;
    tt_dbuf_init(&b, buf, n);
    switch (what) {
    case TT_DESCRIBE_NAME:
        tt_dbuf_printf(&b, "%s", k ? k->name : st ? st->name : "Ops Centre");
        break;
    case TT_DESCRIBE_KIND: tt_dbuf_printf(&b, "%s", group_names[group]); break;
    case TT_DESCRIBE_SUMMARY:
        if (k) {
            put_card_stats(&b, k, 0);
            for (int a = 0; a < k->nab; a++) {
                tt_dbuf_printf(&b, "; ");
                put_ability_short(&b, &k->ab[a], 0);
            }
        } else if (st) {
            tt_dbuf_printf(&b, "strategy, ");
            size_t at = b.n;
            if (inv_strategy_summary(c, idx, buf + at, n - at) != TT_OK)
                return TT_EARG;
            b.n += strlen(buf + at);
        } else {
            tt_dbuf_printf(&b, "board, %d per turn, ", c->ops_per_turn);
            put_cost(&b, &c->ops_cost, 0);
            tt_dbuf_printf(&b, ": move own unit to %s zone", c->ops_any ? "any" : "adjacent");
        }
        break;
    default:
        if (k)
            put_card_full(&b, c, k);
        else if (st)
            put_strategy_full(&b, c, st);
        else
            put_ops_full(&b, c);
    }
    return tt_dbuf_done(&b);
}

int inv_card_effects_short(const inv_content *c, int def, char *buf, size_t n)
{
    tt_dbuf b;
    tt_dbuf_init(&b, buf, n);
    const inv_card *k = &c->card[def];
    for (int a = 0; a < k->nab; a++) {
        tt_dbuf_printf(&b, "%s", a ? "; " : "");
        put_ability_short(&b, &k->ab[a], 0);
    }
    return tt_dbuf_done(&b);
}

int inv_strategy_summary(const inv_content *c, int i, char *buf, size_t n)
{
    tt_dbuf b;
    tt_dbuf_init(&b, buf, n);
    const inv_strategy *st = &c->strat[i];
    tt_dbuf_printf(&b, "%s: ", st->timing == TIMING_OWN_MAIN ? "own main step" : "attack window");
    put_ability_short(&b, &st->ab, 1);
    return tt_dbuf_done(&b);
}
