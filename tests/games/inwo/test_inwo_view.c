/* INWO's view (INWO-7.7): the exact JSON of a built position, what each
 * viewer is told of a declaration in progress (INWO-7.13), and that
 * determinization leaves every view unchanged (INWO-7.14). */
#include "inwo_fixture.h"

static char *view(const fx *f, int viewer)
{
    return tt_view_json(f->g, (const tt_state *)f->s, viewer);
}

static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

/* EX-15's position after EX-37's first steps: B's Riot Police Auxiliary
 * attacks Cobalt Republic to control (i1), the Mercenary Guild aids (i2),
 * Shock Troops plays +10 on the attacker's action (i3): S = 7, C to move. */
static fx aided(void)
{
    fx f = fx_ex15();
    fx_ok(&f, "attack A:G37#1 kind=control target=A:G11#1");
    fx_passes(&f, 2); /* C, A */
    fx_ok(&f, "aid C:G41#1");
    fx_passes(&f, 2); /* C, A */
    fx_ok(&f, "play A:PL01#1 target=A:G37#1 for=action");
    return f;
}

/* C's view: every structure card with its master, side, values (INWO-2.14),
 * alignments; hands and decks by owner and back; the attack with its aid
 * and Plot, S = 7 and the roll it needs (INWO-5.9.8). */
