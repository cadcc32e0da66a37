#!/usr/bin/env bash
# log_env_test.sh LOG_PROBE
#
# A program that triggers an error, run as a user would under CANN's log
# variables (docs/runtime.md): by default nothing on stdout or stderr and the
# record in $HOME/ascend/log/debug/plog/plog-<pid>_<time>.log;
# ASCEND_SLOG_PRINT_TO_STDOUT=1 prints it on stdout and writes no file;
# ASCEND_GLOBAL_LOG_LEVEL=0 adds debug records; ASCEND_PROCESS_LOG_PATH moves
# the file; an unusable log directory or no HOME changes nothing else.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/emulator.sh"
probe=$(opsnn_emulated "$tmp/bin" "$1")
# The record names the process by the kernel's comm: under qemu-user (a cross
# build's tests) that is the emulator's name, not log_probe.
comm=log_probe
[ -z "${OPSNN_TEST_EMULATOR:-}" ] || comm='[^)]*'
fail=0
bad() { echo "FAIL: $*"; fail=1; }
# run NAME VAR=VALUE...: run the probe in a clean environment with HOME=$tmp/home
run() {
    local name=$1
    shift
    rm -rf "$tmp/home"
    mkdir -p "$tmp/home"
    env -i PATH="$PATH" HOME="$tmp/home" "$@" "$probe" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    [ "$rc" -eq 0 ] || bad "$name: exit status $rc"
    [ ! -s "$tmp/err" ] || { bad "$name: wrote to stderr:"; sed 's/^/    /' "$tmp/err"; }
}
plogs() { find "$1" -path '*/debug/plog/plog-*_*.log' -type f 2>/dev/null; }

run default
[ ! -s "$tmp/out" ] || bad "default: wrote to stdout"
files=$(plogs "$tmp/home/ascend/log")
[ "$(echo "$files" | grep -c .)" -eq 1 ] || bad "default: want one plog file, got [$files]"
grep -q "^\\[ERROR\\] OP([0-9]*,$comm):.*aclrtSetDevice: deviceId must be 0" $files ||
    bad "default: no error record in [$files]"
! grep -q '^\[DEBUG\]' $files || bad "default: debug records at the default level"

run stdout ASCEND_SLOG_PRINT_TO_STDOUT=1
grep -q '^\[ERROR\] OP(.*aclrtSetDevice' "$tmp/out" || bad "stdout: no error record on stdout"
[ -z "$(plogs "$tmp/home")" ] || bad "stdout: a log file was written too"

run debug ASCEND_SLOG_PRINT_TO_STDOUT=1 ASCEND_GLOBAL_LOG_LEVEL=0
grep -q '^\[DEBUG\] OP(.*phase 1 built executor' "$tmp/out" || bad "level 0: no debug record for phase 1"
grep -q '^\[DEBUG\] OP(.*phase 2: 8 elements' "$tmp/out" || bad "level 0: no debug record for phase 2"
grep -q '^\[INFO\] OP(.*kernel path' "$tmp/out" || bad "level 0: no info record for the kernel path"

run module ASCEND_SLOG_PRINT_TO_STDOUT=1 ASCEND_GLOBAL_LOG_LEVEL=3 ASCEND_MODULE_LOG_LEVEL=OP=0
grep -q '^\[DEBUG\]' "$tmp/out" || bad "ASCEND_MODULE_LOG_LEVEL=OP=0: no debug records"

run quiet ASCEND_GLOBAL_LOG_LEVEL=4
[ ! -s "$tmp/out" ] && [ -z "$(plogs "$tmp/home")" ] || bad "level 4: something was logged"

run custom-path ASCEND_PROCESS_LOG_PATH="$tmp/custom"
[ -n "$(plogs "$tmp/custom")" ] || bad "ASCEND_PROCESS_LOG_PATH: no file under it"
[ -z "$(plogs "$tmp/home")" ] || bad "ASCEND_PROCESS_LOG_PATH: a file under HOME too"

run unusable-path ASCEND_PROCESS_LOG_PATH=/proc/self/no-such-dir
env -i PATH="$PATH" "$probe" >"$tmp/out" 2>"$tmp/err" || bad "no HOME: exit status $?"
[ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ] || bad "no HOME: printed something"

[ "$fail" -eq 0 ] && echo "log environment: all checks passed"
exit "$fail"
