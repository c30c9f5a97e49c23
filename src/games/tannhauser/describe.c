/* Tannhäuser — content texts: every piece of equipment, character, crate
 * token and objective token described in words from its content (TAN-2.5 …
 * TAN-2.7).
 *
 * Nothing here is stored prose: each text is written from the loaded
 * definitions (a weapon's profile with its type defaults filled in at load,
 * an effect primitive of TAN-2.6.2 with its numbers, a character's rows,
 * skills, slots and packs), so a user's own files are described as exactly
 * as the sample. The describable things are numbered in catalogue order:
 * equipment, characters, crate tokens, objective tokens, each in definition
 * order. Reads content only, never a state; not on the playout path. */
#include <stdio.h>
#include <string.h>

#include "core/dbuf.h"
#include "games/tannhauser/tannhauser.h"

enum { G_EQUIP, G_CHARS, G_CRATES, G_OBJS, G_COUNT };

static const char *const group_names[G_COUNT] = {"Equipment", "Characters", "Crate tokens",
                                                 "Objective tokens"};
static const char *const kind_words[] = {"weapon", "item", "ability", "medal", "rank"};
static const char *const wtype_words[WT_COUNT] = {"unarmed", "hand-to-hand", "pistol", "automatic",
                                                  "heavy",   "grenade",      "mental"};

static int group_size(const tan_content *c, int g)
{
    return g == G_EQUIP    ? c->nequip
           : g == G_CHARS  ? c->nchars
           : g == G_CRATES ? c->ncrates
                           : c->nobjs;
}

/* The i-th describable thing: its group and index there. 0, or -1 past the end. */
static int nth(const tan_content *c, int i, int *group, int *idx)
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

/* --- equipment ---------------------------------------------------------------------- */

static void put_range(tt_dbuf *b, const tan_weapon *w)
{
    if (w->range_min == w->range_max)
        tt_dbuf_printf(b, "range %d", w->range_min);
    else
        tt_dbuf_printf(b, "range %d-%d", w->range_min, w->range_max);
}

static void put_uses(tt_dbuf *b, const tan_weapon *w)
{
    if (w->uses >= 0)
        tt_dbuf_printf(b, ", %d use%s", w->uses, w->uses > 1 ? "s" : "");
}

/* The weapon's profile in a few words: "pistol, +0 dice, range 1-6, up to 1 wound". */
static void put_weapon_short(tt_dbuf *b, const tan_weapon *w)
{
    tt_dbuf_printf(b, "%s, ", wtype_words[w->type]);
    if (w->type == WT_GRENADE)
        tt_dbuf_printf(b, "blast %d dice, ", w->blast_dice);
    else if (w->type != WT_MENTAL)
        tt_dbuf_printf(b, "%+d dice, ", w->dice_mod);
    put_range(b, w);
    tt_dbuf_printf(b, ", up to %d wound%s", w->max_wounds, w->max_wounds > 1 ? "s" : "");
    put_uses(b, w);
}

static void put_weapon_full(tt_dbuf *b, const tan_weapon *w)
{
    switch (w->type) {
    case WT_GRENADE:
        tt_dbuf_printf(b, "Grenade: thrown at a circle at ");
        put_range(b, w);
        tt_dbuf_printf(b,
                       "; a blast of %d dice, each victim suffering up to %d wound%s "
                       "(TAN-5.8); ",
                       w->blast_dice, w->max_wounds, w->max_wounds > 1 ? "s" : "");
        break;
    case WT_MENTAL:
        tt_dbuf_printf(b, "Mental weapon: an attack at ");
        put_range(b, w);
        tt_dbuf_printf(b,
                       " resolved by a Psyche duel, the winner's margin in wounds up to %d "
                       "(TAN-5.9); ",
                       w->max_wounds);
        break;
    default:
        tt_dbuf_printf(b, "Weapon, %s: an attack at ", wtype_words[w->type]);
        put_range(b, w);
        tt_dbuf_printf(b,
                       " with the Combat pool %+d dice, each success a wound up to %d "
                       "(TAN-5.7); ",
                       w->dice_mod, w->max_wounds);
    }
    if (w->uses >= 0)
        tt_dbuf_printf(b, "%d use%s, then removed (TAN-5.7.5).\n", w->uses, w->uses > 1 ? "s" : "");
    else
        tt_dbuf_printf(b, "unlimited uses.\n");
    tt_dbuf_printf(b, "Weapons of one type stack in one slot (TAN-2.6.6).\n");
}

