/* Compressed adjacency lists and breadth-first distances; see graph.h.
 *
 * Building is a counting sort of the edge ends followed by an insertion sort
 * of each (short) neighbour list. The search keeps its queue on the stack:
 * at most TT_GRAPH_MAX_V vertices ever wait in it (2 KB). */
#include <string.h>

#include "core/graph.h"

void tt_graph_build(int nv, int nedges, const uint16_t *ea, const uint16_t *eb, uint32_t *first,
                    uint16_t *deg, uint16_t *adj)
{
    memset(deg, 0, (size_t)nv * sizeof *deg);
    for (int i = 0; i < nedges; i++) {
        deg[ea[i]]++;
        deg[eb[i]]++;
    }
    uint32_t at = 0;
    for (int v = 0; v < nv; v++) {
        first[v] = at;
        at += deg[v];
    }
    uint32_t fill[TT_GRAPH_MAX_V];
    memcpy(fill, first, (size_t)nv * sizeof *fill);
    for (int i = 0; i < nedges; i++) {
        adj[fill[ea[i]]++] = eb[i];
        adj[fill[eb[i]]++] = ea[i];
    }
    for (int v = 0; v < nv; v++) {
        uint16_t *list = adj + first[v];
        for (int j = 1; j < deg[v]; j++) {
            uint16_t x = list[j];
            int k = j;
            for (; k > 0 && list[k - 1] > x; k--)
                list[k] = list[k - 1];
            list[k] = x;
        }
    }
}

int tt_graph_bfs(const tt_graph *g, const uint8_t *mask, int src, uint16_t *dist)
{
    for (int v = 0; v < g->nv; v++)
        dist[v] = TT_GRAPH_FAR;
    if (src < 0 || src >= g->nv || (mask && !mask[src]))
        return 0;
    uint16_t queue[TT_GRAPH_MAX_V];
    int head = 0, tail = 0;
    dist[src] = 0;
    queue[tail++] = (uint16_t)src;
    while (head < tail) {
        int v = queue[head++];
        const uint16_t *list = g->adj + g->first[v];
        for (int j = 0; j < g->deg[v]; j++) {
            int w = list[j];
            if (dist[w] != TT_GRAPH_FAR || (mask && !mask[w]))
                continue;
            dist[w] = (uint16_t)(dist[v] + 1);
            queue[tail++] = (uint16_t)w;
        }
    }
    return tail;
}
