/* Small undirected graphs in compressed adjacency form, and breadth-first
 * distances over them: map graphs of board games (circles and links).
 *
 * Vertices are 0..nv-1 with nv <= TT_GRAPH_MAX_V, so a vertex fits a byte and
 * a distance too (TT_GRAPH_FAR: unreachable). The neighbours of v are
 * adj[first[v] .. first[v] + deg[v]), in ascending order. The caller owns all
 * arrays; nothing here allocates. Loading and derived tables only. */
#ifndef TT_CORE_GRAPH_H
#define TT_CORE_GRAPH_H

#include <stdint.h>

#define TT_GRAPH_MAX_V 255
#define TT_GRAPH_FAR 0xFF

typedef struct tt_graph {
    int nv;
    const uint16_t *first; /* nv entries */
    const uint8_t *deg;    /* nv entries */
    const uint8_t *adj;    /* sum of deg entries (twice the edges) */
} tt_graph;

/* Fills first/deg/adj (nv, nv and 2 * nedges entries) from the edge list
 * ea[i]–eb[i]; each vertex's neighbours sorted ascending. Edges are taken as
 * given: a repeated edge appears twice. */
void tt_graph_build(int nv, int nedges, const uint8_t *ea, const uint8_t *eb, uint16_t *first,
                    uint8_t *deg, uint8_t *adj);

/* Hop distances from src: dist[v] (nv entries) is the least number of edges
 * on a route from src to v that visits only vertices with mask[v] != 0 (mask
 * NULL: every vertex), or TT_GRAPH_FAR. When src itself is outside the mask
 * every distance is TT_GRAPH_FAR. Returns the number of vertices reached
 * (src included). */
int tt_graph_bfs(const tt_graph *g, const uint8_t *mask, int src, uint8_t *dist);

#endif
