// vs_libtorch: libopsnn against libtorch's CPU kernels on the same buffers
// and the same thread count.
//
// For each op x dtype x size x threads (x layout), our two-phase aclnn call
// and libtorch's out= call (at::softshrink_backward_out,
// at::hardshrink_backward_out, and at::elu_backward_out with the SELU
// constants and is_result=true) are timed
// in alternating phases (one library at a time, each phase after untimed
// calls that outlast the other library's spinning workers); each side's best
// batch counts, and
// speedup = libtorch time / our time. Run with --help for the options.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "bench_util.h"
#include "opsnn/opsnn.h"

#if __has_include(<torch/version.h>)
#include <torch/version.h>
#endif
#ifndef TORCH_VERSION
#define TORCH_VERSION "(unknown version)"
#endif

namespace {

// at::set_num_threads (and libtorch's first at::get_num_threads) creates the
// threads of its pthreadpool, which spin for milliseconds before they sleep;
// on a 2-vCPU machine they hold a CPU the first cases' 2-thread calls need,
// and an OpenMP team that waits for a descheduled thread comes tens of
// microseconds late (libopsnn's OpenMP build then backs off to one thread).
// That is a cost of changing libtorch's thread count, not of a call: wait it
// out once per change.
void settle_torch_threads() {
    (void)at::get_num_threads();
    struct timespec pause = {0, 100 * 1000 * 1000};
    nanosleep(&pause, nullptr);
}

// SELU as elu_backward sees it (torch.nn.functional.selu's constants).
constexpr double kSeluAlpha = 1.6732632423543772848170429916717;
constexpr double kSeluScale = 1.0507009873554804934193349852946;
// Outputs further apart than this (bf16 has 8 significant bits) count as a failure.
constexpr double kMaxRelDiff = 1e-2;
// Timed phases per library and case (see the measuring loop).
constexpr int kRounds = 2;

// The library's operators libtorch has an out= kernel for (TorchCase::call),
// by the library's operator name.
enum class TorchOp { kNone, kSoftshrinkBackward, kHardshrinkBackward, kSeluBackward };

TorchOp torch_op(bench_op op)
{
    if (std::strcmp(op->name, "softshrink_backward") == 0) return TorchOp::kSoftshrinkBackward;
    if (std::strcmp(op->name, "hardshrink_backward") == 0) return TorchOp::kHardshrinkBackward;
    if (std::strcmp(op->name, "selu_backward") == 0) return TorchOp::kSeluBackward;
    return TorchOp::kNone;
}

bool torch_has(bench_op op)
{
    return torch_op(op) != TorchOp::kNone;
}

std::vector<bench_op> torch_ops()
{
    std::vector<bench_op> ops;
    for (size_t i = 0; bench_op_at(i) != nullptr; i++) {
        if (torch_has(bench_op_at(i))) ops.push_back(bench_op_at(i));
    }
    return ops;
}

struct Options {
    std::vector<bench_op> ops = torch_ops();
    std::vector<aclDataType> dtypes{ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    std::vector<int64_t> sizes{8, 1 << 10, 64 << 10, 1 << 20, 16 << 20, 64 << 20};
    std::vector<int> threads{1, 2};
    std::vector<bench_layout> layouts{BENCH_CONTIGUOUS};
    double budget_s = 0.2;
    double settle_ms = 5;
    int min_reps = 6, max_reps = 2000;
    const char *csv_path = nullptr;
};

void usage(FILE *f)
{
    std::fprintf(f,
                 "usage: vs_libtorch [options]\n"
                 "  --quick            sizes 8,1K,64K,1M, short timing\n"
                 "  --csv FILE         machine-readable rows\n"
                 "  --threads LIST     default 1,2\n"
                 "  --ops LIST         softshrink-backward,selu-backward,hardshrink-backward\n"
                 "                     (those with a libtorch kernel; default all three)\n"
                 "  --dtypes LIST      fp32,fp16,bf16\n"
                 "  --sizes LIST       default 8,1K,64K,1M,16M,64M\n"
                 "  --layouts LIST     contiguous,transposed (default contiguous)\n"
                 "  --budget SECONDS   per case, both libraries together (default 0.2)\n"
                 "  --settle MS        untimed calls before each timed phase, so that the other\n"
                 "                     library's spinning workers have gone to sleep\n"
                 "                     (default 5; --quick 1)\n"
                 "Times: best of >= 6 batches per side, in alternating phases of one library.\n");
}

std::vector<std::string> split(const char *s)
{
    std::vector<std::string> out;
    std::string cur;
    for (const char *p = s;; p++) {
        if (*p == ',' || *p == '\0') {
            if (!cur.empty()) out.push_back(cur);
            cur.clear();
            if (*p == '\0') break;
        } else {
            cur += *p;
        }
    }
    return out;
}

[[noreturn]] void die(const std::string &msg)
{
    std::fprintf(stderr, "vs_libtorch: %s\n", msg.c_str());
    std::exit(2);
}

Options parse_args(int argc, char **argv)
{
    Options o;
    bool quick = false, sizes_given = false, budget_given = false, settle_given = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            usage(stdout);
            std::exit(0);
        }
        if (a == "--quick") {
            quick = true;
            continue;
        }
        if (i + 1 >= argc) die(a + " needs a value");
        const char *v = argv[++i];
        if (a == "--csv") {
            o.csv_path = v;
        } else if (a == "--settle") {
            o.settle_ms = std::atof(v);
            settle_given = true;
            if (!(o.settle_ms >= 0 && o.settle_ms <= 1000)) die("--settle must be 0 to 1000 ms");
        } else if (a == "--budget") {
            o.budget_s = std::atof(v);
            budget_given = true;
            if (o.budget_s <= 0) die("--budget must be > 0");
        } else if (a == "--threads") {
            o.threads.clear();
            for (auto &s : split(v)) {
                int t = std::atoi(s.c_str());
                if (t < 1) die("bad thread count '" + s + "'");
                o.threads.push_back(t);
            }
        } else if (a == "--ops") {
            o.ops.clear();
            for (auto &s : split(v)) {
                bench_op op;
                if (bench_parse_op(s.c_str(), &op) != 0) die("unknown op '" + s + "'");
                if (!torch_has(op)) die("op '" + s + "' has no libtorch counterpart here");
                o.ops.push_back(op);
            }
        } else if (a == "--dtypes") {
            o.dtypes.clear();
            for (auto &s : split(v)) {
                aclDataType dt;
                if (bench_parse_dtype(s.c_str(), &dt) != 0) die("unknown dtype '" + s + "'");
                o.dtypes.push_back(dt);
            }
        } else if (a == "--sizes") {
            o.sizes.clear();
            sizes_given = true;
            for (auto &s : split(v)) {
                int64_t n = bench_parse_size(s.c_str());
                if (n < 0) die("bad size '" + s + "'");
                o.sizes.push_back(n);
            }
        } else if (a == "--layouts") {
            o.layouts.clear();
            for (auto &s : split(v)) {
                bench_layout l;
                if (bench_parse_layout(s.c_str(), &l) != 0 ||
                    (l != BENCH_CONTIGUOUS && l != BENCH_TRANSPOSED)) {
                    die("layout '" + s + "' is not compared (contiguous, transposed)");
                }
                o.layouts.push_back(l);
            }
        } else {
            usage(stderr);
            die("unknown option '" + a + "'");
        }
        if (o.ops.empty() || o.dtypes.empty() || o.sizes.empty() || o.threads.empty() ||
            o.layouts.empty()) {
            die("empty list for " + a);
        }
    }
    if (quick) {
        if (!sizes_given) o.sizes.resize(4);
        if (!budget_given) o.budget_s = 0.02;
        if (!settle_given) o.settle_ms = 1;
        o.min_reps = 4;
        o.max_reps = 100;
    }
    return o;
}

