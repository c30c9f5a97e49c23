/* JSON documents with line numbers (src/core/json.c) and diagnostics
 * (src/core/diag.c): what content validation rests on to say "file:line".
 *
 * tt_json_line must give the line of every object member (the line of its key)
 * and of every container (the line of its opening bracket), whatever the
 * layout; a malformed document gives one "malformed JSON" diagnostic with
 * jansson's line. Also the helpers beside them: tt_read_file and FNV-1a. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/diag.h"
#include "core/json.h"
#include "core/rules.h"

/* One line per item, numbered on the right. */
static const char doc_text[] = "{\n"                                             /* 1 */
                               "  \"name\": \"probe\",\n"                        /* 2 */
                               "  \"list\": [\n"                                 /* 3 */
                               "    1,\n"                                        /* 4 */
                               "    {\"a\": 1,\n"                                /* 5 */
                               "     \"b\": [2, 3]}\n"                           /* 6 */
                               "  ],\n"                                          /* 7 */
                               "  \"obj\":\n"                                    /* 8 */
                               "  {\n"                                           /* 9 */
                               "    \"k\": 12,\n"                                /* 10 */
                               "    \"s\": \"quote \\\" brace { [ ] } \\\\\",\n" /* 11 */
                               "    \"we\\\"ird\": \"x\\ny\",\n"                 /* 12 */
                               "    \"after\": {\"deep\": [[{\"z\": 0}]]}\n"     /* 13 */
                               "  },\n"                                          /* 14 */
                               "  \"empty\": {}, \"arr2\": [[], [ ]]\n"          /* 15 */
                               "}\n";                                            /* 16 */

typedef struct fixture {
    tt_json_doc doc;
    tt_diags diags;
} fixture;

static fixture *parse(const char *text)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    assert_int_equal(tt_json_parse(&f->doc, text, strlen(text), "probe.json", &f->diags), 0);
    assert_int_equal(f->diags.n, 0);
    return f;
}

static void done(fixture *f)
{
    tt_json_fini(&f->doc);
    free(f);
}

static void test_member_lines_are_the_lines_of_their_keys(void **state)
{
    (void)state;
    fixture *f = parse(doc_text);
    const json_t *root = f->doc.root;
    const json_t *list = json_object_get(root, "list");
    const json_t *inner = json_array_get(list, 1);
    const json_t *obj = json_object_get(root, "obj");
    assert_string_equal(f->doc.file, "probe.json");
    assert_int_equal(tt_json_line(&f->doc, root, "name"), 2);
    assert_int_equal(tt_json_line(&f->doc, root, "list"), 3);
    assert_int_equal(tt_json_line(&f->doc, inner, "a"), 5);
    assert_int_equal(tt_json_line(&f->doc, inner, "b"), 6);
    assert_int_equal(tt_json_line(&f->doc, root, "obj"), 8); /* the key, not the brace */
    assert_int_equal(tt_json_line(&f->doc, obj, "k"), 10);
    assert_int_equal(tt_json_line(&f->doc, obj, "s"), 11);
    /* an escaped quote and braces inside a string fool nothing that follows */
    assert_int_equal(tt_json_line(&f->doc, obj, "we\"ird"), 12);
    assert_int_equal(tt_json_line(&f->doc, obj, "after"), 13);
    assert_int_equal(tt_json_line(&f->doc, json_object_get(obj, "after"), "deep"), 13);
    assert_int_equal(tt_json_line(&f->doc, root, "empty"), 15);
    assert_int_equal(tt_json_line(&f->doc, root, "arr2"), 15);
    done(f);
}

static void test_container_lines_are_the_lines_of_their_brackets(void **state)
{
    (void)state;
    fixture *f = parse(doc_text);
    const json_t *root = f->doc.root;
    const json_t *list = json_object_get(root, "list");
    const json_t *obj = json_object_get(root, "obj");
    const json_t *arr2 = json_object_get(root, "arr2");
    assert_int_equal(tt_json_line(&f->doc, root, NULL), 1);
    assert_int_equal(tt_json_line(&f->doc, list, NULL), 3);
    assert_int_equal(tt_json_line(&f->doc, json_array_get(list, 1), NULL), 5);
    assert_int_equal(tt_json_line(&f->doc, json_object_get(json_array_get(list, 1), "b"), NULL), 6);
    assert_int_equal(tt_json_line(&f->doc, obj, NULL), 9); /* its brace is a line below its key */
    assert_int_equal(tt_json_line(&f->doc, json_object_get(root, "empty"), NULL), 15);
    assert_int_equal(tt_json_line(&f->doc, arr2, NULL), 15);
    assert_int_equal(tt_json_line(&f->doc, json_array_get(arr2, 1), NULL), 15);
    const json_t *deep = json_object_get(json_object_get(obj, "after"), "deep");
    assert_int_equal(tt_json_line(&f->doc, json_array_get(json_array_get(deep, 0), 0), NULL), 13);
    done(f);
}

