/* Braunau test fixture: hand-built positions kept sane (see bra_fixture.h).
 *
 * The helpers edit the flat bra_state directly, always taking a token out of
 * the zone it is in before putting it in another, and keeping the knowledge
 * sets sound (an agent placed by hand may be anywhere, for all the others
 * know), so that the sanity checker holds once a position is complete.
 * Compiled into every test program; only tests that include bra_fixture.h
 * call it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bra_fixture.h"
#include "core/diag.h"
#include "core/pile.h"

bra_fx *bra_fx_open(const char *params)
{
    bra_fx *x = calloc(1, sizeof *x);
    assert_non_null(x);
    tt_error err = {0};
    if (tt_game_new("braunau", params, &x->g, &err) != TT_OK)
        fail_msg("cannot load braunau (%s): %s", params ? params : "default", err.msg);
    x->c = bra_content_of(x->g);
    x->size = tt_state_size(x->g);
    assert_int_equal(x->size, sizeof(bra_state));
    x->s = calloc(1, x->size);
    assert_non_null(x->s);
    tt_state_init(x->g, (tt_state *)x->s, 1);
    x->ev = (tt_events){x->evbuf, 0, (int)(sizeof x->evbuf / sizeof x->evbuf[0]), 0};
    bra_fx_f1(x);
    return x;
}

void bra_fx_close(bra_fx *x)
{
    if (!x)
        return;
    tt_game_free(x->g);
    free(x->s);
    free(x);
}

void bra_fx_f1(bra_fx *x)
{
    const bra_content *c = x->c;
    bra_state *s = x->s;
    memset(s, 0, sizeof *s);
    tt_rng_seed(&s->head.rng, 1);
    s->conceder = BRA_NONE;
    for (int i = 0; i < c->nseats; i++) {
        int f = c->seat_faction[i];
        bra_fstate *fs = &s->f[f];
        fs->ndeck = (uint16_t)bra_deck_tokens(c, &c->deck[f], fs->tok);
        for (int k = 0; k < fs->ndeck; k++) /* token 1 on top, the last at the bottom */
            fs->deck[k] = (uint16_t)(fs->ndeck - 1 - k);
        s->sup[c->f[f].home][f] = c->p.home_support;
        fs->gold = c->p.start_gold;
    }
    /* the market [I07, I05, I11]; the item deck I01, then the rest in id order */
    int row[] = {bra_fx_item(x, "I07"), bra_fx_item(x, "I05"), bra_fx_item(x, "I11")};
    for (int k = 0; k < BRA_MAX_ROW; k++)
        s->market[k] = k < 3 ? (uint8_t)row[k] : BRA_NONE;
    for (int i = c->nitems - 1; i >= 0; i--) { /* the first on top */
        int in_row = i == row[0] || i == row[1] || i == row[2];
        s->iowner[i] = in_row ? IO_MARKET : IO_DECK;
        if (!in_row)
            tt_pile_push(s->item_deck, &s->nitem_deck, BRA_MAX_ITEMS, (uint16_t)i);
    }
    for (int a = 0; a < c->nagents; a++) {
        int f = c->a[a].faction;
        s->decoy[a] = BRA_NONE;
        if (c->faction_seat[f] == BRA_NONE || !(c->roster[f] >> c->a[a].local & 1)) {
            s->loc[a] = BRA_OUT;
        } else if (c->a[a].resident) {
            s->loc[a] = c->f[f].home;
            s->exposed[a] = 1;
            for (int v = 0; v < BRA_NV; v++)
                s->maybe[v][a] = (uint16_t)(1u << s->loc[a]);
        } else {
            s->loc[a] = BRA_RESERVE;
        }
    }
    s->head.turn = 1;
    s->first = s->active = 0;
    s->started = 1; /* rigging re-deals only a game nobody has touched */
    bra_start_turn(c, s, NULL);
}

/* --- lookups ---------------------------------------------------------------------- */

int bra_fx_tok(const bra_fx *x, const char *id)
{
    int t = bra_token_parse(x->c, id);
    if (t < 0)
        fail_msg("no token '%s'", id);
    return t;
}

int bra_fx_agent_id(const bra_fx *x, const char *id)
{
    int a = bra_find_agent(x->c, id);
    if (a < 0)
        fail_msg("no agent '%s'", id);
    return a;
}

