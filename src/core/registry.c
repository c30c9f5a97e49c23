/* The games this build knows, as OpenSpiel registers its games: one tt_rules
 * descriptor per game, found by name. The list itself, tt_registry, is
 * generated from the game folders at build time (scripts/games.cmake), as is
 * the sample content compiled in (scripts/embed.cmake).
 *
 * The samples are constants, so each is parsed once per process, the first
 * time any is asked for: the documents are written once, under pthread_once,
 * before any caller sees them, and only read after that, by any thread. A
 * game loading the sample pays for reading the document, not for parsing the
 * JSON again (most of a load, and all of it again for every `new` or record). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/file.h"
#include "core/json.h"
#include "core/rules.h"

const tt_rules *tt_rules_find(const char *name)
{
    for (int i = 0; tt_registry[i]; i++)
        if (strcmp(tt_registry[i]->name, name) == 0)
            return tt_registry[i];
    return NULL;
}

struct tt_embedded_file {
    const char *path;
    const char *text;
    size_t size;
};
extern const struct tt_embedded_file tt_embedded[];

const char *tt_embedded_find(const char *path, size_t *size)
{
    for (int i = 0; tt_embedded[i].path; i++)
        if (strcmp(tt_embedded[i].path, path) == 0) {
            if (size)
                *size = tt_embedded[i].size;
            return tt_embedded[i].text;
        }
    return NULL;
}

static pthread_once_t docs_once = PTHREAD_ONCE_INIT;
static tt_json_doc *docs; /* one per embedded file, in tt_embedded order; root NULL: unparsed */

static void docs_parse(void)
{
    int n = 0;
    while (tt_embedded[n].path)
        n++;
    docs = calloc((size_t)n, sizeof *docs);
    tt_diags *d = calloc(1, sizeof *d);
    for (int i = 0; docs && d && i < n; i++) {
        char file[160];
        snprintf(file, sizeof file, "data/%s", tt_embedded[i].path);
        tt_json_parse(&docs[i], tt_embedded[i].text, tt_embedded[i].size, file, d);
    }
    free(d);
}

const tt_json_doc *tt_embedded_doc(const char *path)
{
    pthread_once(&docs_once, docs_parse);
    for (int i = 0; docs && tt_embedded[i].path; i++)
        if (strcmp(tt_embedded[i].path, path) == 0)
            return docs[i].root ? &docs[i] : NULL;
    return NULL;
}

int tt_deck_text(const char *game, const char *param, const char *value, const char *choices,
                 char **text, size_t *len, char *file, size_t nfile, tt_error *err)
{
    size_t n = strlen(value);
    snprintf(file, nfile, "%s", value);
    if (strchr(value, '/') || (n > 5 && strcmp(value + n - 5, ".json") == 0))
        return tt_file_read(value, TT_FILE_MAX_CONTENT, text, len, err);
    char path[160];
    snprintf(path, sizeof path, "%s/%s.json", game, value);
    const char *t = tt_embedded_find(path, len);
    snprintf(file, nfile, "data/%s", path);
    if (!t)
        return tt_fail(err, TT_EARG, NULL, "%s=%s: no such deck (%s)", param, value, choices);
    *text = malloc(*len + 1);
    if (!*text)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    memcpy(*text, t, *len + 1);
    return TT_OK;
}

int tt_deck_load(const char *game, const char *param, const char *value, const char *choices,
                 tt_deck_checker check, void *ctx, tt_error *err)
{
    char file[200], *text = NULL;
    size_t len = 0;
    if (strcmp(value, "content") == 0) /* a sample file, but not a deck */
        return tt_fail(err, TT_EARG, NULL, "%s=%s: no such deck (%s)", param, value, choices);
    int rc = tt_deck_text(game, param, value, choices, &text, &len, file, sizeof file, err);
    if (rc)
        return rc;
    tt_diags *d = calloc(1, sizeof *d);
    if (!d) {
        free(text);
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    }
    int n = check(ctx, text, len, file, d);
    if (d->n)
        rc = tt_diags_fail(d, err);
    else if (n != 1)
        rc = tt_fail(err, TT_ECONTENT, NULL, "%s: a game takes one deck declaration, not a list",
                     file);
    free(d);
    free(text);
    return rc;
}
