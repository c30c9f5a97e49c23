/* X-Files card texts (tt_describe, `tabletop cards xfiles`, `info` at the
 * prompt): every X-File and card of the loaded content, described from its
 * fields, never from stored prose: its type, cost and keywords, its ratings,
 * skills and ability, a Site's prerequisites and questions, when it may be
 * played (its activators) and each effect in words with its numbers and
 * rule IDs. The X-Files come first, then the cards type by type, each in
 * content order. Not on the playout path. */
#include <stdio.h>
#include <string.h>

#include "core/dbuf.h"
#include "core/errors.h"
#include "games/xfiles/xfiles.h"
#include "tabletop/game.h"

static const char *const kind_names[XF_NTYPES] = {"X-Files",     "Agents",       "Sites",
                                                  "Adversaries", "Witnesses",    "Events",
                                                  "Equipment",   "Combat cards", "Bluffs"};
static const char *const type_words[XF_NTYPES] = {"X-File",    "Agent",       "Site",
                                                  "Adversary", "Witness",     "Event",
                                                  "Equipment", "Combat card", "Bluff"};

/* The def of the i-th thing described (by type, then content order), or -1. */
static int nth(const xf_content *c, int i)
{
    for (int t = 0; t < XF_NTYPES; t++)
        for (int d = 0; d < c->ndefs; d++)
            if (c->def[d].type == t && i-- == 0)
                return d;
    return -1;
}

const char *xf_describe_id(const tt_game *g, int i)
{
    const xf_content *c = xf_content_of(g);
    int d = nth(c, i);
    return d < 0 ? NULL : c->def[d].id;
}

static void put_cost(tt_dbuf *b, const xf_def *d)
{
    if (d->cost == XF_COST_X)
        tt_dbuf_printf(b, "cost X %s", xf_pool_name(d->pool));
    else
        tt_dbuf_printf(b, "cost %d %s", d->cost, xf_pool_name(d->pool));
}

static void put_atom(tt_dbuf *b, const xf_content *c, const xf_atom *a)
{
    switch (a->kind) {
    case AT_ACTIVE: tt_dbuf_printf(b, "ACTIVE"); break;
    case AT_CONSPIRACY: tt_dbuf_printf(b, "CONSPIRACY"); break;
    case AT_PHASE: tt_dbuf_printf(b, "%s", xf_phase_name(a->arg)); break;
    case AT_COMBAT: tt_dbuf_printf(b, "COMBAT"); break;
    case AT_SECTION: tt_dbuf_printf(b, "%s", xf_section_name(a->arg)); break;
    case AT_SITE: tt_dbuf_printf(b, "SITE"); break;
    case AT_CAT_SITE: tt_dbuf_printf(b, "%s_SITE", xf_category_name(a->arg)); break;
    default: tt_dbuf_printf(b, "%s", a->arg < c->nwords ? c->word[a->arg] : "?"); break;
    }
}

static void put_activators(tt_dbuf *b, const xf_content *c, const xf_def *d)
{
    if (!d->nactivators)
        return;
    tt_dbuf_printf(b, "Played when:");
    for (int i = 0; i < d->nactivators; i++) {
        tt_dbuf_printf(b, "%s ", i ? " and" : "");
        for (int k = 0; k < d->activator[i].nalt; k++) {
            tt_dbuf_printf(b, k ? "/" : "");
            put_atom(b, c, &d->activator[i].alt[k]);
        }
    }
    tt_dbuf_printf(b, " (XF-2.12).\n");
}

static void put_sections(tt_dbuf *b, unsigned set)
{
    for (int s = 0, n = 0; s < XF_NSECTIONS; s++)
        if (set >> s & 1)
            tt_dbuf_printf(b, "%s%s", n++ ? " or " : "", xf_section_name(s));
}

static void put_words(tt_dbuf *b, const xf_content *c, const uint8_t *w, int n)
{
    for (int i = 0; i < n; i++)
        tt_dbuf_printf(b, "%s%s", i ? "/" : "", w[i] < c->nwords ? c->word[w[i]] : "?");
}

static const char *const negate_words[] = {"an Adversary", "an Event",        "a Witness",
                                           "a Bluff",      "a RESOURCE card", "any card"};

