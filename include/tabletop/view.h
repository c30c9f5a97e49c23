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

/* The picture in parts, for a screen that shows each part when it matters
 * (`tabletop play` redraws a map only when it changed, and puts what is to
 * decide last, near the prompt). Together the parts hold what a decision
 * needs of the whole picture; they may say it more briefly, and leave to the
 * whole picture what can wait for the asking (Braunau's area names). */
enum {
    TT_TEXT_ALL,     /* the whole picture: tt_view_text */
    TT_TEXT_MAP,     /* a drawing of the board; "" for a game without one */
    TT_TEXT_STATUS,  /* the position in brief, for every decision */
    TT_TEXT_DECISION /* what is to decide now and what is at stake; "" once over */
};

/* One part of the picture for `viewer`, as tt_view_text: malloc'd (the
 * caller frees), NULL when out of memory or for an unknown part. Its lines
 * may be longer than the whole picture's: the screen showing a part wraps it
 * at its own width. */
char *tt_view_text_part(const tt_game *game, const tt_state *state, int viewer, int part);

/* Viewer index from "0", "invader", "spectator", "all"; or -100 if unknown. */
int tt_viewer_parse(const tt_game *game, const char *text);

#endif
