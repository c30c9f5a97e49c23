/* The X-File Powers (XF-9.13), an optional rule (opt_xfile_powers=1).
 *
 * A player's X-File grants a power for each of its four values once that
 * value is revealed: an opponent received a yes to a question naming it, or
 * the owner announced it (`announce <VALUE>`). A power's id is category *
 * XF_NVALUES + value, so a player holds at most one power per category, and
 * what he used of it lives in a bit or two per category (xf_powers).
 *
 * Decisions where XF-9.13 is silent (docs/games/xfiles.md lists them):
 *  - A use is an action of its owner while he holds priority in a window
 *    (XF-4.3), `power <VALUE>` followed by its target (and for IDEOLOGY the
 *    keyword change), like a play: nothing goes on the stack, the use takes
 *    effect at once and passes priority on (XF-4.3.2), so every other
 *    player may answer it. Two powers have their moment in their text:
 *    KNOWLEDGE is used in step B5 by the opponent whose turn it is to sell,
 *    right after the Investigating Player's Briefing draws; SUBTERFUGE,
 *    CONTROL and SURVIVAL in the window of step H4 of an opponent's turn.
 *  - `announce <VALUE>` is taken in a window while holding priority, and
 *    keeps it. A use names the value, and a passive power that changes a
 *    price or deals damage shows it: every player then knows the value.
 *  - XF-9.13.2 needs no action of its own: uses of the same power act on
 *    each other's results (an IDEOLOGY change may be changed back).
 *  - IDEOLOGY changes a value keyword (XF-2.1.1) of a card in play into
 *    another value of the same category, until the end of the turn, as a
 *    CHANGE_KEYWORD does (XF-2.13.2, limited by XF-2.18.2).
 *  - SURVIVAL's "two consecutive turns" are two consecutive turns of the
 *    damaged Agent's owner.
 *  - POSSESSION: the possessed Agent leaves the Agents' side of the Combat
 *    (it neither deals damage to the Adversary nor is allocated any) and
 *    adds its LRC or CRC damage to the Adversary's, until it leaves the
 *    Team at the Site (at 0 HEALTH it goes to the Hospital) or the Combat
 *    ends. It needs another combatant on the Agents' side.
 *  - PHYSIOLOGICAL_IMBALANCE: in a Combat round the Agent deals 2 less; in
 *    another check the level drops by 2, or by the Agent's contribution
 *    when that is smaller.
 *  - INSANITY: the damage goes to an Agent of the Witness's player outside
 *    the Hospital, his choice (`hurt <agent>`), one point per opponent
 *    holding INSANITY; a Witness played from the hand only (XF-1.3).
 *  - DEATH applies by itself to the first Combat card its owner plays on
 *    his Adversary in each Combat; MANIPULATION to Events paid from CP.
 *  - KNOWLEDGE is used once in a turn: a second look at the same hand would
 *    spend a token for nothing.
 *  - SECURITY: a Bluff played face up costs 1 less; a face-down one paid at
 *    its reveal (cost - 1, XF-5.6.6) 2 less.
 *  - ABDUCTION: the Agent leaves play (its attached cards to the discard
 *    pile) and lies face up in the deck; the instant nothing lies above it,
 *    it goes to the Hospital undamaged.
 * Playout path: no allocation; strings only in refusals when err is given. */
#include "core/errors.h"
#include "core/events.h"
#include "core/pile.h"
#include "core/round.h"
#include "games/xfiles/xfiles.h"

#define P(s) ((s)->active)

static const uint8_t token_count[XF_NCAT * XF_NVALUES] = {
    [PW_KNOWLEDGE] = 2, [PW_POSSESSION] = 2, [PW_VIOLENCE] = 2,
    [PW_THREATS] = 3,   [PW_ABDUCTION] = 2,  [PW_PHYSIOLOGICAL_IMBALANCE] = 3};

static int once_per_turn(int id)
{
    return id == PW_SUBTERFUGE || id == PW_CONTROL || id == PW_IDEOLOGY || id == PW_SURVIVAL ||
           id == PW_PHYSIOLOGICAL_IMBALANCE || id == PW_DEATH || id == PW_KNOWLEDGE;
}