at::ScalarType torch_dtype(aclDataType dt)
{
    return dt == ACL_FLOAT ? at::kFloat : dt == ACL_FLOAT16 ? at::kHalf : at::kBFloat16;
}

struct TorchCase {
    at::Tensor g, x, y;
    TorchOp op = TorchOp::kNone;
    double lambd = 0; // the shrink operators' threshold: the value our call got
    void call()
    {
        switch (op) {
        case TorchOp::kSoftshrinkBackward:
            at::softshrink_backward_out(y, g, x, at::Scalar(lambd));
            break;
        case TorchOp::kHardshrinkBackward:
            at::hardshrink_backward_out(y, g, x, at::Scalar(lambd));
            break;
        case TorchOp::kSeluBackward:
            at::elu_backward_out(y, g, at::Scalar(kSeluAlpha), at::Scalar(kSeluScale),
                                 at::Scalar(1.0), /*is_result=*/true, x);
            break;
        case TorchOp::kNone:
            break;
        }
    }
};

// The value of op's scalar parameter in c (0 when it has none).
double case_scalar(const bench_case &c, bench_op op)
{
    for (int i = 0; i < op->nargs; i++) {
        if (op->args[i].kind == OPSNN_ARG_SCALAR) return c.scalars[i];
    }
    return 0;
}