/* One effect primitive in words (XF-2.14.1). */
static void put_effect(tt_dbuf *b, const xf_content *c, const xf_effect *e)
{
    switch (e->op) {
    case OP_SKILL_BONUS:
        if (e->skill == SK_CHECK)
            tt_dbuf_printf(b, "%+d to the level of the open check", e->amount);
        else
            tt_dbuf_printf(b, "%+d to the level of an open %s check", e->amount,
                           xf_skill_name(e->skill));
        break;
    case OP_THRESHOLD_MOD:
        tt_dbuf_printf(b, "%+d to the threshold of the Site check (never below 1)", e->amount);
        break;
    case OP_LIMIT_TEAM:
        tt_dbuf_printf(b, "at most %d Agents of the Team contribute; the others are set aside",
                       e->n);
        break;
    case OP_FORCE_CHECK:
        tt_dbuf_printf(b, "a nested %s check at %d for the Team (XF-5.7.7); if it fails, ",
                       xf_skill_name(e->skill), e->n);
        if (e->fail_dmg)
            tt_dbuf_printf(b, "%d damage to a Team Agent its player chooses", e->fail_dmg);
        else
            tt_dbuf_printf(b, "the Site fails");
        break;
    case OP_NEGATE:
        tt_dbuf_printf(b, "negates %s: to its owner's discard pile without effect",
                       negate_words[e->what < 6 ? e->what : 5]);
        break;
    case OP_DRAW: tt_dbuf_printf(b, "draw %d card%s", e->n, e->n == 1 ? "" : "s"); break;
    case OP_GAIN: tt_dbuf_printf(b, "+%d %s", e->n, xf_pool_name(e->pool)); break;
    case OP_DRAIN:
        tt_dbuf_printf(b, "the opponent loses %d %s", e->n, xf_pool_name(e->pool));
        break;
    case OP_OPP_DISCARD:
        tt_dbuf_printf(b, "the opponent discards %d card%s of his choice", e->n,
                       e->n == 1 ? "" : "s");
        break;
    case OP_LOOK_HAND: tt_dbuf_printf(b, "look at the opponent's hand (XF-6.8)"); break;
    case OP_ASK_QUESTION:
        tt_dbuf_printf(b, "ask the opponent one question in ");
        for (int k = 0, n = 0; k < XF_NCAT; k++)
            if (e->cats >> k & 1)
                tt_dbuf_printf(b, "%s%s", n++ ? " or " : "", xf_category_name(k));
        tt_dbuf_printf(b, ", with no guess (XF-8.2)");
        break;
    case OP_HEAL: tt_dbuf_printf(b, "heal %d damage", e->n); break;
    case OP_DAMAGE: tt_dbuf_printf(b, "%d damage (HEALTH 0: to the Hospital)", e->n); break;
    case OP_MOVE_AGENT:
        tt_dbuf_printf(b, "move the Agent to ");
        put_sections(b, e->sections);
        tt_dbuf_printf(b, ", in a Team of its own");
        break;
    case OP_PERMANENT_MOD:
        tt_dbuf_printf(b, "attached: %+d %s while attached", e->amount, xf_skill_name(e->stat));
        break;
    case OP_COMBAT_BONUS:
        tt_dbuf_printf(b, "%+d to the damage it deals this round", e->amount);
        break;
    case OP_DAMAGE_REDUCE:
        tt_dbuf_printf(b, "%d less damage received this round", e->amount);
        break;
    case OP_CHANGE_KEYWORD:
        tt_dbuf_printf(b, "change a keyword ");
        put_words(b, c, e->from, e->nfrom);
        tt_dbuf_printf(b, " of the target to ");
        put_words(b, c, e->to, e->nto);
        tt_dbuf_printf(b, " until the end of the turn");
        break;
    case OP_JOIN_COMBAT:
        tt_dbuf_printf(b, "joins the Team as a combatant until the end of the turn");
        break;
    case OP_HAND_LIMIT: tt_dbuf_printf(b, "while in play, hand limit %d", e->n); break;
    case OP_TRIGGER_GAIN:
        tt_dbuf_printf(b,
                       "while in play, +%d %s each time a %s card is paid for in the owner's turn",
                       e->n, xf_pool_name(e->pool), e->word < c->nwords ? c->word[e->word] : "?");
        break;
    default: tt_dbuf_printf(b, "?"); break;
    }
}

static void put_mode(tt_dbuf *b, const xf_content *c, const xf_mode *m)
{
    if (m->target != TG_NONE)
        tt_dbuf_printf(b, "target %s: ", xf_target_name(m->target));
    for (int i = 0; i < m->neffects; i++) {
        tt_dbuf_printf(b, i ? "; " : "");
        put_effect(b, c, &m->effect[i]);
    }
}

