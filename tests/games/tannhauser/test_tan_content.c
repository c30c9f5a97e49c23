/* Tannhäuser content: the sample set of TAN-11 as loaded, the tables derived
 * from it (adjacency, line of sight and path distance, walking distance, crate
 * sites), EX-17, and the loader's handling of broken input.
 *
 * The bad content files under tests/data/bad/tannhauser check each validation
 * message through `tabletop deck validate`; here the loader is called directly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/json.h"
#include "games/tannhauser/tannhauser.h"

/* The sample set, derived for mode. Fails the test, printing every problem,
 * when the sample does not load. */
static tan_content *load(int mode)
{
    tan_content *c = malloc(sizeof *c);
    tt_diags *d = calloc(1, sizeof *d);
    assert_non_null(c);
    assert_non_null(d);
    int rc = tan_content_load(c, NULL, d);
    for (int i = 0; i < d->n; i++) {
        char line[512];
        print_error("%s\n", tt_diag_text(&d->d[i], line, sizeof line));
    }
    assert_int_equal(rc, 0);
    assert_int_equal(d->n, 0);
    free(d);
    c->mode = (uint8_t)mode;
    assert_int_equal(tan_content_derive(c), 0);
    return c;
}

static void unload(tan_content *c)
{
    tan_content_free(c);
    free(c);
}

static int circle(const tan_content *c, const char *id)
{
    for (int i = 0; i < c->ncircles; i++)
        if (strcmp(c->circle[i].id, id) == 0)
            return i;
    fail_msg("no circle '%s'", id);
    return -1;
}

static const tan_equip *equip(const tan_content *c, const char *id)
{
    for (int i = 0; i < c->nequip; i++)
        if (strcmp(c->equip[i].id, id) == 0)
            return &c->equip[i];
    fail_msg("no equipment '%s'", id);
    return NULL;
}

static const tan_char *character(const tan_content *c, const char *id)
{
    for (int i = 0; i < c->nchars; i++)
        if (strcmp(c->chr[i].id, id) == 0)
            return &c->chr[i];
    fail_msg("no character '%s'", id);
    return NULL;
}

static int pd(const tan_content *c, const char *a, const char *b)
{
    return tan_pd(c, circle(c, a), circle(c, b));
}

static int wd(const tan_content *c, int a, int b)
{
    return c->wd[a * c->ncircles + b];
}

/* --- the sample set (TAN-11) -------------------------------------------------------- */

static void test_TAN_11_sample_counts(void **state)
{
    (void)state;
    tan_content *c = load(MODE_DEATHMATCH);
    assert_int_equal(c->ncircles, 48);
    assert_int_equal(c->nlinks, 68);
    assert_int_equal(c->nequip, 22);
    assert_int_equal(c->nchars, 10);
    assert_int_equal(c->nfactions, 2);
    assert_int_equal(c->ncrates, 8);
    assert_int_equal(c->nobjs, 11);
    assert_int_equal(c->ncolors, 6);
    assert_string_equal(c->board_id, "sluice_works");
    assert_string_equal(c->board_name, "Sluice Works");
    assert_int_equal(c->nentries, 3);
    assert_int_equal(c->entry[0], circle(c, "EN"));
    assert_int_equal(c->entry[2], circle(c, "EE"));
    assert_int_equal(c->nobjcircles, 8);
    assert_int_equal(c->objcircle[0], circle(c, "O1"));
    unload(c);
}

static void test_TAN_2_3_2_circle_fields(void **state)
{
    (void)state;
    tan_content *c = load(MODE_STORY);
    const tan_circle *n4 = &c->circle[circle(c, "n4")];
    assert_int_equal(n4->kind, CK_PATH);
    assert_int_equal(n4->mod[STAT_COMBAT], 1);
    assert_int_equal(n4->move_cost, 1);
    assert_int_equal(c->circle[circle(c, "s1")].move_cost, 2);
    assert_int_equal(c->circle[circle(c, "r02")].mod[STAT_STAMINA], 1);
    const tan_circle *en = &c->circle[circle(c, "EN")];
    assert_int_equal(en->kind, CK_ENTRY);
    assert_string_equal(en->label, "North");
    const tan_circle *o8 = &c->circle[circle(c, "O8")];
    assert_int_equal(o8->kind, CK_OBJECTIVE);
    assert_int_equal(o8->skill, SK_WEAPONRY);
    assert_int_equal(o8->grade, GRADE_PRIMARY);
    assert_int_equal(o8->colors, 0);
    assert_int_equal(c->circle[circle(c, "O2")].grade, GRADE_SECONDARY);
    assert_int_equal(c->circle[circle(c, "A4")].kind, CK_ACTION);
    /* n0 carries red (palette colour 0) and green (1) */
    assert_int_equal(c->circle[circle(c, "n0")].colors, 0x3);
    unload(c);
}