// Time one batch of `batch` calls in nanoseconds.
template <class F> double time_batch(F &&f, int batch)
{
    uint64_t t0 = bench_now_ns();
    for (int i = 0; i < batch; i++) f();
    return static_cast<double>(bench_now_ns() - t0);
}

// Calls per batch for f: warm it up, then size batches to >= 20 us.
template <class F> int calibrate(F &&f, double *one_ns)
{
    f();
    double one = time_batch(f, 1);
    if (one < 1e6) {
        int b = bench_batch_for(one);
        one = time_batch(f, b) / b;
    }
    *one_ns = one;
    return bench_batch_for(one);
}

struct Result {
    double ours_ns = 0, torch_ns = 0, max_rel_diff = 0;
    int reps = 0;
};

float load(const void *buf, aclDataType dt, int64_t i)
{
    if (dt == ACL_FLOAT) return static_cast<const float *>(buf)[i];
    uint16_t h = static_cast<const uint16_t *>(buf)[i];
    if (dt == ACL_FLOAT16) return aclFloat16ToFloat(h);
    uint32_t u = static_cast<uint32_t>(h) << 16;
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

// Largest relative difference between the two outputs over sampled elements.
// Both take the negative branch at result == 0 (ops-nn's arch35 kernel
// compares result <= 0, like elu_backward(is_result=True)); the two may
// differ by rounding (libtorch folds alpha*scale in double and may use FMA).
double compare(const bench_case &c, const void *theirs)
{
    double worst = 0;
    int64_t step = std::max<int64_t>(1, c.n / 4096);
    for (int64_t i = 0; i < c.n; i += step) {
        double a = load(c.y, c.dtype, i), b = load(theirs, c.dtype, i);
        double d = std::fabs(a - b) / std::max(1e-30, std::max(std::fabs(a), std::fabs(b)));
        if (a != b) worst = std::max(worst, d);
    }
    return worst;
}

void *alloc_buffer(size_t bytes)
{
    void *p = nullptr;
    if (aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) die("out of memory");
    std::memset(p, 0, bytes);
    return p;
}

}  // namespace