static void put_effect_short(tt_dbuf *b, const tan_equip *e)
{
    switch (e->effect) {
    case EF_HEAL: tt_dbuf_printf(b, "use: heal %d row%s", e->n, e->n > 1 ? "s" : ""); break;
    case EF_STAT_BONUS: tt_dbuf_printf(b, "%s %+d", tan_stat_name(e->stat), e->n); break;
    case EF_EXTRA_DICE: {
        tt_dbuf_printf(b, "+%d dice with", e->n);
        for (int t = 0, k = 0; t < WT_COUNT; t++)
            if (e->types >> t & 1)
                tt_dbuf_printf(b, "%s%s", k++ ? "/" : " ", wtype_words[t]);
        break;
    }
    case EF_DIE_BONUS: tt_dbuf_printf(b, "+%d to each attack die", e->n); break;
    case EF_GRANT_SKILL: tt_dbuf_printf(b, "skill %s", tan_skill_name(e->skill)); break;
    case EF_MEDAL_VP: tt_dbuf_printf(b, "%d VP", e->n); break;
    case EF_RANK: tt_dbuf_printf(b, "initiative +%d", e->n); break;
    }
}

static void put_effect_full(tt_dbuf *b, const tan_equip *e)
{
    switch (e->effect) {
    case EF_HEAL:
        tt_dbuf_printf(b,
                       "Use (an action phase): heal %d row%s of the carrier or of a friendly "
                       "character adjacent on the same path; the token is then removed from "
                       "the game (TAN-2.6.2, TAN-5.10.1, TAN-5.2.4).\n",
                       e->n, e->n > 1 ? "s" : "");
        break;
    case EF_STAT_BONUS:
        tt_dbuf_printf(b,
                       "While carried: %+d to the carrier's current %s (TAN-2.6.2, "
                       "TAN-5.2.2).\n",
                       e->n, tan_stat_name(e->stat));
        break;
    case EF_EXTRA_DICE:
        tt_dbuf_printf(b, "While carried: +%d dice to the carrier's attack pools with", e->n);
        for (int t = 0, k = 0; t < WT_COUNT; t++)
            if (e->types >> t & 1)
                tt_dbuf_printf(b, "%s %s", k++ ? "," : "", wtype_words[t]);
        tt_dbuf_printf(b, " weapons (TAN-2.6.2, TAN-5.7.3).\n");
        break;
    case EF_DIE_BONUS:
        tt_dbuf_printf(b,
                       "While carried: +%d to each die of the carrier's attack rolls "
                       "(TAN-2.6.2, TAN-5.7).\n",
                       e->n);
        break;
    case EF_GRANT_SKILL:
        tt_dbuf_printf(b, "While carried: the carrier has the skill %s (TAN-2.6.2, TAN-5.13).\n",
                       tan_skill_name(e->skill));
        break;
    case EF_MEDAL_VP:
        tt_dbuf_printf(b,
                       "Its team gains %d VP at setup, or when it is taken from a crate; the "
                       "token is then removed (TAN-2.6.2, TAN-3.7).\n",
                       e->n);
        break;
    case EF_RANK:
        tt_dbuf_printf(b,
                       "While carried: +%d to its owner's initiative roll (TAN-2.6.2, "
                       "TAN-5.19).\n",
                       e->n);
        break;
    }
}

static void put_equip_summary(tt_dbuf *b, const tan_equip *e)
{
    tt_dbuf_printf(b, "%s%s%s: ", e->free ? "free " : "", e->special ? "special " : "",
                   kind_words[e->kind]);
    if (e->kind == EK_WEAPON)
        put_weapon_short(b, &e->weapon);
    else
        put_effect_short(b, e);
}