static void test_TAN_2_6_3_weapon_defaults(void **state)
{
    (void)state;
    tan_content *c = load(MODE_DEATHMATCH);
    const tan_equip *k = equip(c, "kestrel");
    assert_int_equal(k->kind, EK_WEAPON);
    assert_int_equal(k->free, 1);
    assert_int_equal(k->special, 0);
    assert_int_equal(k->effect, EF_NONE);
    assert_int_equal(k->weapon.type, WT_PISTOL);
    assert_int_equal(k->weapon.dice_mod, 0);
    assert_int_equal(k->weapon.range_min, 1);
    assert_int_equal(k->weapon.range_max, 6);
    assert_int_equal(k->weapon.max_wounds, 1);
    assert_int_equal(k->weapon.uses, -1);
    const tan_equip *egg = equip(c, "thunder_egg");
    assert_int_equal(egg->weapon.type, WT_GRENADE);
    assert_int_equal(egg->weapon.blast_dice, 4);
    assert_int_equal(egg->weapon.range_min, 2);
    assert_int_equal(egg->weapon.range_max, 5);
    assert_int_equal(egg->weapon.max_wounds, 2);
    assert_int_equal(egg->weapon.uses, 1);
    const tan_equip *marrow = equip(c, "marrow");
    assert_int_equal(marrow->weapon.dice_mod, 1);
    assert_int_equal(marrow->weapon.range_min, 2);
    assert_int_equal(marrow->weapon.range_max, 10);
    const tan_equip *brand = equip(c, "brand");
    assert_int_equal(brand->weapon.dice_mod, 2);
    assert_int_equal(brand->weapon.range_min, 3);
    assert_int_equal(brand->weapon.range_max, 14);
    assert_int_equal(brand->weapon.max_wounds, 3);
    const tan_equip *blade = equip(c, "trench_blade");
    assert_int_equal(blade->weapon.dice_mod, 1);
    assert_int_equal(blade->weapon.range_max, 1);
    assert_int_equal(blade->weapon.max_wounds, 2);
    const tan_equip *ash = equip(c, "ash_whisper");
    assert_int_equal(ash->weapon.type, WT_MENTAL);
    assert_int_equal(ash->weapon.range_min, 1);
    assert_int_equal(ash->weapon.range_max, 8);
    assert_int_equal(ash->free, 0);
    /* overrides keep the other defaults */
    const tan_equip *maul = equip(c, "kessel_maul");
    assert_int_equal(maul->special, 1);
    assert_int_equal(maul->weapon.type, WT_HAND_TO_HAND);
    assert_int_equal(maul->weapon.dice_mod, 2);
    assert_int_equal(maul->weapon.max_wounds, 3);
    assert_int_equal(maul->weapon.range_min, 1);
    const tan_equip *rifle = equip(c, "long_rifle");
    assert_int_equal(rifle->weapon.dice_mod, 2);
    assert_int_equal(rifle->weapon.range_min, 2);
    assert_int_equal(rifle->weapon.range_max, 12);
    assert_int_equal(rifle->weapon.max_wounds, 2);
    unload(c);
}

