#include "describe_checks.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>

#include <cmocka.h>

#include "tabletop/tt.h"

void dc_expect_texts(const char *game, const char *params, const dc_text *t, size_t n, int what)
{
    tt_game *g;
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_game_new(game, params, &g, &err), TT_OK);
    char buf[4096];
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(tt_describe(g, t[i].id, what, buf, sizeof buf, &err), TT_OK);
        assert_string_equal(buf, t[i].text);
    }
    tt_game_free(g);
}
