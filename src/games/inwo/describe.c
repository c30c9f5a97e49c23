/* Illuminati: New World Order card texts (tt_describe, `tabletop cards
 * inwo`, `info` at the prompt): every card of the loaded content, described
 * from its fields, never from stored prose: kind and type, Power, Global
 * Power and Resistance, alignments, attributes and arrows, a Resource's types
 * and link, a Plot's subtype, color, timing, cost and limit, and every
 * ability, passive op and goal in words with its numbers, filters, scope,
 * cost, timing, limit and the rule of INWO-2.10 that defines it. The
 * Illuminati come first, then the Groups, Resources, Plots and Goal cards,
 * each in content order. Not on the playout path. */
#include <stdio.h>
#include <string.h>

#include "core/dbuf.h"
#include "core/errors.h"
#include "games/inwo/content.h"
#include "games/inwo/describe.h"
#include "tabletop/game.h"

/* The catalogue's kinds: a Plot of subtype goal is a Goal card (INWO-2.8.1). */
enum { CAT_ILLUMINATI, CAT_GROUP, CAT_RESOURCE, CAT_PLOT, CAT_GOAL, NCATS };
static const char *const cat_names[NCATS] = {"Illuminati", "Groups", "Resources", "Plots",
                                             "Goal cards"};

static const char *const align_words[INWO_NALIGN] = {
    "Government", "Corporate", "Liberal", "Conservative", "Peaceful",
    "Violent",    "Straight",  "Weird",   "Criminal",     "Fanatic"};
static const char *const gtype_words[INWO_NGTYPES] = {"Organization", "Place", "Personality"};
static const char *const gtype_plurals[INWO_NGTYPES] = {"Organizations", "Places", "Personalities"};
static const char *const side_words[] = {"N", "E", "S", "W"};
static const char *const rtype_words[INWO_NRTYPES] = {"Artifact", "Gadget", "Magic", "Unique"};
static const char *const subtype_words[INWO_NSUBTYPES] = {
    "+10 Plot",      "Linked Plot",        "Alignment Plot",
    "Cancel Plot",   "Privilege Plot",     "Freeze Plot",
    "Paralyze Plot", "Zap Plot",           "New World Order",
    "Goal card",     "Assassination Plot", "Disaster Plot",
    "Plot"};
static const char *const color_words[] = {"none", "red", "blue", "yellow"};
static const char *const stat_words[] = {"Power", "Global Power", "Resistance"};
static const char *const timing_words[] = {
    "always, while in play",           "in your Main Phase, with no response round open",
    "whenever you hold priority",      "as a contribution to an attack in progress",
    "as part of announcing an attack", "in the after-roll round of an attack",
    "at the end of your turn"};
static const char *const limit_words[] = {"", "once per turn", "once per game"};
static const char *const deck_words[] = {"Plot deck", "Group deck"};
static const char *const use_words[] = {"to its action in this attack (attacker, aider or opposer)",
                                        "to its defense until the end of the turn",
                                        "to its attacking action, if it is one of your own groups"};
static const char *const cancel_words[] = {"group action", "Plot", "ability", "Instant Attack"};
static const char *const repeal_words[] = {"an NWO", "a Zap", "a linked Plot",
                                           "a permanent change made by a Plot"};
static const char *const attack_words[] = {"attacks to control", "attacks to destroy",
                                           "attacks to control or destroy"};
static const char *const vs_words[] = {"attacks to control", "attacks to destroy", "any attack",
                                       "Instant Attacks"};
static const char *const class_words[] = {"Assassination", "Disaster", "Instant Attack"};

static int category(const inwo_def *d)
{
    if (d->kind == INWO_PLOT)
        return d->subtype == ST_GOAL ? CAT_GOAL : CAT_PLOT;
    return d->kind == INWO_ILLUMINATI ? CAT_ILLUMINATI
           : d->kind == INWO_GROUP    ? CAT_GROUP
                                      : CAT_RESOURCE;
}

/* The def of the i-th card described (by category, then content order), or -1. */
static int nth(const inwo_content *c, int i)
{
    for (int k = 0; k < NCATS; k++)
        for (int d = 0; d < c->ndefs; d++)
            if (category(&c->def[d]) == k && i-- == 0)
                return d;
    return -1;
}

const char *inwo_describe_id(const tt_game *g, int i)
{
    const inwo_content *c = g->content;
    int d = nth(c, i);
    return d < 0 ? NULL : c->def[d].id;
}

/* --- words ---------------------------------------------------------------------------- */

