/* The plays a window lists (XF-5.0.8, 5.10.2): a card whose declaration has
 * a stage after its target is listed, and at each stage exactly the answers
 * some complete declaration passes with, as `apply` accepts them.
 *
 * Fixture (section 10): p0 is A with DECK_A and XF01, p1 is B with DECK_B
 * and XF03, hands rigged before the first turn. */
#include "xf_fixture.h"

/* The legal actions as texts, space-separated. */
static const char *listed(fx *f)
{
    static char out[2048];
    tt_action a[XF_MAX_ACTIONS];
    char text[64];
    size_t at = 0;
    int n = tt_legal(f->g, f->st, a);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        tt_action_format(f->g, f->st, a[i], text, sizeof text);
        at += (size_t)snprintf(out + at, sizeof out - at, "%s%s", i ? " | " : "", text);
    }
    return out;
}

/* E10 Rapid Transfer (1 RP; ACTIVE; OWN_AGENT; MOVE_AGENT to BUREAU or
 * FIELD) in the Briefing window: its target, then its section. A02 lies in
 * the Hospital below the HEALTH it needs to leave (XF-5.2.4), so it is no
 * target; the Hospital is no section the card names. p0 has exactly its
 * cost (XF-5.0.5). */
static void test_a_play_with_a_stage_after_its_target(void **state)
{
    (void)state;
    fx f = start("", "E10 S01 S02 S03 Q01 Q02 A10", QUIET_B, "p0");
    to_section(&f, 0, "A02", SEC_HOSPITAL, xf_perm_health(f.c, f.s, 0, 1));
    f.s->pl[0].rp = 1;
    act(&f, "first p0");
    assert_int_equal(f.s->step, ST_B1);
    assert_string_equal(listed(&f), "pass | play E10");
    act(&f, "play E10");
    assert_string_equal(listed(&f), "target p0:A01#1 | target p0:A03#1 | target p0:A04#1");
    refused(&f, "target p0:A02#1", "XF-5.2.4");
    act(&f, "target p0:A03#1");
    assert_string_equal(listed(&f), "to BUREAU | to FIELD");
    refused(&f, "to HOSPITAL", "XF-2.14.1");
    act(&f, "to FIELD"); /* p1 cannot answer, nor p0 after it resolves: B1 is over */
    assert_int_equal(agent(&f, 0, "A03")->section, SEC_FIELD);
    assert_int_equal(f.s->pl[0].rp, 0);
    assert_int_equal(f.s->step, ST_B2);
    done_fx(&f);
}

/* One RP short and no dedicated token (XF-2.15): E10 is no play, so the
 * Briefing window passes by itself (XF-4.3.5). */
static void test_a_play_short_of_its_cost_is_not_listed(void **state)
{
    (void)state;
    fx f = start("", "E10 S01 S02 S03 Q01 Q02 A10", QUIET_B, "p0");
    f.s->pl[0].rp = 0;
    act(&f, "first p0");
    assert_int_equal(f.s->step, ST_B2);
    assert_int_equal(f.s->nrounds, 0);
    assert_int_equal(f.s->nstack, 0);
    done_fx(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_play_with_a_stage_after_its_target),
        cmocka_unit_test(test_a_play_short_of_its_cost_is_not_listed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
