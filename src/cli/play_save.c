/* The record of a game at the terminal: `save FILE`, `--load FILE` and fair
 * `undo` (see play.h).
 *
 * The history mirrors the tt_record entry for entry: step i is record entry
 * i, with the state before it, so undo restores a state by one memcpy and
 * pops the record in step. Whether an undo is fair is not decided here but by
 * tt_undo_check (tabletop/undo.h), the same for every game; this file only
 * finds the person's last decision and carries the answer out. A game loaded
 * from a file is replayed through tt_record_replay and its history rebuilt on
 * the way, so it is saved and undone as if it had been played here. */
#include <stdlib.h>
#include <string.h>

#include "cli/play.h"

/* Steps that are not one person's decision: a rig, or an action outside the
 * turn order read from a file (the record keeps its player's name, not the
 * index this history needs). No undo reaches past one. */
#define NOT_A_DECISION (-1)

int play_history_new(play_history *h, const tt_game *game, uint64_t seed)
{
    memset(h, 0, sizeof *h);
    h->game = game;
    h->sz = tt_state_size(game);
    h->rec = tt_record_new(game, seed);
    return h->rec ? CLI_OK : cli_error(CLI_REFUSED, "out of memory");
}

void play_history_fini(play_history *h)
{
    for (int i = 0; i < h->n; i++)
        free(h->step[i].text);
    free(h->step);
    free(h->before);
    tt_record_free(h->rec);
    memset(h, 0, sizeof *h);
}

static int grow(play_history *h)
{
    if (h->n < h->cap)
        return 0;
    int cap = h->cap ? h->cap * 2 : 64;
    play_step *step = realloc(h->step, (size_t)cap * sizeof *step);
    if (step)
        h->step = step;
    unsigned char *before = step ? realloc(h->before, (size_t)cap * h->sz) : NULL;
    if (!before)
        return -1;
    h->before = before;
    h->cap = cap;
    return 0;
}

/* Adds step n (not yet in the record). */
static int push(play_history *h, const void *before, int player, int how, const char *text,
                size_t mark)
{
    char *copy = strdup(text);
    if (!copy || grow(h)) {
        free(copy);
        return -1;
    }
    h->step[h->n] = (play_step){player, how == PLAY_OFFTURN, how == PLAY_FORCED, mark, copy};
    memcpy(h->before + (size_t)h->n * h->sz, before, h->sz);
    h->n++;
    return 0;
}

int play_history_add(play_history *h, const tt_state *before, int player, int how, const char *text,
                     size_t mark)
{
    int offturn = how == PLAY_OFFTURN;
    if (push(h, before, player, how, text, mark))
        return cli_error(CLI_REFUSED, "out of memory: the game's record stops here");
    int rc = offturn ? tt_record_add_offturn(h->rec, h->game, player, text)
                     : tt_record_add_action(h->rec, text);
    if (rc != TT_OK) {
        free(h->step[--h->n].text);
        return cli_error(CLI_REFUSED, "out of memory: the game's record stops here");
    }
    return CLI_OK;
}

void play_history_save(const play_history *h, const tt_state *state, const char *path)
{
    tt_error err;
    char buf[400];
    if (!*path) {
        printf("refused: save wants a file name (save game.json)\n");
    } else if (tt_record_save(h->rec, h->game, state, path, &err) != TT_OK) {
        printf("refused: %s\n", tt_error_text(&err, buf, sizeof buf));
    } else {
        int n = tt_record_count(h->rec);
        printf("saved to %s (%d action%s); resume with: tabletop play %s --load %s\n", path, n,
               n == 1 ? "" : "s", tt_game_name(h->game), path);
    }
}

/* The steps k..n-1 as decisions for tt_undo_check; NULL when out of memory. */
static tt_decision *decisions(const play_history *h, int k)
{
    tt_decision *d = malloc((size_t)(h->n - k) * sizeof *d);
    for (int i = k; d && i < h->n; i++)
        d[i - k] = (tt_decision){h->step[i].player, h->step[i].text, h->step[i].offturn};
    return d;
}

/* The canonical texts of a step on one line, ", " between them, into buf. */
static const char *one_line(const char *text, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = '\0';
    for (const char *t = text; *t && at < n;) {
        size_t len = strcspn(t, "\n");
        at += (size_t)snprintf(buf + at, n - at, "%s%.*s", at ? ", " : "", (int)len, t);
        t += len + (t[len] == '\n');
    }
    return buf;
}