/* The names of the set bits of mask (n of them), "A", "A or B", "A, B or C". */
static void put_set(tt_dbuf *b, unsigned mask, const char *const *names, int n, const char *last)
{
    int total = 0, k = 0;
    for (int i = 0; i < n; i++)
        total += (int)(mask >> i & 1);
    for (int i = 0; i < n; i++)
        if (mask >> i & 1) {
            k++;
            tt_dbuf_printf(b, "%s%s", k == 1 ? "" : k == total ? last : ", ", names[i]);
        }
}

static void put_attrs(tt_dbuf *b, const inwo_content *c, uint32_t mask, const char *last)
{
    const char *names[INWO_MAX_ATTRS];
    for (int i = 0; i < c->nattrs && i < INWO_MAX_ATTRS; i++)
        names[i] = c->attr[i];
    put_set(b, mask, names, c->nattrs, last);
}

static const char *plural_s(int n)
{
    return n == 1 ? "" : "s";
}

/* --- filters (INWO-2.10.1) -------------------------------------------------------------- */

enum det { DET_A, DET_EVERY, DET_PLURAL };

/* The words before the qualifiers: "non-Illuminati Weird or Violent Place". */
static void put_filter_head(tt_dbuf *b, const inwo_content *c, const inwo_filter *f, int plural)
{
    if ((f->keys & FK_ILLUMINATI) && !f->illuminati)
        tt_dbuf_printf(b, "non-Illuminati ");
    if (f->keys & FK_ALIGN_ANY) {
        put_set(b, f->align_any, align_words, INWO_NALIGN, " or ");
        tt_dbuf_printf(b, " ");
    } else if (f->keys & FK_ALIGN_ALL) {
        put_set(b, f->align_all, align_words, INWO_NALIGN, " and ");
        tt_dbuf_printf(b, " ");
    }
    if ((f->keys & FK_ILLUMINATI) && f->illuminati)
        tt_dbuf_printf(b, "Illuminati");
    else if (f->keys & FK_GTYPE_ANY)
        put_set(b, f->gtype_any, plural ? gtype_plurals : gtype_words, INWO_NGTYPES, " or ");
    else
        tt_dbuf_printf(b, plural ? "groups" : "group");
    if (f->keys & FK_CARD)
        tt_dbuf_printf(b, " named %s (%s)", c->def[f->card].name, c->def[f->card].id);
}

/* "with Power 4 or more" and the other keys that follow the noun, comma-separated. */
static void put_filter_tail(tt_dbuf *b, const inwo_content *c, const inwo_filter *f)
{
    static const char *const owner_words[] = {"", " of yours", " of a rival"};
    int n = 0;
    tt_dbuf_printf(b, "%s", (f->keys & FK_OWNER) ? owner_words[f->owner] : "");
    if ((f->keys & FK_ALIGN_ALL) && (f->keys & FK_ALIGN_ANY)) {
        tt_dbuf_printf(b, "%sthat is also ", n++ ? ", " : " ");
        put_set(b, f->align_all, align_words, INWO_NALIGN, " and ");
    }
    if (f->keys & FK_ALIGN_NONE) {
        tt_dbuf_printf(b, "%snot ", n++ ? ", " : " ");
        put_set(b, f->align_none, align_words, INWO_NALIGN, " or ");
    }
    if (f->keys & FK_ATTR_ANY) {
        tt_dbuf_printf(b, "%swith the attribute ", n++ ? ", " : " ");
        put_attrs(b, c, f->attr_any, " or ");
    }
    if (f->keys & FK_ATTR_NONE) {
        tt_dbuf_printf(b, "%swithout the attribute ", n++ ? ", " : " ");
        put_attrs(b, c, f->attr_none, " or ");
    }
    int lo = f->keys & FK_POWER_MIN, hi = f->keys & FK_POWER_MAX;
    if (lo && hi)
        tt_dbuf_printf(b, "%swith Power %d to %d", n++ ? ", " : " ", f->power_min, f->power_max);
    else if (lo || hi)
        tt_dbuf_printf(b, "%swith Power %d or %s", n++ ? ", " : " ",
                       lo ? f->power_min : f->power_max, lo ? "more" : "less");
}

/* A filter as a noun phrase: "a Government or Corporate group with Power 4
 * or more", "every Weird group", "Places"; none (INWO_NO_FILTER) or {} is
 * "group": INWO-2.10.1 matches every group, the Illuminati among them. */
