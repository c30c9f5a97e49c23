/* INWO's figures for simulations (tt_stats, INWO-9.5.1): which goal won,
 * the round of victory, attacks by kind and the Illuminati's win rates, on
 * a finished position built directly and over random games at a fixed seed,
 * checked against the events the games emitted. */
#include <math.h>

#include "inwo_fixture.h"

#define MAX_STATS 64

/* The figure "table|row|col" of the last tt_stats call; fails when absent. */
static double figure(const tt_stat *st, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(st[i].name, name) == 0)
            return st[i].value;
    fail_msg("no figure %s", name);
    return 0;
}

static int stats_of(const fx *f, tt_stat *st)
{
    int n = tt_stats(f->g, (const tt_state *)f->s, st, MAX_STATS);
    assert_true(n > 0 && n < MAX_STATS);
    return n;
}

/* A shared victory at round 9 (INWO-9.4.5): A by his Special Goal, C by the
 * Basic Goal; attacks as the counters give them. */
static void test_shared_victory(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_setup(&f);
    inwo_state *s = f.s;
    s->round = 9;
    s->pl[0].deciding = R_SPECIAL_GOAL;
    s->pl[2].deciding = R_BASIC_GOAL;
    s->pl[0].attacks[0][0] = 3, s->pl[0].attacks[0][1] = 1; /* to control */
    s->pl[1].attacks[0][0] = 2;
    s->pl[3].attacks[1][0] = 4, s->pl[3].attacks[1][1] = 2; /* to destroy */
    tt_head_end_shared(&s->head, 4, 1u << 0 | 1u << 2, R_SHARED_WIN);
    tt_stat st[MAX_STATS];
    int n = stats_of(&f, st);
    assert_true(figure(st, n, "winning goal|basic|winners") == 1);
    assert_true(figure(st, n, "winning goal|special|winners") == 1);
    assert_true(figure(st, n, "winning goal|goal card|winners") == 0);
    assert_true(figure(st, n, "winning goal|elimination|winners") == 0);
    assert_true(figure(st, n, "winning goal|shared|winners") == 1);
    assert_true(figure(st, n, "victory|round|won in") == 9);
    assert_true(figure(st, n, "attacks|to control|attempted") == 5);
    assert_true(figure(st, n, "attacks|to control|succeeded") == 1);
    assert_true(figure(st, n, "attacks|to destroy|attempted") == 4);
    assert_true(figure(st, n, "attacks|to destroy|succeeded") == 2);
    assert_true(figure(st, n, "Illuminati|The Obsidian Lodge|seats") == 1);
    assert_true(figure(st, n, "Illuminati|The Obsidian Lodge|win rate") == 1);
    assert_true(figure(st, n, "Illuminati|The Choir of Static|win rate") == 0);
    assert_true(isnan(figure(st, n, "Illuminati|The Pale Observatory|seats")));
    fx_free(&f);
}

/* A draw at the round cap: no goal won, no round of victory (INWO-9.5.2). */
static void test_draw(void **state)
{
    (void)state;
    fx f = fx_new("players=2 p1=deck_a");
    fx_setup(&f);
    tt_head_end_shared(&f.s->head, 2, 3, R_DRAW_MAX_ROUNDS);
    tt_stat st[MAX_STATS];
    int n = stats_of(&f, st);
    assert_true(isnan(figure(st, n, "winning goal|basic|winners")));
    assert_true(isnan(figure(st, n, "victory|round|won in")));
    assert_true(figure(st, n, "Illuminati|The Obsidian Lodge|seats") == 2); /* two factions */
    assert_true(figure(st, n, "Illuminati|The Obsidian Lodge|win rate") == 0);
    fx_free(&f);
}

/* The figures of the ten games below, as the rules stand: to renew when a
 * rule changes what random games play. */
enum { GOALS_BASIC = 0, GOALS_SPECIAL = 7, GOALS_CARD = 3, GOALS_ELIMINATION = 0 };
enum { ROUNDS = 84, TRIED = 194, WON = 24 };

/* Ten random games at seed 5: the figures summed over them, exactly, and the
 * attack figures agree with the announcements and outcomes emitted. */
static void test_random_games(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    tt_action a[INWO_MAX_ACTIONS];
    tt_event buf[256];
    double goals[4] = {0}, rounds = 0, tried = 0, won = 0;
    long announced = 0, called_off = 0, succeeded = 0;
    static char is_attack[65536]; /* by item number: an attack, not an Instant Attack */
    tt_rng rng;
    tt_rng_seed(&rng, 5);
    for (int game = 0; game < 10; game++) {
        tt_state_init(f.g, (tt_state *)f.s, 100 + (uint64_t)game);
        while (!f.s->head.over) {
            int n = tt_legal(f.g, (tt_state *)f.s, a);
            tt_events ev = {buf, 0, 256, 0};
            assert_int_equal(
                tt_apply(f.g, (tt_state *)f.s, a[tt_rng_below(&rng, (uint32_t)n)], &ev, NULL),
                TT_OK);
            for (int i = 0; i < ev.n; i++) {
                const tt_event *e = &buf[i];
                if (e->type == INWO_EV_ANNOUNCE)
                    is_attack[e->a & 0xFFFF] = e->c == H_ATTACK;
                int attack = e->type == INWO_EV_ATTACK && is_attack[e->a & 0xFFFF];
                announced += e->type == INWO_EV_ANNOUNCE && e->c == H_ATTACK;
                called_off += attack && e->b == 3;
                succeeded += attack && e->b == 1;
            }
        }
        tt_stat st[MAX_STATS];
        int n = stats_of(&f, st);
        static const char *const g[] = {"basic", "special", "goal card", "elimination"};
        char name[48];
        for (int k = 0; k < 4; k++) {
            snprintf(name, sizeof name, "winning goal|%s|winners", g[k]);
            double v = figure(st, n, name);
            goals[k] += isnan(v) ? 0 : v;
        }
        double r = figure(st, n, "victory|round|won in");
        rounds += isnan(r) ? 0 : r;
        tried += figure(st, n, "attacks|to control|attempted") +
                 figure(st, n, "attacks|to destroy|attempted");
        won += figure(st, n, "attacks|to control|succeeded") +
               figure(st, n, "attacks|to destroy|succeeded");
    }
    assert_true(tried == (double)(announced - called_off));
    assert_true(won == (double)succeeded);
    int want[] = {GOALS_BASIC, GOALS_SPECIAL, GOALS_CARD, GOALS_ELIMINATION};
    for (int k = 0; k < 4; k++)
        assert_int_equal((int)goals[k], want[k]);
    assert_int_equal((int)rounds, ROUNDS);
    assert_int_equal((int)tried, TRIED);
    assert_int_equal((int)won, WON);
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shared_victory),
        cmocka_unit_test(test_draw),
        cmocka_unit_test(test_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