static void test_TAN_2_6_2_effects(void **state)
{
    (void)state;
    tan_content *c = load(MODE_DEATHMATCH);
    const tan_equip *drum = equip(c, "spare_drum");
    assert_int_equal(drum->effect, EF_EXTRA_DICE);
    assert_int_equal(drum->n, 1);
    assert_int_equal(drum->types, (1 << WT_AUTOMATIC) | (1 << WT_HEAVY));
    const tan_equip *satchel = equip(c, "satchel");
    assert_int_equal(satchel->effect, EF_HEAL);
    assert_int_equal(satchel->n, 2);
    const tan_equip *will = equip(c, "iron_will");
    assert_int_equal(will->kind, EK_ABILITY);
    assert_int_equal(will->effect, EF_STAT_BONUS);
    assert_int_equal(will->stat, STAT_PSYCHE);
    assert_int_equal(will->n, 2);
    assert_int_equal(equip(c, "sapper_kit")->skill, SK_ENGINEERING);
    assert_int_equal(equip(c, "steady_aim")->effect, EF_DIE_BONUS);
    assert_int_equal(equip(c, "valor_star")->effect, EF_MEDAL_VP);
    assert_int_equal(equip(c, "valor_star")->n, 1);
    assert_int_equal(equip(c, "brass_gorget")->effect, EF_RANK);
    assert_int_equal(equip(c, "brass_gorget")->n, 2);
    unload(c);
}

static void test_TAN_2_5_1_characters_and_rosters(void **state)
{
    (void)state;
    tan_content *c = load(MODE_DEATHMATCH);
    const tan_char *kessel = character(c, "kessel");
    assert_int_equal(kessel->cls, CLASS_HERO);
    assert_int_equal(kessel->faction, 0);
    assert_int_equal(kessel->nrows, 6);
    assert_int_equal(kessel->slots, 4);
    assert_int_equal(kessel->row[0][STAT_STAMINA], 7);
    assert_int_equal(kessel->row[5][STAT_PSYCHE], 1);
    assert_int_equal(kessel->skills, (1 << SK_MECHANICS) | (1 << SK_WEAPONRY));
    assert_string_equal(c->equip[kessel->special].id, "kessel_maul");
    assert_int_equal(kessel->npack[PACK_COMBAT], 3);
    assert_string_equal(c->equip[kessel->pack[PACK_COMBAT][0]].id, "trench_blade");
    assert_string_equal(c->equip[kessel->pack[PACK_COMBAT][2]].id, "thunder_egg");
    const tan_char *ranger = character(c, "leg_ranger");
    assert_int_equal(ranger->cls, CLASS_TROOPER);
    assert_int_equal(ranger->faction, 1);
    assert_int_equal(ranger->nrows, 3);
    assert_int_equal(ranger->special, TAN_NONE);
    assert_int_equal(ranger->npack[PACK_MENTAL], 0);
    assert_string_equal(c->fac[0].id, "COVENANT");
    assert_int_equal(c->fac[1].nroster, 5);
    assert_string_equal(c->chr[c->fac[1].roster[0]].id, "calloway");
    unload(c);
}

static void test_TAN_2_7_tokens(void **state)
{
    (void)state;
    tan_content *c = load(MODE_STORY);
    assert_int_equal(c->crate[2].kind, CRATE_VP);
    assert_int_equal(c->crate[2].vp, 2);
    assert_int_equal(c->crate[5].kind, CRATE_EQUIPMENT);
    assert_string_equal(c->equip[c->crate[5].equip].id, "satchel");
    const tan_objective *p1 = &c->obj[0];
    assert_string_equal(p1->id, "cov_p1");
    assert_int_equal(p1->owner, 0);
    assert_int_equal(p1->grade, GRADE_PRIMARY);
    assert_int_equal(p1->nskills, 2);
    assert_int_equal(p1->skill[0], SK_ENGINEERING);
    assert_int_equal(p1->skill[1], SK_ARCHAEOLOGY);
    const tan_objective *s3 = &c->obj[10];
    assert_string_equal(s3->id, "leg_s3");
    assert_int_equal(s3->owner, 1);
    assert_int_equal(s3->nskills, 1);
    assert_int_equal(s3->skill[0], SK_STEALTH);
    unload(c);
}

/* --- derived tables ----------------------------------------------------------------- */

