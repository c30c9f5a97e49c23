/* Checking what each viewer is shown, through the public interface only:
 * tt_view_json, tt_view_text and tt_event_text. The leak tests prove that a
 * view never shows too much; these checks prove that it shows enough — that
 * the viewers a rule names are shown a fact, with its exact value, and that
 * the viewers it does not name are not.
 *
 * A JSON value is named by a path of components separated by dots: an object
 * key ("players"), an array index ("0"), or key=value, the first element of
 * an array whose member `key` is the string `value` ("units.id=cov_varga.vp"
 * is the vp of the unit whose id is "cov_varga"). An expected value is the
 * compact JSON text of the value ("3", "\"EU\"", "[\"a\",\"b\"]", "null").
 *
 * Viewers are a game's players (0..n-1), TT_VIEW_SPECTATOR and TT_VIEW_ALL.
 * A mask names players by bit (1u << player); the omniscient view is always
 * among those shown a fact, the spectator never among those shown a secret.
 * Every check fails the running cmocka test with a message naming the
 * viewer, the path and what was found. */
#ifndef TT_TEST_VIEW_CHECKS_H
#define TT_TEST_VIEW_CHECKS_H

#include "tabletop/tt.h"

#define VC_PLAYER(p) (1u << (p))

/* viewer's JSON view holds `expected` at path. */
void vc_is(const tt_game *g, const tt_state *s, int viewer, const char *path, const char *expected);
/* viewer's JSON view holds nothing at path: the key is absent or null, or no
 * array element matches. */
void vc_hidden(const tt_game *g, const tt_state *s, int viewer, const char *path);
/* Every player, the spectator and the omniscient view hold `expected` at path. */
void vc_public(const tt_game *g, const tt_state *s, const char *path, const char *expected);
/* The players of `mask` and the omniscient view hold `expected` at path;
 * every other player and the spectator hold nothing there. */
void vc_only(const tt_game *g, const tt_state *s, unsigned mask, const char *path,
             const char *expected);

/* What the players of `mask` have learnt (an intel report): they hold
 * `expected` at path; every other player and the spectator hold nothing
 * there. The omniscient view, which holds the truth rather than what anyone
 * learnt, is not read. */
void vc_learnt(const tt_game *g, const tt_state *s, unsigned mask, const char *path,
               const char *expected);

/* viewer's text view contains (lacks) needle. */
void vc_text_has(const tt_game *g, const tt_state *s, int viewer, const char *needle);
void vc_text_lacks(const tt_game *g, const tt_state *s, int viewer, const char *needle);
/* Every viewer's text view contains needle. */
void vc_text_public(const tt_game *g, const tt_state *s, const char *needle);
/* The text views of the players of `mask` and the omniscient one contain
 * needle; the others' lack it. */
void vc_text_only(const tt_game *g, const tt_state *s, unsigned mask, const char *needle);

/* The narration of events for viewer contains (lacks) needle. */
void vc_story_has(const tt_game *g, const tt_events *ev, int viewer, const char *needle);
void vc_story_lacks(const tt_game *g, const tt_events *ev, int viewer, const char *needle);
/* The narration of events for every viewer contains needle. */
void vc_story_public(const tt_game *g, const tt_events *ev, const char *needle);
/* The narration for the players of `mask` and the omniscient viewer
 * contains needle; for the others it does not. */
void vc_story_only(const tt_game *g, const tt_events *ev, unsigned mask, const char *needle);

#endif
