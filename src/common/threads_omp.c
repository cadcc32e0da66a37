/* Phase 2's OpenMP backend, and the choice between it and the pool of
 * threads.c (common/threads.h, docs/runtime.md).
 *
 * Under OPSNN_THREADING=openmp a parallel call is one OpenMP parallel region
 * whose threads take the items from a shared counter, as the pool's do: the
 * items, and the instructions for every element, are the same on both
 * backends; only which thread runs an item differs. The runtime (libgomp,
 * LLVM's libomp) owns the threads, so OMP_NUM_THREADS, omp_set_num_threads(),
 * OMP_PROC_BIND / OMP_PLACES and OMP_WAIT_POLICY govern them, and a call from
 * inside an OpenMP team runs on the calling thread.
 *
 * What the runtime does not give is the pool's promise: libgomp and libomp
 * end the process when pthread_create fails. Before each team this backend
 * therefore looks at what it can see (thread_room) and asks for no more
 * threads than that shows room for; it cannot see everything (other
 * processes of the same user, a race with threads started meanwhile), which
 * is why only the pool guarantees it. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* pthread_getattr_default_np */
#endif
#include "common/threads.h"

#include "common/fork.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opsnn/opsnn.h"

int opsnn_parse_stack_size(const char *s, long long *bytes)
{
    if (s == NULL) {
        return -1;
    }
    while (*s == ' ' || *s == '\t') {
        s++;
    }
    if (*s < '0' || *s > '9') {
        return -1;
    }
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    while (*end == ' ' || *end == '\t') {
        end++;
    }
    static const char units[] = "bkmg"; /* shifts 0, 10, 20, 30; none: KiB, as OpenMP says */
    int shift = 10;
    const char *unit = *end != '\0' ? strchr(units, *end | 0x20) : NULL;
    if (unit != NULL) {
        shift = 10 * (int)(unit - units);
        end++;
    }
    while (*end == ' ' || *end == '\t') {
        end++;
    }
    if (errno != 0 || *end != '\0' || v > (unsigned long long)(LLONG_MAX >> shift)) {
        return -1;
    }
    *bytes = (long long)(v << shift);
    return 0;
}

int opsnn_cgroup_pids_room(const char *max_text, const char *current_text)
{
    long long max, current;
    char word[24];
    if (max_text == NULL || sscanf(max_text, "%23s", word) != 1 || strcmp(word, "max") == 0 ||
        sscanf(word, "%lld", &max) != 1 || max < 0 || current_text == NULL ||
        sscanf(current_text, "%lld", &current) != 1 || current < 0) {
        return INT_MAX;
    }
    long long room = max - current;
    return room <= 0 ? 0 : room > INT_MAX ? INT_MAX : (int)room;
}

int opsnn_omp_late_is_wakeup(int64_t idle_ns, int helpers_took_items, double load, int cpus)
{
    return idle_ns > OPSNN_OMP_WAKE_IDLE_NS && !helpers_took_items && load >= 0.0 &&
           load < (double)cpus;
}

#if OPSNN_THREADING_OPENMP
#include <dlfcn.h>
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/resource.h>
#include <unistd.h>

#include "common/error.h"
#include "common/fpenv.h"
#include "common/sysinfo.h"

int opsnn_omp_default_threads(void)
{
    int n = omp_get_max_threads();
    int cpus = opsnn_usable_cpus();
    return n < 1 ? 1 : n > cpus ? cpus : n;
}

/* OPSNN_OMP_NESTED=1: a call from inside an active parallel region may start
 * a nested team, when the runtime allows one more active level. Read once. */
static int nesting_requested(void)
{
    static atomic_int cached = -1;
    int v = atomic_load(&cached);
    if (v < 0) {
        const char *s = getenv("OPSNN_OMP_NESTED");
        v = s != NULL && strcmp(s, "1") == 0;
        if (s != NULL && s[0] != '\0' && strcmp(s, "0") != 0 && strcmp(s, "1") != 0) {
            opsnn_log(OPSNN_LOG_WARNING, "OPSNN_OMP_NESTED must be 0 or 1, got \"%s\": using 0",
                      s);
        }
        atomic_store(&cached, v);
    }
    return v;
}

/* ---- Room for threads ----------------------------------------------------- */