static void put_filter_of(tt_dbuf *b, const inwo_content *c, const inwo_filter *f, int det)
{
    char head[256];
    tt_dbuf h;
    tt_dbuf_init(&h, head, sizeof head);
    put_filter_head(&h, c, f, det == DET_PLURAL);
    if (det == DET_A)
        tt_dbuf_printf(b, "%s ", strchr("AEIOUaeiou", head[0]) && head[0] ? "an" : "a");
    else if (det == DET_EVERY)
        tt_dbuf_printf(b, "every ");
    tt_dbuf_printf(b, "%s", head);
    put_filter_tail(b, c, f);
}

static const inwo_filter *filter_at(const inwo_content *c, int fi)
{
    static const inwo_filter any = {0};
    return fi >= 0 && fi < c->nfilters ? &c->filter[fi] : &any;
}

static void put_filter(tt_dbuf *b, const inwo_content *c, int fi, int det)
{
    put_filter_of(b, c, filter_at(c, fi), det);
}

/* --- costs and timing (INWO-2.10.3, 2.10.4) ------------------------------------------------ */

static void put_costs(tt_dbuf *b, const inwo_content *c, const inwo_cost *cost, int n)
{
    if (n == 0)
        tt_dbuf_printf(b, "no cost");
    int groups = 0;
    for (int i = 0; i < n; i++) {
        tt_dbuf_printf(b, i ? ", " : "cost ");
        switch (cost[i].kind) {
        case COST_SELF: tt_dbuf_printf(b, "1 Action token of this card"); break;
        case COST_ILLUMINATI: tt_dbuf_printf(b, "1 Action token of your Illuminati"); break;
        case COST_GROUP: { /* from the player's own groups (INWO-2.10.3) */
            inwo_filter own = *filter_at(c, cost[i].filter);
            own.keys |= FK_OWNER;
            own.owner = OWN_SELF;
            tt_dbuf_printf(b, "1 Action token of ");
            put_filter_of(b, c, &own, DET_A);
            groups++;
            break;
        }
        default:
            tt_dbuf_printf(b, "discarding %d other Plot card%s", cost[i].n, plural_s(cost[i].n));
            break;
        }
    }
    if (groups > 1)
        tt_dbuf_printf(b, ", each token from a different group");
}

/* "Use: whenever you hold priority; cost …; once per turn (INWO-2.10.3, 2.10.4)." */
static void put_use(tt_dbuf *b, const inwo_content *c, const char *head, int timing, int limit,
                    const inwo_cost *cost, int ncost)
{
    tt_dbuf_printf(b, "%s: %s; ", head, timing_words[timing]);
    put_costs(b, c, cost, ncost);
    if (limit)
        tt_dbuf_printf(b, "; %s", limit_words[limit]);
    tt_dbuf_printf(b, " (INWO-2.10.3, 2.10.4).\n");
}

/* --- ops (INWO-2.10.5–2.10.7) --------------------------------------------------------------- */

/* Who a passive op applies to, by its scope (INWO-2.10.2). */
static void put_scope(tt_dbuf *b, const inwo_content *c, const inwo_op *o)
{
    int who = o->op == OP_STAT ? o->filter : INWO_NO_FILTER; /* others' filters say whom */
    switch (o->scope) {
    case SC_SELF: tt_dbuf_printf(b, "this card"); break;
    case SC_LINKED: tt_dbuf_printf(b, "the group it is linked to"); break;
    case SC_OWNER_STRUCTURE:
        put_filter(b, c, who, DET_EVERY);
        tt_dbuf_printf(b, " in its controller's Power Structure");
        return;
    case SC_ALL:
        put_filter(b, c, who, DET_EVERY);
        tt_dbuf_printf(b, " in play");
        return;
    case SC_ZAPPED_STRUCTURE:
        put_filter(b, c, who, DET_EVERY);
        tt_dbuf_printf(b, " in the Power Structure of the player it is played on");
        return;
    default: tt_dbuf_printf(b, "its controller"); return;
    }
    if (who >= 0 && c->filter[who].keys) {
        tt_dbuf_printf(b, ", if it is ");
        put_filter(b, c, who, DET_A);
        tt_dbuf_printf(b, ",");
    }
}

/* "gets +2 Power", "has its Resistance multiplied by 2": INWO-2.14.2's steps. */
static void put_stat_change(tt_dbuf *b, int stat_mask, int mode, int value)
{
    const char *names[3] = {stat_words[0], stat_words[1], stat_words[2]};
    if (mode == MODE_ADD) {
        tt_dbuf_printf(b, "gets %+d ", value);
        put_set(b, (unsigned)stat_mask, names, 3, " and ");
        return;
    }
    tt_dbuf_printf(b, "has its ");
    put_set(b, (unsigned)stat_mask, names, 3, " and ");
    if (mode == MODE_MUL)
        tt_dbuf_printf(b, " multiplied by %d", value);
    else
        tt_dbuf_printf(b, " raised to %d if lower", value);
}

