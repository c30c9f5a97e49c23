/* The screen of `tabletop play`: what a person sees at each decision.
 *
 * A screen reads, top to bottom: a line naming who decides; the map
 * (TT_TEXT_MAP), when it changed since this seat last saw it; the status
 * (TT_TEXT_STATUS), when it changed; what happened since this seat last
 * decided; the decision (TT_TEXT_DECISION) and the legal actions, numbered,
 * in columns. What changed and what to decide come last, near the prompt.
 * Every line is wrapped at the terminal's width (a map's lines are cut, not
 * wrapped), and the screen is kept within its height: older narration gives
 * way first (`log` shows it), then a changed map (`map` draws it).
 *
 * Everything that happens is kept in a log of events and notes, told to each
 * person's seat from where it last looked and as that seat may see it (so in
 * hot-seat each person reads only his own narration); with no person at the
 * table it is told at once, as it happens, omniscient. A decision with one
 * possible answer that tells nobody anything (tt_decision_forced) is taken
 * for the person with a note saying so. */
#ifndef TT_CLI_PLAY_SCREEN_H
#define TT_CLI_PLAY_SCREEN_H

#include <stdio.h>

#include "tabletop/tt.h"

typedef struct play_screen play_screen;

/* A screen for `game` where the seats in `humans` (a bit each) are people;
 * NULL when out of memory. Free it with play_screen_free. */
play_screen *play_screen_new(const tt_game *game, unsigned humans);
void play_screen_free(play_screen *sc);

/* The terminal's width and height: the window's size when stdout is a
 * terminal, else COLUMNS and LINES, else 100 and 40. */
int play_screen_width(void);
int play_screen_height(void);

/* Prints text with every line wrapped at width (continuations indented four
 * more than their line), trailing blanks dropped. */
void play_screen_wrap(FILE *out, const char *text, int width);

/* Keeps what an apply emitted; with nobody at the table, narrates it at once
 * as the omniscient viewer sees it. */
void play_screen_events(play_screen *sc, const tt_events *ev);

/* Keeps how long an AI seat thought, told after what it did. */
void play_screen_thought(play_screen *sc, int player, const tt_ai_stats *st);

/* When the decision of person p is forced (tt_decision_forced, watched by the
 * other people at the table), sets *action to its one answer, notes that it
 * is taken for him, and returns 1; 0 otherwise. The caller applies it. */
int play_screen_forced(play_screen *sc, const tt_state *state, int p, tt_action *action);

/* How far the log has gone, and back to there (a decision undone): what was
 * told since is forgotten. */
size_t play_screen_mark(const play_screen *sc);
void play_screen_cut(play_screen *sc, size_t mark);

/* The terminal was cleared (hot-seat, between people): seat p's next screen
 * draws the map and the status again. */
void play_screen_forget(play_screen *sc, int p);

/* Prints the screen of seat p's decision, with the narration as p's seat
 * sees it, and marks it all seen by p. */
void play_screen_show(play_screen *sc, const tt_state *state, int p, const tt_action *legal,
                      int nlegal);

/* Prints the legal actions, numbered, in columns. */
void play_screen_actions(const tt_game *game, const tt_state *state, const tt_action *legal,
                         int nlegal);

/* Prints at once what seat p has not seen yet (after an action outside the
 * turn order, answered while p still decides). */
void play_screen_news(play_screen *sc, int p);

/* `board`: the whole picture and the actions; `map`: the map (or says there
 * is none); `log`: the narration of seat p's latest screen in full, or with
 * "all" the whole game's. */
void play_screen_board(play_screen *sc, const tt_state *state, int p, const tt_action *legal,
                       int nlegal);
void play_screen_map(play_screen *sc, const tt_state *state, int p);
void play_screen_log(play_screen *sc, int p, const char *arg);

/* At the end: what the person who looked least recently has not seen yet,
 * as `viewer` sees it (the spectator in hot-seat, where all may be looking),
 * then the final table. */
void play_screen_end(play_screen *sc, const tt_state *state, int viewer);

#endif
