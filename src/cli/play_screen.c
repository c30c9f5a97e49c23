/* The screen of `tabletop play` (play_screen.h): the log of what happened,
 * each seat's place in it, and the screen of a decision laid out to fit.
 *
 * The log holds events as the games emitted them, notes, and AI thinking
 * times; it is told to a seat only when that seat looks, through
 * tt_event_text for its viewer, so a seat never reads what it may not know.
 * Identical lines in a row are told once with their count ("Mankind draws a
 * card (7 times)"), and an AI's thinking times add up into one line after
 * what it did. Per seat the screen remembers the map and the status last
 * shown, to draw them again only when they change. Nothing here is on the
 * playout path. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/play_screen.h"
#include "core/sbuf.h"

#define DEFAULT_WIDTH 100
#define DEFAULT_HEIGHT 40
#define NARRATION_MIN 5 /* lines of narration kept when a screen is too tall */

enum { ENTRY_EVENT, ENTRY_NOTE, ENTRY_THOUGHT };

typedef struct entry {
    int kind;
    tt_event ev;     /* ENTRY_EVENT */
    char *note;      /* ENTRY_NOTE, malloc'd */
    int player;      /* ENTRY_THOUGHT: the AI's seat */
    double seconds;  /* ENTRY_THOUGHT */
    long iterations; /* ENTRY_THOUGHT: playouts */
} entry;

struct play_screen {
    const tt_game *game;
    unsigned humans; /* bit per seat a person plays */
    unsigned looked; /* bit per seat that has been shown a screen */
    entry *log;
    size_t n, cap;
    size_t seen[TT_MAX_PLAYERS]; /* log entries each seat has been told */
    size_t from[TT_MAX_PLAYERS]; /* where the narration of its latest screen began */
    char *map[TT_MAX_PLAYERS];   /* the map and the status it saw last, or NULL */
    char *status[TT_MAX_PLAYERS];
};

/* --- the terminal ------------------------------------------------------------------------ */

static int env_int(const char *name, int def)
{
    const char *v = getenv(name);
    long k;
    return v && cli_parse_long(v, 1, 10000, &k) == 0 ? (int)k : def;
}

int play_screen_width(void)
{
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col)
        return ws.ws_col;
    return env_int("COLUMNS", DEFAULT_WIDTH);
}

int play_screen_height(void)
{
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row)
        return ws.ws_row;
    return env_int("LINES", DEFAULT_HEIGHT);
}

/* Columns a text takes: one per UTF-8 character. */
static size_t columns(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

/* Bytes of s (len bytes) that fit in `cols` columns, ending on a character. */
static size_t fit(const char *s, size_t len, size_t cols)
{
    size_t i = 0, n = 0;
    while (i < len) {
        size_t k = i + 1;
        while (k < len && ((unsigned char)s[k] & 0xC0) == 0x80)
            k++;
        if (++n > cols)
            break;
        i = k;
    }
    return i;
}

/* One line (no newline) wrapped at width into b: broken at the last blank
 * that fits, continuations indented four more than the line (at most half the
 * width); a word longer than a line is cut. With `cut`, the part beyond the
 * width is dropped instead (a map: wrapping would break its picture). */
static void wrap_line(tt_sbuf *b, const char *s, size_t len, int width, int cut)
{
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    size_t indent = strspn(s, " "), w = width > 8 ? (size_t)width : 8, lead = 0;
    if (indent > len)
        indent = len;
    size_t hang = indent + 4 < w / 2 ? indent + 4 : w / 2;
    if (cut) {
        tt_sbuf_printf(b, "%.*s\n", (int)fit(s, len, w), s);
        return;
    }
    for (;;) {
        size_t room = w - lead, take = len;
        if (columns(s, len) > room) {
            take = fit(s, len, room);
            size_t k = take;
            while (k > indent && s[k] != ' ')
                k--;
            if (k > indent)
                take = k;
        }
        tt_sbuf_printf(b, "%*s%.*s\n", (int)lead, "", (int)take, s);
        s += take, len -= take;
        while (len && *s == ' ')
            s++, len--;
        if (!len)
            return;
        lead = hang, indent = 0;
    }
}

/* Every line of text wrapped (or cut) at width into b. */
static void wrap_text(tt_sbuf *b, const char *text, int width, int cut)
{
    while (text && *text) {
        size_t len = strcspn(text, "\n");
        wrap_line(b, text, len, width, cut);
        text += len + (text[len] == '\n');
    }
}

void play_screen_wrap(FILE *out, const char *text, int width)
{
    tt_sbuf b = {0};
    wrap_text(&b, text, width, 0);
    char *s = tt_sbuf_take(&b);
    if (s)
        fputs(s, out);
    free(s);
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; s && *s; s++)
        n += *s == '\n';
    return n;
}