static const char ex15_view_c[] =
    "{\"game\":\"inwo\",\"round\":5,\"active\":\"B\",\"point\":\"round\",\"to_move\":\"C\","
    "\"seats\":[{\"seat\":\"A\",\"completed\":2,\"eliminated\":false,\"basic_goal\":[3,12],"
    "\"special_goal\":[12,35],\"structure\":[{\"card\":\"A:I01#1\",\"x\":0,\"y\":0,\"rot\":0,\"tokens\":1,\"master\":null,"
    "\"side\":null,\"power\":10,\"global\":10,\"res\":0,\"align\":[],\"attrs\":[],\"flags\":[],"
    "\"links\":[]},{\"card\":\"A:G02#1\",\"x\":0,\"y\":1,\"rot\":0,\"tokens\":1,\"master\":\"A:I01#1\","
    "\"side\":\"N\",\"power\":7,\"global\":0,\"res\":6,\"align\":[\"GOV\",\"CONS\",\"VIOL\"],"
    "\"attrs\":[\"Huge\"],\"flags\":[],\"links\":[]},{\"card\":\"A:G11#1\",\"x\":0,\"y\":2,\"rot\":0,"
    "\"tokens\":1,\"master\":\"A:G02#1\",\"side\":\"N\",\"power\":5,\"global\":0,\"res\":4,"
    "\"align\":[\"GOV\",\"CONS\",\"VIOL\"],\"attrs\":[],\"flags\":[],\"links\":[]}],\"resources\":[],"
    "\"pending\":[],\"agents\":[],\"zaps\":[],\"hand\":[\"A:plot\",\"A:plot\",\"A:plot\"],\"exposed\":[],"
    "\"plot_deck\":[\"A:plot\",\"A:plot\",\"A:plot\",\"A:plot\",\"A:plot\",\"A:plot\",\"A:plot\","
    "\"A:plot\",\"A:plot\",\"A:plot\",\"A:plot\",\"A:plot\",\"A:plot\",\"A:plot\",\"A:plot\",\"A:plot\","
    "\"A:plot\",\"A:plot\",\"A:plot\",\"A:plot\",\"A:plot\",\"A:plot\",\"A:plot\"],"
    "\"group_deck\":[\"A:group\",\"A:group\",\"A:group\",\"A:group\",\"A:group\",\"A:group\",\"A:group\","
    "\"A:group\",\"A:group\",\"A:group\",\"A:group\",\"A:group\",\"A:group\",\"A:group\"],\"discard\":[],"
    "\"destroyed\":[],\"offer\":null},{\"seat\":\"B\",\"completed\":2,\"eliminated\":false,"
    "\"basic_goal\":[3,12],\"special_goal\":[3,12],\"structure\":[{\"card\":\"B:I02#1\",\"x\":0,\"y\":0,\"rot\":0,\"tokens\":1,"
    "\"master\":null,\"side\":null,\"power\":8,\"global\":8,\"res\":0,\"align\":[],\"attrs\":[],"
    "\"flags\":[],\"links\":[]},{\"card\":\"A:G37#1\",\"x\":0,\"y\":1,\"rot\":0,\"tokens\":0,"
    "\"master\":\"B:I02#1\",\"side\":\"N\",\"power\":4,\"global\":0,\"res\":3,\"align\":[\"GOV\",\"VIOL\","
    "\"STR\"],\"attrs\":[],\"flags\":[],\"links\":[]},{\"card\":\"C:G41#1\",\"x\":1,\"y\":0,\"rot\":1,"
    "\"tokens\":0,\"master\":\"B:I02#1\",\"side\":\"E\",\"power\":6,\"global\":0,\"res\":4,"
    "\"align\":[\"VIOL\",\"CRIM\"],\"attrs\":[],\"flags\":[],\"links\":[]}],\"resources\":[],"
    "\"pending\":[],\"agents\":[],\"zaps\":[],\"hand\":[\"B:plot\",\"B:plot\",\"B:plot\"],\"exposed\":[],"
    "\"plot_deck\":[\"B:plot\",\"B:plot\",\"B:plot\",\"B:plot\",\"B:plot\",\"B:plot\",\"B:plot\","
    "\"B:plot\",\"B:plot\",\"B:plot\",\"B:plot\",\"B:plot\",\"B:plot\",\"B:plot\",\"B:plot\",\"B:plot\","
    "\"B:plot\",\"B:plot\",\"B:plot\",\"B:plot\",\"B:plot\",\"B:plot\",\"B:plot\",\"B:plot\"],"
    "\"group_deck\":[\"B:group\",\"B:group\",\"B:group\",\"B:group\",\"B:group\",\"B:group\",\"B:group\","
    "\"B:group\",\"B:group\",\"B:group\",\"B:group\",\"B:group\",\"B:group\",\"B:group\",\"B:group\","
    "\"B:group\",\"B:group\"],\"discard\":[],\"destroyed\":[],\"offer\":null},{\"seat\":\"C\","
    "\"completed\":2,\"eliminated\":false,\"basic_goal\":[1,12],\"special_goal\":[0,7],\"structure\":[{\"card\":\"C:I04#1\","
    "\"x\":0,\"y\":0,\"rot\":0,\"tokens\":1,\"master\":null,\"side\":null,\"power\":9,\"global\":9,"
    "\"res\":0,\"align\":[],\"attrs\":[],\"flags\":[],\"links\":[]}],\"resources\":[],\"pending\":[],"
    "\"agents\":[],\"zaps\":[],\"hand\":[\"C:PL24#1\",\"C:PL18#1\",\"C:PL25#1\"],\"exposed\":[],"
    "\"hand_seen_by\":[\"C\",\"C\",\"C\"],\"plot_deck\":[\"C:plot\",\"C:plot\",\"C:plot\",\"C:plot\","
    "\"C:plot\",\"C:plot\",\"C:plot\",\"C:plot\",\"C:plot\",\"C:plot\",\"C:plot\",\"C:plot\",\"C:plot\","
    "\"C:plot\",\"C:plot\",\"C:plot\",\"C:plot\",\"C:plot\",\"C:plot\",\"C:plot\",\"C:plot\",\"C:plot\","
    "\"C:plot\",\"C:plot\"],\"group_deck\":[\"C:group\",\"C:group\",\"C:group\",\"C:group\",\"C:group\","
    "\"C:group\",\"C:group\",\"C:group\",\"C:group\",\"C:group\",\"C:group\",\"C:group\",\"C:group\","
    "\"C:group\",\"C:group\",\"C:group\"],\"discard\":[],\"destroyed\":[],\"offer\":null}],"
    "\"nwo\":{\"red\":null,\"blue\":null,\"yellow\":null},\"rounds\":[{\"on\":\"i1\",\"priority\":\"C\"}],"
    "\"items\":[{\"i\":1,\"kind\":\"attack\",\"who\":\"B\",\"card\":\"A:G37#1\",\"target\":\"A:G11#1\","
    "\"strength\":7,\"roll_needed\":7,\"attached\":[{\"i\":2,\"kind\":\"aid\",\"who\":\"B\","
    "\"card\":\"C:G41#1\",\"target\":\"A:G11#1\"},{\"i\":3,\"kind\":\"play\",\"who\":\"B\","
    "\"card\":\"A:PL01#1\",\"target\":\"A:G37#1\"}]}]}";

