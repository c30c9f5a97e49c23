/* Fixtures of the X-Files rules tests: a game of section 10 (p0 is A with
 * DECK_A and XF01, p1 is B with DECK_B and XF03), hands and deck tops
 * rigged by moving instances between the piles, and helpers that apply a
 * text and assert its result or its refusal (nothing changed, XF-5.0.3). */
#ifndef XF_FIXTURE_H
#define XF_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/pile.h"
#include "core/rules.h"
#include "games/xfiles/xfiles.h"
#include "tabletop/tt.h"

/* Cards no window takes before a Site investigation: Sites, Equipment,
 * Agents (XF-5.0.11). */
#define QUIET_A "S01 S02 S03 S04 Q01 Q02 A10"
#define QUIET_B "S01 S04 S05 S08 Q03 Q04 Q05"

typedef struct fx {
    tt_game *g;
    tt_state *st;
    xf_state *s;
    const xf_content *c;
} fx;

static inline fx game(const char *params)
{
    fx f;
    tt_error err;
    if (tt_game_new("xfiles", params, &f.g, &err) != TT_OK)
        fail_msg("%s", err.msg);
    f.st = malloc(tt_state_size(f.g));
    assert_non_null(f.st);
    tt_state_init(f.g, f.st, 1);
    f.s = (xf_state *)f.st;
    f.c = xf_content_of(f.g);
    return f;
}

static inline void done_fx(fx *f)
{
    free(f->st);
    tt_game_free(f->g);
}

static inline void act(fx *f, const char *text)
{
    tt_error err;
    if (tt_apply_text(f->g, f->st, text, NULL, &err) != TT_OK)
        fail_msg("'%s' refused: %s", text, err.msg);
    if (tt_sanity(f->g, f->st, &err) != TT_OK)
        fail_msg("after '%s': %s", text, err.msg);
}

/* Plays the last legal action, as text, until the game is over (at most
 * `most` actions). */
static inline void play_out(fx *f, int most)
{
    tt_action acts[1024];
    for (int i = 0; i < most && !f->s->head.over; i++) {
        int n = tt_legal(f->g, f->st, acts);
        assert_true(n > 0);
        char text[64];
        tt_action_format(f->g, f->st, acts[n - 1], text, sizeof text);
        act(f, text);
    }
    assert_true(f->s->head.over);
}

/* The text is refused by `rule`, and nothing changes (XF-5.0.3). */
static inline void refused(fx *f, const char *text, const char *rule)
{
    tt_error err;
    size_t sz = tt_state_size(f->g);
    void *before = malloc(sz);
    memcpy(before, f->st, sz);
    int rc = tt_apply_text(f->g, f->st, text, NULL, &err);
    if (rc == TT_OK)
        fail_msg("'%s' was accepted; %s should refuse it", text, rule);
    assert_string_equal(err.rule, rule);
    assert_memory_equal(before, f->st, sz);
    free(before);
}

/* Index in pile j of seat p of an instance of card id, or -1. */
static inline int find_in(fx *f, int p, int j, const char *id)
{
    const xf_player *pl = &f->s->pl[p];
    int def = xf_find_def(f->c, id), start = tt_piles_start(pl->n, j);
    for (int k = pl->n[j] - 1; k >= 0; k--)
        if (f->c->deck[p].def[pl->cards[start + k]] == def)
            return k;
    return -1;
}