int bra_fx_area(const bra_fx *x, const char *id)
{
    int a = bra_find_area(x->c, id);
    if (a < 0)
        fail_msg("no area '%s'", id);
    return a;
}

int bra_fx_item(const bra_fx *x, const char *id)
{
    int i = bra_find_item(x->c, id);
    if (i < 0)
        fail_msg("no item '%s'", id);
    return i;
}

/* --- tokens ------------------------------------------------------------------------ */

/* Takes token t (global) out of whatever zone holds it. */
static void take(bra_fx *x, int t)
{
    bra_fstate *f = &x->s->f[t >> 6];
    uint8_t i = (uint8_t)(t & 63), *p;
    int at = tt_pile_find(f->deck, f->ndeck, i);
    if (at >= 0) {
        if (at < f->known)
            f->known--; /* it was in the known bottom */
        tt_pile_remove_at(f->deck, &f->ndeck, at);
        return;
    }
    if ((p = memchr(f->pend, i, f->npend))) {
        memmove(p, p + 1, (size_t)(f->npend - (p - f->pend) - 1));
        f->npend--;
        return;
    }
    if ((p = memchr(f->played, i, f->nplayed))) {
        memmove(p, p + 1, (size_t)(f->nplayed - (p - f->played) - 1));
        f->nplayed--;
        return;
    }
    f->stash &= ~(1ull << i);
    f->discard &= ~(1ull << i);
}

/* Calls fn(x, token, k) for the k-th id of a space-separated list. */
static void each(bra_fx *x, const char *ids, void (*fn)(bra_fx *, int, int))
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", ids);
    int k = 0;
    for (char *save, *w = strtok_r(buf, " ,", &save); w; w = strtok_r(NULL, " ,", &save))
        fn(x, bra_fx_tok(x, w), k++);
}

static void to_stash(bra_fx *x, int t, int k)
{
    (void)k;
    take(x, t);
    x->s->f[t >> 6].stash |= 1ull << (t & 63);
}

void bra_fx_stash(bra_fx *x, const char *ids)
{
    each(x, ids, to_stash);
}

static void to_top(bra_fx *x, int t, int k)
{
    take(x, t);
    bra_fstate *f = &x->s->f[t >> 6];
    tt_pile_insert_at(f->deck, &f->ndeck, BRA_MAX_DECK, f->ndeck - k, (uint16_t)(t & 63));
}

void bra_fx_deck_top(bra_fx *x, const char *ids)
{
    each(x, ids, to_top);
}

void bra_fx_deck_exact(bra_fx *x, int fac, const char *ids)
{
    bra_fstate *f = &x->s->f[fac];
    while (f->ndeck) { /* everything out of the deck, to the discard pile */
        int t = f->deck[f->ndeck - 1];
        take(x, fac << 6 | t);
        f->discard |= 1ull << t;
    }
    f->known = 0;
    bra_fx_deck_top(x, ids);
}

static void to_pending(bra_fx *x, int t, int k)
{
    (void)k;
    take(x, t);
    bra_fstate *f = &x->s->f[t >> 6];
    f->pend[f->npend++] = (uint8_t)(t & 63);
    f->drew = 1;
}

void bra_fx_pending(bra_fx *x, const char *ids)
{
    each(x, ids, to_pending);
}

/* --- turn, agents, pools --------------------------------------------------------------- */

void bra_fx_turn(bra_fx *x, int f, int round, int ap)
{
    const bra_content *c = x->c;
    bra_state *s = x->s;
    for (int i = 0; i < c->nseats; i++)
        s->f[c->seat_faction[i]].ap = 0;
    s->head.turn = (uint8_t)round;
    s->active = c->faction_seat[f];
    bra_start_turn(c, s, NULL);
    s->f[f].ap = (uint8_t)ap;
}

void bra_fx_place(bra_fx *x, const char *agent, const char *area)
{
    int a = bra_fx_agent_id(x, agent);
    bra_state *s = x->s;
    s->exposed[a] = 0;
    s->level[a] = s->charges[a] = 0;
    s->decoy[a] = BRA_NONE;
    if (strcmp(area, "RESERVE") == 0) {
        s->loc[a] = BRA_RESERVE;
        for (int v = 0; v < BRA_NV; v++)
            s->maybe[v][a] = 0;
        return;
    }
    s->loc[a] = (uint8_t)bra_fx_area(x, area);
    for (int v = 0; v < BRA_NV; v++) /* for all the others know: anywhere */
        s->maybe[v][a] = x->c->all_areas;
}

