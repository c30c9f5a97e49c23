/* JSON documents with line numbers; see json.h.
 *
 * The walker trusts the text to be valid JSON (jansson has just accepted it)
 * and only needs to find token starts and count newlines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/json.h"

typedef struct walker {
    const char *p, *end;
    int line;
    tt_json_doc *doc;
} walker;

static void skip_ws(walker *w)
{
    while (w->p < w->end) {
        char c = *w->p;
        if (c == '\n')
            w->line++;
        else if (c != ' ' && c != '\t' && c != '\r')
            return;
        w->p++;
    }
}

static void add_loc(walker *w, const json_t *node, const json_t *parent, const char *key)
{
    tt_json_doc *d = w->doc;
    if (d->nloc == d->cap) {
        int cap = d->cap ? d->cap * 2 : 256;
        tt_json_loc *loc = realloc(d->loc, (size_t)cap * sizeof *loc);
        if (!loc)
            return; /* lines are a courtesy: unknown lines read as 0 */
        d->loc = loc;
        d->cap = cap;
    }
    tt_json_loc *l = &d->loc[d->nloc++];
    l->node = node;
    l->parent = parent;
    snprintf(l->key, sizeof l->key, "%s", key ? key : "");
    l->line = w->line;
}

/* Reads a string token into out (escapes reduced to their character). */
static void read_string(walker *w, char *out, size_t n)
{
    size_t k = 0;
    w->p++; /* opening quote */
    while (w->p < w->end && *w->p != '"') {
        char c = *w->p++;
        if (c == '\\' && w->p < w->end) {
            c = *w->p++;
            if (c == 'u') {
                w->p += 4;
                c = '?';
            } else if (c == 'n') {
                c = '\n';
            } else if (c == 't') {
                c = '\t';
            }
        }
        if (out && k + 1 < n)
            out[k++] = c;
    }
    w->p++; /* closing quote */
    if (out)
        out[k] = 0;
}

static void walk(walker *w, const json_t *node);

static void walk_object(walker *w, const json_t *obj)
{
    w->p++;
    for (;;) {
        skip_ws(w);
        if (w->p >= w->end || *w->p == '}') {
            w->p++;
            return;
        }
        if (*w->p == ',') {
            w->p++;
            continue;
        }
        char key[48];
        int line = w->line;
        read_string(w, key, sizeof key);
        skip_ws(w);
        w->p++; /* ':' */
        skip_ws(w);
        const json_t *value = json_object_get(obj, key);
        int save = w->line;
        w->line = line;
        add_loc(w, value, obj, key);
        w->line = save;
        walk(w, value);
    }
}

static void walk_array(walker *w, const json_t *arr)
{
    size_t i = 0;
    w->p++;
    for (;;) {
        skip_ws(w);
        if (w->p >= w->end || *w->p == ']') {
            w->p++;
            return;
        }
        if (*w->p == ',') {
            w->p++;
            continue;
        }
        walk(w, json_array_get(arr, i++));
    }
}

static void walk(walker *w, const json_t *node)
{
    skip_ws(w);
    if (w->p >= w->end)
        return;
    char c = *w->p;
    if (c == '{' || c == '[')
        add_loc(w, node, NULL, NULL);
    if (c == '{')
        walk_object(w, node);
    else if (c == '[')
        walk_array(w, node);
    else if (c == '"')
        read_string(w, NULL, 0);
    else
        while (w->p < w->end && !strchr(",]} \t\r\n", *w->p))
            w->p++;
}

int tt_json_parse(tt_json_doc *doc, const char *text, size_t len, const char *file,
                  tt_diags *diags)
{
    memset(doc, 0, sizeof *doc);
    snprintf(doc->file, sizeof doc->file, "%s", file);
    json_error_t jerr;
    doc->root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!doc->root) {
        tt_diag_add(diags, file, jerr.line > 0 ? jerr.line : 0, NULL, "malformed JSON: %s",
                    jerr.text);
        return -1;
    }
    walker w = {text, text + len, 1, doc};
    walk(&w, doc->root);
    return 0;
}

void tt_json_fini(tt_json_doc *doc)
{
    json_decref(doc->root);
    free(doc->loc);
    memset(doc, 0, sizeof *doc);
}

int tt_json_line(const tt_json_doc *doc, const json_t *node, const char *key)
{
    for (int i = 0; i < doc->nloc; i++) {
        const tt_json_loc *l = &doc->loc[i];
        if (key ? (l->parent == node && strcmp(l->key, key) == 0)
                : (l->node == node && l->key[0] == 0))
            return l->line;
    }
    /* a member's value that is not a container: the member's own line */
    for (int i = 0; !key && i < doc->nloc; i++)
        if (doc->loc[i].node == node && json_is_object(doc->loc[i].parent))
            return doc->loc[i].line;
    return 0;
}

char *tt_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n + 4096 + 1 > cap) {
            cap = cap ? cap * 2 : 8192;
            char *b = realloc(buf, cap);
            if (!b) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = b;
        }
        size_t got = fread(buf + n, 1, 4096, f);
        n += got;
        if (got < 4096)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    if (len)
        *len = n;
    return buf;
}

unsigned long long tt_fnv64(const void *data, size_t n)
{
    const unsigned char *p = data;
    unsigned long long h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}
