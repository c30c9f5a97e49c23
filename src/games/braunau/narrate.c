/* Braunau narration: one readable line per event, as a viewer may see it.
 *
 * Public events carry only what BRA-7.7 makes public; a secret event names
 * the one seat that learns it and reads as nothing to everyone else (the
 * omniscient viewer reads everything). Used by logs, `play`, `replay` and the
 * protocol; never in playouts. */
#include <stdio.h>
#include <string.h>

#include "games/braunau/braunau.h"

static const char *fname(const bra_content *c, int seat)
{
    return seat >= 0 && seat < c->nseats ? c->f[c->seat_faction[seat]].name : "?";
}
/* "'" after a name ending in s ("the Germans' gold"), else "'s". */
static const char *poss(const char *name)
{
    size_t len = strlen(name);
    return len && name[len - 1] == 's' ? "'" : "'s";
}
static const char *agent(const bra_content *c, int a)
{
    return a >= 0 && a < c->nagents ? c->a[a].id : "?";
}
static const char *area(const bra_content *c, int x)
{
    return x >= 0 && x < c->nareas ? c->area[x].id : "?";
}
static const char *item(const bra_content *c, int i)
{
    return i >= 0 && i < c->nitems ? c->item[i].id : "?";
}

/* "G05 ABIL(GER_WEISS)": a token and what it is (packed as in bra_fstate.tok,
 * carried by the event). */
static void token_text(const bra_content *c, int t, int packed, char *buf, size_t n)
{
    char id[8];
    bra_token_name(c, t, id, sizeof id);
    int type = packed & 15;
    if (type == T_ABIL && t >= 0 && t < BRA_NF * 64 && (packed >> 4) < c->f[t >> 6].nagents)
        snprintf(buf, n, "%s ABIL(%s)", id, agent(c, c->f[t >> 6].agent[packed >> 4]));
    else
        snprintf(buf, n, "%s %s", id, bra_type_code_name(type));
}

static int secret_text(const bra_content *c, const tt_event *e, char *buf, size_t n)
{
    char tok[48];
    switch (e->type) {
    case EV_DRAWN:
    case EV_KEPT:
    case EV_DISCARDED:
        token_text(c, e->a, e->b, tok, sizeof tok);
        return snprintf(buf, n, "  %s %s",
                        e->type == EV_DRAWN  ? "drawn:"
                        : e->type == EV_KEPT ? "kept:"
                                             : "discarded:",
                        tok);
    case EV_DROP_AREA:
        return snprintf(buf, n, "  %s enters play in %s", agent(c, e->a), area(c, e->b));
    case EV_MEETING:
        return snprintf(buf, n, "  %s meets %s of the %s in %s", agent(c, e->c), agent(c, e->a),
                        c->f[c->a[e->a].faction].name, area(c, e->b));
    case EV_CI_DETAIL:
        if (e->b == MODE_EXTRACT)
            return snprintf(buf, n, "  %s extracts the true position of %s", agent(c, e->a),
                            agent(c, e->c));
        return snprintf(buf, n, "  %s plants a decoy: reports will place it in %s", agent(c, e->a),
                        area(c, e->c));
    case EV_REVEAL:
        return snprintf(buf, n, "  intel (%s): %s in %s", bra_source_name(e->c), agent(c, e->a),
                        area(c, e->b));
    case EV_MOVED:
        return snprintf(buf, n, "  %s moves to %s (%d step%s)", agent(c, e->a), area(c, e->b), e->c,
                        e->c == 1 ? "" : "s");
    case EV_COURIER: return snprintf(buf, n, "  %s travels to %s", agent(c, e->a), area(c, e->b));
    case EV_SUPPORT_BY: return snprintf(buf, n, "  raised by %s", agent(c, e->a));
    default: return 0;
    }
}

static const char *cause_text(int cause)
{
    switch (cause) {
    case V_DEPLOY: return "Population support";
    case V_AGITATE: return "agitation";
    case V_ABILITY: return "ability";
    case V_USE: return "Leaflets";
    default: return "?";
    }
}

static int support_text(const bra_content *c, const tt_event *e, char *buf, size_t n)
{
    const char *who = fname(c, e->player);
    int k = snprintf(buf, n, "The %s%s support in %s is now %d (%s", who, poss(who), area(c, e->a),
                     e->b, cause_text(e->c));
    if (e->d >= 0 && (size_t)k < n)
        k += snprintf(buf + k, n - (size_t)k, ", %s", agent(c, e->d));
    if ((size_t)k < n)
        k += snprintf(buf + k, n - (size_t)k, ")");
    return k;
}

static int denounce_text(const bra_content *c, const tt_event *e, char *buf, size_t n)
{
    const char *who = fname(c, e->player);
    switch (e->c) {
    case 1:
        return snprintf(buf, n, "%s: %s denounces %s in %s: arrested", who, agent(c, e->a),
                        agent(c, e->b), area(c, e->d));
    case 2:
        return snprintf(buf, n, "%s: %s denounces %s: found, but the arrest is cancelled", who,
                        agent(c, e->a), agent(c, e->b));
    default:
        return snprintf(buf, n, "%s: %s denounces %s, who is not there; %s is exposed in %s", who,
                        agent(c, e->a), agent(c, e->b), agent(c, e->a), area(c, e->d));
    }
}

