/* Braunau — content texts: every token type, agent and item card described in
 * words from its content (BRA-2.4, BRA-2.7, BRA-2.14).
 *
 * Nothing here is stored prose: each text is written from the loaded content,
 * the token types' names and standard counts, the constants of BRA-2.1 (costs,
 * gold, trigger level, ability levels and charges, VP), each agent's kind,
 * tier, price and ability effect code (BRA-2.11), and each item's type, kind,
 * price and use cost (BRA-6.19), so a user's own content file is described as
 * exactly as the sample. The describable things are numbered in catalogue
 * order: the token types, then the agents in data order, then the items.
 * Reads content only, never a state; not on the playout path. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/dbuf.h"
#include "games/braunau/braunau.h"

enum { G_TYPES, G_AGENTS, G_ITEMS, G_COUNT };

static const char *const group_names[G_COUNT] = {"Token types", "Agents", "Item cards"};

static int group_size(const bra_content *c, int g)
{
    return g == G_TYPES ? T_NTYPES : g == G_AGENTS ? c->nagents : c->nitems;
}

/* The i-th describable thing: its group and index there. 0, or -1 past the end. */
static int nth(const bra_content *c, int i, int *group, int *idx)
{
    if (i < 0)
        return -1;
    for (int g = 0; g < G_COUNT; g++) {
        if (i < group_size(c, g)) {
            *group = g;
            *idx = i;
            return 0;
        }
        i -= group_size(c, g);
    }
    return -1;
}

/* "FORGED_PAPERS" → "Forged Papers". */
static void put_title(tt_dbuf *b, const char *code)
{
    for (int k = 0; code[k]; k++) {
        int first = k == 0 || code[k - 1] == '_';
        char ch = code[k] == '_' ? ' ' : code[k];
        tt_dbuf_printf(b, "%c", first ? ch : (char)tolower((unsigned char)ch));
    }
}

static int agent_token(int t)
{
    return t != T_REFILL && t != T_GOLD && t != T_BR && t != T_FA; /* BRA-2.5 */
}

/* --- token types ---------------------------------------------------------------------- */

/* What a deployed token of type t does, with the constants' numbers. */
static void put_type_effect(tt_dbuf *b, const bra_content *c, int t, int full)
{
    const bra_params *p = &c->p;
    switch (t) {
    case T_DROP:
        tt_dbuf_printf(b, full ? "Puts one of your agents from the reserve into play in an area of "
                                 "your choice, secretly unless it is a mob (BRA-6.5)."
                               : "an agent from the reserve into play");
        break;
    case T_ABIL:
        if (full)
            tt_dbuf_printf(b,
                           "Names one of your agents; once its ability is enabled, UPGRADE "
                           "raises it one level (to at most %d) and refills its charges to %d, "
                           "RELOAD refills them to %d (BRA-6.6).",
                           p->ability_max_level, p->ability_charges, p->ability_charges);
        else
            tt_dbuf_printf(b, "upgrade or reload the named agent's ability");
        break;
    case T_SPEC:
        if (full)
            tt_dbuf_printf(b,
                           "Enables the ability of one of your agents in play: level 1, %d "
                           "charges (BRA-6.7).",
                           p->ability_charges);
        else
            tt_dbuf_printf(b, "enable an agent's ability");
        break;
    case T_REFILL:
        if (full)
            tt_dbuf_printf(b,
                           "Buys one item card from the market row of %d for its price in gold "
                           "(BRA-6.8).",
                           p->market_row);
        else
            tt_dbuf_printf(b, "buy one market item");
        break;
    case T_SUMMON:
        if (full)
            tt_dbuf_printf(b,
                           "One of your agents in play, not a mob, hosts an enemy agent, not a "
                           "mob, at a secret meeting: it moves to the host's area; then nothing "
                           "more, an interrogation (a reveal of its faction's other agents), or "
                           "a bribe for its price in gold that removes it for %d VP (BRA-6.9, "
                           "BRA-6.22).",
                           p->bribe_vp);
        else
            tt_dbuf_printf(b, "secret meeting: interrogate or bribe an enemy agent");
        break;
    case T_CI:
        tt_dbuf_printf(b, full ? "EXTRACT: learn an enemy agent's true area; or FALSIFY: one of "
                                 "your agents, not a mob, reports a false area until your next "
                                 "turn (BRA-6.10)."
                               : "extract an enemy's true area, or plant a decoy");
        break;
    case T_POP:
        if (full)
            tt_dbuf_printf(b,
                           "Raises your support in the area of one of your agents in play to "
                           "%d, which triggers a rally there (BRA-6.11, BRA-6.21).",
                           p->trigger_level);
        else
            tt_dbuf_printf(b, "own support to %d where an agent stands", p->trigger_level);
        break;
    case T_GOLD:
        tt_dbuf_printf(b,
                       full ? "Adds %d gold to your treasury, for items and bribes (BRA-6.12)."
                            : "+%d gold",
                       p->gold_per_nazi_gold);
        break;
    case T_BR:
        tt_dbuf_printf(b, full ? "Reveals every enemy agent reported in an area of your choice or "
                                 "an area adjacent to it, decoys honoured (BRA-6.13)."
                               : "reveal enemy agents in a district");
        break;
    case T_FA:
        tt_dbuf_printf(b, full ? "Reveals every enemy agent in play, decoys honoured (BRA-6.14)."
                               : "reveal every enemy agent");
        break;
    }
}