static void test_scalar_member_value_has_its_members_line(void **state)
{
    (void)state;
    fixture *f = parse(doc_text);
    const json_t *root = f->doc.root;
    const json_t *obj = json_object_get(root, "obj");
    assert_int_equal(tt_json_line(&f->doc, json_object_get(root, "name"), NULL), 2);
    assert_int_equal(tt_json_line(&f->doc, json_object_get(obj, "k"), NULL), 10);
    done(f);
}

static void test_unknown_lines_are_zero(void **state)
{
    (void)state;
    fixture *f = parse(doc_text);
    const json_t *root = f->doc.root;
    assert_int_equal(tt_json_line(&f->doc, root, "missing"), 0);
    assert_int_equal(tt_json_line(&f->doc, json_object_get(root, "obj"), "name"), 0);
    /* an array element that is not a container has no line of its own */
    assert_int_equal(tt_json_line(&f->doc, json_array_get(json_object_get(root, "list"), 0), NULL),
                     0);
    json_t *other = json_object();
    assert_int_equal(tt_json_line(&f->doc, other, NULL), 0);
    json_decref(other);
    done(f);
}

static void test_crlf_line_endings_count_once(void **state)
{
    (void)state;
    fixture *f = parse("{\r\n\r\n  \"a\": [\r\n    {\"b\": 1}\r\n  ]\r\n}\r\n");
    const json_t *a = json_object_get(f->doc.root, "a");
    assert_int_equal(tt_json_line(&f->doc, f->doc.root, "a"), 3);
    assert_int_equal(tt_json_line(&f->doc, json_array_get(a, 0), "b"), 4);
    done(f);
}

/* A key written with a \u escape, and a key longer than the walker's key buffer,
 * are members like any other: their lines must be known too. */
static void test_escaped_and_long_keys_have_their_lines(void **state)
{
    (void)state;
    fixture *f = parse("{\n"
                       "  \"\\u0041bc\": 1,\n"
                       "  \"a_very_long_field_name_that_goes_on_and_on_for_sixty_chars\": 2,\n"
                       "  \"end\": 3\n"
                       "}\n");
    const json_t *root = f->doc.root;
    assert_int_equal(tt_json_line(&f->doc, root, "Abc"), 2);
    assert_int_equal(
        tt_json_line(&f->doc, root, "a_very_long_field_name_that_goes_on_and_on_for_sixty_chars"),
        3);
    assert_int_equal(tt_json_line(&f->doc, root, "end"), 4);
    done(f);
}

/* --- malformed documents ---------------------------------------------------------- */

static void expect_malformed(const char *text, int line, const char *msg)
{
    tt_json_doc doc;
    tt_diags *d = calloc(1, sizeof *d);
    assert_non_null(d);
    assert_int_equal(tt_json_parse(&doc, text, strlen(text), "bad.json", d), -1);
    assert_null(doc.root);
    assert_int_equal(d->n, 1);
    assert_string_equal(d->d[0].file, "bad.json");
    assert_int_equal(d->d[0].line, line);
    assert_string_equal(d->d[0].rule, "");
    assert_string_equal(d->d[0].msg, msg);
    tt_json_fini(&doc); /* safe on a document that failed */
    free(d);
}

static void test_malformed_json_is_one_diagnostic_with_its_line(void **state)
{
    (void)state;
    expect_malformed("{\n  \"a\": 1,\n}\n", 3, "malformed JSON: string or '}' expected (column 1)");
    expect_malformed("{\"a\" 1}", 1, "malformed JSON: ':' expected (column 6)");
    expect_malformed("[1, 2", 1, "malformed JSON: ']' expected (column 5)");
    expect_malformed("", 1, "malformed JSON: '[' or '{' expected");
    expect_malformed("\n\n  nul", 3, "malformed JSON: '[' or '{' expected (column 5)");
}

