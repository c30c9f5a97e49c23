/* Fair undo: whether a player may take back his last decision (tabletop/undo.h).
 *
 * The decisions are replayed from `before`, and each is judged on its own:
 * the generator in tt_head must not move, and no player may learn anything
 * hidden. The second is judged through the interface, so every game gets it
 * without code of its own. A player q learned nothing from a decision when,
 * in each of several determinizations for q of the state before it (states q
 * cannot tell from the true one), the decision leads, atomic action by atomic
 * action, to exactly the view q has and the narration q read (tt_event_text
 * with q as viewer, which honours each event's seen set): by the same action
 * when q is the decider (he knows what he did), or else by some legal action
 * (q does not see the decider's hidden choices, only their public part). A
 * card drawn from a hidden deck, a card played from a hand, an event shown to
 * one other player, an agent's hiding place found out: each makes some
 * determinization disagree. The determinizations use fixed seeds, so the
 * answer for a position never changes. Runs only when a person asks to undo:
 * it allocates and builds views, and stays off the playout path. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/rules.h"
#include "tabletop/undo.h"
#include "tabletop/view.h"

#define UNDO_SAMPLES 12
#define UNDO_EVENTS 512
#define UNDO_LINES 32    /* atomic actions in one decision */
#define UNDO_NARR 4096   /* what one player reads of one atomic action */
#define UNDO_DEPTH 4     /* actions the decider may have taken unseen */
#define UNDO_BUDGET 4000 /* actions tried in one such search */

/* What each player saw after one atomic action of the true replay. */
typedef struct sight {
    char *view[TT_MAX_PLAYERS];
    char narr[TT_MAX_PLAYERS][UNDO_NARR];
} sight;

typedef struct judge {
    const tt_game *game;
    int player; /* the decider */
    size_t sz;
    tt_state *alt, *work; /* a determinization, and a scratch copy */
    tt_event evbuf[UNDO_EVENTS];
    char narr[UNDO_NARR];
    int hint; /* the first line q read that a determinization read otherwise, or -1 */
    tt_error *why;
} judge;

/* What q reads of ev (tt_event_text for each event, one per line) into buf. */
static void reads(const tt_game *g, const tt_events *ev, int q, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < ev->n && at + 1 < n; i++) {
        int len = tt_event_text(g, &ev->ev[i], q, buf + at, n - at - 1);
        if (len > 0 && at + (size_t)len + 1 < n) {
            at += (size_t)len;
            buf[at++] = '\n';
            buf[at] = '\0';
        }
    }
}

/* The index of the first line of `want` that `got` does not have in the
 * same place, or -1 when they agree line by line. */
static int first_difference(const char *got, const char *want)
{
    for (int k = 0; *want; k++) {
        size_t lg = strcspn(got, "\n"), lw = strcspn(want, "\n");
        if (lg != lw || memcmp(got, want, lw) != 0)
            return k;
        got += lg + (got[lg] == '\n');
        want += lw + (want[lw] == '\n');
    }
    return -1;
}

/* Applies one atomic action text for `player` to s; TT_OK or a refusal. */
static int apply_line(const tt_game *g, tt_state *s, int player, const char *line, int offturn,
                      tt_events *ev)
{
    tt_action a;
    int rc = tt_action_parse(g, s, line, &a, NULL);
    if (rc != TT_OK)
        return rc;
    return offturn ? tt_offturn_apply(g, s, player, a, ev, NULL) : tt_apply(g, s, a, ev, NULL);
}

/* Whether q sees s as in `want` after the events ev. */
static int same_for(judge *j, const tt_state *s, const tt_events *ev, int q, const sight *want)
{
    reads(j->game, ev, q, j->narr, sizeof j->narr);
    if (strcmp(j->narr, want->narr[q]) != 0)
        return 0;
    char *v = tt_view_json(j->game, s, q);
    int same = v && strcmp(v, want->view[q]) == 0;
    free(v);
    return same;
}

/* Depth-first: whether some sequence of the decider's legal actions, from
 * j->work, each but the last showing q nothing (his view stays `quiet`, he
 * reads nothing), ends where q saw `want`; there it leaves j->alt. `budget`
 * bounds the actions tried: a search that runs out counts as no fit. */