/* The powers used by an action; the others apply by themselves. */
static int is_active(int id)
{
    return id >= XF_NVALUES && id != PW_SECURITY && id != PW_MANIPULATION && id != PW_DEATH &&
           id != PW_INSANITY && id != PW_MANIPULATION_OF_EVIDENCE;
}

static int has_target(int id)
{
    return id == PW_SURVIVAL || id == PW_IDEOLOGY || id == PW_THREATS || id == PW_POSSESSION ||
           id == PW_ABDUCTION || id == PW_PHYSIOLOGICAL_IMBALANCE;
}

int xf_power_of(const xf_content *c, const xf_state *s, int p, int cat)
{
    return cat * XF_NVALUES + c->def[c->catalogue[s->pl[p].xfile]].value[cat];
}

int xf_has_power(const xf_content *c, const xf_state *s, int p, int id)
{
    const xf_player *pl = &s->pl[p];
    int cat = id / XF_NVALUES;
    return c->opt.powers && pl->xfile != XF_NONE && !(pl->flags & PL_CONCEDED) &&
           (pl->pw.revealed >> cat & 1) && xf_power_of(c, s, p, cat) == id;
}

int xf_power_tokens(const xf_state *s, int p, int id)
{
    int left = token_count[id] - (s->pl[p].pw.spent >> 2 * (id / XF_NVALUES) & 3);
    return left > 0 ? left : 0;
}

int xf_power_token_count(int id)
{
    return token_count[id];
}

void xf_power_reveal(const xf_content *c, xf_state *s, int p, int cat, int public)
{
    if (!c->opt.powers)
        return;
    s->pl[p].pw.revealed |= (uint8_t)(1u << cat);
    if (public)
        s->pl[p].pw.pub |= (uint8_t)(1u << cat);
}

uint8_t xf_reveals_known(const xf_state *s, int v, int q)
{
    if (v == q)
        return s->pl[q].pw.revealed;
    uint8_t known = s->pl[q].pw.pub;
    for (int cat = 0; cat < XF_NCAT && v >= 0 && v < XF_MAX_PLAYERS; cat++)
        if (s->pl[v].yes[q] >> (cat * XF_NVALUES) & ((1u << XF_NVALUES) - 1))
            known |= (uint8_t)(1u << cat);
    return known & s->pl[q].pw.revealed;
}

/* A use of power id by p: the value becomes known to all, a token is spent
 * or the turn's use taken. */
static void used(const xf_content *c, xf_state *s, int p, int id, int tseat, int tinst,
                 tt_events *ev)
{
    xf_powers *w = &s->pl[p].pw;
    int cat = id / XF_NVALUES;
    xf_power_reveal(c, s, p, cat, 1);
    if (token_count[id])
        w->spent = (uint8_t)(w->spent + (1u << 2 * cat));
    if (once_per_turn(id))
        w->used |= (uint8_t)(1u << cat);
    tt_emit(ev, EV_POWER, p, TT_SEEN_ALL, p, id, tseat, tinst);
}

/* --- the powers that apply by themselves -------------------------------------------------------- */

static int combat_round(const xf_state *s)
{
    return s->combat.on && s->nchecks > 0 &&
           (s->check[s->nchecks - 1].kind == CK_LRC || s->check[s->nchecks - 1].kind == CK_CRC);
}

/* DEATH: the first Combat card p plays on his Adversary in this Combat. */
static int death_applies(const xf_content *c, const xf_state *s, const xf_decl *d)
{
    return xf_inst_def(c, d->seat, d->inst)->type == TY_COMBAT && s->combat.on &&
           s->combat.adv_seat == d->seat && d->tseat == d->seat && d->tinst == s->combat.adv_inst &&
           xf_has_power(c, s, d->seat, PW_DEATH) && !(s->pl[d->seat].pw.used >> CAT_RESULT & 1);
}

int xf_power_discount(const xf_content *c, const xf_state *s, const xf_decl *d, int pool)
{
    const xf_def *def = xf_inst_def(c, d->seat, d->inst);
    int off = 0;
    if (d->power == PW_VIOLENCE)
        off += 2;
    if (def->type == TY_EVENT && pool == POOL_CP && xf_has_power(c, s, d->seat, PW_MANIPULATION))
        off += 1;
    if (def->type == TY_BLUFF && xf_has_power(c, s, d->seat, PW_SECURITY))
        off += 1;
    if (death_applies(c, s, d))
        off += 99; /* free */
    return off;
}

