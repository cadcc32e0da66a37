/* A plain main() for the fuzz harness, so that every build (gcc too, without
 * libFuzzer) replays the seed corpus and any crash file: fuzz_replay PATH...
 * where each PATH is a file or a directory of files. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "fuzz_replay: cannot open %s\n", path);
        return -1;
    }
    unsigned char *data = NULL;
    size_t size = 0, cap = 0, n;
    unsigned char chunk[4096];
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (size + n > cap) {
            cap = (size + n) * 2;
            unsigned char *grown = realloc(data, cap);
            if (grown == NULL) {
                free(data);
                fclose(f);
                return -1;
            }
            data = grown;
        }
        memcpy(data + size, chunk, n);
        size += n;
    }
    fclose(f);
    if (getenv("FUZZ_OPS_VERBOSE") != NULL) {
        fprintf(stderr, "%s\n", path);
    }
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay_dir(const char *path, long *count)
{
    DIR *d = opendir(path);
    if (d == NULL) {
        fprintf(stderr, "fuzz_replay: cannot open directory %s\n", path);
        return -1;
    }
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') {
            continue;
        }
        char **grown = realloc(names, (n + 1) * sizeof *names);
        if (grown == NULL) {
            break;
        }
        names = grown;
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        snprintf(names[n], len, "%s/%s", path, e->d_name);
        n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_names);
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        rc |= replay_file(names[i]);
        *count += 1;
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv)
{
    long count = 0;
    int rc = 0;
    LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "fuzz_replay: no such path %s\n", argv[i]);
            rc = -1;
        } else if (S_ISDIR(st.st_mode)) {
            rc |= replay_dir(argv[i], &count);
        } else {
            rc |= replay_file(argv[i]);
            count++;
        }
    }
    /* a failed property aborts inside the harness; getting here means all held */
    printf("fuzz_replay: %ld inputs replayed, %ld passed, 0 failed\n", count, rc == 0 ? count : 0);
    return rc == 0 && count > 0 ? 0 : 1;
}