/* Seat p's hand becomes exactly `ids` (space-separated card ids). */
static inline void rig_hand(fx *f, int p, const char *ids)
{
    xf_player *pl = &f->s->pl[p];
    while (pl->n[Z_HAND])
        xf_pile_move(pl, Z_HAND, 0, Z_DECK);
    char buf[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", ids);
    for (char *id = strtok_r(buf, " ", &save); id; id = strtok_r(NULL, " ", &save)) {
        int k = find_in(f, p, Z_DECK, id);
        if (k < 0)
            fail_msg("no %s in p%d's deck", id, p);
        xf_pile_move(pl, Z_DECK, k, Z_HAND);
    }
}

/* The cards `ids` go on top of seat p's deck, the first one drawn first. */
static inline void rig_top(fx *f, int p, const char *ids)
{
    xf_player *pl = &f->s->pl[p];
    const char *w[16];
    char buf[256], *save = NULL;
    int n = 0;
    snprintf(buf, sizeof buf, "%s", ids);
    for (char *id = strtok_r(buf, " ", &save); id && n < 16; id = strtok_r(NULL, " ", &save))
        w[n++] = id;
    for (int i = n - 1; i >= 0; i--) {
        int k = find_in(f, p, Z_DECK, w[i]);
        if (k < 0)
            fail_msg("no %s in p%d's deck", w[i], p);
        xf_pile_move(pl, Z_DECK, k, Z_HAND); /* through the hand: a pile's own top */
        xf_pile_move(pl, Z_HAND, pl->n[Z_HAND] - 1, Z_DECK);
    }
}

static inline xf_agent *agent(fx *f, int p, const char *id)
{
    int def = xf_find_def(f->c, id);
    for (int k = 0; k < XF_MAX_AGENTS; k++) {
        xf_agent *a = &f->s->pl[p].agent[k];
        if (a->inst != XF_NONE && f->c->deck[p].def[a->inst] == def)
            return a;
    }
    fail_msg("p%d has no Agent %s", p, id);
    return NULL;
}

static inline void to_section(fx *f, int p, const char *id, int section, int damage)
{
    xf_agent *a = agent(f, p, id);
    a->section = (uint8_t)section;
    a->damage = (uint8_t)damage;
    a->team = section == SEC_HOSPITAL ? XF_NONE : (uint8_t)(section + 1);
}

/* Setup of section 10 with the hands rigged: A XF01, B XF03, `first`. */
static inline fx start(const char *params, const char *hand_a, const char *hand_b,
                       const char *first)
{
    fx f = game(params);
    act(&f, "xfile XF01");
    act(&f, "xfile XF03");
    rig_hand(&f, 0, hand_a);
    rig_hand(&f, 1, hand_b);
    (void)first;
    return f;
}

/* The line of viewer's text view that begins with `head`, without its
 * newline ("" when there is none). */
static inline const char *view_line(fx *f, int viewer, const char *head)
{
    static char line[512];
    char *v = tt_view_text(f->g, f->st, viewer);
    assert_non_null(v);
    const char *at = strstr(v, head);
    while (at && at != v && at[-1] != '\n')
        at = strstr(at + 1, head);
    size_t n = at ? strcspn(at, "\n") : 0;
    snprintf(line, sizeof line, "%.*s", (int)n, at ? at : "");
    free(v);
    return line;
}

/* Whether viewer's text view holds `text`. */
static inline int view_has(fx *f, int viewer, const char *text)
{
    char *v = tt_view_text(f->g, f->st, viewer);
    assert_non_null(v);
    int has = strstr(v, text) != NULL;
    free(v);
    return has;
}

/* The labels or ids of seat p's pile j, bottom first, space-separated. */
static inline const char *pile(fx *f, int p, int j)
{
    static char out[1024];
    const xf_player *pl = &f->s->pl[p];
    int start = tt_piles_start(pl->n, j);
    size_t at = 0;
    out[0] = 0;
    for (int k = 0; k < pl->n[j]; k++) {
        int inst = pl->cards[start + k];
        const char *id = xf_inst_def(f->c, p, inst)->id;
        if (xf_label(pl, inst))
            at += (size_t)snprintf(out + at, sizeof out - at, "%sp%d:%s#%d", k ? " " : "", p, id,
                                   xf_label(pl, inst));
        else
            at += (size_t)snprintf(out + at, sizeof out - at, "%s%s", k ? " " : "", id);
    }
    return out;
}

static inline void idle_until(fx *f, int p, int step, int window);

/* Applies "do nothing" answers (pass, done, freedraw no, buy 0, ressplit 0,
 * and forced discards) until step `step` of seat `p`'s turn waits for its
 * own decision. */
static inline void idle_to(fx *f, int p, int step)
{
    idle_until(f, p, step, 0);
}

/* The same, up to the window of step `step` (a window step, XF-4.3). */
static inline void idle_to_window(fx *f, int p, int step)
{
    idle_until(f, p, step, 1);
}

static inline void idle_until(fx *f, int p, int step, int window)
{
    tt_action acts[1024];
    char text[64];
    for (int guard = 0; guard < 5000; guard++) {
        const xf_state *s = f->s;
        if (s->head.over)
            fail_msg("the game ended before step %d of p%d", step, p);
        if (s->step == step && s->active == p && (window || !s->nrounds) && !s->decl.kind)
            return;
        int n = tt_legal(f->g, f->st, acts), pick = -1;
        for (int i = 0; i < n && pick < 0; i++) {
            tt_action_format(f->g, f->st, acts[i], text, sizeof text);
            if (!strcmp(text, "pass") || !strcmp(text, "done") || !strcmp(text, "freedraw no") ||
                !strcmp(text, "buy 0") || strstr(text, "ressplit") == text)
                pick = i;
        }
        if (pick < 0 && n && XF_OP(acts[0]) == A_DISCARD)
            pick = 0;
        if (pick < 0)
            fail_msg("no idle action at step %d", s->step);
        tt_action_format(f->g, f->st, acts[pick], text, sizeof text);
        act(f, text);
    }
    fail_msg("step %d of p%d never came", step, p);
}

/* Puts Agents of seat p into one Field Team, number `team`. */
static inline void field_team_n(fx *f, int p, const char *ids, int team)
{
    char buf[128], *save = NULL;
    snprintf(buf, sizeof buf, "%s", ids);
    for (char *id = strtok_r(buf, " ", &save); id; id = strtok_r(NULL, " ", &save)) {
        xf_agent *a = agent(f, p, id);
        a->section = SEC_FIELD;
        a->team = (uint8_t)team;
    }
}

/* Puts Agents of seat p into one Field Team (team 1). */
static inline void field_team(fx *f, int p, const char *ids)
{
    field_team_n(f, p, ids, 1);
}

/* From the first turn of `p` to step C1, where Site `site` is placed (the
 * RP it costs lent for the placement), and C1 ends. */
static inline void investigate(fx *f, int p, const char *site)
{
    char text[64];
    idle_to(f, p, ST_C1);
    f->s->pl[p].rp += 10;
    snprintf(text, sizeof text, "site %s", site);
    act(f, text);
    f->s->pl[p].rp -= 10;
    act(f, "done");
}

static inline void assign_and_resolve(fx *f, int p, const char *site_label, const char *member)
{
    char text[96];
    idle_to(f, p, ST_I2);
    snprintf(text, sizeof text, "assign %s %s", site_label, member);
    act(f, text);
    act(f, "done");
    snprintf(text, sizeof text, "resolve %s", site_label);
    act(f, text);
}

static inline int level(fx *f)
{
    return xf_level(f->c, f->s, f->s->nchecks - 1);
}

static inline int threshold(fx *f)
{
    return xf_threshold(f->s, f->s->nchecks - 1);
}

/* Seat p begins the game, places `site` (pP:SITE#1) and sends the Team of
 * `member` there; its Site check opens. */
static inline void begin_at(fx *f, int p, const char *site, const char *member)
{
    char text[64];
    snprintf(text, sizeof text, "first p%d", p);
    act(f, text);
    investigate(f, p, site);
    act(f, "done");
    snprintf(text, sizeof text, "p%d:%s#1", p, site);
    assign_and_resolve(f, p, text, member);
}

/* --- 3 and 4 players: p2 is C (DECK_A, XF05), p3 D (DECK_B, XF07) --- */

#define QUIET_C "S01 S02 S03 S04 Q01 Q02 A10"

/* A game of n players after the X-File choices, hands rigged, A first. */
static inline fx multi(int n, const char *hand_b, const char *hand_c)
{
    fx f = game(n == 3 ? "players=3 p2=deck_a" : "players=4 p2=deck_a p3=deck_b");
    act(&f, "xfile XF01");
    act(&f, "xfile XF03");
    act(&f, "xfile XF05");
    if (n == 4)
        act(&f, "xfile XF07");
    rig_hand(&f, 0, "S01 S10 Q01 Q02 A10 S02 S03");
    rig_hand(&f, 1, hand_b);
    rig_hand(&f, 2, hand_c);
    if (n == 4)
        rig_hand(&f, 3, QUIET_B);
    act(&f, "first p0");
    return f;
}

/* A places S01 directed at `at` (and the Site `also`, "S10 p2", unless
 * NULL) and sends his Team {A01, A03} to S01: its check opens. */
static inline void open_s01(fx *f, const char *at, const char *also)
{
    char text[32];
    field_team(f, 0, "A01 A03");
    idle_to(f, 0, ST_C1);
    f->s->pl[0].rp = 10;
    snprintf(text, sizeof text, "site S01 %s", at);
    act(f, text);
    if (also) {
        snprintf(text, sizeof text, "site %s", also);
        act(f, text);
    }
    act(f, "done");
    idle_to(f, 0, ST_I2);
    act(f, "assign p0:S01#1 p0:A01#1");
    act(f, "done");
    act(f, "resolve p0:S01#1");
}

#endif
