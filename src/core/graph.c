/* Compressed adjacency lists and breadth-first distances; see graph.h.
 *
 * Building is a counting sort of the edge ends followed by an insertion sort
 * of each (short) neighbour list. The search keeps its queue on the stack:
 * at most TT_GRAPH_MAX_V vertices ever wait in it. */
#include <string.h>

#include "core/graph.h"

void tt_graph_build(int nv, int nedges, const uint8_t *ea, const uint8_t *eb, uint16_t *first,
                    uint8_t *deg, uint8_t *adj)
{
    memset(deg, 0, (size_t)nv);
    for (int i = 0; i < nedges; i++) {
        deg[ea[i]]++;
        deg[eb[i]]++;
    }
    uint16_t at = 0;
    for (int v = 0; v < nv; v++) {
        first[v] = at;
        at = (uint16_t)(at + deg[v]);
    }
    uint16_t fill[TT_GRAPH_MAX_V];
    memcpy(fill, first, (size_t)nv * sizeof *fill);
    for (int i = 0; i < nedges; i++) {
        adj[fill[ea[i]]++] = eb[i];
        adj[fill[eb[i]]++] = ea[i];
    }
    for (int v = 0; v < nv; v++) {
        uint8_t *list = adj + first[v];
        for (int j = 1; j < deg[v]; j++) {
            uint8_t x = list[j];
            int k = j;
            for (; k > 0 && list[k - 1] > x; k--)
                list[k] = list[k - 1];
            list[k] = x;
        }
    }
}

int tt_graph_bfs(const tt_graph *g, const uint8_t *mask, int src, uint8_t *dist)
{
    memset(dist, TT_GRAPH_FAR, (size_t)g->nv);
    if (src < 0 || src >= g->nv || (mask && !mask[src]))
        return 0;
    uint8_t queue[TT_GRAPH_MAX_V];
    int head = 0, tail = 0;
    dist[src] = 0;
    queue[tail++] = (uint8_t)src;
    while (head < tail) {
        int v = queue[head++];
        const uint8_t *list = g->adj + g->first[v];
        for (int j = 0; j < g->deg[v]; j++) {
            int w = list[j];
            if (dist[w] != TT_GRAPH_FAR || (mask && !mask[w]))
                continue;
            dist[w] = (uint8_t)(dist[v] + 1);
            queue[tail++] = (uint8_t)w;
        }
    }
    return tail;
}
