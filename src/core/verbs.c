/* Action texts: the word splitter and verb lookup every game's parser shares
 * (core/verbs.h). Small, allocation-free, and off the playout path. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/errors.h"
#include "core/verbs.h"

int tt_words_split(const char *text, tt_words *out, tt_error *err)
{
    out->n = 0;
    for (const char *p = text;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        size_t len = strcspn(p, " \t");
        if (out->n == TT_WORDS_MAX)
            return tt_fail(err, TT_EPARSE, NULL, "an action has at most %d words", TT_WORDS_MAX);
        if (len >= TT_WORD_MAX)
            return tt_fail(err, TT_EPARSE, NULL, "'%.20s…' is too long for a word", p);
        memcpy(out->w[out->n], p, len);
        out->w[out->n++][len] = 0;
        p += len;
    }
    return out->n ? TT_OK : tt_fail(err, TT_EPARSE, NULL, "an empty action");
}

/* "no argument", "one argument", "at most one argument", "2 words", "1 to 3 words" */
static const char *arity_words(const tt_verb *v, char *buf, size_t n)
{
    if (v->max == 0)
        return "no argument";
    if (v->max == 1)
        return v->min ? "one argument" : "at most one argument";
    if (v->min == v->max)
        snprintf(buf, n, "%d words after it", v->max);
    else
        snprintf(buf, n, "%d to %d words after it", v->min, v->max);
    return buf;
}

long tt_text_control_at(const char *text, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if ((c < 32 && c != '\t') || c == 127)
            return (long)i;
    }
    return -1;
}

int tt_verb_find(const tt_verb *table, const tt_words *words, const tt_verb **out, tt_error *err)
{
    *out = NULL;
    const char *head = words->n ? words->w[0] : "";
    for (const tt_verb *v = table; v->name; v++) {
        if (strcasecmp(v->name, head) != 0)
            continue;
        *out = v;
        int after = words->n - 1;
        if (after >= v->min && after <= v->max)
            return TT_OK;
        char buf[32];
        return tt_fail(err, TT_EPARSE, NULL, "'%s' takes %s", v->name,
                       arity_words(v, buf, sizeof buf));
    }
    return tt_fail(err, TT_EPARSE, NULL, "unknown action '%s'", head);
}
