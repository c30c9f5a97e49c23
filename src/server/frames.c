/* The frames a client sends, read and answered (docs/server.md lists them).
 *
 * A frame is one JSON object with "cmd" and, optionally, "id" (echoed in the
 * answer). Anything else — text that is not JSON, an unknown command, a field
 * of the wrong type, an action for a seat the connection does not hold — gets
 * one error frame naming what is wrong, and changes nothing. A connection
 * holds at most one seat (or watches) at one table: joining another leaves
 * the first. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/errors.h"
#include "core/rules.h"
#include "server/server_int.h"

void srv_send_error(srv_conn *c, json_t *id, const char *cmd, const tt_error *err)
{
    json_t *f = json_pack("{s:s,s:s,s:s,s:s}", "type", "error", "code", tt_strerror(err->code),
                          "msg", err->msg, "rule", err->rule);
    if (cmd)
        json_object_set_new(f, "cmd", json_string(cmd));
    if (id)
        json_object_set(f, "id", id);
    srv_send_json(c, f);
}

/* Sends f (taken) with the request's id. */
static void reply(srv_conn *c, json_t *id, json_t *f)
{
    if (id)
        json_object_set(f, "id", id);
    srv_send_json(c, f);
}

/* {"type":"accepted","text":…} and the request's id: the answer to every
 * action taken, written without a tree (out.c), as jansson would write it. */
static void accepted(srv *s, srv_conn *c, json_t *id, const char *text)
{
    char idtext[256];
    size_t n = id ? json_dumpb(id, idtext, sizeof idtext, JSON_COMPACT | JSON_ENCODE_ANY) : 0;
    if ((id && (n == 0 || n > sizeof idtext)) || !sb_utf8(text)) {
        reply(c, id, json_pack("{s:s,s:s}", "type", "accepted", "text", text));
        return;
    }
    srv_buf *b = &s->text;
    sb_clear(b);
    sb_lit(b, "{\"type\":\"accepted\",\"text\":");
    sb_str(b, text);
    if (id) {
        sb_lit(b, ",\"id\":");
        sb_put(b, idtext, n);
    }
    sb_lit(b, "}");
    srv_send_text(c);
}

static json_t *params_json(const char *game)
{
    json_t *list = json_array();
    for (int i = 0; tt_game_param(game, i); i++) {
        static const char *const kinds[] = {"choice", "int", "file", "text"};
        const tt_param_spec *p = tt_game_param(game, i);
        json_array_append_new(list, json_pack("{s:s,s:s,s:s,s:s,s:s}", "key", p->key, "kind",
                                              kinds[p->kind], "default", p->def, "allowed",
                                              p->allowed, "help", p->help));
    }
    return list;
}

/* The players of game g with its default parameters, by name. */
static json_t *players_json(srv *s, const char *g)
{
    const tt_game *game;
    json_t *names = json_array();
    if (srv_game(s, g, NULL, &game, NULL) == TT_OK)
        for (int p = 0; p < tt_game_players(game); p++)
            json_array_append_new(names, json_string(tt_player_name(game, p)));
    return names;
}

static int cmd_games(srv *s, srv_conn *c, json_t *req, json_t *id, tt_error *err)
{
    (void)req, (void)err;
    json_t *games = json_array();
    for (int i = 0; tt_game_list(i); i++) {
        const char *g = tt_game_list(i);
        int lo = 0, hi = 0;
        tt_game_player_range(g, &lo, &hi);
        json_array_append_new(games,
                              json_pack("{s:s,s:s,s:i,s:i,s:o,s:o}", "name", g, "summary",
                                        tt_game_summary(g), "min_players", lo, "max_players", hi,
                                        "players", players_json(s, g), "params", params_json(g)));
    }
    json_t *ais = json_array();
    for (int i = 0; tt_ai_list(i); i++)
        json_array_append_new(ais, json_string(tt_ai_list(i)));
    reply(c, id, json_pack("{s:s,s:o,s:o}", "type", "games", "games", games, "ais", ais));
    return TT_OK;
}