void xf_power_paid(const xf_content *c, xf_state *s, const xf_decl *d, int pool, tt_events *ev)
{
    const xf_def *def = xf_inst_def(c, d->seat, d->inst);
    if (d->power == PW_VIOLENCE)
        used(c, s, d->seat, PW_VIOLENCE, XF_NONE, XF_NONE, ev);
    if (death_applies(c, s, d))
        used(c, s, d->seat, PW_DEATH, d->tseat, d->tinst, ev);
    if (def->type == TY_EVENT && pool == POOL_CP && xf_has_power(c, s, d->seat, PW_MANIPULATION))
        xf_power_reveal(c, s, d->seat, CAT_METHOD, 1);
    if (def->type == TY_BLUFF && xf_has_power(c, s, d->seat, PW_SECURITY))
        xf_power_reveal(c, s, d->seat, CAT_MOTIVE, 1);
}

int xf_power_skips_site(const xf_content *c, const xf_state *s, int seat, int inst)
{
    if (xf_inst_def(c, seat, inst)->type != TY_ADVERSARY || s->pl[seat].xfile == XF_NONE)
        return 0;
    int id = xf_power_of(c, s, seat, CAT_AFFILIATION);
    xf_words w = xf_card_words(c, s, seat, inst);
    return xf_has_power(c, s, seat, id) &&
           xf_words_has(&w, c->value_word[CAT_AFFILIATION][id % XF_NVALUES]);
}

int xf_site_surcharge(const xf_content *c, const xf_state *s)
{
    int n = 0;
    for (int q = 0; q < c->opt.nplayers; q++)
        n += q != P(s) && xf_has_power(c, s, q, PW_MANIPULATION_OF_EVIDENCE);
    return n;
}

void xf_site_surcharge_paid(const xf_content *c, xf_state *s)
{
    for (int q = 0; q < c->opt.nplayers; q++)
        if (q != P(s) && xf_has_power(c, s, q, PW_MANIPULATION_OF_EVIDENCE))
            xf_power_reveal(c, s, q, CAT_RESULT, 1);
}

/* The Agents of seat's that may take INSANITY's damage: outside the Hospital. */
static unsigned hurtable(const xf_state *s, int seat)
{
    unsigned m = 0;
    for (int k = 0; k < XF_MAX_AGENTS; k++)
        if (s->pl[seat].agent[k].inst != XF_NONE && s->pl[seat].agent[k].section != SEC_HOSPITAL)
            m |= 1u << k;
    return m;
}

void xf_power_witness(const xf_content *c, xf_state *s, int seat, tt_events *ev)
{
    int n = 0;
    for (int q = 0; q < c->opt.nplayers; q++)
        if (q != seat && xf_has_power(c, s, q, PW_INSANITY)) {
            xf_power_reveal(c, s, q, CAT_RESULT, 1);
            tt_emit(ev, EV_POWER, q, TT_SEEN_ALL, q, PW_INSANITY, seat, -1);
            n++;
        }
    for (; n > 0 && hurtable(s, seat); n--) {
        unsigned m = hurtable(s, seat);
        if (m & (m - 1)) { /* a choice: his own */
            s->decl = (xf_decl){.kind = A_HURT, .seat = (uint8_t)seat, .x = (uint8_t)n};
            return;
        }
        xf_damage_agent(c, s, seat, __builtin_ctz(m), 1, ev);
    }
}

/* --- the powers a player uses ----------------------------------------------------------------- */

/* The Agent slot of (seat, inst), or -1. */
static int slot_of(const xf_state *s, int seat, int inst)
{
    return seat < XF_MAX_PLAYERS && inst < XF_MAX_CARDS ? xf_agent_slot(s, seat, inst) : -1;
}

/* PHYSIOLOGICAL_IMBALANCE: the Agents contributing to the innermost check. */
static unsigned contributing(const xf_content *c, const xf_state *s)
{
    if (!s->nchecks)
        return 0;
    return combat_round(s) ? xf_agent_side(c, s) : xf_contributing(c, s);
}