static void test_EX_15_view(void **state)
{
    (void)state;
    fx f = aided();
    char *c = view(&f, 2);
    assert_string_equal(c, ex15_view_c);
    free(c);
    /* B sees his own hand, and who else has seen each card (INWO-7.10) */
    tt_error err;
    assert_int_equal(
        tt_apply_text_as(f.g, (tt_state *)f.s, 1, "show B:PL17#2 to=A", NULL, 0, NULL, NULL, &err),
        TT_OK);
    char *b = view(&f, 1);
    assert_non_null(strstr(b, "\"hand\":[\"B:PL26#1\",\"B:PL17#2\",\"B:PL43#1\"],"
                              "\"exposed\":[],\"hand_seen_by\":[\"B\",\"AB\",\"B\"]"));
    /* only the holder's view lists them; A knows the card he was shown, C
     * only who saw it */
    assert_int_equal(count(b, "hand_seen_by"), 1);
    char *a = view(&f, 0);
    c = view(&f, 2);
    assert_non_null(strstr(a, "\"hand\":[\"B:plot\",\"B:PL17#2\",\"B:plot\"],\"exposed\":[],"
                              "\"plot_deck\""));
    assert_non_null(strstr(c, "\"hand\":[\"B:plot\",\"B:plot seen AB\",\"B:plot\"]"));
    free(a);
    free(c);
    free(b);
    fx_free(&f);
}

/* INWO-7.14: for every viewer and a few seeds, the determinized state's view
 * is the same bytes. */
static void test_INWO_7_14_views_survive_determinization(void **state)
{
    (void)state;
    fx f = aided();
    size_t n = tt_state_size(f.g);
    tt_state *d = malloc(n);
    for (int v = 0; v < 3; v++) {
        char *want = view(&f, v);
        for (uint64_t seed = 1; seed <= 20; seed++) {
            memcpy(d, f.s, n);
            tt_determinize(f.g, d, v, seed);
            char *got = tt_view_json(f.g, d, v);
            assert_string_equal(got, want);
            free(got);
        }
        free(want);
    }
    free(d);
    fx_free(&f);
}

/* INWO-7.13: a declaration half made is its declarer's only; the others see
 * him deciding at the point where he began. */
static void test_INWO_7_13_declaration_private(void **state)
{
    (void)state;
    fx f = fx_ex15();
    fx_ok(&f, "attack A:G37#1");
    char *b = view(&f, 1), *a = view(&f, 0);
    /* its answers are the canonical texts typed, not action arguments */
    assert_non_null(strstr(b, "\"items\":[],\"declaring\":{\"player\":\"B\",\"head\":\"attack\","
                              "\"answers\":[\"attack A:G37#1\"]}}"));
    assert_non_null(strstr(a, "\"items\":[]}"));
    assert_null(strstr(a, "declaring"));
    free(a);
    free(b);
    fx_ok(&f, "kind control");
    b = view(&f, 1);
    assert_non_null(strstr(b, "\"answers\":[\"attack A:G37#1\",\"kind control\"]}}"));
    free(b);
    fx_free(&f);
    /* a buy begins with no argument: nothing is answered yet */
    f = fx_ex15();
    fx_ok(&f, "buy");
    b = view(&f, 1);
    assert_non_null(strstr(b, "\"head\":\"buy\",\"answers\":[]}}"));
    free(b);
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_15_view),
        cmocka_unit_test(test_INWO_7_14_views_survive_determinization),
        cmocka_unit_test(test_INWO_7_13_declaration_private),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
