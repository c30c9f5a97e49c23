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
#include "tabletop/error.h"

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
    /* hash indexes into loc, so a line costs O(1) whatever the file's size:
     * by (object, key) and by node; -1 marks an empty slot; nslot a power of 2 */
    int *by_key, *by_node;
    int nslot;
} tt_json_doc;

/* Parses text (len bytes) named `file`. On failure adds a diagnostic
 * ("malformed JSON: …" with the line) and returns -1; the doc is then empty. */
int tt_json_parse(tt_json_doc *doc, const char *text, size_t len, const char *file,
                  tt_diags *diags);
void tt_json_fini(tt_json_doc *doc);

/* An embedded sample file ("invaders/sample.json", core/rules.h) parsed,
 * named "data/<path>" in diagnostics: one document per process, shared
 * read-only (never tt_json_fini it; safe from any thread). NULL when no such
 * file is built in or it is not JSON. */
const tt_json_doc *tt_embedded_doc(const char *path);

/* The document a loader reads: text (len bytes, named file) parsed into *own,
 * or, text NULL, the sample file `sample` ("invaders/sample.json"), parsed
 * once per process (tt_embedded_doc). NULL, with a diagnostic, when the text
 * is not JSON or the sample is not built in. Close it with tt_json_close. */
const tt_json_doc *tt_json_open(tt_json_doc *own, const char *text, size_t len, const char *file,
                                const char *sample, tt_diags *diags);
/* Frees *own when doc (tt_json_open's result) is it; a sample stays. */
void tt_json_close(tt_json_doc *own, const tt_json_doc *doc);
/* Opens text (or the sample) as tt_json_open does and returns
 * read(into, doc, diags), or -1 when there is no document. */
int tt_json_read(const char *text, size_t len, const char *file, const char *sample,
                 tt_diags *diags, int (*read)(void *into, const tt_json_doc *doc, tt_diags *diags),
                 void *into);

/* Loads a content set into `into` with load(into, text, len, file, diags),
 * from the file at path or, path NULL, from the embedded sample (load gets
 * text NULL; messages name it `sample_file`). TT_OK; else the file could
 * not be read, or err holds the first problem (tt_diags_fail), and into may
 * be half filled. */
int tt_content_load(const char *path, const char *sample_file,
                    int (*load)(void *into, const char *text, size_t len, const char *file,
                                tt_diags *diags),
                    void *into, tt_error *err);

/* As tt_content_load, into a zeroed block of `size` bytes it allocates:
 * the block, which the caller frees, or NULL with err set. */
void *tt_content_new(size_t size, const char *path, const char *sample_file,
                     int (*load)(void *into, const char *text, size_t len, const char *file,
                                 tt_diags *diags),
                     tt_error *err);

/* The line of the first NUL byte of text (len bytes), with what is wrong
 * ("malformed JSON: a NUL byte (byte 19)") written into why (n bytes); 0 if
 * there is none. JSON files never hold one, and jansson reads some as the
 * end of a token: readers refuse them first. */
int tt_json_nul(const char *text, size_t len, char *why, size_t n);

/* jansson's error as one line for a file's reader: what is wrong and the
 * column, never the bytes found there (the file may not be content at all).
 * Written into buf (n bytes); returns buf. */
const char *tt_json_error_text(const json_error_t *e, char *buf, size_t n);

/* Line of member `key` of object `obj`; with key NULL, the line where node
 * starts. 0 when unknown. */
int tt_json_line(const tt_json_doc *doc, const json_t *node, const char *key);

/* Reads a whole regular file of at most TT_FILE_MAX_CONTENT bytes into a
 * malloc'd, NUL-terminated buffer; NULL on failure (core/file.h's
 * tt_file_read says why). */
char *tt_read_file(const char *path, size_t *len);

/* FNV-1a, 64 bits. */
unsigned long long tt_fnv64(const void *data, size_t n);

#endif
