#!/usr/bin/env bash
# Reliability checks (docs/testing.md), run from the repository root after the
# normal builds of .ci/run:
#   1. libFuzzer harness tests/fuzz/fuzz_ops for OPSNN_FUZZ_SECONDS (60) seconds
#      from the seed corpus (clang, ASan + UBSan);
#   2. every suite built with ThreadSanitizer (OpenMP off), including the
#      8-thread x 1000-call concurrency suite;
#   3. the ctest label 'valgrind': every suite, the fuzz corpus replay and the
#      examples under valgrind --leak-check=full --error-exitcode=1.
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

echo "== libFuzzer: fuzz_ops for ${fuzz_seconds} s (clang, ASan + UBSan)"
cmake -S . -B build-ci-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DOPSNN_FUZZ=ON -DOPSNN_BUILD_TESTS=OFF -DOPSNN_BUILD_EXAMPLES=OFF >/dev/null
cmake --build build-ci-fuzz -j"$jobs" --target fuzz_ops >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$probe" "$work"' EXIT
mkdir -p "$work/corpus" "$work/artifacts"
set +e
# passive: libomp would otherwise spin between the many tiny phase-2 runs
OPSNN_NUM_THREADS=2 OMP_WAIT_POLICY=passive \
  ./build-ci-fuzz/tests/fuzz/fuzz_ops "$work/corpus" tests/fuzz/corpus \
  -max_total_time="$fuzz_seconds" -max_len=256 -timeout=30 -rss_limit_mb=4096 \
  -print_final_stats=1 -artifact_prefix="$work/artifacts/" >"$work/log" 2>&1
fuzz_rc=$?
set -e
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
corpus=$(ls "$work/corpus" | wc -l)
cov=$(grep -o 'cov: [0-9]*' "$work/log" | tail -1)
if [ "$fuzz_rc" -ne 0 ]; then
  tail -n 60 "$work/log"
  for f in "$work"/artifacts/*; do
    [ -f "$f" ] && echo "reproducer $(basename "$f") (base64): $(base64 -w0 "$f")"
  done
  echo "fuzz: ${runs:-0} runs, 0 passed, 1 failed"
  exit 1
fi
echo "fuzz: ${runs} runs in ${fuzz_seconds} s, ${cov}, ${corpus} new corpus units; 1 passed, 0 failed"

echo "== ThreadSanitizer: every suite (OpenMP off)"
cmake -S . -B build-ci-tsan -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DOPSNN_TSAN=ON -DOPSNN_BUILD_EXAMPLES=OFF >/dev/null
cmake --build build-ci-tsan -j"$jobs" >/dev/null
TSAN_OPTIONS="halt_on_error=1 allocator_may_return_null=1" \
  ctest --test-dir build-ci-tsan --output-on-failure -j"$jobs"

echo "== valgrind: ctest -L valgrind (suites, fuzz corpus, examples)"
cmake -S . -B build-ci-valgrind -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DOPSNN_VALGRIND=ON >/dev/null
cmake --build build-ci-valgrind -j"$jobs" >/dev/null
ctest --test-dir build-ci-valgrind -L valgrind --output-on-failure -j"$jobs"