static void put_effects(tt_dbuf *b, const xf_content *c, const xf_def *d)
{
    if (d->nmodes == 1) {
        tt_dbuf_printf(b, "Effect: ");
        put_mode(b, c, &d->mode[0]);
        tt_dbuf_printf(b, " (XF-2.14.1).\n");
    }
    for (int m = 0; d->nmodes > 1 && m < d->nmodes; m++) {
        tt_dbuf_printf(b, "Mode %d: ", m + 1);
        put_mode(b, c, &d->mode[m]);
        tt_dbuf_printf(b, ".\n");
    }
    if (d->resource)
        tt_dbuf_printf(b, "RESOURCE: stays in play in the %s%s (XF-2.2.3, 2.14.2).\n",
                       xf_section_name(d->resource_zone), d->uses ? "" : " until removed");
    if (d->uses)
        tt_dbuf_printf(b, "Discarded after %d use%s (XF-2.14.2).\n", d->uses,
                       d->uses == 1 ? "" : "s");
}

static void put_ability(tt_dbuf *b, const xf_content *c, const xf_ability *a)
{
    switch (a->op) {
    case AB_RES_PURCHASE_ONLY:
        tt_dbuf_printf(b, "Ability: its RES makes dedicated points, for buying cards only");
        break;
    case AB_RES_SPLIT_CP: tt_dbuf_printf(b, "Ability: its RES may go to CP instead of RP"); break;
    case AB_BUREAU_RES_BONUS:
        tt_dbuf_printf(b, "Ability: RES +%d while in the Bureau", a->n);
        break;
    case AB_DEDICATED_TOKEN:
        tt_dbuf_printf(b, "Ability: a dedicated RP token paying 1 of a card with keyword");
        for (int w = 0, n = 0; w < c->nwords; w++)
            if (xf_words_has(&a->keywords, w))
                tt_dbuf_printf(b, "%s%s", n++ ? "/" : " ", c->word[w]);
        break;
    case AB_HEAL_OTHER:
        tt_dbuf_printf(b, "Ability: once a turn, heals %d of another Agent in its section", a->n);
        break;
    default: return;
    }
    tt_dbuf_printf(b, " (XF-2.15; starting Agents only).\n");
}

static void put_skills(tt_dbuf *b, const uint8_t *skill, int from, int to, const char *head)
{
    int n = 0;
    for (int k = from; k < to; k++)
        if (skill[k])
            tt_dbuf_printf(b, "%s%s %+d", n++ ? ", " : head, xf_skill_name(k), skill[k]);
    if (n)
        tt_dbuf_printf(b, ".\n");
}

static void put_lrc(tt_dbuf *b, int lrc)
{
    if (lrc == XF_NA)
        tt_dbuf_printf(b, "LRC N/A");
    else
        tt_dbuf_printf(b, "LRC %d", lrc);
}

/* The lines proper to the card's type. */
static void put_type_part(tt_dbuf *b, const xf_content *c, const xf_def *d)
{
    switch (d->type) {
    case TY_XFILE:
        for (int k = 0; k < XF_NCAT; k++)
            tt_dbuf_printf(b, "%s%s %s", k ? ", " : "", xf_category_name(k),
                           xf_value_name(k, d->value[k]));
        tt_dbuf_printf(b, " (XF-2.3.1).\n");
        return;
    case TY_AGENT:
        tt_dbuf_printf(b, "RES %d, HEALTH %d, ", d->res, d->health);
        put_lrc(b, d->lrc);
        tt_dbuf_printf(b, ", CRC %d (XF-2.4.1).\n", d->crc);
        put_skills(b, d->skill, 0, XF_NSKILLS, "Skills: ");
        put_ability(b, c, &d->ability);
        return;
    case TY_SITE:
        tt_dbuf_printf(b, "Prerequisite: ");
        for (int k = 0; k < d->nprereq; k++)
            tt_dbuf_printf(b, "%s%s %d", k ? " or " : "", xf_skill_name(d->prereq[k].skill),
                           d->prereq[k].min);
        tt_dbuf_printf(b, "; %s: ", d->nquestions == 1 ? "question" : "questions");
        for (int k = 0; k < d->nquestions; k++)
            tt_dbuf_printf(b, "%s%s", k ? ", " : "", xf_category_name(d->question[k]));
        tt_dbuf_printf(b, " (XF-2.5.2).\n");
        if (d->has_focused)
            tt_dbuf_printf(b, "Focused: the question %s %s only, at threshold %d (XF-2.5.3).\n",
                           xf_category_name(d->focused_cat),
                           xf_value_name(d->focused_cat, d->focused_value), d->focused_min);
        return;
    case TY_ADVERSARY:
        tt_dbuf_printf(b, "HEALTH %d, ", d->health);
        put_lrc(b, d->lrc);
        tt_dbuf_printf(b, ", CRC %d", d->crc);
        if (d->skip_lrc)
            tt_dbuf_printf(b, "; no LRC round");
        if (d->split_damage)
            tt_dbuf_printf(b, "; splits its damage");
        if (d->damage_reduction)
            tt_dbuf_printf(b, "; takes %d less damage a round", d->damage_reduction);
        tt_dbuf_printf(b, " (XF-2.6.1, 5.8).\n");
        return;
    case TY_WITNESS:
        if (d->combat_witness) {
            tt_dbuf_printf(b, "Combat Witness: HEALTH %d, ", d->health);
            put_lrc(b, d->lrc);
            tt_dbuf_printf(b, ", CRC %d (XF-2.7.1).\n", d->crc);
        }
        tt_dbuf_printf(b, "One Witness of a name per check (XF-5.7.5).\n");
        return;
    case TY_EQUIPMENT: put_skills(b, d->bonus, 0, XF_NRATINGS, "Bonus: "); return;
    default: return;
    }
}

