#include "manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "acl/acl.h"
#include "binio.h"
#include "lit.h"
#include "opsnn/opsnn.h"

#define MANIFEST_MAX_BYTES (64u << 20)

static void copy_field(char *dst, size_t size, const char *src)
{
    snprintf(dst, size, "%s", src != NULL ? src : "");
}

static int copy_cases(golden_manifest *m, char **cases, int n, golden_err *e)
{
    m->cases = calloc(n > 0 ? (size_t)n : 1, sizeof *m->cases);
    if (m->cases == NULL) {
        return golden_fail(e, "out of memory");
    }
    for (int i = 0; i < n; i++) {
        m->cases[i] = strdup(cases[i]);
        if (m->cases[i] == NULL) {
            golden_manifest_free(m);
            return golden_fail(e, "out of memory");
        }
        m->ncases = i + 1;
    }
    return 0;
}

int golden_manifest_now(golden_manifest *m, const char *format, const char *cases_sha256, uint64_t seed,
                        char **cases, int ncases, golden_err *e)
{
    memset(m, 0, sizeof *m);
    copy_field(m->library_version, sizeof m->library_version, opsnn_version_string());
    copy_field(m->soc, sizeof m->soc, opsnn_get_soc());
    copy_field(m->operator_package, sizeof m->operator_package, opsnn_get_opp());
    copy_field(m->kernel_generation, sizeof m->kernel_generation, opsnn_get_kernel_generation());
    copy_field(m->format, sizeof m->format, format);
    copy_field(m->cases_sha256, sizeof m->cases_sha256, cases_sha256);
    m->seed = seed;
    return copy_cases(m, cases, ncases, e);
}

static int manifest_path(const char *root, char *path, size_t size, golden_err *e)
{
    if ((size_t)snprintf(path, size, "%s/%s", root, GOLDEN_MANIFEST_NAME) >= size) {
        return golden_fail(e, "path too long: %s/%s", root, GOLDEN_MANIFEST_NAME);
    }
    return 0;
}

/* Every string written here is made of printable ASCII without quotes or
 * backslashes (versions, SoC names, hex digests, case directory names). */
int golden_manifest_write(const char *root, const golden_manifest *m, golden_err *e)
{
    char path[4200];
    golden_text t;
    if (manifest_path(root, path, sizeof path, e) != 0 || golden_text_open(&t, e) != 0) {
        return -1;
    }
    fprintf(t.f, "{\"tool\": \"opsnn-golden\", \"manifest_version\": 1,\n"
                 " \"library_version\": \"%s\", \"soc\": \"%s\", \"operator_package\": \"%s\",\n"
                 " \"kernel_generation\": \"%s\",\n"
                 " \"format\": \"%s\", \"seed\": %llu, \"cases_sha256\": \"%s\",\n \"cases\": [",
            m->library_version, m->soc, m->operator_package, m->kernel_generation, m->format,
            (unsigned long long)m->seed, m->cases_sha256);
    for (int i = 0; i < m->ncases; i++) {
        fprintf(t.f, "%s\"%s\"", i ? ", " : "", m->cases[i]);
    }
    fputs("]}\n", t.f);
    return golden_text_commit(&t, path, e);
}

static int get_str(const golden_lit *root, const char *key, char *dst, size_t size)
{
    const golden_lit *v = golden_lit_get(root, key);
    if (v == NULL || v->kind != LIT_STR) {
        return -1;
    }
    copy_field(dst, size, v->str);
    return 0;
}

int golden_manifest_read(const char *root, golden_manifest *m, golden_err *e)
{
    memset(m, 0, sizeof *m);
    char path[4200], *buf = NULL;
    size_t len = 0;
    if (manifest_path(root, path, sizeof path, e) != 0) {
        return -1;
    }
    if (access(path, F_OK) != 0) {
        return golden_fail(e, "%s: no %s: not a tree written by `opsnn-golden run --prepare` (prepare it "
                           "again with this version)", root, GOLDEN_MANIFEST_NAME);
    }
    if (golden_read_whole(path, 1, MANIFEST_MAX_BYTES, &buf, &len, e) != 0) {
        return -1;
    }
    golden_lit_doc *doc = NULL;
    const golden_lit *v = NULL;
    int rc = golden_lit_parse(buf, len, &doc, &v, e);
    free(buf);
    if (rc != 0) {
        return golden_prefix(e, path);
    }
    const golden_lit *seed = golden_lit_get(v, "seed"), *cases = golden_lit_get(v, "cases");
    int64_t s = 0;
    if (v->kind != LIT_DICT || get_str(v, "library_version", m->library_version, sizeof m->library_version) ||
        get_str(v, "soc", m->soc, sizeof m->soc) ||
        get_str(v, "operator_package", m->operator_package, sizeof m->operator_package) ||
        get_str(v, "kernel_generation", m->kernel_generation, sizeof m->kernel_generation) ||
        get_str(v, "format", m->format, sizeof m->format) ||
        get_str(v, "cases_sha256", m->cases_sha256, sizeof m->cases_sha256) || seed == NULL ||
        !golden_lit_int(seed, &s) || s < 0 || cases == NULL || cases->kind != LIT_LIST) {
        golden_lit_free(doc);
        return golden_fail(e, "%s: not a valid manifest (a field is missing or of the wrong type)", path);
    }
    m->seed = (uint64_t)s;
    char **names = calloc(cases->n > 0 ? cases->n : 1, sizeof *names);
    rc = names == NULL ? golden_fail(e, "out of memory") : 0;
    for (size_t i = 0; rc == 0 && i < cases->n; i++) {
        if (cases->items[i]->kind != LIT_STR) {
            rc = golden_fail(e, "%s: not a valid manifest (case %zu is not a string)", path, i);
        } else {
            names[i] = (char *)cases->items[i]->str;
        }
    }
    if (rc == 0) {
        rc = copy_cases(m, names, (int)cases->n, e);
    }
    free(names);
    golden_lit_free(doc);
    return rc;
}

int golden_manifest_agree(const golden_manifest *tree, const golden_manifest *now, int seed_given,
                          golden_err *e)
{
    static const char *hint = "judge with the configuration the tree was prepared with, or prepare the "
                              "tree again";
    const struct {
        const char *what, *tree, *now;
    } f[] = {
        {"library version", tree->library_version, now->library_version},
        {"SoC", tree->soc, now->soc},
        {"operator package", tree->operator_package, now->operator_package},
        {"kernel generation", tree->kernel_generation, now->kernel_generation},
        {"case file (SHA-256)", tree->cases_sha256, now->cases_sha256},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        if (strcmp(f[i].tree, f[i].now) != 0) {
            return golden_fail(e, "the tree was prepared with %s %s, this judge runs %s %s: %s", f[i].what,
                               f[i].tree, f[i].what, f[i].now, hint);
        }
    }
    if (seed_given && tree->seed != now->seed) {
        return golden_fail(e, "the tree was prepared with --seed %llu, this judge was given --seed %llu "
                           "(the seed is not needed to judge: leave it out)",
                           (unsigned long long)tree->seed, (unsigned long long)now->seed);
    }
    return 0;
}

int golden_manifest_has(const golden_manifest *m, const char *dirname)
{
    for (int i = 0; i < m->ncases; i++) {
        if (strcmp(m->cases[i], dirname) == 0) {
            return 1;
        }
    }
    return 0;
}

void golden_manifest_free(golden_manifest *m)
{
    for (int i = 0; i < m->ncases; i++) {
        free(m->cases[i]);
    }
    free(m->cases);
    memset(m, 0, sizeof *m);
}