static void put_context(tt_dbuf *b, int context)
{
    static const char *const words[] = {"", " in attack only", " in defense only"};
    tt_dbuf_printf(b, "%s", words[context < 3 ? context : 0]);
}

static void put_passive(tt_dbuf *b, const inwo_content *c, const inwo_def *d, const inwo_op *o)
{
    switch (o->op) {
    case OP_STAT:
        put_scope(b, c, o);
        tt_dbuf_printf(b, " ");
        put_stat_change(b, 1 << o->sel, o->mode, o->value);
        put_context(b, o->context);
        if (o->while_linked) {
            tt_dbuf_printf(b, ", while it is linked to ");
            put_filter(b, c, d->link_target, DET_A);
        }
        tt_dbuf_printf(b, " (STAT, INWO-2.10.5, 2.14.2)");
        break;
    case OP_ATTACK_BONUS:
        tt_dbuf_printf(
            b, "%+d to the strength of %s made by %s on ", o->value, attack_words[o->sel],
            o->mode == BONUS_DIRECT ? "this card itself" : "any group of its controller");
        put_filter(b, c, o->filter, DET_A);
        tt_dbuf_printf(b, ", never Instant Attacks");
        if (o->names_card >= 0)
            tt_dbuf_printf(b,
                           "; it names %s (%s), which wins over that card's defenses and "
                           "immunity",
                           c->def[o->names_card].name, c->def[o->names_card].id);
        tt_dbuf_printf(b, " (ATTACK_BONUS, INWO-2.10.5, 5.11.3%s)",
                       o->names_card >= 0 ? ", 5.20.5" : "");
        break;
    case OP_DEFENSE_BONUS:
        put_scope(b, c, o);
        tt_dbuf_printf(b, " gets %+d to its defense against %s (DEFENSE_BONUS, INWO-2.10.5)",
                       o->value, vs_words[o->sel]);
        break;
    case OP_IMMUNE:
        put_scope(b, c, o);
        if (o->scope == SC_OWNER_STRUCTURE)
            tt_dbuf_printf(b, ", with its controller's Resources, hand, decks and discard pile,");
        tt_dbuf_printf(b, " is immune to ");
        put_filter(b, c, o->filter, DET_EVERY);
        tt_dbuf_printf(b, " (IMMUNE, INWO-2.10.5, 5.15)");
        break;
    case OP_UNDESTROYABLE:
        tt_dbuf_printf(b, "this card cannot be the target of an attack to destroy or an Instant "
                          "Attack (UNDESTROYABLE, INWO-2.10.5, 5.12.1)");
        break;
    case OP_EXTRA_TOKENS:
        put_scope(b, c, o);
        tt_dbuf_printf(b, " holds %d more Action token%s%s (EXTRA_TOKENS, INWO-2.10.5, 5.1.2)",
                       o->value, plural_s(o->value),
                       o->scope == SC_LINKED ? ", a benefit of the link (INWO-6.3.3)" : "");
        break;
    case OP_EXTRA_DRAW:
        tt_dbuf_printf(b,
                       "its controller may draw %d extra card%s from his %s at the Beginning "
                       "of Turn (EXTRA_DRAW, INWO-2.10.5, 6.3.3)",
                       o->value, plural_s(o->value), deck_words[o->sel]);
        break;
    case OP_HAND_LIMIT:
        tt_dbuf_printf(b,
                       "its controller's off-turn Plot hand limit %+d (HAND_LIMIT, "
                       "INWO-2.10.5, 5.7.2)",
                       o->value);
        break;
    case OP_MULTI_COPY:
        tt_dbuf_printf(b, "any number of copies may be in play, and it may be played even if a "
                          "copy was destroyed (MULTI_COPY, INWO-2.10.5, 10.1.5)");
        break;
    default: /* OP_SET_ALIGN */
        put_scope(b, c, o);
        if (o->add) {
            tt_dbuf_printf(b, " gains ");
            put_set(b, o->add, align_words, INWO_NALIGN, " and ");
        }
        if (o->remove) {
            tt_dbuf_printf(b, "%s loses ", o->add ? " and" : "");
            put_set(b, o->remove, align_words, INWO_NALIGN, " and ");
        }
        tt_dbuf_printf(b, ", dated from the link (SET_ALIGN, INWO-2.10.5, 2.14.6)");
        break;
    }
}