static int cmd_tables(srv *s, srv_conn *c, json_t *req, json_t *id, tt_error *err)
{
    (void)req, (void)err;
    json_t *list = json_array();
    for (srv_table *t = s->tables; t; t = t->next_table)
        if (!srv_table_over(t))
            json_array_append_new(list, srv_table_summary(t));
    reply(c, id, json_pack("{s:s,s:o}", "type", "tables", "tables", list));
    return TT_OK;
}

static int cmd_create(srv *s, srv_conn *c, json_t *req, json_t *id, tt_error *err)
{
    json_t *params = json_object_get(req, "params"), *seed = json_object_get(req, "seed");
    if (params && !json_is_string(params))
        return tt_fail(err, TT_EARG, NULL, "params: wants a string \"key=value ...\"");
    if (seed && !json_is_integer(seed))
        return tt_fail(err, TT_EARG, NULL, "seed: wants a whole number");
    srv_table *t;
    int rc = srv_table_create(s, json_string_value(json_object_get(req, "game")),
                              json_string_value(params), json_object_get(req, "seats"),
                              (uint64_t)json_integer_value(seed), seed != NULL, &t, err);
    if (rc != TT_OK)
        return rc;
    json_t *seats = json_array();
    for (int i = 0; i < t->meta.nseats; i++)
        json_array_append_new(
            seats, json_pack("{s:s,s:s,s:s?}", "player", tt_player_name(t->game, i), "kind",
                             t->meta.seat[i].kind == STORE_AI ? "ai" : "human", "token",
                             t->meta.seat[i].kind == STORE_AI ? NULL : t->meta.seat[i].token));
    reply(c, id,
          json_pack("{s:s,s:I,s:s,s:o}", "type", "created", "table", (json_int_t)t->meta.id, "game",
                    t->meta.game, "seats", seats));
    return TT_OK;
}

/* Is token the secret of seat i? Compared in constant time. */
static int token_is(const store_seat *seat, const char *token)
{
    /* an AI's seat is joined too: one handed over shows its player how it
     * goes (a seat made an AI's has a token no one was given) */
    if (strlen(token) != STORE_TOKEN_LEN)
        return 0;
    unsigned diff = 0;
    for (int i = 0; i < STORE_TOKEN_LEN; i++)
        diff |= (unsigned)(seat->token[i] ^ token[i]);
    return diff == 0;
}

static void sit(srv *s, srv_conn *c, srv_table *t, int seat, json_t *id)
{
    srv_conn_leave(c);
    c->table = t;
    c->seat = seat;
    c->next_at_table = t->conns;
    t->conns = c;
    reply(c, id,
          json_pack("{s:s,s:I,s:s,s:o,s:s?}", "type", "joined", "table", (json_int_t)t->meta.id,
                    "game", t->meta.game, "seat", seat >= 0 ? json_integer(seat) : json_null(),
                    "player", seat >= 0 ? tt_player_name(t->game, seat) : NULL));
    srv_table_presence(s, t);
    srv_table_send_history(s, t, c);
    srv_table_send_view(s, t, c);
}

static srv_table *table_of(srv *s, json_t *req, tt_error *err)
{
    json_t *j = json_object_get(req, "table");
    if (!json_is_integer(j)) {
        tt_fail(err, TT_EARG, NULL, "table: wants a table number");
        return NULL;
    }
    return srv_table_open(s, json_integer_value(j), err);
}

static int cmd_join(srv *s, srv_conn *c, json_t *req, json_t *id, tt_error *err)
{
    srv_table *t = table_of(s, req, err);
    const char *token = json_string_value(json_object_get(req, "token"));
    if (!t)
        return err->code;
    if (!token)
        return tt_fail(err, TT_EARG, NULL, "token: wants the seat's token");
    for (int i = 0; i < t->meta.nseats; i++)
        if (token_is(&t->meta.seat[i], token)) {
            sit(s, c, t, i, id);
            return TT_OK;
        }
    return tt_fail(err, TT_EARG, NULL, "that token holds no seat at table %" PRId64, t->meta.id);
}

