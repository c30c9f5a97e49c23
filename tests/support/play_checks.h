/* Playing a position in a rules test, through the public interface only:
 * the checks every game's fixture makes (tests/support/<game>_fixture.c).
 *
 * Each fails the running cmocka test with a message naming the action, so a
 * test reads as the rules example it replays. */
#ifndef TT_TEST_PLAY_CHECKS_H
#define TT_TEST_PLAY_CHECKS_H

#include "tabletop/tt.h"

/* The game's sanity checker passes. */
void chk_sane(const tt_game *g, const tt_state *s);
/* Applies text (a compound too), which must be accepted; its events go into
 * ev (cleared first; none may be dropped); then chk_sane. */
void chk_apply(const tt_game *g, tt_state *s, tt_events *ev, const char *text);
/* text must be refused as illegal by `rule`, with a message starting "code:"
 * when code is not NULL, and leave the state's bytes unchanged. */
void chk_refused(const tt_game *g, tt_state *s, const char *text, const char *code,
                 const char *rule);
/* How many events of type ev holds. */
int chk_events(const tt_events *ev, int type);
/* Is text, exactly, the canonical text of a legal action now? */
int chk_offered(const tt_game *g, const tt_state *s, const char *text);

#endif
