/* tt_decision_forced in Tannhäuser: a lone answer that draws a random
 * outcome is asked, though everything it emits is public (the core's rule,
 * src/core/forced.c; the other cases are in tests/unit/test_forced.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "tan_fixture.h"

/* A lone answer that draws a random outcome is asked, though everything it
 * emits is public: the last cycle of a turn ends, and the next turn's
 * initiative is rolled (TAN-4.4). */
static void test_TAN_4_4_lone_end_that_rolls_initiative_is_asked(void **state)
{
    tan_fx *f = *state;
    tan_fx_put(f, "varga", PACK_COMBAT, "s3");
    tan_fx_put(f, "pike", PACK_COMBAT, "n3");
    tan_fx_activated(f, "pike", 1);
    tan_fx_cycle(f, "varga", tan_fx_cur(f, "varga", STAT_MOVEMENT)); /* every MP spent */
    f->s->action_taken = 1;
    tan_fx_sane(f);
    tt_action acts[TAN_MAX_ACTIONS], a;
    char buf[TT_ACTION_TEXT_MAX];
    assert_int_equal(tt_legal(f->g, (tt_state *)f->s, acts), 1);
    assert_int_equal(tt_action_format(f->g, (tt_state *)f->s, acts[0], buf, sizeof buf), TT_OK);
    assert_string_equal(buf, "end");
    assert_int_equal(tt_decision_forced(f->g, (tt_state *)f->s, 0, &a), 0);
    tan_fx_apply(f, "end"); /* and the roll it would have hidden, all public */
    assert_int_equal(tan_fx_events(f, EV_INITIATIVE), 1);
    for (int i = 0; i < f->ev.n; i++)
        assert_int_equal(f->ev.ev[i].seen, TT_SEEN_ALL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_TAN_4_4_lone_end_that_rolls_initiative_is_asked,
                                        tan_fx_setup_deathmatch, tan_fx_teardown),
    };
    return cmocka_run_group_tests_name("tannhauser forced decisions", tests, NULL, NULL);
}