static void test_duplicate_keys_are_refused(void **state)
{
    (void)state;
    expect_malformed("{\n \"a\": 1,\n \"a\": 2\n}", 3,
                     "malformed JSON: duplicate object key (column 4)");
}

static void test_parse_adds_to_existing_diagnostics(void **state)
{
    (void)state;
    tt_diags *d = calloc(1, sizeof *d);
    assert_non_null(d);
    tt_diag_add(d, "earlier.json", 4, "INV-2.8", "earlier problem");
    tt_json_doc doc;
    assert_int_equal(tt_json_parse(&doc, "{", 1, "bad.json", d), -1);
    assert_int_equal(d->n, 2);
    assert_string_equal(d->d[0].msg, "earlier problem");
    assert_string_equal(d->d[1].file, "bad.json");
    tt_json_fini(&doc);
    free(d);
}

/* --- diagnostics -------------------------------------------------------------------- */

static void test_diag_text_forms(void **state)
{
    (void)state;
    tt_diags *d = calloc(1, sizeof *d);
    assert_non_null(d);
    char buf[300];
    tt_diag_add(d, "deck.json", 12, "INV-3.1", "invader_deck has %d cards; it needs at least %d", 5,
                9);
    tt_diag_add(d, "deck.json", 0, NULL, "cannot read");
    tt_diag_add(d, "deck.json", 7, "", "no rule");
    tt_diag_add(d, NULL, 3, "R-1", "no file");
    assert_string_equal(tt_diag_text(&d->d[0], buf, sizeof buf),
                        "deck.json:12: invader_deck has 5 cards; it needs at least 9 (INV-3.1)");
    assert_string_equal(tt_diag_text(&d->d[1], buf, sizeof buf), "deck.json: cannot read");
    assert_string_equal(tt_diag_text(&d->d[2], buf, sizeof buf), "deck.json:7: no rule");
    assert_string_equal(tt_diag_text(&d->d[3], buf, sizeof buf), ":3: no file (R-1)");
    /* a short buffer is cut and terminated */
    char small[12];
    memset(small, 'x', sizeof small);
    tt_diag_text(&d->d[0], small, 8);
    assert_string_equal(small, "deck.js");
    assert_int_equal(small[8], 'x');
    free(d);
}

static void test_diags_past_the_limit_are_counted(void **state)
{
    (void)state;
    tt_diags *d = calloc(1, sizeof *d);
    assert_non_null(d);
    for (int i = 0; i < TT_DIAG_MAX + 5; i++)
        tt_diag_add(d, "f.json", i + 1, NULL, "problem %d", i + 1);
    assert_int_equal(d->n, TT_DIAG_MAX);
    assert_int_equal(d->dropped, 5);
    assert_string_equal(d->d[TT_DIAG_MAX - 1].msg, "problem 64");
    free(d);
}

static void test_long_diag_fields_are_cut(void **state)
{
    (void)state;
    tt_diags *d = calloc(1, sizeof *d);
    assert_non_null(d);
    char longtext[1000];
    memset(longtext, 'm', sizeof longtext - 1);
    longtext[sizeof longtext - 1] = 0;
    tt_diag_add(d, longtext, 1, longtext, "%s", longtext);
    assert_int_equal(strlen(d->d[0].file), sizeof d->d[0].file - 1);
    assert_int_equal(strlen(d->d[0].rule), sizeof d->d[0].rule - 1);
    assert_int_equal(strlen(d->d[0].msg), sizeof d->d[0].msg - 1);
    free(d);
}

/* --- files and hashes ------------------------------------------------------------------ */

static void temp_file(char *path, size_t n, const char *data, size_t len)
{
    snprintf(path, n, "%s/tests/json_XXXXXX", TT_BINARY_DIR);
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, data, len), (ssize_t)len);
    close(fd);
}

