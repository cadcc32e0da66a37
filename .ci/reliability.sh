#!/usr/bin/env bash
# Reliability checks (docs/testing.md), run from the repository root after the
# normal builds of .ci/run:
#   1. the libFuzzer harnesses from their seed corpora (clang, ASan + UBSan):
#      tests/fuzz/fuzz_ops for 3/4 and tests/fuzz/fuzz_golden (the
#      opsnn-golden parsers) for 1/4 of OPSNN_FUZZ_SECONDS (60) seconds;
#   2. every suite built with ThreadSanitizer on the pool backend, including
#      the concurrency and race suites, and the threading suites on the
#      OpenMP backend (libomp);
#   3. the ctest label 'valgrind' on the pool backend: every suite (test_fork,
#      test_fpenv and test_logging among them), the fuzz corpus replay, the
#      dlopen/dlclose program (lifecycle_unload) and the examples under
#      valgrind --leak-check=full --error-exitcode=1.
# Installs valgrind and clang's sanitizer runtimes only when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/deps.sh
opsnn_install_deps
jobs=$(nproc 2>/dev/null || echo 2)
fuzz_seconds=${OPSNN_FUZZ_SECONDS:-60}

apt_install() {
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing: $*"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}
command -v valgrind >/dev/null 2>&1 || apt_install valgrind
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
  > "$probe/f.c"
printf 'int main(void) { return 0; }\n' > "$probe/t.c"
if ! clang -fsanitize=fuzzer,address,undefined "$probe/f.c" -o "$probe/f" 2>/dev/null ||
   ! clang -fsanitize=thread "$probe/t.c" -o "$probe/t" 2>/dev/null; then
  major=$(clang -dumpversion | cut -d. -f1)
  apt_install "libclang-rt-${major}-dev"
fi

echo "== libFuzzer: fuzz_ops and fuzz_golden, ${fuzz_seconds} s in all (clang, ASan + UBSan)"
cmake -S . -B build-ci-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DOPSNN_FUZZ=ON -DOPSNN_BUILD_TESTS=OFF -DOPSNN_BUILD_EXAMPLES=OFF >/dev/null
cmake --build build-ci-fuzz -j"$jobs" --target fuzz_ops fuzz_golden >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$probe" "$work"' EXIT

# run_fuzzer NAME SECONDS SEED_CORPUS MAX_LEN
run_fuzzer() {
  local name=$1 seconds=$2 seeds=$3 max_len=$4
  mkdir -p "$work/$name/corpus" "$work/$name/artifacts"
  set +e
  OPSNN_NUM_THREADS=2 ./build-ci-fuzz/tests/fuzz/"$name" "$work/$name/corpus" "$seeds" \
    -max_total_time="$seconds" -max_len="$max_len" -timeout=30 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$work/$name/artifacts/" >"$work/$name/log" 2>&1
  local rc=$?
  set -e
  local runs corpus cov
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$name/log")
  corpus=$(ls "$work/$name/corpus" | wc -l)
  # (|| true: a fuzzer that dies on its seed corpus prints no cov line, and
  # under pipefail the failed grep would end the script before the log below)
  cov=$(grep -o 'cov: [0-9]*' "$work/$name/log" | tail -1 || true)
  if [ "$rc" -ne 0 ]; then
    tail -n 60 "$work/$name/log"
    for f in "$work/$name"/artifacts/*; do
      [ -f "$f" ] && echo "reproducer $(basename "$f") (base64): $(base64 -w0 "$f")"
    done
    echo "$name: ${runs:-0} runs, 0 passed, 1 failed"
    return 1
  fi
  echo "$name: ${runs} runs in ${seconds} s, ${cov}, ${corpus} new corpus units; 1 passed, 0 failed"
}
golden_seconds=$((fuzz_seconds / 4 > 0 ? fuzz_seconds / 4 : 1))
run_fuzzer fuzz_ops $((fuzz_seconds - golden_seconds > 0 ? fuzz_seconds - golden_seconds : 1)) \
  tests/fuzz/corpus 256
run_fuzzer fuzz_golden "$golden_seconds" tests/fuzz/golden_corpus 4096

# The pool backend: an OpenMP runtime that is not built with TSan hides its
# barriers from it (libgomp: false races on every region's data). LLVM's
# libomp with its Archer tool tells TSan about them, so the OpenMP backend's
# suites run once more on clang's libomp (docs/dev/testing.md).
# ignore_noninstrumented_modules=1 (Archer asks for it): test_omp_callers'
# own regions are libomp's in both builds, and TSan otherwise reports races
# whose every frame is inside libomp; reports with a frame in our
# (instrumented) code still count.
echo "== ThreadSanitizer: every suite (pool threads)"
cmake -S . -B build-ci-tsan -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DOPSNN_TSAN=ON -DOPSNN_THREADING=pool -DOPSNN_BUILD_EXAMPLES=OFF >/dev/null
cmake --build build-ci-tsan -j"$jobs" >/dev/null
TSAN_OPTIONS="halt_on_error=1 allocator_may_return_null=1 ignore_noninstrumented_modules=1" \
  ctest --test-dir build-ci-tsan --output-on-failure -j"$jobs"

echo "== ThreadSanitizer: the threading suites on OpenMP threads (clang, libomp + Archer)"
cmake -S . -B build-ci-tsan-omp -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DOPSNN_TSAN=ON -DOPSNN_THREADING=openmp -DOPSNN_BUILD_EXAMPLES=OFF -DOPSNN_BUILD_TOOLS=OFF \
  -DOPSNN_BUILD_BENCH=OFF >/dev/null
tsan_omp_suites="test_threads test_parallel test_concurrency test_omp_callers test_iter"
cmake --build build-ci-tsan-omp -j"$jobs" --target $tsan_omp_suites >/dev/null
TSAN_OPTIONS="halt_on_error=1 allocator_may_return_null=1 ignore_noninstrumented_modules=1" \
  ctest --test-dir build-ci-tsan-omp --output-on-failure -j"$jobs" \
  -R "^($(echo $tsan_omp_suites | tr ' ' '|'))\$"

# The pool backend: libgomp never joins its threads, so valgrind reports each
# one's thread-local storage as possibly lost at exit; the pool joins its
# workers, and a suppression must not hide our own leaks (docs/dev/testing.md).
# The valgrind label goes into .ci/run's pool build (the same configuration,
# so nothing is compiled again; made here when this script runs alone).
echo "== valgrind: ctest -L valgrind (suites, fuzz corpus, examples; pool threads)"
cmake -S . -B build-ci-pool -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DOPSNN_THREADING=pool -DOPSNN_VALGRIND=ON >/dev/null
cmake --build build-ci-pool -j"$jobs" >/dev/null
ctest --test-dir build-ci-pool -L valgrind --output-on-failure -j"$jobs"
