/* Who reads what at the play table: one narration perspective, or hot-seat
 * privacy between people sharing one screen (see play.h).
 *
 * In hot-seat every event is kept in one log, and each seat has read a
 * prefix of it. The person at the screen reads new events as they happen
 * while he is the one deciding; when the decision passes to another person
 * the screen is cleared before anything of that person's is printed, and he
 * is asked for by name. He then reads, narrated for his seat (tt_event_text
 * with his seat as viewer, which shows an event's hidden details only to the
 * seats that see them), every event since he last looked: his own last
 * action's consequences and the others' moves, as far as they are his to see.
 * Nothing is printed for a seat while another person may be looking. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/play.h"

void play_table_init(play_table *t, const tt_game *game, const cli_seats *seats)
{
    memset(t, 0, sizeof *t);
    t->game = game;
    t->hotseat = seats->nhumans >= 2;
    t->looker = -1;
    t->clear = isatty(STDOUT_FILENO);
    t->viewer = TT_VIEW_ALL;
    for (int p = 0; p < seats->n && seats->nhumans == 1; p++)
        if (seats->human[p])
            t->viewer = p;
}

void play_table_fini(play_table *t)
{
    free(t->log);
    t->log = NULL;
}

/* Prints the events from..to of the log for `viewer`. */
static void print_log(const play_table *t, int from, int to, int viewer)
{
    tt_events ev = {t->log + from, to - from, to - from, 0};
    cli_narrate(stdout, t->game, &ev, viewer);
}

/* Prints what seat p has not read, and marks it read. */
static void catch_up(play_table *t, int p)
{
    print_log(t, t->read[p], t->n, p);
    t->read[p] = t->n;
}

void play_table_events(play_table *t, const tt_events *ev, int to_move)
{
    if (!t->hotseat) {
        cli_narrate(stdout, t->game, ev, t->viewer);
        return;
    }
    if (t->n + ev->n > t->cap) {
        int cap = t->cap ? t->cap : 256;
        while (cap < t->n + ev->n)
            cap *= 2;
        tt_event *log = realloc(t->log, (size_t)cap * sizeof *log);
        if (!log) {
            printf("(%d events not kept: out of memory)\n", ev->n);
            return;
        }
        t->log = log;
        t->cap = cap;
    }
    memcpy(t->log + t->n, ev->ev, (size_t)ev->n * sizeof *ev->ev);
    t->n += ev->n;
    if (ev->dropped)
        printf("(%d more events not shown)\n", ev->dropped);
    if (t->looker >= 0 && to_move == t->looker)
        catch_up(t, t->looker);
}

int play_table_turn(play_table *t, int p, play_input *in)
{
    if (!t->hotseat)
        return 0;
    if (t->looker != p) {
        char buf[64];
        int too_long;
        if (t->clear)
            fputs("\033[H\033[2J\033[3J", stdout); /* home, clear the screen and its scrollback */
        else
            printf("\n");
        printf("=== pass to %s, then press Enter ===\n", tt_player_name(t->game, p));
        t->looker = -1; /* nobody's until the Enter */
        if (!play_read_line(in, "", buf, sizeof buf, &too_long))
            return -1;
        if (strcmp(buf, "quit") == 0 || strcmp(buf, "exit") == 0)
            return -1;
        if (t->clear)
            fputs("\033[H\033[2J\033[3J", stdout);
        t->looker = p;
        printf("--- %s at the table ---\n", tt_player_name(t->game, p));
    }
    catch_up(t, p);
    return 0;
}

void play_table_end(play_table *t)
{
    if (!t->hotseat)
        return;
    /* what the one at the screen has not read, as every player may see it:
     * at the end all of them may be looking */
    print_log(t, t->looker >= 0 ? t->read[t->looker] : 0, t->n, TT_VIEW_SPECTATOR);
}

int play_table_mark(const play_table *t)
{
    return t->n;
}

void play_table_cut(play_table *t, int mark)
{
    if (!t->hotseat || mark > t->n)
        return;
    t->n = mark;
    for (int p = 0; p < TT_MAX_PLAYERS; p++)
        if (t->read[p] > mark)
            t->read[p] = mark;
}