/* The value words on a card now, a bit per category * XF_NVALUES + value. */
static uint32_t value_words(const xf_content *c, const xf_state *s, int seat, int inst)
{
    xf_words w = xf_card_words(c, s, seat, inst);
    uint32_t m = 0;
    for (int cat = 0; cat < XF_NCAT; cat++)
        for (int v = 0; v < XF_NVALUES; v++)
            if (xf_words_has(&w, c->value_word[cat][v]))
                m |= 1u << (cat * XF_NVALUES + v);
    return m;
}

static int in_play(const xf_state *s, int seat, int inst)
{
    int z = xf_zone(&s->pl[seat], inst);
    return z == Z_AGENT || z == Z_SITE || z == Z_STACK || z == Z_RESOURCE || z == Z_COMBAT ||
           z == Z_ATTACHED;
}

/* Whether (tseat, tinst) is a target of power id used by seat now. */
static int target_ok(const xf_content *c, const xf_state *s, int seat, int id, int tseat, int tinst)
{
    if (tseat >= c->opt.nplayers || tinst >= c->deck[tseat].ncards)
        return 0;
    if (id == PW_IDEOLOGY)
        return in_play(s, tseat, tinst) && value_words(c, s, tseat, tinst);
    if (id == PW_THREATS)
        return tseat != seat && xf_zone(&s->pl[tseat], tinst) == Z_STACK &&
               xf_inst_def(c, tseat, tinst)->type == TY_WITNESS;
    int slot = xf_zone(&s->pl[tseat], tinst) == Z_AGENT ? s->pl[tseat].aux[tinst] : -1;
    if (slot < 0)
        return 0; /* the others take Agents */
    switch (id) {
    case PW_SURVIVAL: return tseat == P(s) && s->pl[seat].pw.survival[tseat] != tinst;
    case PW_THREATS:
        return tseat != seat && xf_zone(&s->pl[tseat], tinst) == Z_STACK &&
               xf_inst_def(c, tseat, tinst)->type == TY_WITNESS;
    case PW_ABDUCTION: return tseat != seat;
    case PW_POSSESSION: {
        unsigned side = xf_agent_side(c, s);
        return tseat == P(s) && (side >> slot & 1) && (s->pl[tseat].pw.hurt >> slot & 1) &&
               ((side & ~(1u << slot)) || xf_witness_side(s));
    }
    case PW_PHYSIOLOGICAL_IMBALANCE: return tseat == P(s) && (contributing(c, s) >> slot & 1);
    default: return 0;
    }
}

/* The keyword changes IDEOLOGY may make on (tseat, tinst), as A_CHANGE args. */
static int changes(const xf_content *c, const xf_state *s, int tseat, int tinst, int *out)
{
    uint32_t m = value_words(c, s, tseat, tinst);
    int n = 0;
    for (; m; m &= m - 1) {
        int b = __builtin_ctz(m), cat = b / XF_NVALUES;
        for (int v = 0; v < XF_NVALUES; v++)
            if (v != b % XF_NVALUES)
                out[n++] = c->value_word[cat][b % XF_NVALUES] << 8 | c->value_word[cat][v];
    }
    return n;
}

/* The targets of power id for seat now, as A_TARGET args, up to max: the
 * stack's cards for THREATS, every card for IDEOLOGY, else the Agents. */
static int targets(const xf_content *c, const xf_state *s, int seat, int id, int *out, int max)
{
    int n = 0;
    if (id == PW_THREATS) {
        for (int i = 0; i < s->nstack && n < max; i++) {
            int q = xf_sc_seat(&s->stack[i]), inst = s->stack[i].inst;
            if (target_ok(c, s, seat, id, q, inst))
                out[n++] = q << 8 | inst;
        }
        return n;
    }
    for (int q = 0; q < c->opt.nplayers; q++) {
        if (id != PW_IDEOLOGY) {
            for (int k = 0; k < XF_MAX_AGENTS && n < max; k++) {
                int inst = s->pl[q].agent[k].inst;
                if (inst != XF_NONE && target_ok(c, s, seat, id, q, inst))
                    out[n++] = q << 8 | inst;
            }
            continue;
        }
        for (int i = 0; i < c->deck[q].ncards && n < max; i++)
            if (target_ok(c, s, seat, id, q, i))
                out[n++] = q << 8 | i;
    }
    return n;
}