static void put_type_full(tt_dbuf *b, const bra_content *c, int t)
{
    const bra_params *p = &c->p;
    tt_dbuf_printf(b, "%s (%s)\n", c->type_name[t], bra_type_code_name(t));
    if (agent_token(t))
        tt_dbuf_printf(b,
                       "Agent token: benefits one of your agents; costs %d AP, %d for each "
                       "further token for the same agent in one turn (BRA-2.5, BRA-6.4.2).\n",
                       p->deploy_cost_first, p->deploy_cost_repeat);
    else
        tt_dbuf_printf(b, "Faction token: benefits no agent; costs %d AP (BRA-2.5, BRA-6.4.2).\n",
                       p->deploy_cost_first);
    put_type_effect(b, c, t, 1);
    tt_dbuf_printf(b, "\n%d in a standard deck", c->ntypes_std[t]);
    if (t == T_BR || t == T_FA) {
        tt_dbuf_printf(b, ", for");
        for (int f = 0, k = 0; f < BRA_NF; f++)
            if (c->f[f].records == t)
                tt_dbuf_printf(b, "%s %s", k++ ? "," : "", c->f[f].name);
        tt_dbuf_printf(b, " only");
    }
    tt_dbuf_printf(b, " (BRA-2.4, BRA-3.4).\n");
}

/* --- agents ------------------------------------------------------------------------------ */

static void put_ability_effect(tt_dbuf *b, int effect, int full)
{
    switch (effect) {
    case EF_AGITATE:
        tt_dbuf_printf(b, full ? "+L own support in the agent's area" : "+L support");
        break;
    case EF_SABOTAGE:
        tt_dbuf_printf(b, full ? "-L support of one chosen enemy faction in the agent's area"
                               : "-L enemy support");
        break;
    case EF_COURIER:
        tt_dbuf_printf(b, full ? "move the agent up to L+1 steps, unexposed" : "move L+1 steps");
        break;
    case EF_SURVEY:
        tt_dbuf_printf(b, full ? "privately reveal enemy agents within distance L-1 of the agent"
                               : "reveal enemies within L-1");
        break;
    case EF_FUNDRAISE: tt_dbuf_printf(b, "+L gold"); break;
    case EF_ARREST:
        tt_dbuf_printf(b,
                       full ? "arrest one named enemy agent, not a mob, whose true area is within "
                              "distance L-1"
                            : "arrest within L-1");
        break;
    }
}

static void put_agent_summary(tt_dbuf *b, const bra_content *c, const bra_agent *a)
{
    tt_dbuf_printf(b, "%s %s%s%s", c->f[a->faction].name, a->mob ? "mob" : "agent",
                   a->extended ? ", extended" : "", a->resident ? ", resident" : "");
    if (!a->mob)
        tt_dbuf_printf(b, ", price %d", a->price);
    tt_dbuf_printf(b, "; %s %s: ", a->ability, bra_effect_name(a->effect));
    put_ability_effect(b, a->effect, 0);
}

static void put_agent_full(tt_dbuf *b, const bra_content *c, const bra_agent *a)
{
    const bra_params *p = &c->p;
    tt_dbuf_printf(b, "%s (%s)\n", a->name, a->id);
    tt_dbuf_printf(b, "%s of %s, %s (BRA-2.7).\n", a->mob ? "Mob" : "Agent", c->f[a->faction].name,
                   a->extended ? "extended character" : "base agent");
    if (a->extended)
        tt_dbuf_printf(b, "In the roster only when a customized deck declares it (BRA-2.9).\n");
    if (a->resident)
        tt_dbuf_printf(b, "Resident: starts the game in play, exposed (BRA-4.1).\n");
    if (a->mob)
        tt_dbuf_printf(b, "Its position is always public; it cannot be summoned, denounced, "
                          "arrested or bribed, host a meeting, denounce or carry a decoy "
                          "(BRA-2.8).\n");
    else
        tt_dbuf_printf(b, "Bribe price: %d gold (BRA-6.9).\n", a->price);
    tt_dbuf_printf(b, "Ability %s, %s: ", a->ability, bra_effect_name(a->effect));
    put_ability_effect(b, a->effect, 1);
    tt_dbuf_printf(b, ", where L is its level 1..%d (BRA-2.11, BRA-6.18.2).\n",
                   p->ability_max_level);
    tt_dbuf_printf(b,
                   "Enabled by a SPEC token, upgraded and reloaded by ABIL tokens naming it, at "
                   "most %d in a deck; each use spends a charge and %d AP (BRA-6.6, BRA-6.7, "
                   "BRA-6.18.1).\n",
                   p->max_abil_per_agent, p->cost_ability);
}

/* --- items ---------------------------------------------------------------------------------- */

