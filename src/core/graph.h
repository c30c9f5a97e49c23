/* Small undirected graphs in compressed adjacency form, and breadth-first
 * distances over them: map graphs of board games (circles and links).
 *
 * Vertices are 0..nv-1 with nv <= TT_GRAPH_MAX_V, so a vertex id, a degree
 * and a distance each fit 16 bits (TT_GRAPH_FAR: unreachable). The
 * neighbours of v are adj[first[v] .. first[v] + deg[v]), in ascending
 * order. first is 32 bits: 1,024 vertices of degree up to 1,023 make
 * 1,047,552 adjacency entries, more than 16 bits can count. The caller owns
 * all arrays; nothing here allocates. Loading and derived tables only: a
 * game that searches its map in play keeps its own narrower tables. */
#ifndef TT_CORE_GRAPH_H
#define TT_CORE_GRAPH_H

#include <stdint.h>

#define TT_GRAPH_MAX_V 1024
#define TT_GRAPH_FAR 0xFFFF

typedef struct tt_graph {
    int nv;
    const uint32_t *first; /* nv entries */
    const uint16_t *deg;   /* nv entries */
    const uint16_t *adj;   /* sum of deg entries (twice the edges) */
} tt_graph;

/* Fills first/deg/adj (nv, nv and 2 * nedges entries) from the edge list
 * ea[i]–eb[i]; each vertex's neighbours sorted ascending. Edges are taken as
 * given: a repeated edge appears twice. No vertex may end more than 65,535
 * edges (a graph without repeated edges never does). */
void tt_graph_build(int nv, int nedges, const uint16_t *ea, const uint16_t *eb, uint32_t *first,
                    uint16_t *deg, uint16_t *adj);

/* Hop distances from src: dist[v] (nv entries) is the least number of edges
 * on a route from src to v that visits only vertices with mask[v] != 0 (mask
 * NULL: every vertex), or TT_GRAPH_FAR. When src itself is outside the mask
 * every distance is TT_GRAPH_FAR. Returns the number of vertices reached
 * (src included). */
int tt_graph_bfs(const tt_graph *g, const uint8_t *mask, int src, uint16_t *dist);

#endif
