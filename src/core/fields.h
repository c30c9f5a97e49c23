/* Field readers for JSON content files: typed access to the members of an
 * object that reports every problem (unknown field, wrong type, missing
 * required field, value out of range) as a diagnostic with the member's line,
 * and returns a default so validation can go on and find the next problem.
 *
 * Shared by every game's content loader; the messages are part of the tested
 * output of `tabletop deck validate` (tests/data/bad), so they change only
 * with those files. Loading only: never on the playout path. */
#ifndef TT_CORE_FIELDS_H
#define TT_CORE_FIELDS_H

#include <jansson.h>
#include <stddef.h>

#include "core/diag.h"
#include "core/json.h"

/* Where the problems go: the document being read (for file and lines) and
 * the diagnostics list; code, when not NULL, starts every message the
 * readers write ("E_DATA_FIELD: missing field 'id'"), for games whose
 * refusals carry error codes. */
typedef struct tt_fields {
    const tt_json_doc *doc;
    tt_diags *d;
    const char *code;
} tt_fields;

/* Adds one diagnostic at member `key` of object `node` (key NULL: at node). */
#define TT_FIELD_PROBLEM(f, node, key, rule, ...)                                                  \
    tt_diag_add((f)->d, (f)->doc->file, tt_json_line((f)->doc, node, key), rule, __VA_ARGS__)

/* Reports each member of obj whose key is not in allowed (NULL-terminated) as
 * "unknown field 'k' in <what>". */
void tt_field_check(const tt_fields *f, const json_t *obj, const char *const *allowed,
                    const char *what, const char *rule);

/* Integer member in lo..hi. Absent: def, reported when required. Wrong type or
 * out of range: reported, def. */
int tt_field_int(const tt_fields *f, const json_t *obj, const char *key, int lo, int hi, int def,
                 int required, const char *rule);

/* Boolean member; absent: def, reported when required; wrong type: reported, def. */
int tt_field_bool(const tt_fields *f, const json_t *obj, const char *key, int def, int required,
                  const char *rule);

/* Required string member of 1..maxlen bytes; "" (reported) otherwise. The
 * string is owned by the document. */
const char *tt_field_str(const tt_fields *f, const json_t *obj, const char *key, size_t maxlen,
                         const char *rule);

/* Index of a string member's value among names (NULL-terminated). Absent: def,
 * reported when required; not a string or not a name: reported, def. */
int tt_field_enum(const tt_fields *f, const json_t *obj, const char *key, const char *const *names,
                  int def, int required, const char *rule);

/* Object (or array) member; NULL when absent (reported when required) or of
 * another type (reported). */
const json_t *tt_field_object(const tt_fields *f, const json_t *obj, const char *key, int required,
                              const char *rule);
const json_t *tt_field_array(const tt_fields *f, const json_t *obj, const char *key, int required,
                             const char *rule);

/* The declarations of a deck file: its root object, or each member of
 * {"decks": {"NAME": declaration, ...}}. one(ctx, decl, i) checks the i-th,
 * from 0; what is not a declaration is reported under `rule`. Returns how
 * many declarations the file names. */
int tt_field_decks(const tt_fields *f, const char *rule,
                   void (*one)(void *ctx, const json_t *decl, int i), void *ctx);

/* Whether s is an identifier: letters, digits and '_', not empty. Ids and
 * words are written into action texts and labels, so they hold nothing else. */
int tt_field_is_ident(const char *s);

/* A card's required member "id": an identifier of at most n-1 bytes, copied
 * into out (n bytes), or "?" (reported) when missing or not one. Returns
 * the member as the file wrote it ("" when missing), owned by the document. */
const char *tt_field_id(const tt_fields *f, const json_t *obj, char *out, size_t n,
                        const char *rule);

/* Index of s among names (NULL-terminated), or -1 (also when s is NULL). */
int tt_field_lookup(const char *const *names, const char *s);

#endif
