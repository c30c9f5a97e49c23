/* Tannhäuser narration: one readable line per event, as a viewer may see it.
 *
 * An event carries small integers (enum tan_event documents each); names come
 * from the content: characters by their name (a Hero by the last word of it,
 * "Sorel"; a Trooper by its whole name, "Covenant Rifleman"), equipment by
 * its name, circles by their id, players by their seat name with a capital
 * ("Covenant"). A unit argument names its character when the event carries it
 * (unit | (character + 1) << 4); a bare unit index is told by its code, the
 * team letter and its place in the team ("L3"), as the text view shows it.
 *
 * Secret events (TAN-6.2: recruits, packs and reinforcements chosen before the
 * reveal) are told in full only to their player and to the omniscient view;
 * anyone else reads who chose, never what: "Legion recruits a character
 * (3 of 5)", "Covenant chooses a pack". A reinforcement chosen and an à la
 * carte token added are not told to others at all, since even how many there
 * are is secret. Dice are core events, worded by tt_dice_event_text. Used by
 * logs, `play`, `replay` and the protocol; never in playouts. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/dice.h"
#include "games/tannhauser/tannhauser.h"
#include "tabletop/view.h"

typedef struct names {
    char seat[TAN_PLAYERS][32]; /* "Covenant", a label: "Initiative: Covenant 4" */
    char subj[TAN_PLAYERS][40]; /* "The Covenant", a sentence's subject */
} names;

static void fill_names(const tan_content *c, names *nm)
{
    for (int p = 0; p < TAN_PLAYERS; p++) {
        snprintf(nm->seat[p], sizeof nm->seat[p], "%s", c->seat_name[p]);
        nm->seat[p][0] = (char)toupper((unsigned char)nm->seat[p][0]);
        snprintf(nm->subj[p], sizeof nm->subj[p], "The %s", c->seat_name[p]);
        nm->subj[p][4] = (char)toupper((unsigned char)nm->subj[p][4]);
    }
}

static const char *seat_title(const names *nm, int p)
{
    return p >= 0 && p < TAN_PLAYERS ? nm->seat[p] : "?";
}

/* "The Covenant" to begin a sentence; seat_obj() gives "the Covenant" inside one. */
static const char *subj(const names *nm, int p)
{
    return p >= 0 && p < TAN_PLAYERS ? nm->subj[p] : "?";
}
static const char *seat_obj(const names *nm, int p, char *buf, size_t n)
{
    snprintf(buf, n, "the %s", seat_title(nm, p));
    return buf;
}

/* The short name of character k: a Hero's last word, unless another
 * character shares it; a Trooper's whole name. */
static const char *short_name(const tan_content *c, int k, char *buf, size_t n)
{
    const tan_char *ch = &c->chr[k];
    const char *last = strrchr(ch->name, ' ');
    if (ch->cls != CLASS_HERO || !last) {
        snprintf(buf, n, "%s", ch->name);
        return buf;
    }
    last++;
    for (int j = 0; j < c->nchars; j++) {
        const char *other = strrchr(c->chr[j].name, ' ');
        if (j != k && other && strcmp(other + 1, last) == 0) {
            snprintf(buf, n, "%s", ch->name);
            return buf;
        }
    }
    snprintf(buf, n, "%s", last);
    return buf;
}

/* A unit argument of an event: its character's short name when the event
 * carries it, else the unit's code ("L3"). */
static const char *unit_name(const tan_content *c, int x, char *buf, size_t n)
{
    int u = x & 0xF, k = (x >> 4) - 1;
    if (x < 0 || u >= TAN_UNITS) {
        snprintf(buf, n, "?");
        return buf;
    }
    if (k >= 0 && k < c->nchars)
        return short_name(c, k, buf, n);
    char a = (char)toupper((unsigned char)c->seat_name[0][0]);
    char b = (char)toupper((unsigned char)c->seat_name[1][0]);
    char letter = a == b ? (u < TAN_TEAM ? 'A' : 'B') : u < TAN_TEAM ? a : b;
    snprintf(buf, n, "%c%d", letter, u % TAN_TEAM + 1);
    return buf;
}

static int unit_seat(int x)
{
    return tan_seat_of(x & 0xF);
}

/* The rows of the unit's character, or 0 when the event does not say. */
static int unit_rows(const tan_content *c, int x)
{
    int k = (x >> 4) - 1;
    return x >= 0 && k >= 0 && k < c->nchars ? c->chr[k].nrows : 0;
}