static int search(judge *j, int q, const char *quiet, const sight *want, int depth, int *budget)
{
    const tt_game *g = j->game;
    if (depth == 0 || tt_to_move(g, j->work) != j->player)
        return 0;
    size_t sz = j->sz;
    tt_state *from = malloc(sz);
    tt_action *legal = malloc((size_t)tt_max_actions(g) * sizeof *legal);
    int n = from && legal ? tt_legal(g, j->work, legal) : 0, fits = 0;
    if (from)
        memcpy(from, j->work, sz);
    for (int i = 0; i < n && !fits && (*budget)-- > 0; i++) {
        tt_events ev = {j->evbuf, 0, UNDO_EVENTS, 0};
        memcpy(j->work, from, sz);
        if (tt_apply(g, j->work, legal[i], &ev, NULL) != TT_OK)
            continue;
        fits = same_for(j, j->work, &ev, q, want);
        if (fits) {
            memcpy(j->alt, j->work, sz);
        } else if (!j->narr[0]) {
            char *v = tt_view_json(g, j->work, q);
            if (v && strcmp(v, quiet) == 0)
                fits = search(j, q, quiet, want, depth - 1, budget);
            free(v);
        }
    }
    free(from);
    free(legal);
    return fits;
}

/* Takes alt one atomic action on, to what q saw in `want`: by `line` when it
 * fits, else (q not the decider, who does not see his hidden choices) by a
 * short sequence of the decider's actions. 0 when nothing fits. */
static int step_fits(judge *j, int q, const char *line, int offturn, const sight *want)
{
    tt_events ev = {j->evbuf, 0, UNDO_EVENTS, 0};
    memcpy(j->work, j->alt, j->sz);
    j->narr[0] = '\0';
    if (apply_line(j->game, j->work, j->player, line, offturn, &ev) == TT_OK &&
        same_for(j, j->work, &ev, q, want)) {
        memcpy(j->alt, j->work, j->sz);
        return 1;
    }
    j->hint = first_difference(j->narr, want->narr[q]);
    if (q == j->player || offturn)
        return 0;
    char *quiet = tt_view_json(j->game, j->alt, q);
    int budget = UNDO_BUDGET;
    memcpy(j->work, j->alt, j->sz);
    int fits = quiet && search(j, q, quiet, want, UNDO_DEPTH, &budget);
    free(quiet);
    return fits;
}

/* The atomic actions of a decision: its lines, split in place into line[];
 * -1 when there are more than UNDO_LINES. */
static int split_lines(char *text, char **line)
{
    int n = 0;
    for (char *t = text; *t;) {
        size_t len = strcspn(t, "\n");
        if (n == UNDO_LINES)
            return -1;
        line[n++] = t;
        t += len;
        if (*t)
            *t++ = '\0';
    }
    return n;
}

/* Names the event q read as line `line` of his narration of ev (-1: the last
 * he read, where a step's consequences come), as the decider reads it, so
 * nothing private to q is shown; into buf. */
static const char *name_event(const judge *j, const tt_events *ev, int q, int line, char *buf,
                              size_t n)
{
    char mine[8], text[300];
    buf[0] = '\0';
    for (int i = 0, k = 0; i < ev->n; i++) {
        if (tt_event_text(j->game, &ev->ev[i], q, mine, sizeof mine) <= 0)
            continue;
        if ((line < 0 || k++ == line) &&
            tt_event_text(j->game, &ev->ev[i], j->player, text, sizeof text) > 0)
            snprintf(buf, n, "%s", text + strspn(text, " "));
        if (line >= 0 && buf[0])
            break;
    }
    return buf;
}

static int learned_msg(judge *j, int q, const tt_events *ev)
{
    char text[300], who[64];
    name_event(j, ev, q, j->hint, text, sizeof text);
    return tt_fail(j->why, TT_EILLEGAL, NULL, "it showed %s what was hidden%s%s",
                   q == j->player ? "you" : tt_player_title(j->game, q, who, sizeof who, NULL),
                   text[0] ? ": " : "", text);
}

