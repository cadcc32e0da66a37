/* A bounded reader of the literal values case files hold: JSON (ATK) and the
 * Python literals of TTK CSV cells ("((4, 2), None)", "{'lambd': 0.5}",
 * "('float16',)"). One grammar covers both: lists [..] and tuples (..),
 * dicts {..}, strings '..' / "..", numbers (inf/nan too), None/null,
 * True/true, False/false. Nesting depth and node count are limited, input is
 * taken from memory with its length (no NUL needed), nothing is evaluated. */
#ifndef OPSNN_GOLDEN_LIT_H_
#define OPSNN_GOLDEN_LIT_H_

#include <stddef.h>
#include <stdint.h>

#include "err.h"

typedef enum { LIT_NONE, LIT_BOOL, LIT_NUM, LIT_STR, LIT_LIST, LIT_DICT } golden_lit_kind;

typedef struct golden_lit {
    golden_lit_kind kind;
    int boolean;
    double num;
    int is_int; /* a number written without '.', 'e' or inf/nan, within int64 */
    int64_t ival;
    const char *str; /* LIT_STR: NUL-terminated copy */
    const char *key; /* set on the members of a LIT_DICT */
    size_t n; /* LIT_LIST / LIT_DICT: member count */
    struct golden_lit **items;
} golden_lit;

#define GOLDEN_LIT_MAX_DEPTH 32
#define GOLDEN_LIT_MAX_NODES (1u << 20)

typedef struct golden_lit_doc golden_lit_doc;

/** Parse one value filling buf[0..len) (surrounding white space allowed).
 *  On success *doc owns every node; *root points into it. */
int golden_lit_parse(const char *buf, size_t len, golden_lit_doc **doc, const golden_lit **root,
                     golden_err *e);
void golden_lit_free(golden_lit_doc *doc);

/** A dict member by key; NULL when absent or v is not a dict. */
const golden_lit *golden_lit_get(const golden_lit *v, const char *key);

/** 1 when v is a number holding a value that fits an int64 exactly. */
int golden_lit_int(const golden_lit *v, int64_t *out);

#endif