/* --- the log ----------------------------------------------------------------------------- */

play_screen *play_screen_new(const tt_game *game, unsigned humans)
{
    play_screen *sc = calloc(1, sizeof *sc);
    if (sc) {
        sc->game = game;
        sc->humans = humans;
    }
    return sc;
}

void play_screen_free(play_screen *sc)
{
    if (!sc)
        return;
    for (size_t i = 0; i < sc->n; i++)
        free(sc->log[i].note);
    for (int p = 0; p < TT_MAX_PLAYERS; p++) {
        free(sc->map[p]);
        free(sc->status[p]);
    }
    free(sc->log);
    free(sc);
}

static entry *add(play_screen *sc, int kind)
{
    if (sc->n == sc->cap) {
        size_t cap = sc->cap ? 2 * sc->cap : 256;
        entry *log = realloc(sc->log, cap * sizeof *log);
        if (!log)
            return NULL; /* out of memory: the entry is not kept */
        sc->log = log, sc->cap = cap;
    }
    entry *e = &sc->log[sc->n++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    return e;
}

static void note(play_screen *sc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(play_screen *sc, const char *fmt, ...)
{
    char text[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (!sc->humans) {
        play_screen_wrap(stdout, text, play_screen_width());
        return;
    }
    entry *e = add(sc, ENTRY_NOTE);
    if (e && !(e->note = strdup(text)))
        sc->n--;
}

void play_screen_events(play_screen *sc, const tt_events *ev)
{
    for (int i = 0; i < ev->n; i++) {
        if (!sc->humans) {
            char line[512];
            if (tt_event_text(sc->game, &ev->ev[i], TT_VIEW_ALL, line, sizeof line) > 0)
                play_screen_wrap(stdout, line, play_screen_width());
            continue;
        }
        entry *e = add(sc, ENTRY_EVENT);
        if (e)
            e->ev = ev->ev[i];
    }
    if (ev->dropped)
        note(sc, "(%d more events not shown)", ev->dropped);
}

void play_screen_thought(play_screen *sc, int player, const tt_ai_stats *st)
{
    entry *e = sc->humans && st->iterations ? add(sc, ENTRY_THOUGHT) : NULL;
    if (e) {
        e->player = player;
        e->seconds = st->seconds;
        e->iterations = st->iterations;
    }
}

/* Writes line into b, told `repeat` times in a row; returns the lines written. */
static int put_repeated(tt_sbuf *b, const char *line, int repeat)
{
    if (repeat > 1)
        tt_sbuf_printf(b, "%s (%d times)\n", line, repeat);
    else if (repeat)
        tt_sbuf_printf(b, "%s\n", line);
    return repeat > 0;
}

/* The log entries [from, to) as viewer sees them, into b, one line each:
 * identical lines in a row told once with their count, and each AI's
 * thinking summed up after the rest. Returns the number of lines. */
static int narrate_span(play_screen *sc, size_t from, size_t to, int viewer, tt_sbuf *b)
{
    double secs[TT_MAX_PLAYERS] = {0};
    long iters[TT_MAX_PLAYERS] = {0}, choices[TT_MAX_PLAYERS] = {0};
    char prev[512] = "", line[512];
    int repeat = 0, n = 0;
    for (size_t i = from; i < to; i++) {
        const entry *e = &sc->log[i];
        if (e->kind == ENTRY_THOUGHT) {
            secs[e->player] += e->seconds, iters[e->player] += e->iterations;
            choices[e->player]++;
            continue;
        }
        if (e->kind == ENTRY_NOTE)
            snprintf(line, sizeof line, "%s", e->note);
        else if (tt_event_text(sc->game, &e->ev, viewer, line, sizeof line) <= 0)
            continue;
        if (repeat && strcmp(line, prev) == 0) {
            repeat++;
            continue;
        }
        n += put_repeated(b, prev, repeat);
        snprintf(prev, sizeof prev, "%s", line);
        repeat = 1;
    }
    n += put_repeated(b, prev, repeat);
    for (int p = 0; p < tt_game_players(sc->game); p++) {
        if (choices[p] == 1)
            tt_sbuf_printf(b, "(%s thought %.2f s: %ld playouts)\n", tt_player_name(sc->game, p),
                           secs[p], iters[p]);
        else if (choices[p])
            tt_sbuf_printf(b, "(%s thought %.2f s over %ld decisions: %ld playouts)\n",
                           tt_player_name(sc->game, p), secs[p], choices[p], iters[p]);
        n += choices[p] > 0;
    }
    return n;
}

/* --- forced decisions -------------------------------------------------------------------- */

int play_screen_forced(play_screen *sc, const tt_state *state, int p, tt_action *action)
{
    tt_action a;
    char text[TT_ACTION_TEXT_MAX];
    if (!tt_decision_forced(sc->game, state, sc->humans & ~(1u << p), &a) ||
        tt_action_format(sc->game, state, a, text, sizeof text) != TT_OK)
        return 0;
    note(sc, "%s: %s (the only possible answer, taken automatically)", tt_player_name(sc->game, p),
         text);
    *action = a;
    return 1;
}

/* --- going back, and a cleared terminal -------------------------------------------------- */

size_t play_screen_mark(const play_screen *sc)
{
    return sc->n;
}

void play_screen_cut(play_screen *sc, size_t mark)
{
    while (sc->n > mark)
        free(sc->log[--sc->n].note);
    for (int p = 0; p < TT_MAX_PLAYERS; p++) {
        sc->seen[p] = sc->seen[p] < mark ? sc->seen[p] : mark;
        sc->from[p] = sc->from[p] < mark ? sc->from[p] : mark;
    }
}

void play_screen_forget(play_screen *sc, int p)
{
    free(sc->map[p]);
    free(sc->status[p]);
    sc->map[p] = sc->status[p] = NULL;
}

/* --- the screen -------------------------------------------------------------------------- */

/* A part of seat p's picture, wrapped (or, for a map, cut) at width. */
static char *part_text(play_screen *sc, const tt_state *state, int viewer, int part, int width)
{
    char *raw = tt_view_text_part(sc->game, state, viewer, part);
    tt_sbuf b = {0};
    wrap_text(&b, raw, width, part == TT_TEXT_MAP);
    free(raw);
    return tt_sbuf_take(&b);
}

/* Keeps `text` as what seat p saw last in *slot; 1 when it differs. */
static int changed(char **slot, char *text)
{
    int diff = !*slot || !text || strcmp(*slot, text) != 0;
    free(*slot);
    *slot = text;
    return diff;
}

static void print_header(play_screen *sc, const tt_state *state, int p)
{
    printf("--- %s to decide (%s %d) ---\n", tt_player_name(sc->game, p),
           tt_game_turn_name(sc->game), tt_turn(sc->game, state));
}

/* Narration lines kept within `keep` lines: the newest, after a note on the
 * older ones. */
static void print_narration(const char *news, int lines, int keep, int first)
{
    if (!lines)
        return;
    printf("%s\n", first ? "So far:" : "Since your last decision:");
    const char *at = news;
    if (keep < lines) {
        printf("(%d earlier line%s)\n", lines - keep,
               lines - keep == 1 ? ": `log` shows it" : "s: `log` shows them");
        for (int skip = lines - keep; skip > 0; skip--)
            at = strchr(at, '\n') + 1;
    }
    fputs(at, stdout);
}

/* Wrapped narration of seat p since it last looked, as `viewer` sees it;
 * *lines counts them. */
static char *news_text(play_screen *sc, int p, int viewer, int width, int *lines)
{
    tt_sbuf raw = {0}, b = {0};
    narrate_span(sc, sc->seen[p], sc->n, viewer, &raw);
    char *text = tt_sbuf_take(&raw);
    wrap_text(&b, text, width, 0);
    free(text);
    text = tt_sbuf_take(&b);
    *lines = count_lines(text);
    return text;
}

/* Rows the actions take (play_screen_actions lays them out the same way). */
static int action_rows(const tt_game *game, const tt_state *state, const tt_action *legal,
                       int nlegal, int width)
{
    size_t widest = 0;
    for (int i = 0; i < nlegal; i++) {
        char text[TT_ACTION_TEXT_MAX];
        size_t w = tt_action_format(game, state, legal[i], text, sizeof text) == TT_OK
                       ? columns(text, strlen(text))
                       : 20;
        widest = w + 5 > widest ? w + 5 : widest;
    }
    int ncols = (int)((size_t)(width + 2) / (widest + 2)); /* no gap after the last */
    ncols = ncols < 1 ? 1 : ncols;
    int rows = (nlegal + ncols - 1) / ncols;
    return rows < 3 ? (nlegal < 3 ? nlegal : 3) : rows;
}

void play_screen_actions(const tt_game *game, const tt_state *state, const tt_action *legal,
                         int nlegal)
{
    typedef char item_text[TT_ACTION_TEXT_MAX + 16];
    item_text *item = malloc((size_t)(nlegal ? nlegal : 1) * sizeof *item);
    if (!item)
        return;
    size_t widest = 0;
    for (int i = 0; i < nlegal; i++) {
        char text[TT_ACTION_TEXT_MAX];
        if (tt_action_format(game, state, legal[i], text, sizeof text) != TT_OK)
            snprintf(text, sizeof text, "(action %u)", (unsigned)legal[i]);
        snprintf(item[i], sizeof item[i], "%3d. %s", i + 1, text);
        size_t w = columns(item[i], strlen(item[i]));
        widest = w > widest ? w : widest;
    }
    /* down the columns, as many as fit, three rows at least */
    int width = play_screen_width(), rows = action_rows(game, state, legal, nlegal, width);
    int ncols = rows ? (nlegal + rows - 1) / rows : 1;
    tt_sbuf b = {0};
    for (int r = 0; r < rows; r++) {
        for (int k = 0; k < ncols && r + k * rows < nlegal; k++) {
            const char *s = item[r + k * rows];
            int last = k + 1 == ncols || r + (k + 1) * rows >= nlegal;
            size_t pad = last ? 0 : widest + 2 - columns(s, strlen(s));
            tt_sbuf_printf(&b, "%s%*s", s, (int)pad, "");
        }
        tt_sbuf_printf(&b, "\n");
    }
    free(item);
    char *text = tt_sbuf_take(&b);
    play_screen_wrap(stdout, text, width);
    free(text);
}

/* Lines the narration takes when `keep` of its `n` lines are shown: a
 * heading, and a note when some give way. */
static int narration_cost(int n, int keep)
{
    return n ? keep + 1 + (keep < n) : 0;
}

/* Fits the map (mapn lines, 0 for none) and n lines of narration into
 * `room` lines: the oldest narration gives way first, down to NARRATION_MIN
 * lines, then the map (*show_map cleared; a line says so). Sets *keep to the
 * narration lines to show. */
static void fit_screen(int room, int mapn, int n, int *show_map, int *keep)
{
    int least = n < NARRATION_MIN ? n : NARRATION_MIN;
    *show_map = mapn > 0;
    *keep = n;
    if (mapn + narration_cost(n, n) <= room)
        return;
    *keep = room - mapn - 2 > least ? room - mapn - 2 : least;
    if (!mapn || mapn + narration_cost(n, *keep) <= room)
        return;
    *show_map = 0; /* the map gives way, and a line says so */
    *keep = n;
    if (1 + narration_cost(n, n) > room)
        *keep = room - 3 > least ? room - 3 : least;
}

void play_screen_show(play_screen *sc, const tt_state *state, int p, const tt_action *legal,
                      int nlegal)
{
    int width = play_screen_width(), first = !(sc->looked >> p & 1);
    char *map = part_text(sc, state, p, TT_TEXT_MAP, width);
    char *status = part_text(sc, state, p, TT_TEXT_STATUS, width);
    char *decision = part_text(sc, state, p, TT_TEXT_DECISION, width);
    int mapn = changed(&sc->map[p], map) && map && *map ? count_lines(map) : 0;
    int show_status = changed(&sc->status[p], status) && status, nnews, show_map, keep;
    char *news = news_text(sc, p, p, width, &nnews);
    /* 2: the header and the prompt */
    int fixed = 2 + (show_status ? count_lines(status) : 0) + count_lines(decision) +
                action_rows(sc->game, state, legal, nlegal, width);
    fit_screen(play_screen_height() - fixed, mapn, nnews, &show_map, &keep);
    print_header(sc, state, p);
    if (show_map)
        fputs(map, stdout);
    else if (mapn)
        printf("(The map changed: `map` draws it.)\n");
    if (show_status)
        fputs(status, stdout);
    print_narration(news, nnews, keep, first);
    if (decision)
        fputs(decision, stdout);
    play_screen_actions(sc->game, state, legal, nlegal);
    sc->from[p] = sc->seen[p];
    sc->seen[p] = sc->n;
    sc->looked |= 1u << p;
    free(news);
    free(decision);
}

/* Prints what seat p has not seen yet as `viewer` sees it, and marks it seen. */
static void print_news(play_screen *sc, int p, int viewer)
{
    int lines;
    char *news = news_text(sc, p, viewer, play_screen_width(), &lines);
    if (news)
        fputs(news, stdout);
    free(news);
    sc->seen[p] = sc->n;
}

void play_screen_news(play_screen *sc, int p)
{
    print_news(sc, p, p);
}

void play_screen_board(play_screen *sc, const tt_state *state, int p, const tt_action *legal,
                       int nlegal)
{
    char *all = part_text(sc, state, p, TT_TEXT_ALL, play_screen_width());
    print_header(sc, state, p);
    if (all)
        fputs(all, stdout);
    free(all);
    play_screen_actions(sc->game, state, legal, nlegal);
}

void play_screen_map(play_screen *sc, const tt_state *state, int p)
{
    char *map = part_text(sc, state, p, TT_TEXT_MAP, play_screen_width());
    if (map && *map)
        fputs(map, stdout);
    else
        printf("map: %s has no map; `board` shows the whole table\n", tt_game_name(sc->game));
    changed(&sc->map[p], map);
}

void play_screen_log(play_screen *sc, int p, const char *arg)
{
    while (*arg == ' ')
        arg++;
    int all = strcmp(arg, "all") == 0;
    if (*arg && !all) {
        printf("log: `log` shows the narration of this decision in full, `log all` the game's\n");
        return;
    }
    tt_sbuf b = {0};
    int n = narrate_span(sc, all ? 0 : sc->from[p], sc->seen[p], p, &b);
    char *text = tt_sbuf_take(&b);
    if (n)
        play_screen_wrap(stdout, text, play_screen_width());
    else
        printf("log: nothing happened since your previous decision\n");
    free(text);
}

void play_screen_end(play_screen *sc, const tt_state *state, int viewer)
{
    if (sc->humans) {
        int p = -1; /* the person who looked least recently */
        for (int q = 0; q < tt_game_players(sc->game); q++)
            if ((sc->humans >> q & 1) && (p < 0 || sc->seen[q] < sc->seen[p]))
                p = q;
        print_news(sc, p, viewer);
    }
    printf("\n");
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len); /* the table, then wrapped like the rest */
    if (!mem) {
        cli_result_print(stdout, sc->game, state);
        return;
    }
    cli_result_print(mem, sc->game, state);
    fclose(mem);
    play_screen_wrap(stdout, text, play_screen_width());
    free(text);
}
