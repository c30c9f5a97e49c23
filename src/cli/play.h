/* `tabletop play`: the parts of a game at the terminal that the loop in
 * cmd_play.c drives — reading a person's lines, who reads which narration
 * (hot-seat privacy), and the game's record (save, resume, fair undo).
 *
 * Each part owns its memory; the loop owns the game and the state. Nothing
 * here is on a playout path. */
#ifndef TT_CLI_PLAY_H
#define TT_CLI_PLAY_H

#include "cli/cli.h"
#include "cli/play_screen.h"

/* --- reading a person's lines (play_line.c) ------------------------------- */

typedef struct play_input {
    int tty;  /* stdin is a terminal: the line editor, with history */
    int echo; /* stdin is not: echo each line read, so the output reads as a session */
} play_input;

void play_input_init(play_input *in);
void play_input_fini(play_input *in);

/* Shows `prompt` and reads one line into buf (n bytes) without its newline.
 * Returns 0 at end of input. A line too long for buf is returned as "" with
 * *too_long set. At a terminal the arrows recall and edit earlier lines, and
 * every line that is not empty joins that history. */
int play_read_line(play_input *in, const char *prompt, char *buf, size_t n, int *too_long);

/* --- who is at the screen (play_seat.c) --------------------------------- */

/* What each person reads is told by the screen (play_screen.c): the log of
 * the game, narrated for his own seat from where he last looked. With two or
 * more people at one terminal (hot-seat) the screen is also cleared between
 * them and the next one asked for by name, so nobody reads another's screen. */
typedef struct play_table {
    const tt_game *game;
    int hotseat; /* two or more people at the table */
    int viewer;  /* who reads the end: the one person, the spectator in hot-seat, or all */
    int looker;  /* hot-seat: the person at the screen, or -1 */
    int clear;   /* stdout is a terminal: clear it between people */
} play_table;

void play_table_init(play_table *t, const tt_game *game, const cli_seats *seats);

/* Before person p's screen: in hot-seat, when someone else is at the screen,
 * clears it and asks for p ("pass to mankind, then press Enter"). Returns 1
 * when the screen changed hands (p's screen is drawn anew), 0 when it did
 * not, -1 when the input ends or the person at the screen types quit
 * instead. */
int play_table_turn(play_table *t, int p, play_input *in);

/* --- the record: save, resume, fair undo (play_save.c) -------------------- */

/* Each decision taken, with the state before it: what `save` writes and what
 * `undo` takes back. */
/* How a decision was taken. */
enum { PLAY_IN_TURN, PLAY_OFFTURN, PLAY_FORCED /* taken for a person: his only answer */ };

typedef struct play_step {
    int player;  /* who decided (-1: an action outside the turn order, read from a file) */
    int offturn; /* outside the turn order */
    int forced;  /* taken for him (play_screen_forced): undo reaches past it */
    size_t mark; /* play_screen_mark before it */
    char *text;  /* its canonical atomic actions, one per line */
} play_step;

typedef struct play_history {
    const tt_game *game;
    tt_record *rec;
    play_step *step;
    unsigned char *before; /* the state before each step, state_size bytes each */
    size_t sz;
    int n, cap;
} play_history;

/* A history for a new game from `seed`; CLI_OK or CLI_REFUSED (out of memory,
 * printed). */
int play_history_new(play_history *h, const tt_game *game, uint64_t seed);
void play_history_fini(play_history *h);

/* Records a decision of `player` taken in state `before` (`how`: PLAY_…;
 * canonical text, one atomic action per line). CLI_OK, or CLI_REFUSED (out of
 * memory, printed; nothing recorded). */
int play_history_add(play_history *h, const tt_state *before, int player, int how, const char *text,
                     size_t mark);

/* `save FILE`: writes the record with `state` as its final state; prints one
 * line saying where, or why not. */
void play_history_save(const play_history *h, const tt_state *state, const char *path);

/* `undo` by person p: when tt_undo_check allows it, takes back his last
 * decision and the forced ones taken for him since — state restored, record
 * and history shortened, narration cut back — and returns 1; otherwise
 * prints why on one line and returns 0. */
int play_history_undo(play_history *h, tt_state *state, play_screen *sc, int p);

/* After `--load`, once the seats are known (`humans`, a bit per person):
 * marks the steps this table would have taken for a person, his only answer
 * telling nobody anything (tt_decision_forced, as play_screen_forced judges),
 * which a record does not tell apart, so that undo reaches past them as past
 * those taken here. */
void play_history_mark_forced(play_history *h, unsigned humans);

/* `--load FILE` for game `name`: replays the record into *game and *state
 * (the caller frees both) and fills h, so the game goes on, is saved and
 * undone as if played here. CLI_OK, or CLI_REFUSED after printing why (not a
 * record, a record of another game, one that does not replay). */
int play_history_load(play_history *h, const char *name, const char *path, tt_game **game,
                      tt_state **state);

#endif
