/* Action texts: the words of a text, and the verb table every game reads them with.
 *
 * An atomic action's text is a verb and a few words after it ("play
 * spore_mortar", "task r22 medic buy", "keep G33,G45"). A game declares its
 * verbs once, each with its operation and how many words may follow, and
 * parses a text by splitting it (tt_words_split) and finding its verb
 * (tt_verb_find), then reading the arguments its own way. The messages for an
 * unknown verb or a wrong number of words are the same in every game. Parsing
 * is for front ends and records, never the playout path. */
#ifndef TT_CORE_VERBS_H
#define TT_CORE_VERBS_H

#include <stddef.h>
#include <stdint.h>

#include "tabletop/error.h"

#define TT_WORDS_MAX 8  /* words in one atomic action text */
#define TT_WORD_MAX 200 /* bytes of one word, with its terminator (long comma lists) */

typedef struct tt_words {
    int n;
    char w[TT_WORDS_MAX][TT_WORD_MAX];
} tt_words;

/* Splits text at runs of spaces and tabs into out (case kept). TT_OK; or
 * TT_EPARSE, with err naming the problem, for no words at all, more than
 * TT_WORDS_MAX words, or a word of TT_WORD_MAX bytes or more. */
int tt_words_split(const char *text, tt_words *out, tt_error *err);

/* The offset of the first control byte of text's n bytes — below 32 but the
 * tab, or 127: a NUL, an escape (what an arrow key sends), a line break —
 * or -1 when there is none. No action text holds one, and a request holding
 * one is refused whole, never cut or read as something else. */
long tt_text_control_at(const char *text, size_t n);

/* One verb of a game: its text (matched case aside), the game's operation,
 * how many words may follow it, and what they are (the game's own letter). */
typedef struct tt_verb {
    const char *name;
    int op;
    uint8_t min, max; /* words after the verb */
    char kind;
} tt_verb;

/* Finds words->w[0] in table (ended by an entry with a NULL name). TT_OK with
 * *out the verb when as many words follow as it takes; otherwise TT_EPARSE,
 * err saying "unknown action 'x'" (*out NULL) or how many words 'x' takes
 * (*out the verb). */
int tt_verb_find(const tt_verb *table, const tt_words *words, const tt_verb **out, tt_error *err);

#endif
