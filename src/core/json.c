/* JSON documents with line numbers; see json.h.
 *
 * The walker trusts the text to be valid JSON (jansson has just accepted it)
 * and only needs to find token starts and count newlines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/file.h"
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
static void index_build(tt_json_doc *d);

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
    else /* a number or a literal; at least one byte, so every loop moves on */
        do
            w->p++;
        while (w->p < w->end && *w->p && !strchr(",]} \t\r\n", *w->p));
}

int tt_json_nul(const char *text, size_t len, char *why, size_t n)
{
    const char *nul = memchr(text, 0, len);
    if (!nul)
        return 0;
    int line = 1;
    for (const char *p = text; p < nul; p++)
        line += *p == '\n';
    snprintf(why, n, "malformed JSON: a NUL byte (byte %zu)", (size_t)(nul - text) + 1);
    return line;
}

const char *tt_json_error_text(const json_error_t *e, char *buf, size_t n)
{
    /* jansson ends most messages with " near '<the bytes at the error>'": the
     * file may be anything (a record naming /etc/passwd), so they are left out */
    const char *near = strstr(e->text, " near ");
    int len = near ? (int)(near - e->text) : (int)strlen(e->text);
    if (e->column > 0)
        snprintf(buf, n, "%.*s (column %d)", len, e->text, e->column);
    else
        snprintf(buf, n, "%.*s", len, e->text);
    return buf;
}

int tt_json_parse(tt_json_doc *doc, const char *text, size_t len, const char *file, tt_diags *diags)
{
    memset(doc, 0, sizeof *doc);
    snprintf(doc->file, sizeof doc->file, "%s", file);
    char why[200];
    int line = tt_json_nul(text, len, why, sizeof why);
    if (line) {
        tt_diag_add(diags, file, line, NULL, "%s", why);
        return -1;
    }
    json_error_t jerr;
    doc->root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!doc->root) {
        tt_diag_add(diags, file, jerr.line > 0 ? jerr.line : 0, NULL, "malformed JSON: %s",
                    tt_json_error_text(&jerr, why, sizeof why));
        return -1;
    }
    walker w = {text, text + len, 1, doc};
    walk(&w, doc->root);
    index_build(doc);
    return 0;
}

void tt_json_fini(tt_json_doc *doc)
{
    json_decref(doc->root);
    free(doc->loc);
    free(doc->by_key);
    free(doc->by_node);
    memset(doc, 0, sizeof *doc);
}

const tt_json_doc *tt_json_open(tt_json_doc *own, const char *text, size_t len, const char *file,
                                const char *sample, tt_diags *diags)
{
    if (text)
        return tt_json_parse(own, text, len, file, diags) == 0 ? own : NULL;
    const tt_json_doc *doc = tt_embedded_doc(sample);
    if (!doc)
        tt_diag_add(diags, file, 0, NULL, "the sample content is not built in");
    return doc;
}

void tt_json_close(tt_json_doc *own, const tt_json_doc *doc)
{
    if (doc == own)
        tt_json_fini(own);
}

int tt_json_read(const char *text, size_t len, const char *file, const char *sample,
                 tt_diags *diags, int (*read)(void *into, const tt_json_doc *doc, tt_diags *diags),
                 void *into)
{
    tt_json_doc own;
    const tt_json_doc *doc = tt_json_open(&own, text, len, file, sample, diags);
    int rc = doc ? read(into, doc, diags) : -1;
    tt_json_close(&own, doc);
    return rc;
}

int tt_content_load(const char *path, const char *sample_file,
                    int (*load)(void *into, const char *text, size_t len, const char *file,
                                tt_diags *diags),
                    void *into, tt_error *err)
{
    tt_diags *d = calloc(1, sizeof *d);
    size_t len = 0;
    char *owned = NULL;
    int rc = path ? tt_file_read(path, TT_FILE_MAX_CONTENT, &owned, &len, err) : TT_OK;
    if (rc)
        ; /* err says why the file cannot be read */
    else if (!d)
        rc = tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    else if (load(into, owned, len, path ? path : sample_file, d))
        rc = tt_diags_fail(d, err);
    free(owned);
    free(d);
    return rc;
}