static void test_adjacency_is_sorted_and_marks_shared_colours(void **state)
{
    (void)state;
    tan_content *c = load(MODE_DEATHMATCH);
    int total = 0;
    for (int v = 0; v < c->ncircles; v++) {
        total += c->adj_n[v];
        for (int j = c->adj_first[v] + 1; j < c->adj_first[v] + c->adj_n[v]; j++)
            assert_true(c->adj[j - 1] < c->adj[j]);
    }
    assert_int_equal(total, 2 * 68);
    int n3 = circle(c, "n3"), r01 = circle(c, "r01"), n2 = circle(c, "n2");
    int en = circle(c, "EN"), o5 = circle(c, "O5");
    assert_int_equal(c->adj_n[n3], 4); /* n2, n4, r01, EN */
    int seen = 0;
    for (int j = c->adj_first[n3]; j < c->adj_first[n3] + c->adj_n[n3]; j++) {
        if (c->adj[j] == r01)
            assert_int_equal(c->adj_same[j], 0), seen++; /* the doorway */
        if (c->adj[j] == n2 || c->adj[j] == en)
            assert_int_equal(c->adj_same[j], 1), seen++;
    }
    assert_int_equal(seen, 3);
    for (int j = c->adj_first[o5]; j < c->adj_first[o5] + c->adj_n[o5]; j++)
        assert_int_equal(c->adj_same[j], 0);
    unload(c);
}

static void test_EX_17_line_of_sight_and_path_distance(void **state)
{
    (void)state;
    tan_content *c = load(MODE_DEATHMATCH);
    assert_int_equal(pd(c, "n0", "s0"), 6);  /* green */
    assert_int_equal(pd(c, "n1", "n5"), 4);  /* red */
    assert_int_equal(pd(c, "n6", "e5"), 5);  /* yellow */
    assert_int_equal(pd(c, "n6", "s6"), 6);  /* yellow */
    assert_int_equal(pd(c, "w1", "r00"), 1); /* the white arch */
    /* w3–r10: a doorway, no common colour */
    assert_false(tan_same_path(c, circle(c, "w3"), circle(c, "r10")));
    assert_int_equal(pd(c, "w3", "r10"), 0xFF);
    /* w1–r22: both white, on two different white paths */
    assert_false(tan_same_path(c, circle(c, "w1"), circle(c, "r22")));
    assert_false(tan_same_path(c, circle(c, "n1"), circle(c, "r11")));
    unload(c);
}

static void test_TAN_2_4_4_path_distance_is_symmetric_and_off_path_circles_see_nothing(void **state)
{
    (void)state;
    tan_content *c = load(MODE_DEATHMATCH);
    int n = c->ncircles;
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            assert_int_equal(tan_pd(c, a, b), tan_pd(c, b, a));
            int kind = c->circle[a].kind;
            if (kind == CK_OBJECTIVE || kind == CK_ACTION)
                assert_int_equal(tan_pd(c, a, b), 0xFF);
            else if (a == b)
                assert_int_equal(tan_pd(c, a, b), 0);
        }
    /* the entry circle is on the red path */
    assert_int_equal(pd(c, "EN", "n0"), 4);
    /* purple 3×3 hall: corner to corner through the grid */
    assert_int_equal(pd(c, "r00", "r22"), 4);
    unload(c);
}

static void test_TAN_2_4_5_walking_distance(void **state)
{
    (void)state;
    tan_content *c = load(MODE_DEATHMATCH);
    int en = circle(c, "EN"), es = circle(c, "ES");
    assert_int_equal(wd(c, en, en), 0);
    assert_int_equal(wd(c, en, circle(c, "r01")), 2); /* through the doorway */
    assert_int_equal(wd(c, en, es), 6);               /* n3 r01 r11 r21 s3 ES */
    assert_int_equal(wd(c, en, circle(c, "O1")), 0xFF);
    assert_int_equal(wd(c, circle(c, "A4"), circle(c, "A4")), 0xFF);
    unload(c);
}

/* TAN-3.9.4 with entries EN and ES: the nearest PATH circle linked to each
 * objective circle, from either entry (§11.1). */