static void put_goal(tt_dbuf *b, const inwo_content *c, const inwo_op *o)
{
    switch (o->op) {
    case OP_GOAL_DOUBLE:
        tt_dbuf_printf(b, "the Basic Goal, counting ");
        put_filter(b, c, o->filter, DET_EVERY);
        tt_dbuf_printf(b, " you control twice (GOAL_DOUBLE");
        break;
    case OP_GOAL_CONTROL:
        tt_dbuf_printf(b, "you control at least %d counting ", o->value);
        put_filter(b, c, o->filter, DET_PLURAL);
        tt_dbuf_printf(b, " (GOAL_CONTROL");
        break;
    case OP_GOAL_DESTROYED:
        tt_dbuf_printf(b, "your destroyed pile holds at least %d ", o->value);
        put_filter(b, c, o->filter, DET_PLURAL);
        tt_dbuf_printf(b, " (GOAL_DESTROYED");
        break;
    default: { /* OP_GOAL_POWER */
        const inwo_filter *f = o->filter >= 0 ? &c->filter[o->filter] : NULL;
        tt_dbuf_printf(b, "the Power of counting ");
        put_filter(b, c, o->filter, DET_PLURAL);
        tt_dbuf_printf(b, " %s totals at least %d",
                       o->sel == WHERE_OWN ? "in your Power Structure" : "in every Power Structure",
                       o->value);
        if (o->sel == WHERE_OWN && !(f && (f->keys & FK_ILLUMINATI)))
            tt_dbuf_printf(b, ", your Illuminati excluded");
        tt_dbuf_printf(b, " (GOAL_POWER");
        break;
    }
    }
    tt_dbuf_printf(b, ", INWO-2.10.6, 9.3)");
    if (o->shared_by_factions)
        tt_dbuf_printf(b, "; factions of this Illuminati that win with it at the same knock "
                          "share the victory (INWO-2.10.9, 9.4.5)");
}

static void put_instant(tt_dbuf *b, const inwo_content *c, const inwo_op *o)
{
    tt_dbuf_printf(b, "an Instant Attack (%s) of Power %d on ", class_words[o->sel], o->value);
    put_filter(b, c, o->filter, DET_A);
    if (o->sel == CLS_ASSASSINATION)
        tt_dbuf_printf(b, "; on success it is destroyed and killed");
    else if (o->sel == CLS_GENERIC)
        tt_dbuf_printf(b, "; on success it is destroyed");
    else if (o->has_margin)
        tt_dbuf_printf(b,
                       ", which loses 1 Action token when it is announced; on success it is "
                       "destroyed if the margin is %d or more, else Devastated",
                       o->value2);
    else
        tt_dbuf_printf(b, ", which loses 1 Action token when it is announced; on success it is "
                          "Devastated");
    if (o->helpers) {
        tt_dbuf_printf(b, "; up to %d of your groups may help, each ", o->helpers);
        put_filter(b, c, o->filter2, DET_A);
    }
    tt_dbuf_printf(b, " (INSTANT, INWO-2.10.7, 5.17)");
}

static void put_align(tt_dbuf *b, const inwo_content *c, const inwo_op *o)
{
    const char *al = o->alignment == INWO_ALIGN_CHOOSE ? "an alignment of your choice"
                                                       : align_words[o->alignment];
    if (o->sel == AM_REVERSE) {
        tt_dbuf_printf(b, "reverses %s on ", al);
        put_filter(b, c, o->filter, DET_A);
        tt_dbuf_printf(b, " (it gets the opposite; never Criminal or Fanatic)");
    } else {
        put_filter(b, c, o->filter, DET_A);
        tt_dbuf_printf(b, " %s %s", o->sel == AM_ADD ? "gains" : "loses", al);
    }
    tt_dbuf_printf(b, " %s (ALIGN, INWO-2.10.7, 2.14.6)",
                   o->mode == DUR_TURN ? "until the end of the turn" : "permanently");
}

/* "head <a filter> tail": the one-target ops. */
static void put_around(tt_dbuf *b, const inwo_content *c, const char *head, int fi,
                       const char *tail)
{
    tt_dbuf_printf(b, "%s", head);
    put_filter(b, c, fi, DET_A);
    tt_dbuf_printf(b, "%s", tail);
}

/* "head A, B or C tail": the one-of-these lists of CANCEL and REPEAL. */
static void put_choices(tt_dbuf *b, const char *head, unsigned mask, const char *const *words,
                        int n, const char *tail)
{
    tt_dbuf_printf(b, "%s", head);
    put_set(b, mask, words, n, " or ");
    tt_dbuf_printf(b, "%s", tail);
}

