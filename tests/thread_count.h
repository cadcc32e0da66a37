/*
 * thread_count.h - the process's threads as the threading tests count them:
 * the entries of /proc/self/task, and the one thread ThreadSanitizer starts
 * of its own, which those counts allow for. Include <cmocka.h> first.
 */
#ifndef OPSNN_TESTS_THREAD_COUNT_H_
#define OPSNN_TESTS_THREAD_COUNT_H_

#include <dirent.h>

#if defined(__SANITIZE_THREAD__)
#define TC_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TC_TSAN 1
#endif
#endif
#ifdef TC_TSAN
#define TC_TSAN_THREADS 1
#else
#define TC_TSAN_THREADS 0
#endif

/* Threads of this process now; -1 without /proc. */
static inline int tc_process_threads(void)
{
    DIR *d = opendir("/proc/self/task");
    if (d == NULL) {
        return -1;
    }
    int n = 0;
    for (struct dirent *e = readdir(d); e != NULL; e = readdir(d)) {
        n += e->d_name[0] != '.';
    }
    closedir(d);
    return n;
}

#endif /* OPSNN_TESTS_THREAD_COUNT_H_ */
