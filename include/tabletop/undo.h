/* tabletop — fair undo: may a player take back his last decision?
 *
 * At a table (the terminal, a web game) a player may take back a slip of the
 * hand, but only where taking it back cannot be used to learn something or to
 * try a random outcome again. A decision may be taken back when, since it:
 *   - no other player decided (he would have to decide again, knowing more);
 *   - no random outcome was drawn (the state's generator did not move: no die
 *     rolled, no deck shuffled);
 *   - nothing was revealed to anyone: no event was shown to a player other
 *     than the decider alone, and what each player can see afterwards follows
 *     from what he saw before (the decider drew no card from a hidden deck and
 *     learned nothing hidden; no other player learned a card from a hand).
 * The protocol's `undo` is an analysis tool and takes back anything. */
#ifndef TABLETOP_UNDO_H
#define TABLETOP_UNDO_H

#include "tabletop/game.h"

/* One decision as a record keeps it: who took it and the canonical text of
 * each atomic action it applied, one per line (tt_apply_text_as reports
 * them), in or outside the turn order. */
typedef struct tt_decision {
    int player;
    const char *text;
    int offturn; /* 1: an action outside the turn order (concede, offer_draw) */
} tt_decision;

/* May `player` take back since[0], his decision taken in state `before`, given
 * every decision taken since (since[0..n-1], in order)? TT_OK when he may;
 * TT_EILLEGAL with the reason in why->msg, one line, when he may not ("Mankind
 * has decided since", "the Austrians have decided since", "a random outcome
 * was drawn since (dice rolled or cards shuffled)", "it showed you what was
 * hidden: Mankind draws Deep Vault Complex", "it showed the Invader what was
 * hidden: Mankind plays Deep Vault Complex (discard 3)", "the game is over";
 * players by their titles, tt_player_title): the event named is told as
 * `player` may read it, so the reason shows him nothing of another's. TT_EARG
 * when since[0] is not his or a decision does not apply to `before`.
 * `before` is unchanged. Not for the playout path: it replays the decisions
 * and compares views of determinized copies. */
int tt_undo_check(const tt_game *game, const tt_state *before, const tt_decision *since, int n,
                  int player, tt_error *why);

/* The same, where the players of the bit set `consent` (bit p: player p)
 * agreed to take their decisions since back too: theirs are no reason to
 * refuse; nothing revealed and nothing random drawn still are. */
int tt_undo_check_with(const tt_game *game, const tt_state *before, const tt_decision *since, int n,
                       int player, unsigned consent, tt_error *why);

#endif