static int any_target(const xf_content *c, const xf_state *s, int seat, int id)
{
    int one;
    return targets(c, s, seat, id, &one, 1);
}

/* Where and when power id may be used (the moment, not the target). */
static int moment_ok(const xf_state *s, int seat, int id, tt_error *err)
{
    int window = s->nrounds && tt_round_holder(&s->rounds[s->nrounds - 1]) == seat;
    if (id == PW_KNOWLEDGE)
        return s->step == ST_B5 && !s->nrounds && s->actor == seat
                   ? TT_OK
                   : TT_REFUSE("XF-9.13.1", NULL,
                               "KNOWLEDGE is used right after the Investigating Player's Briefing "
                               "draws, in step B5");
    if (!window)
        return TT_REFUSE("XF-9.13.1", NULL, "a power is used while holding priority in a window");
    switch (id) {
    case PW_SUBTERFUGE:
    case PW_CONTROL:
    case PW_SURVIVAL:
        if (s->step != ST_H4 || seat == P(s))
            return TT_REFUSE("XF-9.13.1", NULL, "%s is used in an opponent's Healing Phase",
                             xf_value_name(id / XF_NVALUES, id % XF_NVALUES));
        if (id == PW_SUBTERFUGE && !s->pl[P(s)].n[Z_HAND])
            return TT_REFUSE("XF-9.13.1", NULL, "SUBTERFUGE: p%d holds no card", P(s));
        if (id == PW_CONTROL && !s->pl[P(s)].rp)
            return TT_REFUSE("XF-9.13.1", NULL, "CONTROL: p%d has no RP to lose", P(s));
        return TT_OK;
    case PW_POSSESSION:
        if (!combat_round(s) || s->combat.adv_seat != seat || s->combat.possessed)
            return TT_REFUSE("XF-9.13.1", NULL,
                             "POSSESSION is used once in a Combat against the owner's Adversary");
        return TT_OK;
    case PW_PHYSIOLOGICAL_IMBALANCE:
        return s->nchecks
                   ? TT_OK
                   : TT_REFUSE("XF-9.13.1", NULL, "PHYSIOLOGICAL_IMBALANCE needs a skill check");
    case PW_IDEOLOGY:
        return s->nkwc < XF_MAX_KWCHANGES
                   ? TT_OK
                   : TT_REFUSE("XF-2.18.2", NULL, "%d keyword changes are in force",
                               XF_MAX_KWCHANGES);
    default: return TT_OK;
    }
}

/* VIOLENCE: the instance of an Adversary def in seat's discard pile, or -1. */
static int discarded(const xf_content *c, const xf_state *s, int seat, int def)
{
    const xf_player *pl = &s->pl[seat];
    int start = tt_piles_start(pl->n, Z_DISCARD);
    for (int k = pl->n[Z_DISCARD] - 1; k >= 0; k--)
        if (c->deck[seat].def[pl->cards[start + k]] == def)
            return pl->cards[start + k];
    return -1;
}