static void test_TAN_3_9_4_capture_the_flag_sides(void **state)
{
    (void)state;
    tan_content *c = load(MODE_CTF);
    int en = circle(c, "EN"), es = circle(c, "ES");
    static const char *const north[] = {"O1", "O3", "O5", "O8"};
    static const char *const south[] = {"O4", "O6", "O7"};
    int dist[2][TAN_MAX_CIRCLES];
    for (int i = 0; i < c->nobjcircles; i++) {
        int o = c->objcircle[i];
        dist[0][o] = dist[1][o] = 0xFF;
        for (int j = c->adj_first[o]; j < c->adj_first[o] + c->adj_n[o]; j++) {
            int p = c->adj[j];
            assert_int_equal(c->circle[p].kind, CK_PATH);
            if (wd(c, en, p) < dist[0][o])
                dist[0][o] = wd(c, en, p);
            if (wd(c, es, p) < dist[1][o])
                dist[1][o] = wd(c, es, p);
        }
    }
    for (int i = 0; i < 4; i++) {
        int o = circle(c, north[i]);
        assert_true(dist[0][o] < dist[1][o]);
    }
    for (int i = 0; i < 3; i++) {
        int o = circle(c, south[i]);
        assert_true(dist[1][o] < dist[0][o]);
    }
    int o2 = circle(c, "O2");
    assert_int_equal(dist[0][o2], 6);
    assert_int_equal(dist[1][o2], 6);
    unload(c);
}

static void test_TAN_3_9_1_crate_sites_and_tokens_per_mode(void **state)
{
    (void)state;
    static const struct {
        int mode, nsites, ncrates, first_crate;
    } want[] = {{MODE_STORY, 4, 4, 0},
                {MODE_DEATHMATCH, 12, 8, 0},
                {MODE_CTF, 4, 4, 4},
                {MODE_DOMINATION, 4, 8, 0}};
    for (int m = 0; m < 4; m++) {
        tan_content *c = load(want[m].mode);
        assert_int_equal(c->nsites, want[m].nsites);
        for (int s = 0; s < c->nsites; s++) {
            int v = c->site[s];
            assert_int_equal(c->site_of[v], s);
            if (s > 0)
                assert_true(c->site[s - 1] < v);
            assert_true(c->circle[v].kind == CK_ACTION ||
                        (want[m].mode == MODE_DEATHMATCH && c->circle[v].kind == CK_OBJECTIVE));
        }
        int nsited = 0;
        for (int v = 0; v < c->ncircles; v++)
            nsited += c->site_of[v] != TAN_NONE;
        assert_int_equal(nsited, c->nsites);
        assert_int_equal(c->nmode_crates, want[m].ncrates);
        for (int i = 0; i < c->nmode_crates; i++)
            assert_int_equal(c->mode_crate[i], want[m].first_crate + i);
        if (want[m].mode != MODE_DEATHMATCH)
            assert_int_equal(c->site[0], circle(c, "A1"));
        else
            assert_int_equal(c->site[0], circle(c, "O1"));
        unload(c);
    }
}

static void test_derive_again_for_another_mode(void **state)
{
    (void)state;
    tan_content *c = load(MODE_DEATHMATCH);
    c->mode = MODE_STORY;
    assert_int_equal(tan_content_derive(c), 0);
    assert_int_equal(c->nsites, 4);
    assert_int_equal(c->site_of[circle(c, "O1")], TAN_NONE);
    assert_int_equal(pd(c, "n1", "n5"), 4);
    unload(c);
}

/* The custom board of docs/content/tannhauser.md, with the sample set for the
 * other files: two doorways into a blue side room. */
static void test_custom_board_from_the_content_guide(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/tests/data/tannhauser/loading_yard.json", TT_SOURCE_DIR);
    size_t len;
    char *text = tt_read_file(path, &len);
    assert_non_null(text);
    tan_sources src = {{NULL}, {0}, {NULL}, {NULL}};
    src.text[SRC_BOARD] = text;
    src.len[SRC_BOARD] = len;
    src.file[SRC_BOARD] = "loading_yard.json";
    tan_content *c = malloc(sizeof *c);
    tt_diags *d = calloc(1, sizeof *d);
    assert_int_equal(tan_content_load(c, &src, d), 0);
    assert_int_equal(d->n, 0);
    c->mode = MODE_DEATHMATCH;
    assert_int_equal(tan_content_derive(c), 0);
    assert_int_equal(c->ncircles, 13);
    assert_int_equal(c->nlinks, 14);
    assert_string_equal(c->board_name, "Loading Yard");
    assert_int_equal(pd(c, "p1", "p3"), 2);    /* grey */
    assert_int_equal(pd(c, "p3", "p4"), 1);    /* red */
    assert_int_equal(pd(c, "p5", "p6"), 1);    /* blue */
    assert_int_equal(pd(c, "p2", "p5"), 0xFF); /* through a doorway */
    assert_int_equal(pd(c, "p1", "p4"), 0xFF); /* grey and red meet only at p3 */
    assert_int_equal(wd(c, circle(c, "W"), circle(c, "E")), 5);
    assert_int_equal(c->nsites, 5);
    assert_int_equal(c->nentries, 2);
    c->mode = MODE_STORY;
    assert_int_equal(tan_content_derive(c), 0);
    assert_int_equal(c->nsites, 1);
    assert_int_equal(c->site[0], circle(c, "A1"));
    tan_content_free(c);
    free(c);
    free(d);
    free(text);
}

