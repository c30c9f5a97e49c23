/* Who is at the screen of the play table (see play.h).
 *
 * What a person reads is his screen's business (play_screen.c keeps the log
 * and tells each seat, narrated for that seat, what happened since it last
 * looked). Here is only the hand-over of hot-seat play: when the decision
 * passes to another person the screen is cleared before anything of his is
 * printed, and he is asked for by name, so that nothing is printed for one
 * seat while another person may be looking. */
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
    /* at the end all the people may be looking: they read what all may see */
    t->viewer = t->hotseat ? TT_VIEW_SPECTATOR : TT_VIEW_ALL;
    for (int p = 0; p < seats->n && seats->nhumans == 1; p++)
        if (seats->human[p])
            t->viewer = p;
}

int play_table_turn(play_table *t, int p, play_input *in)
{
    if (!t->hotseat || t->looker == p)
        return 0;
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
    return 1;
}