int xf_power_check(const xf_content *c, const xf_state *s, int seat, tt_action a, tt_error *err)
{
    int arg = XF_ARG(a), id = arg >> 8, def = arg & 0xFF;
    if (!c->opt.powers)
        return TT_REFUSE("XF-9.13.1", NULL,
                         "the X-File Powers are not in play: opt_xfile_powers=1");
    if (XF_OP(a) == A_ANNOUNCE) {
        int cat = arg / XF_NVALUES;
        if (!s->nrounds || tt_round_holder(&s->rounds[s->nrounds - 1]) != seat)
            return TT_REFUSE("XF-9.13.1", NULL, "a value is announced while holding priority");
        if (arg >= XF_NCAT * XF_NVALUES || xf_power_of(c, s, seat, cat) != arg)
            return TT_REFUSE("XF-9.13.1", NULL, "p%d announces a value of his own X-File", seat);
        if (s->pl[seat].pw.pub >> cat & 1)
            return TT_REFUSE("XF-9.13.1", NULL, "p%d's %s is known to all already", seat,
                             xf_category_name(cat));
        return TT_OK;
    }
    if (id >= XF_NCAT * XF_NVALUES || !xf_has_power(c, s, seat, id))
        return TT_REFUSE("XF-9.13.1", NULL, "p%d has no revealed value %s", seat,
                         id < XF_NCAT * XF_NVALUES ? xf_value_name(id / XF_NVALUES, id % XF_NVALUES)
                                                   : "?");
    if (!is_active(id))
        return TT_REFUSE("XF-9.13.1", NULL, "%s applies by itself",
                         xf_value_name(id / XF_NVALUES, id % XF_NVALUES));
    if (token_count[id] && !xf_power_tokens(s, seat, id))
        return TT_REFUSE("XF-9.13.1", NULL, "p%d has no %s token left", seat,
                         xf_value_name(id / XF_NVALUES, id % XF_NVALUES));
    if (once_per_turn(id) && (s->pl[seat].pw.used >> (id / XF_NVALUES) & 1))
        return TT_REFUSE("XF-9.13.1", NULL, "%s is used once per turn",
                         xf_value_name(id / XF_NVALUES, id % XF_NVALUES));
    int rc = moment_ok(s, seat, id, err);
    if (rc)
        return rc;
    if (has_target(id) && !any_target(c, s, seat, id))
        return TT_REFUSE("XF-9.13.1", NULL, "%s has no target now",
                         xf_value_name(id / XF_NVALUES, id % XF_NVALUES));
    if (id == PW_VIOLENCE) {
        xf_decl d;
        if (def >= c->ndefs || c->def[def].type != TY_ADVERSARY || discarded(c, s, seat, def) < 0)
            return TT_REFUSE("XF-9.13.1", NULL, "VIOLENCE plays an Adversary of p%d's discard pile",
                             seat);
        return xf_play_start_at(c, s, seat, discarded(c, s, seat, def), PW_VIOLENCE, &d, err);
    }
    return def ? TT_REFUSE("XF-9.13.1", NULL, "only VIOLENCE names a card") : TT_OK;
}

/* The uses for seat now, up to max: per category an announcement, then the
 * power (VIOLENCE: once per Adversary of his discard pile, in def order). */
static int uses(const xf_content *c, const xf_state *s, int seat, tt_action *out, int max)
{
    int n = 0;
    if (!c->opt.powers || s->pl[seat].xfile == XF_NONE)
        return 0;
    for (int cat = 0; cat < XF_NCAT && n < max; cat++) {
        int id = xf_power_of(c, s, seat, cat);
        if (xf_power_check(c, s, seat, XF_ACTION(A_ANNOUNCE, id), NULL) == TT_OK)
            out[n++] = XF_ACTION(A_ANNOUNCE, id);
        if (id != PW_VIOLENCE) {
            if (n < max && xf_power_check(c, s, seat, XF_ACTION(A_POWER, id << 8), NULL) == TT_OK)
                out[n++] = XF_ACTION(A_POWER, id << 8);
            continue;
        }
        const xf_player *pl = &s->pl[seat];
        uint64_t defs[4] = {0};
        for (int k = 0, at = tt_piles_start(pl->n, Z_DISCARD); k < pl->n[Z_DISCARD]; k++) {
            int def = c->deck[seat].def[pl->cards[at + k]];
            if (c->def[def].type == TY_ADVERSARY)
                defs[def >> 6] |= 1ull << (def & 63);
        }
        for (int w = 0; w < 4; w++)
            for (uint64_t m = defs[w]; m && n < max; m &= m - 1) {
                tt_action a = XF_ACTION(A_POWER, id << 8 | (w * 64 + __builtin_ctzll(m)));
                if (xf_power_check(c, s, seat, a, NULL) == TT_OK)
                    out[n++] = a;
            }
    }
    return n;
}

int xf_power_candidates(const xf_content *c, const xf_state *s, int seat, tt_action *out)
{
    return uses(c, s, seat, out, XF_NCAT * (XF_MAX_DEFS + 1));
}

int xf_power_any(const xf_content *c, const xf_state *s, int seat)
{
    tt_action one;
    return uses(c, s, seat, &one, 1);
}

/* --- using a power ---------------------------------------------------------------------------- */