static const char *equip_name(const tan_content *c, int def)
{
    return def >= 0 && def < c->nequip ? c->equip[def].name : "?";
}

static const char *circle_id(const tan_content *c, int x)
{
    return x >= 0 && x < c->ncircles ? c->circle[x].id : "?";
}

static const char *pack_words(int pack)
{
    switch (pack) {
    case PACK_COMBAT: return "the Combat pack";
    case PACK_STAMINA: return "the Stamina pack";
    case PACK_MENTAL: return "the Mental pack";
    case PACK_CUSTOM: return "à la carte equipment";
    default: return "no pack";
    }
}

/* "Engineering" for a skill. */
static const char *skill_word(int skill, char *buf, size_t n)
{
    const char *s = skill >= 0 && skill < SK_COUNT ? tan_skill_name(skill) : "?";
    size_t k = 0;
    for (; s[k] && k + 1 < n; k++)
        buf[k] = (char)(k ? tolower((unsigned char)s[k]) : s[k]);
    buf[k] = 0;
    return buf;
}

static int sees(const tt_event *e, int viewer)
{
    return tt_seen_by(e->seen, viewer);
}

/* --- setup ---------------------------------------------------------------------------- */

static int pack_text(const tan_content *c, const names *nm, const tt_event *e, int viewer,
                     char *buf, size_t n)
{
    char who[64], w[64];
    const char *team = subj(nm, e->player);
    if (!sees(e, viewer)) /* TAN-6.2: who chose, never what, nor how many returns */
        return e->c || e->d ? 0 : snprintf(buf, n, "%s chooses a pack", team);
    unit_name(c, e->a, who, sizeof who);
    if (e->d)
        return snprintf(buf, n, "%s adds %s to %s's à la carte equipment", team,
                        equip_name(c, e->d - 1), who);
    if (e->c)
        return snprintf(buf, n, "%s chooses to bring %s back with %s", team, who, pack_words(e->b));
    if (e->seen != TT_SEEN_ALL)
        return snprintf(buf, n, "%s chooses %s for %s", team, pack_words(e->b), who);
    snprintf(w, sizeof w, "%s", pack_words(e->b));
    return snprintf(buf, n, "%s: %s takes %s", seat_title(nm, e->player), who, w);
}

static int setup_text(const tan_content *c, const names *nm, const tt_event *e, int viewer,
                      char *buf, size_t n)
{
    char w[64], t[48];
    switch (e->type) {
    case EV_RECRUITED:
        if (!sees(e, viewer))
            return snprintf(buf, n, "%s recruits a character (%d of %d)", subj(nm, e->player), e->b,
                            TAN_TEAM);
        return snprintf(buf, n, "%s recruits %s (%d of %d)", subj(nm, e->player),
                        e->a >= 0 && e->a < c->nchars ? c->chr[e->a].name : "?", e->b, TAN_TEAM);
    case EV_REVEAL: /* reinforcements: the returning Troopers are told one by one */
        if (e->a == 0)
            return snprintf(buf, n, "Both teams are revealed");
        return e->a == 1 ? snprintf(buf, n, "The equipment packs are revealed") : 0;
    case EV_PACK: return pack_text(c, nm, e, viewer, buf, n);
    case EV_MEDAL:
        return snprintf(buf, n, "%s's %s is worth %d VP to %s", unit_name(c, e->a, w, sizeof w),
                        equip_name(c, e->b), e->c, seat_obj(nm, unit_seat(e->a), t, sizeof t));
    case EV_SETUP_ROLL:
        if (e->a == e->b)
            return snprintf(buf, n, "Setup roll: %s %d, %s %d: a tie, roll again",
                            seat_title(nm, 0), e->a, seat_title(nm, 1), e->b);
        return snprintf(buf, n, "Setup roll: %s %d, %s %d: %s chooses an entry first",
                        seat_title(nm, 0), e->a, seat_title(nm, 1), e->b,
                        seat_obj(nm, e->a > e->b ? 0 : 1, t, sizeof t));
    case EV_ENTRY: {
        const char *label = e->b >= 0 && e->b < c->ncircles ? c->circle[e->b].label : "";
        return snprintf(buf, n, "%s takes entry %s%s%s%s", subj(nm, e->a), circle_id(c, e->b),
                        label[0] ? " (" : "", label, label[0] ? ")" : "");
    }
    case EV_DISCARD_OBJ:
        return snprintf(buf, n, "%s discards objective %s", subj(nm, e->player),
                        e->a >= 0 && e->a < c->nobjs ? c->obj[e->a].id : "?");
    case EV_PLACE_OBJ:
        return snprintf(buf, n, "%s places objective %s on %s", subj(nm, e->player),
                        e->a >= 0 && e->a < c->nobjs ? c->obj[e->a].id : "?", circle_id(c, e->b));
    case EV_PLACE_FLAG:
        return snprintf(buf, n, "%s places a flag on %s", subj(nm, e->a), circle_id(c, e->b));
    case EV_SKIP: return snprintf(buf, n, "%s passes", subj(nm, e->a));
    case EV_CRATES:
        if (e->b)
            return snprintf(buf, n, "Crates: %d placed face down, %d set aside unseen", e->a, e->b);
        return snprintf(buf, n, "Crates: %d placed face down", e->a);
    default: return -1;
    }
}