static void put_item_effect(tt_dbuf *b, const bra_content *c, const bra_item *it, int full)
{
    switch (it->type) {
    case IT_FORGED_PAPERS:
        tt_dbuf_printf(b, full ? "When a removal would hit one of your agents, this card is "
                                 "discarded instead and the removal is cancelled, even in another "
                                 "player's turn (BRA-6.19.1, BRA-6.22)."
                               : "cancels one removal of your agent");
        break;
    case IT_MOTORCAR:
        tt_dbuf_printf(b, full ? "Each turn, one MOVE may go 2 steps (BRA-6.19.1, BRA-6.15)."
                               : "one 2-step MOVE per turn");
        break;
    case IT_PRINTING_PRESS:
        tt_dbuf_printf(b,
                       full ? "Each turn, your first AGITATE costs 1 AP instead of %d "
                              "(BRA-6.19.1, BRA-6.16)."
                            : "one AGITATE per turn for 1 AP instead of %d",
                       c->p.cost_agitate);
        break;
    case IT_INFORMANT:
        tt_dbuf_printf(b,
                       full ? "USE item=%s area=X, %d AP: reveals every enemy agent reported in "
                              "X, decoys honoured; then discarded (BRA-6.19.1)."
                            : "use (%.0s%d AP): reveal enemies in one area",
                       it->id, it->use_ap);
        break;
    case IT_LEAFLETS:
        tt_dbuf_printf(b,
                       full ? "USE item=%s agent=A, %d AP: +1 own support in the area of your "
                              "agent A, below %d; then discarded (BRA-6.19.1, BRA-6.21)."
                            : "use (%.0s%d AP): +1 support where an agent stands",
                       it->id, it->use_ap, c->p.support_max);
        break;
    case IT_DOSSIER:
        tt_dbuf_printf(
            b, full ? "+%d VP at final scoring (BRA-6.19.1, BRA-9.1)." : "+%d VP at the end",
            it->end_vp);
        break;
    }
}

static const char *const ikind_words[] = {"passive", "permanent", "one use"};

static void put_item_full(tt_dbuf *b, const bra_content *c, const bra_item *it)
{
    put_title(b, bra_itype_name(it->type));
    tt_dbuf_printf(b, " (%s)\n", it->id);
    tt_dbuf_printf(b,
                   "Item card, %s, price %d gold, bought with a REFILL token from the market "
                   "row (BRA-2.14, BRA-6.8).\n",
                   ikind_words[it->kind], it->price);
    put_item_effect(b, c, it, 1);
    tt_dbuf_printf(b, "\n");
}

const char *bra_describe_id(const tt_game *g, int i)
{
    const bra_content *c = bra_content_of(g);
    int group, k;
    if (nth(c, i, &group, &k) < 0)
        return NULL;
    return group == G_TYPES    ? bra_type_code_name(k)
           : group == G_AGENTS ? c->a[k].id
                               : c->item[k].id;
}

int bra_describe(const tt_game *g, int i, int what, char *buf, size_t n)
{
    const bra_content *c = bra_content_of(g);
    int group, k;
    if (n == 0 || nth(c, i, &group, &k) < 0)
        return TT_EARG;
    tt_dbuf b;
    tt_dbuf_init(&b, buf, n);
    if (what == TT_DESCRIBE_KIND) {
        tt_dbuf_printf(&b, "%s", group_names[group]);
    } else if (what == TT_DESCRIBE_NAME) {
        if (group == G_TYPES)
            tt_dbuf_printf(&b, "%s", c->type_name[k]);
        else if (group == G_AGENTS)
            tt_dbuf_printf(&b, "%s", c->a[k].name);
        else
            put_title(&b, bra_itype_name(c->item[k].type));
    } else if (what == TT_DESCRIBE_SUMMARY) {
        if (group == G_TYPES) {
            tt_dbuf_printf(&b, "%s token, %d AP: ", agent_token(k) ? "agent" : "faction",
                           c->p.deploy_cost_first);
            put_type_effect(&b, c, k, 0);
        } else if (group == G_AGENTS) {
            put_agent_summary(&b, c, &c->a[k]);
        } else {
            tt_dbuf_printf(&b, "item, %s, %d gold: ", ikind_words[c->item[k].kind],
                           c->item[k].price);
            put_item_effect(&b, c, &c->item[k], 0);
        }
    } else if (group == G_TYPES) {
        put_type_full(&b, c, k);
    } else if (group == G_AGENTS) {
        put_agent_full(&b, c, &c->a[k]);
    } else {
        put_item_full(&b, c, &c->item[k]);
    }
    return tt_dbuf_done(&b);
}

int bra_type_summary(const bra_content *c, int type, char *buf, size_t n)
{
    tt_dbuf b;
    tt_dbuf_init(&b, buf, n);
    put_type_effect(&b, c, type, 0);
    return tt_dbuf_done(&b);
}

int bra_item_summary(const bra_content *c, int item, char *buf, size_t n)
{
    tt_dbuf b;
    tt_dbuf_init(&b, buf, n);
    tt_dbuf_printf(&b, "%s: ", ikind_words[c->item[item].kind]);
    put_item_effect(&b, c, &c->item[item], 0);
    return tt_dbuf_done(&b);
}
