/* The growing text buffer (src/core/sbuf.c): formatted and verbatim appends
 * in any mix and size give the text written, NUL-terminated, and taking it
 * leaves the buffer empty; a JSON string is written as jansson dumps it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "core/sbuf.h"

static void test_putn_appends_the_bytes_given(void **state)
{
    (void)state;
    tt_sbuf b = {0};
    tt_sbuf_putn(&b, "abcdef", 3);
    tt_sbuf_printf(&b, "-%d-", 42);
    tt_sbuf_putn(&b, "", 0);
    tt_sbuf_putn(&b, "%s", 2); /* not a format */
    assert_int_equal(b.n, 9);
    char *text = tt_sbuf_take(&b);
    assert_string_equal(text, "abc-42-%s");
    assert_null(b.p);
    assert_int_equal(b.n, 0);
    free(text);
}

/* Appends far past every capacity the buffer passes through. */
static void test_putn_grows_the_buffer(void **state)
{
    (void)state;
    tt_sbuf b = {0};
    char want[20001];
    for (int i = 0; i < 20000; i++) {
        char c = (char)('a' + i % 26);
        want[i] = c;
        if (i % 3)
            tt_sbuf_putn(&b, &c, 1);
        else
            tt_sbuf_printf(&b, "%c", c);
        assert_int_equal(b.p[b.n], '\0');
    }
    want[20000] = '\0';
    char *text = tt_sbuf_take(&b);
    assert_string_equal(text, want);
    free(text);
}

static void test_take_of_nothing_is_empty(void **state)
{
    (void)state;
    tt_sbuf b = {0};
    tt_sbuf_putn(&b, "x", 0);
    char *text = tt_sbuf_take(&b);
    assert_string_equal(text, "");
    free(text);
}

/* jansson's escaping: quotes, backslashes, the control characters (short
 * forms where JSON has them, \u00XX otherwise), the rest, DEL and UTF-8
 * included, as it is. */
static void test_json_str_escapes_as_jansson_does(void **state)
{
    (void)state;
    static const char *const texts[] = {"plain",
                                        "",
                                        "a \"quoted\" \\ back/slash",
                                        "\b\f\n\r\t",
                                        "\x01\x1f\x7f end",
                                        "caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x82\xa1",
                                        "tab\tin the middle\n"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        tt_sbuf b = {0};
        tt_sbuf_putn(&b, "[", 1);
        tt_sbuf_json_str(&b, texts[i]);
        tt_sbuf_putn(&b, "]", 1);
        char *text = tt_sbuf_take(&b);
        json_t *j = json_pack("[s]", texts[i]);
        char *want = json_dumps(j, JSON_COMPACT);
        json_decref(j);
        assert_string_equal(text, want);
        free(want);
        free(text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_putn_appends_the_bytes_given),
        cmocka_unit_test(test_putn_grows_the_buffer),
        cmocka_unit_test(test_take_of_nothing_is_empty),
        cmocka_unit_test(test_json_str_escapes_as_jansson_does),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
