#!/usr/bin/env bash
# help_test.sh OPSNN_GOLDEN PROGRAM...
#
# Every program's --help prints its usage on stdout, nothing on stderr, and
# exits 0; so does every opsnn-golden sub-command's (`opsnn-golden NAME
# --help` and `opsnn-golden help NAME`), each with its own text. The
# sub-commands come from `opsnn-golden commands`, so a new one is checked
# without editing this script.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/emulator.sh" # a cross build runs each program under its emulator
golden=$(opsnn_emulated "$tmp/bin" "$1")
shift
progs=()
for p in "$@"; do progs+=("$(opsnn_emulated "$tmp/bin" "$p")"); done
set -- "${progs[@]}"
fail=0
n=0
# check LABEL WANT_FIRST_LINE_PREFIX COMMAND...
check() {
    local label=$1 want=$2 rc
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    n=$((n + 1))
    if [ "$rc" -ne 0 ]; then
        echo "FAIL $label: exit status $rc"; fail=1
    elif [ -s "$tmp/err" ]; then
        echo "FAIL $label: wrote to stderr:"; sed 's/^/    /' "$tmp/err"; fail=1
    elif ! head -1 "$tmp/out" | grep -q "^$want"; then
        echo "FAIL $label: first line \"$(head -1 "$tmp/out")\", want \"$want...\""; fail=1
    fi
}
for p in "$@" "$golden"; do
    check "$(basename "$p") --help" "usage: " "$p" --help
    check "$(basename "$p") -h" "usage: " "$p" -h
done
cmds=$("$golden" commands) || { echo "FAIL opsnn-golden commands"; exit 1; }
[ -n "$cmds" ] || { echo "FAIL opsnn-golden commands: empty"; exit 1; }
"$golden" --help >"$tmp/global"
for c in $cmds; do
    check "opsnn-golden $c --help" "usage: opsnn-golden $c" "$golden" "$c" --help
    cp "$tmp/out" "$tmp/one"
    if cmp -s "$tmp/one" "$tmp/global"; then
        echo "FAIL opsnn-golden $c --help prints the global help"; fail=1
    fi
    check "opsnn-golden help $c" "usage: opsnn-golden $c" "$golden" help "$c"
    cmp -s "$tmp/out" "$tmp/one" || { echo "FAIL opsnn-golden help $c differs from $c --help"; fail=1; }
    grep -q "^  $c\b" "$tmp/global" || { echo "FAIL opsnn-golden --help does not list $c"; fail=1; }
done
# Asking for help wins over everything else on the line, even bad options.
check "opsnn-golden compare --bogus --help" "usage: opsnn-golden compare" "$golden" compare --bogus --help
# A wrong command or option is still an error: status 2, message on stderr.
for bad in "bogus" "compare --bogus"; do
    # shellcheck disable=SC2086
    "$golden" $bad >/dev/null 2>"$tmp/err"
    rc=$?
    n=$((n + 1))
    if [ "$rc" -ne 2 ] || [ ! -s "$tmp/err" ]; then
        echo "FAIL opsnn-golden $bad: exit status $rc (want 2, with a message on stderr)"; fail=1
    fi
done
for p in "$@"; do
    "$p" --no-such-option >/dev/null 2>"$tmp/err"
    rc=$?
    n=$((n + 1))
    if [ "$rc" -ne 2 ] || [ ! -s "$tmp/err" ]; then
        echo "FAIL $(basename "$p") --no-such-option: exit status $rc (want 2, usage on stderr)"; fail=1
    fi
done
[ "$fail" -eq 0 ] && echo "help: $n checks passed"
exit "$fail"
