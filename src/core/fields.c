/* Field readers for JSON content files; see fields.h.
 *
 * Every reader checks one member and either returns its value or reports the
 * problem and returns the caller's default: a loader calls them in sequence
 * and never stops early, so one validation run shows every problem. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/fields.h"

/* A reader's diagnostic, after the document's error code if it has one. */
static void problem(const tt_fields *f, const json_t *node, const char *key, const char *rule,
                    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static void problem(const tt_fields *f, const json_t *node, const char *key, const char *rule,
                    const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    TT_FIELD_PROBLEM(f, node, key, rule, "%s%s%s", f->code ? f->code : "", f->code ? ": " : "",
                     msg);
}

void tt_field_check(const tt_fields *f, const json_t *obj, const char *const *allowed,
                    const char *what, const char *rule)
{
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)obj, key, v) {
        if (tt_field_lookup(allowed, key) < 0)
            problem(f, obj, key, rule, "unknown field '%s' in %s", key, what);
    }
}

int tt_field_int(const tt_fields *f, const json_t *obj, const char *key, int lo, int hi, int def,
                 int required, const char *rule)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        if (required)
            problem(f, obj, NULL, rule, "missing field '%s'", key);
        return def;
    }
    if (!json_is_integer(v)) {
        problem(f, obj, key, rule, "field '%s' must be an integer", key);
        return def;
    }
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi) {
        problem(f, obj, key, rule, "field '%s' is %lld, outside %d..%d", key, (long long)x, lo, hi);
        return def;
    }
    return (int)x;
}

int tt_field_bool(const tt_fields *f, const json_t *obj, const char *key, int def, int required,
                  const char *rule)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        if (required)
            problem(f, obj, NULL, rule, "missing field '%s'", key);
        return def;
    }
    if (!json_is_boolean(v)) {
        problem(f, obj, key, rule, "field '%s' must be true or false", key);
        return def;
    }
    return json_is_true(v);
}

const char *tt_field_str(const tt_fields *f, const json_t *obj, const char *key, size_t maxlen,
                         const char *rule)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        problem(f, obj, NULL, rule, "missing field '%s'", key);
        return "";
    }
    if (!json_is_string(v)) {
        problem(f, obj, key, rule, "field '%s' must be a string", key);
        return "";
    }
    const char *s = json_string_value(v);
    if (!*s || strlen(s) > maxlen) {
        problem(f, obj, key, rule, "field '%s' must have 1..%zu characters", key, maxlen);
        return "";
    }
    return s;
}

int tt_field_enum(const tt_fields *f, const json_t *obj, const char *key, const char *const *names,
                  int def, int required, const char *rule)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        if (required)
            problem(f, obj, NULL, rule, "missing field '%s'", key);
        return def;
    }
    const char *s = json_string_value(v);
    int i = tt_field_lookup(names, s);
    if (i >= 0)
        return i;
    problem(f, obj, key, rule, "field '%s' has unknown value %s%s%s", key, s ? "'" : "",
            s ? s : "(not a string)", s ? "'" : "");
    return def;
}

static const json_t *container(const tt_fields *f, const json_t *obj, const char *key, int required,
                               const char *rule, json_type type)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        if (required)
            problem(f, obj, NULL, rule, "missing field '%s'", key);
        return NULL;
    }
    if (json_typeof(v) != type) {
        problem(f, obj, key, rule, "field '%s' must be an %s", key,
                type == JSON_OBJECT ? "object" : "array");
        return NULL;
    }
    return v;
}

const json_t *tt_field_object(const tt_fields *f, const json_t *obj, const char *key, int required,
                              const char *rule)
{
    return container(f, obj, key, required, rule, JSON_OBJECT);
}

const json_t *tt_field_array(const tt_fields *f, const json_t *obj, const char *key, int required,
                             const char *rule)
{
    return container(f, obj, key, required, rule, JSON_ARRAY);
}

int tt_field_lookup(const char *const *names, const char *s)
{
    for (int i = 0; s && names[i]; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    return -1;
}

int tt_field_decks(const tt_fields *f, const char *rule,
                   void (*one)(void *ctx, const json_t *decl, int i), void *ctx)
{
    const json_t *root = f->doc->root, *decks = json_object_get(root, "decks");
    if (!json_is_object(root)) {
        TT_FIELD_PROBLEM(f, root, NULL, rule, "a deck declaration is one JSON object");
        return 0;
    }
    if (!decks) {
        one(ctx, root, 0);
        return 1;
    }
    if (json_object_size(root) != 1 || !json_is_object(decks))
        TT_FIELD_PROBLEM(f, root, "decks", rule,
                         "a list of decks is {\"decks\": {\"NAME\": declaration, ...}}");
    int n = 0;
    const char *key;
    json_t *v;
    json_object_foreach(json_is_object(decks) ? (json_t *)decks : NULL, key, v) {
        if (!json_is_object(v))
            TT_FIELD_PROBLEM(f, decks, key, rule, "deck '%s' is not an object", key);
        else
            one(ctx, v, n);
        n++;
    }
    return n;
}

int tt_field_is_ident(const char *s)
{
    if (!s || !*s)
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

const char *tt_field_id(const tt_fields *f, const json_t *obj, char *out, size_t n,
                        const char *rule)
{
    const char *id = tt_field_str(f, obj, "id", n - 1, rule);
    if (id[0] && !tt_field_is_ident(id))
        TT_FIELD_PROBLEM(f, obj, "id", rule, "id '%s' may hold only letters, digits and '_'", id);
    snprintf(out, n, "%s", id[0] ? id : "?");
    return id;
}