static void put_full(tt_dbuf *b, const xf_content *c, const xf_def *d)
{
    tt_dbuf_printf(b, "%s (%s)\n", d->name, d->id);
    tt_dbuf_printf(b, "%s", type_words[d->type]);
    if (d->type != TY_XFILE) {
        tt_dbuf_printf(b, ", ");
        put_cost(b, d);
    }
    if (d->advanced_only)
        tt_dbuf_printf(b, ", Advanced Game only");
    if (d->nkeywords) {
        tt_dbuf_printf(b, "; keywords:");
        for (int k = 0; k < d->nkeywords; k++)
            tt_dbuf_printf(b, " %s", c->word[d->keyword[k]]);
    }
    tt_dbuf_printf(b, " (XF-2.2).\n");
    put_type_part(b, c, d);
    put_activators(b, c, d);
    put_effects(b, c, d);
}

static void put_summary(tt_dbuf *b, const xf_content *c, const xf_def *d)
{
    if (d->type == TY_XFILE) {
        for (int k = 0; k < XF_NCAT; k++)
            tt_dbuf_printf(b, "%s%s", k ? " " : "", xf_value_name(k, d->value[k]));
        return;
    }
    tt_dbuf_printf(b, "%s, ", type_words[d->type]);
    put_cost(b, d);
    if (d->type == TY_AGENT)
        tt_dbuf_printf(b, ": RES %d, HEALTH %d", d->res, d->health);
    else if (d->type == TY_SITE)
        tt_dbuf_printf(b, ": %s %d", xf_skill_name(d->prereq[0].skill), d->prereq[0].min);
    else if (d->type == TY_ADVERSARY)
        tt_dbuf_printf(b, ": HEALTH %d, CRC %d", d->health, d->crc);
    else if (d->type == TY_EQUIPMENT) {
        for (int k = 0, m = 0; k < XF_NRATINGS; k++)
            if (d->bonus[k])
                tt_dbuf_printf(b, "%s%s %+d", m++ ? ", " : ": ", xf_skill_name(k), d->bonus[k]);
    } else if (d->nmodes) {
        tt_dbuf_printf(b, ": ");
        put_effect(b, c, &d->mode[0].effect[0]);
        if (d->nmodes > 1 || d->mode[0].neffects > 1)
            tt_dbuf_printf(b, ", ...");
    }
}

int xf_describe(const tt_game *g, int i, int what, char *buf, size_t n)
{
    const xf_content *c = xf_content_of(g);
    int d = nth(c, i);
    if (n == 0 || d < 0)
        return TT_EARG;
    const xf_def *def = &c->def[d];
    tt_dbuf b;
    tt_dbuf_init(&b, buf, n);
    if (what == TT_DESCRIBE_KIND)
        tt_dbuf_printf(&b, "%s", kind_names[def->type]);
    else if (what == TT_DESCRIBE_NAME)
        tt_dbuf_printf(&b, "%s", def->name);
    else if (what == TT_DESCRIBE_SUMMARY)
        put_summary(&b, c, def);
    else
        put_full(&b, c, def);
    return tt_dbuf_done(&b);
}