static void put_equip_full(tt_dbuf *b, const tan_equip *e)
{
    tt_dbuf_printf(b, "%s (%s)\n", e->name, e->id);
    if (e->free)
        tt_dbuf_printf(b,
                       "Free %s: may be dropped, passed and picked up; dropped on death "
                       "(TAN-2.6.1, TAN-5.11).\n",
                       kind_words[e->kind]);
    else
        tt_dbuf_printf(b, "%c%s, not free: never leaves its carrier (TAN-2.6.1).\n",
                       kind_words[e->kind][0] - 'a' + 'A', kind_words[e->kind] + 1);
    if (e->special)
        tt_dbuf_printf(b, "A Special Object: comes with a standard pack (TAN-3.6).\n");
    if (e->kind == EK_WEAPON)
        put_weapon_full(b, &e->weapon);
    else
        put_effect_full(b, e);
}

/* --- characters, crates, objectives -------------------------------------------------- */

static void put_char_summary(tt_dbuf *b, const tan_content *c, const tan_char *ch)
{
    const uint8_t *r = ch->row[0];
    tt_dbuf_printf(b, "%s %s, C%d S%d M%d P%d, %d rows, skills", c->fac[ch->faction].name,
                   ch->cls == CLASS_HERO ? "hero" : "trooper", r[STAT_COMBAT], r[STAT_STAMINA],
                   r[STAT_MOVEMENT], r[STAT_PSYCHE], ch->nrows);
    int any = 0;
    for (int s = 0; s < SK_COUNT; s++)
        if (ch->skills >> s & 1)
            tt_dbuf_printf(b, "%s %s", any++ ? "," : "", tan_skill_name(s));
    if (!any)
        tt_dbuf_printf(b, " none");
}

static void put_char_full(tt_dbuf *b, const tan_content *c, const tan_char *ch)
{
    tt_dbuf_printf(b, "%s (%s)\n", ch->name, ch->id);
    tt_dbuf_printf(b, "%s of %s, %d equipment slots (TAN-2.5.1, TAN-2.6.6).\n",
                   ch->cls == CLASS_HERO ? "Hero" : "Trooper", c->fac[ch->faction].name, ch->slots);
    tt_dbuf_printf(b, "Skills:");
    int any = 0;
    for (int s = 0; s < SK_COUNT; s++)
        if (ch->skills >> s & 1)
            tt_dbuf_printf(b, "%s %s", any++ ? "," : "", tan_skill_name(s));
    tt_dbuf_printf(b, "%s (TAN-5.13).\n", any ? "" : " none");
    tt_dbuf_printf(b, "Health track, one row lost per wound (TAN-5.2.1, TAN-5.2.3):\n");
    for (int k = 0; k < ch->nrows; k++) {
        const uint8_t *r = ch->row[k];
        tt_dbuf_printf(b, "  row %d: Combat %d, Stamina %d, Movement %d, Psyche %d\n", k,
                       r[STAT_COMBAT], r[STAT_STAMINA], r[STAT_MOVEMENT], r[STAT_PSYCHE]);
    }
    for (int p = 0; p < 3; p++) {
        if (!ch->npack[p])
            continue;
        tt_dbuf_printf(b, "Pack %s (TAN-3.6):", tan_pack_name(p));
        for (int k = 0; k < ch->npack[p]; k++)
            tt_dbuf_printf(b, "%s %s", k ? "," : "", c->equip[ch->pack[p][k]].id);
        tt_dbuf_printf(b, ".\n");
    }
    if (ch->special != TAN_NONE)
        tt_dbuf_printf(b, "Special Object: %s, with a standard pack (TAN-3.6).\n",
                       c->equip[ch->special].id);
    if (ch->cls == CLASS_TROOPER)
        tt_dbuf_printf(b, "May come back as a reinforcement (TAN-5.18).\n");
    else
        tt_dbuf_printf(b, "Once dead, stays dead (TAN-5.18.2).\n");
}

