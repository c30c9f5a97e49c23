/* tabletop — game records: save, load and replay.
 *
 * A record is JSON (version 2): game, parameters, content hash, seed, the
 * actions in text form (those outside the turn order with their player), the
 * rigged outcomes with the position they came at, and the hash of the final
 * state. Loading one replays it; a record that does
 * not reproduce its game is refused, naming the first entry that fails. */
#ifndef TABLETOP_REPLAY_H
#define TABLETOP_REPLAY_H

#include <stdint.h>

#include "tabletop/game.h"

typedef struct tt_record tt_record;

/* A new, empty record for a game started from `seed`. NULL when out of memory. */
tt_record *tt_record_new(const tt_game *game, uint64_t seed);
void tt_record_free(tt_record *rec);

/* Appends one entry; TT_OK or TT_ENOMEM. An action entry may hold several
 * actions, one per line (what tt_apply_text_canon reports for a compound);
 * they are saved as separate actions and popped together. */
int tt_record_add_action(tt_record *rec, const char *text);
int tt_record_add_rig(tt_record *rec, const char *what, const char *values);
/* An action outside the turn order (its canonical text) and its player. */
int tt_record_add_offturn(tt_record *rec, const tt_game *game, int player, const char *text);
/* Removes the last entry (undo); returns 0 when there was none. */
int tt_record_pop(tt_record *rec);
/* Entries as they were added (what tt_record_pop takes back one by one). */
int tt_record_length(const tt_record *rec);
/* Entries as saved: every action (in or outside the turn order) and rig counted once. */
int tt_record_count(const tt_record *rec);
uint64_t tt_record_seed(const tt_record *rec);
const char *tt_record_game(const tt_record *rec);
const char *tt_record_params(const tt_record *rec);

/* Writes the record with the hash of `final` (the state it led to). */
int tt_record_save(const tt_record *rec, const tt_game *game, const tt_state *final,
                   const char *path, tt_error *err);

/* Reads a record; on success *out owns it. */
int tt_record_load(const char *path, tt_record **out, tt_error *err);

/* Called after each replayed entry: its index and text, the state it led to
 * and its events. */
typedef void (*tt_replay_step_fn)(void *ctx, int index, const char *text, const tt_game *game,
                                  const tt_state *state, const tt_events *events);

/* Loads the record's game and replays every entry. On success *game_out and
 * *state_out (malloc'd, tt_state_size bytes) belong to the caller; on failure
 * both are NULL and err names the first entry that failed, or the mismatch.
 * Every file the record's parameters name must pass `files` (tabletop/files.h;
 * NULL allows all). */
int tt_record_replay_within(const tt_record *rec, const tt_files *files, tt_game **game_out,
                            tt_state **state_out, tt_replay_step_fn step, void *ctx, tt_error *err);
/* Replays every entry on `game`, a game already loaded as the record says (a
 * caller that keeps games loaded need not load one per record): its name,
 * parameters and content hash must be the record's, else TT_EREPLAY names the
 * difference. On success *state_out (malloc'd, tt_state_size bytes) belongs to
 * the caller; on failure it is NULL and err says why, as for
 * tt_record_replay_within. The game is only read. */
int tt_record_replay_on(const tt_record *rec, const tt_game *game, tt_state **state_out,
                        tt_replay_step_fn step, void *ctx, tt_error *err);
/* As tt_record_replay_within with no restriction on the files the record's
 * parameters name. */
int tt_record_replay(const tt_record *rec, tt_game **game_out, tt_state **state_out,
                     tt_replay_step_fn step, void *ctx, tt_error *err);

#endif