/* Threads of this process now (/proc/self/stat's num_threads), or -1. */
static long process_threads(void)
{
    char buf[1024];
    FILE *f = fopen("/proc/self/stat", "r");
    if (f == NULL) {
        return -1;
    }
    size_t got = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[got] = '\0';
    char *p = strrchr(buf, ')'); /* the name may hold blanks and parentheses */
    long n = -1;
    /* after the name: state ppid pgrp session tty_nr tpgid flags minflt
     * cminflt majflt cmajflt utime stime cutime cstime priority nice
     * num_threads */
    if (p == NULL || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d "
                                   "%*d %*d %*d %ld", &n) != 1) {
        return -1;
    }
    return n;
}

/* Bytes of address space this process maps now (/proc/self/statm), or -1. */
static long long mapped_bytes(void)
{
    long pages = -1;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f == NULL) {
        return -1;
    }
    if (fscanf(f, "%ld", &pages) != 1) {
        pages = -1;
    }
    fclose(f);
    long page = sysconf(_SC_PAGESIZE);
    return pages < 0 || page <= 0 ? -1 : (long long)pages * page;
}

/* Address space one more runtime thread takes: its stack (OMP_STACKSIZE or
 * GOMP_STACKSIZE, else the larger of the pthread default and libomp's
 * 4 MiB), a guard page and its TLS, rounded up generously. */
static long long thread_bytes(void)
{
    long long stack = (long long)4 << 20;
#ifdef __GLIBC__
    pthread_attr_t attr;
    size_t size;
    if (pthread_getattr_default_np(&attr) == 0) {
        if (pthread_attr_getstacksize(&attr, &size) == 0 && (long long)size > stack) {
            stack = (long long)size;
        }
        pthread_attr_destroy(&attr);
    }
#endif
    static const char *const vars[] = {"OMP_STACKSIZE", "GOMP_STACKSIZE"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        long long v;
        if (opsnn_parse_stack_size(getenv(vars[i]), &v) == 0 && v > 0) {
            stack = v;
        }
    }
    return stack + ((long long)1 << 20);
}

/* The new threads the process can be seen to have room for: INT_MAX when no
 * limit applies. RLIMIT_NPROC counts every process and thread of the user;
 * only this process's threads can be counted cheaply, so the room it gives
 * is an upper bound. */
static int measure_room(void)
{
    long long room = INT_MAX;
    struct rlimit rl;
    if (getrlimit(RLIMIT_NPROC, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
        long threads = process_threads();
        long long left = (long long)rl.rlim_cur - (threads > 0 ? threads : 1);
        room = left < room ? left : room;
    }
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
        long long mapped = mapped_bytes();
        long long left = mapped < 0 ? 0 : ((long long)rl.rlim_cur - mapped) / thread_bytes();
        room = left < room ? left : room;
    }
    char max[64], current[64];
    if (opsnn_cgroup_read("pids", "pids.max", max, sizeof max) == 0 &&
        opsnn_cgroup_read("pids", "pids.current", current, sizeof current) == 0) {
        int left = opsnn_cgroup_pids_room(max, current);
        room = left < room ? left : room;
    }
    return room < 0 ? 0 : (int)room;
}

/* Looking costs microseconds (file reads, system calls), more than a
 * mid-size call's team: a room seen less than ROOM_TTL_NS ago with
 * ROOM_SLACK threads to spare is trusted; a tight one is looked at again on
 * every call. */
#define ROOM_TTL_NS ((int64_t)10 * 1000000)
#define ROOM_SLACK 64

static _Atomic int64_t room_seen_ns = INT64_MIN;
static atomic_int room_seen;
static atomic_int forked; /* a fork() child of a process whose runtime had threads */
static atomic_int teams_started;
static atomic_int refusal_logged;

/* libgomp's state in a fork() child still counts the parent's threads, and
 * its next team waits for them forever: a child whose parent started teams
 * runs every call on the calling thread (common/fork.c calls this hook). */
void opsnn_omp_fork(int phase)
{
    if (phase != OPSNN_FORK_CHILD) {
        return;
    }
    if (atomic_load(&teams_started)) {
        atomic_store(&forked, 1);
    }
    atomic_store(&room_seen_ns, INT64_MIN);
}