static void put_crate(tt_dbuf *b, const tan_content *c, const tan_crate *cr, int full)
{
    if (full)
        tt_dbuf_printf(b,
                       "Crate token %s\nLies face down on a crate site until searched "
                       "(TAN-2.7.1, TAN-3.9.1, TAN-5.12); turned up, it ",
                       cr->id);
    if (cr->kind == CRATE_VP)
        tt_dbuf_printf(b, full ? "gives the searcher's team %d VP (TAN-5.16.2).\n" : "%d VP",
                       cr->vp);
    else if (full)
        tt_dbuf_printf(b,
                       "holds %s (%s), which may be taken or left in the crate "
                       "(TAN-5.12.2).\n",
                       c->equip[cr->equip].name, c->equip[cr->equip].id);
    else
        tt_dbuf_printf(b, "equipment %s", c->equip[cr->equip].id);
}

static void put_objective(tt_dbuf *b, const tan_content *c, const tan_objective *o, int full)
{
    int primary = o->grade == GRADE_PRIMARY;
    if (!full) {
        tt_dbuf_printf(b, "%s %s: %s", c->fac[o->owner].name, primary ? "primary" : "secondary",
                       tan_skill_name(o->skill[0]));
        if (o->nskills > 1)
            tt_dbuf_printf(b, " then %s", tan_skill_name(o->skill[1]));
        return;
    }
    tt_dbuf_printf(b, "Objective token %s\n", o->id);
    tt_dbuf_printf(b, "%s objective of %s, Story mode, category %s (TAN-2.7.2, TAN-3.9.2).\n",
                   primary ? "Primary" : "Secondary", c->fac[o->owner].name,
                   tan_skill_name(o->skill[0]));
    if (primary)
        tt_dbuf_printf(b,
                       "Completed by two tasks on its circle with the skills %s and %s, one "
                       "half each (TAN-5.13.4).\n",
                       tan_skill_name(o->skill[0]), tan_skill_name(o->skill[1]));
    else
        tt_dbuf_printf(b, "Completed by one task on its circle with the skill %s (TAN-5.13.2).\n",
                       tan_skill_name(o->skill[0]));
    tt_dbuf_printf(b, "A character without the skill may buy it with VP (TAN-5.13.3).\n");
}

const char *tan_describe_id(const tt_game *g, int i)
{
    const tan_content *c = tan_content_of(g);
    int group, k;
    if (nth(c, i, &group, &k) < 0)
        return NULL;
    switch (group) {
    case G_EQUIP: return c->equip[k].id;
    case G_CHARS: return c->chr[k].id;
    case G_CRATES: return c->crate[k].id;
    default: return c->obj[k].id;
    }
}

int tan_describe(const tt_game *g, int i, int what, char *buf, size_t n)
{
    const tan_content *c = tan_content_of(g);
    int group, k;
    if (n == 0 || nth(c, i, &group, &k) < 0)
        return TT_EARG;
    tt_dbuf b;
    tt_dbuf_init(&b, buf, n);
    if (what == TT_DESCRIBE_KIND) {
        tt_dbuf_printf(&b, "%s", group_names[group]);
    } else if (what == TT_DESCRIBE_NAME) {
        tt_dbuf_printf(&b, "%s",
                       group == G_EQUIP   ? c->equip[k].name
                       : group == G_CHARS ? c->chr[k].name
                                          : tan_describe_id(g, i));
    } else if (group == G_EQUIP) {
        if (what == TT_DESCRIBE_SUMMARY)
            put_equip_summary(&b, &c->equip[k]);
        else
            put_equip_full(&b, &c->equip[k]);
    } else if (group == G_CHARS) {
        if (what == TT_DESCRIBE_SUMMARY)
            put_char_summary(&b, c, &c->chr[k]);
        else
            put_char_full(&b, c, &c->chr[k]);
    } else if (group == G_CRATES) {
        put_crate(&b, c, &c->crate[k], what == TT_DESCRIBE_FULL);
    } else {
        put_objective(&b, c, &c->obj[k], what == TT_DESCRIBE_FULL);
    }
    return tt_dbuf_done(&b);
}

int tan_equip_summary(const tan_content *c, int def, char *buf, size_t n)
{
    tt_dbuf b;
    tt_dbuf_init(&b, buf, n);
    put_equip_summary(&b, &c->equip[def]);
    return tt_dbuf_done(&b);
}
