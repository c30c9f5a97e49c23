/* Graphs (src/core/graph.h): compressed adjacency lists with sorted
 * neighbours, and breadth-first distances restricted to a vertex mask.
 *
 * The small test graph: a ring 0-1-2-3-4-5-0 with a chord 1-4, and a lone
 * vertex 6. Two large ones need ids, offsets and degrees past a byte: a path
 * of 1,000 vertices and a star of 1,024. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/graph.h"

#define NV 7
#define NE 7

static const uint16_t ea[NE] = {0, 1, 2, 3, 4, 5, 4};
static const uint16_t eb[NE] = {1, 2, 3, 4, 5, 0, 1};

typedef struct fixture {
    uint32_t first[NV];
    uint16_t deg[NV];
    uint16_t adj[2 * NE];
    tt_graph g;
} fixture;

static void build(fixture *f)
{
    tt_graph_build(NV, NE, ea, eb, f->first, f->deg, f->adj);
    f->g = (tt_graph){NV, f->first, f->deg, f->adj};
}

static void test_build_sorts_each_neighbour_list(void **state)
{
    (void)state;
    fixture f;
    build(&f);
    assert_int_equal(f.deg[1], 3);
    assert_int_equal(f.adj[f.first[1]], 0);
    assert_int_equal(f.adj[f.first[1] + 1], 2);
    assert_int_equal(f.adj[f.first[1] + 2], 4);
    assert_int_equal(f.deg[0], 2);
    assert_int_equal(f.adj[f.first[0]], 1);
    assert_int_equal(f.adj[f.first[0] + 1], 5);
    assert_int_equal(f.deg[6], 0);
}

static void test_bfs_counts_hops_and_leaves_the_unreachable_far(void **state)
{
    (void)state;
    fixture f;
    build(&f);
    uint16_t dist[NV];
    assert_int_equal(tt_graph_bfs(&f.g, NULL, 0, dist), 6);
    assert_int_equal(dist[0], 0);
    assert_int_equal(dist[1], 1);
    assert_int_equal(dist[4], 2); /* through the chord */
    assert_int_equal(dist[3], 3);
    assert_int_equal(dist[6], TT_GRAPH_FAR);
}

static void test_bfs_stays_inside_the_mask(void **state)
{
    (void)state;
    fixture f;
    build(&f);
    uint16_t dist[NV];
    /* without vertex 1 the way from 0 to 3 goes round by 5 and 4 */
    const uint8_t mask[NV] = {1, 0, 1, 1, 1, 1, 1};
    assert_int_equal(tt_graph_bfs(&f.g, mask, 0, dist), 5);
    assert_int_equal(dist[3], 3);
    assert_int_equal(dist[2], 4);
    assert_int_equal(dist[1], TT_GRAPH_FAR);
    /* a source outside the mask reaches nothing */
    assert_int_equal(tt_graph_bfs(&f.g, mask, 1, dist), 0);
    assert_int_equal(dist[1], TT_GRAPH_FAR);
    assert_int_equal(dist[0], TT_GRAPH_FAR);
}

#define BIG TT_GRAPH_MAX_V

typedef struct big_fixture {
    uint16_t ea[BIG], eb[BIG];
    uint32_t first[BIG];
    uint16_t deg[BIG];
    uint16_t adj[2 * BIG];
    uint16_t dist[BIG];
    uint8_t mask[BIG];
    tt_graph g;
} big_fixture;

/* The path 0-1-…-(nv-1), its edges listed from the far end so the build has
 * to sort. */
static void build_path(big_fixture *f, int nv)
{
    for (int i = 0; i < nv - 1; i++) {
        f->ea[i] = (uint16_t)(nv - 1 - i);
        f->eb[i] = (uint16_t)(nv - 2 - i);
    }
    tt_graph_build(nv, nv - 1, f->ea, f->eb, f->first, f->deg, f->adj);
    f->g = (tt_graph){nv, f->first, f->deg, f->adj};
}

static void test_a_1000_vertex_path_has_exact_distances(void **state)
{
    (void)state;
    static big_fixture f;
    build_path(&f, 1000);
    assert_int_equal(f.deg[0], 1);
    assert_int_equal(f.deg[500], 2);
    assert_int_equal(f.first[999], 1997);
    assert_int_equal(f.adj[f.first[500]], 499);
    assert_int_equal(f.adj[f.first[500] + 1], 501);
    assert_int_equal(f.adj[f.first[999]], 998);
    /* from one end every vertex is as far as its number, well past 255 */
    assert_int_equal(tt_graph_bfs(&f.g, NULL, 0, f.dist), 1000);
    for (int v = 0; v < 1000; v++)
        assert_int_equal(f.dist[v], v);
    /* from the middle */
    assert_int_equal(tt_graph_bfs(&f.g, NULL, 300, f.dist), 1000);
    assert_int_equal(f.dist[0], 300);
    assert_int_equal(f.dist[300], 0);
    assert_int_equal(f.dist[999], 699);
    /* a vertex outside the mask cuts the path: beyond it all is far */
    for (int v = 0; v < 1000; v++)
        f.mask[v] = v != 700;
    assert_int_equal(tt_graph_bfs(&f.g, f.mask, 0, f.dist), 700);
    assert_int_equal(f.dist[699], 699);
    assert_int_equal(f.dist[700], TT_GRAPH_FAR);
    assert_int_equal(f.dist[999], TT_GRAPH_FAR);
}

static void test_a_star_of_max_vertices_has_a_wide_centre(void **state)
{
    (void)state;
    static big_fixture f;
    /* centre 1023, leaves 0..1022, listed in descending order */
    for (int i = 0; i < BIG - 1; i++) {
        f.ea[i] = BIG - 1;
        f.eb[i] = (uint16_t)(BIG - 2 - i);
    }
    tt_graph_build(BIG, BIG - 1, f.ea, f.eb, f.first, f.deg, f.adj);
    f.g = (tt_graph){BIG, f.first, f.deg, f.adj};
    assert_int_equal(f.deg[BIG - 1], BIG - 1);
    assert_int_equal(f.first[BIG - 1], BIG - 1);
    for (int j = 0; j < BIG - 1; j++)
        assert_int_equal(f.adj[f.first[BIG - 1] + j], j);
    assert_int_equal(tt_graph_bfs(&f.g, NULL, 0, f.dist), BIG);
    assert_int_equal(f.dist[BIG - 1], 1);
    assert_int_equal(f.dist[0], 0);
    assert_int_equal(f.dist[1022], 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_build_sorts_each_neighbour_list),
        cmocka_unit_test(test_bfs_counts_hops_and_leaves_the_unreachable_far),
        cmocka_unit_test(test_bfs_stays_inside_the_mask),
        cmocka_unit_test(test_a_1000_vertex_path_has_exact_distances),
        cmocka_unit_test(test_a_star_of_max_vertices_has_a_wide_centre),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