static int cmd_spectate(srv *s, srv_conn *c, json_t *req, json_t *id, tt_error *err)
{
    srv_table *t = table_of(s, req, err);
    if (!t)
        return err->code;
    sit(s, c, t, TT_VIEW_SPECTATOR, id);
    return TT_OK;
}

static int cmd_act(srv *s, srv_conn *c, json_t *req, json_t *id, tt_error *err)
{
    const char *text = json_string_value(json_object_get(req, "text"));
    json_t *seat = json_object_get(req, "seat");
    if (!c->table || c->seat < 0)
        return tt_fail(err, TT_ESTATE, NULL, "join a table with a seat's token before acting");
    if (!text)
        return tt_fail(err, TT_EARG, NULL, "text: wants an action's text");
    if (seat && (!json_is_integer(seat) || json_integer_value(seat) != c->seat))
        return tt_fail(err, TT_EARG, NULL, "this connection acts only for %s",
                       tt_player_name(c->table->game, c->seat));
    if (c->table->ai[c->seat])
        return tt_fail(err, TT_ESTATE, NULL, "%s is played by an AI now",
                       tt_player_name(c->table->game, c->seat));
    int rc = srv_table_act(s, c->table, c->seat, text, err);
    if (rc == TT_OK)
        accepted(s, c, id, text);
    return rc;
}

static int cmd_view(srv *s, srv_conn *c, json_t *req, json_t *id, tt_error *err)
{
    (void)req, (void)id;
    if (!c->table)
        return tt_fail(err, TT_ESTATE, NULL, "join or spectate a table first");
    srv_table_send_view(s, c->table, c);
    return TT_OK;
}

/* What a card, item or token does, for the table's game: its name, the one
 * line that sits beside it and the full text (card descriptions on hover). */
static int cmd_describe(srv *s, srv_conn *c, json_t *req, json_t *id, tt_error *err)
{
    (void)s;
    const char *name = json_string_value(json_object_get(req, "name"));
    char full[4096], line[512], title[256];
    if (!c->table)
        return tt_fail(err, TT_ESTATE, NULL, "join or spectate a table first");
    if (!name)
        return tt_fail(err, TT_EARG, NULL, "name: wants a card's id or name");
    if (tt_describe(c->table->game, name, TT_DESCRIBE_FULL, full, sizeof full, err) != TT_OK ||
        tt_describe(c->table->game, name, TT_DESCRIBE_SUMMARY, line, sizeof line, err) != TT_OK ||
        tt_describe(c->table->game, name, TT_DESCRIBE_NAME, title, sizeof title, err) != TT_OK)
        return err->code;
    reply(c, id,
          json_pack("{s:s,s:s,s:s,s:s,s:s}", "type", "description", "name", name, "title", title,
                    "summary", line, "text", full));
    return TT_OK;
}

/* Takes back the connection's seat's last decision, under the undo policy. */
static int cmd_undo(srv *s, srv_conn *c, json_t *req, json_t *id, tt_error *err)
{
    (void)req;
    if (!c->table || c->seat < 0)
        return tt_fail(err, TT_ESTATE, NULL, "join a table with a seat's token before undoing");
    int asked, rc = srv_table_undo(s, c->table, c->seat, &asked, err);
    if (rc == TT_OK)
        accepted(s, c, id, "undo");
    return rc;
}

/* Agrees to (undo_agree), or refuses (undo_refuse), the undo another
 * player asked for past this seat's decisions. */
static int cmd_undo_answer(srv *s, srv_conn *c, json_t *id, int agree, tt_error *err)
{
    if (!c->table || c->seat < 0)
        return tt_fail(err, TT_ESTATE, NULL, "join a table with a seat's token first");
    int rc = agree ? srv_table_undo_agree(s, c->table, c->seat, err)
                   : srv_table_undo_refuse(c->table, c->seat, err);
    if (rc == TT_OK)
        accepted(s, c, id, agree ? "undo_agree" : "undo_refuse");
    return rc;
}

static int cmd_undo_agree(srv *s, srv_conn *c, json_t *req, json_t *id, tt_error *err)
{
    (void)req;
    return cmd_undo_answer(s, c, id, 1, err);
}