/* --- broken input ------------------------------------------------------------------- */

static void test_TAN_2_7_1_every_problem_of_a_file_is_reported(void **state)
{
    (void)state;
    static const char crates[] =
        "{\n"
        "  \"crates\": [\n"
        "    {\"id\": \"a\", \"kind\": \"VP\", \"vp\": 9},\n"
        "    {\"id\": \"a\", \"kind\": \"EQUIPMENT\", \"equipment\": \"nope\"}\n"
        "  ]\n"
        "}\n";
    tan_sources src = {{NULL}, {0}, {NULL}, {NULL}};
    src.text[SRC_CRATES] = crates;
    src.len[SRC_CRATES] = sizeof crates - 1;
    src.file[SRC_CRATES] = "my_crates.json";
    tan_content *c = malloc(sizeof *c);
    tt_diags *d = calloc(1, sizeof *d);
    assert_int_not_equal(tan_content_load(c, &src, d), 0);
    assert_int_equal(d->n, 3);
    char line[512];
    assert_string_equal(tt_diag_text(&d->d[0], line, sizeof line),
                        "my_crates.json:3: field 'vp' is 9, outside 1..3 (TAN-2.7.1)");
    assert_string_equal(tt_diag_text(&d->d[1], line, sizeof line),
                        "my_crates.json:4: crate id 'a' is not unique (TAN-2.7.1)");
    assert_string_equal(tt_diag_text(&d->d[2], line, sizeof line),
                        "my_crates.json:4: unknown equipment 'nope' (TAN-2.7.1)");
    free(d);
    free(c);
}

static void test_validate_file_that_cannot_be_read(void **state)
{
    (void)state;
    tt_diags *d = calloc(1, sizeof *d);
    assert_int_equal(tan_validate_file("/nonexistent/board.json", d), TT_EIO);
    assert_int_equal(d->n, 0);
    free(d);
}

static void test_validate_file_accepts_each_sample_file(void **state)
{
    (void)state;
    static const char *const names[] = {"board", "equipment", "teams", "crates", "objectives"};
    for (int i = 0; i < 5; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/data/tannhauser/%s.json", TT_SOURCE_DIR, names[i]);
        tt_diags *d = calloc(1, sizeof *d);
        assert_int_equal(tan_validate_file(path, d), TT_OK);
        assert_int_equal(d->n, 0);
        free(d);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_TAN_11_sample_counts),
        cmocka_unit_test(test_TAN_2_3_2_circle_fields),
        cmocka_unit_test(test_TAN_2_6_3_weapon_defaults),
        cmocka_unit_test(test_TAN_2_6_2_effects),
        cmocka_unit_test(test_TAN_2_5_1_characters_and_rosters),
        cmocka_unit_test(test_TAN_2_7_tokens),
        cmocka_unit_test(test_adjacency_is_sorted_and_marks_shared_colours),
        cmocka_unit_test(test_EX_17_line_of_sight_and_path_distance),
        cmocka_unit_test(
            test_TAN_2_4_4_path_distance_is_symmetric_and_off_path_circles_see_nothing),
        cmocka_unit_test(test_TAN_2_4_5_walking_distance),
        cmocka_unit_test(test_TAN_3_9_4_capture_the_flag_sides),
        cmocka_unit_test(test_TAN_3_9_1_crate_sites_and_tokens_per_mode),
        cmocka_unit_test(test_derive_again_for_another_mode),
        cmocka_unit_test(test_custom_board_from_the_content_guide),
        cmocka_unit_test(test_TAN_2_7_1_every_problem_of_a_file_is_reported),
        cmocka_unit_test(test_validate_file_that_cannot_be_read),
        cmocka_unit_test(test_validate_file_accepts_each_sample_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
