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
    l->key = key;
    l->line = w->line;
}

static unsigned hex4(const char *p)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        v = v * 16 + (unsigned)(c <= '9' ? c - '0' : (c | 32) - 'a' + 10);
    }
    return v;
}

/* Appends code point cp as UTF-8 (as jansson decodes it). */
static size_t put_utf8(char *out, size_t k, size_t n, unsigned cp)
{
    char b[4];
    size_t len;
    if (cp < 0x80) {
        b[0] = (char)cp, len = 1;
    } else if (cp < 0x800) {
        b[0] = (char)(0xC0 | cp >> 6), b[1] = (char)(0x80 | (cp & 63)), len = 2;
    } else if (cp < 0x10000) {
        b[0] = (char)(0xE0 | cp >> 12), b[1] = (char)(0x80 | (cp >> 6 & 63));
        b[2] = (char)(0x80 | (cp & 63)), len = 3;
    } else {
        b[0] = (char)(0xF0 | cp >> 18), b[1] = (char)(0x80 | (cp >> 12 & 63));
        b[2] = (char)(0x80 | (cp >> 6 & 63)), b[3] = (char)(0x80 | (cp & 63)), len = 4;
    }
    for (size_t i = 0; i < len && k + 1 < n; i++)
        out[k++] = b[i];
    return k;
}

/* Reads a string token into out (n bytes), decoding its escapes. */
static void read_string(walker *w, char *out, size_t n)
{
    static const char plain[] = "\"\\/bfnrt", real[] = "\"\\/\b\f\n\r\t";
    size_t k = 0;
    w->p++; /* opening quote */
    while (w->p < w->end && *w->p != '"') {
        char c = *w->p++;
        if (c != '\\' || w->p >= w->end) {
            if (out && k + 1 < n)
                out[k++] = c;
            continue;
        }
        c = *w->p++;
        if (c != 'u') {
            const char *at = strchr(plain, c);
            if (out && k + 1 < n)
                out[k++] = at ? real[at - plain] : c;
            continue;
        }
        unsigned cp = hex4(w->p);
        w->p += 4;
        if (cp >= 0xD800 && cp < 0xDC00 && w->p + 6 <= w->end && w->p[0] == '\\') {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (hex4(w->p + 2) - 0xDC00);
            w->p += 6;
        }
        if (out)
            k = put_utf8(out, k, n, cp);
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
        char key[1024];
        int line = w->line;
        read_string(w, key, sizeof key);
        skip_ws(w);
        w->p++; /* ':' */
        skip_ws(w);
        /* the document's own copy of the key outlives this buffer */
        void *it = json_object_iter_at((json_t *)obj, key);
        const json_t *value = it ? json_object_iter_value(it) : NULL;
        int save = w->line;
        w->line = line;
        if (it)
            add_loc(w, value, obj, json_object_iter_key(it));
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

int tt_json_parse(tt_json_doc *doc, const char *text, size_t len, const char *file, tt_diags *diags)
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
        if (key ? (l->parent == node && l->key && strcmp(l->key, key) == 0)
                : (l->node == node && !l->key))
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
