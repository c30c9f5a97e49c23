/* core/verbs: splitting an action text into words, and finding its verb with
 * the number of words it takes, with the messages every game shares. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/verbs.h"

enum { OP_PASS = 1, OP_PLAY, OP_KEEP, OP_TASK };
static const tt_verb table[] = {
    {"pass", OP_PASS, 0, 0, 0}, {"play", OP_PLAY, 1, 1, 'c'}, {"keep", OP_KEEP, 0, 1, 'k'},
    {"task", OP_TASK, 2, 3, 0}, {NULL, 0, 0, 0, 0},
};

static void expect_found(const char *text, int op, int nwords)
{
    tt_words w;
    const tt_verb *v;
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_words_split(text, &w, &err), TT_OK);
    assert_int_equal(w.n, nwords);
    assert_int_equal(tt_verb_find(table, &w, &v, &err), TT_OK);
    assert_int_equal(v->op, op);
}

static void expect_refused(const char *text, const char *msg, int found)
{
    tt_words w;
    const tt_verb *v = NULL;
    tt_error err;
    tt_error_clear(&err);
    int rc = tt_words_split(text, &w, &err);
    if (rc == TT_OK)
        rc = tt_verb_find(table, &w, &v, &err);
    assert_int_equal(rc, TT_EPARSE);
    assert_int_equal(err.code, TT_EPARSE);
    assert_string_equal(err.msg, msg);
    assert_int_equal(v != NULL, found);
}

static void test_words_split_at_runs_of_blanks(void **state)
{
    (void)state;
    tt_words w;
    assert_int_equal(tt_words_split("  task\tr22   medic buy ", &w, NULL), TT_OK);
    assert_int_equal(w.n, 4);
    assert_string_equal(w.w[0], "task");
    assert_string_equal(w.w[1], "r22");
    assert_string_equal(w.w[2], "medic");
    assert_string_equal(w.w[3], "buy");
}

static void test_verbs_found_case_aside_with_their_words(void **state)
{
    (void)state;
    expect_found("pass", OP_PASS, 1);
    expect_found("PLAY spore_mortar", OP_PLAY, 2);
    expect_found("keep", OP_KEEP, 1);
    expect_found("keep G33,G45", OP_KEEP, 2);
    expect_found("task r22 medic", OP_TASK, 3);
    expect_found("Task r22 medic buy", OP_TASK, 4);
}

static void test_refusals_name_what_is_wrong(void **state)
{
    (void)state;
    expect_refused("", "an empty action", 0);
    expect_refused("   \t ", "an empty action", 0);
    expect_refused("frobnicate now", "unknown action 'frobnicate'", 0);
    expect_refused("pass now", "'pass' takes no argument", 1);
    expect_refused("play", "'play' takes one argument", 1);
    expect_refused("play a b", "'play' takes one argument", 1);
    expect_refused("keep a b", "'keep' takes at most one argument", 1);
    expect_refused("task r22", "'task' takes 2 to 3 words after it", 1);
    expect_refused("a b c d e f g h i", "an action has at most 8 words", 0);
    char longword[TT_WORD_MAX + 1];
    memset(longword, 'x', TT_WORD_MAX);
    longword[TT_WORD_MAX] = 0;
    expect_refused(longword, "'xxxxxxxxxxxxxxxxxxxx…' is too long for a word", 0);
    longword[TT_WORD_MAX - 1] = 0; /* the longest word that fits */
    tt_words w;
    assert_int_equal(tt_words_split(longword, &w, NULL), TT_OK);
}

/* Control bytes: everything below 32 but the tab, and DEL; bytes of 128 and
 * over (UTF-8) are text. */
static void test_control_bytes_are_found_where_they_are(void **state)
{
    (void)state;
    assert_int_equal(tt_text_control_at("pass", 4), -1);
    assert_int_equal(tt_text_control_at("play\tx", 6), -1);
    assert_int_equal(tt_text_control_at("Tannh\xc3\xa4user", 10), -1);
    assert_int_equal(tt_text_control_at("\033[A", 3), 0);
    assert_int_equal(tt_text_control_at("pass\r", 5), 4);
    assert_int_equal(tt_text_control_at("ab\x7f", 3), 2);
    assert_int_equal(tt_text_control_at("a\0b", 3), 1); /* n bytes, NULs too */
    assert_int_equal(tt_text_control_at("a\0b", 1), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_words_split_at_runs_of_blanks),
        cmocka_unit_test(test_verbs_found_case_aside_with_their_words),
        cmocka_unit_test(test_refusals_name_what_is_wrong),
        cmocka_unit_test(test_control_bytes_are_found_where_they_are),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