/* An activated or one-shot op in words. */
static void put_active(tt_dbuf *b, const inwo_content *c, const inwo_op *o)
{
    switch (o->op) {
    case OP_BOOST:
        tt_dbuf_printf(b, "%+d for ", o->value);
        put_filter(b, c, o->filter, DET_A);
        tt_dbuf_printf(b, " involved in the current attack: ");
        put_set(b, o->mask, use_words, 3, ", or ");
        tt_dbuf_printf(b, " (BOOST, INWO-2.10.7, 5.18.1)");
        break;
    case OP_CANCEL:
        put_choices(b, "cancels one pending ", o->mask, cancel_words, 4,
                    " (CANCEL, INWO-2.10.7, 10.3)");
        break;
    case OP_PARALYZE:
        put_around(b, c, "paralyzes ", o->filter,
                   " until the end of its controller's next turn (PARALYZE, INWO-2.10.7, "
                   "5.18.3)");
        break;
    case OP_FREEZE:
        tt_dbuf_printf(b,
                       "every group with the attribute %s cannot act except to defend itself "
                       "until the end of the turn; or cancels one pending action of such a "
                       "group (FREEZE, INWO-2.10.7, 5.18.2)",
                       o->attr < c->nattrs ? c->attr[o->attr] : "?");
        break;
    case OP_PRIVILEGE:
        tt_dbuf_printf(b, "makes the attack being declared Privileged (PRIVILEGE, INWO-2.10.7, "
                          "5.14)");
        break;
    case OP_UNPRIVILEGE:
        tt_dbuf_printf(b, "removes Privilege from the current attack for good (UNPRIVILEGE, "
                          "INWO-2.10.7, 5.14)");
        break;
    case OP_INSTANT: put_instant(b, c, o); break;
    case OP_ALIGN: put_align(b, c, o); break;
    case OP_MODIFY:
        put_filter(b, c, o->filter, DET_A);
        tt_dbuf_printf(b, " ");
        put_stat_change(b, o->sel, o->mode, o->value);
        put_context(b, o->context);
        tt_dbuf_printf(b, " until the end of the turn (MODIFY, INWO-2.10.7, 2.14.2)");
        break;
    case OP_DRAW:
        tt_dbuf_printf(b, "draw %d card%s from your %s (DRAW, INWO-2.10.7)", o->value,
                       plural_s(o->value), deck_words[o->sel]);
        break;
    case OP_GIVE_TOKEN:
        put_around(b, c, "", o->filter,
                   " receives 1 Action token even if it holds one; not a group captured this "
                   "turn (GIVE_TOKEN, INWO-2.10.7, 5.1.3)");
        break;
    case OP_EXPOSE:
        tt_dbuf_printf(b,
                       "choose a rival: the engine exposes %d of his hidden Plot cards at "
                       "random (EXPOSE, INWO-2.10.7)",
                       o->value);
        break;
    case OP_STEAL_EXPOSED:
        tt_dbuf_printf(b,
                       "choose a rival and %d of his exposed Plot cards: they move to "
                       "your hand, still exposed (STEAL_EXPOSED, INWO-2.10.7)",
                       o->value);
        break;
    case OP_ROLL_MOD:
        tt_dbuf_printf(b,
                       "add a number of your choice from %d to %d to the current attack roll "
                       "(ROLL_MOD, INWO-2.10.7, 5.20.7)",
                       o->value, o->value2);
        break;
    case OP_AUTO_FAIL:
        tt_dbuf_printf(b, "the current attack fails whatever the roll (AUTO_FAIL, INWO-2.10.7)");
        break;
    case OP_RESTORE:
        tt_dbuf_printf(b, "returns ");
        put_filter(b, c, o->filter, DET_A);
        tt_dbuf_printf(b,
                       " from any destroyed pile to its owner's hand; %s (RESTORE, "
                       "INWO-2.10.7, 10.1.3)",
                       o->allow_killed ? "killed Personalities too" : "never a killed Personality");
        break;
    case OP_REPEAL:
        put_choices(b, "removes one lasting effect: ", o->mask, repeal_words, 4,
                    " (REPEAL, INWO-2.10.7, 5.20.4)");
        break;
    case OP_DESTROY_RESOURCE:
        tt_dbuf_printf(b, "destroys one Resource in play (DESTROY_RESOURCE, INWO-2.10.7, "
                          "5.13.5)");
        break;
    case OP_FREE_TAKEOVER:
        put_around(b, c, "puts ", o->filter,
                   " from your hand onto an open arrow of your Power Structure without an attack "
                   "(FREE_TAKEOVER, INWO-2.10.7, 5.3)");
        break;
    default: /* OP_REORGANIZE */
        tt_dbuf_printf(b, "move any number of your groups to other open arrows of your Power "
                          "Structure, one at a time, at no token cost (REORGANIZE, INWO-2.10.7, "
                          "5.5.2)");
        break;
    }
}