/* --- turns, movement and equipment ------------------------------------------------------ */

static int initiative_text(const names *nm, const tt_event *e, char *buf, size_t n)
{
    char side[2][48], t[48];
    const int face[2] = {e->a, e->b}, total[2] = {e->c, e->d};
    for (int p = 0; p < 2; p++) {
        if (total[p] != face[p])
            snprintf(side[p], sizeof side[p], "%s %d%+d = %d", seat_title(nm, p), face[p],
                     total[p] - face[p], total[p]);
        else
            snprintf(side[p], sizeof side[p], "%s %d", seat_title(nm, p), face[p]);
    }
    if (total[0] == total[1])
        return snprintf(buf, n, "Initiative: %s, %s: a tie, roll again", side[0], side[1]);
    return snprintf(buf, n, "Initiative: %s, %s: %s wins", side[0], side[1],
                    seat_obj(nm, total[0] > total[1] ? 0 : 1, t, sizeof t));
}

/* A flag argument is -1 - its owner's seat; anything else is an equipment def. */
static const char *thing(const tan_content *c, const names *nm, int x, char *buf, size_t n)
{
    if (x < 0)
        snprintf(buf, n, "a %s flag", seat_title(nm, -1 - x));
    else
        snprintf(buf, n, "%s", equip_name(c, x));
    return buf;
}

static int cycle_text(const tan_content *c, const names *nm, const tt_event *e, char *buf, size_t n)
{
    char u[64], v[64], w[64], t[48];
    unit_name(c, e->a, u, sizeof u);
    switch (e->type) {
    case EV_TURN: return snprintf(buf, n, "== Turn %d ==", e->a);
    case EV_INITIATIVE: return initiative_text(nm, e, buf, n);
    case EV_FIRST:
        if (e->a == e->player)
            return snprintf(buf, n, "%s activates first", subj(nm, e->a));
        return snprintf(buf, n, "%s lets %s activate first", subj(nm, e->player),
                        seat_obj(nm, e->a, t, sizeof t));
    case EV_REINFORCE:
        return snprintf(buf, n, "%s returns to %s's reserve with %s", u,
                        seat_obj(nm, unit_seat(e->a), t, sizeof t), pack_words(e->b));
    case EV_ACTIVATE: return snprintf(buf, n, "%s activates %s", subj(nm, unit_seat(e->a)), u);
    case EV_MOVE: return snprintf(buf, n, "%s moves to %s (%d MP)", u, circle_id(c, e->b), e->c);
    case EV_BUYMP: return snprintf(buf, n, "%s buys %d MP for %d VP", u, e->b, e->b);
    case EV_END_CYCLE: return snprintf(buf, n, "%s ends its cycle", u);
    case EV_USE:
        if ((e->c & 0xF) == (e->a & 0xF))
            return snprintf(buf, n, "%s uses %s (wounds now %d)", u, equip_name(c, e->b), e->d);
        return snprintf(buf, n, "%s uses %s on %s (wounds now %d)", u, equip_name(c, e->b),
                        unit_name(c, e->c, v, sizeof v), e->d);
    case EV_EXCHANGE: return snprintf(buf, n, "%s exchanges equipment", u);
    case EV_DROP: {
        int site = e->c >= 0 && e->c < c->ncircles && !tan_is_stop_kind(c, e->c) &&
                   c->circle[e->c].kind != CK_ENTRY;
        return snprintf(buf, n, "%s drops %s %s %s", u, thing(c, nm, e->b, w, sizeof w),
                        site ? "into the crate at" : "on", circle_id(c, e->c));
    }
    case EV_PASS:
        return snprintf(buf, n, "%s passes %s to %s", u, thing(c, nm, e->b, w, sizeof w),
                        unit_name(c, e->c, v, sizeof v));
    case EV_PICK: return snprintf(buf, n, "%s picks up %s", u, equip_name(c, e->b));
    case EV_TAKE: return snprintf(buf, n, "%s takes %s from the crate", u, equip_name(c, e->b));
    case EV_SEARCH:
        if (e->c < 0 || e->c >= c->ncrates)
            return snprintf(buf, n, "%s searches the open crate at %s", u, circle_id(c, e->b));
        if (c->crate[e->c].kind == CRATE_VP)
            return snprintf(buf, n, "%s searches the crate at %s: %d VP", u, circle_id(c, e->b),
                            c->crate[e->c].vp);
        return snprintf(buf, n, "%s searches the crate at %s: %s", u, circle_id(c, e->b),
                        equip_name(c, c->crate[e->c].equip));
    case EV_CRATE_VP:
        return snprintf(buf, n, "%s gains %d VP from the crate", subj(nm, e->a), e->b);
    default: return -1;
    }
}

