/* Graphs (src/core/graph.h): compressed adjacency lists with sorted
 * neighbours, and breadth-first distances restricted to a vertex mask.
 *
 * The test graph: a ring 0-1-2-3-4-5-0 with a chord 1-4, and a lone vertex 6. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/graph.h"

#define NV 7
#define NE 7

static const uint8_t ea[NE] = {0, 1, 2, 3, 4, 5, 4};
static const uint8_t eb[NE] = {1, 2, 3, 4, 5, 0, 1};

typedef struct fixture {
    uint16_t first[NV];
    uint8_t deg[NV];
    uint8_t adj[2 * NE];
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
    uint8_t dist[NV];
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
    uint8_t dist[NV];
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_build_sorts_each_neighbour_list),
        cmocka_unit_test(test_bfs_counts_hops_and_leaves_the_unreachable_far),
        cmocka_unit_test(test_bfs_stays_inside_the_mask),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