static void test_read_file_reads_every_byte(void **state)
{
    (void)state;
    size_t n = 20000; /* several chunks of the reader */
    char *data = malloc(n);
    assert_non_null(data);
    for (size_t i = 0; i < n; i++)
        data[i] = (char)('a' + i % 26);
    data[100] = 0; /* an embedded NUL is data too */
    char path[512];
    temp_file(path, sizeof path, data, n);
    size_t len = 0;
    char *back = tt_read_file(path, &len);
    assert_non_null(back);
    assert_int_equal(len, n);
    assert_memory_equal(back, data, n);
    assert_int_equal(back[n], 0); /* terminated */
    free(back);
    unlink(path);
    /* exactly one chunk, and empty */
    temp_file(path, sizeof path, data, 4096);
    back = tt_read_file(path, &len);
    assert_int_equal(len, 4096);
    assert_memory_equal(back, data, 4096);
    free(back);
    unlink(path);
    temp_file(path, sizeof path, "", 0);
    back = tt_read_file(path, &len);
    assert_non_null(back);
    assert_int_equal(len, 0);
    assert_string_equal(back, "");
    free(back);
    unlink(path);
    free(data);
}

static void test_read_file_of_a_missing_file_is_null(void **state)
{
    (void)state;
    size_t len = 123;
    assert_null(tt_read_file("/nonexistent/dir/file.json", &len));
    assert_null(tt_read_file(TT_SOURCE_DIR, &len)); /* a directory is not a file */
}

static uint64_t ref_fnv1a(const char *s, size_t n)
{
    uint64_t h = 14695981039346656037ULL; /* offset basis */
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ULL; /* 64-bit FNV prime */
    }
    return h;
}

static void test_fnv64_known_vectors(void **state)
{
    (void)state;
    /* from the FNV reference test suite (Fowler, Noll, Vo) */
    assert_true(tt_fnv64("", 0) == 0xcbf29ce484222325ULL);
    assert_true(tt_fnv64("a", 1) == 0xaf63dc4c8601ec8cULL);
    assert_true(tt_fnv64("foobar", 6) == 0x85944171f73967e8ULL);
    const char *s = "the content hash of a content file";
    assert_true(tt_fnv64(s, strlen(s)) == ref_fnv1a(s, strlen(s)));
}

/* --- the sample's shared documents (core/registry.c) ---------------------------------- */

static void *first_doc(void *arg)
{
    (void)arg;
    return (void *)tt_embedded_doc("tannhauser/teams.json");
}

/* Threads asking at once for the first time all get the one document. */
static void test_embedded_documents_are_parsed_once(void **state)
{
    (void)state;
    pthread_t t[4];
    void *got[4];
    for (int i = 0; i < 4; i++)
        assert_int_equal(pthread_create(&t[i], NULL, first_doc, NULL), 0);
    for (int i = 0; i < 4; i++)
        assert_int_equal(pthread_join(t[i], &got[i]), 0);
    const tt_json_doc *doc = tt_embedded_doc("tannhauser/teams.json");
    assert_non_null(doc);
    for (int i = 0; i < 4; i++)
        assert_ptr_equal(got[i], doc);
    assert_string_equal(doc->file, "data/tannhauser/teams.json");
    assert_true(json_is_object(doc->root));
    assert_int_equal(tt_json_line(doc, doc->root, NULL), 1);
    const tt_json_doc *inv = tt_embedded_doc("invaders/sample.json");
    assert_non_null(inv);
    assert_ptr_equal(tt_embedded_doc("invaders/sample.json"), inv);
    assert_ptr_not_equal(inv, doc);
    assert_null(tt_embedded_doc("invaders/nothing.json"));
    assert_null(tt_embedded_doc("sample.json"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_member_lines_are_the_lines_of_their_keys),
        cmocka_unit_test(test_container_lines_are_the_lines_of_their_brackets),
        cmocka_unit_test(test_scalar_member_value_has_its_members_line),
        cmocka_unit_test(test_unknown_lines_are_zero),
        cmocka_unit_test(test_crlf_line_endings_count_once),
        cmocka_unit_test(test_escaped_and_long_keys_have_their_lines),
        cmocka_unit_test(test_malformed_json_is_one_diagnostic_with_its_line),
        cmocka_unit_test(test_duplicate_keys_are_refused),
        cmocka_unit_test(test_parse_adds_to_existing_diagnostics),
        cmocka_unit_test(test_diag_text_forms),
        cmocka_unit_test(test_diags_past_the_limit_are_counted),
        cmocka_unit_test(test_long_diag_fields_are_cut),
        cmocka_unit_test(test_read_file_reads_every_byte),
        cmocka_unit_test(test_read_file_of_a_missing_file_is_null),
        cmocka_unit_test(test_fnv64_known_vectors),
        cmocka_unit_test(test_embedded_documents_are_parsed_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