static void put_op(tt_dbuf *b, const inwo_content *c, const inwo_def *d, const inwo_op *o)
{
    if (o->op < INWO_OP_PASSIVE_END)
        put_passive(b, c, d, o);
    else if (o->op < INWO_OP_GOAL_END)
        put_goal(b, c, o);
    else
        put_active(b, c, o);
}

/* The abilities (or a Plot's effects), one line each, activated ones with
 * their use line. */
static void put_abilities(tt_dbuf *b, const inwo_content *c, const inwo_def *d)
{
    const char *head = d->kind != INWO_PLOT ? "Ability"
                       : d->subtype == ST_LINKED || d->subtype == ST_ZAP || d->subtype == ST_NWO
                           ? "Lasting effect"
                           : "Effect";
    for (int i = 0; i < d->nability; i++) {
        const inwo_op *o = &d->ability[i];
        tt_dbuf_printf(b, "%s: ", head);
        put_op(b, c, d, o);
        tt_dbuf_printf(b, ".\n");
        if (d->kind != INWO_PLOT && o->timing != TM_PASSIVE)
            put_use(b, c, "Use", o->timing, o->limit, o->cost, o->ncost);
    }
}

/* --- the kinds ------------------------------------------------------------------------------- */

static void put_arrows(tt_dbuf *b, const inwo_def *d, const char *rule)
{
    if (d->kind == INWO_ILLUMINATI)
        tt_dbuf_printf(b, "Arrows: none in; out ");
    else
        tt_dbuf_printf(b, "Arrows: in %s; out ", side_words[d->arrow_in & 3]);
    if (d->arrows_out)
        put_set(b, d->arrows_out, side_words, 4, ", ");
    else
        tt_dbuf_printf(b, "none");
    tt_dbuf_printf(b, " (%s, 2.11).\n", rule);
}

static void put_group(tt_dbuf *b, const inwo_content *c, const inwo_def *d)
{
    tt_dbuf_printf(b, "Group, %s: Power %d, ", gtype_words[d->gtype], d->power);
    if (d->global)
        tt_dbuf_printf(b, "Global Power %d", d->global);
    else
        tt_dbuf_printf(b, "no Global Power");
    tt_dbuf_printf(b, ", Resistance %d (INWO-2.5.1).\nAlignments: ", d->res);
    if (d->align)
        put_set(b, d->align, align_words, INWO_NALIGN, ", ");
    else
        tt_dbuf_printf(b, "none");
    tt_dbuf_printf(b, " (INWO-2.2). Attributes: ");
    if (d->attr)
        put_attrs(b, c, d->attr, ", ");
    else
        tt_dbuf_printf(b, "none");
    tt_dbuf_printf(b, " (INWO-2.3%s).\n", d->attr >> ATTR_SECRET & 1 ? ", 5.16" : "");
    put_arrows(b, d, "INWO-2.5.1");
    if (d->link_target != INWO_NO_FILTER) {
        tt_dbuf_printf(b, "Link: may be linked to one other group, ");
        put_filter(b, c, d->link_target, DET_A);
        tt_dbuf_printf(b, " (INWO-2.5.1, 6.1.1).\n");
    }
}

static void put_rtypes(tt_dbuf *b, unsigned rtypes)
{
    if (rtypes)
        put_set(b, rtypes, rtype_words, INWO_NRTYPES, ", ");
    else
        tt_dbuf_printf(b, "no type");
}

static void put_resource(tt_dbuf *b, const inwo_content *c, const inwo_def *d)
{
    tt_dbuf_printf(b, "Resource: ");
    put_rtypes(b, d->rtypes);
    tt_dbuf_printf(b, "; %s Action tokens (INWO-2.6.1).\n", d->action ? "receives" : "receives no");
    if (d->rtypes >> RT_UNIQUE & 1)
        tt_dbuf_printf(b, "Unique: one copy in play at most, and none once a copy is destroyed "
                          "(INWO-10.1.6).\n");
    if (!d->has_link) {
        tt_dbuf_printf(b, "Link: to one of its controller's groups, the Illuminati by default; "
                          "it works wherever it is linked (INWO-2.6.2).\n");
        return;
    }
    tt_dbuf_printf(b, "Link: to one of its controller's groups; it works only while linked to ");
    put_filter(b, c, d->link_requires, DET_A);
    tt_dbuf_printf(b, "%s (INWO-2.6.2).\n",
                   d->link_permanent ? ", and its first such link is permanent" : "");
}