static int move_text(const bra_content *c, const tt_event *e, char *buf, size_t n)
{
    const char *who = fname(c, e->player);
    if (e->b >= 0)
        return snprintf(buf, n, "The %s move %s to %s", who, agent(c, e->a), area(c, e->b));
    if (e->a >= 0)
        return snprintf(buf, n, "The %s move %s, no longer exposed", who, agent(c, e->a));
    return snprintf(buf, n, "The %s move an agent", who);
}

static int public_text(const bra_content *c, const tt_event *e, char *buf, size_t n)
{
    const char *who = fname(c, e->player);
    char tok[48];
    switch (e->type) {
    case EV_TURN: return snprintf(buf, n, "== Round %d: %s ==", e->a, who);
    case EV_DRAW:
        return snprintf(buf, n, "The %s draw %d token%s", who, e->a, e->a == 1 ? "" : "s");
    case EV_KEEP:
        return snprintf(buf, n, "The %s keep %d and return %d to the bottom of the deck (%d AP)",
                        who, e->a, e->b, e->c);
    case EV_DISCARD:
        return snprintf(buf, n, "The %s discard %d token%s (%d AP)%s", who, e->a,
                        e->a == 1 ? "" : "s", e->b, e->c ? "; the stash limit forced it" : "");
    case EV_DEPLOY:
        token_text(c, e->a, e->c, tok, sizeof tok);
        return snprintf(buf, n, "The %s deploy %s (%d AP)", who, tok, e->b);
    case EV_DROP:
        if (e->b >= 0)
            return snprintf(buf, n, "The %s drop off %s in %s", who, agent(c, e->a), area(c, e->b));
        return snprintf(buf, n, "The %s drop off %s", who, agent(c, e->a));
    case EV_LEVEL: {
        static const char *const how[] = {"enabled", "upgraded", "reloaded"};
        return snprintf(buf, n, "%s's ability is %s: level %d, %d charge%s", agent(c, e->a),
                        how[e->d < 0 || e->d > 2 ? 0 : e->d], e->b, e->c, e->c == 1 ? "" : "s");
    }
    case EV_BUY:
        return snprintf(buf, n, "The %s buy %s (%s) for %d gold, %d left", who, item(c, e->a),
                        bra_itype_name(c->item[e->a].type), e->b, e->c);
    case EV_MARKET:
        if (e->b < 0)
            return snprintf(buf, n, "Market slot %d stays empty", e->a + 1);
        return snprintf(buf, n, "Market slot %d: %s (%s, %d gold)", e->a + 1, item(c, e->b),
                        bra_itype_name(c->item[e->b].type), c->item[e->b].price);
    case EV_GOLD: return snprintf(buf, n, "The %s%s gold %+d, now %d", who, poss(who), e->a, e->b);
    case EV_SUMMON:
        return snprintf(buf, n, "The %s summon %s to a secret meeting (%s)", who, agent(c, e->a),
                        bra_outcome_name(e->b));
    case EV_CI: return snprintf(buf, n, "The %s use Counterintelligence", who);
    case EV_SUPPORT: return support_text(c, e, buf, n);
    case EV_RALLY:
        return snprintf(buf, n, "Rally of the %s in %s: +%d VP, +%d gold", who, area(c, e->a), e->b,
                        e->c);
    case EV_RECORDS:
        return snprintf(buf, n, "The %s use %s", who,
                        e->a == T_FA ? "Full Awareness" : "Browsing Records");
    case EV_MOVE: return move_text(c, e, buf, n);
    case EV_DENOUNCE: return denounce_text(c, e, buf, n);
    case EV_ABILITY:
        return snprintf(buf, n, "%s: %s uses %s (%s), %d charge%s left", who, agent(c, e->a),
                        c->a[e->a].ability, bra_effect_name(e->b), e->c, e->c == 1 ? "" : "s");
    case EV_REMOVED:
        return snprintf(buf, n, "%s goes to the reserve; the %s +%d VP", agent(c, e->a), who, e->b);
    case EV_PAPERS:
        return snprintf(buf, n, "Forged Papers save %s: the removal is cancelled", agent(c, e->a));
    case EV_ARREST_FAILED:
        return snprintf(buf, n, "The arrest of %s fails: too far away", agent(c, e->a));
    case EV_USE:
        return snprintf(buf, n, "The %s use %s (%s)", who, item(c, e->a),
                        bra_itype_name(c->item[e->a].type));
    case EV_SCORE_AREA:
        return snprintf(buf, n, "The %s control %s: +%d VP", who, area(c, e->a), e->b);
    case EV_SCORE_DOSSIER:
        return snprintf(buf, n, "The %s%s Dossier %s: +%d VP", who, poss(who), item(c, e->a), e->b);
    case EV_GAME_OVER:
        return snprintf(buf, n, "The game ends after round %d%s", e->c,
                        e->a == R_CONCEDED ? " by concession" : ": final scoring done");
    default: return 0;
    }
}

int bra_event_text(const tt_game *g, const tt_event *ev, int viewer, char *buf, size_t n)
{
    const bra_content *c = bra_content_of(g);
    if (!n)
        return 0;
    buf[0] = 0;
    if (!tt_seen_by(ev->seen, viewer))
        return 0;
    int k = ev->seen != TT_SEEN_ALL ? secret_text(c, ev, buf, n) : public_text(c, ev, buf, n);
    if (k < 0) {
        buf[0] = 0;
        return 0;
    }
    return (size_t)k < n ? k : (int)n - 1;
}