void bra_fx_level(bra_fx *x, const char *agent, int level, int charges)
{
    int a = bra_fx_agent_id(x, agent);
    x->s->level[a] = (uint8_t)level;
    x->s->charges[a] = (uint8_t)charges;
}

void bra_fx_exposed(bra_fx *x, const char *agent, int exposed)
{
    x->s->exposed[bra_fx_agent_id(x, agent)] = (uint8_t)exposed;
}

void bra_fx_decoy(bra_fx *x, const char *agent, const char *area)
{
    int a = bra_fx_agent_id(x, agent);
    x->s->decoy[a] = (uint8_t)bra_fx_area(x, area);
    bra_fstate *f = &x->s->f[x->c->a[a].faction];
    if (!f->ci_turn)
        f->ci_turn = 1;
}

void bra_fx_support(bra_fx *x, int f, const char *area, int value)
{
    int at = bra_fx_area(x, area);
    x->s->sup[at][f] = (uint8_t)value;
    if (value >= x->c->p.trigger_level) /* it got there once: its Rally is spent */
        x->s->rally[f] |= (uint16_t)(1u << at);
}

void bra_fx_gold(bra_fx *x, int f, int gold)
{
    x->s->f[f].gold = (uint16_t)gold;
}
void bra_fx_vp(bra_fx *x, int f, int vp)
{
    x->s->f[f].vp = (uint16_t)vp;
}

void bra_fx_own_item(bra_fx *x, const char *item, int f)
{
    int i = bra_fx_item(x, item);
    bra_state *s = x->s;
    tt_pile_remove(s->item_deck, &s->nitem_deck, (uint16_t)i);
    for (int k = 0; k < BRA_MAX_ROW; k++)
        if (s->market[k] == i)
            s->market[k] = BRA_NONE;
    s->iowner[i] = (uint8_t)f;
}

/* --- playing -------------------------------------------------------------------------- */

void bra_fx_sane(const bra_fx *x)
{
    tt_error err = {0};
    if (bra_sanity(x->g, x->s, &err) != TT_OK)
        fail_msg("the position is broken: %s", err.msg);
}

void bra_fx_apply(bra_fx *x, const char *text)
{
    x->ev.n = 0;
    x->ev.dropped = 0;
    tt_error err = {0};
    bra_fx_sane(x);
    if (tt_apply_text(x->g, (tt_state *)x->s, text, &x->ev, &err) != TT_OK)
        fail_msg("'%s' refused: %s (%s)", text, err.msg, err.rule);
    bra_fx_sane(x);
}

void bra_fx_refuse(bra_fx *x, const char *text, const char *code)
{
    bra_state *copy = malloc(x->size);
    assert_non_null(copy);
    memcpy(copy, x->s, x->size);
    tt_error_clear(&x->err);
    tt_events ev = {x->evbuf, 0, 8, 0};
    int rc = tt_apply_text(x->g, (tt_state *)x->s, text, &ev, &x->err);
    if (rc == TT_OK)
        fail_msg("'%s' was accepted; %s expected", text, code);
    if (strcmp(x->err.ecode, code) != 0)
        fail_msg("'%s' refused with %s: '%s' (%s); %s expected", text, x->err.ecode, x->err.msg,
                 x->err.rule, code);
    if (memcmp(copy, x->s, x->size) != 0)
        fail_msg("refused '%s' changed the state", text);
    assert_true(x->err.rule[0] != 0);
    assert_int_equal(ev.n, 0);
    free(copy);
}

int bra_fx_ap(const bra_fx *x, int f)
{
    return x->s->f[f].ap;
}

int bra_fx_in_stash(const bra_fx *x, const char *id)
{
    int t = bra_fx_tok(x, id);
    return (int)(x->s->f[t >> 6].stash >> (t & 63) & 1);
}

int bra_fx_deck_at(const bra_fx *x, int f, int k)
{
    return f << 6 | x->s->f[f].deck[x->s->f[f].ndeck - 1 - k];
}

int bra_fx_deck_from_bottom(const bra_fx *x, int f, int k)
{
    return f << 6 | x->s->f[f].deck[k];
}

int bra_fx_loc(const bra_fx *x, const char *agent)
{
    return x->s->loc[bra_fx_agent_id(x, agent)];
}