/* PHYSIOLOGICAL_IMBALANCE on P's Agent in slot. */
static void imbalance(const xf_content *c, xf_state *s, int slot)
{
    if (combat_round(s)) {
        s->combat.bonus[slot] = (int8_t)(s->combat.bonus[slot] - 2);
        return;
    }
    xf_check *k = &s->check[s->nchecks - 1];
    for (int i = s->nchecks - 1; i >= 0; i--)
        if (s->check[i].kind == CK_SITE || s->check[i].kind == CK_FORCED) {
            k = &s->check[i];
            break;
        }
    int own =
        xf_perm_stat(c, s, P(s), slot, k->skill) + xf_best_equipment(c, s, P(s), slot, k->skill);
    k->level_mod = (int16_t)(k->level_mod - (own < 2 ? own : 2));
}

/* The effect of a complete use by d->seat (d: power, target, change). */
static void effect(const xf_content *c, xf_state *s, const xf_decl *d, tt_events *ev)
{
    int seat = d->seat, slot = slot_of(s, d->tseat, d->tinst);
    used(c, s, seat, d->power, d->tseat == XF_NONE ? -1 : d->tseat,
         d->tinst == XF_NONE ? -1 : d->tinst, ev);
    switch (d->power) {
    case PW_CONTROL: xf_gain(s, P(s), POOL_RP, -1, ev); break;
    case PW_SUBTERFUGE:
        s->decl = (xf_decl){.kind = A_DISCARD, .seat = (uint8_t)P(s), .x = 1};
        break;
    case PW_SURVIVAL:
        s->pl[seat].pw.survival[P(s)] = d->tinst;
        xf_damage_agent(c, s, P(s), slot, 1, ev);
        break;
    case PW_KNOWLEDGE: xf_look_hand(s, seat, P(s), ev); break;
    case PW_THREATS: xf_negate(c, s, d->tseat, d->tinst, ev); break;
    case PW_IDEOLOGY:
        s->kwc[s->nkwc++] = (xf_kwchange){d->tseat, d->tinst, d->change_from, d->change_to};
        break;
    case PW_ABDUCTION: xf_abduct(c, s, d->tseat, slot, ev); break;
    case PW_POSSESSION: s->combat.possessed = (uint8_t)(slot + 1); break;
    case PW_PHYSIOLOGICAL_IMBALANCE: imbalance(c, s, slot); break;
    default: break;
    }
}

/* A use in a window passes priority on, as a play does (XF-4.3.2). */
static void finish(const xf_content *c, xf_state *s, const xf_decl *d, tt_events *ev)
{
    int window = s->nrounds > 0;
    effect(c, s, d, ev);
    if (window)
        tt_round_play(&s->rounds[s->nrounds - 1]);
}

void xf_power_do(const xf_content *c, xf_state *s, int seat, tt_action a, tt_events *ev)
{
    int arg = XF_ARG(a), id = arg >> 8;
    if (XF_OP(a) == A_ANNOUNCE) {
        xf_power_reveal(c, s, seat, arg / XF_NVALUES, 1);
        tt_emit(ev, EV_ANNOUNCE, seat, TT_SEEN_ALL, seat, arg / XF_NVALUES, arg % XF_NVALUES, 0);
        return;
    }
    if (id == PW_VIOLENCE) {
        xf_play_start_at(c, s, seat, discarded(c, s, seat, arg & 0xFF), PW_VIOLENCE, &s->decl,
                         NULL);
        if (xf_play_autofill(c, s, &s->decl))
            xf_play_commit(c, s, ev);
        return;
    }
    xf_decl d = {.kind = A_POWER,
                 .seat = (uint8_t)seat,
                 .power = (uint8_t)id,
                 .tseat = XF_NONE,
                 .tinst = XF_NONE,
                 .change_from = XF_NONE,
                 .change_to = XF_NONE};
    if (!has_target(id)) {
        finish(c, s, &d, ev);
        return;
    }
    s->decl = d; /* the target next, implied when only one is legal (XF-5.10.2) */
    tt_action t[XF_MAX_PLAYERS * XF_MAX_CARDS];
    if (xf_power_options(c, s, t) == 1)
        xf_power_decl_do(c, s, t[0], ev);
}

/* --- the declaration of a use: its target, and IDEOLOGY's change ------------------------------------ */