int play_history_undo(play_history *h, tt_state *state, play_screen *sc, int p)
{
    int k = h->n - 1;
    while (k >= 0 && (h->step[k].player != p || h->step[k].forced))
        k--;
    if (k < 0) {
        char who[64];
        int plural;
        tt_player_title(h->game, p, who, sizeof who, &plural);
        printf("refused: nothing to undo: %s %s taken no decision yet\n", who,
               plural ? "have" : "has");
        return 0;
    }
    for (int i = k + 1; i < h->n; i++)
        if (h->step[i].player == NOT_A_DECISION) {
            printf("refused: cannot undo: the record holds an action outside the turn order "
                   "since\n");
            return 0;
        }
    tt_decision *d = decisions(h, k);
    tt_error why;
    int rc = d ? tt_undo_check(h->game, (const tt_state *)(h->before + (size_t)k * h->sz), d,
                               h->n - k, p, &why)
               : TT_ENOMEM;
    free(d);
    if (rc != TT_OK) {
        printf("refused: cannot undo: %s\n", rc == TT_ENOMEM ? "out of memory" : why.msg);
        return 0;
    }
    char buf[400];
    memcpy(state, h->before + (size_t)k * h->sz, h->sz);
    play_screen_cut(sc, h->step[k].mark);
    printf("undone: %s\n", one_line(h->step[k].text, buf, sizeof buf));
    while (h->n > k) {
        tt_record_pop(h->rec);
        free(h->step[--h->n].text);
    }
    return 1;
}

/* --- resuming a saved game --------------------------------------------------------- */

typedef struct load_ctx {
    play_history *h;
    unsigned char *prev; /* the state before the entry just replayed */
    uint64_t seed;
    int oom;
} load_ctx;

/* Who took an entry that led from prev: the player to move, unless it is a
 * rig ("") or an action outside the turn order. */
static int decider(const tt_game *game, const tt_state *prev, const char *text)
{
    char first[TT_ACTION_TEXT_MAX];
    tt_action a;
    snprintf(first, sizeof first, "%.*s", (int)strcspn(text, "\n"), text);
    if (!*text || tt_action_parse(game, prev, first, &a, NULL) != TT_OK || tt_action_is_offturn(a))
        return NOT_A_DECISION;
    return tt_to_move(game, prev);
}

static void load_step(void *vctx, int index, const char *text, const tt_game *game,
                      const tt_state *state, const tt_events *events)
{
    load_ctx *c = vctx;
    (void)events;
    if (c->oom)
        return;
    if (index == 0) {
        c->h->sz = tt_state_size(game);
        c->prev = malloc(c->h->sz);
        if (!c->prev) {
            c->oom = 1;
            return;
        }
        tt_state_init(game, (tt_state *)c->prev, c->seed);
    }
    int who = decider(game, (const tt_state *)c->prev, text);
    if (push(c->h, c->prev, who, who == NOT_A_DECISION && *text ? PLAY_OFFTURN : PLAY_IN_TURN, text,
             0))
        c->oom = 1;
    else
        memcpy(c->prev, state, c->h->sz);
}

void play_history_mark_forced(play_history *h, unsigned humans)
{
    char text[TT_ACTION_TEXT_MAX];
    for (int i = 0; i < h->n; i++) {
        play_step *st = &h->step[i];
        const tt_state *before = (const tt_state *)(h->before + (size_t)i * h->sz);
        tt_action a;
        if (st->player >= 0 && !st->offturn && (humans >> st->player & 1) &&
            tt_decision_forced(h->game, before, humans & ~(1u << st->player), &a) &&
            tt_action_format(h->game, before, a, text, sizeof text) == TT_OK)
            st->forced = strcmp(text, st->text) == 0;
    }
}

int play_history_load(play_history *h, const char *name, const char *path, tt_game **game,
                      tt_state **state)
{
    tt_record *rec;
    tt_error err;
    char buf[400];
    memset(h, 0, sizeof *h);
    *game = NULL;
    *state = NULL;
    if (tt_record_load(path, &rec, &err) != TT_OK)
        return cli_error(CLI_REFUSED, "%s", tt_error_text(&err, buf, sizeof buf));
    if (strcmp(tt_record_game(rec), name) != 0) {
        int rc = cli_error(CLI_REFUSED,
                           "%s is a record of %s, not of %s: play it with 'tabletop "
                           "play %s --load %s'",
                           path, tt_record_game(rec), name, tt_record_game(rec), path);
        tt_record_free(rec);
        return rc;
    }
    load_ctx c = {h, NULL, tt_record_seed(rec), 0};
    int rc = tt_record_replay(rec, game, state, load_step, &c, &err);
    free(c.prev);
    if (rc != TT_OK || c.oom) {
        play_history_fini(h);
        tt_record_free(rec);
        free(*state);
        tt_game_free(*game);
        *game = NULL;
        *state = NULL;
        return cli_error(CLI_REFUSED, "%s: %s", path,
                         rc ? tt_error_text(&err, buf, sizeof buf) : "out of memory");
    }
    h->game = *game;
    h->sz = tt_state_size(*game);
    h->rec = rec;
    return CLI_OK;
}