/* How many of `want` new threads a team may ask the runtime for. */
static int thread_room(int want)
{
    if (atomic_load(&forked)) {
        return 0;
    }
    int room;
    int64_t now = opsnn_now_ns();
    int64_t seen = atomic_load(&room_seen_ns);
    room = atomic_load(&room_seen);
    if (seen == INT64_MIN || now - seen >= ROOM_TTL_NS || room < want + ROOM_SLACK) {
        room = measure_room();
        atomic_store(&room_seen, room);
        atomic_store(&room_seen_ns, now);
    }
    int left = opsnn_test_thread_creates_left();
    if (left >= 0 && left < room) {
        room = left;
    }
    if (room < want && !atomic_exchange(&refusal_logged, 1)) {
        opsnn_log(OPSNN_LOG_WARNING, "phase 2: room for %d more thread%s (RLIMIT_NPROC, RLIMIT_AS, "
                  "cgroup pids.max), not the %d an OpenMP team wants: running on %d thread%s, as "
                  "the OpenMP runtime would end the process if it could not start one", room,
                  room == 1 ? "" : "s", want, room + 1, room == 0 ? "" : "s");
    }
    return room < want ? room : want;
}

/* ---- Teams ------------------------------------------------------------------ */

/* One team at a time from the outermost level, as the pool serves one call at
 * a time: concurrent callers (each thread that starts a region gets its own
 * runtime threads) would otherwise put a team per caller on the same CPUs. */
static atomic_flag busy = ATOMIC_FLAG_INIT;

/* A team is late when it took longer than the caller alone would have, by
 * more than LATE_MIN_NS (a futex wake-up is microseconds, tens on a busy
 * VM): the caller, done with its k of the n items after `worked`, waited
 * more than worked * (n - k) / k at the region's end. Its helpers were not
 * running. That happens when the CPUs are oversubscribed: a thread that is
 * runnable but not running holds up the whole region, and libgomp's
 * threads, which spin GOMP_SPINCOUNT = 300000 times between regions (about
 * 15 ms here), use up their share of the CPU and wait for it again. The
 * pool's caller never waits for a helper that has not joined; an OpenMP
 * region must wait for its whole team.
 *
 * So after a late team the calls that would start a team run on the caller
 * alone until they have given up about as much as the team lost: each is
 * charged what its helpers would have saved it (its time * (team - 1) /
 * team), and the back-off ends when the charges reach the loss (the late
 * team's wait beyond the caller's own time). While teams keep coming late
 * each back-off is at least twice the one before, up to BACKOFF_MAX_NS of
 * charges; a team on time clears it, and a back-off lapses BACKOFF_MAX_NS
 * after it began whatever was charged. A helper that comes late once costs
 * at most about twice its lateness; one that comes late every time, a share
 * of the time that halves with every late team.
 *
 * Measured on a 2-vCPU guest (commit 349d8f8): with a fixed 10 ms
 * first back-off instead, 3-5 late wake-ups in 0.2 s of back-to-back
 * 32K-element fp32 calls on 2 threads (machine shared, load average 3) put
 * two thirds of the calls on the caller alone, and the 256K-element fp32
 * call is about 4.7 times slower there than on 2 threads (110 against
 * 23 us), so a back-off counted in time, not in what it gives up, costs
 * most where threads help most. Under a load average of
 * 13 teams came a scheduler time slice late (12-24 ms), and before any
 * back-off 64K-element fp32 calls on 2 threads took 15-20 ms each (2 ms
 * with GOMP_SPINCOUNT=100000, 15 us with 100) against 10 us on the pool. */
#define LATE_MIN_NS ((int64_t)20 * 1000)
#define BACKOFF_MAX_NS ((int64_t)1000 * 1000000)

static _Atomic int64_t backoff_charge_ns; /* left to give up; <= 0: no back-off */
static _Atomic int64_t backoff_ns;        /* the last back-off's loss; 0: last team on time */
static _Atomic int64_t backoff_until_ns;  /* CLOCK_MONOTONIC ns when it lapses */

int64_t opsnn_omp_backoff_left_ns(void)
{
    if (atomic_load(&backoff_charge_ns) <= 0) {
        return 0;
    }
    int64_t left = atomic_load(&backoff_until_ns) - opsnn_now_ns();
    return left > 0 ? left : 0;
}

/* Whether a call that would start a team runs on the caller instead; if so,
 * *since is when it began, for backoff_charge. */
