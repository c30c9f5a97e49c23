/* The X-Files: the estimate searches stop their playouts on (tt_evaluate)
 * and the figures for designers (tt_stats). */
#include <math.h>

#include "xf_fixture.h"

/* The X-Files of the catalogue that share category cat's value with k. */
static int sharing(const xf_content *c, int k, int cat)
{
    int n = 0;
    for (int j = 0; j < c->ncatalogue; j++)
        n += c->def[c->catalogue[j]].value[cat] == c->def[c->catalogue[k]].value[cat];
    return n;
}

/* Gives p in his notebook the answer to "is q's X-File's cat v?" (XF-8.2.3). */
static void answer(fx *f, int p, int q, int cat, int yes)
{
    const xf_def *x = &f->c->def[f->c->catalogue[f->s->pl[q].xfile]];
    int v = yes ? x->value[cat] : (x->value[cat] + 1) % XF_NVALUES;
    f->s->pl[p].asked[q] |= 1u << (cat * XF_NVALUES + v);
    f->s->pl[p].yes[q] |= (uint32_t)yes << (cat * XF_NVALUES + v);
    f->s->pl[p].nasked[q][cat]++;
}

static double narrowed(int left, int all)
{
    return left <= 1 ? 1.0 : 1.0 - log(left) / log(all);
}

static void test_estimate_is_what_each_player_has_narrowed_down(void **state)
{
    (void)state;
    fx f = start("", "", "", "p0");
    double r[TT_MAX_PLAYERS];
    tt_evaluate(f.g, f.st, r);
    assert_true(r[0] == 0 && r[1] == 0);  /* nobody knows anything yet */
    answer(&f, 0, 1, CAT_AFFILIATION, 1); /* A learns B's Affiliation */
    int n = f.c->ncatalogue, left = sharing(f.c, f.s->pl[1].xfile, CAT_AFFILIATION);
    assert_true(left > 1 && left < n);
    tt_evaluate(f.g, f.st, r);
    assert_float_equal(r[0], narrowed(left, n) / 2, 1e-12);
    assert_float_equal(r[1], -narrowed(left, n) / 2, 1e-12);
    answer(&f, 1, 0, CAT_MOTIVE, 1); /* B learns as much of A's or more */
    int left_b = sharing(f.c, f.s->pl[0].xfile, CAT_MOTIVE);
    tt_evaluate(f.g, f.st, r);
    assert_float_equal(r[0], (narrowed(left, n) - narrowed(left_b, n)) / 2, 1e-12);
    f.s->pl[1].wrong[0] = ~(1ull << f.s->pl[0].xfile); /* one X-File left for B: A's */
    tt_evaluate(f.g, f.st, r);
    assert_float_equal(r[1], (1.0 - narrowed(left, n)) / 2, 1e-12);
    done_fx(&f);
}

static void test_a_finished_game_is_judged_by_its_returns(void **state)
{
    (void)state;
    fx f = start("", "", "", "p0");
    act(&f, "concede");
    double r[TT_MAX_PLAYERS];
    tt_evaluate(f.g, f.st, r);
    assert_true(r[0] == -1 && r[1] == 1); /* XF-8.5.2 */
    assert_int_equal(tt_playout_horizon(f.g), XF_PLAYOUT_HORIZON);
    done_fx(&f);
}

static double figure(const tt_stat *st, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(st[i].name, name) == 0)
            return st[i].value;
    fail_msg("no figure '%s'", name);
    return 0;
}

static void test_figures_count_the_notebook_and_the_correct_guess(void **state)
{
    (void)state;
    fx f = start("", "", "", "p0");
    answer(&f, 0, 1, CAT_AFFILIATION, 1);
    answer(&f, 0, 1, CAT_MOTIVE, 0);
    f.s->pl[1].nwrong[0] = 1;
    f.s->pl[1].npenalties = 1;
    tt_stat st[32];
    int n = tt_stats(f.g, f.st, st, 32);
    assert_int_equal(n, 10);
    assert_true(figure(st, n, "notebook|p0|questions") == 2);
    assert_true(figure(st, n, "notebook|p1|wrong guesses") == 1);
    assert_true(figure(st, n, "notebook|p1|penalties") == 1);
    assert_true(isnan(figure(st, n, "correct guess|games ended by one|turn")));
    tt_head_end_win(&f.s->head, 2, 0, R_XFILE_NAMED); /* A names B's X-File */
    f.s->head.turn = 9;
    n = tt_stats(f.g, f.st, st, 32);
    assert_true(figure(st, n, "correct guess|games ended by one|turn") == 9);
    assert_true(figure(st, n, "correct guess|games ended by one|his questions") == 2);
    assert_true(figure(st, n, "correct guess|games ended by one|all questions") == 2);
    assert_true(figure(st, n, "correct guess|games ended by one|wrong guesses") == 1);
    done_fx(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_estimate_is_what_each_player_has_narrowed_down),
        cmocka_unit_test(test_a_finished_game_is_judged_by_its_returns),
        cmocka_unit_test(test_figures_count_the_notebook_and_the_correct_guess),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