/* --- combat ---------------------------------------------------------------------------------- */

static int combat_text(const tan_content *c, const names *nm, const tt_event *e, char *buf,
                       size_t n)
{
    char u[64], v[64];
    unit_name(c, e->a, u, sizeof u);
    switch (e->type) {
    case EV_BULLRUSH:
        return snprintf(buf, n, "%s bull-rushes %s: %s", u, unit_name(c, e->b, v, sizeof v),
                        e->c ? "wins and may pass" : "fails");
    case EV_ATTACK:
        if (e->c < 0)
            return snprintf(buf, n, "%s attacks %s unarmed", u, unit_name(c, e->b, v, sizeof v));
        return snprintf(buf, n, "%s attacks %s with %s", u, unit_name(c, e->b, v, sizeof v),
                        equip_name(c, e->c));
    case EV_COUNTER:
        if (!e->d)
            return snprintf(buf, n, "%s does not counterattack", u);
        if (e->c < 0)
            return snprintf(buf, n, "%s counterattacks %s unarmed, for 1 VP", u,
                            unit_name(c, e->b, v, sizeof v));
        return snprintf(buf, n, "%s counterattacks %s with %s, for 1 VP", u,
                        unit_name(c, e->b, v, sizeof v), equip_name(c, e->c));
    case EV_THROW:
        return snprintf(buf, n, "%s throws %s at %s", u, equip_name(c, e->c), circle_id(c, e->b));
    case EV_WOUNDS: {
        int rows = unit_rows(c, e->a);
        char track[24] = "";
        if (rows)
            snprintf(track, sizeof track, " (%d/%d)", e->c, rows);
        if (e->b == 0)
            return snprintf(buf, n, "%s %s%s", u, e->d ? "takes no wound" : "is unhurt", track);
        return snprintf(buf, n, "%s takes %d wound%s%s", u, e->b, e->b == 1 ? "" : "s", track);
    }
    case EV_SHRUG:
        return snprintf(buf, n, "%s shrugs off %d wound%s for %d VP", u, e->b, e->b == 1 ? "" : "s",
                        e->b);
    case EV_KILLED:
        if (e->b < 0)
            return snprintf(buf, n, "%s is killed", u);
        if (e->c)
            return snprintf(buf, n, "%s is killed by %s: %s +%d VP", u,
                            unit_name(c, e->b, v, sizeof v), seat_title(nm, unit_seat(e->b)), e->c);
        return snprintf(buf, n, "%s is killed by %s", u, unit_name(c, e->b, v, sizeof v));
    default: return -1;
    }
}

/* --- objectives, flags, VP, the end ------------------------------------------------------------
 */

static int end_text(const names *nm, const tt_event *e, char *buf, size_t n)
{
    static const char *const why[] = {
        [R_NONE] = "the game ends",
        [R_STORY] = "objectives completed, with more VP",
        [R_ELIMINATION] = "the enemy team is eliminated",
        [R_FLAGS] = "both enemy flags captured",
        [R_DOMINATION] = "four flags on objective circles",
        [R_TURN_LIMIT] = "ahead at the turn limit",
        [R_CONCEDED] = "the opponent concedes",
        [R_AGREED] = "agreed by both players",
        [R_BOTH_ELIMINATED] = "both teams are eliminated at once",
    };
    const char *reason = e->b >= 0 && e->b <= R_BOTH_ELIMINATED ? why[e->b] : "the game ends";
    if (e->a < 0)
        return snprintf(buf, n, "The game is drawn: %s",
                        e->b == R_TURN_LIMIT ? "level at the turn limit" : reason);
    return snprintf(buf, n, "%s wins: %s", subj(nm, e->a), reason);
}