int xf_power_options(const xf_content *c, const xf_state *s, tt_action *out)
{
    const xf_decl *d = &s->decl;
    int n = 0;
    if (d->kind == A_HURT) {
        for (unsigned m = hurtable(s, d->seat); m; m &= m - 1)
            out[n++] = XF_ACTION(A_HURT, __builtin_ctz(m));
        return n;
    }
    if (d->tinst != XF_NONE) { /* IDEOLOGY's change */
        int v[XF_NCAT * XF_NVALUES * XF_NVALUES];
        int nv = changes(c, s, d->tseat, d->tinst, v);
        for (int i = 0; i < nv; i++)
            out[n++] = XF_ACTION(A_CHANGE, v[i]);
        return n;
    }
    int v[XF_MAX_PLAYERS * XF_MAX_CARDS];
    n = targets(c, s, d->seat, d->power, v, XF_MAX_PLAYERS * XF_MAX_CARDS);
    for (int i = 0; i < n; i++)
        out[i] = XF_ACTION(A_TARGET, v[i]);
    return n;
}

int xf_power_decl_check(const xf_content *c, const xf_state *s, tt_action a, tt_error *err)
{
    const xf_decl *d = &s->decl;
    int arg = XF_ARG(a);
    if (d->kind == A_HURT) {
        if (XF_OP(a) != A_HURT || arg >= XF_MAX_AGENTS || !(hurtable(s, d->seat) >> arg & 1))
            return TT_REFUSE("XF-9.13.1", NULL,
                             "INSANITY: p%d names one of his Agents outside the Hospital", d->seat);
        return TT_OK;
    }
    const char *name = xf_value_name(d->power / XF_NVALUES, d->power % XF_NVALUES);
    if (d->tinst == XF_NONE) {
        if (XF_OP(a) != A_TARGET || !target_ok(c, s, d->seat, d->power, arg >> 8, arg & 0xFF))
            return TT_REFUSE("XF-9.13.1", NULL, "%s waits for a target it may take", name);
        return TT_OK;
    }
    int v[XF_NCAT * XF_NVALUES * XF_NVALUES], nv = changes(c, s, d->tseat, d->tinst, v);
    for (int i = 0; i < nv; i++)
        if (XF_OP(a) == A_CHANGE && v[i] == arg)
            return TT_OK;
    return TT_REFUSE("XF-9.13.1", NULL,
                     "IDEOLOGY changes a value keyword of the card into another value of its "
                     "category");
}

void xf_power_decl_do(const xf_content *c, xf_state *s, tt_action a, tt_events *ev)
{
    xf_decl *d = &s->decl;
    int arg = XF_ARG(a);
    if (d->kind == A_HURT) {
        int seat = d->seat;
        if (--d->x == 0)
            *d = (xf_decl){0};
        xf_damage_agent(c, s, seat, arg, 1, ev);
        if (d->kind == A_HURT && !hurtable(s, seat))
            *d = (xf_decl){0};
        return;
    }
    if (XF_OP(a) == A_CHANGE) {
        d->change_from = (uint8_t)(arg >> 8), d->change_to = (uint8_t)(arg & 0xFF);
    } else {
        d->tseat = (uint8_t)(arg >> 8), d->tinst = (uint8_t)(arg & 0xFF);
        if (d->power == PW_IDEOLOGY)
            return; /* the change next */
    }
    xf_decl use = *d;
    *d = (xf_decl){0};
    finish(c, s, &use, ev);
}

/* --- the turn --------------------------------------------------------------------------------- */

void xf_powers_turn_end(const xf_content *c, xf_state *s)
{
    for (int p = 0; p < c->opt.nplayers; p++) {
        xf_powers *w = &s->pl[p].pw;
        if (!((w->used >> CAT_MOTIVE & 1) && xf_power_of(c, s, p, CAT_MOTIVE) == PW_SURVIVAL))
            w->survival[P(s)] = XF_NONE; /* no SURVIVAL in P's turn: the next may take any */
        w->used = 0;
        w->hurt = 0;
    }
}

void xf_powers_combat_begin(const xf_content *c, xf_state *s, int seat)
{
    if (c->opt.powers && xf_power_of(c, s, seat, CAT_RESULT) == PW_DEATH)
        s->pl[seat].pw.used &= (uint8_t) ~(1u << CAT_RESULT); /* once per Combat */
}