static void put_plot(tt_dbuf *b, const inwo_content *c, const inwo_def *d)
{
    tt_dbuf_printf(b, "%s", subtype_words[d->subtype]);
    if (d->color)
        tt_dbuf_printf(b, ", color %s: one NWO of each color in effect (INWO-2.7.2, 5.18.6).\n",
                       color_words[d->color & 3]);
    else
        tt_dbuf_printf(b, " (INWO-2.7.2).\n");
    if (d->subtype == ST_GOAL) {
        tt_dbuf_printf(b, "Shown from the hand to declare victory, never played; one Goal card "
                          "held at most (INWO-2.8.1, 9.4.4).\n");
        return;
    }
    put_use(b, c, "Played", d->timing, d->limit, d->cost, d->ncost);
    if (d->has_link) {
        tt_dbuf_printf(b, "Link: to ");
        put_filter(b, c, d->link_requires, DET_A);
        tt_dbuf_printf(b, "%s (INWO-2.7.1, 6.1.1).\n", d->link_permanent ? ", permanently" : "");
    }
    if (d->limit_per_player)
        tt_dbuf_printf(b,
                       "At most %d linked in one player's Power Structure (INWO-6.4.1, "
                       "6.4.5).\n",
                       d->limit_per_player);
}

static void put_full(tt_dbuf *b, const inwo_content *c, const inwo_def *d)
{
    tt_dbuf_printf(b, "%s (%s)\n", d->name, d->id);
    switch (d->kind) {
    case INWO_ILLUMINATI:
        tt_dbuf_printf(b,
                       "Illuminati: Power %d, Global Power %d; no Resistance, alignments or "
                       "attributes; never attacked, destroyed or moved (INWO-2.4.1, 2.4.2).\n",
                       d->power, d->global);
        put_arrows(b, d, "INWO-2.4.1");
        break;
    case INWO_GROUP: put_group(b, c, d); break;
    case INWO_RESOURCE: put_resource(b, c, d); break;
    default: put_plot(b, c, d); break;
    }
    put_abilities(b, c, d);
    if (d->has_goal) {
        tt_dbuf_printf(b, d->kind == INWO_ILLUMINATI ? "Special Goal: " : "Goal: ");
        put_op(b, c, d, &d->goal);
        tt_dbuf_printf(b, ".\n");
    }
}

static void put_summary(tt_dbuf *b, const inwo_content *c, const inwo_def *d)
{
    switch (category(d)) {
    case CAT_ILLUMINATI: tt_dbuf_printf(b, "Illuminati, Power %d; Special Goal: ", d->power); break;
    case CAT_GROUP:
        tt_dbuf_printf(b, "%s: Power %d, Global %d, Resistance %d", gtype_words[d->gtype], d->power,
                       d->global, d->res);
        if (d->align) {
            tt_dbuf_printf(b, "; ");
            put_set(b, d->align, align_words, INWO_NALIGN, ", ");
        }
        return;
    case CAT_RESOURCE:
        tt_dbuf_printf(b, "Resource (");
        put_rtypes(b, d->rtypes);
        tt_dbuf_printf(b, "): ");
        break;
    case CAT_PLOT: tt_dbuf_printf(b, "%s: ", subtype_words[d->subtype]); break;
    default: tt_dbuf_printf(b, "Goal: "); break;
    }
    const inwo_op *o = d->kind == INWO_PLOT && d->has_goal ? &d->goal
                       : d->kind == INWO_ILLUMINATI        ? &d->goal
                       : d->nability                       ? &d->ability[0]
                                                           : NULL;
    if (o)
        put_op(b, c, d, o);
    else
        tt_dbuf_printf(b, "no ability");
}

int inwo_describe(const tt_game *g, int i, int what, char *buf, size_t n)
{
    const inwo_content *c = g->content;
    int d = nth(c, i);
    if (n == 0 || d < 0)
        return TT_EARG;
    const inwo_def *def = &c->def[d];
    tt_dbuf b;
    tt_dbuf_init(&b, buf, n);
    if (what == TT_DESCRIBE_KIND)
        tt_dbuf_printf(&b, "%s", cat_names[category(def)]);
    else if (what == TT_DESCRIBE_NAME)
        tt_dbuf_printf(&b, "%s", def->name);
    else if (what == TT_DESCRIBE_SUMMARY)
        put_summary(&b, c, def);
    else
        put_full(&b, c, def);
    return tt_dbuf_done(&b);
}