static int more_text(const tan_content *c, const names *nm, const tt_event *e, char *buf, size_t n)
{
    char u[64], w[32];
    unit_name(c, e->a, u, sizeof u);
    const char *obj = e->b >= 0 && e->b < c->nobjs ? c->obj[e->b].id : "?";
    switch (e->type) {
    case EV_TASK:
        return snprintf(buf, n, "%s completes the %s task of objective %s%s", u,
                        skill_word(e->c, w, sizeof w), obj,
                        !e->d ? ""
                        : e->b >= 0 && e->b < c->nobjs && c->obj[e->b].grade == GRADE_PRIMARY
                            ? " (skill bought for 2 VP)"
                            : " (skill bought for 1 VP)");
    case EV_COMPLETED: return snprintf(buf, n, "%s completes objective %s", subj(nm, e->a), obj);
    case EV_TAKEFLAG:
        return snprintf(buf, n, "%s takes %d flag%s at %s", u, e->c, e->c == 1 ? "" : "s",
                        circle_id(c, e->b));
    case EV_PLANT:
        return snprintf(buf, n, "%s plants %d flag%s at %s: captured", u, e->c,
                        e->c == 1 ? "" : "s", circle_id(c, e->b));
    case EV_PLACEFLAG:
        if (e->c >= 0)
            return snprintf(buf, n, "%s places a flag on %s; the %s flag there goes back", u,
                            circle_id(c, e->b), seat_title(nm, e->c));
        return snprintf(buf, n, "%s places a flag on %s", u, circle_id(c, e->b));
    case EV_VP: /* a payment is told by the event it pays for */
        return e->b > 0 ? snprintf(buf, n, "%s +%d VP (%d)", seat_title(nm, e->a), e->b, e->c) : 0;
    case EV_DRAW_OFFER: return snprintf(buf, n, "%s offers a draw", subj(nm, e->a));
    case EV_DRAW_ANSWER:
        return snprintf(buf, n, "%s %s the draw", subj(nm, e->a), e->b ? "accepts" : "declines");
    case EV_GAME_OVER: return end_text(nm, e, buf, n);
    case EV_RIG: return snprintf(buf, n, "(the next outcomes are rigged)");
    default: return -1;
    }
}

/* Narrates e for viewer into buf (NUL-terminated, truncated to n); returns
 * the length of the text, 0 when there is nothing to say to this viewer. */
int tan_event_text(const tt_game *g, const tt_event *e, int viewer, char *buf, size_t n)
{
    const tan_content *c = tan_content_of(g);
    names nm;
    int k;
    if (n)
        buf[0] = 0;
    if (e->type == TT_EV_FACES || e->type == TT_EV_POOL) {
        char dice[160];
        if (tt_dice_event_text(e, dice, sizeof dice) <= 0)
            return 0;
        k = snprintf(buf, n, "  %s%s", e->type == TT_EV_FACES ? "dice: " : "", dice);
        return k < 0 ? 0 : k;
    }
    fill_names(c, &nm);
    k = setup_text(c, &nm, e, viewer, buf, n);
    if (k < 0)
        k = cycle_text(c, &nm, e, buf, n);
    if (k < 0)
        k = combat_text(c, &nm, e, buf, n);
    if (k < 0)
        k = more_text(c, &nm, e, buf, n);
    if (k < 0) {
        if (n)
            buf[0] = 0;
        return 0;
    }
    return k;
}

/* The name of a seat: its faction id in lower case ("covenant"). */
const char *tan_player_name(const tt_game *g, int player)
{
    const tan_content *c = tan_content_of(g);
    return player >= 0 && player < TAN_PLAYERS ? c->seat_name[player] : "?";
}

/* "the Covenant": a team, as a sentence names it. */
int tan_player_title(const tt_game *g, int player, char *buf, size_t n)
{
    const tan_content *c = tan_content_of(g);
    snprintf(buf, n, "%s", player >= 0 && player < TAN_PLAYERS ? c->seat_title[player] : "?");
    return 0;
}
