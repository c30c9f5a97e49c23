/* JSON documents with line numbers, for content files that must report every
 * problem with its file and line.
 *
 * jansson parses (and rejects duplicate keys); a second pass walks the raw text
 * alongside the parsed tree and records the line of every object member and
 * every container, so validation can say where a field is. Loading only: never
 * on the playout path. */
#ifndef TT_CORE_JSON_H
#define TT_CORE_JSON_H

#include <jansson.h>
#include <stddef.h>

#include "core/diag.h"

typedef struct tt_json_loc {
    const json_t *node;   /* a container, or the member's value */
    const json_t *parent; /* the object holding the member, or NULL */
    const char *key;      /* the member's key (owned by the document), or NULL */
    int line;
} tt_json_loc;

typedef struct tt_json_doc {
    json_t *root;
    char file[160];
    tt_json_loc *loc;
    int nloc, cap;
} tt_json_doc;

/* Parses text (len bytes) named `file`. On failure adds a diagnostic
 * ("malformed JSON: …" with the line) and returns -1; the doc is then empty. */
int tt_json_parse(tt_json_doc *doc, const char *text, size_t len, const char *file,
                  tt_diags *diags);
void tt_json_fini(tt_json_doc *doc);

/* Line of member `key` of object `obj`; with key NULL, the line where node
 * starts. 0 when unknown. */
int tt_json_line(const tt_json_doc *doc, const json_t *node, const char *key);

/* Reads a whole file into a malloc'd, NUL-terminated buffer; NULL on failure. */
char *tt_read_file(const char *path, size_t *len);

/* FNV-1a, 64 bits. */
unsigned long long tt_fnv64(const void *data, size_t n);

#endif