static int backing_off(int64_t *since)
{
    if (atomic_load_explicit(&backoff_charge_ns, memory_order_relaxed) <= 0) {
        return 0;
    }
    *since = opsnn_now_ns();
    if (*since >= atomic_load(&backoff_until_ns)) {
        atomic_store(&backoff_charge_ns, 0);
        return 0;
    }
    return 1;
}

/* A call that ran on the caller since `since` instead of on `team` threads. */
static void backoff_charge(int64_t since, int team)
{
    int64_t took = opsnn_now_ns() - since;
    atomic_fetch_sub(&backoff_charge_ns, took / team * (team - 1) + 1);
}

/* The 1-minute load average, or -1 when the system does not say. */
static double load_average(void)
{
#if defined(__linux__) || defined(__APPLE__) || defined(__FreeBSD__)
    double l;
    return getloadavg(&l, 1) == 1 ? l : -1.0;
#else
    return -1.0;
#endif
}

/* A team that came late only because its threads were asleep (the first
 * after a pause: on the 2-vCPU guest 4-7 ms to wake a halted vCPU) is not
 * judged late. Judged, it put the calls after it on the caller for that
 * long and more (a 64K-element Selu call charges 5.5 us of the loss, so a
 * thousand calls), while the runtime's threads went back to sleep; the
 * next pause repeated it, so whole rounds of opsnn_bench's mid-size 2-thread
 * cells read their 1-thread time. idle_ns: since the previous team ended. */
static void note_team(int64_t n, int64_t own, int64_t worked_ns, int64_t waited_ns,
                      int64_t idle_ns)
{
    int helpers_took = own < n;
    own = own > 0 ? own : 1;
    int64_t lost = waited_ns - worked_ns / own * (n - own);
    if (lost <= LATE_MIN_NS) {
        if (atomic_load_explicit(&backoff_ns, memory_order_relaxed) != 0) {
            atomic_store(&backoff_ns, 0);
        }
        return;
    }
    if (opsnn_omp_late_is_wakeup(idle_ns, helpers_took, helpers_took ? -1.0 : load_average(),
                                 opsnn_usable_cpus())) {
        opsnn_log(OPSNN_LOG_DEBUG, "phase 2: the OpenMP team came %lld us after the caller's "
                  "%lld us of work, %lld us after the team before: its threads were asleep, "
                  "no back-off", (long long)(waited_ns / 1000), (long long)(worked_ns / 1000),
                  (long long)(idle_ns / 1000));
        return;
    }
    int64_t before = atomic_load(&backoff_ns);
    int64_t b = before < BACKOFF_MAX_NS / 2 ? before * 2 : BACKOFF_MAX_NS;
    b = lost > b ? (lost < BACKOFF_MAX_NS ? lost : BACKOFF_MAX_NS) : b;
    atomic_store(&backoff_ns, b);
    atomic_store(&backoff_until_ns, opsnn_now_ns() + BACKOFF_MAX_NS);
    atomic_store(&backoff_charge_ns, b);
    opsnn_log(OPSNN_LOG_DEBUG, "phase 2: the OpenMP team came %lld us after the caller's %lld us "
              "of work: the next calls run on the caller until they have given up %lld us",
              (long long)(waited_ns / 1000), (long long)(worked_ns / 1000),
              (long long)(b / 1000));
}

/* The runtime's threads outlive our calls: they wait inside the runtime for
 * its next region. When a host dlclose()s this library the runtime it
 * loaded would be unloaded with it while they still wait there, and the
 * first to wake crashes the process. So before the first team the runtime
 * is pinned for the life of the process (RTLD_NODELETE): its idle threads
 * stay, in code that stays (docs/runtime.md, "Unloading"). */
static pthread_once_t pin_once = PTHREAD_ONCE_INIT;

static void pin_runtime(void)
{
#ifdef RTLD_NODELETE
    int (*fn)(void) = omp_get_max_threads;
    void *addr;
    memcpy(&addr, &fn, sizeof addr); /* a function's address as dladdr takes it */
    Dl_info info;
    if (dladdr(addr, &info) != 0 && info.dli_fname != NULL &&
        dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE) != NULL) {
        return;
    }
    opsnn_log(OPSNN_LOG_WARNING, "phase 2: cannot pin the OpenMP runtime (%s): unloading "
              "libopsnn while its threads wait may crash the host", dlerror());
