/* tabletop — views: what one viewer may know, as JSON, and a terminal picture.
 *
 * A view is built from public state plus the viewer's own secrets and nothing
 * else; front ends send a player only this. */
#ifndef TABLETOP_VIEW_H
#define TABLETOP_VIEW_H

#include "tabletop/game.h"

#define TT_VIEW_SPECTATOR (-2)
#define TT_VIEW_ALL (-3) /* omniscient: debugging and replays */

/* The view as one line of JSON. Returns a malloc'd string the caller frees,
 * or NULL when out of memory. */
char *tt_view_json(const tt_game *game, const tt_state *state, int viewer);

/* The view as a readable multi-line picture for a terminal. Caller frees. */
char *tt_view_text(const tt_game *game, const tt_state *state, int viewer);

/* Viewer index from "0", "invader", "spectator", "all"; or -100 if unknown. */
int tt_viewer_parse(const tt_game *game, const char *text);

#endif