void *tt_content_new(size_t size, const char *path, const char *sample_file,
                     int (*load)(void *into, const char *text, size_t len, const char *file,
                                 tt_diags *diags),
                     tt_error *err)
{
    void *c = calloc(1, size);
    if (!c) {
        tt_fail(err, TT_ENOMEM, NULL, "out of memory");
        return NULL;
    }
    if (tt_content_load(path, sample_file, load, c, err)) {
        free(c);
        return NULL;
    }
    return c;
}

static size_t hash_ptr(const void *p)
{
    return (size_t)tt_fnv64(&p, sizeof p);
}

static size_t hash_member(const json_t *obj, const char *key)
{
    return hash_ptr(obj) ^ (size_t)tt_fnv64(key, strlen(key));
}

/* Where node's line is: the container's own start, else the member holding it. */
static int node_better(const tt_json_loc *l, const tt_json_loc *than)
{
    return !l->key && than->key;
}

/* Builds the two indexes; without memory they stay empty and lines read 0. */
static void index_build(tt_json_doc *d)
{
    size_t n = 16;
    while (n < (size_t)d->nloc * 2)
        n *= 2;
    d->by_key = malloc(n * sizeof *d->by_key);
    d->by_node = malloc(n * sizeof *d->by_node);
    if (!d->by_key || !d->by_node) {
        free(d->by_key), free(d->by_node);
        d->by_key = d->by_node = NULL;
        return;
    }
    memset(d->by_key, -1, n * sizeof *d->by_key);
    memset(d->by_node, -1, n * sizeof *d->by_node);
    d->nslot = (int)n;
    for (int i = 0; i < d->nloc; i++) {
        const tt_json_loc *l = &d->loc[i];
        if (l->key) { /* the first member of that name keeps its slot */
            size_t h = hash_member(l->parent, l->key) & (n - 1);
            for (; d->by_key[h] >= 0; h = (h + 1) & (n - 1)) {
                const tt_json_loc *o = &d->loc[d->by_key[h]];
                if (o->parent == l->parent && strcmp(o->key, l->key) == 0)
                    break;
            }
            if (d->by_key[h] < 0)
                d->by_key[h] = i;
        }
        if (!l->key || json_is_object(l->parent)) {
            size_t h = hash_ptr(l->node) & (n - 1);
            for (; d->by_node[h] >= 0; h = (h + 1) & (n - 1))
                if (d->loc[d->by_node[h]].node == l->node)
                    break;
            if (d->by_node[h] < 0 || node_better(l, &d->loc[d->by_node[h]]))
                d->by_node[h] = i;
        }
    }
}

int tt_json_line(const tt_json_doc *doc, const json_t *node, const char *key)
{
    if (!doc->nslot)
        return 0;
    size_t mask = (size_t)doc->nslot - 1;
    if (key) {
        for (size_t h = hash_member(node, key) & mask; doc->by_key[h] >= 0; h = (h + 1) & mask) {
            const tt_json_loc *l = &doc->loc[doc->by_key[h]];
            if (l->parent == node && strcmp(l->key, key) == 0)
                return l->line;
        }
        return 0;
    }
    for (size_t h = hash_ptr(node) & mask; doc->by_node[h] >= 0; h = (h + 1) & mask)
        if (doc->loc[doc->by_node[h]].node == node)
            return doc->loc[doc->by_node[h]].line;
    return 0;
}

char *tt_read_file(const char *path, size_t *len)
{
    char *text;
    return tt_file_read(path, TT_FILE_MAX_CONTENT, &text, len, NULL) == TT_OK ? text : NULL;
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
