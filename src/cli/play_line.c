/* Reading a person's lines at the play prompt (see play.h).
 *
 * At a terminal the prompt is libedit's line editor (its readline interface):
 * the arrows move in the line and recall earlier ones, so an Up arrow is
 * history rather than an escape sequence read as an action. Anything else on
 * stdin (a pipe, a file: tests and scripts) is read as plain lines, exactly
 * as before the editor, and echoed after the prompt so the output reads as
 * the session did. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <editline/readline.h>

#include "cli/play.h"

void play_input_init(play_input *in)
{
    in->tty = isatty(STDIN_FILENO);
    in->echo = !in->tty;
    if (in->tty) {
        rl_readline_name = "tabletop";
        using_history();
    }
}

void play_input_fini(play_input *in)
{
    if (in->tty)
        clear_history();
}

/* A line from stdin as it is; the rest of a line too long for buf is read
 * and dropped. */
static int read_plain(char *buf, size_t n, int *too_long)
{
    if (!fgets(buf, (int)n, stdin))
        return 0;
    size_t len = strlen(buf);
    if (len && buf[len - 1] == '\n') {
        buf[--len] = '\0';
    } else if (!feof(stdin)) {
        int c;
        while ((c = getchar()) != EOF && c != '\n')
            ;
        *too_long = 1;
        buf[0] = '\0';
    }
    return 1;
}

/* A line from the editor; a line that is not empty, nor the last one again,
 * joins the history. */
static int read_edited(const char *prompt, char *buf, size_t n, int *too_long)
{
    char *line = readline(prompt);
    if (!line)
        return 0;
    size_t len = strlen(line);
    if (len >= n) {
        *too_long = 1;
        buf[0] = '\0';
    } else {
        memcpy(buf, line, len + 1);
    }
    HIST_ENTRY *last = history_length > 0 ? history_get(history_base + history_length - 1) : NULL;
    if (line[strspn(line, " \t")] && (!last || strcmp(last->line, line) != 0))
        add_history(line);
    free(line);
    return 1;
}

int play_read_line(play_input *in, const char *prompt, char *buf, size_t n, int *too_long)
{
    *too_long = 0;
    if (in->tty) {
        fflush(stdout);
        if (read_edited(prompt, buf, n, too_long))
            return 1;
        putchar('\n');
        return 0;
    }
    fputs(prompt, stdout);
    fflush(stdout);
    if (!read_plain(buf, n, too_long)) {
        putchar('\n');
        return 0;
    }
    if (in->echo)
        printf("%s\n", buf);
    return 1;
}