#endif
}

/* The caller waits for its team twice: at the region's end for every
 * thread to arrive, and at its start, where libgomp's caller waits until
 * every thread of the previous team is back in its pool. A thread that lost
 * its CPU in between holds up the start; counted as work, as before, such
 * a team looked on time, and on the shared 2-vCPU guest whole cells of
 * 64K-element 2-thread calls took 8-20 ms each with no back-off. Both waits
 * count as the team's wait.
 *
 * The widest team started so far. A wider one has the runtime start
 * threads, and a new thread's first wait for a CPU (11-46 ms measured on
 * the shared 2-vCPU guest) says nothing about the teams after it: that
 * team is not judged late. */
static atomic_int widest_team = 1;
static _Atomic int64_t last_team_end_ns; /* 0: no team yet */

static void run_team(int64_t n, int team, void (*fn)(void *, int64_t), void *arg)
{
    pthread_once(&pin_once, pin_runtime);
    atomic_llong next;
    atomic_init(&next, 0);
    int64_t start = opsnn_now_ns(), begin = start, own_end = start, own = 0;
#pragma omp parallel num_threads(team)
    {
        int worker = omp_get_thread_num() != 0;
        opsnn_fpenv saved; /* the caller's environment is not the worker's */
        if (worker) {
            opsnn_fpenv_enter(&saved);
        } else {
            begin = opsnn_now_ns();
        }
        int64_t mine = 0;
        for (int64_t i = atomic_fetch_add(&next, 1); i < n; i = atomic_fetch_add(&next, 1)) {
            fn(arg, i);
            mine++;
        }
        if (worker) {
            opsnn_fpenv_leave(&saved);
        } else { /* read after the region's barrier */
            own_end = opsnn_now_ns();
            own = mine;
        }
    }
    int64_t end = opsnn_now_ns();
    int64_t before = atomic_exchange(&last_team_end_ns, end);
    int widest = atomic_load(&widest_team);
    while (team > widest && !atomic_compare_exchange_weak(&widest_team, &widest, team)) {
    }
    if (team <= widest) {
        note_team(n, own, own_end - begin, begin - start + end - own_end,
                  before > 0 ? start - before : INT64_MAX);
    }
}

static void omp_parallel_for(int64_t n, int threads, void (*fn)(void *, int64_t), void *arg)
{
    int team = threads;
    if (n < team) {
        team = n > 1 ? (int)n : 1;
    }
    int cpus = opsnn_usable_cpus();
    team = team < cpus ? team : cpus;
    int token = 0;
    if (team > 1) {
        int level = omp_get_active_level();
        if (level > 0) {
            if (!nesting_requested() || omp_get_max_active_levels() <= level) {
                team = 1; /* inside the caller's team: no team of our own on its CPUs */
            }
        } else if (atomic_flag_test_and_set(&busy)) {
            team = 1;
        } else {
            token = 1;
        }
    }
    int given_up = 0;
    int64_t since = 0;
    if (team > 1 && backing_off(&since)) {
        given_up = team; /* a recent team was late */
        team = 1;
    }
    if (team > 1) {
        opsnn_fork_register();
        team = 1 + thread_room(team - 1);
    }
    if (team > 1) {
        atomic_store(&teams_started, 1);
        run_team(n, team, fn, arg);
    } else {
        for (int64_t i = 0; i < n; i++) {
            fn(arg, i);
        }
        if (given_up) {
            backoff_charge(since, given_up);
        }
    }
    if (token) {
        atomic_flag_clear(&busy);
    }
}
#else
int64_t opsnn_omp_backoff_left_ns(void)
{
    return 0; /* the pool never waits for a late helper */
}

void opsnn_omp_fork(int phase)
{
    (void)phase; /* no OpenMP runtime in this build */
}
#endif /* OPSNN_THREADING_OPENMP */

void opsnn_parallel_for(int64_t n, int threads, void (*fn)(void *arg, int64_t i), void *arg)
{
#if OPSNN_THREADING_OPENMP
    omp_parallel_for(n, threads, fn, arg);
#else
    opsnn_pool_parallel_for(n, threads, fn, arg);
#endif
}

const char *opsnn_get_threading(void)
{
#if OPSNN_THREADING_OPENMP
    return "openmp";
#else
    return "pool";
#endif
}