int bra_fx_events(const bra_fx *x, int type)
{
    int n = 0;
    for (int i = 0; i < x->ev.n; i++)
        n += x->ev.ev[i].type == type;
    return n;
}

const tt_event *bra_fx_event(const bra_fx *x, int type, int k)
{
    for (int i = 0; i < x->ev.n; i++)
        if (x->ev.ev[i].type == type && k-- == 0)
            return &x->ev.ev[i];
    fail_msg("no event %d #%d", type, k);
    return NULL;
}

const char *bra_fx_story(const bra_fx *x, int viewer, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; i < x->ev.n && at < n; i++) {
        char line[512];
        if (tt_event_text(x->g, &x->ev.ev[i], viewer, line, sizeof line) > 0)
            at += (size_t)snprintf(buf + at, n - at, "%s\n", line);
    }
    return buf;
}

int bra_fx_offered(const bra_fx *x, const char *text)
{
    tt_action a[BRA_MAX_ACTIONS];
    int n = tt_legal(x->g, (const tt_state *)x->s, a);
    for (int i = 0; i < n; i++) {
        char t[TT_ACTION_TEXT_MAX];
        tt_action_format(x->g, (const tt_state *)x->s, a[i], t, sizeof t);
        if (strcmp(t, text) == 0)
            return 1;
    }
    return 0;
}

const char *bra_fx_validate(const char *json, char *buf, size_t n)
{
    tt_error err = {0};
    bra_content *c = bra_content_new(NULL, &err);
    if (!c)
        fail_msg("no sample content: %s", err.msg);
    tt_diags *d = calloc(1, sizeof *d);
    assert_non_null(d);
    bra_deck_check(c, json, strlen(json), "deck", d, NULL, NULL);
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; i < d->n && at < n; i++) { /* "E_CODE (details)", up to the ':' */
        const char *m = d->d[i].msg;
        at += (size_t)snprintf(buf + at, n - at, "%.*s\n", (int)strcspn(m, ":"), m);
    }
    free(d);
    free(c);
    return buf;
}

const char *bra_fx_deck_json(const bra_content *c, const bra_deck *d, char *buf, size_t n)
{
    static const char *const modes[] = {"CUSTOMIZED", "STANDARDIZED", "STANDARDIZED"};
    const bra_faction *f = &c->f[d->faction];
    size_t at =
        (size_t)snprintf(buf, n, "{\"faction\": \"%s\", \"mode\": \"%s\", ", f->id, modes[d->mode]);
    at += (size_t)snprintf(buf + at, n - at, "\"extended_characters\": [");
    for (int k = 0, any = 0; k < f->nagents; k++)
        if (d->extended >> k & 1)
            at += (size_t)snprintf(buf + at, n - at, "%s\"%s\"", any++ ? ", " : "",
                                   c->a[f->agent[k]].id);
    at += (size_t)snprintf(buf + at, n - at, "], \"tokens\": {\"ABIL\": {");
    for (int k = 0, any = 0; k < f->nagents; k++)
        if (d->abil[k])
            at += (size_t)snprintf(buf + at, n - at, "%s\"%s\": %d", any++ ? ", " : "",
                                   c->a[f->agent[k]].id, d->abil[k]);
    at += (size_t)snprintf(buf + at, n - at, "}");
    for (int t = 0; t < T_NTYPES; t++)
        if (t != T_ABIL && (d->count[t] || ((t != T_BR && t != T_FA) || t == f->records)))
            at += (size_t)snprintf(buf + at, n - at, ", \"%s\": %d", bra_type_code_name(t),
                                   d->count[t]);
    snprintf(buf + at, n - at, "}}");
    if (at + 2 >= n)
        fail_msg("bra_fx_deck_json: a buffer of %zu bytes is too small", n);
    return buf;
}

int bra_fx_deck_first_check(const bra_content *c, const char *json)
{
    tt_diags *d = calloc(1, sizeof *d);
    assert_non_null(d);
    int nvalid = 0, check = 0;
    if (bra_deck_check(c, json, strlen(json), "deck", d, NULL, &nvalid) != 1)
        fail_msg("not one declaration: %s", json);
    const char *v = d->n ? strstr(d->d[0].msg, "[V") : NULL;
    if (d->n && (!v || sscanf(v, "[V%d]", &check) != 1))
        fail_msg("a problem outside the sixteen checks: %s (%s)", d->d[0].msg, json);
    assert_int_equal(nvalid, !d->n);
    free(d);
    return check;
}