/* Replays one decision from cur (left at its end), judging it. */
static int judge_decision(judge *j, tt_state *cur, const tt_decision *d, sight *seen)
{
    const tt_game *g = j->game;
    int np = tt_game_players(g);
    char *text = strdup(d->text), *line[UNDO_LINES];
    tt_state *start = malloc(j->sz);
    tt_events *evs = malloc(UNDO_LINES * sizeof *evs);
    tt_event *buf = malloc((size_t)UNDO_LINES * UNDO_EVENTS * sizeof *buf);
    int n = text ? split_lines(text, line) : 0, rc = TT_OK;
    if (!text || !start || !evs || !buf)
        rc = tt_fail(j->why, TT_ENOMEM, NULL, "out of memory");
    else if (n < 0)
        rc = tt_fail(j->why, TT_EILLEGAL, NULL,
                     "a decision of more than %d actions is not taken back", UNDO_LINES);
    else
        memcpy(start, cur, j->sz);
    for (int i = 0; i < n && rc == TT_OK; i++) {
        tt_rng before = tt_head_peek(cur)->rng;
        evs[i] = (tt_events){buf + (size_t)i * UNDO_EVENTS, 0, UNDO_EVENTS, 0};
        if (apply_line(g, cur, d->player, line[i], d->offturn, &evs[i]) != TT_OK)
            rc = tt_fail(j->why, TT_EARG, NULL, "'%s' does not apply", line[i]);
        else if (memcmp(&before, &tt_head_peek(cur)->rng, sizeof before) != 0)
            rc = tt_fail(j->why, TT_EILLEGAL, NULL,
                         "a random outcome was drawn since (dice rolled or cards shuffled)");
        for (int q = 0; q < np && rc == TT_OK; q++) {
            seen[i].view[q] = tt_view_json(g, cur, q);
            reads(g, &evs[i], q, seen[i].narr[q], sizeof seen[i].narr[q]);
            if (!seen[i].view[q])
                rc = tt_fail(j->why, TT_ENOMEM, NULL, "out of memory");
        }
    }
    for (int q = 0; q < np && rc == TT_OK; q++)
        for (int k = 0; k < UNDO_SAMPLES && rc == TT_OK; k++) {
            memcpy(j->alt, start, j->sz);
            tt_determinize(g, j->alt, q, 0x756e646fu + (uint64_t)k * 0x9e3779b97f4a7c15u);
            for (int i = 0; i < n && rc == TT_OK; i++)
                if (!step_fits(j, q, line[i], d->offturn, &seen[i]))
                    rc = learned_msg(j, q, &evs[i]);
        }
    for (int i = 0; i < n; i++)
        for (int q = 0; q < np; q++) {
            free(seen[i].view[q]);
            seen[i].view[q] = NULL;
        }
    free(text);
    free(start);
    free(evs);
    free(buf);
    return rc;
}

int tt_undo_check(const tt_game *game, const tt_state *before, const tt_decision *since, int n,
                  int player, tt_error *why)
{
    return tt_undo_check_with(game, before, since, n, player, 0, why);
}

int tt_undo_check_with(const tt_game *game, const tt_state *before, const tt_decision *since, int n,
                       int player, unsigned consent, tt_error *why)
{
    tt_error_clear(why);
    if (n < 1 || since[0].player != player)
        return tt_fail(why, TT_EARG, NULL, "you have no decision to take back");
    for (int d = 1; d < n; d++)
        if (since[d].player != player &&
            !(since[d].player >= 0 && since[d].player < 32 && (consent >> since[d].player & 1u))) {
            char who[64];
            int plural;
            tt_player_title(game, since[d].player, who, sizeof who, &plural);
            return tt_fail(why, TT_EILLEGAL, NULL, "%s %s decided since", who,
                           plural ? "have" : "has");
        }
    judge *j = calloc(1, sizeof *j);
    sight *seen = calloc(UNDO_LINES, sizeof *seen);
    tt_state *cur = malloc(tt_state_size(game));
    int rc = TT_OK;
    if (j) {
        *j = (judge){.game = game, .player = player, .sz = tt_state_size(game), .why = why};
        j->alt = malloc(j->sz);
        j->work = malloc(j->sz);
    }
    if (!j || !seen || !cur || !j->alt || !j->work) {
        rc = tt_fail(why, TT_ENOMEM, NULL, "out of memory");
    } else {
        memcpy(cur, before, j->sz);
        for (int d = 0; d < n && rc == TT_OK; d++)
            rc = judge_decision(j, cur, &since[d], seen);
        if (rc == TT_OK && tt_to_move(game, cur) == TT_TERMINAL)
            rc = tt_fail(why, TT_EILLEGAL, NULL, "the game is over");
    }
    if (j) {
        free(j->alt);
        free(j->work);
    }
    free(j);
    free(seen);
    free(cur);
    return rc;
}