int main(int argc, char **argv)
{
    Options o = parse_args(argc, argv);
    FILE *csv = nullptr;
    char cpu[256];
    bench_cpu_model(cpu, sizeof cpu);
    std::printf("# vs_libtorch: libopsnn %s (isa %s) vs libtorch %s, cpu: %s\n",
                opsnn_version_string(), opsnn_get_isa(), TORCH_VERSION, cpu);
    std::printf("# time = best of >= %d batches in %d alternating phases per library, each phase "
                "after %g ms of untimed calls; both phases per opsnn call; speedup = torch / "
                "opsnn\n",
                o.min_reps, 2 * kRounds, o.settle_ms);
    if (o.csv_path != nullptr) {
        csv = std::fopen(o.csv_path, "w");
        if (csv == nullptr) die(std::string("cannot write ") + o.csv_path);
        std::fprintf(csv, "# vs_libtorch: libopsnn %s (isa %s) vs libtorch %s, cpu: %s\n",
                     opsnn_version_string(), opsnn_get_isa(), TORCH_VERSION, cpu);
        std::fprintf(csv, "op,dtype,layout,elems,threads,ours_ns,torch_ns,speedup,max_rel_diff,reps\n");
    }
    std::printf("%-10s %-5s %-10s %6s %3s %12s %12s %8s %10s\n", "op", "dtype", "layout", "elems",
                "thr", "opsnn_us", "torch_us", "speedup", "max_rdiff");
    int failures = 0;
    for (int64_t n : o.sizes) {
        size_t bytes = static_cast<size_t>(n) * 4;
        void *a = alloc_buffer(bytes), *b = alloc_buffer(bytes);
        void *y = alloc_buffer(bytes), *yt = alloc_buffer(bytes);
        for (aclDataType dt : o.dtypes) {
            bench_fill(a, dt, n, 1);
            bench_fill(b, dt, n, 2);
            for (int threads : o.threads) {
                opsnn_set_num_threads(threads);
                at::set_num_threads(threads);
                settle_torch_threads();
                for (bench_op op : o.ops) {
                    for (bench_layout layout : o.layouts) {
                        bench_case c;
                        if (bench_case_init(&c, op, layout, dt, n, a, b, y) != 0) {
                            failures++;
                            continue;
                        }
                        auto opts = at::TensorOptions().dtype(torch_dtype(dt));
                        TorchCase tc;
                        tc.op = torch_op(op);
                        tc.lambd = case_scalar(c, op);
                        tc.g = layout == BENCH_TRANSPOSED
                                   ? at::from_blob(a, {c.rows, c.cols}, {1, c.rows}, opts)
                                   : at::from_blob(a, {c.rows, c.cols}, opts);
                        tc.x = at::from_blob(b, {c.rows, c.cols}, opts);
                        tc.y = at::from_blob(yt, {c.rows, c.cols}, opts);
                        char size[32];
                        bench_format_size(n, size, sizeof size);
                        std::printf("%-10s %-5s %-10s %6s %3d ", bench_op_name(op),
                                    bench_dtype_name(dt), bench_layout_name(layout), size, threads);
                        try {
                            tc.call();
                        } catch (const std::exception &e) {
                            std::string what = e.what();
                            what = what.substr(0, what.find('\n'));
                            std::printf("libtorch: %s\n", what.c_str());
                            bench_case_destroy(&c);
                            continue;
                        }
                        int status = 0;
                        auto ours = [&] { status |= bench_case_call(&c); };
                        auto theirs = [&] { tc.call(); };
                        double ours_one, torch_one;
                        int ob = calibrate(ours, &ours_one), tb = calibrate(theirs, &torch_one);
                        // Phases of one library at a time, alternating
                        // (kRounds each), so that drift hits both alike.
                        // A phase first runs its side untimed for
                        // o.settle_ms: the other library's workers, which
                        // spin after their last call (libgomp's for
                        // milliseconds, ours for OPSNN_POOL_SPIN_US), have
                        // gone to sleep before the first timed batch, and a
                        // 2-thread batch does not share a core with them.
                        // Then batches until the best time fills its share
                        // of the budget (as bench_measure: preempted batches
                        // do not count), within BENCH_WALL_FACTOR x that share.
                        Result r;
                        r.ours_ns = r.torch_ns = 1e300;
                        int ours_reps = 0, torch_reps = 0;
                        double share_ns = o.budget_s * 1e9 / (2 * kRounds);
                        int min_reps = (o.min_reps + kRounds - 1) / kRounds;
                        auto phase = [&](auto &&f, int batch, double *best, int *reps) {
                            uint64_t t0 = bench_now_ns();
                            do {
                                f();
                            } while (static_cast<double>(bench_now_ns() - t0) < o.settle_ms * 1e6);
                            uint64_t start = bench_now_ns();
                            for (int k = 0; k < o.max_reps; k++) {
                                double wall = static_cast<double>(bench_now_ns() - start);
                                if (k >= min_reps && (k * *best * batch >= share_ns ||
                                                      wall >= BENCH_WALL_FACTOR * share_ns)) {
                                    break;
                                }
                                *best = std::min(*best, time_batch(f, batch) / batch);
                                ++*reps;
                            }
                        };
                        for (int round = 0; round < kRounds; round++) {
                            phase(ours, ob, &r.ours_ns, &ours_reps);
                            phase(theirs, tb, &r.torch_ns, &torch_reps);
                        }
                        r.reps = std::min(ours_reps, torch_reps);
                        if (status != 0) {
                            std::printf("opsnn failed: %s\n", aclGetRecentErrMsg());
                            failures++;
                            bench_case_destroy(&c);
                            continue;
                        }
                        r.max_rel_diff = compare(c, yt);
                        double speedup = r.torch_ns / r.ours_ns;
                        // More than rounding apart: not the same computation.
                        bool mismatch = r.max_rel_diff > kMaxRelDiff;
                        failures += mismatch;
                        std::printf("%12.3f %12.3f %8.2f %10.2e%s\n", r.ours_ns / 1e3,
                                    r.torch_ns / 1e3, speedup, r.max_rel_diff,
                                    mismatch ? "  OUTPUTS DIFFER" : "");
                        std::fflush(stdout);
                        if (csv != nullptr) {
                            std::fprintf(csv, "%s,%s,%s,%lld,%d,%.1f,%.1f,%.4f,%.3e,%d\n",
                                         bench_op_name(op), bench_dtype_name(dt),
                                         bench_layout_name(layout), static_cast<long long>(n),
                                         threads, r.ours_ns, r.torch_ns, speedup, r.max_rel_diff,
                                         r.reps);
                        }
                        bench_case_destroy(&c);
                    }
                }
            }
        }
        aclrtFree(a);
        aclrtFree(b);
        aclrtFree(y);
        aclrtFree(yt);
    }
    if (csv != nullptr) std::fclose(csv);
    std::printf("# %d failure(s)\n", failures);
    return failures != 0;
}