static int cmd_undo_refuse(srv *s, srv_conn *c, json_t *req, json_t *id, tt_error *err)
{
    (void)req;
    return cmd_undo_answer(s, c, id, 0, err);
}

/* The "seat" of a frame about handing a seat over, from a person at c's
 * table; -1 with err set otherwise. */
static int hand_over_seat(srv_conn *c, json_t *req, tt_error *err)
{
    json_t *seat = json_object_get(req, "seat");
    if (!c->table || c->seat < 0 || c->table->ai[c->seat])
        return tt_fail(err, TT_ESTATE, NULL, "join a table with a person's seat first"), -1;
    if (!json_is_integer(seat) || json_integer_value(seat) < 0 ||
        json_integer_value(seat) >= c->table->meta.nseats)
        return tt_fail(err, TT_EARG, NULL, "seat: wants a seat's number, 0 to %d",
                       c->table->meta.nseats - 1),
               -1;
    return (int)json_integer_value(seat);
}

/* Agrees to hand a seat to an AI: {"seat": N, "level": "normal"} or
 * {"seat": N, "ai": "ismcts:ms=500"} (srv_table_hand_over). */
static int cmd_hand_over(srv *s, srv_conn *c, json_t *req, json_t *id, tt_error *err)
{
    int seat = hand_over_seat(c, req, err);
    if (seat < 0)
        return err->code;
    json_t *ai = json_pack("{s:s,s:O?,s:O?}", "kind", "ai", "level", json_object_get(req, "level"),
                           "ai", json_object_get(req, "ai"));
    int rc = srv_table_hand_over(s, c->table, c->seat, seat, ai, err);
    json_decref(ai);
    if (rc == TT_OK)
        accepted(s, c, id, "hand_over");
    return rc;
}

/* Refuses to hand a seat to an AI: {"seat": N}; the proposal is dropped. */
static int cmd_hand_over_refuse(srv *s, srv_conn *c, json_t *req, json_t *id, tt_error *err)
{
    (void)s;
    int seat = hand_over_seat(c, req, err);
    int rc = seat < 0 ? err->code : srv_table_hand_over_refuse(c->table, c->seat, seat, err);
    if (rc == TT_OK)
        accepted(s, c, id, "hand_over_refuse");
    return rc;
}

typedef struct command {
    const char *name;
    int (*run)(srv *s, srv_conn *c, json_t *req, json_t *id, tt_error *err);
} command;

static const command commands[] = {{"games", cmd_games},
                                   {"tables", cmd_tables},
                                   {"create", cmd_create},
                                   {"join", cmd_join},
                                   {"spectate", cmd_spectate},
                                   {"act", cmd_act},
                                   {"view", cmd_view},
                                   {"describe", cmd_describe},
                                   {"undo", cmd_undo},
                                   {"undo_agree", cmd_undo_agree},
                                   {"undo_refuse", cmd_undo_refuse},
                                   {"hand_over", cmd_hand_over},
                                   {"hand_over_refuse", cmd_hand_over_refuse},
                                   {NULL, NULL}};

void srv_frame(srv *s, srv_conn *c, const char *text, size_t len)
{
    tt_error err;
    json_error_t jerr;
    tt_error_clear(&err);
    json_t *req = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!json_is_object(req)) {
        tt_fail(&err, TT_EPARSE, NULL, "not a JSON object: %s", req ? "another value" : jerr.text);
        srv_send_error(c, NULL, NULL, &err);
        json_decref(req);
        return;
    }
    json_t *id = json_object_get(req, "id");
    const char *cmd = json_string_value(json_object_get(req, "cmd"));
    const command *k = commands;
    while (cmd && k->name && strcmp(k->name, cmd) != 0)
        k++;
    if (!cmd || !k->name)
        tt_fail(&err, TT_EARG, NULL, cmd ? "unknown command \"%.40s\"" : "cmd: wants a command%s",
                cmd ? cmd : "");
    else if (k->run(s, c, req, id, &err) == TT_OK)
        err.code = TT_OK;
    if (err.code != TT_OK)
        srv_send_error(c, id, cmd && k->name ? cmd : NULL, &err);
    json_decref(req);
}
