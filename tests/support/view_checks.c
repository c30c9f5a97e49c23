/* Checking what each viewer is shown (view_checks.h): JSON paths resolved in
 * the parsed view, substrings of the text view and of the narration. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "view_checks.h"

static const char *viewer_word(const tt_game *g, int viewer, char *buf, size_t n)
{
    if (viewer == TT_VIEW_ALL)
        return "the omniscient view";
    if (viewer == TT_VIEW_SPECTATOR)
        return "the spectator";
    snprintf(buf, n, "player %d (%s)", viewer, tt_player_name(g, viewer));
    return buf;
}

static json_t *view_json(const tt_game *g, const tt_state *s, int viewer)
{
    char *text = tt_view_json(g, s, viewer);
    assert_non_null(text);
    json_error_t err;
    json_t *v = json_loads(text, 0, &err);
    free(text);
    if (!v)
        fail_msg("the view is not JSON: %s", err.text);
    return v;
}

/* One path component applied to v, or NULL when nothing matches. */
static json_t *step(json_t *v, const char *comp)
{
    const char *eq = strchr(comp, '=');
    if (json_is_array(v) && eq) {
        size_t i;
        json_t *x;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(eq - comp), comp);
        json_array_foreach(v, i, x) {
            const char *have = json_string_value(json_object_get(x, name));
            if (have && strcmp(have, eq + 1) == 0)
                return x;
        }
        return NULL;
    }
    if (json_is_array(v)) {
        char *end;
        long i = strtol(comp, &end, 10);
        return *end ? NULL : json_array_get(v, (size_t)i);
    }
    return json_object_get(v, comp);
}

static json_t *resolve(json_t *v, const char *path)
{
    char comp[128];
    while (v && *path) {
        size_t n = strcspn(path, ".");
        snprintf(comp, sizeof comp, "%.*s", (int)n, path);
        v = step(v, comp);
        path += n + (path[n] == '.');
    }
    return v;
}

void vc_is(const tt_game *g, const tt_state *s, int viewer, const char *path, const char *expected)
{
    char who[64];
    json_t *v = view_json(g, s, viewer), *x = resolve(v, path);
    char *got = x ? json_dumps(x, JSON_COMPACT | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER) : NULL;
    int ok = got && strcmp(got, expected) == 0;
    if (!ok)
        fprintf(stderr, "%s: %s is %s, expected %s\n", viewer_word(g, viewer, who, sizeof who),
                path, got ? got : "absent", expected);
    free(got);
    json_decref(v);
    if (!ok)
        fail();
}

void vc_hidden(const tt_game *g, const tt_state *s, int viewer, const char *path)
{
    char who[64];
    json_t *v = view_json(g, s, viewer), *x = resolve(v, path);
    int shown = x && !json_is_null(x);
    if (shown) {
        char *got = json_dumps(x, JSON_COMPACT | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER);
        fprintf(stderr, "%s is shown %s = %s\n", viewer_word(g, viewer, who, sizeof who), path,
                got);
        free(got);
    }
    json_decref(v);
    if (shown)
        fail();
}

void vc_public(const tt_game *g, const tt_state *s, const char *path, const char *expected)
{
    vc_only(g, s, (1u << tt_game_players(g)) - 1, path, expected);
    vc_is(g, s, TT_VIEW_SPECTATOR, path, expected);
}

void vc_learnt(const tt_game *g, const tt_state *s, unsigned mask, const char *path,
               const char *expected)
{
    for (int p = 0; p < tt_game_players(g); p++) {
        if (mask >> p & 1)
            vc_is(g, s, p, path, expected);
        else
            vc_hidden(g, s, p, path);
    }
    if (mask != (1u << tt_game_players(g)) - 1)
        vc_hidden(g, s, TT_VIEW_SPECTATOR, path);
}

void vc_only(const tt_game *g, const tt_state *s, unsigned mask, const char *path,
             const char *expected)
{
    vc_learnt(g, s, mask, path, expected);
    vc_is(g, s, TT_VIEW_ALL, path, expected);
}

/* --- text and narration --------------------------------------------------------------- */

/* What a viewer reads, as malloc'd text: the text view of a state, or the
 * narration of events. */
typedef char *(*reader)(const tt_game *g, const void *src, int viewer);

static char *read_view(const tt_game *g, const void *src, int viewer)
{
    return tt_view_text(g, src, viewer);
}

static char *read_story(const tt_game *g, const void *src, int viewer)
{
    const tt_events *ev = src;
    char line[512];
    size_t cap = 1, len = 0;
    for (int i = 0; i < ev->n; i++)
        cap += sizeof line;
    char *story = calloc(1, cap);
    assert_non_null(story);
    for (int i = 0; i < ev->n; i++)
        if (tt_event_text(g, &ev->ev[i], viewer, line, sizeof line) > 0)
            len += (size_t)snprintf(story + len, cap - len, "%s\n", line);
    return story;
}

/* Does what viewer reads contain needle, as `want` says? */
static void find(const tt_game *g, reader read, const void *src, int viewer, const char *needle,
                 int want)
{
    char who[64];
    char *text = read(g, src, viewer);
    assert_non_null(text);
    int ok = (strstr(text, needle) != NULL) == want;
    if (!ok)
        fprintf(stderr, "%s %s %s \"%s\":\n%s\n", viewer_word(g, viewer, who, sizeof who),
                read == read_view ? "has a text view that" : "is narrated what",
                want ? "lacks" : "contains", needle, text);
    free(text);
    if (!ok)
        fail();
}

/* The players of mask and the omniscient viewer read needle; the others do
 * not, nor the spectator unless every player does. */
static void find_by_mask(const tt_game *g, reader read, const void *src, unsigned mask,
                         const char *needle)
{
    unsigned all = (1u << tt_game_players(g)) - 1;
    for (int p = 0; p < tt_game_players(g); p++)
        find(g, read, src, p, needle, mask >> p & 1);
    find(g, read, src, TT_VIEW_SPECTATOR, needle, (mask & all) == all);
    find(g, read, src, TT_VIEW_ALL, needle, 1);
}

void vc_text_has(const tt_game *g, const tt_state *s, int viewer, const char *needle)
{
    find(g, read_view, s, viewer, needle, 1);
}

void vc_text_lacks(const tt_game *g, const tt_state *s, int viewer, const char *needle)
{
    find(g, read_view, s, viewer, needle, 0);
}

void vc_text_public(const tt_game *g, const tt_state *s, const char *needle)
{
    find_by_mask(g, read_view, s, ~0u, needle);
}

void vc_text_only(const tt_game *g, const tt_state *s, unsigned mask, const char *needle)
{
    find_by_mask(g, read_view, s, mask, needle);
}

void vc_story_has(const tt_game *g, const tt_events *ev, int viewer, const char *needle)
{
    find(g, read_story, ev, viewer, needle, 1);
}

void vc_story_lacks(const tt_game *g, const tt_events *ev, int viewer, const char *needle)
{
    find(g, read_story, ev, viewer, needle, 0);
}

void vc_story_public(const tt_game *g, const tt_events *ev, const char *needle)
{
    find_by_mask(g, read_story, ev, ~0u, needle);
}

void vc_story_only(const tt_game *g, const tt_events *ev, unsigned mask, const char *needle)
{
    find_by_mask(g, read_story, ev, mask, needle);
}
