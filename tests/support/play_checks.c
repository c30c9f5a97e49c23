/* Playing a position in a rules test (see play_checks.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "play_checks.h"

void chk_sane(const tt_game *g, const tt_state *s)
{
    tt_error err = {0};
    if (tt_sanity(g, s, &err) != TT_OK)
        fail_msg("insane state: %s", err.msg);
}

void chk_apply(const tt_game *g, tt_state *s, tt_events *ev, const char *text)
{
    tt_error err = {0};
    ev->n = ev->dropped = 0;
    int rc = tt_apply_text(g, s, text, ev, &err);
    if (rc != TT_OK)
        fail_msg("'%s' was refused: %s (%s)", text, err.msg, err.rule);
    assert_int_equal(ev->dropped, 0);
    chk_sane(g, s);
}

void chk_refused(const tt_game *g, tt_state *s, const char *text, const char *code,
                 const char *rule)
{
    tt_error err = {0};
    size_t size = tt_state_size(g);
    void *before = malloc(size);
    assert_non_null(before);
    memcpy(before, s, size);
    int rc = tt_apply_text(g, s, text, NULL, &err);
    int same = memcmp(before, s, size) == 0;
    free(before);
    if (rc == TT_OK)
        fail_msg("'%s' was accepted; expected %s (%s)", text, code ? code : "a refusal", rule);
    if (rc != TT_EILLEGAL || strcmp(err.rule, rule) != 0 || (code && strcmp(err.ecode, code) != 0))
        fail_msg("'%s' was refused with status %d, %s: '%s' (%s); expected %s (%s)", text, rc,
                 err.ecode, err.msg, err.rule, code ? code : "a refusal", rule);
    if (!same)
        fail_msg("'%s' was refused but changed the state", text);
    chk_sane(g, s);
}

int chk_events(const tt_events *ev, int type)
{
    int n = 0;
    for (int i = 0; i < ev->n; i++)
        n += ev->ev[i].type == type;
    return n;
}

int chk_offered(const tt_game *g, const tt_state *s, const char *text)
{
    tt_action *acts = calloc((size_t)tt_max_actions(g), sizeof *acts);
    assert_non_null(acts);
    int n = tt_legal(g, s, acts), found = 0;
    for (int i = 0; i < n && !found; i++) {
        char buf[TT_ACTION_TEXT_MAX];
        tt_action_format(g, s, acts[i], buf, sizeof buf);
        found = strcmp(buf, text) == 0;
    }
    free(acts);
    return found;
}
